//! Logs and the round engine: reading logs into event dictionaries and replaying
//! them through the engine. Conversion only; the rules live in `mahjong-core`.

use crate::args;
use crate::detach;
use crate::errors::IntoPyResult;
use crate::log_input::LogInput;
use mahjong_core::args::IntArg;
use mahjong_core::engine::replay::{replay_game, ReplayReport};
use mahjong_core::logs::{self, Event, GameLog};
use mahjong_core::Error;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use std::path::PathBuf;

/// A meld's keys (kind, tiles, called, from) on `d`: one shape for call events and
/// seat views.
pub(crate) fn set_meld(d: &Bound<'_, PyDict>, m: &mahjong_core::logs::LogMeld) -> PyResult<()> {
    d.set_item("kind", m.kind.name())?;
    d.set_item("tiles", ids(m.tile_slice()))?;
    d.set_item("called", m.called.id() as u32)?;
    d.set_item("from", m.from)
}

pub(crate) fn ids(v: &[mahjong_core::TileId]) -> Vec<u32> {
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
            let hands: Vec<Vec<Option<u32>>> =
                s.hands.iter().map(|h| h.iter().map(|t| t.map(|t| t.id() as u32)).collect()).collect();
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
            set_meld(&d, meld)?;
        }
        Event::Nuki { seat, tile } => {
            d.set_item("type", "nuki")?;
            d.set_item("seat", seat)?;
            d.set_item("tile", tile.id() as u32)?;
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
pub fn read_log<'py>(py: Python<'py>, #[pyo3(from_py_with = arg::path)] path: PathBuf) -> PyResult<Bound<'py, PyList>> {
    let games = detach::run(py, |_| logs::read_file(&path))?;
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
pub fn list_log_files(#[pyo3(from_py_with = arg::paths)] paths: Vec<PathBuf>) -> PyResult<Vec<String>> {
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
    d.set_item("riichi_checked", r.riichi_checked)?;
    d.set_item("final_checked", r.final_checked)?;
    d.set_item("final_matched", r.final_matched)?;
    d.set_item("complete", r.complete())?;
    d.set_item("truncated", r.truncated)?;
    d.set_item("rounds_truncated", r.rounds_truncated)?;
    d.set_item("kuikae_accepted", r.kuikae_accepted)?;
    d.set_item("uma_from_record", r.uma_from_record.map(|u| u.to_vec()))?;
    d.set_item("fingerprint", format!("{:016x}", r.fingerprint))?;
    let hands: Vec<(String, Vec<u32>)> =
        r.hands.iter().map(|(h, d)| (format!("{h:016x}"), d.iter().map(|&x| x as u32).collect())).collect();
    d.set_item("hands", hands)?;
    d.set_item("problems", r.problems.clone())?;
    d.set_item("error", py.None())?;
    Ok(d)
}

/// Replay every game of the given logs through the engine, on all cores with the
/// GIL released. Each log is a path or a `(source, bytes)` pair (a database row or
/// a bundle member: plain, gzip or bzip2 bytes of any format). Returns one report dict per game (`ok`: everything present
/// verified; `complete`: ok and the log runs to the end of the match; `truncated`,
/// `rounds`, `rounds_legal`, `rounds_scored`, `rounds_truncated`, `wins`,
/// `wins_matched`, `final_checked`, `final_matched`, `kuikae_accepted`,
/// `uma_from_record`, `fingerprint` (equal for copies of one game), `problems`,
/// ...); a file that cannot be read gives one dict with `error` set.
///
/// Example:
///     >>> reports = verify_logs(["game.mjlog"])  # doctest: +SKIP
///     >>> reports[0]["ok"]  # doctest: +SKIP
///     True
#[pyfunction]
pub fn verify_logs<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::files)] files: Vec<LogInput>,
) -> PyResult<Bound<'py, PyList>> {
    let results = detach::run(py, |cancel| replay_files(&files, cancel))?;
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

/// Convert every game of a log file to `fmt` ("mjai" JSON lines, "tenhou6" JSON or
/// "mjlog" XML); returns one text per game.
///
/// Example:
///     >>> texts = convert_log("game.mjlog", "mjai")  # doctest: +SKIP
///     >>> texts[0].splitlines()[0]  # doctest: +SKIP
///     '{"names":["A","B","C","D"],"type":"start_game"}'
#[pyfunction]
pub fn convert_log(
    py: Python<'_>,
    #[pyo3(from_py_with = arg::path)] path: PathBuf,
    #[pyo3(from_py_with = arg::fmt)] fmt: &str,
) -> PyResult<Vec<String>> {
    let write: fn(&GameLog) -> Result<String, Error> = match fmt {
        "mjai" => |g| Ok(logs::write::to_mjai(g)),
        "tenhou6" => logs::write::to_tenhou6,
        "mjlog" => logs::write_mjlog::to_mjlog,
        other => {
            let message = format!("fmt must be \"mjai\", \"tenhou6\" or \"mjlog\", got {other:?}");
            return Err(Error::InvalidArgument { name: "fmt", message }).py_err();
        }
    };
    let games = detach::run(py, |_| logs::read_file(&path))?;
    games.iter().map(write).collect::<Result<Vec<_>, _>>().py_err()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(convert_log, m)?)?;
    m.add_function(wrap_pyfunction!(read_log, m)?)?;
    m.add_function(wrap_pyfunction!(list_log_files, m)?)?;
    m.add_function(wrap_pyfunction!(verify_logs, m)?)?;
    register_play(m)
}

