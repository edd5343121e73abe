"""Tiles and notation: parsing, formatting, ids, counts, errors."""

import mahjong_fast as mf
import pytest
from hypothesis import given
from hypothesis import strategies as st


def test_mpsz_round_trip_keeps_red_fives():
    assert mf.to_mpsz("123m406p789s11z") == "123m406p789s11z"


def test_ids_match_tenhou_convention():
    assert mf.to_ids("0m0p0s") == [16, 52, 88]
    assert mf.to_ids("5m") == [17]
    assert mf.to_mpsz([16, 17, 135]) == "05m7z"


def test_honor_order_is_tenhou():
    names = [mf.Tile(f"{i}z").name for i in range(1, 8)]
    assert names == ["East", "South", "West", "North", "White", "Green", "Red"]


def test_dora_wraps_like_servers():
    assert str(mf.Tile("9p").dora()) == "1p"
    assert str(mf.Tile("4z").dora()) == "1z"
    assert str(mf.Tile("7z").dora()) == "5z"


def test_unicode():
    assert mf.to_unicode("1m1p1s1z5z6z7z") == "\U0001F007\U0001F019\U0001F010\U0001F000\U0001F006\U0001F005\U0001F004"


def test_meld_validation():
    assert str(mf.Meld("chi", "406m")) == "chi:406m"
    with pytest.raises(mf.InvalidHandError, match="consecutive"):
        mf.Meld("chi", "135m")
    with pytest.raises(mf.InvalidHandError, match="unknown meld kind"):
        mf.Meld("pung!", "111z")


@pytest.mark.parametrize(
    "bad, exc",
    [
        ("8z", mf.TileParseError),
        ("0z", mf.TileParseError),
        ("12", mf.TileParseError),
        ("1x", mf.TileParseError),
        ([136], mf.TileParseError),
        ([-1], mf.TileParseError),
        ([3, 3], mf.InvalidHandError),
        ("11111m", mf.InvalidHandError),
        ("00m", mf.InvalidHandError),
    ],
)
def test_bad_tiles_raise_mahjong_errors(bad, exc):
    with pytest.raises(exc) as info:
        mf.to_counts(bad) if isinstance(bad, list) else mf.to_ids(bad)
    assert isinstance(info.value, mf.MahjongError)
    assert isinstance(info.value, ValueError)


@given(st.lists(st.integers(0, 135), unique=True, max_size=40))
def test_ids_counts_mpsz_agree(ids):
    counts = mf.to_counts(ids)
    assert sum(counts) == len(ids)
    text = mf.to_mpsz(ids)
    assert mf.to_counts(text) == counts
    # ids -> mpsz -> ids -> mpsz is stable (ids are re-assigned canonically)
    assert mf.to_mpsz(mf.to_ids(text)) == text
    assert mf.from_counts(counts) == mf.to_mpsz(text.replace("0", "5"))


@given(st.text(max_size=30))
def test_arbitrary_text_never_crashes(text):
    try:
        mf.to_counts(text)
    except mf.MahjongError:
        pass
