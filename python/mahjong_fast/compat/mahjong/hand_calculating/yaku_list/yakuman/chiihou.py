"""The ``mahjong`` package's module path of ``Chiihou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Chiihou

__all__ = ["Chiihou"]
