//! mjai event streams (one JSON object per line, or a JSON array of them) into
//! [`Event`]s. Tiles are names ("1m".."9m", "5mr" red, "E" "S" "W" "N", "P" white,
//! "F" green, "C" red dragon, "?" hidden); physical ids are assigned as tiles appear
//! and followed from hand to river and meld.

use super::event::*;
use super::ids::IdPool;
use super::mjai_yaku::{self, WinWinds};
use super::numbers;
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::tile::TileId;
use serde_json::Value;

// The common events read without a `Value` (falling back to this file's reading).
#[path = "mjai_line.rs"]
mod line;

const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

/// mjai tile name -> (kind, red); `None` for "?" or an unknown name. Matched on the
/// bytes (no allocation, no scan of the honour names): it runs for every tile of a log.
pub fn tile_kind(s: &str) -> Option<(usize, bool)> {
    let suit = |c: u8| match c {
        b'm' => Some(0),
        b'p' => Some(1),
        b's' => Some(2),
        _ => None,
    };
    match *s.as_bytes() {
        [h] => HONORS.iter().position(|n| n.as_bytes()[0] == h).map(|i| (27 + i, false)),
        [n @ b'1'..=b'9', c] => Some((suit(c)? * 9 + (n - b'1') as usize, false)),
        [b'5', c, b'r'] => Some((suit(c)? * 9 + 4, true)),
        _ => None,
    }
}

/// The mjai name of a tile id.
pub fn tile_name(t: TileId, aka: bool) -> String {
    let k = t.tile().index();
    if k >= 27 {
        return HONORS[k - 27].to_string();
    }
    let suit = ['m', 'p', 's'][k / 9];
    let red = if aka && t.is_red() { "r" } else { "" };
    format!("{}{suit}{red}", k % 9 + 1)
}

struct Reader<'a> {
    source: &'a str,
    line: usize,
    aka: bool,
    pool: IdPool,
    hands: [Vec<TileId>; 4],
    last_draw: [Option<TileId>; 4],
    last_discard: Option<(u8, TileId)>,
    game: GameLog,
    in_round: bool,
    ura: Option<Vec<TileId>>,
}

