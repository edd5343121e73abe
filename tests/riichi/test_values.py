"""Riichi values travel: Tile, Meld, YakuHan and ScoreResult pickle, round-trip through
to_dict (JSON-ready) and compare equal afterwards; a process pool returns scores."""

import functools
import json
import multiprocessing
import pickle
import random

import mahjong_fast as mf
import pytest
from riichi_gen import meld_text, random_win


def _scored_wins(n, seed):
    """Up to n ScoreResults of random real wins (hands that have no yaku are skipped)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        w = random_win(rng)
        w["melds"] = [meld_text(k, ids) for k, ids in w["melds"]]
        try:
            out.append(mf.score(**w))
        except mf.NoYakuError:
            continue
    return out


def test_tile_and_meld_pickle_and_round_trip():
    for t in mf.parse_tiles("19m05p7z0s"):
        assert pickle.loads(pickle.dumps(t)) == t
        assert mf.Tile.from_dict(json.loads(json.dumps(t.to_dict()))) == t
    assert mf.Tile("0p").to_dict() == {"tile": "0p", "kind": 13, "red": True}
    for m in [mf.Meld("chi", "406m"), mf.Meld("pon", "555z", "5z", 1), mf.Meld("ankan", "1111s"),
              mf.Meld("kakan", "0555p", called="5p", from_seat=2), mf.Meld("daiminkan", "9999m", None, 3)]:
        back = pickle.loads(pickle.dumps(m))
        assert back == m and repr(back) == repr(m) and hash(back) == hash(m)
        assert mf.Meld.from_dict(json.loads(json.dumps(m.to_dict()))) == m
    assert mf.Meld("pon", "555z", None, 1) != mf.Meld("pon", "555z", None, 2)


def test_meld_from_dict_refuses_malformed_input():
    with pytest.raises(mf.InvalidHandError, match="missing 'tiles'|missing \"tiles\""):
        mf.Meld.from_dict({"kind": "pon"})
    with pytest.raises(mf.InvalidHandError, match="expected a dict"):
        mf.Meld.from_dict(["pon", "555z"])
    with pytest.raises(mf.MahjongError):
        mf.Meld.from_dict({"kind": "pon", "tiles": "556z"})


def test_yakuhan_values():
    y = mf.YakuHan("riichi", 1)
    assert (y.key, y.han, y.yakuman, y.tenhou_id, y.japanese) == ("riichi", 1, False, 1, "立直")
    assert pickle.loads(pickle.dumps(y)) == y and hash(pickle.loads(pickle.dumps(y))) == hash(y)
    assert mf.YakuHan.from_dict(y.to_dict()) == y
    assert mf.YakuHan("kokushi", 1, yakuman=True) != mf.YakuHan("kokushi", 1)
    with pytest.raises(mf.InvalidHandError, match="not a yaku key"):
        mf.YakuHan("riichii", 1)


def test_score_results_pickle_and_round_trip_exactly():
    results = _scored_wins(300, seed=13)
    assert len({r.limit for r in results}) >= 4  # the sample reaches limits and yakuman
    for r in results:
        back = pickle.loads(pickle.dumps(r))
        assert back == r and repr(back) == repr(r) and hash(back) == hash(r)
        d = r.to_dict()
        text = json.dumps(d)  # JSON-ready: plain dicts, lists, str, int, bool, None
        again = mf.ScoreResult.from_dict(json.loads(text))
        assert again == r and again.to_dict() == d
        # the dict is the object's own view: each field equals the attribute of that name
        for key in ("han", "fu", "points", "limit", "form", "wait", "deltas", "payments", "total", "self_draw",
                    "winner", "is_dealer", "base", "dora", "ura", "aka", "yakuman", "pao_applied"):
            assert d[key] == getattr(r, key), key
        assert [y["key"] for y in d["yaku"]] == [y.key for y in r.yaku]
        assert [(i["key"], i["description"], i["fu"]) for i in d["fu_items"]] == r.fu_items


def test_score_result_context_is_scores_own_arguments():
    r = mf.score("123m456p789s23455s", "2s", self_draw=True, riichi=True, ura="1m", dora="1z", honba=2,
                 round_wind="S", seat_wind="W", dealer=1)
    ctx = r.to_dict()["context"]
    assert (ctx["round_wind"], ctx["seat_wind"], ctx["winner"], ctx["dora"]) == ("S", "W", 3, ["1z"])
    assert mf.score("123m456p789s23455s", "2s", **ctx) == r


def test_distinct_results_are_unequal():
    a = mf.score("123m456p789s23455s", "2s", self_draw=True)
    b = mf.score("123m456p789s23455s", "2s", self_draw=True, honba=1)
    c = mf.score("123m456p789s23455s", "5s", self_draw=True)
    assert a != b and a != c and a != "ScoreResult" and a == mf.score("123m456p789s23455s", "2s", self_draw=True)


def test_from_dict_names_the_bad_field():
    d = mf.score("123m456p789s23455s", "2s", self_draw=True).to_dict()
    for key, bad, needle in [("han", -1, '"han"'), ("form", "seven", '"form"'), ("deltas", [1], '"deltas"'),
                             ("yaku", [{"key": "nope", "han": 1}], "nope"), ("context", None, "context")]:
        with pytest.raises(mf.InvalidHandError, match=needle):
            mf.ScoreResult.from_dict(dict(d, **{key: bad}))
    with pytest.raises(mf.InvalidHandError, match="not a JSON value"):
        mf.ScoreResult.from_dict(dict(d, han=object()))
    deep: list = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(mf.InvalidHandError, match="nested deeper"):
        mf.ScoreResult.from_dict(dict(d, yaku=deep))


def test_new_names_and_their_aliases():
    new = mf.score("123m456p789s23455s", win_tile="2s", self_draw=True)
    assert new == mf.score("123m456p789s23455s", win="2s", tsumo=True)
    assert new.self_draw and new.tsumo
    with pytest.raises(mf.InvalidHandError, match="not both"):
        mf.score("123m456p789s23455s", win_tile="2s", win="2s")
    with pytest.raises(mf.InvalidHandError, match="not both"):
        mf.score("123m456p789s23455s", "2s", self_draw=True, tsumo=True)
    rows = mf.score_many([{"hand": "123m456p789s23455s", "win_tile": "2s", "self_draw": True},
                          {"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}])
    assert rows[0] == rows[1] == new


def test_one_wind_parser_for_every_spelling():
    base = mf.score("123m456p789s23455s", "2s", self_draw=True, round_wind="S", seat_wind="W", dealer=1)
    for rw, sw in [(1, 2), ("south", "west"), ("2z", "3z"), ("南", "西"), ("s", "w")]:
        assert mf.score("123m456p789s23455s", "2s", self_draw=True, round_wind=rw, seat_wind=sw, dealer=1) == base
    for bad in ["0z", "5z", "X", 4, -1, ""]:
        with pytest.raises(mf.InvalidHandError, match="round_wind = .*expected a wind"):
            mf.score("123m456p789s23455s", "2s", round_wind=bad)


def test_a_process_pool_returns_score_results():
    hands = ["234m456p678s55m345s", "1122m3344p5566s77z", "222m456p678s345s88s", "123m123p123s99m789s"]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        direct = pool.map(mf.score, hands)
        self_drawn = pool.map(functools.partial(mf.score, self_draw=True), hands)
    assert direct == [mf.score(h) for h in hands]
    assert self_drawn == [mf.score(h, self_draw=True) for h in hands]
    assert all(isinstance(r, mf.ScoreResult) for r in direct + self_drawn)
