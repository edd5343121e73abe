"""TaiwanMatch: dealer rotation, 連莊 and its dealer tai, the prevailing winds, every
hand settled, serialization, and whole matches of random legal play.

``MAHJONG_FAST_LONG=1`` plays the full 1,000 random matches (seeds 0-999: 37,537
hands, 21,830 wins, 15,707 exhaustive draws, every one settled and balanced; about
three minutes of CPU); otherwise 20.
"""

import json
import os
import pickle

import pytest
from mahjong_fast import ArgumentError, IllegalActionError, InvalidHandError, MahjongError
from mahjong_fast import taiwan as tw
from mahjong_fast.taiwan.match import match_wall
from mahjong_fast.taiwan.selfplay import RandomPlayers

LONG = os.environ.get("MAHJONG_FAST_LONG") == "1"
N_MATCHES = 1000 if LONG else 20


def played(seed, rules=None, **kw):
    m = tw.TaiwanMatch(seed=seed, rules=rules)
    tw.play_random(m, seed=seed, **kw)
    return m


def check_rotation(m):
    """Each hand follows from the one before by the match's rules."""
    rules = m.rules
    first = m.hands[0]
    assert (first.number, first.dealer, first.round_wind, first.consecutive) == (0, 0, 0, 0)
    for a, b in zip(m.hands, m.hands[1:]):
        res = a.result
        keeps = res.dealer_keeps if res.outcome == "win" else rules.dealer_keeps_on_draw
        if res.outcome == "win":
            assert res.dealer_keeps == any(w.winner == a.dealer for w in res.wins)
        assert b.number == a.number + 1
        if keeps:
            assert (b.dealer, b.round_wind, b.consecutive) == (a.dealer, a.round_wind, a.consecutive + 1)
        else:
            assert b.dealer == (a.dealer + 1) % 4 and b.consecutive == 0
            assert b.round_wind == a.round_wind + (1 if b.dealer == 0 else 0)
    last = m.hands[-1]
    # The match ends when the deal leaves the North seat of the last wind.
    assert last.dealer == 3 and last.round_wind == rules.match_winds - 1
    keeps = last.result.dealer_keeps if last.result.outcome == "win" else rules.dealer_keeps_on_draw
    assert not keeps
    winds = [h.round_wind for h in m.hands]
    assert winds == sorted(winds) and set(winds) == set(range(rules.match_winds))


def check_settled(m):
    """Every hand's payments are its deltas, each balances, and the points are their sum."""
    total = [0, 0, 0, 0]
    for h in m.hands:
        res = h.result
        assert res.deltas == tw.settle(res.payments)
        assert sum(res.deltas) == 0
        if res.outcome == "win":
            assert res.wins and any(d != 0 for d in res.deltas)
        else:
            assert res.outcome == "exhaustive_draw" and res.wins == [] and res.deltas == [0, 0, 0, 0]
        total = [t + d for t, d in zip(total, res.deltas)]
    assert total == m.points and sum(m.points) == 0


def test_random_matches_play_to_their_end_settled_and_balanced():
    totals = {"hands": 0, "wins": 0, "draws": 0}
    for seed in range(N_MATCHES):
        m = played(seed)
        assert m.ended and m.round is None
        check_rotation(m)
        check_settled(m)
        totals["hands"] += len(m.hands)
        totals["wins"] += sum(h.result.outcome == "win" for h in m.hands)
        totals["draws"] += sum(h.result.outcome == "exhaustive_draw" for h in m.hands)
    # Both endings occur, and a match is at least the 16 deals of four winds.
    assert totals["wins"] > 0 and totals["draws"] > 0 and totals["hands"] >= 16 * N_MATCHES


@pytest.mark.parametrize("preset", ["seed003", "atawmj2009"])
def test_other_presets_and_short_matches(preset):
    for seed in range(4):
        m = played(seed, {"preset": preset, "match_winds": 1 + seed % 4})
        check_rotation(m)
        check_settled(m)


def test_dealer_tai_is_one_plus_two_per_deal_kept_and_one_per_deal_without_pulling():
    seen = {True: 0, False: 0}
    for pull in (1, 0):
        rules = tw.TaiwanRules(pull_per_consecutive_deal=pull)
        for seed in range(6):
            m = played(seed, rules)
            for h in m.hands:
                for w in h.result.wins:
                    for p in w.payments:
                        dealer_in = h.dealer in (p.payer, p.payee)
                        extra = (1 + (2 if pull else 1) * h.consecutive) if dealer_in else 0
                        assert p.tai == w.score.total + extra
                        assert p.amount == rules.base + p.tai * rules.per_tai
                        if dealer_in and h.consecutive:
                            seen[bool(pull)] += 1
    assert seen[True] and seen[False]  # deals were kept and paid for, both ways


def test_dealer_keeps_on_draw_or_passes_the_deal():
    for keep in (True, False):
        m = played(3, {"dealer_keeps_on_draw": keep})
        check_rotation(m)
        draws = [(a, b) for a, b in zip(m.hands, m.hands[1:]) if a.result.outcome == "exhaustive_draw"]
        assert draws
        assert all((b.dealer == a.dealer) == keep for a, b in draws)


