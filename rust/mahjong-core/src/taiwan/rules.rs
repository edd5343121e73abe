//! The Taiwan rule set: every tai value and every disputed rule is an option.
//!
//! Defaults follow the common table of `shared/rules/taiwan.md`. Presets are named
//! values ([`TaiwanRules::preset`]); each documents where its values come from. Options
//! are also settable by name ([`TaiwanRules::set`]), which is how Python passes a rule
//! set in without a second copy of the field list.

use crate::error::{Error, Result};

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

/// Every option of a Taiwan rule set. Tai values of 0 switch a pattern off.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct TaiwanRules {
    // --- tai values ---
    /// 門清: no chow, pung or exposed kong.
    pub concealed: u16,
    /// 自摸.
    pub self_draw: u16,
    /// 門清自摸 (不求): replaces 門清 + 自摸.
    pub concealed_self_draw: u16,
    /// 獨聽: only one tile kind completes the hand.
    pub single_wait: u16,
    /// 圈風 / 門風 set, each.
    pub wind_set: u16,
    /// 三元牌 set, each.
    pub dragon_set: u16,
    /// 正花, each flower.
    pub seat_flower: u16,
    /// 花槓, each complete group of four.
    pub flower_set: u16,
    /// 搶槓.
    pub robbing_kong: u16,
    /// 槓上開花.
    pub kong_bloom: u16,
    /// 海底撈月.
    pub last_tile_draw: u16,
    /// 河底撈魚.
    pub last_discard: u16,
    /// 半求.
    pub half_calling: u16,
    /// 全求.
    pub all_calling: u16,
    /// 平胡.
    pub all_chows: u16,
    /// 三暗刻.
    pub three_concealed_pungs: u16,
    /// 四暗刻.
    pub four_concealed_pungs: u16,
    /// 五暗刻.
    pub five_concealed_pungs: u16,
    /// 碰碰胡.
    pub all_pungs: u16,
    /// 混一色.
    pub half_flush: u16,
    /// 清一色.
    pub full_flush: u16,
    /// 字一色.
    pub all_honors: u16,
    /// 小三元.
    pub little_three_dragons: u16,
    /// 大三元.
    pub big_three_dragons: u16,
    /// 小四喜.
    pub little_four_winds: u16,
    /// 大四喜.
    pub big_four_winds: u16,
    /// 四槓.
    pub four_kongs: u16,
    /// 天胡.
    pub heavenly_win: u16,
    /// 地胡.
    pub earthly_win: u16,
    /// 人胡.
    pub human_win: u16,
    /// 七搶一.
    pub seven_rob_one: u16,
    /// 八仙過海.
    pub eight_immortals: u16,
    /// 莊家: added to payments the dealer takes part in.
    pub dealer: u16,
    /// 連莊: per consecutive deal kept (連N拉N = dealer + N × this).
    pub per_consecutive_deal: u16,
    /// Most consecutive deals that count (0 = no cap).
    pub consecutive_cap: u16,
    /// Most tai a hand scores, dealer tai apart (0 = no cap).
    pub tai_cap: u16,
    // --- switches ---
    /// A flower of the prevailing wind scores like a seat flower (seed 003: yes).
    pub round_wind_flower_scores: bool,
    /// Numbering of the plant flowers.
    pub plant_numbering: PlantNumbering,
    /// Definition of 地胡.
    pub earthly_win_rule: EarthlyWin,
    /// 槓上開花 also on the replacement after an exposed kong (大明槓).
    pub kong_bloom_on_exposed_kong: bool,
    /// 槓上開花 when a 七搶一 winner completes a hand with the replacement tile he took
    /// from the player who exposed the eighth flower.
    pub kong_bloom_on_stolen_replacement: bool,
    /// 平胡 may be scored by a concealed hand (some tables void it there).
    pub all_chows_concealed: bool,
    /// 平胡 may be self-drawn (most tables: no, won on a discard only).
    pub all_chows_self_draw: bool,
    /// 平胡 with flowers (seed 003 and most tables: no).
    pub all_chows_with_flowers: bool,
    /// 平胡 only when no other pattern scores.
    pub all_chows_exclusive: bool,
    /// 小四喜 keeps the 圈風 / 門風 tai of its wind sets.
    pub little_winds_keep_wind_tai: bool,
    /// 正花 still counts for flowers inside a 花槓.
    pub flower_set_keeps_seat_flowers: bool,
    // --- wall and payments ---
    /// Tiles left unplayed at the exhaustive draw.
    pub exhaustive_reserve: u16,
    /// More tiles kept per kong declared.
    pub reserve_per_kong: u16,
    /// 底: paid on every win.
    pub base: u32,
    /// 台: paid per tai.
    pub per_tai: u32,
}

