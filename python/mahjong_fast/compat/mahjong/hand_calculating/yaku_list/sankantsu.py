"""The ``mahjong`` package's module path of ``SanKantsu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import SanKantsu

__all__ = ["SanKantsu"]
