//! The Python exception tree: one root, `MahjongError(ValueError)`, and a subclass per
//! core error kind, so callers can catch broadly or precisely. Every class carries
//! `kind` (the core's kind name, which is the class name), `input` (the offending value,
//! bounded, or None) and `row` (the batch row, or None); `ArgumentError` also carries
//! `argument`. Faults of the library itself (a caught panic) are `InternalError`, a
//! `RuntimeError`: never mistaken for a user's bad input. Documented in
//! `python/mahjong_fast/errors.py`.

use mahjong_core::error::QUOTE_CHARS;
use mahjong_core::Error;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

create_exception!(mahjong_fast, MahjongError, PyValueError, "Root of every error raised by mahjong_fast.");
create_exception!(mahjong_fast, TileParseError, MahjongError, "Tile text, id or character that cannot be read.");
create_exception!(mahjong_fast, InvalidHandError, MahjongError, "Tiles that cannot form the hand asked for.");
create_exception!(mahjong_fast, NoYakuError, MahjongError, "A complete riichi hand with no yaku.");
create_exception!(
    mahjong_fast,
    InvalidRuleError,
    MahjongError,
    "An unknown, out-of-range or contradictory rule option."
);
create_exception!(mahjong_fast, LayoutError, MahjongError, "A solitaire layout that cannot be used.");
create_exception!(mahjong_fast, IllegalMoveError, MahjongError, "A solitaire move that the rules forbid.");
create_exception!(mahjong_fast, IllegalActionError, MahjongError, "An engine action that is not legal now.");
create_exception!(mahjong_fast, LogParseError, MahjongError, "A game log that cannot be read.");
create_exception!(
    mahjong_fast,
    PointsOverflowError,
    MahjongError,
    "A value too large for where it goes: an aotenjou hand past the 32-bit columns of a batch (score() counts it exactly)."
);
create_exception!(
    mahjong_fast,
    ArgumentError,
    MahjongError,
    "An argument value the call does not take: an integer out of its range, text that is not valid Unicode, a size too large."
);
create_exception!(
    mahjong_fast,
    InternalError,
    PyRuntimeError,
    "A fault inside mahjong_fast itself (a bug, not bad input); please report it."
);

/// Map a core error to its Python exception (`Cancelled` becomes `KeyboardInterrupt`:
/// only a Ctrl-C sets the binding's tokens).
pub fn to_py(e: Error) -> PyErr {
    let msg = e.message().to_owned();
    match e {
        Error::TileParse(_) => TileParseError::new_err(msg),
        Error::InvalidHand(_) => InvalidHandError::new_err(msg),
        Error::NoYaku(_) => NoYakuError::new_err(msg),
        Error::InvalidRule(_) => InvalidRuleError::new_err(msg),
        Error::Layout(_) => LayoutError::new_err(msg),
        Error::IllegalMove(_) => IllegalMoveError::new_err(msg),
        Error::IllegalAction(_) => IllegalActionError::new_err(msg),
        Error::LogParse(_) => LogParseError::new_err(msg),
        Error::PointsOverflow(_) => PointsOverflowError::new_err(msg),
        Error::InvalidArgument { name, .. } => Python::attach(|py| {
            let err = ArgumentError::new_err(msg);
            let _ = err.value(py).setattr("argument", name);
            err
        }),
        Error::Cancelled => PyKeyboardInterrupt::new_err("interrupted"),
    }
}

/// `err` marked as the error of batch row `row` (its `.row` set; only on the
/// library's own classes, whose `row` is None until then).
pub fn with_row(py: Python<'_>, err: PyErr, row: usize) -> PyErr {
    if err.is_instance_of::<MahjongError>(py) {
        let _ = err.value(py).setattr("row", row);
    }
    err
}

/// Record `input` as the offending value of `err` when it is a `MahjongError` that
/// has none yet. Text longer than a message would quote is kept as its prefix (with
/// `…`), so an error never holds on to a huge string; other values are kept as they
/// are (a reference, not a copy).
pub fn with_input(py: Python<'_>, err: PyErr, input: &Bound<'_, PyAny>) -> PyErr {
    let value = err.value(py);
    if !err.is_instance_of::<MahjongError>(py) || !value.getattr("input").is_ok_and(|v| v.is_none()) {
        return err;
    }
    let kept = match input.cast::<PyString>() {
        Ok(s) if s.len().is_ok_and(|n| n > 4 * QUOTE_CHARS) => {
            let cut = pyo3::types::PySlice::new(py, 0, (4 * QUOTE_CHARS) as isize, 1);
            match s.get_item(cut).and_then(|h| h.add("…")) {
                Ok(head) => head,
                Err(_) => input.clone(),
            }
        }
        _ => input.clone(),
    };
    let _ = value.setattr("input", kept);
    err
}

/// `Result` conversion used by every binding.
pub trait IntoPyResult<T> {
    fn py_err(self) -> PyResult<T>;
}

impl<T> IntoPyResult<T> for Result<T, Error> {
    #[inline]
    fn py_err(self) -> PyResult<T> {
        self.map_err(to_py)
    }
}

/// Add a class to the module with its class attributes: `kind` (its own name: the
/// core's kind string), `input` and `row` (None until an instance sets them).
fn add_class<'py>(m: &Bound<'py, PyModule>, name: &str, class: Bound<'py, pyo3::types::PyType>) -> PyResult<()> {
    class.setattr("kind", name)?;
    class.setattr("input", m.py().None())?;
    class.setattr("row", m.py().None())?;
    m.add(name, class)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    add_class(m, "MahjongError", py.get_type::<MahjongError>())?;
    add_class(m, "TileParseError", py.get_type::<TileParseError>())?;
    add_class(m, "InvalidHandError", py.get_type::<InvalidHandError>())?;
    add_class(m, "NoYakuError", py.get_type::<NoYakuError>())?;
    add_class(m, "InvalidRuleError", py.get_type::<InvalidRuleError>())?;
    add_class(m, "LayoutError", py.get_type::<LayoutError>())?;
    add_class(m, "IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    add_class(m, "IllegalActionError", py.get_type::<IllegalActionError>())?;
    add_class(m, "LogParseError", py.get_type::<LogParseError>())?;
    add_class(m, "PointsOverflowError", py.get_type::<PointsOverflowError>())?;
    add_class(m, "ArgumentError", py.get_type::<ArgumentError>())?;
    py.get_type::<ArgumentError>().setattr("argument", py.None())?;
    add_class(m, "InternalError", py.get_type::<InternalError>())?;
    Ok(())
}
