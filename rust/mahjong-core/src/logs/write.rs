//! Writers: a game's events as an mjai stream (JSON lines) or as tenhou.net/6 JSON.
//! Both are read back by this crate's readers into the same events (tested by
//! round trips over the real logs).

use super::event::*;
use super::mjai::tile_name;
use super::mjai_yaku::{yaku_pairs, WinWinds};
use super::tenhou6::{id_code, LIMITS};
use super::tenhou6_note::{HandNote, ResumedNote, WinNote};
use crate::hand::MeldKind;
use crate::riichi::yaku::YAKU_INFO;
use crate::tile::TileId;
use serde_json::{json, Value};

const WINDS: [&str; 4] = ["E", "S", "W", "N"];
/// The han a yakuman is written with among a win's mjai yaku: a tool that sums the
/// yaku then counts yakuman as the scorers do (13 han each).
const YAKUMAN_HAN: u32 = 13;

fn names(ids: &[TileId], aka: bool) -> Vec<String> {
    ids.iter().map(|&t| tile_name(t, aka)).collect()
}

/// The game as mjai events, one JSON object per line.
pub fn to_mjai(game: &GameLog) -> String {
    let aka = game.rules.aka;
    // mjai does not name the table rules; `rules` carries the log's (Tenhou's lobby
    // flags) so that reading the stream back verifies under the same rules.
    let r = &game.rules;
    let rules = json!({"go_type": r.go_type, "aka": r.aka, "kuitan": r.kuitan, "hanchan": r.hanchan,
                       "sanma": r.sanma, "custom": r.custom});
    let mut out: Vec<Value> = vec![json!({"type": "start_game", "names": game.names, "rules": rules})];
    let mut in_round = false;
    // Tiles each seat holds, for the hidden hands a ryukyoku lists as "?" tiles.
    let mut held = [0usize; 4];
    for (i, e) in game.events.iter().enumerate() {
        count_held(&mut held, e);
        let v = match e {
            Event::RoundStart(s) => {
                if in_round {
                    out.push(json!({"type": "end_kyoku"}));
                }
                in_round = true;
                let players = if game.n_players == 3 { 3 } else { 4 };
                let tehais: Vec<Vec<String>> = s
                    .hands
                    .iter()
                    .take(players)
                    .map(|h| h.iter().map(|t| t.map(|t| tile_name(t, aka)).unwrap_or_else(|| "?".into())).collect())
                    .collect();
                let start = json!({"type": "start_kyoku", "bakaze": WINDS[s.wind as usize % 4], "kyoku": s.number + 1, "honba": s.honba,
                       "kyotaku": s.sticks, "oya": s.dealer, "dora_marker": tile_name(s.dora_indicator, aka),
                       "scores": s.scores, "tehais": tehais});
                match &s.resumed {
                    None => start,
                    Some(r) => {
                        out.push(start);
                        reinit_json(r, aka)
                    }
                }
            }
            Event::Draw { seat, tile } => {
                json!({"type": "tsumo", "actor": seat, "pai": tile.map(|t| tile_name(t, aka)).unwrap_or_else(|| "?".into())})
            }
            Event::Discard { seat, tile, tsumogiri } => {
                json!({"type": "dahai", "actor": seat, "pai": tile_name(*tile, aka), "tsumogiri": tsumogiri})
            }
            Event::Riichi { seat } => json!({"type": "reach", "actor": seat}),
            Event::RiichiStick { seat } => json!({"type": "reach_accepted", "actor": seat}),
            // mjai's own name (its Tenhou converter's) and the three-player Mortal
            // forks'; RiichiEnv names it `kita` (the reader takes both).
            Event::Nuki { seat, tile } => json!({"type": "nukidora", "actor": seat, "pai": tile_name(*tile, aka)}),
            Event::Call { seat, meld } => meld_json(*seat, meld, aka),
            Event::Dora { indicator } => json!({"type": "dora", "dora_marker": tile_name(*indicator, aka)}),
            // Beside mjai's own fields, everything the record states of the win: the
            // winning hand (hidden in a stream seen from one seat), the yaku as mjai
            // names them with their han, yakuman among them at 13 han each (the log
            // rules are Tenhou's, which count every yakuman id once, a double form
            // too) and apart as Tenhou ids, the limit code, the dora indicators and
            // pao. The han goes both as mjai's `fan` and as RiichiEnv's `han`.
            Event::Win(w) => {
                let all: Vec<(u32, u32)> =
                    w.yaku.iter().copied().chain(w.yakuman.iter().map(|&id| (id, YAKUMAN_HAN))).collect();
                let yaku = yaku_pairs(&all, &WinWinds::of(&game.events[..i], w.seat, &w.hand, game.n_players));
                json!({"type": "hora", "actor": w.seat, "target": w.from,
                       "pai": w.win_tile.map(|t| tile_name(t, aka)).unwrap_or_else(|| "?".into()),
                       "deltas": w.deltas, "ura_markers": names(&w.ura_indicators, aka),
                       "han": w.han, "fan": w.han, "fu": w.fu, "hora_points": w.points,
                       "hora_tehais": names(&w.hand, aka), "yaku": yaku, "yakuman": w.yakuman,
                       "limit": w.limit, "dora_markers": names(&w.dora_indicators, aka), "pao": w.pao})
            }
            Event::Ryuukyoku(d) => {
                let reason = match d.kind {
                    DrawKind::Exhaustive => "fanpai",
                    DrawKind::NineTerminals => "yao9",
                    DrawKind::FourWinds => "kaze4",
                    DrawKind::FourRiichi => "reach4",
                    DrawKind::TripleRon => "ron3",
                    DrawKind::FourKans => "kan4",
                    DrawKind::NagashiMangan => "nm",
                    DrawKind::Chombo => "chombo",
                };
                // A hand not shown is its tiles as "?", as mjai writes it; a
                // three-player game lists three hands unless the fourth is shown.
                let seats = if game.n_players == 3 && d.shown[3].is_none() { 3 } else { 4 };
                let shown: Vec<Vec<String>> = (0..seats)
                    .map(|s| match &d.shown[s] {
                        Some(h) => names(h, aka),
                        None => vec!["?".to_string(); held[s].max(1)],
                    })
                    .collect();
                json!({"type": "ryukyoku", "reason": reason, "deltas": d.deltas, "tehais": shown})
            }
            Event::GameEnd { scores, results } => {
                if in_round {
                    out.push(json!({"type": "end_kyoku"}));
                    in_round = false;
                }
                match results {
                    Some(r) => json!({"type": "end_game", "scores": scores, "results": r}),
                    None => json!({"type": "end_game", "scores": scores}),
                }
            }
        };
        out.push(v);
    }
    if in_round {
        out.push(json!({"type": "end_kyoku"}));
    }
    let mut s = String::new();
    for v in out {
        s.push_str(&v.to_string());
        s.push('\n');
    }
    s
}

