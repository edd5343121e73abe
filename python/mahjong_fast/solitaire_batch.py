"""Solitaire batch calls in the batch convention (:mod:`mahjong_fast.batch`):
``survey`` (uniform random deals solved on all cores), ``solve_many`` (given deals)
and ``atlas`` (many layouts surveyed alike, with the generator's and simple
players' win shares).

A layout is named by a built-in name, a layout file, a file plus ``map`` (a GNOME
file's map) or a :class:`~mahjong_fast.SolitaireLayout`.

Example:
    >>> from mahjong_fast.solitaire import survey
    >>> r = survey("turtle", 8, seed=2026)
    >>> r["verdict"].tolist()
    [0, 0, 0, 0, 0, 0, 0, 0]
    >>> summarize(r)["unsolvable"]
    0
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from mahjong_fast import _core
from mahjong_fast.batch import MAX_MESSAGES, BatchResult, ErrorTable, specs
from mahjong_fast.results import AtlasRow, SurveySummary
from mahjong_fast.stats import percentile, wilson

__all__ = [
    "VERDICTS",
    "survey",
    "survey_in_deal_order",
    "solve_many",
    "summarize",
    "atlas",
    "atlas_row",
    "atlas_row_of",
    "ATLAS_DEAL_COLUMNS",
    "collection_layouts",
    "distinct_boards",
    "wilson",
    "percentile",
]

#: Verdict codes of the ``verdict`` columns.
VERDICTS = ("solvable", "unsolvable", "unknown")
#: ``verdict`` of a bad row of ``solve_many`` (see ``errors``), as the core declares it.
BAD_ROW = next(c.default for c in specs("solve_many", "output") if c.name == "verdict")


def _columns(batch: str, n: int) -> Dict[str, np.ndarray]:
    # The output columns the core declares for ``batch`` (names, dtypes, bad-row
    # values), so no second list of them lives here.
    return {c.name: np.full(n, c.default, np.dtype(c.dtype)) for c in specs(batch, "output")}


def survey_in_deal_order(columns: Mapping[str, Any]) -> BatchResult:
    """Survey columns gathered from parts in any order (a cluster's workers) as the
    :class:`BatchResult` one process's :func:`survey` returns: rows in deal order,
    the dtypes the core declares.

    Example:
        >>> r = survey_in_deal_order({"deal": [2, 0], "verdict": [1, 0], "micros": [5, 7], "nodes": [3, 4]})
        >>> r["deal"].tolist(), r["micros"].tolist(), r["deal"].dtype.name
        ([0, 2], [7, 5], 'uint64')
    """
    order = np.argsort(np.asarray(columns["deal"]), kind="stable")
    cols = _columns("survey", len(order))
    for c in cols:
        cols[c][:] = np.asarray(columns[c])[order]
    return BatchResult(cols)


def _layout(spec: Any, map: Optional[str]) -> _core.SolitaireLayout:
    from mahjong_fast.solitaire import layout

    return layout(spec, map=map)


def _check_count(name: str, value: int, hi: int = 1 << 40) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise _core.LayoutError(f"{name}: expected an integer, got {type(value).__name__}")
    if not 0 <= int(value) <= hi:
        raise _core.LayoutError(f"{name}: {value} is out of range 0-{hi}")
    return int(value)


def _check_progress(progress: Any) -> None:
    if progress is not None and not callable(progress):
        raise _core.ArgumentError(f"progress must be None or a function, got {type(progress).__name__}")


def survey(
    layout: Any = "turtle",
    n: int = 10_000,
    *,
    seed: int = 0,
    start: int = 0,
    map: Optional[str] = None,
    max_nodes: int = 20_000_000,
    max_millis: int = 10_000,
    chunk: int = 2_000,
    progress: Optional[Callable[[int, int], None]] = None,
) -> BatchResult:
    """Solve uniform random deals ``start .. start + n`` of the stream ``seed`` on
    all cores. Columns: ``deal`` (uint64 index), ``verdict`` (uint8, into
    :data:`VERDICTS`), ``micros`` and ``nodes`` (uint64). Deal ``i`` depends only on
    ``(seed, i)``. ``progress(done, total)`` is called after each chunk.

    Example:
        >>> r = survey("pyramid", 4, seed=1)
        >>> r.n_rows, r["deal"].tolist(), len(r.errors)
        (4, [0, 1, 2, 3], 0)
    """
    _check_progress(progress)
    lay = _layout(layout, map)
    n = _check_count("n", n)
    start = _check_count("start", start)
    seed = _check_count("seed", seed, (1 << 64) - 1)
    chunk = max(1, _check_count("chunk", chunk))
    cols = _columns("survey", n)
    cols["deal"][:] = np.arange(start, start + n, dtype=np.uint64)
    done = 0
    while done < n:
        c = min(chunk, n - done)
        v, m, nd = _core.solitaire_survey(lay, seed, start + done, c, max_nodes, max_millis)
        cols["verdict"][done : done + c] = v
        cols["micros"][done : done + c] = m
        cols["nodes"][done : done + c] = nd
        done += c
        if progress is not None:
            progress(done, n)
    return BatchResult(cols)


def solve_many(
    layout: Any,
    deals: Iterable[Sequence[Any]],
    *,
    map: Optional[str] = None,
    max_nodes: int = 20_000_000,
    max_millis: int = 10_000,
) -> BatchResult:
    """Solve given deals (each a face list for the layout's slots) on all cores.
    Columns: ``verdict`` (uint8, into :data:`VERDICTS`; :data:`BAD_ROW` for a bad
    row), ``moves`` (pairs in the solution, 0 unless solvable), ``micros``,
    ``nodes``; a deal that is not one (wrong length, an odd group, a bad face) is a
    row of ``errors`` and never stops the others.

    Example:
        >>> r = solve_many([(0, 0, 0), (2, 0, 0)], [["1m", "1m"], ["1m", "2m"], ["1m"]])
        >>> r["verdict"].tolist(), r["moves"].tolist(), r.errors.rows.tolist()
        ([0, 255, 255], [1, 0, 0], [1, 2])
    """
    lay = _layout(layout, map)
    good: List[Any] = []
    index: List[int] = []
    bad_rows: List[int] = []
    bad_kinds: List[int] = []
    messages: List[str] = []
    kinds = ErrorTable.kind_names
    if isinstance(deals, (str, bytes)) or not hasattr(deals, "__iter__"):
        e = _core.ArgumentError(f"deals must be a sequence of deals (face lists), got {type(deals).__name__}")
        e.argument = "deals"
        raise e
    for row, faces in enumerate(deals):
        try:
            _core.SolitaireBoard(lay, faces)
        except _core.MahjongError as e:
            bad_rows.append(row)
            name = type(e).__name__
            bad_kinds.append(kinds.index(name) if name in kinds else kinds.index("LayoutError"))
            if len(messages) < MAX_MESSAGES:
                messages.append(f"row {row}: {e}")
            continue
        good.append(list(faces))
        index.append(row)
    total = len(index) + len(bad_rows)
    cols = _columns("solve_many", total)
    if good:
        rs = _core.solitaire_solve_many(lay, good, max_nodes, max_millis)
        code = {v: k for k, v in enumerate(VERDICTS)}
        for row, r in zip(index, rs):
            cols["verdict"][row] = code[r["verdict"]]
            cols["moves"][row] = len(r["solution"])
            cols["micros"][row] = r["micros"]
            cols["nodes"][row] = r["nodes"]
    errors = ErrorTable(bad_rows, bad_kinds, messages)
    return BatchResult(cols, errors)


def summarize(result: BatchResult) -> SurveySummary:
    """Counts, the unsolvable share of the decided deals with its 95% Wilson
    interval, and median / p99 / max solve time (ms of the solving thread's CPU
    time) of a ``survey`` result (a :class:`~mahjong_fast.results.SurveySummary`).

    Example:
        >>> s = summarize(survey("turtle", 20, seed=2026))
        >>> s["deals"], s["solvable"] + s["unsolvable"] + s["unknown"]
        (20, 20)
    """
    if not isinstance(result, BatchResult):
        raise _core.ArgumentError(f"result must be the BatchResult of survey or solve_many, got {type(result).__name__}")
    v = result["verdict"]
    solvable = int((v == 0).sum())
    unsolvable = int((v == 1).sum())
    unknown = int((v == 2).sum())
    decided = solvable + unsolvable
    ms = np.sort(result["micros"].astype(np.float64) / 1000.0)
    lo, hi = wilson(unsolvable, decided)
    return SurveySummary(
        deals=int(len(v)),
        solvable=solvable,
        unsolvable=unsolvable,
        unknown=unknown,
        unsolvable_share=unsolvable / decided if decided else None,
        unsolvable_ci95=[lo, hi],
        ms_median=float(percentile(ms, 0.5)),
        ms_p99=float(percentile(ms, 0.99)),
        ms_max=float(ms[-1]) if len(ms) else 0.0,
    )


def atlas_row(
    layout: Any,
    deals: int = 1000,
    *,
    seed: int = 2026,
    map: Optional[str] = None,
    max_nodes: int = 200_000,
    max_millis: int = 50,
    name: Optional[str] = None,
) -> AtlasRow:
    """One layout's atlas row (a :class:`~mahjong_fast.results.AtlasRow`): tiles,
    uniform deals tried, the share proven unsolvable with its 95% interval,
    unknowns, median / p99 / max solve time (ms of the solving thread's CPU time),
    and the share of deals the reverse generator makes on its first face-blind
    clearing (``reverse_first_try``), random play wins on a uniform deal
    (``random_play_uniform``) and on a reverse-built deal (``random_play_reverse``).
    Deal ``i`` is the same for every layout of a size (``seed``, ``i``).

    Example:
        >>> r = atlas_row("turtle", 10, max_millis=100)
        >>> r["tiles"], r["deals"], r["unsolvable"] + r["unknown"] <= 10
        (144, 10, True)
    """
    lay = _layout(layout, map)
    deals = _check_count("deals", deals)
    t0, c0 = time.perf_counter(), time.process_time()
    cols = _core.solitaire_atlas_deals(lay, seed, 0, deals, max_nodes, max_millis)
    return atlas_row_of(lay, cols, name=name, wall_seconds=time.perf_counter() - t0, cpu_seconds=time.process_time() - c0)


#: The columns of an atlas's deals (``_core.solitaire_atlas_deals``), in a row's order.
ATLAS_DEAL_COLUMNS = ("verdict", "micros", "nodes", "reverse_first_try", "random_play_uniform", "random_play_reverse")


def atlas_row_of(
    layout: Any, cols: Mapping[str, Any], *, name: Optional[str] = None, wall_seconds: float = 0.0, cpu_seconds: float = 0.0
) -> AtlasRow:
    """The atlas row of a layout's deals ``0 .. n`` solved and played already:
    ``cols`` holds :data:`ATLAS_DEAL_COLUMNS` in deal order (however they were
    computed: :func:`atlas_row` in this process, a cluster's workers by parts).

    Example:
        >>> from mahjong_fast import SolitaireLayout
        >>> lay = SolitaireLayout.builtin("pyramid")
        >>> cols = {"verdict": [0, 1], "micros": [10, 30], "reverse_first_try": [1, 1],
        ...         "random_play_uniform": [0, 0], "random_play_reverse": [1, 0]}
        >>> r = atlas_row_of(lay, cols, name="p")
        >>> r["layout"], r["unsolvable"], r["random_play_reverse"]
        ('p', 1, 0.5)
    """
    lay = _layout(layout, None)
    verdict = np.asarray(cols["verdict"], np.uint8)
    res = BatchResult({"verdict": verdict, "micros": np.asarray(cols["micros"], np.uint64)})
    s = summarize(res)
    (w, h, d) = lay.extent()
    n = len(verdict)
    share = {k: float(np.mean(cols[k])) if n else None for k in ("reverse_first_try", "random_play_uniform", "random_play_reverse")}
    return AtlasRow(
        layout=name or lay.name,
        tiles=len(lay),
        sets=-(-len(lay) // 144),
        **s,
        layers=d,
        reverse_first_try=share["reverse_first_try"],
        random_play_uniform=share["random_play_uniform"],
        random_play_reverse=share["random_play_reverse"],
        wall_seconds=wall_seconds,
        cpu_seconds=cpu_seconds,
    )


def atlas(
    layouts: Iterable[Tuple[str, Any]],
    deals: int = 1000,
    *,
    seed: int = 2026,
    max_nodes: int = 200_000,
    max_millis: int = 50,
    progress: Optional[Callable[[int, AtlasRow], None]] = None,
) -> List[AtlasRow]:
    """:func:`atlas_row` of each ``(name, layout)`` with the same seeds, in order
    (``progress(k, row)`` after each).

    Example:
        >>> rows = atlas([("t", "turtle"), ("p", "pyramid")], 4)
        >>> [r["layout"] for r in rows], [r["deals"] for r in rows]
        (['t', 'p'], [4, 4])
    """
    _check_progress(progress)
    out: List[AtlasRow] = []
    if isinstance(layouts, (str, bytes)) or not hasattr(layouts, "__iter__"):
        raise _core.ArgumentError(f"layouts must be a sequence of (name, layout) pairs, got {type(layouts).__name__}")
    for k, pair in enumerate(layouts):
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise _core.ArgumentError(f"layouts[{k}] must be a (name, layout) pair, got {type(pair).__name__}")
        name, lay = pair
        row = atlas_row(lay, deals, seed=seed, max_nodes=max_nodes, max_millis=max_millis, name=name)
        out.append(row)
        if progress is not None:
            progress(k, row)
    return out


def collection_layouts(dirs: Sequence[str]) -> List[Tuple[str, Any]]:
    """Every layout under the folders ``dirs``: each ``.layout`` and ``.lay`` file
    (a ``.lay`` beside a ``.layout`` of the same name is the same board and is
    skipped) and each map of each ``.map`` file, named by path (and ``#map``).

    Example:
        >>> collection_layouts([])
        []
    """
    from mahjong_fast.solitaire import load_layout, map_names

    out: List[Tuple[str, Any]] = []
    for d in dirs:
        root = os.path.abspath(d)
        paths = []
        for base, _dirs, files in os.walk(root):
            for f in files:
                paths.append(os.path.join(base, f))
        for p in sorted(paths):
            rel = os.path.relpath(p, os.path.dirname(root))
            stem, ext = os.path.splitext(p)
            if ext == ".layout":
                out.append((rel, load_layout(p)))
            elif ext == ".lay" and not os.path.exists(stem + ".layout"):
                out.append((rel, load_layout(p)))
            elif ext == ".map":
                for m in map_names(p):
                    out.append((f"{rel}#{m}", load_layout(p, map=m)))
    return out


def distinct_boards(layouts: Sequence[Tuple[str, Any]]) -> List[Tuple[List[str], Any]]:
    """Group layouts that are the same board up to a shift of the whole board
    (collections repeat many): ``(names, layout)`` per board, in first-seen order.

    Example:
        >>> from mahjong_fast import SolitaireLayout
        >>> a = SolitaireLayout([(0, 0, 0), (2, 0, 0)])
        >>> b = SolitaireLayout([(4, 2, 0), (6, 2, 0)])
        >>> [names for names, _ in distinct_boards([("a", a), ("b", b), ("t", "turtle")])]
        [['a', 'b'], ['t']]
    """
    groups: Dict[Tuple[Tuple[int, int, int], ...], Tuple[List[str], Any]] = {}
    for name, spec in layouts:
        lay = _layout(spec, None)
        ps = lay.positions
        mx, my, mz = (min(p[k] for p in ps) for k in range(3))
        key = tuple(sorted((x - mx, y - my, z - mz) for x, y, z in ps))
        if key in groups:
            groups[key][0].append(name)
        else:
            groups[key] = ([name], lay)
    return list(groups.values())
