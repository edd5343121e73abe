"""Every flower case of seed 003, driven tile by tile through TaiwanRound.

Payments use the default base 100 + 20 per tai; the dealer (seat 0) adds 1 tai to
payments he takes part in. Hands: see taiwan_helpers.
"""

import mahjong_fast as mf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import taiwan as tw
from mahjong_fast.taiwan.flowers import is_flower, tokens
from mahjong_fast.taiwan.wall import full_set
from taiwan_helpers import WINNER16, neutral, tsumogiri


def go_around(r, n=4):
    for _ in range(n):
        tsumogiri(r)


def test_flower_is_exposed_and_replaced_from_the_back_and_wins_as_kong_bloom():
    hands = [neutral(0, extra="8p"), WINNER16, neutral(1), neutral(2)]
    w = tw.build_wall(hands, draws=["1z", "2z", "3z", "4z", "春"], replacements=["4s"])
    assert w[-1] == "4s"  # the back end
    r = tw.TaiwanRound(w)
    r.discard(0, "8p")
    go_around(r)
    n_before = len(r.wall)
    r.draw()  # seat 1 draws 春
    assert r.flowers[1] == ["春"] and r.hands[1][-1] == "4s"
    assert len(r.wall) == n_before - 2 and r.wall[-1] != "4s"
    res = r.tsumo(1)
    s = res.wins[0].score
    assert s.keys() == ["concealed_self_draw", "kong_bloom"] and s.total == 4
    # Self-draw: all three pay; the dealer adds his 1 tai.
    assert res.deltas == [-200, 560, -180, -180]
    assert not res.dealer_keeps


def test_prevailing_wind_flower_scores_under_seed003_only():
    hands = [neutral(0, extra="8p"), WINNER16, neutral(1), neutral(2)]
    w = tw.build_wall(hands, draws=["1z", "2z", "3z", "4z", "春"], replacements=["4s"])
    totals = {}
    for preset in ("common", "seed003"):
        r = tw.TaiwanRound(w, rules=tw.TaiwanRules.preset(preset))
        r.discard(0, "8p")
        go_around(r)
        r.draw()
        totals[preset] = r.tsumo(1).wins[0].score
    # 春 is East's flower: the winner sits South, the round is East.
    assert totals["common"].tai_of("seat_flower") == 0
    assert totals["seed003"].tai_of("seat_flower") == 1
    assert totals["seed003"].total == totals["common"].total + 1


def _full_live_wall(hands, last, replacements=()):
    """Draws that run the live wall to its last tile, which is `last`."""
    used = [t for h in hands for t in tokens(h)] + tokens(replacements) + [last]
    rest = full_set()
    for t in used:
        rest.remove(t)
    normal = sorted(t for t in rest if not is_flower(t))
    n_flowers_in_hands = sum(is_flower(t) for h in hands for t in tokens(h))
    live = 144 - 65 - n_flowers_in_hands - 16
    return tw.build_wall(hands, draws=normal[: live - 1] + [last], replacements=replacements)


def test_flower_as_last_live_tile_is_exposed_without_replacement_and_the_hand_is_drawn():
    hands = [neutral(0, extra="8p"), WINNER16, neutral(1), neutral(2)]
    r = tw.TaiwanRound(_full_live_wall(hands, "冬"))
    r.discard(0, "8p")
    while r.phase != "ended":
        tsumogiri(r)
    assert r.result.outcome == "exhaustive_draw"
    assert any(f == ["冬"] for f in r.flowers)
    assert len(r.wall) == 16  # nothing taken from the back
    assert r.result.deltas == [0, 0, 0, 0] and r.result.dealer_keeps


def test_seven_rob_one_is_not_possible_at_the_last_tile():
    # Seat 2 holds seven flowers; the dealer draws the 8th as the last live tile.
    hands = [neutral(0, extra="8p"), WINNER16, neutral(1)[:9] + list("春夏秋冬梅蘭菊"), neutral(2)]
    r = tw.TaiwanRound(_full_live_wall(hands, "竹", replacements=["7z", "7z", "6z", "6z", "5z", "5z", "4z"][:7]))
    assert len(r.flowers[2]) == 7
    r.discard(0, "8p")
    while r.phase == "claim":
        tsumogiri(r)
    assert r.phase == "ended" and r.result.outcome == "exhaustive_draw"
    assert r.flowers[0] == ["竹"] and r.flower_win_chance() is None


