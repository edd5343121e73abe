"""One base class for every rule set: riichi :class:`~mahjong_fast.RuleSet`,
:class:`~mahjong_fast.MatchRules` and :class:`~mahjong_fast.taiwan.TaiwanRules`.

A rule set is a core struct (an instance of the ``_core`` class the subclass names)
plus the preset it starts from. The options, their kinds, allowed values, defaults,
docs and the presets are the core's metadata, read once when the subclass is made:
each option becomes a read-only attribute, and every value is checked by the core
(messages name the option and what it allows). What this class adds is the Python
side of it: construction from a preset, a dict or a TOML file, :meth:`~RuleSetBase.replace`,
equality and hashing by options, pickling, TOML output and a repr naming only what
differs from the preset. ``load`` is what every API taking ``rules=`` calls.

Example:
    >>> from mahjong_fast import RuleSet
    >>> r = RuleSet.preset("tenhou").replace(kiriage_mangan=True)
    >>> r
    RuleSet('tenhou', kiriage_mangan=True)
    >>> RuleSet.from_toml_text(r.to_toml()) == r
    True
"""

from __future__ import annotations

import os
from typing import Any, ClassVar, Dict, List, Mapping, Optional, Tuple, Type, TypeVar, Union

from mahjong_fast._core import InvalidRuleError
from mahjong_fast._toml import parse_rule_text, read_rule_table, shown_path

__all__ = ["RuleSetBase", "RulesArg"]

R = TypeVar("R", bound="RuleSetBase")

#: What an API's ``rules=`` takes: a preset name, a rule set, a dict of options, a
#: ``.toml`` path, or None for the default preset.
RulesArg = Union[None, str, "os.PathLike[str]", "RuleSetBase", Mapping[str, Any]]

_QUOTE = 60


def _short(v: Any) -> str:
    """A repr cut short (messages quote a bounded prefix of any input)."""
    try:
        text = repr(v)
    except Exception:  # a repr that fails (a huge int, a broken object)
        text = f"a {type(v).__name__}"
    return text if len(text) <= _QUOTE else text[:_QUOTE] + "..."


def _option_property(name: str, doc: str) -> property:
    def get(self: RuleSetBase) -> Any:
        return self._values[name]

    return property(get, doc=doc)


def _toml_string(s: str) -> str:
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _toml_value(v: Any) -> str:
    if v is None:
        return '"none"'  # TOML has no null; the core reads "none" as no value
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, (tuple, list)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return _toml_string(str(v))


