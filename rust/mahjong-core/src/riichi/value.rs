//! A scored win as a JSON value, and back: what `ScoreResult.to_dict()`, `from_dict`
//! and pickling carry. The value holds every field of the result and of its win
//! context (so a result read back is equal to the one written), plus the views a
//! reader wants (yaku names, the limit as shown, each seat's payment); the views are
//! recomputed, not read, on the way back.
//!
//! ```
//! use mahjong_core::riichi::{score, value, Rules, WinContext};
//! use mahjong_core::{tile::parse_mpsz, Hand};
//! let hand = Hand::new(&parse_mpsz("123m456p789s23455s").unwrap(), &[], 4).unwrap();
//! let ctx = WinContext { tsumo: true, winner: 1, ..WinContext::default() };
//! let r = score(&hand, parse_mpsz("2s").unwrap()[0], &ctx, &Rules::TENHOU).unwrap();
//! let v = value::result_to_value(&r, &ctx);
//! assert_eq!(v["points"], 1500);
//! assert_eq!(value::result_from_value(&v).unwrap(), (r, ctx));
//! ```

use super::context::{Indicators, WinContext};
use super::fu::{FuItem, FuList};
use super::points::{Limit, Payments};
use super::score::ScoreResult;
use super::shape::{Form, SetKind};
use super::yaku::{Yaku, YakuList};
use crate::decompose::Wait;
use crate::error::{Error, Result};
use crate::tile::{parse_mpsz, Tile};
use crate::wind::{parse_wind, wind_letter};
use serde_json::{json, Map, Value};

const FORMS: [Form; 3] = [Form::Standard, Form::Chiitoitsu, Form::Kokushi];
const WAITS: [Wait; 5] = [Wait::Ryanmen, Wait::Kanchan, Wait::Penchan, Wait::Tanki, Wait::Shanpon];
const LIMITS: [Limit; 8] = [
    Limit::None,
    Limit::Mangan,
    Limit::Haneman,
    Limit::Baiman,
    Limit::Sanbaiman,
    Limit::KazoeYakuman,
    Limit::Yakuman,
    Limit::OpenRiichiYakuman,
];

/// The name of a winning form: "standard", "chiitoitsu" or "kokushi".
pub const fn form_name(f: Form) -> &'static str {
    match f {
        Form::Standard => "standard",
        Form::Chiitoitsu => "chiitoitsu",
        Form::Kokushi => "kokushi",
    }
}

/// The limit as a player reads it: "" below mangan, ..., "yakuman", and for a
/// multiple yakuman "double yakuman", "triple yakuman", ...
pub fn limit_label(r: &ScoreResult) -> &'static str {
    if r.limit == Limit::Yakuman && r.yakuman > 1 {
        return match r.yakuman {
            2 => "double yakuman",
            3 => "triple yakuman",
            4 => "quadruple yakuman",
            5 => "quintuple yakuman",
            6 => "sextuple yakuman",
            _ => "multiple yakuman",
        };
    }
    r.limit.name()
}

/// One yaku with its han (for a yakuman: its multiple) as a JSON object.
pub fn yaku_to_value(y: Yaku, han: u8, yakuman: bool) -> Value {
    let i = y.info();
    json!({
        "key": i.key, "name": i.english, "romaji": i.romaji, "japanese": i.japanese,
        "tenhou_id": y.tenhou_id(), "han": han, "yakuman": yakuman,
    })
}

fn tile_text(t: Tile) -> String {
    t.to_string()
}

fn wind_text(t: Tile) -> String {
    wind_letter(t).map(String::from).unwrap_or_else(|| t.to_string())
}

fn fu_item_to_value(item: FuItem, fu: u8) -> Value {
    let mut m = Map::new();
    m.insert("key".into(), item.key().into());
    m.insert("description".into(), item.describe().into());
    m.insert("fu".into(), fu.into());
    match item {
        FuItem::Wait(w) => {
            m.insert("wait".into(), w.name().into());
        }
        FuItem::Pair(t) => {
            m.insert("tile".into(), tile_text(t).into());
        }
        FuItem::Set(k, t, open) => {
            m.insert("set".into(), if k == SetKind::Kan { "kan" } else { "triplet" }.into());
            m.insert("tile".into(), tile_text(t).into());
            m.insert("open".into(), open.into());
        }
        _ => {}
    }
    Value::Object(m)
}

