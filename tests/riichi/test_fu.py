"""Every fu item of seed 001's table on its own, plus the special cases."""

import mahjong_fast as mf
import pytest


def fu_items(r):
    return {(k, d): f for k, d, f in r.fu_items}


def test_base_and_closed_ron():
    # Closed ron, kanchan: 20 + 10 + 2 = 32 -> 40.
    r = mf.score("123m456p789s13s55m", "2s", riichi=True)
    assert r.fu == 40
    assert fu_items(r) == {("base", "base"): 20, ("menzen_ron", "closed ron"): 10, ("wait", "kanchan wait"): 2}


@pytest.mark.parametrize(
    "hand,win,wait",
    [
        ("123m456p789s13s55m", "2s", "kanchan"),
        ("123m456p789s12s55m", "3s", "penchan"),
        ("123m456p789s123s5m", "5m", "tanki"),
    ],
)
def test_single_waits_add_two(hand, win, wait):
    r = mf.score(hand, win, riichi=True)
    assert r.wait == wait and fu_items(r)[("wait", f"{wait} wait")] == 2


def test_ryanmen_and_shanpon_add_nothing():
    r = mf.score("123m456p789s23s55m", "4s", riichi=True)
    assert r.wait == "ryanmen" and r.fu == 30
    # Shanpon on 2p ron: the completed triplet counts as open (2 fu, not 4).
    r = mf.score("123m456p789s22p55m", "2p", riichi=True)
    assert r.wait == "shanpon" and fu_items(r)[("set", "open triplet 2p")] == 2


def test_tsumo_adds_two_except_pinfu():
    assert fu_items(mf.score("123m456p789s13s55m", "2s", self_draw=True))[("tsumo", "tsumo")] == 2
    r = mf.score("123m456p789s23s55m", "4s", self_draw=True)
    assert r.fu == 20 and [y.key for y in r.yaku] == ["menzen_tsumo", "pinfu"]


@pytest.mark.parametrize(
    "set_text,desc,fu",
    [
        ("pon:555m", "open triplet 5m", 2),
        ("pon:999m", "open triplet 9m", 4),
        ("pon:222z", "open triplet 2z", 4),
        ("daiminkan:5555m", "open kan 5m", 8),
        ("kakan:1111p", "open kan 1p", 16),
        ("ankan:5555s", "closed kan 5s", 16),
        ("ankan:7777z", "closed kan 7z", 32),
    ],
)
def test_meld_fu(set_text, desc, fu):
    # A haku triplet gives the open hand its yaku; the meld under test adds its fu.
    r = mf.score("234m456p555z88s", "8s", melds=[set_text], self_draw=True, seat_wind="S")
    assert fu_items(r)[("set", desc)] == fu


def test_concealed_triplets():
    r = mf.score("555m999p123s555z88s", "8s", self_draw=True)
    items = fu_items(r)
    assert items[("set", "closed triplet 5m")] == 4
    assert items[("set", "closed triplet 9p")] == 8


@pytest.mark.parametrize(
    "pair,seat,rnd,fu",
    [("5z", "S", "E", 2), ("6z", "S", "E", 2), ("7z", "S", "E", 2), ("1z", "S", "E", 2), ("2z", "S", "E", 2),
     ("3z", "S", "E", 0), ("1z", "E", "E", 4)],
)
def test_value_pair(pair, seat, rnd, fu):
    r = mf.score(f"123m456p789s13s{pair[0]}{pair[0]}z", "2s", riichi=True, seat_wind=seat, round_wind=rnd)
    got = fu_items(r).get(("pair", f"value pair {pair}"), 0)
    assert got == fu


def test_double_wind_pair_is_two_in_shiima():
    r = mf.score("123m456p789s13s11z", "2s", riichi=True, seat_wind="E", round_wind="E", rules="shiima-2026")
    assert fu_items(r)[("pair", "value pair 1z")] == 2
    r = mf.score("123m456p789s13s11z", "2s", riichi=True, seat_wind="E", round_wind="E", rules="standard")
    assert fu_items(r)[("pair", "value pair 1z")] == 4


def test_open_hand_without_fu_is_30():
    r = mf.score("234m456p23s55m", "4s", melds=["chi:678s"])
    assert r.fu == 30 and ("open_pinfu", "open hand without fu (raised to 30)") in fu_items(r)


def test_chiitoitsu_is_25():
    r = mf.score("1133m5577p99s1144z", "4z", riichi=True)
    assert (r.form, r.fu, r.han) == ("chiitoitsu", 25, 3)


def test_rinshan_keeps_tsumo_fu_by_default():
    hand = "123m456p78s55m"
    r = mf.score(hand, "9s", melds=["ankan:1111z"], self_draw=True, rinshan=True, seat_wind="S", round_wind="S")
    assert ("tsumo", "tsumo") in fu_items(r)
    rules = mf.RuleSet.preset("standard").replace(rinshan_tsumo_fu=False)
    r = mf.score(hand, "9s", melds=["ankan:1111z"], self_draw=True, rinshan=True, seat_wind="S", round_wind="S", rules=rules)
    assert ("tsumo", "tsumo") not in fu_items(r)


def test_rounding_up_to_ten():
    # 20 + 10 (closed ron) + 8 (closed 1m triplet) + 2 (kanchan) = 40; + 2 (chun pair) = 42 -> 50.
    r = mf.score("111m456p789s13s77z", "2s", riichi=True)
    assert r.fu == 50
