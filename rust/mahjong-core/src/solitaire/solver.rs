//! The exhaustive solver: does a deal (or a position in play) clear, and how?
//!
//! Starting point, de Bondt ("Solving Mahjong Solitaire boards with peeking", 2012):
//! the order of removals matters only through how each group of four matching
//! tiles is split into two pairs; removing tiles never makes another tile less
//! free. What this solver adds, each a cut of the search tree that keeps it exact:
//!
//! - Bitboards: a position is a [`Bits`] of present slots; the free rule is three
//!   masks per slot ([`Geometry`]); the search loop never allocates.
//! - Static split pruning: a pair whose tiles lie one (transitively) on top of the
//!   other can never be removed together. For each group the splits (of the three
//!   ways to pair four tiles) with such a pair are dead; a group with no live split
//!   makes the deal unsolvable at once (that is the proof returned), and a move is
//!   tried only if it belongs to a live split.
//! - Safe moves, applied without branching: all remaining tiles of a group free
//!   (remove them: any later plan removes them anyway, and removing earlier never
//!   hurts); a group with one live split (its free pairs go at once).
//! - Dead-end detection: the pairs already fixed (groups down to two tiles, groups
//!   with one live split) must leave in an order that respects "on top of"; a cycle
//!   in that order means no play can clear the board.
//! - The relaxation test (in the proof phase, at every node): play on with every
//!   fixed pair removed only when both its tiles are free and every tile of an
//!   undecided group removed alone once free with a live partner free or gone. It
//!   removes at least what any real play removes, so when it cannot clear the board
//!   the position is lost (`Solver::relax_run`).
//! - Probing on the relaxation: a split whose commitment makes the relaxed play fail
//!   is ruled out, a group left with one split is decided (one pass a node). Probes
//!   are cheap because a split the unconstrained relaxed play already fits is
//!   skipped and each other probe replays only its group's window of that play.
//!   Ruled-out splits are facts about the position, so children inherit them, and a
//!   split whose subtree was lost is ruled out for its siblings.
//! - A bounded transposition table of positions proven lost: fixed size, allocated
//!   once per solver, entries tagged by solve generation so reuse needs no clearing.
//! - Move ordering: pairs that uncover the most tiles first.
//!
//! A budget of nodes and time turns a search that runs too long into
//! [`Verdict::Unknown`] instead of running on.

use super::bits::{Bits, MAX_TILES};
use super::board::Geometry;
use super::face::{Face, N_GROUPS};
use std::time::Instant;

/// How far a search may go before it answers [`Verdict::Unknown`].
#[derive(Copy, Clone, Debug)]
pub struct SolveLimits {
    /// Search nodes (positions expanded).
    pub max_nodes: u64,
    /// Wall-clock milliseconds (checked every 1024 nodes); 0 = no time limit.
    pub max_millis: u64,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits { max_nodes: 5_000_000, max_millis: 10_000 }
    }
}

/// The answer.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    Solvable,
    Unsolvable,
    Unknown,
}

impl Verdict {
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Solvable => "solvable",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Unknown => "unknown",
        }
    }
}

/// Why a position cannot be cleared.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Proof {
    /// Every way to pair this group's remaining tiles pairs a tile with one lying
    /// (directly or through others) on top of it. `slots` are the group's tiles.
    DeadGroup { group: u8, slots: Vec<usize> },
    /// Pairs that are already fixed wait on each other in a cycle through the
    /// "lies on top of" relation; `slots` are the tiles of the pairs in the cycle.
    Cycle { slots: Vec<usize> },
    /// No matching pair is free now.
    Stuck,
    /// The whole (pruned) tree was searched without reaching an empty board.
    Exhausted { nodes: u64 },
}

/// Verdict, solution (removal order, when solvable), proof (when unsolvable) and cost.
#[derive(Clone, Debug)]
pub struct SolveResult {
    pub verdict: Verdict,
    pub solution: Vec<(usize, usize)>,
    pub proof: Option<Proof>,
    pub nodes: u64,
    pub micros: u64,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Flow {
    Win,
    Lose,
    Abort,
}

#[derive(Copy, Clone, Default)]
struct Entry {
    key: Bits,
    commits: u128,
    gen: u32,
}

/// Table sizes (entries, log2): small for the quick searches so a solver is cheap to
/// create, grown once when a deal needs the proof phase (48 bytes an entry: 12 MiB).
const TT_BITS_SMALL: u32 = 14;
const TT_BITS_BIG: u32 = 18;
const TT_WAYS: usize = 4;
const NO_COMMIT: u8 = 0;
/// Every group (bit `g` = group `g`): `N_GROUPS` fits a word.
const ALL_GROUPS: u64 = (1 << N_GROUPS) - 1;
const W_NEW: i32 = 4;
const W_USEFUL: i32 = 8;
const W_BELOW: i32 = 1;
const W_HARD: i32 = 4;

/// Probing passes per node: a second pass after a change rarely rules out more
/// than it costs (measured on hard Turtle deals: ~15% less CPU for one pass).
const PROBE_PASSES: u32 = 1;

/// The three ways to split four tiles `0..4` into two pairs.
const SPLITS: [[(usize, usize); 2]; 3] = [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 3), (1, 2)]];

/// Commitments: for each group of four still whole, which split (1..=3) the
/// solution will use, or 0 when undecided.
type Commits = [u8; N_GROUPS];

/// A reusable solver for one layout (one per thread in batch calls).
pub struct Solver<'g> {
    geo: &'g Geometry,
    tt: Vec<Entry>,
    tt_bits: u32,
    gen: u32,
    // Per solve.
    group_mask: [Bits; N_GROUPS],
    group_of: [u8; MAX_TILES],
    members: [[u8; 4]; N_GROUPS],
    /// Index of each slot among its group's members.
    member_idx: [u8; MAX_TILES],
    /// Bit `s` set when split `s` pairs no tile with one lying on top of it.
    live: [u8; N_GROUPS],
    /// Groups of four tiles (the others have two).
    four: [bool; N_GROUPS],
    /// `pair_order(..).0` of each pair of each split of each group of four, per
    /// solve: move ordering reads it at every node.
    split_before: [[[Bits; 2]; 3]; N_GROUPS],
    groups: [u8; N_GROUPS],
    n_groups: usize,
    path: Vec<(u8, u8)>,
    nodes: u64,
    limits: SolveLimits,
    start: Instant,
    cycle_slots: Vec<usize>,
    restart_cap: u64,
    hard_abort: bool,
    noise: u32,
    rng: u64,
    prove: bool,
    propagating: bool,
    search_phase: u64,
}

/// First cap of each search once propagation is on.
const PROOF_BASE: u64 = 1024;
/// Longest quick restart.
const QUICK_CAP: u64 = 96;
/// Tie-breaker range once propagation is on.
const NOISE_PROOF: u32 = 24;

/// Nodes spent on quick (succeed-first) restarts before proof mode takes over.
const SEARCH_PHASE: u64 = 30_000;

