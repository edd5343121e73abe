//! The relaxation test and probing on it (see the module doc of `solver`).

use super::*;

use super::lanes::{nibble, set_rule, Record};

impl Solver<'_> {
    /// The relaxation test: play on from `present` with every fixed pair (groups
    /// down to two tiles, decided splits) removed only when both its tiles are free,
    /// and every tile of an undecided group removed alone as soon as it is free and a
    /// partner it has in some live split is free or already gone. Every real play
    /// consistent with `commits` and `eff` removes nothing this one cannot (freedom
    /// only grows as tiles leave, and a real removal's partner is free or gone in
    /// the relaxed position), so a relaxed play that cannot clear the board proves
    /// the position lost. Returns whether it clears.
    #[cfg(test)]
    pub(super) fn relax_clears(&self, present: Bits, free: Bits, commits: &Commits, eff: &[u8; N_GROUPS]) -> bool {
        let p = self.to_lanes(present);
        let rules = self.rules(p, self.whole_groups(&present), commits, eff);
        self.lane_play(&rules, (p, self.to_lanes(free.and(present))), Bits::EMPTY, None)
    }

    /// Probing on the relaxation: a split of an undecided group whose commitment
    /// makes the relaxed play fail is ruled out; a group left with one split is
    /// decided. One pass over the groups; after a group changes, the unconstrained
    /// relaxed play is replayed under the tighter constraints (it must still clear,
    /// and the next probes start from its windows). False when the position is
    /// lost (the relaxed play fails, or some group has no split left).
    /// `full`: the groups of four with all their tiles in `present` (`dfs`'s `whole`).
    pub(super) fn probe(
        &mut self,
        present: Bits,
        free: Bits,
        full: u64,
        commits: &mut Commits,
        eff: &mut [u8; N_GROUPS],
    ) -> bool {
        debug_assert!(self.lanes_ready);
        let p = self.to_lanes(present);
        let start = (p, self.to_lanes(free.and(present)));
        let mut rules = self.rules(p, full, commits, eff);
        let mut rec = Record::new();
        if !self.lane_play(&rules, start, Bits::EMPTY, Some(&mut rec)) {
            return false;
        }
        for j in 0..self.n_groups {
            let g = self.groups[j] as usize;
            if commits[g] != NO_COMMIT || !self.four[g] || full >> g & 1 == 0 {
                continue;
            }
            if eff[g].count_ones() < 2 {
                continue;
            }
            let mut changed = false;
            for s in 0..3 {
                if eff[g] >> s & 1 == 0 {
                    continue;
                }
                // If the unconstrained relaxed play had both tiles of each pair
                // of this split free at one moment, it stays valid with the
                // split decided (remove the pair then): nothing to probe.
                let unfit = rec.unfit(g, s);
                if unfit.is_empty() {
                    continue;
                }
                // Only the window of the unconstrained play where this group acts
                // is replayed: before it nothing depended on the group's split,
                // and once the pairs that did not fit are gone the rest is known
                // to clear (see `lane_play`).
                let mut decided = rules;
                set_rule(&mut decided.0, g, 1 << s);
                // Until a tile of a pair that did not fit leaves, the group's
                // removals are valid under the split too (each went with its
                // partner free), and the decided play can only be ahead of the
                // unconstrained one. Starting there is conservative: a clear
                // is a clear, a failure is checked from the exact start.
                let exact = rec.state_before(nibble(g));
                let late = rec.state_before(unfit);
                let clears = (late != exact && self.lane_play(&decided, late, unfit, None))
                    || self.lane_play(&decided, exact, unfit, None);
                if !clears {
                    eff[g] &= !(1 << s);
                    changed = true;
                }
            }
            match eff[g].count_ones() {
                0 => {
                    self.note_fail(g);
                    return false;
                }
                1 => commits[g] = eff[g].trailing_zeros() as u8 + 1,
                _ => {}
            }
            if !changed {
                continue;
            }
            set_rule(&mut rules.0, g, eff[g]);
            // A tighter rule here can invalidate removals the unconstrained play
            // made (and its windows): replay it. (Measured: ~11% less CPU than
            // probing the rest of the pass from the node's position.)
            if !self.lane_play(&rules, start, Bits::EMPTY, Some(&mut rec)) {
                self.note_fail(g);
                return false;
            }
        }
        true
    }

    /// A probe pass found the position lost at group `g` (no split left, or the
    /// replay after deciding it failed): weigh `g` up for the proof search's
    /// choice of group. Earlier failures fade by 1/1024 at each new one (each
    /// group's weight stays below 1024 failures, far from overflow). Measured on
    /// the 103 deals of 200,000 that took over 100 ms plus the two a million left
    /// unknown: fading by 1/64, 1/256, 1/1024 and not at all, 23.3, 18.3, 17.7
    /// and 17.0 s in all; by 1/1024 with a first proof cap of 128, 14.5 s.
    fn note_fail(&mut self, g: usize) {
        for v in self.fail_score.iter_mut() {
            *v -= *v >> 10;
        }
        self.fail_score[g] += FAILED;
    }
}
