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
//!   the position is lost (`Solver::relax_clears`; the play itself runs in
//!   rounds of whole-board bit operations, `lanes.rs`).
//! - Probing on the relaxation: a split whose commitment makes the relaxed play fail
//!   is ruled out, a group left with one split is decided (one pass a node). Probes
//!   are cheap because a split the unconstrained relaxed play already fits is
//!   skipped and each other probe replays only its group's window of that play
//!   (the play is replayed after each group that changed, so windows stay valid).
//!   Ruled-out splits are facts about the position, so children inherit them, and a
//!   split whose subtree was lost is ruled out for its siblings (`relax.rs`).
//! - A bounded transposition table of positions proven lost: fixed size, allocated
//!   once per solver, entries tagged by solve generation so reuse needs no clearing;
//!   a position lost under some commitments is lost under any that include them, and
//!   the lookup uses that (`table.rs`).
//! - Move ordering: pairs that uncover the most tiles first; the propagating
//!   solution search branches on the most constrained group (fewest live splits).
//! - Conflict-directed proofs: each probe pass that finds a position lost at a
//!   group weighs that group up, and the fail-first proof search branches on the
//!   group with the most weight per live split (dom/wdeg of constraint solvers).
//! - Schedule: 5,000 nodes of cheap randomised restarts (no relaxation) solve ~87%
//!   of Turtle deals; then rounds of a propagating solution-first search, a
//!   fail-first proof search and another slice of restarts (budgets doubling every
//!   round, the proof search's quadrupling), so lost deals reach their (usually
//!   short) proof early and the long proofs still get most of the time later.
//!
//! A budget of nodes and time turns a search that runs too long into
//! [`Verdict::Unknown`] instead of running on.

use super::bits::{BitSet, SmallBits as Bits, MAX_TILES};
use super::board::{Geometry, Masks};
use super::face::{Face, N_GROUPS};
use crate::cancel::Cancel;
use clock::Clock;

mod clock;
mod general;
mod lanes;
mod order;
mod relax;
mod table;

use lanes::LaneGeo;

/// Integer arguments of a search's budget.
pub mod arg {
    use crate::args::IntArg;
    pub const MAX_NODES: IntArg = IntArg::any_u64("max_nodes");
    pub const MAX_MILLIS: IntArg = IntArg::any_u64("max_millis");
}

/// How far a search may go before it answers [`Verdict::Unknown`].
#[derive(Copy, Clone, Debug)]
pub struct SolveLimits {
    /// Search nodes (positions expanded).
    pub max_nodes: u64,
    /// Milliseconds of the searching thread's CPU time (wall time where the
    /// platform has no thread clock; see `solver/clock.rs`); 0 = no time limit.
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

const NO_COMMIT: u8 = 0;
/// Every group (bit `g` = group `g`): `N_GROUPS` fits a word.
const ALL_GROUPS: u64 = (1 << N_GROUPS) - 1;
const W_NEW: i32 = 4;
const W_USEFUL: i32 = 8;
const W_BELOW: i32 = 1;
const W_HARD: i32 = 4;

/// The three ways to split four tiles `0..4` into two pairs.
const SPLITS: [[(usize, usize); 2]; 3] = [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 3), (1, 2)]];

/// Commitments: for each group of four still whole, which split (1..=3) the
/// solution will use, or 0 when undecided.
type Commits = [u8; N_GROUPS];

/// The decided groups of `commits` as a mask (bit `g` = group `g`), so hot loops
/// can walk only the groups that matter instead of testing every group. Eight
/// bytes at a time (generic x86-64 lacks a byte-mask instruction and the
/// compiler's per-byte loop cost ~3% of the search): a byte's high bit is set
/// when the byte is nonzero, and one multiplication gathers the eight high bits.
#[inline(always)]
fn committed_mask(commits: &Commits) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Bit 8k moves to bit 56 + k; no two partial products meet (see the test).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut buf = [0u8; N_GROUPS.div_ceil(8) * 8];
    buf[..N_GROUPS].copy_from_slice(commits);
    let mut m = 0u64;
    for (i, c) in buf.chunks_exact(8).enumerate() {
        let mut b = [0u8; 8];
        b.copy_from_slice(c);
        let w = u64::from_le_bytes(b);
        let nonzero = ((((w & LOW7) + LOW7) | w) & HIGH) >> 7;
        m |= (nonzero.wrapping_mul(GATHER) >> 56) << (8 * i);
    }
    m
}

