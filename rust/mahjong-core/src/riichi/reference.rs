//! The set-by-set scorer the fast path replaced, kept as the tests' oracle: every
//! reading built as a [`Shape`] from `for_each_decomposition` and `for_each_wait`,
//! its yaku and fu found by walking its sets (`yaku::ordinary`, `fu::fu`, and the
//! yakuman rules below, which count sets rather than read the hand's facts).
//! `tests` checks that [`super::score::score`] agrees with it on every field for
//! random hands of every shape.

use super::context::dora_of;
use super::context::WinContext;
use super::fu::{fu, fu_total};
use super::points::{aotenjou_rank, base_points};
use super::rules::{AotenjouYakuman, Daisharin, RenhouValue, Rules, YakumanFu};
use super::score::{counted_indicators, meld_pass, settle, yakuman_rank, Found, MeldPass, ScoreResult};
use super::shape::{Form, SetKind, Shape};
use super::yaku::{
    hand_yaku, implied_by, local_yakuman, nine_gates, ordinary, tile_colour_yakuman, HandFacts, ListTally, Yaku,
    YakuList, YakuTally,
};
use crate::decompose::{for_each_decomposition, for_each_wait, is_kokushi, Wait};
use crate::error::{Error, Result};
use crate::hand::{Hand, MeldKind};
use crate::tile::{RTile, Tile};

fn count_dora(all: &[u8; 34], indicators: &[Tile], n_players: u8, kita: u32) -> u32 {
    let mut n = 0;
    for &i in indicators {
        let d = dora_of(i, n_players);
        n += all[d.index()] as u32;
        if d == Tile::NORTH {
            n += kita;
        }
    }
    n
}

fn yakuman_value(double: bool) -> u8 {
    if double {
        2
    } else {
        1
    }
}

/// Yakuman of a shape, counted from its sets.
fn yakuman_by_sets(shape: &Shape, f: &HandFacts, ctx: &WinContext, rules: &Rules, out: &mut YakuList) {
    out.clear();
    if ctx.tenhou {
        out.push(Yaku::Tenhou, 1);
    }
    if ctx.chiihou {
        out.push(Yaku::Chiihou, 1);
    }
    if ctx.renhou && rules.renhou == RenhouValue::Yakuman {
        out.push(Yaku::Renhou, 1);
    }
    if super::yaku::paarenchan(ctx, rules) {
        out.push(Yaku::Paarenchan, 1);
    }
    match shape.form {
        Form::Kokushi => {
            if f.concealed[shape.win.index()] == 2 || (ctx.tenhou && rules.tenhou_kokushi_13) {
                out.push(Yaku::Kokushi13, yakuman_value(rules.double_kokushi_13));
            } else {
                out.push(Yaku::Kokushi, 1);
            }
            return;
        }
        Form::Chiitoitsu => {}
        Form::Standard => {
            let (mut concealed_triplets, mut kans, mut dragons, mut winds) = (0, 0, 0, 0);
            for s in shape.sets() {
                if s.kind != SetKind::Sequence {
                    if !s.open {
                        concealed_triplets += 1;
                    }
                    if s.tile.is_dragon() {
                        dragons += 1;
                    } else if s.tile.is_wind() {
                        winds += 1;
                    }
                }
                if s.kind == SetKind::Kan {
                    kans += 1;
                }
            }
            if dragons == 3 {
                out.push(Yaku::Daisangen, 1);
            }
            if concealed_triplets == 4 {
                if shape.wait == Wait::Tanki {
                    out.push(Yaku::SuuankouTanki, yakuman_value(rules.double_suuankou_tanki));
                } else {
                    out.push(Yaku::Suuankou, 1);
                }
            }
            if winds == 4 {
                out.push(Yaku::Daisuushii, yakuman_value(rules.double_daisuushii));
            } else if winds == 3 && shape.pair.is_wind() {
                out.push(Yaku::Shousuushii, 1);
            }
            if kans == 4 {
                out.push(Yaku::Suukantsu, 1);
            }
            if f.all_terminals {
                out.push(Yaku::Chinroutou, 1);
            }
            nine_gates(f, shape.win, rules, out);
        }
    }
    tile_colour_yakuman(f, out);
    local_yakuman(shape.form, f, rules, out);
}