impl Reader<'_> {
    fn err(&self, why: impl std::fmt::Display) -> Error {
        Error::LogParse(format!("{}: line {}: {why}", self.source, self.line))
    }
    fn seat(&self, v: &Value, key: &str) -> Result<u8> {
        v.get(key)
            .and_then(|x| x.as_u64())
            .filter(|&s| s < 4)
            .map(|s| s as u8)
            .ok_or_else(|| self.err(format!("{key} is not a seat 0-3")))
    }
    fn kind(&self, v: &Value) -> Result<Option<(usize, bool)>> {
        let s = v.as_str().ok_or_else(|| self.err(format!("tile {v} is not a string")))?;
        if s == "?" {
            return Ok(None);
        }
        tile_kind(s).map(Some).ok_or_else(|| self.err(format!("unknown tile {s:?}")))
    }
    fn fresh(&mut self, v: &Value) -> Result<Option<TileId>> {
        Ok(self.kind(v)?.map(|(k, red)| self.copy_of(k, red)))
    }
    /// An unused copy of a kind; when none is left (a stream that plays more copies
    /// than exist), a copy already in play: the stream is read as it is written and
    /// replaying it reports the impossible play, as for the other formats, whose
    /// readers follow tile ids without checking where each tile is.
    fn copy_of(&mut self, k: usize, red: bool) -> TileId {
        match self.pool.fresh(k, red) {
            Some(t) => t,
            None => TileId::wrapping((k * 4 + usize::from(!(red && self.aka))) as u8),
        }
    }
    fn take_from_hand(&mut self, seat: u8, v: &Value) -> Result<TileId> {
        let (k, red) = self.kind(v)?.ok_or_else(|| self.err("hidden tile played"))?;
        Ok(self.take_kind(seat, k, red))
    }
    /// A tile of kind `k` (`red`) out of `seat`'s hand (see `take_from_hand`).
    fn take_kind(&mut self, seat: u8, k: usize, red: bool) -> TileId {
        let aka = self.aka;
        let h = &mut self.hands[seat as usize];
        match h.iter().position(|t| t.tile().index() == k && (t.is_red() == red || !aka)) {
            Some(i) => h.remove(i),
            // In a stream seen from one seat, other hands are hidden: the tile shows
            // now. A tile not in a known hand is read as played (replaying the game
            // finds the illegal play).
            None => self.copy_of(k, red),
        }
    }
    /// The event's `key` as a list of up to four points values, or `fill` when absent.
    fn seat_points(&self, v: &Value, key: &str, fill: i32) -> Result<[i32; 4]> {
        match v.get(key) {
            None | Some(Value::Null) => Ok([fill; 4]),
            Some(a) => {
                let a = a.as_array().ok_or_else(|| self.err(format!("{key} is not a list")))?;
                numbers::seat_points(a, key, fill).map_err(|e| self.err(e))
            }
        }
    }
    /// The event's `key`, from 0 to `max`, or 0 when absent.
    fn small(&self, v: &Value, key: &str, max: u32) -> Result<u32> {
        v.get(key).filter(|x| !x.is_null()).map_or(Ok(0), |x| numbers::small(x, key, max).map_err(|e| self.err(e)))
    }
    fn deltas(&self, v: &Value) -> Result<[i32; 4]> {
        self.seat_points(v, "deltas", 0)
    }

    fn event(&mut self, v: &Value) -> Result<()> {
        let typ = v.get("type").and_then(|t| t.as_str()).ok_or_else(|| self.err("event without a \"type\""))?;
        // A hora ends the hand: only another hora (a double ron) may follow before
        // the next hand; play after it would be lost by every writer (an mjlog holds
        // nothing between a win and the next deal).
        let ended = matches!(self.game.events.last(), Some(Event::Win(_) | Event::Ryuukyoku(_)));
        let between = matches!(typ, "start_game" | "start_kyoku" | "end_game" | "end_kyoku")
            || (typ == "hora" && matches!(self.game.events.last(), Some(Event::Win(_))));
        if !between && !self.in_round {
            let why = if ended { "after the hand's end" } else { "outside a hand" };
            return Err(self.err(format!("{typ} {why}")));
        }
        match typ {
            "start_game" => {
                if let Some(ns) = v.get("names").and_then(|n| n.as_array()) {
                    for (i, n) in ns.iter().take(4).enumerate() {
                        self.game.names[i] = n.as_str().unwrap_or("").to_string();
                    }
                }
                if let Some(r) = v.get("rules") {
                    self.rules(r)?;
                }
            }
            "start_kyoku" => {
                self.pool = IdPool::new(self.aka);
                self.hands = Default::default();
                self.last_draw = [None; 4];
                self.ura = None;
                let wind = match v.get("bakaze").and_then(|b| b.as_str()) {
                    Some("E") | None => 0,
                    Some("S") => 1,
                    Some("W") => 2,
                    Some("N") => 3,
                    Some(o) => return Err(self.err(format!("bakaze {o:?}"))),
                };
                let kyoku = v
                    .get("kyoku")
                    .and_then(|k| k.as_u64())
                    .filter(|&k| (1..=4).contains(&k))
                    .ok_or_else(|| self.err("kyoku must be 1-4"))?;
                let honba = self.small(v, "honba", 255)? as u8;
                let sticks = self.small(v, "kyotaku", 255)? as u8;
                let dealer = self.seat(v, "oya")?;
                let dora = self
                    .fresh(v.get("dora_marker").ok_or_else(|| self.err("no dora_marker"))?)?
                    .ok_or_else(|| self.err("hidden dora marker"))?;
                let scores = self.seat_points(v, "scores", 25000)?;
                let tehais = v.get("tehais").and_then(|t| t.as_array()).ok_or_else(|| self.err("no tehais"))?;
                let mut hands = [[None; 13]; 4];
                // Three hands: a three-player game (seat 3 stays empty).
                let players = if tehais.len() == 3 { 3 } else { 4 };
                if players == 3 {
                    self.game.n_players = 3;
                    self.game.rules.sanma = true;
                }
                for s in 0..players {
                    let h = tehais
                        .get(s)
                        .and_then(|h| h.as_array())
                        .ok_or_else(|| self.err("tehais needs four hands (three in a three-player game)"))?;
                    if h.len() != 13 {
                        return Err(self.err(format!("seat {s} is dealt {} tiles", h.len())));
                    }
                    for (k, t) in h.iter().enumerate() {
                        let id = self.fresh(t)?;
                        hands[s][k] = id;
                        if let Some(id) = id {
                            self.hands[s].push(id);
                        } else {
                            self.game.hidden_tiles = true;
                        }
                    }
                }
                self.in_round = true;
                self.game.events.push(Event::RoundStart(Box::new(RoundStart {
                    wind,
                    number: (kyoku - 1) as u8,
                    honba,
                    sticks,
                    dealer,
                    scores,
                    dora_indicator: dora,
                    hands,
                    resumed: None,
                })));
            }
            "tsumo" => {
                let seat = self.seat(v, "actor")?;
                let t = self.fresh(v.get("pai").ok_or_else(|| self.err("no pai"))?)?;
                if let Some(t) = t {
                    self.hands[seat as usize].push(t);
                } else {
                    self.game.hidden_tiles = true;
                }
                self.last_draw[seat as usize] = t;
                // A draw passes the last discard: no one can call it any more.
                self.last_discard = None;
                self.game.events.push(Event::Draw { seat, tile: t });
            }
            "dahai" => {
                let seat = self.seat(v, "actor")?;
                let tsumogiri = v.get("tsumogiri").and_then(|x| x.as_bool()).unwrap_or(false);
                let pai = v.get("pai").ok_or_else(|| self.err("no pai"))?;
                let t = match (tsumogiri, self.last_draw[seat as usize]) {
                    (true, Some(d)) if self.kind(pai)?.map(|k| k.0) == Some(d.tile().index()) => {
                        let h = &mut self.hands[seat as usize];
                        if let Some(i) = h.iter().position(|&x| x == d) {
                            h.remove(i);
                        }
                        d
                    }
                    // A hidden hand (mjai streams seen from one seat) reveals the tile now.
                    _ if self.game.hidden_tiles && self.not_in_hand(seat, pai) => {
                        self.fresh(pai)?.ok_or_else(|| self.err("hidden discard"))?
                    }
                    _ => self.take_from_hand(seat, pai)?,
                };
                self.last_draw[seat as usize] = None;
                self.last_discard = Some((seat, t));
                self.game.events.push(Event::Discard { seat, tile: t, tsumogiri });
            }
            "reach" => {
                let seat = self.seat(v, "actor")?;
                self.game.events.push(Event::Riichi { seat });
            }
            // A north pulled aside (three players): `nukidora` as mjai's Tenhou
            // converter and the three-player Mortal forks name it, `kita` (the
            // actor only) as RiichiEnv does.
            "nukidora" | "kita" => {
                let seat = self.seat(v, "actor")?;
                let north = Value::String("N".into());
                let pai = match v.get("pai") {
                    Some(p) => p,
                    None if typ == "kita" => &north,
                    None => return Err(self.err("no pai")),
                };
                let t = if self.game.hidden_tiles && self.not_in_hand(seat, pai) {
                    self.fresh(pai)?.ok_or_else(|| self.err("hidden north"))?
                } else {
                    self.take_from_hand(seat, pai)?
                };
                if t.tile().index() != 30 {
                    return Err(self.err("nukidora of a tile that is not a north"));
                }
                self.last_draw[seat as usize] = None;
                self.game.events.push(Event::Nuki { seat, tile: t });
            }
            "reach_accepted" => {
                let seat = self.seat(v, "actor")?;
                self.game.events.push(Event::RiichiStick { seat });
            }
            "chi" | "pon" | "daiminkan" => {
                let seat = self.seat(v, "actor")?;
                let target = self.seat(v, "target")?;
                let called = match self.last_discard {
                    Some((s, t)) if s == target && target != seat => t,
                    _ => return Err(self.err(format!("{typ} on seat {target}'s tile, which was not just discarded"))),
                };
                let consumed =
                    v.get("consumed").and_then(|c| c.as_array()).ok_or_else(|| self.err("no consumed"))?.clone();
                let mut tiles = [called; 4];
                for (i, c) in consumed.iter().enumerate().take(3) {
                    tiles[i] = self.take_from_hand(seat, c)?;
                }
                let n = consumed.len().min(3) + 1;
                tiles[n - 1] = called;
                tiles[..n].sort();
                let kind = match typ {
                    "chi" => MeldKind::Chi,
                    "pon" => MeldKind::Pon,
                    _ => MeldKind::Daiminkan,
                };
                if n != if kind == MeldKind::Daiminkan { 4 } else { 3 } {
                    return Err(self.err(format!("{typ} with {} consumed tiles", consumed.len())));
                }
                let meld = LogMeld { kind, tiles, called, from: target };
                if !meld.is_well_formed(seat) {
                    return Err(self.err(format!("{typ} of {} from seat {target} is not a {typ}", v["consumed"])));
                }
                if let Some(p) = v.get("pai") {
                    if self.kind(p)?.is_some_and(|(k, _)| k != called.tile().index()) {
                        return Err(self.err(format!("{typ} names pai {p}, not the tile just discarded")));
                    }
                }
                self.last_discard = None;
                self.game.events.push(Event::Call { seat, meld });
            }
            "kakan" => {
                let seat = self.seat(v, "actor")?;
                let added = self.take_from_hand(seat, v.get("pai").ok_or_else(|| self.err("no pai"))?)?;
                let k = added.tile().index();
                let pon = self.pon_of(seat, k).ok_or_else(|| self.err("kakan without a pon"))?;
                let mut tiles = [pon.tiles[0], pon.tiles[1], pon.tiles[2], added];
                tiles.sort();
                self.game.events.push(Event::Call {
                    seat,
                    meld: LogMeld { kind: MeldKind::Kakan, tiles, called: added, from: pon.from },
                });
            }
            "ankan" => {
                let seat = self.seat(v, "actor")?;
                let consumed =
                    v.get("consumed").and_then(|c| c.as_array()).ok_or_else(|| self.err("no consumed"))?.clone();
                if consumed.len() != 4 {
                    return Err(self.err("ankan needs four consumed tiles"));
                }
                let mut tiles = [TileId::wrapping(0); 4];
                for (i, c) in consumed.iter().enumerate() {
                    tiles[i] = self.take_from_hand(seat, c)?;
                }
                tiles.sort();
                let meld = LogMeld { kind: MeldKind::Ankan, tiles, called: tiles[0], from: seat };
                if !meld.is_well_formed(seat) {
                    return Err(self.err(format!("ankan of {} is not four of a kind", v["consumed"])));
                }
                self.game.events.push(Event::Call { seat, meld });
            }
            "reinit" => self.reinit(v)?,
            "dora" => {
                let t = self
                    .fresh(v.get("dora_marker").ok_or_else(|| self.err("no dora_marker"))?)?
                    .ok_or_else(|| self.err("hidden dora marker"))?;
                self.game.events.push(Event::Dora { indicator: t });
            }
            "hora" => {
                let seat = self.seat(v, "actor")?;
                let from = self.seat(v, "target")?;
                let mut hand = self.hands[seat as usize].clone();
                // Robbing a kan: the tile won on is the one added, not the last discard.
                let robbed = match self.game.events.iter().rev().find(|e| !matches!(e, Event::Win(_))) {
                    Some(Event::Call { seat: s, meld }) if meld.kind == MeldKind::Kakan && *s != seat => {
                        Some(meld.called)
                    }
                    _ => None,
                };
                let win_tile: Option<TileId> = if seat == from {
                    self.last_draw[seat as usize]
                } else {
                    robbed.or(self.last_discard.map(|x| x.1))
                };
                if seat != from {
                    if let Some(t) = win_tile {
                        hand.push(t);
                    }
                }
                hand.sort();
                // The ura markers of a double ron are the same tiles for both wins
                // (when the record lists them for both).
                let mut ura = Vec::new();
                if let Some(a) = v.get("ura_markers").and_then(|u| u.as_array()) {
                    let mut seen = self.ura.clone().unwrap_or_default();
                    let mut new = Vec::new();
                    for u in a {
                        let Some((k, red)) = self.kind(u)? else { continue };
                        let aka = self.aka;
                        match seen.iter().position(|t| t.tile().index() == k && (t.is_red() == red || !aka)) {
                            Some(i) => ura.push(seen.remove(i)),
                            None => {
                                let t = self.copy_of(k, red);
                                ura.push(t);
                                new.push(t);
                            }
                        }
                    }
                    self.ura.get_or_insert_with(Vec::new).extend(new);
                }
                // The hand as the record states it, when given (hidden hands of a
                // stream seen from one seat show here).
                if let Some(names) = v.get("hora_tehais").and_then(|h| h.as_array()) {
                    let ron = if seat == from { None } else { win_tile };
                    hand = self.reveal(seat, names, ron)?;
                    hand.sort();
                }
                // The winning tile as the record names it (`?`: none named); without
                // `pai`, the tile just drawn or discarded. A tsumo on a hidden draw
                // shows it in the hand.
                let aka = self.aka;
                let is = |t: &TileId, (k, red): (usize, bool)| t.tile().index() == k && (t.is_red() == red || !aka);
                let win_tile = match v.get("pai").map(|p| self.kind(p)).transpose()? {
                    None => win_tile,
                    Some(None) => None,
                    Some(Some(named)) => match win_tile.filter(|t| is(t, named)) {
                        Some(t) => Some(t),
                        None => match hand.iter().rev().find(|t| is(t, named)) {
                            Some(t) => Some(*t),
                            None => Some(self.copy_of(named.0, named.1)),
                        },
                    },
                };
                let points = match v.get("hora_points").filter(|x| !x.is_null()) {
                    None => 0,
                    Some(x) => numbers::points(x, "hora_points").map_err(|e| self.err(e))?,
                };
                // `yaku` (RiichiEnv's key, this crate's) or `yakus` (mjai's).
                let ctx = WinWinds::of(&self.game.events, seat, &hand, self.game.n_players);
                let (key, y) = match (v.get("yaku"), v.get("yakus")) {
                    (Some(y), _) => ("yaku", Some(y)),
                    (None, y) => ("yakus", y),
                };
                // mjai lists yakuman among the yaku; this crate's writer lists them
                // there too and apart as Tenhou ids (earlier versions only apart).
                let (yaku, named_yakuman) = match y {
                    None => (Vec::new(), Vec::new()),
                    Some(y) => self.yaku(y, key, &ctx)?,
                };
                let yakuman = match v.get("yakuman") {
                    None => named_yakuman,
                    Some(y) => {
                        let apart = self.u32_list(y, "yakuman")?;
                        if !named_yakuman.is_empty() && named_yakuman != apart {
                            return Err(self.err(format!(
                                "the yakuman among the {key} ({named_yakuman:?}) are not the yakuman listed ({apart:?})"
                            )));
                        }
                        apart
                    }
                };
                if let Some(why) = super::event::yaku_kinds_fault(&yaku, &yakuman) {
                    return Err(self.err(why));
                }
                // The han as `han` (RiichiEnv's key) or `fan` (mjai's).
                let han = match (v.get("han").filter(|x| !x.is_null()), v.get("fan").filter(|x| !x.is_null())) {
                    (Some(_), Some(_)) if self.small(v, "han", u32::MAX)? != self.small(v, "fan", u32::MAX)? => {
                        return Err(self.err("han and fan differ"));
                    }
                    (Some(_), _) => self.small(v, "han", u32::MAX)?,
                    (None, _) => self.small(v, "fan", u32::MAX)?,
                };
                let dora_indicators = match v.get("dora_markers").and_then(|d| d.as_array()) {
                    None => Vec::new(),
                    Some(d) => self.known_indicators(d)?,
                };
                let pao = match v.get("pao") {
                    None | Some(Value::Null) => None,
                    Some(_) => Some(self.seat(v, "pao")?),
                };
                let rec = WinRecord {
                    seat,
                    from,
                    hand,
                    win_tile,
                    han,
                    fu: self.small(v, "fu", u32::MAX)?,
                    points,
                    // Tenhou's limit codes are 0-5; an mjlog's are kept up to 9.
                    limit: self.small(v, "limit", 9)? as u8,
                    yaku,
                    yakuman,
                    dora_indicators,
                    ura_indicators: ura,
                    deltas: self.deltas(v)?,
                    pao,
                };
                self.game.events.push(Event::Win(Box::new(rec)));
                self.in_round = false;
            }
            "ryukyoku" => {
                let reason = v.get("reason").and_then(|r| r.as_str()).unwrap_or("");
                let kind = match reason {
                    "yao9" | "kyushukyuhai" | "kyuushukyuuhai" => DrawKind::NineTerminals,
                    "kaze4" | "suufonrenda" => DrawKind::FourWinds,
                    "reach4" | "suuchariichi" => DrawKind::FourRiichi,
                    "ron3" | "sanchahou" => DrawKind::TripleRon,
                    "kan4" | "suukaikan" => DrawKind::FourKans,
                    "nm" | "nagashimangan" => DrawKind::NagashiMangan,
                    _ => DrawKind::Exhaustive,
                };
                let mut shown: [Option<Vec<TileId>>; 4] = Default::default();
                if kind == DrawKind::NineTerminals {
                    if let Some(Event::Draw { seat, .. }) =
                        self.game.events.iter().rev().find(|e| matches!(e, Event::Draw { .. }))
                    {
                        shown[*seat as usize] = Some(self.hands[*seat as usize].clone());
                    }
                }
                if let Some(t) = v.get("tehais").and_then(|t| t.as_array()) {
                    shown = Default::default();
                    for (s, h) in t.iter().take(4).enumerate() {
                        // A hand not shown: all "?" (mjai), or null (this crate's
                        // writer before).
                        let hidden = |n: &[Value]| !n.is_empty() && n.iter().all(|x| x.as_str() == Some("?"));
                        if let Some(names) = h.as_array().filter(|n| !hidden(n)) {
                            let mut h = self.reveal(s as u8, names, None)?;
                            h.sort();
                            shown[s] = Some(h);
                        }
                    }
                }
                let deltas = self.deltas(v)?;
                self.game.events.push(Event::Ryuukyoku(Box::new(DrawRecord { kind, deltas, shown })));
                self.in_round = false;
            }
            "end_kyoku" => self.in_round = false,
            "end_game" => {
                // The game's end ends its hand too: play after it is refused, as
                // the writer ends the hand before it.
                self.in_round = false;
                if v.get("scores").is_some_and(|s| !s.is_null()) {
                    let scores = self.seat_points(v, "scores", 0)?;
                    let results = match v.get("results").and_then(|r| r.as_array()) {
                        None => None,
                        Some(a) => {
                            let mut r = [0.0; 4];
                            for (i, x) in a.iter().take(4).enumerate() {
                                r[i] = x.as_f64().ok_or_else(|| self.err(format!("result {x} is not a number")))?;
                            }
                            Some(r)
                        }
                    };
                    self.game.events.push(Event::GameEnd { scores, results });
                }
            }
            "none" | "error" | "hello" | "join" => {}
            other => return Err(self.err(format!("unknown event type {other:?}"))),
        }
        Ok(())
    }

    /// The table rules of `start_game` (written by this crate's writer: Tenhou's
    /// lobby flags, which mjai does not name).
    fn rules(&mut self, r: &Value) -> Result<()> {
        let flag = |k: &str| -> Result<bool> {
            r.get(k).and_then(|x| x.as_bool()).ok_or_else(|| self.err(format!("rules.{k} is not true or false")))
        };
        let go_type = match r.get("go_type") {
            None | Some(Value::Null) => None,
            Some(x) => Some(
                x.as_u64()
                    .and_then(|t| u32::try_from(t).ok())
                    .ok_or_else(|| self.err(format!("rules.go_type {x} is not a GO type")))?,
            ),
        };
        let rules = LogRules {
            go_type,
            aka: flag("aka")?,
            kuitan: flag("kuitan")?,
            hanchan: flag("hanchan")?,
            sanma: flag("sanma")?,
            custom: flag("custom")?,
        };
        if self.game.events.iter().any(|e| matches!(e, Event::RoundStart(_))) {
            return Err(self.err("rules after the first hand"));
        }
        self.aka = rules.aka;
        self.pool = IdPool::new(rules.aka);
        if rules.sanma {
            self.game.n_players = 3;
        }
        self.game.rules = rules;
        Ok(())
    }

    /// Tiles of `seat` shown at the end of a hand: each one held (followed from the
    /// stream), else `extra` (the tile won on), else new to the stream (a hidden hand).
    fn reveal(&mut self, seat: u8, names: &[Value], extra: Option<TileId>) -> Result<Vec<TileId>> {
        let mut held = self.hands[seat as usize].clone();
        held.extend(extra);
        let mut out = Vec::with_capacity(names.len());
        for n in names {
            let (k, red) = self.kind(n)?.ok_or_else(|| self.err("hidden tile in a shown hand"))?;
            let aka = self.aka;
            let t = match held.iter().position(|t| t.tile().index() == k && (t.is_red() == red || !aka)) {
                Some(i) => held.remove(i),
                // A record whose shown hand holds a tile of which no copy is left (a
                // hand-made record) is read as it says; replaying it finds the
                // contradiction, as it does in the record's own format.
                None => self.copy_of(k, red),
            };
            out.push(t);
        }
        Ok(out)
    }

    /// A win's dora indicators: the ones flipped in this hand, matched by name.
    fn known_indicators(&mut self, names: &[Value]) -> Result<Vec<TileId>> {
        let mut flipped = Vec::new();
        for e in self.game.events.iter().rev() {
            match e {
                Event::Dora { indicator } => flipped.push(*indicator),
                Event::RoundStart(r) => {
                    flipped.push(r.dora_indicator);
                    break;
                }
                _ => {}
            }
        }
        flipped.reverse();
        let mut out = Vec::new();
        for n in names {
            let (k, red) = self.kind(n)?.ok_or_else(|| self.err("hidden dora marker"))?;
            let aka = self.aka;
            let t = match flipped.iter().position(|t| t.tile().index() == k && (t.is_red() == red || !aka)) {
                Some(i) => flipped.remove(i),
                None => self.copy_of(k, red),
            };
            out.push(t);
        }
        Ok(out)
    }

    fn u32_list(&self, v: &Value, what: &str) -> Result<Vec<u32>> {
        v.as_array()
            .and_then(|a| a.iter().map(|x| x.as_u64().and_then(|n| u32::try_from(n).ok())).collect::<Option<Vec<_>>>())
            .ok_or_else(|| self.err(format!("{what} is not a list of whole numbers")))
    }

    /// A win's yaku: `[name, han]` pairs (mjai's names or this crate's keys, see
    /// [`mjai_yaku`](super::mjai_yaku)) or `[id, han]` (Tenhou ids, as this crate
    /// wrote them before). Returns the yaku and, apart, the yakuman named among them
    /// (their han, mjai's 100 or this crate's 13 per yakuman, is not kept: a record's
    /// yakuman are ids).
    fn yaku(&self, v: &Value, what: &str, ctx: &WinWinds) -> Result<super::event::YakuLists> {
        let a = v.as_array().ok_or_else(|| self.err(format!("{what} is not a list")))?;
        let (mut yaku, mut yakuman, mut nth) = (Vec::new(), Vec::new(), 0);
        for p in a {
            let pair = p.as_array().filter(|p| p.len() == 2);
            let han = pair.and_then(|p| p[1].as_u64()).and_then(|h| u32::try_from(h).ok());
            match (pair.map(|p| &p[0]), han) {
                (Some(Value::String(name)), Some(han)) => {
                    for (id, han) in mjai_yaku::read_pair(name, han, ctx, &mut nth).map_err(|e| self.err(e))? {
                        if mjai_yaku::is_yakuman(id) {
                            yakuman.push(id);
                        } else {
                            yaku.push((id, han));
                        }
                    }
                }
                (Some(id), Some(han)) if id.as_u64().is_some_and(|i| u32::try_from(i).is_ok()) => {
                    yaku.push((id.as_u64().unwrap_or(0) as u32, han));
                }
                _ => return Err(self.err(format!("{what} entry {p} is not a [name, han] pair"))),
            }
        }
        Ok((yaku, yakuman))
    }

    /// `seat`'s pon of kind `k` in the current hand (made in it, or on the table
    /// when a resumed hand was joined), not yet extended.
    fn pon_of(&self, seat: u8, k: usize) -> Option<LogMeld> {
        let of_kind = |m: &LogMeld| m.tiles[0].tile().index() == k;
        let mut kakan = false;
        for e in self.game.events.iter().rev() {
            match e {
                Event::Call { seat: s, meld } if *s == seat && of_kind(meld) => match meld.kind {
                    MeldKind::Pon if !kakan => return Some(*meld),
                    MeldKind::Kakan => kakan = true,
                    _ => {}
                },
                Event::RoundStart(r) => {
                    let melds = r.resumed.as_ref().map(|t| t.melds[seat as usize].as_slice()).unwrap_or(&[]);
                    let pon = melds.iter().find(|m| m.kind == MeldKind::Pon && of_kind(m));
                    return pon.copied().filter(|_| !kakan);
                }
                _ => {}
            }
        }
        None
    }

    /// The `reinit` event after a `start_kyoku`: the table of a hand joined mid-way.
    fn reinit(&mut self, v: &Value) -> Result<()> {
        let mut t = Resumed::default();
        let per_seat = |key: &str| -> Result<Vec<Value>> {
            let a = v.get(key).and_then(|x| x.as_array()).ok_or_else(|| self.err(format!("reinit needs {key}")))?;
            if a.len() != 4 {
                return Err(self.err(format!("reinit {key} needs four seats")));
            }
            Ok(a.clone())
        };
        let melds = per_seat("melds")?;
        let norths = per_seat("nukidora")?;
        let kawa = per_seat("kawa")?;
        let reach = per_seat("reach_at")?;
        let line = self.line;
        let source = self.source;
        let list = |x: &Value, what: &str| -> Result<Vec<Value>> {
            x.as_array()
                .cloned()
                .ok_or_else(|| Error::LogParse(format!("{source}: line {line}: reinit {what} is not a list")))
        };
        for s in 0..4 {
            for m in list(&melds[s], "melds")? {
                let meld = self.resumed_meld(s as u8, &m)?;
                t.melds[s].push(meld);
            }
            for n in list(&norths[s], "nukidora")? {
                let tile = self.fresh(&n)?.ok_or_else(|| self.err("hidden north"))?;
                if tile.tile().index() != 30 {
                    return Err(self.err("nukidora of a tile that is not a north"));
                }
                t.norths[s].push(tile);
            }
            for k in list(&kawa[s], "kawa")? {
                let tile = self.fresh(&k)?.ok_or_else(|| self.err("hidden tile in a river"))?;
                t.rivers[s].push(tile);
            }
            t.riichi[s] = match &reach[s] {
                Value::Null => None,
                x => Some(
                    x.as_u64()
                        .filter(|&i| (i as usize) < t.rivers[s].len())
                        .ok_or_else(|| self.err(format!("reach_at {x} is not a discard of seat {s}")))?
                        as u8,
                ),
            };
        }
        match self.game.events.last_mut() {
            Some(Event::RoundStart(r)) if r.resumed.is_none() => r.resumed = Some(Box::new(t)),
            _ => return Err(self.err("reinit not right after a start_kyoku")),
        }
        Ok(())
    }

    /// A meld on the table of a resumed hand, written as its call event; its tiles
    /// are new to the stream (not taken from the hand).
    fn resumed_meld(&mut self, seat: u8, m: &Value) -> Result<LogMeld> {
        let typ = m.get("type").and_then(|t| t.as_str()).ok_or_else(|| self.err("reinit meld without a type"))?;
        let kind = match typ {
            "chi" => MeldKind::Chi,
            "pon" => MeldKind::Pon,
            "daiminkan" => MeldKind::Daiminkan,
            "kakan" => MeldKind::Kakan,
            "ankan" => MeldKind::Ankan,
            other => return Err(self.err(format!("reinit meld of type {other:?}"))),
        };
        if self.seat(m, "actor")? != seat {
            return Err(self.err("reinit meld listed under another seat"));
        }
        let consumed = m.get("consumed").and_then(|c| c.as_array()).ok_or_else(|| self.err("no consumed"))?.clone();
        let own = if kind == MeldKind::Ankan {
            4
        } else if kind.is_kan() {
            3
        } else {
            2
        };
        if consumed.len() != own {
            return Err(self.err(format!("{typ} with {} consumed tiles", consumed.len())));
        }
        let mut tiles = Vec::with_capacity(4);
        for c in &consumed {
            tiles.push(self.fresh(c)?.ok_or_else(|| self.err("hidden tile in a meld"))?);
        }
        let (called, from) = if kind == MeldKind::Ankan {
            (tiles[0], seat)
        } else {
            let called = self.fresh(m.get("pai").ok_or_else(|| self.err("no pai"))?)?;
            let called = called.ok_or_else(|| self.err("hidden tile in a meld"))?;
            tiles.push(called);
            (called, self.seat(m, "target")?)
        };
        let k = tiles[0].tile().index();
        let same = tiles.iter().all(|t| t.tile().index() == k);
        let run = {
            let mut ks: Vec<usize> = tiles.iter().map(|t| t.tile().index()).collect();
            ks.sort();
            ks[0] < 27 && ks[0] % 9 <= 6 && ks[1] == ks[0] + 1 && ks[2] == ks[0] + 2
        };
        if (kind == MeldKind::Chi && !run) || (kind != MeldKind::Chi && !same) {
            return Err(self.err(format!("reinit {typ} of tiles that do not form it")));
        }
        let mut arr = [tiles[0]; 4];
        arr[..tiles.len()].copy_from_slice(&tiles);
        arr[..tiles.len()].sort();
        Ok(LogMeld { kind, tiles: arr, called, from })
    }

    fn not_in_hand(&self, seat: u8, v: &Value) -> bool {
        match self.kind(v) {
            Ok(Some((k, _))) => !self.hands[seat as usize].iter().any(|t| t.tile().index() == k),
            _ => false,
        }
    }
}

