//! Tai of a winning 16-tile hand, over every split into five sets and a pair.
//!
//! Most patterns do not depend on the split (flowers, winds, dragons, suits, the win's
//! circumstances, and 獨聽, which is judged by which tile kinds complete the hand).
//! Those are counted once; only the concealed-pung count, 碰碰胡 and 平胡 are weighed
//! per split and per place of the winning tile, and the best split wins.
//!
//! Exclusions: 門清自摸 replaces 門清 + 自摸; 小三元 / 大三元 replace the dragon sets;
//! 大四喜 replaces the wind sets (小四喜 keeps them unless the rules say otherwise);
//! only the highest concealed-pung count scores.

use super::pattern::Pattern;
use super::rules::{EarthlyWin, TaiwanRules};
use super::score::TaiScore;
use super::single_wait::other_kind_completes;
use crate::decompose::{for_each_decomposition, for_each_wait, GroupKind, Wait};
use crate::error::{Error, Result};
use crate::hand::{Counts, Hand, Meld, MeldKind};
use crate::tile::{format_counts, Tile};

/// The tile a win was completed with came from a replacement draw.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, Default)]
pub enum Replacement {
    /// Not a replacement tile.
    #[default]
    None,
    /// After exposing a flower (補花).
    Flower,
    /// After a concealed kong.
    ConcealedKong,
    /// After an added kong.
    AddedKong,
    /// After an exposed kong on a discard.
    ExposedKong,
    /// The replacement tile a 七搶一 winner takes from the player who exposed the 8th
    /// flower (seed 003).
    StolenFlower,
}

impl Replacement {
    /// Names used by Python and batch rows (index = code).
    pub const NAMES: [&'static str; 6] =
        ["none", "flower", "concealed_kong", "added_kong", "exposed_kong", "stolen_flower"];

    /// From the code used in batch rows.
    pub fn from_code(c: u8) -> Result<Replacement> {
        Ok(match c {
            0 => Replacement::None,
            1 => Replacement::Flower,
            2 => Replacement::ConcealedKong,
            3 => Replacement::AddedKong,
            4 => Replacement::ExposedKong,
            5 => Replacement::StolenFlower,
            _ => {
                return Err(Error::InvalidHand(format!(
                    "replacement code {c} is not one of 0..=5 ({})",
                    Self::NAMES.join(", ")
                )))
            }
        })
    }

    /// From its name.
    pub fn parse(s: &str) -> Result<Replacement> {
        match Self::NAMES.iter().position(|&n| n == s) {
            Some(i) => Self::from_code(i as u8),
            None => Err(Error::InvalidHand(format!("replacement {s:?} is not one of {}", Self::NAMES.join(", ")))),
        }
    }
}

/// Everything about a win that is not the tiles.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct WinContext {
    /// The winning tile; it is among the concealed tiles given.
    pub win_tile: Tile,
    /// Self-drawn (自摸) rather than won on another player's tile.
    pub self_draw: bool,
    /// The winner's seat wind, 0 East .. 3 North.
    pub seat_wind: u8,
    /// The prevailing (round) wind, 0 East .. 3 North.
    pub round_wind: u8,
    /// The winner's exposed flowers: bit i = flower i (0..4 梅蘭菊竹, 4..8 春夏秋冬).
    pub flowers: u8,
    /// The winner is the dealer.
    pub dealer: bool,
    /// Deals the dealer has kept in a row (連莊); sets `dealer_tai`.
    pub consecutive: u16,
    /// The winning tile was a replacement draw (槓上開花).
    pub replacement: Replacement,
    /// Won on a tile added to another player's pung (搶槓).
    pub robbing_kong: bool,
    /// The last tile of the live wall (海底撈月 self-drawn, 河底撈魚 on a discard).
    pub last_tile: bool,
    /// The win comes in the first go-around before anyone called or kept a kong:
    /// the dealer's opening hand, a non-dealer's first draw, or a discard of that turn.
    pub first_turn: bool,
    /// Won on the dealer's first discard (the other definition of 地胡).
    pub dealer_first_discard: bool,
    /// The winner declared ready with his first discard, nobody having called (地聽).
    pub declared_ready: bool,
}

