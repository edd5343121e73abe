"""The benchmark run behind docs/benchmarks.md: every workload on distinct inputs of
realistic size generated with fixed seeds (no small set repeated), this project
beside every peer that is installed, in the same run, on the same inputs, with the
answers compared.

Each measured item runs in its own child process (so its peak resident set is its
own): the child loads the inputs the parent generated, converts them to the form its
library takes (not timed), then runs the call `BENCH_ROUNDS` times and reports the
least wall time and the least CPU time, the growth of its peak RSS during the timed
calls and its peak RSS overall, and writes its answers for the parent to compare.

Run (scripts/bench.sh does this and then updates the README):
    python benches/suite.py --out docs/benchmarks.md
Environment:
    BENCH_SCALE   multiplies every input size (default 1; 0.05 for a quick check)
    BENCH_ROUNDS  timed rounds per item (default 5)
    BENCH_ONLY    comma-separated groups to run (shanten,scoring,taiwan,engine,solitaire)
"""

from __future__ import annotations

import argparse
import json
import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    # NumPy's OpenBLAS threads busy-wait after import; nothing here uses BLAS.
    os.environ.setdefault(_var, "1")

import pickle  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable, Dict, List, Optional, Tuple  # noqa: E402

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))

SCALE = float(os.environ.get("BENCH_SCALE", "1"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))


def size(n: int) -> int:
    return max(10, int(n * SCALE))


# Input sizes at scale 1 (about ten minutes on 2 free cores, generation included).
N_SHANTEN_BATCH = size(2_000_000)
N_SHANTEN_SCALAR = size(100_000)
N_SHANTEN_PURE = size(5_000)  # the pure-Python peer: the first hands of the same set
N_WINS_BATCH = size(100_000)
N_WINS_SCALAR = size(20_000)
N_WINS_PURE = size(2_000)
N_TAIWAN_BATCH = size(1_000_000)
N_TAIWAN_SCALAR = size(10_000)
N_MATCHES = size(2_000)
N_MATCHES_PY = max(2, size(20))
N_DEALS = size(1_000)


# ---- inputs (parent) ----------------------------------------------------------------


def deal_hands(n: int, seed: int) -> Tuple[np.ndarray, np.ndarray]:
    """`n` hands of 13 or 14 tiles (alternating) dealt from independently shuffled
    walls: (n, 14) 136-ids (a 13-tile row's last id is -1) and (n, 34) counts."""
    rng = np.random.default_rng(seed)
    ids = np.empty((n, 14), np.int16)
    for s in range(0, n, 1 << 16):
        m = min(1 << 16, n - s)
        ids[s : s + m] = np.argsort(rng.random((m, 136)), axis=1)[:, :14]
    ids[1::2, 13] = -1
    ids.sort(axis=1)
    rows = np.repeat(np.arange(n), 14)
    kinds = ids.ravel().astype(np.int64) // 4
    keep = ids.ravel() >= 0
    counts = np.bincount(rows[keep] * 34 + kinds[keep], minlength=n * 34).reshape(n, 34).astype(np.uint8)
    return ids, counts


def distinct_rows(a: np.ndarray) -> int:
    return len(np.unique(np.ascontiguousarray(a).view(np.dtype((np.void, a.dtype.itemsize * a.shape[1])))))


