//! Shanten, waits, ukeire, discards, decomposition and their batch forms: conversion
//! only. Every rule (forms, sizes, copies, parallel evaluation) lives in
//! `mahjong_core::shanten`.

use crate::batch::{error_arrays, threads_arg, ErrorArrays};
use crate::convert;
use crate::detach;
use crate::errors::{IntoPyResult, InvalidHandError};
use crate::fastcall::{add_function, finish, Signature};
use mahjong_core::args::IntArg;
use mahjong_core::batch::RowErrors;
use mahjong_core::decompose::GroupKind;
use mahjong_core::shanten::batch::{self, Rows};
use mahjong_core::shanten::query::{self, Split};
use mahjong_core::shanten::{tiles_of_mask, Forms, Shape};
use mahjong_core::tile::{counts_of, parse_mpsz};
use mahjong_core::{Counts, Hand, Tile};
use numpy::{IntoPyArray, PyReadonlyArray2, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList, PyString};
use std::ffi::CStr;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// `n_sets` from Python: sets of a complete hand, melds included (None: from the tile
/// count). Counts past any hand are capped; the core refuses what no hand can make.
fn sets_arg(n_sets: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    const N_SETS: IntArg = IntArg::new("n_sets", 0, i128::MAX);
    let Some(o) = n_sets else { return Ok(None) };
    let n: Option<i128> = crate::args::opt_int(o, N_SETS)?;
    Ok(n.map(|n| n.min(1 << 20) as usize))
}

fn hand_of(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    n_sets: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Hand, Shape)> {
    let tiles = convert::hand_tiles(hand)?;
    let melds = convert::melds(melds)?;
    query::hand_shape(&tiles, &melds, sets_arg(n_sets)?).py_err()
}

fn tile_names(mask: u64) -> Vec<String> {
    tiles_of_mask(mask).map(|t| t.to_string()).collect()
}

/// Visible tiles: mpsz text, or 34 counts (list, tuple or NumPy row).
fn visible_of(hand: &Hand, obj: Option<&Bound<'_, PyAny>>) -> PyResult<Counts> {
    let v = match obj {
        None => return Ok([0; 34]),
        Some(o) if o.is_none() => return Ok([0; 34]),
        Some(o) => {
            if let Ok(s) = o.cast::<PyString>() {
                counts_of(&parse_mpsz(crate::args::str_of(s, "visible")?).py_err()?).py_err()?.0
            } else {
                convert::counts34(o)?
            }
        }
    };
    query::check_visible(hand, &v).py_err()?;
    Ok(v)
}

static SHANTEN: Signature<3> = Signature::new("shanten", ["hand", "melds", "n_sets"], 3, 1);

/// `shanten`'s docstring, its text signature first (what `inspect.signature` reads).
const SHANTEN_DOC: &CStr = c"shanten(hand, melds=None, n_sets=None)
--

Shanten number of a hand: -1 complete, 0 tenpai (ready), n tiles from ready.

The minimum over the standard form (sets and a pair) and, for a closed 13/14-tile
riichi hand, seven pairs and thirteen orphans. Exact: the completed hand never
needs a fifth copy of a tile (melded copies count too).

