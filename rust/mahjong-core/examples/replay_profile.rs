//! CPU time and instructions of replaying real logs (development aid): every log file
//! under a folder read into memory first, then the stages run over all of them on this
//! thread, each timed by the thread's CPU clock: decoding (gzip, UTF-8), reading (tags
//! or JSON into events) and the replay (legality of every action, walls, scoring).
//! `cargo run --profile test-release -p mahjong-core --example replay_profile -- DIR [STAGE] [REPEAT]`
//! STAGE `read` stops after reading and `replay` runs everything (the default); with
//! `valgrind --tool=callgrind` the difference of the two counts is the replay's.
//! STAGE `dump` prints every game's events and report (to compare two builds).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

use mahjong_core::engine::replay::replay_game;
use mahjong_core::logs::{decode_bytes, list_files, read_bytes};
use std::path::Path;

fn cpu() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid timespec pointer for the duration of the call.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "../shared/data/tenhou/raw".into());
    let stage = std::env::args().nth(2).unwrap_or_else(|| "replay".into());
    let repeat: usize = std::env::args().nth(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let files = list_files(Path::new(&dir)).unwrap();
    let raw: Vec<(String, Vec<u8>)> =
        files.iter().map(|f| (f.display().to_string(), std::fs::read(f).unwrap())).collect();
    let (mut decode, mut read, mut replay) = (0f64, 0f64, 0f64);
    let (mut games, mut ok, mut wins, mut bad_files) = (0usize, 0usize, 0usize, 0usize);
    for _ in 0..repeat {
        for (name, bytes) in &raw {
            let t0 = cpu();
            let text = decode_bytes(bytes, name);
            let t1 = cpu();
            decode += t1 - t0;
            if text.is_err() {
                if stage == "dump" {
                    println!("{text:?}");
                }
                bad_files += 1;
                continue;
            }
            drop(text);
            let t1 = cpu();
            let logs = read_bytes(bytes, name);
            let t2 = cpu();
            read += t2 - t1;
            let Ok(logs) = logs else {
                if stage == "dump" {
                    println!("{logs:?}");
                }
                bad_files += 1;
                continue;
            };
            if stage == "dump" {
                for g in &logs {
                    println!("{g:?}\n{:?}", replay_game(g));
                }
                continue;
            }
            if stage == "read" {
                games += logs.len();
                continue;
            }
            for g in &logs {
                let rep = replay_game(g);
                games += 1;
                ok += rep.ok() as usize;
                wins += rep.win_rows.len();
            }
            replay += cpu() - t2;
        }
    }
    let n = games as f64;
    println!("{} files, {games} games ({} unreadable files), {ok} verified, {wins} wins", raw.len(), bad_files);
    // Reading includes decoding (read_bytes decodes again): report it net.
    let read_net = read - decode;
    for (what, secs) in [("decode", decode), ("read (net of decode)", read_net), ("replay", replay)] {
        println!("{what:<22} {:8.1} us/game", secs / n * 1e6);
    }
    let all = read + replay;
    println!("read + replay          {:8.1} us/game  {:8.0} games/CPU-s", all / n * 1e6, n / all);
}
