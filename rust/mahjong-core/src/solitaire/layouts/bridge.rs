//! Bridge: two three-layer islands (5x6, 4x5, 3x4 each: 62) joined by a two-row
//! bridge of 16 tiles with 4 more on its crown; the bridge is the bottleneck.

use super::rect;
use crate::solitaire::layout::Pos;

pub(super) fn slots() -> Vec<Pos> {
    let mut v = Vec::with_capacity(144);
    for bx in [0u16, 26] {
        rect(&mut v, bx, 0, 5, 6, 0);
        rect(&mut v, bx + 1, 1, 4, 5, 1);
        rect(&mut v, bx + 2, 2, 3, 4, 2);
    }
    rect(&mut v, 10, 4, 8, 2, 0);
    rect(&mut v, 13, 5, 4, 1, 1);
    v
}
