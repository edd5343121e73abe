//! Argument values from Python, checked before any core call: integers against the
//! range the core declares for them ([`IntArg`]), text for lone surrogates (which
//! cannot become UTF-8), paths. Every refusal is an `ArgumentError` naming the
//! argument, the allowed values and (bounded) what was given.
//!
//! PyO3 names a parameter only in the `TypeError`s of its own extraction, so typed
//! `u8`/`u64` parameters would raise a bare `OverflowError` for `-1`. Parameters are
//! therefore converted with `#[pyo3(from_py_with = arg::NAME)]`, where `arg::NAME` is a
//! one-line converter made by [`int_param!`] / [`text_param!`] from the core's
//! declaration; a parameter keeps its Rust type and its default.

use crate::errors::{to_py, with_input, ArgumentError};
use mahjong_core::args::IntArg;
use mahjong_core::error::{quoted, QUOTE_CHARS};
use pyo3::exceptions::{PyOverflowError, PyUnicodeEncodeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyMemoryView, PyString};
use std::path::PathBuf;

/// What a caller gave, for a message: its type and bounded repr (`float 1.5`).
pub fn describe(obj: &Bound<'_, PyAny>) -> String {
    let ty = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".into());
    // An int of many digits has a repr too long to build (and Python refuses past
    // 4300 digits): name its size instead.
    if let Ok(bits) = obj.call_method0("bit_length").and_then(|b| b.extract::<u64>()) {
        if bits > 256 {
            return format!("an integer of {bits} bits");
        }
    }
    match obj.repr() {
        Ok(r) => {
            let r = r.to_string_lossy();
            let shown = if r.chars().count() > QUOTE_CHARS { quoted(&r) } else { r.into_owned() };
            if obj.is_instance_of::<pyo3::types::PyInt>() && !obj.is_instance_of::<PyBool>() {
                shown
            } else {
                format!("{ty} {shown}")
            }
        }
        Err(_) => ty,
    }
}

fn refuse(py: Python<'_>, arg: IntArg, obj: &Bound<'_, PyAny>) -> PyErr {
    with_input(py, to_py(arg.refuse(&describe(obj))), obj)
}

/// An integer argument: an `int` (or anything with `__index__`, such as a NumPy
/// integer; not a `bool`) within `arg`'s range, as the Rust type `T`.
pub fn int<T: TryFrom<i128>>(obj: &Bound<'_, PyAny>, arg: IntArg) -> PyResult<T> {
    let py = obj.py();
    if obj.is_instance_of::<PyBool>() {
        return Err(refuse(py, arg, obj));
    }
    // An exact int within 64 bits (every in-range value) is read directly; the 128-bit
    // extraction is for the rest (NumPy integers, objects with `__index__`, huge ints).
    let small = obj.cast_exact::<pyo3::types::PyInt>().ok().and_then(|i| i.extract::<i64>().ok());
    let v: i128 = match small.map(|v| Ok(v as i128)).unwrap_or_else(|| obj.extract()) {
        Ok(v) => v,
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => return Err(refuse(py, arg, obj)),
        Err(_) => return Err(refuse(py, arg, obj)),
    };
    let v = arg.check(v).map_err(|e| with_input(py, to_py(e), obj))?;
    T::try_from(v).map_err(|_| {
        crate::errors::InternalError::new_err(format!(
            "{}: range {} does not fit the core's type",
            arg.name,
            arg.allowed()
        ))
    })
}

/// [`int`] where `None` means "not given".
pub fn opt_int<T: TryFrom<i128>>(obj: &Bound<'_, PyAny>, arg: IntArg) -> PyResult<Option<T>> {
    if obj.is_none() {
        Ok(None)
    } else {
        int(obj, arg).map(Some)
    }
}

