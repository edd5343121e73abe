//! Every game under `../shared/data/tenhou` (or `$MAHJONG_FAST_TENHOU_DIR`) written
//! as mjai and as tenhou.net/6 JSON and read back is the same game and verifies the
//! same way. Skips (passes with a note) when the data is absent.

use mahjong_core::engine::replay::{replay_game, ReplayReport};
use mahjong_core::logs::roundtrip::{round_trip, Outcome, Target};
use mahjong_core::logs::{list_files, read_file};
use std::path::PathBuf;

fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("MAHJONG_FAST_TENHOU_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tenhou"));
    dir.join("raw").is_dir().then(|| dir.join("raw"))
}

/// What verification says of a game, apart from names (sources) in its messages.
fn verdict(r: &ReplayReport) -> impl PartialEq + std::fmt::Debug {
    (
        (r.supported, r.ok(), r.complete(), r.rounds, r.rounds_legal, r.rounds_scored, r.rounds_skipped),
        (r.wins, r.wins_matched, r.riichi_checked, r.riichi_unverified, r.truncated, r.rounds_truncated),
        (r.kuikae_accepted, r.uma_from_record, r.fingerprint, r.hands.clone(), r.final_checked, r.final_matched),
        r.problems.len(),
        r.win_rows.iter().map(|w| (w.seat, w.from, w.deltas, w.recorded)).collect::<Vec<_>>(),
    )
}

#[test]
fn every_real_game_round_trips_through_both_writers() {
    let Some(raw) = data_dir() else {
        eprintln!("real Tenhou data not present: skipped");
        return;
    };
    let files = list_files(&raw).expect("list the data");
    let (mut games, mut unreadable) = (0, 0);
    let mut same = [0usize; 2];
    let mut not_writable = [0usize; 2];
    let mut failures = Vec::new();
    for f in &files {
        let Ok(logs) = read_file(f) else {
            unreadable += 1;
            continue;
        };
        for g in &logs {
            games += 1;
            let before = verdict(&replay_game(g));
            for (i, t) in Target::ALL.into_iter().enumerate() {
                match round_trip(g, t) {
                    Ok(Outcome::Same(back)) => {
                        let after = verdict(&replay_game(&back));
                        if after == before {
                            same[i] += 1;
                        } else {
                            failures.push(format!("{} as {}: verified {after:?}, not {before:?}", g.source, t.name()));
                        }
                    }
                    Ok(Outcome::NotWritable(_)) => not_writable[i] += 1,
                    Err(e) => failures.push(e),
                }
            }
        }
    }
    eprintln!(
        "{} files ({unreadable} unreadable), {games} games: mjai {} same; tenhou6 {} same, {} not writable",
        files.len(),
        same[0],
        same[1],
        not_writable[1]
    );
    let shown: Vec<&String> = failures
        .iter()
        .filter(|f| f.contains(" as mjai"))
        .take(15)
        .chain(failures.iter().filter(|f| !f.contains(" as mjai")).take(15))
        .collect();
    for f in shown {
        let short = f.rsplit("/raw/").next().unwrap_or(f);
        eprintln!("{}", short.chars().take(600).collect::<String>());
    }
    assert!(games > 900, "{games} games");
    // Every game reads back from mjai as the same game, verified the same way.
    assert_eq!(same[0], games);
    let mjai_failures = failures.iter().filter(|f| f.contains(" as mjai")).count();
    assert_eq!(mjai_failures, 0);
    // tenhou.net/6: whatever the writer writes, the reader reads.
    assert!(!failures.iter().any(|f| f.contains("refuses")), "a tenhou6 output was refused");
    assert!(same[1] + not_writable[1] + failures.len() == games);
}
