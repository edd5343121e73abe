//! Scoring a win: every reading of the hand is scored and the best one is kept
//! (highest base points, then more han, then more fu).
//!
//! The hot path allocates nothing: shapes, yaku and fu lists are fixed arrays.

use super::context::{dora_of, Indicators, WinContext};
use super::fu::{fu, fu_total, FuList};
use super::kinds::{at_least_bits, kind_masks, KindMasks};
use super::points::{
    aotenjou_exact, aotenjou_rank, base_points, exact_payments, payments, ExactPayments, Limit, Payments, MAX_BASE,
};
use super::reading::{reading_list, value_triplets, Plan, Reading, Slot};
use super::rules::{AotenjouYakuman, RenhouValue, Rules, YakumanFu};
use super::shape::{Form, Shape};
use super::yaku::{hand_yaku, implied_by, ordinary, yakuman, yakuman_of, HandFacts, ListTally, Yaku, YakuList};
use crate::decompose::{decomposition_of, for_each_split_ref, is_kokushi, GroupKind, Wait, WaitSlot};
use crate::error::{Error, Result};
use crate::hand::{Counts, Hand, MeldKind};
use crate::tile::{format_counts, RTile, Tile};

/// The score of a win.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct ScoreResult {
    /// Yaku with their han (for yakuman: the multiple, 1 or 2). Dora are not listed.
    pub yaku: YakuList,
    /// How many of `yaku`'s first entries are yakuman (their han the multiple): all of
    /// a yakuman hand's, none of an ordinary hand's; under `aotenjou_yakuman =
    /// "with_yaku"` the yakuman come first and the hand's other yaku after them.
    pub yakuman_entries: u8,
    /// Yakuman multiple (0 when the hand is not a yakuman).
    pub yakuman: u32,
    /// Dora from the indicators (kan dora included; kita excluded).
    pub dora: u32,
    /// Ura dora (0 without riichi).
    pub ura: u32,
    /// Red fives (0 when the rules do not count them).
    pub aka: u32,
    /// North tiles set aside that count as dora (3-player).
    pub kita: u32,
    /// Han from yaku alone.
    pub yaku_han: u32,
    /// Total han (yaku + every dora); 0 for yakuman.
    pub han: u32,
    /// Fu (rounded) and its breakdown.
    pub fu: u32,
    pub fu_items: FuList,
    /// The reading that scored.
    pub form: Form,
    pub wait: crate::decompose::Wait,
    /// Limit reached.
    pub limit: Limit,
    /// Base points (before the dealer/non-dealer multipliers).
    pub base: u32,
    /// Who pays what.
    pub pay: Payments,
}

impl ScoreResult {
    /// Tenhou's list: the yaku, then dora, aka and ura entries with their han
    /// (kita counted in the dora entry, as Tenhou does). Zero entries are left out.
    pub fn tenhou_yaku(&self) -> YakuList {
        let mut out = self.yaku;
        if self.yakuman == 0 || self.has_other_yaku() {
            if self.dora + self.kita > 0 {
                out.push(Yaku::Dora, (self.dora + self.kita).min(255) as u8);
            }
            if self.aka > 0 {
                out.push(Yaku::AkaDora, self.aka.min(255) as u8);
            }
            if self.ura > 0 {
                out.push(Yaku::UraDora, self.ura.min(255) as u8);
            }
        }
        out
    }
}

impl ScoreResult {
    /// Is entry `i` of `yaku` a yakuman (its han the multiple)?
    #[inline]
    pub fn is_yakuman_entry(&self, i: usize) -> bool {
        i < self.yakuman_entries as usize
    }
    /// A yakuman scored with the hand's other yaku and dora (`aotenjou_yakuman =
    /// "with_yaku"`): entries past the yakuman are listed.
    #[inline]
    pub fn has_other_yaku(&self) -> bool {
        self.yakuman > 0 && (self.yakuman_entries as usize) < self.yaku.len()
    }
}

/// Count of tiles of kind `t` in the hand (concealed + melds + kita when North).
#[inline]
fn count_dora(all: &[u8; 34], indicators: &[Tile], n_players: u8, kita: u32) -> u32 {
    let mut n = 0;
    // Four players (a validated context then holds no kita): the plain successor.
    if n_players == 4 {
        for &i in indicators {
            n += all[i.dora_from_indicator().index()] as u32;
        }
        return n;
    }
    for &i in indicators {
        let d = dora_of(i, n_players);
        n += all[d.index()] as u32;
        if d == Tile::NORTH {
            n += kita;
        }
    }
    n
}

