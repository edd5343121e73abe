"""The ``mahjong`` package's module path of ``RoundWindEast`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import RoundWindEast

__all__ = ["RoundWindEast"]
