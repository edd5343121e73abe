//! Rule sets as data: each option of a rule set is declared once, in
//! [`rule_options!`], with its field, type, allowed values, default and one-line doc;
//! presets are named values declared once in [`rule_presets!`]. From the two come the
//! plain struct the hot paths read (no maps, no strings), the metadata table
//! ([`Declared::OPTIONS`]), get and set by name with one value type ([`Value`]),
//! and per-option validation whose messages name the option and the allowed values
//! as people read them (`1-13`, `2 or 4`). Checks that involve several options stay
//! in each rule set's [`RuleSet::check_combination`].
//!
//! Bindings convert their values to [`Value`] and back and read the metadata; they
//! hold no list of options of their own.

use crate::error::{Error, Result};
use std::fmt;

/// A rule option's value as configuration files and bindings write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Text(String),
    /// No value (no time limit).
    None,
    List(Vec<Value>),
    /// Anything else a caller passed (a fraction, a mapping, an integer too large for
    /// 64 bits...), as the caller writes it: no option takes it.
    Other(String),
}

/// Longest text a message quotes before cutting it short.
const QUOTE_CHARS: usize = 40;

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Text(t) if t.chars().count() > QUOTE_CHARS => {
                let cut: String = t.chars().take(QUOTE_CHARS).collect();
                write!(f, "{:?}...", cut)
            }
            Value::Text(t) => write!(f, "{t:?}"),
            Value::None => write!(f, "none"),
            Value::List(items) => {
                write!(f, "[")?;
                for (i, v) in items.iter().enumerate() {
                    if i == 8 {
                        return write!(f, ", ...]");
                    }
                    write!(f, "{}{v}", if i > 0 { ", " } else { "" })?;
                }
                write!(f, "]")
            }
            Value::Other(t) if t.chars().count() > QUOTE_CHARS => {
                let cut: String = t.chars().take(QUOTE_CHARS).collect();
                write!(f, "{cut}...")
            }
            Value::Other(t) => write!(f, "{t}"),
        }
    }
}

/// What values an option takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// True or false.
    Bool,
    /// An integer in `min..=max` that is a multiple of `step`.
    Int { min: i64, max: i64, step: i64 },
    /// One of a few integers.
    OneOf(&'static [i64]),
    /// One of these names.
    Name(&'static [&'static str]),
    /// One of these names, or an integer in `min..=max`.
    NameOrInt { names: &'static [&'static str], min: i64, max: i64 },
    /// No value ([`Value::None`], or the text `"none"` where a format has no null),
    /// or an integer in `min..=max`.
    OptionalInt { min: i64, max: i64 },
    /// Exactly `len` integers, each in `min..=max`.
    Ints { len: usize, min: i64, max: i64 },
}

fn range(min: i64, max: i64) -> String {
    if min >= 0 {
        format!("{min}-{max}")
    } else {
        format!("{min} to {max}")
    }
}

/// "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn quoted(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| format!("{n:?}")).collect()
}

impl Kind {
    /// Any integer of a range.
    pub const fn int(min: i64, max: i64) -> Kind {
        Kind::Int { min, max, step: 1 }
    }

    /// The kind's short type name (`bool`, `int`, `choice`, `name`, `name_or_int`,
    /// `optional_int`, `ints`), what bindings and the docs show.
    pub fn type_name(&self) -> &'static str {
        match self {
            Kind::Bool => "bool",
            Kind::Int { .. } => "int",
            Kind::OneOf(_) => "choice",
            Kind::Name(_) => "name",
            Kind::NameOrInt { .. } => "name_or_int",
            Kind::OptionalInt { .. } => "optional_int",
            Kind::Ints { .. } => "ints",
        }
    }

    /// The allowed values as people read them: `1-13`, `2 or 4`, `"east" or
    /// "east_south"`.
    pub fn allowed(&self) -> String {
        match *self {
            Kind::Bool => "true or false".into(),
            Kind::Int { min, max, step: 1 } => range(min, max),
            Kind::Int { min, max, step } => format!("a multiple of {step} in {}", range(min, max)),
            Kind::OneOf(values) => or_list(&values.iter().map(|v| v.to_string()).collect::<Vec<_>>()),
            Kind::Name(names) => or_list(&quoted(names)),
            Kind::NameOrInt { names, min, max } => {
                let mut items = quoted(names);
                items.push(range(min, max));
                or_list(&items)
            }
            Kind::OptionalInt { min, max } => format!("none or {}", range(min, max)),
            Kind::Ints { len, min, max } => format!("{len} integers, each {}", range(min, max)),
        }
    }

    /// The position of a name among the kind's names.
    pub fn name_index(&self, name: &str) -> Option<usize> {
        match self {
            Kind::Name(names) | Kind::NameOrInt { names, .. } => names.iter().position(|n| *n == name),
            _ => None,
        }
    }

    /// Whether the option takes this value.
    pub fn accepts(&self, v: &Value) -> bool {
        match (*self, v) {
            (Kind::Bool, Value::Bool(_)) => true,
            (Kind::Int { min, max, step }, Value::Int(i)) => (min..=max).contains(i) && i % step == 0,
            (Kind::OneOf(values), Value::Int(i)) => values.contains(i),
            (Kind::Name(_), Value::Text(t)) => self.name_index(t).is_some(),
            (Kind::NameOrInt { .. }, Value::Text(t)) => self.name_index(t).is_some(),
            (Kind::NameOrInt { min, max, .. }, Value::Int(i)) => (min..=max).contains(i),
            (Kind::OptionalInt { .. }, Value::None) => true,
            (Kind::OptionalInt { .. }, Value::Text(t)) => t == "none",
            (Kind::OptionalInt { min, max }, Value::Int(i)) => (min..=max).contains(i),
            (Kind::Ints { len, min, max }, Value::List(items)) => {
                items.len() == len && items.iter().all(|x| matches!(x, Value::Int(i) if (min..=max).contains(i)))
            }
            _ => false,
        }
    }
}

