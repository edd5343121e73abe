"""The state of a Taiwan round as a phase type: each phase is a small frozen class
carrying exactly the data that phase needs, and the round moves from one to the next
by explicit transitions (see :class:`~mahjong_fast.taiwan.round.TaiwanRound`).

- :class:`Act`: a seat holds one tile more than a waiting hand: it may win, kong,
  declare a flower win or discard;
- :class:`Claim`: a discard lies open: win on it, call it, or let the next seat draw;
- :class:`Steal`: the holder of seven flowers may take the replacement of the eighth;
- :class:`Rob`: a tile added to a pung may be robbed before its replacement;
- :class:`Ended`: the round is over, with its :class:`RoundResult`.

The records of the end, :class:`WinRecord` and :class:`RoundResult`, live here too.
Every class has ``to_dict()`` (JSON-ready) and ``from_dict``, equality and pickling.

Example:
    >>> Claim("5m", 0, first_turn=True).to_dict()
    {'phase': 'claim', 'tile': '5m', 'discarder': 0, 'declined': [], 'last_tile': False, 'dealer_first': False, 'first_turn': True}
    >>> phase_from_dict(_) == Claim("5m", 0, first_turn=True)
    True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Dict, FrozenSet, List, Optional, Union

from mahjong_fast._core import InvalidHandError
from mahjong_fast.taiwan.payments import Payment
from mahjong_fast.taiwan.scoring import TaiwanScore

#: Where the acting seat's last tile came from (``Act.source``).
SOURCES = ("deal", "live", "flower", "call", "concealed_kong", "added_kong", "exposed_kong", "stolen_flower")
#: The kinds of win a round records.
WIN_KINDS = ("normal", "seven_rob_one", "eight_immortals")


def _check(cls: Any, data: Any) -> Dict[str, Any]:
    # A to_dict() output of `cls` (its fields, plus the phase name of a phase).
    if not isinstance(data, dict):
        raise InvalidHandError(f"{cls.__name__}.from_dict: expected a dict, got {type(data).__name__}")
    d = dict(data)
    if hasattr(cls, "name") and d.pop("phase", cls.name) != cls.name:
        raise InvalidHandError(f"{cls.__name__}.from_dict: phase {data.get('phase')!r} is not {cls.name!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    if set(d) - names:
        raise InvalidHandError(f"{cls.__name__}.from_dict: unknown field(s) {', '.join(sorted(map(str, set(d) - names)))}")
    return d


@dataclass
class WinRecord:
    """One win of a round: a normal hand, 七搶一 or 八仙過海, and its payments.

    Example:
        >>> WinRecord("normal", 0, None, None, True, []).kind
        'normal'
    """

    kind: str  # "normal", "seven_rob_one" or "eight_immortals"
    winner: int
    score: Optional[TaiwanScore]
    discarder: Optional[int]  # the payer of a discard-like win (七搶一: the single-flower holder)
    self_draw: bool
    payments: List[Payment]

    def to_dict(self) -> Dict[str, Any]:
        """Plain values for JSON (:meth:`from_dict` reads them back).

        Example:
            >>> WinRecord("normal", 0, None, None, True, []).to_dict()["self_draw"]
            True
        """
        return {"kind": self.kind, "winner": self.winner, "score": None if self.score is None else self.score.to_dict(),
                "discarder": self.discarder, "self_draw": self.self_draw,
                "payments": [p.to_dict() for p in self.payments]}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> WinRecord:
        """The record :meth:`to_dict` wrote.

        Example:
            >>> w = WinRecord("normal", 0, None, None, True, [Payment(1, 0, 2, 140, "normal")])
            >>> WinRecord.from_dict(w.to_dict()) == w
            True
        """
        d = _check(cls, data)
        s = d.get("score")
        d["score"] = None if s is None else TaiwanScore.from_dict(s)
        d["payments"] = [Payment.from_dict(p) for p in d.get("payments", [])]
        return cls(**d)


@dataclass
class RoundResult:
    """How a round ended: wins (with payments), each seat's delta, whether the dealer keeps.

    Example:
        >>> RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True).outcome
        'exhaustive_draw'
    """

    outcome: str  # "win" or "exhaustive_draw"
    wins: List[WinRecord]
    deltas: List[int]
    dealer_keeps: bool

    @property
    def payments(self) -> List[Payment]:
        """Every payment of every win.

        Example:
            >>> RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True).payments
            []
        """
        return [p for w in self.wins for p in w.payments]

    def to_dict(self) -> Dict[str, Any]:
        """Plain values for JSON (:meth:`from_dict` reads them back).

        Example:
            >>> RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True).to_dict()["deltas"]
            [0, 0, 0, 0]
        """
        return {"outcome": self.outcome, "wins": [w.to_dict() for w in self.wins], "deltas": list(self.deltas),
                "dealer_keeps": self.dealer_keeps}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> RoundResult:
        """The result :meth:`to_dict` wrote.

        Example:
            >>> r = RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True)
            >>> RoundResult.from_dict(r.to_dict()) == r
            True
        """
        d = _check(cls, data)
        d["wins"] = [WinRecord.from_dict(w) for w in d.get("wins", [])]
        return cls(**d)


class _Phase:
    """What every phase shares: its name, ``to_dict`` and ``from_dict``."""

    name: ClassVar[str]

    def to_dict(self) -> Dict[str, Any]:
        """Plain values for JSON, with the phase's name under ``"phase"``.

        Example:
            >>> Rob(1, "5p").to_dict()
            {'phase': 'rob', 'seat': 1, 'tile': '5p'}
        """
        d: Dict[str, Any] = {"phase": self.name}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            if isinstance(v, frozenset):
                v = sorted(v)
            elif isinstance(v, RoundResult):
                v = v.to_dict()
            d[f.name] = v
        return d

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Any:
        """The phase :meth:`to_dict` wrote.

        Example:
            >>> Rob.from_dict({"phase": "rob", "seat": 1, "tile": "5p"})
            Rob(seat=1, tile='5p')
        """
        d = _check(cls, data)
        try:
            return cls(**d)
        except TypeError as e:
            raise InvalidHandError(f"{cls.__name__}.from_dict: {e}") from None


@dataclass(frozen=True)
class Act(_Phase):
    """``seat`` holds a tile more than a waiting hand and acts: ``tsumo``,
    ``declare_flower_win`` (when ``chance`` names one), a kong, or ``discard``.

    ``source`` is where its last tile came from (one of :data:`SOURCES`), ``drawn``
    that tile (``None`` after a call or for the dealer's dealt hand), ``last_tile``
    whether it was the last live tile.

    Example:
        >>> Act(0, "deal").to_dict()["source"]
        'deal'
    """

    name: ClassVar[str] = "act"
    seat: int
    source: str
    drawn: Optional[str] = None
    last_tile: bool = False
    chance: Optional[str] = None  # "seven_rob_one" / "eight_immortals": may be declared now


@dataclass(frozen=True)
class Claim(_Phase):
    """``tile`` was just discarded by ``discarder``: others may ``ron``, ``pung``,
    ``exposed_kong``, the next seat ``chow``; ``decline`` passes on a win; ``draw``
    lets the next seat draw. ``declined`` are the seats that passed.

    ``last_tile``: discarded after the last live draw (河底); ``dealer_first``: the
    dealer's first discard; ``first_turn``: discarded in the first go-around, nobody
    having called.

    Example:
        >>> Claim("5m", 0).declined
        frozenset()
    """

    name: ClassVar[str] = "claim"
    tile: str
    discarder: int
    declined: FrozenSet[int] = field(default_factory=frozenset)
    last_tile: bool = False
    dealer_first: bool = False
    first_turn: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "declined", frozenset(self.declined))


@dataclass(frozen=True)
class Steal(_Phase):
    """``exposer`` exposed the eighth flower; ``thief`` holds the other seven and may
    take its replacement tile (``declare_flower_win``, 七搶一) or ``decline``.

    Example:
        >>> Steal(1, 2).thief
        1
    """

    name: ClassVar[str] = "steal"
    thief: int
    exposer: int


@dataclass(frozen=True)
class Rob(_Phase):
    """``seat`` added ``tile`` to its pung: others may ``ron`` it (搶槓) before
    ``proceed`` gives ``seat`` its replacement.

    Example:
        >>> Rob(1, "5p").tile
        '5p'
    """

    name: ClassVar[str] = "rob"
    seat: int
    tile: str


@dataclass(frozen=True)
class Ended(_Phase):
    """The round is over: ``result`` holds the wins, payments and deltas.

    Example:
        >>> Ended(RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True)).result.outcome
        'exhaustive_draw'
    """

    name: ClassVar[str] = "ended"
    result: RoundResult

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Ended:
        """The phase :meth:`to_dict` wrote.

        Example:
            >>> e = Ended(RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True))
            >>> Ended.from_dict(e.to_dict()) == e
            True
        """
        d = _check(cls, data)
        return cls(RoundResult.from_dict(d.get("result")))  # type: ignore[arg-type]


#: Every phase of a round.
Phase = Union[Act, Claim, Steal, Rob, Ended]
_PHASES: Dict[str, Any] = {c.name: c for c in (Act, Claim, Steal, Rob, Ended)}


def phase_from_dict(data: Dict[str, Any]) -> Phase:
    """The phase a ``to_dict()`` output names under ``"phase"``.

    Example:
        >>> phase_from_dict({"phase": "steal", "thief": 1, "exposer": 2})
        Steal(thief=1, exposer=2)
    """
    name = data.get("phase") if isinstance(data, dict) else None
    if name not in _PHASES:
        raise InvalidHandError(f"phase {name!r}: expected one of {', '.join(_PHASES)}")
    return _PHASES[name].from_dict(data)  # type: ignore[no-any-return]
