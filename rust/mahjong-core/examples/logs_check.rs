//! Read and replay every log under a folder; prints counts and the first problems.
use mahjong_core::engine::replay::replay_game;
use mahjong_core::logs;
use std::path::Path;

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "../shared/data/tenhou/raw".into());
    let show: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let files = match logs::list_files(Path::new(&dir)) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return;
        }
    };
    let (mut ok, mut bad, mut games) = (0, 0, 0);
    let (
        mut sup,
        mut gok,
        mut rounds,
        mut legal,
        mut scored,
        mut skipped,
        mut fin,
        mut finok,
        mut wins,
        mut winsok,
        mut unver,
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    let mut shown = 0;
    for f in &files {
        match logs::read_file(f) {
            Ok(gs) => {
                ok += 1;
                for g in &gs {
                    games += 1;
                    let r = replay_game(g);
                    if !r.supported {
                        continue;
                    }
                    sup += 1;
                    if r.ok() {
                        gok += 1;
                    }
                    rounds += r.rounds;
                    legal += r.rounds_legal;
                    scored += r.rounds_scored;
                    skipped += r.rounds_skipped;
                    wins += r.wins;
                    winsok += r.wins_matched;
                    unver += r.riichi_unverified;
                    if r.final_checked {
                        fin += 1;
                        if r.final_matched {
                            finok += 1;
                        }
                    }
                    for p in &r.problems {
                        if shown < show {
                            println!("{p}");
                            shown += 1;
                        }
                    }
                }
            }
            Err(e) => {
                bad += 1;
                eprintln!("{e}");
            }
        }
    }
    println!("files {} read {ok} failed {bad} games {games} supported {sup} clean {gok}", files.len());
    println!("rounds {rounds} legal {legal} scored {scored} skipped {skipped} wins {winsok}/{wins} final {finok}/{fin} riichi-unverified {unver}");
}
