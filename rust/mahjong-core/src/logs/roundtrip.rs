//! Round trips through the writers: a game written as mjai, or as tenhou.net/6 JSON
//! when that format can hold it, and read back by this crate must be the same game.
//! The tests over the real logs, the mutation tests and the fuzz targets all check
//! conversions through [`round_trip`].

use super::event::*;
use super::{mjai, tenhou6, write};
use crate::hand::MeldKind;
use crate::tile::TileId;

/// A format the writers produce.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Mjai,
    Tenhou6,
}

impl Target {
    pub const ALL: [Target; 2] = [Target::Mjai, Target::Tenhou6];

    pub const fn name(self) -> &'static str {
        match self {
            Target::Mjai => "mjai",
            Target::Tenhou6 => "tenhou6",
        }
    }
}

/// What a round trip found.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Written and read back as the same game (the game read back is returned).
    Same(Box<GameLog>),
    /// The writer refuses the game with this reason (tenhou.net/6 holds neither
    /// hidden tiles nor three-player games).
    NotWritable(String),
}

/// The id every copy of a tile kind is reduced to: formats that name tiles (mjai,
/// tenhou.net/6) do not say which physical copy a tile is, only its kind and, with
/// red fives in play, whether it is the red one.
fn canon(t: TileId, aka: bool) -> TileId {
    let k = t.tile().index() as u32;
    let copy = if aka && t.is_red() { 0 } else { 1 };
    TileId::wrapping((k * 4 + copy) as u8)
}

fn canon_meld(m: &LogMeld, aka: bool) -> LogMeld {
    let n = m.len();
    let mut tiles = m.tiles.map(|t| canon(t, aka));
    tiles[..n].sort();
    // A three-tile meld's fourth slot is unused: readers fill it differently.
    if n == 3 {
        tiles[3] = tiles[0];
    }
    // An ankan has no called tile: readers name any of its four.
    let called = if m.kind == MeldKind::Ankan { tiles[0] } else { canon(m.called, aka) };
    LogMeld { kind: m.kind, tiles, called, from: m.from }
}

fn canon_list(v: &[TileId], aka: bool, sort: bool) -> Vec<TileId> {
    let mut out: Vec<TileId> = v.iter().map(|&t| canon(t, aka)).collect();
    if sort {
        out.sort();
    }
    out
}

/// The game with every tile reduced to its kind and red flag and the source name
/// dropped: two readings of one game compare equal exactly when they hold the same
/// play, results and rules.
pub fn canonical(g: &GameLog) -> GameLog {
    let aka = g.rules.aka;
    let c = |t: TileId| canon(t, aka);
    let events = g
        .events
        .iter()
        .map(|e| match e {
            Event::RoundStart(s) => {
                let mut s = s.clone();
                s.dora_indicator = c(s.dora_indicator);
                for h in s.hands.iter_mut() {
                    for t in h.iter_mut() {
                        *t = t.map(c);
                    }
                }
                if let Some(r) = s.resumed.as_mut() {
                    for seat in 0..4 {
                        r.melds[seat] = r.melds[seat].iter().map(|m| canon_meld(m, aka)).collect();
                        r.norths[seat] = canon_list(&r.norths[seat], aka, false);
                        r.rivers[seat] = canon_list(&r.rivers[seat], aka, false);
                    }
                }
                Event::RoundStart(s)
            }
            Event::Draw { seat, tile } => Event::Draw { seat: *seat, tile: tile.map(c) },
            Event::Discard { seat, tile, tsumogiri } => {
                Event::Discard { seat: *seat, tile: c(*tile), tsumogiri: *tsumogiri }
            }
            Event::Call { seat, meld } => Event::Call { seat: *seat, meld: canon_meld(meld, aka) },
            Event::Nuki { seat, tile } => Event::Nuki { seat: *seat, tile: c(*tile) },
            Event::Dora { indicator } => Event::Dora { indicator: c(*indicator) },
            Event::Win(w) => {
                let mut w = w.clone();
                w.hand = canon_list(&w.hand, aka, true);
                w.win_tile = w.win_tile.map(c);
                w.dora_indicators = canon_list(&w.dora_indicators, aka, false);
                w.ura_indicators = canon_list(&w.ura_indicators, aka, false);
                Event::Win(w)
            }
            Event::Ryuukyoku(d) => {
                let mut d = d.clone();
                for h in d.shown.iter_mut().flatten() {
                    *h = canon_list(h, aka, true);
                }
                Event::Ryuukyoku(d)
            }
            e @ (Event::Riichi { .. } | Event::RiichiStick { .. } | Event::GameEnd { .. }) => e.clone(),
        })
        .collect();
    GameLog { source: String::new(), events, ..g.clone() }
}

/// The first difference between two games (in canonical form), for messages.
pub fn first_difference(a: &GameLog, b: &GameLog) -> Option<String> {
    let (a, b) = (canonical(a), canonical(b));
    if a == b {
        return None;
    }
    if a.rules != b.rules {
        return Some(format!("rules {:?} became {:?}", a.rules, b.rules));
    }
    if a.names != b.names || a.n_players != b.n_players || a.hidden_tiles != b.hidden_tiles {
        return Some(format!(
            "names/players/hidden {:?} {} {} became {:?} {} {}",
            a.names, a.n_players, a.hidden_tiles, b.names, b.n_players, b.hidden_tiles
        ));
    }
    for (i, (x, y)) in a.events.iter().zip(b.events.iter()).enumerate() {
        if x != y {
            let (x, y) = (format!("{x:?}"), format!("{y:?}"));
            // From a little before where the two texts part.
            let same = x.bytes().zip(y.bytes()).take_while(|(a, b)| a == b).count();
            let mut from = same.saturating_sub(40);
            while !x.is_char_boundary(from) {
                from -= 1;
            }
            let (x, y) = (&x[from..], &y[from.min(y.len())..]);
            return Some(format!("event {i}: ...{} became ...{}", cut(x, 160), cut(y, 160)));
        }
    }
    Some(format!("{} events became {}", a.events.len(), b.events.len()))
}

/// Write `g` as `target`, read it back and compare. `Err` says what went wrong: the
/// reader refused the writer's output, or read back a different game.
pub fn round_trip(g: &GameLog, target: Target) -> Result<Outcome, String> {
    let name = format!("{} as {}", g.source, target.name());
    let back = match target {
        Target::Mjai => mjai::parse(&write::to_mjai(g), &name),
        Target::Tenhou6 => match write::to_tenhou6(g) {
            Ok(text) => tenhou6::parse(&text, &name).map(|g| vec![g]),
            Err(e) => return Ok(Outcome::NotWritable(e.message().to_string())),
        },
    };
    let mut back = back.map_err(|e| format!("{name}: the reader refuses the writer's output: {}", e.message()))?;
    if back.len() != 1 {
        return Err(format!("{name}: read back as {} games", back.len()));
    }
    let b = back.remove(0);
    match first_difference(g, &b) {
        None => Ok(Outcome::Same(Box::new(b))),
        Some(d) => Err(format!("{name}: read back differently: {d}")),
    }
}

fn cut(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}
