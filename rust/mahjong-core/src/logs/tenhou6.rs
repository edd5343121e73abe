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
//!
//! This crate's extension (docs/tenhou6_extensions.md) is read too: with
//! `"hidden_tiles": true`, code 0 is an unseen tile in a deal or a draw (named when
//! it leaves the hand) and `"t35"` the tsumogiri of an unseen draw; a three-player
//! table's empty seat is the one dealt `[]`; the hand's note (tenhou6_note.rs) gives
//! the dealer, wins and shown hands the play does not lead to, and a resumed hand.

use super::event::*;
use super::ids::IdPool;
use super::numbers;
use super::tenhou6_note::{HandNote, ResumedNote};
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
    /// A three-player table's empty seat (3 in Tenhou's own files).
    empty: Option<usize>,
    /// The file notes tiles unseen by its logging client (`"hidden_tiles": true`):
    /// tile code 0 in deals and draws, `"t35"` for a tsumogiri of an unseen draw.
    hidden: bool,
    /// Refuse a win or draw whose shown hand the play does not tell (unseen tiles)
    /// and the note does not give; otherwise show the tiles known (used by the
    /// writer to find what its note must give).
    strict: bool,
}

impl Ctx<'_> {
    fn err(&self, why: impl std::fmt::Display) -> Error {
        Error::LogParse(format!("{}: hand {}: {why}", self.source, self.hand_no + 1))
    }

    /// Whether `s` is a seat someone plays at.
    fn occupied(&self, s: usize) -> bool {
        s < 4 && Some(s) != self.empty
    }

    /// The seats at the table, in order.
    fn seats(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).filter(|&s| self.occupied(s))
    }

    /// The seat after `s` in the order of play.
    fn next(&self, s: usize) -> usize {
        let mut t = (s + 1) % 4;
        while !self.occupied(t) {
            t = (t + 1) % 4;
        }
        t
    }

    /// The seats as a message names them.
    fn seat_names(&self) -> String {
        match self.empty {
            None => "0-3".into(),
            Some(3) => "0-2".into(),
            Some(_) => self.seats().map(|s| s.to_string()).collect::<Vec<_>>().join(", "),
        }
    }
}

/// What a seat holds while a hand is rebuilt: the tiles the file names, and how
/// many it does not (unseen by a client log's writer).
#[derive(Clone, Default)]
struct Held {
    known: Vec<TileId>,
    unseen: usize,
}

/// The tile of `c` taken from `held`: a known tile of that kind, else one of its
/// unseen tiles (which the code now names: a fresh copy of it).
fn take(held: &mut Held, pool: &mut IdPool, c: i64, aka: bool, cx: &Ctx) -> Result<TileId> {
    let (k, red) = code_kind(c).ok_or_else(|| cx.err(format!("tile code {c}")))?;
    if let Some(pos) = held.known.iter().position(|t| t.tile().index() == k && (t.is_red() == red || !aka)) {
        return Ok(held.known.remove(pos));
    }
    if held.unseen == 0 {
        return Err(cx.err(format!("tile code {c} is not in the hand")));
    }
    held.unseen -= 1;
    pool.fresh(k, red).ok_or_else(|| cx.err(format!("a fifth copy of tile code {c}")))
}

/// Ids for the tiles a note names: each the same tile among `prefer` (tiles the
/// seat holds, the winning tile) when there is one, else a fresh copy, else (a
/// record naming a tile more often than it exists) a used one.
fn ids_like(codes: &[i64], prefer: &[TileId], pool: &mut IdPool, aka: bool, cx: &Ctx) -> Result<Vec<TileId>> {
    let mut free = prefer.to_vec();
    let mut out = Vec::with_capacity(codes.len());
    for &c in codes {
        let (k, red) = code_kind(c).ok_or_else(|| cx.err(format!("note: tile code {c}")))?;
        match free.iter().position(|t| t.tile().index() == k && (t.is_red() == red || !aka)) {
            Some(i) => out.push(free.remove(i)),
            // A hand-edited record may name a tile more often than it exists.
            None => out.push(
                pool.fresh(k, red)
                    .or_else(|| pool.any(k, red))
                    .ok_or_else(|| cx.err(format!("note: tile code {c}")))?,
            ),
        }
    }
    Ok(out)
}