/// Follows how many tiles each seat holds through an event.
fn count_held(held: &mut [usize; 4], e: &Event) {
    match e {
        // Every seat is dealt 13 (a resumed hand's 13 as held when joined; its
        // count past its melds is not followed: "?" tiles carry no tile).
        Event::RoundStart(s) => *held = s.hands.map(|h| h.len()),
        Event::Draw { seat, .. } => held[*seat as usize % 4] += 1,
        Event::Discard { seat, .. } | Event::Nuki { seat, .. } => {
            held[*seat as usize % 4] = held[*seat as usize % 4].saturating_sub(1)
        }
        Event::Call { seat, meld } => {
            let own = match meld.kind {
                MeldKind::Chi | MeldKind::Pon => 2,
                MeldKind::Daiminkan => 3,
                MeldKind::Kakan => 1,
                MeldKind::Ankan => 4,
            };
            held[*seat as usize % 4] = held[*seat as usize % 4].saturating_sub(own);
        }
        _ => {}
    }
}

/// A call as its mjai event: chi/pon/daiminkan name the seat called from and the
/// called tile, kakan the added tile, ankan only its four tiles.
fn meld_json(seat: u8, meld: &LogMeld, aka: bool) -> Value {
    let own: Vec<TileId> = match meld.kind {
        MeldKind::Ankan => meld.tile_slice().to_vec(),
        _ => {
            let mut v = meld.tile_slice().to_vec();
            if let Some(i) = v.iter().position(|&t| t == meld.called) {
                v.remove(i);
            }
            v
        }
    };
    let typ = match meld.kind {
        MeldKind::Chi => "chi",
        MeldKind::Pon => "pon",
        MeldKind::Daiminkan => "daiminkan",
        MeldKind::Kakan => "kakan",
        MeldKind::Ankan => return json!({"type": "ankan", "actor": seat, "consumed": names(&own, aka)}),
    };
    json!({"type": typ, "actor": seat, "target": meld.from, "pai": tile_name(meld.called, aka), "consumed": names(&own, aka)})
}

