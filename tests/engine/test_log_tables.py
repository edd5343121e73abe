"""The three tables of a log dataset (wins, hands, games): written by one replay,
read back with pandas, polars and DuckDB, consistent with each other and with the
records, and the same from a database as from the files.

Real-data tests read `../shared/data/tenhou` (or `MAHJONG_FAST_TENHOU_DIR`) and skip
when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import mahjong_fast as mf
import pytest
from mahjong_fast import archive_write, engine

TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[3] / "shared/data/tenhou"))
RAW = TENHOU / "raw"
needs_data = pytest.mark.skipif(not RAW.is_dir(), reason="real Tenhou data not present")


@pytest.fixture(scope="module")
def tables(tmp_path_factory) -> Path:
    if not RAW.is_dir():
        pytest.skip("real Tenhou data not present")
    d = tmp_path_factory.mktemp("tables")
    rows = engine.score_tables([RAW], d)
    assert rows["games"] > 900 and rows["hands"] > 9000 and rows["wins"] > 8000
    return d


@needs_data
def test_tables_read_back_with_pandas_polars_and_duckdb(tables: Path) -> None:
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    duckdb = pytest.importorskip("duckdb")
    hands = pd.read_parquet(tables / "hands.parquet")
    games = pl.read_parquet(tables / "games.parquet")
    wins = duckdb.sql(f"SELECT count(*) AS n, sum(CAST(matches_record AS INT)) AS ok FROM '{tables}/wins.parquet'").fetchall()[0]
    assert wins[0] > 8000 and wins[1] >= wins[0] - 2
    # A hand's winner exists exactly when it ended in a win.
    won = hands.result.isin(["ron", "tsumo", "double_ron"])
    assert (hands.winner.notna() == won).all()
    assert (hands.discarder.notna() == hands.result.isin(["ron", "double_ron"])).all()
    # Each game's hand count is its number of hand rows.
    per_game = hands.groupby("source").size()
    g = games.to_pandas().set_index("source")
    assert (per_game.reindex(g.index).fillna(0).astype(int) == g.hands).all()
    # Wins in the hands table and rows in the wins table agree per game.
    n_wins = duckdb.sql(f"SELECT count(*) FROM '{tables}/wins.parquet'").fetchall()[0][0]
    assert n_wins >= won.sum()


@needs_data
def test_hands_chain_and_games_rank(tables: Path) -> None:
    pd = pytest.importorskip("pandas")
    hands = pd.read_parquet(tables / "hands.parquet")
    games = pd.read_parquet(tables / "games.parquet").set_index("source")
    chained = 0
    for source, hs in hands.groupby("source", sort=False):
        hs = hs.sort_values("hand_index")
        g = games.loc[source]
        players = g.players
        prev = None
        for h in hs.itertuples():
            start = [getattr(h, f"start{i}") for i in range(players)]
            if prev is not None and h.result != "unfinished":
                assert start == prev, (source, h.hand_index)
                chained += 1
            prev = [start[i] + getattr(h, f"delta{i}") for i in range(players)]
        if g.complete and g.verified:
            ranks = sorted(int(g[f"rank{i}"]) for i in range(players))
            assert ranks == list(range(1, players + 1)), source
            finals = [int(g[f"final{i}"]) for i in range(players)]
            top = [i for i in range(players) if int(g[f"rank{i}"]) == 1]
            assert len(top) == 1 and finals[top[0]] == max(finals), source
    assert chained > 7000


@needs_data
def test_a_database_gives_the_same_rows_as_its_files(tmp_path: Path) -> None:
    pd = pytest.importorskip("pandas")
    files = sorted(p for p in (RAW / "mjlog2json").glob("*.json"))
    db = tmp_path / "g.db"
    archive_write.pack(files, db)
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    engine.score_tables(files, a)
    engine.score_tables([db], b)
    for t in engine.TABLES:
        x = pd.read_parquet(a / f"{t}.parquet").drop(columns="source")
        y = pd.read_parquet(b / f"{t}.parquet").drop(columns="source")
        pd.testing.assert_frame_equal(x.reset_index(drop=True), y.reset_index(drop=True), check_like=True)


def test_bad_format_and_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(mf.ArgumentError) as e:
        engine.score_tables([], tmp_path, fmt="xlsx")
    assert e.value.argument == "fmt"
    with pytest.raises(FileNotFoundError):
        engine.score_tables([], tmp_path / "missing")


def test_an_interrupted_run_leaves_the_previous_tables(tmp_path: Path) -> None:
    src = tmp_path / "s.db"
    archive_write.synth(200, src)
    out = tmp_path / "out"
    out.mkdir()
    engine.score_tables([src], out, fmt="csv")
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        engine.score_tables([src], out, fmt="csv", chunk=50, progress=stop)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
