"""Differential test against riichienv's scorer (`HandEvaluator.calc`): which options of
this package reproduce its readings. On random winning hands (`riichi_gen.py`), the
`mahjong-soul` preset with `tenhou_kokushi_13=True` gives the hand's value riichienv
gives (its payments less the honba it adds); `tenhou` differs exactly on its double
yakuman, as docs/riichi_presets.md says.

`MAHJONG_FAST_DIFF_HANDS` hands (3,000 by default)."""

from __future__ import annotations

import os
import random

import mahjong_fast as mf
import pytest
from mahjong_fast.rules import RuleSet
from riichi_gen import meld_text, random_win

C = pytest.importorskip("riichienv._riichienv")

N_HANDS = int(os.environ.get("MAHJONG_FAST_DIFF_HANDS", "3000"))
RIICHIENV = RuleSet.preset("mahjong-soul").replace(tenhou_kokushi_13=True)
WINDS = [C.Wind.East, C.Wind.South, C.Wind.West, C.Wind.North]
KINDS = {
    "chi": C.MeldType.Chi,
    "pon": C.MeldType.Pon,
    "daiminkan": C.MeldType.Daiminkan,
    "kakan": C.MeldType.Kakan,
    "ankan": C.MeldType.Ankan,
}


def theirs(w):
    """riichienv's value of the hand: its ron payment, or the sum of its tsumo
    payments, less the 100 per payer per honba it includes (None: no win)."""
    hand = list(w["hand"])
    hand.remove(w["win"])
    melds = [C.Meld(KINDS[k], list(ids), k != "ankan") for k, ids in w["melds"]]
    cond = C.Conditions(
        tsumo=w["tsumo"],
        riichi=w["riichi"],
        double_riichi=w["double_riichi"],
        ippatsu=w["ippatsu"],
        haitei=w["haitei"],
        houtei=w["houtei"],
        rinshan=w["rinshan"],
        chankan=w["chankan"],
        tsumo_first_turn=w["tenhou"] or w["chiihou"],
        player_wind=WINDS[(w["winner"] - w["dealer"]) % 4],
        round_wind=WINDS["ESWN".index(w["round_wind"])],
        riichi_sticks=0,
        honba=0,
    )
    r = C.HandEvaluator(hand, melds).calc(w["win"], w["dora"], w["ura"], cond)
    if not r.is_win:
        return None
    if r.ron_agari:
        return r.ron_agari
    dealer = w["winner"] == w["dealer"]
    return 3 * r.tsumo_agari_ko if dealer else r.tsumo_agari_oya + 2 * r.tsumo_agari_ko


def ours(w, rules):
    kw = {k: v for k, v in w.items() if k not in ("hand", "win", "melds")}
    kw.update(honba=0, riichi_sticks=0)
    try:
        return mf.score(w["hand"], w["win"], [meld_text(k, ids) for k, ids in w["melds"]], rules=rules, **kw)
    except mf.MahjongError:
        return None


def test_mahjong_soul_with_tenhou_kokushi_13_reproduces_riichienv():
    rng = random.Random(41)
    diff, tenhou_diff, yakuman = [], 0, 0
    for _ in range(N_HANDS):
        w = random_win(rng)
        want = theirs(w)
        a = ours(w, RIICHIENV)
        got = a.points if a is not None else None
        if got != want:
            diff.append(f"{w}: ours {got} theirs {want}")
        t = ours(w, "tenhou")
        if t is not None and a is not None and t.points != a.points:
            tenhou_diff += 1
            assert a.yakuman > t.yakuman, w  # only the double yakuman patterns differ
        yakuman += bool(a is not None and a.yakuman)
    assert not diff, f"{len(diff)} of {N_HANDS} differ:\n" + "\n".join(diff[:10])
    assert yakuman > 0 and tenhou_diff > 0


def test_heavenly_thirteen_orphans_is_the_thirteen_sided_wait():
    w = dict(
        hand=[0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 132, 1],
        win=32,
        melds=[],
        tsumo=True,
        riichi=False,
        double_riichi=False,
        ippatsu=False,
        haitei=False,
        houtei=False,
        rinshan=False,
        chankan=False,
        tenhou=True,
        chiihou=False,
        winner=0,
        dealer=0,
        discarder=1,
        round_wind="E",
        honba=0,
        riichi_sticks=0,
        dora=[],
        ura=[],
    )
    assert theirs(w) == ours(w, RIICHIENV).points
    assert ours(w, RIICHIENV.replace(tenhou_kokushi_13=False)).points != theirs(w)
