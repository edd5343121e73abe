"""The ``mahjong`` package's module path of ``Chiitoitsu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Chiitoitsu

__all__ = ["Chiitoitsu"]