use crate::json;
use crate::rules::{load_rules, match_rules_arg};
use mahjong_core::engine::journal::{penalty_from_name, Journal, Step};
use mahjong_core::engine::round::{Action, Phase};
use mahjong_core::engine::scorer::ScorerJudge;
use mahjong_core::engine::selfplay;
use mahjong_core::engine::snapshot;
use mahjong_core::engine::wall::{Rng, Wall};
use mahjong_core::engine::{Game, Round};
use mahjong_core::TileId;
use pyo3::types::PyBytes;

pub(crate) fn action_dict<'py>(py: Python<'py>, seat: u8, a: &Action) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", seat)?;
    let (kind, tile, tiles): (&str, Option<u32>, Option<Vec<u32>>) = match *a {
        Action::Discard { tile, riichi } => (if riichi { "riichi" } else { "discard" }, Some(tile.id() as u32), None),
        Action::Tsumo => ("tsumo", None, None),
        Action::Ankan { tile } => ("ankan", Some(tile.id() as u32), None),
        Action::Kakan { tile } => ("kakan", Some(tile.id() as u32), None),
        Action::NineTerminals => ("nine_terminals", None, None),
        Action::Nuki { tile } => ("nuki", Some(tile.id() as u32), None),
        Action::Ron => ("ron", None, None),
        Action::Chi { tiles } => ("chi", None, Some(ids(&tiles))),
        Action::Pon { tiles } => ("pon", None, Some(ids(&tiles))),
        Action::Daiminkan => ("daiminkan", None, None),
        Action::Pass => ("pass", None, None),
    };
    d.set_item("type", kind)?;
    if let Some(t) = tile {
        d.set_item("tile", t)?;
    }
    if let Some(t) = tiles {
        d.set_item("tiles", t)?;
    }
    Ok(d)
}

