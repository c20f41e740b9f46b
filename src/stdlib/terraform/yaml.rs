//! Terraform's YAML functions: `yamldecode` and `yamlencode`.
//!
//! `yamldecode` reads YAML through `yaml-rust2`'s event parser, which keeps
//! what the typing of a scalar depends on (its style, its tag) and the
//! anchors, and builds values from the events itself: plain scalars are
//! typed by the YAML 1.2 core schema, quoted and block scalars are
//! strings, explicit `!!` tags are honoured. `yamlencode` writes YAML 1.2
//! block syntax the way Terraform's encoder (go-cty-yaml, on libyaml's
//! emitter) lays it out.

use std::collections::HashMap;

use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::Meter;
use crate::number::Number;
use crate::stdlib::str_arg;
use crate::value::{Type, Value, ValueRef};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("yamldecode", yamldecode), ("yamlencode", yamlencode)];

/// `yamldecode(src)`: the value of one YAML document. A mapping becomes an
/// object (keys are strings: scalar keys of other types are converted to
/// their text, `<<` merges the mappings it names), a sequence a tuple, a
/// plain scalar is typed by the YAML 1.2 core schema (`null`, `~` and
/// nothing are null; `true`, `false`; decimal, `0o` octal and `0x`
/// hexadecimal integers; decimals and `.inf`), other scalars are strings.
/// Explicit tags `!!str`, `!!int`, `!!float`, `!!bool`, `!!null`,
/// `!!timestamp` (RFC 3339 text), `!!binary` (its Base64 text), `!!map`,
/// `!!seq` and `!!merge` are honoured; any other tag, a second document,
/// an alias inside the node its anchor names (a cycle), `.nan` and text
/// that is not YAML are errors. Empty text is null. A repeated key keeps
/// its last value. The result's type depends on the text, so an unknown
/// string gives the dynamic value.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/yamldecode`.
fn yamldecode(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("src", Type::String).allow_dynamic())
        .metered_returns_with(|args, m| {
            if !args[0].is_known() {
                return Ok(Type::Dynamic);
            }
            Ok(decode(str_arg(&args[0])?, m)?.ty())
        })
        .metered_implementation(|args, _, m| decode(str_arg(&args[0])?, m))
}

/// A node being built: a sequence's items, or a mapping's entries and the
/// key read before its value.
enum Open {
    Seq {
        anchor: usize,
        items: Vec<Value>,
    },
    Map {
        anchor: usize,
        entries: Vec<(String, Value)>,
        merged: Vec<(String, Value)>,
        key: Option<Key>,
    },
}

/// A mapping key: its text, or the merge key `<<`.
enum Key {
    Text(String),
    Merge,
}

fn error_at(mark: &Marker, message: impl std::fmt::Display) -> FunctionError {
    FunctionError::new(format!("on line {}, column {}: {message}", mark.line(), mark.col() + 1))
}

