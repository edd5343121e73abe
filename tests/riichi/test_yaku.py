"""Each yaku on its own, with open-hand reductions, and the examples of seeds 001/004.

Seed 001 numbers the dragons z5 = Red (中), z6 = Green (發), z7 = White (白); these
tests use the real order (5z White, 6z Green, 7z Red), so the seed's "中（z5）" is 7z
here. The seed's dora table entry "白(z7) → 中(z5)" follows its own numbering; real
servers go White -> Green -> Red -> White, which is what the library does.
"""

import mahjong_fast as mf
import pytest


def keys(r):
    return {y.key: y.han for y in r.yaku}


# (id, hand, win, melds, context, expected yaku -> han) — expected lists every yaku.
CASES = [
    ("riichi", "123m456p789s13s55m", "2s", None, dict(riichi=True), {"riichi": 1}),
    ("ippatsu", "123m456p789s13s55m", "2s", None, dict(riichi=True, ippatsu=True), {"riichi": 1, "ippatsu": 1}),
    ("double_riichi", "123m456p789s13s55m", "2s", None, dict(double_riichi=True), {"double_riichi": 2}),
    ("menzen_tsumo", "123m456p789s13s55m", "2s", None, dict(self_draw=True), {"menzen_tsumo": 1}),
    ("tanyao", "234m456p678s34s55m", "5s", None, {}, {"tanyao": 1, "pinfu": 1}),
    ("tanyao open", "234m456p34s55m", "5s", ["chi:678s"], {}, {"tanyao": 1}),
    ("pinfu", "123m456p789s23s55m", "4s", None, dict(riichi=True), {"riichi": 1, "pinfu": 1}),
    ("iipeikou", "112233m456p78s55p", "9s", None, {}, {"iipeikou": 1, "pinfu": 1}),
    ("seat wind", "123m456p789s55m111z", "5m", None, dict(seat_wind="E", round_wind="S"), {"seat_wind_east": 1}),
    ("round wind", "123m456p789s55m222z", "5m", None, dict(seat_wind="W", round_wind="S"), {"round_wind_south": 1}),
    ("double wind", "123m456p789s55m111z", "5m", None, dict(seat_wind="E", round_wind="E"),
     {"seat_wind_east": 1, "round_wind_east": 1}),
    ("haku", "123m456p789s55m555z", "5m", None, {}, {"haku": 1}),
    ("hatsu", "123m456p789s55m666z", "5m", None, {}, {"hatsu": 1}),
    ("chun", "123m456p789s55m777z", "5m", None, {}, {"chun": 1}),
    ("chankan", "123m456p78s55m", "9s", ["pon:222p"], dict(chankan=True), {"chankan": 1}),
    ("rinshan", "123m456p78s55m", "9s", ["ankan:2222p"], dict(self_draw=True, rinshan=True),
     {"rinshan": 1, "menzen_tsumo": 1}),
    ("haitei", "123m456p78s55m", "9s", ["pon:222p"], dict(self_draw=True, haitei=True), {"haitei": 1}),
    ("houtei", "123m456p78s55m", "9s", ["pon:222p"], dict(houtei=True), {"houtei": 1}),
    ("sanshoku closed", "123m123p123s78s55m", "9s", None, {}, {"sanshoku": 2, "pinfu": 1}),
    ("sanshoku open", "123p123s78s55m", "9s", ["chi:123m"], {}, {"sanshoku": 1}),
    ("ittsu closed", "123456789m23p55s", "4p", None, {}, {"ittsu": 2, "pinfu": 1}),
    ("ittsu open", "456789m23p55s", "4p", ["chi:123m"], {}, {"ittsu": 1}),
    ("chanta closed", "123m789p789s444z99m", "4z", None, {}, {"chanta": 2}),
    ("chanta open", "789p789s444z99m", "4z", ["chi:123m"], {}, {"chanta": 1}),
    ("chiitoitsu", "1133m5577p99s1144z", "4z", None, {}, {"chiitoitsu": 2}),
    ("toitoi", "222m66s888s", "8s", ["pon:333s", "pon:444p"], {}, {"toitoi": 2, "tanyao": 1}),
    ("sanankou", "111m444p777s23m55p", "4m", None, {}, {"sanankou": 2}),
    ("sankantsu", "23m55p", "4m", ["ankan:1111s", "daiminkan:4444p", "kakan:7777s"], {},
     {"sankantsu": 2}),
    ("sanshoku doukou", "555m555p555s23m88p", "4m", None, {}, {"sanshoku_doukou": 2, "sanankou": 2, "tanyao": 1}),
    ("shousangen", "123m456p55z", "5z", ["pon:666z", "pon:777z"], {},
     {"shousangen": 2, "hatsu": 1, "chun": 1}),
    ("honroutou", "111m999p111s22z", "1s", ["pon:999s"], dict(seat_wind="W"), {"toitoi": 2, "honroutou": 2}),
    ("ryanpeikou", "112233m778899p55s", "5s", None, {}, {"ryanpeikou": 3}),
    ("junchan closed", "123m789m123p789s11s", "1s", None, {}, {"junchan": 3}),
    ("junchan open", "789m123p789s11s", "1s", ["chi:123m"], {}, {"junchan": 2}),
    ("honitsu closed", "123m567m789m11z22z", "2z", None, dict(seat_wind="W", round_wind="E"), {"honitsu": 3}),
    ("honitsu open", "567m789m11z22z", "2z", ["chi:123m"], dict(seat_wind="W"), {"honitsu": 2}),
    ("chinitsu closed", "111m234m567m999m5m", "5m", None, dict(self_draw=True), {"chinitsu": 6, "menzen_tsumo": 1}),
    ("chinitsu open", "12345699m", "9m", ["pon:777m", "pon:333m"], {}, {"chinitsu": 5}),
]


