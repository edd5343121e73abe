"""The Taiwan rule set: a frozen dataclass with named presets, compiled once for the core.

Example:
    >>> TaiwanRules.preset("seed003").round_wind_flower_scores
    True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Mapping, Union

from mahjong_fast import _core
from mahjong_fast._core import InvalidRuleError
from mahjong_fast._toml import read_rule_table
from mahjong_fast.taiwan.args import MAX_CONSECUTIVE, MAX_TAI, int_arg

#: Named presets and their sources (see :meth:`TaiwanRules.preset`).
PRESETS: Dict[str, str] = {
    "common": "the default column of shared/rules/taiwan.md: the values most public tables agree on",
    "seed003": "seed 003 (しらぎくフラ雀, flower tiles in Taiwan mahjong): a flower of the seat OR the prevailing wind scores; "
               "地胡 is a non-dealer's win on the dealer's first discard",
    "atawmj2009": "the Taiwan mahjong association's tai table (atawmj.org.tw, revision of the 2009-12-26 rules meeting): "
                  "plants numbered 梅蘭竹菊 (竹 West, 菊 North); 槓上開花 only after a flower, a concealed kong or an added kong",
}


@dataclass(frozen=True)
class TaiwanRules:
    """A Taiwan rule set: every tai value and disputed rule is a field.

    Defaults are the common table (``shared/rules/taiwan.md``). A tai value of 0
    switches a pattern off. ``tai_cap`` and ``consecutive_cap`` of 0 mean no cap.
    ``opening_replacement`` is used by :class:`TaiwanRound` only: ``"per_seat"``
    (each seat, dealer first, replaces until it draws no flower) or ``"rounds"``
    (one replacement per flower per seat, round after round).

    Example:
        >>> TaiwanRules().flower_set, TaiwanRules.preset("seed003").round_wind_flower_scores
        (2, True)
        >>> TaiwanRules(flower_set=1, all_honors=8).all_honors
        8
    """

    concealed: int = 1
    self_draw: int = 1
    concealed_self_draw: int = 3
    single_wait: int = 1
    wind_set: int = 1
    dragon_set: int = 1
    seat_flower: int = 1
    flower_set: int = 2
    robbing_kong: int = 1
    kong_bloom: int = 1
    last_tile_draw: int = 1
    last_discard: int = 1
    half_calling: int = 1
    all_calling: int = 2
    all_chows: int = 2
    three_concealed_pungs: int = 2
    four_concealed_pungs: int = 5
    five_concealed_pungs: int = 8
    all_pungs: int = 4
    half_flush: int = 4
    full_flush: int = 8
    all_honors: int = 16
    little_three_dragons: int = 4
    big_three_dragons: int = 8
    little_four_winds: int = 8
    big_four_winds: int = 16
    four_kongs: int = 8
    heavenly_win: int = 24
    earthly_win: int = 16
    human_win: int = 8
    seven_rob_one: int = 8
    eight_immortals: int = 8
    dealer: int = 1
    per_consecutive_deal: int = 2
    consecutive_cap: int = 0
    tai_cap: int = 0
    exhaustive_reserve: int = 16
    reserve_per_kong: int = 0
    round_wind_flower_scores: bool = False
    kong_bloom_on_exposed_kong: bool = True
    kong_bloom_on_stolen_replacement: bool = True
    all_chows_concealed: bool = True
    all_chows_self_draw: bool = False
    all_chows_with_flowers: bool = False
    all_chows_exclusive: bool = False
    little_winds_keep_wind_tai: bool = True
    flower_set_keeps_seat_flowers: bool = True
    plant_numbering: str = "梅蘭菊竹"
    earthly_win_rule: str = "first_draw_self_draw"
    base: int = 100
    per_tai: int = 20
    opening_replacement: str = "per_seat"

    def __post_init__(self) -> None:
        if self.opening_replacement not in ("per_seat", "rounds"):
            raise InvalidRuleError(f"taiwan rule opening_replacement = {self.opening_replacement!r}: expected 'per_seat' or 'rounds'")
        core_opts = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "opening_replacement"}
        # Built (and validated) once: scoring passes the compiled rule set to the core.
        object.__setattr__(self, "_core", _core.TaiwanRuleSet("common", core_opts))

    def __getstate__(self) -> Dict[str, Any]:
        # The compiled core rule set is rebuilt on unpickling (for multiprocessing).
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        for k, v in state.items():
            object.__setattr__(self, k, v)
        self.__post_init__()

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> TaiwanRules:
        """A named preset (see :data:`PRESETS`), optionally with some fields changed.

        Example:
            >>> TaiwanRules.preset("atawmj2009").plant_numbering
            '梅蘭竹菊'
        """
        if name not in PRESETS:
            raise InvalidRuleError(f"unknown taiwan preset {name!r} (known: {', '.join(PRESETS)})")
        values = dict(_core.TaiwanRuleSet(name).as_dict())
        values.update(overrides)
        return cls(**values)

    def replace(self, **changes: Any) -> TaiwanRules:
        """A copy with some fields changed.

        Example:
            >>> TaiwanRules().replace(tai_cap=16).tai_cap
            16
        """
        return dataclasses.replace(self, **changes)

    def dealer_tai(self, consecutive: int) -> int:
        """莊家 + 連莊 tai for a dealer who kept the deal ``consecutive`` times.

        Example:
            >>> TaiwanRules().dealer_tai(2)
            5
        """
        n = int_arg("consecutive", consecutive, 0, MAX_CONSECUTIVE)
        return self._core.dealer_tai(n)  # type: ignore[attr-defined]

    def points(self, tai: int) -> int:
        """One payment: base + tai × rate.

        Example:
            >>> TaiwanRules().points(3)
            160
        """
        return self._core.points(int_arg("tai", tai, 0, MAX_TAI))  # type: ignore[attr-defined]


_DEFAULT_RULES = TaiwanRules()


#: What every Taiwan call accepts as ``rules=``.
RulesLike = Union[None, str, Path, TaiwanRules, Mapping[str, Any]]


def rules_to_dict(rules: TaiwanRules) -> Dict[str, Any]:
    """Every option of a rule set by name (what :func:`load_rules` reads back).

    Example:
        >>> rules_to_dict(TaiwanRules())["flower_set"]
        2
    """
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def load_rules(rules: RulesLike) -> TaiwanRules:
    """A preset name, a :class:`TaiwanRules`, a dict of options (``preset`` names the
    starting values, default ``common``) or a TOML file path (its ``[taiwan]`` table
    or top-level keys); ``None`` is the common preset.

    Example:
        >>> load_rules("seed003").round_wind_flower_scores, load_rules({"flower_set": 1}).flower_set
        (True, 1)
    """
    if rules is None:
        return _DEFAULT_RULES
    if isinstance(rules, TaiwanRules):
        return rules
    if isinstance(rules, Path) or (isinstance(rules, str) and rules.endswith(".toml")):
        return load_rules(read_rule_table(rules, "taiwan"))
    if isinstance(rules, str):
        return TaiwanRules.preset(rules)
    if isinstance(rules, Mapping):
        data = dict(rules)
        base = data.pop("preset", "common")
        if not isinstance(base, str):
            raise InvalidRuleError(f"taiwan rules preset = {base!r}: expected a preset name ({', '.join(PRESETS)})")
        known = {f.name for f in dataclasses.fields(TaiwanRules)}
        unknown = sorted(repr(k) if not isinstance(k, str) else k for k in data if k not in known)
        if unknown:
            raise InvalidRuleError(f"unknown taiwan rule option(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        return TaiwanRules.preset(base, **data)
    raise InvalidRuleError(f"rules = {type(rules).__name__}: expected a preset name, TaiwanRules, dict or .toml path")
