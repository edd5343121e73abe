//! Riichi scoring bindings: rule struct, win context and result conversion only.
//! Every rule lives in `mahjong_core::riichi`.

use crate::batch::{error_arrays, threads_arg, ErrorArrays};
use crate::convert;
use crate::detach;
use crate::errors::{self, to_py, InternalError, IntoPyResult, InvalidHandError, MahjongError};
use crate::json;
use crate::riichi_out::Block;
use crate::rules::{resolve_rules, PyRules};
use mahjong_core::batch::{with_threads, RowErrors, MAX_MESSAGES};
use mahjong_core::hand::Meld;
use mahjong_core::riichi::batch::{
    flag, score_columns as score_columns_core, score_prepared, score_rows, Columns, Prepared, INPUT,
};
use mahjong_core::riichi::context::{Indicators, WinContext};
use mahjong_core::riichi::nagashi::nagashi_mangan;
use mahjong_core::riichi::points::table_points;
use mahjong_core::riichi::points::{ExactPayments, MAX_BASE};
use mahjong_core::riichi::score::{score, score_exact, ExactPoints, ScoreResult};
use mahjong_core::riichi::value;
use mahjong_core::riichi::yaku::Yaku;
use mahjong_core::Error;
use mahjong_core::{Hand, RTile, Tile};
use numpy::PyReadonlyArrayDyn;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Converters of the integer arguments (ranges declared in the core).
pub mod arg {
    use mahjong_core::riichi::context::arg as ctx;
    use mahjong_core::riichi::points::arg as pts;
    crate::int_param!(winner: Option<u8> = ctx::WINNER);
    crate::int_param!(seat: u8 = ctx::WINNER);
    crate::int_param!(dealer: Option<u8> = ctx::DEALER);
    crate::int_param!(discarder: Option<u8> = ctx::DISCARDER);
    crate::int_param!(pao: Option<u8> = ctx::PAO);
    crate::int_param!(honba: u16 = ctx::HONBA);
    crate::int_param!(riichi_sticks: u16 = ctx::RIICHI_STICKS);
    crate::int_param!(kita: u8 = ctx::KITA);
    crate::int_param!(dealer_wins: u8 = ctx::DEALER_WINS);
    crate::int_param!(n_players: u8 = ctx::N_PLAYERS);
    crate::int_param!(han: u32 = pts::HAN);
    crate::int_param!(fu: u32 = pts::FU);
    crate::int_param!(yaku_han: u8 = mahjong_core::riichi::value::YAKU_HAN);
    crate::text_param!(key);
    crate::flag_param!(self_draw: Option);
    crate::flag_param!(tsumo: Option);
    crate::flag_param!(riichi);
    crate::flag_param!(double_riichi);
    crate::flag_param!(open_riichi);
    crate::flag_param!(discarder_riichi);
    crate::flag_param!(ippatsu);
    crate::flag_param!(haitei);
    crate::flag_param!(houtei);
    crate::flag_param!(rinshan);
    crate::flag_param!(chankan);
    crate::flag_param!(tenhou);
    crate::flag_param!(chiihou);
    crate::flag_param!(renhou);
    crate::flag_param!(yakuman);
}

/// One yaku of a result.
///
/// `YakuHan(key, han, yakuman=False)` builds one from its key; it compares by value,
/// pickles, and `to_dict()` / `YakuHan.from_dict` carry it as JSON-ready data.
///
/// Example:
///     >>> from mahjong_fast import score, YakuHan
///     >>> y = score("123m456p789s23455s", "2s", self_draw=True).yaku[0]
///     >>> y.key, y == YakuHan("menzen_tsumo", 1), YakuHan.from_dict(y.to_dict()) == y
///     ('menzen_tsumo', True, True)
#[pyclass(name = "YakuHan", module = "mahjong_fast", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyYakuHan {
    /// snake_case key.
    pub key: &'static str,
    /// English name.
    pub name: &'static str,
    pub romaji: &'static str,
    pub japanese: &'static str,
    /// Tenhou's yaku id.
    pub tenhou_id: u8,
    /// Han (for a yakuman: its multiple, 1 or 2).
    pub han: u8,
    /// True for a yakuman.
    pub yakuman: bool,
}

#[pymethods]
impl PyYakuHan {
    #[new]
    #[pyo3(signature = (key, han, yakuman=false))]
    fn new(
        #[pyo3(from_py_with = arg::key)] key: &str,
        #[pyo3(from_py_with = arg::yaku_han)] han: u8,
        #[pyo3(from_py_with = arg::yakuman)] yakuman: bool,
    ) -> PyResult<Self> {
        let y = Yaku::from_key(key)
            .ok_or_else(|| InvalidHandError::new_err(format!("key = {key:?} is not a yaku key (e.g. \"riichi\")")))?;
        Ok(yaku_han(y, han, yakuman))
    }
    /// The yaku as JSON-ready data (key, names, Tenhou id, han, yakuman).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let y = Yaku::from_key(self.key).ok_or_else(|| InvalidHandError::new_err("internal: unknown yaku key"))?;
        json::to_py(py, &value::yaku_to_value(y, self.han, self.yakuman))
    }
    /// The yaku of `to_dict()` (its `key`, `han` and `yakuman` are read).
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        let v = json::from_py(d, "YakuHan.from_dict")?;
        let (y, h) = value::yaku_from_value(&v).py_err()?;
        Ok(yaku_han(y, h, v.get("yakuman").and_then(|x| x.as_bool()).unwrap_or(false)))
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> json::Reduced<'py, (&'static str, u8, bool)> {
        let me = slf.get();
        Ok((slf.get_type().into_any(), (me.key, me.han, me.yakuman)))
    }
    fn __repr__(&self) -> String {
        if self.yakuman {
            format!("YakuHan({:?}, yakuman={})", self.key, self.han)
        } else {
            format!("YakuHan({:?}, han={})", self.key, self.han)
        }
    }
}

