"""Round engine scenarios per rule area, on walls arranged by hand: calls and their
priority, illegal actions, furiten kinds, kan dora timing per preset, abortive draws,
multiple ron vs head bump, renchan and honba, final ranking with uma/oka/ties.

Walls use the engine's layout: seat s is dealt ids [13s, 13s+13), live draws start
at 52, replacement tiles at 122, the first dora indicator at 126.
"""

from __future__ import annotations

from typing import Dict, List, Sequence

import mahjong_fast as mf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast.engine import Match, final_result


def build_wall(hands: Sequence[str], draws: Sequence[str] = (), dora: str = "9s", rinshan: Sequence[str] = ()) -> List[int]:
    """136 ids: the given hands, live draws in order, replacement tiles, dora."""
    free: Dict[int, List[int]] = {k: [k * 4 + c for c in range(4)] for k in range(34)}

    def take(text: str) -> List[int]:
        out = []
        for t in mf.parse_tiles(text):
            ids = free[t.kind]
            red = [i for i in ids if i in (16, 52, 88)]
            plain = [i for i in ids if i not in (16, 52, 88)]
            pick = red[0] if t.red else (plain[0] if plain else None)
            assert pick is not None, f"no copy of {t} left"
            ids.remove(pick)
            out.append(pick)
        return out

    order: List[int] = [-1] * 136
    for s, h in enumerate(hands):
        ids = take(h)
        # Pad short hands with lone honors (and then terminals) they do not hold:
        # single tiles of kinds absent from the hand cannot form sets.
        held = {mf.parse_tiles(kind(i))[0].kind for i in ids}
        for k in [33, 32, 31, 30, 29, 28, 8, 17, 26, 0, 9, 18]:
            if len(ids) >= 13:
                break
            if k not in held and free[k]:
                ids.append(free[k].pop(0))
                held.add(k)
        assert len(ids) == 13, h
        order[13 * s : 13 * s + 13] = ids
    for i, t in enumerate(take("".join(draws)) if draws else []):
        order[52 + i] = t
    for i, t in enumerate(take("".join(rinshan)) if rinshan else []):
        order[122 + i] = t
    order[126] = take(dora)[0]
    rest = sorted(i for ids in free.values() for i in ids)
    for i in range(136):
        if order[i] == -1:
            order[i] = rest.pop(0)
    return order


def kind(tile_id: int) -> str:
    return mf.to_mpsz([tile_id]).replace("0", "5")


def act(m: Match, seat: int, typ: str, tile: str = "") -> None:
    """Apply the first legal action of `typ` (on a tile of kind `tile` if given)."""
    for a in m.legal_actions(seat):
        if a["type"] == typ and (not tile or kind(a.get("tile", a.get("tiles", [0])[0])) == tile):
            m.apply(seat, a)
            return
    raise AssertionError(f"seat {seat} has no {typ} {tile}: {m.legal_actions(seat)}")


def types(m: Match, seat: int) -> set:
    return {a["type"] for a in m.legal_actions(seat)}


# Junk 12-tile fillers that make no sets with each other.
J0 = "147m147s28p1234z"
J1 = "258m258s9p1567z"
J2 = "369m369s2345z"
J3 = "17p9p46m2s3s6s7s12z"


def test_pon_beats_chi_and_kuikae_is_banned() -> None:
    hands = ["3p" + J0, "45p258m258s9p567z", "33p369m369s2345z", "17p9p46m23s67s12z6z"]
    m = Match("tenhou", wall=build_wall(hands, draws=["7z"]))
    act(m, 0, "discard", "3p")
    assert m.phase == "claim"
    assert set(m.to_act()) == {1, 2}
    assert "chi" in types(m, 1) and "pon" in types(m, 2)
    act(m, 1, "chi")
    act(m, 2, "pon")
    calls = [e for e in m.events() if e["type"] == "call"]
    assert [(c["seat"], c["kind"]) for c in calls] == [(2, "pon")]
    assert m.phase == "turn" and m.to_act() == [2]
    # After a pon of 3p the same kind may not be discarded at once (kuikae).
    assert all(kind(a["tile"]) != "3p" for a in m.legal_actions(2))


