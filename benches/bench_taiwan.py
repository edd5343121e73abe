"""Taiwan 16-tile tai scoring: batch (all cores, 1 thread) and scalar calls.

No Taiwan 16-tile scoring package exists on PyPI to time beside ours (the peers
`mahjong` and `riichienv` score riichi hands only; `pymahjonggb` is the Chinese
Official / MCR fan table), so the ratios here compare our own entry points:
batch vs the scalar Python API, and threads. Build first with
`maturin develop --release` for real numbers.

Run: .venv/bin/python -m pytest benches/bench_taiwan.py --benchmark-only
"""

from __future__ import annotations

import resource
import time
import tracemalloc

import mahjong_fast as mf
import pytest
from mahjong_fast import taiwan as tw

# name -> (hands per call, median seconds); printed with ratios when the module ends.
RATES: dict = {}
NOTES: list = []
RATIOS = [
    ("taiwan batch, all cores", "taiwan scalar (Python API)", "batch all cores / scalar"),
    ("taiwan batch, 1 thread", "taiwan scalar (Python API)", "batch 1 thread / scalar"),
    ("taiwan batch, all cores", "taiwan batch, 1 thread", "all cores / 1 thread"),
]


class _Summary:
    """Prints the rates and ratios at the end of the session (a runtime plugin, so
    this file needs no conftest)."""

    def pytest_terminal_summary(self, terminalreporter):
        tr = terminalreporter
        if not RATES and not NOTES:
            return
        tr.section("Taiwan scoring, hands per second (same run)")
        for name, (n, sec) in RATES.items():
            tr.write_line(f"{name:<34} {n / sec:>14,.0f} hands/s  ({sec / n * 1e9:8.1f} ns/hand)")
        for a, b, label in RATIOS:
            if a in RATES and b in RATES:
                ra = RATES[a][0] / RATES[a][1]
                rb = RATES[b][0] / RATES[b][1]
                tr.write_line(f"ratio {label:<28} {ra / rb:>10.1f}x")
        for label, value in NOTES:
            tr.write_line(f"{label:<46} {value}")


@pytest.fixture(scope="module", autouse=True)
def report(request):
    pm = request.config.pluginmanager
    if not pm.has_plugin("taiwan-bench-summary"):
        pm.register(_Summary(), "taiwan-bench-summary")
    yield


N_BATCH = 1_000_000
N_SCALAR = 2_000


@pytest.fixture(scope="module")
def hands():
    return tw.sample_winning_hands(N_BATCH, seed=11)  # distinct hands, none repeated


@pytest.fixture(scope="module")
def scalar_inputs():
    cols = tw.sample_winning_hands(N_SCALAR, seed=12)
    out = []
    for i, c in enumerate(cols["concealed"]):
        text = mf._core.from_counts(c.tolist())
        win = mf._core.from_counts([1 if k == cols["win_tile"][i] else 0 for k in range(34)])
        out.append(dict(hand=text, win_tile=win, seat_wind=int(cols["seat_wind"][i]), round_wind=int(cols["round_wind"][i]),
                        flowers=int(cols["flowers"][i]), self_draw=bool(cols["flags"][i] & 1)))
    return out


def _record(benchmark, name, n):
    stats = getattr(benchmark, "stats", None)
    if stats is not None and getattr(stats, "stats", None):
        RATES[name] = (n, stats.stats.median)


@pytest.mark.benchmark(group="taiwan-batch")
@pytest.mark.parametrize("threads", [1, None], ids=["1 thread", "all cores"])
def test_taiwan_batch(benchmark, hands, threads):
    r = benchmark(lambda: tw.score_batch(hands, threads=threads))
    _record(benchmark, f"taiwan batch, {'1 thread' if threads == 1 else 'all cores'}", r.n_rows)
    assert (r["tai"] >= 0).all() and r.n_rows == len(hands["win_tile"]) and not r.errors


@pytest.mark.benchmark(group="taiwan-scalar")
def test_taiwan_scalar(benchmark, scalar_inputs):
    out = benchmark(lambda: [tw.score(**h).total for h in scalar_inputs])
    _record(benchmark, "taiwan scalar (Python API)", len(scalar_inputs))
    # The scalar path and the batch path agree.
    assert tw.score_batch(scalar_inputs)["tai"].tolist() == out


@pytest.mark.benchmark(group="taiwan-batch")
def test_taiwan_batch_cpu_time(benchmark, hands):
    """Per-core rate from CPU time (process_time) of a 1-thread batch: on a machine
    shared with other jobs, wall time also counts the waits for a free core."""
    conc = hands["concealed"]

    def run():
        t0 = time.process_time()
        tw.score_batch(hands, threads=1)
        return time.process_time() - t0

    times = []
    benchmark.pedantic(lambda: times.append(run()), rounds=3, iterations=1)
    cpu = min(times)
    NOTES.append(("taiwan batch, 1 thread, CPU time", f"{len(conc) / cpu:,.0f} hands/s per core ({cpu / len(conc) * 1e9:.0f} ns/hand)"))
    assert cpu > 0


@pytest.mark.benchmark(group="taiwan-memory")
def test_taiwan_memory(benchmark, hands):
    conc = hands["concealed"]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    benchmark.pedantic(tw.score_batch, args=(hands,), rounds=1, iterations=1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    NOTES.append((f"taiwan batch of {len(conc):,}: traced Python peak", f"{peak / 1e6:.2f} MB"))
    NOTES.append(("taiwan: process peak RSS (after / before)", f"{after / 1e3:.0f} / {before / 1e3:.0f} MB"))
    assert peak < 100e6
