//! N tables stepped in one call: actions in, observations, masks, rewards and dones
//! out, all flat arrays the caller owns (the binding hands NumPy's memory straight
//! in, so nothing is allocated per step). A table whose match ends is reset at once
//! (its next match's seed is `seed + i + k * n` for table `i`'s `k`-th match), so
//! every row always holds a decision to take; its `dones` row says the match ended
//! and its `rewards` row holds what it paid.

use super::actions::{MAX_LEGAL, N_ACTIONS};
use super::features::OBS_LEN;
use super::table::{Table, TableConfig};
use crate::error::{Error, Result};
use rayon::prelude::*;

/// The caller's output rows, one per table.
pub struct Outputs<'a> {
    /// `n * OBS_LEN`: the acting seat's observation.
    pub obs: &'a mut [f32],
    /// `n * N_ACTIONS`: its legal actions (1 = legal).
    pub masks: &'a mut [bool],
    /// `n * 4`: each seat's reward (non-zero only where the match just ended).
    pub rewards: &'a mut [f32],
    /// `n`: the match ended at this step (the row is the next match's first decision).
    pub dones: &'a mut [bool],
    /// `n`: the seat to act.
    pub seats: &'a mut [u8],
    /// `n * MAX_LEGAL`: the legal indices in increasing order, padded with 255 (what
    /// a sampler reads without scanning the masks).
    pub legal: &'a mut [u8],
    /// `n`: how many indices of `legal` are legal.
    pub n_legal: &'a mut [u8],
}

/// Output rows in vectors of their own, for Rust callers (tests, profiles); the
/// binding lends NumPy arrays' memory as [`Outputs`] instead.
pub struct OwnedOutputs {
    pub obs: Vec<f32>,
    pub masks: Vec<bool>,
    pub rewards: Vec<f32>,
    pub dones: Vec<bool>,
    pub seats: Vec<u8>,
    pub legal: Vec<u8>,
    pub n_legal: Vec<u8>,
}

impl OwnedOutputs {
    /// Rows for `n` tables, of the sizes [`Outputs`] documents.
    pub fn new(n: usize) -> Self {
        OwnedOutputs {
            obs: vec![0.0; n * OBS_LEN],
            masks: vec![false; n * N_ACTIONS],
            rewards: vec![0.0; n * 4],
            dones: vec![false; n],
            seats: vec![0; n],
            legal: vec![0; n * MAX_LEGAL],
            n_legal: vec![0; n],
        }
    }

    /// The rows lent to one reset or step.
    pub fn rows(&mut self) -> Outputs<'_> {
        Outputs {
            obs: &mut self.obs,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            seats: &mut self.seats,
            legal: &mut self.legal,
            n_legal: &mut self.n_legal,
        }
    }
}

impl Outputs<'_> {
    fn check(&self, n: usize) -> Result<()> {
        let sizes = [
            ("obs", self.obs.len(), n * OBS_LEN),
            ("masks", self.masks.len(), n * N_ACTIONS),
            ("rewards", self.rewards.len(), n * 4),
            ("dones", self.dones.len(), n),
            ("seats", self.seats.len(), n),
            ("legal", self.legal.len(), n * MAX_LEGAL),
            ("n_legal", self.n_legal.len(), n),
        ];
        for (name, got, want) in sizes {
            if got != want {
                return Err(Error::InvalidArgument {
                    name,
                    message: format!("{name} holds {got} values where {n} tables need {want}"),
                });
            }
        }
        Ok(())
    }
}

/// One table's output row.
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    rew: &'a mut [f32],
    done: &'a mut bool,
    seat: &'a mut u8,
    legal: &'a mut [u8],
    n_legal: &'a mut u8,
}

/// The tables of a vectorized environment.
pub struct VecEnv {
    pub tables: Vec<Table>,
    seed: u64,
    pool: Option<rayon::ThreadPool>,
}

