"""The ``mahjong`` package's module path of ``Chankan`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Chankan

__all__ = ["Chankan"]
