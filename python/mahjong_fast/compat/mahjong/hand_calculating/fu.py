"""Fu breakdown items of the ``mahjong`` package: ``FuDetail`` dicts and the reason names.

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.fu import FuCalculator, FuDetail
    >>> FuDetail(fu=2, reason=FuCalculator.KANCHAN)
    {'fu': 2, 'reason': 'kanchan'}
"""

from __future__ import annotations

from typing import TypedDict

__all__ = ["FuDetail", "FuCalculator"]


class FuDetail(TypedDict):
    """One line of a fu breakdown: its fu and a reason (one of ``FuCalculator``'s names).

    Example:
        >>> FuDetail(fu=25, reason="base")["fu"]
        25
    """

    fu: int
    reason: str


class FuCalculator:
    """The reason names of fu breakdowns. The fu themselves come from mahjong_fast's scorer
    (``HandResponse.fu_details``); this class computes nothing.

    Example:
        >>> FuCalculator.BASE, FuCalculator.OPEN_TERMINAL_PON
        ('base', 'open_terminal_pon')
    """

    BASE = "base"
    PENCHAN = "penchan"
    KANCHAN = "kanchan"
    VALUED_PAIR = "valued_pair"
    DOUBLE_VALUED_PAIR = "double_valued_pair"
    PAIR_WAIT = "pair_wait"
    TSUMO = "tsumo"
    HAND_WITHOUT_FU = "hand_without_fu"
    CLOSED_PON = "closed_pon"
    OPEN_PON = "open_pon"
    CLOSED_TERMINAL_PON = "closed_terminal_pon"
    OPEN_TERMINAL_PON = "open_terminal_pon"
    CLOSED_KAN = "closed_kan"
    OPEN_KAN = "open_kan"
    CLOSED_TERMINAL_KAN = "closed_terminal_kan"
    OPEN_TERMINAL_KAN = "open_terminal_kan"
