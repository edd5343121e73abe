//! mjai event streams (one JSON object per line, or a JSON array of them) into
//! [`Event`]s. Tiles are names ("1m".."9m", "5mr" red, "E" "S" "W" "N", "P" white,
//! "F" green, "C" red dragon, "?" hidden); physical ids are assigned as tiles appear
//! and followed from hand to river and meld.

use super::event::*;
use super::ids::IdPool;
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::tile::TileId;
use serde_json::Value;

const HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

/// mjai tile name -> (kind, red); `None` for "?" or an unknown name.
pub fn tile_kind(s: &str) -> Option<(usize, bool)> {
    if let Some(i) = HONORS.iter().position(|&h| h == s) {
        return Some((27 + i, false));
    }
    let b = s.as_bytes();
    if b.len() < 2 || !(b'1'..=b'9').contains(&b[0]) {
        return None;
    }
    let n = (b[0] - b'1') as usize;
    let suit = match b[1] {
        b'm' => 0,
        b'p' => 1,
        b's' => 2,
        _ => return None,
    };
    let red = b.len() == 3 && b[2] == b'r';
    if b.len() > 3 || (b.len() == 3 && (!red || n != 4)) {
        return None;
    }
    Some((suit * 9 + n, red))
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
            .ok_or_else(|| self.err(format!("{key} is not a seat 0..4")))
    }
    fn kind(&self, v: &Value) -> Result<Option<(usize, bool)>> {
        let s = v.as_str().ok_or_else(|| self.err(format!("tile {v} is not a string")))?;
        if s == "?" {
            return Ok(None);
        }
        tile_kind(s).map(Some).ok_or_else(|| self.err(format!("unknown tile {s:?}")))
    }
    fn fresh(&mut self, v: &Value) -> Result<Option<TileId>> {
        match self.kind(v)? {
            None => Ok(None),
            Some((k, red)) => self.pool.fresh(k, red).map(Some).ok_or_else(|| self.err(format!("a fifth copy of {v}"))),
        }
    }
    fn take_from_hand(&mut self, seat: u8, v: &Value) -> Result<TileId> {
        let (k, red) = self.kind(v)?.ok_or_else(|| self.err("hidden tile played"))?;
        let aka = self.aka;
        let h = &mut self.hands[seat as usize];
        match h.iter().position(|t| t.tile().index() == k && (t.is_red() == red || !aka)) {
            Some(i) => Ok(h.remove(i)),
            // In a stream seen from one seat, other hands are hidden: the tile shows now.
            None if self.game.hidden_tiles => {
                self.pool.fresh(k, red).ok_or_else(|| self.err(format!("a fifth copy of {v}")))
            }
            None => Err(self.err(format!("seat {seat} plays {v} which is not in its hand"))),
        }
    }
    fn deltas(&self, v: &Value) -> [i32; 4] {
        let mut d = [0; 4];
        if let Some(a) = v.get("deltas").and_then(|x| x.as_array()) {
            for (i, x) in a.iter().take(4).enumerate() {
                d[i] = x.as_i64().unwrap_or(0) as i32;
            }
        }
        d
    }

    fn event(&mut self, v: &Value) -> Result<()> {
        let typ = v.get("type").and_then(|t| t.as_str()).ok_or_else(|| self.err("event without a \"type\""))?;
        if typ != "start_game" && typ != "start_kyoku" && typ != "end_game" && typ != "end_kyoku" && !self.in_round {
            return Err(self.err(format!("{typ} outside a hand")));
        }
        match typ {
            "start_game" => {
                if let Some(ns) = v.get("names").and_then(|n| n.as_array()) {
                    for (i, n) in ns.iter().take(4).enumerate() {
                        self.game.names[i] = n.as_str().unwrap_or("").to_string();
                    }
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
                    .ok_or_else(|| self.err("kyoku must be 1..4"))?;
                let honba = v.get("honba").and_then(|k| k.as_u64()).unwrap_or(0).min(255) as u8;
                let sticks = v.get("kyotaku").and_then(|k| k.as_u64()).unwrap_or(0).min(255) as u8;
                let dealer = self.seat(v, "oya")?;
                let dora = self
                    .fresh(v.get("dora_marker").ok_or_else(|| self.err("no dora_marker"))?)?
                    .ok_or_else(|| self.err("hidden dora marker"))?;
                let mut scores = [25000; 4];
                if let Some(a) = v.get("scores").and_then(|s| s.as_array()) {
                    for (i, x) in a.iter().take(4).enumerate() {
                        scores[i] = x.as_i64().unwrap_or(25000) as i32;
                    }
                }
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
            "nukidora" => {
                let seat = self.seat(v, "actor")?;
                let pai = v.get("pai").ok_or_else(|| self.err("no pai"))?;
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
                    Some((s, t)) if s == target => t,
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
                self.game.events.push(Event::Call { seat, meld: LogMeld { kind, tiles, called, from: target } });
            }
            "kakan" => {
                let seat = self.seat(v, "actor")?;
                let added = self.take_from_hand(seat, v.get("pai").ok_or_else(|| self.err("no pai"))?)?;
                let k = added.tile().index();
                let pon = self.game.events.iter().rev().find_map(|e| match e {
                    Event::Call { seat: s, meld }
                        if *s == seat && meld.kind == MeldKind::Pon && meld.tiles[0].tile().index() == k =>
                    {
                        Some(*meld)
                    }
                    _ => None,
                });
                let pon = pon.ok_or_else(|| self.err("kakan without a pon"))?;
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
                self.game.events.push(Event::Call {
                    seat,
                    meld: LogMeld { kind: MeldKind::Ankan, tiles, called: tiles[0], from: seat },
                });
            }
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
                let win_tile =
                    if seat == from { self.last_draw[seat as usize] } else { self.last_discard.map(|x| x.1) };
                if seat != from {
                    if let Some(t) = win_tile {
                        hand.push(t);
                    }
                }
                hand.sort();
                // The ura markers of a double ron are the same tiles for both wins.
                let ura = match self.ura.clone() {
                    Some(u) => u,
                    None => {
                        let mut ura = Vec::new();
                        if let Some(a) = v.get("ura_markers").and_then(|u| u.as_array()) {
                            for u in a.clone() {
                                if let Some(t) = self.fresh(&u)? {
                                    ura.push(t);
                                }
                            }
                        }
                        if !ura.is_empty() {
                            self.ura = Some(ura.clone());
                        }
                        ura
                    }
                };
                let num = |k: &str| v.get(k).and_then(|x| x.as_i64()).unwrap_or(0);
                let rec = WinRecord {
                    seat,
                    from,
                    hand,
                    win_tile,
                    han: num("fan") as u32,
                    fu: num("fu") as u32,
                    points: num("hora_points") as i32,
                    ura_indicators: ura,
                    deltas: self.deltas(v),
                    ..WinRecord::default()
                };
                self.game.events.push(Event::Win(Box::new(rec)));
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
                let deltas = self.deltas(v);
                self.game.events.push(Event::Ryuukyoku(Box::new(DrawRecord { kind, deltas, shown })));
                self.in_round = false;
            }
            "end_kyoku" => self.in_round = false,
            "end_game" => {
                if let Some(a) = v.get("scores").and_then(|s| s.as_array()) {
                    let mut scores = [0; 4];
                    for (i, x) in a.iter().take(4).enumerate() {
                        scores[i] = x.as_i64().unwrap_or(0) as i32;
                    }
                    self.game.events.push(Event::GameEnd { scores, results: None });
                }
            }
            "none" | "error" | "hello" | "join" => {}
            other => return Err(self.err(format!("unknown event type {other:?}"))),
        }
        Ok(())
    }

    fn not_in_hand(&self, seat: u8, v: &Value) -> bool {
        match self.kind(v) {
            Ok(Some((k, _))) => !self.hands[seat as usize].iter().any(|t| t.tile().index() == k),
            _ => false,
        }
    }
}

