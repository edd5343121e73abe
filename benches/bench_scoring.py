"""Riichi scoring speed: mahjong_fast beside `mahjong` (pure Python) and `riichienv`
(Rust core), on the same generated winning hands, in one run.

Run:
    .venv/bin/python -m pytest benches/bench_scoring.py --benchmark-only -s
    (or `python benches/bench_scoring.py` for the summary table alone; the figures in
    docs/benchmarks.md come from benches/suite.py, which reuses the adapters here)

Every input is distinct: the batch scores `BENCH_BATCH_WINS` generated wins (no small
set repeated), the real Tenhou wins are scored once each.

Scalar: one call per win, the way each library is meant to be called (riichienv: a
`HandEvaluator` plus `Conditions` per win; mahjong: `HandCalculator.estimate_hand_value`).
Batch: `score_many` over NumPy columns; the peers have no batch call, so the batch is
compared with their scalar call. The batch is timed with 1 thread (the per-core figure)
and with 2 threads (scaling), each in a child process with RAYON_NUM_THREADS set, and
by CPU time in this process (per-core cost, whatever else the machine runs). Peak memory
is the growth of the process's peak resident set during the batch call. The real Tenhou
wins of ``../shared/data/tenhou`` (when present) are timed the same way, one batch per
lobby rule set. The load average is printed with the results: wall-clock scaling means
something only when it shows two free cores.

NumPy's OpenBLAS starts worker threads that busy-wait after import; they would add
their spinning to the CPU time measured here (and steal a core from the 2-thread run),
so this benchmark (and its child processes) limit OpenBLAS to one thread. Nothing here
uses BLAS.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import random
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import mahjong_fast as mf  # noqa: E402
from mahjong_fast.riichi import score_many, wins_to_columns  # noqa: E402
from riichi_gen import meld_text, random_win  # noqa: E402

N_WINS = int(os.environ.get("BENCH_WINS", "20000"))
N_BATCH_WINS = int(os.environ.get("BENCH_BATCH_WINS", "100000"))


def make_wins(n: int, seed: int = 11) -> List[Dict[str, Any]]:
    """Winning hands every library accepts (generated; a quarter open)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        w = random_win(rng)
        try:
            mf.score(w["hand"], w["win"], [meld_text(k, ids) for k, ids in w["melds"]], rules="tenhou",
                     **{k: v for k, v in w.items() if k not in ("hand", "win", "melds")})
        except mf.MahjongError:
            continue
        out.append(w)
    return out


# ---- the three scorers ----------------------------------------------------------------


def ours_inputs(wins):
    rules = mf.RuleSet.preset("tenhou")
    calls = []
    for w in wins:
        kw = {k: v for k, v in w.items() if k not in ("hand", "win", "melds") and v is not False and v != []}
        calls.append((w["hand"], w["win"], [meld_text(k, ids) for k, ids in w["melds"]] or None, kw))
    return rules, calls


def ours_scalar(rules, calls) -> int:
    score = mf.score
    total = 0
    for hand, win, melds, kw in calls:
        total += score(hand, win, melds, rules=rules, **kw).points
    return total


def riichienv_inputs(wins):
    from riichienv import _riichienv as C

    winds = [C.Wind.East, C.Wind.South, C.Wind.West, C.Wind.North]
    kinds = {"chi": C.MeldType.Chi, "pon": C.MeldType.Pon, "daiminkan": C.MeldType.Daiminkan,
             "kakan": C.MeldType.Kakan, "ankan": C.MeldType.Ankan}
    calls = []
    for w in wins:
        hand = list(w["hand"])
        hand.remove(w["win"])
        melds = [(kinds[k], list(ids), k != "ankan") for k, ids in w["melds"]]
        cond = dict(
            tsumo=w["tsumo"], riichi=w["riichi"], double_riichi=w["double_riichi"], ippatsu=w["ippatsu"],
            haitei=w["haitei"], houtei=w["houtei"], rinshan=w["rinshan"], chankan=w["chankan"],
            tsumo_first_turn=w["tenhou"] or w["chiihou"],
            player_wind=winds[(w["winner"] - w["dealer"]) % 4], round_wind=winds["ESWN".index(w["round_wind"])],
            riichi_sticks=w["riichi_sticks"], honba=w["honba"],
        )
        calls.append((hand, melds, w["win"], w["dora"], w["ura"], cond))
    return C, calls


def riichienv_scalar(C, calls) -> int:
    total = 0
    for hand, melds, win, dora, ura, cond in calls:
        ms = [C.Meld(t, ids, o) for t, ids, o in melds]
        r = C.HandEvaluator(hand, ms).calc(win, dora, ura, C.Conditions(**cond))
        total += r.ron_agari or (r.tsumo_agari_oya + 2 * r.tsumo_agari_ko)
    return total


