"""The ``mahjong`` package's module path of ``Haku`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Haku

__all__ = ["Haku"]
