"""`mahjong-fast logs ...`: verify game logs against the engine, score their wins
to a file, convert them to mjai or tenhou.net/6.

Example:
    $ mahjong-fast logs verify ../shared/data/tenhou/raw
    $ find logs -name '*.mjlog' | mahjong-fast logs score - --out wins.parquet
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Dict, Iterator, List, Optional, Tuple

from mahjong_fast.cli_common import (
    COUNT,
    FAILED,
    OK,
    Bar,
    add_json,
    add_progress,
    bar_for,
    interrupted,
    print_json,
    stdin_items,
)


def _inputs(args: argparse.Namespace) -> Tuple[Iterator[List[Tuple[str, bytes]]], Optional[int]]:
    """The logs of the command's paths (files, folders, bundles, databases: the
    archive reader) in chunks of 64, and how many there are (None for a tar bundle)."""
    from mahjong_fast.archive import chunks, count_games, iter_games

    paths = stdin_items(args.paths)
    filters = _filters(args)
    return chunks(iter_games(paths, filters), 64), count_games(paths, filters)


def _filters(args: argparse.Namespace) -> Any:
    """The database-row filters the command's options (`_add_filters`) name."""
    from mahjong_fast.archive import Filters

    return Filters(players=args.players, length=args.length, lobby=args.lobby, since=args.since,
                      until=args.until, include_errors=args.include_errors)


