//! A match as its journal: the wall seed, the first wall when one was given, and every
//! step the match accepted, in order. The engine is deterministic, so replaying a
//! journal from the same rules rebuilds the match exactly (the same walls, hands,
//! scores and legal actions); this is what a pickled or `to_dict`-ed `Match` carries.
//! A step that was refused is not written (a refused step changes nothing).
//!
//! ```
//! use mahjong_core::engine::journal::{Journal, Step};
//! use mahjong_core::engine::Action;
//! let mut j = Journal::new(7, None);
//! j.steps.push(Step::Act { seat: 0, action: Action::Tsumo });
//! j.steps.push(Step::NextHand);
//! let v = j.to_value();
//! assert_eq!(v["steps"][0]["type"], "tsumo");
//! assert_eq!(Journal::from_value(&v).unwrap(), j);
//! ```

use super::round::{Action, Penalty};
use crate::error::{Error, Result};
use crate::tile::TileId;
use serde_json::{json, Map, Value};

/// One accepted step of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A seat's action.
    Act { seat: u8, action: Action },
    /// A referee penalty on a seat.
    Penalty { seat: u8, penalty: Penalty },
    /// The time limit was reported passed.
    TimeUp,
    /// Playing time reported, in minutes.
    Elapsed(u32),
    /// The ended hand was settled and the next one dealt.
    NextHand,
}

/// Everything needed to rebuild a match besides its rules.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Journal {
    /// Seed of the wall shuffles.
    pub seed: u64,
    /// The first hand's wall, when the match was started from one.
    pub wall: Option<Vec<TileId>>,
    /// Accepted steps, in order.
    pub steps: Vec<Step>,
}

/// The name of an action's type ("discard", "riichi", "tsumo", ...).
pub const fn action_type(a: &Action) -> &'static str {
    match a {
        Action::Discard { riichi: false, .. } => "discard",
        Action::Discard { riichi: true, .. } => "riichi",
        Action::Tsumo => "tsumo",
        Action::Ankan { .. } => "ankan",
        Action::Kakan { .. } => "kakan",
        Action::NineTerminals => "nine_terminals",
        Action::Nuki { .. } => "nuki",
        Action::Ron => "ron",
        Action::Chi { .. } => "chi",
        Action::Pon { .. } => "pon",
        Action::Daiminkan => "daiminkan",
        Action::Pass => "pass",
    }
}

/// The name of a penalty ("chombo", "wrong_call", "wrong_ron").
pub const fn penalty_name(p: Penalty) -> &'static str {
    match p {
        Penalty::Chombo => "chombo",
        Penalty::WrongCall => "wrong_call",
        Penalty::WrongRon => "wrong_ron",
    }
}

/// A penalty from its name.
pub fn penalty_from_name(name: &str) -> Result<Penalty> {
    [Penalty::Chombo, Penalty::WrongCall, Penalty::WrongRon]
        .into_iter()
        .find(|&p| penalty_name(p) == name)
        .ok_or_else(|| Error::IllegalAction(format!("unknown penalty {name:?} (chombo, wrong_call, wrong_ron)")))
}

/// An action as the object `Match.legal_actions` lists (without the seat).
pub fn action_to_value(a: &Action) -> Value {
    let mut m = Map::new();
    m.insert("type".into(), action_type(a).into());
    match *a {
        Action::Discard { tile, .. } | Action::Ankan { tile } | Action::Kakan { tile } | Action::Nuki { tile } => {
            m.insert("tile".into(), tile.id().into());
        }
        Action::Chi { tiles } | Action::Pon { tiles } => {
            m.insert("tiles".into(), json!([tiles[0].id(), tiles[1].id()]));
        }
        _ => {}
    }
    Value::Object(m)
}

fn tile_of(v: Option<&Value>, what: &str) -> Result<TileId> {
    let id = v.and_then(Value::as_u64).ok_or_else(|| Error::IllegalAction(format!("{what} needs a tile id 0-135")))?;
    TileId::new(u32::try_from(id).unwrap_or(u32::MAX))
}

/// An action from the object [`action_to_value`] writes.
pub fn action_from_value(v: &Value) -> Result<Action> {
    let kind =
        v.get("type").and_then(Value::as_str).ok_or_else(|| Error::IllegalAction("action needs a \"type\"".into()))?;
    let tile = || tile_of(v.get("tile"), kind);
    let pair = || -> Result<[TileId; 2]> {
        match v.get("tiles").and_then(Value::as_array).map(Vec::as_slice) {
            Some([a, b]) => Ok([tile_of(Some(a), kind)?, tile_of(Some(b), kind)?]),
            _ => Err(Error::IllegalAction(format!("{kind} needs \"tiles\": two tile ids"))),
        }
    };
    Ok(match kind {
        "discard" => Action::Discard { tile: tile()?, riichi: false },
        "riichi" => Action::Discard { tile: tile()?, riichi: true },
        "tsumo" => Action::Tsumo,
        "ankan" => Action::Ankan { tile: tile()? },
        "kakan" => Action::Kakan { tile: tile()? },
        "nine_terminals" => Action::NineTerminals,
        "nuki" => Action::Nuki { tile: tile()? },
        "ron" => Action::Ron,
        "chi" => Action::Chi { tiles: pair()? },
        "pon" => Action::Pon { tiles: pair()? },
        "daiminkan" => Action::Daiminkan,
        "pass" => Action::Pass,
        other => return Err(Error::IllegalAction(format!("unknown action type {other:?}"))),
    })
}

