"""Point tables, limits and payments (seed 001's tables; seed 004's kiriage)."""

import mahjong_fast as mf
import pytest
from mahjong_fast.riichi import points

# Seed 001, "一般的な点数一覧（子のロン）": han -> {fu: points}; None = mangan.
NON_DEALER_RON = {
    1: {30: 1000, 40: 1300, 50: 1600, 60: 2000, 70: 2300},
    2: {30: 2000, 40: 2600, 50: 3200, 60: 3900, 70: 4500},
    3: {30: 3900, 40: 5200, 50: 6400, 60: 7700, 70: 8000},
    4: {30: 7700, 40: 8000, 50: 8000, 60: 8000, 70: 8000},
}


@pytest.mark.parametrize("han", sorted(NON_DEALER_RON))
def test_seed001_non_dealer_ron_table(han):
    for fu, want in NON_DEALER_RON[han].items():
        assert points(han, fu)["ron"] == want, (han, fu)


@pytest.mark.parametrize(
    "han,name,child,dealer",
    [
        (5, "mangan", 8000, 12000),
        (6, "haneman", 12000, 18000),
        (7, "haneman", 12000, 18000),
        (8, "baiman", 16000, 24000),
        (10, "baiman", 16000, 24000),
        (11, "sanbaiman", 24000, 36000),
        (12, "sanbaiman", 24000, 36000),
        (13, "kazoe yakuman", 32000, 48000),
        (20, "kazoe yakuman", 32000, 48000),
    ],
)
def test_seed001_limits(han, name, child, dealer):
    assert points(han, 30)["limit"] == name
    assert points(han, 30)["ron"] == child
    assert points(han, 30, dealer=True)["ron"] == dealer


def test_tsumo_splits_round_up_each_payment():
    # Non-dealer tsumo: the dealer pays half, each other player a quarter (rounded up).
    p = points(1, 30, self_draw=True)
    assert (p["tsumo_dealer"], p["tsumo_non_dealer"], p["total"]) == (500, 300, 1100)
    p = points(3, 40, self_draw=True)
    assert (p["tsumo_dealer"], p["tsumo_non_dealer"], p["total"]) == (2600, 1300, 5200)
    # Dealer tsumo: a third from each.
    p = points(2, 30, dealer=True, self_draw=True)
    assert (p["tsumo_dealer"], p["total"]) == (1000, 3000)
    p = points(5, 30, dealer=True, self_draw=True)
    assert (p["tsumo_dealer"], p["total"]) == (4000, 12000)


def test_kiriage_only_in_shiima():
    for h, f in ((4, 30), (3, 60)):
        assert points(h, f, rules="standard")["ron"] == 7700
        assert points(h, f, rules="tenhou")["ron"] == 7700
        assert points(h, f, rules="shiima-2025")["ron"] == 8000
        assert points(h, f, rules="shiima-2026", dealer=True)["ron"] == 12000
    assert points(3, 50, rules="shiima-2026")["ron"] == 6400


def test_kazoe_can_be_capped():
    rules = mf.RuleSet.preset("standard").replace(kazoe="sanbaiman")
    assert points(13, 30, rules=rules)["ron"] == 24000


def test_honba_and_sticks_in_deltas():
    # 1 han 30 fu ron with 2 honba and 1 stick: 1000 + 600, stick to the winner.
    r = mf.score("234m456p55s555z", "5z", melds=["chi:678s"], winner=1, dealer=0, discarder=3, honba=2, riichi_sticks=1)
    assert (r.points, r.honba_points, r.sticks_points) == (1000, 600, 1000)
    assert r.deltas == [0, 2600, 0, -1600]
    # Tsumo: 100 per honba from each payer.
    r = mf.score("234m456p55s555z", "5z", melds=["chi:678s"], winner=1, dealer=0, self_draw=True, honba=2)
    assert r.deltas == [-500 - 200, 1100 + 600, -300 - 200, -300 - 200]


def test_sanma_tsumo_is_not_topped_up():
    r = mf.score("123m456p789s23455s", "2s", self_draw=True, winner=1, dealer=0, n_players=3, riichi=True, dora="1s")
    # 4 han 20 fu (riichi, tsumo, pinfu, dora): dealer 2600, other 1300; no third payer.
    assert r.deltas == [-2600, 3900, -1300]
    rules = mf.RuleSet.preset("tenhou").replace(sanma_tsumo_loss=False)
    r2 = mf.score("123m456p789s23455s", "2s", self_draw=True, winner=1, dealer=0, n_players=3, riichi=True, dora="1s", rules=rules)
    assert sum(-d for d in r2.deltas if d < 0) > 3900


def test_kita_counts_as_dora_in_sanma():
    r = mf.score("123m456p789s23455s", "2s", self_draw=True, winner=1, dealer=0, n_players=3, kita=2, rules="tenhou")
    assert (r.kita, r.han) == (2, 4)
    with pytest.raises(mf.InvalidHandError, match="3-player"):
        mf.score("123m456p789s23455s", "2s", self_draw=True, kita=1)


def test_pao_tsumo_pays_all_ron_splits():
    hand, melds = "234m11p", ["pon:555z", "pon:666z", "pon:777z"]
    r = mf.score(hand, "1p", melds, self_draw=True, winner=2, dealer=0, pao=3, honba=1, rules="tenhou")
    assert r.pao_applied and r.deltas == [0, 0, 32300, -32300]
    r = mf.score(hand, "1p", melds, winner=2, dealer=0, discarder=1, pao=3, rules="tenhou")
    assert r.deltas == [0, -16000, 32000, -16000]
    # The standard preset (seed 001) has no pao.
    r = mf.score(hand, "1p", melds, self_draw=True, winner=2, dealer=0, pao=3, rules="standard")
    assert not r.pao_applied and r.deltas == [-16000, -8000, 32000, -8000]


def test_pao_for_four_kans_only_where_the_rules_say():
    hand = "11m"
    melds = ["ankan:2222p", "daiminkan:3333s", "kakan:4444s", "daiminkan:7777z"]
    assert not mf.score(hand, "1m", melds, self_draw=True, winner=1, pao=2, rules="tenhou").pao_applied
    assert mf.score(hand, "1m", melds, self_draw=True, winner=1, pao=2, rules="shiima-2026").pao_applied


def test_point_table_rejects_nonsense():
    with pytest.raises(mf.ArgumentError):
        points(0, 30)
    with pytest.raises(mf.ArgumentError):
        points(1, 10)
