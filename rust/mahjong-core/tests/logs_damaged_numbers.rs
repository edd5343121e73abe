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
