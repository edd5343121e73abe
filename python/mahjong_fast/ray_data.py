"""Archives and solitaire surveys on a Ray cluster (``pip install mahjong-fast[ray]``).

- :func:`read_archive`: an archive (databases, bundles, folders, files) as a Ray
  Dataset of games, columns ``source`` and ``data``, one block per shard
  (:func:`mahjong_fast.archive_shards.plan`: ranges of ``log_id``, lists of members or
  files), each shard read by a worker from the path (which every node must see).
- :class:`LogScorer`: the callable class for ``map_batches`` on Arrow batches of games:
  one long-lived scorer per worker, whose replay runs with the GIL released on
  ``threads`` cores; it returns one of the three tables.
- :func:`score`: a games Dataset to a Dataset of one table's rows (for Ray's own
  writers: ``score(ds, "wins").write_parquet("s3://...")``).
- :func:`score_tables`: the three tables in one pass, written as Parquet parts into
  ``<out_dir>/wins/``, ``hands/``, ``games/`` (a folder every node sees), committed
  together; the same rows, row for row, as ``engine.score_tables`` on one machine.
- :func:`survey`: a solitaire survey split into ranges of deals, one per task; the
  same deals, verdicts and node counts as ``solitaire.survey`` in one process.
- :func:`atlas`: the solvability atlas of many layouts, each layout's deals split
  into ranges, one per task; the same rows as ``solitaire_batch.atlas`` in one
  process (the times aside: they are the workers' clocks).

Ray is imported only when a function needs it: this module imports without it.

Example:
    >>> import pyarrow as pa
    >>> scorer = LogScorer("games")  # what each worker holds
    >>> scorer(pa.table({"source": ["x"], "data": [b"not a log"]})).num_rows
    0
"""

from __future__ import annotations

import os
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
from mahjong_fast.errors import argument_error

__all__ = ["local_cluster", "read_archive", "LogScorer", "TablesWriter", "score", "score_tables", "SurveyWorker", "survey", "survey_result",
           "AtlasWorker", "atlas"]


def _ray() -> Any:
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError as e:  # pragma: no cover - depends on the extra
        raise ImportError("mahjong_fast.ray_data needs Ray: pip install 'mahjong-fast[ray]'") from e
    return ray


# What a cluster on one machine sets while it runs: Ray's single-machine switch (the
# nodes started and this driver keep to the loopback), and no usage statistics sent.
_LOCAL_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"}


