//! One hand (局) as a state machine. The [`Phase`] says who must act and carries
//! what that decision needs; [`Round::legal_actions`] lists every seat's options and
//! [`Round::apply`] validates an action fully before changing anything, so an
//! illegal action leaves the state as it was. Everything that happens is emitted as
//! [`Event`]s, the same stream the log readers produce.

use super::agari;
use super::judge::{WinContext, WinJudge, WinValue};
use super::rules::{EngineRules, KanDoraTiming, MultiRon};
use super::seat::{Riichi, SeatState};
use super::settle;
use super::wall::Wall;
use crate::decompose::YAOCHUU;
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::logs::event::{DrawKind, DrawRecord, Event, LogMeld, RoundStart, WinRecord};
use crate::tile::TileId;

mod flow;

/// A player's decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discard a tile, declaring riichi with it or not.
    Discard { tile: TileId, riichi: bool },
    /// Win on one's own draw.
    Tsumo,
    /// Closed kan of the kind of `tile`.
    Ankan { tile: TileId },
    /// Add `tile` to one's pon.
    Kakan { tile: TileId },
    /// Abort with nine different terminals and honors (九種九牌).
    NineTerminals,
    /// Three-player: pull a north aside as dora (抜きドラ) and draw a replacement.
    Nuki { tile: TileId },
    /// Win on the tile just discarded or added to a kan.
    Ron,
    /// Sequence with these two tiles from hand.
    Chi { tiles: [TileId; 2] },
    /// Triplet with these two tiles from hand.
    Pon { tiles: [TileId; 2] },
    /// Open kan on the discard.
    Daiminkan,
    /// Decline every option on the table.
    Pass,
}

/// Referee penalties (seed 004).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Penalty {
    /// 錯和 / チョンボ.
    Chombo,
    /// 誤ポン・チー・カン: a call announced and not made.
    WrongCall,
    /// 誤ロン: a ron announced on a tile that does not win; the hand continues.
    WrongRon,
}

/// How the current turn began.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TurnKind {
    Draw,
    Rinshan,
    /// After chi or pon: discard only, some kinds banned (kuikae).
    Call,
}

/// What the tile on offer came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClaimSource {
    Discard,
    /// Added kan (robbing it: 搶槓).
    Kakan,
    /// Closed kan (only thirteen orphans may rob it, where allowed).
    Ankan,
    /// A north pulled aside (three-player), where the rules let it be ronned.
    Nuki,
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundEnd {
    pub deltas: [i32; 4],
    /// Winners as (seat, from, value), in payment order.
    pub wins: Vec<(u8, u8, WinValue)>,
    pub draw: Option<DrawKind>,
    /// The dealer keeps the seat (連荘).
    pub renchan: bool,
    /// Riichi sticks were collected by a winner.
    pub sticks_taken: bool,
    pub tenpai: [bool; 4],
}

/// Who must act now.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// `seat` acts on its own turn.
    Turn { seat: u8, drawn: Option<TileId>, kind: TurnKind, kuikae: u64 },
    /// Other seats may claim `tile`; `answers` collects their choices.
    Claim {
        from: u8,
        tile: TileId,
        source: ClaimSource,
        can_ron: u8,
        can_call: u8,
        answers: [Option<Action>; 4],
        riichi: bool,
    },
    /// The hand is over.
    Ended(Box<RoundEnd>),
}

/// A hand in progress.
#[derive(Clone, Debug)]
pub struct Round {
    pub rules: EngineRules,
    pub wind: u8,
    pub number: u8,
    pub dealer: u8,
    pub honba: u8,
    pub sticks: u8,
    /// Hands the dealer won in a row before this one (paarenchan; 0 unless the game
    /// sets it).
    pub dealer_wins: u8,
    pub scores: [i32; 4],
    pub wall: Wall,
    pub seats: [SeatState; 4],
    pub phase: Phase,
    pub kans: u8,
    /// Norths pulled aside this hand (each took a replacement tile).
    pub nukis: u8,
    kan_seat_mask: u8,
    pub dora_shown: u8,
    pending_dora: u8,
    /// No call has happened yet (first go-around facts).
    uninterrupted: bool,
    discards_total: u16,
    first_winds: [u8; 4],
    riichi_count: u8,
    /// Seats whose hands hold tiles a replayed log never shows (client-side logs):
    /// their tenpai cannot be asserted (riichi is taken on trust; at an exhaustive
    /// draw they are noten, since tenpai hands are shown).
    pub hidden_seats: u8,
    /// A kan waiting for robbing claims to pass.
    pending_kan: Option<(u8, LogMeld)>,
    /// A north pulled aside waiting for ron claims to pass.
    pending_nuki: Option<(u8, TileId)>,
    /// The discarder who fed the open kan whose replacement tile is now in hand
    /// (liable for a rinshan tsumo under `pao_daiminkan_rinshan`).
    pub(super) rinshan_feeder: Option<u8>,
    /// The tile last offered (discarder, kind) and the seats whose hands it
    /// completes: the ron chance and the furiten after it passes ask the same
    /// question of unchanged hands, so it is answered once.
    offer_waits: Option<(u8, u8, u8)>,
    /// Events emitted (only when recording).
    pub events: Vec<Event>,
    record: bool,
}