fn yaku_han(y: Yaku, han: u8, yakuman: bool) -> PyYakuHan {
    let i = y.info();
    PyYakuHan {
        key: i.key,
        name: i.english,
        romaji: i.romaji,
        japanese: i.japanese,
        tenhou_id: y.tenhou_id(),
        han,
        yakuman,
    }
}

/// The score of a win.
///
/// Results compare by value (every field, the win context included), pickle, and
/// `to_dict()` gives JSON-ready data that `ScoreResult.from_dict` reads back.
///
/// Example:
///     >>> import pickle
///     >>> from mahjong_fast import score, ScoreResult
///     >>> r = score("123m456p789s23455s", "2s", self_draw=True)
///     >>> (r.han, r.fu, r.points)
///     (2, 20, 1500)
///     >>> pickle.loads(pickle.dumps(r)) == r == ScoreResult.from_dict(r.to_dict())
///     True
#[pyclass(name = "ScoreResult", module = "mahjong_fast", frozen)]
#[derive(Clone)]
pub struct PyScoreResult {
    pub r: ScoreResult,
    pub ctx: WinContext,
    /// The exact points of an aotenjou hand past the 32-bit fields of `r` (which then
    /// hold them saturated); `None` when `r`'s own fields are exact. Boxed: every
    /// result carries the field, few hands need it.
    pub exact: Option<Box<ExactPoints>>,
}

/// A point value as a Python int: the exact one when the result has it.
fn int_of<'py>(py: Python<'py>, small: u32, exact: Option<u128>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match exact {
        Some(x) => x.into_pyobject(py)?.into_any(),
        None => small.into_pyobject(py)?.into_any(),
    })
}

/// The point fields `to_dict()` writes, with what the exact points hold for each.
const EXACT_FIELDS: [&str; 8] = [
    "base",
    "points",
    "ron_payment",
    "tsumo_dealer_payment",
    "tsumo_non_dealer_payment",
    "deltas",
    "payments",
    "total",
];

impl PyScoreResult {
    /// The exact points' values of [`EXACT_FIELDS`] as Python objects.
    fn exact_items<'py>(&self, py: Python<'py>, x: &ExactPoints) -> PyResult<Vec<(&'static str, Bound<'py, PyAny>)>> {
        let n = self.ctx.n_players as usize;
        let deltas = &x.pay.deltas[..n];
        let paid: Vec<u128> = deltas.iter().map(|&d| if d < 0 { d.unsigned_abs() } else { 0 }).collect();
        let values: [Bound<'py, PyAny>; 8] = [
            x.base.into_pyobject(py)?.into_any(),
            x.pay.points.into_pyobject(py)?.into_any(),
            x.pay.ron.into_pyobject(py)?.into_any(),
            x.pay.tsumo_dealer.into_pyobject(py)?.into_any(),
            x.pay.tsumo_non_dealer.into_pyobject(py)?.into_any(),
            deltas.to_vec().into_pyobject(py)?.into_any(),
            paid.into_pyobject(py)?.into_any(),
            x.pay.deltas[self.ctx.winner as usize & 3].into_pyobject(py)?.into_any(),
        ];
        Ok(EXACT_FIELDS.into_iter().zip(values).collect())
    }

    /// A result read back from `to_dict()`'s values. A base past [`MAX_BASE`] (an
    /// aotenjou hand past the 32-bit fields) makes the point fields exact points, read
    /// here; the core reads the rest, with those fields saturated as a scored result
    /// holds them.
    fn from_value(d: &Bound<'_, PyAny>, what: &str) -> PyResult<Self> {
        let wide = match d.cast::<PyDict>() {
            Ok(dict) => wide_fields(dict, what)?,
            Err(_) => None,
        };
        let Some((copy, wide)) = wide else {
            let (r, ctx) = value::result_from_value(&json::from_py(d, what)?).py_err()?;
            return Ok(PyScoreResult { r, ctx, exact: None });
        };
        let (r, ctx) = value::result_from_value(&json::from_py(copy.as_any(), what)?).py_err()?;
        let exact = exact_from_fields(&wide, &r, &ctx, what)?;
        if exact.pay.saturated() != r.pay || r.base as u128 != exact.base.min(u32::MAX as u128) {
            return Err(InvalidHandError::new_err(format!(
                "{what}: the point fields do not agree with the exact points (a base past {MAX_BASE} is exact)"
            )));
        }
        Ok(PyScoreResult { r, ctx, exact: Some(Box::new(exact)) })
    }
}

/// A copy of a result's dict with its point fields saturated, and those fields' integers.
type WideFields<'py> = (Bound<'py, PyDict>, Vec<Vec<i128>>);

/// The point fields of a dict whose `base` is past [`MAX_BASE`], as integers (each
/// field's values in [`EXACT_FIELDS`]' order), and a copy of the dict with them
/// saturated; `None` for any other dict.
fn wide_fields<'py>(d: &Bound<'py, PyDict>, what: &str) -> PyResult<Option<WideFields<'py>>> {
    let big = match d.get_item("base")? {
        Some(b) if b.is_instance_of::<pyo3::types::PyInt>() && !b.is_instance_of::<pyo3::types::PyBool>() => {
            b.gt(MAX_BASE)?
        }
        _ => false,
    };
    if !big {
        return Ok(None);
    }
    let py = d.py();
    let copy = d.copy()?;
    let mut wide = Vec::with_capacity(EXACT_FIELDS.len());
    for name in EXACT_FIELDS {
        let v = d.get_item(name)?.ok_or_else(|| InvalidHandError::new_err(format!("{what}: missing \"{name}\"")))?;
        let bad = || InvalidHandError::new_err(format!("{what}: \"{name}\" must be an integer or a list of integers"));
        let xs: Vec<i128> = if v.is_instance_of::<pyo3::types::PyList>() || v.is_instance_of::<pyo3::types::PyTuple>() {
            v.try_iter()?.map(|x| x.and_then(|x| x.extract::<i128>())).collect::<PyResult<_>>().map_err(|_| bad())?
        } else {
            vec![v.extract::<i128>().map_err(|_| bad())?]
        };
        if xs.len() > 4 {
            return Err(bad());
        }
        // As a scored result holds them: unsigned fields to u32, score changes to i32.
        let signed = matches!(name, "deltas" | "total");
        let clamp =
            |x: i128| if signed { x.clamp(i32::MIN as i128, i32::MAX as i128) } else { x.clamp(0, u32::MAX as i128) };
        if v.is_instance_of::<pyo3::types::PyList>() || v.is_instance_of::<pyo3::types::PyTuple>() {
            copy.set_item(name, xs.iter().map(|&x| clamp(x)).collect::<Vec<_>>())?;
        } else {
            copy.set_item(name, clamp(xs[0]).into_pyobject(py)?)?;
        }
        wide.push(xs);
    }
    Ok(Some((copy, wide)))
}

