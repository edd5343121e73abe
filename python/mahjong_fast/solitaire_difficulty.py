"""How hard a solitaire deal is: a rating from the solver's search and from how
often three simple players win it, and deals generated to a difficulty band.

The players (the core's, ``mahjong_core::solitaire::players``): ``random`` (a
uniformly chosen legal pair), ``greedy`` (the pair freeing most tiles) and
``careful`` (all-free groups at once, never leaving two tiles of a group one on
the other, otherwise greedy). The rating, 0 (any play wins) to 100 (only search
wins), weighs the three players' loss rates and the solver's search size
(players win few Turtle deals, so most ratings are high):

    rating = 100 * (0.25 (1 - random) + 0.25 (1 - greedy) + 0.35 (1 - careful)
                    + 0.15 min(1, log10(1 + nodes) / 6))

The bands cut it at the quartiles of 10,000 solvable uniform Turtle deals
(``docs/solitaire_difficulty.md``, made by ``validate``); other layouts use the
same cuts.

Example:
    >>> band_of(10.0), band_of(95.0)
    ('easy', 'expert')
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Sequence, Tuple

import numpy as np

from mahjong_fast import _core

__all__ = ["BANDS", "CUTS", "PLAYERS", "rating", "rate", "band_of", "deal_in_band", "rate_deals", "spearman", "validate"]

PLAYERS = ("random", "greedy", "careful")
BANDS = ("easy", "medium", "hard", "expert")
#: Upper rating of easy, medium and hard: the quartiles of 9,713 solvable uniform
#: Turtle deals (seed 2026, 16 games a player; docs/solitaire_difficulty.md).
CUTS = (76.1, 86.6, 91.3)
#: Games per player for a rating.
PLAYOUTS = 16


def rating(nodes: Any, random: Any, greedy: Any, careful: Any) -> Any:
    """The rating from solver nodes and the three players' win shares (0-1);
    works elementwise on NumPy arrays.

    Example:
        >>> rating(1, 1.0, 1.0, 1.0) < 5 < rating(10**6, 0.0, 0.0, 0.1)
        True
    """
    search = np.minimum(1.0, np.log10(1.0 + np.asarray(nodes, dtype=np.float64)) / 6.0)
    r = 100.0 * (
        0.25 * (1 - np.asarray(random, np.float64))
        + 0.25 * (1 - np.asarray(greedy, np.float64))
        + 0.35 * (1 - np.asarray(careful, np.float64))
        + 0.15 * search
    )
    return float(r) if np.ndim(r) == 0 else r


def band_of(value: float) -> str:
    """The band of a rating.

    Example:
        >>> [band_of(x) for x in (0, 80, 90, 95)]
        ['easy', 'medium', 'hard', 'expert']
    """
    for name, cut in zip(BANDS, CUTS):
        if value < cut:
            return name
    return BANDS[-1]


def rate(board: Any, playouts: int = PLAYOUTS, seed: int = 0, max_millis: int = 2000) -> Dict[str, Any]:
    """Rate a board's position: solver verdict and nodes, each player's win share,
    the rating and its band.

    Example:
        >>> from mahjong_fast.solitaire import Game
        >>> r = rate(Game("turtle", seed=1).board, playouts=8)
        >>> sorted(r), 0 <= r["rating"] <= 100
        (['band', 'careful', 'greedy', 'nodes', 'random', 'rating', 'verdict'], True)
    """
    s = _core.solitaire_solve(board, 20_000_000, max_millis)
    shares = {p: _core.solitaire_player_wins(board, p, playouts, seed) / max(1, playouts) for p in PLAYERS}
    value = rating(s["nodes"], shares["random"], shares["greedy"], shares["careful"])
    return {"verdict": s["verdict"], "nodes": s["nodes"], **shares, "rating": value, "band": band_of(value)}


def deal_in_band(
    layout: Any, band: str, *, seed: int = 0, method: str = "uniform", max_tries: int = 400
) -> Tuple[List[int], Dict[str, Any]]:
    """A solvable deal whose rating falls in ``band``: deals of ``method`` (solvable
    uniform or reverse) from seed ``seed`` on are rated until one lands there.
    Returns its faces and rating; raises ``LayoutError`` after ``max_tries``.

    Example:
        >>> faces, r = deal_in_band("turtle", "easy", seed=4)
        >>> len(faces), r["band"]
        (144, 'easy')
    """
    from mahjong_fast.solitaire import layout as as_layout

    if not isinstance(band, str) or band not in BANDS:
        raise _core.LayoutError(f"band {band!r:.60}: use one of {', '.join(BANDS)}")
    for name, value in (("seed", seed), ("max_tries", max_tries)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise _core.ArgumentError(f"{name} must be an integer in 0 or more, got {value!r:.60}")
    lay = as_layout(layout)
    for k in range(max_tries):
        d = _core.solitaire_deal(lay, seed * 7919 + k, method)
        board = _core.SolitaireBoard(lay, d["faces"])
        r = rate(board, seed=seed + k)
        if r["verdict"] == "solvable" and r["band"] == band:
            return list(d["faces"]), r
    raise _core.LayoutError(f"no {band} deal of {lay.name} in {max_tries} tries")


def rate_deals(
    layout: Any,
    n: int,
    *,
    seed: int = 0,
    start: int = 0,
    method: str = "uniform",
    playouts: int = PLAYOUTS,
    play_seed: int = 1,
    max_nodes: int = 2_000_000,
    max_millis: int = 1000,
) -> Dict[str, np.ndarray]:
    """Deals ``start .. start + n`` of ``seed`` (uniform, or reverse-built) solved and
    played ``playouts`` times by each player on all cores: columns ``verdict``,
    ``nodes``, ``micros``, ``random``, ``greedy``, ``careful`` (win shares) and
    ``rating``.

    Example:
        >>> c = rate_deals("turtle", 4, playouts=4)
        >>> len(c["rating"]), c["random"].dtype.name
        (4, 'float64')
    """
    from mahjong_fast.solitaire import layout as as_layout

    if method not in ("uniform", "reverse"):
        raise _core.LayoutError(f"method {method!r}: use uniform or reverse")
    cols = _core.solitaire_rate_deals(
        as_layout(layout), seed, start, n, method == "reverse", playouts, play_seed, max_nodes, max_millis
    )
    out = {k: np.asarray(v) for k, v in cols.items()}
    for p in PLAYERS:
        out[p] = out[p].astype(np.float64) / max(1, playouts)
    out["rating"] = rating(out["nodes"], out["random"], out["greedy"], out["careful"])
    return out


def _ranks(x: np.ndarray) -> np.ndarray:
    order = np.argsort(x, kind="mergesort")
    ranks = np.empty(len(x), np.float64)
    xs = x[order]
    i = 0
    while i < len(xs):
        j = i
        while j + 1 < len(xs) and xs[j + 1] == xs[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2.0
        i = j + 1
    return ranks


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman rank correlation (ties share their mean rank).

    Example:
        >>> spearman([1, 2, 3, 4], [10, 20, 30, 40]), spearman([1, 2, 3], [3, 2, 1])
        (1.0, -1.0)
    """
    ra, rb = _ranks(np.asarray(a, np.float64)), _ranks(np.asarray(b, np.float64))
    ra -= ra.mean()
    rb -= rb.mean()
    den = math.sqrt(float((ra * ra).sum() * (rb * rb).sum()))
    return float((ra * rb).sum() / den) if den else 0.0


