"""Taiwan tai scoring through the public API: patterns, exclusions, rule variants,
presets, bad input, batch scoring, and properties."""

import json

import mahjong_fast as mf
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_fast import taiwan as tw

PINGHU = "123m456m789m234p567p55s"


def test_each_exclusion():
    # 門清自摸 replaces 門清 + 自摸.
    s = tw.score(PINGHU, win_tile="5s", self_draw=True)
    assert "concealed" not in s.keys() and "self_draw" not in s.keys() and s.tai_of("concealed_self_draw") == 3
    # 小三元 / 大三元 replace the dragon sets.
    s = tw.score("555z666z77z123m456m789m", win_tile="9m")
    assert s.tai_of("little_three_dragons") == 4 and s.tai_of("dragon_set") == 0
    s = tw.score("555z666z777z123m456m99m", win_tile="9m")
    assert s.tai_of("big_three_dragons") == 8 and s.tai_of("dragon_set") == 0
    # 大四喜 replaces the wind sets.
    s = tw.score("111z222z333z444z123m99m", win_tile="9m")
    assert s.tai_of("big_four_winds") == 16 and s.tai_of("round_wind") == 0 and s.tai_of("seat_wind") == 0
    # Only the highest concealed-pung count.
    s = tw.score("111m222p333s444m55p666s", win_tile="6s", self_draw=True)
    assert s.keys().count("five_concealed_pungs") == 1 and s.tai_of("four_concealed_pungs") == 0
    assert s.tai_of("three_concealed_pungs") == 0


def test_patterns_in_combination():
    # Full flush + all pungs + 4 concealed pungs (the 5th completed on a discard) + 門清.
    s = tw.score("111m222m444m666m888m99m", win_tile="8m")
    assert s.tai_of("full_flush") == 8 and s.tai_of("all_pungs") == 4
    assert s.tai_of("four_concealed_pungs") == 5 and s.tai_of("concealed") == 1
    assert s.total == 8 + 4 + 5 + 1


def test_result_object_and_json():
    s = tw.score(PINGHU, win_tile="7p", flowers="", seat_wind="S")
    d = s.to_dict()
    json.dumps(d, ensure_ascii=False)
    assert d["total"] == 3 and d["pair"] == "55s" and len(d["groups"]) == 5
    assert [p["name_zh"] for p in d["patterns"]] == ["門清", "平胡"]
    assert "平胡 (all chows): 2" in str(s)


def test_melds_as_text_and_objects():
    melds = ["chi:123m", mf.Meld("pon", "444p"), "chi:567s", "daiminkan:9999m", "pon:222s"]
    s = tw.score("77p", melds=melds)
    assert s.keys() == ["single_wait", "all_calling"] and s.melds[0] == "chi:123m"


def test_same_hand_under_two_documented_tables():
    # West seat holding 竹: the common table (梅蘭菊竹, 竹 = North) gives nothing,
    # the association's 2009 table (梅蘭竹菊, 竹 = West) gives 1 tai.
    common = tw.score(PINGHU, win_tile="5s", seat_wind="W", flowers="竹")
    assoc = tw.score(PINGHU, win_tile="5s", seat_wind="W", flowers="竹", rules=tw.TaiwanRules.preset("atawmj2009"))
    assert (common.total, assoc.total) == (2, 3)
    # A win on the replacement after an exposed kong: 槓上開花 in the common table,
    # not in the association's (only flower, concealed kong and added kong).
    hand = dict(hand="123m456m789m234p55s", win_tile="5s", melds=["daiminkan:6666p"], self_draw=True,
                replacement="exposed_kong")
    assert tw.score(**hand).tai_of("kong_bloom") == 1
    assert tw.score(**hand, rules=tw.TaiwanRules.preset("atawmj2009")).tai_of("kong_bloom") == 0


