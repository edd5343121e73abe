"""The scoring options of issue 16, each against its neighbouring setting on the
hands where the two must differ (and agreeing where they must not)."""

from __future__ import annotations

import mahjong_fast as mf
import pytest
from mahjong_fast.rules import RuleSet

STANDARD = RuleSet.from_dict({"preset": "standard"})


def rules(**changes):
    return STANDARD.replace(**changes)


# An open hand with no fu won on a discard: tanyao, 1 han.
OPEN_NO_FU = dict(hand="234m567p88s67s", win_tile="5s", melds=["chi:234s"])
# Closed pinfu tanyao won by tsumo.
PINFU_TSUMO = dict(hand="234m567p234s88s67s", win_tile="5s", self_draw=True)
# Riichi tsumo pinfu chinitsu ryanpeikou tanyao (13 han) with ten dora of each kind.
KAZOE_33 = dict(
    hand="22334455667788m", win_tile="8m", riichi=True, self_draw=True, dora="1m2m3m4m5m", ura="6m7m1m2m3m"
)


def test_fu_for_open_pinfu():
    on = mf.score(**OPEN_NO_FU, rules=rules(fu_for_open_pinfu=True))
    off = mf.score(**OPEN_NO_FU, rules=rules(fu_for_open_pinfu=False))
    assert (on.fu, on.points) == (30, 1000)
    assert (off.fu, off.points) == (20, 700)
    assert [k for k, _, _ in off.fu_items] == ["base"]
    # An open hand with fu of its own is the same under both.
    pon = dict(hand="234m567p88s67s", win_tile="5s", melds=["pon:222s"])
    assert mf.score(**pon, rules=rules(fu_for_open_pinfu=False)).fu == 30
    assert mf.score(**pon, rules=rules(fu_for_open_pinfu=True)).fu == 30
    # A closed ron is 30 fu either way.
    closed = dict(hand="234m567p234s88s67s", win_tile="5s")
    assert mf.score(**closed, rules=rules(fu_for_open_pinfu=False)).fu == 30


def test_pinfu_on_tsumo_and_pinfu_tsumo():
    flat = mf.score(**PINFU_TSUMO, rules=rules())
    kept = mf.score(**PINFU_TSUMO, rules=rules(pinfu_tsumo=False))
    lost = mf.score(**PINFU_TSUMO, rules=rules(pinfu_on_tsumo=False))
    assert (flat.fu, flat.han, [y.key for y in flat.yaku]) == (20, 3, ["menzen_tsumo", "tanyao", "pinfu"])
    assert (kept.fu, kept.han) == (30, 3)
    assert (lost.fu, lost.han, [y.key for y in lost.yaku]) == (30, 2, ["menzen_tsumo", "tanyao"])
    assert [k for k, _, _ in lost.fu_items] == ["base", "tsumo"]
    # On a discard pinfu stands under every setting.
    ron = dict(PINFU_TSUMO, self_draw=False)
    for r in (rules(), rules(pinfu_on_tsumo=False)):
        assert "pinfu" in [y.key for y in mf.score(**ron, rules=r).yaku]


def test_kazoe_multiple():
    got = {v: mf.score(**KAZOE_33, rules=rules(kazoe=v)) for v in ("yakuman", "sanbaiman", "multiple")}
    assert {v: r.han for v, r in got.items()} == {"yakuman": 33, "sanbaiman": 33, "multiple": 33}
    assert got["yakuman"].points == 32000 and got["sanbaiman"].points == 24000
    assert got["multiple"].points == 64000 and got["multiple"].limit == "kazoe yakuman"
    assert got["multiple"].yakuman == 0
    # 13-25 han: the same single yakuman as "yakuman".
    single = dict(KAZOE_33, dora="1m", ura="")
    assert mf.score(**single, rules=rules(kazoe="multiple")).points == mf.score(**single, rules=rules()).points


@pytest.mark.parametrize(
    "han, fu, want",
    [(1, 30, 240), (4, 30, 1920), (5, 30, 3840), (6, 40, 10240), (13, 30, 983040), (21, 30, 251658240)],
)
def test_aotenjou_base_points(han, fu, want):
    # The table of base points under no limit: fu x 2^(han+2).
    assert mf.points(han, fu, rules=rules(aotenjou=True))["base"] == want


