"""The ``mahjong`` package's module path of ``Ippatsu`` (declared in ``hand_calculating/yaku.py``)."""

from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Ippatsu

__all__ = ["Ippatsu"]
