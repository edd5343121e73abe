"""The `mahjong-fast` command.

Each area adds its subcommands from its own module (`cli_<area>.py`, with a
`register(subparsers)` function) so this file stays a table of contents.

Example:
    $ mahjong-fast demo
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Optional, Sequence

from mahjong_fast import MahjongError

# Modules that contribute subcommands, in the order `--help` lists them.
_COMMAND_MODULES = [
    "mahjong_fast.cli_demo",
    "mahjong_fast.cli_riichi",
    "mahjong_fast.cli_logs",
    "mahjong_fast.cli_match",
    "mahjong_fast.cli_taiwan",
    "mahjong_fast.cli_solitaire",
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every area's subcommands.

    Example:
        >>> build_parser().prog
        'mahjong-fast'
    """
    parser = argparse.ArgumentParser(
        prog="mahjong-fast",
        description="Exact and fast mahjong rules: riichi, Taiwan 16-tile, Shanghai solitaire.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; returns the exit status.

    Example:
        >>> main(["demo", "--quick"])  # doctest: +SKIP
        0
    """
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except MahjongError as e:
        print(f"error: {type(e).__name__}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
