//! JSON text of values, the one writer of it: strings with the
//! reference's escapes, and a wholly known value compact as go-cty's
//! `ctyjson.Marshal` writes it (what `jsonencode`, `format("%v")`, `hcl
//! dec` and `json::write_value` print), with one wording for each value
//! that has no JSON text ([`NoJsonText`]).
//!
//! spec: json#strings, json#objects, json#arrays

use crate::convert::PathStep;
use crate::diagnostic::quoted;
use crate::meter::{Meter, StepLimitReached};
use crate::value::{Value, ValueRef};
use std::fmt;
use std::sync::Arc;

/// Appends `s` as a JSON string literal: `\"`, `\\`, `\n`, `\r` and `\t`
/// by name, other control characters as `\u` escapes, and with
/// `html_safe` also `<`, `>`, `&`, U+2028 and U+2029 (as the reference's
/// `jsonencode` writes them); everything else as it is. The one home of
/// JSON string writing.
pub(crate) fn json_string(s: &str, html_safe: bool, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0}'..='\u{1f}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' if html_safe => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Why a value has no JSON text: the one wording of each case, for every
/// writer of JSON text (go-cty's where it has one).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoJsonText {
    /// An unknown value: only known values have text.
    Unknown,
    /// An infinite number: JSON has no number for it.
    Infinity,
    /// A capsule value (of the type so named): its type is the
    /// application's own.
    Capsule(String),
    /// The step limit ran out while writing.
    StepLimit,
}

impl fmt::Display for NoJsonText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoJsonText::Unknown => f.write_str("value is not known"),
            NoJsonText::Infinity => f.write_str("cannot serialize infinity as JSON"),
            NoJsonText::Capsule(name) => write!(f, "a value of the capsule type {} has no JSON form", quoted(name)),
            NoJsonText::StepLimit => StepLimitReached.fmt(f),
        }
    }
}

impl std::error::Error for NoJsonText {}

impl From<StepLimitReached> for NoJsonText {
    fn from(_: StepLimitReached) -> Self {
        NoJsonText::StepLimit
    }
}

/// Why the part `v` itself (not its parts) has no JSON text, if it has none.
fn no_text(v: &Value) -> Option<NoJsonText> {
    match v.kind() {
        ValueRef::Unknown(_) => Some(NoJsonText::Unknown),
        ValueRef::Number(n) if n.is_infinite() => Some(NoJsonText::Infinity),
        ValueRef::Capsule(c) => Some(NoJsonText::Capsule(c.capsule_type().name().to_string())),
        _ => None,
    }
}

/// The first part of `v`, depth first, that has no JSON text: the path to
/// it and why (what [`value_text`] stops at).
// `json::write_value` (feature `json`) is its one caller outside the tests
#[cfg_attr(not(feature = "json"), allow(dead_code))]
pub(crate) fn first_without_text(v: &Value) -> Option<(Vec<PathStep>, NoJsonText)> {
    // an explicit stack of (path length, part), so any depth is fine
    let mut path: Vec<PathStep> = Vec::new();
    let mut todo: Vec<(usize, Option<PathStep>, &Value)> = vec![(0, None, v)];
    while let Some((depth, step, part)) = todo.pop() {
        path.truncate(depth);
        path.extend(step);
        if let Some(why) = no_text(part) {
            return Some((path, why));
        }
        let depth = path.len();
        match part.kind() {
            ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => todo.extend(
                items
                    .iter()
                    .enumerate()
                    .rev()
                    .map(|(i, x)| (depth, Some(PathStep::Index(i)), x)),
            ),
            ValueRef::Map(entries) | ValueRef::Object(entries) => todo.extend(
                entries
                    .iter()
                    .rev()
                    .map(|(k, x)| (depth, Some(PathStep::Key(k.clone())), x)),
            ),
            _ => {}
        }
    }
    None
}

