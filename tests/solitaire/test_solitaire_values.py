"""Solitaire values travel: layouts, boards and games pickle and round-trip through
to_dict (JSON-ready) into equal objects that play on identically; solve results, deals
and hints have their declared shapes."""

from __future__ import annotations

import json
import pickle
import random
from typing import get_type_hints

import mahjong_fast as mf
import pytest
from mahjong_fast import results, solitaire
from mahjong_fast.solitaire import Game, Hint, Selection


def _json(x):
    return json.loads(json.dumps(x))


def test_layouts_and_boards_round_trip():
    for name in mf.SolitaireLayout.builtin_names():
        lay = mf.SolitaireLayout.builtin(name)
        for back in (pickle.loads(pickle.dumps(lay)), mf.SolitaireLayout.from_dict(_json(lay.to_dict()))):
            assert back == lay and back.name == lay.name and back.positions == lay.positions
        g = Game(lay, seed=3, method="reverse")
        rng = random.Random(3)
        for _ in range(10):
            g.remove(*rng.choice(g.legal_pairs()))
        b = g.board
        for back in (pickle.loads(pickle.dumps(b)), mf.SolitaireBoard.from_dict(_json(b.to_dict()))):
            assert back == b and back.present == b.present and back.faces == b.faces
            assert back.legal_pairs() == b.legal_pairs() and back.free_tiles() == b.free_tiles()
            back.remove(*back.legal_pairs()[0])
            assert back != b


def test_board_from_dict_refuses_bad_input():
    d = mf.SolitaireBoard(solitaire.layout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"]).to_dict()
    with pytest.raises(mf.LayoutError, match="slot 5 does not exist"):
        mf.SolitaireBoard.from_dict(dict(d, present=[5]))
    with pytest.raises(mf.LayoutError, match="missing 'faces'|missing \"faces\""):
        mf.SolitaireBoard.from_dict({k: v for k, v in d.items() if k != "faces"})
    with pytest.raises(mf.MahjongError):
        mf.SolitaireBoard.from_dict(dict(d, faces=["1m", "2m"]))


def _play(g: Game, rng: random.Random, n: int):
    seen = []
    for _ in range(n):
        pairs = g.legal_pairs()
        if not pairs:
            break
        r = rng.random()
        if r < 0.15 and g.moves:
            g.undo()
        elif r < 0.2:
            g.select(rng.choice(g.free_tiles()))
        else:
            g.remove(*rng.choice(pairs))
        seen.append((g.board.present, g.moves, g.selected, g.faces))
    return seen


def test_a_pickled_game_plays_on_identically():
    g = Game("turtle", seed=5, scoring="penalty", scoring_options={"hint_penalty": 7}, on_mismatch="switch")
    rng = random.Random(1)
    _play(g, rng, 30)
    g.hint()
    g.shuffle()
    _play(g, rng, 5)
    for back in (pickle.loads(pickle.dumps(g)), Game.from_dict(_json(g.to_dict()))):
        assert back == g and repr(back) == repr(g) and back.score() == g.score()
        assert (back.moves, back.selected, back.deal_solution, back.scoring_options) == (
            g.moves, g.selected, g.deal_solution, g.scoring_options)
        assert _play(back, random.Random(2), 40) == _play(pickle.loads(pickle.dumps(g)), random.Random(2), 40)


def test_copies_shuffle_like_the_original():
    g = Game("pyramid", seed=8)
    _play(g, random.Random(4), 12)
    g.shuffle()
    a, b = pickle.loads(pickle.dumps(g)), Game.from_dict(_json(g.to_dict()))
    assert a.shuffle() == b.shuffle() == g.shuffle()  # the same counter and seed give the same faces


def test_game_clock_resumes_from_elapsed():
    now = [100.0]
    g = Game("pyramid", seed=1, scoring="time", clock=lambda: now[0])
    now[0] = 130.0
    d = g.to_dict()
    assert d["elapsed"] == 30.0
    later = [5.0]
    back = Game.from_dict(d, clock=lambda: later[0])
    assert back.elapsed == 30.0
    later[0] = 6.0
    assert back.elapsed == 31.0


def test_game_repr_and_from_dict_errors():
    g = Game("pyramid", seed=2)
    assert repr(g) == "Game('pyramid', seed=2, 144 of 144 left, 0 moves, scoring='none')"
    with pytest.raises(mf.LayoutError, match="Game.from_dict"):
        Game.from_dict({"board": g.board.to_dict()})
    with pytest.raises(mf.LayoutError, match="unknown scoring"):
        Game.from_dict(dict(g.to_dict(), scoring="golf"))


def test_hints_and_selections_round_trip():
    for h in (Hint(pair=(3, 9)), Hint(lost=True), Hint(unknown=True)):
        assert Hint.from_dict(_json(h.to_dict())) == h == pickle.loads(pickle.dumps(h))
    for s in (Selection("removed", pair=(1, 2)), Selection("not_free", reason="covered")):
        assert Selection.from_dict(_json(s.to_dict())) == s == pickle.loads(pickle.dumps(s))


def test_solve_results_and_deals_have_their_declared_keys():
    lay = solitaire.layout("pyramid")
    d = mf._core.solitaire_deal(lay, 4, "reverse")
    assert set(d) == set(get_type_hints(results.Deal))
    b = solitaire.Board(lay, d["faces"])
    r = solitaire.solve(b)
    assert set(r) == set(get_type_hints(results.SolveResult)) and r["verdict"] == "solvable"
    lost = solitaire.Board(solitaire.layout([(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1)]), ["1m", "2m", "2m", "1m"])
    r = solitaire.solve(lost)
    assert r["verdict"] == "unsolvable" and set(r["proof"]) <= set(get_type_hints(results.Proof))
    assert json.loads(json.dumps(r)) == {**r, "solution": [list(p) for p in r["solution"]]}