/// Nodes of the first restart.
const RESTART_BASE: u64 = 64;
/// Range of the random tie-breaker added to move scores after the first restart.
const NOISE: u32 = 32;

impl<'g> Solver<'g> {
    pub fn new(geo: &'g Geometry) -> Solver<'g> {
        Solver {
            geo,
            tt: vec![Entry::default(); 1 << TT_BITS_SMALL],
            tt_bits: TT_BITS_SMALL,
            gen: 0,
            group_mask: [Bits::EMPTY; N_GROUPS],
            group_of: [0; MAX_TILES],
            members: [[0; 4]; N_GROUPS],
            member_idx: [0; MAX_TILES],
            live: [0; N_GROUPS],
            four: [false; N_GROUPS],
            split_before: [[[Bits::EMPTY; 2]; 3]; N_GROUPS],
            groups: [0; N_GROUPS],
            n_groups: 0,
            path: Vec::with_capacity(MAX_TILES / 2),
            nodes: 0,
            limits: SolveLimits::default(),
            start: Instant::now(),
            cycle_slots: Vec::new(),
            restart_cap: u64::MAX,
            hard_abort: false,
            noise: 0,
            rng: 1,
            prove: false,
            propagating: false,
            search_phase: SEARCH_PHASE,
        }
    }

    /// Nodes of quick searches before propagation starts. Tests use 0 (propagate
    /// from the first node, fail-first) and 1 (propagate, solution-first) to drive
    /// the proof machinery on small boards.
    #[doc(hidden)]
    pub fn with_search_phase(mut self, nodes: u64) -> Self {
        self.search_phase = nodes;
        self
    }

    pub fn geometry(&self) -> &Geometry {
        self.geo
    }

    /// Can two tiles ever be removed together? Not if one lies on top of the other.
    #[inline]
    fn compatible(&self, a: usize, b: usize) -> bool {
        !self.geo.above_star[a].has(b) && !self.geo.above_star[b].has(a)
    }

    /// Solve the position `present` of a deal with `faces` (one per slot of the
    /// layout; faces of absent slots are ignored). Each matching group must have
    /// 0, 2 or 4 tiles present (a real deal's position always does); otherwise the
    /// answer is `Unknown` with no proof.
    pub fn solve(&mut self, faces: &[Face], present: Bits, limits: SolveLimits) -> SolveResult {
        self.start = Instant::now();
        self.limits = limits;
        self.nodes = 0;
        self.hard_abort = false;
        self.path.clear();
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            // Generation wrapped: stale entries could carry the new tag; clear once.
            self.tt.iter_mut().for_each(|e| *e = Entry::default());
            self.gen = 1;
        }
        let present = present.and(self.geo.all());
        let mut commits: Commits = [NO_COMMIT; N_GROUPS];
        match self.setup(faces, present, &mut commits) {
            Err(Some(proof)) => return self.finish(Verdict::Unsolvable, Some(proof)),
            Err(None) => return self.finish(Verdict::Unknown, None),
            Ok(()) => {}
        }
        // One propagation at the root: a cycle among pairs fixed from the start is
        // a short proof worth reporting as such.
        let mut root_eff = self.live;
        let mut root_commits = commits;
        if !self.propagate(present, &mut root_commits, &mut root_eff) {
            let slots = std::mem::take(&mut self.cycle_slots);
            let proof = if slots.is_empty() { Proof::Exhausted { nodes: 0 } } else { Proof::Cycle { slots } };
            return self.finish(Verdict::Unsolvable, Some(proof));
        }
        // Restarts: short searches with randomised tie-breaking, each twice as long
        // as the last, sharing the table of lost positions (facts stay true across
        // restarts). A search that ends without hitting its cap is complete, so its
        // "lost" is a proof. This tames the heavy tail of chronological backtracking
        // after an early mistake.
        let mut cap = RESTART_BASE;
        self.noise = 0;
        self.rng = present.hash64() | 1;
        self.prove = false;
        self.propagating = false;
        if self.search_phase <= 1 {
            // Test hook: propagate from the first node, proof-first (0) or
            // search-first (1).
            self.propagating = true;
            self.prove = self.search_phase == 0;
        }
        let root_free = self.geo.free_set(present);
        let mut proof_cap = PROOF_BASE;
        let search_cap = PROOF_BASE;
        let outcome = loop {
            self.restart_cap = self.nodes.saturating_add(cap);
            self.path.clear();
            match self.dfs(present, root_free, root_commits, root_eff, ALL_GROUPS) {
                Flow::Abort if !self.hard_abort => {
                    if !self.propagating {
                        cap = cap.saturating_mul(2).min(QUICK_CAP);
                        self.noise = NOISE;
                        if self.nodes >= self.search_phase {
                            // The quick searches found nothing: propagate from now
                            // on (slower nodes, far smaller trees), alternating a
                            // solution-seeking and a fail-first (proof) search,
                            // each with its own doubling cap.
                            self.propagating = true;
                            self.prove = false;
                            self.grow_table();
                        }
                    }
                    if self.propagating {
                        // Only the proof search's cap doubles: the deals still
                        // open this late are mostly lost, and the solvable ones
                        // among them are found within a few hundred nodes.
                        if self.prove {
                            proof_cap = proof_cap.saturating_mul(2);
                        }
                        self.prove = !self.prove;
                        self.noise = if self.prove { 0 } else { NOISE_PROOF };
                        cap = if self.prove { proof_cap } else { search_cap };
                    }
                }
                other => break other,
            }
        };
        match outcome {
            Flow::Win => self.finish(Verdict::Solvable, None),
            Flow::Abort => self.finish(Verdict::Unknown, None),
            Flow::Lose => {
                let proof = if self.nodes <= 1 && !self.cycle_slots.is_empty() {
                    Proof::Cycle { slots: std::mem::take(&mut self.cycle_slots) }
                } else if self.nodes <= 1 && self.root_stuck(faces, present) {
                    Proof::Stuck
                } else {
                    Proof::Exhausted { nodes: self.nodes }
                };
                self.finish(Verdict::Unsolvable, Some(proof))
            }
        }
    }

    /// The proof phase needs the big table: grow it once per solver. Entries of
    /// this solve are moved over; older ones are stale anyway.
    fn grow_table(&mut self) {
        if self.tt_bits < TT_BITS_BIG {
            let old = std::mem::replace(&mut self.tt, vec![Entry::default(); 1 << TT_BITS_BIG]);
            self.tt_bits = TT_BITS_BIG;
            let gen = self.gen;
            for e in old.into_iter().filter(|e| e.gen == gen) {
                self.tt_store(e.key, e.commits);
            }
        }
    }

    fn root_stuck(&self, faces: &[Face], present: Bits) -> bool {
        let free = self.geo.free_set(present);
        let mut seen = [false; N_GROUPS];
        for i in free.iter() {
            let g = faces[i].group() as usize;
            if seen[g] {
                return false;
            }
            seen[g] = true;
        }
        !present.is_empty()
    }

