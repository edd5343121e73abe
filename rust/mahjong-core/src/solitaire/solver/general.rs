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

use super::{Proof, SolveLimits, SolveResult, Verdict};
use crate::solitaire::bits::Bits;
use crate::solitaire::board::Geometry;
use crate::solitaire::face::{Face, N_GROUPS};
use std::time::Instant;

/// Entries of the table of lost positions (direct mapped, 32 bytes each: 1 MiB).
const TABLE_BITS: u32 = 15;
/// Nodes of the first restart; each next one doubles, up to the budget.
const FIRST_CAP: u64 = 512;

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
    nodes: u64,
    cap: u64,
    limits: SolveLimits,
    start: Instant,
    hard_abort: bool,
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
) -> SolveResult {
    let start = Instant::now();
    let done = |verdict, proof, nodes, solution| SolveResult {
        verdict,
        solution,
        proof,
        nodes,
        micros: start.elapsed().as_micros() as u64,
    };
    if faces.len() < geo.n {
        return done(Verdict::Unknown, None, 0, Vec::new());
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
        nodes: 0,
        cap: FIRST_CAP,
        limits,
        start,
        hard_abort: false,
        rng: present.hash64() | 1,
        noise: false,
    };
    if let Some((g, slots)) = s.stranded(present) {
        return done(Verdict::Unsolvable, Some(Proof::DeadGroup { group: g, slots }), 0, Vec::new());
    }
    let free = geo.free_set(present);
    loop {
        s.path.clear();
        match s.dfs(present, free) {
            Flow::Win => return done(Verdict::Solvable, None, s.nodes, std::mem::take(&mut s.path)),
            Flow::Lose => {
                let proof = if s.nodes <= 1 { Proof::Stuck } else { Proof::Exhausted { nodes: s.nodes } };
                return done(Verdict::Unsolvable, Some(proof), s.nodes, Vec::new());
            }
            Flow::Abort if s.hard_abort => return done(Verdict::Unknown, None, s.nodes, Vec::new()),
            Flow::Abort => {
                s.cap = s.nodes.saturating_add(s.cap.saturating_mul(2));
                s.noise = true;
            }
        }
    }
}

impl Search<'_> {
    /// A tile none of whose remaining partners it can ever leave with (each lies
    /// above or below it): its group and tiles, or `None`.
    fn stranded(&self, present: Bits) -> Option<(u8, Vec<usize>)> {
        let g = self.geo;
        let mut out = None;
        present.for_each(|t| {
            if out.is_some() {
                return;
            }
            let grp = self.group_of[t] as usize;
            let mates = present.and(self.group_mask[grp]).minus(Bits::single(t));
            if !mates.is_empty() && mates.minus(g.above_star[t]).minus(g.below_star[t]).is_empty() {
                out = Some((grp as u8, present.and(self.group_mask[grp]).iter().collect()));
            }
        });
        out
    }

    fn over_budget(&mut self) -> bool {
        if self.nodes >= self.limits.max_nodes
            || (self.limits.max_millis > 0
                && self.nodes & 63 == 0
                && self.start.elapsed().as_millis() as u64 >= self.limits.max_millis)
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

    fn dfs(&mut self, mut present: Bits, mut free: Bits) -> Flow {
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
        if self.lost[slot] == present || self.stranded(present).is_some() {
            self.path.truncate(mark);
            return Flow::Lose;
        }
        // Moves: free pairs of one group, those freeing the most tiles first.
        let mut moves: Vec<(i32, usize, usize)> = Vec::new();
        for g in 0..N_GROUPS {
            let fr = free.and(self.group_mask[g]);
            if !fr.at_least_two() {
                continue;
            }
            let tiles: Vec<usize> = fr.iter().collect();
            for (k, &a) in tiles.iter().enumerate() {
                for &b in &tiles[k + 1..] {
                    let mut next = present;
                    next.remove(a);
                    next.remove(b);
                    let cand = self.geo.touch[a].or(self.geo.touch[b]).and(next).minus(free);
                    let newly = cand.iter().filter(|&t| self.geo.is_free(t, &next)).count() as i32;
                    let below = self.geo.below_star[a].or(self.geo.below_star[b]).and(next).count() as i32;
                    let score = 4 * newly + below + self.jitter();
                    moves.push((score, a, b));
                }
            }
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        for &(_, a, b) in &moves {
            let mut next = present;
            next.remove(a);
            next.remove(b);
            let removed = Bits::single(a).or(Bits::single(b));
            let nfree = self.geo.refresh_free(free, next, removed);
            self.path.push((a, b));
            match self.dfs(next, nfree) {
                Flow::Win => return Flow::Win,
                Flow::Abort => return Flow::Abort,
                Flow::Lose => self.path.truncate(base),
            }
        }
        self.lost[slot] = present;
        self.path.truncate(mark);
        Flow::Lose
    }
}
