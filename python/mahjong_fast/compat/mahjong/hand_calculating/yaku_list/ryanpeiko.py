"""The ``mahjong`` package's module path of ``Ryanpeikou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Ryanpeikou

__all__ = ["Ryanpeikou"]
