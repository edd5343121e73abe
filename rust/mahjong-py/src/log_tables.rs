//! The three tables of a log dataset from Python: wins (every win's full scoring),
//! hands and games, from one replay of each game. Conversion only; the rows are the
//! core's (`engine::replay`, `logs::tables`).
//!
//! Each table's fields are declared once (`win_fields`, `hand_fields`,
//! `game_fields`: name and value, in column order) and given either to a dict per
//! row (`score_log_tables`) or to one list per column (`score_log_columns`, what the
//! Arrow and Parquet writers take: no dict per row, no key per value).

use crate::detach;
use crate::log_input::{self, LogInput};
use mahjong_core::engine::replay::{replay_game, ReplayReport, WinRow};
use mahjong_core::logs::tables::{game_row, hand_rows, GameRow, HandRow};
use mahjong_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// One field's value.
pub(crate) enum Val<'a> {
    Int(i64),
    OptInt(Option<i64>),
    Bool(bool),
    Str(&'a str),
    Text(String),
    OptText(Option<String>),
    OptFloat(Option<f64>),
}

impl Val<'_> {
    fn to_py<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Val::Int(v) => v.into_pyobject(py)?.into_any(),
            Val::OptInt(v) => v.into_pyobject(py)?.into_any(),
            Val::Bool(v) => v.into_pyobject(py)?.to_owned().into_any(),
            Val::Str(v) => v.into_pyobject(py)?.into_any(),
            Val::Text(v) => v.into_pyobject(py)?.into_any(),
            Val::OptText(v) => v.into_pyobject(py)?.into_any(),
            Val::OptFloat(v) => v.into_pyobject(py)?.into_any(),
        })
    }
}

/// Field names with a seat number, as static texts.
macro_rules! per_seat {
    ($name:literal) => {
        [concat!($name, "0"), concat!($name, "1"), concat!($name, "2"), concat!($name, "3")]
    };
}

