//! The RL environments' compiled tables: `RlTable` (one match through the fixed action
//! space: what the PettingZoo and Gymnasium classes wrap) and `VecEnv` (N tables
//! stepped in one GIL-released call over NumPy arrays it owns and reuses). Conversion
//! only: the tables, encodings and bots are `mahjong_core::engine::rl`.

// The constructors take the environments' keyword arguments one by one (what the
// Python signatures show).
#![allow(clippy::too_many_arguments)]

use crate::detach;
use crate::engine::action_dict;
use crate::engine_view::view_dict;
use crate::errors::IntoPyResult;
use crate::rules::load_rules;
use mahjong_core::engine::rl::actions::{action_name, MAX_LEGAL, N_ACTIONS};
use mahjong_core::engine::rl::bot::Bot;
use mahjong_core::engine::rl::features::{planes, N_PLANES};
use mahjong_core::engine::rl::table::{Reward, Table, TableConfig};
use mahjong_core::engine::rl::vector::{Outputs, VecEnv};
use mahjong_core::Error;
use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

mod arg {
    use mahjong_core::engine::arg;
    use mahjong_core::engine::rl::arg as rl;
    use pyo3::prelude::*;
    crate::int_param!(seat: u8 = arg::SEAT);
    crate::int_param!(seed: u64 = arg::SEED);
    crate::int_param!(opt_seed: Option<u64> = arg::SEED);
    crate::int_param!(action: i64 = rl::ACTION);
    crate::int_param!(bots: u8 = rl::BOTS);
    crate::int_param!(n: usize = rl::TABLES);
    crate::text_param!(bot);
    crate::text_param!(reward);
    pub fn reward_scale(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<f64> {
        crate::args::number(obj, "reward_scale")
    }
    /// Four numbers (first place to fourth), or None.
    pub fn rank_points(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<Option<[f64; 4]>> {
        if obj.is_none() {
            return Ok(None);
        }
        let bad = || {
            crate::args::named(
                obj,
                "rank_points",
                format!("rank_points must be 4 numbers, got {}", crate::args::describe(obj)),
            )
        };
        if obj.is_instance_of::<pyo3::types::PyString>() {
            return Err(bad());
        }
        let items: Vec<pyo3::Bound<'_, pyo3::PyAny>> =
            obj.try_iter().map_err(|_| bad())?.collect::<pyo3::PyResult<_>>().map_err(|_| bad())?;
        if items.len() != 4 {
            return Err(bad());
        }
        let mut out = [0f64; 4];
        for (o, x) in out.iter_mut().zip(&items) {
            *o = crate::args::number(x, "rank_points").map_err(|_| bad())?;
        }
        Ok(Some(out))
    }
}

/// The table set-up every constructor takes.
fn config<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'py, PyAny>>,
    scoring: Option<&Bound<'py, PyAny>>,
    bots: u8,
    bot: &str,
    reward: &str,
    reward_scale: f64,
    rank_points: Option<[f64; 4]>,
) -> PyResult<TableConfig> {
    let loaded = load_rules(py, rules, scoring)?;
    let c = TableConfig {
        rules: loaded.engine,
        scoring: loaded.scoring,
        bots,
        bot: Bot::from_name(bot).py_err()?,
        reward: Reward::parse(reward, reward_scale, rank_points).py_err()?,
    };
    c.check().py_err()?;
    Ok(c)
}

/// One riichi match played through the fixed action space of `mahjong_fast.env`
/// (indices 0-155, see `action_names`): the seat to act takes an index, the seats in
/// the `bots` mask are played by the built-in `bot`, observations are the planes of
/// `plane_names` built from each seat's view, and rewards come from the result
/// (`reward="results"`: the match rules' uma and oka, times `reward_scale`;
/// `reward="rank"`: `rank_points` by place). The walls follow `seed` exactly as
/// `Match(rules, seed=seed)` draws them. Not to be shared between threads.
///
/// Example:
///     >>> t = RlTable("tenhou", seed=1, bots=0b1110)
///     >>> t.acting
///     0
///     >>> obs, mask = t.observe(0)
///     >>> obs.shape, mask.shape, int(mask.sum()) > 0
///     ((53, 34), (156,), True)
///     >>> while not t.done:
///     ...     t.step(t.legal_actions()[-1])
///     >>> sorted(t.result()["ranks"])
///     [1, 2, 3, 4]
#[pyclass(name = "RlTable", module = "mahjong_fast")]
pub struct PyRlTable {
    table: Table,
}

#[pymethods]
impl PyRlTable {
    #[new]
    #[pyo3(signature = (rules = None, seed = 0, scoring = None, bots = 0, bot = "greedy", reward = "results", reward_scale = 1.0, rank_points = None))]
    fn new<'py>(
        py: Python<'py>,
        rules: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = arg::seed)] seed: u64,
        scoring: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = arg::bots)] bots: u8,
        #[pyo3(from_py_with = arg::bot)] bot: &str,
        #[pyo3(from_py_with = arg::reward)] reward: &str,
        #[pyo3(from_py_with = arg::reward_scale)] reward_scale: f64,
        #[pyo3(from_py_with = arg::rank_points)] rank_points: Option<[f64; 4]>,
    ) -> PyResult<Self> {
        let c = config(py, rules, scoring, bots, bot, reward, reward_scale, rank_points)?;
        Ok(PyRlTable { table: Table::new(c, seed).py_err()? })
    }

    /// Players at the table (3 or 4).
    #[getter]
    fn players(&self) -> u8 {
        self.table.players()
    }
    /// Seed of the match in play.
    #[getter]
    fn seed(&self) -> u64 {
        self.table.seed
    }
    /// The seat to act, None once the match is over.
    #[getter]
    fn acting(&self) -> Option<u8> {
        self.table.acting()
    }
    /// The match is over.
    #[getter]
    fn done(&self) -> bool {
        self.table.is_over()
    }
    /// Scores now (riichi sticks on the table are off them).
    #[getter]
    fn scores(&self) -> Vec<i32> {
        let n = self.table.players() as usize;
        let s = if self.table.is_over() { self.table.game().scores } else { self.table.round().scores };
        s[..n].to_vec()
    }
    /// Start a new match from `seed`.
    fn reset(&mut self, #[pyo3(from_py_with = arg::seed)] seed: u64) {
        self.table.reset(seed)
    }
    /// Take action index `action` for the acting seat (then the bots play). An index
    /// out of 0-155 is an `ArgumentError`, one not legal now or a step after the end
    /// an `IllegalActionError`; either changes nothing.
    fn step(&mut self, #[pyo3(from_py_with = arg::action)] action: i64) -> PyResult<()> {
        self.table.step(action).py_err()
    }
    /// The acting seat's legal action indices, in increasing order (empty once over).
    fn legal_actions(&self) -> Vec<u32> {
        self.table.legal().indices().map(|i| i as u32).collect()
    }
    /// The index the built-in `bot` would take for the acting seat now (None once
    /// over).
    fn bot_action(&mut self) -> Option<usize> {
        self.table.bot_index()
    }
    /// The engine action (a `Match` action dict) that index `action` takes now.
    fn engine_action<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::action)] action: i64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let a = self.table.check(action).py_err()?;
        action_dict(py, self.table.acting().unwrap_or(0), &a)
    }
    /// `seat`'s observation (float32, planes x 34) and action mask (uint8, 156; all
    /// zero unless `seat` is to act), new arrays.
    fn observe<'py>(&mut self, py: Python<'py>, #[pyo3(from_py_with = arg::seat)] seat: u8) -> PyResult<Observed<'py>> {
        check_seat(&self.table, seat)?;
        let obs = PyArray2::<f32>::zeros(py, [N_PLANES, 34], false);
        let mask = PyArray1::<u8>::zeros(py, N_ACTIONS, false);
        {
            let mut o = obs.readwrite();
            let mut m = mask.readwrite();
            let (Ok(o), Ok(m)) = (o.as_slice_mut(), m.as_slice_mut()) else {
                return Err(Error::InvalidArgument { name: "observe", message: "fresh arrays not contiguous".into() })
                    .py_err();
            };
            self.table.observe(seat, o, m);
        }
        Ok((obs, mask))
    }
    /// `seat`'s view of the table (as `Match.view`).
    fn view<'py>(&self, py: Python<'py>, #[pyo3(from_py_with = arg::seat)] seat: u8) -> PyResult<Bound<'py, PyDict>> {
        check_seat(&self.table, seat)?;
        view_dict(py, self.table.round(), seat)
    }
    /// Each seat's reward: zeros until the match is over.
    fn rewards(&self) -> Vec<f32> {
        self.table.rewards()[..self.table.players() as usize].to_vec()
    }
    /// The match result once over, as `Match.result` gives it (four entries; the
    /// empty seat of a three-player table has place 0), else None.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = self.table.result() else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("scores", r.scores.to_vec())?;
        d.set_item("ranks", r.ranks.iter().map(|&x| x as u32).collect::<Vec<u32>>())?;
        d.set_item("results", r.results.to_vec())?;
        Ok(Some(d))
    }
    fn __repr__(&self) -> String {
        let state = match self.table.acting() {
            Some(s) => format!("seat {s} to act"),
            None => "over".into(),
        };
        format!("RlTable(seed={}, {state})", self.table.seed)
    }
}

