"""The ``mahjong`` package's module path of ``RoundWindWest`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import RoundWindWest

__all__ = ["RoundWindWest"]
