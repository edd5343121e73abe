//! The scalar `score` call and [`PyScorer`]: arguments read by [`fastcall`] (keyword
//! names matched by identity), converted by the same converters as every other
//! call, scored by the core. `score` is the one hot scalar call of the package, so
//! its entry is a plain `METH_FASTCALL | METH_KEYWORDS` function rather than a
//! `#[pyfunction]` (docs/scalar_calls.md says what each part of a call costs).

use crate::convert;
use crate::errors::{ArgumentError, IntoPyResult};
use crate::fastcall::{add_function, finish, method_def, Signature};
use crate::riichi::{alias, arg, hand_and_win, Ctx, PyScoreResult};
use crate::rules::{resolve_rules, rules_object, PyRules};
use mahjong_core::riichi::score::{score, score_exact};
use mahjong_core::riichi::Rules;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::Borrowed;
use std::ffi::CStr;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// `score`'s parameters, in its signature's order (the slots of [`Signature::parse`]);
/// a row of `score_many` takes the same keys but `rules`.
pub(crate) const PARAMS: [&str; 32] = [
    "hand",
    "win_tile",
    "melds",
    "rules",
    "self_draw",
    "riichi",
    "double_riichi",
    "open_riichi",
    "discarder_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "seat_wind",
    "round_wind",
    "winner",
    "dealer",
    "discarder",
    "pao",
    "dora",
    "ura",
    "honba",
    "riichi_sticks",
    "kita",
    "n_players",
    "dealer_wins",
    "win",
    "tsumo",
];
const RULES: usize = 3;

static SCORE: Signature<32> = Signature::new("score", PARAMS, 3, 1);
static SCORER_SCORE: Signature<32> = Signature::new("Scorer.score", PARAMS, 3, 1);

/// `score`'s docstring, its text signature first (what `inspect.signature` reads).
const SCORE_DOC: &CStr = c"score_hand(hand, win_tile=None, melds=None, *, rules=None, self_draw=None, riichi=False, double_riichi=False, open_riichi=False, discarder_riichi=False, ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, seat_wind=None, round_wind=None, winner=None, dealer=None, discarder=None, pao=None, dora=None, ura=None, honba=0, riichi_sticks=0, kita=0, n_players=4, dealer_wins=0, win=None, tsumo=None)
--

Score a riichi win.