/// Parse an mjai stream (JSON lines, or a JSON array of events).
pub fn parse(text: &str, source: &str) -> Result<Vec<GameLog>> {
    let mut r = Reader {
        source,
        line: 0,
        aka: true,
        pool: IdPool::new(true),
        hands: Default::default(),
        last_draw: [None; 4],
        last_discard: None,
        game: GameLog {
            source: source.to_string(),
            n_players: 4,
            rules: LogRules { go_type: None, aka: true, kuitan: true, hanchan: true, sanma: false, custom: false },
            ..GameLog::default()
        },
        in_round: false,
        ura: None,
    };
    let t = text.trim_start();
    if t.starts_with('[') {
        let v: Value = serde_json::from_str(t)
            .map_err(|e| Error::LogParse(format!("{source}: line {} column {}: {e}", e.line(), e.column())))?;
        for (i, e) in v.as_array().into_iter().flatten().enumerate() {
            r.line = i + 1;
            r.event(e)?;
        }
    } else {
        for (i, line) in text.lines().enumerate() {
            r.line = i + 1;
            if line.trim().is_empty() {
                continue;
            }
            let v: Value = serde_json::from_str(line)
                .map_err(|e| Error::LogParse(format!("{source}: line {}: column {}: {e}", i + 1, e.column())))?;
            r.event(&v)?;
        }
    }
    if r.game.events.is_empty() {
        return Err(Error::LogParse(format!("{source}: no events")));
    }
    Ok(vec![r.game])
}
