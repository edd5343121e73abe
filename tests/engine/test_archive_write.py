"""Writing archives: mjlog XML from any game, phoenix-style databases packed from
real logs and synthesized from self-play, all read back and verified.

Real-data tests read `../shared/data/tenhou` (or `MAHJONG_FAST_TENHOU_DIR`) and
skip when it is absent.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import mahjong_fast as mf
import pytest
from mahjong_fast import archive, archive_write, engine

TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[3] / "shared/data/tenhou"))
RAW = TENHOU / "raw"
needs_data = pytest.mark.skipif(not RAW.is_dir(), reason="real Tenhou data not present")


@pytest.mark.parametrize("players,east_only,go", [(4, False, 0xA9), (4, True, 0xA1), (3, False, 0xB9)])
def test_synthesized_archives_verify_to_the_end(tmp_path: Path, players: int, east_only: bool, go: int) -> None:
    db = tmp_path / "s.db"
    assert archive_write.synth(120, db, seed=1000, players=players, east_only=east_only, chunk=50) == 120
    s = engine.verify([db])
    assert (s.files, s.games, s.games_complete, s.unreadable) == (120, 120, 120, 0)
    assert s.finals_matched == s.finals_checked == 120
    assert s.rounds_scored == s.rounds_legal == s.rounds
    f = archive.Filters(players=players, length="east" if east_only else "south", lobby=f"{go:04x}")
    assert archive.count_games([db], f) == 120
    other = archive.Filters(players=7 - players)
    assert archive.count_games([db], other) == 0
    ids = [g.member for g in archive.iter_games([db])]
    assert ids[0] == f"2000010100gm-{go:04x}-0000-{1000:08x}" and len(set(ids)) == 120


def test_synthesis_is_deterministic_and_seeded(tmp_path: Path) -> None:
    a = [r[4] for r in mf._core.synth_logs(5, seed=3)]
    b = [r[4] for r in mf._core.synth_logs(5, seed=3)]
    c = [r[4] for r in mf._core.synth_logs(5, seed=4)]
    assert a == b and a[1:] == c[:4] and a[0] != c[0]


@needs_data
def test_real_games_packed_verify_like_their_files(tmp_path: Path) -> None:
    db = tmp_path / "real.db"
    report = archive_write.pack([RAW], db)
    assert report.written > 280
    # Everything left out is a client-side log (hidden tiles) or a log no reader reads.
    unreadable = [why for _, why in report.refused if "hides other players' tiles" not in why]
    assert len(unreadable) == engine.verify([RAW]).unreadable, unreadable
    files = {}
    for p in RAW.rglob("*"):
        m = archive_write.LOG_ID.search(p.name)
        if m and p.is_file():
            files.setdefault(m.group(0), []).append(str(p))
    con = sqlite3.connect(db)
    ids = [r[0] for r in con.execute("SELECT log_id FROM logs WHERE log_id NOT LIKE '0000000000%'")]
    con.close()
    assert len(ids) > 100
    keys = ("ok", "complete", "rounds", "rounds_legal", "rounds_scored", "wins", "wins_matched", "final_checked",
            "final_matched", "fingerprint")
    by_id = {g.member: g for g in archive.iter_games([db])}
    compared = 0
    for log_id in ids:
        [row_report] = engine.verify_logs([(log_id, by_id[log_id].data)])
        file_reports = [r for f in files[log_id] for r in engine.verify_logs([f]) if not r.get("error")]
        assert any(all(row_report[k] == r[k] for k in keys) for r in file_reports), log_id
        compared += 1
    assert compared == len(ids)


@needs_data
def test_convert_log_to_mjlog_reads_back() -> None:
    src = next(p for p in sorted(RAW.rglob("*.json")) if archive_write.LOG_ID.search(p.name))
    [text] = engine.convert_log(src, "mjlog")
    assert text.startswith("<mjloggm")
    [a] = engine.verify_logs([src])
    [b] = engine.verify_logs([("converted", text.encode())])
    assert (a["ok"], a["wins_matched"], a["fingerprint"]) == (b["ok"], b["wins_matched"], b["fingerprint"])


def test_a_bad_format_names_the_argument() -> None:
    with pytest.raises(mf.ArgumentError) as e:
        mf._core.convert_log(__file__, "xml")
    assert e.value.argument == "fmt" and "mjlog" in str(e.value)


@pytest.mark.parametrize("bad", [dict(count=-1), dict(count=10**6), dict(count=1, players=5), dict(count=1, seed=-1)])
def test_synthesis_arguments_are_checked(bad) -> None:
    with pytest.raises(mf.ArgumentError) as e:
        mf._core.synth_logs(**bad)
    assert e.value.argument in bad


def test_an_interrupted_pack_leaves_the_previous_database(tmp_path: Path) -> None:
    db = tmp_path / "keep.db"
    archive_write.synth(3, db)
    before = db.read_bytes()
    src = tmp_path / "src.db"
    archive_write.synth(600, src, seed=50)

    def stop(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        archive_write.pack([src], db, chunk=100, progress=stop)
    assert db.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["keep.db", "src.db"]
    with pytest.raises(FileExistsError):
        archive_write.synth(1, db, no_clobber=True)


def test_command_line_synth_and_pack(tmp_path: Path) -> None:
    run = lambda *a: subprocess.run([sys.executable, "-m", "mahjong_fast", "logs", *a],  # noqa: E731
                                    capture_output=True, text=True)
    db = tmp_path / "s.db"
    out = run("synth", "--games", "20", "--db", str(db), "--players", "3", "--length", "east")
    assert out.returncode == 0 and "20 games written" in out.stdout, out.stderr
    packed = tmp_path / "p.db"
    out = run("pack", str(db), "--db", str(packed), "--players", "3")
    assert out.returncode == 0 and "20 games written" in out.stdout, out.stderr
    out = run("verify", str(packed))
    assert out.returncode == 0, out.stdout[-500:]
    bad = run("synth", "--games", "2", "--db", str(tmp_path / "x.txt"))
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and ".db" in bad.stderr
