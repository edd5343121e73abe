"""Scoring archives and surveying solitaire deals on a real multi-node Ray cluster
started here (a head and two worker nodes of one CPU each, every node on 127.0.0.1,
each its own raylet and object store), compared with one process: the same rows.

The cluster is started once for the module (about 15-25 s); the whole module is
bounded in time (a hung cluster ends the run with its tracebacks). Skips when Ray is
not installed (``pip install 'mahjong-fast[ray]'``).
"""

from __future__ import annotations

import faulthandler
import os
import time
from pathlib import Path

import numpy as np
import pytest
from cluster_tables import assert_same_tables, sorted_table

pytest.importorskip("ray.data")

from mahjong_fast import ray_data  # noqa: E402
from mahjong_fast.archive_shards import plan, schema  # noqa: E402
from mahjong_fast.solitaire_batch import summarize  # noqa: E402
from mahjong_fast.solitaire_batch import survey as one_survey  # noqa: E402

# Generous for the 2,000-game CI archive on a shared two-core machine; a large local
# run (MAHJONG_FAST_CLUSTER_DB) sets its own.
# What a survey's summary tells from the verdicts alone (not from the clock).
VERDICT_KEYS = ("deals", "solvable", "unsolvable", "unknown", "unsolvable_share", "unsolvable_ci95")
LIMIT = int(os.environ.get("MAHJONG_FAST_CLUSTER_SECONDS", "600"))


@pytest.fixture(scope="module")
def cluster():
    faulthandler.dump_traceback_later(LIMIT, exit=True)
    try:
        with ray_data.local_cluster(workers=2, cpus=1) as c:
            import ray

            alive = [n for n in ray.nodes() if n["Alive"]]
            assert len(alive) == 3
            assert {n["NodeManagerAddress"] for n in alive} == {"127.0.0.1"}
            assert sorted(n["Resources"].get("CPU", 0) for n in alive) == [0, 1, 1]
            yield c
    finally:
        faulthandler.cancel_dump_traceback_later()


