"""``HandDivider.divide_hand`` of the ``mahjong`` package: every reading of a complete
hand as lists of 34-format blocks, from mahjong_fast's ``decompose``.

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.divider import HandDivider
    >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
    >>> HandDivider.divide_hand(TilesConverter.one_line_string_to_34_array("234567m23455s777z"))
    [[[1, 2, 3], [4, 5, 6], [19, 20, 21], [22, 22], [33, 33, 33]]]
"""

from __future__ import annotations

from typing import Collection, List, Optional, Sequence

from mahjong_fast import MahjongError, decompose, from_counts
from mahjong_fast.compat.mahjong.meld import Meld

__all__ = ["HandDivider"]


def _block(text: str) -> List[int]:
    """34-format kinds of a group or pair written in mpsz ("123m", "99p", "777z")."""
    base = "mpsz".index(text[-1]) * 9
    return [base + int(d) - 1 for d in text[:-1]]


class HandDivider:
    """Readings of complete hands.

    Example:
        >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
        >>> len(HandDivider.divide_hand(TilesConverter.one_line_string_to_34_array("11223344556677m")))
        4
    """

    @staticmethod
    def divide_hand(tiles_34: Sequence[int], melds: Optional[Collection[Meld]] = None) -> List[List[List[int]]]:
        """Every reading (sets and a pair, or seven pairs) of ``tiles_34`` (called tiles
        included; each meld is one fixed block), blocks and readings sorted; [] when the
        hand is not complete.

        Example:
            >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
            >>> HandDivider.divide_hand(TilesConverter.one_line_string_to_34_array("11122233388899m"))
            [[[0, 0, 0], [1, 1, 1], [2, 2, 2], [7, 7, 7], [8, 8]], [[0, 1, 2], [0, 1, 2], [0, 1, 2], [7, 7, 7], [8, 8]]]
        """
        if len(tiles_34) != 34 or any(not 0 <= c <= 4 for c in tiles_34):
            return []
        counts = list(tiles_34)
        fixed = [sorted(m.tiles_34) for m in melds or ()]
        for block in fixed:
            for k in block[:3]:
                counts[k] -= 1
            for k in block[3:]:
                counts[k] -= 1
        if min(counts) < 0 or sum(counts) % 3 != 2:
            return []
        try:
            readings = decompose(from_counts(counts), n_sets=sum(counts) // 3)
        except MahjongError:
            return []
        out: List[List[List[int]]] = []
        for r in readings:
            if r["form"] == "standard":
                blocks = [_block(g) for g in r["groups"]] + [_block(r["pair"])]
            elif r["form"] == "chiitoitsu":
                blocks = [[k, k] for k, c in enumerate(counts) if c == 2]
            else:
                continue
            out.append(sorted(blocks + fixed))
        return sorted(out)
