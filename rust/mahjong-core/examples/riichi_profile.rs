//! Time the parts of riichi scoring on a fixed set of hands (development aid):
//! `cargo run --profile test-release -p mahjong-core --example riichi_profile`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a development aid, not library code

use mahjong_core::decompose::for_each_decomposition;
use mahjong_core::riichi::{score, Rules, WinContext};
use mahjong_core::tile::parse_mpsz;
use mahjong_core::{Hand, RTile};
use std::time::Instant;

fn main() {
    let hands = [
        ("123m456p789s23455s", "2s"),
        ("234m456p678s34s55m", "5s"),
        ("112233m456p789s55p", "9s"),
        ("111m234m567m999m55m", "5m"),
        ("123m567m789m11z222z", "2z"),
        ("1133m5577p99s1144z", "4z"),
        ("123m345m567p22s678s", "8s"),
        ("222333444m567p88s", "8s"),
    ];
    let parsed: Vec<(Hand, RTile)> = hands
        .iter()
        .map(|(h, w)| (Hand::new(&parse_mpsz(h).unwrap(), &[], 4).unwrap(), parse_mpsz(w).unwrap()[0]))
        .collect();
    let ctx = WinContext { riichi: true, winner: 1, discarder: 2, ..WinContext::default() };
    for (h, w) in &parsed {
        if let Err(e) = score(h, *w, &ctx, &Rules::TENHOU) {
            println!("error: {e}");
        }
    }
    let rules = Rules::TENHOU;
    let n = 2_000_000;
    let t = Instant::now();
    let mut acc = 0usize;
    for i in 0..n {
        let (h, _) = &parsed[i % parsed.len()];
        acc += for_each_decomposition(&h.concealed, |d| acc += d.groups().len());
    }
    let dec = t.elapsed().as_nanos() as f64 / n as f64;
    let t = Instant::now();
    let mut pts = 0u32;
    for i in 0..n {
        let (h, w) = &parsed[i % parsed.len()];
        pts += score(h, *w, &ctx, &rules).map(|r| r.pay.points).unwrap_or(0);
    }
    let sc = t.elapsed().as_nanos() as f64 / n as f64;
    println!("decompose {dec:.0} ns, score {sc:.0} ns per hand ({acc} {pts})");
}
