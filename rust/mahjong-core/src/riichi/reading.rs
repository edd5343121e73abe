//! Standard-form readings scored from split summaries, without building their sets.
//!
//! A reading of a standard hand is its melds and honors (the same for every reading)
//! plus one split of each number suit. Everything the yaku and fu rules ask of the
//! melds and honors is gathered once per hand in a [`Plan`]; each suit split brings a
//! [`SuitSummary`] (sequence and triplet masks, counts, concealed-triplet fu) from the
//! split table, so a reading is three ORs and one add, and each yaku a mask test.
//! The rules are those of `yaku::ordinary` and `fu::fu` (which score the same reading
//! from its sets and itemize the winner's fu); the tests check both agree on every
//! reading.

use super::context::WinContext;
use super::fu::round_fu;
use super::kinds::KindMasks;
use super::rules::Rules;
use super::yaku::{is_value_pair, HandFacts, Yaku, YakuList, YakuSink};
use crate::decompose::{SplitRef, SuitSummary, Wait, SUM_FU, SUM_OUTSIDE, SUM_PEIKOU, SUM_SEQ, SUM_TRIP};
use crate::hand::{Meld, MeldKind};
use crate::tile::{Tile, YAOCHUU_KINDS};

const HONORS: u64 = 0x7F << 27;
const DRAGONS: u64 = 0b111 << 31;
/// Sequences that hold a terminal: those starting at 1 or 7.
const OUTSIDE_SEQ: u64 = (1 << 0) | (1 << 6) | (1 << 9) | (1 << 15) | (1 << 18) | (1 << 24);

/// The yaku a reading can add to the hand's, in the order a result lists them
/// (the order of `yaku::ordinary`).
pub const READING_ORDER: [Yaku; 12] = [
    Yaku::Pinfu,
    Yaku::Iipeikou,
    Yaku::Ryanpeikou,
    Yaku::Ittsu,
    Yaku::Sanshoku,
    Yaku::SanshokuDoukou,
    Yaku::Toitoi,
    Yaku::Sanankou,
    Yaku::Sankantsu,
    Yaku::Shousangen,
    Yaku::Chanta,
    Yaku::Junchan,
];

/// Han of each of [`READING_ORDER`] in a closed and in an open hand.
const H_CLOSED: [u8; 16] = han_row(true);
const H_OPEN: [u8; 16] = han_row(false);

/// (16 entries, four unused, so that any 4-bit index is in range.)
const fn han_row(closed: bool) -> [u8; 16] {
    let mut h = [0u8; 16];
    let mut i = 0;
    while i < 12 {
        let (c, o) = READING_ORDER[i].han();
        h[i] = if closed { c } else { o };
        i += 1;
    }
    h
}

/// Bits of [`Reading::mask`] (bit i: `READING_ORDER[i]`).
const PINFU: u32 = 0;
const SANANKOU: u32 = 7;
const SANKANTSU: u32 = 8;
const SHOUSANGEN: u32 = 9;

/// Where the winning tile sits in a reading, in the order `decompose::for_each_wait`
/// offers the slots: the pair, a sequence starting two below, one below, the triplet,
/// a sequence starting on the tile.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Slot {
    Pair,
    SeqFrom2Below,
    SeqFrom1Below,
    Triplet,
    SeqFromTile,
}

/// One way to read the hand with the winning tile placed: what ranking needs.
#[derive(Copy, Clone, Debug)]
pub struct Reading {
    /// Han from the reading's yaku, the hand's included (no dora).
    pub han: u32,
    /// The yaku of [`READING_ORDER`] it holds (bit i: `READING_ORDER[i]`).
    pub mask: u32,
    /// Pinfu scored.
    pub pinfu: bool,
    /// Fu as scored (rounded; pinfu tsumo's 20 applied).
    pub fu: u32,
    /// Fu without pinfu (what a yakuman reading reports).
    pub fu_no_pinfu: u32,
    pub wait: Wait,
    pub slot: Slot,
    /// Triplets and kans held concealed (a triplet completed by a discard is open).
    pub concealed_triplets: u32,
}

