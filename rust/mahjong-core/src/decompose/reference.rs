//! The recursive splitter: slow, obviously right, kept as the oracle that the
//! table-driven [`super::for_each_decomposition`] is tested against.
//!
//! At the lowest kind left, every copy must start something there: a pair (at most
//! one in the hand), a triplet, or sequences. Choosing how many of each at once (not
//! one group at a time) reports each split exactly once, groups in the canonical
//! order of [`super::Decomposition`].

use super::{Decomposition, Group, GroupKind, MAX_GROUPS};
use crate::hand::Counts;
use crate::tile::{Tile, N_KINDS};

/// Every split of `counts` (3k + 2 tiles, k <= 5) into k sets and a pair.
pub fn for_each_decomposition_recursive(counts: &Counts, mut f: impl FnMut(&Decomposition)) -> usize {
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    if total % 3 != 2 || total > 3 * MAX_GROUPS + 2 {
        return 0;
    }
    let mut c = *counts;
    let mut cur = Decomposition::default();
    let mut n = 0;
    recurse(&mut c, 0, &mut cur, false, &mut n, &mut f);
    n
}

fn push(cur: &mut Decomposition, g: Group) -> bool {
    if cur.n as usize >= MAX_GROUPS {
        return false;
    }
    cur.groups[cur.n as usize] = g;
    cur.n += 1;
    true
}

fn recurse(
    c: &mut Counts,
    start: usize,
    cur: &mut Decomposition,
    has_pair: bool,
    n: &mut usize,
    f: &mut impl FnMut(&Decomposition),
) {
    let mut i = start;
    while i < N_KINDS && c[i] == 0 {
        i += 1;
    }
    if i == N_KINDS {
        if has_pair {
            *n += 1;
            f(cur);
        }
        return;
    }
    let t = Tile::from_index_unchecked(i);
    let here = c[i];
    let can_seq = !t.is_honor() && t.number() <= 7;
    for pair in 0..=u8::from(!has_pair) {
        for trip in 0..=1u8 {
            let used = 2 * pair + 3 * trip;
            if used > here {
                continue;
            }
            let seqs = here - used;
            if seqs > 0 && (!can_seq || c[i + 1] < seqs || c[i + 2] < seqs) {
                continue;
            }
            let saved_n = cur.n;
            let saved_pair = cur.pair;
            let mut ok = true;
            if pair == 1 {
                cur.pair = t;
            }
            if trip == 1 {
                ok &= push(cur, Group { kind: GroupKind::Triplet, tile: t });
            }
            for _ in 0..seqs {
                ok &= push(cur, Group { kind: GroupKind::Sequence, tile: t });
            }
            if ok {
                c[i] = 0;
                if seqs > 0 {
                    c[i + 1] -= seqs;
                    c[i + 2] -= seqs;
                }
                recurse(c, i + 1, cur, has_pair || pair == 1, n, f);
                c[i] = here;
                if seqs > 0 {
                    c[i + 1] += seqs;
                    c[i + 2] += seqs;
                }
            }
            cur.n = saved_n;
            cur.pair = saved_pair;
        }
    }
}
