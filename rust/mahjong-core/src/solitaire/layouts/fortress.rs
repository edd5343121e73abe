//! Fortress: separate stacks with gaps between them. Four corner towers (3x3 two
//! high with a cap: 19 each), four low walls standing a little apart from the towers
//! (7 + 7 + 4 + 4), and a central keep (6x5 under a 4x4 set half a tile in): 144.

use super::rect;
use crate::solitaire::layout::Pos;

pub(super) fn slots() -> Vec<Pos> {
    let mut v = Vec::with_capacity(144);
    for (tx, ty) in [(0, 0), (22, 0), (0, 16), (22, 16)] {
        rect(&mut v, tx, ty, 3, 3, 0);
        rect(&mut v, tx, ty, 3, 3, 1);
        v.push(Pos::new(tx + 2, ty + 2, 2));
    }
    rect(&mut v, 7, 1, 7, 1, 0);
    rect(&mut v, 7, 19, 7, 1, 0);
    rect(&mut v, 1, 7, 1, 4, 0);
    rect(&mut v, 23, 7, 1, 4, 0);
    rect(&mut v, 8, 6, 6, 5, 0);
    rect(&mut v, 9, 7, 4, 4, 1);
    v
}