impl WinContext {
    /// A plain win on a discard by the East seat in the East round.
    pub fn new(win_tile: Tile) -> WinContext {
        WinContext {
            win_tile,
            self_draw: false,
            seat_wind: 0,
            round_wind: 0,
            flowers: 0,
            dealer: false,
            consecutive: 0,
            replacement: Replacement::None,
            robbing_kong: false,
            last_tile: false,
            first_turn: false,
            dealer_first_discard: false,
            declared_ready: false,
        }
    }
}

fn check(concealed: &Counts, melds: &[Meld], ctx: &WinContext) -> Result<Counts> {
    let text = || format_counts(concealed);
    if melds.len() > 5 {
        return Err(Error::InvalidHand(format!("{} melds: a Taiwan hand has at most 5 sets", melds.len())));
    }
    let n: usize = concealed.iter().map(|&c| c as usize).sum();
    let want = 3 * (5 - melds.len()) + 2;
    if n != want {
        return Err(Error::InvalidHand(format!(
            "{}: {n} concealed tiles; a winning Taiwan hand with {} melds holds {want} (winning tile included)",
            text(),
            melds.len()
        )));
    }
    let mut all = *concealed;
    for m in melds {
        if m.kind == MeldKind::Chi && (m.tile.is_honor() || m.tile.number() > 7) {
            return Err(Error::InvalidHand(format!(
                "chow starting at {}: a chow is three consecutive number tiles",
                m.tile
            )));
        }
        m.add_to(&mut all);
    }
    if let Some(k) = (0..34).find(|&k| all[k] > 4) {
        return Err(Error::InvalidHand(format!(
            "{} with melds: {} copies of {} (there are only four)",
            text(),
            all[k],
            Tile::new(k as u8).map(|t| t.to_string()).unwrap_or_default()
        )));
    }
    if concealed[ctx.win_tile.index()] == 0 {
        return Err(Error::InvalidHand(format!(
            "{}: the winning tile {} is not among the concealed tiles",
            text(),
            ctx.win_tile
        )));
    }
    if ctx.seat_wind > 3 || ctx.round_wind > 3 {
        return Err(Error::InvalidHand(format!(
            "seat wind {} / round wind {}: winds are 0 East, 1 South, 2 West, 3 North",
            ctx.seat_wind, ctx.round_wind
        )));
    }
    if ctx.robbing_kong && ctx.self_draw {
        return Err(Error::InvalidHand("robbing a kong wins on another player's tile: it cannot be self-drawn".into()));
    }
    if ctx.replacement != Replacement::None && !ctx.self_draw {
        return Err(Error::InvalidHand("a win on a replacement tile is self-drawn: set self_draw".into()));
    }
    if ctx.first_turn && !melds.is_empty() {
        return Err(Error::InvalidHand("a first-turn win (天胡 / 地胡 / 人胡) needs a hand with no melds".into()));
    }
    if ctx.dealer_first_discard && (ctx.self_draw || ctx.dealer) {
        return Err(Error::InvalidHand(
            "a win on the dealer's first discard is a non-dealer's win on a discard".into(),
        ));
    }
    if ctx.declared_ready && melds.iter().any(|m| m.is_open()) {
        return Err(Error::InvalidHand("a hand declared ready on the first discard (地聽) has no called set".into()));
    }
    Ok(all)
}