/// The UTF-8 text of a Python `str`; a lone surrogate (which has no UTF-8 form) is an
/// `ArgumentError` naming `name` and the position, not a `UnicodeEncodeError`.
pub fn str_of<'a>(s: &'a Bound<'_, PyString>, name: &str) -> PyResult<&'a str> {
    let py = s.py();
    s.to_str().map_err(|e| {
        let at = if e.is_instance_of::<PyUnicodeEncodeError>(py) {
            e.value(py).getattr("start").and_then(|v| v.extract::<usize>()).ok()
        } else {
            None
        };
        let at = at.map(|i| format!(" at index {i}")).unwrap_or_default();
        let err = ArgumentError::new_err(format!(
            "{name} is not valid text: it holds a lone surrogate{at} (text must be encodable as UTF-8)"
        ));
        let _ = err.value(py).setattr("argument", name);
        with_input(py, err, s.as_any())
    })
}

/// A text argument (`str` only), checked as [`str_of`]; borrowed from the Python
/// string for as long as the call runs.
pub fn text<'a>(obj: &'a Bound<'_, PyAny>, name: &'static str) -> PyResult<&'a str> {
    match obj.cast::<PyString>() {
        Ok(s) => str_of(s, name),
        Err(_) => Err(named(obj, name, format!("{name} must be text (str), got {}", describe(obj)))),
    }
}

/// A file system path: `str`, `bytes` or `os.PathLike`.
/// (Undecodable file names arrive as `surrogateescape` text and are taken as they are;
/// other lone surrogates are refused as in [`str_of`].)
pub fn path(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<PathBuf> {
    obj.extract::<PathBuf>().or_else(|_| match obj.cast::<PyString>() {
        Ok(s) => str_of(s, name).map(PathBuf::from),
        Err(_) => Err(named(obj, name, format!("{name} must be a path (str or os.PathLike), got {}", describe(obj)))),
    })
}

/// A sequence of paths (a single `str` is refused: it is not a list of its letters).
pub fn paths(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<PathBuf>> {
    if obj.is_instance_of::<PyString>() {
        return Err(named(obj, name, format!("{name} must be a sequence of paths, got one str; wrap it in a list")));
    }
    let items = obj
        .try_iter()
        .map_err(|_| named(obj, name, format!("{name} must be a sequence of paths, got {}", describe(obj))))?;
    items.map(|p| path(&p?, name)).collect()
}

/// Binary data: `bytes`, `bytearray` or `memoryview` (copied out of Python).
pub fn bytes(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<u8>> {
    if obj.is_instance_of::<PyString>() {
        return Err(named(obj, name, format!("{name} must be bytes, got str (encode it, or use the JSON form)")));
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(b.to_vec());
    }
    if let Ok(m) = obj.cast::<PyMemoryView>() {
        if let Ok(b) = m.call_method0("tobytes") {
            if let Ok(b) = b.cast::<PyBytes>() {
                return Ok(b.as_bytes().to_vec());
            }
        }
    }
    Err(named(obj, name, format!("{name} must be bytes, got {}", describe(obj))))
}

/// An `ArgumentError` for `name` with `message`, recording `obj` as its input.
pub fn named(obj: &Bound<'_, PyAny>, name: &'static str, message: String) -> PyErr {
    let py = obj.py();
    with_input(py, to_py(mahjong_core::Error::InvalidArgument { name, message }), obj)
}

/// Define `from_py_with` converters for integer parameters from the core's
/// declarations: `int_param!(honba: u16 = riichi::HONBA);` makes `fn honba(obj)`;
/// `Option<T>` takes `None` as "not given".
#[macro_export]
macro_rules! int_param {
    ($f:ident: Option<$t:ty> = $arg:expr) => {
        pub fn $f(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<Option<$t>> {
            $crate::args::opt_int(obj, $arg)
        }
    };
    ($f:ident: $t:ty = $arg:expr) => {
        pub fn $f(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<$t> {
            $crate::args::int(obj, $arg)
        }
    };
}

/// Define a `from_py_with` converter for a text parameter (`&str`, so a string
/// literal can be its default): `text_param!(kind);`.
#[macro_export]
macro_rules! text_param {
    ($f:ident) => {
        pub fn $f<'a>(obj: &'a pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<&'a str> {
            $crate::args::text(obj, stringify!($f))
        }
    };
}

/// An object argument of a compiled class (a `SolitaireBoard`, a `SolitaireLayout`):
/// anything else is an `ArgumentError` naming `name` (PyO3's own refusal would be a
/// bare `TypeError`).
pub fn class<'py, T: pyo3::PyClass + pyo3::type_object::PyTypeInfo>(
    obj: &Bound<'py, PyAny>,
    name: &'static str,
) -> PyResult<PyRef<'py, T>> {
    obj.extract::<PyRef<'py, T>>().map_err(|_| {
        let class = obj.py().get_type::<T>().name().map(|n| n.to_string()).unwrap_or_else(|_| "object".into());
        named(obj, name, format!("{name} must be a {class}, got {}", describe(obj)))
    })
}

