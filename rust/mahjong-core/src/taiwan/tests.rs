//! Unit tests of the tai evaluation: each pattern alone, combinations, exclusions.

use super::*;
use crate::hand::{Counts, Meld, MeldKind};
use crate::tile::{counts_of, parse_mpsz, Tile};

fn t(s: &str) -> Tile {
    parse_mpsz(s).unwrap()[0].tile
}
fn counts(s: &str) -> Counts {
    counts_of(&parse_mpsz(s).unwrap()).unwrap().0
}
fn meld(kind: MeldKind, s: &str) -> Meld {
    Meld::new(kind, &parse_mpsz(s).unwrap(), None, None).unwrap()
}

struct Case {
    hand: &'static str,
    melds: Vec<Meld>,
    ctx: WinContext,
    rules: TaiwanRules,
}

fn case(hand: &'static str, win: &str) -> Case {
    Case { hand, melds: vec![], ctx: WinContext::new(t(win)), rules: TaiwanRules::default() }
}

impl Case {
    fn m(mut self, kind: MeldKind, s: &str) -> Self {
        self.melds.push(meld(kind, s));
        self
    }
    fn tsumo(mut self) -> Self {
        self.ctx.self_draw = true;
        self
    }
    fn with(mut self, f: impl FnOnce(&mut WinContext)) -> Self {
        f(&mut self.ctx);
        self
    }
    fn rules(mut self, f: impl FnOnce(&mut TaiwanRules)) -> Self {
        f(&mut self.rules);
        self
    }
    fn run(&self) -> TaiScore {
        score(&counts(self.hand), &self.melds, &self.ctx, &self.rules).unwrap()
    }
    fn run_err(&self) -> String {
        score(&counts(self.hand), &self.melds, &self.ctx, &self.rules).unwrap_err().message().to_owned()
    }
    fn keys(&self) -> Vec<(&'static str, u16)> {
        self.run().patterns().iter().map(|p| (p.pattern.key(), p.tai)).collect()
    }
}

#[test]
fn concealed_all_chows_on_a_discard() {
    let c = case("123m456m789m234p567p55s", "7p");
    assert_eq!(c.keys(), vec![("concealed", 1), ("all_chows", 2)]);
    assert_eq!(c.run().total, 3);
}

#[test]
fn all_chows_variants() {
    // Self-drawn: no 平胡 (and 門清自摸 replaces 門清 + 自摸).
    assert_eq!(case("123m456m789m234p567p55s", "7p").tsumo().keys(), vec![("concealed_self_draw", 3)]);
    // Any flower voids it (seed 003).
    assert_eq!(case("123m456m789m234p567p55s", "7p").with(|c| c.flowers = 1 << 5).keys(), vec![("concealed", 1)]);
    // Concealed hands excluded by a variant.
    assert_eq!(
        case("123m456m789m234p567p55s", "7p").rules(|r| r.all_chows_concealed = false).keys(),
        vec![("concealed", 1)]
    );
    // Exclusive variant: 門清 scores too, so no 平胡.
    assert_eq!(
        case("123m456m789m234p567p55s", "7p").rules(|r| r.all_chows_exclusive = true).keys(),
        vec![("concealed", 1)]
    );
    // Not on a closed wait (6p between 5p and 7p).
    let k = case("123m456m789m234p567p55s", "6p").keys();
    assert!(!k.iter().any(|(n, _)| *n == "all_chows"), "{k:?}");
    // An honor pair voids it.
    let k = case("123m456m789m234p567p55z", "7p").keys();
    assert!(!k.iter().any(|(n, _)| *n == "all_chows"), "{k:?}");
}

