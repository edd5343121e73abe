//! Many Taiwan hands at once, on all cores, from named columns (the batch convention of
//! [`crate::batch`]): the columns are declared once in [`INPUT`] and [`OUTPUT`], a row
//! is read into the [`WinContext`] the scalar scorer takes and checked by the same
//! [`score`], and every bad row is listed in [`RowErrors`] without stopping the others.

use super::arg::CONSECUTIVE;
use super::rules::TaiwanRules;
use super::tai::{score, Replacement, WinContext};
use crate::batch::{meld_of_code, row_code, Column, Dtype, RowErrors};
use crate::cancel::Cancel;
use crate::error::{Error, Result};
use crate::hand::{Counts, Meld, MAX_MELDS};
use crate::tile::Tile;
use rayon::prelude::*;

/// Meld slots per row (a Taiwan hand holds at most five sets).
pub const MELD_WIDTH: usize = 5;

/// Bits of the `flags` column.
pub mod flags {
    pub const SELF_DRAW: u8 = 1;
    pub const DEALER: u8 = 2;
    pub const ROBBING_KONG: u8 = 4;
    pub const LAST_TILE: u8 = 8;
    pub const FIRST_TURN: u8 = 16;
    pub const DEALER_FIRST_DISCARD: u8 = 32;
    pub const DECLARED_READY: u8 = 64;
    /// Names in bit order (the keywords of the scalar `taiwan.score`).
    pub const NAMES: [&str; 7] =
        ["self_draw", "dealer", "robbing_kong", "last_tile", "first_turn", "dealer_first_discard", "declared_ready"];
}

/// The input columns, in the order of [`Columns`]; a missing column takes its default.
pub const INPUT: [Column; 10] = {
    use Dtype::{I32, U8};
    [
        Column::new("concealed", U8, 34, None, "concealed tile counts (0-4 per kind), winning tile included"),
        Column::new("win_tile", U8, 1, None, "kind (0-33) of the winning tile"),
        Column::new(
            "meld_kind",
            I32,
            MELD_WIDTH,
            Some(0),
            "meld code of each slot (the table of meld_codes(); 0 an empty slot)",
        ),
        Column::new("meld_tile", I32, MELD_WIDTH, Some(0), "lowest tile kind (0-33) of each meld"),
        Column::new("seat_wind", U8, 1, Some(0), "the winner's seat wind 0-3 (E, S, W, N)"),
        Column::new("round_wind", U8, 1, Some(0), "round wind 0-3 (E, S, W, N)"),
        Column::new("flowers", U8, 1, Some(0), "the winner's flowers: bit i = flower i (0-3 梅蘭菊竹, 4-7 春夏秋冬)"),
        Column::new("flags", U8, 1, Some(0), "bit mask of the win flags (see taiwan_flag_names())"),
        Column::new("replacement", U8, 1, Some(0), "replacement draw code: index into taiwan REPLACEMENTS (0 none)"),
        Column::new("consecutive", I32, 1, Some(0), "deals the dealer kept in a row 0-65535"),
    ]
};

/// The output columns; a failed row holds the default.
pub const OUTPUT: [Column; 2] = [
    Column::new("tai", Dtype::I32, 1, Some(-1), "total tai after the cap (dealer tai apart); -1 on a bad row"),
    Column::new("patterns", Dtype::U64, 1, Some(0), "bit i set for pattern i of pattern_keys()"),
];

/// Borrowed input columns; every slice holds `n` rows of its width.
#[derive(Copy, Clone, Debug)]
pub struct Columns<'a> {
    pub n: usize,
    pub concealed: &'a [u8],
    pub win_tile: &'a [u8],
    pub meld_kind: &'a [i32],
    pub meld_tile: &'a [i32],
    pub seat_wind: &'a [u8],
    pub round_wind: &'a [u8],
    pub flowers: &'a [u8],
    pub flags: &'a [u8],
    pub replacement: &'a [u8],
    pub consecutive: &'a [i32],
}

