//! tenhou.net/6 JSON logs into [`Event`]s.
//!
//! A hand is `[[kyoku, honba, sticks], scores, dora, ura, hai0, take0, dahai0, ...,
//! result]`: per seat the dealt tiles, what it took (draws, or call strings such as
//! `"c181719"`, `"p474747"`, `"m39393939"`) and what it gave (discards, `60` for
//! tsumogiri, `"r38"` riichi, kan strings with `k`/`a`). Tiles are codes 11..47
//! (51..53 red fives). The order of play is not stored; it is rebuilt by playing
//! the turns: after each discard a recorded pon/kan of that tile comes first, then
//! a chi by the next seat, else the next seat draws. Tile ids are not stored either;
//! physical ids are assigned as tiles appear and followed from hand to meld.

use super::event::*;
use super::ids::IdPool;
use super::numbers;
use crate::error::{Error, Result};
use crate::hand::MeldKind;
use crate::tile::TileId;
use serde_json::Value;

/// Tile code -> (kind, red).
fn code_kind(c: i64) -> Option<(usize, bool)> {
    match c {
        11..=19 => Some(((c - 11) as usize, false)),
        21..=29 => Some(((c - 21 + 9) as usize, false)),
        31..=39 => Some(((c - 31 + 18) as usize, false)),
        41..=47 => Some(((c - 41 + 27) as usize, false)),
        51 => Some((4, true)),
        52 => Some((13, true)),
        53 => Some((22, true)),
        _ => None,
    }
}

/// Tile code of an id (inverse of `code_kind` for writers).
pub fn id_code(t: TileId, aka: bool) -> i64 {
    let k = t.tile().index() as i64;
    if aka && t.is_red() {
        return 51 + k / 9;
    }
    match k {
        0..=8 => 11 + k,
        9..=17 => 21 + k - 9,
        18..=26 => 31 + k - 18,
        _ => 41 + k - 27,
    }
}

struct Ctx<'a> {
    source: &'a str,
    hand_no: usize,
    /// Players at the table (3 or 4).
    n: usize,
}

impl Ctx<'_> {
    fn err(&self, why: impl std::fmt::Display) -> Error {
        Error::LogParse(format!("{}: hand {}: {why}", self.source, self.hand_no + 1))
    }
}

/// Split a call string into its letter, the position of the letter, and the codes.
fn parse_call(s: &str) -> Option<(char, usize, Vec<i64>)> {
    let letter_pos = s.find(|c: char| c.is_ascii_alphabetic())?;
    let letter = s[letter_pos..].chars().next()?;
    let digits: String = s.chars().filter(|c| c.is_ascii_digit()).collect();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    let codes: Option<Vec<i64>> = (0..digits.len() / 2).map(|i| digits[2 * i..2 * i + 2].parse().ok()).collect();
    Some((letter, letter_pos, codes?))
}

enum Give {
    Discard { code: i64, riichi: bool },
    Kan(String),
    Nothing,
}

fn give(v: &Value) -> Option<Give> {
    match v {
        Value::Number(n) => {
            let c = n.as_i64()?;
            if c == 0 {
                Some(Give::Nothing)
            } else {
                Some(Give::Discard { code: c, riichi: false })
            }
        }
        Value::String(s) if s.starts_with('r') => Some(Give::Discard { code: s[1..].parse().ok()?, riichi: true }),
        Value::String(s) => Some(Give::Kan(s.clone())),
        _ => None,
    }
}

