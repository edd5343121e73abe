"""The ``mahjong`` package's module path of ``UraDora`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import UraDora

__all__ = ["UraDora"]