class local_cluster:  # noqa: N801 - used as a function: ``with local_cluster(2): ...``
    """A Ray cluster on this machine, every node on 127.0.0.1: a head without CPUs
    (it schedules, it does not score) and ``workers`` worker nodes of ``cpus`` CPUs
    each, each its own raylet and object store as on separate machines; this process
    is connected to it inside the ``with`` block, and everything is stopped after it.
    For trying a cluster job on one machine and for the tests.

    Example:
        >>> with local_cluster(workers=2, cpus=1) as c:  # doctest: +SKIP
        ...     score_tables(["phoenix.db"], "out")
        >>> local_cluster(workers=2).workers
        2
    """

    def __init__(self, workers: int = 2, cpus: int = 1, *, object_store_mb: int = 100) -> None:
        for name, v, hi in (("workers", workers, 64), ("cpus", cpus, 1024), ("object_store_mb", object_store_mb, 1 << 20)):
            if not isinstance(v, int) or isinstance(v, bool) or not (1 if name != "object_store_mb" else 80) <= v <= hi:
                raise argument_error(name, f"{name} must be an integer in {1 if name != 'object_store_mb' else 80}-{hi}, got {v!r}")
        self.workers, self.cpus, self.object_store_mb = workers, cpus, object_store_mb
        self.cluster: Any = None
        self._saved: Any = None

    def __enter__(self) -> local_cluster:
        ray = _ray()
        from ray._private import ray_constants
        from ray.cluster_utils import Cluster

        # Every address on the loopback: the nodes are told 127.0.0.1, and Ray's
        # single-machine rule (its own switch, read by the nodes started below and by
        # this driver) keeps it from swapping the loopback for the machine's address.
        self._saved = ({k: os.environ.get(k) for k in _LOCAL_ENV}, ray_constants.ENABLE_RAY_CLUSTER)
        os.environ.update(_LOCAL_ENV)
        ray_constants.ENABLE_RAY_CLUSTER = False
        store = self.object_store_mb * 1024 * 1024
        args = {"node_ip_address": "127.0.0.1", "object_store_memory": store}
        self.cluster = Cluster(initialize_head=True, connect=False,
                               head_node_args={**args, "num_cpus": 0, "include_dashboard": False})
        try:
            for _ in range(self.workers):
                self.cluster.add_node(**args, num_cpus=self.cpus)
            self.cluster.wait_for_nodes()
            ray.init(address=self.cluster.address, _node_ip_address="127.0.0.1", log_to_driver=False)
            ray.data.DataContext.get_current().enable_progress_bars = False
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        ray = _ray()
        from ray._private import ray_constants

        ray.shutdown()
        if self.cluster is not None:
            self.cluster.shutdown()
            self.cluster = None
        if self._saved is None:
            return
        (env, ray_constants.ENABLE_RAY_CLUSTER), self._saved = self._saved, None
        for k, v in env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _games_of(batch: Any) -> Any:
    """A batch of shard texts (column ``shard``) to an Arrow table of their games."""
    import pyarrow as pa

    sources: List[str] = []
    data: List[bytes] = []
    for text in batch.column("shard").to_pylist():
        for g in read(Shard.from_json(text)):
            sources.append(g.source)
            data.append(g.data)
    return pa.table({"source": pa.array(sources, pa.string()), "data": pa.array(data, pa.binary())})


def read_archive(paths: Sequence[PathLike], filters: Optional[Filters] = None, *, games: int = GAMES_PER_SHARD) -> Any:
    """The games of ``paths`` as a Ray Dataset (columns ``source``, ``data``), a
    block per shard of at most ``games`` games; the plan is made here (a database's
    ids are read), the games are read by the workers.

    Example:
        >>> ds = read_archive(["phoenix.db"], Filters(players=4))  # doctest: +SKIP
        >>> ds.count()  # doctest: +SKIP
        100000
        >>> plan([], games=1000)  # the shards it reads
        []
    """
    ray = _ray()
    shards = plan(paths, filters, games=games)
    items = [{"shard": s.to_json()} for s in shards]
    ds = ray.data.from_items(items, override_num_blocks=max(1, len(items)))
    return ds.map_batches(_games_of, batch_size=1, batch_format="pyarrow")


def _in_ray_worker() -> bool:
    try:
        from ray._private import worker

        return bool(worker.global_worker.mode == worker.WORKER_MODE)
    except Exception:  # another Ray layout: leave the pool as it is
        return False


def _set_threads(threads: Optional[int]) -> None:
    # The core's replay fans out on a rayon pool started on first use: sized to the
    # CPUs Ray gave this worker, not to the machine's (which the other workers share).
    # Only in a Ray worker's process: a scorer built in a driver leaves its pool alone.
    if threads is not None:
        if not isinstance(threads, int) or isinstance(threads, bool) or not 1 <= threads <= 1024:
            raise argument_error("threads", f"threads must be an integer in 1-1024 or None, got {threads!r}")
        if _in_ray_worker():
            os.environ["RAYON_NUM_THREADS"] = str(threads)


def _pairs(batch: Any) -> List[Any]:
    return list(zip(batch.column("source").to_pylist(), batch.column("data").to_pylist()))