Args:
    hand: concealed tiles: mpsz text (\"123m456p\"), 136-ids, `Tile` objects, or 34
        counts (a sequence of exactly 34 integers 0-4, in tile order).
    melds: `Meld` objects or \"kind:tiles\" text (\"pon:555z\"); kans count as sets.
    n_sets: sets of a complete hand, melds included (4 riichi, 5 Taiwan 16-tile);
        default from the tile count (13/14 -> 4, 16/17 -> 5, 3n+1/3n+2 -> n).

Example:
    >>> shanten(\"123m456p789s1122z\")
    0
    >>> shanten(\"1112345678999m1z\"), shanten(\"11m\", melds=[\"pon:111z\", \"chi:123p\", \"chi:456p\", \"chi:789s\"])
    (0, -1)
    >>> shanten(\"123456789m123p45s11z\")  # 16 tiles: Taiwan, 5 sets
    0
    >>> shanten([0, 4, 8, 12, 16, 20, 24, 28, 32, 108, 109, 112, 113])  # 136-ids
    0
    >>> shanten([1] * 9 + [0] * 18 + [2, 2, 0, 0, 0, 0, 0])  # 34 counts
    0";

/// `shanten(hand, melds=None, n_sets=None)`: a raw vectorcall entry (the most called
/// function of the package; see `fastcall.rs`), so a call costs no more than reading
/// its hand.
unsafe extern "C" fn shanten_entry(
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls this with the thread attached.
    let py = unsafe { Python::assume_attached() };
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the arguments are the interpreter's for this vectorcall.
        let [hand, melds, n_sets] = unsafe { SHANTEN.parse(py, args, nargs, kwnames) }?;
        let hand =
            hand.ok_or_else(|| PyTypeError::new_err("shanten() missing 1 required positional argument: 'hand'"))?;
        shanten(&hand, melds.as_deref(), n_sets.as_deref())
    }));
    finish(py, r)
}

fn shanten(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    n_sets: Option<&Bound<'_, PyAny>>,
) -> PyResult<i8> {
    // A closed hand in any form is read straight into counts (no tiles, no Hand);
    // anything the fast reader does not take (text that is not valid UTF-8, a bad or
    // repeated id, a wrong size) goes on to the general path, which names the fault.
    if melds.is_none_or(|m| m.is_none()) {
        let sets = sets_arg(n_sets)?;
        let fast = match hand.cast::<PyString>() {
            Ok(t) => t.to_str().ok().and_then(|t| query::closed_counts_of_text(t, sets)),
            Err(_) => convert::closed_counts(hand).and_then(|c| query::closed_counts(c, sets)),
        };
        if let Some((c, n)) = fast {
            return Ok(Shape::closed(n, Forms::for_game(n)).shanten(&c));
        }
    }
    let (h, shape) = hand_of(hand, melds, n_sets)?;
    Ok(shape.shanten(&h.concealed))
}

/// Shanten of each form: a dict with "standard", "chiitoitsu" and "kokushi" (None
/// where the form cannot apply: melds held, or not a 13/14-tile riichi hand) and
/// "shanten", their minimum.
///
/// Example:
///     >>> shanten_detail("1122m3344p5566s7z")
///     {'standard': 3, 'chiitoitsu': 0, 'kokushi': 10, 'shanten': 0}
#[pyfunction]
#[pyo3(signature = (hand, melds=None, n_sets=None))]
fn shanten_detail<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    melds: Option<&Bound<'py, PyAny>>,
    n_sets: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (h, shape) = hand_of(hand, melds, n_sets)?;
    let d = shape.detail(&h.concealed);
    let out = PyDict::new(py);
    out.set_item("standard", d.standard)?;
    out.set_item("chiitoitsu", d.chiitoitsu)?;
    out.set_item("kokushi", d.kokushi)?;
    out.set_item("shanten", d.min())?;
    Ok(out)
}

/// True when the hand (3n + 2 concealed tiles with its melds) is complete in some form.
///
/// Example:
///     >>> is_agari("123m456p789s11122z"), is_agari("123m456p789s11123z")
///     (True, False)
#[pyfunction]
#[pyo3(signature = (hand, melds=None, n_sets=None))]
fn is_agari(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    n_sets: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let (h, shape) = hand_of(hand, melds, n_sets)?;
    query::require_complete_size(&h, &shape, "is_agari").py_err()?;
    Ok(shape.is_agari(&h.concealed))
}

/// Tiles that complete a hand of 3n + 1 concealed tiles, in tile order ([] if it
/// is not ready). A tile whose four copies are all in the hand or its melds is not a
/// wait: there is no fifth to win on.
///
/// Example:
///     >>> waits("1112345678999m")
///     ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
///     >>> waits("1111m234p567p789s")
///     []
#[pyfunction]
#[pyo3(signature = (hand, melds=None, n_sets=None))]
fn waits(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    n_sets: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<String>> {
    let (h, shape) = hand_of(hand, melds, n_sets)?;
    query::require_waiting(&h, &shape, "waits").py_err()?;
    Ok(tile_names(shape.waits(&h.concealed)))
}

/// Ukeire of a hand of 3n + 1 concealed tiles: `(count, tiles)`, the tiles whose
/// draw lowers shanten and how many copies of them are left unseen.
///
/// Args:
///     visible: tiles seen outside the hand and its melds (discards, dora
///         indicators, other players' melds), as mpsz text or 34 counts.
///
/// Example:
///     >>> ukeire("123m456p789s1122z")
///     (4, ['1z', '2z'])
///     >>> ukeire("123m456p789s1122z", visible="1z")
///     (3, ['1z', '2z'])
#[pyfunction]
#[pyo3(signature = (hand, melds=None, visible=None, n_sets=None))]
fn ukeire(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    visible: Option<&Bound<'_, PyAny>>,
    n_sets: Option<&Bound<'_, PyAny>>,
) -> PyResult<(u32, Vec<String>)> {
    let (h, shape) = hand_of(hand, melds, n_sets)?;
    query::require_waiting(&h, &shape, "ukeire").py_err()?;
    let v = visible_of(&h, visible)?;
    let u = shape.ukeire(&h.concealed, &v);
    Ok((u.count, tile_names(u.tiles)))
}

/// Every distinct discard of a hand of 3n + 2 concealed tiles as
/// `(tile, shanten, ukeire)` after the discard, in tile order.
///
/// Example:
///     >>> [d for d in discards("123m456p789s1122z3z") if d[1] == 0]
///     [('3z', 0, 4)]
#[pyfunction]
#[pyo3(signature = (hand, melds=None, visible=None, n_sets=None))]
fn discards(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    visible: Option<&Bound<'_, PyAny>>,
    n_sets: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(String, i8, u32)>> {
    let (h, shape) = hand_of(hand, melds, n_sets)?;
    query::require_complete_size(&h, &shape, "discards").py_err()?;
    let v = visible_of(&h, visible)?;
    let d = shape.discards(&h.concealed, &v);
    Ok(d.as_slice().iter().map(|o| (o.tile.to_string(), o.shanten, o.ukeire.count)).collect())
}

fn group_text(kind: GroupKind, t: Tile) -> String {
    let suit = t.suit().letter();
    let n = t.number();
    match kind {
        GroupKind::Sequence => format!("{}{}{}{suit}", n, n + 1, n + 2),
        GroupKind::Triplet => format!("{n}{n}{n}{suit}"),
    }
}

fn split_dict<'py>(py: Python<'py>, s: &Split) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("form", s.form.name())?;
    if let Some(dec) = &s.decomposition {
        let t = dec.pair;
        d.set_item("pair", format!("{}{}{}", t.number(), t.number(), t.suit().letter()))?;
        let groups: Vec<String> = dec.groups().iter().map(|g| group_text(g.kind, g.tile)).collect();
        d.set_item("groups", groups)?;
    }
    if let Some(w) = &s.wait {
        d.set_item("wait", w.wait.name())?;
        d.set_item("win_group", w.group)?;
    }
    Ok(d)
}