/// The exact points of a dict's point fields (`wide`: each field's integers, in
/// [`EXACT_FIELDS`]' order), checked against the fields the core read (their lengths,
/// signs and the winner's total).
fn exact_from_fields(wide: &[Vec<i128>], r: &ScoreResult, ctx: &WinContext, what: &str) -> PyResult<ExactPoints> {
    let bad = |field: &str, want: &str| InvalidHandError::new_err(format!("{what}: \"{field}\" must be {want}"));
    let one = |i: usize| -> PyResult<u128> {
        match wide[i].as_slice() {
            [x] if *x >= 0 => Ok(*x as u128),
            _ => Err(bad(EXACT_FIELDS[i], "a non-negative integer")),
        }
    };
    let n = ctx.n_players as usize;
    let mut deltas = [0i128; 4];
    if wide[5].len() != n {
        return Err(bad("deltas", &format!("a list of {n} integers (one per player)")));
    }
    deltas[..n].copy_from_slice(&wide[5]);
    let pay = ExactPayments {
        ron: one(2)?,
        tsumo_dealer: one(3)?,
        tsumo_non_dealer: one(4)?,
        points: one(1)?,
        honba: r.pay.honba as u128,
        sticks: r.pay.sticks as u128,
        deltas,
        pao_applied: r.pay.pao_applied,
    };
    let total = match wide[7].as_slice() {
        [t] => *t,
        _ => return Err(bad("total", "an integer")),
    };
    if total != deltas[ctx.winner as usize & 3] {
        return Err(bad("total", "the winner's entry of \"deltas\""));
    }
    // What the payers lose is the points and honba; the winner gains that and the sticks.
    let (honba, sticks) = (pay.honba as i128, pay.sticks as i128);
    if deltas.iter().sum::<i128>() != sticks || total != pay.points as i128 + honba + sticks {
        return Err(bad("deltas", "what the points, honba and sticks pay (they do not add up)"));
    }
    if pay.ron != if ctx.tsumo { 0 } else { pay.points } {
        return Err(bad("ron_payment", "the points on a ron, 0 on a tsumo"));
    }
    Ok(ExactPoints { base: one(0)?, pay })
}

