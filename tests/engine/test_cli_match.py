"""`mahjong-fast match rules / selfplay`: the printed TOML reads back as the same rule
set, edited files drive self-play, bad rules exit with status 2 and name the option."""

from __future__ import annotations

from mahjong_fast import MatchRules
from mahjong_fast.cli import main


def test_rules_print_edit_and_selfplay(tmp_path, capsys) -> None:
    assert main(["match", "rules", "shiima-2026"]) == 0
    text = capsys.readouterr().out
    path = tmp_path / "club.toml"
    path.write_text(text)
    assert MatchRules.from_toml(path) == MatchRules.preset("shiima-2026")
    path.write_text(text.replace("length = \"east\"", "length = \"east_south\"").replace('name = "shiima-2026"', 'name = "club"'))
    assert main(["match", "selfplay", "5", "--rules", str(path), "--scoring", "standard", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "rules: club; scoring: standard" in out and "matches=5" in out
    # Every match plays at least one hand; the count is printed.
    hands = int(out.split("hands=")[1].split()[0])
    assert hands >= 5


def test_bad_rules_exit_2_naming_the_option(tmp_path, capsys) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('preset = "tenhou"\nnoten_total = 1000\n')
    assert main(["match", "rules", str(path)]) == 2
    assert "noten_total" in capsys.readouterr().err
    assert main(["match", "selfplay", "1", "--rules", "nope"]) == 2
    assert "unknown rule preset" in capsys.readouterr().err
