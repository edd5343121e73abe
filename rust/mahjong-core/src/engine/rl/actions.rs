//! The fixed action space of the RL environments: every engine [`Action`] a seat can
//! take maps to one of [`N_ACTIONS`] indices, and a mask over them marks the legal
//! ones. Tiles are named by their *slot*: the 34 kinds (`0`-`33`, 1m..9m, 1p..9p,
//! 1s..9s, E S W N P F C) for plain copies, and `34`-`36` for the red fives of
//! m / p / s, so a discard of a red five differs from one of a plain five.
//!
//! | indices   | action |
//! |-----------|--------|
//! | 0-36      | discard the tile of that slot (the drawn tile when it is of the slot: tsumogiri) |
//! | 37-73     | the same discards declaring riichi |
//! | 74        | tsumo |
//! | 75        | ron |
//! | 76        | pass (decline every call) |
//! | 77        | abort with nine terminals and honors (kyuushu kyuuhai) |
//! | 78        | nuki: set a north aside (three players) |
//! | 79-112    | closed kan of kind 0-33 |
//! | 113-146   | added kan of kind 0-33 |
//! | 147-152   | chi with the called tile lowest / middle / highest, then the same using a red five from hand |
//! | 153-154   | pon, pon using a red five from hand |
//! | 155       | open kan (daiminkan) |
//!
//! Where two legal engine actions share an index (a plain copy discarded from the hand
//! or the same kind just drawn), the index means the tsumogiri one; every other index
//! names one engine action exactly (red fives apart).

use crate::engine::round::Action;
use crate::tile::TileId;

pub const DISCARD: usize = 0;
pub const RIICHI: usize = 37;
pub const TSUMO: usize = 74;
pub const RON: usize = 75;
pub const PASS: usize = 76;
pub const NINE_TERMINALS: usize = 77;
pub const NUKI: usize = 78;
pub const ANKAN: usize = 79;
pub const KAKAN: usize = 113;
pub const CHI: usize = 147;
pub const PON: usize = 153;
pub const DAIMINKAN: usize = 155;
/// Size of the action space.
pub const N_ACTIONS: usize = 156;
/// Room for one decision's legal indices (the most any decision has is 40: 14
/// discards, 14 riichi discards, tsumo, nine terminals, nuki, 3 closed and 4 added
/// kans, and spare).
pub const MAX_LEGAL: usize = 48;
/// What fills a legal-index row past its count.
pub const NO_ACTION: u8 = 255;

/// Slot of a tile: its kind, or 34-36 for a red five.
#[inline]
pub fn slot(t: TileId) -> usize {
    let k = t.tile().index();
    if t.is_red() {
        34 + k / 9
    } else {
        k
    }
}

/// The index of `action` when it answers the tile `offer` (claims; ignored otherwise).
#[inline(always)]
pub fn index_of(action: &Action, offer: Option<TileId>) -> usize {
    match *action {
        Action::Discard { tile, riichi } => slot(tile) + if riichi { RIICHI } else { DISCARD },
        Action::Tsumo => TSUMO,
        Action::Ron => RON,
        Action::Pass => PASS,
        Action::NineTerminals => NINE_TERMINALS,
        Action::Nuki { .. } => NUKI,
        Action::Ankan { tile } => ANKAN + tile.tile().index(),
        Action::Kakan { tile } => KAKAN + tile.tile().index(),
        Action::Chi { tiles } => {
            let called = offer.map_or(0, |t| t.tile().index());
            let low = tiles[0].tile().index().min(tiles[1].tile().index());
            // Called tile lowest (low = called + 1), middle (low = called - 1), highest.
            let shape = if low > called {
                0
            } else if low + 1 == called {
                1
            } else {
                2
            };
            CHI + shape + 3 * usize::from(tiles.iter().any(|t| t.is_red()))
        }
        Action::Pon { tiles } => PON + usize::from(tiles.iter().any(|t| t.is_red())),
        Action::Daiminkan => DAIMINKAN,
    }
}

const SLOT_NAMES: [&str; 37] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s",
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z", "0m", "0p", "0s",
];

/// A short name of index `i` ("discard 0m" is the red 5m, "riichi 3p", "ankan 7z",
/// "chi low red", ...); `None` past the space.
pub fn action_name(i: usize) -> Option<String> {
    const CHI_SHAPES: [&str; 3] = ["low", "middle", "high"];
    Some(match i {
        DISCARD..RIICHI => format!("discard {}", SLOT_NAMES[i]),
        RIICHI..TSUMO => format!("riichi {}", SLOT_NAMES[i - RIICHI]),
        TSUMO => "tsumo".into(),
        RON => "ron".into(),
        PASS => "pass".into(),
        NINE_TERMINALS => "nine_terminals".into(),
        NUKI => "nuki".into(),
        ANKAN..KAKAN => format!("ankan {}", SLOT_NAMES[i - ANKAN]),
        KAKAN..CHI => format!("kakan {}", SLOT_NAMES[i - KAKAN]),
        CHI..PON => {
            let k = i - CHI;
            format!("chi {}{}", CHI_SHAPES[k % 3], if k >= 3 { " red" } else { "" })
        }
        PON => "pon".into(),
        154 => "pon red".into(),
        DAIMINKAN => "daiminkan".into(),
        _ => return None,
    })
}

