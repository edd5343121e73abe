//! Count the shanten core's cost per hand (development aid): N hands of 13 or 14 tiles
//! (alternating) dealt from independently shuffled walls with a fixed seed are made
//! once, then evaluated PASSES times, so `callgrind` of two pass counts differs by the
//! evaluation alone: `cargo build --release -p mahjong-core --example shanten_profile`,
//! then `valgrind --tool=callgrind target/release/examples/shanten_profile N PASSES MODE`
//! with MODE `shanten` (riichi forms), `standard` (standard form only), `baseline`
//! (standard form on the SSE2 baseline path, not the run-time-selected kernel) or
//! `batch` (the counts-column batch on one thread, validation included; set
//! RAYON_NUM_THREADS=1).
//! `dump` prints every hand's shanten, one a line, to compare builds.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

use mahjong_core::shanten::batch::{shanten_rows, Rows};
use mahjong_core::shanten::{shanten, standard_shanten};

/// splitmix64: a fixed, dependency-free stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `n` hands as flat counts (34 bytes a hand): the first 13 or 14 tiles of a shuffled wall.
fn deal(n: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng(seed);
    let mut out = vec![0u8; 34 * n];
    let mut wall: Vec<u8> = (0..136u8).collect();
    for (i, row) in out.chunks_exact_mut(34).enumerate() {
        let take = if i % 2 == 0 { 14 } else { 13 };
        for j in 0..take {
            let k = j + (rng.next() % (136 - j) as u64) as usize;
            wall.swap(j, k);
            row[(wall[j] / 4) as usize] += 1;
        }
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let passes: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mode = args.next().unwrap_or_else(|| "shanten".into());
    let flat = deal(n, 2026);
    let hands: Vec<[u8; 34]> = flat.chunks_exact(34).map(|r| r.try_into().unwrap()).collect();
    let mut acc = 0i64;
    match mode.as_str() {
        "dump" => {
            for h in &hands {
                println!("{} {}", shanten(h, 4), standard_shanten(h, 4));
            }
            return;
        }
        "batch" => {
            let mut out = vec![0i8; n];
            for _ in 0..passes {
                let errs = shanten_rows(&Rows::<&str>::Counts(&flat), None, &mut out);
                assert!(errs.is_empty());
                acc += out.iter().map(|&s| s as i64).sum::<i64>();
            }
        }
        "baseline" => {
            for _ in 0..passes {
                for h in &hands {
                    acc +=
                        mahjong_core::shanten::table::baseline_standard_distance(std::hint::black_box(h), 4) as i64 - 1;
                }
            }
        }
        "standard" => {
            for _ in 0..passes {
                for h in &hands {
                    acc += standard_shanten(std::hint::black_box(h), 4) as i64;
                }
            }
        }
        _ => {
            for _ in 0..passes {
                for h in &hands {
                    acc += shanten(std::hint::black_box(h), 4) as i64;
                }
            }
        }
    }
    println!("hands {n} passes {passes} acc {acc}");
}
