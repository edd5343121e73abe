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
    /// An argument value outside what the API takes (a number out of its range, text
    /// that is not text, a size too large); `name` is the argument as the caller wrote it.
    #[error("{message}")]
    InvalidArgument { name: &'static str, message: String },
    /// A value too large for where it goes: an aotenjou (no limit) hand worth more than
    /// the 32-bit point fields of a batch column or of [`crate::riichi::score`] hold
    /// (the exact value: [`crate::riichi::score::score_exact`]).
    #[error("{0}")]
    PointsOverflow(String),
    /// A long call stopped because its [`crate::cancel::Cancel`] token was set (the
    /// binding turns it into `KeyboardInterrupt`); never a user error.
    #[error("cancelled")]
    Cancelled,
}

/// Result alias used across the core.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// Short kind name (the Python exception class), used by batch calls that
    /// report errors per row.
    pub fn kind(&self) -> &'static str {
        Error::KINDS[self.kind_code() as usize]
    }

    /// Every kind name, indexed by [`Error::kind_code`] (batch error tables store
    /// the code, one byte per bad row).
    pub const KINDS: [&'static str; 11] = [
        "TileParseError",
        "InvalidHandError",
        "NoYakuError",
        "InvalidRuleError",
        "LayoutError",
        "IllegalMoveError",
        "IllegalActionError",
        "LogParseError",
        "ArgumentError",
        "PointsOverflowError",
        "Cancelled",
    ];

    /// Index of [`Error::kind`] in [`Error::KINDS`].
    pub fn kind_code(&self) -> u8 {
        match self {
            Error::TileParse(_) => 0,
            Error::InvalidHand(_) => 1,
            Error::NoYaku(_) => 2,
            Error::InvalidRule(_) => 3,
            Error::Layout(_) => 4,
            Error::IllegalMove(_) => 5,
            Error::IllegalAction(_) => 6,
            Error::LogParse(_) => 7,
            Error::InvalidArgument { .. } => 8,
            Error::PointsOverflow(_) => 9,
            Error::Cancelled => 10,
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
            | Error::LogParse(m)
            | Error::PointsOverflow(m)
            | Error::InvalidArgument { message: m, .. } => m,
            Error::Cancelled => "cancelled",
        }
    }
}

/// Longest text a message quotes whole; longer inputs are quoted by this prefix.
pub const QUOTE_CHARS: usize = 60;

/// `text` quoted for a message: whole (`"123m"`) when short, else its first
/// [`QUOTE_CHARS`] characters and its length (`"1111…" (2000000 characters)`), so a
/// huge input never makes a huge message.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}… ({} characters)", &text[..cut], text.chars().count()),
    }
}

/// [`quoted`] without the quotes, for text the core wrote itself (tile lists).
pub fn bounded(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_bounds_long_text() {
        assert_eq!(quoted("12m"), "\"12m\"");
        let long = "1".repeat(1_000_000);
        let q = quoted(&long);
        assert!(q.len() < 100, "{q}");
        assert!(q.ends_with("\"… (1000000 characters)"), "{q}");
        assert_eq!(bounded(&long[..QUOTE_CHARS]), long[..QUOTE_CHARS]);
        assert!(bounded(&long).len() < 100);
        // Cut on a character boundary, never inside a multi-byte character.
        assert!(quoted(&"東".repeat(100)).starts_with("\"東東"));
    }
}
