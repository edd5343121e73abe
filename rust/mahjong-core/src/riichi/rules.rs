//! Scoring rule options of riichi mahjong.
//!
//! Every variant that changes a score is an option here, declared once with its
//! kind, default and doc ([`crate::options`]); presets are named values of it.
//! Validation ([`RuleSet::validate`]) and its messages are the same for Rust and
//! Python users.
//!
//! Sources of the presets: seed 001 (a general rule book) for `standard`, the real
//! Tenhou records for `tenhou`, seed 004 (a club's house rules) for `shiima-2025` and
//! `shiima-2026`; the distilled table is `shared/rules/riichi.md`.

use crate::error::{Error, Result};
use crate::options::{Kind, OptionValue, Preset, RuleSet, Value};

/// What 13 or more han without a yakuman is worth.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum KazoeLimit {
    /// Counted yakuman (数え役満): one yakuman.
    Yakuman,
    /// Capped at sanbaiman (三倍満).
    Sanbaiman,
    /// One yakuman per full 13 han: 13-25 one, 26-38 double, 39-51 triple, ...
    /// (the `mahjong` package's `KAZOE_NO_LIMIT`).
    Multiple,
}

/// Which suits make the seven-pairs yakuman of 2 to 8 of one suit (大車輪).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Daisharin {
    /// Not a yakuman.
    Off,
    /// Pins only: daisharin (大車輪), the `mahjong` package's `has_daisharin`.
    Pin,
    /// Any suit: daisharin in pins, daichikurin (大竹林) in sou, daisuurin (大数隣) in
    /// man (`has_daisharin_other_suits`).
    AllSuits,
}

/// Which of a dealer's consecutive wins is the yakuman paarenchan (八連荘).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Paarenchan {
    /// Not a yakuman.
    Off,
    /// The eighth win in a row only (seven won before it).
    Eighth,
    /// The eighth win in a row and every later one.
    FromEighth,
}

/// The fu a yakuman hand reports (its points do not depend on it).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum YakumanFu {
    /// The hand's fu counted as for an ordinary hand without pinfu; thirteen orphans
    /// report the base (20, or 30 on a closed ron).
    Counted,
    /// As Tenhou records it: thirteen orphans 0 fu, a pinfu-shaped hand its pinfu fu
    /// (20 for a heavenly or earthly win), every other hand counted.
    Tenhou,
}

/// What a yakuman is worth under aotenjou (青天井), which has no limit to pay it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum AotenjouYakuman {
    /// 13 han a multiple plus the hand's dora, at its fu (20 at least; thirteen orphans
    /// at 30, won either way).
    Counted,
    /// A fixed 10,000,000 from a non-dealer's discarder (15,000,000 for a dealer), a
    /// multiple each: base points 2,500,000 a yakuman.
    Fixed,
    /// 13 han a multiple plus the reading's other yaku (less those the yakuman implies:
    /// the dragon sets and shousangen under daisangen, toitoi under a yakuman of
    /// triplets, the one-suit yaku under nine gates, ...) and its dora, at the
    /// reading's fu; thirteen orphans alone with its dora at 30 fu on a tsumo, 40 on a
    /// ron (the `mahjong` package's `Aotenjou`).
    WithYaku,
}

/// How a human win (人和) scores.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum RenhouValue {
    /// Not a yaku.
    Off,
    /// A closed-only yaku worth this many han.
    Han(u8),
    /// A yakuman.
    Yakuman,
    /// Exactly a mangan, not added to the hand's other yaku and dora: the win scores
    /// the higher of a mangan and the hand without renhou (EMA 2016).
    Mangan,
}

/// The names of [`RenhouValue`]'s named values (a han count is the last form).
const RENHOU_NAMES: &[&str] = &["off", "yakuman", "mangan"];