def make_inputs(d: Path, groups: List[str]) -> Dict[str, Any]:
    """Generate every group's inputs into `d`; returns facts for the report."""
    facts: Dict[str, Any] = {}
    if "shanten" in groups:
        ids, counts = deal_hands(N_SHANTEN_BATCH, seed=2026)
        np.save(d / "shanten_ids.npy", ids[:N_SHANTEN_SCALAR])
        np.save(d / "shanten_counts.npy", counts)
        facts["shanten"] = f"{N_SHANTEN_BATCH:,} hands ({distinct_rows(counts):,} distinct count vectors), 13 and 14 tiles alternating, seed 2026"
    if "scoring" in groups:
        from bench_scoring import make_wins

        wins = make_wins(N_WINS_BATCH, seed=2026)
        with open(d / "wins.pkl", "wb") as fh:
            pickle.dump(wins, fh)
        key = {repr(sorted(w.items())) for w in wins}
        facts["scoring"] = f"{N_WINS_BATCH:,} generated wins ({len(key):,} distinct), a quarter open, seed 2026"
    if "taiwan" in groups:
        from mahjong_fast import taiwan as tw

        cols = tw.sample_winning_hands(N_TAIWAN_BATCH, seed=2026)
        np.savez(d / "taiwan.npz", **cols)
        full = np.concatenate([cols["concealed"], np.stack([cols[k] for k in cols if k != "concealed"], axis=1)], axis=1)
        facts["taiwan"] = f"{N_TAIWAN_BATCH:,} generated winning hands ({distinct_rows(full):,} distinct rows), seed 2026"
    if "engine" in groups:
        facts["engine"] = f"random legal play of whole east-south matches, seeds 0-{N_MATCHES - 1} (Rust loop), {N_MATCHES_PY} matches driven from Python"
    if "solitaire" in groups:
        facts["solitaire"] = f"{N_DEALS:,} uniform Turtle deals, seed 2026 (deal indices 0-{N_DEALS - 1}), budget 1 s per deal"
    return facts


# ---- items (child) ------------------------------------------------------------------


@dataclass
class Item:
    group: str
    name: str
    form: str  # what the call takes
    threads: Optional[int] = None  # RAYON_NUM_THREADS for the child
    ours: bool = False
    reference: bool = False  # the answers the others are compared with
    peer: str = ""  # the package to import (skipped, and reported, when absent)
    scalar: bool = False  # one call per item from Python (else a batch call)


ITEMS = [
    Item("shanten", "shanten_batch, 1 thread", "(N, 34) uint8 array", threads=1, ours=True, reference=True),
    Item("shanten", "shanten_batch, 2 threads", "(N, 34) uint8 array", threads=2, ours=True),
    Item("shanten", "shanten_batch of mpsz strings, 1 thread", "list of str", threads=1, ours=True),
    Item("shanten", "shanten(mpsz)", "str per call", ours=True, scalar=True),
    Item("shanten", "shanten(136-ids)", "list of int per call", ours=True, scalar=True),
    Item("shanten", "shanten(34 counts)", "list of 34 int per call", ours=True, scalar=True),
    Item("shanten", "shanten(Tile list)", "list of Tile per call", ours=True, scalar=True),
    Item("shanten", "riichienv calculate_shanten", "list of 136-ids per call", peer="riichienv", scalar=True),
    Item("shanten", "xiangting calculate_replacement_number - 1", "list of 34 int per call", peer="xiangting", scalar=True),
    Item("shanten", "jansou-native ShantenKernel.shanten_counts", "list of 34 int per call", peer="jansou_native", scalar=True),
    Item("shanten", "cmajiang xiangting", "Shoupai per call (built untimed)", peer="cmajiang", scalar=True),
    Item("shanten", "mahjong Shanten.calculate_shanten", "list of 34 int per call (first hands)", peer="mahjong", scalar=True),
    Item("scoring", "score_many, 1 thread", "NumPy columns", threads=1, ours=True, reference=True),
    Item("scoring", "score_many, 2 threads", "NumPy columns", threads=2, ours=True),
    Item("scoring", "score(...) per win", "136-ids and keywords per call", ours=True, scalar=True),
    Item("scoring", "Scorer.score(...) per win", "136-ids and keywords per call, rules held by a Scorer", ours=True, scalar=True),
    Item("scoring", "riichienv HandEvaluator.calc", "HandEvaluator + Conditions per call", peer="riichienv", scalar=True),
    Item("scoring", "mahjong HandCalculator.estimate_hand_value", "per call (first wins)", peer="mahjong", scalar=True),
    Item("taiwan", "taiwan.score_batch, 1 thread", "NumPy columns", threads=1, ours=True, reference=True),
    Item("taiwan", "taiwan.score_batch, 2 threads", "NumPy columns", threads=2, ours=True),
    Item("taiwan", "taiwan.score(...) per hand", "mpsz and keywords per call (first hands)", ours=True, scalar=True),
    Item("engine", "self_play, 1 thread", "matches (Rust loop)", threads=1, ours=True),
    Item("engine", "self_play, 2 threads", "matches (Rust loop)", threads=2, ours=True),
    Item("engine", "Match driven from Python", "one legal_actions/apply per decision", ours=True, scalar=True),
    Item("engine", "riichienv RiichiEnv driven from Python", "one step per decision", peer="riichienv", scalar=True),
    Item("solitaire", "solitaire survey, 1 thread", "deal indices", threads=1, ours=True, reference=True),
    Item("solitaire", "solitaire survey, 2 threads", "deal indices", threads=2, ours=True),
]


