"""The game a player drives: pick flow, undo/redo, stuck/won, scoring variants, CLI."""

import json

import pytest
from mahjong_fast import IllegalMoveError, InvalidRuleError, LayoutError, SolitaireLayout
from mahjong_fast._core import solitaire_score
from mahjong_fast.cli import main
from mahjong_fast.solitaire import Game

TINY = [(0, 0, 0), (2, 0, 0), (6, 0, 0), (8, 0, 0), (1, 0, 1), (7, 0, 1)]


def tiny_game(**kw):
    lay = SolitaireLayout(TINY)
    # Layout order: layer 0 x=0,2,6,8 then layer 1 x=1,7.
    return Game(lay, faces=["1m", "2m", "2m", "1m", "3m", "3m"], **kw)


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_pick_flow_and_undo_redo():
    g = tiny_game()
    assert g.free_tiles() == [4, 5]
    s = g.select(0)
    assert s.status == "not_free" and "covered" in s.reason
    assert g.select(4).status == "selected"
    assert g.highlighted() == [5]
    assert g.select(4).status == "deselected" and g.selected is None
    g.select(4)
    r = g.select(5)
    assert r.status == "removed" and r.pair == (4, 5)
    assert g.remaining == 4 and g.moves == [(4, 5)]
    # 1m at slots 0 and 3 are free now, and so are the 2m.
    g.select(0)
    r = g.select(1)
    assert r.status == "deselected" and "do not match" in r.reason
    assert g.undo() == (4, 5) and g.remaining == 6
    assert g.redo() == (4, 5) and g.remaining == 4
    with pytest.raises(IllegalMoveError, match="redo"):
        g.redo()
    g.remove(0, 3)
    g.remove(1, 2)
    assert g.won and not g.stuck
    with pytest.raises(IllegalMoveError):
        g.remove(1, 2)
    for _ in range(3):
        g.undo()
    with pytest.raises(IllegalMoveError, match="undo"):
        g.undo()


def test_mismatch_modes():
    g = tiny_game(on_mismatch="switch")
    g.remove(4, 5)
    g.select(0)
    assert g.select(1).status == "switched" and g.selected == 1
    g = tiny_game(on_mismatch="error")
    g.remove(4, 5)
    g.select(0)
    with pytest.raises(IllegalMoveError):
        g.select(1)
    with pytest.raises(IllegalMoveError):
        g.select(99)


def test_stuck():
    lay = SolitaireLayout([(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)])
    g = Game(lay, faces=["1m", "2m", "1m", "2m"])
    assert g.stuck and not g.won and g.legal_pairs() == []


def test_scoring_variants():
    c = Clock()
    g = tiny_game(scoring="moves", clock=c)
    c.t = 1.0
    g.remove(4, 5)
    c.t = 2.0
    g.remove(0, 3)
    c.t = 10.0
    g.remove(1, 2)
    assert g.score() == 30 + 5 + 500  # one combo, no help used
    c = Clock()
    g = tiny_game(scoring="penalty", clock=c)
    g.hint()
    g.remove(4, 5)
    g.shuffle(seed=1)
    assert g.score() == 10 - 50 - 100
    g = tiny_game(scoring="penalty", scoring_options={"hint_penalty": 7, "shuffle_penalty": 9})
    g.hint()
    g.shuffle(seed=2)
    assert g.score() == -16
    c = Clock()
    g = tiny_game(scoring="time", clock=c)
    c.t = 12.5
    assert g.score() == 10_000 - 120
    g = tiny_game(scoring="time", clock=c, scoring_options={"time_start": 0})
    c.t = 20.0
    assert g.score() == 7  # whole seconds since the deal at t=12.5
    assert tiny_game().score() is None
    with pytest.raises(LayoutError):
        tiny_game(scoring="golf")
    with pytest.raises(InvalidRuleError):
        solitaire_score("moves", [("pair", 1.0)], 1.0, False, {"nope": 1})
    with pytest.raises(InvalidRuleError):
        solitaire_score("moves", [("jump", 1.0)], 1.0, False)


def test_game_deals_are_reproducible_and_solvable():
    a = Game("turtle", seed=42)
    b = Game("turtle", seed=42)
    assert a.faces == b.faces and a.deal_method == "uniform"
    c = Game("spider", seed=42, method="reverse")
    assert c.deal_method == "reverse" and c.deal_solution
    for p, q in c.deal_solution:
        c.remove(p, q)
    assert c.won
    d = Game("pyramid", seed=1)
    assert 0.0 <= d.difficulty(playouts=50) <= 1.0


def test_cli(capsys, tmp_path):
    assert main(["solitaire", "survey", "-n", "20", "--max-nodes", "20000", "--quiet", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] == 20 and out["solvable"] + out["unsolvable"] + out["unknown"] == 20
    assert len(out["unknown_deals"]) == out["unknown"]
    # A 1-node budget decides only the deals settled before any search.
    assert main(["solitaire", "survey", "-n", "5", "--max-nodes", "1", "--quiet", "--json"]) == 0
    few = json.loads(capsys.readouterr().out)
    assert len(few["unknown_deals"]) == few["unknown"] and all(0 <= i < 5 for i in few["unknown_deals"])
    lo, hi = out["unsolvable_ci95"]
    assert 0 <= lo <= hi <= 1
    assert main(["solitaire", "deal", "--seed", "3", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert len(d["faces"]) == 144
    assert main(["solitaire", "solve", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("solvable")
    assert main(["solitaire", "hint", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("remove")
    deal = tmp_path / "d.txt"
    deal.write_text("0 0 0 1m\n2 0 0 2m\n4 0 0 1m\n6 0 0 2m\n")
    assert main(["solitaire", "solve", "--deal", str(deal)]) == 0
    assert "unsolvable" in capsys.readouterr().out
    assert main(["solitaire", "export", "--layout", "bridge", "--format", "gnome"]) == 0
    assert "<mahjongg>" in capsys.readouterr().out
    assert main(["solitaire", "solve", "--layout", "nope"]) == 2
    assert main(["solitaire", "hint", "--seed", "3", "--moves", "1-2"]) == 2
    assert "IllegalMoveError" in capsys.readouterr().err
    assert main(["solitaire", "hint", "--seed", "3", "--moves", "x-2"]) == 2
    assert "slot-slot" in capsys.readouterr().err
