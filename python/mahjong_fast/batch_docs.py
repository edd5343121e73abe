"""The generated page of the batch columns: ``docs/batch.md`` lists every batch's input
and output columns, the meld-code table, the flag bits and the error kinds, all read
from the core's declarations (:func:`mahjong_fast.batch.specs`), so the page cannot
drift from what the calls read; a test fails when it differs from what this module
generates.

``python -m mahjong_fast.batch_docs`` rewrites the page (run it after changing a
column in the core); ``--check`` only reports whether it differs (exit status 1).

Example:
    >>> markdown().splitlines()[0]
    '# Batch calls: columns in, columns and errors out'
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Optional, Sequence

from mahjong_fast import _core
from mahjong_fast.batch import MAX_MESSAGES, ColumnSpec, specs

__all__ = ["BATCHES", "markdown", "outdated", "main"]

#: Each batch the core declares, with the call that runs it.
BATCHES = {
    "shanten": "mahjong_fast.shanten_batch",
    "is_agari": "mahjong_fast.is_agari_batch",
    "decomposition_count": "mahjong_fast.decomposition_count_batch",
    "score": "mahjong_fast.score_many",
    "taiwan_score": "mahjong_fast.taiwan.score_batch",
    "solve_many": "mahjong_fast.solitaire.solve_many",
    "survey": "mahjong_fast.solitaire.survey",
}

_INTRO = f"""\
# Batch calls: columns in, columns and errors out

Generated from the core's column declarations by `python -m mahjong_fast.batch_docs`;
do not edit (a test checks that this page is what the generator writes).

Every batch call follows one convention (`mahjong_fast.batch`):

- **Input**: named columns, as a dict of NumPy arrays (or lists), an Arrow
  `RecordBatch` / `Table`, or a pandas / polars `DataFrame`; or a sequence of rows
  (dicts; the riichi and Taiwan scorers take rows of their scalar call's keywords,
  checked exactly as the scalar call checks them, and read a generator once). Arrays
  of any memory order (C, Fortran, strided, broadcast) and any integer dtype are read
  correctly, in place when they already have the core's layout and otherwise in
  bounded chunks (never a copy of the whole input). A value the column's dtype cannot
  hold raises `ArgumentError` naming the column; it never wraps. A missing column with
  a default takes it; a narrower wide column is padded with it.
- **Output**: a `BatchResult`: the output columns below (NumPy arrays, one row per
  input row; a bad row holds each column's default) and `.errors`, one table of the
  bad rows (row, kind, message) with `to_arrow()`, `to_pandas()`, `to_polars()` on
  both. The table is one byte per row of the batch, written in place by the kernel
  (0 for a good row, 1 + the kind code for a bad one; `ErrorTable.codes`), and the
  messages of the first {MAX_MESSAGES:,} bad rows: a million bad rows cost about 1 MB, a batch
  without bad rows nothing. A bad row never stops the others; its kind is a
  `MahjongError` subclass name.
- **Threads**: `threads=None` uses every core (or `RAYON_NUM_THREADS`); a count runs
  the call on that many threads. The GIL is released while the core works.
"""


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|")


def _table(cols: Sequence[ColumnSpec], output: bool) -> List[str]:
    head = "| column | dtype | shape per row | " + ("value of a bad row" if output else "default") + " | meaning |"
    lines = [head, "|---|---|---|---|---|"]
    for c in cols:
        shape = "()" if c.width == 1 else f"({c.width},)"
        default = "required" if c.default is None else str(c.default)
        lines.append(f"| `{c.name}` | {c.dtype} | {shape} | {default} | {_cell(c.doc)} |")
    return lines


def markdown() -> str:
    """The whole page, from the core's declarations.

    Example:
        >>> "| `win` | int32 | () | required |" in markdown()
        True
    """
    out = [_INTRO]
    out += ["## Meld codes", "",
            "One table for the `meld_kind` columns of every batch (riichi and Taiwan), declared once in the core",
            "(`meld_codes()`):", "", "| code | meld |", "|---|---|"]
    out += [f"| {i} | {'an empty slot' if name == 'none' else f'`{name}`'} |" for i, name in enumerate(_core.meld_codes())]
    out += ["", "## Flag bits", "", "| bit | riichi `score_many` `flags` | Taiwan `score_batch` `flags` |", "|---|---|---|"]
    riichi, taiwan = _core.score_flag_names(), _core.taiwan_flag_names()
    for b in range(max(len(riichi), len(taiwan))):
        r = f"`{riichi[b]}`" if b < len(riichi) else ""
        t = f"`{taiwan[b]}`" if b < len(taiwan) else ""
        out.append(f"| {1 << b} | {r} | {t} |")
    kinds, _ = _core.error_kinds()
    out += ["", "## Error kinds", "", "The `kind` of an error row (`ErrorTable.kind_codes` index this list):", ""]
    out += [", ".join(f"{i} `{k}`" for i, k in enumerate(kinds))]
    for batch, call in BATCHES.items():
        out += ["", f"## `{batch}`: `{call}`", "", "Input:", ""]
        inputs = specs(batch)
        out += _table(inputs, output=False) if inputs else ["No columns: the call's arguments name its rows."]
        out += ["", "Output:", ""]
        out += _table(specs(batch, "output"), output=True)
    return "\n".join(out) + "\n"


def _default_path() -> Path:
    return Path(__file__).resolve().parents[2] / "docs" / "batch.md"


def outdated(path: Optional[Path] = None) -> List[str]:
    """The page if it differs from what :func:`markdown` writes (empty when current).

    Example:
        >>> outdated(Path("/nonexistent/batch.md"))
        ['/nonexistent/batch.md']
    """
    p = Path(path) if path is not None else _default_path()
    try:
        current = p.read_text(encoding="utf-8")
    except OSError:
        return [str(p)]
    return [] if current == markdown() else [str(p)]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Write the page (written whole: a temporary file renamed into place), or with
    ``--check`` report whether it differs.

    Example:
        >>> import tempfile, os
        >>> d = tempfile.mkdtemp()
        >>> main(["--docs", os.path.join(d, "batch.md")]), main(["--check", "--docs", os.path.join(d, "batch.md")])
        (0, 0)
    """
    ap = argparse.ArgumentParser(prog="python -m mahjong_fast.batch_docs", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only report whether the page differs")
    ap.add_argument("--docs", type=Path, default=None, help="the page (default: docs/batch.md)")
    args = ap.parse_args(argv)
    path = args.docs or _default_path()
    if args.check:
        stale = outdated(path)
        for s in stale:
            print(f"outdated: {s} (run python -m mahjong_fast.batch_docs)", file=sys.stderr)
        return 1 if stale else 0
    from mahjong_fast.files import write_text

    write_text(path, markdown())
    return 0


if __name__ == "__main__":
    sys.exit(main())