def _tile_text(k: int) -> str:
    return f"{k % 9 + 1}{'mpsz'[k // 9]}"


def prepare(item: Item, d: Path) -> Tuple[Callable[[], Any], int]:
    """The timed call for `item` (its inputs already converted) and how many hands,
    wins, matches or deals one call covers."""
    import mahjong_fast as mf

    g, name = item.group, item.name
    if g == "shanten":
        counts = np.load(d / "shanten_counts.npy")
        ids = np.load(d / "shanten_ids.npy")
        if name.startswith("shanten_batch,"):
            return (lambda: mf.shanten_batch(counts, threads=item.threads)["shanten"]), len(counts)
        scalar = counts[: len(ids)]
        lists = [c.tolist() for c in scalar]
        if "mpsz strings" in name:
            texts = [mf.from_counts(c) for c in lists]
            return (lambda: mf.shanten_batch(texts, threads=item.threads)["shanten"]), len(texts)
        if name == "shanten(mpsz)":
            texts = [mf.from_counts(c) for c in lists]
            return (lambda: [mf.shanten(t) for t in texts]), len(texts)
        if name == "shanten(136-ids)":
            id_lists = [[int(i) for i in row if i >= 0] for row in ids]
            return (lambda: [mf.shanten(h) for h in id_lists]), len(id_lists)
        if name == "shanten(34 counts)":
            return (lambda: [mf.shanten(c) for c in lists]), len(lists)
        if name == "shanten(Tile list)":
            tiles = [[mf.Tile(_tile_text(k)) for k in range(34) for _ in range(c[k])] for c in lists]
            return (lambda: [mf.shanten(t) for t in tiles]), len(tiles)
        if item.peer == "riichienv":
            from riichienv import calculate_shanten

            id_lists = [[int(i) for i in row if i >= 0] for row in ids]
            return (lambda: [calculate_shanten(h) for h in id_lists]), len(id_lists)
        if item.peer == "xiangting":
            import xiangting

            four = xiangting.PlayerCount.FOUR
            f = xiangting.calculate_replacement_number
            return (lambda: [f(c, four) - 1 for c in lists]), len(lists)
        if item.peer == "jansou_native":
            import zlib
            from importlib import resources

            import jansou_native

            try:
                payload = zlib.decompress((resources.files("jansou.analysis") / "shanten_blocks.bin").read_bytes())
            except ModuleNotFoundError as e:
                raise Unavailable("needs the table shipped by the `jansou` package (pip install jansou)") from e
            k = jansou_native.ShantenKernel(payload)
            return (lambda: [k.shanten_counts(c, 0) for c in lists]), len(lists)
        if item.peer == "cmajiang":
            import cmajiang

            def majiang(c: List[int]) -> str:
                # majiang's notation: suit letter first, then the digits ("m123p45z11").
                out = ""
                for s, letter in enumerate("mpsz"):
                    digits = "".join(str(n + 1) * c[9 * s + n] for n in range(9 if s < 3 else 7))
                    out += letter + digits if digits else ""
                return out

            hands = [cmajiang.Shoupai(majiang(c)) for c in lists]
            x = cmajiang.xiangting
            return (lambda: [x(h) for h in hands]), len(hands)
        if item.peer == "mahjong":
            from mahjong.shanten import Shanten

            sub = lists[:N_SHANTEN_PURE]
            return (lambda: [Shanten.calculate_shanten(c) for c in sub]), len(sub)
    if g == "scoring":
        import bench_scoring as B
        from mahjong_fast.riichi import score_many

        with open(d / "wins.pkl", "rb") as fh:
            wins = pickle.load(fh)
        if name.startswith("score_many"):
            cols = B.batch_columns(wins)
            return (lambda: score_many(cols, rules="tenhou", threads=item.threads)["points"]), len(wins)
        if name.startswith("score("):
            rules, calls = B.ours_inputs(wins[:N_WINS_SCALAR])
            score = mf.score
            return (lambda: [score(h, w, m, rules=rules, **kw).points for h, w, m, kw in calls]), len(calls)
        if name.startswith("Scorer.score("):
            rules, calls = B.ours_inputs(wins[:N_WINS_SCALAR])
            scorer = mf.Scorer(rules)
            return (lambda: [scorer.score(h, w, m, **kw).points for h, w, m, kw in calls]), len(calls)
        if item.peer == "riichienv":
            sub = wins[:N_WINS_SCALAR]
            C, calls = B.riichienv_inputs(sub)
            dealer = [w["winner"] == w["dealer"] for w in sub]

            def run() -> List[int]:
                # Its payments include the honba (100 per payer per counter, 300 in
                # all): taken off, so that the hand's value is compared.
                out = []
                for (hand, melds, win, dora, ura, cond), oya in zip(calls, dealer):
                    ms = [C.Meld(t, i, o) for t, i, o in melds]
                    r = C.HandEvaluator(hand, ms).calc(win, dora, ura, C.Conditions(**cond))
                    if r.ron_agari:
                        total = r.ron_agari
                    else:
                        total = 3 * r.tsumo_agari_ko if oya else r.tsumo_agari_oya + 2 * r.tsumo_agari_ko
                    out.append(total - 300 * cond["honba"])
                return out

            return run, len(calls)
        if item.peer == "mahjong":
            HC, calls = B.mahjong_inputs(wins[:N_WINS_PURE])

            def run_m() -> List[int]:
                out = []
                for tiles, win, melds, dora, ura, config in calls:
                    r = HC.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, ura_dora_indicators=ura,
                                               config=config)
                    out.append(r.cost["total"] if r.cost else 0)
                return out

            return run_m, len(calls)
    if g == "taiwan":
        from mahjong_fast import taiwan as tw

        cols = dict(np.load(d / "taiwan.npz"))
        if "score_batch" in name:
            return (lambda: tw.score_batch(cols, threads=item.threads)["tai"]), len(cols["win_tile"])
        n = min(N_TAIWAN_SCALAR, len(cols["win_tile"]))
        calls = []
        for i in range(n):
            calls.append(dict(hand=mf.from_counts(cols["concealed"][i].tolist()), win_tile=_tile_text(int(cols["win_tile"][i])),
                              seat_wind=int(cols["seat_wind"][i]), round_wind=int(cols["round_wind"][i]),
                              flowers=int(cols["flowers"][i]), self_draw=bool(cols["flags"][i] & 1)))
        return (lambda: [tw.score(**c).total for c in calls]), n
    if g == "engine":
        if name.startswith("self_play"):
            return (lambda: mf.self_play(N_MATCHES, seed=7)), N_MATCHES
        if name.startswith("Match"):

            def play_ours() -> None:
                for s in range(N_MATCHES_PY):
                    rng = random.Random(s)
                    m = mf.Match("tenhou", seed=s)
                    while m.phase != "over":
                        while m.phase in ("turn", "claim"):
                            seat = m.to_act()[0]
                            m.apply(seat, rng.choice(m.legal_actions(seat)))
                        m.next_hand()

            return play_ours, N_MATCHES_PY
        if item.peer == "riichienv":
            import riichienv

            def play_env() -> None:
                rng = random.Random(1)
                for _ in range(N_MATCHES_PY):
                    env = riichienv.RiichiEnv(game_mode="4p-red-half")
                    obs = env.reset()
                    while not env.done():
                        obs = env.step({pid: rng.choice(o.legal_actions()) for pid, o in obs.items()})

            return play_env, N_MATCHES_PY
    if g == "solitaire":
        from mahjong_fast import SolitaireLayout
        from mahjong_fast._core import solitaire_survey

        turtle = SolitaireLayout.builtin("turtle")

        def survey() -> List[int]:
            verdicts, micros, _ = solitaire_survey(turtle, 2026, 0, N_DEALS, 20_000_000, 1_000)
            ms = np.sort(np.asarray(micros)) / 1000
            counts = np.bincount(verdicts, minlength=3)
            NOTE["text"] = (f"per deal: median {np.median(ms):.3f} ms, p99 {ms[int(0.99 * (len(ms) - 1))]:.3f} ms, "
                            f"max {ms[-1]:.1f} ms; verdicts {counts.tolist()} (solvable, unsolvable, unknown)")
            return verdicts

        return survey, N_DEALS
    raise KeyError(name)


