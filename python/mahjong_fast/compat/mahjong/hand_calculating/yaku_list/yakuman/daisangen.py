"""The ``mahjong`` package's module path of ``Daisangen`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Daisangen

__all__ = ["Daisangen"]
