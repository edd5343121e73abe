//! Points: base points from han and fu, limit hands, and who pays what.
//!
//! base = fu × 2^(han+2), capped at mangan (2,000); 6-7 han haneman (3,000), 8-10 baiman
//! (4,000), 11-12 sanbaiman (6,000), 13+ kazoe (per rules), yakuman 8,000 each.
//! Ron: 4 × base from the discarder (6 × for the dealer). Tsumo: the dealer pays
//! 2 × base and each other player 1 × base (a dealer's tsumo: 2 × base from each).
//! Every payment is rounded up to 100 on its own.

use super::context::WinContext;
use super::rules::{KazoeLimit, Rules};

/// The limit a hand reached.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Limit {
    None,
    Mangan,
    Haneman,
    Baiman,
    Sanbaiman,
    /// 13+ han counted as a yakuman.
    KazoeYakuman,
    /// One or more yakuman (the multiple is in the result).
    Yakuman,
    /// An ordinary hand paid as a yakuman (役満払い): a deal-in to an open riichi by a
    /// player not in riichi (`open_riichi_deal_in`).
    OpenRiichiYakuman,
}

impl Limit {
    /// Romaji name.
    pub fn name(self) -> &'static str {
        match self {
            Limit::None => "",
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::KazoeYakuman => "kazoe yakuman",
            Limit::Yakuman => "yakuman",
            Limit::OpenRiichiYakuman => "open riichi yakuman",
        }
    }
    /// Japanese name.
    pub fn japanese(self) -> &'static str {
        match self {
            Limit::None => "",
            Limit::Mangan => "満貫",
            Limit::Haneman => "跳満",
            Limit::Baiman => "倍満",
            Limit::Sanbaiman => "三倍満",
            Limit::KazoeYakuman => "数え役満",
            Limit::Yakuman => "役満",
            Limit::OpenRiichiYakuman => "役満払い",
        }
    }
}

/// Integer arguments of the point table.
pub mod arg {
    use crate::args::IntArg;
    pub const HAN: IntArg = IntArg::new("han", 1, 200);
    pub const FU: IntArg = IntArg::new("fu", 20, 200);
}

/// Base points of `han` / `fu` with no limit (青天井): fu x 2^(han+2), saturating at
/// `u64::MAX` (callers check the payments fit).
#[inline]
pub fn aotenjou_base(han: u32, fu: u32) -> u64 {
    let shift = han + 2;
    if shift >= 58 {
        return u64::MAX;
    }
    (fu as u64) << shift
}

/// Largest base points whose payments (six times it, rounded, plus honba and sticks)
/// still fit the 32-bit point fields.
pub const MAX_BASE: u64 = 300_000_000;

/// Base points and limit of `han` / `fu` (no yakuman), under `rules`. Under
/// `aotenjou` the base saturates at `u32::MAX` (the exact value: [`aotenjou_base`]).
#[inline]
pub fn base_points(han: u32, fu: u32, rules: &Rules) -> (u32, Limit) {
    if rules.aotenjou {
        return (aotenjou_base(han, fu).min(u32::MAX as u64) as u32, Limit::None);
    }
    // Limits by han from 5 to 12 (every ranked reading asks: a lookup, not a chain of
    // range tests).
    const LIMITS: [(u32, Limit); 8] = [
        (2000, Limit::Mangan),
        (3000, Limit::Haneman),
        (3000, Limit::Haneman),
        (4000, Limit::Baiman),
        (4000, Limit::Baiman),
        (4000, Limit::Baiman),
        (6000, Limit::Sanbaiman),
        (6000, Limit::Sanbaiman),
    ];
    if han < 5 {
        let b = fu << (han + 2);
        return if b >= 2000 || (rules.kiriage_mangan && b >= 1920) { (2000, Limit::Mangan) } else { (b, Limit::None) };
    }
    if let Some(&l) = LIMITS.get(han as usize - 5) {
        return l;
    }
    match rules.kazoe {
        KazoeLimit::Yakuman => (8000, Limit::KazoeYakuman),
        KazoeLimit::Sanbaiman => (6000, Limit::Sanbaiman),
        // (han is below 200 for every caller, so the product stays small)
        KazoeLimit::Multiple => (8000 * (han / 13).min(rules.yakuman_cap.unwrap_or(500)), Limit::KazoeYakuman),
    }
}