/// Converters of the checked arguments (ranges declared in the core).
mod arg {
    use mahjong_core::engine::arg;
    use pyo3::prelude::*;
    crate::int_param!(seat: u8 = arg::SEAT);
    crate::int_param!(opt_seat: Option<u8> = arg::SEAT);
    crate::int_param!(first_dealer: u8 = arg::FIRST_DEALER);
    crate::int_param!(seed: u64 = arg::SEED);
    crate::int_param!(minutes: u32 = arg::MINUTES);
    crate::int_param!(n: u64 = arg::MATCHES);
    crate::text_param!(kind);
    crate::text_param!(fmt);
    crate::text_param!(text);
    /// Four player names, or None.
    pub fn names(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<Option<[String; 4]>> {
        use pyo3::prelude::*;
        if obj.is_none() {
            return Ok(None);
        }
        let bad =
            || crate::args::named(obj, "names", format!("names must be 4 texts, got {}", crate::args::describe(obj)));
        if obj.is_instance_of::<pyo3::types::PyString>() {
            return Err(bad());
        }
        let v: Vec<String> = obj.extract().map_err(|_| bad())?;
        <[String; 4]>::try_from(v).map(Some).map_err(|_| bad())
    }
    pub fn data(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<Vec<u8>> {
        crate::args::bytes(obj, "data")
    }
    pub fn wall(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<Option<Vec<u32>>> {
        if obj.is_none() {
            return Ok(None);
        }
        crate::args::int_list(obj, arg::WALL).map(Some)
    }
    pub fn scores(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<[i32; 4]> {
        let v: Vec<i32> = crate::args::int_list(obj, arg::SCORES)?;
        v.try_into().map_err(|v: Vec<i32>| {
            crate::args::named(obj, "scores", format!("scores must be four integers, got {}", v.len()))
        })
    }
    pub fn path(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<std::path::PathBuf> {
        crate::args::path(obj, "path")
    }
    pub fn paths(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<Vec<std::path::PathBuf>> {
        crate::args::paths(obj, "paths")
    }
    pub use crate::log_input::files;
}

/// Read and replay every game of `files` on all cores; each log's own error is kept
/// beside its name, a set `cancel` stops the whole run (checked before each log and
/// each game).
type FileReports = Vec<(String, Result<Vec<ReplayReport>, Error>)>;
fn replay_files(files: &[LogInput], cancel: &mahjong_core::cancel::Cancel) -> Result<FileReports, Error> {
    files
        .par_iter()
        .map(|f| {
            cancel.check()?;
            let reports = match f.read() {
                Ok(gs) => {
                    Ok(gs.iter().map(|g| cancel.check().map(|()| replay_game(g))).collect::<Result<Vec<_>, _>>()?)
                }
                Err(e) => Err(e),
            };
            Ok((f.source(), reports))
        })
        .collect()
}

/// A 136-id of an action dict.
const TILE: IntArg = IntArg::new("tile", 0, 135);

fn tile_arg(d: &Bound<'_, PyDict>, key: &str) -> PyResult<TileId> {
    let v = d.get_item(key)?.ok_or_else(|| Error::IllegalAction(format!("action needs {key:?}"))).py_err()?;
    TileId::new(args::int(&v, TILE)?).py_err()
}

fn parse_action(d: &Bound<'_, PyDict>) -> PyResult<Action> {
    let kind = d.get_item("type")?.ok_or_else(|| Error::IllegalAction("action needs a \"type\"".into())).py_err()?;
    let kind = args::text(&kind, "type")?;
    let pair = |d: &Bound<'_, PyDict>| -> PyResult<[TileId; 2]> {
        let v = d
            .get_item("tiles")?
            .ok_or_else(|| Error::IllegalAction("chi/pon needs \"tiles\" (two ids)".into()))
            .py_err()?;
        let v: Vec<Bound<'_, PyAny>> = match v.try_iter() {
            Ok(it) => it.collect::<PyResult<_>>()?,
            Err(_) => {
                return Err(args::named(&v, "tiles", format!("tiles must be two tile ids, got {}", args::describe(&v))))
            }
        };
        if v.len() != 2 {
            return Err(Error::IllegalAction(format!("chi/pon needs two tile ids, got {}", v.len()))).py_err();
        }
        let id = |x: &Bound<'_, PyAny>| TileId::new(args::int(x, TILE)?).py_err();
        Ok([id(&v[0])?, id(&v[1])?])
    };
    Ok(match kind {
        "discard" => Action::Discard { tile: tile_arg(d, "tile")?, riichi: false },
        "riichi" => Action::Discard { tile: tile_arg(d, "tile")?, riichi: true },
        "tsumo" => Action::Tsumo,
        "ankan" => Action::Ankan { tile: tile_arg(d, "tile")? },
        "kakan" => Action::Kakan { tile: tile_arg(d, "tile")? },
        "nine_terminals" => Action::NineTerminals,
        "nuki" => Action::Nuki { tile: tile_arg(d, "tile")? },
        "ron" => Action::Ron,
        "chi" => Action::Chi { tiles: pair(d)? },
        "pon" => Action::Pon { tiles: pair(d)? },
        "daiminkan" => Action::Daiminkan,
        "pass" => Action::Pass,
        other => return Err(Error::IllegalAction(format!("unknown action type {other:?}"))).py_err(),
    })
}

/// A match played action by action: the engine lists each seat's legal actions and
/// rejects anything else with `IllegalActionError` (the state stays as it was).
///
/// Actions are dicts: `{"type": "discard", "tile": 52}`, `{"type": "riichi", "tile":
/// 52}`, `tsumo`, `ron`, `pass`, `{"type": "chi"|"pon", "tiles": [id, id]}`,
/// `daiminkan`, `{"type": "ankan"|"kakan", "tile": id}`, `nine_terminals`, and in
/// three-player (`"tenhou-sanma"`) `{"type": "nuki", "tile": id}` (a north pulled
/// aside). Walls are shuffled from `seed`.
///
/// `rules` are the match rules: a preset name (default `"tenhou"`), a
/// `MatchRules`, a dict of options (`{"preset": "tenhou", "length": "east"}`) or a
/// `.toml` path. `scoring` are the rules that value each win, as `score` takes
/// them (preset name, `RuleSet`, dict, `.toml` path); by default the scoring preset
/// paired with the match rules (`MatchRules.scoring`).
///
/// Example:
///     >>> m = Match({"preset": "tenhou", "length": "east", "tobi": False}, seed=1, scoring="standard")
///     >>> m.scores
///     [25000, 25000, 25000, 25000]
///     >>> m = Match("tenhou", seed=1)
///     >>> seat = m.to_act()[0]
///     >>> m.apply(seat, m.legal_actions(seat)[0])
///     >>> m.phase in ("turn", "claim", "ended")
///     True
#[pyclass(name = "Match", module = "mahjong_fast")]
pub struct PyMatch {
    game: Game,
    round: Round,
    judge: ScorerJudge,
    rng: Rng,
    /// Seed, first wall and every accepted step: what pickling and `to_dict` carry.
    journal: Journal,
    /// The `MatchRules` and `RuleSet` the match was built from (what `rules` and
    /// `scoring` return).
    match_rules: Py<PyAny>,
    rule_set: Py<PyAny>,
    /// The rules as a snapshot writes them, made on the first snapshot (rule sets are
    /// immutable, so it never changes).
    snapshot_rules: std::sync::OnceLock<String>,
    /// Events of the hands already settled (the current hand's are the round's): what
    /// `log()` writes.
    past: Vec<Event>,
}

#[pymethods]
impl PyMatch {
    #[new]
    #[pyo3(signature = (rules = None, seed = 0, wall = None, scoring = None))]
    pub fn new<'py>(
        py: Python<'py>,
        rules: Option<&Bound<'py, PyAny>>,
        #[pyo3(from_py_with = arg::seed)] seed: u64,
        #[pyo3(from_py_with = arg::wall)] wall: Option<Vec<u32>>,
        scoring: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Self> {
        let loaded = load_rules(py, rules, scoring)?;
        let (er, sr) = (loaded.engine, loaded.scoring);
        let players = er.players;
        let game = Game::new(er);
        let mut rng = Rng::new(seed);
        // Ids that are not tiles are refused below, before the journal is used.
        let journal =
            Journal::new(seed, wall.as_ref().map(|w| w.iter().filter_map(|&i| TileId::new(i).ok()).collect()));
        let first = match wall {
            Some(order) => {
                let ids: Vec<TileId> = order.into_iter().map(TileId::new).collect::<Result<_, _>>().py_err()?;
                Wall::from_order_for(&ids, players).py_err()?
            }
            None => Wall::shuffled_for(&mut rng, players),
        };
        let round = game.start_round(first, true);
        Ok(PyMatch {
            game,
            round,
            judge: ScorerJudge::new(sr),
            rng,
            journal,
            match_rules: loaded.match_rules.unbind(),
            rule_set: loaded.rule_set.unbind(),
            snapshot_rules: std::sync::OnceLock::new(),
            past: Vec::new(),
        })
    }
    /// "turn", "claim", "ended" (hand over: call `next_hand`) or "over" (match over).
    #[getter]
    fn phase(&self) -> &'static str {
        if self.game.result.is_some() {
            return "over";
        }
        match self.round.phase {
            Phase::Turn { .. } => "turn",
            Phase::Claim { .. } => "claim",
            Phase::Ended(_) => "ended",
        }
    }
    /// Seats that must decide now.
    fn to_act(&self) -> Vec<u32> {
        let m = self.round.to_act();
        (0..4u32).filter(|s| m & (1 << s) != 0).collect()
    }
    /// Legal actions of `seat` (empty when it has nothing to decide).
    fn legal_actions<'py>(
        &mut self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::seat)] seat: u8,
    ) -> PyResult<Bound<'py, PyList>> {
        let mut v = Vec::new();
        self.round.legal_actions(seat, &mut self.judge, &mut v);
        let out = PyList::empty(py);
        for a in &v {
            out.append(action_dict(py, seat, a)?)?;
        }
        Ok(out)
    }
    /// Apply `seat`'s action; raises `IllegalActionError` if it is not legal.
    fn apply(&mut self, #[pyo3(from_py_with = arg::seat)] seat: u8, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = parse_action(args::dict(action, "action")?)?;
        self.step(Step::Act { seat, action: a }).py_err().map(|_| ())
    }
    /// Referee penalty on `seat`: "chombo" (pays per the rules, hand voided and
    /// replayed), "wrong_call" or "wrong_ron" (pays; a wrong ron also bars the seat
    /// from winning this hand, which continues).
    fn penalty(
        &mut self,
        #[pyo3(from_py_with = arg::seat)] seat: u8,
        #[pyo3(from_py_with = arg::kind)] kind: &str,
    ) -> PyResult<()> {
        let penalty = penalty_from_name(kind).py_err()?;
        self.step(Step::Penalty { seat, penalty }).py_err().map(|_| ())
    }
    /// Tell the engine the match time limit has passed (the engine reads no clock):
    /// the match ends when the hand in play ends. Raises `InvalidRuleError` when the
    /// rules have no time limit (only shiima-2026 has one, 50 minutes).
    ///
    /// Example:
    ///     >>> m = Match("shiima-2026", seed=1)
    ///     >>> m.time_up()
    ///     >>> m.time_is_up
    ///     True
    fn time_up(&mut self) -> PyResult<()> {
        self.step(Step::TimeUp).py_err().map(|_| ())
    }
    /// Report the playing time so far in minutes; at or past the rules' limit it
    /// acts as `time_up()`. Returns whether the time is up (never without a limit).
    ///
    /// Example:
    ///     >>> m = Match("shiima-2026", seed=1)
    ///     >>> m.elapsed(30), m.elapsed(50)
    ///     (False, True)
    fn elapsed(&mut self, #[pyo3(from_py_with = arg::minutes)] minutes: u32) -> PyResult<bool> {
        self.step(Step::Elapsed(minutes)).py_err()
    }
    /// The match rules in play (a `MatchRules`).
    ///
    /// Example:
    ///     >>> Match({"preset": "tenhou", "length": "east"}).rules.length
    ///     'east'
    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<PyAny> {
        self.match_rules.clone_ref(py)
    }
    /// The scoring rules in play (a `RuleSet`).
    ///
    /// Example:
    ///     >>> Match("shiima-2026").scoring.name
    ///     'shiima-2026'
    #[getter]
    fn scoring(&self, py: Python<'_>) -> Py<PyAny> {
        self.rule_set.clone_ref(py)
    }
    /// True once the time limit was reported: the hand in play is the last one.
    #[getter]
    fn time_is_up(&self) -> bool {
        self.game.time_up
    }
    /// Events of the current hand so far (same dicts as `read_log`). With `seat`,
    /// as that seat sees them: other seats' dealt tiles and draws are `None`.
    ///
    /// Example:
    ///     >>> m = Match("tenhou", seed=1)
    ///     >>> start = m.events(seat=2)[0]
    ///     >>> [h[0] is None for h in start["hands"]]
    ///     [True, True, False, True]
    #[pyo3(signature = (seat = None))]
    fn events<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = arg::opt_seat)] seat: Option<u8>,
    ) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for e in &crate::engine_view::seat_events(&self.round, seat) {
            out.append(event_dict(py, e)?)?;
        }
        Ok(out)
    }
    /// What `seat` may know now: its own concealed tiles and draw, every river
    /// (tsumogiri, riichi and called marks), all melds, dora indicators, scores,
    /// sticks, honba, who acts, and what the hand's end revealed; nothing of the
    /// other hands, the wall or unshown indicators. Legal actions: `legal_actions`.
    ///
    /// Example:
    ///     >>> m = Match("tenhou", seed=1)
    ///     >>> v = m.view(0)
    ///     >>> len(v["hand"]), v["to_act"], v["rivers"]
    ///     (14, [0], [[], [], [], []])
    fn view<'py>(&self, py: Python<'py>, #[pyo3(from_py_with = arg::seat)] seat: u8) -> PyResult<Bound<'py, PyDict>> {
        crate::engine_view::view_dict(py, &self.round, seat)
    }
    /// The current hand's events for `seat` as mjai JSON lines in the per-player
    /// form that mjai bots read (other seats' draws are `"?"`).
    ///
    /// Example:
    ///     >>> import json
    ///     >>> m = Match("tenhou", seed=1)
    ///     >>> [json.loads(x)["type"] for x in m.mjai_events(1)]
    ///     ['start_game', 'start_kyoku', 'tsumo']
    ///     >>> json.loads(m.mjai_events(1)[0])["id"]
    ///     1
    ///     >>> json.loads(m.mjai_events(1)[-1])["pai"]
    ///     '?'
    fn mjai_events(&self, py: Python<'_>, #[pyo3(from_py_with = arg::seat)] seat: u8) -> PyResult<Vec<String>> {
        Ok(mahjong_core::engine::view::mjai_for_seat(&self.round, seat, self.log_rules(py)?))
    }
    /// Scores now (riichi sticks already paid are off the players' scores).
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.round.scores.to_vec()
    }
    /// (wind, hand number, honba, riichi sticks, dealer) of the current hand.
    #[getter]
    fn hand_info(&self) -> (u32, u32, u32, u32, u32) {
        let r = &self.round;
        (r.wind as u32, r.number as u32, r.honba as u32, r.sticks as u32, r.dealer as u32)
    }
    /// Concealed tile ids of `seat`.
    fn hand(&self, #[pyo3(from_py_with = arg::seat)] seat: u8) -> PyResult<Vec<u32>> {
        Ok(ids(self.round.seats[seat as usize].concealed()))
    }
    /// After a hand ended: settle it and deal the next one (or end the match).
    fn next_hand(&mut self) -> PyResult<()> {
        self.step(Step::NextHand).py_err().map(|_| ())
    }
    /// The final result once the match is over: dict with scores, ranks, results.
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(r) = &self.game.result else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("scores", r.scores.to_vec())?;
        d.set_item("ranks", r.ranks.iter().map(|&x| x as u32).collect::<Vec<u32>>())?;
        d.set_item("results", r.results.to_vec())?;
        Ok(Some(d))
    }
    /// The match as JSON-ready data: its rules and scoring rules (their `to_dict()`),
    /// the wall `seed`, the first `wall` (or None) and every accepted `steps` (actions
    /// with their seat, penalties, time reports, next_hand). `Match.from_dict` replays
    /// it into an identical match.
    ///
    /// Example:
    ///     >>> m = Match("tenhou", seed=3)
    ///     >>> seat = m.to_act()[0]
    ///     >>> m.apply(seat, m.legal_actions(seat)[0])
    ///     >>> d = m.to_dict()
    ///     >>> d["seed"], len(d["steps"]), Match.from_dict(d) == m
    ///     (3, 1, True)
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let d = json::to_py(py, &self.journal.to_value())?;
        d.set_item("rules", self.match_rules.bind(py).call_method0("to_dict")?)?;
        d.set_item("scoring", self.rule_set.bind(py).call_method0("to_dict")?)?;
        Ok(d)
    }
    /// The match `to_dict()` wrote, rebuilt by replaying its steps.
    #[staticmethod]
    fn from_dict<'py>(py: Python<'py>, d: &Bound<'py, PyAny>) -> PyResult<Self> {
        let get = |k: &str| -> PyResult<Bound<'py, PyAny>> {
            d.get_item(k).map_err(|_| Error::IllegalAction(format!("Match.from_dict: missing {k:?}"))).py_err()
        };
        let journal = Journal::from_value(&json::from_py(d, "Match.from_dict")?).py_err()?;
        Self::replayed(py, &get("rules")?, &get("scoring")?, journal)
    }
    /// The match as bytes, at any point of play: its rules (the presets and the
    /// options changed from them) and its history (seed, first wall, accepted steps)
    /// in a compact binary form with a checksum. `Match.restore` rebuilds an identical
    /// match (the same legal actions and views now, the same walls and future under
    /// the same actions); pickling uses it.
    ///
    /// Example:
    ///     >>> m = Match("tenhou", seed=3)
    ///     >>> m.apply(0, m.legal_actions(0)[0])
    ///     >>> data = m.snapshot()
    ///     >>> data[:4], Match.restore(data) == m
    ///     (b'MFMS', True)
    fn snapshot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let rules = match self.snapshot_rules.get() {
            Some(r) => r,
            None => {
                let r = self.rules_value(py, "compact_dict")?.to_string();
                self.snapshot_rules.get_or_init(|| r)
            }
        };
        Ok(PyBytes::new(py, &snapshot::encode(rules, &self.journal)))
    }
    /// The match `snapshot()` wrote, rebuilt by replaying its steps (each checked
    /// again); damaged or foreign bytes raise `IllegalActionError`.
    ///
    /// Example:
    ///     >>> m = Match({"preset": "tenhou", "length": "east"}, seed=5)
    ///     >>> Match.restore(m.snapshot()).rules.length
    ///     'east'
    #[staticmethod]
    fn restore<'py>(py: Python<'py>, #[pyo3(from_py_with = arg::data)] data: Vec<u8>) -> PyResult<Self> {
        let (rules, journal) = snapshot::decode(&data).py_err()?;
        let rules = json::to_py(py, &json::parse(&rules, "Match.restore")?)?;
        let get = |k: &str| -> PyResult<Bound<'py, PyAny>> {
            rules.get_item(k).map_err(|_| Error::IllegalAction(format!("match snapshot: rules lack {k:?}"))).py_err()
        };
        Self::replayed(py, &get("rules")?, &get("scoring")?, journal)
    }
    /// The whole match so far as a game record with every tile shown (the referee's
    /// view), in `fmt` "mjai" (JSON lines: start_game, each hand, end_game once the
    /// match is over) or "tenhou6" (tenhou.net/6 JSON, three or four players). `read_log`
    /// and `verify` read it back and replay it.
    ///
    /// Example:
    ///     >>> import json
    ///     >>> m = Match("tenhou", seed=1)
    ///     >>> [json.loads(x)["type"] for x in m.log().splitlines()[:3]]
    ///     ['start_game', 'start_kyoku', 'tsumo']
    ///     >>> json.loads(m.log(names=["a", "b", "c", "d"]).splitlines()[0])["names"]
    ///     ['a', 'b', 'c', 'd']
    #[pyo3(signature = (fmt = "mjai", names = None))]
    fn log(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = arg::fmt)] fmt: &str,
        #[pyo3(from_py_with = arg::names)] names: Option<[String; 4]>,
    ) -> PyResult<String> {
        let mut events = self.past.clone();
        events.extend(self.round.events.iter().cloned());
        if let Some(r) = &self.game.result {
            events.push(Event::GameEnd { scores: r.scores, results: Some(r.results) });
        }
        let players = self.game.rules.players;
        let game = GameLog {
            source: String::new(),
            rules: self.log_rules(py)?,
            names: names.unwrap_or_default(),
            n_players: players,
            events,
            ..GameLog::default()
        };
        match fmt {
            "mjai" => Ok(logs::write::to_mjai(&game)),
            "tenhou6" => logs::write::to_tenhou6(&game).py_err(),
            other => Err(Error::InvalidRule(format!("unknown log format {other:?} (mjai or tenhou6)"))).py_err(),
        }
    }
    /// `to_dict()` as JSON text (one line); `Match.from_json` reads it back.
    ///
    /// Example:
    ///     >>> import json
    ///     >>> m = Match("tenhou", seed=2)
    ///     >>> json.loads(m.to_json())["seed"], Match.from_json(m.to_json()) == m
    ///     (2, True)
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        let mut v = self.journal.to_value();
        let mut r = self.rules_value(py, "to_dict")?;
        v["rules"] = r["rules"].take();
        v["scoring"] = r["scoring"].take();
        Ok(v.to_string())
    }
    /// The match `to_json()` wrote (JSON text), rebuilt by replaying its steps.
    ///
    /// Example:
    ///     >>> Match.from_json(Match("tenhou", seed=9).to_json()).to_dict()["seed"]
    ///     9
    #[staticmethod]
    fn from_json<'py>(py: Python<'py>, #[pyo3(from_py_with = arg::text)] text: &str) -> PyResult<Self> {
        let d = json::to_py(py, &json::parse(text, "Match.from_json")?)?;
        Self::from_dict(py, &d)
    }
    /// Pickled as its snapshot bytes; unpickling replays them.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> json::Reduced<'py, (Bound<'py, PyBytes>,)> {
        let data = slf.borrow().snapshot(slf.py())?;
        Ok((slf.get_type().getattr("restore")?, (data,)))
    }
    /// Equal when the rules, the scoring rules and the history (seed, wall, steps) are.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(o) = other.extract::<PyRef<'_, PyMatch>>() else { return Ok(false) };
        Ok(self.journal == o.journal
            && self.match_rules.bind(py).eq(o.match_rules.bind(py))?
            && self.rule_set.bind(py).eq(o.rule_set.bind(py))?)
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name: String = self.match_rules.bind(py).getattr("name")?.extract()?;
        let r = &self.round;
        let wind = ["East", "South", "West", "North"][r.wind as usize % 4];
        let seats: Vec<String> = self.to_act().iter().map(|s| s.to_string()).collect();
        let who = if seats.is_empty() { String::new() } else { format!(" (seat {} to act)", seats.join(", ")) };
        Ok(format!(
            "Match('{name}', {wind} {} honba {}, {}{who}, scores {:?}, {} steps)",
            r.number as u32 + 1,
            r.honba,
            self.phase(),
            self.round.scores,
            self.journal.steps.len()
        ))
    }
}

