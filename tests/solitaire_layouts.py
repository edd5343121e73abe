"""The real layout files in ``../shared/data/solitaire_layouts`` (see its README).

``$MAHJONG_FAST_SOLITAIRE_LAYOUTS`` or ``<repo>/../shared/data/solitaire_layouts``;
tests that read them skip when the folder is absent.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

import pytest
from mahjong_fast.solitaire import load_layout, map_names


def layouts_dir() -> Path:
    env = os.environ.get("MAHJONG_FAST_SOLITAIRE_LAYOUTS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared/data/solitaire_layouts"


def require_layouts() -> Path:
    d = layouts_dir()
    if not d.is_dir():
        pytest.skip(f"no layout collection at {d}")
    return d


def collection() -> Iterator[Tuple[Path, Optional[str]]]:
    """Every (file, map name) of the collection: each KMahjongg layout, each map of
    each GNOME file, each museum .lay and .layout, in a fixed order."""
    d = layouts_dir()
    for p in sorted((d / "kmahjongg").glob("*.layout")):
        yield p, None
    for p in sorted((d / "gnome").glob("*.map")):
        for m in map_names(p):
            yield p, m
    for p in sorted((d / "museum").glob("*/*")):
        if p.suffix in (".lay", ".layout"):
            yield p, None


def label(path: Path, map_name: Optional[str]) -> str:
    rel = path.relative_to(layouts_dir()).as_posix()
    return f"{rel}#{map_name}" if map_name else rel


def load_all() -> List[Tuple[str, object]]:
    return [(label(p, m), load_layout(p, map=m)) for p, m in collection()]