/// Parse a tenhou.net/6 JSON game.
pub fn parse(text: &str, source: &str) -> Result<GameLog> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| Error::LogParse(format!("{source}: line {} column {}: {e}", e.line(), e.column())))?;
    let log = v
        .get("log")
        .and_then(|l| l.as_array())
        .ok_or_else(|| Error::LogParse(format!("{source}: line 1: no \"log\" array in the top-level object")))?;
    let rule = v.get("rule");
    let disp = rule.and_then(|r| r.get("disp")).and_then(|d| d.as_str()).unwrap_or("");
    let aka = rule
        .and_then(|r| r.get("aka").or_else(|| r.get("aka51")))
        .and_then(|a| a.as_i64())
        .map(|a| a != 0)
        .unwrap_or(true);
    let mut rules = LogRules {
        go_type: None,
        aka,
        kuitan: disp.is_empty() || disp.contains('喰'),
        hanchan: disp.contains('南'),
        sanma: disp.contains('三'),
        custom: false,
    };
    if disp.is_empty() {
        rules.hanchan = true;
    }
    // This crate's writer adds the GO type and the special-lobby flag of an mjlog.
    if let Some(t) = rule.and_then(|r| r.get("go_type")) {
        let t = t.as_u64().and_then(|t| u32::try_from(t).ok());
        rules.go_type = Some(t.ok_or_else(|| Error::LogParse(format!("{source}: rule.go_type is not a GO type")))?);
    }
    if let Some(c) = rule.and_then(|r| r.get("custom")) {
        rules.custom =
            c.as_bool().ok_or_else(|| Error::LogParse(format!("{source}: rule.custom is not true or false")))?;
    }
    let mut names: [String; 4] = Default::default();
    if let Some(ns) = v.get("name").and_then(|n| n.as_array()) {
        for (i, n) in ns.iter().take(4).enumerate() {
            names[i] = n.as_str().unwrap_or("").to_string();
        }
    }
    // Three players: the rule's name says 三 (Tenhou's "三鳳南喰赤"); the fourth
    // seat keeps its place with an empty deal, draws and discards, and 0 points.
    let n_players = if disp.contains('三') || fourth_seat_empty(log) { 3 } else { 4 };
    rules.sanma = n_players == 3;
    let mut game = GameLog { source: source.to_string(), rules, names, n_players, ..GameLog::default() };
    for (h, round) in log.iter().enumerate() {
        let cx = Ctx { source, hand_no: h, n: n_players as usize };
        parse_round(round, &cx, aka, &mut game.events)?;
    }
    if let Some(sc) = v.get("sc").and_then(|s| s.as_array()) {
        if sc.len() >= 8 {
            let mut scores = [0; 4];
            let mut results = [0.0; 4];
            for i in 0..4 {
                // Final points (whole, or in thousands with a decimal) and results.
                let p = sc[2 * i].as_f64().map(f64::round).filter(|p| (i32::MIN as f64..=i32::MAX as f64).contains(p));
                scores[i] = p.ok_or_else(|| {
                    Error::LogParse(format!("{source}: sc[{}]: final points {} do not fit 32 bits", 2 * i, sc[2 * i]))
                })? as i32;
                results[i] = sc[2 * i + 1].as_f64().filter(|r| r.is_finite()).ok_or_else(|| {
                    Error::LogParse(format!("{source}: sc[{}]: result {} is not a number", 2 * i + 1, sc[2 * i + 1]))
                })?;
            }
            game.events.push(Event::GameEnd { scores, results: Some(results) });
        }
    }
    Ok(game)
}

/// A log whose first hand deals the fourth seat nothing is a three-player log
/// even when its rule name does not say so.
fn fourth_seat_empty(log: &[Value]) -> bool {
    log.first().and_then(|r| r.get(13)).and_then(|h| h.as_array()).is_some_and(|h| h.is_empty())
}

fn ints(v: &Value, cx: &Ctx, what: &str) -> Result<Vec<i64>> {
    v.as_array()
        .and_then(|a| a.iter().map(|x| x.as_i64()).collect::<Option<Vec<_>>>())
        .ok_or_else(|| cx.err(format!("{what} is not a list of integers")))
}

/// Rebuild a hand's play. The format does not record calls that were declined, so
/// a recorded call may match an earlier discard of the same tile than the one really
/// called; when the play then goes wrong, the latest call taken is retried as
/// declined (a small depth-first search over those choices).
fn parse_round(round: &Value, cx: &Ctx, aka: bool, out: &mut Vec<Event>) -> Result<()> {
    let mut skip: Vec<usize> = Vec::new();
    let mut first_err = None;
    for _ in 0..256 {
        let mut events = Vec::new();
        let mut taken = Vec::new();
        match play_round(round, cx, aka, &skip, &mut taken, &mut events) {
            Ok(()) => {
                out.extend(events);
                return Ok(());
            }
            Err(e) => {
                if first_err.is_none() {
                    first_err = Some(e);
                }
                // Decline the latest call taken that is not already declined.
                match taken.iter().rev().find(|o| !skip.contains(o)) {
                    Some(&o) => {
                        skip.retain(|&x| x < o);
                        skip.push(o);
                    }
                    None => break,
                }
            }
        }
    }
    Err(first_err.unwrap_or_else(|| cx.err("cannot rebuild the order of play")))
}