impl Columns<'_> {
    /// Check that every column has the length its width asks for.
    pub fn check(&self) -> Result<()> {
        let n = self.n;
        let cols: [(&str, usize, usize); 10] = [
            ("concealed", self.concealed.len(), 34 * n),
            ("win_tile", self.win_tile.len(), n),
            ("meld_kind", self.meld_kind.len(), MELD_WIDTH * n),
            ("meld_tile", self.meld_tile.len(), MELD_WIDTH * n),
            ("seat_wind", self.seat_wind.len(), n),
            ("round_wind", self.round_wind.len(), n),
            ("flowers", self.flowers.len(), n),
            ("flags", self.flags.len(), n),
            ("replacement", self.replacement.len(), n),
            ("consecutive", self.consecutive.len(), n),
        ];
        for (name, got, want) in cols {
            if got != want {
                return Err(Error::InvalidHand(format!("column {name}: {got} values, expected {want} for {n} rows")));
            }
        }
        Ok(())
    }

    /// Row `i`: its counts, melds and context, as the scalar scorer takes them (the
    /// scorer checks what they mean together).
    pub fn row(&self, i: usize) -> Result<(Counts, [Meld; MAX_MELDS], usize, WinContext)> {
        let bad = |m: String| Error::InvalidHand(format!("row {i}: {m}"));
        let mut counts: Counts = [0; 34];
        let conc =
            self.concealed.get(34 * i..34 * i + 34).ok_or_else(|| bad("column concealed is too short".into()))?;
        for (k, &c) in conc.iter().enumerate() {
            if c > 4 {
                let t = Tile::new(k as u8).map(|t| t.to_string()).unwrap_or_default();
                return Err(bad(format!("concealed count {c} of {t}: expected 0-4")));
            }
            counts[k] = c;
        }
        let mut melds = [Meld::default(); MAX_MELDS];
        let mut n = 0;
        let kinds = self.meld_kind.get(MELD_WIDTH * i..MELD_WIDTH * (i + 1)).unwrap_or(&[]);
        let tiles = self.meld_tile.get(MELD_WIDTH * i..MELD_WIDTH * (i + 1)).unwrap_or(&[]);
        for (&code, &tile) in kinds.iter().zip(tiles) {
            let kind = meld_of_code(code).ok_or_else(|| bad(format!("meld code {code}: expected 0-5")))?;
            let Some(kind) = kind else { continue };
            let t = u8::try_from(tile)
                .ok()
                .and_then(Tile::new)
                .ok_or_else(|| bad(format!("meld tile {tile}: expected a tile kind 0-33")))?;
            if n < MAX_MELDS {
                melds[n] = Meld { kind, tile: t, called: t, from: kind.default_from(), red: 0 };
            }
            n += 1;
        }
        if n > MAX_MELDS {
            return Err(bad(format!("{n} melds: a Taiwan hand has at most 5 sets")));
        }
        let win = self.win_tile.get(i).copied().unwrap_or(255);
        let win_tile = Tile::new(win).ok_or_else(|| bad(format!("winning tile kind {win}: expected 0-33")))?;
        let consecutive = self.consecutive.get(i).copied().unwrap_or(0);
        if !(CONSECUTIVE.min..=CONSECUTIVE.max).contains(&(consecutive as i128)) {
            return Err(bad(format!("consecutive = {consecutive}: expected {}", CONSECUTIVE.allowed())));
        }
        let f = self.flags.get(i).copied().unwrap_or(0);
        let replacement = Replacement::from_code(self.replacement.get(i).copied().unwrap_or(0))
            .map_err(|e| bad(e.message().to_owned()))?;
        let ctx = WinContext {
            win_tile,
            seat_wind: self.seat_wind.get(i).copied().unwrap_or(0),
            round_wind: self.round_wind.get(i).copied().unwrap_or(0),
            flowers: self.flowers.get(i).copied().unwrap_or(0),
            self_draw: f & flags::SELF_DRAW != 0,
            dealer: f & flags::DEALER != 0,
            robbing_kong: f & flags::ROBBING_KONG != 0,
            last_tile: f & flags::LAST_TILE != 0,
            first_turn: f & flags::FIRST_TURN != 0,
            dealer_first_discard: f & flags::DEALER_FIRST_DISCARD != 0,
            declared_ready: f & flags::DECLARED_READY != 0,
            replacement,
            consecutive: consecutive as u16,
        };
        Ok((counts, melds, n, ctx))
    }

    /// Row `i` read and scored: the total tai (after the cap) and the pattern mask.
    pub fn score_row(&self, i: usize, rules: &TaiwanRules) -> Result<(u32, u64)> {
        let (counts, melds, n, ctx) = self.row(i)?;
        let s = score(&counts, &melds[..n], &ctx, rules)?;
        Ok((s.total, s.mask))
    }
}

/// Rows per parallel task.
const CHUNK: usize = 512;

/// Score every row of `cols` in parallel into `tai` and `patterns` (a bad row gets
/// -1 and 0). Returns the bad rows: every row's code, the first messages.
///
/// `cancel` is polled before each task of [`CHUNK`] rows; once it is set the call
/// returns [`Error::Cancelled`].
pub fn score_columns(
    cols: &Columns<'_>,
    rules: &TaiwanRules,
    tai: &mut [i32],
    patterns: &mut [u64],
    cancel: &Cancel,
) -> Result<RowErrors> {
    cols.check()?;
    let n = cols.n;
    if tai.len() != n || patterns.len() != n {
        return Err(Error::InvalidHand(format!(
            "output columns of {} and {} rows for {n} rows",
            tai.len(),
            patterns.len()
        )));
    }
    let mut codes = RowErrors::good_rows(n);
    tai.par_chunks_mut(CHUNK)
        .zip(patterns.par_chunks_mut(CHUNK))
        .zip(codes.par_chunks_mut(CHUNK))
        .enumerate()
        .for_each(|(ci, ((tai, mask), codes))| {
            if cancel.is_cancelled() {
                return;
            }
            for (j, ((t, m), code)) in tai.iter_mut().zip(mask.iter_mut()).zip(codes.iter_mut()).enumerate() {
                match cols.score_row(ci * CHUNK + j, rules) {
                    Ok((total, mk)) => {
                        *t = total as i32;
                        *m = mk;
                    }
                    Err(e) => {
                        *t = -1;
                        *m = 0;
                        *code = row_code(&e);
                    }
                }
            }
        });
    cancel.check()?;
    Ok(RowErrors::collect(codes, |i| cols.score_row(i, rules).err()))
}