impl OptionValue for RenhouValue {
    fn to_value(&self) -> Value {
        match *self {
            RenhouValue::Off => Value::Text(RENHOU_NAMES[0].into()),
            RenhouValue::Yakuman => Value::Text(RENHOU_NAMES[1].into()),
            RenhouValue::Mangan => Value::Text(RENHOU_NAMES[2].into()),
            RenhouValue::Han(h) => Value::Int(h as i64),
        }
    }
    fn from_value(v: &Value, kind: &Kind) -> Option<Self> {
        match v {
            Value::Int(h) => u8::try_from(*h).ok().map(RenhouValue::Han),
            Value::Text(t) => match kind.name_index(t)? {
                0 => Some(RenhouValue::Off),
                1 => Some(RenhouValue::Yakuman),
                _ => Some(RenhouValue::Mangan),
            },
            _ => None,
        }
    }
}

crate::named_enum!(KazoeLimit { Yakuman => "yakuman", Sanbaiman => "sanbaiman", Multiple => "multiple" });
crate::named_enum!(YakumanFu { Counted => "counted", Tenhou => "tenhou" });
crate::named_enum!(Paarenchan { Off => "off", Eighth => "eighth", FromEighth => "from_eighth" });
crate::named_enum!(AotenjouYakuman { Counted => "counted", Fixed => "fixed", WithYaku => "with_yaku" });
crate::named_enum!(Daisharin { Off => "off", Pin => "pin", AllSuits => "all_suits" });

