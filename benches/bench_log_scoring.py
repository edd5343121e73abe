"""Scoring every win of real games: `mahjong_fast.engine.score_logs` beside riichienv's
mjai replay, on the same mjai files, in one run.

Every real game under `../shared/data/tenhou/raw` (or `$MAHJONG_FAST_TENHOU_DIR/raw`) is
converted with `engine.convert_log(path, "mjai")` into one `.jsonl` file per game in a
temporary directory; both contenders read those same files:

- riichienv: `MjaiReplay.from_jsonl(path)`, then each hand's
  `take_win_result_contexts()` and each context's `actual` (its scoring of the win:
  han, fu, payments), as a user who only wants the scores would call it;
- mahjong_fast: `engine.score_logs(paths)`, which also replays and checks every action
  of every game and returns one row per win (Python dicts).

Each contender runs alone in a child process with one thread (`RAYON_NUM_THREADS=1`),
in interleaved rounds (the least CPU time of the rounds is kept, so load from other work
on the machine hits both alike); it reports its CPU time (`time.process_time`, the
whole process, so threads would count), its peak resident memory (VmHWM) and the
peak after its imports. `verify_logs` (the same reading and replay, reports instead of
win rows) and both calls on the source records show where the time goes. The answers are compared outside the timing: wins
found per game, points per win (the win's value before honba and sticks: riichienv's
`ron_agari`, or its tsumo payments summed) against each other and against the record's
`hora_points`.

Run:
    python benches/bench_log_scoring.py [--rounds 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
from riichienv_wins import riichienv_points  # noqa: E402

TENHOU = Path(os.environ.get("MAHJONG_FAST_TENHOU_DIR", HERE.parents[1] / "shared/data/tenhou"))


def convert(out: Path) -> Tuple[List[Path], List[Path], List[Path], int]:
    """Every real game as one mjai file in `out`. Returns those files, the ones of them
    with every tile shown and four players (riichienv reads a hidden tile as 1m and
    plays four players only), the source records and the number of data files that
    are not logs (READMEs, manifests, broken fixtures)."""
    import mahjong_fast as mf
    from mahjong_fast import engine

    files, full, sources, not_logs = [], [], [], 0
    for f in sorted(p for p in (TENHOU / "raw").rglob("*") if p.is_file()):
        try:
            texts = engine.convert_log(f, "mjai")
        except mf.MahjongError:
            not_logs += 1
            continue
        sources.append(f)
        for text in texts:
            p = out / f"game{len(files):04d}.jsonl"
            p.write_text(text, encoding="utf-8")
            files.append(p)
            starts = [json.loads(line) for line in text.splitlines() if '"start_kyoku"' in line]
            if all(len(s["tehais"]) == 4 and "?" not in sum(s["tehais"], []) for s in starts):
                full.append(p)
    return files, full, sources, not_logs


def run_riichienv(paths: List[str]) -> Dict[str, Any]:
    """riichienv's replay and its scoring of every win; per game, each win's seat,
    han, fu and payments (the points are made from them outside the timing)."""
    import riichienv

    per_game: List[Any] = []
    c0 = time.process_time()
    for p in paths:
        try:
            wins = []
            for k in riichienv.MjaiReplay.from_jsonl(p).take_kyokus():
                for c in k.take_win_result_contexts():
                    a = c.actual
                    wins.append((c.seat, a.is_win, a.han, a.fu, a.ron_agari, a.tsumo_agari_oya, a.tsumo_agari_ko))
            per_game.append(wins)
        except Exception as e:  # noqa: BLE001 - a refusal is counted, not hidden
            per_game.append(f"{type(e).__name__}: {str(e)[:200]}")
    cpu = time.process_time() - c0
    return {"cpu": cpu, "per_game": per_game}


def run_mahjong_fast(paths: List[str]) -> Dict[str, Any]:
    from mahjong_fast import engine

    c0 = time.process_time()
    rows, skipped = engine.score_logs(paths)
    cpu = time.process_time() - c0
    by_file: Dict[str, List[Any]] = {p: [] for p in paths}
    for r in rows:
        by_file.setdefault(r["source"], []).append((r["winner"], r["han"], r["fu"], r["points"], r["matches_record"]))
    return {"cpu": cpu, "per_game": [by_file[p] for p in paths], "rows": len(rows), "skipped": len(skipped)}


def run_verify(paths: List[str]) -> Dict[str, Any]:
    """`verify_logs`: the same reading and replay as `score_logs`, reports instead of
    win rows (where the time goes, not a contender)."""
    import mahjong_fast as mf

    c0 = time.process_time()
    reports = mf.verify_logs(paths)
    cpu = time.process_time() - c0
    return {"cpu": cpu, "per_game": [], "rows": len(reports), "skipped": 0}


def _peak_kb() -> int:
    """The process's resident high-water mark (VmHWM: its own pages only, where
    `ru_maxrss` would count the parent's at the fork)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def child(which: str, listing: str) -> None:
    paths = Path(listing).read_text(encoding="utf-8").split("\n")
    if which == "riichienv":
        import riichienv  # noqa: F401 - imported before the baseline is taken
    else:
        import mahjong_fast.engine  # noqa: F401
    base = _peak_kb()
    run = {"riichienv": run_riichienv, "score_logs": run_mahjong_fast, "verify_logs": run_verify}[which]
    out = run(paths)
    out["base_kb"] = base
    out["peak_kb"] = _peak_kb()
    sys.stdout.write(json.dumps(out))


