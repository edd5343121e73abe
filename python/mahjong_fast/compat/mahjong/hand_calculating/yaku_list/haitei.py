"""The ``mahjong`` package's module path of ``Haitei`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Haitei

__all__ = ["Haitei"]
