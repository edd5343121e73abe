"""The ``mahjong`` package's module path of ``Tenhou`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import Tenhou

__all__ = ["Tenhou"]