Args:
    hand: the concealed tiles (mpsz text or 136-ids), with or without the winning
        tile; without `win_tile`, the last tile written is the winning tile.
    win_tile: the winning tile (mpsz or 136-id).
    melds: `Meld` objects or text like \"pon:555z\", \"chi:340m\", \"ankan:1111s\".
    rules: a preset name (\"standard\", \"tenhou\", \"shiima-2025\", \"shiima-2026\"), a
        `RuleSet`, a dict of options or a TOML path (default \"standard\").
    self_draw, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan,
        tenhou, chiihou, renhou: how the hand was won (`self_draw`: tsumo).
    open_riichi: the riichi was declared open (オープン立直: 2 han, 3 with
        `double_riichi`); discarder_riichi: the discarder of a ron was already in
        riichi, so it pays as usual under the rule `open_riichi_deal_in`.
    seat_wind, round_wind: a wind as 0-3, \"E\"/\"S\"/\"W\"/\"N\", \"East\", \"1z\"-\"4z\" or
        東南西北 (the winner is South, a non-dealer, unless told); or explicit
        seats `winner`, `dealer`, `discarder`, `pao`.
    dora, ura: indicator tiles (mpsz text or ids).
    honba, riichi_sticks, kita (3-player north tiles), n_players.
    dealer_wins: hands the dealer won in a row before this one (0-255; draws
        do not count): the dealer's eighth win is paarenchan under the rule
        `paarenchan`.
    win, tsumo: older names of `win_tile` and `self_draw` (aliases; give one name).

Returns:
    ScoreResult with yaku, han, fu (itemized), limit, base points, payments and
    every seat's score change.

Raises:
    NoYakuError: the hand is complete but has no yaku.
    InvalidHandError: the tiles are not a winning hand or the context contradicts itself.

Example:
    >>> from mahjong_fast import score
    >>> r = score(\"111m456p789s11z\", \"1z\", melds=[\"pon:777z\"], seat_wind=\"E\", dora=\"6z\")
    >>> r.limit, r.points, r.deltas
    ('mangan', 12000, [12000, 0, 0, -12000])
    >>> score(\"123m456p789s23455s\", win_tile=\"2s\", self_draw=True).points
    1500";

/// Score one win from the call's arguments (`rules`: a [`PyScorer`]'s, else the
/// `rules=` argument).
fn score_slots(slots: &[Option<Borrowed<'_, '_, PyAny>>; 32], rules: Option<&Rules>) -> PyResult<PyScoreResult> {
    // Object arguments: None is "not given", as PyO3's `Option<&Bound>` reads it.
    let obj = |i: usize| slots[i].as_deref().filter(|o| !o.is_none());
    let flag = |i: usize, conv: fn(&Bound<'_, PyAny>) -> PyResult<bool>| slots[i].as_deref().map_or(Ok(false), conv);
    fn int<T: Default>(s: &Option<Borrowed<'_, '_, PyAny>>, conv: fn(&Bound<'_, PyAny>) -> PyResult<T>) -> PyResult<T> {
        s.as_deref().map_or(Ok(T::default()), conv)
    }
    let hand = slots[0]
        .as_deref()
        .ok_or_else(|| PyTypeError::new_err("score() missing 1 required positional argument: 'hand'"))?;
    let win_tile = alias(obj(1), obj(30), "win_tile", "win")?;
    let self_draw = alias(int(&slots[4], arg::self_draw)?, int(&slots[31], arg::tsumo)?, "self_draw", "tsumo")?;
    let (hand, win) = hand_and_win(hand, win_tile, &convert::melds(obj(2))?)?;
    let ctx = Ctx {
        tsumo: self_draw.unwrap_or(false),
        riichi: flag(5, arg::riichi)?,
        double_riichi: flag(6, arg::double_riichi)?,
        open_riichi: flag(7, arg::open_riichi)?,
        discarder_riichi: flag(8, arg::discarder_riichi)?,
        ippatsu: flag(9, arg::ippatsu)?,
        haitei: flag(10, arg::haitei)?,
        houtei: flag(11, arg::houtei)?,
        rinshan: flag(12, arg::rinshan)?,
        chankan: flag(13, arg::chankan)?,
        tenhou: flag(14, arg::tenhou)?,
        chiihou: flag(15, arg::chiihou)?,
        renhou: flag(16, arg::renhou)?,
        seat_wind: obj(17),
        round_wind: obj(18),
        winner: int(&slots[19], arg::winner)?,
        dealer: int(&slots[20], arg::dealer)?,
        discarder: int(&slots[21], arg::discarder)?,
        pao: int(&slots[22], arg::pao)?,
        dora: obj(23),
        ura: obj(24),
        honba: int(&slots[25], arg::honba)?,
        riichi_sticks: int(&slots[26], arg::riichi_sticks)?,
        kita: int(&slots[27], arg::kita)?,
        n_players: slots[28].as_deref().map_or(Ok(4), arg::n_players)?,
        dealer_wins: int(&slots[29], arg::dealer_wins)?,
    }
    .build()?;
    // Under aotenjou the points are counted exactly at any size (Python ints).
    let scored = |rules: &Rules| {
        if rules.aotenjou {
            score_exact(&hand, win, &ctx, rules)
        } else {
            score(&hand, win, &ctx, rules).map(|r| (r, None))
        }
    };
    let (r, exact) = match rules {
        Some(rules) => scored(rules),
        None => scored(&resolve_rules(obj(RULES))?),
    }
    .py_err()?;
    Ok(PyScoreResult { r, ctx, exact: exact.map(Box::new) })
}

/// `score(hand, win_tile=None, melds=None, *, rules=None, ...)`.
unsafe extern "C" fn score_entry(
    _module: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls this with the thread attached.
    let py = unsafe { Python::assume_attached() };
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the arguments are the interpreter's for this vectorcall.
        let slots = unsafe { SCORE.parse(py, args, nargs, kwnames) }?;
        score_slots(&slots, None)
    }));
    finish(py, r)
}

/// Scores wins under one rule set, read once: for a service or a loop that scores
/// many hands, `Scorer(rules).score(hand, win_tile, ...)` takes every keyword of
/// `score` except `rules` and skips reading the rules on each call.
///
/// Example:
///     >>> from mahjong_fast import Scorer
///     >>> scorer = Scorer("tenhou")
///     >>> r = scorer.score("123m456p789s23455s", "2s", self_draw=True, riichi=True, dora="1s")
///     >>> (r.han, r.fu, r.points)
///     (4, 20, 5200)
///     >>> scorer.score("234567m234p22s", "6m", melds=["chi:678s"]).points
///     1000
///     >>> scorer.rules.name
///     'tenhou'
#[pyclass(name = "Scorer", module = "mahjong_fast", frozen)]
pub struct PyScorer {
    rules: Rules,
    /// The `RuleSet` the rules were read from (what `rules` returns).
    source: Py<PyAny>,
}

#[pymethods]
impl PyScorer {
    /// `rules`: what `score` takes (a preset name, a `RuleSet`, a dict of options or a
    /// TOML path; default "standard").
    #[new]
    #[pyo3(signature = (rules=None))]
    fn new(py: Python<'_>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let source = rules_object(py, rules)?;
        let rules = source.getattr("core")?.cast::<PyRules>().map_err(PyErr::from)?.get().0;
        Ok(PyScorer { rules, source: source.unbind() })
    }
    /// The rule set (a `RuleSet`).
    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<PyAny> {
        self.source.clone_ref(py)
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Scorer({})", self.source.bind(py).repr()?))
    }
}

/// `Scorer.score(hand, win_tile=None, melds=None, *, ...)`.
unsafe extern "C" fn scorer_score_entry(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    // SAFETY: the interpreter calls this with the thread attached.
    let py = unsafe { Python::assume_attached() };
    let r = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: a method descriptor of `Scorer` passes a `Scorer` as `slf`.
        let me = unsafe { Borrowed::from_ptr(py, slf) };
        let me = me.cast::<PyScorer>().map_err(PyErr::from)?;
        // SAFETY: the arguments are the interpreter's for this vectorcall.
        let slots = unsafe { SCORER_SCORE.parse(py, args, nargs, kwnames) }?;
        if slots[RULES].is_some() {
            return Err(ArgumentError::new_err(
                "rules: a Scorer scores under the rules it was made with (make another Scorer for other rules)",
            ));
        }
        score_slots(&slots, Some(&me.get().rules))
    }));
    finish(py, r)
}

const SCORER_SCORE_DOC: &CStr = c"score($self, hand, win_tile=None, melds=None, *, self_draw=None, riichi=False, double_riichi=False, open_riichi=False, discarder_riichi=False, ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False, renhou=False, seat_wind=None, round_wind=None, winner=None, dealer=None, discarder=None, pao=None, dora=None, ura=None, honba=0, riichi_sticks=0, kita=0, n_players=4, dealer_wins=0, win=None, tsumo=None)
--

Score a win under this scorer's rules: the arguments of `score`, without `rules`.

Example:
    >>> from mahjong_fast import Scorer
    >>> Scorer().score(\"123m456p789s23455s\", \"2s\", self_draw=True).points
    1500";

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    add_function(m, c"score_hand", score_entry, SCORE_DOC)?;
    m.add_class::<PyScorer>()?;
    let ty = py.get_type::<PyScorer>();
    let def = method_def(c"score", scorer_score_entry, SCORER_SCORE_DOC);
    // SAFETY: `def` lives for the program; `ty` is the Scorer type.
    let d = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(ty.as_ptr().cast(), def)) }?;
    ty.setattr("score", d)?;
    Ok(())
}
