"""The yakuman classes of the ``mahjong`` package's ``yaku_list.yakuman`` (declared in
``hand_calculating/yaku.py``).

Example:
    >>> ChuurenPoutou().yaku_id
    101
"""

from mahjong_fast.compat.mahjong.hand_calculating.yaku import make_yaku_classes

_CLASSES = make_yaku_classes(__name__, yakuman=True)

KokushiMusou = _CLASSES["KokushiMusou"]
ChuurenPoutou = _CLASSES["ChuurenPoutou"]
Suuankou = _CLASSES["Suuankou"]
Daisangen = _CLASSES["Daisangen"]
Shousuushii = _CLASSES["Shousuushii"]
Ryuuiisou = _CLASSES["Ryuuiisou"]
Suukantsu = _CLASSES["Suukantsu"]
Tsuuiisou = _CLASSES["Tsuuiisou"]
Chinroutou = _CLASSES["Chinroutou"]
Daisharin = _CLASSES["Daisharin"]
Daichisei = _CLASSES["Daichisei"]
DaiSuushii = _CLASSES["DaiSuushii"]
DaburuKokushiMusou = _CLASSES["DaburuKokushiMusou"]
SuuankouTanki = _CLASSES["SuuankouTanki"]
DaburuChuurenPoutou = _CLASSES["DaburuChuurenPoutou"]
Tenhou = _CLASSES["Tenhou"]
Chiihou = _CLASSES["Chiihou"]
RenhouYakuman = _CLASSES["RenhouYakuman"]
Sashikomi = _CLASSES["Sashikomi"]
Paarenchan = _CLASSES["Paarenchan"]

__all__ = [
    "KokushiMusou",
    "ChuurenPoutou",
    "Suuankou",
    "Daisangen",
    "Shousuushii",
    "Ryuuiisou",
    "Suukantsu",
    "Tsuuiisou",
    "Chinroutou",
    "Daisharin",
    "Daichisei",
    "DaiSuushii",
    "DaburuKokushiMusou",
    "SuuankouTanki",
    "DaburuChuurenPoutou",
    "Tenhou",
    "Chiihou",
    "RenhouYakuman",
    "Sashikomi",
    "Paarenchan",
]
