"""Game-log archives as users have them, read as one stream of games.

The sources, told apart by their content (not their names):

- a phoenix-style SQLite database, as the Tenhou log scrapers write it: a table
  ``logs`` with ``log_id``, ``date``, the flags ``is_sanma``, ``is_tonpusen``,
  ``is_processed``, ``was_error`` and ``log_content`` (the mjlog XML, bzip2-compressed);
- a zip bundle, a tar bundle (plain, gzip, bzip2 or xz), read member by member;
- a folder (walked in name order; archives inside it are opened too);
- a single log file of any supported format (plain, ``.gz`` or ``.bz2``).

Reading streams: a database is read row by row through one cursor and a bundle member
by member, so memory holds one chunk of games whatever the archive's size. Every game
keeps its source (``archive#row`` or ``archive#member``), so a bad game is reported by
where it is and skipped; it never stops the rest of the archive.

Example:
    >>> import sqlite3, bz2, tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> db = os.path.join(d, "logs.db")
    >>> con = sqlite3.connect(db)
    >>> _ = con.execute(SCHEMA)
    >>> _ = con.execute("INSERT INTO logs VALUES ('2020010100gm-00a9-0000-x', '2020-01-01', 0, 0, 1, 0, ?, NULL)",
    ...                 (bz2.compress(b"<mjloggm ver='2.3'></mjloggm>"),))
    >>> con.commit(); con.close()
    >>> [g.source for g in iter_games([db])]
    ['...logs.db#2020010100gm-00a9-0000-x']
"""

from __future__ import annotations

import os
import sqlite3
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from mahjong_fast.errors import LogParseError, argument_error

PathLike = Union[str, "os.PathLike[str]"]

#: The table a phoenix-style database holds (the scrapers' layout; ``log_hash`` is
#: optional there and unused here).
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS logs (log_id TEXT PRIMARY KEY, date TEXT, is_tonpusen INTEGER, "
    "is_sanma INTEGER, is_processed INTEGER, was_error INTEGER, log_content BLOB, log_hash TEXT)"
)

# Names a folder walk and a bundle take as logs (the core's list, plus compressed forms).
LOG_SUFFIXES = (".mjlog", ".xml", ".log", ".json", ".gz", ".bz2", ".mjson", ".jsonl")



SQLITE_MAGIC = b"SQLite format 3\x00"
ZIP_MAGIC = b"PK\x03\x04"


@dataclass(frozen=True)
class Filters:
    """Which games of a database to read (``None``: any).

    ``players`` 4 or 3 (the ``is_sanma`` flag); ``length`` ``"east"`` (east-only) or
    ``"south"`` (east-south; the ``is_tonpusen`` flag); ``lobby`` the game-type code
    of the log id (``"00a9"`` in ``2020010100gm-00a9-0000-1a2b3c4d``: four-player
    east-south in the phoenix room); ``since`` / ``until`` bound the ``date`` column
    (text comparison, so ``"2020"`` .. ``"2021"`` takes the year 2020); rows the
    scraper marked ``was_error`` or not yet downloaded are skipped unless
    ``include_errors``.

    Example:
        >>> Filters(players=3, include_errors=True).where()
        ('is_sanma = ?', [1])
    """

    players: Optional[int] = None
    length: Optional[str] = None
    lobby: Optional[str] = None
    since: Optional[str] = None
    until: Optional[str] = None
    include_errors: bool = False

    def __post_init__(self) -> None:
        if self.players not in (None, 3, 4):
            raise argument_error("players", f"players must be 3 or 4, got {self.players!r}")
        if self.length not in (None, "east", "south"):
            raise argument_error("length", f"length must be 'east' or 'south', got {self.length!r}")
        if self.lobby is not None and not (isinstance(self.lobby, str) and len(self.lobby) == 4
                                           and all(c in "0123456789abcdefABCDEF" for c in self.lobby)):
            raise argument_error("lobby", f"lobby must be a four-digit hex game-type code such as '00a9', "
                                  f"got {self.lobby!r}")
        for name in ("since", "until"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, str):
                raise argument_error(name, f"{name} must be a date text such as '2020-01-01', got {v!r}")

    def where(self) -> Tuple[str, List[object]]:
        """The SQL condition and its parameters.

        Example:
            >>> Filters(length="east", lobby="00E1", include_errors=True).where()
            ('is_tonpusen = ? AND log_id LIKE ?', [1, '%gm-00e1-%'])
        """
        parts: List[str] = []
        params: List[object] = []
        if self.players is not None:
            parts.append("is_sanma = ?")
            params.append(1 if self.players == 3 else 0)
        if self.length is not None:
            parts.append("is_tonpusen = ?")
            params.append(1 if self.length == "east" else 0)
        if self.lobby is not None:
            parts.append("log_id LIKE ?")
            params.append(f"%gm-{self.lobby.lower()}-%")
        if self.since is not None:
            parts.append("date >= ?")
            params.append(self.since)
        if self.until is not None:
            parts.append("date < ?")
            params.append(self.until)
        if not self.include_errors:
            parts.append("COALESCE(was_error, 0) = 0 AND log_content IS NOT NULL")
        return " AND ".join(parts) or "1", params


