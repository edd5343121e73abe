"""``YakuConfig`` (one object of every yaku, by the ``mahjong`` package's attribute names)
and ``YAKU_ID_TO_TENHOU_ID``.

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID, YakuConfig
    >>> YakuConfig().riichi.name, YAKU_ID_TO_TENHOU_ID[1]
    ('Riichi', 1)
"""

from __future__ import annotations

from typing import Dict, Set

from mahjong_fast.compat.mahjong.hand_calculating import yaku_list
from mahjong_fast.compat.mahjong.hand_calculating.yaku import YAKU_SPECS, Yaku
from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import yakuman

__all__ = ["YakuConfig", "YAKU_ID_TO_TENHOU_ID"]

# The renhou yakuman shares Tenhou's renhou id; the mahjong package's table lists the yaku only.
YAKU_ID_TO_TENHOU_ID: Dict[int, int] = {
    s.yaku_id: s.tenhou_id for s in YAKU_SPECS if s.tenhou_id is not None and s.cls != "RenhouYakuman"
}


def yaku_class(name: str) -> type:
    """A yaku class by its class name (either module).

    Example:
        >>> yaku_class("Tanyao")().yaku_id
        13
    """
    return getattr(yaku_list, name, None) or getattr(yakuman, name)


class YakuConfig:
    """One instance of every yaku, named as in the ``mahjong`` package (``tsumo``,
    ``riichi``, ``daburu_kokushi``, ``dora``...). Compare response yaku with them:
    ``config.yaku.riichi in result.yaku``.

    Example:
        >>> YakuConfig().daburu_kokushi.han_closed
        26
    """

    def __init__(self) -> None:
        self._changed: Set[Yaku] = set()  # yaku whose han was changed (see Yaku.__setattr__)
        for s in YAKU_SPECS:
            y = yaku_class(s.cls)()
            object.__setattr__(y, "_owner", self)
            setattr(self, s.attr, y)

    def __getattr__(self, name: str) -> Yaku:  # for type checkers: attributes are set in __init__
        raise AttributeError(name)