@pytest.mark.parametrize("preset", ["tenhou", "standard", "shiima-2026"])
def test_chi_bans_the_called_kind_and_its_suji(preset: str) -> None:
    # 1p called with 2p3p: neither 1p nor 4p (the far end of 1-2-3-4) may follow.
    hands = ["1p" + J0, "234p258m258s9p567z", J2, J3]
    m = Match(preset, wall=build_wall(hands, draws=["7z"]))
    act(m, 0, "discard", "1p")
    act(m, 1, "chi")
    discards = {kind(a["tile"]) for a in m.legal_actions(1) if a["type"] == "discard"}
    assert "4p" not in discards and "1p" not in discards
    assert "9p" in discards
    four = next(i for i in m.hand(1) if kind(i) == "4p")
    with pytest.raises(mf.IllegalActionError, match="kuikae"):
        m.apply(1, {"type": "discard", "tile": four})


def test_illegal_action_raises_and_leaves_state() -> None:
    m = Match("tenhou", seed=5)
    before = (m.legal_actions(0), m.hand(0), m.phase)
    not_mine = next(i for i in range(136) if i not in m.hand(0))
    with pytest.raises(mf.IllegalActionError):
        m.apply(0, {"type": "discard", "tile": not_mine})
    with pytest.raises(mf.IllegalActionError):
        m.apply(1, {"type": "discard", "tile": m.hand(1)[0]})
    with pytest.raises(mf.IllegalActionError):
        m.apply(0, {"type": "ron"})
    assert (m.legal_actions(0), m.hand(0), m.phase) == before


def _waiting_hands(seat1: str) -> List[str]:
    # Seat 1 holds a pure straight in man and waits on 3p/6p after its first turn.
    return ["33p" + "147m147s2z3z4z9s", seat1, "3p" + J2[:-2] + "5z" + "2z", "6p" + "17p9p46m23s67s12z"]


@pytest.mark.parametrize("discard, furiten", [("6p", True), ("9s", False)])
def test_discard_furiten(discard: str, furiten: bool) -> None:
    hands = ["33p147m147s234z9s", "123m456m789m11z45p", "3p369m369s2345z", "6p17p9p46m23s67s1z"]
    draws = ["1s", "6p" if discard == "6p" else "9s", "8s"]
    m = Match("tenhou", wall=build_wall(hands, draws=draws))
    act(m, 0, "discard", "1s")
    act(m, 1, "discard", discard)
    act(m, 2, "discard", "3p")
    can_ron = "ron" in types(m, 1)
    assert can_ron is (not furiten)


def pass_all(m: Match) -> None:
    """Everyone still to answer a tile on offer passes."""
    if m.phase == "claim":
        for s in m.to_act():
            m.apply(s, {"type": "pass"})


def test_temporary_furiten_lasts_until_own_discard() -> None:
    hands = ["33p147m147s234z9s", "123m456m789m11z45p", "3p369m369s2345z", "6p17p9p46m23s67s1z"]
    draws = ["1s", "9s", "8s", "8s", "8p", "7s", "8s", "6s", "3p"]
    m = Match("tenhou", wall=build_wall(hands, draws=draws))
    act(m, 0, "discard", "1s")
    pass_all(m)
    act(m, 1, "discard", "9s")
    pass_all(m)
    act(m, 2, "discard", "3p")
    assert "ron" in types(m, 1)
    pass_all(m)
    act(m, 3, "discard", "6p")
    assert "ron" not in types(m, 1)  # it let 3p pass in this go-around
    pass_all(m)
    act(m, 0, "discard", "3p")
    assert "ron" not in types(m, 1)
    pass_all(m)
    act(m, 1, "discard", "7s")  # its own discard ends the temporary furiten
    pass_all(m)
    act(m, 2, "discard", "8s")
    pass_all(m)
    act(m, 3, "discard", "6s")
    pass_all(m)
    act(m, 0, "discard", "3p")
    assert "ron" in types(m, 1)


