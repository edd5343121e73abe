"""Random winning riichi hands for differential tests and benchmarks.

Every hand is built from sets and a pair drawn under one of several styles (mixed,
simples, one suit, outside, honors, terminals, green, duplicate sequences), plus seven
pairs, thirteen orphans and nine gates; some sets become melds (chi, pon, the three
kans). Tiles are real 136-ids (so red fives appear when a five's id 16/52/88 is used),
and the context is random but consistent (riichi only when closed, haitei only on
tsumo, rinshan only with a kan, ...).

Example:
    >>> import random
    >>> w = random_win(random.Random(1))
    >>> sorted(w)[:3]
    ['chankan', 'dealer', 'discarder']
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Tuple

STYLES = ["mixed", "mixed", "simples", "one_suit", "one_suit", "outside", "twins"]
# Styles that mostly make yakuman (or special forms), drawn less often.
SPECIAL = ["honors", "terminals", "green", "kokushi", "chuuren"]
GREEN = [19, 20, 21, 23, 25, 32]
YAOCHUU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


class _Wall:
    """The 136 physical tiles, handed out by kind."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.free: Dict[int, List[int]] = {k: [4 * k + i for i in range(4)] for k in range(34)}
        for ids in self.free.values():
            rng.shuffle(ids)

    def left(self, kind: int) -> int:
        return len(self.free[kind])

    def take(self, kind: int) -> int:
        return self.free[kind].pop()


def _kinds_for(style: str, rng: random.Random) -> Tuple[List[int], List[int]]:
    """(sequence starts, triplet kinds) allowed by a style."""
    suits = [0, 1, 2]
    if style == "simples":
        return [9 * s + n for s in suits for n in range(1, 6)], [9 * s + n for s in suits for n in range(1, 8)]
    if style == "one_suit":
        s = rng.choice(suits)
        honors = list(range(27, 34)) if rng.random() < 0.5 else []
        return [9 * s + n for n in range(7)], [9 * s + n for n in range(9)] + honors
    if style == "outside":
        return [9 * s + n for s in suits for n in (0, 6)], YAOCHUU
    if style == "honors":
        return [], list(range(27, 34)) + ([9 * rng.choice(suits) + rng.choice((0, 8))] if rng.random() < 0.3 else [])
    if style == "terminals":
        return [], [0, 8, 9, 17, 18, 26] + (list(range(27, 34)) if rng.random() < 0.5 else [])
    if style == "green":
        return [19], GREEN
    return [9 * s + n for s in suits for n in range(7)], list(range(34))


def _standard(rng: random.Random, wall: _Wall, style: str) -> Optional[Tuple[List[Tuple[str, int]], int]]:
    """Four sets (kind, lowest tile) and a pair kind, or None when the wall ran out."""
    seqs, trips = _kinds_for(style, rng)
    sets: List[Tuple[str, int]] = []
    need = [0] * 34
    tries = 0
    while len(sets) < 4 and tries < 60:
        tries += 1
        if style == "twins" and sets and sets[-1][0] == "seq" and rng.random() < 0.6:
            cand = sets[-1]
        elif seqs and (not trips or rng.random() < 0.6):
            cand = ("seq", rng.choice(seqs))
        else:
            cand = ("trip", rng.choice(trips))
        kinds = [cand[1], cand[1] + 1, cand[1] + 2] if cand[0] == "seq" else [cand[1]] * 3
        if all(need[k] + kinds.count(k) <= wall.left(k) for k in set(kinds)):
            for k in kinds:
                need[k] += 1
            sets.append(cand)
    if len(sets) < 4:
        return None
    pool = sorted({k for _, t in sets for k in ([t] if _ == "trip" else [t, t + 1, t + 2])} | set(trips))
    rng.shuffle(pool)
    pair = next((k for k in pool if need[k] + 2 <= wall.left(k)), None)
    if pair is None:
        return None
    return sets, pair


