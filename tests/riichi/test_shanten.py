"""Shanten, waits, ukeire and discards: properties, a differential test against the
`mahjong` package, a brute-force check of melded copies, and bad inputs."""

from __future__ import annotations

import doctest
import itertools

import mahjong_fast as mf
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import _core

WALL = np.repeat(np.arange(34, dtype=np.int64), 4)


def random_counts(rng: np.random.Generator, n: int, kinds: np.ndarray | None = None) -> np.ndarray:
    """`n` tiles dealt from a shuffled wall (optionally restricted to `kinds`)."""
    wall = WALL if kinds is None else np.repeat(kinds, 4)
    row = np.zeros(34, np.uint8)
    np.add.at(row, wall[rng.choice(len(wall), n, replace=False)], 1)
    return row


@st.composite
def hands(draw, sizes=(13,), dense=None):
    """A hand as 34 counts: `size` tiles from a wall, often from one suit + honors
    (where four copies and long shapes are common)."""
    size = draw(st.sampled_from(sizes))
    if dense is None:
        dense = draw(st.booleans())
    pool = list(range(34))
    if dense:
        base = draw(st.sampled_from([0, 9, 18]))
        pool = list(range(base, base + 9)) + list(range(27, 34))
    wall = [k for k in pool for _ in range(4)]
    picks = draw(st.lists(st.integers(0, len(wall) - 1), min_size=size, max_size=size, unique=True))
    c = [0] * 34
    for p in picks:
        c[wall[p]] += 1
    return c


def to_text(counts) -> str:
    return mf.from_counts([int(x) for x in counts])


# --- documented examples -------------------------------------------------------

SHANTEN_API = [
    "shanten",
    "shanten_detail",
    "is_agari",
    "waits",
    "ukeire",
    "discards",
    "decompose",
    "shanten_rows",
    "agari_rows",
    "decomposition_count_rows",
    "shanten_table_bytes",
]


@pytest.mark.parametrize("name", SHANTEN_API)
def test_docstring_examples_run(name):
    fn = getattr(_core, name)
    assert "Example:" in fn.__doc__
    globs = {n: getattr(_core, n) for n in SHANTEN_API}
    tests = doctest.DocTestFinder().find(fn, name, globs=globs)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for t in tests:
        runner.run(t)
    assert runner.failures == 0 and runner.tries > 0


# --- known values ----------------------------------------------------------------


def test_known_values():
    assert mf.shanten("123m456p789s1122z") == 0
    assert mf.shanten("123m456p789s11222z") == -1
    assert mf.shanten("19m19p19s1234567z") == 0
    assert mf.waits("19m19p19s1234567z") == ["1m", "9m", "1p", "9p", "1s", "9s"] + [f"{i}z" for i in range(1, 8)]
    assert mf.shanten_detail("19m19p19s12345677z")["kokushi"] == -1
    assert mf.waits("1112345678999m") == [f"{i}m" for i in range(1, 10)]
    # The tanki on a fourth copy is no wait, and the hand is not tenpai.
    assert mf.shanten("1111m234p567p789s") == 1
    assert mf.waits("1234m", melds=["pon:111z", "pon:222z", "pon:333z"]) == ["1m", "4m"]
    # Melded copies count: the fourth East in hand cannot pair with a fifth.
    assert mf.shanten("1z234p567p789s", melds=["pon:111z"]) == 1
    assert mf.shanten("1z234p567p789s") == 0
    # Taiwan sizes.
    assert mf.shanten("123456789m123p45s11z") == 0
    assert mf.waits("123456789m123p45s11z") == ["3s", "6s"]
    assert mf.shanten_detail("1122m3344p5566s77z", melds=["chi:789p"], n_sets=5)["chiitoitsu"] is None
    assert mf.is_agari("123456789m123p456s11z")
    assert mf.shanten("1234m", melds=["chi:123p", "chi:456p", "chi:789p", "chi:123s"], n_sets=5) == 0


def test_ukeire_and_discards():
    count, tiles = mf.ukeire("123m456p789s1122z")
    assert (count, tiles) == (4, ["1z", "2z"])
    assert mf.ukeire("123m456p789s1122z", visible="12z")[0] == 2
    counts = [0] * 34
    counts[27] = 2
    assert mf.ukeire("123m456p789s1122z", visible=counts)[0] == 2
    ds = mf.discards("123m456p789s1122z3z")
    assert [d[0] for d in ds] == ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "2z", "3z"]
    assert [d for d in ds if d[1] == 0] == [("3z", 0, 4)]