impl PyMatch {
    /// The table rules a log's `start_game` states. The lobby bits are Tenhou's (1 =
    /// against people, 2 = no red fives, 4 = no open tanyao, 8 = east-south, 16 = three
    /// players): replay reads the match length from them.
    fn log_rules(&self, py: Python<'_>) -> PyResult<logs::LogRules> {
        let players = self.game.rules.players;
        let aka = self.rule_set.bind(py).getattr("red_fives")?.extract::<bool>()?;
        let kuitan = self.rule_set.bind(py).getattr("open_tanyao")?.extract::<bool>()?;
        let hanchan = self.game.rules.length != mahjong_core::engine::rules::Length::East;
        let go_type =
            1 | u32::from(!aka) << 1 | u32::from(!kuitan) << 2 | u32::from(hanchan) << 3 | u32::from(players == 3) << 4;
        Ok(logs::LogRules { go_type: Some(go_type), aka, kuitan, hanchan, sanma: players == 3, custom: false })
    }
    /// `{"rules": ..., "scoring": ...}`: both rule sets as their `method()` writes them
    /// (`to_dict` or `compact_dict`).
    fn rules_value(&self, py: Python<'_>, method: &str) -> PyResult<serde_json::Value> {
        let rules = json::from_py(&self.match_rules.bind(py).call_method0(method)?, "rules")?;
        let scoring = json::from_py(&self.rule_set.bind(py).call_method0(method)?, "scoring")?;
        Ok(serde_json::json!({"rules": rules, "scoring": scoring}))
    }
    /// Run one step; record it when the engine accepted it. Returns `elapsed`'s answer
    /// (whether the time is up) and false for every other step.
    fn step(&mut self, s: Step) -> Result<bool, Error> {
        let out = match s {
            Step::Act { seat, action } => self.round.apply(seat, action, &mut self.judge).map(|_| false),
            Step::Penalty { seat, penalty } => self.round.penalty(seat, penalty).map(|_| false),
            Step::TimeUp => self.game.report_time_up().map(|_| false),
            Step::Elapsed(m) => self.game.report_elapsed(m),
            Step::NextHand => {
                let Phase::Ended(end) = self.round.phase.clone() else {
                    return Err(Error::IllegalAction("the hand is still being played".into()));
                };
                if self.game.result.is_some() {
                    return Err(Error::IllegalAction("the match is over".into()));
                }
                self.game.end_round(&self.round, &end);
                if self.game.result.is_none() {
                    self.past.extend(self.round.events.iter().cloned());
                    self.round =
                        self.game.start_round(Wall::shuffled_for(&mut self.rng, self.game.rules.players), true);
                }
                Ok(false)
            }
        }?;
        self.journal.steps.push(s);
        Ok(out)
    }

