"""Difficulty: the simple players, the rating, bands and deals generated to a band;
pictures of boards and games (the play page's drawing)."""

import numpy as np
import pytest
from mahjong_fast import LayoutError, SolitaireBoard, SolitaireLayout
from mahjong_fast._core import solitaire_player_wins
from mahjong_fast.solitaire import Game, deal_in_band, rate
from mahjong_fast.solitaire_difficulty import BANDS, CUTS, band_of, rate_deals, rating, spearman


def test_players_and_rating_on_turtle_deals():
    c = rate_deals("turtle", 60, seed=11, playouts=12, play_seed=3)
    solvable = c["verdict"] == 0
    assert solvable.sum() > 50
    # Careful play wins at least as often as random play on average, and the
    # rating falls as the players' independent win rates rise.
    assert c["careful"].mean() >= c["random"].mean()
    again = rate_deals("turtle", 60, seed=11, playouts=24, play_seed=4)
    rho = spearman(c["rating"][solvable], again["careful"][solvable])
    assert rho < -0.4, rho
    assert rating(0, 1, 1, 1) == 0.0 and rating(10**9, 0, 0, 0) == 100.0
    with pytest.raises(Exception, match="unknown player"):
        solitaire_player_wins(Game("turtle").board, "lucky")


def test_bands_and_generation_to_a_band():
    assert [band_of(c - 0.01) for c in CUTS] == list(BANDS[:3]) and band_of(CUTS[-1]) == "expert"
    for band in ("easy", "expert"):
        faces, r = deal_in_band("turtle", band, seed=2)
        assert r["band"] == band and r["verdict"] == "solvable"
        again = rate(SolitaireBoard(SolitaireLayout.builtin("turtle"), faces))
        assert again["verdict"] == "solvable"
    with pytest.raises(LayoutError, match="band"):
        deal_in_band("turtle", "impossible")


def test_deals_made_to_a_band_land_in_it_when_rated_again():
    """Deals made to each band (``check_bands``), each rated again on 256 games of
    its own, all land in the band they claim; and the claim's chance counts the
    measurement's own uncertainty.

    Short form: 3 deals a band (a few seconds). Long form, the figures of
    docs/solitaire_difficulty.md (about two minutes of CPU):
    ``MAHJONG_FAST_BAND_DEALS=100 pytest tests/solitaire/test_solitaire_difficulty.py -k land``.
    """
    import os

    from mahjong_fast.solitaire_difficulty import CLAIM, CLAIM_PLAYOUTS, check_bands, in_band_chance

    per_band = int(os.environ.get("MAHJONG_FAST_BAND_DEALS", "3"))
    c = check_bands("turtle", per_band, seed=1000)
    assert {b: c[b]["in_band_precise"] for b in BANDS} == {b: per_band for b in BANDS}, c
    assert all(c[b]["mean_claimed_chance"] >= CLAIM and c[b]["tries"] >= per_band for b in BANDS), c
    faces, r = deal_in_band("turtle", "hard", seed=11)
    assert r["band"] == "hard" and r["in_band_chance"] >= CLAIM and r["check_playouts"] == CLAIM_PLAYOUTS
    certain = {"random": 0.0, "greedy": 0.0, "careful": 0.0}
    assert in_band_chance(10**6, certain, "expert") == 1.0 and in_band_chance(10**6, certain, "easy") == 0.0
    even = {"random": 0.5, "greedy": 0.5, "careful": 0.5}
    assert abs(sum(in_band_chance(100, even, b) for b in BANDS) - 1.0) < 1e-9
    assert abs(sum(in_band_chance(100, even, b, 256, measured=64) for b in BANDS) - 1.0) < 1e-9
    # No win in 64 games is not a win probability of zero: the measured chance is
    # lower, and rises toward the exact one as the games grow.
    seen = [in_band_chance(50, certain, "hard", 256, measured=m) for m in (16, 64, 1024)]
    assert seen[0] < seen[1] < seen[2] < 1.0 == in_band_chance(50, certain, "hard", 256), seen


def test_pictures_of_boards_and_games():
    g = Game("pyramid", seed=3)
    svg = g.board._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="tile') == 144
    a, b = g.hint().pair
    g.select(a)
    assert 'class="tile selected' in g._repr_svg_()
    g.select(b)
    html = g._repr_html_()
    assert "<svg" in html and "142 of 144 tiles left" in html
    assert g._repr_svg_().count('class="tile') == 142
    assert np.isfinite(rate(g.board, playouts=4)["rating"])
