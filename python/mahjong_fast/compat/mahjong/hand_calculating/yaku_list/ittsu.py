"""The ``mahjong`` package's module path of ``Ittsu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Ittsu

__all__ = ["Ittsu"]
