"""The ``mahjong`` package's module path of ``KokushiMusou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import KokushiMusou

__all__ = ["KokushiMusou"]