/// A dict argument (an engine action): anything else is an `ArgumentError`.
pub fn dict<'a, 'py>(obj: &'a Bound<'py, PyAny>, name: &'static str) -> PyResult<&'a Bound<'py, pyo3::types::PyDict>> {
    obj.cast::<pyo3::types::PyDict>()
        .map_err(|_| named(obj, name, format!("{name} must be a dict, got {}", describe(obj))))
}

/// A sequence of integers, each checked against `arg` (a lone `str` is refused).
pub fn int_list<T: TryFrom<i128>>(obj: &Bound<'_, PyAny>, arg: IntArg) -> PyResult<Vec<T>> {
    let not_seq =
        || named(obj, arg.name, format!("{} must be a sequence of integers, got {}", arg.name, describe(obj)));
    if obj.is_instance_of::<PyString>() {
        return Err(not_seq());
    }
    let items = obj.try_iter().map_err(|_| not_seq())?;
    items.map(|x| int(&x?, arg)).collect()
}

/// A yes/no argument: a `bool` (or a NumPy bool), refused otherwise with an
/// `ArgumentError` naming `name`.
pub fn flag(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<bool> {
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(b.is_true());
    }
    if obj.get_type().name().is_ok_and(|n| n == "bool_" || n == "bool") {
        if let Ok(b) = obj.is_truthy() {
            return Ok(b);
        }
    }
    Err(named(obj, name, format!("{name} must be True or False, got {}", describe(obj))))
}

/// A real number argument (`int` or `float`, not `bool`), as `f64`.
pub fn number(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<f64> {
    if !obj.is_instance_of::<PyBool>() {
        if let Ok(v) = obj.extract::<f64>() {
            return Ok(v);
        }
    }
    Err(named(obj, name, format!("{name} must be a number, got {}", describe(obj))))
}

/// Define a `from_py_with` converter for an argument of a compiled class:
/// `class_param!(board: PyBoard);`.
#[macro_export]
macro_rules! class_param {
    ($f:ident: $t:ty) => {
        pub fn $f<'py>(obj: &pyo3::Bound<'py, pyo3::PyAny>) -> pyo3::PyResult<pyo3::PyRef<'py, $t>> {
            $crate::args::class::<$t>(obj, stringify!($f))
        }
    };
}

/// Define a `from_py_with` converter for a `bool` parameter: `flag_param!(reverse);`;
/// `flag_param!(self_draw: Option)` takes `None` as "not given".
#[macro_export]
macro_rules! flag_param {
    ($f:ident: Option) => {
        pub fn $f(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<Option<bool>> {
            if pyo3::types::PyAnyMethods::is_none(obj) {
                Ok(None)
            } else {
                $crate::args::flag(obj, stringify!($f)).map(Some)
            }
        }
    };
    ($f:ident) => {
        pub fn $f(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<bool> {
            $crate::args::flag(obj, stringify!($f))
        }
    };
}
