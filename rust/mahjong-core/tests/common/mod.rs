//! What the round-trip tests over the real logs share: where the data is and what
//! verification says of a game.

use mahjong_core::engine::replay::ReplayReport;
use std::path::PathBuf;

/// `../shared/data/tenhou/raw` (or `$MAHJONG_FAST_TENHOU_DIR/raw`), when present.
pub fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("MAHJONG_FAST_TENHOU_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tenhou"));
    dir.join("raw").is_dir().then(|| dir.join("raw"))
}

/// What verification says of a game, apart from names (sources) in its messages.
pub fn verdict(r: &ReplayReport) -> impl PartialEq + std::fmt::Debug {
    (
        (r.supported, r.ok(), r.complete(), r.rounds, r.rounds_legal, r.rounds_scored, r.rounds_skipped),
        (r.wins, r.wins_matched, r.riichi_checked, r.riichi_unverified, r.truncated, r.rounds_truncated),
        (r.kuikae_accepted, r.uma_from_record, r.fingerprint, r.hands.clone(), r.final_checked, r.final_matched),
        r.problems.len(),
        r.win_rows.iter().map(|w| (w.seat, w.from, w.deltas, w.recorded)).collect::<Vec<_>>(),
    )
}