/// A hand joined mid-way (a reconnect): the `reinit` event that follows its
/// `start_kyoku` (whose `tehais` are then the hands held at that point) gives each
/// seat's melds (as their call events), norths pulled aside, river, and the index of
/// its riichi discard in the river. mjai has no such event; a reader that does not
/// know it stops there instead of taking the hand for a fresh deal.
fn reinit_json(r: &Resumed, aka: bool) -> Value {
    let melds: Vec<Vec<Value>> =
        (0..4).map(|s| r.melds[s].iter().map(|m| meld_json(s as u8, m, aka)).collect()).collect();
    let norths: Vec<Vec<String>> = r.norths.iter().map(|n| names(n, aka)).collect();
    let kawa: Vec<Vec<String>> = r.rivers.iter().map(|k| names(k, aka)).collect();
    json!({"type": "reinit", "melds": melds, "nukidora": norths, "kawa": kawa, "reach_at": r.riichi})
}

fn code(t: TileId, aka: bool) -> String {
    format!("{}", id_code(t, aka))
}

/// A call in tenhou.net/6 notation (`c`, `p`, `m`, `k`, `a` placed by direction).
fn call_string(seat: u8, meld: &LogMeld, aka: bool) -> String {
    let rel = (meld.from + 4 - seat) % 4; // 3 left, 2 opposite, 1 right
    let mut own: Vec<TileId> = meld.tile_slice().to_vec();
    if let Some(i) = own.iter().position(|&t| t == meld.called) {
        own.remove(i);
    }
    let c = code(meld.called, aka);
    let o: Vec<String> = own.iter().map(|&t| code(t, aka)).collect();
    match meld.kind {
        MeldKind::Chi => format!("c{c}{}", o.concat()),
        MeldKind::Pon => match rel {
            3 => format!("p{c}{}{}", o[0], o[1]),
            2 => format!("{}p{c}{}", o[0], o[1]),
            _ => format!("{}{}p{c}", o[0], o[1]),
        },
        MeldKind::Daiminkan => match rel {
            3 => format!("m{c}{}{}{}", o[0], o[1], o[2]),
            2 => format!("{}m{c}{}{}", o[0], o[1], o[2]),
            _ => format!("{}{}{}m{c}", o[0], o[1], o[2]),
        },
        MeldKind::Kakan => match rel {
            3 => format!("k{c}{}{}{}", o[0], o[1], o[2]),
            2 => format!("{}k{c}{}{}", o[0], o[1], o[2]),
            _ => format!("{}{}k{c}{}", o[0], o[1], o[2]),
        },
        MeldKind::Ankan => format!("{}{}{}a{c}", o[0], o[1], o[2]),
    }
}

/// One hand being written as tenhou.net/6.
#[derive(Default)]
struct Hand6 {
    /// Round (`[kyoku, honba, sticks]`), scores, then each seat's deal.
    head: Vec<Value>,
    takes: [Vec<Value>; 4],
    gives: [Vec<Value>; 4],
    dora: Vec<Value>,
    ura: Vec<Value>,
    result: Vec<Value>,
    note: HandNote,
}

impl Hand6 {
    fn into_value(mut self, riichi_next: &[bool; 4], stick: bool) -> Value {
        // A hand that stops before its end (an excerpt, a record cut short) may stop
        // after a riichi declaration whose discard is not recorded, or after a riichi
        // discard whose stick is down (a reader takes a last riichi discard of such a
        // hand to have been cut off before its stick).
        if self.result.is_empty() {
            match riichi_next.iter().position(|&r| r) {
                Some(seat) => self.note.riichi = Some(json!(seat)),
                None => self.note.stick = stick,
            }
        }
        let mut r = vec![self.head[0].clone(), self.head[1].clone(), Value::from(self.dora), Value::from(self.ura)];
        for s in 0..4 {
            r.push(self.head[2 + s].clone());
            r.push(Value::from(std::mem::take(&mut self.takes[s])));
            r.push(Value::from(std::mem::take(&mut self.gives[s])));
        }
        r.push(Value::from(self.result));
        r.extend(self.note.to_value());
        Value::from(r)
    }
}

