//! Spider: a stacked body (6x4, 5x3, 4x2 and a single tile: 48) with eight legs of 11
//! tiles, four a side. The outer legs climb away diagonally (each step half a tile
//! up or down, so consecutive tiles still touch) then run straight; the inner legs run
//! straight. Each leg carries a second tile at its root: 48 + 88 + 8 = 144. Leg tips
//! are easy to reach; the body gets harder as the game goes on.

use super::rect;
use crate::solitaire::layout::Pos;

pub(super) fn slots() -> Vec<Pos> {
    // Built in signed coordinates, then shifted so the smallest x and y are 0.
    let mut raw: Vec<(i32, i32, u8)> = Vec::with_capacity(144);
    let mut body = Vec::new();
    rect(&mut body, 12, 6, 6, 4, 0);
    rect(&mut body, 13, 7, 5, 3, 1);
    rect(&mut body, 14, 8, 4, 2, 2);
    body.push(Pos::new(16, 9, 3));
    raw.extend(body.iter().map(|p| (p.x as i32, p.y as i32, p.z)));
    for (sx, x0) in [(1i32, 24i32), (-1, 10)] {
        for (y0, dy) in [(6i32, -1i32), (8, 0), (10, 0), (12, 1)] {
            let (mut x, mut y) = (x0, y0);
            for k in 0..11 {
                raw.push((x, y, 0));
                x += 2 * sx;
                if k < 6 {
                    y += dy;
                }
            }
            raw.push((x0, y0, 1));
        }
    }
    let mx = raw.iter().map(|t| t.0).min().unwrap_or(0);
    let my = raw.iter().map(|t| t.1).min().unwrap_or(0);
    raw.into_iter().map(|(x, y, z)| Pos::new((x - mx) as u16, (y - my) as u16, z)).collect()
}