/// The value of the one document in `src`.
fn decode(src: &str, m: &Meter) -> Result<Value, FunctionError> {
    let mut parser = Parser::new_from_str(src);
    let mut anchors: HashMap<usize, Value> = HashMap::new();
    let mut open: Vec<Open> = Vec::new();
    let mut open_anchors: Vec<usize> = Vec::new();
    let mut result: Option<Value> = None;
    let mut documents = 0;
    loop {
        let (event, mark) = parser.next_token().map_err(|e| error_at(e.marker(), e.info()))?;
        m.spend(1)?;
        let done = match event {
            Event::StreamStart | Event::Nothing | Event::DocumentEnd => None,
            Event::StreamEnd => break,
            Event::DocumentStart => {
                documents += 1;
                if documents > 1 {
                    return Err(error_at(
                        &mark,
                        "unexpected extra content after value (only one YAML document is allowed)",
                    ));
                }
                None
            }
            Event::Alias(id) => {
                if open_anchors.contains(&id) {
                    return Err(error_at(
                        &mark,
                        "an alias refers to a node that contains it: cyclic structures are not supported",
                    ));
                }
                let v = anchors
                    .get(&id)
                    .cloned()
                    .ok_or_else(|| error_at(&mark, "unknown anchor"))?;
                Some((v, false))
            }
            Event::Scalar(text, style, anchor, tag) => {
                m.spend_bytes(text.len())?;
                let merge_key = style == TScalarStyle::Plain
                    && text == "<<"
                    && tag.as_ref().is_none_or(|t| core_tag(t) == Some("merge"))
                    && matches!(open.last(), Some(Open::Map { key: None, .. }));
                let v = if merge_key {
                    None
                } else {
                    Some(scalar(&text, style, tag.as_ref()).map_err(|e| error_at(&mark, e))?)
                };
                if anchor > 0 {
                    anchors.insert(anchor, v.clone().unwrap_or_else(|| Value::from("<<")));
                }
                match v {
                    Some(v) => Some((v, false)),
                    None => {
                        if let Some(Open::Map { key, .. }) = open.last_mut() {
                            *key = Some(Key::Merge);
                        }
                        None
                    }
                }
            }
            Event::SequenceStart(anchor, tag) => {
                check_collection_tag(tag.as_ref(), "seq").map_err(|e| error_at(&mark, e))?;
                open.push(Open::Seq {
                    anchor,
                    items: Vec::new(),
                });
                open_anchors.push(anchor);
                None
            }
            Event::MappingStart(anchor, tag) => {
                check_collection_tag(tag.as_ref(), "map").map_err(|e| error_at(&mark, e))?;
                open.push(Open::Map {
                    anchor,
                    entries: Vec::new(),
                    merged: Vec::new(),
                    key: None,
                });
                open_anchors.push(anchor);
                None
            }
            Event::SequenceEnd | Event::MappingEnd => {
                open_anchors.pop();
                let (anchor, v) = match open.pop() {
                    Some(Open::Seq { anchor, items }) => (anchor, Value::tuple(items)),
                    Some(Open::Map {
                        anchor,
                        entries,
                        merged,
                        ..
                    }) => (anchor, mapping(entries, merged)),
                    None => return Err(error_at(&mark, "unbalanced collection")),
                };
                if anchor > 0 {
                    anchors.insert(anchor, v.clone());
                }
                Some((v, true))
            }
        };
        let Some((v, _)) = done else { continue };
        match open.last_mut() {
            None => result = Some(v),
            Some(Open::Seq { items, .. }) => items.push(v),
            Some(Open::Map {
                entries, merged, key, ..
            }) => match key.take() {
                None => {
                    *key = Some(Key::Text(key_text(&v).map_err(|e| error_at(&mark, e))?));
                }
                Some(Key::Text(k)) => entries.push((k, v)),
                Some(Key::Merge) => merge_into(merged, &v).map_err(|e| error_at(&mark, e))?,
            },
        }
    }
    Ok(result.unwrap_or_else(|| Value::null(Type::Dynamic)))
}

/// A mapping's object: its own entries (a repeated key: the last), then
/// the merged ones its own keys do not hide.
fn mapping(entries: Vec<(String, Value)>, merged: Vec<(String, Value)>) -> Value {
    let mut attrs: Vec<(String, Value)> = Vec::with_capacity(entries.len() + merged.len());
    for (k, v) in merged.into_iter().chain(entries) {
        // later wins: own entries come after the merged ones
        attrs.retain(|(name, _)| *name != k);
        attrs.push((k, v));
    }
    Value::object(attrs)
}

/// Adds what a `<<` value merges: a mapping's attributes, or those of a
/// sequence of mappings (an earlier one wins).
fn merge_into(merged: &mut Vec<(String, Value)>, v: &Value) -> Result<(), String> {
    let sources: Vec<&Value> = match v.kind() {
        ValueRef::Object(_) => vec![v],
        ValueRef::Tuple(items) => items.iter().collect(),
        _ => return Err("map merge requires map or sequence of maps as the value".into()),
    };
    for source in sources {
        let Some(entries) = source
            .entries()
            .filter(|_| matches!(source.kind(), ValueRef::Object(_)))
        else {
            return Err("map merge requires map or sequence of maps as the value".into());
        };
        for (k, item) in entries {
            if !merged.iter().any(|(name, _)| **name == **k) {
                merged.push((k.to_string(), item.clone()));
            }
        }
    }
    Ok(())
}

