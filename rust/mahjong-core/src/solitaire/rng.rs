//! A small seeded generator (SplitMix64): deals must be reproducible from a seed on
//! every platform, so the core carries its own instead of depending on a crate's
//! stream staying stable across versions.

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5851_F42D_4C95_7F2D)
    }
    /// A generator for item `index` of a stream: survey deal `i` is the same deal
    /// whichever thread draws it.
    pub fn for_index(seed: u64, index: u64) -> Rng {
        let mut r = Rng::new(seed);
        r.0 = r.0.wrapping_add(index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        r.next_u64();
        r
    }
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0), by rejection so there is no modulo bias.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        if n <= 1 {
            return 0;
        }
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.next_u64();
            if v < zone {
                return (v % n) as usize;
            }
        }
    }
    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}