/// The geometry of one slot that move ordering reads together.
#[derive(Copy, Clone)]
struct SlotGeo {
    /// Tiles its removal may free (side neighbours and the tiles below).
    near: Bits,
    below_star: Bits,
    free: FreeRule,
}

/// One tile's free rule in one record (move scoring and the relaxed play test it
/// in their hot loops; `Geometry` keeps the same masks in one table each).
#[derive(Copy, Clone, Default)]
struct FreeRule {
    above: Bits,
    left: Bits,
    right: Bits,
}

impl FreeRule {
    /// `Geometry::is_free` on the record.
    #[inline(always)]
    fn is_free(&self, present: &Bits) -> bool {
        !self.above.meets(present) && (!self.left.meets(present) || !self.right.meets(present))
    }
}

/// A reusable solver for one layout (one per thread in batch calls).
pub struct Solver<'g> {
    /// The layout's masks in three words (empty when it has more than
    /// [`MAX_TILES`] slots: then every solve is the general search's).
    geo: &'g Masks<3>,
    wide: &'g Geometry,
    tt: Vec<table::Entry>,
    tt_bits: u32,
    gen: u32,
    /// Per slot, what `gain` reads for every free pair it scores, in one record so
    /// each slot costs one bounds check instead of one per geometry `Vec`.
    slot: Vec<SlotGeo>,
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
    /// The same as a mask (bit `g` = group `g` has four tiles).
    four_mask: u64,
    /// `pair_order(..).0` of each pair of each split of each group of four, per
    /// solve: move ordering reads it at every node.
    split_before: [[[Bits; 2]; 3]; N_GROUPS],
    groups: [u8; N_GROUPS],
    n_groups: usize,
    path: Vec<(u8, u8)>,
    nodes: u64,
    limits: SolveLimits,
    clock: Clock,
    /// Polled every [`Cancel::EVERY`] nodes; a set token ends the search as Unknown.
    cancel: Cancel,
    cycle_slots: Vec<usize>,
    restart_cap: u64,
    hard_abort: bool,
    noise: u32,
    rng: u64,
    prove: bool,
    propagating: bool,
    search_phase: u64,
    /// Nodes and microseconds spent when the proof phase began (development stats).
    switch_at: Option<(u64, u64)>,
    /// The relaxed play's numbering and geometry (`lanes.rs`): each tile's index
    /// there, and per index the tile's free rule and touch set; built per solve,
    /// when the first propagating search starts (most solves never need it).
    lane_of: [u8; MAX_TILES],
    lanes: Vec<LaneGeo>,
    lanes_ready: bool,
    /// Per group, how often and how lately a probe pass found a position lost
    /// at it ([`FAILED`] a failure, fading by 1/1024 at each later one): the proof
    /// search branches on such groups first. Per solve, so answers stay
    /// reproducible.
    fail_score: [u32; N_GROUPS],
    /// The general search's table of lost positions (allocated on its first use).
    general_lost: Vec<super::Bits>,
}

impl Drop for Solver<'_> {
    fn drop(&mut self) {
        table::give_table(std::mem::take(&mut self.tt), self.gen);
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Quick,
    Prove,
    Search,
}

/// Longest quick restart.
const QUICK_CAP: u64 = 96;
/// Tie-breaker range once propagation is on.
const NOISE_PROOF: u32 = 24;

/// Nodes spent on quick (succeed-first) restarts before the first propagating
/// search.
const SEARCH_PHASE: u64 = 5_000;

