"""Payments of a han / fu count with the ``mahjong`` package's interface
(``ScoresCalculator.calculate_scores`` and its ``ScoresResult``), from mahjong_fast's
point table.

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.scores import ScoresCalculator
    >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
    >>> ScoresCalculator.calculate_scores(han=3, fu=30, config=HandConfig())["main"]
    3900
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from mahjong_fast import points

if TYPE_CHECKING:
    from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig

__all__ = ["ScoresResult", "ScoresCalculator", "Aotenjou", "yaku_level"]


class ScoresResult(TypedDict):
    """The payments of a win: ``main`` (the discarder's, or the dealer's share of a tsumo;
    each share of a dealer tsumo), ``additional`` (each non-dealer's share of a tsumo, 0 on
    a ron), their honba bonuses, ``kyoutaku_bonus`` (riichi sticks), ``total`` (what the
    winner receives) and ``yaku_level`` ("", "mangan", ..., "2x yakuman").

    Example:
        >>> ScoresResult(main=1000, additional=0, main_bonus=0, additional_bonus=0,
        ...              kyoutaku_bonus=0, total=1000, yaku_level="")["total"]
        1000
    """

    main: int
    additional: int
    main_bonus: int
    additional_bonus: int
    kyoutaku_bonus: int
    total: int
    yaku_level: str


def yaku_level(limit: str, han: int, fu: int, yakuman: int, kiriage: bool, kazoe_multiple: bool = False) -> str:
    """The ``mahjong`` package's name of a limit, from mahjong_fast's: a counted (kazoe)
    limit is named like the limit it pays ("yakuman", "sanbaiman"; under
    ``kazoe_multiple`` 26 han and more "2x yakuman" ...), two yakuman and more
    "2x yakuman" ... "6x yakuman" (6x and more), and under kiriage "kiriage mangan" for
    4 han 30 fu / 3 han 60 fu and no name for the other mangans below 5 han (the names
    the ``mahjong`` package gives).

    Example:
        >>> yaku_level("yakuman", 26, 0, 2, False), yaku_level("mangan", 4, 30, 0, True)
        ('2x yakuman', 'kiriage mangan')
        >>> yaku_level("kazoe yakuman", 14, 40, 0, False)
        'yakuman'
    """
    if yakuman >= 2:
        return f"{min(yakuman, 6)}x yakuman"
    if limit == "kazoe yakuman":
        return f"{min(han // 13, 6)}x yakuman" if kazoe_multiple and han >= 26 else "yakuman"
    if limit == "mangan" and han < 5 and kiriage:
        return "kiriage mangan" if (han, fu) in ((4, 30), (3, 60)) else ""
    return limit


class ScoresCalculator:
    """Payments of a han and fu count under a ``HandConfig``: the limits and point table
    are mahjong_fast's (``points``) under the config's options.

    Example:
        >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
        >>> from mahjong_fast.compat.mahjong.constants import EAST
        >>> config = HandConfig(is_tsumo=True, player_wind=EAST, tsumi_number=2, kyoutaku_number=3)
        >>> r = ScoresCalculator.calculate_scores(han=5, fu=30, config=config)
        >>> r["main"], r["additional"], r["total"], r["yaku_level"]
        (4000, 4000, 15600, 'mangan')
    """

    @staticmethod
    def calculate_scores(han: int, fu: int, config: HandConfig, is_yakuman: bool = False) -> ScoresResult:
        """The ``ScoresResult`` of ``han`` / ``fu``; with ``is_yakuman`` every 13 han is one
        yakuman, else 13 han and more are counted per ``kazoe_limit``.

        Example:
            >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
            >>> ScoresCalculator.calculate_scores(han=26, fu=0, config=HandConfig(), is_yakuman=True)["main"]
            64000
        """
        rules = config.options.to_rules()
        three = bool(config.options.is_three_player)
        dealer = bool(config.is_dealer)
        tsumo = bool(config.is_tsumo)
        multiple = max(1, han // 13) if is_yakuman else 1
        # From 5 han on the fu do not count (the mahjong package passes 0 for yakuman).
        table: Any = points(
            13 if is_yakuman else han,
            fu if han < 5 and not is_yakuman else 30,
            dealer=dealer,
            self_draw=tsumo,
            rules=rules,
        )
        honba = config.tsumi_number
        per_honba = rules.sanma_honba_points if three and rules.sanma_honba_points is not None else rules.honba_points
        if tsumo:
            main = table["tsumo_dealer"] * multiple
            additional = main if dealer else table["tsumo_non_dealer"] * multiple
            main_bonus = additional_bonus = per_honba // (2 if three else 3) * honba
        else:
            main, additional = table["ron"] * multiple, 0
            main_bonus, additional_bonus = per_honba * honba, 0
        kyoutaku = rules.riichi_stick * config.kyoutaku_number
        payers = 1 if three else 2
        total = main + main_bonus + payers * (additional + additional_bonus) + kyoutaku
        limit = "yakuman" if is_yakuman else table["limit"]
        level = (
            "nagashi mangan" if config.is_nagashi_mangan else yaku_level(limit, han, fu, multiple, rules.kiriage_mangan)
        )
        return ScoresResult(
            main=main,
            additional=additional,
            main_bonus=main_bonus,
            additional_bonus=additional_bonus,
            kyoutaku_bonus=kyoutaku,
            total=total,
            yaku_level=level,
        )


class Aotenjou(ScoresCalculator):
    """Scoring without limits (青天井): mahjong_fast's ``aotenjou`` rule; as in the
    ``mahjong`` package it pays no honba or riichi sticks and names no limit.

    Example:
        >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
        >>> r = Aotenjou.calculate_scores(han=13, fu=40, config=HandConfig())
        >>> r["main"], r["yaku_level"]
        (5242900, '')
    """

    @staticmethod
    def calculate_scores(han: int, fu: int, config: HandConfig, is_yakuman: bool = False) -> ScoresResult:
        """The payments of ``han`` / ``fu`` without any limit (``is_yakuman`` changes nothing).

        Example:
            >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
            >>> Aotenjou.calculate_scores(8, 30, HandConfig(is_tsumo=True))["additional"]
            30800
        """
        rules = config.options.to_rules(aotenjou=True)
        dealer, tsumo = bool(config.is_dealer), bool(config.is_tsumo)
        table: Any = points(han, fu, dealer=dealer, self_draw=tsumo, rules=rules)
        if tsumo:
            main = table["tsumo_dealer"]
            additional = main if dealer else table["tsumo_non_dealer"]
        else:
            main, additional = table["ron"], 0
        return ScoresResult(
            main=main,
            additional=additional,
            main_bonus=0,
            additional_bonus=0,
            kyoutaku_bonus=0,
            total=main + 2 * additional,
            yaku_level="",
        )
