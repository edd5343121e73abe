//! Logs and the round engine: reading logs into event dictionaries and replaying
//! them through the engine. Conversion only; the rules live in `mahjong-core`.

use crate::errors::IntoPyResult;
use mahjong_core::engine::replay::{replay_game, ReplayReport};
use mahjong_core::logs::{self, Event, GameLog};
use mahjong_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use std::path::PathBuf;

fn ids(v: &[mahjong_core::TileId]) -> Vec<u32> {
    v.iter().map(|t| t.id() as u32).collect()
}

fn event_dict<'py>(py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match e {
        Event::RoundStart(s) => {
            d.set_item("type", "round_start")?;
            d.set_item("wind", s.wind)?;
            d.set_item("number", s.number)?;
            d.set_item("honba", s.honba)?;
            d.set_item("sticks", s.sticks)?;
            d.set_item("dealer", s.dealer)?;
            d.set_item("scores", s.scores.to_vec())?;
            d.set_item("dora_indicator", s.dora_indicator.id() as u32)?;
            let hands: Vec<Vec<Option<u32>>> = s.hands.iter().map(|h| h.iter().map(|t| t.map(|t| t.id() as u32)).collect()).collect();
            d.set_item("hands", hands)?;
        }
        Event::Draw { seat, tile } => {
            d.set_item("type", "draw")?;
            d.set_item("seat", seat)?;
            d.set_item("tile", tile.map(|t| t.id() as u32))?;
        }
        Event::Discard { seat, tile, tsumogiri } => {
            d.set_item("type", "discard")?;
            d.set_item("seat", seat)?;
            d.set_item("tile", tile.id() as u32)?;
            d.set_item("tsumogiri", tsumogiri)?;
        }
        Event::Riichi { seat } => {
            d.set_item("type", "riichi")?;
            d.set_item("seat", seat)?;
        }
        Event::RiichiStick { seat } => {
            d.set_item("type", "riichi_stick")?;
            d.set_item("seat", seat)?;
        }
        Event::Call { seat, meld } => {
            d.set_item("type", "call")?;
            d.set_item("seat", seat)?;
            d.set_item("kind", meld.kind.name())?;
            d.set_item("tiles", ids(meld.tile_slice()))?;
            d.set_item("called", meld.called.id() as u32)?;
            d.set_item("from", meld.from)?;
        }
        Event::Dora { indicator } => {
            d.set_item("type", "dora")?;
            d.set_item("indicator", indicator.id() as u32)?;
        }
        Event::Win(w) => {
            d.set_item("type", "win")?;
            d.set_item("seat", w.seat)?;
            d.set_item("from", w.from)?;
            d.set_item("hand", ids(&w.hand))?;
            d.set_item("win_tile", w.win_tile.map(|t| t.id() as u32))?;
            d.set_item("han", w.han)?;
            d.set_item("fu", w.fu)?;
            d.set_item("points", w.points)?;
            d.set_item("yaku", w.yaku.clone())?;
            d.set_item("yakuman", w.yakuman.clone())?;
            d.set_item("dora_indicators", ids(&w.dora_indicators))?;
            d.set_item("ura_indicators", ids(&w.ura_indicators))?;
            d.set_item("deltas", w.deltas.to_vec())?;
            d.set_item("pao", w.pao)?;
        }
        Event::Ryuukyoku(r) => {
            d.set_item("type", "ryuukyoku")?;
            d.set_item("kind", r.kind.name())?;
            d.set_item("deltas", r.deltas.to_vec())?;
            let shown: Vec<Option<Vec<u32>>> = r.shown.iter().map(|h| h.as_ref().map(|v| ids(v))).collect();
            d.set_item("shown", shown)?;
        }
        Event::GameEnd { scores, results } => {
            d.set_item("type", "game_end")?;
            d.set_item("scores", scores.to_vec())?;
            d.set_item("results", results.map(|r| r.to_vec()))?;
        }
    }
    Ok(d)
}

fn game_dict<'py>(py: Python<'py>, g: &GameLog) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("source", &g.source)?;
    let r = PyDict::new(py);
    r.set_item("go_type", g.rules.go_type)?;
    r.set_item("aka", g.rules.aka)?;
    r.set_item("kuitan", g.rules.kuitan)?;
    r.set_item("hanchan", g.rules.hanchan)?;
    r.set_item("sanma", g.rules.sanma)?;
    r.set_item("custom", g.rules.custom)?;
    d.set_item("rules", r)?;
    d.set_item("names", g.names.to_vec())?;
    d.set_item("hidden_tiles", g.hidden_tiles)?;
    let events = PyList::empty(py);
    for e in &g.events {
        events.append(event_dict(py, e)?)?;
    }
    d.set_item("events", events)?;
    Ok(d)
}

