//! A match snapshot as bytes: its rules (JSON text, written by the caller) and its
//! journal (seed, first wall, accepted steps) in a compact binary form. Restoring
//! replays the journal, so a restored match is the same state by construction (the
//! engine is deterministic) and every replayed step is checked again: bytes that were
//! tampered with cannot produce a state the engine would not have reached.
//!
//! Layout (all integers little-endian, `varint` = LEB128):
//!
//! ```text
//! "MFMS"  version (1 byte, 1)
//! varint  length of the rules text, then that UTF-8 text
//! u64     seed
//! u8      0 = shuffled first wall, 1 = given: then 136 tile ids (1 byte each)
//! varint  number of steps, then each step:
//!         action: byte = kind (0-11) | seat << 4, then its tile (1 byte) or two tiles
//!         penalty 12 | seat << 4, then the penalty (0-2); time_up 13; elapsed 14 then
//!         a varint of minutes; next_hand 15
//! u64     FNV-1a hash of everything before it (corruption is refused, not replayed)
//! ```
//!
//! ```
//! use mahjong_core::engine::journal::{Journal, Step};
//! use mahjong_core::engine::snapshot::{decode, encode};
//! use mahjong_core::engine::Action;
//! let mut j = Journal::new(7, None);
//! j.steps.push(Step::Act { seat: 0, action: Action::Tsumo });
//! let bytes = encode("{}", &j);
//! assert_eq!(decode(&bytes).unwrap(), ("{}".to_string(), j));
//! assert!(decode(&bytes[..bytes.len() - 1]).is_err());
//! ```

use super::journal::{Journal, Step};
use super::round::{Action, Penalty};
use crate::error::{Error, Result};
use crate::tile::TileId;

const MAGIC: &[u8; 4] = b"MFMS";
const VERSION: u8 = 1;

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

const fn action_code(a: &Action) -> u8 {
    match a {
        Action::Discard { riichi: false, .. } => 0,
        Action::Discard { riichi: true, .. } => 1,
        Action::Tsumo => 2,
        Action::Ankan { .. } => 3,
        Action::Kakan { .. } => 4,
        Action::NineTerminals => 5,
        Action::Nuki { .. } => 6,
        Action::Ron => 7,
        Action::Chi { .. } => 8,
        Action::Pon { .. } => 9,
        Action::Daiminkan => 10,
        Action::Pass => 11,
    }
}

const PENALTIES: [Penalty; 3] = [Penalty::Chombo, Penalty::WrongCall, Penalty::WrongRon];

fn put_step(out: &mut Vec<u8>, s: &Step) {
    match *s {
        Step::Act { seat, action } => {
            out.push(action_code(&action) | (seat << 4));
            match action {
                Action::Discard { tile, .. }
                | Action::Ankan { tile }
                | Action::Kakan { tile }
                | Action::Nuki { tile } => out.push(tile.id()),
                Action::Chi { tiles } | Action::Pon { tiles } => out.extend([tiles[0].id(), tiles[1].id()]),
                _ => {}
            }
        }
        Step::Penalty { seat, penalty } => {
            out.push(12 | (seat << 4));
            out.push(PENALTIES.iter().position(|&p| p == penalty).unwrap_or(0) as u8);
        }
        Step::TimeUp => out.push(13),
        Step::Elapsed(m) => {
            out.push(14);
            put_varint(out, m as u64);
        }
        Step::NextHand => out.push(15),
    }
}

/// The snapshot bytes of a match with rules text `rules` and journal `journal`.
pub fn encode(rules: &str, journal: &Journal) -> Vec<u8> {
    let mut out = Vec::with_capacity(rules.len() + 32 + journal.steps.len() * 2);
    out.extend_from_slice(MAGIC);
    out.push(VERSION);
    put_varint(&mut out, rules.len() as u64);
    out.extend_from_slice(rules.as_bytes());
    out.extend_from_slice(&journal.seed.to_le_bytes());
    match &journal.wall {
        None => out.push(0),
        Some(w) => {
            out.push(1);
            put_varint(&mut out, w.len() as u64);
            out.extend(w.iter().map(|t| t.id()));
        }
    }
    put_varint(&mut out, journal.steps.len() as u64);
    for s in &journal.steps {
        put_step(&mut out, s);
    }
    let h = fnv1a(&out);
    out.extend_from_slice(&h.to_le_bytes());
    out
}

/// Reads the bytes of one snapshot, refusing anything short, long or malformed.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

