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


def test_aotenjou_counts_past_the_point_fields():
    # 33 han 20 fu: 20 x 2^35 base points, exact (tests/riichi/test_aotenjou.py has more).
    r = mf.score(**KAZOE_33, rules=rules(aotenjou=True))
    assert (r.han, r.fu, r.base) == (33, 20, 20 * 2**35)


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


def test_daisharin_and_its_other_suits():
    pins = dict(hand="22334455667788p", win_tile="8p")
    sou = dict(hand="22334455667788s", win_tile="8s")
    man = dict(hand="22334455667788m", win_tile="8m")
    off = mf.score(**pins, rules=rules())
    assert (off.yakuman, off.han) == (0, 11)  # tanyao chinitsu pinfu ryanpeikou: sanbaiman
    got = {
        (h, v): mf.score(**d, rules=rules(daisharin=v))
        for h, d in (("p", pins), ("s", sou), ("m", man))
        for v in ("pin", "all_suits")
    }
    assert [y.key for y in got["p", "pin"].yaku] == ["daisharin"] and got["p", "pin"].points == 32000
    assert got["s", "pin"].yakuman == 0 and got["m", "pin"].yakuman == 0
    assert [y.key for y in got["s", "all_suits"].yaku] == ["daichikurin"]
    assert [y.key for y in got["m", "all_suits"].yaku] == ["daisuurin"]
    assert got["s", "all_suits"].yaku[0].japanese == "大竹林"
    # Closed only: an open hand of the same tiles is no yakuman.
    opened = mf.score(hand="23455667788p", win_tile="8p", melds=["chi:234p"], rules=rules(daisharin="all_suits"))
    assert opened.yakuman == 0 and "chinitsu" in [y.key for y in opened.yaku]


def test_daichisei():
    d = dict(hand="11223344556677z", win_tile="7z")
    assert [y.key for y in mf.score(**d, rules=rules()).yaku] == ["tsuuiisou"]
    r = mf.score(**d, rules=rules(daichisei=True))
    assert ([y.key for y in r.yaku], r.yakuman, r.points) == (["tsuuiisou", "daichisei"], 2, 64000)
    # All honors in sets is not seven pairs: no daichisei.
    sets = dict(hand="11122233344455z", win_tile="5z")
    assert "daichisei" not in [y.key for y in mf.score(**sets, rules=rules(daichisei=True)).yaku]


def test_tenhou_kokushi_13():
    k = dict(hand="19m19p19s12345677z", win_tile="1m", self_draw=True, tenhou=True, winner=0, dealer=0)
    plain = mf.score(**k, rules=rules())
    read = mf.score(**k, rules=rules(tenhou_kokushi_13=True))
    assert [(y.key, y.han) for y in plain.yaku] == [("tenhou", 1), ("kokushi", 1)] and plain.yakuman == 2
    assert [(y.key, y.han) for y in read.yaku] == [("tenhou", 1), ("kokushi_13", 2)] and read.yakuman == 3
    # Only the heavenly win reads so: a plain tsumo on the pair's tile stays single.
    t = dict(k, tenhou=False, winner=1)
    assert mf.score(**t, rules=rules(tenhou_kokushi_13=True)).yakuman == 1


def test_ippatsu_ura_and_kan_dora():
    i = dict(hand="234m567p234s88s67s", win_tile="5s", riichi=True, ippatsu=True, ura="1m", dora="1p4p")
    base = mf.score(**i, rules=rules())
    assert (base.han, base.dora, base.ura) == (6, 1, 1)
    assert "ippatsu" not in [y.key for y in mf.score(**i, rules=rules(ippatsu=False)).yaku]
    assert mf.score(**i, rules=rules(ura_dora=False)).ura == 0
    no_kan = mf.score(**i, rules=rules(kan_dora=False))
    assert (no_kan.dora, no_kan.ura) == (0, 1)  # only the first indicator (1p: 2p) counts


def test_renhou_mangan():
    rh = dict(hand="234m567p234s88s67s", win_tile="5s", renhou=True, winner=1, dealer=0, discarder=0)
    assert mf.score(**rh, rules=rules(renhou=5)).points == 12000  # 5 han added: haneman
    m = mf.score(**rh, rules=rules(renhou="mangan"))
    assert (m.points, m.limit, [y.key for y in m.yaku]) == (8000, "mangan", ["renhou"])
    # Worth more without it: scored without renhou.
    big = dict(rh, hand="22334455667788m", win_tile="8m")
    b = mf.score(**big, rules=rules(renhou="mangan"))
    assert (b.limit, "renhou" in [y.key for y in b.yaku]) == ("sanbaiman", False)


