//! Yaku names in mjai streams: the `hora` event's `yaku` as `[name, han]` pairs.
//!
//! mjai names its yaku (`reach`, `tanyaochu`, `menzenchin_tsumoho`, ...) where this
//! crate's events carry Tenhou's ids. The names are mjai's own vocabulary; its three
//! coarse names stand for several Tenhou ids and are told apart by the win itself:
//! `jikaze` is the winner's seat wind, `bakaze` the round's wind, and the k-th
//! `sangenpai` (han 1 each; mjai also writes one entry of han n) the k-th dragon
//! (white, green, red) the winner holds as a triplet or kan. Yaku mjai has no name
//! for (renhou, the double yakuman forms, local yaku) are written by this crate's
//! keys ([`YAKU_INFO`]), and so is a coarse yaku the win does not explain (an edited
//! record's seat wind of another seat): the writer writes a coarse name only when
//! the reader resolves it back to the same id. RiichiEnv's reader takes any name
//! (it recomputes the yaku); the reader here takes mjai's names, this crate's keys
//! and the Tenhou ids earlier versions of the writer wrote.

use super::event::Event;
use crate::hand::MeldKind;
use crate::riichi::yaku::{N_YAKU, YAKU_INFO};
use crate::tile::TileId;

/// mjai's name of each Tenhou yaku id; `None`: mjai has none (the key is written).
const MJAI_NAMES: [Option<&str>; N_YAKU] = {
    let mut n: [Option<&str>; N_YAKU] = [None; N_YAKU];
    let named: [(usize, &str); 50] = [
        (0, "menzenchin_tsumoho"),
        (1, "reach"),
        (2, "ippatsu"),
        (3, "chankan"),
        (4, "rinshankaiho"),
        (5, "haiteiraoyue"),
        (6, "hoteiraoyui"),
        (7, "pinfu"),
        (8, "tanyaochu"),
        (9, "ipeko"),
        (10, "jikaze"),
        (11, "jikaze"),
        (12, "jikaze"),
        (13, "jikaze"),
        (14, "bakaze"),
        (15, "bakaze"),
        (16, "bakaze"),
        (17, "bakaze"),
        (18, "sangenpai"),
        (19, "sangenpai"),
        (20, "sangenpai"),
        (21, "double_reach"),
        (22, "chitoitsu"),
        (23, "honchantaiyao"),
        (24, "ikkitsukan"),
        (25, "sanshokudojun"),
        (26, "sanshokudoko"),
        (27, "sankantsu"),
        (28, "toitoiho"),
        (29, "sananko"),
        (30, "shosangen"),
        (31, "honroto"),
        (32, "ryanpeko"),
        (33, "junchantaiyao"),
        (34, "honiso"),
        (35, "chiniso"),
        (37, "tenho"),
        (38, "chiho"),
        (39, "daisangen"),
        (40, "suanko"),
        (42, "tsuiso"),
        (43, "ryuiso"),
        (44, "chinroto"),
        (45, "churenpoton"),
        (47, "kokushimuso"),
        (49, "daisushi"),
        (50, "shosushi"),
        (51, "sukantsu"),
        (52, "dora"),
        (53, "uradora"),
    ];
    let mut i = 0;
    while i < named.len() {
        n[named[i].0] = Some(named[i].1);
        i += 1;
    }
    n[54] = Some("akadora");
    n
};

/// Tenhou's first seat-wind, round-wind and dragon ids (east, east, white).
const SEAT_WIND: u32 = 10;
const ROUND_WIND: u32 = 14;
const DRAGON: u32 = 18;
/// The tile kind of the white dragon (green and red follow).
const WHITE: usize = 31;

/// What a win tells about its coarse yaku: the winner's seat wind and the round's
/// wind (0-3), and the dragon kinds (0 white, 1 green, 2 red) it holds three or
/// four of, in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinWinds {
    seat_wind: u32,
    round_wind: u32,
    dragons: Vec<u32>,
}

