//! The free-tile rule (seed 000) as precomputed masks, and a playable board.
//!
//! A tile is free when (1) no tile of a higher layer overlaps its square even partly,
//! and (2) its left or its right side is open: no tile of the same layer touches that
//! side, directly or "nearly" — a tile one column over (x ± 2) whose rows overlap ours
//! at all (|dy| < 2) counts as touching. Removing tiles never makes another tile
//! less free, which is what lets the solver remove safe pairs early.

use super::bits::{BitSet, Bits, MAX_TILES};
use super::face::Face;
use super::layout::Layout;
use crate::error::{Error, Result};

/// Blocker masks of a layout in sets of `W` words, computed once.
#[derive(Clone, Debug)]
pub struct Masks<const W: usize> {
    pub n: usize,
    /// Tiles of any higher layer overlapping tile `i`.
    pub above: Vec<BitSet<W>>,
    /// Same-layer tiles touching tile `i` on the left / right.
    pub left: Vec<BitSet<W>>,
    pub right: Vec<BitSet<W>>,
    /// Transitive closure of `above`: every tile that must leave before `i` can.
    pub above_star: Vec<BitSet<W>>,
    /// Transitive closure the other way: every tile that cannot leave before `i`.
    pub below_star: Vec<BitSet<W>>,
    /// Same-layer tiles reachable by repeatedly stepping to a left (right) neighbour.
    pub left_star: Vec<BitSet<W>>,
    pub right_star: Vec<BitSet<W>>,
    /// Tiles whose freedom can change when `i` leaves: its side neighbours and the
    /// tiles it lies on.
    pub touch: Vec<BitSet<W>>,
}

/// The masks of a layout as every board reads them ([`Bits`], any layout), and for
/// layouts of at most [`MAX_TILES`] slots the same masks in three words, which
/// the fast solver works in (`Deref` reads the wide ones).
#[derive(Clone, Debug)]
pub struct Geometry {
    wide: Masks<{ super::bits::WORDS }>,
    small: Option<Masks<3>>,
}

impl std::ops::Deref for Geometry {
    type Target = Masks<{ super::bits::WORDS }>;
    fn deref(&self) -> &Self::Target {
        &self.wide
    }
}

impl Geometry {
    pub fn new(layout: &Layout) -> Geometry {
        let wide = Masks::new(layout);
        let small = (layout.len() <= MAX_TILES).then(|| wide.resized());
        Geometry { wide, small }
    }
    /// The masks in three words, when the layout has at most [`MAX_TILES`] slots.
    pub fn small(&self) -> Option<&Masks<3>> {
        self.small.as_ref()
    }
}

impl Masks<3> {
    /// Masks of no layout (a solver without a fast path points here).
    pub const NONE: Masks<3> = Masks {
        n: 0,
        above: Vec::new(),
        left: Vec::new(),
        right: Vec::new(),
        above_star: Vec::new(),
        below_star: Vec::new(),
        left_star: Vec::new(),
        right_star: Vec::new(),
        touch: Vec::new(),
    };
}

impl<const W: usize> Masks<W> {
    /// The same masks in sets of `V` words (`n` must fit).
    pub fn resized<const V: usize>(&self) -> Masks<V> {
        let r = |v: &Vec<BitSet<W>>| v.iter().map(|b| b.resized::<V>()).collect();
        Masks {
            n: self.n,
            above: r(&self.above),
            left: r(&self.left),
            right: r(&self.right),
            above_star: r(&self.above_star),
            below_star: r(&self.below_star),
            left_star: r(&self.left_star),
            right_star: r(&self.right_star),
            touch: r(&self.touch),
        }
    }