/// The id pairs a call may take from hand: at most six for a chi (three shapes, a
/// red five or not), two for a pon; kept on the stack (no allocation per claim).
struct Pairs {
    n: usize,
    v: [[TileId; 2]; 8],
}

impl Default for Pairs {
    fn default() -> Pairs {
        Pairs { n: 0, v: [[TileId::wrapping(0); 2]; 8] }
    }
}

impl Pairs {
    fn push(&mut self, p: [TileId; 2]) {
        if let Some(slot) = self.v.get_mut(self.n) {
            *slot = p;
            self.n += 1;
        }
    }

    fn as_slice(&self) -> &[[TileId; 2]] {
        &self.v[..self.n]
    }
}

fn illegal(why: String) -> Error {
    Error::IllegalAction(why)
}

impl Round {
    /// Deal a hand from `wall` and let the dealer draw.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        rules: EngineRules,
        wall: Wall,
        wind: u8,
        number: u8,
        dealer: u8,
        honba: u8,
        sticks: u8,
        scores: [i32; 4],
        record: bool,
    ) -> Round {
        // In three-player the fourth seat is empty (its deal slots hold 2m-8m).
        let n = rules.players as usize;
        let deal = |s: usize| if s < n { wall.deal(s) } else { &[] };
        let seats =
            [SeatState::new(deal(0)), SeatState::new(deal(1)), SeatState::new(deal(2)), SeatState::new(deal(3))];
        let mut r = Round {
            rules,
            wind,
            number,
            dealer,
            honba,
            sticks,
            dealer_wins: 0,
            scores,
            wall,
            seats,
            phase: Phase::Ended(Box::new(RoundEnd {
                deltas: [0; 4],
                wins: Vec::new(),
                draw: None,
                renchan: false,
                sticks_taken: false,
                tenpai: [false; 4],
            })),
            kans: 0,
            nukis: 0,
            kan_seat_mask: 0,
            dora_shown: 1,
            pending_dora: 0,
            uninterrupted: true,
            discards_total: 0,
            first_winds: [0; 4],
            riichi_count: 0,
            pending_kan: None,
            pending_nuki: None,
            rinshan_feeder: None,
            offer_waits: None,
            hidden_seats: 0,
            events: Vec::new(),
            record,
        };
        if record {
            let mut hands = [[None; 13]; 4];
            for (s, h) in hands.iter_mut().enumerate().take(n) {
                for (k, t) in r.wall.deal(s).iter().enumerate() {
                    h[k] = Some(*t);
                }
            }
            let start = RoundStart {
                wind,
                number,
                honba,
                sticks,
                dealer,
                scores,
                dora_indicator: r.wall.dora_indicator(0),
                hands,
                resumed: None,
            };
            r.events.push(Event::RoundStart(Box::new(start)));
        }
        r.draw_for(dealer, false);
        r
    }

    #[inline]
    fn emit(&mut self, e: impl FnOnce() -> Event) {
        if self.record {
            self.events.push(e());
        }
    }

    /// Live tiles left.
    #[inline]
    pub fn live_left(&self) -> u8 {
        self.wall.live_left(self.kans + self.nukis)
    }

    /// Seat wind of `s` (0 = East).
    #[inline]
    pub fn seat_wind(&self, s: u8) -> u8 {
        let n = self.rules.players;
        (s + n - self.dealer) % n
    }

    /// Dora indicators shown so far.
    pub fn dora_indicators(&self) -> Vec<TileId> {
        (0..self.dora_shown as usize).map(|i| self.wall.dora_indicator(i)).collect()
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Ended(_))
    }

    fn draw_for(&mut self, seat: u8, rinshan: bool) {
        let t = if rinshan { self.wall.draw_rinshan() } else { self.wall.draw() };
        self.seats[seat as usize].add(t);
        self.emit(|| Event::Draw { seat, tile: Some(t) });
        self.phase = Phase::Turn {
            seat,
            drawn: Some(t),
            kind: if rinshan { TurnKind::Rinshan } else { TurnKind::Draw },
            kuikae: 0,
        };
    }

    fn flip_dora(&mut self) {
        if self.dora_shown < 5 {
            let t = self.wall.dora_indicator(self.dora_shown as usize);
            self.dora_shown += 1;
            self.emit(|| Event::Dora { indicator: t });
        }
    }

    fn break_ippatsu(&mut self) {
        for s in self.seats.iter_mut() {
            s.ippatsu = false;
        }
    }

    // ----- legality -------------------------------------------------------------

    fn win_context<'a>(
        &'a self,
        seat: u8,
        from: u8,
        tile: TileId,
        concealed: &'a [TileId],
        source: Option<ClaimSource>,
        ura: &'a [TileId],
        dora: &'a [TileId],
    ) -> WinContext<'a> {
        let s = &self.seats[seat as usize];
        let tsumo = source.is_none();
        let (riichi, double) = match s.riichi {
            Riichi::Accepted { double } => (true, double),
            _ => (false, false),
        };
        let rinshan = tsumo && matches!(self.phase, Phase::Turn { kind: TurnKind::Rinshan, .. });
        let last = self.live_left() == 0;
        let first = self.uninterrupted && s.n_discards == 0;
        WinContext {
            seat,
            from,
            tsumo,
            win_tile: tile,
            concealed,
            melds: s.melds(),
            round_wind: self.wind,
            seat_wind: self.seat_wind(seat),
            riichi,
            double_riichi: double,
            ippatsu: riichi && s.ippatsu,
            rinshan,
            chankan: matches!(source, Some(ClaimSource::Kakan) | Some(ClaimSource::Ankan)),
            haitei: tsumo && last && !rinshan,
            houtei: matches!(source, Some(ClaimSource::Discard)) && last,
            tenhou: tsumo && first && seat == self.dealer,
            chiihou: tsumo && first && seat != self.dealer,
            dora_indicators: dora,
            ura_indicators: ura,
            n_players: self.rules.players,
            kita: s.kita,
            honba: self.honba,
            sticks: self.sticks,
            dealer_wins: self.dealer_wins,
        }
    }

    fn judge_win(
        &self,
        seat: u8,
        from: u8,
        tile: TileId,
        source: Option<ClaimSource>,
        judge: &mut dyn WinJudge,
    ) -> Option<WinValue> {
        let s = &self.seats[seat as usize];
        let mut concealed = [TileId::wrapping(0); 14];
        let n = s.n_tiles as usize;
        concealed[..n].copy_from_slice(s.concealed());
        let len = if source.is_some() {
            concealed[n] = tile;
            n + 1
        } else {
            n
        };
        let dora = self.dora_indicators();
        let ura: Vec<TileId> = (0..self.dora_shown as usize).map(|i| self.wall.ura_indicator(i)).collect();
        let ctx = self.win_context(seat, from, tile, &concealed[..len], source, &ura, &dora);
        judge.judge(&ctx)
    }

    /// Can `seat` ron `tile` (shape, furiten, forfeit, yaku)?
    /// Does a tile of kind `k` complete `seat`'s hand (only thirteen orphans count
    /// when it comes from a closed kan)? The shape test is a few table-free passes
    /// over the counts, cheaper than the shanten a readiness gate would need.
    fn completed_by(&mut self, seat: u8, k: usize, source: ClaimSource) -> bool {
        let s = &mut self.seats[seat as usize];
        if s.counts[k] >= 4 {
            return false;
        }
        s.counts[k] += 1;
        let complete = match source {
            ClaimSource::Ankan => crate::decompose::is_kokushi(&s.counts),
            _ => agari::is_complete(&s.counts),
        };
        s.counts[k] -= 1;
        complete
    }

    /// May `seat`, whose hand `tile` completes when `complete`, ron it?
    fn ron_ok(
        &mut self,
        seat: u8,
        from: u8,
        tile: TileId,
        source: ClaimSource,
        complete: bool,
        judge: &mut dyn WinJudge,
    ) -> bool {
        let s = &mut self.seats[seat as usize];
        if s.forfeit || !complete || s.furiten() {
            return false;
        }
        self.judge_win(seat, from, tile, Some(source), judge).is_some()
    }

    fn tenpai_after_discard(&self, seat: u8, tile: TileId) -> bool {
        let s = &self.seats[seat as usize];
        let mut c = s.counts;
        c[tile.tile().index()] -= 1;
        agari::is_tenpai(&c)
    }

    /// Could any discard leave `seat` tenpai (a quick gate before listing riichi)?
    fn may_riichi(&self, seat: u8) -> bool {
        let s = &self.seats[seat as usize];
        s.is_closed() && !s.in_riichi() && crate::shanten::shanten(&s.counts, 4 - s.n_melds as usize) <= 0
    }

    /// Waits of the hand after removing `tile`.
    fn waits_without(&self, seat: u8, kind: usize, n: u8) -> u64 {
        let mut c = self.seats[seat as usize].counts;
        c[kind] -= n;
        agari::waits(&c)
    }

    /// Would the kuikae ban refuse `tile` as `seat`'s discard now?
    pub fn kuikae_bans(&self, seat: u8, tile: TileId) -> bool {
        matches!(self.phase, Phase::Turn { seat: cur, kuikae, .. } if cur == seat && kuikae & (1 << tile.tile().index()) != 0)
    }

    /// Lift the kuikae ban of the turn in play (a referee's decision). Replays use
    /// it for the discards the Tenhou server accepted from protocol clients although
    /// its published rule bans them (docs/engine.md, "Kuikae").
    pub fn waive_kuikae(&mut self) {
        if let Phase::Turn { kuikae, .. } = &mut self.phase {
            *kuikae = 0;
        }
    }

    fn check_turn(&self, seat: u8, action: &Action, judge: &mut dyn WinJudge) -> Result<()> {
        let Phase::Turn { seat: cur, drawn, kind, kuikae } = self.phase else {
            return Err(illegal(format!("{action:?} by seat {seat}: not a turn decision now")));
        };
        if seat != cur {
            return Err(illegal(format!("{action:?} by seat {seat}: it is seat {cur}'s turn")));
        }
        let s = &self.seats[seat as usize];
        match *action {
            Action::Discard { tile, riichi } => {
                if !s.has(tile) {
                    return Err(illegal(format!(
                        "seat {seat} discards tile id {} which is not in its hand",
                        tile.id()
                    )));
                }
                if kuikae & (1 << tile.tile().index()) != 0 {
                    return Err(illegal(format!(
                        "seat {seat} may not discard {} right after calling it (kuikae)",
                        tile.tile()
                    )));
                }
                if s.in_riichi() && Some(tile) != drawn {
                    return Err(illegal(format!("seat {seat} is in riichi and must discard the drawn tile")));
                }
                if riichi {
                    if s.in_riichi() {
                        return Err(illegal(format!("seat {seat} is already in riichi")));
                    }
                    if !s.is_closed() {
                        return Err(illegal(format!("seat {seat} cannot declare riichi with an open hand")));
                    }
                    if kind == TurnKind::Call {
                        return Err(illegal(format!("seat {seat} cannot declare riichi right after a call")));
                    }
                    if self.scores[seat as usize] < self.rules.riichi_min_points {
                        return Err(illegal(format!(
                            "seat {seat} has {} points; riichi needs {}",
                            self.scores[seat as usize], self.rules.riichi_min_points
                        )));
                    }
                    if self.live_left() < self.rules.riichi_min_wall {
                        return Err(illegal(format!(
                            "riichi needs {} tiles left in the wall, {} left",
                            self.rules.riichi_min_wall,
                            self.live_left()
                        )));
                    }
                    if self.hidden_seats & (1 << seat) == 0 && !self.tenpai_after_discard(seat, tile) {
                        return Err(illegal(format!(
                            "seat {seat} is not tenpai after discarding {}: no riichi",
                            tile.tile()
                        )));
                    }
                }
                Ok(())
            }
            Action::Tsumo => {
                let Some(t) = drawn else { return Err(illegal(format!("seat {seat} has not drawn: no tsumo"))) };
                if s.forfeit || !agari::is_complete(&s.counts) {
                    return Err(illegal(format!("seat {seat}: hand is not complete: no tsumo")));
                }
                if self.judge_win(seat, seat, t, None, judge).is_none() {
                    return Err(illegal(format!("seat {seat}: no yaku: no tsumo")));
                }
                Ok(())
            }
            Action::Ankan { tile } | Action::Kakan { tile } => {
                if kind == TurnKind::Call {
                    return Err(illegal(format!("seat {seat} must discard after a call")));
                }
                if self.kans >= 4 {
                    return Err(illegal("no fifth kan".into()));
                }
                if self.live_left() == 0 && !self.rules.kan_on_last_tile {
                    return Err(illegal("no kan on the last tile".into()));
                }
                let k = tile.tile().index();
                if let Action::Ankan { .. } = action {
                    if s.counts[k] != 4 {
                        return Err(illegal(format!("seat {seat} does not hold four {}", tile.tile())));
                    }
                    if s.in_riichi() {
                        // Only with the drawn tile, and the waits must not change.
                        if drawn.map(|d| d.tile().index()) != Some(k) {
                            return Err(illegal(format!("seat {seat} in riichi may only kan the drawn tile")));
                        }
                        let mut before = s.counts;
                        before[k] -= 1;
                        let w0 = agari::waits(&before);
                        let w1 = self.waits_without(seat, k, 4);
                        if w0 != w1 || !self.riichi_kan_keeps_shape(seat, k) {
                            return Err(illegal(format!("seat {seat} in riichi: this kan would change the waits")));
                        }
                    }
                } else {
                    if s.in_riichi() {
                        return Err(illegal(format!("seat {seat} is in riichi: no added kan")));
                    }
                    if !s.has(tile)
                        || !s.melds().iter().any(|m| m.kind == MeldKind::Pon && m.tiles[0].tile().index() == k)
                    {
                        return Err(illegal(format!("seat {seat} has no pon of {} to add to", tile.tile())));
                    }
                }
                Ok(())
            }
            Action::Nuki { tile } => {
                if !self.rules.nuki {
                    return Err(illegal(format!("seat {seat}: no norths are pulled aside under these rules")));
                }
                if kind == TurnKind::Call {
                    return Err(illegal(format!("seat {seat} must discard after a call")));
                }
                if tile.tile().index() != 30 || !s.has(tile) {
                    return Err(illegal(format!("seat {seat} has no north with id {} to pull aside", tile.id())));
                }
                if self.live_left() == 0 {
                    return Err(illegal("no north pulled aside on the last tile".into()));
                }
                if s.in_riichi() && Some(tile) != drawn {
                    // The waiting hand must not change: only the north just drawn.
                    return Err(illegal(format!("seat {seat} in riichi may only pull aside the north just drawn")));
                }
                Ok(())
            }
            Action::NineTerminals => {
                if !self.rules.abort_nine_terminals
                    || !self.uninterrupted
                    || s.n_discards != 0
                    || kind != TurnKind::Draw
                {
                    return Err(illegal(format!("seat {seat}: nine terminals only on an uninterrupted first draw")));
                }
                let kinds = YAOCHUU.iter().filter(|&&k| s.counts[k] > 0).count();
                if kinds < 9 {
                    return Err(illegal(format!("seat {seat} holds {kinds} kinds of terminals and honors, needs 9")));
                }
                Ok(())
            }
            _ => Err(illegal(format!(
                "{action:?} by seat {seat}: only discard, tsumo, kan or nine terminals on one's turn"
            ))),
        }
    }

    /// In riichi a closed kan must not change the hand's structure: every complete
    /// form with any wait must use the four tiles as a triplet.
    fn riichi_kan_keeps_shape(&self, seat: u8, k: usize) -> bool {
        let mut c = self.seats[seat as usize].counts;
        c[k] -= 1;
        let w = agari::waits(&c);
        for t in 0..34 {
            if w & (1 << t) == 0 {
                continue;
            }
            let mut h = c;
            h[t] += 1;
            // Removing the triplet must leave a complete hand for this wait.
            if h[k] < 3 {
                return false;
            }
            h[k] -= 3;
            if !agari::is_standard(&h) {
                return false;
            }
        }
        true
    }

    fn chi_options(&self, seat: u8, tile: TileId, out: &mut Pairs) {
        let k = tile.tile().index();
        if k >= 27 {
            return;
        }
        let s = &self.seats[seat as usize];
        let n = (k % 9) as i32;
        for lo in [n - 2, n - 1, n] {
            if !(0..=6).contains(&lo) {
                continue;
            }
            let base = k as i32 - n + lo;
            let mut others = [0usize; 2];
            let mut j = 0;
            for i in 0..3 {
                let x = (base + i) as usize;
                if x != k && j < 2 {
                    others[j] = x;
                    j += 1;
                }
            }
            if others.iter().any(|&x| s.counts[x] == 0) {
                continue;
            }
            // Every distinct choice of ids (red or not) is its own option.
            let mut a = [TileId::wrapping(0); 4];
            let mut b = [TileId::wrapping(0); 4];
            let na = s.ids_of(others[0], &mut a);
            let nb = s.ids_of(others[1], &mut b);
            let mut seen = 0u8;
            for &x in &a[..na] {
                for &y in &b[..nb] {
                    let key = 1u8 << (x.is_red() as u8 * 2 + y.is_red() as u8);
                    if seen & key != 0 {
                        continue;
                    }
                    seen |= key;
                    let ban = self.rules.kuikae.mask(MeldKind::Chi, base as usize, k);
                    if self.has_discard_after(seat, &[x, y], ban) {
                        out.push([x, y]);
                    }
                }
            }
        }
    }

    /// Any chi on `tile` for `seat` (counts only; the discard after it must not be
    /// banned by kuikae).
    pub(super) fn chi_possible(&self, seat: u8, tile: TileId) -> bool {
        let k = tile.tile().index();
        if k >= 27 {
            return false;
        }
        let c = &self.seats[seat as usize].counts;
        let n = (k % 9) as i32;
        for lo in [n - 2, n - 1, n] {
            if !(0..=6).contains(&lo) {
                continue;
            }
            let base = (k as i32 - n + lo) as usize;
            let mut used = [0u8; 34];
            let mut ok = true;
            for x in base..base + 3 {
                if x != k {
                    if c[x] == 0 {
                        ok = false;
                    }
                    used[x] += 1;
                }
            }
            if !ok {
                continue;
            }
            let ban = self.rules.kuikae.mask(MeldKind::Chi, base, k);
            if (0..34).any(|x| c[x] > used[x] && ban & (1 << x) == 0) {
                return true;
            }
        }
        false
    }

    /// Any pon on `tile` for `seat` (counts only).
    pub(super) fn pon_possible(&self, seat: u8, tile: TileId) -> bool {
        let k = tile.tile().index();
        let c = &self.seats[seat as usize].counts;
        c[k] >= 2 && (0..34).any(|x| x != k && c[x] > 0)
    }

    fn pon_options(&self, seat: u8, tile: TileId, out: &mut Pairs) {
        let k = tile.tile().index();
        let s = &self.seats[seat as usize];
        let mut ids = [TileId::wrapping(0); 4];
        let n = s.ids_of(k, &mut ids);
        let mut seen = 0u8;
        for i in 0..n {
            for j in i + 1..n {
                let reds = 1u8 << (ids[i].is_red() as u8 + ids[j].is_red() as u8);
                if seen & reds != 0 {
                    continue;
                }
                seen |= reds;
                if self.has_discard_after(seat, &[ids[i], ids[j]], 1 << k) {
                    out.push([ids[i], ids[j]]);
                }
            }
        }
    }

    fn has_discard_after(&self, seat: u8, used: &[TileId], ban: u64) -> bool {
        let s = &self.seats[seat as usize];
        s.concealed().iter().any(|t| !used.contains(t) && ban & (1 << t.tile().index()) == 0)
    }

    fn check_claim(&mut self, seat: u8, action: &Action) -> Result<()> {
        let Phase::Claim { from, tile, source, can_ron, can_call, answers, .. } = self.phase else {
            return Err(illegal(format!("{action:?} by seat {seat}: no tile is on offer")));
        };
        if seat == from {
            return Err(illegal(format!("seat {seat} cannot claim its own tile")));
        }
        if (can_ron | can_call) & (1 << seat) == 0 {
            return Err(illegal(format!("{action:?} by seat {seat}: it has no option on this tile")));
        }
        if answers[seat as usize].is_some() {
            return Err(illegal(format!("seat {seat} has already answered")));
        }
        let mut v = Pairs::default();
        match *action {
            Action::Pass => Ok(()),
            Action::Ron if can_ron & (1 << seat) != 0 => Ok(()),
            Action::Ron => Err(illegal(format!("seat {seat} cannot ron {}", tile.tile()))),
            Action::Chi { tiles }
                if source == ClaimSource::Discard
                    && self.rules.chi
                    && (from + 1) % self.rules.players == seat
                    && can_call & (1 << seat) != 0 =>
            {
                self.chi_options(seat, tile, &mut v);
                if v.as_slice().iter().any(|o| same_pair(o, &tiles)) {
                    Ok(())
                } else {
                    Err(illegal(format!(
                        "seat {seat} cannot chi {} with ids {} {}",
                        tile.tile(),
                        tiles[0].id(),
                        tiles[1].id()
                    )))
                }
            }
            Action::Pon { tiles } if source == ClaimSource::Discard && can_call & (1 << seat) != 0 => {
                self.pon_options(seat, tile, &mut v);
                if v.as_slice().iter().any(|o| same_pair(o, &tiles)) {
                    Ok(())
                } else {
                    Err(illegal(format!(
                        "seat {seat} cannot pon {} with ids {} {}",
                        tile.tile(),
                        tiles[0].id(),
                        tiles[1].id()
                    )))
                }
            }
            Action::Daiminkan if source == ClaimSource::Discard && can_call & (1 << seat) != 0 => {
                if self.seats[seat as usize].counts[tile.tile().index()] == 3 && self.kans < 4 {
                    Ok(())
                } else {
                    Err(illegal(format!("seat {seat} cannot open-kan {}", tile.tile())))
                }
            }
            _ => Err(illegal(format!("{action:?} by seat {seat} is not an option on {}", tile.tile()))),
        }
    }

    /// Every legal action of `seat` now (empty when it has nothing to decide).
    pub fn legal_actions(&mut self, seat: u8, judge: &mut dyn WinJudge, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Turn { seat: cur, drawn, kind, kuikae } if cur == seat => {
                let s = &self.seats[seat as usize];
                let riichi_now = s.in_riichi();
                let mut seen = 0u64;
                let mut seen_red = 0u8;
                let tiles = s.tiles;
                // Gathered on the stack and appended at once: a push per tile
                // re-checked the vector's room and stored its length every time.
                let mut discards = [Action::Pass; 14];
                let mut m = 0;
                for &t in &tiles[..s.n_tiles as usize] {
                    let k = t.tile().index();
                    if kuikae & (1 << k) != 0 || (riichi_now && Some(t) != drawn) {
                        continue;
                    }
                    // One option per kind, and red fives apart from plain fives.
                    if t.is_red() {
                        if seen_red & (1 << (k / 9)) != 0 {
                            continue;
                        }
                        seen_red |= 1 << (k / 9);
                    } else {
                        if seen & (1 << k) != 0 && Some(t) != drawn {
                            continue;
                        }
                        seen |= 1 << k;
                    }
                    if let Some(d) = discards.get_mut(m) {
                        *d = Action::Discard { tile: t, riichi: false };
                        m += 1;
                    }
                }
                out.extend_from_slice(&discards[..m]);
                let n = if self.may_riichi(seat) { out.len() } else { 0 };
                for i in 0..n {
                    if let Action::Discard { tile, .. } = out[i] {
                        let a = Action::Discard { tile, riichi: true };
                        // Most candidates fail the tenpai test: asked first, it spares
                        // the full check's refusal message (the full check repeats it).
                        let may = self.hidden_seats & (1 << seat) != 0 || self.tenpai_after_discard(seat, tile);
                        if may && self.check_turn(seat, &a, judge).is_ok() {
                            out.push(a);
                        }
                    }
                }
                // Only candidates that pass the cheap shape tests get the full check
                // (whose refusals build messages).
                let s = &self.seats[seat as usize];
                let tsumo_shape = drawn.is_some() && agari::is_complete(&s.counts);
                let nine = self.rules.abort_nine_terminals
                    && self.uninterrupted
                    && s.n_discards == 0
                    && kind == TurnKind::Draw;
                if tsumo_shape && self.check_turn(seat, &Action::Tsumo, judge).is_ok() {
                    out.push(Action::Tsumo);
                }
                if nine && self.check_turn(seat, &Action::NineTerminals, judge).is_ok() {
                    out.push(Action::NineTerminals);
                }
                if self.rules.nuki && kind != TurnKind::Call {
                    let s = &self.seats[seat as usize];
                    let north = if s.in_riichi() {
                        drawn.filter(|t| t.tile().index() == 30)
                    } else {
                        s.concealed().iter().copied().find(|t| t.tile().index() == 30)
                    };
                    if let Some(t) = north {
                        let a = Action::Nuki { tile: t };
                        if self.check_turn(seat, &a, judge).is_ok() {
                            out.push(a);
                        }
                    }
                }
                if kind != TurnKind::Call {
                    let s = &self.seats[seat as usize];
                    // A count is at most 4: bit 2 of any count marks a kind held four
                    // times (one vector pass instead of 34 tests on most turns).
                    let quads = s.counts.iter().fold(0u8, |m, &c| m | c) & 4 != 0;
                    for k in 0..if quads { 34 } else { 0 } {
                        if s.counts[k] == 4 {
                            let mut ids = [TileId::wrapping(0); 4];
                            s.ids_of(k, &mut ids);
                            let a = Action::Ankan { tile: ids[0] };
                            if self.check_turn(seat, &a, judge).is_ok() {
                                out.push(a);
                            }
                        }
                    }
                    let s = &self.seats[seat as usize];
                    let adds = s.melds().iter().filter(|m| m.kind == MeldKind::Pon).filter_map(|m| {
                        let k = m.tiles[0].tile().index();
                        s.concealed().iter().copied().find(|t| t.tile().index() == k)
                    });
                    for t in adds {
                        let a = Action::Kakan { tile: t };
                        if self.check_turn(seat, &a, judge).is_ok() {
                            out.push(a);
                        }
                    }
                }
            }
            Phase::Claim { from, tile, source, can_ron, can_call, answers, .. }
                if seat != from && answers[seat as usize].is_none() && (can_ron | can_call) & (1 << seat) != 0 =>
            {
                out.push(Action::Pass);
                if can_ron & (1 << seat) != 0 {
                    out.push(Action::Ron);
                }
                if source == ClaimSource::Discard && can_call & (1 << seat) != 0 {
                    let mut v = Pairs::default();
                    if self.rules.chi && (from + 1) % self.rules.players == seat {
                        self.chi_options(seat, tile, &mut v);
                        out.extend(v.as_slice().iter().map(|&t| Action::Chi { tiles: t }));
                        v = Pairs::default();
                    }
                    self.pon_options(seat, tile, &mut v);
                    out.extend(v.as_slice().iter().map(|&t| Action::Pon { tiles: t }));
                    if self.seats[seat as usize].counts[tile.tile().index()] == 3 && self.kans < 4 {
                        out.push(Action::Daiminkan);
                    }
                }
            }
            _ => {}
        }
    }

    /// Seats that must decide now.
    pub fn to_act(&self) -> u8 {
        match &self.phase {
            Phase::Turn { seat, .. } => 1 << seat,
            Phase::Claim { can_ron, can_call, answers, .. } => {
                let mut m = can_ron | can_call;
                for s in 0..4 {
                    if answers[s].is_some() {
                        m &= !(1 << s);
                    }
                }
                m
            }
            Phase::Ended(_) => 0,
        }
    }

    // ----- referee -------------------------------------------------------------------

    /// Apply a penalty of seed 004 (or seed 001's chombo) to `seat`, as a referee
    /// would: the payments of the rule set; a chombo voids the hand (same dealer,
    /// same counters), a wrong ron also bars `seat` from winning this hand.
    pub fn penalty(&mut self, seat: u8, kind: Penalty) -> Result<()> {
        if seat >= self.rules.players {
            return Err(illegal(format!("seat {seat} does not exist")));
        }
        if self.is_over() {
            return Err(illegal(format!("{kind:?} on seat {seat}: the hand is over")));
        }
        let n = self.rules.players as usize;
        let each = |amount: i32| {
            let mut d = [0; 4];
            for x in d.iter_mut().take(n) {
                *x = amount;
            }
            d[seat as usize] = -(n as i32 - 1) * amount;
            d
        };
        match kind {
            Penalty::Chombo => {
                let d = match self.rules.chombo {
                    super::rules::Chombo::None => [0; 4],
                    super::rules::Chombo::EachPays(x) => each(x),
                    super::rules::Chombo::Mangan => {
                        let t = settle::tsumo(&self.rules, seat, self.dealer, 2000, 0, 0, None);
                        [-t[0], -t[1], -t[2], -t[3]]
                    }
                };
                // Riichi sticks put down in a voided hand go back to their owners.
                for s in 0..4 {
                    if matches!(self.seats[s].riichi, Riichi::Accepted { .. }) {
                        self.scores[s] += self.rules.riichi_stick;
                        self.sticks = self.sticks.saturating_sub(1);
                    }
                }
                self.finish_draw(DrawKind::Chombo, d, true, [false; 4], Default::default());
            }
            Penalty::WrongCall | Penalty::WrongRon => {
                let amount =
                    if kind == Penalty::WrongCall { self.rules.wrong_call_each } else { self.rules.wrong_ron_each };
                let d = each(amount);
                for s in 0..4 {
                    self.scores[s] += d[s];
                }
                if kind == Penalty::WrongRon {
                    self.seats[seat as usize].forfeit = true;
                }
            }
        }
        Ok(())
    }

    // ----- applying actions -------------------------------------------------------

    /// Apply `seat`'s action, or fail with `IllegalAction` leaving the state as it was.
    pub fn apply(&mut self, seat: u8, action: Action, judge: &mut dyn WinJudge) -> Result<()> {
        if seat >= self.rules.players {
            return Err(illegal(format!("seat {seat} does not exist")));
        }
        match self.phase {
            Phase::Turn { .. } => {
                self.check_turn(seat, &action, judge)?;
                self.do_turn(seat, action, judge);
            }
            Phase::Claim { .. } => {
                self.check_claim(seat, &action)?;
                if let Phase::Claim { answers, .. } = &mut self.phase {
                    answers[seat as usize] = Some(action);
                }
                if self.to_act() == 0 {
                    self.resolve_claims(judge);
                }
            }
            Phase::Ended(_) => return Err(illegal(format!("{action:?} by seat {seat}: the hand is over"))),
        }
        Ok(())
    }

    fn do_turn(&mut self, seat: u8, action: Action, judge: &mut dyn WinJudge) {
        let Phase::Turn { drawn, .. } = self.phase else { return };
        match action {
            Action::Discard { tile, riichi } => self.discard(seat, tile, riichi, drawn == Some(tile), judge),
            Action::Tsumo => {
                let t = drawn.unwrap_or(TileId::wrapping(0));
                let rinshan = matches!(self.phase, Phase::Turn { kind: TurnKind::Rinshan, .. });
                if let Some(v) = self.judge_win(seat, seat, t, None, judge) {
                    judge.settled(seat);
                    let yakuman_pao = if v.pao_applies { self.seats[seat as usize].pao } else { None };
                    // A yakuman liability comes first; otherwise the feeder of an
                    // open kan pays for a win on its replacement tile.
                    let kan_pao = if rinshan && self.rules.pao_daiminkan_rinshan { self.rinshan_feeder } else { None };
                    let pao = yakuman_pao.or(kan_pao);
                    let d = settle::tsumo(&self.rules, seat, self.dealer, v.base, self.honba, self.sticks, pao);
                    self.finish_win(vec![(seat, seat, v, pao, d)], t);
                }
            }
            Action::Ankan { tile } => {
                let k = tile.tile().index();
                let mut ids = [TileId::wrapping(0); 4];
                self.seats[seat as usize].ids_of(k, &mut ids);
                ids.sort();
                let meld = LogMeld { kind: MeldKind::Ankan, tiles: ids, called: ids[0], from: seat };
                // Thirteen orphans may rob a closed kan.
                if self.rules.kokushi_robs_ankan && self.open_claims(seat, tile, ClaimSource::Ankan, false, judge) {
                    self.pending_kan = Some((seat, meld));
                    return;
                }
                self.make_kan(seat, meld);
            }
            Action::Kakan { tile } => {
                let k = tile.tile().index();
                let s = &self.seats[seat as usize];
                let Some(pon) =
                    s.melds().iter().find(|m| m.kind == MeldKind::Pon && m.tiles[0].tile().index() == k).copied()
                else {
                    return;
                };
                let mut ids = [pon.tiles[0], pon.tiles[1], pon.tiles[2], tile];
                ids.sort();
                let meld = LogMeld { kind: MeldKind::Kakan, tiles: ids, called: tile, from: pon.from };
                if self.open_claims(seat, tile, ClaimSource::Kakan, false, judge) {
                    self.pending_kan = Some((seat, meld));
                    return;
                }
                self.make_kan(seat, meld);
            }
            Action::Nuki { tile } => {
                self.seats[seat as usize].remove(tile);
                self.emit(|| Event::Nuki { seat, tile });
                // Like a kan it ends the first go-around and every ippatsu.
                self.uninterrupted = false;
                self.break_ippatsu();
                if self.rules.nuki_ron && self.open_claims(seat, tile, ClaimSource::Nuki, false, judge) {
                    self.pending_nuki = Some((seat, tile));
                    return;
                }
                self.complete_nuki(seat);
            }
            Action::NineTerminals => {
                let shown = {
                    let mut v: [Option<Vec<TileId>>; 4] = Default::default();
                    v[seat as usize] = Some(self.seats[seat as usize].concealed().to_vec());
                    v
                };
                self.finish_draw(DrawKind::NineTerminals, [0; 4], true, [false; 4], shown);
            }
            _ => {}
        }
    }
}

fn same_pair(a: &[TileId; 2], b: &[TileId; 2]) -> bool {
    // Ids of the same kind and redness are interchangeable.
    let key = |t: &TileId| (t.tile().index(), t.is_red());
    let (mut x, mut y) = ([key(&a[0]), key(&a[1])], [key(&b[0]), key(&b[1])]);
    x.sort();
    y.sort();
    x == y
}
