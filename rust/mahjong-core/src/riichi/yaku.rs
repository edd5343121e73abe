//! Yaku: their names and values, and which of them a hand shape holds.
//!
//! The discriminant of [`Yaku`] is Tenhou's yaku id (as its logs write it), so a
//! result converts to Tenhou's list without a table. Han values for closed and open
//! hands follow seed 001 (and seed 004, which agrees); options that change them live
//! in [`Rules`].

use super::context::WinContext;
use super::kinds::KindMasks;
use super::rules::{Daisharin, Paarenchan, RenhouValue, Rules};
use super::shape::{Form, SetKind, Shape};
use crate::decompose::Wait;
use crate::hand::Counts;
use crate::tile::{Tile, YAOCHUU_KINDS};

/// Every yaku plus the three dora kinds, numbered by Tenhou's ids.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Yaku {
    MenzenTsumo = 0,
    Riichi = 1,
    Ippatsu = 2,
    Chankan = 3,
    Rinshan = 4,
    Haitei = 5,
    Houtei = 6,
    Pinfu = 7,
    Tanyao = 8,
    Iipeikou = 9,
    SeatWindEast = 10,
    SeatWindSouth = 11,
    SeatWindWest = 12,
    SeatWindNorth = 13,
    RoundWindEast = 14,
    RoundWindSouth = 15,
    RoundWindWest = 16,
    RoundWindNorth = 17,
    Haku = 18,
    Hatsu = 19,
    Chun = 20,
    DoubleRiichi = 21,
    Chiitoitsu = 22,
    Chanta = 23,
    Ittsu = 24,
    Sanshoku = 25,
    SanshokuDoukou = 26,
    Sankantsu = 27,
    Toitoi = 28,
    Sanankou = 29,
    Shousangen = 30,
    Honroutou = 31,
    Ryanpeikou = 32,
    Junchan = 33,
    Honitsu = 34,
    Chinitsu = 35,
    Renhou = 36,
    Tenhou = 37,
    Chiihou = 38,
    Daisangen = 39,
    Suuankou = 40,
    SuuankouTanki = 41,
    Tsuuiisou = 42,
    Ryuuiisou = 43,
    Chinroutou = 44,
    Chuuren = 45,
    JunseiChuuren = 46,
    Kokushi = 47,
    Kokushi13 = 48,
    Daisuushii = 49,
    Shousuushii = 50,
    Suukantsu = 51,
    Dora = 52,
    UraDora = 53,
    AkaDora = 54,
    // Local yakuman Tenhou does not have: ids of this package's own, after Tenhou's.
    Daisharin = 55,
    Daichikurin = 56,
    Daisuurin = 57,
    Daichisei = 58,
    // Open riichi (a local yaku): in place of riichi / double riichi.
    OpenRiichi = 59,
    DoubleOpenRiichi = 60,
    Paarenchan = 61,
}

/// Number of [`Yaku`] values (ids 0..62; 55 on are local yaku Tenhou has not).
pub const N_YAKU: usize = 62;

/// Names of a yaku.
#[derive(Copy, Clone, Debug)]
pub struct YakuInfo {
    /// snake_case key (also Tenhou-style romaji).
    pub key: &'static str,
    /// English name.
    pub english: &'static str,
    /// Romaji as players say it.
    pub romaji: &'static str,
    /// Japanese name.
    pub japanese: &'static str,
}

const fn info(key: &'static str, english: &'static str, romaji: &'static str, japanese: &'static str) -> YakuInfo {
    YakuInfo { key, english, romaji, japanese }
}

