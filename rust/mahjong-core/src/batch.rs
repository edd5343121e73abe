//! The batch convention shared by every batch call (shanten family, riichi scoring,
//! Taiwan scoring, solitaire solve-many and survey): columns declared once as
//! [`Column`] specs, a thread count, and a bounded table of row errors.
//!
//! A batch never stops at a bad row: the row gets its column's error value and one
//! entry in [`RowErrors`]. Every bad row keeps its row number and error kind (a few
//! bytes each); only the first [`MAX_MESSAGES`] keep their message, so a million bad
//! rows cost a few megabytes, not a million strings.

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

/// The bad rows of a batch, in row order: every row and kind (see
/// [`Error::kind_code`]), the messages of the first [`MAX_MESSAGES`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowErrors {
    pub rows: Vec<u64>,
    pub kinds: Vec<u8>,
    pub messages: Vec<String>,
}

impl RowErrors {
    /// From the (row, kind code) pairs the parallel parts found, in any order;
    /// `message_of(row)` evaluates a bad row again for its message (evaluation is
    /// pure, so it fails the same way), which only the first rows need.
    pub fn collect(parts: Vec<(u64, u8)>, message_of: impl Fn(usize) -> Option<Error>) -> RowErrors {
        let mut parts = parts;
        parts.sort_unstable_by_key(|&(r, _)| r);
        let messages = parts
            .iter()
            .take(MAX_MESSAGES)
            .map(|&(r, _)| message_of(r as usize).map(|e| e.message().to_owned()).unwrap_or_default())
            .collect();
        let (rows, kinds) = parts.into_iter().unzip();
        RowErrors { rows, kinds, messages }
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
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
        let parts: Vec<(u64, u8)> = (0..3000u64).rev().map(|r| (r, (r % 2) as u8)).collect();
        let e = RowErrors::collect(parts, |r| Some(Error::InvalidHand(format!("row {r}"))));
        assert_eq!(e.len(), 3000);
        assert!(e.rows.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(e.messages.len(), MAX_MESSAGES);
        assert_eq!(e.messages[7], "row 7");
        assert_eq!(e.kinds[..3], [0, 1, 0]);
    }
}
