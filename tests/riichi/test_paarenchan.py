"""Paarenchan (八連荘): the rule `paarenchan` ("off", "eighth", "from_eighth") and the
context value `dealer_wins` (the dealer's wins in a row before this one), alone, with
other yakuman, on and off, scalar and batch, and against the `mahjong` package's
`paarenchan` (the engine's count is tested in `engine/game.rs`).

The random runs use `MAHJONG_FAST_DIFF_HANDS` hands (3,000 by default)."""

from __future__ import annotations

import os
import random

import mahjong_fast as mf
import pytest
from mahjong_fast.riichi import score_many, wins_to_columns
from mahjong_fast.rules import RuleSet
from riichi_gen import meld_text, random_win

N_HANDS = int(os.environ.get("MAHJONG_FAST_DIFF_HANDS", "3000"))
STANDARD = RuleSet.preset("standard")
EIGHTH = STANDARD.replace(paarenchan="eighth")
FROM_EIGHTH = STANDARD.replace(paarenchan="from_eighth")

# A dealer's closed ron with only a riichi, and an open hand with no yaku at all.
RIICHI = dict(hand="123m789m24p567s99s", win_tile="3p", riichi=True, seat_wind="E", discarder=1)
NO_YAKU = dict(hand="123m789m24p99s", win_tile="3p", melds=["chi:567s"], seat_wind="E", discarder=1)


def keys(r):
    return [(y.key, y.han) for y in r.yaku]


def test_the_eighth_win_is_a_yakuman():
    r = mf.score(**RIICHI, dealer_wins=7, rules=EIGHTH)
    assert (keys(r), r.yakuman, r.points, r.limit) == ([("paarenchan", 1)], 1, 48000, "yakuman")
    # Seven wins before this one is the eighth; six is the seventh.
    assert mf.score(**RIICHI, dealer_wins=6, rules=EIGHTH).points == 2000
    # Off by default, and in the Tenhou preset.
    assert mf.score(**RIICHI, dealer_wins=7).points == 2000
    assert RuleSet.preset("tenhou").paarenchan == "off"


def test_eighth_only_or_from_the_eighth_on():
    assert mf.score(**RIICHI, dealer_wins=8, rules=EIGHTH).yakuman == 0
    assert mf.score(**RIICHI, dealer_wins=8, rules=FROM_EIGHTH).yakuman == 1
    assert mf.score(**RIICHI, dealer_wins=255, rules=FROM_EIGHTH).yakuman == 1


def test_needs_no_other_yaku_and_only_the_dealer_has_it():
    r = mf.score(**NO_YAKU, dealer_wins=7, rules=EIGHTH)
    assert keys(r) == [("paarenchan", 1)] and r.points == 48000
    with pytest.raises(mf.NoYakuError):
        mf.score(**NO_YAKU, dealer_wins=6, rules=EIGHTH)
    # A non-dealer's win: the dealer's count does not make it paarenchan.
    with pytest.raises(mf.NoYakuError):
        mf.score(**dict(NO_YAKU, seat_wind="S", discarder=0), dealer_wins=7, rules=EIGHTH)


def test_adds_to_other_yakuman():
    big = dict(hand="111m999m111p999p1s", win_tile="1s", seat_wind="E", discarder=1)
    r = mf.score(**big, dealer_wins=7, rules=EIGHTH)
    assert ("paarenchan", 1) in keys(r) and r.yakuman == mf.score(**big, rules=EIGHTH).yakuman + 1
    single = EIGHTH.replace(yakuman_stacking=False)
    assert mf.score(**big, dealer_wins=7, rules=single).yakuman == 2  # the largest alone


def test_dealer_wins_is_range_checked():
    with pytest.raises(mf.ArgumentError, match="dealer_wins"):
        mf.score(**RIICHI, dealer_wins=256)
    with pytest.raises(mf.ArgumentError, match="dealer_wins"):
        mf.score(**RIICHI, dealer_wins=-1)
    cols = wins_to_columns([dict(RIICHI, dealer_wins=7)])
    cols["dealer_wins"][0] = 300
    out = score_many(cols, rules=EIGHTH)
    assert int(out["error"][0]) != 0 and "dealer_wins" in list(out.errors)[0][2]


