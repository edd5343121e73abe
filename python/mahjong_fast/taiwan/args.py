"""Argument checks shared by the Taiwan modules: every bad value becomes a
``MahjongError`` subclass naming the argument and what is allowed (ranges as
``0-3``), before anything reaches the core or changes a round.

Example:
    >>> int_arg("consecutive", -1, 0, 65535)
    Traceback (most recent call last):
    ...
    mahjong_fast.ArgumentError: consecutive = -1: expected an integer 0-65535
"""

from __future__ import annotations

import operator
from typing import Any, Type

from mahjong_fast import _core
from mahjong_fast._core import ArgumentError, MahjongError
from mahjong_fast.errors import argument_error

#: The core's integer arguments of the Taiwan API: name -> (lowest, highest).
INT_ARGS = _core.taiwan_int_args()
#: Most deals a dealer can have kept in a row (the core counts them in 16 bits).
MAX_CONSECUTIVE = INT_ARGS["consecutive"][1]
#: Most tai a payment can carry (the core counts them in 32 bits).
MAX_TAI = INT_ARGS["tai"][1]


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _error(error: Type[MahjongError], name: str, message: str) -> MahjongError:
    if issubclass(error, ArgumentError):
        return argument_error(name, message)  # with `argument`, as the core's carry
    return error(message)


def int_arg(name: str, value: Any, lo: int, hi: int, error: Type[MahjongError] = ArgumentError) -> int:
    """``value`` as an int in ``lo``-``hi`` (bools and non-integers refused); an
    ``ArgumentError`` raised for it carries ``argument``.

    Example:
        >>> int_arg("seat", 3, 0, 3)
        3
        >>> try:
        ...     int_arg("seed", -1, 0, 9, ArgumentError)
        ... except ArgumentError as e:
        ...     print(e.argument, "|", e)
        seed | seed = -1: expected an integer 0-9
    """
    if isinstance(value, bool):
        raise _error(error, name, f"{name} = {value!r}: expected an integer {lo}-{hi}, not a bool")
    try:
        i = operator.index(value)
    except TypeError:
        raise _error(error, name, f"{name} = {_short(value)}: expected an integer {lo}-{hi}") from None
    if not lo <= i <= hi:
        raise _error(error, name, f"{name} = {i}: expected an integer {lo}-{hi}")
    return i


def seat_arg(name: str, value: Any, error: Type[MahjongError] = ArgumentError) -> int:
    """A seat 0-3.

    Example:
        >>> seat_arg("winner", 2)
        2
    """
    return int_arg(name, value, 0, 3, error)


def flag_arg(name: str, value: Any) -> bool:
    """A yes/no argument: a bool (Python's or NumPy's) or the integers 0 and 1.

    Example:
        >>> flag_arg("self_draw", 1), flag_arg("self_draw", False)
        (True, False)
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    if not isinstance(value, bool):
        try:
            i = operator.index(value)
        except TypeError:
            i = None
        if i in (0, 1):
            return bool(i)
    raise argument_error(name, f"{name} = {_short(value)}: expected True or False")


def text_arg(name: str, value: Any, allowed: Any = None) -> str:
    """A text argument, optionally one of ``allowed``.

    Example:
        >>> text_arg("replacement", "flower", ("none", "flower"))
        'flower'
    """
    if not isinstance(value, str):
        raise argument_error(name, f"{name} = {_short(value)}: expected text" + (f" ({', '.join(allowed)})" if allowed else ""))
    if allowed is not None and value not in allowed:
        raise argument_error(name, f"{name} = {_short(value)}: expected one of {', '.join(allowed)}")
    return value