@pytest.mark.parametrize("preset, immediate", [("tenhou", False), ("shiima-2026", True)])
def test_kan_dora_timing(preset: str, immediate: bool) -> None:
    hands = ["7z" + J0, "777z" + "258m258s9p56z", J2 + "8p", "17p9p46m23s67s12z3p"]
    m = Match(preset, wall=build_wall(hands, draws=["9m"], rinshan=["1p"]))
    act(m, 0, "discard", "7z")
    act(m, 1, "daiminkan")
    ev = [e["type"] for e in m.events()]
    after_call = ev[ev.index("call") :]
    # The replacement draw follows the kan; the new dora comes before it only when
    # the rules flip kan dora at once.
    assert ("dora" in after_call) is immediate
    act(m, 1, "discard", "1p")
    ev = [e["type"] for e in m.events()]
    assert ev.count("dora") == 1


@pytest.mark.parametrize("preset, aborts", [("tenhou", True), ("shiima-2025", False)])
def test_four_winds(preset: str, aborts: bool) -> None:
    hands = ["1z" + "147m147s28p234z", "1z" + "258m258s9p567z", "1z" + "369m369s2345z"[:-1] + "6z", "1z" + "17p9p46m23s67s2z3z"]
    m = Match(preset, wall=build_wall(hands, draws=["8p", "8m", "8s", "9m"]))
    for s in range(4):
        act(m, s, "discard", "1z")
        if m.phase == "claim":
            for t in m.to_act():
                m.apply(t, {"type": "pass"})
    draws = [e for e in m.events() if e["type"] == "ryuukyoku"]
    if aborts:
        assert m.phase == "ended" and draws[0]["kind"] == "four_winds"
    else:
        assert m.phase == "turn" and not draws


@pytest.mark.parametrize("preset, offered", [("tenhou", True), ("shiima-2026", False)])
def test_nine_terminals(preset: str, offered: bool) -> None:
    hands = ["19m19p19s1234z" + "55m", J1.replace("1z", "6m") + "3m", J2 + "8p", "17p9p46m23s67s12z3p"]
    m = Match(preset, wall=build_wall(hands, draws=["5z"]))
    assert ("nine_terminals" in types(m, 0)) is offered
    if offered:
        act(m, 0, "nine_terminals")
        assert m.phase == "ended"
        m.next_hand()
        # An abortive draw keeps the dealer and adds a honba.
        assert m.hand_info[4] == 0 and m.hand_info[2] == 1


@pytest.mark.parametrize("preset, winners", [("tenhou", [1, 2]), ("shiima-2026", [1])])
def test_double_ron_or_head_bump(preset: str, winners: List[int]) -> None:
    hands = ["3p" + J0, "123m456m789m11z45p", "123s456s789s22z45p", "17p9p46m6s7s12z3z" + "8p8s"]
    m = Match(preset, wall=build_wall(hands, draws=["6z"]))
    act(m, 0, "discard", "3p")
    assert set(m.to_act()) >= {1, 2}
    for s in m.to_act():
        m.apply(s, {"type": "ron"} if s in (1, 2) else {"type": "pass"})
    wins = [e for e in m.events() if e["type"] == "win"]
    assert [w["seat"] for w in wins] == winners
    assert sum(m.scores) == 100_000
    assert m.scores[0] < 25_000 and all(m.scores[w] > 25_000 for w in winners)
    m.next_hand()
    # A non-dealer win passes the deal on and clears the honba.
    assert m.hand_info[4] == 1 and m.hand_info[2] == 0


def test_dealer_win_is_renchan_with_honba() -> None:
    hands = ["123m456m789m11z45p", "3p" + J1, J2 + "8p", "17p9p46m23s67s12z3p"]
    m = Match("tenhou", wall=build_wall(hands, draws=["9s", "2s"]))
    act(m, 0, "discard", "9s")
    if m.phase == "claim":
        for s in m.to_act():
            m.apply(s, {"type": "pass"})
    act(m, 1, "discard", "3p")
    m.apply(0, {"type": "ron"})
    for s in m.to_act():
        m.apply(s, {"type": "pass"})
    assert m.phase == "ended"
    m.next_hand()
    assert m.hand_info[4] == 0 and m.hand_info[2] == 1


