"""Archives as users have them: phoenix-style SQLite databases (bz2 mjlog rows), zip
and tar bundles, folders, single files — all read as one stream of games.

The real games of `../shared/data/tenhou` (or `MAHJONG_FAST_TENHOU_DIR`) are packed
into each archive form here and must verify and score exactly as their files do;
the tests skip when the data is absent.
"""

from __future__ import annotations

import bz2
import gzip
import json
import os
import re
import sqlite3
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Dict, List, Tuple

import mahjong_fast as mf
import pytest
from mahjong_fast import archive, engine

TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", Path(__file__).resolve().parents[3] / "shared/data/tenhou"))
RAW = TENHOU / "raw"
needs_data = pytest.mark.skipif(not RAW.is_dir(), reason="real Tenhou data not present")

# Tenhou's game-type bits (the GO tag's `type`): 0x08 east-south, 0x10 three players.
GO_TYPE = re.compile(rb'<GO type="(\d+)"')


def _text(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data


def real_mjlogs() -> List[Tuple[Path, bytes, int]]:
    """Every real mjlog file with its XML and its game type."""
    out = []
    for p in sorted(RAW.rglob("*")):
        if p.is_file() and p.suffix in (".mjlog", ".xml"):
            xml = _text(p)
            m = GO_TYPE.search(xml[:20000])
            if b"<mjloggm" in xml[:500] and m:
                out.append((p, xml, int(m.group(1))))
    return out


def pack_db(path: Path, games: List[Tuple[Path, bytes, int]], extra: List[Tuple[str, bytes]] = ()) -> List[str]:
    """A phoenix-style database of `games` (bz2 mjlog rows); returns the log ids."""
    con = sqlite3.connect(path)
    con.execute(archive.SCHEMA)
    ids = []
    for i, (_, xml, go) in enumerate(games):
        log_id = f"2020{i // 100:06d}gm-{go:04x}-0000-{i:08x}"
        con.execute("INSERT INTO logs VALUES (?, ?, ?, ?, 1, 0, ?, NULL)",
                    (log_id, f"2020-01-{1 + i % 28:02d}", int(not go & 0x08), int(bool(go & 0x10)), bz2.compress(xml)))
        ids.append(log_id)
    for log_id, blob in extra:
        con.execute("INSERT INTO logs VALUES (?, '2020-02-01', 0, 0, 1, 0, ?, NULL)", (log_id, blob))
    con.commit()
    con.close()
    return ids


def totals(s: engine.VerifySummary) -> Dict[str, int]:
    keys = ("games", "unsupported", "games_ok", "games_complete", "rounds", "rounds_legal", "rounds_scored",
            "wins", "wins_matched", "finals_checked", "finals_matched")
    return {k: getattr(s, k) for k in keys}


@pytest.fixture(scope="module")
def mjlogs() -> List[Tuple[Path, bytes, int]]:
    if not RAW.is_dir():
        pytest.skip("real Tenhou data not present")
    games = real_mjlogs()
    assert len(games) > 100
    return games


@needs_data
def test_database_verifies_like_its_files(tmp_path: Path, mjlogs) -> None:
    db = tmp_path / "phoenix.db"
    pack_db(db, mjlogs)
    from_db = engine.verify([db])
    from_files = engine.verify([p for p, _, _ in mjlogs])
    assert from_db.files == len(mjlogs) and from_db.unreadable == from_files.unreadable <= 1
    assert totals(from_db) == totals(from_files)
    assert from_db.games_ok > 0.9 * from_db.games


@needs_data
def test_database_scores_like_its_files(tmp_path: Path, mjlogs) -> None:
    db = tmp_path / "phoenix.db"
    ids = pack_db(db, mjlogs[:150])
    games = list(archive.iter_games([db]))
    assert [g.member for g in games] == ids
    rows_db, skipped_db = mf.engine.score_logs([(g.source, g.data) for g in games])
    rows_files, skipped_files = mf.engine.score_logs([str(p) for p, _, _ in mjlogs[:150]])
    assert len(skipped_db) == len(skipped_files)
    strip = lambda r: {k: v for k, v in r.items() if k != "source"}  # noqa: E731
    assert [strip(r) for r in rows_db] == [strip(r) for r in rows_files]
    assert rows_db and rows_db[0]["source"].startswith(f"{db}#2020")


@needs_data
def test_database_filters(tmp_path: Path, mjlogs) -> None:
    db = tmp_path / "phoenix.db"
    pack_db(db, mjlogs)
    sanma = sum(1 for _, _, go in mjlogs if go & 0x10)
    tonpu = sum(1 for _, _, go in mjlogs if not go & 0x08)
    phoenix_south = sum(1 for _, _, go in mjlogs if go == 0xA9)
    assert 0 < sanma < len(mjlogs)
    count = lambda **f: sum(1 for _ in archive.iter_games([db], archive.Filters(**f)))  # noqa: E731
    assert count(players=3) == sanma == archive.count_games([db], archive.Filters(players=3))
    assert count(players=4) == len(mjlogs) - sanma
    assert count(length="east") == tonpu
    assert count(length="south") == len(mjlogs) - tonpu
    assert count(lobby="00a9") == phoenix_south
    assert count(since="2020-01-10", until="2020-01-12") == sum(1 for i in range(len(mjlogs)) if 9 <= i % 28 <= 10)
    # Every game a filter keeps is one of the kind it names: replay tells the players.
    for g in archive.iter_games([db], archive.Filters(players=3)):
        assert bz2.decompress(g.data).count(b"<UN") == 1
        break


@needs_data
def test_bad_rows_are_reported_by_source_and_skipped(tmp_path: Path, mjlogs) -> None:
    db = tmp_path / "phoenix.db"
    good = mjlogs[:20]
    pack_db(db, good, extra=[("2020999999gm-00a9-0000-bad00001", b"BZh9 not really bzip2"),
                             ("2020999999gm-00a9-0000-bad00002", bz2.compress(b"<mjloggm ver='2.3'><INIT seed=")),
                             ("2020999999gm-00a9-0000-bad00003", b"\x00\x01binary")])
    s = engine.verify([db])
    assert s.files == 23 and s.unreadable == 3
    assert totals(s) == totals(engine.verify([p for p, _, _ in good]))
    errors = [r["error"] for r in s.reports if r.get("error")]
    assert all(f"{db}#2020999999gm-00a9-0000-bad0000" in e for e in errors), errors
    assert any("bzip2" in e for e in errors)


@needs_data
def test_rows_marked_as_errors_are_skipped_unless_asked(tmp_path: Path, mjlogs) -> None:
    db = tmp_path / "phoenix.db"
    pack_db(db, mjlogs[:10])
    con = sqlite3.connect(db)
    con.execute("UPDATE logs SET was_error = 1 WHERE rowid <= 3")
    con.execute("INSERT INTO logs (log_id, date, is_processed) VALUES ('2021010100gm-00a9-0000-00000000', '2021', 0)")
    con.commit()
    con.close()
    assert archive.count_games([db]) == 7
    assert len(list(archive.iter_games([db], archive.Filters(include_errors=True)))) == 11


@needs_data
def test_bundles_and_folders_verify_like_the_files(tmp_path: Path, mjlogs) -> None:
    sub = mjlogs[:60]
    z = tmp_path / "games.zip"
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as f:
        for p, _, _ in sub:
            f.write(p, f"logs/{p.name}")
    t = tmp_path / "games.tar.gz"
    with tarfile.open(t, "w:gz") as f:
        for p, _, _ in sub:
            f.add(p, f"logs/{p.name}")
    folder = tmp_path / "folder"
    (folder / "deep").mkdir(parents=True)
    for p, xml, _ in sub[:30]:
        (folder / "deep" / (p.name + ".bz2")).write_bytes(bz2.compress(xml))
    (folder / "rest.zip").write_bytes(z.read_bytes())  # an archive inside a folder is opened too
    want = totals(engine.verify([p for p, _, _ in sub]))
    assert totals(engine.verify([z])) == want
    assert totals(engine.verify([t])) == want
    both = totals(engine.verify([folder]))
    assert both["games"] == 90 and both["wins_matched"] == want["wins_matched"] + totals(
        engine.verify([p for p, _, _ in sub[:30]]))["wins_matched"]
    assert archive.count_games([z]) == 60 and archive.count_games([t]) is None
    assert [g.source for g in archive.iter_games([z])][:1] == [f"{z}#logs/{sub[0][0].name}"]


def test_not_an_archive_is_one_log_parse_error(tmp_path: Path) -> None:
    fake = tmp_path / "x.db"
    fake.write_bytes(archive.SQLITE_MAGIC + b"\x00" * 200)
    with pytest.raises(mf.LogParseError, match="x.db"):
        list(archive.iter_games([fake]))
    with pytest.raises(mf.LogParseError, match="no such file"):
        list(archive.iter_games([tmp_path / "missing.db"]))
    broken = tmp_path / "y.zip"
    broken.write_bytes(b"PK\x03\x04" + b"\x00" * 50)
    with pytest.raises(mf.LogParseError, match="zip"):
        list(archive.iter_games([broken]))


@pytest.mark.parametrize("bad", [dict(players=2), dict(length="north"), dict(lobby="a9"), dict(since=2020)])
def test_bad_filters_name_the_argument(bad) -> None:
    with pytest.raises(mf.ArgumentError) as e:
        archive.Filters(**bad)
    assert e.value.argument == next(iter(bad))


def test_readers_take_source_and_bytes_pairs() -> None:
    with pytest.raises(mf.ArgumentError, match="files"):
        mf.engine.verify_logs([("a", "not bytes")])
    with pytest.raises(mf.ArgumentError, match="files"):
        mf.engine.verify_logs([("a", b"x", 3)])
    [r] = mf.engine.verify_logs([("row 7", b"not a log")])
    assert r["error"].startswith("LogParseError: row 7")


MEMORY_PROBE = r"""
import resource, sys
from mahjong_fast import engine
s = engine.verify([sys.argv[1]], chunk=256, keep_reports=False)
print(s.files, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


@needs_data
def test_memory_is_flat_in_the_archive_size(tmp_path: Path, mjlogs) -> None:
    """Peak RSS verifying a database of 4,000 games is within a few MB of one of
    400: memory holds a chunk, not the archive."""
    rss = {}
    for n in (400, 4000):
        db = tmp_path / f"{n}.db"
        games = [mjlogs[i % len(mjlogs)] for i in range(n)]
        pack_db(db, games)
        out = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(db)], capture_output=True, text=True, check=True)
        played, kb = map(int, out.stdout.split())
        assert played == n
        rss[n] = kb
    assert rss[4000] - rss[400] < 40_000, rss  # KiB


def test_module_example_is_a_real_database(tmp_path: Path) -> None:
    db = tmp_path / "one.db"
    con = sqlite3.connect(db)
    con.execute(archive.SCHEMA)
    con.execute("INSERT INTO logs VALUES ('id1', '2020', 0, 0, 1, 0, ?, NULL)", (json.dumps({}).encode(),))
    con.commit()
    con.close()
    [g] = archive.iter_games([db])
    assert (g.archive, g.member, g.data) == (str(db), "id1", b"{}")


@needs_data
def test_command_line_reads_a_database_with_filters(tmp_path: Path, mjlogs) -> None:
    db = tmp_path / "phoenix.db"
    pack_db(db, mjlogs[:40])
    four = sum(1 for _, _, go in mjlogs[:40] if not go & 0x10)
    out = subprocess.run([sys.executable, "-m", "mahjong_fast", "logs", "verify", str(db), "--players", "4", "--json"],
                         capture_output=True, text=True)
    report = json.loads(out.stdout)
    assert report["files"] == four and report["games"] == four - report["unreadable"]
    wins = tmp_path / "wins.csv"
    out = subprocess.run([sys.executable, "-m", "mahjong_fast", "logs", "score", str(db), "--out", str(wins)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert len(wins.read_text().splitlines()) > 40
    bad = subprocess.run([sys.executable, "-m", "mahjong_fast", "logs", "verify", str(db), "--lobby", "a9"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and "lobby" in bad.stderr