/// First caps of the propagating solution-first and proof searches, and the first
/// slice of quick restarts after them; each doubles every round, the proof
/// search's cap quadruples. Measured side by side on Turtle deals:
/// - a quadrupling proof cap halves the deals left unknown at a 1 s budget
///   against a doubling one, p99 no worse (3,000 deals);
/// - with propagating nodes about twice as cheap, a first quick slice of 2,000
///   nodes (was 8,000) leaves 139 instead of 156 of 10,000 deals over 20 ms;
/// - with the conflict-directed proof search, a first proof cap of 128 (was 64)
///   takes 11-14% less CPU (p99 15.5 -> 12.9, 16.9 -> 14.7 ms on two samples of
///   10,000), and then a first solution cap of 64 (was 128) leaves 57 -> 33 and
///   61 -> 53 deals over 20 ms (p99 12.8 -> 11.4, 14.6 -> 13.4 ms) and cuts the
///   107 slowest deals of 200,000 from 20.4 to 15.3 s in all.
const SEARCH_BASE: u64 = 64;
const PROVE_BASE: u64 = 128;
const QUICK_SLICE: u64 = 2_000;

/// One failure in `Solver::fail_score` (older ones fade, so a unit keeps
/// precision).
const FAILED: u32 = 1 << 10;

/// Nodes of the first restart.
const RESTART_BASE: u64 = 64;
/// Range of the random tie-breaker added to move scores after the first restart.
const NOISE: u32 = 32;