fn check_seat(t: &Table, seat: u8) -> PyResult<()> {
    if seat >= t.players() {
        return Err(Error::InvalidArgument {
            name: "seat",
            message: format!("seat {seat} is out of range 0-{} at this table", t.players() - 1),
        })
        .py_err();
    }
    Ok(())
}

/// `n` riichi tables stepped together in Rust, the GIL released (`threads`: None
/// for every core, 1 for the calling thread alone). Each row is one table's next
/// decision: `obs` (float32, n x planes x 34) of the seat to act (`seats`, uint8),
/// its legal actions `masks` (bool, n x 156), and for the step just taken `rewards`
/// (float32, n x 4, non-zero where a match ended) and `dones` (bool, n). A table
/// whose match ended is reset at once (table `i`'s `k`-th match has seed
/// `seed + i + k * n`). `step(actions)` takes one index per table (an int64 or int32
/// array of shape (n,)); every array returned is the same object every call,
/// overwritten by the next `step` or `reset` (copy what must be kept). Seats in the
/// `bots` mask are played by `bot`; rewards as `RlTable`. `legal` and `n_legal`
/// list each row's legal indices (for samplers that should not scan the masks).
///
/// Example:
///     >>> import numpy as np
///     >>> env = VecEnv(8, "tenhou", seed=1, threads=1)
///     >>> obs, masks, seats = env.reset()
///     >>> obs.shape, masks.shape, seats.shape
///     ((8, 53, 34), (8, 156), (8,))
///     >>> rng = np.random.default_rng(0)
///     >>> for _ in range(200):
///     ...     actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
///     ...     obs, masks, rewards, dones, seats = env.step(actions)
///     >>> bool(masks.any(axis=1).all())
///     True
///     >>> rows = np.arange(8)
///     >>> pick = env.legal[rows, (rng.random(8) * env.n_legal).astype(int)]
///     >>> bool(masks[rows, pick].all())
///     True
#[pyclass(name = "VecEnv", module = "mahjong_fast")]
pub struct PyVecEnv {
    env: VecEnv,
    obs: Py<PyArray3<f32>>,
    masks: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    seats: Py<PyArray1<u8>>,
    legal: Py<PyArray2<u8>>,
    n_legal: Py<PyArray1<u8>>,
}

