//! Count the scoring core's cost apart from the row reader (development aid): rows are
//! read once, then scored PASSES times, so `callgrind` of two pass counts differ by the
//! scoring alone. `cargo build --release -p mahjong-core --example riichi_score_profile`,
//! then `riichi_score_profile DIR PASSES [score|split|full]` on int32 column dumps.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

use mahjong_core::decompose::for_each_decomposition;
use mahjong_core::riichi::batch::Columns;
use mahjong_core::riichi::score::score_without_fu_items;
use mahjong_core::riichi::{score, Rules};

fn load(dir: &str, name: &str) -> Vec<i32> {
    let bytes = std::fs::read(format!("{dir}/{name}.bin")).unwrap_or_default();
    bytes.chunks_exact(4).map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/cols".into());
    let passes: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mode = args.next().unwrap_or_else(|| "score".into());
    let names = ["hand", "win", "meld_kind", "meld_tile", "meld_red", "flags", "winner", "dealer", "discarder", "pao",
        "round_wind", "dora", "ura", "honba", "riichi_sticks", "kita", "n_players"];
    let v: Vec<Vec<i32>> = names.iter().map(|n| load(&dir, n)).collect();
    let cols = Columns {
        n: v[1].len(), hand: &v[0], win: &v[1], meld_kind: &v[2], meld_tile: &v[3], meld_red: &v[4], flags: &v[5],
        winner: &v[6], dealer: &v[7], discarder: &v[8], pao: &v[9], round_wind: &v[10], dora: &v[11], ura: &v[12],
        honba: &v[13], riichi_sticks: &v[14], kita: &v[15], n_players: &v[16],
    };
    let rules = Rules::TENHOU;
    let rows: Vec<_> = (0..cols.n).filter_map(|i| cols.row(i).ok()).collect();
    if mode == "dump" {
        // One line per row: the full result (or the error) hashed, to compare builds.
        use std::hash::{Hash, Hasher};
        for (h, w, c) in &rows {
            let mut hs = std::collections::hash_map::DefaultHasher::new();
            match score(h, *w, c, &rules) {
                Ok(r) => {
                    (r.yaku.as_slice(), r.yakuman, r.dora, r.ura, r.aka, r.kita, r.yaku_han, r.han).hash(&mut hs);
                    (r.fu, r.fu_items.as_slice(), r.form, r.wait, r.limit, r.base, r.pay).hash(&mut hs);
                }
                Err(e) => e.to_string().hash(&mut hs),
            }
            println!("{:016x}", hs.finish());
        }
        return;
    }
    let mut acc = 0u64;
    for _ in 0..passes {
        for (h, w, c) in &rows {
            acc += match mode.as_str() {
                "split" => for_each_decomposition(&h.concealed, |d| acc += d.groups().len() as u64) as u64,
                "full" => score(h, *w, c, &rules).map(|r| r.pay.points as u64 + r.fu_items.as_slice().len() as u64).unwrap_or(7),
                _ => score_without_fu_items(h, *w, c, &rules).map(|r| r.pay.points as u64 + r.fu as u64).unwrap_or(7),
            };
        }
    }
    println!("rows {} acc {acc}", rows.len());
}
