//! Values and types to and from JSON, in the forms of `docs/cli-json.md` (go-cty's
//! JSON notation, as the reference tools print it).
//!
//! - Types: `"string"`, `"number"`, `"bool"`, `"dynamic"`, `["list", T]`,
//!   `["set", T]`, `["map", T]`, `["object", {name: T}]` (with optional
//!   attributes `["object", {name: T}, [name...]]`), `["tuple", [T]]`.
//! - Values: numbers as JSON numbers at full precision (never an exponent),
//!   lists, sets and tuples as arrays, maps and objects as objects, null as
//!   `null`; an unknown part as `{"__unknown__": T}`; an infinity as
//!   `{"__number__": "+Inf"}` or `{"__number__": "-Inf"}`. Reading a value
//!   of the dynamic type takes `{"value": V, "type": T}`.
//!
//! Needs the `json` feature (on by default through `cli`).
//!
//! ```
//! use hcl_native::json::{type_from_json, value_from_json, value_to_json};
//! use hcl_native::value::Type;
//! use serde_json::json;
//!
//! let ty = type_from_json(&json!(["object", {"port": "number", "tags": ["set", "string"]}])).unwrap();
//! let v = value_from_json(&json!({"port": 8080, "tags": ["b", "a"]}), &ty).unwrap();
//! assert_eq!(value_to_json(&v).unwrap(), json!({"port": 8080, "tags": ["a", "b"]}));
//! ```

use crate::diagnostic::quoted;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde_json::{Map, Value as Json};

use crate::convert::{convert, PathStep};
use crate::number::Number;
use crate::value::{nfc_arc, Type, Value, ValueRef};

/// A JSON document that is not a type or a value of the expected type, or
/// a value JSON cannot hold (a capsule).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct JsonError {
    /// Where in the document.
    pub path: Vec<PathStep>,
    /// What is wrong there.
    pub message: String,
}

impl JsonError {
    fn new(message: impl Into<String>) -> Self {
        JsonError {
            path: Vec::new(),
            message: message.into(),
        }
    }

