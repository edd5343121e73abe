//! Turtle (亀, also "dragon"): the classic board. Bottom layer of eight rows
//! (12, 8, 10, 12, 12, 10, 8, 12 tiles) plus three side tiles straddling the two
//! middle rows (one on the left, two on the right): 87. Then 6x6, 4x4 and 2x2 centred
//! squares, and one cap tile over the centre of the 2x2: 87 + 36 + 16 + 4 + 1 = 144.

use super::rect;
use crate::solitaire::layout::Pos;

pub(super) fn slots() -> Vec<Pos> {
    let mut v = Vec::with_capacity(144);
    // (first column, tiles) of each bottom row; columns start at 2 to leave room for
    // the left side tile.
    let rows: [(u16, u16); 8] = [(2, 12), (6, 8), (4, 10), (2, 12), (2, 12), (4, 10), (6, 8), (2, 12)];
    for (j, &(x0, n)) in rows.iter().enumerate() {
        rect(&mut v, x0, 2 * j as u16, n, 1, 0);
    }
    v.push(Pos::new(0, 7, 0));
    v.push(Pos::new(26, 7, 0));
    v.push(Pos::new(28, 7, 0));
    rect(&mut v, 8, 2, 6, 6, 1);
    rect(&mut v, 10, 4, 4, 4, 2);
    rect(&mut v, 12, 6, 2, 2, 3);
    v.push(Pos::new(13, 7, 4));
    v
}
