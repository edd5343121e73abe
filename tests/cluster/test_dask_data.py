"""The Dask recipe (``map_partitions`` over a DataFrame of games) on a local
distributed cluster of two single-threaded worker processes on 127.0.0.1, compared
with one process: the same rows of the three tables and the same survey verdicts.
Skips when Dask is not installed (``pip install 'mahjong-fast[dask]'``).
"""

from __future__ import annotations

import faulthandler
import os
from pathlib import Path

import numpy as np
import pytest
from cluster_tables import assert_same_tables, sorted_table

pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

from mahjong_fast import dask_data  # noqa: E402
from mahjong_fast.archive_shards import plan, schema  # noqa: E402
from mahjong_fast.solitaire_batch import survey as one_survey  # noqa: E402

LIMIT = int(os.environ.get("MAHJONG_FAST_CLUSTER_SECONDS", "600"))


@pytest.fixture(scope="module")
def client():
    faulthandler.dump_traceback_later(LIMIT, exit=True)
    try:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                      dashboard_address=None, worker_dashboard_address=None) as cluster:
            with distributed.Client(cluster) as c:
                assert len(c.scheduler_info()["workers"]) == 2
                yield c
    finally:
        faulthandler.cancel_dump_traceback_later()


def test_synth_database_gives_the_single_process_rows(client, synth_archive, tmp_path: Path) -> None:
    games = max(50, min(1000, synth_archive.rows["games"] // 8))
    r = dask_data.score_tables([synth_archive.db], tmp_path, games=games)
    assert r["skipped"] == [] and r["read"] == synth_archive.rows["games"]
    assert r["parts"] == len(plan([synth_archive.db], games=games))
    assert assert_same_tables(synth_archive.tables, tmp_path) == synth_archive.rows
    assert sorted(os.listdir(tmp_path)) == ["games", "hands", "wins"]


def test_the_recipe_writes_one_table_with_to_parquet(client, real_archive, tmp_path: Path) -> None:
    # The real games through the recipe as users write it (the three-table run on
    # them is the Ray test's; both share archive_shards).
    import pyarrow.parquet as pq

    games = dask_data.read_archive([real_archive.db], games=100)
    wins = games.map_partitions(dask_data.score_partition, "wins", meta=dask_data.meta("wins"))
    wins.to_parquet(tmp_path / "wins", write_index=False)
    got = pq.read_table(tmp_path / "wins").select(schema("wins").names).cast(schema("wins"))
    want = pq.read_table(real_archive.tables / "wins.parquet")
    assert sorted_table(got.replace_schema_metadata()).equals(sorted_table(want.replace_schema_metadata()))


def test_survey_in_partitions_is_one_survey() -> None:
    # Dask's default scheduler (threads) here: the survey needs no cluster to split.
    one = one_survey("turtle", 300, seed=2026, start=1000)
    r = dask_data.survey_result(dask_data.survey("turtle", 300, seed=2026, start=1000, deals=40))
    for c in ("deal", "verdict"):  # `micros` is a clock, `nodes` depends on the split
        assert np.array_equal(r[c], one[c]) and r[c].dtype == one[c].dtype, c
    assert 0 < int((r["verdict"] == 0).sum()) < 300