@pytest.mark.parametrize("field, value, key, tai", [
    ("flower_set", 1, "flower_set", 1),
    ("all_honors", 8, "all_honors", 8),
    ("heavenly_win", 16, "heavenly_win", 16),
    ("heavenly_win", 32, "heavenly_win", 32),
    ("human_win", 16, "human_win", 16),
    ("all_calling", 1, "all_calling", 1),
])
def test_disputed_values_are_options(field, value, key, tai):
    rules = tw.TaiwanRules(**{field: value})
    cases = {
        "flower_set": dict(hand=PINGHU, win_tile="5s", flowers="春夏秋冬"),
        "all_honors": dict(hand="111z222z333z555z666z77z", win_tile="7z"),
        "heavenly_win": dict(hand=PINGHU, win_tile="5s", self_draw=True, dealer=True, first_turn=True),
        "human_win": dict(hand=PINGHU, win_tile="5s", first_turn=True),
        "all_calling": dict(hand="77p", melds=["chi:123m", "pon:444p", "chi:567s", "pon:999m", "pon:222s"]),
    }
    assert tw.score(**cases[key], rules=rules).tai_of(key) == tai


def test_tai_cap_and_dealer_tai():
    s = tw.score("555z666z777z123m456m99m", win_tile="9m", rules=tw.TaiwanRules(tai_cap=8))
    assert s.total == 8 and s.uncapped > 8 and "cap" in str(s)
    s = tw.score(PINGHU, win_tile="7p", dealer=True, consecutive=3)
    assert s.total == 3 and s.dealer_tai == 7
    assert tw.score(PINGHU, win_tile="7p", consecutive=3, rules=tw.TaiwanRules(consecutive_cap=1)).dealer_tai == 3


def test_little_four_winds_wind_tai_variant():
    hand = dict(hand="111z222z333z44z123m456m", win_tile="6m", seat_wind="S")
    assert tw.score(**hand).tai_of("round_wind") == 1
    assert tw.score(**hand, rules=tw.TaiwanRules(little_winds_keep_wind_tai=False)).tai_of("round_wind") == 0


def test_all_chows_variants():
    assert tw.score(PINGHU, win_tile="7p", rules=tw.TaiwanRules(all_chows_concealed=False)).tai_of("all_chows") == 0
    assert tw.score(PINGHU, win_tile="7p", rules=tw.TaiwanRules(all_chows_exclusive=True)).tai_of("all_chows") == 0
    open_hand = dict(hand="456m789m234p567p55s", win_tile="7p", melds=["chi:123m"])
    assert tw.score(**open_hand, rules=tw.TaiwanRules(all_chows_exclusive=True)).keys() == ["all_chows"]
    assert tw.score(PINGHU, win_tile="7p", self_draw=True, rules=tw.TaiwanRules(all_chows_self_draw=True)).tai_of("all_chows") == 2


def test_presets_and_rules_round_trip(tmp_path):
    import pickle

    for name in tw.PRESETS:
        r = tw.TaiwanRules.preset(name)
        assert tw.TaiwanRules(**r.options()) == r
        assert r.options() == mf._core.TaiwanRuleSet(name).as_dict()
    custom = tw.TaiwanRules("seed003", flower_set=1, plant_numbering="梅蘭竹菊")
    assert repr(custom) == "TaiwanRules('seed003', flower_set=1, plant_numbering='梅蘭竹菊')"
    path = tmp_path / "club.toml"
    path.write_text(custom.to_toml(), encoding="utf-8")
    for back in (pickle.loads(pickle.dumps(custom)), tw.TaiwanRules.from_dict(custom.to_dict()), tw.TaiwanRules.from_toml(path)):
        assert back == custom and hash(back) == hash(custom)
    # Every API takes the four forms.
    hand = dict(hand=PINGHU, win_tile="5s", flowers="春夏秋冬")
    for form in (custom, {"preset": "seed003", "flower_set": 1, "plant_numbering": "梅蘭竹菊"}, str(path), path):
        assert tw.load_rules(form) == custom
        assert tw.score(**hand, rules=form).tai_of("flower_set") == 1
    assert tw.score(**hand, rules="seed003").tai_of("flower_set") == 2
    with pytest.raises(mf.InvalidRuleError, match="rule option names are text, got 5"):
        tw.TaiwanRules.from_dict({5: 1})
    bad = tmp_path / "latin1.toml"
    bad.write_bytes("preset = 'common'\n# r\xe8gle\n".encode("latin-1"))
    with pytest.raises(mf.InvalidRuleError, match="not UTF-8"):
        tw.score(**hand, rules=bad)


