"""Game logs: readers, malformed input, and replay of the real Tenhou records.

The real-data tests read `../shared/data/tenhou` (or `MAHJONG_FAST_TENHOU_DIR`) and
skip when it is absent.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest

import mahjong_fast as mf
from mahjong_fast import engine

TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[2] / "shared/data/tenhou"))
RAW = TENHOU / "raw"

# A tiny hand-written mjlog: one hand, dealer East draws and the first discards,
# then an exhaustive draw is not reached; used only for reader tests.
MINI = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="%41" n1="%42" n2="%43" n3="%44"/>'
    '<TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,3,1,124" ten="250,250,250,250" oya="0" '
    'hai0="44,9,52,118,113,109,30,42,53,87,12,134,102" hai1="31,24,25,8,107,28,41,60,58,112,32,76,78" '
    'hai2="69,81,55,98,128,33,3,110,89,29,23,84,132" hai3="1,57,34,125,11,92,66,17,74,99,22,115,0"/>'
    "<T119/><D113/><U127/><E127/></mjloggm>"
)


def test_reads_plain_and_gzipped(tmp_path: Path) -> None:
    plain = tmp_path / "a.mjlog"
    plain.write_text(MINI)
    packed = tmp_path / "b.mjlog"
    packed.write_bytes(gzip.compress(MINI.encode()))
    a = mf.read_log(plain)
    b = mf.read_log(packed)
    assert [e["type"] for e in a[0]["events"]] == ["round_start", "draw", "discard", "draw", "discard"]
    assert a[0]["events"] == b[0]["events"]
    assert a[0]["names"] == ["A", "B", "C", "D"]
    assert a[0]["rules"]["hanchan"] and a[0]["rules"]["aka"]
    # The second discard is the tile just drawn: tsumogiri.
    assert a[0]["events"][4]["tsumogiri"] is True
    assert a[0]["events"][2]["tsumogiri"] is False


@pytest.mark.parametrize(
    "text, where",
    [
        (MINI.replace('m="', 'm=').replace("<T119/>", '<N who="1 m="3"/>'), "byte"),
        (MINI.replace('seed="0,0,0,3,1,124"', 'seed="0,0,0,,,124"'), "seed"),
        (MINI.replace("<T119/>", "<T999/>"), "999"),
        (MINI.replace("<mjloggm", "<mjloggm").replace("<E127/></mjloggm>", "<E127"), "unterminated"),
        (MINI.replace("<T119/>", '<N who="7" m="1"/>'), "who"),
    ],
)
def test_malformed_logs_name_file_and_position(tmp_path: Path, text: str, where: str) -> None:
    f = tmp_path / "bad.mjlog"
    f.write_text(text)
    with pytest.raises(mf.LogParseError) as e:
        mf.read_log(f)
    assert "bad.mjlog" in str(e.value)
    assert where in str(e.value)


def test_not_a_log(tmp_path: Path) -> None:
    f = tmp_path / "x.json"
    f.write_text("hello")
    with pytest.raises(mf.LogParseError, match="x.json"):
        mf.read_log(f)
    with pytest.raises(mf.LogParseError, match="(?i)no such"):
        mf.read_log(tmp_path / "missing.mjlog")


def test_truncated_log_is_reported_not_passed(tmp_path: Path) -> None:
    f = tmp_path / "cut.mjlog"
    f.write_text(MINI)
    [report] = mf.verify_logs([f])
    assert not report["ok"]
    assert any("stops" in p for p in report["problems"])


needs_data = pytest.mark.skipif(not RAW.is_dir(), reason="real Tenhou data not present")


@needs_data
def test_real_logs_replay() -> None:
    s = engine.verify([RAW])
    supported = s.games - s.unsupported
    print(
        f"\ngames {s.games} (supported {supported}), fully verified {s.games_ok}/{supported}; "
        f"hands legal {s.rounds_legal}/{s.rounds}, scored {s.rounds_scored}/{s.rounds}, skipped {s.rounds_skipped}; "
        f"wins {s.wins_matched}/{s.wins}; finals {s.finals_matched}/{s.finals_checked}; unreadable files {s.unreadable}"
    )
    assert s.games > 900
    # Every hand the engine accepted is scored as recorded (wins, draws, noten,
    # nagashi, abortive draws), and no hand that could be replayed is left out.
    assert s.wins_matched == s.wins
    assert s.rounds_scored == s.rounds_legal
    # Current state of the engine against the records (see README/docs for the
    # known exceptions); these bounds guard against regressions.
    assert s.games_ok >= 880
    assert s.rounds_legal >= s.rounds - s.rounds_skipped - 80


@needs_data
def test_double_ron_and_nagashi_and_aborts_are_exercised() -> None:
    kinds = set()
    double = 0
    for path in sorted(RAW.glob("mjx/*.mjlog")):
        try:
            games = mf.read_log(path)
        except mf.LogParseError:
            continue  # a few fixtures are deliberately broken
        for g in games:
            ev = g["events"]
            for i, e in enumerate(ev):
                if e["type"] == "ryuukyoku":
                    kinds.add(e["kind"])
                if e["type"] == "win" and i + 1 < len(ev) and ev[i + 1]["type"] == "win":
                    double += 1
    assert {"exhaustive", "nine_terminals", "four_riichi", "nagashi_mangan"} <= kinds
    assert double > 0
