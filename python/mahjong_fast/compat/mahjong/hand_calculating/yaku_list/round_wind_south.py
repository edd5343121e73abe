"""The ``mahjong`` package's module path of ``RoundWindSouth`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import RoundWindSouth

__all__ = ["RoundWindSouth"]
