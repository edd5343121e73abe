"""Many Taiwan hands scored at once on all cores: packed context and meld rows.

Example:
    >>> pack_context("7p", seat_wind="S", self_draw=True)
    [15, 1, 0, 0, 1, 0, 0, 0]
"""

from __future__ import annotations

import random
from typing import Any, List, Optional, Tuple, Union

from mahjong_fast import _core
from mahjong_fast._core import InvalidHandError, Tile
from mahjong_fast.taiwan.args import flag_arg, int_arg, text_arg
from mahjong_fast.taiwan.flowers import check_no_flower, parse_flowers, parse_wind
from mahjong_fast.taiwan.rules import RulesLike, load_rules
from mahjong_fast.taiwan.scoring import REPLACEMENTS, to_melds

# Flag bits and layout of a context row (see score_batch).
_FLAG_BITS = {"self_draw": 1, "dealer": 2, "robbing_kong": 4, "last_tile": 8, "first_turn": 16, "dealer_first_discard": 32}
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
        if flag_arg(k, v):
            bits |= _FLAG_BITS[k]
    code = REPLACEMENTS.index(text_arg("replacement", replacement, REPLACEMENTS))
    n = int_arg("consecutive", consecutive, 0, 255)
    if isinstance(win_tile, str):
        check_no_flower(win_tile, "the winning tile")
    else:
        win_tile = int_arg("win_tile", win_tile, 0, 135)
    kind = Tile(win_tile).kind
    return [kind, parse_wind(seat_wind), parse_wind(round_wind), parse_flowers(flowers), bits, code, n, 0]


def pack_melds(melds: Any) -> List[int]:
    """One row of the ``melds`` array of :func:`score_batch`: five (kind, lowest tile).

    Example:
        >>> pack_melds(["pon:555z"])
        [1, 31, -1, 0, -1, 0, -1, 0, -1, 0]
    """
    ms = to_melds(melds)
    if len(ms) > 5:
        raise InvalidHandError(f"{len(ms)} melds: a Taiwan hand has at most 5 sets")
    row: List[int] = []
    for m in ms:
        row += [_MELD_CODES[m.kind], min(t.kind for t in _core.parse_tiles(m.tiles))]
    row += [-1, 0] * (5 - len(ms))
    return row


def _column(name: str, data: Any, dtype: Any) -> Any:
    # An integer array in `dtype`, refused (not wrapped) when a value does not fit.
    import numpy as np

    try:
        a = np.asarray(data)
    except (ValueError, TypeError) as e:
        raise InvalidHandError(f"score_batch: {name} is not an array of integers ({e})") from None
    if a.dtype.kind not in "iub":
        raise InvalidHandError(f"score_batch: {name} must hold integers, got dtype {a.dtype}")
    info = np.iinfo(dtype)
    if a.size and a.dtype != dtype and (int(a.min()) < info.min or int(a.max()) > info.max):
        raise InvalidHandError(f"score_batch: {name} holds values outside {info.min}-{info.max} ({np.dtype(dtype).name})")
    return np.ascontiguousarray(a, dtype=dtype)


def score_batch(concealed: Any, context: Any, melds: Any = None, rules: RulesLike = None,
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

    rs = load_rules(rules)
    c = _column("concealed", concealed, np.uint8)
    x = _column("context", context, np.uint8)
    if c.ndim != 2 or x.ndim != 2:
        raise InvalidHandError(f"score_batch: concealed and context must be 2-D, got shapes {c.shape} and {x.shape}")
    m = None if melds is None else _column("melds", melds, np.int16)
    if m is not None and m.ndim != 2:
        raise InvalidHandError(f"score_batch: melds must be 2-D, got shape {m.shape}")
    n_threads = None if threads is None else int_arg("threads", threads, 1, 1024)
    return _core.taiwan_score_batch_raw(c, x, m, rs._core, flag_arg("raise_on_error", raise_on_error),  # type: ignore[attr-defined]
                                        n_threads)


def sample_winning_hands(n: int, seed: int = 0) -> Tuple[Any, Any]:
    """``n`` random concealed winning hands (five sets and a pair) and context rows,
    for demos and benchmarks: random winning tile, seat, round, flowers and draw kind.

    Example:
        >>> c, x = sample_winning_hands(3, seed=1)
        >>> c.shape, x.shape, int(c.sum(axis=1)[0])
        ((3, 34), (3, 8), 17)
    """
    import numpy as np

    n = int_arg("n", n, 0, 10**7)
    rng = random.Random(int_arg("seed", seed, -(2**63), 2**63 - 1))
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
