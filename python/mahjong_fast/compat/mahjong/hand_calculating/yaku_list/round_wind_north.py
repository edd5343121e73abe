"""The ``mahjong`` package's module path of ``RoundWindNorth`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import RoundWindNorth

__all__ = ["RoundWindNorth"]
