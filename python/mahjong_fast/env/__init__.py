"""Reinforcement-learning environments over the riichi engine.

Three ways in, one engine (the tables, encodings and bots are in the Rust core):

- ``RiichiAECEnv`` (``mahjong_fast.env.aec``): a PettingZoo AEC environment, one
  agent per seat (``player_0`` ...); needs ``pip install pettingzoo``.
- ``RiichiGymEnv`` (``mahjong_fast.env.single``): a Gymnasium environment for one
  seat, the others played by a built-in bot; needs ``pip install gymnasium``.
- ``VecEnv``: ``n`` tables stepped in one call in Rust with the GIL released, NumPy
  arrays in and out (memory reused across steps), finished tables reset at once.
  ``RlTable`` is the single table the first two wrap.

Observation: ``{"observation": float32 (53, 34), "action_mask": int8 (156,)}`` for the
PettingZoo and Gymnasium classes; ``VecEnv`` returns the planes as one
``(n, 53, 34)`` float32 array and the masks as ``(n, 156)`` bool. The planes hold
what the observing seat may know (its view: no other seat's concealed tiles, no
wall), one value per tile kind (1m..9m, 1p..9p, 1s..9s, E S W N P F C). Counts are
divided by 4, a *flag* plane is all ones or zeros, a *scalar* plane holds one number
in every column. Seats are relative to the observer: ``self``, ``next`` (plays after
it), ``across``, ``prev``; at a three-player table the ``across`` planes stay zero.

::

     0  hand_1                 1 at the kinds the seat holds at least one of (concealed, drawn tile included)
     1  hand_2                 1 at the kinds it holds at least two of
     2  hand_3                 1 at the kinds it holds at least three of
     3  hand_4                 1 at the kinds it holds four of
     4  hand_red               1 at 5m / 5p / 5s when it holds that red five
     5  drawn                  1 at the kind it just drew (its turn after a draw)
     6  offer                  1 at the kind on offer to claim (a discard, an added kan, a north)
     7  self_river             counts of the kinds the seat discarded (called-away tiles included) / 4
     8  self_river_tsumogiri   counts of its discards made straight from the draw / 4
     9  self_river_recent      1 at the kinds among its last 6 discards
    10  self_riichi_tile       1 at the kind of its riichi declaration tile
    11  self_melds             counts of the kinds in its melds (open calls and closed kans) / 4
    12  self_riichi            flag: the seat declared riichi
    13  self_score             scalar: its score / 100,000
    14  self_nuki              scalar: norths it set aside / 4 (three players)
    15  self_dealer            flag: the seat is the dealer
    16  next_river             counts of the kinds the seat discarded (called-away tiles included) / 4
    17  next_river_tsumogiri   counts of its discards made straight from the draw / 4
    18  next_river_recent      1 at the kinds among its last 6 discards
    19  next_riichi_tile       1 at the kind of its riichi declaration tile
    20  next_melds             counts of the kinds in its melds (open calls and closed kans) / 4
    21  next_riichi            flag: the seat declared riichi
    22  next_score             scalar: its score / 100,000
    23  next_nuki              scalar: norths it set aside / 4 (three players)
    24  next_dealer            flag: the seat is the dealer
    25  across_river           counts of the kinds the seat discarded (called-away tiles included) / 4
    26  across_river_tsumogiri counts of its discards made straight from the draw / 4
    27  across_river_recent    1 at the kinds among its last 6 discards
    28  across_riichi_tile     1 at the kind of its riichi declaration tile
    29  across_melds           counts of the kinds in its melds (open calls and closed kans) / 4
    30  across_riichi          flag: the seat declared riichi
    31  across_score           scalar: its score / 100,000
    32  across_nuki            scalar: norths it set aside / 4 (three players)
    33  across_dealer          flag: the seat is the dealer
    34  prev_river             counts of the kinds the seat discarded (called-away tiles included) / 4
    35  prev_river_tsumogiri   counts of its discards made straight from the draw / 4
    36  prev_river_recent      1 at the kinds among its last 6 discards
    37  prev_riichi_tile       1 at the kind of its riichi declaration tile
    38  prev_melds             counts of the kinds in its melds (open calls and closed kans) / 4
    39  prev_riichi            flag: the seat declared riichi
    40  prev_score             scalar: its score / 100,000
    41  prev_nuki              scalar: norths it set aside / 4 (three players)
    42  prev_dealer            flag: the seat is the dealer
    43  dora_indicators        counts of the dora indicators shown / 4
    44  dora                   counts of the dora kinds they point to / 4
    45  visible                counts of every copy the seat can see (own hand, rivers not called, melds, indicators) / 4
    46  round_wind             1 at the round wind (27 + wind)
    47  seat_wind              1 at the seat's wind (27 + wind)
    48  honba                  scalar: honba / 8
    49  sticks                 scalar: riichi sticks on the table / 8
    50  live_left              scalar: live tiles left to draw / 70
    51  hand_number            scalar: hands into the match (4 x round wind + hand number) / 16
    52  three_players          flag: a three-player table

(``plane_names()`` returns the same list; a test keeps this table equal to it.)

Actions: one fixed space of 156 indices (``action_names()`` names them). Tile
*slots* are the 34 kinds plus 34-36 for the red fives of m / p / s:

::

      0-36   discard the tile of that slot (when the drawn tile is of the slot,
             that copy: tsumogiri)
     37-73   the same discards declaring riichi
        74   tsumo
        75   ron
        76   pass (decline every call)
        77   abort with nine terminals and honors (kyuushu kyuuhai)
        78   nuki: set a north aside (three players)
    79-112   closed kan of kind 0-33
   113-146   added kan of kind 0-33
   147-152   chi with the called tile lowest / middle / highest, then the same
             three using a red five from hand
   153-154   pon; pon using a red five from hand
       155   open kan (daiminkan)

Rewards come when the match ends (zero before): ``reward="results"`` pays each
seat its final result under the match rules (points against the return points,
uma and oka, in thousands; set ``uma``, ``start_points`` and ``return_points`` in
``rules``) times ``reward_scale``; ``reward="rank"`` pays ``rank_points`` by place
(default ``(1, 1/3, -1/3, -1)``), times ``reward_scale``.

Example:
    >>> from mahjong_fast.env import RlTable, action_names
    >>> t = RlTable("tenhou", seed=3, bots=0b1110, reward="rank")
    >>> [action_names()[i] for i in t.legal_actions()][:3]
    ['discard 1m', 'discard 3m', 'discard 1p']
    >>> while not t.done:
    ...     t.step(t.bot_action())
    >>> sorted(t.rewards(), reverse=True)  # doctest: +ELLIPSIS
    [1.0, 0.33..., -0.33..., -1.0]
"""

from __future__ import annotations

from .._core import N_ACTIONS, OBS_PLANES, RlTable, VecEnv, action_names, plane_names

__all__ = ["N_ACTIONS", "OBS_PLANES", "RlTable", "VecEnv", "action_names", "plane_names"]


def __getattr__(name: str):
    # The PettingZoo and Gymnasium classes load their optional package only when used.
    if name == "RiichiAECEnv":
        from .aec import RiichiAECEnv

        return RiichiAECEnv
    if name == "RiichiGymEnv":
        from .single import RiichiGymEnv

        return RiichiGymEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
