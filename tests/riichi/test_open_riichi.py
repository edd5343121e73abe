"""Open riichi (オープン立直): the declaration as a context value (2 han, 3 as a double
open riichi) and the rule `open_riichi_deal_in` (a player not in riichi who deals into
an open riichi pays a yakuman), alone, with other yaku, on and off, scalar and batch,
and against the `mahjong` package's `is_open_riichi`.

The random runs use `MAHJONG_FAST_DIFF_HANDS` hands (3,000 by default) like the other
differential tests; set it higher for a long run.
"""

from __future__ import annotations

import os
import random

import mahjong_fast as mf
import pytest
from mahjong_fast._core import score_flag_names
from mahjong_fast.riichi import LIMITS, score_many, wins_to_columns
from mahjong_fast.rules import RuleSet
from riichi_gen import meld_text, random_win

N_HANDS = int(os.environ.get("MAHJONG_FAST_DIFF_HANDS", "3000"))
STANDARD = RuleSet.preset("standard")
DEAL_IN = STANDARD.replace(open_riichi_deal_in=True)

# Closed, no yaku but the riichi: 1m-9m straight broken, a kanchan wait on 3p.
PLAIN = dict(hand="123m789m24p567s99s", win_tile="3p", seat_wind="S", round_wind="E")


def keys(r):
    return [(y.key, y.han) for y in r.yaku]


def test_open_riichi_alone_is_two_han():
    r = mf.score(**PLAIN, open_riichi=True, discarder_riichi=True)
    assert keys(r) == [("open_riichi", 2)]
    assert (r.han, r.fu, r.points) == (2, 40, 2600)
    plain = mf.score(**PLAIN, riichi=True)
    assert keys(plain) == [("riichi", 1)] and plain.points == 1300
    # riichi=True beside it changes nothing: an open riichi is a riichi.
    assert mf.score(**PLAIN, riichi=True, open_riichi=True, discarder_riichi=True) == mf.score(
        **PLAIN, open_riichi=True, discarder_riichi=True
    )


def test_double_open_riichi_is_three_han():
    r = mf.score(**PLAIN, double_riichi=True, open_riichi=True, discarder_riichi=True)
    assert keys(r) == [("double_open_riichi", 3)]
    assert r.han == 3


def test_open_riichi_with_other_yaku():
    # Tsumo, ippatsu, pinfu, tanyao and a dora beside the open riichi.
    r = mf.score("234m567p234s88s67s", "5s", self_draw=True, open_riichi=True, ippatsu=True, dora="6p")
    assert sorted(keys(r)) == sorted(
        [("open_riichi", 2), ("ippatsu", 1), ("menzen_tsumo", 1), ("tanyao", 1), ("pinfu", 1)]
    )
    assert (r.han, r.dora) == (7, 1)
    # The same hand with a plain riichi: exactly one han fewer.
    p = mf.score("234m567p234s88s67s", "5s", self_draw=True, riichi=True, ippatsu=True, dora="6p")
    assert p.han == r.han - 1


def test_open_riichi_needs_a_closed_hand_and_discarder_riichi_a_ron():
    with pytest.raises(mf.InvalidHandError, match="riichi with an open hand"):
        mf.score("234m567p88s67s", "5s", melds=["chi:234s"], open_riichi=True)
    with pytest.raises(mf.InvalidHandError, match="discarder_riichi"):
        mf.score(**PLAIN, self_draw=True, open_riichi=True, discarder_riichi=True)


