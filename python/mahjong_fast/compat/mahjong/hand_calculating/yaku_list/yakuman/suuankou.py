"""The ``mahjong`` package's module path of ``Suuankou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Suuankou

__all__ = ["Suuankou"]
