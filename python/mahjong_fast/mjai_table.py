"""Seat mjai bots at a `Match`: each bot a program of its own, speaking mjai over its
standard input and output as the bots of mjai.app do.

The protocol (mjai.app's framing): the table writes one line holding a JSON array of
the events the bot has not seen yet, and the bot answers every such line with one
line holding one JSON action (``{"type": "none"}`` when it has nothing to do). A bot
is written to when it must decide and at the start and end of each game and hand
(``start_game``, ``end_kyoku``, ``end_game``; those answers are read and ignored).
It sees only its own seat's stream (`Match.mjai_events`): the other hands and draws
are ``"?"``. A riichi is two answers, as in mjai: ``reach``, then (after the table
echoes the ``reach`` event) the ``dahai`` that declares it. The engine decides every
question of legality.

The fault rule: a bot that does not answer within the time limit, exits, writes
something that is not one JSON action, or answers with an action the engine does not
list is at fault. Its move is replaced -- on its turn by tsumogiri (the drawn tile,
or the first legal discard after a call), in a claim by a pass -- and the fault is
recorded in the result (`GameResult.faults`) and in the log (an mjai ``error`` event
with the seat and the reason, which the log readers skip). A bot that timed out or
exited is stopped and its seat is played by that rule for the rest of the game (a
late answer would shift every later one); each game starts every bot afresh. Seats
without a command are played by a built-in player choosing uniformly among the legal
actions (seeded).

Example:
    >>> from mahjong_fast.mjai_table import play_matches
    >>> out = play_matches([None] * 4, games=1, seed=3, rules={"preset": "tenhou", "length": "east"})
    >>> out.games[0].scores == out.games[0].match.scores, out.games[0].faults
    (True, [])
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Deque, Dict, List, Optional, Sequence, Union

from mahjong_fast._core import Match
from mahjong_fast.errors import argument_error

__all__ = ["FAULT_KINDS", "Fault", "GameResult", "TableResult", "BotProcess", "RandomPlayer", "mjai_tile", "play_match", "play_matches"]

#: Kinds of fault, in the order of the module doc.
FAULT_KINDS = ("timeout", "exited", "garbage", "illegal")

_HONORS = ["E", "S", "W", "N", "P", "F", "C"]
_RED = (16, 52, 88)


def mjai_tile(tile_id: int, red_fives: bool = True) -> str:
    """The mjai name of a 136-id (``5mr`` for a red five when red fives are played).

    Example:
        >>> mjai_tile(0), mjai_tile(16), mjai_tile(16, red_fives=False), mjai_tile(135)
        ('1m', '5mr', '5m', 'C')
    """
    kind = tile_id // 4
    if kind >= 27:
        return _HONORS[kind - 27]
    name = f"{kind % 9 + 1}{'mps'[kind // 9]}"
    return name + "r" if red_fives and tile_id in _RED else name


@dataclass
class Fault:
    """One fault of a bot: when (game, hand label, decision number), whose (seat),
    what (`kind`, one of `FAULT_KINDS`, and `detail`) and the move played instead.

    Example:
        >>> Fault(0, "E1-0", 5, 2, "timeout", "no answer in 1.0 s", {"type": "pass"}).kind
        'timeout'
    """

    game: int
    hand: str
    decision: int
    seat: int
    kind: str
    detail: str
    replaced_by: Dict[str, Any]
    #: Which hand of the game (0 = the first) and how many lines of its mjai stream
    #: came before the fault (where the log puts it).
    hand_index: int = 0
    at_line: int = 0


@dataclass
class GameResult:
    """One game at the table: final scores, ranks and results, the faults, counts
    and the finished `Match` (its `log()` is the game's record).

    Example:
        >>> r = play_matches([None] * 4, games=1, seed=1, rules={"preset": "tenhou", "length": "east"}).games[0]
        >>> len(r.scores), r.decisions > 0
        (4, True)
    """

    index: int
    seed: int
    scores: List[int]
    ranks: List[int]
    results: List[float]
    faults: List[Fault]
    decisions: int
    hands: int
    seconds: float
    match: Match

    def log(self, names: Optional[Sequence[str]] = None) -> str:
        """The game's full mjai record with each fault as an ``error`` event where it
        happened (`engine.read_log` / `verify` read it).

        Example:
            >>> r = play_matches([None] * 4, games=1, seed=2, rules={"preset": "tenhou", "length": "east"}).games[0]
            >>> r.log().splitlines()[0].startswith('{"names"')
            True
        """
        lines = self.match.log(names=list(names) if names else None).splitlines()
        if not self.faults:
            return "\n".join(lines) + "\n"
        out: List[str] = []
        hand, in_hand, pending = -1, 0, sorted(self.faults, key=lambda f: (f.hand_index, f.at_line))
        for line in lines:
            if '"type":"start_kyoku"' in line:
                hand, in_hand = hand + 1, 0
            out.append(line)
            if hand >= 0 and '"type":"start_game"' not in line:
                in_hand += 1
            while pending and pending[0].hand_index == hand and pending[0].at_line <= in_hand and '"type":"end_kyoku"' not in line:
                f = pending.pop(0)
                out.append(json.dumps({"type": "error", "actor": f.seat, "message": f"{f.kind}: {f.detail}"}, separators=(",", ":")))
        return "\n".join(out) + "\n"


@dataclass
class TableResult:
    """Every game played (`games`) and the totals of faults by kind and seat.

    Example:
        >>> TableResult().faults_by_kind()
        {'timeout': 0, 'exited': 0, 'garbage': 0, 'illegal': 0}
    """

    games: List[GameResult] = field(default_factory=list)

    def faults_by_kind(self) -> Dict[str, int]:
        """Faults counted by kind over all games.

        Example:
            >>> TableResult().faults_by_kind()["timeout"]
            0
        """
        out = {k: 0 for k in FAULT_KINDS}
        for g in self.games:
            for f in g.faults:
                out[f.kind] += 1
        return out

    def log(self, names: Optional[Sequence[str]] = None) -> str:
        """Every game's mjai record, one after another (readers split them at each
        ``start_game``).

        Example:
            >>> TableResult().log()
            ''
        """
        return "".join(g.log(names) for g in self.games)


class _Fault(Exception):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind, self.detail = kind, detail


class RandomPlayer:
    """The built-in player of seats without a bot: a uniform choice among the legal
    actions, from its own seeded generator.

    Example:
        >>> m = Match("tenhou", seed=1)
        >>> RandomPlayer(5).choose(m, 0)["type"] in ("discard", "riichi", "ankan", "tsumo", "nine_terminals")
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, m: Match, seat: int) -> Dict[str, Any]:
        """One of `seat`'s legal actions, uniformly."""
        return dict(self.rng.choice(m.legal_actions(seat)))


