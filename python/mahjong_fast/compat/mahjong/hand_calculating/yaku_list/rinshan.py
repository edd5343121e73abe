"""The ``mahjong`` package's module path of ``Rinshan`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Rinshan

__all__ = ["Rinshan"]