/// The best reading so far: its rank and what is needed to rebuild its lists.
#[derive(Copy, Clone)]
struct Best {
    key: (u32, u32, u32),
    yakuman: u32,
    yaku_han: u32,
    /// Its yaku (or yakuman, then under "with_yaku" its other yaku) and whether pinfu
    /// is among them.
    yaku: YakuList,
    /// How many of `yaku`'s first entries are yakuman.
    yakuman_entries: u8,
    pinfu: bool,
    shape: Shape,
}

/// The best standard reading so far: its rank and what rebuilds its yaku and fu.
#[derive(Copy, Clone)]
struct StdBest {
    key: (u32, u32, u32),
    yakuman: u32,
    yaku_han: u32,
    reading: Reading,
    split: [u32; 3],
}

/// Score a win. `hand.concealed` holds the winning tile; `win` is that tile.
///
/// Errors: `InvalidHand` for a hand that is not complete, a winning tile not in the
/// hand, or a context that contradicts itself; `NoYaku` when no reading has a yaku
/// (or fewer han from yaku than `rules.min_han`).
///
/// Readings are ranked by han and fu (a [`YakuTally`] beside the yaku list, and a fu
/// sum); the best keeps its list, and the itemized fu is built once, for it.
///
/// Under `aotenjou` a hand worth more than the 32-bit point fields hold (over
/// [`MAX_BASE`] base points) is refused with `PointsOverflow`; [`score_exact`] scores it.
pub fn score(hand: &Hand, win: RTile, ctx: &WinContext, rules: &Rules) -> Result<ScoreResult> {
    score_impl::<true, false>(hand, win, ctx, rules)
}

/// [`score`] without the fu breakdown (`fu_items` is left empty; `fu` is set): what
/// the columnar batch writes needs, one list fewer per win.
pub fn score_without_fu_items(hand: &Hand, win: RTile, ctx: &WinContext, rules: &Rules) -> Result<ScoreResult> {
    score_impl::<false, false>(hand, win, ctx, rules)
}

/// A result's points counted exactly: its base points and payments.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct ExactPoints {
    pub base: u128,
    pub pay: ExactPayments,
}

/// [`score`] with the points exact at any size. Under `aotenjou` a hand worth more
/// than the 32-bit point fields hold is scored too: its result holds those fields
/// saturated (each clamped to its type) and the exact points come beside it (`None`
/// when the result's own fields are exact, as they always are without aotenjou).
///
/// Every valid hand fits: the largest is about 110 han at 170 fu, some 2^117 base
/// points, and exact values reach 2^124 ([`super::points::MAX_EXACT_BASE`]).
pub fn score_exact(
    hand: &Hand,
    win: RTile,
    ctx: &WinContext,
    rules: &Rules,
) -> Result<(ScoreResult, Option<ExactPoints>)> {
    let r = score_impl::<true, true>(hand, win, ctx, rules)?;
    if !rules.aotenjou {
        return Ok((r, None));
    }
    let base = aotenjou_base_of(&r, rules)?;
    if base <= MAX_BASE as u128 {
        return Ok((r, None));
    }
    // (the liable seat paid exactly when pao applied: see `payments`)
    Ok((r, Some(ExactPoints { base, pay: exact_payments(base, ctx, rules, r.pay.pao_applied) })))
}

