//! 獨聽 on the scoring hot path: does any kind other than the winning one complete
//! the 16 tiles?
//!
//! The public waits and shanten of Taiwan hands come from [`crate::shanten`]. This
//! file answers one narrower question per scored hand, up to a dozen times, so it
//! re-checks only the suit a candidate tile lands in: a set-only split of one suit is
//! forced from its lowest tile (`c % 3` sequences must start there: three equal
//! sequences are three triplets), and the pair is tried at each position. The unit
//! test below compares it with `shanten::Shape::waits` on random hands.

use crate::hand::{Counts, Meld};
use crate::tile::Tile;

#[inline]
fn sets_only(c: &[u8]) -> bool {
    let mut a = [0u8; 9];
    a.copy_from_slice(c);
    for i in 0..9 {
        let k = a[i] % 3;
        if k == 0 {
            continue;
        }
        if i + 2 >= 9 || a[i + 1] < k || a[i + 2] < k {
            return false;
        }
        a[i + 1] -= k;
        a[i + 2] -= k;
    }
    true
}

#[inline]
fn sets_and_pair(c: &[u8]) -> bool {
    // Every set's positions sum to 0 mod 3 (3i, or 3i + 3), so the pair's position p
    // satisfies 2p = sum(i c[i]) mod 3: only a third of the positions need a try.
    let weighted: u32 = c.iter().enumerate().map(|(i, &x)| i as u32 * x as u32).sum();
    let start = (2 * weighted % 3) as usize;
    let mut a = [0u8; 9];
    a.copy_from_slice(c);
    for i in (start..9).step_by(3) {
        if a[i] >= 2 {
            a[i] -= 2;
            let ok = sets_only(&a);
            a[i] += 2;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Per-suit facts of a hand: count mod 3 and whether the suit splits (sets only, or
/// sets and a pair, as its count mod 3 asks).
#[derive(Copy, Clone)]
struct Suit {
    m: u8,
    ok: bool,
}

#[inline]
fn suit_of(c: &[u8]) -> Suit {
    let m = (c.iter().map(|&x| x as u32).sum::<u32>() % 3) as u8;
    let ok = match m {
        0 => sets_only(c),
        2 => sets_and_pair(c),
        _ => false,
    };
    Suit { m, ok }
}

/// Honors split iff each count is 0, 2 or 3; returns (splits, pairs).
#[inline]
fn honors_of(c: &[u8]) -> (bool, u8) {
    let mut pairs = 0;
    for &x in c {
        match x {
            0 | 3 => {}
            2 => pairs += 1,
            _ => return (false, 0),
        }
    }
    (true, pairs)
}

/// Does a kind other than `win` complete the 16 tiles left when `win` is taken out
/// of `concealed` (a complete hand)? Kinds already held four times (hand and melds)
/// cannot be drawn and do not count.
pub fn other_kind_completes(concealed: &Counts, melds: &[Meld], win: Tile) -> bool {
    let mut c = *concealed;
    c[win.index()] -= 1;
    let mut held = c;
    for m in melds {
        m.add_to(&mut held);
    }
    // (splits, pairs) of m, p, s and the honors.
    let mut state = [(false, 0u8); 4];
    for (s, st) in state.iter_mut().enumerate().take(3) {
        let su = suit_of(&c[s * 9..s * 9 + 9]);
        *st = (su.ok, u8::from(su.m == 2));
    }
    state[3] = honors_of(&c[27..34]);
    // A drawn tile changes one suit only: every other suit must already split, so
    // with two broken suits nothing completes, and with one the tile must land there.
    let n_bad = state.iter().filter(|st| !st.0).count();
    if n_bad > 1 {
        return false;
    }
    for t in 0..4 {
        if n_bad == 1 && state[t].0 {
            continue;
        }
        let other_pairs: u8 = (0..4).filter(|&s| s != t).map(|s| state[s].1).sum();
        if other_pairs > 1 {
            continue;
        }
        let range = if t == 3 { 27..34 } else { t * 9..t * 9 + 9 };
        for k in range.clone() {
            if k == win.index() || held[k] >= 4 {
                continue;
            }
            let touches = if k >= 27 {
                c[k] > 0
            } else {
                let n = k % 9;
                (k - n.min(2)..=k + (8 - n).min(2)).any(|j| c[j] > 0)
            };
            if !touches {
                continue;
            }
            c[k] += 1;
            let (ok, pairs) = if t == 3 {
                honors_of(&c[27..34])
            } else {
                let su = suit_of(&c[range.clone()]);
                (su.ok, u8::from(su.m == 2))
            };
            c[k] -= 1;
            if ok && other_pairs + pairs == 1 {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shanten::Shape;

    #[test]
    fn agrees_with_the_shanten_module_on_random_hands() {
        let mut seed: u64 = 7;
        let mut rnd = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut checked = 0;
        let mut single = 0;
        while checked < 20_000 {
            let mut c = [0u8; 34];
            for _ in 0..5 {
                if rnd(10) < 6 {
                    let (s, st) = (rnd(3) as usize, rnd(7) as usize);
                    for d in 0..3 {
                        c[s * 9 + st + d] += 1;
                    }
                } else {
                    c[rnd(34) as usize] += 3;
                }
            }
            c[rnd(34) as usize] += 2;
            if c.iter().any(|&x| x > 4) {
                continue;
            }
            let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
            let w = Tile::new(held[rnd(held.len() as u64) as usize] as u8).unwrap();
            let mut h16 = c;
            h16[w.index()] -= 1;
            let waits = Shape::new(5, 0, &[0; 34]).waits(&h16);
            assert!(waits & (1 << w.index()) != 0);
            let other = waits & !(1 << w.index()) != 0;
            assert_eq!(other_kind_completes(&c, &[], w), other, "{c:?} win {w}");
            single += usize::from(!other);
            checked += 1;
        }
        assert!(single > 1000, "{single}");
    }
}
