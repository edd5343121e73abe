"""The RL environments: PettingZoo's and Gymnasium's own checkers, a differential
replay of every table's match in a `Match` (same walls, same legal actions, same
views, same result), the vectorized tables against single ones, and refusals."""

from __future__ import annotations

import random

import mahjong_fast as mf
import numpy as np
import pytest
from mahjong_fast import env as rl
from mahjong_fast.errors import ArgumentError, IllegalActionError, MahjongError

NAMES = rl.action_names()


def test_the_module_documents_every_plane_in_order():
    lines = [ln.split() for ln in rl.__doc__.splitlines() if ln[:6].strip().isdigit() and len(ln.split()) > 2]
    documented = [(int(p[0]), p[1], " ".join(p[2:])) for p in lines if p[1] in {n for n, _ in rl.plane_names()}]
    assert documented == [(i, n, d) for i, (n, d) in enumerate(rl.plane_names())]
    assert len(documented) == rl.OBS_PLANES


def test_action_names_are_the_documented_layout():
    assert len(NAMES) == rl.N_ACTIONS == 156
    assert NAMES[0] == "discard 1m" and NAMES[36] == "discard 0s" and NAMES[37] == "riichi 1m"
    assert NAMES[74:79] == ["tsumo", "ron", "pass", "nine_terminals", "nuki"]
    assert NAMES[79] == "ankan 1m" and NAMES[113] == "kakan 1m"
    assert NAMES[147:156] == [
        "chi low",
        "chi middle",
        "chi high",
        "chi low red",
        "chi middle red",
        "chi high red",
        "pon",
        "pon red",
        "daiminkan",
    ]


def _kind(action_name: str) -> str:
    return action_name.split()[0]


@pytest.mark.parametrize("rules,players", [("tenhou", 4), ("tenhou-sanma", 3)])
def test_tables_replay_in_a_match(rules, players):
    """Every step of random play taken through the action space, replayed as the
    engine action in a `Match` with the same seed: the same seat acts, the mask holds
    one index per distinct legal action, the views agree, and so does the result."""
    rng = random.Random(5)
    kinds_seen = set()
    for seed in range(6):
        t = mf.RlTable(rules, seed=seed)
        m = mf.Match(rules, seed=seed)
        while not t.done:
            while m.phase == "ended":
                m.next_hand()
            seat = t.acting
            assert seat == m.to_act()[0]
            legal = t.legal_actions()
            obs, mask = t.observe(seat)
            assert sorted(np.flatnonzero(mask).tolist()) == legal
            engine = [t.engine_action(i) for i in legal]
            assert all(a in m.legal_actions(seat) for a in engine)
            assert t.view(seat) == m.view(seat)
            # Other seats' masks are all zero; their observations are theirs.
            for other in range(players):
                if other != seat:
                    assert not t.observe(other)[1].any()
            i = rng.choice(legal)
            kinds_seen.add(_kind(NAMES[i]))
            m.apply(seat, t.engine_action(i))
            t.step(i)
        m.next_hand()  # settles the last hand: the match is over
        assert m.phase == "over"
        assert t.result() == m.result()
        assert t.rewards() == pytest.approx(t.result()["results"][:players])
    assert {"discard", "pass"} <= kinds_seen


