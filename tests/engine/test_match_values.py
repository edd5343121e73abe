"""A Match travels: pickling and to_dict / from_dict restore an identical match (the
same legal actions now, and the same future under the same actions, walls of the later
hands included); the repr is readable; event and action dicts have their declared keys."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any, List, get_type_hints

import mahjong_fast as mf
import pytest
from mahjong_fast import results
from mahjong_fast.engine import Match


def _observe(m: Match) -> Any:
    """Everything a player can see of a match."""
    seats = range(4)
    return (m.phase, m.to_act(), m.scores, m.hand_info, [m.hand(s) for s in seats],
            [m.legal_actions(s) for s in seats], m.events(), m.result(), m.time_is_up)


def _advance(m: Match, rng: random.Random, steps: int) -> List[Any]:
    """Play `steps` random legal steps (next_hand between hands); the seen states."""
    seen = []
    for _ in range(steps):
        if m.phase == "over":
            break
        if m.phase == "ended":
            m.next_hand()
        else:
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal_actions(seat)))
        seen.append(_observe(m))
    return seen


@pytest.mark.parametrize("preset,seed", [("tenhou", 3), ("shiima-2026", 11), ("tenhou-sanma", 5)])
def test_a_pickled_match_has_the_same_present_and_future(preset, seed):
    m = Match({"preset": preset, "length": "east"}, seed=seed)
    rng = random.Random(seed)
    for stop in (0, 7, 150, 400):
        _advance(m, rng, stop)
        for copy in (pickle.loads(pickle.dumps(m)), Match.from_dict(json.loads(json.dumps(m.to_dict())))):
            assert copy == m and _observe(copy) == _observe(m)
            fork = random.getstate()
            a, b = random.Random(stop), random.Random(stop)
            # the same actions from here give the same states, across later deals too
            assert _advance(copy, a, 300) == _advance(pickle.loads(pickle.dumps(m)), b, 300)
            random.setstate(fork)
    assert m.to_dict()["steps"], "the match was played"


def test_a_match_from_a_given_wall_keeps_it():
    wall = list(range(136))
    random.Random(9).shuffle(wall)
    m = Match("tenhou", seed=4, wall=wall)
    _advance(m, random.Random(1), 60)
    d = m.to_dict()
    assert d["wall"] == wall and d["seed"] == 4
    back = pickle.loads(pickle.dumps(m))
    assert back == m and _observe(back) == _observe(m)


def test_refused_steps_are_not_recorded_and_time_reports_are():
    m = Match("shiima-2026", seed=2)
    seat = m.to_act()[0]
    with pytest.raises(mf.IllegalActionError):
        m.apply(seat, {"type": "ron"})
    with pytest.raises(mf.IllegalActionError):
        m.next_hand()
    assert m.to_dict()["steps"] == []
    m.elapsed(20)
    m.penalty(1, "wrong_call")
    back = pickle.loads(pickle.dumps(m))
    assert [s["type"] for s in back.to_dict()["steps"]] == ["elapsed", "penalty"]
    assert back.scores == m.scores and back.scores != [25000] * 4
    m.time_up()
    assert pickle.loads(pickle.dumps(m)).time_is_up


def test_different_histories_are_unequal():
    a, b = Match("tenhou", seed=1), Match("tenhou", seed=1)
    assert a == b and a != Match("tenhou", seed=2) and a != Match("tenhou", seed=1, scoring="standard")
    seat = a.to_act()[0]
    a.apply(seat, a.legal_actions(seat)[0])
    assert a != b


def test_from_dict_refuses_a_bad_journal():
    d = Match("tenhou", seed=1).to_dict()
    with pytest.raises(mf.IllegalActionError, match="step 0"):
        Match.from_dict(dict(d, steps=[{"type": "tsumo", "seat": 2}]))
    with pytest.raises(mf.IllegalActionError, match="seed"):
        Match.from_dict(dict(d, seed=-1))
    with pytest.raises(mf.MahjongError):
        Match.from_dict(dict(d, wall=[0] * 136))


def test_repr_says_where_the_match_stands():
    m = Match("tenhou", seed=1)
    assert repr(m) == "Match('tenhou', East 1 honba 0, turn (seat 0 to act), scores [25000, 25000, 25000, 25000], 0 steps)"


_EVENT_TYPES = {
    "round_start": results.RoundStartEvent, "draw": results.DrawEvent, "discard": results.DiscardEvent,
    "riichi": results.SeatEvent, "riichi_stick": results.SeatEvent, "call": results.CallEvent,
    "nuki": results.NukiEvent, "dora": results.DoraEvent, "win": results.WinEvent,
    "ryuukyoku": results.RyuukyokuEvent, "game_end": results.GameEndEvent,
}


def test_events_and_actions_have_their_declared_keys():
    seen = set()
    for preset, seed in [("tenhou", s) for s in range(6)] + [("tenhou-sanma", 1), ("shiima-2026", 2)]:
        m = Match({"preset": preset, "length": "east"}, seed=seed)
        rng = random.Random(seed)
        while m.phase != "over":
            for e in m.events():
                assert set(e) == set(get_type_hints(_EVENT_TYPES[e["type"]])), e["type"]
                seen.add(e["type"])
            if m.phase == "ended":
                m.next_hand()
                continue
            seat = m.to_act()[0]
            acts = m.legal_actions(seat)
            for a in acts:
                assert set(a) <= set(get_type_hints(results.Action)) and {"type", "seat"} <= set(a)
            wins = [a for a in acts if a["type"] in ("tsumo", "ron")]
            m.apply(seat, wins[0] if wins else rng.choice(acts))
        assert set(m.result()) == set(get_type_hints(results.MatchResult))
    assert {"round_start", "draw", "discard", "call", "ryuukyoku", "dora"} <= seen
