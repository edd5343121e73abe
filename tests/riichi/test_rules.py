"""Rule sets: presets, dict / TOML loading, validation, and where presets differ."""

import mahjong_fast as mf
import pytest
from mahjong_fast.rules import PRESETS, RuleSet, load_rules


def test_presets_exist_and_are_documented():
    assert set(PRESETS) == {"standard", "tenhou", "shiima-2025", "shiima-2026", "mahjong-soul", "m-league", "wrc", "ema", "jpml"}
    for name, rs in PRESETS.items():
        assert rs.name == name and rs.source
        # The Python presets and the core's presets hold the same options.
        assert rs.core.as_dict() == mf._core.RiichiRules.preset(name).as_dict()


# Rows of shared/rules/riichi.md that change a score, preset by preset.
TABLE = {
    "kiriage_mangan": {"standard": False, "tenhou": False, "shiima-2025": True, "shiima-2026": True},
    "double_suuankou_tanki": {"standard": True, "tenhou": False, "shiima-2025": False, "shiima-2026": False},
    "double_kokushi_13": {"standard": True, "tenhou": False, "shiima-2025": False, "shiima-2026": False},
    "double_junsei_chuuren": {"standard": True, "tenhou": False, "shiima-2025": False, "shiima-2026": False},
    "double_daisuushii": {"standard": True, "tenhou": False, "shiima-2025": False, "shiima-2026": False},
    "renhou": {"standard": "off", "tenhou": "off", "shiima-2025": 6, "shiima-2026": 6},
    "double_wind_pair_fu": {"standard": 4, "tenhou": 4, "shiima-2025": 2, "shiima-2026": 2},
    "pao_daisangen": {"standard": False, "tenhou": True, "shiima-2025": True, "shiima-2026": True},
    "pao_suukantsu": {"standard": False, "tenhou": False, "shiima-2025": True, "shiima-2026": True},
    "kazoe": {"standard": "yakuman", "tenhou": "yakuman", "shiima-2025": "yakuman", "shiima-2026": "yakuman"},
    "min_han": {"standard": 1, "tenhou": 1, "shiima-2025": 1, "shiima-2026": 1},
    "open_tanyao": {"standard": True, "tenhou": True, "shiima-2025": True, "shiima-2026": True},
    "red_fives": {"standard": True, "tenhou": True, "shiima-2025": True, "shiima-2026": True},
}


@pytest.mark.parametrize("option", sorted(TABLE))
def test_presets_follow_the_table(option):
    for preset, value in TABLE[option].items():
        assert getattr(PRESETS[preset], option) == value, (preset, option)


def test_presets_score_differently_where_the_table_says():
    double_wind = dict(hand="123m456p789s13s11z", win="2s", riichi=True, seat_wind="E", round_wind="E")
    assert mf.score(**double_wind, rules="standard").fu == 40  # 20+10+2+4 = 36
    assert mf.score(**double_wind, rules="shiima-2026").fu == 40  # 20+10+2+2 = 34
    tanki = dict(hand="111m444p777s555z22m", win="2m")
    assert mf.score(**tanki, rules="standard").points == 64000
    assert mf.score(**tanki, rules="tenhou").points == 32000
    assert mf.score(**tanki, rules="shiima-2025").points == 32000
    four_thirty = dict(hand="234m456p678s34s55m", win="5s", riichi=True, dora="3m")  # riichi tanyao pinfu dora
    assert mf.score(**four_thirty, rules="tenhou").points == 7700
    assert mf.score(**four_thirty, rules="shiima-2026").points == 8000


def test_from_dict_and_toml(tmp_path):
    rs = RuleSet.from_dict({"preset": "tenhou", "kiriage_mangan": True, "renhou": "yakuman"})
    assert rs.kiriage_mangan and rs.renhou == "yakuman" and rs.double_suuankou_tanki is False
    path = tmp_path / "house.toml"
    path.write_text('[rules]\npreset = "shiima-2026"\nmin_han = 2\n', encoding="utf-8")
    rs = RuleSet.from_toml(path)
    assert rs.min_han == 2 and rs.kiriage_mangan
    assert load_rules(str(path)).min_han == 2
    assert load_rules({"preset": "standard"}).name == "standard"


@pytest.mark.parametrize(
    "data,match",
    [
        ({"kiriage": True}, "unknown rule option"),
        ({"preset": "nope"}, "unknown rule preset"),
        ({"min_han": 0}, "min_han"),
        ({"double_wind_pair_fu": 3}, "double_wind_pair_fu"),
        ({"kazoe": "double"}, "kazoe"),
        ({"renhou": 13}, "renhou"),
        ({"red_fives": "yes"}, "red_fives"),
        ({"honba_points": 100}, "honba_points = 100: expected a multiple of 3 in 0-3000"),
        ({"min_han": 1.5}, "min_han = 1.5: expected 1-13"),
        ({"min_han": True}, "min_han"),
        ({"riichi_stick": 2**70}, "riichi_stick = an integer beyond 64 bits"),
        ({5: 1}, "rule option names are text, got 5"),
        ({"preset": 3}, "preset = 3: expected a preset name"),
        ({"name": 3}, "name = 3: expected text"),
        ({"min_han": 4, "renhou": 2}, "contradicts"),
    ],
)
def test_invalid_options_raise_clear_errors(data, match):
    with pytest.raises(mf.InvalidRuleError, match=match):
        RuleSet.from_dict(data)


