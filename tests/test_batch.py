"""The batch convention (mahjong_fast.batch): every input form gives the same result,
any memory order is read correctly, dtypes never wrap, errors stay bounded."""

import os
import subprocess
import sys
import textwrap

import mahjong_fast as mf
import numpy as np
import pytest
from mahjong_fast.batch import MAX_MESSAGES, BatchResult, ErrorTable, specs

pa = pytest.importorskip("pyarrow")
pd = pytest.importorskip("pandas")
pl = pytest.importorskip("polars")


def _counts(n, seed=7):
    """`n` rows of 13/14 tiles dealt from a wall, plus a few bad rows."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        ids = rng.permutation(136)[: 13 + i % 2]
        np.add.at(out[i], ids // 4, 1)
    out[::17, 0] = 5  # a fifth copy: a row error
    return out


BATCHES = [(mf.shanten_batch, "shanten"), (mf.is_agari_batch, "agari"), (mf.decomposition_count_batch, "count")]


@pytest.mark.parametrize("fn,col", BATCHES)
def test_every_memory_order_reads_the_same_rows(fn, col):
    c = _counts(3000)
    want = fn(c)
    texts = [mf.from_counts(r.tolist()) if r.max() <= 4 else "11111m" for r in c]
    assert fn(texts)[col].tolist() == want[col].tolist()
    wide = np.zeros((3000, 68), np.uint8)
    wide[:, 1::2] = c
    forms = {
        "fortran": np.asfortranarray(c),
        "strided": wide[:, 1::2],
        "reversed": c[::-1][::-1],
        "int64": c.astype(np.int64),
        "int16 fortran": np.asfortranarray(c.astype(np.int16)),
    }
    for name, arr in forms.items():
        got = fn(arr)
        assert got[col].tolist() == want[col].tolist(), name
        assert got.errors == want.errors, name
    # Rows of a broadcast view: one row read a thousand times.
    b = np.broadcast_to(c[5], (1000, 34))
    assert (fn(b)[col] == want[col][5]).all()


def test_fortran_order_is_not_read_column_major():
    # The reproducer: a Fortran array's bytes run column by column.
    c = _counts(200)
    f = np.asfortranarray(c)
    assert not f.flags.c_contiguous
    r = mf.shanten_batch(f)
    assert r["shanten"].tolist() == [mf.shanten(mf.from_counts(x.tolist())) if x.max() <= 4 else -128 for x in c]
    assert r.errors.rows.tolist() == list(range(0, 200, 17))


@pytest.mark.parametrize("fn,col", BATCHES)
def test_arrow_pandas_polars_inputs_match_numpy(fn, col):
    c = _counts(500)
    want = fn(c)
    texts = [mf.from_counts(r.tolist()) if r.max() <= 4 else "11111m" for r in c]
    forms = {
        "dict": {"hand": c},
        "arrow table": pa.table({"hand": pa.FixedSizeListArray.from_arrays(pa.array(c.reshape(-1)), 34)}),
        "arrow list column": pa.record_batch({"hand": list(c)}),
        "arrow text": pa.table({"hand": texts}),
        "arrow array": pa.array(texts),
        "pandas": pd.DataFrame({"hand": list(c)}),
        "pandas text": pd.DataFrame({"hand": texts}),
        "pandas series": pd.Series(texts),
        "polars": pl.DataFrame({"hand": c}),
        "polars text": pl.DataFrame({"hand": texts}),
        "rows": [{"hand": r} for r in c],
    }
    for name, data in forms.items():
        got = fn(data)
        assert got[col].tolist() == want[col].tolist(), name
        assert got.errors.rows.tolist() == want.errors.rows.tolist(), name
        assert got.errors.kinds == want.errors.kinds, name


def test_results_convert_to_arrow_pandas_polars():
    r = mf.shanten_batch(_counts(100))
    assert isinstance(r, BatchResult) and list(r) == ["shanten"] and r.n_rows == 100
    t = r.to_arrow()
    assert t.column("shanten").to_pylist() == r["shanten"].tolist()
    assert r.to_pandas()["shanten"].tolist() == r["shanten"].tolist()
    assert r.to_polars()["shanten"].to_list() == r["shanten"].tolist()
    e = r.errors
    assert len(e) == 6
    assert e.to_arrow().column("row").to_pylist() == e.rows.tolist()
    assert e.to_pandas()["kind"].tolist() == ["InvalidHandError"] * 6
    assert e.to_polars()["message"].to_list() == e.messages
    exc = e.exception(0)
    assert isinstance(exc, mf.InvalidHandError) and exc.row == 0 and exc.kind == "InvalidHandError"
    with pytest.raises(mf.InvalidHandError):
        e.raise_first()


def test_values_that_do_not_fit_raise_instead_of_wrapping():
    c = _counts(10).astype(np.int64)
    c[3, 2] = 2**32  # would wrap to 0 as uint32 / uint8
    with pytest.raises(mf.MahjongError, match="4294967296"):
        mf.shanten_batch(c)
    c[3, 2] = -1
    with pytest.raises(mf.MahjongError, match="-1"):
        mf.shanten_batch(c)
    with pytest.raises(mf.MahjongError, match="float"):
        mf.shanten_batch(c.astype(np.float64))
    with pytest.raises(mf.MahjongError, match="missing"):
        mf.shanten_batch(pd.DataFrame({"hand": ["123m", None]}))


def test_specs_come_from_the_core():
    assert [(s.name, s.dtype, s.width) for s in specs("shanten")] == [("hand", "uint8", 34)]
    assert [s.name for s in specs("shanten", "output")] == ["shanten"]
    assert specs("shanten", "output")[0].default == -128


def test_error_table_keeps_every_row_and_the_first_messages():
    r = mf.shanten_batch(np.zeros((5000, 34), np.uint8))
    e = r.errors
    assert len(e) == 5000 and e.rows.tolist() == list(range(5000))
    assert len(e.messages) == MAX_MESSAGES
    assert e[MAX_MESSAGES - 1][2] is not None and e[MAX_MESSAGES][2] is None
    assert set(e.kinds) == {"InvalidHandError"}
    # Chunked input (a strided view) gives the same table.
    wide = np.zeros((5000, 68), np.uint8)
    big = mf.shanten_batch(wide[:, ::2])
    assert big.errors == e
    assert ErrorTable.concat([(0, e), (5000, e)]).rows.tolist() == list(range(5000)) + list(range(5000, 10000))


def test_error_table_from_rows_and_from_codes_agree():
    rng = np.random.default_rng(3)
    n = 3 * 2**16 + 5  # more than one block of iteration
    codes = np.zeros(n, np.uint8)
    bad = np.sort(rng.choice(n, 2500, replace=False))
    codes[bad] = rng.integers(1, len(ErrorTable.kind_names) + 1, len(bad))
    msgs = [f"row {r}" for r in bad[:MAX_MESSAGES]]
    a = ErrorTable.from_codes(codes, msgs)
    b = ErrorTable(bad, codes[bad] - 1, msgs)
    assert a == b and len(a) == len(b) == 2500
    assert a.rows.dtype == np.uint64 and a.rows.tolist() == bad.tolist()
    assert a.kind_codes.tolist() == (codes[bad] - 1).tolist()
    listed = list(a)
    assert [r for r, _, _ in listed] == bad.tolist()
    assert [k for _, k, _ in listed] == a.kinds
    assert listed[MAX_MESSAGES - 1][2] == f"row {bad[MAX_MESSAGES - 1]}" and listed[MAX_MESSAGES][2] is None
    assert a[-1] == (int(bad[-1]), a.kinds[-1], None)
    t = a.to_arrow()
    assert t.column("row").to_pylist() == bad.tolist() and t.column("kind").to_pylist() == a.kinds
    assert t.column("message").null_count == 2500 - MAX_MESSAGES
    assert a.to_pandas()["kind"].tolist() == a.kinds == a.to_polars()["kind"].to_list()
    # A table of no bad rows keeps no codes; unordered rows are refused.
    assert len(ErrorTable.from_codes(np.zeros(10, np.uint8)).codes) == 0
    assert ErrorTable() == ErrorTable.from_codes(np.zeros(7, np.uint8)) and not ErrorTable()
    with pytest.raises(mf.ArgumentError):
        ErrorTable([5, 2], [0, 0])


# The peak resident memory of the measuring process, in MB. Its own: getrusage's
# ru_maxrss is carried over from the parent through fork and exec (a child of a
# 150 MB test process starts at 150 MB and hides anything smaller), the kernel's
# VmHWM starts afresh with the new program.
_PEAK = """
def peak_mb():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
"""


def _peak_rss_mb(code):
    """Run ``code`` (which calls ``peak_mb()``) in a fresh interpreter; the numbers it prints."""
    if not os.path.exists("/proc/self/status"):
        pytest.skip("peak memory is read from /proc (Linux)")
    out = subprocess.run([sys.executable, "-c", _PEAK + textwrap.dedent(code)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return [float(x) for x in out.stdout.split()]


# Every row bad: (rows, the input as an expression of n, the call).
_ALL_BAD = {
    "shanten": (10**6, "np.zeros((n, 34), np.uint8)", "mf.shanten_batch"),
    "shanten, broadcast view": (2 * 10**6, "np.broadcast_to(np.zeros(34, np.uint8), (n, 34))", "mf.shanten_batch"),
    "score_many": (
        5 * 10**5,
        "{k: np.repeat(v, n, axis=0) for k, v in wins_to_columns([{'hand': '1m2m', 'win': '3m'}]).items()}",
        "mf.score_many",
    ),
}


@pytest.mark.parametrize("case", list(_ALL_BAD))
def test_bad_rows_cost_about_a_byte_each(case):
    rows, data, call = _ALL_BAD[case]
    before, after, n, out = _peak_rss_mb(
        f"""
        import numpy as np, mahjong_fast as mf
        from mahjong_fast.riichi import wins_to_columns
        n = {rows}
        data = {data}
        warm = data[:10] if isinstance(data, np.ndarray) else {{k: v[:10] for k, v in data.items()}}
        {call}(warm)
        before = peak_mb()
        r = {call}(data)
        after = peak_mb()
        print(before, after, len(r.errors), sum(v.nbytes for v in r.values()) / 2**20)
        """
    )
    assert n == rows
    # Peak memory past the output columns: the table is one byte a row (written in
    # place, no list of bad rows built), the messages a thousand strings, a chunk of
    # converted input a few MB. A list of (row, kind) pairs cost 25 bytes a row: 25 MB
    # in the first case, 12 MB in the last.
    assert after - before - out < 2 * rows / 2**20 + 4, (before, after, out)


def test_a_broadcast_view_is_not_copied_whole():
    before, after, n = _peak_rss_mb(
        """
        import numpy as np, mahjong_fast as mf
        row = np.array(mf.to_counts("123m456p789s1122z"), np.uint8)
        view = np.broadcast_to(row, (2 * 10**7, 34))
        before = peak_mb()
        r = mf.shanten_batch(view)
        after = peak_mb()
        assert (r["shanten"] == 0).all()
        print(before, after, len(r["shanten"]))
        """
    )
    # 680 MB if copied; the output is 20 MB and the chunks a few MB.
    assert n == 2 * 10**7 and after - before < 80, (before, after)
