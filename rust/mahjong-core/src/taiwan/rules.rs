//! The Taiwan rule set: every tai value and every disputed rule is an option.
//!
//! Defaults follow the common table of `shared/rules/taiwan.md`. Options are declared
//! once with their kinds and docs ([`crate::options`]); presets are named values
//! ([`RuleSet::preset`]), each with where its values come from.

use crate::error::Result;
use crate::options::{Kind, Preset, RuleSet};

/// How the four plant flowers are numbered (their printed number is their wind).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum PlantNumbering {
    /// 梅蘭菊竹 = 1 2 3 4 (seed 003 and most tables): 菊 is West, 竹 is North.
    MeiLanJuZhu,
    /// 梅蘭竹菊 = 1 2 3 4 (the association's 2009 table): 竹 is West, 菊 is North.
    MeiLanZhuJu,
}

/// What 地胡 (earthly win) means.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum EarthlyWin {
    /// A non-dealer self-draws on the first draw, nobody having called (default).
    FirstDrawSelfDraw,
    /// A non-dealer wins on the dealer's first discard.
    DealerFirstDiscard,
}

/// Flower replacement at the deal (used by the Python `TaiwanRound`).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum OpeningReplacement {
    /// Each seat, dealer first, replaces until it draws no flower.
    PerSeat,
    /// One replacement per flower per seat, round after round.
    Rounds,
}

crate::named_enum!(PlantNumbering { MeiLanJuZhu => "梅蘭菊竹", MeiLanZhuJu => "梅蘭竹菊" });
crate::named_enum!(EarthlyWin { FirstDrawSelfDraw => "first_draw_self_draw", DealerFirstDiscard => "dealer_first_discard" });
crate::named_enum!(OpeningReplacement { PerSeat => "per_seat", Rounds => "rounds" });

/// A tai value (0 switches a pattern off).
const TAI: Kind = Kind::int(0, 65_535);
/// An amount of points.
const AMOUNT: Kind = Kind::int(0, 1_000_000_000);

