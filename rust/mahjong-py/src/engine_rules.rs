//! Match (engine flow) rules between Python and the core: `EngineRules` values <->
//! Python values (enums as their configuration names, uma as a 4-tuple, the time
//! limit as `None` or minutes, chombo as "none" / "mangan" / points), and the
//! `rules=` / `scoring=` arguments of the engine functions. Conversion only: ranges
//! and contradictions are checked by `EngineRules::validate` in the core.

use crate::errors::{IntoPyResult, InvalidRuleError};
use crate::riichi::PyRules;
use mahjong_core::engine::rules::{Chombo, KanDoraTiming, Kuikae, Length, MultiRon, ResultRounding, TieRule};
use mahjong_core::engine::EngineRules;
use mahjong_core::riichi::Rules;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// The match rule options as the core sees them (built by `mahjong_fast.MatchRules`).
///
/// Example:
///     >>> from mahjong_fast._core import EngineRules
///     >>> EngineRules.preset("shiima-2026").as_dict()["uma"]
///     (30000, 10000, -10000, -30000)
#[pyclass(name = "EngineRules", module = "mahjong_fast._core", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyEngineRules(pub EngineRules);

fn repr(v: &Bound<'_, PyAny>) -> String {
    v.repr().map(|r| r.to_string()).unwrap_or_default()
}

fn set_field(r: &mut EngineRules, key: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let bad = |what: &str| InvalidRuleError::new_err(format!("{key} = {}: expected {what}", repr(v)));
    // Python's bool is an int: numbers must not be bools, and flags must be bools.
    let flag = || -> PyResult<bool> {
        if v.is_instance_of::<pyo3::types::PyBool>() {
            v.extract().map_err(|_| bad("True or False"))
        } else {
            Err(bad("True or False"))
        }
    };
    let int = || -> PyResult<i64> {
        if v.is_instance_of::<pyo3::types::PyBool>() {
            return Err(bad("an integer"));
        }
        v.extract::<i64>().map_err(|_| bad("an integer"))
    };
    let points = || -> PyResult<i32> { i32::try_from(int()?).map_err(|_| bad("an integer of points")) };
    let name = || -> PyResult<String> {
        Ok(v.cast::<PyString>().map_err(|_| bad("a name (str)"))?.to_str().map_err(|_| bad("a name (str)"))?.to_owned())
    };
    match key {
        "players" => r.players = u8::try_from(int()?).map_err(|_| bad("3 or 4"))?,
        "chi" => r.chi = flag()?,
        "nuki" => r.nuki = flag()?,
        "tsumo_loss" => r.tsumo_loss = flag()?,
        "nuki_ron" => r.nuki_ron = flag()?,
        "length" => r.length = Length::from_name(&name()?).py_err()?,
        "extension" => r.extension = flag()?,
        "start_points" => r.start_points = points()?,
        "return_points" => r.return_points = points()?,
        "uma" => {
            let items: Vec<Bound<'_, PyAny>> = if v.is_instance_of::<PyString>() {
                Vec::new()
            } else {
                v.try_iter().map_err(|_| bad("four integers of points"))?.collect::<PyResult<_>>()?
            };
            if items.len() != 4 || items.iter().any(|x| x.is_instance_of::<pyo3::types::PyBool>()) {
                return Err(bad("four integers of points (places 1..4)"));
            }
            for (i, x) in items.iter().enumerate() {
                r.uma[i] = x
                    .extract::<i64>()
                    .ok()
                    .and_then(|x| i32::try_from(x).ok())
                    .ok_or_else(|| bad("four integers of points (places 1..4)"))?;
            }
        }
        "tie_rule" => r.tie_rule = TieRule::from_name(&name()?).py_err()?,
        "result_unit" => r.result_unit = points()?,
        "result_rounding" => r.result_rounding = ResultRounding::from_name(&name()?).py_err()?,
        "tobi" => r.tobi = flag()?,
        "agari_yame" => r.agari_yame = flag()?,
        "tenpai_yame" => r.tenpai_yame = flag()?,
        "last_hand_draw_ends" => r.last_hand_draw_ends = flag()?,
        "leftover_sticks_to_top" => r.leftover_sticks_to_top = flag()?,
        "multi_ron" => r.multi_ron = MultiRon::from_name(&name()?).py_err()?,
        "kuikae" => r.kuikae = Kuikae::from_name(&name()?).py_err()?,
        "multi_ron_honba_all" => r.multi_ron_honba_all = flag()?,
        "kan_dora_open" => r.kan_dora_open = KanDoraTiming::from_name(&name()?).py_err()?,
        "kan_dora_on_chankan" => r.kan_dora_on_chankan = flag()?,
        "riichi_min_points" => r.riichi_min_points = points()?,
        "riichi_min_wall" => r.riichi_min_wall = u8::try_from(int()?).map_err(|_| bad("a tile count 0..=70"))?,
        "riichi_stick" => r.riichi_stick = points()?,
        "honba_ron" => r.honba_ron = points()?,
        "noten_total" => r.noten_total = points()?,
        "nagashi_mangan" => r.nagashi_mangan = flag()?,
        "abort_nine_terminals" => r.abort_nine_terminals = flag()?,
        "abort_four_winds" => r.abort_four_winds = flag()?,
        "abort_four_kans" => r.abort_four_kans = flag()?,
        "abort_four_riichi" => r.abort_four_riichi = flag()?,
        "kan_on_last_tile" => r.kan_on_last_tile = flag()?,
        "pao_big_dragons" => r.pao_big_dragons = flag()?,
        "pao_big_winds" => r.pao_big_winds = flag()?,
        "pao_four_kans" => r.pao_four_kans = flag()?,
        "pao_daiminkan_rinshan" => r.pao_daiminkan_rinshan = flag()?,
        "time_limit_minutes" => {
            r.time_limit_minutes = if v.is_none() {
                None
            } else {
                Some(u32::try_from(int()?).map_err(|_| bad("None or minutes 1..=10000"))?)
            }
        }
        "kokushi_robs_ankan" => r.kokushi_robs_ankan = flag()?,
        "chombo" => {
            let what = "\"none\", \"mangan\" or points paid to each other player";
            r.chombo = if let Ok(s) = v.cast::<PyString>() {
                match s.to_str().map_err(|_| bad(what))? {
                    "none" => Chombo::None,
                    "mangan" => Chombo::Mangan,
                    _ => return Err(bad(what)),
                }
            } else {
                Chombo::EachPays(points().map_err(|_| bad(what))?)
            }
        }
        "wrong_call_each" => r.wrong_call_each = points()?,
        "wrong_ron_each" => r.wrong_ron_each = points()?,
        _ => {
            return Err(InvalidRuleError::new_err(format!(
                "unknown match rule option {key:?} (known: {})",
                EngineRules::FIELDS.join(", ")
            )));
        }
    }
    Ok(())
}