/// Names indexed by Tenhou id.
pub const YAKU_INFO: [YakuInfo; N_YAKU] = [
    info("menzen_tsumo", "Fully concealed hand", "Menzen tsumo", "門前清自摸和"),
    info("riichi", "Riichi", "Riichi", "立直"),
    info("ippatsu", "One-shot", "Ippatsu", "一発"),
    info("chankan", "Robbing a kan", "Chankan", "槍槓"),
    info("rinshan", "After a kan", "Rinshan kaihou", "嶺上開花"),
    info("haitei", "Under the sea", "Haitei raoyue", "海底摸月"),
    info("houtei", "Under the river", "Houtei raoyui", "河底撈魚"),
    info("pinfu", "All sequences", "Pinfu", "平和"),
    info("tanyao", "All simples", "Tanyao", "断幺九"),
    info("iipeikou", "Pure double sequence", "Iipeikou", "一盃口"),
    info("seat_wind_east", "Seat wind East", "Jikaze ton", "自風 東"),
    info("seat_wind_south", "Seat wind South", "Jikaze nan", "自風 南"),
    info("seat_wind_west", "Seat wind West", "Jikaze sha", "自風 西"),
    info("seat_wind_north", "Seat wind North", "Jikaze pei", "自風 北"),
    info("round_wind_east", "Round wind East", "Bakaze ton", "場風 東"),
    info("round_wind_south", "Round wind South", "Bakaze nan", "場風 南"),
    info("round_wind_west", "Round wind West", "Bakaze sha", "場風 西"),
    info("round_wind_north", "Round wind North", "Bakaze pei", "場風 北"),
    info("haku", "White dragon", "Yakuhai haku", "役牌 白"),
    info("hatsu", "Green dragon", "Yakuhai hatsu", "役牌 發"),
    info("chun", "Red dragon", "Yakuhai chun", "役牌 中"),
    info("double_riichi", "Double riichi", "Daburu riichi", "両立直"),
    info("chiitoitsu", "Seven pairs", "Chiitoitsu", "七対子"),
    info("chanta", "Half outside hand", "Chanta", "混全帯幺九"),
    info("ittsu", "Pure straight", "Ikkitsuukan", "一気通貫"),
    info("sanshoku", "Mixed triple sequence", "Sanshoku doujun", "三色同順"),
    info("sanshoku_doukou", "Triple triplets", "Sanshoku doukou", "三色同刻"),
    info("sankantsu", "Three kans", "Sankantsu", "三槓子"),
    info("toitoi", "All triplets", "Toitoihou", "対々和"),
    info("sanankou", "Three concealed triplets", "Sanankou", "三暗刻"),
    info("shousangen", "Little three dragons", "Shousangen", "小三元"),
    info("honroutou", "All terminals and honors", "Honroutou", "混老頭"),
    info("ryanpeikou", "Twice pure double sequence", "Ryanpeikou", "二盃口"),
    info("junchan", "Fully outside hand", "Junchan", "純全帯幺九"),
    info("honitsu", "Half flush", "Honiisou", "混一色"),
    info("chinitsu", "Full flush", "Chiniisou", "清一色"),
    info("renhou", "Blessing of man", "Renhou", "人和"),
    info("tenhou", "Blessing of heaven", "Tenhou", "天和"),
    info("chiihou", "Blessing of earth", "Chiihou", "地和"),
    info("daisangen", "Big three dragons", "Daisangen", "大三元"),
    info("suuankou", "Four concealed triplets", "Suuankou", "四暗刻"),
    info("suuankou_tanki", "Four concealed triplets, pair wait", "Suuankou tanki", "四暗刻単騎"),
    info("tsuuiisou", "All honors", "Tsuuiisou", "字一色"),
    info("ryuuiisou", "All green", "Ryuuiisou", "緑一色"),
    info("chinroutou", "All terminals", "Chinroutou", "清老頭"),
    info("chuuren", "Nine gates", "Chuuren poutou", "九蓮宝燈"),
    info("junsei_chuuren", "Pure nine gates", "Junsei chuuren poutou", "純正九蓮宝燈"),
    info("kokushi", "Thirteen orphans", "Kokushi musou", "国士無双"),
    info("kokushi_13", "Thirteen orphans, 13-sided wait", "Kokushi musou juusanmen", "国士無双十三面"),
    info("daisuushii", "Big four winds", "Daisuushii", "大四喜"),
    info("shousuushii", "Little four winds", "Shousuushii", "小四喜"),
    info("suukantsu", "Four kans", "Suukantsu", "四槓子"),
    info("dora", "Dora", "Dora", "ドラ"),
    info("ura_dora", "Ura dora", "Uradora", "裏ドラ"),
    info("aka_dora", "Red fives", "Akadora", "赤ドラ"),
    info("daisharin", "Big wheels (pins)", "Daisharin", "大車輪"),
    info("daichikurin", "Bamboo forest (sou)", "Daichikurin", "大竹林"),
    info("daisuurin", "Numerous neighbours (man)", "Daisuurin", "大数隣"),
    info("daichisei", "Big seven stars", "Daichisei", "大七星"),
    info("open_riichi", "Open riichi", "Oopun riichi", "開立直"),
    info("double_open_riichi", "Double open riichi", "Daburu oopun riichi", "ダブルオープンリーチ"),
    info("paarenchan", "Eight consecutive wins", "Paarenchan", "八連荘"),
];

