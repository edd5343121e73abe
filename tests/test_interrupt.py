"""Ctrl-C stops long calls: a subprocess running a long self-play, survey or solve
gets SIGINT and must end with KeyboardInterrupt within a second, having written
nothing of a result (the calls poll a cancellation token; see `mahjong_fast.errors`)."""

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")

LONG_CALLS = {
    "self_play": "mf.self_play(10**6, seed=1)",
    "survey": "_core.solitaire_survey(mf.SolitaireLayout.builtin('turtle'), 7, 0, 10**6)",
    "solve_many": (
        "lay = mf.SolitaireLayout.builtin('turtle'); "
        "_core.solitaire_solve_many(lay, [_core.solitaire_uniform_faces(lay, 3, i) for i in range(200_000)])"
    ),
    "score_many columns": (
        "mf.score_many({k: __import__('numpy').broadcast_to(v[0], (4 * 10**6,) + v.shape[1:]) for k, v in "
        "mf.riichi.wins_to_columns([{'hand': '123m456p789s23455s', 'win': '2s', 'tsumo': True}]).items()}, threads=1)"
    ),
    "score_many rows": "mf.score_many([{'hand': '123m456p789s23455s', 'win': '2s', 'tsumo': True}] * 10**6, columns=True)",
    "playouts": (
        "lay = mf.SolitaireLayout.builtin('turtle'); "
        "_core.solitaire_playout_share(mf.SolitaireBoard(lay, _core.solitaire_deal(lay, 1)['faces']), 10**8)"
    ),
}


def interrupt(call: str, after: float = 0.6):
    """Start `call` in a fresh interpreter, SIGINT it `after` seconds into the call;
    return (seconds from the signal to the exit, stdout, stderr)."""
    code = (
        "import sys\n"
        "import mahjong_fast as mf\n"
        "from mahjong_fast import _core\n"
        "print('ready', flush=True)\n"
        f"result = {call}\n"
        "print('RESULT', result, flush=True)\n"
    )
    # SIGINT at its default in the child, as from a terminal, even when the suite was
    # started in the background with SIGINT ignored (children inherit that).
    p = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert p.stdout is not None
    assert p.stdout.readline().strip() == "ready"
    time.sleep(after)
    assert p.poll() is None, "the call ended before it could be interrupted"
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=20)
    finally:
        p.kill()
    return time.monotonic() - t0, out, err, p.returncode


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call_within_a_second(name):
    took, out, err, code = interrupt(LONG_CALLS[name])
    assert "KeyboardInterrupt" in err, err[-2000:]
    assert code != 0
    assert "RESULT" not in out
    # The work stops within ~100 ms of the signal; interpreter teardown is the rest.
    assert took < 1.0, f"{name}: {took:.2f} s from SIGINT to exit"