class RuleSetBase:
    """Base of the rule set classes; a subclass names its core class:
    ``class RuleSet(RuleSetBase, core=_core.RiichiRules, toml_table="rules")``.

    Instances are immutable. ``name`` is the preset's name while the options equal the
    preset's, ``<preset>+custom`` once they differ, unless a name is given; ``source``
    likewise. Equality and hashing look at the options only.

    Example:
        >>> from mahjong_fast import MatchRules
        >>> r = MatchRules("tenhou", tobi=False, name="club")
        >>> r, r.name, r.tobi, r == MatchRules.preset("tenhou").replace(tobi=False)
        (MatchRules('tenhou', name='club', tobi=False), 'club', False, True)
    """

    _core_class: ClassVar[Any]
    _toml_table: ClassVar[str]
    _option_table: ClassVar[Tuple[Dict[str, Any], ...]]
    _preset_table: ClassVar[Dict[str, Dict[str, Any]]]
    _preset_values: ClassVar[Dict[str, Dict[str, Any]]]
    _preset_cache: ClassVar[Dict[str, Any]]
    _default_preset: ClassVar[str]

    __slots__ = ("_core", "_values", "_preset", "_given_name", "_given_source")

    _core: Any
    _values: Dict[str, Any]
    _preset: str
    _given_name: Optional[str]
    _given_source: Optional[str]

    def __init_subclass__(cls, core: Any = None, toml_table: str = "rules", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if core is None:
            return
        cls._core_class = core
        cls._toml_table = toml_table
        cls._option_table = tuple(core.option_table())
        cls._preset_table = {p["name"]: p for p in core.preset_table()}
        cls._preset_values = {name: core.preset(name).as_dict() for name in cls._preset_table}
        cls._preset_cache = {}
        cls._default_preset = next(iter(cls._preset_table))
        for o in cls._option_table:
            setattr(cls, o["name"], _option_property(o["name"], o["doc"]))

    # ---- construction ---------------------------------------------------------------

    def __init__(self, preset: Optional[str] = None, /, **options: Any) -> None:
        name = options.pop("name", None)
        source = options.pop("source", None)
        self._setup(preset, options, name, source)

    def _setup(self, preset: Any, options: Mapping[Any, Any], name: Any, source: Any) -> None:
        for label, v in (("name", name), ("source", source)):
            if v is not None and not isinstance(v, str):
                raise InvalidRuleError(f"{label} = {_short(v)}: expected text")
        core = self._core_class(preset, options)  # the core checks the preset and every option
        canonical = self._default_preset if preset is None else self._core_class.preset_name(preset)
        set_ = object.__setattr__
        set_(self, "_core", core)
        set_(self, "_values", core.as_dict())
        set_(self, "_preset", canonical)
        set_(self, "_given_name", name)
        set_(self, "_given_source", source)

    @classmethod
    def _make(cls: Type[R], preset: Any, options: Mapping[Any, Any], name: Any = None, source: Any = None) -> R:
        self = cls.__new__(cls)
        self._setup(preset, options, name, source)
        return self

    @classmethod
    def preset(cls: Type[R], name: str, **overrides: Any) -> R:
        """A named preset, optionally with some options changed.

        Example:
            >>> from mahjong_fast import RuleSet
            >>> RuleSet.preset("tenhou").double_suuankou_tanki
            False
        """
        if overrides:
            return cls(name, **overrides)
        if isinstance(name, str):
            key = cls._core_class.preset_name(name)
            cached = cls._preset_cache.get(key)
            if cached is None:
                cached = cls._preset_cache[key] = cls._make(key, {})
            return cached  # type: ignore[no-any-return]
        return cls._make(name, {})  # the core names the bad preset argument

    @classmethod
    def preset_names(cls) -> List[str]:
        """The presets' names, in documentation order.

        Example:
            >>> from mahjong_fast import MatchRules
            >>> MatchRules.preset_names()[:2]
            ['tenhou', 'tenhou-sanma']
        """
        return list(cls._preset_table)

    @classmethod
    def option_info(cls) -> List[Dict[str, Any]]:
        """The core's metadata of every option: name, type, allowed, default, doc, and
        the kind's parameters (min, max, step, values, names, len).

        Example:
            >>> from mahjong_fast import RuleSet
            >>> [o["allowed"] for o in RuleSet.option_info() if o["name"] == "min_han"]
            ['1-13']
        """
        return [dict(o) for o in cls._option_table]

    @classmethod
    def preset_info(cls) -> List[Dict[str, Any]]:
        """The presets: name, aliases, base (the preset it starts from) and source.

        Example:
            >>> from mahjong_fast import RuleSet
            >>> RuleSet.preset_info()[1]["base"]
            'standard'
        """
        return [dict(p) for p in cls._preset_table.values()]

    @classmethod
    def from_dict(cls: Type[R], data: Mapping[str, Any]) -> R:
        """Options from a mapping; ``preset`` (default: the first preset) gives the
        starting values, ``name`` and ``source`` label the result.

        Example:
            >>> from mahjong_fast import RuleSet
            >>> RuleSet.from_dict({"preset": "tenhou", "renhou": "yakuman"}).renhou
            'yakuman'
        """
        if not isinstance(data, Mapping):
            raise InvalidRuleError(f"{cls.__name__} options = {_short(data)}: expected a mapping of option names to values")
        if len(data) == 1 and isinstance(data.get("preset"), str):
            return cls.preset(data["preset"])  # cached: what most snapshots restore
        data = dict(data)
        preset = data.pop("preset", None)
        name = data.pop("name", None)
        source = data.pop("source", None)
        return cls._make(preset, data, name, source)

    @classmethod
    def from_toml(cls: Type[R], path: Union[str, os.PathLike[str]]) -> R:
        """Options from a TOML file: its top-level keys, or its table named after the
        rule set (``[rules]``, ``[match]``, ``[taiwan]``); ``"none"`` stands for no value.

        Example:
            >>> import os, tempfile
            >>> from mahjong_fast import RuleSet
            >>> p = os.path.join(tempfile.mkdtemp(), "r.toml")
            >>> _ = open(p, "w").write('preset = "tenhou"\\nkiriage_mangan = true\\n')
            >>> RuleSet.from_toml(p).kiriage_mangan
            True
        """
        data = read_rule_table(path, cls._toml_table)
        try:
            return cls.from_dict(data)
        except InvalidRuleError as e:
            raise InvalidRuleError(f"{shown_path(path)}: {e}") from None

    @classmethod
    def from_toml_text(cls: Type[R], text: str) -> R:
        """Options from TOML text (what :meth:`to_toml` writes).

        Example:
            >>> from mahjong_fast import MatchRules
            >>> MatchRules.from_toml_text('preset = "tenhou"\\ntobi = false\\n').tobi
            False
        """
        return cls.from_dict(parse_rule_text(text, cls._toml_table))

    @classmethod
    def load(cls: Type[R], rules: RulesArg) -> R:
        """What every ``rules=`` argument takes: a preset name, an instance, a dict of
        options, a ``.toml`` path (text ending ``.toml`` or a path object), or None
        (the default preset).

        Example:
            >>> from mahjong_fast import RuleSet
            >>> RuleSet.load({"preset": "standard", "min_han": 2}).min_han
            2
        """
        if rules is None:
            return cls.preset(cls._default_preset)
        if isinstance(rules, cls):
            return rules
        if isinstance(rules, cls._core_class):
            return cls.from_dict(rules.as_dict())
        if isinstance(rules, os.PathLike) or (isinstance(rules, str) and rules.lower().endswith(".toml")):
            return cls.from_toml(rules)
        if isinstance(rules, str):
            return cls.preset(rules)
        if isinstance(rules, Mapping):
            return cls.from_dict(rules)
        raise InvalidRuleError(
            f"rules = {_short(rules)}: expected a preset name ({', '.join(cls._preset_table)}), "
            f"a {cls.__name__}, a dict of options or a .toml path"
        )

    def replace(self: R, **changes: Any) -> R:
        """A copy with some options changed (checked by the core); ``name`` and
        ``source`` may be given too.

        Example:
            >>> from mahjong_fast import RuleSet
            >>> r = RuleSet.preset("standard").replace(min_han=2)
            >>> r.min_han, r.name
            (2, 'standard+custom')
        """
        name = changes.pop("name", self._given_name)
        source = changes.pop("source", self._given_source)
        return type(self)._make(self._preset, {**self._values, **changes}, name, source)

    # ---- views ----------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The given name, else the preset's (``<preset>+custom`` once options differ)."""
        if self._given_name is not None:
            return self._given_name
        return self._preset if self.is_preset() else f"{self._preset}+custom"

    @property
    def source(self) -> str:
        """Where the values come from: the given text, else the preset's source while
        the options equal it."""
        if self._given_source is not None:
            return self._given_source
        return str(self._preset_table[self._preset]["source"]) if self.is_preset() else ""

    @property
    def base(self) -> str:
        """The preset this rule set starts from."""
        return self._preset

    @property
    def core(self) -> Any:
        """The core struct passed to the Rust code."""
        return self._core

    def is_preset(self) -> bool:
        """True when every option equals the starting preset's."""
        return self._values == self._preset_values[self._preset]

    def changes(self) -> Dict[str, Any]:
        """The options that differ from the starting preset.

        Example:
            >>> from mahjong_fast import RuleSet
            >>> RuleSet.preset("tenhou").replace(min_han=2, red_fives=True).changes()
            {'min_han': 2}
        """
        base = self._preset_values[self._preset]
        return {k: v for k, v in self._values.items() if base[k] != v}

    def options(self) -> Dict[str, Any]:
        """Every option and its value (what the core holds), in declaration order.

        Example:
            >>> from mahjong_fast import RuleSet
            >>> RuleSet.preset("tenhou").options()["double_wind_pair_fu"]
            4
        """
        return dict(self._values)

    def to_dict(self) -> Dict[str, Any]:
        """The starting preset, name, source and every option (``from_dict`` reads it
        back to an equal rule set).

        Example:
            >>> from mahjong_fast import RuleSet
            >>> d = RuleSet.preset("standard").to_dict()
            >>> d["preset"], d["name"], RuleSet.from_dict(d) == RuleSet.preset("standard")
            ('standard', 'standard', True)
        """
        # Tuples (uma) become lists: the dict is what JSON gives back, so it compares equal.
        values = {k: list(v) if isinstance(v, tuple) else v for k, v in self._values.items()}
        return {"preset": self._preset, "name": self.name, "source": self.source, **values}

    def compact_dict(self) -> Dict[str, Any]:
        """The starting preset, only the options that differ from it, and the name and
        source when they were given (``from_dict`` reads it back to an equal rule set):
        the short form a match snapshot carries.

        Example:
            >>> from mahjong_fast import MatchRules
            >>> r = MatchRules.preset("tenhou").replace(tobi=False)
            >>> r.compact_dict(), MatchRules.from_dict(r.compact_dict()) == r
            ({'preset': 'tenhou', 'tobi': False}, True)
        """
        out: Dict[str, Any] = {"preset": self._preset, **self.changes()}
        if self._given_name is not None:
            out["name"] = self._given_name
        if self._given_source is not None:
            out["source"] = self._given_source
        return out

    def to_toml(self) -> str:
        """The rule set as TOML text: the preset, the name, any given source, then every
        option with its doc and allowed values as a comment (``from_toml`` reads it back
        to an equal rule set).

        Example:
            >>> from mahjong_fast import MatchRules
            >>> print(MatchRules.preset("tenhou").to_toml().splitlines()[1])
            preset = "tenhou"
        """
        lines = [f"# {type(self).__name__} options (mahjong_fast); every option is listed, the preset's values unless changed", f"preset = {_toml_string(self._preset)}"]
        lines.append(f"name = {_toml_string(self.name)}")
        if self._given_source is not None:
            lines.append(f"source = {_toml_string(self._given_source)}")
        for o in self._option_table:
            lines.append(f"# {o['doc']} ({o['allowed']})")
            lines.append(f"{o['name']} = {_toml_value(self._values[o['name']])}")
        return "\n".join(lines) + "\n"

    # ---- value semantics ------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values == other._values  # type: ignore[attr-defined,no-any-return]

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self._values.items())))

    def __repr__(self) -> str:
        parts = [repr(self._preset)]
        if self._given_name is not None:
            parts.append(f"name={self._given_name!r}")
        parts += [f"{k}={v!r}" for k, v in self.changes().items()]
        return f"{type(self).__name__}({', '.join(parts)})"

    def __reduce__(self) -> Any:
        # By preset and changed options: the core struct is rebuilt and revalidated.
        return (type(self)._make, (self._preset, self.changes(), self._given_name, self._given_source))

    def __copy__(self: R) -> R:
        return self

    def __deepcopy__(self: R, memo: Any) -> R:
        return self

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable: use replace({key}=...)")

    def __delattr__(self, key: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")
