//! Terraform's YAML functions: `yamldecode` and `yamlencode`.
//!
//! Terraform's are go-cty-yaml's (a fork of go-yaml v2 over libyaml's
//! parser and emitter, with its own typing of scalars), and these follow
//! its source: `yamldecode` reads YAML through `yaml-rust2`'s event parser,
//! which keeps what that typing depends on (each scalar's style and tag)
//! and the anchors, and builds values from the events itself;
//! `yamlencode` lays out YAML as libyaml's emitter does for go-cty-yaml's
//! events.

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

/// `yamldecode(src)`: the value of one YAML document, typed as Terraform
/// (go-cty-yaml) types it. A mapping becomes an object (scalar keys are
/// converted to strings; `<<` merges a mapping or a sequence of mappings
/// into it, entry by entry in document order, a later entry replacing an
/// earlier one), a sequence a tuple. A scalar in quotes is a string; a
/// plain or block scalar is typed by go-yaml's YAML 1.1-flavoured table:
/// `y`, `yes`, `on`, `true` (in three casings) are true, `n`, `no`, `off`,
/// `false` false, nothing, `~` and `null` null, `.inf` an infinity; text
/// that starts like a number is a timestamp (`2001-12-14`,
/// `2001-12-14T21:59:43Z`, `2001-12-14 21:59:43`: RFC 3339 text to the
/// second), a YAML 1.2 integer (decimal, `0o` octal, `0x` hexadecimal) or
/// float when it is one, anything else a string. Tags `!!str`, `!!int`,
/// `!!float`, `!!bool`, `!!null`, `!!timestamp` (RFC 3339 text),
/// `!!binary` (its Base64 text, checked), `!!map` and `!!seq` are honoured
/// the way go-cty-yaml does; any other tag, a second document, an alias
/// inside the node its anchor names (a cycle), `.nan`, a key that is not a
/// scalar or is null, excessive aliasing and text that is not YAML are
/// errors. Empty text is null. A repeated key keeps its last value. The
/// result's type depends on the text, so an unknown string gives the
/// dynamic value.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/yamldecode`, and
/// go-cty-yaml's `resolve.go` and `decode.go`, which implement it.
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

/// A node being built: a sequence's items, or a mapping's attributes and
/// the key read before its value.
enum Open {
    Seq {
        anchor: usize,
        items: Vec<Value>,
    },
    Map {
        anchor: usize,
        attrs: Vec<(String, Value)>,
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

/// go-cty-yaml's bound on aliases: `count` of all `decoded` nodes may come
/// from aliases (99% of a small document, down to 10% of a large one).
fn too_many_aliases(count: u64, decoded: u64) -> bool {
    let allowed = match decoded {
        0..=400_000 => 0.99,
        4_000_000.. => 0.10,
        d => 0.99 - 0.89 * ((d - 400_000) as f64 / 3_600_000.0),
    };
    count > 100 && decoded > 1000 && count as f64 / decoded as f64 > allowed
}

/// The name of the alias at `mark` (`*name`), for messages.
fn alias_name(src: &str, mark: &Marker) -> String {
    let at = src.get(mark.index()..).filter(|s| s.starts_with('*')).or_else(|| {
        let (byte, _) = src.char_indices().nth(mark.index())?;
        src.get(byte..)
    });
    at.map(|s| {
        s.trim_start_matches('*')
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, ',' | '[' | ']' | '{' | '}'))
            .collect()
    })
    .unwrap_or_default()
}

