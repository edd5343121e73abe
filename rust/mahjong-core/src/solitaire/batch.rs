//! The columns of the solitaire batch calls (`survey` and `solve_many`, both run by
//! [`super::generate`]), declared once here in the batch convention of
//! [`crate::batch`]: the bindings export them and the Python results and the batch
//! docs are built from them.

use crate::batch::{Column, Dtype};

/// `verdict` of a row that is not a deal (see the batch's errors); 0-2 are the
/// verdicts in [`super::Verdict`] order (solvable, unsolvable, unknown).
pub const BAD_ROW: u8 = 255;

const VERDICT_DOC: &str = "0 solvable, 1 unsolvable (proven), 2 unknown (a limit stopped the solver); 255 a bad row";

/// `survey` takes no columns: its rows are the deals `start .. start + n` of a seed.
pub const SURVEY_INPUT: [Column; 0] = [];

/// `survey` output; no row of a survey can fail, so the defaults are never seen.
pub const SURVEY_OUTPUT: [Column; 4] = [
    Column::new("deal", Dtype::U64, 1, Some(0), "index of the deal in its seed's stream"),
    Column::new("verdict", Dtype::U8, 1, Some(BAD_ROW as i64), VERDICT_DOC),
    Column::new("micros", Dtype::U64, 1, Some(0), "solve time in microseconds"),
    Column::new("nodes", Dtype::U64, 1, Some(0), "solver nodes searched"),
];

/// `solve_many` input: one deal per row.
pub const SOLVE_MANY_INPUT: [Column; 1] =
    [Column::new("faces", Dtype::Str, 1, None, "the deal: one face name per layout slot, in slot order")];

/// `solve_many` output; a bad row holds the default.
pub const SOLVE_MANY_OUTPUT: [Column; 4] = [
    Column::new("verdict", Dtype::U8, 1, Some(BAD_ROW as i64), VERDICT_DOC),
    Column::new("moves", Dtype::U32, 1, Some(0), "pairs removed by the solution (0 unless solvable)"),
    Column::new("micros", Dtype::U64, 1, Some(0), "solve time in microseconds"),
    Column::new("nodes", Dtype::U64, 1, Some(0), "solver nodes searched"),
];
