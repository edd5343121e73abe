//! Rule options of the round and match engine (what happens between wins), declared
//! once with their kinds, defaults and docs ([`crate::options`]), with the presets
//! `tenhou`, `tenhou-sanma`, `standard` (seed 001), `shiima-2025` and `shiima-2026`
//! (seed 004) as named values. The scoring of a single win (yaku, fu, points) is the riichi
//! scorer's business and has its own options; this file holds only the flow rules.
//! Sources per option: `../shared/rules/riichi.md` (table "Riichi rule options").

use crate::error::{Error, Result};
use crate::options::{Kind, OptionValue, Preset, RuleSet, Value};
use crate::riichi::Rules;

/// How many winds a match plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Length {
    /// East round only (東風戦).
    East,
    /// East and south rounds (半荘戦).
    EastSouth,
}

/// What happens when several players ron the same tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MultiRon {
    /// Only the first player in turn order after the discarder wins (頭ハネ).
    HeadBump,
    /// Two may win; three is an abortive draw (Tenhou).
    DoubleTripleDraw,
    /// Every claimant wins.
    All,
}

/// When the dora indicator of an open or added kan is flipped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KanDoraTiming {
    /// At once, before the replacement draw (先めくり).
    Immediate,
    /// When the kan player's next discard passes (後めくり).
    AfterDiscard,
}

/// How ties in the final ranking are settled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TieRule {
    /// The seat closer to the first dealer ranks higher (Tenhou).
    SeatOrder,
    /// Tied players share their places' uma and oka equally (同順位).
    Split,
}

/// How final results are rounded to `result_unit`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ResultRounding {
    /// Exact results.
    None,
    /// Round the final points half away from zero, then subtract the return points
    /// (Tenhou: 16,500 -> 17 -> -13; -2,500 -> -3 -> -33).
    PointsHalfAway,
    /// Round `points - return points` five-down six-up (五捨六入).
    FiveDownSixUp,
}

/// Which discards are banned right after a chi or pon (喰い替え).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kuikae {
    /// Any discard is allowed.
    Allowed,
    /// Not the kind just called (現物喰い替え).
    SameKind,
    /// Not the kind just called, nor, after a chi called at one end of the sequence,
    /// the tile beyond its other end (筋喰い替え: 4 called with 23 bans 4 and 1).
    /// Tenhou's published rule, enforced by its official client.
    SameKindAndSuji,
}

impl Kuikae {
    /// Kinds (bits of 34) banned after a meld of `kind` whose lowest kind is `low`,
    /// called on `called`.
    pub fn mask(self, kind: crate::hand::MeldKind, low: usize, called: usize) -> u64 {
        if self == Kuikae::Allowed {
            return 0;
        }
        let mut m = 1u64 << called;
        if self == Kuikae::SameKindAndSuji && kind == crate::hand::MeldKind::Chi {
            let n = low % 9;
            if called == low && n <= 5 {
                m |= 1 << (low + 3);
            }
            if called == low + 2 && n >= 1 {
                m |= 1 << (low - 1);
            }
        }
        m
    }
}

crate::named_enum!(Length { East => "east", EastSouth => "east_south" });
crate::named_enum!(MultiRon { HeadBump => "head_bump", DoubleTripleDraw => "double_triple_draw", All => "all" });
crate::named_enum!(KanDoraTiming { Immediate => "immediate", AfterDiscard => "after_discard" });
crate::named_enum!(TieRule { SeatOrder => "seat_order", Split => "split" });
crate::named_enum!(ResultRounding { None => "none", PointsHalfAway => "points_half_away", FiveDownSixUp => "five_down_six_up" });
crate::named_enum!(Kuikae { Allowed => "allowed", SameKind => "same_kind", SameKindAndSuji => "same_kind_and_suji" });

/// What a chombo costs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Chombo {
    /// No penalty.
    None,
    /// This many points to each other player (seed 004, 2026: 1,000 all).
    EachPays(i32),
    /// A mangan paid as if by tsumo (seed 001): 4,000 all from the dealer, else
    /// 4,000 to the dealer and 2,000 to the others.
    Mangan,
}

/// The names of [`Chombo`]'s named values (points paid to each other player are the
/// third form).
const CHOMBO_NAMES: &[&str] = &["none", "mangan"];

