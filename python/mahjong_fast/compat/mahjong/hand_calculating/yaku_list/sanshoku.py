"""The ``mahjong`` package's module path of ``Sanshoku`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Sanshoku

__all__ = ["Sanshoku"]
