"""``HandConfig`` (how a hand was won) and ``OptionalRules`` (rule variants) of the
``mahjong`` package. ``OptionalRules.to_rules()`` is the mahjong_fast ``RuleSet`` the
options map to; options without a counterpart are refused there with an
``InvalidRuleError`` naming them (the table: ``docs/compat_mahjong.md``).

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    >>> from mahjong_fast.compat.mahjong.constants import EAST
    >>> config = HandConfig(is_tsumo=True, player_wind=EAST, options=OptionalRules(kiriage=True))
    >>> config.is_dealer, config.options.to_rules().kiriage_mangan
    (True, True)
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

from mahjong_fast import InvalidRuleError, RuleSet
from mahjong_fast.compat.mahjong.constants import EAST
from mahjong_fast.compat.mahjong.hand_calculating.yaku_config import YakuConfig

__all__ = ["HandConstants", "OptionalRules", "HandConfig"]


class HandConstants:
    """The values of ``OptionalRules.kazoe_limit``.

    Example:
        >>> HandConstants.KAZOE_LIMITED, HandConstants.KAZOE_SANBAIMAN, HandConstants.KAZOE_NO_LIMIT
        (0, 1, 2)
    """

    KAZOE_LIMITED = 0
    KAZOE_SANBAIMAN = 1
    KAZOE_NO_LIMIT = 2


_KAZOE = {
    HandConstants.KAZOE_LIMITED: "yakuman",
    HandConstants.KAZOE_SANBAIMAN: "sanbaiman",
    HandConstants.KAZOE_NO_LIMIT: "multiple",
}
_RULES_CACHE: Dict[Tuple[object, ...], RuleSet] = {}


class OptionalRules:
    """Rule variants, with the ``mahjong`` package's fields and defaults.

    Example:
        >>> options = OptionalRules(has_open_tanyao=True, kiriage=True)
        >>> options.has_open_tanyao, options.kiriage
        (True, True)
    """

    def __init__(
        self,
        has_open_tanyao: bool = False,
        has_aka_dora: bool = False,
        has_double_yakuman: bool = True,
        kazoe_limit: int = HandConstants.KAZOE_LIMITED,
        kiriage: bool = False,
        fu_for_open_pinfu: bool = True,
        fu_for_pinfu_tsumo: bool = False,
        renhou_as_yakuman: bool = False,
        has_daisharin: bool = False,
        has_daisharin_other_suits: bool = False,
        has_sashikomi_yakuman: bool = False,
        limit_to_sextuple_yakuman: bool = True,
        paarenchan_needs_yaku: bool = True,
        has_daichisei: bool = False,
        is_three_player: bool = False,
    ) -> None:
        self.has_open_tanyao = has_open_tanyao
        self.has_aka_dora = has_aka_dora
        self.has_double_yakuman = has_double_yakuman
        self.kazoe_limit = kazoe_limit
        self.kiriage = kiriage
        self.fu_for_open_pinfu = fu_for_open_pinfu
        self.fu_for_pinfu_tsumo = fu_for_pinfu_tsumo
        self.renhou_as_yakuman = renhou_as_yakuman
        # Daisharin in any suit implies daisharin, as in the mahjong package.
        self.has_daisharin = has_daisharin or has_daisharin_other_suits
        self.has_daisharin_other_suits = has_daisharin_other_suits
        self.has_sashikomi_yakuman = has_sashikomi_yakuman
        self.limit_to_sextuple_yakuman = limit_to_sextuple_yakuman
        self.paarenchan_needs_yaku = paarenchan_needs_yaku
        self.has_daichisei = has_daichisei
        self.is_three_player = is_three_player

    def _key(self) -> Tuple[object, ...]:
        return (
            bool(self.has_open_tanyao),
            bool(self.has_aka_dora),
            bool(self.has_double_yakuman),
            self.kazoe_limit,
            bool(self.kiriage),
            bool(self.renhou_as_yakuman),
            bool(self.fu_for_open_pinfu),
            bool(self.fu_for_pinfu_tsumo),
            bool(self.has_daisharin),
            bool(self.has_daisharin_other_suits),
            bool(self.has_daichisei),
            bool(self.limit_to_sextuple_yakuman),
        )

    def to_rules(self, renhou_han: Optional[int] = None, aotenjou: bool = False, paarenchan: bool = False) -> RuleSet:
        """The mahjong_fast ``RuleSet`` these options map to (on the ``standard`` preset:
        no pao, yakuman add up, 4 fu for a double wind pair, 300 a honba, 200 at three
        players). What has no counterpart (``fu_for_open_pinfu=False`` on an open tsumo,
        daisharin on an open hand) is refused by the calculator on the hands where it
        would change the result (docs/compat_mahjong.md). ``renhou_han`` is a renhou yaku's han changed in
        ``HandConfig.yaku`` (1-12); ``aotenjou`` is the ``Aotenjou`` calculator's rule (``aotenjou_yakuman = "with_yaku"``);
        ``paarenchan`` is ``HandConfig.paarenchan`` (the rule ``paarenchan = "eighth"``).

        Example:
            >>> OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False).to_rules().double_kokushi_13
            False
            >>> OptionalRules(renhou_as_yakuman=True, kazoe_limit=1).to_rules().kazoe
            'sanbaiman'
            >>> OptionalRules(fu_for_pinfu_tsumo=True, kazoe_limit=2).to_rules().pinfu_on_tsumo
            False
            >>> r = OptionalRules(has_daisharin_other_suits=True, limit_to_sextuple_yakuman=False).to_rules()
            >>> r.daisharin, r.yakuman_cap
            ('all_suits', None)
        """
        key = self._key() + (renhou_han, aotenjou, paarenchan)
        rules = _RULES_CACHE.get(key)
        if rules is not None:
            return rules
        kazoe = _KAZOE.get(self.kazoe_limit)  # type: ignore[call-overload]
        if kazoe is None:
            raise InvalidRuleError(f"OptionalRules.kazoe_limit must be 0-2, got {self.kazoe_limit!r}")
        doubles = bool(self.has_double_yakuman)
        rules = RuleSet.preset("standard").replace(
            open_tanyao=bool(self.has_open_tanyao),
            red_fives=bool(self.has_aka_dora),
            kiriage_mangan=bool(self.kiriage),
            kazoe=kazoe,
            double_kokushi_13=doubles,
            double_suuankou_tanki=doubles,
            double_junsei_chuuren=doubles,
            double_daisuushii=doubles,
            # The mahjong package's renhou is a 5 han yaku unless it is a yakuman.
            renhou="yakuman" if self.renhou_as_yakuman else renhou_han or 5,
            fu_for_open_pinfu=bool(self.fu_for_open_pinfu),
            pinfu_on_tsumo=not self.fu_for_pinfu_tsumo,
            # The mahjong package's fu of a yakuman: 0 for thirteen orphans, a pinfu
            # shape's own fu.
            yakuman_fu="tenhou",
            # Its three-player honba: 200 on a ron, 100 from each payer of a tsumo.
            sanma_honba_points=200,
            aotenjou=aotenjou,
            # Its Aotenjou counts a yakuman as 13 han a multiple beside the hand's other yaku.
            aotenjou_yakuman="with_yaku" if aotenjou else "counted",
            daisharin="all_suits" if self.has_daisharin_other_suits else "pin" if self.has_daisharin else "off",
            daichisei=bool(self.has_daichisei),
            # (its Aotenjou caps nothing)
            yakuman_cap=6 if self.limit_to_sextuple_yakuman and not aotenjou else None,
            paarenchan="eighth" if paarenchan else "off",
        )
        _RULES_CACHE[key] = rules
        return rules


class HandConfig(HandConstants):
    """How a hand was won, the winds, the table's sticks and the rule options, with the
    ``mahjong`` package's fields (``player_wind`` / ``round_wind`` are 34-format kinds,
    27-30; ``is_dealer`` is ``player_wind == EAST``).

    Example:
        >>> config = HandConfig(is_riichi=True, tsumi_number=2)
        >>> config.is_riichi, config.tsumi_number, config.is_dealer, config.options.has_open_tanyao
        (True, 2, False, False)
    """

    def __init__(
        self,
        is_tsumo: bool = False,
        is_riichi: bool = False,
        is_ippatsu: bool = False,
        is_rinshan: bool = False,
        is_chankan: bool = False,
        is_haitei: bool = False,
        is_houtei: bool = False,
        is_daburu_riichi: bool = False,
        is_nagashi_mangan: bool = False,
        is_tenhou: bool = False,
        is_renhou: bool = False,
        is_chiihou: bool = False,
        is_open_riichi: bool = False,
        player_wind: Optional[int] = None,
        round_wind: Optional[int] = None,
        kyoutaku_number: int = 0,
        tsumi_number: int = 0,
        paarenchan: int = 0,
        options: Optional[OptionalRules] = None,
        num_nuki_dora: int = 0,
    ) -> None:
        self.yaku = YakuConfig()
        self.options = options or OptionalRules()
        self.is_tsumo = is_tsumo
        self.is_riichi = is_riichi
        self.is_ippatsu = is_ippatsu
        self.is_rinshan = is_rinshan
        self.is_chankan = is_chankan
        self.is_haitei = is_haitei
        self.is_houtei = is_houtei
        self.is_daburu_riichi = is_daburu_riichi
        self.is_nagashi_mangan = is_nagashi_mangan
        self.is_tenhou = is_tenhou
        self.is_renhou = is_renhou
        self.is_chiihou = is_chiihou
        self.is_open_riichi = is_open_riichi
        self.player_wind = player_wind
        self.round_wind = round_wind
        self.is_dealer = player_wind == EAST
        self.paarenchan = paarenchan
        self.kyoutaku_number = kyoutaku_number
        self.tsumi_number = tsumi_number
        self.num_nuki_dora = num_nuki_dora