class LogScorer:
    """Scores Arrow batches of games (columns ``source``, ``data``) into the rows of
    one table (``wins``, ``hands`` or ``games``, schemas of
    :func:`mahjong_fast.archive_shards.schema`); logs that cannot be read give no row.
    Give the class to ``map_batches`` so each worker builds one and keeps it.

    Example:
        >>> import pyarrow as pa
        >>> LogScorer("hands")(pa.table({"source": [], "data": pa.array([], pa.binary())})).schema.names[:3]
        ['source', 'hand_index', 'round_wind']
    """

    def __init__(self, table: str = "wins", threads: Optional[int] = 1) -> None:
        schema(table)  # refuses a table that is not one
        self.table = table
        _set_threads(threads)

    def __call__(self, batch: Any) -> Any:
        tables, _ = score_arrow(_pairs(batch))
        return tables[self.table]


class TablesWriter:
    """Scores Arrow batches of games and writes their rows of the three tables as
    one Parquet part each into ``staging`` (a :class:`PartsOutput`'s), named by the
    games (:func:`part_name`: a retried batch rewrites its part); returns a row per
    batch: ``part``, the games ``read``, the rows per table and the logs ``skipped``.

    Example:
        >>> import pyarrow as pa, tempfile
        >>> out = PartsOutput(tempfile.mkdtemp())
        >>> summary = TablesWriter(out.staging)(pa.table({"source": ["x"], "data": [b"?"]}))
        >>> summary.column("read").to_pylist(), summary.column("skipped").to_pylist()[0][0][:13]
        ([1], 'LogParseError')
        >>> out.discard()
    """

    def __init__(self, staging: str, threads: Optional[int] = 1) -> None:
        self.staging = staging
        _set_threads(threads)

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        pairs = _pairs(batch)
        tables, skipped = score_arrow(pairs)
        name = part_name([s for s, _ in pairs])
        rows = write_part(self.staging, name, tables)
        return pa.table(
            {
                "part": [name],
                "node": [_node_id()],
                "read": pa.array([len(pairs)], pa.int64()),
                **{t: pa.array([rows[t]], pa.int64()) for t in TABLES},
                "skipped": pa.array([skipped], pa.list_(pa.string())),
            }
        )


def _node_id() -> str:
    try:
        import ray

        return str(ray.get_runtime_context().get_node_id()) if ray.is_initialized() else ""
    except Exception:  # outside a Ray worker (called directly): no node
        return ""


