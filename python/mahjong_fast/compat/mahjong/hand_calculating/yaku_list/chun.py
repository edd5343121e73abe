"""The ``mahjong`` package's module path of ``Chun`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Chun

__all__ = ["Chun"]
