"""Shared hands for the Taiwan round tests: three 'neutral' hands that can never win
(isolated honors) and the winner's tenpai hand, so every scenario is explicit."""

from mahjong_fast import taiwan as tw

NEUTRAL = ["1289m129p19s1234567z", "1389m139p19s1234567z", "1479m147p19s1234567z"]
# Waits on 1s / 4s (two-sided); with 4s: 234m 567m 345p 678p 234s 55s.
WINNER16 = "234m567m345p678p23s55s"


def neutral(i: int, flowers: str = "", extra: str = "") -> list:
    """Neutral hand i with its last honors swapped for `flowers`, plus `extra` tiles."""
    toks = tw._tokens(NEUTRAL[i])
    return toks[: 16 - len(flowers)] + list(flowers) + tw._tokens(extra)


def tsumogiri(r: tw.TaiwanRound) -> None:
    """The next seat draws and discards what it drew."""
    r.draw()
    if r.phase == "act":
        r.discard(r.turn, r.hands[r.turn][-1])
