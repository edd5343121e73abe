"""The ``mahjong`` package's module path of ``Tsumo`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Tsumo

__all__ = ["Tsumo"]