/// The win context as the keyword arguments of `score` take it (winds as letters,
/// indicators as mpsz tiles, `self_draw` for a tsumo).
pub fn context_to_value(c: &WinContext) -> Value {
    let tiles = |i: &Indicators| i.as_slice().iter().map(|&t| tile_text(t)).collect::<Vec<_>>();
    json!({
        "self_draw": c.tsumo, "riichi": c.riichi, "double_riichi": c.double_riichi,
        "open_riichi": c.open_riichi, "discarder_riichi": c.discarder_riichi, "ippatsu": c.ippatsu,
        "haitei": c.haitei, "houtei": c.houtei, "rinshan": c.rinshan, "chankan": c.chankan,
        "tenhou": c.tenhou, "chiihou": c.chiihou, "renhou": c.renhou,
        "n_players": c.n_players, "winner": c.winner, "dealer": c.dealer, "discarder": c.discarder,
        "seat_wind": wind_text(c.seat_wind()), "round_wind": wind_text(c.round_wind), "pao": c.pao,
        "dora": tiles(&c.dora), "ura": tiles(&c.ura),
        "honba": c.honba, "riichi_sticks": c.riichi_sticks, "kita": c.kita, "dealer_wins": c.dealer_wins,
    })
}

/// Every field of a result (and its context under `"context"`) as a JSON object.
pub fn result_to_value(r: &ScoreResult, c: &WinContext) -> Value {
    let n = c.n_players.min(4) as usize;
    let deltas = &r.pay.deltas[..n];
    json!({
        "yaku": r.yaku.as_slice().iter().enumerate().map(|(i, &(y, h))| yaku_to_value(y, h, r.is_yakuman_entry(i))).collect::<Vec<_>>(),
        "tenhou_yaku": r.tenhou_yaku().as_slice().iter().map(|&(y, h)| [y.tenhou_id(), h]).collect::<Vec<_>>(),
        "han": r.han, "yaku_han": r.yaku_han, "yakuman": r.yakuman,
        "dora": r.dora, "ura": r.ura, "aka": r.aka, "kita": r.kita,
        "fu": r.fu,
        "fu_items": r.fu_items.as_slice().iter().map(|&(i, f)| fu_item_to_value(i, f)).collect::<Vec<_>>(),
        "form": form_name(r.form), "wait": r.wait.name(), "limit": limit_label(r), "base": r.base,
        "points": r.pay.points, "ron_payment": r.pay.ron, "tsumo_dealer_payment": r.pay.tsumo_dealer,
        "tsumo_non_dealer_payment": r.pay.tsumo_non_dealer, "honba_points": r.pay.honba,
        "sticks_points": r.pay.sticks, "deltas": deltas,
        "payments": deltas.iter().map(|&d| if d < 0 { d.unsigned_abs() } else { 0 }).collect::<Vec<_>>(),
        "total": r.pay.deltas[c.winner as usize & 3], "pao_applied": r.pay.pao_applied,
        "self_draw": c.tsumo, "winner": c.winner, "is_dealer": c.is_dealer(),
        "context": context_to_value(c),
    })
}

/// Reads the fields of one JSON object, naming the object in every error.
struct Fields<'a> {
    what: &'a str,
    map: &'a Map<String, Value>,
}

