"""Match rules from Python (`MatchRules`): presets equal the core's field by field,
custom options change what the engine does, bad options name themselves, TOML round
trips, and random option dicts never crash (only `InvalidRuleError` or a rule set the
engine plays)."""

from __future__ import annotations

import doctest
import random
from typing import List

import mahjong_fast as mf
import mahjong_fast._core as core
import mahjong_fast.match_rules
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast import MatchRules
from mahjong_fast._core import EngineRules
from test_engine_rules import J0, act, build_wall

PRESETS = EngineRules.presets()


# ---- presets ----------------------------------------------------------------------


def test_python_presets_are_the_core_presets_field_by_field() -> None:
    assert list(mf.MATCH_PRESETS) == PRESETS
    for name in PRESETS:
        py = MatchRules.preset(name)
        want = EngineRules.preset(name).as_dict()
        # Same fields in the same order, and every value equal.
        assert list(py.options()) == EngineRules.fields() == list(want)
        for key, value in want.items():
            assert getattr(py, key) == value and type(getattr(py, key)) is type(value), (name, key)
        assert py.core == EngineRules.preset(name)
        assert py.scoring == (name if name != "tenhou-sanma" else "tenhou")
        assert py.name == name and py.source


def test_every_core_option_is_a_documented_attribute() -> None:
    from typing import get_type_hints

    hints = get_type_hints(MatchRules)
    for o in MatchRules.option_info():
        assert o["doc"] and o["allowed"] and o["name"] in hints, o
    assert set(EngineRules.fields()) == set(MatchRules.preset("tenhou").options()) == {k for k in hints if not k.startswith("_")}


def test_preset_aliases_and_old_names_still_work() -> None:
    assert MatchRules.preset("SHIIMA") == MatchRules.preset("shiima-2026")
    assert MatchRules.preset("tenhou_sanma").players == 3
    for name in PRESETS:
        assert core.Match(name, seed=1).phase == "turn"
        assert mf.self_play(1, seed=2, rules=name)["matches"] == 1
    with pytest.raises(mf.InvalidRuleError, match="unknown rule preset"):
        MatchRules.preset("nope")


def test_docstring_examples_run() -> None:
    result = doctest.testmod(mahjong_fast.match_rules, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for obj in (core.Match, core.final_result, core.self_play, core.EngineRules):
        tests = finder.find(obj, obj.__name__, globs={n: getattr(core, n) for n in ("Match", "final_result", "self_play")})
        assert sum(len(t.examples) for t in tests) > 0, obj
        for t in tests:
            runner.run(t)
    assert runner.summarize(verbose=False).failed == 0


# ---- custom options change behaviour ----------------------------------------------


def test_uma_and_oka_in_final_result() -> None:
    scores = [40000, 30000, 20000, 10000]
    # No rounding: points - return + uma (+ oka for first), in thousands.
    custom = {"preset": "standard", "uma": (30000, 10000, -10000, -30000), "return_points": 30000}
    assert mf.final_result(scores, custom)["results"] == [60.0, 10.0, -20.0, -50.0]
    assert mf.final_result(scores, "standard")["results"] == [15.0, 5.0, -5.0, -15.0]
    # Negative oka (return below start) is allowed and taken from first place.
    neg = MatchRules.preset("standard").replace(return_points=20000)
    assert mf.final_result(scores, neg)["results"] == [0.0, 10.0, 0.0, -10.0]
    # Ties: split shares places 1-2's uma and oka; seat order gives them in turn.
    tied = [30000, 30000, 20000, 20000]
    split = mf.final_result(tied, MatchRules.preset("tenhou").replace(tie_rule="split"))
    assert split["ranks"] == [1, 1, 3, 3] and split["results"][0] == split["results"][1]
    seat = mf.final_result(tied, "tenhou")
    assert seat["ranks"] == [1, 2, 3, 4] and seat["results"][0] > seat["results"][1]


def play_random(m: core.Match, rng: random.Random) -> List[tuple]:
    """Random legal play to the end of the match; (wind, number, scores at the hand's
    start) for every hand."""
    hands = []
    while m.phase != "over":
        hands.append((m.hand_info[0], m.hand_info[1], list(m.scores)))
        while m.phase in ("turn", "claim"):
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal_actions(seat)))
        m.next_hand()
    return hands