crate::rule_options! {
    /// Every scoring option. Construct with [`RuleSet::preset`] or field by field,
    /// then call [`RuleSet::validate`].
    #[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
    pub struct Rules ("riichi scoring") {
        /// Red fives count as dora (赤ドラ).
        red_fives: bool = true, Kind::Bool;
        /// Tanyao counts in an open hand (喰いタン).
        open_tanyao: bool = true, Kind::Bool;
        /// Least han from yaku (dora excluded) for a hand to win.
        min_han: u8 = 1, Kind::int(1, 13);
        /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (切り上げ満貫).
        kiriage_mangan: bool = false, Kind::Bool;
        /// What 13 or more han without a yakuman is worth: a counted yakuman (数え役満),
        /// sanbaiman, or one yakuman per full 13 han (26 double, 39 triple).
        kazoe: KazoeLimit = KazoeLimit::Yakuman, KazoeLimit::KIND;
        /// No limit (青天井): base points are fu x 2^(han+2) at any han, and a yakuman
        /// counts 13 han per multiple plus its dora; limits, kazoe and kiriage do not
        /// apply. `score` counts the points exactly at any size; a batch row past the
        /// int32 columns is a `PointsOverflowError`.
        aotenjou: bool = false, Kind::Bool;
        /// Under aotenjou, a yakuman: "counted" (13 han a multiple plus its dora, at the
        /// hand's fu; thirteen orphans at 30), "fixed" (10,000,000 on a non-dealer's ron, 15,000,000 on a
        /// dealer's, a multiple each: Chinese Wikipedia 青天井規則's first reading) or
        /// "with_yaku" (13 han a multiple plus the reading's other yaku, less those the
        /// yakuman implies, and its dora, at its fu; thirteen orphans at 30 fu on a tsumo
        /// and 40 on a ron: the `mahjong` package 2.1's `Aotenjou` calculator).
        aotenjou_yakuman: AotenjouYakuman = AotenjouYakuman::Counted, AotenjouYakuman::KIND;
        /// Thirteen-sided kokushi (国士無双十三面) counts as a double yakuman.
        double_kokushi_13: bool = true, Kind::Bool;
        /// Four concealed triplets on a pair wait (四暗刻単騎) counts double.
        double_suuankou_tanki: bool = true, Kind::Bool;
        /// Pure nine gates (純正九蓮宝燈) counts double.
        double_junsei_chuuren: bool = true, Kind::Bool;
        /// Big four winds (大四喜) counts double.
        double_daisuushii: bool = true, Kind::Bool;
        /// Two different yakuman in one hand add up.
        yakuman_stacking: bool = true, Kind::Bool;
        /// Human win (人和): not a yaku, a yakuman, exactly a mangan ("mangan": the higher
        /// of a mangan and the hand without it), or a closed-only yaku of this many han.
        renhou: RenhouValue = RenhouValue::Off, Kind::NameOrInt { names: RENHOU_NAMES, min: 1, max: 12 };
        /// Most yakuman a hand is paid (none: no cap; 6 is the `mahjong` package's
        /// `limit_to_sextuple_yakuman`); counted yakuman are capped alike.
        yakuman_cap: Option<u32> = None, Kind::OptionalInt { min: 1, max: 20 };
        /// Seven pairs of 2 to 8 of one suit (大車輪) as a yakuman: "off", "pin" (pins
        /// only) or "all_suits" (大竹林 in sou, 大数隣 in man).
        daisharin: Daisharin = Daisharin::Off, Daisharin::KIND;
        /// Seven pairs of honors (大七星) as a yakuman of its own, beside all honors.
        daichisei: bool = false, Kind::Bool;
        /// A heavenly win (天和) with thirteen orphans counts as the thirteen-sided wait
        /// (any of its fourteen tiles could be the last: riichienv's reading).
        tenhou_kokushi_13: bool = false, Kind::Bool;
        /// A player not in riichi who deals into an open riichi (オープン立直) pays a
        /// yakuman (役満払い): the hand is paid as a yakuman when it is worth less.
        open_riichi_deal_in: bool = false, Kind::Bool;
        /// Paarenchan (八連荘): the dealer's eighth win in a row (`dealer_wins` = 7 of the
        /// win's context) is a yakuman: "off", "eighth" (that win only) or "from_eighth"
        /// (it and every later one). No other yaku is needed.
        paarenchan: Paarenchan = Paarenchan::Off, Paarenchan::KIND;
        /// Ippatsu (一発) is a yaku.
        ippatsu: bool = true, Kind::Bool;
        /// Ura dora (裏ドラ) count for a riichi hand.
        ura_dora: bool = true, Kind::Bool;
        /// Kan dora (槓ドラ, and kan ura dora): the indicators after the first count.
        kan_dora: bool = true, Kind::Bool;
        /// A nagashi mangan (流し満貫) pays the honba as a tsumo does (it counts as a win,
        /// as in EMA's rules before 2016); else none (a draw with mangan payments).
        nagashi_honba: bool = false, Kind::Bool;
        /// Fu of a pair of a wind that is both the seat and the round wind.
        double_wind_pair_fu: u8 = 4, Kind::OneOf(&[2, 4]);
        /// A pinfu hand won by tsumo scores 20 fu (no tsumo fu) and keeps pinfu; when
        /// false it keeps pinfu and the 2 tsumo fu (30 fu).
        pinfu_tsumo: bool = true, Kind::Bool;
        /// Pinfu counts on a tsumo win; when false a pinfu-shaped tsumo takes the 2
        /// tsumo fu and loses pinfu (the `mahjong` package's `fu_for_pinfu_tsumo`).
        pinfu_on_tsumo: bool = true, Kind::Bool;
        /// An open hand with no fu won on a discard gets 2 fu (30 fu); when false it
        /// scores 20 fu (the `mahjong` package's `fu_for_open_pinfu`).
        fu_for_open_pinfu: bool = true, Kind::Bool;
        /// The fu a yakuman hand reports (points do not depend on it): "counted" or
        /// "tenhou" (thirteen orphans 0, a pinfu shape its pinfu fu, as Tenhou records).
        yakuman_fu: YakumanFu = YakumanFu::Counted, YakumanFu::KIND;
        /// A win on a kan replacement tile still earns the 2 tsumo fu.
        rinshan_tsumo_fu: bool = true, Kind::Bool;
        /// Haitei and rinshan may both count on one draw.
        haitei_with_rinshan: bool = false, Kind::Bool;
        /// Points per honba on a ron (a tsumo takes a third of it from each payer in
        /// 4-player, and the same per-payer amount in 3-player).
        honba_points: u32 = 300, Kind::Int { min: 0, max: 3000, step: 3 };
        /// 3-player: points per honba of a win (none: as `honba_points`, each tsumo
        /// payer paying a third of it). A ron pays it whole; a tsumo splits it evenly
        /// between the two payers, so it must be even (200: 100 from each).
        sanma_honba_points: Option<u32> = None, Kind::OptionalInt { min: 0, max: 3000 };
        /// Points of one riichi stick on the table.
        riichi_stick: u32 = 1000, Kind::int(0, 100_000);
        /// Pao for big three dragons (大三元).
        pao_daisangen: bool = false, Kind::Bool;
        /// Pao for big four winds (大四喜).
        pao_daisuushii: bool = false, Kind::Bool;
        /// Pao for four kans (四槓子).
        pao_suukantsu: bool = false, Kind::Bool;
        /// 3-player: each north tile set aside (抜きドラ) counts as a dora.
        kita_dora: bool = true, Kind::Bool;
        /// 3-player tsumo: the absent seat's share is not paid by anyone (ツモ損);
        /// when false, the missing share is split between the two payers.
        sanma_tsumo_loss: bool = true, Kind::Bool;
    }
}

