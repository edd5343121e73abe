"""Names a module offers but loads on first use (PEP 562): those whose modules import
NumPy (the batch calls and their results) or many modules (the Taiwan package), so that
``import mahjong_fast`` and the scalar calls load neither.

A module declares each such name once, as ``name: "module"`` (the module itself) or
``name: "module:attribute"``, and takes its ``__getattr__`` and ``__dir__`` from
:func:`lazy`; a name is imported the first time it is read and then kept in the
module like any other.

Example:
    >>> ns = {"__name__": "example"}
    >>> getattr_, dir_ = lazy(ns, {"dumps": "json:dumps", "pickle": "pickle"})
    >>> getattr_("dumps")([1]), "dumps" in ns, "pickle" in dir_()
    ('[1]', True, True)
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Dict, List, MutableMapping, Tuple


def lazy(namespace: MutableMapping[str, Any], names: Dict[str, str]) -> Tuple[Callable[[str], Any], Callable[[], List[str]]]:
    """``__getattr__`` and ``__dir__`` for the module whose globals are ``namespace``,
    serving ``names`` (``name: "module"`` or ``"module:attribute"``) on first use.

    Example:
        >>> getattr_, _ = lazy({"__name__": "example"}, {"sqrt": "math:sqrt"})
        >>> getattr_("sqrt")(9.0)
        3.0
    """
    module_name = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        target = names.get(name)
        if target is None:
            raise AttributeError(f"module {module_name!r} has no attribute {name!r}")
        source, _, attribute = target.partition(":")
        value = importlib.import_module(source)
        if attribute:
            value = getattr(value, attribute)
        namespace[name] = value
        return value

    def __dir__() -> List[str]:
        return sorted(set(namespace) | set(names))

    return __getattr__, __dir__
