"""Many Taiwan hands scored at once on all cores, in the batch convention
(:mod:`mahjong_fast.batch`): named columns declared in the core (``specs("taiwan_score")``)
or rows of :func:`~mahjong_fast.taiwan.score`'s keywords in, a
:class:`~mahjong_fast.batch.BatchResult` (``tai``, ``patterns``, ``.errors``) out.

Example:
    >>> r = score_batch([{"hand": "123m456m789m234p567p55s", "win_tile": "7p"}, {"hand": "1m"}])
    >>> r["tai"].tolist(), list(r.errors)[0][:2]
    ([3, -1], (1, 'InvalidHandError'))
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any, Dict, Iterator, List, Mapping, Optional, Tuple

import numpy as np

from mahjong_fast import _core
from mahjong_fast._core import InvalidHandError, MahjongError, Tile
from mahjong_fast.batch import CHUNK_ROWS, MAX_MESSAGES, BatchResult, ErrorTable, read_columns, run_chunked, specs
from mahjong_fast.errors import argument_error
from mahjong_fast.taiwan.args import int_arg
from mahjong_fast.taiwan.rules import RulesLike, load_rules
from mahjong_fast.taiwan.scoring import REPLACEMENTS, win_args

__all__ = ["score_batch", "wins_to_columns", "sample_winning_hands", "pattern_keys", "FLAGS", "MELD_CODES", "COLUMNS"]

#: Bit names of the ``flags`` column, in bit order (declared in the core).
FLAGS: Tuple[str, ...] = tuple(_core.taiwan_flag_names())
#: Codes of the ``meld_kind`` column: the one table of the core (riichi uses it too).
MELD_CODES: Dict[str, int] = {name: code for code, name in enumerate(_core.meld_codes()) if code}
#: Input columns (declared in the core): name -> width.
COLUMNS: Dict[str, int] = {c.name: c.width for c in specs("taiwan_score")}
_KEYWORDS = ("hand", "win_tile", "melds", "flowers", "seat_wind", "round_wind", "consecutive", "replacement") + FLAGS


def _row_values(row: Any) -> Dict[str, Any]:
    """One row of :func:`~mahjong_fast.taiwan.score`'s keywords as column values,
    checked by the scalar call's own :func:`~mahjong_fast.taiwan.scoring.win_args`."""
    if not isinstance(row, Mapping):
        raise InvalidHandError(f"each hand is a dict with the keywords of taiwan.score(), got {type(row).__name__}")
    unknown = [str(k) for k in row if k not in _KEYWORDS]
    if unknown:
        raise InvalidHandError(f"unknown key(s) {', '.join(unknown)} in a hand (known: {', '.join(_KEYWORDS)})")
    if "hand" not in row:
        raise InvalidHandError('a hand needs a "hand"')
    a = win_args(**row)
    kinds = [0] * 5
    tiles = [0] * 5
    if len(a.melds) > 5:
        raise InvalidHandError(f"{len(a.melds)} melds: a Taiwan hand has at most 5 sets")
    for j, m in enumerate(a.melds):
        kinds[j] = MELD_CODES[m.kind]
        tiles[j] = min(t.kind for t in _core.parse_tiles(m.tiles))
    return {
        "concealed": _core.to_counts(a.hand), "win_tile": Tile(a.win_tile).kind, "meld_kind": kinds, "meld_tile": tiles,
        "seat_wind": a.seat_wind, "round_wind": a.round_wind, "flowers": a.flowers,
        "flags": sum(1 << b for b, name in enumerate(FLAGS) if a.flags[name]),
        "replacement": REPLACEMENTS.index(a.replacement), "consecutive": a.consecutive,
    }


def wins_to_columns(rows: Any) -> Dict[str, np.ndarray]:
    """Columns (NumPy arrays in the core's dtypes) of hands given as dicts of
    :func:`~mahjong_fast.taiwan.score`'s keywords; raises on the first bad row (use
    :func:`score_batch` on the rows to get per-row errors instead).

    Example:
        >>> cols = wins_to_columns([{"hand": "111z222z555z123m456m77p", "win_tile": "7p", "seat_wind": "S"}])
        >>> cols["concealed"].shape, cols["win_tile"].tolist(), cols["seat_wind"].tolist()
        ((1, 34), [15], [1])
    """
    if isinstance(rows, (str, bytes, Mapping)) or not hasattr(rows, "__iter__"):
        raise argument_error("rows", f"rows must be a sequence of dicts of taiwan.score()'s keywords, got {type(rows).__name__}")
    values = [_row_values(r) for r in rows]
    return _stack(values)


