"""``HandResponse``: what ``estimate_hand_value`` returns, with the ``mahjong`` package's
fields (``cost``, ``han``, ``fu``, ``fu_details``, ``yaku``, ``error``, ``is_open_hand``).

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_response import HandResponse
    >>> str(HandResponse(han=3, fu=30)), str(HandResponse(error="no_yaku"))
    ('3 han, 30 fu', 'no_yaku')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection, List, Optional

from mahjong_fast.compat.mahjong.hand_calculating.fu import FuDetail
from mahjong_fast.compat.mahjong.hand_calculating.yaku import Yaku

if TYPE_CHECKING:
    from mahjong_fast.compat.mahjong.hand_calculating.scores import ScoresResult

__all__ = ["HandResponse"]


class HandResponse:
    """A hand's value, or its ``error`` (then every other field is None). ``yaku`` is
    kept sorted by ``yaku_id``, ``fu_details`` by fu (largest first).

    Example:
        >>> from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Tanyao, Riichi
        >>> HandResponse(han=2, fu=30, yaku=[Tanyao(), Riichi()]).yaku
        [Riichi, Tanyao]
    """

    def __init__(
        self,
        cost: Optional[ScoresResult] = None,
        han: Optional[int] = None,
        fu: Optional[int] = None,
        yaku: Optional[Collection[Yaku]] = None,
        error: Optional[str] = None,
        fu_details: Optional[List[FuDetail]] = None,
        is_open_hand: bool = False,
    ) -> None:
        self.cost = cost
        self.han = han
        self.fu = fu
        self.error = error
        self.is_open_hand = is_open_hand
        self.fu_details = sorted(fu_details, key=lambda d: -d["fu"]) if fu_details else None
        self.yaku = sorted(yaku, key=lambda y: y.yaku_id) if yaku else None

    def __str__(self) -> str:
        return self.error if self.error else f"{self.han} han, {self.fu} fu"