/// What a tenhou.net/6 note states of a game's wins and draws beyond what the
/// reader rebuilds from the play, by event index: for a win, which of its hand,
/// winning tile, dora and ura indicators; for a draw, its shown hands.
#[derive(Default)]
struct Fixes {
    wins: std::collections::HashMap<usize, [bool; 4]>,
    shown: std::collections::HashSet<usize>,
}

/// The fixes that make `back` (the game read back from the writer's text without
/// them, showing only the known tiles of hands with unseen ones: `guessed`) the
/// game `game` is.
fn fixes_for(game: &GameLog, back: &GameLog, guessed: &[usize]) -> Fixes {
    let (a, b) = (super::roundtrip::canonical(game), super::roundtrip::canonical(back));
    let mut f = Fixes::default();
    for (i, (x, y)) in a.events.iter().zip(b.events.iter()).enumerate() {
        let guess = guessed.contains(&i);
        match (x, y) {
            (Event::Win(x), Event::Win(y)) => {
                let w = [
                    guess || x.hand != y.hand,
                    x.win_tile != y.win_tile,
                    x.dora_indicators != y.dora_indicators,
                    x.ura_indicators != y.ura_indicators,
                ];
                if w.iter().any(|&d| d) {
                    f.wins.insert(i, w);
                }
            }
            (Event::Ryuukyoku(x), Event::Ryuukyoku(y)) if guess || x.shown != y.shown => {
                f.shown.insert(i);
            }
            _ => {}
        }
    }
    f
}

/// The seat left empty at a three-player table: the one seat that never plays (the
/// last in Tenhou's own records; a client log's seats, counted from the client, can
/// leave any seat empty).
fn empty_seat(game: &GameLog) -> Option<usize> {
    if game.n_players != 3 {
        return None;
    }
    let mut plays = [false; 4];
    for e in &game.events {
        match e {
            Event::Draw { seat, .. }
            | Event::Discard { seat, .. }
            | Event::Call { seat, .. }
            | Event::Nuki { seat, .. }
            | Event::Riichi { seat } => plays[*seat as usize % 4] = true,
            _ => {}
        }
    }
    Some(if plays[3] { (0..4).find(|&s| !plays[s]).unwrap_or(3) } else { 3 })
}

/// The first seat to play after event `i` (a resumed hand's first to draw).
fn first_to_play(events: &[Event], i: usize) -> Option<u8> {
    events[i + 1..].iter().take_while(|e| !matches!(e, Event::RoundStart(_))).find_map(|e| match e {
        Event::Draw { seat, .. }
        | Event::Discard { seat, .. }
        | Event::Call { seat, .. }
        | Event::Nuki { seat, .. }
        | Event::Riichi { seat } => Some(*seat),
        _ => None,
    })
}

fn codes(ids: &[TileId], aka: bool) -> Vec<i64> {
    ids.iter().map(|&t| id_code(t, aka)).collect()
}

/// The game as tenhou.net/6 JSON, unchecked. What the format has no place for is
/// noted as this crate's extension (docs/tenhou6_extensions.md): tiles unseen by a
/// client log's writer, a three-player table's empty seat other than the last, and
/// in each hand's note (tenhou6_note.rs) the dealer, a resumed hand's table, and the
/// wins and shown hands the play does not lead to.
pub fn tenhou6_text(game: &GameLog) -> crate::error::Result<String> {
    noted_text(game).map(|t| t.0)
}

/// The text with its notes, and the game it reads back as when that is already
/// known: no note was needed and no hand was shown from known tiles only (the
/// strict reader reads such a text exactly as the lenient one did).
fn noted_text(game: &GameLog) -> crate::error::Result<(String, Option<GameLog>)> {
    let text = tenhou6_with(game, &Fixes::default())?;
    // Read back without the notes of wins and draws (showing the known tiles of
    // hands with unseen ones), and note what differs.
    let Ok((back, guessed)) = super::tenhou6::parse_with(&text, &game.source, false) else { return Ok((text, None)) };
    let fixes = fixes_for(game, &back, &guessed);
    if fixes.wins.is_empty() && fixes.shown.is_empty() {
        let read = guessed.is_empty().then_some(back);
        return Ok((text, read));
    }
    Ok((tenhou6_with(game, &fixes)?, None))
}

