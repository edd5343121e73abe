"""Taiwan 16-tile mahjong: rule sets, tai scoring, payments and the flower tiles.

Tai patterns over hand shapes are computed in the Rust core (every split of the hand
is tried and the best one wins). This module holds what is configuration or round
logic: the rule set (a frozen dataclass with named presets), result objects, payments
and settlement, and the flower tiles of seed 003 as a small wall-and-draw state
machine (:class:`TaiwanRound`) that tests and users drive tile by tile.

Flowers are written as their Chinese names (``梅蘭菊竹`` plants, ``春夏秋冬`` seasons),
English names (``plum``, ``spring``...) or indices 0..7 (0..3 plants, 4..7 seasons).
Winds are 0..3, ``E S W N``, ``東南西北`` or their English names.

Example:
    >>> from mahjong_fast import taiwan
    >>> s = taiwan.score("123m456m789m234p567p55s", win_tile="7p")
    >>> s.total, [p.name_zh for p in s.patterns]
    (3, ['門清', '平胡'])
"""

from __future__ import annotations

import dataclasses
import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from mahjong_fast import _core
from mahjong_fast._core import IllegalActionError, InvalidHandError, InvalidRuleError, Meld, Tile

__all__ = [
    "FLOWERS",
    "PRESETS",
    "TaiwanRules",
    "TaiEntry",
    "TaiwanScore",
    "Payment",
    "WinRecord",
    "RoundResult",
    "TaiwanRound",
    "parse_flowers",
    "flower_names",
    "parse_wind",
    "score",
    "flower_win_score",
    "score_batch",
    "pack_context",
    "pack_melds",
    "pattern_keys",
    "sample_winning_hands",
    "waits",
    "shanten",
    "win_payments",
    "settle",
    "build_wall",
]

# ---------------------------------------------------------------------------
# flowers and winds
# ---------------------------------------------------------------------------

