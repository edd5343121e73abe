"""The hot paths at two revisions, in one run: shanten, riichi scoring and the solitaire
solver of a checkout timed beside another checkout's build, on the same distinct inputs.

A boundary change (argument checks, batch conventions, result objects) must not cost
the kernels their speed; this script is how that is checked. Each revision runs in its
own interpreter (a virtualenv with that revision built by `maturin develop`); the
inputs are generated once, with fixed seeds, by the interpreter given first and saved to
a temporary folder, so both revisions score exactly the same hands, wins and deals.
The revisions take turns (A B A B ...) and each figure is the least CPU time of its
rounds, so load from other work on the machine inflates both sides alike.

Run (the first interpreter is the reference, the second the candidate):
    python benches/before_after.py OLD/.venv/bin/python .venv/bin/python [--rounds 3]

Prints one line per workload (ns per item for each side and the ratio candidate/old)
and the load average at the start and the end.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, List

HERE = Path(__file__).resolve().parent

N_SHANTEN_BATCH = 1_000_000
N_SHANTEN_SCALAR = 50_000
N_WINS = 20_000
N_WINS_SCALAR = 5_000
N_DEALS = 200

# The worker runs inside each revision's interpreter. It uses only calls both sides
# have (the shanten batch returns an array on older revisions and a BatchResult now;
# score_many took columns then as now) and prints one JSON object of CPU seconds.
WORKER = r"""
import json, sys, time, numpy as np
import mahjong_fast as mf
from mahjong_fast import _core
d = sys.argv[1]
out = {}

def cpu(f):
    t = time.process_time(); f(); return time.process_time() - t

counts = np.load(d + "/counts.npy")
out["shanten_batch"] = cpu(lambda: mf.shanten_batch(counts, threads=1))
texts = json.load(open(d + "/hands.json"))
sh = mf.shanten
out["shanten_scalar"] = cpu(lambda: [sh(t) for t in texts])
cols = dict(np.load(d + "/wins.npz"))
rules = mf.RuleSet.preset("tenhou")
out["score_batch"] = cpu(lambda: mf.score_many(cols, rules=rules))
calls = json.load(open(d + "/calls.json"))
sc = mf.score
out["score_scalar"] = cpu(lambda: [sc(h, w, m or None, rules=rules, **kw) for h, w, m, kw in calls])
turtle = mf.SolitaireLayout.builtin("turtle")
faces = json.load(open(d + "/deals.json"))
boards = [mf.SolitaireBoard(turtle, f) for f in faces]
out["solve"] = cpu(lambda: [_core.solitaire_solve(b, 5_000_000, 1_000) for b in boards])
print(json.dumps(out))
"""

SIZES = {
    "shanten_batch": N_SHANTEN_BATCH,
    "shanten_scalar": N_SHANTEN_SCALAR,
    "score_batch": N_WINS,
    "score_scalar": N_WINS_SCALAR,
    "solve": N_DEALS,
}

MAKE_INPUTS = r"""
import json, random, sys, numpy as np
sys.path.insert(0, sys.argv[2])
import mahjong_fast as mf
from mahjong_fast import _core
from mahjong_fast.riichi import wins_to_columns
from riichi_gen import meld_text, random_win
d = sys.argv[1]
rng = np.random.default_rng(2026)
# Distinct 14-tile hands: 14 draws without replacement from the 136 tiles per row.
raw = np.argsort(rng.random((%(nb)d, 136)), axis=1)[:, :14]
ids = raw // 4
counts = np.zeros((%(nb)d, 34), np.uint8)
np.add.at(counts, (np.repeat(np.arange(%(nb)d), 14), ids.ravel()), 1)
np.save(d + "/counts.npy", counts)
texts = [mf.to_mpsz([int(i) for i in row]) for row in raw[:%(ns)d]]
json.dump(texts, open(d + "/hands.json", "w"))
r = random.Random(11)
wins = []
while len(wins) < %(nw)d:
    w = random_win(r)
    try:
        mf.score(w["hand"], w["win"], [meld_text(k, m) for k, m in w["melds"]], rules="tenhou",
                 **{k: v for k, v in w.items() if k not in ("hand", "win", "melds")})
    except mf.MahjongError:
        continue
    wins.append(w)
cols = wins_to_columns([dict(w, melds=[meld_text(k, m) for k, m in w["melds"]]) for w in wins])
np.savez(d + "/wins.npz", **{k: np.asarray(v) for k, v in cols.items()})
calls = []
for w in wins[:%(nws)d]:
    kw = {k: v for k, v in w.items() if k not in ("hand", "win", "melds") and v is not False and v != []}
    calls.append((w["hand"], w["win"], [meld_text(k, m) for k, m in w["melds"]], kw))
json.dump(calls, open(d + "/calls.json", "w"))
turtle = mf.SolitaireLayout.builtin("turtle")
json.dump([list(_core.solitaire_uniform_faces(turtle, 2026, i)) for i in range(%(nd)d)], open(d + "/deals.json", "w"))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("reference", help="Python of the reference revision's virtualenv")
    ap.add_argument("candidate", help="Python of the candidate revision's virtualenv")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", RAYON_NUM_THREADS="1")
    with tempfile.TemporaryDirectory() as d:
        script = MAKE_INPUTS % dict(nb=N_SHANTEN_BATCH, ns=N_SHANTEN_SCALAR, nw=N_WINS, nws=N_WINS_SCALAR,
                                    nd=N_DEALS)
        subprocess.run([args.candidate, "-c", script, d, str(HERE.parent / "tests")], check=True, env=env)
        load0 = os.getloadavg()
        best: Dict[str, Dict[str, float]] = {"reference": {}, "candidate": {}}
        for _ in range(args.rounds):
            for side in ("reference", "candidate"):
                py = getattr(args, side)
                res = subprocess.run([py, "-c", WORKER, d], check=True, env=env, capture_output=True, text=True)
                for k, v in json.loads(res.stdout).items():
                    best[side][k] = min(v, best[side].get(k, v))
        load1 = os.getloadavg()
    lines: List[str] = [f"{'workload':16} {'items':>9} {'reference ns':>13} {'candidate ns':>13} {'ratio':>6}"]
    for k, n in SIZES.items():
        a, b = best["reference"][k] / n * 1e9, best["candidate"][k] / n * 1e9
        lines.append(f"{k:16} {n:9,d} {a:13,.0f} {b:13,.0f} {b / a:6.2f}")
    print("\n".join(lines))
    print(f"load average {load0[0]:.1f} at the start, {load1[0]:.1f} at the end; best of {args.rounds} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
