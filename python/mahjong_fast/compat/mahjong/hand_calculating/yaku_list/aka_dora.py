"""The ``mahjong`` package's module path of ``AkaDora`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import AkaDora

__all__ = ["AkaDora"]
