"""The options tables of docs/rules.md and the option annotations of the rule set
classes are generated from the core's metadata: they must be what the generator writes
now (run `python -m mahjong_fast.rule_docs` after changing an option or a preset)."""

from __future__ import annotations

import doctest
from pathlib import Path

import mahjong_fast._ruleset
import mahjong_fast.rule_docs as rule_docs

ROOT = Path(__file__).resolve().parents[1]


def test_docs_and_annotations_are_generated_from_the_metadata() -> None:
    assert rule_docs.outdated(ROOT / "docs" / "rules.md") == []


def test_every_option_and_preset_is_in_the_docs() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for cls, _, _ in rule_docs.rule_set_classes():
        for o in cls.option_info():
            assert f"| `{o['name']}` | {o['allowed'].replace('|', chr(92) + '|')} |" in text, o["name"]
        for p in cls.preset_info():
            assert f"| `{p['name']}` |" in text


def test_a_changed_table_is_reported(tmp_path) -> None:
    stale = tmp_path / "rules.md"
    stale.write_text(rule_docs.markdown().replace("1-13", "1-12"), encoding="utf-8")
    assert str(stale) in rule_docs.outdated(stale)
    assert rule_docs.main(["--check", "--docs", str(stale)]) == 1


def test_docstring_examples_run() -> None:
    for mod in (rule_docs, mahjong_fast._ruleset):
        result = doctest.testmod(mod)
        assert result.attempted > 0 and result.failed == 0, mod.__name__