/// The value of the one document in `src`.
fn decode(src: &str, m: &Meter) -> Result<Value, FunctionError> {
    let mut parser = Parser::new_from_str(src);
    let mut anchors: HashMap<usize, Value> = HashMap::new();
    let mut open: Vec<Open> = Vec::new();
    let mut open_anchors: Vec<usize> = Vec::new();
    let mut result: Option<Value> = None;
    let mut documents = 0;
    let (mut decoded, mut aliases) = (0u64, 0u64);
    loop {
        let (event, mark) = parser.next_token().map_err(|e| error_at(e.marker(), e.info()))?;
        m.spend(1)?;
        let in_key = matches!(open.last(), Some(Open::Map { key: None, .. }));
        let value = match event {
            Event::StreamStart | Event::Nothing | Event::DocumentEnd => continue,
            Event::StreamEnd => break,
            Event::DocumentStart => {
                documents += 1;
                if documents > 1 {
                    return Err(error_at(&mark, "only a single document is allowed"));
                }
                continue;
            }
            Event::Alias(id) => {
                if in_key {
                    return Err(error_at(&mark, "only strings are allowed as mapping keys"));
                }
                decoded += 1;
                aliases += 1;
                if too_many_aliases(aliases, decoded) {
                    return Err(error_at(&mark, "document contains excessive aliasing"));
                }
                let name = || alias_name(src, &mark);
                if open_anchors.contains(&id) {
                    let message = format!("cannot refer to anchor {:?} from inside its own definition", name());
                    return Err(error_at(&mark, message));
                }
                anchors
                    .get(&id)
                    .cloned()
                    .ok_or_else(|| error_at(&mark, format!("reference to undefined anchor {:?}", name())))?
            }
            Event::Scalar(text, style, anchor, tag) => {
                decoded += 1;
                m.spend_bytes(text.len())?;
                let merge = text == "<<"
                    && match &tag {
                        None => style == TScalarStyle::Plain,
                        Some(t) => core_tag(t) == Some("merge"),
                    };
                if in_key && merge {
                    if let Some(Open::Map { key, .. }) = open.last_mut() {
                        *key = Some(Key::Merge);
                    }
                    continue;
                }
                let v = scalar(&text, style, tag.as_ref()).map_err(|e| error_at(&mark, e))?;
                if anchor > 0 {
                    anchors.insert(anchor, v.clone());
                }
                v
            }
            Event::SequenceStart(anchor, tag) | Event::MappingStart(anchor, tag) if in_key => {
                let _ = (anchor, tag);
                return Err(error_at(&mark, "only strings are allowed as mapping keys"));
            }
            Event::SequenceStart(anchor, tag) => {
                decoded += 1;
                check_collection_tag(tag.as_ref(), "seq", "sequence").map_err(|e| error_at(&mark, e))?;
                open.push(Open::Seq {
                    anchor,
                    items: Vec::new(),
                });
                open_anchors.push(anchor);
                continue;
            }
            Event::MappingStart(anchor, tag) => {
                decoded += 1;
                check_collection_tag(tag.as_ref(), "map", "mapping").map_err(|e| error_at(&mark, e))?;
                open.push(Open::Map {
                    anchor,
                    attrs: Vec::new(),
                    key: None,
                });
                open_anchors.push(anchor);
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                open_anchors.pop();
                let (anchor, v) = match open.pop() {
                    Some(Open::Seq { anchor, items }) => (anchor, Value::tuple(items)),
                    Some(Open::Map { anchor, attrs, .. }) => (anchor, Value::object(attrs)),
                    None => return Err(error_at(&mark, "unbalanced collection")),
                };
                if anchor > 0 {
                    anchors.insert(anchor, v.clone());
                }
                v
            }
        };
        match open.last_mut() {
            None => result = Some(value),
            Some(Open::Seq { items, .. }) => items.push(value),
            Some(Open::Map { attrs, key, .. }) => match key.take() {
                None => *key = Some(Key::Text(key_text(&value).map_err(|e| error_at(&mark, e))?)),
                Some(Key::Text(k)) => set(attrs, k, value),
                Some(Key::Merge) => merge_into(attrs, &value).map_err(|e| error_at(&mark, e))?,
            },
        }
    }
    Ok(result.unwrap_or_else(|| Value::null(Type::Dynamic)))
}