    fn within(mut self, step: PathStep) -> Self {
        self.path.insert(0, step);
        self
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.path.iter().enumerate() {
            f.write_str(if i == 0 { "" } else { ", " })?;
            write!(f, "{step}")?;
        }
        if !self.path.is_empty() {
            f.write_str(": ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for JsonError {}

/// A type in cty's JSON type notation.
///
/// ```
/// use hcl_native::json::type_to_json;
/// use hcl_native::value::Type;
/// assert_eq!(type_to_json(&Type::map(Type::Bool)).unwrap().to_string(), r#"["map","bool"]"#);
/// ```
pub fn type_to_json(ty: &Type) -> Result<Json, JsonError> {
    // the notation's one home is `Serialize for Type` (src/value/serialize.rs)
    serde_json::to_value(ty).map_err(|e| JsonError::new(e.to_string()))
}

/// A type from cty's JSON type notation.
///
/// ```
/// use hcl_native::json::type_from_json;
/// use hcl_native::value::Type;
/// let t = type_from_json(&serde_json::json!(["tuple", ["string", ["list", "number"]]])).unwrap();
/// assert_eq!(t, Type::tuple(vec![Type::String, Type::list(Type::Number)]));
/// ```
pub fn type_from_json(j: &Json) -> Result<Type, JsonError> {
    crate::stack::with_stack(|| type_from_json_here(j))
}

fn type_from_json_here(j: &Json) -> Result<Type, JsonError> {
    match j {
        Json::String(s) => match s.as_str() {
            "string" => Ok(Type::String),
            "number" => Ok(Type::Number),
            "bool" => Ok(Type::Bool),
            "dynamic" => Ok(Type::Dynamic),
            other => Err(JsonError::new(format!("unknown type {}", quoted(other)))),
        },
        Json::Array(parts) => match parts.as_slice() {
            [Json::String(kind), inner] => match (kind.as_str(), inner) {
                ("list", t) => Ok(Type::list(type_from_json(t)?)),
                ("set", t) => Ok(Type::set(type_from_json(t)?)),
                ("map", t) => Ok(Type::map(type_from_json(t)?)),
                ("object", Json::Object(attrs)) => {
                    let attrs = attrs
                        .iter()
                        .map(|(k, t)| {
                            Ok((
                                k.as_str(),
                                type_from_json(t).map_err(|e| e.within(PathStep::Attribute(k.as_str().into())))?,
                            ))
                        })
                        .collect::<Result<Vec<_>, JsonError>>()?;
                    Ok(Type::object(attrs))
                }
                ("tuple", Json::Array(ts)) => Ok(Type::tuple(
                    ts.iter()
                        .enumerate()
                        .map(|(i, t)| type_from_json(t).map_err(|e| e.within(PathStep::Index(i))))
                        .collect::<Result<_, _>>()?,
                )),
                _ => Err(JsonError::new(format!("not a type: {j}"))),
            },
            [Json::String(kind), Json::Object(_), Json::Array(optional)] if kind == "object" => {
                let plain = type_from_json(&Json::Array(parts[..2].to_vec()))?;
                let Some(o) = plain.object_type() else {
                    return Err(JsonError::new(format!("not a type: {j}")));
                };
                let names = optional
                    .iter()
                    .map(|n| match n {
                        Json::String(n) if o.attribute(n).is_some() => Ok(n.as_str()),
                        _ => Err(JsonError::new(format!("not an attribute of the object type: {n}"))),
                    })
                    .collect::<Result<Vec<_>, JsonError>>()?;
                Ok(Type::object_with_optional(
                    o.attributes().iter().map(|(n, t)| (n.clone(), t.clone())),
                    names,
                ))
            }
            _ => Err(JsonError::new(format!("not a type: {j}"))),
        },
        _ => Err(JsonError::new(format!("not a type: {j}"))),
    }
}

/// A value in cty's JSON value notation (with the unknown and infinity
/// markers), as `Serialize for Value` writes it: that impl is the
/// notation's one home. A number is exact when the application's
/// serde_json keeps numbers' digits (its `arbitrary_precision`), else the
/// nearest float; one beyond a float's range then has no
/// `serde_json::Value` form (an error says where; [`write_value`] and
/// `serde_json::to_string` write every digit).
///
/// ```
/// use hcl_native::json::value_to_json;
/// use hcl_native::value::{Type, Value};
/// use hcl_native::Number;
///
/// let third = Number::from(1).div(&Number::from(3)).unwrap();
/// let v = Value::tuple(vec![Value::number(third), Value::unknown(Type::String), Value::null(Type::Bool)]);
/// let text = value_to_json(&v).unwrap().to_string();
/// assert!(text.starts_with("[0.333333333"));
/// assert!(text.ends_with(r#",{"__unknown__":"string"},null]"#));
/// ```
pub fn value_to_json(v: &Value) -> Result<Json, JsonError> {
    serde_json::to_value(v).map_err(|e| {
        // serde's error has no path: find the part that has no form
        let mut path = Vec::new();
        match unrepresentable(v, &mut path) {
            Some(message) => JsonError { path, message },
            None => JsonError::new(e.to_string()),
        }
    })
}

/// The first part of `v` (depth first) that has no `serde_json::Value`
/// form, with the path to it.
fn unrepresentable(v: &Value, path: &mut Vec<PathStep>) -> Option<String> {
    crate::stack::with_stack(|| {
        match v.kind() {
        ValueRef::Capsule(c) => Some(crate::json_syntax::NoJsonText::Capsule(c.capsule_type().name().to_string()).to_string()),
        ValueRef::Number(n) if !n.is_infinite() && serde_json::Number::from_str(&n.to_string()).is_err() => Some(
            format!("the number {n} is beyond the range of serde_json::Value's numbers (enable serde_json's arbitrary_precision to keep it)"),
        ),
        ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
            items.iter().enumerate().find_map(|(i, item)| {
                path.push(PathStep::Index(i));
                let found = unrepresentable(item, path);
                if found.is_none() {
                    path.pop();
                }
                found
            })
        }
        ValueRef::Map(entries) | ValueRef::Object(entries) => entries.iter().find_map(|(k, item)| {
            path.push(PathStep::Key(k.clone()));
            let found = unrepresentable(item, path);
            if found.is_none() {
                path.pop();
            }
            found
        }),
        _ => None,
    }
    })
}

fn marker<'a>(j: &'a Json, key: &str) -> Option<&'a Json> {
    match j {
        Json::Object(m) if m.len() == 1 => m.get(key),
        _ => None,
    }
}

fn json_number(text: &str) -> Result<Number, JsonError> {
    Number::from_json_number(text).map_err(|e| JsonError::new(format!("{text}: {e}")))
}

/// A value from plain JSON, its type implied (no cty markers): null is the
/// dynamic null, numbers exact as written (as serde_json keeps them),
/// arrays tuples and objects objects.
///
/// ```
/// use hcl_native::json::value_from_plain_json;
/// use serde_json::json;
///
/// let v = value_from_plain_json(&json!({"region": "eu", "n": 3, "zones": ["a", "b"]}));
/// assert_eq!(v.to_string(), "{\n  n      = 3\n  region = \"eu\"\n  zones  = [\"a\", \"b\"]\n}");
/// ```
pub fn value_from_plain_json(j: &Json) -> Value {
    crate::stack::with_stack(|| match j {
        Json::Null => Value::null(Type::Dynamic),
        Json::Bool(b) => Value::from(*b),
        Json::Number(n) => match json_number(&n.to_string()) {
            Ok(n) => Value::number(n),
            Err(_) => Value::null(Type::Number),
        },
        Json::String(s) => Value::from(s.as_str()),
        Json::Array(items) => Value::tuple(items.iter().map(value_from_plain_json).collect()),
        Json::Object(entries) => Value::object(entries.iter().map(|(k, v)| (k, value_from_plain_json(v)))),
    })
}

impl From<&Json> for Value {
    /// [`value_from_plain_json`].
    fn from(j: &Json) -> Value {
        value_from_plain_json(j)
    }
}

impl From<Json> for Value {
    /// [`value_from_plain_json`].
    fn from(j: Json) -> Value {
        value_from_plain_json(&j)
    }
}

/// A value of type `ty` from its JSON form. JSON `null` is the null value,
/// `{"__unknown__": T}` an unknown value; missing object attributes are
/// null. Strings, numbers and bools are accepted for one another where the
/// model converts between them.
///
/// ```
/// use hcl_native::json::value_from_json;
/// use hcl_native::value::{Type, Value};
/// use serde_json::json;
///
/// let ty = Type::list(Type::Number);
/// let v = value_from_json(&json!([1, {"__unknown__": "number"}, 1e3]), &ty).unwrap();
/// assert_eq!(v.elements().unwrap()[2], Value::from(1000));
/// assert!(!v.is_wholly_known());
/// let dy = value_from_json(&json!({"value": "s", "type": "string"}), &Type::Dynamic).unwrap();
/// assert_eq!(dy, Value::from("s"));
/// ```
pub fn value_from_json(j: &Json, ty: &Type) -> Result<Value, JsonError> {
    crate::stack::with_stack(|| value_from_json_here(j, ty))
}

fn value_from_json_here(j: &Json, ty: &Type) -> Result<Value, JsonError> {
    if j.is_null() {
        return Ok(Value::null(ty.clone()));
    }
    if let Some(t) = marker(j, "__unknown__") {
        let t = type_from_json(t)?;
        return convert(&Value::unknown(t), ty).map_err(|e| JsonError::new(e.to_string()));
    }
    let fail = || {
        JsonError::new(format!(
            "{} is required, not {}",
            ty.friendly_name_with_article(),
            describe(j)
        ))
    };
    let converted = |v: Value| {
        convert(&v, ty).map_err(|e| JsonError {
            path: e.path,
            message: e.message,
        })
    };
    match ty {
        Type::Dynamic => match j {
            Json::Object(m) if m.len() == 2 && m.contains_key("value") && m.contains_key("type") => {
                value_from_json(&m["value"], &type_from_json(&m["type"])?)
            }
            _ => Err(JsonError::new(format!(
                "a value of the dynamic type needs its type: {{\"value\": V, \"type\": T}}, not {}",
                describe(j)
            ))),
        },
        Type::String | Type::Number | Type::Bool => {
            if let Some(inf) = marker(j, "__number__").and_then(Json::as_str) {
                let n = match inf {
                    "+Inf" => Number::POSITIVE_INFINITY,
                    "-Inf" => Number::NEGATIVE_INFINITY,
                    _ => return Err(JsonError::new(format!("unknown number marker {}", quoted(inf)))),
                };
                return converted(Value::number(n));
            }
            let v = match j {
                Json::String(s) if *ty == Type::Number => Value::number(json_number(s)?),
                Json::String(s) => Value::string(s),
                Json::Number(n) => Value::number(json_number(&n.to_string())?),
                Json::Bool(b) => Value::bool(*b),
                _ => return Err(fail()),
            };
            converted(v)
        }
        Type::List(e) | Type::Set(e) => {
            let Json::Array(items) = j else { return Err(fail()) };
            let items = items
                .iter()
                .enumerate()
                .map(|(i, item)| value_from_json(item, e).map_err(|err| err.within(PathStep::Index(i))))
                .collect::<Result<Vec<_>, _>>()?;
            converted(Value::tuple(items))
        }
        Type::Tuple(ts) => {
            let Json::Array(items) = j else { return Err(fail()) };
            if items.len() != ts.len() {
                return Err(JsonError::new(format!(
                    "a tuple of {} elements is required, not {}",
                    ts.len(),
                    items.len()
                )));
            }
            Ok(Value::tuple(
                items
                    .iter()
                    .zip(ts.iter())
                    .enumerate()
                    .map(|(i, (item, t))| value_from_json(item, t).map_err(|err| err.within(PathStep::Index(i))))
                    .collect::<Result<_, _>>()?,
            ))
        }
        Type::Map(e) => {
            let Json::Object(m) = j else { return Err(fail()) };
            let entries = members(m)?
                .into_iter()
                .map(|(k, v)| {
                    Ok((
                        k.clone(),
                        value_from_json(v, e).map_err(|err| err.within(PathStep::Key(k)))?,
                    ))
                })
                .collect::<Result<Vec<_>, JsonError>>()?;
            converted(Value::object(entries.iter().map(|(k, v)| (&**k, v.clone()))))
        }
        Type::Object(o) => {
            let Json::Object(m) = j else { return Err(fail()) };
            let members = members(m)?;
            if let Some((k, _)) = members.iter().find(|(k, _)| o.attribute(k).is_none()) {
                return Err(JsonError::new(format!("unexpected attribute {}", quoted(k))));
            }
            let get = |name: &str| {
                members
                    .binary_search_by(|(k, _)| (**k).cmp(name))
                    .ok()
                    .map(|i| members[i].1)
            };
            let attrs = o
                .attributes()
                .iter()
                .map(|(name, t)| {
                    let v = match get(name) {
                        Some(v) => {
                            value_from_json(v, t).map_err(|err| err.within(PathStep::Attribute(name.clone())))?
                        }
                        None => Value::null(t.clone()),
                    };
                    Ok((name.clone(), v))
                })
                .collect::<Result<Vec<_>, JsonError>>()?;
            Ok(Value::object(attrs.iter().map(|(k, v)| (&**k, v.clone()))))
        }
        Type::Capsule(c) => Err(JsonError::new(format!(
            "the capsule type {} has no JSON form",
            crate::diagnostic::quoted(c.name())
        ))),
    }
}

/// A JSON object's members by the NFC form of their keys; two keys with
/// the same NFC form are an error rather than one silently replacing the
/// other.
fn members(m: &Map<String, Json>) -> Result<Vec<(Arc<str>, &Json)>, JsonError> {
    let out: Vec<(Arc<str>, &Json)> = m.iter().map(|(k, v)| (nfc_arc(k), v)).collect();
    let out = crate::sort::sorted_by_bytes(out, |e| e.0.as_bytes());
    if let Some(w) = out.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(JsonError::new(format!(
            "two keys are the same string {} in NFC",
            quoted(&w[0].0)
        )));
    }
    Ok(out)
}