/// One seat's planes and mask.
type Observed<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray1<u8>>);

/// What `reset` returns: planes, masks, seats.
type ResetArrays<'py> = (Bound<'py, PyArray3<f32>>, Bound<'py, PyArray2<bool>>, Bound<'py, PyArray1<u8>>);

/// What `step` returns: planes, masks, rewards, dones, seats.
type StepArrays<'py> = (
    Bound<'py, PyArray3<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<u8>>,
);

impl PyVecEnv {
    /// Run `f` on the tables with the five output arrays, the GIL released.
    fn with_outputs<F>(&mut self, py: Python<'_>, f: F) -> PyResult<()>
    where
        F: FnOnce(&mut VecEnv, Outputs<'_>) -> Result<(), Error> + Send,
    {
        let (mut o, mut m, mut r, mut d, mut s, mut l, mut nl) = (
            self.obs.bind(py).try_readwrite(),
            self.masks.bind(py).try_readwrite(),
            self.rewards.bind(py).try_readwrite(),
            self.dones.bind(py).try_readwrite(),
            self.seats.bind(py).try_readwrite(),
            self.legal.bind(py).try_readwrite(),
            self.n_legal.bind(py).try_readwrite(),
        );
        let busy = |name: &'static str| Error::InvalidArgument {
            name,
            message: format!("the environment's {name} array is borrowed or not writeable"),
        };
        let (Ok(o), Ok(m), Ok(r), Ok(d), Ok(s), Ok(l), Ok(nl)) =
            (o.as_mut(), m.as_mut(), r.as_mut(), d.as_mut(), s.as_mut(), l.as_mut(), nl.as_mut())
        else {
            return Err(busy("obs")).py_err();
        };
        let (Ok(obs), Ok(masks), Ok(rewards), Ok(dones), Ok(seats), Ok(legal), Ok(n_legal)) = (
            o.as_slice_mut(),
            m.as_slice_mut(),
            r.as_slice_mut(),
            d.as_slice_mut(),
            s.as_slice_mut(),
            l.as_slice_mut(),
            nl.as_slice_mut(),
        ) else {
            return Err(busy("obs")).py_err();
        };
        let env = &mut self.env;
        detach::run(py, move |_| f(env, Outputs { obs, masks, rewards, dones, seats, legal, n_legal }))
    }

    fn arrays<'py>(&self, py: Python<'py>) -> StepArrays<'py> {
        (
            self.obs.bind(py).clone(),
            self.masks.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.dones.bind(py).clone(),
            self.seats.bind(py).clone(),
        )
    }
}

