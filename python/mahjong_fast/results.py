"""The shapes of the plain-data results: what calls that return dicts return.

These are ``TypedDict`` declarations (the values are ordinary ``dict`` objects, so
they are JSON-ready, pickle, and compare by value); the stubs name them as the return
types, so a type checker knows every key.

Example:
    >>> import mahjong_fast as mf
    >>> from mahjong_fast.results import PointsTable
    >>> t: PointsTable = mf.points(3, 30)
    >>> sorted(t) == sorted(PointsTable.__annotations__)
    True
"""

from __future__ import annotations

from typing import TypedDict


class PointsTable(TypedDict):
    """What a han / fu count pays (``points``).

    Example:
        >>> import mahjong_fast as mf
        >>> mf.points(4, 30)["ron"]
        7700
    """

    base: int
    limit: str
    ron: int
    tsumo_dealer: int
    tsumo_non_dealer: int
    total: int


__all__ = ["PointsTable"]