#[inline(always)]
fn score_impl<const FU_ITEMS: bool, const EXACT: bool>(
    hand: &Hand,
    win: RTile,
    ctx: &WinContext,
    rules: &Rules,
) -> Result<ScoreResult> {
    let melds = hand.melds();
    let MeldPass { closed, n_kans, ankans, reds, all, conc, all_masks } = meld_pass(hand, win, ctx)?;
    let concealed = hand.concealed;
    let wt = win.tile;
    let facts = HandFacts::new(&all, &concealed, all_masks, ctx.seat_wind(), closed, melds.is_empty(), n_kans as u8);

    // Dora do not depend on the reading, but they can change which reading pays most
    // (a limit reached by dora ties, and the tie goes to more han), so rank with them.
    let kita = if ctx.n_players == 3 && rules.kita_dora { ctx.kita as u32 } else { 0 };
    let kita_tiles = ctx.kita as u32;
    let dora = count_dora(&all, counted_indicators(&ctx.dora, rules), ctx.n_players, kita_tiles);
    let ura = if ctx.any_riichi() && rules.ura_dora {
        count_dora(&all, counted_indicators(&ctx.ura, rules), ctx.n_players, kita_tiles)
    } else {
        0
    };
    let aka = if rules.red_fives { reds } else { 0 };
    let bonus = dora + ura + aka + kita;
    let maybe_yakuman = could_be_yakuman(&facts, conc.triplets, ankans, ctx, rules);
    let mut best: Option<Best> = None;
    let mut yl = YakuList::default();
    let mut base = ListTally::default();
    hand_yaku(&facts, ctx, rules, &mut base);
    // Seven pairs and thirteen orphans: scored from their shape, out of line (few
    // hands are either).
    let kokushi = facts.all_yaochuu && melds.is_empty();
    // Seven distinct pairs: every kind present is a pair (a four of a kind is not two).
    let chiitoitsu = melds.is_empty() && conc.pairs == conc.present && conc.pairs.count_ones() == 7;
    if kokushi || chiitoitsu {
        let s = Specials { facts: &facts, ctx, rules, base: &base, maybe_yakuman, closed, bonus };
        if kokushi && is_kokushi(&concealed) {
            s.consider(Shape::special(Form::Kokushi, wt), &mut best);
        }
        if chiitoitsu {
            s.consider(Shape::special(Form::Chiitoitsu, wt), &mut best);
        }
    }

    // Standard readings, ranked from split summaries (see `reading`); the winner's list
    // and fu breakdown are rebuilt once at the end. Readings come in the order of
    // `for_each_decomposition` and `for_each_wait`, and only a strictly better one
    // replaces the best, so ties go where the set-by-set scorer sends them.
    let mut value = YakuList::default();
    if facts.honor_triplets != 0 {
        value_triplets(melds, conc.triplets & (0x7F << 27), facts.seat, ctx.round_wind, &mut value);
    }
    let plan = Plan::new(melds, &conc, &facts, ctx, rules, base.tally.han, value.total(), wt);
    let floor = best.map_or((0, 0, 0), |b| b.key);
    // The yakuman multiple of a standard reading without four concealed triplets (the
    // only yakuman that depends on the reading).
    let std_yakuman = if maybe_yakuman {
        yakuman_of(Form::Standard, 0, false, wt, &facts, ctx, rules, &mut yl);
        if yl.is_empty() {
            0
        } else {
            yakuman_multiple(&yl, rules)
        }
    } else {
        0
    };
    let with_yaku = rules.aotenjou && rules.aotenjou_yakuman == AotenjouYakuman::WithYaku;
    let std_yl = yl;
    let mut other_yl = YakuList::default();
    let mut std_best: Option<StdBest> = None;
    for_each_split_ref(&concealed, |split| {
        plan.for_each_reading(split, |r| {
            if maybe_yakuman {
                let (mult, list) = if r.concealed_triplets == 4 {
                    yakuman_of(Form::Standard, 4, r.wait == Wait::Tanki, wt, &facts, ctx, rules, &mut yl);
                    (if yl.is_empty() { 0 } else { yakuman_multiple(&yl, rules) }, &yl)
                } else {
                    (std_yakuman, &std_yl)
                };
                if mult > 0 {
                    let (key, other) = if with_yaku {
                        // The reading's other yaku count beside the yakuman, at its fu.
                        reading_list(&base.list, &value, r.mask, closed, &mut other_yl);
                        let other = unimplied(list, &other_yl, None);
                        ((aotenjou_rank(13 * mult + other + bonus, r.fu), u32::MAX, 0), other)
                    } else {
                        ((yakuman_rank(mult, bonus, rules), u32::MAX, 0), 0)
                    };
                    if !matches!(std_best, Some(ref b) if key <= b.key) {
                        std_best =
                            Some(StdBest { key, yakuman: mult, yaku_han: other, reading: *r, split: split.index });
                    }
                    return;
                }
            }
            let han = r.han;
            let b = if han > 0 { base_points(han + bonus, r.fu, rules).0 } else { 0 };
            let key = (b, han + bonus, r.fu);
            if !matches!(std_best, Some(ref b) if key <= b.key) {
                std_best = Some(StdBest { key, yakuman: 0, yaku_han: han, reading: *r, split: split.index });
            }
        })
    });
    // A standard reading replaces a special form's only when strictly better (the
    // special forms were considered first).
    let std_best = std_best.filter(|s| best.is_none() || s.key > floor);
    let (form, wait, yakuman_mult, yaku_han, fu_value, fu_items, yakuman_entries) = if let Some(sb) = std_best {
        let r = sb.reading;
        let mut yakuman_entries = 0;
        if sb.yakuman > 0 {
            yakuman_of(Form::Standard, r.concealed_triplets, r.wait == Wait::Tanki, wt, &facts, ctx, rules, &mut yl);
            yakuman_entries = yl.len() as u8;
            if with_yaku {
                reading_list(&base.list, &value, r.mask, closed, &mut other_yl);
                let list = yl;
                unimplied(&list, &other_yl, Some(&mut yl));
            }
        } else {
            reading_list(&base.list, &value, r.mask, closed, &mut yl);
        }
        // A yakuman's fu counts no pinfu, unless reported as Tenhou records it or its
        // other yaku count ("with_yaku").
        let pinfu = (sb.yakuman == 0 || rules.yakuman_fu == YakumanFu::Tenhou || with_yaku) && r.pinfu;
        let fu_items = if FU_ITEMS {
            match standard_shape(&concealed, sb.split, &r, melds, wt, ctx.tsumo) {
                Some(shape) => fu(&shape, closed, pinfu, ctx, rules),
                None => FuList::default(),
            }
        } else {
            FuList::default()
        };
        let fu_value = if FU_ITEMS {
            fu_items.total()
        } else if pinfu {
            r.fu
        } else {
            r.fu_no_pinfu
        };
        (Form::Standard, r.wait, sb.yakuman, sb.yaku_han, fu_value, fu_items, yakuman_entries)
    } else if let Some(b) = best {
        yl = b.yaku;
        // The fu of the reading that scores: itemized from the same rule code that ranked
        // it, or the sum it was ranked by (kept in its key unless it is a yakuman).
        let (fu_items, fu_value) = if FU_ITEMS {
            let items = fu(&b.shape, closed, b.pinfu, ctx, rules);
            (items, items.total())
        } else if b.yakuman == 0 {
            (FuList::default(), b.key.2)
        } else {
            (FuList::default(), fu_total(&b.shape, closed, b.pinfu, ctx, rules))
        };
        (b.shape.form, b.shape.wait, b.yakuman, b.yaku_han, fu_value, fu_items, b.yakuman_entries)
    } else {
        return Err(Error::InvalidHand(format!(
            "{}{}: not a winning hand (no four sets and a pair, seven pairs or thirteen orphans)",
            format_counts(&concealed),
            melds_text(hand)
        )));
    };
    let found =
        Found { yaku: yl, yakuman_entries, yakuman: yakuman_mult, yaku_han, fu: fu_value, fu_items, form, wait };
    settle::<EXACT>(found, [dora, ura, aka, kita], hand, wt, closed, ctx, rules)
}

