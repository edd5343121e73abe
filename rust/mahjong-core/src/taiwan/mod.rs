//! Taiwan 16-tile mahjong: tai patterns over 5-set hands.
//!
//! [`rules`] holds the rule set (every tai value and disputed rule an option, with
//! presets), [`pattern`] the patterns and their names, [`tai`] the scoring of one hand,
//! [`score`] its result, [`batch`] many hands at once on all cores, [`payments`] who pays
//! what for a win. Waits and shanten of
//! 16-tile hands come from [`crate::shanten`]; [`single_wait`] is the 獨聽 hot path. The flower tiles'
//! round logic (replacement, 七搶一, 八仙過海) lives in the Python layer
//! (`mahjong_fast.taiwan`), which calls [`tai::score`] and [`tai::flower_win`].

pub mod batch;
pub mod pattern;
pub mod payments;
pub mod rules;
pub mod score;
pub mod single_wait;
pub mod tai;

pub use pattern::{Pattern, ALL_PATTERNS};
pub use payments::{win_payments, Payment};
pub use rules::{EarthlyWin, OpeningReplacement, PlantNumbering, TaiwanRules};
pub use score::{PatternTai, TaiScore};
pub use tai::{flower_win, score, score_hand, Replacement, WinContext};

#[cfg(test)]
mod tests;
