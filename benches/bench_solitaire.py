"""Shanghai solitaire: solver time per uniform Turtle deal (median / p99 / max),
batch throughput on all cores, and peak memory.

No Mahjong-solitaire solver is published on PyPI (searched the package index for
mahjong / mahjongg / shanghai / solitaire: the mahjong packages there score riichi
or Chinese hands, `makemahjongg` builds GNOME tilesets), so there is no peer to time
beside ours; the ratios compare our own entry points (batch on all cores vs one
deal at a time). Build with `maturin develop --release` first for real numbers.

Run: .venv/bin/python -m pytest benches/bench_solitaire.py --benchmark-only -s
"""

from __future__ import annotations

import resource
import time

import pytest
from conftest import NOTES, RATIOS, record
from mahjong_fast import SolitaireBoard, SolitaireLayout
from mahjong_fast._core import solitaire_solve, solitaire_survey, solitaire_uniform_faces

N_DEALS = 400
SEED = 77
BUDGET = dict(max_nodes=5_000_000, max_millis=250)


@pytest.fixture(scope="module")
def turtle():
    return SolitaireLayout.builtin("turtle")


@pytest.fixture(scope="module")
def deals(turtle):
    return [solitaire_uniform_faces(turtle, SEED, i) for i in range(N_DEALS)]


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(q * len(xs))) - 1))]


def test_solver_per_deal(benchmark, turtle, deals):
    """One deal at a time through the Python API; records the per-deal distribution."""
    boards = [SolitaireBoard(turtle, f) for f in deals]
    times = []
    verdicts = {"solvable": 0, "unsolvable": 0, "unknown": 0}

    def run():
        times.clear()
        for v in verdicts:
            verdicts[v] = 0
        for b in boards:
            r = solitaire_solve(b, **BUDGET)
            times.append(r["micros"] / 1000.0)
            verdicts[r["verdict"]] += 1

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    benchmark.pedantic(run, rounds=1, iterations=1)
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    record(benchmark, "solitaire solve, one deal per call", len(boards))
    NOTES.append(
        (
            "solitaire per deal (ms)",
            f"median {_pct(times, 0.5):.3f}  p99 {_pct(times, 0.99):.3f}  max {max(times):.3f}  "
            f"({verdicts['solvable']} solvable, {verdicts['unsolvable']} unsolvable, {verdicts['unknown']} unknown)",
        )
    )
    NOTES.append(("solitaire peak RSS (process, MiB)", f"{after / 1024:.0f} (grew {max(0, after - before) / 1024:.0f})"))
    assert sum(verdicts.values()) == len(boards)


def test_survey_all_cores(benchmark, turtle):
    """The survey entry point: GIL released, rayon across all cores."""

    def run():
        return solitaire_survey(turtle, SEED, 0, N_DEALS, BUDGET["max_nodes"], BUDGET["max_millis"])

    t0 = time.perf_counter()
    v, _, _ = benchmark.pedantic(run, rounds=1, iterations=1)
    wall = time.perf_counter() - t0
    record(benchmark, "solitaire survey, all cores", N_DEALS)
    NOTES.append(("solitaire survey wall for 1M deals (est.)", f"{wall / N_DEALS * 1e6 / 60:.1f} min"))
    assert len(v) == N_DEALS


RATIOS.append(("solitaire survey, all cores", "solitaire solve, one deal per call", "solitaire batch / one at a time"))


def test_atlas_row(benchmark):
    """One atlas row (uniform deals solved at the atlas's budget, one random playout
    each, the reverse generator tried once each) and the whole atlas's time read
    from docs/solitaire_atlas.json when it is there."""
    import json
    from pathlib import Path

    from mahjong_fast.solitaire_batch import atlas_row

    row = benchmark.pedantic(lambda: atlas_row("turtle", 200, max_nodes=20_000, max_millis=5), rounds=1, iterations=1)
    record(benchmark, "solitaire atlas row, 200 Turtle deals", 200)
    NOTES.append(("solitaire atlas row: 1,000 deals (est.)", f"{row['wall_seconds'] * 5:.1f} s"))
    doc = Path(__file__).resolve().parents[1] / "docs/solitaire_atlas.json"
    if doc.exists():
        meta = json.loads(doc.read_text())["meta"]
        NOTES.append(
            (
                "solitaire atlas (docs/solitaire_atlas.json)",
                f"{meta['layouts_done']} of {meta['layouts_total']} boards in {meta['wall_seconds'] / 60:.1f} min"
                + (f" wall, {meta['cpu_seconds'] / 60:.1f} min CPU" if "cpu_seconds" in meta else ""),
            )
        )
    assert row["deals"] == 200
