"""Writing phoenix-style archives: games from any log, or from random self-play, as
rows of a SQLite database in the scrapers' layout (:data:`archive.SCHEMA`), each game
mjlog XML compressed with bzip2.

A database is built in a temporary file beside the target and renamed over it only
when complete, so the target is either the previous database or the whole new one.
Every row reads back (:mod:`mahjong_fast.archive`) into the game it was made from.

Example:
    >>> import os, tempfile
    >>> db = os.path.join(tempfile.mkdtemp(), "synth.db")
    >>> synth(3, db, seed=10)
    3
    >>> from mahjong_fast import engine
    >>> s = engine.verify([db]); (s.games, s.games_complete)
    (3, 3)
"""

from __future__ import annotations

import datetime
import os
import re
import sqlite3
import zlib
from dataclasses import dataclass, field
from typing import Callable, Iterable, List, Optional, Sequence, Tuple

from mahjong_fast._core import pack_logs, synth_logs
from mahjong_fast.archive import SCHEMA, Filters, PathLike, chunks, iter_games
from mahjong_fast.errors import argument_error
from mahjong_fast.files import AtomicFile

# A Tenhou log id: date and hour, "gm", the game type in hex, lobby, a hash.
LOG_ID = re.compile(r"(\d{10})gm-([0-9a-f]{4})-(\d{4,5})-([0-9a-f]{8})")

# Rows: log_id, date, is_tonpusen, is_sanma, log_content.
Row = Tuple[str, Optional[str], int, int, bytes]


def _date_of(log_id: str) -> Optional[str]:
    m = LOG_ID.search(log_id)
    if not m:
        return None
    d = m.group(1)
    return f"{d[:4]}-{d[4:6]}-{d[6:8]} {d[8:10]}:00"


def write_rows(db: PathLike, batches: Iterable[List[Row]], *, no_clobber: bool = False) -> int:
    """Write rows (in batches) into a new database at `db`, whole or not at all;
    returns the rows written. A row whose log id is already there is skipped (the
    same game met twice).

    Example:
        >>> import os, tempfile, bz2
        >>> db = os.path.join(tempfile.mkdtemp(), "one.db")
        >>> write_rows(db, [[("id1", None, 0, 0, bz2.compress(b"<mjloggm/>"))] * 2])
        1
    """
    target = AtomicFile(db, "wb", allowed=[".db", ".sqlite", ".sqlite3"], no_clobber=no_clobber, argument="db")
    target.file.close()  # SQLite writes the temporary file by its path
    con = None
    try:
        con = sqlite3.connect(target.tmp_path)
        # The rename makes the file whole: no journal is needed while building it.
        con.execute("PRAGMA journal_mode = OFF")
        con.execute("PRAGMA synchronous = OFF")
        con.execute(SCHEMA)
        written = 0
        for batch in batches:
            cur = con.executemany(
                "INSERT OR IGNORE INTO logs (log_id, date, is_tonpusen, is_sanma, is_processed, was_error, log_content)"
                " VALUES (?, ?, ?, ?, 1, 0, ?)",
                batch,
            )
            written += cur.rowcount
        con.commit()
        con.close()
        con = None
        target.commit()
        return written
    except BaseException:
        if con is not None:
            con.close()
        target.discard()
        raise


@dataclass
class PackReport:
    """What :func:`pack` did: rows written, and the games it could not pack.

    Example:
        >>> PackReport().written
        0
    """

    written: int = 0
    read: int = 0
    #: (source, reason) of each log or game left out (unreadable; mjlog cannot hold
    #: it, e.g. a client-side log that hides tiles).
    refused: List[Tuple[str, str]] = field(default_factory=list)


def _log_id(source: str, go_type: int) -> str:
    """The game's Tenhou id when its file (or archive row) is named by one and holds
    only it (its first game, `#0`), else an id made from the source."""
    name, _, index = os.path.basename(source).rpartition("#")
    m = LOG_ID.search(name if index.isdigit() else os.path.basename(source))
    if m and (index in ("0", "") or not index.isdigit()):
        return m.group(0)
    # No Tenhou id in the name: one from the source, stable across runs.
    return f"0000000000gm-{go_type:04x}-0000-{zlib.crc32(source.encode('utf-8', 'surrogatepass')):08x}"


def pack(
    paths: Sequence[PathLike],
    db: PathLike,
    *,
    filters: Optional[Filters] = None,
    no_clobber: bool = False,
    chunk: int = 256,
    progress: Optional[Callable[[int], None]] = None,
) -> PackReport:
    """Pack every game under `paths` (files, folders, bundles, databases) into a new
    phoenix-style database `db`; games mjlog cannot hold are reported, not written.

    Example:
        >>> import os, tempfile
        >>> d = tempfile.mkdtemp()
        >>> _ = synth(2, os.path.join(d, "a.db"))
        >>> pack([os.path.join(d, "a.db")], os.path.join(d, "b.db")).written
        2
    """
    report = PackReport()

    def batches() -> Iterable[List[Row]]:
        for batch in chunks(iter_games(paths, filters), chunk):
            rows, refused = pack_logs(batch)
            report.read += len(batch)
            report.refused.extend(refused)
            out = []
            for source, go_type, sanma, east_only, data in rows:
                log_id = _log_id(source, go_type)
                out.append((log_id, _date_of(log_id), int(east_only), int(sanma), data))
            if progress is not None:
                progress(report.read)
            yield out

    report.written = write_rows(db, batches(), no_clobber=no_clobber)
    return report


def synth(
    count: int,
    db: PathLike,
    *,
    seed: int = 0,
    players: int = 4,
    east_only: bool = False,
    no_clobber: bool = False,
    chunk: int = 2000,
    progress: Optional[Callable[[int], None]] = None,
) -> int:
    """A new phoenix-style database `db` of `count` matches of random legal play
    (seeds `seed`..`seed + count - 1`) at a Tenhou phoenix table of `players`, east-only
    or east-south: an archive of any size for tests and benchmarks. Each game's log id
    holds its seed; dates advance a day every thousand games from 2000-01-01. Returns
    the rows written.

    Example:
        >>> import os, tempfile
        >>> synth(2, os.path.join(tempfile.mkdtemp(), "s.db"), players=3, east_only=True)
        2
    """
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        raise argument_error("count", f"count must be a whole number 0 or more, got {count!r}", count)
    day0 = datetime.date(2000, 1, 1)

    def batches() -> Iterable[List[Row]]:
        done = 0
        while done < count:
            n = min(chunk, count - done)
            rows = synth_logs(n, seed=seed + done, players=players, east_only=east_only)
            out = []
            for s, go_type, sanma, east, data in rows:
                date = day0 + datetime.timedelta(days=(s - seed) // 1000)
                log_id = f"{date:%Y%m%d}00gm-{go_type:04x}-0000-{s & 0xFFFFFFFF:08x}"
                out.append((log_id, f"{date:%Y-%m-%d} 00:00", int(east), int(sanma), data))
            done += n
            if progress is not None:
                progress(done)
            yield out

    return write_rows(db, batches(), no_clobber=no_clobber)
