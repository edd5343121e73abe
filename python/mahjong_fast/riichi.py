"""Riichi scoring: the high-level API.

:func:`score` scores one win; :func:`score_many` scores many (rows of :func:`score`'s
keywords, or columns in the batch convention of :mod:`mahjong_fast.batch`) on every
core with the GIL released. Results are
:class:`ScoreResult` objects (or columns); the rules are a :class:`RuleSet`, a preset
name, a dict of options or a TOML path.

Example:
    >>> from mahjong_fast import score
    >>> r = score("234567m234p22s", "6m", melds=["chi:678s"], rules="tenhou")
    >>> (r.han, r.fu, r.points, [y.key for y in r.yaku])
    (1, 30, 1000, ['tanyao'])
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Dict, Mapping, Optional, Union

from mahjong_fast._core import (
    InvalidHandError,
    Scorer,
    ScoreResult,
    YakuHan,
    meld_codes,
    score_flag_names,
    score_hand,
)
from mahjong_fast._lazy import lazy
from mahjong_fast.errors import argument_error
from mahjong_fast.results import NagashiPayments, PointsTable
from mahjong_fast.rules import RuleSet, load_rules

#: Score one win (the compiled function itself: no Python layer on the hot path).
score = score_hand

__all__ = ["score", "Scorer", "score_many", "points", "nagashi_mangan", "NagashiPayments", "wins_to_columns", "ScoreResult", "YakuHan", "PointsTable", "RulesLike",
           "COLUMNS", "LIMITS"]

# The batch calls live in riichi_batch (they need NumPy), loaded on first use.
__getattr__, __dir__ = lazy(
    globals(), {name: f"mahjong_fast.riichi_batch:{name}" for name in ("score_many", "wins_to_columns", "COLUMNS")}
)
if TYPE_CHECKING:
    from mahjong_fast.riichi_batch import COLUMNS, score_many, wins_to_columns
#: Meld kind codes of the ``meld_kind`` column: the one table of the core (``meld_codes()``;
#: the Taiwan batch uses it too), 0 an empty slot.
MELD_CODES: Dict[str, int] = {name: code for code, name in enumerate(meld_codes()) if code}
#: Limit codes of the ``limit`` output column.
LIMITS = ["", "mangan", "haneman", "baiman", "sanbaiman", "kazoe yakuman", "yakuman", "open riichi yakuman"]
_FLAGS = score_flag_names()

RulesLike = Union[None, str, RuleSet, Mapping[str, Any]]




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
    name = "self_draw" if self_draw is not None else "tsumo"
    drawn = _flag(name, self_draw if self_draw is not None else tsumo)
    return hand_points(han, fu, rules=load_rules(rules).core, dealer=_flag("dealer", dealer), self_draw=drawn)


def nagashi_mangan(
    winner: int, *, dealer: int = 0, n_players: int = 4, honba: int = 0, rules: RulesLike = "standard"
) -> NagashiPayments:
    """The payments of a nagashi mangan (流し満貫) by seat ``winner``: a mangan paid as
    by tsumo (4,000 from each player for the dealer, 2,000 / 4,000 for another seat),
    with the 3-player tsumo rule of ``rules``; honba only where the rules'
    ``nagashi_honba`` counts it as a win; riichi sticks stay on the table.

    Returns ``points``, ``honba_points``, ``tsumo_dealer``, ``tsumo_non_dealer`` and
    ``deltas`` (every seat's change).

    Example:
        >>> nagashi_mangan(1)["deltas"]
        [-4000, 8000, -2000, -2000]
        >>> nagashi_mangan(1, honba=2, rules={"nagashi_honba": True})["honba_points"]
        600
    """
    from mahjong_fast._core import nagashi_payments

    return nagashi_payments(winner, dealer=dealer, n_players=n_players, honba=honba, rules=load_rules(rules).core)


def _flag(name: str, value: Any) -> bool:
    """A yes/no argument: None, a bool (Python's or NumPy's), or 0 / 1."""
    if value is None:
        return False
    np = sys.modules.get("numpy")  # a NumPy value exists only once NumPy is imported
    bools, ints = ((bool, np.bool_), (int, np.integer)) if np else ((bool,), (int,))
    if isinstance(value, bools) or (isinstance(value, ints) and value in (0, 1)):
        return bool(value)
    raise argument_error(name, f"{name} must be True or False, got {type(value).__name__}")
