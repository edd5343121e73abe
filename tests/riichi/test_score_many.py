"""Bulk scoring: sequences and columns agree with the scalar scorer; bad rows come back
as per-row errors while the rest are scored."""

import random

import mahjong_fast as mf
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast.riichi import COLUMNS, LIMITS, score_many, wins_to_columns
from riichi_gen import meld_text, random_win


def generated(n, seed=3):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        w = random_win(rng)
        w["melds"] = [meld_text(k, ids) for k, ids in w["melds"]]
        out.append(w)
    return out


@pytest.mark.parametrize("rules", ["standard", "tenhou", "shiima-2026"])
def test_list_and_columns_match_scalar(rules):
    wins = generated(600)
    scalar = []
    for w in wins:
        try:
            scalar.append(mf.score(**w, rules=rules))
        except mf.MahjongError as e:
            scalar.append(e)
    listed = score_many(wins, rules=rules)
    cols = score_many(wins_to_columns(wins), rules=rules)
    errors = {row: kind for row, kind, _ in cols.errors}
    for i, (a, b) in enumerate(zip(scalar, listed)):
        if isinstance(a, Exception):
            assert type(a) is type(b) and str(a) == str(b)
            assert errors[i] == type(a).__name__
            continue
        assert (a.han, a.fu, a.points, a.deltas, a.tenhou_yaku) == (b.han, b.fu, b.points, b.deltas, b.tenhou_yaku)
        assert cols["error"][i] == 0
        assert (cols["han"][i], cols["fu"][i], cols["points"][i]) == (a.han, a.fu, a.points)
        assert cols["deltas"][i].tolist() == a.deltas
        assert LIMITS[cols["limit"][i]] == ("yakuman" if a.yakuman else a.limit)
        ids = [int(x) for x in cols["yaku"][i] if x >= 0]
        assert ids == [y.tenhou_id for y in a.yaku]
        assert cols["yaku_han"][i][: len(ids)].tolist() == [y.han for y in a.yaku]


def test_bad_rows_are_reported_and_the_rest_scored():
    wins = [
        {"hand": "123m456p789s23455s", "win": "2s", "tsumo": True},
        {"hand": "1m"},
        {"hand": "234m456p789s33z", "win": "3z", "melds": ["chi:678s"]},
        {"hand": "123m456p789s23455s", "win": "2s", "bogus": 1},
    ]
    out = score_many(wins)
    assert out[0].points == 1500
    assert isinstance(out[1], mf.InvalidHandError)
    assert isinstance(out[2], mf.NoYakuError)
    assert isinstance(out[3], mf.InvalidHandError) and "bogus" in str(out[3])
    cols = wins_to_columns([wins[0], wins[2]])
    cols["hand"][1, 0] = 999  # an impossible tile id
    res = score_many(cols)
    assert res["error"].tolist() == [0, 1]
    assert res.errors[0][0] == 1 and "999" in res.errors[0][2]
    assert res["points"][0] == 1500


def test_a_tile_id_given_twice_is_named():
    cols = wins_to_columns([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}] * 3)
    first = int(cols["hand"][0, 0])
    cols["hand"][0, 1] = first  # row 0: one physical tile twice among the concealed ids
    cols["hand"][1, 13] = -1  # row 1: 13 ids, and a winning tile that repeats one of them
    cols["win"][1] = int(cols["hand"][1, 0])
    res = score_many(cols)
    assert res["error"].tolist() == [1, 1, 0]
    msgs = {row: msg for row, _, msg in res.errors}
    assert f"tile id {first} appears twice" in msgs[0]
    assert f"tile id {int(cols['hand'][1, 0])} appears twice" in msgs[1]
    assert res["points"][2] == 1500


