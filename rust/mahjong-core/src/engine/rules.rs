//! Rule options of the round and match engine (what happens between wins), with the
//! presets `tenhou`, `standard` (seed 001), `shiima-2025` and `shiima-2026` (seed 004)
//! as plain values. The scoring of a single win (yaku, fu, points) is the riichi
//! scorer's business and has its own options; this file holds only the flow rules.
//! Sources per option: `../shared/rules/riichi.md` (table "Riichi rule options").

use crate::error::{Error, Result};

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

/// Gives an option enum its configuration names (snake_case of the variant, the
/// spelling the Python rule sets and rule files use) and parses them back.
macro_rules! option_names {
    ($ty:ident, $option:literal, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value's configuration name, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($name),+];
            /// This value's configuration name.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
            /// The value of a configuration name, or `InvalidRule` naming the option.
            pub fn from_name(name: &str) -> Result<Self> {
                match name {
                    $($name => Ok($ty::$variant),)+
                    _ => Err(Error::InvalidRule(format!(
                        "{} = {:?}: expected one of {}",
                        $option,
                        name,
                        Self::NAMES.join(", ")
                    ))),
                }
            }
        }
    };
}

option_names!(Length, "length", { East => "east", EastSouth => "east_south" });
option_names!(MultiRon, "multi_ron", { HeadBump => "head_bump", DoubleTripleDraw => "double_triple_draw", All => "all" });
option_names!(KanDoraTiming, "kan_dora_open", { Immediate => "immediate", AfterDiscard => "after_discard" });
option_names!(TieRule, "tie_rule", { SeatOrder => "seat_order", Split => "split" });
option_names!(ResultRounding, "result_rounding", { None => "none", PointsHalfAway => "points_half_away", FiveDownSixUp => "five_down_six_up" });
option_names!(Kuikae, "kuikae", { Allowed => "allowed", SameKind => "same_kind", SameKindAndSuji => "same_kind_and_suji" });

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

/// Match-ending conditions and final score rules.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineRules {
    /// Players at the table: 4, or 3 (三人麻雀: seats 0..3, seat 3 empty; the wall
    /// has no 2m-8m, 108 tiles).
    pub players: u8,
    /// Chi is allowed (not in three-player).
    pub chi: bool,
    /// Norths may be pulled aside as dora with a replacement draw (抜きドラ,
    /// three-player).
    pub nuki: bool,
    /// Three-player tsumo: the two others pay their usual shares and the absent
    /// player's share is lost (ツモ損); else it is split between them (折半).
    pub tsumo_loss: bool,
    /// A north pulled aside may be ronned by a hand it completes (not as chankan).
    pub nuki_ron: bool,
    pub length: Length,
    /// Extend into the next wind when nobody reaches `return_points` at the end
    /// (Tenhou's 南入 for east-only, 西入 for east-south; sudden death: the first hand
    /// ending with someone at or above the target ends the match, and the last hand
    /// of that one extra wind ends it anyway).
    pub extension: bool,
    pub start_points: i32,
    /// Points each player "returns" for the final result; the difference times four
    /// is the oka that goes to first place.
    pub return_points: i32,
    /// Uma for places 1..4, in points (e.g. 20,000 for +20).
    pub uma: [i32; 4],
    pub tie_rule: TieRule,
    /// Round final results to this many points; first place takes minus the sum of
    /// the others so the results add up to zero.
    pub result_unit: i32,
    pub result_rounding: ResultRounding,
    /// A score below zero ends the match (トビ).
    pub tobi: bool,
    /// The dealer of the last hand who wins while on top ends the match (アガリやめ).
    pub agari_yame: bool,
    /// The same for a dealer who is tenpai at an exhaustive draw (テンパイやめ).
    pub tenpai_yame: bool,
    /// A draw in the last hand ends the match even if the dealer is tenpai.
    pub last_hand_draw_ends: bool,
    /// Riichi sticks left at the end go to the top player.
    pub leftover_sticks_to_top: bool,
    pub multi_ron: MultiRon,
    /// Discards banned right after a chi or pon.
    pub kuikae: Kuikae,
    /// In a multiple ron every winner collects the honba (else only the winner
    /// nearest the discarder, like the riichi sticks: Tenhou).
    pub multi_ron_honba_all: bool,
    pub kan_dora_open: KanDoraTiming,
    /// Flip a kan dora when the kakan is robbed.
    pub kan_dora_on_chankan: bool,
    pub riichi_min_points: i32,
    /// Tiles that must be left in the live wall to declare riichi.
    pub riichi_min_wall: u8,
    pub riichi_stick: i32,
    pub honba_ron: i32,
    pub noten_total: i32,
    pub nagashi_mangan: bool,
    pub abort_nine_terminals: bool,
    pub abort_four_winds: bool,
    pub abort_four_kans: bool,
    pub abort_four_riichi: bool,
    /// A kan may be declared with no tile left to draw.
    pub kan_on_last_tile: bool,
    pub pao_big_dragons: bool,
    pub pao_big_winds: bool,
    pub pao_four_kans: bool,
    /// A player who wins by tsumo on the replacement tile of an open kan called on a
    /// discard (大明槓からの嶺上開花) is paid the whole tsumo by that discarder
    /// (seed 004: 大明槓パオ有り; the liability pays as for yakuman pao).
    pub pao_daiminkan_rinshan: bool,
    /// Match time limit in minutes (seed 004, 2026: 50): once the caller reports the
    /// time is up, the match ends after the hand in play. The engine never reads a
    /// clock; `None` means no limit.
    pub time_limit_minutes: Option<u32>,
    /// Thirteen orphans may rob a closed kan.
    pub kokushi_robs_ankan: bool,
    /// Chombo (a false win, a broken wall): what the offender pays; the hand is
    /// voided and replayed by the same dealer with the same counters.
    pub chombo: Chombo,
    /// Penalties of seed 004 paid to each other player: a wrong call, a wrong ron
    /// (which also forfeits winning for the rest of the hand).
    pub wrong_call_each: i32,
    pub wrong_ron_each: i32,
}

