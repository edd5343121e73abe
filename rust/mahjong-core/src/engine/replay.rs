//! Replay a recorded game through the engine: the log's events become actions, the
//! engine checks each is legal and emits its own events, and the score changes of
//! every hand and the final result are compared with the record.
//!
//! The wall is rebuilt from the log (the deal, every draw, replacement draws after
//! kans, dora and ura indicators). Client-side logs hide other players' tiles: each
//! tile that later leaves a hand (discard, call, shown hand) is put back into the
//! slot it must have come from, and tiles never revealed are filled with the unused
//! ids; such seats are flagged so that facts the log cannot show (tenpai of a hidden
//! hand) are not asserted.

use super::game::Game;
use super::judge::{WinContext, WinJudge, WinValue};
use super::round::{Action, ClaimSource, Phase, Round};
use super::rules::{EngineRules, Length};
use super::wall::{Wall, DEAL, DORA, URA};
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::logs::event::{DrawKind, Event, GameLog, RoundStart, WinRecord};
use crate::tile::TileId;

/// One win of a replayed game, scored by the engine's scorer beside the record.
#[derive(Clone, Debug, PartialEq)]
pub struct WinRow {
    pub source: String,
    pub wind: u8,
    pub number: u8,
    pub honba: u8,
    pub dealer: u8,
    pub seat: u8,
    pub from: u8,
    pub score: crate::riichi::ScoreResult,
    /// The engine's score changes for this win (honba, sticks, pao included).
    pub deltas: [i32; 4],
    pub recorded: [i32; 4],
    pub hand: Vec<TileId>,
    pub win_tile: Option<TileId>,
}

/// What replaying one game found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReplayReport {
    pub source: String,
    /// False when the game's rules are not supported (three players, special lobby).
    pub supported: bool,
    pub note: String,
    pub rounds: u32,
    /// Hands whose every action the engine accepted.
    pub rounds_legal: u32,
    /// Hands whose score changes equal the record.
    pub rounds_scored: u32,
    /// Hands not replayable (interrupted by a reconnect in a client log).
    pub rounds_skipped: u32,
    pub wins: u32,
    pub wins_matched: u32,
    /// Riichi declarations whose tenpai the log cannot show (hidden hands never
    /// shown later).
    pub riichi_unverified: u32,
    /// Riichi declarations whose tenpai was checked (every tile of the hand known,
    /// including hidden hands of client logs that are shown later).
    pub riichi_checked: u32,
    /// The log stops before the match ends (mid-hand, or without a final result):
    /// everything present was checked, but the game is not complete.
    pub truncated: bool,
    /// Hands cut off by the end of the log (neither legal nor scored: unfinished).
    pub rounds_truncated: u32,
    /// Discards right after a call that Tenhou's published kuikae rule bans and that
    /// its server accepted (from protocol clients; the official client refuses them).
    pub kuikae_accepted: u32,
    /// The uma was not declared by the log and was taken from its recorded results
    /// (e.g. 5-10 in 2009 east-only lobbies).
    pub uma_from_record: Option<[i32; 4]>,
    /// A hash of the game's play (every discard's tile kind and red flag, every
    /// hand's wind, number and honba), the same whatever the format or the seat the
    /// log was written from: equal fingerprints are the same game.
    pub fingerprint: u64,
    /// Per hand: a hash of its start (wind, number, honba, sticks, the scores in
    /// sorted order, the first dora indicator's kind) and its discards' kinds in
    /// order. An excerpt of a game has hands whose discards are a prefix of the
    /// full game's: [`ReplayReport::hands`] lets callers find copies and excerpts.
    pub hands: Vec<(u64, Vec<u8>)>,
    /// The final points and rated results were recorded and compared.
    pub final_checked: bool,
    pub final_matched: bool,
    /// One line per problem.
    pub problems: Vec<String>,
    /// Every win with its full scoring (replays valued by the scorer).
    pub win_rows: Vec<WinRow>,
}

impl ReplayReport {
    /// Every hand legal and scored as recorded, and the final result (if recorded) equal.
    pub fn ok(&self) -> bool {
        let done = self.rounds_skipped + self.rounds_truncated;
        self.supported
            && self.problems.is_empty()
            && self.rounds_legal + done == self.rounds
            && self.rounds_scored + done == self.rounds
            && (!self.final_checked || self.final_matched)
    }

    /// Verified and complete: every hand present legal and scored, and the log runs
    /// to the end of the match.
    pub fn complete(&self) -> bool {
        self.ok() && !self.truncated
    }
}

