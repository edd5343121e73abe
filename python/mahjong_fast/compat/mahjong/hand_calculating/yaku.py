"""Yaku objects of the ``mahjong`` package's interface: the same classes and attributes
(``yaku_id``, ``name``, ``han_open``, ``han_closed``, ``is_yakuman``, plus ``tenhou_id``
and the core's ``key``), one table declaring them all.

The objects describe what the core found; they do not test hands themselves
(``is_condition_met`` is the core scorer's job here).

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Iipeiko
    >>> y = Iipeiko()
    >>> y.yaku_id, y.han_open, y.han_closed, y.is_yakuman, str(y)
    (14, 0, 1, False, 'Iipeiko')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Dict, List, NamedTuple, Optional, Type

__all__ = ["Yaku", "YakuSpec", "YAKU_SPECS"]


class YakuSpec(NamedTuple):
    """One yaku of the ``mahjong`` package: its class and attribute names, ids, han, and
    the mahjong_fast key it is read from (None: no counterpart in the core).

    Example:
        >>> YAKU_SPECS[0].cls, YAKU_SPECS[0].key
        ('Tsumo', 'menzen_tsumo')
    """

    cls: str
    attr: str
    yaku_id: int
    name: str
    han_open: int
    han_closed: int
    is_yakuman: bool
    key: Optional[str]
    tenhou_id: Optional[int]


def _s(
    cls: str,
    attr: str,
    yaku_id: int,
    name: str,
    han_open: int,
    han_closed: int,
    key: Optional[str],
    tenhou_id: Optional[int],
    yakuman: bool = False,
) -> YakuSpec:
    return YakuSpec(cls, attr, yaku_id, name, han_open, han_closed, yakuman, key, tenhou_id)


# Ids, names and han as the mahjong package (2.x) declares them; keys are the core's.
YAKU_SPECS: List[YakuSpec] = [
    _s("Tsumo", "tsumo", 0, "Menzen Tsumo", 0, 1, "menzen_tsumo", 0),
    _s("Riichi", "riichi", 1, "Riichi", 0, 1, "riichi", 1),
    _s("OpenRiichi", "open_riichi", 2, "Open Riichi", 0, 2, "open_riichi", 59),
    _s("Ippatsu", "ippatsu", 3, "Ippatsu", 0, 1, "ippatsu", 2),
    _s("Chankan", "chankan", 4, "Chankan", 1, 1, "chankan", 3),
    _s("Rinshan", "rinshan", 5, "Rinshan Kaihou", 1, 1, "rinshan", 4),
    _s("Haitei", "haitei", 6, "Haitei Raoyue", 1, 1, "haitei", 5),
    _s("Houtei", "houtei", 7, "Houtei Raoyui", 1, 1, "houtei", 6),
    _s("DaburuRiichi", "daburu_riichi", 8, "Double Riichi", 0, 2, "double_riichi", 21),
    _s("DaburuOpenRiichi", "daburu_open_riichi", 9, "Double Open Riichi", 0, 3, "double_open_riichi", 60),
    _s("NagashiMangan", "nagashi_mangan", 10, "Nagashi Mangan", 5, 5, None, None),
    _s("Renhou", "renhou", 11, "Renhou", 0, 5, "renhou", 36),
    _s("Pinfu", "pinfu", 12, "Pinfu", 0, 1, "pinfu", 7),
    _s("Tanyao", "tanyao", 13, "Tanyao", 1, 1, "tanyao", 8),
    _s("Iipeiko", "iipeiko", 14, "Iipeiko", 0, 1, "iipeikou", 9),
    _s("Haku", "haku", 15, "Yakuhai (haku)", 1, 1, "haku", 18),
    _s("Hatsu", "hatsu", 16, "Yakuhai (hatsu)", 1, 1, "hatsu", 19),
    _s("Chun", "chun", 17, "Yakuhai (chun)", 1, 1, "chun", 20),
    _s("SeatWindEast", "seat_wind_east", 18, "Yakuhai (seat wind east)", 1, 1, "seat_wind_east", 10),
    _s("SeatWindSouth", "seat_wind_south", 19, "Yakuhai (seat wind south)", 1, 1, "seat_wind_south", 11),
    _s("SeatWindWest", "seat_wind_west", 20, "Yakuhai (seat wind west)", 1, 1, "seat_wind_west", 12),
    _s("SeatWindNorth", "seat_wind_north", 21, "Yakuhai (seat wind north)", 1, 1, "seat_wind_north", 13),
    _s("RoundWindEast", "round_wind_east", 22, "Yakuhai (round wind east)", 1, 1, "round_wind_east", 14),
    _s("RoundWindSouth", "round_wind_south", 23, "Yakuhai (round wind south)", 1, 1, "round_wind_south", 15),
    _s("RoundWindWest", "round_wind_west", 24, "Yakuhai (round wind west)", 1, 1, "round_wind_west", 16),
    _s("RoundWindNorth", "round_wind_north", 25, "Yakuhai (round wind north)", 1, 1, "round_wind_north", 17),
    _s("Sanshoku", "sanshoku", 26, "Sanshoku Doujun", 1, 2, "sanshoku", 25),
    _s("Ittsu", "ittsu", 27, "Ittsu", 1, 2, "ittsu", 24),
    _s("Chantai", "chantai", 28, "Chantai", 1, 2, "chanta", 23),
    _s("Honroto", "honroto", 29, "Honroutou", 2, 2, "honroutou", 31),
    _s("Toitoi", "toitoi", 30, "Toitoi", 2, 2, "toitoi", 28),
    _s("Sanankou", "sanankou", 31, "San Ankou", 2, 2, "sanankou", 29),
    _s("SanKantsu", "sankantsu", 32, "San Kantsu", 2, 2, "sankantsu", 27),
    _s("SanshokuDoukou", "sanshoku_douko", 33, "Sanshoku Doukou", 2, 2, "sanshoku_doukou", 26),
    _s("Chiitoitsu", "chiitoitsu", 34, "Chiitoitsu", 0, 2, "chiitoitsu", 22),
    _s("Shosangen", "shosangen", 35, "Shou Sangen", 2, 2, "shousangen", 30),
    _s("Honitsu", "honitsu", 36, "Honitsu", 2, 3, "honitsu", 34),
    _s("Junchan", "junchan", 37, "Junchan", 2, 3, "junchan", 33),
    _s("Ryanpeikou", "ryanpeiko", 38, "Ryanpeikou", 0, 3, "ryanpeikou", 32),
    _s("Chinitsu", "chinitsu", 39, "Chinitsu", 5, 6, "chinitsu", 35),
    _s("KokushiMusou", "kokushi", 100, "Kokushi Musou", 0, 13, "kokushi", 47, True),
    _s("ChuurenPoutou", "chuuren_poutou", 101, "Chuuren Poutou", 0, 13, "chuuren", 45, True),
    _s("Suuankou", "suuankou", 102, "Suu Ankou", 0, 13, "suuankou", 40, True),
    _s("Daisangen", "daisangen", 103, "Daisangen", 13, 13, "daisangen", 39, True),
    _s("Shousuushii", "shosuushi", 104, "Shousuushii", 13, 13, "shousuushii", 50, True),
    _s("Ryuuiisou", "ryuisou", 105, "Ryuuiisou", 13, 13, "ryuuiisou", 43, True),
    _s("Suukantsu", "suukantsu", 106, "Suu Kantsu", 13, 13, "suukantsu", 51, True),
    _s("Tsuuiisou", "tsuisou", 107, "Tsuu Iisou", 13, 13, "tsuuiisou", 42, True),
    _s("Chinroutou", "chinroto", 108, "Chinroutou", 13, 13, "chinroutou", 44, True),
    _s("Daisharin", "daisharin", 109, "Daisharin", 0, 13, "daisharin", None, True),
    _s("Daichisei", "daichisei", 110, "Daichisei", 0, 13, "daichisei", None, True),
    _s("DaiSuushii", "daisuushi", 111, "Dai Suushii", 26, 26, "daisuushii", 49, True),
    _s("DaburuKokushiMusou", "daburu_kokushi", 112, "Kokushi Musou Juusanmen Matchi", 0, 26, "kokushi_13", 48, True),
    _s("SuuankouTanki", "suuankou_tanki", 113, "Suu Ankou Tanki", 0, 26, "suuankou_tanki", 41, True),
    _s("DaburuChuurenPoutou", "daburu_chuuren_poutou", 114, "Daburu Chuuren Poutou", 0, 26, "junsei_chuuren", 46, True),
    _s("Tenhou", "tenhou", 115, "Tenhou", 0, 13, "tenhou", 37, True),
    _s("Chiihou", "chiihou", 116, "Chiihou", 0, 13, "chiihou", 38, True),
    _s("RenhouYakuman", "renhou_yakuman", 117, "Renhou (yakuman)", 0, 13, "renhou", 36, True),
    _s("Sashikomi", "sashikomi", 118, "Sashikomi", 0, 13, None, None, True),
    _s("Paarenchan", "paarenchan", 119, "Paarenchan", 13, 13, "paarenchan", None, True),
    _s("Dora", "dora", 120, "Dora", 1, 1, "dora", 52),
    _s("AkaDora", "aka_dora", 121, "Aka Dora", 1, 1, "aka_dora", 54),
    _s("UraDora", "ura_dora", 122, "Ura Dora", 0, 1, "ura_dora", 53),
]


class Yaku(ABC):
    """A yaku as the ``mahjong`` package shows it (abstract, as there: a subclass names
    ``is_condition_met``). Two yaku are equal when they are the same yaku
    (``yaku_id``), whatever han a response gave them.

    Example:
        >>> from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Riichi, Tanyao
        >>> Riichi() == Riichi(), Riichi() == Tanyao(), repr(Tanyao())
        (True, False, 'Tanyao')
    """

    yaku_id: int
    name: str
    han_open: int = 0
    han_closed: int = 0
    is_yakuman: bool = False
    tenhou_id: Optional[int] = None
    key: Optional[str] = None

    # Dora entries show their count ("Dora 2"), as the mahjong package prints them.
    shows_count: bool = False

    def __str__(self) -> str:
        return f"{self.name} {self.han_closed}" if self.shows_count else self.name

    def __repr__(self) -> str:
        return str(self)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        # A YakuConfig's yaku report a changed han to it, so a calculator need not scan them.
        owner = self.__dict__.get("_owner")
        if owner is not None and name in ("han_open", "han_closed"):
            owner._changed.add(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Yaku) and other.yaku_id == self.yaku_id

    def __hash__(self) -> int:
        return hash(("yaku", self.yaku_id))

    @abstractmethod
    def is_condition_met(self, hand: Any, *args: Any, **kwargs: Any) -> bool:
        """Whether a reading of a hand has this yaku (not available here: see
        ``_not_tested``)."""


def _not_tested(self: Yaku, hand: Any, *args: Any, **kwargs: Any) -> bool:
    """Not available: the core scorer decides which yaku a hand has
    (``HandCalculator.estimate_hand_value``).

    Example:
        >>> from mahjong_fast.compat.mahjong.hand_calculating.yaku_list import Tanyao
        >>> Tanyao().is_condition_met([[1, 2, 3]])
        Traceback (most recent call last):
        ...
        NotImplementedError: Tanyao: yaku conditions are decided by mahjong_fast's scorer; use HandCalculator.estimate_hand_value
    """
    raise NotImplementedError(
        f"{self.name}: yaku conditions are decided by mahjong_fast's scorer; use HandCalculator.estimate_hand_value"
    )


def _set_paarenchan_count(self: Yaku, count: int) -> None:
    """Paarenchan's count of consecutive dealer wins (its name shows it; 13 han each)."""
    self.count = count
    self.han_open = self.han_closed = 13 * count