@settings(max_examples=150, deadline=None)
@given(hands(sizes=(14,)))
def test_discards_agree_with_shanten_and_ukeire(c):
    text = to_text(c)
    for tile, s, u in mf.discards(text):
        rest = list(c)
        rest[mf.Tile(tile).kind] -= 1
        assert s == mf.shanten(to_text(rest))
        assert u == mf.ukeire(to_text(rest))[0]
    best = min(s for _, s, _ in mf.discards(text))
    assert best == max(mf.shanten(text), 0)


# --- properties ----------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(hands(sizes=(2, 5, 8, 11, 14, 17)))
def test_agari_iff_shanten_minus_one(c):
    text = to_text(c)
    agari = mf.is_agari(text)
    assert agari == (mf.shanten(text) == -1)
    assert agari == (len(mf.decompose(text)) > 0)


@settings(max_examples=300, deadline=None)
@given(hands(sizes=(1, 4, 7, 10, 13, 16)))
def test_one_draw_changes_shanten_by_at_most_one(c):
    s = mf.shanten(to_text(c))
    rows = []
    for k in range(34):
        if c[k] < 4:
            d = list(c)
            d[k] += 1
            rows.append(d)
    _r = mf.shanten_batch(np.array(rows, np.uint8))
    after, errors = _r["shanten"], list(_r.errors)
    assert errors == []
    assert set(after.tolist()) <= {s, s - 1}
    # Tenpai exactly when some draw completes; the waits are those draws.
    assert (s == 0) == (after.min() == -1)
    if s == 0:
        drawn = [mf.from_counts([r[k] - c[k] for k in range(34)]) for r, a in zip(rows, after) if a == -1]
        assert drawn == mf.waits(to_text(c))


@settings(max_examples=300, deadline=None)
@given(hands(sizes=(13, 14, 16, 17)), st.permutations([0, 1, 2]), st.booleans())
def test_suit_permutation_and_mirror_leave_shanten_unchanged(c, perm, mirror):
    d = [0] * 34
    for s in range(3):
        for n in range(9):
            m = 8 - n if mirror else n
            d[9 * perm[s] + m] = c[9 * s + n]
    d[27:] = c[27:]
    assert mf.shanten_detail(to_text(c)) == mf.shanten_detail(to_text(d))


@settings(max_examples=300, deadline=None)
@given(hands(sizes=(1, 5, 13, 14, 17)))
def test_mpsz_counts_ids_round_trip(c):
    text = to_text(c)
    assert mf.to_counts(text) == c
    # As 136-ids a suit's four fives include its red five (id 16/52/88): write it 0.
    tiles = []
    for k, n in enumerate(c):
        name = mf.from_counts([int(j == k) for j in range(34)])
        if n == 4 and k in (4, 13, 22):
            tiles += ["0" + name[1]] + [name] * 3
        else:
            tiles += [name] * n
    ids = mf.to_ids("".join(tiles))
    assert len(ids) == len(set(ids)) == sum(c)
    assert mf.to_counts(ids) == c
    assert mf.to_counts(mf.to_mpsz(ids)) == c
    assert mf.from_counts(mf.to_counts(ids)) == text


def _tiles_of(c: list[int]) -> list[mf.Tile]:
    return [mf.Tile(mf.from_counts([int(j == k) for j in range(34)])) for k, n in enumerate(c) for _ in range(n)]


@settings(max_examples=300, deadline=None)
@given(hands(sizes=(1, 2, 4, 5, 13, 14, 16, 17)), st.one_of(st.none(), st.integers(0, 6)))
def test_every_input_form_gives_the_same_answer(c, n_sets):
    """mpsz, 136-ids (list and tuple), 34 counts and Tile objects take the closed fast
    path; a NumPy row of counts and a list with a melds=[] argument the general one.
    All must agree, on values and on refusals."""
    text = to_text(c)
    ids = [4 * k + i for k, n in enumerate(c) for i in range(n)]
    forms = [text, ids, tuple(ids), c, tuple(c), np.array(c, np.int64), _tiles_of(c)]

    def outcome(h, **kw):
        try:
            return mf.shanten(h, n_sets=n_sets, **kw)
        except mf.MahjongError as e:
            return type(e).__name__

    want = outcome(text, melds=[])
    assert [outcome(h) for h in forms] == [want] * len(forms)


