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

A rating from 16 games a player is a noisy measurement: a deal rated near a cut
lands on the other side of it about half the time when rated again with other
games, and a medium deal's 16-game rating spreads over several points whatever its
difficulty. A deal made to a band (``deal_in_band``) is therefore rated precisely:
each player plays it ``CHECK_PLAYOUTS`` (256) more games, the rating from those
win shares must lie in the band, and the chance that a rating from as many fresh
games lands in the band again (``in_band_chance``, exact over the binomial win
counts) must be at least ``CLAIM``.

Example:
    >>> band_of(10.0), band_of(95.0)
    ('easy', 'expert')
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Mapping, Sequence, Tuple

import numpy as np

from mahjong_fast import _core
from mahjong_fast.results import BandRating, Rating

__all__ = [
    "BANDS",
    "CHECK_PLAYOUTS",
    "check_bands",
    "CLAIM",
    "CUTS",
    "PLAYERS",
    "band_of",
    "deal_in_band",
    "in_band_chance",
    "rate",
    "rate_deals",
    "rating",
    "spearman",
    "validate",
]

PLAYERS = ("random", "greedy", "careful")
BANDS = ("easy", "medium", "hard", "expert")
#: Upper rating of easy, medium and hard: the quartiles of 9,713 solvable uniform
#: Turtle deals (seed 2026, 16 games a player; docs/solitaire_difficulty.md).
CUTS = (76.1, 86.6, 91.3)
#: Games per player for a rating.
PLAYOUTS = 16
#: Games per player that check a band claim (``deal_in_band``).
CHECK_PLAYOUTS = 256
#: The least chance, estimated from those games, that a fresh rating of a deal made
#: to a band (from as many games) lands in that band.
CLAIM = 0.9
#: Mixed into the seed of the checking games, so they are never a rating's games.
_CHECK_SEED = 0x5EED_C4EC_0000_0000
#: Mixed into the seeds of ``check_bands``'s re-ratings (games of their own).
_RECHECK_SEED = 0xA6A1_0000_0000_0000


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


def rate(board: Any, playouts: int = PLAYOUTS, seed: int = 0, max_millis: int = 2000) -> Rating:
    """Rate a board's position (a :class:`~mahjong_fast.results.Rating`): solver
    verdict and nodes, each player's win share over ``playouts`` games (seeded by
    ``seed``: the same seed rates the same again), the rating and its band.

    Example:
        >>> from mahjong_fast.solitaire import Game
        >>> r = rate(Game("turtle", seed=1).board, playouts=8)
        >>> sorted(r), 0 <= r["rating"] <= 100
        (['band', 'careful', 'greedy', 'nodes', 'random', 'rating', 'verdict'], True)
    """
    s = _core.solitaire_solve(board, 20_000_000, max_millis)
    shares = {p: _core.solitaire_player_wins(board, p, playouts, seed) / max(1, playouts) for p in PLAYERS}
    value = rating(s["nodes"], shares["random"], shares["greedy"], shares["careful"])
    return Rating(
        verdict=s["verdict"],
        nodes=s["nodes"],
        random=shares["random"],
        greedy=shares["greedy"],
        careful=shares["careful"],
        rating=value,
        band=band_of(value),
    )


def _binomial(n: int, p: float) -> np.ndarray:
    k = np.arange(n + 1)
    log_comb = np.array([math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) for i in range(n + 1)])
    if p <= 0.0 or p >= 1.0:
        pmf = np.zeros(n + 1)
        pmf[0 if p <= 0.0 else n] = 1.0
        return pmf
    return np.exp(log_comb + k * math.log(p) + (n - k) * math.log1p(-p))


