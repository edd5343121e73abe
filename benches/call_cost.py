"""What one scalar call from Python costs, per input form, beside the peers' calls on
the same distinct hands: `shanten` from mpsz text, 136-ids, 34 counts and Tile lists
(riichienv's `calculate_shanten` on the ids, `mahjong`'s `Shanten.calculate_shanten` on
the 34 counts), and `score` with the winning tile as text and as an id.

Two measures:
- time (ns per call): the least wall time of interleaved rounds (every contender in
  turn each round, so load from other work hits all alike); noisy on a shared machine;
- instructions per call (valgrind callgrind): each phase's loop runs between two
  calls of `math.gcd`, whose C function (`_PyLong_GCD`) makes callgrind dump its
  counters, so each dump holds one phase exactly; the empty loop's count is given
  so the loop's own share can be taken off. Independent of the machine's load.

Run:
    python benches/call_cost.py [--n 20000] [--rounds 7]            # time
    python benches/call_cost.py --callgrind [--n 5000]              # instructions
    python benches/call_cost.py --only shanten ...                  # shanten calls only
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, List

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))


def hands(n: int, seed: int = 19) -> List[List[int]]:
    """`n` distinct 13/14-tile hands as sorted 136-ids, dealt from shuffled walls."""
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < n:
        h = tuple(sorted(rng.sample(range(136), 13 + len(out) % 2)))
        if h not in seen:
            seen.add(h)
            out.append(list(h))
    return out


def phases(n: int, only: str = "") -> Dict[str, Callable[[], object]]:
    """Each phase: one call per hand (or per win), over distinct inputs; `only`:
    "shanten" leaves out the scoring phases."""
    import mahjong_fast as mf

    ids = hands(n)
    counts = []
    for h in ids:
        c = [0] * 34
        for i in h:
            c[i // 4] += 1
        counts.append(c)
    texts = [mf.from_counts(c) for c in counts]
    tiles = [[mf.Tile(f"{k % 9 + 1}{'mpsz'[k // 9]}") for k in range(34) for _ in range(c[k])] for c in counts]
    sh = mf.shanten
    out: Dict[str, Callable[[], object]] = {
        "empty loop": lambda: [None for h in ids],
        "shanten(mpsz)": lambda: [sh(h) for h in texts],
        "shanten(136-ids)": lambda: [sh(h) for h in ids],
        "shanten(34 counts)": lambda: [sh(h) for h in counts],
        "shanten(Tile list)": lambda: [sh(h) for h in tiles],
    }
    try:
        from riichienv import calculate_shanten

        out["riichienv calculate_shanten(136-ids)"] = lambda: [calculate_shanten(h) for h in ids]
    except ImportError:
        pass
    try:
        from mahjong.shanten import Shanten

        # Pure Python: every 10th hand keeps the run short (the line is per call).
        few = counts[::10]
        out["mahjong Shanten.calculate_shanten(34 counts)"] = lambda: [Shanten.calculate_shanten(c) for c in few]
    except ImportError:
        pass
    if only == "shanten":
        return out
    from bench_scoring import make_wins

    wins = make_wins(max(1, n // 4), seed=23)
    plain = [(w["hand"], w["win"]) for w in wins if not w["melds"]]
    texts_w = [(mf.from_counts(_counts(h)), _text(w)) for h, w in plain]
    score = mf.score
    out["score(mpsz, win as text)"] = lambda: [_try(score, h, w) for h, w in texts_w]
    out["score(136-ids, win as id)"] = lambda: [_try(score, h, w) for h, w in plain]
    # Full context (every generated win, open ones included): the keywords a service
    # passes on, as a dict, and the same through a Scorer that holds the rules.
    from bench_scoring import ours_inputs

    rules, calls = ours_inputs(wins)
    scorer = mf.Scorer(rules)

    def empty(*args, **kwargs):
        return None

    out["python function(**context), for reference"] = lambda: [empty(h, w, m, rules=rules, **kw) for h, w, m, kw in calls]
    out["score(ids, context, rules=RuleSet)"] = lambda: [score(h, w, m, rules=rules, **kw).points for h, w, m, kw in calls]
    out["Scorer.score(ids, context)"] = lambda: [scorer.score(h, w, m, **kw).points for h, w, m, kw in calls]
    flags = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou")
    lit = [(h, w, m, *(kw.get(f, False) for f in flags), kw["winner"], kw["dealer"], kw["discarder"], kw["round_wind"],
            kw.get("dora"), kw.get("ura"), kw["honba"], kw["riichi_sticks"]) for h, w, m, kw in calls]
    # Every context keyword written out, as a caller with its own variables writes them.
    out["Scorer.score(ids, every context keyword written out)"] = lambda: [
        scorer.score(h, w, m, self_draw=t, riichi=r, double_riichi=dr, ippatsu=ip, haitei=ht, houtei=hu, rinshan=rn,
                     chankan=ck, tenhou=th, chiihou=ch, winner=wn, dealer=d, discarder=dc, round_wind=rw, dora=do,
                     ura=u, honba=hb, riichi_sticks=rs).points
        for h, w, m, t, r, dr, ip, ht, hu, rn, ck, th, ch, wn, d, dc, rw, do, u, hb, rs in lit]
    return out


def _counts(ids: List[int]) -> List[int]:
    c = [0] * 34
    for i in ids:
        c[i // 4] += 1
    return c


def _text(win: int) -> str:
    k = win // 4
    return f"{k % 9 + 1}{'mpsz'[k // 9]}"


def _try(fn, *args):
    try:
        return fn(*args).points
    except ValueError:  # no yaku without the generated context: still a full call
        return None


def check(fns: Dict[str, Callable[[], object]]) -> None:
    """The shanten forms must agree with each other (and riichienv's, which counts
    every form too), or the timings compare different work."""
    ref = fns["shanten(mpsz)"]()
    for name, fn in fns.items():
        want = ref[::10] if name.startswith("mahjong ") else ref
        if name.startswith(("shanten(", "riichienv", "mahjong ")):
            try:
                got = fn()
            except Exception as e:  # a form this build does not take
                print(f"  {name}: not accepted ({type(e).__name__}: {e})")
                continue
            bad = sum(a != b for a, b in zip(got, want))
            if bad:
                print(f"  {name}: {bad} answers differ from shanten(mpsz)")


def timed(n: int, rounds: int, only: str) -> None:
    fns = phases(n, only)
    check(fns)
    best = {k: math.inf for k in fns}
    for _ in range(rounds):
        for k, fn in fns.items():
            t = time.perf_counter()
            try:
                fn()
            except Exception:
                best[k] = math.nan
                continue
            best[k] = min(best[k], time.perf_counter() - t)
    load = os.getloadavg()
    print(f"ns per call (least wall time of {rounds} interleaved rounds; load average {load[0]:.1f})")
    sizes = _sizes(fns, n)
    for k, s in best.items():
        print(f"  {k:42} {s / sizes[k] * 1e9:9.1f}")


def _sizes(fns: Dict[str, Callable[[], object]], n: int) -> Dict[str, int]:
    return {k: n if k.startswith(("shanten", "riichienv", "empty")) else len(fn()) for k, fn in fns.items()}


def marker() -> None:
    math.gcd(12, 18)


def callgrind_child(n: int, only: str) -> None:
    """Inside valgrind: run every phase once between two markers."""
    fns = phases(n, only)
    names = list(fns)
    sizes = _sizes(fns, n)
    for fn in fns.values():  # warm: first-call caches, lazy imports
        try:
            fn()
        except Exception:
            pass
    print("PHASES " + "|".join(f"{k}={sizes[k]}" for k in names), flush=True)
    for fn in fns.values():
        marker()
        try:
            fn()
        except Exception:
            pass
    marker()


def callgrind(n: int, only: str) -> Dict[str, float]:
    """Instructions per call of each phase (valgrind must be installed)."""
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed")
    d = tempfile.mkdtemp()
    cmd = ["valgrind", "--tool=callgrind", "--dump-before=_PyLong_GCD", f"--callgrind-out-file={d}/cg.out",
           sys.executable, __file__, "--callgrind-child", "--n", str(n), "--only", only]
    r = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, PYTHONHASHSEED="0"))
    line = next((x for x in r.stdout.splitlines() if x.startswith("PHASES ")), None)
    if line is None:
        raise SystemExit(r.stderr[-2000:])
    phases_ = [p.rsplit("=", 1) for p in line[len("PHASES "):].split("|")]
    parts = sorted(glob.glob(f"{d}/cg.out.*"), key=lambda p: int(p.rsplit(".", 1)[1]))
    totals = []
    for p in parts:
        with open(p) as fh:
            for x in fh:
                if x.startswith("summary:") or x.startswith("totals:"):
                    totals.append(int(x.split()[1]))
                    break
    # The dump at the marker after phase k holds phase k alone (the program's exit
    # dump goes to the file without a number).
    if os.environ.get("CALL_COST_DEBUG"):
        print(totals, phases_)
    seg = totals[-len(phases_):]
    shutil.rmtree(d, ignore_errors=True)
    return {name: c / int(size) for (name, size), c in zip(phases_, seg)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--only", choices=["", "shanten"], default="", help="shanten: leave out the scoring calls")
    ap.add_argument("--callgrind-child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.callgrind_child:
        callgrind_child(a.n, a.only)
    elif a.callgrind:
        res = callgrind(a.n, a.only)
        print("instructions per call (callgrind; the empty loop's count is included in every other line)")
        for k, v in res.items():
            print(f"  {k:42} {v:9.0f}")
    else:
        timed(a.n, a.rounds, a.only)


if __name__ == "__main__":
    main()