impl<'a> Fields<'a> {
    fn of(what: &'a str, v: &'a Value) -> Result<Fields<'a>> {
        match v.as_object() {
            Some(map) => Ok(Fields { what, map }),
            None => Err(Error::InvalidHand(format!("{what}: expected an object (a dict), got {}", kind_of(v)))),
        }
    }
    fn bad(&self, key: &str, want: &str) -> Error {
        let got = self.map.get(key).map_or("nothing".to_string(), kind_of);
        Error::InvalidHand(format!("{}: {key:?} must be {want}, got {got}", self.what))
    }
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key)
    }
    fn int(&self, key: &str, hi: u64) -> Result<u64> {
        match self.get(key).and_then(Value::as_u64) {
            Some(x) if x <= hi => Ok(x),
            _ => Err(self.bad(key, &format!("an integer 0-{hi}"))),
        }
    }
    fn flag(&self, key: &str) -> Result<bool> {
        self.get(key).and_then(Value::as_bool).ok_or_else(|| self.bad(key, "true or false"))
    }
    /// A flag that older values may leave out (false then).
    fn flag_or_false(&self, key: &str) -> Result<bool> {
        match self.get(key) {
            None => Ok(false),
            Some(_) => self.flag(key),
        }
    }
    fn text(&self, key: &str) -> Result<&'a str> {
        self.get(key).and_then(Value::as_str).ok_or_else(|| self.bad(key, "a string"))
    }
    fn list(&self, key: &str) -> Result<&'a Vec<Value>> {
        self.get(key).and_then(Value::as_array).ok_or_else(|| self.bad(key, "a list"))
    }
    fn tile(&self, key: &str) -> Result<Tile> {
        let s = self.text(key)?;
        match parse_mpsz(s) {
            Ok(t) if t.len() == 1 => Ok(t[0].tile),
            _ => Err(Error::InvalidHand(format!("{}: {key:?} = {s:?} is not one tile", self.what))),
        }
    }
    fn pick<T: Copy>(&self, key: &str, all: &[T], name: impl Fn(T) -> &'static str) -> Result<T> {
        let s = self.text(key)?;
        all.iter().copied().find(|&x| name(x) == s).ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|&x| name(x)).collect();
            Error::InvalidHand(format!("{}: {key:?} = {s:?} is not one of {}", self.what, names.join(", ")))
        })
    }
}

