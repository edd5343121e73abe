//! A game log as rows of a research dataset: one row per hand (how it ended, every
//! seat's change, riichi, calls and draws) and one per game (final points, places,
//! rated results, rules). The wins table (every win's full scoring) is the replay's
//! [`crate::engine::replay::WinRow`]s; these two complete it from the same events.

use super::event::{Event, GameLog};
use crate::engine::game::rank_order_n;
use crate::hand::MeldKind;

/// One hand of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct HandRow {
    /// The hand's place in the game, from 0.
    pub index: u32,
    pub wind: u8,
    /// Hand number within the wind, 1-4.
    pub number: u8,
    pub honba: u8,
    /// Riichi sticks on the table at the start.
    pub sticks: u8,
    pub dealer: u8,
    /// `"ron"`, `"tsumo"`, `"double_ron"`, a draw kind's name (`"exhaustive"`,
    /// `"nine_terminals"`, ...), or `"unfinished"` when the log stops inside the hand.
    pub result: &'static str,
    /// The (first) winner, if any.
    pub winner: Option<u8>,
    /// The discarder of a ron.
    pub discarder: Option<u8>,
    /// Scores at the start of the hand.
    pub scores: [i32; 4],
    /// Every seat's recorded change over the hand (honba, sticks and pao included;
    /// riichi sticks put down count here as -1,000).
    pub deltas: [i32; 4],
    pub riichi: [bool; 4],
    /// Calls per seat (chi, pon and the three kans; norths pulled aside not counted).
    pub calls: [u8; 4],
    /// Tiles drawn per seat (replacement draws after kans and norths included).
    pub draws: [u8; 4],
}

/// One game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub hands: u32,
    /// The log runs to the match's end (a final result is recorded).
    pub complete: bool,
    /// Final points (the recorded ones; else the points after the last hand).
    pub scores: [i32; 4],
    /// Places 1-4 by the final points, ties to the seat nearest the first dealer.
    pub ranks: [u8; 4],
    /// Rated results as recorded (thousands of points, uma and oka included).
    pub results: Option<[f64; 4]>,
    pub first_dealer: u8,
}

fn result_of(events: &[&Event]) -> (&'static str, Option<u8>, Option<u8>) {
    let wins: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Win(w) => Some(w),
            _ => None,
        })
        .collect();
    if let Some(w) = wins.first() {
        let kind = if wins.len() > 1 {
            "double_ron"
        } else if w.seat == w.from {
            "tsumo"
        } else {
            "ron"
        };
        return (kind, Some(w.seat), (w.seat != w.from).then_some(w.from));
    }
    for e in events {
        if let Event::Ryuukyoku(d) = e {
            return (d.kind.name(), None, None);
        }
    }
    ("unfinished", None, None)
}

/// Every hand of `game` as a row.
pub fn hand_rows(game: &GameLog) -> Vec<HandRow> {
    let mut rows = Vec::new();
    let mut starts: Vec<usize> =
        game.events.iter().enumerate().filter(|(_, e)| matches!(e, Event::RoundStart(_))).map(|(i, _)| i).collect();
    starts.push(game.events.len());
    for (index, w) in starts.windows(2).enumerate() {
        let Event::RoundStart(s) = &game.events[w[0]] else { continue };
        let body: Vec<&Event> = game.events[w[0] + 1..w[1]].iter().collect();
        let (result, winner, discarder) = result_of(&body);
        let mut row = HandRow {
            index: index as u32,
            wind: s.wind,
            number: s.number + 1,
            honba: s.honba,
            sticks: s.sticks,
            dealer: s.dealer,
            result,
            winner,
            discarder,
            scores: s.scores,
            deltas: [0; 4],
            riichi: [false; 4],
            calls: [0; 4],
            draws: [0; 4],
        };
        for e in &body {
            match e {
                Event::Draw { seat, .. } => {
                    row.draws[*seat as usize % 4] = row.draws[*seat as usize % 4].saturating_add(1)
                }
                Event::Riichi { seat } => row.riichi[*seat as usize % 4] = true,
                Event::RiichiStick { seat } => row.deltas[*seat as usize % 4] -= 1000,
                Event::Call { seat, meld } => {
                    debug_assert!(matches!(
                        meld.kind,
                        MeldKind::Chi | MeldKind::Pon | MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan
                    ));
                    row.calls[*seat as usize % 4] = row.calls[*seat as usize % 4].saturating_add(1);
                }
                Event::Win(w) => {
                    for i in 0..4 {
                        row.deltas[i] += w.deltas[i];
                    }
                }
                Event::Ryuukyoku(d) => {
                    for i in 0..4 {
                        row.deltas[i] += d.deltas[i];
                    }
                }
                _ => {}
            }
        }
        rows.push(row);
    }
    rows
}

/// The game's row.
pub fn game_row(game: &GameLog) -> GameRow {
    let n = if game.n_players == 3 { 3 } else { 4 };
    let first_dealer = game
        .events
        .iter()
        .find_map(|e| match e {
            Event::RoundStart(s) => Some(s.dealer),
            _ => None,
        })
        .unwrap_or(0);
    let hands = hand_rows(game);
    let end = game.events.iter().rev().find_map(|e| match e {
        Event::GameEnd { scores, results } => Some((*scores, *results)),
        _ => None,
    });
    let (scores, results) = match end {
        Some((s, r)) => (s, r),
        None => {
            let mut s = hands.last().map_or([0; 4], |h| h.scores);
            if let Some(h) = hands.last() {
                for i in 0..4 {
                    s[i] += h.deltas[i];
                }
            }
            (s, None)
        }
    };
    let order = rank_order_n(&scores, first_dealer, n as u8);
    let mut ranks = [0u8; 4];
    for (place, &seat) in order.iter().take(n).enumerate() {
        ranks[seat] = place as u8 + 1;
    }
    GameRow { hands: hands.len() as u32, complete: end.is_some(), scores, ranks, results, first_dealer }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::EngineRules;
    use crate::engine::selfplay::record_match;
    use crate::logs::event::LogRules;

    #[test]
    fn self_play_rows_add_up() {
        let log_rules = LogRules::from_go_type(0xA9);
        let g = record_match(&EngineRules::TENHOU, &crate::riichi::Rules::TENHOU, log_rules, 3);
        let hands = hand_rows(&g);
        let game = game_row(&g);
        assert_eq!(game.hands as usize, hands.len());
        assert!(game.complete);
        // Each hand starts from the scores the last one left.
        for w in hands.windows(2) {
            let after: Vec<i32> = (0..4).map(|i| w[0].scores[i] + w[0].deltas[i]).collect();
            assert_eq!(after, w[1].scores.to_vec(), "hand {}", w[1].index);
        }
        let mut places = game.ranks;
        places.sort();
        assert_eq!(places, [1, 2, 3, 4]);
        assert!(hands.iter().all(|h| h.result != "unfinished"));
    }
}
