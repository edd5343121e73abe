"""Property tests of the public parsing entry points: whatever they are given, they
return a value or raise a MahjongError subclass (never a TypeError, OverflowError,
IndexError, UnicodeError, a panic...). The Rust parsers behind them are also fuzzed
with cargo-fuzz (scripts/fuzz.sh)."""

from __future__ import annotations

import gzip
from pathlib import Path

import mahjong_fast as mf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong_fast import engine

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# Text built from what these formats are made of, so that many examples get past
# the first character; plus any text at all.
MPSZ = st.text(alphabet="0123456789mpsz ", max_size=40)
ANY_TEXT = st.text(max_size=60)
WEIRD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.binary(max_size=20),
    st.lists(st.integers(min_value=-(2**70), max_value=2**70), max_size=20),
    st.lists(st.text(max_size=3), max_size=8),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


def only_mahjong_errors(fn, *args, **kwargs) -> None:
    try:
        fn(*args, **kwargs)
    except mf.MahjongError:
        pass


@SETTINGS
@given(st.one_of(MPSZ, ANY_TEXT, WEIRD))
def test_tiles_and_ids(x) -> None:
    only_mahjong_errors(lambda: mf.to_ids(x))
    only_mahjong_errors(lambda: mf.parse_tiles(x))
    only_mahjong_errors(lambda: mf.Tile(x))
    only_mahjong_errors(lambda: mf.parse_wind(x))


@SETTINGS
@given(st.lists(st.integers(min_value=-5, max_value=140), max_size=20))
def test_ids_in_and_around_range(ids) -> None:
    try:
        tiles = mf.parse_tiles(ids)
    except mf.MahjongError:
        return
    # Accepted ids are tiles whose ids give the same kinds back.
    assert [t.kind for t in mf.parse_tiles(mf.to_ids(tiles))] == [t.kind for t in tiles]


@SETTINGS
@given(
    st.one_of(MPSZ, ANY_TEXT, WEIRD),
    st.one_of(st.sampled_from(["chi", "pon", "kan", "ankan", "kakan", "daiminkan", "nuki"]), ANY_TEXT, WEIRD),
    st.one_of(MPSZ, WEIRD),
)
def test_hands_and_melds(hand, kind, meld_tiles) -> None:
    only_mahjong_errors(lambda: mf.Meld(kind, meld_tiles))
    only_mahjong_errors(lambda: mf.score(hand))
    only_mahjong_errors(lambda: mf.score(hand, melds=[f"{kind}:{meld_tiles}"]))
    only_mahjong_errors(lambda: mf.score("123m456p789s1122z", melds=meld_tiles))
    only_mahjong_errors(lambda: mf.shanten(hand))


_LOGS = [
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><INIT seed="0,0,0,3,1,124" ten="250,250,250,250" oya="0" '
    'hai0="44,9,52,118,113,109,30,42,53,87,12,134,102" hai1="31,24,25,8,107,28,41,60,58,112,32,76,78" '
    'hai2="69,81,55,98,128,33,3,110,89,29,23,84,132" hai3="1,57,34,125,11,92,66,17,74,99,22,115,0"/>'
    "<T119/><D113/><U127/><E127/></mjloggm>",
    'Get: <GO type="9"/>\nGet: <INIT seed="0,0,0,1,2,30" ten="250,250,250,250" oya="0" '
    'hai="0,4,8,12,16,20,24,28,32,36,40,44,48"/> <T52/>\nGet: <D52/>\n',
    '{"type":"start_game"}\n{"type":"start_kyoku","bakaze":"E","kyoku":1,"oya":0,"dora_marker":"5p",'
    '"tehais":[["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],'
    '["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}\n'
    '{"type":"tsumo","actor":0,"pai":"1m"}\n',
    '{"log":[[[0,0,0],[25000,25000,25000,25000],[47],[],[11,12,13,14,15,16,17,18,19,21,22,23,24],[25],[60],'
    "[31,32,33,34,35,36,37,38,39,41,42,43,44],[],[],[45,45,45,46,46,46,47,47,26,27,28,29,29],[],[],"
    '[11,11,11,12,12,12,13,13,13,14,14,14,15],[],[],["流局",[0,0,0,0]]]]}',
]


@SETTINGS
@given(st.sampled_from(_LOGS), st.integers(0, 2000), st.integers(0, 20), st.binary(max_size=8), st.booleans())
def test_read_log_on_damaged_bytes(tmp_path: Path, base: str, pos: int, cut: int, insert: bytes, packed: bool) -> None:
    raw = base.encode()
    i = pos % (len(raw) + 1)
    data = raw[:i] + insert + raw[i + cut :]
    if packed:
        data = gzip.compress(data)
    f = tmp_path / "x.log"
    f.write_bytes(data)
    try:
        games = mf.read_log(f)
    except mf.LogParseError as e:
        assert "x.log" in str(e)
        return
    except mf.MahjongError:
        pytest.fail("a damaged log raised something other than LogParseError")
    for fmt in ("mjai", "tenhou6"):
        only_mahjong_errors(engine.convert_log, f, fmt)
    assert isinstance(games, list)


_LAYOUTS = [
    "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n3434\n",
    '<mahjongg><map name="t"><tile x="0" y="0" layer="0"/><tile x="2" y="0" layer="0"/></map></mahjongg>',
    "# t\n0 0 0\n2 0 0\n",
    "Kyodai 3.0\n",
]


@SETTINGS
@given(st.one_of(st.sampled_from(_LAYOUTS), ANY_TEXT), st.integers(0, 200), st.integers(0, 10), ANY_TEXT, st.one_of(st.none(), ANY_TEXT, WEIRD))
def test_layouts_from_text(base: str, pos: int, cut: int, insert: str, map_name) -> None:
    i = pos % (len(base) + 1)
    text = base[:i] + insert + base[i + cut :]
    only_mahjong_errors(lambda: mf.SolitaireLayout.read(text))
    only_mahjong_errors(lambda: mf.SolitaireLayout.read(text, map_name))
    only_mahjong_errors(lambda: mf.SolitaireLayout.map_names(text))


_TOML_KEYS = st.sampled_from(["preset", "min_han", "red_fives", "kazoe", "honba_points", "tobi", "uma", "name", "x"])
_TOML_VALUES = st.sampled_from(['"tenhou"', "2", "-1", "true", "[1, 2]", '"yakuman"', "1e400", "{a = 1}", "99999999999999999999", '"'])


@SETTINGS
@given(st.lists(st.tuples(_TOML_KEYS, _TOML_VALUES), max_size=5), st.sampled_from(["", "[rules]\n", "[match]\n"]), ANY_TEXT)
def test_rule_sets_from_toml(pairs, header: str, noise: str) -> None:
    from mahjong_fast.taiwan import TaiwanRules

    text = header + "".join(f"{k} = {v}\n" for k, v in pairs)
    for cls in (mf.RuleSet, mf.MatchRules, TaiwanRules):
        only_mahjong_errors(cls.from_toml_text, text)
        only_mahjong_errors(cls.from_toml_text, noise)
        only_mahjong_errors(cls.from_toml_text, text + noise)


@SETTINGS
@given(WEIRD)
def test_rule_sets_from_anything(x) -> None:
    from mahjong_fast.taiwan import TaiwanRules

    for cls in (mf.RuleSet, mf.MatchRules, TaiwanRules):
        only_mahjong_errors(cls.from_toml_text, x)
        only_mahjong_errors(cls.from_dict, x)