#[pymethods]
impl PyScoreResult {
    /// Yaku with han (dora excluded; see `dora`, `ura`, `aka`, `kita`).
    #[getter]
    fn yaku(&self) -> Vec<PyYakuHan> {
        self.r
            .yaku
            .as_slice()
            .iter()
            .enumerate()
            .map(|(i, &(y, h))| yaku_han(y, h, self.r.is_yakuman_entry(i)))
            .collect()
    }
    /// Tenhou's list: (id, han) of yaku then dora, aka and ura (kita inside dora).
    #[getter]
    fn tenhou_yaku(&self) -> Vec<(u8, u8)> {
        self.r.tenhou_yaku().as_slice().iter().map(|&(y, h)| (y.tenhou_id(), h)).collect()
    }
    /// Total han (yaku and dora); 0 for a yakuman.
    #[getter]
    fn han(&self) -> u32 {
        self.r.han
    }
    /// Han from yaku alone.
    #[getter]
    fn yaku_han(&self) -> u32 {
        self.r.yaku_han
    }
    /// Yakuman multiple (0 for an ordinary hand).
    #[getter]
    fn yakuman(&self) -> u32 {
        self.r.yakuman
    }
    #[getter]
    fn dora(&self) -> u32 {
        self.r.dora
    }
    #[getter]
    fn ura(&self) -> u32 {
        self.r.ura
    }
    #[getter]
    fn aka(&self) -> u32 {
        self.r.aka
    }
    #[getter]
    fn kita(&self) -> u32 {
        self.r.kita
    }
    /// Fu (rounded; 25 for seven pairs).
    #[getter]
    fn fu(&self) -> u32 {
        self.r.fu
    }
    /// The fu breakdown: (key, description, fu) per line.
    #[getter]
    fn fu_items(&self) -> Vec<(&'static str, String, u8)> {
        self.r.fu_items.as_slice().iter().map(|(i, f)| (i.key(), i.describe(), *f)).collect()
    }
    /// The winning form: "standard", "chiitoitsu" or "kokushi".
    #[getter]
    fn form(&self) -> &'static str {
        value::form_name(self.r.form)
    }
    /// The wait the winning tile completed in the scoring reading.
    #[getter]
    fn wait(&self) -> &'static str {
        self.r.wait.name()
    }
    /// Limit name ("" below mangan): mangan, haneman, baiman, sanbaiman, kazoe yakuman, yakuman.
    #[getter]
    fn limit(&self) -> &'static str {
        value::limit_label(&self.r)
    }
    /// Base points.
    #[getter]
    fn base<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_of(py, self.r.base, self.exact.as_ref().map(|x| x.base))
    }
    /// Value before honba and sticks (what Tenhou shows as the hand's points).
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_of(py, self.r.pay.points, self.exact.as_ref().map(|x| x.pay.points))
    }
    /// Ron payment before honba (0 on tsumo).
    #[getter]
    fn ron_payment<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_of(py, self.r.pay.ron, self.exact.as_ref().map(|x| x.pay.ron))
    }
    /// Tsumo: the dealer's share (or every player's share when the dealer wins).
    #[getter]
    fn tsumo_dealer_payment<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_of(py, self.r.pay.tsumo_dealer, self.exact.as_ref().map(|x| x.pay.tsumo_dealer))
    }
    /// Tsumo by a non-dealer: each non-dealer's share.
    #[getter]
    fn tsumo_non_dealer_payment<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_of(py, self.r.pay.tsumo_non_dealer, self.exact.as_ref().map(|x| x.pay.tsumo_non_dealer))
    }
    /// Honba points received.
    #[getter]
    fn honba_points(&self) -> u32 {
        self.r.pay.honba
    }
    /// Riichi stick points received.
    #[getter]
    fn sticks_points(&self) -> u32 {
        self.r.pay.sticks
    }
    /// Everything the winner receives.
    #[getter]
    fn total<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let w = self.ctx.winner as usize & 3;
        Ok(match self.exact.as_deref() {
            Some(x) => x.pay.deltas[w].into_pyobject(py)?.into_any(),
            None => self.r.pay.deltas[w].into_pyobject(py)?.into_any(),
        })
    }
    /// Every seat's change of score (length = number of players).
    #[getter]
    fn deltas<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.ctx.n_players as usize;
        Ok(match self.exact.as_deref() {
            Some(x) => x.pay.deltas[..n].to_vec().into_pyobject(py)?.into_any(),
            None => self.r.pay.deltas[..n].to_vec().into_pyobject(py)?.into_any(),
        })
    }
    /// What each seat pays (0 for the winner and non-payers).
    #[getter]
    fn payments<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.ctx.n_players as usize;
        Ok(match self.exact.as_deref() {
            Some(x) => x.pay.deltas[..n]
                .iter()
                .map(|&d| if d < 0 { d.unsigned_abs() } else { 0 })
                .collect::<Vec<_>>()
                .into_pyobject(py)?
                .into_any(),
            None => self.r.pay.deltas[..n]
                .iter()
                .map(|&d| if d < 0 { d.unsigned_abs() } else { 0 })
                .collect::<Vec<_>>()
                .into_pyobject(py)?
                .into_any(),
        })
    }
    /// True when the liable player (pao) paid.
    #[getter]
    fn pao_applied(&self) -> bool {
        self.r.pay.pao_applied
    }
    #[getter]
    fn is_dealer(&self) -> bool {
        self.ctx.is_dealer()
    }
    /// True for a self-drawn win (tsumo).
    #[getter]
    fn self_draw(&self) -> bool {
        self.ctx.tsumo
    }
    /// Alias of `self_draw` (the riichi word).
    #[getter]
    fn tsumo(&self) -> bool {
        self.ctx.tsumo
    }
    #[getter]
    fn winner(&self) -> u8 {
        self.ctx.winner
    }
    /// Every field (and the win context, as `score`'s keyword arguments, under
    /// "context") as JSON-ready data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let d = json::to_py(py, &value::result_to_value(&self.r, &self.ctx))?;
        if let Some(x) = &self.exact {
            // The core's JSON numbers stop at 64 bits: exact points go in as Python ints.
            for (k, v) in self.exact_items(py, x)? {
                d.set_item(k, v)?;
            }
        }
        Ok(d)
    }
    /// The result `to_dict()` wrote (refused with the field named when malformed).
    #[staticmethod]
    fn from_dict(d: &Bound<'_, PyAny>) -> PyResult<Self> {
        Self::from_value(d, "ScoreResult.from_dict")
    }
    /// Unpickling: the JSON text `__reduce__` wrote.
    #[staticmethod]
    fn _from_json(text: &str) -> PyResult<Self> {
        let (r, ctx) = value::result_from_value(&json::parse(text, "ScoreResult")?).py_err()?;
        Ok(PyScoreResult { r, ctx, exact: None })
    }
    /// Pickled as compact JSON text, read back exactly (no rescoring); a result with
    /// exact points past 64 bits as its `to_dict()`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyAny>,))> {
        let me = slf.get();
        let py = slf.py();
        if me.exact.is_some() {
            return Ok((slf.get_type().getattr("from_dict")?, (me.to_dict(py)?,)));
        }
        let text = value::result_to_value(&me.r, &me.ctx).to_string();
        Ok((slf.get_type().getattr("_from_json")?, (text.into_pyobject(py)?.into_any(),)))
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, PyScoreResult>>()
            .is_ok_and(|o| o.r == self.r && o.ctx == self.ctx && o.exact == self.exact)
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.r, self.ctx, &self.exact).hash(&mut h);
        h.finish()
    }
    fn __repr__(&self) -> String {
        let names: Vec<String> = self
            .yaku()
            .iter()
            .map(|y| if y.yakuman { y.key.to_string() } else { format!("{} {}", y.key, y.han) })
            .collect();
        let mut extra = String::new();
        for (n, v) in [("dora", self.r.dora), ("aka", self.r.aka), ("ura", self.r.ura), ("kita", self.r.kita)] {
            if v > 0 {
                extra.push_str(&format!(", {n} {v}"));
            }
        }
        let value = if self.r.yakuman > 0 {
            self.limit().to_string()
        } else {
            let l = self.r.limit.name();
            format!("{} han {} fu{}{}", self.r.han, self.r.fu, if l.is_empty() { "" } else { " " }, l)
        };
        match self.exact.as_deref() {
            Some(x) => format!(
                "ScoreResult({value}, {} points, [{}{}], deltas={:?})",
                x.pay.points,
                names.join(", "),
                extra,
                &x.pay.deltas[..self.ctx.n_players as usize]
            ),
            None => format!(
                "ScoreResult({value}, {} points, [{}{}], deltas={:?})",
                self.r.pay.points,
                names.join(", "),
                extra,
                &self.r.pay.deltas[..self.ctx.n_players as usize]
            ),
        }
    }
}

