//! Count the scoring core's cost apart from the row reader (development aid): rows are
//! read once, then scored PASSES times, so `callgrind` of two pass counts differ by the
//! scoring alone. `cargo build --release -p mahjong-core --example riichi_score_profile`,
//! then `riichi_score_profile DIR PASSES [score|split|full]` on int32 column dumps.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

mod column_dump;

use mahjong_core::decompose::for_each_decomposition;
use mahjong_core::riichi::score::score_without_fu_items;
use mahjong_core::riichi::{score, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/cols".into());
    let passes: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mode = args.next().unwrap_or_else(|| "score".into());
    let dump = column_dump::Dump::load(&dir);
    let cols = dump.columns();
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
                "full" => score(h, *w, c, &rules)
                    .map(|r| r.pay.points as u64 + r.fu_items.as_slice().len() as u64)
                    .unwrap_or(7),
                _ => score_without_fu_items(h, *w, c, &rules).map(|r| r.pay.points as u64 + r.fu as u64).unwrap_or(7),
            };
        }
    }
    println!("rows {} acc {acc}", rows.len());
}
