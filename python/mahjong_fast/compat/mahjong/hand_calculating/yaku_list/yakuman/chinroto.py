"""The ``mahjong`` package's module path of ``Chinroutou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Chinroutou

__all__ = ["Chinroutou"]
