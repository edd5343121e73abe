//! Scoring rule options of riichi mahjong.
//!
//! Every variant that changes a score is a field here; presets are named values built
//! by [`Rules::preset`]. The Python configuration layer (`mahjong_fast.rules`) owns
//! validation messages and file formats and passes a plain struct down; this module
//! re-checks the few invariants the scorer relies on ([`Rules::validate`]).
//!
//! Sources of the presets: seed 001 (a general rule book) for `standard`, the real
//! Tenhou records for `tenhou`, seed 004 (a club's house rules) for `shiima-2025` and
//! `shiima-2026`; the distilled table is `shared/rules/riichi.md`.

use crate::error::{Error, Result};

/// What 13 or more han without a yakuman is worth.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum KazoeLimit {
    /// Counted yakuman (数え役満): one yakuman.
    Yakuman,
    /// Capped at sanbaiman (三倍満).
    Sanbaiman,
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
}

/// Every scoring option. Construct with [`Rules::preset`] or field by field, then
/// call [`Rules::validate`].
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Rules {
    /// Red fives count as dora (赤ドラ).
    pub red_fives: bool,
    /// Tanyao counts in an open hand (喰いタン).
    pub open_tanyao: bool,
    /// Least han from yaku (dora excluded) for a hand to win.
    pub min_han: u8,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (切り上げ満貫).
    pub kiriage_mangan: bool,
    /// 13+ han without a yakuman.
    pub kazoe: KazoeLimit,
    /// Thirteen-sided kokushi (国士無双十三面) counts as a double yakuman.
    pub double_kokushi_13: bool,
    /// Four concealed triplets on a pair wait (四暗刻単騎) counts double.
    pub double_suuankou_tanki: bool,
    /// Pure nine gates (純正九蓮宝燈) counts double.
    pub double_junsei_chuuren: bool,
    /// Big four winds (大四喜) counts double.
    pub double_daisuushii: bool,
    /// Two different yakuman in one hand add up.
    pub yakuman_stacking: bool,
    /// Human win (人和).
    pub renhou: RenhouValue,
    /// Fu of a pair of a wind that is both the seat and the round wind (2 or 4).
    pub double_wind_pair_fu: u8,
    /// A pinfu hand won by tsumo scores 20 fu (no tsumo fu) and keeps pinfu.
    pub pinfu_tsumo: bool,
    /// A win on a kan replacement tile still earns the 2 tsumo fu.
    pub rinshan_tsumo_fu: bool,
    /// Haitei and rinshan may both count on one draw.
    pub haitei_with_rinshan: bool,
    /// Points per honba on a ron (a tsumo takes a third of it from each payer in
    /// 4-player, and the same per-payer amount in 3-player).
    pub honba_points: u32,
    /// Points of one riichi stick on the table.
    pub riichi_stick: u32,
    /// Pao for big three dragons (大三元).
    pub pao_daisangen: bool,
    /// Pao for big four winds (大四喜).
    pub pao_daisuushii: bool,
    /// Pao for four kans (四槓子).
    pub pao_suukantsu: bool,
    /// 3-player: each north tile set aside (抜きドラ) counts as a dora.
    pub kita_dora: bool,
    /// 3-player tsumo: the absent seat's share is not paid by anyone (ツモ損).
    /// When false, the missing share is split between the two payers.
    pub sanma_tsumo_loss: bool,
}

/// Names of the presets, in documentation order.
pub const PRESET_NAMES: [&str; 4] = ["standard", "tenhou", "shiima-2025", "shiima-2026"];

impl Rules {
    /// Tenhou's rules as its records show them (ranked lobbies with red fives and
    /// open tanyao on; the lobby flags map onto `red_fives` and `open_tanyao`).
    pub const TENHOU: Rules = Rules {
        red_fives: true,
        open_tanyao: true,
        min_han: 1,
        kiriage_mangan: false,
        kazoe: KazoeLimit::Yakuman,
        double_kokushi_13: false,
        double_suuankou_tanki: false,
        double_junsei_chuuren: false,
        double_daisuushii: false,
        yakuman_stacking: true,
        renhou: RenhouValue::Off,
        double_wind_pair_fu: 4,
        pinfu_tsumo: true,
        rinshan_tsumo_fu: true,
        haitei_with_rinshan: false,
        honba_points: 300,
        riichi_stick: 1000,
        pao_daisangen: true,
        pao_daisuushii: true,
        pao_suukantsu: false,
        kita_dora: true,
        sanma_tsumo_loss: true,
    };

    /// Seed 001, the general rule book: double-yakuman patterns count double, no
    /// renhou, red fives optional (on here; switch `red_fives` off for the plain game).
    pub const STANDARD: Rules = Rules {
        double_kokushi_13: true,
        double_suuankou_tanki: true,
        double_junsei_chuuren: true,
        double_daisuushii: true,
        pao_daisangen: false,
        pao_daisuushii: false,
        ..Rules::TENHOU
    };

    /// Seed 004, the Shiima club (2025 and 2026 score hands alike; they differ in
    /// uma and penalties, which are match rules).
    pub const SHIIMA: Rules = Rules {
        kiriage_mangan: true,
        renhou: RenhouValue::Han(6),
        double_wind_pair_fu: 2,
        pao_suukantsu: true,
        ..Rules::TENHOU
    };

    /// A preset by name: `standard`, `tenhou`, `shiima-2025`, `shiima-2026`.
    pub fn preset(name: &str) -> Result<Rules> {
        match name {
            "standard" => Ok(Rules::STANDARD),
            "tenhou" => Ok(Rules::TENHOU),
            "shiima-2025" | "shiima-2026" => Ok(Rules::SHIIMA),
            _ => Err(Error::InvalidRule(format!("unknown rule preset {name:?} (known: {})", PRESET_NAMES.join(", ")))),
        }
    }

    /// Check the invariants the scorer relies on.
    pub fn validate(&self) -> Result<()> {
        if !(1..=13).contains(&self.min_han) {
            return Err(Error::InvalidRule(format!("min_han = {}: expected 1..=13", self.min_han)));
        }
        if !matches!(self.double_wind_pair_fu, 2 | 4) {
            return Err(Error::InvalidRule(format!(
                "double_wind_pair_fu = {}: expected 2 or 4",
                self.double_wind_pair_fu
            )));
        }
        if let RenhouValue::Han(h) = self.renhou {
            if !(1..=12).contains(&h) {
                return Err(Error::InvalidRule(format!("renhou = {h} han: expected 1..=12 (or yakuman / off)")));
            }
        }
        if !self.honba_points.is_multiple_of(3) || self.honba_points > 3000 {
            return Err(Error::InvalidRule(format!(
                "honba_points = {}: must be a multiple of 3 (a tsumo splits it among three payers), at most 3000",
                self.honba_points
            )));
        }
        if self.riichi_stick > 100_000 {
            return Err(Error::InvalidRule(format!("riichi_stick = {}: at most 100000", self.riichi_stick)));
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
        for n in PRESET_NAMES {
            Rules::preset(n).unwrap().validate().unwrap();
        }
        assert!(Rules::preset("nope").is_err());
        assert_ne!(Rules::STANDARD, Rules::TENHOU);
        const { assert!(Rules::SHIIMA.kiriage_mangan && !Rules::TENHOU.kiriage_mangan) };
        let bad = Rules { min_han: 0, ..Rules::TENHOU };
        assert!(bad.validate().is_err());
    }
}
