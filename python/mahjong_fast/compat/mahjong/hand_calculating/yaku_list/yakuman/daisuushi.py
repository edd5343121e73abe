"""The ``mahjong`` package's module path of ``DaiSuushii`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import DaiSuushii

__all__ = ["DaiSuushii"]