const ALL: [Yaku; N_YAKU] = {
    use Yaku::*;
    [
        MenzenTsumo,
        Riichi,
        Ippatsu,
        Chankan,
        Rinshan,
        Haitei,
        Houtei,
        Pinfu,
        Tanyao,
        Iipeikou,
        SeatWindEast,
        SeatWindSouth,
        SeatWindWest,
        SeatWindNorth,
        RoundWindEast,
        RoundWindSouth,
        RoundWindWest,
        RoundWindNorth,
        Haku,
        Hatsu,
        Chun,
        DoubleRiichi,
        Chiitoitsu,
        Chanta,
        Ittsu,
        Sanshoku,
        SanshokuDoukou,
        Sankantsu,
        Toitoi,
        Sanankou,
        Shousangen,
        Honroutou,
        Ryanpeikou,
        Junchan,
        Honitsu,
        Chinitsu,
        Renhou,
        Tenhou,
        Chiihou,
        Daisangen,
        Suuankou,
        SuuankouTanki,
        Tsuuiisou,
        Ryuuiisou,
        Chinroutou,
        Chuuren,
        JunseiChuuren,
        Kokushi,
        Kokushi13,
        Daisuushii,
        Shousuushii,
        Suukantsu,
        Dora,
        UraDora,
        AkaDora,
        Daisharin,
        Daichikurin,
        Daisuurin,
        Daichisei,
        OpenRiichi,
        DoubleOpenRiichi,
        Paarenchan,
    ]
};

impl Yaku {
    /// Tenhou's yaku id.
    #[inline]
    pub const fn tenhou_id(self) -> u8 {
        self as u8
    }
    /// From a Tenhou id.
    pub fn from_tenhou_id(id: u8) -> Option<Yaku> {
        ALL.get(id as usize).copied()
    }
    /// From its snake_case key (`"riichi"`, `"menzen_tsumo"`).
    pub fn from_key(key: &str) -> Option<Yaku> {
        ALL.iter().copied().find(|y| y.info().key == key)
    }
    /// Every yaku, in id order.
    pub fn all() -> &'static [Yaku; N_YAKU] {
        &ALL
    }
    /// Names.
    #[inline]
    pub fn info(self) -> &'static YakuInfo {
        &YAKU_INFO[self as usize]
    }
    /// Han of an ordinary yaku in a closed and an open hand (0: not allowed open).
    pub const fn han(self) -> (u8, u8) {
        use Yaku::*;
        match self {
            MenzenTsumo | Riichi | Ippatsu | Pinfu | Iipeikou => (1, 0),
            Chankan | Rinshan | Haitei | Houtei | Tanyao => (1, 1),
            SeatWindEast | SeatWindSouth | SeatWindWest | SeatWindNorth => (1, 1),
            RoundWindEast | RoundWindSouth | RoundWindWest | RoundWindNorth => (1, 1),
            Haku | Hatsu | Chun => (1, 1),
            DoubleRiichi | Chiitoitsu | OpenRiichi => (2, 0),
            DoubleOpenRiichi => (3, 0),
            Chanta | Ittsu | Sanshoku => (2, 1),
            SanshokuDoukou | Sankantsu | Toitoi | Sanankou | Shousangen | Honroutou => (2, 2),
            Ryanpeikou => (3, 0),
            Junchan | Honitsu => (3, 2),
            Chinitsu => (6, 5),
            _ => (0, 0),
        }
    }
}

/// Most entries a result can list (ordinary yaku never exceed about 15 at once).
pub const MAX_YAKU: usize = 24;

/// A fixed-capacity list of (yaku, han) — han is the yakuman multiple for yakuman.
/// Lists compare and hash by their entries (a reused list keeps stale slots past `n`).
#[derive(Copy, Clone, Debug)]
pub struct YakuList {
    items: [(Yaku, u8); MAX_YAKU],
    n: u8,
}

