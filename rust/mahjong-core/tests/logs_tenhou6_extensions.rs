//! This crate's tenhou.net/6 extension (docs/tenhou6_extensions.md) on small
//! client logs written here: unseen tiles, the client's seat numbering, a hand
//! resumed after a reconnect; and what a file without the extension may not say.

use mahjong_core::hand::MeldKind;
use mahjong_core::logs::roundtrip::{round_trip, Outcome, Target};
use mahjong_core::logs::{meldcode, parse_text, tenhou6, write, Format, GameLog};

fn client(log: &str) -> GameLog {
    let mut games = parse_text(log, Format::TenhouClient, "c.log").unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(games.len(), 1);
    games.remove(0)
}

fn same_through_tenhou6(g: &GameLog) -> serde_json::Value {
    match round_trip(g, Target::Tenhou6) {
        Ok(Outcome::Same(_)) => {}
        other => panic!("{other:?}"),
    }
    let text = write::to_tenhou6(g).unwrap_or_else(|e| panic!("{e:?}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e:?}"))
}

#[test]
fn unseen_tiles_and_the_clients_dealer_round_trip() {
    // East 2 (dealer: the client's seat 3). Seat 3 draws unseen and discards it
    // (lower case: tsumogiri), seat 0 (the client) draws and discards.
    let g = client(
        "Get: <GO type=\"9\" lobby=\"0\"/>\nGet: <INIT seed=\"1,0,0,1,2,30\" ten=\"250,250,250,250\" oya=\"3\" \
         hai=\"0,4,8,12,16,20,24,28,32,36,40,44,48\"/> <W/>\nGet: <g84/> <T52/>\nGet: <D52/> <U/>\nGet: <E88/>\n",
    );
    assert!(g.hidden_tiles);
    let v = same_through_tenhou6(&g);
    assert_eq!(v["hidden_tiles"], true);
    let hand = &v["log"][0];
    assert_eq!(hand[13], serde_json::json!(vec![0; 13]));
    assert_eq!(hand[14], serde_json::json!([0]));
    assert_eq!(hand[15], serde_json::json!(["t34"]));
    assert_eq!(hand[6], serde_json::json!([60]));
    // A tedashi of an unseen hand names its tile: red 5s.
    assert_eq!(hand[9], serde_json::json!([53]));
    assert_eq!(hand[17], serde_json::json!({"dealer": 3}));
    // Without the flag, code 0 and "t34" are no tiles.
    let mut plain = v.clone();
    plain.as_object_mut().expect("an object").remove("hidden_tiles");
    let e = tenhou6::parse(&plain.to_string(), "p.json").expect_err("code 0 without the flag");
    assert!(e.message().contains("p.json: hand 1: tile code 0"), "{}", e.message());
    let deal = serde_json::json!([31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 42, 43, 44]);
    for seat in 1..4 {
        plain["log"][0][4 + 3 * seat] = deal.clone();
    }
    plain["log"][0][14] = serde_json::json!([34]);
    let e = tenhou6::parse(&plain.to_string(), "p.json").expect_err("t34 without the flag");
    assert!(e.message().contains("without hidden_tiles"), "{}", e.message());
    plain["log"][0][15] = serde_json::json!([60]);
    plain["log"][0][8] = serde_json::json!([]);
    plain["log"][0][17] = serde_json::json!({});
    plain["log"][0][0] = serde_json::json!([3, 0, 0]);
    let back = tenhou6::parse(&plain.to_string(), "p.json").expect("a plain file reads");
    assert!(!back.hidden_tiles);
}

#[test]
fn a_resumed_hand_keeps_its_table_and_its_pon_for_a_later_kakan() {
    // Seat 1 called a pon of honors from seat 2 before the reconnect; after it,
    // seat 1 extends it to a kakan (the pon is not in the log's play).
    let pon = (0u32..1 << 16)
        .find(|&c| {
            matches!(meldcode::decode(c, 1, 4), Ok(m) if m.kind == MeldKind::Pon && m.from == 2
                && m.tiles[0].tile().index() >= 27)
        })
        .expect("a pon code");
    let m = meldcode::decode(pon, 1, 4).expect("decodes");
    let kind = m.tiles[0].tile().index() as u32;
    let added = (0..4).map(|c| kind * 4 + c).find(|id| m.tiles[..3].iter().all(|t| t.id() as u32 != *id)).unwrap();
    let kakan = (pon & !0x0B) | 0x10 | 1;
    let k = meldcode::decode(kakan, 1, 4).expect("a kakan");
    assert_eq!((k.kind, k.called.id() as u32), (MeldKind::Kakan, added));
    let g = client(&format!(
        "Get: <GO type=\"9\" lobby=\"0\"/>\nGet: <REINIT seed=\"0,0,0,1,2,8\" ten=\"250,250,250,250\" oya=\"0\" \
         hai=\"0,4,12,16,20,24,28,32,36,40,44,48,52\" m1=\"{pon}\" kawa0=\"60,64\" kawa2=\"68\" kawa3=\"72,255,76\"/> <U/>\n\
         Get: <N who=\"1\" m=\"{kakan}\"/> <U/>\nGet: <e80/> <V/>\nGet: <F84/>\n"
    ));
    let v = same_through_tenhou6(&g);
    let hand = &v["log"][0];
    // Seat 1 holds 10 tiles (13 less the pon's three), none of them seen.
    assert_eq!(hand[7], serde_json::json!(vec![0; 10]));
    let r = &hand[17]["resumed"];
    assert_eq!(r["next"], 1);
    assert_eq!(r["riichi"], serde_json::json!([null, null, null, 1]));
    assert_eq!(r["rivers"][0], serde_json::json!([27, 28]));
    assert_eq!(r["melds"][1].as_array().map(|a| a.len()), Some(1));
    assert!(hand[9].as_array().is_some_and(|d| d[0].as_str().is_some_and(|s| s.contains('k'))), "{}", hand[9]);
    // Without the note (seat 1 dealing, so that it plays first), the kakan has no pon.
    let mut bare = v.clone();
    bare["log"][0][17] = serde_json::json!({"dealer": 1});
    bare["log"][0][7] = serde_json::json!(vec![0; 13]);
    let e = tenhou6::parse(&bare.to_string(), "b.json").expect_err("no pon");
    assert!(e.message().contains("without a pon"), "{}", e.message());
}

#[test]
fn play_out_of_turn_is_refused_naming_what_would_change() {
    // Seat 2 plays after seat 0 (seat 1 skipped): tenhou.net/6 keeps no order of
    // play, so the game cannot be held. The refusal names the change, not the
    // shown hand of seat 2 left without a note where the play read back stops.
    let g = client(
        "Get: <GO type=\"9\" lobby=\"0\"/>\nGet: <INIT seed=\"0,0,0,1,2,30\" ten=\"250,250,250,250\" oya=\"0\" \
         hai=\"0,4,8,12,16,20,24,28,32,36,40,44,48\"/> <T52/>\nGet: <D52/> <V/>\nGet: <f60/>\n\
         Get: <RYUUKYOKU ba=\"0,0\" sc=\"250,-10,250,-10,250,30,250,-10\" \
         hai2=\"100,101,102,104,105,106,108,109,110,112,113,114,116\"/>\n",
    );
    match round_trip(&g, Target::Tenhou6) {
        Ok(Outcome::NotWritable(why)) => {
            assert!(why.contains("c.log#0: cannot be written as tenhou.net/6 without changing it"), "{why}");
            assert!(!why.contains("unseen"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    // mjai holds it.
    assert!(matches!(round_trip(&g, Target::Mjai), Ok(Outcome::Same(_))));
}
