"""The ``mahjong`` package's interface over mahjong_fast's core.

The same module paths as ``mahjong`` 2.x (``hand_calculating.hand``,
``hand_calculating.hand_config``, ``hand_calculating.hand_response``,
``hand_calculating.scores``, ``tile``, ``shanten``, ``agari``, ``meld``, ``constants``)
with the same classes, fields and signatures; scoring, shanten and agari are computed
by mahjong_fast (``score``, ``shanten``, ``is_agari``), this layer only converts
arguments and results. What maps to which rule option, what is refused and every
known difference: ``docs/compat_mahjong.md``.

Example:
    >>> from mahjong_fast.compat.mahjong.hand_calculating.hand import HandCalculator
    >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
    >>> tiles = TilesConverter.string_to_136_array(man="22444", pin="333567", sou="444")
    >>> result = HandCalculator.estimate_hand_value(tiles, TilesConverter.string_to_136_array(sou="4")[0])
    >>> result.han, result.fu, result.cost["main"]
    (1, 40, 1300)
"""
