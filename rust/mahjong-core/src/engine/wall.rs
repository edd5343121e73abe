//! The wall: 136 tiles in a fixed order. Layout (this engine's convention):
//! `0..52` the deal (seat `s` gets `13*s..13*s+13`, seats absolute), `52..122` the
//! live wall in draw order, `122..126` the four replacement (rinshan) tiles in
//! draw order, `126..131` dora indicators, `131..136` ura indicators. Each kan
//! shortens the live wall by one (the dead wall keeps 14 tiles).
//!
//! Three-player walls hold 108 tiles (no 2m-8m): the deal is `0..39`, the live wall
//! `52..107`; the 28 ids of 2m-8m sit in the unused slots `39..52` and `107..122`.
//! Replacement draws (kans and norths pulled aside) may number up to eight: after
//! the four rinshan tiles come the tiles at the end of the live wall, which each
//! replacement has already moved into the dead wall.

use crate::error::{Error, Result};
use crate::tile::TileId;

pub const DEAL: usize = 52;
pub const LIVE_END: usize = 122;
pub const RINSHAN: usize = 122;
pub const DORA: usize = 126;
pub const URA: usize = 131;
/// End of the three-player live wall.
pub const LIVE_END_SANMA: usize = 107;

/// Kinds not in a three-player wall: 2m to 8m.
#[inline]
pub fn sanma_excluded(kind: usize) -> bool {
    (1..8).contains(&kind)
}

/// A wall in a given order with draw positions.
#[derive(Clone, Debug)]
pub struct Wall {
    tiles: [TileId; 136],
    next_live: u8,
    rinshan_used: u8,
    live_end: u8,
}

/// A tiny xorshift generator: walls from a seed without a dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n` (n > 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Slots of a three-player wall that hold the 2m-8m ids (out of play).
#[inline]
pub fn sanma_unused_slot(i: usize) -> bool {
    (39..DEAL).contains(&i) || (LIVE_END_SANMA..LIVE_END).contains(&i)
}

/// Position of the `i`-th replacement draw (0-based) in a wall whose live part ends
/// at `live_end`: the four rinshan tiles, then the end of the live wall backwards.
#[inline]
pub fn rinshan_slot(i: usize, live_end: usize) -> usize {
    if i < 4 {
        RINSHAN + i
    } else {
        live_end.saturating_sub(i - 3).max(DEAL)
    }
}

impl Wall {
    /// A wall in the given order; every id must appear exactly once.
    pub fn from_order(order: &[TileId]) -> Result<Wall> {
        if order.len() != 136 {
            return Err(Error::InvalidRule(format!("a wall needs 136 tiles, got {}", order.len())));
        }
        let mut seen = [false; 136];
        for t in order {
            if std::mem::replace(&mut seen[t.id() as usize], true) {
                return Err(Error::InvalidRule(format!("tile id {} appears twice in the wall", t.id())));
            }
        }
        let mut tiles = [order[0]; 136];
        tiles.copy_from_slice(order);
        Ok(Wall { tiles, next_live: DEAL as u8, rinshan_used: 0, live_end: LIVE_END as u8 })
    }

    /// A wall in the given order for `players` (3 or 4); a three-player order must
    /// keep 2m-8m out of the slots in play (see the module docs).
    pub fn from_order_for(order: &[TileId], players: u8) -> Result<Wall> {
        let mut w = Wall::from_order(order)?;
        if players == 3 {
            w.live_end = LIVE_END_SANMA as u8;
            for (i, t) in w.tiles.iter().enumerate() {
                if !sanma_unused_slot(i) && sanma_excluded(t.tile().index()) {
                    return Err(Error::InvalidRule(format!(
                        "three-player wall: tile id {} (2m-8m) at position {i}, which is in play",
                        t.id()
                    )));
                }
            }
        }
        Ok(w)
    }