/// Every option as Python values, in `EngineRules::FIELDS` order.
fn as_dict<'py>(py: Python<'py>, r: &EngineRules) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("players", r.players)?;
    d.set_item("chi", r.chi)?;
    d.set_item("nuki", r.nuki)?;
    d.set_item("tsumo_loss", r.tsumo_loss)?;
    d.set_item("nuki_ron", r.nuki_ron)?;
    d.set_item("length", r.length.name())?;
    d.set_item("extension", r.extension)?;
    d.set_item("start_points", r.start_points)?;
    d.set_item("return_points", r.return_points)?;
    d.set_item("uma", PyTuple::new(py, r.uma)?)?;
    d.set_item("tie_rule", r.tie_rule.name())?;
    d.set_item("result_unit", r.result_unit)?;
    d.set_item("result_rounding", r.result_rounding.name())?;
    d.set_item("tobi", r.tobi)?;
    d.set_item("agari_yame", r.agari_yame)?;
    d.set_item("tenpai_yame", r.tenpai_yame)?;
    d.set_item("last_hand_draw_ends", r.last_hand_draw_ends)?;
    d.set_item("leftover_sticks_to_top", r.leftover_sticks_to_top)?;
    d.set_item("multi_ron", r.multi_ron.name())?;
    d.set_item("kuikae", r.kuikae.name())?;
    d.set_item("multi_ron_honba_all", r.multi_ron_honba_all)?;
    d.set_item("kan_dora_open", r.kan_dora_open.name())?;
    d.set_item("kan_dora_on_chankan", r.kan_dora_on_chankan)?;
    d.set_item("riichi_min_points", r.riichi_min_points)?;
    d.set_item("riichi_min_wall", r.riichi_min_wall)?;
    d.set_item("riichi_stick", r.riichi_stick)?;
    d.set_item("honba_ron", r.honba_ron)?;
    d.set_item("noten_total", r.noten_total)?;
    d.set_item("nagashi_mangan", r.nagashi_mangan)?;
    d.set_item("abort_nine_terminals", r.abort_nine_terminals)?;
    d.set_item("abort_four_winds", r.abort_four_winds)?;
    d.set_item("abort_four_kans", r.abort_four_kans)?;
    d.set_item("abort_four_riichi", r.abort_four_riichi)?;
    d.set_item("kan_on_last_tile", r.kan_on_last_tile)?;
    d.set_item("pao_big_dragons", r.pao_big_dragons)?;
    d.set_item("pao_big_winds", r.pao_big_winds)?;
    d.set_item("pao_four_kans", r.pao_four_kans)?;
    d.set_item("pao_daiminkan_rinshan", r.pao_daiminkan_rinshan)?;
    d.set_item("time_limit_minutes", r.time_limit_minutes)?;
    d.set_item("kokushi_robs_ankan", r.kokushi_robs_ankan)?;
    match r.chombo {
        Chombo::None => d.set_item("chombo", "none")?,
        Chombo::Mangan => d.set_item("chombo", "mangan")?,
        Chombo::EachPays(x) => d.set_item("chombo", x)?,
    }
    d.set_item("wrong_call_each", r.wrong_call_each)?;
    d.set_item("wrong_ron_each", r.wrong_ron_each)?;
    Ok(d)
}

