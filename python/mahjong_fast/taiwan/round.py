"""One hand of Taiwan mahjong driven action by action, with the flowers of seed 003.

Example:
    >>> hands = ["1289m129p19s1234567z8p", "234m567m345p678p23s55s", "1389m139p19s1234567z", "1479m147p19s1234567z"]
    >>> r = TaiwanRound(build_wall(hands, draws="4s"))
    >>> r.discard(0, "8p"); r.draw(); r.tsumo(1).deltas  # first draw: 地胡 16 + 門清自摸 3
    [-500, 1460, -480, -480]
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple, Union

from mahjong_fast._core import IllegalActionError, InvalidHandError, Meld
from mahjong_fast.taiwan.flowers import FLOWER_ALIASES, is_flower, parse_wind, tokens
from mahjong_fast.taiwan.payments import Payment, settle, win_payments
from mahjong_fast.taiwan.rules import _DEFAULT_RULES, TaiwanRules
from mahjong_fast.taiwan.scoring import TaiwanScore, flower_win_score, score
from mahjong_fast.taiwan.wall import build_wall, check_wall  # noqa: F401 (build_wall: the examples build walls)


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
        """Every payment of every win."""
        return [p for w in self.wins for p in w.payments]


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

    Phases: ``"act"`` (``turn`` may ``tsumo``, ``declare_flower_win``, kong or
    ``discard``), ``"claim"`` (after a discard: ``ron``, ``pung``, ``chow``,
    ``exposed_kong``, ``decline`` or ``draw`` for the next seat), ``"steal"`` (the
    holder of seven flowers may ``declare_flower_win`` on the replacement of the 8th
    flower another seat exposed, or ``decline``), ``"rob"`` (others may ``ron`` the
    tile of an added kong, or ``proceed``), ``"ended"`` (see ``result``).

    Example:
        >>> hands = ["123456789m12345678p", "123456789s1234567s", "1112223334445556z", "123456789m1234567p"]
        >>> r = TaiwanRound(build_wall(hands, draws="9s"))
        >>> r.phase, r.turn, len(r.hands[0])
        ('act', 0, 17)
        >>> r.discard(0, "8p"); r.draw(); r.turn, r.hands[1][-1]
        (1, '9s')
    """

    def __init__(self, wall: Sequence[str], dealer: int = 0, round_wind: Union[int, str] = 0,
                 consecutive: int = 0, rules: TaiwanRules = _DEFAULT_RULES) -> None:
        if not 0 <= dealer < 4:
            raise InvalidHandError(f"dealer seat {dealer} is outside 0..3")
        toks = tokens(list(wall))
        check_wall(toks)
        self.rules = rules
        self.dealer = dealer
        self.round_wind = parse_wind(round_wind)
        self.consecutive = consecutive
        if len(toks) < 65 + rules.exhaustive_reserve:
            raise InvalidHandError(f"a wall of {len(toks)} tiles cannot deal four hands and keep {rules.exhaustive_reserve}")
        self.wall: deque = deque(toks)
        self.hands: List[List[str]] = [[], [], [], []]
        self.flowers: List[List[str]] = [[], [], [], []]
        self.melds: List[List[Meld]] = [[], [], [], []]
        self.discards: List[List[str]] = [[], [], [], []]
        self.events: List[Tuple[Any, ...]] = []
        self.phase = "opening"
        self.turn = dealer
        self.result: Optional[RoundResult] = None
        self._kongs = 0
        self._draws = [0, 0, 0, 0]
        self._interrupted = False  # a call or a kong ended the first go-around
        self._n_discards = 0
        self._source = "deal"  # what the acting seat's last tile came from
        self._last_drawn: Optional[str] = None
        self._drew_last_tile = False
        self._chance: Optional[Tuple[int, str]] = None  # (seat, kind) while in "act"
        self._opening_chance: Optional[Tuple[int, str]] = None
        self._steal: Optional[Tuple[int, int]] = None  # (thief, exposer)
        self._claim_tile: Optional[str] = None
        self._claim_from: Optional[int] = None
        self._declined: set = set()
        self._rob: Optional[Tuple[int, str]] = None
        self._deal()

    # --- queries ---------------------------------------------------------------

    def seat_wind(self, seat: int) -> int:
        """The seat's wind: the dealer is East.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> [r.seat_wind(s) for s in range(4)]
            [0, 1, 2, 3]
        """
        return (seat - self.dealer) % 4

    @property
    def live_tiles_left(self) -> int:
        """Tiles that can still be drawn before the exhaustive draw."""
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
        if self.phase == "act" and self._chance is not None:
            return self._chance
        if self.phase == "steal" and self._steal is not None:
            return (self._steal[0], "seven_rob_one")
        return None

    # --- dealing and drawing ------------------------------------------------------

    def _deal(self) -> None:
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
                            self._exhaustive()
                            return
                        t = self.wall.pop()
                        self.hands[s].append(t)
                        self.events.append(("replace", s, t))
                    if self.rules.opening_replacement == "rounds":
                        break
            if not any_flower:
                break
        self._opening_chance = self._flower_win_kind_for_any()
        self.phase = "act"
        self.turn = self.dealer
        self._source = "deal"
        if self._opening_chance and self._opening_chance[0] == self.dealer:
            self._chance = self._opening_chance
            self._opening_chance = None

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
        """Seat takes a tile; flowers are exposed and replaced from the back."""
        while True:
            if self.live_tiles_left == 0:
                self._exhaustive()
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
                self._exhaustive()
                return
            if sum(len(f) for f in self.flowers) == 8:
                thief = next((o for o in range(4) if o != seat and len(self.flowers[o]) == 7), None)
                if thief is not None:
                    # The holder of seven may take this replacement tile (七搶一).
                    self.phase = "steal"
                    self._steal = (thief, seat)
                    return
            back, source = True, "flower"
        self.hands[seat].append(t)
        self._last_drawn = t
        self._source = source
        self._drew_last_tile = self.live_tiles_left == 0
        self.phase = "act"
        self.turn = seat
        self._chance = None
        if source == "flower":
            kind = self._flower_win_kind(seat)
            if kind:
                self._chance = (seat, kind)
        elif source == "live":
            self._draws[seat] += 1
            if self._opening_chance and self._opening_chance[0] == seat and self._draws[seat] == 1:
                self._chance = self._opening_chance
            self._opening_chance = None if (self._opening_chance and self._opening_chance[0] == seat) else self._opening_chance

    def _exhaustive(self) -> None:
        self.events.append(("exhaustive_draw",))
        self.phase = "ended"
        self.result = RoundResult("exhaustive_draw", [], [0, 0, 0, 0], True)

    def _need(self, phase: str, seat: Optional[int] = None) -> None:
        if self.phase != phase:
            raise IllegalActionError(f"not possible in phase {self.phase!r} (needs {phase!r})")
        if seat is not None and not 0 <= seat < 4:
            raise IllegalActionError(f"seat {seat} is outside 0..3")

    def _remove(self, seat: int, tile: str, n: int = 1) -> None:
        if self.hands[seat].count(tile) < n:
            raise IllegalActionError(f"seat {seat} does not hold {n} x {tile} (hand: {''.join(sorted(self.hands[seat]))})")
        for _ in range(n):
            self.hands[seat].remove(tile)

    def _first_turn(self) -> bool:
        return not self._interrupted and self._n_discards < 4

    # --- actions ------------------------------------------------------------------

    def discard(self, seat: int, tile: str) -> None:
        """The acting seat discards ``tile``; a pending flower-win chance is lost.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> r.discard(0, "8p"); r.phase
            'claim'
        """
        self._need("act", seat)
        if seat != self.turn:
            raise IllegalActionError(f"seat {seat} cannot discard: it is seat {self.turn}'s turn")
        toks = tokens(tile) if isinstance(tile, str) else []
        if len(toks) != 1:
            raise IllegalActionError(f"discard {tile!r}: give exactly one tile, e.g. '5m'")
        tile = toks[0]
        self._remove(seat, tile)
        self.discards[seat].append(tile)
        self.events.append(("discard", seat, tile))
        self._chance = None
        self._claim_tile = tile
        self._claim_from = seat
        self._declined = set()
        self._last_discard = self._drew_last_tile
        self._dealer_first = seat == self.dealer and not self.discards[seat][:-1]
        self._discard_in_first = self._first_turn()
        self._n_discards += 1
        self.phase = "claim"

    def draw(self) -> None:
        """Nobody claims the discard: the next seat draws from the live end.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> r.discard(0, "8p"); r.draw(); r.turn, r.hands[1][-1]
            (1, '4s')
        """
        self._need("claim")
        nxt = ((self._claim_from or 0) + 1) % 4
        self._claim_tile = None
        self._take(nxt, back=False, source="live")

    def decline(self, seat: int) -> None:
        """Pass: a seven-flower holder passes on 七搶一 (the chance is lost), or a
        seat passes on winning the current discard.

        Example:
            >>> hands = ['1289m129p19s1234567z4s', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands))
            >>> r.discard(0, "4s"); r.decline(1); r.draw(); r.turn
            1
        """
        if self.phase == "steal" and self._steal is not None:
            thief, exposer = self._steal
            if seat != thief:
                raise IllegalActionError(f"seat {seat} has no flower win to decline (seat {thief} has)")
            self._steal = None
            self.events.append(("decline", seat))
            self._take(exposer, back=True, source="flower")
            return
        self._need("claim", seat)
        self._declined.add(seat)

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
            dealer=seat == self.dealer, consecutive=self.consecutive, rules=self.rules, **ctx,
        )

    def tsumo(self, seat: int) -> RoundResult:
        """The acting seat wins on its own draw; a pending flower win is declared too.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="4s"))
            >>> r.discard(0, "8p"); r.draw(); r.tsumo(1).deltas  # first draw: 地胡 16 + 門清自摸 3
            [-500, 1460, -480, -480]
        """
        self._need("act", seat)
        if seat != self.turn:
            raise IllegalActionError(f"seat {seat} cannot win now: it is seat {self.turn}'s turn")
        if self._chance is not None:
            return self.declare_flower_win(seat)
        if self._source == "call":
            raise IllegalActionError(f"seat {seat} called a tile: a hand completed by a call is a win on the discard (ron), not a self-draw")
        normal = self._normal_self_draw(seat)
        if normal is None:
            raise IllegalActionError(f"seat {seat}'s hand {''.join(self.hands[seat])} is not a winning hand")
        return self._end([normal])

    def _normal_self_draw(self, seat: int, replacement: Optional[str] = None) -> Optional[WinRecord]:
        src = replacement or self._source
        repl = {"flower": "flower", "concealed_kong": "concealed_kong", "added_kong": "added_kong",
                "exposed_kong": "exposed_kong", "stolen_flower": "stolen_flower"}.get(src, "none")
        win = self._last_drawn if self._last_drawn is not None else self.hands[seat][-1]
        if self._source == "deal" and seat == self.dealer:
            win = self.hands[seat][-1]
        # The dealer's dealt hand, or a non-dealer's first draw (through any flower
        # replacements) with nobody having called yet.
        first = (self._source == "deal" and seat == self.dealer) or (
            not self._interrupted and self._draws[seat] == 1 and self._source in ("live", "flower") and self._n_discards <= 3)
        try:
            s = self._score(seat, self.hands[seat], win, True, replacement=repl,
                            last_tile=self._drew_last_tile, first_turn=first)
        except InvalidHandError:
            return None
        pays = win_payments(seat, s.total, self.dealer, self.consecutive, self.rules, None, "normal")
        return WinRecord("normal", seat, s, None, True, pays)

    def ron(self, seat: int) -> RoundResult:
        """``seat`` wins on the current discard (or robs an added kong).

        A nearer seat in turn order that can also win must ``decline`` first.

        Example:
            >>> hands = ['1289m129p19s1234567z4s', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands))
            >>> r.discard(0, "4s"); r.ron(1).wins[0].score.keys()  # first go-around: 人胡
            ['concealed', 'all_chows', 'human_win']
        """
        if self.phase == "rob" and self._rob is not None:
            kong_seat, tile = self._rob
            if seat == kong_seat:
                raise IllegalActionError("a seat cannot rob its own kong")
            s = self._try_ron(seat, tile, robbing_kong=True)
            pays = win_payments(seat, s.total, self.dealer, self.consecutive, self.rules, kong_seat, "normal")
            return self._end([WinRecord("normal", seat, s, kong_seat, False, pays)])
        self._need("claim", seat)
        assert self._claim_tile is not None and self._claim_from is not None
        if seat == self._claim_from:
            raise IllegalActionError(f"seat {seat} cannot win on its own discard")
        for k in (1, 2, 3):
            o = (self._claim_from + k) % 4
            if o == seat:
                break
            if o not in self._declined and self._can_win_with(o, self._claim_tile):
                raise IllegalActionError(f"seat {o} is nearer the discarder and can also win on {self._claim_tile}: it must decline first")
        s = self._try_ron(seat, self._claim_tile, last_tile=self._last_discard,
                          first_turn=self._discard_in_first and seat != self.dealer and not self.discards[seat],
                          dealer_first_discard=self._dealer_first)
        pays = win_payments(seat, s.total, self.dealer, self.consecutive, self.rules, self._claim_from, "normal")
        return self._end([WinRecord("normal", seat, s, self._claim_from, False, pays)])

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
        if self.phase == "steal" and self._steal is not None:
            thief, exposer = self._steal
            if seat != thief:
                raise IllegalActionError(f"seat {seat} has no flower win to declare (seat {thief} may)")
            t = self.wall.pop()  # the replacement tile the exposer would have taken
            self.events.append(("steal", seat, t))
            self.hands[seat].append(t)
            self._last_drawn = t
            self._source = "stolen_flower"
            self._drew_last_tile = self.live_tiles_left == 0
            self.turn = seat
            self._steal = None
            fw = flower_win_score("seven_rob_one", self.consecutive, self.rules)
            pays = win_payments(seat, fw.total, self.dealer, self.consecutive, self.rules, exposer, "seven_rob_one")
            wins = [WinRecord("seven_rob_one", seat, fw, exposer, False, pays)]
            normal = self._normal_self_draw(seat, "stolen_flower") if len(self.hands[seat]) % 3 == 2 else None
            if normal:
                wins.append(normal)
            return self._end(wins)
        self._need("act", seat)
        if self._chance is None or self._chance[0] != seat:
            raise IllegalActionError(f"seat {seat} has no flower win to declare now")
        kind = self._chance[1]
        fw = flower_win_score(kind, self.consecutive, self.rules)
        if kind == "seven_rob_one":
            single = next(o for o in range(4) if o != seat and len(self.flowers[o]) == 1)
            pays = win_payments(seat, fw.total, self.dealer, self.consecutive, self.rules, single, kind)
            wins = [WinRecord(kind, seat, fw, single, False, pays)]
        else:
            pays = win_payments(seat, fw.total, self.dealer, self.consecutive, self.rules, None, kind)
            wins = [WinRecord(kind, seat, fw, None, True, pays)]
        normal = self._normal_self_draw(seat)
        if normal:
            wins.append(normal)
        return self._end(wins)

    def _end(self, wins: List[WinRecord]) -> RoundResult:
        self.phase = "ended"
        self._chance = None
        for w in wins:
            self.events.append(("win", w.winner, w.kind))
        deltas = settle(p for w in wins for p in w.payments)
        self.result = RoundResult("win", wins, deltas, any(w.winner == self.dealer for w in wins))
        return self.result

    # --- calls and kongs ------------------------------------------------------------

    def _call_checks(self, seat: int) -> str:
        self._need("claim", seat)
        assert self._claim_tile is not None and self._claim_from is not None
        if seat == self._claim_from:
            raise IllegalActionError(f"seat {seat} cannot call its own discard")
        return self._claim_tile

    def _rel(self, seat: int, other: int) -> int:
        return (other - seat) % 4

    def pung(self, seat: int) -> None:
        """``seat`` calls the discard to make a pung, then must discard.

        Example:
            >>> hands = ['1289m129p19s1234567z5p', '55p234m567m345s678s9s1z', '234m567m46p678s234s55s', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="1s9p2p5p", replacements="9m"))
            >>> r.discard(0, "5p"); r.pung(1); str(r.melds[1][0])
            'pon:555p'
        """
        t = self._call_checks(seat)
        self._remove(seat, t, 2)
        self.melds[seat].append(Meld("pon", t[0] * 3 + t[1], called=t, from_seat=self._rel(seat, self._claim_from or 0)))
        self._after_call(seat, "pung", t)

    def chow(self, seat: int, tiles: str) -> None:
        """The next seat calls the discard with two of its tiles (``"34m"``) for a chow.

        Example:
            >>> hands = ['1289m129p19s1234567z4s', '234m567m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands))
            >>> r.discard(0, "4s"); r.chow(1, "23s"); str(r.melds[1][0])
            'chi:234s'
        """
        t = self._call_checks(seat)
        if seat != ((self._claim_from or 0) + 1) % 4:
            raise IllegalActionError(f"seat {seat} cannot chow: only the next seat may")
        own = tokens(tiles)
        if len(own) != 2:
            raise IllegalActionError(f"chow {tiles!r}: give the two tiles from the hand")
        meld = Meld("chi", "".join(own) + t, called=t, from_seat=3)
        for o in own:
            self._remove(seat, o)
        self.melds[seat].append(meld)
        self._after_call(seat, "chow", t)

    def _after_call(self, seat: int, what: str, t: str) -> None:
        self._interrupted = True
        self.events.append((what, seat, t))
        self._claim_tile = None
        self._chance = None
        self.turn = seat
        self._source = "call"
        self._last_drawn = None
        self._drew_last_tile = False
        self.phase = "act"

    def exposed_kong(self, seat: int) -> None:
        """``seat`` calls the discard with three of its own for a kong and replaces.

        Example:
            >>> hands = ['1289m129p19s1234567z6m', '666m234m345p678p23s55s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, replacements="4s"))
            >>> r.discard(0, "6m"); r.exposed_kong(1); r.tsumo(1).wins[0].score.tai_of("kong_bloom")
            1
        """
        t = self._call_checks(seat)
        self._remove(seat, t, 3)
        self.melds[seat].append(Meld("daiminkan", t[0] * 4 + t[1], called=t, from_seat=self._rel(seat, self._claim_from or 0)))
        self._interrupted = True
        self._kongs += 1
        self.events.append(("exposed_kong", seat, t))
        self._claim_tile = None
        self._take(seat, back=True, source="exposed_kong")

    def concealed_kong(self, seat: int, tile: str) -> None:
        """The acting seat declares four concealed ``tile`` and replaces.

        Example:
            >>> hands = ['1289m129p19s1234567z8p', '6666m234m345p678p23s5s', '1389m139p19s1234567z', '1479m147p19s1234567z']
            >>> r = TaiwanRound(build_wall(hands, draws="5s", replacements="4s"))
            >>> r.discard(0, "8p"); r.draw(); r.concealed_kong(1, "6m"); r.hands[1][-1]
            '4s'
        """
        self._need("act", seat)
        t = tokens(tile)[0]
        self._remove(seat, t, 4)
        self.melds[seat].append(Meld("ankan", t[0] * 4 + t[1]))
        self._interrupted = True
        self._kongs += 1
        self._chance = None
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
            >>> r.draw(); r.added_kong(1, "5p"); r.phase
            'rob'
        """
        self._need("act", seat)
        t = tokens(tile)[0]
        idx = next((i for i, m in enumerate(self.melds[seat]) if m.kind == "pon" and m.tiles == t[0] * 3 + t[1]), None)
        if idx is None:
            raise IllegalActionError(f"seat {seat} has no pung of {t} to add to")
        self._remove(seat, t)
        old = self.melds[seat][idx]
        self.melds[seat][idx] = Meld("kakan", t[0] * 4 + t[1], called=t, from_seat=old.from_seat)
        self._interrupted = True
        self._kongs += 1
        self._chance = None
        self.events.append(("added_kong", seat, t))
        self._rob = (seat, t)
        self.phase = "rob"

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
        self._need("rob")
        assert self._rob is not None
        seat, _ = self._rob
        self._rob = None
        self._take(seat, back=True, source="added_kong")
