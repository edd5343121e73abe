"""Every error of the installed command is one `error: ...` line, exit 2, no traceback
(issue 14, second bullet, each reproducer run as written)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_command import COMMAND, as_from_a_terminal, assert_error_line, env, has_head, run

HAND = "123m456p789s23455s"


@pytest.mark.parametrize(
    "args, words",
    [
        (["solitaire", "solve", "--deal", "missing.txt"], ["FileNotFoundError", "missing.txt"]),
        (["solitaire", "solve", "--layout-file", "/nonexistent"], ["/nonexistent"]),
        (["score", HAND, "--win", "2s", "--honba", "-1"], ["--honba", "0-255", "-1"]),
        (["taiwan", "score", "123m456m789m234p567p55s", "--win", "7p", "--consecutive", "-1"], ["--consecutive", "0-65535"]),
        (["match", "selfplay", "-3"], ["0-2**64-1", "-3"]),
        (["taiwan", "selfplay", "5", "--seed", "-2"], ["--seed", "0-2**64-1", "-2"]),
        (["solitaire", "solve", "--seed", "-1"], ["--seed", "0-2**64-1"]),
        (["solitaire", "survey", "-n", "-5"], ["-n", "0-10000000", "-5"]),
        (["score", HAND, "--winner", "4"], ["--winner", "0-3"]),
        (["score", HAND, "--honba", "x"], ["--honba", "'x'"]),
        (["logs", "verify", "x", "--max-problems", "-1"], ["--max-problems", "0 or more"]),
        (["solitaire", "solve", "--deal", "/"], ["IsADirectoryError"]),
        (["nope"], ["invalid choice"]),
        (["match", "play", "--games", "1000", "--out", "/nonexistent/log.json"], ["FileNotFoundError", "/nonexistent"]),
        (["solitaire", "atlas", "/nonexistent-dir"], ["LayoutError"]),
    ],

)
def test_one_error_line_exit_2(args, words) -> None:
    assert_error_line(run(*args), 2, *words)


def test_debug_shows_the_traceback() -> None:
    p = run("solitaire", "solve", "--deal", "missing.txt", "--debug")
    assert p.returncode == 2 and "Traceback" in p.stderr and "error: FileNotFoundError" in p.stderr


def test_survey_of_negative_count_does_not_plan_it() -> None:
    p = run("solitaire", "survey", "-n", "-5")
    assert "deals" not in p.stdout


@pytest.mark.skipif(not has_head(), reason="needs head")
@pytest.mark.parametrize(
    "args",
    [
        ["solitaire", "survey", "-n", "300", "--max-nodes", "2000"],
        ["solitaire", "export", "--layout", "turtle"],
        ["match", "rules", "--json"],
        ["score", "--help"],
    ],
    ids=" ".join,
)
def test_piping_into_head_ends_quietly(args) -> None:
    cmd = " ".join(COMMAND + args) + " | head -c 1 > /dev/null; echo ${PIPESTATUS[0]}"
    p = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, env=env(), timeout=120)
    assert "Traceback" not in p.stderr and "BrokenPipe" not in p.stderr and "Exception ignored" not in p.stderr, p.stderr
    assert p.stdout.strip() in ("0", "141"), p.stdout


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args", [["solitaire", "export", "--layout", "turtle"], ["score", HAND, "--win", "2s", "--json"]], ids=" ".join
)
def test_standard_output_on_a_full_disk(args) -> None:
    cmd = " ".join(COMMAND + args) + " > /dev/full"
    p = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, env=env(), timeout=60)
    assert_error_line(p, 2, "No space left on device")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_export_out_to_a_full_disk() -> None:
    assert_error_line(run("solitaire", "export", "--out", "/dev/full"), 2, "No space left on device", "/dev/full")


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_during_a_survey_prints_the_partial_summary(tmp_path: Path) -> None:
    cmd = COMMAND + ["solitaire", "survey", "-n", "2000000", "--chunk", "200", "--json", "--progress", "--out", str(tmp_path / "s.json")]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), preexec_fn=as_from_a_terminal)
    assert p.stderr is not None
    seen = b""
    while b"/2000000" not in seen:  # the first chunk is done
        ch = p.stderr.read1(4096)
        assert ch, seen
        seen += ch
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
    finally:
        p.kill()  # a command that ignored the signal must not outlive the test
    took = time.monotonic() - t0
    err = (seen + err).decode()
    assert p.returncode == 130, err[-2000:]
    assert "Traceback" not in err and "error: interrupted: " in err
    summary = json.loads(out)
    assert summary["interrupted"] and 0 < summary["deals"] < 2_000_000
    assert summary["solvable"] + summary["unsolvable"] + summary["unknown"] == summary["deals"]
    assert not (tmp_path / "s.json").exists()
    assert took < 2.0, f"{took:.2f} s from SIGINT to exit"


def test_version_and_python_dash_m() -> None:
    p = run("--version")
    assert p.returncode == 0 and p.stdout.startswith("mahjong-fast ")


@pytest.mark.parametrize(
    "args, allowed",
    [
        (["solitaire", "hint", "--seed", "3", "--moves", "1-200"], "slots 0-143"),
        (["score", HAND, "--win", "2s", "--sanma", "--winner", "3"], "seats are 0-2"),
        (["score", HAND, "--winner", "7"], "0-3"),
    ],
)
def test_ranges_in_messages_read_as_people_write_them(args, allowed) -> None:
    line = assert_error_line(run(*args), 2, allowed)
    assert ".." not in line.replace("...", "")


def test_log_seat_out_of_range_is_written_0_3(tmp_path: Path) -> None:
    log = tmp_path / "bad.mjson"
    log.write_text(
        '{"type":"start_game","names":["a","b","c","d"]}\n'
        '{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":7,"dora_marker":"1m",'
        '"scores":[25000,25000,25000,25000],"tehais":[["?"],["?"],["?"],["?"]]}\n'
    )
    p = run("logs", "convert", str(log), "--format", "mjai")
    line = assert_error_line(p, 2, "LogParseError")
    assert "0-3" in line and "0..4" not in line


def startup_seconds() -> float:
    t0 = time.monotonic()
    run("--version")
    return time.monotonic() - t0


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
@pytest.mark.parametrize(
    "args",
    [["match", "selfplay", "100000000"], ["taiwan", "selfplay", "1000000", "-q"], ["score", "--file", "-"]],
    ids=" ".join,
)
def test_ctrl_c_of_a_command_without_a_bar_exits_130_without_a_traceback(args) -> None:
    p = subprocess.Popen(
        COMMAND + args,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env(),
        preexec_fn=as_from_a_terminal,
    )
    # Started and working (or waiting for standard input): a signal during the
    # interpreter's own start-up is not the command's to handle, so wait out a whole
    # start-up as this machine does it now, and a second more.
    time.sleep(startup_seconds() + 1.0)
    assert p.poll() is None
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate(timeout=30)
    finally:
        p.kill()  # a command that ignored the signal must not outlive the test
    took = time.monotonic() - t0
    assert p.returncode == 130, err
    assert b"Traceback" not in err and b"error: interrupted" in err
    assert took < 2.0, f"{took:.2f} s from SIGINT to exit"