#[pymethods]
impl PyEngineRules {
    /// Build from a preset plus overrides, validated:
    /// `EngineRules("tenhou", length="east", tobi=False)`.
    #[new]
    #[pyo3(signature = (preset = "tenhou", **options))]
    fn new(preset: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut r = EngineRules::preset(preset).py_err()?;
        if let Some(o) = options {
            for (k, v) in o.iter() {
                let k: String = k
                    .extract()
                    .map_err(|_| InvalidRuleError::new_err(format!("option names are text, got {}", repr(&k))))?;
                set_field(&mut r, &k, &v)?;
            }
        }
        r.validate().py_err()?;
        Ok(PyEngineRules(r))
    }
    /// A preset by name (`tenhou`, `tenhou-sanma`, `standard`, `shiima-2025`,
    /// `shiima-2026`).
    #[staticmethod]
    fn preset(name: &str) -> PyResult<Self> {
        Ok(PyEngineRules(EngineRules::preset(name).py_err()?))
    }
    /// Names of the presets.
    #[staticmethod]
    fn presets() -> Vec<&'static str> {
        EngineRules::PRESETS.to_vec()
    }
    /// The riichi scoring preset paired with an engine preset of this name.
    #[staticmethod]
    fn scoring_preset(name: &str) -> String {
        EngineRules::scoring_preset(name).to_string()
    }
    /// Names of the options, in order.
    #[staticmethod]
    fn fields() -> Vec<&'static str> {
        EngineRules::FIELDS.to_vec()
    }
    /// Every option as a dict of Python values.
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        as_dict(py, &self.0)
    }
    fn __eq__(&self, other: &Self) -> bool {
        self.0 == other.0
    }
    fn __repr__(&self) -> String {
        format!("{:?}", self.0)
    }
}

/// Match rules from a `rules=` argument: anything `mahjong_fast.match_rules.
/// load_match_rules` takes (a preset name, a `MatchRules`, a dict, a `.toml` path;
/// `None`: `tenhou`). Returns the `MatchRules` and the core rules it holds.
pub fn match_rules_arg<'py>(
    py: Python<'py>,
    obj: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyAny>, EngineRules)> {
    let arg = match obj {
        Some(o) => o.clone(),
        None => py.None().into_bound(py),
    };
    let mr = py.import("mahjong_fast.match_rules")?.getattr("load_match_rules")?.call1((arg,))?;
    let core: PyEngineRules = mr.getattr("core")?.extract()?;
    Ok((mr, core.0))
}

/// Match and scoring rules from the `rules=` / `scoring=` arguments: scoring is
/// anything `mahjong_fast.score` takes for its rules (a preset name, a `RuleSet`, a
/// dict, a `.toml` path), by default the scoring preset paired with the match rules
/// (`MatchRules.scoring`). Returns the Python rule sets and the core structs.
pub struct Loaded<'py> {
    pub match_rules: Bound<'py, PyAny>,
    pub rule_set: Bound<'py, PyAny>,
    pub engine: EngineRules,
    pub scoring: Rules,
}

pub fn load_rules<'py>(
    py: Python<'py>,
    rules: Option<&Bound<'py, PyAny>>,
    scoring: Option<&Bound<'py, PyAny>>,
) -> PyResult<Loaded<'py>> {
    let (match_rules, engine) = match_rules_arg(py, rules)?;
    let source = match scoring {
        Some(s) if !s.is_none() => s.clone(),
        _ => match_rules.getattr("scoring")?,
    };
    let rule_set = py.import("mahjong_fast.rules")?.getattr("load_rules")?.call1((source,))?;
    let core: PyRules = rule_set.getattr("core")?.extract()?;
    Ok(Loaded { match_rules, rule_set, engine, scoring: core.0 })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEngineRules>()?;
    Ok(())
}
