//! Exact shanten (向聴数), waits (待ち), ukeire (受け入れ) and discard choices, for any
//! number of sets: 4 in riichi, 5 in Taiwan's 16-tile game, fewer after calls.
//!
//! # Definition
//!
//! Standard shanten is the fewest tiles to draw, each replacing a useless tile, to
//! reach `n_sets` sets and a pair, minus one; the completed concealed part never
//! holds more copies of a kind than exist (four, minus those in the player's own
//! melds). So `1111m 234p 567p 789s` is not tenpai: its tanki on 1m would need a fifth
//! 1m. Chiitoitsu counts distinct pairs (four of a kind is one pair); kokushi counts
//! distinct terminals and honors plus one for a pair among them. Both exist only for
//! a closed 13/14-tile riichi hand (see [`Forms`]).
//!
//! # How
//!
//! Per-suit distance tables generated at build time (`gen.rs`, embedded by
//! `build.rs`, about 0.4 MB), combined over the four suits by a min-plus product
//! (`table.rs`): a handful of loads and a few dozen byte operations per hand, no
//! allocation. Hands with melds whose tiles cap a kind's remaining copies take an
//! exact dynamic programme for the affected suits (`dp.rs`).

pub mod batch;
pub mod dp;
pub mod gen;
#[cfg(target_arch = "x86_64")]
pub mod kernel;
pub mod query;
pub mod table;

use crate::error::{Error, Result};
use crate::hand::Counts;
use crate::tile::{format_counts, Tile, N_KINDS};

pub use gen::MAX_SETS;

/// Which winning forms count.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Forms {
    /// Sets and a pair (always on in practice).
    pub standard: bool,
    /// Seven pairs (七対子).
    pub chiitoitsu: bool,
    /// Thirteen orphans (国士無双).
    pub kokushi: bool,
}

impl Forms {
    /// All three forms (riichi mahjong).
    pub const ALL: Forms = Forms { standard: true, chiitoitsu: true, kokushi: true };
    /// Sets and a pair only (Taiwan 16-tile, or when asked).
    pub const STANDARD: Forms = Forms { standard: true, chiitoitsu: false, kokushi: false };

    /// The forms of a game whose complete hand has `total_sets` sets: seven pairs and
    /// thirteen orphans are 14-tile shapes of the 4-set (riichi) game; the 16-tile
    /// game has neither.
    pub const fn for_game(total_sets: usize) -> Forms {
        if total_sets == 4 {
            Forms::ALL
        } else {
            Forms::STANDARD
        }
    }
}

/// A query's fixed context: sets still to make, forms that count, and the tiles of
/// the player's own melds (they use up copies).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Shape {
    /// Sets the concealed tiles must still make (total sets minus melds), 0..=5.
    pub n_sets: u8,
    /// Forms that count. Chiitoitsu and kokushi apply only when no meld is held and
    /// the concealed part is 13 or 14 tiles.
    pub forms: Forms,
    /// Tiles in the player's own melds, per kind (zero for a closed hand).
    pub melded: Counts,
    /// True when some melded kind limits the concealed copies (then suits holding
    /// melded tiles take the exact DP path).
    capped: bool,
    has_melds: bool,
}

/// The three shanten numbers of a hand; `None` where a form cannot apply.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct ShantenDetail {
    pub standard: i8,
    pub chiitoitsu: Option<i8>,
    pub kokushi: Option<i8>,
}

impl ShantenDetail {
    /// The minimum over the forms.
    pub fn min(&self) -> i8 {
        self.standard.min(self.chiitoitsu.unwrap_or(i8::MAX)).min(self.kokushi.unwrap_or(i8::MAX))
    }
}

/// Tiles that lower shanten when drawn (a bitmask over the 34 kinds) and how many
/// copies of them are left unseen.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct Ukeire {
    /// Bit k set: drawing kind k lowers shanten (kinds of which all four copies are
    /// in the player's hand and melds are left out: there is no fifth).
    pub tiles: u64,
    /// Copies of those kinds neither in hand, nor melded, nor in `visible`.
    pub count: u32,
}

/// One discard choice from a hand with one tile too many.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct DiscardOption {
    pub tile: Tile,
    /// Shanten after the discard.
    pub shanten: i8,
    /// Ukeire after the discard.
    pub ukeire: Ukeire,
}

/// Every distinct discard of a hand, in tile order (at most 34, no heap).
#[derive(Copy, Clone, Debug)]
pub struct Discards {
    items: [DiscardOption; N_KINDS],
    n: u8,
}

