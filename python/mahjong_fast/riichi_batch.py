"""Riichi scoring in batches: :func:`score_many` (rows of :func:`~mahjong_fast.riichi.score`'s
keywords, or columns in the batch convention of :mod:`mahjong_fast.batch`) and
:func:`wins_to_columns`. :mod:`mahjong_fast.riichi` offers both and loads this module
(and NumPy) on first use.

Example:
    >>> from mahjong_fast.riichi import score_many
    >>> score_many([{"hand": "123m456p789s23455s", "win_tile": "2s", "self_draw": True}])[0].points
    1500
"""

from __future__ import annotations

from itertools import islice
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Union

import numpy as np

from mahjong_fast._core import (
    ArgumentError,
    InvalidHandError,
    MahjongError,
    Meld,
    ScoreResult,
    parse_wind,
    score_columns,
    score_dicts,
    score_list,
    to_ids,
)
from mahjong_fast.batch import CHUNK_ROWS, BatchResult, ErrorTable, read_columns, run_chunked, specs
from mahjong_fast.errors import argument_error
from mahjong_fast.riichi import _FLAGS, MELD_CODES, RulesLike, load_rules

__all__ = ["score_many", "wins_to_columns", "COLUMNS"]

#: Input columns of the columnar batch (declared in the core; :func:`mahjong_fast.batch.specs`
#: ``("score")`` has their dtypes, defaults and docs): name -> width (1 = one value per row).
COLUMNS: Dict[str, int] = {c.name: c.width for c in specs("score")}
#: Defaults of columns a caller may leave out (-1 = none / padding), from the core.
_DEFAULTS = {c.name: c.default for c in specs("score") if c.default is not None}


