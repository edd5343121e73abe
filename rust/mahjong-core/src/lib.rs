//! mahjong-core: exact and fast mahjong rules with no Python in sight.
//!
//! Layout: [`tile`] (kinds, ids, notations), [`hand`] (counts and melds),
//! [`decompose`] (sets-and-pair splits and wait shapes), [`shanten`] (exact shanten,
//! waits, ukeire and discards for any number of sets). Later modules build on these:
//! shanten, riichi scoring, Taiwan tai, solitaire and the round engine.

pub mod args;
pub mod batch;
pub mod big_alloc;
pub mod cancel;
pub mod decompose;
pub mod engine;
pub mod error;
pub mod hand;
pub mod logs;
pub mod options;
pub mod riichi;
pub mod shanten;
pub mod solitaire;
pub mod taiwan;
#[cfg(test)]
mod test_rng;
pub mod tile;
pub mod wind;

pub use error::{Error, Result};
pub use hand::{Counts, Hand, Meld, MeldKind};
pub use options::RuleSet;
pub use tile::{Flower, RTile, Suit, Tile, TileId, N_KINDS};
