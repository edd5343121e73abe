"""The batch convention: one input reader and one result type for every batch call.

Columns of each batch are declared once in the Rust core (name, dtype, width,
default, doc; :func:`specs`). Any batch call takes its input as

- a dict of NumPy arrays (or lists) by column name,
- an Arrow ``RecordBatch`` / ``Table``, a pandas or polars ``DataFrame``,
- or a sequence of rows (each a dict by column name; calls with a natural row form,
  such as mpsz strings for the shanten family, take those too);

arrays of any memory order (C, Fortran, strided, broadcast) and any integer dtype are
read correctly: a column the core can read in place is passed as it is, any other is
converted in bounded chunks of :data:`CHUNK_ROWS` rows (never a copy of the whole
input). A value its column's dtype cannot hold raises instead of wrapping.

Every call returns a :class:`BatchResult`: a mapping of named output columns (NumPy
arrays) plus :attr:`BatchResult.errors`, an :class:`ErrorTable` of the bad rows (row,
kind, message). A bad row never stops the others; its kind is the name of a
:class:`~mahjong_fast.MahjongError` subclass. The table is one byte per row of the
batch, written in place by the kernel (0 for a good row, the kind for a bad one; no
list of bad rows is built), and the messages of the first :data:`MAX_MESSAGES` bad rows
only (later rows have message ``None``): a million bad rows cost about 1 MB, a batch
without bad rows nothing.

pyarrow, pandas and polars are optional: they are imported only when a caller passes
their objects or asks for ``to_arrow()`` / ``to_pandas()`` / ``to_polars()``.

Example:
    >>> import numpy as np
    >>> import mahjong_fast as mf
    >>> r = mf.shanten_batch(["123m456p789s1122z", "11111m"])
    >>> r["shanten"].tolist(), list(r.errors)[0][:2]
    ([0, -128], (1, 'InvalidHandError'))
    >>> r.errors.rows.tolist(), r.errors.kinds
    ([1], ['InvalidHandError'])
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from mahjong_fast import _core
from mahjong_fast.errors import argument_error

__all__ = ["BatchResult", "ErrorTable", "ColumnSpec", "specs", "read_columns", "run_chunked", "CHUNK_ROWS", "MAX_MESSAGES"]

#: Rows converted at a time when an input column cannot be read in place.
CHUNK_ROWS = 1 << 16

_KINDS, MAX_MESSAGES = _core.error_kinds()
_KINDS = tuple(_KINDS)


class ColumnSpec:
    """One column of a batch, as the core declares it.

    Example:
        >>> hand = specs("score")[0]
        >>> hand.name, hand.dtype, hand.shape, hand.default
        ('hand', 'int32', (14,), None)
    """

    __slots__ = ("name", "dtype", "width", "default", "doc")

    def __init__(self, name: str, dtype: str, width: int, default: Optional[int], doc: str) -> None:
        self.name, self.dtype, self.width, self.default, self.doc = name, dtype, width, default, doc

    @property
    def shape(self) -> Tuple[int, ...]:
        """Shape of one row: () for a plain column, (width,) for a wide one."""
        return () if self.width == 1 else (self.width,)

    def __repr__(self) -> str:
        return f"ColumnSpec({self.name!r}, {self.dtype}, width={self.width}, default={self.default!r})"


_SPECS: Dict[str, Dict[str, List[ColumnSpec]]] = {
    batch: {side: [ColumnSpec(**c) for c in cols] for side, cols in sides.items()}
    for batch, sides in _core.batch_columns().items()
}


def specs(batch: str, side: str = "input") -> List[ColumnSpec]:
    """The core's column specs of ``batch`` (``"shanten"``, ``"is_agari"``,
    ``"decomposition_count"``, ``"score"`` (riichi), ``"taiwan_score"``,
    ``"solve_many"``, ``"survey"`` (solitaire)), ``side``
    ``"input"`` or ``"output"``.

    Example:
        >>> [(c.name, c.dtype, c.width) for c in specs("shanten")]
        [('hand', 'uint8', 34)]
    """
    try:
        return _SPECS[batch][side]
    except KeyError:
        raise _argument_error(f"batch {batch!r} / side {side!r}: known batches are {', '.join(_SPECS)}") from None


def _argument_error(message: str) -> Exception:
    # The batch input as a whole (its columns, rows or dtypes) is the argument refused.
    return argument_error("data", message)


# ---- the error table ------------------------------------------------------------------


class ErrorTable:
    """Bad rows of a batch, one byte per row of the batch: ``codes[i]`` is 0 for a
    good row and 1 + its kind code (into ``kind_names``) for a bad one, as the
    kernels write it in place; plus the messages of the first :data:`MAX_MESSAGES`
    bad rows. ``codes`` is empty when no row failed.

    ``rows`` (uint64) and ``kind_codes`` (uint8, into ``kind_names``) list the bad
    rows alone; they are made from ``codes`` on first use (8 bytes a bad row), so a
    table nobody lists costs its one byte a row. Iterating yields ``(row, kind,
    message)`` tuples (``message`` ``None`` past the kept ones); :meth:`exception`
    gives the ``i``-th bad row's error as a ``MahjongError``.

    Example:
        >>> t = ErrorTable([4, 9], [1, 0], ["row 4: bad", "row 9: worse"])
        >>> list(t), t.exception(1).row
        ([(4, 'InvalidHandError', 'row 4: bad'), (9, 'TileParseError', 'row 9: worse')], 9)
        >>> t.codes.tolist()
        [0, 0, 0, 0, 2, 0, 0, 0, 0, 1]
    """

    __slots__ = ("codes", "messages", "_count", "_rows")
    kind_names: Tuple[str, ...] = _KINDS

    def __init__(self, rows: Any = None, kind_codes: Any = None, messages: Optional[Sequence[str]] = None) -> None:
        rows = np.asarray(rows if rows is not None else [], dtype=np.int64)
        kinds = np.asarray(kind_codes if kind_codes is not None else [], dtype=np.uint8)
        if rows.shape != kinds.shape or rows.ndim != 1:
            raise argument_error("kind_codes", f"one kind code per row: {rows.shape} rows, {kinds.shape} kind codes")
        if len(rows) and (rows[0] < 0 or (np.diff(rows) <= 0).any()):
            raise argument_error("rows", "rows must be distinct row numbers in increasing order")
        codes = np.zeros(int(rows[-1]) + 1 if len(rows) else 0, np.uint8)
        codes[rows] = kinds + np.uint8(1)
        self._set(codes, messages)

    @classmethod
    def from_codes(cls, codes: Any, messages: Optional[Sequence[str]] = None) -> ErrorTable:
        """A table from one code per row (0 good, 1 + kind code bad), as a kernel
        returns it; the array is kept, not copied.

        Example:
            >>> t = ErrorTable.from_codes(np.array([0, 2, 0], np.uint8), ["row 1: bad"])
            >>> t.rows.tolist(), t.kinds, len(t)
            ([1], ['InvalidHandError'], 1)
        """
        t = cls.__new__(cls)
        t._set(np.asarray(codes, dtype=np.uint8).reshape(-1), messages)
        return t

    def _set(self, codes: np.ndarray, messages: Optional[Sequence[str]]) -> None:
        self._count = int(np.count_nonzero(codes))
        self.codes = codes if self._count else np.zeros(0, np.uint8)
        self.messages: List[str] = list(messages or [])[: min(self._count, MAX_MESSAGES)]
        self._rows: Optional[np.ndarray] = None

    @classmethod
    def concat(cls, parts: Sequence[Tuple[int, ErrorTable]]) -> ErrorTable:
        """Tables of consecutive chunks, each with its first row's offset."""
        parts = [(off, t) for off, t in parts if len(t)]
        joined = _Joined(max((off + len(t.codes) for off, t in parts), default=0))
        for off, t in parts:
            joined.add(off, t)
        return joined.table()

    def __len__(self) -> int:
        return self._count

    def __bool__(self) -> bool:
        return self._count > 0

    @property
    def rows(self) -> np.ndarray:
        """Row of each bad row, in increasing order (uint64)."""
        if self._rows is None:
            self._rows = np.flatnonzero(self.codes).view(np.uint64)
        return self._rows

    @property
    def kind_codes(self) -> np.ndarray:
        """Kind code of each bad row (uint8, into ``kind_names``)."""
        return self.codes[self.rows.view(np.int64)] - np.uint8(1)

    @property
    def kinds(self) -> List[str]:
        """Kind name of each bad row (a ``MahjongError`` subclass name)."""
        names = self.kind_names
        return [names[c] for c in self.kind_codes.tolist()]

    def message(self, i: int) -> Optional[str]:
        """Message of the ``i``-th bad row (None past the first MAX_MESSAGES)."""
        return self.messages[i] if i < len(self.messages) else None

    def __getitem__(self, i: int) -> Tuple[int, str, Optional[str]]:
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(f"error {i}: the table holds {len(self)}")
        row = int(self.rows[i])
        return row, self.kind_names[int(self.codes[row]) - 1], self.message(i)

    def __iter__(self) -> Iterator[Tuple[int, str, Optional[str]]]:
        names, msgs = self.kind_names, self.messages
        i = 0
        # Block by block: listing the rows never builds a list of every bad row.
        for start in range(0, len(self.codes), CHUNK_ROWS):
            block = self.codes[start : start + CHUNK_ROWS]
            at = np.flatnonzero(block)
            for r, c in zip(at.tolist(), block[at].tolist()):
                yield start + r, names[c - 1], msgs[i] if i < len(msgs) else None
                i += 1

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ErrorTable):
            return NotImplemented
        if len(self) != len(other) or self.messages != other.messages:
            return False
        # Equal up to trailing good rows (a table made from rows ends at the last bad one).
        n = int(self.rows[-1]) + 1 if len(self) else 0
        return np.array_equal(self.codes[:n], other.codes[:n])

    def __repr__(self) -> str:
        if not len(self):
            return "ErrorTable(0 rows)"
        counts = np.bincount(self.codes, minlength=len(self.kind_names) + 1)[1:]
        by_kind = ", ".join(f"{self.kind_names[k]}: {n}" for k, n in enumerate(counts.tolist()) if n)
        return f"ErrorTable({len(self)} rows; {by_kind}; first: row {self[0][0]}: {self[0][2]})"

    def exception(self, i: int) -> Exception:
        """The ``i``-th bad row's error as its ``MahjongError`` subclass, with ``.row``
        and ``.kind`` set."""
        row, kind, message = self[i]
        cls = getattr(_core, kind, _core.MahjongError)
        e = cls(message if message is not None else f"row {row}: {kind} (message not kept past the first {MAX_MESSAGES})")
        e.row, e.kind = row, kind
        return e

    def raise_first(self) -> None:
        """Raise the first bad row's error, if any."""
        if len(self):
            raise self.exception(0)

    def columns(self) -> Dict[str, Any]:
        """The table as columns: ``row``, ``kind`` and ``message`` (None past the
        kept messages)."""
        n = len(self)
        msgs: List[Optional[str]] = list(self.messages) + [None] * (n - len(self.messages))
        return {"row": self.rows, "kind": self.kinds, "message": msgs}

    def to_arrow(self) -> Any:
        """The table as a ``pyarrow.Table``: ``row`` (uint64), ``kind`` (dictionary of
        the kind names, indexed by the kind codes), ``message`` (null past the kept ones)."""
        import pyarrow as pa

        kind = pa.DictionaryArray.from_arrays(pa.array(self.kind_codes), pa.array(self.kind_names, pa.string()))
        kept = pa.array(self.messages, pa.string())
        message = pa.concat_arrays([kept, pa.nulls(len(self) - len(kept), pa.string())])
        return pa.table({"row": pa.array(self.rows), "kind": kind, "message": message})

    def to_pandas(self) -> Any:
        """The table as a ``pandas.DataFrame`` (``kind`` categorical over the kind names)."""
        import pandas as pd

        c = self.columns()
        kind = pd.Categorical.from_codes(self.kind_codes.astype(np.int16), categories=list(self.kind_names))
        return pd.DataFrame({"row": c["row"], "kind": kind, "message": c["message"]})

    def to_polars(self) -> Any:
        """The table as a ``polars.DataFrame`` (``kind`` categorical)."""
        import polars as pl

        c = self.columns()
        return pl.DataFrame({"row": c["row"], "kind": pl.Series(c["kind"], dtype=pl.Categorical),
                             "message": pl.Series(c["message"], dtype=pl.Utf8)})