def test_opening_replacements_dealer_first_then_heavenly_win():
    hands = [WINNER16 + "春", neutral(0, "夏"), neutral(1), neutral(2)]
    r = tw.TaiwanRound(tw.build_wall(hands, replacements=["4s", "7z"]))
    assert [e for e in r.events if e[0] in ("flower", "replace")] == [
        ("flower", 0, "春"), ("replace", 0, "4s"), ("flower", 1, "夏"), ("replace", 1, "7z")]
    assert r.phase == "act" and r.turn == 0
    res = r.tsumo(0)
    s = res.wins[0].score
    # 天胡 24 + 門清自摸 3 + 春 for East 1; no 槓上開花 for an opening replacement.
    assert s.keys() == ["concealed_self_draw", "seat_flower", "heavenly_win"] and s.total == 28
    assert res.deltas == [3 * 680, -680, -680, -680] and res.dealer_keeps


@pytest.mark.parametrize("order, dealer_tiles, seat1_tiles", [
    ("per_seat", ["5s"], ["7z"]),   # the dealer replaces until no flower comes
    ("rounds", ["7z"], ["5s"]),     # one replacement per flower, seat after seat
])
def test_opening_replacement_orders(order, dealer_tiles, seat1_tiles):
    hands = [tokens(WINNER16)[:-1] + ["春", "秋"][:1] + ["4s"], neutral(0, "秋"), neutral(1), neutral(2)]
    rules = tw.TaiwanRules(opening_replacement=order)
    r = tw.TaiwanRound(tw.build_wall(hands, replacements=["夏", "5s", "7z"]), rules=rules)
    assert r.flowers[0] == ["春", "夏"] and r.flowers[1] == ["秋"]
    assert r.hands[0][-1:] == dealer_tiles and r.hands[1][-1:] == seat1_tiles


def _earthly_round(rules, draws=()):
    hands = [neutral(0, extra="4s"), tokens(WINNER16)[:-1] + ["夏"], neutral(1), neutral(2)]
    return tw.TaiwanRound(tw.build_wall(hands, draws=draws, replacements=["5s"]), rules=rules)


def test_win_on_dealers_first_discard_after_opening_replacement():
    # Seat 1 is ready only thanks to its opening replacement (5s for 夏).
    r = _earthly_round(tw.TaiwanRules())
    r.discard(0, "4s")
    res = r.ron(1)
    s = res.wins[0].score
    assert s.keys() == ["concealed", "seat_flower", "human_win"] and s.total == 10
    assert res.deltas == [-320, 320, 0, 0]
    # Seed 003 calls this 地胡.
    r = _earthly_round(tw.TaiwanRules.preset("seed003"))
    r.discard(0, "4s")
    s = r.ron(1).wins[0].score
    assert s.keys() == ["concealed", "seat_flower", "earthly_win"] and s.total == 18


def test_earthly_win_by_first_self_draw_under_default_rules():
    r = _earthly_round(tw.TaiwanRules(), draws=["4s"])
    r.discard(0, "9m")
    r.draw()
    res = r.tsumo(1)
    s = res.wins[0].score
    assert s.keys() == ["concealed_self_draw", "seat_flower", "earthly_win"] and s.total == 20
    assert res.deltas == [-520, 1520, -500, -500]


# --- 七搶一 -------------------------------------------------------------------------

