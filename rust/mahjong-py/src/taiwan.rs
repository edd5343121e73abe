//! Taiwan 16-tile scoring: conversion between Python values and `mahjong_core::taiwan`.
//! The rule logic (tai, exclusions) is in the core; the flower round logic is in
//! the package `mahjong_fast/taiwan/`.

use crate::batch::{error_arrays, threads_arg, ErrorArrays};
use crate::convert;
use crate::detach;
use crate::errors::{IntoPyResult, InvalidHandError};
use crate::rules::PyTaiwanRules;
use mahjong_core::batch::with_threads;
use mahjong_core::decompose::GroupKind;
use mahjong_core::taiwan::{self, batch, Pattern, Replacement, TaiScore, WinContext};
use mahjong_core::tile::counts_of;
use mahjong_core::Tile;
use numpy::{IntoPyArray, PyReadonlyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Converters of the checked arguments (ranges declared in the core).
mod arg {
    use mahjong_core::taiwan::arg;
    crate::int_param!(winner: u8 = arg::WINNER);
    crate::int_param!(dealer: u8 = arg::DEALER);
    crate::int_param!(discarder: Option<u8> = arg::DISCARDER);
    crate::int_param!(seat_wind: u8 = arg::SEAT_WIND);
    crate::int_param!(round_wind: u8 = arg::ROUND_WIND);
    crate::int_param!(flowers: u8 = arg::FLOWERS);
    crate::int_param!(consecutive: u16 = arg::CONSECUTIVE);
    crate::int_param!(tai: u32 = arg::TAI);
    crate::text_param!(replacement);
    crate::text_param!(kind);
    crate::flag_param!(self_draw);
    crate::flag_param!(is_dealer);
    crate::flag_param!(robbing_kong);
    crate::flag_param!(last_tile);
    crate::flag_param!(first_turn);
    crate::flag_param!(dealer_first_discard);
    crate::flag_param!(declared_ready);
    crate::class_param!(rules: crate::rules::PyTaiwanRules);
}

/// The payments of one win as (payer, payee, tai, amount) rows: the discarder alone,
/// or the three others when `discarder` is None (a self-draw). The dealer tai is in
/// the rows the dealer takes part in.
///
/// Example:
///     >>> taiwan_win_payments(1, 3, 0, 0, None, TaiwanRuleSet())
///     [(2, 1, 3, 160), (3, 1, 3, 160), (0, 1, 4, 180)]
#[pyfunction]
#[pyo3(signature = (winner, tai, dealer, consecutive, discarder, rules))]
pub fn taiwan_win_payments(
    #[pyo3(from_py_with = arg::winner)] winner: u8,
    #[pyo3(from_py_with = arg::tai)] tai: u32,
    #[pyo3(from_py_with = arg::dealer)] dealer: u8,
    #[pyo3(from_py_with = arg::consecutive)] consecutive: u16,
    #[pyo3(from_py_with = arg::discarder)] discarder: Option<u8>,
    #[pyo3(from_py_with = arg::rules)] rules: PyRef<'_, PyTaiwanRules>,
) -> PyResult<Vec<(u8, u8, u32, u64)>> {
    let pays = taiwan::win_payments(winner, tai, dealer, consecutive, discarder, &rules.0).py_err()?;
    Ok(pays.iter().map(|p| (p.payer, p.payee, p.tai, p.amount)).collect())
}

fn group_text(kind: GroupKind, t: Tile) -> String {
    match kind {
        GroupKind::Triplet => format!("{0}{0}{0}{1}", t.number(), t.suit().letter()),
        GroupKind::Sequence => format!("{}{}{}{}", t.number(), t.number() + 1, t.number() + 2, t.suit().letter()),
    }
}

fn score_to_py<'py>(py: Python<'py>, s: &TaiScore, complete: bool) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let pats: Vec<(&str, &str, &str, u8, u16)> = s
        .patterns()
        .iter()
        .map(|p| (p.pattern.key(), p.pattern.name_zh(), p.pattern.name_en(), p.count, p.tai))
        .collect();
    d.set_item("patterns", pats)?;
    d.set_item("total", s.total)?;
    d.set_item("uncapped", s.uncapped)?;
    d.set_item("dealer_tai", s.dealer_tai)?;
    d.set_item("mask", s.mask)?;
    if complete && s.five_sets {
        let dec = &s.decomposition;
        d.set_item("pair", format!("{0}{0}{1}", dec.pair.number(), dec.pair.suit().letter()))?;
        let groups: Vec<String> = dec.groups().iter().map(|g| group_text(g.kind, g.tile)).collect();
        d.set_item("groups", groups)?;
        d.set_item("win_group", s.win_group)?;
        d.set_item("wait", s.wait.name())?;
    }
    if complete {
        d.set_item("one_wait", s.one_wait)?;
    }
    Ok(d)
}

