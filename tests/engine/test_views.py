"""Per-seat views and event streams of a Match show a seat only what it may know.

The core walks 1,000 random matches of each player count at every eighth decision
(`cargo test -p mahjong-core view`; `MAHJONG_FAST_LONG=1` walks 10,000), against the
wall and every hand; these tests drive the Python API the same way on fewer matches.
"""

import json
import random

import mahjong_fast as mf
import pytest


def _tiles_in(obj, out):
    """Every tile id in a view / event structure (ints under tile-bearing keys)."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("tile", "tiles", "hand", "hands", "drawn", "called", "dora_indicator", "dora_indicators",
                     "revealed", "ura_indicators", "win_tile", "shown"):
                _ints(v, out)
            else:
                _tiles_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _tiles_in(v, out)


def _ints(v, out):
    if isinstance(v, bool) or v is None:
        return
    if isinstance(v, int):
        out.add(v)
    elif isinstance(v, (list, tuple)):
        for x in v:
            _ints(x, out)


def _play(rules, seed, check):
    rng = random.Random(seed)
    m = mf.Match(rules, seed=seed)
    players = 3 if "sanma" in rules else 4
    steps = 0
    while m.phase != "over":
        while m.phase in ("turn", "claim"):
            if steps % 7 == 0:  # a full check reads the whole hand's events
                for s in range(players):
                    check(m, s, players)
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal_actions(seat)))
            steps += 1
        for s in range(players):
            check(m, s, players)
        m.next_hand()
    return steps


def _check_hidden(m, seat, players):
    # Tiles another seat holds concealed that no public event has shown.
    shown = set()
    for e in m.events():
        if e["type"] not in ("round_start", "draw"):
            _tiles_in(e, shown)
        elif e["type"] == "round_start":
            shown.add(e["dora_indicator"])
    hidden = {t for o in range(players) if o != seat for t in m.hand(o)} - shown
    seen = set()
    _tiles_in(m.view(seat), seen)
    _tiles_in(m.events(seat=seat), seen)
    assert not (seen - set(m.hand(seat))) & hidden
    assert sorted(m.view(seat)["hand"]) == sorted(m.hand(seat))
    for line in m.mjai_events(seat):
        ev = json.loads(line)
        if ev["type"] == "tsumo" and ev["actor"] != seat:
            assert ev["pai"] == "?"
        if ev["type"] == "start_kyoku":
            assert all(t == "?" for i, h in enumerate(ev["tehais"]) if i != seat for t in h)


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-sanma"])
def test_views_hide_other_hands(rules):
    steps = sum(_play(rules, seed, _check_hidden) for seed in range(3))
    assert steps > 300


def test_view_tracks_rivers_riichi_and_calls():
    rng = random.Random(5)
    m = mf.Match("tenhou", seed=5)
    discards = 0
    while m.phase in ("turn", "claim"):
        seat = m.to_act()[0]
        acts = m.legal_actions(seat)
        # Prefer riichi and calls so the marks get exercised.
        pick = next((a for a in acts if a["type"] in ("riichi", "pon", "chi")), rng.choice(acts))
        m.apply(seat, pick)
        discards = sum(len(r) for r in m.view(0)["rivers"])
    v = m.view(1)
    assert discards == sum(1 for e in m.events() if e["type"] == "discard")
    called = sum(1 for r in v["rivers"] for t in r if t["called"])
    calls_on_discards = sum(1 for e in m.events() if e["type"] == "call" and e["from"] != e["seat"])
    assert called == calls_on_discards
    assert v["riichi"] == [any(e["type"] == "riichi" and e["seat"] == s for e in m.events()) for s in range(4)]
    assert [len(x) for x in v["melds"]] == [
        sum(1 for e in m.events() if e["type"] == "call" and e["seat"] == s) for s in range(4)
    ]


def test_seat_argument_checked():
    m = mf.Match("tenhou", seed=1)
    with pytest.raises(mf.MahjongError):
        m.view(4)
    with pytest.raises(mf.MahjongError):
        m.events(seat=-1)


def test_views_are_json_values():
    """A view goes over the wire as it is (examples/table_server.py sends it): every
    field a JSON value, the north counts of three-player included."""
    m = mf.Match("tenhou-sanma", seed=5)
    rng = random.Random(5)
    pulled = 0
    while m.phase not in ("ended", "over"):
        seat = rng.choice(m.to_act())
        legal = m.legal_actions(seat)
        nuki = [a for a in legal if a["type"] == "nuki"]
        m.apply(seat, nuki[0] if nuki else rng.choice(legal))
        pulled += bool(nuki)
        for s in range(3):
            v = m.view(s)
            assert json.loads(json.dumps(v)) == v
    assert pulled and sum(m.view(0)["nuki"]) == pulled
