"""The shapes of the plain-data results: what calls that return dicts return.

These are ``TypedDict`` declarations. The values are ordinary ``dict`` objects, so
they are already JSON-ready, pickle, compare by value and print readably; the stubs
name them as return types, so a type checker knows every key. (Results with behavior,
such as ``ScoreResult`` or ``Match``, are classes with ``to_dict()`` instead.)

Example:
    >>> import mahjong_fast as mf
    >>> from mahjong_fast.results import PointsTable
    >>> t: PointsTable = mf.points(3, 30)
    >>> sorted(t) == sorted(PointsTable.__annotations__)
    True
"""

from __future__ import annotations

from typing import List, Optional, Tuple, TypedDict, Union


class PointsTable(TypedDict):
    """What a han / fu count pays (``points``).

    Example:
        >>> import mahjong_fast as mf
        >>> mf.points(4, 30)["ron"]
        7700
    """

    base: int
    limit: str
    ron: int
    tsumo_dealer: int
    tsumo_non_dealer: int
    total: int


class NagashiPayments(TypedDict):
    """What a nagashi mangan pays (``nagashi_mangan``).

    Example:
        >>> import mahjong_fast as mf
        >>> mf.nagashi_mangan(0)["deltas"]
        [12000, -4000, -4000, -4000]
    """

    points: int
    honba_points: int
    tsumo_dealer: int
    tsumo_non_dealer: int
    deltas: List[int]


# -- riichi logs and the engine ---------------------------------------------------


class RoundStartEvent(TypedDict):
    """A hand begins: round wind 0-3, hand number, counters, dealer, scores, the first
    dora indicator and each seat's dealt tiles (136-ids; None where a log hides them).

    Example:
        >>> import mahjong_fast as mf
        >>> e: RoundStartEvent = mf.Match("tenhou", seed=1).events()[0]
        >>> e["type"], e["dealer"], len(e["hands"][0])
        ('round_start', 0, 13)
    """

    type: str
    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: List[int]
    dora_indicator: int
    hands: List[List[Optional[int]]]


class DrawEvent(TypedDict):
    """A seat draws ``tile`` (None when the log hides it).

    Example:
        >>> DrawEvent(type="draw", seat=0, tile=5)["tile"]
        5
    """

    type: str
    seat: int
    tile: Optional[int]


class DiscardEvent(TypedDict):
    """A seat discards ``tile`` (``tsumogiri``: the tile just drawn).

    Example:
        >>> DiscardEvent(type="discard", seat=0, tile=5, tsumogiri=True)["tsumogiri"]
        True
    """

    type: str
    seat: int
    tile: int
    tsumogiri: bool


class SeatEvent(TypedDict):
    """``riichi`` (declared) or ``riichi_stick`` (the stick was paid) by a seat.

    Example:
        >>> SeatEvent(type="riichi", seat=2)["seat"]
        2
    """

    type: str
    seat: int


# "from" is a Python keyword, so these two are declared in the functional form.
CallEvent = TypedDict(
    "CallEvent", {"type": str, "seat": int, "kind": str, "tiles": List[int], "called": int, "from": int}
)
CallEvent.__doc__ = """A meld called or declared: ``kind`` (chi, pon, daiminkan, kakan, ankan), its
tiles, the called tile and whom it came from (``from``: 0 self, 1 right, 2 across, 3 left).

Example:
    >>> CallEvent(type="call", seat=1, kind="pon", tiles=[4, 5, 6], called=6, **{"from": 2})["from"]
    2
"""


class NukiEvent(TypedDict):
    """Three-player: a north pulled aside.

    Example:
        >>> NukiEvent(type="nuki", seat=0, tile=120)["tile"]
        120
    """

    type: str
    seat: int
    tile: int


class DoraEvent(TypedDict):
    """A new dora indicator is revealed.

    Example:
        >>> DoraEvent(type="dora", indicator=7)["indicator"]
        7
    """

    type: str
    indicator: int


