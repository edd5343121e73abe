//! A win's yaku counted the wrong way, in tenhou.net/6 and in mjlog (found by the
//! log_tenhou6 and log_mjlog fuzz targets): a yakuman given han, or a yaku given 役満. Tenhou never
//! writes either, and the mjai writer could not write such a win as the same win
//! (mjai's reader takes every yakuman name among the yaku as a yakuman), so the
//! reader refuses the entry, naming it.

use mahjong_core::logs::{parse_text, Format};

const FOUND: &str = r#"{"title": ["", ""], "name": ["Aさん", "Bさん", "Cさん", "Dさん"], "rule": {"disp": "般南喰赤", "aka": 1}, "log": [[[5, 0, 0], [29300, 2700, 48500, 19500], [32, 11], [43, 38], [11, 12, 12, 12, 14, 15, 18, 24, 52, 33, 35, 36, 43], [45, 24, 32, 14, 25, 23, 21, 29], [43, 18, 11, 45, 15, 32, 60, 60], [14, 17, 17, 23, 34, 34, 34, 41, 42, 43, 46, 46, 47], [21, 27, 27, 27, 25, 29, 44, 23, 37], [43, 42, 14, 47, 41, 60, 60, 21, 60], [11, 18, 19, 22, 24, 28, 28, 37, 39, 39, 14, 42, 43], [21, 41, 38, 45, 17, 27, 13, 47, 13], [43, 42, 39, 11, 45, 28, 24, 13, 60], [13, 13, 16, 17, 24, 31, 31, 32, 33, 35, 53, 39, 39], [22, 19, 25, 35, 16, 16, 12, 28, 16, 26], [31, 60, 39, 39, 22, "r17", 60, 60, "161616a16"], ["和了", [-2000, -4000, -2000, 9000], [3, 3, 3, "満貫2000-4000点", "立直(1飜)", "嶺上開花(1飜)", "門前清自摸和(1役牌 中飜)", "地和(1飜)", "赤ドラ(1飜)"]]]]}"#;

fn refusal(text: &str) -> String {
    match parse_text(text, Format::Tenhou6, "t6.json") {
        Ok(g) => panic!("read {} games", g.len()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_yakuman_given_han_is_refused() {
    let e = refusal(FOUND);
    assert!(e.contains("地和(1飜)") && e.contains("is a yakuman, not counted in han"), "{e}");
    assert!(e.contains("t6.json"), "{e}");
}

#[test]
fn a_yaku_given_yakuman_is_refused() {
    let text = FOUND.replace("\"地和(1飜)\", ", "").replace("立直(1飜)", "立直(役満)");
    let e = refusal(&text);
    assert!(e.contains("立直(役満)") && e.contains("is a yaku counted in han, not a yakuman"), "{e}");
}

const FOUND_MJLOG: &str = r#"<!--
     /0/?log=2017060214gm-00a9-0000-40a46a1c

     All intellectual rights 111"/>
    <UN n0="player1" n1="player2" n2="player&3" n3="NoName" dan="16,16,19,16"
        rate="2179.17,2152.91,2234.74,2117.26" sx="M,M,M,M"/>
    <TAIKYOKU oya="0"/>
    <INIT seed="0,0,0,3,0,133" ten="250,250,250,250" oya="0" hai0="69,127,94,36,86,15,93,66,12,101,114,29,102"
          hai1="90,131,45,117,12,0113,112,22,70,134,111,123,11" hai2="14,18,7,124,51,54,100,122,47,80,79,37,2"
          hai3="31,57,60,99,88,104,103,38,58,44,17,43,34"/>
    <AGARI ba="0,0" hai="5,7,25,28,33,37,41,44,63,67,71,86,88,12" machi="92" ten="30,2000,0" yaku="7,1,44,1"
           doraHai="35" who="0" fromWho="3" sc="212,20,251,0,183,0,354,-20"
           owari="232,-17.0,251,5.0,183,-32.0,334,44.0"/>
</mjloggm>"#;

#[test]
fn an_mjlog_yakuman_among_the_yaku_is_refused() {
    let e = match parse_text(FOUND_MJLOG, Format::Mjlog, "g.mjlog") {
        Ok(g) => panic!("read {} games", g.len()),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("yaku id 44 is a yakuman"), "{e}");
    // The converse: an ordinary yaku in the yakuman list.
    let text = FOUND_MJLOG.replace("yaku=\"7,1,44,1\"", "yaku=\"7,1\" yakuman=\"8\"");
    let e = match parse_text(&text, Format::Mjlog, "g.mjlog") {
        Ok(g) => panic!("read {} games", g.len()),
        Err(e) => e.to_string(),
    };
    assert!(e.contains("yakuman id 8 is not a yakuman"), "{e}");
}