/// Each hand's start key and discard kinds (see [`ReplayReport::hands`]).
pub fn hand_keys(log: &GameLog) -> Vec<(u64, Vec<u8>)> {
    let mut out: Vec<(u64, Vec<u8>)> = Vec::new();
    for e in &log.events {
        match e {
            Event::RoundStart(r) => {
                let mut h: u64 = 0xcbf2_9ce4_8422_2325;
                let mut eat = |b: u8| {
                    h ^= b as u64;
                    h = h.wrapping_mul(0x0100_0000_01b3);
                };
                let mut scores = r.scores;
                scores.sort_unstable();
                let d = r.dora_indicator;
                for b in [r.wind, r.number, r.honba, r.sticks, d.tile().index() as u8 * 2 + d.is_red() as u8] {
                    eat(b);
                }
                for x in scores {
                    x.to_le_bytes().into_iter().for_each(&mut eat);
                }
                // A hand has at most about seventy discards: one allocation.
                out.push((h, Vec::with_capacity(72)));
            }
            Event::Discard { tile, .. } => {
                if let Some(last) = out.last_mut() {
                    last.1.push(tile.tile().index() as u8 * 2 + tile.is_red() as u8);
                }
            }
            _ => {}
        }
    }
    out
}

/// The fingerprint of a game's play (see [`ReplayReport::fingerprint`]): FNV-1a over
/// each hand's (wind, number, honba) and the kinds of its discards in order.
pub fn fingerprint(log: &GameLog) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for e in &log.events {
        match e {
            Event::RoundStart(r) => {
                eat(0xFF);
                eat(r.wind);
                eat(r.number);
                eat(r.honba);
            }
            Event::Discard { tile, .. } => eat(tile.tile().index() as u8 * 2 + tile.is_red() as u8),
            _ => {}
        }
    }
    h
}

/// Engine rules for a log's declared table rules, or why they are not supported.
pub fn rules_for(log: &GameLog) -> std::result::Result<EngineRules, String> {
    if log.rules.custom {
        return Err(format!("special lobby (GO type {:?}) with rules the flags do not describe", log.rules.go_type));
    }
    let mut r = if log.rules.sanma || log.n_players == 3 { EngineRules::TENHOU_SANMA } else { EngineRules::TENHOU };
    if !log.rules.hanchan && log.rules.go_type.is_some() {
        r.length = Length::East;
    }
    Ok(r)
}

/// The value of a win as the record states it (han, fu and points of the server).
pub fn recorded_value(w: &WinRecord, dealer: u8) -> WinValue {
    let base = if w.limit > 0 || w.fu == 0 {
        let div = if w.seat == dealer { 6 } else { 4 };
        w.points / div
    } else {
        (w.fu as i32) << (w.han + 2).min(20)
    };
    WinValue { base, pao_applies: w.pao.is_some() }
}

/// A hand's recorded wins, in order.
fn recorded_wins(body: &[Event]) -> impl Iterator<Item = &WinRecord> {
    body.iter().filter_map(|e| if let Event::Win(w) = e { Some(&**w) } else { None })
}

/// A hand's draws (seat, tile if shown), in order.
fn draws(ev: &[Event]) -> impl Iterator<Item = (u8, Option<TileId>)> + '_ {
    ev.iter().filter_map(|e| if let Event::Draw { seat, tile } = e { Some((*seat, *tile)) } else { None })
}

/// A hand's new dora indicators, in order.
fn doras(ev: &[Event]) -> impl Iterator<Item = TileId> + '_ {
    ev.iter().filter_map(|e| if let Event::Dora { indicator } = e { Some(*indicator) } else { None })
}

/// A judge that accepts exactly the recorded wins (of the hand's events), at the
/// recorded value.
struct RecordJudge<'a> {
    body: &'a [Event],
    dealer: u8,
    /// Seats that won in a triple ron (an abortive draw, so no value is recorded).
    triple: u8,
}

impl WinJudge for RecordJudge<'_> {
    fn judge(&mut self, ctx: &WinContext) -> Option<WinValue> {
        if self.triple & (1 << ctx.seat) != 0 && !ctx.tsumo {
            return Some(WinValue { base: 0, pao_applies: false });
        }
        recorded_wins(self.body)
            .find(|w| w.seat == ctx.seat && w.from == ctx.from)
            .map(|w| recorded_value(w, self.dealer))
    }
}

