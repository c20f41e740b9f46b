//! Serializing Rust types as HCL (feature `serde`): the reverse of
//! [`crate::de`], with the same field tags.
//!
//! [`to_string`] writes a struct as a body: a plain field is an attribute
//! (its value written by [`crate::write`], a `None` left out), a
//! `"name,label"` field a label of the block the struct is, a
//! `"name,block"` field one block (a struct), at most one (an `Option`),
//! any number (a `Vec`) or blocks keyed by their first label (a map, whose
//! keys are written as the labels before the struct's own), and a `"name,remain"` field's map entries more
//! attributes. A map at the top level is written as attributes. The text is
//! in the canonical layout ([`crate::format`]), and `de` reads it back.
//! [`to_value`] turns any serializable value into a [`Value`].
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Config {
//!     #[serde(rename = "resource,block")]
//!     resources: Vec<Resource>,
//! }
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Resource {
//!     #[serde(rename = "type,label")]
//!     kind: String,
//!     #[serde(rename = "name,label")]
//!     name: String,
//!     count: Option<u32>,
//!     tags: Vec<String>,
//! }
//!
//! let config = Config {
//!     resources: vec![Resource { kind: "aws_instance".into(), name: "web".into(), count: Some(2), tags: vec!["a".into()] }],
//! };
//! let text = hcl_native::ser::to_string(&config)?;
//! assert_eq!(text, "resource \"aws_instance\" \"web\" {\n  count = 2\n  tags  = [\"a\"]\n}\n");
//! let back: Config = hcl_native::de::from_str(&text, &hcl_native::eval::EvalContext::new())?;
//! assert_eq!(back, config);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! spec: model#schema-driven-processing

use crate::diagnostic::quoted;
use std::fmt;

use serde::ser::{self, Impossible, Serialize};

use crate::de::{field_kind, Field};
use crate::value::{Type, Value};
use crate::write::{BlockBuilder, BodyBuilder, WriteError};
use crate::Number;

/// Why a value could not be written as HCL.
#[derive(Clone, Debug, PartialEq)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

impl From<WriteError> for Error {
    fn from(e: WriteError) -> Self {
        Error(e.to_string())
    }
}

fn error(msg: impl Into<String>) -> Error {
    Error(msg.into())
}

/// `value` as HCL text: a struct (or map) as a body.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Server { host: String, port: u16 }
///
/// let text = hcl_native::ser::to_string(&Server { host: "localhost".into(), port: 8080 })?;
/// assert_eq!(text, "host = \"localhost\"\nport = 8080\n");
/// # Ok::<(), hcl_native::ser::Error>(())
/// ```
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    Ok(to_body(value)?.to_hcl()?)
}

/// `value` as a body to add to or write ([`BodyBuilder::to_hcl`]).
///
/// ```
/// use std::collections::BTreeMap;
///
/// let vars: BTreeMap<&str, u32> = [("replicas", 3)].into();
/// let body = hcl_native::ser::to_body(&vars)?.raw_attribute("image", "var.image");
/// assert_eq!(body.to_hcl()?, "replicas = 3\nimage    = var.image\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_body<T: Serialize + ?Sized>(value: &T) -> Result<BodyBuilder, Error> {
    value.serialize(RootSerializer)
}

/// `value` as a [`Value`]: numbers exact (integers of every width; floats
/// as the shortest decimals that read back as them, `0.1` as 0.1), strings, `None` and `()` as null,
/// sequences and tuples as tuples, maps and structs as objects (a map's
/// keys must be strings, numbers or bools), an enum variant as its name or
/// as a one-attribute object.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Listener { port: u16, hosts: Vec<&'static str>, tls: Option<bool> }
///
/// let v = hcl_native::ser::to_value(&Listener { port: 443, hosts: vec!["a"], tls: None })?;
/// assert_eq!(v.to_string(), "{\n  hosts = [\"a\"]\n  port  = 443\n  tls   = null\n}");
/// # Ok::<(), hcl_native::ser::Error>(())
/// ```
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    crate::stack::with_stack(|| value.serialize(ValueSerializer))
}

