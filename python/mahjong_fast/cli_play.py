"""`mahjong-fast match play`: mjai bots (programs speaking mjai on stdin/stdout, one
process per seat) play whole matches through the engine; seats without a command are
played by the built-in random player. The fault rule is `mjai_table`'s.

Example:
    $ mahjong-fast match play --seat0 "python bot.py {seat}" --seat2 "./other-bot" --games 20 --out log.json
    $ mahjong-fast logs verify log.json
"""

from __future__ import annotations

import argparse
from typing import Any, Dict

from mahjong_fast.cli_common import COUNT, SEED, add_json, print_json


def seconds(text: str) -> float:
    """An argparse `type`: seconds above 0, at most a day.

    Example:
        >>> seconds("2.5")
        2.5
    """
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not 0 < v <= 86400:
        raise argparse.ArgumentTypeError(f"must be seconds in 0-86400 (above 0), got {text!r}")
    return v


def _play(args: argparse.Namespace) -> int:
    from mahjong_fast.mjai_table import FAULT_KINDS, play_matches

    commands = [getattr(args, f"seat{s}") for s in range(4)]
    res = play_matches(commands, games=args.games, seed=args.seed, rules=args.rules, scoring=args.scoring,
                       timeout=args.timeout, startup_timeout=args.startup_timeout, out=args.out)
    if args.json:
        games = [{"game": g.index, "seed": g.seed, "scores": g.scores, "ranks": g.ranks, "results": g.results,
                  "hands": g.hands, "decisions": g.decisions, "seconds": round(g.seconds, 3),
                  "faults": [{"seat": f.seat, "hand": f.hand, "decision": f.decision, "kind": f.kind,
                              "detail": f.detail, "replaced_by": f.replaced_by} for f in g.faults]} for g in res.games]
        report: Dict[str, Any] = {"seats": commands, "games": games, "faults": res.faults_by_kind(), "out": args.out}
        print_json(report)
        return 0
    for s, c in enumerate(commands):
        print(f"seat {s}: {c or '(built-in random player)'}")
    for g in res.games:
        faults = f", {len(g.faults)} faults" if g.faults else ""
        print(f"game {g.index} (seed {g.seed}): scores {g.scores} ranks {g.ranks}, {g.hands} hands, "
              f"{g.decisions} decisions, {g.seconds:.1f} s{faults}")
        for f in g.faults:
            print(f"  seat {f.seat} {f.hand} decision {f.decision}: {f.kind}: {f.detail} -> {f.replaced_by}")
    totals = res.faults_by_kind()
    print("faults: " + ", ".join(f"{k} {totals[k]}" for k in FAULT_KINDS))
    if args.out:
        print(f"log: {args.out} (mahjong-fast logs verify {args.out})")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `play` under the `match` command (made by `cli_match`).

    Example:
        >>> from mahjong_fast.cli import build_parser
        >>> build_parser().parse_args(["match", "play", "--games", "2"]).games
        2
    """
    match = sub.choices["match"]
    msub = next(a for a in match._actions if isinstance(a, argparse._SubParsersAction))
    p = msub.add_parser("play", help="mjai bots (one process per seat) play matches through the engine")
    for s in range(4):
        p.add_argument(f"--seat{s}", metavar="CMD", default=None,
                       help=f"shell command of seat {s}'s bot ('{{seat}}' becomes {s}); default: the random player")
    p.add_argument("--games", type=COUNT, default=1, help="matches to play (game i uses seed + i)")
    p.add_argument("--seed", type=SEED, default=0, help="seed of the first match's walls (0-2**64-1)")
    p.add_argument("--rules", default="tenhou", help="match rules: preset or .toml file")
    p.add_argument("--scoring", default=None, help="scoring rules: preset or .toml file (default: paired with --rules)")
    p.add_argument("--timeout", type=seconds, default=5.0, help="seconds a bot has for each decision (default 5)")
    p.add_argument("--startup-timeout", type=seconds, default=30.0,
                   help="seconds for the first answer, to start_game (default 30)")
    p.add_argument("--out", default=None, help="write every game's mjai record here (whole or not at all)")
    add_json(p, "the games, scores and faults")
    p.set_defaults(func=_play)