def peak_rss_kib() -> int:
    """This process's peak resident set (VmHWM; ru_maxrss would carry the parent's
    peak across fork and exec)."""
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


NOTE: Dict[str, str] = {}  # what a timed call adds to its row (e.g. a distribution)


class Unavailable(Exception):
    """A peer that is installed but cannot run here (said in the report)."""


def child(name: str, d: Path) -> None:
    item = next(i for i in ITEMS if i.name == name)
    res: Dict[str, Any] = {}
    try:
        if item.peer:
            __import__(item.peer)
            from importlib.metadata import PackageNotFoundError, version

            try:
                res["version"] = version(item.peer.replace("_", "-"))
            except PackageNotFoundError:
                res["version"] = ""
        run, n = prepare(item, d)
    except (ImportError, Unavailable) as e:
        print(json.dumps({"skipped": f"{type(e).__name__}: {e}"}))
        return
    rss0 = peak_rss_kib()
    walls, cpus = [], []
    out: Any = None
    try:
        for _ in range(ROUNDS):
            w, c = time.perf_counter(), time.process_time()
            out = run()
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
    except Exception as e:  # a form this build does not take: reported, not fatal
        print(json.dumps({"skipped": f"failed: {type(e).__name__}: {str(e)[:120]}"}))
        return
    rss1 = peak_rss_kib()
    if isinstance(out, (list, np.ndarray)):
        np.save(d / f"answers_{ITEMS.index(item)}.npy", np.asarray(out, dtype=np.int64))
    res.update(n=n, wall=min(walls), cpu=min(cpus), rss_growth_kib=rss1 - rss0, rss_peak_kib=rss1, note=NOTE.get("text", ""))
    print(json.dumps(res))


