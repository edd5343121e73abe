"""The public scoring API: inputs, result object, errors."""

import pytest

import mahjong_fast as mf


def test_pinfu_tsumo_breakdown():
    r = mf.score("123m456p789s23455s", "2s", tsumo=True)
    assert [y.key for y in r.yaku] == ["menzen_tsumo", "pinfu"]
    assert (r.han, r.fu, r.points, r.deltas) == (2, 20, 1500, [-700, 1500, -400, -400])
    assert r.fu_items == [("pinfu_tsumo", "pinfu tsumo", 20)]
    assert r.yaku[1].japanese == "平和" and r.yaku[1].tenhou_id == 7


def test_win_tile_defaults_to_last_written_and_13_tiles_accepted():
    a = mf.score("123m456p789s2345s5s", tsumo=True)
    b = mf.score("123m456p789s2345s", "5s", tsumo=True)
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
