//! JSON values (what the core writes for `to_dict`, pickling and snapshots) to Python
//! objects and back. Python -> JSON accepts only what JSON can hold (None, bool, int,
//! float, str, list/tuple, dict with str keys) and refuses anything else, or nesting
//! deeper than [`MAX_DEPTH`], with an error naming the value.

use crate::errors::InvalidHandError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// What a `__reduce__` returns: the callable that rebuilds the object and its arguments.
pub type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

/// Deepest nesting read from Python (the values written here nest 4 levels).
pub const MAX_DEPTH: usize = 32;

/// A JSON value as Python objects (dicts, lists, str, int, float, bool, None).
pub fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(a) => {
            let l = PyList::empty(py);
            for x in a {
                l.append(to_py(py, x)?)?;
            }
            l.into_any()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// Python objects as a JSON value; `what` names the argument in errors.
pub fn from_py(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    from_py_at(obj, what, 0)
}

fn from_py_at(obj: &Bound<'_, PyAny>, what: &str, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(InvalidHandError::new_err(format!("{what}: nested deeper than {MAX_DEPTH} levels")));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::from(i));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::from(u));
        }
        return Err(InvalidHandError::new_err(format!("{what}: integer {} is out of range", short(obj))));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| InvalidHandError::new_err(format!("{what}: {} is not a finite number", short(obj))));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(crate::args::str_of(s, what)?.to_owned()));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let mut out = Vec::new();
        for x in obj.try_iter()? {
            out.push(from_py_at(&x?, what, depth + 1)?);
        }
        return Ok(Value::Array(out));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut m = Map::new();
        for (k, x) in d.iter() {
            let key: String = k
                .extract()
                .map_err(|_| InvalidHandError::new_err(format!("{what}: dict key {} is not a string", short(&k))))?;
            m.insert(key, from_py_at(&x, what, depth + 1)?);
        }
        return Ok(Value::Object(m));
    }
    Err(InvalidHandError::new_err(format!(
        "{what}: {} is not a JSON value (None, bool, int, float, str, list or dict)",
        short(obj)
    )))
}

/// A bounded description of a value for messages.
fn short(obj: &Bound<'_, PyAny>) -> String {
    let r = obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| "<unprintable>".into());
    if r.chars().count() > 60 {
        format!("{}...", r.chars().take(60).collect::<String>())
    } else {
        r
    }
}

/// Parse JSON text written by the core (pickled state); `what` names the value.
pub fn parse(text: &str, what: &str) -> PyResult<Value> {
    serde_json::from_str(text).map_err(|e| InvalidHandError::new_err(format!("{what}: not valid JSON ({e})")))
}