# ---- the run and the report (parent) ------------------------------------------------


def run_child(item: Item, d: Path) -> Dict[str, Any]:
    env = dict(os.environ)
    if item.threads:
        env["RAYON_NUM_THREADS"] = str(item.threads)
    r = subprocess.run([sys.executable, __file__, "--child", item.name, "--data", str(d)], env=env,
                       capture_output=True, text=True)
    lines = [x for x in r.stdout.splitlines() if x.startswith("{")]
    if r.returncode or not lines:
        return {"skipped": f"crashed (exit {r.returncode}): {r.stderr.strip().splitlines()[-1:] or ''}"}
    return json.loads(lines[-1])


def compare(item: Item, ref: Optional[np.ndarray], d: Path) -> str:
    p = d / f"answers_{ITEMS.index(item)}.npy"
    if ref is None or not p.exists() or item.reference:
        return "" if item.reference else "n/a"
    a = np.load(p)
    b = ref[: len(a)]
    diff = a != b
    bad = int(diff.sum())
    out = f"{bad:,} of {len(a):,}"
    if item.group == "scoring" and bad:
        # The peers' rule differences show in yakuman hands (multiple yakuman counted
        # differently); say how many of the differences are there.
        limit = int((diff & (b >= 32_000)).sum())
        out += f" ({limit:,} of them yakuman hands)"
    return out


