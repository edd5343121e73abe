"""Engine flow rules through replays of small real excerpts (double ron with honba,
pao, nagashi mangan, abortive draws); skipped when the Tenhou data is absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import mahjong_fast as mf

TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[2] / "shared/data/tenhou"))
RAW = TENHOU / "raw"

CASES = {
    "double ron with honba": "pantheon/doubleron_and_honba__6e0497da.xml",
    "pao": "mjx/pao-*",
    "nagashi mangan": "mjx/nm__*",
    "nine terminals": "mjx/yao9*",
    "four kans": "mjx/kan4*",
    "four winds": "mjx/kaze*",
    "west entry": "pantheon/west*",
}


@pytest.mark.skipif(not RAW.is_dir(), reason="real Tenhou data not present")
@pytest.mark.parametrize("name", sorted(CASES))
def test_flow_rule_cases_score_as_recorded(name: str) -> None:
    files = sorted(RAW.glob(CASES[name]))
    if not files:
        pytest.skip(f"no file for {name}")
    reports = mf.verify_logs(files)
    for r in reports:
        # Every hand the engine could replay is scored exactly as recorded.
        assert r["rounds_scored"] == r["rounds_legal"], r["problems"]
        assert r["rounds_legal"] > 0
