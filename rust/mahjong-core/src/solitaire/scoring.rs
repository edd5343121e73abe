//! The seed's four scoring variants (seed 000: "there is no single official scoring
//! system"), every number an option:
//!
//! - `time`: start high and lose points per second (or, with `time_start = 0`,
//!   report the elapsed seconds, lower is better).
//! - `moves`: fixed points per removed pair, a bonus for each pair removed within a
//!   short window of the previous one (a combo), and a bonus for clearing the board
//!   without any help (no hint, undo or shuffle).
//! - `penalty`: points per pair minus penalties for each hint (−50 in the seed's
//!   example), shuffle (−100) and undo (the seed names it but gives no figure; our
//!   default is −25).
//! - `none`: no score, only won or not.

use crate::error::{Error, Result};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Variant {
    Time,
    Moves,
    Penalty,
    None,
}

/// One thing the player did, at `t` seconds since the deal.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Event {
    Pair(f64),
    Hint(f64),
    Shuffle(f64),
    Undo(f64),
}

/// Every option of every variant (only the chosen variant's options are used).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct ScoringRules {
    pub variant: Variant,
    /// time: starting points (0 = report elapsed whole seconds instead).
    pub time_start: i64,
    /// time: points lost per elapsed second.
    pub time_per_second: i64,
    /// moves / penalty: points per removed pair.
    pub points_per_pair: i64,
    /// moves: a pair within this many seconds of the previous pair extends a combo.
    pub combo_window: f64,
    /// moves: bonus per pair in a combo beyond the first.
    pub combo_bonus: i64,
    /// moves: bonus for a cleared board with no hint, undo or shuffle.
    pub no_help_bonus: i64,
    /// penalty: points lost per hint / shuffle / undo.
    pub hint_penalty: i64,
    pub shuffle_penalty: i64,
    pub undo_penalty: i64,
}

impl ScoringRules {
    /// The documented defaults of a variant.
    pub fn preset(variant: Variant) -> ScoringRules {
        ScoringRules {
            variant,
            time_start: 10_000,
            time_per_second: 10,
            points_per_pair: 10,
            combo_window: 3.0,
            combo_bonus: 5,
            no_help_bonus: 500,
            hint_penalty: 50,
            shuffle_penalty: 100,
            undo_penalty: 25,
        }
    }
    pub fn variant_named(name: &str) -> Result<Variant> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "time" => Variant::Time,
            "moves" => Variant::Moves,
            "penalty" => Variant::Penalty,
            "none" => Variant::None,
            _ => {
                return Err(Error::InvalidRule(format!(
                    "unknown scoring variant {name:?}; use time, moves, penalty or none"
                )))
            }
        })
    }
}

/// The score after `events`, `elapsed` seconds into a game that is `won` or not;
/// `None` for the `none` variant.
pub fn score(rules: &ScoringRules, events: &[Event], elapsed: f64, won: bool) -> Option<i64> {
    let secs = elapsed.max(0.0).floor() as i64;
    match rules.variant {
        Variant::None => None,
        Variant::Time => {
            Some(if rules.time_start == 0 { secs } else { (rules.time_start - rules.time_per_second * secs).max(0) })
        }
        Variant::Moves => {
            let mut s = 0i64;
            let mut last: Option<f64> = None;
            let mut helped = false;
            for e in events {
                match *e {
                    Event::Pair(t) => {
                        s += rules.points_per_pair;
                        if let Some(p) = last {
                            if t - p <= rules.combo_window {
                                s += rules.combo_bonus;
                            }
                        }
                        last = Some(t);
                    }
                    Event::Hint(_) | Event::Shuffle(_) | Event::Undo(_) => {
                        helped = true;
                        last = None;
                    }
                }
            }
            if won && !helped {
                s += rules.no_help_bonus;
            }
            Some(s)
        }
        Variant::Penalty => {
            let mut s = 0i64;
            for e in events {
                s += match e {
                    Event::Pair(_) => rules.points_per_pair,
                    Event::Hint(_) => -rules.hint_penalty,
                    Event::Shuffle(_) => -rules.shuffle_penalty,
                    Event::Undo(_) => -rules.undo_penalty,
                };
            }
            Some(s)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn variants() {
        let ev = [Event::Pair(1.0), Event::Pair(2.0), Event::Hint(5.0), Event::Pair(30.0), Event::Shuffle(31.0)];
        let p = ScoringRules::preset(Variant::Penalty);
        assert_eq!(score(&p, &ev, 40.0, false), Some(30 - 50 - 100));
        let m = ScoringRules::preset(Variant::Moves);
        assert_eq!(score(&m, &ev, 40.0, false), Some(30 + 5));
        assert_eq!(score(&m, &ev[..2], 3.0, true), Some(20 + 5 + 500));
        let t = ScoringRules::preset(Variant::Time);
        assert_eq!(score(&t, &ev, 12.7, false), Some(10_000 - 120));
        assert_eq!(score(&ScoringRules { time_start: 0, ..t }, &ev, 12.7, false), Some(12));
        assert_eq!(score(&ScoringRules::preset(Variant::None), &ev, 1.0, true), None);
    }
}
