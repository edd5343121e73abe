//! Rule sets between Python and the core, the same way for every rule set (riichi
//! scoring, match, Taiwan): Python values <-> `mahjong_core::options::Value`, a dict of
//! options <-> the core struct by its metadata, and the metadata itself (options with
//! kind, allowed values, default and doc; presets with sources). Conversion only: the
//! options, their validation and every message are the core's.

use crate::errors::{IntoPyResult, InvalidRuleError};
use mahjong_core::engine::EngineRules;
use mahjong_core::options::{Kind, RuleSet, Value};
use mahjong_core::riichi::Rules;
use mahjong_core::taiwan::TaiwanRules;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyMapping, PyString, PyTuple};

/// Most items read from a sequence given as one option's value (the longest option,
/// `uma`, has four); a longer one is refused without reading it all.
const MAX_ITEMS: usize = 16;

/// Converters of the checked arguments.
pub(crate) mod arg {
    use mahjong_core::taiwan::arg;
    crate::text_param!(name);
    crate::int_param!(consecutive: u16 = arg::CONSECUTIVE);
    crate::int_param!(tai: u32 = arg::TAI);
}

fn short_repr(v: &Bound<'_, PyAny>) -> String {
    match v.repr() {
        // Bounded: a huge value must not make a huge message.
        Ok(r) => {
            let r = r.to_string();
            match r.char_indices().nth(mahjong_core::error::QUOTE_CHARS) {
                Some((cut, _)) => format!("{}… ({} characters)", &r[..cut], r.chars().count()),
                None => r,
            }
        }
        Err(_) => format!("a {}", v.get_type().name().map(|n| n.to_string()).unwrap_or_default()),
    }
}

fn type_phrase(v: &Bound<'_, PyAny>) -> String {
    format!("a {}", v.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "value".into()))
}

fn scalar(v: &Bound<'_, PyAny>) -> Option<Value> {
    if v.is_instance_of::<PyBool>() {
        return v.extract().ok().map(Value::Bool);
    }
    if v.is_none() {
        return Some(Value::None);
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Some(match s.to_str() {
            Ok(t) => Value::Text(t.to_owned()),
            Err(_) => Value::Other(short_repr(v)),
        });
    }
    if v.is_instance_of::<PyFloat>() {
        return Some(Value::Other(short_repr(v)));
    }
    if v.is_instance_of::<PyInt>() {
        return Some(v.extract::<i64>().map_or_else(|_| Value::Other("an integer beyond 64 bits".into()), Value::Int));
    }
    // NumPy's integers (anything `__index__` takes; an array has the method but only
    // a one-element one converts, and is read as a sequence instead).
    if !v.hasattr("__len__").unwrap_or(false) && v.hasattr("__index__").unwrap_or(false) {
        return Some(v.extract::<i64>().map_or_else(|_| Value::Other(short_repr(v)), Value::Int));
    }
    None
}

/// A Python value as the core reads it: bool, int, text, None, or a short sequence;
/// anything else is `Value::Other` (no option takes it, and its message quotes it).
pub fn to_value(v: &Bound<'_, PyAny>) -> Value {
    if let Some(s) = scalar(v) {
        return s;
    }
    if v.is_instance_of::<PyBytes>() || v.is_instance_of::<PyByteArray>() || v.cast::<PyMapping>().is_ok() {
        return Value::Other(type_phrase(v));
    }
    let Ok(iter) = v.try_iter() else { return Value::Other(type_phrase(v)) };
    let mut items = Vec::new();
    for item in iter {
        let Ok(item) = item else { return Value::Other(type_phrase(v)) };
        if items.len() == MAX_ITEMS {
            return Value::Other(format!("a sequence of more than {MAX_ITEMS} items"));
        }
        items.push(scalar(&item).unwrap_or_else(|| Value::Other(type_phrase(&item))));
    }
    Value::List(items)
}