/// Score a winning hand: `concealed` holds the concealed tiles including the winning
/// tile (17 minus 3 per meld), `melds` the called and declared sets.
///
/// Errors: [`Error::InvalidHand`] naming the input for wrong counts, a fifth copy, a
/// winning tile not in the hand, contradictory circumstances, or a hand that is not
/// five sets and a pair.
pub fn score(concealed: &Counts, melds: &[Meld], ctx: &WinContext, rules: &TaiwanRules) -> Result<TaiScore> {
    let all = check(concealed, melds, ctx)?;
    let r = rules;
    let mut s = TaiScore::empty();

    // --- facts that do not depend on the split ---
    let mut open = 0u8;
    let mut kongs = 0u8;
    let mut ankans = 0u8;
    let mut chi_melds = 0u8;
    for m in melds {
        match m.kind {
            MeldKind::Chi => chi_melds += 1,
            MeldKind::Ankan => ankans += 1,
            _ => {}
        }
        if m.is_open() {
            open += 1;
        }
        if m.kind.is_kan() {
            kongs += 1;
        }
    }
    let closed = open == 0;
    let mut suits = 0u8;
    for (bit, range) in [(1u8, 0..9), (2, 9..18), (4, 18..27), (8, 27..34)] {
        if all[range].iter().any(|&c| c > 0) {
            suits |= bit;
        }
    }
    let has_honor = suits & 8 != 0;
    let number_suits = (suits & 7).count_ones();
    // Honors are never in sequences, so three or more of one is a set and two the pair.
    let mut wind_sets = 0u8;
    let mut wind_pair = false;
    for &c in &all[27..31] {
        if c >= 3 {
            wind_sets += 1;
        } else if c == 2 {
            wind_pair = true;
        }
    }
    let mut dragon_sets = 0u8;
    let mut dragon_pair = false;
    for &c in &all[31..34] {
        if c >= 3 {
            dragon_sets += 1;
        } else if c == 2 {
            dragon_pair = true;
        }
    }

    // --- circumstances ---
    // 地聽 stands instead of 門清 / 門清自摸 (the association's table), 自摸 beside it.
    let ready = ctx.declared_ready && r.ready_on_first_discard > 0;
    if ready {
        s.push(Pattern::ReadyOnFirstDiscard, 1, r.ready_on_first_discard);
        if ctx.self_draw {
            s.push(Pattern::SelfDraw, 1, r.self_draw);
        }
    } else if ctx.self_draw && closed {
        s.push(Pattern::ConcealedSelfDraw, 1, r.concealed_self_draw);
    } else {
        if closed {
            s.push(Pattern::ConcealedHand, 1, r.concealed);
        }
        if ctx.self_draw {
            s.push(Pattern::SelfDraw, 1, r.self_draw);
        }
    }
    if ctx.robbing_kong {
        s.push(Pattern::RobbingKong, 1, r.robbing_kong);
    }
    let bloom = match ctx.replacement {
        Replacement::None => false,
        Replacement::ExposedKong => r.kong_bloom_on_exposed_kong,
        Replacement::StolenFlower => r.kong_bloom_on_stolen_replacement,
        _ => true,
    };
    if bloom {
        s.push(Pattern::KongBloom, 1, r.kong_bloom);
    }
    if ctx.last_tile {
        if ctx.self_draw {
            s.push(Pattern::LastTileDraw, 1, r.last_tile_draw);
        } else {
            s.push(Pattern::LastDiscard, 1, r.last_discard);
        }
    }
    if open == 5 {
        if ctx.self_draw {
            s.push(Pattern::HalfCalling, 1, r.half_calling);
        } else {
            s.push(Pattern::AllCalling, 1, r.all_calling);
        }
    }
    if ctx.first_turn {
        let earthly = !ctx.dealer
            && match r.earthly_win_rule {
                EarthlyWin::FirstDrawSelfDraw => ctx.self_draw,
                EarthlyWin::DealerFirstDiscard => ctx.dealer_first_discard,
            };
        if ctx.dealer && ctx.self_draw {
            s.push(Pattern::HeavenlyWin, 1, r.heavenly_win);
        } else if earthly {
            s.push(Pattern::EarthlyWin, 1, r.earthly_win);
        } else if !ctx.dealer && !ctx.self_draw {
            s.push(Pattern::HumanWin, 1, r.human_win);
        }
    }

    // --- suits ---
    if number_suits == 0 {
        s.push(Pattern::AllHonors, 1, r.all_honors);
    } else if number_suits == 1 {
        if has_honor {
            s.push(Pattern::HalfFlush, 1, r.half_flush);
        } else {
            s.push(Pattern::FullFlush, 1, r.full_flush);
        }
    }
    // --- flowers ---
    let mut seat_flowers = 0u8;
    let mut flower_sets = 0u8;
    for group in 0..2 {
        let bits = (ctx.flowers >> (group * 4)) & 0xF;
        let full = bits == 0xF;
        if full {
            flower_sets += 1;
        }
        if full && !r.flower_set_keeps_seat_flowers {
            continue;
        }
        for i in 0..4 {
            if bits & (1 << i) != 0 {
                let w = r.flower_wind(group * 4 + i) as u8;
                if w == ctx.seat_wind || (r.round_wind_flower_scores && w == ctx.round_wind) {
                    seat_flowers += 1;
                }
            }
        }
    }
    s.push(Pattern::SeatFlower, seat_flowers, r.seat_flower * seat_flowers as u16);
    s.push(Pattern::FlowerSet, flower_sets, r.flower_set * flower_sets as u16);

    // 嚦咕嚦咕 takes these (how the hand was won, its suits, flowers); the sets below
    // are the five-set reading's.
    let shape_free = s;
    // --- honors ---
    let seat = 27 + ctx.seat_wind as usize;
    let round = 27 + ctx.round_wind as usize;
    if wind_sets == 4 {
        s.push(Pattern::BigFourWinds, 1, r.big_four_winds);
    } else {
        let little = wind_sets == 3 && wind_pair;
        if little {
            s.push(Pattern::LittleFourWinds, 1, r.little_four_winds);
        }
        if !little || r.little_winds_keep_wind_tai {
            if all[round] >= 3 {
                s.push(Pattern::RoundWind, 1, r.wind_set);
            }
            if all[seat] >= 3 {
                s.push(Pattern::SeatWind, 1, r.wind_set);
            }
        }
    }
    if dragon_sets == 3 {
        s.push(Pattern::BigThreeDragons, 1, r.big_three_dragons);
    } else if dragon_sets == 2 && dragon_pair {
        s.push(Pattern::LittleThreeDragons, 1, r.little_three_dragons);
    } else {
        s.push(Pattern::DragonSet, dragon_sets, r.dragon_set * dragon_sets as u16);
    }
    if kongs >= 4 {
        s.push(Pattern::FourKongs, 1, r.four_kongs);
    }

    // --- the split-dependent patterns: best split and place of the winning tile ---
    let win = ctx.win_tile;
    let mut best: i32 = -1;
    let mut best_parts = (0u8, false, false); // concealed pungs, all pungs, all chows
    let mut multi_wait = false;
    let base_total = s.uncapped;
    for_each_decomposition(concealed, |d| {
        let mut seqs = chi_melds;
        let mut trips = ankans;
        for g in d.groups() {
            match g.kind {
                GroupKind::Sequence => seqs += 1,
                GroupKind::Triplet => trips += 1,
            }
        }
        for_each_wait(d, win, |slot| {
            // A second completing kind proves the hand is not a single wait.
            match (slot.wait, slot.group) {
                (Wait::Ryanmen, Some(gi)) => {
                    let g = d.groups()[gi as usize];
                    let other = if win == g.tile { g.tile.index() + 3 } else { g.tile.index() - 1 };
                    if all[other] < 4 {
                        multi_wait = true;
                    }
                }
                (Wait::Shanpon, _) if all[d.pair.index()] < 4 => multi_wait = true,
                _ => {}
            }
            let completed_pung = slot.wait == Wait::Shanpon;
            let conc = if completed_pung && !ctx.self_draw { trips - 1 } else { trips };
            let conc_tai = match conc {
                0..=2 => 0,
                3 => r.three_concealed_pungs,
                4 => r.four_concealed_pungs,
                _ => r.five_concealed_pungs,
            } as i32;
            let all_pungs = seqs == 0;
            let pungs_tai = if all_pungs { r.all_pungs as i32 } else { 0 };
            let all_chows = seqs == 5
                && !has_honor
                && slot.wait == Wait::Ryanmen
                && (!ctx.self_draw || r.all_chows_self_draw)
                && (ctx.flowers == 0 || r.all_chows_with_flowers)
                && (!closed || r.all_chows_concealed)
                && (!r.all_chows_exclusive || (base_total == 0 && conc_tai == 0));
            let chows_tai = if all_chows { r.all_chows as i32 } else { 0 };
            let total = conc_tai + pungs_tai + chows_tai;
            if total > best {
                best = total;
                best_parts = (conc, all_pungs, all_chows);
                s.decomposition = *d;
                s.win_group = slot.group;
                s.wait = slot.wait;
            }
        });
    });
    let pairs = seven_pairs_one_pung(concealed, melds, shape_free, r);
    if best < 0 {
        return match pairs {
            Some(p) => Ok(finish(p, ctx, r)),
            None => Err(Error::InvalidHand(format!(
                "{}: not a winning hand (no split into five sets and a pair with {} in it{})",
                format_counts(concealed),
                win,
                if r.seven_pairs_one_pung == 0 { "; 嚦咕嚦咕 is off in these rules" } else { "" }
            ))),
        };
    }
    // --- 獨聽: only one kind completes the 16 tiles ---
    s.one_wait = if multi_wait || r.single_wait == 0 { false } else { !other_kind_completes(concealed, melds, win) };
    if s.one_wait {
        s.push(Pattern::SingleWait, 1, r.single_wait);
    }
    let (conc, all_pungs, mut all_chows) = best_parts;
    if r.all_chows_exclusive && s.one_wait {
        all_chows = false;
    }
    match conc {
        0..=2 => {}
        3 => s.push(Pattern::ThreeConcealedPungs, 1, r.three_concealed_pungs),
        4 => s.push(Pattern::FourConcealedPungs, 1, r.four_concealed_pungs),
        _ => s.push(Pattern::FiveConcealedPungs, 1, r.five_concealed_pungs),
    }
    if all_pungs {
        s.push(Pattern::AllPungs, 1, r.all_pungs);
    }
    if all_chows {
        s.push(Pattern::AllChows, 1, r.all_chows);
    }

    match pairs {
        Some(p) if p.uncapped > s.uncapped => Ok(finish(p, ctx, r)),
        _ => Ok(finish(s, ctx, r)),
    }
}