impl OptionValue for Chombo {
    fn to_value(&self) -> Value {
        match *self {
            Chombo::None => Value::Text(CHOMBO_NAMES[0].into()),
            Chombo::Mangan => Value::Text(CHOMBO_NAMES[1].into()),
            Chombo::EachPays(x) => Value::Int(x as i64),
        }
    }
    fn from_value(v: &Value, kind: &Kind) -> Option<Self> {
        match v {
            Value::Int(x) => i32::try_from(*x).ok().map(Chombo::EachPays),
            Value::Text(t) => match kind.name_index(t)? {
                0 => Some(Chombo::None),
                _ => Some(Chombo::Mangan),
            },
            _ => None,
        }
    }
}

/// Bounds on amounts: they keep every sum of points far inside `i32`.
const POINTS: Kind = Kind::int(-1_000_000, 1_000_000);
const PAYMENT: Kind = Kind::int(0, 100_000);

crate::rule_options! {
    /// Match-ending conditions and final score rules.
    #[derive(Clone, Debug, PartialEq)]
    pub struct EngineRules ("match") {
        /// Scoring preset a match uses when it is given no scoring rules.
        scoring: &'static str = "tenhou", Kind::Name(Rules::PRESET_NAMES);
        /// Players at the table: 4, or 3 (seats 0-2, seat 3 empty; 108 tiles, no 2m-8m).
        players: u8 = 4, Kind::OneOf(&[3, 4]);
        /// Chi is allowed.
        chi: bool = true, Kind::Bool;
        /// Norths may be pulled aside as dora with a replacement draw (抜きドラ).
        nuki: bool = false, Kind::Bool;
        /// Three-player tsumo: the absent player's share is lost (ツモ損); else it is
        /// split between the two payers (折半). Ignored with four players.
        tsumo_loss: bool = false, Kind::Bool;
        /// A north pulled aside may be ronned by a hand it completes (not as chankan).
        nuki_ron: bool = false, Kind::Bool;
        /// Match length: east round only (東風戦) or east and south (半荘戦).
        length: Length = Length::EastSouth, Length::KIND;
        /// When nobody reaches `return_points` at the scheduled end, play on into the
        /// next wind in sudden death (南入 / 西入); the last hand of that wind ends it anyway.
        extension: bool = true, Kind::Bool;
        /// Points each player starts with.
        start_points: i32 = 25_000, Kind::int(1, 1_000_000);
        /// Points each player "returns" for the final result; (return - start) times the
        /// players is the oka, which goes to first place (negative oka is allowed).
        return_points: i32 = 30_000, Kind::int(0, 1_000_000);
        /// Uma for places 1-4 in points (20000 = +20); must add up to zero; the fourth
        /// is 0 at a three-player table.
        uma: [i32; 4] = [20_000, 10_000, -10_000, -20_000], Kind::Ints { len: 4, min: -1_000_000, max: 1_000_000 };
        /// Equal final scores: the seat closer to the first dealer ranks higher, or tied
        /// places share their uma and oka (同順位).
        tie_rule: TieRule = TieRule::SeatOrder, TieRule::KIND;
        /// Round final results to this many points (0: no unit); first place takes minus
        /// the sum of the others so results add up to zero.
        result_unit: i32 = 1000, PAYMENT;
        /// Rounding of final results: none, the points half away from zero before
        /// subtracting the return (Tenhou), or points minus the return five-down six-up (五捨六入).
        result_rounding: ResultRounding = ResultRounding::PointsHalfAway, ResultRounding::KIND;
        /// A score below zero ends the match (トビ).
        tobi: bool = true, Kind::Bool;
        /// The dealer of the last hand who wins while on top ends the match (アガリやめ).
        agari_yame: bool = true, Kind::Bool;
        /// The same for a dealer tenpai at an exhaustive draw of the last hand (テンパイやめ).
        tenpai_yame: bool = true, Kind::Bool;
        /// A draw in the last hand ends the match even if the dealer is tenpai.
        last_hand_draw_ends: bool = false, Kind::Bool;
        /// Riichi sticks left at the end go to the top player.
        leftover_sticks_to_top: bool = true, Kind::Bool;
        /// Several rons on one tile: only the first in turn order wins (頭ハネ), two win
        /// and three is an abortive draw, or all win.
        multi_ron: MultiRon = MultiRon::DoubleTripleDraw, MultiRon::KIND;
        /// Discards banned right after a chi or pon (喰い替え): none, the kind just
        /// called, or that kind and the suji beyond a chi's other end.
        kuikae: Kuikae = Kuikae::SameKindAndSuji, Kuikae::KIND;
        /// In a multiple ron every winner collects the honba (else only the winner
        /// nearest the discarder, like the riichi sticks: Tenhou).
        multi_ron_honba_all: bool = false, Kind::Bool;
        /// Kan dora of an open or added kan: flipped at once (先めくり) or after the kan
        /// player's next discard (後めくり).
        kan_dora_open: KanDoraTiming = KanDoraTiming::AfterDiscard, KanDoraTiming::KIND;
        /// Flip a kan dora when an added kan is robbed.
        kan_dora_on_chankan: bool = false, Kind::Bool;
        /// Least points a player needs to declare riichi.
        riichi_min_points: i32 = 1000, POINTS;
        /// Tiles that must be left in the live wall to declare riichi.
        riichi_min_wall: u8 = 4, Kind::int(0, 70);
        /// Points of one riichi stick.
        riichi_stick: i32 = 1000, PAYMENT;
        /// Points per honba on a ron; on a tsumo each payer pays an equal share.
        honba_ron: i32 = 300, PAYMENT;
        /// Noten payments at an exhaustive draw, in all (split among tenpai players).
        noten_total: i32 = 3000, PAYMENT;
        /// Nagashi mangan (流し満貫).
        nagashi_mangan: bool = true, Kind::Bool;
        /// Abortive draw: nine different terminals and honors in a first draw (九種九牌).
        abort_nine_terminals: bool = true, Kind::Bool;
        /// Abortive draw: the same wind discarded by all four in the first go-around (四風連打).
        abort_four_winds: bool = true, Kind::Bool;
        /// Abortive draw: four kans by more than one player (四槓散了).
        abort_four_kans: bool = true, Kind::Bool;
        /// Abortive draw: four players in riichi (四家立直).
        abort_four_riichi: bool = true, Kind::Bool;
        /// A kan may be declared with no tile left to draw.
        kan_on_last_tile: bool = false, Kind::Bool;
        /// Pao (liability) for feeding the third dragon set; a yakuman pao is paid when
        /// this and the scoring rules' `pao_daisangen` are both on.
        pao_big_dragons: bool = true, Kind::Bool;
        /// Pao for feeding the fourth wind set (scoring: `pao_daisuushii`).
        pao_big_winds: bool = true, Kind::Bool;
        /// Pao for feeding the fourth kan (scoring: `pao_suukantsu`).
        pao_four_kans: bool = false, Kind::Bool;
        /// A player who wins by tsumo on the replacement tile of an open kan called on a
        /// discard is paid the whole tsumo by that discarder (大明槓パオ; seed 004).
        pao_daiminkan_rinshan: bool = false, Kind::Bool;
        /// Match time limit in minutes, or none: once the caller reports the time is up,
        /// the hand in play is the last (the engine never reads a clock).
        time_limit_minutes: Option<u32> = None, Kind::OptionalInt { min: 1, max: 10_000 };
        /// Thirteen orphans may rob a closed kan.
        kokushi_robs_ankan: bool = true, Kind::Bool;
        /// Chombo (a false win, a broken wall): no penalty, a mangan paid as by tsumo, or
        /// points paid to each other player; the hand is voided and replayed.
        chombo: Chombo = Chombo::None, Kind::NameOrInt { names: CHOMBO_NAMES, min: 1, max: 100_000 };
        /// Wrong call penalty: points paid to each other player.
        wrong_call_each: i32 = 0, PAYMENT;
        /// Wrong ron penalty: points paid to each other player (the seat also forfeits
        /// winning for the rest of the hand).
        wrong_ron_each: i32 = 0, PAYMENT;
    }
}