/// A core value as Python writes it (a list as a tuple).
pub fn from_value<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Text(t) | Value::Other(t) => PyString::new(py, t).into_any(),
        Value::None => py.None().into_bound(py),
        Value::List(items) => {
            let items: Vec<Bound<'py, PyAny>> = items.iter().map(|x| from_value(py, x)).collect::<PyResult<_>>()?;
            PyTuple::new(py, items)?.into_any()
        }
    })
}

/// A rule set from a preset name (None: the first preset) and a mapping of options
/// (None: none), validated by the core.
pub fn build<R: RuleSet>(preset: Option<&Bound<'_, PyAny>>, options: &[&Bound<'_, PyAny>]) -> PyResult<R> {
    let mut r = match preset {
        None => R::presets()[0].rules.clone(),
        Some(p) if p.is_none() => R::presets()[0].rules.clone(),
        Some(p) => {
            let name = p.cast::<PyString>().ok().and_then(|s| s.to_str().ok()).ok_or_else(|| {
                InvalidRuleError::new_err(format!("preset = {}: expected a preset name (text)", short_repr(p)))
            })?;
            R::preset(name).py_err()?
        }
    };
    for opts in options {
        if opts.is_none() {
            continue;
        }
        let Ok(map) = opts.cast::<PyMapping>() else {
            return Err(InvalidRuleError::new_err(format!(
                "{} rule options = {}: expected a mapping of option names to values",
                R::LABEL,
                type_phrase(opts)
            )));
        };
        for item in map.items()?.iter() {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            let name = k.cast::<PyString>().ok().and_then(|s| s.to_str().ok()).ok_or_else(|| {
                InvalidRuleError::new_err(format!("rule option names are text, got {}", short_repr(&k)))
            })?;
            r.set(name, &to_value(&v)).py_err()?;
        }
    }
    r.validate().py_err()?;
    Ok(r)
}

/// Every option and its value.
pub fn as_dict<'py, R: RuleSet>(py: Python<'py>, r: &R) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in r.values() {
        d.set_item(k, from_value(py, &v)?)?;
    }
    Ok(d)
}

fn ints<'py>(py: Python<'py>, d: &Bound<'py, PyDict>, pairs: &[(&str, i64)]) -> PyResult<()> {
    for (k, v) in pairs {
        d.set_item(*k, v.into_pyobject(py)?)?;
    }
    Ok(())
}

/// The options' metadata: name, type, allowed (as people read it), default, doc, and
/// the kind's parameters (min, max, step, values, names, len).
pub fn option_table<'py, R: RuleSet>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let defaults = &R::presets()[0].rules;
    let out = PyList::empty(py);
    for o in R::OPTIONS {
        let d = PyDict::new(py);
        d.set_item("name", o.name)?;
        d.set_item("type", o.kind.type_name())?;
        d.set_item("allowed", o.kind.allowed())?;
        d.set_item("default", from_value(py, &defaults.get(o.name).unwrap_or(Value::None))?)?;
        d.set_item("doc", o.doc())?;
        match o.kind {
            Kind::Bool => {}
            Kind::Int { min, max, step } => ints(py, &d, &[("min", min), ("max", max), ("step", step)])?,
            Kind::OneOf(values) => d.set_item("values", values.to_vec())?,
            Kind::Name(names) => d.set_item("names", names.to_vec())?,
            Kind::NameOrInt { names, min, max } => {
                d.set_item("names", names.to_vec())?;
                ints(py, &d, &[("min", min), ("max", max)])?;
            }
            Kind::OptionalInt { min, max } => ints(py, &d, &[("min", min), ("max", max)])?,
            Kind::Ints { len, min, max } => ints(py, &d, &[("len", len as i64), ("min", min), ("max", max)])?,
        }
        out.append(d)?;
    }
    Ok(out)
}

/// The presets: name, aliases, base (the preset it starts from, None for the
/// declared defaults), source.
pub fn preset_table<'py, R: RuleSet>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for p in R::presets() {
        let d = PyDict::new(py);
        d.set_item("name", p.name)?;
        d.set_item("aliases", p.aliases.to_vec())?;
        d.set_item("base", R::base_of(p))?;
        d.set_item("source", p.source)?;
        out.append(d)?;
    }
    Ok(out)
}