impl EngineRules {
    /// Tenhou's ranked lobbies (4 players, east-south unless the lobby says east).
    pub fn tenhou() -> Self {
        EngineRules {
            players: 4,
            chi: true,
            nuki: false,
            tsumo_loss: false,
            nuki_ron: false,
            length: Length::EastSouth,
            extension: true,
            start_points: 25_000,
            return_points: 30_000,
            uma: [20_000, 10_000, -10_000, -20_000],
            tie_rule: TieRule::SeatOrder,
            result_unit: 1000,
            result_rounding: ResultRounding::PointsHalfAway,
            tobi: true,
            agari_yame: true,
            tenpai_yame: true,
            last_hand_draw_ends: false,
            leftover_sticks_to_top: true,
            multi_ron: MultiRon::DoubleTripleDraw,
            kuikae: Kuikae::SameKindAndSuji,
            multi_ron_honba_all: false,
            kan_dora_open: KanDoraTiming::AfterDiscard,
            kan_dora_on_chankan: false,
            riichi_min_points: 1000,
            riichi_min_wall: 4,
            riichi_stick: 1000,
            honba_ron: 300,
            noten_total: 3000,
            nagashi_mangan: true,
            abort_nine_terminals: true,
            abort_four_winds: true,
            abort_four_kans: true,
            abort_four_riichi: true,
            kan_on_last_tile: false,
            pao_big_dragons: true,
            pao_big_winds: true,
            pao_four_kans: false,
            pao_daiminkan_rinshan: false,
            time_limit_minutes: None,
            kokushi_robs_ankan: true,
            chombo: Chombo::None,
            wrong_call_each: 0,
            wrong_ron_each: 0,
        }
    }

    /// Tenhou's three-player lobbies (三麻): 35,000 start, 40,000 return, uma
    /// +20/0/-20, no chi, norths pulled aside as dora (they may be ronned), tsumo
    /// loss, 1,000-point noten payments from each noten player (2,000 in all),
    /// riichi with 3 tiles left; each honba is 100 from each payer: 200 on a ron,
    /// 100 from each of the two others on a tsumo (the records).
    pub fn tenhou_sanma() -> Self {
        EngineRules {
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
            ..Self::tenhou()
        }
    }

    /// Seed 001's general rule book: east-south, all abortive draws, head bump not
    /// stated (double ron assumed as in most rule books), no uma given.
    pub fn standard() -> Self {
        EngineRules {
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
            ..Self::tenhou()
        }
    }

    /// Seed 004 up to 2025: east only without south entry, head bump, no abortive
    /// draws, kan dora at once, uma 5-10, ties split, 100-point rounding.
    pub fn shiima_2025() -> Self {
        EngineRules {
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
            ..Self::tenhou()
        }
    }

    /// Seed 004 from 2026: uma 10-30, 1,000-all penalties and a 50-minute limit.
    pub fn shiima_2026() -> Self {
        EngineRules {
            uma: [30_000, 10_000, -10_000, -30_000],
            chombo: Chombo::EachPays(1000),
            wrong_call_each: 1000,
            wrong_ron_each: 1000,
            time_limit_minutes: Some(50),
            ..Self::shiima_2025()
        }
    }

