//! Tenhou's packed meld code (the `m` attribute of `<N>`), decoded into a [`LogMeld`].
//!
//! Layout (bits, low to high): `0..2` who it came from relative to the caller
//! (0 self, 1 right, 2 opposite, 3 left); then one of:
//! - bit 2 set — chi: bits 3..9 the copy index (0..4) of each of the three tiles,
//!   bits 10.. `base * 3 + called_index`, where `base` numbers the 21 lowest tiles
//!   (7 per suit);
//! - bit 3 set — pon, bit 4 set — kakan: bits 5..7 the copy not in the pon (for a
//!   kakan: the added tile), bits 9.. `kind * 3 + called_index`;
//! - bit 5 set — a north pulled aside (three-player only);
//! - none — daiminkan / ankan: bits 8.. `kind * 4 + called_copy`.

use super::event::LogMeld;
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::tile::TileId;

fn id(i: u32, code: u32) -> Result<TileId> {
    TileId::new(i).map_err(|_| Error::LogParse(format!("meld code {code}: tile id {i} out of range")))
}

/// A north pulled aside in a three-player game (bit 5 alone, no chi/pon/kakan bit);
/// the tile id is `m >> 8`. Not a meld: [`decode`] refuses it.
pub fn is_nuki(m: u32) -> bool {
    m & 0x4 == 0 && m & 0x18 == 0 && m & 0x20 != 0
}

/// Decode meld code `m` called by absolute seat `who` in a game of `n` players.
pub fn decode(m: u32, who: u8, n: u8) -> Result<LogMeld> {
    let rel = (m & 3) as u8;
    let from = (who + rel) % n.max(1);
    let bad = |why: &str| Error::LogParse(format!("meld code {m}: {why}"));
    if m & 0x4 != 0 {
        let t = m >> 10;
        let r = (t % 3) as usize;
        let t = t / 3;
        if t >= 21 {
            return Err(bad("chi base out of range"));
        }
        let base = (t / 7) * 9 + t % 7;
        let offs = [(m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3];
        let mut tiles = [id(0, m)?; 4];
        for i in 0..3 {
            tiles[i] = id((base + i as u32) * 4 + offs[i], m)?;
        }
        if rel != 3 {
            return Err(bad("a chi must come from the player on the left"));
        }
        return Ok(LogMeld { kind: MeldKind::Chi, tiles, called: tiles[r], from });
    }
    if m & 0x18 != 0 {
        let t = m >> 9;
        let r = (t % 3) as usize;
        let kind = t / 3;
        if kind >= 34 {
            return Err(bad("pon kind out of range"));
        }
        let unused = (m >> 5) & 3;
        let mut three = [id(0, m)?; 3];
        let mut j = 0;
        for c in 0..4 {
            if c != unused {
                three[j] = id(kind * 4 + c, m)?;
                j += 1;
            }
        }
        if rel == 0 {
            return Err(bad("a pon must come from another player"));
        }
        if m & 0x8 != 0 {
            let mut tiles = [three[0]; 4];
            tiles[..3].copy_from_slice(&three);
            return Ok(LogMeld { kind: MeldKind::Pon, tiles, called: three[r], from });
        }
        let added = id(kind * 4 + unused, m)?;
        let tiles = [id(kind * 4, m)?, id(kind * 4 + 1, m)?, id(kind * 4 + 2, m)?, id(kind * 4 + 3, m)?];
        // For a kakan `from` keeps who the original pon came from.
        return Ok(LogMeld { kind: MeldKind::Kakan, tiles, called: added, from });
    }
    if m & 0x20 != 0 {
        return Err(bad("a north pulled aside is not a meld (see is_nuki)"));
    }
    let t = m >> 8;
    let kind = t / 4;
    if kind >= 34 {
        return Err(bad("kan kind out of range"));
    }
    let tiles = [id(kind * 4, m)?, id(kind * 4 + 1, m)?, id(kind * 4 + 2, m)?, id(kind * 4 + 3, m)?];
    let called = id(t, m)?;
    let kind = if rel == 0 { MeldKind::Ankan } else { MeldKind::Daiminkan };
    Ok(LogMeld { kind, tiles, called, from })
}

/// Encode a meld back into Tenhou's code (inverse of [`decode`]); `pon_from` is used
/// for a kakan (the seat the original pon came from).
pub fn encode(meld: &LogMeld, who: u8, n: u8) -> u32 {
    let rel = ((meld.from + n - who) % n) as u32;
    match meld.kind {
        MeldKind::Chi => {
            let k = meld.tiles[0].tile().index() as u32;
            let base = (k / 9) * 7 + k % 9;
            let r = meld.tiles[..3].iter().position(|&t| t == meld.called).unwrap_or(0) as u32;
            let mut m = ((base * 3 + r) << 10) | 0x4 | rel;
            for i in 0..3 {
                m |= ((meld.tiles[i].id() as u32) & 3) << (3 + 2 * i);
            }
            m
        }
        MeldKind::Pon | MeldKind::Kakan => {
            let kind = meld.tiles[0].tile().index() as u32;
            let present: Vec<u32> = meld.tiles[..meld.len()].iter().map(|t| t.id() as u32 & 3).collect();
            let unused = if meld.kind == MeldKind::Kakan {
                meld.called.id() as u32 & 3
            } else {
                (0..4).find(|c| !present.contains(c)).unwrap_or(0)
            };
            let three: Vec<u32> = (0..4).filter(|&c| c != unused).collect();
            let called_copy = if meld.kind == MeldKind::Kakan { three[0] } else { meld.called.id() as u32 & 3 };
            let r = three.iter().position(|&c| c == called_copy).unwrap_or(0) as u32;
            let flag = if meld.kind == MeldKind::Pon { 0x8 } else { 0x10 };
            ((kind * 3 + r) << 9) | (unused << 5) | flag | rel
        }
        MeldKind::Daiminkan | MeldKind::Ankan => ((meld.called.id() as u32) << 8) | rel,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_real_codes() {
        // Codes from real logs: a pon from the right, a chi from the left.
        let m = decode(18985, 0, 4).unwrap();
        assert_eq!(m.kind, MeldKind::Pon);
        assert_eq!(m.from, 1);
        assert_eq!(encode(&m, 0, 4), 18985);
        let c = decode(46183, 0, 4).unwrap();
        assert_eq!(c.kind, MeldKind::Chi);
        assert_eq!(c.from, 3);
        assert_eq!((c.tiles[0].tile().index(), c.called.tile().index()), (19, 19));
        assert_eq!(encode(&c, 0, 4), 46183);
        for code in [51242u32, 20623, 42090, 26775, 503, 59399, 60471] {
            let who = 1;
            if let Ok(m) = decode(code, who, 4) {
                if m.kind != MeldKind::Kakan {
                    assert_eq!(encode(&m, who, 4), code, "{m:?}");
                }
            }
        }
    }
}