/// One pass over the melds (openness, kans, their tiles and red fives) and the hand
/// checked against the context and itself: what every scoring starts from, this
/// scorer's and its set-by-set reference's alike.
pub(super) struct MeldPass {
    pub closed: bool,
    pub n_kans: usize,
    /// Closed kans.
    pub ankans: u32,
    /// Red fives in the hand, melds included.
    pub reds: u32,
    /// Concealed plus meld tiles.
    pub all: Counts,
    /// Masks of the concealed tiles, and of the whole hand (a chi can lift a concealed
    /// pair to three copies, so the whole hand's `triplets` is exact only for honors,
    /// which is all it is asked about).
    pub conc: KindMasks,
    pub all_masks: KindMasks,
}

#[inline(always)]
pub(super) fn meld_pass(hand: &Hand, win: RTile, ctx: &WinContext) -> Result<MeldPass> {
    let melds = hand.melds();
    let mut closed = true;
    let mut n_kans = 0usize;
    let mut ankans = 0u32;
    let mut meld_red = 0u32;
    let mut all = hand.concealed;
    // Kinds the melds hold, and those they hold three or four of.
    let (mut meld_present, mut meld_triplets) = (0u64, 0u64);
    for m in melds {
        closed &= !m.is_open();
        n_kans += m.kind.is_kan() as usize;
        ankans += (m.kind == MeldKind::Ankan) as u32;
        meld_red += m.red as u32;
        m.add_to(&mut all);
        let bit = 1u64 << m.tile.index();
        if m.kind == MeldKind::Chi {
            meld_present |= bit * 0b111;
        } else {
            meld_present |= bit;
            meld_triplets |= bit;
        }
    }
    ctx.validate(closed, melds.is_empty(), n_kans)?;
    let concealed = &hand.concealed;
    let wt = win.tile;
    let conc = kind_masks(concealed);
    let n_conc = conc.total as usize;
    if n_conc + 3 * melds.len() != 14 {
        return Err(Error::InvalidHand(format!(
            "{}: {n_conc} concealed tiles with {} melds; a winning hand holds {} (the winning tile included)",
            format_counts(concealed),
            melds.len(),
            14 - 3 * melds.len()
        )));
    }
    if concealed[wt.index()] == 0 {
        return Err(Error::InvalidHand(format!(
            "{}: the winning tile {wt} is not among the concealed tiles",
            format_counts(concealed)
        )));
    }
    if win.red && hand.red[wt.suit().index().min(2)] == 0 {
        return Err(Error::InvalidHand(format!(
            "the winning tile is a red {wt} but the hand holds no red five of that suit"
        )));
    }
    let all_masks = KindMasks { present: conc.present | meld_present, triplets: conc.triplets | meld_triplets, ..conc };
    let reds = hand.red.iter().map(|&x| x as u32).sum::<u32>() + meld_red;
    Ok(MeldPass { closed, n_kans, ankans, reds, all, conc, all_masks })
}