/// Sets attribute `k`, replacing an earlier one.
fn set(attrs: &mut Vec<(String, Value)>, k: String, v: Value) {
    match attrs.iter_mut().find(|(name, _)| *name == k) {
        Some(slot) => slot.1 = v,
        None => attrs.push((k, v)),
    }
}

/// Sets the attributes a `<<` value merges, in order: a mapping's, or
/// those of each mapping of a sequence.
fn merge_into(attrs: &mut Vec<(String, Value)>, v: &Value) -> Result<(), String> {
    let entries_of = |v: &Value| match v.kind() {
        ValueRef::Object(entries) | ValueRef::Map(entries) => Some(entries.to_vec()),
        _ => None,
    };
    if let Some(entries) = entries_of(v) {
        for (k, item) in entries {
            set(attrs, k.to_string(), item);
        }
        return Ok(());
    }
    let Some(items) = v
        .elements()
        .filter(|_| matches!(v.kind(), ValueRef::Tuple(_) | ValueRef::List(_)))
    else {
        return Err(format!("cannot merge {} into mapping", v.ty().friendly_name()));
    };
    for item in items {
        let entries = entries_of(item).ok_or_else(|| {
            format!(
                "cannot merge {} (from sequence) into mapping",
                item.ty().friendly_name()
            )
        })?;
        for (k, item) in entries {
            set(attrs, k.to_string(), item);
        }
    }
    Ok(())
}

/// A mapping key's text: a string, or a number or bool converted.
fn key_text(v: &Value) -> Result<String, String> {
    match v.kind() {
        ValueRef::String(s) => Ok(s.to_string()),
        ValueRef::Number(n) => Ok(n.to_string()),
        ValueRef::Bool(b) => Ok(b.to_string()),
        ValueRef::Null(_) => Err("mapping key cannot be null".into()),
        _ => Err("only strings are allowed as mapping keys".into()),
    }
}

const CORE: &str = "tag:yaml.org,2002:";

/// The name of a tag in the YAML core namespace (`!!int` is `int`).
fn core_tag(tag: &Tag) -> Option<&str> {
    (tag.handle == CORE).then_some(tag.suffix.as_str())
}

/// A tag as go-yaml spells it: `tag:yaml.org,2002:int`, `!custom`.
fn tag_text(tag: &Tag) -> String {
    format!("{}{}", tag.handle, tag.suffix)
}

fn check_collection_tag(tag: Option<&Tag>, kind: &str, what: &str) -> Result<(), String> {
    match tag {
        None => Ok(()),
        Some(t) if core_tag(t) == Some(kind) => Ok(()),
        Some(t) => Err(format!("can't interpret {what} as {}", tag_text(t))),
    }
}

/// go-yaml's table of the plain scalars it knows by name.
fn named(text: &str) -> Option<(Value, &'static str)> {
    Some(match text {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            (Value::from(true), "bool")
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            (Value::from(false), "bool")
        }
        "" | "~" | "null" | "Null" | "NULL" => (Value::null(Type::Dynamic), "null"),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => (Value::from(Number::POSITIVE_INFINITY), "float"),
        "-.inf" | "-.Inf" | "-.INF" => (Value::from(Number::NEGATIVE_INFINITY), "float"),
        _ => return None,
    })
}

