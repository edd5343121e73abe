//! Tile faces of the solitaire set and the matching rule (seed 000): identical tiles
//! match; any plant (梅蘭菊竹) matches any plant; any season (春夏秋冬) matches any
//! season; a plant never matches a season.
//!
//! A face is a code `0..42`: `0..34` the riichi kinds in Tenhou order
//! ([`crate::Tile`]), `34..42` the eight [`crate::Flower`]s (34..38 plants, 38..42
//! seasons). Matching is by group `0..36`: the kind itself, 34 = plants, 35 = seasons.

use crate::error::{Error, Result};
use crate::tile::{parse_mpsz, Flower, Tile};

/// Number of distinct faces.
pub const N_FACES: usize = 42;
/// A face code as an argument (`face_text(code)`).
pub const CODE: crate::args::IntArg = crate::args::IntArg::new("code", 0, N_FACES as i128 - 1);
/// Number of matching groups.
pub const N_GROUPS: usize = 36;
/// Group of the four plants.
pub const PLANTS: u8 = 34;
/// Group of the four seasons.
pub const SEASONS: u8 = 35;

/// Sets of 144 tiles a deal of `n` tiles draws on: KMahjongg's rule (its
/// `gamedata.cpp`) deals whole shuffled sets and, past the last whole one, whole
/// pairs of a further shuffled set, so `ceil(n / 144)` sets (at least one).
pub fn sets_for(n: usize) -> usize {
    n.div_ceil(144).max(1)
}

/// A solitaire face. Invariant: `0 <= self.0 < 42`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Face(u8);

impl Face {
    pub fn new(code: u32) -> Result<Face> {
        if (code as usize) < N_FACES {
            Ok(Face(code as u8))
        } else {
            Err(Error::TileParse(format!("face code {code} is out of range 0-41")))
        }
    }
    pub const fn from_tile(t: Tile) -> Face {
        Face(t.id())
    }
    pub const fn from_flower(f: Flower) -> Face {
        Face(34 + f.index() as u8)
    }
    #[inline(always)]
    pub const fn code(self) -> u8 {
        self.0
    }
    /// Matching group `0..36`.
    #[inline(always)]
    pub const fn group(self) -> u8 {
        if self.0 < 34 {
            self.0
        } else if self.0 < 38 {
            PLANTS
        } else {
            SEASONS
        }
    }
    /// True when the two faces may be removed together.
    #[inline(always)]
    pub const fn matches(self, other: Face) -> bool {
        self.group() == other.group()
    }
    /// The riichi kind, if this is not a flower.
    pub fn tile(self) -> Option<Tile> {
        Tile::new(self.0)
    }
    /// The flower, if this is one.
    pub fn flower(self) -> Option<Flower> {
        if self.0 >= 34 {
            Flower::new(self.0 - 34).ok()
        } else {
            None
        }
    }
    /// Short text: mpsz for kinds (`"5p"`, `"7z"`), `"1f".."4f"` for the plants
    /// 梅蘭菊竹 and `"5f".."8f"` for the seasons 春夏秋冬.
    pub fn text(self) -> String {
        match self.tile() {
            Some(t) => format!("{}{}", t.number(), t.suit().letter()),
            None => format!("{}f", self.0 - 33),
        }
    }
    /// Reads [`Face::text`], a flower's Chinese name (梅 .. 冬) or a Unicode tile.
    pub fn parse(s: &str) -> Result<Face> {
        let t = s.trim();
        for i in 0..8u8 {
            if let Ok(f) = Flower::new(i) {
                if t == f.name() || t.chars().eq(std::iter::once(f.unicode())) {
                    return Ok(Face::from_flower(f));
                }
            }
        }
        let b = t.as_bytes();
        if b.len() == 2 && b[1] == b'f' && (b'1'..=b'8').contains(&b[0]) {
            return Ok(Face(34 + b[0] - b'1'));
        }
        if t.chars().count() == 1 {
            if let Some(c) = t.chars().next() {
                if let Ok(k) = Tile::from_unicode(c) {
                    return Ok(Face::from_tile(k));
                }
            }
        }
        match parse_mpsz(t) {
            Ok(v) if v.len() == 1 => Ok(Face::from_tile(v[0].tile)),
            _ => Err(Error::TileParse(format!(
                "{} is not a solitaire face (expected e.g. \"5p\", \"7z\", \"1f\"..\"8f\" or 梅)",
                crate::error::quoted(s)
            ))),
        }
    }
    /// The full 144-tile set: four of each kind, then the eight flowers once each.
    pub fn full_set() -> Vec<Face> {
        let mut v = Vec::with_capacity(144);
        for k in 0..34u8 {
            for _ in 0..4 {
                v.push(Face(k));
            }
        }
        for f in 34..42u8 {
            v.push(Face(f));
        }
        v
    }
    /// The 72 matching pairs of the full set, as they are removed in a won game:
    /// two pairs of each kind and the plants and seasons paired up in the order given
    /// (the generator shuffles them first).
    pub fn pairs_of(faces: &[Face]) -> Result<Vec<(Face, Face)>> {
        let mut by_group: [Vec<Face>; N_GROUPS] = std::array::from_fn(|_| Vec::new());
        for &f in faces {
            by_group[f.group() as usize].push(f);
        }
        let mut out = Vec::with_capacity(faces.len() / 2);
        for (g, v) in by_group.iter().enumerate() {
            if v.len() % 2 != 0 {
                return Err(Error::Layout(format!(
                    "faces of group {} appear {} times: every group needs an even count to be removable in pairs",
                    Face(g as u8).text(),
                    v.len()
                )));
            }
            for p in v.chunks(2) {
                out.push((p[0], p[1]));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn matching_groups() {
        let f = |s| Face::parse(s).unwrap();
        assert!(f("5p").matches(f("5p")));
        assert!(!f("5p").matches(f("5s")));
        assert!(f("梅").matches(f("竹")));
        assert!(f("春").matches(f("冬")));
        assert!(!f("梅").matches(f("春")));
        assert!(f("1f").matches(f("4f")) && !f("4f").matches(f("5f")));
        for c in 0..42u32 {
            let x = Face::new(c).unwrap();
            assert_eq!(Face::parse(&x.text()).unwrap(), x);
        }
        assert!(Face::parse("9f").is_err());
        assert_eq!(Face::full_set().len(), 144);
        assert_eq!(Face::pairs_of(&Face::full_set()).unwrap().len(), 72);
    }
}
