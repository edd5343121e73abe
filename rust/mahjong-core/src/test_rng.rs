//! A deterministic generator for the unit tests' random hands (xorshift64; no extra
//! crate, and the same seed draws the same hands on every machine).

pub(crate) struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True `pct` times in a hundred.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }
}
