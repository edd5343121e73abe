"""Aotenjou (青天井, no limit): exact points at any size, alone and with the options
beside it; the batch's per-row overflow error; the largest hands there are."""

from __future__ import annotations

import pickle
import random

import mahjong_fast as mf
import pytest
from mahjong_fast.riichi import wins_to_columns
from mahjong_fast.rules import RuleSet

STANDARD = RuleSet.from_dict({"preset": "standard"})
AOTENJOU = STANDARD.replace(aotenjou=True)


def up(x: int) -> int:
    """Rounded up to 100, as every payment is."""
    return -(-x // 100) * 100


# Japanese Wikipedia, 青天井ルール, its worked example: a non-dealer (West in East 1)
# wins by ron with riichi, ippatsu, honitsu, chanta, sanankou, two dragon yakuhai and
# shousangen, 6 dora and 6 ura (8p shown four times: 9p three times each), 25 han; fu
# 9p concealed triplet 8 + 6z pair 2 + 7z concealed triplet 8 + pair wait 2 + 5z closed
# kan 32 + 20 + closed ron 10 = 82, 90 fu; 90 x 2^(25+2) x 4 = 48,318,382,080.
WIKI_25_HAN = dict(
    hand="123999p77766z",
    win_tile="6z",
    melds=["ankan:5555z"],
    riichi=True,
    ippatsu=True,
    dora="8p8p",
    ura="8p8p",
    winner=2,
    dealer=0,
    discarder=1,
)


def test_the_wikipedia_example_is_exact():
    r = mf.score(**WIKI_25_HAN, rules=AOTENJOU)
    assert (r.han, r.fu, r.dora, r.ura, r.limit) == (25, 90, 6, 6, "")
    keys = {y.key for y in r.yaku}
    assert {"riichi", "ippatsu", "honitsu", "chanta", "sanankou", "shousangen"} <= keys
    assert r.base == 90 * 2**27
    assert 4 * r.base == 48_318_382_080  # the page's figure, before rounding
    assert r.ron_payment == r.points == up(48_318_382_080) == 48_318_382_100
    assert r.deltas == [0, -48_318_382_100, 48_318_382_100, 0] and r.total == 48_318_382_100
    assert r.payments == [0, 48_318_382_100, 0, 0]
    assert type(r.points) is int and "48318382100 points" in repr(r)
    # The same hand with limits: a counted yakuman.
    assert mf.score(**WIKI_25_HAN, rules=STANDARD).points == 32000


@pytest.mark.parametrize("han", [1, 4, 5, 13, 21, 22, 25, 40, 64, 100, 109])
@pytest.mark.parametrize("fu", [20, 25, 30, 70, 110, 170])
def test_points_table_is_the_formula_exactly(han, fu):
    base = fu * 2 ** (han + 2)
    for dealer in (False, True):
        ron = mf.points(han, fu, rules=AOTENJOU, dealer=dealer)
        assert ron["base"] == base and ron["limit"] == ""
        assert ron["ron"] == ron["total"] == up(base * (6 if dealer else 4))
        tsumo = mf.points(han, fu, rules=AOTENJOU, dealer=dealer, self_draw=True)
        assert tsumo["tsumo_dealer"] == up(2 * base)
        assert tsumo["tsumo_non_dealer"] == (0 if dealer else up(base))


def test_points_table_agrees_with_the_mahjong_package():
    # The mahjong package's Aotenjou calculator counts in Python ints: the same table.
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.hand_calculating.scores import Aotenjou

    rng = random.Random(16)
    for _ in range(2000):
        han, fu = rng.randint(1, 109), rng.choice([20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 130, 170])
        dealer, tsumo = rng.random() < 0.3, rng.random() < 0.5
        theirs = Aotenjou.calculate_scores(han, fu, HandConfig(is_tsumo=tsumo, player_wind=27 if dealer else 28))
        ours = mf.points(han, fu, rules=AOTENJOU, dealer=dealer, self_draw=tsumo)
        if tsumo:
            want = (ours["tsumo_dealer"], ours["tsumo_dealer"] if dealer else ours["tsumo_non_dealer"])
        else:
            want = (ours["ron"], 0)
        assert (theirs["main"], theirs["additional"]) == want, (han, fu, dealer, tsumo)


def test_points_past_the_exact_range_are_refused():
    # 2^124 base points: some 120 han, beyond every hand (see the largest hands below).
    assert mf.points(117, 20, rules=AOTENJOU)["base"] == 20 * 2**119
    with pytest.raises(mf.PointsOverflowError, match="aotenjou: 150 han 30 fu"):
        mf.points(150, 30, rules=AOTENJOU)
    with pytest.raises(mf.PointsOverflowError):
        mf.points(200, 200, rules=AOTENJOU)


# 13+ han with no yakuman: riichi tsumo pinfu chinitsu ryanpeikou tanyao, 33 han with
# ten dora of each kind.
KAZOE_33 = dict(hand="22334455667788m", win_tile="8m", riichi=True, self_draw=True, dora="1m2m3m4m5m", ura="6m7m1m2m3m")


def test_aotenjou_ignores_kazoe_and_kiriage():
    got = [
        mf.score(**KAZOE_33, rules=AOTENJOU.replace(kazoe=k, kiriage_mangan=c))
        for k in ("yakuman", "sanbaiman", "multiple")
        for c in (False, True)
    ]
    assert len({(r.base, r.points, tuple(r.deltas)) for r in got}) == 1
    r = got[0]
    assert (r.han, r.fu, r.limit) == (33, 20, "")
    assert r.base == 20 * 2**35 and r.points == 2 * up(r.base) + up(2 * r.base)
    # Under limits the kazoe options differ on this hand.
    assert [
        mf.score(**KAZOE_33, rules=STANDARD.replace(kazoe=k)).points for k in ("yakuman", "sanbaiman", "multiple")
    ] == [
        32000,
        24000,
        64000,
    ]


def test_double_yakuman_counts_26_han():
    tanki = dict(hand="111m444p777s555z22m", win_tile="2m")
    double = mf.score(**tanki, rules=AOTENJOU)
    single = mf.score(**tanki, rules=AOTENJOU.replace(double_suuankou_tanki=False))
    assert (double.yakuman, double.han, double.fu) == (2, 26, 60)
    assert (single.yakuman, single.han) == (1, 13)
    assert double.base == 60 * 2**28 and single.base == 60 * 2**15
    assert double.points == up(4 * 60 * 2**28) == 64_424_509_500
    assert double.limit == "double yakuman"
    # With limits the two are 64,000 and 32,000.
    assert mf.score(**tanki, rules=STANDARD).points == 64000


def test_results_stay_exact_through_dict_pickle_and_equality():
    r = mf.score(**WIKI_25_HAN, rules=AOTENJOU)
    d = r.to_dict()
    assert d["base"] == 90 * 2**27 and d["points"] == 48_318_382_100 and d["total"] == 48_318_382_100
    assert d["deltas"][1] == -48_318_382_100 and d["payments"][1] == 48_318_382_100
    back = mf.ScoreResult.from_dict(d)
    assert back == r and hash(back) == hash(r) and back.points == r.points
    assert pickle.loads(pickle.dumps(r)) == r
    import json

    assert mf.ScoreResult.from_dict(json.loads(json.dumps(d))) == r
    # A hand with another value is another result.
    assert mf.score(**dict(WIKI_25_HAN, ura="8p"), rules=AOTENJOU) != r
    # Point fields that contradict each other are refused.
    for key, bad in (("points", 1), ("deltas", [0, 1, 2, 3]), ("total", 5), ("base", "x")):
        with pytest.raises(mf.MahjongError):
            mf.ScoreResult.from_dict(dict(d, **{key: bad}))
    # Results that fit the 32-bit fields are as before, plain ints.
    small = mf.score(hand="234m567p88s67s", win_tile="5s", melds=["chi:234s"], rules=AOTENJOU)
    assert small.points == 1000 and mf.ScoreResult.from_dict(small.to_dict()) == small


def test_score_many_marks_rows_past_its_columns():
    rows = [
        dict(WIKI_25_HAN),
        dict(hand="234m567p88s67s", win_tile="5s", melds=["chi:234s"]),
        dict(hand="123m456p789s23455s", win_tile="2s", self_draw=True, riichi=True, dora="1s", ura="4s"),
    ]
    # As result objects (rows): exact, as score gives them.
    objects = mf.score_many(rows, rules=AOTENJOU)
    assert objects == [mf.score(**w, rules=AOTENJOU) for w in rows]
    assert objects[0].points == 48_318_382_100
    for form in ("rows", "columns"):
        data = rows if form == "rows" else wins_to_columns(rows)
        out = mf.score_many(data, rules=AOTENJOU, columns=True)
        assert [(row, kind) for row, kind, _ in out.errors] == [(0, "PointsOverflowError")], form
        assert "aotenjou: 25 han 90 fu" in out.errors[0][2] and "32-bit" in out.errors[0][2]
        assert isinstance(out.errors.exception(0), mf.PointsOverflowError)
        assert int(out["points"][0]) == 0
        for i in (1, 2):
            want = mf.score(**rows[i], rules=AOTENJOU)
            assert int(out["points"][i]) == want.points and list(out["deltas"][i])[:4] == want.deltas, form
    # The largest value the columns hold: 300,000,000 base points (21 han at 30 fu;
    # 6 x base + honba and sticks stay in int32).
    assert 6 * 300_000_000 + 255 * 300 + 255 * 1000 < 2**31


def test_the_largest_hands_fit():
    # Four concealed kans of terminals with the pair wait, won by the dealer on its
    # eighth win in a row: chinroutou, suuankou tanki (double), suukantsu, paarenchan
    # (5 yakuman, 65 han) with every indicator on a kan (ten indicators x 4 = 40 dora);
    # fu 4 x 32 + 20 + 10 (closed ron) + 2 (pair wait) = 160 (170 is the most any hand
    # has: honor kans and a double wind pair, which hold fewer dora).
    rules = AOTENJOU.replace(paarenchan="eighth")
    four = dict(
        hand="11s",
        win_tile="1s",
        melds=["ankan:9999m", "ankan:9999p", "ankan:9999s", "ankan:1111p"],
        riichi=True,
        dora="8m8m8p8p8s",
        ura="8m8m8p8p8s",
        winner=0,
        dealer=0,
        discarder=1,
        dealer_wins=7,
        honba=255,
        riichi_sticks=255,
    )
    r = mf.score(**four, rules=rules)
    assert (r.yakuman, r.dora + r.ura, r.han) == (5, 40, 105)
    assert r.fu == 160
    base = 160 * 2**107
    assert r.base == base and r.points == up(6 * base)
    assert r.total == up(6 * base) + 255 * 300 + 255 * 1000
    # Three players: 1m shows 9m, and four north tiles set aside count too: 109 han.
    three = dict(four, n_players=3, dora="1m1m8p8p8s", ura="1m1m8p8p8s", kita=4)
    t = mf.score(**three, rules=rules)
    assert (t.han, t.kita) == (109, 4)
    assert t.base == 160 * 2**111 and t.points == up(6 * t.base)
    assert t.points < 2**127
    # The same hands with limits: five yakuman.
    assert mf.score(**four, rules=STANDARD.replace(paarenchan="eighth")).points == 5 * 48000


def test_other_options_under_aotenjou():
    # An open riichi deal-in is paid as 13 han with the hand's dora at its fu.
    deal_in = dict(
        hand="123m456p789s23455s", win_tile="2s", riichi=True, open_riichi=True, dora="1s", winner=1, discarder=2
    )
    r = mf.score(**deal_in, rules=AOTENJOU.replace(open_riichi_deal_in=True))
    assert r.limit == "open riichi yakuman" and r.base == r.fu * 2 ** (13 + r.dora + 2)
    # A yakuman cap caps the multiple: 13 han a yakuman paid.
    tanki = dict(hand="111m444p777s555z22m", win_tile="2m")
    assert mf.score(**tanki, rules=AOTENJOU.replace(yakuman_cap=1)).han == 13
    # Honba and sticks are paid as ever beside the exact value.
    h = mf.score(**dict(WIKI_25_HAN, honba=3, riichi_sticks=2), rules=AOTENJOU)
    assert h.total == 48_318_382_100 + 900 + 2000 and h.deltas[1] == -(48_318_382_100 + 900)


def test_fixed_yakuman_reading():
    # Chinese Wikipedia, 青天井規則: a yakuman fixed at 10,000,000 (15,000,000 for a
    # dealer) is one of the two readings; the other counts it as 13 han.
    fixed = AOTENJOU.replace(aotenjou_yakuman="fixed")
    tanki = dict(hand="111m444p777s555z22m", win_tile="2m", dora="1m")
    single = mf.score(**tanki, rules=fixed.replace(double_suuankou_tanki=False))
    assert (single.yakuman, single.han, single.dora, single.base) == (1, 0, 0, 2_500_000)
    assert single.points == 10_000_000 and single.limit == "yakuman"
    double = mf.score(**tanki, rules=fixed)
    assert double.points == 20_000_000 and double.limit == "double yakuman"
    dealer = mf.score(**dict(tanki, winner=0, dealer=0, discarder=1), rules=fixed.replace(double_suuankou_tanki=False))
    assert dealer.points == 15_000_000
    tsumo = mf.score(**dict(tanki, self_draw=True), rules=fixed.replace(double_suuankou_tanki=False))
    assert (tsumo.tsumo_dealer_payment, tsumo.tsumo_non_dealer_payment) == (5_000_000, 2_500_000)
    # "counted" (the default) differs on the same hand: 15 han (13 and two dora) at 60 fu.
    counted = mf.score(**tanki, rules=AOTENJOU.replace(double_suuankou_tanki=False))
    assert (counted.han, counted.base) == (15, 60 * 2**17)
    # An ordinary hand worth more than the fixed yakuman is paid as itself.
    r = mf.score(**WIKI_25_HAN, rules=fixed)
    assert r.points == 48_318_382_100
    # An open riichi deal-in is paid as the fixed yakuman when worth less.
    deal_in = dict(
        hand="123m456p789s23455s", win_tile="2s", riichi=True, open_riichi=True, dora="1s", winner=1, discarder=2
    )
    d = mf.score(**deal_in, rules=fixed.replace(open_riichi_deal_in=True))
    assert (d.limit, d.points) == ("open riichi yakuman", 10_000_000)
    # Without aotenjou the option changes nothing.
    assert mf.score(**tanki, rules=STANDARD.replace(aotenjou_yakuman="fixed")).points == 64000
    with pytest.raises(mf.InvalidRuleError, match="aotenjou_yakuman"):
        AOTENJOU.replace(aotenjou_yakuman="thirteen")


def test_thirteen_orphans_at_30_fu():
    # Chinese Wikipedia, 青天井規則: thirteen orphans counts 30 fu, on a ron (20 + 10)
    # and on a tsumo (20 + 2, rounded up), whatever fu the result reports.
    k = dict(hand="19m19p19s12345677z", win_tile="1m")
    for self_draw in (False, True):
        for fu_rule in ("counted", "tenhou"):
            r = mf.score(**k, self_draw=self_draw, rules=AOTENJOU.replace(yakuman_fu=fu_rule))
            assert (r.yakuman, r.han, r.base) == (1, 13, 30 * 2**15), (self_draw, fu_rule)
    assert mf.score(**k, rules=AOTENJOU).points == up(4 * 30 * 2**15) == 3_932_200


def test_with_yaku_yakuman_reading():
    # The mahjong package's Aotenjou: a yakuman is 13 han a multiple beside the hand's
    # other yaku (less those it implies) and dora, at the reading's fu.
    with_yaku = AOTENJOU.replace(aotenjou_yakuman="with_yaku")
    tanki = dict(hand="111m444p777s555z22m", win_tile="2m", dora="1m")
    r = mf.score(**tanki, rules=with_yaku)
    # 26 (double) + haku 1 + 2 dora = 29 han at 60 fu; toitoi is implied, so not listed.
    assert (r.yakuman, r.yaku_han, r.dora, r.han, r.fu) == (2, 1, 2, 29, 60)
    assert [(y.key, y.han, y.yakuman) for y in r.yaku] == [("suuankou_tanki", 2, True), ("haku", 1, False)]
    assert r.base == 60 * 2**31 and r.points == up(4 * r.base)
    assert r.tenhou_yaku == [(41, 2), (18, 1), (52, 2)]
    # Its neighbours differ on the same hand: "counted" 28 han (no haku), "fixed" 20,000,000.
    assert mf.score(**tanki, rules=AOTENJOU).han == 28
    assert mf.score(**tanki, rules=AOTENJOU.replace(aotenjou_yakuman="fixed")).points == 20_000_000
    # Without aotenjou the option changes nothing.
    assert mf.score(**tanki, rules=STANDARD.replace(aotenjou_yakuman="with_yaku")).points == 64000
    # With a yakuman cap: one yakuman, the haku and dora beside it.
    assert mf.score(**tanki, rules=with_yaku.replace(yakuman_cap=1)).han == 16
    # Thirteen orphans: its dora alone beside it, at 40 fu on a ron and 30 on a tsumo
    # (riichi and menzen tsumo do not count).
    k = dict(hand="19m19p19s12345677z", win_tile="1m")
    ron = mf.score(**k, rules=with_yaku)
    tsumo = mf.score(**k, self_draw=True, riichi=True, rules=with_yaku)
    assert (ron.han, ron.fu, tsumo.han, tsumo.fu) == (13, 40, 13, 30)
    assert mf.score(**k, rules=AOTENJOU).base == 30 * 2**15 < ron.base == 40 * 2**15
    # Daisharin implies chinitsu, pinfu, tanyao and ryanpeikou; menzen tsumo stays.
    d = mf.score(hand="22334455667788p", win_tile="8p", self_draw=True, rules=with_yaku.replace(daisharin="pin"))
    assert [y.key for y in d.yaku] == ["daisharin", "menzen_tsumo"] and d.han == 14
    # A pinfu-shaped heavenly win keeps pinfu and its 20 fu: 13 + tsumo, tanyao, pinfu.
    t = mf.score(
        hand="234m567p678s33345s", win_tile="3s", self_draw=True, tenhou=True, winner=0, dealer=0, rules=with_yaku
    )
    assert (t.han, t.fu, t.yaku_han) == (16, 20, 3)
    # Five yakuman with the winds' yaku beside big four winds.
    w = mf.score(hand="111222333z44455z", win_tile="5z", self_draw=True, rules=with_yaku)
    assert (w.yakuman, w.yaku_han, w.han) == (5, 3, 68)
    # An open riichi deal-in: a yakuman's 13 han on top of the hand's 4.
    deal_in = dict(
        hand="123m456p789s23455s", win_tile="2s", riichi=True, open_riichi=True, dora="1s", winner=1, discarder=2
    )
    o = mf.score(**deal_in, rules=with_yaku.replace(open_riichi_deal_in=True))
    assert o.limit == "open riichi yakuman" and o.base == o.fu * 2 ** (13 + o.han + 2)
    # Results keep which entries are yakuman through to_dict and pickling.
    assert mf.ScoreResult.from_dict(r.to_dict()) == r and pickle.loads(pickle.dumps(r)) == r
    bad = r.to_dict()
    bad["yaku"] = bad["yaku"][::-1]
    with pytest.raises(mf.MahjongError, match="yaku"):
        mf.ScoreResult.from_dict(bad)
