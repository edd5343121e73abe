"""The ``mahjong`` package's module path of ``Sanankou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Sanankou

__all__ = ["Sanankou"]
