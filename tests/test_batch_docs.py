"""docs/batch.md is generated from the core's column declarations: it must be what the
generator writes now (run `python -m mahjong_fast.batch_docs` after changing a column)."""

from __future__ import annotations

import doctest
from pathlib import Path

import mahjong_fast._core as core
import mahjong_fast.batch_docs as batch_docs
from mahjong_fast.batch import specs

ROOT = Path(__file__).resolve().parents[1]


def test_the_page_is_generated_from_the_declarations() -> None:
    assert batch_docs.outdated(ROOT / "docs" / "batch.md") == []


def test_every_batch_column_and_meld_code_is_on_the_page() -> None:
    text = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
    assert set(batch_docs.BATCHES) == set(core.batch_columns())
    for batch in batch_docs.BATCHES:
        for side in ("input", "output"):
            for c in specs(batch, side):
                assert f"| `{c.name}` | {c.dtype} |" in text, (batch, c.name)
    for code, name in enumerate(core.meld_codes()):
        assert f"| {code} | " in text and (name == "none" or f"`{name}`" in text)


def test_a_changed_page_is_reported(tmp_path) -> None:
    stale = tmp_path / "batch.md"
    stale.write_text(batch_docs.markdown().replace("int32", "int64", 1), encoding="utf-8")
    assert batch_docs.outdated(stale) == [str(stale)]
    assert batch_docs.main(["--check", "--docs", str(stale)]) == 1
    assert batch_docs.main(["--docs", str(stale)]) == 0 and batch_docs.outdated(stale) == []


def test_docstring_examples_run() -> None:
    result = doctest.testmod(batch_docs)
    assert result.attempted > 0 and result.failed == 0
