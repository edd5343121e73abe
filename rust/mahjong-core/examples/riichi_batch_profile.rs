//! Time the batch path by stage on columns dumped as raw int32 files (development aid):
//! `cargo run --profile test-release -p mahjong-core --example riichi_batch_profile -- DIR`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

mod column_dump;

use mahjong_core::decompose::for_each_decomposition;
use mahjong_core::riichi::batch::{score_columns, OutColumns, YAKU_WIDTH};
use mahjong_core::riichi::score::score_without_fu_items;
use mahjong_core::riichi::{score, Rules};

fn main() {
    let cpu = || cpu_time::now();
    let dir = std::env::args().nth(1).unwrap_or_else(|| "/tmp/cols".into());
    let dump = column_dump::Dump::load(&dir);
    let cols = dump.columns();
    let n = cols.n;
    let rules = Rules::TENHOU;
    let passes: usize = std::env::args().nth(3).and_then(|x| x.parse().ok()).unwrap_or(1);
    if std::env::args().nth(2).as_deref() == Some("batch") {
        // The whole columnar path (row reader, scorer, output writer), as Python calls it;
        // run with RAYON_NUM_THREADS=1 under a profiler for per-win instruction counts.
        let (mut e, mut l) = (vec![0i8; n], vec![0i8; n]);
        let mut h16: Vec<Vec<i16>> = (0..7).map(|_| vec![0i16; n]).collect();
        let (mut base, mut points, mut deltas) = (vec![0i32; n], vec![0i32; n], vec![0i32; 4 * n]);
        let (mut yaku, mut yaku_han) = (vec![0i8; YAKU_WIDTH * n], vec![0i8; YAKU_WIDTH * n]);
        let mut failed = 0;
        let t = cpu();
        for _ in 0..passes {
            let [han, fu, yakuman, dora, ura, aka, kita] = &mut h16[..] else { unreachable!() };
            let out = OutColumns {
                error: &mut e,
                han,
                fu,
                yakuman,
                dora,
                ura,
                aka,
                kita,
                limit: &mut l,
                base: &mut base,
                points: &mut points,
                deltas: &mut deltas,
                yaku: &mut yaku,
                yaku_han: &mut yaku_han,
            };
            failed = score_columns(&cols, &rules, out, &Default::default()).unwrap().len();
        }
        let s = cpu() - t;
        let sum: i64 = points.iter().map(|&p| p as i64).sum();
        println!("rows {n}, failed {failed}, points {sum}, CPU ns per row {:.1}", s / (n * passes) as f64 * 1e9);
        return;
    }
    if std::env::args().nth(2).as_deref() == Some("rows") {
        // The row reader alone (instructions per row: run under callgrind with 1 and 3
        // passes and divide the difference by 2n).
        let mut ok = 0usize;
        for _ in 0..passes {
            for i in 0..n {
                ok += std::hint::black_box(cols.row(std::hint::black_box(i))).is_ok() as usize;
            }
        }
        println!("{ok}");
        return;
    }
    if std::env::args().nth(2).as_deref() == Some("rows_into") {
        // The in-place reader the batch uses.
        let mut buf = mahjong_core::riichi::batch::RowBuf::new();
        let mut w = None;
        let mut ok = 0usize;
        for _ in 0..passes {
            for i in 0..n {
                if let Ok(x) = cols.row_into(std::hint::black_box(i), &mut buf) {
                    w = Some(x);
                    ok += 1;
                }
                std::hint::black_box((&buf.hand, &buf.ctx));
            }
        }
        println!("{ok} {w:?}");
        return;
    }
    if std::env::args().nth(2).as_deref() == Some("score") {
        // Only the scoring loop, as the batch calls it (for a profiler).
        let rows: Vec<_> = (0..n).filter_map(|i| cols.row(i).ok()).collect();
        let mut acc = 0u64;
        for _ in 0..passes {
            for (h, w, c) in &rows {
                let r = score_without_fu_items(std::hint::black_box(h), *w, c, &rules);
                acc += r.map(|r| r.pay.points as u64).unwrap_or(0);
            }
        }
        println!("{acc}");
        return;
    }
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
            for_each_decomposition(&h.concealed, |d| {
                mahjong_core::decompose::for_each_wait(d, w.tile, |_| shapes += 1)
            });
        }
    }
    println!("standard readings per row: {:.2}", shapes as f64 / n as f64);
    let per = |x: f64| x / n as f64 * 1e9;
    println!("CPU ns per row: row {:.0}, row+decompose {:.0}, row+score {:.0} ({acc})", per(row), per(dec), per(full));
}

mod cpu_time {
    /// Process CPU time in seconds (clock_gettime(CLOCK_PROCESS_CPUTIME_ID) via /proc).
    pub fn now() -> f64 {
        let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let f: Vec<&str> = s.rsplit(')').next().unwrap_or("").split_whitespace().collect();
        let ticks: f64 = f.get(11).and_then(|x| x.parse().ok()).unwrap_or(0.0)
            + f.get(12).and_then(|x| x.parse().ok()).unwrap_or(0.0);
        ticks / 100.0
    }
}
