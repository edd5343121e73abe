"""The ``mahjong`` package's module path of ``DaburuRiichi`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import DaburuRiichi

__all__ = ["DaburuRiichi"]
