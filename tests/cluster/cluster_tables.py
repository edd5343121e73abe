"""Comparing the tables written by workers with those of one process."""

from __future__ import annotations

from pathlib import Path
from typing import Dict

from mahjong_fast.archive_shards import TABLES


def sorted_table(table):
    """`table` in the order of all its columns (what "the same rows" compares)."""
    import pyarrow.compute as pc

    keys = [(c, "ascending") for c in table.column_names]
    return table.take(pc.sort_indices(table, sort_keys=keys)).combine_chunks()


def assert_same_tables(single: Path, parts: Path) -> Dict[str, int]:
    """The three tables of one process (``single/<t>.parquet``) and of the workers
    (``parts/<t>/*.parquet``) hold the same rows with the same schema."""
    import pyarrow.parquet as pq

    rows = {}
    for t in TABLES:
        a = pq.read_table(single / f"{t}.parquet")
        files = sorted((parts / t).glob("*.parquet"))
        assert files, t
        b = pq.read_table(parts / t)
        assert b.schema.remove_metadata() == a.schema.remove_metadata(), t
        assert b.num_rows == a.num_rows, t
        assert sorted_table(b.replace_schema_metadata()).equals(sorted_table(a.replace_schema_metadata())), t
        rows[t] = a.num_rows
    return rows
