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

/// Integer arguments of the Taiwan API, declared once for every binding.
pub mod arg {
    use crate::args::IntArg;
    pub const WINNER: IntArg = IntArg::new("winner", 0, 3);
    pub const DEALER: IntArg = IntArg::new("dealer", 0, 3);
    pub const DISCARDER: IntArg = IntArg::new("discarder", 0, 3);
    pub const SEAT_WIND: IntArg = IntArg::new("seat_wind", 0, 3);
    pub const ROUND_WIND: IntArg = IntArg::new("round_wind", 0, 3);
    /// The winner's flowers as a mask of the eight (bit `i` = flower `i`).
    pub const FLOWERS: IntArg = IntArg::new("flowers", 0, 255);
    /// Deals the dealer has kept in a row (counted in 16 bits).
    pub const CONSECUTIVE: IntArg = IntArg::new("consecutive", 0, u16::MAX as i128);
    /// Tai of one payment (counted in 32 bits).
    pub const TAI: IntArg = IntArg::new("tai", 0, u32::MAX as i128);
    /// Every one of them, for bindings that check values on their side.
    pub const ALL: [IntArg; 8] = [WINNER, DEALER, DISCARDER, SEAT_WIND, ROUND_WIND, FLOWERS, CONSECUTIVE, TAI];
}
pub use payments::{win_payments, Payment};
pub use rules::{EarthlyWin, OpeningReplacement, PlantNumbering, TaiwanRules};
pub use score::{PatternTai, TaiScore};
pub use tai::{flower_win, score, score_hand, Replacement, WinContext};

#[cfg(test)]
mod tests;
