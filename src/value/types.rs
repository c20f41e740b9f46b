//! Types: primitive, collection, structural, the dynamic pseudo-type and
//! capsules; type identity and the *matches* relation of type
//! specifications.
//!
//! spec: model#values-and-value-types

use std::fmt;
use std::sync::Arc;

use super::capsule::CapsuleType;
use super::text::nfc_arc;

/// The type of a value.
///
/// `==` is type identity: primitive types are identical to themselves,
/// collection types of the same kind with identical element types, object
/// types with the same attribute names of identical types, tuple types with
/// identical element sequences, the dynamic pseudo-type only to itself and a
/// capsule type only to itself.
///
/// spec: model#structural-types
///
/// ```
/// use hcl_native::value::Type;
///
/// let a = Type::object([("name", Type::String), ("port", Type::Number)]);
/// let b = Type::object([("port", Type::Number), ("name", Type::String)]);
/// assert_eq!(a, b); // attribute order is not part of the type
/// assert_ne!(Type::list(Type::String), Type::set(Type::String));
/// assert_eq!(Type::list(Type::Number).to_string(), "list(number)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// A sequence of Unicode characters, compared in NFC.
    String,
    /// An arbitrary-precision number.
    Number,
    /// `true` or `false`.
    Bool,
    /// An ordered sequence of values of one element type.
    List(Arc<Type>),
    /// An unordered set of distinct values of one element type.
    Set(Arc<Type>),
    /// Values of one element type under string keys.
    Map(Arc<Type>),
    /// Named attributes, each with its own type.
    Object(Arc<ObjectType>),
    /// A sequence of elements, each with its own type.
    Tuple(Arc<Vec<Type>>),
    /// The dynamic pseudo-type: a placeholder for a type not yet known.
    ///
    /// spec: model#unknown-values-and-the-dynamic-pseudo-type
    Dynamic,
    /// An application-defined opaque type.
    Capsule(CapsuleType),
}

/// The attributes of an object type: names in NFC, sorted by code point.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ObjectType {
    attrs: Vec<(Arc<str>, Type)>,
}

impl ObjectType {
    /// The attributes in name order.
    pub fn attributes(&self) -> &[(Arc<str>, Type)] {
        &self.attrs
    }

    /// The type of the attribute `name`, if there is one.
    pub fn attribute(&self, name: &str) -> Option<&Type> {
        let name = super::text::nfc(name);
        self.attrs
            .binary_search_by(|(n, _)| (**n).cmp(&*name))
            .ok()
            .map(|i| &self.attrs[i].1)
    }

    pub(crate) fn from_sorted(attrs: Vec<(Arc<str>, Type)>) -> ObjectType {
        debug_assert!(attrs.windows(2).all(|w| w[0].0 < w[1].0));
        ObjectType { attrs }
    }
}

impl Type {
    /// `list(element)`.
    pub fn list(element: Type) -> Type {
        Type::List(Arc::new(element))
    }

    /// `set(element)`.
    pub fn set(element: Type) -> Type {
        Type::Set(Arc::new(element))
    }

    /// `map(element)`.
    pub fn map(element: Type) -> Type {
        Type::Map(Arc::new(element))
    }

