//! Numbers in a Tenhou log that no real game holds (a negative han, a score that does
//! not fit 32 bits) are refused with a parse error: before, they were summed or
//! multiplied into a panic (a fuzzer's find) or cast into a silently wrong value.

use mahjong_core::error::Error;
use mahjong_core::logs::{parse_text, Format};

const GO_INIT: &str = "Get: <GO type=\"9\" lobby=\"0\"/>\n\
Get: <INIT seed=\"0,0,0,1,2,30\" ten=\"250,250,250,250\" oya=\"0\" hai=\"0,4,8,12,16,20,24,28,32,36,40,44,48\"/>\n";

fn agari(yaku: &str, ten: &str, sc: &str) -> String {
    format!(
        "{GO_INIT}Get: <AGARI ba=\"0,0\" hai=\"0,4,8,12,16,20,24,28,32,36,40,44,48,52\" machi=\"52\" \
         ten=\"{ten}\" yaku=\"{yaku}\" doraHai=\"30\" who=\"0\" fromWho=\"0\" sc=\"{sc}\"/>\n"
    )
}

fn refused(text: &str, says: &str) {
    match parse_text(text, Format::TenhouClient, "damaged") {
        Err(Error::LogParse(m)) => assert!(m.contains(says), "{m:?} does not say {says:?}"),
        other => panic!("expected a parse error saying {says:?}, got {other:?}"),
    }
}

const SC: &str = "250,10,250,-10,250,0,250,0";

#[test]
fn yaku_han_and_ids_out_of_range() {
    refused(&agari("1,-1", "30,1000,0", SC), "yaku han -1");
    refused(&agari("0,1,1,4294967295", "30,1000,0", SC), "yaku han 4294967295");
    refused(&agari("-3,1", "30,1000,0", SC), "yaku id -3");
}

#[test]
fn fu_and_points_out_of_range() {
    refused(&agari("1,1", "-30,1000,0", SC), "fu -30");
    refused(&agari("1,1", "30,4294967296,0", SC), "points 4294967296");
}

#[test]
fn scores_in_hundreds_out_of_range() {
    refused(&agari("1,1", "30,1000,0", "250,92233720368547758,250,0,250,0,250,0"), "out of range");
    refused(&agari("1,1", "30,1000,0", "250,21474837,250,0,250,0,250,0"), "score 21474837");
    let init = GO_INIT.replace("ten=\"250,", "ten=\"99999999999,");
    refused(&init, "score 99999999999");
}

#[test]
fn a_sane_win_still_reads() {
    let games = parse_text(&agari("1,1", "30,1000,0", SC), Format::TenhouClient, "sane").expect("reads");
    assert_eq!(games.len(), 1);
}

// tenhou.net/6 JSON and mjai: a number its field cannot hold is refused naming the
// field; before, scores and score changes were cast `as i32` (wrapping), honba and
// sticks clamped, points and fu parsed out of a result text saturated or dropped.

/// A tenhou.net/6 hand: seat 0 draws and discards 2p, seat 1 wins on it (`result`).
fn tenhou6(head: &str, scores: &str, result: &str, sc: &str) -> String {
    format!(
        "{{\"log\":[[{head},{scores},[47],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],[22],[60],\
         [31,32,33,34,35,36,37,38,39,41,42,43,44],[],[],[45,45,45,46,46,46,47,47,26,27,28,29,29],[],[],\
         [11,11,11,12,12,12,13,13,13,14,14,14,15],[],[],{result}]],\"rule\":{{\"disp\":\"南喰赤\",\"aka\":1}}{sc}}}"
    )
}

const HEAD: &str = "[0,0,0]";
const SCORES: &str = "[25000,25000,25000,25000]";
const WIN: &str = "[\"和了\",[-1000,1000,0,0],[1,0,1,\"30符1飜1000点\",\"立直(1飜)\"]]";
const FINAL: &str = ",\"sc\":[24000,-6.0,26000,14.0,25000,0.0,25000,0.0]";

fn refused_as(format: Format, text: &str, says: &str) {
    match parse_text(text, format, "damaged") {
        Err(Error::LogParse(m)) => {
            assert!(m.contains(says), "{m:?} does not say {says:?}");
            assert!(m.starts_with("damaged: "), "{m:?} does not name the file");
        }
        other => panic!("expected a parse error saying {says:?}, got {other:?}"),
    }
}

#[test]
fn a_sane_tenhou6_win_still_reads() {
    let games = parse_text(&tenhou6(HEAD, SCORES, WIN, FINAL), Format::Tenhou6, "sane").expect("reads");
    let win = games[0].events.iter().find_map(|e| match e {
        mahjong_core::logs::Event::Win(w) => Some(w.clone()),
        _ => None,
    });
    let w = win.expect("a win");
    assert_eq!((w.han, w.fu, w.points, w.deltas), (1, 30, 1000, [-1000, 1000, 0, 0]));
}