impl Discards {
    pub fn as_slice(&self) -> &[DiscardOption] {
        &self.items[..self.n as usize]
    }
}

/// Total tiles in `counts` (any counts: the sums of bytes are 16-bit).
#[inline(always)]
pub fn tile_count(counts: &Counts) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86-64 baseline; the loads read bytes 0..16 and
        // 16..32 of the 34-byte array.
        unsafe {
            let lo = _mm_loadu_si128(counts.as_ptr() as *const __m128i);
            let hi = _mm_loadu_si128(counts.as_ptr().add(16) as *const __m128i);
            let s = _mm_add_epi64(_mm_sad_epu8(lo, _mm_setzero_si128()), _mm_sad_epu8(hi, _mm_setzero_si128()));
            (_mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_srli_si128::<8>(s))) as usize
                + counts[32] as usize
                + counts[33] as usize
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        counts.iter().map(|&c| c as usize).sum()
    }
}

/// Standard-form shanten of concealed `counts` that must still make `n_sets` sets
/// (0..=5) and a pair, with no melds capping copies. Table-driven, no allocation.
/// Counts above 4 are read as 4 and `n_sets` above 5 as 5 (validate with
/// [`check_counts`]).
#[inline]
pub fn standard_shanten(counts: &Counts, n_sets: usize) -> i8 {
    table::standard_distance(counts, n_sets) as i8 - 1
}

/// What the special forms need, from one pass over the counts.
#[derive(Copy, Clone)]
struct Profile {
    /// Distinct kinds held, and held at least twice.
    kinds: i8,
    pairs: i8,
    /// The same over terminals and honors.
    yao_kinds: i8,
    yao_pairs: i8,
    /// Tiles.
    tiles: u32,
}

/// Terminals and honors among kinds 0..32 as a byte mask (kinds 32, 33 are honors).
const YAO_BYTES: [u8; 32] = {
    let mut m = [0u8; 32];
    let mut i = 0;
    while i < 13 {
        let k = crate::decompose::YAOCHUU[i];
        if k < 32 {
            m[k] = 1;
        }
        i += 1;
    }
    m
};

/// [`YAO_BYTES`] as 0xFF bytes (the SIMD path's mask).
#[cfg(target_arch = "x86_64")]
const YAO_MASK: [u8; 32] = {
    let mut m = YAO_BYTES;
    let mut i = 0;
    while i < 32 {
        m[i] *= 0xFF;
        i += 1;
    }
    m
};

