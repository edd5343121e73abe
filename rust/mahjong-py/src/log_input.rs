//! What the log readers take from Python: a path, or a `(source, bytes)` pair for a
//! game that lives inside an archive (a database row, a zip or tar member). Conversion
//! only; decoding and parsing are the core's (`logs::read_file`, `logs::read_bytes`).

use crate::args;
use mahjong_core::logs::{self, GameLog};
use mahjong_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};
use std::path::PathBuf;

/// One log to read.
pub enum LogInput {
    File(PathBuf),
    Bytes { source: String, data: Vec<u8> },
}

impl LogInput {
    /// The name errors and reports give this log.
    pub fn source(&self) -> String {
        match self {
            LogInput::File(p) => p.display().to_string(),
            LogInput::Bytes { source, .. } => source.clone(),
        }
    }

    /// Every game of the log (read on the calling thread; the GIL may be released).
    pub fn read(&self) -> Result<Vec<GameLog>, Error> {
        match self {
            LogInput::File(p) => logs::read_file(p),
            LogInput::Bytes { source, data } => logs::read_bytes(data, source),
        }
    }
}

/// A sequence of paths or `(source, bytes)` pairs, for the argument `name`.
pub fn log_inputs(obj: &Bound<'_, PyAny>, name: &'static str) -> PyResult<Vec<LogInput>> {
    let wrong = |o: &Bound<'_, PyAny>| {
        args::named(
            o,
            name,
            format!("{name} must be a sequence of paths or (source, bytes) pairs, got {}", args::describe(o)),
        )
    };
    if obj.is_instance_of::<PyString>() {
        return Err(args::named(
            obj,
            name,
            format!("{name} must be a sequence of paths, got one str; wrap it in a list"),
        ));
    }
    let items = obj.try_iter().map_err(|_| wrong(obj))?;
    let mut out = Vec::new();
    for item in items {
        let item = item?;
        if let Ok(pair) = item.cast::<PyTuple>() {
            if pair.len() != 2 {
                return Err(wrong(&item));
            }
            let source = pair.get_item(0)?;
            let data = pair.get_item(1)?;
            let data = data.cast::<PyBytes>().map_err(|_| wrong(&item))?;
            let source = match source.cast::<PyString>() {
                Ok(s) => args::text(s.as_any(), name)?.to_string(),
                Err(_) => return Err(wrong(&item)),
            };
            out.push(LogInput::Bytes { source, data: data.as_bytes().to_vec() });
        } else {
            out.push(LogInput::File(args::path(&item, name)?));
        }
    }
    Ok(out)
}

/// The `files` argument of the log readers (a `from_py_with` converter).
pub fn files(obj: &Bound<'_, PyAny>) -> PyResult<Vec<LogInput>> {
    log_inputs(obj, "files")
}
