//! `jsonencode`, and the JSON text that it and `format`'s `%v` and `%q`
//! produce.

use crate::function::{Function, FunctionError, Parameter};
use crate::meter::Meter;
use crate::value::{Type, Value, ValueRef};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("jsonencode", jsonencode)];

/// `jsonencode(val)`: the value as JSON text. Lists, sets and tuples become
/// arrays, maps and objects become objects with their keys in
/// lexicographic order, null becomes `null`, numbers are written in full
/// without an exponent. The result is unknown while any part of the value
/// is unknown; an infinity cannot be encoded.
pub(super) fn jsonencode() -> Function {
    Function::builder()
        .param(Parameter::new("val", Type::Dynamic).allow_dynamic().allow_null())
        .returns(Type::String)
        .metered_implementation(|args, _, m| {
            let v = &args[0];
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            let mut out = String::new();
            write_json(v, &mut out, m)?;
            Ok(Value::from(out))
        })
}

/// Appends the JSON text of a wholly known value to `out`: compact, with
/// the reference's escapes (see [`write_json_string`]).
///
/// The walk keeps its own stack of open collections rather than
/// recursing, and a collection is on that stack only while it has items
/// left after the one being written: when its last item starts, only its
/// closing bracket waits, one byte in `closers`. A value nested 100,000
/// deep in one-item tuples keeps 100 KB of pending brackets and no frames.
pub(super) fn write_json(v: &Value, out: &mut String, m: &Meter) -> Result<(), FunctionError> {
    use std::sync::Arc;
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
                    let Some(((key, first), rest)) = entries.split_first() else {
                        out.push('}');
                        break;
                    };
                    enter(&mut open, &mut closers, Rest::Object(rest.iter()), b'}');
                    write_json_string(key, out);
                    out.push(':');
                    v = first;
                }
                ValueRef::Null(_) => {
                    out.push_str("null");
                    break;
                }
                ValueRef::Unknown(_) => return Err(FunctionError::new("value is not known")),
                ValueRef::Bool(b) => {
                    out.push_str(if b { "true" } else { "false" });
                    break;
                }
                ValueRef::Number(n) => {
                    if n.is_infinite() {
                        return Err(FunctionError::new("cannot serialize infinity as JSON"));
                    }
                    // (a fraction takes work to print: Number::print_work)
                    m.walk(n.print_work());
                    out.push_str(&n.to_string());
                    break;
                }
                ValueRef::String(s) => {
                    // A value shared many times (a string, a list) is
                    // written as many times: what is written counts
                    // against the step limit.
                    m.spend_bytes(s.len())?;
                    write_json_string(s, out);
                    break;
                }
                ValueRef::Capsule(c) => {
                    return Err(FunctionError::new(format!(
                        "cannot serialize a value of capsule type {} as JSON",
                        c.capsule_type().name()
                    )))
                }
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
            Rest::Object(entries) => entries.next().map(|(key, item)| {
                write_json_string(key, out);
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

/// Appends `s` as a JSON string with the reference's escapes: `\"`, `\\`,
/// `\n`, `\r` and `\t` by name, other control characters, `<`, `>`, `&`,
/// U+2028 and U+2029 as `\u` escapes; everything else as it is.
pub(super) fn write_json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0}'..='\u{1f}' | '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            _ => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_the_reference() {
        let mut out = String::new();
        write_json_string("a\"\\\n\r\t\u{1}\u{8}<>&\u{2028}é/", &mut out);
        assert_eq!(out, r#""a\"\\\n\r\t\u0001\u0008\u003c\u003e\u0026\u2028é/""#);
    }
}