def test_observations_follow_the_view():
    t = mf.RlTable("tenhou", seed=11)
    seat = t.acting
    obs, _ = t.observe(seat)
    view = t.view(seat)
    counts = np.bincount([i // 4 for i in view["hand"]], minlength=34)
    assert (obs[0] == (counts >= 1)).all() and (obs[1] == (counts >= 2)).all()
    assert obs[5, view["drawn"] // 4] == 1.0 and obs[5].sum() == 1.0
    assert obs[13, 0] == pytest.approx(0.25)  # self score 25,000 / 100,000
    assert obs[43].sum() == pytest.approx(0.25)  # one dora indicator shown


def test_rank_rewards_and_bots():
    t = mf.RlTable("tenhou", seed=2, bots=0b1110, bot="random", reward="rank", rank_points=(4, 2, -1, -5))
    while not t.done:
        assert t.acting == 0
        t.step(t.legal_actions()[0])
    assert sorted(t.rewards()) == [-5.0, -1.0, 2.0, 4.0]
    assert t.acting is None and t.legal_actions() == []


def test_refusals_name_the_argument_and_change_nothing():
    t = mf.RlTable("tenhou", seed=1)
    before = (t.legal_actions(), t.observe(t.acting)[0].copy())
    with pytest.raises(ArgumentError, match="action"):
        t.step(156)
    with pytest.raises(ArgumentError, match="action"):
        t.step(-1)
    with pytest.raises(ArgumentError, match="action"):
        t.step("3")
    illegal = next(i for i in range(156) if i not in t.legal_actions())
    with pytest.raises(IllegalActionError, match="action"):
        t.step(illegal)
    assert t.legal_actions() == before[0] and (t.observe(t.acting)[0] == before[1]).all()
    with pytest.raises(ArgumentError, match="bots"):
        mf.RlTable("tenhou", bots=15)
    with pytest.raises(ArgumentError, match="bot"):
        mf.RlTable("tenhou", bots=2, bot="smart")
    with pytest.raises(ArgumentError, match="reward"):
        mf.RlTable("tenhou", reward="points")
    with pytest.raises(ArgumentError, match="rank_points"):
        mf.RlTable("tenhou", reward="rank", rank_points=(1, 2))
    with pytest.raises(ArgumentError, match="seat"):
        mf.RlTable("tenhou-sanma").observe(3)
    while not t.done:
        t.step(t.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="over"):
        t.step(0)


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def test_vector_tables_are_the_single_tables_and_reset_when_done():
    n = 6
    env = mf.VecEnv(n, "tenhou", seed=40, threads=2)
    tables = [mf.RlTable("tenhou", seed=40 + i, bot="random") for i in range(n)]
    obs, masks, seats = env.reset()
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(3000):
        for i, t in enumerate(tables):
            assert seats[i] == t.acting
            o, m = t.observe(t.acting)
            assert (obs[i] == o).all() and (masks[i] == m.astype(bool)).all()
        actions = _random_actions(masks, rng)
        out = env.step(actions)
        assert out[0] is obs and out[1] is masks  # the same memory every step
        for i in range(n):
            listed = env.legal[i, : env.n_legal[i]].tolist()
            assert listed == np.flatnonzero(masks[i]).tolist() and (env.legal[i, env.n_legal[i] :] == 255).all()
        rewards, dones, seats = out[2], out[3], out[4]
        for i, t in enumerate(tables):
            t.step(int(actions[i]))
            if t.done:
                assert dones[i] and rewards[i].tolist() == pytest.approx(t.rewards())
                finished += 1
                # Table i's k-th match: seed 40 + i + k * n.
                t.reset(40 + i + (t.seed - 40 - i + n))
            else:
                assert not dones[i] and not rewards[i].any()
    assert finished >= 1


def test_vector_threads_give_the_same_steps():
    runs = []
    for threads in (1, 2):
        env = mf.VecEnv(32, "tenhou", seed=9, threads=threads)
        obs, masks, _ = env.reset()
        rng = np.random.default_rng(1)
        total = np.zeros((32, 4))
        for _ in range(500):
            obs, masks, rewards, dones, seats = env.step(_random_actions(masks, rng))
            total += rewards
        runs.append((obs.copy(), masks.copy(), total, env.decisions))
    assert all((a == b).all() if isinstance(a, np.ndarray) else a == b for a, b in zip(*runs))


def test_vector_refusals_change_nothing():
    env = mf.VecEnv(4, "tenhou", seed=1, threads=1)
    obs, masks, _ = env.reset()
    keep = obs.copy(), masks.copy()
    good = masks.argmax(axis=1)
    bad_inputs = [
        good.astype(np.float64),
        good[:3],
        good.reshape(2, 2),
        list(good),
        np.array([0, 0, 0, 200]),
        None,
    ]
    for bad in bad_inputs:
        with pytest.raises(ArgumentError, match="actions"):
            env.step(bad)
    illegal = good.copy()
    illegal[2] = next(i for i in range(156) if not masks[2, i])
    with pytest.raises(ArgumentError, match=r"actions\[2\]"):
        env.step(illegal)
    assert (obs == keep[0]).all() and (masks == keep[1]).all()
    env.step(good.astype(np.int32))
    for bad_n in (0, -1, "4"):
        with pytest.raises(MahjongError):
            mf.VecEnv(bad_n)
    with pytest.raises(ArgumentError, match="threads"):
        mf.VecEnv(2, threads=0)


# A dict of planes and mask is PettingZoo's own convention for masked actions (its
# classic games use it) although its checker warns about it.
@pytest.mark.filterwarnings("ignore:Observation space for each agent", "ignore:Observation is not a NumPy array")
def test_pettingzoo_api():
    pytest.importorskip("pettingzoo")
    from mahjong_fast.env.aec import RiichiAECEnv
    from pettingzoo.test import api_test

    api_test(RiichiAECEnv(rules="tenhou"), num_cycles=3000, verbose_progress=False)
    api_test(RiichiAECEnv(rules="tenhou-sanma"), num_cycles=3000, verbose_progress=False)


def test_pettingzoo_refusals():
    pytest.importorskip("pettingzoo")
    from mahjong_fast.env.aec import RiichiAECEnv

    env = RiichiAECEnv()
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ArgumentError):
        env.step(999)
    with pytest.raises(IllegalActionError):
        env.step(None)
    assert env.agent_selection == agent and (env.observe(agent)["action_mask"] == mask).all()
    with pytest.raises(ArgumentError, match="render_mode"):
        RiichiAECEnv(render_mode="human")


@pytest.mark.filterwarnings("ignore:.*not having a spec")
def test_gymnasium_check_env():
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env
    from mahjong_fast.env.single import RiichiGymEnv

    check_env(RiichiGymEnv(), skip_render_check=True)
    check_env(RiichiGymEnv(rules="tenhou-sanma", seat=2, bot="random", render_mode="ansi"))


def test_gymnasium_illegal_actions():
    pytest.importorskip("gymnasium")
    from mahjong_fast.env.single import RiichiGymEnv

    env = RiichiGymEnv(illegal_penalty=-0.5)
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, _, info = env.step(illegal)
    assert info["illegal_action"] == illegal and reward == -0.5
    strict = RiichiGymEnv(illegal_action="raise")
    obs, _ = strict.reset(seed=4)
    with pytest.raises(IllegalActionError):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    with pytest.raises(ArgumentError):
        strict.step(156)
    for bad in ({"seat": 4}, {"seat": 3, "rules": "tenhou-sanma"}, {"illegal_action": "ignore"}, {"bot": "x"}):
        with pytest.raises(ArgumentError):
            RiichiGymEnv(**bad)
    done = False
    while not done:
        obs, reward, done, _, _ = strict.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(IllegalActionError, match="reset"):
        strict.step(0)
