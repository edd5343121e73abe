//! The batch convention shared by every batch call (shanten family, riichi scoring,
//! Taiwan scoring, solitaire solve-many and survey): columns declared once as
//! [`Column`] specs, a thread count, and a bounded table of row errors.
//!
//! A batch never stops at a bad row: the row gets its column's error value and its
//! kind in [`RowErrors`], one byte per row written in place by the kernel; only the
//! first [`MAX_MESSAGES`] bad rows keep their message, so a million bad rows cost a
//! megabyte, not a million strings.

use crate::error::{Error, Result};
use crate::hand::MeldKind;

/// Element type of a column, named as NumPy names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dtype {
    Bool,
    U8,
    I8,
    I16,
    I32,
    I64,
    U32,
    U64,
    /// Text (mpsz hands): a sequence of strings rather than an array.
    Str,
}

impl Dtype {
    /// The NumPy dtype name ("uint8", "int32", ...; "str" for text).
    pub fn name(self) -> &'static str {
        match self {
            Dtype::Bool => "bool",
            Dtype::U8 => "uint8",
            Dtype::I8 => "int8",
            Dtype::I16 => "int16",
            Dtype::I32 => "int32",
            Dtype::I64 => "int64",
            Dtype::U32 => "uint32",
            Dtype::U64 => "uint64",
            Dtype::Str => "str",
        }
    }
}

/// One column of a batch: what a caller passes in, or gets back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Column {
    pub name: &'static str,
    pub dtype: Dtype,
    /// Values per row: 1 for a plain column, `w` for an (N, w) column.
    pub width: usize,
    /// The value of an input column a caller leaves out (`None`: required); for an
    /// output column, the value a failed row holds.
    pub default: Option<i64>,
    pub doc: &'static str,
}

impl Column {
    pub const fn new(
        name: &'static str,
        dtype: Dtype,
        width: usize,
        default: Option<i64>,
        doc: &'static str,
    ) -> Column {
        Column { name, dtype, width, default, doc }
    }
}

/// The meld codes of every batch's `meld_kind` columns (riichi and Taiwan alike): the
/// index is the code, 0 an empty slot. Declared once here; the bindings export it
/// (`meld_codes()`) and the docs are written from it.
pub const MELD_CODES: [Option<MeldKind>; 6] = [
    None,
    Some(MeldKind::Chi),
    Some(MeldKind::Pon),
    Some(MeldKind::Daiminkan),
    Some(MeldKind::Kakan),
    Some(MeldKind::Ankan),
];

/// The meld kind of a `meld_kind` code: `Some(None)` for an empty slot, `None` for a
/// code outside the table.
#[inline(always)]
pub fn meld_of_code(code: i32) -> Option<Option<MeldKind>> {
    usize::try_from(code).ok().and_then(|c| MELD_CODES.get(c)).copied()
}

/// The names of [`MELD_CODES`] in code order ("none", "chi", "pon", ...).
pub fn meld_code_names() -> [&'static str; 6] {
    MELD_CODES.map(|k| k.map_or("none", |k| k.name()))
}

/// Messages kept per batch call: those of the first bad rows (by row number).
pub const MAX_MESSAGES: usize = 1000;

/// The code of a good row in [`RowErrors::codes`]; a bad row holds [`row_code`].
pub const GOOD_ROW: u8 = 0;

/// The code of a row that failed with `e`: 1 + [`Error::kind_code`].
#[inline]
pub fn row_code(e: &Error) -> u8 {
    e.kind_code() + 1
}

/// The bad rows of a batch as one byte per row of the batch, written in place by the
/// kernel as it evaluates the row (no list of bad rows is built): [`GOOD_ROW`] or
/// [`row_code`]; and the messages of the first [`MAX_MESSAGES`] bad rows. `codes` is
/// empty when no row failed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowErrors {
    pub codes: Vec<u8>,
    pub messages: Vec<String>,
}

impl RowErrors {
    /// A kernel's codes for `n` rows, all [`GOOD_ROW`]. Zeroed memory: the pages of
    /// rows that never fail are never written, so they cost nothing in most allocators.
    pub fn good_rows(n: usize) -> Vec<u8> {
        vec![GOOD_ROW; n]
    }