    /// A preset by name (`tenhou`, `standard`, `shiima-2025`, `shiima-2026`).
    pub fn preset(name: &str) -> Result<Self> {
        Ok(match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "tenhou" => Self::tenhou(),
            "tenhou-sanma" => Self::tenhou_sanma(),
            "standard" => Self::standard(),
            "shiima-2025" => Self::shiima_2025(),
            "shiima-2026" | "shiima" => Self::shiima_2026(),
            _ => {
                return Err(Error::InvalidRule(format!(
                "unknown engine preset {name:?} (expected tenhou, tenhou-sanma, standard, shiima-2025 or shiima-2026)"
            )))
            }
        })
    }

    /// The riichi scoring preset that goes with an engine preset of this name (a
    /// three-player table scores with its four-player lobby's rules; the scorer
    /// takes the player count from each win).
    pub fn scoring_preset(name: &str) -> &str {
        match name.to_ascii_lowercase().replace('_', "-").as_str() {
            "tenhou-sanma" => "tenhou",
            _ => name,
        }
    }

    /// Names of the presets.
    pub const PRESETS: [&'static str; 5] = ["tenhou", "tenhou-sanma", "standard", "shiima-2025", "shiima-2026"];

    /// Names of the options, in declaration order (the Python `MatchRules` fields and
    /// the keys of a rule file use these names).
    pub const FIELDS: [&'static str; 43] = [
        "players",
        "chi",
        "nuki",
        "tsumo_loss",
        "nuki_ron",
        "length",
        "extension",
        "start_points",
        "return_points",
        "uma",
        "tie_rule",
        "result_unit",
        "result_rounding",
        "tobi",
        "agari_yame",
        "tenpai_yame",
        "last_hand_draw_ends",
        "leftover_sticks_to_top",
        "multi_ron",
        "kuikae",
        "multi_ron_honba_all",
        "kan_dora_open",
        "kan_dora_on_chankan",
        "riichi_min_points",
        "riichi_min_wall",
        "riichi_stick",
        "honba_ron",
        "noten_total",
        "nagashi_mangan",
        "abort_nine_terminals",
        "abort_four_winds",
        "abort_four_kans",
        "abort_four_riichi",
        "kan_on_last_tile",
        "pao_big_dragons",
        "pao_big_winds",
        "pao_four_kans",
        "pao_daiminkan_rinshan",
        "time_limit_minutes",
        "kokushi_robs_ankan",
        "chombo",
        "wrong_call_each",
        "wrong_ron_each",
    ];

    /// Tiles in the live wall after the deal: 136 - 52 dealt - 14 dead = 70 with four
    /// players, 108 - 39 - 14 = 55 with three.
    pub fn live_wall(&self) -> u8 {
        if self.players == 3 {
            55
        } else {
            70
        }
    }

    /// Check that the options can be played: values in range and no contradiction
    /// the engine would have to resolve silently. Errors are `InvalidRule` naming the
    /// option. Limits on amounts keep every sum of points far inside `i32`.
    ///
    /// What is *not* rejected, because tables do play it: a return below the start
    /// (negative oka), three players with chi, options that only matter at a
    /// three-player table (`tsumo_loss`, `nuki_ron`) left on at four.
    pub fn validate(&self) -> Result<()> {
        let bad = |option: &str, why: String| Err(Error::InvalidRule(format!("{option}: {why}")));
        let amount = |option: &str, v: i32, lo: i32, hi: i32| -> Result<()> {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                bad(option, format!("{v} is out of range {lo}..={hi}"))
            }
        };
        if !matches!(self.players, 3 | 4) {
            return bad("players", format!("{}: expected 3 or 4", self.players));
        }
        let n = self.players as i32;
        amount("start_points", self.start_points, 1, 1_000_000)?;
        amount("return_points", self.return_points, 0, 1_000_000)?;
        for (i, &u) in self.uma.iter().enumerate() {
            amount(&format!("uma[{i}]"), u, -1_000_000, 1_000_000)?;
        }
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
        amount("result_unit", self.result_unit, 0, 100_000)?;
        amount("riichi_min_points", self.riichi_min_points, -1_000_000, 1_000_000)?;
        if self.riichi_min_wall > self.live_wall() {
            return bad(
                "riichi_min_wall",
                format!("{} is more than the {} tiles of the live wall after the deal with players = {n}: riichi would be impossible", self.riichi_min_wall, self.live_wall()),
            );
        }
        amount("riichi_stick", self.riichi_stick, 0, 100_000)?;
        amount("honba_ron", self.honba_ron, 0, 100_000)?;
        // On a tsumo each of the other players pays an equal share of the honba.
        if self.honba_ron % (n - 1) != 0 {
            return bad("honba_ron", format!("{}: must be a multiple of {} with players = {n} (each of the {} payers of a tsumo pays an equal share)", self.honba_ron, n - 1, n - 1));
        }
        amount("noten_total", self.noten_total, 0, 100_000)?;
        // Split equally among 1..n-1 tenpai players and among 1..n-1 noten players.
        let split = if n == 4 { 6 } else { 2 };
        if self.noten_total % split != 0 {
            return bad(
                "noten_total",
                format!("{}: must be a multiple of {split} with players = {n} so that it splits evenly among any number of tenpai and noten players", self.noten_total),
            );
        }
        if let Chombo::EachPays(x) = self.chombo {
            amount("chombo", x, 1, 100_000)
                .map_err(|e| Error::InvalidRule(format!("{} (no penalty is \"none\")", e.message())))?;
        }
        amount("wrong_call_each", self.wrong_call_each, 0, 100_000)?;
        amount("wrong_ron_each", self.wrong_ron_each, 0, 100_000)?;
        if let Some(m) = self.time_limit_minutes {
            if !(1..=10_000).contains(&m) {
                return bad("time_limit_minutes", format!("{m} is out of range 1..=10000 (no limit is None)"));
            }
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
            assert_eq!(EngineRules::preset(p).map(|r| r.kuikae), Ok(Kuikae::SameKindAndSuji));
        }
    }

    #[test]
    fn presets_validate_and_names_round_trip() {
        for p in EngineRules::PRESETS {
            assert_eq!(EngineRules::preset(p).and_then(|r| r.validate()), Ok(()), "{p}");
        }
        for n in Length::NAMES {
            assert_eq!(Length::from_name(n).map(Length::name), Ok(*n));
        }
        for n in MultiRon::NAMES {
            assert_eq!(MultiRon::from_name(n).map(MultiRon::name), Ok(*n));
        }
        for n in ResultRounding::NAMES {
            assert_eq!(ResultRounding::from_name(n).map(ResultRounding::name), Ok(*n));
        }
        for n in Kuikae::NAMES {
            assert_eq!(Kuikae::from_name(n).map(Kuikae::name), Ok(*n));
        }
        let e = MultiRon::from_name("double").map_err(|e| e.message().to_string());
        assert!(matches!(e, Err(m) if m.starts_with("multi_ron = \"double\"")));
    }

    #[test]
    fn validation_names_the_option() {
        let t = EngineRules::tenhou();
        let cases: Vec<(EngineRules, &str)> = vec![
            (EngineRules { players: 2, ..t.clone() }, "players"),
            (EngineRules { start_points: -1, ..t.clone() }, "start_points"),
            (EngineRules { uma: [20_000, 10_000, -10_000, -10_000], ..t.clone() }, "uma"),
            (EngineRules { uma: [20_000, 0, -20_000, 5], ..EngineRules::tenhou_sanma() }, "uma"),
            (EngineRules { honba_ron: 200, ..t.clone() }, "honba_ron"),
            (EngineRules { honba_ron: 301, ..EngineRules::tenhou_sanma() }, "honba_ron"),
            (EngineRules { noten_total: 1000, ..t.clone() }, "noten_total"),
            (EngineRules { riichi_min_wall: 71, ..t.clone() }, "riichi_min_wall"),
            (EngineRules { riichi_min_wall: 56, ..EngineRules::tenhou_sanma() }, "riichi_min_wall"),
            (EngineRules { chombo: Chombo::EachPays(0), ..t.clone() }, "chombo"),
            (EngineRules { time_limit_minutes: Some(0), ..t.clone() }, "time_limit_minutes"),
            (EngineRules { wrong_ron_each: -1, ..t.clone() }, "wrong_ron_each"),
            (EngineRules { abort_four_winds: true, ..EngineRules::tenhou_sanma() }, "abort_four_winds"),
            (EngineRules { abort_four_riichi: true, ..EngineRules::tenhou_sanma() }, "abort_four_riichi"),
        ];
        for (r, option) in cases {
            let e = r.validate().map_err(|e| e.message().to_string());
            assert!(matches!(&e, Err(m) if m.starts_with(option)), "{option}: {e:?}");
        }
        // Negative oka and three players with chi are played somewhere: accepted.
        assert_eq!(EngineRules { return_points: 20_000, ..t.clone() }.validate(), Ok(()));
        assert_eq!(EngineRules { chi: true, ..EngineRules::tenhou_sanma() }.validate(), Ok(()));
    }
}
