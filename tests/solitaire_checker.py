"""An independent checker of solitaire rules, written from the seed (000) alone.

It shares no code with the Rust core: positions are `(x, y, layer)` in half-tile
units, a tile covers x..x+2, y..y+2; a tile is free when no tile of a higher layer
overlaps it and its left or right side has no same-layer tile touching it (rows
overlapping at the neighbouring column). Faces are codes 0..42.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

Pos = Tuple[int, int, int]


def group(code: int) -> int:
    return code if code < 34 else (34 if code < 38 else 35)


def overlaps(a: Pos, b: Pos) -> bool:
    return abs(a[0] - b[0]) < 2 and abs(a[1] - b[1]) < 2


def is_free(i: int, pos: Sequence[Pos], present: Iterable[int]) -> bool:
    x, y, z = pos[i]
    left = right = False
    for j in present:
        if j == i:
            continue
        a, b, c = pos[j]
        if c > z and overlaps(pos[i], pos[j]):
            return False
        if c == z and abs(b - y) < 2:
            if a == x - 2:
                left = True
            elif a == x + 2:
                right = True
    return not (left and right)


def replay(pos: Sequence[Pos], faces: Sequence[int], moves: Sequence[Tuple[int, int]], start: Optional[Iterable[int]] = None) -> Optional[str]:
    """None when every move is legal and the board ends empty; else what went wrong."""
    present = set(range(len(pos))) if start is None else set(start)
    for k, (a, b) in enumerate(moves):
        if a == b or a not in present or b not in present:
            return f"move {k} ({a}, {b}): a slot is missing"
        if not is_free(a, pos, present) or not is_free(b, pos, present):
            return f"move {k} ({a}, {b}): a tile is not free"
        if group(faces[a]) != group(faces[b]):
            return f"move {k} ({a}, {b}): faces do not match"
        present -= {a, b}
    return None if not present else f"{len(present)} tiles left"


def solvable(pos: Sequence[Pos], faces: Sequence[int], start: Optional[Iterable[int]] = None) -> bool:
    """Exhaustive search over plain moves (small boards only)."""
    seen: Dict[FrozenSet[int], bool] = {}

    def go(present: FrozenSet[int]) -> bool:
        if not present:
            return True
        if present in seen:
            return seen[present]
        free = [i for i in present if is_free(i, pos, present)]
        ok = False
        for u in range(len(free)):
            for v in range(u + 1, len(free)):
                a, b = free[u], free[v]
                if group(faces[a]) == group(faces[b]) and go(present - {a, b}):
                    ok = True
                    break
            if ok:
                break
        seen[present] = ok
        return ok

    return go(frozenset(range(len(pos)) if start is None else start))


def free_tiles(pos: Sequence[Pos], present: Iterable[int]) -> List[int]:
    p = list(present)
    return sorted(i for i in p if is_free(i, pos, p))


def placeable_even(points: Iterable[Pos]) -> List[Pos]:
    """The points in order, skipping any that overlaps an earlier kept one on its
    layer, with the last dropped if the count is odd: a valid layout's positions."""
    kept: List[Pos] = []
    for p in points:
        if all(q[2] != p[2] or abs(q[0] - p[0]) >= 2 or abs(q[1] - p[1]) >= 2 for q in kept):
            kept.append(p)
    if len(kept) % 2:
        kept.pop()
    return kept
