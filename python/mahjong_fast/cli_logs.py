"""`mahjong-fast logs ...`: verify game logs against the engine.

Example:
    $ mahjong-fast logs verify ../shared/data/tenhou/raw
"""

from __future__ import annotations

import argparse
import sys


def _bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} files")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _verify(args: argparse.Namespace) -> int:
    from mahjong_fast.engine import verify

    s = verify(args.paths, progress=None if args.quiet else _bar)
    shown = 0
    for line in s.problems:
        if shown >= args.max_problems:
            print(f"... {len(s.problems) - shown} more problems")
            break
        print(line)
        shown += 1
    supported = s.games - s.unsupported
    failed = supported - s.games_ok
    print(f"files: {s.files} ({s.unreadable} unreadable)")
    for r in s.reports:
        if r.get("error"):
            print(f"  unreadable: {r['error']}")
    print(f"games: {s.games} read, {supported} with supported rules: {s.games_complete} verified to the end, {s.games_truncated} truncated (log stops before the end; all present verified), {failed} failed")
    for r in s.reports:
        if not r.get("error") and not r["supported"]:
            print(f"  unsupported: {r['source']}: {r['note']}")
    d = s.distinct()
    print(f"distinct games: {d['games']} ({d['complete']} verified to the end, {d['truncated']} truncated, {d['failed']} failed)")
    complete = s.rounds - s.rounds_truncated - s.rounds_skipped
    print(f"hands: {s.rounds_legal}/{complete} every action legal, {s.rounds_scored}/{complete} score changes equal ({s.rounds_truncated} cut off by the end of the log, {s.rounds_skipped} not replayable after reconnects)")
    print(f"wins: {s.wins_matched}/{s.wins} scored as recorded")
    print(f"final results: {s.finals_matched}/{s.finals_checked} equal")
    if s.uma_from_record:
        print(f"uma taken from the recorded results (not declared by the log): {s.uma_from_record} games")
    if s.kuikae_accepted:
        print(f"discards the kuikae rule bans that the server accepted (protocol clients): {s.kuikae_accepted}")
    print(f"riichi declarations: {s.riichi_checked} checked for tenpai, {s.riichi_unverified} taken on trust (hidden hands never shown, client logs)")
    return 0 if failed == 0 and s.unreadable == 0 else 1


def _score(args: argparse.Namespace) -> int:
    from mahjong_fast.engine import score_to_file

    try:
        n, skipped = score_to_file(args.paths, args.out, progress=None if args.quiet else _bar)
    except ImportError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{n} wins written to {args.out}")
    if skipped:
        print(f"{len(skipped)} files or games skipped:")
        for line in skipped[: args.max_problems]:
            print(f"  {line}")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `logs` command and its subcommands.

    Example:
        >>> import argparse; p = argparse.ArgumentParser(); register(p.add_subparsers())
    """
    p = sub.add_parser("logs", help="read and verify game logs (Tenhou mjlog, client logs)")
    lsub = p.add_subparsers(dest="logs_command", metavar="SUBCOMMAND")
    lsub.required = True
    v = lsub.add_parser("verify", help="replay games through the engine and compare scores with the record")
    v.add_argument("paths", nargs="+", help="log files or folders")
    v.add_argument("--max-problems", type=int, default=50, help="problem lines to print (default 50)")
    v.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    v.set_defaults(func=_verify)
    sc = lsub.add_parser("score", help="extract every win with its full scoring to CSV, Parquet or Arrow")
    sc.add_argument("paths", nargs="+", help="log files or folders")
    sc.add_argument("--out", required=True, help="output file: .csv, .parquet or .arrow (the last two need pyarrow)")
    sc.add_argument("--max-problems", type=int, default=20, help="skipped-file lines to print")
    sc.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    sc.set_defaults(func=_score)
