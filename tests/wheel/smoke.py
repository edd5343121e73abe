"""Smoke suite for an installed wheel: run with the interpreter of a fresh virtualenv,
from outside the repository, so only the installed package is importable.

It checks that the compiled core loads on this interpreter and that each game's main
calls give known answers; it exits non-zero on the first failure.
"""

import doctest
import pickle
import sys

import mahjong_fast as mf
from mahjong_fast import solitaire, taiwan


def check(label, got, want):
    if got != want:
        sys.exit(f"smoke: {label}: got {got!r}, want {want!r}")


assert "site-packages" in mf.__file__, f"not the installed package: {mf.__file__}"
check("to_mpsz", mf.to_mpsz([16, 17, 135]), "05m7z")
check("shanten", mf.shanten("123m456p789s1122z"), 0)
r = mf.score("234567m234p22s", "6m", melds=["chi:678s"], rules="tenhou")
check("riichi score", (r.han, r.fu, r.points), (1, 30, 1000))
check("riichi points", mf.points(4, 30)["ron"], 7700)
check("pickle rules", pickle.loads(pickle.dumps(mf.RuleSet.preset("tenhou"))) == mf.RuleSet.preset("tenhou"), True)
s = taiwan.score("123m456m789m234p567p55s", "7p")
check("taiwan tai", s.total, 3)
layout = mf.SolitaireLayout.builtin("turtle")
g = solitaire.Game("turtle", seed=1)
check("solitaire tiles", g.remaining, len(layout))
check("solitaire solve", g.solve()["verdict"], "solvable")
check("module doctests", doctest.testmod(mf).failed, 0)
print(f"smoke ok: Python {sys.version.split()[0]}, mahjong_fast {mf.__version__}")
