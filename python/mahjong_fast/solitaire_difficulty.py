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
each player plays it ``CHECK_PLAYOUTS`` (256) more games, then ``CLAIM_PLAYOUTS``
(1,024) games of their own, and the claim rests on those last games alone: their
rating must lie in the band, and the chance that a rating from ``CHECK_PLAYOUTS``
fresh games lands in the band (``in_band_chance`` with ``measured``: over each
player's unknown win probability given the wins seen, not only the shares seen)
must be at least ``CLAIM``.

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
    "CLAIM_PLAYOUTS",
    "CUTS",
    "PLAYERS",
    "band_of",
    "deal_in_band",
    "in_band_chance",
    "rate",
    "rate_deals",
    "rating",
    "SCREEN",
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
#: Games per player of a precise rating: what checks a band claim (``check_bands``)
#: and what a candidate of ``deal_in_band`` is screened on.
CHECK_PLAYOUTS = 256
#: Games per player a band claim is made from (``deal_in_band``): games of their own,
#: so the deals that passed the screen by luck are not judged on that luck.
CLAIM_PLAYOUTS = 1024
#: The least chance that a fresh rating from ``CHECK_PLAYOUTS`` games a player of a
#: deal made to a band lands in that band, given the claim's games.
CLAIM = 0.99
#: The least such chance, from the screen's games, for a candidate to be played
#: ``CLAIM_PLAYOUTS`` more games (most candidates stop here).
SCREEN = 0.9
#: Mixed into the seed of the checking games, so they are never a rating's games.
_CHECK_SEED = 0x5EED_C4EC_0000_0000
#: Mixed into the seed of the claim's games.
_CLAIM_SEED = 0xC1A1_0000_0000_0000
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


def _log_comb(n: int) -> np.ndarray:
    return np.array([math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) for i in range(n + 1)])


def _binomial(n: int, p: float) -> np.ndarray:
    if p <= 0.0 or p >= 1.0:
        pmf = np.zeros(n + 1)
        pmf[0 if p <= 0.0 else n] = 1.0
        return pmf
    k = np.arange(n + 1)
    return np.exp(_log_comb(n) + k * math.log(p) + (n - k) * math.log1p(-p))


def _log_beta(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    lg = np.vectorize(math.lgamma, otypes=[np.float64])
    return lg(a) + lg(b) - lg(a + b)


def _predictive(n: int, wins: int, games: int) -> np.ndarray:
    # Wins in n fresh games of a player seen to win `wins` of `games`: beta-binomial,
    # the win probability spread by Jeffreys' prior Beta(1/2, 1/2) updated on the
    # games seen (so a share from few games predicts a wide spread).
    a, b = wins + 0.5, games - wins + 0.5
    k = np.arange(n + 1, dtype=np.float64)
    pmf = np.exp(_log_comb(n) + _log_beta(k + a, n - k + b) - _log_beta(np.array(a), np.array(b)))
    return pmf / pmf.sum()


def in_band_chance(
    nodes: int, shares: Mapping[str, float], band: str, playouts: int = PLAYOUTS, *, measured: int = 0
) -> float:
    """The chance that a rating from ``playouts`` fresh games a player lands in
    ``band``, for a deal whose solver nodes are ``nodes`` and whose players win
    with the probabilities ``shares`` (player name -> 0-1): exact over the
    binomial win counts of the three players. With ``measured`` > 0 the shares are
    the win shares seen in that many games a player, and the chance also counts
    how far each player's win probability may lie from its share (the posterior
    predictive from Jeffreys' prior): a claim from a measurement, not from the
    shares taken as exact.

    Example:
        >>> in_band_chance(50, {"random": 0.0, "greedy": 0.0, "careful": 0.0}, "hard")
        1.0
        >>> in_band_chance(50, {"random": 0.0, "greedy": 0.0, "careful": 0.5}, "hard") < 0.1
        True
        >>> zero = {"random": 0.0, "greedy": 0.0, "careful": 0.0}  # no win seen in 64 games
        >>> in_band_chance(50, zero, "hard", 256), round(in_band_chance(50, zero, "hard", 256, measured=64), 3)
        (1.0, 0.989)
    """
    if band not in BANDS:
        raise _core.LayoutError(f"band {band!r:.60}: use one of {', '.join(BANDS)}")
    n = max(1, int(playouts))
    m = int(measured)
    clipped = [min(1.0, max(0.0, float(shares[p]))) for p in PLAYERS]
    if m > 0:
        pr, pg, pc = (_predictive(n, round(q * m), m) for q in clipped)
    else:
        pr, pg, pc = (_binomial(n, q) for q in clipped)
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


def _claim_chance(r: Rating, band: str, games: int) -> float:
    shares = {p: float(r[p]) for p in PLAYERS}  # type: ignore[literal-required]
    return in_band_chance(r["nodes"], shares, band, CHECK_PLAYOUTS, measured=games)


def deal_in_band(
    layout: Any, band: str, *, seed: int = 0, method: str = "uniform", max_tries: int = 400
) -> Tuple[List[int], BandRating]:
    """A solvable deal whose rating falls in ``band``, and stays there: deals of
    ``method`` (solvable uniform or reverse) from seed ``seed`` on are rated (16
    games a player) until one lands in the band; rated again on
    :data:`CHECK_PLAYOUTS` games a player, it must lie in the band with a chance of
    at least :data:`SCREEN` that a fresh rating would land there too; then
    :data:`CLAIM_PLAYOUTS` games of its own decide: their rating must lie in the
    band and a fresh rating from :data:`CHECK_PLAYOUTS` games must land there with a
    chance of at least :data:`CLAIM` (``in_band_chance`` given those games).
    Returns its faces and that rating (a :class:`~mahjong_fast.results.BandRating`);
    raises ``LayoutError`` after ``max_tries``.

    Example:
        >>> faces, r = deal_in_band("turtle", "easy", seed=4)
        >>> len(faces), r["band"], r["in_band_chance"] >= CLAIM, r["check_playouts"]
        (144, 'easy', True, 1024)
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
        screen = rate(board, playouts=CHECK_PLAYOUTS, seed=(_CHECK_SEED ^ (seed + k)) & (2**64 - 1))
        if screen["band"] != band or _claim_chance(screen, band, CHECK_PLAYOUTS) < SCREEN:
            continue
        claim = rate(board, playouts=CLAIM_PLAYOUTS, seed=(_CLAIM_SEED ^ (seed + k)) & (2**64 - 1))
        chance = _claim_chance(claim, band, CLAIM_PLAYOUTS)
        if claim["band"] == band and chance >= CLAIM:
            return list(d["faces"]), BandRating(
                **claim, in_band_chance=chance, check_playouts=CLAIM_PLAYOUTS, tries=k + 1
            )
    raise _core.LayoutError(f"no {band} deal of {lay.name} with a stable rating in {max_tries} tries")


def check_bands(layout: Any = "turtle", per_band: int = 100, *, seed: int = 1000) -> Dict[str, Dict[str, Any]]:
    """Deals made to each band, rated again on games of their own: per band, the
    deals made (``deal_in_band`` with seeds ``seed``, ``seed + 1``, ...), how many
    land in the band again on a precise re-rating (:data:`CHECK_PLAYOUTS` games a
    player, what the claim is about) and on a 16-game re-rating, the tries taken
    and the mean claimed chance.

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
