use super::actions::{index_of, MAX_LEGAL, N_ACTIONS};
use super::bot::Bot;
use super::features::{encode, OBS_LEN};
use super::table::{Reward, Table, TableConfig};
use super::vector::{OwnedOutputs, VecEnv};
use crate::engine::rules::EngineRules;
use crate::engine::view::SeatView;
use crate::engine::wall::Rng;
use crate::riichi::Rules;

fn config(players: u8, bots: u8) -> TableConfig {
    let rules = if players == 3 { EngineRules::TENHOU_SANMA } else { EngineRules::TENHOU };
    TableConfig { rules, scoring: Rules::TENHOU, bots, bot: Bot::Random, reward: Reward::default() }
}

/// Random play: at every decision every seat's observation (written from the table's
/// public planes) is the encoding of its view rebuilt from the events, the followed
/// view equals that view, the mask marks exactly the indices of the legal actions,
/// and every marked index is taken without refusal.
fn walk(players: u8, matches: u64) {
    let mut obs = vec![0f32; OBS_LEN];
    let mut fresh = vec![0f32; OBS_LEN];
    let mut mask = vec![0u8; N_ACTIONS];
    let mut legal = Vec::new();
    let mut rng = Rng::new(99);
    for seed in 0..matches {
        let mut t = Table::new(config(players, 0), seed).unwrap();
        let mut steps = 0;
        while let Some(seat) = t.acting() {
            let offer = t.offer();
            // Every seat's observation (the planes kept by the table) against the
            // encoder on the view rebuilt from the events; the acting seat's last.
            for other in (0..players).filter(|&s| s != seat).chain([seat]) {
                t.observe(other, &mut obs, &mut mask);
                let rebuilt = SeatView::of(t.round(), other);
                encode(&rebuilt, offer, &mut fresh);
                assert_eq!(obs, fresh, "seed {seed} step {steps} seat {other}");
            }
            let rebuilt = SeatView::of(t.round(), seat);
            let mut followed = t.view(seat).clone();
            followed.hand.sort_unstable();
            assert_eq!(followed, rebuilt);
            let mut round = t.round().clone();
            let mut judge = crate::engine::scorer::ScorerJudge::new(Rules::TENHOU);
            round.legal_actions(seat, &mut judge, &mut legal);
            let mut want = [0u8; N_ACTIONS];
            for a in &legal {
                want[index_of(a, offer)] = 1;
            }
            assert_eq!(&mask[..], &want[..]);
            let marked: Vec<usize> = (0..N_ACTIONS).filter(|&i| mask[i] == 1).collect();
            let i = marked[rng.below(marked.len())];
            t.step(i as i64).unwrap_or_else(|e| panic!("seed {seed}: marked {i} refused: {e}"));
            steps += 1;
        }
        let r = t.result().unwrap();
        let total: f32 = t.rewards().iter().sum();
        assert!(total.abs() < 1e-3, "results add up to zero: {:?}", r.results);
        assert!(t.step(0).is_err(), "a finished match refuses actions");
    }
}

#[test]
fn masks_and_followed_views_hold_over_random_matches() {
    walk(4, 40);
    walk(3, 30);
}

#[test]
fn refused_actions_change_nothing() {
    let mut t = Table::new(config(4, 0), 5).unwrap();
    let before = t.legal().entries();
    assert!(matches!(t.step(-1), Err(crate::Error::InvalidArgument { name: "action", .. })));
    assert!(matches!(t.step(N_ACTIONS as i64), Err(crate::Error::InvalidArgument { name: "action", .. })));
    let illegal = (0..N_ACTIONS as i64).find(|&i| t.legal().get(i as usize).is_none()).unwrap();
    let e = t.step(illegal).unwrap_err();
    assert!(e.message().contains("legal:"), "{e}");
    assert_eq!(t.legal().entries(), before);
}

#[test]
fn bots_play_every_seat_but_the_callers() {
    let mut c = config(4, 0b1110);
    c.bot = Bot::Greedy;
    c.reward = Reward::Rank { points: [3.0, 1.0, -1.0, -3.0] };
    let mut obs = vec![0f32; OBS_LEN];
    let mut mask = vec![0u8; N_ACTIONS];
    for seed in 0..10 {
        let mut t = Table::new(c.clone(), seed).unwrap();
        while let Some(seat) = t.acting() {
            assert_eq!(seat, 0);
            t.observe(0, &mut obs, &mut mask);
            let i = (0..N_ACTIONS).find(|&i| mask[i] == 1).unwrap();
            t.step(i as i64).unwrap();
        }
        let mut r = t.rewards();
        r.sort_by(f32::total_cmp);
        assert_eq!(r, [-3.0, -1.0, 1.0, 3.0]);
    }
    let all = TableConfig { bots: 0b1111, ..config(4, 0) };
    assert!(Table::new(all, 0).is_err());
    assert!(Table::new(TableConfig { bots: 0b0111, ..config(3, 0) }, 0).is_err());
}

fn run_vec(threads: Option<usize>, steps: usize) -> (Vec<f32>, Vec<bool>, Vec<f32>, usize) {
    let n = 16;
    let mut env = VecEnv::new(&config(4, 0), n, 3, threads).unwrap();
    let mut out = OwnedOutputs::new(n);
    let mut total = vec![0f32; n * 4];
    let mut ended = 0;
    let mut rng = Rng::new(1);
    env.reset(3, out.rows()).unwrap();
    let mut actions = vec![0i64; n];
    for _ in 0..steps {
        for i in 0..n {
            let row = &out.masks[i * N_ACTIONS..(i + 1) * N_ACTIONS];
            let legal: Vec<usize> = (0..N_ACTIONS).filter(|&k| row[k]).collect();
            let listed = &out.legal[i * MAX_LEGAL..i * MAX_LEGAL + out.n_legal[i] as usize];
            assert_eq!(listed.iter().map(|&x| x as usize).collect::<Vec<_>>(), legal);
            actions[i] = legal[rng.below(legal.len())] as i64;
        }
        env.step(&actions, out.rows()).unwrap();
        ended += out.dones.iter().filter(|&&d| d).count();
        for k in 0..n * 4 {
            total[k] += out.rewards[k];
        }
    }
    (out.obs, out.masks, total, ended)
}

#[test]
fn vector_steps_are_the_same_on_one_thread_and_two_and_reset_finished_tables() {
    let a = run_vec(Some(1), 1500);
    let b = run_vec(Some(2), 1500);
    assert_eq!(a, b);
    assert!(a.3 > 0, "some matches ended in 1500 steps of 16 tables");
    assert!(a.2.iter().any(|&r| r != 0.0));
}