def validate(
    layout: Any = "turtle", n: int = 10_000, *, seed: int = 2026, playouts: int = PLAYOUTS, check_playouts: int = 200
) -> Dict[str, Any]:
    """The rating on ``n`` uniform deals against independent measurements: each
    solvable deal is rated (``playouts`` games a player) and then played again
    ``check_playouts`` times a player with other seeds; reports the Spearman
    correlation of the rating with each player's independent win rate (negative:
    harder deals are won less), the rating's quartiles, and per band how many of
    the deals rated into it land there again on the independent games.

    Example:
        >>> v = validate(n=30, playouts=4, check_playouts=8)
        >>> v["deals"] <= 30 and -1 <= v["spearman"]["careful"] <= 1
        True
    """
    a = rate_deals(layout, n, seed=seed, playouts=playouts, play_seed=1)
    b = rate_deals(layout, n, seed=seed, playouts=check_playouts, play_seed=2)
    keep = a["verdict"] == 0
    rat = a["rating"][keep]
    out: Dict[str, Any] = {"layout": str(layout), "deals": int(keep.sum()), "seed": seed}
    out["spearman"] = {p: spearman(rat, b[p][keep]) for p in PLAYERS}
    out["spearman_nodes"] = spearman(rat, a["nodes"][keep].astype(np.float64))
    out["quartiles"] = [float(np.percentile(rat, q)) for q in (25, 50, 75)]
    again = b["rating"][keep]
    bands: Dict[str, Dict[str, int]] = {}
    for name in BANDS:
        mine = np.array([band_of(x) == name for x in rat])
        stay = np.array([band_of(x) == name for x in again])
        bands[name] = {"rated": int(mine.sum()), "again_in_band": int((mine & stay).sum())}
    out["bands"] = bands
    return out