def test_random_matches_are_complete_and_balanced() -> None:
    stats = mf.self_play(40, seed=11)
    assert stats["matches"] == 40 and stats["hands"] >= 160
    m = Match("shiima-2026", seed=2)
    hands = 0
    while m.phase != "over" and hands < 40:
        while m.phase in ("turn", "claim"):
            s = m.to_act()[0]
            m.apply(s, m.legal_actions(s)[-1 if m.phase == "claim" else 0])
        hands += 1
        m.next_hand()
    r = m.result()
    assert r is not None and sorted(r["ranks"]) in ([1, 2, 3, 4], [1, 1, 3, 4], [1, 2, 2, 4], [1, 2, 3, 3])
    assert abs(sum(r["results"])) < 1e-9


@pytest.mark.parametrize(
    "preset, scores, results, ranks",
    [
        # Tenhou: 30,000 return, oka +20 to first, uma 10-20, ties by seat order.
        ("tenhou", [30000, 30000, 25000, 15000], [40.0, 10.0, -15.0, -35.0], [1, 2, 3, 4]),
        ("tenhou", [16500, 30500, 55500, -2500], [-23.0, 11.0, 65.0, -53.0], [3, 2, 1, 4]),
        # Shiima 2025: uma 5-10; ties share uma and oka.
        ("shiima-2025", [35000, 25000, 25000, 15000], [35.0, -5.0, -5.0, -25.0], [1, 2, 2, 4]),
        ("shiima-2025", [30000, 30000, 25000, 15000], [17.5, 17.5, -10.0, -25.0], [1, 1, 3, 4]),
        # Shiima 2026: uma 10-30; 5-down 6-up rounding of the hundreds.
        ("shiima-2026", [35000, 25000, 25000, 15000], [55.0, -5.0, -5.0, -45.0], [1, 2, 2, 4]),
        ("shiima-2026", [40600, 24500, 20500, 14400], [60.0, 5.0, -19.0, -46.0], [1, 2, 3, 4]),
    ],
)
def test_final_ranking(preset: str, scores: List[int], results: List[float], ranks: List[int]) -> None:
    r = final_result(scores, preset)
    assert r["ranks"] == ranks
    assert r["results"] == pytest.approx(results)
    assert sum(r["results"]) == pytest.approx(0.0)


def test_unknown_preset() -> None:
    with pytest.raises(mf.InvalidRuleError, match="nope"):
        Match("nope")


@pytest.mark.parametrize(
    "preset, kind, deltas, hand_goes_on",
    [
        ("shiima-2026", "wrong_call", [-3000, 1000, 1000, 1000], True),
        ("shiima-2026", "wrong_ron", [-3000, 1000, 1000, 1000], True),
        ("shiima-2026", "chombo", [-3000, 1000, 1000, 1000], False),
        ("shiima-2025", "chombo", [0, 0, 0, 0], False),
        ("standard", "chombo", [-12000, 4000, 4000, 4000], False),
    ],
)
def test_referee_penalties(preset: str, kind: str, deltas: List[int], hand_goes_on: bool) -> None:
    m = Match(preset, seed=3)
    m.penalty(0, kind)
    assert [s - 25000 for s in m.scores] == deltas
    assert (m.phase != "ended") is hand_goes_on
    if not hand_goes_on:
        m.next_hand()
        # A voided hand is replayed by the same dealer with the same counters.
        assert m.hand_info == (0, 0, 0, 0, 0)


def test_wrong_ron_forfeits_winning() -> None:
    hands = ["3p" + J0, "123m456m789m11z45p", J2 + "8p", "17p9p46m23s67s12z"]
    m = Match("shiima-2026", wall=build_wall(hands, draws=["6z"]))
    m.penalty(1, "wrong_ron")
    act(m, 0, "discard", "3p")
    assert "ron" not in types(m, 1)
    with pytest.raises(mf.ArgumentError):
        m.penalty(7, "chombo")
    with pytest.raises(mf.IllegalActionError):
        m.penalty(0, "nap")


