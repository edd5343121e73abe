"""What every `mahjong-fast` subcommand does alike: errors, exit codes, interrupts,
integer options, standard input, progress bars and JSON output.

Exit codes:

- 0: done (and every check passed);
- 1: a check ran and found failures (`logs verify`, a lost solitaire position);
- 2: the command could not do what was asked: a bad argument or input, a file that
  cannot be read or written (missing, a folder, a full disk); one line
  ``error: Kind: message`` on stderr, no traceback (``--debug`` shows it);
- 3: the solver's budget ran out before a verdict (`solitaire solve` / `hint`);
- 130: stopped by Ctrl-C; what was done so far is printed, files being written are
  left as they were (see `mahjong_fast.files`);
- 141: standard output was closed early (``| head``): the command ends quietly, like
  a program killed by SIGPIPE (128 + 13), so ``set -o pipefail`` sees it.

Example:
    >>> p = Parser(prog="demo"); _ = p.add_argument("--seat", type=int_range(0, 3))
    >>> p.parse_args(["--seat", "2"]).seat
    2
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
import traceback
from typing import Any, Callable, Iterable, List, NoReturn, Optional, Sequence, Tuple

from mahjong_fast._core import MahjongError

OK, FAILED, ERROR, UNKNOWN, INTERRUPTED, PIPE_CLOSED = 0, 1, 2, 3, 130, 141

U64_MAX = 2**64 - 1


def _allowed(lo: int, hi: Optional[int]) -> str:
    if hi is None:
        return f", {lo} or more"
    if hi == U64_MAX:
        return f" in {lo}-2**64-1"
    return f" in {lo}-{hi}"


def int_range(lo: int, hi: Optional[int] = None) -> Callable[[str], int]:
    """An argparse `type` taking integers in lo-hi (no upper bound when `hi` is None).

    The ranges are the core's for the same arguments, so the command refuses at
    parse time what the call would refuse, with the same wording.

    Example:
        >>> int_range(0, 3)("3")
        3
        >>> int_range(0, 3)("-1")
        Traceback (most recent call last):
        argparse.ArgumentTypeError: must be an integer in 0-3, got '-1'
    """

    def parse(text: str) -> int:
        try:
            v = int(text, 10)
        except ValueError:
            v = None
        if v is None or v < lo or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError(f"must be an integer{_allowed(lo, hi)}, got {text!r}")
        return v

    parse.__name__ = f"integer{_allowed(lo, hi)}"
    return parse


SEAT = int_range(0, 3)
COUNT = int_range(0)
SEED = int_range(0, U64_MAX)


class UsageError(Exception):
    """Arguments the parser refuses (an unknown option, a bad integer); `str()` is
    the message, `prog` the (sub)command.

    Example:
        >>> str(UsageError("mahjong-fast score", "argument --honba: ..."))
        'mahjong-fast score: argument --honba: ... (see mahjong-fast score --help)'
    """

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(f"{prog}: {message} (see {prog} --help)")
        self.prog = prog


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors raise `UsageError` (printed by the
    command as one ``error:`` line, exit 2) instead of printing the usage.

    Example:
        >>> try:
        ...     Parser(prog="x").parse_args(["--nope"])
        ... except UsageError as e:
        ...     print(e)
        x: unrecognized arguments: --nope (see x --help)
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(self.prog, message)


def add_debug(parser: argparse.ArgumentParser, top: bool = True) -> None:
    """`--debug` on `parser` and every subcommand under it (a traceback on errors).

    Example:
        >>> p = Parser(prog="x"); add_debug(p); p.parse_args(["--debug"]).debug
        True
    """
    help_ = "show the traceback of an error"
    if top:
        parser.add_argument("--debug", action="store_true", help=help_)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                if not any("--debug" in a.option_strings for a in child._actions):
                    # SUPPRESS: absent below, the top level's value stands.
                    child.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help=help_)
                add_debug(child, top=False)


def add_json(parser: argparse.ArgumentParser, what: str = "the report") -> None:
    """`--json`: print `what` as JSON instead of text.

    Example:
        >>> p = Parser(prog="x"); add_json(p); p.parse_args(["--json"]).json
        True
    """
    parser.add_argument("--json", action="store_true", help=f"print {what} as JSON")


def add_progress(parser: argparse.ArgumentParser) -> None:
    """`--progress` / `-q`: a progress bar on stderr (by default only on a terminal).

    Example:
        >>> p = Parser(prog="x"); add_progress(p); p.parse_args(["--progress"]).progress
        True
    """
    parser.add_argument("--progress", action="store_true", help="show the progress bar even when stderr is not a terminal")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bar")


def wants_progress(args: argparse.Namespace) -> bool:
    """A bar is drawn when asked (`--progress`), else when stderr is a terminal and
    not `--quiet`: redirected, stderr gets no stream of ``\\r`` frames.

    Example:
        >>> wants_progress(argparse.Namespace(progress=True, quiet=False))
        True
    """
    if getattr(args, "progress", False):
        return True
    return not getattr(args, "quiet", False) and sys.stderr.isatty()


class Bar:
    """A one-line progress bar on stderr, redrawn at most ten times a second.

    Example:
        >>> Bar("files").update(1, 2)  # doctest: +SKIP
    """

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.t0 = time.perf_counter()
        self.last = 0.0
        self.drawn = False

    def update(self, done: int, total: int, extra: str = "") -> None:
        """Draw `done` of `total` (always the last frame)."""
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // max(total, 1)
        el = now - self.t0
        eta = el * (total - done) / done if done else 0.0
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.unit} {el:5.1f}s eta {eta:5.1f}s {extra}"
        )
        sys.stderr.flush()
        self.drawn = True

    def end(self) -> None:
        """End the bar's line (when one was drawn)."""
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self.drawn = False


