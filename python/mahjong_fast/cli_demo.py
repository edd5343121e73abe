"""`mahjong-fast demo`: the package's main job on bundled sample data.

Example:
    $ mahjong-fast demo
"""

from __future__ import annotations

import argparse
import time
from importlib import resources

import mahjong_fast as mf


def sample_hands() -> list[str]:
    """The bundled sample hands (mpsz, one per line).

    Example:
        >>> len(sample_hands()) > 0
        True
    """
    text = resources.files("mahjong_fast").joinpath("data/sample_hands.txt").read_text(encoding="utf-8")
    return [line.split("#")[0].strip() for line in text.splitlines() if line.split("#")[0].strip()]


def run(args: argparse.Namespace) -> int:
    hands = sample_hands()
    t0 = time.perf_counter()
    counts = [mf.to_counts(h) for h in hands]
    dt = time.perf_counter() - t0
    print(f"parsed {len(counts)} sample hands in {dt * 1e3:.1f} ms")
    from mahjong_fast import cli_riichi

    cli_riichi.demo(quick=args.quick)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="run the main job on bundled sample data")
    p.add_argument("--quick", action="store_true", help="a smaller run")
    p.set_defaults(func=run)