class _Joined:
    """The error tables of consecutive chunks of one batch as one: each chunk's codes
    placed at its offset; messages kept while every earlier bad row has one."""

    def __init__(self, n: int) -> None:
        self.codes = np.zeros(n, np.uint8)  # zeroed pages no chunk writes cost no memory
        self.messages: List[str] = []
        self.count = 0

    def add(self, offset: int, t: ErrorTable) -> None:
        if not len(t):
            return
        self.codes[offset : offset + len(t.codes)] = t.codes
        if len(self.messages) == self.count:
            self.messages.extend(t.messages[: MAX_MESSAGES - len(self.messages)])
        self.count += len(t)

    def table(self) -> ErrorTable:
        return ErrorTable.from_codes(self.codes, self.messages)


# ---- the result -----------------------------------------------------------------------


class BatchResult(Mapping[str, np.ndarray]):
    """Output of a batch call: named columns (NumPy arrays, one row per input row)
    and :attr:`errors`, the bad rows.

    Example:
        >>> r = BatchResult({"shanten": np.array([0, -128], np.int8)}, ErrorTable([1], [1], ["11111m: ..."]))
        >>> list(r), r.n_rows, r["shanten"].tolist(), len(r.errors)
        (['shanten'], 2, [0, -128], 1)
    """

    __slots__ = ("_columns", "errors")

    def __init__(self, columns: Dict[str, np.ndarray], errors: Optional[ErrorTable] = None) -> None:
        self._columns = dict(columns)
        self.errors = errors if errors is not None else ErrorTable()

    def __getitem__(self, name: str) -> np.ndarray:
        if not isinstance(name, str):
            raise argument_error("name", f"a column name is text, got {type(name).__name__}")
        try:
            return self._columns[name]
        except KeyError:
            raise KeyError(f"{name!r}: the columns are {', '.join(self._columns)} (bad rows: .errors)") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)

    @property
    def n_rows(self) -> int:
        """Rows of the batch."""
        return len(next(iter(self._columns.values()))) if self._columns else 0

    def __repr__(self) -> str:
        cols = ", ".join(f"{k}: {v.dtype}{'' if v.ndim == 1 else list(v.shape[1:])}" for k, v in self._columns.items())
        return f"BatchResult({self.n_rows} rows; {cols}; {len(self.errors)} bad rows)"

    def to_arrow(self) -> Any:
        """The columns as a ``pyarrow.Table`` (wide columns as fixed-size lists)."""
        import pyarrow as pa

        arrays = {}
        for k, v in self._columns.items():
            if v.ndim == 1:
                arrays[k] = pa.array(v)
            else:
                flat = pa.array(np.ascontiguousarray(v).reshape(-1))
                arrays[k] = pa.FixedSizeListArray.from_arrays(flat, v.shape[1])
        return pa.table(arrays)

    def to_pandas(self) -> Any:
        """The columns as a ``pandas.DataFrame`` (a wide column holds one array per row)."""
        import pandas as pd

        return pd.DataFrame({k: (v if v.ndim == 1 else list(v)) for k, v in self._columns.items()})

    def to_polars(self) -> Any:
        """The columns as a ``polars.DataFrame`` (wide columns as ``Array`` columns)."""
        import polars as pl

        return pl.DataFrame([pl.Series(k, v) for k, v in self._columns.items()])


