"""The ``mahjong`` package's module path of ``Daichisei`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Daichisei

__all__ = ["Daichisei"]