/// go-cty-yaml's `resolveScalar`: a scalar's value from its tag, its
/// style and its text.
fn scalar(src: &str, style: TScalarStyle, tag: Option<&Tag>) -> Result<Value, String> {
    // the tag's name in the core namespace, "" for none
    let mut tag_name = match tag {
        None => "",
        Some(t) => match core_tag(t) {
            Some(n @ ("str" | "bool" | "int" | "float" | "null" | "timestamp" | "binary")) => n,
            _ => return Err(format!("unsupported tag {:?}", tag_text(t))),
        },
    };
    // the first character says what the text may be
    let hint = match src.as_bytes().first() {
        None => Some('N'),
        Some(b'+' | b'-') => Some('S'),
        Some(b'0'..=b'9') => Some('D'),
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => Some('M'),
        Some(b'.') => Some('.'),
        Some(_) => None,
    };
    if let Some(hint) = hint.filter(|_| !matches!(tag_name, "str" | "binary")) {
        if matches!(style, TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted) {
            return Ok(Value::from(src));
        }
        if let Some((v, _)) = named(src) {
            return Ok(v);
        }
        if tag_name.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".into());
        }
        match hint {
            '.' => {
                if let Some(n) = decimal(src) {
                    return Ok(Value::from(n));
                }
            }
            'D' | 'S' => {
                if matches!(tag_name, "" | "timestamp")
                    && let Some(t) = timestamp(src)
                {
                    return Ok(Value::from(t));
                }
                if is_yaml_int(src) {
                    tag_name = "int";
                } else if is_yaml_float(src) {
                    tag_name = "float";
                }
            }
            _ => {}
        }
    }
    let cannot = |t: &str| format!("cannot parse {src:?} as {CORE}{t}");
    match tag_name {
        "str" => Ok(Value::from(src)),
        "binary" => match super::encoding::decode(src) {
            Some(_) => Ok(Value::from(src)),
            None => Err(format!("{}: not valid base64", cannot("binary"))),
        },
        "bool" => match named(src) {
            Some((v, "bool")) => Ok(v),
            _ => Err(cannot("bool")),
        },
        "int" | "float" => decimal(src)
            .or_else(|| go_int(src))
            .map(Value::from)
            .ok_or_else(|| cannot(tag_name)),
        "timestamp" => timestamp(src).map(Value::from).ok_or_else(|| cannot("timestamp")),
        "null" => Ok(Value::null(Type::Dynamic)),
        _ => Ok(Value::from(src)),
    }
}

/// A YAML 1.2 integer: an optional sign and decimal digits, or `0o` octal
/// or `0x` hexadecimal digits.
fn is_yaml_int(s: &str) -> bool {
    let all = |s: &str, f: fn(&u8) -> bool| !s.is_empty() && s.bytes().all(|b| f(&b));
    if let Some(d) = s.strip_prefix("0o") {
        return all(d, |b| (b'0'..=b'7').contains(b));
    }
    if let Some(d) = s.strip_prefix("0x") {
        return all(d, u8::is_ascii_hexdigit);
    }
    all(s.strip_prefix(['-', '+']).unwrap_or(s), u8::is_ascii_digit)
}

/// A YAML 1.2 float: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`.
fn is_yaml_float(s: &str) -> bool {
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some(("", f)) => !f.is_empty() && digits(f),
        Some((i, f)) => digits(i) && digits(f),
        None => !mantissa.is_empty() && digits(mantissa),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['-', '+']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    mantissa_ok && exponent_ok
}