#: The eight flowers by index: plants 梅蘭菊竹 (0..3), seasons 春夏秋冬 (4..7).
FLOWERS: Tuple[str, ...] = ("梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬")
_FLOWER_ALIASES: Dict[str, int] = {name: i for i, name in enumerate(FLOWERS)}
_FLOWER_ALIASES.update({"兰": 1, "plum": 0, "orchid": 1, "chrysanthemum": 2, "bamboo": 3,
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
            raise InvalidHandError(f"flower mask {flowers} is outside 0..255 (eight flowers)")
        return flowers
    items: List[Union[str, int]]
    if isinstance(flowers, str):
        text = flowers.replace(" ", "").replace(",", "")
        items = list(text) if all(c in _FLOWER_ALIASES for c in text) else [w for w in flowers.replace(",", " ").split()]
    else:
        items = list(flowers)
    mask = 0
    for it in items:
        if isinstance(it, bool) or not isinstance(it, (int, str)):
            raise InvalidHandError(f"flower {it!r}: expected a name such as 春 or plum, or an index 0..7")
        if isinstance(it, int):
            if not 0 <= it < 8:
                raise InvalidHandError(f"flower index {it} is outside 0..7")
            i = it
        else:
            key = it.strip().lower()
            if key not in _FLOWER_ALIASES:
                raise InvalidHandError(f"{it!r} is not a flower (梅蘭菊竹春夏秋冬 or plum, orchid, chrysanthemum, bamboo, spring, summer, autumn, winter)")
            i = _FLOWER_ALIASES[key]
        if mask & (1 << i):
            raise InvalidHandError(f"flowers {flowers!r}: {FLOWERS[i]} appears twice (each of the eight flowers is unique)")
        mask |= 1 << i
    if len(items) > 8:
        raise InvalidHandError(f"flowers {flowers!r}: {len(items)} flowers, there are only eight")
    return mask


def flower_names(mask: int) -> str:
    """The Chinese names of the flowers in a mask, seasons first.

    Example:
        >>> flower_names(0b00010001)
        '春梅'
    """
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
    raise InvalidHandError(f"wind {wind!r}: expected 0..3, E/S/W/N, 東南西北 or east/south/west/north")


def _is_flower(token: str) -> bool:
    return token in _FLOWER_ALIASES and len(token) == 1


# ---------------------------------------------------------------------------
# rule set
# ---------------------------------------------------------------------------

#: Named presets and their sources (see :meth:`TaiwanRules.preset`).
PRESETS: Dict[str, str] = {
    "common": "the default column of shared/rules/taiwan.md: the values most public tables agree on",
    "seed003": "seed 003 (しらぎくフラ雀, flower tiles in Taiwan mahjong): a flower of the seat OR the prevailing wind scores; "
               "地胡 is a non-dealer's win on the dealer's first discard",
    "atawmj2009": "the Taiwan mahjong association's tai table (atawmj.org.tw, revision of the 2009-12-26 rules meeting): "
                  "plants numbered 梅蘭竹菊 (竹 West, 菊 North); 槓上開花 only after a flower, a concealed kong or an added kong",
}


@dataclass(frozen=True)
class TaiwanRules:
    """A Taiwan rule set: every tai value and disputed rule is a field.

    Defaults are the common table (``shared/rules/taiwan.md``). A tai value of 0
    switches a pattern off. ``tai_cap`` and ``consecutive_cap`` of 0 mean no cap.
    ``opening_replacement`` is used by :class:`TaiwanRound` only: ``"per_seat"``
    (each seat, dealer first, replaces until it draws no flower) or ``"rounds"``
    (one replacement per flower per seat, round after round).

    Example:
        >>> TaiwanRules().flower_set, TaiwanRules.preset("seed003").round_wind_flower_scores
        (2, True)
        >>> TaiwanRules(flower_set=1, all_honors=8).all_honors
        8
    """

    concealed: int = 1
    self_draw: int = 1
    concealed_self_draw: int = 3
    single_wait: int = 1
    wind_set: int = 1
    dragon_set: int = 1
    seat_flower: int = 1
    flower_set: int = 2
    robbing_kong: int = 1
    kong_bloom: int = 1
    last_tile_draw: int = 1
    last_discard: int = 1
    half_calling: int = 1
    all_calling: int = 2
    all_chows: int = 2
    three_concealed_pungs: int = 2
    four_concealed_pungs: int = 5
    five_concealed_pungs: int = 8
    all_pungs: int = 4
    half_flush: int = 4
    full_flush: int = 8
    all_honors: int = 16
    little_three_dragons: int = 4
    big_three_dragons: int = 8
    little_four_winds: int = 8
    big_four_winds: int = 16
    four_kongs: int = 8
    heavenly_win: int = 24
    earthly_win: int = 16
    human_win: int = 8
    seven_rob_one: int = 8
    eight_immortals: int = 8
    dealer: int = 1
    per_consecutive_deal: int = 2
    consecutive_cap: int = 0
    tai_cap: int = 0
    exhaustive_reserve: int = 16
    reserve_per_kong: int = 0
    round_wind_flower_scores: bool = False
    kong_bloom_on_exposed_kong: bool = True
    kong_bloom_on_stolen_replacement: bool = True
    all_chows_concealed: bool = True
    all_chows_self_draw: bool = False
    all_chows_with_flowers: bool = False
    all_chows_exclusive: bool = False
    little_winds_keep_wind_tai: bool = True
    flower_set_keeps_seat_flowers: bool = True
    plant_numbering: str = "梅蘭菊竹"
    earthly_win_rule: str = "first_draw_self_draw"
    base: int = 100
    per_tai: int = 20
    opening_replacement: str = "per_seat"

    def __post_init__(self) -> None:
        if self.opening_replacement not in ("per_seat", "rounds"):
            raise InvalidRuleError(f"taiwan rule opening_replacement = {self.opening_replacement!r}: expected 'per_seat' or 'rounds'")
        core_opts = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "opening_replacement"}
        # Built (and validated) once: scoring passes the compiled rule set to the core.
        object.__setattr__(self, "_core", _core.TaiwanRuleSet("common", core_opts))

    def __getstate__(self) -> Dict[str, Any]:
        # The compiled core rule set is rebuilt on unpickling (for multiprocessing).
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def __setstate__(self, state: Dict[str, Any]) -> None:
        for k, v in state.items():
            object.__setattr__(self, k, v)
        self.__post_init__()

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> TaiwanRules:
        """A named preset (see :data:`PRESETS`), optionally with some fields changed.

        Example:
            >>> TaiwanRules.preset("atawmj2009").plant_numbering
            '梅蘭竹菊'
        """
        if name not in PRESETS:
            raise InvalidRuleError(f"unknown taiwan preset {name!r} (known: {', '.join(PRESETS)})")
        values = dict(_core.TaiwanRuleSet(name).values())
        values.update(overrides)
        return cls(**values)

    def replace(self, **changes: Any) -> TaiwanRules:
        """A copy with some fields changed.

        Example:
            >>> TaiwanRules().replace(tai_cap=16).tai_cap
            16
        """
        return dataclasses.replace(self, **changes)

    def dealer_tai(self, consecutive: int) -> int:
        """莊家 + 連莊 tai for a dealer who kept the deal ``consecutive`` times.

        Example:
            >>> TaiwanRules().dealer_tai(2)
            5
        """
        n = min(consecutive, self.consecutive_cap) if self.consecutive_cap else consecutive
        return self.dealer + self.per_consecutive_deal * n

    def points(self, tai: int) -> int:
        """One payment: base + tai × rate.

        Example:
            >>> TaiwanRules().points(3)
            160
        """
        return self.base + tai * self.per_tai


_DEFAULT_RULES = TaiwanRules()

# ---------------------------------------------------------------------------
# results
# ---------------------------------------------------------------------------


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
        return sum(p.tai for p in self.patterns if p.key == key)

    def to_dict(self) -> Dict[str, Any]:
        """Plain values for JSON.

        Example:
            >>> score("123m456m789m234p567p55s", win_tile="7p").to_dict()["total"]
            3
        """
        d = dataclasses.asdict(self)
        d["patterns"] = [dataclasses.asdict(p) for p in self.patterns]
        return d

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


_FLOWER_CHARS = frozenset(k for k in _FLOWER_ALIASES if len(k) == 1)


def _check_no_flower(text: Any, what: str) -> None:
    if isinstance(text, str) and not _FLOWER_CHARS.isdisjoint(text):
        raise InvalidHandError(f"{what} {text!r}: a flower cannot be part of {what} (flowers are exposed and kept apart: pass them as flowers=)")


def _melds(melds: Any) -> List[Meld]:
    if melds is None:
        return []
    if isinstance(melds, (str, Meld)):
        melds = [melds]
    out = []
    for m in melds:
        if isinstance(m, Meld):
            out.append(m)
            continue
        _check_no_flower(m, "a meld")
        if not isinstance(m, str) or ":" not in m:
            raise InvalidHandError(f"meld {m!r}: write melds as kind:tiles, e.g. 'chi:123m', 'pon:555z', 'ankan:1111m'")
        kind, tiles = m.split(":", 1)
        out.append(Meld(kind.strip(), tiles.strip()))
    return out


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
    rules: TaiwanRules = _DEFAULT_RULES,
) -> TaiwanScore:
    """Score a winning Taiwan hand.

    Args:
        hand: the concealed tiles including the winning tile (17 minus 3 per meld), mpsz.
        win_tile: the winning tile; defaults to the last tile written in ``hand``.
        melds: called/declared sets, ``Meld`` objects or text like ``"pon:555z"``.
        flowers: the winner's exposed flowers (``"春梅"``, names, indices or a mask).
        seat_wind, round_wind: 0..3 or E/S/W/N or 東南西北.
        self_draw: won by the winner's own draw (自摸).
        dealer, consecutive: the winner is the dealer; deals kept in a row (連莊).
        replacement: the winning tile was a replacement: ``"flower"``,
            ``"concealed_kong"``, ``"added_kong"``, ``"exposed_kong"`` or
            ``"stolen_flower"`` (the 8th flower's replacement taken by a 七搶一 winner).
        robbing_kong, last_tile: 搶槓; the last live tile (海底 / 河底).
        first_turn: the first go-around with no call (天胡 / 地胡 / 人胡).
        dealer_first_discard: won on the dealer's first discard (地胡's other definition).
        rules: a :class:`TaiwanRules`.

    Raises:
        InvalidHandError: wrong tile counts, a fifth copy, a flower in the hand or a
            meld, a ninth or repeated flower, a hand that is not five sets and a pair.

    Example:
        >>> s = score("111z222z555z123m456m77p", win_tile="7p", seat_wind="S")
        >>> s.total, s.tai_of("three_concealed_pungs")
        (7, 2)
    """
    if not isinstance(rules, TaiwanRules):
        raise InvalidRuleError(f"rules must be a TaiwanRules, got {type(rules).__name__}")
    _check_no_flower(hand, "the hand")
    ms = _melds(melds)
    fmask = parse_flowers(flowers)
    if win_tile is None:
        if isinstance(hand, str):
            tiles = _core.parse_tiles(hand)
            if not tiles:
                raise InvalidHandError("an empty hand has no winning tile")
            win_tile = str(tiles[-1])
        else:
            if len(hand) == 0:
                raise InvalidHandError("an empty hand has no winning tile")
            win_tile = hand[-1]
    raw = _core.taiwan_score_raw(
        hand, ms, win_tile, fmask, parse_wind(seat_wind), parse_wind(round_wind), bool(self_draw), bool(dealer),
        int(consecutive), replacement, bool(robbing_kong), bool(last_tile), bool(first_turn),
        bool(dealer_first_discard), rules._core,  # type: ignore[attr-defined]
    )
    return _score_from_raw(raw, ms, fmask)


