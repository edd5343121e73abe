//! The wall: 136 tiles in a fixed order. Layout (this engine's convention):
//! `0..52` the deal (seat `s` gets `13*s..13*s+13`, seats absolute), `52..122` the
//! live wall in draw order, `122..126` the four replacement (rinshan) tiles in
//! draw order, `126..131` dora indicators, `131..136` ura indicators. Each kan
//! shortens the live wall by one (the dead wall keeps 14 tiles).

use crate::error::{Error, Result};
use crate::tile::TileId;

pub const DEAL: usize = 52;
pub const LIVE_END: usize = 122;
pub const RINSHAN: usize = 122;
pub const DORA: usize = 126;
pub const URA: usize = 131;

/// A wall in a given order with draw positions.
#[derive(Clone, Debug)]
pub struct Wall {
    tiles: [TileId; 136],
    next_live: u8,
    rinshan_used: u8,
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
        Ok(Wall { tiles, next_live: DEAL as u8, rinshan_used: 0 })
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
        Wall { tiles, next_live: DEAL as u8, rinshan_used: 0 }
    }

    /// The 13 tiles dealt to absolute seat `s`.
    pub fn deal(&self, s: usize) -> &[TileId] {
        &self.tiles[13 * s..13 * s + 13]
    }
    /// Live tiles left to draw, given the number of kans made.
    #[inline]
    pub fn live_left(&self, kans: u8) -> u8 {
        (LIVE_END as u8).saturating_sub(kans).saturating_sub(self.next_live)
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
        let t = self.tiles[RINSHAN + (self.rinshan_used as usize).min(3)];
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
