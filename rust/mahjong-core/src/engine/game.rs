//! A match: hands in sequence with dealer rotation, honba and riichi sticks carried,
//! the end conditions (length, extension, tobi, agari-yame) and the final ranking
//! with uma, oka, ties and rounding.

use super::round::{Round, RoundEnd};
use super::rules::{EngineRules, Length, ResultRounding, TieRule};
use super::wall::Wall;
use crate::error::{Error, Result};

/// Final standing.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// Points at the end (leftover sticks included where the rules give them out).
    pub scores: [i32; 4],
    /// Place of each seat, 1..=4 (tied seats share a place under `TieRule::Split`).
    pub ranks: [u8; 4],
    /// Final results in thousands of points, uma and oka included.
    pub results: [f64; 4],
}

/// A match in progress.
#[derive(Clone, Debug)]
pub struct Game {
    pub rules: EngineRules,
    pub scores: [i32; 4],
    pub wind: u8,
    pub number: u8,
    pub honba: u8,
    pub sticks: u8,
    /// Hands the current dealer has won in a row (a draw, another winner or a new
    /// dealer starts it again at 0): the count paarenchan (八連荘) reads.
    pub dealer_wins: u8,
    /// Seat of the first dealer (起家); seat order for ties counts from it.
    pub first_dealer: u8,
    /// The caller reported that the time limit has passed: the hand in play is the
    /// last one.
    pub time_up: bool,
    pub result: Option<GameResult>,
}

impl Game {
    pub fn new(rules: EngineRules) -> Game {
        let s = rules.start_points;
        let mut scores = [s; 4];
        for x in scores.iter_mut().skip(rules.players as usize) {
            *x = 0;
        }
        Game {
            rules,
            scores,
            wind: 0,
            number: 0,
            honba: 0,
            sticks: 0,
            dealer_wins: 0,
            first_dealer: 0,
            time_up: false,
            result: None,
        }
    }

    /// The caller's report that the match time limit has passed (the core never reads
    /// a clock): the match ends when the hand in play ends. Fails with `InvalidRule`
    /// when the rules set no time limit, and with `IllegalAction` once the match is over.
    pub fn report_time_up(&mut self) -> Result<()> {
        if self.rules.time_limit_minutes.is_none() {
            return Err(Error::InvalidRule("these rules have no time limit".into()));
        }
        if self.result.is_some() {
            return Err(Error::IllegalAction("the match is over".into()));
        }
        self.time_up = true;
        Ok(())
    }

    /// The caller's elapsed playing time in minutes: at or past the limit it counts as
    /// [`Game::report_time_up`]; returns whether the time is up. Without a limit in
    /// the rules it never is.
    pub fn report_elapsed(&mut self, minutes: u32) -> Result<bool> {
        match self.rules.time_limit_minutes {
            Some(limit) if minutes >= limit => self.report_time_up().map(|()| true),
            _ => Ok(self.time_up),
        }
    }

    /// The dealer of the current hand.
    pub fn dealer(&self) -> u8 {
        (self.first_dealer + self.number) % self.rules.players
    }

    /// Start the current hand on `wall`.
    pub fn start_round(&self, wall: Wall, record: bool) -> Round {
        let mut r = Round::new(
            self.rules.clone(),
            wall,
            self.wind,
            self.number,
            self.dealer(),
            self.honba,
            self.sticks,
            self.scores,
            record,
        );
        r.dealer_wins = self.dealer_wins;
        r
    }

    fn last_wind(&self) -> u8 {
        match self.rules.length {
            Length::East => 0,
            Length::EastSouth => 1,
        }
    }

    /// Take the result of a finished hand and move to the next one or end the match;
    /// a dealer entitled to stop (agari-yame / tenpai-yame) does.
    pub fn end_round(&mut self, round: &Round, end: &RoundEnd) {
        self.end_round_choosing(round, end, true)
    }