def _seven_case1(draw_last="竹", back_last="4s"):
    # Seat 1 starts with six flowers, seat 3 with one; seat 1 later draws the 7th.
    hands = [neutral(0, extra="8p"), "234m567m345p6p春夏秋冬梅蘭", neutral(1), neutral(2, "菊")]
    w = tw.build_wall(hands, draws=["1z", "2z", "3z", "4z", draw_last],
                      replacements=["7p", "8p", "2s", "3s", "5s", "5s", "7z", back_last])
    r = tw.TaiwanRound(w)
    r.discard(0, "8p")
    go_around(r)
    r.draw()
    return r


def test_seven_rob_one_on_own_seventh_flower_with_a_normal_hand():
    r = _seven_case1()
    assert r.flower_win_chance() == (1, "seven_rob_one")
    res = r.declare_flower_win(1)
    kinds = [w.kind for w in res.wins]
    assert kinds == ["seven_rob_one", "normal"]
    flower, normal = res.wins
    # The single-flower holder (seat 3) pays 七搶一 as if he dealt in.
    assert flower.score.total == 8 and [(p.payer, p.amount) for p in flower.payments] == [(3, 260)]
    # The normal hand is a self-draw paid by all three (槓上開花 on the replacement).
    assert normal.score.keys() == ["concealed_self_draw", "seat_flower", "flower_set", "kong_bloom"]
    assert sorted((p.payer, p.amount) for p in normal.payments) == [(0, 280), (2, 260), (3, 260)]
    # Seat 3 pays both.
    assert res.deltas == [-280, 1060, -260, -520]


def test_seven_rob_one_without_a_normal_hand():
    r = _seven_case1(back_last="1p")
    res = r.declare_flower_win(1)
    assert [w.kind for w in res.wins] == ["seven_rob_one"]
    assert res.deltas == [0, 260, 0, -260]


def test_seven_rob_one_chance_lost_when_not_declared():
    r = _seven_case1(back_last="1p")
    r.discard(1, "1p")
    with pytest.raises(mf.IllegalActionError):
        r.declare_flower_win(1)
    tsumogiri(r)
    assert r.flower_win_chance() is None


def test_seven_rob_one_declared_with_tsumo_counts_both():
    res = _seven_case1().tsumo(1)
    assert [w.kind for w in res.wins] == ["seven_rob_one", "normal"]


def _seven_case2():
    # Seat 1 holds seven flowers; seat 2 later draws the 8th.
    hands = [neutral(0, extra="8p"), "234m567m345p春夏秋冬梅蘭菊", neutral(1), neutral(2)]
    w = tw.build_wall(hands, draws=["1z", "2z", "3z", "4z", "5z", "竹"],
                      replacements=["6p", "7p", "8p", "2s", "3s", "5s", "5s", "4s"])
    r = tw.TaiwanRound(w)
    assert len(r.flowers[1]) == 7 and r.flower_win_chance() is None
    r.discard(0, "8p")
    go_around(r, 5)
    r.draw()  # seat 2 draws 竹
    return r


def test_seven_rob_one_takes_the_replacement_of_the_eighth_flower():
    r = _seven_case2()
    assert r.phase == "steal" and r.flower_win_chance() == (1, "seven_rob_one")
    res = r.declare_flower_win(1)
    assert r.hands[1][-1] == "4s" and "4s" not in r.hands[2]
    flower, normal = res.wins
    assert [(p.payer, p.amount) for p in flower.payments] == [(2, 260)]
    assert normal.self_draw and normal.score.tai_of("kong_bloom") == 1
    assert res.deltas == [-280, 1060, -520, -260]


def test_stolen_replacement_kong_bloom_is_an_option():
    r = _seven_case2()
    r.rules = tw.TaiwanRules(kong_bloom_on_stolen_replacement=False)
    normal = r.declare_flower_win(1).wins[1]
    assert normal.score.tai_of("kong_bloom") == 0


def test_seven_rob_one_declined_then_lost():
    r = _seven_case2()
    r.decline(1)
    assert r.phase == "act" and r.turn == 2 and r.hands[2][-1] == "4s"
    with pytest.raises(mf.IllegalActionError):
        r.declare_flower_win(1)
    r.discard(2, "4s")
    with pytest.raises(mf.IllegalActionError):
        r.declare_flower_win(1)