#[inline(always)]
fn profile(counts: &Counts) -> Profile {
    let (c32, c33) = (counts[32], counts[33]);
    let tail_kinds = (c32 > 0) as i8 + (c33 > 0) as i8;
    let tail_pairs = (c32 > 1) as i8 + (c33 > 1) as i8;
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SAFETY: SSE2 is part of the x86-64 baseline; the loads read bytes 0..16 and
        // 16..32 of 34-byte arrays.
        unsafe {
            let lo = _mm_loadu_si128(counts.as_ptr() as *const __m128i);
            let hi = _mm_loadu_si128(counts.as_ptr().add(16) as *const __m128i);
            let ylo = _mm_loadu_si128(YAO_MASK.as_ptr() as *const __m128i);
            let yhi = _mm_loadu_si128(YAO_MASK.as_ptr().add(16) as *const __m128i);
            let one = _mm_set1_epi8(1);
            // Per kind: 1 if held, plus 64 if held twice (at most 2 + 128 over the two
            // halves: no byte wraps), so one byte sum counts kinds (below 64) and pairs.
            let mark = |v| _mm_add_epi8(_mm_min_epu8(v, one), _mm_and_si128(_mm_cmpgt_epi8(v, one), _mm_set1_epi8(64)));
            let (ml, mh) = (mark(lo), mark(hi));
            let zero = _mm_setzero_si128();
            let all = _mm_sad_epu8(_mm_add_epi8(ml, mh), zero);
            let yao = _mm_sad_epu8(_mm_add_epi8(_mm_and_si128(ml, ylo), _mm_and_si128(mh, yhi)), zero);
            let tiles = _mm_sad_epu8(_mm_add_epi8(lo, hi), zero);
            // The three sums (each below 2^16 per half) in 16-bit fields of one word.
            let v = _mm_or_si128(_mm_or_si128(all, _mm_slli_epi64::<16>(yao)), _mm_slli_epi64::<32>(tiles));
            let w = _mm_cvtsi128_si64(_mm_add_epi64(v, _mm_srli_si128::<8>(v))) as u64;
            let (all, yao, tiles) = (w & 0xFFFF, (w >> 16) & 0xFFFF, (w >> 32) & 0xFFFF);
            Profile {
                kinds: (all & 63) as i8 + tail_kinds,
                pairs: (all >> 6) as i8 + tail_pairs,
                yao_kinds: (yao & 63) as i8 + tail_kinds,
                yao_pairs: (yao >> 6) as i8 + tail_pairs,
                tiles: tiles as u32 + c32 as u32 + c33 as u32,
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut p = Profile {
            kinds: tail_kinds,
            pairs: tail_pairs,
            yao_kinds: tail_kinds,
            yao_pairs: tail_pairs,
            tiles: c32 as u32 + c33 as u32,
        };
        for k in 0..32 {
            let c = counts[k];
            p.kinds += (c >= 1) as i8;
            p.pairs += (c >= 2) as i8;
            p.yao_kinds += (YAO_BYTES[k] == 1 && c >= 1) as i8;
            p.yao_pairs += (YAO_BYTES[k] == 1 && c >= 2) as i8;
            p.tiles += c as u32;
        }
        p
    }
}

#[inline(always)]
fn chiitoitsu_of(p: Profile) -> i8 {
    6 - p.pairs + (7 - p.kinds).max(0)
}

#[inline(always)]
fn kokushi_of(p: Profile) -> i8 {
    13 - p.yao_kinds - (p.yao_pairs > 0) as i8
}

/// Seven-pairs shanten: 6 minus distinct pairs, plus the distinct kinds missing below
/// seven. Meaningful for 13 or 14 concealed tiles.
#[inline]
pub fn chiitoitsu_shanten(counts: &Counts) -> i8 {
    chiitoitsu_of(profile(counts))
}

/// Thirteen-orphans shanten: 13 minus distinct terminal/honor kinds, minus one if
/// one of them is paired. Meaningful for 13 or 14 concealed tiles.
#[inline]
pub fn kokushi_shanten(counts: &Counts) -> i8 {
    kokushi_of(profile(counts))
}

/// Riichi shanten of a concealed hand with no melds capping copies: the minimum over
/// the standard form and, when `n_sets == 4` and the hand holds 13 or 14 tiles,
/// chiitoitsu and kokushi. (Taiwan callers use [`standard_shanten`] or a [`Shape`].)
#[inline]
pub fn shanten(counts: &Counts, n_sets: usize) -> i8 {
    with_special_forms(counts, n_sets, standard_shanten(counts, n_sets))
}

/// [`shanten`] of counts already known to be at most 4 each (as the batch checks
/// them): the same number without the range check (a larger count gives a wrong
/// number, never a panic).
#[inline]
pub fn valid_shanten(counts: &Counts, n_sets: usize) -> i8 {
    #[cfg(target_arch = "x86_64")]
    if kernel::available() {
        // SAFETY: the CPU has the kernel's instructions.
        return unsafe { kernel::valid_shanten(counts, n_sets) };
    }
    with_special_forms(counts, n_sets, table::baseline_valid_distance(counts, n_sets) as i8 - 1)
}

/// The minimum of standard shanten `s` and, where they apply, the special forms.
#[inline(always)]
pub(super) fn with_special_forms(counts: &Counts, n_sets: usize, s: i8) -> i8 {
    if n_sets == 4 && s > -1 {
        let p = profile(counts);
        if p.tiles == 13 || p.tiles == 14 {
            return s.min(chiitoitsu_of(p)).min(kokushi_of(p));
        }
    }
    s
}

/// Check counts (each 0..=4), `n_sets` (0..=5) and the tile count (3 n_sets + 1 or
/// + 2), naming the hand in the error.
pub fn check_counts(counts: &Counts, n_sets: usize) -> Result<()> {
    if n_sets > MAX_SETS {
        return Err(Error::InvalidHand(format!("{n_sets} sets: a hand makes at most {MAX_SETS}")));
    }
    if let Some(k) = (0..N_KINDS).find(|&k| counts[k] > 4) {
        return Err(Error::InvalidHand(format!(
            "{} copies of {} (there are only four)",
            counts[k],
            Tile::from_index_unchecked(k)
        )));
    }
    let n = tile_count(counts);
    if n != 3 * n_sets + 1 && n != 3 * n_sets + 2 {
        return Err(Error::InvalidHand(format!(
            "{}: {n} concealed tiles; making {n_sets} sets needs {} or {}",
            format_counts(counts),
            3 * n_sets + 1,
            3 * n_sets + 2
        )));
    }
    Ok(())
}

impl Shape {
    /// Riichi hand with `n_sets` sets still to make and no melds (closed): all forms.
    pub const fn closed(n_sets: usize, forms: Forms) -> Shape {
        Shape {
            n_sets: if n_sets > MAX_SETS { MAX_SETS as u8 } else { n_sets as u8 },
            forms,
            melded: [0; N_KINDS],
            capped: false,
            has_melds: false,
        }
    }

    /// A hand of a game of `total_sets` sets (4 riichi, 5 Taiwan) holding melds whose
    /// tiles are `melded` (per kind) and `n_melds` of them.
    pub fn new(total_sets: usize, n_melds: usize, melded: &Counts) -> Shape {
        let n_sets = total_sets.saturating_sub(n_melds).min(MAX_SETS);
        Shape {
            n_sets: n_sets as u8,
            forms: Forms::for_game(total_sets),
            melded: *melded,
            capped: melded.iter().any(|&c| c > 0),
            has_melds: n_melds > 0,
        }
    }

    /// The shape for a [`crate::Hand`] of a game of `total_sets` sets.
    pub fn of_hand(hand: &crate::Hand, total_sets: usize) -> Shape {
        let mut melded = [0u8; N_KINDS];
        for m in hand.melds() {
            m.add_to(&mut melded);
        }
        Shape::new(total_sets, hand.melds().len(), &melded)
    }

    /// Replace the forms (e.g. to leave out chiitoitsu).
    pub const fn with_forms(mut self, forms: Forms) -> Shape {
        self.forms = forms;
        self
    }

    /// Standard shanten honoring the melded copies.
    #[inline]
    pub fn standard(&self, counts: &Counts) -> i8 {
        if !self.capped {
            return standard_shanten(counts, self.n_sets as usize);
        }
        table::distance(&self.suit_dists(counts), self.n_sets as usize) as i8 - 1
    }

    /// Distance vector of one suit (0..4 = m, p, s, honors): from the tables, or by
    /// the capped DP when the player's melds hold tiles of that suit.
    fn suit_dist(&self, counts: &Counts, suit: usize) -> gen::Dist {
        let base = 9 * suit;
        let len = if suit == 3 { 7 } else { 9 };
        let melded = &self.melded[base..base + len];
        if self.capped && melded.iter().any(|&c| c > 0) {
            let mut cap = [4u8; 9];
            for i in 0..len {
                cap[i] = 4u8.saturating_sub(melded[i]);
            }
            return dp::suit_dist(&counts[base..base + len], &cap[..len], suit != 3, self.n_sets as usize);
        }
        let counts = table::in_table_range(counts);
        if suit == 3 {
            table::honors(&counts)
        } else {
            table::number_suit(&counts, base)
        }
    }

    fn suit_dists(&self, counts: &Counts) -> [gen::Dist; 4] {
        [self.suit_dist(counts, 0), self.suit_dist(counts, 1), self.suit_dist(counts, 2), self.suit_dist(counts, 3)]
    }

    fn specials_apply(&self, counts: &Counts) -> bool {
        if self.has_melds {
            return false;
        }
        let n = tile_count(counts);
        n == 13 || n == 14
    }

    /// The three numbers.
    pub fn detail(&self, counts: &Counts) -> ShantenDetail {
        let standard = if self.forms.standard { self.standard(counts) } else { i8::MAX };
        let special = self.specials_apply(counts);
        ShantenDetail {
            standard,
            chiitoitsu: (special && self.forms.chiitoitsu).then(|| chiitoitsu_shanten(counts)),
            kokushi: (special && self.forms.kokushi).then(|| kokushi_shanten(counts)),
        }
    }

    /// Shanten: the minimum over the forms that apply.
    #[inline]
    pub fn shanten(&self, counts: &Counts) -> i8 {
        if !self.capped && self.forms == Forms::ALL && !self.has_melds {
            return shanten(counts, self.n_sets as usize);
        }
        self.detail(counts).min()
    }

    /// Is the hand (3 n_sets + 2 tiles) complete in some form? A complete hand is
    /// its own target, so melded copies never matter here: the tables decide.
    pub fn is_agari(&self, counts: &Counts) -> bool {
        if self.forms.standard && standard_shanten(counts, self.n_sets as usize) == -1 {
            return true;
        }
        let d = self.with_forms(Forms { standard: false, ..self.forms }).detail(counts);
        d.min() == -1
    }

    /// Copies of `k` that could still be drawn: not in hand, not melded.
    #[inline]
    fn drawable(&self, counts: &Counts, k: usize) -> bool {
        counts[k] as usize + (self.melded[k] as usize) < 4
    }

    /// Waits of a hand of 3 n_sets + 1 tiles: bit k set when drawing kind k completes
    /// it. A kind whose four copies the player already holds (in hand or melds) is no
    /// wait: there is no fifth copy to win on. A
    /// hand that is not tenpai has no waits (0).
    pub fn waits(&self, counts: &Counts) -> u64 {
        let mut c = *counts;
        let mut mask = 0u64;
        for k in 0..N_KINDS {
            if !self.drawable(counts, k) {
                continue;
            }
            c[k] += 1;
            if self.is_agari(&c) {
                mask |= 1 << k;
            }
            c[k] -= 1;
        }
        mask
    }

    /// Ukeire of a hand of 3 n_sets + 1 tiles: the kinds whose draw lowers shanten
    /// and the copies of them left, given `visible` (tiles seen outside the hand and
    /// the player's melds: discards, dora indicators, other players' melds).
    pub fn ukeire(&self, counts: &Counts, visible: &Counts) -> Ukeire {
        let base = self.shanten(counts);
        self.ukeire_below(counts, visible, base)
    }

    fn ukeire_below(&self, counts: &Counts, visible: &Counts, base: i8) -> Ukeire {
        let mut c = *counts;
        let mut u = Ukeire::default();
        // With melds capping copies, a draw changes one suit: keep the other three
        // suits' vectors (each may have cost a DP) instead of recomputing them.
        let dists = if self.capped && self.has_melds { Some(self.suit_dists(counts)) } else { None };
        for k in 0..N_KINDS {
            if !self.drawable(counts, k) {
                continue;
            }
            c[k] += 1;
            let after = match &dists {
                Some(d) => {
                    let mut d = *d;
                    d[k / 9] = self.suit_dist(&c, k / 9);
                    // Capped shapes hold melds: no special forms apply.
                    table::distance(&d, self.n_sets as usize) as i8 - 1
                }
                None => self.shanten(&c),
            };
            if after < base {
                u.tiles |= 1 << k;
                u.count += 4u32.saturating_sub(counts[k] as u32 + self.melded[k] as u32 + visible[k] as u32);
            }
            c[k] -= 1;
        }
        u
    }

    /// Every distinct discard of a hand of 3 n_sets + 2 tiles with the shanten and
    /// ukeire it leaves, in tile order.
    pub fn discards(&self, counts: &Counts, visible: &Counts) -> Discards {
        let none = DiscardOption { tile: Tile::default(), shanten: 0, ukeire: Ukeire::default() };
        let mut out = Discards { items: [none; N_KINDS], n: 0 };
        let mut c = *counts;
        for k in 0..N_KINDS {
            if c[k] == 0 {
                continue;
            }
            c[k] -= 1;
            let s = self.shanten(&c);
            let ukeire = self.ukeire_below(&c, visible, s);
            out.items[out.n as usize] = DiscardOption { tile: Tile::from_index_unchecked(k), shanten: s, ukeire };
            out.n += 1;
            c[k] += 1;
        }
        out
    }
}

/// Waits of a closed riichi-style hand (see [`Shape::waits`]).
pub fn waits(counts: &Counts, n_sets: usize) -> u64 {
    Shape::closed(n_sets, Forms::for_game(n_sets)).waits(counts)
}

/// Ukeire of a closed hand (see [`Shape::ukeire`]).
pub fn ukeire(counts: &Counts, n_sets: usize, visible: &Counts) -> Ukeire {
    Shape::closed(n_sets, Forms::for_game(n_sets)).ukeire(counts, visible)
}

/// Discard options of a closed hand (see [`Shape::discards`]).
pub fn discard_options(counts: &Counts, n_sets: usize, visible: &Counts) -> Discards {
    Shape::closed(n_sets, Forms::for_game(n_sets)).discards(counts, visible)
}

/// Kinds set in a 34-bit mask, in order.
pub fn tiles_of_mask(mask: u64) -> impl Iterator<Item = Tile> {
    (0..N_KINDS).filter(move |&k| mask >> k & 1 == 1).map(Tile::from_index_unchecked)
}

#[cfg(test)]
mod tests;