def flower_win_score(kind: str, consecutive: int = 0, rules: TaiwanRules = _DEFAULT_RULES) -> TaiwanScore:
    """The tai of a flower win, ``"seven_rob_one"`` (七搶一) or ``"eight_immortals"`` (八仙過海).

    Example:
        >>> flower_win_score("seven_rob_one", rules=TaiwanRules(seven_rob_one=16)).total
        16
    """
    return _score_from_raw(_core.taiwan_flower_win_raw(kind, consecutive, rules._core))  # type: ignore[attr-defined]


def waits(hand: Union[str, Sequence[int]], melds: Any = None) -> List[str]:
    """Tile kinds that complete a 16-tile hand (16 minus 3 per meld concealed tiles);
    kinds already held four times are not waits. From the core's shanten module.

    Example:
        >>> waits("123456789m123p45s11z")
        ['3s', '6s']
    """
    _check_no_flower(hand, "the hand")
    ms = _melds(melds)
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
    _check_no_flower(hand, "the hand")
    return int(_core.shanten(hand, _melds(melds), n_sets=5))


# Flag bits and layout of a context row (see score_batch).
_FLAG_BITS = {"self_draw": 1, "dealer": 2, "robbing_kong": 4, "last_tile": 8, "first_turn": 16, "dealer_first_discard": 32}
_REPLACEMENTS = ("none", "flower", "concealed_kong", "added_kong", "exposed_kong", "stolen_flower")
_MELD_CODES = {"chi": 0, "pon": 1, "daiminkan": 2, "kakan": 3, "ankan": 4}