# ---- reading input --------------------------------------------------------------------


def _module(obj: Any) -> str:
    return type(obj).__module__.split(".", 1)[0]


def _is_frame(obj: Any) -> bool:
    return _module(obj) in ("pyarrow", "pandas", "polars") and hasattr(obj, "columns")


def _column_names(data: Any) -> List[str]:
    if _module(data) == "pyarrow":
        return list(data.column_names)
    return [str(c) for c in data.columns]


def _arrow_to_numpy(col: Any, name: str) -> Any:
    import pyarrow as pa

    if isinstance(col, pa.ChunkedArray):
        col = col.combine_chunks() if col.num_chunks != 1 else col.chunk(0)
    if col.null_count:
        raise _argument_error(f"column {name!r}: {col.null_count} missing values (nulls)")
    t = col.type
    if pa.types.is_fixed_size_list(t):
        return col.flatten().to_numpy(zero_copy_only=False).reshape(len(col), t.list_size)
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return _ragged(col.to_pylist(), name)
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        return col.to_pylist()
    return col.to_numpy(zero_copy_only=False)


def _ragged(rows: Sequence[Any], name: str) -> np.ndarray:
    """Rows of (possibly) unequal length as a 2-D object-free array: equal rows
    stacked; unequal ones left to the width check (as a list of arrays)."""
    arrs = [np.asarray(r) for r in rows]
    widths = {a.shape for a in arrs}
    if len(widths) <= 1:
        return np.stack(arrs) if arrs else np.zeros((0, 0), np.int64)
    out = np.empty(len(arrs), dtype=object)
    out[:] = arrs
    return out