impl VecEnv {
    /// `n` tables (at least 1) from `config`; table `i` starts with seed `seed + i`.
    /// `threads`: `None` all cores, `Some(1)` the calling thread alone.
    pub fn new(config: &TableConfig, n: usize, seed: u64, threads: Option<usize>) -> Result<VecEnv> {
        if n == 0 {
            return Err(Error::InvalidArgument {
                name: "n",
                message: "n = 0: a vector environment needs a table".into(),
            });
        }
        let pool = match threads {
            Some(1) => None,
            t => {
                if let Some(k) = t {
                    crate::batch::THREADS.check(k as i128).map_err(|_| crate::batch::THREADS.refuse(&k.to_string()))?;
                }
                let b = rayon::ThreadPoolBuilder::new().num_threads(t.unwrap_or(0));
                Some(b.build().map_err(|e| Error::InvalidRule(format!("threads: cannot start the pool ({e})")))?)
            }
        };
        let tables = (0..n).map(|i| Table::new(config.clone(), seed.wrapping_add(i as u64))).collect::<Result<_>>()?;
        Ok(VecEnv { tables, seed, pool })
    }

    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// The seed the tables started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// Start every table over (table `i` with seed `seed + i`) and write the first
    /// decisions.
    pub fn reset(&mut self, seed: u64, out: Outputs<'_>) -> Result<()> {
        out.check(self.len())?;
        self.seed = seed;
        self.run(out, |i, t| {
            t.reset(seed.wrapping_add(i as u64));
            // The seeds of later matches count from this start.
            t.matches = 1;
            false
        });
        Ok(())
    }

    /// Write the current decisions without stepping.
    pub fn observe(&mut self, out: Outputs<'_>) -> Result<()> {
        out.check(self.len())?;
        self.run(out, |_, _| false);
        Ok(())
    }

    /// Take `actions[i]` at table `i` (every action is checked before any is taken:
    /// a refused one changes nothing), reset the tables whose match ended, and write
    /// every table's next decision.
    pub fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<()> {
        let n = self.len();
        if actions.len() != n {
            return Err(Error::InvalidArgument {
                name: "actions",
                message: format!("actions holds {} values, one per table needs {n}", actions.len()),
            });
        }
        out.check(n)?;
        for (i, (t, &a)) in self.tables.iter().zip(actions).enumerate() {
            t.check(a).map_err(|e| Error::InvalidArgument {
                name: "actions",
                message: format!("actions[{i}]: {}", e.message()),
            })?;
        }
        self.run(out, |i, t| {
            // Checked above: the step cannot be refused.
            let _ = t.step(actions[i]);
            t.is_over()
        });
        Ok(())
    }

    /// Run `f` on every table (in parallel when a pool is set), then reset the tables
    /// whose match ended and write the rows.
    fn run<F>(&mut self, out: Outputs<'_>, f: F)
    where
        F: Fn(usize, &mut Table) -> bool + Sync,
    {
        let (seed, stride) = (self.seed, self.tables.len() as u64);
        let one = |i: usize, t: &mut Table, row: Row<'_>| {
            let Row { obs, mask, rew, done, seat, legal, n_legal } = row;
            let ended = f(i, t);
            *done = ended;
            let paid = if ended {
                let paid = t.rewards();
                let k = t.matches;
                t.reset(seed.wrapping_add(i as u64).wrapping_add(k.wrapping_mul(stride)));
                paid
            } else {
                [0.0; 4]
            };
            // A copy of a known four (inlined), not a fill call.
            rew.copy_from_slice(&paid);
            let s = t.acting().unwrap_or(0);
            *seat = s;
            t.observe(s, obs, mask);
            *n_legal = t.write_legal(legal);
        };
        let Outputs { obs, masks, rewards, dones, seats, legal, n_legal } = out;
        match &self.pool {
            None => {
                let rows = obs.chunks_mut(OBS_LEN).zip(masks.chunks_mut(N_ACTIONS)).zip(rewards.chunks_mut(4));
                let small = dones.iter_mut().zip(seats.iter_mut()).zip(legal.chunks_mut(MAX_LEGAL).zip(n_legal));
                for (i, (t, (((obs, mask), rew), ((done, seat), (legal, n_legal))))) in
                    self.tables.iter_mut().zip(rows.zip(small)).enumerate()
                {
                    one(i, t, Row { obs, mask, rew, done, seat, legal, n_legal });
                }
            }
            Some(pool) => pool.install(|| {
                let rows =
                    obs.par_chunks_mut(OBS_LEN).zip(masks.par_chunks_mut(N_ACTIONS)).zip(rewards.par_chunks_mut(4));
                let small = dones
                    .par_iter_mut()
                    .zip(seats.par_iter_mut())
                    .zip(legal.par_chunks_mut(MAX_LEGAL).zip(n_legal.par_iter_mut()));
                self.tables.par_iter_mut().zip(rows.zip(small)).enumerate().with_min_len(8).for_each(
                    |(i, (t, (((obs, mask), rew), ((done, seat), (legal, n_legal)))))| {
                        one(i, t, Row { obs, mask, rew, done, seat, legal, n_legal })
                    },
                );
            }),
        }
    }
}