/// The reading that scores best, as a scorer found it.
pub(super) struct Found {
    pub yaku: YakuList,
    /// How many of `yaku`'s first entries are yakuman.
    pub yakuman_entries: u8,
    /// Yakuman multiple (0: none).
    pub yakuman: u32,
    pub yaku_han: u32,
    pub fu: u32,
    pub fu_items: FuList,
    pub form: Form,
    pub wait: Wait,
}

/// The result of the reading found: limits, dora (`[dora, ura, aka, kita]`, counted
/// only without yakuman), pao and payments; or the error of a hand without (enough)
/// yaku. Under aotenjou a hand past the 32-bit point fields is `PointsOverflow`, or
/// with `EXACT` those fields saturated ([`score_exact`] counts the points).
#[inline(always)]
pub(super) fn settle<const EXACT: bool>(
    f: Found,
    dora: [u32; 4],
    hand: &Hand,
    wt: Tile,
    closed: bool,
    ctx: &WinContext,
    rules: &Rules,
) -> Result<ScoreResult> {
    let Found { yaku, yakuman_entries, yakuman: yakuman_mult, yaku_han, fu, fu_items, form, wait } = f;
    let concealed = &hand.concealed;
    let [dora, ura, aka, kita] = dora;
    let mut r = ScoreResult {
        yaku,
        yakuman_entries: if yakuman_mult > 0 { yakuman_entries } else { 0 },
        yakuman: yakuman_mult,
        dora: 0,
        ura: 0,
        aka: 0,
        kita: 0,
        yaku_han,
        han: 0,
        fu,
        fu_items,
        form,
        wait,
        limit: Limit::Yakuman,
        base: 0,
        pay: Payments::default(),
    };
    let mut pao_liable = false;
    if yakuman_mult > 0 && rules.aotenjou && rules.aotenjou_yakuman != AotenjouYakuman::Fixed {
        // No limit: 13 han a yakuman, plus every dora (and under "with_yaku" the other
        // yaku: `yaku_han`, 0 otherwise), at the hand's fu (thirteen orphans at 30:
        // `aotenjou_base_of`; under "with_yaku" 30 on a tsumo, 40 on a ron, as the
        // `mahjong` package counts it).
        r.dora = dora;
        r.ura = ura;
        r.aka = aka;
        r.kita = kita;
        r.han = 13 * yakuman_mult + yaku_han + dora + ura + aka + kita;
        if rules.aotenjou_yakuman == AotenjouYakuman::WithYaku && form == Form::Kokushi {
            r.fu = if ctx.tsumo { 30 } else { 40 };
        }
    } else if yakuman_mult > 0 {
        r.base = 8000 * yakuman_mult;
    }
    if yakuman_mult > 0 {
        pao_liable = ctx.pao.is_some()
            && yaku.as_slice().iter().any(|&(y, _)| match y {
                Yaku::Daisangen => rules.pao_daisangen,
                Yaku::Daisuushii => rules.pao_daisuushii,
                Yaku::Suukantsu => rules.pao_suukantsu,
                _ => false,
            });
        if rules.aotenjou {
            return aotenjou_settled::<EXACT>(r, ctx, rules, pao_liable);
        }
    } else {
        if yaku_han == 0 {
            return Err(Error::NoYaku(format!(
                "{}{} winning on {wt}: no yaku{}",
                format_counts(concealed),
                melds_text(hand),
                if closed { "" } else { " (the hand is open: riichi, menzen tsumo and pinfu need a closed hand)" }
            )));
        }
        if yaku_han < rules.min_han as u32 {
            return Err(Error::NoYaku(format!(
                "{}{} winning on {wt}: {} han from yaku, the rules need at least {}",
                format_counts(concealed),
                melds_text(hand),
                yaku_han,
                rules.min_han
            )));
        }
        r.dora = dora;
        r.ura = ura;
        r.aka = aka;
        r.kita = kita;
        r.han = yaku_han + r.dora + r.ura + r.aka + r.kita;
        if rules.aotenjou {
            return aotenjou_ordinary::<EXACT>(r, ctx, rules);
        }
        if rules.renhou == RenhouValue::Mangan && yaku.contains(Yaku::Renhou) {
            renhou_mangan(&mut r, rules);
        } else {
            let (b, l) = base_points(r.han, r.fu, rules);
            r.base = b;
            r.limit = l;
            if rules.open_riichi_deal_in && ctx.open_riichi && !ctx.tsumo && !ctx.discarder_riichi {
                open_riichi_yakuman(&mut r, rules);
            }
        }
    }
    r.pay = payments(r.base, ctx, rules, pao_liable);
    Ok(r)
}