/// Score a winning Taiwan hand (the core of `mahjong_fast.taiwan.score`).
///
/// `hand` holds the concealed tiles with the winning tile; `flowers` is a bit mask
/// (bit i = flower i: 0..4 梅蘭菊竹, 4..8 春夏秋冬). Returns a dict of plain values.
///
/// Example:
///     >>> taiwan_score_raw("123m456m789m234p567p55s", None, "7p", 0, 0, 0, False, False, 0, "none", False, False, False, False, False, TaiwanRuleSet())["total"]
///     3
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (hand, melds, win_tile, flowers, seat_wind, round_wind, self_draw, dealer, consecutive, replacement, robbing_kong, last_tile, first_turn, dealer_first_discard, declared_ready, rules))]
pub fn taiwan_score_raw<'py>(
    py: Python<'py>,
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    win_tile: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = arg::flowers)] flowers: u8,
    #[pyo3(from_py_with = arg::seat_wind)] seat_wind: u8,
    #[pyo3(from_py_with = arg::round_wind)] round_wind: u8,
    #[pyo3(from_py_with = arg::self_draw)] self_draw: bool,
    #[pyo3(from_py_with = arg::is_dealer)] dealer: bool,
    #[pyo3(from_py_with = arg::consecutive)] consecutive: u16,
    #[pyo3(from_py_with = arg::replacement)] replacement: &str,
    #[pyo3(from_py_with = arg::robbing_kong)] robbing_kong: bool,
    #[pyo3(from_py_with = arg::last_tile)] last_tile: bool,
    #[pyo3(from_py_with = arg::first_turn)] first_turn: bool,
    #[pyo3(from_py_with = arg::dealer_first_discard)] dealer_first_discard: bool,
    #[pyo3(from_py_with = arg::declared_ready)] declared_ready: bool,
    #[pyo3(from_py_with = arg::rules)] rules: PyRef<'_, PyTaiwanRules>,
) -> PyResult<Bound<'py, PyDict>> {
    let tiles = convert::tiles(hand)?;
    let (counts, _) = counts_of(&tiles).py_err()?;
    let melds = convert::melds(melds)?;
    let win = convert::one_tile(win_tile)?.tile;
    let ctx = WinContext {
        win_tile: win,
        self_draw,
        seat_wind,
        round_wind,
        flowers,
        dealer,
        consecutive,
        replacement: Replacement::parse(replacement).py_err()?,
        robbing_kong,
        last_tile,
        first_turn,
        dealer_first_discard,
        declared_ready,
    };
    let s = taiwan::score(&counts, &melds, &ctx, &rules.0).py_err()?;
    score_to_py(py, &s, true)
}

/// The tai of a flower win: `kind` is "seven_rob_one" or "eight_immortals".
///
/// Example:
///     >>> taiwan_flower_win_raw("eight_immortals", 0, TaiwanRuleSet())["total"]
///     8
#[pyfunction]
pub fn taiwan_flower_win_raw<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::kind)] kind: &str,
    #[pyo3(from_py_with = arg::consecutive)] consecutive: u16,
    #[pyo3(from_py_with = arg::rules)] rules: PyRef<'_, PyTaiwanRules>,
) -> PyResult<Bound<'py, PyDict>> {
    let p = Pattern::from_key(kind).ok_or_else(|| {
        InvalidHandError::new_err(format!("{kind:?} is not a flower win (seven_rob_one or eight_immortals)"))
    })?;
    let s = taiwan::flower_win(p, consecutive, &rules.0).py_err()?;
    score_to_py(py, &s, false)
}

fn column<'py, T: numpy::Element>(cols: &Bound<'py, PyDict>, name: &str) -> PyResult<PyReadonlyArrayDyn<'py, T>> {
    let v = cols.get_item(name)?.ok_or_else(|| InvalidHandError::new_err(format!("missing column {name:?}")))?;
    v.extract::<PyReadonlyArrayDyn<'py, T>>().map_err(|_| {
        InvalidHandError::new_err(format!("column {name:?}: expected a NumPy {} array", std::any::type_name::<T>()))
    })
}