@pytest.mark.parametrize(
    "hand, exc",
    [
        ([0, 0, 4, 8], mf.InvalidHandError),  # a repeated id
        ([0, 4, 8, 136], mf.TileParseError),  # out of range
        ([0, 4, 8, -1], mf.TileParseError),
        ([0, 4, 8, 2**70], mf.TileParseError),  # too big for any integer type
        ([5] + [0] * 33, mf.InvalidHandError),  # a count past four
        ([-1] + [0] * 33, mf.InvalidHandError),
        ([mf.Tile("1m")] * 5, mf.InvalidHandError),  # a fifth copy
        ([mf.Tile("0m"), mf.Tile("0m"), mf.Tile("1m"), mf.Tile("1m")], mf.InvalidHandError),  # two red fives
        ([mf.Tile("1m"), 4, 8, 12], mf.TileParseError),  # Tile objects and ids mixed
        ([0, 4, 8, 12, 16, 20], mf.InvalidHandError),  # no hand has six tiles
        ([1] * 34, mf.InvalidHandError),  # 34 counts making 34 tiles
    ],
)
def test_fast_path_refusals_are_the_general_paths(hand, exc):
    with pytest.raises(exc):
        mf.shanten(hand)
    with pytest.raises(exc):
        mf.shanten(hand, melds=[])


# --- differential test against the `mahjong` package ------------------------------------