/// The limits and payments of an ordinary hand under aotenjou (out of line: the
/// ordinary path tests aotenjou once).
#[cold]
#[inline(never)]
fn aotenjou_ordinary<const EXACT: bool>(mut r: ScoreResult, ctx: &WinContext, rules: &Rules) -> Result<ScoreResult> {
    if rules.renhou == RenhouValue::Mangan && r.yaku.contains(Yaku::Renhou) {
        renhou_mangan(&mut r, rules);
    } else {
        r.limit = Limit::None;
        if rules.open_riichi_deal_in && ctx.open_riichi && !ctx.tsumo && !ctx.discarder_riichi {
            open_riichi_yakuman(&mut r, rules);
        }
    }
    aotenjou_settled::<EXACT>(r, ctx, rules, false)
}

/// Base points of a yakuman under aotenjou with `aotenjou_yakuman = "fixed"`: a
/// non-dealer's ron of 10,000,000.
pub const FIXED_YAKUMAN_BASE: u32 = 2_500_000;

/// Exact base points of a result scored under aotenjou, from its han, fu and limit:
/// fu x 2^(han+2) (a yakuman at 20 fu or more, thirteen orphans at 30; a deal-in paid as a yakuman at 13 han
/// with the hand's dora), or the 2,000 of a renhou mangan; a yakuman of the "fixed"
/// reading 2,500,000 a multiple. `PointsOverflow` past
/// 2^124 (no valid hand comes near).
pub fn aotenjou_base_of(r: &ScoreResult, rules: &Rules) -> Result<u128> {
    let fixed = rules.aotenjou_yakuman == AotenjouYakuman::Fixed;
    let with_yaku = rules.aotenjou_yakuman == AotenjouYakuman::WithYaku;
    let (han, fu) = match r.limit {
        Limit::Mangan => return Ok(2000),
        Limit::Yakuman if fixed => return Ok(FIXED_YAKUMAN_BASE as u128 * r.yakuman as u128),
        Limit::OpenRiichiYakuman if fixed => return Ok(FIXED_YAKUMAN_BASE as u128),
        // A yakuman's 13 han beside the hand's yaku and dora.
        Limit::OpenRiichiYakuman if with_yaku => (13 + r.han, r.fu),
        Limit::OpenRiichiYakuman => (13 + r.dora + r.ura + r.aka + r.kita, r.fu),
        // Thirteen orphans at 30 fu, won either way (20 + 10 on a closed ron, 20 + 2
        // rounded up on a tsumo: Chinese Wikipedia 青天井規則); "with_yaku" reports
        // the fu it counts (30 or 40).
        Limit::Yakuman if r.form == Form::Kokushi && !with_yaku => (r.han, 30),
        Limit::Yakuman => (r.han, r.fu.max(20)),
        _ => (r.han, r.fu),
    };
    aotenjou_exact(han, fu).ok_or_else(|| {
        Error::PointsOverflow(format!("aotenjou: {han} han {fu} fu is worth more than 2^124 base points"))
    })
}

/// The base and payments of an aotenjou result: exact in the 32-bit fields up to
/// [`MAX_BASE`] base points; past it `PointsOverflow`, or with `EXACT` the fields
/// saturated.
#[cold]
fn aotenjou_settled<const EXACT: bool>(
    mut r: ScoreResult,
    ctx: &WinContext,
    rules: &Rules,
    pao_liable: bool,
) -> Result<ScoreResult> {
    let base = aotenjou_base_of(&r, rules)?;
    if base <= MAX_BASE as u128 {
        r.base = base as u32;
        r.pay = payments(r.base, ctx, rules, pao_liable);
        return Ok(r);
    }
    if !EXACT {
        return Err(Error::PointsOverflow(format!(
            "aotenjou: {} han {} fu is worth {base} base points, more than the 32-bit point fields hold \
             (at most {MAX_BASE} base points: 21 han at 30 fu); the scalar score counts it exactly",
            r.han, r.fu
        )));
    }
    r.base = base.min(u32::MAX as u128) as u32;
    r.pay = exact_payments(base, ctx, rules, pao_liable).saturated();
    Ok(r)
}

/// A renhou win under `renhou = "mangan"`: the hand without renhou when it is worth
/// more than a mangan, else exactly a mangan (renhou alone, dora not counted). The
/// payments are left to the caller.
fn renhou_mangan(r: &mut ScoreResult, rules: &Rules) {
    let other = r.yaku_han - 5;
    let bonus = r.dora + r.ura + r.aka + r.kita;
    let without = if other > 0 { base_points(other + bonus, r.fu, rules) } else { (0, Limit::None) };
    if without.0 > 2000 {
        let mut yl = YakuList::default();
        for &(y, h) in r.yaku.as_slice().iter().filter(|&&(y, _)| y != Yaku::Renhou) {
            yl.push(y, h);
        }
        r.yaku = yl;
        r.yaku_han = other;
        r.han = other + bonus;
        (r.base, r.limit) = without;
    } else {
        let mut yl = YakuList::default();
        yl.push(Yaku::Renhou, 5);
        r.yaku = yl;
        r.yaku_han = 5;
        (r.dora, r.ura, r.aka, r.kita) = (0, 0, 0, 0);
        r.han = 5;
        (r.base, r.limit) = (2000, Limit::Mangan);
    }
}

