"""`mahjong-fast taiwan score`: tai of a Taiwan 16-tile hand from the command line.

Example:
    $ mahjong-fast taiwan score 123m456m789m234p567p55s --win 7p
    $ mahjong-fast taiwan score 234m567m345p678p234s55s --win 4s --tsumo --flowers 春夏 --seat S --json
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Dict, Tuple

from mahjong_fast import InvalidRuleError, taiwan
from mahjong_fast.cli_common import Parser, UsageError, int_range, read_text, run_lines

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
        first_turn=args.first_turn, dealer_first_discard=args.dealer_first_discard, rules=rules,
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


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("taiwan", help="Taiwan 16-tile mahjong: tai of a hand")
    tsub = p.add_subparsers(dest="taiwan_command", metavar="SUBCOMMAND")
    tsub.required = True
    s = tsub.add_parser("score", help="score a winning 16-tile hand",
                        description="Score a winning Taiwan hand: every pattern with its tai and the total.")
    _add_options(s)
    s.add_argument("--file", help="score one hand a line of FILE (- = standard input): HAND then, optionally, "
                   "this command's options for it; the options given here apply to every line")
    s.add_argument("--json", action="store_true", help="machine-readable output (with --file: one object a line)")
    s.set_defaults(func=run_score)


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
    s.add_argument("--preset", default="common", choices=list(taiwan.PRESETS), help="rule set preset")
    s.add_argument("--rules", default=None, help="rule set: a preset name or a .toml file (instead of --preset)")
    s.add_argument("--rule", action="append", help="change one rule option, key=value (e.g. flower_set=1); repeat")
