"""Reading the real Tenhou wins in ``shared/data/tenhou`` into scorer arguments.

The data lives beside the repository (never inside it); tests skip when it is absent.

Example:
    >>> tenhou_dir().name
    'tenhou'
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple


def tenhou_dir() -> Path:
    """``$MAHJONG_FAST_TENHOU_DIR`` or ``<repo>/../shared/data/tenhou``."""
    env = os.environ.get("MAHJONG_FAST_TENHOU_DIR")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared/data/tenhou"


def standard_wins() -> List[Dict[str, Any]]:
    """Every standard-rule win (custom lobbies excluded)."""
    path = tenhou_dir() / "agari_cases.jsonl.gz"
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    wins = [r for r in rows if not r["rules"]["custom_rules_suspected"]]
    mark_double_ron(wins)
    return wins


def _round_key(case: Dict[str, Any]) -> Tuple[Any, ...]:
    return (case["game_id"], case["kyoku"], case["init_honba"], case["from_who"], case["tsumo"])


def mark_double_ron(cases: List[Dict[str, Any]]) -> None:
    """Mark the winners of a double ron who do not collect honba and sticks.

    Tenhou pays the honba and the riichi sticks of a double ron to one winner only:
    the first after the discarder in turn order (上家取り). A record shows its winner's
    own payment, so the other winner's context carries no honba and no sticks.
    """
    by_round: Dict[Tuple[Any, ...], List[Dict[str, Any]]] = {}
    for c in cases:
        if not c["tsumo"]:
            by_round.setdefault(_round_key(c), []).append(c)
    for group in by_round.values():
        winners = {c["winner"] for c in group}
        for c in group:
            n, d = c["n_players"], c["from_who"]
            first = min(winners, key=lambda w: (w - d) % n)
            c["_collects_table"] = c["winner"] == first


def score_args(case: Dict[str, Any]) -> Tuple[Tuple[Any, ...], Dict[str, Any]]:
    """(positional, keyword) arguments of ``mahjong_fast.score`` for one record.

    Call :func:`mark_double_ron` on the whole list first.
    """
    melds = []
    kita = 0
    for m in case["melds"]:
        if m["type"] == "nuki":
            kita += 1
        else:
            melds.append(f"{m['type']}:{m['tiles_mpsz']}")
    f = case["flags"]
    ctx: Dict[str, Any] = dict(
        self_draw=case["tsumo"],
        riichi=f["riichi"],
        double_riichi=f["double_riichi"],
        ippatsu=f["ippatsu"],
        haitei=f["haitei"],
        houtei=f["houtei"],
        rinshan=f["rinshan"],
        chankan=f["chankan"],
        tenhou=f["tenhou"],
        chiihou=f["chiihou"],
        renhou=f.get("renhou", False),
        winner=case["winner"],
        dealer=case["dealer"],
        round_wind=case["round_wind"],
        dora=case["dora_indicators_136"],
        ura=case["ura_indicators_136"],
        honba=case["honba"] if case.get("_collects_table", True) else 0,
        riichi_sticks=case["riichi_sticks"] if case.get("_collects_table", True) else 0,
        kita=kita,
        n_players=case["n_players"],
        pao=case["pao_who"],
    )
    if not case["tsumo"]:
        ctx["discarder"] = case["from_who"]
    return (case["hand_136"], case["win_tile_136"], melds), ctx


def expected_yaku(case: Dict[str, Any]) -> List[Tuple[int, int]]:
    """Tenhou's (id, han) list with zero-han entries dropped, sorted; yakuman as (id, 13)."""
    e = case["expected"]
    items = [(y["id"], y["han"]) for y in e["yakuman"]] if e["yakuman"] else [(y["id"], y["han"]) for y in e["yaku"]]
    return sorted((i, h) for i, h in items if h > 0)


def iter_mismatches(results: Iterator[Any], cases: List[Dict[str, Any]]) -> Iterator[Tuple[str, Dict[str, Any], Any]]:
    """Yield (field, case, got) for every field that differs."""
    for case, r in zip(cases, results):
        e = case["expected"]
        if isinstance(r, Exception):
            yield "error", case, r
            continue
        if r.yakuman:
            got_yaku = sorted((y.tenhou_id, 13 * y.han) for y in r.yaku)
        else:
            got_yaku = sorted(r.tenhou_yaku)
        if got_yaku != expected_yaku(case):
            yield "yaku", case, got_yaku
        if e["han"] is not None and not r.yakuman and r.han != e["han"]:
            yield "han", case, r.han
        # Yakuman wins too: the tenhou preset reports their fu as the server records it
        # (0 for thirteen orphans); a record without fu (None) is not compared.
        if e["fu"] is not None and (e["fu"] or r.yakuman) and r.fu != e["fu"]:
            yield "fu", case, r.fu
        if r.points != e["points"]:
            yield "points", case, r.points
        if r.deltas != e["score_changes"][: case["n_players"]]:
            yield "deltas", case, r.deltas