def _pool(concurrency: Optional[int], num_cpus: int) -> Any:
    """A fixed pool of ``concurrency`` actors (default: as many as the cluster's CPUs
    hold), each built once and fed batch after batch."""
    ray = _ray()
    if not isinstance(num_cpus, int) or isinstance(num_cpus, bool) or not 1 <= num_cpus <= 1024:
        raise argument_error("num_cpus", f"num_cpus must be an integer in 1-1024, got {num_cpus!r}")
    if concurrency is None:
        concurrency = max(1, int(ray.cluster_resources().get("CPU", 1)) // num_cpus)
    elif not isinstance(concurrency, int) or isinstance(concurrency, bool) or not 1 <= concurrency <= 100_000:
        raise argument_error("concurrency", f"concurrency must be an integer in 1-100000 or None, got {concurrency!r}")
    return ray.data.ActorPoolStrategy(size=concurrency)


def score(ds: Any, table: str = "wins", *, concurrency: Optional[int] = None, num_cpus: int = 1) -> Any:
    """A Dataset of games (:func:`read_archive`) to the Dataset of one table's rows,
    scored by ``concurrency`` long-lived :class:`LogScorer` s (default: one per CPU
    of the cluster) of ``num_cpus`` CPUs each.

    Example:
        >>> score(read_archive(["phoenix.db"]), "wins").write_parquet("/shared/wins")  # doctest: +SKIP
        >>> LogScorer("wins").table
        'wins'
    """
    schema(table)
    return ds.map_batches(
        LogScorer,
        fn_constructor_kwargs={"table": table, "threads": num_cpus},
        batch_format="pyarrow",
        batch_size=None,
        compute=_pool(concurrency, num_cpus),
        num_cpus=num_cpus,
    )


def score_tables(
    paths: Sequence[PathLike],
    out_dir: PathLike,
    *,
    filters: Optional[Filters] = None,
    games: int = GAMES_PER_SHARD,
    concurrency: Optional[int] = None,
    num_cpus: int = 1,
    no_clobber: bool = False,
) -> Dict[str, Any]:
    """Score every game of ``paths`` on the Ray cluster this process is connected to
    (``ray.init(address=...)``; a local one is started otherwise) and write the three
    tables as ``<out_dir>/wins/*.parquet``, ``hands/`` and ``games/``: ``out_dir``
    must be a folder every node sees. The tables are moved in place only when every
    part is written (an error leaves the previous ones). Returns the rows per table,
    the games read, the parts, the nodes that wrote them and the logs skipped.

    Example:
        >>> score_tables(["phoenix.db"], "/shared/tables")  # doctest: +SKIP
        {'wins': 2116, 'hands': 2592, 'games': 301, 'read': 301, 'parts': 1, 'nodes': 1, 'skipped': []}
        >>> TABLES
        ('wins', 'hands', 'games')
    """
    ds = read_archive(paths, filters, games=games)
    with PartsOutput(out_dir, no_clobber=no_clobber) as out:
        summary = ds.map_batches(
            TablesWriter,
            fn_constructor_kwargs={"staging": out.staging, "threads": num_cpus},
            batch_format="pyarrow",
            batch_size=None,
            compute=_pool(concurrency, num_cpus),
            num_cpus=num_cpus,
        ).take_all()
    result: Dict[str, Any] = {t: sum(int(r[t]) for r in summary) for t in TABLES}
    result["read"] = sum(int(r["read"]) for r in summary)
    result["parts"] = len(summary)
    result["nodes"] = len({r["node"] for r in summary})
    result["skipped"] = [s for r in summary for s in (r["skipped"] or [])]
    return result


class SurveyWorker:
    """Solves ranges of solitaire deals (Arrow batches with ``start`` and ``count``)
    of one layout and seed: one per worker, the layout read once. Returns the
    survey's columns (``deal``, ``verdict``, ``micros``, ``nodes``).

    Example:
        >>> import pyarrow as pa
        >>> w = SurveyWorker("pyramid", seed=1)
        >>> w(pa.table({"start": [2], "count": [2]})).column("deal").to_pylist()
        [2, 3]
    """

    def __init__(
        self,
        layout: Any = "turtle",
        *,
        seed: int = 0,
        map: Optional[str] = None,
        max_nodes: int = 20_000_000,
        max_millis: int = 10_000,
        threads: Optional[int] = 1,
    ) -> None:
        from mahjong_fast.solitaire import layout as load

        _set_threads(threads)
        self.layout = load(layout, map=map)
        self.seed, self.max_nodes, self.max_millis = seed, max_nodes, max_millis

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        from mahjong_fast.solitaire_batch import survey as one_survey

        parts = []
        for start, count in zip(batch.column("start").to_pylist(), batch.column("count").to_pylist()):
            r = one_survey(self.layout, count, seed=self.seed, start=start, max_nodes=self.max_nodes,
                           max_millis=self.max_millis)
            parts.append(pa.table({c: r[c] for c in r}))
        return pa.concat_tables(parts)


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
    concurrency: Optional[int] = None,
    num_cpus: int = 1,
) -> Any:
    """A solitaire survey (``solitaire.survey``'s deals ``start .. start + n`` of
    the stream ``seed``) as a Ray Dataset, in ranges of ``deals`` deals solved by
    ``concurrency`` :class:`SurveyWorker` s of ``num_cpus`` CPUs; :func:`survey_result`
    collects it in deal order. ``layout`` is a built-in name, a file every node sees,
    or a ``SolitaireLayout`` (it pickles).

    Example:
        >>> survey_result(survey("turtle", 100_000, seed=7))  # doctest: +SKIP
        >>> deal_ranges(2500, deals=1000)  # the tasks it makes
        [(0, 1000), (1000, 1000), (2000, 500)]
    """
    ray = _ray()
    items = [{"start": s, "count": c} for s, c in deal_ranges(n, start, deals=deals)]
    ds = ray.data.from_items(items, override_num_blocks=max(1, len(items)))
    return ds.map_batches(
        SurveyWorker,
        fn_constructor_kwargs={"layout": layout, "seed": seed, "map": map, "max_nodes": max_nodes, "max_millis": max_millis,
                               "threads": num_cpus},
        batch_format="pyarrow",
        batch_size=1,
        compute=_pool(concurrency, num_cpus),
        num_cpus=num_cpus,
    )


