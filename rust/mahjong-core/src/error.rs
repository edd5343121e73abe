//! The one error type of the core. Every variant maps to its own Python exception
//! class under `MahjongError` (see `rust/mahjong-py/src/errors.rs`), so each message
//! must name the offending input: it is what a user reads.

use thiserror::Error;

/// Every way an input or an action can be wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A tile string, id or character could not be read.
    #[error("{0}")]
    TileParse(String),
    /// Tiles that cannot form the hand asked for (counts, fifth copies, bad melds).
    #[error("{0}")]
    InvalidHand(String),
    /// A complete hand that scores no yaku (riichi) under the given rules.
    #[error("{0}")]
    NoYaku(String),
    /// A rule set option that is unknown, out of range or contradictory.
    #[error("{0}")]
    InvalidRule(String),
    /// A solitaire layout that cannot be used.
    #[error("{0}")]
    Layout(String),
    /// A solitaire move that the free-tile or matching rule forbids.
    #[error("{0}")]
    IllegalMove(String),
    /// An engine action that is not legal in the current state.
    #[error("{0}")]
    IllegalAction(String),
    /// A game log that cannot be read.
    #[error("{0}")]
    LogParse(String),
}

/// Result alias used across the core.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// Short kind name, used by batch calls that report errors per row.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::TileParse(_) => "TileParseError",
            Error::InvalidHand(_) => "InvalidHandError",
            Error::NoYaku(_) => "NoYakuError",
            Error::InvalidRule(_) => "InvalidRuleError",
            Error::Layout(_) => "LayoutError",
            Error::IllegalMove(_) => "IllegalMoveError",
            Error::IllegalAction(_) => "IllegalActionError",
            Error::LogParse(_) => "LogParseError",
        }
    }

    /// The message alone.
    pub fn message(&self) -> &str {
        match self {
            Error::TileParse(m)
            | Error::InvalidHand(m)
            | Error::NoYaku(m)
            | Error::InvalidRule(m)
            | Error::Layout(m)
            | Error::IllegalMove(m)
            | Error::IllegalAction(m)
            | Error::LogParse(m) => m,
        }
    }
}