    /// A shuffled wall for `players` (3 or 4).
    pub fn shuffled_for(rng: &mut Rng, players: u8) -> Wall {
        let mut w = Wall::shuffled(rng);
        if players == 3 {
            // Keep the shuffle's order of the 108 tiles in play and put 2m-8m into
            // the unused slots (fixed arrays: no allocation in self-play).
            let mut play = [TileId::wrapping(0); 108];
            let mut out = [TileId::wrapping(0); 28];
            let (mut np, mut no) = (0, 0);
            for &t in w.tiles.iter() {
                if sanma_excluded(t.tile().index()) {
                    out[no.min(27)] = t;
                    no += 1;
                } else {
                    play[np.min(107)] = t;
                    np += 1;
                }
            }
            let (mut ip, mut io) = (0, 0);
            for (i, slot) in w.tiles.iter_mut().enumerate() {
                if sanma_unused_slot(i) {
                    *slot = out[io.min(27)];
                    io += 1;
                } else {
                    *slot = play[ip.min(107)];
                    ip += 1;
                }
            }
            w.live_end = LIVE_END_SANMA as u8;
        }
        w
    }

    /// A shuffled wall from a seed (Fisher-Yates with xorshift).
    pub fn shuffled(rng: &mut Rng) -> Wall {
        let mut tiles = [TileId::wrapping(0); 136];
        for (i, t) in tiles.iter_mut().enumerate() {
            *t = TileId::wrapping(i as u8);
        }
        for i in (1..136).rev() {
            let j = rng.below(i + 1);
            tiles.swap(i, j);
        }
        Wall { tiles, next_live: DEAL as u8, rinshan_used: 0, live_end: LIVE_END as u8 }
    }

    /// The 13 tiles dealt to absolute seat `s`.
    pub fn deal(&self, s: usize) -> &[TileId] {
        &self.tiles[13 * s..13 * s + 13]
    }
    /// Live tiles left to draw, given the number of replacement draws owed so far
    /// (kans made, norths pulled aside).
    #[inline]
    pub fn live_left(&self, replacements: u8) -> u8 {
        self.live_end.saturating_sub(replacements).saturating_sub(self.next_live)
    }
    /// Draw the next live tile.
    #[inline]
    pub fn draw(&mut self) -> TileId {
        let t = self.tiles[self.next_live as usize];
        self.next_live += 1;
        t
    }
    /// Draw the next replacement tile after a kan.
    #[inline]
    pub fn draw_rinshan(&mut self) -> TileId {
        let t = self.tiles[rinshan_slot(self.rinshan_used as usize, self.live_end as usize)];
        self.rinshan_used += 1;
        t
    }
    /// The `i`-th dora indicator (0 = the first).
    #[inline]
    pub fn dora_indicator(&self, i: usize) -> TileId {
        self.tiles[DORA + i.min(4)]
    }
    /// The `i`-th ura indicator.
    #[inline]
    pub fn ura_indicator(&self, i: usize) -> TileId {
        self.tiles[URA + i.min(4)]
    }
    /// The whole order.
    pub fn order(&self) -> &[TileId; 136] {
        &self.tiles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_player_walls_keep_2m_to_8m_out_of_play() {
        let mut rng = Rng::new(7);
        let w = Wall::shuffled_for(&mut rng, 3);
        let mut seen = [false; 136];
        for (i, t) in w.order().iter().enumerate() {
            assert!(!std::mem::replace(&mut seen[t.id() as usize], true), "id {} twice", t.id());
            assert_eq!(sanma_excluded(t.tile().index()), sanma_unused_slot(i), "slot {i}");
        }
        assert_eq!(w.live_left(0), 55);
        assert!(Wall::from_order_for(w.order(), 3).is_ok());
        // A 2m in play is refused.
        let mut bad = *w.order();
        bad.swap(0, 39);
        assert!(Wall::from_order_for(&bad, 3).is_err());
    }

    #[test]
    fn replacement_draws_past_the_rinshan_tiles_take_the_live_wall_end() {
        assert_eq!((0..6).map(|i| rinshan_slot(i, LIVE_END_SANMA)).collect::<Vec<_>>(), [122, 123, 124, 125, 106, 105]);
        let mut rng = Rng::new(3);
        let mut w = Wall::shuffled_for(&mut rng, 3);
        let order = *w.order();
        for i in 0..6 {
            assert_eq!(w.draw_rinshan(), order[rinshan_slot(i, LIVE_END_SANMA)]);
        }
        // Six replacements shorten the live wall by six.
        assert_eq!(w.live_left(6), 49);
    }
}
