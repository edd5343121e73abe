"""The public scoring API: inputs, result object, errors."""

import mahjong_fast as mf
import pytest


def test_pinfu_tsumo_breakdown():
    r = mf.score("123m456p789s23455s", "2s", self_draw=True)
    assert [y.key for y in r.yaku] == ["menzen_tsumo", "pinfu"]
    assert (r.han, r.fu, r.points, r.deltas) == (2, 20, 1500, [-700, 1500, -400, -400])
    assert r.fu_items == [("pinfu_tsumo", "pinfu tsumo", 20)]
    assert r.yaku[1].japanese == "平和" and r.yaku[1].tenhou_id == 7


def test_win_tile_defaults_to_last_written_and_13_tiles_accepted():
    a = mf.score("123m456p789s2345s5s", self_draw=True)
    b = mf.score("123m456p789s2345s", "5s", self_draw=True)
    assert (a.han, a.fu, a.wait) == (b.han, b.fu, b.wait) == (1, 30, "tanki")


def test_no_yaku_says_why():
    with pytest.raises(mf.NoYakuError, match="no yaku"):
        mf.score("234m456p789s33z", "3z", melds=["chi:678s"])


def test_not_a_winning_hand():
    with pytest.raises(mf.InvalidHandError, match="not a winning hand"):
        mf.score("123m456p789s1235s", "9s")


def test_contradictory_context():
    with pytest.raises(mf.InvalidHandError, match="riichi with an open hand"):
        mf.score("234m456p789p22s", "2s", melds=["chi:678s"], riichi=True)
    with pytest.raises(mf.InvalidHandError, match="haitei is a tsumo"):
        mf.score("123m456p789s23455s", "2s", haitei=True)


def test_repr_is_readable():
    r = mf.score("111m456p789s11z", "1z", melds=["pon:777z"], seat_wind="E", dora="6z")
    assert repr(r).startswith("ScoreResult(4 han 40 fu mangan, 12000 points")


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_TILES = [f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]


@settings(max_examples=400, deadline=None)
@given(
    hand=st.lists(st.sampled_from(_TILES), min_size=0, max_size=16),
    win=st.sampled_from(_TILES),
    melds=st.lists(st.sampled_from(["pon:555z", "chi:123m", "ankan:9999p", "kakan:1111s", "chi:406p", "pon:22z"]), max_size=4),
    flags=st.dictionaries(
        st.sampled_from(["self_draw", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
                         "tenhou", "chiihou", "renhou"]),
        st.booleans(),
    ),
    seats=st.fixed_dictionaries({"winner": st.integers(0, 3), "dealer": st.integers(0, 3), "discarder": st.integers(0, 3)}),
    honba=st.integers(0, 20),
    rules=st.sampled_from(["standard", "tenhou", "shiima-2026"]),
)
def test_fuzz_never_crashes(hand, win, melds, flags, seats, honba, rules):
    try:
        r = mf.score("".join(hand), win, melds, rules=rules, honba=honba, **flags, **seats)
    except mf.MahjongError:
        return
    # A scored hand pays exactly what the winner receives.
    assert sum(r.deltas) == r.sticks_points
    assert r.total == r.points + r.honba_points + r.sticks_points
    assert r.han > 0 or r.yakuman > 0