impl PartialEq for YakuList {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for YakuList {}

impl std::hash::Hash for YakuList {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl Default for YakuList {
    fn default() -> Self {
        YakuList { items: [(Yaku::Dora, 0); MAX_YAKU], n: 0 }
    }
}

impl YakuList {
    /// Append (ignored beyond capacity, which no hand reaches).
    #[inline]
    pub fn push(&mut self, y: Yaku, han: u8) {
        if (self.n as usize) < MAX_YAKU {
            self.items[self.n as usize] = (y, han);
            self.n += 1;
        }
    }
    /// The entries.
    #[inline]
    pub fn as_slice(&self) -> &[(Yaku, u8)] {
        &self.items[..self.n as usize]
    }
    /// Sum of the han (or yakuman multiples).
    #[inline]
    pub fn total(&self) -> u32 {
        self.as_slice().iter().map(|&(_, h)| h as u32).sum()
    }
    /// Is `y` listed?
    #[inline]
    pub fn contains(&self, y: Yaku) -> bool {
        self.as_slice().iter().any(|&(x, _)| x == y)
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.n as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
    #[inline]
    pub fn clear(&mut self) {
        self.n = 0;
    }
}

/// Where yaku found in a reading go: a full list (the result) or a tally (ranking
/// readings, where only the han and which yaku matter). One rule code feeds both.
pub trait YakuSink {
    fn add(&mut self, y: Yaku, han: u8);
}

impl YakuSink for YakuList {
    #[inline(always)]
    fn add(&mut self, y: Yaku, han: u8) {
        self.push(y, han);
    }
}

/// Han and the set of yaku (bit = Tenhou id) of a reading, without the list.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct YakuTally {
    pub mask: u64,
    pub han: u32,
}

impl YakuTally {
    #[inline(always)]
    pub fn contains(&self, y: Yaku) -> bool {
        self.mask & (1u64 << y as u8) != 0
    }
}

/// A list with its tally, filled at once: readings are ranked by the tally and the
/// best one keeps its list, so the winner's yaku need no second pass.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct ListTally {
    pub list: YakuList,
    pub tally: YakuTally,
}

impl YakuSink for ListTally {
    #[inline(always)]
    fn add(&mut self, y: Yaku, han: u8) {
        self.list.push(y, han);
        self.tally.add(y, han);
    }
}

impl YakuSink for YakuTally {
    #[inline(always)]
    fn add(&mut self, y: Yaku, han: u8) {
        self.mask |= 1u64 << y as u8;
        self.han += han as u32;
    }
}

/// Facts about the whole hand that do not depend on how it is split.
#[derive(Copy, Clone, Debug)]
pub struct HandFacts<'a> {
    /// Concealed plus meld tiles.
    pub all: &'a Counts,
    /// Concealed tiles (including the winning tile).
    pub concealed: &'a Counts,
    /// The winner's seat wind (asked once per reading).
    pub seat: Tile,
    /// Honor kinds held three or four times across the whole hand (bits 27..34).
    pub honor_triplets: u64,
    /// Honor kinds held exactly twice among the concealed tiles (in a standard reading:
    /// the pair, when it is an honor).
    pub honor_pair: u64,
    /// No open meld.
    pub closed: bool,
    /// No meld at all (not even a closed kan).
    pub no_melds: bool,
    pub n_kans: u8,
    /// Bit per suit present (m=1, p=2, s=4) and whether honors are present.
    pub suits: u8,
    pub honors: bool,
    pub all_simples: bool,
    pub all_yaochuu: bool,
    pub all_terminals: bool,
    pub all_green: bool,
}