crate::rule_options! {
    /// Every option of a Taiwan rule set. Tai values of 0 switch a pattern off.
    #[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
    pub struct TaiwanRules ("taiwan") {
        /// Tai of 門清: no chow, pung or exposed kong.
        concealed: u16 = 1, TAI;
        /// Tai of 自摸 (self-draw).
        self_draw: u16 = 1, TAI;
        /// Tai of 門清自摸 (不求), which replaces 門清 + 自摸.
        concealed_self_draw: u16 = 3, TAI;
        /// Tai of 獨聽: only one tile kind completes the hand.
        single_wait: u16 = 1, TAI;
        /// Tai of each 圈風 / 門風 set.
        wind_set: u16 = 1, TAI;
        /// Tai of each 三元牌 set.
        dragon_set: u16 = 1, TAI;
        /// Tai of each 正花 (a flower of the seat's wind).
        seat_flower: u16 = 1, TAI;
        /// Tai of each 花槓 (a complete group of four flowers).
        flower_set: u16 = 2, TAI;
        /// Tai of 搶槓 (robbing a kong).
        robbing_kong: u16 = 1, TAI;
        /// Tai of 槓上開花 (win on a replacement tile).
        kong_bloom: u16 = 1, TAI;
        /// Tai of 海底撈月 (self-draw of the last tile).
        last_tile_draw: u16 = 1, TAI;
        /// Tai of 河底撈魚 (win on the last discard).
        last_discard: u16 = 1, TAI;
        /// Tai of 半求 (all melds exposed, self-drawn on a pair wait).
        half_calling: u16 = 1, TAI;
        /// Tai of 全求 (all melds exposed, won on a discard for the pair).
        all_calling: u16 = 2, TAI;
        /// Tai of 平胡 (all chows, no honors, a two-sided wait).
        all_chows: u16 = 2, TAI;
        /// Tai of 三暗刻 (three concealed pungs).
        three_concealed_pungs: u16 = 2, TAI;
        /// Tai of 四暗刻 (four concealed pungs).
        four_concealed_pungs: u16 = 5, TAI;
        /// Tai of 五暗刻 (five concealed pungs).
        five_concealed_pungs: u16 = 8, TAI;
        /// Tai of 碰碰胡 (all pungs).
        all_pungs: u16 = 4, TAI;
        /// Tai of 混一色 (one suit and honors).
        half_flush: u16 = 4, TAI;
        /// Tai of 清一色 (one suit).
        full_flush: u16 = 8, TAI;
        /// Tai of 字一色 (honors only).
        all_honors: u16 = 16, TAI;
        /// Tai of 小三元 (two dragon pungs and a dragon pair).
        little_three_dragons: u16 = 4, TAI;
        /// Tai of 大三元 (three dragon pungs).
        big_three_dragons: u16 = 8, TAI;
        /// Tai of 小四喜 (three wind pungs and a wind pair).
        little_four_winds: u16 = 8, TAI;
        /// Tai of 大四喜 (four wind pungs).
        big_four_winds: u16 = 16, TAI;
        /// Tai of 四槓 (four kongs).
        four_kongs: u16 = 8, TAI;
        /// Tai of 天胡 (the dealer wins on the deal).
        heavenly_win: u16 = 24, TAI;
        /// Tai of 地胡 (earthly win, see earthly_win_rule).
        earthly_win: u16 = 16, TAI;
        /// Tai of 人胡 (a non-dealer wins on a first-turn discard).
        human_win: u16 = 8, TAI;
        /// Tai of 七搶一 (seven flowers rob the eighth).
        seven_rob_one: u16 = 8, TAI;
        /// Tai of 八仙過海 (all eight flowers).
        eight_immortals: u16 = 8, TAI;
        /// Tai of 地聽: ready with the first discard after the deal, nobody having called,
        /// and declared so (the hand then cannot change); 門清 and 門清自摸 are not added
        /// to it (自摸 is). 0: no such declaration.
        ready_on_first_discard: u16 = 0, TAI;
        /// Tai of 嚦咕嚦咕: a concealed hand of seven pairs and one pung (a kind held four
        /// times is two pairs), with the tai of how it was won (門清 / 自摸, flowers,
        /// 海底, 槓上開花, 天胡...) and of its suits added, not those of sets or waits.
        /// 0: not a winning hand.
        seven_pairs_one_pung: u16 = 0, TAI;
        /// Tai of 莊家, added to payments the dealer takes part in.
        dealer: u16 = 1, TAI;
        /// Tai of 連莊 per consecutive deal kept: the dealer tai is dealer + N × (this +
        /// pull_per_consecutive_deal), 1 + 2N by default (連N拉N).
        per_consecutive_deal: u16 = 1, TAI;
        /// Tai of 拉莊 per consecutive deal kept, added to 連莊's (0 where a table has no 拉莊:
        /// the dealer tai is then dealer + N × per_consecutive_deal).
        pull_per_consecutive_deal: u16 = 1, TAI;
        /// Most consecutive deals that count (0 = no cap).
        consecutive_cap: u16 = 0, TAI;
        /// Most tai a hand scores, dealer tai apart (0 = no cap).
        tai_cap: u16 = 0, TAI;
        /// A flower of the prevailing wind scores like a seat flower (seed 003: yes).
        round_wind_flower_scores: bool = false, Kind::Bool;
        /// Numbering of the plant flowers: a flower's wind is its printed number.
        plant_numbering: PlantNumbering = PlantNumbering::MeiLanJuZhu, PlantNumbering::KIND;
        /// What 地胡 (earthly win) means.
        earthly_win_rule: EarthlyWin = EarthlyWin::FirstDrawSelfDraw, EarthlyWin::KIND;
        /// 槓上開花 also on the replacement after an exposed kong (大明槓).
        kong_bloom_on_exposed_kong: bool = true, Kind::Bool;
        /// 槓上開花 when a 七搶一 winner completes a hand with the replacement tile he took
        /// from the player who exposed the eighth flower.
        kong_bloom_on_stolen_replacement: bool = true, Kind::Bool;
        /// 平胡 may be scored by a concealed hand (some tables void it there).
        all_chows_concealed: bool = true, Kind::Bool;
        /// 平胡 may be self-drawn (most tables: no, won on a discard only).
        all_chows_self_draw: bool = false, Kind::Bool;
        /// 平胡 with flowers (seed 003 and most tables: no).
        all_chows_with_flowers: bool = false, Kind::Bool;
        /// 平胡 only when no other pattern scores.
        all_chows_exclusive: bool = false, Kind::Bool;
        /// 小四喜 keeps the 圈風 / 門風 tai of its wind sets.
        little_winds_keep_wind_tai: bool = true, Kind::Bool;
        /// 正花 still counts for flowers inside a 花槓.
        flower_set_keeps_seat_flowers: bool = true, Kind::Bool;
        /// Tiles left unplayed at the exhaustive draw.
        exhaustive_reserve: u16 = 16, Kind::int(0, 100);
        /// More tiles kept per kong declared.
        reserve_per_kong: u16 = 0, Kind::int(0, 10);
        /// 底: points paid on every win.
        base: u32 = 100, AMOUNT;
        /// 台: points paid per tai.
        per_tai: u32 = 20, AMOUNT;
        /// Flower replacement at the deal (TaiwanRound): each seat, dealer first, replaces
        /// until it draws no flower, or one replacement per flower per seat, round after round.
        opening_replacement: OpeningReplacement = OpeningReplacement::PerSeat, OpeningReplacement::KIND;
        /// Prevailing winds a match (TaiwanMatch) plays: 4 is one 將 (East to North), each
        /// wind ending when the deal has passed round all four seats.
        match_winds: u16 = 4, Kind::int(1, 4);
        /// The dealer keeps the deal after an exhaustive draw (連莊 on a draw); otherwise
        /// the deal passes on.
        dealer_keeps_on_draw: bool = true, Kind::Bool;
    }
}