/// The name under which serde_json (with `arbitrary_precision`) passes a
/// number's exact text.
const SERDE_JSON_NUMBER: &str = "$serde_json::private::Number";

/// Serializes into a [`Value`].
struct ValueSerializer;

/// A sequence or tuple being serialized (with the variant it is in).
struct SeqValue {
    variant: Option<&'static str>,
    items: Vec<Value>,
}

/// A map or struct being serialized (with the variant it is in).
struct MapValue {
    variant: Option<&'static str>,
    entries: Vec<(String, Value)>,
    key: Option<String>,
    /// serde_json's exact number, passed as a struct.
    number: bool,
}

fn in_variant(variant: Option<&'static str>, v: Value) -> Value {
    match variant {
        Some(name) => Value::object([(name, v)]),
        None => v,
    }
}

fn number(n: impl Into<Value>) -> Result<Value, Error> {
    Ok(n.into())
}

/// A float as the number with its shortest digits (NaN is none).
fn float<F: Into<f64> + fmt::LowerExp + Copy>(f: F) -> Result<Value, Error> {
    match crate::value::shortest_f64(f) {
        Some(n) => Ok(Value::number(n)),
        None => Err(error("NaN is not a number HCL has")),
    }
}

impl ser::Serializer for ValueSerializer {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SeqValue;
    type SerializeTuple = SeqValue;
    type SerializeTupleStruct = SeqValue;
    type SerializeTupleVariant = SeqValue;
    type SerializeMap = MapValue;
    type SerializeStruct = MapValue;
    type SerializeStructVariant = MapValue;

    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        Ok(v.into())
    }
    fn serialize_i8(self, v: i8) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Value, Error> {
        number(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        float(v)
    }
    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        float(v)
    }
    fn serialize_char(self, v: char) -> Result<Value, Error> {
        Ok(Value::string(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        Ok(v.into())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        Ok(Value::tuple(v.iter().map(|b| Value::from(*b)).collect()))
    }
    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::null(Type::Dynamic))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Value, Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<Value, Error> {
        Ok(variant.into())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        Ok(Value::object([(variant, to_value(value)?)]))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqValue, Error> {
        Ok(SeqValue {
            variant: None,
            items: Vec::with_capacity(len.unwrap_or(0)),
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<SeqValue, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqValue, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqValue, Error> {
        Ok(SeqValue {
            variant: Some(variant),
            items: Vec::with_capacity(len),
        })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapValue, Error> {
        Ok(MapValue {
            variant: None,
            entries: Vec::with_capacity(len.unwrap_or(0)),
            key: None,
            number: false,
        })
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<MapValue, Error> {
        let mut m = self.serialize_map(Some(len))?;
        m.number = name == SERDE_JSON_NUMBER;
        Ok(m)
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<MapValue, Error> {
        let mut m = self.serialize_map(Some(len))?;
        m.variant = Some(variant);
        Ok(m)
    }
}

impl SeqValue {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(to_value(value)?);
        Ok(())
    }
    fn done(self) -> Result<Value, Error> {
        Ok(in_variant(self.variant, Value::tuple(self.items)))
    }
}

/// The serde traits of sequences and tuples, each pushing an element.
macro_rules! seq_traits {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for SeqValue {
            type Ok = Value;
            type Error = Error;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.push(value)
            }
            fn end(self) -> Result<Value, Error> {
                self.done()
            }
        }
    )*};
}
seq_traits!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl MapValue {
    fn entry<T: Serialize + ?Sized>(&mut self, key: String, value: &T) -> Result<(), Error> {
        self.entries.push((key, to_value(value)?));
        Ok(())
    }
    fn done(self) -> Result<Value, Error> {
        if self.number {
            let text = self.entries.first().and_then(|(_, v)| v.as_str().map(str::to_string));
            return match text.map(|t| Number::from_json_number(&t)) {
                Some(Ok(n)) => Ok(Value::number(n)),
                _ => Err(error("serde_json's number is not a number")),
            };
        }
        Ok(in_variant(self.variant, Value::object(self.entries)))
    }
}

impl ser::SerializeMap for MapValue {
    type Ok = Value;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        let k = to_value(key)?;
        let text = match (k.as_str(), k.as_number(), k.as_bool()) {
            (Some(s), _, _) => s.to_string(),
            (_, Some(n), _) => n.to_string(),
            (_, _, Some(b)) => b.to_string(),
            _ => {
                return Err(error(format!(
                    "a map key must be a string, a number or a bool, not {}",
                    k.ty()
                )))
            }
        };
        self.key = Some(text);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| error("a map value came before its key"))?;
        self.entry(key, value)
    }
    fn end(self) -> Result<Value, Error> {
        self.done()
    }
}

/// The serde traits of structs and struct variants, each adding a field.
macro_rules! struct_traits {
    ($($trait:ident),*) => {$(
        impl ser::$trait for MapValue {
            type Ok = Value;
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
                self.entry(key.to_string(), value)
            }
            fn end(self) -> Result<Value, Error> {
                self.done()
            }
        }
    )*};
}
struct_traits!(SerializeStruct, SerializeStructVariant);