fn indicators(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Indicators> {
    let Some(o) = obj else { return Ok(Indicators::default()) };
    if o.is_none() {
        return Ok(Indicators::default());
    }
    let t: Vec<Tile> = convert::tiles(o)?.into_iter().map(|r| r.tile).collect();
    Indicators::new(&t).map_err(|e| InvalidHandError::new_err(format!("{what}: {}", e.message())))
}

/// Context arguments as Python gave them.
pub struct Ctx<'a, 'py> {
    pub tsumo: bool,
    pub riichi: bool,
    pub double_riichi: bool,
    pub open_riichi: bool,
    pub discarder_riichi: bool,
    pub ippatsu: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub renhou: bool,
    pub seat_wind: Option<&'a Bound<'py, PyAny>>,
    pub round_wind: Option<&'a Bound<'py, PyAny>>,
    pub winner: Option<u8>,
    pub dealer: Option<u8>,
    pub discarder: Option<u8>,
    pub pao: Option<u8>,
    pub dora: Option<&'a Bound<'py, PyAny>>,
    pub ura: Option<&'a Bound<'py, PyAny>>,
    pub honba: u16,
    pub riichi_sticks: u16,
    pub kita: u8,
    pub n_players: u8,
    pub dealer_wins: u8,
}

impl Ctx<'_, '_> {
    /// Seats: explicit seats win; otherwise the seat wind places the winner with the
    /// dealer at seat 0 (a non-dealer, South, by default).
    pub fn build(&self) -> PyResult<WinContext> {
        let n_players = self.n_players;
        if !matches!(n_players, 3 | 4) {
            return Err(InvalidHandError::new_err(format!("n_players = {n_players}: expected 3 or 4")));
        }
        let sw = self.seat_wind.map(|o| convert::wind(o, "seat_wind")).transpose()?;
        let dealer = self.dealer.unwrap_or(0);
        let winner = match (self.winner, sw) {
            (Some(w), _) => w,
            (None, Some(s)) => ((s.index() - 27) as u8).wrapping_add(dealer) % n_players,
            (None, None) => dealer.wrapping_add(1) % n_players,
        };
        let ctx = WinContext {
            tsumo: self.tsumo,
            riichi: self.riichi || self.double_riichi || self.open_riichi,
            double_riichi: self.double_riichi,
            open_riichi: self.open_riichi,
            discarder_riichi: self.discarder_riichi,
            ippatsu: self.ippatsu,
            haitei: self.haitei,
            houtei: self.houtei,
            rinshan: self.rinshan,
            chankan: self.chankan,
            tenhou: self.tenhou,
            chiihou: self.chiihou,
            renhou: self.renhou,
            n_players,
            winner,
            dealer,
            discarder: self.discarder.unwrap_or((winner.wrapping_add(n_players - 1)) % n_players),
            round_wind: self.round_wind.map(|o| convert::wind(o, "round_wind")).transpose()?.unwrap_or(Tile::EAST),
            pao: self.pao,
            dora: indicators(self.dora, "dora")?,
            ura: indicators(self.ura, "ura")?,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            kita: self.kita,
            dealer_wins: self.dealer_wins,
        };
        if let Some(s) = sw {
            if ctx.winner < n_players && ctx.dealer < n_players && ctx.seat_wind() != s {
                return Err(InvalidHandError::new_err(format!(
                    "seat_wind {} does not match winner seat {} with dealer seat {}",
                    s.name(),
                    ctx.winner,
                    ctx.dealer
                )));
            }
        }
        Ok(ctx)
    }

    /// The same arguments read from a dict (keys as in `score`).
    pub fn from_dict<'a, 'py>(
        d: &'a Bound<'py, PyDict>,
        keep: &'a mut Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Ctx<'a, 'py>> {
        for k in d.keys() {
            let k: String = k.extract()?;
            // A row takes score's keywords but the rules (one rule set for the batch).
            if k == "rules" || !crate::riichi_call::PARAMS.contains(&k.as_str()) {
                let known: Vec<&str> = crate::riichi_call::PARAMS.into_iter().filter(|&n| n != "rules").collect();
                return Err(InvalidHandError::new_err(format!(
                    "unknown key {k:?} in a win (known: {})",
                    known.join(", ")
                )));
            }
        }
        let flag = |k: &str| -> PyResult<bool> {
            match d.get_item(k)? {
                Some(v) if !v.is_none() => {
                    v.extract().map_err(|_| InvalidHandError::new_err(format!("{k}: expected a bool")))
                }
                _ => Ok(false),
            }
        };
        // Integers through the converters of `score`'s own arguments: the same ranges
        // (declared in the core), the same ArgumentError naming the key.
        fn int<T>(d: &Bound<'_, PyDict>, k: &str, conv: fn(&Bound<'_, PyAny>) -> PyResult<T>) -> PyResult<Option<T>> {
            match d.get_item(k)? {
                Some(v) if !v.is_none() => conv(&v).map(Some),
                _ => Ok(None),
            }
        }
        keep.clear();
        let mut idx = [usize::MAX; 4];
        for (slot, k) in ["seat_wind", "round_wind", "dora", "ura"].iter().enumerate() {
            if let Some(v) = d.get_item(*k)? {
                if !v.is_none() {
                    idx[slot] = keep.len();
                    keep.push(v);
                }
            }
        }
        let keep: &'a Vec<Bound<'py, PyAny>> = keep;
        let get = |slot: usize| keep.get(idx[slot]);
        let self_draw = match (d.contains("self_draw")?, d.contains("tsumo")?) {
            (true, true) => return Err(InvalidHandError::new_err("give self_draw or its alias tsumo, not both")),
            (true, false) => flag("self_draw")?,
            _ => flag("tsumo")?,
        };
        Ok(Ctx {
            tsumo: self_draw,
            riichi: flag("riichi")?,
            double_riichi: flag("double_riichi")?,
            open_riichi: flag("open_riichi")?,
            discarder_riichi: flag("discarder_riichi")?,
            ippatsu: flag("ippatsu")?,
            haitei: flag("haitei")?,
            houtei: flag("houtei")?,
            rinshan: flag("rinshan")?,
            chankan: flag("chankan")?,
            tenhou: flag("tenhou")?,
            chiihou: flag("chiihou")?,
            renhou: flag("renhou")?,
            seat_wind: get(0),
            round_wind: get(1),
            winner: int(d, "winner", arg::winner)?.flatten(),
            dealer: int(d, "dealer", arg::dealer)?.flatten(),
            discarder: int(d, "discarder", arg::discarder)?.flatten(),
            pao: int(d, "pao", arg::pao)?.flatten(),
            dora: get(2),
            ura: get(3),
            honba: int(d, "honba", arg::honba)?.unwrap_or(0),
            riichi_sticks: int(d, "riichi_sticks", arg::riichi_sticks)?.unwrap_or(0),
            kita: int(d, "kita", arg::kita)?.unwrap_or(0),
            n_players: int(d, "n_players", arg::n_players)?.unwrap_or(4),
            dealer_wins: int(d, "dealer_wins", arg::dealer_wins)?.unwrap_or(0),
        })
    }
}