    /// As [`Game::end_round`], with the dealer's choice when the rules let the dealer
    /// of the last hand stop while on top (`dealer_stops`; a replay takes it from
    /// the record).
    pub fn end_round_choosing(&mut self, round: &Round, end: &RoundEnd, dealer_stops: bool) {
        self.scores = round.scores;
        self.sticks = if end.sticks_taken { 0 } else { round.sticks };
        if end.draw == Some(crate::logs::event::DrawKind::Chombo) {
            // A voided hand is replayed with the same dealer and counters.
            self.scores = round.scores;
            self.sticks = round.sticks;
            // Once time is up a voided hand is not replayed: the hand in play is over.
            if self.time_up || self.rules.tobi && self.scores.iter().any(|&s| s < 0) {
                self.finish();
            }
            return;
        }
        let is_draw = end.draw.is_some();
        let dealer = self.dealer() as usize;
        if self.time_up {
            // Time limit: the hand just played was the last one, whatever the wind,
            // renchan or honba (the counters still move for the record).
            self.honba = if end.renchan || is_draw { self.honba.saturating_add(1) } else { 0 };
            self.finish();
            return;
        }
        let renchan = end.renchan;
        self.honba = if renchan || is_draw { self.honba.saturating_add(1) } else { 0 };
        // Only wins count toward paarenchan: a dealer keeps the seat after a win only
        // by winning, a draw (even the dealer's tenpai renchan) ends the run, and a new
        // dealer starts at 0.
        self.dealer_wins = if renchan && !is_draw { self.dealer_wins.saturating_add(1) } else { 0 };
        if self.rules.tobi && self.scores.iter().any(|&s| s < 0) {
            self.finish();
            return;
        }
        let last = self.last_wind();
        let last_number = self.rules.players - 1;
        let at_or_past_last = self.wind > last || (self.wind == last && self.number == last_number);
        let target = self.rules.return_points;
        let top = self.scores.iter().copied().max().unwrap_or(0);
        if at_or_past_last {
            if renchan && !(is_draw && self.rules.last_hand_draw_ends) {
                // Agari-yame: the dealer on top (ties go to the earlier seat) stops.
                let n = self.rules.players as usize;
                let pos = |s: usize| (s + n - self.first_dealer as usize) % n;
                let dealer_top = (0..n).all(|s| {
                    s == dealer
                        || self.scores[dealer] > self.scores[s]
                        || (self.scores[dealer] == self.scores[s] && pos(dealer) < pos(s))
                });
                let reached = !self.rules.extension || top >= target;
                let yame = if is_draw { self.rules.tenpai_yame } else { self.rules.agari_yame };
                if yame && dealer_top && reached && dealer_stops {
                    self.finish();
                }
                return;
            }
            if !self.rules.extension || top >= target || is_draw && self.rules.last_hand_draw_ends {
                self.finish();
                return;
            }
            // Extension: sudden death for one more wind at most (Tenhou: south for
            // an east-only match, west for east-south).
            if self.wind > last && self.number == last_number {
                self.finish();
                return;
            }
        }
        if !renchan {
            self.number += 1;
            if self.number == self.rules.players {
                self.number = 0;
                self.wind += 1;
            }
        }
    }

    fn finish(&mut self) {
        let order = rank_order_n(&self.scores, self.first_dealer, self.rules.players);
        if self.rules.leftover_sticks_to_top && self.sticks > 0 {
            self.scores[order[0]] += self.rules.riichi_stick * self.sticks as i32;
            self.sticks = 0;
        }
        self.result = Some(final_result(&self.rules, self.scores, self.first_dealer));
    }
}

/// Seats from first place to last; equal scores in seat order from the first dealer.
pub fn rank_order(scores: &[i32; 4], first_dealer: u8) -> [usize; 4] {
    rank_order_n(scores, first_dealer, 4)
}

/// [`rank_order`] for `n` players: the first `n` entries rank seats `0..n`; with
/// three players the empty seat 3 comes last.
pub fn rank_order_n(scores: &[i32; 4], first_dealer: u8, n: u8) -> [usize; 4] {
    let n = n as usize;
    let pos = |s: usize| if s < n { (s + n - first_dealer as usize % n) % n } else { s };
    let mut order = [0usize, 1, 2, 3];
    order[..n].sort_by(|&a, &b| scores[b].cmp(&scores[a]).then(pos(a).cmp(&pos(b))));
    order
}

