//! One reading of a winning hand: four sets and a pair (with melds in place and the
//! winning tile's slot fixed), seven pairs, or thirteen orphans.
//!
//! A concealed triplet completed by a discard counts as open (明刻) for fu and for
//! concealed-triplet yaku; that is decided here, once, from the wait slot.

use crate::decompose::{Decomposition, GroupKind, Wait, WaitSlot};
use crate::hand::{Meld, MeldKind};
use crate::tile::Tile;

/// Kind of a set in a finished hand.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub enum SetKind {
    #[default]
    Sequence,
    Triplet,
    Kan,
}

/// A set of the finished hand.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct Set {
    pub kind: SetKind,
    /// Lowest tile.
    pub tile: Tile,
    /// Open for fu and ankou purposes: called melds, and a triplet completed by ron.
    pub open: bool,
}

/// The three winning forms.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub enum Form {
    #[default]
    Standard,
    Chiitoitsu,
    Kokushi,
}

/// A reading of the hand.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Shape {
    pub form: Form,
    sets: [Set; 4],
    n_sets: u8,
    /// The pair (standard form).
    pub pair: Tile,
    /// The wait shape the winning tile completed (standard form; tanki otherwise).
    pub wait: Wait,
    /// The winning tile.
    pub win: Tile,
}

impl Shape {
    /// Seven pairs or thirteen orphans: no sets.
    pub fn special(form: Form, win: Tile) -> Shape {
        Shape { form, sets: [Set::default(); 4], n_sets: 0, pair: win, wait: Wait::Tanki, win }
    }

    /// The sets of a split with its melds, before the winning tile's slot is known
    /// (wait tanki, every concealed set closed): [`Shape::with_wait`] completes it.
    /// Returns `None` when the sets do not number four.
    #[inline]
    pub fn unplaced(d: &Decomposition, melds: &[Meld], win: Tile) -> Option<Shape> {
        let groups = d.groups();
        if groups.len() + melds.len() != 4 {
            return None;
        }
        let mut s =
            Shape { form: Form::Standard, sets: [Set::default(); 4], n_sets: 4, pair: d.pair, wait: Wait::Tanki, win };
        for (slot, m) in s.sets.iter_mut().zip(melds) {
            *slot = Set {
                kind: match m.kind {
                    MeldKind::Chi => SetKind::Sequence,
                    MeldKind::Pon => SetKind::Triplet,
                    _ => SetKind::Kan,
                },
                tile: m.tile,
                open: m.is_open(),
            };
        }
        for (slot, g) in s.sets[melds.len()..].iter_mut().zip(groups) {
            *slot = Set {
                kind: if g.kind == GroupKind::Triplet { SetKind::Triplet } else { SetKind::Sequence },
                tile: g.tile,
                open: false,
            };
        }
        Some(s)
    }

    /// This reading with the winning tile in `slot` (a slot of the split this shape
    /// was made from, after `n_melds` melds): a concealed triplet completed by a
    /// discard counts as open.
    #[inline]
    pub fn with_wait(&self, slot: WaitSlot, n_melds: usize, tsumo: bool) -> Shape {
        let mut s = *self;
        s.wait = slot.wait;
        if let Some(j) = slot.group {
            if let Some(set) = s.sets.get_mut(n_melds + j as usize) {
                set.open |= !tsumo && set.kind == SetKind::Triplet;
            }
        }
        s
    }

    /// The four sets (empty for the special forms).
    #[inline]
    pub fn sets(&self) -> &[Set] {
        &self.sets[..self.n_sets as usize]
    }
}