_DTYPES = {"uint8": np.uint8, "int32": np.int32}


def _stack(values: List[Dict[str, Any]]) -> Dict[str, np.ndarray]:
    out = {}
    for c in specs("taiwan_score"):
        shape = (len(values),) + c.shape
        out[c.name] = np.array([v[c.name] for v in values], dtype=_DTYPES[c.dtype]).reshape(shape)
    return out


def _is_columns(data: Any) -> bool:
    return isinstance(data, Mapping) or (type(data).__module__.split(".", 1)[0] in ("pyarrow", "pandas", "polars")
                                         and hasattr(data, "columns"))


def _kernel(rules: Any, threads: Optional[int]) -> Any:
    def call(chunk: Dict[str, Any]) -> Any:
        values, (codes, messages) = _core.taiwan_score_columns(chunk, rules, threads)
        return values, ErrorTable.from_codes(codes, messages)

    return call


def _score_rows(rows: List[Any], kernel: Any) -> Tuple[Dict[str, np.ndarray], ErrorTable]:
    """One chunk of rows: each read on its own (a bad row is its own error), the good
    ones scored together, the outputs and error codes put back in row order."""
    n = len(rows)
    codes = np.zeros(n, np.uint8)
    kinds = ErrorTable.kind_names
    # Messages by row: those of the first refused rows and of the first scored bad
    # rows, which between them hold the first MAX_MESSAGES bad rows'.
    messages: Dict[int, str] = {}
    good: List[Dict[str, Any]] = []
    at: List[int] = []
    for i, row in enumerate(rows):
        try:
            good.append(_row_values(row))
            at.append(i)
            continue
        except MahjongError as e:
            kind, message = type(e).__name__, str(e)
        except Exception as e:  # noqa: BLE001 - any fault of one row is that row's error
            kind, message = "InvalidHandError", f"{type(e).__name__}: {e}"
        codes[i] = kinds.index(kind) + 1
        if len(messages) < MAX_MESSAGES:
            messages[i] = message
    out = {c.name: np.full((n,) + c.shape, c.default, dtype=np.int32 if c.dtype == "int32" else np.uint64)
           for c in specs("taiwan_score", "output")}
    if good:
        values, scored = kernel(_stack(good))
        idx = np.asarray(at, dtype=np.int64)
        for k, v in values.items():
            out[k][idx] = v
        if len(scored):
            codes[idx] = scored.codes
            bad = idx[scored.rows.view(np.int64)]
            messages.update(zip(bad[: len(scored.messages)].tolist(), scored.messages))
    first = np.flatnonzero(codes)[:MAX_MESSAGES].tolist()
    return out, ErrorTable.from_codes(codes, [messages.get(r, "") for r in first])