impl Default for TaiwanRules {
    fn default() -> Self {
        TaiwanRules {
            concealed: 1,
            self_draw: 1,
            concealed_self_draw: 3,
            single_wait: 1,
            wind_set: 1,
            dragon_set: 1,
            seat_flower: 1,
            flower_set: 2,
            robbing_kong: 1,
            kong_bloom: 1,
            last_tile_draw: 1,
            last_discard: 1,
            half_calling: 1,
            all_calling: 2,
            all_chows: 2,
            three_concealed_pungs: 2,
            four_concealed_pungs: 5,
            five_concealed_pungs: 8,
            all_pungs: 4,
            half_flush: 4,
            full_flush: 8,
            all_honors: 16,
            little_three_dragons: 4,
            big_three_dragons: 8,
            little_four_winds: 8,
            big_four_winds: 16,
            four_kongs: 8,
            heavenly_win: 24,
            earthly_win: 16,
            human_win: 8,
            seven_rob_one: 8,
            eight_immortals: 8,
            dealer: 1,
            per_consecutive_deal: 2,
            consecutive_cap: 0,
            tai_cap: 0,
            round_wind_flower_scores: false,
            plant_numbering: PlantNumbering::MeiLanJuZhu,
            earthly_win_rule: EarthlyWin::FirstDrawSelfDraw,
            kong_bloom_on_exposed_kong: true,
            kong_bloom_on_stolen_replacement: true,
            all_chows_concealed: true,
            all_chows_self_draw: false,
            all_chows_with_flowers: false,
            all_chows_exclusive: false,
            little_winds_keep_wind_tai: true,
            flower_set_keeps_seat_flowers: true,
            exhaustive_reserve: 16,
            reserve_per_kong: 0,
            base: 100,
            per_tai: 20,
        }
    }
}

/// Names of the presets, in the order the docs list them.
pub const PRESETS: [&str; 3] = ["common", "seed003", "atawmj2009"];

macro_rules! rule_fields {
    ($m:ident) => {
        $m! {
            ints: concealed, self_draw, concealed_self_draw, single_wait, wind_set, dragon_set,
                seat_flower, flower_set, robbing_kong, kong_bloom, last_tile_draw, last_discard,
                half_calling, all_calling, all_chows, three_concealed_pungs, four_concealed_pungs,
                five_concealed_pungs, all_pungs, half_flush, full_flush, all_honors,
                little_three_dragons, big_three_dragons, little_four_winds, big_four_winds,
                four_kongs, heavenly_win, earthly_win, human_win, seven_rob_one, eight_immortals,
                dealer, per_consecutive_deal, consecutive_cap, tai_cap, exhaustive_reserve,
                reserve_per_kong;
            bools: round_wind_flower_scores, kong_bloom_on_exposed_kong,
                kong_bloom_on_stolen_replacement, all_chows_concealed, all_chows_self_draw,
                all_chows_with_flowers, all_chows_exclusive, little_winds_keep_wind_tai,
                flower_set_keeps_seat_flowers
        }
    };
}

/// A rule option's value as Python passes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleValue {
    Int(i64),
    Bool(bool),
    Text(String),
}

macro_rules! impl_setters {
    (ints: $($i:ident),*; bools: $($b:ident),*) => {
        impl TaiwanRules {
            /// Every option name [`TaiwanRules::set`] accepts.
            pub const OPTION_NAMES: &'static [&'static str] = &[
                $(stringify!($i),)* $(stringify!($b),)* "plant_numbering", "earthly_win_rule", "base", "per_tai"
            ];

            /// Every option and its value, in [`TaiwanRules::OPTION_NAMES`] order.
            pub fn values(&self) -> Vec<(&'static str, RuleValue)> {
                let mut v = Vec::with_capacity(Self::OPTION_NAMES.len());
                $(v.push((stringify!($i), RuleValue::Int(self.$i as i64)));)*
                $(v.push((stringify!($b), RuleValue::Bool(self.$b)));)*
                v.push(("plant_numbering", RuleValue::Text(match self.plant_numbering {
                    PlantNumbering::MeiLanJuZhu => "梅蘭菊竹",
                    PlantNumbering::MeiLanZhuJu => "梅蘭竹菊",
                }.into())));
                v.push(("earthly_win_rule", RuleValue::Text(match self.earthly_win_rule {
                    EarthlyWin::FirstDrawSelfDraw => "first_draw_self_draw",
                    EarthlyWin::DealerFirstDiscard => "dealer_first_discard",
                }.into())));
                v.push(("base", RuleValue::Int(self.base as i64)));
                v.push(("per_tai", RuleValue::Int(self.per_tai as i64)));
                v
            }

            /// Set one option by name; errors name the option and the value.
            pub fn set(&mut self, name: &str, value: &RuleValue) -> Result<()> {
                let bad = |why: &str| Error::InvalidRule(format!("taiwan rule {name} = {value:?}: {why}"));
                match name {
                    $(stringify!($i) => {
                        let RuleValue::Int(v) = value else { return Err(bad("expected an integer")) };
                        self.$i = u16::try_from(*v).map_err(|_| bad("expected 0..=65535"))?;
                    })*
                    $(stringify!($b) => {
                        let RuleValue::Bool(v) = value else { return Err(bad("expected True or False")) };
                        self.$b = *v;
                    })*
                    "base" | "per_tai" => {
                        let RuleValue::Int(v) = value else { return Err(bad("expected an integer")) };
                        let v = u32::try_from(*v).map_err(|_| bad("expected 0..=4294967295"))?;
                        if name == "base" { self.base = v } else { self.per_tai = v }
                    }
                    "plant_numbering" => {
                        let RuleValue::Text(t) = value else { return Err(bad("expected text")) };
                        self.plant_numbering = match t.as_str() {
                            "梅蘭菊竹" | "mei_lan_ju_zhu" => PlantNumbering::MeiLanJuZhu,
                            "梅蘭竹菊" | "mei_lan_zhu_ju" => PlantNumbering::MeiLanZhuJu,
                            _ => return Err(bad("expected 梅蘭菊竹 or 梅蘭竹菊")),
                        };
                    }
                    "earthly_win_rule" => {
                        let RuleValue::Text(t) = value else { return Err(bad("expected text")) };
                        self.earthly_win_rule = match t.as_str() {
                            "first_draw_self_draw" => EarthlyWin::FirstDrawSelfDraw,
                            "dealer_first_discard" => EarthlyWin::DealerFirstDiscard,
                            _ => return Err(bad("expected first_draw_self_draw or dealer_first_discard")),
                        };
                    }
                    _ => return Err(Error::InvalidRule(format!("unknown taiwan rule option {name:?}"))),
                }
                Ok(())
            }
        }
    };
}
rule_fields!(impl_setters);

