"""Errors: every bad argument value is a MahjongError subclass naming the argument
and the allowed range; text is checked before it is encoded; huge inputs are quoted
by a bounded prefix; internal faults are not user errors; a failed call changes no
state. (Ctrl-C of long calls: tests/test_interrupt.py.)"""

import doctest

import mahjong_fast as mf
import pytest
from mahjong_fast import _core, errors, solitaire

HAND, WIN = "123m456p789s23455s", "2s"


def refused(call, argument, allowed):
    """`call` raises ArgumentError naming `argument` and the range `allowed`."""
    with pytest.raises(mf.ArgumentError) as ei:
        call()
    e = ei.value
    assert isinstance(e, mf.MahjongError) and e.kind == "ArgumentError"
    assert e.argument == argument, str(e)
    assert argument in str(e) and allowed in str(e), str(e)
    assert e.row is None
    return e


# -- the reproducers of the issue, run as written ------------------------------------


def test_score_honba_negative():
    e = refused(lambda: mf.score(HAND, WIN, honba=-1), "honba", "0-255")
    assert e.input == -1


def test_meld_from_seat_negative():
    refused(lambda: mf.Meld("pon", "555z", None, -1), "from_seat", "0-3")


def test_points_negative_han():
    refused(lambda: mf.points(-1, 30), "han", "1-200")


def test_solitaire_solve_negative_budget():
    board = solitaire.Board(solitaire.layout([(0, 0, 0), (2, 0, 0)]), ["1m", "1m"])
    refused(lambda: solitaire.solve(board, -1, 10), "max_nodes", "0-2**64-1")


def test_match_apply_huge_seat():
    m = mf.Match()
    before = m.phase, m.to_act
    refused(lambda: m.apply(2**64, {"type": "pass"}), "seat", "0-3")
    assert (m.phase, m.to_act) == before


def test_lone_surrogate_text():
    e = refused(lambda: mf.to_ids("1m\ud800"), "tiles", "lone surrogate at index 2")
    assert e.input == "1m\ud800"


def test_survey_count_bounded():
    lay = mf.SolitaireLayout.builtin("turtle")
    for count in (2**40, 2**62):
        refused(lambda c=count: _core.solitaire_survey(lay, 1, 0, c), "count", "0-10000000")
    refused(lambda: _core.solitaire_survey(lay, 1, 2**64 - 1, 2), "start", "2**64-1")


def test_game_hint_refused_costs_nothing():
    g = mf.SolitaireGame("turtle", seed=7, scoring="penalty")
    before = g.score()
    with pytest.raises(mf.ArgumentError):
        g.hint(-1, 5)
    assert g.score() == before
    g.hint()
    assert g.score() == before - 50


def test_game_shuffle_refused_changes_nothing():
    g = mf.SolitaireGame("turtle", seed=7, scoring="penalty")
    faces, score, shuffles = g.faces, g.score(), g._shuffles
    with pytest.raises(mf.ArgumentError):
        g.shuffle(-1)
    assert (g.faces, g.score(), g._shuffles) == (faces, score, shuffles)
    g.shuffle()
    assert g._shuffles == shuffles + 1 and g.score() < score


# -- every integer argument: range, wrong type, huge values ---------------------------


@pytest.mark.parametrize("bad", [-1, 256, 2**64, 2**300, 1.5, "3", True, None], ids=repr)
def test_integer_argument_wrong_value_or_type(bad):
    e = refused(lambda: mf.score(HAND, WIN, riichi_sticks=bad), "riichi_sticks", "0-255")
    assert len(str(e)) < 200


@pytest.mark.parametrize(
    "call, argument, allowed",
    [
        (lambda: mf.score(HAND, WIN, winner=4), "winner", "0-3"),
        (lambda: mf.score(HAND, WIN, dealer=-1), "dealer", "0-3"),
        (lambda: mf.score(HAND, WIN, discarder=2**70), "discarder", "0-3"),
        (lambda: mf.score(HAND, WIN, pao=9), "pao", "0-3"),
        (lambda: mf.score(HAND, WIN, kita=5), "kita", "0-4"),
        (lambda: mf.score(HAND, WIN, n_players=5), "n_players", "3-4"),
        (lambda: mf.points(3, 10), "fu", "20-200"),
        (lambda: mf.Match(seed=-1), "seed", "0-2**64-1"),
        (lambda: mf.Match().legal_actions(4), "seat", "0-3"),
        (lambda: mf.Match().hand(-1), "seat", "0-3"),
        (lambda: mf.Match().penalty(7, "chombo"), "seat", "0-3"),
        (lambda: mf.Match("shiima-2026").elapsed(-5), "minutes", "0-4294967295"),
        (lambda: mf.Match().apply(0, {"type": "discard", "tile": 2**64}), "tile", "0-135"),
        (lambda: mf.Match().apply(0, {"type": "chi", "tiles": [1, -1]}), "tile", "0-135"),
        (lambda: mf.final_result([25000] * 4, first_dealer=4), "first_dealer", "0-3"),
        (lambda: mf.self_play(-1), "n", "0-2**64-1"),
        (lambda: mf.self_play(1, seed=2**64), "seed", "0-2**64-1"),
    ],
)
def test_integer_arguments_named_with_their_range(call, argument, allowed):
    refused(call, argument, allowed)


