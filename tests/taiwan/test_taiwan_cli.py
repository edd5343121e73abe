"""The `mahjong-fast taiwan score` command and the demo's Taiwan section."""

import json

from mahjong_fast import cli


def test_score_readable(capsys):
    assert cli.main(["taiwan", "score", "123m456m789m234p567p55s", "--win", "7p"]) == 0
    out = capsys.readouterr().out
    assert "平胡 (all chows): 2" in out and "total: 3 tai" in out


def test_score_json_with_flowers_and_preset(capsys):
    argv = ["taiwan", "score", "234m567m345p678p234s55s", "--win", "4s", "--tsumo", "--flowers", "春夏",
            "--seat", "S", "--preset", "seed003", "--json"]
    assert cli.main(argv) == 0
    d = json.loads(capsys.readouterr().out)
    # 門清自摸 3 + 夏 (seat) + 春 (prevailing wind, seed 003) = 5.
    assert d["total"] == 5 and d["points"]["non_dealer_payment"] == 200


def test_score_rule_override_and_errors(capsys):
    assert cli.main(["taiwan", "score", "234m567m345p678p234s55s", "--flowers", "春夏秋冬", "--rule", "flower_set=1", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert {p["key"]: p["tai"] for p in d["patterns"]}["flower_set"] == 1
    assert cli.main(["taiwan", "score", "123m456m789m234p567p5s"]) == 2
    assert "InvalidHandError" in capsys.readouterr().err
    assert cli.main(["taiwan", "score", "234m567m345p678p234s55s", "--rule", "bogus=1"]) == 2


def test_demo_has_a_taiwan_section(capsys):
    assert cli.main(["demo", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "Taiwan 16-tile" in out and "M hands/s" in out