    /// An object type. Names are normalised to NFC; when a name repeats,
    /// the last one wins.
    pub fn object<K: AsRef<str>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        let mut v: Vec<(Arc<str>, Type)> = attrs.into_iter().map(|(k, t)| (nfc_arc(k.as_ref()), t)).collect();
        // A stable sort keeps repeats in order, so keeping the last of each
        // run keeps the last one given.
        v.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<(Arc<str>, Type)> = Vec::with_capacity(v.len());
        for (k, t) in v {
            match out.last_mut() {
                Some(last) if last.0 == k => last.1 = t,
                _ => out.push((k, t)),
            }
        }
        Type::Object(Arc::new(ObjectType { attrs: out }))
    }

    /// The object type with no attributes.
    pub fn empty_object() -> Type {
        Type::Object(Arc::new(ObjectType::default()))
    }

    /// A tuple type.
    pub fn tuple(elements: Vec<Type>) -> Type {
        Type::Tuple(Arc::new(elements))
    }

    /// The tuple type with no elements.
    pub fn empty_tuple() -> Type {
        Type::tuple(Vec::new())
    }

    /// Whether this is string, number or bool.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// Whether this is a list, set or map type.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// Whether this is an object or tuple type.
    pub fn is_structural(&self) -> bool {
        matches!(self, Type::Object(_) | Type::Tuple(_))
    }

    /// The element type of a list, set or map type.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }

    /// The attributes of an object type.
    pub fn object_type(&self) -> Option<&ObjectType> {
        match self {
            Type::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The element types of a tuple type.
    pub fn tuple_elements(&self) -> Option<&[Type]> {
        match self {
            Type::Tuple(t) => Some(t),
            _ => None,
        }
    }

    /// Whether the dynamic pseudo-type occurs anywhere in this type.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic(),
            Type::Object(o) => o.attrs.iter().any(|(_, t)| t.has_dynamic()),
            Type::Tuple(t) => t.iter().any(Type::has_dynamic),
            _ => false,
        }
    }

    /// Whether this type *matches* the type specification `spec`: it is
    /// identical to it, or `spec` is the dynamic pseudo-type, or both are
    /// of the same kind and their parts match part for part. Not
    /// commutative: `list(string)` matches `list(dynamic)`, not the reverse.
    ///
    /// spec: model#type-specifications
    ///
    /// ```
    /// use hcl_native::value::Type;
    ///
    /// let spec = Type::list(Type::Dynamic);
    /// assert!(Type::list(Type::String).matches(&spec));
    /// assert!(Type::list(Type::map(Type::Number)).matches(&spec));
    /// assert!(!Type::set(Type::String).matches(&spec));
    /// assert!(!spec.matches(&Type::list(Type::String)));
    /// ```
    pub fn matches(&self, spec: &Type) -> bool {
        match (self, spec) {
            (_, Type::Dynamic) => true,
            (Type::List(a), Type::List(b)) | (Type::Set(a), Type::Set(b)) | (Type::Map(a), Type::Map(b)) => {
                a.matches(b)
            }
            (Type::Object(a), Type::Object(b)) => {
                a.attrs.len() == b.attrs.len()
                    && a.attrs
                        .iter()
                        .zip(b.attrs.iter())
                        .all(|((an, at), (bn, bt))| an == bn && at.matches(bt))
            }
            (Type::Tuple(a), Type::Tuple(b)) => a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.matches(y)),
            _ => self == spec,
        }
    }

    /// A short description for messages: `string`, `list of number`,
    /// `object`, `tuple`, `dynamic`, or a capsule type's name.
    pub fn friendly_name(&self) -> String {
        match self {
            Type::String => "string".into(),
            Type::Number => "number".into(),
            Type::Bool => "bool".into(),
            Type::List(e) => format!("list of {}", e.element_name()),
            Type::Set(e) => format!("set of {}", e.element_name()),
            Type::Map(e) => format!("map of {}", e.element_name()),
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
            Type::Dynamic => "dynamic".into(),
            Type::Capsule(c) => c.name().into(),
        }
    }

    fn element_name(&self) -> String {
        match self {
            Type::Dynamic => "any single type".into(),
            _ => self.friendly_name(),
        }
    }

    /// [`Type::friendly_name`] with an indefinite article ("a string", "an
    /// object").
    pub fn friendly_name_with_article(&self) -> String {
        let name = self.friendly_name();
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {name}")
    }
}

impl fmt::Display for Type {
    /// The type-expression form: `string`, `list(number)`,
    /// `object({name = string, port = number})`, `tuple([string, bool])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::String => f.write_str("string"),
            Type::Number => f.write_str("number"),
            Type::Bool => f.write_str("bool"),
            Type::List(e) => write!(f, "list({e})"),
            Type::Set(e) => write!(f, "set({e})"),
            Type::Map(e) => write!(f, "map({e})"),
            Type::Object(o) => {
                f.write_str("object({")?;
                for (i, (name, t)) in o.attrs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    if is_identifier(name) {
                        write!(f, "{name} = {t}")?;
                    } else {
                        write!(f, "{name:?} = {t}")?;
                    }
                }
                f.write_str("})")
            }
            Type::Tuple(t) => {
                f.write_str("tuple([")?;
                for (i, e) in t.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str("])")
            }
            Type::Dynamic => f.write_str("dynamic"),
            Type::Capsule(c) => write!(f, "capsule({})", c.name()),
        }
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(unicode_xid::UnicodeXID::is_xid_start)
        && chars.all(|c| c == '-' || unicode_xid::UnicodeXID::is_xid_continue(c))
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
