"""Match rules of the riichi engine: one dataclass of options, named presets, dict /
TOML loading.

:class:`MatchRules` holds everything that happens between wins -- table size, match
length and its extension, points, uma and oka, ties and rounding, tobi and
agari-yame, multiple ron, kan dora timing, riichi conditions, abortive draws, pao,
penalties, the time limit, kuikae. What a single win is worth (yaku, fu, points) is
the scoring rules' business: :class:`mahjong_fast.RuleSet`. A match uses both:
``Match(rules=..., scoring=...)``; without ``scoring`` it scores with the scoring
preset paired with the match rules (their ``scoring`` option).

The Rust core receives the options as ``_core.EngineRules``; it checks ranges and
contradictions (``EngineRules::validate``), so a rule set is valid here exactly when
it is valid for Rust users. Presets (their values are the core's, a test compares
every field):

* ``tenhou`` -- Tenhou's four-player ranked lobbies (real records).
* ``tenhou-sanma`` -- Tenhou's three-player lobbies.
* ``standard`` -- seed 001, a general rule book.
* ``shiima-2025`` / ``shiima-2026`` -- seed 004, a club's house rules before and
  from 2026 (uma, penalties and a 50-minute limit differ).

What validation rejects, and why (everything else is accepted, because some table
plays it): players other than 3 or 4; start points not positive; uma that does not
add up to zero (uma moves points between places, and final results are made to add
up to zero), or a fourth-place uma at a three-player table; four-winds or
four-riichi abortive draws at three players; a honba or noten payment
that cannot be split equally among its payers or receivers (points would appear or
vanish); riichi needing more tiles than the live wall holds; a chombo of zero points
(say ``"none"``) or a time limit of zero minutes (say ``None``); amounts beyond
generous bounds. A return below the start (negative oka), chi at three players, or
three-player options left on at four are accepted.

Example:
    >>> from mahjong_fast import MatchRules
    >>> MatchRules.preset("shiima-2026").uma
    (30000, 10000, -10000, -30000)
    >>> MatchRules.from_dict({"preset": "tenhou", "length": "east", "tobi": False}).length
    'east'
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Mapping, Optional, Tuple, Union

from mahjong_fast._core import EngineRules, InvalidRuleError
from mahjong_fast._toml import read_rule_table
from mahjong_fast.rules import PRESETS as SCORING_PRESETS

__all__ = ["MatchRules", "MATCH_PRESETS", "load_match_rules"]

# Fields that describe the rule set rather than being engine options.
_META = ("name", "scoring", "source")


@dataclass(frozen=True)
class MatchRules:
    """Every flow rule of a riichi match (what happens between wins).

    Build one from a preset (:meth:`preset`), a dict (:meth:`from_dict`) or a TOML
    file (:meth:`from_toml`); change options with :meth:`replace`. Construction
    validates every option and raises :class:`InvalidRuleError` naming the bad one.
    Pass it as ``rules=`` to :class:`Match`, :func:`self_play` or
    :func:`final_result`. Enum options are short strings, amounts are points.

    Example:
        >>> from mahjong_fast import MatchRules, final_result
        >>> r = MatchRules.preset("tenhou").replace(uma=(30000, 10000, -10000, -30000))
        >>> final_result([40000, 30000, 20000, 10000], r)["results"]
        [60.0, 10.0, -20.0, -50.0]
    """

    name: str = "custom"
    #: Scoring preset used when a match is given no scoring rules (``scoring=``).
    scoring: str = "tenhou"
    #: Players at the table: 4, or 3 (seats 0..3, seat 3 empty; 108 tiles, no 2m-8m).
    players: int = 4
    #: Chi is allowed.
    chi: bool = True
    #: Norths may be pulled aside as dora with a replacement draw (抜きドラ).
    nuki: bool = False
    #: Three-player tsumo: the absent player's share is lost (ツモ損); else it is split
    #: between the two payers. Ignored with four players.
    tsumo_loss: bool = False
    #: A north pulled aside may be ronned by a hand it completes (not as chankan).
    nuki_ron: bool = False
    #: Match length: ``"east"`` (東風戦) or ``"east_south"`` (半荘戦).
    length: str = "east_south"
    #: When nobody reaches ``return_points`` at the scheduled end, play on into the
    #: next wind in sudden death (南入 / 西入); the last hand of that wind ends it anyway.
    extension: bool = True
    #: Points each player starts with.
    start_points: int = 25000
    #: Points each player "returns" for the final result; (return - start) times the
    #: players is the oka, which goes to first place (negative oka is allowed).
    return_points: int = 30000
    #: Uma for places 1..4 in points (20000 = +20); must add up to zero; the fourth is
    #: 0 at a three-player table.
    uma: Tuple[int, int, int, int] = (20000, 10000, -10000, -20000)
    #: Equal final scores: ``"seat_order"`` (closer to the first dealer ranks higher)
    #: or ``"split"`` (tied places share their uma and oka, 同順位).
    tie_rule: str = "seat_order"
    #: Round final results to this many points (0: no unit); first place takes minus
    #: the sum of the others so results add up to zero.
    result_unit: int = 1000
    #: ``"none"``, ``"points_half_away"`` (round the points half away from zero, then
    #: subtract the return: Tenhou) or ``"five_down_six_up"`` (五捨六入 of points minus
    #: the return).
    result_rounding: str = "points_half_away"
    #: A score below zero ends the match (トビ).
    tobi: bool = True
    #: The dealer of the last hand who wins while on top ends the match (アガリやめ).
    agari_yame: bool = True
    #: The same for a dealer tenpai at an exhaustive draw of the last hand (テンパイやめ).
    tenpai_yame: bool = True
    #: A draw in the last hand ends the match even if the dealer is tenpai.
    last_hand_draw_ends: bool = False
    #: Riichi sticks left at the end go to the top player.
    leftover_sticks_to_top: bool = True
    #: Several rons on one tile: ``"head_bump"`` (only the first in turn order, 頭ハネ),
    #: ``"double_triple_draw"`` (two win, three is an abortive draw) or ``"all"``.
    multi_ron: str = "double_triple_draw"
    #: Discards banned right after a chi or pon (喰い替え): ``"allowed"``,
    #: ``"same_kind"`` or ``"same_kind_and_suji"``.
    kuikae: str = "same_kind_and_suji"
    #: In a multiple ron every winner collects the honba (else only the nearest one).
    multi_ron_honba_all: bool = False
    #: Kan dora of an open or added kan: ``"immediate"`` (先めくり) or
    #: ``"after_discard"`` (after the kan player's next discard).
    kan_dora_open: str = "after_discard"
    #: Flip a kan dora when an added kan is robbed.
    kan_dora_on_chankan: bool = False
    #: Least points a player needs to declare riichi.
    riichi_min_points: int = 1000
    #: Tiles that must be left in the live wall to declare riichi.
    riichi_min_wall: int = 4
    #: Points of one riichi stick.
    riichi_stick: int = 1000
    #: Points per honba on a ron; on a tsumo each payer pays an equal share.
    honba_ron: int = 300
    #: Noten payments at an exhaustive draw, in all (split among tenpai players).
    noten_total: int = 3000
    #: Nagashi mangan (流し満貫).
    nagashi_mangan: bool = True
    #: Abortive draw: nine different terminals and honors in a first draw (九種九牌).
    abort_nine_terminals: bool = True
    #: Abortive draw: the same wind discarded by all four in the first go-around (四風連打).
    abort_four_winds: bool = True
    #: Abortive draw: four kans by more than one player (四槓散了).
    abort_four_kans: bool = True
    #: Abortive draw: four players in riichi (四家立直).
    abort_four_riichi: bool = True
    #: A kan may be declared with no tile left to draw.
    kan_on_last_tile: bool = False
    #: Pao (liability) for feeding the third dragon set. A yakuman pao is paid when
    #: this and the scoring rules' ``pao_daisangen`` are both on.
    pao_big_dragons: bool = True
    #: Pao for feeding the fourth wind set (scoring: ``pao_daisuushii``).
    pao_big_winds: bool = True
    #: Pao for feeding the fourth kan (scoring: ``pao_suukantsu``).
    pao_four_kans: bool = False
    #: The discarder who fed an open kan pays the whole tsumo on its replacement tile
    #: (大明槓パオ).
    pao_daiminkan_rinshan: bool = False
    #: Match time limit in minutes, or None: once the caller reports the time is up
    #: (``Match.time_up()`` / ``elapsed()``), the hand in play is the last.
    time_limit_minutes: Optional[int] = None
    #: Thirteen orphans may rob a closed kan.
    kokushi_robs_ankan: bool = True
    #: Chombo penalty: ``"none"``, ``"mangan"`` (paid as a mangan tsumo) or points paid
    #: to each other player.
    chombo: Union[str, int] = "none"
    #: Wrong call penalty: points paid to each other player.
    wrong_call_each: int = 0
    #: Wrong ron penalty: points paid to each other player (the seat also forfeits
    #: winning for the rest of the hand).
    wrong_ron_each: int = 0
    #: Where the preset comes from (free text).
    source: str = ""
    _core: Any = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for key in _META:
            if not isinstance(getattr(self, key), str):
                raise InvalidRuleError(f"{key} = {getattr(self, key)!r}: expected text")
        if self.scoring not in SCORING_PRESETS:
            raise InvalidRuleError(f"scoring = {self.scoring!r}: expected a scoring preset ({', '.join(SCORING_PRESETS)})")
        # Sequences (a TOML array, a list, an array) become the tuple the field holds.
        if not isinstance(self.uma, (str, bytes, tuple)) and hasattr(self.uma, "__iter__"):
            try:
                object.__setattr__(self, "uma", tuple(int(x) if hasattr(x, "__index__") and not isinstance(x, bool) else x for x in itertools.islice(self.uma, 5)))
            except TypeError:
                raise InvalidRuleError(f"uma = {self.uma!r}: expected four integers of points (places 1..4)") from None
        # TOML has no null: "none" is accepted for "no time limit".
        if isinstance(self.time_limit_minutes, str) and self.time_limit_minutes == "none":
            object.__setattr__(self, "time_limit_minutes", None)
        # The core checks types, names, ranges and contradictions, naming the option.
        object.__setattr__(self, "_core", EngineRules("tenhou", **self.options()))

    # ---- construction -------------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> MatchRules:
        """A named preset: ``tenhou``, ``tenhou-sanma``, ``standard``, ``shiima-2025``,
        ``shiima-2026`` (also ``shiima``; ``_`` for ``-`` and any case).

        Example:
            >>> MatchRules.preset("tenhou-sanma").players
            3
        """
        if not isinstance(name, str):
            raise InvalidRuleError(f"preset = {name!r}: expected a preset name")
        key = name.lower().replace("_", "-")
        key = "shiima-2026" if key == "shiima" else key
        try:
            return MATCH_PRESETS[key]
        except KeyError:
            raise InvalidRuleError(f"unknown match rule preset {name!r} (known: {', '.join(MATCH_PRESETS)})") from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchRules:
        """Options from a mapping; ``preset`` (default ``tenhou``) gives the starting
        values, including the paired ``scoring`` preset.

        Example:
            >>> MatchRules.from_dict({"preset": "shiima-2025", "chombo": 8000}).chombo
            8000
        """
        if not isinstance(data, Mapping):
            raise InvalidRuleError(f"match rules = {data!r}: expected a mapping of options")
        data = dict(data)
        bad_keys = [k for k in data if not isinstance(k, str)]
        if bad_keys:
            raise InvalidRuleError(f"option names are text, got {bad_keys[0]!r}")
        start = cls.preset(data.pop("preset", "tenhou"))
        return start.replace(**data)

    @classmethod
    def from_toml(cls, path: Union[str, Path]) -> MatchRules:
        """Options from a TOML file (top-level keys, or a ``[match]`` table); ``uma``
        is an array, ``time_limit_minutes = "none"`` means no limit.

        Example:
            >>> import tempfile, os
            >>> p = os.path.join(tempfile.mkdtemp(), "m.toml")
            >>> _ = open(p, "w").write('preset = "tenhou"\\nlength = "east"\\numa = [15000, 5000, -5000, -15000]\\n')
            >>> MatchRules.from_toml(p).uma
            (15000, 5000, -5000, -15000)
        """
        data = read_rule_table(path, "match")
        try:
            return cls.from_dict(data)
        except InvalidRuleError as e:
            raise InvalidRuleError(f"{path}: {e}") from None

    def replace(self, **changes: Any) -> MatchRules:
        """A copy with some options changed (validated). Unless a ``name`` is given,
        a changed preset is named ``<preset>+custom`` so it is not mistaken for the
        preset.

        Example:
            >>> r = MatchRules.preset("tenhou").replace(tobi=False)
            >>> r.tobi, r.name
            (False, 'tenhou+custom')
        """
        known = {f.name for f in dataclasses.fields(self) if f.init}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise InvalidRuleError(f"unknown match rule option(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        new = dataclasses.replace(self, **changes)
        if "name" not in changes and new.options() != self.options() and not self.name.endswith("+custom"):
            object.__setattr__(new, "name", f"{self.name}+custom")
        return new

    def __reduce__(self) -> Any:
        # Pickle and copy by options (the core struct is rebuilt and revalidated).
        return (_rebuild, (self.to_dict(),))

    # ---- views --------------------------------------------------------------------

    def options(self) -> Dict[str, Any]:
        """The engine options alone (what the core receives), in the core's order.

        Example:
            >>> MatchRules.preset("standard").options()["multi_ron"]
            'all'
        """
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init and f.name not in _META}

    def to_dict(self) -> Dict[str, Any]:
        """Name, paired scoring preset, source and every option (``from_dict`` takes it
        back).

        Example:
            >>> MatchRules.from_dict(MatchRules.preset("shiima-2026").to_dict()) == MatchRules.preset("shiima-2026")
            True
        """
        return {"name": self.name, "scoring": self.scoring, "source": self.source, **self.options()}

    def to_toml(self) -> str:
        """The rule set as TOML text (``from_toml`` reads it back to an equal value).

        Example:
            >>> print(MatchRules.preset("tenhou").to_toml().splitlines()[0])
            name = "tenhou"
        """

        def value(v: Any) -> str:
            if v is None:
                return '"none"'
            if isinstance(v, bool):
                return "true" if v else "false"
            if isinstance(v, int):
                return str(v)
            if isinstance(v, tuple):
                return "[" + ", ".join(value(x) for x in v) + "]"
            return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'

        return "".join(f"{k} = {value(v)}\n" for k, v in self.to_dict().items())

    @property
    def core(self) -> EngineRules:
        """The struct passed to the Rust engine.

        Example:
            >>> MatchRules.preset("tenhou").core.as_dict()["players"]
            4
        """
        return self._core


def _rebuild(options: Dict[str, Any]) -> MatchRules:
    return MatchRules(**options)


def load_match_rules(rules: Union[None, str, MatchRules, Mapping[str, Any], Path]) -> MatchRules:
    """Accept a preset name, a MatchRules, a dict of options or a path to a TOML file
    (``None``: ``tenhou``).

    Example:
        >>> load_match_rules({"preset": "standard", "tobi": True}).tobi
        True
    """
    if rules is None:
        return MATCH_PRESETS["tenhou"]
    if isinstance(rules, MatchRules):
        return rules
    if isinstance(rules, Path) or (isinstance(rules, str) and rules.endswith(".toml")):
        return MatchRules.from_toml(rules)
    if isinstance(rules, str):
        return MatchRules.preset(rules)
    if isinstance(rules, Mapping):
        return MatchRules.from_dict(rules)
    raise InvalidRuleError(f"rules = {rules!r}: expected a match preset name, MatchRules, dict or .toml path")


# The presets, written out as the core's (tests/test_match_rules.py compares every
# field of each with `_core.EngineRules.preset`).
_TENHOU = MatchRules(
    name="tenhou",
    scoring="tenhou",
    source="Tenhou's four-player ranked lobbies, as the real records show (shared/data/tenhou)",
)
_TENHOU_SANMA = dataclasses.replace(
    _TENHOU,
    name="tenhou-sanma",
    source="Tenhou's three-player lobbies, as the real records show",
    players=3,
    chi=False,
    nuki=True,
    tsumo_loss=True,
    nuki_ron=True,
    honba_ron=200,
    start_points=35000,
    return_points=40000,
    uma=(20000, 0, -20000, 0),
    noten_total=2000,
    riichi_min_wall=3,
    abort_four_winds=False,
    abort_four_riichi=False,
)
_STANDARD = dataclasses.replace(
    _TENHOU,
    name="standard",
    scoring="standard",
    source="seed 001 (general riichi rule book); shared/rules/riichi.md",
    extension=False,
    uma=(0, 0, 0, 0),
    return_points=25000,
    result_unit=0,
    result_rounding="none",
    tobi=False,
    agari_yame=False,
    tenpai_yame=False,
    nagashi_mangan=False,
    kan_dora_open="immediate",
    multi_ron="all",
    multi_ron_honba_all=True,
    chombo="mangan",
)
_SHIIMA_2025 = dataclasses.replace(
    _TENHOU,
    name="shiima-2025",
    scoring="shiima-2025",
    source="seed 004 (Shiima club house rules), rules up to 2025",
    length="east",
    extension=False,
    uma=(10000, 5000, -5000, -10000),
    tie_rule="split",
    result_unit=1000,
    result_rounding="five_down_six_up",
    last_hand_draw_ends=True,
    multi_ron="head_bump",
    kan_dora_open="immediate",
    riichi_min_wall=0,
    nagashi_mangan=False,
    abort_nine_terminals=False,
    abort_four_winds=False,
    abort_four_kans=False,
    abort_four_riichi=False,
    pao_four_kans=True,
    pao_daiminkan_rinshan=True,
)
_SHIIMA_2026 = dataclasses.replace(
    _SHIIMA_2025,
    name="shiima-2026",
    scoring="shiima-2026",
    source="seed 004 (Shiima club house rules), rules from 2026",
    uma=(30000, 10000, -10000, -30000),
    chombo=1000,
    wrong_call_each=1000,
    wrong_ron_each=1000,
    time_limit_minutes=50,
)

#: The named presets.
MATCH_PRESETS: Dict[str, MatchRules] = {r.name: r for r in (_TENHOU, _TENHOU_SANMA, _STANDARD, _SHIIMA_2025, _SHIIMA_2026)}
