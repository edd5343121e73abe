"""score_many in the batch convention, on the real Tenhou wins: every input form (rows,
a generator, NumPy in any memory order, Arrow, pandas, polars) gives the same columns
and the same error table; bad rows never lose the others; scalar and batch accept and
refuse the same values."""

import subprocess
import sys
import textwrap

import mahjong_fast as mf
import numpy as np
import pytest
from mahjong_fast.batch import MAX_MESSAGES, BatchResult, specs
from mahjong_fast.riichi import COLUMNS, score_many, wins_to_columns
from tenhou_records import score_args, standard_wins, tenhou_dir

pa = pytest.importorskip("pyarrow")
pd = pytest.importorskip("pandas")
pl = pytest.importorskip("polars")

GOOD = {"hand": "123m456p789s23455s", "win_tile": "2s", "self_draw": True}


@pytest.fixture(scope="module")
def real():
    """The largest lobby of the real wins as rows of score()'s keywords, its rules and
    the scalar results."""
    if not (tenhou_dir() / "agari_cases.jsonl.gz").exists():
        pytest.skip("the Tenhou records are not beside the repository")
    groups = {}
    for case in standard_wins():
        (hand, win, melds), ctx = score_args(case)
        key = (case["rules"]["aka"], case["rules"]["kuitan"])
        groups.setdefault(key, []).append(dict(ctx, hand=hand, win_tile=win, melds=melds))
    (aka, kuitan), rows = max(groups.items(), key=lambda kv: len(kv[1]))
    rules = mf.RuleSet.tenhou_lobby(aka=aka, kuitan=kuitan)
    scalar = []
    for w in rows:
        try:
            scalar.append(mf.score(**w, rules=rules))
        except mf.MahjongError as e:
            scalar.append(e)
    return rows, rules, scalar


def _same(a: BatchResult, b: BatchResult, what: str) -> None:
    assert list(a) == list(b), what
    for k in a:
        assert np.array_equal(a[k], b[k]), (what, k)
    assert a.errors.rows.tolist() == b.errors.rows.tolist(), what
    assert a.errors.kinds == b.errors.kinds, what


def _arrow(cols):
    arrays = {}
    for k, v in cols.items():
        arrays[k] = pa.FixedSizeListArray.from_arrays(pa.array(v.reshape(-1)), v.shape[1]) if v.ndim == 2 else pa.array(v)
    return pa.table(arrays)


def _forms(cols):
    """The same columns in every form the convention reads."""
    wide = {k: np.repeat(v, 2, axis=0)[::2] for k, v in cols.items()}  # strided views
    return {
        "numpy fortran": {k: np.asfortranarray(v) for k, v in cols.items()},
        "numpy strided": wide,
        "numpy int64": {k: v.astype(np.int64) for k, v in cols.items()},
        "numpy int16 fortran": {k: np.asfortranarray(v.astype(np.int16)) for k, v in cols.items()},
        "lists": {k: v.tolist() for k, v in cols.items()},
        "arrow table": _arrow(cols),
        "arrow record batch": _arrow(cols).to_batches()[0],
        "arrow list columns": pa.record_batch({k: (list(v) if v.ndim == 2 else v) for k, v in cols.items()}),
        "pandas": pd.DataFrame({k: (list(v) if v.ndim == 2 else v) for k, v in cols.items()}),
        "polars": pl.DataFrame({k: v for k, v in cols.items()}),
    }


def test_every_input_form_gives_the_same_result_on_real_wins(real):
    rows, rules, scalar = real
    cols = wins_to_columns(rows)
    want = score_many(cols, rules=rules)
    assert isinstance(want, BatchResult) and want.n_rows == len(rows) > 1000
    # The columns agree with the scalar scorer on every real win.
    for i, r in enumerate(scalar):
        if isinstance(r, Exception):
            assert want["error"][i] != 0
            continue
        assert (want["han"][i], want["fu"][i], want["points"][i]) == (r.han, r.fu, r.points), i
        assert want["deltas"][i][: len(r.deltas)].tolist() == r.deltas, i
    # Rows (a list, read once; a generator) give the columns of the columns.
    _same(score_many(rows, rules=rules, columns=True), want, "rows")
    _same(score_many((w for w in rows), rules=rules, columns=True), want, "generator")
    listed = score_many(iter(rows), rules=rules)
    assert [r.points if isinstance(r, mf.ScoreResult) else -1 for r in listed] == \
        [r.points if isinstance(r, mf.ScoreResult) else -1 for r in scalar]
    for name, data in _forms(cols).items():
        _same(score_many(data, rules=rules), want, name)


