"""Each mapped ``OptionalRules`` option on hands where it matters, through the installed
``mahjong`` package and the drop-in: every response field must agree (the random
hands of the differential run seldom reach these shapes). Options refused on a hand
raise ``InvalidRuleError`` naming the field."""

from __future__ import annotations

import importlib

import pytest

mahjong = pytest.importorskip("mahjong")

import mahjong_fast.compat.mahjong as ours  # noqa: E402
from compat_diff import fields  # noqa: E402
from mahjong_fast import InvalidRuleError  # noqa: E402

for _pkg in (mahjong, ours):
    for _sub in ("meld", "tile", "constants", "hand_calculating.hand", "hand_calculating.hand_config"):
        importlib.import_module(f"{_pkg.__name__}.{_sub}")


def both(hand: str, win: str, options: dict, melds=(), **flags):
    """Fields of the response of each package for an mpsz hand (all tiles) and win tile."""
    out = []
    for pkg in (mahjong, ours):
        tc = pkg.tile.TilesConverter
        tiles = tc.one_line_string_to_136_array(hand, has_aka_dora=True)
        win_id = next(t for t in tiles if t // 4 == tc.one_line_string_to_34_array(win).index(1))
        Meld = pkg.meld.Meld
        ms = [Meld(meld_type=k, tiles=tc.one_line_string_to_136_array(t), opened=o) for k, t, o in melds]
        hc = pkg.hand_calculating.hand_config
        config = hc.HandConfig(options=hc.OptionalRules(**options), **flags)
        r = pkg.hand_calculating.hand.HandCalculator.estimate_hand_value(tiles, win_id, melds=ms, config=config)
        out.append(fields(r))
    return out


CASES = [
    # (hand, win, options, flags): each where the option changes the value
    ("22334455667788p", "5p", dict(has_daisharin=True), dict(player_wind=28, round_wind=27)),
    ("22334455667788s", "5s", dict(has_daisharin_other_suits=True), dict(is_tsumo=True, player_wind=29, round_wind=27)),
    ("22334455667788m", "8m", dict(has_daisharin=True), dict(player_wind=28, round_wind=27)),
    ("11223344556677z", "7z", dict(has_daichisei=True), dict(is_tsumo=True, player_wind=27, round_wind=27)),
    ("11223344556677z", "7z", dict(has_daichisei=False), dict(player_wind=28, round_wind=27)),
    (
        "11122233344455z",
        "5z",
        dict(limit_to_sextuple_yakuman=True),
        dict(is_tsumo=True, is_tenhou=True, player_wind=27),
    ),
    (
        "11122233344455z",
        "5z",
        dict(limit_to_sextuple_yakuman=False),
        dict(is_tsumo=True, is_tenhou=True, player_wind=27),
    ),
    (
        "234567m22334455p",
        "5p",
        dict(fu_for_pinfu_tsumo=True),
        dict(is_tsumo=True, is_riichi=True, player_wind=28, round_wind=27),
    ),
    (
        "234567m22334455p",
        "5p",
        dict(fu_for_pinfu_tsumo=False),
        dict(is_tsumo=True, is_riichi=True, player_wind=28, round_wind=27),
    ),
    (
        "11123455678999p",
        "5p",
        dict(kazoe_limit=2),
        dict(is_riichi=True, is_ippatsu=True, is_tsumo=True, player_wind=28, round_wind=27),
    ),
    ("22233344455566p", "6p", dict(renhou_as_yakuman=True), dict(is_renhou=True, player_wind=29, round_wind=27)),
    ("22233344455566p", "6p", dict(renhou_as_yakuman=False), dict(is_renhou=True, player_wind=29, round_wind=27)),
    # HandConfig.is_open_riichi: open riichi (2 han), double open riichi (3), tsumo.
    ("123789m234p56799s", "3p", {}, dict(is_riichi=True, is_open_riichi=True, player_wind=28, round_wind=27)),
    (
        "123789m234p56799s",
        "3p",
        {},
        dict(is_riichi=True, is_daburu_riichi=True, is_open_riichi=True, player_wind=28, round_wind=27),
    ),
    (
        "123789m234p56799s",
        "3p",
        dict(has_sashikomi_yakuman=True),
        dict(is_tsumo=True, is_riichi=True, is_open_riichi=True, player_wind=27, round_wind=27),
    ),
]


@pytest.mark.parametrize("hand,win,options,flags", CASES)
def test_option_agrees_with_mahjong(hand, win, options, flags):
    theirs, mine = both(hand, win, options, **flags)
    assert theirs["error"] is None
    if all(y[4] for y in theirs["yaku"]):
        # A yakuman's fu: the package reports its reading of most fu (a documented difference).
        assert theirs["fu"] >= mine["fu"]
        theirs, mine = ({k: v for k, v in d.items() if k not in ("fu", "fu_details")} for d in (theirs, mine))
    assert mine == theirs


def test_open_pinfu_fu_off_on_a_ron_agrees():
    melds = [("chi", "234m", True)]
    theirs, mine = both(
        "234m567p345s23455s",
        "2s",
        dict(fu_for_open_pinfu=False, has_open_tanyao=True),
        melds,
        player_wind=28,
        round_wind=27,
    )
    assert (theirs["fu"], theirs["cost"]["main"]) == (20, 700)
    assert mine == theirs


def test_open_pinfu_fu_off_on_an_open_tsumo_is_refused():
    melds = [("chi", "234m", True)]
    with pytest.raises(InvalidRuleError, match="fu_for_open_pinfu"):
        both(
            "234m567p345s23455s",
            "2s",
            dict(fu_for_open_pinfu=False, has_open_tanyao=True),
            melds,
            is_tsumo=True,
            player_wind=28,
            round_wind=27,
        )


def test_sashikomi_on_an_open_riichi_ron_is_refused():
    with pytest.raises(InvalidRuleError, match="has_sashikomi_yakuman"):
        both(
            "123789m234p56799s",
            "3p",
            dict(has_sashikomi_yakuman=True),
            is_riichi=True,
            is_open_riichi=True,
            player_wind=28,
            round_wind=27,
        )


# HandConfig.paarenchan = 1 on a dealer win: a hand with no yaku of its own (an open
# hand of no yakuhai, won on a discard) and one with a yaku (riichi), under both values
# of paarenchan_needs_yaku; a yakuman beside it adds up.
PAARENCHAN = [
    ("234999m567p22789s", "2s", [("pon", "999m", True)], {}),
    ("234m567p345s22789s", "2s", [], dict(is_riichi=True)),
    ("11122233344455z", "5z", [], dict(is_tsumo=True)),
]


@pytest.mark.parametrize("hand,win,melds,flags", PAARENCHAN)
@pytest.mark.parametrize("needs_yaku", [True, False])
def test_paarenchan_agrees_with_mahjong(hand, win, melds, flags, needs_yaku):
    theirs, mine = both(
        hand, win, dict(paarenchan_needs_yaku=needs_yaku), melds, paarenchan=1, player_wind=27, round_wind=28, **flags
    )
    if theirs["error"] is None:
        assert any(y[1] == "Paarenchan" for y in theirs["yaku"])
        assert theirs["fu"] >= mine["fu"]
        theirs, mine = ({k: v for k, v in d.items() if k not in ("fu", "fu_details")} for d in (theirs, mine))
    else:
        assert needs_yaku and theirs["error"] == "no_yaku"
    assert mine == theirs


def test_paarenchan_without_a_yaku_differs_between_the_two_settings():
    hand, win, melds = PAARENCHAN[0][:3]
    _, needing = both(hand, win, {}, melds, paarenchan=1, player_wind=27, round_wind=28)
    _, free = both(hand, win, dict(paarenchan_needs_yaku=False), melds, paarenchan=1, player_wind=27, round_wind=28)
    assert needing["error"] == "no_yaku"
    assert free["cost"]["main"] == 48000 and free["yaku"][0][1] == "Paarenchan"


@pytest.mark.parametrize(
    "flags,match",
    [(dict(paarenchan=2, player_wind=27), "paarenchan = 2"), (dict(paarenchan=1, player_wind=28), "non-dealer")],
)
def test_paarenchan_without_counterpart_is_refused(flags, match):
    with pytest.raises(InvalidRuleError, match=match):
        both("234m567p345s22789s", "2s", {}, is_riichi=True, round_wind=27, **flags)


def both_aotenjou(hand: str, win: str, options: dict, **flags):
    """Fields of each package's response under its ``Aotenjou`` score calculator."""
    out = []
    for pkg in (mahjong, ours):
        tc = pkg.tile.TilesConverter
        tiles = tc.one_line_string_to_136_array(hand)
        win_id = next(t for t in tiles if t // 4 == tc.one_line_string_to_34_array(win).index(1))
        hc = pkg.hand_calculating.hand_config
        config = hc.HandConfig(options=hc.OptionalRules(**options), **flags)
        factory = pkg.hand_calculating.scores.Aotenjou
        calc = pkg.hand_calculating.hand.HandCalculator
        out.append(fields(calc.estimate_hand_value(tiles, win_id, config=config, scores_calculator_factory=factory)))
    return out


AOTENJOU_YAKUMAN = [
    # Suuankou tanki (double) with haku beside it: 26 + 1 han at 60 fu.
    ("111m444p777s55522z", "2z", dict(), dict(player_wind=28, round_wind=27)),
    # The same with single yakuman doubles, a tsumo: 13 + tsumo + haku.
    ("111m444p777s55522z", "2z", dict(has_double_yakuman=False), dict(is_tsumo=True, player_wind=28, round_wind=27)),
    # Thirteen orphans at 40 fu on a ron, 30 on a tsumo; riichi does not count beside it.
    ("19m19p19s12345677z", "1m", dict(), dict(player_wind=28, round_wind=27)),
    ("19m19p19s12345677z", "1m", dict(), dict(is_tsumo=True, is_riichi=True, player_wind=28, round_wind=27)),
    # Daisharin: tsumo beside it (chinitsu, pinfu, tanyao, ryanpeikou implied).
    ("22334455667788p", "8p", dict(has_daisharin=True), dict(is_tsumo=True, player_wind=28, round_wind=27)),
    # A pinfu-shaped heavenly win: tsumo, tanyao and pinfu at 20 fu beside it.
    ("234m567p678s33345s", "3s", dict(), dict(is_tsumo=True, is_tenhou=True, player_wind=27, round_wind=27)),
    # All green with the green dragon's triplet: hatsu and iipeikou beside it (honitsu implied).
    ("22334466688s666z", "6z", dict(), dict(player_wind=28, round_wind=27)),
    # Nine gates with its one suit implied: 13 + tsumo.
    ("11123455678999m", "5m", dict(has_double_yakuman=False), dict(is_tsumo=True, player_wind=28, round_wind=27)),
]


@pytest.mark.parametrize("hand,win,options,flags", AOTENJOU_YAKUMAN)
def test_aotenjou_yakuman_with_other_yaku(hand, win, options, flags):
    # The package's Aotenjou counts a yakuman's 13 han beside the hand's other yaku and
    # dora: the core's aotenjou_yakuman = "with_yaku".
    theirs, mine = both_aotenjou(hand, win, options, **flags)
    assert theirs["error"] is None and theirs["cost"]["main"] > 0
    assert mine == theirs