def pack_context(
    win_tile: Union[str, int],
    seat_wind: Union[int, str] = 0,
    round_wind: Union[int, str] = 0,
    flowers: Any = None,
    replacement: str = "none",
    consecutive: int = 0,
    **flags: bool,
) -> List[int]:
    """One row of the ``context`` array of :func:`score_batch`.

    Layout: ``[win tile kind, seat wind, round wind, flower mask, flags, replacement
    code, consecutive deals, 0]``; flags: 1 self_draw, 2 dealer, 4 robbing_kong,
    8 last_tile, 16 first_turn, 32 dealer_first_discard; replacement codes 0 none,
    1 flower, 2 concealed_kong, 3 added_kong, 4 exposed_kong, 5 stolen_flower.

    Example:
        >>> pack_context("7p", seat_wind="S", self_draw=True)
        [15, 1, 0, 0, 1, 0, 0, 0]
    """
    bits = 0
    for k, v in flags.items():
        if k not in _FLAG_BITS:
            raise InvalidHandError(f"unknown context flag {k!r} (known: {', '.join(_FLAG_BITS)})")
        if v:
            bits |= _FLAG_BITS[k]
    if replacement not in _REPLACEMENTS:
        raise InvalidHandError(f"replacement {replacement!r} is not one of {', '.join(_REPLACEMENTS)}")
    if not 0 <= consecutive < 256:
        raise InvalidHandError(f"consecutive {consecutive} is outside 0..255")
    kind = Tile(win_tile).kind
    return [kind, parse_wind(seat_wind), parse_wind(round_wind), parse_flowers(flowers), bits,
            _REPLACEMENTS.index(replacement), consecutive, 0]