def score_batch(data: Any, *, rules: RulesLike = None, threads: Optional[int] = None) -> BatchResult:
    """Score many Taiwan hands on all cores (or ``threads``), the GIL released.

    Args:
        data: columns or rows, in the batch convention (:mod:`mahjong_fast.batch`):

            - columns: a dict of arrays, an Arrow ``RecordBatch`` / ``Table`` or a
              pandas / polars ``DataFrame`` with the input columns the core declares
              (:data:`COLUMNS`; ``specs("taiwan_score")`` gives dtypes, defaults and
              docs): ``concealed`` (n × 34 counts, winning tile included), ``win_tile``
              (kind 0-33), ``meld_kind`` / ``meld_tile`` (n × 5: codes of
              :data:`MELD_CODES`, 0 an empty slot; lowest tile kind), ``seat_wind``,
              ``round_wind`` (0-3), ``flowers`` (bit mask), ``flags`` (bits in the order
              of :data:`FLAGS`), ``replacement`` (index into ``REPLACEMENTS``),
              ``consecutive`` (0-65535). Any memory order; a value that does not fit
              its column's dtype raises, naming the column (counts never wrap);
            - rows: any iterable (read once) of dicts with the keywords of
              :func:`~mahjong_fast.taiwan.score`, checked as it checks them.
        rules: a :class:`TaiwanRules`, preset name, dict or TOML path.
        threads: None for every core, or a thread count.

    Returns:
        A :class:`~mahjong_fast.batch.BatchResult`: ``tai`` (int32 totals after the
        cap, dealer tai apart; -1 on a bad row), ``patterns`` (uint64, bit ``i`` for
        pattern ``i`` of :func:`pattern_keys`) and ``.errors`` (row, kind, message).

    Example:
        >>> import numpy as np
        >>> c = np.array([_core.to_counts("123m456m789m234p567p55s")] * 2, dtype=np.uint8)
        >>> r = score_batch({"concealed": c, "win_tile": [15, 33]})
        >>> r["tai"].tolist(), r.errors.rows.tolist()
        ([3, -1], [1])
    """
    rs = load_rules(rules)._core  # type: ignore[attr-defined]
    kernel = _kernel(rs, threads)
    cols_in, cols_out = specs("taiwan_score"), specs("taiwan_score", "output")
    if _is_columns(data):
        n, cols = read_columns(data, cols_in, what="score_batch")
        return run_chunked(n, cols, cols_in, kernel, cols_out)
    if isinstance(data, (str, bytes)) or not hasattr(data, "__iter__"):
        raise argument_error("data", f"data must be columns or a sequence of dicts, got {type(data).__name__}")
    parts: List[Dict[str, np.ndarray]] = []
    tables: List[Tuple[int, ErrorTable]] = []
    start = 0
    for chunk in _chunks(iter(data)):
        values, errors = _score_rows(chunk, kernel)
        parts.append(values)
        tables.append((start, errors))
        start += len(chunk)
    if not parts:
        parts.append(_score_rows([], kernel)[0])
    if len(parts) == 1:
        return BatchResult(parts[0], tables[0][1] if tables else ErrorTable())
    return BatchResult({k: np.concatenate([p[k] for p in parts]) for k in parts[0]}, ErrorTable.concat(tables))


def _chunks(it: Iterator[Any]) -> Iterator[List[Any]]:
    while True:
        chunk = list(islice(it, CHUNK_ROWS))
        if not chunk:
            return
        yield chunk


def sample_winning_hands(n: int, seed: int = 0) -> Dict[str, np.ndarray]:
    """``n`` random concealed winning hands (five sets and a pair) as columns of
    :func:`score_batch`, for demos and benchmarks: random winning tile, seat, round,
    flowers and draw kind.

    Example:
        >>> cols = sample_winning_hands(3, seed=1)
        >>> cols["concealed"].shape, int(cols["concealed"].sum(axis=1)[0]), sorted(cols)[:3]
        ((3, 34), 17, ['concealed', 'flags', 'flowers'])
    """
    n = int_arg("n", n, 0, 10**7)
    rng = random.Random(int_arg("seed", seed, -(2**63), 2**63 - 1))
    conc = np.zeros((n, 34), dtype=np.uint8)
    ctx = np.zeros((n, 5), dtype=np.uint8)
    i = 0
    while i < n:
        counts = [0] * 34
        for _ in range(5):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    counts[suit * 9 + start + d] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        held = [k for k in range(34) if counts[k]]
        conc[i] = counts
        ctx[i] = [rng.choice(held), rng.randrange(4), rng.randrange(4), rng.randrange(256) if rng.random() < 0.3 else 0,
                  rng.randrange(2)]
        i += 1
    return {"concealed": conc, "win_tile": ctx[:, 0].copy(), "seat_wind": ctx[:, 1].copy(), "round_wind": ctx[:, 2].copy(),
            "flowers": ctx[:, 3].copy(), "flags": ctx[:, 4].copy()}


def pattern_keys() -> List[str]:
    """Pattern keys in bit order of :func:`score_batch` masks.

    Example:
        >>> pattern_keys()[:3]
        ['concealed', 'self_draw', 'concealed_self_draw']
    """
    return list(_PATTERN_KEYS)


_PATTERN_KEYS = (
    "concealed", "self_draw", "concealed_self_draw", "single_wait", "round_wind", "seat_wind", "dragon_set",
    "seat_flower", "flower_set", "robbing_kong", "kong_bloom", "last_tile_draw", "last_discard", "half_calling",
    "all_calling", "all_chows", "three_concealed_pungs", "four_concealed_pungs", "five_concealed_pungs",
    "all_pungs", "half_flush", "full_flush", "all_honors", "little_three_dragons", "big_three_dragons",
    "little_four_winds", "big_four_winds", "four_kongs", "heavenly_win", "earthly_win", "human_win",
    "seven_rob_one", "eight_immortals",
)