/// The empty seat of a three-player hand: the one seat dealt nothing (3 when that
/// is not exactly one seat; the deal check then names what is wrong).
fn empty_seat(round: &Value, n: usize) -> Option<usize> {
    if n != 3 {
        return None;
    }
    let empty: Vec<usize> =
        (0..4).filter(|&s| round.get(4 + 3 * s).and_then(|h| h.as_array()).is_some_and(|h| h.is_empty())).collect();
    Some(if empty.len() == 1 { empty[0] } else { 3 })
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
    /// `unseen_draw`: a tsumogiri of a draw the file does not name (`"t35"`).
    Discard {
        code: i64,
        riichi: bool,
        unseen_draw: bool,
    },
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
                Some(Give::Discard { code: c, riichi: false, unseen_draw: false })
            }
        }
        Value::String(s) => {
            let (riichi, rest) = match s.strip_prefix('r') {
                Some(rest) => (true, rest),
                None => (false, s.as_str()),
            };
            match rest.strip_prefix('t') {
                Some(c) => Some(Give::Discard { code: c.parse().ok()?, riichi, unseen_draw: true }),
                None if riichi => Some(Give::Discard { code: rest.parse().ok()?, riichi, unseen_draw: false }),
                None => Some(Give::Kan(s.clone())),
            }
        }
        _ => None,
    }
}

/// Parse a tenhou.net/6 JSON game.
pub fn parse(text: &str, source: &str) -> Result<GameLog> {
    parse_with(text, source, true).map(|g| g.0)
}

