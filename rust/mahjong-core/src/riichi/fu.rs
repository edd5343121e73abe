//! Fu (符): the minipoints of a hand, itemized.
//!
//! Seed 001's table: 20 base (30 for a closed ron: 20 + 10 menzen kafu), +2 tsumo,
//! +2 for a closed, edge or pair wait, +2 for a value pair, and per set
//! 2 / 4 / 8 / 16 (open simple triplet, doubled for yaochuu, doubled when concealed,
//! quadrupled for a kan). Seven pairs are a flat 25. Rounded up to 10, except 25.

use super::context::WinContext;
use super::rules::{Rules, YakumanFu};
use super::shape::{Form, SetKind, Shape};
use super::yaku::is_value_pair;
use crate::decompose::Wait;
use crate::tile::Tile;

/// One line of the fu breakdown.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum FuItem {
    /// 副底: the 20 every hand gets.
    Base,
    /// 門前加符: closed hand won on a discard.
    MenzenRon,
    /// ツモ符.
    Tsumo,
    /// Closed, edge or pair wait.
    Wait(Wait),
    /// A value pair (dragon, seat wind, round wind; a double wind counts per rules).
    Pair(Tile),
    /// A triplet or kan: kind, tile, open.
    Set(SetKind, Tile, bool),
    /// An open hand with no fu won on a discard is raised to 30 (喰い平和の30符).
    OpenPinfu,
    /// Seven pairs: a flat 25.
    Chiitoitsu,
    /// Pinfu tsumo: a flat 20 (no tsumo fu).
    PinfuTsumo,
}

impl FuItem {
    /// Short English description.
    pub fn describe(&self) -> String {
        match *self {
            FuItem::Base => "base".into(),
            FuItem::MenzenRon => "closed ron".into(),
            FuItem::Tsumo => "tsumo".into(),
            FuItem::Wait(w) => format!("{} wait", w.name()),
            FuItem::Pair(t) => format!("value pair {t}"),
            FuItem::Set(k, t, open) => format!(
                "{} {} {t}",
                if open { "open" } else { "closed" },
                match k {
                    SetKind::Kan => "kan",
                    _ => "triplet",
                }
            ),
            FuItem::OpenPinfu => "open hand without fu (raised to 30)".into(),
            FuItem::Chiitoitsu => "seven pairs".into(),
            FuItem::PinfuTsumo => "pinfu tsumo".into(),
        }
    }
    /// A stable key for programs.
    pub fn key(&self) -> &'static str {
        match self {
            FuItem::Base => "base",
            FuItem::MenzenRon => "menzen_ron",
            FuItem::Tsumo => "tsumo",
            FuItem::Wait(_) => "wait",
            FuItem::Pair(_) => "pair",
            FuItem::Set(..) => "set",
            FuItem::OpenPinfu => "open_pinfu",
            FuItem::Chiitoitsu => "chiitoitsu",
            FuItem::PinfuTsumo => "pinfu_tsumo",
        }
    }
}

/// Most lines a breakdown holds: base, ron/tsumo, wait, pair, four sets, adjustment.
pub const MAX_FU_ITEMS: usize = 10;

/// The itemized fu of a hand.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct FuList {
    items: [(FuItem, u8); MAX_FU_ITEMS],
    n: u8,
}

impl Default for FuList {
    fn default() -> Self {
        FuList { items: [(FuItem::Base, 0); MAX_FU_ITEMS], n: 0 }
    }
}

impl FuList {
    #[inline]
    pub(crate) fn push(&mut self, item: FuItem, fu: u8) {
        if (self.n as usize) < MAX_FU_ITEMS {
            self.items[self.n as usize] = (item, fu);
            self.n += 1;
        }
    }
    /// The lines.
    #[inline]
    pub fn as_slice(&self) -> &[(FuItem, u8)] {
        &self.items[..self.n as usize]
    }
    /// Sum before rounding.
    #[inline]
    pub fn raw(&self) -> u32 {
        self.as_slice().iter().map(|&(_, f)| f as u32).sum()
    }
    /// The fu the hand scores: 25 for seven pairs, else the sum rounded up to 10.
    #[inline]
    pub fn total(&self) -> u32 {
        round_fu(self.raw())
    }
}

/// The fu a raw sum scores: 25 (seven pairs) stays, anything else rounds up to 10.
#[inline]
pub fn round_fu(raw: u32) -> u32 {
    if raw == 25 {
        25
    } else {
        raw.div_ceil(10) * 10
    }
}

