"""The ``mahjong`` package's module path of ``SeatWindWest`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import SeatWindWest

__all__ = ["SeatWindWest"]
