//! The bounded table of lost positions: fixed size, allocated once per solver
//! (grown once when a deal needs the proof phase), entries tagged by solve
//! generation so reuse needs no clearing, and looked up by subsumption: a position
//! lost under some commitments is lost under any that include them.

use super::*;

#[derive(Copy, Clone, Default)]
pub(super) struct Entry {
    key: Bits,
    commits: u128,
    gen: u32,
}

/// Table sizes (entries, log2): small for the quick searches so a solver is cheap to
/// create, grown once when a deal needs the proof phase (48 bytes an entry: 12 MiB).
pub(super) const TT_BITS_SMALL: u32 = 14;
pub(super) const TT_BITS_BIG: u32 = 18;
pub(super) const TT_WAYS: usize = 8;

/// Does every commitment in `a` (2 bits a group, 0 = none) appear in `b`?
#[inline]
pub(super) fn commits_within(a: u128, b: u128) -> bool {
    const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    let set = (a | a >> 1) & LOW;
    (a ^ b) & (set | set << 1) == 0
}

impl Solver<'_> {
    /// Key of the commitments that still matter (groups with four tiles left:
    /// `whole`, see `whole_groups`).
    #[inline(always)]
    pub(super) fn pack(&self, whole: u64, commits: &Commits) -> u128 {
        let mut k = 0u128;
        // Only decided whole groups of four contribute: walk just those.
        let mut m = committed_mask(commits) & whole;
        while m != 0 {
            let g = m.trailing_zeros() as usize;
            m &= m - 1;
            k |= (commits[g] as u128) << (2 * g);
        }
        k
    }

    /// The table's bucket for a position: by the tiles present alone, so that the
    /// entries of one position under different commitments meet in one bucket.
    #[inline]
    pub(super) fn tt_slot(&self, key: &Bits) -> usize {
        ((key.hash64() >> (64 - self.tt_bits)) as usize) & !(TT_WAYS - 1)
    }

    /// Is `key` lost under `commits`? It is when it was found lost under a subset of
    /// them: more commitments only remove plays.
    #[inline]
    pub(super) fn tt_lost(&self, key: &Bits, commits: u128) -> bool {
        let s = self.tt_slot(key);
        self.tt[s..s + TT_WAYS].iter().any(|e| e.gen == self.gen && e.key == *key && commits_within(e.commits, commits))
    }

    #[inline]
    pub(super) fn tt_store(&mut self, key: Bits, commits: u128) {
        let s = self.tt_slot(&key);
        let gen = self.gen;
        // A stale entry, or one the new entry subsumes, or else the oldest-looking
        // way picked by the key.
        let ways = &self.tt[s..s + TT_WAYS];
        let way = ways
            .iter()
            .position(|e| e.gen != gen || (e.key == key && commits_within(commits, e.commits)))
            .unwrap_or((key.0[0] as usize ^ commits as usize) & (TT_WAYS - 1));
        self.tt[s + way] = Entry { key, commits, gen };
    }

    /// The proof phase needs the big table: grow it once per solver. Entries of
    /// this solve are moved over; older ones are stale anyway.
    pub(super) fn grow_table(&mut self) {
        if self.tt_bits < TT_BITS_BIG {
            let old = std::mem::replace(&mut self.tt, vec![Entry::default(); 1 << TT_BITS_BIG]);
            self.tt_bits = TT_BITS_BIG;
            let gen = self.gen;
            for e in old.into_iter().filter(|e| e.gen == gen) {
                self.tt_store(e.key, e.commits);
            }
        }
    }
}
