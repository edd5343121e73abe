//! CPU time per stage of scoring an archive (development aid): the rows of a
//! phoenix-style database dumped as `[u32 little-endian length][bytes]` records (docs/archives.md,
//! "Throughput on one core", gives the dump line), then each stage run over every row on this
//! thread and timed by the thread's CPU clock: bzip2, the tag tokenizer, the tag
//! reader (events), the replay (legality, walls, scoring), the hand and game rows.
//! `cargo run --profile test-release -p mahjong-core --example archive_profile -- rows.bin`
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

use mahjong_core::engine::replay::replay_game;
use mahjong_core::logs::tables::{game_row, hand_rows};
use mahjong_core::logs::{decode_bytes, read_bytes, tags, tenhou};

#[global_allocator]
static ALLOC: mahjong_core::big_alloc::BigZeroAlloc = mahjong_core::big_alloc::BigZeroAlloc;

fn cpu() -> f64 {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid timespec pointer for the duration of the call.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "/tmp/rows.bin".into());
    let only = std::env::args().nth(2).unwrap_or_default();
    let raw = std::fs::read(&path).expect("read the dump");
    let mut rows: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    while i + 4 <= raw.len() {
        let n = u32::from_le_bytes(raw[i..i + 4].try_into().unwrap()) as usize;
        rows.push(&raw[i + 4..i + 4 + n]);
        i += 4 + n;
    }
    let n = rows.len() as f64;
    let report = |what: &str, secs: f64| {
        println!("{what:<22} {:8.1} us/game  {:8.0} games/CPU-s", secs / n * 1e6, n / secs);
    };
    if only == "total" {
        let t = cpu();
        let mut acc = 0usize;
        for r in &rows {
            for g in read_bytes(r, "x").unwrap() {
                let rep = replay_game(&g);
                acc += rep.win_rows.len() + hand_rows(&g).len() + game_row(&g).hands as usize;
            }
        }
        report("read + replay + rows", cpu() - t);
        println!("acc {acc}");
        return;
    }
    // One game at a time through every stage (as the binding runs them), each
    // stage's CPU time summed apart.
    let mut spent = [0f64; 5];
    let (mut bytes, mut tags_n, mut wins, mut ok, mut hands) = (0usize, 0usize, 0usize, 0usize, 0usize);
    for r in &rows {
        let t0 = cpu();
        let text = decode_bytes(r, "x").unwrap();
        let t1 = cpu();
        let tags = tags::read_tags(&text, 0, "x").unwrap();
        let t2 = cpu();
        let mut reader = tenhou::TagReader::new("x", tenhou::Flavour::Mjlog);
        reader.expect_events(tags.len());
        for t in &tags {
            reader.tag(t).unwrap();
        }
        let games = reader.finish();
        let t3 = cpu();
        for g in &games {
            let rep = replay_game(g);
            wins += rep.win_rows.len();
            ok += rep.ok() as usize;
        }
        let t4 = cpu();
        for g in &games {
            hands += hand_rows(g).len() + game_row(g).hands as usize;
        }
        let t5 = cpu();
        for (k, d) in [t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4].into_iter().enumerate() {
            spent[k] += d;
        }
        bytes += text.len();
        tags_n += tags.len();
    }
    println!(
        "{} games, {:.0} bytes of XML a game, {:.0} compressed, {:.0} tags",
        rows.len(),
        bytes as f64 / n,
        raw.len() as f64 / n,
        tags_n as f64 / n
    );
    println!("{wins} wins, {ok} games verified, {:.1} hands a game", hands as f64 / 2.0 / n);
    for (what, secs) in
        ["bzip2", "tag tokenizer", "tag reader (events)", "replay + scoring", "hand + game rows"].into_iter().zip(spent)
    {
        report(what, secs);
    }
    report("all stages", spent.iter().sum());
}
