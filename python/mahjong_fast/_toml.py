"""Reading rule files: one TOML loader for every rule set (riichi scoring, match flow).

Python 3.11 has ``tomllib``; older Pythons need the ``tomli`` package, which is not a
runtime dependency, so its absence is reported as a rule error only when a file is read.
"""

from pathlib import Path
from typing import Any, Dict, Union

from mahjong_fast._core import InvalidRuleError


def read_rule_table(path: Union[str, Path], table: str) -> Dict[str, Any]:
    """The options in a TOML file: its ``[table]`` if present, else its top-level keys.

    Errors (missing file, bad TOML, no TOML reader) raise InvalidRuleError naming the file.

    Example:
        >>> import tempfile, os
        >>> p = os.path.join(tempfile.mkdtemp(), "r.toml")
        >>> _ = open(p, "w").write('[rules]\\nmin_han = 2\\n')
        >>> read_rule_table(p, "rules")
        {'min_han': 2}
    """
    try:
        import tomllib  # type: ignore[import-not-found]
    except ModuleNotFoundError:  # Python < 3.11
        try:
            import tomli as tomllib  # type: ignore[import-not-found,no-redef]
        except ModuleNotFoundError:
            raise InvalidRuleError("reading TOML needs Python 3.11+ or the 'tomli' package") from None
    try:
        with open(path, "rb") as fh:
            data: Dict[str, Any] = tomllib.load(fh)
    except OSError as e:
        raise InvalidRuleError(f"{path}: cannot read rule file: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise InvalidRuleError(f"{path}: not valid TOML: {e}") from None
    section = data.get(table)
    return section if isinstance(section, dict) else data
