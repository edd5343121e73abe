//! The observation planes of [`super::features`] written from per-table tables kept
//! up to date event by event, instead of from a [`SeatView`](crate::engine::view::SeatView)
//! rebuilt into counts at every look.
//!
//! What every seat sees alike (rivers, melds, riichi, norths, dora indicators) is
//! folded once per table as the events come, straight into the float rows the
//! planes hold; an observation then copies those rows in the observer's seat order
//! and adds what is the observer's own (its hand, its draw) from the round's state.
//! The values are those of [`super::features::encode`] on the seat's view, plane for
//! plane (the RL tests compare the two at every decision of random matches): the
//! encoder stays the definition, this is how a table writes it fast.

use super::features::{N_PLANES, OBS_LEN, RECENT};
use crate::engine::round::{Phase, Round};
use crate::logs::event::Event;
use crate::tile::{TileId, RED_IDS};

/// Planes of a seat's block copied as they are kept: river, tsumogiri, recent, riichi
/// tile, melds (the order of [`super::features`]'s per-seat planes).
const KEPT: usize = 5;
/// Planes per relative seat in the observation.
const PER_SEAT: usize = KEPT + 4;
/// Planes before the per-seat blocks.
const HEAD: usize = 7;

/// `x % n` for `x < 2n` (seat arithmetic), without a division.
#[inline(always)]
fn wrap(x: usize, n: usize) -> usize {
    if x >= n {
        x - n
    } else {
        x
    }
}

/// One seat's public tables.
#[derive(Clone, Debug)]
struct SeatRows {
    /// The kept planes, as written into an observation.
    rows: [[f32; 34]; KEPT],
    river: [u8; 34],
    tsumogiri: [u8; 34],
    melds: [u8; 34],
    /// Kinds of the river's discards in order (what the recent plane reads).
    kinds: Vec<u8>,
    /// The last discard and whether a call took it (a call takes only the last).
    last: Option<(TileId, bool)>,
    /// The next discard is the riichi tile.
    riichi_next: bool,
    riichi: bool,
    nuki: u8,
}

impl SeatRows {
    fn new() -> SeatRows {
        SeatRows {
            rows: [[0.0; 34]; KEPT],
            river: [0; 34],
            tsumogiri: [0; 34],
            melds: [0; 34],
            kinds: Vec::with_capacity(32),
            last: None,
            riichi_next: false,
            riichi: false,
            nuki: 0,
        }
    }

    fn restart(&mut self) {
        self.rows = [[0.0; 34]; KEPT];
        self.river = [0; 34];
        self.tsumogiri = [0; 34];
        self.melds = [0; 34];
        self.kinds.clear();
        self.last = None;
        self.riichi_next = false;
        self.riichi = false;
        self.nuki = 0;
    }
}

/// The public planes of one table's hand in play, folded from its events.
#[derive(Clone, Debug)]
pub struct PublicPlanes {
    seats: [SeatRows; 4],
    /// Dora indicators and the dora they point to: counts / 4.
    indicators: [[f32; 34]; 2],
    indicator_counts: [[u8; 34]; 2],
    /// Copies every seat sees: river tiles not called, meld tiles, indicators, norths.
    visible: [u8; 34],
    /// Events of the hand already folded.
    folded: usize,
}

impl Default for PublicPlanes {
    fn default() -> PublicPlanes {
        PublicPlanes {
            seats: std::array::from_fn(|_| SeatRows::new()),
            indicators: [[0.0; 34]; 2],
            indicator_counts: [[0; 34]; 2],
            visible: [0; 34],
            folded: 0,
        }
    }
}

impl PublicPlanes {
    /// Forget the hand followed so far (keeping the memory) before a new one starts.
    pub fn restart(&mut self) {
        self.seats.iter_mut().for_each(SeatRows::restart);
        self.indicators = [[0.0; 34]; 2];
        self.indicator_counts = [[0; 34]; 2];
        self.visible = [0; 34];
        self.folded = 0;
    }

