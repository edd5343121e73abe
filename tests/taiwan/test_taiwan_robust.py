"""Issue 13's Taiwan reproducers and a hunt for more of their kind: every bad input to
a public entry point of mahjong_fast.taiwan ends as a MahjongError subclass with a
message naming the argument, and a refused TaiwanRound action changes nothing."""

import pickle

import mahjong_fast as mf
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import taiwan as tw
from taiwan_helpers import demo_round

PINGHU = "123m456m789m234p567p55s"


# --- the reproducers of the issue, as written -------------------------------------


def test_negative_consecutive_is_a_mahjong_error():
    with pytest.raises(mf.ArgumentError, match="consecutive = -1: expected an integer 0-65535"):
        tw.score(PINGHU, win_tile="7p", consecutive=-1)


def test_a_dict_hand_is_a_mahjong_error():
    with pytest.raises(mf.InvalidHandError, match="hand dict"):
        tw.score({1: 1, 5: 5})


def test_concealed_kong_of_nothing_is_refused_and_changes_nothing():
    r = demo_round("kong")
    r.discard(0, "8p")
    r.draw()
    before = r.to_dict()
    with pytest.raises(mf.IllegalActionError, match="exactly one tile"):
        r.concealed_kong(1, "")
    assert r.to_dict() == before


# --- more of the same kind ------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda: tw.score(PINGHU, win_tile="7p", consecutive=2**70),
    lambda: tw.score(PINGHU, win_tile="7p", consecutive="2"),
    lambda: tw.score(PINGHU, win_tile=2**64),
    lambda: tw.score(PINGHU, win_tile=[1]),
    lambda: tw.score(PINGHU, win_tile="春"),
    lambda: tw.score(PINGHU, win_tile="7p", self_draw=np.array([1, 2])),
    lambda: tw.score(PINGHU, win_tile="7p", self_draw="yes"),
    lambda: tw.score(PINGHU, win_tile="7p", replacement=5),
    lambda: tw.score(PINGHU, win_tile="7p", replacement="kong"),
    lambda: tw.score(PINGHU, win_tile="7p", melds=5),
    lambda: tw.score(PINGHU, win_tile="7p", flowers=np.int64(3)),
    lambda: tw.score(PINGHU, win_tile="7p", flowers=3.5),
    lambda: tw.score(PINGHU, win_tile="7p", seat_wind=[0]),
    lambda: tw.score(PINGHU, win_tile="7p", rules=5),
    lambda: tw.score(PINGHU, win_tile="7p", rules={5: 1}),
    lambda: tw.score(PINGHU, win_tile="7p", rules={"no_such_rule": 1}),
    lambda: tw.score(PINGHU, win_tile="7p", rules={"flower_set": -1}),
    lambda: tw.score(PINGHU, win_tile="7p", rules="no_such_preset"),
    lambda: tw.score(PINGHU, win_tile="7p", rules="missing.toml"),
    lambda: tw.score([0, 4, 2**40]),
    lambda: tw.score(b"123m"),
    lambda: tw.score(5),
    lambda: tw.flower_win_score(5),
    lambda: tw.flower_win_score("seven_rob_one", consecutive=-1),
    lambda: tw.waits(5),
    lambda: tw.waits({1: 2}),
    lambda: tw.shanten([0, 4, -1]),
    lambda: tw.shanten("123m"),
    lambda: tw.wins_to_columns([{"hand": PINGHU, "win_tile": "7p", "consecutive": "x"}]),
    lambda: tw.wins_to_columns([{"hand": PINGHU, "win_tile": "7p", "consecutive": -1}]),
    lambda: tw.wins_to_columns([{"hand": PINGHU, "win_tile": [7]}]),
    lambda: tw.wins_to_columns([{"hand": PINGHU, "self_draw": "maybe"}]),
    lambda: tw.wins_to_columns([{"hand": PINGHU, "melds": 7}]),
    lambda: tw.score_batch({"concealed": np.full((1, 34), 300), "win_tile": [0]}),
    lambda: tw.score_batch({"concealed": np.zeros((1, 34), np.int64) - 1, "win_tile": [0]}),
    lambda: tw.score_batch({"concealed": [["a"] * 34], "win_tile": [0]}),
    lambda: tw.score_batch({"concealed": np.zeros((1, 34), np.uint8), "win_tile": [0]}, threads=0),
    lambda: tw.score_batch({"concealed": np.zeros((1, 34), np.uint8), "win_tile": [0], "meld_kind": np.zeros(10, np.int32)}),
    lambda: tw.score_batch({"concealed": np.zeros((1, 34), np.uint8), "win_tile": [0], "consecutive": [2**40]}),
    lambda: tw.score_batch(5),
    lambda: tw.sample_winning_hands(-1),
    lambda: tw.sample_winning_hands(2**40),
    lambda: tw.win_payments(1, -1, dealer_seat=0),
    lambda: tw.win_payments(1, 2**40, dealer_seat=0),
    lambda: tw.win_payments(1, 1, dealer_seat=0, consecutive=-1),
    lambda: tw.win_payments(1, 1, dealer_seat=0, discarder=True),
    lambda: tw.win_payments(1, 1, dealer_seat=0, rules="nope"),
    lambda: tw.settle([tw.Payment(7, 0, 1, 120, "")]),
    lambda: tw.settle([1]),
    lambda: tw.settle(5),
    lambda: tw.flower_names(-1),
    lambda: tw.flower_names("x"),
    lambda: tw.parse_flowers(2**70),
    lambda: tw.parse_wind(None),
    lambda: tw.build_wall(5),
    lambda: tw.build_wall(["", "", "", ""], dealer=7),
    lambda: tw.build_wall([1, 2, 3, 4]),
    lambda: tw.build_wall(["123m"] * 4, seed="x"),
    lambda: tw.TaiwanRound(5),
    lambda: tw.TaiwanRound([1, 2, 3]),
    lambda: tw.TaiwanRound(tw.build_wall(_hands()), dealer=-1),
    lambda: tw.TaiwanRound(tw.build_wall(_hands()), consecutive=-1),
    lambda: tw.TaiwanRound(tw.build_wall(_hands()), rules=[1]),
    lambda: tw.TaiwanRules().dealer_tai(-1),
    lambda: tw.TaiwanRules().points(-1),
    lambda: tw.TaiwanRound.from_dict({"wall": 1}),
    lambda: tw.TaiwanScore.from_dict({"patterns": [{"x": 1}]}),
])
def test_bad_input_is_a_mahjong_error(call):
    with pytest.raises(mf.MahjongError) as e:
        call()
    assert str(e.value)