/// A seat's wall positions whose tiles the log has not shown yet, oldest first, in
/// a fixed array: a seat is dealt 13 and draws at most the live wall and eight
/// replacements (the reader stops at more), under 136 in all, and each is pushed
/// once, so the array never wraps.
struct Hidden {
    slots: [u8; 136],
    head: u8,
    tail: u8,
}

impl Hidden {
    const EMPTY: Hidden = Hidden { slots: [0; 136], head: 0, tail: 0 };

    fn push_back(&mut self, idx: usize) {
        if let Some(slot) = self.slots.get_mut(self.tail as usize) {
            *slot = idx as u8;
            self.tail += 1;
        }
    }

    fn pop_front(&mut self) -> Option<usize> {
        (self.head < self.tail).then(|| {
            self.head += 1;
            self.slots[self.head as usize - 1] as usize
        })
    }

    fn pop_back(&mut self) -> Option<usize> {
        (self.head < self.tail).then(|| {
            self.tail -= 1;
            self.slots[self.tail as usize] as usize
        })
    }

    fn is_empty(&self) -> bool {
        self.head == self.tail
    }
}

struct Placed {
    slots: [Option<TileId>; 136],
    used: [bool; 136],
}

impl Placed {
    fn put(&mut self, idx: usize, t: TileId, source: &str) -> Result<()> {
        if self.used[t.id() as usize] && self.slots[idx] != Some(t) {
            return Err(Error::LogParse(format!("{source}: tile id {} appears twice in one hand's tiles", t.id())));
        }
        if let Some(old) = self.slots[idx] {
            if old != t {
                return Err(Error::LogParse(format!(
                    "{source}: wall position {idx} holds both tile id {} and {}",
                    old.id(),
                    t.id()
                )));
            }
        }
        self.slots[idx] = Some(t);
        self.used[t.id() as usize] = true;
        Ok(())
    }
}

/// Rebuild the wall of one hand from its events; returns the wall and the mask of
/// seats whose hands hold tiles the log never shows.
pub fn rebuild_wall(start: &RoundStart, events: &[Event], source: &str) -> Result<(Wall, u8)> {
    rebuild_wall_for(start, events, source, 4)
}