def test_synth_database_gives_the_single_process_rows(cluster, synth_archive, tmp_path: Path) -> None:
    # Several shards per worker, so both nodes take part and parts are many.
    games = max(50, min(1000, synth_archive.rows["games"] // 8))
    t = time.perf_counter()
    r = ray_data.score_tables([synth_archive.db], tmp_path, games=games)
    # Shown with -s: what a large local run records (docs/archives.md).
    print(f"\n{synth_archive.rows['games']} games: one process {synth_archive.seconds:.1f} s, "
          f"Ray head + 2 worker nodes x 1 CPU {time.perf_counter() - t:.1f} s")
    assert r["skipped"] == [] and r["read"] == synth_archive.rows["games"]
    assert r["parts"] == len(plan([synth_archive.db], games=games)) >= 8
    assert r["nodes"] == 2
    assert {t: r[t] for t in synth_archive.rows} == synth_archive.rows
    assert assert_same_tables(synth_archive.tables, tmp_path) == synth_archive.rows
    # Committed whole: only the three tables, no staging folder left.
    assert sorted(os.listdir(tmp_path)) == ["games", "hands", "wins"]


def test_real_games_give_the_single_process_rows(cluster, real_archive, tmp_path: Path) -> None:
    r = ray_data.score_tables([real_archive.db], tmp_path, games=60)
    assert r["read"] == real_archive.rows["games"] and r["wins"] > 2000
    assert assert_same_tables(real_archive.tables, tmp_path) == real_archive.rows


def test_one_table_as_a_dataset(cluster, real_archive) -> None:
    # The Ray-native path: read_archive -> map_batches(LogScorer) -> a Dataset of rows.
    import pyarrow as pa
    import pyarrow.parquet as pq

    ds = ray_data.score(ray_data.read_archive([real_archive.db], games=100), "games")
    got = pa.Table.from_batches(
        [b for b in ds.iter_batches(batch_format="pyarrow", batch_size=None) for b in b.to_batches()],
        schema=schema("games"),
    )
    want = pq.read_table(real_archive.tables / "games.parquet").replace_schema_metadata()
    assert sorted_table(got).equals(sorted_table(want))


def test_survey_split_across_workers_is_one_survey(cluster) -> None:
    n = 400
    one = one_survey("turtle", n, seed=2026, start=1000)
    r = ray_data.survey_result(ray_data.survey("turtle", n, seed=2026, start=1000, deals=50))
    assert r.n_rows == n and list(r) == list(one)
    # The survey's results: each deal and its verdict. (`micros` is a clock, and
    # `nodes` depends on what the reused solver searched before, so on how deals are
    # split between threads: one process with another thread count differs too.)
    for c in ("deal", "verdict"):
        assert np.array_equal(r[c], one[c]) and r[c].dtype == one[c].dtype, c
    assert 0 < int((r["verdict"] == 0).sum()) < n  # both verdicts met: the comparison can fail
    same = {k: v for k, v in summarize(r).items() if k in VERDICT_KEYS}
    assert same == {k: v for k, v in summarize(one).items() if k in VERDICT_KEYS} and len(same) >= 3


# An atlas row's fields that come from the deals alone (not from a clock).
ATLAS_TIMES = ("ms_median", "ms_p99", "ms_max", "wall_seconds", "cpu_seconds")


def _atlas_layouts(tmp_path: Path):
    # The fast path (Turtle, Pyramid) and the general search (a board over 144 tiles:
    # a Turtle beside the Pyramid's lowest 84 slots, dealt two sets), as files.
    from mahjong_fast import SolitaireLayout

    d = tmp_path / "layouts"
    d.mkdir()
    t, p = SolitaireLayout.builtin("turtle"), SolitaireLayout.builtin("pyramid")
    wide = list(t.positions) + [(x + t.extent()[0] + 4, y, z) for x, y, z in p.positions[:84]]
    for name, lay in (("a_turtle", t), ("b_pyramid", p), ("c_wide", SolitaireLayout(wide))):
        (d / f"{name}.layout").write_text(lay.write("kmahjongg"))
    return d


def test_atlas_split_across_workers_is_the_one_process_atlas(cluster, tmp_path: Path) -> None:
    from mahjong_fast.solitaire_batch import atlas, collection_layouts

    layouts = collection_layouts([str(_atlas_layouts(tmp_path))])
    # A node budget the deals meet before the clock's (so verdicts do not depend on
    # the machine's speed; a deal searches the same whatever was solved before),
    # small enough that some deals stay unknown.
    kw = dict(seed=2026, max_nodes=5_000, max_millis=60_000)
    one = atlas(layouts, 60, **kw)
    done = []
    rows = ray_data.atlas(layouts, 60, task_deals=20, progress=lambda k, r: done.append(k), **kw)
    assert done == [0, 1, 2] and [r["layout"] for r in rows] == [r["layout"] for r in one]
    for a, b in zip(one, rows):
        assert {k: v for k, v in a.items() if k not in ATLAS_TIMES} == {k: v for k, v in b.items() if k not in ATLAS_TIMES}
        assert b["cpu_seconds"] > 0 and b["deals"] == 60
    assert rows[2]["tiles"] == 228 and rows[2]["sets"] == 2
    # Both verdicts met and some unknown: the comparison can fail.
    assert sum(r["solvable"] for r in rows) > 0 and sum(r["unsolvable"] for r in rows) > 0
    assert sum(r["unknown"] for r in rows) > 0


def test_atlas_command_on_ray_writes_the_one_process_rows(cluster, tmp_path: Path) -> None:
    import json

    from mahjong_fast.cli import main

    d = _atlas_layouts(tmp_path)
    out = {}
    for name, extra in (("one", []), ("ray", ["--ray", cluster.cluster.address])):
        target = tmp_path / f"{name}.json"
        rc = main(["solitaire", "atlas", str(d), "--deals", "20", "--max-nodes", "5000", "--max-millis", "60000",
                   "--limit", "2", "--quiet", "--out-json", str(target), *extra])
        assert rc == 0
        out[name] = json.loads(target.read_text())
    assert out["ray"]["meta"]["ray"] and not out["one"]["meta"]["ray"] and out["ray"]["meta"]["threads"] == 2
    strip = [[{k: v for k, v in r.items() if k not in ATLAS_TIMES} for r in out[n]["rows"]] for n in ("one", "ray")]
    assert strip[0] == strip[1] and len(strip[0]) == 2


@pytest.mark.parametrize("call, argument", [
    (lambda: ray_data.LogScorer("players"), "table"),
    (lambda: ray_data.LogScorer("wins", threads=0), "threads"),
    (lambda: ray_data.local_cluster(workers=0), "workers"),
    (lambda: ray_data._pool(0, 1), "concurrency"),
    (lambda: ray_data._pool(None, True), "num_cpus"),
])
def test_bad_arguments_are_named_before_any_work(call, argument) -> None:
    # No cluster needed: each is refused before Ray is asked for anything.
    from mahjong_fast.errors import ArgumentError

    with pytest.raises(ArgumentError) as e:
        call()
    assert e.value.argument == argument


def test_a_scorer_built_outside_ray_leaves_the_thread_pool_alone(monkeypatch) -> None:
    monkeypatch.delenv("RAYON_NUM_THREADS", raising=False)
    ray_data.LogScorer("wins", threads=1)
    assert "RAYON_NUM_THREADS" not in os.environ
