"""Taiwan 16-tile mahjong: rule sets, tai scoring, payments and the flower tiles.

Tai patterns over hand shapes are computed in the Rust core (every split of the hand
is tried and the best one wins). This package holds what is configuration or round
logic, one module each:

- :mod:`~mahjong_fast.taiwan.rules`: the rule set (:class:`TaiwanRules`, presets);
- :mod:`~mahjong_fast.taiwan.flowers`: flowers, winds and tile tokens;
- :mod:`~mahjong_fast.taiwan.scoring`: :func:`score`, flower wins, waits, shanten;
- :mod:`~mahjong_fast.taiwan.batch`: :func:`score_batch` in the batch convention;
- :mod:`~mahjong_fast.taiwan.payments`: payments and settlement;
- :mod:`~mahjong_fast.taiwan.wall` and :mod:`~mahjong_fast.taiwan.round`: the wall
  and the flower round of seed 003 (:class:`TaiwanRound`), driven tile by tile;
  :mod:`~mahjong_fast.taiwan.phases`: its state, one class per phase, and its records;
- :mod:`~mahjong_fast.taiwan.match`: a whole match (:class:`TaiwanMatch`: dealer
  rotation, 連莊, the prevailing winds, every hand settled) and
  :mod:`~mahjong_fast.taiwan.selfplay`: random legal play (:func:`play_random`,
  :func:`self_play`);
- :mod:`~mahjong_fast.taiwan.args`: the argument checks all of them share.

``rules=`` is everywhere a :class:`TaiwanRules`, a preset name, a dict of options or
a TOML file path (:func:`load_rules`).

Example:
    >>> from mahjong_fast import taiwan
    >>> s = taiwan.score("123m456m789m234p567p55s", win_tile="7p")
    >>> s.total, [p.name_zh for p in s.patterns]
    (3, ['門清', '平胡'])
"""

from typing import TYPE_CHECKING

from mahjong_fast._lazy import lazy
from mahjong_fast.taiwan.flowers import FLOWERS, flower_names, parse_flowers, parse_wind
from mahjong_fast.taiwan.match import HandRecord, TaiwanMatch, play_random
from mahjong_fast.taiwan.payments import Payment, settle, win_payments
from mahjong_fast.taiwan.phases import Act, Claim, Ended, Phase, Rob, RoundResult, Steal, WinRecord
from mahjong_fast.taiwan.round import TaiwanRound
from mahjong_fast.taiwan.rules import PRESETS, TaiwanRules, load_rules
from mahjong_fast.taiwan.scoring import TaiEntry, TaiwanScore, flower_win_score, score, shanten, waits
from mahjong_fast.taiwan.selfplay import RandomPlayers, self_play
from mahjong_fast.taiwan.wall import build_wall

# The batch calls need NumPy: loaded on first use.
__getattr__, __dir__ = lazy(
    globals(),
    {name: f"mahjong_fast.taiwan.batch:{name}" for name in ("pattern_keys", "sample_winning_hands", "score_batch", "wins_to_columns")},
)
if TYPE_CHECKING:
    from mahjong_fast.taiwan.batch import pattern_keys, sample_winning_hands, score_batch, wins_to_columns

__all__ = [
    "FLOWERS",
    "PRESETS",
    "TaiwanRules",
    "TaiEntry",
    "TaiwanScore",
    "Payment",
    "WinRecord",
    "RoundResult",
    "TaiwanRound",
    "TaiwanMatch",
    "HandRecord",
    "RandomPlayers",
    "play_random",
    "self_play",
    "Phase",
    "Act",
    "Claim",
    "Steal",
    "Rob",
    "Ended",
    "load_rules",
    "parse_flowers",
    "flower_names",
    "parse_wind",
    "score",
    "flower_win_score",
    "score_batch",
    "wins_to_columns",
    "pattern_keys",
    "sample_winning_hands",
    "waits",
    "shanten",
    "win_payments",
    "settle",
    "build_wall",
]
