"""Every real layout of ``../shared/data/solitaire_layouts`` loads, each museum .lay
equals its .layout up to a shift, and each layout deals, solves and plays."""

from collections import Counter

import pytest
from mahjong_fast import SolitaireBoard
from mahjong_fast._core import solitaire_deal
from mahjong_fast.solitaire import load_layout, map_names, solve
from solitaire_layouts import collection, label, require_layouts


def normalised(lay):
    ps = lay.positions
    mx = min(p[0] for p in ps)
    my = min(p[1] for p in ps)
    mz = min(p[2] for p in ps)
    return sorted((x - mx, y - my, z - mz) for x, y, z in ps)


# The README's two .lay files written into a grid too small for their board.
CLIPPED = {"museum/kmahjongg/cat_2.lay", "museum/ogs-mahjong/cat_3.lay"}


def test_every_file_and_map_loads():
    d = require_layouts()
    kinds = Counter()
    sizes = []
    for p, m in collection():
        lay = load_layout(p, map=m)
        assert len(lay) % 2 == 0 and len(lay) > 0
        kinds[p.parent.name if p.suffix != ".map" else "gnome"] += 1
        sizes.append(len(lay))
    assert kinds["kmahjongg"] >= 72  # KMahjongg's own, plus the museum's kmahjongg folder
    assert kinds["gnome"] == len(map_names(d / "gnome/mahjongg.map")) == 10
    assert sum(v for k, v in kinds.items() if k not in ("gnome",)) == 72 + 2 * 1291
    assert max(sizes) == 228 and sum(s > 144 for s in sizes) > 14


def test_gnome_maps_by_name():
    d = require_layouts()
    path = d / "gnome/mahjongg.map"
    names = map_names(path)
    assert names[0] == "Turtle" and "Taipei" in names
    layouts = {n: load_layout(path, map=n) for n in names}
    assert len({tuple(lay.positions) for lay in layouts.values()}) == len(names)
    assert layouts["Turtle"].name == "Turtle" and len(layouts["Turtle"]) == 144
    assert load_layout(path, map="difficult").positions == layouts["Taipei"].positions
    with pytest.raises(Exception, match="no map named"):
        load_layout(path, map="nowhere")


def test_lay_equals_layout_up_to_shift():
    d = require_layouts()
    pairs = 0
    for lay_path in sorted((d / "museum").glob("*/*.lay")):
        other = lay_path.with_suffix(".layout")
        assert other.exists(), lay_path
        a, b = normalised(load_layout(lay_path)), normalised(load_layout(other))
        rel = label(lay_path, None)
        if rel in CLIPPED:
            # Its grid lost the two tiles past its right edge and kept the rest.
            assert len(a) == len(b) - 2 and set(a) <= set(b), rel
        else:
            assert a == b, rel
        pairs += 1
    assert pairs == 1291


def test_each_layout_deals_solves_and_plays():
    require_layouts()
    seen = set()
    played = solved = 0
    for p, m in collection():
        lay = load_layout(p, map=m)
        key = tuple(lay.positions)
        if key in seen:
            continue
        seen.add(key)
        deal = solitaire_deal(lay, 7, "reverse")
        board = SolitaireBoard(lay, deal["faces"])
        # The deal's own solution plays it out under the board's rules.
        for a, b in deal["solution"]:
            board.remove(a, b)
        assert board.is_won(), label(p, m)
        r = solve(SolitaireBoard(lay, deal["faces"]), max_nodes=20_000, max_millis=200)
        assert r["verdict"] != "unsolvable", label(p, m)
        if r["verdict"] == "solvable":
            solved += 1
            b2 = SolitaireBoard(lay, deal["faces"])
            for a, b in r["solution"]:
                b2.remove(a, b)
            assert b2.is_won()
        played += 1
    assert played > 1000 and solved >= 0.95 * played