def _seven_opening():
    # After the deal seat 1 holds seven flowers and seat 3 the eighth.
    hands = [neutral(0, extra="8p"), "234m567m345p春夏秋冬梅蘭菊", neutral(1), neutral(2, "竹")]
    repl = ["6p", "7p", "8p", "2s", "3s", "5s", "5s", "7z"]
    return tw.TaiwanRound(tw.build_wall(hands, draws=["4s"], replacements=repl))


def test_seven_rob_one_from_the_opening_at_the_winners_first_draw():
    r = _seven_opening()
    assert r.flower_win_chance() is None  # not the dealer: wait for seat 1's first draw
    r.discard(0, "8p")
    r.draw()
    assert r.flower_win_chance() == (1, "seven_rob_one")
    res = r.declare_flower_win(1)
    flower, normal = res.wins
    assert [(p.payer, p.amount) for p in flower.payments] == [(3, 260)]
    # First draw, nobody called: 地胡 16 + 門清自摸 3 + 花槓 2 + 夏 蘭 2.
    assert normal.score.total == 23 and normal.score.tai_of("earthly_win") == 16
    assert res.deltas == [-580, 1960, -560, -820]


def test_seven_rob_one_from_the_opening_lost_after_the_first_draw():
    r = _seven_opening()
    r.discard(0, "8p")
    r.draw()
    r.discard(1, "4s")
    go_around(r, 3)
    assert r.flower_win_chance() is None
    with pytest.raises(mf.IllegalActionError):
        r.declare_flower_win(1)


def test_seven_rob_one_void_when_someone_wins_first():
    # Seat 2 wins on the dealer's first discard before seat 3 (seven flowers) draws.
    hands = [neutral(0, extra="4s"), neutral(0), "234m567m345p678p23s55s", "1m2m春夏秋冬梅蘭菊" + "9p9p5z5z6z6z7z"]
    hands[1] = neutral(1, "竹")
    repl = ["7z", "3s", "4p", "5p", "6p", "7p", "8p", "9s"]
    r = tw.TaiwanRound(tw.build_wall(hands, replacements=repl))
    assert len(r.flowers[3]) == 7 and len(r.flowers[1]) == 1
    r.discard(0, "4s")
    r.ron(2)
    assert r.phase == "ended" and r.flower_win_chance() is None
    with pytest.raises(mf.IllegalActionError):
        r.declare_flower_win(3)


# --- 八仙過海 ------------------------------------------------------------------------

def test_eight_immortals_from_the_opening_with_a_normal_hand():
    hands = [neutral(0, extra="8p"), neutral(1), "234m567m34p春夏秋冬梅蘭菊竹", neutral(2)]
    repl = ["5p", "6p", "7p", "8p", "2s", "3s", "5s", "5s"]
    r = tw.TaiwanRound(tw.build_wall(hands, draws=["1z", "4s"], replacements=repl))
    r.discard(0, "8p")
    tsumogiri(r)
    r.draw()
    assert r.flower_win_chance() == (2, "eight_immortals")
    res = r.declare_flower_win(2)
    eight, normal = res.wins
    # Always a self-draw: all three pay 8 tai (the dealer 9).
    assert sorted((p.payer, p.amount) for p in eight.payments) == [(0, 280), (1, 260), (3, 260)]
    # 地胡 16 + 門清自摸 3 + two 花槓 4 + 秋 菊 for West 2.
    assert normal.score.total == 25
    assert res.deltas == [-900, -860, 2620, -860]


def test_eight_immortals_mid_hand_on_the_replacement_draw():
    hands = [neutral(0, extra="8p"), "234m567m345p春夏秋冬梅蘭菊", neutral(1), neutral(2)]
    w = tw.build_wall(hands, draws=["1z", "2z", "3z", "4z", "竹"],
                      replacements=["6p", "7p", "8p", "2s", "3s", "5s", "5s", "4s"])
    r = tw.TaiwanRound(w)
    r.discard(0, "8p")
    go_around(r)
    r.draw()
    assert r.flower_win_chance() == (1, "eight_immortals")
    res = r.declare_flower_win(1)
    eight, normal = res.wins
    assert eight.self_draw and normal.score.total == 10  # 3 + 槓上開花 1 + 花槓 4 + 正花 2
    assert res.deltas == [-600, 1720, -560, -560]


