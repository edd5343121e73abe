"""Payments: base + tai × rate; self-draw paid by all three, a discard by the
discarder; the dealer's tai only in payments the dealer takes part in."""

import mahjong_fast as mf
import pytest
from mahjong_fast import taiwan as tw


def test_discard_without_the_dealer():
    pays = tw.win_payments(2, 5, dealer_seat=0, discarder=3)
    assert [(p.payer, p.payee, p.tai, p.amount) for p in pays] == [(3, 2, 5, 200)]
    assert tw.settle(pays) == [0, 0, 200, -200]


def test_discard_by_the_dealer_adds_dealer_tai():
    # 連2拉2: dealer tai 1 + 2×2 = 5.
    pays = tw.win_payments(2, 5, dealer_seat=0, consecutive=2, discarder=0)
    assert [(p.payer, p.tai, p.amount) for p in pays] == [(0, 10, 300)]


def test_self_draw_by_a_non_dealer():
    pays = tw.win_payments(1, 3, dealer_seat=3, consecutive=1)
    assert {p.payer: p.amount for p in pays} == {2: 160, 3: 100 + (3 + 3) * 20, 0: 160}
    assert sum(tw.settle(pays)) == 0


def test_self_draw_by_the_dealer():
    pays = tw.win_payments(0, 3, dealer_seat=0, consecutive=0)
    assert [p.amount for p in pays] == [180, 180, 180]
    assert tw.settle(pays) == [540, -180, -180, -180]


def test_rates_are_rule_options():
    rules = tw.TaiwanRules(base=300, per_tai=100)
    assert tw.win_payments(1, 2, dealer_seat=0, discarder=2, rules=rules)[0].amount == 500


def test_payments_reject_bad_seats():
    with pytest.raises(mf.ArgumentError):
        tw.win_payments(4, 1, dealer_seat=0)
    with pytest.raises(mf.InvalidHandError):
        tw.win_payments(1, 1, dealer_seat=0, discarder=1)


def test_round_result_payments_match_the_score():
    s = tw.score("123m456m789m234p567p55s", win_tile="7p")
    pays = tw.win_payments(1, s.total, dealer_seat=0, discarder=0)
    assert pays[0].amount == 100 + (3 + 1) * 20