crate::rule_presets! { Rules:
    /// Seed 001, the general rule book: double-yakuman patterns count double, no
    /// renhou, red fives optional (on here; switch `red_fives` off for the plain game).
    STANDARD = "standard" [], from DEFAULTS, "seed 001 (general riichi rule book); shared/rules/riichi.md" {};
    /// Tenhou's rules as its records show them (ranked lobbies with red fives and
    /// open tanyao on; the lobby flags map onto `red_fives` and `open_tanyao`).
    TENHOU = "tenhou" [], from STANDARD, "Tenhou server behaviour shown by its real records (shared/data/tenhou)" {
        yakuman_fu: YakumanFu::Tenhou,
        double_kokushi_13: false,
        double_suuankou_tanki: false,
        double_junsei_chuuren: false,
        double_daisuushii: false,
        pao_daisangen: true,
        pao_daisuushii: true,
    };
    /// Seed 004, the Shiima club, up to 2025.
    SHIIMA_2025 = "shiima-2025" [], from TENHOU, "seed 004 (Shiima club house rules), rules up to 2025" {
        kiriage_mangan: true,
        renhou: RenhouValue::Han(6),
        double_wind_pair_fu: 2,
        pao_suukantsu: true,
    };
    /// Seed 004 from 2026: hands score as in 2025 (the years differ in uma and
    /// penalties, which are match rules).
    SHIIMA_2026 = "shiima-2026" [], from SHIIMA_2025, "seed 004 (Shiima club house rules), rules from 2026" {};
    /// Mahjong Soul (雀魂) ranked rooms: the four double yakuman, pao for big dragons
    /// and big winds, red fives, open tanyao, counted yakuman, no kiriage.
    MAHJONG_SOUL = "mahjong-soul" ["mjsoul", "majsoul"], from STANDARD,
        "riichienv 0.4.11 GameRule.default_mjsoul (kokushi 13-sided, suuankou tanki, junsei chuuren and daisuushii double; yakuman pao); docs/riichi_presets.md" {
        pao_daisangen: true,
        pao_daisuushii: true,
    };
    /// M.League: red fives (one a suit), open tanyao, yakuman combine but no pattern
    /// counts double, 13 han without a yakuman is sanbaiman, pao for big dragons, big
    /// winds and four kans.
    M_LEAGUE = "m-league" ["mleague"], from STANDARD,
        "M.League official rules (m-league.jp), as summarised by majannavi.com/archives/55, k-bys.work/mleague-rule and top3776.hatenablog.com (yakuman rules); docs/riichi_presets.md" {
        double_kokushi_13: false,
        double_suuankou_tanki: false,
        double_junsei_chuuren: false,
        double_daisuushii: false,
        kazoe: KazoeLimit::Sanbaiman,
        pao_daisangen: true,
        pao_daisuushii: true,
        pao_suukantsu: true,
    };
    /// World Riichi Championship rules (2015): no red fives, kiriage mangan, 13 han
    /// capped at sanbaiman, every yakuman single and none combine, renhou a mangan
    /// that adds to other yaku, pao for big dragons and big winds.
    WRC = "wrc" [], from STANDARD,
        "World Riichi Championship Rules 2015 (worldriichi.org/wrc-rules, with the 2014 errata on renhou); docs/riichi_presets.md" {
        red_fives: false,
        kiriage_mangan: true,
        kazoe: KazoeLimit::Sanbaiman,
        double_kokushi_13: false,
        double_suuankou_tanki: false,
        double_junsei_chuuren: false,
        double_daisuushii: false,
        yakuman_stacking: false,
        renhou: RenhouValue::Han(5),
        pao_daisangen: true,
        pao_daisuushii: true,
    };
    /// EMA Riichi Competition Rules 2016: as WRC but without kiriage, and renhou
    /// exactly a mangan.
    EMA = "ema" [], from WRC,
        "EMA Riichi Competition Rules 2016 (the changes published with it, mahjongnews.com 'Revised EMA riichi rules'; riichi.wiki EMA Riichi Competition Rules); docs/riichi_presets.md" {
        kiriage_mangan: false,
        renhou: RenhouValue::Mangan,
    };
    /// JPML (日本プロ麻雀連盟) competition rules: no red fives, no ippatsu, no ura or kan
    /// dora, 13 han capped at sanbaiman, single yakuman, renhou a mangan.
    JPML = "jpml" [], from STANDARD,
        "JPML competition rules (ma-jan.or.jp/guide/game_rule.php, archived 2012-06-02); docs/riichi_presets.md" {
        red_fives: false,
        ippatsu: false,
        ura_dora: false,
        kan_dora: false,
        kazoe: KazoeLimit::Sanbaiman,
        double_kokushi_13: false,
        double_suuankou_tanki: false,
        double_junsei_chuuren: false,
        double_daisuushii: false,
        yakuman_stacking: false,
        renhou: RenhouValue::Mangan,
    };
}