fn yakuman_multiple(yl: &YakuList, rules: &Rules) -> u32 {
    let m = if rules.yakuman_stacking {
        yl.total()
    } else {
        yl.as_slice().iter().map(|&(_, h)| h as u32).max().unwrap_or(1)
    };
    m.min(rules.yakuman_cap.unwrap_or(u32::MAX))
}

#[derive(Copy, Clone)]
struct Best {
    key: (u32, u32, u32),
    yakuman: u32,
    yaku_han: u32,
    yaku: YakuList,
    yakuman_entries: u8,
    pinfu: bool,
    shape: Shape,
}

/// Score a win the set-by-set way (no yakuman screen: every reading is asked for
/// yakuman). Tests compare its errors by kind only.
pub fn score_reference(hand: &Hand, win: RTile, ctx: &WinContext, rules: &Rules) -> Result<ScoreResult> {
    let melds = hand.melds();
    // The meld pass and the input checks are the fast scorer's (not what this oracle
    // checks); everything from the readings on is scored here independently.
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
    let maybe_yakuman = ankans < 9; // every reading is asked (no screen)
    let mut best: Option<Best> = None;
    let mut yl = YakuList::default();
    let mut base = ListTally::default();
    hand_yaku(&facts, ctx, rules, &mut base);
    let mut consider = |shape: Shape, best: &mut Option<Best>| {
        if maybe_yakuman || shape.form == Form::Kokushi {
            yakuman_by_sets(&shape, &facts, ctx, rules, &mut yl);
        } else {
            yl.clear();
        }
        if !yl.is_empty() {
            let mult = yakuman_multiple(&yl, rules);
            let yakuman_entries = yl.len() as u8;
            if rules.aotenjou && rules.aotenjou_yakuman == AotenjouYakuman::WithYaku {
                // 13 han a yakuman beside every yaku of the reading no yakuman implies, at
                // the reading's fu; thirteen orphans with its dora alone, at 30 / 40 fu.
                let mut t = base;
                let (other, fu_of, pinfu) = if shape.form == Form::Kokushi {
                    (0, if ctx.tsumo { 30 } else { 40 }, false)
                } else {
                    ordinary(&shape, &facts, ctx, rules, &mut t);
                    let implied = yl.as_slice().iter().fold(0u64, |m, &(y, _)| m | implied_by(y));
                    let mut other = 0;
                    for &(y, h) in t.list.as_slice() {
                        if implied & (1u64 << y as u8) == 0 {
                            yl.push(y, h);
                            other += h as u32;
                        }
                    }
                    let pinfu = t.tally.contains(Yaku::Pinfu);
                    (other, fu_total(&shape, closed, pinfu, ctx, rules), pinfu)
                };
                let key = (aotenjou_rank(13 * mult + other + bonus, fu_of), u32::MAX, 0);
                if !matches!(best, Some(ref b) if key <= b.key) {
                    *best = Some(Best { key, yakuman: mult, yaku_han: other, yaku: yl, yakuman_entries, pinfu, shape });
                }
                return;
            }
            // A true yakuman wins a tie with a counted one (same points, the yakuman is what
            // the hand is).
            let key = (yakuman_rank(mult, bonus, rules), u32::MAX, 0);
            // Its fu counts pinfu only when reported as Tenhou records it.
            let pinfu = rules.yakuman_fu == YakumanFu::Tenhou && {
                let mut t = YakuTally::default();
                ordinary(&shape, &facts, ctx, rules, &mut t);
                t.contains(Yaku::Pinfu)
            };
            if !matches!(best, Some(ref b) if key <= b.key) {
                *best = Some(Best { key, yakuman: mult, yaku_han: 0, yaku: yl, yakuman_entries, pinfu, shape });
            }
        } else {
            let mut t = base;
            ordinary(&shape, &facts, ctx, rules, &mut t);
            let han = t.tally.han;
            let pinfu = t.tally.contains(Yaku::Pinfu);
            let f = fu_total(&shape, closed, pinfu, ctx, rules);
            let b = if han > 0 { base_points(han + bonus, f, rules).0 } else { 0 };
            let key = (b, han + bonus, f);
            if !matches!(best, Some(ref b) if key <= b.key) {
                *best = Some(Best { key, yakuman: 0, yaku_han: han, yaku: t.list, yakuman_entries: 0, pinfu, shape });
            }
        }
    };

    if facts.all_yaochuu && melds.is_empty() && is_kokushi(&concealed) {
        consider(Shape::special(Form::Kokushi, wt), &mut best);
    }
    // Seven distinct pairs: every kind present is a pair (a four of a kind is not two).
    if melds.is_empty() && conc.pairs == conc.present && conc.pairs.count_ones() == 7 {
        consider(Shape::special(Form::Chiitoitsu, wt), &mut best);
    }
    for_each_decomposition(&concealed, |d| {
        if let Some(unplaced) = Shape::unplaced(d, melds, wt) {
            for_each_wait(d, wt, |slot| consider(unplaced.with_wait(slot, melds.len(), ctx.tsumo), &mut best))
        }
    });
    let Some(best) = best else {
        return Err(Error::InvalidHand(format!(
            "{}{}: not a winning hand (no four sets and a pair, seven pairs or thirteen orphans)",
            "", ""
        )));
    };

    let fu_items = fu(&best.shape, closed, best.pinfu, ctx, rules);
    let found = Found {
        yaku: best.yaku,
        yakuman_entries: best.yakuman_entries,
        yakuman: best.yakuman,
        yaku_han: best.yaku_han,
        fu: fu_items.total(),
        fu_items,
        form: best.shape.form,
        wait: best.shape.wait,
    };
    settle::<false>(found, [dora, ura, aka, kita], hand, wt, closed, ctx, rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Meld;
    use crate::riichi::score::{score, score_without_fu_items};

    use crate::test_rng::Rng;

    fn t(i: usize) -> Tile {
        Tile::from_index_unchecked(i)
    }

    /// A random complete hand: melds, concealed sets and a pair drawn from a few kinds
    /// (often one suit, so that hands read several ways), or seven pairs, or thirteen
    /// orphans. Returns the hand and its winning tile.
    fn random_hand(r: &mut Rng) -> Option<(Hand, RTile)> {
        let mut counts = [0u8; 34];
        let mut concealed: Vec<RTile> = vec![];
        let mut melds: Vec<Meld> = vec![];
        // Kinds to draw from: one suit (with honors now and then), or anything.
        let pool: Vec<usize> = match r.below(4) {
            0 => (0..34).collect(),
            1 => {
                let s = 9 * r.below(3) as usize;
                let mut v: Vec<usize> = (s..s + 9).collect();
                if r.chance(40) {
                    v.extend(27..34);
                }
                v
            }
            2 => (27..34).chain([0, 8, 9, 17, 18, 26]).collect(),
            _ => [19, 20, 21, 23, 25, 32, 1, 2, 3, 4, 5, 6, 7].to_vec(),
        };
        let pick = |r: &mut Rng| pool[r.below(pool.len() as u64) as usize];
        let form = r.below(20);
        if form == 0 {
            // Thirteen orphans.
            for &k in crate::decompose::YAOCHUU.iter() {
                counts[k] += 1;
            }
            counts[crate::decompose::YAOCHUU[r.below(13) as usize]] += 1;
        } else if form == 1 {
            // Seven pairs (distinct kinds).
            let mut n = 0;
            while n < 7 {
                let k = pick(r);
                if counts[k] == 0 {
                    counts[k] = 2;
                    n += 1;
                }
                if r.chance(2) {
                    return None;
                }
            }
        } else {
            let n_melds = if r.chance(50) { 0 } else { r.below(5) as usize };
            // Every tile of the hand, melds included (at most four of a kind).
            let mut all = [0u8; 34];
            for i in 0..4 {
                let k = pick(r);
                let seq = k < 27 && k % 9 <= 6 && r.chance(55);
                let kan = !seq && i < n_melds && r.chance(35);
                let tiles: Vec<usize> = if seq { vec![k, k + 1, k + 2] } else { vec![k; if kan { 4 } else { 3 }] };
                for &x in &tiles {
                    all[x] += 1;
                    if i >= n_melds {
                        counts[x] += 1;
                    }
                }
                if all.iter().any(|&c| c > 4) {
                    return None;
                }
                if i < n_melds {
                    let kind = if seq {
                        MeldKind::Chi
                    } else if kan {
                        [MeldKind::Daiminkan, MeldKind::Kakan, MeldKind::Ankan][r.below(3) as usize]
                    } else {
                        MeldKind::Pon
                    };
                    let rt: Vec<RTile> = tiles.iter().map(|&x| RTile::plain(t(x))).collect();
                    melds.push(Meld::new(kind, &rt, None, None).ok()?);
                }
            }
            let p = pick(r);
            all[p] += 2;
            counts[p] += 2;
            if all[p] > 4 {
                return None;
            }
        }
        for (k, &c) in counts.iter().enumerate() {
            for _ in 0..c {
                concealed.push(RTile::plain(t(k)));
            }
        }
        let win = concealed[r.below(concealed.len() as u64) as usize];
        let hand = Hand::new(&concealed, &melds, 4).ok()?;
        Some((hand, win))
    }

    fn random_context(r: &mut Rng, hand: &Hand) -> WinContext {
        let closed = hand.melds().iter().all(|m| !m.is_open());
        let mut c = WinContext {
            tsumo: r.chance(45),
            winner: r.below(4) as u8,
            dealer: r.below(4) as u8,
            ..WinContext::default()
        };
        c.discarder = (c.winner + 1 + r.below(3) as u8) % 4;
        c.round_wind = t(27 + r.below(4) as usize);
        c.riichi = closed && r.chance(50);
        c.ippatsu = c.riichi && r.chance(20);
        c.open_riichi = c.riichi && r.chance(15);
        c.discarder_riichi = !c.tsumo && r.chance(20);
        c.haitei = c.tsumo && r.chance(5);
        c.houtei = !c.tsumo && r.chance(5);
        c.rinshan = c.tsumo && hand.melds().iter().any(|m| m.kind.is_kan()) && r.chance(30);
        c.tenhou = c.tsumo && c.winner == c.dealer && hand.melds().is_empty() && r.chance(3);
        for _ in 0..r.below(3) {
            c.dora.push(t(r.below(34) as usize));
        }
        if c.riichi {
            c.ura.push(t(r.below(34) as usize));
        }
        c.honba = r.below(3) as u16;
        c.riichi_sticks = r.below(2) as u16;
        c.dealer_wins = if r.chance(10) { 6 + r.below(3) as u8 } else { 0 };
        c
    }

    /// The fast scorer and the set-by-set one agree on every field (the fu breakdown
    /// included) and on which hands fail, under each preset, on random hands of every
    /// shape and many readings.
    #[test]
    fn fast_path_matches_set_by_set_scoring() {
        let mut r = Rng(0x5DEE_CE66_D1CE_4E5B);
        let presets = [Rules::TENHOU, Rules::STANDARD, Rules::SHIIMA_2025];
        let (mut scored, mut failed, mut exact) = (0, 0, 0);
        let mut tries = 0;
        while scored < 200_000 && tries < 4_000_000 {
            tries += 1;
            let Some((hand, win)) = random_hand(&mut r) else { continue };
            let ctx = random_context(&mut r, &hand);
            let mut rules = presets[r.below(3) as usize];
            // The options of issue 16, each on in about one test in four.
            let bits = r.below(1 << 12);
            rules.fu_for_open_pinfu = bits & 3 != 0;
            rules.pinfu_on_tsumo = (bits >> 2) & 3 != 0;
            rules.pinfu_tsumo = (bits >> 4) & 3 != 0;
            rules.aotenjou = (bits >> 6) & 3 == 0;
            if (bits >> 8) & 3 == 0 {
                rules.yakuman_fu = super::super::rules::YakumanFu::Tenhou;
            }
            if (bits >> 10) & 3 == 0 {
                rules.kazoe = super::super::rules::KazoeLimit::Multiple;
            }
            let more = r.below(1 << 14);
            rules.daisharin = [Daisharin::Off, Daisharin::Pin, Daisharin::AllSuits, Daisharin::Off][more as usize & 3];
            rules.daichisei = (more >> 2) & 1 != 0;
            rules.tenhou_kokushi_13 = (more >> 3) & 1 != 0;
            rules.ippatsu = (more >> 4) & 3 != 0;
            rules.ura_dora = (more >> 6) & 3 != 0;
            rules.kan_dora = (more >> 8) & 3 != 0;
            if (more >> 10) & 3 == 0 {
                rules.renhou = RenhouValue::Mangan;
            }
            if (more >> 12) & 3 == 0 {
                rules.yakuman_cap = Some(1 + (more >> 13) as u32);
            }
            rules.open_riichi_deal_in = r.chance(50);
            use super::super::rules::Paarenchan;
            rules.paarenchan = [Paarenchan::Off, Paarenchan::Eighth, Paarenchan::FromEighth][r.below(3) as usize];
            if rules.aotenjou {
                use super::super::rules::AotenjouYakuman;
                rules.aotenjou_yakuman =
                    [AotenjouYakuman::Counted, AotenjouYakuman::Fixed, AotenjouYakuman::WithYaku][r.below(3) as usize];
            }
            let want = score_reference(&hand, win, &ctx, &rules);
            let got = score(&hand, win, &ctx, &rules);
            let lean = score_without_fu_items(&hand, win, &ctx, &rules);
            if rules.aotenjou {
                // The exact scorer agrees wherever the 32-bit fields hold the value and
                // scores what they cannot hold.
                use crate::riichi::points::MAX_BASE;
                use crate::riichi::score::score_exact;
                match (&got, score_exact(&hand, win, &ctx, &rules)) {
                    (Ok(a), Ok((b, None))) => assert_eq!(a, &b),
                    (Err(Error::PointsOverflow(_)), Ok((b, Some(x)))) => {
                        assert!(x.base > MAX_BASE as u128 && x.pay.saturated() == b.pay, "{b:?} {x:?}");
                        assert_eq!(x.pay.deltas.iter().sum::<i128>(), x.pay.sticks as i128);
                        exact += 1;
                    }
                    (Err(a), Err(b)) => assert_eq!(std::mem::discriminant(a), std::mem::discriminant(&b)),
                    (a, b) => panic!("{hand:?} win {win:?} {ctx:?}: {a:?} vs {b:?}"),
                }
            }
            match (&want, &got) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "{hand:?} win {win:?} {ctx:?}");
                    let l = lean.as_ref().expect("same hand");
                    assert_eq!(
                        (l.fu, l.yaku, l.pay, l.han, l.wait, l.form),
                        (a.fu, a.yaku, a.pay, a.han, a.wait, a.form)
                    );
                    scored += 1;
                }
                (Err(a), Err(b)) => {
                    assert_eq!(std::mem::discriminant(a), std::mem::discriminant(b), "{a} / {b}");
                    failed += 1;
                }
                _ => panic!("{hand:?} win {win:?} {ctx:?}: {want:?} vs {got:?}"),
            }
        }
        assert!(scored >= 200_000 && failed > 1000 && exact > 100, "{scored} scored, {failed} failed, {exact} exact");
    }
}
