"""The ``mahjong`` package's module path of ``ChuurenPoutou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import ChuurenPoutou

__all__ = ["ChuurenPoutou"]