def _hands():
    n = ["1289m129p19s1234567z", "1389m139p19s1234567z", "1479m147p19s1234567z"]
    return [n[0] + "8p", "234m567m345p678p23s55s", n[1], n[2]]


def test_the_messages_name_the_argument_and_the_range():
    with pytest.raises(mf.ArgumentError, match=r"^tai = -1: expected an integer 0-4294967295$"):
        tw.win_payments(1, -1, dealer_seat=0)
    with pytest.raises(mf.ArgumentError, match=r"^winner = 4: expected an integer 0-3$"):
        tw.win_payments(4, 1, dealer_seat=0)
    with pytest.raises(mf.ArgumentError, match=r"column 'concealed': value 256 does not fit uint8 \(0-255\)"):
        tw.score_batch({"concealed": np.full((1, 34), 256, np.int64), "win_tile": [0]})


# --- rules= as riichi takes it --------------------------------------------------------


def test_rules_accept_a_preset_name_object_dict_or_toml_path(tmp_path):
    want = tw.score("234m567m345p678p234s55s", win_tile="4s", self_draw=True, flowers="春", seat_wind="S",
                    rules=tw.TaiwanRules.preset("seed003", flower_set=1))
    p = tmp_path / "t.toml"
    p.write_text('[taiwan]\npreset = "seed003"\nflower_set = 1\n', encoding="utf-8")
    for rules in ({"preset": "seed003", "flower_set": 1}, str(p), p):
        got = tw.score("234m567m345p678p234s55s", win_tile="4s", self_draw=True, flowers="春", seat_wind="S", rules=rules)
        assert got == want and got.tai_of("seat_flower") == 1  # 春 is the round's (East) flower under seed003
    assert tw.score(PINGHU, win_tile="7p", rules="seed003") == tw.score(PINGHU, win_tile="7p",
                                                                        rules=tw.TaiwanRules.preset("seed003"))
    r = tw.score_batch([{"hand": PINGHU, "win_tile": "7p"}], rules={"all_chows": 5})
    assert r["tai"].tolist() == [6]
    r = tw.TaiwanRound(tw.build_wall(_hands()), rules="seed003")
    assert r.rules == tw.TaiwanRules.preset("seed003")


# --- payments are the core's ----------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 3), st.integers(0, 300), st.integers(0, 3), st.integers(0, 40), st.one_of(st.none(), st.integers(0, 3)),
       st.integers(0, 10), st.integers(0, 1000), st.integers(1, 500))
