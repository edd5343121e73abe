//! The order fixed pairs must leave in ("lies on top of", row ends) and the
//! propagation over it: cycles prove a position lost and rule out splits.

use super::*;

impl Solver<'_> {
    /// What must leave before the pair `(a, b)` can, and what cannot leave before it.
    ///
    /// Above: everything lying on either tile. Same row: if `b` is reachable from `a`
    /// by stepping right, no tile on such a path can leave while both are there
    /// (each has a present neighbour on both sides), so `a` must be opened from the
    /// left and `b` from the right: every tile reachable leftward from `a` and
    /// rightward from `b` leaves first, and the tiles between leave after.
    #[inline]
    pub(super) fn pair_order(&self, a: usize, b: usize) -> (Bits, Bits) {
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
    pub(super) fn propagate(&mut self, present: Bits, commits: &mut Commits, eff_out: &mut [u8; N_GROUPS]) -> bool {
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
            // Per tile, the fixed pairs that must leave after it (it lies in their
            // "before") and those that must leave before it (it lies between their
            // tiles): what a candidate pair's cycle test reads, one lookup a tile.
            let mut after_tile = [0u128; MAX_TILES];
            let mut before_tile = [0u128; MAX_TILES];
            let mut pair_bits = [Bits::EMPTY; MAX_TILES / 2];
            for k in 0..nn {
                let (a, b) = (pairs[k].0 as usize, pairs[k].1 as usize);
                pair_bits[k] = Bits::single(a).or(Bits::single(b));
                let (before, between) = self.pair_order(a, b);
                let (before, between) = (before.and(present), between.and(present));
                let bit = 1u128 << k;
                before.for_each(|t| {
                    after_tile[t] |= bit;
                    let q = node_of[t];
                    if q != u8::MAX && q as usize != k {
                        deps[k] |= 1u128 << q;
                    }
                });
                between.for_each(|t| {
                    before_tile[t] |= bit;
                    let q = node_of[t];
                    if q != u8::MAX && q as usize != k {
                        deps[q as usize] |= bit;
                    }
                });
            }
            // Transitive closure in dependency order; when there is none, the pairs
            // wait on each other in a cycle. Then the sides: a tile opens from the left only once everything
            // reachable leftward has gone, so a pair that must still be there (one
            // that waits on this pair, or the partner) on the left forces the right
            // side open, which adds "must go first" edges; blocked both ways is lost.
            let mut reach = deps;
            let mut cycle = false;
            for _round in 0..4 {
                if !close_acyclic(&mut reach[..nn]) {
                    cycle = true;
                    break;
                }
                let mut added = false;
                // Per pair, the tiles of the pairs that wait on it (still present
                // when it goes): the closure read by columns.
                let mut waiting = [Bits::EMPTY; MAX_TILES / 2];
                for q in 0..nn {
                    let mut r = reach[q];
                    while r != 0 {
                        let k = r.trailing_zeros() as usize;
                        r &= r - 1;
                        waiting[k] = waiting[k].or(pair_bits[q]);
                    }
                }
                for k in 0..nn {
                    let later = waiting[k];
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
                        let need = if lb {
                            rs
                        } else if rb {
                            ls
                        } else {
                            continue;
                        };
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
                    // The proof names the pairs on a cycle: those reaching
                    // themselves once the closure is complete.
                    close_any(&mut reach[..nn]);
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
                // Fixed pairs that must leave before (a, b), and after it.
                let mut waits_on: u128 = before_tile[a] | before_tile[b];
                let mut waited_by: u128 = after_tile[a] | after_tile[b];
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

/// Transitive closure of the "must leave before" rows when they form no cycle:
/// rows in dependency order, each the union of the closed rows it names (cost
/// grows with the edges, not with the square of the pairs). False, with `reach`
/// partly closed, when there is a cycle: then every row left waits on another row
/// left, and following those waits must come round.
fn close_acyclic(reach: &mut [u128]) -> bool {
    let n = reach.len();
    let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
    let mut done = 0u128;
    while done != all {
        // Rows waiting only on closed rows can be closed now.
        let mut ready = 0u128;
        let mut rest = all & !done;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if reach[k] & !done == 0 {
                ready |= 1 << k;
            }
        }
        if ready == 0 {
            return false;
        }
        let mut r = ready;
        while r != 0 {
            let k = r.trailing_zeros() as usize;
            r &= r - 1;
            let mut acc = reach[k];
            let mut d = reach[k];
            while d != 0 {
                let j = d.trailing_zeros() as usize;
                d &= d - 1;
                acc |= reach[j];
            }
            reach[k] = acc;
        }
        done |= ready;
    }
    true
}

/// Transitive closure of any rows (Warshall on bit rows): with a cycle, the pairs
/// on it reach themselves.
fn close_any(reach: &mut [u128]) {
    for k in 0..reach.len() {
        let bit = 1u128 << k;
        let rk = reach[k];
        if rk == 0 {
            continue;
        }
        for r in reach.iter_mut() {
            if *r & bit != 0 {
                *r |= rk;
            }
        }
    }
}
