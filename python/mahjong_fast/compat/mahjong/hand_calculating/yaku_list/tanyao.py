"""The ``mahjong`` package's module path of ``Tanyao`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Tanyao

__all__ = ["Tanyao"]