def test_solitaire_integer_arguments():
    lay = mf.SolitaireLayout.builtin("turtle")
    board = mf.SolitaireBoard(lay, _core.solitaire_deal(lay, 1)["faces"])
    refused(lambda: _core.solitaire_deal(lay, -1), "seed", "0-2**64-1")
    refused(lambda: _core.solitaire_deal(lay, 1, "uniform", 0), "max_attempts", "1-100000")
    refused(lambda: _core.solitaire_shuffle(board, 2**64), "seed", "0-2**64-1")
    refused(lambda: _core.solitaire_playout_share(board, 10**9), "playouts", "0-100000000")
    refused(lambda: _core.solitaire_uniform_faces(lay, 0, -3), "index", "0-2**64-1")
    refused(lambda: _core.solitaire_solve_many(lay, [], max_millis=-1), "max_millis", "0-2**64-1")


# -- text ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda: mf.score("123m456p789s2345\ud800s", WIN), "tiles"),
        (lambda: mf.score(HAND, "2\udfffs"), "tile"),
        (lambda: mf.Meld("p\ud800n", "555z"), "kind"),
        (lambda: mf.shanten(["1m"]) if False else mf.to_mpsz("\udc801m"), "tiles"),
        (lambda: mf.score(HAND, WIN, melds=["pon:5\ud80055z"]), "melds"),
        (lambda: mf.Match().penalty(0, "chombo\ud800"), "kind"),
        (lambda: mf.Match().apply(0, {"type": "\ud800"}), "type"),
        (lambda: mf.read_log("\ud800.mjlog"), "path"),
        (lambda: mf.verify_logs(["\ud800"]), "files"),
        (lambda: _core.solitaire_deal(mf.SolitaireLayout.builtin("turtle"), 1, "uni\ud800"), "method"),
    ],
)
def test_text_checked_before_encoding(call, argument):
    refused(call, argument, "lone surrogate")


def test_text_arguments_of_the_wrong_type():
    refused(lambda: mf.Meld(5, "555z"), "kind", "must be text")
    refused(lambda: mf.read_log(5), "path", "must be a path")
    refused(lambda: mf.verify_logs("logs/"), "files", "sequence of paths")


# -- bounded messages and inputs ----------------------------------------------------


def test_huge_text_is_quoted_by_a_bounded_prefix():
    huge = "1m" * 500_000 + "x"
    with pytest.raises(mf.TileParseError) as ei:
        mf.to_ids(huge)
    msg = str(ei.value)
    assert len(msg) < 300 and "(1000001 characters)" in msg, msg[:300]
    assert ei.value.input.endswith("…") and len(ei.value.input) < 300


def test_huge_hand_count_message_is_bounded():
    with pytest.raises(mf.InvalidHandError) as ei:
        mf.to_ids("1m" * 100_000)
    assert len(str(ei.value)) < 300


def test_huge_integer_is_described_not_printed():
    e = refused(lambda: mf.score(HAND, WIN, honba=10**100_000), "honba", "0-255")
    assert "bits" in str(e) and len(str(e)) < 200


# -- the classes ---------------------------------------------------------------------


def test_every_class_carries_kind_input_row():
    for kind, cls in errors.KINDS.items():
        assert issubclass(cls, mf.MahjongError) and issubclass(cls, ValueError)
        assert cls.kind == kind == cls.__name__
        assert cls.input is None and cls.row is None
    assert set(errors.KINDS) >= {"ArgumentError", "TileParseError", "NoYakuError", "LogParseError"}


def test_internal_error_is_not_a_user_error():
    assert issubclass(mf.InternalError, RuntimeError)
    assert not issubclass(mf.InternalError, mf.MahjongError)
    assert mf.InternalError.kind == "InternalError"


def test_batch_rows_carry_their_row():
    rows = [{"hand": HAND, "win": WIN, "tsumo": True}, {"hand": "123q", "win": "1m"}, {"hand": "234m456p789s33z", "win": "3z", "melds": ["chi:678s"]}]
    out = mf.score_many(rows, rules="tenhou")
    assert isinstance(out[0], mf.ScoreResult)
    assert isinstance(out[1], mf.MahjongError) and out[1].row == 1
    assert isinstance(out[2], mf.NoYakuError) and out[2].row == 2 and out[2].kind == "NoYakuError"


def test_errors_module_is_exported_and_documented():
    assert mf.errors is errors
    for name in errors.__all__:
        assert getattr(mf, name, getattr(errors, name)) is getattr(errors, name)
    assert doctest.testmod(errors).failed == 0
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    for cls in [getattr(errors, n) for n in errors.__all__ if n != "KINDS"]:
        tests = finder.find(cls, cls.__name__, globs={})
        assert sum(len(t.examples) for t in tests) > 0, cls
        for t in tests:
            runner.run(t)
    assert runner.summarize(verbose=False).failed == 0