impl<'a> HandFacts<'a> {
    /// From the counts of the whole hand (`all`, melds included) and of the concealed
    /// tiles, with the whole hand's masks (`present` exact; `triplets` exact for honors).
    #[inline(always)]
    pub fn new(
        all: &'a Counts,
        concealed: &'a Counts,
        all_masks: KindMasks,
        seat: Tile,
        closed: bool,
        no_melds: bool,
        n_kans: u8,
    ) -> HandFacts<'a> {
        // One bit per kind present; every fact is then a mask test.
        let mask = all_masks.present;
        const SUIT: u64 = 0x1FF;
        const TERMINALS: u64 = (1 << 0) | (1 << 8) | (1 << 9) | (1 << 17) | (1 << 18) | (1 << 26);
        const HONORS: u64 = 0x7F << 27;
        const YAOCHUU: u64 = TERMINALS | HONORS;
        // 2s 3s 4s 6s 8s and the green dragon.
        const GREEN: u64 = (1 << 19) | (1 << 20) | (1 << 21) | (1 << 23) | (1 << 25) | (1 << 32);
        let suits = ((mask & SUIT != 0) as u8)
            | (((mask >> 9) & SUIT != 0) as u8) << 1
            | (((mask >> 18) & SUIT != 0) as u8) << 2;
        HandFacts {
            all,
            concealed,
            seat,
            honor_triplets: all_masks.triplets & HONORS,
            honor_pair: all_masks.pairs & HONORS,
            closed,
            no_melds,
            n_kans,
            suits,
            honors: mask & HONORS != 0,
            all_simples: mask & YAOCHUU == 0,
            all_yaochuu: mask & !YAOCHUU == 0,
            all_terminals: mask & !TERMINALS == 0,
            all_green: mask & !GREEN == 0,
        }
    }
    #[inline]
    fn one_suit(&self) -> bool {
        self.suits != 0 && self.suits & (self.suits - 1) == 0
    }
}

#[inline]
fn yakuman_value(double: bool) -> u8 {
    if double {
        2
    } else {
        1
    }
}

/// Yakuman of a shape (none of the ordinary yaku are looked at when any is found).
pub fn yakuman(shape: &Shape, f: &HandFacts, ctx: &WinContext, rules: &Rules, out: &mut YakuList) {
    let concealed_triplets = shape.sets().iter().filter(|s| s.kind != SetKind::Sequence && !s.open).count() as u32;
    yakuman_of(shape.form, concealed_triplets, shape.wait == Wait::Tanki, shape.win, f, ctx, rules, out)
}

/// Yakuman of a reading of form `form` holding `concealed_triplets` concealed
/// triplets and kans, won on `win` (`tanki`: on the pair). Everything else a yakuman
/// asks is the same for every reading of a standard hand (its honor triplets and pair,
/// kans and tile content), so it comes from the hand's facts.
#[allow(clippy::too_many_arguments)]
pub fn yakuman_of(
    form: Form,
    concealed_triplets: u32,
    tanki: bool,
    win: Tile,
    f: &HandFacts,
    ctx: &WinContext,
    rules: &Rules,
    out: &mut YakuList,
) {
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
    if paarenchan(ctx, rules) {
        out.push(Yaku::Paarenchan, 1);
    }
    match form {
        Form::Kokushi => {
            // Thirteen-sided: the tiles before the win were thirteen singles.
            if f.concealed[win.index()] == 2 || (ctx.tenhou && rules.tenhou_kokushi_13) {
                out.push(Yaku::Kokushi13, yakuman_value(rules.double_kokushi_13));
            } else {
                out.push(Yaku::Kokushi, 1);
            }
            return;
        }
        Form::Chiitoitsu => {}
        Form::Standard => {
            // Honor sets are triplets or kans of the kinds held three or four times.
            const DRAGONS: u64 = 0b111 << 31;
            const WINDS: u64 = 0b1111 << 27;
            let dragons = (f.honor_triplets & DRAGONS).count_ones();
            let winds = (f.honor_triplets & WINDS).count_ones();
            if dragons == 3 {
                out.push(Yaku::Daisangen, 1);
            }
            if concealed_triplets == 4 {
                if tanki {
                    out.push(Yaku::SuuankouTanki, yakuman_value(rules.double_suuankou_tanki));
                } else {
                    out.push(Yaku::Suuankou, 1);
                }
            }
            if winds == 4 {
                out.push(Yaku::Daisuushii, yakuman_value(rules.double_daisuushii));
            } else if winds == 3 && f.honor_pair & WINDS != 0 {
                out.push(Yaku::Shousuushii, 1);
            }
            if f.n_kans == 4 {
                out.push(Yaku::Suukantsu, 1);
            }
            if f.all_terminals {
                out.push(Yaku::Chinroutou, 1);
            }
            nine_gates(f, win, rules, out);
        }
    }
    tile_colour_yakuman(f, out);
    local_yakuman(form, f, rules, out);
}

