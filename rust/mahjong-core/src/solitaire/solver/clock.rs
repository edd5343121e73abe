//! The time a search has spent, as its budget counts it: the CPU time of the
//! thread that runs it (Linux and the other Unixes with a per-thread clock), the
//! wall clock elsewhere.
//!
//! A wall-clock budget measures the machine's load as much as the search: on two
//! cores shared with other work a thread waits tens of milliseconds for a core
//! now and then, so a 5 ms budget bought anything from 1 to 5 ms of search and a
//! deal's verdict depended on what else ran (1,000 Cloud deals under load took a
//! median 47 ms of wall time each, about 3 ms of it on a core). Counted in the
//! thread's CPU time, a budget buys the same search on a busy machine as on an
//! idle one, and the times reported are the solver's own.
//!
//! Reading the thread clock is a system call (a few hundred nanoseconds); the
//! monotonic wall clock is not. A thread's CPU time never runs ahead of the wall
//! time it has lived, so [`Clock::spent`] asks the thread clock only once the wall
//! clock says the budget may be used up.

use std::time::{Duration, Instant};

/// Started when a search starts.
pub(crate) struct Clock {
    wall: Instant,
    cpu: Option<Duration>,
}

impl Clock {
    pub(crate) fn start() -> Clock {
        Clock { wall: Instant::now(), cpu: thread_cpu() }
    }

    /// Time spent since the start: CPU time of this thread where the platform
    /// tells it, else wall time.
    pub(crate) fn elapsed(&self) -> Duration {
        match (self.cpu, thread_cpu()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => self.wall.elapsed(),
        }
    }

    pub(crate) fn micros(&self) -> u64 {
        self.elapsed().as_micros() as u64
    }

    /// Has the search spent `millis` milliseconds (0 = no limit)?
    #[inline]
    pub(crate) fn spent(&self, millis: u64) -> bool {
        if millis == 0 {
            return false;
        }
        let limit = Duration::from_millis(millis);
        self.wall.elapsed() >= limit && self.elapsed() >= limit
    }
}

#[cfg(unix)]
fn thread_cpu() -> Option<Duration> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

#[cfg(not(unix))]
fn thread_cpu() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sleeping_thread_spends_no_budget_but_a_busy_one_does() {
        let c = Clock::start();
        std::thread::sleep(Duration::from_millis(20));
        if cfg!(unix) {
            assert!(!c.spent(10), "sleeping is not searching: {:?}", c.elapsed());
        }
        let mut x = 1u64;
        while !c.spent(5) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        assert!(x != 0 || c.elapsed() >= Duration::from_millis(5));
        assert!(c.elapsed() >= Duration::from_millis(5));
        assert!(!c.spent(0));
    }
}
