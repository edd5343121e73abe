//! The bounded table of lost positions: fixed size, allocated once per solver
//! (grown once when a deal needs the proof phase), entries tagged by solve
//! generation so reuse needs no clearing, and looked up by subsumption: a position
//! lost under some commitments is lost under any that include them.

use super::*;
use std::cell::RefCell;

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

/// A table of `n` empty entries (all-zero bytes: generation 0 is never a live
/// one). Taken from the allocator already zeroed, a big table costs nothing until
/// used (the system maps its pages as they are first written): writing the 12 MiB
/// of the big table took 6.5 ms of CPU, paid by the first deal of every solver that
/// reached the proof phase, more than the whole 5 ms budget of an atlas deal.
pub(super) fn empty_table(n: usize) -> Vec<Entry> {
    let Ok(layout) = std::alloc::Layout::array::<Entry>(n) else {
        return vec![Entry::default(); n];
    };
    if n == 0 {
        return Vec::new();
    }
    // SAFETY: `layout` has a nonzero size; the memory is zeroed and every field of
    // `Entry` (integers and integer arrays) is valid as zero bytes, which is
    // `Entry::default()`; the Vec takes the allocation with the layout it would
    // have used itself (`Layout::array::<Entry>(n)`, the global allocator).
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut Entry;
        if ptr.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(ptr, n, n)
    }
}

thread_local! {
    /// The table of the last solver this thread dropped (its entries and last
    /// generation), for the next solver the thread makes. Batch calls
    /// make a solver per parallel task; a new table's pages cost CPU when first
    /// written (1-2 ms of the 5 ms atlas budget for the first deal of each task
    /// that reached the proof phase), a handed-on one's do not. One table a thread
    /// at most (12 MiB when big).
    static SPARE: RefCell<Option<(Vec<Entry>, u32)>> = const { RefCell::new(None) };
}

/// A table for a new solver and the generation it was last used with: this
/// thread's spare one, or a new small one.
pub(super) fn take_table() -> (Vec<Entry>, u32) {
    SPARE.try_with(|s| s.borrow_mut().take()).ok().flatten().unwrap_or_else(|| (empty_table(1 << TT_BITS_SMALL), 0))
}

/// Hand a dropped solver's table on (the bigger of it and the spare is kept).
/// Its entries carry that solver's generations, so the next solver counts on from
/// `gen` and never mistakes them for its own.
pub(super) fn give_table(tt: Vec<Entry>, gen: u32) {
    let _ = SPARE.try_with(|s| {
        let mut s = s.borrow_mut();
        if s.as_ref().is_none_or(|(spare, _)| spare.len() <= tt.len()) {
            *s = Some((tt, gen));
        }
    });
}

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

    /// A new tag: every entry stored so far is stale from now on.
    pub(super) fn next_gen(&mut self) {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            // Generation wrapped: stale entries could carry the new tag; clear once.
            self.tt.iter_mut().for_each(|e| *e = Entry::default());
            self.gen = 1;
        }
    }

    /// The proof phase needs the big table: allocated once per solver (or handed
    /// on, see `take_table`), used from the proof phase of each solve on. This
    /// solve's entries move over under a new tag, so the big table holds exactly
    /// them, as a freshly allocated one would.
    pub(super) fn grow_table(&mut self) {
        if self.tt_bits >= TT_BITS_BIG {
            return;
        }
        let gen = self.gen;
        let live: Vec<Entry> = self.tt[..1 << self.tt_bits].iter().filter(|e| e.gen == gen).copied().collect();
        if self.tt.len() < 1 << TT_BITS_BIG {
            self.tt = empty_table(1 << TT_BITS_BIG);
        }
        self.tt_bits = TT_BITS_BIG;
        self.next_gen();
        for e in live {
            self.tt_store(e.key, e.commits);
        }
    }
}
