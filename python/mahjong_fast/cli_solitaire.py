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
from mahjong_fast.cli_common import (
    SEED,
    U64_MAX,
    add_json,
    add_progress,
    bar_for,
    int_range,
    interrupted,
    print_json,
    read_text,
)
from mahjong_fast.errors import argument_error
from mahjong_fast.files import check_target, write_text
from mahjong_fast.solitaire import face_text
from mahjong_fast.stats import percentile, wilson


def _layout(args: argparse.Namespace) -> SolitaireLayout:
    """The layout a command names: a built-in, a file, or a file plus --map."""
    from mahjong_fast.solitaire import layout

    spec = getattr(args, "layout_file", None) or args.layout
    return layout(spec, map=getattr(args, "map", None))


def survey_result(lay: SolitaireLayout, args: argparse.Namespace, verdicts: List[int], micros: List[int],
                  nodes: List[int], wall: float) -> dict:
    """The totals of a survey over the deals done so far (all of them, or those
    finished before Ctrl-C).

    Example:
        >>> ns = argparse.Namespace(n=2, seed=0)
        >>> survey_result(SolitaireLayout.builtin("turtle"), ns, [0, 2], [10, 20], [1, 9], 0.1)["unknown"]
        1
    """
    n = len(verdicts)
    solvable = verdicts.count(0)
    unsolvable = verdicts.count(1)
    unknown = verdicts.count(2)
    decided = solvable + unsolvable
    ms = sorted(x / 1000.0 for x in micros)
    lo, hi = wilson(unsolvable, decided)
    slo, shi = wilson(solvable, decided)
    return {
        "layout": lay.name,
        "deals": n,
        "deals_planned": args.n,
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


def survey_text(result: dict, args: argparse.Namespace) -> str:
    """The survey's summary as text.

    Example:
        >>> ns = argparse.Namespace(n=1, seed=0, max_nodes=1, max_millis=1)
        >>> r = survey_result(SolitaireLayout.builtin("turtle"), ns, [0], [10], [1], 0.1)
        >>> survey_text(r, ns).splitlines()[0]
        'layout turtle: 1 uniform random deals (seed 0)'
    """
    n = result["deals"]
    planned = "" if n == result["deals_planned"] else f" of {result['deals_planned']} planned"
    lines = [f"layout {result['layout']}: {n} uniform random deals{planned} (seed {result['seed']})"]
    decided = result["solvable"] + result["unsolvable"]
    if decided:
        slo, shi = result["solvable_ci95"]
        lo, hi = result["unsolvable_ci95"]
        lines.append(f"  solvable   {result['solvable']:>9} ({result['solvable_share']:.4%}, 95% CI {slo:.4%} .. {shi:.4%})")
        lines.append(f"  unsolvable {result['unsolvable']:>9} ({result['unsolvable_share']:.4%}, 95% CI {lo:.4%} .. {hi:.4%})")
    else:
        lines.append("  no deal decided")
    lines.append(f"  unknown    {result['unknown']:>9} (budget {args.max_nodes} nodes / {args.max_millis} ms per deal)")
    lines.append(
        f"  time per deal: median {result['ms_median']:.3f} ms, p99 {result['ms_p99']:.3f} ms, "
        f"max {result['ms_max']:.3f} ms; mean nodes {result['nodes_mean']:.1f}"
    )
    if n:
        lines.append(
            f"  wall {result['wall_seconds']:.1f} s on {result['threads']} cores; 1,000,000 deals would take "
            f"~{result['per_million_seconds'] / 60:.1f} min"
        )
    return "\n".join(lines)


def run_survey(args: argparse.Namespace) -> int:
    lay = _layout(args)
    n = args.n
    if args.out:
        check_target(args.out, [".json"], no_clobber=args.no_clobber, argument="out")
    chunk = max(1, min(args.chunk, n))
    verdicts: List[int] = []
    micros: List[int] = []
    nodes: List[int] = []
    bar = bar_for(args, "deals")
    t0 = time.perf_counter()
    stopped = False
    try:
        start = 0
        while start < n:
            c = min(chunk, n - start)
            v, m, nd = solitaire_survey(lay, args.seed, start, c, args.max_nodes, args.max_millis)
            verdicts += v
            micros += m
            nodes += nd
            start += c
            if bar:
                bad = sum(1 for x in verdicts if x == 1)
                bar.update(start, n, f"unsolvable {bad / len(verdicts):.2%}")
    except KeyboardInterrupt:
        stopped = True
    if bar:
        bar.end()
    result = survey_result(lay, args, verdicts, micros, nodes, time.perf_counter() - t0)
    result["interrupted"] = stopped
    if args.out and not stopped:
        write_text(args.out, json.dumps(result, indent=2) + "\n", no_clobber=args.no_clobber)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(survey_text(result, args))
    if stopped:
        kept = f"; {args.out} not written" if args.out else ""
        return interrupted(f"{len(verdicts)} of {n} deals done (the summary above is theirs){kept}")
    return 0


def _read_deal(path: str) -> Tuple[SolitaireLayout, List[str]]:
    """A deal file (``-``: standard input): JSON {"layout": name, "positions": [[x, y,
    layer], ...], "faces": [...]} as `solitaire deal --json` writes it (positions, or
    a layout name alone, or positions under "layout"), or text lines `x y layer face`."""
    text = read_text(path)
    if text.lstrip().startswith("{"):
        try:
            d = json.loads(text)
            faces = list(d["faces"])
            lay = d.get("positions") or d.get("layout", "turtle")
        except (ValueError, KeyError, TypeError) as e:
            raise LayoutError(f"{path}: not a deal file ({type(e).__name__}: {e})") from None
        if isinstance(lay, str):
            return SolitaireLayout.builtin(lay), faces
        return SolitaireLayout([tuple(p) for p in lay], str(d.get("layout", "custom"))), faces
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
    layout = SolitaireLayout(pos, "stdin" if path == "-" else os.path.splitext(os.path.basename(path))[0])
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
    if args.out:
        check_target(args.out, [".json"], no_clobber=args.no_clobber, argument="out")
    d = solitaire_deal(lay, args.seed, args.method)
    doc = {"layout": lay.name, "positions": lay.positions, **d, "faces": [face_text(f) for f in d["faces"]]}
    if args.out:
        # The file reads back with `solve --deal FILE`.
        write_text(args.out, json.dumps(doc) + "\n", no_clobber=args.no_clobber)
        if args.json:
            print_json({"out": args.out, "layout": lay.name, "tiles": len(d["faces"])})
        else:
            print(f"deal of {lay.name} ({len(d['faces'])} tiles, seed {args.seed}) written to {args.out}")
        return 0
    if args.json:
        print(json.dumps(doc))
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
    if args.json:
        hint = None
        if r["verdict"] == "solvable" and r["solution"]:
            a, b = r["solution"][0]
            hint = {"pair": [a, b], "face": face_text(board.faces[a]),
                    "positions": [board.layout.positions[a], board.layout.positions[b]]}
        print_json({"verdict": r["verdict"], "hint": hint, "clear": r["verdict"] == "solvable" and not r["solution"],
                    "nodes": r["nodes"], "micros": r["micros"]})
        return {"solvable": 0, "unsolvable": 1}.get(r["verdict"], 3)
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
    lay = _layout(args)
    if args.out:
        check_target(args.out, no_clobber=args.no_clobber, argument="out")
    text = lay.write(args.format)
    if args.out:
        write_text(args.out, text, no_clobber=args.no_clobber)
    if args.json:
        doc = {"layout": lay.name, "format": args.format, "tiles": len(lay.positions)}
        print_json({**doc, "out": args.out} if args.out else {**doc, "text": text})
    elif args.out:
        print(f"{lay.name} ({len(lay.positions)} tiles) written to {args.out} as {args.format}")
    else:
        print(text, end="")
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
        f" ({meta.get('wall_seconds', 0):.0f} s wall, {meta.get('cpu_seconds', 0):.0f} s CPU on {meta.get('threads', '?')}"
        + (" CPUs of a Ray cluster" if meta.get("ray") else " threads")
        + ", shared with other work).",
        "",
        "One row per distinct board (files that hold the same board up to a shift share a row; `same` counts"
        " the other files, listed in the JSON).",
        "",
        f"Per board: {meta.get('deals')} uniform deals (seed {meta.get('seed')}, deal i the same for every layout"
        f" of a size), each solved with a budget of {meta.get('max_nodes')} nodes / {meta.get('max_millis')} ms;"
        " unsolvable = proven unsolvable, share of the decided deals with its 95% Wilson interval; unknown = over"
        " the budget. Times are milliseconds of the solving thread's CPU time per deal (the clock the budget counts,"
        " so a deal's search does not depend on what else the machine runs). `rev` = share of deals whose reverse construction"
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
        raise LayoutError("no layout files found under " + ", ".join(args.dirs))
    for target in (args.out_json, args.out_md):
        if target:
            check_target(target, argument="out")
    bar = bar_for(args, "layouts")
    t0, c0 = time.perf_counter(), time.process_time()
    rows: List[dict] = []
    meta = {
        "command": "mahjong-fast solitaire atlas " + " ".join(sys.argv[3:]) if len(sys.argv) > 3 else "",
        "deals": args.deals,
        "seed": args.seed,
        "max_nodes": args.max_nodes,
        "max_millis": args.max_millis,
        "threads": os.cpu_count(),
        "ray": bool(args.ray),
        "commit": args.commit or "",
        "layouts_total": len(layouts),
        "files_total": sum(1 + len(v) for v in also.values()),
    }

    def flush(partial: bool) -> None:
        meta["wall_seconds"] = time.perf_counter() - t0
        # On Ray the CPU is the workers' (each row's ranges), not this process's.
        meta["cpu_seconds"] = sum(r["cpu_seconds"] for r in rows) if args.ray else time.process_time() - c0
        meta["layouts_done"] = len(rows)
        meta["note"] = (
            f"Partial: {len(rows)} of {len(layouts)} layouts finished before the run was stopped." if partial else ""
        )
        if args.out_json:
            write_text(args.out_json, json.dumps({"meta": meta, "rows": rows}, indent=1) + "\n")
        if args.out_md:
            write_text(args.out_md, atlas_markdown(rows, meta))

    def progress(k: int, row: dict) -> None:
        row["same_board"] = also.get(row["layout"], [])
        rows.append(row)
        if bar:
            bar.update(k + 1, len(layouts), row["layout"][-30:])
        if args.deadline and time.time() > args.deadline:
            raise KeyboardInterrupt
        if (k + 1) % 25 == 0:
            flush(True)

    try:
        run = dict(seed=args.seed, max_nodes=args.max_nodes, max_millis=args.max_millis, progress=progress)
        if args.ray:
            meta["threads"] = _ray_cpus(args.ray)
            from mahjong_fast import ray_data

            ray_data.atlas(layouts, args.deals, **run)
        else:
            atlas(layouts, args.deals, **run)
        flush(False)
    except KeyboardInterrupt:
        if bar:
            bar.end()
        flush(True)
        kept = " (the rows done are in the output files)" if args.out_json or args.out_md else ""
        return interrupted(f"stopped after {len(rows)} of {len(layouts)} layouts{kept}")
    if bar:
        bar.end()
    if args.json:
        print(json.dumps({"meta": meta, "rows": rows}, indent=1))
    elif not args.out_md:
        print(atlas_markdown(rows, meta))
    return 0


def _ray_cpus(address: str) -> int:
    """Connect to the Ray cluster at ``address`` (unless connected already) and
    return its CPUs."""
    try:
        import ray
    except ImportError as e:
        raise argument_error("ray", "--ray needs Ray: pip install 'mahjong-fast[ray]'") from e
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
    return int(ray.cluster_resources().get("CPU", 0))


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


def _layout_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--layout", default="turtle", help="built-in layout (turtle, pyramid, fortress, bridge, spider) or a layout file"
    )
    p.add_argument("--layout-file", help="a KMahjongg / GNOME / xmahjongg / Kyodai layout file instead")
    p.add_argument("--map", help="the map of a GNOME .map file to use, by name (default: its first)")


