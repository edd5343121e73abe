"""The ``mahjong`` package's module path of ``Junchan`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Junchan

__all__ = ["Junchan"]