@pytest.mark.parametrize("call, exc, words", [
    (lambda: tw.score("123m456m789m234p567p555s", win_tile="5s"), mf.InvalidHandError, "concealed tiles"),
    (lambda: tw.score("11111m456m789m234p567p", win_tile="1m"), mf.InvalidHandError, "five copies"),
    (lambda: tw.score("123m456m789m234p567p55s", melds=["pon:555s"]), mf.InvalidHandError, "concealed tiles"),
    (lambda: tw.score(PINGHU, flowers="春夏秋冬梅蘭菊竹春"), mf.InvalidHandError, "twice"),
    (lambda: tw.score(PINGHU, flowers=list(range(8)) + [0]), mf.InvalidHandError, "twice"),
    (lambda: tw.score(PINGHU, flowers="rose"), mf.InvalidHandError, "not a flower"),
    (lambda: tw.score("77p", melds=["pon:春春春"]), mf.InvalidHandError, "flower cannot be part of a meld"),
    (lambda: tw.score(PINGHU + "春"), mf.InvalidHandError, "flower cannot be part of the hand"),
    (lambda: tw.score("123m456m789m234p567p56s", win_tile="6s"), mf.InvalidHandError, "not a winning hand"),
    (lambda: tw.score(PINGHU, win_tile="1z"), mf.InvalidHandError, "not among"),
    (lambda: tw.score(PINGHU, seat_wind="X"), mf.InvalidHandError, "wind"),
    (lambda: tw.score(PINGHU, replacement="dragon"), mf.ArgumentError, "replacement"),
    (lambda: tw.score(PINGHU, robbing_kong=True, self_draw=True), mf.InvalidHandError, "robbing"),
    (lambda: tw.TaiwanRules(flower_set=-1), mf.InvalidRuleError, "flower_set"),
    (lambda: tw.TaiwanRules(plant_numbering="x"), mf.InvalidRuleError, "plant_numbering"),
    (lambda: tw.TaiwanRules.preset("nope"), mf.InvalidRuleError, "nope"),
    (lambda: tw.score("12x"), mf.TileParseError, "12x"),
])
def test_bad_input_raises_a_clear_error(call, exc, words):
    with pytest.raises(exc, match=words):
        call()


def test_waits_of_sixteen_tiles():
    assert tw.waits("234m567m345p678p23s55s") == ["1s", "4s"]
    assert tw.waits("7p", melds=["chi:123m", "pon:444p", "chi:567s", "pon:999m", "pon:222s"]) == ["7p"]
    with pytest.raises(mf.InvalidHandError):
        tw.waits("234m567m345p678p23s5s")


def test_flower_win_scores():
    assert tw.flower_win_score("seven_rob_one").total == 8
    assert tw.flower_win_score("eight_immortals", rules=tw.TaiwanRules(eight_immortals=16)).total == 16
    with pytest.raises(mf.ArgumentError):
        tw.flower_win_score("nine_dragons")


# --- batch ------------------------------------------------------------------------

SAMPLES = [
    dict(hand=PINGHU, win_tile="7p"),
    dict(hand=PINGHU, win_tile="5s", self_draw=True, flowers="春夏"),
    dict(hand="111z222z555z123m456m77p", win_tile="7p", seat_wind="S"),
    dict(hand="77p", win_tile="7p", melds=["chi:123m", "pon:444p", "chi:567s", "daiminkan:9999m", "pon:222s"]),
    dict(hand="111m222p333s444m55p666s", win_tile="6s", self_draw=True, replacement="flower", last_tile=True),
]


def test_batch_matches_scalar_scoring():
    keys = tw.pattern_keys()
    cols = tw.wins_to_columns(SAMPLES)
    by_cols, by_rows = tw.score_batch(cols), tw.score_batch(SAMPLES)
    for name in ("tai", "patterns"):
        assert by_cols[name].tolist() == by_rows[name].tolist()
    for i, s in enumerate(SAMPLES):
        one = tw.score(**s)
        assert by_cols["tai"][i] == one.total
        mask = int(by_cols["patterns"][i])
        assert sorted(k for b, k in enumerate(keys) if mask >> b & 1) == sorted(one.keys())