def test_pads_anywhere_and_the_first_bad_id_is_named():
    cols = wins_to_columns([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}] * 3)
    # Row 0: the winning tile left out and a pad of any negative value moved to the middle.
    ids = [int(x) for x in cols["hand"][0] if int(x) != int(cols["win"][0])]
    cols["hand"][0] = ids[:5] + [-2**31] + ids[5:]
    cols["hand"][1, 3] = 136  # the first id past the last physical tile
    cols["hand"][1, 7] = 500
    res = score_many(cols)
    assert res["error"].tolist() == [0, 1, 0]
    assert res["points"].tolist() == [1500, 0, 1500]
    msgs = {row: msg for row, _, msg in res.errors}
    assert "tile id 136 is out of range" in msgs[1]


def test_bad_indicators_are_named_slot_by_slot():
    cols = wins_to_columns([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True, "riichi": True}] * 3)
    cols["dora"][0] = [3, -1, 40, -1, -1]
    cols["ura"][0] = [34, -1, -1, -1, -1]  # slot 0 comes before slot 2: the ura is named
    cols["dora"][1] = [-1, -1, 5, -1, 99]
    cols["dora"][2] = [-1, 0, -9, 0, -1]  # pads anywhere; two 1m indicators count twice
    res = score_many(cols)
    assert res["error"].tolist() == [1, 1, 0]
    msgs = {row: msg for row, _, msg in res.errors}
    assert "ura indicator = 34" in msgs[0]
    assert "dora indicator = 99" in msgs[1]
    assert res["dora"][2] == 2


def test_columns_with_defaults_and_bad_shapes():
    cols = wins_to_columns([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}])
    slim = {k: cols[k] for k in ("hand", "win", "winner", "flags")}
    assert score_many(slim)["points"].tolist() == [1500]
    with pytest.raises(mf.ArgumentError, match="unknown column"):
        score_many({**slim, "nope": np.zeros(1)})
    with pytest.raises(mf.ArgumentError, match="shape"):
        score_many({**slim, "dora": np.zeros((1, 9), np.int32)})


def test_arrow_record_batch():
    pa = pytest.importorskip("pyarrow")
    cols = wins_to_columns([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}] * 3)
    batch = pa.record_batch({k: (list(v) if v.ndim == 2 else v) for k, v in cols.items()})
    assert score_many(batch)["points"].tolist() == [1500] * 3


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_random_columns_never_crash(data):
    n = data.draw(st.integers(1, 5))
    cols = {}
    for k, w in COLUMNS.items():
        shape = (n, w) if w > 1 else (n,)
        cols[k] = np.array(data.draw(st.lists(st.integers(-3, 140), min_size=n * w, max_size=n * w)), dtype=np.int32).reshape(shape)
    out = score_many(cols)
    assert len(out["error"]) == n
    bad = {row for row, _, _ in out.errors}
    assert bad == {i for i in range(n) if out["error"][i] != 0}


def test_output_columns_of_earlier_calls_stay_intact():
    # Output memory is reused once every array of a call is gone; arrays still held
    # (or views of them) keep theirs.
    wins = generated(300, seed=9)
    cols = wins_to_columns(wins)
    first = score_many(cols, rules="tenhou")
    keep = {k: v.copy() for k, v in first.items()}
    han_view = first["han"][5:50]
    other = wins_to_columns(generated(300, seed=10))
    for _ in range(3):
        second = score_many(other, rules="tenhou")
        del second
    for k, v in keep.items():
        assert np.array_equal(first[k], v), k
    assert np.array_equal(han_view, keep["han"][5:50])
    # The memory of the `other` calls (now free) holds other results: scoring `cols`
    # again into it must give exactly the first call's columns.
    again = score_many(cols, rules="tenhou")
    for k, v in keep.items():
        assert np.array_equal(again[k], v), k
    assert again.errors == first.errors
    del first, again, han_view
    # A smaller batch in a reused larger block sees only its own rows.
    small = score_many({k: v[:7] for k, v in cols.items()}, rules="tenhou")
    assert small["han"].shape == (7,) and small["yaku"].shape == (7, 16)
    assert small["points"].tolist() == keep["points"][:7].tolist()