def bar_for(args: argparse.Namespace, unit: str) -> Optional[Bar]:
    """A `Bar` when `wants_progress(args)`, else None.

    Example:
        >>> bar_for(argparse.Namespace(progress=False, quiet=True), "files") is None
        True
    """
    return Bar(unit) if wants_progress(args) else None


def stdin_items(values: Iterable[str]) -> List[str]:
    """`values` with each ``-`` replaced by the lines of standard input (blank lines
    and ``#`` comments skipped).

    Example:
        >>> stdin_items(["a", "b"])
        ['a', 'b']
    """
    out: List[str] = []
    for v in values:
        if v == "-":
            out += [line.strip() for line in sys.stdin if line.strip() and not line.lstrip().startswith("#")]
        else:
            out.append(v)
    return out


def read_text(path: str) -> str:
    """The text of `path` (UTF-8), or standard input for ``-``.

    Example:
        >>> "read_text" in read_text(__file__)
        True
    """
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def run_lines(
    args: argparse.Namespace,
    lines: Iterable[str],
    line_parser: argparse.ArgumentParser,
    one: Callable[[argparse.Namespace], Tuple[dict, str]],
) -> int:
    """One input a line (``score -``, ``score --file``): each line is parsed by
    `line_parser` on top of the command's own options (so a line may add its own,
    ``123m456p789s23455s --win 2s --tsumo``) and run by `one`, which returns the
    line's JSON object and text. A bad line is reported (an ``error: line N: ...``
    line on stderr, or with ``--json`` an object with "error") and the others still
    run; the exit code is 2 when any line was refused. Blank lines and ``#``
    comments are skipped.

    Example:
        >>> p = Parser(prog="x"); _ = p.add_argument("n", type=int)
        >>> run_lines(argparse.Namespace(json=False), ["1", "2"], p, lambda a: ({}, str(a.n * 10)))
        1: 1: 10
        2: 2: 20
        0
    """
    failed = 0
    base = {k: v for k, v in vars(args).items() if not any(a.dest == k for a in line_parser._positionals._group_actions)}
    for n, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            ns = line_parser.parse_args(shlex.split(text, comments=True), namespace=argparse.Namespace(**base))
            doc, shown = one(ns)
        except (MahjongError, UsageError, ValueError) as e:
            failed += 1
            kind = type(e).__name__
            if args.json:
                print_json({"line": n, "input": text, "error": {"kind": kind, "message": str(e)}})
            else:
                sys.stderr.write(f"error: line {n}: {kind}: {e}\n")
            continue
        if args.json:
            print_json({"line": n, "input": text, **doc})
        else:
            print(f"{n}: {text}: {shown}")
    return ERROR if failed else OK


