"""The `mahjong-fast` command.

Each area adds its subcommands from its own module (`cli_<area>.py`, with a
`register(subparsers)` function) so this file stays a table of contents.

The conventions every subcommand follows (one ``error:`` line and exit 2 on bad
input, 1 for failed checks, 130 on Ctrl-C, quiet on a closed pipe, ``--debug``,
``--json``, ``-`` for standard input) live in `cli_common`.

Example:
    $ mahjong-fast demo
    $ python -m mahjong_fast --version
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Optional, Sequence

from mahjong_fast import __version__
from mahjong_fast.cli_common import Parser, add_debug, main_of

# Modules that contribute subcommands, in the order `--help` lists them.
_COMMAND_MODULES = [
    "mahjong_fast.cli_demo",
    "mahjong_fast.cli_riichi",
    "mahjong_fast.cli_logs",
    "mahjong_fast.cli_match",
    "mahjong_fast.cli_play",
    "mahjong_fast.cli_taiwan",
    "mahjong_fast.cli_solitaire",
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every area's subcommands.

    Example:
        >>> build_parser().prog
        'mahjong-fast'
    """
    parser = Parser(
        prog="mahjong-fast",
        description="Exact and fast mahjong rules: riichi, Taiwan 16-tile, Shanghai solitaire.",
    )
    parser.add_argument("--version", action="version", version=f"mahjong-fast {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    add_debug(parser)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; returns the exit status.

    Example:
        >>> main(["demo", "--quick"])  # doctest: +SKIP
        0
    """
    return main_of(build_parser, argv)


if __name__ == "__main__":
    sys.exit(main())