    /// A match from its rules and journal: started the same way, every step replayed.
    fn replayed<'py>(
        py: Python<'py>,
        rules: &Bound<'py, PyAny>,
        scoring: &Bound<'py, PyAny>,
        journal: Journal,
    ) -> PyResult<Self> {
        let wall = journal.wall.as_ref().map(|w| w.iter().map(|t| t.id() as u32).collect());
        let mut m = PyMatch::new(py, Some(rules), journal.seed, wall, Some(scoring))?;
        for (i, s) in journal.steps.into_iter().enumerate() {
            m.step(s).map_err(|e| Error::IllegalAction(format!("match journal step {i}: {}", e.message()))).py_err()?;
        }
        Ok(m)
    }
}

/// Final ranking of a match ending with `scores` under the match rules `rules` (a
/// preset name, default `"tenhou"`, a `MatchRules`, a dict of options or a `.toml`
/// path): uma, oka, ties, rounding; seat order counts from `first_dealer`.
///
/// Example:
///     >>> final_result([35000, 25000, 25000, 15000], "shiima-2026")["results"]
///     [55.0, -5.0, -5.0, -45.0]
///     >>> final_result([35000, 25000, 25000, 15000], {"preset": "standard", "uma": (15000, 5000, -5000, -15000)})["results"]
///     [25.0, 5.0, -5.0, -25.0]
#[pyfunction]
#[pyo3(signature = (scores, rules = None, first_dealer = 0))]
pub fn final_result<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::scores)] scores: [i32; 4],
    rules: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = arg::first_dealer)] first_dealer: u8,
) -> PyResult<Bound<'py, PyDict>> {
    let er = match_rules_arg(py, rules)?.1;
    let r = mahjong_core::engine::game::final_result(&er, scores, first_dealer);
    let d = PyDict::new(py);
    d.set_item("scores", r.scores.to_vec())?;
    d.set_item("ranks", r.ranks.iter().map(|&x| x as u32).collect::<Vec<u32>>())?;
    d.set_item("results", r.results.to_vec())?;
    Ok(d)
}