def survey_result(ds: Any) -> Any:
    """A survey Dataset collected into the :class:`~mahjong_fast.batch.BatchResult`
    one process's survey returns (rows in deal order), for ``summarize`` and the rest.

    Example:
        >>> r = survey_result(survey("pyramid", 10, seed=1))  # doctest: +SKIP
        >>> r["deal"].tolist()  # doctest: +SKIP
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        >>> from mahjong_fast.batch import BatchResult
        >>> BatchResult.__name__
        'BatchResult'
    """
    import pyarrow as pa

    from mahjong_fast.solitaire_batch import _columns, survey_in_deal_order

    blocks = list(ds.iter_batches(batch_format="pyarrow", batch_size=None))
    if not blocks:
        return survey_in_deal_order(_columns("survey", 0))
    t = pa.concat_tables(blocks)
    return survey_in_deal_order({c: t.column(c).to_numpy() for c in t.column_names})


class AtlasWorker:
    """Plays ranges of atlas deals (Arrow batches with ``layout``, an index into
    ``layouts``, ``start`` and ``count``): one per worker, the layouts unpickled
    once. Returns a row per deal: ``layout``, ``deal``, the atlas's deal columns
    (:data:`~mahjong_fast.solitaire_batch.ATLAS_DEAL_COLUMNS`) and ``wall`` /
    ``cpu``, the range's seconds shared out over its deals.

    Example:
        >>> import pyarrow as pa
        >>> w = AtlasWorker(["pyramid"], max_millis=1000)
        >>> t = w(pa.table({"layout": [0], "start": [3], "count": [2]}))
        >>> t.column("deal").to_pylist(), t.column("verdict").to_pylist()
        ([3, 4], [1, 1])
    """

    def __init__(
        self,
        layouts: Sequence[Any],
        *,
        seed: int = 2026,
        max_nodes: int = 200_000,
        max_millis: int = 50,
        threads: Optional[int] = 1,
    ) -> None:
        from mahjong_fast.solitaire import layout as load

        _set_threads(threads)
        self.layouts = [load(x) for x in layouts]
        self.seed, self.max_nodes, self.max_millis = seed, max_nodes, max_millis

    def __call__(self, batch: Any) -> Any:
        import time

        import numpy as np
        import pyarrow as pa

        from mahjong_fast import _core
        from mahjong_fast.solitaire_batch import ATLAS_DEAL_COLUMNS

        parts = []
        for k, start, count in zip(*(batch.column(c).to_pylist() for c in ("layout", "start", "count"))):
            t0, c0 = time.perf_counter(), time.process_time()
            cols = _core.solitaire_atlas_deals(self.layouts[k], self.seed, start, count, self.max_nodes, self.max_millis)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            share = max(1, count)
            parts.append(pa.table({
                "layout": pa.array(np.full(count, k, np.int64)),
                "deal": pa.array(np.arange(start, start + count, dtype=np.uint64)),
                **{c: pa.array(np.asarray(cols[c])) for c in ATLAS_DEAL_COLUMNS},
                "wall": pa.array(np.full(count, wall / share)),
                "cpu": pa.array(np.full(count, cpu / share)),
            }))
        return pa.concat_tables(parts)