/// One option of a rule set.
#[derive(Copy, Clone, Debug)]
pub struct OptionMeta {
    /// The option's name (its field name; rule files and bindings use it).
    pub name: &'static str,
    pub kind: Kind,
    raw_doc: &'static str,
}

impl OptionMeta {
    #[doc(hidden)]
    pub const fn new(name: &'static str, kind: Kind, raw_doc: &'static str) -> Self {
        OptionMeta { name, kind, raw_doc }
    }

    /// The one-line doc (the field's doc comment).
    pub fn doc(&self) -> &'static str {
        self.raw_doc.trim()
    }
}

/// A named value of a rule set: the values of `base` with some options changed.
#[derive(Clone, Debug)]
pub struct Preset<R: 'static> {
    pub name: &'static str,
    /// Other names that select it.
    pub aliases: &'static [&'static str],
    /// The Rust const holding it, and the const it starts from (`None`: the declared
    /// defaults); [`RuleSet::base_of`] gives the base preset's name.
    pub konst: &'static str,
    pub base_konst: Option<&'static str>,
    /// Where its values come from.
    pub source: &'static str,
    pub rules: R,
}

/// A field type of a rule set, converted to and from [`Value`]. `from_value` may
/// assume the option's kind has accepted the value.
pub trait OptionValue: Sized {
    fn to_value(&self) -> Value;
    fn from_value(v: &Value, kind: &Kind) -> Option<Self>;
}

