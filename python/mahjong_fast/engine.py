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
from typing import Callable, Iterable, List, Optional, Sequence, Union

from mahjong_fast._core import Match, final_result, list_log_files, read_log, self_play, verify_logs

PathLike = Union[str, "os.PathLike[str]"]

__all__ = ["Match", "VerifySummary", "final_result", "iter_games", "list_log_files", "read_log", "self_play", "verify", "verify_logs"]


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
        for key in ("rounds", "rounds_legal", "rounds_scored", "rounds_skipped", "wins", "wins_matched", "riichi_unverified"):
            setattr(self, key, getattr(self, key) + report[key])
        self.finals_checked += int(report["final_checked"])
        self.finals_matched += int(report["final_matched"])

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
