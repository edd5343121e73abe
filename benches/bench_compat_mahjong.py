"""``estimate_hand_value`` through the ``mahjong`` package and through the drop-in
(``mahjong_fast.compat.mahjong``) on the same generated hands and configs, in one run.

Run:
    .venv/bin/python benches/bench_compat_mahjong.py          (prints the table)
    .venv/bin/python -m pytest benches/bench_compat_mahjong.py --benchmark-only -s

The arguments (tiles, ``Meld`` and ``HandConfig`` objects) are built before timing,
each package with its own classes; the rounds alternate between the two packages and
the best of each is kept (the least disturbed on a shared machine).
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import pytest  # noqa: E402
from compat_diff import inputs  # noqa: E402
from riichi_gen import random_win  # noqa: E402

N_HANDS = int(os.environ.get("BENCH_WINS", "2000"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))


def prepared(pkg: Any, xs: List[Dict[str, Any]]) -> Callable[[], None]:
    """One call per hand of ``pkg``'s ``estimate_hand_value`` on prebuilt arguments."""
    Meld = pkg.meld.Meld
    hc = pkg.hand_calculating.hand_config
    calc = pkg.hand_calculating.hand.HandCalculator
    kinds = {
        "chi": (Meld.CHI, True),
        "pon": (Meld.PON, True),
        "daiminkan": (Meld.KAN, True),
        "kakan": (Meld.SHOUMINKAN, True),
        "ankan": (Meld.KAN, False),
    }
    options = hc.OptionalRules(has_open_tanyao=True, has_aka_dora=True)
    args = []
    for x in xs:
        melds = [Meld(meld_type=kinds[k][0], tiles=ids, opened=kinds[k][1]) for k, ids in x["melds"]]
        args.append((x["tiles"], x["win"], melds, x["dora"], hc.HandConfig(options=options, **x["flags"]), x["ura"]))

    def run() -> None:
        for tiles, win, melds, dora, config, ura in args:
            calc.estimate_hand_value(
                tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
            )

    return run


def measure(n: int = N_HANDS, rounds: int = ROUNDS) -> Tuple[float, float]:
    """Best seconds per hand of (mahjong, drop-in)."""
    import importlib

    import mahjong
    import mahjong_fast.compat.mahjong as ours

    for pkg in (mahjong, ours):
        for sub in ("meld", "hand_calculating.hand", "hand_calculating.hand_config"):
            importlib.import_module(f"{pkg.__name__}.{sub}")
    rng = random.Random(5)
    xs = [inputs(random_win(rng), rng) for _ in range(n)]
    theirs, mine = prepared(mahjong, xs), prepared(ours, xs)
    best = [float("inf"), float("inf")]
    for _ in range(rounds):
        for i, f in enumerate((theirs, mine)):
            t = time.perf_counter()
            f()
            best[i] = min(best[i], (time.perf_counter() - t) / n)
    return best[0], best[1]


@pytest.mark.benchmark(group="compat")
def test_dropin_speed(benchmark):
    pytest.importorskip("mahjong")
    theirs, mine = benchmark.pedantic(measure, args=(500, 3), rounds=1, iterations=1)
    print(f"\nmahjong {theirs * 1e6:.1f} us/hand, drop-in {mine * 1e6:.1f} us/hand, {theirs / mine:.1f}x")
    assert mine < theirs


if __name__ == "__main__":
    theirs, mine = measure()
    print(
        f"| package | us per hand |\n|---|---|\n| mahjong | {theirs * 1e6:.1f} |\n"
        f"| mahjong_fast.compat.mahjong | {mine * 1e6:.1f} |\n\nratio: {theirs / mine:.1f}x ({N_HANDS} hands,"
        f" best of {ROUNDS} rounds)"
    )
