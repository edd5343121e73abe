"""Match snapshots: at every decision of many self-play matches, a match restored from
its snapshot (bytes, JSON or pickle) is the same state -- the same legal actions, the
same views and streams of every seat, the same hidden hands -- and, under the same
following actions, the same future, walls of later hands included.

The walk plays a reference match and a "chain" that is replaced by a restored copy of
itself before every decision: any difference a restore made (a state, a wall, the
shuffle's position) shows up in a later comparison. CI walks 8 matches;
`MAHJONG_FAST_LONG=1` walks 1,000 (four and three players, east-south and east).
"""

from __future__ import annotations

import os
import pickle
import random
import time
from typing import Any, Callable, List

import mahjong_fast as mf
import pytest
from mahjong_fast import Match

LONG = os.environ.get("MAHJONG_FAST_LONG") == "1"
MATCHES = 1000 if LONG else 8
RULES = [
    {"preset": "tenhou"},
    {"preset": "tenhou-sanma"},
    {"preset": "shiima-2026"},
    {"preset": "tenhou", "length": "east", "tobi": False},
]


def _observe(m: Match, players: int) -> Any:
    """Everything the match shows, to every seat and to the referee."""
    seats = range(players)
    return (m.phase, m.to_act(), m.scores, m.hand_info, m.time_is_up, m.result(),
            [m.hand(s) for s in seats], [m.legal_actions(s) for s in seats],
            [m.view(s) for s in seats], [m.mjai_events(s) for s in seats], m.events())


_RESTORES: List[Callable[[Match], Match]] = [
    lambda m: Match.restore(m.snapshot()),
    lambda m: Match.from_json(m.to_json()),
    lambda m: pickle.loads(pickle.dumps(m)),
]


def _walk(index: int) -> int:
    rules = RULES[index % len(RULES)]
    players = 3 if rules["preset"] == "tenhou-sanma" else 4
    ref = Match(rules, seed=index)
    chain = Match(rules, seed=index)
    rng = random.Random(index)
    decisions = 0
    while True:
        # The byte snapshot at every decision; JSON and pickle on a sample (slower).
        how = _RESTORES[0] if decisions % 16 else _RESTORES[(decisions // 16) % 3]
        chain = how(chain)
        if decisions % 4 == 0 or ref.phase in ("ended", "over"):
            assert _observe(chain, players) == _observe(ref, players), (rules, index, decisions)
        else:  # the cheap part at every decision
            assert chain.to_act() == ref.to_act() and chain.scores == ref.scores
        if ref.phase == "over":
            break
        if ref.phase == "ended":
            ref.next_hand()
            chain.next_hand()
        else:
            seat = rng.choice(ref.to_act())
            action = rng.choice(ref.legal_actions(seat))
            ref.apply(seat, action)
            chain.apply(seat, action)
        decisions += 1
    assert chain == ref and chain.result() == ref.result() is not None
    return decisions


@pytest.mark.parametrize("part", range(4))
def test_restore_at_every_decision_continues_identically(part):
    per = MATCHES // 4
    for i in range(part * per, (part + 1) * per):
        assert _walk(i) > 50


def test_seed_and_actions_reproduce_a_match():
    m = Match("tenhou", seed=77)
    rng = random.Random(3)
    while m.phase != "over":
        if m.phase == "ended":
            m.next_hand()
        else:
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal_actions(seat)))
    steps = m.to_dict()["steps"]
    again = Match("tenhou", seed=77)
    for s in steps:
        if s["type"] == "next_hand":
            again.next_hand()
        else:
            again.apply(s["seat"], {k: v for k, v in s.items() if k != "seat"})
    assert again == m and again.result() == m.result() and again.events() == m.events()


def test_a_mid_hand_pickle_keeps_the_hidden_state():
    m = Match("tenhou", seed=12)
    rng = random.Random(12)
    for _ in range(37):
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))
    assert m.phase in ("turn", "claim")
    back = pickle.loads(pickle.dumps(m))
    assert [back.hand(s) for s in range(4)] == [m.hand(s) for s in range(4)]
    assert back.events() == m.events() and back.view(2) == m.view(2)


def test_snapshots_carry_the_rules():
    rules = mf.MatchRules.preset("shiima-2026").replace(tobi=False, name="club")
    m = Match(rules, seed=4, scoring={"preset": "standard", "red_fives": False})
    back = Match.restore(m.snapshot())
    assert back.rules == rules and back.rules.name == "club"
    assert back.scoring == m.scoring and back.scoring.red_fives is False
    assert Match.from_json(m.to_json()).rules == rules


def test_a_given_wall_survives_a_snapshot():
    wall = list(range(136))
    random.Random(9).shuffle(wall)
    m = Match("tenhou", seed=4, wall=wall)
    back = Match.restore(m.snapshot())
    assert back == m and back.to_dict()["wall"] == wall and back.hand(1) == m.hand(1)


def test_damaged_or_foreign_bytes_are_refused():
    m = Match("tenhou", seed=1)
    seat = m.to_act()[0]
    m.apply(seat, m.legal_actions(seat)[0])
    data = m.snapshot()
    for bad in (data[:-1], data[:10], b"", b"MFMS", data[:6] + bytes([data[6] ^ 1]) + data[7:], b"x" * 40):
        with pytest.raises(mf.IllegalActionError, match="snapshot"):
            Match.restore(bad)
    with pytest.raises(mf.ArgumentError, match="data"):
        Match.restore("MFMS")  # type: ignore[arg-type]
    with pytest.raises(mf.ArgumentError, match="text"):
        Match.from_json(b"{}")  # type: ignore[arg-type]
    with pytest.raises(mf.MahjongError):
        Match.from_json("{")
    assert Match.restore(bytearray(data)) == m and Match.restore(memoryview(data)) == m


def test_snapshot_size_and_time_are_small():
    m = Match("tenhou", seed=5)
    rng = random.Random(5)
    sizes, t_snap, t_restore, n = [], 0.0, 0.0, 0
    while m.phase != "over":
        if m.phase == "ended":
            m.next_hand()
        else:
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal_actions(seat)))
        t0 = time.perf_counter()
        data = m.snapshot()
        t1 = time.perf_counter()
        Match.restore(data)
        t_restore += time.perf_counter() - t1
        t_snap += t1 - t0
        sizes.append(len(data))
        n += 1
    # About two bytes a step plus the rules: a whole east-south match in a few KB.
    assert max(sizes) < 4 * len(m.to_dict()["steps"]) + 200
    assert len(m.to_json()) > 5 * max(sizes)
    assert t_snap / n < 1e-3 and t_restore / n < 20e-3
