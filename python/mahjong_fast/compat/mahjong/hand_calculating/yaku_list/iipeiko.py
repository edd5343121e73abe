"""The ``mahjong`` package's module path of ``Iipeiko`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Iipeiko

__all__ = ["Iipeiko"]