/// What every standard reading of one hand shares.
#[derive(Copy, Clone, Debug)]
pub struct Plan {
    /// Sequence starts and triplet kinds of the melds and concealed honors.
    seq_fixed: u64,
    trips_fixed: u64,
    n_seq_fixed: u32,
    concealed_trips_fixed: u32,
    /// Fu of everything but the suits' concealed triplets and the wait: base, closed
    /// ron or tsumo, value pair, melds, concealed honor triplets.
    fu_fixed: u32,
    /// Melds and the honor pair are outside (every set with a 1, 9 or honor).
    outside_fixed: bool,
    /// Closed with no meld and no value pair: pinfu needs only four sequences and a
    /// two-sided wait.
    pinfu_ok: bool,
    /// A pinfu tsumo scores a flat 20.
    pinfu_flat: bool,
    /// An open hand with no fu is raised to 30 (`fu_for_open_pinfu`).
    open_pinfu_fu: bool,
    tsumo: bool,
    closed: bool,
    honors: bool,
    /// Han and yaku of the hand that every reading has (situational, tile content,
    /// value triplets, three kans, little dragons).
    han_fixed: u32,
    mask_fixed: u32,
    /// The winning tile: suit 0..3 (3: honors) and position in it.
    win_suit: usize,
    win_pos: u32,
    /// The winning tile is an honor held three times (else it is the honor pair).
    win_honor_triplet: bool,
    /// Half the fu of the winning tile's concealed triplet (what a ron takes off it).
    ron_trip_fu: u32,
    /// Han of each reading yaku at this hand's openness.
    h: &'static [u8; 16],
}

/// Value triplets of a hand in set order (melds as listed, then concealed honors in
/// tile order), as `yaku::ordinary` lists them.
pub fn value_triplets<S: YakuSink>(melds: &[Meld], concealed_honor_trips: u64, seat: Tile, round: Tile, out: &mut S) {
    let mut add = |t: Tile| {
        if t.is_dragon() {
            out.add(
                match t.index() {
                    31 => Yaku::Haku,
                    32 => Yaku::Hatsu,
                    _ => Yaku::Chun,
                },
                1,
            );
        } else if t.is_wind() {
            if t == seat {
                out.add(wind_yaku(Yaku::SeatWindEast, seat), 1);
            }
            if t == round {
                out.add(wind_yaku(Yaku::RoundWindEast, round), 1);
            }
        }
    };
    for m in melds {
        if m.kind != MeldKind::Chi && m.tile.is_honor() {
            add(m.tile);
        }
    }
    let mut x = concealed_honor_trips;
    while x != 0 {
        add(Tile::from_index_unchecked(x.trailing_zeros() as usize));
        x &= x - 1;
    }
}

#[inline]
fn wind_yaku(first: Yaku, wind: Tile) -> Yaku {
    let id = first as u8 + (wind.index() - Tile::EAST.index()) as u8;
    Yaku::from_tenhou_id(id).unwrap_or(first)
}