/// A struct being written as a body: its attributes and blocks, and the
/// labels its label fields give.
struct BodyStruct {
    body: BodyBuilder,
    labels: Vec<String>,
    /// Whether the struct is a block's (label fields allowed).
    block: bool,
}

/// Adds `value` as an attribute unless it is null.
fn attribute(body: BodyBuilder, name: &str, value: Value) -> BodyBuilder {
    if value.is_null() {
        body
    } else {
        body.attribute(name, value)
    }
}

impl ser::SerializeStruct for BodyStruct {
    type Ok = (Vec<String>, BodyBuilder);
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        let body = std::mem::take(&mut self.body);
        self.body = match field_kind(key).map_err(error)? {
            Field::Attribute(name) => attribute(body, name, to_value(value)?),
            Field::Label(name) => {
                if !self.block {
                    return Err(error(
                        "label fields are for a block's struct; a file's body has no labels",
                    ));
                }
                let v = to_value(value)?;
                let Some(label) = v.as_str() else {
                    return Err(error(format!(
                        "the label field {} must be a string, not {}",
                        quoted(name),
                        v.ty()
                    )));
                };
                self.labels.push(label.to_string());
                body
            }
            Field::Block(name) => {
                let blocks = value.serialize(BlocksSerializer {
                    type_name: name,
                    keys: Vec::new(),
                })?;
                blocks.into_iter().fold(body, BodyBuilder::block)
            }
            Field::Remain => {
                let v = to_value(value)?;
                match v.kind() {
                    crate::value::ValueRef::Object(entries) | crate::value::ValueRef::Map(entries) => {
                        entries.iter().fold(body, |b, (k, v)| attribute(b, k, v.clone()))
                    }
                    crate::value::ValueRef::Null(_) => body,
                    _ => return Err(error(format!("a remain field must be a map, not {}", v.ty()))),
                }
            }
        };
        Ok(())
    }

    fn end(self) -> Result<Self::Ok, Error> {
        Ok((self.labels, self.body))
    }
}

/// Writes a value as the top-level body: a struct's fields, or a map's
/// entries as attributes.
struct RootSerializer;

/// A top-level map's entries, as attributes.
struct RootMap {
    body: BodyBuilder,
    key: Option<String>,
}

impl ser::SerializeMap for RootMap {
    type Ok = BodyBuilder;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        let k = to_value(key)?;
        let Some(name) = k.as_str() else {
            return Err(error(format!("an attribute name must be a string, not {}", k.ty())));
        };
        self.key = Some(name.to_string());
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| error("a map value came before its key"))?;
        self.body = attribute(std::mem::take(&mut self.body), &key, to_value(value)?);
        Ok(())
    }
    fn end(self) -> Result<BodyBuilder, Error> {
        Ok(self.body)
    }
}

/// A top-level struct: its body (labels are a mistake there).
struct RootStruct(BodyStruct);

