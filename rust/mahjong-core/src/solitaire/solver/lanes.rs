//! The relaxed play (see `relax.rs`) on a second numbering of the tiles, one in
//! which member `k` of group `g` is tile `4g + k`: every group's tiles share a
//! nibble. Partners under a split are then fixed bit permutations inside each
//! nibble (split `s` pairs member `k` with member `k ^ (s + 1)`), so the partner
//! rule of every tile on the board is a few word operations, and the play runs in
//! rounds: every tile removable now leaves at once, then the freedom of the tiles
//! those removals touched is updated. The relaxed play is a closure (freedom and
//! "partner free or gone" only grow as tiles leave), so rounds reach the same end
//! as one tile at a time; what this saves is the per-tile bookkeeping and its
//! unpredictable branches, which were most of a propagating node's time.

use super::*;

/// One tile's free rule and the tiles whose freedom its removal can change, in
/// the nibble numbering.
#[derive(Copy, Clone, Default)]
pub(super) struct LaneGeo {
    free: FreeRule,
    touch: Bits,
}

/// Which pairings the relaxed play allows: bit `4g + k` of `0[s]` set when member
/// `k` of group `g` may leave with its partner under split `s` free or gone.
#[derive(Copy, Clone)]
pub(super) struct Rules(pub(super) [Bits; 3]);

/// What a probe needs from the unconstrained play: the relaxed position (tiles
/// left, free tiles) at the start of every round, the round each tile left in,
/// and per split `s` the tiles that left in a round that began with their
/// split-`s` partner free.
pub(super) struct Record {
    states: [(Bits, Bits); MAX_TILES],
    left_in: [u8; MAX_TILES],
    fits: [Bits; 3],
}

impl Record {
    pub(super) fn new() -> Record {
        Record { states: [(Bits::EMPTY, Bits::EMPTY); MAX_TILES], left_in: [0; MAX_TILES], fits: [Bits::EMPTY; 3] }
    }

    /// The position at the start of the round the first of `tiles` left in (all
    /// of them left: the play cleared).
    pub(super) fn state_before(&self, tiles: Bits) -> (Bits, Bits) {
        debug_assert!(!tiles.is_empty());
        let mut j = u8::MAX;
        tiles.for_each(|t| j = j.min(self.left_in[t]));
        self.states[j as usize]
    }

    /// The tiles of group `g` in pairs of split `s` that the play did not remove
    /// together: a pair fits when one of its tiles left in a round that began with
    /// the other free. When both pairs fit (nothing returned), deciding the split
    /// leaves the play valid (each pair leaves in that round).
    pub(super) fn unfit(&self, g: usize, s: usize) -> Bits {
        let w = self.fits[s];
        nibble(g).minus(w.or(partner(w, s)))
    }
}

const M1: u64 = 0x5555_5555_5555_5555;
const M2: u64 = 0x3333_3333_3333_3333;

/// Each tile's bit moved to its partner under split `s` (within every nibble at
/// once): split 0 swaps neighbouring bits, split 1 neighbouring bit pairs, split 2
/// both.
#[inline(always)]
pub(super) fn partner(x: Bits, s: usize) -> Bits {
    let sw1 = |w: u64| ((w & M1) << 1) | ((w >> 1) & M1);
    let sw2 = |w: u64| ((w & M2) << 2) | ((w >> 2) & M2);
    let f = |w: u64| match s {
        0 => sw1(w),
        1 => sw2(w),
        _ => sw1(sw2(w)),
    };
    BitSet([f(x.0[0]), f(x.0[1]), f(x.0[2])])
}

/// The four tiles of group `g`.
#[inline(always)]
pub(super) fn nibble(g: usize) -> Bits {
    let mut b = Bits::EMPTY;
    b.0[g / 16] = 0xF << (4 * (g % 16));
    b
}