/// Every reading of a complete hand (3n + 2 concealed tiles; melds stay fixed):
/// standard splits as {"form": "standard", "pair": "11z", "groups": ["123m", ...]},
/// then {"form": "chiitoitsu"} / {"form": "kokushi"} where they apply. With
/// `win_tile`, one entry per place the winning tile can take in a split, with
/// "wait" (ryanmen, kanchan, penchan, tanki, shanpon) and "win_group" (index in
/// "groups", None for the pair).
///
/// Example:
///     >>> [(d["groups"], d["wait"]) for d in decompose("123345m456p789s11z", win_tile="3m")]
///     [(['123m', '345m', '456p', '789s'], 'penchan'), (['123m', '345m', '456p', '789s'], 'ryanmen')]
#[pyfunction]
#[pyo3(signature = (hand, melds=None, win_tile=None, n_sets=None))]
fn decompose<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    melds: Option<&Bound<'py, PyAny>>,
    win_tile: Option<&Bound<'py, PyAny>>,
    n_sets: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let (h, shape) = hand_of(hand, melds, n_sets)?;
    let win = match win_tile {
        Some(w) if !w.is_none() => Some(convert::one_tile(w)?.tile),
        _ => None,
    };
    let splits = query::splits(&h, &shape, win).py_err()?;
    let out = PyList::empty(py);
    for s in &splits {
        out.append(split_dict(py, s)?)?;
    }
    Ok(out)
}

/// Batch input, extracted with the GIL held: a borrowed C-ordered (N, 34) uint8
/// array or the strings' UTF-8 buffers (borrowed, not copied). Other layouts and
/// dtypes are `mahjong_fast.batch`'s to convert, in bounded chunks.
enum Input<'py> {
    Array(PyReadonlyArray2<'py, u8>),
    Strings(Vec<PyBackedStr>),
}

fn batch_input<'py>(hands: &Bound<'py, PyAny>) -> PyResult<Input<'py>> {
    if hands.is_instance_of::<PyUntypedArray>() {
        let arr: PyReadonlyArray2<'py, u8> = hands.extract().map_err(|_| {
            InvalidHandError::new_err("hands: expected a C-ordered uint8 array of shape (N, 34) with tile counts")
        })?;
        let shape = arr.shape();
        // C order only: a Fortran-ordered array is contiguous too, but its bytes
        // run column by column.
        if shape[1] != 34 || !arr.is_c_contiguous() {
            return Err(InvalidHandError::new_err(format!(
                "hands: expected a C-ordered uint8 array of shape (N, 34), got shape ({}, {})",
                shape[0], shape[1]
            )));
        }
        return Ok(Input::Array(arr));
    }
    if hands.is_instance_of::<PyString>() {
        return Err(InvalidHandError::new_err(
            "hands: expected a sequence of mpsz strings or an (N, 34) uint8 array, got one string",
        ));
    }
    let v: Vec<PyBackedStr> = hands.extract().map_err(|_| {
        InvalidHandError::new_err("hands: expected a sequence of mpsz strings or an (N, 34) uint8 array")
    })?;
    Ok(Input::Strings(v))
}

