//! The note this crate adds to a tenhou.net/6 hand: an object as the hand's 18th
//! element, holding what the format has no place for (docs/tenhou6_extensions.md).
//! Readers that know nothing of it see one element more than the 17 they read.
//!
//! Tiles in a note are tenhou.net/6 codes (11..47, 51..53 red fives); seats are the
//! log's own seats. Every field is optional and written only when needed:
//! - `riichi`, `stick`: how a hand that stops before its end stands after its last
//!   play (a riichi declared with no discard recorded; a riichi stick put down);
//! - `kan_dora`: `"at_once"` when an open or added kan's dora was flipped at once;
//! - `dealer`: the dealer's seat when it is not the hand's number (a client-side
//!   log numbers seats from the logging client, not from the first dealer);
//! - `wins`: per win of the hand (in the result's order), `null` or what the play
//!   does not lead to: `hand` (concealed tiles with the winning tile), `tile` (the
//!   winning tile, `null` for none), `dora` and `ura` (indicators);
//! - `shown`: the hands shown at a draw, per seat (`null`: not shown), when the
//!   play does not tell them (hidden tiles);
//! - `resumed`: a hand the log joins mid-way (a reconnect): per seat its `melds`
//!   (call strings as in takes and discards), `norths` pulled aside, `rivers`
//!   (discards so far) and `riichi` (the index of its riichi discard in its river,
//!   or `null`), and `next`, the seat that draws first.

use serde_json::{json, Map, Value};

/// What one win's entry of `wins` overrides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WinNote {
    pub hand: Option<Vec<i64>>,
    /// `Some(None)`: the record names no winning tile.
    pub tile: Option<Option<i64>>,
    pub dora: Option<Vec<i64>>,
    pub ura: Option<Vec<i64>>,
}

/// The table of a hand joined mid-way.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResumedNote {
    pub melds: [Vec<String>; 4],
    pub norths: [Vec<i64>; 4],
    pub rivers: [Vec<i64>; 4],
    pub riichi: [Option<u8>; 4],
    pub next: u8,
}

/// A hand's note, parsed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HandNote {
    pub riichi: Option<Value>,
    pub stick: bool,
    pub kan_dora_at_once: bool,
    pub dealer: Option<u8>,
    pub wins: Vec<Option<WinNote>>,
    pub shown: Option<[Option<Vec<i64>>; 4]>,
    pub resumed: Option<ResumedNote>,
}

fn seat(v: &Value, what: &str) -> Result<u8, String> {
    match v.as_u64() {
        Some(s) if s < 4 => Ok(s as u8),
        _ => Err(format!("{what} {v} is not a seat 0-3")),
    }
}

fn codes(v: &Value, what: &str) -> Result<Vec<i64>, String> {
    v.as_array()
        .and_then(|a| a.iter().map(|x| x.as_i64()).collect::<Option<Vec<_>>>())
        .ok_or_else(|| format!("{what} is not a list of tile codes"))
}

/// Four per-seat values from a list of four.
fn per_seat<T: Default>(
    v: &Value,
    what: &str,
    f: impl Fn(&Value, &str) -> Result<T, String>,
) -> Result<[T; 4], String> {
    let a = v.as_array().filter(|a| a.len() == 4).ok_or_else(|| format!("{what} is not a list of four seats"))?;
    let mut out: [T; 4] = Default::default();
    for (s, x) in a.iter().enumerate() {
        out[s] = f(x, &format!("{what}[{s}]"))?;
    }
    Ok(out)
}

