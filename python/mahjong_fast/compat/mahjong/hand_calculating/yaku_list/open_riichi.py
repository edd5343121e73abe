"""The ``mahjong`` package's module path of ``OpenRiichi`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import OpenRiichi

__all__ = ["OpenRiichi"]
