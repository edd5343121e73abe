"""Shared test set-up: the helper modules beside this file (random hand generators,
reference checkers, Tenhou record readers) are importable from every test folder."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