/// Appends the JSON text of `v` to `out`: compact, object attributes and
/// map keys in byte order (the order values keep them in), numbers at full
/// precision in their canonical form, strings with [`json_string`]'s
/// escapes (`html_safe`). With `drop_nulls`, object and map entries whose
/// value is null are left out (as `hcldec` does without `--keep-nulls`).
/// What is written counts against `m` (a string or list shared many times
/// is written as many times).
///
/// The walk keeps its own stack of open collections rather than
/// recursing, and a collection is on that stack only while it has items
/// left after the one being written: when its last item starts, only its
/// closing bracket waits, one byte in `closers`. A value nested 100,000
/// deep in one-item tuples keeps 100 KB of pending brackets and no frames.
pub(crate) fn value_text(v: &Value, drop_nulls: bool, out: &mut String, m: &Meter) -> Result<(), NoJsonText> {
    /// The items of an open array or object after the one being written.
    enum Rest<'v> {
        Array(std::slice::Iter<'v, Value>),
        Object(std::slice::Iter<'v, (Arc<str>, Value)>),
    }
    impl Rest<'_> {
        fn len(&self) -> usize {
            match self {
                Rest::Array(items) => items.len(),
                Rest::Object(entries) => entries.len(),
            }
        }
    }
    /// An open collection: its remaining items, its closing bracket, and
    /// how many of `closers` were pending when it opened.
    struct Open<'v> {
        rest: Rest<'v>,
        close: u8,
        closers: usize,
    }
    /// A collection whose first item is about to be written: open while
    /// it has more, otherwise only its bracket waits.
    fn enter<'v>(open: &mut Vec<Open<'v>>, closers: &mut Vec<u8>, rest: Rest<'v>, close: u8) {
        if rest.len() == 0 {
            closers.push(close);
        } else {
            let closers_before = closers.len();
            open.push(Open {
                rest,
                close,
                closers: closers_before,
            });
        }
    }
    /// The next entry of `entries` that is written (with `drop_nulls`,
    /// not a null).
    fn next_entry<'v>(
        entries: &mut std::slice::Iter<'v, (Arc<str>, Value)>,
        drop_nulls: bool,
    ) -> Option<&'v (Arc<str>, Value)> {
        entries.find(|(_, x)| !(drop_nulls && x.is_null()))
    }
    /// `entries` without the leading nulls that `drop_nulls` leaves out,
    /// and without trailing ones (so that "has more" means "writes more").
    fn kept(entries: &[(Arc<str>, Value)], drop_nulls: bool) -> &[(Arc<str>, Value)] {
        if !drop_nulls {
            return entries;
        }
        let end = entries.iter().rposition(|(_, x)| !x.is_null()).map_or(0, |k| k + 1);
        &entries[..end]
    }
    let mut open: Vec<Open<'_>> = Vec::new();
    let mut closers: Vec<u8> = Vec::new();
    let mut next = Some(v);
    while let Some(mut v) = next.take() {
        // Write `v`, descending into each collection's first item.
        loop {
            match v.kind() {
                ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
                    m.spend(items.len() as u64)?;
                    out.push('[');
                    let Some((first, rest)) = items.split_first() else {
                        out.push(']');
                        break;
                    };
                    enter(&mut open, &mut closers, Rest::Array(rest.iter()), b']');
                    v = first;
                }
                ValueRef::Map(entries) | ValueRef::Object(entries) => {
                    m.spend(entries.len() as u64)?;
                    out.push('{');
                    let mut entries = kept(entries, drop_nulls).iter();
                    let Some((key, first)) = next_entry(&mut entries, drop_nulls) else {
                        out.push('}');
                        break;
                    };
                    enter(&mut open, &mut closers, Rest::Object(entries), b'}');
                    json_string(key, true, out);
                    out.push(':');
                    v = first;
                }
                ValueRef::Null(_) => {
                    out.push_str("null");
                    break;
                }
                ValueRef::Bool(b) => {
                    out.push_str(if b { "true" } else { "false" });
                    break;
                }
                ValueRef::Number(n) if !n.is_infinite() => {
                    // (a fraction takes work to print: Number::print_work)
                    m.walk(n.print_work());
                    out.push_str(&n.to_string());
                    break;
                }
                ValueRef::String(s) => {
                    m.spend_bytes(s.len())?;
                    json_string(s, true, out);
                    break;
                }
                _ => return Err(no_text(v).unwrap_or(NoJsonText::Unknown)),
            }
        }
        // `v` is written: close what was finished inside the collection
        // now on top (inside none, at the end), innermost first.
        let mark = open.last().map_or(0, |o| o.closers);
        if closers.len() > mark {
            out.extend(closers.drain(mark..).rev().map(char::from));
        }
        // Then its next item, which has at least one.
        let Some(top) = open.last_mut() else {
            break;
        };
        out.push(',');
        next = match &mut top.rest {
            Rest::Array(items) => items.next(),
            Rest::Object(entries) => next_entry(entries, drop_nulls).map(|(key, item)| {
                json_string(key, true, out);
                out.push(':');
                item
            }),
        };
        if top.rest.len() == 0 {
            closers.push(top.close);
            open.pop();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Type;

    fn text(v: &Value, drop_nulls: bool) -> Result<String, NoJsonText> {
        let mut out = String::new();
        value_text(v, drop_nulls, &mut out, &Meter::unlimited()).map(|()| out)
    }

    #[test]
    fn nulls_are_dropped_anywhere_in_an_object() {
        let n = || Value::null(Type::String);
        let v = Value::object([
            ("a", n()),
            ("b", Value::from(1)),
            ("c", n()),
            ("d", Value::from(2)),
            ("e", n()),
        ]);
        assert_eq!(text(&v, true).unwrap(), r#"{"b":1,"d":2}"#);
        assert_eq!(text(&v, false).unwrap(), r#"{"a":null,"b":1,"c":null,"d":2,"e":null}"#);
        let only = Value::object([("a", n())]);
        assert_eq!(text(&Value::tuple(vec![only.clone(), only]), true).unwrap(), "[{},{}]");
    }

    #[test]
    fn one_wording_for_each_value_without_text_and_where_it_is() {
        let v = Value::object([(
            "a",
            Value::tuple(vec![
                Value::from(1),
                Value::number(crate::number::Number::POSITIVE_INFINITY),
            ]),
        )]);
        assert_eq!(text(&v, false), Err(NoJsonText::Infinity));
        assert_eq!(NoJsonText::Infinity.to_string(), "cannot serialize infinity as JSON");
        let (path, why) = first_without_text(&v).unwrap();
        assert_eq!(
            (path, why),
            (
                vec![PathStep::Key("a".into()), PathStep::Index(1)],
                NoJsonText::Infinity
            )
        );
        let u = Value::tuple(vec![Value::from("<&>"), Value::unknown(Type::Bool)]);
        assert_eq!(text(&u, false), Err(NoJsonText::Unknown));
        assert_eq!(first_without_text(&u).map(|(p, _)| p), Some(vec![PathStep::Index(1)]));
        assert_eq!(
            text(&Value::tuple(vec![Value::from("<&>")]), false).unwrap(),
            r#"["\u003c\u0026\u003e"]"#
        );
    }
}