def mahjong_inputs(wins):
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    kinds = {"chi": (Meld.CHI, True), "pon": (Meld.PON, True), "daiminkan": (Meld.KAN, True),
             "kakan": (Meld.SHOUMINKAN, True), "ankan": (Meld.KAN, False)}
    options = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False)
    calls = []
    for w in wins:
        melds = [Meld(meld_type=kinds[k][0], tiles=list(ids), opened=kinds[k][1]) for k, ids in w["melds"]]
        tiles = list(w["hand"]) + [i for _, ids in w["melds"] for i in ids]
        config = HandConfig(
            is_tsumo=w["tsumo"], is_riichi=w["riichi"] or w["double_riichi"], is_daburu_riichi=w["double_riichi"],
            is_ippatsu=w["ippatsu"], is_rinshan=w["rinshan"], is_chankan=w["chankan"], is_haitei=w["haitei"],
            is_houtei=w["houtei"], is_tenhou=w["tenhou"], is_chiihou=w["chiihou"],
            player_wind=27 + (w["winner"] - w["dealer"]) % 4, round_wind=27 + "ESWN".index(w["round_wind"]),
            options=options,
        )
        calls.append((tiles, w["win"], melds, w["dora"], w["ura"] or None, config))
    return HandCalculator, calls


def mahjong_scalar(HC, calls) -> int:
    total = 0
    for tiles, win, melds, dora, ura, config in calls:
        r = HC.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura, config=config)
        total += r.cost["total"] if r.cost else 0
    return total


def batch_columns(wins) -> Dict[str, np.ndarray]:
    cols = wins_to_columns([
        dict(w, melds=[meld_text(k, ids) for k, ids in w["melds"]]) for w in wins
    ])
    return {k: np.ascontiguousarray(v) for k, v in cols.items()}


def tenhou_batches() -> List[Tuple[Any, Dict[str, np.ndarray]]]:
    """The real Tenhou standard-rule wins as columns, one (rules, columns) batch per
    lobby rule set (red fives, open tanyao), each win once; empty when the data is
    absent."""
    from tenhou_records import score_args, standard_wins, tenhou_dir

    if not (tenhou_dir() / "agari_cases.jsonl.gz").exists():
        return []
    groups: Dict[Tuple[bool, bool], List[Dict[str, Any]]] = {}
    for case in standard_wins():
        (hand, win, melds), ctx = score_args(case)
        key = (case["rules"]["aka"], case["rules"]["kuitan"])
        groups.setdefault(key, []).append(dict(ctx, hand=hand, win=win, melds=melds))
    out = []
    for (aka, kuitan), ws in sorted(groups.items()):
        cols = {k: np.ascontiguousarray(v) for k, v in wins_to_columns(ws).items()}
        out.append((mf.RuleSet.tenhou_lobby(aka=aka, kuitan=kuitan), cols))
    return out


def score_batches(batches) -> int:
    """Score every batch; the number of rows that failed (the records score cleanly, so
    a non-zero count means the timing covered error paths)."""
    return sum(len(score_many(cols, rules=rules).errors) for rules, cols in batches)


def _peak_rss_kib() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def _reset_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
        return True
    except OSError:
        return False


