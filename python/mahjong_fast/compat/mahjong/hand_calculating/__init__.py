"""Hand value: ``HandCalculator.estimate_hand_value`` and its configuration, response,
yaku and score classes, as the ``mahjong`` package has them, computed by mahjong_fast.

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.hand_config import HandConfig
    >>> HandConfig(is_tsumo=True).is_tsumo
    True
"""
