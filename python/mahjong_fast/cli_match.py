"""`mahjong-fast match ...`: match rules and random self-play from the command line.

Example:
    $ mahjong-fast match rules shiima-2026 > club.toml     # edit, then:
    $ mahjong-fast match selfplay 1000 --rules club.toml --scoring standard
"""

from __future__ import annotations

import argparse
import time

from mahjong_fast.cli_common import SEED, U64_MAX, add_json, int_range, print_json
from mahjong_fast.match_rules import MATCH_PRESETS, load_match_rules


def _rules(args: argparse.Namespace) -> int:
    rules = load_match_rules(args.rules)
    if args.json:
        print_json(rules.to_dict(), indent=1)
    else:
        print(rules.to_toml(), end="")
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    from mahjong_fast._core import self_play

    rules = load_match_rules(args.rules)
    t0 = time.perf_counter()
    stats = self_play(args.n, seed=args.seed, rules=rules, scoring=args.scoring)
    dt = time.perf_counter() - t0
    if args.json:
        print_json({"rules": rules.name, "scoring": args.scoring or rules.scoring, "seed": args.seed, **stats,
                    "seconds": dt})
        return 0
    print(f"rules: {rules.name}; scoring: {args.scoring or rules.scoring}")
    print(" ".join(f"{k}={v}" for k, v in stats.items()) + f" ({stats['matches'] / max(dt, 1e-9):,.0f} matches/s)")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `match` command and its subcommands.

    Example:
        >>> import argparse; p = argparse.ArgumentParser(); register(p.add_subparsers())
    """
    p = sub.add_parser("match", help="riichi match rules (TOML) and random self-play")
    msub = p.add_subparsers(dest="match_command", metavar="SUBCOMMAND")
    msub.required = True
    r = msub.add_parser("rules", help="print match rules as TOML (a starting point for a rule file)")
    r.add_argument("rules", nargs="?", default="tenhou", help=f"preset ({', '.join(MATCH_PRESETS)}) or a .toml file")
    add_json(r, "the rules as a JSON object instead of TOML")
    r.set_defaults(func=_rules)
    s = msub.add_parser("selfplay", help="play N whole matches with random legal actions on all cores")
    s.add_argument("n", type=int_range(0, U64_MAX), help="number of matches")
    s.add_argument("--rules", default="tenhou", help="match rules: preset or .toml file")
    s.add_argument("--scoring", default=None, help="scoring rules: preset or .toml file (default: paired with --rules)")
    s.add_argument("--seed", type=SEED, default=0, help="seed of the first match (0-2**64-1)")
    add_json(s, "the totals")
    s.set_defaults(func=_selfplay)
