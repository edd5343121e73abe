"""Engine flow rules through replays of whole real games that exercise them (double
ron with honba, pao, nagashi mangan, every abortive draw, scores below zero); skipped
when the Tenhou data is absent."""

from __future__ import annotations

import os
from pathlib import Path

import mahjong_fast as mf
import pytest

TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[3] / "shared/data/tenhou"))
RAW = TENHOU / "raw"

CASES = {
    "double ron with honba": "pantheon/doubleron_and_honba__*",
    "pao on ron": "pantheon/pao_ron__*",
    "pao on tsumo": "pantheon/pao_tsumo__*",
    "nagashi mangan": "pantheon/nagashi__*",
    "nine terminals": "pantheon/nine_terminal_draw__*",
    "four kans": "pantheon/four_kan_draw__*",
    "four winds": "pantheon/four_wind_draw__*",
    "four riichi": "pantheon/four_riichi_draw__*",
    "triple ron": "pantheon/triple_ron_draw__*",
    "below zero (tobi)": "pantheon/negative_scores__*",
    "four kans by one player (no pao)": "pantheon/suukantsu_dealer_tsumo_no_pao__*",
    "several yakuman": "pantheon/tripleyakuman__*",
}


@pytest.mark.skipif(not RAW.is_dir(), reason="real Tenhou data not present")
@pytest.mark.parametrize("name", sorted(CASES))
def test_flow_rule_cases_score_as_recorded(name: str) -> None:
    files = sorted(RAW.glob(CASES[name]))
    if not files:
        pytest.skip(f"no file for {name}")
    reports = mf.verify_logs(files)
    for r in reports:
        # Whole games: every action legal, every hand's score changes and the final
        # result (points and rated result) equal to the record.
        assert r["ok"], r["problems"][:3]
        assert r["rounds_legal"] == r["rounds"] > 0
        assert r["final_checked"] and r["final_matched"]