def in_band_chance(nodes: int, shares: Mapping[str, float], band: str, playouts: int = PLAYOUTS) -> float:
    """The chance that a rating from ``playouts`` fresh games a player lands in
    ``band``, for a deal whose solver nodes are ``nodes`` and whose players win
    with the probabilities ``shares`` (player name -> 0-1): exact over the
    binomial win counts of the three players.

    Example:
        >>> in_band_chance(50, {"random": 0.0, "greedy": 0.0, "careful": 0.0}, "hard")
        1.0
        >>> in_band_chance(50, {"random": 0.0, "greedy": 0.0, "careful": 0.5}, "hard") < 0.1
        True
    """
    if band not in BANDS:
        raise _core.LayoutError(f"band {band!r:.60}: use one of {', '.join(BANDS)}")
    n = max(1, int(playouts))
    pr, pg, pc = (_binomial(n, min(1.0, max(0.0, float(shares[p])))) for p in PLAYERS)
    # random and greedy weigh alike: only their win count together matters.
    both = np.convolve(pr, pg)
    t = np.arange(2 * n + 1)[:, None] / n
    c = np.arange(n + 1)[None, :] / n
    search = min(1.0, math.log10(1.0 + float(nodes)) / 6.0)
    grid = 100.0 * (0.25 * (2.0 - t) + 0.35 * (1.0 - c) + 0.15 * search)
    i = BANDS.index(band)
    lo = -math.inf if i == 0 else CUTS[i - 1]
    hi = math.inf if i == len(CUTS) else CUTS[i]
    inside = (grid >= lo) & (grid < hi)
    return float(min(1.0, (both[:, None] * pc[None, :] * inside).sum()))


def deal_in_band(
    layout: Any, band: str, *, seed: int = 0, method: str = "uniform", max_tries: int = 400
) -> Tuple[List[int], BandRating]:
    """A solvable deal whose rating falls in ``band``, and stays there: deals of
    ``method`` (solvable uniform or reverse) from seed ``seed`` on are rated (16
    games a player) until one lands in the band; it is kept when, rated again on
    :data:`CHECK_PLAYOUTS` games a player, it lies in the band and a fresh rating
    from as many games would land there with a chance of at least :data:`CLAIM`.
    Returns its faces and that precise rating (a
    :class:`~mahjong_fast.results.BandRating`); raises ``LayoutError`` after
    ``max_tries``.

    Example:
        >>> faces, r = deal_in_band("turtle", "easy", seed=4)
        >>> len(faces), r["band"], r["in_band_chance"] >= CLAIM
        (144, 'easy', True)
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
        if r["verdict"] != "solvable" or r["band"] != band:
            continue
        precise = rate(board, playouts=CHECK_PLAYOUTS, seed=(_CHECK_SEED ^ (seed + k)) & (2**64 - 1))
        if precise["band"] != band:
            continue
        shares = {p: float(precise[p]) for p in PLAYERS}  # type: ignore[literal-required]
        chance = in_band_chance(precise["nodes"], shares, band, CHECK_PLAYOUTS)
        if chance >= CLAIM:
            return list(d["faces"]), BandRating(
                **precise, in_band_chance=chance, check_playouts=CHECK_PLAYOUTS, tries=k + 1
            )
    raise _core.LayoutError(f"no {band} deal of {lay.name} with a stable rating in {max_tries} tries")


def check_bands(layout: Any = "turtle", per_band: int = 100, *, seed: int = 1000) -> Dict[str, Dict[str, Any]]:
    """Deals made to each band, rated again on games of their own: per band, the
    deals made (``deal_in_band`` with seeds ``seed``, ``seed + 1``, ...), how many
    land in the band again on a precise re-rating (:data:`CHECK_PLAYOUTS` games a
    player, the claim) and on a 16-game re-rating, the tries taken and the mean
    claimed chance.

    Example:
        >>> c = check_bands("turtle", 1)
        >>> sorted(c) == sorted(BANDS), c["hard"]["made"]
        (True, 1)
    """
    from mahjong_fast.solitaire import layout as as_layout

    lay = as_layout(layout)
    out: Dict[str, Dict[str, Any]] = {}
    for b, band in enumerate(BANDS):
        precise = quick = tries = 0
        chances: List[float] = []
        for i in range(per_band):
            faces, r = deal_in_band(lay, band, seed=seed + i)
            board = _core.SolitaireBoard(lay, faces)
            fresh = _RECHECK_SEED ^ (b << 40) ^ (seed + i)
            precise += rate(board, playouts=CHECK_PLAYOUTS, seed=fresh)["band"] == band
            quick += rate(board, seed=fresh ^ (1 << 39))["band"] == band
            tries += r["tries"]
            chances.append(r["in_band_chance"])
        out[band] = {
            "made": per_band,
            "in_band_precise": precise,
            "in_band_16_games": quick,
            "tries": tries,
            "mean_claimed_chance": float(np.mean(chances)) if chances else 0.0,
        }
    return out


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
