"""The ``mahjong`` package's module path of ``DaburuKokushiMusou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import DaburuKokushiMusou

__all__ = ["DaburuKokushiMusou"]
