"""The ``mahjong`` package's module path of ``SuuankouTanki`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list.yakuman import SuuankouTanki

__all__ = ["SuuankouTanki"]