def print_json(value: Any, indent: Optional[int] = None) -> None:
    """`value` as one JSON document on stdout.

    Example:
        >>> print_json({"a": 1})
        {"a": 1}
    """
    print(json.dumps(value, ensure_ascii=False, indent=indent))


def error_line(e: BaseException) -> str:
    """The one line an error prints: ``error: Kind: message``.

    Example:
        >>> error_line(FileNotFoundError(2, "No such file or directory", "deal.txt"))
        'error: FileNotFoundError: deal.txt: No such file or directory'
    """
    if isinstance(e, OSError) and e.strerror:
        where = f"{e.filename}: " if e.filename is not None else ""
        return f"error: {type(e).__name__}: {where}{e.strerror}"
    return f"error: {type(e).__name__}: {e}"


def _silence_stdout() -> None:
    # Whatever is still buffered would fail again at exit; point stdout at nothing.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def run(func: Callable[[argparse.Namespace], Optional[int]], args: argparse.Namespace) -> int:
    """Run a subcommand under the conventions above; returns the exit code.

    Example:
        >>> run(lambda a: 0, argparse.Namespace())
        0
        >>> run(lambda a: int("x"), argparse.Namespace())  # doctest: +SKIP
        2
    """
    debug = getattr(args, "debug", False)
    try:
        code = int(func(args) or 0)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _silence_stdout()
        return PIPE_CLOSED
    except KeyboardInterrupt:
        if debug:
            traceback.print_exc()
        sys.stderr.write("\nerror: interrupted\n")
        return INTERRUPTED
    except UsageError as e:
        sys.stderr.write(f"error: {e}\n")
        return ERROR
    except (MahjongError, OSError, ValueError, ImportError) as e:
        if debug:
            traceback.print_exc()
        if isinstance(e, OSError) and e.errno is not None and _is_stdout_error():
            _silence_stdout()
        sys.stderr.write(error_line(e) + "\n")
        return ERROR


def main_of(build: Callable[[], argparse.ArgumentParser], argv: Optional[Sequence[str]] = None) -> int:
    """Parse `argv` with the parser `build()` makes and run the chosen subcommand's
    `func` under `run`; usage errors are one line too. Returns the exit code.

    Example:
        >>> def build():
        ...     p = Parser(prog="x"); p.set_defaults(func=lambda a: 0); return p
        >>> main_of(build, []), main_of(build, ["--nope"])  # doctest: +SKIP
        (0, 2)
    """
    try:
        args = build().parse_args(argv)
    except UsageError as e:
        sys.stderr.write(f"error: {e}\n")
        return ERROR
    except SystemExit as e:  # --help and --version print and end
        return e.code if isinstance(e.code, int) else OK
    except BrokenPipeError:
        _silence_stdout()
        return PIPE_CLOSED
    except KeyboardInterrupt:
        return INTERRUPTED
    return run(args.func, args)


def _is_stdout_error() -> bool:
    try:
        sys.stdout.flush()
        return False
    except OSError:
        return True


def interrupted(message: str) -> int:
    """Report a stop by Ctrl-C after `message` (what was done) and give its exit code.

    Example:
        >>> interrupted("stopped after 3 of 10 files")  # doctest: +SKIP
        130
    """
    sys.stderr.write(f"\nerror: interrupted: {message}\n")
    return INTERRUPTED