def test_differential_against_mahjong_package():
    """100,000+ random hands (13/14 tiles closed, and the concealed part of open
    hands: 1..11 tiles after melds drawn from the same wall) and 20,000 dense ones
    (one suit and honors): our batch shanten equals `mahjong.shanten.Shanten`."""
    from mahjong.shanten import Shanten

    rng = np.random.default_rng(20261130)
    rows = []
    for i in range(120_000):
        n_melds = rng.choice([0, 0, 0, 1, 2, 3, 4])
        size = 3 * (4 - n_melds) + 1 + (i % 2)
        if i >= 100_000:
            base = rng.choice([0, 9, 18])
            kinds = np.concatenate([np.arange(base, base + 9), np.arange(27, 34)])
            rows.append(random_counts(rng, size, kinds))
            continue
        # Melds use up wall tiles, as in a real game.
        pool = np.ones(136, bool)
        for _ in range(n_melds):
            while True:
                k = rng.integers(34)
                chi = k < 27 and k % 9 <= 6 and rng.random() < 0.6
                ids = [4 * (k + j) + rng.integers(4) for j in range(3)] if chi else [4 * k + j for j in rng.permutation(4)[:3]]
                if pool[ids].all():
                    pool[ids] = False
                    break
        left = np.flatnonzero(pool)
        row = np.zeros(34, np.uint8)
        np.add.at(row, left[rng.choice(len(left), size, replace=False)] // 4, 1)
        rows.append(row)
    arr = np.array(rows, np.uint8)
    _r = mf.shanten_batch(arr)
    ours, errors = _r["shanten"], list(_r.errors)
    assert errors == []
    theirs = np.array([Shanten.calculate_shanten(r) for r in arr.tolist()], np.int8)
    mismatch = np.flatnonzero(ours != theirs)
    assert mismatch.size == 0, [(to_text(arr[i]), int(ours[i]), int(theirs[i])) for i in mismatch[:10]]
    # The scalar path agrees with the batch path.
    for i in range(0, len(arr), 997):
        assert mf.shanten(to_text(arr[i])) == ours[i]
    # Every shanten value occurs (the sample is not trivially easy).
    assert set(np.unique(ours).tolist()) >= {-1, 0, 1, 2, 3, 4}


# --- melded copies: brute force -------------------------------------------------------------


def _targets(n_sets: int) -> np.ndarray:
    """Every complete shape of `n_sets` sets and a pair as 34 counts."""
    groups = []
    for k in range(34):
        g = np.zeros(34, np.int16)
        g[k] = 3
        groups.append(g)
        if k < 27 and k % 9 <= 6:
            g = np.zeros(34, np.int16)
            g[k : k + 3] = 1
            groups.append(g)
    out = []
    for combo in itertools.combinations_with_replacement(range(len(groups)), n_sets):
        base = sum((groups[i] for i in combo), np.zeros(34, np.int16))
        for p in range(34):
            w = base.copy()
            w[p] += 2
            out.append(w)
    return np.array(out, np.int16)


def test_melded_copies_against_brute_force():
    """With melds, the completed concealed part may use only the copies the melds
    left: checked against an exhaustive search over all complete shapes."""
    rng = np.random.default_rng(7)
    targets = {1: _targets(1), 2: _targets(2)}
    checked = 0
    for i in range(400):
        n_sets = 1 if i % 2 else 2
        # Melds concentrated on a few kinds so that they often cap the hand's tiles.
        kinds = np.concatenate([np.arange(0, 9), np.arange(27, 31)])
        melds, used = [], np.zeros(34, np.int16)
        while len(melds) < 4 - n_sets:
            k = int(rng.choice(kinds))
            if k < 27 and k % 9 <= 6 and rng.random() < 0.5:
                if (used[k : k + 3] < 4).all():
                    used[k : k + 3] += 1
                    melds.append("chi:" + mf.from_counts([int(x) for x in np.eye(34, dtype=int)[k : k + 3].sum(0)]))
            elif used[k] == 0:
                used[k] += 3
                melds.append("pon:" + mf.from_counts([3 if j == k else 0 for j in range(34)]))
        left = np.flatnonzero(np.repeat(4 - used, 1) > 0)
        wall = np.concatenate([[k] * (4 - used[k]) for k in left] + [[k] * 4 for k in range(9, 27)])
        h = np.zeros(34, np.int16)
        np.add.at(h, wall[rng.choice(len(wall), 3 * n_sets + 1, replace=False)], 1)
        w = targets[n_sets]
        ok = (w + used <= 4).all(axis=1)
        need = np.maximum(w[ok] - h, 0).sum(axis=1).min()
        text = mf.from_counts([int(x) for x in h])
        s = mf.shanten(text, melds=melds)
        assert s == need - 1, (text, melds)
        if i % 8 == 0:
            # Ukeire with melds = the draws that lower shanten, copies left counted.
            held = h + used
            want_tiles, want_count = [], 0
            for k in range(34):
                if held[k] < 4:
                    d = h.copy()
                    d[k] += 1
                    if mf.shanten(mf.from_counts([int(x) for x in d]), melds=melds) < s:
                        want_tiles.append(mf.from_counts([int(j == k) for j in range(34)]))
                        want_count += 4 - int(held[k])
            assert mf.ukeire(text, melds=melds) == (want_count, want_tiles)
        checked += 1
    assert checked == 400


# --- bad inputs ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, exc",
    [
        (lambda: mf.shanten("11111m234p567p789s"), mf.InvalidHandError),  # fifth copy
        (lambda: mf.shanten("123m456p789s112z"), mf.InvalidHandError),  # 12 tiles
        (lambda: mf.shanten("123m456p789s1122x"), mf.TileParseError),  # unknown char
        (lambda: mf.shanten([0, 1, 2, 500]), mf.TileParseError),  # out-of-range id
        (lambda: mf.shanten("123m", melds=["chi:135m"]), mf.InvalidHandError),  # impossible meld
        (lambda: mf.shanten("1m", melds=["pon:111m", "pon:111m"]), mf.InvalidHandError),  # 7 copies
        (lambda: mf.shanten("123m456p789s1122z", n_sets=6), mf.InvalidHandError),
        (lambda: mf.shanten("1" * 20 + "m"), mf.InvalidHandError),
        (lambda: mf.waits("123m456p789s11222z"), mf.InvalidHandError),  # complete size
        (lambda: mf.is_agari("123m456p789s1122z"), mf.InvalidHandError),  # waiting size
        (lambda: mf.ukeire("123m456p789s1122z", visible="111z"), mf.InvalidHandError),  # 5 Easts seen
        (lambda: mf.ukeire("123m456p789s1122z", visible=[0] * 33), mf.InvalidHandError),
        (lambda: mf.decompose("123m456p789s11222z", win_tile="9p"), mf.InvalidHandError),
        (lambda: mf.shanten_batch("123m"), mf.InvalidHandError),
        (lambda: mf.shanten_batch(np.zeros((3, 33), np.uint8)), mf.InvalidHandError),
        (lambda: mf.shanten_batch(np.full((3, 34), 256, np.int64)), mf.ArgumentError),
        (lambda: mf.shanten_batch(np.zeros((3, 34), np.float64)), mf.ArgumentError),
        (lambda: mf.shanten_batch(["123m"], threads=0), mf.ArgumentError),
        (lambda: mf.shanten_batch(["123m"], threads=10**9), mf.ArgumentError),
        (lambda: mf.shanten_batch(["123m"], threads=-2), mf.ArgumentError),
        (lambda: mf.shanten("123m456p789s1122z", n_sets=-1), mf.ArgumentError),
        (lambda: mf.shanten_batch(["123m"], n_sets=-1), mf.ArgumentError),
        (lambda: mf.shanten_batch(np.zeros(34, np.uint8)), mf.InvalidHandError),
    ],
)
def test_bad_inputs_raise(call, exc):
    with pytest.raises(exc):
        call()