@dataclass(frozen=True)
class ArchiveGame:
    """One log read out of an archive: where it is and its bytes (as stored: plain,
    gzip or bzip2; the readers tell which).

    Example:
        >>> ArchiveGame("a.db", "2020010100gm-00a9-0000-x", b"").source
        'a.db#2020010100gm-00a9-0000-x'
    """

    archive: str
    member: Optional[str]
    data: bytes

    @property
    def source(self) -> str:
        """``archive#member`` (the row's log id or the member's name), or the file.

        Example:
            >>> ArchiveGame("game.mjlog", None, b"").source
            'game.mjlog'
        """
        return self.archive if self.member is None else f"{self.archive}#{self.member}"


def kind_of(path: PathLike) -> str:
    """What a path holds: ``"folder"``, ``"sqlite"``, ``"zip"``, ``"tar"`` or ``"file"``.

    Example:
        >>> kind_of(".")
        'folder'
    """
    p = os.fspath(path)
    if os.path.isdir(p):
        return "folder"
    try:
        with open(p, "rb") as f:
            head = f.read(16)
    except FileNotFoundError:
        raise LogParseError(f"{p}: no such file or folder") from None
    except OSError as e:
        raise LogParseError(f"{p}: cannot read: {e.strerror or e}") from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(ZIP_MAGIC):
        return "zip"
    if _is_tar(p):
        return "tar"
    return "file"


def _is_tar(path: str) -> bool:
    # A compressed log (.gz / .bz2) must not be taken for a tar bundle: only names
    # that say tar are opened as one (tarfile.is_tarfile would decompress the whole
    # file to find out).
    n = path.lower()
    if not n.endswith((".tar", ".tgz", ".tbz2", ".txz", ".tar.gz", ".tar.bz2", ".tar.xz")):
        return False
    try:
        return tarfile.is_tarfile(path)
    except OSError:
        return False


def _looks_like_log(name: str) -> bool:
    return name.lower().endswith(LOG_SUFFIXES) and not name.rsplit("/", 1)[-1].startswith(".")


def checked_paths(paths: object, name: str = "paths") -> List[str]:
    """`paths` as a list of path texts, or an `ArgumentError` naming `name`.

    Example:
        >>> checked_paths(["a.db", "logs"])
        ['a.db', 'logs']
    """
    if isinstance(paths, (str, bytes, os.PathLike)):
        raise argument_error(name, f"{name} must be a sequence of paths, got one path; wrap it in a list")
    try:
        items = list(paths)  # type: ignore[call-overload]
    except TypeError:
        raise argument_error(name, f"{name} must be a sequence of paths, got {type(paths).__name__}") from None
    out = []
    for p in items:
        if not isinstance(p, (str, os.PathLike)):
            raise argument_error(name, f"{name} must hold paths (str or os.PathLike), got {type(p).__name__}")
        t = os.fspath(p)
        if not isinstance(t, str):
            raise argument_error(name, f"{name} must hold text paths, got {type(t).__name__}")
        out.append(t)
    return out


def checked_filters(filters: object) -> Filters:
    """`filters` (None for any row), or an `ArgumentError`.

    Example:
        >>> checked_filters(None).players is None
        True
    """
    if filters is None:
        return Filters()
    if not isinstance(filters, Filters):
        raise argument_error("filters", f"filters must be an archive.Filters or None, got {type(filters).__name__}")
    return filters


def iter_games(paths: Sequence[PathLike], filters: Optional[Filters] = None) -> Iterator[ArchiveGame]:
    """Every log in ``paths`` (archives, folders, files), one at a time, in order.

    Example:
        >>> list(iter_games([]))
        []
    """
    # Checked before the first game is asked for, so a bad call fails at once.
    names, f = checked_paths(paths), checked_filters(filters)
    return _iter_all(names, f)


def _iter_all(names: List[str], f: Filters) -> Iterator[ArchiveGame]:
    for p in names:
        yield from _iter_one(p, f)