@pytest.mark.parametrize("name,hand,win,melds,ctx,want", CASES, ids=[c[0] for c in CASES])
def test_each_yaku(name, hand, win, melds, ctx, want):
    r = mf.score(hand, win, melds, rules="standard", **ctx)
    assert keys(r) == want


YAKUMAN = [
    ("tenhou", "123m456p789s23s55m4s", "4s", None, dict(self_draw=True, tenhou=True, seat_wind="E"), {"tenhou": 1}),
    ("chiihou", "123m456p789s23s55m4s", "4s", None, dict(self_draw=True, chiihou=True), {"chiihou": 1}),
    ("kokushi", "19m19p19s12345677z", "1m", None, {}, {"kokushi": 1}),
    ("kokushi 13-sided", "19m19p19s12345677z", "7z", None, {}, {"kokushi_13": 2}),
    ("suuankou", "111m444p777s555z22m", "7s", None, dict(self_draw=True), {"suuankou": 1}),
    ("suuankou tanki", "111m444p777s555z22m", "2m", None, dict(win_is_pair=True), {"suuankou_tanki": 2}),
    ("daisangen", "123m44p555z666z777z", "4p", None, {}, {"daisangen": 1}),
    ("tsuuiisou", "111z222z333z555z66z", "6z", None, dict(seat_wind="N"), {"tsuuiisou": 1, "suuankou_tanki": 2}),
    ("ryuuiisou", "223344s666s88s666z", "8s", None, {}, {"ryuuiisou": 1}),
    ("chinroutou", "111m999m111p999p11s", "1s", None, {}, {"chinroutou": 1, "suuankou_tanki": 2}),
    ("chuuren", "11123455678999m", "1m", None, {}, {"chuuren": 1}),
    ("junsei chuuren", "11123456789999m", "9m", None, {}, {"junsei_chuuren": 2}),
    ("suukantsu", "22m", "2m", ["ankan:1111s", "daiminkan:4444p", "kakan:7777s", "daiminkan:9999m"], {},
     {"suukantsu": 1}),
    ("shousuushii", "111z222z333z44z555m", "5m", None, dict(seat_wind="S", self_draw=True), {"shousuushii": 1, "suuankou": 1}),
    ("daisuushii", "111z222z333z444z55m", "5m", None, {}, {"daisuushii": 2, "suuankou_tanki": 2}),
]


