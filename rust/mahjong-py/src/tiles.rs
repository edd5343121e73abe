//! Tile and meld classes and the notation conversions.

use crate::convert;
use crate::errors::IntoPyResult;
use mahjong_core::tile::{counts_of, format_counts, format_mpsz, to_ids};
use mahjong_core::{Meld, MeldKind, RTile, Tile};
use pyo3::prelude::*;

/// Converters of the checked arguments (ranges declared in the core).
mod arg {
    crate::text_param!(kind);
    crate::int_param!(from_seat: Option<u8> = mahjong_core::hand::FROM_SEAT);
}

/// A tile kind with its red-five flag.
///
/// Example:
///     >>> Tile("0p").red, Tile("0p").kind, Tile("5z").name
///     (True, 13, 'White')
#[pyclass(name = "Tile", module = "mahjong_fast", frozen, eq, hash, ord, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyTile(pub RTile);

#[pymethods]
impl PyTile {
    #[new]
    fn new(tile: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyTile(convert::one_tile(tile)?))
    }
    /// Kind index 0..34 (Tenhou order: 1m..9m, 1p..9p, 1s..9s, E S W N White Green Red).
    #[getter]
    fn kind(&self) -> u8 {
        self.0.tile.id()
    }
    /// True for a red five.
    #[getter]
    fn red(&self) -> bool {
        self.0.red
    }
    /// Suit letter: m, p, s or z.
    #[getter]
    fn suit(&self) -> char {
        self.0.tile.suit().letter()
    }
    /// Number in the suit (1..9, honors 1..7).
    #[getter]
    fn number(&self) -> u8 {
        self.0.tile.number()
    }
    /// English name ("5p", "East", "White").
    #[getter]
    fn name(&self) -> &'static str {
        self.0.tile.name()
    }
    /// The Unicode tile character.
    #[getter]
    fn unicode(&self) -> char {
        self.0.tile.unicode()
    }
    fn is_honor(&self) -> bool {
        self.0.tile.is_honor()
    }
    fn is_terminal(&self) -> bool {
        self.0.tile.is_terminal()
    }
    /// The dora this tile indicates.
    fn dora(&self) -> PyTile {
        PyTile(RTile::plain(self.0.tile.dora_from_indicator()))
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Tile('{}')", self.0)
    }
}

/// A called or declared set.
///
/// Example:
///     >>> Meld("pon", "555z").kind, str(Meld("chi", "406m"))
///     ('pon', 'chi:406m')
#[pyclass(name = "Meld", module = "mahjong_fast", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMeld(pub Meld);

#[pymethods]
impl PyMeld {
    #[new]
    #[pyo3(signature = (kind, tiles, called=None, from_seat=None))]
    fn new(
        #[pyo3(from_py_with = arg::kind)] kind: &str,
        tiles: &Bound<'_, PyAny>,
        called: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = arg::from_seat)] from_seat: Option<u8>,
    ) -> PyResult<Self> {
        let kind = MeldKind::parse(kind).py_err()?;
        let t = convert::tiles(tiles)?;
        let called = called.map(convert::one_tile).transpose()?.map(|r| r.tile);
        Ok(PyMeld(Meld::new(kind, &t, called, from_seat).py_err()?))
    }
    /// chi, pon, daiminkan, kakan or ankan.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }
    /// The tiles as mpsz text.
    #[getter]
    fn tiles(&self) -> String {
        format_mpsz(&self.0.tiles())
    }
    /// The called tile.
    #[getter]
    fn called(&self) -> PyTile {
        PyTile(RTile::plain(self.0.called))
    }
    /// 0 self, 1 right, 2 opposite, 3 left.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // a Python property named for the seat, not a conversion
    fn from_seat(&self) -> u8 {
        self.0.from
    }
    #[getter]
    fn is_open(&self) -> bool {
        self.0.is_open()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!(
            "Meld('{}', '{}', called='{}', from_seat={})",
            self.0.kind.name(),
            format_mpsz(&self.0.tiles()),
            self.0.called,
            self.0.from
        )
    }
}

/// Parse tiles (mpsz text or 136-ids) into `Tile` objects.
///
/// Example:
///     >>> [str(t) for t in parse_tiles("12m0p")]
///     ['1m', '2m', '0p']
#[pyfunction]
pub fn parse_tiles(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<PyTile>> {
    Ok(convert::tiles(tiles)?.into_iter().map(PyTile).collect())
}

/// Canonical sorted mpsz text of tiles.
///
/// Example:
///     >>> to_mpsz([0, 4, 16, 135])
///     '120m7z'
#[pyfunction]
pub fn to_mpsz(tiles: &Bound<'_, PyAny>) -> PyResult<String> {
    let mut t = convert::tiles(tiles)?;
    t.sort_by_key(|r| (r.tile, !r.red));
    Ok(format_mpsz(&t))
}

/// 136-ids for tiles; red fives get 16/52/88, other copies the lowest free id.
///
/// Example:
///     >>> to_ids("0m5m1z")
///     [16, 17, 108]
#[pyfunction]
pub fn to_ids_py(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    let t = convert::tiles(tiles)?;
    Ok(to_ids(&t).py_err()?.into_iter().map(|i| i.id() as u32).collect())
}

/// The 34 counts of tiles (checks the four-copies limit).
///
/// Example:
///     >>> to_counts("11z")[27]
///     2
#[pyfunction]
pub fn to_counts(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    // u32, not u8: PyO3 turns Vec<u8> into bytes.
    let t = convert::tiles(tiles)?;
    Ok(counts_of(&t).py_err()?.0.iter().map(|&c| c as u32).collect())
}

/// mpsz text of 34 counts.
///
/// Example:
///     >>> from_counts([1] * 9 + [0] * 25)
///     '123456789m'
#[pyfunction]
pub fn from_counts(counts: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(format_counts(&convert::counts34(counts)?))
}

/// The Unicode tile characters of tiles.
///
/// Example:
///     >>> to_unicode("1m5z")
///     '🀇🀆'
#[pyfunction]
pub fn to_unicode(tiles: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(convert::tiles(tiles)?.iter().map(|t| t.tile.unicode()).collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTile>()?;
    m.add_class::<PyMeld>()?;
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(to_mpsz, m)?)?;
    m.add("to_ids", wrap_pyfunction!(to_ids_py, m)?)?;
    m.add_function(wrap_pyfunction!(to_counts, m)?)?;
    m.add_function(wrap_pyfunction!(from_counts, m)?)?;
    m.add_function(wrap_pyfunction!(to_unicode, m)?)?;
    let _ = Tile::EAST;
    Ok(())
}
