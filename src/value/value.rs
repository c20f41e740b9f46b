//! Values: a type and its data, null and unknown values included.
//!
//! spec: model#values-and-value-types

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use triomphe::HeaderSlice;

use super::capsule::{Capsule, CapsuleType};
use super::order::canonical_set;
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

// Every payload but a short string's bytes and a collection's `Known` is
// 8-byte aligned, at offset 8 after a byte tag: copies of values stay
// aligned moves (see the note on `Number`), and the flag shares the tag's
// word rather than taking one of the collection's own.
#[derive(Clone)]
pub(crate) enum Repr {
    Null(Type),
    Unknown(Type),
    /// An unknown value known not to be null, and nothing more: the
    /// commonest refinement, kept in the value itself.
    UnknownNotNull(Type),
    /// An unknown value with other refinements (never trivial ones, nor
    /// not-null alone: one value has one form).
    Refined(Arc<super::refine::Refined>),
    Bool(bool),
    Number(Number),
    /// A string longer than [`Short::MAX`] bytes (one count of owners
    /// before it, not std's two).
    String(triomphe::Arc<str>),
    /// A string of at most [`Short::MAX`] bytes (only these are short:
    /// one text has one form, so equal strings have equal forms).
    ShortString(Short),
    List(Known, Seq),
    Set(Known, Seq),
    Tuple(Known, Seq),
    Map(Known, Entries),
    Object(Known, Entries),
    /// Behind a pointer of its own, so that a value is 24 bytes rather
    /// than the 32 a capsule's two handles would make every value.
    Capsule(Arc<Capsule>),
}

/// A string kept in the value itself. Most strings of a configuration are
/// short (`"tcp"`, `"eu-west-1"`, `"web"`), and each would otherwise be an
/// allocation of its own: a value has room for fifteen bytes and their
/// length.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Short {
    len: u8,
    bytes: [u8; Short::MAX],
}

impl Short {
    pub(crate) const MAX: usize = 15;

    fn new(s: &str) -> Option<Short> {
        let mut bytes = [0; Short::MAX];
        bytes.get_mut(..s.len())?.copy_from_slice(s.as_bytes());
        Some(Short {
            len: s.len() as u8,
            bytes,
        })
    }

