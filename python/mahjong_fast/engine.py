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
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Union

from mahjong_fast._core import (
    Match,
    convert_log,
    final_result,
    list_log_files,
    read_log,
    score_logs,
    self_play,
    verify_logs,
)
from mahjong_fast.match_rules import MatchRules, load_match_rules

PathLike = Union[str, "os.PathLike[str]"]

__all__ = ["Match", "MatchRules", "load_match_rules", "VerifySummary", "WinWriter", "convert_log", "final_result", "score_logs", "score_to_file", "iter_games", "list_log_files", "read_log", "self_play", "verify", "verify_logs"]


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
    reports: List[dict] = field(default_factory=list)

    def add(self, report: dict) -> None:
        """Fold one game's report (from `verify_logs`) into the totals.

        Example:
            >>> s = VerifySummary(); s.add({"ok": False, "error": "x", "problems": ["x"]}); s.unreadable
            1
        """
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
        return [p for r in self.reports for p in r.get("problems", [])]


def verify(
    paths: Sequence[PathLike],
    *,
    chunk: int = 64,
    progress: Optional[Callable[[int, int], None]] = None,
) -> VerifySummary:
    """Replay every game found under `paths` (files or folders) and total the results.

    Files are replayed in chunks on all cores; `progress(done, total)` is called
    after each chunk. Memory holds one chunk's reports at a time plus the summary.

    Example:
        >>> verify([]).games
        0
    """
    files = list_log_files([os.fspath(p) for p in paths]) if paths else []
    summary = VerifySummary(files=len(files))
    for i in range(0, len(files), chunk):
        for report in verify_logs(files[i : i + chunk]):
            summary.add(report)
        if progress is not None:
            progress(min(i + chunk, len(files)), len(files))
    return summary


def iter_games(paths: Iterable[PathLike]):
    """Yield every game (a dict with `source`, `rules`, `events`) under `paths`.

    Example:
        >>> list(iter_games([]))
        []
    """
    for f in list_log_files([os.fspath(p) for p in paths]) if paths else []:
        yield from read_log(f)


class WinWriter:
    """Streams win rows (dicts from `score_logs`) to CSV, Parquet or Arrow IPC.

    The format follows the file name (`.csv`, `.parquet`, `.arrow`/`.feather`);
    Parquet and Arrow need `pyarrow` (an optional extra); CSV always works. Rows are
    written as they come, so memory grows with one batch, not with the input.

    Example:
        >>> import io, tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "w.csv")
        >>> with WinWriter(path) as w: w.write([{"a": 1}])
        >>> open(path).read().splitlines()
        ['a', '1']
    """

    def __init__(self, path: PathLike) -> None:
        self.path = os.fspath(path)
        low = self.path.lower()
        self.kind = "parquet" if low.endswith(".parquet") else "arrow" if low.endswith((".arrow", ".feather", ".ipc")) else "csv"
        self._writer = None
        self._file = None
        self.rows = 0
        if self.kind != "csv":
            try:
                import pyarrow  # noqa: F401
            except ImportError as e:  # pragma: no cover - depends on the extra
                raise ImportError(f"writing {self.path} needs pyarrow (pip install pyarrow), or use a .csv name") from e

    def write(self, rows: List[dict]) -> None:
        """Append a batch of rows."""
        if not rows:
            return
        if self.kind == "csv":
            import csv

            if self._file is None:
                self._file = open(self.path, "w", newline="", encoding="utf-8")
                self._writer = csv.DictWriter(self._file, fieldnames=list(rows[0]))
                self._writer.writeheader()
            self._writer.writerows(rows)
        else:
            import pyarrow as pa

            table = pa.Table.from_pylist(rows)
            if self._writer is None:
                if self.kind == "parquet":
                    import pyarrow.parquet as pq

                    self._writer = pq.ParquetWriter(self.path, table.schema)
                else:
                    self._file = pa.OSFile(self.path, "wb")
                    self._writer = pa.ipc.new_file(self._file, table.schema)
            self._writer.write_table(table)
        self.rows += len(rows)

    def close(self) -> None:
        """Finish the file."""
        if self.kind != "csv" and self._writer is not None:
            self._writer.close()
        if self._file is not None:
            self._file.close()
        self._writer = self._file = None

    def __enter__(self) -> WinWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def score_to_file(
    paths: Sequence[PathLike],
    out: PathLike,
    *,
    chunk: int = 64,
    progress: Optional[Callable[[int, int], None]] = None,
) -> tuple:
    """Score every win under `paths` and stream the rows to `out`; returns
    (rows written, skipped notes).

    Example:
        >>> import tempfile, os
        >>> score_to_file([], os.path.join(tempfile.mkdtemp(), "w.csv"))
        (0, [])
    """
    files = list_log_files([os.fspath(p) for p in paths]) if paths else []
    skipped: List[str] = []
    with WinWriter(out) as w:
        for i in range(0, len(files), chunk):
            rows, skip = score_logs(files[i : i + chunk])
            w.write(rows)
            skipped.extend(skip)
            if progress is not None:
                progress(min(i + chunk, len(files)), len(files))
        return w.rows, skipped