/// The same Python methods for each rule set's class.
macro_rules! rule_class {
    ($py:ident, $core:ty $(, { $($extra:tt)* })?) => {
        #[pymethods]
        impl $py {
            $($($extra)*)?
            /// Build from a preset (default: the first) plus options from a mapping
            /// and keywords, validated by the core.
            #[new]
            #[pyo3(signature = (preset = None, options = None, **kwargs))]
            fn new(
                preset: Option<&Bound<'_, PyAny>>,
                options: Option<&Bound<'_, PyAny>>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Self> {
                let mut maps: Vec<&Bound<'_, PyAny>> = Vec::new();
                if let Some(o) = options {
                    maps.push(o);
                }
                if let Some(k) = kwargs {
                    maps.push(k.as_any());
                }
                Ok($py(build::<$core>(preset, &maps)?))
            }
            /// A preset by name or alias (any case, `_` for `-`).
            #[staticmethod]
            fn preset(#[pyo3(from_py_with = crate::rules::arg::name)] name: &str) -> PyResult<Self> {
                Ok($py(<$core as RuleSet>::preset(name).py_err()?))
            }
            /// The canonical name of a preset given by name or alias.
            #[staticmethod]
            fn preset_name(#[pyo3(from_py_with = crate::rules::arg::name)] name: &str) -> PyResult<&'static str> {
                Ok(<$core as RuleSet>::preset_entry(name).py_err()?.name)
            }
            /// Names of the presets, in documentation order.
            #[staticmethod]
            fn presets() -> Vec<&'static str> {
                <$core>::PRESET_NAMES.to_vec()
            }
            /// Names of the options, in declaration order.
            #[staticmethod]
            fn fields() -> Vec<&'static str> {
                <$core as mahjong_core::options::Declared>::OPTIONS.iter().map(|o| o.name).collect()
            }
            /// The options' metadata (name, type, allowed, default, doc, kind parameters).
            #[staticmethod]
            fn option_table(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
                option_table::<$core>(py)
            }
            /// The presets (name, aliases, base, source).
            #[staticmethod]
            fn preset_table(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
                preset_table::<$core>(py)
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
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, (Option<&'static str>, Bound<'py, PyDict>))> {
                let py = slf.py();
                Ok((slf.get_type().into_any(), (None, as_dict(py, &slf.get().0)?)))
            }
        }
    };
}

/// The riichi scoring options as the core sees them (built by `mahjong_fast.RuleSet`).
///
/// Example:
///     >>> from mahjong_fast._core import RiichiRules
///     >>> RiichiRules.preset("tenhou").as_dict()["kiriage_mangan"]
///     False
#[pyclass(name = "RiichiRules", module = "mahjong_fast._core", frozen, from_py_object)]
#[derive(Clone, Copy)]
pub struct PyRules(pub Rules);
rule_class!(PyRules, Rules);

/// The match rule options as the core sees them (built by `mahjong_fast.MatchRules`).
///
/// Example:
///     >>> from mahjong_fast._core import EngineRules
///     >>> EngineRules.preset("shiima-2026").as_dict()["uma"]
///     (30000, 10000, -10000, -30000)
#[pyclass(name = "EngineRules", module = "mahjong_fast._core", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyEngineRules(pub EngineRules);
rule_class!(PyEngineRules, EngineRules);