/// A deal-in to an open riichi by a player not in riichi (`open_riichi_deal_in`): the
/// hand is paid as a yakuman when it is worth less (under aotenjou a yakuman's 13 han
/// with the hand's dora, at its fu: worth more exactly when the yaku are under 13 han);
/// its yaku, han and fu stay as scored.
fn open_riichi_yakuman(r: &mut ScoreResult, rules: &Rules) {
    let less = match (rules.aotenjou, rules.aotenjou_yakuman) {
        (false, _) => r.base < 8000,
        (true, AotenjouYakuman::Counted) => 13 + r.dora + r.ura + r.aka + r.kita > r.han,
        // A yakuman's 13 han come on top of the hand's: always worth more.
        (true, AotenjouYakuman::WithYaku) => true,
        (true, AotenjouYakuman::Fixed) => aotenjou_exact(r.han, r.fu).is_some_and(|b| b < FIXED_YAKUMAN_BASE as u128),
    };
    if less {
        r.base = 8000;
        r.limit = Limit::OpenRiichiYakuman;
    }
}

/// The sets of a standard reading with the winning tile in place (for the fu
/// breakdown of the reading that scores): the split rebuilt from its table indices,
/// the slot found as `for_each_wait` finds it (the first set of that kind and tile).
fn standard_shape(
    concealed: &crate::hand::Counts,
    split: [u32; 3],
    r: &Reading,
    melds: &[crate::hand::Meld],
    wt: Tile,
    tsumo: bool,
) -> Option<Shape> {
    let d = decomposition_of(concealed, split)?;
    let w = wt.index();
    let (kind, start) = match r.slot {
        Slot::Pair => (None, w),
        Slot::SeqFrom2Below => (Some(GroupKind::Sequence), w.wrapping_sub(2)),
        Slot::SeqFrom1Below => (Some(GroupKind::Sequence), w.wrapping_sub(1)),
        Slot::Triplet => (Some(GroupKind::Triplet), w),
        Slot::SeqFromTile => (Some(GroupKind::Sequence), w),
    };
    let group = match kind {
        None => None,
        Some(k) => Some(d.groups().iter().position(|g| g.kind == k && g.tile.index() == start)? as u8),
    };
    Some(Shape::unplaced(&d, melds, wt)?.with_wait(WaitSlot { wait: r.wait, group }, melds.len(), tsumo))
}

/// What scoring a seven-pairs or thirteen-orphans reading needs.
struct Specials<'a> {
    facts: &'a HandFacts<'a>,
    ctx: &'a WinContext,
    rules: &'a Rules,
    base: &'a ListTally,
    maybe_yakuman: bool,
    closed: bool,
    bonus: u32,
}

impl Specials<'_> {
    /// Score `shape` and keep it in `best` when it ranks higher.
    #[inline(never)]
    fn consider(&self, shape: Shape, best: &mut Option<Best>) {
        let (f, ctx, rules) = (self.facts, self.ctx, self.rules);
        let mut yl = YakuList::default();
        if self.maybe_yakuman || shape.form == Form::Kokushi {
            yakuman(&shape, f, ctx, rules, &mut yl);
        }
        if !yl.is_empty() {
            let mult = yakuman_multiple(&yl, rules);
            let yakuman_entries = yl.len() as u8;
            // A true yakuman wins a tie with a counted one (same points, the yakuman is what
            // the hand is).
            let (key, other) = if rules.aotenjou && rules.aotenjou_yakuman == AotenjouYakuman::WithYaku {
                // Seven pairs' other yaku count beside the yakuman, at its 25 fu; thirteen
                // orphans counts its dora alone, at 30 fu on a tsumo and 40 on a ron.
                let (other, fu) = if shape.form == Form::Kokushi {
                    (0, if ctx.tsumo { 30 } else { 40 })
                } else {
                    let mut t = *self.base;
                    ordinary(&shape, f, ctx, rules, &mut t);
                    let list = yl;
                    (unimplied(&list, &t.list, Some(&mut yl)), fu_total(&shape, self.closed, false, ctx, rules))
                };
                ((aotenjou_rank(13 * mult + other + self.bonus, fu), u32::MAX, 0), other)
            } else {
                ((yakuman_rank(mult, self.bonus, rules), u32::MAX, 0), 0)
            };
            if !matches!(best, Some(ref b) if key <= b.key) {
                *best =
                    Some(Best { key, yakuman: mult, yaku_han: other, yaku: yl, yakuman_entries, pinfu: false, shape });
            }
        } else {
            let mut t = *self.base;
            ordinary(&shape, f, ctx, rules, &mut t);
            let han = t.tally.han;
            let pinfu = t.tally.contains(Yaku::Pinfu);
            let fu = fu_total(&shape, self.closed, pinfu, ctx, rules);
            let b = if han > 0 { base_points(han + self.bonus, fu, rules).0 } else { 0 };
            let key = (b, han + self.bonus, fu);
            if !matches!(best, Some(ref b) if key <= b.key) {
                *best = Some(Best { key, yakuman: 0, yaku_han: han, yaku: t.list, yakuman_entries: 0, pinfu, shape });
            }
        }
    }
}

