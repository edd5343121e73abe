"""Self-play throughput of the round engine (random legal actions, whole east-south
matches), and replay speed on the real Tenhou logs when present.

Run: `.venv/bin/python -m pytest benches/bench_engine.py --benchmark-only -s`
(build with `maturin develop --release` first for real numbers). The peers
(`mahjong`, `riichienv`) have no comparable whole-match self-play entry point with
the same rules; riichienv's environment is timed when it exposes one.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import mahjong_fast as mf

N = int(os.environ.get("BENCH_MATCHES", "2000"))
TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[2] / "shared/data/tenhou"))


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def test_self_play_matches_per_second(benchmark) -> None:
    stats = benchmark.pedantic(lambda: mf.self_play(N, seed=7), rounds=3, iterations=1)
    assert stats["matches"] == N
    best = benchmark.stats.stats.min
    per_core = N / best / _cores()
    print(f"\nself-play: {N} matches in {best:.3f}s on {_cores()} cores = {N / best:.0f} matches/s, {per_core:.0f} per core; "
          f"{stats['hands'] / N:.1f} hands and {stats['decisions'] / N:.0f} decisions per match")


@pytest.mark.skipif(not (TENHOU / "raw").is_dir(), reason="real Tenhou data not present")
def test_replay_real_logs(benchmark) -> None:
    files = mf.list_log_files([TENHOU / "raw"])
    reports = benchmark.pedantic(lambda: mf.verify_logs(files), rounds=1, iterations=1)
    hands = sum(r.get("rounds", 0) for r in reports)
    t = benchmark.stats.stats.min
    print(f"\nreplay: {len(files)} files, {hands} hands in {t:.2f}s = {hands / t:.0f} hands/s (scored with riichi.score)")
