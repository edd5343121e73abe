//! Tile and meld classes and the notation conversions.

use crate::convert;
use crate::errors::{IntoPyResult, InvalidHandError};
use mahjong_core::tile::{counts_of, format_counts, format_mpsz, to_ids};
use mahjong_core::{Meld, MeldKind, RTile, Tile};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Converters of the checked arguments (ranges declared in the core).
mod arg {
    crate::text_param!(kind);
    crate::text_param!(what);
    crate::int_param!(from_seat: Option<u8> = mahjong_core::hand::FROM_SEAT);
}

/// A tile kind with its red-five flag. Tiles compare, hash and pickle by value;
/// `to_dict()` / `Tile.from_dict` carry one as JSON-ready data.
///
/// Example:
///     >>> Tile("0p").red, Tile("0p").kind, Tile("5z").name
///     (True, 13, 'White')
///     >>> Tile("0p").to_dict(), Tile.from_dict({"tile": "0p"}) == Tile("0p")
///     ({'tile': '0p', 'kind': 13, 'red': True}, True)
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
    /// `{"tile": mpsz, "kind": 0-33, "red": bool}`.
    #[allow(clippy::wrong_self_convention)] // the Python method's name
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("tile", self.0.to_string())?;
        d.set_item("kind", self.0.tile.id())?;
        d.set_item("red", self.0.red)?;
        Ok(d)
    }
    /// The tile of `to_dict()` (its "tile" is read).
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyTile(convert::one_tile(&dict_item(d, "Tile", "tile")?)?))
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::json::Reduced<'py, (String,)> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_string(),)))
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Tile('{}')", self.0)
    }
}

/// A called or declared set. Melds compare, hash and pickle by value; `to_dict()` /
/// `Meld.from_dict` carry one as JSON-ready data.
///
/// Example:
///     >>> Meld("pon", "555z").kind, str(Meld("chi", "406m"))
///     ('pon', 'chi:406m')
///     >>> Meld("chi", "406m").to_dict()
///     {'kind': 'chi', 'tiles': '406m', 'called': '4m', 'from_seat': 3}
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
    /// `{"kind", "tiles" (mpsz), "called" (mpsz), "from_seat"}`: the arguments of `Meld`.
    #[allow(clippy::wrong_self_convention)] // the Python method's name
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("kind", self.0.kind.name())?;
        d.set_item("tiles", format_mpsz(&self.0.tiles()))?;
        d.set_item("called", self.0.called.to_string())?;
        d.set_item("from_seat", self.0.from)?;
        Ok(d)
    }
    /// The meld of `to_dict()`.
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        let kind: String = dict_item(d, "Meld", "kind")?
            .extract()
            .map_err(|_| InvalidHandError::new_err("Meld.from_dict: \"kind\" must be a string"))?;
        let tiles = dict_item(d, "Meld", "tiles")?;
        let called = d.get_item("called").ok().filter(|c| !c.is_none());
        let from_seat = match d.get_item("from_seat").ok().filter(|f| !f.is_none()) {
            Some(f) => Some(
                f.extract::<u8>()
                    .map_err(|_| InvalidHandError::new_err("Meld.from_dict: \"from_seat\" must be 0-3"))?,
            ),
            None => None,
        };
        Self::new(&kind, &tiles, called.as_ref(), from_seat)
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> crate::json::Reduced<'py, (&'static str, String, String, u8)> {
        let m = slf.get().0;
        Ok((slf.get_type().into_any(), (m.kind.name(), format_mpsz(&m.tiles()), m.called.to_string(), m.from)))
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

/// `d[key]` of a dict given to a `from_dict`, or an error naming the class and key.
fn dict_item<'py>(d: &Bound<'py, PyAny>, class: &str, key: &str) -> PyResult<Bound<'py, PyAny>> {
    let d = d.cast::<PyDict>().map_err(|_| InvalidHandError::new_err(format!("{class}.from_dict: expected a dict")))?;
    d.get_item(key)?.ok_or_else(|| InvalidHandError::new_err(format!("{class}.from_dict: missing {key:?}")))
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

/// The seat number 0-3 of a wind written 0-3, E/S/W/N, East/South/West/North, 1z-4z
/// or 東南西北 (the one wind parser every game uses); `what` names the argument in
/// the error.
///
/// Example:
///     >>> parse_wind("S"), parse_wind("北"), parse_wind("3z"), parse_wind(0)
///     (1, 3, 2, 0)
#[pyfunction]
#[pyo3(signature = (wind, what = "wind"))]
pub fn parse_wind(wind: &Bound<'_, PyAny>, #[pyo3(from_py_with = arg::what)] what: &str) -> PyResult<u8> {
    let t = convert::wind(wind, what)?;
    Ok(mahjong_core::wind::wind_seat(t).unwrap_or(0))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse_wind, m)?)?;
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