def _frame_column(data: Any, name: str) -> Any:
    mod = _module(data)
    if mod == "pyarrow":
        return _arrow_to_numpy(data.column(name), name)
    col = data[name]
    if mod == "pandas":
        if col.isna().any():
            raise _argument_error(f"column {name!r}: {int(col.isna().sum())} missing values")
        v = col.to_numpy()
    else:  # polars
        if col.null_count():
            raise _argument_error(f"column {name!r}: {col.null_count()} missing values (nulls)")
        v = col.to_numpy()
    if v.dtype == object:
        first = next(iter(v), None)
        if isinstance(first, str):
            return list(v)
        return _ragged(list(v), name)
    return v


def read_columns(data: Any, columns: Sequence[ColumnSpec], *, what: str = "batch") -> Tuple[int, Dict[str, Any]]:
    """``(n_rows, {name: array})`` for the input ``columns`` from a dict of arrays, an
    Arrow record batch / table, a pandas / polars DataFrame or a sequence of row dicts.

    Arrays come back as given (views, any layout and integer dtype, already checked
    to fit their column's dtype) or as text lists; missing optional columns are left
    out (their defaults apply in :func:`run_chunked`). Raises for an unknown or missing
    column, a wrong shape, or a value the column's dtype cannot hold.

    Example:
        >>> n, cols = read_columns({"hand": np.zeros((2, 34), np.int64)}, specs("shanten"))
        >>> n, cols["hand"].dtype.name
        (2, 'int64')
    """
    known = {c.name: c for c in columns}
    if isinstance(data, Mapping):
        src = dict(data)
    elif _is_frame(data):
        src = {name: _frame_column(data, name) for name in _column_names(data)}
    elif isinstance(data, (str, bytes)) or not hasattr(data, "__iter__"):
        raise _argument_error(f"{what}: expected columns (a dict of arrays, an Arrow table, a DataFrame) or a sequence of rows, got {type(data).__name__}")
    else:
        src = _rows_to_columns(list(data), columns, what)
    unknown = sorted(str(k) for k in src if k not in known)
    if unknown:
        raise _argument_error(f"{what}: unknown column(s) {', '.join(unknown)} (known: {', '.join(known)})")
    n: Optional[int] = None
    out: Dict[str, Any] = {}
    for c in columns:
        if c.name not in src:
            if c.default is None:
                raise _argument_error(f"{what}: column {c.name!r} is required")
            continue
        v = src[c.name]
        if c.dtype == "str" or (isinstance(v, list) and v and isinstance(v[0], str)):
            out[c.name] = v
            rows = len(v)
        else:
            a = _checked(v, c, what)
            out[c.name] = a
            rows = None if a.ndim == 0 else a.shape[0]
        if rows is not None:
            if n is not None and rows != n:
                raise _argument_error(f"{what}: column {c.name!r} has {rows} rows, the others {n}")
            n = rows
    if n is None:
        n = 1 if out else 0
    return n, out


