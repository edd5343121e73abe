//! The general search, for what the fast path does not model: layouts of more than
//! 144 slots (deals of several sets, KMahjongg's rule: a kind may have 6 or 8
//! copies, any two of which match) and positions whose groups have more than four
//! tiles. Exact in the same sense as the fast path: "solvable" comes with a
//! solution, "unsolvable" only from a complete search or a static proof, and a
//! search over its budget answers `Unknown`.
//!
//! It searches pair removals depth first with the cuts that stay exact for groups
//! of any size: a group whose remaining tiles are all free leaves at once (any
//! later plan removes them anyway; removing earlier never hurts, freedom only
//! grows), a tile whose every remaining partner lies above or below it can never
//! leave (the position is lost), and positions proven lost are kept in a bounded
//! table. Short randomised restarts with doubling caps tame the heavy tail of
//! chronological backtracking, as on the fast path.

use super::clock::Clock;
use super::{Proof, SolveLimits, SolveResult, Verdict};
use crate::cancel::Cancel;
use crate::solitaire::bits::Bits;
use crate::solitaire::board::Geometry;
use crate::solitaire::face::{Face, N_GROUPS};

/// Entries of the table of lost positions (direct mapped, 32 bytes each: 1 MiB).
const TABLE_BITS: u32 = 15;
/// Restarts: the first may take a dive's worth of nodes (one per pair of the
/// layout) and this many more; then short randomised restarts of at most
/// [`QUICK_TIMES`] dives each while the search has spent under [`QUICK_DIVES`]
/// dives in all; after that each restart doubles, so a search left to run ends
/// complete. Short restarts first, as on the fast path: a greedy dive that goes
/// wrong early rarely recovers by backtracking at the bottom (on 200 deals of
/// KMahjongg's `cross`, 5 ms each: 2 solved with restarts doubling from 512 nodes).
const FIRST_SLACK: u64 = 32;
const QUICK_TIMES: u64 = 2;
const QUICK_DIVES: u64 = 400;

/// True when some group has more than four tiles in `present`.
pub(super) fn needs_general(faces: &[Face], present: Bits) -> bool {
    let mut count = [0u16; N_GROUPS];
    let mut over = false;
    present.for_each(|i| {
        if let Some(f) = faces.get(i) {
            let c = &mut count[f.group() as usize];
            *c += 1;
            over |= *c > 4;
        }
    });
    over
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Flow {
    Win,
    Lose,
    Abort,
}

struct Search<'a> {
    geo: &'a Geometry,
    group_mask: [Bits; N_GROUPS],
    group_of: Vec<u8>,
    lost: &'a mut Vec<Bits>,
    path: Vec<(usize, usize)>,
    /// The candidate moves of every open node, each node's after its parent's
    /// (score, tiles): no allocation per node.
    moves: Vec<(i32, u16, u16)>,
    nodes: u64,
    cap: u64,
    limits: SolveLimits,
    clock: Clock,
    hard_abort: bool,
    cancel: &'a Cancel,
    rng: u64,
    noise: bool,
}

/// Solve `present` of a deal with `faces` on any layout; `lost` is the caller's
/// table of lost positions (allocated here on first use, cleared per solve).
pub(super) fn solve(
    geo: &Geometry,
    lost: &mut Vec<Bits>,
    faces: &[Face],
    present: Bits,
    limits: SolveLimits,
    cancel: &Cancel,
) -> SolveResult {
    let clock = Clock::start();
    let done = |verdict, proof, nodes, solution, clock: &Clock| SolveResult {
        verdict,
        solution,
        proof,
        nodes,
        micros: clock.micros(),
    };
    if faces.len() < geo.n {
        return done(Verdict::Unknown, None, 0, Vec::new(), &clock);
    }
    let present = present.and(geo.all());
    let mut group_mask = [Bits::EMPTY; N_GROUPS];
    let mut group_of = vec![0u8; geo.n];
    present.for_each(|i| {
        let g = faces[i].group();
        group_of[i] = g;
        group_mask[g as usize].insert(i);
    });
    for (g, m) in group_mask.iter().enumerate() {
        if m.count() % 2 == 1 {
            return done(
                Verdict::Unsolvable,
                Some(Proof::DeadGroup { group: g as u8, slots: m.iter().collect() }),
                0,
                Vec::new(),
                &clock,
            );
        }
    }
    lost.clear();
    lost.resize(1 << TABLE_BITS, Bits::EMPTY);
    let mut s = Search {
        geo,
        group_mask,
        group_of,
        lost,
        path: Vec::with_capacity(geo.n / 2),
        moves: Vec::with_capacity(1024),
        nodes: 0,
        cap: 0,
        limits,
        clock,
        hard_abort: false,
        cancel,
        rng: present.hash64() | 1,
        noise: false,
    };
    if let Some((g, slots)) = s.stranded(present) {
        return done(Verdict::Unsolvable, Some(Proof::DeadGroup { group: g, slots }), 0, Vec::new(), &s.clock);
    }
    let free = geo.free_set(present);
    let dive = geo.n as u64 / 2 + 1;
    let quick_end = dive.saturating_mul(QUICK_DIVES);
    let mut cap = dive + FIRST_SLACK;
    loop {
        s.path.clear();
        s.moves.clear();
        s.cap = s.nodes.saturating_add(cap);
        match s.dfs(present, free, None) {
            Flow::Win => return done(Verdict::Solvable, None, s.nodes, std::mem::take(&mut s.path), &s.clock),
            Flow::Lose => {
                let proof = if s.nodes <= 1 { Proof::Stuck } else { Proof::Exhausted { nodes: s.nodes } };
                return done(Verdict::Unsolvable, Some(proof), s.nodes, Vec::new(), &s.clock);
            }
            Flow::Abort if s.hard_abort => return done(Verdict::Unknown, None, s.nodes, Vec::new(), &s.clock),
            Flow::Abort => {
                s.noise = true;
                cap = if s.nodes < quick_end {
                    cap.saturating_mul(2).min(dive * QUICK_TIMES)
                } else {
                    cap.saturating_mul(2)
                };
            }
        }
    }
}

