"""mahjong_fast: exact and fast mahjong rules with a Rust core.

Riichi mahjong (hand decomposition, shanten, waits, scoring), Taiwan 16-tile
mahjong (tai and flowers) and Shanghai solitaire (layouts, play, solver).

Example:
    >>> import mahjong_fast as mf
    >>> mf.to_mpsz("0m5m1z")
    '05m1z'
    >>> mf.shanten("123m456p789s1122z"), mf.waits("123m456p789s1122z")
    (0, ['1z', '2z'])
"""

from typing import TYPE_CHECKING

from mahjong_fast import errors, results
from mahjong_fast._core import (
    Match,
    Meld,
    RlTable,
    SolitaireBoard,
    SolitaireLayout,
    Tile,
    VecEnv,
    __version__,
    decompose,
    discards,
    final_result,
    from_counts,
    is_agari,
    list_log_files,
    parse_tiles,
    parse_wind,
    read_log,
    self_play,
    shanten,
    shanten_detail,
    to_counts,
    to_ids,
    to_mpsz,
    to_unicode,
    ukeire,
    verify_logs,
    waits,
)
from mahjong_fast._lazy import lazy
from mahjong_fast.errors import *  # noqa: F403  (the error classes: declared once, in errors.py)
from mahjong_fast.match_rules import MATCH_PRESETS, MatchRules
from mahjong_fast.riichi import Scorer, ScoreResult, YakuHan, nagashi_mangan, points, score
from mahjong_fast.rules import PRESETS, RuleSet
from mahjong_fast.solitaire import Game as SolitaireGame

# Loaded on first use: the batch calls and their results import NumPy, the Taiwan
# package many modules; `import mahjong_fast` and the scalar calls need neither.
__getattr__, __dir__ = lazy(
    globals(),
    {
        "BatchResult": "mahjong_fast.batch:BatchResult",
        "ErrorTable": "mahjong_fast.batch:ErrorTable",
        "shanten_batch": "mahjong_fast.hand_batches:shanten_batch",
        "is_agari_batch": "mahjong_fast.hand_batches:is_agari_batch",
        "decomposition_count_batch": "mahjong_fast.hand_batches:decomposition_count_batch",
        "score_many": "mahjong_fast.riichi_batch:score_many",
        "taiwan": "mahjong_fast.taiwan",
    },
)
if TYPE_CHECKING:
    from mahjong_fast import taiwan
    from mahjong_fast.batch import BatchResult, ErrorTable
    from mahjong_fast.hand_batches import decomposition_count_batch, is_agari_batch, shanten_batch
    from mahjong_fast.riichi_batch import score_many

__all__ = [
    "RlTable",
    "VecEnv",
    "BatchResult",
    "ErrorTable",
    "Match",
    "MATCH_PRESETS",
    "MatchRules",
    "Meld",
    "PRESETS",
    "RuleSet",
    "ScoreResult",
    "YakuHan",
    "SolitaireBoard",
    "SolitaireGame",
    "SolitaireLayout",
    "Tile",
    "__version__",
    "decompose",
    "decomposition_count_batch",
    "discards",
    "is_agari",
    "is_agari_batch",
    "shanten",
    "shanten_batch",
    "shanten_detail",
    "ukeire",
    "waits",
    "final_result",
    "from_counts",
    "list_log_files",
    "parse_tiles",
    "parse_wind",
    "read_log",
    "score",
    "Scorer",
    "score_many",
    "points",
    "nagashi_mangan",
    "self_play",
    "to_counts",
    "to_ids",
    "to_mpsz",
    "to_unicode",
    "verify_logs",
    "results",
    "taiwan",
    "errors",
]
__all__ += errors.__all__