impl WinWinds {
    /// The context of `w`, given the events of the game before it (its hand's
    /// start, calls and a resumed hand's melds are found there).
    pub fn of(before: &[Event], seat: u8, hand: &[TileId], n_players: u8) -> WinWinds {
        let mut held = [0u8; 3];
        for t in hand {
            let k = t.tile().index();
            if k >= WHITE {
                held[k - WHITE] += 1;
            }
        }
        let winner = seat;
        let mut meld_dragons = [false; 3];
        let mut note = |kind: MeldKind, k: usize| {
            if k >= WHITE && kind != MeldKind::Chi {
                meld_dragons[k - WHITE] = true;
            }
        };
        let (mut seat_wind, mut round_wind) = (0, 0);
        for e in before.iter().rev() {
            match e {
                Event::Call { seat, meld } if *seat == winner => note(meld.kind, meld.tiles[0].tile().index()),
                Event::RoundStart(r) => {
                    let n = if n_players == 3 { 3 } else { 4 };
                    seat_wind = u32::from((winner % 4 + 4 - r.dealer % 4) % 4) % n;
                    round_wind = u32::from(r.wind % 4);
                    if let Some(t) = &r.resumed {
                        for m in &t.melds[winner as usize % 4] {
                            note(m.kind, m.tiles[0].tile().index());
                        }
                    }
                    break;
                }
                _ => {}
            }
        }
        let dragons = (0..3).filter(|&d| held[d] >= 3 || meld_dragons[d]).map(|d| d as u32).collect();
        WinWinds { seat_wind, round_wind, dragons }
    }

    /// The id a coarse name stands for; `nth` counts the `sangenpai` entries before.
    fn resolve(&self, name: &str, nth: usize) -> Option<u32> {
        match name {
            "jikaze" => Some(SEAT_WIND + self.seat_wind),
            "bakaze" => Some(ROUND_WIND + self.round_wind),
            "sangenpai" => self.dragons.get(nth).map(|d| DRAGON + d),
            _ => None,
        }
    }
}

/// A win's yaku as mjai `[name, han]` pairs (see the module documentation).
pub fn yaku_pairs(yaku: &[(u32, u32)], ctx: &WinWinds) -> Vec<(String, u32)> {
    let mut nth = 0;
    yaku.iter()
        .map(|&(id, han)| {
            let mjai = MJAI_NAMES.get(id as usize).copied().flatten();
            let name = match mjai {
                Some(n @ "sangenpai") if han == 1 && ctx.resolve(n, nth) == Some(id) => {
                    nth += 1;
                    n.to_string()
                }
                Some("sangenpai") => YAKU_INFO[id as usize].key.to_string(),
                Some(n) if ctx.resolve(n, nth).is_none_or(|r| r == id) => n.to_string(),
                Some(_) => YAKU_INFO[id as usize].key.to_string(),
                // Ids past this crate's table (an edited record) stay numbers in text.
                None => YAKU_INFO.get(id as usize).map_or_else(|| id.to_string(), |i| i.key.to_string()),
            };
            (name, han)
        })
        .collect()
}

/// A yaku name read back: an mjai name, a key of this crate, or an id in text.
fn id_of_name(name: &str) -> Option<u32> {
    if let Some(i) = MJAI_NAMES.iter().position(|n| *n == Some(name)) {
        return Some(i as u32);
    }
    if let Some(i) = YAKU_INFO.iter().position(|y| y.key == name) {
        return Some(i as u32);
    }
    name.parse().ok()
}

/// Whether a Tenhou id is a yakuman: mjai lists yakuman among the yaku (han 100),
/// Tenhou and this crate's events in a list of their own.
pub fn is_yakuman(id: u32) -> bool {
    (37..52).contains(&id) || (55..59).contains(&id)
}

