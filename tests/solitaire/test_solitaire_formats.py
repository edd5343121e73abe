"""Import and export of layout files: KMahjongg v1.0 / v1.1, GNOME .map, xmahjongg, Kyodai 3.0."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import LayoutError, SolitaireLayout
from mahjong_fast.solitaire import load_layout
from solitaire_checker import placeable_even

FORMATS = ["kmahjongg", "kmahjongg-1.0", "gnome", "xmahjongg", "kyodai"]


@pytest.mark.parametrize("name", SolitaireLayout.builtin_names())
@pytest.mark.parametrize("fmt", FORMATS)
def test_round_trip(name, fmt):
    lay = SolitaireLayout.builtin(name)
    w, h, d = lay.extent()
    if fmt == "kmahjongg-1.0" and (w > 32 or h > 16 or d > 5):
        with pytest.raises(LayoutError, match="v1.0"):
            lay.write(fmt)
        return
    if fmt == "kyodai" and (w > 34 or h > 20 or d > 5):
        with pytest.raises(LayoutError, match="Kyodai"):
            lay.write(fmt)
        return
    text = lay.write(fmt)
    back = SolitaireLayout.read(text, name)
    assert back.positions == lay.positions
    assert back == lay


def test_kmahjongg_drawing():
    lay = SolitaireLayout([(0, 0, 0), (2, 0, 0), (1, 0, 1), (1, 2, 1)])
    text = lay.write("kmahjongg")
    lines = text.splitlines()
    assert lines[0] == "kmahjongg-layout-v1.1"
    assert "w4" in lines and "h4" in lines and "d2" in lines
    grid = [line for line in lines if line and line[0] in ".1234"]
    assert grid[0] == "1212" and grid[1] == "4343"
    assert grid[4] == ".12." and grid[5] == ".43." and grid[6] == ".12."


def test_reads_files_by_hand():
    km10 = "kmahjongg-layout-v1.0\n" + "\n".join(["1212" + "." * 28] + ["4343" + "." * 28] + ["." * 32] * 78) + "\n"
    assert SolitaireLayout.read(km10).positions == [(0, 0, 0), (2, 0, 0)]
    gnome = """<?xml version="1.0"?>
<mahjongg><map name="tiny" scorename="tiny">
  <layer z="0"><row left="0" right="1" y="0"/><column x="3" top="0" bottom="1"/></layer>
  <layer z="1"><tile x="0.5" y="0"/><block left="3" right="3" top="0" bottom="0"/></layer>
</map></mahjongg>"""
    g = SolitaireLayout.read(gnome)
    assert g.name == "tiny"
    assert g.positions == [(0, 0, 0), (2, 0, 0), (6, 0, 0), (6, 2, 0), (1, 0, 1), (6, 0, 1)]
    xm = "# comment\n0 0 0\n0 2 0\n"
    assert SolitaireLayout.read(xm).positions == [(0, 0, 0), (2, 0, 0)]
    cells = ["0"] * 3400
    cells[0] = cells[2] = "1"
    ky = "Kyodai 3.0\nTwo::test\n" + "".join(cells) + "\n"
    k = SolitaireLayout.read(ky)
    assert k.positions == [(0, 0, 0), (2, 0, 0)] and k.name == "Two"


def test_bad_files():
    with pytest.raises(LayoutError, match="odd"):
        SolitaireLayout.read("kmahjongg-layout-v1.1\nw4\nh2\nd1\n12..\n43..\n")
    with pytest.raises(LayoutError, match="character"):
        SolitaireLayout.read("kmahjongg-layout-v1.1\nw4\nh2\nd1\n1x..\n")
    with pytest.raises(LayoutError, match="overlapping"):
        SolitaireLayout.read("0 0 0\n0 1 0\n")
    with pytest.raises(LayoutError, match="expected"):
        SolitaireLayout.read("0 0\n")
    with pytest.raises(LayoutError):
        SolitaireLayout.read("Kyodai 3.0\nx\n0101")
    with pytest.raises(LayoutError, match="more than"):
        SolitaireLayout.read("\n".join(f"0 {2 * i} 0" for i in range(258)))
    assert len(SolitaireLayout.read("\n".join(f"0 {2 * i} 0" for i in range(146)))) == 146
    with pytest.raises(LayoutError, match="attribute"):
        SolitaireLayout.read('<mahjongg><map name="x"><tile x="a" y="0"/></map></mahjongg>')
    with pytest.raises(LayoutError, match="cannot tell"):
        SolitaireLayout.read("hello")


def test_load_layout_file(tmp_path):
    p = tmp_path / "my.layout"
    p.write_text(SolitaireLayout.builtin("pyramid").write("kmahjongg"))
    lay = load_layout(str(p))
    assert lay == SolitaireLayout.builtin("pyramid")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 14), st.integers(0, 4)), min_size=2, max_size=40, unique=True))
def test_random_layouts_round_trip(points):
    kept = placeable_even(points)
    if not kept:
        return
    lay = SolitaireLayout(kept)
    for fmt in FORMATS:
        assert SolitaireLayout.read(lay.write(fmt)) == lay


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_garbage_never_crashes(text):
    for prefix in ("", "kmahjongg-layout-v1.1\n", "Kyodai 3.0\n", "<mahjongg>"):
        try:
            SolitaireLayout.read(prefix + text)
        except LayoutError:
            pass
