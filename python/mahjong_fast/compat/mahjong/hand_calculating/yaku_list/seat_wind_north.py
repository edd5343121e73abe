"""The ``mahjong`` package's module path of ``SeatWindNorth`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import SeatWindNorth

__all__ = ["SeatWindNorth"]