def _add_filters(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("database rows (phoenix-style SQLite archives)")
    g.add_argument("--players", type=int, choices=(3, 4), help="only three- or four-player games")
    g.add_argument("--length", choices=("east", "south"), help="only east-only or only east-south games")
    g.add_argument("--lobby", help="only this game-type code of the log id (e.g. 00a9)")
    g.add_argument("--since", help="only rows dated on or after this (e.g. 2020-01-01)")
    g.add_argument("--until", help="only rows dated before this")
    g.add_argument("--include-errors", action="store_true", help="also rows the scraper marked was_error")


def _verify_text(s: Any, max_problems: int) -> None:
    shown = 0
    for line in s.problems:
        if shown >= max_problems:
            print(f"... {len(s.problems) - shown} more problems")
            break
        print(line)
        shown += 1
    supported = s.games - s.unsupported
    print(f"files: {s.files} ({s.unreadable} unreadable, {len(s.empty)} with no game)")
    for r in s.reports:
        if r.get("error"):
            print(f"  unreadable: {r['error']}")
    for f in s.empty:
        print(f"  no game: {f}")
    print(f"games: {s.games} read, {supported} with supported rules: {s.games_complete} verified to the end, {s.games_truncated} truncated (log stops before the end; all present verified), {s.failed} failed")
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


def verify_json(s: Any, done: int, interrupted_: bool = False) -> Dict[str, Any]:
    """The JSON report of `logs verify`: the totals, the problems and whether it passed.

    Example:
        >>> from mahjong_fast.engine import VerifySummary
        >>> verify_json(VerifySummary(), 0)["passed"]
        True
    """
    keys = ("files", "unreadable", "games", "unsupported", "games_ok", "games_complete", "games_truncated", "failed",
            "rounds", "rounds_legal", "rounds_scored", "rounds_skipped", "rounds_truncated", "wins", "wins_matched",
            "finals_checked", "finals_matched", "uma_from_record", "kuikae_accepted", "riichi_checked", "riichi_unverified")
    out: Dict[str, Any] = {k: getattr(s, k) for k in keys}
    out.update(passed=s.passed, files_done=done, interrupted=interrupted_, empty=s.empty, distinct=s.distinct(), problems=s.problems)
    return out


def _verify(args: argparse.Namespace) -> int:
    from mahjong_fast.engine import VerifySummary, verify_chunk

    batches, total = _inputs(args)
    s = VerifySummary()
    bar = bar_for(args, "logs")
    done = 0
    try:
        for batch in batches:
            verify_chunk(s, batch)
            done += len(batch)
            s.files = done
            if bar:
                bar.update(done, done if total is None else total)
    except KeyboardInterrupt:
        if bar:
            bar.end()
        s.files = done
        if args.json:
            print_json(verify_json(s, done, True), indent=1)
        else:
            _verify_text(s, args.max_problems)
        return interrupted(f"verified {done} of {'?' if total is None else total} logs (the totals above are theirs)")
    if bar:
        bar.end()
    if args.json:
        print_json(verify_json(s, done), indent=1)
    else:
        _verify_text(s, args.max_problems)
    return OK if s.passed else FAILED


def _score_tables(args: argparse.Namespace) -> int:
    from mahjong_fast.engine import score_tables

    bar = bar_for(args, "logs")
    filters = _filters(args)
    try:
        rows = score_tables(stdin_items(args.paths), args.tables, fmt=args.format, filters=filters,
                            no_clobber=args.no_clobber,
                            progress=(lambda d, t: bar.update(d, d if t is None else t)) if bar else None)
    except KeyboardInterrupt:
        if bar:
            bar.end()
        return interrupted(f"nothing written (the tables in {args.tables} left as they were)")
    if bar:
        bar.end()
    if args.json:
        print_json({"tables": args.tables, "written": rows}, indent=1)
    else:
        print(", ".join(f"{n} {t}" for t, n in rows.items()) + f" written to {args.tables}")
    return OK


def _score(args: argparse.Namespace) -> int:
    from mahjong_fast.engine import WinWriter, score_logs

    if args.tables is not None:
        return _score_tables(args)

    # The target is checked (extension, folder, --no-clobber) before any work.
    writer = WinWriter(args.out, no_clobber=args.no_clobber)
    bar: Optional[Bar] = None
    done = total = 0
    try:
        batches, count = _inputs(args)
        bar = bar_for(args, "logs")
        skipped: List[str] = []
        for batch in batches:
            rows, skip = score_logs(batch)
            writer.write(rows)
            skipped.extend(skip)
            done += len(batch)
            total = done if count is None else count
            if bar:
                bar.update(done, total)
        writer.close()
    except KeyboardInterrupt:
        writer.abort()
        if bar:
            bar.end()
        return interrupted(f"read {done} of {total} logs; nothing written ({args.out} left as it was)")
    except BaseException:
        writer.abort()
        if bar:
            bar.end()
        raise
    if bar:
        bar.end()
    if args.json:
        print_json({"out": args.out, "written": writer.rows, "files": total, "skipped": skipped}, indent=1)
        return OK
    print(f"{writer.rows} wins written to {args.out}" + (" (the header only: no wins found)" if not writer.rows else ""))
    if skipped:
        print(f"{len(skipped)} files or games skipped:")
        for line in skipped[: args.max_problems]:
            print(f"  {line}")
    return OK


def _convert(args: argparse.Namespace) -> int:
    from mahjong_fast.engine import convert_log

    if args.out is None:
        for text in convert_log(args.path, args.format):
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return OK
    games = convert_log(args.path, args.format, args.out, no_clobber=args.no_clobber)
    if args.json:
        print_json({"out": args.out, "format": args.format, "games": len(games)})
    else:
        print(f"{len(games)} games written to {args.out} as {args.format}")
    return OK


def _pack(args: argparse.Namespace) -> int:
    from mahjong_fast.archive_write import pack

    bar = bar_for(args, "logs")
    filters = _filters(args)
    try:
        r = pack(stdin_items(args.paths), args.db, filters=filters, no_clobber=args.no_clobber,
                 progress=(lambda done: bar.update(done, done)) if bar else None)
    except KeyboardInterrupt:
        if bar:
            bar.end()
        return interrupted(f"nothing written ({args.db} left as it was)")
    if bar:
        bar.end()
    if args.json:
        print_json({"db": args.db, "written": r.written, "read": r.read, "refused": r.refused}, indent=1)
        return OK
    print(f"{r.written} games written to {args.db} ({r.read} logs read, {len(r.refused)} games left out)")
    for source, why in r.refused[: args.max_problems]:
        print(f"  left out: {why}" if why.startswith(source) else f"  left out: {source}: {why}")
    return OK


def _synth(args: argparse.Namespace) -> int:
    from mahjong_fast.archive_write import synth

    bar = bar_for(args, "games")
    try:
        n = synth(args.games, args.db, seed=args.seed, players=args.players, east_only=args.length == "east",
                  no_clobber=args.no_clobber, progress=(lambda done: bar.update(done, args.games)) if bar else None)
    except KeyboardInterrupt:
        if bar:
            bar.end()
        return interrupted(f"nothing written ({args.db} left as it was)")
    if bar:
        bar.end()
    if args.json:
        print_json({"db": args.db, "written": n})
    else:
        print(f"{n} games written to {args.db}")
    return OK


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the `logs` command and its subcommands.

    Example:
        >>> import argparse; p = argparse.ArgumentParser(); register(p.add_subparsers())
    """
    from mahjong_fast.engine import WIN_FORMATS

    p = sub.add_parser("logs", help="read, verify, score and convert game logs (Tenhou mjlog, client logs, tenhou.net/6, mjai)")
    lsub = p.add_subparsers(dest="logs_command", metavar="SUBCOMMAND")
    lsub.required = True
    paths_help = ("log files, folders, zip / tar bundles or phoenix-style SQLite databases; - reads paths from "
                  "standard input, one a line")
    v = lsub.add_parser(
        "verify",
        help="replay games through the engine and compare scores with the record",
        description="Replay every game and compare. Exit 0: every file held games and every game verified; "
        "1: a file was unreadable or held no game, or a game failed; 2: bad arguments.",
    )
    v.add_argument("paths", nargs="+", help=paths_help)
    v.add_argument("--max-problems", type=COUNT, default=50, help="problem lines to print (default 50)")
    add_progress(v)
    add_json(v, "the totals and the problems")
    _add_filters(v)
    v.set_defaults(func=_verify)
    formats = ", ".join(WIN_FORMATS)
    sc = lsub.add_parser(
        "score",
        help="extract every win with its full scoring to CSV, Parquet or Arrow",
        description="Score every win and write the rows to --out, whole or not at all: a temporary file beside it "
        "is renamed over it only when complete (Ctrl-C or an error leaves the previous file). With no wins the file "
        "holds the header (CSV) or the schema (Parquet, Arrow) only.",
    )
    sc.add_argument("paths", nargs="+", help=paths_help)
    where = sc.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", help=f"the wins, to one file, the format by its extension: {formats} (all but .csv need pyarrow)")
    where.add_argument("--tables", metavar="DIR", help="the three tables (wins, hands, games) into this folder")
    sc.add_argument("--format", choices=("parquet", "arrow", "csv"), default="parquet", help="with --tables: the files' format")
    sc.add_argument("--no-clobber", action="store_true", help="refuse to replace an existing --out")
    sc.add_argument("--max-problems", type=COUNT, default=20, help="skipped-file lines to print")
    add_progress(sc)
    add_json(sc, "what was written")
    _add_filters(sc)
    sc.set_defaults(func=_score)
    cv = lsub.add_parser("convert", help="convert a log to mjai or tenhou.net/6 JSON")
    cv.add_argument("path", help="a log file")
    cv.add_argument("--format", required=True, choices=["mjai", "tenhou6", "mjlog"], help="the format to write")
    cv.add_argument("--out", help="write here (whole or not at all) instead of standard output")
    cv.add_argument("--no-clobber", action="store_true", help="refuse to replace an existing --out")
    add_json(cv, "what was written (with --out)")
    cv.set_defaults(func=_convert)
    pk = lsub.add_parser(
        "pack",
        help="pack games into a phoenix-style SQLite database (bz2 mjlog rows)",
        description="Pack every game of the given logs into a new database, built beside --db and renamed over it "
        "only when complete. Games mjlog cannot hold (client-side logs hide tiles) are listed and left out.",
    )
    pk.add_argument("paths", nargs="+", help=paths_help)
    pk.add_argument("--db", required=True, help="the database to write (.db, .sqlite or .sqlite3)")
    pk.add_argument("--no-clobber", action="store_true", help="refuse to replace an existing --db")
    pk.add_argument("--max-problems", type=COUNT, default=20, help="left-out game lines to print")
    add_progress(pk)
    add_json(pk, "what was written")
    _add_filters(pk)
    pk.set_defaults(func=_pack)
    sy = lsub.add_parser(
        "synth",
        help="a phoenix-style database of random self-play matches (for tests and benchmarks)",
        description="Write --games matches of random legal play at a Tenhou phoenix table into a new database.",
    )
    sy.add_argument("--games", type=COUNT, required=True, help="how many matches")
    sy.add_argument("--db", required=True, help="the database to write (.db, .sqlite or .sqlite3)")
    sy.add_argument("--seed", type=COUNT, default=0, help="the first match's seed (default 0)")
    sy.add_argument("--players", type=int, choices=(3, 4), default=4, help="players at the table (default 4)")
    sy.add_argument("--length", choices=("east", "south"), default="south", help="east-only or east-south (default)")
    sy.add_argument("--no-clobber", action="store_true", help="refuse to replace an existing --db")
    add_progress(sy)
    add_json(sy, "what was written")
    sy.set_defaults(func=_synth)