impl OptionValue for bool {
    fn to_value(&self) -> Value {
        Value::Bool(*self)
    }
    fn from_value(v: &Value, _: &Kind) -> Option<Self> {
        match v {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
}

macro_rules! int_option_value {
    ($($t:ty),+) => {$(
        impl OptionValue for $t {
            fn to_value(&self) -> Value {
                Value::Int(*self as i64)
            }
            fn from_value(v: &Value, _: &Kind) -> Option<Self> {
                match v {
                    Value::Int(i) => <$t>::try_from(*i).ok(),
                    _ => None,
                }
            }
        }
    )+};
}
int_option_value!(u8, u16, u32, i32);

impl OptionValue for Option<u32> {
    fn to_value(&self) -> Value {
        match self {
            Some(m) => Value::Int(*m as i64),
            None => Value::None,
        }
    }
    fn from_value(v: &Value, kind: &Kind) -> Option<Self> {
        match v {
            Value::None => Some(None),
            Value::Text(t) if t == "none" => Some(None),
            _ => u32::from_value(v, kind).map(Some),
        }
    }
}

impl<const N: usize> OptionValue for [i32; N] {
    fn to_value(&self) -> Value {
        Value::List(self.iter().map(|x| Value::Int(*x as i64)).collect())
    }
    fn from_value(v: &Value, kind: &Kind) -> Option<Self> {
        let Value::List(items) = v else { return None };
        let mut out = [0i32; N];
        if items.len() != N {
            return None;
        }
        for (o, x) in out.iter_mut().zip(items) {
            *o = i32::from_value(x, kind)?;
        }
        Some(out)
    }
}

/// A name chosen from the option's names (the scoring preset a match pairs with).
impl OptionValue for &'static str {
    fn to_value(&self) -> Value {
        Value::Text((*self).to_owned())
    }
    fn from_value(v: &Value, kind: &Kind) -> Option<Self> {
        let (Value::Text(t), Kind::Name(names)) = (v, kind) else { return None };
        names.iter().find(|n| **n == t.as_str()).copied()
    }
}

/// An enum whose variants are an option's names, in declaration order: gives it
/// `NAMES`, `KIND`, `name()` and the [`OptionValue`] conversion.
#[macro_export]
macro_rules! named_enum {
    ($ty:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value's configuration name, in declaration order.
            pub const NAMES: &'static [&'static str] = &[$($name),+];
            /// The option kind: one of [`Self::NAMES`].
            pub const KIND: $crate::options::Kind = $crate::options::Kind::Name(Self::NAMES);
            /// This value's configuration name.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }
        impl $crate::options::OptionValue for $ty {
            fn to_value(&self) -> $crate::options::Value {
                $crate::options::Value::Text(self.name().to_owned())
            }
            fn from_value(v: &$crate::options::Value, _: &$crate::options::Kind) -> Option<Self> {
                match v {
                    $($crate::options::Value::Text(t) if t == $name => Some($ty::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

/// Declares a rule set's struct and its metadata from one entry per option:
///
/// ```text
/// rule_options! {
///     /// struct docs
///     #[derive(...)]
///     pub struct Rules ("riichi scoring") {
///         /// One-line doc.
///         field: Type = default, Kind;
///     }
/// }
/// ```
///
/// The struct gets `DEFAULTS` (the declared defaults) and a [`Declared`] impl.
#[macro_export]
macro_rules! rule_options {
    (
        $(#[$meta:meta])*
        pub struct $name:ident ($label:literal) {
            $(
                $(#[doc = $doc:literal])+
                $field:ident : $ty:ty = $default:expr, $kind:expr;
            )+
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $( $(#[doc = $doc])+ pub $field: $ty, )+
        }

        impl $name {
            /// Every option at its declared default.
            pub const DEFAULTS: $name = $name { $($field: $default),+ };
        }

        impl $crate::options::Declared for $name {
            const LABEL: &'static str = $label;
            const OPTIONS: &'static [$crate::options::OptionMeta] =
                &[$($crate::options::OptionMeta::new(stringify!($field), $kind, concat!($($doc),+))),+];

            fn get(&self, name: &str) -> Option<$crate::options::Value> {
                match name {
                    $(stringify!($field) => Some($crate::options::OptionValue::to_value(&self.$field)),)+
                    _ => None,
                }
            }

            fn put(&mut self, name: &str, v: &$crate::options::Value) -> bool {
                match name {
                    $(stringify!($field) => match $crate::options::OptionValue::from_value(v, &$kind) {
                        Some(x) => {
                            self.$field = x;
                            true
                        }
                        None => false,
                    },)+
                    _ => false,
                }
            }
        }
    };
}

/// Declares a rule set's presets, each as a const of the struct and an entry of
/// `PRESETS` / `PRESET_NAMES`. The first starts from `DEFAULTS`, every other from an
/// earlier preset:
///
/// ```text
/// rule_presets! { Rules:
///     /// docs
///     STANDARD = "standard" [aliases], from DEFAULTS, "source" {};
///     TENHOU = "tenhou" [], from STANDARD, "source" { option: value, ... };
/// }
/// ```
#[macro_export]
macro_rules! rule_presets {
    (
        $ty:ident :
        $(
            $(#[$meta:meta])*
            $konst:ident = $pname:literal [$($alias:literal),*], from $base:ident, $source:literal
                { $($field:ident : $value:expr),* $(,)? };
        )+
    ) => {
        impl $ty {
            $(
                $(#[$meta])*
                pub const $konst: $ty = $ty { $($field: $value,)* ..$ty::$base };
            )+

            /// Every preset, in documentation order.
            pub const PRESETS: &'static [$crate::options::Preset<$ty>] = &[$(
                $crate::options::Preset {
                    name: $pname,
                    aliases: &[$($alias),*],
                    konst: stringify!($konst),
                    base_konst: $crate::rule_presets!(@base $base),
                    source: $source,
                    rules: $ty::$konst,
                }
            ),+];

            /// The presets' names, in documentation order.
            pub const PRESET_NAMES: &'static [&'static str] = &[$($pname),+];
        }
    };
    (@base DEFAULTS) => { None };
    (@base $base:ident) => { Some(stringify!($base)) };
}

/// What [`rule_options!`] generates: the metadata and get / set by name.
pub trait Declared: Sized {
    /// What the rule set is called in messages ("riichi scoring", "match", "taiwan").
    const LABEL: &'static str;
    /// Every option, in declaration order.
    const OPTIONS: &'static [OptionMeta];
    /// An option's value, or `None` for an unknown name.
    fn get(&self, name: &str) -> Option<Value>;
    /// Set an option from a value its kind accepted; false if the name is unknown.
    fn put(&mut self, name: &str, v: &Value) -> bool;
}

/// Preset names are matched without regard to case, `_` or `-`.
fn same_name(a: &str, b: &str) -> bool {
    let fold = |c: u8| if c == b'_' { b'-' } else { c.to_ascii_lowercase() };
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| fold(x) == fold(y))
}

/// A rule set: metadata, presets and the checks across options; everything else is
/// provided from them.
pub trait RuleSet: Declared + Clone + 'static {
    /// The presets (the `PRESETS` of [`rule_presets!`]).
    fn presets() -> &'static [Preset<Self>];

    /// Contradictions between options (each option alone has passed its kind).
    fn check_combination(&self) -> Result<()>;

    /// An option's metadata by name.
    fn option(name: &str) -> Option<&'static OptionMeta> {
        Self::OPTIONS.iter().find(|o| o.name == name)
    }

    /// A preset's entry by its name or an alias (any case, `_` for `-`).
    fn preset_entry(name: &str) -> Result<&'static Preset<Self>> {
        // Compared byte by byte (no normalized copies: a `rules="tenhou"` argument is read
        // on every scalar call).
        Self::presets()
            .iter()
            .find(|p| same_name(p.name, name) || p.aliases.iter().any(|a| same_name(a, name)))
            .ok_or_else(|| {
                let known: Vec<&str> = Self::presets().iter().map(|p| p.name).collect();
                Error::InvalidRule(format!(
                    "unknown rule preset {} for the {} rules (known: {})",
                    Value::Text(name.to_owned()),
                    Self::LABEL,
                    known.join(", ")
                ))
            })
    }

    /// The name of the preset a preset starts from (`None`: the declared defaults).
    fn base_of(p: &Preset<Self>) -> Option<&'static str> {
        let b = p.base_konst?;
        Self::presets().iter().find(|q| q.konst == b).map(|q| q.name)
    }

    /// A preset's values by name.
    fn preset(name: &str) -> Result<Self> {
        Self::preset_entry(name).map(|p| p.rules.clone())
    }

    /// Set one option by name: unknown names and values outside the option's kind
    /// are `InvalidRule` errors naming the option and what it allows.
    fn set(&mut self, name: &str, v: &Value) -> Result<()> {
        let Some(meta) = Self::option(name) else {
            let known: Vec<&str> = Self::OPTIONS.iter().map(|o| o.name).collect();
            return Err(Error::InvalidRule(format!(
                "unknown rule option {} for the {} rules (known: {})",
                Value::Text(name.to_owned()),
                Self::LABEL,
                known.join(", ")
            )));
        };
        if !meta.kind.accepts(v) || !self.put(name, v) {
            return Err(Error::InvalidRule(format!("{name} = {v}: expected {}", meta.kind.allowed())));
        }
        Ok(())
    }

    /// Every option and its value, in declaration order.
    fn values(&self) -> Vec<(&'static str, Value)> {
        Self::OPTIONS.iter().map(|o| (o.name, self.get(o.name).unwrap_or(Value::None))).collect()
    }

    /// A preset with options changed by name, validated.
    fn with_options<'a>(preset: &str, options: impl IntoIterator<Item = (&'a str, Value)>) -> Result<Self> {
        let mut r = Self::preset(preset)?;
        for (k, v) in options {
            r.set(k, &v)?;
        }
        r.validate()?;
        Ok(r)
    }

    /// Check every option against its kind (a struct built field by field may hold
    /// anything its types allow), then the combination.
    fn validate(&self) -> Result<()> {
        for o in Self::OPTIONS {
            let v = self.get(o.name).unwrap_or(Value::None);
            if !o.kind.accepts(&v) {
                return Err(Error::InvalidRule(format!("{} = {v}: expected {}", o.name, o.kind.allowed())));
            }
        }
        self.check_combination()
    }
}

/// Test helpers shared by the rule sets' tests.
#[cfg(test)]
pub(crate) mod checks {
    use super::*;

    /// Every preset validates, starts from an earlier one, and every extreme value
    /// each kind allows fits the field (set and read back unchanged).
    pub fn rule_set_is_consistent<R: RuleSet + PartialEq + fmt::Debug>() {
        let presets = R::presets();
        assert!(presets[0].base_konst.is_none());
        for (i, p) in presets.iter().enumerate() {
            p.rules.validate().unwrap_or_else(|e| panic!("{}: {e:?}", p.name));
            if i > 0 {
                let b = R::base_of(p).unwrap_or_else(|| panic!("{} has no base", p.name));
                assert!(presets[..i].iter().any(|q| q.name == b), "{} starts from a later preset", p.name);
            }
            assert_eq!(R::preset(p.name).as_ref(), Ok(&p.rules));
        }
        for o in R::OPTIONS {
            assert!(!o.doc().is_empty(), "{} has no doc", o.name);
            let samples: Vec<Value> = match o.kind {
                Kind::Bool => vec![Value::Bool(false), Value::Bool(true)],
                Kind::Int { min, max, step } => vec![Value::Int(min), Value::Int(max - max % step)],
                Kind::OneOf(v) => v.iter().map(|x| Value::Int(*x)).collect(),
                Kind::Name(n) => n.iter().map(|x| Value::Text(x.to_string())).collect(),
                Kind::NameOrInt { names, min, max } => {
                    let mut v: Vec<Value> = names.iter().map(|x| Value::Text(x.to_string())).collect();
                    v.extend([Value::Int(min), Value::Int(max)]);
                    v
                }
                Kind::OptionalInt { min, max } => vec![Value::None, Value::Int(min), Value::Int(max)],
                Kind::Ints { len, min, max } => {
                    vec![Value::List(vec![Value::Int(min); len]), Value::List(vec![Value::Int(max); len])]
                }
            };
            for v in samples {
                let mut r = presets[0].rules.clone();
                r.set(o.name, &v).unwrap_or_else(|e| panic!("{} = {v}: {e:?}", o.name));
                assert_eq!(r.get(o.name), Some(v), "{}", o.name);
            }
            let mut r = presets[0].rules.clone();
            assert!(r.set(o.name, &Value::Other("1.5".into())).is_err());
        }
        let mut r = presets[0].rules.clone();
        let e = r.set("no_such_option", &Value::Bool(true)).unwrap_err();
        assert!(e.message().contains("no_such_option"), "{e:?}");
        assert!(R::preset("no-such-preset").is_err());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_values_read_as_people_write_them() {
        assert_eq!(Kind::int(1, 13).allowed(), "1-13");
        assert_eq!(Kind::int(-5, 5).allowed(), "-5 to 5");
        assert_eq!(Kind::Int { min: 0, max: 3000, step: 3 }.allowed(), "a multiple of 3 in 0-3000");
        assert_eq!(Kind::OneOf(&[2, 4]).allowed(), "2 or 4");
        assert_eq!(Kind::Name(&["a", "b", "c"]).allowed(), "\"a\", \"b\" or \"c\"");
        assert_eq!(
            Kind::NameOrInt { names: &["off", "yakuman"], min: 1, max: 12 }.allowed(),
            "\"off\", \"yakuman\" or 1-12"
        );
        assert_eq!(Kind::OptionalInt { min: 1, max: 10 }.allowed(), "none or 1-10");
        assert_eq!(Kind::Ints { len: 4, min: -1, max: 1 }.allowed(), "4 integers, each -1 to 1");
    }

    #[test]
    fn kinds_accept_exactly_their_values() {
        let k = Kind::Int { min: 0, max: 9, step: 3 };
        assert!(k.accepts(&Value::Int(6)) && !k.accepts(&Value::Int(7)) && !k.accepts(&Value::Int(12)));
        assert!(!k.accepts(&Value::Bool(true)) && !k.accepts(&Value::Other("1.5".into())));
        assert!(!Kind::Bool.accepts(&Value::Int(1)));
        let o = Kind::OptionalInt { min: 1, max: 5 };
        assert!(o.accepts(&Value::None) && o.accepts(&Value::Text("none".into())) && !o.accepts(&Value::Int(0)));
        let l = Kind::Ints { len: 2, min: 0, max: 1 };
        assert!(l.accepts(&Value::List(vec![Value::Int(0), Value::Int(1)])));
        assert!(!l.accepts(&Value::List(vec![Value::Int(0)])) && !l.accepts(&Value::Int(0)));
    }

    #[test]
    fn long_values_are_quoted_short() {
        let long = Value::Text("x".repeat(10_000));
        assert!(long.to_string().len() < 50);
        let list = Value::List(vec![Value::Int(1); 1000]);
        assert!(list.to_string().len() < 40);
    }
}
