//! Fixed sets of positions in a few machine words: the board state the solver
//! copies, hashes and masks millions of times, so it never allocates.
//!
//! Two widths: [`Bits`] (four words, 256 positions) holds any layout's slots (the
//! largest layout of the collection in `../shared/data/solitaire_layouts` has
//! 228); [`SmallBits`] (three words) is what the exact solver's fast path works
//! in, for layouts of at most [`MAX_TILES`] slots — a fourth word there costs its
//! hot loops about 5-8% (measured on 3,000 Turtle deals side by side).

/// Tiles of one set (seed 000): the fast solver's positions are `0..n`, `n <= 144`.
pub const MAX_TILES: usize = 144;
/// Words of a [`Bits`].
pub const WORDS: usize = 4;
/// The most slots a layout may have.
pub const MAX_SLOTS: usize = 64 * WORDS;

/// A set of positions (bit `i` = position `i`) in `W` words.
#[derive(Copy, Clone, Eq, Debug)]
pub struct BitSet<const W: usize>(pub [u64; W]);

/// Slot sets of any layout.
pub type Bits = BitSet<WORDS>;
/// Slot sets of the fast solver (layouts of at most 192 slots).
pub type SmallBits = BitSet<3>;

impl<const W: usize> Default for BitSet<W> {
    fn default() -> Self {
        BitSet([0; W])
    }
}

// Word loops below, not `std::array::from_fn`: its closure was not inlined
// into the solver's hot loops (2x slower on Turtle deals).

/// Equality without early exits: the solver compares sets at every node (groups
/// still whole, table keys), where one xor-or beats a compare-and-branch per word.
impl<const W: usize> PartialEq for BitSet<W> {
    #[inline(always)]
    fn eq(&self, o: &BitSet<W>) -> bool {
        let mut d = 0;
        for w in 0..W {
            d |= self.0[w] ^ o.0[w];
        }
        d == 0
    }
}

/// Hashes the words, as equality compares them.
impl<const W: usize> std::hash::Hash for BitSet<W> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}

impl<const W: usize> BitSet<W> {
    pub const EMPTY: BitSet<W> = BitSet([0; W]);
    /// Positions a set holds.
    pub const CAPACITY: usize = 64 * W;