def test_no_tobi_plays_on_below_zero() -> None:
    # 1,000 points each: the first noten payments put players below zero.
    base = {"preset": "tenhou", "start_points": 1000, "return_points": 1000, "extension": False}
    below_and_on = 0
    for seed in range(6):
        with_tobi = play_random(core.Match({**base, "tobi": True}, seed=seed), random.Random(seed))
        # With tobi no hand starts with anyone below zero.
        assert all(min(s[:4]) >= 0 for _, _, s in with_tobi)
        without = play_random(core.Match({**base, "tobi": False}, seed=seed), random.Random(seed))
        below_and_on += sum(min(s[:4]) < 0 for _, _, s in without)
        assert len(without) >= 8  # east-south runs to its end
    assert below_and_on > 0


def test_east_only_length_in_self_play_and_matches() -> None:
    east = {"preset": "tenhou", "length": "east", "extension": False, "tobi": False}
    south = {**east, "length": "east_south"}
    n = 30
    e, s = mf.self_play(n, seed=5, rules=east), mf.self_play(n, seed=5, rules=south)
    assert e["matches"] == s["matches"] == n
    # Without tobi every match plays at least its four / eight hands.
    assert e["hands"] >= 4 * n and s["hands"] >= 8 * n and e["hands"] < s["hands"]
    hands = play_random(core.Match(east, seed=3), random.Random(3))
    assert {w for w, _, _ in hands} == {0} and len(hands) >= 4
    hands = play_random(core.Match(south, seed=3), random.Random(3))
    assert {w for w, _, _ in hands} == {0, 1}


def double_ron_match(rules, scoring=None) -> core.Match:
    # Seats 1 and 2 both wait on 3p (red fives: 0p in seat 1's hand); the dealer
    # discards 3p.
    hands = ["3p" + J0, "123m456m789m11z40p", "123s456s789s22z45p", "17p9p46m6s7s12z3z" + "8p8s"]
    m = core.Match(rules, wall=build_wall(hands, draws=["6z"]), scoring=scoring)
    act(m, 0, "discard", "3p")
    for s in m.to_act():
        m.apply(s, {"type": "ron"} if s in (1, 2) else {"type": "pass"})
    return m


def test_head_bump_or_double_ron_from_a_dict() -> None:
    bump = double_ron_match({"preset": "tenhou", "multi_ron": "head_bump"})
    assert [e["seat"] for e in bump.events() if e["type"] == "win"] == [1]
    assert bump.scores[2] == 25000
    assert bump.rules == MatchRules.preset("tenhou").replace(multi_ron="head_bump")
    assert bump.scoring == mf.RuleSet.preset("tenhou")
    double = double_ron_match(MatchRules.preset("tenhou"))
    assert [e["seat"] for e in double.events() if e["type"] == "win"] == [1, 2]
    assert double.scores[2] > 25000
    assert sum(bump.scores) == sum(double.scores) == 100000


def test_scoring_rules_are_separate_from_match_rules() -> None:
    # Seat 1's hand holds a red 5p: with red fives off it is worth less.
    red = double_ron_match("tenhou")
    plain = double_ron_match("tenhou", scoring={"preset": "tenhou", "red_fives": False})
    assert plain.scores[1] < red.scores[1]
    assert plain.scores[2] == red.scores[2]
    plain2 = double_ron_match("tenhou", scoring=mf.RuleSet.preset("tenhou").replace(red_fives=False))
    assert plain2.scores == plain.scores and plain2.scoring.red_fives is False and plain2.rules.name == "tenhou"