@pytest.mark.parametrize("preset, min_wall", [("tenhou", 4), ("shiima-2026", 0)])
def test_riichi_needs_tiles_left_in_the_wall(preset: str, min_wall: int) -> None:
    """Everyone discards what it draws; seat 1 stays tenpai and is offered riichi
    exactly while the wall holds enough tiles for the rule set."""
    hands = ["3p" + J0, "123m456m789m11z45p", J2 + "8p", "17p9p46m23s67s12z"]
    m = Match(preset, wall=build_wall(hands))
    offered = {}
    while m.phase in ("turn", "claim"):
        if m.phase == "claim":
            pass_all(m)
            continue
        seat = m.to_act()[0]
        draws = [e for e in m.events() if e["type"] == "draw"]
        drawn = draws[-1]["tile"]
        if seat == 1:
            offered[70 - len(draws)] = "riichi" in types(m, 1)
        m.apply(seat, next(a for a in m.legal_actions(seat) if a["type"] == "discard" and a["tile"] == drawn))
    assert m.phase == "ended"
    assert offered and all(v == (left >= min_wall) for left, v in offered.items()), offered
    assert any(left < 4 for left in offered)


_TYPES = ["discard", "riichi", "tsumo", "ankan", "kakan", "nine_terminals", "ron", "chi", "pon", "daiminkan", "nuki", "pass", "nap"]


@pytest.mark.parametrize("preset, total", [("tenhou", 100_000), ("tenhou-sanma", 105_000)])
@settings(max_examples=150, deadline=None)
@given(st.integers(0, 50), st.lists(st.tuples(st.integers(-1, 5), st.sampled_from(_TYPES), st.integers(-2, 140), st.integers(-2, 140)), max_size=30))
def test_random_actions_are_applied_or_refused_cleanly(preset: str, total: int, seed: int, actions: list) -> None:
    """Arbitrary actions either apply (when legal) or raise a MahjongError and leave
    the match exactly as it was; points are never created or lost."""
    m = Match(preset, seed=seed)
    for seat, typ, a, b in actions:
        if m.phase not in ("turn", "claim"):
            break
        before = (m.phase, m.to_act(), [m.hand(s) for s in range(4)], m.scores)
        act = {"type": typ, "tile": a, "tiles": [a, b]}
        try:
            m.apply(seat, act)
        except mf.MahjongError:
            assert (m.phase, m.to_act(), [m.hand(s) for s in range(4)], m.scores) == before
        assert sum(m.scores) + 1000 * m.hand_info[3] == total


def _daiminkan_rinshan(preset: str) -> Match:
    """Dealer 0 discards the red dragon, seat 1 calls an open kan on it and wins by
    tsumo on the replacement tile (rinshan kaihou + red dragon, single wait on 5p)."""
    hands = ["7z" + J0, "777z" + "123m456m789s5p", J2 + "8p", "17p9p46m23s67s12z3p"]
    m = Match(preset, wall=build_wall(hands, draws=["9m"], rinshan=["5p"]))
    act(m, 0, "discard", "7z")
    act(m, 1, "daiminkan")
    act(m, 1, "tsumo")
    assert m.phase == "ended"
    return m


@pytest.mark.parametrize("preset, liable", [("tenhou", False), ("standard", False), ("shiima-2025", True), ("shiima-2026", True)])
def test_daiminkan_rinshan_pao(preset: str, liable: bool) -> None:
    """Seed 004 (大明槓パオ有り): the discarder who fed the open kan pays the whole
    rinshan tsumo; elsewhere the tsumo is split as usual."""
    deltas = [s - 25000 for s in _daiminkan_rinshan(preset).scores]
    plain = [s - 25000 for s in _daiminkan_rinshan("tenhou").scores]
    gain = plain[1]
    assert gain > 0 and sum(deltas) == 0
    # The winner collects the same amount either way; only who pays changes.
    assert deltas[1] == gain
    if liable:
        assert deltas == [-gain, gain, 0, 0]
    else:
        assert deltas[2] < 0 and deltas[3] < 0 and deltas[0] < deltas[2]
    win = [e for e in _daiminkan_rinshan(preset).events() if e["type"] == "win"][0]
    assert win["pao"] == (0 if liable else None)


