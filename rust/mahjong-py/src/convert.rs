//! Python values -> core types. A hand is accepted as mpsz text (`"123m406p"`), as a
//! sequence of 136-ids, or as a NumPy/sequence of 34 counts when `counts=True` is
//! given by the caller's signature. Nothing here computes rules.

use crate::args;
use crate::errors::{with_input, IntoPyResult, InvalidHandError, TileParseError};
use mahjong_core::error::quoted;
use mahjong_core::shanten::MAX_SETS;
use mahjong_core::tile::{parse_mpsz, TileId};
use mahjong_core::wind::{parse_wind, wind_from_seat, ACCEPTED};
use mahjong_core::{Counts, Meld, MeldKind, RTile, Tile};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

/// Tiles from mpsz text or a sequence of 136-ids (red fives from ids 16/52/88).
pub fn tiles(obj: &Bound<'_, PyAny>) -> PyResult<Vec<RTile>> {
    tiles_of(obj).map_err(|e| with_input(obj.py(), e, obj))
}

fn tiles_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<RTile>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_mpsz(args::str_of(s, "tiles")?).py_err();
    }
    // A list of ints (the usual id form): read in place, no vector of Python values.
    if let Ok(l) = obj.cast::<PyList>() {
        if let Some(ids) = small_ids(l) {
            return ids_to_tiles(&ids[..l.len()]);
        }
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() || obj.hasattr("__len__")? {
        if let Ok(ids) = obj.extract::<Vec<i64>>() {
            return ids_to_tiles(&ids);
        }
        return tile_items(obj).ok_or_else(|| {
            TileParseError::new_err(format!(
                "expected mpsz text, a sequence of 136-tile ids or a sequence of tiles (\"5m\", Tile), got {}",
                args::describe(obj)
            ))
        })?;
    }
    Err(TileParseError::new_err(format!(
        "expected mpsz text or a sequence of 136-tile ids, got {}",
        obj.get_type().name()?
    )))
}

/// The items of a list of at most 18 exact ints (a hand or indicators), or None.
fn small_ids(l: &Bound<'_, PyList>) -> Option<[i64; 18]> {
    let mut out = [0i64; 18];
    if l.len() > out.len() {
        return None;
    }
    for (slot, item) in out.iter_mut().zip(l.iter()) {
        *slot = item.cast_exact::<PyInt>().ok()?.extract::<i64>().ok()?;
    }
    Some(out)
}

/// A sequence whose items are single tiles as mpsz text ("5m") or `Tile` objects (what
/// `to_dict` writes for indicators); None when an item is neither, Some(Err) when
/// one does not parse.
fn tile_items(obj: &Bound<'_, PyAny>) -> Option<PyResult<Vec<RTile>>> {
    let mut out = Vec::new();
    for item in obj.try_iter().ok()? {
        let item = item.ok()?;
        if let Ok(t) = item.extract::<crate::tiles::PyTile>() {
            out.push(t.0);
        } else if item.is_instance_of::<PyString>() {
            match one_tile(&item) {
                Ok(t) => out.push(t),
                Err(e) => return Some(Err(e)),
            }
        } else {
            return None;
        }
    }
    Some(Ok(out))
}

/// A hand for the shanten family: what `tiles` takes, or 34 counts (a sequence of
/// exactly 34 integers: no hand has 34 tiles, so it cannot be meant as ids).
pub fn hand_tiles(obj: &Bound<'_, PyAny>) -> PyResult<Vec<RTile>> {
    if !obj.is_instance_of::<PyString>() && obj.len().ok() == Some(34) {
        if let Ok(v) = obj.extract::<Vec<i64>>() {
            let c = counts_of_values(&v).map_err(|e| with_input(obj.py(), e, obj))?;
            let mut out = Vec::with_capacity(14);
            for (k, &n) in c.iter().enumerate() {
                if let Some(t) = Tile::new(k as u8) {
                    out.extend(std::iter::repeat_n(RTile::plain(t), n as usize));
                }
            }
            return Ok(out);
        }
    }
    tiles(obj)
}

/// Concealed counts read straight from a hand with no melds, without building tiles:
/// a list or tuple of 136-ids, of 34 counts or of `Tile` objects (mpsz text is read
/// by the core). `None` when the value is anything else or anything is off (a bad id
/// or count, a repeated id, a fifth copy, a second red five): the general path then
/// names the fault.
pub fn closed_counts(obj: &Bound<'_, PyAny>) -> Option<Counts> {
    if let Ok(l) = obj.cast::<PyList>() {
        // SAFETY: a list's items by index (PyList_GetItem: borrowed, bounds-checked).
        return unsafe { counts_of_ints(l.as_ptr(), l.len(), ffi::PyList_GetItem) }
            .unwrap_or_else(|| counts_of_items(l.len(), l.iter()));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        // SAFETY: a tuple's items by index (PyTuple_GetItem: borrowed, bounds-checked).
        return unsafe { counts_of_ints(t.as_ptr(), t.len(), ffi::PyTuple_GetItem) }
            .unwrap_or_else(|| counts_of_items(t.len(), t.iter()));
    }
    None
}