crate::rule_presets! { EngineRules:
    /// Tenhou's ranked lobbies (4 players, east-south unless the lobby says east).
    TENHOU = "tenhou" [], from DEFAULTS,
        "Tenhou's four-player ranked lobbies, as the real records show (shared/data/tenhou)" {};
    /// Tenhou's three-player lobbies (三麻): 35,000 start, 40,000 return, uma
    /// +20/0/-20, no chi, norths pulled aside as dora (they may be ronned), tsumo
    /// loss, 1,000-point noten payments from each noten player (2,000 in all),
    /// riichi with 3 tiles left; each honba is 100 from each payer: 200 on a ron,
    /// 100 from each of the two others on a tsumo (the records).
    TENHOU_SANMA = "tenhou-sanma" [], from TENHOU, "Tenhou's three-player lobbies, as the real records show" {
        players: 3,
        chi: false,
        nuki: true,
        tsumo_loss: true,
        nuki_ron: true,
        honba_ron: 200,
        start_points: 35_000,
        return_points: 40_000,
        uma: [20_000, 0, -20_000, 0],
        noten_total: 2000,
        riichi_min_wall: 3,
        abort_four_winds: false,
        abort_four_riichi: false,
    };
    /// Seed 001's general rule book: east-south, all abortive draws, head bump not
    /// stated (double ron assumed as in most rule books), no uma given.
    STANDARD = "standard" [], from TENHOU, "seed 001 (general riichi rule book); shared/rules/riichi.md" {
        scoring: "standard",
        extension: false,
        uma: [0; 4],
        return_points: 25_000,
        result_unit: 0,
        result_rounding: ResultRounding::None,
        tobi: false,
        agari_yame: false,
        tenpai_yame: false,
        nagashi_mangan: false,
        kan_dora_open: KanDoraTiming::Immediate,
        multi_ron: MultiRon::All,
        multi_ron_honba_all: true,
        chombo: Chombo::Mangan,
    };
    /// Seed 004 up to 2025: east only without south entry, head bump, no abortive
    /// draws, kan dora at once, uma 5-10, ties split, 5-down 6-up rounding.
    SHIIMA_2025 = "shiima-2025" [], from TENHOU, "seed 004 (Shiima club house rules), rules up to 2025" {
        scoring: "shiima-2025",
        length: Length::East,
        extension: false,
        uma: [10_000, 5_000, -5_000, -10_000],
        tie_rule: TieRule::Split,
        result_unit: 1000,
        result_rounding: ResultRounding::FiveDownSixUp,
        tobi: true,
        agari_yame: true,
        last_hand_draw_ends: true,
        leftover_sticks_to_top: true,
        multi_ron: MultiRon::HeadBump,
        kan_dora_open: KanDoraTiming::Immediate,
        kan_dora_on_chankan: false,
        riichi_min_wall: 0,
        nagashi_mangan: false,
        abort_nine_terminals: false,
        abort_four_winds: false,
        abort_four_kans: false,
        abort_four_riichi: false,
        kan_on_last_tile: false,
        pao_four_kans: true,
        pao_daiminkan_rinshan: true,
    };
    /// Seed 004 from 2026: uma 10-30, 1,000-all penalties and a 50-minute limit.
    SHIIMA_2026 = "shiima-2026" ["shiima"], from SHIIMA_2025, "seed 004 (Shiima club house rules), rules from 2026" {
        scoring: "shiima-2026",
        uma: [30_000, 10_000, -10_000, -30_000],
        chombo: Chombo::EachPays(1000),
        wrong_call_each: 1000,
        wrong_ron_each: 1000,
        time_limit_minutes: Some(50),
    };
    /// Mahjong Soul ranked rooms: all rons on one tile win (no triple-ron draw), swap
    /// calls banned, thirteen orphans may rob a closed kan; the rest as Tenhou.
    MAHJONG_SOUL = "mahjong-soul" ["mjsoul", "majsoul"], from TENHOU,
        "riichienv 0.4.11 GameRule.default_mjsoul (sanchaho_is_draw false, kuikae_forbidden, allows_ron_on_ankan_for_kokushi_musou); docs/riichi_presets.md" {
        scoring: "mahjong-soul",
        multi_ron: MultiRon::All,
        kokushi_robs_ankan: true,
    };
    /// M.League: 25,000 start, 30,000 return (oka 20,000), uma +30/+10/-10/-30, no
    /// bust, no dealer stop, head bump, no abortive draws, kan dora at once (none on a
    /// robbed kan), no robbing a closed kan, chombo a mangan.
    M_LEAGUE = "m-league" ["mleague"], from TENHOU,
        "M.League official rules (m-league.jp), as summarised by majannavi.com/archives/55 and mahjong-space.com (M.League page); docs/riichi_presets.md" {
        scoring: "m-league",
        extension: false,
        uma: [30_000, 10_000, -10_000, -30_000],
        result_unit: 0,
        result_rounding: ResultRounding::None,
        tobi: false,
        agari_yame: false,
        tenpai_yame: false,
        multi_ron: MultiRon::HeadBump,
        abort_nine_terminals: false,
        abort_four_winds: false,
        abort_four_kans: false,
        abort_four_riichi: false,
        kan_dora_open: KanDoraTiming::Immediate,
        kan_dora_on_chankan: false,
        kokushi_robs_ankan: false,
        chombo: Chombo::Mangan,
    };
    /// World Riichi Championship: 30,000 start and return (no oka), uma
    /// +15/+5/-5/-15 shared on ties, no bust, no dealer stop, head bump, no abortive
    /// draws, no nagashi mangan.
    WRC = "wrc" [], from TENHOU,
        "World Riichi Championship Rules 2015 (worldriichi.org/wrc-rules; riichi.wiki World Riichi Championship rules); docs/riichi_presets.md" {
        scoring: "wrc",
        extension: false,
        start_points: 30_000,
        return_points: 30_000,
        uma: [15_000, 5_000, -5_000, -15_000],
        tie_rule: TieRule::Split,
        result_unit: 0,
        result_rounding: ResultRounding::None,
        tobi: false,
        agari_yame: false,
        tenpai_yame: false,
        multi_ron: MultiRon::HeadBump,
        nagashi_mangan: false,
        abort_nine_terminals: false,
        abort_four_winds: false,
        abort_four_kans: false,
        abort_four_riichi: false,
    };
    /// EMA 2016: as WRC, but every ron on one tile wins and the sticks left at the
    /// end go to the winner.
    EMA = "ema" [], from WRC,
        "EMA Riichi Competition Rules 2016 (mahjongnews.com 'Revised EMA riichi rules': uma, abortive draws, nagashi, multiple ron, leftover sticks); docs/riichi_presets.md" {
        scoring: "ema",
        multi_ron: MultiRon::All,
        leftover_sticks_to_top: true,
    };
}

