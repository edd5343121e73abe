"""The ``mahjong`` package's module path of ``Hatsu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Hatsu

__all__ = ["Hatsu"]