def _seed_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=SEED, default=0, help="seed of the deal (0-2**64-1)")


def _budget_options(p: argparse.ArgumentParser, nodes: int, millis: int, per: str) -> None:
    p.add_argument("--max-nodes", type=int_range(0, U64_MAX), default=nodes, help=f"solver node budget {per}")
    p.add_argument("--max-millis", type=int_range(0, U64_MAX), default=millis, help=f"solver time budget {per} (ms)")


def _out_options(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--out", help=f"write {what} to this file (whole or not at all) instead of standard output")
    p.add_argument("--no-clobber", action="store_true", help="refuse to replace an existing --out")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("solitaire", help="Shanghai solitaire: survey, solve, deal, hint, export, atlas, play")
    s = p.add_subparsers(dest="solitaire_command", metavar="ACTION")
    s.required = True

    sv = s.add_parser("survey", help="solve uniform random deals on all cores and report the solvable share",
                      description="Ctrl-C stops within a second and prints the summary of the deals done (exit 130).")
    _layout_options(sv)
    _seed_option(sv)
    _budget_options(sv, 20_000_000, 10_000, "per deal")
    sv.add_argument("-n", type=int_range(0, 10_000_000), default=10_000, help="number of deals, 0-10000000")
    sv.add_argument("--chunk", type=int_range(1, 10_000_000), default=2_000, help="deals per progress update")
    sv.add_argument("--out", help="also write the summary as JSON to this .json file (whole or not at all)")
    sv.add_argument("--no-clobber", action="store_true", help="refuse to replace an existing --out")
    add_progress(sv)
    add_json(sv, "the summary")
    sv.set_defaults(func=run_survey)

    for name, fn, helptext in (
        ("solve", run_solve, "solve a deal (generated, uniform, or from --deal FILE)"),
        ("hint", run_hint, "a pair on a winning line from a position"),
    ):
        q = s.add_parser(name, help=helptext, description=f"{helptext}. Exit 0: solvable, 1: lost (hint), 3: budget ran out.")
        _layout_options(q)
        _seed_option(q)
        _budget_options(q, 20_000_000, 10_000, "")
        q.add_argument("--method", default="uniform", choices=["uniform", "reverse"], help="how a generated deal is made")
        q.add_argument("--uniform", action="store_true", help="a uniform random deal (may be unsolvable)")
        q.add_argument("--deal", help="deal file: JSON (as `deal --json` prints) or lines `x y layer face`; - reads standard input")
        q.add_argument("--moves", help="pairs already removed, e.g. 140-143,12-40")
        add_json(q, "the verdict" if name == "solve" else "the verdict and the hint")
        q.set_defaults(func=fn)

    d = s.add_parser("deal", help="a solvable deal with its solution")
    _layout_options(d)
    _seed_option(d)
    d.add_argument("--method", default="uniform", choices=["uniform", "reverse"], help="how the deal is made")
    _out_options(d, "the deal as JSON (read back by `solve --deal FILE`)")
    add_json(d, "the deal")
    d.set_defaults(func=run_deal)

    a = s.add_parser("atlas", help="survey every layout file under DIR... alike (the solvability atlas)")
    a.add_argument("dirs", nargs="+", metavar="DIR", help="folders of .layout / .lay / .map files")
    a.add_argument("--deals", type=int_range(0, 10_000_000), default=1000, help="uniform deals per layout")
    a.add_argument("--seed", type=SEED, default=2026)
    _budget_options(a, 200_000, 50, "per deal")
    a.add_argument("--limit", type=int_range(0), default=0, help="only the first N layouts (0 = all)")
    a.add_argument("--out-json", help="write the rows and settings as JSON (whole or not at all)")
    a.add_argument("--out-md", help="write the Markdown table")
    a.add_argument("--commit", help="commit the atlas is made on (recorded in the outputs)")
    a.add_argument("--deadline", type=float, default=0, help="stop (keeping the rows done) after this Unix time")
    a.add_argument("--ray", metavar="ADDRESS", help="run on the Ray cluster at ADDRESS (auto: the one this machine is in); "
                   "the same rows as one process, the times aside")
    add_progress(a)
    add_json(a, "the rows and settings")
    a.set_defaults(func=run_atlas)

    pl = s.add_parser("play", help="play in the browser: a page on 127.0.0.1")
    pl.add_argument("layout_arg", nargs="?", metavar="LAYOUT", help="built-in name or layout file (default turtle)")
    pl.add_argument("--layout", default="turtle", help=argparse.SUPPRESS)
    _seed_option(pl)
    pl.add_argument("--method", default="uniform", choices=["uniform", "reverse"], help="how the deal is made")
    pl.add_argument("--port", type=int_range(0, 65535), default=0, help="port (default: a free one)")
    pl.add_argument("--no-browser", action="store_true", help="do not open a browser")
    pl.set_defaults(func=run_play)

    e = s.add_parser("export", help="write a layout in another program's format")
    _layout_options(e)
    e.add_argument("--format", default="kmahjongg", help="kmahjongg, kmahjongg-1.0, gnome, xmahjongg, kyodai")
    _out_options(e, "the layout")
    add_json(e, "the layout's name, format and text (or the file written)")
    e.set_defaults(func=run_export)
