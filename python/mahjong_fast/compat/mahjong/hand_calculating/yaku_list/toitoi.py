"""The ``mahjong`` package's module path of ``Toitoi`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Toitoi

__all__ = ["Toitoi"]
