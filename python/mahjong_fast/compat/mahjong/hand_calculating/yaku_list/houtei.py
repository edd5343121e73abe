"""The ``mahjong`` package's module path of ``Houtei`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Houtei

__all__ = ["Houtei"]
