//! The three tables of a log dataset from Python: wins (every win's full scoring),
//! hands and games, from one replay of each game. Conversion only; the rows are the
//! core's (`engine::replay`, `logs::tables`).

use crate::detach;
use crate::engine::win_row;
use crate::log_input::{self, LogInput};
use mahjong_core::engine::replay::{replay_game, ReplayReport};
use mahjong_core::logs::tables::{game_row, hand_rows, GameRow, HandRow};
use mahjong_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// Wins, hands, games, and the logs skipped.
type Tables<'py> = (Bound<'py, PyList>, Bound<'py, PyList>, Bound<'py, PyList>, Vec<String>);

fn hand_dict<'py>(py: Python<'py>, source: &str, h: &HandRow) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("source", source)?;
    d.set_item("hand_index", h.index)?;
    d.set_item("round_wind", WINDS[h.wind as usize % 4])?;
    d.set_item("hand_number", h.number)?;
    d.set_item("honba", h.honba)?;
    d.set_item("sticks", h.sticks)?;
    d.set_item("dealer", h.dealer)?;
    d.set_item("result", h.result)?;
    d.set_item("winner", h.winner)?;
    d.set_item("discarder", h.discarder)?;
    for i in 0..4 {
        d.set_item(format!("start{i}"), h.scores[i])?;
        d.set_item(format!("delta{i}"), h.deltas[i])?;
        d.set_item(format!("riichi{i}"), h.riichi[i])?;
        d.set_item(format!("calls{i}"), h.calls[i])?;
        d.set_item(format!("draws{i}"), h.draws[i])?;
    }
    Ok(d)
}

fn game_dict<'py>(py: Python<'py>, r: &ReplayReport, g: &GameRow, players: u8) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("source", &r.source)?;
    d.set_item("players", players)?;
    d.set_item("hands", g.hands)?;
    d.set_item("complete", g.complete)?;
    d.set_item("first_dealer", g.first_dealer)?;
    for i in 0..4 {
        d.set_item(format!("final{i}"), g.scores[i])?;
        d.set_item(format!("rank{i}"), g.ranks[i])?;
        d.set_item(format!("result{i}"), g.results.map(|r| r[i]))?;
    }
    d.set_item("verified", r.ok())?;
    d.set_item("supported", r.supported)?;
    Ok(d)
}

/// Replay every game of `files` (paths or `(source, bytes)` pairs) once, on all
/// cores with the GIL released, and return its rows of the three tables: `(wins,
/// hands, games, skipped)`. Wins are `score_logs`'s rows; a hand row holds how the
/// hand ended (`result`: ron, tsumo, double_ron, a draw kind or unfinished), the
/// winner and discarder, every seat's start score, change, riichi, calls and draws;
/// a game row the final points, places and recorded rated results, the number of
/// hands, whether the log runs to the end and whether the replay verified it.
/// Unreadable logs are named in `skipped`.
///
/// Example:
///     >>> wins, hands, games, skipped = score_log_tables([("x", b"not a log")])
///     >>> (wins, hands, games), skipped[0][:20]
///     (([], [], []), 'LogParseError: x: by')
#[pyfunction]
pub fn score_log_tables<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = log_input::files)] files: Vec<LogInput>,
) -> PyResult<Tables<'py>> {
    type Done = (ReplayReport, Vec<HandRow>, GameRow, u8);
    let results: Vec<Result<Vec<Done>, Error>> = detach::run(py, |cancel| {
        files
            .par_iter()
            .map(|f| {
                cancel.check()?;
                Ok(f.read().map(|games| {
                    games.iter().map(|g| (replay_game(g), hand_rows(g), game_row(g), g.n_players)).collect()
                }))
            })
            .collect::<Result<Vec<_>, Error>>()
    })?;
    let (wins, hands, games) = (PyList::empty(py), PyList::empty(py), PyList::empty(py));
    let mut skipped = Vec::new();
    for r in results {
        match r {
            Err(e) => skipped.push(format!("{}: {}", e.kind(), e.message())),
            Ok(done) => {
                for (rep, hs, g, players) in &done {
                    for w in &rep.win_rows {
                        wins.append(win_row(py, w)?)?;
                    }
                    for h in hs {
                        hands.append(hand_dict(py, &rep.source, h)?)?;
                    }
                    games.append(game_dict(py, rep, g, *players)?)?;
                }
            }
        }
    }
    Ok((wins, hands, games, skipped))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_log_tables, m)?)
}
