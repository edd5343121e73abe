"""Reading rule files: one TOML reader for every rule set (riichi scoring, match, Taiwan).

Python 3.11 has ``tomllib``; older Pythons need the ``tomli`` package, which is not a
runtime dependency, so its absence is reported as a rule error only when a file is read.
Every failure (no file, not UTF-8, not TOML) is an :class:`InvalidRuleError` naming the
file.
"""

import os
from typing import Any, Dict, Union

from mahjong_fast._core import InvalidRuleError


def _tomllib() -> Any:
    try:
        import tomllib  # type: ignore[import-not-found,unused-ignore]
    except ModuleNotFoundError:  # Python < 3.11
        try:
            import tomli as tomllib  # type: ignore[import-not-found,no-redef,unused-ignore]
        except ModuleNotFoundError:
            raise InvalidRuleError("reading TOML needs Python 3.11+ or the 'tomli' package") from None
    return tomllib


def _section(data: Dict[str, Any], table: str) -> Dict[str, Any]:
    section = data.get(table)
    return section if isinstance(section, dict) else data


def parse_rule_text(text: str, table: str, where: str = "rule text") -> Dict[str, Any]:
    """The options in TOML text: its ``[table]`` if present, else its top-level keys.

    Example:
        >>> parse_rule_text('[rules]\\nmin_han = 2\\n', "rules")
        {'min_han': 2}
    """
    if not isinstance(text, str):
        raise InvalidRuleError(f"{where}: expected TOML text (str), got a {type(text).__name__}")
    tomllib = _tomllib()
    try:
        data: Dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InvalidRuleError(f"{where}: not valid TOML: {e}") from None
    return _section(data, table)


def shown_path(path: Any) -> str:
    """A path for a message: whole up to 200 characters, else its last 60 (where the
    file's name is) and its length, so a huge argument never makes a huge message.

    Example:
        >>> shown_path("rules.toml"), shown_path("x" * 300 + "/rules.toml")[-28:]
        ('rules.toml', '/rules.toml (311 characters)')
    """
    t = os.fspath(path) if isinstance(path, (str, os.PathLike)) else repr(path)
    t = t if isinstance(t, str) else repr(t)
    return t if len(t) <= 200 else f"…{t[-60:]} ({len(t)} characters)"


def read_rule_table(path: Union[str, "os.PathLike[str]"], table: str) -> Dict[str, Any]:
    """The options in a TOML file: its ``[table]`` if present, else its top-level keys.

    Example:
        >>> import tempfile, os
        >>> p = os.path.join(tempfile.mkdtemp(), "r.toml")
        >>> _ = open(p, "w").write('[rules]\\nmin_han = 2\\n')
        >>> read_rule_table(p, "rules")
        {'min_han': 2}
    """
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidRuleError(f"rule file {path!r:.60}: expected a path (str or path object)")
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except (OSError, ValueError) as e:  # ValueError: a path with a NUL character
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)[:200]
        raise InvalidRuleError(f"{shown_path(path)}: cannot read rule file: {reason}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InvalidRuleError(
            f"{shown_path(path)}: not UTF-8 text (TOML files are UTF-8): byte 0x{raw[e.start]:02x} at offset {e.start}"
        ) from None
    return parse_rule_text(text, table, shown_path(path))
