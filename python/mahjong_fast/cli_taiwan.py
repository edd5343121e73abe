"""`mahjong-fast taiwan score` (tai of a Taiwan 16-tile hand) and `mahjong-fast taiwan
selfplay` (whole matches of random legal play) from the command line.

Example:
    $ mahjong-fast taiwan score 123m456m789m234p567p55s --win 7p
    $ mahjong-fast taiwan score 234m567m345p678p234s55s --win 4s --tsumo --flowers 春夏 --seat S --json
    $ mahjong-fast taiwan selfplay 100 --seed 7 --preset atawmj2009 --json
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Dict, Tuple

from mahjong_fast import InvalidRuleError, taiwan
from mahjong_fast.cli_common import (
    SEED,
    Parser,
    UsageError,
    add_json,
    add_progress,
    bar_for,
    int_range,
    interrupted,
    print_json,
    read_text,
    run_lines,
)

_WIND_NAMES = "東南西北"


def _rule_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def rules_from_args(args: argparse.Namespace) -> taiwan.TaiwanRules:
    """The rule set of ``--rules`` (a preset name or a ``.toml`` file; default: the
    ``--preset``) with ``--rule key=value`` changes, checked by the core.

    Example:
        >>> ns = argparse.Namespace(preset="seed003", rules=None, rule=["flower_set=1"])
        >>> rules_from_args(ns).flower_set
        1
    """
    overrides: Dict[str, Any] = {}
    for item in args.rule or []:
        if "=" not in item:
            raise InvalidRuleError(f"--rule {item!r}: write key=value, e.g. flower_set=1")
        k, v = item.split("=", 1)
        overrides[k.strip()] = _rule_value(v.strip())
    base = taiwan.load_rules(getattr(args, "rules", None) or args.preset)
    return base.replace(**overrides) if overrides else base


def _score(args: argparse.Namespace) -> Tuple[taiwan.TaiwanScore, taiwan.TaiwanRules]:
    rules = rules_from_args(args)
    s = taiwan.score(
        args.hand, win_tile=args.win, melds=args.meld, flowers=args.flowers, seat_wind=args.seat,
        round_wind=args.round, self_draw=args.tsumo, dealer=args.dealer, consecutive=args.consecutive,
        replacement=args.replacement, robbing_kong=args.robbing_kong, last_tile=args.last_tile,
        first_turn=args.first_turn, dealer_first_discard=args.dealer_first_discard,
        declared_ready=args.declared_ready, rules=rules,
    )
    return s, rules


def _json(s: taiwan.TaiwanScore, rules: taiwan.TaiwanRules) -> dict:
    d = s.to_dict()
    d["points"] = {"base": rules.base, "per_tai": rules.per_tai,
                   "non_dealer_payment": rules.points(s.total),
                   "dealer_payment": rules.points(s.total + s.dealer_tai)}
    return d


def run_score(args: argparse.Namespace) -> int:
    if args.file is not None or args.hand == "-":
        if args.file is not None and args.hand is not None:
            raise UsageError("mahjong-fast taiwan score", "give HAND or --file, not both")
        line_parser = Parser(prog="mahjong-fast taiwan score")
        _add_options(line_parser, line=True)

        def one(ns: argparse.Namespace) -> Tuple[dict, str]:
            s, rules = _score(ns)
            return _json(s, rules), repr(s)

        return run_lines(args, read_text(args.file if args.file is not None else "-").splitlines(), line_parser, one)
    if args.hand is None:
        raise UsageError("mahjong-fast taiwan score", "give HAND, - (hands on standard input) or --file FILE")
    s, rules = _score(args)
    if args.json:
        print(json.dumps(_json(s, rules), ensure_ascii=False, indent=2))
        return 0
    seat = _WIND_NAMES[taiwan.parse_wind(args.seat)]
    rnd = _WIND_NAMES[taiwan.parse_wind(args.round)]
    how = "self-draw" if args.tsumo else "discard"
    print(f"hand {args.hand}  win {args.win or 'last tile'} ({how})  seat {seat}  round {rnd}  preset {args.preset}")
    print(s)
    print(f"payment: {rules.points(s.total)} from each payer "
          f"({rules.points(s.total + s.dealer_tai)} when the dealer pays or wins)")
    return 0


def _probability(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not 0.0 <= v <= 1.0:
        raise argparse.ArgumentTypeError(f"must be a number in 0-1, got {text!r}")
    return v


def run_selfplay(args: argparse.Namespace) -> int:
    """Play N matches with random legal actions and print their totals.

    Example:
        >>> ns = argparse.Namespace(n=1, seed=0, preset="common", rules=None, rule=None, greed=1.0,
        ...                         json=True, progress=False, quiet=True)
        >>> run_selfplay(ns)  # doctest: +ELLIPSIS
        {"rules": "common", "seed": 0, "matches": 1, ...}
        0
    """
    from mahjong_fast.taiwan.selfplay import self_play

    rules = rules_from_args(args)
    if args.seed + args.n > 2**64:
        raise UsageError("mahjong-fast taiwan selfplay", f"--seed {args.seed} + N {args.n} must stay within 0-2**64-1")
    bar = bar_for(args, "matches")
    totals: Dict[str, Any] = {}
    try:
        self_play(args.n, seed=args.seed, rules=rules, greed=args.greed, totals=totals,
                  progress=None if bar is None else bar.update)
    except KeyboardInterrupt:
        if bar is not None:
            bar.end()
        return interrupted(f"{totals.get('matches', 0)} of {args.n} matches played")
    if bar is not None:
        bar.end()
    if args.json:
        print_json({"rules": rules.name, "seed": args.seed, **totals})
        return 0
    rate = totals["matches"] / max(totals["seconds"], 1e-9)
    print(f"rules: {rules.name}; seed {args.seed}")
    print(" ".join(f"{k}={v}" for k, v in totals.items() if k != "seconds")
          + f" ({totals['seconds']:.1f}s, {rate:,.1f} matches/s)")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("taiwan", help="Taiwan 16-tile mahjong: tai of a hand, random self-play")
    tsub = p.add_subparsers(dest="taiwan_command", metavar="SUBCOMMAND")
    tsub.required = True
    s = tsub.add_parser("score", help="score a winning 16-tile hand",
                        description="Score a winning Taiwan hand: every pattern with its tai and the total.")
    _add_options(s)
    s.add_argument("--file", help="score one hand a line of FILE (- = standard input): HAND then, optionally, "
                   "this command's options for it; the options given here apply to every line")
    s.add_argument("--json", action="store_true", help="machine-readable output (with --file: one object a line)")
    s.set_defaults(func=run_score)
    sp = tsub.add_parser("selfplay", help="play N whole matches with random legal actions",
                         description="Play N whole Taiwan matches (seeds SEED..SEED+N-1) with random legal "
                         "actions and print the totals: hands, wins, draws, and the points sum (0).")
    sp.add_argument("n", type=int_range(0, 2**32 - 1), help="number of matches (0-4294967295)")
    sp.add_argument("--seed", type=SEED, default=0, help="seed of the first match (0-2**64-1)")
    sp.add_argument("--greed", type=_probability, default=1.0,
                    help="how often a discard keeps the hand nearest to ready, 0-1 (default 1; else random)")
    sp.add_argument("--preset", default="common", choices=list(taiwan.PRESETS), help="rule set preset")
    sp.add_argument("--rules", default=None, help="rule set: a preset name or a .toml file (instead of --preset)")
    sp.add_argument("--rule", action="append", help="change one rule option, key=value (e.g. match_winds=1); repeat")
    add_json(sp, "the totals")
    add_progress(sp)
    sp.set_defaults(func=run_selfplay)


def _add_options(s: argparse.ArgumentParser, line: bool = False) -> None:
    """The options of one hand (on the command line, or on a line of --file)."""
    if line:
        s.add_argument("hand")
    else:
        s.add_argument("hand", nargs="?", help="concealed tiles with the winning tile, mpsz (e.g. "
                       "123m456m789m234p567p55s); - reads one hand a line from standard input (like --file -)")
    s.add_argument("--win", help="the winning tile (default: the last tile of HAND)")
    s.add_argument("--meld", action="append", help="a called set, kind:tiles (chi:123m, pon:555z, daiminkan:1111m, kakan:..., ankan:...); repeat")
    s.add_argument("--flowers", default="", help="the winner's flowers, e.g. 春夏梅")
    s.add_argument("--seat", default="E", help="seat wind: E S W N or 東南西北 (default E)")
    s.add_argument("--round", default="E", help="round wind (default E)")
    s.add_argument("--tsumo", action="store_true", help="self-drawn win")
    s.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    s.add_argument("--consecutive", type=int_range(0, 65535), default=0, help="deals the dealer kept in a row (連莊), 0-65535")
    s.add_argument("--replacement", default="none", choices=["none", "flower", "concealed_kong", "added_kong", "exposed_kong", "stolen_flower"],
                   help="the winning tile was a replacement draw (槓上開花)")
    s.add_argument("--robbing-kong", action="store_true", help="won on a tile added to a kong (搶槓)")
    s.add_argument("--last-tile", action="store_true", help="the last live tile (海底撈月 / 河底撈魚)")
    s.add_argument("--first-turn", action="store_true", help="first go-around, no calls (天胡 / 地胡 / 人胡)")
    s.add_argument("--dealer-first-discard", action="store_true", help="won on the dealer's first discard")
    s.add_argument("--declared-ready", action="store_true", help="declared ready with the first discard (地聽)")
    s.add_argument("--preset", default="common", choices=list(taiwan.PRESETS), help="rule set preset")
    s.add_argument("--rules", default=None, help="rule set: a preset name or a .toml file (instead of --preset)")
    s.add_argument("--rule", action="append", help="change one rule option, key=value (e.g. flower_set=1); repeat")