impl EngineRules {
    /// Tiles in the live wall after the deal: 136 - 52 dealt - 14 dead = 70 with four
    /// players, 108 - 39 - 14 = 55 with three.
    pub fn live_wall(&self) -> u8 {
        if self.players == 3 {
            55
        } else {
            70
        }
    }
}

impl RuleSet for EngineRules {
    fn presets() -> &'static [Preset<EngineRules>] {
        EngineRules::PRESETS
    }

    /// Contradictions the engine would have to resolve silently (each option's own
    /// range is its kind). What is *not* rejected, because tables do play it: a return
    /// below the start (negative oka), three players with chi, options that only
    /// matter at a three-player table (`tsumo_loss`, `nuki_ron`) left on at four.
    fn check_combination(&self) -> Result<()> {
        let bad = |option: &str, why: String| Err(Error::InvalidRule(format!("{option}: {why}")));
        let n = self.players as i32;
        if self.players == 3 && self.uma[3] != 0 {
            return bad(
                "uma",
                format!("{:?}: a three-player table (players = 3) has no fourth place, so uma[3] must be 0", self.uma),
            );
        }
        // Uma moves points between players; results are made to add up to zero (first
        // place takes minus the others' sum when rounding), so uma must sum to zero.
        if self.uma.iter().sum::<i32>() != 0 {
            return bad(
                "uma",
                format!(
                    "{:?} sums to {}: uma must add up to zero (it moves points between places)",
                    self.uma,
                    self.uma.iter().sum::<i32>()
                ),
            );
        }
        // Four-player draws: at three players the engine would count the dealer's
        // second discard as the fourth wind, and four riichi can never happen.
        if self.players == 3 && self.abort_four_winds {
            return bad(
                "abort_four_winds",
                "needs four players (players = 3): there is no fourth discard in the first go-around".into(),
            );
        }
        if self.players == 3 && self.abort_four_riichi {
            return bad(
                "abort_four_riichi",
                "needs four players (players = 3): three players cannot all four be in riichi".into(),
            );
        }
        if self.riichi_min_wall > self.live_wall() {
            return bad(
                "riichi_min_wall",
                format!("{} is more than the {} tiles of the live wall after the deal with players = {n}: riichi would be impossible", self.riichi_min_wall, self.live_wall()),
            );
        }
        // On a tsumo each of the other players pays an equal share of the honba.
        if self.honba_ron % (n - 1) != 0 {
            return bad("honba_ron", format!("{}: must be a multiple of {} with players = {n} (each of the {} payers of a tsumo pays an equal share)", self.honba_ron, n - 1, n - 1));
        }
        // Split equally among 1..n-1 tenpai players and among 1..n-1 noten players.
        let split = if n == 4 { 6 } else { 2 };
        if self.noten_total % split != 0 {
            return bad(
                "noten_total",
                format!("{}: must be a multiple of {split} with players = {n} so that it splits evenly among any number of tenpai and noten players", self.noten_total),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::MeldKind;

    #[test]
    fn kuikae_masks_per_option() {
        // 2m3m4m called on 2m (low end): bans 2m and 5m under the full rule.
        let (low, called) = (1, 1);
        assert_eq!(Kuikae::SameKindAndSuji.mask(MeldKind::Chi, low, called), (1 << 1) | (1 << 4));
        assert_eq!(Kuikae::SameKind.mask(MeldKind::Chi, low, called), 1 << 1);
        assert_eq!(Kuikae::Allowed.mask(MeldKind::Chi, low, called), 0);
        // Called at the high end (4m with 2m3m): bans 4m and 1m.
        assert_eq!(Kuikae::SameKindAndSuji.mask(MeldKind::Chi, 1, 3), (1 << 3) | (1 << 0));
        // Kanchan (3m with 2m4m) and runs at the suit's edges have no suji ban; a pon
        // bans its own kind only.
        assert_eq!(Kuikae::SameKindAndSuji.mask(MeldKind::Chi, 1, 2), 1 << 2);
        assert_eq!(Kuikae::SameKindAndSuji.mask(MeldKind::Chi, 6, 6), 1 << 6);
        assert_eq!(Kuikae::SameKindAndSuji.mask(MeldKind::Chi, 0, 2), 1 << 2);
        assert_eq!(Kuikae::SameKindAndSuji.mask(MeldKind::Pon, 5, 5), 1 << 5);
        for p in EngineRules::PRESETS {
            assert_eq!(p.rules.kuikae, Kuikae::SameKindAndSuji);
        }
    }

    #[test]
    fn presets_validate_and_names_round_trip() {
        crate::options::checks::rule_set_is_consistent::<EngineRules>();
        assert_eq!(EngineRules::preset("SHIIMA"), Ok(EngineRules::SHIIMA_2026));
        assert_eq!(EngineRules::preset("tenhou_sanma").map(|r| r.players), Ok(3));
        let mut r = EngineRules::TENHOU;
        let e = r.set("multi_ron", &Value::Text("double".into())).map_err(|e| e.message().to_string());
        assert_eq!(e, Err("multi_ron = \"double\": expected \"head_bump\", \"double_triple_draw\" or \"all\"".into()));
        r.set("time_limit_minutes", &Value::Text("none".into())).unwrap();
        r.set("uma", &Value::List([30_000, 10_000, -10_000, -30_000].map(Value::Int).to_vec())).unwrap();
        assert_eq!((r.time_limit_minutes, r.uma), (None, [30_000, 10_000, -10_000, -30_000]));
    }

    #[test]
    fn validation_names_the_option() {
        let t = EngineRules::TENHOU;
        let cases: Vec<(EngineRules, &str)> = vec![
            (EngineRules { players: 2, ..t.clone() }, "players"),
            (EngineRules { start_points: -1, ..t.clone() }, "start_points"),
            (EngineRules { uma: [20_000, 10_000, -10_000, -10_000], ..t.clone() }, "uma"),
            (EngineRules { uma: [20_000, 0, -20_000, 5], ..EngineRules::TENHOU_SANMA }, "uma"),
            (EngineRules { honba_ron: 200, ..t.clone() }, "honba_ron"),
            (EngineRules { honba_ron: 301, ..EngineRules::TENHOU_SANMA }, "honba_ron"),
            (EngineRules { noten_total: 1000, ..t.clone() }, "noten_total"),
            (EngineRules { riichi_min_wall: 71, ..t.clone() }, "riichi_min_wall"),
            (EngineRules { riichi_min_wall: 56, ..EngineRules::TENHOU_SANMA }, "riichi_min_wall"),
            (EngineRules { chombo: Chombo::EachPays(0), ..t.clone() }, "chombo"),
            (EngineRules { time_limit_minutes: Some(0), ..t.clone() }, "time_limit_minutes"),
            (EngineRules { wrong_ron_each: -1, ..t.clone() }, "wrong_ron_each"),
            (EngineRules { abort_four_winds: true, ..EngineRules::TENHOU_SANMA }, "abort_four_winds"),
            (EngineRules { abort_four_riichi: true, ..EngineRules::TENHOU_SANMA }, "abort_four_riichi"),
        ];
        for (r, option) in cases {
            let e = r.validate().map_err(|e| e.message().to_string());
            assert!(matches!(&e, Err(m) if m.starts_with(option)), "{option}: {e:?}");
        }
        // Negative oka and three players with chi are played somewhere: accepted.
        assert_eq!(EngineRules { return_points: 20_000, ..t.clone() }.validate(), Ok(()));
        assert_eq!(EngineRules { chi: true, ..EngineRules::TENHOU_SANMA }.validate(), Ok(()));
    }
}
