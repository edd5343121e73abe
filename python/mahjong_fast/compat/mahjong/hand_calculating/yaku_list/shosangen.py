"""The ``mahjong`` package's module path of ``Shosangen`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Shosangen

__all__ = ["Shosangen"]
