//! What one seat may know: its per-seat event stream and the table as it sees it.
//!
//! Both are built from the hand's events passed through [`seat_event`], which hides
//! every tile the seat may not see (the other seats' dealt tiles and draws), plus the
//! seat's own concealed tiles. Nothing here reads the wall or another seat's hand, so
//! a view cannot leak them by construction; `tests` check it over random matches
//! against the hidden state anyway. Ura indicators, the dead wall and tenpai hands
//! appear only where the events reveal them (at a win or a draw).

use super::round::{Phase, Round};
use crate::logs::event::{Event, GameLog, LogMeld, LogRules, RoundStart};
use crate::logs::write::to_mjai;
use crate::tile::TileId;

/// `e` as `seat` sees it: others' dealt tiles and draws hidden (`None`), everything
/// public (discards, calls, riichi, dora, wins and draws with their shown hands) as is.
pub fn seat_event(e: &Event, seat: u8) -> Event {
    match e {
        Event::RoundStart(rs) => {
            let mut hands = [[None; 13]; 4];
            hands[seat as usize] = rs.hands[seat as usize];
            Event::RoundStart(Box::new(RoundStart { hands, ..(**rs).clone() }))
        }
        Event::Draw { seat: s, .. } if *s != seat => Event::Draw { seat: *s, tile: None },
        other => other.clone(),
    }
}

/// The hand so far as mjai lines in `seat`'s per-player form, as an mjai bot reads
/// them: `start_game` carries the bot's `id`, other seats' draws are `"?"`, and while
/// the hand is in play the stream ends with the last event (no `end_kyoku` yet).
/// `rules` are the table rules `start_game` states (red fives, open tanyao, length).
pub fn mjai_for_seat(round: &Round, seat: u8, rules: LogRules) -> Vec<String> {
    let game = GameLog {
        n_players: round.rules.players,
        rules,
        events: round.events.iter().map(|e| seat_event(e, seat)).collect(),
        hidden_tiles: true,
        ..GameLog::default()
    };
    let mut lines: Vec<String> = to_mjai(&game).lines().map(str::to_owned).collect();
    if let Some(first) = lines.first_mut() {
        if let Ok(serde_json::Value::Object(mut o)) = serde_json::from_str::<serde_json::Value>(first) {
            o.insert("id".into(), serde_json::Value::from(seat));
            *first = serde_json::Value::Object(o).to_string();
        }
    }
    if !round.is_over() {
        while lines.last().is_some_and(|l| l.contains("\"end_kyoku\"") || l.contains("\"end_game\"")) {
            lines.pop();
        }
    }
    lines
}

/// One discard in a river.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RiverTile {
    pub tile: TileId,
    /// Discarded straight from the draw (ツモ切り).
    pub tsumogiri: bool,
    /// The riichi declaration tile (横向き).
    pub riichi: bool,
    /// Taken by a call (it then stands in the caller's meld).
    pub called: bool,
}

/// The table as one seat may know it during a hand.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatView {
    pub seat: u8,
    pub players: u8,
    /// Round wind (0 East .. 3 North), hand number in the wind, honba, sticks on the
    /// table, dealer, and scores (riichi sticks paid are off the scores).
    pub round_wind: u8,
    pub number: u8,
    pub honba: u8,
    pub sticks: u8,
    pub dealer: u8,
    pub scores: [i32; 4],
    /// The seat's own concealed tiles (the drawn tile included), sorted (a
    /// [`FollowedView`] keeps them in the seat's own order).
    pub hand: Vec<TileId>,
    /// The tile the seat just drew, when it is its turn after a draw.
    pub drawn: Option<TileId>,
    /// Every seat's river, in order.
    pub rivers: [Vec<RiverTile>; 4],
    /// Every seat's melds (open calls and closed kans), in order.
    pub melds: [Vec<LogMeld>; 4],
    /// Norths set aside by each seat (three-player 抜きドラ).
    pub nuki: [u8; 4],
    /// Seats in riichi (declared, stick paid or pending).
    pub riichi: [bool; 4],
    /// Dora indicators shown so far.
    pub dora_indicators: Vec<TileId>,
    /// Live tiles left to draw.
    pub live_left: u8,
    /// Seats that must decide now (bit mask).
    pub to_act: u8,
    /// Tiles revealed by the hand's end (winning hands, ura indicators, tenpai hands).
    pub revealed: Vec<TileId>,
}

