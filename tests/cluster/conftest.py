"""What the Ray and Dask tests share: the archives they score and the single-process
tables they are compared with, made once per session.

- a `logs synth` database of ``MAHJONG_FAST_CLUSTER_GAMES`` games (default 1,000), or
  the database ``MAHJONG_FAST_CLUSTER_DB`` names (a large run made beforehand:
  ``mahjong-fast logs synth --games 100000 --db big.db``);
- the real games of ``../shared/data/tenhou`` (or ``MAHJONG_FAST_TENHOU_DIR``) packed
  into one database; the tests using it skip when the data is absent.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Dict

import pytest
from mahjong_fast import archive_write, engine

TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[3] / "shared/data/tenhou"))
RAW = TENHOU / "raw"
# Small for CI (the cluster tests' budget is about two minutes on a shared two-core
# machine); a large run sets MAHJONG_FAST_CLUSTER_GAMES or MAHJONG_FAST_CLUSTER_DB.
GAMES = int(os.environ.get("MAHJONG_FAST_CLUSTER_GAMES", "1000"))


class Archive:
    """A database and its tables scored by one process (``engine.score_tables``)."""

    def __init__(self, db: Path, tables: Path, rows: Dict[str, int], seconds: float) -> None:
        self.db, self.tables, self.rows, self.seconds = db, tables, rows, seconds


def _scored(db: Path, out: Path) -> Archive:
    out.mkdir()
    t = time.perf_counter()
    rows = engine.score_tables([db], out)
    return Archive(db, out, rows, time.perf_counter() - t)


@pytest.fixture(scope="session")
def synth_archive(tmp_path_factory) -> Archive:
    d = tmp_path_factory.mktemp("synth")
    given = os.environ.get("MAHJONG_FAST_CLUSTER_DB")
    if given:
        db = Path(given)
    else:
        db = d / "synth.db"
        assert archive_write.synth(GAMES, db, seed=17) == GAMES
    return _scored(db, d / "single")


@pytest.fixture(scope="session")
def real_archive(tmp_path_factory) -> Archive:
    if not RAW.is_dir():
        pytest.skip("real Tenhou data not present")
    d = tmp_path_factory.mktemp("real")
    db = d / "real.db"
    report = archive_write.pack([RAW], db)
    assert report.written > 250
    return _scored(db, d / "single")