    /// Masks of a layout (at most `64 * W` slots: [`Layout::new`] allows [`Bits`]).
    pub fn new(layout: &Layout) -> Masks<W> {
        let ps = layout.positions();
        let n = ps.len().min(BitSet::<W>::CAPACITY);
        let mut above = vec![BitSet::EMPTY; n];
        let mut left = vec![BitSet::EMPTY; n];
        let mut right = vec![BitSet::EMPTY; n];
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                let (a, b) = (ps[i], ps[j]);
                if b.z > a.z && a.overlaps_xy(&b) {
                    above[i].insert(j);
                }
                if b.z == a.z && (a.y as i32 - b.y as i32).abs() < 2 {
                    if b.x as i32 == a.x as i32 - 2 {
                        left[i].insert(j);
                    } else if b.x as i32 == a.x as i32 + 2 {
                        right[i].insert(j);
                    }
                }
            }
        }
        // Positions are sorted by layer, so walking from the top down sees every
        // tile's upper neighbours' closures complete.
        let mut above_star = vec![BitSet::EMPTY; n];
        for i in (0..n).rev() {
            let mut s = above[i];
            for j in above[i].iter() {
                s = s.or(above_star[j]);
            }
            above_star[i] = s;
        }
        let mut below_star = vec![BitSet::EMPTY; n];
        for i in 0..n {
            for j in above_star[i].iter() {
                below_star[j].insert(i);
            }
        }
        let closure = |step: &Vec<BitSet<W>>| {
            let mut star = step.clone();
            loop {
                let mut changed = false;
                for i in 0..n {
                    let mut s = star[i];
                    for j in star[i].iter() {
                        s = s.or(star[j]);
                    }
                    if s != star[i] {
                        star[i] = s;
                        changed = true;
                    }
                }
                if !changed {
                    return star;
                }
            }
        };
        let left_star = closure(&left);
        let right_star = closure(&right);
        let mut touch: Vec<BitSet<W>> = (0..n).map(|i| left[i].or(right[i])).collect();
        for (j, a) in above.iter().enumerate() {
            for i in a.iter() {
                touch[i].insert(j);
            }
        }
        Masks { n, above, left, right, above_star, below_star, left_star, right_star, touch }
    }

    /// All positions.
    pub fn all(&self) -> BitSet<W> {
        BitSet::first(self.n)
    }

    /// Is tile `i` (assumed present) free on board `present`?
    #[inline(always)]
    pub fn is_free(&self, i: usize, present: &BitSet<W>) -> bool {
        !self.above[i].meets(present) && (!self.left[i].meets(present) || !self.right[i].meets(present))
    }

    /// Every free tile of `present`.
    #[inline]
    pub fn free_set(&self, present: BitSet<W>) -> BitSet<W> {
        let mut f = BitSet::EMPTY;
        for i in present.iter() {
            if self.is_free(i, &present) {
                f.insert(i);
            }
        }
        f
    }

    /// The free set after the tiles `removed` left: `free` was the free set before,
    /// `present` is the board after. Freedom is monotone, so only tiles touching a
    /// removed one need a look.
    #[inline]
    pub fn refresh_free(&self, free: BitSet<W>, present: BitSet<W>, removed: BitSet<W>) -> BitSet<W> {
        let mut f = free.and(present);
        let mut cand = BitSet::EMPTY;
        removed.for_each(|r| cand = cand.or(self.touch[r]));
        cand.and(present).minus(f).for_each(|t| {
            if self.is_free(t, &present) {
                f.insert(t);
            }
        });
        f
    }

    /// Why tile `i` is not free, or `None` when it is.
    pub fn blocked_reason(&self, i: usize, present: &BitSet<W>, layout: &Layout) -> Option<String> {
        let at = |k: usize| {
            let p = layout.positions()[k];
            format!("slot {k} (x={}, y={}, layer={})", p.x, p.y, p.z)
        };
        if let Some(j) = self.above[i].and(*present).lowest() {
            return Some(format!("{} is covered by {}", at(i), at(j)));
        }
        let l = self.left[i].and(*present).lowest();
        let r = self.right[i].and(*present).lowest();
        match (l, r) {
            (Some(l), Some(r)) => {
                Some(format!("{} is blocked on the left by {} and on the right by {}", at(i), at(l), at(r)))
            }
            _ => None,
        }
    }
}

/// A deal in play: layout, geometry, the face on each slot and what is still there.
#[derive(Clone, Debug)]
pub struct Board {
    layout: Layout,
    geo: Geometry,
    faces: Vec<Face>,
    present: Bits,
}