#[test]
fn single_wait_by_shape() {
    // Pair wait on 5s: only 5s completes the hand.
    assert_eq!(case("123m456m789m234p567p55s", "5s").keys(), vec![("concealed", 1), ("single_wait", 1)]);
    // Closed wait 6p.
    assert!(case("123m456m789m234p567p55s", "6p").keys().contains(&("single_wait", 1)));
    // Edge wait 3m (12m waiting 3m).
    assert!(case("123m456m789m234p567p55s", "3m").keys().contains(&("single_wait", 1)));
    // 1112m + 3m: 3m sits in an edge-looking 123 but 2m also completes: not single.
    let k = case("11123m456p789p123s777z", "3m").keys();
    assert!(!k.contains(&("single_wait", 1)), "{k:?}");
    // Two-sided wait whose other side is all held: 45s waiting 3s/6s with 6s x4 in hand.
    let k = case("345s123m456m789p11p", "3s").m(MeldKind::Daiminkan, "6666s").keys();
    assert!(k.contains(&("single_wait", 1)), "{k:?}");
}

#[test]
fn wind_and_dragon_sets() {
    let c = case("111z222z555z123m456m77p", "7p").with(|c| c.seat_wind = 1);
    assert_eq!(
        c.keys(),
        vec![
            ("concealed", 1),
            ("single_wait", 1),
            ("round_wind", 1),
            ("seat_wind", 1),
            ("dragon_set", 1),
            ("three_concealed_pungs", 2)
        ]
    );
    // East round, East seat: 東風東 counts 2.
    let c = case("111z789s555z123m456m77p", "7p");
    let s = c.run();
    assert_eq!(s.tai_of(Pattern::RoundWind) + s.tai_of(Pattern::SeatWind), 2);
}

#[test]
fn three_dragons_replace_dragon_sets() {
    let k = case("555z666z77z123m456m789m", "9m").keys();
    assert!(k.contains(&("little_three_dragons", 4)) && !k.iter().any(|(n, _)| *n == "dragon_set"), "{k:?}");
    let k = case("555z666z777z123m456m99m", "9m").keys();
    assert!(k.contains(&("big_three_dragons", 8)) && !k.iter().any(|(n, _)| *n == "dragon_set"), "{k:?}");
}

#[test]
fn four_winds() {
    let base = "111z222z333z44z123m456m";
    let k = case(base, "6m").with(|c| c.seat_wind = 1).keys();
    assert!(
        k.contains(&("little_four_winds", 8)) && k.contains(&("round_wind", 1)) && k.contains(&("seat_wind", 1)),
        "{k:?}"
    );
    let k = case(base, "6m").with(|c| c.seat_wind = 1).rules(|r| r.little_winds_keep_wind_tai = false).keys();
    assert!(k.contains(&("little_four_winds", 8)) && !k.contains(&("round_wind", 1)), "{k:?}");
    let k = case("111z222z333z444z123m99m", "9m").keys();
    assert!(
        k.contains(&("big_four_winds", 16)) && !k.contains(&("round_wind", 1)) && !k.contains(&("seat_wind", 1)),
        "{k:?}"
    );
}

#[test]
fn flushes_and_honors() {
    let k = case("123m456m789m111z222z99m", "9m").keys();
    assert!(k.contains(&("half_flush", 4)), "{k:?}");
    let k = case("123m456m789m111m234m99m", "9m").keys();
    assert!(k.contains(&("full_flush", 8)), "{k:?}");
    let k = case("111z222z333z555z666z77z", "7z").with(|c| c.seat_wind = 3).keys();
    assert!(k.contains(&("all_honors", 16)) && k.contains(&("all_pungs", 4)), "{k:?}");
    let k = case("111z222z333z555z666z77z", "7z").with(|c| c.seat_wind = 3).rules(|r| r.all_honors = 8).keys();
    assert!(k.contains(&("all_honors", 8)), "{k:?}");
}