crate::rule_presets! { TaiwanRules:
    /// The default column of `shared/rules/taiwan.md` (the values most public tables
    /// agree on; plants numbered 梅蘭菊竹; only the seat's flowers score).
    COMMON = "common" ["default"], from DEFAULTS,
        "the default column of shared/rules/taiwan.md: the values most public tables agree on" {};
    /// `common` plus what seed 003 (しらぎくフラ雀's Taiwan mahjong) states: a flower of
    /// the seat wind **or the prevailing wind** scores; 地胡 is a non-dealer's win on
    /// the dealer's first discard; 花槓 2 tai; 七搶一 / 八仙過海 8 tai; plants 梅蘭菊竹 =
    /// East..North.
    SEED003 = "seed003" [], from COMMON,
        "seed 003 (しらぎくフラ雀, flower tiles in Taiwan mahjong): a flower of the seat OR the prevailing wind scores; 地胡 is a non-dealer's win on the dealer's first discard" {
        round_wind_flower_scores: true,
        earthly_win_rule: EarthlyWin::DealerFirstDiscard,
    };
    /// `common` with the values the Taiwan mahjong association's table (atawmj.org.tw,
    /// revision of the 2009-12-26 rules meeting) states where they differ: plants
    /// numbered 梅蘭竹菊 (竹 West, 菊 North); 槓上開花 only on the replacement after a
    /// flower, a concealed kong or an added kong (not an exposed kong); 地聽 4 tai; 連莊
    /// and 拉莊 1 each per deal kept (as the default).
    ATAWMJ2009 = "atawmj2009" [], from COMMON,
        "the Taiwan mahjong association's tai table (atawmj.org.tw, revision of the 2009-12-26 rules meeting): plants numbered 梅蘭竹菊 (竹 West, 菊 North); 槓上開花 only after a flower, a concealed kong or an added kong; 地聽 4 tai" {
        plant_numbering: PlantNumbering::MeiLanZhuJu,
        kong_bloom_on_exposed_kong: false,
        ready_on_first_discard: 4,
    };
}

impl RuleSet for TaiwanRules {
    fn presets() -> &'static [Preset<TaiwanRules>] {
        TaiwanRules::PRESETS
    }

    fn check_combination(&self) -> Result<()> {
        Ok(())
    }
}

impl Default for TaiwanRules {
    fn default() -> Self {
        TaiwanRules::COMMON
    }
}

impl TaiwanRules {
    /// The wind (0 East .. 3 North) a flower stands for, by its printed number.
    #[inline]
    pub const fn flower_wind(&self, flower: usize) -> usize {
        if flower >= 4 {
            return flower - 4;
        }
        match (self.plant_numbering, flower) {
            (PlantNumbering::MeiLanZhuJu, 2) => 3,
            (PlantNumbering::MeiLanZhuJu, 3) => 2,
            _ => flower,
        }
    }

    /// Dealer tai for a dealer who has kept the deal `consecutive` times.
    #[inline]
    pub fn dealer_tai(&self, consecutive: u16) -> u32 {
        let n = if self.consecutive_cap > 0 { consecutive.min(self.consecutive_cap) } else { consecutive };
        self.dealer as u32 + (self.per_consecutive_deal as u32 + self.pull_per_consecutive_deal as u32) * n as u32
    }

    /// Points of one payment: base + tai × rate.
    #[inline]
    pub fn points(&self, tai: u32) -> u64 {
        self.base as u64 + tai as u64 * self.per_tai as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Value;

    #[test]
    fn set_by_name_and_errors() {
        crate::options::checks::rule_set_is_consistent::<TaiwanRules>();
        let mut r = TaiwanRules::default();
        r.set("flower_set", &Value::Int(1)).unwrap();
        assert_eq!(r.flower_set, 1);
        r.set("plant_numbering", &Value::Text("梅蘭竹菊".into())).unwrap();
        assert_eq!(r.flower_wind(3), 2);
        assert_eq!(r.flower_wind(2), 3);
        assert!(r.set("nope", &Value::Int(1)).unwrap_err().message().contains("nope"));
        let e = r.set("flower_set", &Value::Int(-1)).unwrap_err();
        assert_eq!(e.message(), "flower_set = -1: expected 0-65535");
        assert!(r.set("flower_set", &Value::Bool(true)).is_err());
        let mut copy = TaiwanRules::default();
        for (k, v) in r.values() {
            copy.set(k, &v).unwrap();
        }
        assert_eq!(copy, r);
        assert_eq!(TaiwanRules::preset("default"), Ok(TaiwanRules::COMMON));
    }

    #[test]
    fn presets_and_dealer_tai() {
        assert_eq!(TaiwanRules::PRESET_NAMES, ["common", "seed003", "atawmj2009"]);
        assert!(TaiwanRules::preset("x").is_err());
        let mut r = TaiwanRules::default();
        assert_eq!(r.dealer_tai(0), 1);
        assert_eq!(r.dealer_tai(2), 5);
        r.consecutive_cap = 1;
        assert_eq!(r.dealer_tai(3), 3);
        assert_eq!(r.points(5), 200);
    }
}