def pack_melds(melds: Any) -> List[int]:
    """One row of the ``melds`` array of :func:`score_batch`: five (kind, lowest tile).

    Example:
        >>> pack_melds(["pon:555z"])
        [1, 31, -1, 0, -1, 0, -1, 0, -1, 0]
    """
    ms = _melds(melds)
    if len(ms) > 5:
        raise InvalidHandError(f"{len(ms)} melds: a Taiwan hand has at most 5 sets")
    row: List[int] = []
    for m in ms:
        row += [_MELD_CODES[m.kind], min(t.kind for t in _core.parse_tiles(m.tiles))]
    row += [-1, 0] * (5 - len(ms))
    return row


def score_batch(concealed: Any, context: Any, melds: Any = None, rules: TaiwanRules = _DEFAULT_RULES,
                raise_on_error: bool = True, threads: Optional[int] = None) -> Tuple[Any, Any]:
    """Score many hands on all cores (the GIL is released).

    Args:
        concealed: (N, 34) tile counts of the concealed tiles, winning tile included.
        context: (N, 8) rows as :func:`pack_context` makes them.
        melds: None or (N, 10) rows as :func:`pack_melds` makes them.
        raise_on_error: raise on the first bad row (its index is in the message);
            otherwise bad rows get tai -1.
        threads: None for every core, or a thread count.

    Returns:
        ``(tai, patterns)``: int32 totals (after the cap, dealer tai apart) and uint64
        masks with bit ``i`` set for pattern ``i`` of :func:`pattern_keys`.

    Example:
        >>> import numpy as np
        >>> c = np.array([_core.to_counts("123m456m789m234p567p55s")], dtype=np.uint8)
        >>> x = np.array([pack_context("7p")], dtype=np.uint8)
        >>> score_batch(c, x)[0].tolist()
        [3]
    """
    import numpy as np

    c = np.ascontiguousarray(concealed, dtype=np.uint8)
    x = np.ascontiguousarray(context, dtype=np.uint8)
    if c.ndim != 2 or x.ndim != 2:
        raise InvalidHandError(f"score_batch: concealed and context must be 2-D, got shapes {c.shape} and {x.shape}")
    m = None if melds is None else np.ascontiguousarray(melds, dtype=np.int16)
    return _core.taiwan_score_batch_raw(c, x, m, rules._core, raise_on_error, threads)  # type: ignore[attr-defined]


