"""The ``mahjong`` package's module path of ``Renhou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Renhou

__all__ = ["Renhou"]