/// Round half away from zero to multiples of `unit`.
fn round_half_away(x: i32, unit: i32) -> i32 {
    if unit <= 1 {
        return x;
    }
    let a = x.abs();
    let v = (a + unit / 2) / unit * unit;
    if x < 0 {
        -v
    } else {
        v
    }
}

/// Five-down six-up rounding of `x` to multiples of `unit`, symmetric in sign.
fn round_5_6(x: i32, unit: i32) -> i32 {
    if unit <= 1 {
        return x;
    }
    let a = x.abs();
    let q = a / unit;
    let r = a % unit;
    let v = if r * 10 > unit * 5 { (q + 1) * unit } else { q * unit };
    if x < 0 {
        -v
    } else {
        v
    }
}

/// Ranks and final results (thousands of points) from final scores.
pub fn final_result(rules: &EngineRules, scores: [i32; 4], first_dealer: u8) -> GameResult {
    // Three-player: only seats 0..3 rank; the empty seat keeps place 0 and result 0.
    let n = rules.players as usize;
    let full = rank_order_n(&scores, first_dealer, rules.players);
    let order = &full[..n];
    let oka = (rules.return_points - rules.start_points) * n as i32;
    // Bonus per place (uma, plus oka for first), then shared among ties if split.
    let mut place_bonus = [0f64; 4];
    for p in 0..n {
        place_bonus[p] = rules.uma[p] as f64 + if p == 0 { oka as f64 } else { 0.0 };
    }
    let mut ranks = [0u8; 4];
    let mut bonus = [0f64; 4];
    let mut p = 0;
    while p < n {
        let mut q = p + 1;
        while rules.tie_rule == TieRule::Split && q < n && scores[order[q]] == scores[order[p]] {
            q += 1;
        }
        let share = place_bonus[p..q].iter().sum::<f64>() / (q - p) as f64;
        for &s in &order[p..q] {
            ranks[s] = p as u8 + 1;
            bonus[s] = share;
        }
        p = q;
    }
    let rounded = |x: i32| -> i32 {
        match rules.result_rounding {
            ResultRounding::None => x - rules.return_points,
            ResultRounding::PointsHalfAway => round_half_away(x, rules.result_unit) - rules.return_points,
            ResultRounding::FiveDownSixUp => round_5_6(x - rules.return_points, rules.result_unit),
        }
    };
    let mut results = [0f64; 4];
    let first = order[0];
    let tied_first: Vec<usize> =
        order.iter().copied().filter(|&s| scores[s] == scores[first] && rules.tie_rule == TieRule::Split).collect();
    let mut others = 0f64;
    for &s in order {
        if s == first || tied_first.contains(&s) {
            continue;
        }
        results[s] = (rounded(scores[s]) as f64 + bonus[s]) / 1000.0;
        others += results[s];
    }
    if rules.result_rounding == ResultRounding::None {
        results[first] = (rounded(scores[first]) as f64 + bonus[first]) / 1000.0;
        for &s in &tied_first {
            results[s] = results[first];
        }
    } else {
        // The results add up to zero: first place (shared when tied) takes the rest.
        let n = tied_first.len().max(1) as f64;
        let rest = -others / n;
        results[first] = rest;
        for &s in &tied_first {
            results[s] = rest;
        }
    }
    GameResult { scores, ranks, results }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::wall::Rng;
    use crate::logs::event::DrawKind;

    /// End the current hand of `g` with `scores` after it, as a win by `winner`
    /// (renchan when the dealer wins) or, with `winner = None`, a draw where the
    /// dealer is tenpai or not.
    fn end(g: &mut Game, scores: [i32; 4], winner: Option<u8>, dealer_tenpai: bool) {
        let mut rng = Rng::new(1);
        let mut r = g.start_round(Wall::shuffled(&mut rng), false);
        r.scores = scores;
        let dealer = g.dealer();
        let e = RoundEnd {
            deltas: [0; 4],
            wins: Vec::new(),
            draw: if winner.is_none() { Some(DrawKind::Exhaustive) } else { None },
            renchan: winner.map(|w| w == dealer).unwrap_or(dealer_tenpai),
            sticks_taken: winner.is_some(),
            tenpai: [false; 4],
        };
        g.end_round(&r, &e);
    }

    /// The dealer's run of wins (paarenchan's count) reaches the round and the
    /// scorer's context; a draw, another winner or a new dealer starts it again.
    #[test]
    fn dealer_wins_count_the_dealers_run_of_wins() {
        let mut g = Game::new(EngineRules::TENHOU);
        let s = [25_000; 4];
        for want in 1..=3u8 {
            end(&mut g, s, Some(0), false);
            assert_eq!((g.dealer(), g.dealer_wins), (0, want));
        }
        let mut rng = Rng::new(2);
        assert_eq!(g.start_round(Wall::shuffled(&mut rng), false).dealer_wins, 3);
        end(&mut g, s, None, true); // tenpai renchan: the dealer stays, the run ends
        assert_eq!((g.dealer(), g.dealer_wins), (0, 0));
        end(&mut g, s, Some(0), false);
        end(&mut g, s, Some(2), false);
        assert_eq!((g.dealer(), g.dealer_wins), (1, 0));
    }

    #[test]
    fn east_south_runs_eight_hands_without_renchan() {
        let mut g = Game::new(EngineRules::TENHOU);
        for i in 0..7 {
            let next = (g.dealer() + 1) % 4;
            end(&mut g, [31000, 23000, 23000, 23000], Some(next), false);
            assert!(g.result.is_none(), "hand {i}");
        }
        assert_eq!((g.wind, g.number), (1, 3));
        end(&mut g, [31000, 23000, 23000, 23000], Some(1), false);
        assert!(g.result.is_some());
    }

    #[test]
    fn tobi_ends_the_match() {
        let mut g = Game::new(EngineRules::TENHOU);
        end(&mut g, [60000, 41000, -1000, 0], Some(0), false);
        assert!(g.result.is_some());
        // Exactly zero is not below zero.
        let mut g = Game::new(EngineRules::TENHOU);
        end(&mut g, [60000, 40000, 0, 0], Some(1), false);
        assert!(g.result.is_none());
    }

    #[test]
    fn west_entry_when_nobody_reaches_the_target() {
        let mut g = Game::new(EngineRules::TENHOU);
        g.wind = 1;
        g.number = 3;
        end(&mut g, [29000, 27000, 22000, 22000], Some(0), false);
        assert!(g.result.is_none());
        assert_eq!((g.wind, g.number), (2, 0));
        // Sudden death: the first hand ending with someone at 30,000 ends it.
        end(&mut g, [30000, 26000, 22000, 22000], Some(1), false);
        assert!(g.result.is_some());
    }

    #[test]
    fn agari_yame_and_last_hand_draw() {
        // Tenhou: the dealer of the last hand who wins while on top may stop.
        let mut g = Game::new(EngineRules::TENHOU);
        g.wind = 1;
        g.number = 3;
        end(&mut g, [20000, 20000, 20000, 40000], Some(3), false);
        assert!(g.result.is_some());
        // Not on top: the match goes on (renchan).
        let mut g = Game::new(EngineRules::TENHOU);
        g.wind = 1;
        g.number = 3;
        end(&mut g, [45000, 20000, 5000, 30000], Some(3), false);
        assert!(g.result.is_none());
        assert_eq!((g.wind, g.number, g.honba), (1, 3, 1));
        // Shiima: a draw in the last hand ends the match even with the dealer tenpai,
        // and leftover sticks go to the top player.
        let mut g = Game::new(EngineRules::SHIIMA_2026);
        g.number = 3;
        g.sticks = 2;
        end(&mut g, [20000, 20000, 38000, 20000], None, true);
        let r = g.result.as_ref().map(|r| r.scores);
        assert_eq!(r, Some([20000, 20000, 40000, 20000]));
    }

    #[test]
    fn east_only_without_south_entry_ends_after_east_four() {
        let mut g = Game::new(EngineRules::SHIIMA_2025);
        g.number = 3;
        end(&mut g, [26000, 26000, 24000, 24000], Some(0), false);
        assert!(g.result.is_some());
        // Tenhou's east-only lobby enters south when nobody has 30,000.
        let mut rules = EngineRules::TENHOU;
        rules.length = Length::East;
        let mut g = Game::new(rules);
        g.number = 3;
        end(&mut g, [26000, 26000, 24000, 24000], Some(0), false);
        assert!(g.result.is_none());
        assert_eq!((g.wind, g.number), (1, 0));
    }

    #[test]
    fn extension_is_sudden_death_for_one_more_wind() {
        // Tenhou east-only: nobody at 30,000 after East 4 enters south; the first
        // hand ending with someone at 30,000 ends it, and South 4 ends it anyway.
        let mut rules = EngineRules::TENHOU;
        rules.length = Length::East;
        let mut g = Game::new(rules);
        g.number = 3;
        end(&mut g, [26000, 26000, 24000, 24000], Some(0), false);
        assert_eq!((g.wind, g.number, g.result.is_none()), (1, 0, true));
        for n in 0..3 {
            let next = (g.dealer() + 1) % 4;
            end(&mut g, [29000, 25000, 23000, 23000], Some(next), false);
            assert_eq!((g.wind, g.number, g.result.is_none()), (1, n + 1, true));
        }
        end(&mut g, [29000, 25000, 23000, 23000], Some(0), false);
        assert!(g.result.is_some(), "South 4 is the hard end of an east-only match");
        // East-south: the hard end is West 4.
        let mut g = Game::new(EngineRules::TENHOU);
        g.wind = 2;
        g.number = 2;
        end(&mut g, [29000, 25000, 23000, 23000], Some(0), false);
        assert_eq!((g.wind, g.number, g.result.is_none()), (2, 3, true));
        end(&mut g, [29000, 25000, 23000, 23000], Some(0), false);
        assert!(g.result.is_some());
        // Without the extension the match ends on schedule.
        let mut g = Game::new(EngineRules::STANDARD);
        g.wind = 1;
        g.number = 3;
        end(&mut g, [29000, 25000, 23000, 23000], Some(0), false);
        assert!(g.result.is_some());
    }

    #[test]
    fn three_player_matches_rotate_over_three_seats() {
        let mut g = Game::new(EngineRules::TENHOU_SANMA);
        assert_eq!(g.scores, [35000, 35000, 35000, 0]);
        for i in 0..5 {
            let next = (g.dealer() + 1) % 3;
            end(&mut g, [45000, 30000, 30000, 0], Some(next), false);
            assert!(g.result.is_none(), "hand {i}");
        }
        assert_eq!((g.wind, g.number, g.dealer()), (1, 2, 2));
        end(&mut g, [45000, 30000, 30000, 0], Some(0), false);
        let r = g.result.clone().expect("South 3 ends a three-player east-south match");
        assert_eq!(r.ranks, [1, 2, 3, 0]);
        // 45 -> +5 +20 uma +15 oka = 40 (zero sum); 30 -> -10; 30 -> -10 -20.
        assert_eq!(r.results, [40.0, -10.0, -30.0, 0.0]);
    }

    #[test]
    fn time_up_ends_the_match_after_the_hand_in_play() {
        // Shiima 2026: the first east hand would normally be followed by another.
        let mut g = Game::new(EngineRules::SHIIMA_2026);
        assert_eq!(g.report_elapsed(49), Ok(false));
        end(&mut g, [31000, 23000, 23000, 23000], Some(1), false);
        assert!(g.result.is_none());
        assert_eq!(g.report_elapsed(50), Ok(true));
        // Even a dealer renchan does not extend the match once time is up.
        end(&mut g, [20000, 36000, 22000, 22000], Some(1), false);
        let r = g.result.clone().expect("the match is over");
        assert_eq!(r.ranks, [4, 1, 2, 2]);
        assert!(g.report_time_up().is_err());
        // Rules without a time limit refuse the report and play on.
        let mut g = Game::new(EngineRules::TENHOU);
        assert!(matches!(g.report_time_up(), Err(Error::InvalidRule(_))));
        assert_eq!(g.report_elapsed(500), Ok(false));
        end(&mut g, [31000, 23000, 23000, 23000], Some(1), false);
        assert!(g.result.is_none());
    }
}
