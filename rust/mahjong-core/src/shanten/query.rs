//! Whole-hand queries as the bindings ask them: tiles plus melds, the game's set
//! count given or inferred from the tile count, the size each question needs, and
//! the splits of a complete hand in every form.

use super::{check_counts, Forms, Shape, MAX_SETS};
use crate::decompose::{for_each_decomposition, for_each_wait, is_chiitoitsu, is_kokushi, Decomposition, WaitSlot};
use crate::error::{Error, Result};
use crate::hand::{Counts, Hand, Meld};
use crate::tile::{format_counts, format_mpsz, RTile, Tile, N_KINDS};

/// Sets of a complete hand of `tiles` tiles (melds counted as three): 13/14 -> 4,
/// 16/17 -> 5, and in general `tiles / 3` for 3n + 1 or 3n + 2 tiles.
pub fn sets_for_tiles(tiles: usize) -> Result<usize> {
    if tiles.is_multiple_of(3) || tiles > 3 * MAX_SETS + 2 {
        return Err(Error::InvalidHand(format!(
            "{tiles} tiles: a hand holds 3n + 1 or 3n + 2 tiles (n <= {MAX_SETS}: 13/14 for riichi, 16/17 for Taiwan)"
        )));
    }
    Ok(tiles / 3)
}

/// A validated hand and its shanten context. `total_sets` is the number of sets of
/// the complete hand, melds included (4 riichi, 5 Taiwan); `None` infers it from
/// the tile count.
pub fn hand_shape(concealed: &[RTile], melds: &[Meld], total_sets: Option<usize>) -> Result<(Hand, Shape)> {
    let total = match total_sets {
        Some(n) if n > MAX_SETS => {
            return Err(Error::InvalidHand(format!("n_sets = {n}: a hand has at most {MAX_SETS} sets")))
        }
        Some(n) => n,
        None => sets_for_tiles(concealed.len() + 3 * melds.len()).map_err(|e| {
            Error::InvalidHand(format!("{} with {} melds: {}", format_mpsz(concealed), melds.len(), e.message()))
        })?,
    };
    let hand = Hand::new(concealed, melds, total)?;
    Ok((hand, Shape::of_hand(&hand, total)))
}

/// Error unless the concealed part is the waiting size (3 n_sets + 1).
pub fn require_waiting(hand: &Hand, shape: &Shape, what: &str) -> Result<()> {
    let n = hand.concealed_len();
    if n != 3 * shape.n_sets as usize + 1 {
        return Err(Error::InvalidHand(format!(
            "{}: {what} needs a hand of {} concealed tiles (one short of complete), got {n}",
            format_counts(&hand.concealed),
            3 * shape.n_sets as usize + 1
        )));
    }
    Ok(())
}

/// Error unless the concealed part is the complete size (3 n_sets + 2).
pub fn require_complete_size(hand: &Hand, shape: &Shape, what: &str) -> Result<()> {
    let n = hand.concealed_len();
    if n != 3 * shape.n_sets as usize + 2 {
        return Err(Error::InvalidHand(format!(
            "{}: {what} needs a hand of {} concealed tiles, got {n}",
            format_counts(&hand.concealed),
            3 * shape.n_sets as usize + 2
        )));
    }
    Ok(())
}

/// Visible tiles (outside the hand and own melds) as counts, checked against what
/// the player holds: no kind may be seen more than four times in all.
pub fn check_visible(hand: &Hand, visible: &Counts) -> Result<()> {
    let held = hand.all_counts();
    for k in 0..N_KINDS {
        if held[k] as usize + visible[k] as usize > 4 {
            return Err(Error::InvalidHand(format!(
                "{} of {} visible while the hand holds {}: only four exist",
                visible[k],
                Tile::from_index_unchecked(k),
                held[k]
            )));
        }
    }
    Ok(())
}

/// The winning form of a split.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Form {
    Standard,
    Chiitoitsu,
    Kokushi,
}

impl Form {
    pub const fn name(self) -> &'static str {
        match self {
            Form::Standard => "standard",
            Form::Chiitoitsu => "chiitoitsu",
            Form::Kokushi => "kokushi",
        }
    }
}

/// One way a complete hand is read, with the winning tile's place when asked.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Split {
    pub form: Form,
    /// Sets and pair (standard form only).
    pub decomposition: Option<Decomposition>,
    /// Where the winning tile sits (standard form, when a winning tile was given).
    pub wait: Option<WaitSlot>,
}

/// Every reading of a complete concealed part (3 n_sets + 2 tiles): standard splits
/// (one entry per wait slot of `win` when given), then seven pairs and thirteen
/// orphans where the shape's forms allow them. `win` must be among the tiles.
pub fn splits(hand: &Hand, shape: &Shape, win: Option<Tile>) -> Result<Vec<Split>> {
    require_complete_size(hand, shape, "decompose")?;
    check_counts(&hand.concealed, shape.n_sets as usize)?;
    if let Some(w) = win {
        if hand.concealed[w.index()] == 0 {
            return Err(Error::InvalidHand(format!(
                "winning tile {w} is not in the hand {}",
                format_counts(&hand.concealed)
            )));
        }
    }
    let mut out = Vec::new();
    for_each_decomposition(&hand.concealed, |d| match win {
        None => out.push(Split { form: Form::Standard, decomposition: Some(*d), wait: None }),
        Some(w) => for_each_wait(d, w, |slot| {
            out.push(Split { form: Form::Standard, decomposition: Some(*d), wait: Some(slot) })
        }),
    });
    let detail = shape.detail(&hand.concealed);
    let forms: Forms = shape.forms;
    if forms.chiitoitsu && detail.chiitoitsu.is_some() && is_chiitoitsu(&hand.concealed) {
        out.push(Split { form: Form::Chiitoitsu, decomposition: None, wait: None });
    }
    if forms.kokushi && detail.kokushi.is_some() && is_kokushi(&hand.concealed) {
        out.push(Split { form: Form::Kokushi, decomposition: None, wait: None });
    }
    Ok(out)
}

/// Fast path of scalar calls on a closed hand: its counts, read from mpsz text
/// without allocating (ids, counts and tile objects are read by the binding, each
/// refusing fifth copies and second red fives), and the sets of a complete hand when
/// the size fits; `None` otherwise (bad text, a fifth copy, a second red five, a wrong
/// size): the caller then takes the general path, which builds the error message.
pub fn closed_counts_of_text(text: &str, total_sets: Option<usize>) -> Option<(Counts, usize)> {
    closed_counts(super::batch::counts_of_text(text)?, total_sets)
}

/// [`closed_counts_of_text`] for counts read another way.
pub fn closed_counts(c: Counts, total_sets: Option<usize>) -> Option<(Counts, usize)> {
    let tiles = super::tile_count(&c);
    let n = match total_sets {
        Some(n) => n,
        // sets_for_tiles without its error (the general path builds that).
        None if !tiles.is_multiple_of(3) => tiles / 3,
        None => return None,
    };
    (n <= MAX_SETS && (tiles == 3 * n + 1 || tiles == 3 * n + 2)).then_some((c, n))
}
