"""Riichi scoring: the high-level API.

:func:`score` scores one win; :func:`score_many` scores many (a sequence of wins or
columnar NumPy arrays) on every core with the GIL released. Results are
:class:`ScoreResult` objects (or columns); the rules are a :class:`RuleSet`, a preset
name, a dict of options or a TOML path.

Example:
    >>> from mahjong_fast import score
    >>> r = score("234567m234p22s", "6m", melds=["chi:678s"], rules="tenhou")
    >>> (r.han, r.fu, r.points, [y.key for y in r.yaku])
    (1, 30, 1000, ['tanyao'])
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Mapping, Optional, Union

from mahjong_fast._core import (
    InvalidHandError,
    MahjongError,
    Meld,
    ScoreResult,
    YakuHan,
    parse_wind,
    score_columns,
    score_flag_names,
    score_hand,
    score_list,
    to_ids,
)
from mahjong_fast.results import PointsTable
from mahjong_fast.rules import RuleSet, load_rules

#: Score one win (the compiled function itself: no Python layer on the hot path).
score = score_hand

__all__ = ["score", "score_many", "points", "wins_to_columns", "ScoreResult", "YakuHan", "PointsTable", "RulesLike",
           "COLUMNS", "LIMITS"]

#: Input columns of the columnar batch: name -> width (1 = one value per row).
COLUMNS: Dict[str, int] = {
    "hand": 14,
    "win": 1,
    "meld_kind": 4,
    "meld_tile": 4,
    "meld_red": 4,
    "flags": 1,
    "winner": 1,
    "dealer": 1,
    "discarder": 1,
    "pao": 1,
    "round_wind": 1,
    "dora": 5,
    "ura": 5,
    "honba": 1,
    "riichi_sticks": 1,
    "kita": 1,
    "n_players": 1,
}
#: Defaults of columns a caller may leave out (-1 = none / padding).
_DEFAULTS = {"meld_kind": 0, "meld_tile": 0, "meld_red": 0, "flags": 0, "dealer": 0, "pao": -1,
             "round_wind": 0, "dora": -1, "ura": -1, "honba": 0, "riichi_sticks": 0, "kita": 0, "n_players": 4}
#: Meld kind codes of the ``meld_kind`` column.
MELD_CODES = {"chi": 1, "pon": 2, "daiminkan": 3, "kakan": 4, "ankan": 5}
#: Limit codes of the ``limit`` output column.
LIMITS = ["", "mangan", "haneman", "baiman", "sanbaiman", "kazoe yakuman", "yakuman"]
_FLAGS = score_flag_names()

RulesLike = Union[None, str, RuleSet, Mapping[str, Any]]




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
    import numpy as np

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
        if w.get("double_riichi"):
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
        out["discarder"][i] = (winner + n_players - 1) % n_players if d is None else int(d)
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
    return out


def _normalize_columns(columns: Any) -> Dict[str, Any]:
    import numpy as np

    if hasattr(columns, "column_names") and hasattr(columns, "column"):  # Arrow RecordBatch / Table
        src = {name: columns.column(name) for name in columns.column_names}
        src = {k: (v.to_numpy(zero_copy_only=False) if hasattr(v, "to_numpy") else v) for k, v in src.items()}
    else:
        src = dict(columns)
    unknown = sorted(set(src) - set(COLUMNS))
    if unknown:
        raise InvalidHandError(f"unknown column(s) {', '.join(unknown)} (known: {', '.join(COLUMNS)})")
    if "hand" not in src or "win" not in src:
        raise InvalidHandError("columns 'hand' and 'win' are required")
    win = np.ascontiguousarray(src["win"], dtype=np.int32).reshape(-1)
    n = len(win)
    out: Dict[str, Any] = {}
    for k, width in COLUMNS.items():
        if k in src:
            a = src[k]
            if a.dtype == object if hasattr(a, "dtype") else False:
                a = np.stack([np.asarray(x) for x in a])
            a = np.ascontiguousarray(a, dtype=np.int32)
            if k in ("winner", "dealer", "discarder", "pao", "honba", "riichi_sticks", "kita", "n_players", "round_wind", "flags") and a.ndim == 0:
                a = np.full(n, int(a), dtype=np.int32)
        elif k == "winner":
            raise InvalidHandError("column 'winner' is required")
        elif k == "discarder":
            a = (np.asarray(out["winner"]) + 3) % 4
            a = np.ascontiguousarray(a, dtype=np.int32)
        else:
            a = np.full((n, width) if width > 1 else (n,), _DEFAULTS[k], dtype=np.int32)
        want = (n, width) if width > 1 else (n,)
        if a.shape != want:
            if width > 1 and a.ndim == 2 and a.shape[0] == n and a.shape[1] < width:
                pad = np.full(want, -1 if k in ("hand", "dora", "ura") else 0, dtype=np.int32)
                pad[:, : a.shape[1]] = a
                a = pad
            else:
                raise InvalidHandError(f"column {k!r}: shape {a.shape}, expected {want}")
        out[k] = a
    return out


def score_many(
    wins: Any,
    *,
    rules: RulesLike = "standard",
    columns: Optional[bool] = None,
) -> Any:
    """Score many wins at once, on every core, with the GIL released.

    Args:
        wins: either a sequence of dicts with the keys of :func:`score` (``hand``,
            ``win``, ``melds``, context keys), or columns: a dict of NumPy arrays (or an
            Arrow record batch / table) with the names of :data:`COLUMNS` — ``hand``
            (n × 14 136-ids, -1 pads), ``win`` (136-ids), ``meld_kind`` / ``meld_tile`` /
            ``meld_red`` (n × 4; codes in ``MELD_CODES``, lowest tile kind, red fives),
            ``flags`` (bit mask in the order of ``score_flag_names()``), ``winner``,
            ``dealer``, ``discarder``, ``pao`` (-1 none), ``round_wind`` (0..3),
            ``dora`` / ``ura`` (n × 5 tile kinds, -1 pads), ``honba``, ``riichi_sticks``,
            ``kita``, ``n_players``. Missing optional columns take their defaults.
        rules: preset name, :class:`RuleSet`, dict or TOML path.
        columns: return columns (dict of NumPy arrays) instead of objects. Defaults to
            True for columnar input and False for a sequence of dicts.

    Returns:
        A list with a :class:`ScoreResult` or the :class:`MahjongError` of each win, or
        a dict of output columns: ``error`` (0 ok, 1 invalid hand, 2 no yaku), ``han``,
        ``fu``, ``yakuman``, ``dora``, ``ura``, ``aka``, ``kita``, ``limit`` (index into
        :data:`LIMITS`), ``base``, ``points``, ``deltas`` (n × 4), ``yaku`` / ``yaku_han``
        (n × 16 Tenhou ids and han, -1 pads) and ``errors`` [(row, kind, message)].
        The output columns of one call share one block of memory, which is reused by a
        later call once every array of this call (and every view of one) is gone; up
        to two blocks of at most 128 MiB stay allocated for that.

    Example:
        >>> out = score_many([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True},
        ...                   {"hand": "234m456p789s33z", "win": "3z", "melds": ["chi:678s"]}], rules="tenhou")
        >>> out[0].points, type(out[1]).__name__
        (1500, 'NoYakuError')
    """
    rs = load_rules(rules)
    is_columnar = isinstance(wins, Mapping) or (hasattr(wins, "column_names") and hasattr(wins, "column"))
    if is_columnar:
        out = score_columns(_normalize_columns(wins), rs)
        if columns is False:
            raise InvalidHandError("columnar input returns columns; score a list of dicts to get objects")
        return out
    results: List[Union[ScoreResult, MahjongError]] = score_list(wins, rs)
    if columns:
        return score_columns(_normalize_columns(wins_to_columns(wins)), rs)
    return results


def points(
    han: int,
    fu: int,
    *,
    dealer: bool = False,
    self_draw: Optional[bool] = None,
    rules: RulesLike = "standard",
    tsumo: Optional[bool] = None,
) -> PointsTable:
    """The point table: what ``han`` / ``fu`` pays under ``rules``.

    Returns ``base``, ``limit``, ``ron`` (the discarder's payment), ``tsumo_dealer``
    (the dealer's share, or each player's share for a dealer tsumo),
    ``tsumo_non_dealer`` and ``total`` (before honba and sticks). ``tsumo`` is the
    older name of ``self_draw`` (an alias; give one).

    Example:
        >>> points(4, 30)["ron"], points(4, 30, rules="shiima-2026")["ron"]
        (7700, 8000)
        >>> points(3, 30, self_draw=True)["tsumo_dealer"]
        2000
    """
    from mahjong_fast._core import hand_points

    if self_draw is not None and tsumo is not None:
        raise InvalidHandError("give self_draw or its alias tsumo, not both")
    drawn = bool(self_draw if self_draw is not None else tsumo)
    return hand_points(han, fu, rules=load_rules(rules).core, dealer=dealer, self_draw=drawn)
