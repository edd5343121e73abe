"""The examples in the riichi docstrings run and give what they show."""

import doctest

import mahjong_fast._core as core
import mahjong_fast._toml
import mahjong_fast.cli_riichi
import mahjong_fast.riichi
import mahjong_fast.rules
import pytest


@pytest.mark.parametrize("module", [mahjong_fast.riichi, mahjong_fast.rules, mahjong_fast.cli_riichi, mahjong_fast._toml])
def test_module_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    "obj",
    [core.score_hand, core.score_list, core.score_columns, core.hand_points, core.RiichiRules, core.ScoreResult, core.YakuHan],
)
def test_compiled_examples(obj):
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(obj, obj.__name__, globs={})
    assert sum(len(t.examples) for t in tests) > 0
    for t in tests:
        runner.run(t)
    assert runner.summarize(verbose=False).failed == 0
