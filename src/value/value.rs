//! Values: a type and its data, null and unknown values included.
//!
//! spec: model#values-and-value-types

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::capsule::{Capsule, CapsuleType};
use super::order::canonical_set;
use super::text::{nfc_arc, nfc_owned};
use super::types::{ObjectType, Type};
use crate::number::Number;

/// A value of the information model.
///
/// Every value has a [`Type`]. Each type has a null value and an unknown
/// value; the unknown value of the dynamic pseudo-type is *the dynamic
/// value*. Collections and structures may hold null and unknown parts.
/// Values are immutable and cheap to clone (composite parts are shared).
///
/// Invariants kept by the constructors: strings, map keys and attribute
/// names are in NFC; map and object entries are sorted by key; set elements
/// are distinct and in the order of [`Value::total_cmp`]; every element of
/// a collection has the collection's element type.
///
/// ```
/// use hcl_native::value::{Type, Value};
///
/// let ports = Value::list(Type::Number, vec![Value::from(80), Value::from(443)]).unwrap();
/// let svc = Value::object([("name", Value::from("web")), ("ports", ports)]);
/// assert_eq!(svc.ty().to_string(), "object({name = string, ports = list(number)})");
/// assert_eq!(svc.get("name").and_then(|v| v.as_str()), Some("web"));
/// assert!(svc.is_wholly_known());
/// ```
#[derive(Clone)]
pub struct Value(pub(crate) Repr);

// A full-width tag keeps every payload 8-byte aligned, so copies of values
// are aligned moves (see the same note on `Number`).
#[derive(Clone)]
#[repr(u64)]
pub(crate) enum Repr {
    Null(Type),
    Unknown(Type),
    Bool(bool),
    Number(Number),
    String(Arc<str>),
    List(Arc<Seq>),
    Set(Arc<Seq>),
    Tuple(Arc<Seq>),
    Map(Arc<Entries>),
    Object(Arc<Entries>),
    /// Behind a pointer of its own, so that a value is 24 bytes rather
    /// than the 32 a capsule's two handles would make every value.
    Capsule(Arc<Capsule>),
}

// Values fill collections, so their size is most of a decoded
// configuration's memory: kept at three words.
const _: () = assert!(std::mem::size_of::<Value>() == 24);

pub(crate) struct Seq {
    pub(crate) ty: Type,
    pub(crate) items: Items<Value>,
    /// No item is or holds an unknown value: kept so that asking costs
    /// nothing however much of the value is shared (a list holding one big
    /// list a thousand times would otherwise be walked a thousand times).
    pub(crate) known: bool,
}

pub(crate) struct Entries {
    pub(crate) ty: Type,
    pub(crate) entries: Items<(Arc<str>, Value)>,
    /// As [`Seq::known`].
    pub(crate) known: bool,
}

/// A collection's items or a structure's entries. One item is kept in the
/// collection's own allocation rather than in a buffer of its own: one
/// allocation less for each one-item collection, and one dependent load
/// less per level when a walk descends through one-item collections (a
/// tuple nested 100,000 deep costs one cache miss per level instead of
/// two).
pub(crate) enum Items<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> Items<T> {
    /// Takes the items out, leaving none.
    fn take(&mut self) -> Items<T> {
        std::mem::replace(self, Items::Many(Vec::new()))
    }
}

impl<T> std::ops::Deref for Items<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Items::One(v) => std::slice::from_ref(v),
            Items::Many(vs) => vs,
        }
    }
}

impl<T> From<Vec<T>> for Items<T> {
    fn from(items: Vec<T>) -> Items<T> {
        match <[T; 1]>::try_from(items) {
            Ok([v]) => Items::One(v),
            // a collection never grows: the room a collecting iterator
            // left over would be kept for the value's whole life (a map
            // of two entries converted from an object held four)
            Err(mut items) => {
                items.shrink_to_fit();
                Items::Many(items)
            }
        }
    }
}

impl Seq {
    fn new(ty: Type, items: Vec<Value>) -> Arc<Seq> {
        let known = items.iter().all(Value::is_wholly_known);
        Arc::new(Seq {
            ty,
            items: items.into(),
            known,
        })
    }
}