#[test]
fn tenhou6_scores_and_changes_out_of_range() {
    let t6 = |head: &str, scores: &str, result: &str, sc: &str| tenhou6(head, scores, result, sc);
    refused_as(
        Format::Tenhou6,
        &t6(HEAD, "[2147483648,25000,25000,25000]", WIN, FINAL),
        "hand 1: scores[0] 2147483648",
    );
    refused_as(Format::Tenhou6, &t6(HEAD, "[25000,-2147483649,25000,25000]", WIN, FINAL), "scores[1] -2147483649");
    refused_as(Format::Tenhou6, &t6(HEAD, "[25000,2.5e4,25000,25000]", WIN, FINAL), "scores[1] 25000.0");
    let wrap = WIN.replace("[-1000,1000,0,0]", "[-1000,4294968296,0,0]");
    refused_as(Format::Tenhou6, &t6(HEAD, SCORES, &wrap, FINAL), "score changes[1] 4294968296");
    let draw = "[\"流局\",[0,0,0,-4294967296]]";
    refused_as(Format::Tenhou6, &t6(HEAD, SCORES, draw, FINAL), "score changes[3] -4294967296");
    let five = WIN.replace("[-1000,1000,0,0]", "[-1000,1000,0,0,5]");
    refused_as(Format::Tenhou6, &t6(HEAD, SCORES, &five, FINAL), "more than one per seat");
    refused_as(Format::Tenhou6, &t6(HEAD, SCORES, WIN, ",\"sc\":[1e300,0,0,0,0,0,0,0]"), "sc[0]");
}

#[test]
fn tenhou6_header_and_win_numbers_out_of_range() {
    refused_as(Format::Tenhou6, &tenhou6("[0,256,0]", SCORES, WIN, FINAL), "round header honba 256");
    refused_as(Format::Tenhou6, &tenhou6("[0,0,-1]", SCORES, WIN, FINAL), "round header sticks -1");
    refused_as(Format::Tenhou6, &tenhou6("[16,0,0]", SCORES, WIN, FINAL), "round header hand 16");
    let points = WIN.replace("1000点", "99999999999点");
    refused_as(Format::Tenhou6, &tenhou6(HEAD, SCORES, &points, FINAL), "points \"99999999999\"");
    let tsumo = WIN.replace("1000点", "4611686018427387904-1点");
    refused_as(Format::Tenhou6, &tenhou6(HEAD, SCORES, &tsumo, FINAL), "do not fit 32 bits");
    let fu = WIN.replace("30符", "4294967297符");
    refused_as(Format::Tenhou6, &tenhou6(HEAD, SCORES, &fu, FINAL), "fu 4294967297");
    let han = WIN.replace("(1飜)", "(4294967296飜)");
    refused_as(Format::Tenhou6, &tenhou6(HEAD, SCORES, &han.replace("1飜1000", "1000"), FINAL), "han 4294967296");
    let seat = WIN.replace("[1,0,1,", "[1,7,1,");
    refused_as(Format::Tenhou6, &tenhou6(HEAD, SCORES, &seat, FINAL), "discarder 7 is not a seat");
}

/// An mjai stream: a hand with hidden deals and `last` as its last events.
fn mjai(kyoku_extra: &str, last: &str) -> String {
    let hand = format!("[{}]", vec!["\"?\""; 13].join(","));
    format!(
        "{{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}}\n\
         {{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"oya\":0,\"dora_marker\":\"5p\",\
         \"tehais\":[{hand},{hand},{hand},{hand}]{kyoku_extra}}}\n{last}"
    )
}

#[test]
fn mjai_numbers_out_of_range() {
    let sane = mjai(",\"honba\":1,\"kyotaku\":0,\"scores\":[25000,25000,25000,25000]", "");
    parse_text(&sane, Format::Mjai, "sane").expect("reads");
    refused_as(Format::Mjai, &mjai(",\"honba\":256", ""), "line 2: honba 256");
    refused_as(Format::Mjai, &mjai(",\"kyotaku\":-1", ""), "kyotaku -1");
    refused_as(Format::Mjai, &mjai(",\"scores\":[25000,4294967296,0,0]", ""), "scores[1] 4294967296");
    let draw = "{\"type\":\"ryukyoku\",\"reason\":\"fanpai\",\"deltas\":[0,0,2147483648,0]}\n";
    refused_as(Format::Mjai, &mjai("", draw), "line 3: deltas[2] 2147483648");
    let end = "{\"type\":\"end_kyoku\"}\n{\"type\":\"end_game\",\"scores\":[1e12,0,0,0]}\n";
    refused_as(Format::Mjai, &mjai("", end), "line 4: scores[0]");
    let hora = |field: &str| {
        format!(
            "{{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}}\n\
             {{\"type\":\"hora\",\"actor\":0,\"target\":0,\"pai\":\"1m\",\"deltas\":[3000,-1000,-1000,-1000],{field}}}\n"
        )
    };
    parse_text(&mjai("", &hora("\"fan\":1,\"fu\":30,\"hora_points\":3000,\"limit\":0")), Format::Mjai, "sane")
        .expect("a sane win reads");
    refused_as(Format::Mjai, &mjai("", &hora("\"fan\":-1")), "fan -1");
    refused_as(Format::Mjai, &mjai("", &hora("\"fu\":4294967296")), "fu 4294967296");
    refused_as(Format::Mjai, &mjai("", &hora("\"hora_points\":2147483648")), "hora_points 2147483648");
    refused_as(Format::Mjai, &mjai("", &hora("\"limit\":10")), "limit 10");
}