impl HandNote {
    /// The note of a hand (`None`: the hand has no 18th element). Errors name the
    /// field; the reader adds the file and hand.
    pub fn parse(v: Option<&Value>) -> Result<HandNote, String> {
        let mut n = HandNote::default();
        let Some(v) = v else { return Ok(n) };
        let Some(o) = v.as_object() else { return Ok(n) };
        n.riichi = o.get("riichi").cloned();
        n.stick = o.get("stick").and_then(|b| b.as_bool()) == Some(true);
        n.kan_dora_at_once = match o.get("kan_dora") {
            None => false,
            Some(v) if v == "at_once" => true,
            Some(v) => return Err(format!("kan_dora {v} is not \"at_once\"")),
        };
        if let Some(d) = o.get("dealer") {
            n.dealer = Some(seat(d, "dealer")?);
        }
        if let Some(w) = o.get("wins") {
            let a = w.as_array().ok_or("wins is not a list")?;
            for (i, x) in a.iter().enumerate() {
                n.wins.push(match x {
                    Value::Null => None,
                    Value::Object(m) => Some(win_note(m, &format!("wins[{i}]"))?),
                    _ => return Err(format!("wins[{i}] is neither null nor an object")),
                });
            }
        }
        if let Some(s) = o.get("shown") {
            n.shown = Some(per_seat(s, "shown", |x, what| match x {
                Value::Null => Ok(None),
                x => codes(x, what).map(Some),
            })?);
        }
        if let Some(r) = o.get("resumed") {
            let m = r.as_object().ok_or("resumed is not an object")?;
            let get = |k: &str| m.get(k).ok_or_else(|| format!("resumed has no {k}"));
            let melds = per_seat(get("melds")?, "resumed.melds", |x, what| {
                x.as_array()
                    .and_then(|a| a.iter().map(|c| c.as_str().map(str::to_string)).collect::<Option<Vec<_>>>())
                    .ok_or_else(|| format!("{what} is not a list of call strings"))
            })?;
            let riichi = per_seat(get("riichi")?, "resumed.riichi", |x, what| match x {
                Value::Null => Ok(None),
                x => x
                    .as_u64()
                    .and_then(|i| u8::try_from(i).ok())
                    .map(Some)
                    .ok_or_else(|| format!("{what} {x} is not an index")),
            })?;
            n.resumed = Some(ResumedNote {
                melds,
                norths: per_seat(get("norths")?, "resumed.norths", codes)?,
                rivers: per_seat(get("rivers")?, "resumed.rivers", codes)?,
                riichi,
                next: seat(get("next")?, "resumed.next")?,
            });
        }
        Ok(n)
    }

    /// The note as the hand's 18th element, `None` when there is nothing to note.
    pub fn to_value(&self) -> Option<Value> {
        let mut o = Map::new();
        if let Some(r) = &self.riichi {
            o.insert("riichi".into(), r.clone());
        }
        if self.stick {
            o.insert("stick".into(), json!(true));
        }
        if self.kan_dora_at_once {
            o.insert("kan_dora".into(), json!("at_once"));
        }
        if let Some(d) = self.dealer {
            o.insert("dealer".into(), json!(d));
        }
        if self.wins.iter().any(|w| w.is_some()) {
            let wins: Vec<Value> = self
                .wins
                .iter()
                .map(|w| match w {
                    None => Value::Null,
                    Some(w) => {
                        let mut m = Map::new();
                        if let Some(h) = &w.hand {
                            m.insert("hand".into(), json!(h));
                        }
                        if let Some(t) = &w.tile {
                            m.insert("tile".into(), json!(t));
                        }
                        if let Some(d) = &w.dora {
                            m.insert("dora".into(), json!(d));
                        }
                        if let Some(u) = &w.ura {
                            m.insert("ura".into(), json!(u));
                        }
                        Value::Object(m)
                    }
                })
                .collect();
            o.insert("wins".into(), Value::from(wins));
        }
        if let Some(s) = &self.shown {
            o.insert("shown".into(), json!(s));
        }
        if let Some(r) = &self.resumed {
            o.insert(
                "resumed".into(),
                json!({"melds": r.melds, "norths": r.norths, "rivers": r.rivers, "riichi": r.riichi, "next": r.next}),
            );
        }
        (!o.is_empty()).then_some(Value::Object(o))
    }
}

fn win_note(m: &Map<String, Value>, what: &str) -> Result<WinNote, String> {
    let list = |k: &str| m.get(k).map(|v| codes(v, &format!("{what}.{k}"))).transpose();
    let tile = match m.get("tile") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(v) => Some(Some(v.as_i64().ok_or_else(|| format!("{what}.tile {v} is not a tile code"))?)),
    };
    Ok(WinNote { hand: list("hand")?, tile, dora: list("dora")?, ura: list("ura")? })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_reads_back_what_it_writes() {
        let n = HandNote {
            dealer: Some(2),
            wins: vec![None, Some(WinNote { hand: Some(vec![11, 11]), tile: Some(None), ..WinNote::default() })],
            shown: Some([None, Some(vec![47]), None, None]),
            resumed: Some(ResumedNote {
                melds: [vec!["p474747".into()], vec![], vec![], vec![]],
                next: 1,
                ..Default::default()
            }),
            ..HandNote::default()
        };
        let v = n.to_value().expect("a note");
        assert_eq!(HandNote::parse(Some(&v)), Ok(n));
        assert_eq!(HandNote::default().to_value(), None);
        assert!(HandNote::parse(Some(&json!({"dealer": 4}))).unwrap_err().contains("dealer 4"));
        assert!(HandNote::parse(Some(&json!({"shown": [null]}))).unwrap_err().contains("four seats"));
    }
}
