//! Step a vectorized RL environment under the random-legal policy on one thread, for
//! profiling the step apart from Python:
//! `cargo run --profile test-release -p mahjong-core --example rl_vec_profile -- 256 2000`
//! (tables, steps; prints decisions per second and a checksum of every observation,
//! mask and reward written, so two builds can be compared for identical output).
//! Under callgrind: `valgrind --tool=callgrind target/test-release/examples/rl_vec_profile 256 200`.
use mahjong_core::engine::rl::actions::MAX_LEGAL;
use mahjong_core::engine::rl::bot::Bot;
use mahjong_core::engine::rl::table::{Reward, TableConfig};
use mahjong_core::engine::rl::vector::{OwnedOutputs, VecEnv};
use mahjong_core::engine::wall::Rng;
use mahjong_core::engine::EngineRules;
use mahjong_core::riichi::Rules;

fn main() {
    let mut args = std::env::args().skip(1).map(|s| s.parse::<usize>().unwrap_or(0));
    let n = args.next().unwrap_or(256).max(1);
    let steps = args.next().unwrap_or(1000);
    let config = TableConfig {
        rules: EngineRules::TENHOU,
        scoring: Rules::TENHOU,
        bots: 0,
        bot: Bot::Random,
        reward: Reward::default(),
    };
    let Ok(mut env) = VecEnv::new(&config, n, 1, Some(1)) else { return };
    let mut out = OwnedOutputs::new(n);
    let mut actions = vec![0i64; n];
    let mut rng = Rng::new(7);
    let mut sum = 0f64;
    let _ = env.reset(1, out.rows());
    let t = std::time::Instant::now();
    for step in 0..steps {
        for i in 0..n {
            actions[i] = out.legal[i * MAX_LEGAL + rng.below(out.n_legal[i] as usize)] as i64;
        }
        if env.step(&actions, out.rows()).is_err() {
            return;
        }
        // A checksum now and then: cheap next to the step, and it reads every value.
        if step % 64 == 0 {
            sum += out.obs.iter().enumerate().map(|(i, &x)| x as f64 * (i % 97) as f64).sum::<f64>();
            sum += out.masks.iter().enumerate().filter(|m| *m.1).map(|(i, _)| (i % 89) as f64).sum::<f64>();
            sum += out.rewards.iter().map(|&x| x as f64).sum::<f64>();
        }
    }
    let dt = t.elapsed().as_secs_f64();
    let d = (n * steps) as f64;
    println!("{n} tables x {steps} steps: {:.0} decisions/s, {:.3} us each; checksum {sum:.3}", d / dt, dt / d * 1e6);
}