def test_yakuman_cap():
    t = dict(hand="11122233344455z", win_tile="5z", self_draw=True, tenhou=True, winner=0, dealer=0)
    assert mf.score(**t, rules=rules()).yakuman == 6
    assert mf.score(**t, rules=rules(yakuman_cap=2)).yakuman == 2
    assert mf.score(**t, rules=rules(yakuman_cap=2)).points == 96000
    assert mf.score(**KAZOE_33, rules=rules(kazoe="multiple", yakuman_cap=1)).points == 32000


# Hands where the presets must differ: (hand, expected points by preset).
PRESET_HANDS = [
    # Suuankou tanki: double where the four patterns count double.
    (
        dict(hand="111m444p777s555z22m", win_tile="2m"),
        {"mahjong-soul": 64000, "m-league": 32000, "wrc": 32000, "ema": 32000, "jpml": 32000},
    ),
    # 4 han 30 fu: kiriage only in WRC.
    (
        dict(hand="234m456p678s34s55m", win_tile="5s", riichi=True, dora="3m"),
        {"mahjong-soul": 7700, "m-league": 7700, "wrc": 8000, "ema": 7700, "jpml": 7700},
    ),
    # Riichi ippatsu tanyao pinfu with a red five: JPML counts neither ippatsu nor the
    # red five, WRC and EMA no red (4 han 30 fu: WRC rounds it up).
    (
        dict(hand="234m067p234s88s67s", win_tile="5s", riichi=True, ippatsu=True),
        {"mahjong-soul": 8000, "m-league": 8000, "wrc": 8000, "ema": 7700, "jpml": 3900},
    ),
    # 13+ han without a yakuman: counted yakuman on Mahjong Soul, sanbaiman elsewhere.
    (
        dict(KAZOE_33, dora="1m", ura=""),
        {"mahjong-soul": 32000, "m-league": 24000, "wrc": 24000, "ema": 24000, "jpml": 24000},
    ),
    # Big three dragons with all honors: two yakuman where they combine.
    (
        dict(hand="555666777z11z22z", win_tile="2z"),
        {"mahjong-soul": 64000, "m-league": 64000, "wrc": 32000, "ema": 32000, "jpml": 32000},
    ),
]


@pytest.mark.parametrize("case", range(len(PRESET_HANDS)))
def test_presets_score_their_rules(case):
    hand, want = PRESET_HANDS[case]
    got = {p: mf.score(**hand, rules=p).points for p in want}
    assert got == want


def test_presets_cite_sources_and_match_presets_exist():
    for p in ("mahjong-soul", "m-league", "wrc", "ema", "jpml"):
        rs = RuleSet.preset(p)
        assert rs.source and "docs/riichi_presets.md" in rs.source
    from mahjong_fast.match_rules import MatchRules

    for p in ("mahjong-soul", "m-league", "wrc", "ema"):
        m = MatchRules.preset(p)
        assert m.scoring == p and m.source
    assert list(MatchRules.preset("m-league").uma) == [30000, 10000, -10000, -30000]
    assert MatchRules.preset("wrc").start_points == MatchRules.preset("wrc").return_points == 30000
    assert MatchRules.preset("ema").multi_ron == "all" and MatchRules.preset("wrc").multi_ron == "head_bump"


def test_nagashi_mangan_payments():
    assert mf.nagashi_mangan(1)["deltas"] == [-4000, 8000, -2000, -2000]
    assert mf.nagashi_mangan(0)["deltas"] == [12000, -4000, -4000, -4000]
    # Honba: none unless the rules count it as a win.
    assert mf.nagashi_mangan(1, honba=2)["honba_points"] == 0
    counted = mf.nagashi_mangan(1, honba=2, rules={"nagashi_honba": True})
    assert (counted["honba_points"], counted["deltas"][1]) == (600, 8600)
    # Three players: the tsumo rule of the rules (tsumo loss by default).
    three = mf.nagashi_mangan(1, n_players=3)
    assert three["deltas"] == [-4000, 6000, -2000]
    split = mf.nagashi_mangan(1, n_players=3, rules={"sanma_tsumo_loss": False})
    assert sum(split["deltas"]) == 0 and split["deltas"][1] > 6000
    with pytest.raises(mf.ArgumentError) as e:
        mf.nagashi_mangan(7)
    assert e.value.argument == "winner"
    with pytest.raises(mf.InvalidHandError, match="winner = 3"):
        mf.nagashi_mangan(3, n_players=3)
