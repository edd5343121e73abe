//! Pyramid: few, wide layers narrowing to a small top. A 9x8 base (72), an 8x7 layer
//! set half a tile in so each tile straddles four below (56), and a 4x4 top (16).

use super::rect;
use crate::solitaire::layout::Pos;

pub(super) fn slots() -> Vec<Pos> {
    let mut v = Vec::with_capacity(144);
    rect(&mut v, 0, 0, 9, 8, 0);
    rect(&mut v, 1, 1, 8, 7, 1);
    rect(&mut v, 5, 3, 4, 4, 2);
    v
}
