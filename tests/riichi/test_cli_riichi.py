"""`mahjong-fast score`, tried as a user would."""

import json

from mahjong_fast.cli import main


def test_breakdown_of_seed001_shousangen(capsys):
    # Seed 001: 中 and 發 triplets with a 白 pair = shousangen 2 + two yakuhai = 4 han.
    assert main(["score", "123m456p55z", "--win", "5z", "--melds", "pon:666z,pon:777z"]) == 0
    out = capsys.readouterr().out
    assert "Little three dragons" in out and "小三元" in out
    assert "Han: 4" in out
    assert "Ron (non-dealer):" in out and "Score changes by seat" in out


def test_json_output(capsys):
    assert main(["score", "123m456p789s23455s", "--win", "2s", "--tsumo", "--riichi", "--dora", "1s", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["han"], data["fu"], data["points"]) == (4, 20, 5200)
    assert [y["key"] for y in data["yaku"]] == ["riichi", "menzen_tsumo", "pinfu"]
    assert data["fu_items"] == [{"key": "pinfu_tsumo", "description": "pinfu tsumo", "fu": 20}]


def test_rules_preset_changes_the_result(capsys):
    args = ["score", "111m444p777s555z22m", "--win", "2m", "--json"]
    main(args + ["--rules", "standard"])
    assert json.loads(capsys.readouterr().out)["points"] == 64000
    main(args + ["--rules", "tenhou"])
    assert json.loads(capsys.readouterr().out)["points"] == 32000


def test_no_yaku_is_a_clear_error(capsys):
    assert main(["score", "234m456p789s33z", "--win", "3z", "--melds", "chi:678s"]) == 2
    err = capsys.readouterr().err
    assert "NoYakuError" in err and "no yaku" in err