    fn finish(&mut self, verdict: Verdict, proof: Option<Proof>) -> SolveResult {
        let solution = if verdict == Verdict::Solvable {
            self.path.iter().map(|&(a, b)| (a as usize, b as usize)).collect()
        } else {
            Vec::new()
        };
        SolveResult { verdict, solution, proof, nodes: self.nodes, micros: self.start.elapsed().as_micros() as u64 }
    }

    /// Groups and live splits; a group with none is returned as the proof.
    fn setup(&mut self, faces: &[Face], present: Bits, commits: &mut Commits) -> Result<(), Option<Proof>> {
        self.group_mask = [Bits::EMPTY; N_GROUPS];
        self.n_groups = 0;
        self.cycle_slots.clear();
        if faces.len() < self.geo.n {
            return Err(None);
        }
        for i in present.iter() {
            self.group_of[i] = faces[i].group();
            self.group_mask[faces[i].group() as usize].insert(i);
        }
        for g in 0..N_GROUPS {
            let m = self.group_mask[g];
            if m.is_empty() {
                continue;
            }
            self.groups[self.n_groups] = g as u8;
            self.n_groups += 1;
            let mut t = [0usize; 4];
            let c = m.count() as usize;
            let dead = |t: &[usize]| Some(Proof::DeadGroup { group: g as u8, slots: t.to_vec() });
            if c != 2 && c != 4 {
                let all: Vec<usize> = m.iter().collect();
                return Err(if c % 2 == 1 { dead(&all) } else { None });
            }
            self.four[g] = c == 4;
            for (k, i) in m.iter().enumerate() {
                t[k] = i;
                self.members[g][k] = i as u8;
                self.member_idx[i] = k as u8;
            }
            if c == 2 {
                if !self.compatible(t[0], t[1]) {
                    return Err(dead(&t[..2]));
                }
                self.live[g] = 1;
                continue;
            }
            for (s, sp) in SPLITS.iter().enumerate() {
                for (p, &(x, y)) in sp.iter().enumerate() {
                    self.split_before[g][s][p] = self.pair_order(t[x], t[y]).0;
                }
            }
            let mut live = 0u8;
            for (s, sp) in SPLITS.iter().enumerate() {
                if sp.iter().all(|&(x, y)| self.compatible(t[x], t[y])) {
                    live |= 1 << s;
                }
            }
            if live == 0 {
                return Err(dead(&t));
            }
            self.live[g] = live;
            if live.count_ones() == 1 {
                commits[g] = live.trailing_zeros() as u8 + 1;
            }
        }
        Ok(())
    }

    /// Key of the commitments that still matter (groups with four tiles left).
    #[inline]
    fn pack(&self, present: &Bits, commits: &Commits) -> u128 {
        let mut k = 0u128;
        for j in 0..self.n_groups {
            let g = self.groups[j] as usize;
            if commits[g] != NO_COMMIT && self.four[g] && present.and(self.group_mask[g]) == self.group_mask[g] {
                k |= (commits[g] as u128) << (2 * g);
            }
        }
        k
    }

    #[inline]
    fn tt_slot(&self, key: &Bits, commits: u128) -> usize {
        let h = key.hash64() ^ (commits as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((commits >> 64) as u64).rotate_left(17);
        ((h >> (64 - self.tt_bits)) as usize) & !(TT_WAYS - 1)
    }

    #[inline]
    fn tt_lost(&self, key: &Bits, commits: u128) -> bool {
        let s = self.tt_slot(key, commits);
        self.tt[s..s + TT_WAYS].iter().any(|e| e.gen == self.gen && e.key == *key && e.commits == commits)
    }

    #[inline]
    fn tt_store(&mut self, key: Bits, commits: u128) {
        let s = self.tt_slot(&key, commits);
        let gen = self.gen;
        let way = self.tt[s..s + TT_WAYS].iter().position(|e| e.gen != gen).unwrap_or((key.0[0] as usize) & (TT_WAYS - 1));
        self.tt[s + way] = Entry { key, commits, gen };
    }

    fn over_budget(&mut self) -> bool {
        if self.nodes >= self.limits.max_nodes {
            self.hard_abort = true;
            return true;
        }
        if self.limits.max_millis > 0 && (self.propagating || self.nodes & 15 == 0) && self.start.elapsed().as_millis() as u64 >= self.limits.max_millis {
            self.hard_abort = true;
            return true;
        }
        self.nodes >= self.restart_cap
    }

    /// A small random tie-breaker (xorshift), zero on the first, deterministic run.
    #[inline]
    fn jitter(&mut self) -> i32 {
        if self.noise == 0 {
            return 0;
        }
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng % self.noise as u64) as i32
    }

    /// Tiles held down (transitively) by the pair and still present: how much
    /// removing it uncovers.
    #[inline]
    fn gain(&self, present: &Bits, free: &Bits, a: usize, b: usize) -> i32 {
        let mut next = *present;
        next.remove(a);
        next.remove(b);
        // Tiles the removal frees: candidates are the neighbours and tiles below.
        let g = self.geo;
        let cand = g.left[a].or(g.right[a]).or(g.left[b]).or(g.right[b]).or(g.below_star[a]).or(g.below_star[b]).and(next).minus(*free);
        let mut newly = 0;
        let mut useful = 0;
        for t in cand.iter() {
            if g.is_free(t, &next) {
                newly += 1;
                // A freed tile whose group already has a free tile makes a pair.
                if free.and(self.group_mask[self.group_of[t] as usize]).meets(&next) {
                    useful += 1;
                }
            }
        }
        let below = g.below_star[a].or(g.below_star[b]).and(next).count() as i32;
        W_NEW * newly + W_USEFUL * useful + W_BELOW * below
    }

