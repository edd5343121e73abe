"""The ``mahjong`` package's module path of ``DaburuOpenRiichi`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import DaburuOpenRiichi

__all__ = ["DaburuOpenRiichi"]