fn bad(what: &str) -> Error {
    Error::IllegalAction(format!("match snapshot: {what}"))
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8> {
        let b = *self.bytes.get(self.at).ok_or_else(|| bad("truncated"))?;
        self.at += 1;
        Ok(b)
    }
    fn take(&mut self, n: usize) -> Result<&[u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or_else(|| bad("truncated"))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn varint(&mut self) -> Result<u64> {
        let mut v: u64 = 0;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(bad("a number is too long"))
    }
    /// A count of items at least `min_bytes` long each, bounded by the bytes left.
    fn count(&mut self, min_bytes: usize) -> Result<usize> {
        let n = self.varint()?;
        let left = (self.bytes.len() - self.at) as u64;
        if n.saturating_mul(min_bytes as u64) > left {
            return Err(bad("truncated"));
        }
        Ok(n as usize)
    }
    fn tile(&mut self) -> Result<TileId> {
        let b = self.byte()?;
        TileId::new(b as u32).map_err(|e| bad(e.message()))
    }
    fn step(&mut self) -> Result<Step> {
        let b = self.byte()?;
        let (code, seat) = (b & 0x0f, b >> 4);
        if seat > 3 || (code >= 13 && seat != 0) {
            return Err(bad(&format!("step byte {b} is not a step")));
        }
        Ok(match code {
            0 | 1 => Step::Act { seat, action: Action::Discard { tile: self.tile()?, riichi: code == 1 } },
            2 => Step::Act { seat, action: Action::Tsumo },
            3 => Step::Act { seat, action: Action::Ankan { tile: self.tile()? } },
            4 => Step::Act { seat, action: Action::Kakan { tile: self.tile()? } },
            5 => Step::Act { seat, action: Action::NineTerminals },
            6 => Step::Act { seat, action: Action::Nuki { tile: self.tile()? } },
            7 => Step::Act { seat, action: Action::Ron },
            8 => Step::Act { seat, action: Action::Chi { tiles: [self.tile()?, self.tile()?] } },
            9 => Step::Act { seat, action: Action::Pon { tiles: [self.tile()?, self.tile()?] } },
            10 => Step::Act { seat, action: Action::Daiminkan },
            11 => Step::Act { seat, action: Action::Pass },
            12 => {
                let p = self.byte()?;
                let penalty = *PENALTIES.get(p as usize).ok_or_else(|| bad(&format!("unknown penalty {p}")))?;
                Step::Penalty { seat, penalty }
            }
            13 => Step::TimeUp,
            14 => Step::Elapsed(u32::try_from(self.varint()?).map_err(|_| bad("minutes out of range"))?),
            _ => Step::NextHand,
        })
    }
}

/// The rules text and journal of snapshot bytes written by [`encode`].
pub fn decode(bytes: &[u8]) -> Result<(String, Journal)> {
    if bytes.len() < MAGIC.len() + 1 + 8 || &bytes[..4] != MAGIC {
        return Err(bad("not a match snapshot (it starts with \"MFMS\")"));
    }
    if bytes[4] != VERSION {
        return Err(bad(&format!("version {} is not readable here (version {VERSION})", bytes[4])));
    }
    let (body, hash) = bytes.split_at(bytes.len() - 8);
    let mut h = [0u8; 8];
    h.copy_from_slice(hash);
    if fnv1a(body) != u64::from_le_bytes(h) {
        return Err(bad("the bytes are damaged (checksum differs)"));
    }
    let mut r = Reader { bytes: body, at: 5 };
    let n = r.count(1)?;
    let rules = std::str::from_utf8(r.take(n)?).map_err(|_| bad("rules are not UTF-8 text"))?.to_string();
    let mut seed = [0u8; 8];
    seed.copy_from_slice(r.take(8)?);
    let wall = match r.byte()? {
        0 => None,
        1 => {
            let n = r.count(1)?;
            Some((0..n).map(|_| r.tile()).collect::<Result<Vec<_>>>()?)
        }
        b => return Err(bad(&format!("wall flag {b} (0 or 1)"))),
    };
    let n = r.count(1)?;
    let steps = (0..n).map(|_| r.step()).collect::<Result<Vec<_>>>()?;
    if r.at != body.len() {
        return Err(bad("bytes left over after the last step"));
    }
    Ok((rules, Journal { seed: u64::from_le_bytes(seed), wall, steps }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::journal::every_step_journal;

    #[test]
    fn every_step_round_trips() {
        let j = every_step_journal();
        let bytes = encode("{\"rules\": \"東\"}", &j);
        assert_eq!(decode(&bytes).unwrap(), ("{\"rules\": \"東\"}".to_string(), j));
    }

    #[test]
    fn damaged_bytes_are_refused_without_panic() {
        let bytes = encode("{}", &every_step_journal());
        for cut in 0..bytes.len() {
            assert!(decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            b[i] ^= 0x41;
            assert!(decode(&b).is_err(), "flipped byte {i}");
        }
        // A well-formed checksum over a malformed body is still refused.
        let mut body = bytes[..bytes.len() - 8].to_vec();
        body.push(0xee);
        let h = fnv1a(&body);
        body.extend_from_slice(&h.to_le_bytes());
        assert!(decode(&body).is_err());
    }
}
