"""`mahjong-fast logs score DIR --out FILE`: the target is the previous file or the
whole new one, never a partial one; bad targets are refused before any work with one
`error:` line (issue 14, first bullet, run as written against the installed command).
"""

from __future__ import annotations

import csv
import json
import os
import sys
from pathlib import Path

import pytest
from cli_command import assert_error_line, interrupt_halfway, run
from tenhou_records import tenhou_dir

RAW = tenhou_dir() / "raw"
SMALL = RAW / "gimite-mjai"
needs_data = pytest.mark.skipif(not RAW.is_dir(), reason="real Tenhou data not present")


def _rows(path: Path) -> int:
    with path.open(encoding="utf-8", newline="") as f:
        return sum(1 for _ in csv.DictReader(f))


@needs_data
@pytest.mark.parametrize("ext", [".csv", ".parquet", ".arrow"])
def test_writes_the_whole_file_and_counts_what_it_wrote(tmp_path: Path, ext: str) -> None:
    if ext != ".csv":
        pytest.importorskip("pyarrow")
    out = tmp_path / f"wins{ext}"
    p = run("logs", "score", str(SMALL), "--out", str(out), "--json")
    assert p.returncode == 0, p.stderr
    written = json.loads(p.stdout)["written"]
    if ext == ".csv":
        n = _rows(out)
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        n = pq.read_table(out).num_rows if ext == ".parquet" else pa.ipc.open_file(str(out)).read_all().num_rows
    assert written == n > 0
    assert sorted(os.listdir(tmp_path)) == [out.name]  # no temporary file left beside it
    assert "\r[" not in p.stderr  # stderr is not a terminal: no progress frames


@needs_data
def test_an_existing_target_is_replaced_whole(tmp_path: Path) -> None:
    out = tmp_path / "wins.csv"
    out.write_text("old content\n" * 100000)
    p = run("logs", "score", str(SMALL), "--out", str(out))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(f"{_rows(out)} wins written to {out}")
    assert "old content" not in out.read_text()


@needs_data
def test_no_clobber_refuses_an_existing_target(tmp_path: Path) -> None:
    out = tmp_path / "wins.csv"
    out.write_text("keep me\n")
    p = run("logs", "score", str(SMALL), "--out", str(out), "--no-clobber")
    assert_error_line(p, 2, "FileExistsError", str(out))
    assert out.read_text() == "keep me\n"


def test_unknown_extension_is_refused_before_any_work(tmp_path: Path) -> None:
    out = tmp_path / "wins.xlsx"
    # A missing input would fail later: the extension is refused first.
    p = run("logs", "score", str(tmp_path / "missing"), "--out", str(out))
    assert_error_line(p, 2, "wins.xlsx", ".csv", ".parquet", ".arrow")
    assert not out.exists()


def test_missing_input_folder_is_one_error_line(tmp_path: Path) -> None:
    p = run("logs", "score", str(tmp_path / "nope"), "--out", str(tmp_path / "w.csv"))
    assert_error_line(p, 2, "LogParseError", "nope")
    assert not (tmp_path / "w.csv").exists()


@needs_data
def test_folder_as_output_and_missing_output_folder(tmp_path: Path) -> None:
    assert_error_line(run("logs", "score", str(SMALL), "--out", str(tmp_path)), 2, "IsADirectoryError", str(tmp_path))
    missing = tmp_path / "no" / "w.csv"
    assert_error_line(run("logs", "score", str(SMALL), "--out", str(missing)), 2, "FileNotFoundError")


@needs_data
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_full_disk_is_one_error_line() -> None:
    assert_error_line(run("logs", "score", str(SMALL), "--out", "/dev/full"), 2, "No space left on device", "/dev/full")


def test_no_wins_still_writes_a_whole_file_with_its_header(tmp_path: Path) -> None:
    log = tmp_path / "cut.mjlog"
    log.write_text('<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/><TAIKYOKU oya="0"/>')
    out = tmp_path / "none.csv"
    p = run("logs", "score", str(log), "--out", str(out))
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(f"0 wins written to {out} (the header only")
    header = out.read_text().splitlines()
    assert len(header) == 1 and header[0].startswith("source,") and "matches_record" in header[0]


def test_paths_from_standard_input(tmp_path: Path) -> None:
    log = tmp_path / "cut.mjlog"
    log.write_text('<mjloggm ver="2.3"><GO type="169" lobby="0"/><TAIKYOKU oya="0"/>')
    out = tmp_path / "w.csv"
    p = run("logs", "score", "-", "--out", str(out), "--json", stdin=f"{log}\n")
    assert p.returncode == 0, p.stderr
    assert '"files": 1' in p.stdout


@needs_data
@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
@pytest.mark.parametrize("previous", [True, False], ids=["over-a-previous-file", "no-previous-file"])
@pytest.mark.parametrize("ext", [".csv", ".parquet"])
def test_sigint_halfway_leaves_the_previous_target_or_none(tmp_path: Path, previous: bool, ext: str) -> None:
    if ext == ".parquet":
        pytest.importorskip("pyarrow")
    out = tmp_path / f"wins{ext}"
    if previous:
        out.write_bytes(b"the previous file\n")
    code, _, err, took = interrupt_halfway("logs", "score", str(RAW), str(RAW), str(RAW), "--out", str(out), "--progress")
    assert code == 130, err[-2000:]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    assert "error: interrupted: read " in err and "nothing written" in err
    assert took < 3.0, f"{took:.2f} s from SIGINT to exit"
    if previous:
        assert out.read_bytes() == b"the previous file\n"
    else:
        assert not out.exists()
    assert os.listdir(tmp_path) == ([out.name] if previous else [])  # the temporary file is gone


def test_python_dash_m_is_the_same_command() -> None:
    a = run("--version")
    b = run("--version", command=[sys.executable, "-m", "mahjong_fast"])
    assert a.returncode == b.returncode == 0
    assert a.stdout == b.stdout and a.stdout.startswith("mahjong-fast ")


@needs_data
@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_sigint_during_logs_verify_prints_the_partial_totals() -> None:
    code, out, err, took = interrupt_halfway("logs", "verify", str(RAW), str(RAW), "--progress", "--json")
    assert code == 130, err[-2000:]
    assert "Traceback" not in err and "error: interrupted: verified " in err
    d = json.loads(out)
    assert d["interrupted"] and 0 < d["files_done"] and d["games"] > 0
    assert took < 3.0, f"{took:.2f} s from SIGINT to exit"