/// A win's fields (`ScoredLogWin`), in column order.
pub(crate) fn win_fields(w: &WinRow, f: &mut dyn FnMut(&'static str, Val)) {
    const DELTA: [&str; 4] = per_seat!("delta");
    const RECORDED: [&str; 4] = per_seat!("recorded");
    let s = &w.score;
    f("source", Val::Str(&w.source));
    f("round_wind", Val::Str(WINDS[w.wind as usize % 4]));
    f("hand_number", Val::Int(w.number as i64 + 1));
    f("honba", Val::Int(w.honba.into()));
    f("dealer", Val::Int(w.dealer.into()));
    f("winner", Val::Int(w.seat.into()));
    f("from_who", Val::Int(w.from.into()));
    f("tsumo", Val::Bool(w.seat == w.from));
    f("han", Val::Int(s.han.into()));
    f("fu", Val::Int(s.fu.into()));
    f("yakuman", Val::Int(s.yakuman.into()));
    f("limit", Val::Str(s.limit.name()));
    f("base", Val::Int(s.base.into()));
    f("points", Val::Int(s.pay.points.into()));
    let yaku: Vec<String> = s.yaku.as_slice().iter().map(|(y, h)| format!("{}:{}", y.info().key, h)).collect();
    f("yaku", Val::Text(yaku.join(";")));
    f("dora", Val::Int(s.dora.into()));
    f("ura", Val::Int(s.ura.into()));
    f("aka", Val::Int(s.aka.into()));
    f("kita", Val::Int(s.kita.into()));
    let tiles: Vec<mahjong_core::RTile> = w.hand.iter().map(|t| t.rtile()).collect();
    f("hand", Val::Text(mahjong_core::tile::format_mpsz(&tiles)));
    f("win_tile", Val::OptText(w.win_tile.map(|t| t.rtile().to_string())));
    for i in 0..4 {
        f(DELTA[i], Val::Int(w.deltas[i].into()));
        f(RECORDED[i], Val::Int(w.recorded[i].into()));
    }
    f("matches_record", Val::Bool(w.deltas == w.recorded));
}

/// A hand's fields (`LogHand`), in column order.
fn hand_fields(source: &str, h: &HandRow, f: &mut dyn FnMut(&'static str, Val)) {
    const START: [&str; 4] = per_seat!("start");
    const DELTA: [&str; 4] = per_seat!("delta");
    const RIICHI: [&str; 4] = per_seat!("riichi");
    const CALLS: [&str; 4] = per_seat!("calls");
    const DRAWS: [&str; 4] = per_seat!("draws");
    f("source", Val::Str(source));
    f("hand_index", Val::Int(h.index.into()));
    f("round_wind", Val::Str(WINDS[h.wind as usize % 4]));
    f("hand_number", Val::Int(h.number.into()));
    f("honba", Val::Int(h.honba.into()));
    f("sticks", Val::Int(h.sticks.into()));
    f("dealer", Val::Int(h.dealer.into()));
    f("result", Val::Str(h.result));
    f("winner", Val::OptInt(h.winner.map(i64::from)));
    f("discarder", Val::OptInt(h.discarder.map(i64::from)));
    for i in 0..4 {
        f(START[i], Val::Int(h.scores[i].into()));
        f(DELTA[i], Val::Int(h.deltas[i].into()));
        f(RIICHI[i], Val::Bool(h.riichi[i]));
        f(CALLS[i], Val::Int(h.calls[i].into()));
        f(DRAWS[i], Val::Int(h.draws[i].into()));
    }
}

/// A game's fields (`LogGame`), in column order.
fn game_fields(r: &ReplayReport, g: &GameRow, players: u8, f: &mut dyn FnMut(&'static str, Val)) {
    const FINAL: [&str; 4] = per_seat!("final");
    const RANK: [&str; 4] = per_seat!("rank");
    const RESULT: [&str; 4] = per_seat!("result");
    f("source", Val::Str(&r.source));
    f("players", Val::Int(players.into()));
    f("hands", Val::Int(g.hands.into()));
    f("complete", Val::Bool(g.complete));
    f("first_dealer", Val::Int(g.first_dealer.into()));
    for i in 0..4 {
        f(FINAL[i], Val::Int(g.scores[i].into()));
        f(RANK[i], Val::Int(g.ranks[i].into()));
        f(RESULT[i], Val::OptFloat(g.results.map(|r| r[i])));
    }
    f("verified", Val::Bool(r.ok()));
    f("supported", Val::Bool(r.supported));
}

/// A row as a dict (keys in column order).
fn dict_of<'py>(
    py: Python<'py>,
    fields: impl FnOnce(&mut dyn FnMut(&'static str, Val)),
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let mut err = Ok(());
    fields(&mut |k, v| {
        if err.is_ok() {
            err = v.to_py(py).and_then(|v| d.set_item(k, v));
        }
    });
    err.map(|_| d)
}

/// A win's row as a dict (`score_logs`' rows).
pub(crate) fn win_dict<'py>(py: Python<'py>, w: &WinRow) -> PyResult<Bound<'py, PyDict>> {
    dict_of(py, |f| win_fields(w, f))
}

/// One table as a list per column, filled row by row.
struct Columns<'py> {
    py: Python<'py>,
    names: Vec<&'static str>,
    lists: Vec<Bound<'py, PyList>>,
    rows: usize,
}

impl<'py> Columns<'py> {
    fn new(py: Python<'py>) -> Self {
        Columns { py, names: Vec::new(), lists: Vec::new(), rows: 0 }
    }

    fn row(&mut self, fields: impl FnOnce(&mut dyn FnMut(&'static str, Val))) -> PyResult<()> {
        let (py, first) = (self.py, self.rows == 0);
        let (names, lists) = (&mut self.names, &mut self.lists);
        let mut at = 0;
        let mut err = Ok(());
        fields(&mut |k, v| {
            if err.is_err() {
                return;
            }
            if first {
                names.push(k);
                lists.push(PyList::empty(py));
            }
            err = v.to_py(py).and_then(|v| lists[at].append(v));
            at += 1;
        });
        self.rows += 1;
        err
    }

    /// `{name: list}` in column order (empty when no row was given).
    fn into_dict(self) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(self.py);
        for (k, l) in self.names.iter().zip(self.lists) {
            d.set_item(k, l)?;
        }
        Ok(d)
    }
}

/// A replayed game: its report, hand rows, game row and number of players.
type Done = (ReplayReport, Vec<HandRow>, GameRow, u8);

/// Every game of `files` replayed on all cores with the GIL released; per log, its
/// games or why it could not be read.
fn replay_all(py: Python<'_>, files: &[LogInput]) -> PyResult<Vec<Result<Vec<Done>, Error>>> {
    detach::run(py, |cancel| {
        files
            .par_iter()
            .map(|f| {
                cancel.check()?;
                Ok(f.read().map(|games| {
                    games.iter().map(|g| (replay_game(g), hand_rows(g), game_row(g), g.n_players)).collect()
                }))
            })
            .collect::<Result<Vec<_>, Error>>()
    })
}

/// Wins, hands, games, and the logs skipped.
/// The three tables, in the order the functions return them.
#[derive(Clone, Copy)]
enum Table {
    Wins,
    Hands,
    Games,
}

/// Hand every row of the replayed logs to `sink` (its table and its fields), in
/// log order; the logs that could not be read come back as `Kind: message` lines.
/// One walk serves the row and the column forms of the tables.
fn each_row(
    results: Vec<Result<Vec<Done>, Error>>,
    mut sink: impl FnMut(Table, &mut dyn FnMut(&mut dyn FnMut(&'static str, Val))) -> PyResult<()>,
) -> PyResult<Vec<String>> {
    let mut skipped = Vec::new();
    for r in results {
        match r {
            Err(e) => skipped.push(format!("{}: {}", e.kind(), e.message())),
            Ok(done) => {
                for (rep, hs, g, players) in &done {
                    for w in &rep.win_rows {
                        sink(Table::Wins, &mut |f| win_fields(w, f))?;
                    }
                    for h in hs {
                        sink(Table::Hands, &mut |f| hand_fields(&rep.source, h, f))?;
                    }
                    sink(Table::Games, &mut |f| game_fields(rep, g, *players, f))?;
                }
            }
        }
    }
    Ok(skipped)
}

type Tables<'py> = (Bound<'py, PyList>, Bound<'py, PyList>, Bound<'py, PyList>, Vec<String>);

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
    let (wins, hands, games) = (PyList::empty(py), PyList::empty(py), PyList::empty(py));
    let skipped = each_row(replay_all(py, &files)?, |table, fields| {
        [&wins, &hands, &games][table as usize].append(dict_of(py, fields)?)
    })?;
    Ok((wins, hands, games, skipped))
}

/// Wins, hands and games as `{column: list}`, with their row counts, and the logs
/// skipped.
type ColumnTables<'py> =
    ((Bound<'py, PyDict>, usize), (Bound<'py, PyDict>, usize), (Bound<'py, PyDict>, usize), Vec<String>);

/// `score_log_tables` by columns: each table as `({column: list of values}, rows)`
/// (the columns of a table with no rows are not listed), the columns in the rows'
/// key order, and the logs skipped.
///
/// Example:
///     >>> wins, hands, games, skipped = score_log_columns([("x", b"not a log")])
///     >>> (wins, hands, games), skipped[0][:20]
///     ((({}, 0), ({}, 0), ({}, 0)), 'LogParseError: x: by')
#[pyfunction]
pub fn score_log_columns<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = log_input::files)] files: Vec<LogInput>,
) -> PyResult<ColumnTables<'py>> {
    let mut tables = [Columns::new(py), Columns::new(py), Columns::new(py)];
    let skipped = each_row(replay_all(py, &files)?, |table, fields| tables[table as usize].row(fields))?;
    let [wins, hands, games] = tables;
    let (nw, nh, ng) = (wins.rows, hands.rows, games.rows);
    Ok(((wins.into_dict()?, nw), (hands.into_dict()?, nh), (games.into_dict()?, ng), skipped))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_log_tables, m)?)?;
    m.add_function(wrap_pyfunction!(score_log_columns, m)?)
}