    /// The set `{0, .., n-1}` (capped at the capacity).
    pub fn first(n: usize) -> BitSet<W> {
        let mut b = BitSet::EMPTY;
        for i in 0..n.min(Self::CAPACITY) {
            b.insert(i);
        }
        b
    }
    /// The same members in another width; members beyond its capacity are dropped.
    #[inline]
    pub fn resized<const V: usize>(&self) -> BitSet<V> {
        let mut b = BitSet::<V>::EMPTY;
        for w in 0..W.min(V) {
            b.0[w] = self.0[w];
        }
        b
    }
    #[inline(always)]
    pub fn single(i: usize) -> BitSet<W> {
        let mut b = BitSet::EMPTY;
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
    pub fn and(self, o: BitSet<W>) -> BitSet<W> {
        let mut r = [0; W];
        for w in 0..W {
            r[w] = self.0[w] & o.0[w];
        }
        BitSet(r)
    }
    #[inline(always)]
    pub fn or(self, o: BitSet<W>) -> BitSet<W> {
        let mut r = [0; W];
        for w in 0..W {
            r[w] = self.0[w] | o.0[w];
        }
        BitSet(r)
    }
    #[inline(always)]
    pub fn minus(self, o: BitSet<W>) -> BitSet<W> {
        let mut r = [0; W];
        for w in 0..W {
            r[w] = self.0[w] & !o.0[w];
        }
        BitSet(r)
    }
    /// Every position of the capacity not in the set.
    #[inline(always)]
    pub fn complement(self) -> BitSet<W> {
        let mut r = [0; W];
        for w in 0..W {
            r[w] = !self.0[w];
        }
        BitSet(r)
    }
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        let mut d = 0;
        for w in 0..W {
            d |= self.0[w];
        }
        d == 0
    }
    #[inline(always)]
    pub fn meets(&self, o: &BitSet<W>) -> bool {
        let mut d = 0;
        for w in 0..W {
            d |= self.0[w] & o.0[w];
        }
        d != 0
    }
    #[inline(always)]
    pub fn count(&self) -> u32 {
        #[cfg(target_feature = "popcnt")]
        {
            let mut c = 0;
            for w in 0..W {
                c += self.0[w].count_ones();
            }
            c
        }
        // Generic x86-64 has no popcount instruction and `count_ones` becomes a
        // bit-twiddling sequence per word; the solver counts at every node, so
        // up to three words share the sequence's later steps (a nibble holds at
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
            let mut c = 0;
            let mut w = 0;
            while w < W {
                let mut t = 0;
                for k in w..(w + 3).min(W) {
                    t += nibbles(self.0[k]);
                }
                let t = (t & M4) + ((t >> 4) & M4);
                c += (t.wrapping_mul(H01) >> 56) as u32;
                w += 3;
            }
            c
        }
    }
    /// At least two members (no popcount: generic x86-64 builds lack the instruction).
    #[inline(always)]
    pub fn at_least_two(&self) -> bool {
        let mut multi = 0;
        let mut nonzero = 0u8;
        for w in 0..W {
            let a = self.0[w];
            multi |= a & a.wrapping_sub(1);
            nonzero += (a != 0) as u8;
        }
        multi != 0 || nonzero >= 2
    }
    /// The lowest member, if any.
    #[inline(always)]
    pub fn lowest(&self) -> Option<usize> {
        for w in 0..W {
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
    pub fn iter(self) -> BitsIter<W> {
        BitsIter { bits: self, w: 0 }
    }
    /// A 64-bit mix of the words (for table indexing, not identity).
    #[inline(always)]
    pub fn hash64(&self) -> u64 {
        // Words 1 and 2 mix as they did when sets had three words, so the fast
        // solver's table slots and tie-breaking (seeded by this) are unchanged.
        let mut h = self.0[0].wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if W > 1 {
            h ^= self.0[1].wrapping_add(0x632B_E59B_D9B4_E019).rotate_left(23).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        }
        if W > 2 {
            h ^= self.0[2].rotate_left(41).wrapping_mul(0x94D0_49BB_1331_11EB);
        }
        for w in 3..W {
            h ^= self.0[w].rotate_left(7 + w as u32).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        }
        h ^ (h >> 29)
    }
}

/// Iterator over the members of a [`BitSet`] (a clone walks the rest).
#[derive(Clone)]
pub struct BitsIter<const W: usize> {
    bits: BitSet<W>,
    w: usize,
}

impl<const W: usize> Iterator for BitsIter<W> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.w < W {
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
            assert_eq!(BitSet::<3>(w).count(), want, "{w:x?}");
            let wide = BitSet::<4>([w[0], w[1], w[2], w[0] ^ w[2]]);
            assert_eq!(wide.count(), want + (w[0] ^ w[2]).count_ones(), "{w:x?}");
        }
        assert_eq!(Bits::first(256).count(), 256);
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
        b.insert(250);
        assert_eq!(b.resized::<3>().count(), 4);
        assert_eq!(b.resized::<3>().resized::<4>(), b.minus(Bits::single(250)));
        b.remove(250);
        assert!(b.meets(&Bits::single(130)));
        assert!(b.at_least_two() && !Bits::single(70).at_least_two() && !Bits::EMPTY.at_least_two());
        assert!(
            Bits::single(3).or(Bits::single(130)).at_least_two()
                && Bits::single(64).or(Bits::single(65)).at_least_two()
        );
        assert!(b.minus(Bits::single(130)).and(Bits::single(130)).is_empty());
    }
}