impl Solver<'_> {
    /// The nibble numbering of this solve's tiles and its geometry (once per solve,
    /// before the first relaxed play).
    pub(super) fn ensure_lanes(&mut self) {
        if self.lanes_ready {
            return;
        }
        let mut all = Bits::EMPTY;
        for j in 0..self.n_groups {
            all = all.or(self.group_mask[self.groups[j] as usize]);
        }
        for i in all.iter() {
            self.lane_of[i] = 4 * self.group_of[i] + self.member_idx[i];
        }
        let geo = self.geo;
        for i in all.iter() {
            // Tiles absent at the root never come back: they can be left out.
            let map = |b: Bits| self.to_lanes(b.and(all));
            let lane = LaneGeo {
                free: FreeRule { above: map(geo.above[i]), left: map(geo.left[i]), right: map(geo.right[i]) },
                touch: map(geo.touch[i]),
            };
            self.lanes[self.lane_of[i] as usize] = lane;
        }
        self.lanes_ready = true;
    }

    /// A set of tiles in the nibble numbering.
    #[inline]
    pub(super) fn to_lanes(&self, b: Bits) -> Bits {
        let mut out = Bits::EMPTY;
        b.for_each(|t| out.insert(self.lane_of[t] as usize));
        out
    }

    /// The pairings of the node: an undecided group of four still whole pairs by
    /// its live splits, a decided one by its split, a group down to two tiles
    /// pairs them (`present` in the nibble numbering).
    pub(super) fn rules(&self, present: Bits, full: u64, commits: &Commits, eff: &[u8; N_GROUPS]) -> Rules {
        let mut r = [Bits::EMPTY; 3];
        for j in 0..self.n_groups {
            let g = self.groups[j] as usize;
            let live = if full >> g & 1 == 1 {
                if commits[g] != NO_COMMIT {
                    1 << (commits[g] - 1)
                } else {
                    eff[g]
                }
            } else {
                // Two tiles left (members a and b): split (a ^ b) - 1 pairs them.
                let nib = (present.0[g / 16] >> (4 * (g % 16))) & 0xF;
                match nib {
                    0b0011 | 0b1100 => 1,
                    0b0101 | 0b1010 => 2,
                    0b1001 | 0b0110 => 4,
                    _ => 0,
                }
            };
            set_rule(&mut r, g, live);
        }
        Rules(r)
    }

    /// The relaxed play (`relax_clears`) under `rules` from `start` = (tiles left,
    /// free tiles) in the nibble numbering: a node's position, or a position of a
    /// relaxed play known to clear (the "known play"). Answers "clears" as soon as
    /// no tile of `goal` is left. That is sound when every tile whose rule is
    /// tighter here than in the known play is in `goal` or in a pair that the
    /// known play removed together (a probe: the probed group's tiles in pairs of
    /// the split that did not fit): what is left then lies inside `start`, and
    /// replaying the known play's rounds from `start`, skipping tiles already gone,
    /// stays valid round by round (freedom and partners only improve as tiles
    /// leave, and each remaining pair with the tighter rule had both tiles free in
    /// the round it left), so it clears. An empty `goal` plays to the end. With
    /// `record`, notes what probes read ([`Record`]).
    pub(super) fn lane_play(
        &self,
        rules: &Rules,
        start: (Bits, Bits),
        goal: Bits,
        mut record: Option<&mut Record>,
    ) -> bool {
        let (mut p, mut f) = (start.0, start.1.and(start.0));
        let has_goal = !goal.is_empty();
        let mut round = 0;
        if let Some(rec) = record.as_deref_mut() {
            rec.fits = [Bits::EMPTY; 3];
        }
        loop {
            // A tile may leave when free and a partner it may pair with is free
            // or gone.
            let open = f.or(BitSet([!p.0[0], !p.0[1], !p.0[2]]));
            let mut ok = Bits::EMPTY;
            for s in 0..3 {
                ok = ok.or(partner(open, s).and(rules.0[s]));
            }
            let r = f.and(ok);
            if r.is_empty() {
                break;
            }
            if let Some(rec) = record.as_deref_mut() {
                // At most one round per tile: the arrays cannot overflow.
                rec.states[round] = (p, f);
                r.for_each(|t| rec.left_in[t] = round as u8);
                round += 1;
                for s in 0..3 {
                    rec.fits[s] = rec.fits[s].or(r.and(partner(f, s)));
                }
            }
            p = p.minus(r);
            f = f.minus(r);
            if has_goal && !p.meets(&goal) {
                return true;
            }
            let mut cand = Bits::EMPTY;
            r.for_each(|t| cand = cand.or(self.lanes[t].touch));
            cand.and(p).minus(f).for_each(|c| {
                if self.lanes[c].free.is_free(&p) {
                    f.insert(c);
                }
            });
        }
        p.is_empty()
    }
}

/// Group `g` pairs by the splits in `live` (bit `s` = split `s`).
#[inline(always)]
pub(super) fn set_rule(r: &mut [Bits; 3], g: usize, live: u8) {
    let nib = nibble(g);
    for (s, m) in r.iter_mut().enumerate() {
        *m = if live >> s & 1 == 1 { m.or(nib) } else { m.minus(nib) };
    }
}