def test_bad_toml(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text("min_han = = 2", encoding="utf-8")
    with pytest.raises(mf.InvalidRuleError, match="not valid TOML"):
        RuleSet.from_toml(p)
    with pytest.raises(mf.InvalidRuleError, match="cannot read"):
        RuleSet.from_toml(tmp_path / "missing.toml")


def test_min_han_excludes_dora():
    rules = RuleSet.preset("standard").replace(min_han=2)
    with pytest.raises(mf.NoYakuError, match="at least 2"):
        mf.score("234m456p34s55m", "5s", ["chi:678s"], dora="1m", rules=rules)
    assert mf.score("234m456p678s34s55m", "5s", rules=rules).yaku_han == 2


def test_tenhou_lobby_flags_map_to_options():
    assert RuleSet.tenhou_lobby(aka=False, kuitan=False).options() == PRESETS["tenhou"].replace(
        red_fives=False, open_tanyao=False
    ).options()


def test_core_rejects_unknown_options():
    with pytest.raises(mf.InvalidRuleError, match="unknown rule option \"nope\" for the riichi scoring rules"):
        mf._core.RiichiRules("tenhou", nope=True)


def test_from_dict_with_a_non_text_key_is_a_rule_error():
    # Issue 13's reproducer: a bare TypeError before.
    with pytest.raises(mf.InvalidRuleError, match="rule option names are text, got 5"):
        RuleSet.from_dict({5: 1})
    assert issubclass(mf.InvalidRuleError, mf.MahjongError)
    with pytest.raises(mf.InvalidRuleError, match="expected a mapping"):
        RuleSet.from_dict([("min_han", 2)])


def test_non_utf8_toml_is_a_rule_error(tmp_path):
    # Issue 13's reproducer: UnicodeDecodeError before.
    p = tmp_path / "latin1.toml"
    p.write_bytes('preset = "tenhou"\n# r\xe8gles\n'.encode("latin-1"))
    with pytest.raises(mf.InvalidRuleError, match="not UTF-8.*0xe8"):
        RuleSet.from_toml(p)
    with pytest.raises(mf.InvalidRuleError, match="not UTF-8"):
        mf.score("123m456p789s23455s", "2s", rules=str(p))
    with pytest.raises(mf.InvalidRuleError, match="expected a path"):
        RuleSet.from_toml(3)  # an int is not a file descriptor here


def test_every_api_takes_the_four_forms(tmp_path):
    path = tmp_path / "club.toml"
    custom = RuleSet.preset("tenhou").replace(kiriage_mangan=True)
    path.write_text(custom.to_toml(), encoding="utf-8")
    hand = dict(hand="234m456p678s34s55m", win="5s", riichi=True, dora="3m")
    forms = [custom, {"preset": "tenhou", "kiriage_mangan": True}, str(path), path]
    for form in forms:
        assert RuleSet.load(form) == custom
        assert mf.score(**hand, rules=form).points == 8000
        assert mf.points(4, 30, rules=form)["ron"] == 8000
    assert mf.score(**hand, rules="tenhou").points == 7700
    with pytest.raises(mf.InvalidRuleError, match="rules = 5: expected a preset name"):
        mf.score(**hand, rules=5)


def test_value_semantics(tmp_path):
    import copy
    import pickle

    r = RuleSet("tenhou", min_han=2, name="club")
    assert repr(r) == "RuleSet('tenhou', name='club', min_han=2)"
    assert repr(RuleSet.preset("shiima-2026")) == "RuleSet('shiima-2026')"
    assert RuleSet.preset("tenhou").replace(min_han=2).name == "tenhou+custom"
    assert RuleSet.preset("tenhou").replace(min_han=2).replace(min_han=1).name == "tenhou"
    for back in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r), RuleSet.from_dict(r.to_dict()), RuleSet.from_toml_text(r.to_toml())):
        assert back == r and back.name == "club" and hash(back) == hash(r) and back.core == r.core
    assert r != RuleSet.preset("tenhou") and len({r, RuleSet("tenhou", min_han=2)}) == 1
    with pytest.raises(AttributeError, match="immutable"):
        r.min_han = 3  # type: ignore[misc]
    # Labels never change what the options are.
    assert RuleSet.tenhou_lobby() == RuleSet.preset("tenhou")


def test_metadata_matches_the_core_and_the_class():
    from typing import get_type_hints

    meta = RuleSet.option_info()
    assert [o["name"] for o in meta] == mf._core.RiichiRules.fields() == list(RuleSet.preset("standard").options())
    hints = get_type_hints(RuleSet)
    for o in meta:
        assert o["doc"] and o["allowed"], o
        assert o["name"] in hints, o["name"]
        assert getattr(RuleSet.preset("standard"), o["name"]) == o["default"]
    assert [p["name"] for p in RuleSet.preset_info()] == list(PRESETS)
