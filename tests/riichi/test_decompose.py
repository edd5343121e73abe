"""Decomposition: splits rebuild the hand, wait shapes, batch counts, and every real
Tenhou win decomposes with its melds fixed."""

from __future__ import annotations

import gzip
import json
import os
from collections import Counter
from pathlib import Path

import mahjong_fast as mf
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


def tenhou_dir() -> Path:
    env = os.environ.get("MAHJONG_FAST_TENHOU_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[3] / "shared/data/tenhou"


def complete_hand(rnd, n_sets: int) -> list:
    """Counts of a complete hand built from random groups and a pair (4-copy limit
    kept), often in one suit where splits are many."""
    one_suit = rnd.random() < 0.5
    base = rnd.choice([0, 9, 18])
    kinds = list(range(base, base + 9)) if one_suit else list(range(34))
    c = [0] * 34
    groups = 0
    while groups < n_sets:
        k = rnd.choice(kinds)
        if rnd.random() < 0.5 and k < 27 and k % 9 <= 6:
            if all(c[k + i] < 4 for i in range(3)):
                for i in range(3):
                    c[k + i] += 1
                groups += 1
        elif c[k] <= 1:
            c[k] += 3
            groups += 1
    while True:
        k = rnd.choice(kinds)
        if c[k] <= 2:
            c[k] += 2
            return c


def group_counts(split) -> list:
    c = [0] * 34
    for text in split["groups"] + [split["pair"]]:
        for k, v in enumerate(mf.to_counts(text)):
            c[k] += v
    return c


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 5), st.randoms(use_true_random=False))
def test_every_split_rebuilds_the_hand(n_sets, rnd):
    c = complete_hand(rnd, n_sets)
    text = mf.from_counts(c)
    splits = [s for s in mf.decompose(text) if s["form"] == "standard"]
    assert splits, text  # built from groups: at least one split
    keys = set()
    for s in splits:
        assert group_counts(s) == c
        keys.add((s["pair"], tuple(s["groups"])))
    assert len(keys) == len(splits)  # no split twice
    _r = mf.decomposition_count_batch([text])
    values, errors = _r["count"], list(_r.errors)
    assert errors == [] and values[0] == len(mf.decompose(text))


def test_known_splits_and_waits():
    assert len(mf.decompose("111222333m11p456s")) == 2
    assert mf.decompose("1122m3344p5566s77z") == [{"form": "chiitoitsu"}]
    # 22334455m: chiitoitsu-like shape that is also standard (ryanpeikou).
    forms = sorted(s["form"] for s in mf.decompose("223344m556677p55s"))
    assert forms == ["chiitoitsu", "standard"]
    assert mf.decompose("19m19p19s12345677z") == [{"form": "kokushi"}]
    assert mf.decompose("123m456p789s11z", melds=["pon:777z"]) != []
    w = {s["wait"] for s in mf.decompose("123m456p789s11z345m", win_tile="3m")}
    assert w == {"penchan", "ryanmen"}
    assert {s["wait"] for s in mf.decompose("123m456p789s11z13m2m", win_tile="2m")} == {"kanchan"}
    assert {s["wait"] for s in mf.decompose("123m456p789s11222z", win_tile="2z")} == {"shanpon"}
    assert {s["wait"] for s in mf.decompose("123m456p789s11122z", win_tile="2z")} == {"tanki"}
    # 2m sits in the pair or in 123m: both readings are reported.
    assert {s["wait"] for s in mf.decompose("123m456p789s111z22m", win_tile="2m")} == {"tanki", "kanchan"}
    # Taiwan: 5 sets and a pair.
    (split,) = mf.decompose("123456789m123p456s11z")
    assert split["groups"] == ["123m", "456m", "789m", "123p", "456s"] and split["pair"] == "11z"
    assert mf.decompose("123m456p789s11223z") == []


def test_batch_count_matches_scalar():
    rng = np.random.default_rng(5)
    texts = []
    for _ in range(3000):
        c = np.zeros(34, np.uint8)
        kinds = np.repeat(np.arange(9), 4)
        np.add.at(c, kinds[rng.choice(36, 14, replace=False)], 1)
        texts.append(mf.from_counts(c.tolist()))
    _r = mf.decomposition_count_batch(texts)
    values, errors = _r["count"], list(_r.errors)
    assert errors == []
    assert values.tolist() == [len(mf.decompose(t)) for t in texts]
    assert (values > 0).sum() > 10  # dense one-suit hands are often complete


def _tenhou_wins():
    path = tenhou_dir() / "agari_cases.jsonl.gz"
    if not path.exists():
        pytest.skip(f"Tenhou data not found at {path}")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def test_every_tenhou_win_decomposes():
    wins = _tenhou_wins()
    forms = Counter()
    for w in wins:
        melds = [f"{m['type']}:{m['tiles_mpsz']}" for m in w["melds"] if m["type"] != "nuki"]
        hand = w["hand_136"]
        assert mf.is_agari(hand, melds=melds), w["hand_mpsz"]
        assert mf.shanten(hand, melds=melds) == -1
        splits = mf.decompose(hand, melds=melds, win_tile=w["win_tile_136"])
        assert splits, (w["hand_mpsz"], melds)
        forms[splits[0]["form"]] += 1
        # Removing the winning tile leaves a ready hand waiting on it.
        rest = list(hand)
        rest.remove(w["win_tile_136"])
        assert w["win_tile"].replace("0", "5") in mf.waits(rest, melds=melds)
    assert len(wins) >= 7000
    assert forms["standard"] > 6000 and forms["chiitoitsu"] > 100
