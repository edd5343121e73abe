"""The ``mahjong`` package's module path of ``Honroto`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Honroto

__all__ = ["Honroto"]