fn play_round(
    round: &Value,
    cx: &Ctx,
    aka: bool,
    skip: &[usize],
    taken: &mut Vec<usize>,
    out: &mut Vec<Event>,
) -> Result<()> {
    let r = round.as_array().ok_or_else(|| cx.err("not an array"))?;
    if r.len() < 17 {
        return Err(cx.err(format!("{} fields, expected 17", r.len())));
    }
    let head = ints(&r[0], cx, "round header")?;
    if head.len() < 3 {
        return Err(cx.err("round header needs hand, honba and sticks"));
    }
    for (i, (what, max)) in [("hand", 15), ("honba", 255), ("sticks", 255)].into_iter().enumerate() {
        numbers::small(&r[0][i], &format!("round header {what}"), max).map_err(|e| cx.err(e))?;
    }
    let scores = r[1].as_array().ok_or_else(|| cx.err("scores is not a list"))?;
    let scores = numbers::seat_points(scores, "scores", 0).map_err(|e| cx.err(e))?;
    let dora_codes = ints(&r[2], cx, "dora")?;
    let ura_codes = ints(&r[3], cx, "ura")?;
    let mut pool = IdPool::new(aka);
    let id = |pool: &mut IdPool, c: i64| -> Result<TileId> {
        let (k, red) = code_kind(c).ok_or_else(|| cx.err(format!("tile code {c}")))?;
        pool.fresh(k, red).ok_or_else(|| cx.err(format!("a fifth copy of tile code {c}")))
    };
    let dealer = (head[0] % 4) as u8;
    if dealer as usize >= cx.n {
        return Err(cx.err(format!("hand {} of a {}-player game", head[0] % 4 + 1, cx.n)));
    }
    let mut hands: [Vec<TileId>; 4] = Default::default();
    let mut dealt = [[None; 13]; 4];
    let mut takes: Vec<&Vec<Value>> = Vec::new();
    let mut gives: Vec<&Vec<Value>> = Vec::new();
    for s in 0..4 {
        let hai = ints(&r[4 + 3 * s], cx, "dealt hand")?;
        let dealt_n = if s < cx.n { 13 } else { 0 };
        if hai.len() != dealt_n {
            return Err(cx.err(format!("seat {s} is dealt {} tiles, not {dealt_n}", hai.len())));
        }
        for (k, &c) in hai.iter().enumerate() {
            let t = id(&mut pool, c)?;
            hands[s].push(t);
            dealt[s][k] = Some(t);
        }
        takes.push(r[5 + 3 * s].as_array().ok_or_else(|| cx.err("takes is not a list"))?);
        gives.push(r[6 + 3 * s].as_array().ok_or_else(|| cx.err("discards is not a list"))?);
        if s >= cx.n && !(takes[s].is_empty() && gives[s].is_empty()) {
            return Err(cx.err(format!("the empty seat {s} of a three-player table takes or discards tiles")));
        }
    }
    let dora0 = id(&mut pool, *dora_codes.first().ok_or_else(|| cx.err("no dora indicator"))?)?;
    out.push(Event::RoundStart(Box::new(RoundStart {
        wind: (head[0] / 4) as u8,
        number: (head[0] % 4) as u8,
        honba: head[1] as u8,
        sticks: head[2] as u8,
        dealer,
        scores,
        dora_indicator: dora0,
        hands: dealt,
        resumed: None,
    })));
    let mut ti = [0usize; 4];
    let mut gi = [0usize; 4];
    let mut kan_doras = dora_codes.iter().skip(1);
    // Tenhou flips a closed kan's dora at once, an open or added kan's when the
    // replacement tile is discarded (just before the discard) or after the next kan.
    let mut pending_dora: Option<TileId> = None;
    // Older records flip it at once (noted by this crate's writer: write::hand_note).
    let at_once = match r.get(17).and_then(|n| n.get("kan_dora")) {
        None => false,
        Some(v) if v == "at_once" => true,
        Some(v) => return Err(cx.err(format!("note: kan_dora {v} is not \"at_once\""))),
    };
    let mut cur = dealer as usize;
    let mut last_discard: Option<(usize, TileId)> = None;
    let mut last_draw: Option<TileId> = None;
    let take_from_hand = |hand: &mut Vec<TileId>, c: i64| -> Result<TileId> {
        let (k, red) = code_kind(c).ok_or_else(|| cx.err(format!("tile code {c}")))?;
        let pos = hand
            .iter()
            .position(|t| t.tile().index() == k && (t.is_red() == red || !aka))
            .ok_or_else(|| cx.err(format!("tile code {c} is not in the hand")))?;
        Ok(hand.remove(pos))
    };
    let mut need_draw = true;
    let mut steps = 0;
    let mut opportunity = 0usize;
    loop {
        steps += 1;
        if steps > 1000 {
            return Err(cx.err("play does not terminate"));
        }
        if need_draw {
            let Some(tv) = takes[cur].get(ti[cur]) else { break };
            let Some(c) = tv.as_i64() else {
                return Err(cx.err(format!("seat {cur} should draw but takes {tv}: no turn order fits this hand's draws and calls (hand-made or edited record)")));
            };
            ti[cur] += 1;
            let t = id(&mut pool, c)?;
            hands[cur].push(t);
            last_draw = Some(t);
            out.push(Event::Draw { seat: cur as u8, tile: Some(t) });
        }
        // Own turn: a kan (then a replacement draw) or a discard, or nothing (tsumo).
        let Some(gv) = gives[cur].get(gi[cur]) else { break };
        gi[cur] += 1;
        match give(gv).ok_or_else(|| cx.err(format!("bad discard {gv}")))? {
            Give::Nothing => return Err(cx.err("a 0 discard outside a kan")),
            Give::Kan(s) => {
                let (letter, pos, codes) = parse_call(&s).ok_or_else(|| cx.err(format!("bad call {s:?}")))?;
                let want = if letter == 'f' { 1 } else { 4 };
                if codes.len() != want {
                    return Err(cx.err(format!("call {s:?} names {} tiles, not {want}", codes.len())));
                }
                let meld = match letter {
                    'a' => {
                        let mut tiles = [dora0; 4];
                        for (i, &c) in codes.iter().take(4).enumerate() {
                            tiles[i] = take_from_hand(&mut hands[cur], c)?;
                        }
                        tiles.sort();
                        LogMeld { kind: MeldKind::Ankan, tiles, called: tiles[0], from: cur as u8 }
                    }
                    'k' => {
                        // The code right after `k` is the added tile; `k`'s place tells
                        // where the pon came from.
                        let added_code = *codes.get(pos / 2).ok_or_else(|| cx.err(format!("bad kakan {s:?}")))?;
                        let added = take_from_hand(&mut hands[cur], added_code)?;
                        let rel = match pos {
                            0 => 3,
                            2 => 2,
                            _ => 1,
                        };
                        let k = added.tile().index();
                        let pon = out.iter().rev().find_map(|e| match e {
                            Event::Call { seat, meld }
                                if *seat as usize == cur
                                    && meld.kind == MeldKind::Pon
                                    && meld.tiles[0].tile().index() == k =>
                            {
                                Some(*meld)
                            }
                            _ => None,
                        });
                        let pon = pon.ok_or_else(|| cx.err(format!("kakan {s:?} without a pon")))?;
                        let mut tiles = [pon.tiles[0], pon.tiles[1], pon.tiles[2], added];
                        tiles.sort();
                        let _ = rel;
                        LogMeld { kind: MeldKind::Kakan, tiles, called: added, from: pon.from }
                    }
                    // Three players: a north pulled aside (`f44`), then a replacement draw.
                    'f' if cx.n == 3 && codes == [44] => {
                        let tile = take_from_hand(&mut hands[cur], 44)?;
                        out.push(Event::Nuki { seat: cur as u8, tile });
                        need_draw = true;
                        continue;
                    }
                    _ => return Err(cx.err(format!("unexpected {s:?} among discards"))),
                };
                let kind = meld.kind;
                if !meld.is_well_formed(cur as u8) {
                    return Err(cx.err(format!("kan {s:?} is not four of a kind")));
                }
                out.push(Event::Call { seat: cur as u8, meld });
                if let Some(d) = pending_dora.take() {
                    out.push(Event::Dora { indicator: d });
                }
                if let Some(&c) = kan_doras.next() {
                    let t = id(&mut pool, c)?;
                    if kind == MeldKind::Ankan || at_once {
                        out.push(Event::Dora { indicator: t });
                    } else {
                        pending_dora = Some(t);
                    }
                }
                need_draw = true;
                continue;
            }
            Give::Discard { code, riichi } => {
                let t = if code == 60 {
                    last_draw.ok_or_else(|| cx.err("tsumogiri without a draw"))?
                } else {
                    take_from_hand(&mut hands[cur], code)?
                };
                if code == 60 {
                    let pos =
                        hands[cur].iter().position(|&x| x == t).ok_or_else(|| cx.err("tsumogiri tile not in hand"))?;
                    hands[cur].remove(pos);
                }
                if let Some(d) = pending_dora.take() {
                    out.push(Event::Dora { indicator: d });
                }
                if riichi {
                    out.push(Event::Riichi { seat: cur as u8 });
                }
                out.push(Event::Discard { seat: cur as u8, tile: t, tsumogiri: Some(t) == last_draw });
                last_draw = None;
                last_discard = Some((cur, t));
                if riichi {
                    out.push(Event::RiichiStick { seat: cur as u8 });
                }
            }
        }
        // Claims on the discard: pon/kan by anyone first, then chi by the next seat.
        let (from, tile) = match last_discard {
            Some(x) => x,
            None => break,
        };
        let mut caller = None;
        opportunity += 1;
        for pass in 0..2 {
            for i in 1..cx.n {
                let s = (from + i) % cx.n;
                let Some(Value::String(cs)) = takes[s].get(ti[s]) else { continue };
                let Some((letter, pos, codes)) = parse_call(cs) else { continue };
                let want = if pass == 0 { letter == 'p' || letter == 'm' } else { letter == 'c' && i == 1 };
                if !want {
                    continue;
                }
                let rel = match (letter, pos) {
                    ('c', _) => 3,
                    (_, 0) => 3,
                    (_, 2) => 2,
                    _ => 1,
                };
                if (s + rel) % 4 != from {
                    continue;
                }
                let called_code = *codes.get(pos / 2).ok_or_else(|| cx.err(format!("bad call {cs:?}")))?;
                let (ck, _) = code_kind(called_code).ok_or_else(|| cx.err(format!("tile code {called_code}")))?;
                if ck != tile.tile().index() {
                    continue;
                }
                caller = Some((s, letter, pos, codes));
                break;
            }
            if caller.is_some() {
                break;
            }
        }
        if caller.is_some() {
            if skip.contains(&opportunity) {
                caller = None;
            } else {
                taken.push(opportunity);
            }
        }
        match caller {
            Some((s, letter, pos, codes)) => {
                let want = if letter == 'm' { 4 } else { 3 };
                if codes.len() != want {
                    return Err(cx.err(format!("call {:?} names {} tiles, not {want}", takes[s][ti[s]], codes.len())));
                }
                ti[s] += 1;
                let mut tiles = [tile; 4];
                let mut n = 0;
                for (i, &c) in codes.iter().enumerate() {
                    if i == pos / 2 {
                        continue;
                    }
                    tiles[n] = take_from_hand(&mut hands[s], c)?;
                    n += 1;
                }
                tiles[n] = tile;
                n += 1;
                tiles[..n].sort();
                let kind = match letter {
                    'c' => MeldKind::Chi,
                    'p' => MeldKind::Pon,
                    _ => MeldKind::Daiminkan,
                };
                let meld = LogMeld { kind, tiles, called: tile, from: from as u8 };
                if !meld.is_well_formed(s as u8) {
                    return Err(cx.err(format!("call {:?} is not a {kind:?}", takes[s][ti[s] - 1])));
                }
                out.push(Event::Call { seat: s as u8, meld });
                cur = s;
                if kind == MeldKind::Daiminkan {
                    if let Some(&c) = kan_doras.next() {
                        let t = id(&mut pool, c)?;
                        if at_once {
                            out.push(Event::Dora { indicator: t });
                        } else {
                            pending_dora = Some(t);
                        }
                    }
                    // The discards list holds a 0 for the kan itself.
                    if let Some(Give::Nothing) = gives[s].get(gi[s]).and_then(give) {
                        gi[s] += 1;
                    }
                    need_draw = true;
                } else {
                    need_draw = false;
                }
            }
            None => {
                cur = (from + 1) % cx.n;
                need_draw = true;
            }
        }
    }
    if let Some(d) = pending_dora.take() {
        out.push(Event::Dora { indicator: d });
    }
    // The result.
    let res = r[16].as_array().ok_or_else(|| cx.err("result is not a list"))?;
    // The indicators showing when the hand ended (a win's dora indicators).
    let flipped: Vec<TileId> = std::iter::once(dora0)
        .chain(out.iter().filter_map(|e| if let Event::Dora { indicator } = e { Some(*indicator) } else { None }))
        .collect();
    let kind = res.first().and_then(|x| x.as_str()).unwrap_or("");
    let ura: Vec<TileId> = Vec::new();
    let _ = ura;
    if kind == "和了" {
        let mut ura_ids = Vec::new();
        for &c in &ura_codes {
            ura_ids.push(id(&mut pool, c)?);
        }
        // A riichi discard that was ronned never put its stick down.
        if let (Some(Event::RiichiStick { seat }), Some((from, _))) = (out.last(), last_discard) {
            if *seat as usize == from
                && res.get(2).and_then(|i| i.as_array()).and_then(|i| i.get(1)).and_then(|x| x.as_i64())
                    == Some(from as i64)
                && res.get(2).and_then(|i| i.as_array()).and_then(|i| i.first()).and_then(|x| x.as_i64())
                    != Some(from as i64)
            {
                out.pop();
            }
        }
        let mut i = 1;
        while i + 1 < res.len() {
            let deltas = res[i].as_array().ok_or_else(|| cx.err("score changes is not a list"))?;
            let deltas = numbers::seat_points(deltas, "score changes", 0).map_err(|e| cx.err(e))?;
            let info = res[i + 1].as_array().ok_or_else(|| cx.err("win info is not a list"))?;
            i += 2;
            let seat = |i: usize, what: &str| -> Result<Option<usize>> {
                match info.get(i) {
                    None => Ok(None),
                    Some(x) => match x.as_i64() {
                        Some(v) if (0..cx.n as i64).contains(&v) => Ok(Some(v as usize)),
                        _ => Err(cx.err(format!("win info: {what} {x} is not a seat 0-{}", cx.n - 1))),
                    },
                }
            };
            let who = seat(0, "winner")?.unwrap_or(0);
            let from = seat(1, "discarder")?.unwrap_or(0);
            let pao = seat(2, "liable player")?.filter(|&p| p != who);
            let text = info.get(3).and_then(|x| x.as_str()).unwrap_or("");
            let mut hand = hands[who].clone();
            // Robbing a kan: the tile won on is the one added, not the last discard.
            let robbed = match out.iter().rev().find(|e| !matches!(e, Event::Win(_))) {
                Some(Event::Call { seat, meld }) if meld.kind == MeldKind::Kakan && *seat as usize != who => {
                    Some(meld.called)
                }
                _ => None,
            };
            let win_tile = if who == from {
                last_draw.or_else(|| hand.last().copied())
            } else {
                robbed.or(last_discard.map(|x| x.1))
            };
            if who != from {
                if let Some(t) = win_tile {
                    hand.push(t);
                }
            }
            hand.sort();
            let (han, fu, points, limit) = parse_value(text, info).map_err(|e| cx.err(format!("win info: {e}")))?;
            let (yaku, yakuman) = yaku_of(info);
            let dora_ids = flipped.clone();
            out.push(Event::Win(Box::new(WinRecord {
                seat: who as u8,
                from: from as u8,
                hand,
                win_tile,
                han,
                fu,
                points,
                limit,
                yaku,
                yakuman,
                dora_indicators: dora_ids,
                // Tenhou shows the ura indicators to a winner in riichi only.
                ura_indicators: if out.iter().any(|e| matches!(e, Event::Riichi { seat } if *seat as usize == who)) {
                    ura_ids.clone()
                } else {
                    Vec::new()
                },
                deltas,
                pao: pao.map(|p| p as u8),
            })));
        }
    } else if kind.is_empty() {
        // The record stops before the hand's end: a last riichi discard was cut off
        // before its stick unless this crate's writer noted otherwise (see
        // write::stop_note), which also notes a riichi declared with no discard.
        let note = r.get(17);
        let declared = note.and_then(|n| n.get("riichi"));
        if let Some(v) = declared {
            match v.as_u64() {
                Some(seat) if (seat as usize) < cx.n => out.push(Event::Riichi { seat: seat as u8 }),
                _ => return Err(cx.err(format!("note: riichi {v} is not a seat 0-{}", cx.n - 1))),
            }
        } else if matches!(out.last(), Some(Event::RiichiStick { .. }))
            && note.and_then(|n| n.get("stick")).and_then(|b| b.as_bool()) != Some(true)
        {
            out.pop();
        }
    } else {
        let deltas = match res.get(1) {
            None => [0; 4],
            Some(d) => {
                let d = d.as_array().ok_or_else(|| cx.err("score changes is not a list"))?;
                numbers::seat_points(d, "score changes", 0).map_err(|e| cx.err(e))?
            }
        };
        let dk = match kind {
            "流局" | "全員聴牌" | "全員不聴" => DrawKind::Exhaustive,
            "流し満貫" => DrawKind::NagashiMangan,
            "九種九牌" => DrawKind::NineTerminals,
            "四家立直" => DrawKind::FourRiichi,
            "三家和了" => DrawKind::TripleRon,
            "四槓散了" => DrawKind::FourKans,
            "四風連打" => DrawKind::FourWinds,
            other => return Err(cx.err(format!("unknown result {other:?}"))),
        };
        let mut shown: [Option<Vec<TileId>>; 4] = Default::default();
        // A nagashi mangan pays no tenpai money, so the deltas do not say whose hand
        // was shown: the hands in tenpai are.
        if dk == DrawKind::NagashiMangan {
            for s in 0..cx.n {
                if tenpai(&hands[s]) {
                    let mut h = hands[s].clone();
                    h.sort();
                    shown[s] = Some(h);
                }
            }
        }
        if dk == DrawKind::NineTerminals {
            shown[cur] = Some(hands[cur].clone());
        }
        // Four riichi: every hand is shown; three players ron: theirs.
        if dk == DrawKind::FourRiichi || dk == DrawKind::TripleRon {
            for s in 0..cx.n {
                if dk == DrawKind::FourRiichi || last_discard.map(|d| d.0) != Some(s) {
                    let mut h = hands[s].clone();
                    h.sort();
                    shown[s] = Some(h);
                }
            }
        }
        // At an exhaustive draw the hands in tenpai are shown: every hand (全員聴牌),
        // none (全員不聴), else those paid for being in tenpai.
        if dk == DrawKind::Exhaustive {
            for s in 0..cx.n {
                let tenpai = match kind {
                    "全員聴牌" => true,
                    "全員不聴" => false,
                    _ => deltas[s] > 0,
                };
                if tenpai {
                    let mut h = hands[s].clone();
                    h.sort();
                    shown[s] = Some(h);
                }
            }
        }
        out.push(Event::Ryuukyoku(Box::new(DrawRecord { kind: dk, deltas, shown })));
    }
    Ok(())
}

