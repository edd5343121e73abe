"""The ``mahjong`` package's module path of ``Suukantsu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Suukantsu

__all__ = ["Suukantsu"]