def test_closed_kan_rinshan_has_no_pao() -> None:
    """A closed kan is fed by no discard: the rinshan tsumo is paid by all."""
    hands = ["6p" + J0, "7777z" + "123m456m789s", J2 + "8p", "17p9p46m23s67s12z3p"]
    m = Match("shiima-2026", wall=build_wall(hands, draws=["9m", "5p"], rinshan=["5p"]))
    act(m, 0, "discard", "9m")
    pass_all(m)
    act(m, 1, "ankan", "7z")
    act(m, 1, "tsumo")
    deltas = [s - 25000 for s in m.scores]
    assert deltas[1] > 0 and all(deltas[s] < 0 for s in (0, 2, 3))


def _play_hand(m: Match) -> None:
    """Play until the hand ends: pass every claim, otherwise discard the first tile offered."""
    for _ in range(1000):
        if m.phase != "turn" and m.phase != "claim":
            return
        seat = m.to_act()[0]
        acts = m.legal_actions(seat)
        pick = next((a for a in acts if a["type"] in ("pass", "discard")), acts[0])
        m.apply(seat, pick)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("report", ["time_up", "elapsed"])
def test_time_limit_ends_the_match_after_the_hand_in_play(report: str) -> None:
    """Seed 004 (2026): 50 minutes; when time is up the match ends after the hand."""
    played = Match("shiima-2026", seed=5)
    timed = Match("shiima-2026", seed=5)
    assert timed.elapsed(49) is False and not timed.time_is_up
    if report == "time_up":
        timed.time_up()
    else:
        assert timed.elapsed(50) is True
    assert timed.time_is_up
    for m in (played, timed):
        _play_hand(m)
        assert m.phase == "ended"
        m.next_hand()
    assert played.phase in ("turn", "claim") and played.result() is None
    assert timed.phase == "over"
    res = timed.result()
    assert res is not None and res["scores"] == timed.scores
    with pytest.raises(mf.IllegalActionError):
        timed.time_up()


@pytest.mark.parametrize("preset", ["tenhou", "standard", "shiima-2025"])
def test_no_time_limit_outside_shiima_2026(preset: str) -> None:
    m = Match(preset, seed=1)
    with pytest.raises(mf.InvalidRuleError):
        m.time_up()
    assert m.elapsed(10_000) is False and not m.time_is_up
    with pytest.raises(mf.ArgumentError, match="-1"):
        m.elapsed(-1)


# ---- three-player (tenhou-sanma) -------------------------------------------------

SANMA_OUT = [k * 4 + c for k in range(1, 8) for c in range(4)]  # 2m-8m ids


def build_sanma_wall(hands: Sequence[str], draws: Sequence[str] = (), rinshan: Sequence[str] = (), dora: str = "9s") -> List[int]:
    """The three-player layout: deal 0..39, live wall 52..107, replacement tiles
    from 122, dora at 126; the 28 ids of 2m-8m in the unused slots 39..52 and
    107..122."""
    free: Dict[int, List[int]] = {k: [k * 4 + c for c in range(4)] for k in range(34) if not 1 <= k <= 7}

    def take(text: str) -> List[int]:
        out = []
        for t in mf.parse_tiles(text):
            ids = free[t.kind]
            plain = [i for i in ids if i not in (16, 52, 88)] or ids
            ids.remove(plain[0])
            out.append(plain[0])
        return out

    order: List[int] = [-1] * 136
    for s, h in enumerate(hands):
        ids = take(h)
        assert len(ids) == 13, h
        order[13 * s : 13 * s + 13] = ids
    for i, t in enumerate(take("".join(draws)) if draws else []):
        order[52 + i] = t
    for i, t in enumerate(take("".join(rinshan)) if rinshan else []):
        order[122 + i] = t
    order[126] = take(dora)[0]
    unused = list(range(39, 52)) + list(range(107, 122))
    for i, t in zip(unused, SANMA_OUT):
        order[i] = t
    rest = sorted(i for ids in free.values() for i in ids)
    for i in range(136):
        if order[i] == -1:
            order[i] = rest.pop(0)
    return order


