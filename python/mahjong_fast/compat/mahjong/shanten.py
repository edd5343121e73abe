"""Shanten of the ``mahjong`` package's interface, computed by mahjong_fast's tables.

Example:
    >>> from mahjong_fast.compat.mahjong.shanten import Shanten
    >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
    >>> Shanten.calculate_shanten(TilesConverter.string_to_34_array(man="123456789", pin="1199"))
    0
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence

from mahjong_fast import InvalidRuleError, from_counts, shanten_detail

__all__ = ["Shanten"]


def _detail(tiles_34: Sequence[int], is_three_player: bool) -> Dict[str, Optional[int]]:
    if is_three_player:
        # The core's shanten is the four-player one (2m-8m may be drawn).
        raise InvalidRuleError(
            "is_three_player: three-player shanten (no 2m-8m in the wall) has no counterpart in mahjong_fast"
        )
    return shanten_detail(from_counts(list(tiles_34)))


def _form(detail: Dict[str, Optional[int]], form: str) -> int:
    value = detail[form]
    if value is None:
        raise InvalidRuleError(f"{form} shanten needs a closed hand of 13 or 14 tiles")
    return value


class Shanten:
    """Shanten numbers (-1 complete, 0 tenpai) of 34-format counts.

    Example:
        >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
        >>> Shanten.calculate_shanten_for_chiitoitsu_hand(TilesConverter.string_to_34_array(man="1122334455667"))
        0
    """

    TENPAI_STATE = 0
    AGARI_STATE = -1

    @staticmethod
    def calculate_shanten(
        tiles_34: Sequence[int],
        use_chiitoitsu: bool = True,
        use_kokushi: bool = True,
        is_three_player: bool = False,
    ) -> int:
        """The least shanten over the regular form and, for 13 or 14 tiles, seven pairs
        and thirteen orphans (each one left out when its flag is false).

        Example:
            >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
            >>> Shanten.calculate_shanten(TilesConverter.string_to_34_array(man="1133557799", pin="114"))
            0
            >>> Shanten.calculate_shanten(TilesConverter.string_to_34_array(man="1133557799", pin="114"), use_chiitoitsu=False)
            3
        """
        d = _detail(tiles_34, is_three_player)
        best = d["standard"]
        assert best is not None
        for form, used in (("chiitoitsu", use_chiitoitsu), ("kokushi", use_kokushi)):
            value = d[form]
            if used and value is not None:
                best = min(best, value)
        return best

    @staticmethod
    def calculate_shanten_for_chiitoitsu_hand(tiles_34: Sequence[int]) -> int:
        """Seven pairs shanten (13 or 14 tiles).

        Example:
            >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
            >>> Shanten.calculate_shanten_for_chiitoitsu_hand(TilesConverter.string_to_34_array(man="11223344556677"))
            -1
        """
        return _form(_detail(tiles_34, False), "chiitoitsu")

    @staticmethod
    def calculate_shanten_for_kokushi_hand(tiles_34: Sequence[int]) -> int:
        """Thirteen orphans shanten (13 or 14 tiles).

        Example:
            >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
            >>> Shanten.calculate_shanten_for_kokushi_hand(TilesConverter.string_to_34_array(man="19", pin="19", sou="19", honors="1234567"))
            0
        """
        return _form(_detail(tiles_34, False), "kokushi")

    @staticmethod
    def calculate_shanten_for_regular_hand(tiles_34: Sequence[int], is_three_player: bool = False) -> int:
        """Shanten of the sets-and-a-pair form (tiles // 3 sets; fewer sets mean the rest
        are called).

        Example:
            >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
            >>> Shanten.calculate_shanten_for_regular_hand(TilesConverter.string_to_34_array(man="1112"))
            0
        """
        value = _detail(tiles_34, is_three_player)["standard"]
        assert value is not None
        return value
