"""Flowers, winds and the tile tokens of the Taiwan round.

Flowers are written as their Chinese names (``梅蘭菊竹`` plants, ``春夏秋冬`` seasons),
English names (``plum``, ``spring``...) or indices 0-7 (0-3 plants, 4-7 seasons).
Winds are 0-3, ``E S W N``, ``東南西北`` or their English names. The flower logic of
the round (seed 003) lives in Python by design; these are its vocabulary.

Example:
    >>> parse_flowers("春梅"), flower_names(17), tokens("12m春")
    (17, '春梅', ['1m', '2m', '春'])
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Sequence, Tuple, Union

from mahjong_fast import _core
from mahjong_fast._core import InvalidHandError

#: The eight flowers by index: plants 梅蘭菊竹 (0-3), seasons 春夏秋冬 (4-7).
FLOWERS: Tuple[str, ...] = ("梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬")
FLOWER_ALIASES: Dict[str, int] = {name: i for i, name in enumerate(FLOWERS)}
FLOWER_ALIASES.update({"兰": 1, "plum": 0, "orchid": 1, "chrysanthemum": 2, "bamboo": 3,
                        "spring": 4, "summer": 5, "autumn": 6, "fall": 6, "winter": 7})
_WINDS: Dict[str, int] = {"e": 0, "s": 1, "w": 2, "n": 3, "東": 0, "南": 1, "西": 2, "北": 3, "东": 0,
                          "east": 0, "south": 1, "west": 2, "north": 3}
_WIND_ZH = "東南西北"


def parse_flowers(flowers: Union[None, str, int, Iterable[Union[str, int]]]) -> int:
    """Flowers as a bit mask (bit i = flower i); each flower may appear once.

    Accepts Chinese names in one string (``"春梅"``), a sequence of names or indices,
    or a mask already (an ``int``).

    Example:
        >>> parse_flowers("梅春"), parse_flowers(["spring", 0]), parse_flowers(None)
        (17, 17, 0)
    """
    if flowers is None:
        return 0
    if isinstance(flowers, bool):
        raise InvalidHandError(f"flowers {flowers!r}: expected names, indices or a bit mask")
    if isinstance(flowers, int):
        if not 0 <= flowers < 256:
            raise InvalidHandError(f"flower mask {flowers} is outside 0-255 (eight flowers)")
        return flowers
    items: List[Union[str, int]]
    if isinstance(flowers, str):
        text = flowers.replace(" ", "").replace(",", "")
        items = list(text) if all(c in FLOWER_ALIASES for c in text) else [w for w in flowers.replace(",", " ").split()]
    else:
        try:
            items = list(flowers)
        except TypeError:
            raise InvalidHandError(f"flowers {flowers!r}: expected names, indices or a bit mask") from None
    mask = 0
    for it in items:
        if isinstance(it, bool) or not isinstance(it, (int, str)):
            raise InvalidHandError(f"flower {it!r}: expected a name such as 春 or plum, or an index 0-7")
        if isinstance(it, int):
            if not 0 <= it < 8:
                raise InvalidHandError(f"flower index {it} is outside 0-7")
            i = it
        else:
            key = it.strip().lower()
            if key not in FLOWER_ALIASES:
                raise InvalidHandError(f"{it!r} is not a flower (梅蘭菊竹春夏秋冬 or plum, orchid, chrysanthemum, bamboo, spring, summer, autumn, winter)")
            i = FLOWER_ALIASES[key]
        if mask & (1 << i):
            raise InvalidHandError(f"flowers {flowers!r}: {FLOWERS[i]} appears twice (each of the eight flowers is unique)")
        mask |= 1 << i
    # Nine or more names always repeat one (the loop above said which), so a mask is all.
    return mask


def flower_names(mask: int) -> str:
    """The Chinese names of the flowers in a mask, seasons first.

    Example:
        >>> flower_names(0b00010001)
        '春梅'
    """
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask < 256:
        raise InvalidHandError(f"flower mask {mask!r}: expected an integer 0-255")
    if not mask:
        return ""
    return "".join(FLOWERS[i] for i in (4, 5, 6, 7, 0, 1, 2, 3) if mask & (1 << i))


def parse_wind(wind: Union[int, str]) -> int:
    """A wind as 0 East .. 3 North.

    Example:
        >>> parse_wind("S"), parse_wind("北"), parse_wind(2)
        (1, 3, 2)
    """
    if isinstance(wind, int) and not isinstance(wind, bool):
        if 0 <= wind < 4:
            return wind
    elif isinstance(wind, str) and wind.strip().lower() in _WINDS:
        return _WINDS[wind.strip().lower()]
    raise InvalidHandError(f"wind {wind!r}: expected 0-3, E/S/W/N, 東南西北 or east/south/west/north")


def is_flower(token: str) -> bool:
    """Whether a tile token is one of the eight flowers.

    Example:
        >>> is_flower("春"), is_flower("1z")
        (True, False)
    """
    return token in FLOWER_ALIASES and len(token) == 1


FLOWER_CHARS = frozenset(k for k in FLOWER_ALIASES if len(k) == 1)


def check_no_flower(text: Any, what: str) -> None:
    """Refuse a flower inside hand or meld text (flowers are passed apart, as ``flowers=``).

    Example:
        >>> check_no_flower("123m春", "the hand")
        Traceback (most recent call last):
        ...
        mahjong_fast.InvalidHandError: the hand '123m春': a flower cannot be part of the hand (flowers are exposed and kept apart: pass them as flowers=)
    """
    if isinstance(text, str) and not FLOWER_CHARS.isdisjoint(text):
        raise InvalidHandError(f"{what} {text!r}: a flower cannot be part of {what} (flowers are exposed and kept apart: pass them as flowers=)")


# The 34 kinds and 8 flowers as written: one token already, no parsing needed (the
# round splits one tile at every action, a hot path of self-play).
_ONE_TOKEN = frozenset([f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)] + list(FLOWERS))


def tokens(text: Union[str, Sequence[str]]) -> List[str]:
    """Split mixed text (mpsz plus flower characters), or a sequence of such texts,
    into tile tokens in order.

    Example:
        >>> tokens("123m春5z"), tokens(["1m", "梅"])
        (['1m', '2m', '3m', '春', '5z'], ['1m', '梅'])
    """
    if text.__class__ is str and text in _ONE_TOKEN:
        return [text]
    if not isinstance(text, str):
        if isinstance(text, (bytes, dict)) or not hasattr(text, "__iter__"):
            raise InvalidHandError(f"tiles {text!r}: expected mpsz text or a sequence of such texts")
        out = []
        for t in text:
            if not isinstance(t, str):
                raise InvalidHandError(f"tile {t!r}: expected mpsz text such as '5m' or a flower such as '春'")
            out += tokens(t)
        return out
    out: List[str] = []
    buf = ""
    for ch in text:
        if ch in FLOWER_ALIASES and len(ch) == 1:
            if buf:
                out += [str(t) for t in _core.parse_tiles(buf)]
                buf = ""
            out.append(FLOWERS[FLOWER_ALIASES[ch]])
        else:
            buf += ch
    if buf:
        out += [str(t) for t in _core.parse_tiles(buf)]
    for t in out:
        if t.startswith("0"):
            raise InvalidHandError(f"{text!r}: Taiwan mahjong has no red fives ({t})")
    return out
