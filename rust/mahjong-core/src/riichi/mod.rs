//! Riichi mahjong scoring: rule options ([`rules`]), the win situation ([`context`]),
//! readings of a hand ([`shape`]), yaku ([`yaku`]), fu ([`fu`]), points and payments
//! ([`points`]), nagashi mangan's payments ([`nagashi`]), and the entry point
//! [`score::score`].
//!
//! ```
//! use mahjong_core::riichi::{score::score, context::WinContext, rules::Rules};
//! use mahjong_core::{tile::parse_mpsz, Hand};
//! let tiles = parse_mpsz("123m456p789s23455s").unwrap();
//! let hand = Hand::new(&tiles, &[], 4).unwrap();
//! let ctx = WinContext { tsumo: true, winner: 1, ..WinContext::default() };
//! let r = score(&hand, parse_mpsz("2s").unwrap()[0], &ctx, &Rules::TENHOU).unwrap();
//! assert_eq!((r.han, r.fu), (2, 20)); // menzen tsumo + pinfu
//! ```

pub mod batch;
pub mod context;
pub mod fu;
pub mod kinds;
pub mod nagashi;
pub mod points;
pub mod reading;
#[cfg(test)]
mod reference;
pub mod rules;
pub mod score;
pub mod shape;
pub mod value;
pub mod yaku;

pub use context::{Indicators, WinContext};
pub use rules::Rules;
pub use score::{score, ScoreResult};
pub use yaku::Yaku;
