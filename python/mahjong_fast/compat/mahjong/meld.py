"""Melds of the ``mahjong`` package: type, 136-ids, open or closed, the called tile.

Example:
    >>> from mahjong_fast.compat.mahjong.meld import Meld
    >>> m = Meld(meld_type=Meld.PON, tiles=[0, 1, 2])
    >>> m.type, m.tiles, m.opened, m.tiles_34
    ('pon', (0, 1, 2), True, [0, 0, 0])
"""

from __future__ import annotations

from typing import List, Optional, Sequence

from mahjong_fast.compat.mahjong.tile import TilesConverter

__all__ = ["Meld"]


class Meld:
    """A declared meld. ``KAN`` with ``opened=False`` is a closed kan, ``SHOUMINKAN`` an
    added kan; ``NUKI`` (a north set aside) is not counted as a meld by the scorer.

    Example:
        >>> Meld(meld_type=Meld.CHI, tiles=[0, 4, 8])
        Type: chi, Tiles: 123m (0, 4, 8)
    """

    CHI = "chi"
    PON = "pon"
    KAN = "kan"
    SHOUMINKAN = "shouminkan"
    NUKI = "nuki"

    def __init__(
        self,
        meld_type: Optional[str] = None,
        tiles: Optional[Sequence[int]] = None,
        opened: bool = True,
        called_tile: Optional[int] = None,
        who: Optional[int] = None,
        from_who: Optional[int] = None,
    ) -> None:
        self.type = meld_type
        self.tiles = tuple(tiles) if tiles else ()
        self.opened = opened
        self.called_tile = called_tile
        self.who = who
        self.from_who = from_who

    @property
    def tiles_34(self) -> List[int]:
        """The tiles as 34-format kinds.

        Example:
            >>> Meld(Meld.KAN, [132, 133, 134, 135], opened=False).tiles_34
            [33, 33, 33, 33]
        """
        return [t // 4 for t in self.tiles]

    def __str__(self) -> str:
        return f"Type: {self.type}, Tiles: {TilesConverter.to_one_line_string(self.tiles)} {self.tiles}"

    __repr__ = __str__
