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


def test_selfplay_text_and_json(capsys):
    assert cli.main(["taiwan", "selfplay", "2", "--seed", "5", "--rule", "match_winds=1"]) == 0
    out = capsys.readouterr().out
    assert "matches=2" in out and "points_sum=0" in out and "matches/s" in out
    assert cli.main(["taiwan", "selfplay", "2", "--seed", "5", "--rule", "match_winds=1", "--json", "-q"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["matches"] == 2 and d["points_sum"] == 0 and d["unsettled"] == 0 and d["seed"] == 5
    assert d["hands"] == d["wins"] + d["exhaustive_draws"] >= 8
    # The same seed plays the same matches.
    assert cli.main(["taiwan", "selfplay", "2", "--seed", "5", "--rule", "match_winds=1", "--json", "-q"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in again.items() if k != "seconds"} == {k: v for k, v in d.items() if k != "seconds"}


def test_selfplay_errors_are_one_line(capsys):
    for argv, words in [
        (["taiwan", "selfplay", "-1"], ["argument n", "0-4294967295"]),
        (["taiwan", "selfplay", "1", "--seed", "-1"], ["--seed", "0-2**64-1"]),
        (["taiwan", "selfplay", "1", "--greed", "2"], ["--greed", "0-1"]),
        (["taiwan", "selfplay", "1", "--rule", "match_winds=9"], ["InvalidRuleError", "match_winds", "1-4"]),
        (["taiwan", "selfplay", "2", "--seed", str(2**64 - 1)], ["--seed"]),
    ]:
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("error: "), err
        assert all(w in err[0] for w in words), (err, words)
