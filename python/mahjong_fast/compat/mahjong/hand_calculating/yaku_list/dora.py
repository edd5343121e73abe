"""The ``mahjong`` package's module path of ``Dora`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Dora

__all__ = ["Dora"]