def sample_winning_hands(n: int, seed: int = 0) -> Tuple[Any, Any]:
    """``n`` random concealed winning hands (five sets and a pair) and context rows,
    for demos and benchmarks: random winning tile, seat, round, flowers and draw kind.

    Example:
        >>> c, x = sample_winning_hands(3, seed=1)
        >>> c.shape, x.shape, int(c.sum(axis=1)[0])
        ((3, 34), (3, 8), 17)
    """
    import numpy as np

    rng = random.Random(seed)
    conc = np.zeros((n, 34), dtype=np.uint8)
    ctx = np.zeros((n, 8), dtype=np.uint8)
    i = 0
    while i < n:
        counts = [0] * 34
        for _ in range(5):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    counts[suit * 9 + start + d] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        held = [k for k in range(34) if counts[k]]
        conc[i] = counts
        ctx[i] = [rng.choice(held), rng.randrange(4), rng.randrange(4), rng.randrange(256) if rng.random() < 0.3 else 0,
                  rng.randrange(2), 0, 0, 0]
        i += 1
    return conc, ctx


def pattern_keys() -> List[str]:
    """Pattern keys in bit order of :func:`score_batch` masks.

    Example:
        >>> pattern_keys()[:3]
        ['concealed', 'self_draw', 'concealed_self_draw']
    """
    return list(_PATTERN_KEYS)


_PATTERN_KEYS = (
    "concealed", "self_draw", "concealed_self_draw", "single_wait", "round_wind", "seat_wind", "dragon_set",
    "seat_flower", "flower_set", "robbing_kong", "kong_bloom", "last_tile_draw", "last_discard", "half_calling",
    "all_calling", "all_chows", "three_concealed_pungs", "four_concealed_pungs", "five_concealed_pungs",
    "all_pungs", "half_flush", "full_flush", "all_honors", "little_three_dragons", "big_three_dragons",
    "little_four_winds", "big_four_winds", "four_kongs", "heavenly_win", "earthly_win", "human_win",
    "seven_rob_one", "eight_immortals",
)

# ---------------------------------------------------------------------------
# payments
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Payment:
    """One payment: ``payer`` gives ``amount`` (= base + tai × rate) to ``payee``.

    ``tai`` includes the dealer tai when the dealer is payer or payee.

    Example:
        >>> Payment(1, 0, 4, 180, "自摸").amount
        180
    """

    payer: int
    payee: int
    tai: int
    amount: int
    reason: str


def win_payments(
    winner: int,
    tai: int,
    dealer_seat: int,
    consecutive: int = 0,
    rules: TaiwanRules = _DEFAULT_RULES,
    discarder: Optional[int] = None,
    reason: str = "",
) -> List[Payment]:
    """The payments of one win: the discarder alone, or all three on a self-draw.

    Each payment is base + (tai + dealer tai if the dealer pays or wins) × rate.

    Example:
        >>> [p.amount for p in win_payments(1, 3, dealer_seat=0, discarder=None)]
        [160, 160, 180]
    """
    for s in [winner, dealer_seat] + ([discarder] if discarder is not None else []):
        if not isinstance(s, int) or not 0 <= s < 4:
            raise InvalidHandError(f"seat {s!r}: seats are 0..3")
    if discarder == winner:
        raise InvalidHandError(f"seat {winner} cannot pay itself")
    payers = [discarder] if discarder is not None else [(winner + k) % 4 for k in (1, 2, 3)]
    dtai = rules.dealer_tai(consecutive)
    out = []
    for p in payers:
        t = tai + (dtai if dealer_seat in (p, winner) else 0)
        out.append(Payment(p, winner, t, rules.points(t), reason))
    return out