def test_hands_are_reproducible_from_the_seed():
    a, b, c = played(9), played(9), played(10)
    assert a == b and a.to_dict() == b.to_dict()
    assert a != c
    assert match_wall(9, 0) == match_wall(9, 0) != match_wall(9, 1)
    assert sorted(match_wall(9, 0)) == sorted(tw.wall.full_set())


def test_round_trips_mid_hand_keep_the_same_future():
    m = tw.TaiwanMatch(seed=21)
    tw.play_random(m, seed=4, hands=3)  # three hands played, the third ended, not settled
    assert m.number == 2 and m.round.phase == "ended"
    m.next_hand()
    r = m.round
    for _ in range(30):  # part of the fourth hand
        if r.result is not None:
            break
        s = r.state
        if isinstance(s, tw.Claim):
            r.draw()
        elif isinstance(s, tw.Act):
            r.discard(s.seat, r.hands[s.seat][-1])
        else:
            break
    copies = [tw.TaiwanMatch.from_dict(m.to_dict()), pickle.loads(pickle.dumps(m)),
              tw.TaiwanMatch.from_dict(json.loads(m.to_json()))]
    assert all(c == m for c in copies)
    # The same players from the same point play the same hand and the same match.
    tw.play_random(m, seed=8)
    for c in copies:
        tw.play_random(c, seed=8)
        assert c == m and c.ended
    assert "TaiwanMatch(seed=21" in repr(m) and "ended" in repr(m)


def test_next_hand_refuses_and_changes_nothing():
    m = tw.TaiwanMatch(seed=2)
    before = m.to_dict()
    with pytest.raises(IllegalActionError, match="has not ended"):
        m.next_hand()
    assert m.to_dict() == before
    tw.play_random(m, seed=0)
    assert m.ended
    done = m.to_dict()
    with pytest.raises(IllegalActionError, match="ended"):
        m.next_hand()
    assert m.to_dict() == done
    tw.play_random(m, seed=0)  # nothing left to play
    assert m.to_dict() == done
    assert m.standings() == sorted(range(4), key=lambda s: (-m.points[s], s))
    s = m.summary()
    assert s["hands"] == len(m.hands) == s["wins"] + s["exhaustive_draws"]


@pytest.mark.parametrize("bad,arg", [(-1, "seed"), (2**64, "seed"), ("7", "seed"), (True, "seed")])
def test_bad_seeds_name_the_argument(bad, arg):
    with pytest.raises(ArgumentError) as e:
        tw.TaiwanMatch(seed=bad)
    assert e.value.argument == arg and "0-18446744073709551615" in str(e.value)


def test_bad_arguments_are_mahjong_errors():
    with pytest.raises(MahjongError):
        tw.TaiwanMatch(rules="nope")
    with pytest.raises(ArgumentError) as e:
        tw.play_random("match")
    assert e.value.argument == "match"
    with pytest.raises(ArgumentError) as e:
        tw.play_random(tw.TaiwanMatch(), hands=0)
    assert e.value.argument == "hands"
    with pytest.raises(ArgumentError) as e:
        RandomPlayers(greed=1.5)
    assert e.value.argument == "greed"
    with pytest.raises(ArgumentError) as e:
        tw.self_play(-1)
    assert e.value.argument == "n"
    for bad in ({}, [], {"seed": 0}, None):
        with pytest.raises(InvalidHandError):
            tw.TaiwanMatch.from_dict(bad)
    d = tw.TaiwanMatch(seed=1).to_dict()
    d["points"] = [5, 0, 0, 0]
    with pytest.raises(InvalidHandError, match="sum of the hands"):
        tw.TaiwanMatch.from_dict(d)


def test_self_play_totals():
    t = tw.self_play(4, seed=100, rules={"match_winds": 2})
    assert t["matches"] == 4 and t["points_sum"] == 0 and t["unsettled"] == 0
    assert t["hands"] == t["wins"] + t["exhaustive_draws"] >= 4 * 8
    seen = []
    tw.self_play(3, seed=0, rules={"match_winds": 1}, progress=lambda d, n: seen.append((d, n)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_seven_pairs_one_pung_in_a_round_only_where_the_rules_have_it():
    # The dealer's 17 tiles are 1133m2299p4477s11777z: 嚦咕嚦咕 at once (天胡), or nothing.
    hands = ["1133m2299p4477s1777z1z", "123456789m1234567p", "123456789s1234567s", "222333444555666z8p"]
    wall = tw.build_wall(hands)
    off = tw.TaiwanRound(wall)
    with pytest.raises(IllegalActionError):
        off.tsumo(0)
    on = tw.TaiwanRound(wall, rules={"seven_pairs_one_pung": 8})
    res = on.tsumo(0)
    keys = res.wins[0].score.keys()
    assert "seven_pairs_one_pung" in keys and "heavenly_win" in keys