/// Read every game in a log file (mjlog XML plain or gzipped, Tenhou client log).
///
/// Returns one dict per game: `source`, `rules`, `names`, `hidden_tiles` and
/// `events` (dicts with a `type`: round_start, draw, discard, riichi, riichi_stick,
/// call, dora, win, ryuukyoku, game_end). Tiles are 136-ids.
///
/// Example:
///     >>> games = read_log("game.mjlog")  # doctest: +SKIP
///     >>> games[0]["events"][0]["type"]  # doctest: +SKIP
///     'round_start'
#[pyfunction]
pub fn read_log<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyList>> {
    let games = py.detach(|| logs::read_file(&path)).py_err()?;
    let out = PyList::empty(py);
    for g in &games {
        out.append(game_dict(py, g)?)?;
    }
    Ok(out)
}

/// Files under the given paths that look like logs, sorted.
///
/// Example:
///     >>> list_log_files(["logs/"])  # doctest: +SKIP
///     ['logs/a.mjlog', 'logs/b.mjlog']
#[pyfunction]
pub fn list_log_files(paths: Vec<PathBuf>) -> PyResult<Vec<String>> {
    let mut out = Vec::new();
    for p in paths {
        out.extend(logs::list_files(&p).py_err()?.into_iter().map(|p| p.display().to_string()));
    }
    Ok(out)
}

fn report_dict<'py>(py: Python<'py>, r: &ReplayReport) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("source", &r.source)?;
    d.set_item("ok", r.ok())?;
    d.set_item("supported", r.supported)?;
    d.set_item("note", &r.note)?;
    d.set_item("rounds", r.rounds)?;
    d.set_item("rounds_legal", r.rounds_legal)?;
    d.set_item("rounds_scored", r.rounds_scored)?;
    d.set_item("rounds_skipped", r.rounds_skipped)?;
    d.set_item("wins", r.wins)?;
    d.set_item("wins_matched", r.wins_matched)?;
    d.set_item("riichi_unverified", r.riichi_unverified)?;
    d.set_item("final_checked", r.final_checked)?;
    d.set_item("final_matched", r.final_matched)?;
    d.set_item("problems", r.problems.clone())?;
    d.set_item("error", py.None())?;
    Ok(d)
}

/// Replay every game of the given files through the engine, on all cores with the
/// GIL released. Returns one report dict per game (`ok`, `rounds`, `rounds_legal`,
/// `rounds_scored`, `wins`, `wins_matched`, `final_checked`, `final_matched`,
/// `problems`, ...); a file that cannot be read gives one dict with `error` set.
///
/// Example:
///     >>> reports = verify_logs(["game.mjlog"])  # doctest: +SKIP
///     >>> reports[0]["ok"]  # doctest: +SKIP
///     True
#[pyfunction]
pub fn verify_logs<'py>(py: Python<'py>, files: Vec<PathBuf>) -> PyResult<Bound<'py, PyList>> {
    let results: Vec<(String, Result<Vec<ReplayReport>, Error>)> = py.detach(|| {
        files
            .par_iter()
            .map(|f| (f.display().to_string(), logs::read_file(f).map(|gs| gs.iter().map(replay_game).collect())))
            .collect()
    });
    let out = PyList::empty(py);
    for (name, r) in results {
        match r {
            Ok(reports) => {
                for rep in &reports {
                    out.append(report_dict(py, rep)?)?;
                }
            }
            Err(e) => {
                let d = PyDict::new(py);
                d.set_item("source", name)?;
                d.set_item("ok", false)?;
                d.set_item("supported", false)?;
                d.set_item("error", format!("{}: {}", e.kind(), e.message()))?;
                d.set_item("problems", vec![e.message().to_string()])?;
                out.append(d)?;
            }
        }
    }
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_log, m)?)?;
    m.add_function(wrap_pyfunction!(list_log_files, m)?)?;
    m.add_function(wrap_pyfunction!(verify_logs, m)?)?;
    Ok(())
}
