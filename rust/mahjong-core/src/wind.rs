//! The one wind parser: every game and every layer (riichi scoring, the engine, the
//! Taiwan module, the command line) reads a seat or round wind through here, so they
//! accept and refuse the same spellings.
//!
//! A wind is written as its seat number `0`-`3` (East = 0), a letter `E` `S` `W` `N`,
//! an English name (`East`, any case), its tile `1z`-`4z`, or its character 東 南 西 北.
//!
//! ```
//! use mahjong_core::wind::{parse_wind, wind_letter, wind_seat};
//! use mahjong_core::Tile;
//! assert_eq!(parse_wind("round_wind", "南").unwrap(), Tile::SOUTH);
//! assert_eq!(parse_wind("seat_wind", "3").unwrap(), Tile::NORTH);
//! assert_eq!((wind_letter(Tile::WEST), wind_seat(Tile::WEST)), (Some('W'), Some(2)));
//! assert!(parse_wind("seat_wind", "5z").unwrap_err().message().starts_with("seat_wind = \"5z\""));
//! ```

use crate::error::{Error, Result};
use crate::tile::Tile;

/// The four winds in seat order: East, South, West, North.
pub const WINDS: [Tile; 4] = [Tile::EAST, Tile::SOUTH, Tile::WEST, Tile::NORTH];

/// Each wind's spellings, in seat order (compared without regard to case).
const SPELLINGS: [[&str; 5]; 4] = [
    ["0", "E", "EAST", "1Z", "東"],
    ["1", "S", "SOUTH", "2Z", "南"],
    ["2", "W", "WEST", "3Z", "西"],
    ["3", "N", "NORTH", "4Z", "北"],
];

/// What the parser accepts, for error messages.
pub const ACCEPTED: &str = "0-3, E/S/W/N, East/South/West/North, 1z-4z or 東/南/西/北";

/// A wind from text; `what` names the argument in the error (`"seat_wind"`).
pub fn parse_wind(what: &str, text: &str) -> Result<Tile> {
    let key = text.trim().to_ascii_uppercase();
    for (seat, names) in SPELLINGS.iter().enumerate() {
        if names.contains(&key.as_str()) {
            return Ok(WINDS[seat]);
        }
    }
    let shown: String = text.chars().take(40).collect();
    Err(Error::InvalidHand(format!("{what} = {shown:?}: expected a wind ({ACCEPTED})")))
}

/// A wind from its seat number 0-3; `what` names the argument in the error.
pub fn wind_from_seat(what: &str, seat: i64) -> Result<Tile> {
    usize::try_from(seat)
        .ok()
        .and_then(|s| WINDS.get(s).copied())
        .ok_or_else(|| Error::InvalidHand(format!("{what} = {seat}: expected a wind ({ACCEPTED})")))
}

/// The seat number 0-3 of a wind tile (None for any other tile).
pub fn wind_seat(t: Tile) -> Option<u8> {
    WINDS.iter().position(|&w| w == t).map(|s| s as u8)
}

/// The letter E, S, W or N of a wind tile (None for any other tile).
pub fn wind_letter(t: Tile) -> Option<char> {
    wind_seat(t).map(|s| ['E', 'S', 'W', 'N'][s as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_every_wind() {
        for (seat, names) in SPELLINGS.iter().enumerate() {
            for n in names {
                assert_eq!(parse_wind("w", n).unwrap(), WINDS[seat]);
                assert_eq!(parse_wind("w", &n.to_lowercase()).unwrap(), WINDS[seat]);
            }
            assert_eq!(wind_from_seat("w", seat as i64).unwrap(), WINDS[seat]);
            assert_eq!(wind_seat(WINDS[seat]), Some(seat as u8));
        }
        assert_eq!(parse_wind("w", " east ").unwrap(), Tile::EAST);
    }

    #[test]
    fn refusals_name_the_argument() {
        for bad in ["", "0z", "5z", "4", "-1", "X", "中", "EE"] {
            let e = parse_wind("round_wind", bad).unwrap_err();
            assert!(e.message().starts_with("round_wind = "), "{bad}: {}", e.message());
        }
        for bad in [-1, 4, i64::MAX, i64::MIN] {
            assert!(wind_from_seat("seat_wind", bad).unwrap_err().message().contains("0-3"));
        }
        assert_eq!(wind_seat(Tile::WHITE), None);
    }
}