    pub(crate) fn as_str(&self) -> &str {
        // made from a `str`, so always UTF-8
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

/// A known string value in NFC, short ones kept in the value.
fn text(s: &str) -> Repr {
    match Short::new(s) {
        Some(short) => Repr::ShortString(short),
        None => Repr::String(triomphe::Arc::from(s)),
    }
}

// Values fill collections, so their size is most of a decoded
// configuration's memory: kept at three words.
const _: () = assert!(std::mem::size_of::<Value>() == 24);

/// What a collection or structure keeps beside its parts: its type.
pub(crate) struct Head {
    ty: Type,
}

/// Whether no part of a collection or structure is or holds an unknown
/// value: kept beside it in the value (the tag's word has room) so that
/// asking costs nothing however much of the value is shared (a list
/// holding one big list a thousand times would otherwise be walked a
/// thousand times).
pub(crate) type Known = bool;

/// A value of a collection or structure kind (`Repr::List` and the
/// others) made of `parts`, with whether all of them are known.
fn made<T: Part>(kind: fn(Known, Shared<T>) -> Repr, ty: Type, parts: Vec<T>) -> Value {
    let known = parts.iter().all(|p| p.value().is_wholly_known());
    Value(kind(known, Shared::new(ty, parts)))
}

/// A collection's items or a structure's entries, with its type, in one
/// allocation: the count of owners, the [`Head`] and the parts side by
/// side. (A header and a separate buffer of parts cost two allocations
/// and some sixty bytes more per collection; a decoded configuration is
/// mostly small collections.)
pub(crate) struct Shared<T: Part>(triomphe::Arc<HeaderSlice<Head, [T]>>);

/// The items of a list, set or tuple.
pub(crate) type Seq = Shared<Value>;

/// The entries of a map or object, sorted by key.
pub(crate) type Entries = Shared<(Arc<str>, Value)>;

/// A part of a collection or structure: the value it holds.
pub(crate) trait Part {
    fn value(&self) -> &Value;
    fn value_mut(&mut self) -> &mut Value;
}

impl Part for Value {
    fn value(&self) -> &Value {
        self
    }
    fn value_mut(&mut self) -> &mut Value {
        self
    }
}

impl Part for (Arc<str>, Value) {
    fn value(&self) -> &Value {
        &self.1
    }
    fn value_mut(&mut self) -> &mut Value {
        &mut self.1
    }
}

impl<T: Part> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T: Part> Shared<T> {
    fn new(ty: Type, parts: Vec<T>) -> Self {
        Shared(triomphe::Arc::from_header_and_vec(Head { ty }, parts))
    }

    pub(crate) fn ty(&self) -> &Type {
        &self.0.header.ty
    }

    pub(crate) fn parts(&self) -> &[T] {
        &self.0.slice
    }

    /// Whether `a` and `b` are the same allocation.
    pub(crate) fn same(a: &Self, b: &Self) -> bool {
        triomphe::Arc::ptr_eq(&a.0, &b.0)
    }

    /// The allocation's address, which names it while it lives.
    pub(crate) fn address(&self) -> usize {
        self.0.heap_ptr() as usize
    }

    /// Whether another value holds this one too.
    pub(crate) fn is_shared(&self) -> bool {
        !self.0.is_unique()
    }
}

/// A nested collection or structure being taken apart by a drop.
enum Level {
    Seq(Seq, usize),
    Entries(Entries, usize),
}

impl Level {
    /// The next nested part this level is the last owner of, taken out;
    /// and whether the level has parts left to look at.
    fn next(&mut self) -> (Option<Level>, bool) {
        fn step<T: Part>(s: &mut Shared<T>, next: &mut usize) -> (Option<Level>, bool) {
            match triomphe::Arc::get_mut(&mut s.0) {
                Some(own) => {
                    let found = take_owned(&mut own.slice, next);
                    (found, *next < own.slice.len())
                }
                None => (None, false),
            }
        }
        match self {
            Level::Seq(s, next) => step(s, next),
            Level::Entries(e, next) => step(e, next),
        }
    }
}

/// Looks through `parts` from `*next` for a non-empty collection or
/// structure that nothing else holds, and takes it out (a `false` stays
/// in its place, which drops without a walk).
fn take_owned<T: Part>(parts: &mut [T], next: &mut usize) -> Option<Level> {
    while let Some(p) = parts.get_mut(*next) {
        *next += 1;
        let v = p.value_mut();
        let owned = match &v.0 {
            Repr::List(_, s) | Repr::Set(_, s) | Repr::Tuple(_, s) => !s.is_shared() && !s.parts().is_empty(),
            Repr::Map(_, e) | Repr::Object(_, e) => !e.is_shared() && !e.parts().is_empty(),
            _ => false,
        };
        if owned {
            match std::mem::replace(v, Value(Repr::Bool(false))).0 {
                Repr::List(_, s) | Repr::Set(_, s) | Repr::Tuple(_, s) => return Some(Level::Seq(s, 0)),
                Repr::Map(_, e) | Repr::Object(_, e) => return Some(Level::Entries(e, 0)),
                other => *v = Value(other),
            }
        }
    }
    None
}

// Dropping the last owner of a deeply nested value would recurse once per
// level: the parts this is the last owner of are taken out level by level
// and dropped in a loop instead, depth first. The work list holds only
// levels with parts still to look at (a level whose last part was taken
// waits on no list), and is allocated only when one branches; a level
// taken apart drops without a walk (only `false` is left where its nested
// parts were).
impl<T: Part> Drop for Shared<T> {
    fn drop(&mut self) {
        let Some(own) = triomphe::Arc::get_mut(&mut self.0) else {
            return;
        };
        let mut next = 0;
        let mut waiting: Vec<Level> = Vec::new();
        loop {
            let (found, more) = match waiting.last_mut() {
                Some(level) => level.next(),
                None => match take_owned(&mut own.slice, &mut next) {
                    Some(level) => (Some(level), true),
                    None => return,
                },
            };
            if !more && !waiting.is_empty() {
                waiting.pop();
            }
            waiting.extend(found);
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
        Value(text(&super::text::nfc(s.as_ref())))
    }

    /// A list of `element` values. Every item must have exactly that type
    /// (null and unknown items of that type included).
    ///
    /// spec: model#collection-types
    pub fn list(element: Type, items: Vec<Value>) -> Result<Value, ElementTypeError> {
        check_elements(&element, items.iter())?;
        Ok(made(Repr::List, Type::list(element), items))
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
        Ok(made(Repr::Set, Type::set(element), items))
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
        Ok(made(Repr::Map, Type::map(element), entries))
    }

    /// A tuple of the given elements; its type is the tuple of their types.
    ///
    /// spec: model#structural-types
    pub fn tuple(items: Vec<Value>) -> Value {
        let ty = Type::tuple(items.iter().map(Value::ty).collect());
        made(Repr::Tuple, ty, items)
    }

    /// An object with the given attributes; its type is the object type of
    /// their types. Names are normalised to NFC; when a name repeats, the
    /// last one wins.
    pub fn object<K: AsRef<str>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Value {
        let entries = sorted_entries(attrs);
        let ty = Type::Object(Arc::new(ObjectType::from_sorted(
            entries.iter().map(|(k, v)| (k.clone(), v.ty())).collect(),
        )));
        made(Repr::Object, ty, entries)
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
        made(Repr::Object, ty, attrs)
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
            Repr::Null(t) | Repr::Unknown(t) | Repr::UnknownNotNull(t) => t.clone(),
            Repr::Refined(r) => r.ty.clone(),
            Repr::Bool(_) => Type::Bool,
            Repr::Number(_) => Type::Number,
            Repr::String(_) | Repr::ShortString(_) => Type::String,
            Repr::List(_, s) | Repr::Set(_, s) | Repr::Tuple(_, s) => s.ty().clone(),
            Repr::Map(_, e) | Repr::Object(_, e) => e.ty().clone(),
            Repr::Capsule(c) => Type::Capsule(c.ty.clone()),
        }
    }

    /// Whether the value's type is identical to `ty`, without building the
    /// type.
    pub fn has_type(&self, ty: &Type) -> bool {
        match (&self.0, ty) {
            (Repr::Null(t) | Repr::Unknown(t) | Repr::UnknownNotNull(t), _) => t == ty,
            (Repr::Refined(r), _) => r.ty == *ty,
            (Repr::Bool(_), Type::Bool)
            | (Repr::Number(_), Type::Number)
            | (Repr::String(_) | Repr::ShortString(_), Type::String) => true,
            (Repr::List(_, s) | Repr::Set(_, s) | Repr::Tuple(_, s), _) => s.ty() == ty,
            (Repr::Map(_, e) | Repr::Object(_, e), _) => e.ty() == ty,
            (Repr::Capsule(c), Type::Capsule(t)) => &c.ty == t,
            _ => false,
        }
    }

    /// A borrowed view for matching on the value's kind.
    pub fn kind(&self) -> ValueRef<'_> {
        match &self.0 {
            Repr::Null(t) => ValueRef::Null(t),
            Repr::Unknown(t) | Repr::UnknownNotNull(t) => ValueRef::Unknown(t),
            Repr::Refined(r) => ValueRef::Unknown(&r.ty),
            Repr::Bool(b) => ValueRef::Bool(*b),
            Repr::Number(n) => ValueRef::Number(n),
            Repr::String(s) => ValueRef::String(s),
            Repr::ShortString(s) => ValueRef::String(s.as_str()),
            Repr::List(_, s) => ValueRef::List(s.parts()),
            Repr::Set(_, s) => ValueRef::Set(s.parts()),
            Repr::Tuple(_, s) => ValueRef::Tuple(s.parts()),
            Repr::Map(_, e) => ValueRef::Map(e.parts()),
            Repr::Object(_, e) => ValueRef::Object(e.parts()),
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
        !matches!(self.0, Repr::Unknown(_) | Repr::UnknownNotNull(_) | Repr::Refined(_))
    }

    /// Whether the value and all of its parts are known.
    pub fn is_wholly_known(&self) -> bool {
        match &self.0 {
            Repr::Unknown(_) | Repr::UnknownNotNull(_) | Repr::Refined(_) => false,
            Repr::List(known, _) | Repr::Set(known, _) | Repr::Tuple(known, _) => *known,
            Repr::Map(known, _) | Repr::Object(known, _) => *known,
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
            Repr::String(s) => Some(&**s),
            Repr::ShortString(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The NFC string as a key, when this is a known string (a key is
    /// std's `Arc<str>`: a long string is copied into one, a short one
    /// made as `shared_short` makes it).
    pub(crate) fn shared_str(&self) -> Option<Arc<str>> {
        match &self.0 {
            Repr::String(s) => Some(Arc::from(&**s)),
            Repr::ShortString(s) => Some(super::text::shared_short(s.as_str())),
            _ => None,
        }
    }

    /// The elements of a known list, set or tuple.
    pub fn elements(&self) -> Option<&[Value]> {
        match &self.0 {
            Repr::List(_, s) | Repr::Set(_, s) | Repr::Tuple(_, s) => Some(s.parts()),
            _ => None,
        }
    }

    /// The entries of a known map or object, sorted by key.
    pub fn entries(&self) -> Option<&[(Arc<str>, Value)]> {
        match &self.0 {
            Repr::Map(_, e) | Repr::Object(_, e) => Some(e.parts()),
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
            Repr::List(_, s) | Repr::Set(_, s) | Repr::Tuple(_, s) => Some(s.parts().len()),
            Repr::Map(_, e) | Repr::Object(_, e) => Some(e.parts().len()),
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
        Value(match Short::new(&s) {
            Some(short) => Repr::ShortString(short),
            None => Repr::String(triomphe::Arc::from(&*s)),
        })
    }

    pub(crate) fn list_unchecked(ty: Type, items: Vec<Value>) -> Value {
        made(Repr::List, ty, items)
    }

    /// A set, its elements ordered with comparisons counted on `m`.
    pub(crate) fn set_unchecked(element: &Type, ty: Type, items: Vec<Value>, m: &crate::meter::Meter) -> Value {
        let items = canonical_set(element, items, m);
        made(Repr::Set, ty, items)
    }

    pub(crate) fn map_unchecked(ty: Type, entries: Vec<(Arc<str>, Value)>) -> Value {
        made(Repr::Map, ty, entries)
    }

    /// An object whose type the caller already has (every entry must have
    /// the attribute's type; entries sorted).
    pub(crate) fn object_typed(ty: Type, entries: Vec<(Arc<str>, Value)>) -> Value {
        made(Repr::Object, ty, entries)
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
        made(Repr::Object, ty, entries)
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
        Value::string(s)
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
            Repr::UnknownNotNull(t) => write!(f, "unknown({t}, not null)"),
            Repr::Refined(r) => write!(f, "unknown({}, {})", r.ty, r.refinement),
            Repr::Bool(b) => write!(f, "{b}"),
            Repr::Number(n) => write!(f, "{n}"),
            Repr::String(s) => write!(f, "{:?}", &**s),
            Repr::ShortString(s) => write!(f, "{:?}", s.as_str()),
            Repr::List(_, s) => seq(f, "list([", s.parts(), "])"),
            Repr::Set(_, s) => seq(f, "set([", s.parts(), "])"),
            Repr::Tuple(_, s) => seq(f, "[", s.parts(), "]"),
            Repr::Map(_, e) => entries(f, "map({", e.parts(), "})"),
            Repr::Object(_, e) => entries(f, "{", e.parts(), "}"),
            Repr::Capsule(c) => write!(f, "capsule({})", c.ty.name()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_kept_in_the_collections_own_allocation() {
        for n in [1, 3] {
            let t = Value::tuple((0..n).map(Value::from).collect());
            let Repr::Tuple(_, s) = &t.0 else { unreachable!() };
            let base = s.address();
            let item = s.parts().as_ptr() as usize;
            // the owner count and the head come first, then the parts
            assert!(
                (base + 1..=base + 8 + std::mem::size_of::<Head>()).contains(&item),
                "{base:x} {item:x}"
            );
        }
        let obj = Value::object([("a", Value::from(true)), ("b", Value::from(false))]);
        let Repr::Object(_, e) = &obj.0 else { unreachable!() };
        let item = e.parts().as_ptr() as usize;
        assert!((e.address() + 1..=e.address() + 8 + std::mem::size_of::<Head>()).contains(&item));
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
    fn parts_keep_their_order_at_every_length() {
        for n in 0..4 {
            let vs: Vec<Value> = (0..n).map(Value::from).collect();
            let seq = Seq::new(Type::Number, vs.clone());
            assert_eq!(seq.parts().len(), n as usize);
            assert!(seq
                .parts()
                .iter()
                .zip(&vs)
                .all(|(a, b)| a.equals(b).as_bool() == Some(true)));
        }
    }

    #[test]
    fn a_shared_part_outlives_the_drop_of_a_holder() {
        let inner = Value::tuple(vec![Value::from("kept"), Value::tuple(vec![Value::from(1)])]);
        let outer = Value::tuple(vec![inner.clone(), Value::tuple(vec![inner.clone()])]);
        drop(outer);
        assert_eq!(inner.elements().map(<[Value]>::len), Some(2));
        assert_eq!(inner.elements().unwrap()[0].as_str(), Some("kept"));
    }
}