def test_penalties_time_limit_and_kuikae_from_options() -> None:
    # Chombo as points paid to each other player; the hand is voided.
    m = core.Match({"preset": "tenhou", "chombo": 8000}, seed=1)
    m.penalty(1, "chombo")
    assert m.scores == [33000, 1000, 33000, 33000]
    m = core.Match({"preset": "tenhou", "chombo": "mangan"}, seed=1)
    m.penalty(1, "chombo")  # a non-dealer pays 4,000 to the dealer, 2,000 to each other
    assert m.scores == [29000, 17000, 27000, 27000]
    m = core.Match({"preset": "tenhou", "wrong_call_each": 300}, seed=1)
    m.penalty(2, "wrong_call")
    assert m.scores == [25300, 25300, 24100, 25300]
    # A time limit on another preset.
    m = core.Match({"preset": "tenhou", "time_limit_minutes": 30}, seed=1)
    assert m.elapsed(29) is False and m.elapsed(30) is True
    with pytest.raises(mf.InvalidRuleError):
        core.Match("tenhou", seed=1).time_up()
    # Kuikae allowed: after 1p called with 2p3p both 1p and 4p may be discarded.
    hands = ["1p" + J0, "1234p258m258s567z", "369m369s2345z", "17p9p46m2s3s6s7s12z"]
    for option, banned in (("allowed", set()), ("same_kind", {"1p"}), ("same_kind_and_suji", {"1p", "4p"})):
        m = core.Match({"preset": "tenhou", "kuikae": option}, wall=build_wall(hands, draws=["7z"]))
        act(m, 0, "discard", "1p")
        act(m, 1, "chi")
        discards = {mf.to_mpsz([a["tile"]]) for a in m.legal_actions(1) if a["type"] == "discard"}
        assert {"1p", "4p"} - discards == banned, option


# ---- validation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "options, option",
    [
        ({"players": 2}, "players"),
        ({"players": "4"}, "players"),
        ({"start_points": -1}, "start_points"),
        ({"start_points": 0}, "start_points"),
        ({"uma": (20000, 10000, -10000, -10000)}, "uma"),
        ({"uma": (1, 2, 3)}, "uma"),
        ({"uma": "1234"}, "uma"),
        ({"preset": "tenhou-sanma", "uma": (20000, 0, -20000, 5)}, "uma"),
        ({"preset": "tenhou-sanma", "abort_four_winds": True}, "abort_four_winds"),
        ({"preset": "tenhou-sanma", "abort_four_riichi": True}, "abort_four_riichi"),
        ({"length": "south"}, "length"),
        ({"multi_ron": "double"}, "multi_ron"),
        ({"kan_dora_open": 1}, "kan_dora_open"),
        ({"tie_rule": None}, "tie_rule"),
        ({"result_rounding": "up"}, "result_rounding"),
        ({"kuikae": True}, "kuikae"),
        ({"tobi": 1}, "tobi"),
        ({"chi": "yes"}, "chi"),
        ({"honba_ron": 200}, "honba_ron"),
        ({"noten_total": 1000}, "noten_total"),
        ({"riichi_min_wall": 71}, "riichi_min_wall"),
        ({"riichi_min_wall": -1}, "riichi_min_wall"),
        ({"riichi_stick": 10**12}, "riichi_stick"),
        ({"chombo": 0}, "chombo"),
        ({"chombo": "double"}, "chombo"),
        ({"time_limit_minutes": 0}, "time_limit_minutes"),
        ({"time_limit_minutes": 1.5}, "time_limit_minutes"),
        ({"wrong_call_each": -1000}, "wrong_call_each"),
        ({"scoring": "nope"}, "scoring"),
        ({"nonsense": 1}, "nonsense"),
        ({"preset": 3}, "preset"),
    ],
)
def test_bad_options_name_themselves(options: dict, option: str) -> None:
    with pytest.raises(mf.InvalidRuleError, match=option):
        MatchRules.from_dict(options)
    with pytest.raises(mf.InvalidRuleError, match=option):
        core.Match(options)
    with pytest.raises(mf.InvalidRuleError, match=option):
        mf.final_result([25000] * 4, options)