WinEvent = TypedDict(
    "WinEvent",
    {
        "type": str, "seat": int, "from": int, "hand": List[int], "win_tile": Optional[int], "han": int, "fu": int,
        "points": int, "yaku": List[Tuple[int, int]], "yakuman": List[int], "dora_indicators": List[int],
        "ura_indicators": List[int], "deltas": List[int], "pao": Optional[int],
    },
)
WinEvent.__doc__ = """A win as recorded: seat, ``from`` (the discarder, or the winner on a tsumo),
hand, han, fu, points, yaku (Tenhou ids and han), indicators and every seat's score change.

Example:
    >>> sorted(WinEvent.__annotations__)[:3]
    ['deltas', 'dora_indicators', 'from']
"""


class RyuukyokuEvent(TypedDict):
    """A drawn hand: its ``kind``, the score changes and the hands shown.

    Example:
        >>> RyuukyokuEvent(type="ryuukyoku", kind="exhaustive", deltas=[0] * 4, shown=[None] * 4)["kind"]
        'exhaustive'
    """

    type: str
    kind: str
    deltas: List[int]
    shown: List[Optional[List[int]]]


class GameEndEvent(TypedDict):
    """The match ended: final scores and the recorded results (None when absent).

    Example:
        >>> GameEndEvent(type="game_end", scores=[250] * 4, results=None)["results"] is None
        True
    """

    type: str
    scores: List[int]
    results: Optional[List[float]]


#: One event of a log or of ``Match.events()``: look at its ``"type"``.
LogEvent = Union[
    RoundStartEvent, DrawEvent, DiscardEvent, SeatEvent, CallEvent, NukiEvent, DoraEvent, WinEvent,
    RyuukyokuEvent, GameEndEvent,
]


class LogRules(TypedDict):
    """The rules a log declares (Tenhou's game type bits and what they mean).

    Example:
        >>> sorted(LogRules.__annotations__)
        ['aka', 'custom', 'go_type', 'hanchan', 'kuitan', 'sanma']
    """

    go_type: int
    aka: bool
    kuitan: bool
    hanchan: bool
    sanma: bool
    custom: bool


class GameLog(TypedDict):
    """One game of a log file (``read_log``).

    Example:
        >>> sorted(GameLog.__annotations__)
        ['events', 'hidden_tiles', 'names', 'rules', 'source']
    """

    source: str
    rules: LogRules
    names: List[str]
    hidden_tiles: bool
    events: List[LogEvent]


class VerifyReport(TypedDict, total=False):
    """What replaying one game through the engine found (``verify_logs``); a file
    that could not be read gives only ``source``, ``ok``, ``supported``, ``error`` and
    ``problems``.

    Example:
        >>> "wins_matched" in VerifyReport.__annotations__
        True
    """

    source: str
    ok: bool
    supported: bool
    note: str
    rounds: int
    rounds_legal: int
    rounds_scored: int
    rounds_skipped: int
    wins: int
    wins_matched: int
    riichi_unverified: int
    riichi_checked: int
    final_checked: bool
    final_matched: bool
    complete: bool
    truncated: bool
    rounds_truncated: int
    kuikae_accepted: int
    uma_from_record: Optional[List[float]]
    fingerprint: str
    hands: List[Tuple[str, List[int]]]
    problems: List[str]
    error: Optional[str]


class ScoredLogWin(TypedDict):
    """One win of a log, replayed and scored (``score_logs``), beside the record.

    Example:
        >>> "matches_record" in ScoredLogWin.__annotations__
        True
    """

    source: str
    round_wind: str
    hand_number: int
    honba: int
    dealer: int
    winner: int
    from_who: int
    tsumo: bool
    han: int
    fu: int
    yakuman: int
    limit: str
    base: int
    points: int
    yaku: str
    dora: int
    ura: int
    aka: int
    kita: int
    hand: str
    win_tile: Optional[str]
    delta0: int
    recorded0: int
    delta1: int
    recorded1: int
    delta2: int
    recorded2: int
    delta3: int
    recorded3: int
    matches_record: bool


