"""Running the installed `mahjong-fast` command in a subprocess, as a user would.

Example:
    >>> run("--version").stdout.startswith("mahjong-fast ")  # doctest: +SKIP
    True
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import List, Optional

# The console script beside this interpreter (installed by pip / maturin develop);
# `python -m mahjong_fast` when it is missing.
_SCRIPT = Path(sys.executable).parent / "mahjong-fast"
COMMAND: List[str] = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "mahjong_fast"]
MODULE: List[str] = [sys.executable, "-m", "mahjong_fast"]


def env() -> dict:
    """The environment of a command run: UTF-8, no colour, the same interpreter."""
    e = dict(os.environ)
    e["PYTHONIOENCODING"] = "utf-8"
    e.pop("PYTHONWARNINGS", None)
    return e


def run(*args: str, stdin: Optional[str] = None, command: Optional[List[str]] = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run the command with `args`; its exit code, stdout and stderr as text (decoded
    here, not by text mode, which would turn a progress bar's ``\r`` into ``\n``)."""
    p = subprocess.run(
        (command or COMMAND) + list(args),
        input=None if stdin is None else stdin.encode(),
        capture_output=True,
        env=env(),
        timeout=timeout,
    )
    return subprocess.CompletedProcess(p.args, p.returncode, p.stdout.decode(), p.stderr.decode())


def assert_error_line(p: subprocess.CompletedProcess, code: int, *words: str) -> str:
    """The run failed with `code` and one `error: ...` line naming `words`, no traceback."""
    assert p.returncode == code, (p.returncode, p.stdout[-500:], p.stderr[-2000:])
    assert "Traceback" not in p.stderr, p.stderr
    lines = [line for line in p.stderr.splitlines() if line.strip() and not line.startswith("\r[")]
    errors = [line for line in lines if line.startswith("error: ")]
    assert len(errors) == 1, p.stderr
    for w in words:
        assert w in errors[0], (w, errors[0])
    return errors[0]


def has_head() -> bool:
    return shutil.which("head") is not None


def as_from_a_terminal() -> None:
    """preexec_fn of a process the test will SIGINT: a shell that runs the suite in
    the background starts it with SIGINT ignored, which children inherit (and Python
    then installs no KeyboardInterrupt handler); a user's Ctrl-C finds it at its
    default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt_halfway(*args: str, timeout: float = 120):
    """Run the command with `args` (which must force a progress bar: `--progress`),
    send SIGINT once its bar shows half of the work done or more, not all; returns (exit
    code, stdout, stderr, seconds from the signal to the exit)."""
    p = subprocess.Popen(
        COMMAND + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(), preexec_fn=as_from_a_terminal
    )
    assert p.stderr is not None
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        chunk = p.stderr.read1(4096)
        if not chunk:
            break
        seen += chunk
        frames = seen.decode(errors="replace").split("\r")
        last = frames[-2] if len(frames) > 1 else ""
        if "] " in last:
            done, total = last.split("] ")[1].split()[0].split("/")
            if int(total) <= 2 * int(done) < 2 * int(total):  # half done or more, not all
                break
    assert p.poll() is None, seen.decode(errors="replace")[-2000:]
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, rest = p.communicate(timeout=30)
    finally:
        p.kill()
    took = time.monotonic() - t0
    return p.returncode, out.decode(errors="replace"), (seen + rest).decode(errors="replace"), took