/// Play `n` whole matches with random legal actions on all cores (GIL released).
/// Returns totals: matches, hands, decisions, wins, draws. `rules` and `scoring`
/// are taken as by `Match` (match rules: preset name, `MatchRules`, dict, `.toml`
/// path; scoring: what `score` takes, by default the preset paired with `rules`).
///
/// Example:
///     >>> self_play(4, seed=1)["matches"]
///     4
///     >>> self_play(2, seed=1, rules={"preset": "shiima-2026", "tobi": False}, scoring={"red_fives": False})["matches"]
///     2
#[pyfunction]
#[pyo3(signature = (n, seed = 0, rules = None, scoring = None))]
pub fn self_play<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::n)] n: u64,
    #[pyo3(from_py_with = arg::seed)] seed: u64,
    rules: Option<&Bound<'py, PyAny>>,
    scoring: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let loaded = load_rules(py, rules, scoring)?;
    let (er, sr) = (loaded.engine, loaded.scoring);
    let st = detach::run(py, |cancel| selfplay::play_many(&er, &sr, seed, n, cancel))?;
    let d = PyDict::new(py);
    d.set_item("matches", st.matches)?;
    d.set_item("hands", st.hands)?;
    d.set_item("decisions", st.decisions)?;
    d.set_item("wins", st.wins)?;
    d.set_item("draws", st.draws)?;
    Ok(d)
}

