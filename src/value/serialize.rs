//! Values to any serde format, in the JSON forms of cli-json.md.

use serde::ser::{self, Serialize, SerializeMap, SerializeSeq, Serializer};
use std::str::FromStr;

use crate::json::type_to_json;
use crate::value::{Value, ValueRef};

/// A value in the JSON forms of `cli-json.md` (cty's JSON notation): null
/// as null (`serialize_none`), numbers at full precision, lists, sets and
/// tuples as sequences, maps and objects as maps, an unknown value as
/// `{"__unknown__": TYPE}` and an infinity as `{"__number__": "+Inf"}`.
///
/// Integers that fit `i64` or `u64` serialize as such. Other numbers go
/// through `serde_json::Number` with its arbitrary-precision form, which
/// serde_json prints exactly (`0.1` stays `0.1`, `2^70` keeps every digit);
/// other formats see that number's own serde form. A capsule value is an
/// error.
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
        ValueRef::Unknown(ty) => {
            let ty = type_to_json(ty).map_err(ser::Error::custom)?;
            marker(serializer, "__unknown__", &ty)
        }
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
            serde_json::Number::from_str(&text)
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
            "a value of the capsule type {:?} has no serialized form",
            c.capsule_type().name()
        ))),
    }
}
