"""Items of the published tai tables as options: 嚦咕嚦咕 (scored where set, refused
where not, under every preset), 地聽 (the association's 4 tai, a declaration of the
round), 連莊 / 拉莊 (the dealer tai 1 + 2N, or 1 + N without 拉莊)."""

import pytest
from mahjong_fast import IllegalActionError, InvalidHandError
from mahjong_fast import taiwan as tw

LIGU = "1133m2299p4477s11777z"
# Seat 1 waits on 1s / 4s after its first draw (7z) and discard.
HANDS = ["1289m129p19s1234567z8p", "234m567m345p678p23s55s", "1389m139p19s1234567z", "1479m147p19s1234567z"]


@pytest.mark.parametrize("preset", list(tw.PRESETS))
def test_seven_pairs_one_pung_is_refused_by_every_preset_and_scores_when_set(preset):
    with pytest.raises(InvalidHandError, match="嚦咕嚦咕 is off"):
        tw.score(LIGU, win_tile="1z", self_draw=True, rules=preset)
    s = tw.score(LIGU, win_tile="1z", self_draw=True, rules={"preset": preset, "seven_pairs_one_pung": 8})
    # 8 + 門清自摸 3 = 11, the figure of the public table this hand comes from.
    assert s.total == 11 and s.keys() == ["concealed_self_draw", "seven_pairs_one_pung"]
    assert s.tai_of("seven_pairs_one_pung") == 8 and s.tai_of("dragon_set") == 0 and s.tai_of("single_wait") == 0
    # Not five sets and a pair: no split is reported.
    assert s.pair is None and s.groups == () and s.wait is None and "split:" not in str(s)
    assert tw.TaiwanScore.from_dict(s.to_dict()) == s


def test_seven_pairs_one_pung_with_flowers_and_the_dealer():
    s = tw.score(LIGU, win_tile="1z", self_draw=True, flowers="春梅", dealer=True, consecutive=2,
                 rules={"seven_pairs_one_pung": 8})
    # 11 + two flowers of the East seat; the dealer tai 1 + 2 × 2 is apart.
    assert s.total == 13 and s.dealer_tai == 5
    assert [p.name_zh for p in s.patterns][-1] == "嚦咕嚦咕"
    # Waits and shanten stay those of five sets and a pair.
    assert tw.waits("1133m2299p4477s1777z") == []


def test_ready_on_first_discard_in_a_round():
    wall = tw.build_wall(HANDS, draws="7z4s")
    r = tw.TaiwanRound(wall, rules="atawmj2009")
    r.discard(0, "8p")
    r.draw()
    before = r.to_dict()
    for bad in ("5s",):  # discarding 5s leaves no ready hand
        with pytest.raises(IllegalActionError, match="not ready"):
            r.declare_ready(1, bad)
    with pytest.raises(IllegalActionError):
        r.declare_ready(2, "7z")  # not seat 2's turn
    assert r.to_dict() == before
    r.declare_ready(1, "7z")
    assert r.ready == [1] and ("declare_ready", 1, "7z") in r.events
    # Round trips keep the declaration; a round written before 地聽 reads as none.
    assert tw.TaiwanRound.from_dict(r.to_dict()).ready == [1]
    old = r.to_dict()
    del old["ready"]
    assert tw.TaiwanRound.from_dict(old).ready == []
    r.draw()
    r.discard(2, "4s")
    res = r.ron(1)
    assert res.wins[0].score.keys() == ["all_chows", "ready_on_first_discard"]
    assert res.wins[0].score.total == 6


def test_ready_seat_cannot_change_its_hand():
    wall = tw.build_wall(HANDS, draws="7z9m5s9p")
    r = tw.TaiwanRound(wall, rules="atawmj2009")
    r.discard(0, "8p")
    r.draw()
    r.declare_ready(1, "7z")
    r.draw()
    r.discard(2, "9m")
    r.draw()
    r.discard(3, "5s")  # seat 1 holds 55s but may not pung
    with pytest.raises(IllegalActionError, match="地聽"):
        r.pung(1)
    r.draw()
    r.discard(0, "9p")
    r.draw()  # seat 1 draws; only that tile may go
    drawn = r.state.drawn
    other = next(t for t in r.hands[1] if t != drawn)
    before = r.to_dict()
    with pytest.raises(IllegalActionError, match="only discard the tile it drew"):
        r.discard(1, other)
    assert r.to_dict() == before
    r.discard(1, drawn)


def test_ready_is_refused_without_the_rule_or_after_the_first_discard():
    wall = tw.build_wall(HANDS, draws="7z4s")
    r = tw.TaiwanRound(wall)  # common: no 地聽
    r.discard(0, "8p")
    r.draw()
    with pytest.raises(IllegalActionError, match="no 地聽"):
        r.declare_ready(1, "7z")
    r2 = tw.TaiwanRound(wall, rules="atawmj2009")
    r2.discard(0, "8p")
    with pytest.raises(IllegalActionError):
        r2.declare_ready(0, "1m")  # the dealer's turn has passed
    with pytest.raises(InvalidHandError):
        tw.score("567m345p678p234s55s", win_tile="4s", melds=["chi:234m"], declared_ready=True, rules="atawmj2009")