#[inline]
pub fn ceil100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// What the win is worth and who pays it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct Payments {
    /// Ron: the discarder's payment before honba (0 on tsumo).
    pub ron: u32,
    /// Tsumo: the dealer's share (non-dealer win) or each player's share (dealer win).
    pub tsumo_dealer: u32,
    /// Tsumo by a non-dealer: each non-dealer's share.
    pub tsumo_non_dealer: u32,
    /// The hand's value before honba and sticks (sum of the payments made).
    pub points: u32,
    /// Honba points the winner receives (what the payers pay for the honba).
    pub honba: u32,
    /// Riichi stick points the winner receives.
    pub sticks: u32,
    /// Every seat's change of score (the winner's gain is positive).
    pub deltas: [i32; 4],
    /// The liable player paid (fully on tsumo, half on ron).
    pub pao_applied: bool,
}

/// Payments for a win worth `base` points. `pao_liable` says the hand holds a yakuman
/// for which the context's pao seat is responsible under the rules.
#[inline(always)]
pub fn payments(base: u32, ctx: &WinContext, rules: &Rules, pao_liable: bool) -> Payments {
    let n = ctx.n_players as usize;
    let w = ctx.winner as usize;
    let dealer = ctx.is_dealer();
    // A 3-player rule of its own: the value a honba is worth there, split evenly
    // between the two payers of a tsumo (checked even by the rules).
    let sanma_honba = if n == 3 { rules.sanma_honba_points } else { None };
    let honba = ctx.honba as u32 * sanma_honba.unwrap_or(rules.honba_points);
    let full = ceil100(base * if dealer { 6 } else { 4 });
    let mut p = Payments { honba, sticks: ctx.riichi_sticks as u32 * rules.riichi_stick, ..Payments::default() };
    // What each seat pays (seats beyond n_players pay nothing); straight-line over the
    // four seats rather than a loop with early exits, since every win comes here.
    let mut pay = [0u32; 4];
    let pao = if pao_liable { ctx.pao.map(|s| s as usize) } else { None };
    if ctx.tsumo {
        p.tsumo_dealer = ceil100(base * 2);
        p.tsumo_non_dealer = if dealer { 0 } else { ceil100(base) };
        if let Some(ps) = pao {
            pay[ps & 3] = full + honba;
            p.points = full;
            p.pao_applied = true;
        } else {
            let per_honba = if sanma_honba.is_some() { honba / 2 } else { honba / 3 };
            // (3-player with the 4-player honba: two payers of a third each)
            p.honba = per_honba * (n as u32 - 1);
            // 3-player without tsumo loss: the absent seat's share (a non-dealer's, or
            // 2 x base for a dealer win) is split between the two payers.
            let topup = if n == 3 && !rules.sanma_tsumo_loss {
                ceil100((if dealer { p.tsumo_dealer } else { p.tsumo_non_dealer }).div_ceil(2))
            } else {
                0
            };
            for (s, slot) in pay.iter_mut().enumerate() {
                let share = if dealer || s == ctx.dealer as usize { p.tsumo_dealer } else { p.tsumo_non_dealer };
                let payer = s != w && s < n;
                *slot = if payer { share + topup + per_honba } else { 0 };
                p.points += if payer { share + topup } else { 0 };
            }
        }
    } else {
        p.ron = full;
        p.points = full;
        let d = ctx.discarder as usize & 3;
        match pao {
            Some(ps) if ps != d => {
                let half = ceil100(full.div_ceil(2));
                pay[ps & 3] = half;
                pay[d] = full - half + honba;
                p.pao_applied = true;
            }
            _ => pay[d] = full + honba,
        }
    }
    let paid = pay[0] + pay[1] + pay[2] + pay[3];
    for (d, &x) in p.deltas.iter_mut().zip(pay.iter()) {
        *d = -(x as i32);
    }
    p.deltas[w & 3] = (p.sticks + paid) as i32;
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::riichi::rules::Rules;

    /// The lookup agrees with the limits spelled out han by han, under both kazoe
    /// and kiriage settings.
    #[test]
    fn limits_by_han() {
        for rules in [
            Rules::TENHOU,
            Rules::SHIIMA_2025,
            Rules { kazoe: KazoeLimit::Sanbaiman, ..Rules::TENHOU },
            Rules { kazoe: KazoeLimit::Multiple, ..Rules::TENHOU },
        ] {
            for han in 0..=30u32 {
                for fu in (20..=130).step_by(5) {
                    let want = match han {
                        13.. => match rules.kazoe {
                            KazoeLimit::Yakuman => (8000, Limit::KazoeYakuman),
                            KazoeLimit::Sanbaiman => (6000, Limit::Sanbaiman),
                            KazoeLimit::Multiple => (8000 * (han / 13), Limit::KazoeYakuman),
                        },
                        11 | 12 => (6000, Limit::Sanbaiman),
                        8..=10 => (4000, Limit::Baiman),
                        6 | 7 => (3000, Limit::Haneman),
                        5 => (2000, Limit::Mangan),
                        _ => {
                            let b = fu * (1 << (han + 2));
                            if b >= 2000 || (rules.kiriage_mangan && b >= 1920) {
                                (2000, Limit::Mangan)
                            } else {
                                (b, Limit::None)
                            }
                        }
                    };
                    assert_eq!(base_points(han, fu, &rules), want, "{han} han {fu} fu");
                }
            }
        }
    }

    #[test]
    fn aotenjou_has_no_limit_and_saturates() {
        let r = Rules { aotenjou: true, ..Rules::TENHOU };
        assert_eq!(base_points(5, 30, &r), (3840, Limit::None));
        assert_eq!(base_points(13, 40, &r), (40 << 15, Limit::None));
        assert_eq!(base_points(40, 30, &r), (u32::MAX, Limit::None));
        assert_eq!(aotenjou_base(200, 200), u64::MAX);
        assert_eq!(aotenjou_base(20, 30), 30 << 22);
    }

    /// 3-player tsumo: the winner receives (and `honba` reports) two payers' honba.
    #[test]
    fn sanma_tsumo_honba() {
        let ctx = WinContext { winner: 0, dealer: 1, tsumo: true, honba: 5, n_players: 3, ..WinContext::default() };
        let p = payments(240, &ctx, &Rules::TENHOU, false);
        assert_eq!(p.honba, 1000);
        assert_eq!(p.deltas[0] as u32, p.points + p.honba);
        let r = Rules { sanma_honba_points: Some(200), ..Rules::TENHOU };
        let ron = WinContext { tsumo: false, discarder: 2, ..ctx };
        assert_eq!(payments(240, &ron, &r, false).honba, 1000);
        assert_eq!(payments(240, &ron, &Rules::TENHOU, false).honba, 1500);
        let p = payments(240, &WinContext { honba: 3, ..ctx }, &Rules { sanma_honba_points: Some(1000), ..r }, false);
        assert_eq!((p.honba, p.deltas[1] + p.deltas[2]), (3000, -(p.points as i32) - 3000));
    }

    #[test]
    fn table_values() {
        let r = Rules::TENHOU;
        assert_eq!(base_points(1, 30, &r), (240, Limit::None));
        assert_eq!(base_points(4, 30, &r), (1920, Limit::None));
        assert_eq!(base_points(4, 30, &Rules::SHIIMA_2025), (2000, Limit::Mangan));
        assert_eq!(base_points(4, 40, &r), (2000, Limit::Mangan));
        assert_eq!(base_points(13, 30, &r), (8000, Limit::KazoeYakuman));
        let ctx = WinContext { winner: 1, discarder: 2, ..WinContext::default() };
        let p = payments(1920, &ctx, &r, false);
        assert_eq!((p.ron, p.deltas), (7700, [0, 7700, -7700, 0]));
        let ctx = WinContext { winner: 1, tsumo: true, honba: 1, riichi_sticks: 1, ..WinContext::default() };
        let p = payments(240 * 2, &ctx, &r, false);
        assert_eq!(p.deltas, [-1100, 3300, -600, -600]);
    }
}
