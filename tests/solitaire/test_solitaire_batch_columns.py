"""The solitaire batch results are built from the columns the core declares
(``batch_columns()["survey"]`` / ``["solve_many"]``): same names, order and dtypes,
and a bad row holds each column's declared value."""

import mahjong_fast._core as core
import numpy as np
from mahjong_fast.solitaire import solve_many, survey
from mahjong_fast.solitaire_batch import BAD_ROW


def _declared(batch):
    return [(c["name"], c["dtype"]) for c in core.batch_columns()[batch]["output"]]


def _got(result):
    return [(name, result[name].dtype.name) for name in result]


def test_survey_columns_are_the_core_declaration():
    assert _declared("survey") == [("deal", "uint64"), ("verdict", "uint8"), ("micros", "uint64"), ("nodes", "uint64")]
    assert core.batch_columns()["survey"]["input"] == []
    for n in (0, 3):
        assert _got(survey("pyramid", n, seed=1)) == _declared("survey")


def test_solve_many_columns_and_bad_row_values_are_the_core_declaration():
    assert [name for name, _ in _declared("solve_many")] == ["verdict", "moves", "micros", "nodes"]
    r = solve_many([(0, 0, 0), (2, 0, 0)], [["1m", "1m"], ["1m"]])
    assert _got(r) == _declared("solve_many")
    bad = {c["name"]: c["default"] for c in core.batch_columns()["solve_many"]["output"]}
    assert bad["verdict"] == BAD_ROW == 255
    assert r.errors.rows.tolist() == [1]
    assert {name: int(r[name][1]) for name in r} == bad
    assert r["verdict"][0] == 0 and r["moves"][0] == 1
    assert _got(solve_many([(0, 0, 0), (2, 0, 0)], [])) == _declared("solve_many")
    assert all(isinstance(r[name], np.ndarray) for name in r)