/// Whether a concealed hand (13 tiles less three a meld) is one tile from a win.
fn tenpai(hand: &[TileId]) -> bool {
    let mut counts = [0u8; 34];
    for t in hand {
        counts[t.tile().index()] += 1;
    }
    hand.len() % 3 == 1 && crate::shanten::shanten(&counts, hand.len() / 3) == 0
}

/// Han, fu, points and limit from a result text such as "30符4飜7700点",
/// "満貫2000-4000点" or "40符満貫8000点" and the yaku entries "立直(1飜)".
fn parse_value(text: &str, info: &[Value]) -> std::result::Result<(u32, u32, i32, u8), String> {
    let limit = LIMITS.iter().rev().find(|(k, _)| text.contains(k)).map(|x| x.1).unwrap_or(0);
    // The digits just before `mark`, at most `max` (no game holds more).
    let num_before = |s: &str, mark: char, what: &str, max: u32| -> std::result::Result<Option<u32>, String> {
        let Some(i) = s.find(mark) else { return Ok(None) };
        let digits: String =
            s[..i].chars().rev().take_while(|c| c.is_ascii_digit()).collect::<Vec<_>>().into_iter().rev().collect();
        if digits.is_empty() {
            return Ok(None);
        }
        match digits.parse::<u32>() {
            Ok(v) if v <= max => Ok(Some(v)),
            _ => Err(format!("{what} {digits} in {s:?} is more than {max}")),
        }
    };
    let fu = num_before(text, '符', "fu", 1000)?.unwrap_or(0);
    // The han the text states ("40符2飜"), else the sum of the yaku entries (limit
    // hands state none; yaku under names this crate does not know still count).
    let mut han = 0u32;
    for y in info.iter().skip(4) {
        if let Some(s) = y.as_str() {
            if let Some(h) = num_before(s, '飜', "han", 1000)? {
                han = han.saturating_add(h);
            }
        }
    }
    let han = num_before(text, '飜', "han", 1000)?.unwrap_or(han);
    // The points: the digits (and a '-' between a tsumo's two payments) just before 点.
    let body = text.split('点').next().unwrap_or("");
    let tail: String = body.chars().rev().take_while(|c| c.is_ascii_digit() || *c == '-').collect();
    let tail: String = tail.chars().rev().collect();
    let too_big = || format!("points {tail:?} in {text:?} do not fit 32 bits");
    let nums: Vec<i64> = tail
        .split('-')
        .filter(|x| !x.is_empty())
        .map(|x| x.parse().map_err(|_| too_big()))
        .collect::<std::result::Result<_, _>>()?;
    let points = match nums.as_slice() {
        [a, b] => a.checked_mul(2).and_then(|a| a.checked_add(*b)),
        [a] if text.contains('∀') => a.checked_mul(3),
        [a] => Some(*a),
        _ => Some(0),
    };
    let points = points.and_then(|p| i32::try_from(p).ok()).ok_or_else(too_big)?;
    Ok((han, fu, points, limit))
}

/// Limit names and Tenhou's limit codes (数え役満 also reads as 役満).
pub const LIMITS: [(&str, u8); 5] = [("満貫", 1), ("跳満", 2), ("倍満", 3), ("三倍満", 4), ("役満", 5)];

/// Tenhou yaku ids from the yaku entries ("立直(1飜)", "国士無双(役満)") whose
/// names this crate knows (riichi::yaku's Japanese names); others are left out.
fn yaku_of(info: &[Value]) -> (Vec<(u32, u32)>, Vec<u32>) {
    let (mut yaku, mut yakuman) = (Vec::new(), Vec::new());
    for y in info.iter().skip(4).filter_map(|v| v.as_str()) {
        let Some((name, rest)) = y.split_once('(') else { continue };
        let Some(id) = crate::riichi::yaku::YAKU_INFO.iter().position(|i| i.japanese == name) else { continue };
        if rest == "役満)" {
            yakuman.push(id as u32);
        } else if let Some(h) = rest.strip_suffix("飜)").and_then(|h| h.parse::<u32>().ok()) {
            yaku.push((id as u32, h));
        }
    }
    (yaku, yakuman)
}
