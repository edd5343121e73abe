//! Completeness and waits of 5-set hands by a linear greedy test per suit.
//!
//! Why a second test beside `decompose`: 獨聽 asks which tile kinds complete a
//! 16-tile hand, i.e. up to 34 completeness tests per scored hand, and this greedy test
//! costs a few dozen nanoseconds. A set-only split of one suit is forced from its
//! lowest tile: `c % 3` sequences must start there (three equal sequences are three
//! triplets), so no search is needed; the pair is tried at each position of the one
//! suit whose count is 2 mod 3.

use crate::hand::Counts;

#[inline]
fn suit_sets_only(mut c: [u8; 9]) -> bool {
    for i in 0..9 {
        let k = c[i] % 3;
        if k == 0 {
            continue;
        }
        if i + 2 >= 9 || c[i + 1] < k || c[i + 2] < k {
            return false;
        }
        c[i + 1] -= k;
        c[i + 2] -= k;
    }
    true
}

#[inline]
fn suit_with_pair(c: [u8; 9]) -> bool {
    for i in 0..9 {
        if c[i] >= 2 {
            let mut d = c;
            d[i] -= 2;
            if suit_sets_only(d) {
                return true;
            }
        }
    }
    false
}

/// Are these concealed counts (3k + 2 tiles) k sets and exactly one pair?
pub fn is_complete(counts: &Counts) -> bool {
    let mut pairs = 0;
    for s in 0..3 {
        let mut c = [0u8; 9];
        c.copy_from_slice(&counts[s * 9..s * 9 + 9]);
        let total: u32 = c.iter().map(|&x| x as u32).sum();
        match total % 3 {
            0 => {
                if !suit_sets_only(c) {
                    return false;
                }
            }
            2 => {
                pairs += 1;
                if pairs > 1 || !suit_with_pair(c) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    for &c in &counts[27..34] {
        match c {
            0 | 3 => {}
            2 => {
                pairs += 1;
                if pairs > 1 {
                    return false;
                }
            }
            _ => return false,
        }
    }
    pairs == 1
}

/// Tile kinds that complete `concealed` (3k + 1 tiles), as a bit mask over the 34
/// kinds. A kind of which the hand already holds four (`held`, melds included) cannot
/// be drawn and is left out.
pub fn waits_mask(concealed: &Counts, held: &Counts) -> u64 {
    let mut mask = 0u64;
    let mut c = *concealed;
    for k in 0..34 {
        if held[k] >= 4 {
            continue;
        }
        // A completing tile touches the hand: the same kind or, in a number suit, a
        // neighbour within two (an isolated new tile could only be a pair with itself,
        // which needs a copy already present).
        let near = if k >= 27 {
            c[k] > 0
        } else {
            let n = k % 9;
            let lo = k - n.min(2);
            let hi = k + (8 - n).min(2);
            (lo..=hi).any(|j| c[j] > 0)
        };
        if !near {
            continue;
        }
        c[k] += 1;
        if is_complete(&c) {
            mask |= 1 << k;
        }
        c[k] -= 1;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::is_standard_complete;
    use crate::tile::{counts_of, parse_mpsz};

    fn counts(s: &str) -> Counts {
        counts_of(&parse_mpsz(s).unwrap()).unwrap().0
    }

    #[test]
    fn agrees_with_the_recursive_splitter() {
        // Every hand of up to 8 tiles of one suit (plus a fixed part) against the
        // reference splitter.
        let mut c = [0u8; 34];
        fn rec(c: &mut Counts, i: usize, left: u8) {
            if i == 9 {
                let total: u8 = c.iter().sum();
                if total % 3 == 2 {
                    assert_eq!(is_complete(c), is_standard_complete(c), "{c:?}");
                }
                return;
            }
            for n in 0..=left.min(4) {
                c[i] = n;
                rec(c, i + 1, left - n);
            }
            c[i] = 0;
        }
        rec(&mut c, 0, 11);
    }

    #[test]
    fn waits_of_sixteen_tiles() {
        let w = waits_mask(&counts("123456789m123p45s11z"), &counts("123456789m123p45s11z"));
        assert_eq!(w, (1 << 20) | (1 << 23));
        // 1112: waits 2 (111 + 22) and 3 (11 + 123)
        let h = counts("1112m456789p123s777z");
        let w = waits_mask(&h, &h);
        assert!(w & (1 << 1) != 0 && w & (1 << 2) != 0);
        // A kind already held four times is no wait.
        let h = counts("1111m");
        assert_eq!(waits_mask(&h, &h) & 1, 0);
    }
}
