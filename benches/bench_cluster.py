"""Scoring a phoenix-style database to the three Parquet tables: one process (on one
core and on all), and a Ray cluster on this machine with one and with two worker
nodes of one CPU each (every node on 127.0.0.1, its own raylet and object store).

Wall times of the scoring job alone (the cluster is started before the clock and
stopped after it; actor start-up, shard reading and writing the parts are inside).
The database is a `logs synth` one of ``MAHJONG_FAST_BENCH_GAMES`` games (default
4,000) or the one ``MAHJONG_FAST_BENCH_DB`` names. On a two-core machine the two-node
cluster has the cores one process uses: it shows what the cluster costs, not a
speed-up; on real machines each node adds its cores.

Run: .venv/bin/python -m pytest benches/bench_cluster.py --benchmark-only -s
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import NOTES, record

pytest.importorskip("ray.data")

from mahjong_fast import archive_write, engine, ray_data  # noqa: E402

GAMES = int(os.environ.get("MAHJONG_FAST_BENCH_GAMES", "4000"))
TIMES = {}


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    given = os.environ.get("MAHJONG_FAST_BENCH_DB")
    if given:
        return Path(given)
    p = tmp_path_factory.mktemp("bench") / "synth.db"
    archive_write.synth(GAMES, p, seed=3)
    return p


def _note(label: str, seconds: float, games: int) -> None:
    TIMES[label] = seconds
    NOTES.append((f"archive {label}", f"{seconds:8.1f} s  {games / seconds:8,.0f} games/s"))
    if "one process, all cores" in TIMES and label.startswith("ray"):
        NOTES.append((f"  {label} / one process", f"{seconds / TIMES['one process, all cores']:8.2f}x wall time"))


ONE_CORE = """
import sys, time
from mahjong_fast import engine
t = time.perf_counter()
r = engine.score_tables([sys.argv[1]], sys.argv[2])
print(time.perf_counter() - t, r["games"])
"""


def test_one_process(benchmark, db: Path, tmp_path: Path) -> None:
    # One core: the replay's pool pinned to one thread (in its own process: the pool
    # is sized once per process).
    (tmp_path / "one").mkdir()
    out = subprocess.run([sys.executable, "-c", ONE_CORE, str(db), str(tmp_path / "one")], check=True,
                         capture_output=True, text=True, env={**os.environ, "RAYON_NUM_THREADS": "1"}).stdout.split()
    games = int(out[1])
    _note("one process, one core", float(out[0]), games)
    (tmp_path / "all").mkdir()
    t = time.perf_counter()
    rows = benchmark.pedantic(engine.score_tables, args=([db], tmp_path / "all"), rounds=1, iterations=1)
    _note("one process, all cores", time.perf_counter() - t, rows["games"])
    record(benchmark, "archive to tables, one process (games/s)", rows["games"])
    NOTES.append(("archive rows", f"{rows}"))


@pytest.mark.parametrize("workers", [1, 2])
def test_ray_nodes(benchmark, db: Path, tmp_path: Path, workers: int) -> None:
    with ray_data.local_cluster(workers=workers, cpus=1):
        t = time.perf_counter()
        r = benchmark.pedantic(ray_data.score_tables, args=([db], tmp_path), kwargs={"games": 500},
                               rounds=1, iterations=1)
        seconds = time.perf_counter() - t
    assert r["nodes"] == workers and r["skipped"] == []
    record(benchmark, f"archive to tables, Ray {workers} node(s) (games/s)", r["read"])
    _note(f"ray, {workers} worker node{'s' * (workers > 1)} x 1 CPU", seconds, r["read"])
