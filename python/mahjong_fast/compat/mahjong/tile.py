"""Tile notations of the ``mahjong`` package: 136-ids, 34-format counts and per-suit
digit strings.

Example:
    >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
    >>> TilesConverter.one_line_string_to_136_array("123m456s")
    [0, 4, 8, 84, 88, 92]
    >>> TilesConverter.to_one_line_string([0, 4, 8, 84, 88, 92])
    '123m456s'
"""

from __future__ import annotations

from typing import Any, Collection, Dict, List, Optional, Sequence

from mahjong_fast.compat.mahjong.constants import AKA_DORAS

__all__ = ["Tile", "TilesConverter"]

# Suit letters of one-line strings and the first 136-id of each suit ("h" is an alias of "z").
_SUIT_BASE = {"m": 0, "p": 36, "s": 72, "z": 108, "h": 108}
_RED_OF_BASE = {0: 16, 36: 52, 72: 88}


class Tile:
    """A discarded tile record: its value and whether it was discarded right after the draw.

    Example:
        >>> t = Tile(12, True)
        >>> t.value, t.is_tsumogiri
        (12, True)
    """

    def __init__(self, value: Any, is_tsumogiri: Any) -> None:
        self.value = value
        self.is_tsumogiri = is_tsumogiri


def _ids_of_digits(digits: Optional[str], base: int, red: bool) -> List[int]:
    """136-ids of one suit's digits: each copy takes the next free id of its kind; with
    ``red``, ``0`` and ``r`` are the red five and a plain ``5`` skips the red id."""
    if not digits:
        return []
    used: Dict[int, int] = {}
    red_id = _RED_OF_BASE.get(base) if red else None
    out: List[int] = []
    for ch in digits:
        if red_id is not None and ch in "0r":
            out.append(red_id)
            continue
        first = base + (int(ch) - 1) * 4
        if red_id is not None and first == red_id:
            first += 1
        n = used.get(first, 0)
        used[first] = n + 1
        out.append(first + n)
    return out


class TilesConverter:
    """Conversions between 136-ids, 34-format counts and mpsz strings (all static).

    Example:
        >>> TilesConverter.string_to_34_array(man="111")[:3]
        [3, 0, 0]
        >>> TilesConverter.to_136_array([2] + [0] * 33)
        [0, 1]
    """

    @staticmethod
    def to_one_line_string(tiles: Collection[int], print_aka_dora: bool = False) -> str:
        """mpsz text of 136-ids, sorted; red fives as ``0`` when ``print_aka_dora``.

        Example:
            >>> TilesConverter.to_one_line_string([0, 4, 8, 12, 16, 24, 32], print_aka_dora=True)
            '1234079m'
        """
        groups: Dict[str, str] = {"m": "", "p": "", "s": "", "z": ""}
        for t in sorted(tiles):
            suit = "mpsz"[min(t // 36, 3)]
            groups[suit] += "0" if print_aka_dora and t in AKA_DORAS else str((t % 36) // 4 + 1)
        return "".join(d + s for s, d in groups.items() if d)

    @staticmethod
    def to_34_array(tiles: Collection[int]) -> List[int]:
        """Counts of the 34 kinds in a collection of 136-ids.

        Example:
            >>> TilesConverter.to_34_array([0, 1, 2, 3])[0]
            4
        """
        counts = [0] * 34
        for t in tiles:
            counts[t // 4] += 1
        return counts

    @staticmethod
    def to_136_array(tiles: Sequence[int]) -> List[int]:
        """136-ids of 34-format counts, the lowest ids of each kind first.

        Example:
            >>> TilesConverter.to_136_array([0, 3] + [0] * 32)
            [4, 5, 6]
        """
        return [4 * kind + i for kind, n in enumerate(tiles) for i in range(n)]

    @staticmethod
    def string_to_136_array(
        sou: Optional[str] = None,
        pin: Optional[str] = None,
        man: Optional[str] = None,
        honors: Optional[str] = None,
        has_aka_dora: bool = False,
    ) -> List[int]:
        """136-ids of per-suit digit strings (man, pin, sou, honors in that order).

        Example:
            >>> TilesConverter.string_to_136_array(man="0", has_aka_dora=True)
            [16]
            >>> TilesConverter.string_to_136_array(sou="55", man="1")
            [0, 88, 89]
        """
        return (
            _ids_of_digits(man, 0, has_aka_dora)
            + _ids_of_digits(pin, 36, has_aka_dora)
            + _ids_of_digits(sou, 72, has_aka_dora)
            + _ids_of_digits(honors, 108, False)
        )

    @staticmethod
    def string_to_34_array(
        sou: Optional[str] = None,
        pin: Optional[str] = None,
        man: Optional[str] = None,
        honors: Optional[str] = None,
    ) -> List[int]:
        """34-format counts of per-suit digit strings.

        Example:
            >>> TilesConverter.string_to_34_array(honors="77")[33]
            2
        """
        return TilesConverter.to_34_array(TilesConverter.string_to_136_array(sou, pin, man, honors))

    @staticmethod
    def find_34_tile_in_136_array(tile34: Optional[int], tiles: Collection[int]) -> Optional[int]:
        """The lowest 136-id of kind ``tile34`` present in ``tiles``, or None.

        Example:
            >>> TilesConverter.find_34_tile_in_136_array(0, [1, 4, 8])
            1
        """
        if tile34 is None or tile34 > 33:
            return None
        return next((t for t in range(4 * tile34, 4 * tile34 + 4) if t in tiles), None)

    @staticmethod
    def one_line_string_to_136_array(string: str, has_aka_dora: bool = False) -> List[int]:
        """136-ids of an mpsz string (``z`` or ``h`` for honors); digits are grouped by
        suit first, so ``1m2p1m`` is ``11m2p``.

        Example:
            >>> TilesConverter.one_line_string_to_136_array("0m", has_aka_dora=True)
            [16]
        """
        per_suit = {"m": "", "p": "", "s": "", "z": ""}
        pending = ""
        for ch in string:
            if ch in _SUIT_BASE:
                per_suit["z" if ch == "h" else ch] += pending
                pending = ""
            else:
                pending += ch
        return TilesConverter.string_to_136_array(
            per_suit["s"], per_suit["p"], per_suit["m"], per_suit["z"], has_aka_dora
        )

    @staticmethod
    def one_line_string_to_34_array(string: str, has_aka_dora: bool = False) -> List[int]:
        """34-format counts of an mpsz string.

        Example:
            >>> TilesConverter.one_line_string_to_34_array("111m")[0]
            3
        """
        return TilesConverter.to_34_array(TilesConverter.one_line_string_to_136_array(string, has_aka_dora))
