"""`mahjong_fast.files` and the library writers on it (`WinWriter`, `score_to_file`,
`convert_log(..., out)`): the target is the previous file or the whole new one."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from mahjong_fast import ArgumentError, LogParseError, engine
from mahjong_fast.files import AtomicFile, check_target, is_stream, write_text


def test_a_failed_write_keeps_the_previous_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    target.write_text("old")
    for exc in (RuntimeError, KeyboardInterrupt):
        with pytest.raises(exc):
            with AtomicFile(target) as f:
                f.file.write("new but unfinished")
                assert target.read_text() == "old"  # nothing visible before the rename
                raise exc
        assert target.read_text() == "old"
        assert os.listdir(tmp_path) == ["t.txt"]


def test_replacing_keeps_the_permissions_and_new_files_get_the_umask(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    target.write_text("old")
    os.chmod(target, 0o640)
    write_text(target, "new")
    assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.txt"
    write_text(fresh, "x")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


def test_checks_before_any_work(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError, match=r"\.csv, \.json") as e:
        check_target(tmp_path / "a.xlsx", [".csv", ".json"], argument="out")
    assert e.value.argument == "out"
    with pytest.raises(IsADirectoryError):
        check_target(tmp_path)
    with pytest.raises(FileNotFoundError):
        check_target(tmp_path / "missing" / "a.csv")
    (tmp_path / "a.csv").write_text("")
    with pytest.raises(FileExistsError):
        check_target(tmp_path / "a.csv", no_clobber=True)


def test_no_clobber_refuses_a_target_that_appears_while_writing(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    f = AtomicFile(target, no_clobber=True)
    f.file.write("mine")
    target.write_text("theirs")
    with pytest.raises(FileExistsError):
        f.commit()
    assert target.read_text() == "theirs" and os.listdir(tmp_path) == ["t.txt"]


def test_streams_are_written_directly() -> None:
    assert is_stream("/dev/null")
    write_text("/dev/null", "x")  # no temporary file in /dev, no rename over the device
    assert is_stream("/dev/null")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_names_the_file() -> None:
    with pytest.raises(OSError, match="No space") as e:
        write_text("/dev/full", "x" * 100_000)
    assert e.value.filename == "/dev/full"


@pytest.mark.parametrize("ext", [".csv", ".parquet", ".arrow"])
def test_win_writer_abort_and_interrupt_keep_the_previous_file(tmp_path: Path, ext: str) -> None:
    if ext != ".csv":
        pytest.importorskip("pyarrow")
    out = tmp_path / f"w{ext}"
    out.write_bytes(b"previous")
    rows = [{"a": 1, "b": "x"}, {"a": 2, "b": None}]
    with pytest.raises(KeyboardInterrupt):
        with engine.WinWriter(out) as w:
            w.write(rows)
            raise KeyboardInterrupt
    assert out.read_bytes() == b"previous" and os.listdir(tmp_path) == [out.name]
    with engine.WinWriter(out) as w:
        w.write(rows)
    assert out.read_bytes() != b"previous" and w.rows == 2


def test_win_writer_refuses_unknown_extensions_and_no_clobber(tmp_path: Path) -> None:
    with pytest.raises(ArgumentError, match=r"\.csv, \.parquet, \.arrow"):
        engine.WinWriter(tmp_path / "w.xlsx")
    (tmp_path / "w.csv").write_text("keep")
    with pytest.raises(FileExistsError):
        engine.score_to_file([], tmp_path / "w.csv", no_clobber=True)
    assert (tmp_path / "w.csv").read_text() == "keep"


def test_score_to_file_with_no_wins_writes_the_declared_schema(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq
    from mahjong_fast.results import ScoredLogWin

    out = tmp_path / "none.parquet"
    assert engine.score_to_file([], out) == (0, [])
    schema = pq.read_schema(out)
    assert schema.names == list(ScoredLogWin.__annotations__)
    assert schema.field("win_tile").type == pa.string() and schema.field("tsumo").type == pa.bool_()


def test_score_to_file_failing_midway_keeps_the_previous_file(tmp_path: Path) -> None:
    out = tmp_path / "w.csv"
    out.write_text("previous")
    with pytest.raises(LogParseError):
        engine.score_to_file([tmp_path / "missing"], out)
    assert out.read_text() == "previous" and os.listdir(tmp_path) == ["w.csv"]


def test_convert_log_out_refuses_before_reading_and_keeps_the_target(tmp_path: Path) -> None:
    out = tmp_path / "g.mjson"
    out.write_text("previous")
    with pytest.raises(LogParseError, match="missing.mjlog"):
        engine.convert_log(tmp_path / "missing.mjlog", "mjai", out)
    assert out.read_text() == "previous" and os.listdir(tmp_path) == ["g.mjson"]
    with pytest.raises(FileExistsError):
        engine.convert_log(tmp_path / "missing.mjlog", "mjai", out, no_clobber=True)