#[test]
fn concealed_pungs_highest_only_and_discard_pung_is_open() {
    // Self-drawn: five concealed pungs.
    let k = case("111m222p333s444m55p666s", "6s").tsumo().keys();
    assert!(k.contains(&("five_concealed_pungs", 8)) && !k.contains(&("four_concealed_pungs", 5)), "{k:?}");
    // On a discard completing a pung: four.
    let k = case("111m222p333s444m55p666s", "6s").keys();
    assert!(k.contains(&("four_concealed_pungs", 5)) && k.contains(&("all_pungs", 4)), "{k:?}");
    // On a discard to the pair: still five (the pair wait is the better reading).
    let k = case("111m222p333s444m55p666s", "5p").keys();
    assert!(k.contains(&("five_concealed_pungs", 8)), "{k:?}");
    // A concealed kong counts; an exposed pung does not.
    let c = case("111m222p333s55p678s", "8s").m(MeldKind::Ankan, "4444m");
    assert!(c.keys().contains(&("four_concealed_pungs", 5)));
    let c = case("111m222p333s55p678s", "8s").m(MeldKind::Pon, "444m");
    assert!(c.keys().contains(&("three_concealed_pungs", 2)));
}

#[test]
fn best_split_wins() {
    // 111222333m: three pungs or three chows; the pungs score 三暗刻 when self-drawn.
    let k = case("111222333m456p78p9p55s", "9p").tsumo().keys();
    assert!(k.contains(&("three_concealed_pungs", 2)), "{k:?}");
}

#[test]
fn calling_patterns() {
    let hand = |c: Case| {
        c.m(MeldKind::Chi, "123m")
            .m(MeldKind::Pon, "444p")
            .m(MeldKind::Chi, "567s")
            .m(MeldKind::Daiminkan, "9999m")
            .m(MeldKind::Pon, "222s")
    };
    assert_eq!(hand(case("77p", "7p")).keys(), vec![("single_wait", 1), ("all_calling", 2)]);
    assert_eq!(hand(case("77p", "7p").tsumo()).keys(), vec![("self_draw", 1), ("single_wait", 1), ("half_calling", 1)]);
    assert_eq!(hand(case("77p", "7p")).rules(|r| r.all_calling = 1).run().total, 2);
    // A concealed kong is not a call: no 全求.
    let c = case("77p", "7p")
        .m(MeldKind::Chi, "123m")
        .m(MeldKind::Pon, "444p")
        .m(MeldKind::Chi, "567s")
        .m(MeldKind::Ankan, "9999m")
        .m(MeldKind::Pon, "222s");
    assert!(!c.keys().contains(&("all_calling", 2)));
}

#[test]
fn circumstances() {
    let base = || case("123m456m789m234p567p55s", "5s");
    assert!(base().with(|c| c.robbing_kong = true).keys().contains(&("robbing_kong", 1)));
    let k = base().tsumo().with(|c| c.replacement = Replacement::Flower).keys();
    assert!(k.contains(&("kong_bloom", 1)) && k.contains(&("concealed_self_draw", 3)), "{k:?}");
    let k = base()
        .tsumo()
        .with(|c| c.replacement = Replacement::ExposedKong)
        .rules(|r| r.kong_bloom_on_exposed_kong = false)
        .keys();
    assert!(!k.contains(&("kong_bloom", 1)), "{k:?}");
    assert!(base().tsumo().with(|c| c.last_tile = true).keys().contains(&("last_tile_draw", 1)));
    assert!(base().with(|c| c.last_tile = true).keys().contains(&("last_discard", 1)));
}

#[test]
fn first_turn_wins_and_variants() {
    let base = || case("123m456m789m234p567p55s", "5s").with(|c| c.first_turn = true);
    assert!(base().tsumo().with(|c| c.dealer = true).keys().contains(&("heavenly_win", 24)));
    assert!(base()
        .tsumo()
        .with(|c| c.dealer = true)
        .rules(|r| r.heavenly_win = 32)
        .keys()
        .contains(&("heavenly_win", 32)));
    assert!(base().tsumo().keys().contains(&("earthly_win", 16)));
    assert!(base().keys().contains(&("human_win", 8)));
    assert!(base().rules(|r| r.human_win = 16).keys().contains(&("human_win", 16)));
    // The other definition of 地胡: a win on the dealer's first discard.
    let other = |c: Case| c.rules(|r| r.earthly_win_rule = EarthlyWin::DealerFirstDiscard);
    let k = other(base().with(|c| c.dealer_first_discard = true)).keys();
    assert!(k.contains(&("earthly_win", 16)) && !k.contains(&("human_win", 8)), "{k:?}");
    let k = other(base().tsumo()).keys();
    assert!(!k.contains(&("earthly_win", 16)), "{k:?}");
}

