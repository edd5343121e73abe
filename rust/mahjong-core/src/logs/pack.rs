//! Games as rows of a phoenix-style archive: mjlog XML compressed with bzip2, with the
//! flags the scrapers' databases filter on. From any log this crate reads, and from
//! random self-play (an archive of any size for tests and benchmarks).

use super::event::{GameLog, LogRules};
use super::write_mjlog::to_mjlog;
use crate::engine::replay::scoring_rules_for;
use crate::engine::rules::{EngineRules, Length};
use crate::engine::selfplay::record_match;
use crate::error::{Error, Result};
use std::io::Write;

/// One archive row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedGame {
    /// Tenhou's game-type bits (the log id's third part, in hex).
    pub go_type: u32,
    pub sanma: bool,
    pub east_only: bool,
    /// The mjlog XML, bzip2-compressed.
    pub data: Vec<u8>,
}

fn bz2(text: &str) -> Result<Vec<u8>> {
    let mut enc = bzip2::write::BzEncoder::new(Vec::with_capacity(text.len() / 4), bzip2::Compression::best());
    enc.write_all(text.as_bytes()).and_then(|()| enc.finish()).map_err(|e| Error::LogParse(format!("bzip2: {e}")))
}

/// The row of one game (refused when mjlog cannot hold it: see [`to_mjlog`]).
pub fn pack(game: &GameLog) -> Result<PackedGame> {
    let text = to_mjlog(game)?;
    let r = &game.rules;
    let go_type = r.go_type.unwrap_or_else(|| go_type_of(r));
    Ok(PackedGame { go_type, sanma: r.sanma || game.n_players == 3, east_only: !r.hanchan, data: bz2(&text)? })
}

/// Tenhou's type bits for table flags (played against people, as every archived
/// game is).
pub fn go_type_of(r: &LogRules) -> u32 {
    1 | u32::from(!r.aka) << 1 | u32::from(!r.kuitan) << 2 | u32::from(r.hanchan) << 3 | u32::from(r.sanma) << 4
}

/// One match of random legal play at a Tenhou table of `players` (3 or 4), east-only
/// or east-south, from `seed`, as an archive row (the phoenix room's type bits).
pub fn synth(players: u8, east_only: bool, seed: u64) -> Result<PackedGame> {
    // 0xA1: phoenix room (0x20 | 0x80) against people; 0x08 east-south; 0x10 three players.
    let go = 0xA1 | u32::from(!east_only) << 3 | u32::from(players == 3) << 4;
    let log_rules = LogRules::from_go_type(go);
    let mut rules = if players == 3 { EngineRules::TENHOU_SANMA } else { EngineRules::TENHOU };
    if east_only {
        rules.length = Length::East;
    }
    let shape = GameLog { rules: log_rules.clone(), n_players: rules.players, ..GameLog::default() };
    let game = record_match(&rules, &scoring_rules_for(&shape), log_rules, seed);
    pack(&game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay::replay_game;
    use crate::logs::read_bytes;

    #[test]
    fn synthesized_rows_read_back_and_verify() {
        for (players, east) in [(4, false), (4, true), (3, false)] {
            let row = synth(players, east, 7).unwrap();
            assert_eq!((row.sanma, row.east_only), (players == 3, east));
            let g = read_bytes(&row.data, "row").unwrap().remove(0);
            assert_eq!(g.n_players, players);
            let r = replay_game(&g);
            assert!(r.ok() && r.complete(), "{:?}", r.problems);
        }
    }
}