def test_ready_on_first_discard_wins_in_random_play():
    found = 0
    for seed in range(5):
        m = tw.TaiwanMatch(seed, "atawmj2009")
        tw.play_random(m, seed=seed)
        assert sum(m.points) == 0
        found += sum("ready_on_first_discard" in w.score.keys() for h in m.hands for w in h.result.wins if w.score)
    assert found >= 1


def test_dealer_tai_options_and_presets():
    for name, rules in tw.PRESETS.items():
        assert [rules.dealer_tai(n) for n in range(4)] == [1, 3, 5, 7], name
    assert [tw.TaiwanRules(pull_per_consecutive_deal=0).dealer_tai(n) for n in range(4)] == [1, 2, 3, 4]
    assert tw.TaiwanRules.preset("atawmj2009").ready_on_first_discard == 4
    assert tw.TaiwanRules().ready_on_first_discard == 0


# The values the cited tables print (docs/taiwan.md, "Published tables"), option by option.
ATAWMJ_2009 = {
    "dealer": 1, "per_consecutive_deal": 1, "pull_per_consecutive_deal": 1, "concealed": 1, "self_draw": 1,
    "concealed_self_draw": 3, "wind_set": 1, "seat_flower": 1, "robbing_kong": 1, "dragon_set": 1,
    "single_wait": 1, "half_calling": 1, "kong_bloom": 1, "last_discard": 1, "last_tile_draw": 1,
    "all_chows": 2, "all_calling": 2, "flower_set": 2, "three_concealed_pungs": 2,
    "ready_on_first_discard": 4, "all_pungs": 4,
}
PUBLIC_2023 = {
    "dealer": 1, "per_consecutive_deal": 1, "pull_per_consecutive_deal": 1, "concealed": 1, "self_draw": 1,
    "concealed_self_draw": 3, "single_wait": 1, "heavenly_win": 24, "earthly_win": 16, "human_win": 8,
    "big_four_winds": 16, "little_four_winds": 8, "big_three_dragons": 8, "little_three_dragons": 4,
    "five_concealed_pungs": 8, "four_concealed_pungs": 5, "all_pungs": 4, "all_calling": 2, "all_chows": 2,
    "four_kongs": 8, "half_flush": 4, "full_flush": 8,
}


@pytest.mark.parametrize("preset,table", [("atawmj2009", ATAWMJ_2009), ("common", PUBLIC_2023)])
def test_presets_hold_the_values_of_their_tables(preset, table):
    rules = tw.TaiwanRules.preset(preset)
    assert {k: getattr(rules, k) for k in table} == table


def test_atawmj2009_examples():
    r = "atawmj2009"
    # 平胡: five chows, no honors or flowers, two-sided, on a discard: 門清 1 + 平胡 2.
    assert tw.score("123m456m789m234p567p55s", win_tile="7p", rules=r).total == 3
    # A pair wait (釣將) is no 平胡: 門清 1 + 獨聽 1.
    assert tw.score("123m456m789m234p567p55s", win_tile="5s", rules=r).keys() == ["concealed", "single_wait"]
    # 花牌 by the printed number, 竹 = 3 = West: one tai for the West seat, none for North.
    assert tw.score("123m456m789m234p567p55s", win_tile="5s", flowers="竹", seat_wind="W", rules=r).tai_of("seat_flower") == 1
    assert tw.score("123m456m789m234p567p55s", win_tile="5s", flowers="竹", seat_wind="N", rules=r).tai_of("seat_flower") == 0
    # 不求 (門清 + 自摸 + 1) = 3; 三暗刻 2; 碰碰胡 4.
    assert tw.score("234m567m345p678p234s55s", win_tile="4s", self_draw=True, rules=r).total == 3
    s = tw.score("111m222m333p456s789s55z", win_tile="9s", rules=r)
    assert s.tai_of("three_concealed_pungs") == 2
    assert tw.score("111m222m333p444s55z", melds=["pon:777z"], win_tile="5z", rules=r).tai_of("all_pungs") == 4
    # 槓上開花 after a concealed kong, not after an exposed one.
    assert tw.score("123m456m789m234p55s", melds=["ankan:7777p"], win_tile="5s", self_draw=True,
                    replacement="concealed_kong", rules=r).tai_of("kong_bloom") == 1
    assert tw.score("123m456m789m234p55s", melds=["daiminkan:7777p"], win_tile="5s", self_draw=True,
                    replacement="exposed_kong", rules=r).tai_of("kong_bloom") == 0
