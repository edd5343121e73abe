"""A Taiwan match: hand after hand of :class:`~mahjong_fast.taiwan.round.TaiwanRound`,
the deal rotating, until the prevailing winds of the rules have been played.

- The dealer keeps the deal (連莊) when he wins, or after an exhaustive draw when
  ``rules.dealer_keeps_on_draw``; each deal kept adds to ``consecutive``, whose dealer
  tai (``rules.dealer_tai``: 莊家 + N × (連莊 + 拉莊), 1 + 2N by default) enters the
  payments the dealer takes part in.
- Otherwise the deal passes to the next seat and ``consecutive`` is 0 again; when it
  comes back to seat 0 the prevailing wind moves on (East, South, West, North), and
  the match ends after ``rules.match_winds`` winds.
- Every hand is settled by its round (payments, deltas); the match adds the deltas
  to the points, so the points always sum to zero.

The wall of hand ``k`` is the 144 tiles shuffled by a generator seeded with the
match's ``seed`` and ``k``: a match is reproducible from its seed and rules.

Example:
    >>> m = TaiwanMatch(seed=7)
    >>> m.number, m.dealer, m.round_wind, m.round.phase
    (0, 0, 0, 'act')
    >>> play_random(m, seed=1)
    >>> m.ended, sum(m.points), len(m.hands) >= 16
    (True, 0, True)
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from mahjong_fast._core import ArgumentError, IllegalActionError, InvalidHandError, MahjongError
from mahjong_fast.errors import argument_error
from mahjong_fast.taiwan.args import MAX_CONSECUTIVE, int_arg, seat_arg
from mahjong_fast.taiwan.phases import RoundResult
from mahjong_fast.taiwan.round import TaiwanRound
from mahjong_fast.taiwan.rules import RulesLike, TaiwanRules, load_rules
from mahjong_fast.taiwan.wall import full_set

__all__ = ["HandRecord", "TaiwanMatch", "play_random"]

#: Seeds are unsigned 64-bit integers, as in every self-play command.
MAX_SEED = 2**64 - 1


def _seed_arg(seed: Any) -> int:
    return int_arg("seed", seed, 0, MAX_SEED, ArgumentError)


def match_wall(seed: int, number: int) -> List[str]:
    """The wall of hand ``number`` of the match seeded ``seed``: the 144 tiles in draw
    order.

    Example:
        >>> w = match_wall(7, 0); len(w), w == match_wall(7, 0), w == match_wall(7, 1)
        (144, True, False)
    """
    seed = _seed_arg(seed)
    number = int_arg("number", number, 0, 2**32 - 1, ArgumentError)
    wall = full_set()
    # One generator per hand: a hand's wall does not depend on how earlier hands went.
    random.Random(seed * 2**32 + number).shuffle(wall)
    return wall


@dataclass
class HandRecord:
    """One hand of a match: its number, who dealt, the prevailing wind, the deals the
    dealer had kept, and the round's :class:`~mahjong_fast.taiwan.phases.RoundResult`.

    Example:
        >>> h = HandRecord(0, 0, 0, 0, RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True))
        >>> HandRecord.from_dict(h.to_dict()) == h
        True
    """

    number: int
    dealer: int
    round_wind: int
    consecutive: int
    result: RoundResult

    def to_dict(self) -> Dict[str, Any]:
        """Plain values for JSON (:meth:`from_dict` reads them back).

        Example:
            >>> HandRecord(0, 0, 0, 0, RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True)).to_dict()["dealer"]
            0
        """
        return {"number": self.number, "dealer": self.dealer, "round_wind": self.round_wind,
                "consecutive": self.consecutive, "result": self.result.to_dict()}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> HandRecord:
        """The record :meth:`to_dict` wrote.

        Example:
            >>> d = {"number": 0, "dealer": 1, "round_wind": 0, "consecutive": 0,
            ...      "result": {"outcome": "exhaustive_draw", "wins": [], "deltas": [0, 0, 0, 0], "dealer_keeps": True}}
            >>> HandRecord.from_dict(d).dealer
            1
        """
        if not isinstance(data, dict) or set(data) != {"number", "dealer", "round_wind", "consecutive", "result"}:
            raise InvalidHandError(f"HandRecord.from_dict: expected number, dealer, round_wind, consecutive, result; got {data!r:.80}")
        return cls(int_arg("number", data["number"], 0, 2**32 - 1), seat_arg("dealer", data["dealer"]),
                   int_arg("round_wind", data["round_wind"], 0, 3),
                   int_arg("consecutive", data["consecutive"], 0, MAX_CONSECUTIVE),
                   RoundResult.from_dict(data["result"]))


class TaiwanMatch:
    """A whole Taiwan match from a seed: the current :attr:`round`, the hands played
    (:attr:`hands`), the points, the dealer, the prevailing wind and ``consecutive``.

    Play the current round with its actions; once it has ended, :meth:`next_hand`
    settles it into the match and deals the next one (or ends the match).
    :func:`play_random` plays a match to its end with random legal actions.

    A match compares equal to its copy, pickles, and round-trips through
    :meth:`to_dict` / :meth:`from_dict` (JSON-ready), in the middle of a hand too.

    Example:
        >>> m = TaiwanMatch(seed=3, rules="seed003")
        >>> m.rules.name, m.points, m.ended
        ('seed003', [0, 0, 0, 0], False)
        >>> m.next_hand()
        Traceback (most recent call last):
        ...
        mahjong_fast.IllegalActionError: hand 0 has not ended (phase 'act'): play it first
    """

    def __init__(self, seed: int = 0, rules: RulesLike = None) -> None:
        self.seed = _seed_arg(seed)
        self.rules: TaiwanRules = load_rules(rules)
        self.points = [0, 0, 0, 0]
        self.dealer = 0
        self.round_wind = 0
        self.consecutive = 0
        self.hands: List[HandRecord] = []
        self.round: Optional[TaiwanRound] = self._deal()

    @property
    def number(self) -> int:
        """The number of the current hand (0 for the first), or of hands played once ended.

        Example:
            >>> TaiwanMatch().number
            0
        """
        return len(self.hands)

    @property
    def ended(self) -> bool:
        """True once the last prevailing wind has been played.

        Example:
            >>> TaiwanMatch().ended
            False
        """
        return self.round is None

    def _deal(self) -> TaiwanRound:
        return TaiwanRound(match_wall(self.seed, len(self.hands)), dealer=self.dealer, round_wind=self.round_wind,
                           consecutive=min(self.consecutive, MAX_CONSECUTIVE), rules=self.rules)

    def next_hand(self) -> Optional[TaiwanRound]:
        """Settle the ended round into the match, rotate the deal, and deal the next
        hand (returned), or end the match (``None``).

        Example:
            >>> m = TaiwanMatch(seed=5)
            >>> play_random(m, seed=2, hands=1)  # plays the first hand only
            >>> m.round.phase
            'ended'
            >>> nxt = m.next_hand(); m.number, sum(m.points)
            (1, 0)
        """
        r = self.round
        if r is None:
            raise IllegalActionError("the match has ended: there is no next hand")
        res = r.result
        if res is None:
            raise IllegalActionError(f"hand {self.number} has not ended (phase {r.phase!r}): play it first")
        if sum(res.deltas) != 0:  # a round's payments always balance; a bug otherwise
            raise InvalidHandError(f"hand {self.number}: deltas {res.deltas} do not sum to zero")
        self.hands.append(HandRecord(len(self.hands), self.dealer, self.round_wind, self.consecutive, res))
        self.points = [p + d for p, d in zip(self.points, res.deltas)]
        keeps = res.dealer_keeps if res.outcome == "win" else self.rules.dealer_keeps_on_draw
        if keeps:
            self.consecutive += 1
        else:
            self.consecutive = 0
            self.dealer = (self.dealer + 1) % 4
            if self.dealer == 0:
                self.round_wind += 1
        if self.round_wind >= self.rules.match_winds:
            self.round_wind = self.rules.match_winds - 1  # the last wind played
            self.round = None
        else:
            self.round = self._deal()
        return self.round

    def standings(self) -> List[int]:
        """Seats from most points to fewest (ties: the lower seat first).

        Example:
            >>> TaiwanMatch().standings()
            [0, 1, 2, 3]
        """
        return sorted(range(4), key=lambda s: (-self.points[s], s))

    def summary(self) -> Dict[str, Any]:
        """Counts of the hands so far: hands, wins, self_draws, flower_wins,
        exhaustive_draws, deals_kept, most_consecutive, and the points.

        Example:
            >>> TaiwanMatch().summary()["hands"]
            0
        """
        wins = [w for h in self.hands for w in h.result.wins]
        return {
            "hands": len(self.hands),
            "wins": sum(1 for h in self.hands if h.result.outcome == "win"),
            "self_draws": sum(1 for w in wins if w.kind == "normal" and w.self_draw),
            "flower_wins": sum(1 for w in wins if w.kind != "normal"),
            "exhaustive_draws": sum(1 for h in self.hands if h.result.outcome == "exhaustive_draw"),
            "deals_kept": sum(1 for h in self.hands if h.consecutive > 0),
            "most_consecutive": max((h.consecutive for h in self.hands), default=0),
            "points": list(self.points),
        }

    # --- values ---------------------------------------------------------------------

    def to_dict(self) -> Dict[str, Any]:
        """The match as plain values for JSON (the current round's whole state included);
        :meth:`from_dict` rebuilds it.

        Example:
            >>> m = TaiwanMatch(seed=1); d = m.to_dict()
            >>> d["seed"], d["round"]["state"]["phase"], TaiwanMatch.from_dict(d) == m
            (1, 'act', True)
        """
        return {"seed": self.seed, "rules": self.rules.to_dict(), "points": list(self.points), "dealer": self.dealer,
                "round_wind": self.round_wind, "consecutive": self.consecutive,
                "hands": [h.to_dict() for h in self.hands],
                "round": None if self.round is None else self.round.to_dict()}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> TaiwanMatch:
        """The match :meth:`to_dict` wrote (nothing is played again).

        Example:
            >>> TaiwanMatch.from_dict(TaiwanMatch(seed=2).to_dict()).seed
            2
        """
        keys = {"seed", "rules", "points", "dealer", "round_wind", "consecutive", "hands", "round"}
        if not isinstance(data, dict) or set(data) != keys:
            got = sorted(map(str, data)) if isinstance(data, dict) else type(data).__name__
            raise InvalidHandError(f"TaiwanMatch.from_dict: expected the keys {', '.join(sorted(keys))}; got {got}")
        m = cls.__new__(cls)
        try:
            m.seed = _seed_arg(data["seed"])
            m.rules = load_rules(data["rules"])
            pts = data["points"]
            if not isinstance(pts, list) or len(pts) != 4:
                raise InvalidHandError(f"TaiwanMatch.from_dict: points must be four integers, got {pts!r:.60}")
            m.points = [int_arg("points", p, -(2**63), 2**63 - 1) for p in pts]
            m.dealer = seat_arg("dealer", data["dealer"])
            m.round_wind = int_arg("round_wind", data["round_wind"], 0, 3)
            m.consecutive = int_arg("consecutive", data["consecutive"], 0, 2**32 - 1)
            m.hands = [HandRecord.from_dict(h) for h in data["hands"]]
            m.round = None if data["round"] is None else TaiwanRound.from_dict(data["round"])
        except (TypeError, ValueError) as e:
            if isinstance(e, MahjongError):
                raise
            raise InvalidHandError(f"TaiwanMatch.from_dict: not a match's to_dict() ({type(e).__name__}: {e})") from None
        if sum(m.points) != sum(sum(h.result.deltas) for h in m.hands):
            raise InvalidHandError("TaiwanMatch.from_dict: the points are not the sum of the hands' deltas")
        return m

    def to_json(self) -> str:
        """:meth:`to_dict` as one line of JSON.

        Example:
            >>> m = TaiwanMatch(seed=4); TaiwanMatch.from_dict(json.loads(m.to_json())) == m
            True
        """
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TaiwanMatch):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # a match changes as it is played

    def __reduce__(self) -> Any:
        return (TaiwanMatch.from_dict, (self.to_dict(),))

    def __repr__(self) -> str:
        state = "ended" if self.round is None else f"hand {self.number} {self.round.phase}"
        return (f"TaiwanMatch(seed={self.seed}, rules={self.rules.name!r}, {state}, wind={'ESWN'[self.round_wind]}, "
                f"dealer={self.dealer}, consecutive={self.consecutive}, points={self.points})")


def play_random(match: TaiwanMatch, seed: int = 0, hands: Optional[int] = None, greed: float = 1.0) -> None:
    """Play ``match`` on with random legal actions: to its end, or ``hands`` hands
    (the last one left ended, not settled).

    The players (:class:`~mahjong_fast.taiwan.selfplay.RandomPlayers`) take every win
    and flower win offered; otherwise they choose at random among the legal actions,
    discarding with probability ``greed`` (0-1) one of the tiles that keep the hand
    nearest to ready, so that hands are won as well as drawn.

    Example:
        >>> m = TaiwanMatch(seed=11); play_random(m, seed=0)
        >>> m.ended, sum(m.points), all(sum(h.result.deltas) == 0 for h in m.hands)
        (True, 0, True)
    """
    from mahjong_fast.taiwan.selfplay import RandomPlayers

    if not isinstance(match, TaiwanMatch):
        raise argument_error("match", f"match = {type(match).__name__}: expected a TaiwanMatch")
    limit = None if hands is None else int_arg("hands", hands, 1, 2**32 - 1, ArgumentError)
    players = RandomPlayers(seed, greed)
    played = 0
    while match.round is not None:
        if match.round.result is not None:
            if limit is not None and played >= limit:
                return
            match.next_hand()
            continue
        players.play_round(match.round)
        played += 1