fn kind_of(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => format!("{:?}", s.chars().take(40).collect::<String>()),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// A yaku and its han from the object [`yaku_to_value`] writes (only `key` and `han`
/// are read; the names follow from the key).
/// A yaku's han as a value carries it (a yakuman's: its multiple); `YakuHan(key, han)` takes the same range.
pub const YAKU_HAN: crate::args::IntArg = crate::args::IntArg::new("han", 0, 26);

pub fn yaku_from_value(v: &Value) -> Result<(Yaku, u8)> {
    let f = Fields::of("yaku", v)?;
    let key = f.text("key")?;
    let y = Yaku::from_key(key)
        .ok_or_else(|| Error::InvalidHand(format!("yaku: \"key\" = {key:?} is not a yaku key (e.g. \"riichi\")")))?;
    Ok((y, f.int("han", YAKU_HAN.max as u64)? as u8))
}

fn fu_item_from_value(v: &Value) -> Result<(FuItem, u8)> {
    let f = Fields::of("fu item", v)?;
    let fu = f.int("fu", 255)? as u8;
    let item = match f.text("key")? {
        "base" => FuItem::Base,
        "menzen_ron" => FuItem::MenzenRon,
        "tsumo" => FuItem::Tsumo,
        "wait" => FuItem::Wait(f.pick("wait", &WAITS, Wait::name)?),
        "pair" => FuItem::Pair(f.tile("tile")?),
        "set" => {
            let kind = match f.text("set")? {
                "kan" => SetKind::Kan,
                "triplet" => SetKind::Triplet,
                other => return Err(Error::InvalidHand(format!("fu item: \"set\" = {other:?}: kan or triplet"))),
            };
            FuItem::Set(kind, f.tile("tile")?, f.flag("open")?)
        }
        "open_pinfu" => FuItem::OpenPinfu,
        "chiitoitsu" => FuItem::Chiitoitsu,
        "pinfu_tsumo" => FuItem::PinfuTsumo,
        other => return Err(Error::InvalidHand(format!("fu item: \"key\" = {other:?} is not a fu key"))),
    };
    Ok((item, fu))
}

fn indicators(f: &Fields<'_>, key: &str) -> Result<Indicators> {
    let mut tiles = Vec::new();
    for t in f.list(key)? {
        let one = t.as_str().and_then(|s| parse_mpsz(s).ok()).filter(|v| v.len() == 1);
        match one {
            Some(v) => tiles.push(v[0].tile),
            None => return Err(f.bad(key, "a list of tiles (\"5m\")")),
        }
    }
    Indicators::new(&tiles).map_err(|e| Error::InvalidHand(format!("{}: {key:?}: {}", f.what, e.message())))
}

/// A win context from the object [`context_to_value`] writes (the seat wind is
/// checked against the seats, not read).
pub fn context_from_value(v: &Value) -> Result<WinContext> {
    let f = Fields::of("context", v)?;
    let n_players = f.int("n_players", 4)? as u8;
    if n_players < 3 {
        return Err(f.bad("n_players", "3 or 4"));
    }
    let seat = |k: &str| -> Result<u8> {
        let s = f.int(k, 3)? as u8;
        if s < n_players {
            Ok(s)
        } else {
            Err(f.bad(k, &format!("a seat 0-{}", n_players - 1)))
        }
    };
    let pao = match f.get("pao") {
        None | Some(Value::Null) => None,
        Some(_) => Some(seat("pao")?),
    };
    let c = WinContext {
        tsumo: f.flag("self_draw")?,
        riichi: f.flag("riichi")?,
        double_riichi: f.flag("double_riichi")?,
        open_riichi: f.flag_or_false("open_riichi")?,
        discarder_riichi: f.flag_or_false("discarder_riichi")?,
        ippatsu: f.flag("ippatsu")?,
        haitei: f.flag("haitei")?,
        houtei: f.flag("houtei")?,
        rinshan: f.flag("rinshan")?,
        chankan: f.flag("chankan")?,
        tenhou: f.flag("tenhou")?,
        chiihou: f.flag("chiihou")?,
        renhou: f.flag("renhou")?,
        n_players,
        winner: seat("winner")?,
        dealer: seat("dealer")?,
        discarder: seat("discarder")?,
        round_wind: parse_wind("context round_wind", f.text("round_wind")?)?,
        pao,
        dora: indicators(&f, "dora")?,
        ura: indicators(&f, "ura")?,
        honba: f.int("honba", u16::MAX as u64)? as u16,
        riichi_sticks: f.int("riichi_sticks", u16::MAX as u64)? as u16,
        kita: f.int("kita", 4)? as u8,
        dealer_wins: if f.get("dealer_wins").is_some() { f.int("dealer_wins", 255)? as u8 } else { 0 },
    };
    if let Some(Value::String(s)) = f.get("seat_wind") {
        let sw = parse_wind("context seat_wind", s)?;
        if sw != c.seat_wind() {
            return Err(Error::InvalidHand(format!(
                "context: seat_wind {s:?} does not match winner seat {} with dealer seat {}",
                c.winner, c.dealer
            )));
        }
    }
    Ok(c)
}

/// A result and its context from the object [`result_to_value`] writes.
pub fn result_from_value(v: &Value) -> Result<(ScoreResult, WinContext)> {
    let f = Fields::of("ScoreResult", v)?;
    let ctx = context_from_value(f.get("context").unwrap_or(&Value::Null))?;
    let mut yaku = YakuList::default();
    let yakuman = f.int("yakuman", 100)? as u32;
    // The yakuman entries come first (a value without the flags: all of a yakuman's).
    let mut yakuman_entries = 0u8;
    for y in f.list("yaku")? {
        let flag = y.get("yakuman").and_then(Value::as_bool).unwrap_or(yakuman > 0);
        let (y, h) = yaku_from_value(y)?;
        if yaku.len() == super::yaku::MAX_YAKU {
            return Err(f.bad("yaku", &format!("at most {} entries", super::yaku::MAX_YAKU)));
        }
        if flag && (yakuman == 0 || yakuman_entries as usize != yaku.len()) {
            return Err(f.bad("yaku", "a list whose yakuman entries come first, in a yakuman's result only"));
        }
        yakuman_entries += flag as u8;
        yaku.push(y, h);
    }
    if yakuman > 0 && yakuman_entries == 0 {
        return Err(f.bad("yaku", "a yakuman's list, with a yakuman entry first"));
    }
    let mut fu_items = FuList::default();
    let items = f.list("fu_items")?;
    if items.len() > super::fu::MAX_FU_ITEMS {
        return Err(f.bad("fu_items", &format!("at most {} lines", super::fu::MAX_FU_ITEMS)));
    }
    for i in items {
        let (item, fu) = fu_item_from_value(i)?;
        fu_items.push(item, fu);
    }
    let label = f.text("limit")?;
    let named = LIMITS.iter().any(|l| l.name() == label);
    let limit =
        if label.ends_with(" yakuman") && !named { Limit::Yakuman } else { f.pick("limit", &LIMITS, Limit::name)? };
    let deltas_in = f.list("deltas")?;
    if deltas_in.len() != ctx.n_players as usize {
        return Err(f.bad("deltas", &format!("a list of {} integers (one per player)", ctx.n_players)));
    }
    let mut deltas = [0i32; 4];
    for (d, x) in deltas.iter_mut().zip(deltas_in) {
        *d = x.as_i64().and_then(|x| i32::try_from(x).ok()).ok_or_else(|| f.bad("deltas", "a list of integers"))?;
    }
    let big = u32::MAX as u64;
    let r = ScoreResult {
        yaku,
        yakuman_entries,
        yakuman,
        dora: f.int("dora", 255)? as u32,
        ura: f.int("ura", 255)? as u32,
        aka: f.int("aka", 255)? as u32,
        kita: f.int("kita", 255)? as u32,
        yaku_han: f.int("yaku_han", 1000)? as u32,
        han: f.int("han", 1000)? as u32,
        fu: f.int("fu", 1000)? as u32,
        fu_items,
        form: f.pick("form", &FORMS, form_name)?,
        wait: f.pick("wait", &WAITS, Wait::name)?,
        limit,
        base: f.int("base", big)? as u32,
        pay: Payments {
            ron: f.int("ron_payment", big)? as u32,
            tsumo_dealer: f.int("tsumo_dealer_payment", big)? as u32,
            tsumo_non_dealer: f.int("tsumo_non_dealer_payment", big)? as u32,
            points: f.int("points", big)? as u32,
            honba: f.int("honba_points", big)? as u32,
            sticks: f.int("sticks_points", big)? as u32,
            deltas,
            pao_applied: f.flag("pao_applied")?,
        },
    };
    Ok((r, ctx))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::{score, Rules};
    use crate::{Hand, Meld, MeldKind};

    fn scored(hand: &str, win: &str, melds: &[Meld], ctx: WinContext) -> (ScoreResult, WinContext) {
        let h = Hand::new(&parse_mpsz(hand).unwrap(), melds, 4).unwrap();
        (score(&h, parse_mpsz(win).unwrap()[0], &ctx, &Rules::STANDARD).unwrap(), ctx)
    }

    #[test]
    fn results_round_trip_through_values_and_text() {
        let pon = Meld::new(MeldKind::Pon, &parse_mpsz("777z").unwrap(), None, None).unwrap();
        let dora = Indicators::new(&[Tile::new(32).unwrap()]).unwrap();
        let cases = [
            scored("123m456p789s23455s", "2s", &[], WinContext { tsumo: true, winner: 1, ..WinContext::default() }),
            scored("111m456p789s11z", "1z", &[pon], WinContext { winner: 0, discarder: 3, dora, ..Default::default() }),
            scored("119m19p19s1234567z", "1m", &[], WinContext { winner: 2, dealer: 1, ..Default::default() }),
            scored("1122m3344p5566s77z", "7z", &[], WinContext { riichi: true, honba: 2, ..Default::default() }),
        ];
        for (r, c) in cases {
            let v = result_to_value(&r, &c);
            assert_eq!(result_from_value(&v).unwrap(), (r, c));
            let text = v.to_string();
            let back: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(result_from_value(&back).unwrap(), (r, c));
        }
    }

    #[test]
    fn malformed_values_are_refused_with_the_field_named() {
        let (r, c) =
            scored("123m456p789s23455s", "2s", &[], WinContext { tsumo: true, winner: 1, ..Default::default() });
        let good = result_to_value(&r, &c);
        let cases: [(&str, Value, &str); 6] = [
            ("han", json!(-1), "\"han\""),
            ("form", json!("seven"), "\"form\""),
            ("yaku", json!([{"key": "nope", "han": 1}]), "nope"),
            ("deltas", json!([1, 2]), "\"deltas\""),
            ("context", json!({"winner": 9}), "context"),
            ("fu_items", json!([{"key": "set", "fu": 2, "set": "x", "tile": "1m", "open": true}]), "\"set\""),
        ];
        for (key, bad, needle) in cases {
            let mut v = good.clone();
            v[key] = bad;
            let e = result_from_value(&v).unwrap_err();
            assert!(e.message().contains(needle), "{key}: {}", e.message());
        }
        assert!(result_from_value(&json!([])).is_err());
    }
}