/// Index -> engine action for one decision, filled from the seat's legal actions:
/// a table by index (a lookup is one load) and the legal indices as a bit set
/// (bit `i % 64` of word `i / 64`: what writes them in order without a sort).
#[derive(Clone, Debug)]
pub struct Legal {
    /// The engine action of each legal index; the other slots hold stale values
    /// that `bits` never lets out.
    actions: [Action; N_ACTIONS],
    bits: [u64; 3],
}

impl Default for Legal {
    fn default() -> Legal {
        Legal { actions: [Action::Pass; N_ACTIONS], bits: [0; 3] }
    }
}

impl Legal {
    /// Fill from `actions` (a seat's legal actions now); `drawn` is the tile the seat
    /// just drew (tsumogiri wins a shared index), `offer` the tile on offer.
    pub fn fill(&mut self, actions: &[Action], drawn: Option<TileId>, offer: Option<TileId>) {
        // The bits in a local (kept in registers through the loop); every index is
        // below N_ACTIONS, `min` only keeps the store in bounds without a division.
        let mut bits = [0u64; 3];
        for a in actions {
            let i = index_of(a, offer).min(N_ACTIONS - 1);
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            if bits[word] & bit == 0 {
                bits[word] |= bit;
                self.actions[i] = *a;
            } else if matches!(a, Action::Discard { tile, .. } if Some(*tile) == drawn) {
                self.actions[i] = *a;
            }
        }
        self.bits = bits;
    }

    /// No legal action (a finished match).
    pub fn clear(&mut self) {
        self.bits = [0; 3];
    }

    #[inline]
    fn has(&self, i: usize) -> bool {
        i < N_ACTIONS && self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    pub fn get(&self, i: usize) -> Option<Action> {
        if self.has(i) {
            Some(self.actions[i])
        } else {
            None
        }
    }

    /// How many indices are legal.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.bits == [0; 3]
    }

    /// The legal indices in increasing order.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter().enumerate().flat_map(|(w, &word)| {
            let mut b = word;
            std::iter::from_fn(move || {
                if b == 0 {
                    return None;
                }
                let i = 64 * w + b.trailing_zeros() as usize;
                b &= b - 1;
                Some(i)
            })
        })
    }

    /// (index, engine action) of every legal index, in increasing order.
    pub fn entries(&self) -> Vec<(u8, Action)> {
        self.indices().map(|i| (i as u8, self.actions[i])).collect()
    }

    /// Write the mask (1 / true = legal) into `out` (length [`N_ACTIONS`]).
    pub fn write_mask<T: Copy + From<bool>>(&self, out: &mut [T]) {
        // A row of the fixed length is cleared with a few wide stores, not a memset.
        match <&mut [T; N_ACTIONS]>::try_from(&mut *out) {
            Ok(row) => *row = [T::from(false); N_ACTIONS],
            Err(_) => out.fill(T::from(false)),
        }
        for (w, &word) in self.bits.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                if let Some(o) = out.get_mut(64 * w + b.trailing_zeros() as usize) {
                    *o = T::from(true);
                }
                b &= b - 1;
            }
        }
    }

    /// Write the legal indices in increasing order into `out` (length
    /// [`MAX_LEGAL`]), the rest [`NO_ACTION`]; returns how many there are.
    pub fn write_indices(&self, out: &mut [u8]) -> u8 {
        match <&mut [u8; MAX_LEGAL]>::try_from(&mut *out) {
            Ok(row) => *row = [NO_ACTION; MAX_LEGAL],
            Err(_) => out.fill(NO_ACTION),
        }
        let mut n = 0;
        for (w, &word) in self.bits.iter().enumerate() {
            let mut b = word;
            while b != 0 && n < out.len() {
                out[n] = (64 * w + b.trailing_zeros() as usize) as u8;
                b &= b - 1;
                n += 1;
            }
        }
        n as u8
    }

    /// Legal indices in increasing order, as text ("0, 5, 37") for messages.
    pub fn listed(&self) -> String {
        self.indices().map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_has_a_distinct_name() {
        let names: Vec<String> = (0..N_ACTIONS).map(|i| action_name(i).unwrap()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), N_ACTIONS);
        assert_eq!(action_name(N_ACTIONS), None);
        assert_eq!(names[34], "discard 0m");
        assert_eq!(names[RIICHI + 2], "riichi 3m");
        assert_eq!(names[CHI + 4], "chi middle red");
    }

    #[test]
    fn chi_shapes_follow_the_called_tile() {
        let id = |i: u8| TileId::wrapping(i);
        // 4m is kind 3: ids 12-15; 5m ids 16-19 (16 red), 6m 20-23, 3m 8-11, 2m 4-7.
        let offer = Some(id(13));
        assert_eq!(index_of(&Action::Chi { tiles: [id(17), id(21)] }, offer), CHI);
        assert_eq!(index_of(&Action::Chi { tiles: [id(16), id(21)] }, offer), CHI + 3);
        assert_eq!(index_of(&Action::Chi { tiles: [id(9), id(17)] }, offer), CHI + 1);
        assert_eq!(index_of(&Action::Chi { tiles: [id(5), id(9)] }, offer), CHI + 2);
    }
}
