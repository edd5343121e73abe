"""Running the installed `mahjong-fast` command in a subprocess, as a user would.

Example:
    >>> run("--version").stdout.startswith("mahjong-fast ")  # doctest: +SKIP
    True
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
    """Run the command with `args`; its exit code, stdout and stderr (text)."""
    return subprocess.run(
        (command or COMMAND) + list(args), input=stdin, capture_output=True, text=True, env=env(), timeout=timeout
    )


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
