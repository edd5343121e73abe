"""A script written for the ``mahjong`` package (mahjong_usage.py, in the style of its
documented examples) runs unchanged against ``mahjong_fast.compat.mahjong`` but for its
imports, and prints the same as with the real package."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

pytest.importorskip("mahjong")

SCRIPT = Path(__file__).with_name("mahjong_usage.py").read_text(encoding="utf-8")


def _run(source: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "mahjong_usage.py", "exec"), {"__name__": "__script__"})
    return out.getvalue()


def test_usage_script_runs_unchanged_but_for_the_import():
    ported = SCRIPT.replace("from mahjong.", "from mahjong_fast.compat.mahjong.")
    assert ported.count("mahjong_fast.compat.mahjong.") == SCRIPT.count("from mahjong.") >= 7
    theirs, ours = _run(SCRIPT), _run(ported)
    assert len(theirs.splitlines()) > 40
    assert ours == theirs
