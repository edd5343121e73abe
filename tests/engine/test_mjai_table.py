"""mjai bots at the table: bots nobody here wrote (the `mjai` package's RiichiBot and
rule-based bot on Mortal's libriichi, in their own virtualenv, one process per seat)
play whole east-south matches through the engine and every match verifies by the
package's own replay; a bot that crashes, stalls or writes nonsense is handled by the
documented rule; no bot ever reads another seat's hidden tile.

The `mjai` package pins `mahjong~=1.2`, so it gets a virtualenv of its own, made once
under $MAHJONG_FAST_CACHE (default: the temp folder) and keyed by its version; the
tests skip with the reason when pip cannot install it. CI plays 2 matches of mjai
bots; `MAHJONG_FAST_LONG=1` plays 20.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import mahjong_fast as mf
import pytest
from mahjong_fast import engine
from mahjong_fast.mjai_table import mjai_tile, play_match, play_matches

MJAI_VERSION = "0.2.1"
LONG = os.environ.get("MAHJONG_FAST_LONG") == "1"
HERE = Path(__file__).resolve().parent
TEST_BOT = f'"{sys.executable}" "{HERE / "mjai_test_bot.py"}"'


def _mjai_venv() -> Path:
    """The virtualenv with mjai installed (made on first use), or a skip."""
    root = Path(os.environ.get("MAHJONG_FAST_CACHE", tempfile.gettempdir())) / f"mahjong_fast-mjai-{MJAI_VERSION}"
    py = root / "bin" / "python"
    probe = [str(py), "-c", "import mjai.bot.riichibot, mjai.bot.rulebase"]
    if py.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return py
    building = root.with_name(root.name + f".building-{os.getpid()}")
    shutil.rmtree(building, ignore_errors=True)
    try:
        subprocess.run([sys.executable, "-m", "venv", str(building)], check=True, capture_output=True, timeout=300)
        pip = subprocess.run([str(building / "bin" / "python"), "-m", "pip", "install", "-q", f"mjai=={MJAI_VERSION}"],
                             capture_output=True, text=True, timeout=900)
    except (subprocess.SubprocessError, OSError) as e:
        shutil.rmtree(building, ignore_errors=True)
        pytest.skip(f"cannot make a virtualenv for mjai {MJAI_VERSION}: {e}")
    if pip.returncode != 0:
        shutil.rmtree(building, ignore_errors=True)
        pytest.skip(f"pip cannot install mjai=={MJAI_VERSION} here: {pip.stderr.strip().splitlines()[-1:]}")
    shutil.rmtree(root, ignore_errors=True)
    os.replace(building, root)  # venv scripts name their folder; python itself runs from anywhere
    if subprocess.run(probe, capture_output=True).returncode != 0:
        pytest.skip(f"mjai {MJAI_VERSION} installed but its bots do not import")
    return py


@pytest.fixture(scope="module")
def mjai_bots():
    py = _mjai_venv()
    riichi = f'"{py}" -c "from mjai.bot.riichibot import RiichiBot; RiichiBot(player_id={{seat}}).start()"'
    rule = f'"{py}" -c "from mjai.bot.rulebase import RulebaseBot; RulebaseBot(player_id={{seat}}).start()"'
    return riichi, rule


def _verify(path: str, games: int) -> engine.VerifySummary:
    s = engine.verify([path])
    assert s.problems == []
    assert (s.games, s.games_ok, s.games_complete) == (games, games, games)
    assert s.finals_checked == s.finals_matched == games
    assert s.rounds_legal == s.rounds_scored == s.rounds and s.wins_matched == s.wins
    return s


def test_mjai_package_bots_play_whole_matches_that_verify(mjai_bots, tmp_path):
    riichi, rule = mjai_bots
    games = 20 if LONG else 2
    out = tmp_path / "log.json"
    res = play_matches([riichi, rule, riichi, rule], games=games, seed=100, timeout=10, out=out,
                       names=["riichi0", "rule1", "riichi2", "rule3"])
    assert len(res.games) == games and res.faults_by_kind() == {"timeout": 0, "exited": 0, "garbage": 0, "illegal": 0}
    s = _verify(str(out), games)
    # Bots that play to win: hands end in wins, riichi is declared and calls are made.
    log = out.read_text()
    assert s.wins >= games and log.count('"type":"reach"') >= games and '"type":"pon"' in log
    for g in res.games:
        assert sum(g.scores) + 1000 * g.match.hand_info[3] == 100000
        assert g.match.rules.length == "east_south" and g.hands >= 4
    assert json.loads(log.splitlines()[0])["names"] == ["riichi0", "rule1", "riichi2", "rule3"]


def _masked(line: str, seat: int) -> str:
    """A full-record mjai line as `seat` may see it."""
    e = json.loads(line)
    if e["type"] == "start_game":
        e["id"] = seat  # the seat's stream tells the bot who it is
    if e["type"] == "start_kyoku":
        e["tehais"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(e["tehais"])]
    if e["type"] == "tsumo" and e["actor"] != seat:
        e["pai"] = "?"
    return json.dumps(e, sort_keys=True)


def test_bots_read_only_their_own_seats_stream(tmp_path):
    records = [tmp_path / f"seat{s}.txt" for s in range(4)]
    cmds = [f"{TEST_BOT} plain {{seat}} \"{records[s]}\"" for s in range(4)]
    res = play_matches(cmds, games=1, seed=5, rules={"preset": "tenhou", "length": "east"})
    full = res.games[0].log().splitlines()
    for seat in range(4):
        got = []
        for line in records[seat].read_text().splitlines():
            got += [json.dumps(e, sort_keys=True) for e in json.loads(line)]
        assert got, "the bot was spoken to"
        # What the bot read is exactly the record with the others' hands and draws
        # hidden (plus end_game): nothing hidden reaches it, nothing public is lost.
        want = [_masked(x, seat) for x in full if json.loads(x)["type"] != "end_game"]
        assert [g for g in got if json.loads(g)["type"] != "end_game"] == want
        hidden = sum(1 for g in got for x in [json.loads(g)] if x["type"] == "tsumo" and x["actor"] != seat)
        assert hidden > 50 and all(json.loads(g)["pai"] == "?" for g in got if json.loads(g)["type"] == "tsumo" and json.loads(g)["actor"] != seat)


def test_a_crashing_bot_is_replaced_and_the_game_goes_on(tmp_path):
    out = tmp_path / "log.json"
    res = play_matches([None, f"{TEST_BOT} crash {{seat}}", None, f"{TEST_BOT} plain {{seat}}"], games=1, seed=8, out=out)
    [g] = res.games
    [fault] = g.faults  # retired at once: later moves are the rule's, not new faults
    assert fault.seat == 1 and fault.kind == "exited" and "code 3" in fault.detail and "boom" in fault.detail
    assert fault.replaced_by["type"] in ("discard", "pass", "none")
    _verify(str(out), 1)
    errors = [json.loads(x) for x in out.read_text().splitlines() if '"type":"error"' in x]
    assert errors == [{"type": "error", "actor": 1, "message": f"exited: {fault.detail}"}]


def test_a_slow_bot_times_out_and_its_seat_plays_tsumogiri(tmp_path):
    out = tmp_path / "log.json"
    res = play_matches([f"{TEST_BOT} slow {{seat}}", None, None, None], games=1, seed=9, timeout=0.5, out=out)
    [g] = res.games
    [fault] = g.faults
    assert fault.seat == 0 and fault.kind == "timeout" and "0.5 s" in fault.detail
    assert fault.replaced_by["type"] == "discard"
    _verify(str(out), 1)
    assert out.read_text().count('"type":"error"') == 1


def test_garbage_and_illegal_answers_are_replaced_and_the_bot_stays(tmp_path):
    out = tmp_path / "log.json"
    res = play_matches([None, None, f"{TEST_BOT} garbage {{seat}}", None], games=1, seed=10, out=out)
    [g] = res.games
    kinds = [f.kind for f in g.faults if f.hand == g.faults[0].hand]
    assert kinds == ["garbage", "illegal", "illegal"], [(f.kind, f.detail) for f in g.faults]
    assert all(f.seat == 2 and f.replaced_by["type"] == "discard" for f in g.faults)
    _verify(str(out), 1)


def test_random_seats_are_seeded_and_arguments_are_checked():
    a = play_match([None] * 4, seed=3, rules={"preset": "tenhou", "length": "east"})
    b = play_match([None] * 4, seed=3, rules={"preset": "tenhou", "length": "east"})
    assert a.match == b.match and a.scores == b.scores
    with pytest.raises(mf.ArgumentError, match="commands"):
        play_match([None] * 2)
    with pytest.raises(mf.ArgumentError, match="timeout"):
        play_match([None] * 4, timeout=0)
    with pytest.raises(mf.ArgumentError, match="games"):
        play_matches([None] * 4, games=-1)
    assert mjai_tile(52) == "5pr" and mjai_tile(108) == "E"
