//! Writers: a game's events as an mjai stream (JSON lines) or as tenhou.net/6 JSON.
//! Both are read back by this crate's readers into the same events (tested by
//! round trips over the real logs).

use super::event::*;
use super::mjai::tile_name;
use super::mjai_yaku::{yaku_pairs, WinWinds};
use super::tenhou6::{id_code, LIMITS};
use crate::hand::MeldKind;
use crate::riichi::yaku::YAKU_INFO;
use crate::tile::TileId;
use serde_json::{json, Value};

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

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
            Event::Nuki { seat, tile } => json!({"type": "nukidora", "actor": seat, "pai": tile_name(*tile, aka)}),
            Event::Call { seat, meld } => meld_json(*seat, meld, aka),
            Event::Dora { indicator } => json!({"type": "dora", "dora_marker": tile_name(*indicator, aka)}),
            // Beside mjai's own fields, everything the record states of the win: the
            // winning hand (hidden in a stream seen from one seat), the yaku as mjai
            // names them with their han, the Tenhou yakuman ids, the limit code, the
            // dora indicators and pao.
            Event::Win(w) => {
                let yaku = yaku_pairs(&w.yaku, &WinWinds::of(&game.events[..i], w.seat, &w.hand, game.n_players));
                json!({"type": "hora", "actor": w.seat, "target": w.from,
                       "pai": w.win_tile.map(|t| tile_name(t, aka)).unwrap_or_else(|| "?".into()),
                       "deltas": w.deltas, "ura_markers": names(&w.ura_indicators, aka),
                       "fan": w.han, "fu": w.fu, "hora_points": w.points,
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

/// What tenhou.net/6 has no place for, as an 18th field of the hand (an object this
/// crate's reader takes and others ignore), written only when needed:
/// - a hand that stops before its end (an excerpt, a record cut short) may stop
///   after a riichi declaration whose discard is not recorded (`"riichi": seat`),
///   or after a riichi discard whose stick is down (`"stick": true`; a reader takes
///   a last riichi discard of such a hand to have been cut off before its stick);
/// - older records flip an open or added kan's dora at once, not when the
///   replacement tile is discarded (`"kan_dora": "at_once"`).
fn hand_note(stopped: bool, riichi_next: &[bool; 4], stick: bool, at_once: bool) -> Option<Value> {
    let mut note = serde_json::Map::new();
    if stopped {
        if let Some(seat) = riichi_next.iter().position(|&r| r) {
            note.insert("riichi".into(), json!(seat));
        } else if stick {
            note.insert("stick".into(), json!(true));
        }
    }
    if at_once {
        note.insert("kan_dora".into(), json!("at_once"));
    }
    (!note.is_empty()).then_some(Value::Object(note))
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

/// One hand being written as tenhou.net/6: its head (round, scores, deals), each
/// seat's takes and gives, the dora and ura indicators and the result.
type Tenhou6Round = (Vec<Value>, [Vec<Value>; 4], [Vec<Value>; 4], Vec<Value>, Vec<Value>, Vec<Value>);

/// The game as tenhou.net/6 JSON, unchecked. The format cannot hold hidden tiles, so
/// a game read from one client's side is refused.
pub fn tenhou6_text(game: &GameLog) -> crate::error::Result<String> {
    if game.hidden_tiles {
        return Err(crate::error::Error::LogParse(format!(
            "{}: hidden tiles cannot be written as tenhou.net/6 JSON (write mjai instead)",
            game.source
        )));
    }
    // Three players: the fourth seat keeps its place, dealt nothing.
    let n = if game.n_players == 3 { 3 } else { 4 };
    let aka = game.rules.aka;
    let mut rounds: Vec<Value> = Vec::new();
    let mut cur: Option<Tenhou6Round> = None;
    let mut last_draw: [Option<TileId>; 4] = [None; 4];
    let mut riichi_next = [false; 4];
    // `riichi` and `stick`: how the hand's last events stand; `at_once`: an open
    // kan's dora was flipped at once (see `hand_note`).
    let finish =
        |cur: &mut Option<Tenhou6Round>, rounds: &mut Vec<Value>, riichi: &[bool; 4], stick: bool, at_once: bool| {
            if let Some((head, takes, gives, dora, ura, result)) = cur.take() {
                let note = hand_note(result.is_empty(), riichi, stick, at_once);
                let mut r = vec![head[0].clone(), head[1].clone(), Value::from(dora), Value::from(ura)];
                for s in 0..4 {
                    r.push(head[2 + s].clone());
                    r.push(Value::from(takes[s].clone()));
                    r.push(Value::from(gives[s].clone()));
                }
                r.push(Value::from(result));
                r.extend(note);
                rounds.push(Value::from(r));
            }
        };
    let mut last_stick = false;
    let mut at_once = false;
    // Open or added kans whose dora is not yet flipped, and their count before the
    // kan just called (when the last event is one): a dora right after a kan that
    // owed none before is that kan's own, flipped at once.
    let mut owed = 0u32;
    let mut owed_before: Option<u32> = None;
    let mut final_sc: Option<Value> = None;
    for e in &game.events {
        match e {
            Event::RoundStart(s) => {
                finish(&mut cur, &mut rounds, &riichi_next, last_stick, at_once);
                at_once = false;
                let mut head = vec![json!([s.wind * 4 + s.number, s.honba, s.sticks]), json!(s.scores)];
                for h in s.hands.iter().take(n) {
                    let codes: Vec<Value> =
                        h.iter().map(|t| t.map(|t| Value::from(id_code(t, aka))).unwrap_or(Value::from(0))).collect();
                    head.push(Value::from(codes));
                }
                if n == 3 {
                    head.push(json!([]));
                }
                cur = Some((
                    head,
                    Default::default(),
                    Default::default(),
                    vec![Value::from(id_code(s.dora_indicator, aka))],
                    Vec::new(),
                    Vec::new(),
                ));
                last_draw = [None; 4];
                riichi_next = [false; 4];
            }
            Event::Draw { seat, tile } => {
                if let Some(c) = cur.as_mut() {
                    c.1[*seat as usize].push(Value::from(tile.map(|t| id_code(t, aka)).unwrap_or(0)));
                }
                last_draw[*seat as usize] = *tile;
            }
            Event::Riichi { seat } => riichi_next[*seat as usize] = true,
            // tenhou.net/6 has no stick event: a riichi discard that is not ronned pays it.
            Event::RiichiStick { .. } => {}
            Event::Discard { seat, tile, tsumogiri } => {
                if let Some(c) = cur.as_mut() {
                    let code =
                        if *tsumogiri && last_draw[*seat as usize] == Some(*tile) { 60 } else { id_code(*tile, aka) };
                    let v =
                        if riichi_next[*seat as usize] { Value::from(format!("r{code}")) } else { Value::from(code) };
                    riichi_next[*seat as usize] = false;
                    c.2[*seat as usize].push(v);
                }
            }
            Event::Call { seat, meld } => {
                if let Some(c) = cur.as_mut() {
                    let s = call_string(*seat, meld, aka);
                    match meld.kind {
                        MeldKind::Kakan | MeldKind::Ankan => c.2[*seat as usize].push(Value::from(s)),
                        MeldKind::Daiminkan => {
                            c.1[*seat as usize].push(Value::from(s));
                            c.2[*seat as usize].push(Value::from(0));
                        }
                        _ => c.1[*seat as usize].push(Value::from(s)),
                    }
                }
            }
            // A north pulled aside is written among the discards (`f44`); its
            // replacement draw among the draws.
            Event::Nuki { seat, tile } => {
                if let Some(c) = cur.as_mut() {
                    c.2[*seat as usize].push(Value::from(format!("f{}", id_code(*tile, aka))));
                }
            }
            Event::Dora { indicator } => {
                at_once |= owed_before == Some(0);
                owed = owed.saturating_sub(1);
                if let Some(c) = cur.as_mut() {
                    c.3.push(Value::from(id_code(*indicator, aka)));
                }
            }
            Event::Win(w) => {
                if let Some(c) = cur.as_mut() {
                    if c.5.is_empty() {
                        c.5.push(Value::from("和了"));
                    }
                    if c.4.is_empty() {
                        c.4 = w.ura_indicators.iter().map(|&t| Value::from(id_code(t, aka))).collect();
                    }
                    c.5.push(json!(w.deltas));
                    let fu = if w.fu > 0 { format!("{}符", w.fu) } else { String::new() };
                    // A limit hand's han is stated only when its yaku entries do not
                    // sum to it (yaku this crate has no name for).
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
                    c.5.push(Value::from(info));
                }
            }
            Event::Ryuukyoku(d) => {
                if let Some(c) = cur.as_mut() {
                    let name = match d.kind {
                        DrawKind::Exhaustive if d.shown.iter().take(n).all(|h| h.is_some()) => "全員聴牌",
                        DrawKind::Exhaustive if d.shown.iter().take(n).all(|h| h.is_none()) => "全員不聴",
                        DrawKind::Exhaustive => "流局",
                        DrawKind::NagashiMangan => "流し満貫",
                        DrawKind::NineTerminals => "九種九牌",
                        DrawKind::FourRiichi => "四家立直",
                        DrawKind::TripleRon => "三家和了",
                        DrawKind::FourKans => "四槓散了",
                        DrawKind::FourWinds => "四風連打",
                        DrawKind::Chombo => "流局",
                    };
                    c.5 = vec![Value::from(name), json!(d.deltas)];
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
    finish(&mut cur, &mut rounds, &riichi_next, last_stick, at_once);
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
    if let Some(sc) = final_sc {
        v["sc"] = sc;
    }
    Ok(v.to_string())
}

/// The game as tenhou.net/6 JSON, checked: the text is read back, and a game that
/// would read back differently is refused rather than written changed.
pub fn to_tenhou6(game: &GameLog) -> crate::error::Result<String> {
    let text = tenhou6_text(game)?;
    // The format keeps no order of play (the reader rebuilds it from the turn order)
    // and not everything a record states: a game that would read back differently
    // is refused rather than written changed.
    let back = super::tenhou6::parse(&text, &game.source)?;
    if let Some(d) = super::roundtrip::first_difference(game, &back) {
        return Err(crate::error::Error::LogParse(format!(
            "{}: cannot be written as tenhou.net/6 without changing it ({d}); write mjai instead",
            game.source
        )));
    }
    Ok(text)
}
