//! The Python exception tree: one root, `MahjongError(ValueError)`, and a subclass per
//! core error kind, so callers can catch broadly or precisely.

use mahjong_core::Error;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

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

/// Map a core error to its Python exception.
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
    }
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MahjongError", py.get_type::<MahjongError>())?;
    m.add("TileParseError", py.get_type::<TileParseError>())?;
    m.add("InvalidHandError", py.get_type::<InvalidHandError>())?;
    m.add("NoYakuError", py.get_type::<NoYakuError>())?;
    m.add("InvalidRuleError", py.get_type::<InvalidRuleError>())?;
    m.add("LayoutError", py.get_type::<LayoutError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("LogParseError", py.get_type::<LogParseError>())?;
    Ok(())
}
