"""Random legal play of Taiwan rounds and matches, for tests and ``mahjong-fast
taiwan selfplay``.

:class:`RandomPlayers` drives a :class:`~mahjong_fast.taiwan.round.TaiwanRound`
through its public actions only (every action a legal one, so no refusal is
expected): wins and flower wins are always taken, the seat nearest the discarder
first; calls and kongs are made at random; discards are random, with probability
``greed`` among the tiles that keep the hand nearest to ready (by the core's
shanten). :func:`self_play` plays whole matches and totals them.

Example:
    >>> totals = self_play(3, seed=0)
    >>> totals["matches"], totals["points_sum"], totals["unsettled"]
    (3, 0, 0)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any, Callable, Dict, List, Optional, Tuple

from mahjong_fast import _core
from mahjong_fast._core import ArgumentError
from mahjong_fast.errors import argument_error
from mahjong_fast.taiwan.args import int_arg
from mahjong_fast.taiwan.phases import Act, Claim, Rob, Steal
from mahjong_fast.taiwan.round import TaiwanRound
from mahjong_fast.taiwan.rules import RulesLike, load_rules

__all__ = ["RandomPlayers", "self_play"]

_CALL_CHANCE = 0.25  # how often a possible pung / chow / kong is made
_READY_CHANCE = 0.8  # how often a ready first discard is declared (地聽) where the rules have it


class RandomPlayers:
    """Four players choosing random legal actions (see the module's description).

    Example:
        >>> from mahjong_fast.taiwan.match import match_wall
        >>> r = TaiwanRound(match_wall(1, 0))
        >>> RandomPlayers(seed=0).play_round(r).outcome in ("win", "exhaustive_draw")
        True
    """

    def __init__(self, seed: int = 0, greed: float = 1.0) -> None:
        seed = int_arg("seed", seed, 0, 2**64 - 1, ArgumentError)
        if isinstance(greed, bool) or not isinstance(greed, (int, float)) or not 0 <= greed <= 1:
            raise argument_error("greed", f"greed = {greed!r:.40}: expected a number 0-1")
        self.rng = random.Random(seed)
        self.greed = float(greed)
        self._waits: Dict[Tuple[str, ...], List[str]] = {}

    def play_round(self, r: TaiwanRound) -> Any:
        """Play ``r`` to its end; returns its result.

        Example:
            >>> from mahjong_fast.taiwan.match import match_wall
            >>> RandomPlayers(1).play_round(TaiwanRound(match_wall(2, 0))).deltas.count(0) <= 4
            True
        """
        self._waits.clear()
        steps = 0
        while r.result is None:
            s = r.state
            if isinstance(s, Act):
                self._act(r, s)
            elif isinstance(s, Claim):
                self._claim(r, s)
            elif isinstance(s, Steal):
                r.declare_flower_win(s.thief)
            elif isinstance(s, Rob):
                robber = next((o for o in self._others(s.seat) if self._wins_on(r, o, s.tile)), None)
                if robber is None:
                    r.proceed()
                else:
                    r.ron(robber)
            steps += 1
            if steps > 2000:  # a round has at most 144 draws; more steps is a bug
                raise RuntimeError("a random round did not end")
        return r.result

    @staticmethod
    def _others(seat: int) -> List[int]:
        return [(seat + k) % 4 for k in (1, 2, 3)]

    def _waits_of(self, r: TaiwanRound, seat: int) -> List[str]:
        key = (str(seat), *sorted(r.hands[seat]), *(str(m) for m in r.melds[seat]))
        w = self._waits.get(key)
        if w is None:
            w = list(_core.waits("".join(r.hands[seat]), r.melds[seat], n_sets=5))
            self._waits[key] = w
        return w

    def _wins_on(self, r: TaiwanRound, seat: int, tile: str) -> bool:
        if tile in self._waits_of(r, seat):
            return True
        # 嚦咕嚦咕 is not a five-set shape: ask the round when the rules score it.
        return bool(r.rules.seven_pairs_one_pung) and not r.melds[seat] and r._can_win_with(seat, tile)

    def _act(self, r: TaiwanRound, s: Act) -> None:
        seat, hand = s.seat, r.hands[s.seat]
        if s.chance is not None:
            r.declare_flower_win(seat)
            return
        if s.source != "call":
            complete = _core.is_agari("".join(hand), r.melds[seat], n_sets=5)
            if complete or (r.rules.seven_pairs_one_pung and not r.melds[seat]):
                try:
                    r.tsumo(seat)
                    return
                except _core.IllegalActionError:
                    if complete:
                        raise
            if seat in r.ready:  # 地聽: the hand is fixed, the draw goes
                r.discard(seat, str(s.drawn))
                return
            if self.rng.random() < _CALL_CHANCE:
                counts = Counter(hand)
                kongs: List[Tuple[str, Tuple[Any, ...]]] = [("concealed_kong", (seat, t)) for t, n in counts.items() if n == 4]
                kongs += [("added_kong", (seat, m.tiles[-2:])) for m in r.melds[seat]
                          if m.kind == "pon" and m.tiles[-2:] in counts]
                if kongs and r.live_tiles_left > 0:
                    name, args = self.rng.choice(kongs)
                    getattr(r, name)(*args)
                    return
        t = self._discard_choice(r, seat)
        if (r.rules.ready_on_first_discard and not r.discards[seat] and not r.melds[seat] and s.source != "call"
                and not any(r.melds[o] for o in range(4)) and self.rng.random() < _READY_CHANCE):
            rest = list(hand)
            rest.remove(t)
            if _core.waits("".join(rest), None, n_sets=5):
                try:
                    r.declare_ready(seat, t)
                    return
                except _core.IllegalActionError:
                    pass  # someone called or kept a kong before: not the first go-around
        r.discard(seat, t)

    def _discard_choice(self, r: TaiwanRound, seat: int) -> str:
        hand = r.hands[seat]
        if self.rng.random() < self.greed:
            # Shanten after each distinct discard (the core's shanten is about a
            # microsecond; its discards() also counts tiles accepted, a thousand times dearer).
            melds = r.melds[seat] or None
            best, choices = 99, []
            for t in sorted(set(hand)):
                rest = list(hand)
                rest.remove(t)
                sh = _core.shanten("".join(rest), melds, n_sets=5)
                if sh < best:
                    best, choices = sh, [t]
                elif sh == best:
                    choices.append(t)
            return self.rng.choice(choices)
        return self.rng.choice(hand)

    def _claim(self, r: TaiwanRound, c: Claim) -> None:
        for o in self._others(c.discarder):
            if self._wins_on(r, o, c.tile):
                r.ron(o)
                return
        if self.rng.random() < _CALL_CHANCE:
            calls: List[Tuple[str, Tuple[Any, ...]]] = []
            for o in self._others(c.discarder):
                n = 0 if o in r.ready else r.hands[o].count(c.tile)
                if n >= 2:
                    calls.append(("pung", (o,)))
                if n >= 3 and r.live_tiles_left > 0:
                    calls.append(("exposed_kong", (o,)))
            nxt = (c.discarder + 1) % 4
            if c.tile[1] != "z" and nxt not in r.ready:
                k, suit = int(c.tile[0]), c.tile[1]
                for lo in range(max(1, k - 2), min(k, 7) + 1):
                    need = [f"{v}{suit}" for v in range(lo, lo + 3) if v != k]
                    if all(t in r.hands[nxt] for t in need):
                        calls.append(("chow", (nxt, "".join(need))))
            if calls:
                name, args = self.rng.choice(calls)
                getattr(r, name)(*args)
                return
        r.draw()


def self_play(n: int, seed: int = 0, rules: RulesLike = None, greed: float = 1.0,
              progress: Optional[Callable[[int, int], None]] = None,
              totals: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """Play ``n`` whole matches (seeds ``seed`` .. ``seed + n - 1``) with random legal
    actions and total them: matches, hands, wins, self_draws, flower_wins,
    exhaustive_draws, most_consecutive, points_sum (0 when every match balanced),
    unsettled (matches with a hand whose deltas do not balance: 0), seconds.

    ``progress(done, n)`` is called after each match. ``totals``, when given, is the
    dict filled in place (so that a caller stopped by Ctrl-C keeps what was done).

    Example:
        >>> t = self_play(2, seed=5, rules="atawmj2009")
        >>> t["matches"], t["hands"] >= 32, t["points_sum"]
        (2, True, 0)
    """
    from mahjong_fast.taiwan.match import TaiwanMatch, play_random

    n = int_arg("n", n, 0, 2**32 - 1, ArgumentError)
    seed = int_arg("seed", seed, 0, 2**64 - 1, ArgumentError)
    if seed + n > 2**64:
        raise argument_error("seed", f"seed = {seed}: seed + n must stay within 0-2**64-1")
    rs = load_rules(rules)
    if totals is None:
        totals = {}
    totals.update({"matches": 0, "hands": 0, "wins": 0, "self_draws": 0, "flower_wins": 0, "exhaustive_draws": 0,
                   "most_consecutive": 0, "points_sum": 0, "unsettled": 0, "seconds": 0.0})
    t0 = time.perf_counter()
    for i in range(n):
        m = TaiwanMatch(seed + i, rs)
        play_random(m, seed=seed + i, greed=greed)
        s = m.summary()
        for k in ("hands", "wins", "self_draws", "flower_wins", "exhaustive_draws"):
            totals[k] += s[k]
        totals["most_consecutive"] = max(totals["most_consecutive"], s["most_consecutive"])
        totals["points_sum"] += sum(m.points)
        totals["unsettled"] += any(sum(h.result.deltas) != 0 for h in m.hands)
        totals["matches"] += 1
        totals["seconds"] = time.perf_counter() - t0
        if progress is not None:
            progress(i + 1, n)
    totals["seconds"] = time.perf_counter() - t0
    return totals
