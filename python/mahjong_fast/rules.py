"""Riichi scoring rules: one dataclass of options, named presets, dict / TOML loading.

Every way a score can differ between rule sets is an option here; presets are named
values of :class:`RuleSet`, never special cases in the scorer. The Rust core receives
the options as a plain struct (``RiichiRules``), built once per rule set.

Presets and their sources:

* ``standard`` — seed 001, a general riichi rule book: red fives (one per suit),
  open tanyao, no kiriage mangan, kazoe yakuman, 13-sided kokushi / suuankou tanki /
  pure nine gates / big four winds are double yakuman, no renhou, a double-wind pair
  is 4 fu, no pao (the book does not list it).
* ``tenhou`` — the behaviour of the Tenhou server as its real game records show it
  (``shared/data/tenhou``): like ``standard`` but every double-yakuman pattern counts
  single, and pao for big three dragons and big four winds. Tenhou's lobby flags map
  onto options with :meth:`RuleSet.tenhou_lobby` (``aka`` -> ``red_fives``,
  ``kuitan`` -> ``open_tanyao``).
* ``shiima-2025`` / ``shiima-2026`` — seed 004, the Shiima club's house rules:
  kiriage mangan, 13+ han is yakuman, double yakuman only from two different yakuman,
  renhou 6 han (closed), a double-wind pair is 2 fu, pao also for four kans. The two
  years differ in uma and penalties only (match rules), so they score hands alike.

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

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Mapping, Union

from mahjong_fast._core import InvalidRuleError, RiichiRules
from mahjong_fast._toml import read_rule_table

__all__ = ["RuleSet", "PRESETS", "load_rules"]

_KAZOE = ("yakuman", "sanbaiman")


@dataclass(frozen=True)
class RuleSet:
    """Every scoring option of riichi mahjong.

    Build one from a preset (:meth:`preset`), a dict (:meth:`from_dict`) or a TOML
    file (:meth:`from_toml`); change options with :meth:`replace`. Construction
    validates every option and raises :class:`InvalidRuleError` naming the bad one.

    Example:
        >>> RuleSet.from_dict({"preset": "tenhou", "kiriage_mangan": True}).kiriage_mangan
        True
    """

    name: str = "custom"
    #: Red fives count as dora (赤ドラ).
    red_fives: bool = True
    #: Tanyao in an open hand (喰いタン).
    open_tanyao: bool = True
    #: Least han from yaku (dora excluded) to win.
    min_han: int = 1
    #: 4 han 30 fu and 3 han 60 fu pay mangan (切り上げ満貫).
    kiriage_mangan: bool = False
    #: 13+ han without a yakuman: "yakuman" (数え役満) or "sanbaiman".
    kazoe: str = "yakuman"
    #: 13-sided kokushi is a double yakuman.
    double_kokushi_13: bool = True
    #: Four concealed triplets on a pair wait is a double yakuman.
    double_suuankou_tanki: bool = True
    #: Pure nine gates is a double yakuman.
    double_junsei_chuuren: bool = True
    #: Big four winds is a double yakuman.
    double_daisuushii: bool = True
    #: Different yakuman in one hand add up.
    yakuman_stacking: bool = True
    #: Human win (人和): "off", "yakuman" or a han count (1..12, closed only).
    renhou: Union[str, int] = "off"
    #: Fu of a pair of a wind that is both seat and round wind: 4 or 2.
    double_wind_pair_fu: int = 4
    #: Pinfu tsumo scores 20 fu and keeps pinfu.
    pinfu_tsumo: bool = True
    #: A rinshan win still gets the 2 tsumo fu.
    rinshan_tsumo_fu: bool = True
    #: Haitei and rinshan may count together.
    haitei_with_rinshan: bool = False
    #: Points per honba on a ron (a tsumo takes a third from each payer).
    honba_points: int = 300
    #: Points of one riichi stick.
    riichi_stick: int = 1000
    #: Pao for big three dragons.
    pao_daisangen: bool = False
    #: Pao for big four winds.
    pao_daisuushii: bool = False
    #: Pao for four kans.
    pao_suukantsu: bool = False
    #: 3-player: north tiles set aside count as dora.
    kita_dora: bool = True
    #: 3-player: a tsumo is not topped up for the absent seat (ツモ損).
    sanma_tsumo_loss: bool = True
    #: Where the preset comes from (free text).
    source: str = ""
    _core: Any = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if f.name in ("name", "source", "_core"):
                continue
            v = getattr(self, f.name)
            if f.type in ("bool", bool) and not isinstance(v, bool):
                raise InvalidRuleError(f"{f.name} = {v!r}: expected True or False")
            if f.type in ("int", int) and (isinstance(v, bool) or not isinstance(v, int)):
                raise InvalidRuleError(f"{f.name} = {v!r}: expected an integer")
        if self.kazoe not in _KAZOE:
            raise InvalidRuleError(f"kazoe = {self.kazoe!r}: expected one of {', '.join(_KAZOE)}")
        if isinstance(self.renhou, bool) or not (
            self.renhou in ("off", "yakuman") or (isinstance(self.renhou, int) and 1 <= self.renhou <= 12)
        ):
            raise InvalidRuleError(f"renhou = {self.renhou!r}: expected 'off', 'yakuman' or a han count 1..12")
        if not 1 <= self.min_han <= 13:
            raise InvalidRuleError(f"min_han = {self.min_han}: expected 1..13")
        if self.double_wind_pair_fu not in (2, 4):
            raise InvalidRuleError(f"double_wind_pair_fu = {self.double_wind_pair_fu}: expected 2 or 4")
        if self.honba_points < 0 or self.honba_points % 3:
            raise InvalidRuleError(
                f"honba_points = {self.honba_points}: contradicts tsumo payments "
                "(each of three payers pays a third), so it must be a non-negative multiple of 3"
            )
        if self.riichi_stick < 0:
            raise InvalidRuleError(f"riichi_stick = {self.riichi_stick}: must not be negative")
        if isinstance(self.renhou, int) and self.renhou < self.min_han:
            raise InvalidRuleError(
                f"renhou = {self.renhou} han contradicts min_han = {self.min_han} (renhou could never win alone)"
            )
        core = RiichiRules("standard", **self.options())
        object.__setattr__(self, "_core", core)

    # ---- construction -------------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """A named preset: ``standard``, ``tenhou``, ``shiima-2025``, ``shiima-2026``.

        Example:
            >>> RuleSet.preset("tenhou").double_suuankou_tanki
            False
        """
        try:
            return PRESETS[name]
        except KeyError:
            raise InvalidRuleError(f"unknown rule preset {name!r} (known: {', '.join(PRESETS)})") from None

    @classmethod
    def tenhou_lobby(cls, aka: bool = True, kuitan: bool = True) -> RuleSet:
        """Tenhou's rules for a lobby with the given flags (赤 red fives, 喰 open tanyao).

        Example:
            >>> RuleSet.tenhou_lobby(aka=False).red_fives
            False
        """
        return PRESETS["tenhou"].replace(red_fives=bool(aka), open_tanyao=bool(kuitan))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Options from a mapping; ``preset`` (default ``standard``) gives the starting values.

        Example:
            >>> RuleSet.from_dict({"preset": "standard", "renhou": "yakuman"}).renhou
            'yakuman'
        """
        data = dict(data)
        base = data.pop("preset", "standard")
        if not isinstance(base, str):
            raise InvalidRuleError(f"preset = {base!r}: expected a preset name")
        start = cls.preset(base)
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRuleError(f"unknown rule option(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        if "name" not in data:
            data["name"] = f"{base}+custom" if data else start.name
        return start.replace(**data)

    @classmethod
    def from_toml(cls, path: Union[str, Path]) -> RuleSet:
        """Options from a TOML file (top-level keys, or a ``[rules]`` table).

        Example:
            >>> import tempfile, os
            >>> p = os.path.join(tempfile.mkdtemp(), "r.toml")
            >>> _ = open(p, "w").write('preset = "tenhou"\\nkiriage_mangan = true\\n')
            >>> RuleSet.from_toml(p).kiriage_mangan
            True
        """
        data = read_rule_table(path, "rules")
        return cls.from_dict(data)

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated).

        Example:
            >>> RuleSet.preset("standard").replace(min_han=2).min_han
            2
        """
        known = {f.name for f in dataclasses.fields(self) if f.init}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise InvalidRuleError(f"unknown rule option(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        return dataclasses.replace(self, **changes)

    def __reduce__(self) -> Any:
        # Pickle and copy by options (the core struct is rebuilt and revalidated).
        return (_rebuild, (self.to_dict(),))

    # ---- views --------------------------------------------------------------------

    def options(self) -> Dict[str, Any]:
        """The scoring options alone (what the core receives).

        Example:
            >>> RuleSet.preset("tenhou").options()["double_wind_pair_fu"]
            4
        """
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.init and f.name not in ("name", "source")
        }

    def to_dict(self) -> Dict[str, Any]:
        """Name, source and every option.

        Example:
            >>> RuleSet.preset("standard").to_dict()["name"]
            'standard'
        """
        return {"name": self.name, "source": self.source, **self.options()}

    @property
    def core(self) -> RiichiRules:
        """The struct passed to the Rust scorer.

        Example:
            >>> RuleSet.preset("tenhou").core.as_dict()["min_han"]
            1
        """
        return self._core


def _rebuild(options: Dict[str, Any]) -> RuleSet:
    return RuleSet(**options)


def load_rules(rules: Union[None, str, RuleSet, Mapping[str, Any], Path]) -> RuleSet:
    """Accept a preset name, a RuleSet, a dict of options or a path to a TOML file.

    Example:
        >>> load_rules("tenhou").name
        'tenhou'
    """
    if rules is None:
        return PRESETS["standard"]
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, Path) or (isinstance(rules, str) and rules.endswith(".toml")):
        return RuleSet.from_toml(rules)
    if isinstance(rules, str):
        return RuleSet.preset(rules)
    if isinstance(rules, Mapping):
        return RuleSet.from_dict(rules)
    raise InvalidRuleError(f"rules = {rules!r}: expected a preset name, RuleSet, dict or .toml path")


_STANDARD = RuleSet(
    name="standard",
    source="seed 001 (general riichi rule book); shared/rules/riichi.md",
)
_TENHOU = dataclasses.replace(
    _STANDARD,
    name="tenhou",
    source="Tenhou server behaviour shown by its real records (shared/data/tenhou)",
    double_kokushi_13=False,
    double_suuankou_tanki=False,
    double_junsei_chuuren=False,
    double_daisuushii=False,
    pao_daisangen=True,
    pao_daisuushii=True,
)
_SHIIMA = dataclasses.replace(
    _TENHOU,
    kiriage_mangan=True,
    renhou=6,
    double_wind_pair_fu=2,
    pao_suukantsu=True,
)

#: The named presets.
PRESETS: Dict[str, RuleSet] = {
    "standard": _STANDARD,
    "tenhou": _TENHOU,
    "shiima-2025": dataclasses.replace(
        _SHIIMA, name="shiima-2025", source="seed 004 (Shiima club house rules), rules up to 2025"
    ),
    "shiima-2026": dataclasses.replace(
        _SHIIMA, name="shiima-2026", source="seed 004 (Shiima club house rules), rules from 2026"
    ),
}