impl Board {
    /// A deal: one face per slot of the layout, in the layout's slot order.
    /// Errors when the count differs or a matching group has an odd count (such a
    /// deal could never be cleared and is almost surely a mistake).
    pub fn new(layout: Layout, faces: Vec<Face>) -> Result<Board> {
        if faces.len() != layout.len() {
            return Err(Error::Layout(format!(
                "layout {:?} has {} slots but {} faces were given",
                layout.name(),
                layout.len(),
                faces.len()
            )));
        }
        Face::pairs_of(&faces)?;
        let sets = super::face::sets_for(faces.len());
        let mut count = [0usize; super::face::N_GROUPS];
        for f in &faces {
            count[f.group() as usize] += 1;
            if count[f.group() as usize] > 4 * sets {
                return Err(Error::Layout(format!(
                    "more than {} tiles of the matching group of {} ({sets} set(s) of 144 have {})",
                    4 * sets,
                    f.text(),
                    4 * sets
                )));
            }
        }
        let geo = Geometry::new(&layout);
        let present = geo.all();
        Ok(Board { layout, geo, faces, present })
    }
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }
    pub fn present(&self) -> Bits {
        self.present
    }
    pub fn set_present(&mut self, p: Bits) {
        self.present = p.and(self.geo.all());
    }
    pub fn remaining(&self) -> usize {
        self.present.count() as usize
    }
    pub fn is_won(&self) -> bool {
        self.present.is_empty()
    }
    pub fn free(&self) -> Bits {
        self.geo.free_set(self.present)
    }
    pub fn is_free(&self, i: usize) -> bool {
        i < self.geo.n && self.present.has(i) && self.geo.is_free(i, &self.present)
    }
    /// Every removable pair `(a, b)` with `a < b`.
    pub fn legal_pairs(&self) -> Vec<(usize, usize)> {
        let free: Vec<usize> = self.free().iter().collect();
        let mut out = Vec::new();
        for (k, &a) in free.iter().enumerate() {
            for &b in &free[k + 1..] {
                if self.faces[a].matches(self.faces[b]) {
                    out.push((a, b));
                }
            }
        }
        out
    }
    /// No tile left.
    pub fn is_stuck(&self) -> bool {
        !self.is_won() && self.legal_pairs().is_empty()
    }
    /// Why `(a, b)` cannot be removed now, or `Ok` when it can.
    pub fn check_pair(&self, a: usize, b: usize) -> Result<()> {
        let n = self.geo.n;
        for &i in &[a, b] {
            if i >= n {
                return Err(Error::IllegalMove(format!(
                    "slot {i} does not exist (the layout has slots 0-{})",
                    n.saturating_sub(1)
                )));
            }
            if !self.present.has(i) {
                return Err(Error::IllegalMove(format!("slot {i} is already empty")));
            }
        }
        if a == b {
            return Err(Error::IllegalMove(format!("slot {a} cannot be paired with itself")));
        }
        for &i in &[a, b] {
            if let Some(why) = self.geo.blocked_reason(i, &self.present, &self.layout) {
                return Err(Error::IllegalMove(format!("{why}, so it is not free")));
            }
        }
        let (fa, fb) = (self.faces[a], self.faces[b]);
        if !fa.matches(fb) {
            let hint =
                if fa.flower().is_some() && fb.flower().is_some() { " (a plant never matches a season)" } else { "" };
            return Err(Error::IllegalMove(format!(
                "slot {a} ({}) and slot {b} ({}) do not match{hint}",
                fa.text(),
                fb.text()
            )));
        }
        Ok(())
    }
    /// Removes a legal pair.
    pub fn remove_pair(&mut self, a: usize, b: usize) -> Result<()> {
        self.check_pair(a, b)?;
        self.present.remove(a);
        self.present.remove(b);
        Ok(())
    }
    /// Puts a removed pair back (undo). Errors if either slot is occupied.
    pub fn restore_pair(&mut self, a: usize, b: usize) -> Result<()> {
        for &i in &[a, b] {
            if i >= self.geo.n || self.present.has(i) {
                return Err(Error::IllegalMove(format!(
                    "slot {i} cannot be restored: it is occupied or does not exist"
                )));
            }
        }
        self.present.insert(a);
        self.present.insert(b);
        Ok(())
    }
    /// Replace the faces on the present slots (shuffle); removed slots keep theirs.
    pub fn set_faces(&mut self, faces: Vec<Face>) -> Result<()> {
        if faces.len() != self.faces.len() {
            return Err(Error::Layout(format!("expected {} faces, got {}", self.faces.len(), faces.len())));
        }
        self.faces = faces;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solitaire::layout::Pos;

    /// The seed's example: A B C D E in one row, F lying on B and C.
    #[test]
    fn seed_examples() {
        let row: Vec<Pos> = (0..5).map(|i| Pos::new(2 * i, 0, 0)).collect();
        let l = Layout::new("row", row.iter().copied().chain([Pos::new(0, 10, 0)]).collect()).unwrap();
        let g = Geometry::new(&l);
        let all = g.all();
        let free = g.free_set(all);
        // A and E free, B C D not; the extra far tile is free.
        assert!(free.has(0) && free.has(4));
        assert!(!free.has(1) && !free.has(2) && !free.has(3));
        let mut with_f = row.clone();
        with_f.push(Pos::new(3, 0, 1));
        let l = Layout::new("f", with_f).unwrap();
        let g = Geometry::new(&l);
        let ps = l.positions();
        let idx = |p: Pos| ps.iter().position(|q| *q == p).unwrap();
        let (a, b, c, f) =
            (idx(Pos::new(0, 0, 0)), idx(Pos::new(2, 0, 0)), idx(Pos::new(4, 0, 0)), idx(Pos::new(3, 0, 1)));
        let mut present = g.all();
        // Remove A: B has an open left side but F lies on it, so B is not free.
        present.remove(a);
        assert!(!g.is_free(b, &present));
        assert!(!g.is_free(c, &present));
        // F is free: its own layer is empty around it.
        assert!(g.is_free(f, &present));
        present.remove(f);
        assert!(g.is_free(b, &present));
    }

    #[test]
    fn half_offset_neighbours_block() {
        // The Turtle's left side tile touches two rows at half offsets.
        let l =
            Layout::new("t", vec![Pos::new(0, 1, 0), Pos::new(2, 0, 0), Pos::new(2, 2, 0), Pos::new(4, 1, 0)]).unwrap();
        let g = Geometry::new(&l);
        let i = l.index_of(Pos::new(2, 0, 0)).unwrap();
        assert_eq!(g.left[i].count(), 1);
        assert_eq!(g.right[i].count(), 1);
        assert!(!g.is_free(i, &g.all()));
    }
}
