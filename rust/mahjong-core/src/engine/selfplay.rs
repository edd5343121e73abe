//! Random self-play: whole matches where every decision is a uniformly random legal
//! action. For load tests and for exercising every rule path; matches are
//! independent, so batches fan out over threads.

use super::game::{Game, GameResult};
use super::round::{Action, Phase};
use super::rules::EngineRules;
use super::scorer::ScorerJudge;
use super::wall::{Rng, Wall};
use crate::cancel::Cancel;
use crate::logs::event::{Event, GameLog, LogRules};
use crate::riichi::Rules;

/// Totals of a batch of self-play matches.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelfPlayStats {
    pub matches: u64,
    pub hands: u64,
    pub decisions: u64,
    pub wins: u64,
    pub draws: u64,
}

/// Play one match from `seed`; returns its result and adds to `stats`.
pub fn play_match(rules: &EngineRules, scoring: &Rules, seed: u64, stats: &mut SelfPlayStats) -> GameResult {
    play(rules, scoring, seed, stats, None)
}

/// Play one match from `seed` as [`play_match`] does and return it as a log: every
/// hand's events as the engine recorded them and the final result, under the table
/// rules `log_rules` declares (the rules `rules` and `scoring` play, in a log's
/// terms). What the writers archive and the replay verifies.
pub fn record_match(rules: &EngineRules, scoring: &Rules, log_rules: LogRules, seed: u64) -> GameLog {
    let mut events = Vec::with_capacity(2048);
    let result = play(rules, scoring, seed, &mut SelfPlayStats::default(), Some(&mut events));
    events.push(Event::GameEnd { scores: result.scores, results: Some(result.results) });
    let mut names = ["East", "South", "West", "North"].map(String::from);
    names[rules.players as usize..].iter_mut().for_each(String::clear);
    GameLog {
        source: format!("self-play seed {seed}"),
        rules: log_rules,
        names,
        n_players: rules.players,
        events,
        hidden_tiles: false,
    }
}

fn play(
    rules: &EngineRules,
    scoring: &Rules,
    seed: u64,
    stats: &mut SelfPlayStats,
    mut log: Option<&mut Vec<Event>>,
) -> GameResult {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules.clone());
    let mut judge = ScorerJudge::new(*scoring);
    let mut actions: Vec<Action> = Vec::with_capacity(64);
    // A hard cap keeps a pathological rule set from looping forever.
    for _ in 0..64 {
        if game.result.is_some() {
            break;
        }
        let wall = Wall::shuffled_for(&mut rng, rules.players);
        let mut round = game.start_round(wall, log.is_some());
        while !round.is_over() {
            let seats = match &round.phase {
                Phase::Turn { seat, .. } => 1u8 << seat,
                _ => round.to_act(),
            };
            for s in 0..4u8 {
                if seats & (1 << s) == 0 || round.is_over() {
                    continue;
                }
                round.legal_actions(s, &mut judge, &mut actions);
                if actions.is_empty() {
                    continue;
                }
                let a = actions[rng.below(actions.len())];
                stats.decisions += 1;
                if round.apply(s, a, &mut judge).is_err() {
                    // Every listed action is legal; reaching here is a bug worth
                    // surfacing in tests, not a state to continue from.
                    debug_assert!(false, "listed action {a:?} rejected");
                    break;
                }
                if !matches!(round.phase, Phase::Claim { .. }) {
                    break;
                }
            }
        }
        stats.hands += 1;
        if let Some(events) = log.as_deref_mut() {
            events.append(&mut round.events);
        }
        if let Phase::Ended(end) = round.phase.clone() {
            if end.wins.is_empty() {
                stats.draws += 1;
            } else {
                stats.wins += end.wins.len() as u64;
            }
            game.end_round(&round, &end);
        }
    }
    stats.matches += 1;
    if game.result.is_none() {
        game.result = Some(super::game::final_result(&game.rules, game.scores, game.first_dealer));
    }
    game.result.clone().unwrap_or_else(|| super::game::final_result(&game.rules, game.scores, 0))
}