impl ser::SerializeStruct for RootStruct {
    type Ok = BodyBuilder;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.0.serialize_field(key, value)
    }
    fn end(self) -> Result<BodyBuilder, Error> {
        Ok(self.0.body)
    }
}

/// What the serializers of bodies refuse.
fn not_a_body(what: &str) -> Error {
    error(format!(
        "{what} cannot be written as a body: the top level takes a struct or a map"
    ))
}

fn not_blocks(type_name: &str, what: &str) -> Error {
    error(format!(
        "the block field {} holds {what}; it takes a struct, an Option of one, or a sequence or map keyed by label of them",
        quoted(type_name)
    ))
}

/// The serializer methods that refuse a kind of value with `$refuse`.
macro_rules! refuse {
    ($refuse:expr; $($method:ident($($arg:ident: $t:ty),*) $what:literal;)*) => {$(
        fn $method(self, $($arg: $t),*) -> Result<Self::Ok, Error> {
            $(let _ = $arg;)*
            Err(($refuse)(&self, $what))
        }
    )*};
}

impl ser::Serializer for RootSerializer {
    type Ok = BodyBuilder;
    type Error = Error;
    type SerializeSeq = Impossible<BodyBuilder, Error>;
    type SerializeTuple = Impossible<BodyBuilder, Error>;
    type SerializeTupleStruct = Impossible<BodyBuilder, Error>;
    type SerializeTupleVariant = Impossible<BodyBuilder, Error>;
    type SerializeMap = RootMap;
    type SerializeStruct = RootStruct;
    type SerializeStructVariant = Impossible<BodyBuilder, Error>;