impl Plan {
    /// The plan of a hand: `conc` masks the concealed tiles, `base_han` is the han of
    /// `yaku::hand_yaku`, `value` the han of [`value_triplets`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn new(
        melds: &[Meld],
        conc: &KindMasks,
        f: &HandFacts,
        ctx: &WinContext,
        rules: &Rules,
        base_han: u32,
        value_han: u32,
        win: Tile,
    ) -> Plan {
        let closed = f.closed;
        let (mut seq_fixed, mut trips_fixed, mut n_seq_fixed, mut concealed_trips_fixed) = (0u64, 0u64, 0u32, 0u32);
        let mut fu_fixed = 20
            + 10 * (closed && !ctx.tsumo) as u32
            + 2 * (ctx.tsumo && (!ctx.rinshan || rules.rinshan_tsumo_fu)) as u32;
        let mut outside_fixed = true;
        for m in melds {
            let b = 1u64 << m.tile.index();
            if m.kind == MeldKind::Chi {
                seq_fixed |= b;
                n_seq_fixed += 1;
                outside_fixed &= b & OUTSIDE_SEQ != 0;
            } else {
                trips_fixed |= b;
                let kan = m.kind.is_kan();
                let open = m.is_open();
                concealed_trips_fixed += !open as u32;
                fu_fixed += 2 << (m.tile.is_yaochuu() as u32 + !open as u32 + 2 * kan as u32);
                outside_fixed &= m.tile.is_yaochuu();
            }
        }
        // Concealed honors: triplets (8 fu each, concealed) and at most one pair.
        let honor_trips = conc.triplets & HONORS;
        trips_fixed |= honor_trips;
        // (A loop, not count_ones: x86-64's baseline has no popcount, and most hands
        // hold no honor triplet.)
        let mut n_honor_trips = 0;
        let mut x = honor_trips;
        while x != 0 {
            n_honor_trips += 1;
            x &= x - 1;
        }
        concealed_trips_fixed += n_honor_trips;
        fu_fixed += 8 * n_honor_trips;
        let seat = f.seat;
        let round = ctx.round_wind;
        let honor_pair = conc.pairs & HONORS;
        let mut value_pair = false;
        if honor_pair != 0 {
            let p = Tile::from_index_unchecked(honor_pair.trailing_zeros() as usize);
            if is_value_pair(p, seat, round) {
                value_pair = true;
                fu_fixed +=
                    if !p.is_dragon() && p == seat && p == round { rules.double_wind_pair_fu as u32 } else { 2 };
            }
        }
        // Whole-hand facts that fix a yaku for every reading.
        let h = if closed { &H_CLOSED } else { &H_OPEN };
        let mut han_fixed = base_han + value_han;
        let mut mask_fixed = 0u32;
        if f.n_kans == 3 {
            han_fixed += h[SANKANTSU as usize] as u32;
            mask_fixed |= 1 << SANKANTSU;
        }
        if matches!((f.honor_triplets >> 31) & 7, 0b011 | 0b101 | 0b110) && honor_pair & DRAGONS != 0 {
            han_fixed += h[SHOUSANGEN as usize] as u32;
            mask_fixed |= 1 << SHOUSANGEN;
        }
        let wi = win.index();
        let (win_suit, win_pos) = (wi / 9, (wi % 9) as u32);
        let ron_trip_fu = if win.is_yaochuu() { 4 } else { 2 };
        Plan {
            seq_fixed,
            trips_fixed,
            n_seq_fixed,
            concealed_trips_fixed,
            fu_fixed,
            outside_fixed,
            pinfu_ok: closed && f.no_melds && !value_pair && (rules.pinfu_on_tsumo || !ctx.tsumo),
            pinfu_flat: ctx.tsumo && rules.pinfu_tsumo,
            open_pinfu_fu: rules.fu_for_open_pinfu,
            tsumo: ctx.tsumo,
            closed,
            honors: f.honors,
            han_fixed,
            mask_fixed,
            win_suit,
            win_pos,
            win_honor_triplet: (conc.triplets >> wi) & 1 != 0,
            ron_trip_fu,
            h,
        }
    }

    /// Call `f` with every reading of the split `r` (one per slot the winning tile can
    /// take, in `for_each_wait`'s order).
    #[inline(always)]
    pub fn for_each_reading(&self, r: &SplitRef, mut f: impl FnMut(&Reading)) {
        let s = &r.suits;
        let sums = s[0].sums + s[1].sums + s[2].sums;
        let seq = s[0].seq as u64 | (s[1].seq as u64) << 9 | (s[2].seq as u64) << 18 | self.seq_fixed;
        let trips = s[0].trips() as u64 | (s[1].trips() as u64) << 9 | (s[2].trips() as u64) << 18 | self.trips_fixed;
        let n_seq = SuitSummary::field(sums, SUM_SEQ) + self.n_seq_fixed;
        let concealed = SuitSummary::field(sums, SUM_TRIP) + self.concealed_trips_fixed;
        let fu_sets = SuitSummary::field(sums, SUM_FU) + self.fu_fixed;
        // Yaku that do not depend on the wait, as bits first: most readings hold none,
        // and then the han need no lookup.
        let peikou = SuitSummary::field(sums, SUM_PEIKOU);
        const STRAIGHT: u64 = 0b100_1001;
        let ittsu =
            seq & STRAIGHT == STRAIGHT || (seq >> 9) & STRAIGHT == STRAIGHT || (seq >> 18) & STRAIGHT == STRAIGHT;
        let outside = self.outside_fixed & (SuitSummary::field(sums, SUM_OUTSIDE) == 3) & (n_seq > 0);
        debug_assert!(!outside || (seq & !OUTSIDE_SEQ == 0 && trips & !YAOCHUU_KINDS == 0));
        let found = ((self.closed & (peikou == 1)) as u32) << 1
            | ((self.closed & (peikou >= 2)) as u32) << 2
            | ((n_seq >= 3 && ittsu) as u32) << 3
            | ((seq & (seq >> 9) & (seq >> 18) & 0x1FF != 0) as u32) << 4
            | ((trips & (trips >> 9) & (trips >> 18) & 0x1FF != 0) as u32) << 5
            | ((n_seq == 0) as u32) << 6
            | ((outside & self.honors) as u32) << 10
            | ((outside & !self.honors) as u32) << 11;
        let mut han = self.han_fixed;
        let mut m = found;
        while m != 0 {
            han += self.h[m.trailing_zeros() as usize & 15] as u32;
            m &= m - 1;
        }
        let mask = self.mask_fixed | found;
        let h = |i: u32| self.h[i as usize] as u32;
        let pinfu_shape = self.pinfu_ok && n_seq == 4;

        // The slots of the winning tile, gathered first so that one copy of the scoring
        // below serves them all (most hands have one).
        let mut slots = [(Wait::Tanki, Slot::Pair); 5];
        let mut n = 0;
        let mut push = |w: Wait, s: Slot| {
            slots[n] = (w, s);
            n += 1;
        };
        let p = self.win_pos;
        if self.win_suit < 3 {
            let ss = s[self.win_suit];
            let sq = ss.seq as u32;
            if ss.pair() == p {
                push(Wait::Tanki, Slot::Pair);
            }
            // A sequence from `start` holding the tile at offset p - start.
            let seq_wait = |start: u32| match p - start {
                1 => Wait::Kanchan,
                0 if start == 6 => Wait::Penchan,
                2 if start == 0 => Wait::Penchan,
                _ => Wait::Ryanmen,
            };
            if p >= 2 && (sq >> (p - 2)) & 1 != 0 {
                push(seq_wait(p - 2), Slot::SeqFrom2Below);
            }
            if p >= 1 && (sq >> (p - 1)) & 1 != 0 {
                push(seq_wait(p - 1), Slot::SeqFrom1Below);
            }
            if (ss.trips() >> p) & 1 != 0 {
                push(Wait::Shanpon, Slot::Triplet);
            }
            if (sq >> p) & 1 != 0 {
                push(seq_wait(p), Slot::SeqFromTile);
            }
        } else if self.win_honor_triplet {
            push(Wait::Shanpon, Slot::Triplet);
        } else {
            push(Wait::Tanki, Slot::Pair);
        }
        for &(wait, slot) in &slots[..n] {
            // A triplet completed by a discard is open: one concealed triplet fewer, half
            // its fu.
            let opened = slot == Slot::Triplet && !self.tsumo;
            let concealed = concealed - opened as u32;
            let mut raw = fu_sets - self.ron_trip_fu * opened as u32 + 2 * wait.is_single() as u32;
            if !self.closed && raw == 20 && self.open_pinfu_fu {
                raw = 30;
            }
            let fu_no_pinfu = round_fu(raw);
            let pinfu = pinfu_shape && wait == Wait::Ryanmen;
            let sanankou = concealed == 3;
            let han = han + h(PINFU) * pinfu as u32 + h(SANANKOU) * sanankou as u32;
            let mask = mask | (pinfu as u32) << PINFU | (sanankou as u32) << SANANKOU;
            let fu = if pinfu && self.pinfu_flat { 20 } else { fu_no_pinfu };
            f(&Reading { han, mask, pinfu, fu, fu_no_pinfu, wait, slot, concealed_triplets: concealed });
        }
    }
}

/// The list of an ordinary standard reading: the hand's yaku (`base`, then `value`)
/// followed by the reading's in [`READING_ORDER`].
pub fn reading_list(base: &YakuList, value: &YakuList, mask: u32, closed: bool, out: &mut YakuList) {
    *out = *base;
    for &(y, h) in value.as_slice() {
        out.push(y, h);
    }
    let h = if closed { &H_CLOSED } else { &H_OPEN };
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        out.push(READING_ORDER[i], h[i]);
        m &= m - 1;
    }
}
