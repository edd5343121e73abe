"""RL environment throughput: decisions per second under the same random-legal
policy, in one run.

- `mahjong_fast.VecEnv`: N tables stepped in one call (Rust, GIL released), the
  observation planes and masks of every table written each step, the policy a
  vectorized random choice over the masks (NumPy); on one core (`threads=1`) and on
  every core of the machine. The policy picks uniformly among each table's legal
  indices (`VecEnv.legal`, `n_legal`: one NumPy indexing per step).
- `riichienv.RiichiEnv` (peer, skipped when absent): its environment driven from
  Python the same way, a random choice among each acting player's legal actions; once
  bare and once also reading each decision's observation as a learner does
  (`encode()` planes and `mask()`).

A decision is one seat's action (riichienv's `step` takes every acting player's
action at once; its decisions are counted the same way). Rates are per CPU-second of
the process (what a core delivers, even on a shared machine) and per wall-second.

Run: `.venv/bin/python -m pytest benches/bench_rl_env.py --benchmark-only -s`
(build with `maturin develop --release` first for real numbers; BENCH_RL_TABLES,
BENCH_RL_STEPS, BENCH_RL_PEER_MATCHES set the sizes).
"""

from __future__ import annotations

import os
import random
import time

import mahjong_fast as mf
import numpy as np
import pytest

TABLES = int(os.environ.get("BENCH_RL_TABLES", "256"))
STEPS = int(os.environ.get("BENCH_RL_STEPS", "400"))
PEER_MATCHES = int(os.environ.get("BENCH_RL_PEER_MATCHES", "6"))
# name -> (decisions per CPU-second, per wall-second, cores used)
RATES: dict = {}


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _report(name: str, decisions: int, cpu: float, wall: float, cores: int) -> None:
    RATES[name] = (decisions / cpu, decisions / wall, cores)
    print(
        f"\n{name}: {decisions} decisions, {decisions / cpu:,.0f} per CPU-second, "
        f"{decisions / wall:,.0f} per wall-second on {cores} core(s)"
    )


def _vec_run(threads) -> tuple:
    env = mf.VecEnv(TABLES, "tenhou", seed=1, threads=threads)
    obs, masks, seats = env.reset()
    rng = np.random.default_rng(0)
    rows = np.arange(TABLES)
    legal, n_legal = env.legal, env.n_legal
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(STEPS):
        # Uniform over each table's legal actions (the same policy as the peer's).
        actions = legal[rows, (rng.random(TABLES) * n_legal).astype(np.int64)].astype(np.int64)
        obs, masks, rewards, dones, seats = env.step(actions)
    return TABLES * STEPS, time.process_time() - c0, time.perf_counter() - w0


@pytest.mark.parametrize("threads", [1, None], ids=["one_core", "all_cores"])
def test_vec_env(benchmark, threads) -> None:
    out = []
    benchmark.pedantic(lambda: out.append(_vec_run(threads)), rounds=3, iterations=1)
    decisions, cpu, wall = min(out, key=lambda r: r[1])
    cores = 1 if threads == 1 else _cores()
    _report(f"mahjong_fast.VecEnv ({'1 thread' if threads == 1 else 'all cores'})", decisions, cpu, wall, cores)


def _riichienv_run(encode: bool) -> tuple:
    riichienv = pytest.importorskip("riichienv")
    rng = random.Random(1)
    decisions = 0
    c0, w0 = time.process_time(), time.perf_counter()
    for _ in range(PEER_MATCHES):
        env = riichienv.RiichiEnv(game_mode="4p-red-half")
        obs = env.reset()
        while not env.done():
            if encode:
                for o in obs.values():
                    np.frombuffer(o.encode(), dtype=np.float32)
                    np.frombuffer(o.mask(), dtype=np.bool_)
            actions = {pid: rng.choice(o.legal_actions()) for pid, o in obs.items()}
            decisions += len(actions)
            obs = env.step(actions)
    return decisions, time.process_time() - c0, time.perf_counter() - w0


@pytest.mark.parametrize("encode", [False, True], ids=["bare", "with_observations"])
def test_riichienv(benchmark, encode) -> None:
    out = []
    benchmark.pedantic(lambda: out.append(_riichienv_run(encode)), rounds=1, iterations=1)
    decisions, cpu, wall = out[0]
    _report(f"riichienv.RiichiEnv ({'encode + mask' if encode else 'bare'})", decisions, cpu, wall, 1)
    ours = RATES.get("mahjong_fast.VecEnv (1 thread)")
    both = RATES.get("mahjong_fast.VecEnv (all cores)")
    peer = RATES[f"riichienv.RiichiEnv ({'encode + mask' if encode else 'bare'})"]
    if ours:
        print(
            f"ratio per core (CPU-seconds): VecEnv / riichienv {'with observations' if encode else 'bare'} = {ours[0] / peer[0]:.1f}x"
        )
    if both:
        print(
            f"ratio on {both[2]} cores (wall): VecEnv / riichienv on one = {both[1] / peer[1]:.1f}x; "
            f"per core {both[0] / peer[0]:.1f}x"
        )