/// What [`counts_of_items`] gives for a list or tuple whose items are all exact ints
/// fitting 64 bits (34 counts, or distinct 136-ids), read through borrowed references
/// without building a `Bound` per item or an error. `Some(None)`: such items, but
/// off (a bad count or id, a repeat, a wrong size); `None`: some item is no exact int
/// (a bool, a subclass, a Tile, a huge int), left to the item-by-item reader.
///
/// # Safety
/// `seq` is a live list or tuple of `len` items and `get` its item getter; nothing
/// runs Python code while the items are read (no item can change).
unsafe fn counts_of_ints(
    seq: *mut ffi::PyObject,
    len: usize,
    get: unsafe extern "C" fn(*mut ffi::PyObject, ffi::Py_ssize_t) -> *mut ffi::PyObject,
) -> Option<Option<Counts>> {
    let as_counts = len == 34;
    if !as_counts && len > 3 * MAX_SETS + 2 {
        return Some(None);
    }
    let (mut c, mut seen, mut ok) = ([0u8; 34], [0u64; 3], true);
    for i in 0..len {
        // SAFETY: i < len, the sequence's length; the item is borrowed from it.
        let item = unsafe { get(seq, i as ffi::Py_ssize_t) };
        // SAFETY: a non-null item is a live object; its type is read, not kept.
        if item.is_null() || unsafe { ffi::Py_TYPE(item) } != &raw mut ffi::PyLong_Type {
            return None;
        }
        let mut overflow = 0;
        // SAFETY: an exact int: the conversion sets no error, only `overflow`.
        let v = unsafe { ffi::PyLong_AsLongLongAndOverflow(item, &mut overflow) };
        if overflow != 0 {
            return None;
        }
        if !ok {
            continue;
        }
        if as_counts {
            // 34 counts (34 ids would be no hand).
            match u8::try_from(v) {
                Ok(n) if n <= 4 => c[i] = n,
                _ => ok = false,
            }
        } else {
            match usize::try_from(v) {
                Ok(id) if id < 136 && seen[id / 64] & (1 << (id % 64)) == 0 => {
                    seen[id / 64] |= 1 << (id % 64);
                    c[id / 4] += 1;
                }
                _ => ok = false,
            }
        }
    }
    Some(ok.then_some(c))
}

fn counts_of_items<'py>(len: usize, items: impl Iterator<Item = Bound<'py, PyAny>>) -> Option<Counts> {
    let mut c = [0u8; 34];
    if len == 34 {
        // 34 counts (34 ids would be no hand).
        for (k, item) in items.enumerate() {
            let n = item.cast::<PyInt>().ok()?.extract::<i64>().ok()?;
            c[k] = u8::try_from(n).ok().filter(|&n| n <= 4)?;
        }
        return Some(c);
    }
    if len > 3 * MAX_SETS + 2 {
        return None;
    }
    let (mut seen, mut red, mut objects) = ([0u64; 3], [0u8; 3], false);
    for item in items {
        if let Ok(i) = item.cast::<PyInt>() {
            let id = i.extract::<i64>().ok().filter(|i| (0..136).contains(i))? as usize;
            let (w, b) = (id / 64, id % 64);
            if seen[w] & (1 << b) != 0 {
                return None;
            }
            seen[w] |= 1 << b;
            c[id / 4] += 1;
        } else {
            let t = item.cast::<crate::tiles::PyTile>().ok()?.get().0;
            objects = true;
            c[t.tile.index()] += 1;
            if t.red {
                let s = t.tile.suit().index().min(2);
                red[s] += 1;
            }
        }
    }
    // Ids and Tile objects mixed are left to the general path (which refuses them);
    // distinct ids cannot make a fifth copy or a second red five, Tile objects can.
    let mixed = objects && seen != [0; 3];
    (!mixed && c.iter().all(|&n| n <= 4) && red.iter().all(|&r| r <= 1)).then_some(c)
}

/// 136-ids to tiles, rejecting out-of-range and duplicate ids.
pub fn ids_to_tiles(ids: &[i64]) -> PyResult<Vec<RTile>> {
    let mut seen = [0u64; 3];
    let mut out = Vec::with_capacity(ids.len());
    for &i in ids {
        if !(0..136).contains(&i) {
            return Err(TileParseError::new_err(format!("tile id {i} is out of range 0-135")));
        }
        let (w, b) = ((i / 64) as usize, i % 64);
        if seen[w] & (1 << b) != 0 {
            return Err(InvalidHandError::new_err(format!(
                "tile id {i} appears twice (each physical tile exists once)"
            )));
        }
        seen[w] |= 1 << b;
        out.push(TileId::new(i as u32).py_err()?.rtile());
    }
    Ok(out)
}

