"""Archives and solitaire surveys on Dask (``pip install mahjong-fast[dask]``), for
users already running it: the recipe is ``map_partitions`` over a DataFrame of games.

- :func:`read_archive`: the games of an archive as a Dask DataFrame (``source``,
  ``data``), one partition per shard (:func:`mahjong_fast.archive_shards.plan`), each
  read by the worker that computes it.
- :func:`score_partition`: the function for ``map_partitions``: a pandas partition of
  games to one table's rows (Arrow-backed dtypes, so a column with missing values
  keeps its integer type); :func:`meta` is its empty frame.
- :func:`score_tables`: the three tables in one pass, as Parquet parts in
  ``<out_dir>/wins/``, ``hands/``, ``games/`` (a folder every worker sees), moved in
  place together; the rows of ``engine.score_tables`` on one machine.
- :func:`survey`: a solitaire survey in ranges of deals, one partition each.

The recipe written out (what :func:`score` does)::

    import dask.dataframe as dd
    from mahjong_fast import dask_data
    games = dask_data.read_archive(["phoenix.db"], games=1000)
    wins = games.map_partitions(dask_data.score_partition, "wins", meta=dask_data.meta("wins"))
    wins.to_parquet("/shared/wins")

Dask is imported only when a function needs it: this module imports without it.

Example:
    >>> import pandas as pd
    >>> part = pd.DataFrame({"source": ["x"], "data": [b"not a log"]})
    >>> len(score_partition(part, "games")), list(meta("games").columns[:2])
    (0, ['source', 'players'])
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from mahjong_fast.archive import Filters, PathLike
from mahjong_fast.archive_shards import (
    GAMES_PER_SHARD,
    TABLES,
    PartsOutput,
    Shard,
    deal_ranges,
    part_name,
    plan,
    read,
    schema,
    score_arrow,
    write_part,
)

__all__ = ["read_archive", "meta", "score_partition", "score", "score_tables", "survey", "survey_result"]


def _dd() -> Any:
    try:
        import dask.dataframe as dd
    except ImportError as e:  # pragma: no cover - depends on the extra
        raise ImportError("mahjong_fast.dask_data needs Dask: pip install 'mahjong-fast[dask]'") from e
    return dd


def _frame(table: Any) -> Any:
    import pandas as pd

    return table.to_pandas(types_mapper=pd.ArrowDtype)


def _games_schema() -> Any:
    import pyarrow as pa

    return pa.schema([("source", pa.string()), ("data", pa.binary())])


def _games_frame(text: str) -> Any:
    """The games of one shard (its JSON text) as a pandas frame."""
    import pyarrow as pa

    games = list(read(Shard.from_json(text)))
    return _frame(pa.table({"source": [g.source for g in games], "data": [g.data for g in games]},
                           schema=_games_schema()))


def read_archive(paths: Sequence[PathLike], filters: Optional[Filters] = None, *, games: int = GAMES_PER_SHARD) -> Any:
    """The games of ``paths`` as a Dask DataFrame (``source``, ``data``), a partition
    per shard of at most ``games`` games.

    Example:
        >>> import os, tempfile
        >>> from mahjong_fast import archive_write
        >>> db = os.path.join(tempfile.mkdtemp(), "s.db"); _ = archive_write.synth(3, db, seed=1)
        >>> read_archive([db], games=2).npartitions
        2
    """
    dd = _dd()
    texts = [s.to_json() for s in plan(paths, filters, games=games)]
    empty = _frame(_games_schema().empty_table())
    if not texts:
        return dd.from_pandas(empty, npartitions=1)
    return dd.from_map(_games_frame, texts, meta=empty)


def meta(table: str) -> Any:
    """An empty pandas frame with the columns and dtypes of a table (``wins``,
    ``hands`` or ``games``): ``map_partitions``'s ``meta``.

    Example:
        >>> str(meta("hands").dtypes["winner"])
        'int64[pyarrow]'
    """
    return _frame(schema(table).empty_table())


def score_partition(df: Any, table: str = "wins") -> Any:
    """Score a pandas partition of games (``source``, ``data``) into one table's rows.

    Example:
        >>> import pandas as pd
        >>> score_partition(pd.DataFrame({"source": [], "data": []}), "wins").shape[1]
        30
    """
    schema(table)
    tables, _ = score_arrow(zip(df["source"].tolist(), df["data"].tolist()))
    return _frame(tables[table])


def score(ddf: Any, table: str = "wins") -> Any:
    """A Dask DataFrame of games to one table's rows (``map_partitions``).

    Example:
        >>> import os, tempfile
        >>> from mahjong_fast import archive_write
        >>> db = os.path.join(tempfile.mkdtemp(), "s.db"); _ = archive_write.synth(2, db, seed=1)
        >>> len(score(read_archive([db]), "games").compute())
        2
    """
    return ddf.map_partitions(score_partition, table, meta=meta(table))


def _summary_meta() -> Any:
    import pandas as pd

    return pd.DataFrame({"part": pd.Series([], dtype=object), "read": pd.Series([], dtype="int64"),
                         **{t: pd.Series([], dtype="int64") for t in TABLES},
                         "skipped": pd.Series([], dtype=object)})


def _write_partition(df: Any, staging: str) -> Any:
    import pandas as pd

    pairs = list(zip(df["source"].tolist(), df["data"].tolist()))
    if not pairs:
        return _summary_meta()
    tables, skipped = score_arrow(pairs)
    name = part_name([s for s, _ in pairs])
    rows = write_part(staging, name, tables)
    return pd.DataFrame({"part": [name], "read": [len(pairs)], **{t: [rows[t]] for t in TABLES},
                         "skipped": ["\n".join(skipped)]})


def score_tables(
    paths: Sequence[PathLike],
    out_dir: PathLike,
    *,
    filters: Optional[Filters] = None,
    games: int = GAMES_PER_SHARD,
    no_clobber: bool = False,
) -> Dict[str, Any]:
    """Score every game of ``paths`` with the current Dask scheduler (a
    ``distributed.Client`` when one is made, else Dask's default) and write the three
    tables as ``<out_dir>/<table>/*.parquet``, moved in place when all are written.
    Returns the rows per table, the games read, the parts and the logs skipped.

    Example:
        >>> import os, tempfile
        >>> from mahjong_fast import archive_write
        >>> d = tempfile.mkdtemp(); db = os.path.join(d, "s.db"); _ = archive_write.synth(2, db, seed=1)
        >>> r = score_tables([db], d); (r["games"], r["parts"], sorted(os.listdir(d)))
        (2, 1, ['games', 'hands', 's.db', 'wins'])
    """
    games_df = read_archive(paths, filters, games=games)
    with PartsOutput(out_dir, no_clobber=no_clobber) as out:
        summary = games_df.map_partitions(_write_partition, out.staging, meta=_summary_meta()).compute()
    result: Dict[str, Any] = {t: int(summary[t].sum()) for t in TABLES}
    result["read"] = int(summary["read"].sum())
    result["parts"] = len(summary)
    result["skipped"] = [s for text in summary["skipped"] for s in str(text).split("\n") if s]
    return result


def _survey_frame(spec: Dict[str, Any]) -> Any:
    import pandas as pd

    from mahjong_fast.solitaire_batch import survey as one_survey

    r = one_survey(spec["layout"], spec["count"], seed=spec["seed"], start=spec["start"], map=spec["map"],
                   max_nodes=spec["max_nodes"], max_millis=spec["max_millis"])
    return pd.DataFrame({c: r[c] for c in r})


def survey(
    layout: Any = "turtle",
    n: int = 10_000,
    *,
    seed: int = 0,
    start: int = 0,
    map: Optional[str] = None,
    deals: int = 1000,
    max_nodes: int = 20_000_000,
    max_millis: int = 10_000,
) -> Any:
    """A solitaire survey as a Dask DataFrame (``deal``, ``verdict``, ``micros``,
    ``nodes``), a partition per range of ``deals`` deals; :func:`survey_result`
    collects it.

    Example:
        >>> survey("pyramid", 5, seed=1, deals=2).npartitions
        3
    """
    import pandas as pd

    from mahjong_fast.solitaire_batch import _columns

    dd = _dd()
    specs: List[Dict[str, Any]] = [
        {"layout": layout, "seed": seed, "start": s, "count": c, "map": map, "max_nodes": max_nodes,
         "max_millis": max_millis}
        for s, c in deal_ranges(n, start, deals=deals)
    ]
    empty = pd.DataFrame(_columns("survey", 0))
    if not specs:
        return dd.from_pandas(empty, npartitions=1)
    return dd.from_map(_survey_frame, specs, meta=empty)


def survey_result(ddf: Any) -> Any:
    """A survey DataFrame computed into the ``BatchResult`` one process's survey
    returns (rows in deal order).

    Example:
        >>> survey_result(survey("pyramid", 3, seed=1, deals=2))["deal"].tolist()
        [0, 1, 2]
    """
    from mahjong_fast.solitaire_batch import survey_in_deal_order

    df = ddf.compute()
    return survey_in_deal_order({c: df[c].to_numpy() for c in df.columns})
