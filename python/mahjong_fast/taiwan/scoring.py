"""Tai of one winning hand (the core scores it), flower wins, waits and shanten.

Example:
    >>> s = score("123m456m789m234p567p55s", win_tile="7p")
    >>> s.total, [p.name_zh for p in s.patterns]
    (3, ['門清', '平胡'])
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from mahjong_fast import _core
from mahjong_fast._core import InvalidHandError, Meld
from mahjong_fast.taiwan.args import MAX_CONSECUTIVE, flag_arg, int_arg, text_arg
from mahjong_fast.taiwan.flowers import check_no_flower, flower_names, parse_flowers, parse_wind
from mahjong_fast.taiwan.rules import RulesLike, load_rules


@dataclass(frozen=True)
class TaiEntry:
    """One scored pattern: key, Chinese and English names, times it applies, tai.

    Example:
        >>> TaiEntry("self_draw", "自摸", "self-draw", 1, 1).tai
        1
    """

    key: str
    name_zh: str
    name_en: str
    count: int
    tai: int

    def to_dict(self) -> Dict[str, Any]:
        """Plain values for JSON (:meth:`from_dict` reads them back).

        Example:
            >>> TaiEntry("self_draw", "自摸", "self-draw", 1, 1).to_dict()["name_zh"]
            '自摸'
        """
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> TaiEntry:
        """The entry :meth:`to_dict` wrote.

        Example:
            >>> e = TaiEntry("self_draw", "自摸", "self-draw", 1, 1)
            >>> TaiEntry.from_dict(e.to_dict()) == e
            True
        """
        return _from_fields(cls, data)

    def __str__(self) -> str:
        times = f" x{self.count}" if self.count > 1 else ""
        return f"{self.name_zh} ({self.name_en}){times}: {self.tai}"


@dataclass(frozen=True)
class TaiwanScore:
    """A scored Taiwan hand: the patterns, their total, and the split that scored best.

    ``total`` is after the rule set's cap; ``dealer_tai`` (莊家 + 連莊) is not part of
    it: payments add it where the dealer takes part. ``groups`` are the concealed
    sets of the best split, ``melds`` the called ones; ``win_group`` says where the
    winning tile sits (``None`` = the pair), ``wait`` its shape there.

    Example:
        >>> s = score("123m456m789m234p567p55s", win_tile="5s", self_draw=True)
        >>> s.total, s.pair, s.wait, s.keys()
        (4, '55s', 'tanki', ['concealed_self_draw', 'single_wait'])
    """

    patterns: Tuple[TaiEntry, ...]
    total: int
    uncapped: int
    dealer_tai: int
    pair: Optional[str] = None
    groups: Tuple[str, ...] = ()
    melds: Tuple[str, ...] = ()
    win_group: Optional[int] = None
    wait: Optional[str] = None
    one_wait: bool = False
    flowers: str = ""

    def keys(self) -> List[str]:
        """The keys of the scored patterns.

        Example:
            >>> flower_win_score("eight_immortals").keys()
            ['eight_immortals']
        """
        return [p.key for p in self.patterns]

    def tai_of(self, key: str) -> int:
        """Tai of one pattern (0 when it did not score).

        Example:
            >>> score("123m456m789m234p567p55s", win_tile="7p").tai_of("all_chows")
            2
        """
        if not isinstance(key, str):
            raise InvalidHandError(f"key must be a pattern key (text, one of pattern_keys()), got {type(key).__name__}")
        return sum(p.tai for p in self.patterns if p.key == key)

    def to_dict(self) -> Dict[str, Any]:
        """Plain values for JSON (lists, not tuples); :meth:`from_dict` reads them back.

        Example:
            >>> score("123m456m789m234p567p55s", win_tile="7p").to_dict()["total"]
            3
        """
        d = dataclasses.asdict(self)
        d["patterns"] = [p.to_dict() for p in self.patterns]
        d["groups"] = list(self.groups)
        d["melds"] = list(self.melds)
        return d

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> TaiwanScore:
        """The score :meth:`to_dict` wrote.

        Example:
            >>> s = score("123m456m789m234p567p55s", win_tile="7p")
            >>> TaiwanScore.from_dict(s.to_dict()) == s
            True
        """
        d = dict(data) if isinstance(data, dict) else data
        if not isinstance(d, dict) or not isinstance(d.get("patterns"), list):
            raise InvalidHandError(f"TaiwanScore.from_dict: expected a dict with a 'patterns' list, got {type(data).__name__}")
        d["patterns"] = tuple(TaiEntry.from_dict(p) for p in d["patterns"])
        for k in ("groups", "melds"):
            if k in d:
                d[k] = tuple(d[k])
        return _from_fields(cls, d)

    def __repr__(self) -> str:
        pats = ", ".join(f"{p.name_zh} {p.tai}" + (f" x{p.count}" if p.count > 1 else "") for p in self.patterns)
        extra = f", uncapped={self.uncapped}" if self.uncapped != self.total else ""
        return f"TaiwanScore(total={self.total}{extra}, dealer_tai={self.dealer_tai}, patterns=[{pats}])"

    def __str__(self) -> str:
        lines = [str(p) for p in self.patterns]
        if self.uncapped != self.total:
            lines.append(f"cap: {self.uncapped} -> {self.total}")
        lines.append(f"total: {self.total} tai (dealer tai {self.dealer_tai} where the dealer takes part)")
        if self.pair is not None:
            parts = list(self.groups) + [m for m in self.melds] + [self.pair]
            lines.append("split: " + " ".join(parts) + (f"  wait: {self.wait}" if self.wait else ""))
        if self.flowers:
            lines.append(f"flowers: {self.flowers}")
        return "\n".join(lines)


def _from_fields(cls: Any, data: Any) -> Any:
    # The one reader of to_dict() output: exactly the class's fields.
    if not isinstance(data, dict):
        raise InvalidHandError(f"{cls.__name__}.from_dict: expected a dict, got {type(data).__name__}")
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(str(k) for k in data if k not in names)
    if unknown:
        raise InvalidHandError(f"{cls.__name__}.from_dict: unknown field(s) {', '.join(unknown)}")
    try:
        return cls(**data)
    except TypeError as e:
        raise InvalidHandError(f"{cls.__name__}.from_dict: {e}") from None


def _score_from_raw(raw: Dict[str, Any], melds: Sequence[Meld] = (), flowers: int = 0) -> TaiwanScore:
    return TaiwanScore(
        patterns=tuple(TaiEntry(*p) for p in raw["patterns"]),
        total=raw["total"],
        uncapped=raw["uncapped"],
        dealer_tai=raw["dealer_tai"],
        pair=raw.get("pair"),
        groups=tuple(raw.get("groups", ())),
        melds=tuple(str(m) for m in melds),
        win_group=raw.get("win_group"),
        wait=raw.get("wait"),
        one_wait=bool(raw.get("one_wait", False)),
        flowers=flower_names(flowers),
    )


def hand_arg(hand: Any) -> Union[str, List[int]]:
    """A hand as mpsz text (no flowers in it) or a list of 136-ids 0-135.

    Example:
        >>> hand_arg("123m"), hand_arg((0, 4, 8))
        ('123m', [0, 4, 8])
    """
    if isinstance(hand, str):
        check_no_flower(hand, "the hand")
        return hand
    if isinstance(hand, (bytes, bytearray, dict, set, frozenset)) or not hasattr(hand, "__iter__"):
        raise InvalidHandError(f"hand {type(hand).__name__}: expected mpsz text or a sequence of tile ids 0-135")
    return [int_arg("hand tile id", t, 0, 135) for t in hand]


def to_melds(melds: Any) -> List[Meld]:
    """Melds from ``None``, one meld, or a sequence of ``Meld`` objects and ``"kind:tiles"`` text.

    Example:
        >>> [str(m) for m in to_melds(["pon:555z", "chi:123m"])]
        ['pon:555z', 'chi:123m']
    """
    if melds is None:
        return []
    if isinstance(melds, (str, Meld)):
        melds = [melds]
    if isinstance(melds, (bytes, dict)) or not hasattr(melds, "__iter__"):
        raise InvalidHandError(f"melds {melds!r}: expected Meld objects or kind:tiles text such as 'pon:555z'")
    out = []
    for m in melds:
        if isinstance(m, Meld):
            out.append(m)
            continue
        check_no_flower(m, "a meld")
        if not isinstance(m, str) or ":" not in m:
            raise InvalidHandError(f"meld {m!r}: write melds as kind:tiles, e.g. 'chi:123m', 'pon:555z', 'ankan:1111m'")
        kind, tiles = m.split(":", 1)
        out.append(Meld(kind.strip(), tiles.strip()))
    return out


@dataclass(frozen=True)
class WinArgs:
    """The arguments of :func:`score` checked, as its batch rows take them too.

    Example:
        >>> win_args("111z222z555z123m456m77p", "7p", round_wind="S").round_wind
        1
    """

    hand: Union[str, List[int]]
    melds: List[Meld]
    win_tile: Union[str, int]
    flowers: int
    seat_wind: int
    round_wind: int
    flags: Dict[str, bool]
    consecutive: int
    replacement: str


def win_args(
    hand: Any,
    win_tile: Any = None,
    melds: Any = None,
    flowers: Any = None,
    seat_wind: Any = 0,
    round_wind: Any = 0,
    self_draw: Any = False,
    dealer: Any = False,
    consecutive: Any = 0,
    replacement: Any = "none",
    robbing_kong: Any = False,
    last_tile: Any = False,
    first_turn: Any = False,
    dealer_first_discard: Any = False,
    declared_ready: Any = False,
) -> WinArgs:
    """Every argument of :func:`score` checked (the one validation of the scalar call
    and of :func:`~mahjong_fast.taiwan.score_batch` rows); the winning tile defaults to
    the last tile of ``hand``.

    Example:
        >>> a = win_args("123m456m789m234p567p55s", seat_wind="S", self_draw=True)
        >>> a.win_tile, a.seat_wind, a.flags["self_draw"]
        ('5s', 1, True)
    """
    hand = hand_arg(hand)
    ms = to_melds(melds)
    fmask = parse_flowers(flowers)
    if win_tile is None:
        tiles = _core.parse_tiles(hand) if isinstance(hand, str) else hand
        if len(tiles) == 0:
            raise InvalidHandError("an empty hand has no winning tile")
        win_tile = str(tiles[-1]) if isinstance(hand, str) else tiles[-1]
    elif isinstance(win_tile, str):
        check_no_flower(win_tile, "the winning tile")
    else:
        win_tile = int_arg("win_tile", win_tile, 0, 135)
    flags = {"self_draw": self_draw, "dealer": dealer, "robbing_kong": robbing_kong, "last_tile": last_tile,
             "first_turn": first_turn, "dealer_first_discard": dealer_first_discard, "declared_ready": declared_ready}
    return WinArgs(hand, ms, win_tile, fmask, parse_wind(seat_wind), parse_wind(round_wind),
                   {k: flag_arg(k, v) for k, v in flags.items()}, int_arg("consecutive", consecutive, 0, MAX_CONSECUTIVE),
                   text_arg("replacement", replacement, REPLACEMENTS))


def score(
    hand: Union[str, Sequence[int]],
    win_tile: Optional[Union[str, int]] = None,
    melds: Any = None,
    flowers: Any = None,
    seat_wind: Union[int, str] = 0,
    round_wind: Union[int, str] = 0,
    self_draw: bool = False,
    dealer: bool = False,
    consecutive: int = 0,
    replacement: str = "none",
    robbing_kong: bool = False,
    last_tile: bool = False,
    first_turn: bool = False,
    dealer_first_discard: bool = False,
    declared_ready: bool = False,
    rules: RulesLike = None,
) -> TaiwanScore:
    """Score a winning Taiwan hand.

    Args:
        hand: the concealed tiles including the winning tile (17 minus 3 per meld), mpsz.
        win_tile: the winning tile; defaults to the last tile written in ``hand``.
        melds: called/declared sets, ``Meld`` objects or text like ``"pon:555z"``.
        flowers: the winner's exposed flowers (``"春梅"``, names, indices or a mask).
        seat_wind, round_wind: 0-3 or E/S/W/N or 東南西北.
        self_draw: won by the winner's own draw (自摸).
        dealer, consecutive: the winner is the dealer; deals kept in a row (連莊, 0-65535).
        replacement: the winning tile was a replacement: ``"flower"``,
            ``"concealed_kong"``, ``"added_kong"``, ``"exposed_kong"`` or
            ``"stolen_flower"`` (the 8th flower's replacement taken by a 七搶一 winner).
        robbing_kong, last_tile: 搶槓; the last live tile (海底 / 河底).
        first_turn: the first go-around with no call (天胡 / 地胡 / 人胡).
        dealer_first_discard: won on the dealer's first discard (地胡's other definition).
        declared_ready: the winner declared ready with his first discard, nobody
            having called (地聽, where ``rules.ready_on_first_discard`` scores it).
        rules: a :class:`TaiwanRules`, a preset name, a dict of options (``preset``
            plus changes) or a TOML file path; ``None`` is the common preset.

    Raises:
        InvalidHandError: wrong tile counts, a fifth copy, a flower in the hand or a
            meld, a ninth or repeated flower, a hand that is not five sets and a pair.

    Example:
        >>> s = score("111z222z555z123m456m77p", win_tile="7p", seat_wind="S")
        >>> s.total, s.tai_of("three_concealed_pungs")
        (7, 2)
    """
    rs = load_rules(rules)
    a = win_args(hand, win_tile, melds, flowers, seat_wind, round_wind, self_draw, dealer, consecutive, replacement,
                 robbing_kong, last_tile, first_turn, dealer_first_discard, declared_ready)
    raw = _core.taiwan_score_raw(
        a.hand, a.melds, a.win_tile, a.flowers, a.seat_wind, a.round_wind, a.flags["self_draw"], a.flags["dealer"],
        a.consecutive, a.replacement, a.flags["robbing_kong"], a.flags["last_tile"], a.flags["first_turn"],
        a.flags["dealer_first_discard"], a.flags["declared_ready"], rs._core,  # type: ignore[attr-defined]
    )
    ms, fmask = a.melds, a.flowers
    return _score_from_raw(raw, ms, fmask)


#: What the winning tile of a self-draw can have replaced (``score(replacement=...)``).
REPLACEMENTS = ("none", "flower", "concealed_kong", "added_kong", "exposed_kong", "stolen_flower")
#: The two flower wins of seed 003.
FLOWER_WINS = ("seven_rob_one", "eight_immortals")


def flower_win_score(kind: str, consecutive: int = 0, rules: RulesLike = None) -> TaiwanScore:
    """The tai of a flower win, ``"seven_rob_one"`` (七搶一) or ``"eight_immortals"`` (八仙過海).

    Example:
        >>> flower_win_score("seven_rob_one", rules={"seven_rob_one": 16}).total
        16
    """
    rs = load_rules(rules)
    kind = text_arg("kind", kind, FLOWER_WINS)
    n = int_arg("consecutive", consecutive, 0, MAX_CONSECUTIVE)
    return _score_from_raw(_core.taiwan_flower_win_raw(kind, n, rs._core))  # type: ignore[attr-defined]


def waits(hand: Union[str, Sequence[int]], melds: Any = None) -> List[str]:
    """Tile kinds that complete a 16-tile hand (16 minus 3 per meld concealed tiles);
    kinds already held four times are not waits. From the core's shanten module.

    Example:
        >>> waits("123456789m123p45s11z")
        ['3s', '6s']
    """
    hand = hand_arg(hand)
    ms = to_melds(melds)
    n = len(_core.parse_tiles(hand)) if isinstance(hand, str) else len(hand)
    if n != 16 - 3 * len(ms):
        raise InvalidHandError(f"{hand!r}: {n} concealed tiles with {len(ms)} melds; a waiting Taiwan hand holds {16 - 3 * len(ms)}")
    return list(_core.waits(hand, ms, n_sets=5))


def shanten(hand: Union[str, Sequence[int]], melds: Any = None) -> int:
    """Shanten of a Taiwan hand (16 or 17 tiles, less 3 per meld): -1 complete,
    0 ready. Five sets and a pair; from the core's shanten module.

    Example:
        >>> shanten("234m567m345p678p23s55s"), shanten("234m567m345p678p234s55s")
        (0, -1)
    """
    hand = hand_arg(hand)
    ms = to_melds(melds)
    n = len(_core.parse_tiles(hand)) if isinstance(hand, str) else len(hand)
    if n + 3 * len(ms) not in (16, 17):
        raise InvalidHandError(f"{hand!r}: {n} concealed tiles with {len(ms)} melds; a Taiwan hand holds 16 or 17 less 3 per meld")
    return int(_core.shanten(hand, ms, n_sets=5))
