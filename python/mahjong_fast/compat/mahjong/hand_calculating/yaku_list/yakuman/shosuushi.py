"""The ``mahjong`` package's module path of ``Shousuushii`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Shousuushii

__all__ = ["Shousuushii"]