/// `actions` as int64 values: a one-dimensional int64 or int32 NumPy array.
fn actions_arg(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let bad = |why: String| crate::args::named(obj, "actions", why);
    let shape_ok = |shape: &[usize]| shape.len() == 1 && shape[0] == n;
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, i64>>() {
        if !shape_ok(a.shape()) {
            return Err(bad(format!("actions must have shape ({n},), got {:?}", a.shape())));
        }
        return Ok(a.as_array().to_vec());
    }
    if let Ok(a) = obj.extract::<PyReadonlyArray1<'_, i32>>() {
        if !shape_ok(a.shape()) {
            return Err(bad(format!("actions must have shape ({n},), got {:?}", a.shape())));
        }
        return Ok(a.as_array().iter().map(|&x| x as i64).collect());
    }
    let what = match obj.cast::<numpy::PyUntypedArray>() {
        Ok(a) => format!("an array of dtype {} and shape {:?}", a.dtype(), a.shape()),
        Err(_) => crate::args::describe(obj),
    };
    Err(bad(format!("actions must be a NumPy int64 or int32 array of shape ({n},), got {what}")))
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (n, rules = None, seed = 0, scoring = None, bots = 0, bot = "random", reward = "results", reward_scale = 1.0, rank_points = None, threads = None))]
    fn new<'py>(
        py: Python<'py>,
        #[pyo3(from_py_with = arg::n)] n: usize,
        rules: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = arg::seed)] seed: u64,
        scoring: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = arg::bots)] bots: u8,
        #[pyo3(from_py_with = arg::bot)] bot: &str,
        #[pyo3(from_py_with = arg::reward)] reward: &str,
        #[pyo3(from_py_with = arg::reward_scale)] reward_scale: f64,
        #[pyo3(from_py_with = arg::rank_points)] rank_points: Option<[f64; 4]>,
        threads: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Self> {
        let threads = crate::batch::threads_arg(threads)?;
        let c = config(py, rules, scoring, bots, bot, reward, reward_scale, rank_points)?;
        let env = detach::run(py, |_| VecEnv::new(&c, n, seed, threads))?;
        let mut v = PyVecEnv {
            env,
            obs: PyArray3::<f32>::zeros(py, [n, N_PLANES, 34], false).unbind(),
            masks: PyArray2::<bool>::zeros(py, [n, N_ACTIONS], false).unbind(),
            rewards: PyArray2::<f32>::zeros(py, [n, 4], false).unbind(),
            dones: PyArray1::<bool>::zeros(py, n, false).unbind(),
            seats: PyArray1::<u8>::zeros(py, n, false).unbind(),
            legal: PyArray2::<u8>::zeros(py, [n, MAX_LEGAL], false).unbind(),
            n_legal: PyArray1::<u8>::zeros(py, n, false).unbind(),
        };
        v.with_outputs(py, |env, out| env.observe(out))?;
        Ok(v)
    }

    /// Tables.
    fn __len__(&self) -> usize {
        self.env.len()
    }
    /// Start every table over (table `i` with seed `seed + i`; by default the seed
    /// the environment was made with); returns `(obs, masks, seats)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::opt_seed)] seed: Option<u64>,
    ) -> PyResult<ResetArrays<'py>> {
        let seed = seed.unwrap_or(self.env.seed());
        self.with_outputs(py, move |env, out| env.reset(seed, out))?;
        let (o, m, _, _, s) = self.arrays(py);
        Ok((o, m, s))
    }
    /// Take `actions[i]` at every table `i`; returns `(obs, masks, rewards, dones,
    /// seats)`. Every action is checked first: one out of range or not legal is an
    /// `ArgumentError` naming `actions[i]`, and nothing is stepped.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<StepArrays<'py>> {
        let a = actions_arg(actions, self.env.len())?;
        self.with_outputs(py, move |env, out| env.step(&a, out))?;
        Ok(self.arrays(py))
    }
    /// Decisions taken so far over all tables (the bots' included).
    #[getter]
    fn decisions(&self) -> u64 {
        self.env.tables.iter().map(|t| t.decisions).sum()
    }
    /// The arrays of the last step (the objects `step` returns).
    #[getter]
    fn obs<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray3<f32>> {
        self.obs.bind(py).clone()
    }
    #[getter]
    fn masks<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.masks.bind(py).clone()
    }
    /// Each table's legal indices in increasing order (uint8, n x 48, padded with
    /// 255), updated by every `step` and `reset`: a uniform random legal action is
    /// `legal[np.arange(n), (rng.random(n) * n_legal).astype(int)]`.
    #[getter]
    fn legal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<u8>> {
        self.legal.bind(py).clone()
    }
    /// How many indices of each `legal` row are legal (uint8, n).
    #[getter]
    fn n_legal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        self.n_legal.bind(py).clone()
    }
    fn __repr__(&self) -> String {
        format!("VecEnv(n={})", self.env.len())
    }
}

/// The observation planes, in order: `(name, description)` pairs.
///
/// Example:
///     >>> plane_names()[0]
///     ('hand_1', '1 at the kinds the seat holds at least one of (concealed, drawn tile included)')
///     >>> len(plane_names())
///     53
#[pyfunction]
pub fn plane_names() -> Vec<(String, String)> {
    planes()
}

/// The name of every action index, in order ("discard 1m", ..., "daiminkan").
///
/// Example:
///     >>> names = action_names()
///     >>> len(names), names[0], names[34], names[74], names[155]
///     (156, 'discard 1m', 'discard 0m', 'tsumo', 'daiminkan')
#[pyfunction]
pub fn action_names() -> Vec<String> {
    (0..N_ACTIONS).filter_map(action_name).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRlTable>()?;
    m.add_class::<PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(plane_names, m)?)?;
    m.add_function(wrap_pyfunction!(action_names, m)?)?;
    m.add("OBS_PLANES", N_PLANES)?;
    m.add("N_ACTIONS", N_ACTIONS)?;
    Ok(())
}