impl RuleSet for Rules {
    fn presets() -> &'static [Preset<Rules>] {
        Rules::PRESETS
    }

    fn check_combination(&self) -> Result<()> {
        if let Some(h) = self.sanma_honba_points {
            if h % 2 != 0 {
                return Err(Error::InvalidRule(format!(
                    "sanma_honba_points = {h}: a 3-player tsumo splits it between two payers, expected an even number"
                )));
            }
        }
        if let RenhouValue::Han(h) = self.renhou {
            if h < self.min_han {
                return Err(Error::InvalidRule(format!(
                    "renhou = {h} han contradicts min_han = {} (renhou could never win alone)",
                    self.min_han
                )));
            }
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::STANDARD
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_validate_and_differ() {
        crate::options::checks::rule_set_is_consistent::<Rules>();
        assert_eq!(
            Rules::PRESET_NAMES,
            ["standard", "tenhou", "shiima-2025", "shiima-2026", "mahjong-soul", "m-league", "wrc", "ema", "jpml"]
        );
        assert!(Rules::preset("nope").is_err());
        assert_ne!(Rules::STANDARD, Rules::TENHOU);
        const { assert!(Rules::SHIIMA_2025.kiriage_mangan && !Rules::TENHOU.kiriage_mangan) };
        let bad = Rules { min_han: 0, ..Rules::TENHOU };
        assert_eq!(bad.validate().map_err(|e| e.message().to_string()), Err("min_han = 0: expected 1-13".into()));
        let bad = Rules { min_han: 4, renhou: RenhouValue::Han(2), ..Rules::TENHOU };
        assert!(bad.validate().unwrap_err().message().contains("contradicts min_han"));
        let mut r = Rules::TENHOU;
        let e = r.set("honba_points", &Value::Int(100)).unwrap_err();
        assert_eq!(e.message(), "honba_points = 100: expected a multiple of 3 in 0-3000");
        r.set("renhou", &Value::Text("yakuman".into())).unwrap();
        assert_eq!(r.renhou, RenhouValue::Yakuman);
    }
}