    /// `dirty` (bit `g` = group `g`) holds the groups that may have a safe removal
    /// the caller did not make: the caller's position is closed under safe removals
    /// for its commitments, so only a group whose commitment changed, or (below) that
    /// lost tiles or gained free ones, needs a look. The closure is the same whatever
    /// the order, so this only saves scanning every group at every node.
    fn dfs(&mut self, mut present: Bits, mut free: Bits, mut commits: Commits, mut eff: [u8; N_GROUPS], mut dirty: u64) -> Flow {
        self.nodes += 1;
        if self.over_budget() {
            return Flow::Abort;
        }
        let mark = self.path.len();
        // Safe removals until none applies: a group whose remaining tiles are all
        // free, and free pairs of a decided split (or of a group down to two).
        while dirty != 0 {
            let mut removed = Bits::EMPTY;
            let mut touched = 0u64;
            while dirty != 0 {
                let g = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let rem = present.and(self.group_mask[g]);
                let fr = free.and(rem);
                if !fr.at_least_two() {
                    continue;
                }
                if fr == rem {
                    let mut it = rem.iter();
                    while let (Some(a), Some(b)) = (it.next(), it.next()) {
                        self.path.push((a as u8, b as u8));
                    }
                    present = present.minus(rem);
                    removed = removed.or(rem);
                    touched |= 1 << g;
                } else if commits[g] != NO_COMMIT && rem == self.group_mask[g] && self.four[g] {
                    let m = self.members[g];
                    for &(x, y) in &SPLITS[commits[g] as usize - 1] {
                        let (a, b) = (m[x] as usize, m[y] as usize);
                        if fr.has(a) && fr.has(b) {
                            self.path.push((a as u8, b as u8));
                            present.remove(a);
                            present.remove(b);
                            removed.insert(a);
                            removed.insert(b);
                            touched |= 1 << g;
                        }
                    }
                }
            }
            if removed.is_empty() {
                break;
            }
            let before = free;
            free = self.geo.refresh_free(free, present, removed);
            // Next pass: groups that lost tiles or gained free ones.
            dirty = touched;
            for t in free.minus(before).iter() {
                dirty |= 1 << self.group_of[t];
            }
        }
        if present.is_empty() {
            return Flow::Win;
        }
        let key0 = self.pack(&present, &commits);
        if self.tt_lost(&present, key0) {
            self.path.truncate(mark);
            return Flow::Lose;
        }
        if self.propagating && !self.propagate(present, &mut commits, &mut eff) {
            self.tt_store(present, key0);
            self.path.truncate(mark);
            return Flow::Lose;
        }
        if self.propagating && !self.probe(present, free, &mut commits, &mut eff) {
            self.tt_store(present, key0);
            self.path.truncate(mark);
            return Flow::Lose;
        }
        // Only propagation changes commitments here.
        let key = if self.propagating { self.pack(&present, &commits) } else { key0 };
        if key != key0 {
            // Propagation decided groups: their free pairs can go now.
            match self.dfs(present, free, commits, eff, ALL_GROUPS) {
                Flow::Lose => {
                    self.tt_store(present, key0);
                    self.path.truncate(mark);
                    return Flow::Lose;
                }
                other => return other,
            }
        }
        // Branch on one undecided group that has a free pair in a live split: try
        // each live split (those removing a free pair now first).
        // Score every live split of every undecided group with a free pair: pairs
        // should stay easy (few tiles must leave before them), and a free pair
        // removed now should uncover much. Branch on the group whose best split
        // scores highest, trying its splits best first.
        let mut best: Option<(usize, i32)> = None;
        let mut best_order = [(0usize, i32::MIN); 3];
        let mut best_no = 0;
        for k in 0..self.n_groups {
            let g = self.groups[k] as usize;
            if commits[g] != NO_COMMIT {
                continue;
            }
            let rem = present.and(self.group_mask[g]);
            if !self.four[g] || rem != self.group_mask[g] {
                continue;
            }
            let fr = free.and(rem);
            if !fr.at_least_two() {
                continue;
            }
            let m = self.members[g];
            let mut order = [(0usize, i32::MIN); 3];
            let mut no = 0;
            let mut top = i32::MIN;
            for s in 0..3 {
                if eff[g] >> s & 1 == 0 {
                    continue;
                }
                let mut sc = 0;
                let mut progress = false;
                for (p, &(x, y)) in SPLITS[s].iter().enumerate() {
                    let (a, b) = (m[x] as usize, m[y] as usize);
                    if fr.has(a) && fr.has(b) {
                        progress = true;
                        sc += self.gain(&present, &free, a, b);
                    } else {
                        sc -= W_HARD * self.split_before[g][s][p].and(present).count() as i32;
                    }
                }
                sc += self.jitter();
                order[no] = (s, sc);
                no += 1;
                if progress {
                    top = top.max(sc);
                }
            }
            if top != i32::MIN && best.map_or(true, |(_, bs)| top > bs) {
                best = Some((g, top));
                best_order = order;
                best_no = no;
            }
        }
        if best.is_none() {
            self.tt_store(present, key);
            self.path.truncate(mark);
            return Flow::Lose;
        }
        if self.prove {
            // Proof mode, fail first: decide the undecided group with the fewest
            // splits left, the most buried first, so contradictions surface early.
            let mut pick: Option<(usize, i32)> = None;
            for k in 0..self.n_groups {
                let g = self.groups[k] as usize;
                if commits[g] != NO_COMMIT || present.and(self.group_mask[g]).count() != 4 {
                    continue;
                }
                let m = self.members[g];
                let mut depth = 0;
                for &t in &m {
                    let t = t as usize;
                    depth += self.geo.above_star[t].and(present).count() as i32;
                    depth += self.geo.left_star[t].and(present).count().min(self.geo.right_star[t].and(present).count()) as i32;
                }
                let sc = depth - 1000 * eff[g].count_ones() as i32;
                if pick.map_or(true, |(_, ps)| sc > ps) {
                    pick = Some((g, sc));
                }
            }
            if let Some((g, _)) = pick {
                let m = self.members[g];
                let fr = free.and(present).and(self.group_mask[g]);
                let mut order = [(0usize, i32::MIN); 3];
                let mut no = 0;
                for s in 0..3 {
                    if eff[g] >> s & 1 == 0 {
                        continue;
                    }
                    let mut sc = 0;
                    for (p, &(x, y)) in SPLITS[s].iter().enumerate() {
                        let (a, b) = (m[x] as usize, m[y] as usize);
                        if fr.has(a) && fr.has(b) {
                            sc += self.gain(&present, &free, a, b);
                        } else {
                            sc -= W_HARD * self.split_before[g][s][p].and(present).count() as i32;
                        }
                    }
                    order[no] = (s, sc);
                    no += 1;
                }
                order[..no].sort_unstable_by(|p, q| q.1.cmp(&p.1));
                for &(s, _) in &order[..no] {
                    let mut c2 = commits;
                    c2[g] = s as u8 + 1;
                    match self.dfs(present, free, c2, eff, ALL_GROUPS) {
                        Flow::Win => return Flow::Win,
                        Flow::Abort => return Flow::Abort,
                        // This split is lost here: the siblings may rely on it.
                        Flow::Lose => eff[g] &= !(1 << s),
                    }
                }
                self.tt_store(present, key);
                self.path.truncate(mark);
                return Flow::Lose;
            }
        }
        let Some((g, _)) = best else {
            self.path.truncate(mark);
            return Flow::Lose;
        };
        let (mut order, no) = (best_order, best_no);
        order[..no].sort_unstable_by(|p, q| q.1.cmp(&p.1));
        for &(s, _) in &order[..no] {
            let mut c2 = commits;
            c2[g] = s as u8 + 1;
            // Without propagation only group `g`'s commitment changed since this
            // position was closed under safe removals.
            let dirty = if self.propagating { ALL_GROUPS } else { 1 << g };
            match self.dfs(present, free, c2, eff, dirty) {
                Flow::Win => return Flow::Win,
                Flow::Abort => return Flow::Abort,
                Flow::Lose => eff[g] &= !(1 << s),
            }
        }
        self.tt_store(present, key);
        self.path.truncate(mark);
        Flow::Lose
    }

