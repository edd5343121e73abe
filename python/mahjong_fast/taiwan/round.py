"""One hand of Taiwan mahjong driven action by action, with the flowers of seed 003.

The round's state is a phase (:mod:`~mahjong_fast.taiwan.phases`) plus the table:
the wall, hands, flowers, melds, discards and the events so far. Every action checks
everything first and only then changes the round, so a refused action (an
``IllegalActionError`` or another ``MahjongError``) leaves it as it was.

Example:
    >>> hands = ["1289m129p19s1234567z8p", "234m567m345p678p23s55s", "1389m139p19s1234567z", "1479m147p19s1234567z"]
    >>> r = TaiwanRound(build_wall(hands, draws="4s"))
    >>> r.discard(0, "8p"); r.draw(); r.tsumo(1).deltas  # first draw: 地胡 16 + 門清自摸 3
    [-500, 1460, -480, -480]
"""

from __future__ import annotations

import json
import zlib
from collections import deque
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from mahjong_fast._core import IllegalActionError, InvalidHandError, MahjongError, Meld
from mahjong_fast.taiwan.args import MAX_CONSECUTIVE, int_arg, seat_arg
from mahjong_fast.taiwan.flowers import FLOWER_ALIASES, is_flower, parse_wind, tokens
from mahjong_fast.taiwan.payments import settle, win_payments
from mahjong_fast.taiwan.phases import (
    Act,
    Claim,
    Ended,
    Phase,
    Rob,
    RoundResult,
    Steal,
    WinRecord,
    phase_from_dict,
)
from mahjong_fast.taiwan.rules import RulesLike, TaiwanRules, load_rules
from mahjong_fast.taiwan.scoring import TaiwanScore, flower_win_score, score, waits
from mahjong_fast.taiwan.wall import build_wall, check_wall  # noqa: F401 (build_wall: the examples build walls)

# What a win on a replacement tile is scored as (score(replacement=...)), by Act.source.
_REPLACEMENT_OF = {"flower": "flower", "concealed_kong": "concealed_kong", "added_kong": "added_kong",
                   "exposed_kong": "exposed_kong", "stolen_flower": "stolen_flower"}


def _one_tile(tile: Any, what: str) -> str:
    """One tile token from ``tile`` (``"5m"``), or IllegalActionError naming ``what``."""
    if not isinstance(tile, str):
        raise IllegalActionError(f"{what} {tile!r:.40}: give one tile as text, e.g. '5m'")
    toks = tokens(tile)
    if len(toks) != 1:
        raise IllegalActionError(f"{what} {tile!r:.40}: give exactly one tile, e.g. '5m'")
    return toks[0]


def _meld_to_dict(m: Meld) -> Dict[str, Any]:
    return {"kind": m.kind, "tiles": m.tiles, "called": str(m.called), "from_seat": m.from_seat}


def _meld_from_dict(d: Dict[str, Any]) -> Meld:
    return Meld(d["kind"], d["tiles"], called=d["called"], from_seat=d["from_seat"])


_SNAPSHOT_MAGIC = b"MFTR"
_SNAPSHOT_VERSION = 1


