"""Payments of a win and their settlement. Who pays and how much is the core's
(``mahjong_core::taiwan::payments``: base + tai × rate per payer, the dealer tai in
the payments the dealer takes part in); this module gives them names.

Example:
    >>> settle(win_payments(2, 1, dealer_seat=0, discarder=0))
    [-140, 0, 140, 0]
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional

from mahjong_fast import _core
from mahjong_fast._core import InvalidHandError
from mahjong_fast.taiwan.args import MAX_CONSECUTIVE, MAX_TAI, int_arg, seat_arg, text_arg
from mahjong_fast.taiwan.rules import RulesLike, load_rules


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

    def to_dict(self) -> Dict[str, Any]:
        """Plain values for JSON (:meth:`from_dict` reads them back).

        Example:
            >>> Payment(1, 0, 4, 180, "normal").to_dict()["amount"]
            180
        """
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> Payment:
        """The payment :meth:`to_dict` wrote.

        Example:
            >>> p = Payment(1, 0, 4, 180, "normal"); Payment.from_dict(p.to_dict()) == p
            True
        """
        if not isinstance(data, dict) or set(data) != {f.name for f in dataclasses.fields(cls)}:
            raise InvalidHandError(f"Payment.from_dict: expected a dict with payer, payee, tai, amount, reason; got {data!r:.80}")
        return cls(**data)


def win_payments(
    winner: int,
    tai: int,
    dealer_seat: int,
    consecutive: int = 0,
    rules: RulesLike = None,
    discarder: Optional[int] = None,
    reason: str = "",
) -> List[Payment]:
    """The payments of one win: the discarder alone, or all three on a self-draw.

    Each payment is base + (tai + dealer tai if the dealer pays or wins) × rate.

    Example:
        >>> [p.amount for p in win_payments(1, 3, dealer_seat=0, discarder=None)]
        [160, 160, 180]
    """
    rs = load_rules(rules)
    rows = _core.taiwan_win_payments(
        seat_arg("winner", winner), int_arg("tai", tai, 0, MAX_TAI), seat_arg("dealer_seat", dealer_seat),
        int_arg("consecutive", consecutive, 0, MAX_CONSECUTIVE),
        None if discarder is None else seat_arg("discarder", discarder), rs._core,  # type: ignore[attr-defined]
    )
    why = text_arg("reason", reason)
    return [Payment(payer, payee, t, amount, why) for payer, payee, t, amount in rows]


def settle(payments: Iterable[Payment]) -> List[int]:
    """Every seat's point change from a list of payments (sums to zero).

    Example:
        >>> settle(win_payments(2, 1, dealer_seat=0, discarder=0))
        [-140, 0, 140, 0]
    """
    if not hasattr(payments, "__iter__"):
        raise InvalidHandError(f"payments {payments!r:.60}: expected an iterable of Payment")
    deltas = [0, 0, 0, 0]
    for p in payments:
        if not isinstance(p, Payment):
            raise InvalidHandError(f"payment {p!r:.60}: expected a Payment")
        payer, payee = seat_arg("payer", p.payer), seat_arg("payee", p.payee)
        deltas[payer] -= p.amount
        deltas[payee] += p.amount
    return deltas
