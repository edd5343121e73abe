//! Splitting a hand into sets and a pair.
//!
//! The concealed part of a complete hand (3k + 2 tiles) is split into k sets
//! (sequences or triplets) and one pair; open melds are fixed and never enter here.
//! k is 4 minus the melds in riichi and 5 minus the melds in Taiwan's 16-tile game.
//! Seven pairs and thirteen orphans are separate forms with their own tests.

pub mod reference;
mod table;

pub use table::{SuitSummary, SUM_FU, SUM_OUTSIDE, SUM_PEIKOU, SUM_SEQ, SUM_TRIP};

use crate::hand::Counts;
use crate::tile::Tile;

/// Most concealed sets a split can hold (Taiwan: 5).
pub const MAX_GROUPS: usize = 5;

/// Sequence or triplet.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub enum GroupKind {
    /// Three consecutive number tiles (順子).
    #[default]
    Sequence,
    /// Three identical tiles (刻子).
    Triplet,
}

/// A concealed set: its kind and its lowest tile.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct Group {
    pub kind: GroupKind,
    pub tile: Tile,
}

impl Group {
    /// Does the set contain `t`?
    #[inline]
    pub fn contains(&self, t: Tile) -> bool {
        // Without a branch on the kind (scoring asks this of every set of every split,
        // and the kinds come in no predictable order): a triplet holds its own tile, a
        // sequence the two above it in the same suit too.
        let d = t.index().wrapping_sub(self.tile.index());
        let seq = self.kind == GroupKind::Sequence;
        (d == 0) | (seq & (d <= 2) & (t.index() / 9 == self.tile.index() / 9))
    }
}

/// One split of concealed tiles into sets and a pair. Groups are in ascending
/// tile order, triplets before sequences on the same tile.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct Decomposition {
    /// The pair (雀頭).
    pub pair: Tile,
    groups: [Group; MAX_GROUPS],
    n: u8,
}

impl Decomposition {
    /// The concealed sets.
    #[inline]
    pub fn groups(&self) -> &[Group] {
        &self.groups[..self.n as usize]
    }
}

/// The shape of the wait that the winning tile completed, within one split.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Wait {
    /// Two-sided (両面): 45 waiting on 3 or 6.
    Ryanmen,
    /// Closed (嵌張): 46 waiting on 5.
    Kanchan,
    /// Edge (辺張): 12 waiting on 3, 89 waiting on 7.
    Penchan,
    /// Pair wait (単騎).
    Tanki,
    /// Dual pon (双碰): two pairs, one becomes the triplet.
    Shanpon,
}

impl Wait {
    /// Romaji name.
    pub const fn name(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Tanki => "tanki",
            Wait::Shanpon => "shanpon",
        }
    }
    /// Waits that are a single tile kind by shape (closed, edge, pair).
    pub const fn is_single(self) -> bool {
        matches!(self, Wait::Kanchan | Wait::Penchan | Wait::Tanki)
    }
}

/// Where the winning tile sits in a split: in the pair (`group == None`) or in a set.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct WaitSlot {
    pub wait: Wait,
    pub group: Option<u8>,
}

/// Call `f` with every slot the winning tile `win` can take in `d`: the pair and each
/// distinct set containing it. Identical sets are offered once.
pub fn for_each_wait(d: &Decomposition, win: Tile, mut f: impl FnMut(WaitSlot)) {
    if d.pair == win {
        f(WaitSlot { wait: Wait::Tanki, group: None });
    }
    let gs = d.groups();
    for (i, g) in gs.iter().enumerate() {
        if !g.contains(win) || gs[..i].contains(g) {
            continue;
        }
        let wait = match g.kind {
            GroupKind::Triplet => Wait::Shanpon,
            GroupKind::Sequence => {
                let off = win.index() - g.tile.index();
                match (off, g.tile.number()) {
                    (1, _) => Wait::Kanchan,
                    (0, 7) => Wait::Penchan,
                    (2, 1) => Wait::Penchan,
                    _ => Wait::Ryanmen,
                }
            }
        };
        f(WaitSlot { wait, group: Some(i as u8) });
    }
}

