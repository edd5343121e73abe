//! A fixed set of up to 192 positions in three machine words: the board state the
//! solver copies, hashes and masks millions of times, so it never allocates.

/// Positions are numbered `0..n` with `n <= MAX_TILES`.
pub const MAX_TILES: usize = 144;

/// A set of positions (bit `i` = position `i`).
#[derive(Copy, Clone, Eq, Default, Debug)]
pub struct Bits(pub [u64; 3]);

/// Equality without early exits: the solver compares sets at every node (groups
/// still whole, table keys), where one xor-or beats three compare-and-branch steps.
impl PartialEq for Bits {
    #[inline(always)]
    fn eq(&self, o: &Bits) -> bool {
        ((self.0[0] ^ o.0[0]) | (self.0[1] ^ o.0[1]) | (self.0[2] ^ o.0[2])) == 0
    }
}

/// Hashes the words, as equality compares them.
impl std::hash::Hash for Bits {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}

impl Bits {
    pub const EMPTY: Bits = Bits([0; 3]);

    /// The set `{0, .., n-1}`.
    pub fn first(n: usize) -> Bits {
        let mut b = Bits::EMPTY;
        for i in 0..n.min(192) {
            b.insert(i);
        }
        b
    }
    #[inline(always)]
    pub fn single(i: usize) -> Bits {
        let mut b = Bits::EMPTY;
        b.insert(i);
        b
    }
    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1u64 << (i & 63);
    }
    #[inline(always)]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }
    #[inline(always)]
    pub fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    #[inline(always)]
    pub fn and(self, o: Bits) -> Bits {
        Bits([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
    #[inline(always)]
    pub fn or(self, o: Bits) -> Bits {
        Bits([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
    #[inline(always)]
    pub fn minus(self, o: Bits) -> Bits {
        Bits([self.0[0] & !o.0[0], self.0[1] & !o.0[1], self.0[2] & !o.0[2]])
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }
    #[inline(always)]
    pub fn meets(&self, o: &Bits) -> bool {
        ((self.0[0] & o.0[0]) | (self.0[1] & o.0[1]) | (self.0[2] & o.0[2])) != 0
    }
    #[inline(always)]
    pub fn count(&self) -> u32 {
        #[cfg(target_feature = "popcnt")]
        {
            self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
        }
        // Generic x86-64 has no popcount instruction and `count_ones` becomes a
        // bit-twiddling sequence per word; the solver counts at every node, so
        // the three words share the sequence's later steps (a nibble holds at
        // most 3 * 4 and a byte 24, the total at most 192: nothing overflows).
        #[cfg(not(target_feature = "popcnt"))]
        {
            const M1: u64 = 0x5555_5555_5555_5555;
            const M2: u64 = 0x3333_3333_3333_3333;
            const M4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
            const H01: u64 = 0x0101_0101_0101_0101;
            let nibbles = |x: u64| {
                let x = x - ((x >> 1) & M1);
                (x & M2) + ((x >> 2) & M2)
            };
            let t = nibbles(self.0[0]) + nibbles(self.0[1]) + nibbles(self.0[2]);
            let t = (t & M4) + ((t >> 4) & M4);
            (t.wrapping_mul(H01) >> 56) as u32
        }
    }
    /// At least two members (no popcount: generic x86-64 builds lack the instruction).
    #[inline(always)]
    pub fn at_least_two(&self) -> bool {
        let [a, b, c] = self.0;
        (a & a.wrapping_sub(1)) | (b & b.wrapping_sub(1)) | (c & c.wrapping_sub(1)) != 0
            || (a != 0) as u8 + (b != 0) as u8 + (c != 0) as u8 >= 2
    }
    /// The lowest member, if any.
    #[inline(always)]
    pub fn lowest(&self) -> Option<usize> {
        for w in 0..3 {
            if self.0[w] != 0 {
                return Some(w * 64 + self.0[w].trailing_zeros() as usize);
            }
        }
        None
    }
    /// Calls `f` on the members in increasing order: the same walk as `iter`, but
    /// a loop per word instead of an iterator re-testing the word index at every
    /// member (hot loops of the solver).
    #[inline(always)]
    pub fn for_each(self, mut f: impl FnMut(usize)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                f(w * 64 + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
    }
    /// Members in increasing order.
    #[inline]
    pub fn iter(self) -> BitsIter {
        BitsIter { bits: self, w: 0 }
    }
    /// A 64-bit mix of the three words (for table indexing, not identity).
    #[inline(always)]
    pub fn hash64(&self) -> u64 {
        let mut h = self.0[0].wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= self.0[1].wrapping_add(0x632B_E59B_D9B4_E019).rotate_left(23).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= self.0[2].rotate_left(41).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^ (h >> 29)
    }
}

/// Iterator over the members of a [`Bits`].
pub struct BitsIter {
    bits: Bits,
    w: usize,
}

impl Iterator for BitsIter {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.w < 3 {
            let word = self.bits.0[self.w];
            if word != 0 {
                self.bits.0[self.w] = word & (word - 1);
                return Some(self.w * 64 + word.trailing_zeros() as usize);
            }
            self.w += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn count_matches_count_ones() {
        let mut rng = crate::test_rng::Rng(0x9E37_79B9_7F4A_7C15);
        let mut words = vec![[0u64; 3], [u64::MAX; 3], [u64::MAX, 0, 1 << 63]];
        for _ in 0..2000 {
            let mut w = [0u64; 3];
            for v in &mut w {
                let x = rng.next();
                // Sparse and dense words alike.
                *v = if x & 1 == 0 { x } else { x & (x >> 3) & (x >> 9) };
            }
            words.push(w);
        }
        for w in words {
            let want = w[0].count_ones() + w[1].count_ones() + w[2].count_ones();
            assert_eq!(Bits(w).count(), want, "{w:x?}");
        }
    }

    #[test]
    fn set_ops() {
        let mut b = Bits::EMPTY;
        for i in [0, 63, 64, 130, 143] {
            b.insert(i);
        }
        assert_eq!(b.count(), 5);
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 63, 64, 130, 143]);
        b.remove(64);
        assert!(!b.has(64) && b.has(63));
        assert_eq!(b.lowest(), Some(0));
        assert_eq!(Bits::first(144).count(), 144);
        assert!(b.meets(&Bits::single(130)));
        assert!(b.at_least_two() && !Bits::single(70).at_least_two() && !Bits::EMPTY.at_least_two());
        assert!(
            Bits::single(3).or(Bits::single(130)).at_least_two()
                && Bits::single(64).or(Bits::single(65)).at_least_two()
        );
        assert!(b.minus(Bits::single(130)).and(Bits::single(130)).is_empty());
    }
}