fn tenhou6_with(game: &GameLog, fixes: &Fixes) -> crate::error::Result<String> {
    let n = if game.n_players == 3 { 3 } else { 4 };
    let empty = empty_seat(game);
    let occupied = |s: usize| Some(s) != empty;
    let aka = game.rules.aka;
    let mut rounds: Vec<Value> = Vec::new();
    let mut cur: Option<Hand6> = None;
    let mut last_draw: [Option<TileId>; 4] = [None; 4];
    // The seat's last draw is hidden (and not yet discarded).
    let mut drew_unseen = [false; 4];
    let mut riichi_next = [false; 4];
    let mut last_stick = false;
    // Open or added kans whose dora is not yet flipped, and their count before the
    // kan just called (when the last event is one): a dora right after a kan that
    // owed none before is that kan's own, flipped at once (older records).
    let mut owed = 0u32;
    let mut owed_before: Option<u32> = None;
    let mut final_sc: Option<Value> = None;
    for (i, e) in game.events.iter().enumerate() {
        match e {
            Event::RoundStart(s) => {
                if let Some(h) = cur.take() {
                    rounds.push(h.into_value(&riichi_next, last_stick));
                }
                let mut head = vec![json!([s.wind * 4 + s.number, s.honba, s.sticks]), json!(s.scores)];
                for (seat, h) in s.hands.iter().enumerate() {
                    if !occupied(seat) {
                        head.push(json!([]));
                        continue;
                    }
                    let mut c: Vec<i64> = h.iter().map(|t| t.map(|t| id_code(t, aka)).unwrap_or(0)).collect();
                    // A resumed hand holds three tiles fewer per meld.
                    let want = 13 - 3 * s.resumed.as_ref().map_or(0, |r| r.melds[seat].len().min(4));
                    while c.len() > want && c.last() == Some(&0) {
                        c.pop();
                    }
                    head.push(json!(c));
                }
                let mut note = HandNote::default();
                if s.dealer != s.number {
                    note.dealer = Some(s.dealer);
                }
                if let Some(r) = &s.resumed {
                    note.resumed = Some(ResumedNote {
                        melds: std::array::from_fn(|seat| {
                            r.melds[seat].iter().map(|m| call_string(seat as u8, m, aka)).collect()
                        }),
                        norths: std::array::from_fn(|seat| codes(&r.norths[seat], aka)),
                        rivers: std::array::from_fn(|seat| codes(&r.rivers[seat], aka)),
                        riichi: r.riichi,
                        next: first_to_play(&game.events, i).unwrap_or(s.dealer),
                    });
                }
                cur = Some(Hand6 {
                    head,
                    dora: vec![Value::from(id_code(s.dora_indicator, aka))],
                    note,
                    ..Hand6::default()
                });
                last_draw = [None; 4];
                drew_unseen = [false; 4];
                riichi_next = [false; 4];
            }
            Event::Draw { seat, tile } => {
                if let Some(c) = cur.as_mut() {
                    c.takes[*seat as usize].push(Value::from(tile.map(|t| id_code(t, aka)).unwrap_or(0)));
                }
                last_draw[*seat as usize] = *tile;
                drew_unseen[*seat as usize] = tile.is_none();
            }
            Event::Riichi { seat } => riichi_next[*seat as usize] = true,
            // tenhou.net/6 has no stick event: a riichi discard that is not ronned pays it.
            Event::RiichiStick { .. } => {}
            Event::Discard { seat, tile, tsumogiri } => {
                let s = *seat as usize;
                if let Some(c) = cur.as_mut() {
                    let r = if riichi_next[s] { "r" } else { "" };
                    let code = id_code(*tile, aka);
                    let v = if *tsumogiri && last_draw[s] == Some(*tile) {
                        if r.is_empty() {
                            Value::from(60)
                        } else {
                            Value::from("r60")
                        }
                    } else if *tsumogiri && drew_unseen[s] {
                        // The draw was not seen: the discard names it.
                        Value::from(format!("{r}t{code}"))
                    } else if r.is_empty() {
                        Value::from(code)
                    } else {
                        Value::from(format!("r{code}"))
                    };
                    riichi_next[s] = false;
                    c.gives[s].push(v);
                }
                drew_unseen[s] = false;
            }
            Event::Call { seat, meld } => {
                if let Some(c) = cur.as_mut() {
                    let s = call_string(*seat, meld, aka);
                    match meld.kind {
                        MeldKind::Kakan | MeldKind::Ankan => c.gives[*seat as usize].push(Value::from(s)),
                        MeldKind::Daiminkan => {
                            c.takes[*seat as usize].push(Value::from(s));
                            c.gives[*seat as usize].push(Value::from(0));
                        }
                        _ => c.takes[*seat as usize].push(Value::from(s)),
                    }
                }
                drew_unseen[*seat as usize] = false;
            }
            // A north pulled aside is written among the discards (`f44`); its
            // replacement draw among the draws.
            Event::Nuki { seat, tile } => {
                if let Some(c) = cur.as_mut() {
                    c.gives[*seat as usize].push(Value::from(format!("f{}", id_code(*tile, aka))));
                }
            }
            Event::Dora { indicator } => {
                if let Some(c) = cur.as_mut() {
                    c.note.kan_dora_at_once |= owed_before == Some(0);
                    c.dora.push(Value::from(id_code(*indicator, aka)));
                }
                owed = owed.saturating_sub(1);
            }
            Event::Win(w) => {
                if let Some(c) = cur.as_mut() {
                    if c.result.is_empty() {
                        c.result.push(Value::from("和了"));
                    }
                    if c.ura.is_empty() {
                        c.ura = w.ura_indicators.iter().map(|&t| Value::from(id_code(t, aka))).collect();
                    }
                    c.result.push(json!(w.deltas));
                    c.result.push(Value::from(win_info(w)));
                    c.note.wins.push(fixes.wins.get(&i).map(|f| WinNote {
                        hand: f[0].then(|| codes(&w.hand, aka)),
                        tile: f[1].then(|| w.win_tile.map(|t| id_code(t, aka))),
                        dora: f[2].then(|| codes(&w.dora_indicators, aka)),
                        ura: f[3].then(|| codes(&w.ura_indicators, aka)),
                    }));
                }
            }
            Event::Ryuukyoku(d) => {
                if let Some(c) = cur.as_mut() {
                    let shown = |all: bool| (0..4).filter(|&s| occupied(s)).all(|s| d.shown[s].is_some() == all);
                    let name = match d.kind {
                        DrawKind::Exhaustive if shown(true) => "全員聴牌",
                        DrawKind::Exhaustive if shown(false) => "全員不聴",
                        DrawKind::Exhaustive => "流局",
                        DrawKind::NagashiMangan => "流し満貫",
                        DrawKind::NineTerminals => "九種九牌",
                        DrawKind::FourRiichi => "四家立直",
                        DrawKind::TripleRon => "三家和了",
                        DrawKind::FourKans => "四槓散了",
                        DrawKind::FourWinds => "四風連打",
                        DrawKind::Chombo => "流局",
                    };
                    c.result = vec![Value::from(name), json!(d.deltas)];
                    if fixes.shown.contains(&i) {
                        c.note.shown = Some(std::array::from_fn(|s| d.shown[s].as_ref().map(|h| codes(h, aka))));
                    }
                }
            }
            Event::GameEnd { scores, results } => {
                let mut sc = Vec::new();
                for s in 0..4 {
                    sc.push(Value::from(scores[s]));
                    sc.push(Value::from(results.map(|r| r[s]).unwrap_or(0.0)));
                }
                final_sc = Some(Value::from(sc));
            }
        }
        last_stick = matches!(e, Event::RiichiStick { .. });
        owed_before = match e {
            Event::Call { meld, .. } if matches!(meld.kind, MeldKind::Kakan | MeldKind::Daiminkan) => {
                owed += 1;
                Some(owed - 1)
            }
            _ => None,
        };
        if matches!(e, Event::RoundStart(_)) {
            owed = 0;
        }
    }
    if let Some(h) = cur.take() {
        rounds.push(h.into_value(&riichi_next, last_stick));
    }
    let disp = format!(
        "{}{}{}{}",
        if n == 3 { "三" } else { "" },
        if game.rules.hanchan { "南" } else { "東" },
        if game.rules.kuitan { "喰" } else { "" },
        if game.rules.aka { "赤" } else { "" }
    );
    let mut rule = json!({"disp": disp, "aka": if game.rules.aka { 1 } else { 0 }});
    // Not in tenhou.net/6's own files: the GO type and special-lobby flag of an
    // mjlog, so that the game reads back under the same rules.
    if let Some(t) = game.rules.go_type {
        rule["go_type"] = Value::from(t);
    }
    if game.rules.custom {
        rule["custom"] = Value::from(true);
    }
    let mut v = json!({"title": ["", ""], "name": game.names, "rule": rule, "log": rounds});
    if game.hidden_tiles {
        v["hidden_tiles"] = Value::from(true);
    }
    if let Some(sc) = final_sc {
        v["sc"] = sc;
    }
    Ok(v.to_string())
}