def _dealer_wins(seed, n):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        w = random_win(rng)
        if w["winner"] != w["dealer"]:
            w["dealer"] = w["winner"]
            if w["tenhou"] or w["chiihou"]:
                continue
        out.append(dict(w, dealer_wins=rng.choice([0, 6, 7, 7, 8])))
    return out


def _score(w, rules):
    kw = {k: v for k, v in w.items() if k not in ("hand", "win", "melds")}
    try:
        return mf.score(w["hand"], w["win"], [meld_text(k, ids) for k, ids in w["melds"]], rules=rules, **kw)
    except mf.MahjongError as e:
        return e


def test_option_changes_exactly_the_hands_it_must():
    """On random dealer wins: "eighth" differs from "off" exactly where dealer_wins is 7,
    "from_eighth" where it is 7 or more; there the hand is paarenchan plus whatever
    yakuman it holds."""
    changed = 0
    for w in _dealer_wins(31, N_HANDS):
        off = _score(w, STANDARD)
        for rules, hit in ((EIGHTH, w["dealer_wins"] == 7), (FROM_EIGHTH, w["dealer_wins"] >= 7)):
            on = _score(w, rules)
            if not hit:
                assert (on == off) if not isinstance(off, Exception) else type(on) is type(off), w
                continue
            changed += 1
            if isinstance(off, mf.NoYakuError):
                assert keys(on) == [("paarenchan", 1)], w
                continue
            assert not isinstance(on, Exception), w
            assert on.yakuman == (off.yakuman + 1 if off.yakuman else 1), w
            assert ("paarenchan", 1) in keys(on)
    assert changed > N_HANDS // 3


def test_scalar_and_batch_agree():
    wins = [
        dict({k: v for k, v in w.items() if k not in ("melds",)}, melds=[meld_text(k, ids) for k, ids in w["melds"]])
        for w in _dealer_wins(32, max(300, N_HANDS // 5))
    ]
    for out in (
        score_many(wins, rules=FROM_EIGHTH, columns=True),
        score_many(wins_to_columns(wins), rules=FROM_EIGHTH),
    ):
        for i, w in enumerate(wins):
            kw = {k: v for k, v in w.items() if k not in ("hand", "win", "melds")}
            try:
                r = mf.score(w["hand"], w["win"], w["melds"], rules=FROM_EIGHTH, **kw)
            except mf.MahjongError:
                assert int(out["error"][i]) != 0
                continue
            got = (int(out["yakuman"][i]), int(out["points"][i]), [int(x) for x in out["yaku"][i] if x >= 0])
            assert got == (r.yakuman, r.points, [y.tenhou_id for y in r.yaku]), w


def test_result_round_trips():
    r = mf.score(**RIICHI, dealer_wins=7, rules=EIGHTH)
    assert r.to_dict()["context"]["dealer_wins"] == 7
    assert mf.ScoreResult.from_dict(r.to_dict()) == r


mahjong = pytest.importorskip("mahjong")


def test_agrees_with_mahjong_package():
    """The package's `paarenchan=1` with `paarenchan_needs_yaku=False` is our eighth win
    (`dealer_wins=7`): the same yaku, yakuman and payments on random dealer wins. (Its
    count is a yakuman multiple, not a count of wins; its default
    `paarenchan_needs_yaku=True` refuses a hand without another yaku, which here wins.)"""
    from test_differential_mahjong import compare, theirs

    rules = RuleSet.preset("tenhou").replace(paarenchan="eighth")
    bad, n = [], 0
    for w in _dealer_wins(33, max(500, N_HANDS // 2)):
        w = dict(w, dealer_wins=7)
        a = _score(w, rules)
        b = theirs(w, False, config_extra={"paarenchan": 1}, paarenchan_needs_yaku=False)
        d = compare(w, a, b)
        n += 1
        if d:
            bad.append(f"{w}: {d}")
    assert not bad, "\n".join(bad[:10])
