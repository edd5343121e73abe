"""The ``mahjong`` package's module path of ``Pinfu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Pinfu

__all__ = ["Pinfu"]