/// Concealed tiles (with or without the winning tile), melds and the winning tile.
pub fn hand_and_win(
    hand: &Bound<'_, PyAny>,
    win: Option<&Bound<'_, PyAny>>,
    melds: &[Meld],
) -> PyResult<(Hand, RTile)> {
    let mut tiles = convert::tiles(hand)?;
    let want = 14usize.saturating_sub(3 * melds.len());
    let w = match win {
        Some(w) if !w.is_none() => convert::one_tile(w)?,
        _ => *tiles.last().ok_or_else(|| InvalidHandError::new_err("empty hand: give the concealed tiles"))?,
    };
    if tiles.len() + 1 == want {
        tiles.push(w);
    }
    Ok((Hand::new(&tiles, melds, 4).py_err()?, w))
}

/// An argument given under its name or its older alias, not both.
pub fn alias<T>(name: Option<T>, old: Option<T>, key: &str, old_key: &str) -> PyResult<Option<T>> {
    match (name, old) {
        (Some(_), Some(_)) => Err(InvalidHandError::new_err(format!("give {key} or its alias {old_key}, not both"))),
        (a, b) => Ok(a.or(b)),
    }
}

/// A win as the core scores it: the hand (winning tile included), the winning tile
/// and the context.
type Win = (Hand, RTile, WinContext);

