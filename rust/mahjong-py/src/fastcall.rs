//! Arguments of a vectorcall (`METH_FASTCALL | METH_KEYWORDS`) read into slots by
//! parameter, for the calls made millions of times from Python (`score`, `shanten`),
//! and the functions made of such entries ([`add_function`], [`finish`]).
//!
//! PyO3's own reading compares each keyword's text with every parameter name in
//! turn; with `score`'s 31 parameters that was about 330 instructions a keyword.
//! Keyword names written in Python source are interned strings, so here each is first
//! compared by identity with the parameter names interned once (one pointer compare
//! each); only a name built at run time falls back to comparing text. Mistakes in the
//! call's shape raise the `TypeError`s Python's own calls raise (too many positional
//! arguments, an unknown keyword, a value given twice, a missing argument); values are
//! the converters' to check.

use crate::detach::internal;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple};
use pyo3::{Borrowed, BoundObject};
use std::ffi::CStr;

/// A function's parameters: the first `positional` may be given by position, the
/// first `required` must be given.
pub struct Signature<const N: usize> {
    pub function: &'static str,
    pub names: [&'static str; N],
    pub positional: usize,
    pub required: usize,
    pub interned: PyOnceLock<Vec<Py<PyString>>>,
}

impl<const N: usize> Signature<N> {
    pub const fn new(function: &'static str, names: [&'static str; N], positional: usize, required: usize) -> Self {
        Signature { function, names, positional, required, interned: PyOnceLock::new() }
    }

    /// The slot of keyword `key`, by identity with an interned name first.
    /// `next`: where the search starts (keywords tend to come in the signature's order).
    fn slot(&self, interned: &[Py<PyString>], key: Borrowed<'_, '_, PyAny>, next: usize) -> PyResult<usize> {
        let ptr = key.as_ptr();
        let (earlier, later) = interned.split_at(next.min(interned.len()));
        if let Some(i) = later.iter().position(|n| n.as_ptr() == ptr) {
            return Ok(next + i);
        }
        if let Some(i) = earlier.iter().position(|n| n.as_ptr() == ptr) {
            return Ok(i);
        }
        let text = key.cast::<PyString>().map_err(|_| PyTypeError::new_err("keywords must be strings"))?;
        let text = text.to_str()?;
        self.names.iter().position(|n| *n == text).ok_or_else(|| {
            PyTypeError::new_err(format!("{}() got an unexpected keyword argument '{text}'", self.function))
        })
    }

    /// Read the arguments of one call into their slots (`None`: not given).
    ///
    /// # Safety
    /// `args`, `nargsf` and `kwnames` must be those the interpreter passed to a
    /// `METH_FASTCALL | METH_KEYWORDS` function (the positional values, then one value
    /// per name of the `kwnames` tuple, or null).
    pub unsafe fn parse<'a, 'py>(
        &self,
        py: Python<'py>,
        args: *const *mut ffi::PyObject,
        nargsf: ffi::Py_ssize_t,
        kwnames: *mut ffi::PyObject,
    ) -> PyResult<[Option<Borrowed<'a, 'py, PyAny>>; N]> {
        let mut out: [Option<Borrowed<'a, 'py, PyAny>>; N] = [None; N];
        // The count without the PY_VECTORCALL_ARGUMENTS_OFFSET flag (the top bit), computed
        // here because PyVectorcall_NARGS is not in the limited API the abi3 wheels build on.
        let nargs = (nargsf as usize) & !(1usize << (usize::BITS - 1));
        if nargs > self.positional {
            return Err(PyTypeError::new_err(format!(
                "{}() takes at most {} positional arguments ({nargs} given)",
                self.function, self.positional
            )));
        }
        for (i, slot) in out.iter_mut().enumerate().take(nargs) {
            // SAFETY: i < nargs, a live borrowed reference for the call's duration.
            *slot = Some(unsafe { Borrowed::from_ptr(py, *args.add(i)) });
        }
        if !kwnames.is_null() {
            // SAFETY: `kwnames` is the call's tuple of keyword names.
            let names = unsafe { Borrowed::from_ptr(py, kwnames) };
            let names = names.cast::<PyTuple>().map_err(|_| PyTypeError::new_err("keyword names are not a tuple"))?;
            let interned =
                self.interned.get_or_init(py, || self.names.iter().map(|n| PyString::intern(py, n).unbind()).collect());
            let mut next = nargs;
            for (k, key) in names.iter_borrowed().enumerate() {
                let i = self.slot(interned, key, next)?;
                next = i + 1;
                if out[i].is_some() {
                    return Err(PyTypeError::new_err(format!(
                        "{}() got multiple values for argument '{}'",
                        self.function, self.names[i]
                    )));
                }
                // SAFETY: the keyword values follow the positional ones, one per name.
                out[i] = Some(unsafe { Borrowed::from_ptr(py, *args.add(nargs + k)) });
            }
        }
        if let Some(i) = out[..self.required].iter().position(|s| s.is_none()) {
            return Err(PyTypeError::new_err(format!(
                "{}() missing 1 required positional argument: '{}'",
                self.function, self.names[i]
            )));
        }
        Ok(out)
    }
}

/// The end of a raw entry: the result as a new reference, or null with the error set
/// (a panic as `InternalError`, never a user-error class).
pub fn finish<'py, T: IntoPyObject<'py>>(py: Python<'py>, r: std::thread::Result<PyResult<T>>) -> *mut ffi::PyObject {
    let r = match r {
        Ok(r) => r.and_then(|v| v.into_pyobject(py).map(BoundObject::into_ptr).map_err(Into::into)),
        Err(panic) => Err(internal(panic.as_ref())),
    };
    match r {
        Ok(v) => v,
        Err(e) => {
            e.restore(py);
            std::ptr::null_mut()
        }
    }
}

/// The method table entry of a raw entry; `doc` starts with its text signature (what
/// `inspect.signature` reads). Leaked: it lives as long as the function.
pub fn method_def(
    name: &'static CStr,
    f: ffi::PyCFunctionFastWithKeywords,
    doc: &'static CStr,
) -> *mut ffi::PyMethodDef {
    Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: name.as_ptr(),
        ml_meth: ffi::PyMethodDefPointer { PyCFunctionFastWithKeywords: f },
        ml_flags: ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: doc.as_ptr(),
    }))
}

/// Add a raw entry to module `m` as the function `name`.
pub fn add_function(
    m: &Bound<'_, PyModule>,
    name: &'static CStr,
    f: ffi::PyCFunctionFastWithKeywords,
    doc: &'static CStr,
) -> PyResult<()> {
    let py = m.py();
    let def = method_def(name, f, doc);
    // SAFETY: `def` lives for the program; the module name is a str.
    let f = unsafe {
        Bound::from_owned_ptr_or_err(py, ffi::PyCFunction_NewEx(def, std::ptr::null_mut(), m.name()?.as_ptr()))
    }?;
    m.add(name.to_str().map_err(|e| PyTypeError::new_err(e.to_string()))?, f)
}
