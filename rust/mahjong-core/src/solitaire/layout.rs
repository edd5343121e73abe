//! Layouts: where the tiles lie, nothing about faces.
//!
//! Coordinates are in half-tile units: a tile at `(x, y, z)` covers the square
//! `x..x+2` by `y..y+2` on layer `z` (0 = the table). Half-unit offsets let a tile
//! straddle two or four tiles below it, as in the classic Turtle's top tile.

use super::bits::MAX_SLOTS;
use crate::error::{Error, Result};

/// One slot of a layout.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Pos {
    /// Layer, 0 = bottom.
    pub z: u8,
    /// Row in half-tile units.
    pub y: u16,
    /// Column in half-tile units.
    pub x: u16,
}

impl Pos {
    pub const fn new(x: u16, y: u16, z: u8) -> Pos {
        Pos { z, y, x }
    }
    /// True when the two tiles' squares overlap (ignoring layers).
    #[inline]
    pub fn overlaps_xy(&self, o: &Pos) -> bool {
        (self.x as i32 - o.x as i32).abs() < 2 && (self.y as i32 - o.y as i32).abs() < 2
    }
}

/// Largest coordinate accepted, so that no format or geometry computation overflows.
pub const MAX_COORD: u16 = 1024;
/// Largest layer accepted.
pub const MAX_LAYER: u8 = 63;

/// A validated layout: an even number of at most [`MAX_SLOTS`] non-overlapping
/// slots (a layout of more than 144 deals tiles of further sets, see
/// [`super::face::sets_for`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Layout {
    name: String,
    positions: Vec<Pos>,
}

impl Layout {
    /// Validates and sorts the slots (by layer, row, column) so that equal layouts
    /// compare equal whatever order they were listed in.
    ///
    /// Errors ([`Error::Layout`]): no slots, an odd count (tiles leave in pairs), more
    /// than [`MAX_SLOTS`] slots, a coordinate out of range, two slots overlapping on
    /// one layer.
    pub fn new(name: &str, mut positions: Vec<Pos>) -> Result<Layout> {
        let n = positions.len();
        if n == 0 {
            return Err(Error::Layout(format!("layout {name:?} has no slots")));
        }
        if n > MAX_SLOTS {
            return Err(Error::Layout(format!("layout {name:?} has {n} slots, more than the {MAX_SLOTS} supported")));
        }
        if !n.is_multiple_of(2) {
            return Err(Error::Layout(format!(
                "layout {name:?} has an odd number of slots ({n}); tiles are removed in pairs"
            )));
        }
        for p in &positions {
            if p.x > MAX_COORD || p.y > MAX_COORD || p.z > MAX_LAYER {
                return Err(Error::Layout(format!(
                    "layout {name:?}: slot (x={}, y={}, layer={}) is out of range (x, y <= {MAX_COORD}, layer <= {MAX_LAYER})",
                    p.x, p.y, p.z
                )));
            }
        }
        positions.sort();
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (positions[i], positions[j]);
                if b.z != a.z {
                    break;
                }
                if a.overlaps_xy(&b) {
                    let what = if a == b { "the same slot twice" } else { "overlapping slots" };
                    return Err(Error::Layout(format!(
                        "layout {name:?} has {what}: (x={}, y={}, layer={}) and (x={}, y={}, layer={})",
                        a.x, a.y, a.z, b.x, b.y, b.z
                    )));
                }
            }
        }
        Ok(Layout { name: name.to_owned(), positions })
    }

    /// Same as [`Layout::new`] from `(x, y, layer)` triples of any integer type
    /// (negative values are rejected with a message naming them).
    pub fn from_triples(name: &str, triples: &[(i64, i64, i64)]) -> Result<Layout> {
        let mut v = Vec::with_capacity(triples.len());
        for &(x, y, z) in triples {
            if !(0..=MAX_COORD as i64).contains(&x)
                || !(0..=MAX_COORD as i64).contains(&y)
                || !(0..=MAX_LAYER as i64).contains(&z)
            {
                return Err(Error::Layout(format!(
                    "layout {name:?}: slot (x={x}, y={y}, layer={z}) is out of range (0 <= x, y <= {MAX_COORD}, 0 <= layer <= {MAX_LAYER})"
                )));
            }
            v.push(Pos::new(x as u16, y as u16, z as u8));
        }
        Layout::new(name, v)
    }

    pub fn name(&self) -> &str {
        &self.name
    }
    /// The slots, sorted by layer, row, column; slot `i` is position `i` everywhere.
    pub fn positions(&self) -> &[Pos] {
        &self.positions
    }
    pub fn len(&self) -> usize {
        self.positions.len()
    }
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
    /// Index of the slot at exactly `p`.
    pub fn index_of(&self, p: Pos) -> Option<usize> {
        self.positions.binary_search(&p).ok()
    }
    /// (width, height, depth) of the bounding box in half-tile units and layers.
    pub fn extent(&self) -> (u16, u16, u8) {
        let w = self.positions.iter().map(|p| p.x + 2).max().unwrap_or(0);
        let h = self.positions.iter().map(|p| p.y + 2).max().unwrap_or(0);
        let d = self.positions.iter().map(|p| p.z + 1).max().unwrap_or(0);
        (w, h, d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn rejects_bad_layouts() {
        let p = |x, y, z| Pos::new(x, y, z);
        assert!(Layout::new("e", vec![]).is_err());
        let e = Layout::new("odd", vec![p(0, 0, 0), p(2, 0, 0), p(4, 0, 0)]).unwrap_err();
        assert!(e.message().contains("odd"), "{e}");
        let e = Layout::new("ov", vec![p(0, 0, 0), p(1, 1, 0)]).unwrap_err();
        assert!(e.message().contains("overlapping"), "{e}");
        let big: Vec<Pos> = (0..258).map(|i| p(2 * (i % 200), 2 * (i / 200), 0)).collect();
        assert!(Layout::new("big", big).unwrap_err().message().contains("more than"));
        let wide: Vec<Pos> = (0..228).map(|i| p(2 * (i % 100), 2 * (i / 100), 0)).collect();
        assert_eq!(Layout::new("wide", wide).unwrap().len(), 228);
        assert!(Layout::from_triples("neg", &[(-1, 0, 0), (2, 0, 0)]).is_err());
        assert!(Layout::new("ok", vec![p(0, 0, 0), p(1, 1, 1)]).is_ok());
    }
}
