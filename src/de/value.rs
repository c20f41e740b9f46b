//! Decoding a [`Value`] into any serde type.
//!
//! spec: model#primitive-type-conversions (a field that asks for a string,
//! number or bool gets the value converted by the model's rules)

use num_traits::ToPrimitive;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Unexpected, Visitor};
use serde::forward_to_deserialize_any;

use super::error::Error;
use crate::convert::convert;
use crate::value::{Type, Value, ValueRef};
use crate::Number;

/// A serde `Deserializer` over a borrowed [`Value`].
///
/// Numbers go to any integer type they fit exactly, and to floats
/// (rounded); strings, numbers and bools convert into one another where the
/// model converts them (`"8080"` decodes into a `u16`, `5` into a
/// `String`); null decodes into `None` or `()`; lists, sets and tuples into
/// sequences; maps and objects into maps and structs; a string into a unit
/// enum variant and a one-attribute object into a variant with content.
/// An unknown value, a capsule, or a value that does not suit the type is
/// an error that says where in the value it failed.
#[derive(Clone, Copy, Debug)]
pub struct ValueDeserializer<'v> {
    value: &'v Value,
}

impl<'v> ValueDeserializer<'v> {
    /// A deserializer reading `value`.
    pub fn new(value: &'v Value) -> Self {
        ValueDeserializer { value }
    }

    /// The value converted to a primitive type, for a visitor that asks
    /// for one; a value that does not convert is passed on unchanged, for
    /// the visitor's own "invalid type" error.
    fn primitive(self, ty: &Type) -> Result<Value, Error> {
        self.known()?;
        if self.value.is_null() {
            return Ok(self.value.clone());
        }
        Ok(convert(self.value, ty).unwrap_or_else(|_| self.value.clone()))
    }

    fn known(self) -> Result<(), Error> {
        match self.value.kind() {
            ValueRef::Unknown(ty) => Err(de::Error::custom(format!(
                "the value is not known yet (an unknown {ty} cannot be decoded)"
            ))),
            ValueRef::Capsule(c) => Err(de::Error::custom(format!(
                "a value of the capsule type {} cannot be decoded",
                crate::diagnostic::quoted(c.capsule_type().name())
            ))),
            _ => Ok(()),
        }
    }
}

/// What a visitor is told a value was, in an "invalid type" error.
fn unexpected<'a>(v: &'a Value, text: &'a mut String) -> Unexpected<'a> {
    match v.kind() {
        ValueRef::Null(_) => Unexpected::Other("null"),
        ValueRef::Bool(b) => Unexpected::Bool(b),
        ValueRef::Number(n) => {
            *text = format!("number {n}");
            Unexpected::Other(text)
        }
        ValueRef::String(s) => Unexpected::Str(s),
        ValueRef::List(_) | ValueRef::Set(_) | ValueRef::Tuple(_) => Unexpected::Seq,
        ValueRef::Map(_) | ValueRef::Object(_) => Unexpected::Map,
        ValueRef::Unknown(_) | ValueRef::Capsule(_) => Unexpected::Other("an unknown value"),
    }
}

fn invalid_type<'de, V: Visitor<'de>>(v: &Value, visitor: &V) -> Error {
    let mut text = String::new();
    de::Error::invalid_type(unexpected(v, &mut text), visitor)
}

/// The number as an integer, when it is one.
fn integer(n: &Number) -> Option<i128> {
    if let Some(i) = n.to_i64() {
        return Some(i.into());
    }
    if !n.is_integer() {
        return None;
    }
    n.to_rational()?.numer().to_i128()
}

fn unsigned_integer(n: &Number) -> Option<u128> {
    if !n.is_integer() {
        return None;
    }
    n.to_rational()?.numer().to_u128()
}

/// Visits a number as the narrowest of i64, u64 and f64 that holds it
/// (integers beyond u64 and fractions round to f64).
fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, Error> {
    if let Some(i) = n.to_i64() {
        return visitor.visit_i64(i);
    }
    if let Some(u) = unsigned_integer(n).and_then(|u| u64::try_from(u).ok()) {
        return visitor.visit_u64(u);
    }
    visitor.visit_f64(n.to_f64())
}

