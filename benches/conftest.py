"""Shared benchmark plumbing: each bench records hands/s under a name, and the
session ends with a table of rates and ratios (this project vs its peers, measured
in the same run)."""

from __future__ import annotations

from typing import Dict, List, Tuple

import pytest

# name -> (hands per call, median seconds per call: robust on a shared machine)
RESULTS: Dict[str, Tuple[int, float]] = {}
# (label, value) lines printed after the table (memory, table size, ...)
NOTES: List[Tuple[str, str]] = []
# (numerator, denominator, label) ratios to print when both sides ran
RATIOS: List[Tuple[str, str, str]] = []


def record(benchmark, name: str, hands: int) -> None:
    """Remember the rate of a finished `benchmark` run (skipped when disabled)."""
    stats = getattr(benchmark, "stats", None)
    if stats is None or not getattr(stats, "stats", None):
        return
    RESULTS[name] = (hands, stats.stats.median)


def pytest_terminal_summary(terminalreporter):
    if not RESULTS:
        return
    tr = terminalreporter
    tr.section("hands per second (same run)")
    for name, (hands, mean) in RESULTS.items():
        tr.write_line(f"{name:<46} {hands / mean:>14,.0f} hands/s  ({mean / hands * 1e9:8.1f} ns/hand)")
    for num, den, label in RATIOS:
        if num in RESULTS and den in RESULTS:
            a = RESULTS[num][0] / RESULTS[num][1]
            b = RESULTS[den][0] / RESULTS[den][1]
            tr.write_line(f"ratio {label:<40} {a / b:>10.1f}x")
    for label, value in NOTES:
        tr.write_line(f"{label:<46} {value}")


@pytest.fixture
def rec():
    return record
