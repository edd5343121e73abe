"""Round and match engine, game logs and replay verification.

Logs (Tenhou mjlog XML plain or gzipped, Tenhou client-protocol session logs) are
read into one event stream -- the same events the engine emits when it plays -- and
replayed through the engine, which checks that every action is legal and that every
hand's score changes and the final result equal the record.

Example:
    >>> from mahjong_fast import engine
    >>> summary = engine.verify(["game.mjlog"])  # doctest: +SKIP
    >>> summary.games_ok == summary.games  # doctest: +SKIP
    True
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from mahjong_fast._core import (
    Match,
    final_result,
    list_log_files,
    read_log,
    score_logs,
    self_play,
    verify_logs,
)
from mahjong_fast._core import (
    convert_log as _core_convert_log,
)
from mahjong_fast.errors import argument_error
from mahjong_fast.match_rules import MatchRules, load_match_rules

if TYPE_CHECKING:
    from mahjong_fast.archive import Filters

PathLike = Union[str, "os.PathLike[str]"]
#: A log to read: a path, or `(source, bytes)` for a game inside an archive.
LogInput = Union[str, "os.PathLike[str]", Tuple[str, bytes]]

__all__ = ["Match", "MatchRules", "load_match_rules", "VerifySummary", "WIN_FORMATS", "WinWriter", "convert_log", "final_result", "score_logs", "score_to_file", "score_tables", "TABLES", "iter_games", "list_log_files", "read_log", "self_play", "verify", "verify_chunk", "verify_logs"]


@dataclass
class VerifySummary:
    """Totals of a verification run over many games.

    Example:
        >>> VerifySummary().games
        0
    """

    files: int = 0
    unreadable: int = 0
    games: int = 0
    unsupported: int = 0
    games_ok: int = 0
    rounds: int = 0
    rounds_legal: int = 0
    rounds_scored: int = 0
    rounds_skipped: int = 0
    wins: int = 0
    wins_matched: int = 0
    finals_checked: int = 0
    finals_matched: int = 0
    riichi_unverified: int = 0
    #: Riichi declarations whose tenpai was checked (hand fully known).
    riichi_checked: int = 0
    #: Games verified that run to the end of the match.
    games_complete: int = 0
    #: Games whose log stops before the match ends (everything present verified).
    games_truncated: int = 0
    rounds_truncated: int = 0
    kuikae_accepted: int = 0
    #: Games whose uma was taken from the recorded results (not declared by the log).
    uma_from_record: int = 0
    #: Files read without error in which no game remains (a log cut before its
    #: first hand): a failure, not a pass.
    empty: List[str] = field(default_factory=list)
    reports: List[dict] = field(default_factory=list)
    #: Keep every game's report (False: only those of failed or unreadable games, at
    #: most 1,000, so that memory does not grow with an archive; `distinct` then
    #: sees only those).
    keep_reports: bool = True

    def add(self, report: dict) -> None:
        """Fold one game's report (from `verify_logs`) into the totals.

        Example:
            >>> s = VerifySummary(); s.add({"ok": False, "error": "x", "problems": ["x"]}); s.unreadable
            1
        """
        failed = bool(report.get("error")) or (report.get("supported") and not report.get("ok"))
        if self.keep_reports or (failed and len(self.reports) < 1000):
            self.reports.append(report)
        if report.get("error"):
            self.unreadable += 1
            return
        self.games += 1
        if not report["supported"]:
            self.unsupported += 1
            return
        self.games_ok += int(report["ok"])
        self.games_complete += int(report["complete"])
        self.games_truncated += int(report["ok"] and report["truncated"])
        self.uma_from_record += int(report["uma_from_record"] is not None)
        for key in ("rounds", "rounds_legal", "rounds_scored", "rounds_skipped", "rounds_truncated", "wins", "wins_matched", "riichi_unverified", "riichi_checked", "kuikae_accepted"):
            setattr(self, key, getattr(self, key) + report[key])
        self.finals_checked += int(report["final_checked"])
        self.finals_matched += int(report["final_matched"])

    def distinct(self) -> Dict[str, int]:
        """Results against distinct games. Copies of one game (the same play in
        several files, formats or seats' client logs) and excerpts of it (a log
        whose every hand starts like one of the game's hands and whose discards are
        a prefix of that hand's; at least 8 discards in all) count once, with the
        best result among them.

        Example:
            >>> VerifySummary().distinct()["games"]
            0
        """
        games = [r for r in self.reports if not r.get("error") and r.get("supported")]
        rank = {"failed": 0, "truncated": 1, "complete": 2}
        status = [rank["complete" if r["complete"] else "truncated" if r["ok"] else "failed"] for r in games]
        by_start: Dict[str, List[tuple]] = {}
        for g, r in enumerate(games):
            for key, discards in r.get("hands", []):
                by_start.setdefault(key, []).append((g, discards))
        parent = list(range(len(games)))

        def root(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for g, r in enumerate(games):
            hands = r.get("hands", [])
            # Too little play to tell a game apart (a start and a few discards can
            # repeat by chance between games).
            if sum(len(d) for _, d in hands) < 8:
                continue
            # Games holding every hand of g (equal start, one discard list a prefix
            # of the other): g is a copy or an excerpt of each of them.
            holders = None
            for key, discards in hands:
                here = {h for h, d in by_start.get(key, []) if h != g and (d[: len(discards)] == discards or discards[: len(d)] == d)}
                holders = here if holders is None else holders & here
                if not holders:
                    break
            for h in holders or ():
                parent[root(g)] = root(h)
        best: Dict[int, int] = {}
        for g in range(len(games)):
            k = root(g)
            best[k] = max(best.get(k, -1), status[g])
        out = {"games": len(best), "complete": 0, "truncated": 0, "failed": 0}
        for name, value in rank.items():
            out[name] = sum(1 for v in best.values() if v == value)
        return out

    @property
    def problems(self) -> List[str]:
        """Every problem line of every game.

        Example:
            >>> VerifySummary().problems
            []
        """
        return [f"{f}: no game in the file (cut before its first hand?)" for f in self.empty] + [
            p for r in self.reports for p in r.get("problems", [])
        ]

    @property
    def failed(self) -> int:
        """Games with supported rules that failed verification.

        Example:
            >>> VerifySummary().failed
            0
        """
        return self.games - self.unsupported - self.games_ok

    @property
    def passed(self) -> bool:
        """True when every file was read, held a game and every game verified.

        Example:
            >>> VerifySummary(files=1, empty=["a.mjlog"]).passed
            False
        """
        return self.failed == 0 and self.unreadable == 0 and not self.empty

    def add_file(self, path: str, reports: List[dict]) -> None:
        """Fold the reports of one file in (none: the file holds no game).

        Example:
            >>> s = VerifySummary(); s.add_file("a.mjlog", []); s.empty
            ['a.mjlog']
        """
        if not reports:
            self.empty.append(path)
        for r in reports:
            self.add(r)


def verify(
    paths: Sequence[PathLike],
    *,
    chunk: int = 64,
    progress: Optional[Callable[[int, Optional[int]], None]] = None,
    filters: Optional[Filters] = None,
    keep_reports: bool = True,
) -> VerifySummary:
    """Replay every game found under `paths` and total the results.

    `paths` are log files, folders, zip / tar bundles and phoenix-style SQLite
    databases (see :mod:`mahjong_fast.archive`; `filters` selects a database's rows).
    Logs are replayed in chunks on all cores; `progress(done, total)` is called after
    each chunk (`total` is None when it cannot be told without reading the archive).
    Memory holds one chunk of logs; with `keep_reports=False` the summary keeps only
    the reports of games that failed (at most 1,000), so an archive of any size
    verifies in flat memory.

    Example:
        >>> verify([]).games
        0
    """
    from mahjong_fast.archive import chunks, count_games, iter_games

    _check_callback(progress)
    batches = chunks(iter_games(paths, filters), chunk)
    total = count_games(paths, filters) if progress is not None else None
    summary = VerifySummary(keep_reports=bool(keep_reports))
    for batch in batches:
        verify_chunk(summary, batch)
        summary.files += len(batch)
        if progress is not None:
            progress(summary.files, total)
    return summary


def _check_callback(progress: object) -> None:
    if progress is not None and not callable(progress):
        raise argument_error("progress", f"progress must be a function of (done, total) or None, got {type(progress).__name__}")


def _source_of(item: LogInput) -> str:
    return item[0] if isinstance(item, tuple) else os.fspath(item)


def _file_of(source: str, files: Sequence[str]) -> Optional[str]:
    for f in files:
        if source == f or source.startswith(f + "#"):
            return f
    return None


def verify_chunk(summary: VerifySummary, files: Sequence[LogInput]) -> None:
    """Replay `files` (paths or `(source, bytes)` pairs, on all cores) and fold their
    reports into `summary`; a log that yields no game is recorded in `summary.empty`.

    Example:
        >>> s = VerifySummary(); verify_chunk(s, [("row 1", b'<mjloggm ver="2.3"></mjloggm>')]); s.empty
        ['row 1']
    """
    if not isinstance(summary, VerifySummary):
        raise argument_error("summary", f"summary must be a VerifySummary, got {type(summary).__name__}")
    if isinstance(files, (str, bytes)) or not isinstance(files, Sequence):
        raise argument_error("files", f"files must be a list of paths or (source, bytes) pairs, got {type(files).__name__}")
    reports = verify_logs(list(files))  # the core checks each item
    names = [_source_of(f) for f in files]
    by_file: Dict[str, List[dict]] = {f: [] for f in names}
    for report in reports:
        f = _file_of(report.get("source", ""), names)
        by_file.setdefault(f if f is not None else report.get("source", ""), []).append(report)
    for f, reports in by_file.items():
        summary.add_file(f, reports)


def iter_games(paths: Iterable[PathLike]):
    """Yield every game (a dict with `source`, `rules`, `events`) under `paths`.

    Example:
        >>> list(iter_games([]))
        []
    """
    for f in list_log_files([os.fspath(p) for p in paths]) if paths else []:
        yield from read_log(f)


#: Rows `WinWriter.write_columns` gathers into one Parquet row group (or Arrow
#: record batch): small groups cost more to write and to read than their rows.
ROW_GROUP_ROWS = 65536

#: The file types `WinWriter` writes, by extension (Parquet and Arrow need pyarrow).
WIN_FORMATS = {".csv": "csv", ".parquet": "parquet", ".arrow": "arrow", ".feather": "arrow", ".ipc": "arrow"}


def _win_schema(columns: List[str], row_type: Any = None):
    """The Arrow schema of rows of the TypedDict `row_type` (default `ScoredLogWin`):
    types declared, not guessed from a batch (a batch whose every `win_tile` is None
    would guess a null column)."""
    import typing

    import pyarrow as pa

    from mahjong_fast.results import ScoredLogWin

    hints = typing.get_type_hints(row_type or ScoredLogWin)
    if set(columns) != set(hints):
        return None
    kinds = {int: pa.int64(), str: pa.string(), bool: pa.bool_(), float: pa.float64()}
    fields = []
    for c in columns:
        t = hints[c]
        args = [a for a in typing.get_args(t) if a is not type(None)]
        fields.append(pa.field(c, kinds[args[0] if args else t]))
    return pa.schema(fields)


class WinWriter:
    """Streams win rows (dicts from `score_logs`) to CSV, Parquet or Arrow IPC, whole
    or not at all.

    The format follows the file name (`WIN_FORMATS`: `.csv`, `.parquet`,
    `.arrow`/`.feather`/`.ipc`); any other name is refused with `ArgumentError`
    before anything is written, except a stream (``/dev/stdout``, a pipe), which
    takes CSV. Parquet and Arrow need `pyarrow` (an optional extra);
    CSV always works. Rows go to a temporary file beside the target as they come
    (memory holds one batch), which `close()` renames over the target; leaving the
    `with` block by an exception (Ctrl-C included) or calling `abort()` removes it,
    so the target is the previous file or the whole new one. With no rows, `close()`
    still writes a whole file: the header (CSV) or the schema (Parquet, Arrow) of
    `columns` (default: the fields of `ScoredLogWin`). `no_clobber=True` refuses an
    existing target.

    Example:
        >>> import io, tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "w.csv")
        >>> with WinWriter(path) as w: w.write([{"a": 1}])
        >>> open(path).read().splitlines()
        ['a', '1']
    """

    def __init__(
        self, path: PathLike, *, no_clobber: bool = False, columns: Optional[List[str]] = None, row_type: Any = None
    ) -> None:
        from mahjong_fast.files import AtomicFile, check_target, extension, is_stream

        stream = is_stream(path) and extension(path) not in WIN_FORMATS
        self.path = check_target(path, None if stream else list(WIN_FORMATS), no_clobber=no_clobber, argument="out")
        self.kind = "csv" if stream else WIN_FORMATS[extension(self.path)]
        self.columns = columns if columns is not None or row_type is None else list(row_type.__annotations__)
        self.row_type = row_type
        self._writer: Any = None
        self._started = False
        self.rows = 0
        # Batches of `write_columns` not yet written (one Parquet row group).
        self._pending: List[Any] = []
        self._pending_rows = 0
        if self.kind != "csv":
            try:
                import pyarrow  # noqa: F401
            except ImportError as e:  # pragma: no cover - depends on the extra
                raise ImportError(f"writing {self.path} needs pyarrow (pip install pyarrow), or use a .csv name") from e
        if self.kind == "csv":
            self._file = AtomicFile(self.path, "w", no_clobber=no_clobber, newline="")
        else:
            self._file = AtomicFile(self.path, "wb", no_clobber=no_clobber)

    def _start(self, columns: List[str]) -> None:
        self.columns = columns
        self._started = True
        if self.kind == "csv":
            import csv

            self._writer = csv.DictWriter(self._file.file, fieldnames=columns)
            self._writer.writeheader()
            return
        self._schema = _win_schema(columns, self.row_type)
        if self._schema is not None:
            self._open(self._schema)

    def _open(self, schema: Any) -> None:
        import pyarrow as pa

        self._schema = schema
        if self.kind == "parquet":
            import pyarrow.parquet as pq

            self._writer = pq.ParquetWriter(self._file.file, schema)
        else:
            self._writer = pa.ipc.new_file(self._file.file, schema)

    def write(self, rows: List[dict]) -> None:
        """Append a batch of rows.

        Example:
            >>> import tempfile, os
            >>> w = WinWriter(os.path.join(tempfile.mkdtemp(), "w.csv")); w.write([{"a": 1}]); w.rows
            1
            >>> w.abort()
        """
        if not rows:
            return
        if not self._started:
            self._start(self.columns or list(rows[0]))
        if self.kind == "csv":
            self._writer.writerows(rows)
        else:
            import pyarrow as pa

            if self._writer is None:
                self._open(pa.Table.from_pylist(rows).schema)
            self._writer.write_table(pa.Table.from_pylist(rows, schema=self._schema))
        self.rows += len(rows)

    def write_columns(self, columns: Dict[str, list], rows: int) -> None:
        """Append a batch given as one list per column (``score_log_columns``'s
        tables): the same rows as `write` of their dicts, built as Arrow columns
        without a dict per row. Parquet row groups gather batches up to
        `ROW_GROUP_ROWS` rows.

        Example:
            >>> import tempfile, os
            >>> w = WinWriter(os.path.join(tempfile.mkdtemp(), "w.csv"))
            >>> w.write_columns({"a": [1, 2]}, 2); w.rows
            2
            >>> w.abort()
        """
        if not rows:
            return
        if self.kind == "csv":
            names = list(columns)
            self.write([dict(zip(names, values)) for values in zip(*columns.values())])
            return
        import pyarrow as pa

        if not self._started:
            self._start(self.columns or list(columns))
        if self._writer is None:
            self._open(pa.Table.from_pydict(columns).schema)
        table = pa.Table.from_pydict({c: columns[c] for c in self._schema.names}, schema=self._schema)
        self._pending.append(table)
        self._pending_rows += rows
        if self._pending_rows >= ROW_GROUP_ROWS:
            self._flush()
        self.rows += rows

    def _flush(self) -> None:
        if self._pending:
            import pyarrow as pa

            self._writer.write_table(pa.concat_tables(self._pending))
        self._pending = []
        self._pending_rows = 0

    def close(self) -> None:
        """Finish the file and rename it over the target.

        Example:
            >>> import tempfile, os
            >>> w = WinWriter(os.path.join(tempfile.mkdtemp(), "w.csv")); w.close()
            >>> open(w.path).readline().startswith("source,")
            True
        """
        if self._file.done:
            return
        try:
            if not self._started:
                self._start(self.columns or _win_columns())
            if self.kind != "csv":
                self._flush()
                if self._writer is None:
                    import pyarrow as pa

                    self._open(pa.schema([(c, pa.null()) for c in self.columns or []]))
                self._writer.close()
        except BaseException:
            self._file.discard()
            raise
        self._file.commit()

    def abort(self) -> None:
        """Drop what was written; the target stays as it was.

        Example:
            >>> import tempfile, os
            >>> w = WinWriter(os.path.join(tempfile.mkdtemp(), "w.csv")); w.abort(); os.path.exists(w.path)
            False
        """
        if self.kind != "csv" and self._writer is not None and not self._file.done:
            try:
                # Closed now, into the file about to be removed, not later by the
                # collector into a closed file.
                self._writer.close()
            except Exception:
                pass  # the write already failed; the file is dropped either way
            self._writer = None
        self._file.discard()

    def __enter__(self) -> WinWriter:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        if kind is None:
            self.close()
        else:
            self.abort()


def _win_columns() -> List[str]:
    from mahjong_fast.results import ScoredLogWin

    return list(ScoredLogWin.__annotations__)


def score_to_file(
    paths: Sequence[PathLike],
    out: PathLike,
    *,
    chunk: int = 64,
    progress: Optional[Callable[[int, Optional[int]], None]] = None,
    no_clobber: bool = False,
    filters: Optional[Filters] = None,
) -> tuple:
    """Score every win under `paths` (files, folders, bundles, databases: see
    :func:`verify`) and stream the rows to `out` (a `WinWriter`: whole or not at
    all); returns (rows written, skipped notes).

    The target is checked first (extension, folder, `no_clobber`), then the inputs
    are listed, then the file is written; an exception or Ctrl-C on the way leaves
    the previous `out` (or none) and propagates.

    Example:
        >>> import tempfile, os
        >>> score_to_file([], os.path.join(tempfile.mkdtemp(), "w.csv"))
        (0, [])
    """
    from mahjong_fast.archive import chunks, count_games, iter_games

    _check_callback(progress)
    with WinWriter(out, no_clobber=no_clobber) as w:
        total = count_games(paths, filters) if progress is not None else None
        skipped: List[str] = []
        done = 0
        for batch in chunks(iter_games(paths, filters), chunk):
            rows, skip = score_logs(batch)
            w.write(rows)
            skipped.extend(skip)
            done += len(batch)
            if progress is not None:
                progress(done, total)
    return w.rows, skipped


#: The tables `score_tables` writes, with the TypedDict of their rows.
TABLES = ("wins", "hands", "games")


def score_tables(
    paths: Sequence[PathLike],
    out_dir: PathLike,
    *,
    fmt: str = "parquet",
    chunk: int = 64,
    filters: Optional[Filters] = None,
    no_clobber: bool = False,
    progress: Optional[Callable[[int, Optional[int]], None]] = None,
) -> Dict[str, int]:
    """Replay every game under `paths` (files, folders, bundles, databases) once and
    write the three tables of a research dataset into the folder `out_dir`:
    ``wins.<fmt>`` (every win's full scoring, `ScoredLogWin`), ``hands.<fmt>``
    (`LogHand`) and ``games.<fmt>`` (`LogGame`); `fmt` is ``parquet``, ``arrow`` or
    ``csv``. Rows are streamed in chunks (memory holds one chunk), each file is written
    whole or not at all, and an error or Ctrl-C leaves the previous files. Returns the
    rows written per table.

    Example:
        >>> import tempfile
        >>> score_tables([], tempfile.mkdtemp(), fmt="csv")
        {'wins': 0, 'hands': 0, 'games': 0}
    """
    from mahjong_fast._core import score_log_columns
    from mahjong_fast.archive import checked_paths, chunks, count_games, iter_games
    from mahjong_fast.results import LogGame, LogHand, ScoredLogWin

    _check_callback(progress)
    ext = {"parquet": ".parquet", "arrow": ".arrow", "csv": ".csv"}.get(fmt) if isinstance(fmt, str) else None
    if ext is None:
        raise argument_error("fmt", f"fmt must be 'parquet', 'arrow' or 'csv', got {fmt!r}", fmt)
    [d] = checked_paths([out_dir], "out_dir")
    if not os.path.isdir(d):
        raise FileNotFoundError(2, "the folder to write the tables into does not exist", d)
    types = {"wins": ScoredLogWin, "hands": LogHand, "games": LogGame}
    writers: Dict[str, WinWriter] = {}
    try:
        for t in TABLES:
            writers[t] = WinWriter(os.path.join(d, t + ext), no_clobber=no_clobber, row_type=types[t])
        total = count_games(paths, filters) if progress is not None else None
        done = 0
        for batch in chunks(iter_games(paths, filters), chunk):
            *tables, _ = score_log_columns(batch)
            for t, (columns, rows) in zip(TABLES, tables):
                writers[t].write_columns(columns, rows)
            done += len(batch)
            if progress is not None:
                progress(done, total)
        for w in writers.values():
            w.close()
    except BaseException:
        for w in writers.values():
            w.abort()
        raise
    return {t: w.rows for t, w in writers.items()}


def convert_log(path: PathLike, fmt: str, out: Optional[PathLike] = None, *, no_clobber: bool = False) -> List[str]:
    """Convert a log to `fmt` ("mjai" or "tenhou6"): one text per game (mjai: JSON
    lines; tenhou6: one JSON document); with `out`, also written there one after the
    other, whole or not at all. Client-side logs (other players' tiles unseen) are
    written as tenhou6 with this package's extension (docs/tenhou6_extensions.md),
    which this package reads back; every other game as plain tenhou.net/6.

    Example:
        >>> convert_log("missing.mjlog", "mjai")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        LogParseError: missing.mjlog: cannot read: No such file or directory (os error 2)
    """
    from mahjong_fast.files import AtomicFile

    if out is None:
        return _core_convert_log(path, fmt)
    # The target is checked before the log is read; it is replaced only when whole.
    with AtomicFile(out, no_clobber=no_clobber, argument="out") as target:
        games = _core_convert_log(path, fmt)
        for text in games:
            target.file.write(text if text.endswith("\n") else text + "\n")
    return games
