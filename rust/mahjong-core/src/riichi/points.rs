//! Points: base points from han and fu, limit hands, and who pays what.
//!
//! base = fu × 2^(han+2), capped at mangan (2,000); 6-7 han haneman (3,000), 8-10 baiman
//! (4,000), 11-12 sanbaiman (6,000), 13+ kazoe (per rules), yakuman 8,000 each.
//! Ron: 4 × base from the discarder (6 × for the dealer). Tsumo: the dealer pays
//! 2 × base and each other player 1 × base (a dealer's tsumo: 2 × base from each).
//! Every payment is rounded up to 100 on its own.

use super::context::WinContext;
use super::rules::{KazoeLimit, Rules};
use crate::error::{Error, Result};

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

/// Largest exact base points under no limit (青天井): 2^124, so that six times it,
/// rounded, plus honba and sticks still fits an `i128`. The largest hand a valid win can
/// hold is far below it (about 110 han at 170 fu: docs/riichi_presets.md, "Aotenjou").
pub const MAX_EXACT_BASE: u128 = 1 << 124;

/// Exact base points of `han` / `fu` with no limit (青天井): fu x 2^(han+2), or `None`
/// past [`MAX_EXACT_BASE`].
#[inline]
pub fn aotenjou_exact(han: u32, fu: u32) -> Option<u128> {
    let b = (fu as u128).checked_shl(han.checked_add(2)?)?;
    // A shift loses the top bits without failing: shift back to check none were lost.
    (b >> (han + 2) == fu as u128 && b <= MAX_EXACT_BASE).then_some(b)
}

/// A rank of fu x 2^(han+2) that orders every such value exactly and fits 32 bits: the
/// value itself below 2^31, and above it 2^31 plus its binary exponent (from 31) and
/// the fu's eight significant bits (fu < 256: nothing below them is lost). Readings
/// are compared by it under aotenjou; the exact value is [`aotenjou_exact`].
#[inline]
pub fn aotenjou_rank(han: u32, fu: u32) -> u32 {
    if fu == 0 {
        return 0;
    }
    let fu = fu.min(255);
    let top = 31 - fu.leading_zeros(); // the fu's highest bit
    let exponent = han.saturating_add(2).saturating_add(top);
    if exponent < 31 {
        return fu << (han + 2);
    }
    let mantissa = fu << (7 - top); // 128-255
    (1u32 << 31) | ((exponent - 31).min(0x7F_FFFF) << 8) | mantissa
}

/// Largest base points whose payments (six times it, rounded, plus honba and sticks)
/// still fit the 32-bit point fields.
pub const MAX_BASE: u64 = 300_000_000;

