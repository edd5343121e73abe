"""Every error mahjong_fast raises, and what each one carries.

All errors caused by the caller's input derive from :class:`MahjongError`, itself a
``ValueError``, so ``except MahjongError`` catches every bad input and nothing else.
Each class is one kind of the core's single error type; an instance carries:

``kind``
    the kind as a string, which is the class name (``"ArgumentError"``); batch error
    tables use the same strings.
``input``
    the offending value when the call knows it (the argument, the hand text), else
    ``None``. Text longer than a message would quote is kept as its first 240
    characters and ``…``; messages quote at most the first 60 characters of an input
    and say how long it was.
``row``
    the row of a batch call's input the error belongs to, else ``None``.

:class:`ArgumentError` also carries ``argument``, the parameter's name. Integer
arguments are checked against a declared range (written as people read it:
``0-3``), text arguments are checked before they are encoded (a lone surrogate such as
``"\\ud800"`` has no UTF-8 form), sizes are bounded.

:class:`InternalError` is a fault of the library (a bug: a caught panic), a
``RuntimeError`` and *not* a ``MahjongError``: no ``except MahjongError`` hides it.

:class:`PointsOverflowError` is a value too large for where it goes: under the
``aotenjou`` rule (no limit) a hand worth more than the 32-bit point columns of
``score_many`` hold (over 300,000,000 base points: 21 han at 30 fu) is that row's
error; ``score`` counts any valid hand exactly, in Python ints.

Long calls (solitaire solve, deal, shuffle and survey, self-play, log replay and
verification, batch scoring) run with the GIL released and stop within about 100 ms
of Ctrl-C, raising ``KeyboardInterrupt`` and returning nothing.

Example:
    >>> import mahjong_fast as mf
    >>> from mahjong_fast.errors import ArgumentError, MahjongError
    >>> try:
    ...     mf.score("123m456p789s23455s", "2s", honba=-1)
    ... except ArgumentError as e:
    ...     print(e, "|", e.kind, e.argument, e.input, e.row)
    honba must be an integer in 0-255, got -1 | ArgumentError honba -1 None
    >>> try:
    ...     mf.to_ids("1m\\ud800")
    ... except MahjongError as e:
    ...     print(type(e).__name__, e.argument)
    ArgumentError tiles
    >>> try:
    ...     mf.to_ids("123q")
    ... except mf.TileParseError as e:
    ...     print(e.kind, repr(e.input))
    TileParseError '123q'
    >>> issubclass(InternalError, MahjongError), issubclass(InternalError, RuntimeError)
    (False, True)
"""

from mahjong_fast._core import (
    ArgumentError,
    IllegalActionError,
    IllegalMoveError,
    InternalError,
    InvalidHandError,
    InvalidRuleError,
    LayoutError,
    LogParseError,
    MahjongError,
    NoYakuError,
    PointsOverflowError,
    TileParseError,
)

#: Every user-error class by its kind string (the ``kind`` of its instances).
KINDS = {
    cls.kind: cls
    for cls in (
        MahjongError,
        ArgumentError,
        TileParseError,
        InvalidHandError,
        NoYakuError,
        InvalidRuleError,
        LayoutError,
        IllegalMoveError,
        IllegalActionError,
        LogParseError,
        PointsOverflowError,
    )
}

__all__ = [
    "ArgumentError",
    "IllegalActionError",
    "IllegalMoveError",
    "InternalError",
    "InvalidHandError",
    "InvalidRuleError",
    "KINDS",
    "LayoutError",
    "LogParseError",
    "MahjongError",
    "NoYakuError",
    "PointsOverflowError",
    "TileParseError",
    "argument_error",
]

_UNSET = object()


def argument_error(name: str, message: str, value: object = _UNSET) -> ArgumentError:
    """The :class:`ArgumentError` for parameter ``name`` (its ``argument``), with
    ``message`` saying what was allowed and, when given, the refused ``value`` as
    its ``input``: what the Python layer raises where the core's converters do not
    reach.

    Example:
        >>> from mahjong_fast.errors import argument_error
        >>> e = argument_error("count", "count must be 0 or more, got -1", -1)
        >>> e.argument, e.input, str(e)
        ('count', -1, 'count must be 0 or more, got -1')
    """
    e = ArgumentError(message)
    e.argument = name
    if value is not _UNSET:
        e.input = value
    return e

