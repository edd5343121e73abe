"""Payments of a win and their settlement: base + tai × rate per payer.

Example:
    >>> settle(win_payments(2, 1, dealer_seat=0, discarder=0))
    [-140, 0, 140, 0]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, List, Optional

from mahjong_fast._core import InvalidHandError
from mahjong_fast.taiwan.rules import _DEFAULT_RULES, TaiwanRules


@dataclass(frozen=True)
class Payment:
    """One payment: ``payer`` gives ``amount`` (= base + tai × rate) to ``payee``.

    ``tai`` includes the dealer tai when the dealer is payer or payee.

    Example:
        >>> Payment(1, 0, 4, 180, "自摸").amount
        180
    """

    payer: int
    payee: int
    tai: int
    amount: int
    reason: str


def win_payments(
    winner: int,
    tai: int,
    dealer_seat: int,
    consecutive: int = 0,
    rules: TaiwanRules = _DEFAULT_RULES,
    discarder: Optional[int] = None,
    reason: str = "",
) -> List[Payment]:
    """The payments of one win: the discarder alone, or all three on a self-draw.

    Each payment is base + (tai + dealer tai if the dealer pays or wins) × rate.

    Example:
        >>> [p.amount for p in win_payments(1, 3, dealer_seat=0, discarder=None)]
        [160, 160, 180]
    """
    for s in [winner, dealer_seat] + ([discarder] if discarder is not None else []):
        if not isinstance(s, int) or not 0 <= s < 4:
            raise InvalidHandError(f"seat {s!r}: seats are 0..3")
    if discarder == winner:
        raise InvalidHandError(f"seat {winner} cannot pay itself")
    payers = [discarder] if discarder is not None else [(winner + k) % 4 for k in (1, 2, 3)]
    dtai = rules.dealer_tai(consecutive)
    out = []
    for p in payers:
        t = tai + (dtai if dealer_seat in (p, winner) else 0)
        out.append(Payment(p, winner, t, rules.points(t), reason))
    return out


def settle(payments: Iterable[Payment]) -> List[int]:
    """Every seat's point change from a list of payments (sums to zero).

    Example:
        >>> settle(win_payments(2, 1, dealer_seat=0, discarder=0))
        [-140, 0, 140, 0]
    """
    deltas = [0, 0, 0, 0]
    for p in payments:
        deltas[p.payer] -= p.amount
        deltas[p.payee] += p.amount
    return deltas
