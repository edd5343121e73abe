"""Shared hands for the Taiwan round tests: three 'neutral' hands that can never win
(isolated honors) and the winner's tenpai hand, so every scenario is explicit; and
small named rounds (`demo_round`) that put a round just before an interesting action."""

from typing import Dict, List, Tuple

from mahjong_fast import taiwan as tw
from mahjong_fast.taiwan.flowers import tokens

NEUTRAL = ["1289m129p19s1234567z", "1389m139p19s1234567z", "1479m147p19s1234567z"]
# Waits on 1s / 4s (two-sided); with 4s: 234m 567m 345p 678p 234s 55s.
WINNER16 = "234m567m345p678p23s55s"


def neutral(i: int, flowers: str = "", extra: str = "") -> list:
    """Neutral hand i with its last honors swapped for `flowers`, plus `extra` tiles."""
    toks = tokens(NEUTRAL[i])
    return toks[: 16 - len(flowers)] + list(flowers) + tokens(extra)


def tsumogiri(r: tw.TaiwanRound) -> None:
    """The next seat draws and discards what it drew."""
    r.draw()
    if r.phase == "act":
        r.discard(r.turn, r.hands[r.turn][-1])


# name: (hands of seats 0, 1[, 2, 3] (missing seats are neutral), live draws,
# back-end replacements, draw-and-discard turns played after the dealer's 8p)
_DEMOS: Dict[str, Tuple[list, list, list, int]] = {
    "tsumo": ([neutral(0, extra="8p"), WINNER16], ["4s"], [], 0),
    "ron": ([neutral(0, extra="4s"), WINNER16], [], [], 0),
    # Seat 1 holds six flowers and seat 3 one; seat 1 draws the seventh (竹) and
    # its replacement 4s completes the hand: 七搶一 and a normal self-draw at once.
    "seven": ([neutral(0, extra="8p"), "234m567m345p6p春夏秋冬梅蘭", neutral(1), neutral(2)[:15] + ["菊"]],
              ["1z", "2z", "3z", "4z", "竹"], ["7p", "8p", "2s", "3s", "5s", "5s", "7z", "4s"], 4),
    # Seat 1 holds seven flowers; seat 2 draws the eighth (竹): seat 1 may steal its replacement.
    "steal": ([neutral(0, extra="8p"), "234m567m345p春夏秋冬梅蘭菊"], ["1z", "2z", "3z", "4z", "5z", "竹"],
              ["6p", "7p", "8p", "2s", "3s", "5s", "5s", "4s"], 5),
    "pung": ([neutral(0, extra="5p"), "55p234m567m345s678s9s1z", "234m567m46p678s234s55s"], ["1s", "9p", "2p", "5p"],
             ["9m"], 0),
    "kong": ([neutral(0, extra="8p"), "6666m234m345p678p23s5s"], ["5s"], ["4s"], 0),
    "exposed_kong": ([neutral(0, extra="6m"), "666m234m345p678p23s55s"], [], ["4s"], 0),
}


def demo_round(variant: str) -> tw.TaiwanRound:
    """A small named round: seat 0 deals; seat 1 holds the interesting hand (ready on
    1s/4s unless named otherwise); the other seats cannot win."""
    hands, draws, back, turns = _DEMOS[variant]
    full: List = list(hands) + [neutral(1), neutral(2)][len(hands) - 2:]
    r = tw.TaiwanRound(tw.build_wall(full, draws=draws, replacements=back))
    if turns:
        # The dealer discards, seats draw and discard what they drew, then one more draw.
        r.discard(0, "8p")
        for _ in range(turns):
            tsumogiri(r)
        r.draw()
    return r