@pytest.mark.parametrize("name,hand,win,melds,ctx,want", YAKUMAN, ids=[c[0] for c in YAKUMAN])
def test_each_yakuman_standard(name, hand, win, melds, ctx, want):
    ctx = {k: v for k, v in ctx.items() if k != "win_is_pair"}
    r = mf.score(hand, win, melds, rules="standard", **ctx)
    assert keys(r) == want
    assert r.yakuman == sum(want.values())
    assert r.han == 0 and r.base == 8000 * r.yakuman


def test_double_yakuman_patterns_single_on_tenhou_and_shiima():
    for rules in ("tenhou", "shiima-2025", "shiima-2026"):
        assert mf.score("19m19p19s12345677z", "7z", rules=rules).yakuman == 1
        assert mf.score("111m444p777s555z22m", "2m", rules=rules).yakuman == 1
        assert mf.score("11123456789999m", "9m", rules=rules).yakuman == 1
        r = mf.score("111z222z333z444z55m", "5m", rules=rules)
        assert keys(r) == {"daisuushii": 1, "suuankou_tanki": 1} and r.yakuman == 2  # two yakuman still stack


def test_yakuman_stacking_can_be_switched_off():
    rules = mf.RuleSet.preset("tenhou").replace(yakuman_stacking=False)
    assert mf.score("111z222z333z444z55m", "5m", rules=rules).yakuman == 1


def test_suuankou_needs_tsumo_or_tanki():
    # Ron on a shanpon: the completed triplet is open, so sanankou + toitoi.
    r = mf.score("111m444p777s555z22m", "7s", rules="standard")
    assert r.yakuman == 0 and {"sanankou", "toitoi", "haku"} <= set(keys(r))


def test_renhou_per_rules():
    hand = dict(hand="123m456p789s23s55m", win="4s", renhou=True)
    assert "renhou" not in keys(mf.score(**hand, rules="tenhou"))  # not a yaku on Tenhou
    r = mf.score(**hand, rules="shiima-2026")
    assert keys(r)["renhou"] == 6
    r = mf.score(**hand, rules=mf.RuleSet.preset("standard").replace(renhou="yakuman"))
    assert keys(r) == {"renhou": 1}


def test_haitei_and_rinshan_do_not_stack_unless_allowed():
    args = ("123m456p78s55m", "9s", ["ankan:2222p"])
    r = mf.score(*args, self_draw=True, rinshan=True, haitei=True)
    assert "haitei" not in keys(r)
    rules = mf.RuleSet.preset("standard").replace(haitei_with_rinshan=True)
    assert "haitei" in keys(mf.score(*args, self_draw=True, rinshan=True, haitei=True, rules=rules))


def test_open_tanyao_switch():
    rules = mf.RuleSet.preset("standard").replace(open_tanyao=False)
    with pytest.raises(mf.NoYakuError):
        mf.score("234m456p34s55m", "5s", ["chi:678s"], rules=rules)


def test_red_fives_switch():
    assert mf.score("234m406p678s34s55m", "5s", rules="standard").aka == 1
    rules = mf.RuleSet.preset("standard").replace(red_fives=False)
    assert mf.score("234m406p678s34s55m", "5s", rules=rules).aka == 0


def test_dora_follow_real_dragon_order():
    # White (5z) indicates Green (6z), Green Red, Red White; North indicates East; 9m 1m.
    assert mf.score("123m456p789s55m666z", "5m", dora="5z").dora == 3
    assert mf.score("123m456p789s55m555z", "5m", dora="7z").dora == 3
    assert mf.score("123m456p789s11m777z", "1m", dora="9m").dora == 3
    assert mf.score("123m456p789s55m111z", "5m", dora="4z", seat_wind="E").dora == 3


def test_ura_only_with_riichi():
    assert mf.score("123m456p789s13s55m", "2s", riichi=True, ura="4m").ura == 2
    assert mf.score("123m456p789s13s55m", "2s", self_draw=True, ura="4m").ura == 0


def test_best_reading_wins():
    # 111222333m: three triplets (sanankou) or three identical sequences (iipeikou).
    r = mf.score("111222333m456p55s", "5s", self_draw=True, rules="standard")
    assert "sanankou" in keys(r)
    # Ryanpeikou beats seven pairs.
    r = mf.score("112233m778899p55s", "5s", rules="standard")
    assert r.form == "standard" and "ryanpeikou" in keys(r)
