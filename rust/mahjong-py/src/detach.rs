//! The one helper around every call that releases the GIL.
//!
//! [`run`] hands the work a [`Cancel`] token and runs it on a scoped worker thread
//! while the calling thread, GIL released, waits for it and every [`POLL`] takes the GIL
//! back just long enough to run Python's signal handlers. When one raises (Ctrl-C:
//! `KeyboardInterrupt`), the token is set, the work's long loops see it within a few
//! thousand iterations and unwind, and that exception is raised: the call returns
//! nothing, half or whole. The work's core errors become their Python classes and a
//! panic becomes `InternalError` (never a user-error class).

use crate::errors::{InternalError, IntoPyResult};
use mahjong_core::cancel::Cancel;
use mahjong_core::Error;
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// How often the waiting thread checks for signals: with the work's own polling this
/// keeps a Ctrl-C answered well within 100 ms.
pub const POLL: Duration = Duration::from_millis(20);

type Outcome<T> = std::thread::Result<Result<T, Error>>;

/// Run `work` with the GIL released, cancellable by Ctrl-C (see the module docs).
pub fn run<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&Cancel) -> Result<T, Error> + Send,
{
    let cancel = Cancel::new();
    let (outcome, interrupted): (Option<Outcome<T>>, Option<PyErr>) = py.detach(|| {
        std::thread::scope(|s| {
            let (tx, rx) = channel::<Outcome<T>>();
            let token = cancel.clone();
            s.spawn(move || {
                let _ = tx.send(catch_unwind(AssertUnwindSafe(|| work(&token))));
            });
            let mut interrupted = None;
            loop {
                match rx.recv_timeout(POLL) {
                    Ok(done) => return (Some(done), interrupted),
                    Err(RecvTimeoutError::Timeout) if interrupted.is_none() => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            cancel.cancel();
                            interrupted = Some(e);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => return (None, interrupted),
                }
            }
        })
    });
    if let Some(e) = interrupted {
        return Err(e);
    }
    match outcome {
        Some(Ok(result)) => result.py_err(),
        Some(Err(panic)) => Err(internal(panic.as_ref())),
        None => Err(InternalError::new_err("the worker thread ended without a result")),
    }
}

/// [`run`] for work that cannot fail.
pub fn run_ok<T: Send>(py: Python<'_>, work: impl FnOnce(&Cancel) -> T + Send) -> PyResult<T> {
    run(py, |c| Ok(work(c)))
}

pub fn internal(panic: &(dyn std::any::Any + Send)) -> PyErr {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into());
    InternalError::new_err(format!("internal fault in mahjong_fast (please report it): {what}"))
}
