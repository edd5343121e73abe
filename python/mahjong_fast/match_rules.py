"""Match rules of the riichi engine: :class:`MatchRules`, its named presets, loading
from a preset name, a dict or a TOML file.

:class:`MatchRules` holds everything that happens between wins -- table size, match
length and its extension, points, uma and oka, ties and rounding, tobi and
agari-yame, multiple ron, kan dora timing, riichi conditions, abortive draws, pao,
penalties, the time limit, kuikae. What a single win is worth (yaku, fu, points) is
the scoring rules' business: :class:`mahjong_fast.RuleSet`. A match uses both:
``Match(rules=..., scoring=...)``; without ``scoring`` it scores with the scoring
preset paired with the match rules (their ``scoring`` option).

Options, kinds, defaults, docs and presets (``tenhou``, ``tenhou-sanma``, ``standard``,
``shiima-2025``, ``shiima-2026``) are declared once in the Rust core
(``engine/rules.rs``), which checks every value and the contradictions between them
(``docs/engine.md`` says which and why); the generated table with every preset's
values is ``docs/rules.md``.

Example:
    >>> from mahjong_fast import MatchRules
    >>> MatchRules.preset("shiima-2026").uma
    (30000, 10000, -10000, -30000)
    >>> MatchRules.from_dict({"preset": "tenhou", "length": "east", "tobi": False}).length
    'east'
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple, Union  # noqa: F401 (the generated annotations use them)

from mahjong_fast._core import EngineRules
from mahjong_fast._ruleset import RulesArg, RuleSetBase

__all__ = ["MatchRules", "MATCH_PRESETS", "load_match_rules"]


class MatchRules(RuleSetBase, core=EngineRules, toml_table="match"):
    """Every flow rule of a riichi match (what happens between wins; the table:
    ``docs/rules.md``).

    Build one from a preset (:meth:`preset`), a dict (:meth:`from_dict`), a TOML file
    (:meth:`from_toml`) or keywords; change options with :meth:`replace`. The core
    checks every option and raises :class:`InvalidRuleError` naming the bad one.
    Pass it as ``rules=`` to :class:`Match`, :func:`self_play` or
    :func:`final_result`. Enum options are short strings, amounts are points.

    Example:
        >>> from mahjong_fast import MatchRules, final_result
        >>> r = MatchRules.preset("tenhou").replace(uma=(30000, 10000, -10000, -30000))
        >>> final_result([40000, 30000, 20000, 10000], r)["results"]
        [60.0, 10.0, -20.0, -50.0]
    """

    __slots__ = ()

    # --- options: generated from the core's metadata by `python -m mahjong_fast.rule_docs`; do not edit ---
    scoring: str
    players: int
    chi: bool
    nuki: bool
    tsumo_loss: bool
    nuki_ron: bool
    length: str
    extension: bool
    start_points: int
    return_points: int
    uma: Tuple[int, int, int, int]
    tie_rule: str
    result_unit: int
    result_rounding: str
    tobi: bool
    agari_yame: bool
    tenpai_yame: bool
    last_hand_draw_ends: bool
    leftover_sticks_to_top: bool
    multi_ron: str
    kuikae: str
    multi_ron_honba_all: bool
    kan_dora_open: str
    kan_dora_on_chankan: bool
    riichi_min_points: int
    riichi_min_wall: int
    riichi_stick: int
    honba_ron: int
    noten_total: int
    nagashi_mangan: bool
    abort_nine_terminals: bool
    abort_four_winds: bool
    abort_four_kans: bool
    abort_four_riichi: bool
    kan_on_last_tile: bool
    pao_big_dragons: bool
    pao_big_winds: bool
    pao_four_kans: bool
    pao_daiminkan_rinshan: bool
    time_limit_minutes: Optional[int]
    kokushi_robs_ankan: bool
    chombo: Union[str, int]
    wrong_call_each: int
    wrong_ron_each: int
    # --- end of options ---


def load_match_rules(rules: RulesArg) -> MatchRules:
    """Accept a preset name, a MatchRules, a dict of options or a path to a TOML file
    (None: ``tenhou``).

    Example:
        >>> load_match_rules({"preset": "standard", "tobi": True}).tobi
        True
    """
    return MatchRules.load(rules)


#: The named presets.
MATCH_PRESETS: Dict[str, MatchRules] = {name: MatchRules.preset(name) for name in MatchRules.preset_names()}
