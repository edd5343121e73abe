"""The ``mahjong`` package's module path of ``SeatWindEast`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import SeatWindEast

__all__ = ["SeatWindEast"]