def test_deal_in_yakuman_pays_a_yakuman_only_from_a_player_not_in_riichi():
    # Off (the default, and Tenhou's): an ordinary 2 han.
    assert mf.score(**PLAIN, open_riichi=True).points == 2600
    assert RuleSet.preset("tenhou").open_riichi_deal_in is False
    on = mf.score(**PLAIN, open_riichi=True, rules=DEAL_IN)
    assert (on.limit, on.points, on.han, keys(on)) == ("open riichi yakuman", 32000, 2, [("open_riichi", 2)])
    assert on.deltas == [-32000, 32000, 0, 0]  # the discarder (the dealer, seat 0) pays it all
    dealer = mf.score(**dict(PLAIN, seat_wind="E"), discarder=3, open_riichi=True, rules=DEAL_IN, honba=1)
    assert (dealer.points, dealer.total) == (48000, 48300)
    # The discarder already in riichi: paid as usual; a self-draw likewise.
    assert mf.score(**PLAIN, open_riichi=True, discarder_riichi=True, rules=DEAL_IN).points == 2600
    tsumo = mf.score(**PLAIN, self_draw=True, open_riichi=True, rules=DEAL_IN)
    assert tsumo.limit == "" and tsumo.han == 3
    # A plain riichi is not an open one.
    assert mf.score(**PLAIN, riichi=True, rules=DEAL_IN).points == 1300
    # A yakuman hand is paid as it is (a double yakuman stays double).
    big = dict(hand="111m999m111p999p1s", win_tile="1s", open_riichi=True, seat_wind="S")
    r = mf.score(**big, rules=DEAL_IN)
    assert (r.limit, r.yakuman) == ("triple yakuman", 3) and r.points == mf.score(**big).points