    /// The relaxation test: play on from `present` with every fixed pair (groups
    /// down to two tiles, decided splits) removed only when both its tiles are free,
    /// and every tile of an undecided group removed alone as soon as it is free and a
    /// partner it has in some live split is free or already gone. Every real play
    /// consistent with `commits` and `eff` removes nothing this one cannot (freedom
    /// only grows as tiles leave, and a real removal's partner is free or gone in
    /// the relaxed position), so a relaxed play that cannot clear the board proves
    /// the position lost. Returns whether it clears.
    #[cfg(test)]
    fn relax_clears(&self, present: Bits, free: Bits, commits: &Commits, eff: &[u8; N_GROUPS]) -> bool {
        let mut scratch = [0u8; MAX_TILES];
        let mut snaps = [(Bits::EMPTY, Bits::EMPTY); N_GROUPS];
        let mut lasts = [Bits::EMPTY; N_GROUPS];
        let full = self.full_groups(present);
        self.relax_run(full, (present, free), commits, eff, &mut scratch, &mut snaps, &mut lasts, false, Bits::EMPTY)
    }

    /// The relaxation test of the node `present` (see `relax_clears`), started from
    /// an intermediate relaxed position `start` = (tiles left, free tiles), and
    /// answering "clears" as soon as what is left lies inside `target` (a relaxed
    /// position known to clear: freedom only grows as tiles leave). With `record`,
    /// notes for each removed tile which tiles of its group (bit = member index) were
    /// free at that moment, for each group the relaxed position just before its first
    /// tile left (`snaps`: a probe of that group can start there, nothing before
    /// depended on its split) and just after its last tile left (`lasts`).
    #[allow(clippy::too_many_arguments)]
    fn relax_run(
        &self,
        full_groups: u64,
        start: (Bits, Bits),
        commits: &Commits,
        eff: &[u8; N_GROUPS],
        free_at: &mut [u8; MAX_TILES],
        snaps: &mut [(Bits, Bits); N_GROUPS],
        lasts: &mut [Bits; N_GROUPS],
        record: bool,
        target: Bits,
    ) -> bool {
        let geo = self.geo;
        let mut pres = start.0;
        let mut fr = start.1.and(pres);
        let mut seen = 0u64;
        // Tiles whose condition may have changed: worklist over a bitboard, so each
        // tile is looked at when it or its group changes, never in full rescans.
        let mut pending = fr;
        while let Some(t) = pending.lowest() {
            pending.remove(t);
            if !fr.has(t) {
                continue;
            }
            let g = self.group_of[t] as usize;
            let k = self.member_idx[t] as usize;
            let m = self.members[g];
            let full = full_groups >> g & 1 == 1;
            let mut gone = Bits::single(t);
            if full && commits[g] == NO_COMMIT {
                let live = eff[g];
                let mut ok = false;
                for s in 0..3 {
                    if live >> s & 1 == 1 {
                        let p = m[k ^ (s + 1)] as usize;
                        if fr.has(p) || !pres.has(p) {
                            ok = true;
                            break;
                        }
                    }
                }
                if !ok {
                    continue;
                }
            } else {
                // A fixed pair: the decided split's partner, or the group's other
                // remaining tile.
                let p = if full {
                    m[k ^ commits[g] as usize] as usize
                } else {
                    match pres.and(self.group_mask[g]).minus(gone).lowest() {
                        Some(p) => p,
                        None => continue,
                    }
                };
                if !fr.has(p) {
                    continue;
                }
                gone.insert(p);
            }
            if record && seen >> g & 1 == 0 {
                seen |= 1 << g;
                snaps[g] = (pres, fr);
            }
            if record {
                let mut fm = 0u8;
                for (j, &x) in m.iter().enumerate() {
                    if fr.has(x as usize) && self.group_of[x as usize] as usize == g {
                        fm |= 1 << j;
                    }
                }
                for x in gone.iter() {
                    free_at[x] = fm;
                }
            }
            pres = pres.minus(gone);
            fr = fr.minus(gone);
            if record && !pres.meets(&self.group_mask[g]) {
                lasts[g] = pres;
            }
            // Freedom only grows as tiles leave, so a relaxed position inside one
            // the caller knows to clear clears too.
            if pres.minus(target).is_empty() {
                return true;
            }
            // The group's other free tiles may now go (a partner is gone).
            pending = pending.or(fr.and(self.group_mask[g]));
            let mut cand = Bits::EMPTY;
            for r in gone.iter() {
                cand = cand.or(geo.touch[r]);
            }
            for c in cand.and(pres).minus(fr).iter() {
                if geo.is_free(c, &pres) {
                    fr.insert(c);
                    pending.insert(c);
                    // Its group's free tiles may now have a free partner.
                    pending = pending.or(fr.and(self.group_mask[self.group_of[c] as usize]));
                }
            }
        }
        pres.is_empty()
    }

    /// Bit `g` set when group `g` has all four of its tiles in `present`.
    #[inline]
    fn full_groups(&self, present: Bits) -> u64 {
        let mut f = 0u64;
        for j in 0..self.n_groups {
            let g = self.groups[j] as usize;
            if self.four[g] && present.and(self.group_mask[g]) == self.group_mask[g] {
                f |= 1 << g;
            }
        }
        f
    }