fn describe(j: &Json) -> &'static str {
    match j {
        Json::Null => "null",
        Json::Bool(_) => "a bool",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

/// Appends `s` as a JSON string as the reference's tools write one (Go's
/// `encoding/json`: `<`, `>`, `&`, U+2028 and U+2029 escaped too).
///
/// ```
/// let mut out = String::new();
/// hcl_native::json::write_string("a<b", &mut out);
/// assert_eq!(out, r#""a\u003cb""#);
/// ```
pub fn write_string(s: &str, out: &mut String) {
    crate::json_syntax::json_string(s, true, out);
}

/// Appends `v` as JSON text exactly as the reference's tools print a value
/// (go-cty's `ctyjson.Marshal` followed by Go's `encoding/json`): compact,
/// object attributes and map keys in byte order, numbers at full precision
/// in their canonical form, `<`, `>`, `&`, U+2028 and U+2029 escaped. With
/// `drop_nulls`, object and map entries whose value is null are left out
/// (as `hcldec` does without `--keep-nulls`). Unknown values, infinities
/// and capsules have no such form: an error says where one is, in the
/// words every writer of JSON text uses (`jsonencode` among them).
///
/// ```
/// use hcl_native::json::write_value;
/// use hcl_native::value::{Type, Value};
///
/// let v = Value::object([("b", Value::from("<a>")), ("a", Value::null(Type::String))]);
/// let mut out = String::new();
/// write_value(&v, false, &mut out).unwrap();
/// assert_eq!(out, r#"{"a":null,"b":"\u003ca\u003e"}"#);
/// out.clear();
/// write_value(&v, true, &mut out).unwrap();
/// assert_eq!(out, r#"{"b":"\u003ca\u003e"}"#);
/// ```
pub fn write_value(v: &Value, drop_nulls: bool, out: &mut String) -> Result<(), JsonError> {
    // the one writer of JSON text; where it stopped, said with its path
    crate::json_syntax::value_text(v, drop_nulls, out, &crate::meter::Meter::unlimited()).map_err(|e| {
        match crate::json_syntax::first_without_text(v) {
            Some((path, why)) => JsonError {
                path,
                message: why.to_string(),
            },
            None => JsonError::new(e.to_string()),
        }
    })
}

/// Appends `ty` in cty's JSON type notation as the reference's tools print
/// it (compact, attributes in byte order).
///
/// ```
/// use hcl_native::json::write_type;
/// use hcl_native::value::Type;
///
/// let mut out = String::new();
/// write_type(&Type::object([("b", Type::Bool), ("a", Type::list(Type::String))]), &mut out).unwrap();
/// assert_eq!(out, r#"["object",{"a":["list","string"],"b":"bool"}]"#);
/// ```
pub fn write_type(ty: &Type, out: &mut String) -> Result<(), JsonError> {
    // the notation's one home is `type_to_json`; this only writes it
    write_json(&type_to_json(ty)?, out);
    Ok(())
}

/// `json` (compact JSON text, as [`write_value`] and [`write_type`] write
/// it) laid out as the reference's tools print a document: Go's
/// `json.MarshalIndent(v, "", "  ")`, each element and member on its own
/// line, two spaces per level, `": "` after a key, `[]` and `{}` for empty
/// ones. White space outside strings is dropped first, so any JSON text
/// may be given.
///
/// ```
/// use hcl_native::json::indent;
///
/// assert_eq!(indent(r#"{"a":[1,{"b":"x,y"}],"c":[],"d":{}}"#), "{\n  \"a\": [\n    1,\n    {\n      \"b\": \"x,y\"\n    }\n  ],\n  \"c\": [],\n  \"d\": {}\n}");
/// assert_eq!(indent("[ ]"), "[]");
/// ```
pub fn indent(json: &str) -> String {
    let mut out = String::with_capacity(json.len() * 2);
    let mut depth = 0usize;
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    let mut chars = json.chars().peekable();
    let mut in_string = false;
    let mut escaped = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            ' ' | '\t' | '\n' | '\r' => {}
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                while chars.next_if(|c| matches!(c, ' ' | '\t' | '\n' | '\r')).is_some() {}
                if let Some(close) = chars.next_if(|&n| n == '}' || n == ']') {
                    out.push(close);
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            _ => out.push(c),
        }
    }
    out
}