impl SeatView {
    /// The view of `seat` in `round` (which must record its events, as a `Match`
    /// does). Own tiles come from the seat's state; all else from the filtered events.
    pub fn of(round: &Round, seat: u8) -> SeatView {
        let mut f = FollowedView::new(seat);
        f.update(round);
        f.view.hand.sort_unstable();
        f.view
    }

    /// Blank for `seat` (no hand yet): what [`FollowedView`] fills.
    fn empty(seat: u8) -> SeatView {
        SeatView {
            seat,
            players: 4,
            round_wind: 0,
            number: 0,
            honba: 0,
            sticks: 0,
            dealer: 0,
            scores: [0; 4],
            hand: Vec::new(),
            drawn: None,
            rivers: Default::default(),
            melds: Default::default(),
            nuki: [0; 4],
            riichi: [false; 4],
            dora_indicators: Vec::new(),
            live_left: 0,
            to_act: 0,
            revealed: Vec::new(),
        }
    }

    /// The facts read from the round's state rather than its events: counters,
    /// scores, whose turn, and the seat's own tiles.
    fn refresh(&mut self, round: &Round) {
        let seat = self.seat;
        self.players = round.rules.players;
        self.round_wind = round.wind;
        self.number = round.number;
        self.honba = round.honba;
        self.sticks = round.sticks;
        self.dealer = round.dealer;
        self.scores = round.scores;
        self.hand.clear();
        // In the seat's own order (what the encoders read); `SeatView::of` sorts.
        self.hand.extend_from_slice(round.seats[seat as usize].concealed());
        self.drawn = match &round.phase {
            Phase::Turn { seat: s, drawn, .. } if *s == seat => *drawn,
            _ => None,
        };
        self.live_left = round.live_left();
        self.to_act = round.to_act();
    }

    fn fold(&mut self, e: &Event, riichi_next: &mut [bool; 4]) {
        match e {
            Event::RoundStart(rs) => self.dora_indicators.push(rs.dora_indicator),
            Event::Discard { seat, tile, tsumogiri } => {
                let s = *seat as usize;
                self.rivers[s].push(RiverTile {
                    tile: *tile,
                    tsumogiri: *tsumogiri,
                    riichi: riichi_next[s],
                    called: false,
                });
                riichi_next[s] = false;
            }
            Event::Riichi { seat } => {
                riichi_next[*seat as usize] = true;
                self.riichi[*seat as usize] = true;
            }
            Event::Call { seat, meld } => {
                // A call on a discard takes the last tile of the discarder's river.
                if meld.from != *seat {
                    if let Some(last) = self.rivers[meld.from as usize].last_mut() {
                        if last.tile == meld.called {
                            last.called = true;
                        }
                    }
                }
                self.melds[*seat as usize].push(*meld);
            }
            Event::Nuki { seat, .. } => self.nuki[*seat as usize] += 1,
            Event::Dora { indicator } => self.dora_indicators.push(*indicator),
            Event::Win(w) => {
                self.revealed.extend(w.hand.iter().copied());
                self.revealed.extend(w.ura_indicators.iter().copied());
            }
            Event::Ryuukyoku(d) => {
                for h in d.shown.iter().flatten() {
                    self.revealed.extend(h.iter().copied());
                }
            }
            Event::Draw { .. } | Event::RiichiStick { .. } | Event::GameEnd { .. } => {}
        }
    }
}

/// A seat's view kept up to date as a hand goes on: each [`FollowedView::update`]
/// folds only the events since the last one, so following a hand costs a constant per
/// event instead of a rebuild per look (what the RL environments read every step).
/// The same fold as [`SeatView::of`], which is one update from nothing.
#[derive(Clone, Debug)]
pub struct FollowedView {
    pub view: SeatView,
    /// Events of the current hand already folded.
    folded: usize,
    /// Seats whose next discard is their riichi tile.
    riichi_next: [bool; 4],
}