class BotProcess:
    """One bot program in its own process: `command` run by the shell (``{seat}`` in
    it becomes the seat number), lines to its standard input, answers read from its
    standard output by a thread (so a silent bot cannot block the table), the last
    lines of its standard error kept for fault reports.

    Example:
        >>> import sys
        >>> b = BotProcess(f"{sys.executable} -c \\"print('{{}}'.format(input()[0]))\\"", 0)
        >>> b.send(['{"type":"start_game"}']); b.receive(5.0)
        '['
        >>> b.close()
    """

    def __init__(self, command: str, seat: int) -> None:
        self.command = command.replace("{seat}", str(seat))
        self.seat = seat
        self.proc = subprocess.Popen(
            self.command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, encoding="utf-8", errors="replace", bufsize=1, start_new_session=True,
        )
        self._lines: queue.Queue[Optional[str]] = queue.Queue()
        self.stderr_tail: Deque[str] = deque(maxlen=20)
        self.received: List[str] = []
        threading.Thread(target=self._read_out, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _read_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr_tail.append(line.rstrip("\n"))

    def send(self, events: Sequence[str]) -> None:
        """Write one message: the events (mjai JSON texts) as one JSON array line."""
        text = "[" + ",".join(events) + "]"
        self.received.append(text)
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            raise _Fault("exited", f"cannot write to the bot ({e.__class__.__name__}){self._tail()}") from None

    def receive(self, timeout: float, limit: Optional[float] = None) -> str:
        """The bot's next answer line, waiting at most `timeout` seconds (what is left
        of the decision's time `limit`, which a fault names)."""
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise _Fault("timeout", f"no answer in {limit if limit is not None else timeout:g} s") from None
        if line is None:
            code = self.proc.wait(timeout=5)
            raise _Fault("exited", f"the bot exited (code {code}){self._tail()}")
        return line.strip()

    def _tail(self) -> str:
        time.sleep(0.05)  # let the stderr thread catch the last words
        tail = [t for t in self.stderr_tail if t.strip()][-3:]
        return ("; stderr: " + " | ".join(tail))[:600] if tail else ""

    def close(self) -> None:
        """Close its input, give it a moment to leave, then stop its process group."""
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.proc.wait()


def _hand_label(m: Match) -> str:
    wind, number, honba, _, _ = m.hand_info
    return f"{'ESWN'[wind % 4]}{number + 1}-{honba}"


def _fallback(m: Match, seat: int, legal: List[Dict[str, Any]]) -> Dict[str, Any]:
    """The fault rule's move: tsumogiri on a turn (else the first legal discard), a
    pass in a claim."""
    if m.phase == "claim":
        for a in legal:
            if a["type"] == "pass":
                return a
    drawn = m.view(seat).get("drawn")
    discards = [a for a in legal if a["type"] == "discard"]
    for a in discards:
        if a["tile"] == drawn:
            return a
    return discards[0] if discards else legal[0]


def _translate(reply: Dict[str, Any], legal: List[Dict[str, Any]], seat: int, drawn: Optional[int], red: bool,
               riichi: bool) -> Optional[Dict[str, Any]]:
    """The legal engine action an mjai answer names, or None."""
    kind = reply.get("type")
    if "actor" in reply and reply["actor"] != seat and kind != "none":
        return None
    name = lambda t: mjai_tile(t, red)  # noqa: E731
    by_type = lambda t: [a for a in legal if a["type"] == t]  # noqa: E731
    if kind == "dahai":
        pool = [a for a in by_type("riichi" if riichi else "discard") if name(a["tile"]) == reply.get("pai")]
        if not pool:
            return None
        tsumogiri = reply.get("tsumogiri")
        pick = [a for a in pool if (a["tile"] == drawn) == bool(tsumogiri)]
        return (pick or pool)[0]
    if kind in ("chi", "pon"):
        want = sorted(str(x) for x in reply.get("consumed") or [])
        return next((a for a in by_type(kind) if sorted(name(t) for t in a["tiles"]) == want), None)
    if kind == "daiminkan":
        return next(iter(by_type("daiminkan")), None)
    if kind == "ankan":
        consumed = reply.get("consumed") or [""]
        base = str(consumed[0]).rstrip("r")
        return next((a for a in by_type("ankan") if name(a["tile"]).rstrip("r") == base), None)
    if kind == "kakan":
        pai = str(reply.get("pai", "")).rstrip("r")
        return next((a for a in by_type("kakan") if name(a["tile"]).rstrip("r") == pai), None)
    if kind == "hora":
        self_draw = reply.get("target", seat) == seat
        return next(iter(by_type("tsumo" if self_draw else "ron")), None)
    if kind == "ryukyoku":
        return next(iter(by_type("nine_terminals")), None)
    if kind in ("nukidora", "kita"):  # mjai's name, RiichiEnv's
        return next(iter(by_type("nuki")), None)
    if kind == "none":
        return next(iter(by_type("pass")), None)
    return None


def _parse(line: str) -> Dict[str, Any]:
    try:
        reply = json.loads(line)
    except ValueError:
        raise _Fault("garbage", f"not JSON: {line[:120]!r}") from None
    if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
        raise _Fault("garbage", f"not one mjai action: {line[:120]!r}")
    return reply


class _Table:
    """One game in progress: the match, the players, what each bot has been sent."""

    def __init__(self, commands: Sequence[Optional[str]], index: int, seed: int, rules: Any, scoring: Any,
                 timeout: float, startup_timeout: float) -> None:
        self.m = Match(rules, seed=seed, scoring=scoring)
        self.index, self.seed, self.timeout, self.startup_timeout = index, seed, timeout, startup_timeout
        self.red = bool(self.m.scoring.red_fives)
        self.players = 3 if self.m.rules.players == 3 else 4
        self.bots: Dict[int, BotProcess] = {}
        self.random = {s: RandomPlayer(seed * 4 + s) for s in range(self.players)}
        self.retired: set = set()
        self.sent = [0] * 4  # lines of the hand's stream each bot has seen
        self.echoed_reach = [False] * 4
        self.faults: List[Fault] = []
        self.decisions = 0
        self.hands = 1
        for s, cmd in enumerate(commands[: self.players]):
            if cmd:
                self.bots[s] = BotProcess(cmd, s)

    # -- faults -------------------------------------------------------------------

    def _fault(self, seat: int, f: _Fault, replaced: Dict[str, Any]) -> None:
        self.faults.append(Fault(self.index, _hand_label(self.m), self.decisions, seat, f.kind, f.detail,
                                 {k: v for k, v in replaced.items() if k != "seat"}, self.hands - 1,
                                 len(self.m.mjai_events(seat)) - 1))
        if f.kind in ("timeout", "exited"):
            self.retired.add(seat)
            self.bots[seat].close()

    def _live(self, seat: int) -> bool:
        return seat in self.bots and seat not in self.retired

    # -- messages -----------------------------------------------------------------

    def _new_events(self, seat: int) -> List[str]:
        lines = self.m.mjai_events(seat)
        new = lines[self.sent[seat]:]
        self.sent[seat] = len(lines)
        if self.echoed_reach[seat] and new and json.loads(new[0]) == {"type": "reach", "actor": seat}:
            new = new[1:]  # the bot saw this reach when the table echoed it
        self.echoed_reach[seat] = False
        return new

    def _talk(self, seat: int, events: List[str], timeout: float) -> Optional[str]:
        """Send and read one answer; a fault retires the bot and returns None."""
        bot = self.bots[seat]
        try:
            bot.send(events)
            return bot.receive(timeout)
        except _Fault as f:
            self._fault(seat, f, {"type": "none"})
            return None

    def start(self) -> None:
        for s in list(self.bots):
            self.sent[s] = 1
            self._talk(s, [self.m.mjai_events(s)[0]], self.startup_timeout)

    def end_hand(self) -> None:
        for s in list(self.bots):
            if self._live(s):
                self._talk(s, self._new_events(s), self.timeout)
        self.sent = [1] * 4  # the next hand's stream starts again with start_game

    def end_game(self) -> None:
        for s, bot in self.bots.items():
            if self._live(s):
                self._talk(s, ['{"type":"end_game"}'], self.timeout)
            bot.close()

    # -- decisions ----------------------------------------------------------------

    def _decide(self, seat: int, line: Optional[str], legal: List[Dict[str, Any]]) -> Dict[str, Any]:
        """The engine action for a bot's answer (a riichi asks again), or the fault rule's."""
        view = self.m.view(seat)
        try:
            if line is None:
                raise _Fault("timeout", "")  # already recorded; never reached with a live bot
            reply = _parse(line)
            riichi = False
            if reply["type"] == "reach":
                if not any(a["type"] == "riichi" for a in legal) or reply.get("actor", seat) != seat:
                    raise _Fault("illegal", f"{line[:120]} is not legal now")
                self.echoed_reach[seat] = True
                bot = self.bots[seat]
                bot.send([json.dumps({"type": "reach", "actor": seat}, separators=(",", ":"))])
                line = bot.receive(self.timeout)
                reply, riichi = _parse(line), True
            action = _translate(reply, legal, seat, view.get("drawn"), self.red, riichi)
            if action is None:
                raise _Fault("illegal", f"{line[:120]} is not legal now")
            return action
        except _Fault as f:
            replaced = _fallback(self.m, seat, legal)
            self._fault(seat, f, replaced)
            return replaced

    def step(self) -> None:
        """Every seat that must decide now decides (bots asked all at once)."""
        m = self.m
        seats = m.to_act()
        asked: Dict[int, float] = {}
        for s in seats:
            if self._live(s):
                try:
                    self.bots[s].send(self._new_events(s))
                    asked[s] = time.monotonic()
                except _Fault as f:
                    legal = m.legal_actions(s)
                    self._fault(s, f, _fallback(m, s, legal))
        choices: Dict[int, Dict[str, Any]] = {}
        for s in seats:
            legal = m.legal_actions(s)
            if s in asked and self._live(s):
                try:
                    line = self.bots[s].receive(max(0.0, self.timeout - (time.monotonic() - asked[s])), self.timeout)
                except _Fault as f:
                    choices[s] = _fallback(m, s, legal)
                    self._fault(s, f, choices[s])
                    continue
                choices[s] = self._decide(s, line, legal)
            elif s in self.bots:
                choices[s] = _fallback(m, s, legal)
            else:
                choices[s] = self.random[s].choose(m, s)
        for s in seats:
            if s in m.to_act():
                m.apply(s, {k: v for k, v in choices[s].items() if k != "seat"})
        self.decisions += 1

    def play(self) -> GameResult:
        t0 = time.perf_counter()
        try:
            self.start()
            while self.m.phase != "over":
                if self.m.phase == "ended":
                    self.end_hand()
                    self.m.next_hand()
                    if self.m.phase != "over":
                        self.hands += 1
                    continue
                self.step()
            self.end_game()
        finally:
            for bot in self.bots.values():
                bot.close()
        r = self.m.result()
        assert r is not None
        return GameResult(self.index, self.seed, r["scores"], r["ranks"], r["results"], self.faults, self.decisions,
                          self.hands, time.perf_counter() - t0, self.m)


def play_match(
    commands: Sequence[Optional[str]],
    *,
    seed: int = 0,
    rules: Any = "tenhou",
    scoring: Any = None,
    timeout: float = 5.0,
    startup_timeout: float = 30.0,
    index: int = 0,
) -> GameResult:
    """Play one match with a bot command (or None: the built-in random player) for
    each seat; `timeout` seconds per decision, `startup_timeout` for the answer to
    ``start_game`` (a bot loading a model). Faults are handled by the module's rule.

    Example:
        >>> r = play_match([None] * 4, seed=4, rules={"preset": "tenhou", "length": "east"})
        >>> sum(r.scores) + 1000 * r.match.hand_info[3]
        100000
    """
    if len(commands) not in (3, 4):
        raise argument_error("commands", f"commands must give 4 seats (3 for three players), got {len(commands)}", commands)
    for name, v in (("timeout", timeout), ("startup_timeout", startup_timeout)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v < 86400:
            raise argument_error(name, f"{name} must be seconds in 0-86400 (above 0), got {v!r}", v)
    return _Table(commands, index, seed, rules, scoring, timeout, startup_timeout).play()


def play_matches(
    commands: Sequence[Optional[str]],
    *,
    games: int = 1,
    seed: int = 0,
    rules: Any = "tenhou",
    scoring: Any = None,
    timeout: float = 5.0,
    startup_timeout: float = 30.0,
    out: Union[str, os.PathLike[str], None] = None,
    names: Optional[Sequence[str]] = None,
) -> TableResult:
    """Play `games` matches (game i shuffled from ``seed + i``), as `play_match`;
    with `out`, write every game's mjai record to that file, whole or not at all
    (`engine.verify([out])` replays them).

    Example:
        >>> import os, tempfile
        >>> path = os.path.join(tempfile.mkdtemp(), "log.json")
        >>> res = play_matches([None] * 4, games=2, seed=1, rules={"preset": "tenhou", "length": "east"}, out=path)
        >>> from mahjong_fast import engine
        >>> s = engine.verify([path]); (s.games, s.games_ok, s.finals_matched)
        (2, 2, 2)
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 0:
        raise argument_error("games", f"games must be an integer 0 or more, got {games!r}", games)
    from mahjong_fast.files import AtomicFile, check_target

    if out is not None:
        check_target(out, argument="out")  # a folder or a missing folder, before the games
    result = TableResult()
    for i in range(games):
        result.games.append(play_match(commands, seed=seed + i, rules=rules, scoring=scoring, timeout=timeout,
                                       startup_timeout=startup_timeout, index=i))
    if out is not None:
        with AtomicFile(out) as f:
            f.file.write(result.log(names))
    return result