#[test]
fn flowers_seat_round_and_sets() {
    let base = || case("123m456m789m234p567p55s", "5s");
    // South seat, East round: 夏 (season 2) and 蘭 (plant 2) are the seat's.
    let k = base()
        .with(|c| {
            c.seat_wind = 1;
            c.flowers = (1 << 5) | (1 << 1) | (1 << 4);
        })
        .keys();
    assert!(k.contains(&("seat_flower", 2)), "{k:?}");
    // Seed 003: the prevailing wind's flower (春, East round) scores too.
    let k = base()
        .with(|c| {
            c.seat_wind = 1;
            c.flowers = (1 << 5) | (1 << 1) | (1 << 4);
        })
        .rules(|r| r.round_wind_flower_scores = true)
        .keys();
    assert!(k.contains(&("seat_flower", 3)), "{k:?}");
    // 竹 for West: only under the 梅蘭竹菊 numbering.
    let k = base()
        .with(|c| {
            c.seat_wind = 2;
            c.flowers = 1 << 3;
        })
        .keys();
    assert!(!k.iter().any(|(n, _)| *n == "seat_flower"), "{k:?}");
    let k = base()
        .with(|c| {
            c.seat_wind = 2;
            c.flowers = 1 << 3;
        })
        .rules(|r| r.plant_numbering = PlantNumbering::MeiLanZhuJu)
        .keys();
    assert!(k.contains(&("seat_flower", 1)), "{k:?}");
    // 花槓: all four seasons, 2 tai (1 on some platforms); plus the seat's season.
    let k = base().with(|c| c.flowers = 0xF0).keys();
    assert!(k.contains(&("flower_set", 2)) && k.contains(&("seat_flower", 1)), "{k:?}");
    let k = base()
        .with(|c| c.flowers = 0xF0)
        .rules(|r| {
            r.flower_set = 1;
            r.flower_set_keeps_seat_flowers = false
        })
        .keys();
    assert!(k.contains(&("flower_set", 1)) && !k.iter().any(|(n, _)| *n == "seat_flower"), "{k:?}");
    let s = base().with(|c| c.flowers = 0xFF).run();
    assert_eq!(s.tai_of(Pattern::FlowerSet), 4);
}

#[test]
fn four_kongs_and_cap() {
    let c = case("55p", "5p")
        .m(MeldKind::Daiminkan, "1111m")
        .m(MeldKind::Daiminkan, "2222p")
        .m(MeldKind::Kakan, "3333s")
        .m(MeldKind::Ankan, "7777m")
        .m(MeldKind::Chi, "456s");
    let k = c.keys();
    assert!(k.contains(&("four_kongs", 8)), "{k:?}");
    let capped = case("555z666z777z123m456m99m", "9m").rules(|r| r.tai_cap = 8).run();
    assert_eq!(capped.total, 8);
    assert!(capped.uncapped > 8);
}

#[test]
fn dealer_tai_is_apart() {
    let s = case("123m456m789m234p567p55s", "7p")
        .with(|c| {
            c.dealer = true;
            c.consecutive = 2
        })
        .run();
    assert_eq!(s.total, 3);
    assert_eq!(s.dealer_tai, 5);
}

#[test]
fn bad_input_errors() {
    let r = TaiwanRules::default();
    let ctx = WinContext::new(t("5s"));
    let e = score(&counts("123m456m789m234p567p5s"), &[], &ctx, &r).unwrap_err();
    assert!(e.message().contains("16 concealed tiles"), "{e}");
    let e = score(&counts("123m456m789m234p567p55s"), &[meld(MeldKind::Pon, "555s")], &WinContext::new(t("5s")), &r)
        .unwrap_err();
    assert!(e.message().contains("concealed tiles"), "{e}");
    let e = score(&counts("123m456m789m234p567p56s"), &[], &WinContext::new(t("5s")), &r).unwrap_err();
    assert!(e.message().contains("not a winning hand"), "{e}");
    let e = score(&counts("123m456m789m234p567p55s"), &[], &WinContext::new(t("1z")), &r).unwrap_err();
    assert!(e.message().contains("not among"), "{e}");
    let mut c = WinContext::new(t("5s"));
    c.robbing_kong = true;
    c.self_draw = true;
    assert!(score(&counts("123m456m789m234p567p55s"), &[], &c, &r).is_err());
}