impl Search<'_> {
    /// A tile none of whose remaining partners it can ever leave with (each lies
    /// above or below it): its group and tiles, or `None`.
    fn stranded(&self, present: Bits) -> Option<(u8, Vec<usize>)> {
        (0..N_GROUPS).find(|&g| self.group_stranded(present, g)).map(|g| {
            let tiles = present.and(self.group_mask[g]).iter().collect();
            (g as u8, tiles)
        })
    }

    /// Does some tile of group `g` have no remaining partner it can leave with?
    fn group_stranded(&self, present: Bits, g: usize) -> bool {
        let rem = present.and(self.group_mask[g]);
        let mut out = false;
        rem.for_each(|t| {
            let mates = rem.minus(Bits::single(t));
            out |= !mates.is_empty() && mates.minus(self.geo.above_star[t]).minus(self.geo.below_star[t]).is_empty();
        });
        out
    }

    fn over_budget(&mut self) -> bool {
        // A node here scores every free pair of every group (microseconds on the
        // largest layouts): the clock is read at each one.
        if self.nodes >= self.limits.max_nodes
            || self.clock.spent(self.limits.max_millis)
            || (self.nodes.is_multiple_of(Cancel::EVERY) && self.cancel.is_cancelled())
        {
            self.hard_abort = true;
            return true;
        }
        self.nodes >= self.cap
    }

    fn slot_of(&self, present: &Bits) -> usize {
        (present.hash64() >> (64 - TABLE_BITS)) as usize
    }

    fn jitter(&mut self) -> i32 {
        if !self.noise {
            return 0;
        }
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        (self.rng & 7) as i32
    }

    /// How much removing `a` and `b` from `present` helps: tiles it frees (more
    /// when a freed tile finds a free partner) and tiles it uncovers below.
    fn score(&self, present: &Bits, free: &Bits, a: usize, b: usize) -> i32 {
        let mut next = *present;
        next.remove(a);
        next.remove(b);
        let cand = self.geo.touch[a].or(self.geo.touch[b]).and(next).minus(*free);
        let (mut newly, mut useful) = (0, 0);
        cand.for_each(|t| {
            if self.geo.is_free(t, &next) {
                newly += 1;
                if free.and(next).and(self.group_mask[self.group_of[t] as usize]).meets(&next) {
                    useful += 1;
                }
            }
        });
        let below = self.geo.below_star[a].or(self.geo.below_star[b]).and(next).count() as i32;
        4 * newly + 8 * useful + below
    }

    /// `moved`: the group of the pair the parent removed (only its tiles can have
    /// become stranded: safe removals take whole groups).
    fn dfs(&mut self, mut present: Bits, mut free: Bits, moved: Option<usize>) -> Flow {
        self.nodes += 1;
        if self.over_budget() {
            return Flow::Abort;
        }
        let mark = self.path.len();
        // Safe removals: whole groups that are all free.
        loop {
            let mut removed = Bits::EMPTY;
            for g in 0..N_GROUPS {
                let rem = present.and(self.group_mask[g]);
                if !rem.is_empty() && free.and(rem) == rem {
                    let mut it = rem.iter();
                    while let (Some(a), Some(b)) = (it.next(), it.next()) {
                        self.path.push((a, b));
                    }
                    removed = removed.or(rem);
                }
            }
            if removed.is_empty() {
                break;
            }
            present = present.minus(removed);
            free = self.geo.refresh_free(free, present, removed);
        }
        if present.is_empty() {
            return Flow::Win;
        }
        let base = self.path.len();
        let slot = self.slot_of(&present);
        if self.lost[slot] == present || moved.is_some_and(|g| self.group_stranded(present, g)) {
            self.path.truncate(mark);
            return Flow::Lose;
        }
        // Moves: free pairs of one group, the most helpful first.
        let first = self.moves.len();
        for g in 0..N_GROUPS {
            let fr = free.and(self.group_mask[g]);
            if !fr.at_least_two() {
                continue;
            }
            let mut rest = fr;
            while let Some(a) = rest.lowest() {
                rest.remove(a);
                let mut others = rest;
                while let Some(b) = others.lowest() {
                    others.remove(b);
                    let sc = self.score(&present, &free, a, b) + self.jitter();
                    self.moves.push((sc, a as u16, b as u16));
                }
            }
        }
        let end = self.moves.len();
        self.moves[first..end].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        for k in first..end {
            let (_, a, b) = self.moves[k];
            let (a, b) = (a as usize, b as usize);
            let mut next = present;
            next.remove(a);
            next.remove(b);
            let removed = Bits::single(a).or(Bits::single(b));
            let nfree = self.geo.refresh_free(free, next, removed);
            self.path.push((a, b));
            match self.dfs(next, nfree, Some(self.group_of[a] as usize)) {
                Flow::Win => return Flow::Win,
                Flow::Abort => {
                    self.moves.truncate(first);
                    return Flow::Abort;
                }
                Flow::Lose => self.path.truncate(base),
            }
        }
        self.moves.truncate(first);
        self.lost[slot] = present;
        self.path.truncate(mark);
        Flow::Lose
    }
}