def _rows_to_columns(rows: List[Any], columns: Sequence[ColumnSpec], what: str) -> Dict[str, Any]:
    names = {c.name for c in columns}
    for i, r in enumerate(rows):
        if not isinstance(r, Mapping):
            raise _argument_error(f"{what}: row {i} is a {type(r).__name__}; rows are dicts by column name")
        extra = [k for k in r if k not in names]
        if extra:
            raise _argument_error(f"{what}: row {i}: unknown column(s) {', '.join(map(str, extra))}")
    present = [c for c in columns if any(c.name in r for r in rows)]
    out: Dict[str, Any] = {}
    for c in present:
        if c.default is None and any(c.name not in r for r in rows):
            missing = next(i for i, r in enumerate(rows) if c.name not in r)
            raise _argument_error(f"{what}: row {missing}: column {c.name!r} is required")
        vals = [r.get(c.name, c.default) for r in rows]
        if c.width == 1:
            out[c.name] = np.array(vals)
        else:
            out[c.name] = _ragged([np.asarray(v) for v in vals], c.name)
    return out


_INT_DTYPES = {"bool": np.bool_, "uint8": np.uint8, "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
               "uint64": np.uint64}


def _checked(v: Any, c: ColumnSpec, what: str) -> np.ndarray:
    """``v`` as an array of row shape ``c.shape`` whose values ``c.dtype`` holds (no
    copy of a NumPy array; narrower wide columns padded with the default)."""
    a = v if isinstance(v, np.ndarray) else np.asarray(v)
    if a.dtype == object:
        try:
            a = np.asarray(a.tolist(), dtype=np.int64) if a.ndim else np.asarray(int(a), dtype=np.int64)
        except (TypeError, ValueError, OverflowError):
            raise _argument_error(f"{what}: column {c.name!r}: expected whole numbers of {c.dtype}, with rows {c.width} wide") from None
    target = np.dtype(_INT_DTYPES[c.dtype])
    if a.dtype.kind == "b":
        pass
    elif a.dtype.kind not in "iu":
        raise _argument_error(f"{what}: column {c.name!r}: {a.dtype} values; expected whole numbers ({c.dtype})")
    elif not np.can_cast(a.dtype, target) and a.size:
        info = np.iinfo(target) if target.kind in "iu" else None
        lo, hi = (info.min, info.max) if info is not None else (0, 1)
        amin, amax = _min_max(a)
        if amin < lo or amax > hi:
            bad = amin if amin < lo else amax
            raise _argument_error(f"{what}: column {c.name!r}: value {bad} does not fit {c.dtype} ({lo}-{hi})")
    if c.width == 1:
        if a.ndim == 2 and a.shape[1] == 1:
            a = a[:, 0]
        if a.ndim > 1:
            raise _argument_error(f"{what}: column {c.name!r}: shape {a.shape}, expected (N,)")
    else:
        if a.ndim != 2 or a.shape[1] > c.width:
            raise _argument_error(f"{what}: column {c.name!r}: shape {a.shape}, expected (N, {c.width})")
        if a.shape[1] < c.width:
            if c.default is None:
                raise _argument_error(f"{what}: column {c.name!r}: shape {a.shape}, expected (N, {c.width})")
            pad = np.full((a.shape[0], c.width), c.default, dtype=target)
            pad[:, : a.shape[1]] = a
            a = pad
    return a