    /// Probing on the relaxation: a split of an undecided group whose commitment
    /// makes the relaxed play fail is ruled out; a group left with one split is
    /// decided (`PROBE_PASSES` passes, the relaxation rechecked after each change).
    /// False when some group has no split left (the position is lost).
    fn probe(&self, present: Bits, free: Bits, commits: &mut Commits, eff: &mut [u8; N_GROUPS]) -> bool {
        let full = self.full_groups(present);
        let mut free_at = [0u8; MAX_TILES];
        let mut scratch = [0u8; MAX_TILES];
        let mut snaps = [(Bits::EMPTY, Bits::EMPTY); N_GROUPS];
        let mut dummy = [(Bits::EMPTY, Bits::EMPTY); N_GROUPS];
        let mut lasts = [Bits::EMPTY; N_GROUPS];
        let mut dummy_lasts = [Bits::EMPTY; N_GROUPS];
        let mut passes = 0;
        loop {
            if !self.relax_run(full, (present, free), commits, eff, &mut free_at, &mut snaps, &mut lasts, true, Bits::EMPTY) {
                return false;
            }
            passes += 1;
            if passes > PROBE_PASSES {
                return true;
            }
            let mut changed = false;
            for j in 0..self.n_groups {
                let g = self.groups[j] as usize;
                if commits[g] != NO_COMMIT || !self.four[g] || present.and(self.group_mask[g]) != self.group_mask[g] {
                    continue;
                }
                if eff[g].count_ones() < 2 {
                    continue;
                }
                let mut changed_here = false;
                for s in 0..3 {
                    if eff[g] >> s & 1 == 0 {
                        continue;
                    }
                    // If the unconstrained relaxed play had both tiles of each pair
                    // of this split free at one moment, it stays valid with the
                    // split decided (remove the pair then): nothing to probe.
                    let m = self.members[g];
                    let fits = SPLITS[s].iter().all(|&(x, y)| free_at[m[x] as usize] >> y & 1 == 1 || free_at[m[y] as usize] >> x & 1 == 1);
                    if fits {
                        continue;
                    }
                    commits[g] = s as u8 + 1;
                    // The window of the unconstrained play where this group acts:
                    // valid only while nothing else changed in this pass (a tighter
                    // rule elsewhere could invalidate removals the window assumes,
                    // and a failure must be real to rule a split out).
                    let (from, target) = if changed { ((present, free), Bits::EMPTY) } else { (snaps[g], lasts[g]) };
                    let ok = self.relax_run(full, from, commits, eff, &mut scratch, &mut dummy, &mut dummy_lasts, false, target);
                    commits[g] = NO_COMMIT;
                    if !ok {
                        eff[g] &= !(1 << s);
                        changed_here = true;
                    }
                }
                changed |= changed_here;
                match eff[g].count_ones() {
                    0 => return false,
                    1 => commits[g] = eff[g].trailing_zeros() as u8 + 1,
                    _ => {}
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// What must leave before the pair `(a, b)` can, and what cannot leave before it.
    ///
    /// Above: everything lying on either tile. Same row: if `b` is reachable from `a`
    /// by stepping right, no tile on such a path can leave while both are there
    /// (each has a present neighbour on both sides), so `a` must be opened from the
    /// left and `b` from the right: every tile reachable leftward from `a` and
    /// rightward from `b` leaves first, and the tiles between leave after.
    #[inline]
    fn pair_order(&self, a: usize, b: usize) -> (Bits, Bits) {
        let g = self.geo;
        let mut before = g.above_star[a].or(g.above_star[b]);
        let mut between = Bits::EMPTY;
        if g.right_star[a].has(b) {
            before = before.or(g.left_star[a]).or(g.right_star[b]);
            between = g.right_star[a].and(g.left_star[b]);
        } else if g.right_star[b].has(a) {
            before = before.or(g.left_star[b]).or(g.right_star[a]);
            between = g.right_star[b].and(g.left_star[a]);
        }
        (before, between)
    }

    /// Propagation over the pairs already fixed (groups down to two tiles, decided
    /// splits): they must leave in an order that respects [`Solver::pair_order`]. A
    /// cycle in that order means the position is lost (returns false). A split of an
    /// undecided group whose pairs would close such a cycle is ruled out; a group
    /// left with one split is decided (in `commits`), and the check runs again.
    fn propagate(&mut self, present: Bits, commits: &mut Commits, eff_out: &mut [u8; N_GROUPS]) -> bool {
        loop {
            let mut node_of = [u8::MAX; MAX_TILES];
            let mut pairs = [(0u8, 0u8); MAX_TILES / 2];
            let mut nn = 0;
            for k in 0..self.n_groups {
                let g = self.groups[k] as usize;
                let rem = present.and(self.group_mask[g]);
                let c = rem.count();
                let mut add = |a: usize, b: usize, nn: &mut usize| {
                    pairs[*nn] = (a as u8, b as u8);
                    node_of[a] = *nn as u8;
                    node_of[b] = *nn as u8;
                    *nn += 1;
                };
                if c == 2 {
                    let mut it = rem.iter();
                    if let (Some(a), Some(b)) = (it.next(), it.next()) {
                        add(a, b, &mut nn);
                    }
                } else if c == 4 && commits[g] != NO_COMMIT {
                    let m = self.members[g];
                    for &(x, y) in &SPLITS[commits[g] as usize - 1] {
                        add(m[x] as usize, m[y] as usize, &mut nn);
                    }
                }
            }
            // deps[k]: fixed pairs that must leave before pair k.
            let mut deps: [u128; MAX_TILES / 2] = [0; MAX_TILES / 2];
            let mut befores = [Bits::EMPTY; MAX_TILES / 2];
            let mut betweens = [Bits::EMPTY; MAX_TILES / 2];
            for k in 0..nn {
                let (a, b) = (pairs[k].0 as usize, pairs[k].1 as usize);
                let (before, between) = self.pair_order(a, b);
                let (before, between) = (before.and(present), between.and(present));
                befores[k] = before;
                betweens[k] = between;
                for t in before.iter() {
                    let q = node_of[t];
                    if q != u8::MAX && q as usize != k {
                        deps[k] |= 1u128 << q;
                    }
                }
                for t in between.iter() {
                    let q = node_of[t];
                    if q != u8::MAX && q as usize != k {
                        deps[q as usize] |= 1u128 << k;
                    }
                }
            }
            // Transitive closure (Warshall on bit rows); a pair reaching itself is a
            // cycle. Then the sides: a tile opens from the left only once everything
            // reachable leftward has gone, so a pair that must still be there (one
            // that waits on this pair, or the partner) on the left forces the right
            // side open, which adds "must go first" edges; blocked both ways is lost.
            let mut reach = deps;
            let mut cycle = false;
            for _round in 0..4 {
                for k in 0..nn {
                    let bit = 1u128 << k;
                    let rk = reach[k];
                    for r in reach.iter_mut().take(nn) {
                        if *r & bit != 0 {
                            *r |= rk;
                        }
                    }
                }
                if (0..nn).any(|k| reach[k] >> k & 1 == 1) {
                    cycle = true;
                    break;
                }
                let mut added = false;
                for k in 0..nn {
                    // Tiles that are still present when pair k goes.
                    let mut later = Bits::EMPTY;
                    let bit = 1u128 << k;
                    for q in 0..nn {
                        if reach[q] & bit != 0 {
                            later.insert(pairs[q].0 as usize);
                            later.insert(pairs[q].1 as usize);
                        }
                    }
                    let (a, b) = (pairs[k].0 as usize, pairs[k].1 as usize);
                    for (t, other) in [(a, b), (b, a)] {
                        let mut still = later;
                        still.insert(other);
                        let ls = self.geo.left_star[t].and(present);
                        let rs = self.geo.right_star[t].and(present);
                        if ls.is_empty() || rs.is_empty() {
                            continue;
                        }
                        let lb = ls.meets(&still);
                        let rb = rs.meets(&still);
                        if lb && rb {
                            return false;
                        }
                        let need = if lb { rs } else if rb { ls } else { continue };
                        let mut d = 0u128;
                        for x in need.iter() {
                            let q = node_of[x];
                            if q != u8::MAX && q as usize != k {
                                d |= 1u128 << q;
                            }
                        }
                        if d & !reach[k] != 0 {
                            reach[k] |= d;
                            added = true;
                        }
                    }
                }
                if !added {
                    break;
                }
            }
            if cycle {
                if self.nodes <= 1 {
                    self.cycle_slots.clear();
                    for j in 0..nn {
                        if reach[j] >> j & 1 == 1 {
                            self.cycle_slots.push(pairs[j].0 as usize);
                            self.cycle_slots.push(pairs[j].1 as usize);
                        }
                    }
                    self.cycle_slots.sort_unstable();
                }
                return false;
            }
            for j in 0..self.n_groups {
                let g = self.groups[j] as usize;
                eff_out[g] &= self.live[g];
            }
            if nn == 0 {
                return true;
            }
            // Would a candidate pair (a, b) close a cycle with the fixed pairs?
            let closes = |a: usize, b: usize| -> bool {
                let (before, between) = self.pair_order(a, b);
                let (before, between) = (before.and(present), between.and(present));
                let mut waits_on: u128 = 0; // fixed pairs that must leave before (a, b)
                let mut waited_by: u128 = 0; // fixed pairs that must leave after (a, b)
                for t in before.iter() {
                    let q = node_of[t];
                    if q != u8::MAX {
                        waits_on |= 1u128 << q;
                    }
                }
                for t in between.iter() {
                    let q = node_of[t];
                    if q != u8::MAX {
                        waited_by |= 1u128 << q;
                    }
                }
                let mine = Bits::single(a).or(Bits::single(b));
                for k in 0..nn {
                    if befores[k].meets(&mine) {
                        waited_by |= 1u128 << k;
                    }
                    if betweens[k].meets(&mine) {
                        waits_on |= 1u128 << k;
                    }
                }
                if waits_on == 0 || waited_by == 0 {
                    return false;
                }
                if waits_on & waited_by != 0 {
                    return true;
                }
                let mut w = waits_on;
                while w != 0 {
                    let k = w.trailing_zeros() as usize;
                    w &= w - 1;
                    if reach[k] & waited_by != 0 {
                        return true;
                    }
                }
                false
            };
            let mut changed = false;
            for j in 0..self.n_groups {
                let g = self.groups[j] as usize;
                if commits[g] != NO_COMMIT || present.and(self.group_mask[g]).count() != 4 {
                    continue;
                }
                let m = self.members[g];
                let mut eff = eff_out[g];
                for (s, sp) in SPLITS.iter().enumerate() {
                    if eff >> s & 1 == 1 && sp.iter().any(|&(x, y)| closes(m[x] as usize, m[y] as usize)) {
                        eff &= !(1 << s);
                    }
                }
                eff_out[g] = eff;
                if eff == 0 {
                    return false;
                }
                if eff.count_ones() == 1 {
                    commits[g] = eff.trailing_zeros() as u8 + 1;
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::generate::uniform_faces;
    use crate::solitaire::layouts::builtin;
    use crate::solitaire::rng::Rng;

    fn replay(geo: &Geometry, faces: &[Face], sol: &[(usize, usize)]) -> bool {
        let mut present = geo.all();
        for &(a, b) in sol {
            if !present.has(a) || !present.has(b) || a == b {
                return false;
            }
            if !geo.is_free(a, &present) || !geo.is_free(b, &present) || !faces[a].matches(faces[b]) {
                return false;
            }
            present.remove(a);
            present.remove(b);
        }
        present.is_empty()
    }

    #[test]
    fn turtle_random_deals_solve_and_replay() {
        let l = builtin("turtle").unwrap();
        let geo = Geometry::new(&l);
        let mut s = Solver::new(&geo);
        let mut solved = 0;
        for i in 0..60 {
            let faces = uniform_faces(&mut Rng::for_index(7, i), l.len());
            let r = s.solve(&faces, geo.all(), SolveLimits { max_nodes: 100_000, max_millis: 0 });
            if r.verdict == Verdict::Solvable {
                assert!(replay(&geo, &faces, &r.solution), "deal {i}");
                solved += 1;
            }
        }
        assert!(solved >= 50, "{solved}");
    }

    /// Exhaustive search over plain moves, for small boards.
    fn brute(geo: &Geometry, faces: &[Face], present: Bits, seen: &mut std::collections::HashSet<Bits>) -> bool {
        if present.is_empty() {
            return true;
        }
        if !seen.insert(present) {
            return false;
        }
        let free: Vec<usize> = geo.free_set(present).iter().collect();
        for (k, &a) in free.iter().enumerate() {
            for &b in &free[k + 1..] {
                if faces[a].matches(faces[b]) {
                    let mut p = present;
                    p.remove(a);
                    p.remove(b);
                    if brute(geo, faces, p, seen) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Every search mode (the quick searches and, from the first node, the
    /// propagating proof/search alternation) agrees with brute force on `rounds`
    /// random boards drawn by `draw`; both verdicts must occur more than 20 times.
    fn search_modes_agree_with_brute_force(seed: u64, rounds: usize, draw: BoardDraw) {
        let mut rng = Rng::new(seed);
        let mut both = [0usize; 2];
        for _ in 0..rounds {
            let Some((l, geo, faces)) = random_board(&mut rng, draw) else { continue };
            let truth = brute(&geo, &faces, geo.all(), &mut Default::default());
            for phase in [SEARCH_PHASE, 0, 1] {
                let mut s = Solver::new(&geo).with_search_phase(phase);
                let r = s.solve(&faces, geo.all(), SolveLimits::default());
                assert_ne!(r.verdict, Verdict::Unknown);
                assert_eq!(r.verdict == Verdict::Solvable, truth, "phase {phase} layout {:?} faces {:?}", l.positions(), faces);
                if truth {
                    assert!(replay(&geo, &faces, &r.solution));
                }
            }
            both[truth as usize] += 1;
        }
        assert!(both[0] > 20 && both[1] > 20, "{both:?}");
    }

    /// Small boards: 6..16 tiles on three layers of a 10x6 grid, three faces so that
    /// groups of four are common.
    #[test]
    fn agrees_with_brute_force_on_small_boards() {
        search_modes_agree_with_brute_force(99, 400, BoardDraw { min_pairs: 3, columns: 9, tries: 500, kinds: 3 });
    }

    /// A random legal play of up to `moves` pairs from the full board.
    fn random_position(geo: &Geometry, faces: &[Face], rng: &mut Rng, moves: usize) -> Bits {
        let mut present = geo.all();
        for _ in 0..moves {
            let free: Vec<usize> = geo.free_set(present).iter().collect();
            let mut pairs = Vec::new();
            for (k, &a) in free.iter().enumerate() {
                for &b in &free[k + 1..] {
                    if faces[a].matches(faces[b]) {
                        pairs.push((a, b));
                    }
                }
            }
            if pairs.is_empty() {
                break;
            }
            let (a, b) = pairs[rng.below(pairs.len())];
            present.remove(a);
            present.remove(b);
        }
        present
    }

    /// Probing with its shortcuts (skipping splits the unconstrained play already
    /// fits, starting each probe at the group's window) rules out exactly the splits
    /// that probing every split from the node's position rules out (same passes).
    #[test]
    fn windowed_probing_matches_naive_probing() {
        let l = builtin("turtle").unwrap();
        let geo = Geometry::new(&l);
        let mut rng = Rng::new(5);
        let mut eliminated = 0;
        for i in 0..150 {
            let faces = uniform_faces(&mut Rng::for_index(11, i), l.len());
            let moves = rng.below(40);
            let present = random_position(&geo, &faces, &mut rng, moves);
            let mut s = Solver::new(&geo);
            let mut commits: Commits = [NO_COMMIT; N_GROUPS];
            if s.setup(&faces, present, &mut commits).is_err() {
                continue;
            }
            let free = geo.free_set(present);
            let mut c1 = commits;
            let mut e1 = s.live;
            let ok1 = s.probe(present, free, &mut c1, &mut e1);
            // Naive: every live split of every undecided group, each from scratch,
            // for the same number of passes.
            let mut c2 = commits;
            let mut e2 = s.live;
            let mut passes = 0;
            let ok2 = loop {
                if !s.relax_clears(present, free, &c2, &e2) {
                    break false;
                }
                passes += 1;
                if passes > PROBE_PASSES {
                    break true;
                }
                let mut changed = false;
                let mut dead = false;
                for j in 0..s.n_groups {
                    let g = s.groups[j] as usize;
                    if c2[g] != NO_COMMIT || !s.four[g] || present.and(s.group_mask[g]) != s.group_mask[g] || e2[g].count_ones() < 2 {
                        continue;
                    }
                    for sp in 0..3 {
                        if e2[g] >> sp & 1 == 1 {
                            c2[g] = sp as u8 + 1;
                            let ok = s.relax_clears(present, free, &c2, &e2);
                            c2[g] = NO_COMMIT;
                            if !ok {
                                e2[g] &= !(1 << sp);
                                changed = true;
                            }
                        }
                    }
                    match e2[g].count_ones() {
                        0 => dead = true,
                        1 => c2[g] = e2[g].trailing_zeros() as u8 + 1,
                        _ => {}
                    }
                    if dead {
                        break;
                    }
                }
                if dead {
                    break false;
                }
                if !changed {
                    break true;
                }
            };
            assert_eq!(ok1, ok2, "deal {i}");
            if ok1 {
                for j in 0..s.n_groups {
                    let g = s.groups[j] as usize;
                    assert_eq!((c1[g], e1[g]), (c2[g], e2[g]), "deal {i} group {g}");
                    if e1[g] != s.live[g] {
                        eliminated += 1;
                    }
                }
            }
        }
        assert!(eliminated > 10, "{eliminated}");
    }

    /// Deals built backwards from a clearing order are solvable: no proof machinery
    /// may call one lost, and each solution found replays.
    #[test]
    fn reverse_deals_are_never_proven_unsolvable() {
        use crate::solitaire::generate::reverse_deal;
        for name in ["turtle", "pyramid", "fortress"] {
            let l = builtin(name).unwrap();
            let geo = Geometry::new(&l);
            for seed in 0..25 {
                let Ok(d) = reverse_deal(&geo, seed) else { continue };
                for phase in [0, 1] {
                    let mut s = Solver::new(&geo).with_search_phase(phase);
                    let r = s.solve(&d.faces, geo.all(), SolveLimits { max_nodes: 20_000, max_millis: 0 });
                    assert_ne!(r.verdict, Verdict::Unsolvable, "{name} seed {seed} phase {phase}");
                    if r.verdict == Verdict::Solvable {
                        assert!(replay(&geo, &d.faces, &r.solution), "{name} seed {seed}");
                    }
                }
            }
        }
    }

    /// Mid-sized boards: 12 to 22 tiles on an 11-column grid, seven faces.
    const MID_BOARD_7: BoardDraw = BoardDraw { min_pairs: 6, columns: 11, tries: 800, kinds: 7 };

    /// How a random test board is drawn: `min_pairs` .. `min_pairs + 5` pairs wanted,
    /// positions with x below `columns` (y below 5, three layers), at most `tries`
    /// placement attempts, `kinds` faces dealt in pairs.
    #[derive(Copy, Clone)]
    struct BoardDraw {
        min_pairs: usize,
        columns: usize,
        tries: usize,
        kinds: u32,
    }

    /// A random board drawn as `draw` says (at most four of a face), or None when the
    /// draw is unusable.
    fn random_board(rng: &mut Rng, draw: BoardDraw) -> Option<(crate::solitaire::layout::Layout, Geometry, Vec<Face>)> {
        use crate::solitaire::layout::{Layout, Pos};
        let n = 2 * (draw.min_pairs + rng.below(6));
        let mut ps: Vec<Pos> = Vec::new();
        let mut tries = 0;
        while ps.len() < n && tries < draw.tries {
            tries += 1;
            let p = Pos::new(rng.below(draw.columns) as u16, rng.below(5) as u16, rng.below(3) as u8);
            if ps.iter().all(|q| q.z != p.z || !q.overlaps_xy(&p)) {
                ps.push(p);
            }
        }
        if ps.len() % 2 == 1 {
            ps.pop();
        }
        let l = Layout::new("random", ps).ok()?;
        let geo = Geometry::new(&l);
        let mut faces: Vec<Face> = Vec::new();
        for j in 0..l.len() / 2 {
            let f = Face::new((j / 2) as u32 % draw.kinds).unwrap();
            faces.push(f);
            faces.push(f);
        }
        rng.shuffle(&mut faces);
        let mut count = [0; 42];
        faces.iter().for_each(|f| count[f.code() as usize] += 1);
        if count.iter().any(|&c| c > 4) {
            return None;
        }
        Some((l, geo, faces))
    }

    /// The relaxation is necessary for a win: on small boards, every position brute
    /// force can clear passes it (with no split decided).
    #[test]
    fn relaxation_passes_every_clearable_small_board() {
        let mut rng = Rng::new(1234);
        let mut checked = 0;
        for _ in 0..300 {
            let Some((_, geo, faces)) = random_board(&mut rng, MID_BOARD_7) else { continue };
            if !brute(&geo, &faces, geo.all(), &mut Default::default()) {
                continue;
            }
            let mut s = Solver::new(&geo);
            let mut commits: Commits = [NO_COMMIT; N_GROUPS];
            assert!(s.setup(&faces, geo.all(), &mut commits).is_ok());
            let free = geo.free_set(geo.all());
            assert!(s.relax_clears(geo.all(), free, &commits, &s.live));
            let mut e = s.live;
            assert!(s.probe(geo.all(), free, &mut commits, &mut e));
            checked += 1;
        }
        assert!(checked > 30, "{checked}");
    }

    /// Mid-sized boards (12 to 22 tiles, up to five groups of four): verdicts of
    /// every search mode agree with brute force.
    #[test]
    fn agrees_with_brute_force_on_mid_boards() {
        search_modes_agree_with_brute_force(4321, 250, BoardDraw { kinds: 6, ..MID_BOARD_7 });
    }
}