/// Appends `j` compactly, strings as Go writes them.
fn write_json(j: &Json, out: &mut String) {
    crate::stack::with_stack(|| match j {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(n) => out.push_str(&n.to_string()),
        Json::String(s) => write_string(s, out),
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Json::Object(m) => {
            out.push('{');
            for (i, (k, v)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(k, out);
                out.push(':');
                write_json(v, out);
            }
            out.push('}');
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indent_leaves_strings_alone_and_reads_back_as_the_same_document() {
        // punctuation and escapes inside strings, a backslash before a quote
        let compact = r#"{"a\\":"x\"{,:}[]","b":[[],{},[1,2]],"c":{"d":null,"e":true}}"#;
        let pretty = indent(compact);
        assert!(pretty.contains(r#""a\\": "x\"{,:}[]""#), "{pretty}");
        assert!(
            pretty.contains("\"b\": [\n    [],\n    {},\n    [\n      1,\n      2\n    ]\n  ]"),
            "{pretty}"
        );
        let a: Json = serde_json::from_str(compact).unwrap();
        let b: Json = serde_json::from_str(&pretty).unwrap();
        assert_eq!(a, b);
        // serde_json's own pretty printer is Go's layout for these
        assert_eq!(pretty, serde_json::to_string_pretty(&a).unwrap());
        assert_eq!(indent(&pretty), pretty);
    }

    #[test]
    fn a_part_without_a_json_form_is_named_by_its_path() {
        let bytes = crate::value::CapsuleType::new("bytes", |_, _| true);
        let v = Value::object([(
            "a",
            Value::tuple(vec![Value::from(1), Value::capsule(&bytes, Arc::new(7u8))]),
        )]);
        let e = value_to_json(&v).unwrap_err();
        assert_eq!(e.path, vec![PathStep::Key("a".into()), PathStep::Index(1)]);
        assert!(e.message.contains("capsule type \"bytes\""), "{e}");
        assert!(type_to_json(&v.ty()).is_err());
    }

    #[test]
    fn keys_are_matched_in_nfc() {
        let ty = Type::object([("\u{e9}", Type::Number)]);
        let j: Json = serde_json::from_str("{\"e\u{301}\": 5}").unwrap();
        assert_eq!(value_from_json(&j, &ty).unwrap().get("\u{e9}"), Some(&Value::from(5)));
        // Two spellings of one key are an error, not a silent choice.
        let both: Json = serde_json::from_str("{\"e\u{301}\": 1, \"\u{e9}\": 2}").unwrap();
        assert!(value_from_json(&both, &Type::map(Type::Number)).is_err());
        assert!(value_from_json(&both, &ty).is_err());
    }
}