/// Base points and limit of `han` / `fu` (no yakuman), under `rules`. Under
/// `aotenjou` this is the [`aotenjou_rank`] of the value (the value itself below 2^31;
/// the exact value at any size: [`aotenjou_exact`], or [`table_points`]).
#[inline]
pub fn base_points(han: u32, fu: u32, rules: &Rules) -> (u32, Limit) {
    if rules.aotenjou {
        return (aotenjou_rank(han, fu), Limit::None);
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

/// The integers payments are counted in: `u32` (the point fields, every limited
/// hand) and `u128` (exact values under aotenjou). One payment routine serves both.
pub trait PointInt:
    Copy
    + Default
    + Eq
    + Ord
    + std::hash::Hash
    + std::fmt::Debug
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::AddAssign
{
    /// The signed type of a score change.
    type Signed: Copy + Default + Eq + std::hash::Hash + std::fmt::Debug + std::ops::Neg<Output = Self::Signed>;
    fn from_u32(x: u32) -> Self;
    /// Rounded up to a multiple of 100 (every payment is).
    fn ceil100(self) -> Self;
    /// Half, rounded up.
    fn half_up(self) -> Self;
    /// As a score change (the callers keep values within the signed range).
    fn signed(self) -> Self::Signed;
}

impl PointInt for u32 {
    type Signed = i32;
    #[inline(always)]
    fn from_u32(x: u32) -> u32 {
        x
    }
    #[inline(always)]
    fn ceil100(self) -> u32 {
        ceil100(self)
    }
    #[inline(always)]
    fn half_up(self) -> u32 {
        self.div_ceil(2)
    }
    #[inline(always)]
    fn signed(self) -> i32 {
        self as i32
    }
}

impl PointInt for u128 {
    type Signed = i128;
    #[inline]
    fn from_u32(x: u32) -> u128 {
        x as u128
    }
    #[inline]
    fn ceil100(self) -> u128 {
        self.div_ceil(100) * 100
    }
    #[inline]
    fn half_up(self) -> u128 {
        self.div_ceil(2)
    }
    #[inline]
    fn signed(self) -> i128 {
        self as i128
    }
}

/// What the win is worth and who pays it, in the integers `T` ([`Payments`]: the
/// 32-bit point fields; [`ExactPayments`]: exact values under aotenjou).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub struct PaymentsOf<T: PointInt> {
    /// Ron: the discarder's payment before honba (0 on tsumo).
    pub ron: T,
    /// Tsumo: the dealer's share (non-dealer win) or each player's share (dealer win).
    pub tsumo_dealer: T,
    /// Tsumo by a non-dealer: each non-dealer's share.
    pub tsumo_non_dealer: T,
    /// The hand's value before honba and sticks (sum of the payments made).
    pub points: T,
    /// Honba points the winner receives (what the payers pay for the honba).
    pub honba: T,
    /// Riichi stick points the winner receives.
    pub sticks: T,
    /// Every seat's change of score (the winner's gain is positive).
    pub deltas: [T::Signed; 4],
    /// The liable player paid (fully on tsumo, half on ron).
    pub pao_applied: bool,
}

/// Payments in the 32-bit point fields.
pub type Payments = PaymentsOf<u32>;
/// Payments counted exactly (aotenjou hands past the 32-bit fields).
pub type ExactPayments = PaymentsOf<u128>;

impl ExactPayments {
    /// Each field clamped to the 32-bit fields' range (what a result whose exact value
    /// does not fit them holds there).
    pub fn saturated(&self) -> Payments {
        let u = |x: u128| x.min(u32::MAX as u128) as u32;
        let mut deltas = [0i32; 4];
        for (d, &x) in deltas.iter_mut().zip(&self.deltas) {
            *d = x.clamp(i32::MIN as i128, i32::MAX as i128) as i32;
        }
        Payments {
            ron: u(self.ron),
            tsumo_dealer: u(self.tsumo_dealer),
            tsumo_non_dealer: u(self.tsumo_non_dealer),
            points: u(self.points),
            honba: u(self.honba),
            sticks: u(self.sticks),
            deltas,
            pao_applied: self.pao_applied,
        }
    }
}

impl Payments {
    /// The same payments counted in `u128`.
    pub fn widened(&self) -> ExactPayments {
        let mut deltas = [0i128; 4];
        for (d, &x) in deltas.iter_mut().zip(&self.deltas) {
            *d = x as i128;
        }
        ExactPayments {
            ron: self.ron as u128,
            tsumo_dealer: self.tsumo_dealer as u128,
            tsumo_non_dealer: self.tsumo_non_dealer as u128,
            points: self.points as u128,
            honba: self.honba as u128,
            sticks: self.sticks as u128,
            deltas,
            pao_applied: self.pao_applied,
        }
    }
}

/// Payments for a win worth `base` points. `pao_liable` says the hand holds a yakuman
/// for which the context's pao seat is responsible under the rules.
#[inline(always)]
pub fn payments(base: u32, ctx: &WinContext, rules: &Rules, pao_liable: bool) -> Payments {
    payments_of(base, ctx, rules, pao_liable)
}

/// [`payments`] counted exactly: `base` at most [`MAX_EXACT_BASE`] (every sum then
/// fits; a larger one is taken as that bound).
pub fn exact_payments(base: u128, ctx: &WinContext, rules: &Rules, pao_liable: bool) -> ExactPayments {
    payments_of(base.min(MAX_EXACT_BASE), ctx, rules, pao_liable)
}

#[inline(always)]
fn payments_of<T: PointInt>(base: T, ctx: &WinContext, rules: &Rules, pao_liable: bool) -> PaymentsOf<T> {
    let n = ctx.n_players as usize;
    let w = ctx.winner as usize;
    let dealer = ctx.is_dealer();
    let k = T::from_u32;
    // A 3-player rule of its own: the value a honba is worth there, split evenly
    // between the two payers of a tsumo (checked even by the rules).
    let sanma_honba = if n == 3 { rules.sanma_honba_points } else { None };
    let honba = ctx.honba as u32 * sanma_honba.unwrap_or(rules.honba_points);
    let full = (base * k(if dealer { 6 } else { 4 })).ceil100();
    let mut p = PaymentsOf::<T> {
        honba: k(honba),
        sticks: k(ctx.riichi_sticks as u32 * rules.riichi_stick),
        ..PaymentsOf::default()
    };
    // What each seat pays (seats beyond n_players pay nothing); straight-line over the
    // four seats rather than a loop with early exits, since every win comes here.
    let mut pay = [T::default(); 4];
    let pao = if pao_liable { ctx.pao.map(|s| s as usize) } else { None };
    if ctx.tsumo {
        p.tsumo_dealer = (base * k(2)).ceil100();
        p.tsumo_non_dealer = if dealer { T::default() } else { base.ceil100() };
        if let Some(ps) = pao {
            pay[ps & 3] = full + k(honba);
            p.points = full;
            p.pao_applied = true;
        } else {
            let per_honba = if sanma_honba.is_some() { honba / 2 } else { honba / 3 };
            // (3-player with the 4-player honba: two payers of a third each)
            p.honba = k(per_honba * (n as u32 - 1));
            // 3-player without tsumo loss: the absent seat's share (a non-dealer's, or
            // 2 x base for a dealer win) is split between the two payers.
            let topup = if n == 3 && !rules.sanma_tsumo_loss {
                (if dealer { p.tsumo_dealer } else { p.tsumo_non_dealer }).half_up().ceil100()
            } else {
                T::default()
            };
            for (s, slot) in pay.iter_mut().enumerate() {
                let share = if dealer || s == ctx.dealer as usize { p.tsumo_dealer } else { p.tsumo_non_dealer };
                let payer = s != w && s < n;
                *slot = if payer { share + topup + k(per_honba) } else { T::default() };
                p.points += if payer { share + topup } else { T::default() };
            }
        }
    } else {
        p.ron = full;
        p.points = full;
        let d = ctx.discarder as usize & 3;
        match pao {
            Some(ps) if ps != d => {
                let half = full.half_up().ceil100();
                pay[ps & 3] = half;
                pay[d] = full - half + k(honba);
                p.pao_applied = true;
            }
            _ => pay[d] = full + k(honba),
        }
    }
    let paid = pay[0] + pay[1] + pay[2] + pay[3];
    for (d, &x) in p.deltas.iter_mut().zip(pay.iter()) {
        *d = -x.signed();
    }
    p.deltas[w & 3] = (p.sticks + paid).signed();
    p
}

/// The point table's value of `han` / `fu` in the context's seats and win (no
/// yakuman): exact base points, the limit reached and the payments. Under aotenjou the
/// base is fu x 2^(han+2) at any size; `PointsOverflow` past [`MAX_EXACT_BASE`].
pub fn table_points(han: u32, fu: u32, ctx: &WinContext, rules: &Rules) -> Result<(u128, Limit, ExactPayments)> {
    if rules.aotenjou {
        let base = aotenjou_exact(han, fu).ok_or_else(|| {
            Error::PointsOverflow(format!(
                "aotenjou: {han} han {fu} fu is worth more than 2^124 base points, the exact range (the largest hand has 109 han)"
            ))
        })?;
        return Ok((base, Limit::None, exact_payments(base, ctx, rules, false)));
    }
    let (base, limit) = base_points(han, fu, rules);
    Ok((base as u128, limit, payments(base, ctx, rules, false).widened()))
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
    fn aotenjou_has_no_limit_and_ranks_exactly() {
        let r = Rules { aotenjou: true, ..Rules::TENHOU };
        assert_eq!(base_points(5, 30, &r), (3840, Limit::None));
        assert_eq!(base_points(13, 40, &r), (40 << 15, Limit::None));
        assert_eq!(aotenjou_exact(20, 30), Some(30 << 22));
        assert_eq!(aotenjou_exact(115, 30), Some(30 << 117));
        assert_eq!(aotenjou_exact(118, 30), None);
        assert_eq!(aotenjou_exact(118, 16), Some(MAX_EXACT_BASE));
        assert_eq!(aotenjou_exact(119, 16), None);
        assert_eq!(aotenjou_exact(122, 20), None);
        assert_eq!(aotenjou_exact(200, 200), None);
        assert_eq!(aotenjou_exact(u32::MAX, 30), None);
        // The rank orders every value fu x 2^(han+2) as the values themselves, and is
        // the value below 2^31.
        let mut all: Vec<(u128, u32)> = Vec::new();
        for han in 0..=140u32 {
            for fu in [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 200] {
                let rank = aotenjou_rank(han, fu);
                if let Some(v) = aotenjou_exact(han, fu) {
                    if v < 1 << 31 {
                        assert_eq!(rank as u128, v);
                    }
                    all.push((v, rank));
                }
            }
        }
        all.sort();
        for w in all.windows(2) {
            assert_eq!(w[0].0.cmp(&w[1].0), w[0].1.cmp(&w[1].1), "{w:?}");
        }
    }

    /// The exact payments are the 32-bit ones wherever those hold the value, and count
    /// on past them (a dealer ron at 100 han 170 fu).
    #[test]
    fn exact_payments_agree_and_extend() {
        let rules = Rules::TENHOU;
        let mut seen = 0;
        for (winner, dealer, tsumo, n, pao) in [
            (1, 0, false, 4, None),
            (0, 0, true, 4, None),
            (1, 2, true, 3, None),
            (2, 0, false, 4, Some(3)),
            (1, 0, true, 4, Some(2)),
        ] {
            let ctx = WinContext {
                winner,
                dealer,
                tsumo,
                n_players: n,
                discarder: (winner + 1) % n,
                pao,
                honba: 2,
                riichi_sticks: 1,
                ..WinContext::default()
            };
            for base in [240u32, 1920, 7680, 300_000_000] {
                for liable in [false, true] {
                    let narrow = payments(base, &ctx, &rules, liable);
                    assert_eq!(exact_payments(base as u128, &ctx, &rules, liable), narrow.widened());
                    assert_eq!(narrow.widened().saturated(), narrow);
                    seen += 1;
                }
            }
        }
        assert_eq!(seen, 40);
        let ctx = WinContext { winner: 0, dealer: 0, discarder: 1, ..WinContext::default() };
        let base = aotenjou_exact(100, 170).unwrap();
        let p = exact_payments(base, &ctx, &rules, false);
        assert_eq!(p.ron, (6 * base).div_ceil(100) * 100);
        assert_eq!((p.deltas[0], p.deltas[1]), (p.ron as i128, -(p.ron as i128)));
        assert_eq!(p.saturated().ron, u32::MAX);
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
