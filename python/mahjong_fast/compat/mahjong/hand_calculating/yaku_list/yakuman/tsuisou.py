"""The ``mahjong`` package's module path of ``Tsuuiisou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Tsuuiisou

__all__ = ["Tsuuiisou"]