/// One row of `score()` keywords read into the core's row: the hand, winning tile
/// and context, checked as `score` checks its arguments.
fn prepare_win<'py>(
    item: &Bound<'py, PyAny>,
    keep: &mut Vec<Bound<'py, PyAny>>,
) -> PyResult<(Hand, RTile, WinContext)> {
    let d = item.cast::<PyDict>().map_err(|_| {
        InvalidHandError::new_err(format!(
            "each win is a dict with the keys of score(), got {}",
            item.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })?;
    let hand = d.get_item("hand")?.ok_or_else(|| InvalidHandError::new_err("a win needs a \"hand\""))?;
    let win = alias(d.get_item("win_tile")?, d.get_item("win")?, "win_tile", "win")?;
    let melds = d.get_item("melds")?;
    let (h, w) = hand_and_win(&hand, win.as_ref(), &convert::melds(melds.as_ref())?)?;
    let ctx = Ctx::from_dict(d, keep)?.build()?;
    Ok((h, w, ctx))
}

/// A row's error as a `MahjongError`: the library's own errors as they are, anything
/// else Python raised while reading the row (a `TypeError` of a value of the wrong
/// type, ...) as the `InvalidHandError` of that row, its type named.
fn row_error(py: Python<'_>, err: PyErr) -> PyErr {
    if err.is_instance_of::<MahjongError>(py) {
        return err;
    }
    let ty = err.get_type(py).name().map(|n| n.to_string()).unwrap_or_default();
    let new = InvalidHandError::new_err(format!("{ty}: {}", err.value(py)));
    new.set_cause(py, Some(err));
    new
}

/// Kind code (into `Error::KINDS`) and message of a row's Python error.
fn kind_of(py: Python<'_>, err: &PyErr) -> (u8, String) {
    let kind: String = err.value(py).getattr("kind").and_then(|k| k.extract()).unwrap_or_default();
    let code = Error::KINDS.iter().position(|&k| k == kind).unwrap_or(1) as u8;
    (code, err.value(py).to_string())
}

/// Read every row of `wins` (any iterable, read once), each into the core's row or
/// the error it raised (any error, as [`row_error`] makes it).
fn prepare_wins<'py>(py: Python<'py>, wins: &Bound<'py, PyAny>) -> PyResult<Vec<PyResult<Win>>> {
    let mut prepared = Vec::new();
    let mut keep = Vec::new();
    let iter = wins.try_iter().map_err(|_| {
        InvalidHandError::new_err("wins: expected a sequence of dicts with the keys of score(), or columns")
    })?;
    for item in iter {
        // An error of the iterator itself (a generator that raises) ends the batch: the
        // rows after it are not there to score.
        let item = item?;
        prepared.push(prepare_win(&item, &mut keep).map_err(|e| row_error(py, e)));
    }
    Ok(prepared)
}

/// Score wins given as dicts (the keys of `score`) on every core, or on `threads`.
///
/// Each item comes back as a `ScoreResult` or as the `MahjongError` it raised (with
/// `.row`: `first_row` plus its index); the GIL is released while scoring.
///
/// Example:
///     >>> from mahjong_fast._core import score_list, RiichiRules
///     >>> out = score_list([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}, {"hand": 5}], RiichiRules.preset("tenhou"))
///     >>> out[0].points, type(out[1]).__name__, out[1].row
///     (1500, 'TileParseError', 1)
#[pyfunction]
#[pyo3(signature = (wins, rules=None, threads=None, first_row=0))]
pub fn score_list(
    py: Python<'_>,
    wins: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    first_row: usize,
) -> PyResult<Vec<Py<PyAny>>> {
    let rules = resolve_rules(rules)?;
    let threads = threads_arg(threads)?;
    let prepared = prepare_wins(py, wins)?;
    let rows: Vec<(Hand, RTile, WinContext)> = prepared.iter().filter_map(|r| r.as_ref().ok().copied()).collect();
    let scored = detach::run(py, |cancel| with_threads(threads, || score_rows(&rows, &rules, cancel)).and_then(|r| r))?;
    let mut scored = scored.into_iter();
    let mut out = Vec::with_capacity(prepared.len());
    for (p, row) in prepared.into_iter().zip(first_row..) {
        match p {
            Err(e) => out.push(errors::with_row(py, e, row).into_value(py).into_any()),
            Ok((h, w, ctx)) => match scored.next() {
                Some(Ok(r)) => out.push(Py::new(py, PyScoreResult { r, ctx, exact: None })?.into_any()),
                // Result objects hold any value: an aotenjou hand past the 32-bit fields is
                // scored again, exactly (rare: the rows of a batch rarely reach 21 han).
                Some(Err(Error::PointsOverflow(_))) if rules.aotenjou => match score_exact(&h, w, &ctx, &rules) {
                    Ok((r, exact)) => {
                        out.push(Py::new(py, PyScoreResult { r, ctx, exact: exact.map(Box::new) })?.into_any())
                    }
                    Err(e) => out.push(errors::with_row(py, to_py(e), row).into_value(py).into_any()),
                },
                Some(Err(e)) => out.push(errors::with_row(py, to_py(e), row).into_value(py).into_any()),
                None => return Err(InternalError::new_err("fewer results than rows")),
            },
        }
    }
    Ok(out)
}

/// Output columns and bad rows of a riichi batch as Python receives them.
type ColumnsResult<'py> = PyResult<(Bound<'py, PyDict>, ErrorArrays<'py>)>;

/// Score wins given as dicts (the keys of `score`) into the batch's output columns
/// (the kernel of `score_many(rows, columns=True)`): each row read once, bad rows in
/// the error codes (0 good, 1 + the kind code; empty when every row scored).
///
/// Example:
///     >>> from mahjong_fast._core import score_dicts, RiichiRules
///     >>> cols, (codes, messages) = score_dicts([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}, {"hand": 5}])
///     >>> cols["points"].tolist(), codes.tolist(), len(messages)
///     ([1500, 0], [0, 1], 1)
#[pyfunction]
#[pyo3(signature = (wins, rules=None, threads=None))]
pub fn score_dicts<'py>(
    py: Python<'py>,
    wins: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> ColumnsResult<'py> {
    let rules = resolve_rules(rules)?;
    let threads = threads_arg(threads)?;
    let prepared = prepare_wins(py, wins)?;
    let n = prepared.len();
    let mut codes = RowErrors::good_rows(n);
    // The messages of the first refused rows, in row order: the first bad rows' are
    // among them or among the rows that fail to score.
    let mut refused: Vec<(usize, String)> = Vec::new();
    let mut rows: Vec<Prepared> = Vec::with_capacity(n);
    for (i, p) in prepared.into_iter().enumerate() {
        match p {
            Ok(r) => rows.push(Ok(r)),
            Err(e) => {
                let (code, message) = kind_of(py, &e);
                codes[i] = code + 1;
                if refused.len() < MAX_MESSAGES {
                    refused.push((i, message));
                }
                rows.push(Err(if code == 1 || code == 0 { 1 } else { 3 }));
            }
        }
    }
    let mut block = Block::take(n);
    {
        let out = block.columns(n).ok_or_else(|| InternalError::new_err("output block too small"))?;
        let codes = &mut codes;
        detach::run(py, |cancel| {
            with_threads(threads, || score_prepared(&rows, &rules, out, codes, cancel)).and_then(|r| r)
        })?;
    }
    let errors = RowErrors::with_messages(codes, |r| match refused.binary_search_by_key(&r, |m| m.0) {
        Ok(k) => std::mem::take(&mut refused[k].1),
        Err(_) => match rows.get(r) {
            Some(Ok((h, w, c))) => score(h, *w, c, &rules).err().map(|e| e.message().to_owned()).unwrap_or_default(),
            _ => String::new(),
        },
    });
    let d = PyDict::new(py);
    block.into_dict(&d, n)?;
    Ok((d, error_arrays(py, errors)))
}

fn column<'py>(cols: &Bound<'py, PyDict>, name: &str) -> PyResult<PyReadonlyArrayDyn<'py, i32>> {
    let v = cols.get_item(name)?.ok_or_else(|| InvalidHandError::new_err(format!("missing column {name:?}")))?;
    v.extract::<PyReadonlyArrayDyn<'py, i32>>()
        .map_err(|_| InvalidHandError::new_err(format!("column {name:?}: expected a NumPy int32 array")))
}

