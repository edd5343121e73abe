//! Cooperative cancellation of long calls (solve, survey, self-play, log replay,
//! batch scoring). The caller keeps a [`Cancel`] and sets it (the Python binding does
//! on Ctrl-C); the long loops poll it between units of work, or every
//! [`Cancel::EVERY`] inner iterations, and stop with [`Error::Cancelled`].

use crate::error::Error;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shared stop flag; `Cancel::default()` is a token nobody sets.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<Arc<AtomicBool>>);

impl Cancel {
    /// How many inner iterations (search nodes, hands) a hot loop runs between polls:
    /// a relaxed load every few thousand iterations costs nothing measurable, and even
    /// the slowest unit (one solver node, about a microsecond) stops well within 100 ms.
    pub const EVERY: u64 = 4096;

    /// A token that [`Cancel::cancel`] can set.
    pub fn new() -> Self {
        Cancel(Some(Arc::new(AtomicBool::new(false))))
    }

    /// Ask every holder of this token to stop.
    pub fn cancel(&self) {
        if let Some(f) = &self.0 {
            f.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the token has been set.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// `Err(Error::Cancelled)` once the token is set.
    #[inline]
    pub fn check(&self) -> Result<(), Error> {
        if self.is_cancelled() {
            Err(Error::Cancelled)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_token_is_seen_by_its_clones() {
        let c = Cancel::new();
        let d = c.clone();
        assert!(d.check().is_ok());
        c.cancel();
        assert_eq!(d.check(), Err(Error::Cancelled));
        let never = Cancel::default();
        never.cancel();
        assert!(!never.is_cancelled());
    }
}