/// A standard-form entry read back: the ids it stands for with their han. mjai's
/// `sangenpai` of han n stands for n dragons; a coarse name the win does not
/// explain (no such dragon held) is refused.
pub fn read_pair(name: &str, han: u32, ctx: &WinWinds, nth: &mut usize) -> Result<Vec<(u32, u32)>, String> {
    if name == "sangenpai" {
        let n = han.max(1) as usize;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let id = ctx.resolve(name, *nth).ok_or_else(|| {
                format!(
                    "yaku sangenpai names {} dragons, the winner holds {} as a triplet",
                    *nth + 1,
                    ctx.dragons.len()
                )
            })?;
            *nth += 1;
            out.push((id, if han == 0 { 0 } else { 1 }));
        }
        return Ok(out);
    }
    if let Some(id) = ctx.resolve(name, *nth) {
        return Ok(vec![(id, han)]);
    }
    id_of_name(name).map(|id| vec![(id, han)]).ok_or_else(|| format!("unknown yaku {name:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_id() {
        // Names and keys are one vocabulary: no name of one id is another id's key.
        for id in 0..N_YAKU as u32 {
            let key = YAKU_INFO[id as usize].key;
            assert_eq!(id_of_name(key), Some(id), "{key}");
            if let Some(n) = MJAI_NAMES[id as usize] {
                if !matches!(n, "jikaze" | "bakaze" | "sangenpai") {
                    assert_eq!(id_of_name(n), Some(id), "{n}");
                }
            }
        }
    }

    #[test]
    fn coarse_names_are_written_only_where_they_read_back() {
        let ctx = WinWinds { seat_wind: 1, round_wind: 0, dragons: vec![0, 2] };
        let yaku = [(1, 1), (11, 1), (12, 1), (14, 1), (18, 1), (19, 1), (20, 1), (41, 26)];
        let pairs = yaku_pairs(&yaku, &ctx);
        let names: Vec<&str> = pairs.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(
            names,
            ["reach", "jikaze", "seat_wind_west", "bakaze", "sangenpai", "hatsu", "sangenpai", "suuankou_tanki"]
        );
        let mut nth = 0;
        let back: Vec<(u32, u32)> =
            pairs.iter().flat_map(|(n, h)| read_pair(n, *h, &ctx, &mut nth).expect("reads")).collect();
        assert_eq!(back, yaku);
        // mjai's one entry for two dragons.
        let mut nth = 0;
        assert_eq!(read_pair("sangenpai", 2, &ctx, &mut nth), Ok(vec![(18, 1), (20, 1)]));
        assert!(read_pair("sangenpai", 1, &ctx, &mut nth).is_err());
        assert!(read_pair("no_such_yaku", 1, &ctx, &mut 0).is_err());
    }

    /// A hand of one stream: seat 0 (the dealer, East in East) holds white and red
    /// triplets and draws the East wind; then `end` (a hora or a ryukyoku).
    fn stream(end: &str) -> String {
        let hand = r#"["P","P","P","C","C","C","1m","2m","3m","4p","5p","6p","E"]"#;
        let other = r#"["1s","1s","2s","2s","3s","3s","4s","4s","6s","6s","7s","7s","9s"]"#;
        format!(
            "{{\"type\":\"start_game\"}}\n{{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,\
             \"oya\":0,\"dora_marker\":\"9p\",\"scores\":[25000,25000,25000,25000],\"tehais\":[{hand},{other},{other},{other}]}}\n\
             {{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"E\"}}\n{end}\n{{\"type\":\"end_kyoku\"}}\n"
        )
    }

    fn win(end: &str) -> (Vec<(u32, u32)>, Vec<u32>) {
        let games = super::super::mjai::parse(&stream(end), "t.jsonl").expect("reads");
        match games[0].events.iter().find(|e| matches!(e, Event::Win(_))) {
            Some(Event::Win(w)) => (w.yaku.clone(), w.yakuman.clone()),
            _ => panic!("no win"),
        }
    }

    #[test]
    fn the_standard_form_and_the_old_one_are_read() {
        // mjai's own form: `yakus`, coarse names, one sangenpai of han 2.
        let (yaku, yakuman) = win(
            r#"{"type":"hora","actor":0,"target":0,"pai":"E","yakus":[["menzenchin_tsumoho",1],["jikaze",1],["bakaze",1],["sangenpai",2]]}"#,
        );
        assert_eq!(yaku, [(0, 1), (10, 1), (14, 1), (18, 1), (20, 1)]);
        assert!(yakuman.is_empty());
        // RiichiEnv's key; a yakuman among the yaku goes to the yakuman list.
        let (yaku, yakuman) = win(r#"{"type":"hora","actor":0,"target":0,"yaku":[["reach",1],["daisangen",100]]}"#);
        assert_eq!((yaku, yakuman), (vec![(1, 1)], vec![39]));
        // This crate's writer before: Tenhou ids.
        let (yaku, _) = win(r#"{"type":"hora","actor":0,"target":0,"yaku":[[0,1],[18,1]],"yakuman":[]}"#);
        assert_eq!(yaku, [(0, 1), (18, 1)]);
        // A third dragon the hand does not hold, an unknown name, a bad pair: refused
        // naming the line.
        for bad in [r#"[["sangenpai",3]]"#, r#"[["no_such_yaku",1]]"#, r#"[["reach"]]"#] {
            let e = super::super::mjai::parse(
                &stream(&format!(r#"{{"type":"hora","actor":0,"target":0,"yaku":{bad}}}"#)),
                "t.jsonl",
            )
            .expect_err(bad);
            assert!(e.message().contains("t.jsonl: line 4:"), "{}", e.message());
        }
    }

    #[test]
    fn yakuman_among_the_yaku_and_the_han_under_both_keys() {
        let read = |end: &str| super::super::mjai::parse(&stream(end), "t.jsonl");
        let han_of = |end: &str| match read(end).expect("reads")[0].events.iter().find(|e| matches!(e, Event::Win(_))) {
            Some(Event::Win(w)) => (w.han, w.yakuman.clone()),
            _ => panic!("no win"),
        };
        // This writer's form: yakuman in the yaku at 13 han and apart as ids, the
        // han as both `han` and `fan`; RiichiEnv's `han` alone; mjai's `fan` alone.
        let ours = r#"{"type":"hora","actor":0,"target":0,"han":0,"fan":0,"yaku":[["daisangen",13]],"yakuman":[39]}"#;
        assert_eq!(han_of(ours), (0, vec![39]));
        assert_eq!(han_of(r#"{"type":"hora","actor":0,"target":0,"han":3,"yaku":[]}"#).0, 3);
        assert_eq!(han_of(r#"{"type":"hora","actor":0,"target":0,"fan":2,"yaku":[]}"#).0, 2);
        // The two lists must agree, and so must the two han.
        let e = read(r#"{"type":"hora","actor":0,"target":0,"yaku":[["daisangen",13]],"yakuman":[40]}"#)
            .expect_err("yakuman differ");
        assert!(e.message().contains("line 4: the yakuman among the yaku ([39])"), "{}", e.message());
        // An id of the other kind (this crate's old Tenhou-id form, or the list apart)
        // is refused as the mjlog and tenhou.net/6 readers refuse it.
        let e = read(r#"{"type":"hora","actor":0,"target":0,"yaku":[[38,1]],"yakuman":[]}"#).expect_err("yakuman id");
        assert!(e.message().contains("line 4: yaku id 38 is a yakuman"), "{}", e.message());
        let e = read(r#"{"type":"hora","actor":0,"target":0,"yaku":[],"yakuman":[8]}"#).expect_err("ordinary id");
        assert!(e.message().contains("line 4: yakuman id 8 is not a yakuman"), "{}", e.message());
        let e = read(r#"{"type":"hora","actor":0,"target":0,"han":3,"fan":2}"#).expect_err("han differ");
        assert!(e.message().contains("line 4: han and fan differ"), "{}", e.message());
    }

    #[test]
    fn hidden_hands_at_a_draw_are_not_shown() {
        let shown = |end: &str| {
            let games = super::super::mjai::parse(&stream(end), "t.jsonl").expect("reads");
            match games[0].events.iter().find(|e| matches!(e, Event::Ryuukyoku(_))) {
                Some(Event::Ryuukyoku(d)) => d.shown.clone().map(|h| h.map(|h| h.len())),
                _ => panic!("no draw"),
            }
        };
        let other = r#"["1s","1s","2s","2s","3s","3s","4s","4s","6s","6s","7s","7s","9s"]"#;
        // mjai's "?" tiles and this crate's former null; an empty list is an empty hand.
        let q = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
        assert_eq!(
            shown(&format!(r#"{{"type":"ryukyoku","tehais":[{q},{other},["?"],[]]}}"#)),
            [None, Some(13), None, Some(0)]
        );
        assert_eq!(
            shown(&format!(r#"{{"type":"ryukyoku","tehais":[null,{other},null,null]}}"#)),
            [None, Some(13), None, None]
        );
    }
}