/// [`rebuild_wall`] for `players` (3 or 4; see the wall's three-player layout).
pub fn rebuild_wall_for(start: &RoundStart, events: &[Event], source: &str, players: u8) -> Result<(Wall, u8)> {
    let sanma = players == 3;
    let live_end = if sanma { super::wall::LIVE_END_SANMA } else { super::wall::LIVE_END };
    let mut p = Placed { slots: [None; 136], used: [false; 136] };
    let mut hidden = [Hidden::EMPTY; 4];
    for s in 0..players as usize {
        for k in 0..13 {
            match start.hands[s][k] {
                Some(t) => p.put(13 * s + k, t, source)?,
                None => hidden[s].push_back(13 * s + k),
            }
        }
    }
    p.put(DORA, start.dora_indicator, source)?;
    let (mut live, mut replacements, mut doras) = (DEAL, 0usize, DORA + 1);
    let mut after_kan = [false; 4];
    let mut in_riichi = [false; 4];
    // Put a tile that leaves `seat`'s hand into a hidden slot, unless already placed.
    fn from_hand(p: &mut Placed, hidden: &mut [Hidden; 4], seat: usize, t: TileId, source: &str) -> Result<()> {
        if p.used[t.id() as usize] {
            return Ok(());
        }
        match hidden[seat].pop_front() {
            Some(idx) => p.put(idx, t, source),
            None => Err(Error::LogParse(format!("{source}: seat {seat} plays tile id {} it never received", t.id()))),
        }
    }
    for (i, e) in events.iter().enumerate() {
        match e {
            Event::Draw { seat, tile } => {
                let s = *seat as usize;
                let from_dead = after_kan[s];
                let idx = if from_dead {
                    after_kan[s] = false;
                    replacements += 1;
                    super::wall::rinshan_slot(replacements - 1, live_end)
                } else {
                    live += 1;
                    live - 1
                };
                if replacements > 8 || (!from_dead && idx >= live_end.saturating_sub(replacements)) {
                    return Err(Error::LogParse(format!("{source}: more draws than the wall holds")));
                }
                match tile {
                    Some(t) => p.put(idx, *t, source)?,
                    None => {
                        let next = events[i + 1..].iter().find(|e| !matches!(e, Event::Riichi { .. }));
                        match next {
                            Some(Event::Discard { seat: d, tile: t, tsumogiri: true }) if d == seat => {
                                p.put(idx, *t, source)?
                            }
                            _ => hidden[s].push_back(idx),
                        }
                    }
                }
            }
            Event::Riichi { seat } => in_riichi[*seat as usize % 4] = true,
            Event::Discard { seat, tile, .. } => from_hand(&mut p, &mut hidden, *seat as usize, *tile, source)?,
            Event::Call { seat, meld } => {
                let s = *seat as usize;
                // A closed kan in riichi uses the tile just drawn.
                if meld.kind == MeldKind::Ankan && in_riichi[s] && !p.used[meld.tiles[0].id() as usize] {
                    if let Some(idx) = hidden[s].pop_back() {
                        p.put(idx, meld.tiles[0], source)?;
                    }
                }
                for &t in meld.tile_slice() {
                    let own = match meld.kind {
                        MeldKind::Ankan => true,
                        MeldKind::Kakan => t == meld.called,
                        _ => t != meld.called,
                    };
                    if own {
                        from_hand(&mut p, &mut hidden, s, t, source)?;
                    }
                }
                if meld.kind.is_kan() {
                    after_kan[s] = true;
                }
            }
            Event::Nuki { seat, tile } => {
                let s = *seat as usize % 4;
                // In riichi the north pulled aside is the tile just drawn.
                if in_riichi[s] && !p.used[tile.id() as usize] {
                    if let Some(idx) = hidden[s].pop_back() {
                        p.put(idx, *tile, source)?;
                    }
                }
                from_hand(&mut p, &mut hidden, s, *tile, source)?;
                after_kan[s] = true;
            }
            Event::Dora { indicator } => {
                if doras >= URA {
                    return Err(Error::LogParse(format!("{source}: more than five dora indicators")));
                }
                p.put(doras, *indicator, source)?;
                doras += 1;
            }
            Event::Win(w) => {
                let s = w.seat as usize;
                // The winning tile of a tsumo is the last tile drawn.
                if w.seat == w.from {
                    if let Some(wt) = w.win_tile {
                        if !p.used[wt.id() as usize] {
                            if let Some(idx) = hidden[s].pop_back() {
                                p.put(idx, wt, source)?;
                            }
                        }
                    }
                }
                // A ron's winning tile is the discard, not from the hand.
                let taken = match w.win_tile {
                    Some(wt) if w.seat != w.from => w.hand.iter().position(|&x| x == wt),
                    _ => None,
                };
                for (k, &t) in w.hand.iter().enumerate() {
                    if Some(k) != taken {
                        from_hand(&mut p, &mut hidden, s, t, source)?;
                    }
                }
                for (k, &u) in w.ura_indicators.iter().enumerate().take(5) {
                    p.put(URA + k, u, source)?;
                }
            }
            Event::Ryuukyoku(d) => {
                for (s, h) in d.shown.iter().enumerate() {
                    if let Some(h) = h {
                        for &t in h {
                            from_hand(&mut p, &mut hidden, s, t, source)?;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut mask = 0u8;
    for (s, h) in hidden.iter().enumerate() {
        if !h.is_empty() {
            mask |= 1 << s;
        }
    }
    // Unused ids fill the slots the log never shows; in three-player, 2m-8m go to
    // the slots out of play and the other ids to the rest.
    let out_of_play = |k: usize| sanma && super::wall::sanma_excluded(k);
    let mut free_in = (0..136u8).filter(|&i| !p.used[i as usize] && !out_of_play(i as usize / 4)).map(TileId::wrapping);
    let mut free_out = (0..136u8).filter(|&i| !p.used[i as usize] && out_of_play(i as usize / 4)).map(TileId::wrapping);
    let mut order = [TileId::wrapping(0); 136];
    for i in 0..136 {
        let unused_slot = sanma && super::wall::sanma_unused_slot(i);
        order[i] = match p.slots[i] {
            Some(t) => t,
            None if unused_slot => free_out
                .next()
                .or_else(|| free_in.next())
                .ok_or_else(|| Error::LogParse(format!("{source}: inconsistent tile ids")))?,
            None => free_in.next().ok_or_else(|| Error::LogParse(format!("{source}: inconsistent tile ids")))?,
        };
    }
    Ok((Wall::from_order_for(&order, players)?, mask))
}

/// A hand's name in problem lines ("source E-1 honba 0"), written out only when a
/// problem is: most hands have none.
struct Label<'a> {
    source: &'a str,
    wind: u8,
    number: u8,
    honba: u8,
}

impl std::fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let wind = ["E", "S", "W", "N"][self.wind as usize % 4];
        write!(f, "{} {wind}-{} honba {}", self.source, self.number + 1, self.honba)
    }
}

/// Skip events that the engine emits by itself (draws, dora, sticks); return the
/// index of the next decision event at or after `i`.
fn next_decision(events: &[Event], mut i: usize) -> usize {
    while i < events.len() && matches!(events[i], Event::Draw { .. } | Event::Dora { .. } | Event::RiichiStick { .. }) {
        i += 1;
    }
    i
}

/// Where the value of each win comes from during a replay.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// The riichi scorer (`riichi::score`) under the log's rules: the full check.
    Scorer,
    /// The record's own han, fu and points: checks the engine's flow and payments
    /// alone.
    Record,
}

/// Scoring rules for a log's declared table rules.
pub fn scoring_rules_for(log: &GameLog) -> crate::riichi::Rules {
    let mut r = crate::riichi::Rules::TENHOU;
    r.red_fives = log.rules.aka;
    r.open_tanyao = log.rules.kuitan;
    r
}

/// Uma other than the preset's that Tenhou has used (5-10: east-only lobbies in 2009).
const TENHOU_OTHER_UMA: [[i32; 4]; 1] = [[10_000, 5_000, -5_000, -10_000]];

/// The first dealer's seat, from the log's first hand.
fn starts_first_dealer(log: &GameLog) -> u8 {
    log.events
        .iter()
        .find_map(|e| if let Event::RoundStart(r) = e { Some((r.dealer + 4 - r.number % 4) % 4) } else { None })
        .unwrap_or(0)
}

/// Replay one game, scoring wins with the riichi scorer.
pub fn replay_game(log: &GameLog) -> ReplayReport {
    replay_game_with(log, Values::Scorer)
}

/// Replay one game with wins valued as `values` says.
pub fn replay_game_with(log: &GameLog, values: Values) -> ReplayReport {
    let mut rep = ReplayReport {
        source: log.source.clone(),
        fingerprint: fingerprint(log),
        hands: hand_keys(log),
        ..Default::default()
    };
    let rules = match rules_for(log) {
        Ok(r) => r,
        Err(why) => {
            rep.note = why;
            return rep;
        }
    };
    rep.supported = true;
    let mut rules = rules;
    // Newer Tenhou records give exact results (47.2); older ones round to whole
    // thousands. The log does not say which, but its recorded results do.
    if let Some(Event::GameEnd { results: Some(r), .. }) = log.events.last() {
        if r.iter().any(|x| (x * 10.0).round() % 10.0 != 0.0) {
            rules.result_rounding = super::rules::ResultRounding::None;
        }
    }
    // The uma is not in the log's declared rules; when the recorded results do not
    // fit the preset's uma but fit another uma Tenhou has used exactly (5-10 in its
    // 2009 east-only lobbies), that one is taken and the report says so.
    if let Some(Event::GameEnd { scores, results: Some(r) }) = log.events.last() {
        let fits = |uma: [i32; 4]| {
            let mut t = rules.clone();
            t.uma = uma;
            let first = starts_first_dealer(log);
            let got = super::game::final_result(&t, *scores, first);
            got.results.iter().zip(r.iter()).all(|(a, b)| (a - b).abs() < 0.05)
        };
        if !fits(rules.uma) {
            if let Some(uma) = TENHOU_OTHER_UMA.iter().copied().find(|&u| fits(u)) {
                rules.uma = uma;
                rep.uma_from_record = Some(uma);
            }
        }
    }
    let mut game = Game::new(rules);
    let ev = &log.events;
    let starts: Vec<usize> =
        ev.iter().enumerate().filter(|(_, e)| matches!(e, Event::RoundStart(_))).map(|(i, _)| i).collect();
    let mut synced = true;
    let mut ended_early = false;
    if let Some(Event::RoundStart(first)) = starts.first().map(|&i| &ev[i]) {
        game.first_dealer = (first.dealer + 4 - first.number % 4) % 4;
    }
    for (n, &si) in starts.iter().enumerate() {
        let end = starts.get(n + 1).copied().unwrap_or(ev.len());
        let Event::RoundStart(start) = &ev[si] else { continue };
        rep.rounds += 1;
        let label = Label { source: &log.source, wind: start.wind, number: start.number, honba: start.honba };
        // The match state carried by the engine must equal the recorded start.
        let expect = (start.scores, start.honba, start.sticks, start.dealer, start.wind, start.number);
        let have = (game.scores, game.honba, game.sticks, game.dealer(), game.wind, game.number);
        // A log that starts mid-match (a reconnect) gives the state of its first hand.
        let mid_start = n == 0 && (start.wind, start.number, start.honba, start.sticks) != (0, 0, 0, 0);
        if synced && !mid_start && expect != have && game.result.is_none() {
            rep.problems
                .push(format!("{label}: match state before the hand differs: recorded {expect:?}, engine {have:?}"));
        }
        if game.result.is_some() && !ended_early {
            // Said once: the hands after it are still replayed and checked.
            ended_early = true;
            let length = if game.rules.length == Length::East { "east only" } else { "east-south" };
            let why = if game.scores.iter().any(|&x| x < 0) {
                "a score below zero"
            } else if game.scores.iter().any(|&x| x >= game.rules.return_points) {
                "a score at or above the return points"
            } else {
                "the last hand played"
            };
            rep.problems.push(format!(
                "{label}: under the rules the log declares ({length}, GO type {:?}) the match ended before this hand ({why}: {:?}), but the record plays on: its declared lobby does not match its play",
                log.rules.go_type, game.scores
            ));
        }
        game.scores = start.scores;
        game.honba = start.honba;
        game.sticks = start.sticks;
        game.wind = start.wind;
        game.number = start.number;
        game.result = None;
        if start.resumed.is_some() {
            rep.rounds_skipped += 1;
            synced = false;
            continue;
        }
        synced = true;
        let body = &ev[si + 1..end];
        let last_hand = n + 1 == starts.len();
        let scoring = scoring_rules_for(log);
        match replay_round(&mut game, start, body, &log.source, &label, last_hand, values, &scoring, &mut rep) {
            Ok(()) => {}
            Err(e) => {
                let played = body.iter().any(|e| matches!(e, Event::Draw { .. } | Event::Discard { .. }));
                if !played && starts.len() == 1 {
                    // A lone hand with a result and no play at all: nothing to replay.
                    rep.supported = false;
                    rep.note = format!("not a game record: its only hand has no draws or discards yet ends with a result the deal cannot give ({})", e.message());
                    rep.problems.clear();
                    return rep;
                }
                rep.problems.push(format!("{label}: {}", e.message()));
                synced = false;
            }
        }
    }
    if !matches!(ev.last(), Some(Event::GameEnd { .. })) {
        rep.truncated = true;
    }
    if let Some(Event::GameEnd { scores, results }) = ev.last() {
        let last_skipped =
            starts.last().is_some_and(|&i| matches!(&ev[i], Event::RoundStart(s) if s.resumed.is_some()));
        if let (Some(results), false) = (results, last_skipped) {
            rep.final_checked = true;
            match &game.result {
                Some(r) => {
                    let same_scores = r.scores == *scores;
                    let same_results = r.results.iter().zip(results.iter()).all(|(a, b)| (a - b).abs() < 0.05);
                    rep.final_matched = same_scores && same_results;
                    if !rep.final_matched {
                        rep.problems.push(format!(
                            "{}: final result differs: recorded {scores:?} {results:?}, engine {:?} {:?}",
                            log.source, r.scores, r.results
                        ));
                    }
                }
                None => {
                    rep.problems.push(format!("{}: the record ends the match but the engine would go on", log.source))
                }
            }
        }
    }
    rep
}

#[allow(clippy::too_many_arguments)]
fn replay_round(
    game: &mut Game,
    start: &RoundStart,
    body: &[Event],
    source: &str,
    label: &Label,
    last_hand: bool,
    values: Values,
    scoring: &crate::riichi::Rules,
    rep: &mut ReplayReport,
) -> Result<()> {
    let (wall, hidden) = rebuild_wall_for(start, body, source, game.rules.players)?;
    let mut triple = 0u8;
    for e in body {
        if let Event::Ryuukyoku(d) = e {
            if d.kind == DrawKind::TripleRon {
                for s in 0..4 {
                    if d.shown[s].is_some() {
                        triple |= 1 << s;
                    }
                }
            }
        }
    }
    let mut record_judge = RecordJudge { body, dealer: start.dealer, triple };
    let mut scorer_judge = super::scorer::ScorerJudge::new(*scoring);
    let use_record = values == Values::Record;
    let mut round = game.start_round(wall, true);
    // The engine emits about the events the record holds: one allocation, not a
    // list grown step by step.
    round.events.reserve(body.len() + 8);
    round.hidden_seats = hidden;
    let mut i = 0;
    let mut legal = true;
    let mut cut = false;
    while !round.is_over() {
        i = next_decision(body, i);
        let Some(e) = body.get(i) else {
            cut = true;
            break;
        };
        let res = match round.phase.clone() {
            Phase::Turn { seat, .. } => {
                let Some((action, used)) = turn_action(body, i, seat) else {
                    let stops = body[i..].iter().all(|e| {
                        matches!(
                            e,
                            Event::Riichi { .. } | Event::Draw { .. } | Event::Dora { .. } | Event::RiichiStick { .. }
                        )
                    });
                    if stops {
                        cut = true;
                    } else {
                        rep.problems.push(format!("{label}: seat {seat} should act but the log has {e:?}"));
                        legal = false;
                    }
                    break;
                };
                if matches!(action, Action::Discard { riichi: true, .. }) {
                    if hidden & (1 << seat) != 0 {
                        rep.riichi_unverified += 1;
                    } else {
                        rep.riichi_checked += 1;
                    }
                }
                if let Action::Discard { tile, .. } = action {
                    if round.kuikae_bans(seat, tile) {
                        // The server accepted it (it is in its record): count it and
                        // let it stand.
                        rep.kuikae_accepted += 1;
                        round.waive_kuikae();
                    }
                }
                i += used;
                if use_record {
                    round.apply(seat, action, &mut record_judge)
                } else {
                    round.apply(seat, action, &mut scorer_judge)
                }
            }
            Phase::Claim { from, source: src, can_ron, can_call, .. } => {
                let answers = claim_answers(body, i, from, src);
                let mut r = Ok(());
                let mut consumed = false;
                for s in 0..4u8 {
                    if (can_ron | can_call) & (1 << s) == 0 {
                        continue;
                    }
                    let a = answers[s as usize].unwrap_or(Action::Pass);
                    if !matches!(a, Action::Pass) {
                        consumed = true;
                    }
                    r = if use_record {
                        round.apply(s, a, &mut record_judge)
                    } else {
                        round.apply(s, a, &mut scorer_judge)
                    };
                    if r.is_err() {
                        break;
                    }
                }
                // A recorded call or ron that the engine did not offer is illegal.
                if r.is_ok() && !consumed && answers.iter().any(|a| a.is_some()) {
                    r = Err(Error::IllegalAction(format!(
                        "{label}: the recorded claim {:?} was not an option",
                        answers
                    )));
                }
                if consumed {
                    if let Some(Event::Call { .. }) = body.get(i) {
                        i += 1;
                    }
                }
                r
            }
            Phase::Ended(_) => Ok(()),
        };
        if let Err(err) = res {
            legal = false;
            rep.problems.push(format!("{label}: illegal: {}", err.message()));
            break;
        }
    }
    if cut && legal {
        // The record stops mid-hand: everything present was legal, nothing to score.
        rep.rounds_truncated += 1;
        rep.truncated = true;
        return Ok(());
    }
    if legal {
        rep.rounds_legal += 1;
    }
    let Phase::Ended(end) = round.phase.clone() else {
        return Ok(());
    };
    // Full scorings of the wins, beside the record.
    for (seat, score) in scorer_judge.wins.iter() {
        let rec = recorded_wins(body).find(|w| w.seat == *seat);
        let deltas = recorded_wins(&round.events).find(|w| w.seat == *seat).map(|w| w.deltas).unwrap_or([0; 4]);
        rep.win_rows.push(WinRow {
            source: source.to_string(),
            wind: start.wind,
            number: start.number,
            honba: start.honba,
            dealer: start.dealer,
            seat: *seat,
            from: rec.map(|w| w.from).unwrap_or(*seat),
            score: *score,
            deltas,
            recorded: rec.map(|w| w.deltas).unwrap_or([0; 4]),
            hand: rec.map(|w| w.hand.clone()).unwrap_or_default(),
            win_tile: rec.and_then(|w| w.win_tile),
        });
    }
    // Compare the score changes.
    let mut recorded = [0i32; 4];
    let mut recorded_draw = None;
    for e in body {
        match e {
            Event::Win(w) => {
                for s in 0..4 {
                    recorded[s] += w.deltas[s];
                }
            }
            Event::Ryuukyoku(d) => {
                recorded = d.deltas;
                recorded_draw = Some(d.kind);
            }
            _ => {}
        }
    }
    let wins = recorded_wins(body).count() as u32;
    rep.wins += wins;
    let draw_same = match (recorded_draw, end.draw) {
        (Some(a), Some(b)) => a == b || (a == DrawKind::Exhaustive && b == DrawKind::Exhaustive),
        (None, None) => true,
        _ => false,
    };
    if legal && draw_same && recorded == end.deltas {
        rep.rounds_scored += 1;
        rep.wins_matched += wins;
    } else if legal {
        rep.problems.push(format!(
            "{label}: score changes differ: recorded {recorded:?} ({recorded_draw:?}), engine {:?} ({:?})",
            end.deltas, end.draw
        ));
    }
    // The engine's own draws must be the recorded ones.
    if legal {
        // Compared as they stream: no lists unless they differ.
        let (mut mine, mut theirs) = (draws(&round.events), draws(body));
        let same = loop {
            match (mine.next(), theirs.next()) {
                (None, None) => break true,
                (Some(a), Some(b)) if a.0 == b.0 && (b.1.is_none() || a.1 == b.1) => {}
                _ => break false,
            }
        };
        if !same {
            rep.problems.push(format!(
                "{label}: the engine's draws differ from the record ({} vs {})",
                draws(&round.events).count(),
                draws(body).count()
            ));
        }
        if !doras(&round.events).eq(doras(body)) {
            let dm: Vec<TileId> = doras(&round.events).collect();
            let dt: Vec<TileId> = doras(body).collect();
            rep.problems.push(format!(
                "{label}: kan dora differ: recorded {:?}, engine {:?}",
                dt.iter().map(|t| t.id()).collect::<Vec<_>>(),
                dm.iter().map(|t| t.id()).collect::<Vec<_>>()
            ));
        }
    }
    game.end_round_choosing(&round, &end, last_hand);
    Ok(())
}

/// The action on one's own turn that the log records at `i`, and how many events it used.
fn turn_action(ev: &[Event], i: usize, seat: u8) -> Option<(Action, usize)> {
    match &ev[i] {
        Event::Riichi { seat: s } if *s == seat => {
            let j = next_decision(ev, i + 1);
            match ev.get(j) {
                Some(Event::Discard { seat: s, tile, .. }) if *s == seat => {
                    Some((Action::Discard { tile: *tile, riichi: true }, j + 1 - i))
                }
                _ => None,
            }
        }
        Event::Discard { seat: s, tile, .. } if *s == seat => Some((Action::Discard { tile: *tile, riichi: false }, 1)),
        Event::Call { seat: s, meld } if *s == seat && meld.kind == MeldKind::Ankan => {
            Some((Action::Ankan { tile: meld.tiles[0] }, 1))
        }
        Event::Call { seat: s, meld } if *s == seat && meld.kind == MeldKind::Kakan => {
            Some((Action::Kakan { tile: meld.called }, 1))
        }
        Event::Win(w) if w.seat == seat && w.from == seat => Some((Action::Tsumo, 1)),
        Event::Nuki { seat: s, tile } if *s == seat => Some((Action::Nuki { tile: *tile }, 1)),
        Event::Ryuukyoku(d) if d.kind == DrawKind::NineTerminals => Some((Action::NineTerminals, 1)),
        _ => None,
    }
}

/// Each seat's recorded answer to a tile on offer (None: no record, i.e. pass).
fn claim_answers(ev: &[Event], i: usize, from: u8, src: ClaimSource) -> [Option<Action>; 4] {
    let mut a = [None; 4];
    match ev.get(i) {
        Some(Event::Win(_)) => {
            for e in &ev[i..] {
                if let Event::Win(w) = e {
                    if w.from == from && w.seat != from {
                        a[w.seat as usize] = Some(Action::Ron);
                    }
                }
            }
        }
        Some(Event::Ryuukyoku(d)) if d.kind == DrawKind::TripleRon => {
            for s in 0..4 {
                if d.shown[s].is_some() && s as u8 != from {
                    a[s] = Some(Action::Ron);
                }
            }
        }
        Some(Event::Call { seat, meld }) if src == ClaimSource::Discard && meld.from == from && *seat != from => {
            let own: Vec<TileId> = meld.tile_slice().iter().copied().filter(|&t| t != meld.called).collect();
            let act = match meld.kind {
                MeldKind::Chi if own.len() == 2 => Some(Action::Chi { tiles: [own[0], own[1]] }),
                MeldKind::Pon if own.len() == 2 => Some(Action::Pon { tiles: [own[0], own[1]] }),
                MeldKind::Daiminkan => Some(Action::Daiminkan),
                _ => None,
            };
            a[*seat as usize] = act;
        }
        _ => {}
    }
    a
}

#[allow(dead_code)]
fn _assert_round_is_send(r: Round) -> impl Send {
    r
}
