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
    taiwan_demo(quick=args.quick)
    from mahjong_fast import cli_riichi

    cli_riichi.demo(quick=args.quick)
    return 0


def taiwan_demo(quick: bool = False) -> None:
    """Taiwan 16-tile: one hand scored, a seed-003 flower win, batch throughput.

    Example:
        >>> taiwan_demo(quick=True)  # doctest: +ELLIPSIS
        == Taiwan 16-tile ...
    """
    from mahjong_fast import taiwan as tw

    print("== Taiwan 16-tile (tai, flowers of seed 003)")
    s = tw.score("234m567m345p678p234s55s", win_tile="4s", self_draw=True, flowers="春夏", seat_wind="S",
                 rules=tw.TaiwanRules.preset("seed003"))
    print("234m567m345p678p234s55s, self-drawn 4s, South seat, flowers 春夏 (seed 003 rules):")
    for p in s.patterns:
        print(f"  {p}")
    print(f"  total {s.total} tai -> {tw.TaiwanRules().points(s.total)} from each non-dealer")
    n = 20_000 if quick else 500_000
    conc, ctx = tw.sample_winning_hands(n, seed=7)
    t0 = time.perf_counter()
    tai, _ = tw.score_batch(conc, ctx)
    dt = time.perf_counter() - t0
    print(f"  batch: {n} random winning hands scored in {dt * 1e3:.1f} ms "
          f"({n / dt / 1e6:.2f} M hands/s, mean {tai.mean():.2f} tai)")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="run the main job on bundled sample data")
    p.add_argument("--quick", action="store_true", help="a smaller run")
    p.set_defaults(func=run)