def test_aotenjou_scores_without_limits():
    capped = mf.score(**dict(KAZOE_33, dora="1m", ura=""), rules=rules())
    free = mf.score(**dict(KAZOE_33, dora="1m", ura=""), rules=rules(aotenjou=True))
    assert capped.han == free.han == 15
    assert (capped.base, capped.limit) == (8000, "kazoe yakuman")
    assert (free.base, free.limit) == (20 * 2 ** 17, "")
    b = 20 * 2 ** 17
    up = lambda x: -(-x // 100) * 100  # noqa: E731
    assert free.points == 2 * up(b) + up(2 * b)  # a non-dealer tsumo, each payment rounded up
    # Below mangan the two agree.
    assert mf.score(**OPEN_NO_FU, rules=rules(aotenjou=True)).points == 1000
    # A yakuman counts 13 han (plus dora) at its fu.
    y = mf.score(hand="111m444p777s555z22m", win_tile="2m", rules=rules(aotenjou=True, double_suuankou_tanki=False))
    assert (y.yakuman, y.han, y.fu) == (1, 13, 60)
    assert y.base == 60 * 2 ** 15 and y.limit == "yakuman"


def test_aotenjou_refuses_what_the_point_fields_cannot_hold():
    with pytest.raises(mf.InvalidHandError, match="aotenjou: 33 han"):
        mf.score(**KAZOE_33, rules=rules(aotenjou=True))


def test_yakuman_fu():
    kokushi = dict(hand="19m19p19s12345677z", win_tile="1m")
    assert mf.score(**kokushi, rules=rules(yakuman_fu="counted")).fu == 30
    assert mf.score(**kokushi, rules=rules(yakuman_fu="tenhou")).fu == 0
    heavenly = dict(hand="123m23456777p678s", win_tile="4p", self_draw=True, tenhou=True, winner=0, dealer=0)
    assert mf.score(**heavenly, rules=rules(yakuman_fu="counted")).fu == 30
    assert mf.score(**heavenly, rules=rules(yakuman_fu="tenhou")).fu == 20
    # Points never depend on it.
    assert mf.score(**heavenly, rules=rules(yakuman_fu="tenhou")).points == 48000
    assert RuleSet.from_dict({"preset": "tenhou"}).yakuman_fu == "tenhou"


def test_three_player_tsumo_honba_is_what_the_winner_receives():
    r = mf.score("789m123888p56777s", "3p", tsumo=True, dealer=1, honba=5, n_players=3, riichi=True)
    gain = r.deltas[r.winner] if hasattr(r, "winner") else max(r.deltas)
    assert r.honba_points == 1000
    assert gain == r.points + r.honba_points
    # Four players: three payers of 100 a honba.
    r4 = mf.score("789m123888p56777s", "3p", tsumo=True, dealer=1, honba=5, riichi=True)
    assert r4.honba_points == 1500 and max(r4.deltas) == r4.points + 1500


def test_sanma_honba_points():
    ron = dict(hand="789m123888p56777s", win_tile="3p", riichi=True, n_players=3, dealer=1, winner=0, discarder=2)
    assert mf.score(**ron, honba=5).honba_points == 1500
    r = mf.score(**ron, honba=5, rules=rules(sanma_honba_points=200))
    assert r.honba_points == 1000 and r.deltas[2] == -(r.points + 1000)
    tsumo = dict(ron, self_draw=True, discarder=None)
    r = mf.score(**tsumo, honba=5, rules=rules(sanma_honba_points=200))
    assert r.honba_points == 1000  # 500 from each of the two payers
    r = mf.score(**tsumo, honba=3, rules=rules(sanma_honba_points=1000))
    assert r.honba_points == 3000
    # Four players are unaffected.
    four = dict(ron, n_players=4)
    assert mf.score(**four, honba=5, rules=rules(sanma_honba_points=200)).honba_points == 1500
    with pytest.raises(mf.InvalidRuleError, match="sanma_honba_points = 201"):
        rules(sanma_honba_points=201)
    with pytest.raises(mf.InvalidRuleError, match="sanma_honba_points"):
        rules(sanma_honba_points=-2)