#[test]
fn batch_rows_match_single_scoring() {
    let r = TaiwanRules::default();
    let hands =
        ["123m456m789m234p567p55s", "111z222z555z123m456m77p", "123m456m789m234p567p56s", "123m456m789m234p55s"];
    let mut conc = vec![];
    for h in hands {
        conc.extend_from_slice(&counts(h));
    }
    let n = hands.len();
    let win = vec![t("7p").index() as u8, t("7p").index() as u8, t("7p").index() as u8, t("5s").index() as u8];
    // Row 3: a chow of 567p called (meld code 1), the rest concealed.
    let mut meld_kind = vec![0i32; 5 * n];
    let mut meld_tile = vec![0i32; 5 * n];
    meld_kind[15] = 1;
    meld_tile[15] = t("5p").index() as i32;
    let seat = vec![0u8, 1, 0, 0];
    let zeros = vec![0u8; n];
    let consecutive = vec![0i32; n];
    let cols = batch::Columns {
        n,
        concealed: &conc,
        win_tile: &win,
        meld_kind: &meld_kind,
        meld_tile: &meld_tile,
        seat_wind: &seat,
        round_wind: &zeros,
        flowers: &zeros,
        flags: &zeros,
        replacement: &zeros,
        consecutive: &consecutive,
    };
    let mut tai = vec![0i32; n];
    let mut mask = vec![0u64; n];
    let err = batch::score_columns(&cols, &r, &mut tai, &mut mask, &Default::default()).unwrap();
    let stop = crate::cancel::Cancel::new();
    stop.cancel();
    assert!(matches!(batch::score_columns(&cols, &r, &mut tai, &mut mask, &stop), Err(crate::Error::Cancelled)));
    assert_eq!(tai[0], 3);
    let mut wc = WinContext::new(t("7p"));
    wc.seat_wind = 1;
    assert_eq!(tai[1] as u32, score(&counts(hands[1]), &[], &wc, &r).unwrap().total);
    assert_eq!(tai[2], -1);
    let chow = meld(MeldKind::Chi, "567p");
    assert_eq!(tai[3] as u32, score(&counts(hands[3]), &[chow], &WinContext::new(t("5s")), &r).unwrap().total);
    assert_eq!(err.bad().collect::<Vec<_>>(), [(2, 1)]);
    assert!(err.messages[0].contains("not a winning hand"), "{:?}", err.messages);
}

#[test]
fn score_hand_takes_a_hand_of_five_sets() {
    let tiles = parse_mpsz("123m456m789m234p55s").unwrap();
    let hand = crate::Hand::new(&tiles, &[meld(MeldKind::Chi, "567p")], 5).unwrap();
    // Open hand (567p chowed): no 門清; 4p completes 23p two-sided: 平胡.
    let s = score_hand(&hand, &WinContext::new(t("4p")), &TaiwanRules::default()).unwrap();
    assert_eq!(s.patterns().iter().map(|p| p.pattern).collect::<Vec<_>>(), vec![Pattern::AllChows]);
    assert!(score_hand(&hand, &WinContext::new(t("7p")), &TaiwanRules::default()).is_err());
    let s = score_hand(&hand, &WinContext::new(t("5s")), &TaiwanRules::default()).unwrap();
    assert_eq!(s.patterns().iter().map(|p| p.pattern).collect::<Vec<_>>(), vec![Pattern::SingleWait]);
}

