//! Many hands at once, on all cores, from packed rows (what NumPy arrays hold).
//!
//! Row layout, for hand `i`:
//! - `concealed[34 i .. 34 i + 34]`: concealed tile counts, winning tile included;
//! - `melds[10 i .. 10 i + 10]` (optional): five `(kind, lowest tile)` pairs, kind
//!   `-1` none, `0` chow, `1` pung, `2` exposed kong, `3` added kong, `4` concealed kong;
//! - `context[8 i .. 8 i + 8]`: `[win tile, seat wind, round wind, flower bits, flags,
//!   replacement code, consecutive deals, 0]`, flags: 1 self-draw, 2 dealer,
//!   4 robbing a kong, 8 last tile, 16 first turn, 32 the dealer's first discard.

use super::rules::TaiwanRules;
use super::tai::{score, Replacement, WinContext};
use crate::error::{Error, Result};
use crate::hand::{Counts, Meld, MeldKind, MAX_MELDS};
use crate::tile::Tile;
use rayon::prelude::*;

/// Width of a context row.
pub const CONTEXT_WIDTH: usize = 8;
/// Width of a meld row.
pub const MELDS_WIDTH: usize = 10;

/// Flag bits of a context row.
pub mod flags {
    pub const SELF_DRAW: u8 = 1;
    pub const DEALER: u8 = 2;
    pub const ROBBING_KONG: u8 = 4;
    pub const LAST_TILE: u8 = 8;
    pub const FIRST_TURN: u8 = 16;
    pub const DEALER_FIRST_DISCARD: u8 = 32;
}

/// Decode one packed meld.
pub fn meld_from_code(kind: i16, tile: i16) -> Result<Option<Meld>> {
    let kind = match kind {
        -1 => return Ok(None),
        0 => MeldKind::Chi,
        1 => MeldKind::Pon,
        2 => MeldKind::Daiminkan,
        3 => MeldKind::Kakan,
        4 => MeldKind::Ankan,
        _ => return Err(Error::InvalidHand(format!("meld kind code {kind} is not one of -1..=4"))),
    };
    let t = u8::try_from(tile)
        .ok()
        .and_then(Tile::new)
        .ok_or_else(|| Error::InvalidHand(format!("meld tile {tile} is out of range 0..34")))?;
    Ok(Some(Meld { kind, tile: t, called: t, from: kind.default_from(), red: 0 }))
}

/// Decode one row and score it: the total tai (after the cap) and the pattern mask.
pub fn score_row(concealed: &[u8], melds: Option<&[i16]>, context: &[u8], rules: &TaiwanRules) -> Result<(u32, u64)> {
    let mut counts: Counts = [0; 34];
    for (k, &c) in concealed.iter().take(34).enumerate() {
        if c > 4 {
            return Err(Error::InvalidHand(format!("count {c} for tile kind {k} is outside 0..=4")));
        }
        counts[k] = c;
    }
    let mut ms = [Meld::default(); MAX_MELDS];
    let mut n = 0;
    if let Some(m) = melds {
        for j in 0..MAX_MELDS {
            if let Some(meld) = meld_from_code(m[2 * j], m[2 * j + 1])? {
                ms[n] = meld;
                n += 1;
            }
        }
    }
    let win = Tile::new(context[0])
        .ok_or_else(|| Error::InvalidHand(format!("winning tile {} is out of range 0..34", context[0])))?;
    let f = context[4];
    let ctx = WinContext {
        win_tile: win,
        seat_wind: context[1],
        round_wind: context[2],
        flowers: context[3],
        self_draw: f & flags::SELF_DRAW != 0,
        dealer: f & flags::DEALER != 0,
        robbing_kong: f & flags::ROBBING_KONG != 0,
        last_tile: f & flags::LAST_TILE != 0,
        first_turn: f & flags::FIRST_TURN != 0,
        dealer_first_discard: f & flags::DEALER_FIRST_DISCARD != 0,
        replacement: Replacement::from_code(context[5])?,
        consecutive: context[6] as u16,
    };
    let s = score(&counts, &ms[..n], &ctx, rules)?;
    Ok((s.total, s.mask))
}

/// Score `tai.len()` packed rows in parallel. Rows that fail get tai `-1` and mask 0;
/// the first failing row (lowest index) and its error are returned.
///
/// The caller guarantees the slice lengths (34, 10 and 8 per row); a mismatch is an
/// error, not a panic.
pub fn score_rows(
    concealed: &[u8],
    melds: Option<&[i16]>,
    context: &[u8],
    rules: &TaiwanRules,
    tai: &mut [i32],
    mask: &mut [u64],
) -> Result<Option<(usize, Error)>> {
    let n = tai.len();
    if concealed.len() != 34 * n
        || context.len() != CONTEXT_WIDTH * n
        || mask.len() != n
        || melds.is_some_and(|m| m.len() != MELDS_WIDTH * n)
    {
        return Err(Error::InvalidHand(format!(
            "batch arrays disagree on the number of hands: {n} outputs, {} concealed counts (34 per hand), {} context values ({CONTEXT_WIDTH} per hand)",
            concealed.len(),
            context.len()
        )));
    }
    const CHUNK: usize = 512;
    let first_err = tai
        .par_chunks_mut(CHUNK)
        .zip(mask.par_chunks_mut(CHUNK))
        .enumerate()
        .map(|(ci, (tai, mask))| {
            let mut err: Option<(usize, Error)> = None;
            for j in 0..tai.len() {
                let i = ci * CHUNK + j;
                let m = melds.map(|m| &m[MELDS_WIDTH * i..MELDS_WIDTH * i + MELDS_WIDTH]);
                match score_row(
                    &concealed[34 * i..34 * i + 34],
                    m,
                    &context[CONTEXT_WIDTH * i..CONTEXT_WIDTH * i + CONTEXT_WIDTH],
                    rules,
                ) {
                    Ok((t, mk)) => {
                        tai[j] = t as i32;
                        mask[j] = mk;
                    }
                    Err(e) => {
                        tai[j] = -1;
                        mask[j] = 0;
                        if err.is_none() {
                            err = Some((i, e));
                        }
                    }
                }
            }
            err
        })
        .reduce(
            || None,
            |a, b| match (a, b) {
                (Some(x), Some(y)) => Some(if x.0 <= y.0 { x } else { y }),
                (x, None) => x,
                (None, y) => y,
            },
        );
    Ok(first_err)
}