def test_deal_in_under_aotenjou_is_a_yakuman_of_thirteen_han_with_the_dora():
    rules = STANDARD.replace(aotenjou=True, open_riichi_deal_in=True)
    r = mf.score(**PLAIN, open_riichi=True, dora="8s", rules=rules)
    # 13 han for the yakuman and 2 dora (the 9s pair), at the hand's 40 fu.
    assert r.base == 40 * 2 ** (13 + 2 + 2) and r.limit == "open riichi yakuman"
    assert r.points == -(-4 * r.base // 100) * 100


def _win_kwargs(w, **extra):
    kw = {k: v for k, v in w.items() if k not in ("hand", "win", "melds")}
    kw.update(extra)
    return kw


def _riichi_wins(seed, n):
    """Random closed riichi wins, each marked an open riichi, the discarder in riichi
    or not at random."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        w = random_win(rng, p_open=0.0)
        if not w["riichi"]:
            continue
        w = dict(w, open_riichi=True, discarder_riichi=(not w["tsumo"]) and rng.random() < 0.3)
        out.append(w)
    return out


def _score(w, rules):
    try:
        return mf.score(
            w["hand"], w["win"], [meld_text(k, ids) for k, ids in w["melds"]], rules=rules, **_win_kwargs(w)
        )
    except mf.MahjongError as e:
        return e


def test_open_riichi_adds_one_han_to_every_riichi_hand():
    """On random riichi wins: the open riichi is the riichi (or double riichi) plus one
    han, and nothing else changes but the points that han brings."""
    n_ordinary = 0
    for w in _riichi_wins(21, N_HANDS):
        o = _score(w, STANDARD)
        p = _score(dict(w, open_riichi=False, discarder_riichi=False), STANDARD)
        assert type(o) is type(p), w
        if isinstance(o, Exception) or o.yakuman:
            continue
        n_ordinary += 1
        swap = {"riichi": "open_riichi", "double_riichi": "double_open_riichi"}
        assert sorted((swap.get(k, k), h + (k in swap)) for k, h in keys(p)) == sorted(keys(o)), w
        assert (o.han, o.fu, o.dora, o.ura) == (p.han + 1, p.fu, p.dora, p.ura), w
    assert n_ordinary > N_HANDS // 2


def test_deal_in_option_changes_exactly_the_hands_it_must():
    """On and off differ on a ron by a player not in riichi into a hand worth less than a
    yakuman, and there they differ by paying a yakuman; on no other hand."""
    changed = 0
    for w in _riichi_wins(22, N_HANDS):
        off, on = _score(w, STANDARD), _score(w, DEAL_IN)
        if isinstance(off, Exception):
            assert type(on) is type(off)
            continue
        must = (not w["tsumo"]) and not w["discarder_riichi"] and off.base < 8000
        if must:
            changed += 1
            assert (on.limit, on.base, on.han, keys(on)) == ("open riichi yakuman", 8000, off.han, keys(off)), w
            assert on.points == (48000 if on.is_dealer else 32000)
        else:
            assert on == off, w
    assert changed > N_HANDS // 10


def test_scalar_and_batch_agree_with_open_riichi():
    """score_many on rows and on columns gives what score gives, with the option on
    and off (the flags open_riichi / discarder_riichi are batch flag bits)."""
    wins = [
        dict(_win_kwargs(w), hand=w["hand"], win=w["win"], melds=[meld_text(k, ids) for k, ids in w["melds"]])
        for w in _riichi_wins(23, max(300, N_HANDS // 5))
    ]
    assert {"open_riichi", "discarder_riichi"} <= set(score_flag_names())
    for rules in (STANDARD, DEAL_IN):
        for out in (score_many(wins, rules=rules, columns=True), score_many(wins_to_columns(wins), rules=rules)):
            n_limit = 0
            for i, w in enumerate(wins):
                kw = {k: v for k, v in w.items() if k not in ("hand", "win", "melds")}
                try:
                    r = mf.score(w["hand"], w["win"], w["melds"], rules=rules, **kw)
                except mf.MahjongError:
                    assert int(out["error"][i]) != 0
                    continue
                assert int(out["error"][i]) == 0
                got = (int(out["han"][i]), int(out["fu"][i]), int(out["points"][i]), int(out["base"][i]))
                assert got == (r.han, r.fu, r.points, r.base), w
                n_limit += LIMITS[int(out["limit"][i])] == "open riichi yakuman"
                assert [int(x) for x in out["deltas"][i][: len(r.deltas)]] == r.deltas
                assert [int(x) for x in out["yaku"][i] if x >= 0] == [y.tenhou_id for y in r.yaku]
            assert (n_limit > 0) == (rules is DEAL_IN)


def test_result_round_trips_with_open_riichi():
    r = mf.score(**PLAIN, open_riichi=True, rules=DEAL_IN)
    assert mf.ScoreResult.from_dict(r.to_dict()) == r
    assert r.to_dict()["context"]["open_riichi"] is True


mahjong = pytest.importorskip("mahjong")


def test_open_riichi_agrees_with_mahjong_package():
    """`is_open_riichi` in the `mahjong` package (its OpenRiichi 2 han, DaburuOpenRiichi
    3): the same han, fu, yaku and payments on random riichi wins; and its
    `has_sashikomi_yakuman` pays the same yakuman on the ordinary hands of a ron (it
    adds a yakuman to a yakuman hand, and pays it whoever dealt in: documented)."""
    from test_differential_mahjong import compare, theirs

    rules = RuleSet.preset("tenhou")
    bad, sashikomi = [], 0
    for w in _riichi_wins(24, max(500, N_HANDS // 2)):
        w = dict(w, discarder_riichi=False)
        a = _score(w, rules)
        b = theirs(w, False, config_extra={"is_open_riichi": True})
        d = compare(w, a, b)
        if d:
            bad.append(f"{w}: {d}")
        if not w["tsumo"] and not isinstance(a, Exception) and not a.yakuman:
            paid = _score(w, rules.replace(open_riichi_deal_in=True))
            b = theirs(w, False, config_extra={"is_open_riichi": True}, has_sashikomi_yakuman=True)
            assert paid.limit == ("open riichi yakuman" if a.base < 8000 else a.limit), w
            assert b.cost["main"] == paid.ron_payment == (48000 if a.is_dealer else 32000), w
            sashikomi += 1
    assert not bad, "\n".join(bad[:10])
    assert sashikomi > 50