/// A mapping key's text: a string, or a number or bool written out.
fn key_text(v: &Value) -> Result<String, String> {
    match v.kind() {
        ValueRef::String(s) => Ok(s.to_string()),
        ValueRef::Number(n) => Ok(n.to_string()),
        ValueRef::Bool(b) => Ok(b.to_string()),
        ValueRef::Null(_) => Err("a mapping key must not be null".into()),
        _ => Err("only scalar mapping keys are supported".into()),
    }
}

/// The name of a tag in the YAML core namespace (`!!int` is `int`).
fn core_tag(tag: &Tag) -> Option<&str> {
    (tag.handle == "tag:yaml.org,2002:").then_some(tag.suffix.as_str())
}

fn tag_text(tag: &Tag) -> String {
    format!("{}{}", tag.handle, tag.suffix)
}

fn check_collection_tag(tag: Option<&Tag>, kind: &str) -> Result<(), String> {
    match tag {
        None => Ok(()),
        Some(t) if core_tag(t) == Some(kind) => Ok(()),
        Some(t) if t.handle == "!" && t.suffix.is_empty() => Ok(()),
        Some(t) => Err(format!(
            "unsupported tag {:?} on a {}",
            tag_text(t),
            if kind == "seq" { "sequence" } else { "mapping" }
        )),
    }
}

/// A scalar's value by its tag, or for a plain untagged scalar by the core
/// schema.
fn scalar(text: &str, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
    let cannot = |tag: &str| format!("cannot parse {text:?} as tag:yaml.org,2002:{tag}");
    let Some(tag) = tag else {
        return Ok(if style == TScalarStyle::Plain {
            resolve_plain(text)?
        } else {
            Value::from(text)
        });
    };
    if tag.handle == "!" && tag.suffix.is_empty() {
        // the non-specific tag `!`: a string
        return Ok(Value::from(text));
    }
    match core_tag(tag) {
        Some("str") => Ok(Value::from(text)),
        Some("null") if is_null(text) => Ok(Value::null(Type::Dynamic)),
        Some("bool") => parse_bool(text).map(Value::from).ok_or_else(|| cannot("bool")),
        Some("int") => parse_int(text).map(Value::from).ok_or_else(|| cannot("int")),
        Some("float") => match parse_float(text) {
            Some(Ok(n)) => Ok(Value::from(n)),
            Some(Err(e)) => Err(e),
            None => parse_int(text).map(Value::from).ok_or_else(|| cannot("float")),
        },
        Some("timestamp") => timestamp(text).map(Value::from).ok_or_else(|| cannot("timestamp")),
        Some("binary") => Ok(Value::from(text.split_whitespace().collect::<String>())),
        Some(t @ ("null" | "merge")) => Err(cannot(t)),
        _ => Err(format!("unsupported tag {:?}", tag_text(tag))),
    }
}

fn is_null(text: &str) -> bool {
    matches!(text, "" | "~" | "null" | "Null" | "NULL")
}