/// Is this win the dealer's paarenchan (八連荘) under the rules?
#[inline]
pub(super) fn paarenchan(ctx: &WinContext, rules: &Rules) -> bool {
    ctx.is_dealer()
        && match rules.paarenchan {
            Paarenchan::Off => false,
            Paarenchan::Eighth => ctx.dealer_wins == 7,
            Paarenchan::FromEighth => ctx.dealer_wins >= 7,
        }
}

/// The local yakuman of the tiles alone, each where the rules have it: seven pairs of
/// 2 to 8 of one suit (daisharin and its other-suit names) and seven pairs of honors
/// (daichisei, beside all honors). Both are closed: no meld at all.
#[inline]
pub(super) fn local_yakuman(form: Form, f: &HandFacts, rules: &Rules, out: &mut YakuList) {
    if !f.no_melds || form == Form::Kokushi {
        return;
    }
    if rules.daichisei && f.suits == 0 && form == Form::Chiitoitsu {
        out.push(Yaku::Daichisei, 1);
    }
    if rules.daisharin == Daisharin::Off || !f.one_suit() || f.honors {
        return;
    }
    let suit = f.suits.trailing_zeros() as usize;
    let c = &f.all[suit * 9..suit * 9 + 9];
    if c[0] == 0 && c[8] == 0 && c[1..8].iter().all(|&x| x == 2) {
        match (suit, rules.daisharin) {
            (1, _) => out.push(Yaku::Daisharin, 1),
            (2, Daisharin::AllSuits) => out.push(Yaku::Daichikurin, 1),
            (0, Daisharin::AllSuits) => out.push(Yaku::Daisuurin, 1),
            _ => {}
        }
    }
}

/// Nine gates (pure when the hand before the winning tile was 1112345678999 of one
/// suit). It reads only the counts, so every reading of a hand shares it.
#[inline]
pub(super) fn nine_gates(f: &HandFacts, win: Tile, rules: &Rules, out: &mut YakuList) {
    if !(f.no_melds && f.one_suit() && !f.honors) {
        return;
    }
    let base = (f.suits.trailing_zeros() * 9) as usize;
    let c = &f.all[base..base + 9];
    let gates = c[0] >= 3 && c[8] >= 3 && c[1..8].iter().all(|&x| x >= 1);
    if gates {
        let mut before = [0u8; 9];
        before.copy_from_slice(c);
        before[win.index() - base] -= 1;
        if before == [3, 1, 1, 1, 1, 1, 1, 1, 3] {
            out.push(Yaku::JunseiChuuren, yakuman_value(rules.double_junsei_chuuren));
        } else {
            out.push(Yaku::Chuuren, 1);
        }
    }
}

/// The ordinary yaku a yakuman implies, as a mask of Tenhou ids: what the
/// `aotenjou_yakuman = "with_yaku"` reading leaves out beside it (the `mahjong`
/// package's `aotenjou_filter_yaku`). The wind yaku stay beside big four winds, the
/// green dragon beside all green, chinitsu beside all green.
pub fn implied_by(yakuman: Yaku) -> u64 {
    let m = |ys: &[Yaku]| ys.iter().fold(0u64, |a, &y| a | 1u64 << y as u8);
    match yakuman {
        Yaku::Daisangen => m(&[Yaku::Haku, Yaku::Hatsu, Yaku::Chun, Yaku::Shousangen]),
        Yaku::Tsuuiisou | Yaku::Chinroutou => m(&[Yaku::Toitoi, Yaku::Honroutou]),
        Yaku::Daisuushii | Yaku::Suuankou | Yaku::SuuankouTanki | Yaku::Suukantsu => m(&[Yaku::Toitoi]),
        Yaku::Chuuren | Yaku::JunseiChuuren => m(&[Yaku::Chinitsu]),
        Yaku::Daisharin | Yaku::Daichikurin | Yaku::Daisuurin => {
            m(&[Yaku::Chinitsu, Yaku::Pinfu, Yaku::Tanyao, Yaku::Ryanpeikou, Yaku::Chiitoitsu])
        }
        Yaku::Ryuuiisou => m(&[Yaku::Honitsu]),
        _ => 0,
    }
}

