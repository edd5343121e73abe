//! The batch convention at the boundary: column specs and error kinds exported for
//! `mahjong_fast.batch`, `threads=` read once, and row errors handed over as arrays.

use mahjong_core::batch::{Column, RowErrors, MAX_MESSAGES};
use mahjong_core::Error;
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// Bad rows as Python receives them: one code per row (0 good, 1 + the kind code
/// into `error_kinds()`; empty when no row failed), moved, not copied; and the
/// messages of the first bad rows.
pub type ErrorArrays<'py> = (Bound<'py, PyArray1<u8>>, Vec<String>);

pub fn error_arrays(py: Python<'_>, e: RowErrors) -> ErrorArrays<'_> {
    (e.codes.into_pyarray(py), e.messages)
}

/// `threads` from Python: None (every core) or a count in the core's range.
pub fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    match threads {
        None => Ok(None),
        Some(o) => crate::args::opt_int(o, mahjong_core::batch::THREADS),
    }
}

/// The columns of one batch as dicts (name, dtype, width, default, doc).
fn specs<'py>(py: Python<'py>, cols: &[Column]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for c in cols {
        let d = PyDict::new(py);
        d.set_item("name", c.name)?;
        d.set_item("dtype", c.dtype.name())?;
        d.set_item("width", c.width)?;
        d.set_item("default", c.default)?;
        d.set_item("doc", c.doc)?;
        out.append(d)?;
    }
    Ok(out)
}

/// Column specs of every batch, declared in the core: `{batch: {"input": [...],
/// "output": [...]}}`, each column a dict with name, dtype, width, default, doc.
///
/// Example:
///     >>> batch_columns()["shanten"]["output"][0]["name"]
///     'shanten'
#[pyfunction]
pub fn batch_columns(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    use mahjong_core::riichi::batch as riichi;
    use mahjong_core::shanten::batch as sh;
    use mahjong_core::solitaire::batch as sol;
    use mahjong_core::taiwan::batch as taiwan;
    let all: [(&str, &[Column], &[Column]); 7] = [
        ("shanten", &sh::INPUT, &sh::SHANTEN_OUTPUT),
        ("is_agari", &sh::INPUT, &sh::AGARI_OUTPUT),
        ("decomposition_count", &sh::INPUT, &sh::COUNT_OUTPUT),
        ("score", &riichi::INPUT, &riichi::OUTPUT),
        ("taiwan_score", &taiwan::INPUT, &taiwan::OUTPUT),
        ("solve_many", &sol::SOLVE_MANY_INPUT, &sol::SOLVE_MANY_OUTPUT),
        ("survey", &sol::SURVEY_INPUT, &sol::SURVEY_OUTPUT),
    ];
    let d = PyDict::new(py);
    for (name, input, output) in all {
        let one = PyDict::new(py);
        one.set_item("input", specs(py, input)?)?;
        one.set_item("output", specs(py, output)?)?;
        d.set_item(name, one)?;
    }
    Ok(d)
}

/// Error kind names (the exception class names), indexed by the kind codes of a
/// batch's error rows; and how many messages a batch keeps.
///
/// Example:
///     >>> kinds, kept = error_kinds()
///     >>> kinds[1], kept
///     ('InvalidHandError', 1000)
#[pyfunction]
pub fn error_kinds() -> (Vec<&'static str>, usize) {
    (Error::KINDS.to_vec(), MAX_MESSAGES)
}

/// The meld codes of every batch's `meld_kind` columns (riichi and Taiwan): the
/// name of each code, in code order (0 = an empty slot).
///
/// Example:
///     >>> meld_codes()
///     ['none', 'chi', 'pon', 'daiminkan', 'kakan', 'ankan']
#[pyfunction]
pub fn meld_codes() -> Vec<&'static str> {
    mahjong_core::batch::meld_code_names().to_vec()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(meld_codes, m)?)?;
    m.add_function(wrap_pyfunction!(batch_columns, m)?)?;
    m.add_function(wrap_pyfunction!(error_kinds, m)?)?;
    Ok(())
}
