"""`mahjong-fast demo`: the package's main job on bundled sample data.

The demo is a list of sections (`SECTIONS`); each is a function taking the parsed
arguments and the shared `Samples`, printing what it found and how fast. Later
areas append their own sections.

Example:
    $ mahjong-fast demo
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from typing import Callable, List, Tuple

import mahjong_fast as mf


def _data_lines(name: str) -> list[str]:
    text = resources.files("mahjong_fast").joinpath(f"data/{name}").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.split("#")[0].strip()]


def sample_hands() -> list[str]:
    """The bundled random hands (14 tiles dealt from shuffled walls, mpsz).

    Example:
        >>> len(sample_hands()) > 0
        True
    """
    return [line.split("#")[0].strip() for line in _data_lines("sample_hands.txt")]


def sample_games() -> list[Tuple[str, list[str], str]]:
    """The bundled winning and ready hands: (concealed mpsz, melds, "win" | "tenpai").

    Example:
        >>> sample_games()[0][2] in ("win", "tenpai")
        True
    """
    out = []
    for line in _data_lines("sample_games.txt"):
        body, _, label = line.partition("#")
        parts = body.split()
        out.append((parts[0], parts[1:], label.strip()))
    return out


@dataclass
class Samples:
    """The bundled data, shared by the sections."""

    random_hands: List[str] = field(default_factory=sample_hands)
    games: List[Tuple[str, List[str], str]] = field(default_factory=sample_games)


def _rate(n: int, seconds: float) -> str:
    per = n / seconds if seconds > 0 else float("inf")
    return f"{per / 1e6:.2f} M hands/s" if per >= 1e6 else f"{per / 1e3:.0f} k hands/s"


def _timed(fn: Callable[[], object]) -> Tuple[object, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def section_parse(args: argparse.Namespace, s: Samples) -> None:
    counts, dt = _timed(lambda: [mf.to_counts(h) for h in s.random_hands])
    print(f"parse      {len(counts)} random hands and {len(s.games)} game hands; mpsz -> counts at {_rate(len(counts), dt)}")


def section_shanten(args: argparse.Namespace, s: Samples) -> None:
    import numpy as np

    hands = s.random_hands
    values, dt_scalar = _timed(lambda: [mf.shanten(h) for h in hands])
    dist = Counter(values)  # type: ignore[arg-type]
    print("shanten    random 14-tile hands: " + ", ".join(f"{k}: {dist[k]}" for k in sorted(dist)))
    arr = np.array([mf.to_counts(h) for h in hands], np.uint8)
    result = mf.shanten_batch(arr)
    assert not result.errors and result["shanten"].tolist() == values, "batch and scalar disagree"
    reps = 50 if args.quick else 500
    big = np.tile(arr, (reps, 1))
    _, dt_batch = _timed(lambda: mf.shanten_batch(big))
    _, dt_one = _timed(lambda: mf.shanten_batch(big, threads=1))
    _, dt_str = _timed(lambda: mf.shanten_batch(hands))
    print(
        f"           speed: scalar {_rate(len(hands), dt_scalar)}, batch of strings {_rate(len(hands), dt_str)}, "
        f"batch array ({len(big):,} rows) {_rate(len(big), dt_batch)} on all cores, {_rate(len(big), dt_one)} on one"
    )


def section_waits(args: argparse.Namespace, s: Samples) -> None:
    ready = [(h, m) for h, m, label in s.games if label == "tenpai"]
    (waits, dt) = _timed(lambda: [mf.waits(h, melds=m) for h, m in ready])
    n_waits = Counter(len(w) for w in waits)  # type: ignore[union-attr]
    tenpai = sum(1 for w in waits if w)  # type: ignore[union-attr]
    print(
        f"waits      {tenpai}/{len(ready)} generated ready hands are tenpai; wait kinds per hand: "
        + ", ".join(f"{k}: {n_waits[k]}" for k in sorted(n_waits))
        + f" ({_rate(len(ready), dt)})"
    )
    h, m = ready[0]
    print(f"           e.g. {h} {' '.join(m)} waits on {' '.join(mf.waits(h, melds=m))}; ukeire {mf.ukeire(h, melds=m)[0]} tiles")


def section_decompose(args: argparse.Namespace, s: Samples) -> None:
    wins = [(h, m) for h, m, label in s.games if label == "win"]
    (splits, dt) = _timed(lambda: [mf.decompose(h, melds=m) for h, m in wins])
    forms = Counter(sp["form"] for ss in splits for sp in ss)  # type: ignore[union-attr]
    many = Counter(len(ss) for ss in splits)  # type: ignore[union-attr]
    complete = sum(1 for ss in splits if ss)  # type: ignore[union-attr]
    print(
        f"decompose  {complete}/{len(wins)} generated winning hands split; readings: "
        + ", ".join(f"{k}: {v}" for k, v in forms.most_common())
        + "; splits per hand: "
        + ", ".join(f"{k}: {many[k]}" for k in sorted(many))
        + f" ({_rate(len(wins), dt)})"
    )
    counts = mf.decomposition_count_batch([h for h, m in wins if not m])["count"]
    print(f"           batch decomposition count over the closed ones: {int(counts.sum())} readings")


def section_taiwan(args: argparse.Namespace, s: Samples) -> None:
    taiwan_demo(quick=args.quick)


def section_solitaire(args: argparse.Namespace, s: Samples) -> None:
    from mahjong_fast import cli_solitaire

    cli_solitaire.demo(quick=args.quick)


def section_riichi(args: argparse.Namespace, s: Samples) -> None:
    from mahjong_fast import cli_riichi

    cli_riichi.demo(quick=args.quick)


# Sections in the order they print; later areas append theirs.
SECTIONS: List[Callable[[argparse.Namespace, Samples], None]] = [
    section_parse,
    section_shanten,
    section_waits,
    section_decompose,
    section_taiwan,
    section_riichi,
    section_solitaire,
]


def run(args: argparse.Namespace) -> int:
    samples = Samples()
    for section in SECTIONS:
        section(args, samples)
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
    hands = tw.sample_winning_hands(n, seed=7)
    t0 = time.perf_counter()
    tai = tw.score_batch(hands)["tai"]
    dt = time.perf_counter() - t0
    print(f"  batch: {n} random winning hands scored in {dt * 1e3:.1f} ms "
          f"({n / dt / 1e6:.2f} M hands/s, mean {tai.mean():.2f} tai)")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="run the main job on bundled sample data")
    p.add_argument("--quick", action="store_true", help="a smaller run")
    p.set_defaults(func=run)
