//! Is a hand complete, and what does a waiting hand wait on: the quick tests the
//! engine needs at every discard (ron chances, furiten, tenpai for riichi and at an
//! exhaustive draw). Standard form by a per-suit greedy split (at the lowest tile
//! with `x` copies exactly `x mod 3` runs must start there), plus seven pairs and
//! thirteen orphans for a concealed 14-tile hand.

use crate::decompose::{is_chiitoitsu, is_kokushi, YAOCHUU};
use crate::hand::Counts;

fn suit_sets_only(c: &[u8]) -> bool {
    let mut a = [0u8; 11];
    a[..9].copy_from_slice(c);
    for i in 0..9 {
        let runs = a[i] % 3;
        if runs > 0 {
            if a[i + 1] < runs || a[i + 2] < runs {
                return false;
            }
            a[i + 1] -= runs;
            a[i + 2] -= runs;
        }
    }
    true
}

fn suit_with_pair(c: &[u8]) -> bool {
    let mut a = [0u8; 9];
    a.copy_from_slice(c);
    for i in 0..9 {
        if a[i] >= 2 {
            a[i] -= 2;
            let ok = suit_sets_only(&a);
            a[i] += 2;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Sum of the eight counts from `at` (each at most 31, so no byte of the product
/// carries into the next): one multiply instead of eight adds.
#[inline(always)]
fn sum8(c: &Counts, at: usize) -> u32 {
    let w = u64::from_le_bytes([c[at], c[at + 1], c[at + 2], c[at + 3], c[at + 4], c[at + 5], c[at + 6], c[at + 7]]);
    (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Tiles of the number suit starting at kind `base` (0, 9 or 18).
#[inline(always)]
fn suit_sum(c: &Counts, base: usize) -> u32 {
    sum8(c, base) + c[base + 8] as u32
}

/// Sets and a pair with the concealed counts (3k + 2 tiles, melds aside).
pub fn is_standard(c: &Counts) -> bool {
    // Honors first: each kind is a set, the pair or nothing on its own.
    let mut honor_pair = false;
    for &x in &c[27..34] {
        match x {
            0 | 3 => {}
            2 if !honor_pair => honor_pair = true,
            _ => return false,
        }
    }
    // Then the suits' tile counts mod 3: the pair's suit holds 2, the others 0.
    let mut pair_suit = if honor_pair { 3 } else { 4 };
    for s in 0..3 {
        match suit_sum(c, 9 * s) % 3 {
            0 => {}
            2 if pair_suit == 4 => pair_suit = s,
            _ => return false,
        }
    }
    if pair_suit == 4 {
        return false;
    }
    for s in 0..3 {
        let part = &c[s * 9..s * 9 + 9];
        let ok = if s == pair_suit { suit_with_pair(part) } else { suit_sets_only(part) };
        if !ok {
            return false;
        }
    }
    true
}

/// Complete in any form: standard, or (14 concealed tiles) seven pairs / thirteen orphans.
pub fn is_complete(c: &Counts) -> bool {
    if is_standard(c) {
        return true;
    }
    let n = sum8(c, 0) + sum8(c, 8) + sum8(c, 16) + sum8(c, 24) + c[32] as u32 + c[33] as u32;
    n == 14 && (is_chiitoitsu(c) || is_kokushi(c))
}

/// Kinds that complete a waiting hand (3k + 1 tiles), as a bit mask over 34 kinds.
/// A kind is a wait even when all its copies are in sight (Tenhou counts such a
/// hand as tenpai only if some copy is not in the hand itself; see `is_tenpai`).
pub fn waits(c: &Counts) -> u64 {
    let mut mask = 0u64;
    let mut tmp = *c;
    for k in 0..34 {
        // Only kinds next to a held tile (or a held honor) can complete a hand,
        // except for thirteen orphans, which the yaochuu pass covers.
        let near = c[k] > 0
            || (k < 27
                && ((k % 9 > 0 && c[k - 1] > 0)
                    || (k % 9 < 8 && c[k + 1] > 0)
                    || (k % 9 > 1 && c[k - 2] > 0)
                    || (k % 9 < 7 && c[k + 2] > 0)));
        if !near && !YAOCHUU.contains(&k) {
            continue;
        }
        if tmp[k] >= 4 {
            continue;
        }
        tmp[k] += 1;
        if is_complete(&tmp) {
            mask |= 1 << k;
        }
        tmp[k] -= 1;
    }
    mask
}

/// Tenpai: some wait kind has a copy the hand does not hold itself (a hand waiting
/// only on its own fifth tile is not ready).
pub fn is_tenpai(c: &Counts) -> bool {
    // A hand one tile from complete has shanten 0: the table lookup turns away most
    // hands before the per-kind search (an exhaustive draw asks it of every seat).
    let sets = c.iter().map(|&x| x as usize).sum::<usize>() / 3;
    if crate::shanten::shanten(c, sets) > 0 {
        return false;
    }
    let w = waits(c);
    (0..34).any(|k| w & (1 << k) != 0 && c[k] < 4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{counts_of, parse_mpsz};

    fn c(s: &str) -> Counts {
        counts_of(&parse_mpsz(s).unwrap()).unwrap().0
    }

    #[test]
    fn complete_and_waits() {
        assert!(is_complete(&c("123456789m11p456s")));
        assert!(is_complete(&c("111222333m11p")));
        assert!(is_complete(&c("11z")));
        assert!(!is_complete(&c("123456789m12p456s")));
        assert!(is_complete(&c("1122m3344p5566s77z")));
        assert!(is_complete(&c("19m19p19s12345677z")));
        let w = waits(&c("23456m11z"));
        assert_eq!(w, (1 << 0) | (1 << 3) | (1 << 6));
        assert_eq!(waits(&c("19m19p19s1234567z")).count_ones(), 13);
        assert!(is_tenpai(&c("1112345678999m")));
        // Cross-check the greedy test against the reference splitter.
        for s in ["11122233344455m", "22334455667788p", "1112223334445z"] {
            let h = c(s);
            assert_eq!(is_standard(&h), crate::decompose::is_standard_complete(&h), "{s}");
        }
    }
}
