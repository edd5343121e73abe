"""The shape of a seat's view of a riichi match (`Match.view`): what one seat may know.

Example:
    >>> import mahjong_fast as mf
    >>> v: SeatView = mf.Match("tenhou", seed=1).view(0)
    >>> sorted(v)[:4]
    ['dealer', 'dora_indicators', 'drawn', 'hand']
"""

from __future__ import annotations

from typing import List, Optional, TypedDict

__all__ = ["RiverTile", "ViewMeld", "SeatView"]


class RiverTile(TypedDict):
    """One discard: its 136-id, tsumogiri (from the draw), the riichi tile, taken by a call.

    Example:
        >>> import mahjong_fast as mf
        >>> m = mf.Match("tenhou", seed=1)
        >>> m.apply(0, next(a for a in m.legal_actions(0) if a["type"] == "discard"))
        >>> sorted(m.view(1)["rivers"][0][0])
        ['called', 'riichi', 'tile', 'tsumogiri']
    """

    tile: int
    tsumogiri: bool
    riichi: bool
    called: bool


ViewMeld = TypedDict("ViewMeld", {"kind": str, "tiles": List[int], "called": int, "from": int})
ViewMeld.__doc__ = """A meld on the table: kind, 136-ids, the called tile and the seat it came from.

Example:
    >>> sorted(ViewMeld(kind="pon", tiles=[0, 1, 2], called=2, **{"from": 3}))
    ['called', 'from', 'kind', 'tiles']
"""


class SeatView(TypedDict):
    """A seat's view: own tiles and draw, rivers, melds, indicators, scores, who acts.

    Example:
        >>> import mahjong_fast as mf
        >>> v = mf.Match("tenhou", seed=1).view(2)
        >>> len(v["hand"]), v["drawn"], v["to_act"]
        (13, None, [0])
    """

    seat: int
    players: int
    round_wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: List[int]
    hand: List[int]
    drawn: Optional[int]
    rivers: List[List[RiverTile]]
    melds: List[List[ViewMeld]]
    nuki: List[int]
    riichi: List[bool]
    dora_indicators: List[int]
    live_left: int
    to_act: List[int]
    revealed: List[int]
