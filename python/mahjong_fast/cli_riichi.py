"""`mahjong-fast score`: score a riichi win from the command line.

Example:
    $ mahjong-fast score 123m456p789s23455s --win 2s --tsumo --riichi --dora 1s
    $ mahjong-fast score 234567m234p22s --win 6m --melds chi:678s --rules tenhou --json
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Dict, List, Tuple

from mahjong_fast.cli_common import SEAT, Parser, UsageError, int_range, read_text
from mahjong_fast.cli_common import run_lines as lines_of_hands
from mahjong_fast.riichi import ScoreResult, score
from mahjong_fast.rules import PRESETS, load_rules

_FLAGS = [
    ("tsumo", "won by self-draw (default: ron)"),
    ("riichi", "riichi declared"),
    ("double-riichi", "double riichi"),
    ("ippatsu", "won within one go-around of riichi"),
    ("haitei", "won on the last tile of the wall"),
    ("houtei", "won on the last discard"),
    ("rinshan", "won on a kan replacement tile"),
    ("chankan", "won by robbing a kan"),
    ("tenhou", "dealer's win on the dealt hand"),
    ("chiihou", "non-dealer's win on the first draw"),
    ("renhou", "non-dealer's ron before the first draw"),
]


def result_dict(r: ScoreResult) -> Dict[str, Any]:
    """A JSON-ready dict of a result (its ``to_dict()``: every field, the context under "context").

    Example:
        >>> result_dict(score("123m456p789s23455s", "2s", self_draw=True))["points"]
        1500
    """
    return r.to_dict()


def breakdown(r: ScoreResult, rules_name: str) -> str:
    """A readable, multi-line breakdown of a result.

    Example:
        >>> print(breakdown(score("123m456p789s23455s", "2s", self_draw=True), "standard").splitlines()[0])
        Yaku
    """
    lines = ["Yaku"]
    for y in r.yaku:
        value = ("yakuman" if y.han == 1 else f"{y.han}x yakuman") if y.yakuman else f"{y.han} han"
        lines.append(f"  {y.name:<34} {value:<10} {y.romaji} / {y.japanese}")
    for name, n in (("Dora", r.dora), ("Red fives (aka dora)", r.aka), ("Ura dora", r.ura), ("Kita (north dora)", r.kita)):
        if n:
            lines.append(f"  {name:<34} {n} han")  # noqa: E501
    if r.yakuman:
        lines.append(f"Value: {r.limit}")
    else:
        lines.append(f"Han: {r.han}")
        lines.append(f"Fu: {r.fu}" + ("" if r.form == "chiitoitsu" else f" ({r.form}, {r.wait} wait)"))
        for _, desc, fu in r.fu_items:
            lines.append(f"  {desc:<34} {fu:>3}")
        if r.limit:
            lines.append(f"Limit: {r.limit}")
    lines.append(f"Base points: {r.base}")
    who = "dealer" if r.is_dealer else "non-dealer"
    if r.tsumo:
        if r.is_dealer:
            lines.append(f"Tsumo ({who}): {r.tsumo_dealer_payment} from each player = {r.points}")
        else:
            lines.append(
                f"Tsumo ({who}): {r.tsumo_dealer_payment} from the dealer, {r.tsumo_non_dealer_payment} from each "
                f"other player = {r.points}"
            )
    else:
        lines.append(f"Ron ({who}): {r.ron_payment} from the discarder")
    if r.honba_points or r.sticks_points:
        lines.append(f"Honba: +{r.honba_points}   Riichi sticks: +{r.sticks_points}")
    if r.pao_applied:
        lines.append("Pao: the liable player pays (all on tsumo, half on ron)")
    lines.append(f"Total to the winner: {r.total}")
    lines.append("Score changes by seat: " + "  ".join(f"{i}:{d:+d}" for i, d in enumerate(r.deltas)))
    lines.append(f"Rules: {rules_name}")
    return "\n".join(lines)


def _score_args(args: argparse.Namespace) -> ScoreResult:
    rules = load_rules(args.rules)
    ctx: Dict[str, Any] = {name.replace("-", "_"): getattr(args, name.replace("-", "_")) for name, _ in _FLAGS}
    ctx["self_draw"] = ctx.pop("tsumo")
    ctx.update(
        round_wind=args.round_wind,
        dora=args.dora or None,
        ura=args.ura or None,
        honba=args.honba,
        riichi_sticks=args.sticks,
        kita=args.kita,
        n_players=3 if args.sanma else 4,
    )
    if args.winner is not None:
        ctx.update(winner=args.winner, dealer=args.dealer or 0)
        if args.discarder is not None:
            ctx["discarder"] = args.discarder
    else:
        ctx["seat_wind"] = args.seat_wind
    if args.pao is not None:
        ctx["pao"] = args.pao
    melds = [m for m in (args.melds or "").replace(";", ",").split(",") if m.strip()] if args.melds else None
    return score(args.hand, win_tile=args.win, melds=melds, rules=rules, **ctx)


def run(args: argparse.Namespace) -> int:
    """Score the hand described by the parsed arguments and print it (with HAND
    ``-`` or ``--file``: one hand a line).

    Example:
        >>> from mahjong_fast.cli import build_parser
        >>> run(build_parser().parse_args(["score", "123m456p789s23455s", "--win", "2s", "--tsumo", "--json"]))  # doctest: +ELLIPSIS
        {...
        0
    """
    if args.file is not None or args.hand == "-":
        if args.file is not None and args.hand is not None:
            raise UsageError("mahjong-fast score", "give HAND or --file, not both")
        return run_lines(args, read_text(args.file if args.file is not None else "-").splitlines())
    if args.hand is None:
        raise UsageError("mahjong-fast score", "give HAND, - (hands on standard input) or --file FILE")
    r = _score_args(args)
    if args.json:
        print(json.dumps(result_dict(r), ensure_ascii=False, indent=2))
    else:
        print(breakdown(r, load_rules(args.rules).name))
    return 0


def run_lines(args: argparse.Namespace, lines: List[str]) -> int:
    """Score one hand a line: each line is a HAND and, optionally, the options of
    `score` for it (``123m456p789s23455s --win 2s --tsumo``), on top of the options
    of the command (`cli_common.run_lines`: bad lines reported, the others scored).

    Example:
        >>> from mahjong_fast.cli import build_parser
        >>> ns = build_parser().parse_args(["score", "--file", "-", "--tsumo"])
        >>> run_lines(ns, ["123m456p789s23455s --win 2s", "# a comment"])
        1: 123m456p789s23455s --win 2s: ScoreResult(2 han 20 fu, 1500 points, [menzen_tsumo 1, pinfu 1], deltas=[-700, 1500, -400, -400])
        0
    """

    def one(ns: argparse.Namespace) -> Tuple[dict, str]:
        r = _score_args(ns)
        return result_dict(r), repr(r)

    return lines_of_hands(args, lines, _line_parser(), one)


def _line_parser() -> argparse.ArgumentParser:
    p = Parser(prog="mahjong-fast score")
    _add_options(p, line=True)
    return p


def _add_options(p: argparse.ArgumentParser, line: bool = False) -> None:
    """The options of one hand (on the command line, or on a line of --file)."""
    if line:
        p.add_argument("hand")
    else:
        p.add_argument("hand", nargs="?", help="concealed tiles in mpsz, with or without the winning tile; "
                       "- reads one hand a line from standard input (like --file -)")
    p.add_argument("--win", help="the winning tile (default: the last tile written)")
    p.add_argument("--melds", help='melds, comma-separated: "pon:555z,chi:340m,ankan:1111s"')
    for name, help_ in _FLAGS:
        p.add_argument(f"--{name}", action="store_true", help=help_)
    p.add_argument("--seat-wind", default="S", help="winner's seat wind E/S/W/N (default S: non-dealer)")
    p.add_argument("--round-wind", default="E", help="round wind E/S/W/N (default E)")
    p.add_argument("--winner", type=SEAT, help="winner's seat 0-3 (instead of --seat-wind)")
    p.add_argument("--dealer", type=SEAT, help="dealer's seat 0-3 (with --winner)")
    p.add_argument("--discarder", type=SEAT, help="seat 0-3 that dealt in (with --winner)")
    p.add_argument("--pao", type=SEAT, help="seat 0-3 liable for a pao yakuman")
    p.add_argument("--dora", help="dora indicators in mpsz")
    p.add_argument("--ura", help="ura dora indicators in mpsz")
    p.add_argument("--honba", type=int_range(0, 255), default=0, help="honba counters, 0-255")
    p.add_argument("--sticks", type=int_range(0, 255), default=0, help="riichi sticks the winner collects, 0-255")
    p.add_argument("--kita", type=int_range(0, 4), default=0, help="north tiles set aside (3-player), 0-4")
    p.add_argument("--sanma", action="store_true", help="3-player game")
    p.add_argument("--rules", default="standard", help=f"preset ({', '.join(PRESETS)}) or a .toml file")


def register(sub: argparse._SubParsersAction) -> None:
    """Add `mahjong-fast score` to the command's subparsers.

    Example:
        >>> import argparse
        >>> register(argparse.ArgumentParser().add_subparsers())
    """
    p = sub.add_parser(
        "score",
        help="score a riichi win (yaku, fu, points, payments)",
        description="Score a riichi win. Tiles in mpsz: 123m456p789s11z, 0 = red five; "
        "honors 1z-7z = East South West North White Green Red.",
    )
    _add_options(p)
    p.add_argument("--file", help="score one hand a line of FILE (- = standard input): HAND then, optionally, "
                   "this command's options for it; the options given here apply to every line")
    p.add_argument("--json", action="store_true", help="print JSON instead of the breakdown (with --file: one object a line)")
    p.set_defaults(func=run)


def sample_wins() -> list:
    """The bundled sample of winning hands (generated, not real game data).

    Example:
        >>> len(sample_wins())
        1000
    """
    from importlib import resources

    text = resources.files("mahjong_fast").joinpath("data/riichi_wins.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line and not line.startswith("#")]


def demo(quick: bool = False) -> None:
    """The riichi part of `mahjong-fast demo`: score the bundled wins one by one and in bulk.

    Example:
        >>> demo(quick=True)  # doctest: +SKIP
    """
    import time
    from collections import Counter

    from mahjong_fast.riichi import LIMITS, score_many, wins_to_columns

    wins = sample_wins()
    if quick:
        wins = wins[:200]
    rules = load_rules("standard")
    t0 = time.perf_counter()
    results = [score(**w, rules=rules) for w in wins]
    dt_one = time.perf_counter() - t0
    cols = wins_to_columns(wins)
    reps = 20 if quick else 200
    import numpy as np

    big = {k: np.ascontiguousarray(np.concatenate([v] * reps)) for k, v in cols.items()}
    t0 = time.perf_counter()
    out = score_many(big, rules=rules)
    dt_many = time.perf_counter() - t0
    n_big = len(big["win"])
    assert not out.errors
    assert [r.points for r in results] == out["points"][: len(wins)].tolist()
    print("== Riichi scoring (standard rules)")
    print(f"riichi: scored {len(wins)} sample wins one by one in {dt_one * 1e3:.1f} ms "
          f"({dt_one / len(wins) * 1e6:.1f} us per call)")
    print(f"riichi: score_many on {n_big:,} wins in {dt_many * 1e3:.1f} ms ({n_big / dt_many / 1e6:.2f} M wins/s)")
    yaku = Counter(y.name for r in results for y in r.yaku)
    limits = Counter(LIMITS[i] or "below mangan" for i in out["limit"][: len(wins)].tolist())
    print("riichi: most common yaku: " + ", ".join(f"{k} ({v})" for k, v in yaku.most_common(6)))
    print("riichi: limits: " + ", ".join(f"{k} {v}" for k, v in limits.most_common()))
    best = max(results, key=lambda r: r.points)
    print(f"riichi: biggest hand: {best!r}")
