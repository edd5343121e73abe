"""The named demo rounds (taiwan_helpers.demo_round) played to their point: each
asserts what the action it sets up must do."""

from taiwan_helpers import demo_round


def test_first_draw_self_draw_is_an_earthly_win():
    r = demo_round("tsumo")
    assert [r.seat_wind(s) for s in range(4)] == [0, 1, 2, 3]
    r.discard(0, "8p")
    assert r.phase == "claim"
    r.draw()
    assert (r.turn, r.hands[1][-1]) == (1, "4s")
    # 地胡 16 + 門清自摸 3; the dealer pays 1 more tai.
    assert r.tsumo(1).deltas == [-500, 1460, -480, -480]


def test_win_on_a_first_go_around_discard_is_a_human_win():
    r = demo_round("ron")
    r.discard(0, "4s")
    assert r.ron(1).wins[0].score.keys() == ["concealed", "all_chows", "human_win"]


def test_chow_by_the_next_seat():
    r = demo_round("ron")
    r.discard(0, "4s")
    r.chow(1, "23s")
    assert str(r.melds[1][0]) == "chi:234s" and r.phase == "act" and r.turn == 1


def test_seventh_flower_with_a_completing_replacement_scores_both_wins():
    r = demo_round("seven")
    assert r.flower_win_chance() == (1, "seven_rob_one")
    assert [w.kind for w in r.declare_flower_win(1).wins] == ["seven_rob_one", "normal"]


def test_declining_the_steal_gives_the_exposer_its_replacement():
    r = demo_round("steal")
    assert r.flower_win_chance() == (1, "seven_rob_one")
    r.decline(1)
    assert (r.phase, r.turn) == ("act", 2)


def test_pung_then_added_kong_then_replacement():
    r = demo_round("pung")
    r.discard(0, "5p")
    r.pung(1)
    assert str(r.melds[1][0]) == "pon:555p"
    r.discard(1, "1z")
    for _ in range(3):
        r.draw()
        r.discard(r.turn, r.hands[r.turn][-1])
    r.draw()
    r.added_kong(1, "5p")
    assert r.phase == "rob"
    r.proceed()
    assert r.hands[1][-1] == "9m" and str(r.melds[1][0]) == "kakan:5555p"


def test_concealed_kong_replaces_from_the_back():
    r = demo_round("kong")
    r.discard(0, "8p")
    r.draw()
    r.concealed_kong(1, "6m")
    assert r.hands[1][-1] == "4s" and str(r.melds[1][0]) == "ankan:6666m"


def test_exposed_kong_replacement_win_is_a_kong_bloom():
    r = demo_round("exposed_kong")
    r.discard(0, "6m")
    r.exposed_kong(1)
    assert r.tsumo(1).wins[0].score.tai_of("kong_bloom") == 1