def _min_max(a: np.ndarray) -> Tuple[int, int]:
    """Smallest and largest value, read through a broadcast array's stride-0 axes
    (each distinct element once)."""
    idx = tuple(slice(0, 1) if (s == 0 and n > 0) else slice(None) for s, n in zip(a.strides, a.shape))
    core = a[idx]
    return int(core.min()), int(core.max())


def _fits(a: Any, c: ColumnSpec) -> bool:
    return isinstance(a, np.ndarray) and a.dtype == _INT_DTYPES[c.dtype] and a.flags.c_contiguous


def run_chunked(
    n: int,
    cols: Dict[str, Any],
    columns: Sequence[ColumnSpec],
    kernel: Callable[[Dict[str, Any]], Tuple[Dict[str, np.ndarray], ErrorTable]],
    out_columns: Sequence[ColumnSpec],
) -> BatchResult:
    """Call ``kernel`` on the core's layout of the columns (C-ordered arrays of the
    declared dtype, defaults filled in; text passed as lists): in one call when every
    column is already in that layout, otherwise in chunks of :data:`CHUNK_ROWS` rows
    whose outputs are written into the result columns.

    Example:
        >>> cols_in, cols_out = specs("shanten"), specs("shanten", "output")
        >>> n, cols = read_columns({"hand": ["123m456p789s1122z"]}, cols_in)
        >>> def kernel(chunk):
        ...     values, (codes, messages) = _core.shanten_rows(chunk["hand"])
        ...     return {"shanten": values}, ErrorTable.from_codes(codes, messages)
        >>> run_chunked(n, cols, cols_in, kernel, cols_out)["shanten"].tolist()
        [0]
    """
    def chunk(a: int, b: int) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        for c in columns:
            if c.name not in cols:
                if c.dtype == "str":
                    continue
                out[c.name] = np.full((b - a,) + c.shape, c.default, dtype=_INT_DTYPES[c.dtype])
                continue
            v = cols[c.name]
            if isinstance(v, list):
                out[c.name] = v[a:b]
            elif v.ndim == 0:
                out[c.name] = np.full((b - a,) + c.shape, v, dtype=_INT_DTYPES[c.dtype])
            else:
                out[c.name] = np.ascontiguousarray(v[a:b], dtype=_INT_DTYPES[c.dtype])
        return out

    direct = all(_fits(cols[c.name], c) or isinstance(cols[c.name], list) for c in columns if c.name in cols)
    if direct or n <= CHUNK_ROWS:
        values, errors = kernel(chunk(0, n))
        return BatchResult(values, errors)
    result = {c.name: np.empty((n,) + c.shape, dtype=_INT_DTYPES[c.dtype]) for c in out_columns}
    errors = _Joined(n)
    for a in range(0, n, CHUNK_ROWS):
        b = min(n, a + CHUNK_ROWS)
        values, part = kernel(chunk(a, b))
        for k, v in values.items():
            result[k][a:b] = v
        errors.add(a, part)
    return BatchResult(result, errors.table())
