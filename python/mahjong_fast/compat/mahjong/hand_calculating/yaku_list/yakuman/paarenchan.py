"""The ``mahjong`` package's module path of ``Paarenchan`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Paarenchan

__all__ = ["Paarenchan"]
