"""Solver, generators, hint and shuffle, checked by an independent Python checker."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import SolitaireBoard, SolitaireLayout
from mahjong_fast._core import (
    solitaire_deal,
    solitaire_shuffle,
    solitaire_solve,
    solitaire_solve_many,
    solitaire_survey,
    solitaire_uniform_faces,
)
from mahjong_fast.solitaire import Game
from solitaire_checker import replay, solvable

BUDGET = dict(max_nodes=100_000, max_millis=0)


def test_uniform_turtle_deals_replay():
    lay = SolitaireLayout.builtin("turtle")
    seen = {"solvable": 0, "unsolvable": 0, "unknown": 0}
    for i in range(25):
        faces = solitaire_uniform_faces(lay, 11, i)
        assert sorted(faces) == sorted([k for k in range(34) for _ in range(4)] + list(range(34, 42)))
        r = solitaire_solve(SolitaireBoard(lay, faces), **BUDGET)
        seen[r["verdict"]] += 1
        if r["verdict"] == "solvable":
            assert replay(lay.positions, faces, r["solution"]) is None
            assert r["proof"] is None
        elif r["verdict"] == "unsolvable":
            assert r["proof"]["kind"] in ("dead_group", "cycle", "stuck", "exhausted")
    assert seen["solvable"] >= 20


def test_dead_group_proof():
    # Three 1m stacked, the fourth beside: the bottom two can never pair up.
    lay = SolitaireLayout([(0, 0, 0), (0, 0, 1), (0, 0, 2), (4, 0, 0)])
    b = SolitaireBoard(lay, ["1m"] * 4)
    r = solitaire_solve(b)
    assert r["verdict"] == "unsolvable"
    assert r["proof"]["kind"] == "dead_group" and r["proof"]["face"] == "1m"
    assert not solvable(lay.positions, b.faces)


def test_cycle_proof():
    # 1m on 2m and 2m on 1m in two stacks: each pair waits for the other.
    # A free 3m pair keeps the root from being stuck.
    lay = SolitaireLayout([(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1), (8, 0, 0), (12, 0, 0)])
    order = {(0, 0, 0): "1m", (0, 0, 1): "2m", (4, 0, 0): "2m", (4, 0, 1): "1m", (8, 0, 0): "3m", (12, 0, 0): "3m"}
    b = SolitaireBoard(lay, [order[p] for p in lay.positions])
    r = solitaire_solve(b)
    assert r["verdict"] == "unsolvable" and r["proof"]["kind"] == "cycle"
    assert sorted(r["proof"]["slots"]) == [i for i, p in enumerate(lay.positions) if p[0] < 8]
    assert not solvable(lay.positions, b.faces)


def test_budget_returns_unknown():
    lay = SolitaireLayout.builtin("turtle")
    hard = None
    for i in range(200):
        faces = solitaire_uniform_faces(lay, 1, i)
        r = solitaire_solve(SolitaireBoard(lay, faces), max_nodes=30, max_millis=0)
        if r["verdict"] == "unknown":
            hard = r
            break
    assert hard is not None and hard["nodes"] <= 31 and hard["solution"] == []


small_layouts = st.lists(
    st.tuples(st.integers(0, 8), st.integers(0, 4), st.integers(0, 2)), min_size=4, max_size=30, unique=True
)


@settings(max_examples=250, deadline=None)
@given(small_layouts, st.integers(1, 4), st.randoms(use_true_random=False))
def test_agrees_with_brute_force(points, kinds, rnd):
    kept = []
    for p in points:
        if all(q[2] != p[2] or abs(q[0] - p[0]) >= 2 or abs(q[1] - p[1]) >= 2 for q in kept):
            kept.append(p)
    kept = kept[:14]
    if len(kept) % 2:
        kept.pop()
    if len(kept) < 2:
        return
    lay = SolitaireLayout(kept)
    faces = []
    for j in range(len(kept) // 2):
        f = (j // 2) % kinds if kinds < 4 else 34 + (j % 2) * 4 + (j // 2) % 4  # kinds==4: flowers/seasons
        faces += [f, f]
    counts = {}
    for f in faces:
        g = f if f < 34 else (34 if f < 38 else 35)
        counts[g] = counts.get(g, 0) + 1
    if max(counts.values()) > 4:
        return
    rnd.shuffle(faces)
    b = SolitaireBoard(lay, faces)
    r = solitaire_solve(b)
    truth = solvable(lay.positions, faces)
    assert r["verdict"] == ("solvable" if truth else "unsolvable")
    if truth:
        assert replay(lay.positions, faces, r["solution"]) is None


@pytest.mark.parametrize("name", SolitaireLayout.builtin_names())
@pytest.mark.parametrize("method", ["reverse", "uniform"])
def test_generators_give_solvable_deals(name, method):
    lay = SolitaireLayout.builtin(name)
    for seed in range(3):
        d = solitaire_deal(lay, seed, method, max_attempts=5, max_nodes=20_000, max_millis=0)
        assert d["method"] in ({"reverse"} if method == "reverse" else {"uniform", "reverse-fallback"})
        assert replay(lay.positions, d["faces"], d["solution"]) is None
        assert d == solitaire_deal(lay, seed, method, max_attempts=5, max_nodes=20_000, max_millis=0), "reproducible"
        assert sorted(d["faces"]) == sorted([k for k in range(34) for _ in range(4)] + list(range(34, 42)))


def test_generators_on_a_custom_layout():
    lay = SolitaireLayout([(2 * i, 2 * j, 0) for i in range(4) for j in range(3)] + [(1, 1, 1), (5, 1, 1)])
    for seed in range(10):
        d = solitaire_deal(lay, seed, "reverse")
        assert replay(lay.positions, d["faces"], d["solution"]) is None
        assert solvable(lay.positions, d["faces"])


def test_hint_and_shuffle_never_lose_a_won_game():
    g = Game("turtle", seed=5)
    while not g.won:
        h = g.hint(**BUDGET)
        assert h.pair is not None and not h.lost
        g.remove(*h.pair)
        if g.remaining == 100:
            # A shuffle mid-game keeps the position winnable.
            sol = g.shuffle()
            assert replay(g.layout.positions, g.board.faces, sol, start=g.board.present) is None
    assert g.won and not g.stuck


def test_hint_says_lost():
    lay = SolitaireLayout([(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1)])
    order = {(0, 0, 0): "1m", (0, 0, 1): "2m", (4, 0, 0): "2m", (4, 0, 1): "1m"}
    g = Game(lay, faces=[order[p] for p in lay.positions])
    assert g.hint().lost


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_shuffle_of_any_position_is_solvable(seed, moves):
    lay = SolitaireLayout.builtin("pyramid")
    d = solitaire_deal(lay, seed, "reverse")
    b = SolitaireBoard(lay, d["faces"])
    for a, c in d["solution"][:moves]:
        b.remove(a, c)
    faces, sol = solitaire_shuffle(b, seed, 20_000, 0)
    present = b.present
    assert sorted(faces[i] for i in present) == sorted(b.faces[i] for i in present)
    assert all(faces[i] == b.faces[i] for i in range(len(faces)) if i not in present)
    assert replay(lay.positions, faces, sol, start=present) is None


def test_batch_entry_points():
    lay = SolitaireLayout.builtin("turtle")
    v, us, nodes = solitaire_survey(lay, 3, 0, 20, 50_000, 0)
    assert len(v) == len(us) == len(nodes) == 20 and set(v) <= {0, 1, 2}
    # The survey solves exactly the deals `solitaire_uniform_faces` names.
    deals = [solitaire_uniform_faces(lay, 3, i) for i in range(20)]
    rs = solitaire_solve_many(lay, deals, 50_000, 0)
    for code, r in zip(v, rs):
        if code != 2 and r["verdict"] != "unknown":
            assert ["solvable", "unsolvable"][code] == r["verdict"]
    for f, r in zip(deals, rs):
        if r["verdict"] == "solvable":
            assert replay(lay.positions, f, r["solution"]) is None
