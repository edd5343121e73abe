"""Scoring a phoenix-style database to the three Parquet tables: one process (on one
core and on all), and a Ray cluster on this machine with one and with two worker
nodes of one CPU each (every node on 127.0.0.1, its own raylet and object store).

Wall times of the scoring job alone (the cluster is started before the clock and
stopped after it; actor start-up, shard reading and writing the parts are inside).
The database is a `logs synth` one of ``MAHJONG_FAST_BENCH_GAMES`` games (default
4,000) or the one ``MAHJONG_FAST_BENCH_DB`` names. On a two-core machine the two-node
cluster has the cores one process uses: it shows what the cluster costs, not a
speed-up; on real machines each node adds its cores.

The one-core run also reports games per CPU-second, its peak RSS, and bzip2 alone on
the same rows (docs/archives.md, "Throughput on one core").

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


# Also the CPU time of the job and its peak RSS (games per CPU-second is the per-core
# rate even on a shared machine), and the rate of bzip2 alone on the same rows in the
# same process (Python's bz2 module, the C library): the ratio of the two says how far
# the job is from decompression speed whatever the load.
ONE_CORE = """
import bz2, resource, sqlite3, sys, time
from mahjong_fast import engine
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
t, c = time.perf_counter(), cpu()
r = engine.score_tables([sys.argv[1]], sys.argv[2])
wall, spent = time.perf_counter() - t, cpu() - c
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
con = sqlite3.connect(sys.argv[1])
c, n = cpu(), 0
for (blob,) in con.execute("SELECT log_content FROM logs"):
    bz2.decompress(blob)
    n += 1
print(wall, r["games"], spent, rss, n / (cpu() - c))
"""


def test_one_process(benchmark, db: Path, tmp_path: Path) -> None:
    # One core: the replay's pool pinned to one thread (in its own process: the pool
    # is sized once per process).
    (tmp_path / "one").mkdir()
    out = subprocess.run([sys.executable, "-c", ONE_CORE, str(db), str(tmp_path / "one")], check=True,
                         capture_output=True, text=True, env={**os.environ, "RAYON_NUM_THREADS": "1"}).stdout.split()
    games = int(out[1])
    _note("one process, one core", float(out[0]), games)
    cpu, rss, bz2_rate = float(out[2]), float(out[3]), float(out[4])
    NOTES.append(("archive one core, per CPU-second", f"{games / cpu:8,.0f} games/CPU-s, peak RSS {rss:.0f} MB"))
    NOTES.append(("  bzip2 alone on the same rows", f"{bz2_rate:8,.0f} games/CPU-s ({bz2_rate * cpu / games:.2f}x)"))
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