def test_batch_errors_are_rows_and_the_others_are_scored():
    pa = pytest.importorskip("pyarrow")
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    cols = tw.wins_to_columns(SAMPLES)
    cols["concealed"][2, 0] += 1  # a row with 18 tiles
    cols["meld_kind"][1, 0] = 9  # not a meld code
    cols["consecutive"][4] = 70000  # past the scalar's 0-65535
    want = tw.score_batch(cols)
    assert want.errors.rows.tolist() == [1, 2, 4] and set(want.errors.kinds) == {"InvalidHandError"}
    assert want["tai"].tolist()[0] == 3 and want["tai"][3] == tw.score(**SAMPLES[3]).total
    assert "meld code 9" in want.errors[0][2]
    frames = {
        "fortran": {k: np.asfortranarray(v) for k, v in cols.items()},
        "int64": {k: v.astype(np.int64) for k, v in cols.items()},
        "arrow": pa.table({k: (list(v) if v.ndim == 2 else v) for k, v in cols.items()}),
        "pandas": pd.DataFrame({k: (list(v) if v.ndim == 2 else v) for k, v in cols.items()}),
        "polars": pl.DataFrame(cols),
    }
    for name, data in frames.items():
        got = tw.score_batch(data)
        assert got["tai"].tolist() == want["tai"].tolist(), name
        assert got.errors == want.errors, name
    # Rows: any fault of a row (a TypeError inside one) is that row's error.
    rows = list(SAMPLES) + [{"hand": 5}, 7, {"hand": PINGHU, "win_tile": "7p", "consecutive": 70000},
                            dict(SAMPLES[0], melds=[object()])]
    r = tw.score_batch(iter(rows))
    assert r["tai"].tolist()[:5] == tw.score_batch(SAMPLES)["tai"].tolist()
    assert r.errors.rows.tolist() == [5, 6, 7, 8] and all(k in mf.errors.KINDS for k in r.errors.kinds)
    assert r.to_pandas()["tai"].tolist()[5:] == [-1] * 4 and r.to_polars()["tai"].to_list()[0] == 3
    assert tw.score_batch([]).n_rows == 0
    with pytest.raises(mf.ArgumentError, match="threads"):
        tw.score_batch(cols, threads=0)
    assert np.array_equal(tw.score_batch(cols, threads=1)["tai"], want["tai"])


def test_one_meld_code_table_for_riichi_and_taiwan():
    from mahjong_fast.riichi import MELD_CODES as RIICHI
    from mahjong_fast.taiwan.batch import MELD_CODES as TAIWAN

    assert TAIWAN == RIICHI == {n: c for c, n in enumerate(mf._core.meld_codes()) if c}
    assert tw.wins_to_columns([SAMPLES[3]])["meld_kind"][0].tolist() == [1, 2, 1, 3, 2]


# --- properties -------------------------------------------------------------------

@st.composite
def complete_hands(draw):
    """A random complete 17-tile concealed hand: five sets and a pair, legal counts."""
    counts = [0] * 34
    parts = []
    for _ in range(5):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 2))
            start = draw(st.integers(0, 6))
            ks = [suit * 9 + start + i for i in range(3)]
        else:
            ks = [draw(st.integers(0, 33))] * 3
        for k in ks:
            counts[k] += 1
        parts.append(ks)
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    if max(counts) > 4:
        from hypothesis import assume
        assume(False)
    win = draw(st.sampled_from(sorted({k for p in parts for k in p} | {pair})))
    return counts, win


