"""TaiwanRound snapshots: at every step of the named rounds, the round restored from its
bytes or its JSON text equals it, and the same following actions keep them equal to
the end (the same result)."""

import pickle

import mahjong_fast as mf
import pytest
from mahjong_fast import taiwan as tw
from taiwan_helpers import demo_round


def _step(x: tw.TaiwanRound) -> None:
    if x.phase == "act":
        x.discard(x.turn, x.hands[x.turn][-1]) if x.flower_win_chance() is None else x.declare_flower_win(x.turn)
    elif x.phase == "claim":
        x.draw()
    elif x.phase == "steal":
        x.decline(x.flower_win_chance()[0])
    else:
        x.proceed()


@pytest.mark.parametrize("variant", ["tsumo", "ron", "seven", "steal", "pung", "kong", "exposed_kong"])
def test_a_restored_round_has_the_same_present_and_future(variant):
    r = demo_round(variant)
    chain = tw.TaiwanRound.restore(r.snapshot())
    steps = 0
    while True:
        for copy in (tw.TaiwanRound.restore(r.snapshot()), tw.TaiwanRound.from_json(r.to_json()), chain):
            assert copy == r and copy.state == r.state and copy.live_tiles_left == r.live_tiles_left
            assert copy.flower_win_chance() == r.flower_win_chance() and copy.result == r.result
        if r.phase == "ended":
            break
        _step(r)
        _step(chain)
        chain = tw.TaiwanRound.restore(chain.snapshot())  # a restored round plays on as the original
        steps += 1
    assert steps > 0 and r.result is not None and chain.result == r.result
    assert pickle.loads(pickle.dumps(r)) == r


def test_damaged_or_foreign_bytes_are_refused():
    data = demo_round("ron").snapshot()
    assert len(data) < len(demo_round("ron").to_json().encode())
    for bad in (data[:-3], data[:5], b"MFTR\x02" + data[5:], b"MFMS" + data[4:], b"", data[:10] + b"x" + data[11:]):
        with pytest.raises(mf.InvalidHandError):
            tw.TaiwanRound.restore(bad)
    for bad in ("{", "[]", 3):
        with pytest.raises(mf.InvalidHandError):
            tw.TaiwanRound.from_json(bad)  # type: ignore[arg-type]
    with pytest.raises(mf.InvalidHandError, match="bytes"):
        tw.TaiwanRound.restore("MFTR")  # type: ignore[arg-type]
    assert tw.TaiwanRound.restore(bytearray(data)) == tw.TaiwanRound.restore(memoryview(data))