def machine() -> str:
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{model or platform.processor()}, {cores} cores available, {platform.system()} {platform.release()}, Python {platform.python_version()}"


def git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


UNITS = {"shanten": ("hand", "hands"), "scoring": ("win", "wins"), "taiwan": ("hand", "hands"),
         "engine": ("match", "matches"), "solitaire": ("deal", "deals")}
EXPLAIN = {
    "shanten": "Answers are compared with `shanten_batch` (the minimum over the standard form, seven pairs and "
    "thirteen orphans, which is what every peer here computes; xiangting's replacement number is shanten + 1).",
    "scoring": "Answers compared: the hand's value (the winner's points before honba and sticks: the ron "
    "payment or the sum of the tsumo payments) with `score_many` under the `tenhou` preset. mahjong is set to "
    "the same rules (open tanyao, red fives, no double yakuman). riichienv's differences are all yakuman "
    "hands: it counts suuankou tanki, kokushi with thirteen waits, junsei chuuren and daisuushii as double "
    "yakuman (Tenhou, whose rules are used here, counts each once); every "
    "other win agrees.",
    "engine": "The engines play different random games (answers are not comparable); the figures are matches per second.",
}


def fmt_time(sec_per: float) -> str:
    ns = sec_per * 1e9
    if ns < 10_000:
        return f"{ns:,.1f} ns"
    if ns < 10_000_000:
        return f"{ns / 1e3:,.1f} µs"
    return f"{ns / 1e6:,.1f} ms"


