"""Solitaire batch calls (survey, solve_many, the atlas) in the batch convention, and
the atlas command line."""

import json

import numpy as np
import pytest
from mahjong_fast import LayoutError, SolitaireLayout
from mahjong_fast._core import solitaire_survey, solitaire_uniform_faces
from mahjong_fast.batch import BatchResult
from mahjong_fast.cli import main
from mahjong_fast.solitaire import solve_many, summarize, survey
from mahjong_fast.solitaire_batch import atlas, atlas_row, distinct_boards


def test_survey_columns_match_the_core_survey():
    r = survey("turtle", 30, seed=2026, start=5, chunk=7)
    assert isinstance(r, BatchResult) and len(r.errors) == 0
    assert r["deal"].tolist() == list(range(5, 35))
    v, _m, nodes = solitaire_survey(SolitaireLayout.builtin("turtle"), 2026, 5, 30)
    assert r["verdict"].tolist() == v and r["nodes"].tolist() == nodes
    assert r["verdict"].dtype == np.uint8 and r["micros"].dtype == np.uint64
    s = summarize(r)
    assert s["deals"] == 30 and s["solvable"] == v.count(0)
    frame = r.to_pandas()
    assert list(frame.columns) == ["deal", "verdict", "micros", "nodes"]
    with pytest.raises(LayoutError, match="out of range"):
        survey("turtle", -1)
    with pytest.raises(LayoutError, match="neither a built-in"):
        survey("octopus", 2)


def test_solve_many_bad_rows_in_the_error_table():
    lay = SolitaireLayout.builtin("pyramid")
    good = [solitaire_uniform_faces(lay, 3, i) for i in range(4)]
    rows = [good[0], good[1][:-1], good[2], ["9x"] * 144, good[3]]
    r = solve_many(lay, rows)
    assert r.n_rows == 5
    assert r.errors.rows.tolist() == [1, 3]
    assert r.errors.kinds == ["LayoutError", "TileParseError"]
    assert r["verdict"][[1, 3]].tolist() == [255, 255]
    alone = solve_many(lay, [good[2]])
    assert r["verdict"][2] == alone["verdict"][0] and r["moves"][2] == alone["moves"][0]
    assert all(m in (0, 72) for m in r["moves"].tolist())


def test_atlas_rows_and_same_seeds():
    rows = atlas([("t", "turtle"), ("f", "fortress")], 40, max_millis=200)
    assert [r["layout"] for r in rows] == ["t", "f"]
    t = rows[0]
    assert t["tiles"] == 144 and t["deals"] == 40
    assert t["solvable"] + t["unsolvable"] + t["unknown"] == 40
    lo, hi = t["unsolvable_ci95"]
    assert 0 <= lo <= (t["unsolvable_share"] or 0) <= hi <= 1
    assert 0 <= t["random_play_uniform"] <= t["random_play_reverse"] + 0.5
    assert t["reverse_first_try"] > 0.5
    # The same seeds give the same verdicts.
    again = atlas_row("turtle", 40, max_millis=200)
    assert again["unsolvable"] == t["unsolvable"] or t["unknown"] + again["unknown"] > 0


def test_distinct_boards_and_atlas_command(tmp_path, capsys):
    d = tmp_path / "layouts"
    d.mkdir()
    t = SolitaireLayout.builtin("turtle")
    (d / "a.layout").write_text(t.write("kmahjongg"))
    (d / "b.layout").write_text(SolitaireLayout([(x + 2, y, z) for x, y, z in t.positions]).write("kmahjongg"))
    (d / "c.map").write_text(SolitaireLayout.builtin("spider").write("gnome"))
    boards = distinct_boards([("a", t), ("s", "spider")])
    assert [n for n, _ in boards] == [["a"], ["s"]]
    out_json, out_md = tmp_path / "atlas.json", tmp_path / "atlas.md"
    rc = main(
        ["solitaire", "atlas", str(d), "--deals", "12", "--max-millis", "100", "--quiet"]
        + ["--out-json", str(out_json), "--out-md", str(out_md)]
    )
    assert rc == 0
    data = json.loads(out_json.read_text())
    assert data["meta"]["layouts_total"] == 2 and data["meta"]["files_total"] == 3
    names = [r["layout"] for r in data["rows"]]
    assert names == ["layouts/a.layout", "layouts/c.map#spider"]
    assert data["rows"][0]["same_board"] == ["layouts/b.layout"]
    md = out_md.read_text()
    assert md.startswith("# Solitaire solvability atlas") and "layouts/c.map#spider" in md


def test_atlas_budget_is_held_on_the_fast_and_the_general_search():
    # The budget counts the solving thread's CPU time, so it holds however busy the
    # machine is: a deal over it stops within a node or so of search.
    from solitaire_layouts import layouts_dir

    row = atlas_row("turtle", 60, max_nodes=10**9, max_millis=1)
    assert row["unknown"] > 0 and row["ms_max"] < 2.5, row
    cross = layouts_dir() / "kmahjongg/cross.layout"
    if not cross.exists():
        pytest.skip("no layout collection")
    big = atlas_row(str(cross), 20, max_nodes=10**9, max_millis=3)
    assert big["tiles"] == 222 and big["unknown"] > 0 and big["ms_max"] < 4.5, big
    assert big["cpu_seconds"] > 0 and big["wall_seconds"] > 0
