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

from typing import Any, Mapping, Optional, Sequence, Union

from mahjong_fast._core import ScoreResult, YakuHan, score_hand
from mahjong_fast.rules import RuleSet, load_rules

__all__ = ["score", "ScoreResult", "YakuHan", "RulesLike"]

RulesLike = Union[None, str, RuleSet, Mapping[str, Any]]


def score(
    hand: Union[str, Sequence[int]],
    win: Union[None, str, int] = None,
    melds: Optional[Sequence[Any]] = None,
    *,
    rules: RulesLike = "standard",
    **context: Any,
) -> ScoreResult:
    """Score a riichi win.

    Args:
        hand: the concealed tiles (mpsz text or 136-ids), with or without the winning
            tile; without ``win``, the last tile written is the winning tile.
        win: the winning tile (mpsz or 136-id).
        melds: ``Meld`` objects or text like ``"pon:555z"``, ``"chi:340m"``,
            ``"ankan:1111s"``.
        rules: a preset name (``standard``, ``tenhou``, ``shiima-2025``,
            ``shiima-2026``), a :class:`RuleSet`, a dict of options or a TOML path.
        **context: ``tsumo``, ``riichi``, ``double_riichi``, ``ippatsu``, ``haitei``,
            ``houtei``, ``rinshan``, ``chankan``, ``tenhou``, ``chiihou``, ``renhou``;
            ``seat_wind`` / ``round_wind`` ("E", "S", "W", "N"; the winner is South,
            a non-dealer, unless told), or explicit seats ``winner``, ``dealer``,
            ``discarder``, ``pao``; ``dora`` and ``ura`` indicators (mpsz text or ids);
            ``honba``, ``riichi_sticks``, ``kita`` (3-player north tiles) and
            ``n_players``.

    Returns:
        ScoreResult with yaku, han, fu (itemized), limit, base points, payments and
        every seat's score change.

    Raises:
        NoYakuError: the hand is complete but has no yaku.
        InvalidHandError: the tiles are not a winning hand or the context contradicts itself.

    Example:
        >>> r = score("111m456p789s11z", "1z", melds=["pon:777z"], seat_wind="E", dora="6z")
        >>> r.limit, r.points, r.deltas
        ('mangan', 12000, [12000, -12000, 0, 0])
    """
    rs = load_rules(rules)
    return score_hand(hand, win, melds, rules=rs.core, **context)