/// Play `n` matches with seeds `seed..seed+n` on all cores; returns the totals. A set
/// `cancel` stops it (checked before each match) with [`crate::Error::Cancelled`].
pub fn play_many(
    rules: &EngineRules,
    scoring: &Rules,
    seed: u64,
    n: u64,
    cancel: &Cancel,
) -> crate::Result<SelfPlayStats> {
    use rayon::prelude::*;
    (0..n)
        .into_par_iter()
        .try_fold(SelfPlayStats::default, |mut st, i| {
            cancel.check()?;
            play_match(rules, scoring, seed.wrapping_add(i), &mut st);
            Ok(st)
        })
        .try_reduce(SelfPlayStats::default, |mut a, b| {
            a.matches += b.matches;
            a.hands += b.hands;
            a.decisions += b.decisions;
            a.wins += b.wins;
            a.draws += b.draws;
            Ok(a)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_matches_finish_and_conserve_points() {
        let rules = EngineRules::TENHOU;
        let mut st = SelfPlayStats::default();
        for seed in 0..30 {
            let r = play_match(&rules, &Rules::TENHOU, seed, &mut st);
            // Points are only moved between players (sticks end with the top player).
            assert_eq!(r.scores.iter().sum::<i32>(), 100_000, "seed {seed}: {:?}", r.scores);
            let mut ranks = r.ranks;
            ranks.sort();
            assert_eq!(ranks, [1, 2, 3, 4]);
        }
        assert_eq!(st.matches, 30);
        assert!(st.hands >= 30 * 4);
    }

    #[test]
    fn three_player_play_takes_every_listed_action_and_conserves_points() {
        let rules = EngineRules::TENHOU_SANMA;
        let mut judge = ScorerJudge::new(Rules::TENHOU);
        let mut actions = Vec::new();
        let (mut nukis, mut wins, mut hands) = (0, 0, 0);
        for seed in 0..300u64 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(rules.clone());
            while game.result.is_none() && hands < 1_000_000 {
                let mut round = game.start_round(Wall::shuffled_for(&mut rng, 3), false);
                while !round.is_over() {
                    let seats = match &round.phase {
                        Phase::Turn { seat, .. } => 1u8 << seat,
                        _ => round.to_act(),
                    };
                    assert_eq!(seats & 0b1000, 0, "the empty seat never acts");
                    let s = seats.trailing_zeros() as u8;
                    round.legal_actions(s, &mut judge, &mut actions);
                    assert!(!actions.is_empty(), "seat {s} must act but has no action");
                    assert!(actions.iter().all(|a| !matches!(a, Action::Chi { .. })));
                    // Random, except that a win is always taken (to exercise the
                    // payments; random play alone almost never wins).
                    let a = actions
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Tsumo | Action::Ron))
                        .unwrap_or(actions[rng.below(actions.len())]);
                    nukis += matches!(a, Action::Nuki { .. }) as u32;
                    round.apply(s, a, &mut judge).unwrap_or_else(|e| panic!("seed {seed}: listed {a:?} refused: {e}"));
                }
                let Phase::Ended(end) = round.phase.clone() else { unreachable!() };
                wins += end.wins.len();
                hands += 1;
                assert_eq!(round.scores.iter().sum::<i32>() + 1000 * round.sticks as i32, 105_000, "seed {seed}");
                assert_eq!(round.scores[3], 0);
                game.end_round(&round, &end);
            }
            let r = game.result.clone().expect("the match ends");
            assert_eq!(r.scores.iter().sum::<i32>(), 105_000);
            let mut ranks = r.ranks;
            ranks.sort();
            assert_eq!(ranks, [0, 1, 2, 3]);
        }
        assert!(nukis > 100 && wins >= 5, "nukis {nukis}, wins {wins}, hands {hands}");
    }
}
