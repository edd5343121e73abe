"""The ``mahjong`` package's module path of ``RenhouYakuman`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import RenhouYakuman

__all__ = ["RenhouYakuman"]
