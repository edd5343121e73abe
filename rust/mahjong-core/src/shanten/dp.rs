//! Per-suit distance vectors by dynamic programming over the kinds, with a cap on
//! the copies of each kind the concealed part may use. Two roles:
//! - the exact path for hands with melds: a pon of 5m leaves only one 5m for the
//!   concealed tiles, which the embedded tables (cap 4 everywhere) cannot know;
//! - an independent oracle for the generated tables in the unit tests.
//!
//! State at kind i: sequences started at i-1 and at i-2 (they still need a tile
//! here), sets so far, pairs so far. A few thousand steps per suit: fine for
//! scalar calls, never used by batch calls (which take concealed counts only).

#![allow(clippy::needless_range_loop)] // the state indices are the recurrence's

use super::gen::{Dist, INF, MAX_SETS};

/// `d[p][m]` for a suit of `len` kinds (`seqs`: sequences allowed), counts `h`,
/// at most `cap[i]` copies of kind i in the completed shape, for `m <= max_m`
/// (larger `m` left at INF: the combination never reads them).
pub fn suit_dist(h: &[u8], cap: &[u8], seqs: bool, max_m: usize) -> Dist {
    let max_m = max_m.min(MAX_SETS);
    let len = h.len();
    // cost[s1][s2][m][p], s1/s2 <= 4.
    const S: usize = 5;
    let mut cur = [[[[INF; 2]; MAX_SETS + 1]; S]; S];
    cur[0][0][0][0] = 0;
    for i in 0..len {
        let mut next = [[[[INF; 2]; MAX_SETS + 1]; S]; S];
        let can_start = seqs && i + 2 < len;
        for s1 in 0..S {
            for s2 in 0..S - s1 {
                for m in 0..=max_m {
                    for p in 0..2 {
                        let c = cur[s1][s2][m][p];
                        if c >= INF {
                            continue;
                        }
                        // Only usages within the cap and sets within max_m.
                        let room = (cap[i] as usize).saturating_sub(s1 + s2);
                        if s1 + s2 > cap[i] as usize {
                            continue;
                        }
                        let max_s0 = if can_start { room.min(max_m - m) } else { 0 };
                        for s0 in 0..=max_s0 {
                            let seq_use = s0 + s1 + s2;
                            let max_t = usize::from(seq_use + 3 <= cap[i] as usize && m + s0 < max_m);
                            for t in 0..=max_t {
                                let max_q = usize::from(p == 0 && seq_use + 3 * t + 2 <= cap[i] as usize);
                                for q in 0..=max_q {
                                    let use_ = seq_use + 3 * t + 2 * q;
                                    let add = use_.saturating_sub(h[i] as usize) as u8;
                                    let slot = &mut next[s0][s1][m + s0 + t][p + q];
                                    *slot = (*slot).min(c + add);
                                }
                            }
                        }
                    }
                }
            }
        }
        cur = next;
    }
    let mut d = [[INF; 8]; 2];
    for m in 0..=MAX_SETS {
        for p in 0..2 {
            d[p][m] = cur[0][0][m][p];
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::super::gen;
    use super::*;

    /// The generated tables equal the DP on a sweep of suit hands (every 97th code
    /// plus all hands of at most 4 tiles): two independent computations of `d`.
    #[test]
    fn tables_match_dp() {
        let suits = gen::suit_dists(9, true);
        let caps = [4u8; 9];
        // The embedded two-level lookup returns the generated vector for every hand.
        for (code, d) in suits.iter().enumerate() {
            let h = gen::counts_of_code(code, 9);
            let mut counts = [0u8; 34];
            counts[9..18].copy_from_slice(&h[..9]);
            assert_eq!(super::super::table::number_suit(&counts, 9), *d, "suit {h:?}");
        }
        for code in (0..suits.len()).filter(|c| c % 97 == 0 || gen::counts_of_code(*c, 9).iter().sum::<u8>() <= 4) {
            let h = gen::counts_of_code(code, 9);
            let mut want = suit_dist(&h[..9], &caps, true, MAX_SETS);
            for row in want.iter_mut() {
                for x in row[MAX_SETS + 1..].iter_mut() {
                    *x = INF;
                }
            }
            assert_eq!(suits[code], want, "suit {h:?}");
        }
        let honors = gen::suit_dists(7, false);
        for (code, d) in honors.iter().enumerate() {
            let h = gen::counts_of_code(code, 7);
            let mut counts = [0u8; 34];
            counts[27..34].copy_from_slice(&h[..7]);
            assert_eq!(super::super::table::honors(&counts), *d, "honors {h:?}");
            assert_eq!(*d, suit_dist(&h[..7], &caps[..7], false, MAX_SETS), "honors {h:?}");
        }
    }
}