def test_eight_immortals_not_at_the_last_tile():
    # The dealer holds seven flowers and draws the 8th as the last live tile.
    hands = [neutral(0)[:9] + ["8p"] + list("春夏秋冬梅蘭菊"), WINNER16, neutral(1), neutral(2)]
    r = tw.TaiwanRound(_full_live_wall(hands, "竹", replacements=["7z", "7z", "6z", "6z", "5z", "5z", "4z"]))
    r.discard(0, "8p")
    while r.phase == "claim":
        tsumogiri(r)
    assert r.result.outcome == "exhaustive_draw" and r.flowers[0][-1] == "竹"
    assert len(r.flowers[0]) == 8 and r.flower_win_chance() is None


def test_flowers_void_all_chows():
    assert tw.score(WINNER16 + "4s", win_tile="4s").tai_of("all_chows") == 2
    for f in ("冬", "梅", 3):
        assert tw.score(WINNER16 + "4s", win_tile="4s", flowers=[f]).tai_of("all_chows") == 0


def test_kong_replacement_win_through_the_round():
    hands = [neutral(0, extra="8p"), "6666m234m345p678p23s5s", neutral(1), neutral(2)]
    r = tw.TaiwanRound(tw.build_wall(hands, draws=["1z", "2z", "3z", "4z", "5s"], replacements=["4s"]))
    r.discard(0, "8p")
    go_around(r)
    r.draw()  # 5s
    r.concealed_kong(1, "6m")
    assert r.hands[1][-1] == "4s"
    with pytest.raises(mf.IllegalActionError):
        r.ron(2)
    s = r.tsumo(1).wins[0].score
    assert s.tai_of("kong_bloom") == 1 and s.tai_of("concealed_self_draw") == 3


def test_illegal_actions_raise():
    hands = [neutral(0, extra="8p"), WINNER16, neutral(1), neutral(2)]
    r = tw.TaiwanRound(tw.build_wall(hands, draws=["1z"]))
    with pytest.raises(mf.IllegalActionError):
        r.discard(1, "2m")  # not seat 1's turn
    with pytest.raises(mf.IllegalActionError):
        r.discard(0, "5s")  # not in hand
    with pytest.raises(mf.IllegalActionError):
        r.tsumo(0)  # not a winning hand
    with pytest.raises(mf.IllegalActionError):
        r.declare_flower_win(0)
    with pytest.raises(mf.MahjongError):
        tw.TaiwanRound(tw.build_wall(hands)[:70])
    with pytest.raises(mf.InvalidHandError, match="unique"):
        tw.build_wall([neutral(0, "春", extra="8p"), WINNER16, neutral(1, "春"), neutral(2)])


def test_robbing_an_added_kong_through_the_round():
    # Seat 1 pungs the dealer's 5p and later adds the 4th; seat 2 waits on 5p alone.
    hands = [neutral(0, extra="5p"), "55p234m567m345s678s9s1z", "234m567m46p678s234s55s", neutral(2)]
    r = tw.TaiwanRound(tw.build_wall(hands, draws=["1s", "9p", "2p", "5p"], replacements=["9m"]))
    r.discard(0, "5p")
    r.pung(1)
    with pytest.raises(mf.IllegalActionError):
        r.tsumo(1)  # a called tile is no self-draw
    r.discard(1, "1z")
    go_around(r, 3)
    r.draw()
    r.added_kong(1, "5p")
    assert r.phase == "rob"
    res = r.ron(2)
    s = res.wins[0].score
    assert s.keys() == ["concealed", "single_wait", "robbing_kong"] and s.total == 3
    assert res.deltas == [0, -160, 160, 0]