/// The rank (base points) of a yakuman reading of multiple `mult` with `bonus` dora:
/// 8,000 a yakuman, or under aotenjou the [`aotenjou_rank`] of 13 han a yakuman plus
/// the dora at the least fu (an ordinary reading outranks it only with more han).
#[inline]
pub(super) fn yakuman_rank(mult: u32, bonus: u32, rules: &Rules) -> u32 {
    match (rules.aotenjou, rules.aotenjou_yakuman) {
        (false, _) => 8000 * mult,
        // ("with_yaku" ranks its readings with their other yaku and fu where it scores them)
        (true, AotenjouYakuman::Counted | AotenjouYakuman::WithYaku) => aotenjou_rank(13 * mult + bonus, 20),
        // (below 2^31, where a rank is the value itself)
        (true, AotenjouYakuman::Fixed) => FIXED_YAKUMAN_BASE.saturating_mul(mult).min(i32::MAX as u32),
    }
}

/// The han of the entries of `ordinary` that no yakuman of `yakuman` implies
/// ([`implied_by`]), each appended to `out` when given: the other yaku of the
/// `aotenjou_yakuman = "with_yaku"` reading.
pub(super) fn unimplied(yakuman: &YakuList, ordinary: &YakuList, mut out: Option<&mut YakuList>) -> u32 {
    let implied = yakuman.as_slice().iter().fold(0u64, |m, &(y, _)| m | implied_by(y));
    let mut han = 0;
    for &(y, h) in ordinary.as_slice() {
        if implied & (1u64 << y as u8) == 0 {
            han += h as u32;
            if let Some(o) = out.as_deref_mut() {
                o.push(y, h);
            }
        }
    }
    han
}

/// The yakuman multiple of a list of yakuman: their sum when they stack, else the
/// largest.
#[inline]
fn yakuman_multiple(yl: &YakuList, rules: &Rules) -> u32 {
    let m = if rules.yakuman_stacking {
        yl.total()
    } else {
        yl.as_slice().iter().map(|&(_, h)| h as u32).max().unwrap_or(1)
    };
    m.min(rules.yakuman_cap.unwrap_or(u32::MAX))
}

/// The indicators that count: all of them, or only the first without kan dora.
#[inline]
pub(super) fn counted_indicators<'a>(ind: &'a Indicators, rules: &Rules) -> &'a [Tile] {
    let all = ind.as_slice();
    if rules.kan_dora {
        all
    } else {
        &all[..all.len().min(1)]
    }
}

/// A cheap necessary condition for any yakuman, so that most hands skip the check.
/// `concealed_triplets` masks the concealed kinds held three or four times.
fn could_be_yakuman(f: &HandFacts, concealed_triplets: u64, ankans: u32, ctx: &WinContext, rules: &Rules) -> bool {
    if ctx.tenhou
        || ctx.chiihou
        || (ctx.renhou && rules.renhou == super::rules::RenhouValue::Yakuman)
        || super::yaku::paarenchan(ctx, rules)
    {
        return true;
    }
    if f.suits == 0 || f.all_green || f.all_terminals || f.n_kans == 4 {
        return true;
    }
    if f.no_melds && f.suits != 0 && f.suits & (f.suits - 1) == 0 && !f.honors {
        return true; // nine gates
    }
    const DRAGONS: u64 = 0b111 << 31;
    const WINDS: u64 = 0b1111 << 27;
    if f.honor_triplets & DRAGONS == DRAGONS || at_least_bits(f.honor_triplets & WINDS, 3) {
        return true;
    }
    // Four concealed triplets: concealed kinds of three or more plus closed kans (the
    // kinds' count thresholds unrolled: one of them per number of closed kans).
    let x = concealed_triplets;
    let x1 = x & x.wrapping_sub(1);
    let x2 = x1 & x1.wrapping_sub(1);
    let x3 = x2 & x2.wrapping_sub(1);
    match ankans {
        0 => x3 != 0,
        1 => x2 != 0,
        2 => x1 != 0,
        3 => x != 0,
        _ => true,
    }
}

fn melds_text(hand: &Hand) -> String {
    let mut s = String::new();
    for m in hand.melds() {
        s.push(' ');
        s.push_str(&m.to_string());
    }
    s
}