def test_batch_reports_bad_rows():
    arr = np.zeros((4, 34), np.uint8)
    arr[0, :13] = 1
    arr[1, 0] = 5  # fifth copy
    arr[2, :12] = 1  # 12 tiles
    arr[3, 0] = 2  # a pair: complete with 0 sets
    _r = mf.shanten_batch(arr)
    values, errors = _r["shanten"], list(_r.errors)
    assert values.dtype == np.int8 and values.tolist()[0] >= 0 and values[3] == -1
    assert values[1] == -128 and values[2] == -128
    assert [(r, k) for r, k, _ in errors] == [(1, "InvalidHandError"), (2, "InvalidHandError")]
    assert "1m" in errors[0][2]
    strings = ["123m456p789s1122z", "bad!", "19m19p19s12345677z"]
    _r = mf.is_agari_batch(strings)
    v, e = _r["agari"], list(_r.errors)
    assert v.tolist() == [False, False, True] and [x[:2] for x in e] == [(0, "InvalidHandError"), (1, "TileParseError")]
    _r = mf.decomposition_count_batch(["111222333m11p456s", "11122233344455m", "123m"])
    v, e = _r["count"], list(_r.errors)
    assert v.tolist() == [2, 4, -1] and e[0][0] == 2


def test_batch_matches_scalar_and_threads():
    rng = np.random.default_rng(3)
    arr = np.array([random_counts(rng, 14) for _ in range(5000)])
    one = mf.shanten_batch(arr, threads=1)["shanten"]
    two = mf.shanten_batch(arr, threads=2)["shanten"]
    every = mf.shanten_batch(arr)["shanten"]
    strings = mf.shanten_batch([to_text(r) for r in arr])["shanten"]
    assert (one == two).all() and (one == every).all() and (one == strings).all()
    assert all(mf.shanten(to_text(arr[i])) == one[i] for i in range(0, 5000, 50))
    # Non-contiguous input is read correctly too.
    wide = np.zeros((5000, 68), np.uint8)
    wide[:, ::2] = arr
    v = mf.shanten_batch(wide[:, ::2])["shanten"]
    assert (v == one).all()
    agari = mf.is_agari_batch(arr)["agari"]
    assert (agari == (one == -1)).all()


# --- fuzzing the boundaries ---------------------------------------------------------------------

TEXT = st.text(alphabet="0123456789mpsz xq:,", max_size=40)
MELD_TEXT = st.builds(lambda k, t: f"{k}:{t}", st.sampled_from(["chi", "pon", "kan", "ankan", "kakan", "bogus"]), TEXT)


@settings(max_examples=600, deadline=None)
@given(
    st.one_of(TEXT, st.lists(st.integers(-5, 140), max_size=20)),
    st.one_of(st.none(), st.lists(MELD_TEXT, max_size=5)),
    st.one_of(st.none(), st.integers(-3, 8), st.just(10**30)),
)
def test_any_input_gives_a_value_or_a_mahjong_error(hand, melds, n_sets):
    for call in (mf.shanten, mf.shanten_detail, mf.is_agari, mf.waits, mf.ukeire, mf.discards, mf.decompose):
        try:
            kwargs = {"melds": melds}
            if n_sets is not None:
                kwargs["n_sets"] = n_sets
            call(hand, **kwargs)
        except mf.MahjongError:
            pass


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 255), min_size=34, max_size=34), min_size=1, max_size=30), st.one_of(st.none(), st.integers(0, 7)))
def test_batch_rows_of_any_counts(rows, n_sets):
    arr = np.array(rows, np.uint8)
    _r = mf.shanten_batch(arr, n_sets=n_sets)
    values, errors = _r["shanten"], list(_r.errors)
    bad = {r for r, _, _ in errors}
    for i, row in enumerate(rows):
        if i in bad:
            assert values[i] == -128
        else:
            assert max(row) <= 4 and -1 <= values[i] <= 13
            assert values[i] == mf.shanten(mf.from_counts(row), n_sets=n_sets)
