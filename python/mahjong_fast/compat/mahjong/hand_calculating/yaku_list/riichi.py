"""The ``mahjong`` package's module path of ``Riichi`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Riichi

__all__ = ["Riichi"]