/// A batch kernel's result as Python receives it: the values and the bad rows.
type RowsResult<'py> = PyResult<(Py<PyAny>, ErrorArrays<'py>)>;

/// Run one batch kernel over the input with the GIL released.
fn run_batch<'py, T: Send + Sync + Copy + numpy::Element>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    threads: Option<usize>,
    fill: T,
    kernel: impl Fn(&Rows<'_, PyBackedStr>, &mut [T]) -> RowErrors + Send + Sync,
) -> RowsResult<'py> {
    let input = batch_input(hands)?;
    let rows = match &input {
        Input::Array(arr) => Rows::Counts(arr.as_slice().unwrap_or_default()),
        Input::Strings(v) => Rows::Mpsz(v),
    };
    let n = rows.len();
    let (out, errs) = detach::run(py, |_| {
        batch::with_threads(threads, || {
            let mut out = vec![fill; n];
            let errs = kernel(&rows, &mut out);
            (out, errs)
        })
    })?;
    Ok((out.into_pyarray(py).into_any().unbind(), error_arrays(py, errs)))
}

/// Shanten of many hands (the kernel of `mahjong_fast.shanten_batch`, which takes any
/// input form): `(values, (codes, messages))`: one code per row (0 good, 1 + the
/// kind code into `error_kinds()`; empty when no row failed) and the first messages.
///
/// `hands` is a C-ordered (N, 34) uint8 array of concealed tile counts or a sequence
/// of mpsz strings. `values` is int8, -128 on a bad row.
///
/// Example:
///     >>> values, (codes, messages) = shanten_rows(["123m456p789s1122z", "11111m"])
///     >>> values.tolist(), codes.tolist()
///     ([0, -128], [0, 2])
#[pyfunction]
#[pyo3(signature = (hands, n_sets=None, threads=None))]
fn shanten_rows<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    n_sets: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> RowsResult<'py> {
    let (n_sets, threads) = (sets_arg(n_sets)?, threads_arg(threads)?);
    run_batch(py, hands, threads, 0i8, |rows, out| batch::shanten_rows(rows, n_sets, out))
}

/// Agari test of many hands (the kernel of `mahjong_fast.is_agari_batch`): a bool
/// array, False on a bad row. Same inputs as `shanten_rows`.
///
/// Example:
///     >>> values, errors = agari_rows(["123m456p789s11122z", "123m456p789s11123z"])
///     >>> values.tolist(), len(errors[0])
///     ([True, False], 0)
#[pyfunction]
#[pyo3(signature = (hands, n_sets=None, threads=None))]
fn agari_rows<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    n_sets: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> RowsResult<'py> {
    let (n_sets, threads) = (sets_arg(n_sets)?, threads_arg(threads)?);
    run_batch(py, hands, threads, false, |rows, out| batch::agari_rows(rows, n_sets, out))
}

/// Readings of many complete hands (the kernel of
/// `mahjong_fast.decomposition_count_batch`): int32, -1 on a bad row.
///
/// Example:
///     >>> values, errors = decomposition_count_rows(["111222333m11p456s", "1122m3344p5566s77z"])
///     >>> values.tolist()
///     [2, 1]
#[pyfunction]
#[pyo3(signature = (hands, n_sets=None, threads=None))]
fn decomposition_count_rows<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    n_sets: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> RowsResult<'py> {
    let (n_sets, threads) = (sets_arg(n_sets)?, threads_arg(threads)?);
    run_batch(py, hands, threads, 0i32, |rows, out| batch::decomposition_count_rows(rows, n_sets, out))
}

/// Bytes of the embedded shanten tables (reported by the benchmarks).
///
/// Example:
///     >>> shanten_table_bytes() < 4_000_000
///     True
#[pyfunction]
fn shanten_table_bytes() -> usize {
    mahjong_core::shanten::table::table_bytes()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_function(m, c"shanten", shanten_entry, SHANTEN_DOC)?;
    m.add_function(wrap_pyfunction!(shanten_detail, m)?)?;
    m.add_function(wrap_pyfunction!(is_agari, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    m.add_function(wrap_pyfunction!(ukeire, m)?)?;
    m.add_function(wrap_pyfunction!(discards, m)?)?;
    m.add_function(wrap_pyfunction!(decompose, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_rows, m)?)?;
    m.add_function(wrap_pyfunction!(agari_rows, m)?)?;
    m.add_function(wrap_pyfunction!(decomposition_count_rows, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_table_bytes, m)?)?;
    Ok(())
}