/// A win's result entry: seats, the value's text and the yaku as Tenhou names them.
fn win_info(w: &WinRecord) -> Vec<Value> {
    let fu = if w.fu > 0 { format!("{}符", w.fu) } else { String::new() };
    // A limit hand's han is stated only when its yaku entries do not sum to it
    // (yaku this crate has no name for).
    let listed: u32 = w.yaku.iter().map(|y| y.1).fold(0, u32::saturating_add);
    let text = match LIMITS.iter().find(|l| l.1 == w.limit) {
        Some((name, _)) if listed == w.han => format!("{fu}{name}{}点", w.points),
        Some((name, _)) => format!("{fu}{}飜{name}{}点", w.han, w.points),
        None => format!("{fu}{}飜{}点", w.han, w.points),
    };
    let mut info = vec![json!(w.seat), json!(w.from), json!(w.pao.unwrap_or(w.seat)), json!(text)];
    // The yaku as Tenhou names them, han in brackets (yakuman: 役満).
    for &(id, han) in &w.yaku {
        let name = YAKU_INFO.get(id as usize).map(|i| i.japanese).unwrap_or("?");
        info.push(json!(format!("{name}({han}飜)")));
    }
    for &id in &w.yakuman {
        let name = YAKU_INFO.get(id as usize).map(|i| i.japanese).unwrap_or("?");
        info.push(json!(format!("{name}(役満)")));
    }
    info
}