/// Score columns of wins (the kernel of `mahjong_fast.riichi.score_many` on
/// columns): int32 C-ordered arrays of every input column of
/// `batch_columns()["score"]`. Returns the output columns and the bad rows (a code
/// per row, 0 good, 1 + the kind code, empty when every row scored; the first
/// messages).
///
/// Example:
///     >>> from mahjong_fast.riichi import wins_to_columns
///     >>> from mahjong_fast._core import score_columns, RiichiRules
///     >>> cols = wins_to_columns([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}])
///     >>> out, (codes, messages) = score_columns(cols, RiichiRules.preset("tenhou"))
///     >>> int(out["points"][0]), len(codes)
///     (1500, 0)
#[pyfunction]
#[pyo3(signature = (columns, rules=None, threads=None))]
pub fn score_columns<'py>(
    py: Python<'py>,
    columns: &Bound<'py, PyDict>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> ColumnsResult<'py> {
    let rules = resolve_rules(rules)?;
    let threads = threads_arg(threads)?;
    let arrays: Vec<PyReadonlyArrayDyn<'py, i32>> =
        INPUT.iter().map(|c| column(columns, c.name)).collect::<PyResult<_>>()?;
    let mut slices: Vec<&[i32]> = Vec::with_capacity(INPUT.len());
    for (a, c) in arrays.iter().zip(INPUT.iter()) {
        slices.push(
            a.as_slice()
                .map_err(|_| InvalidHandError::new_err(format!("column {:?}: must be C-contiguous", c.name)))?,
        );
    }
    let [hand, win, meld_kind, meld_tile, meld_red, flags, winner, dealer, discarder, pao, round_wind, dora, ura, honba, riichi_sticks, kita, n_players, dealer_wins] =
        slices[..]
    else {
        return Err(InternalError::new_err("score_columns: column count"));
    };
    let n = win.len();
    let cols = Columns {
        n,
        hand,
        win,
        meld_kind,
        meld_tile,
        meld_red,
        flags,
        winner,
        dealer,
        discarder,
        pao,
        round_wind,
        dora,
        ura,
        honba,
        riichi_sticks,
        kita,
        n_players,
        dealer_wins,
    };
    cols.check().py_err()?;
    // The output columns live in one block reused from call to call (see riichi_out).
    let mut block = Block::take(n);
    let errors = {
        let out = block.columns(n).ok_or_else(|| InternalError::new_err("output block too small"))?;
        detach::run(py, |cancel| {
            with_threads(threads, || score_columns_core(&cols, &rules, out, cancel)).and_then(|r| r)
        })?
    };
    let d = PyDict::new(py);
    block.into_dict(&d, n)?;
    Ok((d, error_arrays(py, errors)))
}

/// The point table: value of `han` / `fu` for a dealer or not, ron or tsumo.
///
/// Returns a dict: base, limit, ron (discarder's payment), tsumo_dealer (dealer's share,
/// or each player's share when the dealer wins), tsumo_non_dealer, total (before honba).
/// Under aotenjou the values are exact at any size (Python ints); past 2^124 base
/// points (some 120 han, beyond any hand) `PointsOverflowError`.
///
/// Example:
///     >>> from mahjong_fast._core import hand_points, RiichiRules
///     >>> hand_points(3, 30, rules=RiichiRules.preset("standard"))["ron"]
///     3900
#[pyfunction]
#[pyo3(signature = (han, fu, *, rules=None, dealer=false, self_draw=false))]
pub fn hand_points<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::han)] han: u32,
    #[pyo3(from_py_with = arg::fu)] fu: u32,
    rules: Option<&Bound<'py, PyAny>>,
    dealer: bool,
    self_draw: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let tsumo = self_draw;
    let rules = PyRules(resolve_rules(rules)?);
    let ctx = WinContext {
        tsumo,
        winner: if dealer { 0 } else { 1 },
        dealer: 0,
        discarder: if dealer { 1 } else { 0 },
        ..WinContext::default()
    };
    let (base, limit, p) = table_points(han, fu, &ctx, &rules.0).py_err()?;
    let d = PyDict::new(py);
    d.set_item("base", base)?;
    d.set_item("limit", limit.name())?;
    d.set_item("ron", p.ron)?;
    d.set_item("tsumo_dealer", p.tsumo_dealer)?;
    d.set_item("tsumo_non_dealer", p.tsumo_non_dealer)?;
    d.set_item("total", p.points)?;
    Ok(d)
}

/// The payments of a nagashi mangan (流し満貫) by seat `winner`.
///
/// Returns a dict: points (the mangan, before honba), honba_points (0 unless the
/// rules' `nagashi_honba`), tsumo_dealer, tsumo_non_dealer (the shares) and deltas
/// (every seat's change; riichi sticks stay on the table).
///
/// Example:
///     >>> from mahjong_fast._core import nagashi_payments, RiichiRules
///     >>> nagashi_payments(1, rules=RiichiRules.preset("standard"))["deltas"]
///     [-4000, 8000, -2000, -2000]
#[pyfunction]
#[pyo3(signature = (winner, *, dealer=None, n_players=4, honba=0, rules=None))]
pub fn nagashi_payments<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::seat)] winner: u8,
    #[pyo3(from_py_with = arg::dealer)] dealer: Option<u8>,
    #[pyo3(from_py_with = arg::n_players)] n_players: u8,
    #[pyo3(from_py_with = arg::honba)] honba: u16,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rules = resolve_rules(rules)?;
    let p = nagashi_mangan(winner, dealer.unwrap_or(0), n_players, honba, &rules).py_err()?;
    let d = PyDict::new(py);
    d.set_item("points", p.points)?;
    d.set_item("honba_points", p.honba)?;
    d.set_item("tsumo_dealer", p.tsumo_dealer)?;
    d.set_item("tsumo_non_dealer", p.tsumo_non_dealer)?;
    d.set_item("deltas", p.deltas[..n_players as usize].to_vec())?;
    Ok(d)
}

/// Bit names of the `flags` column, in bit order.
///
/// Example:
///     >>> from mahjong_fast._core import score_flag_names
///     >>> score_flag_names()[:2]
///     ['tsumo', 'riichi']
#[pyfunction]
pub fn score_flag_names() -> Vec<&'static str> {
    flag::NAMES.to_vec()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_list, m)?)?;
    m.add_function(wrap_pyfunction!(score_columns, m)?)?;
    m.add_function(wrap_pyfunction!(score_dicts, m)?)?;
    m.add_function(wrap_pyfunction!(score_flag_names, m)?)?;
    m.add_function(wrap_pyfunction!(hand_points, m)?)?;
    m.add_function(wrap_pyfunction!(nagashi_payments, m)?)?;
    m.add_class::<PyYakuHan>()?;
    m.add_class::<PyScoreResult>()?;
    crate::riichi_call::register(m)?;
    Ok(())
}
