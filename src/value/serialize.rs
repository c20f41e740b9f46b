//! Values and types to any serde format, in the JSON forms of docs/cli-json.md.
//!
//! The one home of cty's JSON notation: `json::value_to_json` and
//! `json::type_to_json` are these impls into `serde_json::Value`. (The
//! reference tools' byte-exact printer `json::write_value` writes the same
//! notation without its markers, as `hcldec` prints a decoded value.)

use serde::ser::{self, Serialize, SerializeMap, SerializeSeq, Serializer};
use std::sync::Arc;

use crate::value::{Type, Value, ValueRef};

/// A value in the JSON forms of `docs/cli-json.md` (cty's JSON notation): null
/// as null (`serialize_none`), numbers at full precision, lists, sets and
/// tuples as sequences, maps and objects as maps, an unknown value as
/// `{"__unknown__": TYPE}` and an infinity as `{"__number__": "+Inf"}`.
///
/// Integers that fit `i64` or `u64` serialize as such, other numbers as
/// `f64` when a float's shortest digits are the number (`0.1`, `1.5`) and
/// serde_json writes it without an exponent (from 1e-5 to 1e16).
/// Any other number (`2^70`, `0.1 + 1e-30`) goes through serde_json's
/// `RawValue` with its exact digits, which serde_json prints as they are;
/// other formats see that type's own serde form. (serde_json's
/// `arbitrary_precision` is not needed, and not enabled: it would change
/// the application's own serde_json.) A capsule value is an error.
///
/// ```
/// use hcl_native::value::{Type, Value};
/// use hcl_native::Number;
///
/// let v = Value::object([
///     ("ratio", Value::number(Number::from_literal("0.1").unwrap())),
///     ("big", Value::number(Number::from_literal("1180591620717411303424").unwrap())),
///     ("later", Value::unknown(Type::String)),
/// ]);
/// assert_eq!(
///     serde_json::to_string(&v).unwrap(),
///     r#"{"big":1180591620717411303424,"later":{"__unknown__":"string"},"ratio":0.1}"#
/// );
/// ```
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::stack::with_stack(|| serialize_here(self, serializer))
    }
}

fn marker<S: Serializer, V: Serialize + ?Sized>(serializer: S, key: &str, value: &V) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(1))?;
    map.serialize_entry(key, value)?;
    map.end()
}

fn serialize_here<S: Serializer>(v: &Value, serializer: S) -> Result<S::Ok, S::Error> {
    match v.kind() {
        ValueRef::Null(_) => serializer.serialize_none(),
        ValueRef::Unknown(ty) => marker(serializer, "__unknown__", ty),
        ValueRef::Bool(b) => serializer.serialize_bool(b),
        ValueRef::Number(n) => {
            if n.is_infinite() {
                return marker(serializer, "__number__", &n.to_string());
            }
            if let Some(i) = n.to_i64() {
                return serializer.serialize_i64(i);
            }
            let text = n.to_string();
            if let Ok(u) = text.parse::<u64>() {
                return serializer.serialize_u64(u);
            }
            // a float when one holds the number (its shortest digits read
            // back as the same number), else the exact digits as a raw
            // JSON number
            // (serde_json writes a float from 1e-5 to 1e16 without an
            // exponent, as the JSON forms are written)
            if let Ok(f) = text.parse::<f64>()
                && (1e-5..1e16).contains(&f.abs())
                && crate::value::shortest_f64(f).as_ref() == Some(n)
            {
                return serializer.serialize_f64(f);
            }
            serde_json::value::RawValue::from_string(text)
                .map_err(ser::Error::custom)?
                .serialize(serializer)
        }
        ValueRef::String(s) => serializer.serialize_str(s),
        ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
            let mut seq = serializer.serialize_seq(Some(items.len()))?;
            for item in items {
                seq.serialize_element(item)?;
            }
            seq.end()
        }
        ValueRef::Map(entries) | ValueRef::Object(entries) => {
            let mut map = serializer.serialize_map(Some(entries.len()))?;
            for (k, item) in entries {
                map.serialize_entry(&**k, item)?;
            }
            map.end()
        }
        ValueRef::Capsule(c) => Err(ser::Error::custom(format!(
            "a value of the capsule type {} has no serialized form",
            crate::diagnostic::quoted(c.capsule_type().name())
        ))),
    }
}

/// A type in cty's JSON type notation (what `json::type_to_json` gives):
/// `"string"`, `"number"`, `"bool"`, `"dynamic"`, `["list", T]`,
/// `["set", T]`, `["map", T]`, `["object", {name: T}]` (names in code
/// point order) and `["tuple", [T]]`. A capsule type is an error.
///
/// Like values, types serialize without building an intermediate tree and
/// at any depth: each level runs on a fresh stack segment when the stack
/// runs low, the serializer's own frames included.
///
/// ```
/// use hcl_native::value::Type;
///
/// let t = Type::object([
///     ("tags", Type::set(Type::String)),
///     ("pair", Type::tuple(vec![Type::Number, Type::Dynamic])),
/// ]);
/// assert_eq!(
///     serde_json::to_string(&t).unwrap(),
///     r#"["object",{"pair":["tuple",["number","dynamic"]],"tags":["set","string"]}]"#
/// );
/// ```
impl Serialize for Type {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::stack::with_stack(|| serialize_type_here(self, serializer))
    }
}

/// `["kind", inner]`
fn tagged<S: Serializer, V: Serialize + ?Sized>(serializer: S, kind: &str, inner: &V) -> Result<S::Ok, S::Error> {
    let mut seq = serializer.serialize_seq(Some(2))?;
    seq.serialize_element(kind)?;
    seq.serialize_element(inner)?;
    seq.end()
}

/// An object type's attributes as a map.
struct Attributes<'a>(&'a [(Arc<str>, Type)]);

impl Serialize for Attributes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, t)| (&**name, t)))
    }
}

fn serialize_type_here<S: Serializer>(ty: &Type, serializer: S) -> Result<S::Ok, S::Error> {
    match ty {
        Type::String => serializer.serialize_str("string"),
        Type::Number => serializer.serialize_str("number"),
        Type::Bool => serializer.serialize_str("bool"),
        Type::Dynamic => serializer.serialize_str("dynamic"),
        Type::List(e) => tagged(serializer, "list", &**e),
        Type::Set(e) => tagged(serializer, "set", &**e),
        Type::Map(e) => tagged(serializer, "map", &**e),
        Type::Object(o) if o.optional_attributes().next().is_some() => {
            let mut seq = serializer.serialize_seq(Some(3))?;
            seq.serialize_element("object")?;
            seq.serialize_element(&Attributes(o.attributes()))?;
            seq.serialize_element(&o.optional_attributes().map(|n| &**n).collect::<Vec<&str>>())?;
            seq.end()
        }
        Type::Object(o) => tagged(serializer, "object", &Attributes(o.attributes())),
        Type::Tuple(ts) => tagged(serializer, "tuple", &ts[..]),
        Type::Capsule(c) => Err(ser::Error::custom(format!(
            "the capsule type {} has no serialized form",
            crate::diagnostic::quoted(c.name())
        ))),
    }
}