/// Sorts the patterns and sets the capped total and the dealer tai.
fn finish(mut s: TaiScore, ctx: &WinContext, r: &TaiwanRules) -> TaiScore {
    s.sort();
    s.total = if r.tai_cap > 0 { s.uncapped.min(r.tai_cap as u32) } else { s.uncapped };
    s.dealer_tai = r.dealer_tai(ctx.consecutive);
    s
}

/// The 嚦咕嚦咕 reading (seven pairs and one pung, no melds), when the rules score it:
/// `shape_free` holds the patterns that do not depend on sets.
fn seven_pairs_one_pung(concealed: &Counts, melds: &[Meld], shape_free: TaiScore, r: &TaiwanRules) -> Option<TaiScore> {
    if r.seven_pairs_one_pung == 0 || !melds.is_empty() {
        return None;
    }
    let (mut pairs, mut pungs) = (0u8, 0u8);
    for &c in concealed.iter() {
        match c {
            0 => {}
            2 => pairs += 1,
            3 => pungs += 1,
            4 => pairs += 2,
            _ => return None,
        }
    }
    if pairs != 7 || pungs != 1 {
        return None;
    }
    let mut p = shape_free;
    p.push(Pattern::SevenPairsOnePung, 1, r.seven_pairs_one_pung);
    p.decomposition = crate::decompose::Decomposition::default();
    p.win_group = None;
    p.wait = Wait::Tanki;
    p.one_wait = false;
    p.five_sets = false;
    Some(p)
}

/// [`score`] for a [`Hand`] built with `n_sets = 5` (concealed tiles include the
/// winning tile).
pub fn score_hand(hand: &Hand, ctx: &WinContext, rules: &TaiwanRules) -> Result<TaiScore> {
    score(&hand.concealed, hand.melds(), ctx, rules)
}

/// The tai of a flower win (七搶一 or 八仙過海), which needs no hand shape.
pub fn flower_win(pattern: Pattern, consecutive: u16, rules: &TaiwanRules) -> Result<TaiScore> {
    let tai = match pattern {
        Pattern::SevenRobOne => rules.seven_rob_one,
        Pattern::EightImmortals => rules.eight_immortals,
        _ => return Err(Error::InvalidHand(format!("{} is not a flower win", pattern.key()))),
    };
    let mut s = TaiScore::empty();
    s.push(pattern, 1, tai);
    s.total = if rules.tai_cap > 0 { s.uncapped.min(rules.tai_cap as u32) } else { s.uncapped };
    s.dealer_tai = rules.dealer_tai(consecutive);
    Ok(s)
}
