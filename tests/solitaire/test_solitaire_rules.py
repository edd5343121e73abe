"""The free-tile rule and matching (seed 000), board play and its errors."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import IllegalMoveError, LayoutError, SolitaireBoard, SolitaireLayout, TileParseError
from mahjong_fast.solitaire import face_code, face_group
from solitaire_checker import free_tiles, placeable_even


def slot(b, p):
    return b.layout.positions.index(p)


def test_seed_row_a_to_e():
    # A B C D E in one row, nothing on top: A and E free, B C D not.
    row = [(2 * i, 0, 0) for i in range(5)]
    lay = SolitaireLayout(row + [(0, 6, 0)])
    b = SolitaireBoard(lay, ["1m", "1m", "2m", "2m", "3m", "3m"])
    A, B, C, D, E = (slot(b, p) for p in row)
    assert b.is_free(A) and b.is_free(E)
    assert not b.is_free(B) and not b.is_free(C) and not b.is_free(D)
    assert "left" in b.blocked_reason(C) and "right" in b.blocked_reason(C)


def test_seed_tile_f_on_b_and_c():
    row = [(2 * i, 0, 0) for i in range(5)]
    F = (3, 0, 1)  # lies half on B, half on C
    lay = SolitaireLayout(row + [F])
    b = SolitaireBoard(lay, ["1m", "2m", "1m", "2m", "3m", "3m"])
    A, B, C = (slot(b, p) for p in row[:3])
    f = slot(b, F)
    # F is free: nothing on it, its own layer is empty.
    assert b.is_free(f)
    # Remove A: B's left side opens but F lies on it, so B stays locked.
    b.set_present([i for i in b.present if i != A])
    assert not b.is_free(B)
    assert "covered" in b.blocked_reason(B)
    assert not b.is_free(C)
    b.set_present([i for i in b.present if i != f])
    assert b.is_free(B)


def test_half_offset_neighbour_blocks():
    # The Turtle's side tile touches two rows at half offsets.
    lay = SolitaireLayout.builtin("turtle")
    pos = lay.positions
    side = pos.index((0, 7, 0))
    row3_first = pos.index((2, 6, 0))
    row4_first = pos.index((2, 8, 0))
    b = SolitaireBoard(lay, [i // 4 if i < 136 else 34 + i - 136 for i in range(144)])
    assert b.is_free(side)
    assert not b.is_free(row3_first) and not b.is_free(row4_first)
    assert sorted(b.free_tiles()) == free_tiles(pos, range(144))


def test_matching_groups():
    assert face_group(face_code("5p")) == face_group(face_code("5p"))
    assert face_group(face_code("5p")) != face_group(face_code("5s"))
    plants = [face_code(c) for c in "梅蘭菊竹"]
    seasons = [face_code(c) for c in "春夏秋冬"]
    assert len({face_group(p) for p in plants}) == 1
    assert len({face_group(s) for s in seasons}) == 1
    assert face_group(plants[0]) != face_group(seasons[0])
    # On a board: any plant with any plant; a plant never with a season.
    lay = SolitaireLayout([(0, 0, 0), (4, 0, 0), (8, 0, 0), (12, 0, 0)])
    b = SolitaireBoard(lay, ["梅", "春", "菊", "冬"])
    assert sorted(b.legal_pairs()) == [(0, 2), (1, 3)]
    with pytest.raises(IllegalMoveError, match="season"):
        b.remove(0, 1)


def test_illegal_moves_say_why():
    lay = SolitaireLayout([(0, 0, 0), (2, 0, 0), (4, 0, 0), (2, 0, 1)])
    b = SolitaireBoard(lay, ["1m", "1m", "2m", "2m"])
    with pytest.raises(IllegalMoveError, match="covered"):
        b.remove(0, 1)  # slot 1 lies under the top tile
    with pytest.raises(IllegalMoveError, match="do not match"):
        b.remove(0, 2)
    with pytest.raises(IllegalMoveError, match="itself"):
        b.remove(0, 0)
    with pytest.raises(IllegalMoveError, match="does not exist"):
        b.remove(0, 9)
    assert b.remaining() == 4  # failed moves change nothing
    top = lay.positions.index((2, 0, 1))
    right = lay.positions.index((4, 0, 0))
    b.remove(top, right)
    assert b.remaining() == 2
    with pytest.raises(IllegalMoveError, match="already empty"):
        b.remove(top, right)
    b.restore(top, right)
    assert b.remaining() == 4


def test_bad_layouts_and_deals():
    with pytest.raises(LayoutError, match="odd"):
        SolitaireLayout([(0, 0, 0), (2, 0, 0), (4, 0, 0)])
    with pytest.raises(LayoutError, match="more than"):
        SolitaireLayout([(2 * i, 0, 0) for i in range(258)])
    with pytest.raises(LayoutError, match="overlapping"):
        SolitaireLayout([(0, 0, 0), (1, 1, 0)])
    with pytest.raises(LayoutError, match="same slot"):
        SolitaireLayout([(0, 0, 0), (0, 0, 0)])
    with pytest.raises(LayoutError, match="out of range"):
        SolitaireLayout([(-2, 0, 0), (0, 0, 0)])
    with pytest.raises(LayoutError, match="unknown layout"):
        SolitaireLayout.builtin("octopus")
    lay = SolitaireLayout([(0, 0, 0), (2, 0, 0)])
    with pytest.raises(LayoutError, match="faces"):
        SolitaireBoard(lay, ["1m"])
    with pytest.raises(LayoutError, match="even"):
        SolitaireBoard(lay, ["1m", "2m"])
    with pytest.raises(TileParseError):
        SolitaireBoard(lay, ["1x", "1x"])
    with pytest.raises(TileParseError):
        SolitaireBoard(lay, [42, 42])


def test_builtin_layouts():
    assert SolitaireLayout.builtin_names() == ["turtle", "pyramid", "fortress", "bridge", "spider"]
    for name in SolitaireLayout.builtin_names():
        lay = SolitaireLayout.builtin(name)
        assert len(lay) == 144
        pos = lay.positions
        for x, y, z in pos:
            if z > 0:  # every raised tile rests on a tile of the layer below
                assert any(c == z - 1 and abs(a - x) < 2 and abs(b - y) < 2 for a, b, c in pos)
    t = SolitaireLayout.builtin("turtle").positions
    assert [sum(1 for p in t if p[2] == z) for z in range(5)] == [87, 36, 16, 4, 1]


coords = st.tuples(st.integers(0, 10), st.integers(0, 6), st.integers(0, 2))


@settings(max_examples=150, deadline=None)
@given(st.lists(coords, min_size=2, max_size=20, unique=True))
def test_free_rule_matches_the_checker(points):
    kept = placeable_even(points)
    if not kept:
        return
    lay = SolitaireLayout(kept)
    b = SolitaireBoard(lay, [i // 2 for i in range(len(kept))])
    assert b.free_tiles() == free_tiles(lay.positions, range(len(kept)))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(-5, 2000), st.integers(-5, 2000), st.integers(-2, 70)), min_size=0, max_size=10))
def test_arbitrary_positions_never_crash(points):
    try:
        lay = SolitaireLayout(points)
    except LayoutError:
        return
    assert len(lay) == len(points)
