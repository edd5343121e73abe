"""Round engine throughput: random legal play of whole east-south matches.

Three timings in one run, with ratios:
- `mahjong_fast.self_play` — the whole loop in Rust, all cores, GIL released;
- `mahjong_fast.Match` driven from Python (one `legal_actions`/`apply` per decision);
- `riichienv.RiichiEnv` driven from Python the same way (peer; skipped if absent).
`mahjong` (the Python scorer) has no match engine. Also: replay of the real Tenhou
logs when present.

Run: `.venv/bin/python -m pytest benches/bench_engine.py --benchmark-only -s`
(build with `maturin develop --release` first for real numbers).
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import mahjong_fast as mf
import pytest

N = int(os.environ.get("BENCH_MATCHES", "4000"))
N_PY = int(os.environ.get("BENCH_PY_MATCHES", "10"))
TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[2] / "shared/data/tenhou"))
RESULTS: dict = {}


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _python_loop_match(seed: int) -> int:
    rng = random.Random(seed)
    m = mf.Match("tenhou", seed=seed)
    decisions = 0
    while m.phase != "over":
        while m.phase in ("turn", "claim"):
            seat = m.to_act()[0]
            m.apply(seat, rng.choice(m.legal_actions(seat)))
            decisions += 1
        m.next_hand()
    return decisions


def test_self_play_rust(benchmark) -> None:
    cpu = []

    def run() -> dict:
        c0 = time.process_time()
        st = mf.self_play(N, seed=7)
        cpu.append(time.process_time() - c0)
        return st

    stats = benchmark.pedantic(run, rounds=3, iterations=1)
    assert stats["matches"] == N
    best = benchmark.stats.stats.min
    RESULTS["rust"] = N / best
    # Matches per CPU-second is the per-core rate even when other processes share
    # the cores (wall time then understates it).
    print(
        f"\nmahjong_fast.self_play: {N} matches in {best:.3f}s wall on {_cores()} cores = {N / best:.0f} matches/s, "
        f"{N / best / _cores():.0f} per core by wall time, {N / min(cpu):.0f} per CPU-second; "
        f"{stats['hands'] / N:.1f} hands, {stats['decisions'] / N:.0f} decisions per match"
    )


def test_match_from_python(benchmark) -> None:
    benchmark.pedantic(lambda: [_python_loop_match(s) for s in range(N_PY)], rounds=1, iterations=1)
    t = benchmark.stats.stats.min
    RESULTS["python_loop"] = N_PY / t
    print(f"\nmahjong_fast.Match from Python: {N_PY / t:.1f} matches/s (one core)")


def test_riichienv_from_python(benchmark) -> None:
    riichienv = pytest.importorskip("riichienv")
    rng = random.Random(1)

    def play() -> None:
        env = riichienv.RiichiEnv(game_mode="4p-red-half")
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})

    benchmark.pedantic(lambda: [play() for _ in range(N_PY)], rounds=1, iterations=1)
    t = benchmark.stats.stats.min
    peer = N_PY / t
    print(f"\nriichienv.RiichiEnv from Python: {peer:.1f} matches/s (one core)")
    if "python_loop" in RESULTS:
        print(f"ratio, both driven from Python: mahjong_fast / riichienv = {RESULTS['python_loop'] / peer:.1f}x")
    if "rust" in RESULTS:
        print(f"ratio, mahjong_fast.self_play / riichienv from Python = {RESULTS['rust'] / peer:.0f}x")


@pytest.mark.skipif(not (TENHOU / "raw").is_dir(), reason="real Tenhou data not present")
def test_replay_real_logs(benchmark) -> None:
    files = mf.list_log_files([TENHOU / "raw"])
    reports = benchmark.pedantic(lambda: mf.verify_logs(files), rounds=1, iterations=1)
    hands = sum(r.get("rounds", 0) for r in reports)
    t = benchmark.stats.stats.min
    print(f"\nreplay + scoring of the real logs: {len(files)} files, {hands} hands in {t:.2f}s = {hands / t:.0f} hands/s")