impl<'g> Solver<'g> {
    pub fn new(wide: &'g Geometry) -> Solver<'g> {
        static NO_MASKS: Masks<3> = Masks::NONE;
        let geo = wide.small().unwrap_or(&NO_MASKS);
        let (tt, gen) = table::take_table();
        Solver {
            geo,
            wide,
            tt,
            tt_bits: table::TT_BITS_SMALL,
            gen,
            slot: (0..geo.n)
                .map(|i| SlotGeo {
                    near: geo.left[i].or(geo.right[i]).or(geo.below_star[i]),
                    below_star: geo.below_star[i],
                    free: FreeRule { above: geo.above[i], left: geo.left[i], right: geo.right[i] },
                })
                .collect(),
            group_mask: [Bits::EMPTY; N_GROUPS],
            group_of: [0; MAX_TILES],
            members: [[0; 4]; N_GROUPS],
            member_idx: [0; MAX_TILES],
            live: [0; N_GROUPS],
            four: [false; N_GROUPS],
            four_mask: 0,
            split_before: [[[Bits::EMPTY; 2]; 3]; N_GROUPS],
            groups: [0; N_GROUPS],
            n_groups: 0,
            path: Vec::with_capacity(MAX_TILES / 2),
            nodes: 0,
            limits: SolveLimits::default(),
            clock: Clock::start(),
            cancel: Cancel::default(),
            cycle_slots: Vec::new(),
            restart_cap: u64::MAX,
            hard_abort: false,
            noise: 0,
            rng: 1,
            prove: false,
            propagating: false,
            search_phase: SEARCH_PHASE,
            switch_at: None,
            lane_of: [0; MAX_TILES],
            lanes: vec![LaneGeo::default(); MAX_TILES],
            lanes_ready: false,
            fail_score: [0; N_GROUPS],
            general_lost: Vec::new(),
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

    /// Nodes and microseconds the last solve had spent when its proof phase began
    /// (None when it never began): for profiling where the time goes.
    #[doc(hidden)]
    pub fn proof_phase_start(&self) -> Option<(u64, u64)> {
        self.switch_at
    }

    pub fn geometry(&self) -> &Geometry {
        self.wide
    }

    /// Can two tiles ever be removed together? Not if one lies on top of the other.
    #[inline]
    fn compatible(&self, a: usize, b: usize) -> bool {
        !self.geo.above_star[a].has(b) && !self.geo.above_star[b].has(a)
    }

    /// Let `cancel` stop later searches (they end as [`Verdict::Unknown`]; the caller
    /// asks the token whether that was why).
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.cancel = cancel;
    }

    /// Solve the position `present` of a deal with `faces` (one per slot of the
    /// layout; faces of absent slots are ignored). Each matching group must have
    /// an even number of tiles present (a real deal's position always does);
    /// otherwise the answer is `Unsolvable` with that group as the proof.
    ///
    /// Layouts of at most 144 slots whose groups have at most four tiles present
    /// (every deal of one set) take the fast path below; larger layouts, whose
    /// deals repeat kinds from further sets, take the general search
    /// (`general.rs`), exact but without the split reasoning.
    pub fn solve(&mut self, faces: &[Face], present: super::Bits, limits: SolveLimits) -> SolveResult {
        if self.geo.n == 0 || faces.len() < self.wide.n || general::needs_general(faces, present) {
            return general::solve(self.wide, &mut self.general_lost, faces, present, limits, &self.cancel);
        }
        self.solve_small(faces, present.resized(), limits)
    }

    fn solve_small(&mut self, faces: &[Face], present: Bits, limits: SolveLimits) -> SolveResult {
        self.clock = Clock::start();
        self.limits = limits;
        self.nodes = 0;
        self.hard_abort = false;
        self.switch_at = None;
        self.fail_score = [0; N_GROUPS];
        self.path.clear();
        // Every solve starts on the small table (the first entries of a bigger
        // allocation left by an earlier solve): a deal's search, node for node,
        // does not depend on what this solver (or the thread) solved before.
        self.tt_bits = table::TT_BITS_SMALL;
        self.next_gen();
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
        // Rounds after the first quick phase: a propagating solution-first search,
        // a fail-first proof search and a slice of quick restarts, the budgets
        // doubling every round (the proof search's quadrupling), so a lost deal
        // reaches its (usually short) proof early and a solvable one the restarts
        // miss is found by the propagating searches (most within the first round).
        let mut mode = Mode::Quick;
        let mut quick_end = self.search_phase;
        let mut round = 0u32;
        if self.search_phase <= 1 {
            // Test hook: propagate from the first node, proof-first (0) or
            // search-first (1).
            mode = if self.search_phase == 0 { Mode::Prove } else { Mode::Search };
            cap = if mode == Mode::Prove { PROVE_BASE } else { SEARCH_BASE };
            self.set_mode(mode);
        }
        let root_free = self.geo.free_set(present);
        let outcome = loop {
            self.restart_cap = self.nodes.saturating_add(cap);
            if mode == Mode::Quick {
                self.restart_cap = self.restart_cap.min(quick_end);
            }
            self.path.clear();
            match self.dfs(present, root_free, root_commits, root_eff, ALL_GROUPS, self.whole_groups(&present)) {
                Flow::Abort if !self.hard_abort => {
                    if mode == Mode::Quick && self.nodes < quick_end {
                        // Next quick restart, randomised.
                        cap = cap.saturating_mul(2).min(QUICK_CAP);
                        self.noise = NOISE;
                        continue;
                    }
                    if self.switch_at.is_none() {
                        self.switch_at = Some((self.nodes, self.clock.micros()));
                        self.grow_table();
                    }
                    let scale = 1u64 << round.min(40);
                    mode = match mode {
                        Mode::Quick => Mode::Search,
                        Mode::Search => Mode::Prove,
                        Mode::Prove => {
                            round += 1;
                            Mode::Quick
                        }
                    };
                    let scale_next = 1u64 << round.min(40);
                    self.set_mode(mode);
                    cap = match mode {
                        Mode::Prove => PROVE_BASE.saturating_mul(scale.saturating_mul(scale)),
                        Mode::Search => SEARCH_BASE.saturating_mul(scale),
                        Mode::Quick => {
                            quick_end = self.nodes.saturating_add(QUICK_SLICE.saturating_mul(scale_next));
                            QUICK_CAP
                        }
                    };
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

    /// Search settings of a mode: the quick searches plain and randomised; the
    /// proof search propagating, fail first, deterministic; the propagating
    /// solution-first search randomised.
    fn set_mode(&mut self, mode: Mode) {
        self.propagating = mode != Mode::Quick;
        if self.propagating {
            self.ensure_lanes();
        }
        self.prove = mode == Mode::Prove;
        self.noise = match mode {
            Mode::Quick => NOISE,
            Mode::Prove => 0,
            Mode::Search => NOISE_PROOF,
        };
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
        SolveResult { verdict, solution, proof, nodes: self.nodes, micros: self.clock.micros() }
    }

    /// Groups and live splits; a group with none is returned as the proof.
    fn setup(&mut self, faces: &[Face], present: Bits, commits: &mut Commits) -> Result<(), Option<Proof>> {
        self.group_mask = [Bits::EMPTY; N_GROUPS];
        self.n_groups = 0;
        self.four_mask = 0;
        self.lanes_ready = false;
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
            self.four_mask |= ((c == 4) as u64) << g;
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

    fn over_budget(&mut self) -> bool {
        if self.nodes >= self.limits.max_nodes
            || (self.nodes.is_multiple_of(Cancel::EVERY) && self.cancel.is_cancelled())
        {
            self.hard_abort = true;
            return true;
        }
        // A propagating node costs tens of microseconds, a quick one well under
        // one: the clock is read at every propagating node and every 16th quick one
        // (an unspent budget costs one wall-clock read, see `Clock::spent`).
        if (self.propagating || self.nodes & 15 == 0) && self.clock.spent(self.limits.max_millis) {
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
        // The ranges in use are mostly powers of two: a mask gives the same value
        // as the remainder without a 64-bit division at every scored split.
        let n = self.noise as u64;
        (if n.is_power_of_two() { self.rng & (n - 1) } else { self.rng % n }) as i32
    }

    /// Tiles held down (transitively) by the pair and still present: how much
    /// removing it uncovers.
    #[inline]
    fn gain(&self, present: &Bits, free: &Bits, a: usize, b: usize) -> i32 {
        let mut next = *present;
        next.remove(a);
        next.remove(b);
        let (sa, sb) = (&self.slot[a], &self.slot[b]);
        // Tiles the removal frees: candidates are the neighbours and tiles below.
        let cand = sa.near.or(sb.near).and(next).minus(*free);
        let mut newly = 0;
        let mut useful = 0;
        cand.for_each(|t| {
            if self.slot[t].free.is_free(&next) {
                newly += 1;
                // A freed tile whose group already has a free tile makes a pair.
                if free.and(self.group_mask[self.group_of[t] as usize]).meets(&next) {
                    useful += 1;
                }
            }
        });
        let below = sa.below_star.or(sb.below_star).and(next).count() as i32;
        W_NEW * newly + W_USEFUL * useful + W_BELOW * below
    }

    /// The groups of four with all their tiles in `present` (bit `g` = group `g`).
    /// `dfs` carries this mask down and clears groups as they lose tiles, so move
    /// ordering and table keys need not test every group at every node.
    fn whole_groups(&self, present: &Bits) -> u64 {
        let mut w = 0u64;
        let mut m = self.four_mask;
        while m != 0 {
            let g = m.trailing_zeros() as usize;
            m &= m - 1;
            if present.and(self.group_mask[g]) == self.group_mask[g] {
                w |= 1 << g;
            }
        }
        w
    }

    /// `dirty` (bit `g` = group `g`) holds the groups that may have a safe removal
    /// the caller did not make: the caller's position is closed under safe removals
    /// for its commitments, so only a group whose commitment changed, or (below) that
    /// lost tiles or gained free ones, needs a look. The closure is the same whatever
    /// the order, so this only saves scanning every group at every node.
    fn dfs(
        &mut self,
        mut present: Bits,
        mut free: Bits,
        mut commits: Commits,
        mut eff: [u8; N_GROUPS],
        mut dirty: u64,
        mut whole: u64,
    ) -> Flow {
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
            // Tiles never come back: a group that lost one is no longer whole.
            whole &= !touched;
            let before = free;
            free = self.geo.refresh_free(free, present, removed);
            // Next pass: groups that lost tiles or gained free ones.
            dirty = touched;
            free.minus(before).for_each(|t| dirty |= 1 << self.group_of[t]);
        }
        debug_assert_eq!(whole, self.whole_groups(&present));
        if present.is_empty() {
            return Flow::Win;
        }
        let key0 = self.pack(whole, &commits);
        if self.tt_lost(&present, key0) {
            self.path.truncate(mark);
            return Flow::Lose;
        }
        if self.propagating && !self.propagate(present, &mut commits, &mut eff) {
            self.tt_store(present, key0);
            self.path.truncate(mark);
            return Flow::Lose;
        }
        if self.propagating && !self.probe(present, free, whole, &mut commits, &mut eff) {
            self.tt_store(present, key0);
            self.path.truncate(mark);
            return Flow::Lose;
        }
        // Only propagation changes commitments here.
        let key = if self.propagating { self.pack(whole, &commits) } else { key0 };
        if key != key0 {
            // Propagation decided groups: their free pairs can go now.
            match self.dfs(present, free, commits, eff, ALL_GROUPS, whole) {
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
        // scores highest, trying its splits best first. The propagating
        // solution-first search branches on the most constrained of those groups
        // (fewest live splits left), the score breaking ties: side by side on two
        // samples of 10,000 deals, 10-15% fewer deals over 20 ms (126 -> 117,
        // 146 -> 123).
        let most_constrained = self.propagating && !self.prove;
        // (group, rank, score), compared by rank, then score.
        let mut best: Option<(usize, i32, i32)> = None;
        let mut best_order = [(0usize, i32::MIN); 3];
        let mut best_no = 0;
        // Undecided groups of four, ascending (the order of `groups`): a mask walk
        // skips the decided and the two-tile groups without touching them.
        // Only whole groups can be branched on: `whole` skips the others too.
        let mut cands = whole & !committed_mask(&commits);
        while cands != 0 {
            let g = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            let fr = free.and(self.group_mask[g]);
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
            let rank = if most_constrained { -(eff[g].count_ones() as i32) } else { 0 };
            if top != i32::MIN && best.is_none_or(|(_, br, bs)| (rank, top) > (br, bs)) {
                best = Some((g, rank, top));
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
            // splits left for how often probing lately found positions lost at it
            // ("dom/wdeg" of constraint solvers: conflicts point at the groups a
            // proof has to settle), the most buried first, so contradictions
            // surface early. Side by side on 3 x 10,000 deals against fewest
            // splits alone: deals over 20 ms 115 -> 59-64, 122 -> 62, unknowns at
            // 1 s 13 -> 0, 14 -> 0, p99 24-26 -> 15-17 ms.
            let mut pick: Option<(usize, i64)> = None;
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
                    depth += self.geo.left_star[t].and(present).count().min(self.geo.right_star[t].and(present).count())
                        as i32;
                }
                // A prior of 1/16 failure keeps groups never seen failing apart by
                // their splits.
                let weight = self.fail_score[g] as i64 + (FAILED >> 4) as i64;
                let sc = weight * 4096 / eff[g].count_ones().max(1) as i64 + depth as i64;
                if pick.is_none_or(|(_, ps)| sc > ps) {
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
                order[..no].sort_unstable_by_key(|p| std::cmp::Reverse(p.1));
                for &(s, _) in &order[..no] {
                    let mut c2 = commits;
                    c2[g] = s as u8 + 1;
                    match self.dfs(present, free, c2, eff, ALL_GROUPS, whole) {
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
        let Some((g, _, _)) = best else {
            self.path.truncate(mark);
            return Flow::Lose;
        };
        let (mut order, no) = (best_order, best_no);
        order[..no].sort_unstable_by_key(|p| std::cmp::Reverse(p.1));
        for &(s, _) in &order[..no] {
            let mut c2 = commits;
            c2[g] = s as u8 + 1;
            // Without propagation only group `g`'s commitment changed since this
            // position was closed under safe removals.
            let dirty = if self.propagating { ALL_GROUPS } else { 1 << g };
            match self.dfs(present, free, c2, eff, dirty, whole) {
                Flow::Win => return Flow::Win,
                Flow::Abort => return Flow::Abort,
                Flow::Lose => eff[g] &= !(1 << s),
            }
        }
        self.tt_store(present, key);
        self.path.truncate(mark);
        Flow::Lose
    }
}

#[cfg(test)]
mod tests;