/// Parse a tenhou.net/6 JSON game; not `strict`, a win or draw whose shown hand the
/// play does not tell (unseen tiles) and the note does not give shows the tiles
/// known, and the indexes of those events are returned beside the game (the writer
/// notes what they show).
pub(crate) fn parse_with(text: &str, source: &str, strict: bool) -> Result<(GameLog, Vec<usize>)> {
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
    let n_players = if disp.contains('三') || first_deal_empty(log) { 3 } else { 4 };
    rules.sanma = n_players == 3;
    let hidden = match v.get("hidden_tiles") {
        None => false,
        Some(b) => {
            b.as_bool().ok_or_else(|| Error::LogParse(format!("{source}: hidden_tiles {b} is not true or false")))?
        }
    };
    let mut game =
        GameLog { source: source.to_string(), rules, names, n_players, hidden_tiles: hidden, ..GameLog::default() };
    let mut guessed = Vec::new();
    for (h, round) in log.iter().enumerate() {
        let n = n_players as usize;
        let cx = Ctx { source, hand_no: h, n, empty: empty_seat(round, n), hidden, strict };
        parse_round(round, &cx, aka, &mut game.events, &mut guessed)?;
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
    Ok((game, guessed))
}

/// A log whose first hand deals a seat nothing is a three-player log even when its
/// rule name does not say so (Tenhou's files leave the fourth seat empty; a client
/// log's seats, counted from the client, can leave any seat empty).
fn first_deal_empty(log: &[Value]) -> bool {
    log.first()
        .is_some_and(|r| (0..4).any(|s| r.get(4 + 3 * s).and_then(|h| h.as_array()).is_some_and(|h| h.is_empty())))
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
fn parse_round(round: &Value, cx: &Ctx, aka: bool, out: &mut Vec<Event>, guessed: &mut Vec<usize>) -> Result<()> {
    let mut skip: Vec<usize> = Vec::new();
    let mut first_err = None;
    for _ in 0..256 {
        let mut events = Vec::new();
        let mut taken = Vec::new();
        let mut here = Vec::new();
        match play_round(round, cx, aka, &skip, &mut taken, &mut events, &mut here) {
            Ok(()) => {
                guessed.extend(here.into_iter().map(|i| i + out.len()));
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
    guessed: &mut Vec<usize>,
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
    // What tenhou.net/6 has no place for (this crate's writer notes it: see
    // tenhou6_note.rs).
    let note = HandNote::parse(r.get(17)).map_err(|e| cx.err(format!("note: {e}")))?;
    let mut pool = IdPool::new(aka);
    let id = |pool: &mut IdPool, c: i64| -> Result<TileId> {
        let (k, red) = code_kind(c).ok_or_else(|| cx.err(format!("tile code {c}")))?;
        pool.fresh(k, red).ok_or_else(|| cx.err(format!("a fifth copy of tile code {c}")))
    };
    let dealer = match note.dealer {
        Some(d) => d,
        None => (head[0] % 4) as u8,
    };
    if !cx.occupied(dealer as usize) {
        return Err(cx.err(format!("dealer seat {dealer} of a {}-player game (seats {})", cx.n, cx.seat_names())));
    }
    // A hand joined mid-way: the table as it stood (melds, norths, rivers, riichi).
    let resumed = match &note.resumed {
        None => None,
        Some(rn) => Some(resumed_table(rn, cx, &mut pool)?),
    };
    let mut hands: [Held; 4] = Default::default();
    let mut dealt = [[None; 13]; 4];
    let mut takes: Vec<&Vec<Value>> = Vec::new();
    let mut gives: Vec<&Vec<Value>> = Vec::new();
    for s in 0..4 {
        let hai = ints(&r[4 + 3 * s], cx, "dealt hand")?;
        // A resumed hand holds three tiles fewer per meld.
        let melded = resumed.as_ref().map_or(0, |t| 3 * t.melds[s].len().min(4));
        let dealt_n = if cx.occupied(s) { 13 - melded } else { 0 };
        if hai.len() != dealt_n {
            return Err(cx.err(format!("seat {s} is dealt {} tiles, not {dealt_n}", hai.len())));
        }
        for (k, &c) in hai.iter().enumerate() {
            if c == 0 && cx.hidden {
                hands[s].unseen += 1;
                continue;
            }
            let t = id(&mut pool, c)?;
            hands[s].known.push(t);
            dealt[s][k] = Some(t);
        }
        takes.push(r[5 + 3 * s].as_array().ok_or_else(|| cx.err("takes is not a list"))?);
        gives.push(r[6 + 3 * s].as_array().ok_or_else(|| cx.err("discards is not a list"))?);
        let idle = takes[s].is_empty() && gives[s].is_empty();
        if !cx.occupied(s) && !idle {
            return Err(cx.err(format!("the empty seat {s} of a three-player table takes or discards tiles")));
        }
    }
    let dora0 = id(&mut pool, *dora_codes.first().ok_or_else(|| cx.err("no dora indicator"))?)?;
    // Seats in riichi: declared before the log joined the hand, or in its play.
    let mut in_riichi = [false; 4];
    let mut cur = dealer as usize;
    if let Some(t) = &resumed {
        for s in 0..4 {
            in_riichi[s] = t.riichi[s].is_some();
        }
        let next = note.resumed.as_ref().map_or(0, |n| n.next) as usize;
        if !cx.occupied(next) {
            return Err(cx.err(format!("note: resumed.next {next} is not a seat {}", cx.seat_names())));
        }
        cur = next;
    }
    let resumed_melds: [Vec<LogMeld>; 4] = resumed.as_ref().map(|t| t.melds.clone()).unwrap_or_default();
    out.push(Event::RoundStart(Box::new(RoundStart {
        wind: (head[0] / 4) as u8,
        number: (head[0] % 4) as u8,
        honba: head[1] as u8,
        sticks: head[2] as u8,
        dealer,
        scores,
        dora_indicator: dora0,
        hands: dealt,
        resumed: resumed.map(Box::new),
    })));
    let mut ti = [0usize; 4];
    let mut gi = [0usize; 4];
    let mut kan_doras = dora_codes.iter().skip(1);
    // Tenhou flips a closed kan's dora at once, an open or added kan's when the
    // replacement tile is discarded (just before the discard) or after the next kan.
    let mut pending_dora: Option<TileId> = None;
    // Older records flip it at once (noted by this crate's writer in the hand's note).
    let at_once = note.kan_dora_at_once;
    let mut last_discard: Option<(usize, TileId)> = None;
    let mut last_draw: Option<TileId> = None;
    // The seat's last draw is one the file does not name (tile code 0).
    let mut drew_unseen = false;
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
            if c == 0 && cx.hidden {
                hands[cur].unseen += 1;
                last_draw = None;
                drew_unseen = true;
                out.push(Event::Draw { seat: cur as u8, tile: None });
            } else {
                let t = id(&mut pool, c)?;
                hands[cur].known.push(t);
                last_draw = Some(t);
                drew_unseen = false;
                out.push(Event::Draw { seat: cur as u8, tile: Some(t) });
            }
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
                            tiles[i] = take(&mut hands[cur], &mut pool, c, aka, cx)?;
                        }
                        tiles.sort();
                        LogMeld { kind: MeldKind::Ankan, tiles, called: tiles[0], from: cur as u8 }
                    }
                    'k' => {
                        // The code right after `k` is the added tile; `k`'s place tells
                        // where the pon came from.
                        let added_code = *codes.get(pos / 2).ok_or_else(|| cx.err(format!("bad kakan {s:?}")))?;
                        let added = take(&mut hands[cur], &mut pool, added_code, aka, cx)?;
                        let k = added.tile().index();
                        let is_pon = |meld: &LogMeld| meld.kind == MeldKind::Pon && meld.tiles[0].tile().index() == k;
                        // The pon: called in this hand, or before the log joined it.
                        let pon = out
                            .iter()
                            .rev()
                            .find_map(|e| match e {
                                Event::Call { seat, meld } if *seat as usize == cur && is_pon(meld) => Some(*meld),
                                _ => None,
                            })
                            .or_else(|| resumed_melds[cur].iter().rev().find(|m| is_pon(m)).copied());
                        let pon = pon.ok_or_else(|| cx.err(format!("kakan {s:?} without a pon")))?;
                        let mut tiles = [pon.tiles[0], pon.tiles[1], pon.tiles[2], added];
                        tiles.sort();
                        LogMeld { kind: MeldKind::Kakan, tiles, called: added, from: pon.from }
                    }
                    // Three players: a north pulled aside (`f44`), then a replacement draw.
                    'f' if cx.n == 3 && codes == [44] => {
                        let tile = take(&mut hands[cur], &mut pool, 44, aka, cx)?;
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
            Give::Discard { code, riichi, unseen_draw } => {
                let t = if unseen_draw {
                    // A tsumogiri of a draw the file does not name: the code names it.
                    if !cx.hidden {
                        return Err(
                            cx.err(format!("{gv} (a tsumogiri of an unseen draw) in a file without hidden_tiles"))
                        );
                    }
                    if !drew_unseen || hands[cur].unseen == 0 {
                        return Err(cx.err(format!("{gv}: seat {cur}'s last draw is not an unseen one")));
                    }
                    hands[cur].unseen -= 1;
                    let (k, red) = code_kind(code).ok_or_else(|| cx.err(format!("tile code {code}")))?;
                    pool.fresh(k, red).ok_or_else(|| cx.err(format!("a fifth copy of tile code {code}")))?
                } else if code == 60 {
                    let t = last_draw.ok_or_else(|| cx.err("tsumogiri without a draw"))?;
                    let pos = hands[cur]
                        .known
                        .iter()
                        .position(|&x| x == t)
                        .ok_or_else(|| cx.err("tsumogiri tile not in hand"))?;
                    hands[cur].known.remove(pos);
                    t
                } else {
                    take(&mut hands[cur], &mut pool, code, aka, cx)?
                };
                if let Some(d) = pending_dora.take() {
                    out.push(Event::Dora { indicator: d });
                }
                if riichi {
                    out.push(Event::Riichi { seat: cur as u8 });
                    in_riichi[cur] = true;
                }
                out.push(Event::Discard { seat: cur as u8, tile: t, tsumogiri: unseen_draw || Some(t) == last_draw });
                last_draw = None;
                drew_unseen = false;
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
            let mut s = from;
            for i in 1..cx.n {
                s = cx.next(s);
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
                    tiles[n] = take(&mut hands[s], &mut pool, c, aka, cx)?;
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
                cur = cx.next(from);
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
    // A seat's concealed tiles as shown at the end, sorted: refused (strict) when
    // some are unseen and the note does not show them.
    // Not strict, such a hand shows the known tiles only (fewer than it holds, so
    // never what a record shows) and its event is listed in `guessed`.
    let guess = std::cell::Cell::new(false);
    let show = |s: usize, what: &str| -> Result<Vec<TileId>> {
        if hands[s].unseen > 0 {
            if cx.strict {
                return Err(cx.err(format!(
                    "{what}: seat {s}'s hand holds {} unseen tiles and the note does not show them",
                    hands[s].unseen
                )));
            }
            guess.set(true);
        }
        let mut h = hands[s].known.clone();
        h.sort();
        Ok(h)
    };
    let kind = res.first().and_then(|x| x.as_str()).unwrap_or("");
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
        let mut win_no = 0;
        while i + 1 < res.len() {
            let deltas = res[i].as_array().ok_or_else(|| cx.err("score changes is not a list"))?;
            let deltas = numbers::seat_points(deltas, "score changes", 0).map_err(|e| cx.err(e))?;
            let info = res[i + 1].as_array().ok_or_else(|| cx.err("win info is not a list"))?;
            i += 2;
            let wn = note.wins.get(win_no).cloned().flatten().unwrap_or_default();
            win_no += 1;
            let seat = |i: usize, what: &str| -> Result<Option<usize>> {
                match info.get(i) {
                    None => Ok(None),
                    Some(x) => match x.as_i64() {
                        Some(v) if (0..4).contains(&v) && cx.occupied(v as usize) => Ok(Some(v as usize)),
                        _ => Err(cx.err(format!("win info: {what} {x} is not a seat {}", cx.seat_names()))),
                    },
                }
            };
            let who = seat(0, "winner")?.unwrap_or(0);
            let from = seat(1, "discarder")?.unwrap_or(0);
            let pao = seat(2, "liable player")?.filter(|&p| p != who);
            let text = info.get(3).and_then(|x| x.as_str()).unwrap_or("");
            // Robbing a kan: the tile won on is the one added, not the last discard.
            let robbed = match out.iter().rev().find(|e| !matches!(e, Event::Win(_))) {
                Some(Event::Call { seat, meld }) if meld.kind == MeldKind::Kakan && *seat as usize != who => {
                    Some(meld.called)
                }
                _ => None,
            };
            let mut win_tile = if who == from {
                last_draw.or_else(|| hands[who].known.last().copied())
            } else {
                robbed.or(last_discard.map(|x| x.1))
            };
            if let Some(t) = &wn.tile {
                let prefer: Vec<TileId> = win_tile.into_iter().chain(hands[who].known.iter().copied()).collect();
                win_tile = match t {
                    None => None,
                    Some(c) => ids_like(&[*c], &prefer, &mut pool, aka, cx)?.pop(),
                };
            }
            let mut hand = match &wn.hand {
                Some(codes) => {
                    // The winning tile first, so that it keeps its id in the hand.
                    let prefer: Vec<TileId> = win_tile.into_iter().chain(hands[who].known.iter().copied()).collect();
                    ids_like(codes, &prefer, &mut pool, aka, cx)?
                }
                None => {
                    let mut hand = show(who, "win")?;
                    if who != from {
                        hand.extend(win_tile);
                    }
                    hand
                }
            };
            hand.sort();
            if guess.replace(false) {
                guessed.push(out.len());
            }
            let (han, fu, points, limit) = parse_value(text, info).map_err(|e| cx.err(format!("win info: {e}")))?;
            let (yaku, yakuman) = yaku_of(info).map_err(|e| cx.err(format!("win info: {e}")))?;
            let dora_indicators = match &wn.dora {
                Some(codes) => ids_like(codes, &flipped, &mut pool, aka, cx)?,
                None => flipped.clone(),
            };
            let ura_indicators = match &wn.ura {
                Some(codes) => ids_like(codes, &ura_ids, &mut pool, aka, cx)?,
                // Tenhou shows the ura indicators to a winner in riichi only.
                None if in_riichi[who] => ura_ids.clone(),
                None => Vec::new(),
            };
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
                dora_indicators,
                ura_indicators,
                deltas,
                pao: pao.map(|p| p as u8),
            })));
        }
    } else if kind.is_empty() {
        // The record stops before the hand's end: a last riichi discard was cut off
        // before its stick unless this crate's writer noted otherwise (the note's
        // `stick`), which also notes a riichi declared with no discard (`riichi`).
        if let Some(v) = &note.riichi {
            match v.as_u64() {
                Some(seat) if seat < 4 && cx.occupied(seat as usize) => out.push(Event::Riichi { seat: seat as u8 }),
                _ => return Err(cx.err(format!("note: riichi {v} is not a seat {}", cx.seat_names()))),
            }
        } else if matches!(out.last(), Some(Event::RiichiStick { .. })) && !note.stick {
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
        if let Some(noted) = &note.shown {
            // Hands the play does not tell (unseen tiles), as the record shows them.
            for s in 0..4 {
                if let Some(codes) = &noted[s] {
                    let mut h = ids_like(codes, &hands[s].known, &mut pool, aka, cx)?;
                    h.sort();
                    shown[s] = Some(h);
                }
            }
        } else {
            // A nagashi mangan pays no tenpai money, so the deltas do not say whose
            // hand was shown: the hands in tenpai are.
            if dk == DrawKind::NagashiMangan {
                for s in cx.seats() {
                    let h = show(s, "nagashi mangan")?;
                    if hands[s].unseen > 0 || tenpai(&h) {
                        shown[s] = Some(h);
                    }
                }
            }
            if dk == DrawKind::NineTerminals {
                let mut h = show(cur, "nine terminals")?;
                // As the record shows it: in the order held.
                if hands[cur].unseen == 0 {
                    h = hands[cur].known.clone();
                }
                shown[cur] = Some(h);
            }
            // Four riichi: every hand is shown; three players ron: theirs.
            if dk == DrawKind::FourRiichi || dk == DrawKind::TripleRon {
                for s in cx.seats() {
                    if dk == DrawKind::FourRiichi || last_discard.map(|d| d.0) != Some(s) {
                        shown[s] = Some(show(s, "draw")?);
                    }
                }
            }
            // At an exhaustive draw the hands in tenpai are shown: every hand (全員聴牌),
            // none (全員不聴), else those paid for being in tenpai.
            if dk == DrawKind::Exhaustive {
                for s in cx.seats() {
                    let tenpai = match kind {
                        "全員聴牌" => true,
                        "全員不聴" => false,
                        _ => deltas[s] > 0,
                    };
                    if tenpai {
                        shown[s] = Some(show(s, "exhaustive draw")?);
                    }
                }
            }
        }
        if guess.replace(false) {
            guessed.push(out.len());
        }
        out.push(Event::Ryuukyoku(Box::new(DrawRecord { kind: dk, deltas, shown })));
    }
    Ok(())
}

/// The table of a hand the log joins mid-way, from its note.
fn resumed_table(rn: &ResumedNote, cx: &Ctx, pool: &mut IdPool) -> Result<Resumed> {
    let mut t = Resumed::default();
    let fresh = |pool: &mut IdPool, c: i64| -> Result<TileId> {
        let (k, red) = code_kind(c).ok_or_else(|| cx.err(format!("note: resumed: tile code {c}")))?;
        pool.fresh(k, red).ok_or_else(|| cx.err(format!("note: resumed: a fifth copy of tile code {c}")))
    };
    for s in 0..4 {
        let bare = rn.melds[s].is_empty() && rn.norths[s].is_empty() && rn.rivers[s].is_empty();
        if !cx.occupied(s) && !bare {
            return Err(cx.err(format!("note: resumed: the empty seat {s} has melds or discards")));
        }
        if rn.melds[s].len() > 4 {
            return Err(cx.err(format!("note: resumed: seat {s} has {} melds, more than four", rn.melds[s].len())));
        }
        for m in &rn.melds[s] {
            let bad = || cx.err(format!("note: resumed: bad meld {m:?}"));
            let (letter, pos, codes) = parse_call(m).ok_or_else(bad)?;
            let (kind, want) = match letter {
                'c' => (MeldKind::Chi, 3),
                'p' => (MeldKind::Pon, 3),
                'm' => (MeldKind::Daiminkan, 4),
                'k' => (MeldKind::Kakan, 4),
                'a' => (MeldKind::Ankan, 4),
                _ => return Err(bad()),
            };
            if codes.len() != want {
                return Err(bad());
            }
            let ids: Vec<TileId> = codes.iter().map(|&c| fresh(pool, c)).collect::<Result<_>>()?;
            let mut tiles = [ids[0]; 4];
            tiles[..want].copy_from_slice(&ids);
            tiles[..want].sort();
            let rel = match (letter, pos) {
                ('c', _) | (_, 0) => 3,
                (_, 2) => 2,
                _ => 1,
            };
            let (called, from) = match kind {
                MeldKind::Ankan => (tiles[0], s as u8),
                _ => (*ids.get(pos / 2).ok_or_else(bad)?, ((s + rel) % 4) as u8),
            };
            let meld = LogMeld { kind, tiles, called, from };
            if !meld.is_well_formed(s as u8) {
                return Err(bad());
            }
            t.melds[s].push(meld);
        }
        for &c in &rn.norths[s] {
            if c != 44 {
                return Err(cx.err(format!("note: resumed: seat {s} pulls aside {c}, not a north (44)")));
            }
            t.norths[s].push(fresh(pool, c)?);
        }
        if rn.rivers[s].len() > 30 {
            return Err(cx.err(format!("note: resumed: seat {s} has {} discards", rn.rivers[s].len())));
        }
        for &c in &rn.rivers[s] {
            t.rivers[s].push(fresh(pool, c)?);
        }
        if let Some(i) = rn.riichi[s] {
            if i as usize >= t.rivers[s].len() {
                return Err(cx.err(format!("note: resumed: seat {s}'s riichi discard {i} is not in its river")));
            }
        }
        t.riichi[s] = rn.riichi[s];
    }
    Ok(t)
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
/// A known name counted the other way (a yakuman given han, or a yaku given 役満)
/// is refused, naming the entry as written: Tenhou never writes one, and such a win
/// could not be written as the same win (the check every reader asks of a win,
/// [`yaku_kinds_fault`](super::event::yaku_kinds_fault), here per entry).
fn yaku_of(info: &[Value]) -> std::result::Result<super::event::YakuLists, String> {
    let (mut yaku, mut yakuman) = (Vec::new(), Vec::new());
    for y in info.iter().skip(4).filter_map(|v| v.as_str()) {
        let Some((name, rest)) = y.split_once('(') else { continue };
        let Some(id) = crate::riichi::yaku::YAKU_INFO.iter().position(|i| i.japanese == name) else { continue };
        let id = id as u32;
        let is_yakuman = crate::logs::mjai_yaku::is_yakuman(id);
        if rest == "役満)" {
            if !is_yakuman {
                return Err(format!("{y:?}: {name} is a yaku counted in han, not a yakuman"));
            }
            yakuman.push(id);
        } else if let Some(h) = rest.strip_suffix("飜)").and_then(|h| h.parse::<u32>().ok()) {
            if is_yakuman {
                return Err(format!("{y:?}: {name} is a yakuman, not counted in han"));
            }
            yaku.push((id, h));
        }
    }
    Ok((yaku, yakuman))
}