    /// Fold the events of `round` not folded yet.
    pub fn update(&mut self, round: &Round) {
        for e in round.events.get(self.folded..).unwrap_or_default() {
            self.fold(e);
        }
        self.folded = round.events.len();
    }

    fn indicator(&mut self, t: TileId) {
        let (k, d) = (t.tile().index(), t.tile().dora_from_indicator().index());
        self.indicator_counts[0][k] += 1;
        self.indicator_counts[1][d] += 1;
        self.indicators[0][k] = self.indicator_counts[0][k] as f32 * 0.25;
        self.indicators[1][d] = self.indicator_counts[1][d] as f32 * 0.25;
        self.visible[k] += 1;
    }

    /// The same facts as [`SeatView`](crate::engine::view::SeatView)'s fold, into
    /// the planes' tables.
    fn fold(&mut self, e: &Event) {
        match e {
            Event::RoundStart(rs) => self.indicator(rs.dora_indicator),
            Event::Dora { indicator } => self.indicator(*indicator),
            Event::Discard { seat, tile, tsumogiri } => {
                let s = &mut self.seats[*seat as usize & 3];
                let k = tile.tile().index();
                s.river[k] += 1;
                s.rows[0][k] = s.river[k] as f32 * 0.25;
                if *tsumogiri {
                    s.tsumogiri[k] += 1;
                    s.rows[1][k] = s.tsumogiri[k] as f32 * 0.25;
                }
                s.kinds.push(k as u8);
                s.rows[2] = [0.0; 34];
                for &r in s.kinds.iter().rev().take(RECENT) {
                    s.rows[2][r as usize % 34] = 1.0;
                }
                if s.riichi_next {
                    // The encoder marks the last riichi tile of the river.
                    s.rows[3] = [0.0; 34];
                    s.rows[3][k] = 1.0;
                    s.riichi_next = false;
                }
                s.last = Some((*tile, false));
                self.visible[k] += 1;
            }
            Event::Riichi { seat } => {
                let s = &mut self.seats[*seat as usize & 3];
                s.riichi_next = true;
                s.riichi = true;
            }
            Event::Call { seat, meld } => {
                // A call on a discard takes the last tile of the discarder's river,
                // which then counts in the meld rather than the river.
                if meld.from != *seat {
                    if let Some((tile, called)) = &mut self.seats[meld.from as usize & 3].last {
                        if *tile == meld.called && !*called {
                            *called = true;
                            self.visible[tile.tile().index()] -= 1;
                        }
                    }
                }
                let s = &mut self.seats[*seat as usize & 3];
                for x in meld.tile_slice() {
                    let k = x.tile().index();
                    s.melds[k] += 1;
                    s.rows[4][k] = s.melds[k] as f32 * 0.25;
                    self.visible[k] += 1;
                }
            }
            Event::Nuki { seat, .. } => {
                self.seats[*seat as usize & 3].nuki += 1;
                // Norths set aside are public: they count as seen.
                self.visible[30] += 1;
            }
            Event::Draw { .. }
            | Event::RiichiStick { .. }
            | Event::Win(_)
            | Event::Ryuukyoku(_)
            | Event::GameEnd { .. } => {}
        }
    }

