"""The ``mahjong`` package's module path of ``Chinitsu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Chinitsu

__all__ = ["Chinitsu"]