pub fn register_play(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMatch>()?;
    m.add_function(wrap_pyfunction!(self_play, m)?)?;
    m.add_function(wrap_pyfunction!(final_result, m)?)?;
    m.add_function(wrap_pyfunction!(score_logs, m)?)?;
    Ok(())
}

/// Every win in the given logs (paths or `(source, bytes)` pairs, as for
/// `verify_logs`), replayed through the engine and scored with
/// `riichi.score`, one dict per win (source, round, winner, han, fu, yaku, points,
/// every seat's score change beside the recorded one). Files are read on all cores
/// with the GIL released; unreadable files and unsupported games are skipped and
/// reported in the second list.
///
/// Example:
///     >>> rows, skipped = score_logs(["game.mjlog"])  # doctest: +SKIP
///     >>> rows[0]["han"], rows[0]["matches_record"]  # doctest: +SKIP
///     (3, True)
#[pyfunction]
pub fn score_logs<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = arg::files)] files: Vec<LogInput>,
) -> PyResult<(Bound<'py, PyList>, Vec<String>)> {
    let results = detach::run(py, |cancel| replay_files(&files, cancel))?;
    let rows = PyList::empty(py);
    let mut skipped = Vec::new();
    for (name, r) in results {
        match r {
            Ok(reports) => {
                for rep in &reports {
                    if !rep.supported {
                        skipped.push(format!("{}: {}", rep.source, rep.note));
                    }
                    for w in &rep.win_rows {
                        rows.append(crate::log_tables::win_dict(py, w)?)?;
                    }
                }
            }
            Err(e) => {
                let _ = name;
                skipped.push(e.message().to_string())
            }
        }
    }
    Ok((rows, skipped))
}
