"""Drop-in layers for users of other mahjong packages.

:mod:`mahjong_fast.compat.mahjong` has the module paths, classes and signatures of the
``mahjong`` package (PyPI), computing with this package's core: code moves by changing
its imports from ``mahjong.X`` to ``mahjong_fast.compat.mahjong.X``.

Example:
    >>> from mahjong_fast.compat.mahjong.tile import TilesConverter
    >>> TilesConverter.string_to_136_array(man="123")
    [0, 4, 8]
"""