impl FollowedView {
    pub fn new(seat: u8) -> FollowedView {
        FollowedView { view: SeatView::empty(seat), folded: 0, riichi_next: [false; 4] }
    }

    /// Forget the hand followed so far (keeping the memory) before following a new one.
    pub fn restart(&mut self) {
        let v = &mut self.view;
        v.rivers.iter_mut().for_each(Vec::clear);
        v.melds.iter_mut().for_each(Vec::clear);
        v.dora_indicators.clear();
        v.revealed.clear();
        v.nuki = [0; 4];
        v.riichi = [false; 4];
        self.folded = 0;
        self.riichi_next = [false; 4];
    }

    /// Bring the view up to `round` (the hand it followed so far, which records its
    /// events; call [`FollowedView::restart`] when a new hand starts).
    pub fn update(&mut self, round: &Round) {
        let seat = self.view.seat;
        for e in round.events.iter().skip(self.folded) {
            match e {
                // Others' draws show nothing to this seat; skip the copy.
                Event::Draw { .. } => {}
                Event::RoundStart(_) => self.view.fold(&seat_event(e, seat), &mut self.riichi_next),
                _ => self.view.fold(e, &mut self.riichi_next),
            }
        }
        self.folded = round.events.len();
        self.view.refresh(round);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::EngineRules;
    use crate::engine::scorer::ScorerJudge;
    use crate::engine::wall::{Rng, Wall};
    use crate::engine::{Action, Game};
    use crate::options::RuleSet;
    use crate::riichi::Rules;

    /// Every tile id an event shows.
    fn tiles_of(e: &Event, out: &mut Vec<TileId>) {
        match e {
            Event::RoundStart(rs) => {
                out.push(rs.dora_indicator);
                out.extend(rs.hands.iter().flatten().flatten().copied());
            }
            Event::Draw { tile, .. } => out.extend(tile.iter().copied()),
            Event::Discard { tile, .. } | Event::Nuki { tile, .. } => out.push(*tile),
            Event::Call { meld, .. } => out.extend(meld.tile_slice().iter().copied()),
            Event::Dora { indicator } => out.push(*indicator),
            Event::Win(w) => {
                out.extend(w.hand.iter().copied());
                out.extend(w.win_tile.iter().copied());
                out.extend(w.dora_indicators.iter().copied());
                out.extend(w.ura_indicators.iter().copied());
            }
            Event::Ryuukyoku(d) => out.extend(d.shown.iter().flatten().flatten().copied()),
            Event::Riichi { .. } | Event::RiichiStick { .. } | Event::GameEnd { .. } => {}
        }
    }

    fn view_tiles(v: &SeatView) -> Vec<TileId> {
        let mut out = v.dora_indicators.clone();
        out.extend(v.rivers.iter().flatten().map(|r| r.tile));
        out.extend(v.melds.iter().flatten().flat_map(|m| m.tile_slice().iter().copied()));
        out.extend(v.revealed.iter().copied());
        out
    }

    /// Random legal play of `matches` matches; at every `every`-th decision and at the
    /// end of every hand, for every seat, the view and the per-seat stream show none
    /// of the tiles hidden from that seat at that moment: other seats' concealed
    /// tiles, the undrawn wall, unshown indicators. (A check rebuilds the view from
    /// the hand's events, so checking every decision would make the walk quadratic.)
    fn walk(players: u8, matches: u64, every: u64) -> u64 {
        let mut rules = EngineRules::preset("tenhou").unwrap();
        if players == 3 {
            rules = EngineRules::preset("tenhou-sanma").unwrap();
        }
        let mut checked = 0u64;
        let mut decisions = 0u64;
        let mut actions: Vec<Action> = Vec::new();
        for seed in 0..matches {
            let mut rng = Rng::new(seed ^ 0x5eed);
            let mut game = Game::new(rules.clone());
            let mut judge = ScorerJudge::new(Rules::TENHOU);
            for _ in 0..32 {
                if game.result.is_some() {
                    break;
                }
                let mut round = game.start_round(Wall::shuffled_for(&mut rng, players), true);
                while !round.is_over() {
                    decisions += 1;
                    if decisions.is_multiple_of(every) {
                        for s in 0..players {
                            check_seat(&round, s);
                            checked += 1;
                        }
                    }
                    let mask = round.to_act();
                    let s = (0..4u8).find(|s| mask & (1 << s) != 0).unwrap();
                    round.legal_actions(s, &mut judge, &mut actions);
                    let a = actions[rng.below(actions.len())];
                    round.apply(s, a, &mut judge).unwrap();
                }
                for s in 0..players {
                    check_seat(&round, s);
                }
                let Phase::Ended(end) = round.phase.clone() else { unreachable!() };
                game.end_round(&round, &end);
            }
        }
        checked
    }

    fn check_seat(round: &Round, seat: u8) {
        // Tiles every seat has seen: what the public events show (a dealt hand or a
        // draw is private to its seat; a shown hand at a win or a draw is public).
        let mut public = [false; 136];
        let mut any = [false; 136];
        for e in &round.events {
            let mut all = Vec::new();
            tiles_of(e, &mut all);
            for t in &all {
                any[t.id() as usize] = true;
            }
            if !matches!(e, Event::RoundStart(_) | Event::Draw { .. }) {
                for t in all {
                    public[t.id() as usize] = true;
                }
            } else if let Event::RoundStart(rs) = e {
                public[rs.dora_indicator.id() as usize] = true;
            }
        }
        // Hidden from `seat`: other seats' concealed tiles, and every wall tile nobody
        // holds or has shown (live tiles still to draw, replacements, unflipped dora
        // and ura indicators) -- unless a public event has shown it.
        let mut hidden = [false; 136];
        for o in 0..4u8 {
            for t in round.seats[o as usize].concealed() {
                any[t.id() as usize] = true;
                if o != seat {
                    hidden[t.id() as usize] = true;
                }
            }
        }
        for t in round.wall.order() {
            if !any[t.id() as usize] {
                hidden[t.id() as usize] = true;
            }
        }
        for i in 0..136 {
            hidden[i] &= !public[i];
        }
        let v = SeatView::of(round, seat);
        for t in view_tiles(&v) {
            assert!(!hidden[t.id() as usize], "seat {seat} view shows hidden tile {t:?}");
        }
        let mut own = round.seats[seat as usize].concealed().to_vec();
        own.sort_unstable();
        assert_eq!(v.hand, own);
        let mut stream = Vec::new();
        for e in &round.events {
            tiles_of(&seat_event(e, seat), &mut stream);
        }
        for t in stream {
            assert!(!hidden[t.id() as usize], "seat {seat} stream shows hidden tile {t:?}");
        }
    }

    /// Matches per player count: 1,000 in the test suite; `MAHJONG_FAST_LONG=1` walks
    /// 10,000 of each (the figure docs/engine.md reports).
    fn matches() -> u64 {
        if std::env::var_os("MAHJONG_FAST_LONG").is_some() {
            10_000
        } else {
            1_000
        }
    }

    #[test]
    fn views_never_show_hidden_tiles_four_players() {
        let n = matches();
        assert!(walk(4, n, 8) > 20 * n);
    }

    #[test]
    fn views_never_show_hidden_tiles_three_players() {
        let n = matches();
        assert!(walk(3, n, 8) > 15 * n);
    }

    #[test]
    fn stream_hides_other_draws_and_hands_only() {
        let rules = EngineRules::preset("tenhou").unwrap();
        let game = Game::new(rules);
        let round = game.start_round(Wall::shuffled(&mut Rng::new(3)), true);
        let Event::RoundStart(rs) = seat_event(&round.events[0], 1) else { panic!() };
        assert!(rs.hands[1].iter().all(Option::is_some));
        assert!(rs.hands[0].iter().chain(&rs.hands[2]).chain(&rs.hands[3]).all(Option::is_none));
        let draw = round.events.iter().find(|e| matches!(e, Event::Draw { .. })).unwrap();
        assert!(matches!(seat_event(draw, 1), Event::Draw { tile: None, .. }));
        assert!(matches!(seat_event(draw, 0), Event::Draw { tile: Some(_), .. }));
    }
}