# What each class means, for help() and the docs (the compiled classes carry one line).
MahjongError.__doc__ = """Root of every error caused by the caller's input (a ``ValueError``).

    Example:
        >>> import mahjong_fast as mf
        >>> isinstance(mf.TileParseError("x"), mf.MahjongError), mf.MahjongError.kind
        (True, 'MahjongError')
    """
ArgumentError.__doc__ = """An argument value the call does not take: an integer outside its range or
    not an integer, text that is not valid Unicode, a size too large. ``argument``
    names the parameter.

    Example:
        >>> import mahjong_fast as mf
        >>> try:
        ...     mf.points(-1, 30)
        ... except mf.ArgumentError as e:
        ...     print(e.argument, "|", e)
        han | han must be an integer in 1-200, got -1
    """
TileParseError.__doc__ = """Tile text, a tile id or a tile character that cannot be read.

    Example:
        >>> import mahjong_fast as mf
        >>> try:
        ...     mf.to_ids([136])
        ... except mf.TileParseError as e:
        ...     print(e)
        tile id 136 is out of range 0-135
    """
InvalidHandError.__doc__ = """Tiles that cannot form the hand asked for (counts, a fifth copy, a bad meld).

    Example:
        >>> import mahjong_fast as mf
        >>> try:
        ...     mf.to_counts("11111m")
        ... except mf.InvalidHandError as e:
        ...     print(e.kind)
        InvalidHandError
    """
NoYakuError.__doc__ = """A complete riichi hand that scores no yaku under the rules.

    Example:
        >>> import mahjong_fast as mf
        >>> try:
        ...     mf.score("234m456p789s33z", "3z", melds=["chi:678s"])
        ... except mf.NoYakuError as e:
        ...     print(e.kind)
        NoYakuError
    """
InvalidRuleError.__doc__ = """A rule option that is unknown, out of range or contradicts another.

    Example:
        >>> import mahjong_fast as mf
        >>> issubclass(mf.InvalidRuleError, mf.MahjongError)
        True
    """
LayoutError.__doc__ = """A solitaire layout (or a layout file, or a scoring variant) that cannot be used.

    Example:
        >>> import mahjong_fast as mf
        >>> try:
        ...     mf.SolitaireLayout([(0, 0, 0)])
        ... except mf.LayoutError as e:
        ...     print(e.kind)
        LayoutError
    """
IllegalMoveError.__doc__ = """A solitaire move that the free-tile or matching rule forbids.

    Example:
        >>> import mahjong_fast as mf
        >>> mf.IllegalMoveError.kind
        'IllegalMoveError'
    """
IllegalActionError.__doc__ = """An engine action that is not legal in the match's current state
    (the state stays as it was).

    Example:
        >>> import mahjong_fast as mf
        >>> try:
        ...     mf.Match().apply(0, {"type": "ron"})
        ... except mf.IllegalActionError as e:
        ...     print(e.kind)
        IllegalActionError
    """
LogParseError.__doc__ = """A game log that cannot be read.

    Example:
        >>> import mahjong_fast as mf
        >>> mf.LogParseError.kind
        'LogParseError'
    """
PointsOverflowError.__doc__ = """A value too large for where it goes: under ``aotenjou`` (no limit) a
    hand worth more than the int32 point columns of ``score_many`` hold (that row's
    error; ``score`` counts it exactly), or ``points`` past 2^124 base points.

    Example:
        >>> import mahjong_fast as mf
        >>> out = mf.score_many([{"hand": "22334455667788m", "win_tile": "8m", "riichi": True,
        ...                       "dora": "1m2m3m", "ura": "4m5m6m"}], rules={"aotenjou": True}, columns=True)
        >>> [kind for _, kind, _ in out.errors]
        ['PointsOverflowError']
        >>> mf.score("22334455667788m", "8m", riichi=True, dora="1m2m3m", ura="4m5m6m", rules={"aotenjou": True}).base
        2013265920
    """
InternalError.__doc__ = """A fault inside mahjong_fast itself (a bug, not bad input): please report it.
    A ``RuntimeError``, deliberately not a ``MahjongError``.

    Example:
        >>> from mahjong_fast.errors import InternalError
        >>> InternalError.kind, InternalError.__mro__[1].__name__
        ('InternalError', 'RuntimeError')
    """
