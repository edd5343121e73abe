//! What each fuzz target checks, as plain functions (the targets in `fuzz_targets/`
//! call them; a crash found by one is replayed by passing its input here).
//!
//! Every parser must return a value or an error for any input, never panic. Where a
//! parser's output can be written back, the property is stronger: what is written
//! reads back (logs: into the same game, through every writer; layouts: into the
//! same slots, in every format that can hold them).

use mahjong_core::engine::replay::replay_game;
use mahjong_core::logs::roundtrip::{round_trip, Outcome, Target};
use mahjong_core::logs::{decode_bytes, parse_text, Format};
use mahjong_core::options::{RuleSet, Value};
use mahjong_core::solitaire::board::Board;
use mahjong_core::solitaire::face::Face;
use mahjong_core::solitaire::formats;
use mahjong_core::solitaire::layout::Layout;
use mahjong_core::tile::{format_mpsz, parse_mpsz, to_ids, TileId};

/// mpsz text: parsed tiles print and parse back to the same tiles; ids are assigned
/// or refused.
pub fn mpsz(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(tiles) = parse_mpsz(text) else { return };
    let again = parse_mpsz(&format_mpsz(&tiles)).expect("formatted mpsz parses");
    let (mut a, mut b) = (tiles.clone(), again);
    a.sort();
    b.sort();
    assert_eq!(a, b, "mpsz {text:?} formats to different tiles");
    if let Ok(ids) = to_ids(&tiles) {
        assert_eq!(ids.len(), tiles.len());
        let back: Vec<_> = ids.iter().map(|i| i.rtile()).collect();
        assert_eq!(back, tiles, "ids of {text:?} are other tiles");
    }
}

/// 136-ids (two bytes each): every id below 136 is a tile whose kind and red flag
/// give the same id class back; ids from 136 up are refused.
pub fn ids(data: &[u8]) {
    let mut tiles = Vec::new();
    for pair in data.chunks_exact(2) {
        let v = u16::from_le_bytes([pair[0], pair[1]]) as u32;
        match TileId::new(v) {
            Ok(t) => {
                assert!(v < 136, "id {v} accepted");
                assert_eq!(t.id() as u32, v);
                let r = t.rtile();
                assert_eq!(r.tile.index(), (v / 4) as usize);
                tiles.push(r);
            }
            Err(_) => assert!(v >= 136, "id {v} refused"),
        }
    }
    if let Ok(ids) = to_ids(&tiles) {
        let back: Vec<_> = ids.iter().map(|i| i.rtile()).collect();
        assert_eq!(back, tiles);
    }
}

/// A log in `format`: read (bytes may be gzipped), every game replays and writes
/// as mjai and tenhou.net/6 (where that format can hold it: not play out of turn)
/// into output the readers take back as the same game; a game read from mjai or
/// tenhou.net/6 is always written back in its own format.
pub fn log(data: &[u8], format: Format) {
    let Ok(text) = decode_bytes(data, "fuzz") else { return };
    let Ok(games) = parse_text(&text, format, "fuzz") else { return };
    for g in &games {
        let _ = replay_game(g);
        for t in Target::ALL {
            match round_trip(g, t) {
                Err(e) => panic!("{e}"),
                Ok(Outcome::NotWritable(why)) => {
                    let own = matches!((format, t), (Format::Tenhou6, Target::Tenhou6) | (Format::Mjai, Target::Mjai));
                    assert!(!own, "read as {format:?} but not written back: {why}");
                    assert!(why.contains("fuzz"), "a refusal that does not name the game: {why}");
                }
                Ok(Outcome::Same(_)) => {}
            }
        }
    }
}

/// A layout in one format: read, then written in every format and read back into
/// the same slots (formats that cannot hold a layout refuse it with an error).
pub fn layout(data: &[u8], read: fn(&str, &str) -> mahjong_core::error::Result<Layout>) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(layout) = read(text, "fuzz") else { return };
    for f in [
        formats::Format::KMahjongg10,
        formats::Format::KMahjongg11,
        formats::Format::GnomeMap,
        formats::Format::XMahjongg,
        formats::Format::Kyodai30,
    ] {
        let Ok(out) = formats::write(&layout, f) else { continue };
        let back = formats::read(&out, "fuzz").unwrap_or_else(|e| panic!("{} output refused: {e}", f.name()));
        assert_eq!(back.positions(), layout.positions(), "{} output reads back other slots", f.name());
    }
}

fn toml_value(v: &toml::Value) -> Value {
    match v {
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::Integer(i) => Value::Int(*i),
        toml::Value::String(s) => Value::Text(s.clone()),
        toml::Value::Array(a) => Value::List(a.iter().map(toml_value).collect()),
        other => Value::Other(other.to_string()),
    }
}

fn rule_set<R: RuleSet>(table: &toml::Table) {
    let preset = match table.get("preset") {
        Some(toml::Value::String(p)) => p.as_str(),
        _ => R::presets()[0].name,
    };
    let options: Vec<(&str, Value)> =
        table.iter().filter(|(k, _)| k.as_str() != "preset").map(|(k, v)| (k.as_str(), toml_value(v))).collect();
    if let Ok(r) = R::with_options(preset, options) {
        // What validated is valid, option by option.
        r.validate().expect("a validated rule set validates");
        for (name, v) in r.values() {
            let mut again = r.clone();
            again.set(name, &v).expect("an option takes its own value");
        }
    }
}

/// A TOML rule file (its `[rules]`, `[match]` or `[taiwan]` table, else its top
/// level) applied to each of the three rule sets: a rule set or an error.
pub fn rules_toml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(doc) = text.parse::<toml::Table>() else { return };
    let section = |name: &str| match doc.get(name) {
        Some(toml::Value::Table(t)) => t.clone(),
        _ => doc.clone(),
    };
    rule_set::<mahjong_core::riichi::Rules>(&section("rules"));
    rule_set::<mahjong_core::engine::rules::EngineRules>(&section("match"));
    rule_set::<mahjong_core::taiwan::rules::TaiwanRules>(&section("taiwan"));
}

/// A deal file in its text form (lines `x y layer face`, `#` comments): a board or
/// an error.
pub fn deal(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut triples = Vec::new();
    let mut faces = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [x, y, z, face] = parts.as_slice() else { return };
        let (Ok(x), Ok(y), Ok(z)) = (x.parse::<i64>(), y.parse::<i64>(), z.parse::<i64>()) else { return };
        let Ok(face) = Face::parse(face) else { return };
        triples.push((x, y, z));
        faces.push(face);
    }
    let Ok(layout) = Layout::from_triples("fuzz", &triples) else { return };
    if let Ok(board) = Board::new(layout, faces) {
        assert_eq!(board.faces().len(), board.layout().len());
    }
}
