//! The common events of an mjai line (draws, discards, calls, riichi, new dora)
//! read straight into typed fields borrowing from the line, with no general JSON
//! value built: most of a game's lines are these and building a `Value` for each
//! cost most of the reading. A line is read here only when every check the general
//! reading makes passes before the reader's state changes; any other line (an
//! unknown field's value of another type, an escaped string, a duplicate key, a
//! hidden or unknown tile, any refusal) is left to the general reading, so the
//! accepted streams and the errors are those of the general reading by construction.

use super::{tile_kind, Reader};
use crate::error::Result;
use crate::hand::MeldKind;
use crate::logs::event::{Event, LogMeld, RoundStart};
use crate::logs::ids::IdPool;
use crate::tile::TileId;
use serde::Deserialize;

/// The fields the common events use; others are skipped. A duplicate of one of
/// these (which the general reading resolves to the last) fails here.
#[derive(Deserialize)]
struct Line<'a> {
    #[serde(rename = "type")]
    typ: &'a str,
    actor: Option<u8>,
    target: Option<u8>,
    #[serde(borrow)]
    pai: Option<&'a str>,
    tsumogiri: Option<bool>,
    #[serde(borrow)]
    consumed: Option<Vec<&'a str>>,
    #[serde(borrow)]
    dora_marker: Option<&'a str>,
}