fn new_game(source: String) -> GameLog {
    GameLog {
        source,
        n_players: 4,
        rules: LogRules { go_type: None, aka: true, kuitan: true, hanchan: true, sanma: false, custom: false },
        ..GameLog::default()
    }
}

/// Parse an mjai stream (JSON lines, or a JSON array of events). A stream of several
/// games (a `start_game` after events) gives one game each, named `source#n`.
pub fn parse(text: &str, source: &str) -> Result<Vec<GameLog>> {
    let mut r = Reader {
        source,
        line: 0,
        aka: true,
        pool: IdPool::new(true),
        hands: Default::default(),
        last_draw: [None; 4],
        last_discard: None,
        game: new_game(source.to_string()),
        in_round: false,
        ura: None,
    };
    let mut games: Vec<GameLog> = Vec::new();
    let mut feed = |r: &mut Reader<'_>, v: &Value| -> Result<()> {
        if v.get("type").and_then(Value::as_str) == Some("start_game") && !r.game.events.is_empty() {
            let next = new_game(format!("{source}#{}", games.len() + 1));
            games.push(std::mem::replace(&mut r.game, next));
            r.in_round = false;
        }
        r.event(v)
    };
    let t = text.trim_start();
    if t.starts_with('[') {
        let v: Value = serde_json::from_str(t)
            .map_err(|e| Error::LogParse(format!("{source}: line {} column {}: {e}", e.line(), e.column())))?;
        for (i, e) in v.as_array().into_iter().flatten().enumerate() {
            r.line = i + 1;
            feed(&mut r, e)?;
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            r.line = i + 1;
            if line.trim().is_empty() || r.quick(line)? {
                continue;
            }
            let v: Value = serde_json::from_str(line)
                .map_err(|e| Error::LogParse(format!("{source}: line {}: column {}: {e}", i + 1, e.column())))?;
            feed(&mut r, &v)?;
        }
    }
    if r.game.events.is_empty() {
        return Err(Error::LogParse(format!("{source}: line {}: no events up to the end", r.line.max(1))));
    }
    if !games.is_empty() {
        games[0].source = format!("{source}#0");
    }
    games.push(r.game);
    Ok(games)
}
