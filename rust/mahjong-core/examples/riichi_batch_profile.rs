//! Time the batch path by stage on columns dumped as raw int32 files (development aid):
//! `cargo run --profile test-release -p mahjong-core --example riichi_batch_profile -- DIR`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

use mahjong_core::decompose::for_each_decomposition;
use mahjong_core::riichi::batch::Columns;
use mahjong_core::riichi::{score, Rules};

fn load(dir: &str, name: &str) -> Vec<i32> {
    let bytes = std::fs::read(format!("{dir}/{name}.bin")).unwrap_or_default();
    bytes.chunks_exact(4).map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "/tmp/cols".into());
    let names = ["hand", "win", "meld_kind", "meld_tile", "meld_red", "flags", "winner", "dealer", "discarder", "pao",
        "round_wind", "dora", "ura", "honba", "riichi_sticks", "kita", "n_players"];
    let v: Vec<Vec<i32>> = names.iter().map(|n| load(&dir, n)).collect();
    let cols = Columns {
        n: v[1].len(), hand: &v[0], win: &v[1], meld_kind: &v[2], meld_tile: &v[3], meld_red: &v[4], flags: &v[5],
        winner: &v[6], dealer: &v[7], discarder: &v[8], pao: &v[9], round_wind: &v[10], dora: &v[11], ura: &v[12],
        honba: &v[13], riichi_sticks: &v[14], kita: &v[15], n_players: &v[16],
    };
    let n = cols.n;
    let rules = Rules::TENHOU;
    if std::env::args().nth(2).as_deref() == Some("score") {
        // Only the scoring loop, several passes (for a profiler).
        let rows: Vec<_> = (0..n).filter_map(|i| cols.row(i).ok()).collect();
        let mut acc = 0u64;
        for _ in 0..10 {
            for (h, w, c) in &rows {
                acc += score(h, *w, c, &rules).map(|r| r.pay.points as u64).unwrap_or(0);
            }
        }
        println!("{acc}");
        return;
    }
    let cpu = || cpu_time::now();
    let t = cpu();
    let mut acc = 0u64;
    for i in 0..n {
        if let Ok((h, _, c)) = cols.row(i) {
            acc += h.concealed[0] as u64 + c.winner as u64;
        }
    }
    let row = cpu() - t;
    let t = cpu();
    for i in 0..n {
        if let Ok((h, _, _)) = cols.row(i) {
            acc += for_each_decomposition(&h.concealed, |d| acc += d.groups().len() as u64) as u64;
        }
    }
    let dec = cpu() - t;
    let t = cpu();
    for i in 0..n {
        if let Ok((h, w, c)) = cols.row(i) {
            acc += score(&h, w, &c, &rules).map(|r| r.pay.points as u64).unwrap_or(0);
        }
    }
    let full = cpu() - t;
    let mut shapes = 0u64;
    for i in 0..n {
        if let Ok((h, w, _)) = cols.row(i) {
            for_each_decomposition(&h.concealed, |d| mahjong_core::decompose::for_each_wait(d, w.tile, |_| shapes += 1));
        }
    }
    println!("standard readings per row: {:.2}", shapes as f64 / n as f64);
    let per = |x: f64| x / n as f64 * 1e9;
    println!(
        "CPU ns per row: row {:.0}, row+decompose {:.0}, row+score {:.0} ({acc})",
        per(row),
        per(dec),
        per(full)
    );
}

mod cpu_time {
    /// Process CPU time in seconds (clock_gettime(CLOCK_PROCESS_CPUTIME_ID) via /proc).
    pub fn now() -> f64 {
        let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let f: Vec<&str> = s.rsplit(')').next().unwrap_or("").split_whitespace().collect();
        let ticks: f64 = f.get(11).and_then(|x| x.parse().ok()).unwrap_or(0.0) + f.get(12).and_then(|x| x.parse().ok()).unwrap_or(0.0);
        ticks / 100.0
    }
}