/// All green and all honors: facts of the tiles alone.
#[inline]
pub(super) fn tile_colour_yakuman(f: &HandFacts, out: &mut YakuList) {
    if f.all_green {
        out.push(Yaku::Ryuuiisou, 1);
    }
    if f.suits == 0 {
        out.push(Yaku::Tsuuiisou, 1);
    }
}

/// Adds an ordinary yaku at its closed or open value; a yaku worth nothing open
/// (closed-only) is left out.
#[inline(always)]
fn add_standing<S: YakuSink>(y: Yaku, closed: bool, out: &mut S) {
    let (c, o) = y.han();
    let h = if closed { c } else { o };
    if h > 0 {
        out.add(y, h);
    }
}

/// The ordinary yaku that do not depend on how the hand is read (situational and
/// tile-content yaku): computed once per hand, then each reading adds its own.
/// (Out of line: its dozen flag tests then do not hold the scorer's registers.)
#[inline(never)]
pub fn hand_yaku<S: YakuSink>(f: &HandFacts, ctx: &WinContext, rules: &Rules, out: &mut S) {
    let closed = f.closed;
    let add = |y: Yaku, out: &mut S| add_standing(y, closed, out);
    // Situational yaku. An open riichi is worth one han more than the riichi it
    // replaces (2 han; 3 for a double open riichi).
    if ctx.double_riichi {
        add(if ctx.open_riichi { Yaku::DoubleOpenRiichi } else { Yaku::DoubleRiichi }, out);
    } else if ctx.riichi {
        add(if ctx.open_riichi { Yaku::OpenRiichi } else { Yaku::Riichi }, out);
    }
    if ctx.ippatsu && rules.ippatsu {
        add(Yaku::Ippatsu, out);
    }
    if ctx.tsumo && closed {
        add(Yaku::MenzenTsumo, out);
    }
    if ctx.chankan {
        add(Yaku::Chankan, out);
    }
    if ctx.rinshan {
        add(Yaku::Rinshan, out);
    }
    if ctx.haitei && (!ctx.rinshan || rules.haitei_with_rinshan) {
        add(Yaku::Haitei, out);
    }
    if ctx.houtei {
        add(Yaku::Houtei, out);
    }
    if ctx.renhou && closed {
        match rules.renhou {
            RenhouValue::Han(h) => out.add(Yaku::Renhou, h),
            // Ranked as 5 han; settling makes it exactly a mangan.
            RenhouValue::Mangan => out.add(Yaku::Renhou, 5),
            _ => {}
        }
    }
    // Tile-content yaku.
    if f.all_simples && (closed || rules.open_tanyao) {
        add(Yaku::Tanyao, out);
    }
    if f.one_suit() {
        add(if f.honors { Yaku::Honitsu } else { Yaku::Chinitsu }, out);
    }
    if f.all_yaochuu && f.honors && f.suits != 0 {
        add(Yaku::Honroutou, out);
    }
}