/// A decimal number as cty's `ParseNumberVal` reads one (Go's
/// `big.ParseFloat` in base 10): a sign, digits with at most one point,
/// an exponent.
fn decimal(s: &str) -> Option<Number> {
    let (negative, unsigned) = match s.strip_prefix('-') {
        Some(u) => (true, u),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (&unsigned[..i], Some(&unsigned[i + 1..])),
        None => (unsigned, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(int) || !digits(frac) || int.len() + frac.len() == 0 {
        return None;
    }
    let exponent = match exponent {
        None => "",
        Some(e) => {
            let body = e.strip_prefix(['-', '+']).unwrap_or(e);
            if body.is_empty() || !digits(body) {
                return None;
            }
            e
        }
    };
    // as JSON: digits on both sides of a point
    let mut json = String::with_capacity(s.len() + 3);
    if negative {
        json.push('-');
    }
    json.push_str(if int.is_empty() {
        "0"
    } else {
        int.trim_start_matches('0')
    });
    if json.ends_with('-') || json.is_empty() {
        json.push('0');
    }
    if !frac.is_empty() {
        json.push('.');
        json.push_str(frac);
    }
    if !exponent.is_empty() {
        json.push('e');
        json.push_str(exponent);
    }
    Number::from_json_number(&json).ok()
}

/// An integer as Go's `strconv.ParseInt(s, 0, 64)` (then `ParseUint`)
/// reads one: `0x`, `0o`, `0b` or a leading `0` (octal) give the base;
/// 64 bits at most.
fn go_int(s: &str) -> Option<Number> {
    let (negative, unsigned) = match s.strip_prefix('-') {
        Some(u) => (true, u),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (digits, radix) = if let Some(d) = unsigned.strip_prefix("0x").or_else(|| unsigned.strip_prefix("0X")) {
        (d, 16)
    } else if let Some(d) = unsigned.strip_prefix("0o").or_else(|| unsigned.strip_prefix("0O")) {
        (d, 8)
    } else if let Some(d) = unsigned.strip_prefix("0b").or_else(|| unsigned.strip_prefix("0B")) {
        (d, 2)
    } else if unsigned.len() > 1 && unsigned.starts_with('0') {
        (&unsigned[1..], 8)
    } else {
        (unsigned, 10)
    };
    let digits = digits.strip_prefix('_').unwrap_or(digits);
    let n = u64::from_str_radix(&digits.replace('_', ""), radix).ok()?;
    if negative {
        let n = i64::try_from(n)
            .ok()
            .map(|n| -n)
            .or((n == 1 << 63).then_some(i64::MIN))?;
        Some(Number::from(n))
    } else {
        Some(Number::from(n))
    }
}

/// go-cty-yaml's timestamps, as Go's `time.Parse` reads its layouts
/// `2006-1-2T15:4:5.999999999Z07:00` (also with `t`), `2006-1-2
/// 15:4:5.999999999` (UTC) and `2006-1-2`: the time as RFC 3339 text to
/// the second (`time.RFC3339`: the fraction is dropped, a zero offset is
/// `Z`), or `None`.
fn timestamp(s: &str) -> Option<String> {
    // quick check: four digits, then `-`
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let year: u32 = s[..4].parse().ok()?;
    let mut rest = &s[5..];
    let month = number(&mut rest, 12).filter(|m| *m >= 1)?;
    expect_char(&mut rest, '-')?;
    let day = number(&mut rest, 31).filter(|d| *d >= 1 && *d <= days_in_month(year, month))?;
    let date = format!("{year:04}-{month:02}-{day:02}");
    let zoned = match rest.as_bytes().first() {
        None => return Some(format!("{date}T00:00:00Z")),
        Some(b'T' | b't') => true,
        Some(b' ') => false,
        Some(_) => return None,
    };
    rest = &rest[1..];
    let hour = number(&mut rest, 23)?;
    expect_char(&mut rest, ':')?;
    let minute = number(&mut rest, 59)?;
    expect_char(&mut rest, ':')?;
    let second = number(&mut rest, 59)?;
    if let Some(f) = rest.strip_prefix('.') {
        let n = f.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 || n > 9 {
            return None;
        }
        rest = &f[n..];
    }
    let time = format!("{date}T{hour:02}:{minute:02}:{second:02}");
    match (zoned, rest) {
        (false, "") | (true, "Z") => return Some(format!("{time}Z")),
        (false, _) => return None,
        (true, _) => {}
    }
    let sign = rest.chars().next().filter(|c| matches!(c, '+' | '-'))?;
    rest = &rest[1..];
    let zh = number(&mut rest, 23).filter(|_| rest.len() == 3)?;
    expect_char(&mut rest, ':')?;
    let zm = number(&mut rest, 59).filter(|_| rest.is_empty())?;
    Some(if zh == 0 && zm == 0 {
        format!("{time}Z")
    } else {
        format!("{time}{sign}{zh:02}:{zm:02}")
    })
}

/// One or two digits at the start of `rest` (taken off it), at most `top`.
fn number(rest: &mut &str, top: u32) -> Option<u32> {
    let n = rest.bytes().take(2).take_while(u8::is_ascii_digit).count();
    let v: u32 = rest.get(..n).filter(|d| !d.is_empty())?.parse().ok()?;
    *rest = &rest[n..];
    (v <= top).then_some(v)
}

/// `c` at the start of `rest`, taken off it.
fn expect_char(rest: &mut &str, c: char) -> Option<()> {
    *rest = rest.strip_prefix(c)?;
    Some(())
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `yamlencode(value)`: the value as YAML 1.2 in block style, laid out as
/// Terraform's encoder (go-cty-yaml on libyaml's emitter) lays it out:
/// mappings with their keys in lexicographic order, keys and strings in
/// double quotes (a string with a line break in the literal block style
/// `|` when that style can hold it; a double-quoted string folded at a
/// space past the 80th column; a key longer than 128 bytes or with a line
/// break written after `? `), characters outside the Basic Multilingual
/// Plane and control characters escaped, numbers in full, `null`, `true`,
/// `false`, infinities as `+.Inf` and `-.Inf`, an empty collection as `{}`
/// or `[]`; lists, sets and tuples are sequences, maps and objects are
/// mappings. The text ends with a line break, and with the document end
/// marker `...` when the document is a plain scalar (a number, a bool,
/// null) or ends with a literal block that keeps its final line breaks.
/// Any unknown part gives an unknown string.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/yamlencode`, and
/// go-cty-yaml's emitter and encoder tests.
fn yamlencode(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("value", Type::Dynamic).allow_dynamic().allow_null())
        .returns(Type::String)
        .metered_implementation(|args, _, m| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            let mut e = Emitter {
                out: String::new(),
                open_ended: false,
                m,
            };
            crate::stack::with_stack(|| e.node(&args[0], -1, Context::Root))?;
            if !e.out.ends_with('\n') {
                e.out.push('\n');
            }
            if e.open_ended {
                e.out.push_str("...\n");
            }
            Ok(Value::from(e.out))
        })
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
    /// After `:` on its own line, below a `? key`.
    ComplexValue,
}

/// The text being written, and whether it ends open (libyaml's
/// `open_ended`: a plain scalar at the root, or a literal block keeping
/// its final line breaks, needs `...` to end the document).
struct Emitter<'m> {
    out: String,
    open_ended: bool,
    m: &'m Meter,
}

/// Characters libyaml writes as they are (its `is_printable`, which
/// leaves out everything past the Basic Multilingual Plane).
fn printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}') && c != '\u{feff}'
}

