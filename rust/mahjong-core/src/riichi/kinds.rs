//! Bit masks of a count vector (bit k = tile kind k), all from one pass.
//!
//! Scoring asks many questions of the same 34 counts (which kinds are present, which
//! form pairs or triplets, how many tiles in all); answering each with its own loop
//! over the kinds cost more than the rest of a typical win. Here every mask comes from
//! a few vector compares, with no branch per kind.

use crate::hand::Counts;

/// Kinds by how many copies the counts hold. Counts must be at most 4 (a hand's
/// invariant).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct KindMasks {
    /// At least one copy.
    pub present: u64,
    /// Exactly two copies.
    pub pairs: u64,
    /// Three or four copies.
    pub triplets: u64,
    /// Sum of the counts.
    pub total: u32,
}

/// The masks of `c`: SSE2 compares and `movemask` on x86-64 (three 16-byte lanes),
/// a byte loop elsewhere.
#[inline]
pub fn kind_masks(c: &Counts) -> KindMasks {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        let mut buf = [0u8; 48];
        buf[..34].copy_from_slice(c);
        let mut m = KindMasks::default();
        for (i, lane) in buf.chunks_exact(16).enumerate() {
            // SAFETY: SSE2 is part of the x86-64 baseline; `lane` holds exactly 16 bytes
            // and the load is unaligned.
            unsafe {
                let x = _mm_loadu_si128(lane.as_ptr() as *const __m128i);
                let zero = _mm_setzero_si128();
                let two = _mm_set1_epi8(2);
                let bits = |v: __m128i| (_mm_movemask_epi8(v) as u32 as u64) << (16 * i);
                m.present |= bits(_mm_cmpgt_epi8(x, zero));
                m.pairs |= bits(_mm_cmpeq_epi8(x, two));
                m.triplets |= bits(_mm_cmpgt_epi8(x, two));
                // Sums of the two 8-byte halves, in the low 16 bits of each 64-bit half.
                let s = _mm_sad_epu8(x, zero);
                m.total += (_mm_cvtsi128_si32(s) + _mm_extract_epi16::<4>(s)) as u32;
            }
        }
        m
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut m = KindMasks::default();
        for (k, &n) in c.iter().enumerate() {
            m.present |= ((n >= 1) as u64) << k;
            m.pairs |= ((n == 2) as u64) << k;
            m.triplets |= ((n >= 3) as u64) << k;
            m.total += n as u32;
        }
        m
    }
}

/// Does `x` have at least `k` bits set (k <= 4)? A few and-nots instead of a
/// population count, which x86-64's baseline lacks (it costs a dozen instructions).
#[inline(always)]
pub fn at_least_bits(mut x: u64, k: u32) -> bool {
    for _ in 1..k {
        x &= x.wrapping_sub(1);
    }
    k == 0 || x != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_thresholds() {
        for x in [0u64, 1, 3, 0b1011, 0xF0, 1 << 63 | 1] {
            for k in 0..=4 {
                assert_eq!(at_least_bits(x, k), x.count_ones() >= k, "{x:b} {k}");
            }
        }
    }

    #[test]
    fn masks_match_a_loop() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20000 {
            let mut c = [0u8; 34];
            for slot in c.iter_mut() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly empty kinds, as in a hand.
                *slot = if (x >> 20) & 1 == 0 { (x % 5) as u8 } else { 0 };
            }
            let m = kind_masks(&c);
            let mut want = KindMasks::default();
            for (k, &n) in c.iter().enumerate() {
                want.present |= ((n >= 1) as u64) << k;
                want.pairs |= ((n == 2) as u64) << k;
                want.triplets |= ((n >= 3) as u64) << k;
                want.total += n as u32;
            }
            assert_eq!(m, want, "{c:?}");
        }
    }
}