def in_child(which: str, listing: Path) -> Dict[str, Any]:
    env = dict(os.environ, RAYON_NUM_THREADS="1", OMP_NUM_THREADS="1")
    out = subprocess.run(
        [sys.executable, __file__, "--child", which, str(listing)], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def record_wins(path: Path) -> List[Tuple[int, int, bool]]:
    """The record's wins of one mjai file: winner, points, whether the dealer won."""
    out, dealer = [], 0
    for line in path.read_text(encoding="utf-8").splitlines():
        e = json.loads(line)
        if e["type"] == "start_kyoku":
            dealer = e["oya"]
        elif e["type"] == "hora":
            out.append((e["actor"], e["target"], e["hora_points"], e["actor"] == dealer))
    return out


def compare(files: List[Path], ours: List[Any], theirs: List[Any]) -> Dict[str, int]:
    c = {"games": len(files), "record wins": 0, "riichienv refused games": 0, "riichienv wins": 0,
         "riichienv wins scored as no win": 0, "mahjong_fast wins": 0, "games with the same win count": 0,
         "wins compared": 0, "equal points": 0, "mahjong_fast = record": 0, "mahjong_fast points = record hora_points": 0, "riichienv = record": 0}
    for f, o, t in zip(files, ours, theirs):
        rec = record_wins(f)
        c["record wins"] += len(rec)
        c["mahjong_fast wins"] += len(o)
        c["mahjong_fast = record"] += sum(1 for w in o if w[4])
        if len(o) == len(rec):
            c["mahjong_fast points = record hora_points"] += sum(1 for w, r in zip(o, rec) if w[3] == r[2])
        if isinstance(t, str):
            c["riichienv refused games"] += 1
            continue
        c["riichienv wins"] += len(t)
        c["riichienv wins scored as no win"] += sum(1 for w in t if not w[1])
        for (seat, target, points, dealer), w in zip(rec, t):
            same_win = w[0] == seat and w[1]
            c["riichienv = record"] += int(same_win and riichienv_points(*w[4:], dealer, seat != target) == points)
        if len(o) == len(t):
            c["games with the same win count"] += 1
            for (seat, target, _, dealer), a, b in zip(rec, o, t):
                c["wins compared"] += 1
                same_win = a[0] == b[0] == seat and b[1]
                c["equal points"] += int(same_win and a[3] == riichienv_points(*b[4:], dealer, seat != target))
    return c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--child", nargs=2, metavar=("WHICH", "LISTING"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        child(*a.child)
        return
    if not (TENHOU / "raw").is_dir():
        sys.exit(f"no real data under {TENHOU / 'raw'}")
    import riichienv

    load0 = os.getloadavg()[0]
    res: Dict[str, Any] = {"riichienv": getattr(riichienv, "__version__", ""), "rounds": a.rounds}
    with tempfile.TemporaryDirectory() as tmp:
        files, full, sources, not_logs = convert(Path(tmp))
        res["data files not logs"] = not_logs
        # The contenders of each set: riichienv and score_logs on the same mjai files,
        # and (all games) score_logs on the source records the files were made from.
        sets = {
            "all games": [
                ("riichienv", files),
                ("score_logs", files),
                ("score_logs, source records", sources),
                ("verify_logs", files),
                ("verify_logs, source records", sources),
            ],
            "full-information four-player games": [("riichienv", full), ("score_logs", full)],
        }
        for title, contenders in sets.items():
            listings = []
            for i, (_, paths) in enumerate(contenders):
                listing = Path(tmp) / f"{title[:3]}{i}.txt"
                listing.write_text("\n".join(str(p) for p in paths), encoding="utf-8")
                listings.append(listing)
            runs: List[List[Dict[str, Any]]] = [[] for _ in contenders]
            for _ in range(a.rounds):
                for i, (name, _) in enumerate(contenders):
                    runs[i].append(in_child(name.split(",")[0], listings[i]))
            best = [min(r, key=lambda x: x["cpu"]) for r in runs]
            games = contenders[0][1]
            n = len(games)
            out: Dict[str, Any] = {"games": n}
            print(f"\n{title}: {n} games, one thread each, least CPU of {a.rounds} interleaved rounds")
            print(f"{'':<30}{'CPU s':>8}{'ms/game':>9}{'games/CPU-s':>13}{'peak MB':>9}{'imports MB':>11}")
            for (name, _), b, r in zip(contenders, best, runs):
                out[name] = {
                    "cpu_s": round(b["cpu"], 3), "ms_per_game": round(1000 * b["cpu"] / n, 3),
                    "games_per_cpu_s": round(n / b["cpu"]), "rounds_cpu_s": [round(x["cpu"], 3) for x in r],
                    "peak_mb": round(b["peak_kb"] / 1024, 1), "after_imports_mb": round(b["base_kb"] / 1024, 1),
                }
                print(f"{name:<30}{b['cpu']:>8.3f}{1000 * b['cpu'] / n:>9.3f}{n / b['cpu']:>13.0f}"
                      f"{b['peak_kb'] / 1024:>9.1f}{b['base_kb'] / 1024:>11.1f}")
            out["ratio riichienv / score_logs"] = round(best[0]["cpu"] / best[1]["cpu"], 2)
            print(f"ratio (riichienv CPU / score_logs CPU, same files): {out['ratio riichienv / score_logs']:.2f}x")
            out["answers"] = compare(games, best[1]["per_game"], best[0]["per_game"])
            out["answers"]["score_logs games skipped (rules not played)"] = best[1]["skipped"]
            for k, v in out["answers"].items():
                print(f"  {k}: {v}")
            res[title] = out
    res["load (1 min), start and end"] = [round(load0, 1), round(os.getloadavg()[0], 1)]
    print(f"\nload (1 min): {load0:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    if a.json:
        a.json.write_text(json.dumps(res, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