def wins_to_columns(wins: Iterable[Mapping[str, Any]]) -> Dict[str, Any]:
    """Columns (NumPy int32 arrays) of wins given as dicts with the keys of :func:`score`.

    Meant for preparing data once; :func:`score_many` then scores the columns at full
    speed. Hands and tiles may be mpsz text or 136-ids; dora indicators are stored as
    tile kinds (0..33).

    Example:
        >>> cols = wins_to_columns([{"hand": "123m456p789s23455s", "win_tile": "2s", "self_draw": True}])
        >>> cols["hand"].shape, int(cols["flags"][0])
        ((1, 14), 1)
    """
    rows = list(wins)
    n = len(rows)
    out = {k: np.full((n, w) if w > 1 else (n,), _DEFAULTS.get(k, -1), dtype=np.int32) for k, w in COLUMNS.items()}
    for i, w in enumerate(rows):
        melds = [m if isinstance(m, Meld) else Meld(*str(m).split(":", 1)) for m in (w.get("melds") or [])]
        for j, m in enumerate(melds):
            out["meld_kind"][i, j] = MELD_CODES[m.kind]
            tiles = to_ids(m.tiles)
            out["meld_tile"][i, j] = min(t // 4 for t in tiles)
            out["meld_red"][i, j] = m.tiles.count("0")
        hand = w["hand"]
        win = w.get("win_tile", w.get("win"))
        ids = list(to_ids(hand)) if isinstance(hand, str) else [int(x) for x in hand]
        if win is None:
            win_id = ids[-1]
        elif isinstance(win, str):
            if len(ids) + 3 * len(melds) == 13 and isinstance(hand, str):
                ids = list(to_ids(hand + win))
                win_id = ids[-1] if hand[-1:] == win[-1:] else next(t for t in ids if t // 4 == to_ids(win)[0] // 4)
            else:
                k = to_ids(win)[0]
                win_id = next((t for t in ids if t // 4 == k // 4 and (t in (16, 52, 88)) == (k in (16, 52, 88))), k)
        else:
            win_id = int(win)
        if len(ids) > 14:
            raise InvalidHandError(f"win {i}: {len(ids)} concealed tiles (at most 14)")
        out["hand"][i, : len(ids)] = ids
        out["win"][i] = win_id
        mask = 0
        for b, name in enumerate(_FLAGS):
            if w.get(name) or (name == "tsumo" and w.get("self_draw")):
                mask |= 1 << b
        if w.get("double_riichi") or w.get("open_riichi"):
            mask |= 1 << _FLAGS.index("riichi")
        out["flags"][i] = mask
        n_players = int(w.get("n_players") or 4)
        dealer = int(w.get("dealer") or 0)
        if w.get("winner") is not None:
            winner = int(w["winner"])
        elif w.get("seat_wind") is not None:
            winner = (parse_wind(w["seat_wind"], "seat_wind") + dealer) % n_players
        else:
            winner = (dealer + 1) % n_players
        out["winner"][i] = winner
        out["dealer"][i] = dealer
        d = w.get("discarder")
        out["discarder"][i] = -1 if d is None else int(d)  # -1: the core's default (the left-hand player)
        out["pao"][i] = -1 if w.get("pao") is None else int(w["pao"])
        out["round_wind"][i] = parse_wind(w.get("round_wind") or "E", "round_wind")
        for key in ("dora", "ura"):
            ind = w.get(key) or []
            kinds = [t // 4 for t in (to_ids(ind) if isinstance(ind, str) else ind)]
            if len(kinds) > 5:
                raise InvalidHandError(f"win {i}: {len(kinds)} {key} indicators (at most 5)")
            out[key][i, : len(kinds)] = kinds
        out["honba"][i] = int(w.get("honba") or 0)
        out["riichi_sticks"][i] = int(w.get("riichi_sticks") or 0)
        out["kita"][i] = int(w.get("kita") or 0)
        out["n_players"][i] = n_players
        out["dealer_wins"][i] = int(w.get("dealer_wins") or 0)
    return out


def _is_columns(wins: Any) -> bool:
    """Columns (a dict of arrays, an Arrow table / record batch, a DataFrame), as
    opposed to a sequence of rows."""
    return isinstance(wins, Mapping) or (type(wins).__module__.split(".", 1)[0] in ("pyarrow", "pandas", "polars")
                                         and hasattr(wins, "columns"))


def _row_chunks(wins: Any) -> Iterator[List[Any]]:
    """The rows of ``wins`` (any iterable, a generator included, read once) in lists
    of at most :data:`~mahjong_fast.batch.CHUNK_ROWS`."""
    if isinstance(wins, (str, bytes)) or not hasattr(wins, "__iter__"):
        raise ArgumentError(f"wins: expected a sequence of dicts with the keys of score(), or columns; got {type(wins).__name__}")
    it = iter(wins)
    while True:
        chunk = list(islice(it, CHUNK_ROWS))
        if not chunk:
            return
        yield chunk
        if len(chunk) < CHUNK_ROWS:
            return


def score_many(
    wins: Any,
    *,
    rules: RulesLike = "standard",
    columns: Optional[bool] = None,
    threads: Optional[int] = None,
) -> Any:
    """Score many wins at once, on every core (or ``threads``), with the GIL released.

    Args:
        wins: rows or columns, in the batch convention (:mod:`mahjong_fast.batch`):

            - rows: any iterable (a list, a generator: read once) of dicts with the
              keywords of :func:`score` (``hand``, ``win_tile``, ``melds``, ``self_draw``,
              ``seat_wind`` ...), each checked exactly as :func:`score` checks its
              arguments;
            - columns: a dict of arrays, an Arrow ``RecordBatch`` / ``Table`` or a
              pandas / polars ``DataFrame`` with the input columns the core declares
              (:data:`COLUMNS`; ``specs("score")`` gives dtypes, defaults and docs):
              ``hand`` (n × 14 136-ids, -1 pads), ``win`` (136-ids), ``meld_kind`` /
              ``meld_tile`` / ``meld_red`` (n × 4: codes of :data:`MELD_CODES`, lowest
              tile kind, red fives), ``flags`` (bits in the order of
              ``score_flag_names()``), ``winner``, ``dealer``, ``discarder`` (-1: the
              winner's left-hand player, ``(winner + n_players - 1) % n_players``, as
              :func:`score` takes it), ``pao`` (-1 none), ``round_wind`` (0-3), ``dora`` /
              ``ura`` (n × 5 tile kinds, -1 pads), ``honba``, ``riichi_sticks``, ``kita``,
              ``n_players``. Missing optional columns take their defaults; any memory
              order and any integer dtype whose values fit int32 is read (a value that
              does not fit raises, naming the column).
        rules: preset name, :class:`RuleSet`, dict or TOML path.
        columns: return a :class:`~mahjong_fast.batch.BatchResult` (named output columns
            and the error table) rather than a list. Defaults to True for columns and
            False for rows; columns cannot give a list.
        threads: None for every core, or a thread count.

    Returns:
        For rows without ``columns``: a list with a :class:`ScoreResult` or the
        :class:`MahjongError` (with ``.row``) of each win. Otherwise a
        :class:`~mahjong_fast.batch.BatchResult`: ``error`` (0 scored, 1 invalid hand,
        2 no yaku, 3 other), ``han``, ``fu``, ``yakuman``, ``dora``, ``ura``, ``aka``,
        ``kita``, ``limit`` (index into :data:`LIMITS`), ``base``, ``points``, ``deltas``
        (n × 4), ``yaku`` / ``yaku_han`` (n × 16 Tenhou ids and han, -1 pads), and
        ``.errors`` (row, kind, message) of the bad rows. A bad row never stops the
        others.

    Example:
        >>> out = score_many([{"hand": "123m456p789s23455s", "win_tile": "2s", "self_draw": True},
        ...                   {"hand": "234m456p789s33z", "win_tile": "3z", "melds": ["chi:678s"]}], rules="tenhou")
        >>> out[0].points, type(out[1]).__name__, out[1].row
        (1500, 'NoYakuError', 1)
        >>> r = score_many(wins_to_columns([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}, {"hand": "1m2m", "win": "3m"}]))
        >>> r["points"].tolist(), list(r.errors)[0][:2]
        ([1500, 0], (1, 'InvalidHandError'))
    """
    if columns is not None and not isinstance(columns, (bool, np.bool_)):
        raise argument_error("columns", f"columns must be None, True or False, got {type(columns).__name__}")
    rs = load_rules(rules)
    if _is_columns(wins):
        if columns is False:
            raise ArgumentError("columns=False: columnar input returns columns; score a sequence of dicts to get objects")
        cols_in, cols_out = specs("score"), specs("score", "output")
        n, cols = read_columns(wins, cols_in, what="score_many")

        def kernel(chunk: Dict[str, Any]) -> Any:
            values, (codes, messages) = score_columns(chunk, rs, threads)
            return values, ErrorTable.from_codes(codes, messages)

        return run_chunked(n, cols, cols_in, kernel, cols_out)
    if not columns:
        results: List[Union[ScoreResult, MahjongError]] = []
        for chunk in _row_chunks(wins):
            results.extend(score_list(chunk, rs, threads, len(results)))
        return results
    parts: List[Dict[str, Any]] = []
    tables = []
    start = 0
    for chunk in _row_chunks(wins):
        values, (codes, messages) = score_dicts(chunk, rs, threads)
        parts.append(values)
        tables.append((start, ErrorTable.from_codes(codes, messages)))
        start += len(chunk)
    if len(parts) == 1:
        return BatchResult(parts[0], tables[0][1])
    if not parts:
        parts.append(score_dicts([], rs, threads)[0])
    merged = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    return BatchResult(merged, ErrorTable.concat(tables))