/// libyaml's line breaks.
fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Whether libyaml may write `s` in a block style: printable characters
/// only, no space before a line break and none at the end (line breaks
/// other than `\n` are written in double quotes).
fn block_allowed(s: &str) -> bool {
    s.chars().all(|c| printable(c) && (c == '\n' || !is_break(c))) && !s.contains(" \n") && !s.ends_with(' ')
}

impl Emitter<'_> {
    /// A line break (unless the text is at the start of a line) and
    /// `indent` spaces.
    fn newline_indent(&mut self, indent: i64) {
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        self.out.extend(std::iter::repeat_n(' ', indent.max(0) as usize));
    }

    /// Writes node `v` where `ctx` says, the enclosing collection being at
    /// `indent` (-1 at the root).
    fn node(&mut self, v: &Value, indent: i64, ctx: Context) -> Result<(), FunctionError> {
        self.m.spend(1)?;
        match v.kind() {
            ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) if !items.is_empty() => {
                // a sequence right after `"key":` is not indented further
                let own = match ctx {
                    Context::Root => 0,
                    Context::MapValue => indent,
                    Context::SeqItem | Context::ComplexValue => indent + 2,
                };
                for (i, item) in items.iter().enumerate() {
                    if i > 0 || matches!(ctx, Context::MapValue | Context::ComplexValue) {
                        self.newline_indent(own);
                    }
                    self.out.push_str("- ");
                    self.open_ended = false;
                    crate::stack::with_stack(|| self.node(item, own, Context::SeqItem))?;
                }
                Ok(())
            }
            ValueRef::Map(entries) | ValueRef::Object(entries) if !entries.is_empty() => {
                let own = match ctx {
                    Context::Root => 0,
                    _ => indent + 2,
                };
                for (i, (k, item)) in entries.iter().enumerate() {
                    if i > 0 || matches!(ctx, Context::MapValue | Context::ComplexValue) {
                        self.newline_indent(own);
                    }
                    self.m.spend_bytes(k.len())?;
                    self.open_ended = false;
                    // a key that is not simple: after `? `, the value after
                    // `:` on a line of its own
                    let complex = k.len() > 128 || k.chars().any(is_break);
                    if complex {
                        self.out.push_str("? ");
                        self.double_quoted(k, own + 2, true);
                        self.newline_indent(own);
                    } else {
                        self.double_quoted(k, own + 2, false);
                    }
                    self.out.push(':');
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
                        self.out.push(' ');
                    }
                    let ctx = if complex {
                        Context::ComplexValue
                    } else {
                        Context::MapValue
                    };
                    crate::stack::with_stack(|| self.node(item, own, ctx))?;
                }
                Ok(())
            }
            ValueRef::List(_) | ValueRef::Set(_) | ValueRef::Tuple(_) => self.plain("[]", false),
            ValueRef::Map(_) | ValueRef::Object(_) => self.plain("{}", false),
            ValueRef::Null(_) => self.plain("null", ctx == Context::Root),
            ValueRef::Bool(b) => self.plain(if b { "true" } else { "false" }, ctx == Context::Root),
            ValueRef::Number(n) => {
                let text = if n.is_infinite() {
                    if *n == Number::POSITIVE_INFINITY {
                        "+.Inf".to_string()
                    } else {
                        "-.Inf".to_string()
                    }
                } else {
                    n.to_string()
                };
                self.plain(&text, ctx == Context::Root)
            }
            ValueRef::String(s) => {
                self.m.spend_bytes(s.len())?;
                // a scalar is indented one step past its collection
                let scalar_indent = if indent < 0 { 2 } else { indent + 2 };
                self.open_ended = false;
                if s.contains('\n') && block_allowed(s) {
                    self.literal(s, scalar_indent);
                } else {
                    self.double_quoted(s, scalar_indent, true);
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

    /// A plain scalar; at the root it leaves the document open.
    fn plain(&mut self, text: &str, root: bool) -> Result<(), FunctionError> {
        self.out.push_str(text);
        self.open_ended = root;
        Ok(())
    }

    /// `s` in the literal block style: `|` with its indentation and
    /// chomping indicators, then its lines at `indent` (empty lines
    /// empty).
    fn literal(&mut self, s: &str, indent: i64) {
        self.out.push('|');
        if s.starts_with([' ', '\n']) {
            self.out.push('2');
        }
        let keep = s == "\n" || s.ends_with("\n\n");
        if !s.ends_with('\n') {
            self.out.push('-');
        } else if keep {
            self.out.push('+');
        }
        self.out.push('\n');
        let mut at_line_start = true;
        for c in s.chars() {
            if c == '\n' {
                self.out.push('\n');
                at_line_start = true;
            } else {
                if at_line_start {
                    self.out.extend(std::iter::repeat_n(' ', indent.max(0) as usize));
                    at_line_start = false;
                }
                self.out.push(c);
            }
        }
        self.open_ended = keep;
    }

    /// `s` in double quotes with libyaml's escapes; with `fold`, a space
    /// past the 80th column (not the first or last character, nor after
    /// another space) becomes a line break and indentation to `indent`
    /// (and a `\` when a space follows), as libyaml folds long scalars.
    fn double_quoted(&mut self, s: &str, indent: i64, fold: bool) {
        let out = &mut self.out;
        out.push('"');
        let mut col = out.rsplit('\n').next().unwrap_or("").chars().count();
        let chars: Vec<char> = s.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if !printable(c) || is_break(c) || matches!(c, '"' | '\\' | '\u{feff}') {
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
        }
        out.push('"');
    }
}
