"""The ``mahjong`` package's module path of ``NagashiMangan`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import NagashiMangan

__all__ = ["NagashiMangan"]
