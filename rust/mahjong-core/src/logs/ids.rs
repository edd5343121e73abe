//! Physical tile ids for logs that record only kinds (tenhou.net/6 JSON, mjai):
//! each new tile of a kind takes the next unused copy; with red fives in play the
//! red five is always copy 0 (ids 16, 52, 88) and plain fives take copies 1..4.

use crate::tile::TileId;

/// Unused copies per kind.
#[derive(Clone, Debug)]
pub struct IdPool {
    used: [u8; 34],
    aka: bool,
}

impl IdPool {
    pub fn new(aka: bool) -> IdPool {
        IdPool { used: [0; 34], aka }
    }

    /// A fresh id of `kind` (red five if `red`), or `None` when no copy is left.
    pub fn fresh(&mut self, kind: usize, red: bool) -> Option<TileId> {
        if kind >= 34 {
            return None;
        }
        let five = kind < 27 && kind % 9 == 4;
        let copies: &[u8] = if self.aka && five {
            if red {
                &[0]
            } else {
                &[1, 2, 3]
            }
        } else {
            &[0, 1, 2, 3]
        };
        for &c in copies {
            if self.used[kind] & (1 << c) == 0 {
                self.used[kind] |= 1 << c;
                return TileId::new((kind * 4 + c as usize) as u32).ok();
            }
        }
        None
    }

    /// An id of `kind` (the red five if `red`) whether used or not: for records
    /// that name a tile more often than it exists (hand-edited ones).
    pub fn any(&self, kind: usize, red: bool) -> Option<TileId> {
        let five = kind < 27 && kind % 9 == 4;
        let copy = if self.aka && five && red { 0 } else { 3 };
        TileId::new((kind * 4 + copy) as u32).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_five_is_copy_zero() {
        let mut p = IdPool::new(true);
        assert_eq!(p.fresh(4, true).map(|t| t.id()), Some(16));
        assert_eq!(p.fresh(4, false).map(|t| t.id()), Some(17));
        assert_eq!(p.fresh(4, true), None);
        let mut q = IdPool::new(false);
        assert_eq!(q.fresh(13, false).map(|t| t.id()), Some(52));
    }
}