def report(results: List[Tuple[Item, Dict[str, Any], str]], facts: Dict[str, Any], meta: Dict[str, str]) -> Tuple[str, str]:
    """The full document and the README's summary table."""
    lines = [
        "# Benchmarks",
        "",
        "Generated by `scripts/bench.sh` (`python benches/suite.py`); do not edit by hand. Every workload runs on",
        "distinct inputs generated with fixed seeds; each item runs in its own process on the same inputs as the",
        "others in its group, and its answers are compared with the group's reference (`=`). Times are per item",
        f"(the least of {ROUNDS} rounds); CPU time counts every thread of the process. Peak memory: the child's",
        "peak resident set, and its growth during the timed calls (inputs already built).",
        "",
        f"- date: {meta['date']}",
        f"- commit: {meta['commit']}",
        f"- build: {meta['build']}",
        f"- machine: {meta['machine']}",
        f"- load average (1, 5, 15 min) at the start: {meta['load_start']}; at the end: {meta['load_end']}",
        f"- command: `{meta['command']}` (scale {SCALE:g}, {meta['seconds']:.0f} s)",
        "",
    ]
    summary = ["| workload | mahjong_fast | best peer | ratio |", "|---|---|---|---|"]
    for g in ("shanten", "scoring", "taiwan", "engine", "solitaire"):
        rows = [(i, r, c) for i, r, c in results if i.group == g]
        if not rows:
            continue
        unit, units = UNITS[g]
        lines += [f"## {g}", "", f"Inputs: {facts.get(g, '')}.", ""]
        lines += [f"| call | input | per {unit}, wall | per {unit}, CPU | {units}/s (wall) | CPU / fastest mahjong_fast "
                  f"scalar call | peak RSS / growth | answers differing |", "|---|---|---|---|---|---|---|---|"]
        notes: List[str] = []
        ours_scalar = [r["cpu"] / r["n"] for i, r, _ in rows if i.ours and "n" in r and i.scalar]
        base = min(ours_scalar) if ours_scalar else None
        for i, r, c in rows:
            who = i.name + (f" ({r['version']})" if r.get("version") else "")
            if "skipped" in r:
                lines.append(f"| {who} | {i.form} | — | — | — | — | — | {r['skipped']} |")
                continue
            w, cpu = r["wall"] / r["n"], r["cpu"] / r["n"]
            ratio = f"{cpu / base:.2f}x" if base and i.scalar else ""
            mem = f"{r['rss_peak_kib'] / 1024:.0f} / {r['rss_growth_kib'] / 1024:.0f} MiB"
            lines.append(f"| {who} | {i.form} | {fmt_time(w)} | {fmt_time(cpu)} | {1 / w:,.0f} | {ratio} | {mem} | "
                         f"{'=' if i.reference else c} |")
            if r.get("note"):
                notes.append(f"- {i.name}: {r['note']}")
        if notes:
            lines += [""] + notes
        if g in EXPLAIN:
            lines += ["", EXPLAIN[g]]
        lines.append("")
        # Summary: our fastest scalar call and batch vs the fastest peer's call.
        peers = [(r["cpu"] / r["n"], i) for i, r, _ in rows if i.peer and "n" in r]
        for kind, pick in (("scalar", lambda i: i.scalar), ("batch, 1 thread", lambda i: i.threads == 1)):
            mine = [(r["cpu"] / r["n"], i) for i, r, _ in rows if i.ours and "n" in r and pick(i)]
            if not mine:
                continue
            t, i = min(mine, key=lambda x: x[0])
            if peers:
                pt, pi = min(peers, key=lambda x: x[0])
                summary.append(f"| {g} {kind}: `{i.name}` | {fmt_time(t)} CPU | {pi.name}: {fmt_time(pt)} | {pt / t:.1f}x |")
            else:
                summary.append(f"| {g} {kind}: `{i.name}` | {fmt_time(t)} CPU | (no peer) | |")
    summary.append("")
    summary.append(f"Run of {meta['date']} at commit {meta['commit']}, scale {SCALE:g}, load average {meta['load_start']} "
                   f"at the start ({meta['machine']}).")
    return "\n".join(lines) + "\n", "\n".join(summary) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description="benchmarks on distinct inputs, peers in the same run")
    ap.add_argument("--out", type=Path, default=ROOT / "docs/benchmarks.md")
    ap.add_argument("--summary", type=Path, help="also write the README's summary table here")
    ap.add_argument("--build", default=os.environ.get("BENCH_BUILD_NOTE", "as installed"))
    ap.add_argument("--child")
    ap.add_argument("--data", type=Path)
    a = ap.parse_args()
    if a.child:
        child(a.child, a.data)
        return
    groups = [g for g in os.environ.get("BENCH_ONLY", "shanten,scoring,taiwan,engine,solitaire").split(",") if g]
    t0 = time.time()
    load_start = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        print(f"generating inputs (scale {SCALE:g}) ...", flush=True)
        facts = make_inputs(d, groups)
        results = []
        refs: Dict[str, np.ndarray] = {}
        for item in ITEMS:
            if item.group not in groups:
                continue
            r = run_child(item, d)
            p = d / f"answers_{ITEMS.index(item)}.npy"
            if item.reference and p.exists():
                refs[item.group] = np.load(p)
            c = compare(item, refs.get(item.group), d)
            print(f"  {item.group:9} {item.name:48} " + (r.get("skipped") or f"{r['cpu'] / r['n'] * 1e9:12.1f} ns CPU  {c}"),
                  flush=True)
            results.append((item, r, c))
    meta = dict(
        date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        commit=git("rev-parse", "--short", "HEAD") + (" (with uncommitted changes)" if git("status", "--porcelain", "-uno") else ""),
        build=a.build, machine=machine(), load_start=load_start,
        load_end=", ".join(f"{x:.2f}" for x in os.getloadavg()),
        command="scripts/bench.sh", seconds=time.time() - t0,
    )
    doc, summary = report(results, facts, meta)
    tmp_out = a.out.with_suffix(".md.tmp")
    tmp_out.write_text(doc)
    tmp_out.replace(a.out)
    if a.summary:
        a.summary.write_text(summary)
    print(f"wrote {a.out} in {meta['seconds']:.0f} s")


if __name__ == "__main__":
    main()