    /// Write `seat`'s observation of `round` into `out` (length [`OBS_LEN`]; the
    /// events must be folded up to now: [`PublicPlanes::update`]); `offer` is the
    /// tile on offer to claim.
    pub fn write(&self, round: &Round, seat: u8, offer: Option<TileId>, out: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above).
            unsafe { self.write_avx2(round, seat, offer, out) };
            return;
        }
        self.write_rows(round, seat, offer, out)
    }

    /// [`PublicPlanes::write_rows`] compiled for AVX2 (eight floats a store).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn write_avx2(&self, round: &Round, seat: u8, offer: Option<TileId>, out: &mut [f32]) {
        self.write_rows(round, seat, offer, out)
    }

    #[inline(always)]
    fn write_rows(&self, round: &Round, seat: u8, offer: Option<TileId>, out: &mut [f32]) {
        let Some(row) = out.get_mut(..OBS_LEN) else {
            debug_assert!(false, "an observation row holds {OBS_LEN} values");
            return;
        };
        let Ok(planes) = <&mut [[f32; 34]; N_PLANES]>::try_from(row.as_chunks_mut::<34>().0) else {
            return;
        };
        let n = round.rules.players.max(1) as usize;
        let me = &round.seats[seat as usize & 3];
        let hand = &me.counts;
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        for level in 1..=4u8 {
            let p = &mut planes[level as usize - 1];
            for k in 0..34 {
                p[k] = flag(hand[k] >= level);
            }
        }
        // Red fives held: a fixed-length pass over the id slots, no branch per tile.
        let held = me.concealed().len();
        let mut reds = [false; 3];
        for i in 0..me.tiles.len() {
            let (live, id) = (i < held, me.tiles[i].id());
            reds[0] |= live & (id == RED_IDS[0]);
            reds[1] |= live & (id == RED_IDS[1]);
            reds[2] |= live & (id == RED_IDS[2]);
        }
        planes[4] = [0.0; 34];
        for j in 0..3 {
            if reds[j] {
                planes[4][RED_IDS[j] as usize / 4] = 1.0;
            }
        }
        let drawn = match &round.phase {
            Phase::Turn { seat: s, drawn, .. } if *s == seat => *drawn,
            _ => None,
        };
        for (i, t) in [(5, drawn), (6, offer)] {
            planes[i] = [0.0; 34];
            if let Some(t) = t {
                planes[i][t.tile().index()] = 1.0;
            }
        }
        for r in 0..4 {
            // Relative seat -> absolute seat; three players: nobody sits across.
            let offset = match (n, r) {
                (3, 2) => None,
                (3, 3) => Some(2),
                _ => Some(r),
            };
            let block = &mut planes[HEAD + PER_SEAT * r..HEAD + PER_SEAT * (r + 1)];
            let Some(offset) = offset else {
                block.iter_mut().for_each(|p| *p = [0.0; 34]);
                continue;
            };
            // seat + offset < 2n: one subtraction where `%` divided (a division
            // costs tens of cycles, five of them a look).
            let s = wrap(seat as usize + offset, n);
            let rows = &self.seats[s & 3];
            // Row by row: fixed-size copies the compiler inlines (a slice copy of
            // the five calls memcpy, about 110 instructions more per seat).
            #[allow(clippy::manual_memcpy)]
            for j in 0..KEPT {
                block[j] = rows.rows[j];
            }
            block[KEPT] = [flag(rows.riichi); 34];
            block[KEPT + 1] = [round.scores[s & 3] as f32 / 100_000.0; 34];
            block[KEPT + 2] = [rows.nuki as f32 / 4.0; 34];
            block[KEPT + 3] = [flag(round.dealer as usize == s); 34];
        }
        let tail = HEAD + 4 * PER_SEAT;
        planes[tail] = self.indicators[0];
        planes[tail + 1] = self.indicators[1];
        let p = &mut planes[tail + 2];
        for k in 0..34 {
            p[k] = (hand[k] + self.visible[k]).min(4) as f32 * 0.25;
        }
        let one_hot = |k: usize| {
            let mut p = [0.0; 34];
            p[k % 34] = 1.0;
            p
        };
        planes[tail + 3] = one_hot(27 + (round.wind as usize & 3));
        planes[tail + 4] = one_hot(27 + wrap(seat as usize + n - round.dealer as usize, n));
        planes[tail + 5] = [round.honba as f32 / 8.0; 34];
        planes[tail + 6] = [round.sticks as f32 / 8.0; 34];
        planes[tail + 7] = [round.live_left() as f32 / 70.0; 34];
        planes[tail + 8] = [(4 * round.wind as usize + round.number as usize) as f32 / 16.0; 34];
        planes[tail + 9] = [flag(n == 3); 34];
    }
}