    refuse! { |_: &Self, w| not_a_body(w);
        serialize_bool(v: bool) "a bool";
        serialize_i8(v: i8) "a number"; serialize_i16(v: i16) "a number"; serialize_i32(v: i32) "a number";
        serialize_i64(v: i64) "a number"; serialize_u8(v: u8) "a number"; serialize_u16(v: u16) "a number";
        serialize_u32(v: u32) "a number"; serialize_u64(v: u64) "a number"; serialize_f32(v: f32) "a number";
        serialize_f64(v: f64) "a number"; serialize_char(v: char) "a string"; serialize_str(v: &str) "a string";
        serialize_bytes(v: &[u8]) "bytes"; serialize_none() "None"; serialize_unit() "()";
        serialize_unit_struct(n: &'static str) "a unit struct";
        serialize_unit_variant(n: &'static str, i: u32, v: &'static str) "an enum";
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<BodyBuilder, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<BodyBuilder, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<BodyBuilder, Error> {
        Err(not_a_body("an enum"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(not_a_body("a sequence"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_a_body("a tuple"))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_a_body("a tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_a_body("an enum"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<RootMap, Error> {
        Ok(RootMap {
            body: BodyBuilder::new(),
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<RootStruct, Error> {
        Ok(RootStruct(BodyStruct {
            body: BodyBuilder::new(),
            labels: Vec::new(),
            block: false,
        }))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_a_body("an enum"))
    }
}

/// Writes a block field's value as blocks of one type, each with the
/// labels that map keys gave before its struct's own.
struct BlocksSerializer {
    type_name: &'static str,
    keys: Vec<String>,
}

/// A sequence of blocks.
struct BlockSeq {
    type_name: &'static str,
    keys: Vec<String>,
    blocks: Vec<BlockBuilder>,
}

/// A map of blocks keyed by label: each key the next label of the blocks
/// its value gives.
struct BlockMap {
    type_name: &'static str,
    keys: Vec<String>,
    key: Option<String>,
    blocks: Vec<BlockBuilder>,
}

impl ser::SerializeMap for BlockMap {
    type Ok = Vec<BlockBuilder>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        let k = to_value(key)?;
        let Some(label) = k.as_str() else {
            return Err(error(format!(
                "the block field {} is keyed by label: its keys must be strings, not {}",
                quoted(self.type_name),
                k.ty()
            )));
        };
        self.key = Some(label.to_string());
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| error("a map value came before its key"))?;
        let mut keys = self.keys.clone();
        keys.push(key);
        let blocks = value.serialize(BlocksSerializer {
            type_name: self.type_name,
            keys,
        })?;
        self.blocks.extend(blocks);
        Ok(())
    }
    fn end(self) -> Result<Vec<BlockBuilder>, Error> {
        Ok(self.blocks)
    }
}

impl ser::SerializeSeq for BlockSeq {
    type Ok = Vec<BlockBuilder>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let blocks = value.serialize(BlocksSerializer {
            type_name: self.type_name,
            keys: self.keys.clone(),
        })?;
        self.blocks.extend(blocks);
        Ok(())
    }
    fn end(self) -> Result<Vec<BlockBuilder>, Error> {
        Ok(self.blocks)
    }
}

/// One block's struct.
struct BlockStruct {
    type_name: &'static str,
    keys: Vec<String>,
    inner: BodyStruct,
}

impl ser::SerializeStruct for BlockStruct {
    type Ok = Vec<BlockBuilder>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.inner.serialize_field(key, value)
    }
    fn end(self) -> Result<Vec<BlockBuilder>, Error> {
        let block = self
            .keys
            .into_iter()
            .chain(self.inner.labels)
            .fold(BlockBuilder::new(self.type_name), BlockBuilder::label)
            .body(self.inner.body);
        Ok(vec![block])
    }
}

impl ser::Serializer for BlocksSerializer {
    type Ok = Vec<BlockBuilder>;
    type Error = Error;
    type SerializeSeq = BlockSeq;
    type SerializeTuple = Impossible<Vec<BlockBuilder>, Error>;
    type SerializeTupleStruct = Impossible<Vec<BlockBuilder>, Error>;
    type SerializeTupleVariant = Impossible<Vec<BlockBuilder>, Error>;
    type SerializeMap = BlockMap;
    type SerializeStruct = BlockStruct;
    type SerializeStructVariant = Impossible<Vec<BlockBuilder>, Error>;

    refuse! { |s: &Self, w| not_blocks(s.type_name, w);
        serialize_bool(v: bool) "a bool";
        serialize_i8(v: i8) "a number"; serialize_i16(v: i16) "a number"; serialize_i32(v: i32) "a number";
        serialize_i64(v: i64) "a number"; serialize_u8(v: u8) "a number"; serialize_u16(v: u16) "a number";
        serialize_u32(v: u32) "a number"; serialize_u64(v: u64) "a number"; serialize_f32(v: f32) "a number";
        serialize_f64(v: f64) "a number"; serialize_char(v: char) "a string"; serialize_str(v: &str) "a string";
        serialize_bytes(v: &[u8]) "bytes"; serialize_unit_variant(n: &'static str, i: u32, v: &'static str) "an enum";
    }

    fn serialize_none(self) -> Result<Vec<BlockBuilder>, Error> {
        Ok(Vec::new())
    }
    fn serialize_unit(self) -> Result<Vec<BlockBuilder>, Error> {
        Ok(Vec::new())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Vec<BlockBuilder>, Error> {
        Ok(vec![self
            .keys
            .into_iter()
            .fold(BlockBuilder::new(self.type_name), BlockBuilder::label)])
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Vec<BlockBuilder>, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Vec<BlockBuilder>, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Vec<BlockBuilder>, Error> {
        Err(not_blocks(self.type_name, "an enum"))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<BlockSeq, Error> {
        Ok(BlockSeq {
            type_name: self.type_name,
            keys: self.keys,
            blocks: Vec::with_capacity(len.unwrap_or(0)),
        })
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_blocks(self.type_name, "a tuple"))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_blocks(self.type_name, "a tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_blocks(self.type_name, "an enum"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<BlockMap, Error> {
        Ok(BlockMap {
            type_name: self.type_name,
            keys: self.keys,
            key: None,
            blocks: Vec::new(),
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<BlockStruct, Error> {
        Ok(BlockStruct {
            type_name: self.type_name,
            keys: self.keys,
            inner: BodyStruct {
                body: BodyBuilder::new(),
                labels: Vec::new(),
                block: true,
            },
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_blocks(self.type_name, "an enum"))
    }
}
