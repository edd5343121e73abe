"""The Taiwan rule set: :class:`TaiwanRules`, its named presets, loading from a preset
name, a dict or a TOML file.

Every tai value and every disputed rule is an option (a tai value of 0 switches a
pattern off; ``tai_cap`` and ``consecutive_cap`` of 0 mean no cap). Options, kinds,
defaults, docs and the presets ``common``, ``seed003`` and ``atawmj2009`` with their
sources are declared once in the Rust core (``taiwan/rules.rs``); the generated table
is ``docs/rules.md``.

Example:
    >>> TaiwanRules.preset("seed003").round_wind_flower_scores
    True
"""

from __future__ import annotations

from typing import Dict

from mahjong_fast._core import TaiwanRuleSet
from mahjong_fast._ruleset import RulesArg, RuleSetBase
from mahjong_fast.taiwan.args import MAX_CONSECUTIVE, MAX_TAI, int_arg

__all__ = ["TaiwanRules", "PRESETS", "RulesLike", "load_rules"]

#: What every Taiwan call accepts as ``rules=``.
RulesLike = RulesArg


class TaiwanRules(RuleSetBase, core=TaiwanRuleSet, toml_table="taiwan"):
    """A Taiwan rule set (the table: ``docs/rules.md``); ``TaiwanRules()`` is ``common``.

    ``opening_replacement`` is used by :class:`TaiwanRound` only: ``"per_seat"`` (each
    seat, dealer first, replaces until it draws no flower) or ``"rounds"`` (one
    replacement per flower per seat, round after round).

    Example:
        >>> TaiwanRules().flower_set, TaiwanRules.preset("seed003").round_wind_flower_scores
        (2, True)
        >>> TaiwanRules(flower_set=1, all_honors=8)
        TaiwanRules('common', flower_set=1, all_honors=8)
    """

    __slots__ = ()

    # --- options: generated from the core's metadata by `python -m mahjong_fast.rule_docs`; do not edit ---
    concealed: int
    self_draw: int
    concealed_self_draw: int
    single_wait: int
    wind_set: int
    dragon_set: int
    seat_flower: int
    flower_set: int
    robbing_kong: int
    kong_bloom: int
    last_tile_draw: int
    last_discard: int
    half_calling: int
    all_calling: int
    all_chows: int
    three_concealed_pungs: int
    four_concealed_pungs: int
    five_concealed_pungs: int
    all_pungs: int
    half_flush: int
    full_flush: int
    all_honors: int
    little_three_dragons: int
    big_three_dragons: int
    little_four_winds: int
    big_four_winds: int
    four_kongs: int
    heavenly_win: int
    earthly_win: int
    human_win: int
    seven_rob_one: int
    eight_immortals: int
    ready_on_first_discard: int
    seven_pairs_one_pung: int
    dealer: int
    per_consecutive_deal: int
    pull_per_consecutive_deal: int
    consecutive_cap: int
    tai_cap: int
    round_wind_flower_scores: bool
    plant_numbering: str
    earthly_win_rule: str
    kong_bloom_on_exposed_kong: bool
    kong_bloom_on_stolen_replacement: bool
    all_chows_concealed: bool
    all_chows_self_draw: bool
    all_chows_with_flowers: bool
    all_chows_exclusive: bool
    little_winds_keep_wind_tai: bool
    flower_set_keeps_seat_flowers: bool
    exhaustive_reserve: int
    reserve_per_kong: int
    base: int
    per_tai: int
    opening_replacement: str
    match_winds: int
    dealer_keeps_on_draw: bool
    # --- end of options ---

    def dealer_tai(self, consecutive: int) -> int:
        """莊家 + 連莊 tai for a dealer who kept the deal ``consecutive`` times.

        Example:
            >>> TaiwanRules().dealer_tai(2)
            5
        """
        return int(self._core.dealer_tai(int_arg("consecutive", consecutive, 0, MAX_CONSECUTIVE)))

    def points(self, tai: int) -> int:
        """One payment: base + tai × rate.

        Example:
            >>> TaiwanRules().points(3)
            160
        """
        return int(self._core.points(int_arg("tai", tai, 0, MAX_TAI)))


def load_rules(rules: RulesArg) -> TaiwanRules:
    """Accept a preset name, a TaiwanRules, a dict of options or a path to a TOML file
    (None: ``common``).

    Example:
        >>> load_rules({"preset": "seed003", "tai_cap": 16}).tai_cap
        16
    """
    return TaiwanRules.load(rules)


#: The named presets.
PRESETS: Dict[str, TaiwanRules] = {name: TaiwanRules.preset(name) for name in TaiwanRules.preset_names()}

_DEFAULT_RULES = PRESETS["common"]