class Action(TypedDict, total=False):
    """An engine action (``Match.legal_actions`` lists them with their ``seat``):
    ``type`` plus ``tile`` (discard, riichi, ankan, kakan, nuki) or ``tiles`` (chi,
    pon: the two tiles from hand).

    Example:
        >>> import mahjong_fast as mf
        >>> m = mf.Match("tenhou", seed=1)
        >>> a: Action = m.legal_actions(m.to_act()[0])[0]
        >>> a["type"], a["seat"]
        ('discard', 0)
    """

    type: str
    seat: int
    tile: int
    tiles: List[int]


class MatchResult(TypedDict):
    """Final scores, ranks (1 = first) and results (uma and oka applied).

    Example:
        >>> import mahjong_fast as mf
        >>> r: MatchResult = mf.final_result([35000, 25000, 25000, 15000])
        >>> r["ranks"]
        [1, 2, 3, 4]
    """

    scores: List[int]
    ranks: List[int]
    results: List[float]


class SelfPlayTotals(TypedDict):
    """Totals of random self-play (``self_play``).

    Example:
        >>> import mahjong_fast as mf
        >>> t: SelfPlayTotals = mf.self_play(1, seed=2)
        >>> t["matches"], t["hands"] >= 1
        (1, True)
    """

    matches: int
    hands: int
    decisions: int
    wins: int
    draws: int


# -- Shanghai solitaire ------------------------------------------------------------


class Proof(TypedDict, total=False):
    """Why a position is lost: ``kind`` "dead_group" (``group``, ``face``, ``slots``:
    a face whose copies block each other), "cycle" (``slots``), "stuck", or
    "exhausted" (``nodes``: the whole tree was searched).

    Example:
        >>> Proof(kind="stuck")["kind"]
        'stuck'
    """

    kind: str
    group: int
    face: str
    slots: List[int]
    nodes: int


class SolveResult(TypedDict):
    """A solver verdict ("solvable", "unsolvable", "unknown" when the budget ran
    out), a solution from the position (pairs of slots), the proof of a loss, and the
    cost (search nodes, microseconds).

    Example:
        >>> from mahjong_fast import solitaire
        >>> r: SolveResult = solitaire.solve(solitaire.Board(solitaire.layout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"]))
        >>> r["verdict"], r["solution"], r["proof"]
        ('solvable', [(0, 1)], None)
    """

    verdict: str
    solution: List[Tuple[int, int]]
    nodes: int
    micros: int
    proof: Optional[Proof]


class Deal(TypedDict):
    """A solvable deal: a face code per slot, a solution, the method that made it
    ("uniform", "reverse" or "reverse-fallback") and the attempts it took.

    Example:
        >>> from mahjong_fast._core import solitaire_deal, SolitaireLayout
        >>> d: Deal = solitaire_deal(SolitaireLayout.builtin("pyramid"), 1, "reverse")
        >>> len(d["faces"]), len(d["solution"]), d["method"]
        (144, 72, 'reverse')
    """

    faces: List[int]
    solution: List[Tuple[int, int]]
    method: str
    attempts: int


class SurveySummary(TypedDict):
    """What ``summarize`` makes of a survey or ``solve_many`` result: verdict
    counts, the unsolvable share of the decided deals (None when none was decided)
    with its 95% Wilson interval ``[low, high]``, and the median / p99 / max solve
    time in milliseconds (CPU time of the solving thread).

    Example:
        >>> from mahjong_fast.solitaire import summarize, survey
        >>> s: SurveySummary = summarize(survey("turtle", 4, seed=2026))
        >>> sorted(s) == sorted(SurveySummary.__annotations__)
        True
    """

    deals: int
    solvable: int
    unsolvable: int
    unknown: int
    unsolvable_share: Optional[float]
    unsolvable_ci95: List[float]
    ms_median: float
    ms_p99: float
    ms_max: float


