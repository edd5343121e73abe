"""The ``mahjong`` package's module path of ``DaburuChuurenPoutou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import DaburuChuurenPoutou

__all__ = ["DaburuChuurenPoutou"]