class TaiwanRound:
    """One hand of Taiwan mahjong from a given wall, driven action by action.

    The wall is a list of tokens in draw order: index 0 is the live end, the last
    element the back end (replacements after a flower or a kong come from there).
    The deal takes 4 tiles per seat four times, dealer first, then the dealer's 17th;
    then every seat exposes its flowers and replaces them from the back, dealer
    first, until no flower comes (``rules.opening_replacement``), all before the
    dealer's first discard, so that 天胡 and 地胡 stay possible.

    Drawn flowers are exposed and replaced at once. A flower drawn as the last live
    tile is exposed without replacement and the hand is an exhaustive draw. A
    replacement is possible while more than ``exhaustive_reserve`` (+ per kong)
    tiles remain.

    ``state`` is the phase (:class:`~mahjong_fast.taiwan.phases.Act`, ``Claim``,
    ``Steal``, ``Rob`` or ``Ended``) with its data; ``phase`` is its name. ``act``:
    ``turn`` may ``tsumo``, ``declare_flower_win``, kong or ``discard``; ``claim``
    (after a discard): ``ron``, ``pung``, ``chow``, ``exposed_kong``, ``decline`` or
    ``draw`` for the next seat; ``steal``: the holder of seven flowers may
    ``declare_flower_win`` on the replacement of the 8th flower another seat
    exposed, or ``decline``; ``rob``: others may ``ron`` the tile of an added kong,
    or ``proceed``; ``ended``: see ``result``.

    A round pickles, compares equal to its copy, and round-trips through
    :meth:`to_dict` / :meth:`from_dict` (JSON-ready).

    Example:
        >>> hands = ["123456789m12345678p", "123456789s1234567s", "1112223334445556z", "123456789m1234567p"]
        >>> r = TaiwanRound(build_wall(hands, draws="9s"))
        >>> r.phase, r.turn, len(r.hands[0])
        ('act', 0, 17)
        >>> r.discard(0, "8p"); r.draw(); r.turn, r.hands[1][-1]
        (1, '9s')
        >>> r.state
        Act(seat=1, source='live', drawn='9s', last_tile=False, chance=None)
    """

    def __init__(self, wall: Sequence[str], dealer: int = 0, round_wind: Union[int, str] = 0,
                 consecutive: int = 0, rules: RulesLike = None) -> None:
        rs = load_rules(rules)
        dealer = seat_arg("dealer", dealer)
        rnd = parse_wind(round_wind)
        consecutive = int_arg("consecutive", consecutive, 0, MAX_CONSECUTIVE)
        if isinstance(wall, str) or not hasattr(wall, "__iter__"):
            raise InvalidHandError(f"wall {wall!r:.40}: expected a sequence of tile tokens in draw order")
        toks = tokens(list(wall))
        check_wall(toks)
        if len(toks) < 65 + rs.exhaustive_reserve:
            raise InvalidHandError(f"a wall of {len(toks)} tiles cannot deal four hands and keep {rs.exhaustive_reserve}")
        self.rules: TaiwanRules = rs
        self.dealer = dealer
        self.round_wind = rnd
        self.consecutive = consecutive
        self.wall: deque = deque(toks)
        self.hands: List[List[str]] = [[], [], [], []]
        self.flowers: List[List[str]] = [[], [], [], []]
        self.melds: List[List[Meld]] = [[], [], [], []]
        self.discards: List[List[str]] = [[], [], [], []]
        self.events: List[Tuple[Any, ...]] = []
        self._kongs = 0
        self._draws = [0, 0, 0, 0]  # live draws per seat
        self._interrupted = False  # a call or a kong ended the first go-around
        self._n_discards = 0
        # A flower win made by the opening replacements, declarable at that seat's first draw.
        self._opening_chance: Optional[Tuple[int, str]] = None
        # Seats that declared ready with their first discard (地聽): their hand is fixed.
        self.ready: List[int] = []
        self.state: Phase = self._deal()

    # --- queries ---------------------------------------------------------------

    @property
    def phase(self) -> str:
        """The name of the phase: act, claim, steal, rob or ended.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> TaiwanRound(build_wall(hands)).phase
            'act'
        """
        return self.state.name

    @property
    def turn(self) -> Optional[int]:
        """The seat the phase is about: who acts, who discarded, who exposed the 8th
        flower, whose kong may be robbed; ``None`` once the round ended.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands)); r.discard(0, "8p"); r.turn
            0
        """
        s = self.state
        if isinstance(s, (Act, Rob)):
            return s.seat
        if isinstance(s, Claim):
            return s.discarder
        if isinstance(s, Steal):
            return s.exposer
        return None

    @property
    def result(self) -> Optional[RoundResult]:
        """How the round ended, once it has.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> TaiwanRound(build_wall(hands)).result is None
            True
        """
        return self.state.result if isinstance(self.state, Ended) else None

    def seat_wind(self, seat: int) -> int:
        """The seat's wind: the dealer is East.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> [r.seat_wind(s) for s in range(4)]
            [0, 1, 2, 3]
        """
        return (seat_arg("seat", seat) - self.dealer) % 4

    @property
    def live_tiles_left(self) -> int:
        """Tiles that can still be drawn before the exhaustive draw.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> TaiwanRound(build_wall(hands)).live_tiles_left  # 144 - 65 dealt - 16 kept
            63
        """
        reserve = self.rules.exhaustive_reserve + self.rules.reserve_per_kong * self._kongs
        return max(0, len(self.wall) - reserve)

    def flower_win_chance(self) -> Optional[Tuple[int, str]]:
        """The seat that may declare a flower win now and its kind, if any.

        Example:
            >>> hands = ['1289m129p19s1z春夏秋冬梅蘭菊', '234m567m345p678p23s5s竹', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, replacements="7p8p9p2s3s5s5s4s"))
            >>> r.flower_win_chance()  # the dealer holds seven flowers, seat 1 the eighth
            (0, 'seven_rob_one')
        """
        s = self.state
        if isinstance(s, Act) and s.chance is not None:
            return (s.seat, s.chance)
        if isinstance(s, Steal):
            return (s.thief, "seven_rob_one")
        return None

    # --- values ---------------------------------------------------------------------

    def to_dict(self) -> Dict[str, Any]:
        """The whole round as plain values for JSON; :meth:`from_dict` rebuilds it.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands)); r.discard(0, "8p")
            >>> d = r.to_dict(); d["state"]["phase"], TaiwanRound.from_dict(d) == r
            ('claim', True)
        """
        return {
            "rules": self.rules.to_dict(), "dealer": self.dealer, "round_wind": self.round_wind,
            "consecutive": self.consecutive, "wall": list(self.wall), "hands": [list(h) for h in self.hands],
            "flowers": [list(f) for f in self.flowers], "melds": [[_meld_to_dict(m) for m in ms] for ms in self.melds],
            "discards": [list(d) for d in self.discards], "events": [list(e) for e in self.events],
            "kongs": self._kongs, "draws": list(self._draws), "interrupted": self._interrupted,
            "n_discards": self._n_discards,
            "opening_chance": None if self._opening_chance is None else list(self._opening_chance),
            "ready": list(self.ready),
            "state": self.state.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> TaiwanRound:
        """The round :meth:`to_dict` wrote (no deal is played again).

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> TaiwanRound.from_dict(r.to_dict()).hands == r.hands
            True
        """
        if not isinstance(data, dict):
            raise InvalidHandError(f"TaiwanRound.from_dict: expected a dict, got {type(data).__name__}")
        r = cls.__new__(cls)
        try:
            r.rules = load_rules(data["rules"])
            r.dealer = seat_arg("dealer", data["dealer"])
            r.round_wind = parse_wind(data["round_wind"])
            r.consecutive = int_arg("consecutive", data["consecutive"], 0, MAX_CONSECUTIVE)
            r.wall = deque(tokens(list(data["wall"])))
            r.hands = [tokens(list(h)) for h in data["hands"]]
            r.flowers = [tokens(list(f)) for f in data["flowers"]]
            r.melds = [[_meld_from_dict(m) for m in ms] for ms in data["melds"]]
            r.discards = [tokens(list(d)) for d in data["discards"]]
            r.events = [tuple(e) for e in data["events"]]
            r._kongs = int_arg("kongs", data["kongs"], 0, 16)
            r._draws = [int_arg("draws", d, 0, 144) for d in data["draws"]]
            r._interrupted = bool(data["interrupted"])
            r._n_discards = int_arg("n_discards", data["n_discards"], 0, 144)
            oc = data["opening_chance"]
            r._opening_chance = None if oc is None else (seat_arg("opening_chance seat", oc[0]), str(oc[1]))
            # Rounds written before 地聽 existed have no "ready".
            r.ready = sorted({seat_arg("ready seat", x) for x in data.get("ready", [])})
            r.state = phase_from_dict(data["state"])
        except (KeyError, IndexError, TypeError, ValueError) as e:
            if isinstance(e, MahjongError):
                raise
            raise InvalidHandError(f"TaiwanRound.from_dict: not a round's to_dict() ({type(e).__name__}: {e})") from None
        if len(r.hands) != 4 or len(r.flowers) != 4 or len(r.melds) != 4 or len(r.discards) != 4 or len(r._draws) != 4:
            raise InvalidHandError("TaiwanRound.from_dict: hands, flowers, melds, discards and draws need four seats")
        return r

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text (one line, tiles as written); :meth:`from_json`
        reads it back.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands)); r.discard(0, "8p")
            >>> TaiwanRound.from_json(r.to_json()) == r
            True
        """
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> TaiwanRound:
        """The round :meth:`to_json` wrote; text that is not one raises `InvalidHandError`.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> TaiwanRound.from_json(TaiwanRound(build_wall(hands)).to_json()).phase
            'act'
        """
        if not isinstance(text, str):
            raise InvalidHandError(f"TaiwanRound.from_json: expected text (str), got {type(text).__name__}")
        try:
            data = json.loads(text)
        except ValueError as e:
            raise InvalidHandError(f"TaiwanRound.from_json: not JSON ({e})") from None
        return cls.from_dict(data)

    def snapshot(self) -> bytes:
        """The round as bytes at any point of play: ``MFTR``, a version byte, then its
        :meth:`to_json` text compressed (zlib, whose checksum refuses damaged bytes).
        :meth:`restore` rebuilds an equal round with the same future.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands)); r.discard(0, "8p")
            >>> data = r.snapshot()
            >>> data[:4], TaiwanRound.restore(data) == r
            (b'MFTR', True)
        """
        return _SNAPSHOT_MAGIC + bytes([_SNAPSHOT_VERSION]) + zlib.compress(self.to_json().encode("utf-8"), 6)

    @classmethod
    def restore(cls, data: Union[bytes, bytearray, memoryview]) -> TaiwanRound:
        """The round :meth:`snapshot` wrote; other or damaged bytes raise `InvalidHandError`.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> TaiwanRound.restore(TaiwanRound(build_wall(hands)).snapshot()).dealer
            0
        """
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise InvalidHandError(f"TaiwanRound.restore: data must be bytes, got {type(data).__name__}")
        raw = bytes(data)
        if raw[:4] != _SNAPSHOT_MAGIC or len(raw) < 6:
            raise InvalidHandError('TaiwanRound.restore: not a round snapshot (it starts with "MFTR")')
        if raw[4] != _SNAPSHOT_VERSION:
            raise InvalidHandError(f"TaiwanRound.restore: version {raw[4]} is not readable here (version {_SNAPSHOT_VERSION})")
        try:
            text = zlib.decompress(raw[5:]).decode("utf-8")
        except (zlib.error, UnicodeDecodeError):
            raise InvalidHandError("TaiwanRound.restore: the bytes are damaged") from None
        return cls.from_json(text)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TaiwanRound):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # a round changes as it is played

    def __reduce__(self) -> Any:
        return (TaiwanRound.from_dict, (self.to_dict(),))

    def __repr__(self) -> str:
        fl = " ".join("".join(f) or "-" for f in self.flowers)
        return (f"TaiwanRound({self.state!r}, dealer={self.dealer}, wall={len(self.wall)} left, "
                f"flowers=[{fl}], events={len(self.events)})")

    # --- dealing and drawing ------------------------------------------------------

    def _deal(self) -> Phase:
        for _ in range(4):
            for k in range(4):
                s = (self.dealer + k) % 4
                for _ in range(4):
                    self.hands[s].append(self.wall.popleft())
        self.hands[self.dealer].append(self.wall.popleft())
        self.events.append(("deal",))
        # Opening replacements, dealer first, before the dealer's first discard.
        while True:
            any_flower = False
            for k in range(4):
                s = (self.dealer + k) % 4
                while True:
                    fl = [t for t in self.hands[s] if is_flower(t)]
                    if not fl:
                        break
                    any_flower = True
                    for f in fl:
                        self.hands[s].remove(f)
                        self.flowers[s].append(f)
                        self.events.append(("flower", s, f))
                        if self.live_tiles_left == 0:
                            return self._exhaustive()
                        t = self.wall.pop()
                        self.hands[s].append(t)
                        self.events.append(("replace", s, t))
                    if self.rules.opening_replacement == "rounds":
                        break
            if not any_flower:
                break
        chance = self._flower_win_kind_for_any()
        if chance and chance[0] == self.dealer:
            return Act(self.dealer, "deal", chance=chance[1])
        self._opening_chance = chance
        return Act(self.dealer, "deal")

    def _flower_win_kind_for_any(self) -> Optional[Tuple[int, str]]:
        counts = [len(f) for f in self.flowers]
        for s in range(4):
            if counts[s] == 8:
                return (s, "eight_immortals")
            if counts[s] == 7 and 1 in counts:
                return (s, "seven_rob_one")
        return None

    def _flower_win_kind(self, seat: int) -> Optional[str]:
        counts = [len(f) for f in self.flowers]
        if counts[seat] == 8:
            return "eight_immortals"
        if counts[seat] == 7 and any(counts[o] == 1 for o in range(4) if o != seat):
            return "seven_rob_one"
        return None

    def _take(self, seat: int, back: bool, source: str) -> None:
        """``seat`` takes a tile (flowers exposed and replaced from the back): the
        transition to ``Act``, ``Steal`` or ``Ended``."""
        while True:
            if self.live_tiles_left == 0:
                self.state = self._exhaustive()
                return
            t = self.wall.pop() if back else self.wall.popleft()
            self.events.append(("draw" if not back else "replace", seat, t))
            if not is_flower(t):
                break
            self.flowers[seat].append(t)
            self.events.append(("flower", seat, t))
            if self.live_tiles_left == 0:
                # Seed 003: a flower drawn as the last tile is exposed, with no
                # replacement, and the hand is drawn.
                self.state = self._exhaustive()
                return
            if sum(len(f) for f in self.flowers) == 8:
                thief = next((o for o in range(4) if o != seat and len(self.flowers[o]) == 7), None)
                if thief is not None:
                    # The holder of seven may take this replacement tile (七搶一).
                    self.state = Steal(thief, seat)
                    return
            back, source = True, "flower"
        self.hands[seat].append(t)
        chance = None
        if source == "flower":
            chance = self._flower_win_kind(seat)
        elif source == "live":
            self._draws[seat] += 1
            if self._opening_chance and self._opening_chance[0] == seat:
                if self._draws[seat] == 1:
                    chance = self._opening_chance[1]
                self._opening_chance = None
        self.state = Act(seat, source, t, self.live_tiles_left == 0, chance)

    def _exhaustive(self) -> Ended:
        self.events.append(("exhaustive_draw",))
        return Ended(RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True))

    def _need(self, phase: type, seat: Any = None) -> Any:
        """The current phase if it is ``phase`` (and ``seat`` a seat 0-3), else refuse."""
        if seat is not None:
            seat_arg("seat", seat, IllegalActionError)
        if not isinstance(self.state, phase):
            raise IllegalActionError(f"not possible in phase {self.phase!r} (needs {phase.name!r})")  # type: ignore[attr-defined]
        return self.state

    def _acting(self, seat: Any, what: str) -> Act:
        s: Act = self._need(Act, seat)
        if seat != s.seat:
            raise IllegalActionError(f"seat {seat} cannot {what}: it is seat {s.seat}'s turn")
        return s

    def _not_ready(self, seat: int) -> None:
        if seat in self.ready:
            raise IllegalActionError(f"seat {seat} declared ready (地聽): its hand cannot change")

    def _check_holds(self, seat: int, tile: str, n: int = 1) -> None:
        if self.hands[seat].count(tile) < n:
            raise IllegalActionError(f"seat {seat} does not hold {n} x {tile} (hand: {''.join(sorted(self.hands[seat]))})")

    def _remove(self, seat: int, tile: str, n: int = 1) -> None:
        self._check_holds(seat, tile, n)
        for _ in range(n):
            self.hands[seat].remove(tile)

    # --- actions ------------------------------------------------------------------

    def discard(self, seat: int, tile: str) -> None:
        """The acting seat discards ``tile``; a pending flower-win chance is lost.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> r.discard(0, "8p"); r.phase
            'claim'
        """
        s = self._acting(seat, "discard")
        t = _one_tile(tile, "discard")
        self._check_holds(seat, t)
        if seat in self.ready and t != s.drawn:
            raise IllegalActionError(f"seat {seat} declared ready (地聽): it can only discard the tile it drew ({s.drawn})")
        # The transition: Act -> Claim.
        self._remove(seat, t)
        dealer_first = seat == self.dealer and not self.discards[seat]
        first_turn = not self._interrupted and self._n_discards < 4
        self.discards[seat].append(t)
        self.events.append(("discard", seat, t))
        self._n_discards += 1
        self.state = Claim(t, seat, frozenset(), s.last_tile, dealer_first, first_turn)

    def declare_ready(self, seat: int, tile: str) -> None:
        """The acting seat discards ``tile`` as its first discard and declares its hand
        ready (地聽): nobody has called, the 16 tiles left wait on a tile, and the rules
        score it (``ready_on_first_discard``). From then on the seat discards what it
        draws, and calls or kongs nothing, until it wins.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="7z4s"), rules="atawmj2009")
            >>> r.discard(0, "8p"); r.draw(); r.declare_ready(1, "7z"); r.ready
            [1]
            >>> r.draw(); r.discard(2, "4s"); r.ron(1).wins[0].score.keys()  # 地聽 4, no 門清
            ['all_chows', 'ready_on_first_discard']
        """
        s = self._acting(seat, "declare ready")
        t = _one_tile(tile, "declare_ready discard")
        self._check_holds(seat, t)
        if not self.rules.ready_on_first_discard:
            raise IllegalActionError("these rules have no 地聽 (ready_on_first_discard is 0)")
        if self.discards[seat] or self._interrupted or s.source not in ("deal", "live", "flower"):
            raise IllegalActionError(f"seat {seat} can declare ready only with its first discard, nobody having called")
        rest = list(self.hands[seat])
        rest.remove(t)
        if not waits("".join(rest)):
            raise IllegalActionError(f"seat {seat}: {''.join(sorted(rest))} after discarding {t} is not ready")
        self.discard(seat, t)
        self.ready.append(seat)
        self.events.append(("declare_ready", seat, t))

    def draw(self) -> None:
        """Nobody claims the discard: the next seat draws from the live end.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> r.discard(0, "8p"); r.draw(); r.turn, r.hands[1][-1]
            (1, '4s')
        """
        c: Claim = self._need(Claim)
        self._take((c.discarder + 1) % 4, back=False, source="live")

    def decline(self, seat: int) -> None:
        """Pass: a seven-flower holder passes on 七搶一 (the chance is lost), or a
        seat passes on winning the current discard.

        Example:
            >>> hands = ['1289m129p19s1234567z4s', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands))
            >>> r.discard(0, "4s"); r.decline(1); r.state.declined
            frozenset({1})
        """
        seat_arg("seat", seat, IllegalActionError)
        s = self.state
        if isinstance(s, Steal):
            if seat != s.thief:
                raise IllegalActionError(f"seat {seat} has no flower win to decline (seat {s.thief} has)")
            self.events.append(("decline", seat))
            self._take(s.exposer, back=True, source="flower")
            return
        c: Claim = self._need(Claim, seat)
        if seat == c.discarder:
            raise IllegalActionError(f"seat {seat} discarded {c.tile}: it has no win on it to decline")
        self.state = Claim(c.tile, c.discarder, c.declined | {seat}, c.last_tile, c.dealer_first, c.first_turn)

    def _can_win_with(self, seat: int, tile: str) -> bool:
        try:
            self._score(seat, self.hands[seat] + [tile], tile, self_draw=False)
            return True
        except InvalidHandError:
            return False

    def _score(self, seat: int, tiles: List[str], win: str, self_draw: bool, **ctx: Any) -> TaiwanScore:
        return score(
            "".join(tiles), win_tile=win, melds=self.melds[seat], flowers=[FLOWER_ALIASES[f] for f in self.flowers[seat]],
            seat_wind=self.seat_wind(seat), round_wind=self.round_wind, self_draw=self_draw,
            dealer=seat == self.dealer, consecutive=self.consecutive, declared_ready=seat in self.ready,
            rules=self.rules, **ctx,
        )

    def tsumo(self, seat: int) -> RoundResult:
        """The acting seat wins on its own draw; a pending flower win is declared too.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> r.discard(0, "8p"); r.draw(); r.tsumo(1).deltas  # first draw: 地胡 16 + 門清自摸 3
            [-500, 1460, -480, -480]
        """
        s = self._acting(seat, "win now")
        if s.chance is not None:
            return self.declare_flower_win(seat)
        if s.source == "call":
            raise IllegalActionError(f"seat {seat} called a tile: a hand completed by a call is a win on the discard (ron), not a self-draw")
        normal = self._normal_self_draw(s)
        if normal is None:
            raise IllegalActionError(f"seat {seat}'s hand {''.join(self.hands[seat])} is not a winning hand")
        return self._end([normal])

    def _normal_self_draw(self, s: Act) -> Optional[WinRecord]:
        """The acting seat's hand scored as a self-draw, or None when it does not win."""
        seat = s.seat
        win = self.hands[seat][-1] if s.drawn is None or (s.source == "deal" and seat == self.dealer) else s.drawn
        # The dealer's dealt hand, or a non-dealer's first draw (through any flower
        # replacements) with nobody having called yet.
        first = (s.source == "deal" and seat == self.dealer) or (
            not self._interrupted and self._draws[seat] == 1 and s.source in ("live", "flower") and self._n_discards <= 3)
        try:
            sc = self._score(seat, self.hands[seat], win, True, replacement=_REPLACEMENT_OF.get(s.source, "none"),
                             last_tile=s.last_tile, first_turn=first)
        except InvalidHandError:
            return None
        pays = win_payments(seat, sc.total, self.dealer, self.consecutive, self.rules, None, "normal")
        return WinRecord("normal", seat, sc, None, True, pays)

    def ron(self, seat: int) -> RoundResult:
        """``seat`` wins on the current discard (or robs an added kong).

        A nearer seat in turn order that can also win must ``decline`` first.

        Example:
            >>> hands = ['1289m129p19s1234567z4s', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands))
            >>> r.discard(0, "4s"); r.ron(1).wins[0].score.keys()  # first go-around: 人胡
            ['concealed', 'all_chows', 'human_win']
        """
        seat_arg("seat", seat, IllegalActionError)
        s = self.state
        if isinstance(s, Rob):
            if seat == s.seat:
                raise IllegalActionError("a seat cannot rob its own kong")
            sc = self._try_ron(seat, s.tile, robbing_kong=True)
            pays = win_payments(seat, sc.total, self.dealer, self.consecutive, self.rules, s.seat, "normal")
            return self._end([WinRecord("normal", seat, sc, s.seat, False, pays)])
        c: Claim = self._need(Claim, seat)
        if seat == c.discarder:
            raise IllegalActionError(f"seat {seat} cannot win on its own discard")
        for k in (1, 2, 3):
            o = (c.discarder + k) % 4
            if o == seat:
                break
            if o not in c.declined and self._can_win_with(o, c.tile):
                raise IllegalActionError(f"seat {o} is nearer the discarder and can also win on {c.tile}: it must decline first")
        sc = self._try_ron(seat, c.tile, last_tile=c.last_tile,
                           first_turn=c.first_turn and seat != self.dealer and not self.discards[seat],
                           dealer_first_discard=c.dealer_first)
        pays = win_payments(seat, sc.total, self.dealer, self.consecutive, self.rules, c.discarder, "normal")
        return self._end([WinRecord("normal", seat, sc, c.discarder, False, pays)])

    def _try_ron(self, seat: int, tile: str, **ctx: Any) -> TaiwanScore:
        try:
            return self._score(seat, self.hands[seat] + [tile], tile, False, **ctx)
        except InvalidHandError as e:
            raise IllegalActionError(f"seat {seat} cannot win on {tile}: {e}") from None

    def declare_flower_win(self, seat: int) -> RoundResult:
        """Declare 七搶一 or 八仙過海 now (seed 003); a normal hand completed by the
        tile just taken is scored too, as a self-draw paid by all three.

        Example:
            >>> hands = ['1289m129p19s1z春夏秋冬梅蘭菊', '234m567m345p678p23s5s竹', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, replacements="7p8p9p2s3s5s5s4s"))
            >>> res = r.declare_flower_win(0)
            >>> [(w.kind, w.discarder) for w in res.wins], res.deltas  # 8 tai + dealer 1: 100 + 9 × 20
            ([('seven_rob_one', 1)], [280, -280, 0, 0])
        """
        seat_arg("seat", seat, IllegalActionError)
        s = self.state
        if isinstance(s, Steal):
            if seat != s.thief:
                raise IllegalActionError(f"seat {seat} has no flower win to declare (seat {s.thief} may)")
            fw = flower_win_score("seven_rob_one", self.consecutive, self.rules)
            pays = win_payments(seat, fw.total, self.dealer, self.consecutive, self.rules, s.exposer, "seven_rob_one")
            # The transition: the thief takes the replacement tile the exposer would have taken.
            t = self.wall.pop()
            self.events.append(("steal", seat, t))
            self.hands[seat].append(t)
            act = Act(seat, "stolen_flower", t, self.live_tiles_left == 0)
            self.state = act
            wins = [WinRecord("seven_rob_one", seat, fw, s.exposer, False, pays)]
            normal = self._normal_self_draw(act) if len(self.hands[seat]) % 3 == 2 else None
            if normal:
                wins.append(normal)
            return self._end(wins)
        a: Act = self._need(Act, seat)
        if a.chance is None or a.seat != seat:
            raise IllegalActionError(f"seat {seat} has no flower win to declare now")
        fw = flower_win_score(a.chance, self.consecutive, self.rules)
        if a.chance == "seven_rob_one":
            single = next(o for o in range(4) if o != seat and len(self.flowers[o]) == 1)
            pays = win_payments(seat, fw.total, self.dealer, self.consecutive, self.rules, single, a.chance)
            wins = [WinRecord(a.chance, seat, fw, single, False, pays)]
        else:
            pays = win_payments(seat, fw.total, self.dealer, self.consecutive, self.rules, None, a.chance)
            wins = [WinRecord(a.chance, seat, fw, None, True, pays)]
        normal = self._normal_self_draw(a)
        if normal:
            wins.append(normal)
        return self._end(wins)

    def _end(self, wins: List[WinRecord]) -> RoundResult:
        for w in wins:
            self.events.append(("win", w.winner, w.kind))
        deltas = settle(p for w in wins for p in w.payments)
        result = RoundResult("win", wins, deltas, any(w.winner == self.dealer for w in wins))
        self.state = Ended(result)
        return result

    # --- calls and kongs ------------------------------------------------------------

    def _call_checks(self, seat: int) -> Claim:
        c: Claim = self._need(Claim, seat)
        if seat == c.discarder:
            raise IllegalActionError(f"seat {seat} cannot call its own discard")
        if seat in self.ready:
            raise IllegalActionError(f"seat {seat} declared ready (地聽): its hand cannot change")
        return c

    def _rel(self, seat: int, other: int) -> int:
        return (other - seat) % 4

    def _after_call(self, seat: int, what: str, t: str) -> None:
        # The transition of a chow or pung: Claim -> Act (the caller must discard).
        self._interrupted = True
        self.events.append((what, seat, t))
        self.state = Act(seat, "call")

    def pung(self, seat: int) -> None:
        """``seat`` calls the discard to make a pung, then must discard.

        Example:
            >>> hands = ['1289m129p19s1234567z5p', '55p234m567m345s678s9s1z', '234m567m46p678s234s55s', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="1s9p2p5p", replacements="9m"))
            >>> r.discard(0, "5p"); r.pung(1); str(r.melds[1][0])
            'pon:555p'
        """
        c = self._call_checks(seat)
        t = c.tile
        self._check_holds(seat, t, 2)
        meld = Meld("pon", t[0] * 3 + t[1], called=t, from_seat=self._rel(seat, c.discarder))
        self._remove(seat, t, 2)
        self.melds[seat].append(meld)
        self._after_call(seat, "pung", t)

    def chow(self, seat: int, tiles: str) -> None:
        """The next seat calls the discard with two of its tiles (``"34m"``) for a chow.

        Example:
            >>> hands = ['1289m129p19s1234567z4s', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands))
            >>> r.discard(0, "4s"); r.chow(1, "23s"); str(r.melds[1][0])
            'chi:234s'
        """
        c = self._call_checks(seat)
        if seat != (c.discarder + 1) % 4:
            raise IllegalActionError(f"seat {seat} cannot chow: only the next seat ({(c.discarder + 1) % 4}) may")
        if not isinstance(tiles, str):
            raise IllegalActionError(f"chow {tiles!r:.40}: give the two tiles from the hand as text, e.g. '34m'")
        own = tokens(tiles)
        if len(own) != 2:
            raise IllegalActionError(f"chow {tiles!r:.40}: give the two tiles from the hand")
        for o in set(own):
            self._check_holds(seat, o, own.count(o))
        try:
            meld = Meld("chi", "".join(own) + c.tile, called=c.tile, from_seat=3)
        except MahjongError as e:
            raise IllegalActionError(f"chow {tiles!r} with {c.tile}: {e}") from None
        for o in own:
            self._remove(seat, o)
        self.melds[seat].append(meld)
        self._after_call(seat, "chow", c.tile)

    def exposed_kong(self, seat: int) -> None:
        """``seat`` calls the discard with three of its own for a kong and replaces.

        Example:
            >>> hands = ['1289m129p19s1234567z6m', '666m234m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, replacements="4s"))
            >>> r.discard(0, "6m"); r.exposed_kong(1); r.tsumo(1).wins[0].score.tai_of("kong_bloom")
            1
        """
        c = self._call_checks(seat)
        t = c.tile
        self._check_holds(seat, t, 3)
        meld = Meld("daiminkan", t[0] * 4 + t[1], called=t, from_seat=self._rel(seat, c.discarder))
        self._remove(seat, t, 3)
        self.melds[seat].append(meld)
        self._interrupted = True
        self._kongs += 1
        self.events.append(("exposed_kong", seat, t))
        self._take(seat, back=True, source="exposed_kong")

    def concealed_kong(self, seat: int, tile: str) -> None:
        """The acting seat declares four concealed ``tile`` and replaces.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '6666m234m345p678p23s5s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="5s", replacements="4s"))
            >>> r.discard(0, "8p"); r.draw(); r.concealed_kong(1, "6m"); r.hands[1][-1]
            '4s'
        """
        self._acting(seat, "declare a kong")
        self._not_ready(seat)
        t = _one_tile(tile, "concealed kong of")
        self._check_holds(seat, t, 4)
        self._remove(seat, t, 4)
        self.melds[seat].append(Meld("ankan", t[0] * 4 + t[1]))
        self._interrupted = True
        self._kongs += 1
        self.events.append(("concealed_kong", seat, t))
        self._take(seat, back=True, source="concealed_kong")

    def added_kong(self, seat: int, tile: str) -> None:
        """The acting seat adds ``tile`` to its pung; others may rob it (``ron``)
        before ``proceed`` gives the replacement.

        Example:
            >>> hands = ['1289m129p19s1234567z5p', '55p234m567m345s678s9s1z', '234m567m46p678s234s55s', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="1s9p2p5p", replacements="9m"))
            >>> r.discard(0, "5p"); r.pung(1); r.discard(1, "1z")
            >>> for _ in range(3): r.draw(); r.discard(r.turn, r.hands[r.turn][-1])
            >>> r.draw(); r.added_kong(1, "5p"); r.state
            Rob(seat=1, tile='5p')
        """
        self._acting(seat, "add to a kong")
        self._not_ready(seat)
        t = _one_tile(tile, "added kong of")
        idx = next((i for i, m in enumerate(self.melds[seat]) if m.kind == "pon" and m.tiles == t[0] * 3 + t[1]), None)
        if idx is None:
            raise IllegalActionError(f"seat {seat} has no pung of {t} to add to")
        self._check_holds(seat, t)
        old = self.melds[seat][idx]
        meld = Meld("kakan", t[0] * 4 + t[1], called=t, from_seat=old.from_seat)
        self._remove(seat, t)
        self.melds[seat][idx] = meld
        self._interrupted = True
        self._kongs += 1
        self.events.append(("added_kong", seat, t))
        self.state = Rob(seat, t)

    def proceed(self) -> None:
        """Nobody robs the added kong: its owner takes the replacement.

        Example:
            >>> hands = ['1289m129p19s1234567z5p', '55p234m567m345s678s9s1z', '234m567m46p678s234s55s', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="1s9p2p5p", replacements="9m"))
            >>> r.discard(0, "5p"); r.pung(1); r.discard(1, "1z")
            >>> for _ in range(3): r.draw(); r.discard(r.turn, r.hands[r.turn][-1])
            >>> r.draw(); r.added_kong(1, "5p"); r.proceed(); r.hands[1][-1]
            '9m'
        """
        rob: Rob = self._need(Rob)
        self._take(rob.seat, back=True, source="added_kong")