def count_games(paths: Sequence[PathLike], filters: Optional[Filters] = None) -> Optional[int]:
    """How many logs :func:`iter_games` will yield, told without reading them (a
    database's matching rows, a zip's members, a folder's files), or None when a tar
    bundle would have to be read through to tell.

    Example:
        >>> count_games([])
        0
    """
    f = checked_filters(filters)
    total = 0
    for p in checked_paths(paths):
        n = _count_one(p, f)
        if n is None:
            return None
        total += n
    return total


def _folder_members(path: str) -> Iterator[str]:
    """The files of a folder, in name order, that are logs or archives."""
    for entry in sorted(Path(path).rglob("*")):
        name = str(entry)
        if entry.is_file() and (_looks_like_log(name) or kind_of(name) != "file"):
            yield name


def _count_one(path: str, filters: Filters) -> Optional[int]:
    kind = kind_of(path)
    if kind == "folder":
        total = 0
        for name in _folder_members(path):
            n = _count_one(name, filters)
            if n is None:
                return None
            total += n
        return total
    if kind == "sqlite":
        where, params = filters.where()
        con = sqlite3.connect(f"file:{Path(path).resolve().as_posix()}?mode=ro", uri=True)
        try:
            return int(con.execute(f"SELECT COUNT(*) FROM logs WHERE {where}", params).fetchone()[0])
        except sqlite3.DatabaseError:
            return 0  # reading it reports the error with its source
        finally:
            con.close()
    if kind == "zip":
        try:
            with zipfile.ZipFile(path) as z:
                return sum(1 for i in z.infolist() if not i.is_dir() and _looks_like_log(i.filename))
        except zipfile.BadZipFile:
            return 0
    if kind == "tar":
        return None
    return 1


def _iter_one(path: str, filters: Filters) -> Iterator[ArchiveGame]:
    kind = kind_of(path)
    if kind == "folder":
        for name in _folder_members(path):
            yield from _iter_one(name, filters)
    elif kind == "sqlite":
        yield from _iter_sqlite(path, filters)
    elif kind == "zip":
        yield from _iter_zip(path)
    elif kind == "tar":
        yield from _iter_tar(path)
    else:
        yield ArchiveGame(path, None, Path(path).read_bytes())


def _iter_sqlite(path: str, filters: Filters) -> Iterator[ArchiveGame]:
    where, params = filters.where()
    con = sqlite3.connect(f"file:{Path(path).resolve().as_posix()}?mode=ro", uri=True)
    try:
        try:
            cur = con.execute(f"SELECT log_id, log_content FROM logs WHERE {where} ORDER BY rowid", params)
        except sqlite3.DatabaseError as e:
            raise LogParseError(f"{path}: not a phoenix-style log database (a table 'logs' with log_id, "
                                f"log_content and the flag columns): {e}") from None
        for log_id, content in cur:
            if isinstance(content, str):
                content = content.encode("utf-8", "surrogatepass")
            yield ArchiveGame(path, str(log_id), bytes(content or b""))
    finally:
        con.close()


def _iter_zip(path: str) -> Iterator[ArchiveGame]:
    try:
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                if not info.is_dir() and _looks_like_log(info.filename):
                    yield ArchiveGame(path, info.filename, z.read(info))
    except zipfile.BadZipFile as e:
        raise LogParseError(f"{path}: bad zip bundle: {e}") from None


def _iter_tar(path: str) -> Iterator[ArchiveGame]:
    try:
        # Stream mode: members in order, nothing held but the current one.
        with tarfile.open(path, mode="r|*") as t:
            for m in t:
                if m.isfile() and _looks_like_log(m.name):
                    f = t.extractfile(m)
                    if f is not None:
                        yield ArchiveGame(path, m.name, f.read())
    except tarfile.TarError as e:
        raise LogParseError(f"{path}: bad tar bundle: {e}") from None


def chunks(games: Iterable[ArchiveGame], size: int) -> Iterator[List[Tuple[str, bytes]]]:
    """``(source, bytes)`` pairs in lists of ``size``: what the replaying calls take.

    Example:
        >>> list(chunks([ArchiveGame("a", None, b"x")] * 3, 2))
        [[('a', b'x'), ('a', b'x')], [('a', b'x')]]
    """
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 1_000_000:
        raise argument_error("chunk", f"chunk must be an integer in 1-1000000, got {size!r}")
    return _chunks(games, size)


def _chunks(games: Iterable[ArchiveGame], size: int) -> Iterator[List[Tuple[str, bytes]]]:
    batch: List[Tuple[str, bytes]] = []
    for g in games:
        batch.append((g.source, g.data))
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch
