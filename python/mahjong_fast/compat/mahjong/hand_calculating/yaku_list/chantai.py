"""The ``mahjong`` package's module path of ``Chantai`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Chantai

__all__ = ["Chantai"]