def test_accepted_unusual_rules() -> None:
    # Some tables play these: negative oka, chi at three players, riichi anywhere.
    assert MatchRules.preset("tenhou").replace(return_points=20000).return_points == 20000
    assert MatchRules.preset("tenhou-sanma").replace(chi=True).chi is True
    assert MatchRules.from_dict({"preset": "tenhou-sanma", "riichi_min_wall": 55}).riichi_min_wall == 55
    with pytest.raises(mf.InvalidRuleError, match="riichi_min_wall"):
        MatchRules.from_dict({"preset": "tenhou-sanma", "riichi_min_wall": 56})
    assert mf.self_play(3, seed=1, rules={"preset": "tenhou-sanma", "chi": True})["matches"] == 3


def test_bad_arguments_to_the_engine() -> None:
    with pytest.raises(mf.InvalidRuleError, match="rules = 5"):
        core.Match(5)
    with pytest.raises(mf.InvalidRuleError, match="min_han"):
        mf.self_play(1, scoring={"min_han": 0})
    with pytest.raises(mf.InvalidRuleError, match="unknown rule preset"):
        core.Match("tenhou", scoring="nope")


# ---- files and dicts ----------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_toml_and_dict_round_trip(tmp_path, name: str) -> None:
    rules = MatchRules.preset(name)
    custom = rules.replace(name="club", uma=(15000, 5000, -5000, -15000) if rules.players == 4 else (15000, 0, -15000, 0), time_limit_minutes=45, chombo="mangan")
    for r in (rules, custom):
        path = tmp_path / f"{r.name}.toml"
        path.write_text(r.to_toml())
        assert MatchRules.from_toml(path) == r
        assert MatchRules.from_dict(r.to_dict()) == r
        assert core.Match(str(path), seed=1).phase == "turn"


def test_rule_sets_pickle_and_copy() -> None:
    import copy
    import pickle

    import numpy as np

    r = MatchRules.preset("shiima-2026").replace(uma=np.array([20000, 10000, -10000, -20000]))
    assert r.uma == (20000, 10000, -10000, -20000) and type(r.uma[0]) is int
    for obj in (r, mf.RuleSet.preset("tenhou").replace(kiriage_mangan=True)):
        for back in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj), copy.copy(obj)):
            assert back == obj and back.core == obj.core