impl Entries {
    fn new(ty: Type, entries: Vec<(Arc<str>, Value)>) -> Arc<Entries> {
        let known = entries.iter().all(|(_, v)| v.is_wholly_known());
        Arc::new(Entries {
            ty,
            entries: entries.into(),
            known,
        })
    }
}

// Dropping the last owner of a deeply nested value would recurse once per
// level; `drop_parts` takes the parts out of each level this was the last
// owner of and drops them in a loop instead.
impl Drop for Seq {
    fn drop(&mut self) {
        drop_parts(Parts::Items(self.items.take().into_iter()));
    }
}

impl Drop for Entries {
    fn drop(&mut self) {
        drop_parts(Parts::Entries(self.entries.take().into_iter()));
    }
}

/// The items of a collection or structure, by value.
pub(crate) enum ItemsIter<T> {
    One(Option<T>),
    Many(std::vec::IntoIter<T>),
}

impl<T> Iterator for ItemsIter<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        match self {
            ItemsIter::One(v) => v.take(),
            ItemsIter::Many(vs) => vs.next(),
        }
    }
}

impl<T> ItemsIter<T> {
    fn is_done(&self) -> bool {
        match self {
            ItemsIter::One(v) => v.is_none(),
            ItemsIter::Many(vs) => vs.len() == 0,
        }
    }
}

impl<T> IntoIterator for Items<T> {
    type Item = T;
    type IntoIter = ItemsIter<T>;

    fn into_iter(self) -> ItemsIter<T> {
        match self {
            Items::One(v) => ItemsIter::One(Some(v)),
            Items::Many(vs) => ItemsIter::Many(vs.into_iter()),
        }
    }
}

/// The values held by a collection or a structure being dropped.
enum Parts {
    Items(ItemsIter<Value>),
    Entries(ItemsIter<(Arc<str>, Value)>),
}

impl Parts {
    fn next(&mut self) -> Option<Value> {
        match self {
            Parts::Items(it) => it.next(),
            Parts::Entries(it) => it.next().map(|(_, v)| v),
        }
    }

    fn is_done(&self) -> bool {
        match self {
            Parts::Items(it) => it.is_done(),
            Parts::Entries(it) => it.is_done(),
        }
    }
}

/// Drops `parts` without recursing however deep they nest: a part that
/// holds values of its own, and whose last owner this is, has them taken
/// out before it is dropped, and they are dropped by this loop (depth
/// first; a level with nothing left waits on no stack). The work list
/// holds only levels with parts still to drop, and is allocated only when
/// one branches.
fn drop_parts(mut current: Parts) {
    let mut waiting: Vec<Parts> = Vec::new();
    loop {
        while let Some(v) = current.next() {
            if let Some(inner) = v.into_parts() {
                if current.is_done() {
                    current = inner;
                } else {
                    waiting.push(std::mem::replace(&mut current, inner));
                }
            }
        }
        match waiting.pop() {
            Some(parts) => current = parts,
            None => return,
        }
    }
}

impl Value {
    /// The values this value holds, taken out of it when it is their last
    /// owner; the value itself is dropped, shallowly.
    fn into_parts(self) -> Option<Parts> {
        match self.0 {
            Repr::List(mut s) | Repr::Set(mut s) | Repr::Tuple(mut s) => {
                let seq = Arc::get_mut(&mut s)?;
                let items = seq.items.take();
                (!items.is_empty()).then(|| Parts::Items(items.into_iter()))
            }
            Repr::Map(mut e) | Repr::Object(mut e) => {
                let entries = Arc::get_mut(&mut e)?;
                let entries = entries.entries.take();
                (!entries.is_empty()).then(|| Parts::Entries(entries.into_iter()))
            }
            _ => None,
        }
    }
}

