"""The ``mahjong`` package's module path of ``Ryuuiisou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Ryuuiisou

__all__ = ["Ryuuiisou"]