def settle(payments: Iterable[Payment]) -> List[int]:
    """Every seat's point change from a list of payments (sums to zero).

    Example:
        >>> settle(win_payments(2, 1, dealer_seat=0, discarder=0))
        [-140, 0, 140, 0]
    """
    deltas = [0, 0, 0, 0]
    for p in payments:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return deltas


# ---------------------------------------------------------------------------
# walls and the flower round (seed 003)
# ---------------------------------------------------------------------------


def _tokens(text: Union[str, Sequence[str]]) -> List[str]:
    """Split mixed text (mpsz plus flower characters) into tile tokens in order."""
    if not isinstance(text, str):
        out = []
        for t in text:
            out += _tokens(t)
        return out
    out: List[str] = []
    buf = ""
    for ch in text:
        if ch in _FLOWER_ALIASES and len(ch) == 1:
            if buf:
                out += [str(t) for t in _core.parse_tiles(buf)]
                buf = ""
            out.append(FLOWERS[_FLOWER_ALIASES[ch]])
        else:
            buf += ch
    if buf:
        out += [str(t) for t in _core.parse_tiles(buf)]
    for t in out:
        if t.startswith("0"):
            raise InvalidHandError(f"{text!r}: Taiwan mahjong has no red fives ({t})")
    return out


def _full_set() -> List[str]:
    tiles = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    return [t for t in tiles for _ in range(4)] + list(FLOWERS)


def _check_wall(wall: Sequence[str]) -> None:
    seen: Dict[str, int] = {}
    for t in wall:
        seen[t] = seen.get(t, 0) + 1
        limit = 1 if _is_flower(t) else 4
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
    if len(hands) != 4:
        raise InvalidHandError(f"build_wall: give four hands (seats 0..3), got {len(hands)}")
    hs = [_tokens(h) for h in hands]
    for s, h in enumerate(hs):
        want = 17 if s == dealer else 16
        if len(h) != want:
            raise InvalidHandError(f"build_wall: seat {s} starts with {len(h)} tiles, expected {want}")
    live = _tokens(draws)
    back = _tokens(replacements)
    used = [t for h in hs for t in h] + live + back
    _check_wall(used)
    rest = _full_set()
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


_NEUTRAL = ("1289m129p19s1234567z", "1389m139p19s1234567z", "1479m147p19s1234567z")


