//! The relaxation test and probing on it (see the module doc of `solver`).

use super::*;

/// A relaxed play's record, per tile it removed: bit `j` set when member `j` of
/// the tile's group was free at that moment.
pub(super) type Rec = [u8; MAX_TILES];

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
        let mut scratch: Rec = [0; MAX_TILES];
        let mut snaps = [(Bits::EMPTY, Bits::EMPTY); N_GROUPS];
        let full = self.whole_groups(&present);
        self.relax_run(full, (present, free), commits, eff, &mut scratch, &mut snaps, false, Bits::EMPTY)
    }

    /// The relaxation test of the node `present` (see `relax_clears`), started from
    /// an intermediate relaxed position `start` = (tiles left, free tiles) of a relaxed
    /// play known to clear, and answering "clears" as soon as no tile of `goal` is
    /// left. That is sound when `goal` holds every tile whose rule is tighter here
    /// than in the known play (a probe: the probed group's tiles): what is left then
    /// lies inside `start`, follows the same rules as the known play, and freedom and
    /// partners only improve as tiles leave, so the known play's removals, skipping
    /// the tiles already gone, still clear it. An empty `goal` plays to the end. With
    /// `record`, notes for each removed tile which tiles of its group (bit = member
    /// index) were free at that moment, and for each group the relaxed position just
    /// before its first tile left (`snaps`: a probe of that group can start there,
    /// nothing before depended on its split).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn relax_run(
        &self,
        full_groups: u64,
        start: (Bits, Bits),
        commits: &Commits,
        eff: &[u8; N_GROUPS],
        free_at: &mut Rec,
        snaps: &mut [(Bits, Bits); N_GROUPS],
        record: bool,
        goal: Bits,
    ) -> bool {
        let mut pres = start.0;
        let mut fr = start.1.and(pres);
        let mut seen = 0u64;
        // Tiles whose condition may have changed: worklist over a bitboard, so each
        // tile is looked at when it or its group changes, never in full rescans.
        let mut pending = fr;
        // Without a goal the play runs to its end (an empty board ends it too).
        let has_goal = !goal.is_empty();
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
            // Tiles whose freedom the removal can change.
            let mut cand = self.slot[t].touch;
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
                cand = cand.or(self.slot[p].touch);
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
            // The goal's last tile gone: the rest clears (see above).
            if has_goal && gone.meets(&goal) && !pres.meets(&goal) {
                return true;
            }
            // The group's other free tiles may now go (a partner is gone).
            pending = pending.or(fr.and(self.group_mask[g]));
            // Candidates tested on the solver's per-slot records (one bounds check
            // a slot instead of one per geometry table).
            cand.and(pres).minus(fr).for_each(|c| {
                if self.slot[c].is_free(&pres) {
                    fr.insert(c);
                    pending.insert(c);
                    // Its group's free tiles may now have a free partner.
                    pending = pending.or(fr.and(self.group_mask[self.group_of[c] as usize]));
                }
            });
        }
        pres.is_empty()
    }

    /// Probing on the relaxation: a split of an undecided group whose commitment
    /// makes the relaxed play fail is ruled out; a group left with one split is
    /// decided. One pass over the groups; after a group changes, the unconstrained
    /// relaxed play is replayed under the tighter constraints (it must still clear,
    /// and the next probes start from its windows). False when the position is
    /// lost (the relaxed play fails, or some group has no split left).
    /// `full`: the groups of four with all their tiles in `present` (`dfs`'s `whole`).
    pub(super) fn probe(&self, present: Bits, free: Bits, full: u64, commits: &mut Commits, eff: &mut [u8; N_GROUPS]) -> bool {
        let mut free_at: Rec = [0; MAX_TILES];
        let mut scratch: Rec = [0; MAX_TILES];
        let mut snaps = [(Bits::EMPTY, Bits::EMPTY); N_GROUPS];
        let mut dummy = [(Bits::EMPTY, Bits::EMPTY); N_GROUPS];
        if !self.relax_run(full, (present, free), commits, eff, &mut free_at, &mut snaps, true, Bits::EMPTY) {
            return false;
        }
        for j in 0..self.n_groups {
            let g = self.groups[j] as usize;
            if commits[g] != NO_COMMIT || !self.four[g] || present.and(self.group_mask[g]) != self.group_mask[g] {
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
                let m = self.members[g];
                let fits = SPLITS[s].iter().all(|&(x, y)| free_at[m[x] as usize] >> y & 1 == 1 || free_at[m[y] as usize] >> x & 1 == 1);
                if fits {
                    continue;
                }
                commits[g] = s as u8 + 1;
                // Only the window of the unconstrained play where this group acts
                // is replayed: before it nothing depended on the group's split,
                // and once the group's tiles are all gone the rest is known to
                // clear (see `relax_run`).
                let ok = self.relax_run(full, snaps[g], commits, eff, &mut scratch, &mut dummy, false, self.group_mask[g]);
                commits[g] = NO_COMMIT;
                if !ok {
                    eff[g] &= !(1 << s);
                    changed = true;
                }
            }
            match eff[g].count_ones() {
                0 => return false,
                1 => commits[g] = eff[g].trailing_zeros() as u8 + 1,
                _ => {}
            }
            // A tighter rule here can invalidate removals the unconstrained play
            // made (and its windows): replay it. (Measured: ~11% less CPU than
            // probing the rest of the pass from the node's position.)
            if changed && !self.relax_run(full, (present, free), commits, eff, &mut free_at, &mut snaps, true, Bits::EMPTY) {
                return false;
            }
        }
        true
    }
}