/// The game as tenhou.net/6 JSON, checked: the text is read back, and a game that
/// would read back differently is refused rather than written changed.
pub fn to_tenhou6(game: &GameLog) -> crate::error::Result<String> {
    let (text, read) = noted_text(game)?;
    // The format keeps no order of play (the reader rebuilds it from the turn order)
    // and not everything a record states: a game that would read back differently
    // is refused rather than written changed.
    let changed = |d: String| {
        crate::error::Error::LogParse(format!(
            "{}: cannot be written as tenhou.net/6 without changing it ({d}); write mjai instead",
            game.source
        ))
    };
    let back = match read.map_or_else(|| super::tenhou6::parse(&text, &game.source), Ok) {
        Ok(back) => back,
        Err(e) => {
            // A hand whose play reads back otherwise may leave a win or draw with
            // unseen tiles and no note: the play is what differs.
            if let Ok((mut lenient, _)) = super::tenhou6::parse_with(&text, &game.source, false) {
                take_results(&mut lenient, game);
                if let Some(d) = super::roundtrip::first_difference(game, &lenient) {
                    return Err(changed(d));
                }
            }
            return Err(e);
        }
    };
    if let Some(d) = super::roundtrip::first_difference(game, &back) {
        return Err(changed(d));
    }
    Ok(text)
}

/// `back` with the shown hands of `game`'s wins and draws where the two have a win
/// or a draw at the same place: what is left differs in play.
fn take_results(back: &mut GameLog, game: &GameLog) {
    for (b, g) in back.events.iter_mut().zip(game.events.iter()) {
        match (b, g) {
            (Event::Win(b), Event::Win(g)) => {
                b.hand = g.hand.clone();
                b.win_tile = g.win_tile;
                b.dora_indicators = g.dora_indicators.clone();
                b.ura_indicators = g.ura_indicators.clone();
            }
            (Event::Ryuukyoku(b), Event::Ryuukyoku(g)) => b.shown = g.shown.clone(),
            _ => {}
        }
    }
}
