"""`mahjong-fast solitaire ...`: survey, solve, deal, hint, layout export, the
solvability atlas of many layout files, and a page to play in the browser.

Example:
    $ mahjong-fast solitaire survey --layout turtle -n 100000
    $ mahjong-fast solitaire atlas ../shared/data/solitaire_layouts --deals 1000
    $ mahjong-fast solitaire play turtle
    $ mahjong-fast solitaire deal --layout turtle --seed 3
    $ mahjong-fast solitaire solve --layout turtle --seed 3 --uniform
    $ mahjong-fast solitaire hint --layout turtle --seed 3 --moves 140-143
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import List, Optional, Sequence, Tuple

from mahjong_fast._core import (
    LayoutError,
    SolitaireBoard,
    SolitaireLayout,
    solitaire_deal,
    solitaire_solve,
    solitaire_survey,
    solitaire_uniform_faces,
)
from mahjong_fast.solitaire import face_text


def wilson(k: int, n: int, z: float = 1.959964) -> Tuple[float, float]:
    """95% Wilson score interval of a proportion k/n.

    Example:
        >>> lo, hi = wilson(295, 10000)
        >>> round(lo, 4), round(hi, 4)
        (0.0264, 0.033)
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile of sorted values (q in 0..1).

    Example:
        >>> percentile([1, 2, 3, 4], 0.5)
        2
    """
    if not sorted_values:
        return 0.0
    k = max(0, min(len(sorted_values) - 1, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]


def _layout(args: argparse.Namespace) -> SolitaireLayout:
    """The layout a command names: a built-in, a file, or a file plus --map."""
    from mahjong_fast.solitaire import layout

    spec = getattr(args, "layout_file", None) or args.layout
    return layout(spec, map=getattr(args, "map", None))


def _progress(done: int, total: int, t0: float, extra: str) -> None:
    width = 30
    frac = done / total if total else 1.0
    bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
    el = time.perf_counter() - t0
    eta = el / frac - el if frac > 0 else 0.0
    sys.stderr.write(f"\r[{bar}] {done}/{total} {el:6.1f}s eta {eta:6.1f}s {extra}")
    sys.stderr.flush()


def run_survey(args: argparse.Namespace) -> int:
    lay = _layout(args)
    n = args.n
    chunk = max(1, min(args.chunk, n))
    verdicts: List[int] = []
    micros: List[int] = []
    nodes: List[int] = []
    t0 = time.perf_counter()
    start = 0
    while start < n:
        c = min(chunk, n - start)
        v, m, nd = solitaire_survey(lay, args.seed, start, c, args.max_nodes, args.max_millis)
        verdicts += v
        micros += m
        nodes += nd
        start += c
        if not args.quiet:
            bad = sum(1 for x in verdicts if x == 1)
            _progress(start, n, t0, f"unsolvable {bad / len(verdicts):.2%}")
    wall = time.perf_counter() - t0
    if not args.quiet:
        sys.stderr.write("\n")
    solvable = verdicts.count(0)
    unsolvable = verdicts.count(1)
    unknown = verdicts.count(2)
    decided = solvable + unsolvable
    ms = sorted(x / 1000.0 for x in micros)
    lo, hi = wilson(unsolvable, decided)
    slo, shi = wilson(solvable, decided)
    result = {
        "layout": lay.name,
        "deals": n,
        "seed": args.seed,
        "solvable": solvable,
        "unsolvable": unsolvable,
        "unknown": unknown,
        "solvable_share": solvable / decided if decided else None,
        "solvable_ci95": [slo, shi],
        "unsolvable_share": unsolvable / decided if decided else None,
        "unsolvable_ci95": [lo, hi],
        "ms_median": percentile(ms, 0.5),
        "ms_p99": percentile(ms, 0.99),
        "ms_max": ms[-1] if ms else 0.0,
        "nodes_mean": sum(nodes) / len(nodes) if nodes else 0.0,
        "wall_seconds": wall,
        "threads": os.cpu_count(),
        "per_million_seconds": wall / n * 1_000_000 if n else 0.0,
        # Deal indices (with `seed`) the budget left open, to re-solve with a larger one.
        "unknown_deals": [i for i, x in enumerate(verdicts) if x == 2],
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"layout {lay.name}: {n} uniform random deals (seed {args.seed})")
    print(
        f"  solvable   {solvable:>9} ({result['solvable_share']:.4%}, 95% CI {slo:.4%} .. {shi:.4%})"
        if decided
        else "  no deal decided"
    )
    if decided:
        print(f"  unsolvable {unsolvable:>9} ({result['unsolvable_share']:.4%}, 95% CI {lo:.4%} .. {hi:.4%})")
    print(f"  unknown    {unknown:>9} (budget {args.max_nodes} nodes / {args.max_millis} ms per deal)")
    print(
        f"  time per deal: median {result['ms_median']:.3f} ms, p99 {result['ms_p99']:.3f} ms, "
        f"max {result['ms_max']:.3f} ms; mean nodes {result['nodes_mean']:.1f}"
    )
    print(f"  wall {wall:.1f} s on {os.cpu_count()} cores; 1,000,000 deals would take ~{result['per_million_seconds'] / 60:.1f} min")
    return 0


def _read_deal(path: str) -> Tuple[SolitaireLayout, List[str]]:
    """A deal file: JSON {"layout": name | [[x, y, layer], ...], "faces": [...]}, or
    text lines `x y layer face`."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.lstrip().startswith("{"):
        d = json.loads(text)
        lay = d.get("layout", "turtle")
        layout = SolitaireLayout.builtin(lay) if isinstance(lay, str) else SolitaireLayout([tuple(p) for p in lay], "custom")
        return layout, list(d["faces"])
    pos, faces = [], []
    for k, line in enumerate(text.splitlines(), 1):
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 4:
            raise LayoutError(f"{path}:{k}: expected `x y layer face`, got {line!r}")
        try:
            pos.append((int(parts[0]), int(parts[1]), int(parts[2])))
        except ValueError:
            raise LayoutError(f"{path}:{k}: coordinates must be integers, got {line!r}") from None
        faces.append(parts[3])
    # The layout sorts its slots; carry the faces along.
    order = sorted(range(len(pos)), key=lambda i: (pos[i][2], pos[i][1], pos[i][0]))
    layout = SolitaireLayout(pos, os.path.splitext(os.path.basename(path))[0])
    return layout, [faces[i] for i in order]


def _board(args: argparse.Namespace) -> SolitaireBoard:
    if args.deal:
        layout, faces = _read_deal(args.deal)
        return SolitaireBoard(layout, faces)
    lay = _layout(args)
    if args.uniform:
        faces = solitaire_uniform_faces(lay, args.seed, 0)
    else:
        faces = solitaire_deal(lay, args.seed, args.method)["faces"]
    return SolitaireBoard(lay, faces)


def _apply_moves(board: SolitaireBoard, moves: Optional[str]) -> None:
    if not moves:
        return
    for m in moves.replace(" ", "").split(","):
        if not m:
            continue
        a, _, b = m.partition("-")
        if not (a.isdigit() and b.isdigit()):
            raise LayoutError(f"move {m!r}: expected `slot-slot`")
        board.remove(int(a), int(b))  # IllegalMoveError says why a move is refused


def print_board(board: SolitaireBoard) -> None:
    """Layer by layer, each present tile's face at its position."""
    lay = board.layout
    w, h, d = lay.extent()
    present = set(board.present)
    faces = board.faces
    for z in range(d):
        grid = [[" "] * (w * 2 + 2) for _ in range(h)]
        for i, (x, y, layer) in enumerate(lay.positions):
            if layer == z and i in present:
                t = face_text(faces[i])
                for k, ch in enumerate(t):
                    grid[y][x * 2 + k] = ch
        lines = ["".join(r).rstrip() for r in grid]
        print(f"layer {z}:")
        print("\n".join(line for line in lines if line))


def run_deal(args: argparse.Namespace) -> int:
    lay = _layout(args)
    d = solitaire_deal(lay, args.seed, args.method)
    if args.json:
        print(json.dumps({"layout": lay.name, "positions": lay.positions, **d, "faces": [face_text(f) for f in d["faces"]]}))
        return 0
    board = SolitaireBoard(lay, d["faces"])
    print(f"{lay.name} deal, seed {args.seed}, method {d['method']} (attempts {d['attempts']})")
    print_board(board)
    print("solution:", " ".join(f"{a}-{b}" for a, b in d["solution"]))
    return 0


def run_solve(args: argparse.Namespace) -> int:
    board = _board(args)
    _apply_moves(board, args.moves)
    r = solitaire_solve(board, args.max_nodes, args.max_millis)
    if args.json:
        print(json.dumps(r))
        return 0
    print(f"{r['verdict']} in {r['micros'] / 1000:.3f} ms ({r['nodes']} nodes)")
    if r["verdict"] == "solvable":
        print("solution:", " ".join(f"{a}-{b}" for a, b in r["solution"]))
    elif r["proof"]:
        print("proof:", r["proof"])
    return 0 if r["verdict"] != "unknown" else 3


def run_hint(args: argparse.Namespace) -> int:
    board = _board(args)
    _apply_moves(board, args.moves)
    r = solitaire_solve(board, args.max_nodes, args.max_millis)
    if r["verdict"] == "solvable":
        if not r["solution"]:
            print("the board is already clear")
            return 0
        a, b = r["solution"][0]
        fa = face_text(board.faces[a])
        print(f"remove {a}-{b} ({fa} at {board.layout.positions[a]} and {board.layout.positions[b]})")
        return 0
    if r["verdict"] == "unsolvable":
        print("the position is lost: no sequence of moves clears it")
        return 1
    print("unknown: the solver's budget ran out")
    return 3


def run_export(args: argparse.Namespace) -> int:
    print(_layout(args).write(args.format), end="")
    return 0


def demo(quick: bool = False) -> None:
    """`mahjong-fast demo`'s solitaire part: deal a uniform Turtle, solve it, then a
    small survey on all cores.

    Example:
        >>> demo(quick=True)  # doctest: +SKIP
    """
    print("== Shanghai solitaire (seed 000)")
    lay = SolitaireLayout.builtin("turtle")
    faces = solitaire_uniform_faces(lay, 2026, 0)
    board = SolitaireBoard(lay, faces)
    top = [face_text(faces[i]) for i, p in enumerate(lay.positions) if p[2] >= 3]
    print(f"  uniform Turtle deal (seed 2026): {len(faces)} tiles, top of the turtle {' '.join(top)}")
    t0 = time.perf_counter()
    r = solitaire_solve(board, 5_000_000, 1_000)
    dt = time.perf_counter() - t0
    print(f"  solver: {r['verdict']} in {dt * 1e3:.2f} ms ({r['nodes']} nodes)")
    if r["solution"]:
        first = " ".join(f"{face_text(faces[a])}@{a}-{b}" for a, b in r["solution"][:6])
        print(f"  solution ({len(r['solution'])} pairs) starts: {first} ...")
    n = 200 if quick else 2000
    t0 = time.perf_counter()
    v, us, _ = solitaire_survey(lay, 2026, 1, n, 5_000_000, 250)
    wall = time.perf_counter() - t0
    ms = sorted(x / 1000 for x in us)
    print(
        f"  survey of {n} uniform deals on all cores: {v.count(0)} solvable, {v.count(1)} unsolvable, "
        f"{v.count(2)} unknown; median {percentile(ms, 0.5):.2f} ms, p99 {percentile(ms, 0.99):.1f} ms; {wall:.1f} s wall"
    )


def _write_whole(path: str, text: str) -> None:
    """Write a file whole or not at all (a temporary file beside it, then a rename)."""
    import tempfile

    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-", suffix=os.path.basename(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def atlas_markdown(rows: Sequence[dict], meta: dict) -> str:
    """The atlas as a Markdown table (one row per layout).

    Example:
        >>> md = atlas_markdown([], {"command": "x", "deals": 0})
        >>> md.splitlines()[0]
        '# Solitaire solvability atlas'
    """
    lines = [
        "# Solitaire solvability atlas",
        "",
        f"Made by `{meta.get('command', '')}` on commit {meta.get('commit', '?')}"
        f" ({meta.get('wall_seconds', 0):.0f} s wall on {meta.get('threads', '?')} threads, shared with other work).",
        "",
        "One row per distinct board (files that hold the same board up to a shift share a row; `same` counts"
        " the other files, listed in the JSON).",
        "",
        f"Per board: {meta.get('deals')} uniform deals (seed {meta.get('seed')}, deal i the same for every layout"
        f" of a size), each solved with a budget of {meta.get('max_nodes')} nodes / {meta.get('max_millis')} ms;"
        " unsolvable = proven unsolvable, share of the decided deals with its 95% Wilson interval; unknown = over"
        " the budget. Times are wall milliseconds per deal. `rev` = share of deals whose reverse construction"
        " succeeded on its first face-blind clearing; `rnd(u)` / `rnd(r)` = share of uniform / reverse-built deals"
        " won by one random playout. Layouts over 144 tiles deal further sets (KMahjongg's rule) and are solved"
        " by the general search.",
        "",
    ]
    if meta.get("note"):
        lines += [meta["note"], ""]
    lines += [
        "| layout | same | tiles | deals | unsolvable | 95% CI | unknown | median ms | p99 ms | max ms | rev | rnd(u) | rnd(r) |",
        "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        share = r["unsolvable_share"]
        lo, hi = r["unsolvable_ci95"]
        lines.append(
            f"| {r['layout']} | {len(r.get('same_board', []))} | {r['tiles']} | {r['deals']} | "
            + ("–" if share is None else f"{share:.1%}")
            + f" | {lo:.1%}–{hi:.1%} | {r['unknown']} | {r['ms_median']:.2f} | {r['ms_p99']:.1f} | {r['ms_max']:.0f} | "
            f"{r['reverse_first_try']:.2f} | {r['random_play_uniform']:.3f} | {r['random_play_reverse']:.3f} |"
        )
    return "\n".join(lines) + "\n"


def run_atlas(args: argparse.Namespace) -> int:
    from mahjong_fast.solitaire_batch import atlas, collection_layouts, distinct_boards

    boards = distinct_boards(collection_layouts(args.dirs))
    if args.limit:
        boards = boards[: args.limit]
    layouts = [(names[0], lay) for names, lay in boards]
    also = {names[0]: names[1:] for names, _ in boards}
    if not layouts:
        print("mahjong-fast: error: no layout files found under " + ", ".join(args.dirs), file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    rows: List[dict] = []
    meta = {
        "command": "mahjong-fast solitaire atlas " + " ".join(sys.argv[3:]) if len(sys.argv) > 3 else "",
        "deals": args.deals,
        "seed": args.seed,
        "max_nodes": args.max_nodes,
        "max_millis": args.max_millis,
        "threads": os.cpu_count(),
        "commit": args.commit or "",
        "layouts_total": len(layouts),
        "files_total": sum(1 + len(v) for v in also.values()),
    }

    def flush(partial: bool) -> None:
        meta["wall_seconds"] = time.perf_counter() - t0
        meta["layouts_done"] = len(rows)
        meta["note"] = (
            f"Partial: {len(rows)} of {len(layouts)} layouts finished before the run was stopped." if partial else ""
        )
        if args.out_json:
            _write_whole(args.out_json, json.dumps({"meta": meta, "rows": rows}, indent=1) + "\n")
        if args.out_md:
            _write_whole(args.out_md, atlas_markdown(rows, meta))

    def progress(k: int, row: dict) -> None:
        row["same_board"] = also.get(row["layout"], [])
        rows.append(row)
        if not args.quiet:
            _progress(k + 1, len(layouts), t0, row["layout"][-30:])
        if args.deadline and time.time() > args.deadline:
            raise KeyboardInterrupt
        if (k + 1) % 25 == 0:
            flush(True)

    try:
        atlas(layouts, args.deals, seed=args.seed, max_nodes=args.max_nodes, max_millis=args.max_millis, progress=progress)
        flush(False)
    except KeyboardInterrupt:
        flush(True)
        if not args.quiet:
            sys.stderr.write("\n")
        print(f"stopped after {len(rows)} of {len(layouts)} layouts", file=sys.stderr)
        return 130
    if not args.quiet:
        sys.stderr.write("\n")
    if args.json:
        print(json.dumps({"meta": meta, "rows": rows}, indent=1))
    elif not args.out_md:
        print(atlas_markdown(rows, meta))
    return 0


def run_play(args: argparse.Namespace) -> int:
    from mahjong_fast.solitaire_play import serve

    spec = args.layout_arg or args.layout
    srv = serve(spec, seed=args.seed, port=args.port, open_browser=not args.no_browser, method=args.method)
    host, port = srv.server_address[:2]
    print(f"playing {srv.game.layout.name} on http://{host}:{port}/ (Ctrl-C to stop)", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        srv.shutdown()
    return 0


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--layout", default="turtle", help="built-in layout (turtle, pyramid, fortress, bridge, spider) or a layout file"
    )
    p.add_argument("--layout-file", help="a KMahjongg / GNOME / xmahjongg / Kyodai layout file instead")
    p.add_argument("--map", help="the map of a GNOME .map file to use, by name (default: its first)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-nodes", type=int, default=20_000_000, help="solver node budget per deal")
    p.add_argument("--max-millis", type=int, default=10_000, help="solver time budget per deal (ms)")
    p.add_argument("--json", action="store_true", help="machine-readable output")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solitaire", help="Shanghai solitaire: survey, solve, deal, hint, export, atlas, play")
    s = p.add_subparsers(dest="solitaire_command", metavar="ACTION")
    s.required = True

    sv = s.add_parser("survey", help="solve uniform random deals on all cores and report the solvable share")
    _common(sv)
    sv.add_argument("-n", type=int, default=10_000, help="number of deals")
    sv.add_argument("--chunk", type=int, default=2_000, help="deals per progress update")
    sv.add_argument("--quiet", action="store_true", help="no progress bar")
    sv.set_defaults(func=run_survey)

    for name, fn, helptext in (
        ("solve", run_solve, "solve a deal (generated, uniform, or from --deal FILE)"),
        ("hint", run_hint, "a pair on a winning line from a position"),
    ):
        q = s.add_parser(name, help=helptext)
        _common(q)
        q.add_argument("--method", default="uniform", choices=["uniform", "reverse"])
        q.add_argument("--uniform", action="store_true", help="a uniform random deal (may be unsolvable)")
        q.add_argument("--deal", help="deal file: JSON or lines `x y layer face`")
        q.add_argument("--moves", help="pairs already removed, e.g. 140-143,12-40")
        q.set_defaults(func=fn)

    d = s.add_parser("deal", help="a solvable deal with its solution")
    _common(d)
    d.add_argument("--method", default="uniform", choices=["uniform", "reverse"])
    d.set_defaults(func=run_deal)

    a = s.add_parser("atlas", help="survey every layout file under DIR... alike (the solvability atlas)")
    a.add_argument("dirs", nargs="+", metavar="DIR", help="folders of .layout / .lay / .map files")
    a.add_argument("--deals", type=int, default=1000, help="uniform deals per layout")
    a.add_argument("--seed", type=int, default=2026)
    a.add_argument("--max-nodes", type=int, default=200_000, help="solver node budget per deal")
    a.add_argument("--max-millis", type=int, default=50, help="solver time budget per deal (ms)")
    a.add_argument("--limit", type=int, default=0, help="only the first N layouts (0 = all)")
    a.add_argument("--out-json", help="write the rows and settings as JSON (whole or not at all)")
    a.add_argument("--out-md", help="write the Markdown table")
    a.add_argument("--commit", help="commit the atlas is made on (recorded in the outputs)")
    a.add_argument("--deadline", type=float, default=0, help="stop (keeping the rows done) after this Unix time")
    a.add_argument("--json", action="store_true", help="machine-readable output on stdout")
    a.add_argument("--quiet", action="store_true", help="no progress bar")
    a.set_defaults(func=run_atlas)

    pl = s.add_parser("play", help="play in the browser: a page on 127.0.0.1")
    pl.add_argument("layout_arg", nargs="?", metavar="LAYOUT", help="built-in name or layout file (default turtle)")
    pl.add_argument("--layout", default="turtle", help=argparse.SUPPRESS)
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--method", default="uniform", choices=["uniform", "reverse"])
    pl.add_argument("--port", type=int, default=0, help="port (default: a free one)")
    pl.add_argument("--no-browser", action="store_true", help="do not open a browser")
    pl.set_defaults(func=run_play)

    e = s.add_parser("export", help="write a layout in another program's format")
    _common(e)
    e.add_argument("--format", default="kmahjongg", help="kmahjongg, kmahjongg-1.0, gnome, xmahjongg, kyodai")
    e.set_defaults(func=run_export)
