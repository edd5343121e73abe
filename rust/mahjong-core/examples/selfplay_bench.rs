//! Time random self-play on one thread: `cargo run --release --example selfplay_bench -- 2000`.
use mahjong_core::engine::selfplay::{play_match, SelfPlayStats};
use mahjong_core::engine::EngineRules;
use mahjong_core::riichi::Rules;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let rules = EngineRules::TENHOU;
    let mut st = SelfPlayStats::default();
    let t = std::time::Instant::now();
    for seed in 0..n {
        play_match(&rules, &Rules::TENHOU, seed, &mut st);
    }
    let dt = t.elapsed().as_secs_f64();
    println!("{n} matches in {dt:.3}s: {:.0} matches/s on one core; {st:?}", n as f64 / dt);
}