def test_added_kong_not_robbed_gives_a_replacement():
    hands = [neutral(0, extra="5p"), "55p234m567m345s678s9s1z", "234m567m46p678s234s55s", neutral(2)]
    r = tw.TaiwanRound(tw.build_wall(hands, draws=["1s", "9p", "2p", "5p"], replacements=["9m"]))
    r.discard(0, "5p")
    r.pung(1)
    r.discard(1, "1z")
    go_around(r, 3)
    r.draw()
    r.added_kong(1, "5p")
    r.proceed()
    assert r.phase == "act" and r.turn == 1 and r.hands[1][-1] == "9m"
    assert [m.kind for m in r.melds[1]] == ["kakan"]



@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 3), st.sampled_from(["per_seat", "rounds"]))
def test_random_walls_play_out_and_conserve_tiles(seed, dealer, order):
    import random

    wall = full_set()
    random.Random(seed).shuffle(wall)
    r = tw.TaiwanRound(wall, dealer=dealer, rules=tw.TaiwanRules(opening_replacement=order))
    for _ in range(400):
        if r.phase == "ended":
            break
        if r.phase == "act":
            r.discard(r.turn, r.hands[r.turn][-1])
        elif r.phase == "claim":
            r.draw()
        elif r.phase == "steal":
            r.decline(r.flower_win_chance()[0])
        held = [t for s in range(4) for t in r.hands[s] + r.flowers[s] + r.discards[s]]
        assert len(held) + len(r.wall) == 144
        assert not any(is_flower(t) for h in r.hands for t in h)
        for s in range(4):
            extra = 1 if (r.phase == "act" and s == r.turn) else 0
            assert len(r.hands[s]) == 16 + extra
    assert r.phase == "ended" and r.result.outcome == "exhaustive_draw"
    # Flowers are exposed, or still in the 16 tiles kept back.
    assert sum(len(f) for f in r.flowers) + sum(is_flower(t) for t in r.wall) == 8
    assert len(r.wall) == 16


def test_nearest_seat_wins_a_discard_claimed_twice():
    hands = [neutral(0, extra="4s"), WINNER16, "345m678m456p789p23s66s", neutral(2)]
    r = tw.TaiwanRound(tw.build_wall(hands))
    r.discard(0, "4s")
    with pytest.raises(mf.IllegalActionError, match="nearer"):
        r.ron(2)
    r.decline(1)
    res = r.ron(2)
    assert res.wins[0].winner == 2 and res.deltas[0] < 0 and res.deltas[1] == 0


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 3))
def test_random_walls_with_flower_wins_declared(seed, dealer):
    """Walls with many flowers dealt to one seat: whenever a flower win is offered it
    is declared; the payments balance and the winner holds seven or eight flowers."""
    import random

    rng = random.Random(seed)
    wall = full_set()
    rng.shuffle(wall)
    # Move 6..8 flowers into the first tiles dealt to one seat.
    holder = rng.randrange(4)
    k = rng.randint(6, 8)
    flowers = [t for t in wall if is_flower(t)][:k]
    rest = [t for t in wall if t not in flowers]
    order = [(dealer + j) % 4 for j in range(4)]
    pos = order.index(holder) * 4  # the holder's first block of four
    wall = rest[:pos] + flowers[:4] + rest[pos:]
    pos2 = 16 + order.index(holder) * 4
    wall = wall[:pos2] + flowers[4:] + wall[pos2:]
    r = tw.TaiwanRound(wall, dealer=dealer)
    for _ in range(400):
        if r.phase == "ended":
            break
        chance = r.flower_win_chance()
        if chance:
            res = r.declare_flower_win(chance[0])
            assert sum(res.deltas) == 0
            assert len(r.flowers[chance[0]]) in (7, 8)
            assert res.wins[0].kind == chance[1]
            if chance[1] == "seven_rob_one":
                payer = res.wins[0].payments[0].payer
                assert len(r.flowers[payer]) == 1
            break
        if r.phase == "act":
            r.discard(r.turn, r.hands[r.turn][-1])
        elif r.phase == "claim":
            r.draw()
    assert r.phase == "ended"