def test_payments_follow_the_written_rule(winner, tai, dealer, consecutive, discarder, cap, base, per_tai):
    rules = tw.TaiwanRules(consecutive_cap=cap, base=base, per_tai=per_tai)
    if discarder == winner:
        with pytest.raises(mf.InvalidHandError):
            tw.win_payments(winner, tai, dealer, consecutive, rules, discarder)
        return
    pays = tw.win_payments(winner, tai, dealer, consecutive, rules, discarder)
    # shared/rules/taiwan.md: 莊家 1 + 2 per kept deal (capped), only where the dealer takes part.
    dealer_tai = 1 + 2 * (min(consecutive, cap) if cap else consecutive)
    payers = [discarder] if discarder is not None else [(winner + k) % 4 for k in (1, 2, 3)]
    assert [p.payer for p in pays] == payers
    for p in pays:
        t = tai + (dealer_tai if dealer in (p.payer, winner) else 0)
        assert (p.payee, p.tai, p.amount) == (winner, t, base + t * per_tai)
    assert sum(tw.settle(pays)) == 0
    assert rules.dealer_tai(consecutive) == dealer_tai and rules.points(tai) == base + tai * per_tai


# --- typed values ------------------------------------------------------------------------


def test_score_round_trips_pickles_and_reads():
    s = tw.score("111z222z555z123m456m77p", win_tile="7p", seat_wind="S", melds=None, flowers="春夏")
    d = s.to_dict()
    import json

    assert json.loads(json.dumps(d, ensure_ascii=False)) == d
    assert tw.TaiwanScore.from_dict(d) == s and pickle.loads(pickle.dumps(s)) == s
    assert repr(s).startswith("TaiwanScore(total=") and "三暗刻 2" in repr(s)


def _play_to_end(r):
    while r.phase != "ended":
        if r.phase == "act":
            try:
                r.tsumo(r.turn)
                break
            except mf.IllegalActionError:
                r.discard(r.turn, r.hands[r.turn][-1])
        elif r.phase == "claim":
            r.draw()
        elif r.phase == "steal":
            r.declare_flower_win(r.flower_win_chance()[0])
        elif r.phase == "rob":
            r.proceed()


@pytest.mark.parametrize("variant", ["tsumo", "ron", "seven", "steal", "pung", "kong", "exposed_kong"])
def test_rounds_pickle_round_trip_and_compare_equal_in_every_phase(variant):
    import json

    r = demo_round(variant)
    seen = set()
    while True:
        seen.add(r.phase)
        d = r.to_dict()
        assert json.loads(json.dumps(d, ensure_ascii=False)) == d
        copy = tw.TaiwanRound.from_dict(d)
        assert copy == r and pickle.loads(pickle.dumps(r)) == r and copy.state == r.state
        if r.phase == "ended":
            break
        # One step of play, the same on the copy: both stay equal.
        for x in (r, copy):
            if x.phase == "act":
                x.discard(x.turn, x.hands[x.turn][-1]) if x.flower_win_chance() is None else x.declare_flower_win(x.turn)
            elif x.phase == "claim":
                x.draw()
            elif x.phase == "steal":
                x.decline(x.flower_win_chance()[0])
            else:
                x.proceed()
        assert copy == r
    assert r.result is not None and tw.RoundResult.from_dict(r.result.to_dict()) == r.result
    assert "ended" in seen and "TaiwanRound(Ended(" in repr(r)


def test_state_is_a_phase_carrying_its_data():
    r = demo_round("steal")
    assert isinstance(r.state, tw.Steal) and (r.state.thief, r.state.exposer) == (1, 2)
    r = demo_round("ron")
    r.discard(0, "4s")
    assert r.state == tw.Claim("4s", 0, frozenset(), False, True, True)
    r.decline(2)
    assert r.state.declined == {2}


# --- hypothesis: any action with any argument, on rounds in any phase --------------------

_ARITY = {"discard": 2, "draw": 0, "decline": 1, "tsumo": 1, "ron": 1, "declare_flower_win": 1, "pung": 1, "chow": 2,
          "exposed_kong": 1, "concealed_kong": 2, "added_kong": 2, "proceed": 0}
_ARG = st.one_of(st.integers(-2, 5), st.sampled_from(["", "5m", "4s", "6m", "5p", "23s", "春", "1z", "xx", "0m"]),
                 st.none(), st.just(2**64), st.just(True), st.lists(st.integers(0, 3), max_size=2))
_CALL = st.sampled_from(sorted(_ARITY)).flatmap(lambda n: st.tuples(st.just(n), st.lists(_ARG, min_size=_ARITY[n],
                                                                                          max_size=_ARITY[n])))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["tsumo", "ron", "seven", "steal", "pung", "kong", "exposed_kong"]),
       st.lists(_CALL, min_size=1, max_size=25))
def test_refused_actions_change_nothing(variant, actions):
    r = demo_round(variant)
    for name, args in actions:
        before = r.to_dict()
        try:
            getattr(r, name)(*args)
        except mf.MahjongError as e:
            assert str(e)
            assert r.to_dict() == before, f"{name}{tuple(args)} failed but changed the round"
        if r.phase == "ended":
            break