def _demo_round(variant: str) -> TaiwanRound:
    """Small rounds for the examples. Seat 0 deals; seat 1 holds the interesting hand
    (ready on 1s/4s unless named otherwise); the other seats cannot win.

    Example:
        >>> _demo_round("tsumo").phase
        'act'
    """
    n = [_tokens(h) for h in _NEUTRAL]
    win16 = "234m567m345p678p23s55s"
    spec: Dict[str, Tuple[list, list, list, int]] = {
        # name: (hands of seats 0, 1[, 2], live draws, back-end replacements, tiles to play first)
        "tsumo": ([n[0] + ["8p"], win16], ["4s"], [], 0),
        "ron": ([n[0] + ["4s"], win16], [], [], 0),
        "seven": ([n[0] + ["8p"], "234m567m345p6p春夏秋冬梅蘭", n[1], n[2][:15] + ["菊"]], ["1z", "2z", "3z", "4z", "竹"],
                  ["7p", "8p", "2s", "3s", "5s", "5s", "7z", "4s"], 4),
        "steal": ([n[0] + ["8p"], "234m567m345p春夏秋冬梅蘭菊"], ["1z", "2z", "3z", "4z", "5z", "竹"],
                  ["6p", "7p", "8p", "2s", "3s", "5s", "5s", "4s"], 5),
        "pung": ([n[0] + ["5p"], "55p234m567m345s678s9s1z", "234m567m46p678s234s55s"], ["1s", "9p", "2p", "5p"], ["9m"], 0),
        "kong": ([n[0] + ["8p"], "6666m234m345p678p23s5s"], ["5s"], ["4s"], 0),
        "exposed_kong": ([n[0] + ["6m"], "666m234m345p678p23s55s"], [], ["4s"], 0),
    }
    hands, draws, back, go_around = spec[variant]
    full = list(hands) + [n[1], n[2]][len(hands) - 2:] if len(hands) < 4 else list(hands)
    r = TaiwanRound(build_wall(full, draws=draws, replacements=back))
    if go_around:
        # The dealer discards, seats draw and discard what they drew, then one more draw.
        r.discard(0, "8p")
        for _ in range(go_around):
            r.draw()
            r.discard(r.turn, r.hands[r.turn][-1])
        r.draw()
    return r


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
        tokens = _tokens(list(wall))
        _check_wall(tokens)
        self.rules = rules
        self.dealer = dealer
        self.round_wind = parse_wind(round_wind)
        self.consecutive = consecutive
        if len(tokens) < 65 + rules.exhaustive_reserve:
            raise InvalidHandError(f"a wall of {len(tokens)} tiles cannot deal four hands and keep {rules.exhaustive_reserve}")
        self.wall: deque = deque(tokens)
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
            >>> r = _demo_round("tsumo")
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
            >>> r = _demo_round("seven")
            >>> r.flower_win_chance()
            (1, 'seven_rob_one')
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
                    fl = [t for t in self.hands[s] if _is_flower(t)]
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
            if not _is_flower(t):
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
            >>> r = _demo_round("tsumo")
            >>> r.discard(0, "8p"); r.phase
            'claim'
        """
        self._need("act", seat)
        if seat != self.turn:
            raise IllegalActionError(f"seat {seat} cannot discard: it is seat {self.turn}'s turn")
        toks = _tokens(tile) if isinstance(tile, str) else []
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
            >>> r = _demo_round("tsumo")
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
            >>> r = _demo_round("steal")
            >>> r.decline(1); r.phase, r.turn
            ('act', 2)
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
            "".join(tiles), win_tile=win, melds=self.melds[seat], flowers=[_FLOWER_ALIASES[f] for f in self.flowers[seat]],
            seat_wind=self.seat_wind(seat), round_wind=self.round_wind, self_draw=self_draw,
            dealer=seat == self.dealer, consecutive=self.consecutive, rules=self.rules, **ctx,
        )

    def tsumo(self, seat: int) -> RoundResult:
        """The acting seat wins on its own draw; a pending flower win is declared too.

        Example:
            >>> r = _demo_round("tsumo")
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
            >>> r = _demo_round("ron")
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
            >>> r = _demo_round("seven")
            >>> [w.kind for w in r.declare_flower_win(1).wins]
            ['seven_rob_one', 'normal']
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
            >>> r = _demo_round("pung")
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
            >>> r = _demo_round("ron")
            >>> r.discard(0, "4s"); r.chow(1, "23s"); str(r.melds[1][0])
            'chi:234s'
        """
        t = self._call_checks(seat)
        if seat != ((self._claim_from or 0) + 1) % 4:
            raise IllegalActionError(f"seat {seat} cannot chow: only the next seat may")
        own = _tokens(tiles)
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
            >>> r = _demo_round("exposed_kong")
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
            >>> r = _demo_round("kong")
            >>> r.discard(0, "8p"); r.draw(); r.concealed_kong(1, "6m"); r.hands[1][-1]
            '4s'
        """
        self._need("act", seat)
        t = _tokens(tile)[0]
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
            >>> r = _demo_round("pung")
            >>> r.discard(0, "5p"); r.pung(1); r.discard(1, "1z")
            >>> for _ in range(3): r.draw(); r.discard(r.turn, r.hands[r.turn][-1])
            >>> r.draw(); r.added_kong(1, "5p"); r.phase
            'rob'
        """
        self._need("act", seat)
        t = _tokens(tile)[0]
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
            >>> r = _demo_round("pung")
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