def atlas(
    layouts: Sequence[Any],
    deals: int = 1000,
    *,
    seed: int = 2026,
    max_nodes: int = 200_000,
    max_millis: int = 50,
    task_deals: int = 250,
    concurrency: Optional[int] = None,
    num_cpus: int = 1,
    progress: Optional[Any] = None,
) -> List[Any]:
    """``solitaire_batch.atlas`` on the Ray cluster this process is connected to
    (``ray.init(address=...)``): each ``(name, layout)``'s ``deals`` deals in
    ranges of ``task_deals``, played by ``concurrency`` :class:`AtlasWorker` s of
    ``num_cpus`` CPUs each, gathered into the same rows as one process makes, in
    the order given (``progress(k, row)`` as each row is complete and all before
    it are). A layout is a built-in name, a file every node sees, or a
    ``SolitaireLayout`` (it pickles). A row's ``wall_seconds`` and ``cpu_seconds``
    add up its ranges' time on the workers; its solve times are the workers'.

    Example:
        >>> rows = atlas([("t", "turtle"), ("p", "pyramid")], 1000)  # doctest: +SKIP
        >>> deal_ranges(600, deals=250)  # one layout's tasks
        [(0, 250), (250, 250), (500, 100)]
    """
    import numpy as np

    from mahjong_fast import solitaire_batch as sb

    sb._check_progress(progress)
    if isinstance(layouts, (str, bytes)) or not hasattr(layouts, "__iter__"):
        raise argument_error("layouts", f"layouts must be a sequence of (name, layout) pairs, got {type(layouts).__name__}")
    pairs = list(layouts)
    for k, pair in enumerate(pairs):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise argument_error("layouts", f"layouts[{k}] must be a (name, layout) pair, got {type(pair).__name__}")
    deals = sb._check_count("deals", deals)
    lays = [sb._layout(spec, None) for _, spec in pairs]
    items = [{"layout": k, "start": s, "count": c} for k in range(len(lays)) for s, c in deal_ranges(deals, deals=task_deals)]
    rows: List[Any] = []
    if not lays:
        return rows
    cols = sb.ATLAS_DEAL_COLUMNS
    got: List[Dict[str, List[Any]]] = [{c: [] for c in (*cols, "deal", "wall", "cpu")} for _ in lays]
    have = [0] * len(lays)
    if items:
        ray = _ray()
        ds = ray.data.from_items(items, override_num_blocks=len(items)).map_batches(
            AtlasWorker,
            fn_constructor_kwargs={"layouts": lays, "seed": seed, "max_nodes": max_nodes, "max_millis": max_millis,
                                   "threads": num_cpus},
            batch_format="pyarrow",
            batch_size=1,
            compute=_pool(concurrency, num_cpus),
            num_cpus=num_cpus,
        )
        blocks = ds.iter_batches(batch_format="pyarrow", batch_size=None)
    else:
        blocks = iter(())

    def emit() -> None:
        while len(rows) < len(lays) and have[len(rows)] == deals:
            k = len(rows)
            g = got[k]
            order = np.argsort(np.concatenate(g["deal"]) if g["deal"] else np.zeros(0, np.uint64), kind="stable")
            part = {c: np.concatenate(g[c])[order] if g[c] else np.zeros(0) for c in cols}
            row = sb.atlas_row_of(lays[k], part, name=pairs[k][0], wall_seconds=float(sum(np.sum(w) for w in g["wall"])),
                                  cpu_seconds=float(sum(np.sum(c) for c in g["cpu"])))
            rows.append(row)
            got[k] = {}
            if progress is not None:
                progress(k, row)

    emit()
    for t in blocks:
        index = t.column("layout").to_numpy()
        for k in np.unique(index):
            sel = index == k
            for c in (*cols, "deal", "wall", "cpu"):
                got[int(k)][c].append(t.column(c).to_numpy()[sel])
            have[int(k)] += int(sel.sum())
        emit()
    return rows
