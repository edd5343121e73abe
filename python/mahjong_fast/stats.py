"""Small statistics the solitaire surveys report: a proportion's 95% interval and
nearest-rank percentiles (no NumPy, so that the command line can use them too)."""

from __future__ import annotations

import math
from typing import Sequence, Tuple


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
    if len(sorted_values) == 0:
        return 0.0
    k = max(0, min(len(sorted_values) - 1, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[k]