/// A draw or discard written exactly as this crate's writer (keys in order) or
/// mjai's own programs (`type` first) write it, with no spaces: matched on the bytes,
/// giving the fields the typed reading would (a seat digit 0-3, a name of letters,
/// digits or `?`, so nothing to unescape); any other spelling goes to the typed reading.
fn plain(line: &str) -> Option<Line<'_>> {
    let b = line.as_bytes();
    let ((typ, tsumogiri, pai), actor) = if let Some(r) = b.strip_prefix(br#"{"actor":"#) {
        let (actor, r) = (r.first()?, r.get(1..)?);
        let (pai, r) = name(r.strip_prefix(br#","pai":""#)?)?;
        let (typ, tsumogiri) = match r {
            br#","type":"tsumo"}"# => ("tsumo", None),
            br#","tsumogiri":true,"type":"dahai"}"# => ("dahai", Some(true)),
            br#","tsumogiri":false,"type":"dahai"}"# => ("dahai", Some(false)),
            _ => return None,
        };
        ((typ, tsumogiri, pai), *actor)
    } else {
        let (typ, r) = if let Some(r) = b.strip_prefix(br#"{"type":"tsumo","actor":"#) {
            ("tsumo", r)
        } else {
            ("dahai", b.strip_prefix(br#"{"type":"dahai","actor":"#)?)
        };
        let (actor, r) = (r.first()?, r.get(1..)?);
        let (pai, r) = name(r.strip_prefix(br#","pai":""#)?)?;
        let tsumogiri = match (typ, r) {
            ("tsumo", br#"}"#) => None,
            ("dahai", br#","tsumogiri":true}"#) => Some(true),
            ("dahai", br#","tsumogiri":false}"#) => Some(false),
            _ => return None,
        };
        ((typ, tsumogiri, pai), *actor)
    };
    if !(b'0'..=b'3').contains(&actor) {
        return None;
    }
    Some(Line {
        typ,
        actor: Some(actor - b'0'),
        target: None,
        pai: Some(pai),
        tsumogiri,
        consumed: None,
        dora_marker: None,
    })
}

/// A tile name up to its closing quote (1-3 letters, digits or `?`) and the bytes after.
fn name(r: &[u8]) -> Option<(&str, &[u8])> {
    let n = r.iter().take(4).position(|&c| c == b'"')?;
    let (s, rest) = (&r[..n], &r[n + 1..]);
    if n == 0 || !s.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'?') {
        return None;
    }
    Some((std::str::from_utf8(s).ok()?, rest))
}

/// A `start_kyoku`'s fields; others are skipped.
#[derive(Deserialize)]
struct Start<'a> {
    #[serde(rename = "type")]
    typ: &'a str,
    #[serde(borrow)]
    bakaze: Option<&'a str>,
    kyoku: Option<u8>,
    honba: Option<u8>,
    kyotaku: Option<u8>,
    oya: Option<u8>,
    #[serde(borrow)]
    dora_marker: Option<&'a str>,
    scores: Option<Vec<i32>>,
    #[serde(borrow)]
    tehais: Option<Vec<[&'a str; 13]>>,
}

fn seat(s: Option<u8>) -> Option<u8> {
    s.filter(|&s| s < 4)
}

impl Reader<'_> {
    /// Reads `line` when it is a common event inside a hand: `Ok(true)`; `Ok(false)`
    /// when the line is left untouched to the general reading.
    pub(super) fn quick(&mut self, line: &str) -> Result<bool> {
        // Outside a hand these events are refused (by the general reading); a
        // hand's start is read here.
        if !self.in_round {
            return Ok(self.quick_start(line));
        }
        let l = match plain(line) {
            Some(l) => l,
            None => match serde_json::from_str::<Line<'_>>(line) {
                Ok(l) => l,
                Err(_) => return Ok(false),
            },
        };
        Ok(match l.typ {
            "tsumo" => self.quick_draw(&l),
            "dahai" => self.quick_discard(&l),
            "chi" | "pon" | "daiminkan" => return self.quick_call(&l, line),
            "reach" | "reach_accepted" => match seat(l.actor) {
                Some(seat) => {
                    let e = if l.typ == "reach" { Event::Riichi { seat } } else { Event::RiichiStick { seat } };
                    self.game.events.push(e);
                    true
                }
                None => false,
            },
            "dora" => match l.dora_marker.and_then(tile_kind) {
                Some((k, red)) => {
                    let indicator = self.copy_of(k, red);
                    self.game.events.push(Event::Dora { indicator });
                    true
                }
                None => false,
            },
            _ => false,
        })
    }

    fn quick_draw(&mut self, l: &Line<'_>) -> bool {
        let (Some(seat), Some(pai)) = (seat(l.actor), l.pai) else { return false };
        let t = match pai {
            "?" => None,
            p => match tile_kind(p) {
                Some((k, red)) => Some(self.copy_of(k, red)),
                None => return false,
            },
        };
        match t {
            Some(t) => self.hands[seat as usize].push(t),
            None => self.game.hidden_tiles = true,
        }
        self.last_draw[seat as usize] = t;
        // A draw passes the last discard: no one can call it any more.
        self.last_discard = None;
        self.game.events.push(Event::Draw { seat, tile: t });
        true
    }

    fn quick_discard(&mut self, l: &Line<'_>) -> bool {
        let (Some(seat), Some((k, red))) = (seat(l.actor), l.pai.and_then(tile_kind)) else { return false };
        let tsumogiri = l.tsumogiri.unwrap_or(false);
        let h = &mut self.hands[seat as usize];
        let t = match (tsumogiri, self.last_draw[seat as usize]) {
            (true, Some(d)) if d.tile().index() == k => {
                if let Some(i) = h.iter().position(|&x| x == d) {
                    h.remove(i);
                }
                d
            }
            // A hidden hand (mjai streams seen from one seat) reveals the tile now.
            _ if self.game.hidden_tiles && !h.iter().any(|t| t.tile().index() == k) => self.copy_of(k, red),
            _ => self.take_kind(seat, k, red),
        };
        self.last_draw[seat as usize] = None;
        self.last_discard = Some((seat, t));
        self.game.events.push(Event::Discard { seat, tile: t, tsumogiri });
        true
    }

    fn quick_call(&mut self, l: &Line<'_>, line: &str) -> Result<bool> {
        let (Some(seat), Some(target), Some(consumed)) = (seat(l.actor), seat(l.target), l.consumed.as_ref()) else {
            return Ok(false);
        };
        let called = match self.last_discard {
            Some((s, t)) if s == target && target != seat => t,
            _ => return Ok(false),
        };
        let kind = match l.typ {
            "chi" => MeldKind::Chi,
            "pon" => MeldKind::Pon,
            _ => MeldKind::Daiminkan,
        };
        let own = if kind == MeldKind::Daiminkan { 3 } else { 2 };
        let mut kinds = [(0, false); 3];
        if consumed.len() != own {
            return Ok(false);
        }
        for (slot, c) in kinds.iter_mut().zip(consumed) {
            match tile_kind(c) {
                Some(kr) => *slot = kr,
                None => return Ok(false),
            }
        }
        // A `pai` other than the tile just discarded is refused (by the general reading).
        match l.pai {
            // A `"pai": null` reads as absent here but is refused by the general reading.
            None if line.contains("\"pai\"") => return Ok(false),
            None => {}
            Some(p) => match tile_kind(p) {
                Some((k, _)) if k == called.tile().index() => {}
                _ if p == "?" => {}
                _ => return Ok(false),
            },
        }
        let mut tiles: [TileId; 4] = [called; 4];
        for (i, &(k, red)) in kinds[..own].iter().enumerate() {
            tiles[i] = self.take_kind(seat, k, red);
        }
        tiles[..=own].sort();
        let meld = LogMeld { kind, tiles, called, from: target };
        if !meld.is_well_formed(seat) {
            // The tiles are taken: the general reading's message, from the line's value.
            let v: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
            let typ = l.typ;
            return Err(self.err(format!("{typ} of {} from seat {target} is not a {typ}", v["consumed"])));
        }
        self.last_discard = None;
        self.game.events.push(Event::Call { seat, meld });
        Ok(true)
    }

    /// A `start_kyoku` whose every field the general reading would accept (three or
    /// four hands of 13 named or hidden tiles, up to four scores).
    fn quick_start(&mut self, line: &str) -> bool {
        let Ok(st) = serde_json::from_str::<Start<'_>>(line) else { return false };
        let wind = match st.bakaze {
            Some("E") | None => 0,
            Some("S") => 1,
            Some("W") => 2,
            Some("N") => 3,
            Some(_) => return false,
        };
        let (Some(kyoku @ 1..=4), Some(dealer), Some(tehais)) = (st.kyoku, seat(st.oya), st.tehais.as_ref()) else {
            return false;
        };
        let Some((dk, dred)) = st.dora_marker.and_then(tile_kind) else { return false };
        if st.typ != "start_kyoku"
            || !(3..=4).contains(&tehais.len())
            || st.scores.as_ref().is_some_and(|s| s.len() > 4)
            || !tehais.iter().flatten().all(|&t| t == "?" || tile_kind(t).is_some())
        {
            return false;
        }
        self.pool = IdPool::new(self.aka);
        self.hands = Default::default();
        self.last_draw = [None; 4];
        self.ura = None;
        let dora_indicator = self.copy_of(dk, dred);
        let mut scores = [25000; 4];
        if let Some(s) = &st.scores {
            scores = [0; 4];
            scores[..s.len()].copy_from_slice(s);
            scores[s.len()..].fill(25000);
        }
        // Three hands: a three-player game (seat 3 stays empty).
        if tehais.len() == 3 {
            self.game.n_players = 3;
            self.game.rules.sanma = true;
        }
        let mut hands = [[None; 13]; 4];
        for (s, h) in tehais.iter().enumerate() {
            for (k, &t) in h.iter().enumerate() {
                let id = tile_kind(t).map(|(k, red)| self.copy_of(k, red));
                hands[s][k] = id;
                match id {
                    Some(id) => self.hands[s].push(id),
                    None => self.game.hidden_tiles = true,
                }
            }
        }
        self.in_round = true;
        self.game.events.push(Event::RoundStart(Box::new(RoundStart {
            wind,
            number: kyoku - 1,
            honba: st.honba.unwrap_or(0),
            sticks: st.kyotaku.unwrap_or(0),
            dealer,
            scores,
            dora_indicator,
            hands,
            resumed: None,
        })));
        true
    }
}