fn parse_bool(text: &str) -> Option<bool> {
    match text {
        "true" | "True" | "TRUE" => Some(true),
        "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

/// A core-schema integer: decimal with an optional sign, `0o` octal or
/// `0x` hexadecimal.
fn parse_int(text: &str) -> Option<Number> {
    use num_bigint::BigInt;
    let (digits, radix) = if let Some(d) = text.strip_prefix("0o") {
        (d, 8)
    } else if let Some(d) = text.strip_prefix("0x") {
        (d, 16)
    } else {
        let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
        if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        return Number::from_json_number(text.strip_prefix('+').unwrap_or(text))
            .ok()
            .or_else(|| Number::from_literal(unsigned).ok().map(|n| n.neg()));
    };
    if digits.is_empty() || !digits.bytes().all(|b| (b as char).is_digit(radix)) {
        return None;
    }
    let n = BigInt::parse_bytes(digits.as_bytes(), radix)?;
    Number::from_json_number(&n.to_string()).ok()
}

/// A core-schema float (`1.5`, `.5`, `1e3`, `-.inf`): `None` when the text
/// is not one, an error for `.nan`, which no number represents.
fn parse_float(text: &str) -> Option<Result<Number, String>> {
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(u) => (true, u),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if matches!(unsigned, ".inf" | ".Inf" | ".INF") {
        return Some(Ok(if negative {
            Number::NEGATIVE_INFINITY
        } else {
            Number::POSITIVE_INFINITY
        }));
    }
    if matches!(unsigned, ".nan" | ".NaN" | ".NAN") {
        return Some(Err(format!("cannot represent {text:?} (not a number) as a number")));
    }
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (&unsigned[..i], Some(&unsigned[i + 1..])),
        None => (unsigned, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let ok = digits(int)
        && frac.is_none_or(digits)
        && !(int.is_empty() && frac.is_none_or(str::is_empty))
        && exponent.is_none_or(|e| {
            let e = e.strip_prefix(['-', '+']).unwrap_or(e);
            !e.is_empty() && digits(e)
        });
    if !ok {
        return None;
    }
    // as a JSON number: digits before and after the point
    let mut json = String::new();
    if negative {
        json.push('-');
    }
    json.push_str(if int.is_empty() { "0" } else { int });
    if let Some(f) = frac.filter(|f| !f.is_empty()) {
        json.push('.');
        json.push_str(f);
    }
    if let Some(e) = exponent {
        json.push('e');
        json.push_str(e);
    }
    Some(Number::from_json_number(&json).map_err(|e| e.to_string()))
}

/// A plain scalar typed by the core schema (and timestamps, which
/// Terraform reads as RFC 3339 strings).
fn resolve_plain(text: &str) -> Result<Value, String> {
    if is_null(text) {
        return Ok(Value::null(Type::Dynamic));
    }
    if let Some(b) = parse_bool(text) {
        return Ok(Value::from(b));
    }
    if let Some(n) = parse_int(text) {
        return Ok(Value::from(n));
    }
    if let Some(n) = parse_float(text) {
        return n.map(Value::from);
    }
    if let Some(t) = timestamp(text) {
        return Ok(Value::from(t));
    }
    Ok(Value::from(text))
}

/// A YAML timestamp (`2001-12-14`, `2001-12-14t21:59:43.10-05:00`,
/// `2001-12-14 21:59:43.10 -5`) as RFC 3339 text, or `None`.
fn timestamp(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    if b.len() < 10 || !digits(0..4) || b[4] != b'-' || !digits(5..7) || b[7] != b'-' || !digits(8..10) {
        return None;
    }
    let date = &text[..10];
    if b.len() == 10 {
        return Some(format!("{date}T00:00:00Z"));
    }
    let rest = &text[10..];
    let rest = rest
        .strip_prefix(['T', 't'])
        .or_else(|| Some(rest.trim_start_matches([' ', '\t'])).filter(|r| r.len() < rest.len()))?;
    // hh:mm:ss(.fraction)
    let colon1 = rest.find(':')?;
    let (h, after) = (&rest[..colon1], &rest[colon1 + 1..]);
    if h.is_empty() || h.len() > 2 || !h.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mm = after.get(..2)?;
    let ss = after.get(3..5)?;
    if after.as_bytes().get(2) != Some(&b':') || !mm.bytes().chain(ss.bytes()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut tail = &after[5..];
    let mut frac = "";
    if let Some(f) = tail.strip_prefix('.') {
        let n = f.bytes().take_while(u8::is_ascii_digit).count();
        frac = &f[..n];
        tail = &f[n..];
    }
    let tail = tail.trim_start_matches([' ', '\t']);
    let zone = match tail {
        "" | "Z" => "Z".to_string(),
        z if z.starts_with(['+', '-']) => {
            let (sign, z) = z.split_at(1);
            let (zh, zm) = z.split_once(':').unwrap_or((z, "00"));
            if zh.is_empty()
                || zh.len() > 2
                || zm.len() != 2
                || !zh.bytes().chain(zm.bytes()).all(|c| c.is_ascii_digit())
            {
                return None;
            }
            format!("{sign}{zh:0>2}:{zm}")
        }
        _ => return None,
    };
    let frac = frac.trim_end_matches('0');
    let frac = if frac.is_empty() {
        String::new()
    } else {
        format!(".{frac}")
    };
    Some(format!("{date}T{h:0>2}:{mm}:{ss}{frac}{zone}"))
}

/// `yamlencode(value)`: the value as YAML 1.2 in block style, as Terraform
/// writes it: mappings with their keys in lexicographic order, every key
/// and string in double quotes (a string with a line break in the literal
/// block style `|`, when that style can hold it; a long double-quoted
/// string folded at spaces past the 80th column), numbers in full, `null`,
/// `true`, `false`, an empty collection as `{}` or `[]`; lists, sets and
/// tuples are sequences, maps and objects are mappings. The text ends with
/// a line break. Any unknown part gives an unknown string; an infinity is
/// `.inf`.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/yamlencode`.
fn yamlencode(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("value", Type::Dynamic).allow_dynamic().allow_null())
        .returns(Type::String)
        .metered_implementation(|args, _, m| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            let mut out = String::new();
            encode(&args[0], &mut out, m)?;
            Ok(Value::from(out))
        })
}

/// Writes a wholly known value as a YAML document.
fn encode(v: &Value, out: &mut String, m: &Meter) -> Result<(), FunctionError> {
    crate::stack::with_stack(|| node(v, out, -1, Context::Root, m))?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(())
}

/// Where a node is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// The document itself.
    Root,
    /// After `- ` in a sequence.
    SeqItem,
    /// After `"key":` in a mapping.
    MapValue,
}

/// The column of the current line (in characters).
fn column(out: &str) -> usize {
    out.rsplit('\n').next().unwrap_or("").chars().count()
}

fn newline_indent(out: &mut String, indent: i64) {
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    out.extend(std::iter::repeat_n(' ', indent.max(0) as usize));
}

/// Writes node `v` where `ctx` says, the enclosing collection being at
/// `indent` (-1 at the root), the way libyaml's emitter lays it out.
fn node(v: &Value, out: &mut String, indent: i64, ctx: Context, m: &Meter) -> Result<(), FunctionError> {
    m.spend(1)?;
    match v.kind() {
        ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) if !items.is_empty() => {
            // a sequence in a mapping is not indented further
            let own = match ctx {
                Context::Root => 0,
                Context::MapValue => indent,
                Context::SeqItem => indent + 2,
            };
            for (i, item) in items.iter().enumerate() {
                if i > 0 || ctx == Context::MapValue {
                    newline_indent(out, own);
                }
                out.push_str("- ");
                crate::stack::with_stack(|| node(item, out, own, Context::SeqItem, m))?;
            }
            Ok(())
        }
        ValueRef::Map(entries) | ValueRef::Object(entries) if !entries.is_empty() => {
            let own = match ctx {
                Context::Root => 0,
                _ => indent + 2,
            };
            for (i, (k, item)) in entries.iter().enumerate() {
                if i > 0 || ctx == Context::MapValue {
                    newline_indent(out, own);
                }
                m.spend_bytes(k.len())?;
                double_quoted(k, out, own + 2, false);
                out.push(':');
                let nested = item.length().is_some_and(|n| n > 0)
                    && matches!(
                        item.kind(),
                        ValueRef::List(_)
                            | ValueRef::Set(_)
                            | ValueRef::Tuple(_)
                            | ValueRef::Map(_)
                            | ValueRef::Object(_)
                    );
                if !nested {
                    out.push(' ');
                }
                crate::stack::with_stack(|| node(item, out, own, Context::MapValue, m))?;
            }
            Ok(())
        }
        ValueRef::List(_) | ValueRef::Set(_) | ValueRef::Tuple(_) => {
            out.push_str("[]");
            Ok(())
        }
        ValueRef::Map(_) | ValueRef::Object(_) => {
            out.push_str("{}");
            Ok(())
        }
        ValueRef::Null(_) => {
            out.push_str("null");
            Ok(())
        }
        ValueRef::Bool(b) => {
            out.push_str(if b { "true" } else { "false" });
            Ok(())
        }
        ValueRef::Number(n) => {
            if n.is_infinite() {
                out.push_str(if *n == Number::POSITIVE_INFINITY {
                    ".inf"
                } else {
                    "-.inf"
                });
            } else {
                out.push_str(&n.to_string());
            }
            Ok(())
        }
        ValueRef::String(s) => {
            m.spend_bytes(s.len())?;
            // a scalar is indented one step past its collection
            let scalar_indent = if indent < 0 { 2 } else { indent + 2 };
            if s.contains('\n') && literal_allowed(s) {
                literal(s, out, scalar_indent);
            } else {
                double_quoted(s, out, scalar_indent, true);
            }
            Ok(())
        }
        ValueRef::Unknown(_) => Err(FunctionError::new("value is not known")),
        ValueRef::Capsule(c) => Err(FunctionError::new(format!(
            "cannot encode a value of capsule type {} as YAML",
            c.capsule_type().name()
        ))),
    }
}

