//! Rows of phoenix-style archives from Python: games packed as bzip2 mjlog, from logs
//! or from self-play. Conversion only; the work is `mahjong_core::logs::pack`.

use crate::detach;
use crate::log_input::LogInput;
use mahjong_core::logs::pack::{pack, synth, PackedGame};
use mahjong_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use rayon::prelude::*;

mod arg {
    use mahjong_core::engine::arg;
    crate::int_param!(seed: u64 = arg::SEED);
    crate::int_param!(count: u64 = arg::GAMES);
    crate::int_param!(players: u8 = arg::PLAYERS);
    pub use crate::log_input::files;
}

/// `(source, reason)` of each log or game left out.
type Refused = Vec<(String, String)>;

/// `(key, go_type, sanma, east_only, bz2_mjlog)`: a row keyed by its source or seed.
fn row<'py, K: IntoPyObject<'py>>(py: Python<'py>, key: K, p: &PackedGame) -> PyResult<Bound<'py, PyTuple>> {
    (key, p.go_type, p.sanma, p.east_only, PyBytes::new(py, &p.data)).into_pyobject(py)
}

/// Every game of `files` (paths or `(source, bytes)` pairs, as `verify_logs` takes)
/// as an archive row, on all cores with the GIL released: a list of `(source,
/// go_type, sanma, east_only, bz2_mjlog)` and a list of `(source, message)` for the
/// logs or games that cannot be read or that mjlog cannot hold.
///
/// Example:
///     >>> rows, refused = pack_logs([("x", b"not a log")])
///     >>> rows, refused[0][0]
///     ([], 'x')
#[pyfunction]
pub fn pack_logs<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::files)] files: Vec<LogInput>,
) -> PyResult<(Vec<Bound<'py, PyTuple>>, Refused)> {
    type Packed = Vec<Result<(String, PackedGame), (String, String)>>;
    let out: Packed = detach::run(py, |cancel| {
        let per_file: Vec<Packed> = files
            .par_iter()
            .map(|f| {
                cancel.check()?;
                Ok(match f.read() {
                    Err(e) => vec![Err((f.source(), e.message().to_string()))],
                    Ok(games) => games
                        .iter()
                        .map(|g| {
                            pack(g)
                                .map(|p| (g.source.clone(), p))
                                .map_err(|e| (g.source.clone(), e.message().to_string()))
                        })
                        .collect(),
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(per_file.into_iter().flatten().collect())
    })?;
    let mut rows = Vec::new();
    let mut refused = Vec::new();
    for r in out {
        match r {
            Ok((source, p)) => rows.push(row(py, source, &p)?),
            Err(e) => refused.push(e),
        }
    }
    Ok((rows, refused))
}

/// `count` matches of random legal play at a Tenhou phoenix table (`players` 3 or 4,
/// `east_only` or east-south) from seeds `seed`, `seed + 1`, ..., as archive rows
/// `(seed, go_type, sanma, east_only, bz2_mjlog)`, on all cores with the GIL released.
///
/// Example:
///     >>> [(s, hex(t)) for s, t, *_ in synth_logs(2, seed=5)]
///     [(5, '0xa9'), (6, '0xa9')]
#[pyfunction]
#[pyo3(signature = (count, seed = 0, players = 4, east_only = false))]
pub fn synth_logs<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::count)] count: u64,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
    #[pyo3(from_py_with = arg::players)] players: u8,
    east_only: bool,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let rows = detach::run(py, |cancel| {
        (0..count)
            .into_par_iter()
            .map(|i| {
                cancel.check()?;
                let s = seed.wrapping_add(i);
                synth(players, east_only, s).map(|p| (s, p))
            })
            .collect::<Result<Vec<_>, Error>>()
    })?;
    rows.iter().map(|(s, p)| row(py, *s, p)).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pack_logs, m)?)?;
    m.add_function(wrap_pyfunction!(synth_logs, m)?)?;
    Ok(())
}
