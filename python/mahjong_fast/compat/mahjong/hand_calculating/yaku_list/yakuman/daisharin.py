"""The ``mahjong`` package's module path of ``Daisharin`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Daisharin

__all__ = ["Daisharin"]