/// Characters libyaml writes as they are (its `is_printable`).
fn printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && c != '\u{feff}'
}

/// Whether libyaml's emitter may write `s` in a block style: only
/// printable characters, no space just before a line break and none at
/// the end.
fn literal_allowed(s: &str) -> bool {
    let breaks = |c: char| matches!(c, '\n' | '\u{85}' | '\u{2028}' | '\u{2029}');
    !s.chars()
        .any(|c| !printable(c) || c == '\u{85}' || c == '\u{2028}' || c == '\u{2029}' || c == '\r')
        && !s.contains(" \n")
        && !s.ends_with(' ')
        && !s.chars().next().is_some_and(breaks)
}

/// `s` in the literal block style: `|` with its indentation and chomping
/// indicators, then each line at `indent`.
fn literal(s: &str, out: &mut String, indent: i64) {
    out.push('|');
    if s.starts_with(' ') {
        out.push('2');
    }
    if !s.ends_with('\n') {
        out.push('-');
    } else if s.ends_with("\n\n") || s == "\n" {
        out.push('+');
    }
    let body = s.strip_suffix('\n').unwrap_or(s);
    for line in body.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            out.extend(std::iter::repeat_n(' ', indent.max(0) as usize));
            out.push_str(line);
        }
    }
    if s.ends_with("\n\n") {
        out.push('\n');
    }
}

