"""The hand-written stubs (`_core.pyi`) must describe the compiled module exactly:
mypy's stubtest imports the built extension and compares every name and signature."""

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")


def test_core_stub_matches_the_built_module():
    allowlist = Path(__file__).with_name("stubtest_allowlist.txt")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "mahjong_fast._core", "--allowlist", str(allowlist)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
