"""The 144-tile wall: the full set and walls built to deal given hands and draws.

Example:
    >>> len(full_set()), full_set()[-8:] == list(FLOWERS)
    (144, True)
"""

from __future__ import annotations

import random
from typing import Dict, List, Sequence, Union

from mahjong_fast._core import InvalidHandError
from mahjong_fast.taiwan.args import int_arg, seat_arg
from mahjong_fast.taiwan.flowers import FLOWERS, is_flower, tokens


def full_set() -> List[str]:
    """The 144 tokens of a Taiwan set: four of each of the 34 kinds, then the eight flowers.

    Example:
        >>> s = full_set(); len(s), s[:5], s.count("5z")
        (144, ['1m', '1m', '1m', '1m', '2m'], 4)
    """
    tiles = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    return [t for t in tiles for _ in range(4)] + list(FLOWERS)


def check_wall(wall: Sequence[str]) -> None:
    """Refuse a wall (or part of one) with a fifth copy of a tile or a repeated flower.

    Example:
        >>> check_wall(["1m"] * 5)
        Traceback (most recent call last):
        ...
        mahjong_fast.InvalidHandError: the wall holds 5 of 1m (there are only four of each tile)
    """
    seen: Dict[str, int] = {}
    for t in tokens(wall):
        seen[t] = seen.get(t, 0) + 1
        limit = 1 if is_flower(t) else 4
        if seen[t] > limit:
            what = "each flower is unique" if limit == 1 else "there are only four of each tile"
            raise InvalidHandError(f"the wall holds {seen[t]} of {t} ({what})")


def build_wall(
    hands: Sequence[Union[str, Sequence[str]]],
    draws: Union[str, Sequence[str]] = (),
    replacements: Union[str, Sequence[str]] = (),
    dealer: int = 0,
    seed: int = 0,
) -> List[str]:
    """A 144-tile wall in draw order that deals ``hands`` and then yields ``draws``.

    ``hands[s]`` is seat ``s``'s starting tiles (17 for the dealer, 16 otherwise,
    flowers included, e.g. ``"123m456p春"``); ``draws`` are the live-wall tiles drawn
    after the deal, in order; ``replacements`` are the tiles taken from the back
    end, in order. The rest of the 144 tiles fill the middle in a shuffled order.
    The deal takes 4 tiles per seat, dealer first, four times, then the dealer's 17th.

    Example:
        >>> hands = ["123456789m12345678p", "123456789s1234567s", "1112223334445556z", "123456789m1234567p"]
        >>> w = build_wall(hands, draws="9s", replacements="")
        >>> len(w), w[65]
        (144, '9s')
    """
    if isinstance(hands, (str, bytes, dict)) or not hasattr(hands, "__len__") or len(hands) != 4:
        raise InvalidHandError(f"build_wall: hands must be four hands (seats 0-3), got {hands!r:.60}")
    dealer = seat_arg("dealer", dealer)
    seed = int_arg("seed", seed, -(2**63), 2**63 - 1)
    hs = [tokens(h) for h in hands]
    for s, h in enumerate(hs):
        want = 17 if s == dealer else 16
        if len(h) != want:
            raise InvalidHandError(f"build_wall: seat {s} starts with {len(h)} tiles, expected {want}")
    live = tokens(draws)
    back = tokens(replacements)
    used = [t for h in hs for t in h] + live + back
    check_wall(used)
    rest = full_set()
    for t in used:
        rest.remove(t)
    random.Random(seed).shuffle(rest)
    deal: List[str] = []
    pos = [0, 0, 0, 0]
    for _ in range(4):
        for k in range(4):
            s = (dealer + k) % 4
            deal += hs[s][pos[s]:pos[s] + 4]
            pos[s] += 4
    deal.append(hs[dealer][16])
    return deal + live + rest + list(reversed(back))