impl TaiwanRules {
    /// A named preset.
    ///
    /// - `common`: the default column of `shared/rules/taiwan.md` (the values most
    ///   public tables agree on; plants numbered 梅蘭菊竹; only the seat's flowers score).
    /// - `seed003`: `common` plus what seed 003 (しらぎくフラ雀's Taiwan mahjong) states:
    ///   a flower of the seat wind **or the prevailing wind** scores; 地胡 is a
    ///   non-dealer's win on the dealer's first discard; 花槓 2 tai;
    ///   七搶一 / 八仙過海 8 tai; plants 梅蘭菊竹 = East..North.
    /// - `atawmj2009`: `common` with the values the Taiwan mahjong association's table
    ///   (atawmj.org.tw, revision of the 2009-12-26 rules meeting) states where they
    ///   differ: plants numbered 梅蘭竹菊 (竹 West, 菊 North); 槓上開花 only on the
    ///   replacement after a flower, a concealed kong or an added kong (not an exposed kong).
    pub fn preset(name: &str) -> Result<TaiwanRules> {
        let mut r = TaiwanRules::default();
        match name {
            "common" | "default" => {}
            "seed003" => {
                r.round_wind_flower_scores = true;
                r.earthly_win_rule = EarthlyWin::DealerFirstDiscard;
            }
            "atawmj2009" => {
                r.plant_numbering = PlantNumbering::MeiLanZhuJu;
                r.kong_bloom_on_exposed_kong = false;
            }
            _ => {
                return Err(Error::InvalidRule(format!(
                    "unknown taiwan preset {name:?} (known: {})",
                    PRESETS.join(", ")
                )))
            }
        }
        Ok(r)
    }

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
        self.dealer as u32 + self.per_consecutive_deal as u32 * n as u32
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

    #[test]
    fn set_by_name_and_errors() {
        let mut r = TaiwanRules::default();
        r.set("flower_set", &RuleValue::Int(1)).unwrap();
        assert_eq!(r.flower_set, 1);
        r.set("plant_numbering", &RuleValue::Text("梅蘭竹菊".into())).unwrap();
        assert_eq!(r.flower_wind(3), 2);
        assert_eq!(r.flower_wind(2), 3);
        assert!(r.set("nope", &RuleValue::Int(1)).unwrap_err().message().contains("nope"));
        assert!(r.set("flower_set", &RuleValue::Int(-1)).is_err());
        assert!(r.set("flower_set", &RuleValue::Bool(true)).is_err());
        assert!(TaiwanRules::OPTION_NAMES.contains(&"per_tai"));
        let mut copy = TaiwanRules::default();
        for (k, v) in r.values() {
            copy.set(k, &v).unwrap();
        }
        assert_eq!(copy, r);
        assert_eq!(r.values().len(), TaiwanRules::OPTION_NAMES.len());
    }

    #[test]
    fn presets_and_dealer_tai() {
        for p in PRESETS {
            TaiwanRules::preset(p).unwrap();
        }
        assert!(TaiwanRules::preset("x").is_err());
        let mut r = TaiwanRules::default();
        assert_eq!(r.dealer_tai(0), 1);
        assert_eq!(r.dealer_tai(2), 5);
        r.consecutive_cap = 1;
        assert_eq!(r.dealer_tai(3), 3);
        assert_eq!(r.points(5), 200);
    }
}