impl Step {
    /// The step as a JSON object: an action with its `seat`, or `{"type": "penalty",
    /// "seat", "penalty"}`, `{"type": "time_up"}`, `{"type": "elapsed", "minutes"}`,
    /// `{"type": "next_hand"}`.
    pub fn to_value(&self) -> Value {
        match *self {
            Step::Act { seat, action } => {
                let mut v = action_to_value(&action);
                v["seat"] = seat.into();
                v
            }
            Step::Penalty { seat, penalty } => {
                json!({"type": "penalty", "seat": seat, "penalty": penalty_name(penalty)})
            }
            Step::TimeUp => json!({"type": "time_up"}),
            Step::Elapsed(m) => json!({"type": "elapsed", "minutes": m}),
            Step::NextHand => json!({"type": "next_hand"}),
        }
    }
    /// The step of [`Step::to_value`].
    pub fn from_value(v: &Value) -> Result<Step> {
        let seat = || -> Result<u8> {
            match v.get("seat").and_then(Value::as_u64) {
                Some(s) if s < 4 => Ok(s as u8),
                _ => Err(Error::IllegalAction("a step needs a \"seat\" 0-3".into())),
            }
        };
        Ok(match v.get("type").and_then(Value::as_str) {
            Some("penalty") => {
                let name = v.get("penalty").and_then(Value::as_str).unwrap_or("");
                Step::Penalty { seat: seat()?, penalty: penalty_from_name(name)? }
            }
            Some("time_up") => Step::TimeUp,
            Some("elapsed") => {
                let m = v.get("minutes").and_then(Value::as_u64).and_then(|m| u32::try_from(m).ok());
                Step::Elapsed(m.ok_or_else(|| Error::IllegalAction("elapsed needs \"minutes\" 0 or more".into()))?)
            }
            Some("next_hand") => Step::NextHand,
            _ => Step::Act { seat: seat()?, action: action_from_value(v)? },
        })
    }
}

impl Journal {
    /// An empty journal for a match shuffled from `seed` (and started from `wall`).
    pub fn new(seed: u64, wall: Option<Vec<TileId>>) -> Journal {
        Journal { seed, wall, steps: Vec::new() }
    }
    /// `{"seed", "wall": [ids] or null, "steps": [...]}`.
    pub fn to_value(&self) -> Value {
        json!({
            "seed": self.seed,
            "wall": self.wall.as_ref().map(|w| w.iter().map(|t| t.id()).collect::<Vec<_>>()),
            "steps": self.steps.iter().map(Step::to_value).collect::<Vec<_>>(),
        })
    }
    /// The journal of [`Journal::to_value`] (the steps are checked when replayed).
    pub fn from_value(v: &Value) -> Result<Journal> {
        let bad = |what: &str| Error::IllegalAction(format!("match journal: {what}"));
        let seed = v.get("seed").and_then(Value::as_u64).ok_or_else(|| bad("\"seed\" must be an integer 0 or more"))?;
        let wall = match v.get("wall") {
            None | Some(Value::Null) => None,
            Some(Value::Array(ids)) => Some(
                ids.iter()
                    .map(|t| tile_of(Some(t), "wall"))
                    .collect::<Result<Vec<_>>>()
                    .map_err(|e| bad(e.message()))?,
            ),
            Some(_) => return Err(bad("\"wall\" must be a list of tile ids or null")),
        };
        let steps = v.get("steps").and_then(Value::as_array).ok_or_else(|| bad("\"steps\" must be a list"))?;
        let steps = steps.iter().map(Step::from_value).collect::<Result<Vec<_>>>()?;
        Ok(Journal { seed, wall, steps })
    }
}

/// A journal holding every kind of step and action, for the codecs' tests (JSON here,
/// the binary snapshot in snapshot.rs).
#[cfg(test)]
pub(crate) fn every_step_journal() -> Journal {
    let t = |i| TileId::new(i).unwrap();
    let actions = [
        Action::Discard { tile: t(5), riichi: false },
        Action::Discard { tile: t(135), riichi: true },
        Action::Tsumo,
        Action::Ankan { tile: t(8) },
        Action::Kakan { tile: t(9) },
        Action::NineTerminals,
        Action::Nuki { tile: t(120) },
        Action::Ron,
        Action::Chi { tiles: [t(1), t(6)] },
        Action::Pon { tiles: [t(2), t(3)] },
        Action::Daiminkan,
        Action::Pass,
    ];
    let mut j = Journal::new(u64::MAX, Some((0..136).map(t).collect()));
    for (i, a) in actions.into_iter().enumerate() {
        j.steps.push(Step::Act { seat: (i % 4) as u8, action: a });
    }
    j.steps.extend([
        Step::Penalty { seat: 3, penalty: Penalty::WrongRon },
        Step::Penalty { seat: 1, penalty: Penalty::Chombo },
        Step::TimeUp,
        Step::Elapsed(300),
        Step::NextHand,
    ]);
    j
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_round_trips() {
        let j = every_step_journal();
        let text = j.to_value().to_string();
        assert_eq!(Journal::from_value(&serde_json::from_str(&text).unwrap()).unwrap(), j);
    }

    #[test]
    fn malformed_journals_are_refused() {
        for bad in [
            json!({"seed": -1, "steps": []}),
            json!({"seed": 1, "wall": [136], "steps": []}),
            json!({"seed": 1, "steps": [{"type": "discard", "seat": 0}]}),
            json!({"seed": 1, "steps": [{"type": "pass", "seat": 4}]}),
            json!({"seed": 1, "steps": [{"type": "chi", "seat": 0, "tiles": [1]}]}),
            json!({"seed": 1, "steps": [{"type": "penalty", "seat": 0, "penalty": "yellow_card"}]}),
            json!({"seed": 1}),
        ] {
            assert!(Journal::from_value(&bad).is_err(), "{bad}");
        }
    }
}