def _pick_style(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.15:
        return rng.choice(SPECIAL)
    if r < 0.25:
        return "chiitoitsu"
    return rng.choice(STYLES)


def random_win(rng: random.Random, style: Optional[str] = None, p_open: float = 0.45) -> Dict[str, Any]:
    """One random winning hand with context, as keyword arguments of ``score``.

    Keys: ``hand`` (concealed 136-ids, winning tile included), ``win`` (136-id),
    ``melds`` (list of (kind, ids)), and context keys (``tsumo``, ``riichi``, ...,
    ``winner``, ``dealer``, ``discarder``, ``round_wind``, ``dora``, ``ura``,
    ``honba``, ``riichi_sticks``).
    """
    while True:
        try:
            w = _try_win(rng, style or _pick_style(rng), p_open)
        except IndexError:  # a kan took a tile the pair needed: draw again
            continue
        if w is not None:
            return w


def _try_win(rng: random.Random, style: str, p_open: float) -> Optional[Dict[str, Any]]:
    wall = _Wall(rng)
    concealed: List[int] = []
    melds: List[Tuple[str, List[int]]] = []
    if style == "chiitoitsu":
        seqs, trips = _kinds_for(rng.choice(STYLES + SPECIAL[:3]), rng)
        kinds = list({k for k in trips} | {s + d for s in seqs for d in range(3)})
        if len(kinds) < 7:
            kinds = list(range(34))
        pairs = rng.sample(kinds, 7)
        concealed = [wall.take(k) for k in pairs for _ in range(2)]
    elif style == "kokushi":
        extra = rng.choice(YAOCHUU)
        concealed = [wall.take(k) for k in YAOCHUU] + [wall.take(extra)]
    elif style == "chuuren":
        s = 9 * rng.randrange(3)
        base = [s] * 3 + [s + n for n in range(1, 8)] + [s + 8] * 3 + [s + rng.randrange(9)]
        concealed = [wall.take(k) for k in base]
    else:
        got = _standard(rng, wall, style)
        if got is None:
            return None
        sets, pair = got
        open_any = rng.random() < p_open
        for kind, t in sets:
            tiles = [t, t + 1, t + 2] if kind == "seq" else [t, t, t]
            as_meld = open_any and rng.random() < 0.5
            kan = kind == "trip" and wall.left(t) >= 4 and rng.random() < 0.15
            if kan:
                ids = [wall.take(t) for _ in range(4)]
                mk = rng.choice(["daiminkan", "kakan", "ankan"]) if as_meld else "ankan"
                melds.append((mk, ids))
            elif as_meld:
                melds.append(("chi" if kind == "seq" else "pon", [wall.take(k) for k in tiles]))
            else:
                concealed += [wall.take(k) for k in tiles]
        concealed += [wall.take(pair), wall.take(pair)]
        if not concealed:
            return None
    win = rng.choice(concealed)
    closed = all(k == "ankan" for k, _ in melds)
    n_kans = sum(1 for k, _ in melds if k in ("daiminkan", "kakan", "ankan"))
    tsumo = rng.random() < 0.45
    riichi = closed and rng.random() < 0.45
    double_riichi = riichi and rng.random() < 0.08
    dealer = rng.randrange(4)
    winner = rng.randrange(4)
    discarder = rng.choice([s for s in range(4) if s != winner])
    houtei = (not tsumo) and rng.random() < 0.04
    first_turn = closed and not melds and tsumo and rng.random() < 0.01
    ctx: Dict[str, Any] = dict(
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=riichi and rng.random() < 0.25,
        haitei=tsumo and rng.random() < 0.04,
        houtei=houtei,
        rinshan=tsumo and n_kans > 0 and rng.random() < 0.3,
        chankan=(not tsumo) and not houtei and rng.random() < 0.03,
        tenhou=first_turn and winner == dealer,
        chiihou=first_turn and winner != dealer,
        winner=winner,
        dealer=dealer,
        discarder=discarder,
        round_wind="ESWN"[rng.randrange(4)],
        honba=rng.randrange(4),
        riichi_sticks=rng.randrange(3),
    )
    if ctx["rinshan"]:
        ctx["haitei"] = False
    if ctx["tenhou"] or ctx["chiihou"]:
        ctx.update(riichi=False, double_riichi=False, ippatsu=False, haitei=False)
    n_ind = 1 + n_kans
    def indicator() -> int:
        # A physical tile still in the wall (indicators are real, distinct tiles).
        return wall.take(rng.choice([k for k in range(34) if wall.left(k)]))

    ctx["dora"] = [indicator() for _ in range(n_ind)]
    ctx["ura"] = [indicator() for _ in range(n_ind)] if ctx["riichi"] else []
    return dict(hand=concealed, win=win, melds=melds, **ctx)


def meld_text(kind: str, ids: List[int]) -> str:
    """``"kind:mpsz"`` of a meld given as 136-ids (red fives written 0)."""
    suit = "mpsz"[ids[0] // 36]
    digits = "".join("0" if i in (16, 52, 88) else str(i // 4 % 9 + 1) for i in sorted(ids))
    return f"{kind}:{digits}{suit}"