#[test]
fn seven_pairs_one_pung_only_where_the_rules_have_it() {
    // 1133m2299p4477s11777z self-drawn on 1z: 嚦咕嚦咕 8 + 門清自摸 3 = 11; the pung of 中
    // adds no 三元牌 tai and the pair wait no 獨聽 (tables count neither for this hand).
    let c = case("1133m2299p4477s11777z", "1z").tsumo();
    let err = c.run_err();
    assert!(err.contains("not a winning hand") && err.contains("嚦咕嚦咕 is off"), "{err}");
    let on = c.rules(|r| r.seven_pairs_one_pung = 8);
    assert_eq!(on.keys(), [("concealed_self_draw", 3), ("seven_pairs_one_pung", 8)]);
    assert_eq!(on.run().total, 11);
    assert!(!on.run().five_sets && case("123m456m789m234p567p55s", "7p").run().five_sets);
    // On a discard: 門清 1 + 8; with a flower of the seat: + 1.
    let ron = case("1133m2299p4477s11777z", "1z").rules(|r| r.seven_pairs_one_pung = 8);
    assert_eq!(ron.run().total, 9);
    assert_eq!(ron.with(|x| x.flowers = 1).run().total, 10);
    // A kind held four times is two pairs; a half flush is added.
    let flush = case("11113355779999m111z", "1z").rules(|r| r.seven_pairs_one_pung = 8);
    assert_eq!(flush.keys(), [("concealed", 1), ("half_flush", 4), ("seven_pairs_one_pung", 8)]);
    // Not with a meld, and not four pairs and three pungs.
    let open = case("1133m2299p4477s11z", "1z").m(MeldKind::Pon, "777z").rules(|r| r.seven_pairs_one_pung = 8);
    assert!(open.run_err().contains("not a winning hand"));
    assert!(case("1133m2299p444777s111z", "1z")
        .rules(|r| r.seven_pairs_one_pung = 8)
        .run_err()
        .contains("not a winning"));
    // A hand that is also five sets and a pair scores the better reading.
    let both = case("111122223333m777s99s", "9s").rules(|r| r.seven_pairs_one_pung = 8);
    assert_eq!(both.run().tai_of(Pattern::SevenPairsOnePung), 8);
    let low = case("111122223333m777s99s", "9s").rules(|r| r.seven_pairs_one_pung = 1);
    assert_eq!(low.run().tai_of(Pattern::SevenPairsOnePung), 0);
    assert_eq!(low.run().tai_of(Pattern::FourConcealedPungs), 5);
}

#[test]
fn dealer_tai_with_and_without_pulling() {
    let mut r = TaiwanRules::default();
    // 連N拉N: 1 + 2N.
    assert_eq!((0..4).map(|n| r.dealer_tai(n)).collect::<Vec<_>>(), [1, 3, 5, 7]);
    // No 拉莊: 1 + N.
    r.pull_per_consecutive_deal = 0;
    assert_eq!((0..4).map(|n| r.dealer_tai(n)).collect::<Vec<_>>(), [1, 2, 3, 4]);
}

#[test]
fn ready_on_first_discard_replaces_concealed_but_keeps_self_draw() {
    let ready = |c: Case| c.with(|x| x.declared_ready = true);
    let atawmj = |r: &mut TaiwanRules| *r = TaiwanRules::ATAWMJ2009;
    // On a discard: 地聽 4 instead of 門清 1; 平胡 stays.
    let ron = ready(case("234m567m345p678p234s55s", "4s")).rules(atawmj);
    assert_eq!(ron.keys(), [("all_chows", 2), ("ready_on_first_discard", 4)]);
    // Self-drawn: 自摸 1 + 地聽 4 instead of 門清自摸 3.
    let tsumo = ready(case("234m567m345p678p234s55s", "4s").tsumo()).rules(atawmj);
    assert_eq!(tsumo.keys(), [("self_draw", 1), ("ready_on_first_discard", 4)]);
    // Rules without 地聽 ignore the declaration.
    let common = ready(case("234m567m345p678p234s55s", "4s").tsumo());
    assert_eq!(common.keys(), [("concealed_self_draw", 3)]);
    // A declared hand has called nothing.
    let open = ready(case("567m345p678p234s55s", "4s")).m(MeldKind::Chi, "234m").rules(atawmj);
    assert!(open.run_err().contains("地聽"));
}