/// One tile: mpsz text of exactly one tile, or a 136-id.
pub fn one_tile(obj: &Bound<'_, PyAny>) -> PyResult<RTile> {
    one_tile_of(obj).map_err(|e| with_input(obj.py(), e, obj))
}

fn one_tile_of(obj: &Bound<'_, PyAny>) -> PyResult<RTile> {
    // Text is tested first: an integer extraction tried on text would build and
    // discard a Python exception on every call that names its tile as "5m".
    let Ok(s) = obj.cast::<PyString>() else {
        if let Ok(i) = obj.extract::<i64>() {
            if (0..136).contains(&i) {
                return Ok(TileId::new(i as u32).py_err()?.rtile());
            }
            return Ok(ids_to_tiles(&[i])?[0]);
        }
        return Err(TileParseError::new_err(format!(
            "expected a tile as mpsz text (\"5m\") or a 136-id, got {}",
            args::describe(obj)
        )));
    };
    let s = args::str_of(s, "tile")?;
    let t = parse_mpsz(s).py_err()?;
    if t.len() != 1 {
        return Err(TileParseError::new_err(format!("{}: expected exactly one tile, got {}", quoted(s), t.len())));
    }
    Ok(t[0])
}

/// 34 counts from any integer sequence (list, tuple, NumPy row).
pub fn counts34(obj: &Bound<'_, PyAny>) -> PyResult<[u8; 34]> {
    let v: Vec<i64> = obj.extract().map_err(|_| InvalidHandError::new_err("expected a sequence of 34 tile counts"))?;
    counts_of_values(&v)
}

fn counts_of_values(v: &[i64]) -> PyResult<[u8; 34]> {
    if v.len() != 34 {
        return Err(InvalidHandError::new_err(format!("expected 34 tile counts, got {}", v.len())));
    }
    let mut c = [0u8; 34];
    for (k, &x) in v.iter().enumerate() {
        if !(0..=4).contains(&x) {
            return Err(InvalidHandError::new_err(format!(
                "count {x} for {} is outside 0-4",
                Tile::new(k as u8).map(|t| t.to_string()).unwrap_or_default()
            )));
        }
        c[k] = x as u8;
    }
    Ok(c)
}

/// Parse a meld written as `"kind:tiles"` (e.g. `"pon:555z"`, `"chi:340m"`), or take a
/// `Meld` object.
pub fn meld(obj: &Bound<'_, PyAny>) -> PyResult<Meld> {
    // A cast, not an extraction: a failed extraction builds an error that text (the
    // usual form) would then discard.
    if let Ok(m) = obj.cast::<crate::tiles::PyMeld>() {
        return Ok(m.get().0);
    }
    let s = obj.cast::<PyString>().map_err(|_| {
        InvalidHandError::new_err(format!(
            "a meld is a Meld object or text like \"pon:555z\", got {}",
            args::describe(obj)
        ))
    })?;
    let s = args::str_of(s, "melds")?;
    let (kind, tiles_text) = s.split_once(':').ok_or_else(|| {
        InvalidHandError::new_err(format!("{}: a meld is written kind:tiles, e.g. \"chi:123m\"", quoted(s)))
    })?;
    let kind = MeldKind::parse(kind.trim()).py_err()?;
    let t = parse_mpsz(tiles_text).py_err()?;
    Meld::new(kind, &t, None, None).py_err()
}

/// Melds from `None` or a sequence.
pub fn melds(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Meld>> {
    match obj {
        None => Ok(vec![]),
        Some(o) if o.is_none() => Ok(vec![]),
        Some(o) => {
            if o.is_instance_of::<PyString>() {
                return Ok(vec![meld(o)?]);
            }
            // Not iterable (a number, a bool): the argument's error, not a TypeError.
            let items = o.try_iter().map_err(|_| {
                let kind = o.get_type().name().map(|n| n.to_string()).unwrap_or_default();
                InvalidHandError::new_err(format!(
                    "melds: expected a Meld, \"kind:tiles\" text or a sequence of them, got {kind}"
                ))
            })?;
            items.map(|m| meld(&m?)).collect()
        }
    }
}

/// A seat or round wind (0-3, E/S/W/N, East, 1z-4z, 東南西北) through the core's one
/// wind parser; `what` names the argument in the error.
pub fn wind(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Tile> {
    if let Ok(s) = obj.cast::<PyString>() {
        return parse_wind(what, crate::args::str_of(s, what)?).py_err();
    }
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(InvalidHandError::new_err(format!("{what} = {}: expected a wind ({ACCEPTED})", obj.repr()?)));
    }
    match obj.extract::<i64>() {
        Ok(i) => wind_from_seat(what, i).py_err(),
        Err(_) => Err(InvalidHandError::new_err(format!(
            "{what}: expected a wind ({ACCEPTED}), got {}",
            obj.get_type().name()?
        ))),
    }
}
