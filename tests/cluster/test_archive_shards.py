"""Shards read together are the archive read by one reader (no Ray or Dask needed):
the same games with the same sources, for databases with filters, zip and tar
bundles and folders; bad arguments are refused naming them."""

from __future__ import annotations

import tarfile
import zipfile
from pathlib import Path

import pytest
from mahjong_fast import archive, archive_write
from mahjong_fast.archive_shards import PartsOutput, Shard, deal_ranges, plan, read, score_arrow
from mahjong_fast.errors import ArgumentError


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("archives")
    archive_write.synth(12, d / "four.db", seed=5)
    archive_write.synth(5, d / "three.db", seed=9, players=3, east_only=True)
    games = list(archive.iter_games([d / "four.db"]))[:7]
    loose = d / "loose"
    loose.mkdir()
    for i, g in enumerate(games):
        (loose / f"g{i}.mjlog.bz2").write_bytes(g.data)
    with zipfile.ZipFile(d / "b.zip", "w") as z:
        for i, g in enumerate(games[:5]):
            z.writestr(f"in/g{i}.mjlog.bz2", g.data)
    with tarfile.open(d / "c.tar.gz", "w:gz") as t:
        t.add(loose / "g0.mjlog.bz2", arcname="g0.mjlog.bz2")
    return d


def sources(games) -> list:
    return [(g.source, g.data) for g in games]


@pytest.mark.parametrize("size", [1, 3, 1000])
def test_shards_read_the_whole_archive(folder: Path, size: int) -> None:
    shards = plan([folder], games=size)
    want = sources(archive.iter_games([folder]))
    got = sources(g for s in shards for g in read(Shard.from_json(s.to_json())))
    assert sorted(got) == sorted(want) and len(want) == 12 + 5 + 7 + 5 + 1
    assert all(s.count is None or s.count <= size for s in shards)
    assert {s.kind for s in shards} == {"sqlite", "zip", "files", "tar"}


def test_database_shards_keep_the_filters(folder: Path) -> None:
    f = archive.Filters(players=3)
    shards = plan([folder / "four.db", folder / "three.db"], f, games=2)
    assert [s.count for s in shards] == [2, 2, 1]
    got = sorted(g.source for s in shards for g in read(s))
    assert got == sorted(g.source for g in archive.iter_games([folder / "three.db"]))


def test_tables_of_shards_are_the_tables_of_the_whole(folder: Path, tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    whole, _ = score_arrow(sources(archive.iter_games([folder / "four.db"])))
    with PartsOutput(tmp_path) as out:
        for i, s in enumerate(plan([folder / "four.db"], games=5)):
            out.write(f"p{i}", score_arrow(sources(read(s)))[0])
    for t, table in whole.items():
        parts = pq.read_table(tmp_path / t)
        assert parts.schema == table.schema
        key = [(c, "ascending") for c in table.column_names]
        assert parts.sort_by(key).equals(pa.concat_tables([table]).sort_by(key))


def test_a_failed_output_leaves_the_previous_tables(tmp_path: Path) -> None:
    with PartsOutput(tmp_path) as out:
        out.write("first", score_arrow([])[0])
    with pytest.raises(KeyboardInterrupt):
        with PartsOutput(tmp_path) as out:
            out.write("second", score_arrow([])[0])
            raise KeyboardInterrupt
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games", "hands", "wins"]
    assert [p.name for p in (tmp_path / "wins").iterdir()] == ["first.parquet"]
    with pytest.raises(FileExistsError):
        PartsOutput(tmp_path, no_clobber=True)


@pytest.mark.parametrize("call, argument", [
    (lambda: plan(["x.db"], games=0), "games"),
    (lambda: plan("x.db"), "paths"),
    (lambda: deal_ranges(5, deals=0), "deals"),
    (lambda: deal_ranges(-1), "n"),
])
def test_bad_arguments_are_named(call, argument) -> None:
    with pytest.raises(ArgumentError) as e:
        call()
    assert e.value.argument == argument


def test_survey_ranges_cover_the_deals_once() -> None:
    r = deal_ranges(2501, 7, deals=1000)
    assert r[0] == (7, 1000) and sum(c for _, c in r) == 2501
    assert all(s + c == r[i + 1][0] for i, (s, c) in enumerate(r[:-1]))