class AtlasRow(SurveySummary):
    """One layout of the solvability atlas (``atlas_row``, ``atlas``): the survey
    summary of its uniform deals, its name, tiles, sets dealt (KMahjongg's rule past
    144 tiles) and layers, the shares of deals the reverse generator makes on its
    first face-blind clearing and that one random playout wins (uniform and
    reverse-built), and the seconds the row took (wall, and CPU of all threads).

    Example:
        >>> from mahjong_fast.solitaire_batch import atlas_row
        >>> r: AtlasRow = atlas_row("pyramid", 4)
        >>> sorted(r) == sorted(AtlasRow.__annotations__), r["tiles"]
        (True, 144)
    """

    layout: str
    tiles: int
    sets: int
    layers: int
    reverse_first_try: Optional[float]
    random_play_uniform: Optional[float]
    random_play_reverse: Optional[float]
    wall_seconds: float
    cpu_seconds: float


class Rating(TypedDict):
    """A deal's difficulty (``solitaire_difficulty.rate``): the solver's verdict and
    search nodes, each simple player's win share (0-1), the rating (0-100) and its
    band ("easy", "medium", "hard", "expert").

    Example:
        >>> from mahjong_fast.solitaire import Game
        >>> from mahjong_fast.solitaire_difficulty import rate
        >>> r: Rating = rate(Game("turtle", seed=1).board, playouts=4)
        >>> sorted(r) == sorted(Rating.__annotations__)
        True
    """

    verdict: str
    nodes: int
    random: float
    greedy: float
    careful: float
    rating: float
    band: str


class BandRating(Rating):
    """The rating of a deal made to a band (``deal_in_band``), with what backs
    the claim: ``in_band_chance``, the chance that a rating from fresh games lands
    in the band, from each player's win share over ``check_playouts`` further
    games; ``tries``, the deals rated before this one was kept.

    Example:
        >>> from mahjong_fast.solitaire_difficulty import deal_in_band
        >>> faces, r = deal_in_band("turtle", "expert", seed=4)
        >>> r["band"], r["in_band_chance"] >= 0.9
        ('expert', True)
    """

    in_band_chance: float
    check_playouts: int
    tries: int


__all__ = [
    "Action",
    "AtlasRow",
    "BandRating",
    "CallEvent",
    "Deal",
    "DiscardEvent",
    "DoraEvent",
    "DrawEvent",
    "GameEndEvent",
    "GameLog",
    "LogEvent",
    "LogRules",
    "MatchResult",
    "NukiEvent",
    "PointsTable",
    "Proof",
    "Rating",
    "RoundStartEvent",
    "RyuukyokuEvent",
    "ScoredLogWin",
    "SeatEvent",
    "SelfPlayTotals",
    "SolveResult",
    "SurveySummary",
    "VerifyReport",
    "WinEvent",
]


class LogHand(TypedDict):
    """One hand of a log (``score_log_tables``): how it ended (``result``: ron, tsumo,
    double_ron, a draw kind or unfinished), the winner and the discarder, and per seat
    the score at its start, the recorded change (riichi sticks put down count as
    -1,000), riichi, calls and tiles drawn.

    Example:
        >>> "result" in LogHand.__annotations__
        True
    """

    source: str
    hand_index: int
    round_wind: str
    hand_number: int
    honba: int
    sticks: int
    dealer: int
    result: str
    winner: Optional[int]
    discarder: Optional[int]
    start0: int
    delta0: int
    riichi0: bool
    calls0: int
    draws0: int
    start1: int
    delta1: int
    riichi1: bool
    calls1: int
    draws1: int
    start2: int
    delta2: int
    riichi2: bool
    calls2: int
    draws2: int
    start3: int
    delta3: int
    riichi3: bool
    calls3: int
    draws3: int


class LogGame(TypedDict):
    """One game of a log (``score_log_tables``): per seat the final points, the place
    (ties to the seat nearest the first dealer) and the recorded rated result
    (thousands of points, uma and oka included; None when not recorded); the number of
    hands, whether the log runs to the match's end and whether the replay verified it.

    Example:
        >>> "rank0" in LogGame.__annotations__
        True
    """

    source: str
    players: int
    hands: int
    complete: bool
    first_dealer: int
    final0: int
    rank0: int
    result0: Optional[float]
    final1: int
    rank1: int
    result1: Optional[float]
    final2: int
    rank2: int
    result2: Optional[float]
    final3: int
    rank3: int
    result3: Optional[float]
    verified: bool
    supported: bool
