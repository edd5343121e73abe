"""Riichi scoring rules: :class:`RuleSet`, its named presets, loading from a preset
name, a dict or a TOML file.

Every way a score can differ between rule sets is an option; presets are named values,
never special cases in the scorer. Options, kinds, defaults, docs and presets are
declared once in the Rust core (``riichi/rules.rs``); the generated table of them,
with every preset's values and sources, is ``docs/rules.md``. Tenhou's lobby flags
map onto options with :meth:`RuleSet.tenhou_lobby` (``aka`` -> ``red_fives``,
``kuitan`` -> ``open_tanyao``).

Dragons follow Tenhou's order (5z White, 6z Green, 7z Red; the dora after Red is
White), not seed 001's numbering.

Example:
    >>> from mahjong_fast.rules import RuleSet
    >>> RuleSet.preset("shiima-2026").kiriage_mangan
    True
    >>> RuleSet.preset("tenhou").replace(red_fives=False).red_fives
    False
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple, Union  # noqa: F401 (the generated annotations use them)

from mahjong_fast._core import RiichiRules
from mahjong_fast._ruleset import RulesArg, RuleSetBase

__all__ = ["RuleSet", "PRESETS", "load_rules"]


class RuleSet(RuleSetBase, core=RiichiRules, toml_table="rules"):
    """Every scoring option of riichi mahjong (the table: ``docs/rules.md``).

    Build one from a preset (:meth:`preset`), a dict (:meth:`from_dict`), a TOML file
    (:meth:`from_toml`) or keywords (``RuleSet("tenhou", min_han=2)``); change options
    with :meth:`replace`. The core checks every option and raises
    :class:`InvalidRuleError` naming the bad one and what it allows.

    Example:
        >>> RuleSet.from_dict({"preset": "tenhou", "kiriage_mangan": True}).kiriage_mangan
        True
    """

    __slots__ = ()

    # --- options: generated from the core's metadata by `python -m mahjong_fast.rule_docs`; do not edit ---
    red_fives: bool
    open_tanyao: bool
    min_han: int
    kiriage_mangan: bool
    kazoe: str
    aotenjou: bool
    aotenjou_yakuman: str
    double_kokushi_13: bool
    double_suuankou_tanki: bool
    double_junsei_chuuren: bool
    double_daisuushii: bool
    yakuman_stacking: bool
    renhou: Union[str, int]
    yakuman_cap: Optional[int]
    daisharin: str
    daichisei: bool
    tenhou_kokushi_13: bool
    open_riichi_deal_in: bool
    paarenchan: str
    ippatsu: bool
    ura_dora: bool
    kan_dora: bool
    nagashi_honba: bool
    double_wind_pair_fu: int
    pinfu_tsumo: bool
    pinfu_on_tsumo: bool
    fu_for_open_pinfu: bool
    yakuman_fu: str
    rinshan_tsumo_fu: bool
    haitei_with_rinshan: bool
    honba_points: int
    sanma_honba_points: Optional[int]
    riichi_stick: int
    pao_daisangen: bool
    pao_daisuushii: bool
    pao_suukantsu: bool
    kita_dora: bool
    sanma_tsumo_loss: bool
    # --- end of options ---

    @classmethod
    def tenhou_lobby(cls, aka: bool = True, kuitan: bool = True) -> RuleSet:
        """Tenhou's rules for a lobby with the given flags (赤 red fives, 喰 open tanyao).

        Example:
            >>> RuleSet.tenhou_lobby(aka=False).red_fives
            False
        """
        # The flags go to the options as given: the core checks that they are yes/no.
        return cls.preset("tenhou").replace(red_fives=aka, open_tanyao=kuitan)


def load_rules(rules: RulesArg) -> RuleSet:
    """Accept a preset name, a RuleSet, a dict of options or a path to a TOML file
    (None: ``standard``).

    Example:
        >>> load_rules("tenhou").name
        'tenhou'
    """
    return RuleSet.load(rules)


#: The named presets.
PRESETS: Dict[str, RuleSet] = {name: RuleSet.preset(name) for name in RuleSet.preset_names()}
