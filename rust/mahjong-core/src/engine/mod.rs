//! The riichi round and match engine: a hand as a state machine ([`round::Round`]),
//! a match of hands ([`game::Game`]), replay of logs through the same machine
//! ([`replay`]) and random self-play ([`selfplay`]). Flow rules are options of
//! [`rules::EngineRules`]; the value of a win comes from a [`judge::WinJudge`].

// Seats are indices 0..4 into several parallel arrays at once.
#![allow(clippy::needless_range_loop, clippy::too_many_arguments)]

pub mod agari;
pub mod game;
pub mod journal;
pub mod judge;
pub mod replay;
pub mod rl;
pub mod round;
pub mod rules;
pub mod scorer;
pub mod seat;
pub mod selfplay;
pub mod settle;
pub mod snapshot;
pub mod view;
pub mod wall;

/// Integer arguments of the engine's API.
pub mod arg {
    use crate::args::IntArg;
    pub const SEAT: IntArg = IntArg::new("seat", 0, 3);
    pub const FIRST_DEALER: IntArg = IntArg::new("first_dealer", 0, 3);
    pub const SEED: IntArg = IntArg::any_u64("seed");
    pub const MINUTES: IntArg = IntArg::new("minutes", 0, u32::MAX as i128);
    /// Matches of a self-play run: any count (the run is cancellable and keeps only
    /// totals, so its memory does not grow with `n`).
    pub const MATCHES: IntArg = IntArg::any_u64("n");
    /// A first wall given as 136-ids.
    pub const WALL: IntArg = IntArg::new("wall", 0, 135);
    /// The scores `final_result` ranks.
    pub const SCORES: IntArg = IntArg::new("scores", i32::MIN as i128, i32::MAX as i128);
    /// Players at a table (the rule sets of three and four players).
    pub const PLAYERS: IntArg = IntArg::new("players", 3, 4);
    /// Games made in one call of the archive writers (a call holds its rows in memory;
    /// bigger archives are written in several calls).
    pub const GAMES: IntArg = IntArg::new("count", 0, 100_000);
}

pub use game::{Game, GameResult};
pub use judge::{WinContext, WinJudge, WinValue};
pub use round::{Action, Penalty, Phase, Round, RoundEnd};
pub use rules::EngineRules;
pub use view::{seat_event, RiverTile, SeatView};