/// Where fu items go: the itemized list (the result) or a running sum (ranking
/// readings). One rule code feeds both; the sum never builds the items.
pub trait FuSink {
    fn push(&mut self, item: FuItem, fu: u8);
    /// `push` when `cond` holds (a sum adds `fu` times `cond`, without a branch).
    #[inline(always)]
    fn push_if(&mut self, cond: bool, item: FuItem, fu: u8) {
        if cond {
            self.push(item, fu);
        }
    }
    /// Sum so far, before rounding.
    fn raw(&self) -> u32;
}

impl FuSink for FuList {
    #[inline(always)]
    fn push(&mut self, item: FuItem, fu: u8) {
        FuList::push(self, item, fu)
    }
    #[inline(always)]
    fn raw(&self) -> u32 {
        FuList::raw(self)
    }
}

/// A running sum of fu.
#[derive(Copy, Clone, Default, Debug)]
pub struct FuSum(pub u32);

impl FuSink for FuSum {
    #[inline(always)]
    fn push(&mut self, _item: FuItem, fu: u8) {
        self.0 += fu as u32;
    }
    #[inline(always)]
    fn push_if(&mut self, cond: bool, _item: FuItem, fu: u8) {
        self.0 += fu as u32 * cond as u32;
    }
    #[inline(always)]
    fn raw(&self) -> u32 {
        self.0
    }
}

/// Fu of a shape, itemized. `pinfu` says whether the hand scored pinfu (it changes
/// tsumo fu).
pub fn fu(shape: &Shape, closed: bool, pinfu: bool, ctx: &WinContext, rules: &Rules) -> FuList {
    let mut out = FuList::default();
    fu_into(shape, closed, pinfu, ctx, rules, &mut out);
    out
}

/// The fu a shape scores (rounded), without the breakdown.
#[inline]
pub fn fu_total(shape: &Shape, closed: bool, pinfu: bool, ctx: &WinContext, rules: &Rules) -> u32 {
    let mut sum = FuSum::default();
    fu_into(shape, closed, pinfu, ctx, rules, &mut sum);
    round_fu(sum.0)
}

/// The fu rules, writing into `out` (empty on entry).
#[inline(always)]
fn fu_into<S: FuSink>(shape: &Shape, closed: bool, pinfu: bool, ctx: &WinContext, rules: &Rules, out: &mut S) {
    match shape.form {
        Form::Chiitoitsu => {
            out.push(FuItem::Chiitoitsu, 25);
            return;
        }
        // Yakuman only; fu does not matter: Tenhou records none, else report the base.
        Form::Kokushi if rules.yakuman_fu == YakumanFu::Tenhou => return,
        Form::Kokushi => {
            out.push(FuItem::Base, 20);
            if closed && !ctx.tsumo {
                out.push(FuItem::MenzenRon, 10);
            }
            return;
        }
        Form::Standard => {}
    }
    if pinfu && ctx.tsumo && rules.pinfu_tsumo {
        out.push(FuItem::PinfuTsumo, 20);
        return;
    }
    out.push(FuItem::Base, 20);
    if closed && !ctx.tsumo {
        out.push(FuItem::MenzenRon, 10);
    }
    if ctx.tsumo && (!ctx.rinshan || rules.rinshan_tsumo_fu) {
        out.push(FuItem::Tsumo, 2);
    }
    if shape.wait.is_single() {
        out.push(FuItem::Wait(shape.wait), 2);
    }
    let seat = ctx.seat_wind();
    let round = ctx.round_wind;
    if is_value_pair(shape.pair, seat, round) {
        let p = shape.pair;
        let fu = if p.is_dragon() {
            2
        } else if p == seat && p == round {
            rules.double_wind_pair_fu
        } else {
            2
        };
        out.push(FuItem::Pair(p), fu);
    }
    for s in shape.sets() {
        // 2 for a triplet, doubled for yaochuu, doubled when concealed, x4 for a kan;
        // as shifts, so the sum needs no branch per set.
        let f: u8 = 2 << (s.tile.is_yaochuu() as u8 + !s.open as u8 + 2 * (s.kind == SetKind::Kan) as u8);
        out.push_if(s.kind != SetKind::Sequence, FuItem::Set(s.kind, s.tile, s.open), f);
    }
    if !closed && out.raw() == 20 && rules.fu_for_open_pinfu {
        // Tsumo already added 2, so only a discard win lands on exactly 20.
        out.push(FuItem::OpenPinfu, 10);
    }
}
