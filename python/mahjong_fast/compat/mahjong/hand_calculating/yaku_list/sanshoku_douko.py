"""The ``mahjong`` package's module path of ``SanshokuDoukou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import SanshokuDoukou

__all__ = ["SanshokuDoukou"]