macro_rules! deserialize_integer {
    ($($method:ident $visit:ident $t:ty, $via:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            let v = self.primitive(&Type::Number)?;
            let Some(n) = v.as_number() else {
                return Err(invalid_type(&v, &visitor));
            };
            match $via(n).and_then(|i| <$t>::try_from(i).ok()) {
                Some(i) => visitor.$visit(i),
                None => Err(de::Error::invalid_value(
                    Unexpected::Other(&format!("number {n}")),
                    &visitor,
                )),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.known()?;
        match self.value.kind() {
            ValueRef::Null(_) => visitor.visit_unit(),
            ValueRef::Bool(b) => visitor.visit_bool(b),
            ValueRef::Number(n) => visit_number(n, visitor),
            ValueRef::String(s) => visitor.visit_str(s),
            ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
                let mut seq = Elements {
                    items: items.iter(),
                    index: 0,
                };
                let out = visitor.visit_seq(&mut seq)?;
                seq.end(out)
            }
            ValueRef::Map(entries) | ValueRef::Object(entries) => visitor.visit_map(Entries {
                entries: entries.iter(),
                value: None,
            }),
            ValueRef::Unknown(_) | ValueRef::Capsule(_) => unreachable!("checked by known()"),
        }
    }

    deserialize_integer! {
        deserialize_i8 visit_i8 i8, integer;
        deserialize_i16 visit_i16 i16, integer;
        deserialize_i32 visit_i32 i32, integer;
        deserialize_i64 visit_i64 i64, integer;
        deserialize_i128 visit_i128 i128, integer;
        deserialize_u8 visit_u8 u8, unsigned_integer;
        deserialize_u16 visit_u16 u16, unsigned_integer;
        deserialize_u32 visit_u32 u32, unsigned_integer;
        deserialize_u64 visit_u64 u64, unsigned_integer;
        deserialize_u128 visit_u128 u128, unsigned_integer;
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_f64(visitor)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let v = self.primitive(&Type::Number)?;
        match v.as_number() {
            Some(n) => visitor.visit_f64(n.to_f64()),
            None => Err(invalid_type(&v, &visitor)),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let v = self.primitive(&Type::Bool)?;
        match v.as_bool() {
            Some(b) => visitor.visit_bool(b),
            None => Err(invalid_type(&v, &visitor)),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let v = self.primitive(&Type::String)?;
        match v.as_str() {
            Some(s) => visitor.visit_str(s),
            None => Err(invalid_type(&v, &visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.value.as_str() {
            Some(s) => visitor.visit_bytes(s.as_bytes()),
            None => self.deserialize_any(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.known()?;
        if self.value.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.known()?;
        match self.value.kind() {
            ValueRef::String(s) => visitor.visit_enum(s.into_deserializer()),
            ValueRef::Map([(key, value)]) | ValueRef::Object([(key, value)]) => {
                visitor.visit_enum(Variant { key, value })
            }
            _ => Err(de::Error::invalid_type(
                Unexpected::Other("a value that is neither a string nor an object of one attribute"),
                &visitor,
            )),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        unit unit_struct seq tuple tuple_struct map struct
    }
}

/// The elements of a list, set or tuple.
struct Elements<'v> {
    items: std::slice::Iter<'v, Value>,
    index: usize,
}

impl Elements<'_> {
    /// The visitor's result, or an error when it left elements unread.
    fn end<T>(self, out: T) -> Result<T, Error> {
        let left = self.items.len();
        if left == 0 {
            Ok(out)
        } else {
            Err(de::Error::invalid_length(self.index + left, &"fewer elements"))
        }
    }
}

impl<'de> de::SeqAccess<'de> for &mut Elements<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        seed.deserialize(ValueDeserializer::new(item))
            .map(Some)
            .map_err(|e| e.within(|| format!("[{index}]")))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// How a path names an attribute: `.name`, or `["odd key"]` when the name
/// is not an identifier.
pub(crate) fn key_step(key: &str) -> String {
    let ident = key.chars().next().is_some_and(unicode_xid::UnicodeXID::is_xid_start)
        && key
            .chars()
            .all(|c| c == '-' || unicode_xid::UnicodeXID::is_xid_continue(c));
    if ident {
        format!(".{key}")
    } else {
        format!("[{}]", crate::write::string_literal(key))
    }
}

/// The entries of a map or object.
struct Entries<'v> {
    entries: std::slice::Iter<'v, (std::sync::Arc<str>, Value)>,
    value: Option<&'v (std::sync::Arc<str>, Value)>,
}

impl<'de> de::MapAccess<'de> for Entries<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some(entry) = self.entries.next() else {
            return Ok(None);
        };
        self.value = Some(entry);
        let key: &str = &entry.0;
        seed.deserialize(key.into_deserializer()).map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<T::Value, Error> {
        let (key, value) = self
            .value
            .take()
            .ok_or_else(|| de::Error::custom("a value asked for before its key"))?;
        seed.deserialize(ValueDeserializer::new(value))
            .map_err(|e| e.within(|| key_step(key)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An enum variant with content: `{ variant = content }`.
struct Variant<'v> {
    key: &'v str,
    value: &'v Value,
}

impl<'de, 'v> de::EnumAccess<'de> for Variant<'v> {
    type Error = Error;
    type Variant = VariantContent<'v>;

    fn variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<(T::Value, Self::Variant), Error> {
        let tag = seed.deserialize(self.key.into_deserializer())?;
        Ok((
            tag,
            VariantContent {
                key: self.key,
                value: self.value,
            },
        ))
    }
}

struct VariantContent<'v> {
    key: &'v str,
    value: &'v Value,
}

impl<'de> de::VariantAccess<'de> for VariantContent<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(ValueDeserializer::new(self.value)).map_err(|e| e.within(|| key_step(self.key)))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(ValueDeserializer::new(self.value))
            .map_err(|e| e.within(|| key_step(self.key)))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(ValueDeserializer::new(self.value), visitor)
            .map_err(|e| e.within(|| key_step(self.key)))
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(ValueDeserializer::new(self.value), visitor)
            .map_err(|e| e.within(|| key_step(self.key)))
    }
}