/// A borrowed view of a value, for matching on its kind.
///
/// ```
/// use hcl_native::value::{Value, ValueRef};
///
/// match Value::from("hi").kind() {
///     ValueRef::String(s) => assert_eq!(s, "hi"),
///     _ => unreachable!(),
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub enum ValueRef<'a> {
    /// The null value of a type.
    Null(&'a Type),
    /// The unknown value of a type (the dynamic value when the type is
    /// dynamic).
    Unknown(&'a Type),
    /// A known bool.
    Bool(bool),
    /// A known number.
    Number(&'a Number),
    /// A known string (NFC).
    String(&'a str),
    /// A list's elements in order.
    List(&'a [Value]),
    /// A set's distinct elements in [`Value::total_cmp`] order.
    Set(&'a [Value]),
    /// A tuple's elements.
    Tuple(&'a [Value]),
    /// A map's entries sorted by key.
    Map(&'a [(Arc<str>, Value)]),
    /// An object's attributes sorted by name.
    Object(&'a [(Arc<str>, Value)]),
    /// A capsule value.
    Capsule(&'a Capsule),
}

/// A collection element whose type is not the collection's element type.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ElementTypeError {
    /// The element's position (for a map, in the order given).
    pub index: usize,
    /// The collection's element type.
    pub expected: Type,
    /// The element's type.
    pub found: Type,
}

impl fmt::Display for ElementTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "element {} has type {}, but the collection's element type is {}",
            self.index, self.found, self.expected
        )
    }
}

impl std::error::Error for ElementTypeError {}

fn check_elements<'a>(element: &Type, items: impl Iterator<Item = &'a Value>) -> Result<(), ElementTypeError> {
    for (index, v) in items.enumerate() {
        if !v.has_type(element) {
            return Err(ElementTypeError {
                index,
                expected: element.clone(),
                found: v.ty(),
            });
        }
    }
    Ok(())
}

impl Value {
    /// The null value of `ty`.
    ///
    /// spec: model#null-values
    pub fn null(ty: Type) -> Value {
        Value(Repr::Null(ty))
    }

    /// The unknown value of `ty`.
    ///
    /// spec: model#unknown-values-and-the-dynamic-pseudo-type
    pub fn unknown(ty: Type) -> Value {
        Value(Repr::Unknown(ty))
    }

    /// The dynamic value: the unknown value of the dynamic pseudo-type.
    pub fn dynamic() -> Value {
        Value(Repr::Unknown(Type::Dynamic))
    }

    /// A bool.
    pub fn bool(b: bool) -> Value {
        Value(Repr::Bool(b))
    }

    /// A number.
    pub fn number(n: Number) -> Value {
        Value(Repr::Number(n))
    }

    /// A string, normalised to NFC.
    ///
    /// ```
    /// use hcl_native::value::Value;
    /// assert_eq!(Value::string("e\u{301}").as_str(), Some("\u{e9}"));
    /// ```
    pub fn string(s: impl AsRef<str>) -> Value {
        Value(Repr::String(nfc_arc(s.as_ref())))
    }

    /// A list of `element` values. Every item must have exactly that type
    /// (null and unknown items of that type included).
    ///
    /// spec: model#collection-types
    pub fn list(element: Type, items: Vec<Value>) -> Result<Value, ElementTypeError> {
        check_elements(&element, items.iter())?;
        Ok(Value(Repr::List(Seq::new(Type::list(element), items))))
    }

    /// A set of `element` values: equal items are kept once, and the set
    /// iterates in [`Value::total_cmp`] order. Unknown items are never
    /// merged (they may or may not turn out equal).
    ///
    /// ```
    /// use hcl_native::value::{Type, Value};
    /// let s = Value::set(Type::String, vec!["b".into(), "a".into(), "b".into()]).unwrap();
    /// let items: Vec<_> = s.elements().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    /// assert_eq!(items, ["a", "b"]);
    /// ```
    pub fn set(element: Type, items: Vec<Value>) -> Result<Value, ElementTypeError> {
        check_elements(&element, items.iter())?;
        let items = canonical_set(&element, items, &crate::meter::Meter::unlimited());
        Ok(Value(Repr::Set(Seq::new(Type::set(element), items))))
    }

    /// A map of `element` values. Keys are normalised to NFC and sorted;
    /// when a key repeats, the last entry wins.
    pub fn map<K: AsRef<str>>(
        element: Type,
        entries: impl IntoIterator<Item = (K, Value)>,
    ) -> Result<Value, ElementTypeError> {
        let entries: Vec<(K, Value)> = entries.into_iter().collect();
        check_elements(&element, entries.iter().map(|(_, v)| v))?;
        let entries = sorted_entries(entries);
        Ok(Value(Repr::Map(Entries::new(Type::map(element), entries))))
    }

    /// A tuple of the given elements; its type is the tuple of their types.
    ///
    /// spec: model#structural-types
    pub fn tuple(items: Vec<Value>) -> Value {
        let ty = Type::tuple(items.iter().map(Value::ty).collect());
        Value(Repr::Tuple(Seq::new(ty, items)))
    }

    /// An object with the given attributes; its type is the object type of
    /// their types. Names are normalised to NFC; when a name repeats, the
    /// last one wins.
    pub fn object<K: AsRef<str>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Value {
        let entries = sorted_entries(attrs);
        let ty = Type::Object(Arc::new(ObjectType::from_sorted(
            entries.iter().map(|(k, v)| (k.clone(), v.ty())).collect(),
        )));
        Value(Repr::Object(Entries::new(ty, entries)))
    }

    /// An object of attributes named in NFC, in byte order, each once,
    /// whose type is `like` when that is the object type of their types
    /// (objects decoded by one spec share one type), and made afresh
    /// otherwise.
    pub(crate) fn object_sharing_type(attrs: Vec<(Arc<str>, Value)>, like: Option<&Type>) -> Value {
        let same = match like {
            Some(Type::Object(o)) => {
                o.attributes().len() == attrs.len()
                    && o.attributes()
                        .iter()
                        .zip(&attrs)
                        .all(|((n, t), (m, v))| n == m && !o.is_optional(n) && v.ty() == *t)
            }
            _ => false,
        };
        let ty = match like {
            Some(t) if same => t.clone(),
            _ => Type::Object(Arc::new(ObjectType::from_sorted(
                attrs.iter().map(|(k, v)| (k.clone(), v.ty())).collect(),
            ))),
        };
        Value(Repr::Object(Entries::new(ty, attrs)))
    }

    /// The empty tuple.
    pub fn empty_tuple() -> Value {
        Value::tuple(Vec::new())
    }

    /// The empty object.
    pub fn empty_object() -> Value {
        Value::object(std::iter::empty::<(&str, Value)>())
    }

    /// A value of a capsule type, wrapping the application's payload.
    pub fn capsule(ty: &CapsuleType, payload: Arc<dyn Any + Send + Sync>) -> Value {
        Value(Repr::Capsule(Arc::new(Capsule {
            ty: ty.clone(),
            payload,
        })))
    }

    /// The value's type. For a null or unknown value, the type it is the
    /// null or unknown value of.
    pub fn ty(&self) -> Type {
        match &self.0 {
            Repr::Null(t) | Repr::Unknown(t) => t.clone(),
            Repr::Bool(_) => Type::Bool,
            Repr::Number(_) => Type::Number,
            Repr::String(_) => Type::String,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.ty.clone(),
            Repr::Map(e) | Repr::Object(e) => e.ty.clone(),
            Repr::Capsule(c) => Type::Capsule(c.ty.clone()),
        }
    }

    /// Whether the value's type is identical to `ty`, without building the
    /// type.
    pub fn has_type(&self, ty: &Type) -> bool {
        match (&self.0, ty) {
            (Repr::Null(t) | Repr::Unknown(t), _) => t == ty,
            (Repr::Bool(_), Type::Bool) | (Repr::Number(_), Type::Number) | (Repr::String(_), Type::String) => true,
            (Repr::List(s) | Repr::Set(s) | Repr::Tuple(s), _) => &s.ty == ty,
            (Repr::Map(e) | Repr::Object(e), _) => &e.ty == ty,
            (Repr::Capsule(c), Type::Capsule(t)) => &c.ty == t,
            _ => false,
        }
    }

    /// A borrowed view for matching on the value's kind.
    pub fn kind(&self) -> ValueRef<'_> {
        match &self.0 {
            Repr::Null(t) => ValueRef::Null(t),
            Repr::Unknown(t) => ValueRef::Unknown(t),
            Repr::Bool(b) => ValueRef::Bool(*b),
            Repr::Number(n) => ValueRef::Number(n),
            Repr::String(s) => ValueRef::String(s),
            Repr::List(s) => ValueRef::List(&s.items),
            Repr::Set(s) => ValueRef::Set(&s.items),
            Repr::Tuple(s) => ValueRef::Tuple(&s.items),
            Repr::Map(e) => ValueRef::Map(&e.entries),
            Repr::Object(e) => ValueRef::Object(&e.entries),
            Repr::Capsule(c) => ValueRef::Capsule(c),
        }
    }

    /// Whether this is a null value.
    pub fn is_null(&self) -> bool {
        matches!(self.0, Repr::Null(_))
    }

    /// Whether the value itself is known (its parts may still be unknown;
    /// see [`Value::is_wholly_known`]).
    pub fn is_known(&self) -> bool {
        !matches!(self.0, Repr::Unknown(_))
    }

    /// Whether the value and all of its parts are known.
    pub fn is_wholly_known(&self) -> bool {
        match &self.0 {
            Repr::Unknown(_) => false,
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => s.known,
            Repr::Map(e) | Repr::Object(e) => e.known,
            _ => true,
        }
    }

    /// Whether this is the dynamic value (the unknown value of the dynamic
    /// pseudo-type).
    pub fn is_dynamic_value(&self) -> bool {
        matches!(&self.0, Repr::Unknown(Type::Dynamic))
    }

    /// The bool, when this is a known bool.
    pub fn as_bool(&self) -> Option<bool> {
        match self.0 {
            Repr::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The number, when this is a known number.
    pub fn as_number(&self) -> Option<&Number> {
        match &self.0 {
            Repr::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The string, when this is a known string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.0 {
            Repr::String(s) => Some(s),
            _ => None,
        }
    }

    /// The shared NFC string, when this is a known string: a key made
    /// from it shares it rather than copying it.
    pub(crate) fn shared_str(&self) -> Option<&Arc<str>> {
        match &self.0 {
            Repr::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements of a known list, set or tuple.
    pub fn elements(&self) -> Option<&[Value]> {
        match &self.0 {
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => Some(&s.items),
            _ => None,
        }
    }

    /// The entries of a known map or object, sorted by key.
    pub fn entries(&self) -> Option<&[(Arc<str>, Value)]> {
        match &self.0 {
            Repr::Map(e) | Repr::Object(e) => Some(&e.entries),
            _ => None,
        }
    }

    /// The element of a known map, or attribute of a known object, named
    /// `key` (compared in NFC).
    pub fn get(&self, key: &str) -> Option<&Value> {
        let entries = self.entries()?;
        let key = super::text::nfc(key);
        entries
            .binary_search_by(|(k, _)| (**k).cmp(&*key))
            .ok()
            .map(|i| &entries[i].1)
    }

    /// The number of elements of a known collection or structure.
    pub fn length(&self) -> Option<usize> {
        match &self.0 {
            Repr::List(s) | Repr::Set(s) | Repr::Tuple(s) => Some(s.items.len()),
            Repr::Map(e) | Repr::Object(e) => Some(e.entries.len()),
            _ => None,
        }
    }

    /// The capsule, when this is a known capsule value.
    pub fn as_capsule(&self) -> Option<&Capsule> {
        match &self.0 {
            Repr::Capsule(c) => Some(c),
            _ => None,
        }
    }

    /// Builds a collection or structure of the same kind as `self` (which
    /// must be one) around new parts; used by conversions. The parts must
    /// satisfy the kind's invariants.
    /// A string already in NFC (a map key or attribute name), shared.
    pub(crate) fn string_nfc(s: Arc<str>) -> Value {
        Value(Repr::String(s))
    }

    pub(crate) fn list_unchecked(ty: Type, items: Vec<Value>) -> Value {
        Value(Repr::List(Seq::new(ty, items)))
    }

    /// A set, its elements ordered with comparisons counted on `m`.
    pub(crate) fn set_unchecked(element: &Type, ty: Type, items: Vec<Value>, m: &crate::meter::Meter) -> Value {
        let items = canonical_set(element, items, m);
        Value(Repr::Set(Seq::new(ty, items)))
    }

    pub(crate) fn map_unchecked(ty: Type, entries: Vec<(Arc<str>, Value)>) -> Value {
        Value(Repr::Map(Entries::new(ty, entries)))
    }

    /// An object whose type the caller already has (every entry must have
    /// the attribute's type; entries sorted).
    pub(crate) fn object_typed(ty: Type, entries: Vec<(Arc<str>, Value)>) -> Value {
        Value(Repr::Object(Entries::new(ty, entries)))
    }

    /// An object of attributes whose names are NFC already (the model's
    /// strings, or names made NFC), in any order; when a name repeats, the
    /// last one wins. No name is copied.
    pub(crate) fn object_nfc(entries: Vec<(Arc<str>, Value)>) -> Value {
        Value::object_sorted(super::text::sorted_nfc_names(entries))
    }

    pub(crate) fn object_sorted(entries: Vec<(Arc<str>, Value)>) -> Value {
        let ty = Type::Object(Arc::new(ObjectType::from_sorted(
            entries.iter().map(|(k, v)| (k.clone(), v.ty())).collect(),
        )));
        Value(Repr::Object(Entries::new(ty, entries)))
    }
}

fn sorted_entries<K: AsRef<str>>(entries: impl IntoIterator<Item = (K, Value)>) -> Vec<(Arc<str>, Value)> {
    super::text::sorted_by_name(entries)
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::bool(b)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value(Repr::String(nfc_owned(s)))
    }
}

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::number(n)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::number(Number::from(i))
    }
}

impl From<i32> for Value {
    fn from(i: i32) -> Value {
        Value::number(Number::from(i))
    }
}

/// Integers of the other widths, as numbers.
macro_rules! from_integer {
    ($($t:ty),*) => {$(
        impl From<$t> for Value {
            fn from(i: $t) -> Value {
                Value::number(Number::try_from_bigint(num_bigint::BigInt::from(i)).expect("a machine integer fits a number"))
            }
        }
    )*};
}
from_integer!(i8, i16, i128, isize, u8, u16, u32, u64, u128, usize);

impl From<f64> for Value {
    /// The number with the shortest decimal digits that read back as `f`
    /// (what Rust and JSON print for it: `0.1` is 0.1, not the binary
    /// fraction nearest it; [`Number::from_f64`] gives that); an infinity
    /// is the infinite number. NaN, which is no number of the information
    /// model, is the null number.
    ///
    /// ```
    /// use hcl_native::value::{Type, Value};
    ///
    /// assert_eq!(Value::from(0.1).to_string(), "0.1");
    /// assert_eq!(Value::from(f64::NAN), Value::null(Type::Number));
    /// ```
    fn from(f: f64) -> Value {
        match shortest_f64(f) {
            Some(n) => Value::number(n),
            None => Value::null(Type::Number),
        }
    }
}

/// The number with the shortest decimal digits that read back as `f` (an
/// `f64`, or an `f32` as its own width reads it); an infinity as itself,
/// none for NaN.
pub(crate) fn shortest_f64<F: Into<f64> + fmt::LowerExp + Copy>(f: F) -> Option<Number> {
    let wide: f64 = f.into();
    if !wide.is_finite() {
        return Number::from_f64(wide);
    }
    // `{:e}` writes the shortest digits that round-trip at `F`'s width
    Number::from_literal(&format!("{f:e}")).ok()
}

impl From<f32> for Value {
    /// The number with the shortest decimal digits that read back as `f`
    /// as an `f32` (`0.1f32` is 0.1), as for `f64`.
    fn from(f: f32) -> Value {
        match shortest_f64(f) {
            Some(n) => Value::number(n),
            None => Value::null(Type::Number),
        }
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    /// The value, or the null value of the dynamic type for `None`.
    fn from(v: Option<T>) -> Value {
        v.map_or_else(|| Value::null(Type::Dynamic), Into::into)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    /// A tuple of the elements (what `[...]` gives in HCL; convert it to a
    /// list with [`crate::convert::convert`]).
    ///
    /// ```
    /// use hcl_native::value::Value;
    ///
    /// assert_eq!(Value::from(vec![1, 2]).to_string(), "[1, 2]");
    /// ```
    fn from(items: Vec<T>) -> Value {
        Value::tuple(items.into_iter().map(Into::into).collect())
    }
}

impl<K: AsRef<str>, V: Into<Value>> From<std::collections::BTreeMap<K, V>> for Value {
    /// An object of the entries (what `{...}` gives in HCL).
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use hcl_native::value::Value;
    ///
    /// let v = Value::from(BTreeMap::from([("region", "eu"), ("zone", "a")]));
    /// assert_eq!(v.to_string(), "{\n  region = \"eu\"\n  zone   = \"a\"\n}");
    /// ```
    fn from(entries: std::collections::BTreeMap<K, V>) -> Value {
        Value::object(entries.into_iter().map(|(k, v)| (k, v.into())))
    }
}

impl<K: AsRef<str>, V: Into<Value>, S> From<std::collections::HashMap<K, V, S>> for Value {
    /// An object of the entries, as for `BTreeMap`.
    fn from(entries: std::collections::HashMap<K, V, S>) -> Value {
        Value::object(entries.into_iter().map(|(k, v)| (k, v.into())))
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn seq(f: &mut fmt::Formatter<'_>, open: &str, items: &[Value], close: &str) -> fmt::Result {
            f.write_str(open)?;
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{v:?}")?;
            }
            f.write_str(close)
        }
        fn entries(f: &mut fmt::Formatter<'_>, open: &str, items: &[(Arc<str>, Value)], close: &str) -> fmt::Result {
            f.write_str(open)?;
            for (i, (k, v)) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{k:?} = {v:?}")?;
            }
            f.write_str(close)
        }
        crate::stack::with_stack(|| match &self.0 {
            Repr::Null(t) => write!(f, "null({t})"),
            Repr::Unknown(t) => write!(f, "unknown({t})"),
            Repr::Bool(b) => write!(f, "{b}"),
            Repr::Number(n) => write!(f, "{n}"),
            Repr::String(s) => write!(f, "{s:?}"),
            Repr::List(s) => seq(f, "list([", &s.items, "])"),
            Repr::Set(s) => seq(f, "set([", &s.items, "])"),
            Repr::Tuple(s) => seq(f, "[", &s.items, "]"),
            Repr::Map(e) => entries(f, "map({", &e.entries, "})"),
            Repr::Object(e) => entries(f, "{", &e.entries, "}"),
            Repr::Capsule(c) => write!(f, "capsule({})", c.ty.name()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_item_is_kept_in_the_collections_own_allocation() {
        let one = Value::tuple(vec![Value::from(1)]);
        let Repr::Tuple(s) = &one.0 else { unreachable!() };
        assert!(matches!(s.items, Items::One(_)));
        let base = Arc::as_ptr(s) as usize;
        let item = s.items.as_ptr() as usize;
        assert!((base..base + std::mem::size_of::<Seq>()).contains(&item));

        let obj = Value::object([("a", Value::from(true))]);
        let Repr::Object(e) = &obj.0 else { unreachable!() };
        assert!(matches!(e.entries, Items::One(_)));
    }

    #[test]
    fn values_deeper_than_the_stack_drop_safely() {
        // On a 64 KiB stack: a drop that recursed once per level without
        // growing the stack would overflow at a few hundred levels. Shared
        // levels are left to their other owner.
        std::thread::Builder::new()
            .stack_size(64 << 10)
            .spawn(|| {
                let deep = (0..200_000).fold(Value::from(1), |v, i| match i % 3 {
                    0 => Value::tuple(vec![v]),
                    1 => Value::object([("a", v), ("b", Value::from("x"))]),
                    _ => Value::tuple(vec![Value::from(2), v]),
                });
                let shared = deep.clone();
                drop(deep);
                assert!(shared.is_wholly_known());
                drop(shared);
            })
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn items_keep_their_order_at_every_length() {
        for n in 0..4 {
            let vs: Vec<Value> = (0..n).map(Value::from).collect();
            let items = Items::from(vs.clone());
            assert_eq!(items.len(), n as usize);
            assert!(items.iter().zip(&vs).all(|(a, b)| a.equals(b).as_bool() == Some(true)));
            assert_eq!(matches!(items, Items::One(_)), n == 1);
        }
    }
}