def best_of(fn: Callable[[], Any], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


# ---- pytest-benchmark entries -----------------------------------------------------------

RESULTS: Dict[str, float] = {}


@pytest.fixture(scope="module")
def wins():
    return make_wins(N_WINS)


def test_scalar_mahjong_fast(benchmark, wins):
    rules, calls = ours_inputs(wins)
    benchmark.pedantic(ours_scalar, args=(rules, calls), rounds=5, iterations=1)
    RESULTS["scalar mahjong_fast"] = benchmark.stats.stats.min / len(calls)


def test_scalar_riichienv(benchmark, wins):
    pytest.importorskip("riichienv")
    C, calls = riichienv_inputs(wins)
    benchmark.pedantic(riichienv_scalar, args=(C, calls), rounds=5, iterations=1)
    RESULTS["scalar riichienv"] = benchmark.stats.stats.min / len(calls)


def test_scalar_mahjong(benchmark, wins):
    pytest.importorskip("mahjong")
    HC, calls = mahjong_inputs(wins[: max(1, len(wins) // 4)])
    benchmark.pedantic(mahjong_scalar, args=(HC, calls), rounds=2, iterations=1)
    RESULTS["scalar mahjong"] = benchmark.stats.stats.min / len(calls)


def test_batch_mahjong_fast(benchmark):
    cols = batch_columns(make_wins(N_BATCH_WINS, seed=12))
    n = len(cols["win"])
    benchmark.pedantic(score_many, args=(cols,), kwargs=dict(rules="tenhou"), rounds=5, iterations=1)
    RESULTS["batch mahjong_fast"] = benchmark.stats.stats.min / n
    import mahjong_fast.riichi as R  # noqa: F401

    # One thread (the per-core figure) and two (scaling).
    _thread_results(RESULTS, cols, n)
    reset = _reset_peak()
    before = _peak_rss_kib()
    score_many(cols, rules="tenhou")
    RESULTS["batch peak memory MiB"] = (_peak_rss_kib() - before) / 1024 if reset else float("nan")
    RESULTS["batch rows"] = n


def _threads_time(cols, threads: int) -> Tuple[float, float, float]:
    """Best wall time and best CPU time (all threads) of `score_many` on `cols` in a
    child process limited to `threads` rayon threads, and the growth of the child's
    peak resident set (MiB) during its first call (later calls reuse the first call's
    output memory)."""
    import subprocess
    import tempfile

    code = (
        "import sys, time, numpy as np; sys.path.insert(0, %r);"
        "from mahjong_fast.riichi import score_many;"
        "cols = dict(np.load(%r));"
        "hwm = lambda: int(next(l for l in open('/proc/self/status') if l.startswith('VmHWM:')).split()[1]);"
        "h = hwm(); score_many(cols, rules='tenhou'); grow = (hwm() - h) / 1024;"
        "ts = [];\n"
        "for _ in range(5):\n"
        "    w, c = time.perf_counter(), time.process_time(); score_many(cols, rules='tenhou');"
        " ts.append((time.perf_counter() - w, time.process_time() - c))\n"
        "print(min(t[0] for t in ts), min(t[1] for t in ts), grow)"
    )
    path = os.path.join(tempfile.mkdtemp(), "cols.npz")
    np.savez(path, **cols)
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    out = subprocess.run([sys.executable, "-c", code % (str(Path(__file__).parent), path)], env=env,
                         capture_output=True, text=True, check=True)
    wall, cpu, grow = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu), float(grow)


def _thread_results(r: Dict[str, float], cols, n: int) -> None:
    """Batch with 1 thread (per-core figure) and 2 threads (scaling), wall and CPU."""
    for k, label in ((1, "1 thread"), (2, "2 threads")):
        wall, cpu, grow = _threads_time(cols, k)
        r[f"batch mahjong_fast {label}"] = wall / n
        r[f"cpu batch mahjong_fast {label}"] = cpu / n
        if k == 1:
            r["batch first call memory MiB"] = grow


@pytest.fixture(scope="module", autouse=True)
def summary():
    """Print per-win times and ratios after the module's benchmarks (no timing assertions;
    run with -s to see it)."""
    yield
    if RESULTS:
        print()
        print_summary(RESULTS)


def print_summary(r: Dict[str, float]) -> None:
    def us(key):
        return r.get(key, float("nan")) * 1e6

    print(f"{'':30} {'us/win':>10} {'wins/s':>14}")
    for key in ("scalar mahjong_fast", "scalar riichienv", "scalar mahjong", "batch mahjong_fast",
                "batch mahjong_fast 1 thread", "batch mahjong_fast 2 threads"):
        if key in r:
            print(f"{key:30} {us(key):10.3f} {1 / r[key]:14,.0f}")
    if "scalar riichienv" in r:
        print(f"scalar: mahjong_fast is {r['scalar riichienv'] / r['scalar mahjong_fast']:.2f}x riichienv (wall)")
        if "batch mahjong_fast 1 thread" in r:
            print(f"batch, 1 thread: {r['scalar riichienv'] / r['batch mahjong_fast 1 thread']:.1f}x riichienv's call (wall)")
    if "batch mahjong_fast 2 threads" in r and "batch mahjong_fast 1 thread" in r:
        print(f"batch scaling, 2 threads / 1 thread: {r['batch mahjong_fast 1 thread'] / r['batch mahjong_fast 2 threads']:.2f}x "
              "(wall; needs two free cores)")
    if "cpu batch mahjong_fast 2 threads" in r:
        print(f"batch CPU per win, 1 thread {us('cpu batch mahjong_fast 1 thread'):.3f} us, 2 threads "
              f"{us('cpu batch mahjong_fast 2 threads'):.3f} us (equal when the work splits without overhead)")
    if "scalar mahjong" in r:
        print(f"scalar: mahjong_fast is {r['scalar mahjong'] / r['scalar mahjong_fast']:.0f}x mahjong")
    if "cpu batch mahjong_fast" in r:
        print("CPU time per win (per-core cost, not inflated by other processes' load):")
        for key in ("cpu scalar mahjong_fast", "cpu scalar riichienv", "cpu batch mahjong_fast"):
            print(f"  {key[4:]:26} {us(key):10.3f} us  {1 / r[key]:14,.0f} wins/s per core")
        print(f"  scalar: {r['cpu scalar riichienv'] / r['cpu scalar mahjong_fast']:.2f}x riichienv; "
              f"batch: {r['cpu scalar riichienv'] / r['cpu batch mahjong_fast']:.1f}x riichienv's call, per core")
    if "batch peak memory MiB" in r:
        print(f"batch of {int(r['batch rows']):,} wins: peak memory growth {r['batch peak memory MiB']:.1f} MiB")
    if "batch first call memory MiB" in r:
        print(f"  (first call in a fresh process: {r['batch first call memory MiB']:.1f} MiB, the output columns; "
              "later calls reuse that memory once the earlier results are dropped)")
    if "cpu batch mahjong_fast tenhou" in r:
        print(f"real Tenhou wins ({int(r['tenhou rows']):,} rows, {int(r['tenhou failed'])} failed): batch "
              f"{us('cpu batch mahjong_fast tenhou'):.3f} us CPU per win = {1 / r['cpu batch mahjong_fast tenhou']:,.0f} "
              f"wins/s per core ({r['cpu scalar riichienv'] / r['cpu batch mahjong_fast tenhou']:.1f}x riichienv's call "
              "on the generated mix)")
    if "load before" in r:
        print(f"load average (1 min) before / after: {r['load before']:.2f} / {r['load after']:.2f} on {os.cpu_count()} cores")


def interleaved(fns: Dict[str, Callable[[], Any]], rounds: int) -> Dict[str, Any]:
    """Best wall time and best CPU time (all threads of this process) of each function
    over rounds that run them in turn, so that load from other processes hits every
    contender alike. CPU time is what a core spends, whatever else the machine runs."""
    best = {k: (float("inf"), float("inf")) for k in fns}
    for _ in range(rounds):
        for k, fn in fns.items():
            w, c = time.perf_counter(), time.process_time()
            fn()
            w, c = time.perf_counter() - w, time.process_time() - c
            best[k] = (min(best[k][0], w), min(best[k][1], c))
    return best


if __name__ == "__main__":
    load_before = os.getloadavg()[0]
    ws = make_wins(N_WINS)
    rules, calls = ours_inputs(ws)
    C, rcalls = riichienv_inputs(ws)
    HC, mcalls = mahjong_inputs(ws[: len(ws) // 10])
    cols = batch_columns(make_wins(N_BATCH_WINS, seed=12))
    n = len(cols["win"])
    real = tenhou_batches()
    contenders: Dict[str, Callable[[], Any]] = {
        "scalar mahjong_fast": lambda: ours_scalar(rules, calls),
        "scalar riichienv": lambda: riichienv_scalar(C, rcalls),
        "batch mahjong_fast": lambda: score_many(cols, rules="tenhou"),
    }
    if real:
        contenders["batch mahjong_fast tenhou"] = lambda: score_batches(real)
    t = interleaved(contenders, int(os.environ.get("BENCH_ROUNDS", "9")))
    res: Dict[str, float] = {
        "scalar mahjong_fast": t["scalar mahjong_fast"][0] / len(calls),
        "scalar riichienv": t["scalar riichienv"][0] / len(rcalls),
        "batch mahjong_fast": t["batch mahjong_fast"][0] / n,
        "cpu scalar mahjong_fast": t["scalar mahjong_fast"][1] / len(calls),
        "cpu scalar riichienv": t["scalar riichienv"][1] / len(rcalls),
        "cpu batch mahjong_fast": t["batch mahjong_fast"][1] / n,
    }
    if real:
        n_real = sum(len(c["win"]) for _, c in real)
        res["cpu batch mahjong_fast tenhou"] = t["batch mahjong_fast tenhou"][1] / n_real
        res["tenhou rows"] = n_real
        res["tenhou failed"] = score_batches(real)
    res["scalar mahjong"] = best_of(lambda: mahjong_scalar(HC, mcalls), 2) / len(mcalls)
    _thread_results(res, cols, n)
    ok = _reset_peak()
    before = _peak_rss_kib()
    score_many(cols, rules="tenhou")
    res["batch peak memory MiB"] = (_peak_rss_kib() - before) / 1024 if ok else float("nan")
    res["batch rows"] = n
    res["load before"], res["load after"] = load_before, os.getloadavg()[0]
    print_summary(res)
