"""The ``mahjong`` package's module path of ``Honitsu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Honitsu

__all__ = ["Honitsu"]