/// `s` in double quotes with libyaml's escapes; with `fold`, a space past
/// the 80th column (not the first or last character) becomes a line break
/// and indentation to `indent`, as libyaml folds long scalars.
fn double_quoted(s: &str, out: &mut String, indent: i64, fold: bool) {
    out.push('"');
    let mut col = column(out);
    let chars: Vec<char> = s.chars().collect();
    let mut spaces = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if !printable(c) || matches!(c, '\n' | '"' | '\\' | '\u{85}' | '\u{2028}' | '\u{2029}' | '\u{feff}') {
            let esc = match c {
                '\0' => "\\0".to_string(),
                '\u{7}' => "\\a".into(),
                '\u{8}' => "\\b".into(),
                '\t' => "\\t".into(),
                '\n' => "\\n".into(),
                '\u{b}' => "\\v".into(),
                '\u{c}' => "\\f".into(),
                '\r' => "\\r".into(),
                '\u{1b}' => "\\e".into(),
                '"' => "\\\"".into(),
                '\\' => "\\\\".into(),
                '\u{85}' => "\\N".into(),
                '\u{a0}' => "\\_".into(),
                '\u{2028}' => "\\L".into(),
                '\u{2029}' => "\\P".into(),
                c if (c as u32) <= 0xff => format!("\\x{:02X}", c as u32),
                c if (c as u32) <= 0xffff => format!("\\u{:04X}", c as u32),
                c => format!("\\U{:08X}", c as u32),
            };
            col += esc.len();
            out.push_str(&esc);
            spaces = false;
        } else if c == ' ' {
            if fold && !spaces && col > 80 && i != 0 && i != chars.len() - 1 {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', indent.max(0) as usize));
                col = indent.max(0) as usize;
                if chars.get(i + 1) == Some(&' ') {
                    out.push('\\');
                    col += 1;
                }
            } else {
                out.push(' ');
                col += 1;
            }
            spaces = true;
        } else {
            out.push(c);
            col += 1;
            spaces = false;
        }
        i += 1;
    }
    out.push('"');
}
