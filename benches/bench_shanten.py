"""Shanten, scalar and batch, beside the peers `mahjong` (pure Python) and
`riichienv` (Rust, per-call `calculate_shanten` on 136-ids; it has no batch call)
in the same run. Build first with `maturin develop --release` for real numbers.

Run: .venv/bin/python -m pytest benches/bench_shanten.py --benchmark-only
(docs/benchmarks.md comes from benches/suite.py: every peer, answers compared)
"""

from __future__ import annotations

import resource
import tracemalloc

import mahjong_fast as mf
import numpy as np
import pytest
from conftest import NOTES, RATIOS

N_SCALAR = 2_000
N_BATCH = 1_000_000


def _deal(n: int, seed: int) -> tuple[np.ndarray, list[list[int]]]:
    """`n` hands of 13 or 14 tiles dealt from shuffled walls: counts and 136-ids."""
    rng = np.random.default_rng(seed)
    ids = np.argsort(rng.random((n, 136)), axis=1)[:, :14].astype(np.int64)
    sizes = 13 + (np.arange(n) % 2)
    counts = np.zeros((n, 34), np.uint8)
    id_lists = []
    for i in range(n):
        row = ids[i, : sizes[i]]
        np.add.at(counts[i], row // 4, 1)
        id_lists.append(sorted(row.tolist()))
    return counts, id_lists


@pytest.fixture(scope="module")
def scalar_hands():
    counts, ids = _deal(N_SCALAR, 1)
    return counts, ids, [mf.from_counts(c.tolist()) for c in counts], [c.tolist() for c in counts]


@pytest.fixture(scope="module")
def batch_array():
    """`N_BATCH` distinct deals (no small set tiled)."""
    from suite import deal_hands

    return deal_hands(N_BATCH, 2)[1]


RATIOS.extend(
    [
        ("mahjong_fast scalar (mpsz)", "mahjong scalar", "scalar: mahjong_fast / mahjong"),
        ("mahjong_fast scalar (mpsz)", "riichienv scalar", "scalar: mahjong_fast / riichienv"),
        ("mahjong_fast batch, 1 thread", "riichienv scalar", "batch 1 thread / riichienv per call"),
        ("mahjong_fast batch, 2 threads", "mahjong_fast batch, 1 thread", "batch 2 threads / 1 thread"),
        ("mahjong_fast batch, all cores", "mahjong scalar", "batch all cores / mahjong per call"),
    ]
)


@pytest.mark.benchmark(group="shanten-scalar")
def test_mahjong_fast_scalar(benchmark, rec, scalar_hands):
    _, _, texts, _ = scalar_hands
    out = benchmark(lambda: [mf.shanten(t) for t in texts])
    rec(benchmark, "mahjong_fast scalar (mpsz)", len(texts))
    assert len(out) == len(texts)


@pytest.mark.benchmark(group="shanten-scalar")
def test_mahjong_fast_scalar_ids(benchmark, rec, scalar_hands):
    _, ids, _, _ = scalar_hands
    out = benchmark(lambda: [mf.shanten(h) for h in ids])
    rec(benchmark, "mahjong_fast scalar (136-ids)", len(ids))
    assert len(out) == len(ids)


@pytest.mark.benchmark(group="shanten-scalar")
def test_mahjong_scalar(benchmark, rec, scalar_hands):
    from mahjong.shanten import Shanten

    counts, _, texts, lists = scalar_hands
    sub = lists[:200]  # pure Python: a smaller slice keeps the run short
    out = benchmark(lambda: [Shanten.calculate_shanten(c) for c in sub])
    rec(benchmark, "mahjong scalar", len(sub))
    assert out == [mf.shanten(t) for t in texts[:200]]


@pytest.mark.benchmark(group="shanten-scalar")
def test_riichienv_scalar(benchmark, rec, scalar_hands):
    from riichienv import calculate_shanten

    _, ids, texts, _ = scalar_hands
    out = benchmark(lambda: [calculate_shanten(h) for h in ids])
    rec(benchmark, "riichienv scalar", len(ids))
    # Same answers as ours (riichienv counts every form, like shanten()).
    assert out == [mf.shanten(t) for t in texts]


@pytest.mark.benchmark(group="shanten-batch")
@pytest.mark.parametrize("threads", [1, 2, None], ids=["1 thread", "2 threads", "all cores"])
def test_mahjong_fast_batch(benchmark, rec, batch_array, threads):
    r = benchmark(lambda: mf.shanten_batch(batch_array, threads=threads))
    values, errors = r["shanten"], r.errors
    label = {1: "1 thread", 2: "2 threads", None: "all cores"}[threads]
    rec(benchmark, f"mahjong_fast batch, {label}", len(batch_array))
    assert not errors and len(values) == len(batch_array)


@pytest.mark.benchmark(group="shanten-batch")
def test_mahjong_fast_batch_strings(benchmark, rec, batch_array):
    many = [mf.from_counts(c.tolist()) for c in batch_array[:100_000]]  # distinct hands
    r = benchmark(lambda: mf.shanten_batch(many))
    rec(benchmark, "mahjong_fast batch of mpsz strings", len(many))
    assert not r.errors


@pytest.mark.benchmark(group="memory")
def test_memory(benchmark, batch_array):
    """Peak memory of a batch call: Python-side allocations (tracemalloc: the input
    is already built) and the process's peak resident size, plus the table size."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    benchmark.pedantic(mf.shanten_batch, args=(batch_array,), rounds=1, iterations=1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    NOTES.append(("embedded shanten tables", f"{mf._core.shanten_table_bytes() / 1e6:.2f} MB"))
    NOTES.append((f"batch of {len(batch_array):,}: traced Python peak", f"{peak / 1e6:.2f} MB"))
    NOTES.append(("process peak RSS (after / before the call)", f"{after / 1e3:.0f} / {before / 1e3:.0f} MB"))
    assert peak < 50e6