fn slice<'a, T: numpy::Element>(a: &'a PyReadonlyArrayDyn<'_, T>, name: &str) -> PyResult<&'a [T]> {
    a.as_slice().map_err(|_| InvalidHandError::new_err(format!("column {name:?}: must be C-contiguous")))
}

/// Score columns of Taiwan hands (the kernel of `mahjong_fast.taiwan.score_batch`):
/// C-ordered arrays of every input column of `batch_columns()["taiwan_score"]`, in
/// its dtypes. Returns the output columns (`tai`, `patterns`) and the bad rows (a
/// code per row, 0 good, 1 + the kind code, empty when every row scored; the first
/// messages).
///
/// Example:
///     >>> from mahjong_fast.taiwan import TaiwanRules, wins_to_columns
///     >>> full = wins_to_columns([{"hand": "123m456m789m234p567p55s", "win_tile": "7p"}])
///     >>> out, (codes, messages) = taiwan_score_columns(full, TaiwanRules.preset("common")._core)
///     >>> out["tai"].tolist(), len(codes)
///     ([3], 0)
#[pyfunction]
#[pyo3(signature = (columns, rules, threads=None))]
pub fn taiwan_score_columns<'py>(
    py: Python<'py>,
    columns: &Bound<'py, PyDict>,
    rules: &PyTaiwanRules,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyDict>, ErrorArrays<'py>)> {
    let threads = threads_arg(threads)?;
    let (concealed, win_tile) = (column::<u8>(columns, "concealed")?, column::<u8>(columns, "win_tile")?);
    let (meld_kind, meld_tile) = (column::<i32>(columns, "meld_kind")?, column::<i32>(columns, "meld_tile")?);
    let (seat_wind, round_wind) = (column::<u8>(columns, "seat_wind")?, column::<u8>(columns, "round_wind")?);
    let (flowers, flags) = (column::<u8>(columns, "flowers")?, column::<u8>(columns, "flags")?);
    let (replacement, consecutive) = (column::<u8>(columns, "replacement")?, column::<i32>(columns, "consecutive")?);
    let win = slice(&win_tile, "win_tile")?;
    let cols = batch::Columns {
        n: win.len(),
        concealed: slice(&concealed, "concealed")?,
        win_tile: win,
        meld_kind: slice(&meld_kind, "meld_kind")?,
        meld_tile: slice(&meld_tile, "meld_tile")?,
        seat_wind: slice(&seat_wind, "seat_wind")?,
        round_wind: slice(&round_wind, "round_wind")?,
        flowers: slice(&flowers, "flowers")?,
        flags: slice(&flags, "flags")?,
        replacement: slice(&replacement, "replacement")?,
        consecutive: slice(&consecutive, "consecutive")?,
    };
    cols.check().py_err()?;
    let n = cols.n;
    let r = rules.0;
    let (tai, mask, errors) = detach::run(py, |cancel| {
        let mut tai = vec![0i32; n];
        let mut mask = vec![0u64; n];
        let errors = with_threads(threads, || batch::score_columns(&cols, &r, &mut tai, &mut mask, cancel))??;
        Ok((tai, mask, errors))
    })?;
    let d = PyDict::new(py);
    d.set_item("tai", tai.into_pyarray(py))?;
    d.set_item("patterns", mask.into_pyarray(py))?;
    Ok((d, error_arrays(py, errors)))
}

/// Bit names of the Taiwan batch's `flags` column, in bit order.
///
/// Example:
///     >>> taiwan_flag_names()[:2]
///     ['self_draw', 'dealer']
#[pyfunction]
pub fn taiwan_flag_names() -> Vec<&'static str> {
    batch::flags::NAMES.to_vec()
}

/// The Taiwan API's integer arguments as the core declares them: name -> (lowest,
/// highest), for the checks the Python layer makes before a value reaches the core.
///
/// Example:
///     >>> taiwan_int_args()["consecutive"]
///     (0, 65535)
#[pyfunction]
pub fn taiwan_int_args() -> std::collections::BTreeMap<&'static str, (i128, i128)> {
    mahjong_core::taiwan::arg::ALL.iter().map(|a| (a.name, (a.min, a.max))).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(taiwan_int_args, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_score_raw, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_flower_win_raw, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_score_columns, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_flag_names, m)?)?;
    m.add_function(wrap_pyfunction!(taiwan_win_payments, m)?)?;
    Ok(())
}