def test_bad_rows_never_lose_the_others_in_any_form(real):
    rows, rules, _ = real
    rows = rows[:600]
    cols = {k: v.copy() for k, v in wins_to_columns(rows).items()}
    cols["hand"][5, 0] = 999  # not a tile id
    cols["winner"][9] = 7  # not a seat
    cols["honba"][11] = 256  # past honba's range
    cols["n_players"][13] = 5
    want = score_many(cols, rules=rules)
    assert {5, 9, 11, 13} <= set(want.errors.rows.tolist())
    good = [i for i in range(len(rows)) if i not in want.errors.rows.tolist()]
    clean = score_many(wins_to_columns(rows), rules=rules)
    for k in want:
        if k != "error":
            assert np.array_equal(want[k][good], clean[k][good]), k
    for name, data in _forms(cols).items():
        _same(score_many(data, rules=rules), want, name)
    # Rows: a bad row of any kind is that row's error (a MahjongError kind), the others score.
    bad_rows = list(rows[:20])
    bad_rows[3] = {"hand": 5}  # TypeError inside: a tile error of that row
    bad_rows[4] = {"win_tile": "1m"}  # no hand
    bad_rows[6] = 17  # not a dict
    bad_rows[7] = dict(rows[7], honba=-1)
    bad_rows[8] = dict(rows[8], round_wind="0z")
    bad_rows[10] = dict(rows[10], melds=[42])
    bad_rows[12] = dict(rows[12], dora=object())
    r = score_many(bad_rows, rules=rules, columns=True)
    kinds = dict(zip(r.errors.rows.tolist(), r.errors.kinds))
    assert set(kinds) >= {3, 4, 6, 7, 8, 10, 12}
    assert set(kinds.values()) <= set(mf.errors.KINDS)
    assert kinds[7] == "ArgumentError"
    listed = score_many(bad_rows, rules=rules)
    for i, x in enumerate(listed):
        if i in kinds:
            assert isinstance(x, mf.MahjongError) and x.row == i and type(x).__name__ == kinds[i], (i, x)
        else:
            assert isinstance(x, mf.ScoreResult) and x.points == r["points"][i]


def test_scalar_and_batch_accept_and_refuse_the_same_values():
    base = wins_to_columns([GOOD])
    for key, value, ok in [("honba", 255, True), ("honba", 256, False), ("riichi_sticks", 255, True),
                           ("riichi_sticks", 256, False), ("honba", -1, False), ("kita", 5, False),
                           ("n_players", 5, False)]:
        try:
            mf.score(**GOOD, **{key: value})
            scalar_ok = True
        except mf.MahjongError:
            scalar_ok = False
        listed = score_many([dict(GOOD, **{key: value})])[0]
        cols = {k: v.copy() for k, v in base.items()}
        cols[key][0] = value
        col = score_many(cols)
        assert scalar_ok == ok and isinstance(listed, mf.ScoreResult) == ok and (len(col.errors) == 0) == ok, (key, value)
    # Round winds: the one parser for scalar and rows; columns hold 0-3.
    for wind in ("0z", "5z", "X", 4, -1):
        with pytest.raises(mf.MahjongError):
            mf.score(**GOOD, round_wind=wind)
        assert isinstance(score_many([dict(GOOD, round_wind=wind)])[0], mf.MahjongError)
    cols = {k: v.copy() for k, v in base.items()}
    cols["round_wind"][0] = 4
    assert len(score_many(cols).errors) == 1


def test_a_ron_without_discarder_is_the_left_hand_player_for_three_and_four_players():
    ron = {"hand": "123m456p789s23455s", "win_tile": "2s", "riichi": True}
    for n, winner in [(4, 1), (4, 0), (3, 1), (3, 0), (3, 2)]:
        explicit = mf.score(**ron, winner=winner, n_players=n, discarder=(winner + n - 1) % n)
        assert mf.score(**ron, winner=winner, n_players=n) == explicit
        assert score_many([dict(ron, winner=winner, n_players=n)])[0] == explicit
        cols = {k: v for k, v in wins_to_columns([dict(ron, winner=winner, n_players=n)]).items() if k != "discarder"}
        r = score_many(cols)
        assert not r.errors and r["deltas"][0][:n].tolist() == explicit.deltas, (n, winner)


def test_threads_and_column_specs_from_the_core():
    wins = [GOOD] * 300
    assert np.array_equal(score_many(wins, columns=True, threads=1)["points"], score_many(wins, columns=True)["points"])
    cols = wins_to_columns(wins)
    assert np.array_equal(score_many(cols, threads=2)["deltas"], score_many(cols)["deltas"])
    with pytest.raises(mf.ArgumentError, match="threads"):
        score_many(cols, threads=0)
    with pytest.raises(mf.ArgumentError, match="threads"):
        score_many(wins, threads=0)
    assert COLUMNS == {c.name: c.width for c in specs("score")}
    assert [c.name for c in specs("score", "output")][:3] == ["error", "han", "fu"]
    with pytest.raises(mf.ArgumentError, match="columns=False"):
        score_many(cols, columns=False)
    assert score_many([]) == [] and score_many([], columns=True).n_rows == 0


def test_results_convert_to_arrow_pandas_polars():
    r = score_many([GOOD, {"hand": "1m"}], columns=True)
    assert r.to_arrow().column("points").to_pylist() == [1500, 0]
    assert r.to_pandas()["han"].tolist() == [2, 0]
    assert r.to_polars()["deltas"].to_list()[0] == [-700, 1500, -400, -400]
    assert r.errors.to_pandas()["row"].tolist() == [1]


def test_a_broadcast_view_and_a_million_bad_rows_stay_small():
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(
        """
        import resource, numpy as np, mahjong_fast as mf
        from mahjong_fast.riichi import wins_to_columns, score_many
        cols = wins_to_columns([{"hand": "123m456p789s23455s", "win": "2s", "tsumo": True}])
        n = 10**6
        view = {k: np.broadcast_to(v[0], (n,) + v.shape[1:]) for k, v in cols.items()}
        bad = dict(view, hand=np.broadcast_to(np.full(14, -1, np.int32), (n, 14)))
        score_many({k: v[:10] for k, v in view.items()})
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        ok = score_many(view)
        assert (ok["points"] == 1500).all() and not ok.errors
        del ok
        r = score_many(bad)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(before, after, len(r.errors), len(r.errors.messages))
        """)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    before, after, n, kept = (float(x) for x in out.stdout.split())
    assert n == 10**6 and kept == MAX_MESSAGES
    # Output 72 MB a call and 9 MB of error rows; the input views copied whole would
    # be 260 MB and a million messages hundreds more.
    assert after - before < 200, (before, after)