/// The Taiwan rule options as the core sees them (built by `mahjong_fast.taiwan.TaiwanRules`).
///
/// Example:
///     >>> from mahjong_fast._core import TaiwanRuleSet
///     >>> TaiwanRuleSet("seed003", {"flower_set": 1}).as_dict()["flower_set"]
///     1
#[pyclass(name = "TaiwanRuleSet", module = "mahjong_fast._core", frozen, from_py_object)]
#[derive(Clone, Copy)]
pub struct PyTaiwanRules(pub TaiwanRules);
rule_class!(PyTaiwanRules, TaiwanRules, {
    /// 莊家 + 連莊 tai of a dealer who kept the deal `consecutive` times.
    ///
    /// Example:
    ///     >>> TaiwanRuleSet().dealer_tai(2)
    ///     5
    fn dealer_tai(&self, #[pyo3(from_py_with = crate::rules::arg::consecutive)] consecutive: u16) -> u32 {
        self.0.dealer_tai(consecutive)
    }
    /// One payment of `tai` tai: base + tai × rate.
    ///
    /// Example:
    ///     >>> TaiwanRuleSet().points(3)
    ///     160
    fn points(&self, #[pyo3(from_py_with = crate::rules::arg::tai)] tai: u32) -> u64 {
        self.0.points(tai)
    }
});

/// The Python rule set of a `rules=` argument: whatever `<module>.<loader>` makes of
/// it (a preset name, an instance, a dict, a `.toml` path; None: the default preset).
/// The `RuleSet` a `rules=` argument names (None: the default preset), as
/// `mahjong_fast.rules.load_rules` reads it.
pub fn rules_object<'py>(py: Python<'py>, obj: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
    load(py, obj, "mahjong_fast.rules", "load_rules")
}

fn load<'py>(
    py: Python<'py>,
    obj: Option<&Bound<'py, PyAny>>,
    module: &str,
    loader: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let arg = match obj {
        Some(o) => o.clone(),
        None => py.None().into_bound(py),
    };
    py.import(module)?.getattr(loader)?.call1((arg,))
}

/// Riichi scoring rules from a `rules=` argument (the core class, or see [`load`]);
/// None: `standard`. A preset name is looked up in the core directly (the common
/// case of scalar calls).
pub fn resolve_rules(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Rules> {
    let Some(o) = obj else { return Ok(Rules::STANDARD) };
    if o.is_none() {
        return Ok(Rules::STANDARD);
    }
    // Casts, not extractions: a failed extraction builds an error only to discard it.
    if let Ok(r) = o.cast::<PyRules>() {
        return Ok(r.get().0);
    }
    if let Ok(s) = o.cast::<PyString>() {
        if let Ok(r) = Rules::preset(crate::args::str_of(s, "rules")?) {
            return Ok(r);
        }
    }
    // A `RuleSet` (its slot, not the `core` property: this is every scalar call's path).
    if let Ok(core) = o.getattr(pyo3::intern!(o.py(), "_core")) {
        if let Ok(r) = core.cast::<PyRules>() {
            return Ok(r.get().0);
        }
    }
    Ok(load(o.py(), Some(o), "mahjong_fast.rules", "load_rules")?.getattr("core")?.extract::<PyRules>()?.0)
}

/// Match rules from a `rules=` argument (see [`load`]; None: `tenhou`; the core class
/// is taken by its options): the Python `MatchRules` and the core struct.
pub fn match_rules_arg<'py>(
    py: Python<'py>,
    obj: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyAny>, EngineRules)> {
    let arg = match obj {
        Some(o) => match o.extract::<PyEngineRules>() {
            Ok(c) => Some(as_dict(py, &c.0)?.into_any()),
            Err(_) => Some(o.clone()),
        },
        None => None,
    };
    let mr = load(py, arg.as_ref(), "mahjong_fast.match_rules", "load_match_rules")?;
    let core: PyEngineRules = mr.getattr("core")?.extract()?;
    Ok((mr, core.0))
}

/// Match and scoring rules from the `rules=` / `scoring=` arguments: scoring is
/// anything `mahjong_fast.score` takes for its rules, by default the scoring preset
/// paired with the match rules (their `scoring` option).
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
        _ => PyString::new(py, engine.scoring).into_any(),
    };
    let rule_set = py.import("mahjong_fast.rules")?.getattr("load_rules")?.call1((source,))?;
    let core: PyRules = rule_set.getattr("core")?.extract()?;
    Ok(Loaded { match_rules, rule_set, engine, scoring: core.0 })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRules>()?;
    m.add_class::<PyEngineRules>()?;
    m.add_class::<PyTaiwanRules>()?;
    Ok(())
}
