"""Agari (a complete hand) of the ``mahjong`` package's interface, decided by mahjong_fast.

Example:
    >>> from mahjong_fast.compat.mahjong.agari import Agari
    >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
    >>> Agari.is_agari(TilesConverter.string_to_34_array(man="123456789", pin="11", sou="123"))
    True
"""

from __future__ import annotations

from typing import Collection, Optional, Sequence

from mahjong_fast import MahjongError, from_counts, is_agari

__all__ = ["Agari"]


class Agari:
    """Is a hand complete?

    Example:
        >>> Agari.is_agari([3] + [0] * 33)
        False
    """

    @staticmethod
    def is_agari(tiles_34: Sequence[int], open_sets_34: Optional[Collection[Sequence[int]]] = None) -> bool:
        """True when the counts (called sets included, given again in ``open_sets_34``
        as 34-format kinds) form a complete hand; a count the core refuses (not 3n + 2
        tiles) is not complete.

        Example:
            >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
            >>> tiles = TilesConverter.string_to_34_array(man="123456", pin="11", honors="555777")
            >>> Agari.is_agari(tiles, [[31, 31, 31]])
            True
        """
        counts = list(tiles_34)
        for meld in open_sets_34 or ():
            for k in meld[:4]:
                counts[k] -= 1
        if min(counts) < 0:
            return False
        try:
            return is_agari(from_counts(counts))
        except MahjongError:
            return False