    /// From the codes a kernel wrote; `message_of(row)` evaluates a bad row again for
    /// its message (evaluation is pure, so it fails the same way), which only the first
    /// rows need.
    pub fn collect(codes: Vec<u8>, message_of: impl Fn(usize) -> Option<Error>) -> RowErrors {
        RowErrors::with_messages(codes, |r| message_of(r).map(|e| e.message().to_owned()).unwrap_or_default())
    }

    /// From the codes a kernel wrote and the message of each of the first bad rows.
    pub fn with_messages(codes: Vec<u8>, mut message_of: impl FnMut(usize) -> String) -> RowErrors {
        let messages: Vec<String> = bad_rows(&codes).take(MAX_MESSAGES).map(|(r, _)| message_of(r)).collect();
        let codes = if messages.is_empty() { Vec::new() } else { codes };
        RowErrors { codes, messages }
    }

    /// Every bad row and its kind code, in row order.
    pub fn bad(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        bad_rows(&self.codes)
    }

    /// The number of bad rows.
    pub fn len(&self) -> usize {
        self.codes.iter().filter(|&&c| c != GOOD_ROW).count()
    }

    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }
}

/// (row, kind code) of each bad row of `codes`, found a block at a time: blocks of good
/// rows are skipped by one OR over the block (which compiles to a few vector ops), so
/// scanning a batch without bad rows costs a fraction of an instruction a row.
fn bad_rows(codes: &[u8]) -> impl Iterator<Item = (usize, u8)> + '_ {
    const BLOCK: usize = 64;
    codes
        .chunks(BLOCK)
        .enumerate()
        .filter(|(_, block)| block.iter().fold(GOOD_ROW, |a, &c| a | c) != GOOD_ROW)
        .flat_map(|(b, block)| {
            block.iter().enumerate().filter(|&(_, &c)| c != GOOD_ROW).map(move |(r, &c)| (b * BLOCK + r, c - 1))
        })
}

/// Largest local pool a batch call may ask for.
pub const MAX_THREADS: usize = 1024;
/// `threads=` of every batch call (None, in the bindings, means every core).
pub const THREADS: crate::args::IntArg = crate::args::IntArg::new("threads", 1, MAX_THREADS as i128);

/// Run `f` in a local pool of `threads` threads, or in the global pool (all cores,
/// or RAYON_NUM_THREADS) when `None`.
pub fn with_threads<R: Send>(threads: Option<usize>, f: impl FnOnce() -> R + Send) -> Result<R> {
    match threads {
        None => Ok(f()),
        // A pool is real threads: refuse counts that would only exhaust the machine.
        Some(n) if THREADS.check(n as i128).is_err() => Err(THREADS.refuse(&n.to_string())),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map(|pool| pool.install(f))
            .map_err(|e| Error::InvalidRule(format!("threads = {n}: cannot start the pool ({e})"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_keep_every_row_and_the_first_messages() {
        let mut codes = RowErrors::good_rows(4000);
        for r in (0..3000).rev() {
            codes[r] =
                row_code(&if r % 2 == 0 { Error::TileParse(String::new()) } else { Error::InvalidHand(String::new()) });
        }
        let e = RowErrors::collect(codes, |r| Some(Error::InvalidHand(format!("row {r}"))));
        assert_eq!(e.len(), 3000);
        assert_eq!(e.codes.len(), 4000);
        assert_eq!(e.messages.len(), MAX_MESSAGES);
        assert_eq!(e.messages[7], "row 7");
        let bad: Vec<(usize, u8)> = e.bad().take(3).collect();
        assert_eq!(bad, [(0, 0), (1, 1), (2, 0)]);
        assert_eq!(Error::KINDS[1], "InvalidHandError");
        // A batch without bad rows keeps no codes.
        let none = RowErrors::collect(RowErrors::good_rows(10), |_| None);
        assert!(none.is_empty() && none.codes.is_empty() && none.messages.is_empty());
    }
}
