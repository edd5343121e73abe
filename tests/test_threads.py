"""The claims of docs/threads.md, checked: which calls let other Python threads run
while they compute (the GIL released), that immutable values shared by threads give
the results of serial use, and what happens when two threads use one `Match`."""

from __future__ import annotations

import sys
import threading
import time

import mahjong_fast as mf
import pytest
from mahjong_fast import _core, engine


def _spins_during(call) -> tuple:
    """How often the main thread gets round a Python loop while `call` runs in
    another thread, and how long the call took. A call that keeps the GIL leaves
    the loop at most one switch interval (5 ms); one that releases it, all of it."""
    inside = threading.Event()
    done = threading.Event()
    took = []

    def work():
        inside.set()
        t = time.perf_counter()
        try:
            call()
        finally:
            took.append(time.perf_counter() - t)
            done.set()

    th = threading.Thread(target=work)
    th.start()
    inside.wait()
    spins = 0
    while not done.is_set():
        spins += 1
    th.join()
    return spins, took[0]


def _rate() -> float:
    """Main-thread loop turns per second with nothing else running."""
    done = threading.Event()
    threading.Timer(0.05, done.set).start()
    spins = 0
    while not done.is_set():
        spins += 1
    return spins / 0.05


def _share(call) -> float:
    """The share of the call's time the main thread spent looping (1: all of it)."""
    rate = _rate()
    spins, took = _spins_during(call)
    assert took > 10 * sys.getswitchinterval(), f"too short to tell ({took:.4f} s)"
    return spins / (rate * took)


def _control() -> None:
    sum(range(20_000_000))  # C code that never lets go of the GIL


_PYRAMID = mf.SolitaireLayout.builtin("pyramid")
_DEALS = [_core.solitaire_uniform_faces(_PYRAMID, 1, i) for i in range(200)]


@pytest.mark.parametrize(
    "name, call",
    [
        ("self_play", lambda: mf.self_play(300, seed=1)),
        ("shanten_batch", lambda: mf.shanten_batch(["123m456p789s1122z"] * 300000)),
        ("solitaire_solve_many", lambda: _core.solitaire_solve_many(_PYRAMID, _DEALS, 20000, 20)),
    ],
)
def test_heavy_calls_let_other_threads_run(name, call):
    # The control (a call that keeps the GIL) leaves the main thread at most a
    # switch interval or two (about 1% of its time here); a call that releases it,
    # a share of the cores (about 30% on two loaded ones). Calls that read many Python
    # objects first (score_list's dicts) hold it for that part.
    held = _share(_control)
    released = _share(call)
    assert released > 0.1 and released > 2 * held, (name, released, held)


def test_shared_rules_and_results_give_the_serial_answers():
    rules = mf.RuleSet.preset("tenhou")
    wins = [{"hand": h, "win_tile": "1z"} for h in ("123m456p789s1z1z22z", "111m222p333s44z11z", "234m345p456s66z11z")]
    want = [r.to_dict() for r in _core.score_list(wins * 200, rules=rules)]
    got: list = [None] * 4

    def work(i):
        got[i] = [r.to_dict() for r in _core.score_list(wins * 200, rules=rules)]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g == want for g in got)


def _play_some(m: mf.Match, lock: threading.Lock, steps: int, errors: list) -> None:
    for _ in range(steps):
        with lock:
            if m.phase == "over":
                return
            if m.phase == "ended":
                m.next_hand()
                continue
            seat = m.to_act()[0]
            m.apply(seat, m.legal_actions(seat)[0])
            m.to_json()  # a call that runs Python code (the rules' to_dict) inside


def test_one_match_shared_by_threads_under_a_lock():
    m = mf.Match({"preset": "tenhou", "length": "east"}, seed=3)
    lock = threading.Lock()
    errors: list = []
    threads = [threading.Thread(target=_play_some, args=(m, lock, 150, errors)) for _ in range(4)]
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    # Equal to the same steps played by one thread: the lock made them one sequence.
    again = mf.Match({"preset": "tenhou", "length": "east"}, seed=3)
    for s in m.to_dict()["steps"]:
        if s["type"] == "next_hand":
            again.next_hand()
        else:
            again.apply(s["seat"], {k: v for k, v in s.items() if k != "seat"})
    assert again == m and len(m.to_dict()["steps"]) == 600 and errors == []


def test_overlapping_calls_on_one_match_raise_instead_of_corrupting_it():
    """Without a lock: `to_json` runs the rules' Python `to_dict` while it holds the
    match, so another thread can come in between; its call is refused with
    RuntimeError (PyO3's borrow check), and the match is left as it was."""
    m = mf.Match("tenhou", seed=1)
    before = m.to_json()
    stop = threading.Event()
    seen: list = []

    def reader():
        while not stop.is_set():
            m.to_json()

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    th = threading.Thread(target=reader)
    th.start()
    try:
        deadline = time.monotonic() + 20
        while not seen and time.monotonic() < deadline:
            try:
                m.legal_actions(0)  # takes the match mutably
            except RuntimeError as e:
                seen.append(str(e))
    finally:
        stop.set()
        th.join()
        sys.setswitchinterval(old)
    assert seen and "borrowed" in seen[0]
    assert m.to_json() == before and m.legal_actions(0)


def test_verify_logs_from_threads_at_once():
    m = mf.Match({"preset": "tenhou", "length": "east"}, seed=8)
    while m.phase != "over":
        if m.phase == "ended":
            m.next_hand()
        else:
            seat = m.to_act()[0]
            m.apply(seat, m.legal_actions(seat)[-1])
    log = [("g", m.log().encode())]
    out: list = []
    threads = [threading.Thread(target=lambda: out.append(engine.verify_logs(log)[0]["ok"])) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == [True] * 4
