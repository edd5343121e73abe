"""The generated views of the rule sets' metadata: the options tables of
``docs/rules.md`` and the option annotations in the rule set classes' bodies (what
type checkers read). Both come from the core's declarations alone; a test fails when
either differs from what this module generates.

``python -m mahjong_fast.rule_docs`` rewrites both (run it after changing an option or
a preset in the core); ``--check`` only reports what differs (exit status 1).

Example:
    >>> from mahjong_fast.rules import RuleSet
    >>> annotation_lines(RuleSet)[0]
    '    red_fives: bool'
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Type

from mahjong_fast._ruleset import RuleSetBase, _toml_value

__all__ = ["rule_set_classes", "annotation_lines", "markdown", "main"]

BEGIN = "    # --- options: generated from the core's metadata by `python -m mahjong_fast.rule_docs`; do not edit ---"
END = "    # --- end of options ---"


def rule_set_classes() -> List[Tuple[Type[RuleSetBase], str, str]]:
    """Each rule set class, the module file holding it and the core file declaring it.

    Example:
        >>> [c.__name__ for c, _, _ in rule_set_classes()]
        ['RuleSet', 'MatchRules', 'TaiwanRules']
    """
    from mahjong_fast.match_rules import MatchRules
    from mahjong_fast.rules import RuleSet
    from mahjong_fast.taiwan.rules import TaiwanRules

    return [
        (RuleSet, "rules.py", "riichi/rules.rs"),
        (MatchRules, "match_rules.py", "engine/rules.rs"),
        (TaiwanRules, "taiwan/rules.py", "taiwan/rules.rs"),
    ]


def _py_type(o: Dict[str, Any]) -> str:
    t = o["type"]
    if t == "bool":
        return "bool"
    if t in ("int", "choice"):
        return "int"
    if t == "name":
        return "str"
    if t == "name_or_int":
        return "Union[str, int]"
    if t == "optional_int":
        return "Optional[int]"
    if t == "ints":
        return "Tuple[" + ", ".join(["int"] * int(o["len"])) + "]"
    raise ValueError(f"unknown option type {t!r}")


def annotation_lines(cls: Type[RuleSetBase]) -> List[str]:
    """The option annotations of a rule set class body, in declaration order.

    Example:
        >>> from mahjong_fast import MatchRules
        >>> [a for a in annotation_lines(MatchRules) if "uma" in a]
        ['    uma: Tuple[int, int, int, int]']
    """
    return [f"    {o['name']}: {_py_type(o)}" for o in cls.option_info()]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _value(v: Any) -> str:
    return "none" if v is None else _toml_value(v)


def _section(cls: Type[RuleSetBase], title: str, core_file: str) -> List[str]:
    presets = cls.preset_info()
    names = [p["name"] for p in presets]
    values = {n: cls.preset(n).options() for n in names}
    lines = [
        f"## {title} (`{cls.__name__}`)",
        "",
        f"Declared in `rust/mahjong-core/src/{core_file}`.",
        "",
        "| preset | starts from | other names | source |",
        "|---|---|---|---|",
    ]
    for p in presets:
        aliases = ", ".join(f"`{a}`" for a in p["aliases"]) or "—"
        lines.append(f"| `{p['name']}` | {('`' + p['base'] + '`') if p['base'] else 'the defaults'} | {aliases} | {_cell(p['source'])} |")
    lines += [
        "",
        f"Values in bold differ from the first preset's (`{names[0]}`, the default).",
        "",
        "| option | allowed | " + " | ".join(f"`{n}`" for n in names) + " | meaning |",
        "|---|---|" + "---|" * len(names) + "---|",
    ]
    for o in cls.option_info():
        first = values[names[0]][o["name"]]
        cells = []
        for n in names:
            v = values[n][o["name"]]
            text = _cell(_value(v))
            cells.append(text if v == first else f"**{text}**")
        lines.append(f"| `{o['name']}` | {_cell(o['allowed'])} | " + " | ".join(cells) + f" | {_cell(o['doc'])} |")
    return lines + [""]


def markdown() -> str:
    """The text of ``docs/rules.md``.

    Example:
        >>> markdown().splitlines()[0]
        '# Rule options'
    """
    titles = {"RuleSet": "Riichi scoring rules", "MatchRules": "Match rules", "TaiwanRules": "Taiwan rules"}
    lines = [
        "# Rule options",
        "",
        "Every option of every rule set, with its allowed values, each preset's value and",
        "what it means. This file is generated from the options and presets declared in",
        "the Rust core, by `python -m mahjong_fast.rule_docs`; a test fails when it",
        "differs from what the generator writes, so do not edit it by hand.",
        "",
        "Options are set by name: as keywords of `replace`, keys of `from_dict` and of a",
        "TOML file (values as written here; `none` is the text `\"none\"` in TOML), and",
        "read as attributes. A bad value raises `InvalidRuleError` naming the option and",
        "what it allows.",
        "",
    ]
    for cls, _, core_file in rule_set_classes():
        lines += _section(cls, titles[cls.__name__], core_file)
    return "\n".join(lines).rstrip("\n") + "\n"


def _with_annotations(source: str, cls: Type[RuleSetBase]) -> Optional[str]:
    """The module source with the class's annotation block regenerated (None: the
    class has no block)."""
    head = f"class {cls.__name__}("
    at = source.find(head)
    start = source.find(BEGIN + "\n", at)
    end = source.find(END, start)
    if at < 0 or start < 0 or end < 0:
        return None
    body = "\n".join(annotation_lines(cls))
    return source[: start + len(BEGIN) + 1] + body + "\n" + source[end:]


def outdated(docs: Path) -> List[str]:
    """What differs from the generated text: file names, empty when all are current."""
    out = []
    if not docs.exists() or docs.read_text(encoding="utf-8") != markdown():
        out.append(str(docs))
    pkg = Path(__file__).parent
    for cls, module_file, _ in rule_set_classes():
        path = pkg / module_file
        text = path.read_text(encoding="utf-8")
        new = _with_annotations(text, cls)
        if new is None or new != text:
            out.append(str(path))
    return out


def write(docs: Path) -> None:
    """Rewrite ``docs`` and the annotation blocks (each file whole, by rename)."""
    files = {docs: markdown()}
    pkg = Path(__file__).parent
    for cls, module_file, _ in rule_set_classes():
        path = pkg / module_file
        new = _with_annotations(path.read_text(encoding="utf-8"), cls)
        if new is None:
            raise SystemExit(f"{path}: no annotation block in class {cls.__name__} (add the two marker lines)")
        files[path] = new
    from mahjong_fast.files import write_text

    for path, text in files.items():
        write_text(path, text)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command: rewrite the generated files, or ``--check`` them.

    Example:
        >>> import os, tempfile
        >>> main(["--check", "--docs", os.path.join(tempfile.mkdtemp(), "missing.md")])
        1
    """
    p = argparse.ArgumentParser(prog="python -m mahjong_fast.rule_docs", description=__doc__.split("\n\n")[0])
    p.add_argument("--docs", default="docs/rules.md", help="the options tables to write (default: docs/rules.md)")
    p.add_argument("--check", action="store_true", help="only report files that differ (exit status 1)")
    args = p.parse_args(argv)
    docs = Path(args.docs)
    if args.check:
        stale = outdated(docs)
        for f in stale:
            print(f"{f}: differs from the rule metadata; run python -m mahjong_fast.rule_docs", file=sys.stderr)
        return 1 if stale else 0
    write(docs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
