"""The ``mahjong`` package's module path of ``Sashikomi`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Sashikomi

__all__ = ["Sashikomi"]
