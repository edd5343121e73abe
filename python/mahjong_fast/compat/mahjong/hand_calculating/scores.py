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

from mahjong_fast import InvalidRuleError, points

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


def yaku_level(limit: str, han: int, fu: int, yakuman: int, kiriage: bool) -> str:
    """The ``mahjong`` package's name of a limit, from mahjong_fast's: a counted (kazoe)
    limit is named like the limit it pays ("yakuman", "sanbaiman"), two yakuman and more
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
        return "yakuman"
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
        if config.options.kazoe_limit == 2 and not is_yakuman and han >= 26:
            raise InvalidRuleError(
                "OptionalRules.kazoe_limit=KAZOE_NO_LIMIT (26 han and more as multiple yakuman) has no counterpart"
                " in mahjong_fast's RuleSet"
            )
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
        if tsumo:
            main = table["tsumo_dealer"] * multiple
            additional = main if dealer else table["tsumo_non_dealer"] * multiple
            main_bonus = additional_bonus = rules.honba_points // 3 * honba
        else:
            if three and honba:
                raise InvalidRuleError(
                    "three-player ron with honba: the mahjong package's 200 a honba has no counterpart in"
                    " mahjong_fast's RuleSet (honba_points is a multiple of 3)"
                )
            main, additional = table["ron"] * multiple, 0
            main_bonus, additional_bonus = rules.honba_points * honba, 0
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
    """Scoring without limits (青天井): no counterpart in mahjong_fast's rules yet, so it
    is refused with an ``InvalidRuleError``.

    Example:
        >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
        >>> Aotenjou.calculate_scores(han=13, fu=40, config=HandConfig())
        Traceback (most recent call last):
        ...
        mahjong_fast.InvalidRuleError: Aotenjou: scoring without limits has no counterpart in mahjong_fast's RuleSet
    """

    @staticmethod
    def calculate_scores(han: int, fu: int, config: HandConfig, is_yakuman: bool = False) -> ScoresResult:
        """Refused (no counterpart yet).

        Example:
            >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
            >>> Aotenjou.calculate_scores(1, 30, HandConfig())
            Traceback (most recent call last):
            ...
            mahjong_fast.InvalidRuleError: Aotenjou: scoring without limits has no counterpart in mahjong_fast's RuleSet
        """
        raise InvalidRuleError("Aotenjou: scoring without limits has no counterpart in mahjong_fast's RuleSet")