def test_toml_table_and_errors(tmp_path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('[match]\npreset = "shiima-2025"\numa = [20000, 10000, -10000, -20000]\ntime_limit_minutes = "none"\n')
    r = MatchRules.from_toml(path)
    assert r.uma == (20000, 10000, -10000, -20000) and r.time_limit_minutes is None and r.scoring == "shiima-2025"
    assert mf.final_result([40000, 30000, 20000, 10000], path)["results"] == [50.0, 10.0, -20.0, -40.0]
    path.write_text('players = 5\n')
    with pytest.raises(mf.InvalidRuleError, match=r"club\.toml: players"):
        MatchRules.from_toml(path)
    path.write_text('players = \n')
    with pytest.raises(mf.InvalidRuleError, match="not valid TOML"):
        MatchRules.from_toml(path)


# ---- fuzz -----------------------------------------------------------------------------

_NAMES = ["east", "east_south", "head_bump", "double_triple_draw", "all", "immediate", "after_discard", "seat_order", "split", "none", "points_half_away", "five_down_six_up", "allowed", "same_kind", "same_kind_and_suji", "mangan"]
_values = st.one_of(
    st.booleans(),
    st.integers(-(10**7), 10**7),
    st.sampled_from([0, 3, 4, 6, 50, 100, 300, 1000, 3000, 25000, 30000]),
    st.integers(),
    st.sampled_from(_NAMES),
    st.text(max_size=6),
    st.none(),
    st.floats(allow_nan=True),
    st.lists(st.integers(-40000, 40000), max_size=5),
    st.tuples(*[st.sampled_from([-20000, -10000, 0, 10000, 20000])] * 4),
)
_keys = st.sampled_from(EngineRules.fields() + ["preset", "name", "scoring", "source", "bogus"])


def _zero_sum_uma(draw_values: List[int]) -> tuple:
    a, b, c = draw_values
    return (a, b, c, -(a + b + c))


def _plausible(key: str):
    """Values a user might write for `key` (mostly valid, some out of range)."""
    default = getattr(MatchRules.preset("tenhou"), key)
    if key == "uma":
        return st.lists(st.sampled_from([-30000, -10000, -5000, 0, 5000, 10000, 30000]), min_size=3, max_size=3).map(_zero_sum_uma)
    if key == "players":
        return st.sampled_from([3, 4, 4, 2])
    if key == "chombo":
        return st.one_of(st.sampled_from(["none", "mangan"]), st.integers(-1000, 20000))
    if key == "time_limit_minutes":
        return st.one_of(st.none(), st.integers(-5, 200))
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, int):
        return st.one_of(st.sampled_from([0, 2, 3, 6, 60, 300, 1000, 3000, 30000]), st.integers(-100, 100_000))
    names = {
        "length": ["east", "east_south"],
        "multi_ron": ["head_bump", "double_triple_draw", "all"],
        "kan_dora_open": ["immediate", "after_discard"],
        "tie_rule": ["seat_order", "split"],
        "result_rounding": ["none", "points_half_away", "five_down_six_up"],
        "kuikae": ["allowed", "same_kind", "same_kind_and_suji"],
        "scoring": list(mf.PRESETS),
    }
    return st.sampled_from(names.get(key, ["x"]))


_options = st.lists(st.sampled_from(EngineRules.fields()), max_size=12, unique=True).flatmap(
    lambda keys: st.fixed_dictionaries({k: _plausible(k) for k in keys})
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_options, st.sampled_from(PRESETS))
def test_plausible_option_dicts_play_or_name_the_bad_option(options: dict, preset: str) -> None:
    options["preset"] = preset
    try:
        r = MatchRules.from_dict(options)
    except mf.InvalidRuleError as e:
        assert any(k in str(e) for k in options), str(e)
        return
    assert r.core.as_dict() == r.options()
    stats = mf.self_play(2, seed=11, rules=r)
    assert stats["matches"] == 2 and stats["hands"] >= 2
    m = core.Match(r, seed=3)
    hands = play_random(m, random.Random(3))
    # Points are conserved over every hand (leftover sticks aside), and the
    # final ranking covers exactly the seated players.
    for _, _, scores in hands:
        assert sum(scores) <= r.players * r.start_points
    result = m.result()
    assert result is not None and sorted(result["ranks"][: r.players])[0] == 1
    # Final results of conserved points add up to zero under any valid rules (uma
    # sums to zero, oka is what the others return), empty seat included.
    rng = random.Random(str(options))
    for _ in range(5):
        moves = [rng.choice([-12300, -8000, -1000, 0, 2000, 7700, 12000]) for _ in range(r.players - 1)]
        scores = [r.start_points + d for d in moves] + [r.start_points - sum(moves)] + [0] * (4 - r.players)
        if r.players == 3:
            scores[3] = 0
        got = mf.final_result(scores, r)["results"]
        assert abs(sum(got)) < 1e-6, (scores, got)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_keys, _values, max_size=6), st.sampled_from(PRESETS))
def test_random_option_dicts_never_crash(options: dict, preset: str) -> None:
    options.setdefault("preset", preset)
    try:
        r = MatchRules.from_dict(options)
    except mf.InvalidRuleError:
        return
    # A rule set that validates is exactly the core's view of it, and plays.
    assert r.core.as_dict() == r.options()
    assert MatchRules.from_dict(r.to_dict()) == r
    assert mf.self_play(1, seed=7, rules=r)["matches"] == 1
    res = mf.final_result([r.start_points] * 4, r)
    assert len(res["results"]) == 4