def test_sanma_north_pulled_aside_draws_a_replacement() -> None:
    hands = ["4z19m1199p1199s56z", "23p99m22s88s33z66z7z", "1m9m1p9p1s9s12z5z6z7z77z"]
    m = Match("tenhou-sanma", wall=build_sanma_wall(hands, draws=["8p"], rinshan=["3s"]))
    assert m.to_act() == [0]
    nuki = [a for a in m.legal_actions(0) if a["type"] == "nuki"]
    assert len(nuki) == 1 and kind(nuki[0]["tile"]) == "4z"
    m.apply(0, nuki[0])
    ev = m.events()
    assert [e["type"] for e in ev[-2:]] == ["nuki", "draw"]
    assert kind(ev[-1]["tile"]) == "3s"  # the replacement tile, not the next live one
    assert not any(kind(t) == "4z" for t in m.hand(0))
    # No chi at a three-player table: 1p to seat 1 holding 2p3p opens no claim.
    one_pin = next(t for t in m.hand(0) if kind(t) == "1p")
    m.apply(0, {"type": "discard", "tile": one_pin})
    assert m.phase == "turn" and m.to_act() == [1]
    with pytest.raises(mf.IllegalActionError):
        m.apply(3, {"type": "pass"})


def test_sanma_random_matches_end_with_three_ranked_players() -> None:
    import random

    for seed in range(3):
        m = Match("tenhou-sanma", seed=seed)
        r = random.Random(seed)
        while m.phase != "over":
            if m.phase == "ended":
                m.next_hand()
                continue
            seat = m.to_act()[0]
            assert seat < 3
            acts = m.legal_actions(seat)
            assert all(a["type"] != "chi" for a in acts)
            m.apply(seat, r.choice(acts))
        res = m.result()
        assert sorted(res["ranks"][:3]) == [1, 2, 3] and res["ranks"][3] == 0
        assert sum(res["scores"]) == 105_000  # leftover sticks go to the top
        assert abs(sum(res["results"])) < 1e-9
        # Every tile dealt or drawn at the table is in play: no 2m-8m.
        for e in m.events():
            if e["type"] in ("draw", "discard") and e.get("tile") is not None:
                assert e["tile"] not in SANMA_OUT


def test_sanma_final_result_uses_three_places() -> None:
    # Tenhou's record (sanma2): 27,400 / 83,100 / -5,500 -> -13, +79, -66.
    r = final_result([27400, 83100, -5500, 0], "tenhou-sanma")
    assert r["ranks"] == [2, 1, 3, 0]
    assert r["results"] == [-13.0, 79.0, -66.0, 0.0]


def test_sanma_north_pulled_aside_can_be_ronned() -> None:
    hands = ["4z258p258s3p6p3s6s5z6z", "111p999p111s999s4z", "1m1m9m9m7p7p7s7s5z5z6z6z7z"]
    m = Match("tenhou-sanma", wall=build_sanma_wall(hands, draws=["8p"], rinshan=["3s"]))
    nuki = next(a for a in m.legal_actions(0) if a["type"] == "nuki")
    m.apply(0, nuki)
    assert m.phase == "claim" and m.to_act() == [1]
    assert "ron" in types(m, 1)
    m.apply(1, {"type": "ron"})
    win = m.events()[-1]
    assert win["type"] == "win" and (win["seat"], win["from"]) == (1, 0)
    # Four concealed triplets on a single wait: a yakuman, 32,000 from the discarder.
    assert win["deltas"] == [-32000, 32000, 0, 0]


def test_riichi_needs_tenpai() -> None:
    # Junk hands: no discard leaves seat 0 tenpai, so riichi is never offered and a
    # riichi discard is refused, leaving the state as it was.
    m = Match("tenhou", wall=build_wall(["1p" + J0, J1, J2, J3], draws=["7z"]))
    assert "riichi" not in types(m, 0)
    tile = m.hand(0)[0]
    before = m.events()
    with pytest.raises(mf.IllegalActionError, match="not tenpai"):
        m.apply(0, {"type": "riichi", "tile": tile})
    assert m.events() == before and m.to_act() == [0]
