//! Splitting a hand into sets and a pair.
//!
//! The concealed part of a complete hand (3k + 2 tiles) is split into k sets
//! (sequences or triplets) and one pair; open melds are fixed and never enter here.
//! k is 4 minus the melds in riichi and 5 minus the melds in Taiwan's 16-tile game.
//! Seven pairs and thirteen orphans are separate forms with their own tests.

use crate::hand::Counts;
use crate::tile::{Tile, N_KINDS};

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
        match self.kind {
            GroupKind::Triplet => self.tile == t,
            GroupKind::Sequence => {
                t.suit() == self.tile.suit() && t.index() >= self.tile.index() && t.index() <= self.tile.index() + 2
            }
        }
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
    /// Build from parts (tests and callers that already know the split).
    pub fn from_parts(pair: Tile, groups: &[Group]) -> Option<Decomposition> {
        if groups.len() > MAX_GROUPS {
            return None;
        }
        let mut d = Decomposition { pair, groups: [Group::default(); MAX_GROUPS], n: groups.len() as u8 };
        d.groups[..groups.len()].copy_from_slice(groups);
        Some(d)
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

/// Call `f` with every split of `counts` into sets and one pair. `counts` must hold
/// 3k + 2 tiles with k <= [`MAX_GROUPS`]; otherwise nothing is reported.
/// Returns the number of splits.
pub fn for_each_decomposition(counts: &Counts, mut f: impl FnMut(&Decomposition)) -> usize {
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    if total % 3 != 2 || total > 3 * MAX_GROUPS + 2 {
        return 0;
    }
    let mut c = *counts;
    let mut cur = Decomposition::default();
    let mut has_pair = false;
    let mut n = 0usize;
    recurse(&mut c, 0, &mut cur, &mut has_pair, &mut n, &mut f);
    n
}

fn recurse(
    c: &mut Counts,
    start: usize,
    cur: &mut Decomposition,
    has_pair: &mut bool,
    n: &mut usize,
    f: &mut impl FnMut(&Decomposition),
) {
    let mut i = start;
    while i < N_KINDS && c[i] == 0 {
        i += 1;
    }
    if i == N_KINDS {
        if *has_pair {
            *n += 1;
            f(cur);
        }
        return;
    }
    let t = Tile::from_index_unchecked(i);
    if !*has_pair && c[i] >= 2 {
        c[i] -= 2;
        *has_pair = true;
        cur.pair = t;
        recurse(c, i, cur, has_pair, n, f);
        *has_pair = false;
        c[i] += 2;
    }
    if c[i] >= 3 && (cur.n as usize) < MAX_GROUPS {
        c[i] -= 3;
        cur.groups[cur.n as usize] = Group { kind: GroupKind::Triplet, tile: t };
        cur.n += 1;
        recurse(c, i, cur, has_pair, n, f);
        cur.n -= 1;
        c[i] += 3;
    }
    if !t.is_honor() && t.number() <= 7 && c[i + 1] > 0 && c[i + 2] > 0 && (cur.n as usize) < MAX_GROUPS {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        cur.groups[cur.n as usize] = Group { kind: GroupKind::Sequence, tile: t };
        cur.n += 1;
        recurse(c, i, cur, has_pair, n, f);
        cur.n -= 1;
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
}

/// Is `counts` (3k + 2 tiles) k sets and a pair?
pub fn is_standard_complete(counts: &Counts) -> bool {
    let mut found = false;
    // Stops early in spirit: the closure only flips a flag; the table-driven path
    // in shanten.rs is the fast test.
    for_each_decomposition(counts, |_| found = true);
    found
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
        assert_eq!(for_each_decomposition(&counts("11122233344455m"), |_| {}) >= 2, true);
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

    #[test]
    fn special_forms() {
        assert!(is_chiitoitsu(&counts("1122m3344p5566s77z")));
        assert!(!is_chiitoitsu(&counts("1111m3344p5566s77z")));
        assert!(is_kokushi(&counts("19m19p19s12345677z")));
        assert!(!is_kokushi(&counts("19m19p19s1234567z2m")));
    }
}