def make_yaku_classes(module: str, yakuman: bool) -> Dict[str, Type[Yaku]]:
    """The yaku classes of one ``mahjong`` module (``yaku_list`` or its ``yakuman``),
    each with a docstring example of its values.

    Example:
        >>> make_yaku_classes("example", True)["Tenhou"]().han_closed
        13
    """
    out: Dict[str, Type[Yaku]] = {}
    for s in YAKU_SPECS:
        if s.is_yakuman != yakuman:
            continue
        doc = (
            f"{s.name} (yaku_id {s.yaku_id}; {s.han_closed} han closed, {s.han_open} open).\n\n"
            f"Example:\n    >>> {s.cls}().han_closed, {s.cls}().han_open\n    ({s.han_closed}, {s.han_open})\n"
        )
        attrs = dict(
            __module__=module,
            __doc__=doc,
            yaku_id=s.yaku_id,
            name=s.name,
            han_open=s.han_open,
            han_closed=s.han_closed,
            is_yakuman=s.is_yakuman,
            tenhou_id=s.tenhou_id,
            key=s.key,
            shows_count=s.key in ("dora", "aka_dora", "ura_dora"),
            is_condition_met=_not_tested,
        )
        if s.cls == "Paarenchan":
            attrs.update(count=0, set_paarenchan_count=_set_paarenchan_count, __str__=lambda y: f"{y.name} {y.count}")
        out[s.cls] = type(s.cls, (Yaku,), attrs)
    return out
