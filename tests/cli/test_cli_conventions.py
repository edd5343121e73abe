"""`--json` everywhere a command reports, help that lists only what acts, `--version`,
`python -m mahjong_fast`, standard input and `score --file`, progress bars only on a
terminal, `logs verify` failing on a log with no game (issue 14, bullets three to five
of its first section, run as written against the installed command)."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from cli_command import COMMAND, MODULE, assert_error_line, env, run
from tenhou_records import tenhou_dir

RAW = tenhou_dir() / "raw"
SMALL = RAW / "gimite-mjai"
needs_data = pytest.mark.skipif(not RAW.is_dir(), reason="real Tenhou data not present")
HAND = "123m456p789s23455s"


def test_hint_json() -> None:
    p = run("solitaire", "hint", "--seed", "3", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["verdict"] == "solvable" and len(d["hint"]["pair"]) == 2 and d["hint"]["face"]


def test_export_json_and_out(tmp_path: Path) -> None:
    p = run("solitaire", "export", "--layout", "bridge", "--format", "gnome", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["format"] == "gnome" and "<mahjongg>" in d["text"]
    out = tmp_path / "bridge.map"
    p = run("solitaire", "export", "--layout", "bridge", "--format", "gnome", "--out", str(out))
    assert p.returncode == 0 and out.read_text() == d["text"]
    # The written layout reads back as the same board.
    p = run("solitaire", "export", "--layout", str(out), "--format", "gnome", "--json")
    assert json.loads(p.stdout)["tiles"] == d["tiles"]


def test_export_help_lists_no_solver_options() -> None:
    help_ = run("solitaire", "export", "--help").stdout
    for option in ("--max-nodes", "--max-millis", "--seed", "--method"):
        assert option not in help_, option
    assert "--format" in help_ and "--out" in help_
    assert "--max-millis" not in run("solitaire", "deal", "--help").stdout
    assert "--max-nodes" in run("solitaire", "solve", "--help").stdout


def test_version_and_python_dash_m() -> None:
    a, b = run("--version"), run("--version", command=MODULE)
    assert a.returncode == b.returncode == 0 and a.stdout == b.stdout
    p = run("score", HAND, "--win", "2s", "--tsumo", "--json", command=MODULE)
    assert p.returncode == 0 and json.loads(p.stdout)["points"] == 1500


def test_score_dash_reads_hands_from_standard_input() -> None:
    p = run("score", "-", "--tsumo", "--json", stdin=f"{HAND} --win 2s\n123m456p789s23455s --win 5s\n")
    assert p.returncode == 0, p.stderr
    rows = [json.loads(line) for line in p.stdout.splitlines()]
    assert [r["line"] for r in rows] == [1, 2] and rows[0]["points"] == 1500


def test_score_file_reports_bad_lines_and_scores_the_others(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text(f"# one hand a line\n{HAND} --win 2s --tsumo\n123q\n\n{HAND} --win 2s --honba -1\n{HAND} --win 2s\n")
    p = run("score", "--file", str(hands), "--json")
    assert p.returncode == 2
    rows = [json.loads(line) for line in p.stdout.splitlines()]
    assert [r["line"] for r in rows] == [2, 3, 5, 6]
    assert rows[0]["points"] == 1500 and rows[3]["points"] == 1000
    assert rows[1]["error"]["kind"] == "TileParseError" and "0-255" in rows[2]["error"]["message"]
    text = run("score", "--file", str(hands))
    assert text.returncode == 2 and "Traceback" not in text.stderr
    assert [line.split(":")[0] for line in text.stdout.splitlines()] == ["2", "6"]
    assert [line.split(":")[0] for line in text.stderr.splitlines()] == ["error"] * 2
    assert "line 3" in text.stderr and "line 5" in text.stderr


def test_a_missing_hands_file_is_one_error_line(tmp_path: Path) -> None:
    assert_error_line(run("score", "--file", str(tmp_path / "nope.txt")), 2, "FileNotFoundError", "nope.txt")


def test_deal_from_standard_input_and_from_a_written_deal(tmp_path: Path) -> None:
    deal = run("solitaire", "deal", "--seed", "5", "--json").stdout
    p = run("solitaire", "solve", "--deal", "-", "--json", stdin=deal)
    assert p.returncode == 0 and json.loads(p.stdout)["verdict"] == "solvable"
    out = tmp_path / "d.json"
    assert run("solitaire", "deal", "--seed", "5", "--out", str(out)).returncode == 0
    assert json.loads(out.read_text())["faces"] == json.loads(deal)["faces"]
    assert_error_line(run("solitaire", "deal", "--seed", "5", "--out", str(out), "--no-clobber"), 2, "FileExistsError")


def test_match_selfplay_and_rules_json() -> None:
    p = run("match", "selfplay", "4", "--seed", "2", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["matches"] == 4 and d["hands"] >= 4
    assert json.loads(run("match", "rules", "tenhou", "--json").stdout)["name"] == "tenhou"


@needs_data
def test_logs_verify_json() -> None:
    p = run("logs", "verify", str(SMALL), "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["passed"] and d["games"] >= 1 and d["games_ok"] == d["games"] - d["unsupported"]


@needs_data
def test_logs_verify_paths_from_standard_input() -> None:
    files = sorted(str(f) for f in SMALL.iterdir() if f.is_file())
    p = run("logs", "verify", "-", "--json", stdin="\n".join(files) + "\n")
    assert p.returncode == 0 and json.loads(p.stdout)["files"] == len(files)


@needs_data
@pytest.mark.parametrize("cmd", [["logs", "verify"], ["logs", "score"]], ids=" ".join)
def test_no_progress_frames_when_stderr_is_a_file(tmp_path: Path, cmd) -> None:
    extra = ["--out", str(tmp_path / "w.csv")] if cmd[1] == "score" else []
    with open(tmp_path / "err.txt", "w") as err:
        subprocess.run(COMMAND + cmd + [str(SMALL)] + extra, stdout=subprocess.DEVNULL, stderr=err, env=env(), timeout=120)
    assert b"\r" not in (tmp_path / "err.txt").read_bytes()
    forced = run(*cmd, str(SMALL), *extra, "--progress")
    assert "\r[" in forced.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="needs a pseudo-terminal")
def test_progress_bar_on_a_terminal() -> None:
    # stderr on a pseudo-terminal: the bar is drawn without --progress.
    leader, follower = pty.openpty()
    try:
        p = subprocess.run(
            COMMAND + ["solitaire", "survey", "-n", "50", "--max-nodes", "2000", "--json"],
            stdout=subprocess.PIPE, stderr=follower, env=env(), timeout=120,
        )
        os.close(follower)
        follower = -1
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
        if follower >= 0:
            os.close(follower)
    assert p.returncode == 0 and b"50/50 deals" in seen


def test_survey_quiet_has_no_bar() -> None:
    p = run("solitaire", "survey", "-n", "20", "--max-nodes", "2000", "--progress", "-q")
    # --progress wins over -q: asked for explicitly.
    assert "\r[" in p.stderr


def test_logs_verify_of_a_log_with_no_game_fails(tmp_path: Path) -> None:
    cut = tmp_path / "cut.mjlog"
    cut.write_text('<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/><TAIKYOKU oya="0"/>')
    p = run("logs", "verify", str(cut))
    assert p.returncode == 1, p.stdout
    assert "no game" in p.stdout and "Traceback" not in p.stderr
    d = json.loads(run("logs", "verify", str(cut), "--json").stdout)
    assert not d["passed"] and d["empty"] == [str(cut)] and d["games"] == 0


@needs_data
def test_logs_verify_fails_when_one_of_many_files_has_no_game(tmp_path: Path) -> None:
    cut = tmp_path / "cut.mjlog"
    cut.write_text('<mjloggm ver="2.3"><GO type="169" lobby="0"/><TAIKYOKU oya="0"/>')
    p = run("logs", "verify", str(SMALL), str(cut), "--json")
    assert p.returncode == 1
    d = json.loads(p.stdout)
    assert d["empty"] == [str(cut)] and d["games"] >= 1 and d["failed"] == 0


@needs_data
def test_logs_convert_writes_whole_files(tmp_path: Path) -> None:
    src = next(f for f in sorted(SMALL.rglob("*")) if f.is_file() and "mjlog" in f.name)
    out = tmp_path / "game.mjson"
    p = run("logs", "convert", str(src), "--format", "mjai", "--out", str(out), "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["games"] == 1
    lines = out.read_text().splitlines()
    assert len(lines) > 10 and all(json.loads(line)["type"] for line in lines)
    assert run("logs", "verify", str(out)).returncode == 0
    bad = run("logs", "convert", str(src), "--format", "mjai", "--out", str(out), "--no-clobber")
    assert_error_line(bad, 2, "FileExistsError")
    missing = run("logs", "convert", str(tmp_path / "nope.mjlog"), "--format", "mjai", "--out", str(tmp_path / "x.mjson"))
    assert_error_line(missing, 2, "LogParseError")
    assert not (tmp_path / "x.mjson").exists()


def test_taiwan_score_reads_hands_from_standard_input() -> None:
    stdin = "123m456m789m234p567p55s --win 7p\n123m456m789m234p567p5s\n234m567m345p678p234s55s --win 4s --tsumo\n"
    p = run("taiwan", "score", "-", "--json", stdin=stdin)
    assert p.returncode == 2
    rows = [json.loads(line) for line in p.stdout.splitlines()]
    assert [r["line"] for r in rows] == [1, 2, 3]
    assert rows[0]["total"] == 3 and rows[1]["error"]["kind"] == "InvalidHandError" and rows[2]["total"] > rows[0]["total"] - 3


def test_survey_out_is_written_whole_and_refuses_other_extensions(tmp_path: Path) -> None:
    out = tmp_path / "survey.json"
    p = run("solitaire", "survey", "-n", "30", "--max-nodes", "5000", "--out", str(out))
    assert p.returncode == 0, p.stderr
    d = json.loads(out.read_text())
    assert d["deals"] == 30 and not d["interrupted"]
    assert_error_line(run("solitaire", "survey", "-n", "3", "--out", str(tmp_path / "s.xlsx")), 2, ".json")
    assert_error_line(run("solitaire", "survey", "-n", "3", "--out", str(out), "--no-clobber"), 2, "FileExistsError")
    assert sorted(os.listdir(tmp_path)) == ["survey.json"]