/// Ordinary yaku of a shape (called when it holds no yakuman), added to `out`
/// (which the caller starts from [`hand_yaku`]).
#[inline]
pub fn ordinary<S: YakuSink>(shape: &Shape, f: &HandFacts, ctx: &WinContext, rules: &Rules, out: &mut S) {
    let closed = f.closed;
    let add = |y: Yaku, out: &mut S| add_standing(y, closed, out);
    if shape.form == Form::Chiitoitsu {
        add(Yaku::Chiitoitsu, out);
        return;
    }
    // Shape yaku, from masks built in one pass over the sets: bit k of `seq` is a
    // sequence starting at kind k, of `trips` a triplet or kan of kind k.
    let sets = shape.sets();
    let seat = f.seat;
    let round = ctx.round_wind;
    let mut n_seq = 0u32;
    let mut seq = 0u64;
    // Two identical sequences seen (iipeikou / ryanpeikou are impossible without).
    let mut twin_seq = false;
    let mut trips = 0u64;
    let mut concealed_trips = 0u32;
    let mut kans = 0u32;
    for s in sets {
        // Arithmetic rather than a branch on the kind (kinds come in no learnable order).
        let bit = 1u64 << s.tile.index();
        let is_seq = s.kind == SetKind::Sequence;
        let seq_bit = bit & (is_seq as u64).wrapping_neg();
        n_seq += is_seq as u32;
        twin_seq |= seq & seq_bit != 0;
        seq |= seq_bit;
        trips |= bit ^ seq_bit;
        concealed_trips += (!is_seq & !s.open) as u32;
        kans += (s.kind == SetKind::Kan) as u32;
    }
    const HONORS: u64 = 0x7F << 27;
    // Sequences that hold a terminal: those starting at 1 or 7.
    const OUTSIDE_SEQ: u64 = (1 << 0) | (1 << 6) | (1 << 9) | (1 << 15) | (1 << 18) | (1 << 24);
    if trips & HONORS != 0 {
        // Value triplets, listed in set order.
        for s in sets {
            if s.kind == SetKind::Sequence || !s.tile.is_honor() {
                continue;
            }
            if s.tile.is_dragon() {
                add(
                    match s.tile.index() {
                        31 => Yaku::Haku,
                        32 => Yaku::Hatsu,
                        _ => Yaku::Chun,
                    },
                    out,
                );
            } else {
                if s.tile == seat {
                    add(wind_yaku(Yaku::SeatWindEast, seat), out);
                }
                if s.tile == round {
                    add(wind_yaku(Yaku::RoundWindEast, round), out);
                }
            }
        }
    }
    if closed
        && n_seq == 4
        && shape.wait == Wait::Ryanmen
        && !is_value_pair(shape.pair, seat, round)
        && f.no_melds
        && (rules.pinfu_on_tsumo || !ctx.tsumo)
    {
        add(Yaku::Pinfu, out);
    }
    if closed && twin_seq {
        let mut pairs = 0;
        for (i, a) in sets.iter().enumerate() {
            if a.kind != SetKind::Sequence {
                continue;
            }
            // Count disjoint identical pairs: pair each sequence with a later twin once.
            let twins = sets[i + 1..].iter().filter(|b| b.kind == SetKind::Sequence && b.tile == a.tile).count();
            let earlier = sets[..i].iter().filter(|b| b.kind == SetKind::Sequence && b.tile == a.tile).count();
            if twins > 0 && earlier % 2 == 0 {
                pairs += 1;
            }
        }
        if pairs >= 2 {
            add(Yaku::Ryanpeikou, out);
        } else if pairs == 1 {
            add(Yaku::Iipeikou, out);
        }
    }
    // 123, 456 and 789 of one suit: starts 0, 3, 6 of the suit's nine kinds.
    const STRAIGHT: u64 = 0b100_1001;
    if n_seq >= 3
        && (seq & STRAIGHT == STRAIGHT || (seq >> 9) & STRAIGHT == STRAIGHT || (seq >> 18) & STRAIGHT == STRAIGHT)
    {
        add(Yaku::Ittsu, out);
    }
    if seq & (seq >> 9) & (seq >> 18) & 0x1FF != 0 {
        add(Yaku::Sanshoku, out);
    }
    if trips & (trips >> 9) & (trips >> 18) & 0x1FF != 0 {
        add(Yaku::SanshokuDoukou, out);
    }
    if n_seq == 0 {
        add(Yaku::Toitoi, out);
    }
    if concealed_trips == 3 {
        add(Yaku::Sanankou, out);
    }
    if kans == 3 {
        add(Yaku::Sankantsu, out);
    }
    // Two dragon triplets (of the three) and a dragon pair.
    if matches!((trips >> 31) & 7, 0b011 | 0b101 | 0b110) && shape.pair.is_dragon() {
        add(Yaku::Shousangen, out);
    }
    // Outside hands need a sequence: without one, every set is a yaochuu triplet and the
    // hand is honroutou instead.
    let all_outside = shape.pair.is_yaochuu() && seq & !OUTSIDE_SEQ == 0 && trips & !YAOCHUU_KINDS == 0;
    if all_outside && n_seq > 0 {
        add(if f.honors { Yaku::Chanta } else { Yaku::Junchan }, out);
    }
}

#[inline]
fn wind_yaku(first: Yaku, wind: Tile) -> Yaku {
    let id = first as u8 + (wind.index() - Tile::EAST.index()) as u8;
    Yaku::from_tenhou_id(id).unwrap_or(first)
}

/// A pair that earns fu and breaks pinfu: a dragon, the seat wind or the round wind.
#[inline]
pub fn is_value_pair(pair: Tile, seat: Tile, round: Tile) -> bool {
    pair.is_dragon() || pair == seat || pair == round
}
