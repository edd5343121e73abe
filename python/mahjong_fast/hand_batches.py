"""The shanten family as batch calls, in the batch convention (:mod:`mahjong_fast.batch`).

Each takes its hands as an (N, 34) array of concealed tile counts (any memory order,
any integer dtype whose values fit uint8), a sequence of mpsz strings, or columns
named ``hand`` (a dict, an Arrow table, a pandas / polars DataFrame) holding either,
and returns a :class:`~mahjong_fast.batch.BatchResult` with one output column.

Example:
    >>> import numpy as np
    >>> from mahjong_fast import shanten_batch, to_counts
    >>> counts = np.array([to_counts("123m456p789s1122z")] * 3, np.uint8)
    >>> shanten_batch(np.asfortranarray(counts))["shanten"].tolist()
    [0, 0, 0]
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional

import numpy as np

from mahjong_fast import _core
from mahjong_fast.batch import BatchResult, ErrorTable, read_columns, run_chunked, specs
from mahjong_fast.errors import argument_error

__all__ = ["shanten_batch", "is_agari_batch", "decomposition_count_batch"]


def _hand_column(hands: Any) -> Any:
    """``hands`` as columns: a bare array or sequence of text is the ``hand`` column."""
    if isinstance(hands, str):
        raise _core.InvalidHandError("hands: expected a sequence of mpsz strings or an (N, 34) array of counts, got one string")
    if isinstance(hands, np.ndarray):
        if hands.dtype.kind in "US":
            return {"hand": [str(h) for h in hands.reshape(-1).tolist()]}
        if hands.ndim != 2 or hands.shape[1] != 34:
            raise _core.InvalidHandError(f"hands: expected an (N, 34) array of tile counts, got shape {hands.shape}")
        return {"hand": hands}
    mod = type(hands).__module__.split(".", 1)[0]
    if mod in ("pandas", "polars", "pyarrow") and not hasattr(hands, "columns"):  # a Series / Array
        return {"hand": hands.to_pylist() if mod == "pyarrow" else [str(h) for h in hands.to_list()]}
    if hasattr(hands, "columns") or hasattr(hands, "keys"):
        return hands
    try:
        rows = list(hands)
    except TypeError:
        raise _core.InvalidHandError(
            f"hands: expected a sequence of mpsz strings or an (N, 34) array of counts, got {type(hands).__name__}"
        ) from None
    if all(isinstance(h, str) for h in rows):
        return {"hand": rows}
    if rows and all(isinstance(h, Mapping) for h in rows):
        return rows
    if any(isinstance(h, str) for h in rows):
        i = next(i for i, h in enumerate(rows) if not isinstance(h, str))
        raise argument_error("hands", f"hands: row {i} is {type(rows[i]).__name__}; rows are all mpsz text or all 34 counts")
    try:
        return {"hand": np.asarray(rows)}
    except (TypeError, ValueError, UnicodeError):
        raise argument_error("hands", "hands: rows must be mpsz text or 34 tile counts each") from None


def _run(batch: str, kernel: Callable[..., Any], hands: Any, n_sets: Optional[int], threads: Optional[int]) -> BatchResult:
    cols_in, cols_out = specs(batch), specs(batch, "output")
    n, cols = read_columns(_hand_column(hands), cols_in, what=f"{batch}_batch")
    name = cols_out[0].name

    def call(chunk: dict) -> Any:
        values, (codes, messages) = kernel(chunk["hand"], n_sets, threads)
        return {name: values}, ErrorTable.from_codes(codes, messages)

    return run_chunked(n, cols, cols_in, call, cols_out)


def shanten_batch(hands: Any, n_sets: Optional[int] = None, threads: Optional[int] = None) -> BatchResult:
    """Shanten of many hands: column ``shanten`` (int8; -128 on a bad row, listed in
    ``.errors``).

    Each row makes ``n_sets`` sets and a pair (default: from its tile count, 13/14 ->
    4 with the riichi forms, 16/17 -> 5). Runs without the GIL on every core, or on
    ``threads`` threads.

    Example:
        >>> r = shanten_batch(["123m456p789s1122z", "19m19p19s1234567z", "11111m"])
        >>> r["shanten"].tolist(), r.errors[0][:2]
        ([0, 0, -128], (2, 'InvalidHandError'))
    """
    return _run("shanten", _core.shanten_rows, hands, n_sets, threads)


def is_agari_batch(hands: Any, n_sets: Optional[int] = None, threads: Optional[int] = None) -> BatchResult:
    """Agari test of many hands (3n + 2 tiles each): column ``agari`` (bool; False on
    a bad row). Same inputs as :func:`shanten_batch`.

    Example:
        >>> r = is_agari_batch(["123m456p789s11122z", "123m456p789s11123z"])
        >>> r["agari"].tolist(), len(r.errors)
        ([True, False], 0)
    """
    return _run("is_agari", _core.agari_rows, hands, n_sets, threads)


def decomposition_count_batch(hands: Any, n_sets: Optional[int] = None, threads: Optional[int] = None) -> BatchResult:
    """Readings of many complete hands (standard splits, plus seven pairs and thirteen
    orphans where they apply): column ``count`` (int32; -1 on a bad row).

    Example:
        >>> decomposition_count_batch(["111222333m11p456s", "1122m3344p5566s77z"])["count"].tolist()
        [2, 1]
    """
    return _run("decomposition_count", _core.decomposition_count_rows, hands, n_sets, threads)