def permute(counts, win, perm):
    out = [0] * 34
    for k, c in enumerate(counts):
        nk = perm[k // 9] * 9 + k % 9 if k < 27 else k
        out[nk] = c
    nw = perm[win // 9] * 9 + win % 9 if win < 27 else win
    return out, nw


def kind_text(k):
    return mf.from_counts([1 if i == k else 0 for i in range(34)])


@settings(max_examples=300, deadline=None)
@given(complete_hands(), st.permutations([0, 1, 2]), st.booleans(), st.integers(0, 3), st.integers(0, 255))
def test_tai_is_invariant_under_suit_permutation(hand, perm, self_draw, seat, flowers):
    counts, win = hand
    a = tw.score(mf.from_counts(counts), win_tile=kind_text(win), self_draw=self_draw, seat_wind=seat, flowers=flowers)
    pc, pw = permute(counts, win, perm)
    b = tw.score(mf.from_counts(pc), win_tile=kind_text(pw), self_draw=self_draw, seat_wind=seat, flowers=flowers)
    assert a.total == b.total and sorted(a.keys()) == sorted(b.keys())


@settings(max_examples=200, deadline=None)
@given(complete_hands())
def test_single_wait_iff_one_kind_completes(hand):
    counts, win = hand
    s = tw.score(mf.from_counts(counts), win_tile=kind_text(win))
    c16 = list(counts)
    c16[win] -= 1
    # Brute force: which of the 34 kinds make the 16 tiles a winning hand?
    n = 0
    for k in range(34):
        if c16[k] >= 4:
            continue
        c = list(c16)
        c[k] += 1
        try:
            tw.score(mf.from_counts(c), win_tile=kind_text(k))
            n += 1
        except mf.InvalidHandError:
            pass
    assert (n == 1) == ("single_wait" in s.keys())


@settings(max_examples=100, deadline=None)
@given(complete_hands(), st.integers(0, 3))
def test_batch_agrees_with_scalar_on_random_hands(hand, seat):
    counts, win = hand
    one = tw.score(mf.from_counts(counts), win_tile=kind_text(win), seat_wind=seat)
    r = tw.score_batch({"concealed": np.array([counts], dtype=np.uint8), "win_tile": [win], "seat_wind": [seat]})
    assert r["tai"][0] == one.total


def test_rules_and_results_pickle():
    import pickle

    r = tw.TaiwanRules.preset("seed003", tai_cap=16)
    r2 = pickle.loads(pickle.dumps(r))
    assert r2 == r and tw.score(PINGHU, win_tile="7p", rules=r2).total == 3
    s = tw.score(PINGHU, win_tile="7p")
    assert pickle.loads(pickle.dumps(s)) == s


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789mpsz春夏梅竹 :x", max_size=30), st.text(alphabet="0123456789mpsz", max_size=3),
       st.lists(st.text(alphabet="chipondaknmz0123456789:", max_size=12), max_size=6),
       st.one_of(st.none(), st.integers(-5, 300), st.text(alphabet="春夏秋冬梅蘭菊竹x", max_size=10)))
def test_fuzzed_input_raises_only_mahjong_errors(hand, win, melds, flowers):
    try:
        s = tw.score(hand, win_tile=win or None, melds=melds, flowers=flowers)
    except mf.MahjongError:
        return
    assert s.total >= 0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(0, 255), min_size=34, max_size=34), min_size=1, max_size=8),
       st.lists(st.integers(0, 255), min_size=7, max_size=7),
       st.lists(st.integers(-3, 40), min_size=10, max_size=10))
def test_fuzzed_batch_rows_never_crash(rows, ctx, meld_row):
    n = len(rows)
    names = ["win_tile", "seat_wind", "round_wind", "flowers", "flags", "replacement", "consecutive"]
    cols = {"concealed": np.array(rows, dtype=np.uint8), "meld_kind": np.array([meld_row[:5]] * n),
            "meld_tile": np.array([meld_row[5:]] * n)}
    cols.update({k: np.full(n, v) for k, v in zip(names, ctx)})
    r = tw.score_batch(cols)
    tai, mask = r["tai"], r["patterns"]
    assert len(tai) == n and all(t >= -1 for t in tai)
    assert all(int(mk) == 0 for t, mk in zip(tai, mask) if t == -1)
    assert sorted(r.errors.rows.tolist()) == [i for i in range(n) if tai[i] == -1]
