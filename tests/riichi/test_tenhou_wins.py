"""The Tenhou oracle: every standard-rule win of the real records, scored with the
``tenhou`` preset (lobby flags mapped onto ``red_fives`` / ``open_tanyao``), must
reproduce han, fu, points, the yaku list by Tenhou id and every seat's score change.

The records live in ``../shared/data/tenhou`` (or ``$MAHJONG_FAST_TENHOU_DIR``) and
are never copied into the repository; the tests skip when they are absent.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Dict, List, Tuple

import mahjong_fast as mf
import pytest
from mahjong_fast.rules import RuleSet
from tenhou_records import expected_yaku, iter_mismatches, score_args, standard_wins, tenhou_dir

pytestmark = pytest.mark.skipif(
    not (tenhou_dir() / "agari_cases.jsonl.gz").exists(), reason="Tenhou records not present"
)

# Records whose own fields contradict their recorded score change. Each entry names
# the field and why; the test checks that the record still disagrees (so a fixed data
# file shows up here) and that every other field of it agrees.
DATA_DEFECTS: Dict[str, str] = {
    # A tenhou.net/6 JSON fixture of mjai-reviewer (confusing_nakis_1.json, one hand,
    # E2 2 honba, no deposit at the start: header [1, 2, 0]). Seat 2's discards are
    # [60, 24, 60, 33, 60, 60, 35, 60, "r11", 60]: it declares riichi on 1m (its hand
    # 11234m 78p 123456s is tenpai on 6p-9p), seats 3, 0 and 1 discard, it draws 7p
    # (its last draw, 27) and discards it, and seat 0 rons that 7p (chun, 30 fu 1 han,
    # 1,000). The riichi was accepted, so its stick is on the table and the record's
    # own riichi_sticks field says 1: the winner should gain 1,000 + 600 + 1,000 =
    # 2,600. The recorded "和了" delta is [1600, 0, -1600, 0]: it sums to 0, while every
    # other tenhou.net/6 win in the data sums to 1,000 x the sticks its winner collects
    # (the declarer's own deposit is never in the delta). No general rule reproduces
    # both: among the 190 mjlog wins (real server output, AGARI ba/sc attributes) whose
    # discarder had an accepted riichi in the same hand, 186 pay the sticks on the
    # table to the winner and the other 4 are second winners of a double ron, who get
    # none by the 上家取り rule the scorer already applies. Hence a data defect (the
    # fixture was likely edited for its naki-order test, the result left as it was);
    # test_data_defect_riichi_was_accepted below re-derives the facts from the raw file.
    "file:raw/mjai-reviewer/confusing_nakis_1__88478e56.json#k1h2w0": "deltas",
}


@pytest.fixture(scope="module")
def scored():
    cases = standard_wins()
    results: List[Any] = []
    for c in cases:
        args, ctx = score_args(c)
        rules = RuleSet.tenhou_lobby(aka=c["rules"]["aka"], kuitan=c["rules"]["kuitan"])
        try:
            results.append(mf.score(*args, rules=rules, **ctx))
        except mf.MahjongError as e:
            results.append(e)
    mismatches: Dict[str, List[Tuple[str, str]]] = defaultdict(list)
    for field, case, got in iter_mismatches(iter(results), cases):
        mismatches[field].append(
            (case["id"], f"{case['id']}: {case['hand_mpsz']} win {case['win_tile']} melds "
            f"{[m['tiles_mpsz'] for m in case['melds']]} expected han {case['expected']['han']} "
            f"fu {case['expected']['fu']} points {case['expected']['points']} yaku {expected_yaku(case)} "
            f"changes {case['expected']['score_changes']}; got {got}")
        )
    return cases, results, mismatches


def test_count_of_standard_wins(scored):
    cases, _, _ = scored
    assert len(cases) == 7617


@pytest.mark.parametrize("field", ["error", "yaku", "han", "fu", "points"])
def test_every_win_matches(scored, field):
    _, _, mismatches = scored
    bad = [m for _, m in mismatches.get(field, [])]
    assert not bad, f"{len(bad)} wins differ on {field}:\n" + "\n".join(bad[:20])


def test_every_score_change_matches(scored):
    _, _, mismatches = scored
    bad = [m for rid, m in mismatches.get("deltas", []) if DATA_DEFECTS.get(rid) != "deltas"]
    assert not bad, f"{len(bad)} wins differ on score changes:\n" + "\n".join(bad[:20])


def test_documented_data_defects_still_disagree(scored):
    cases, results, mismatches = scored
    ids = {c["id"] for c in cases}
    for rid, field in DATA_DEFECTS.items():
        assert rid in ids
        assert any(r == rid for r, _ in mismatches.get(field, [])), f"{rid} now matches: drop it"
        other = [f for f, ms in mismatches.items() if f != field and any(r == rid for r, _ in ms)]
        assert not other, f"{rid} also differs on {other}"


def test_special_cases_are_covered(scored):
    """The oracle exercises pao, 3-player, double ron and every yakuman seen."""
    cases, results, _ = scored
    assert sum(1 for r in results if not isinstance(r, Exception) and r.pao_applied) == 7
    assert sum(1 for c in cases if c["n_players"] == 3) == 5
    assert sum(1 for c in cases if c.get("_collects_table") is False) > 10
    n_yakuman = sum(1 for c in cases if c["expected"]["yakuman"])
    assert n_yakuman > 20
    assert sum(1 for r in results if not isinstance(r, Exception) and r.yakuman) == n_yakuman


def test_data_defect_riichi_was_accepted(scored):
    """The documented defect, re-derived from the raw tenhou.net/6 file: the discarder
    declared riichi and discarded again afterwards (so the declaration was accepted and
    its stick is on the table), yet the recorded changes pay the winner no stick."""
    import json

    cases, _, _ = scored
    rid = "file:raw/mjai-reviewer/confusing_nakis_1__88478e56.json#k1h2w0"
    case = next(c for c in cases if c["id"] == rid)
    raw = json.loads((tenhou_dir() / case["source"]["file"]).read_text(encoding="utf-8"))
    hand = raw["log"][0]
    assert hand[0] == [1, 2, 0]  # E2, 2 honba, no deposit carried in
    discards = hand[6 + 3 * case["from_who"]]
    declared = [i for i, d in enumerate(discards) if isinstance(d, str) and d.startswith("r")]
    assert declared and declared[0] < len(discards) - 1, discards
    assert case["riichi_sticks"] == 1 and case["init_riichi_sticks"] == 0
    changes = hand[-1][1]
    assert changes == case["expected"]["score_changes"] == [1600, 0, -1600, 0]
    assert sum(changes) == 0  # no stick collected


def test_yakuman_fu_is_compared(scored):
    """Yakuman wins are compared on fu too (the ``tenhou`` preset's ``yakuman_fu``):
    thirteen orphans at 0 fu and pinfu-shaped heavenly / earthly wins at 20, which the
    ``counted`` reading reports differently."""
    cases, results, _ = scored
    compared = [(c, r) for c, r in zip(cases, results) if c["expected"]["yakuman"] and c["expected"]["fu"] is not None]
    assert len(compared) >= 25
    assert all(r.fu == c["expected"]["fu"] for c, r in compared)
    fus = sorted(c["expected"]["fu"] for c, _ in compared)
    assert fus.count(0) >= 4 and fus.count(20) >= 2
    counted = RuleSet.tenhou_lobby(aka=True, kuitan=True).replace(yakuman_fu="counted")
    differ = 0
    for c, r in compared:
        args, ctx = score_args(c)
        if mf.score(*args, rules=counted, **ctx).fu != r.fu:
            differ += 1
    assert differ >= 6
