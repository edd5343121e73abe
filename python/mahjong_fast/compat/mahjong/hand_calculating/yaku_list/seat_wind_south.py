"""The ``mahjong`` package's module path of ``SeatWindSouth`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import SeatWindSouth

__all__ = ["SeatWindSouth"]
