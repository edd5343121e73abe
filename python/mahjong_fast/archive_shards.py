"""An archive cut into shards that workers read on their own, and the three tables
(wins, hands, games) scored from them written as Parquet part files.

What the Ray and Dask integrations (:mod:`mahjong_fast.ray_data`,
:mod:`mahjong_fast.dask_data`) share, usable without either:

- :func:`plan` cuts archives into :class:`Shard` s: a database into ranges of
  ``log_id`` (its primary key, so a worker's ``WHERE log_id BETWEEN`` reads only its
  rows through the index), a zip bundle into lists of members, a folder's loose files
  into lists of files; a tar bundle (which can only be read through) is one shard.
  A shard is a short JSON text, so it travels through any dataset engine.
- :func:`read` yields a shard's games with the same sources (``archive.db#<log_id>``)
  the single-machine reader gives, so the rows scored from all the shards are the
  rows of ``engine.score_tables``, whatever the number of workers.
- :func:`score_arrow` scores ``(source, bytes)`` pairs into three Arrow tables whose
  schemas are declared (the TypedDicts of :mod:`mahjong_fast.results`), so every part
  file has the same schema, even one without a win.
- :class:`PartsOutput` writes those tables as ``<out>/<table>/<part>.parquet`` into a
  staging folder beside the target and moves the three folders in place only when
  every part is written: the output is the previous one or the whole new one.

Example:
    >>> import os, tempfile
    >>> from mahjong_fast import archive_write
    >>> d = tempfile.mkdtemp()
    >>> db = os.path.join(d, "s.db")
    >>> archive_write.synth(5, db, seed=3)
    5
    >>> shards = plan([db], games=2)
    >>> [s.count for s in shards]
    [2, 2, 1]
    >>> tables, skipped = score_arrow([(g.source, g.data) for s in shards for g in read(s)])
    >>> tables["games"].num_rows, skipped
    (5, [])
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import uuid
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from mahjong_fast.archive import (
    ArchiveGame,
    Filters,
    PathLike,
    _folder_members,
    _iter_one,
    _looks_like_log,
    checked_filters,
    checked_paths,
    kind_of,
)
from mahjong_fast.errors import argument_error

__all__ = ["Shard", "plan", "read", "TABLES", "schema", "score_arrow", "PartsOutput", "part_name", "deal_ranges"]

#: The three tables, in the order they are written.
TABLES = ("wins", "hands", "games")

#: Games per shard when not told: a few seconds of one core's work, a few MB of rows.
GAMES_PER_SHARD = 1000


@dataclass(frozen=True)
class Shard:
    """A piece of an archive one worker reads: ``kind`` ``"sqlite"`` (rows of
    ``path`` with ``first <= log_id <= last`` that pass ``filters``), ``"zip"``
    (``members`` of the bundle ``path``), ``"files"`` (the files ``members``) or
    ``"tar"`` (the whole bundle ``path``); ``count`` games (None for a tar bundle).

    Example:
        >>> s = Shard("files", "", members=("a.mjlog",), count=1)
        >>> Shard.from_json(s.to_json()) == s
        True
    """

    kind: str
    path: str
    first: Optional[str] = None
    last: Optional[str] = None
    members: Tuple[str, ...] = ()
    count: Optional[int] = None
    filters: Dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        """The shard as a JSON text (what travels to the workers).

        Example:
            >>> Shard("tar", "b.tar").to_json()[:26]
            '{"kind": "tar", "path": "b'
        """
        return json.dumps(asdict(self), sort_keys=False)

    @staticmethod
    def from_json(text: str) -> Shard:
        """The shard of :meth:`to_json`'s text.

        Example:
            >>> Shard.from_json('{"kind": "tar", "path": "b.tar"}').kind
            'tar'
        """
        d = json.loads(text)
        d["members"] = tuple(d.get("members", ()))
        return Shard(**d)


def _filters_dict(f: Filters) -> Dict[str, Any]:
    return {k: v for k, v in asdict(f).items() if v not in (None, False)}


def _check_games(games: object) -> int:
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 10_000_000:
        raise argument_error("games", f"games must be an integer in 1-10000000, got {games!r}")
    return games


def plan(paths: Sequence[PathLike], filters: Optional[Filters] = None, *, games: int = GAMES_PER_SHARD) -> List[Shard]:
    """Cut ``paths`` (databases, bundles, folders, files) into shards of at most
    ``games`` games each, in the order the single-machine reader reads them.

    A database is cut by ``log_id`` on the rows the filters keep (its ids alone are
    read, through the primary key's index); a zip bundle by members; loose files
    (given or in a folder) ``games`` files at a time; a tar bundle is one shard.

    Example:
        >>> plan([])
        []
    """
    names, f = checked_paths(paths), checked_filters(filters)
    games = _check_games(games)
    out: List[Shard] = []
    loose: List[str] = []
    for p in names:
        _plan_one(p, f, games, out, loose)
    _flush(loose, games, out)
    return out


def _flush(loose: List[str], games: int, out: List[Shard]) -> None:
    for i in range(0, len(loose), games):
        part = tuple(loose[i : i + games])
        out.append(Shard("files", "", members=part, count=len(part)))
    loose.clear()


def _plan_one(path: str, f: Filters, games: int, out: List[Shard], loose: List[str]) -> None:
    kind = kind_of(path)
    if kind == "folder":
        for name in _folder_members(path):
            _plan_one(name, f, games, out, loose)
        return
    if kind == "file":
        loose.append(path)
        return
    # Loose files met before an archive come first, as the single reader reads them.
    _flush(loose, games, out)
    if kind == "sqlite":
        out.extend(_plan_sqlite(path, f, games))
    elif kind == "zip":
        try:
            with zipfile.ZipFile(path) as z:
                members = [i.filename for i in z.infolist() if not i.is_dir() and _looks_like_log(i.filename)]
        except zipfile.BadZipFile:
            members = []
            out.append(Shard("tar", path))  # read whole: the reader reports the bad bundle
        for i in range(0, len(members), games):
            part = tuple(members[i : i + games])
            out.append(Shard("zip", path, members=part, count=len(part)))
    else:
        out.append(Shard("tar", path))


def _connect(path: str) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{Path(path).resolve().as_posix()}?mode=ro", uri=True)


def _plan_sqlite(path: str, f: Filters, games: int) -> Iterator[Shard]:
    where, params = f.where()
    con = _connect(path)
    try:
        try:
            cur = con.execute(f"SELECT log_id FROM logs WHERE {where} ORDER BY log_id", params)
        except sqlite3.DatabaseError:
            # Not a phoenix database: one shard, whose reading reports why.
            yield Shard("sqlite", path, filters=_filters_dict(f))
            return
        first: Optional[str] = None
        last: Optional[str] = None
        n = 0
        for (log_id,) in cur:
            if first is None:
                first = str(log_id)
            last = str(log_id)
            n += 1
            if n == games:
                yield Shard("sqlite", path, first, last, count=n, filters=_filters_dict(f))
                first, n = None, 0
        if n:
            yield Shard("sqlite", path, first, last, count=n, filters=_filters_dict(f))
    finally:
        con.close()


def read(shard: Shard) -> Iterator[ArchiveGame]:
    """The games of one shard, with the sources the single-machine reader gives.

    Example:
        >>> list(read(Shard("files", "", members=())))
        []
    """
    f = Filters(**shard.filters)
    if shard.kind == "sqlite":
        return _read_sqlite(shard, f)
    if shard.kind == "zip":
        return _read_zip(shard)
    if shard.kind == "files":
        return (g for p in shard.members for g in _iter_one(p, f))
    if shard.kind == "tar":
        return _iter_one(shard.path, f)
    raise argument_error("shard", f"shard kind must be 'sqlite', 'zip', 'files' or 'tar', got {shard.kind!r}")


def _read_sqlite(shard: Shard, f: Filters) -> Iterator[ArchiveGame]:
    if shard.first is None or shard.last is None:
        # A database that could not be planned: the whole reader says what is wrong.
        yield from _iter_one(shard.path, f)
        return
    where, params = f.where()
    con = _connect(shard.path)
    try:
        cur = con.execute(
            f"SELECT log_id, log_content FROM logs WHERE log_id BETWEEN ? AND ? AND {where} ORDER BY log_id",
            [shard.first, shard.last, *params],
        )
        for log_id, content in cur:
            if isinstance(content, str):
                content = content.encode("utf-8", "surrogatepass")
            yield ArchiveGame(shard.path, str(log_id), bytes(content or b""))
    finally:
        con.close()


def _read_zip(shard: Shard) -> Iterator[ArchiveGame]:
    with zipfile.ZipFile(shard.path) as z:
        for name in shard.members:
            yield ArchiveGame(shard.path, name, z.read(name))


def schema(table: str) -> Any:
    """The Arrow schema of a table (``wins``, ``hands`` or ``games``): the fields of
    its TypedDict in :mod:`mahjong_fast.results`, typed as declared.

    Example:
        >>> schema("games").field("players").type
        DataType(int64)
    """
    from mahjong_fast.engine import _win_schema
    from mahjong_fast.results import LogGame, LogHand, ScoredLogWin

    row_type = {"wins": ScoredLogWin, "hands": LogHand, "games": LogGame}.get(table)
    if row_type is None:
        raise argument_error("table", f"table must be 'wins', 'hands' or 'games', got {table!r}")
    return _win_schema(list(row_type.__annotations__), row_type)


def score_arrow(pairs: Iterable[Tuple[str, bytes]]) -> Tuple[Dict[str, Any], List[str]]:
    """Replay ``(source, bytes)`` pairs (on all cores, the GIL released) into the
    three tables as Arrow tables, and the logs skipped.

    Example:
        >>> tables, skipped = score_arrow([("x", b"not a log")])
        >>> [t.num_rows for t in tables.values()], len(skipped)
        ([0, 0, 0], 1)
    """
    import pyarrow as pa

    from mahjong_fast._core import score_log_tables

    wins, hands, games, skipped = score_log_tables(list(pairs))
    rows = {"wins": wins, "hands": hands, "games": games}
    return {t: pa.Table.from_pylist(rows[t], schema=schema(t)) for t in TABLES}, list(skipped)


def part_name(sources: Sequence[str]) -> str:
    """A part file's name made from the sources it holds: the same games give the
    same name, so a retried task rewrites its own part instead of adding one.

    Example:
        >>> part_name(["a.db#1", "a.db#2"]) == part_name(["a.db#1", "a.db#2"]) != part_name(["a.db#1"])
        True
    """
    h = hashlib.sha1()
    for s in sources:
        h.update(s.encode("utf-8", "surrogatepass"))
        h.update(b"\x00")
    return f"part-{h.hexdigest()[:20]}"


class PartsOutput:
    """The three tables as folders of Parquet parts, ``<out_dir>/wins/``,
    ``hands/`` and ``games/``: parts go to a staging folder inside ``out_dir``
    (``staging``, which every worker must see: on a cluster, a shared file system),
    and :meth:`commit` moves the three folders over the previous ones together;
    :meth:`discard` (or leaving a ``with`` block by an exception) drops them.
    ``no_clobber=True`` refuses an ``out_dir`` that already holds one of them.

    Example:
        >>> import tempfile, os
        >>> d = tempfile.mkdtemp()
        >>> with PartsOutput(d) as out:
        ...     tables, _ = score_arrow([])
        ...     out.write("part-0", tables)
        {'wins': 0, 'hands': 0, 'games': 0}
        >>> sorted(os.listdir(d)), os.listdir(os.path.join(d, "wins"))
        (['games', 'hands', 'wins'], ['part-0.parquet'])
    """

    def __init__(self, out_dir: PathLike, *, no_clobber: bool = False) -> None:
        [d] = checked_paths([out_dir], "out_dir")
        if not os.path.isdir(d):
            raise FileNotFoundError(2, "the folder to write the tables into does not exist", d)
        if no_clobber:
            for t in TABLES:
                if os.path.exists(os.path.join(d, t)):
                    raise FileExistsError(17, "refusing to replace an existing table (no_clobber)", os.path.join(d, t))
        self.out_dir = os.path.abspath(d)
        self.staging = os.path.join(self.out_dir, f".tables-{uuid.uuid4().hex[:12]}.partial")
        for t in TABLES:
            os.makedirs(os.path.join(self.staging, t))
        self.done = False

    def write(self, name: str, tables: Dict[str, Any]) -> Dict[str, int]:
        """Write one part of each table (each file whole); returns the rows.

        Example:
            >>> import tempfile
            >>> with PartsOutput(tempfile.mkdtemp()) as out:
            ...     out.write("p", score_arrow([])[0])
            {'wins': 0, 'hands': 0, 'games': 0}
        """
        return write_part(self.staging, name, tables)

    def commit(self) -> None:
        """Move the three folders into ``out_dir`` (over the previous ones).

        Example:
            >>> import tempfile, os
            >>> out = PartsOutput(tempfile.mkdtemp()); out.commit(); sorted(os.listdir(out.out_dir))
            ['games', 'hands', 'wins']
        """
        if self.done:
            return
        old = os.path.join(self.staging, "previous")
        os.makedirs(old)
        for t in TABLES:
            final = os.path.join(self.out_dir, t)
            if os.path.lexists(final):
                os.rename(final, os.path.join(old, t))
            os.rename(os.path.join(self.staging, t), final)
        shutil.rmtree(self.staging, ignore_errors=True)
        self.done = True

    def discard(self) -> None:
        """Drop every part written; ``out_dir`` stays as it was.

        Example:
            >>> import tempfile, os
            >>> out = PartsOutput(tempfile.mkdtemp()); out.discard(); os.listdir(out.out_dir)
            []
        """
        if not self.done:
            shutil.rmtree(self.staging, ignore_errors=True)
            self.done = True

    def __enter__(self) -> PartsOutput:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def write_part(staging: str, name: str, tables: Dict[str, Any]) -> Dict[str, int]:
    """Write ``tables`` as ``<staging>/<table>/<name>.parquet`` (each whole or not at
    all); what a worker calls with the staging folder of a :class:`PartsOutput`.

    Example:
        >>> import tempfile, os
        >>> d = tempfile.mkdtemp()
        >>> for t in TABLES: os.mkdir(os.path.join(d, t))
        >>> write_part(d, "p", score_arrow([])[0])["games"]
        0
    """
    import pyarrow.parquet as pq

    from mahjong_fast.files import AtomicFile

    for t in TABLES:
        with AtomicFile(os.path.join(staging, t, name + ".parquet"), "wb") as f:
            pq.write_table(tables[t], f.file)
    return {t: tables[t].num_rows for t in TABLES}


def deal_ranges(n: int, start: int = 0, *, deals: int = 1000) -> List[Tuple[int, int]]:
    """``(start, count)`` ranges of at most ``deals`` deals covering ``start ..
    start + n``: how a solitaire survey is split across workers (deal ``i`` depends
    only on the seed and ``i``, so the pieces give what one survey gives).

    Example:
        >>> deal_ranges(5, 10, deals=2)
        [(10, 2), (12, 2), (14, 1)]
    """
    for name, v in (("n", n), ("start", start), ("deals", deals)):
        if not isinstance(v, int) or isinstance(v, bool) or v < (1 if name == "deals" else 0):
            raise argument_error(name, f"{name} must be an integer of at least {int(name == 'deals')}, got {v!r}")
    return [(s, min(deals, start + n - s)) for s in range(start, start + n, deals)]