/// Call `f` with every split of `counts` into sets and one pair, each split once
/// (groups in the canonical order of [`Decomposition`]). `counts` must hold 3k + 2
/// tiles with k <= [`MAX_GROUPS`]; otherwise nothing is reported. Returns the number
/// of splits.
///
/// Table-driven: each number suit's splits come from the embedded lists
/// ([`table`]); honors split in one way or none; the splits of the hand are the
/// product of its suits'. No recursion and no allocation.
pub fn for_each_decomposition(counts: &Counts, mut f: impl FnMut(&Decomposition)) -> usize {
    let Some((honors, ranges)) = prepare(counts) else {
        return 0;
    };
    let table = table::get();
    let mut n = 0usize;
    let mut d = honors;
    for a in ranges[0].0..ranges[0].1 {
        let na = push_split(&mut d, 0, 0, table.split(a));
        for b in ranges[1].0..ranges[1].1 {
            let nb = push_split(&mut d, na, 9, table.split(b));
            for c in ranges[2].0..ranges[2].1 {
                let mut nc = push_split(&mut d, nb, 18, table.split(c));
                for g in honors.groups() {
                    if nc < MAX_GROUPS {
                        d.groups[nc] = *g;
                        nc += 1;
                    }
                }
                d.n = nc as u8;
                n += 1;
                f(&d);
            }
        }
    }
    n
}

/// One split of a hand as indices into the suit tables, with each suit's summary:
/// what scoring combines without building the sets (see [`SuitSummary`]).
#[derive(Copy, Clone, Debug)]
pub struct SplitRef {
    /// Table index of each number suit's split (for [`decomposition_of`]).
    pub index: [u32; 3],
    pub suits: [SuitSummary; 3],
}

/// Call `f` with every split of `counts` as a [`SplitRef`], in the order of
/// [`for_each_decomposition`] (the honors, which split one way, are the caller's to
/// read from the counts). Returns the number of splits.
#[inline]
pub fn for_each_split_ref(counts: &Counts, mut f: impl FnMut(&SplitRef)) -> usize {
    let Some(ranges) = split_ranges(counts) else {
        return 0;
    };
    let table = table::get();
    let mut n = 0usize;
    let mut r = SplitRef { index: [0; 3], suits: [SuitSummary::default(); 3] };
    for a in ranges[0].0..ranges[0].1 {
        r.index[0] = a as u32;
        r.suits[0] = table.summary(a);
        for b in ranges[1].0..ranges[1].1 {
            r.index[1] = b as u32;
            r.suits[1] = table.summary(b);
            for c in ranges[2].0..ranges[2].1 {
                r.index[2] = c as u32;
                r.suits[2] = table.summary(c);
                n += 1;
                f(&r);
            }
        }
    }
    n
}

/// The [`Decomposition`] a [`SplitRef`] of `counts` stands for (the same value
/// [`for_each_decomposition`] reports for it); `None` when `counts` does not split.
pub fn decomposition_of(counts: &Counts, index: [u32; 3]) -> Option<Decomposition> {
    let (honors, _) = prepare(counts)?;
    let table = table::get();
    let mut d = honors;
    let mut at = push_split(&mut d, 0, 0, table.split(index[0] as usize));
    at = push_split(&mut d, at, 9, table.split(index[1] as usize));
    at = push_split(&mut d, at, 18, table.split(index[2] as usize));
    for g in honors.groups() {
        if at < MAX_GROUPS {
            d.groups[at] = *g;
            at += 1;
        }
    }
    d.n = at as u8;
    Some(d)
}

/// The checks every split of `counts` shares: the honors (returned as a
/// [`Decomposition`] holding their triplets and, when the pair is an honor, the pair)
/// and each number suit's range of table splits. `None` when the hand cannot split.
#[inline(always)]
fn prepare(counts: &Counts) -> Option<(Decomposition, [(usize, usize); 3])> {
    let ranges = split_ranges(counts)?;
    // The honors split one way (checked above): their triplets, and the pair if it is
    // an honor.
    let mut honors = Decomposition::default();
    for (k, &c) in counts.iter().enumerate().skip(27) {
        let t = Tile::from_index_unchecked(k);
        if c == 3 && (honors.n as usize) < MAX_GROUPS {
            honors.groups[honors.n as usize] = Group { kind: GroupKind::Triplet, tile: t };
            honors.n += 1;
        } else if c == 2 {
            honors.pair = t;
        }
    }
    Some((honors, ranges))
}

/// Each number suit's range of table splits, when `counts` splits at all: 3k + 2
/// tiles (k <= [`MAX_GROUPS`]), every honor kind absent, a triplet or the one pair,
/// each suit 3k tiles or 3k + 2 with the pair, and each suit's tiles in the table.
#[inline(always)]
fn split_ranges(counts: &Counts) -> Option<[(usize, usize); 3]> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = LOW * 0x80;
    // Bytes of `x` that are zero, as their high bits (exact per byte: no borrow runs
    // from one byte into the next).
    let zero_bytes = |x: u64| !((((x & !HIGH) + !HIGH) | x) | !HIGH);
    // The seven honor counts as one word (top byte 0): each must be 0, 2 or 3, with at
    // most one 2; no loop over the kinds.
    let h = match counts[27..34] {
        [a, b, c, d, e, f, g] => u64::from_le_bytes([a, b, c, d, e, f, g, 0]),
        _ => return None,
    };
    let four_or_more = (h | h.wrapping_add(LOW * 0x7C)) & HIGH;
    if four_or_more | zero_bytes(h ^ LOW) != 0 {
        return None;
    }
    let honor_pairs = ((zero_bytes(h ^ (LOW * 2)) >> 7).wrapping_mul(LOW) >> 56) as u32;
    let honor_sets = ((zero_bytes(h ^ (LOW * 3)) >> 7).wrapping_mul(LOW) >> 56) as u32;
    let table = table::get();
    let mut ranges = [(0usize, 0usize); 3];
    let Some(keys) = suit_keys(counts) else {
        return split_ranges_capped(counts, honor_pairs, honor_sets);
    };
    // Every suit must be tabulated (3k tiles, or 3k + 2 with a pair, that split); the
    // table also says how many sets and whether a pair each suit holds, so the whole
    // hand's test is one pair in all and at most MAX_GROUPS sets (its tile count is
    // then 3k + 2 with k <= MAX_GROUPS).
    let (mut pairs, mut sets) = (honor_pairs, honor_sets);
    for (range, &key) in ranges.iter_mut().zip(keys.iter()) {
        let v = table.lookup(key)?;
        *range = (v.start, v.end);
        pairs += v.pair as u32;
        sets += v.sets;
    }
    if pairs != 1 || sets > MAX_GROUPS as u32 {
        return None;
    }
    Some(ranges)
}

/// [`split_ranges`] for counts above four (not a hand, but accepted): each suit is
/// looked up with its counts capped at four, the tile counts and remainders checked on
/// the real counts, as the table-driven splitter always did.
#[cold]
fn split_ranges_capped(counts: &Counts, honor_pairs: u32, honor_sets: u32) -> Option<[(usize, usize); 3]> {
    let mut sums = [0u32; 3];
    let mut keys = [0u32; 3];
    for s in 0..3 {
        let mut capped = [0u8; 9];
        for k in 0..9 {
            sums[s] += counts[9 * s + k] as u32;
            capped[k] = counts[9 * s + k].min(4);
        }
        keys[s] = table::pack_counts(&capped);
    }
    let total = sums[0] + sums[1] + sums[2] + 2 * honor_pairs + 3 * honor_sets;
    if total > 3 * MAX_GROUPS as u32 + 2 || total % 3 != 2 {
        return None;
    }
    let rem = [sums[0] % 3, sums[1] % 3, sums[2] % 3];
    let suit_pairs = rem.iter().filter(|&&r| r == 2).count() as u32;
    if rem.contains(&1) || suit_pairs + honor_pairs != 1 {
        return None;
    }
    let table = table::get();
    let mut ranges = [(0usize, 0usize); 3];
    for (range, &key) in ranges.iter_mut().zip(keys.iter()) {
        let v = table.lookup(key)?;
        *range = (v.start, v.end);
    }
    Some(ranges)
}

/// Each number suit's table key: its nine counts at three bits each
/// ([`table::pack_counts`]); `None` when some count is above four (not a hand, but
/// accepted: the caller takes the capped slow path). Every win passes here, so the
/// eight low tiles of a suit are read as one word and folded pairwise (bytes, then
/// 16-bit and 32-bit lanes) instead of nine digit steps.
#[inline]
fn suit_keys(counts: &Counts) -> Option<[u32; 3]> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let word = |b: usize| match counts[b..b + 9] {
        [c0, c1, c2, c3, c4, c5, c6, c7, c8] => (u64::from_le_bytes([c0, c1, c2, c3, c4, c5, c6, c7]), c8),
        _ => (0, 0),
    };
    let (w, top) = ([word(0).0, word(9).0, word(18).0], [word(0).1, word(9).1, word(18).1]);
    // Some count >= 5, in any suit at once (the `w |` term also catches bytes >= 0x80,
    // whose carry could otherwise hide a neighbour).
    let big = |x: u64| x | x.wrapping_add(LOW * 0x7B);
    if (big(w[0]) | big(w[1]) | big(w[2])) & (LOW * 0x80) != 0 || top[0] > 4 || top[1] > 4 || top[2] > 4 {
        return None;
    }
    let mut keys = [0u32; 3];
    for s in 0..3 {
        let x = (w[s] | (w[s] >> 5)) & 0x003F_003F_003F_003F;
        let x = (x | (x >> 10)) & 0x0000_0FFF_0000_0FFF;
        keys[s] = ((x | (x >> 20)) & 0xFF_FFFF) as u32 | (top[s] as u32) << 24;
    }
    Some(keys)
}

/// Write an encoded suit split (see `shanten/gen.rs::encode_split`) into `d` from
/// group slot `at`, kinds offset by `base`; returns the next free slot.
#[inline(always)]
fn push_split(d: &mut Decomposition, mut at: usize, base: usize, x: u32) -> usize {
    let pair = (x & 15) as usize;
    if pair != 15 {
        d.pair = Tile::from_index_unchecked(base + pair);
    }
    let n = ((x >> 4) & 7) as usize;
    for i in 0..n {
        let g = (x >> (7 + 5 * i)) & 31;
        let kind = if g & 16 != 0 { GroupKind::Triplet } else { GroupKind::Sequence };
        if at < MAX_GROUPS {
            d.groups[at] = Group { kind, tile: Tile::from_index_unchecked(base + (g & 15) as usize) };
            at += 1;
        }
    }
    at
}

/// Is `counts` (3k + 2 tiles) k sets and a pair?
pub fn is_standard_complete(counts: &Counts) -> bool {
    for_each_decomposition(counts, |_| {}) > 0
}

/// Seven distinct pairs (七対子); four of a kind is not two pairs.
pub fn is_chiitoitsu(counts: &Counts) -> bool {
    let mut pairs = 0;
    for &c in counts.iter() {
        match c {
            0 => {}
            2 => pairs += 1,
            _ => return false,
        }
    }
    pairs == 7
}

/// The 13 terminal and honor kinds.
pub const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Thirteen orphans (国士無双): one of each terminal and honor, one of them twice.
pub fn is_kokushi(counts: &Counts) -> bool {
    let mut pair = false;
    let mut total = 0;
    for &k in YAOCHUU.iter() {
        match counts[k] {
            1 => {}
            2 if !pair => pair = true,
            _ => return false,
        }
        total += counts[k];
    }
    pair && total == 14 && counts.iter().map(|&c| c as u32).sum::<u32>() == 14
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{counts_of, parse_mpsz};

    fn counts(s: &str) -> Counts {
        counts_of(&parse_mpsz(s).unwrap()).unwrap().0
    }

    #[test]
    fn splits() {
        assert_eq!(for_each_decomposition(&counts("111222333m11p456s"), |_| {}), 2);
        assert!(for_each_decomposition(&counts("11122233344455m"), |_| {}) >= 2);
        // Every complete suit hand of at most five sets and a pair is tabulated.
        let (hands, splits) = table::sizes();
        assert!(hands > 10_000 && splits >= hands, "{hands} hands, {splits} splits");
        assert_eq!(for_each_decomposition(&counts("123m456p789s1122z"), |_| {}), 0);
        assert_eq!(for_each_decomposition(&counts("22m"), |_| {}), 1);
    }

    #[test]
    fn wait_shapes() {
        let c = counts("123m456p789s11z345m");
        let win = parse_mpsz("3m").unwrap()[0].tile;
        let mut waits = vec![];
        for_each_decomposition(&c, |d| for_each_wait(d, win, |w| waits.push(w.wait)));
        waits.sort_by_key(|w| w.name());
        assert_eq!(waits, vec![Wait::Penchan, Wait::Ryanmen]);
    }

    /// Canonical text of every split, sorted, for set comparison.
    fn split_set(counts: &Counts, table: bool) -> Vec<String> {
        let mut v = vec![];
        let mut push = |d: &Decomposition| v.push(format!("{:?}", d));
        let n = if table {
            for_each_decomposition(counts, &mut push)
        } else {
            reference::for_each_decomposition_recursive(counts, &mut push)
        };
        assert_eq!(n, v.len());
        v.sort();
        v
    }

    #[test]
    fn no_duplicate_splits() {
        // 11123m: one split (11 + 123), reported once.
        assert_eq!(for_each_decomposition(&counts("11123m"), |_| {}), 1);
        assert_eq!(reference::for_each_decomposition_recursive(&counts("11123m"), |_| {}), 1);
        // 111122223333m44p: several, each once.
        let v = split_set(&counts("111122223333m44p"), true);
        let mut dedup = v.clone();
        dedup.dedup();
        assert_eq!(v, dedup);
    }

    /// Property: the table-driven and recursive splitters report the same splits,
    /// on random dense hands (one suit plus honors, where splits are many) of
    /// 2, 5, ..., 17 tiles, and on random complete hands built from groups.
    #[test]
    fn table_matches_recursive() {
        let mut x: u64 = 0x2545F4914F6CDD1D;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..40000 {
            let k = round % 6;
            let mut c = [0u8; 34];
            if round % 2 == 0 {
                // Built from random groups: mostly complete.
                let mut placed = 0;
                while placed < k {
                    let r = next() as usize;
                    let suit = (r >> 8) % 4;
                    if suit < 3 && r & 1 == 0 {
                        let s = 9 * suit + (r >> 12) % 7;
                        if c[s] < 4 && c[s + 1] < 4 && c[s + 2] < 4 {
                            c[s] += 1;
                            c[s + 1] += 1;
                            c[s + 2] += 1;
                            placed += 1;
                        }
                    } else {
                        let t = (r >> 12) % 34;
                        if c[t] <= 1 {
                            c[t] += 3;
                            placed += 1;
                        }
                    }
                }
                loop {
                    let t = (next() as usize) % 34;
                    if c[t] <= 2 {
                        c[t] += 2;
                        break;
                    }
                }
            } else {
                let mut left = 3 * k + 2;
                while left > 0 {
                    let r = next() as usize % 12;
                    let t = if r < 9 { r } else { 27 + r - 9 };
                    if c[t] < 4 {
                        c[t] += 1;
                        left -= 1;
                    }
                }
            }
            assert_eq!(split_set(&c, true), split_set(&c, false), "{}", crate::tile::format_counts(&c));
        }
    }

    #[test]
    fn suit_keys_match_octal_digits() {
        let mut x: u64 = 0x1234_5678_9ABC_DEF1;
        for round in 0..20000 {
            let mut c = [0u8; 34];
            for slot in c.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly 0..=4; now and then a count no hand holds.
                *slot = if round % 50 == 0 { (x % 256) as u8 } else { (x % 5) as u8 };
            }
            let keys = suit_keys(&c);
            assert_eq!(keys.is_none(), c[..27].iter().any(|&v| v > 4), "{c:?}");
            if let Some(keys) = keys {
                for s in 0..3 {
                    let suit = &c[9 * s..9 * s + 9];
                    let key: u32 = suit.iter().rev().fold(0, |a, &v| a * 8 + v as u32);
                    assert_eq!(keys[s], key, "{suit:?}");
                }
            }
        }
    }

    #[test]
    fn split_summaries_match_their_sets() {
        let t = table::get();
        for i in 0..table::n_splits() {
            let x = t.split(i);
            // The pair is left on an honor when the split has none.
            let mut d = Decomposition { pair: Tile::from_index_unchecked(33), ..Decomposition::default() };
            let n = push_split(&mut d, 0, 0, x);
            d.n = n as u8;
            let gs = d.groups();
            let pair = if d.pair.index() == 33 { 15 } else { d.pair.index() as u32 };
            let (mut seq, mut trips, mut n_seq, mut n_trip, mut fu) = (0u16, 0u16, 0u32, 0u32, 0u32);
            let mut peikou = 0;
            let mut outside = pair == 15 || pair == 0 || pair == 8;
            for (j, g) in gs.iter().enumerate() {
                let p = g.tile.index();
                if g.kind == GroupKind::Triplet {
                    trips |= 1 << p;
                    n_trip += 1;
                    fu += if p == 0 || p == 8 { 8 } else { 4 };
                    outside &= p == 0 || p == 8;
                } else {
                    seq |= 1 << p;
                    n_seq += 1;
                    outside &= g.contains(Tile::from_index_unchecked(0)) || g.contains(Tile::from_index_unchecked(8));
                    let later = gs[j + 1..].iter().filter(|h| *h == g).count();
                    let earlier = gs[..j].iter().filter(|h| *h == g).count();
                    peikou += (later > 0 && earlier % 2 == 0) as u32;
                }
            }
            let s = t.summary(i);
            assert_eq!((s.seq, s.trips(), s.pair()), (seq, trips as u32, pair), "split {i}: {d:?}");
            let f = |shift| SuitSummary::field(s.sums, shift);
            assert_eq!(
                (f(SUM_SEQ), f(SUM_TRIP), f(SUM_PEIKOU), f(SUM_OUTSIDE), f(SUM_FU)),
                (n_seq, n_trip, peikou, outside as u32, fu),
                "split {i}: {d:?}"
            );
        }
        // Summaries past the table are empty rather than a panic.
        assert_eq!(t.summary(usize::MAX), SuitSummary::default());
    }

    #[test]
    fn special_forms() {
        assert!(is_chiitoitsu(&counts("1122m3344p5566s77z")));
        assert!(!is_chiitoitsu(&counts("1111m3344p5566s77z")));
        assert!(is_kokushi(&counts("19m19p19s12345677z")));
        assert!(!is_kokushi(&counts("19m19p19s1234567z2m")));
    }
}
