//! Types: primitive, collection, structural, the dynamic pseudo-type and
//! capsules; type identity and the *matches* relation of type
//! specifications.
//!
//! spec: model#values-and-value-types

use std::fmt;
use std::sync::Arc;

use super::capsule::CapsuleType;

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
#[derive(Clone)]
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

/// The attributes of an object type: names in NFC, sorted by code point,
/// some of them perhaps *optional*.
///
/// Optional attributes are a go-cty extension that type constraints use
/// (`object({name = string, port = optional(number)})`, see
/// [`crate::typeexpr`]): they matter only when the type is the target of a
/// conversion, where a map may lack an optional attribute's key (it becomes
/// null). No value's type has optional attributes: a conversion's result
/// has the type without them ([`Type::without_optional_attributes`]). Two
/// object types that differ only in which attributes are optional are not
/// identical, as in the reference.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ObjectType {
    attrs: Vec<(Arc<str>, Type)>,
    /// Empty when no attribute is optional, else one flag per attribute.
    optional: Box<[bool]>,
    /// Whether an optional attribute occurs here or in any type within.
    optional_within: bool,
}

impl ObjectType {
    /// The attributes in name order.
    pub fn attributes(&self) -> &[(Arc<str>, Type)] {
        &self.attrs
    }

    /// The type of the attribute `name`, if there is one.
    pub fn attribute(&self, name: &str) -> Option<&Type> {
        self.position(name).map(|i| &self.attrs[i].1)
    }

    fn position(&self, name: &str) -> Option<usize> {
        let name = super::text::nfc(name);
        self.attrs.binary_search_by(|(n, _)| (**n).cmp(&*name)).ok()
    }

    /// Whether the attribute `name` is optional (false when there is no
    /// such attribute).
    pub fn is_optional(&self, name: &str) -> bool {
        !self.optional.is_empty() && self.position(name).is_some_and(|i| self.optional[i])
    }

    /// Whether the attribute at `index` of [`ObjectType::attributes`] is
    /// optional.
    pub(crate) fn is_optional_at(&self, index: usize) -> bool {
        self.optional.get(index).copied().unwrap_or(false)
    }

    /// The names of the optional attributes, in name order.
    pub fn optional_attributes(&self) -> impl Iterator<Item = &Arc<str>> + '_ {
        self.attrs
            .iter()
            .enumerate()
            .filter(|(i, _)| self.is_optional_at(*i))
            .map(|(_, (name, _))| name)
    }

    pub(crate) fn from_sorted(attrs: Vec<(Arc<str>, Type)>) -> ObjectType {
        debug_assert!(attrs.windows(2).all(|w| w[0].0 < w[1].0));
        let optional_within = attrs.iter().any(|(_, t)| t.has_optional_attributes());
        ObjectType {
            attrs,
            optional: Box::default(),
            optional_within,
        }
    }

    fn with_optional(attrs: Vec<(Arc<str>, Type)>, optional: Vec<bool>) -> ObjectType {
        let mut o = ObjectType::from_sorted(attrs);
        if optional.iter().any(|o| *o) {
            o.optional = optional.into_boxed_slice();
            o.optional_within = true;
        }
        o
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
        let out = super::text::sorted_by_name(attrs);
        Type::Object(Arc::new(ObjectType::from_sorted(out)))
    }

    /// An object type whose attributes named in `optional` are optional
    /// (see [`ObjectType`]). Names are normalised to NFC; when a name
    /// repeats, the last one wins; a name in `optional` that is not an
    /// attribute is ignored.
    ///
    /// ```
    /// use hcl_native::value::Type;
    ///
    /// let t = Type::object_with_optional([("name", Type::String), ("port", Type::Number)], ["port"]);
    /// assert!(t.object_type().unwrap().is_optional("port"));
    /// assert_eq!(t.to_string(), "object({name = string, port = optional(number)})");
    /// assert_eq!(t.without_optional_attributes(), Type::object([("name", Type::String), ("port", Type::Number)]));
    /// ```
    pub fn object_with_optional<K: AsRef<str>, N: AsRef<str>>(
        attrs: impl IntoIterator<Item = (K, Type)>,
        optional: impl IntoIterator<Item = N>,
    ) -> Type {
        let attrs = super::text::sorted_by_name(attrs);
        let mut flags = vec![false; attrs.len()];
        for name in optional {
            let name = super::text::nfc(name.as_ref());
            if let Ok(i) = attrs.binary_search_by(|(n, _)| (**n).cmp(&*name)) {
                flags[i] = true;
            }
        }
        Type::Object(Arc::new(ObjectType::with_optional(attrs, flags)))
    }

    /// Whether an object type with optional attributes occurs anywhere in
    /// this type.
    pub fn has_optional_attributes(&self) -> bool {
        // Object types remember the answer for everything within them, so
        // only the collections and tuples above them are walked.
        fn below_collections(mut t: &Type) -> &Type {
            while let Some(e) = t.element_type() {
                t = e;
            }
            t
        }
        let t = below_collections(self);
        let elements = match t {
            Type::Object(o) => return o.optional_within,
            Type::Tuple(ts) => ts,
            _ => return false,
        };
        // A tuple of primitives, objects and collections of them (the
        // common case: a tuple constructor's type) is answered without
        // the walk's allocations.
        let mut nested = false;
        for e in elements.iter() {
            match below_collections(e) {
                Type::Object(o) if o.optional_within => return true,
                Type::Tuple(_) => nested = true,
                _ => {}
            }
        }
        if !nested {
            return false;
        }
        let mut seen = std::collections::HashSet::new();
        let mut todo: Vec<&Type> = vec![t];
        while let Some(t) = todo.pop() {
            match t {
                Type::Object(o) if o.optional_within => return true,
                Type::List(e) | Type::Set(e) | Type::Map(e) => todo.push(e),
                Type::Tuple(ts) if ts.len() < 2 || seen.insert(Arc::as_ptr(ts) as usize) => todo.extend(ts.iter()),
                _ => {}
            }
        }
        false
    }

    /// This type with no attribute optional anywhere within it: the type
    /// of a value converted to this type. The type itself (shared, not
    /// rebuilt) when it has no optional attributes.
    pub fn without_optional_attributes(&self) -> Type {
        if !self.has_optional_attributes() {
            return self.clone();
        }
        crate::stack::with_stack(|| match self {
            Type::List(e) => Type::list(e.without_optional_attributes()),
            Type::Set(e) => Type::set(e.without_optional_attributes()),
            Type::Map(e) => Type::map(e.without_optional_attributes()),
            Type::Tuple(ts) => Type::tuple(ts.iter().map(Type::without_optional_attributes).collect()),
            Type::Object(o) => Type::Object(Arc::new(ObjectType::from_sorted(
                o.attrs
                    .iter()
                    .map(|(n, t)| (n.clone(), t.without_optional_attributes()))
                    .collect(),
            ))),
            _ => self.clone(),
        })
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
        // A loop over a work list rather than recursion: callers ask at
        // every level of deep types, so each answer should be quick.
        match self {
            Type::Dynamic => return true,
            Type::String | Type::Number | Type::Bool | Type::Capsule(_) => return false,
            _ => {}
        }
        let mut budget = SHORTCUT_BUDGET;
        if let Some(answer) = dynamic_within(self, &mut budget) {
            return answer;
        }
        self.any_part(|t| matches!(t, Type::Dynamic))
    }

    /// Whether `pred` holds for this type or for any type within it. A
    /// loop over a work list rather than recursion, where each shared part
    /// is looked at once (see `Seen`): a type may hold one big part many
    /// times, exponentially many in the depth of the sharing. (Only parts
    /// of two or more parts are remembered, as in `pair`.)
    pub(crate) fn any_part(&self, pred: impl Fn(&Type) -> bool) -> bool {
        let mut seen = std::collections::HashSet::new();
        let mut first_time = |a: *const (), width: usize| width < 2 || seen.insert(a as usize);
        let mut todo: Vec<&Type> = vec![self];
        while let Some(t) = todo.pop() {
            if pred(t) {
                return true;
            }
            match t {
                Type::List(e) | Type::Set(e) | Type::Map(e) => todo.push(e),
                Type::Object(o) if first_time(Arc::as_ptr(o) as *const (), o.attrs.len()) => {
                    todo.extend(o.attrs.iter().map(|(_, t)| t))
                }
                Type::Tuple(ts) if first_time(Arc::as_ptr(ts) as *const (), ts.len()) => todo.extend(ts.iter()),
                _ => {}
            }
        }
        false
    }

    /// `true` when this type is surely identical to `other`, found by
    /// looking at no more than `SHORTCUT_BUDGET` type nodes; `false`
    /// when it is not identical or the budget ran out. Recursive
    /// operations use it as a shortcut at every level, so their cost stays
    /// linear in the depth of the types however deep they are.
    pub(crate) fn surely_identical(&self, other: &Type) -> bool {
        let mut budget = SHORTCUT_BUDGET;
        identical_within(self, other, &mut budget) == Some(true)
    }

    /// `true` when the dynamic pseudo-type surely does not occur in this
    /// type, found within the same budget as [`Type::surely_identical`].
    pub(crate) fn surely_without_dynamic(&self) -> bool {
        let mut budget = SHORTCUT_BUDGET;
        dynamic_within(self, &mut budget) == Some(false)
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
        self.surely_identical(spec) || matches_memo(self, spec, &mut Seen::default())
    }

    /// A short description for messages: `string`, `list of number`,
    /// `object`, `tuple`, `dynamic`, or a capsule type's name.
    pub fn friendly_name(&self) -> String {
        crate::stack::with_stack(|| match self {
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
        })
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
        crate::stack::with_stack(|| self.write_to(f))
    }
}

/// A number that tells this type's node apart from every other node alive
/// (the address of its shared part), for memos of walks over values and
/// types that share parts; the same for the primitive and dynamic types,
/// which have no parts. `None` for a capsule type.
pub(crate) fn node_id(t: &Type) -> Option<usize> {
    Some(match t {
        Type::String => 1,
        Type::Number => 2,
        Type::Bool => 3,
        Type::Dynamic => 4,
        Type::List(e) | Type::Set(e) | Type::Map(e) => Arc::as_ptr(e) as usize,
        Type::Object(o) => Arc::as_ptr(o) as usize,
        Type::Tuple(t) => Arc::as_ptr(t) as usize,
        Type::Capsule(_) => return None,
    })
}

/// Whether this type's node has two or more parts (a tuple or object type
/// of two or more), the nodes where sharing multiplies the occurrences.
pub(crate) fn fans_out(t: &Type) -> bool {
    match t {
        Type::Object(o) => o.attrs.len() >= 2,
        Type::Tuple(t) => t.len() >= 2,
        _ => false,
    }
}

/// The most characters of a type's text that messages show.
const MESSAGE_TYPE_CHARS: usize = 200;

impl Type {
    /// The type's text (its `Display` form) for a message: cut off after
    /// about 200 characters, with `…` to say so. A type may hold one part
    /// exponentially many times; its full text could never be written, and
    /// this stops writing once the message has enough of it.
    pub(crate) fn message_text(&self) -> String {
        /// Takes text until `left` runs out, then fails the write, which
        /// ends the `Display` walk.
        struct Bounded {
            text: String,
            left: usize,
        }
        impl fmt::Write for Bounded {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                for c in s.chars() {
                    if self.left == 0 {
                        return Err(fmt::Error);
                    }
                    self.left -= 1;
                    self.text.push(c);
                }
                Ok(())
            }
        }
        let mut out = Bounded {
            text: String::new(),
            left: MESSAGE_TYPE_CHARS,
        };
        if fmt::write(&mut out, format_args!("{self}")).is_err() {
            out.text.push('…');
        }
        out.text
    }
}

impl Type {
    fn write_to(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
                        write!(f, "{name} = ")?;
                    } else {
                        write!(f, "{name:?} = ")?;
                    }
                    if o.is_optional_at(i) {
                        write!(f, "optional({t})")?;
                    } else {
                        write!(f, "{t}")?;
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

impl PartialEq for Type {
    /// Type identity. Small types are compared directly; bigger ones part
    /// by part, each pair of shared parts once (see `Seen` in this module).
    fn eq(&self, other: &Type) -> bool {
        let mut budget = SHORTCUT_BUDGET;
        match identical_within(self, other, &mut budget) {
            Some(answer) => answer,
            None => identical_memo(self, other, &mut Seen::default()),
        }
    }
}

impl Eq for Type {}

/// The most type nodes a hash looks at.
const HASH_NODES: usize = 32;

// Hashes at most `HASH_NODES` nodes, the first in a fixed order (each node
// before its parts, parts in order), so equal types hash alike, and a type
// that holds one part exponentially many times costs no more than a small
// one. Types that differ only further in hash alike; equality tells them
// apart.
impl std::hash::Hash for Type {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut left = HASH_NODES;
        let mut todo: Vec<&Type> = vec![self];
        while let Some(t) = todo.pop() {
            if left == 0 {
                break;
            }
            left -= 1;
            std::mem::discriminant(t).hash(state);
            match t {
                Type::List(e) | Type::Set(e) | Type::Map(e) => todo.push(e),
                Type::Object(o) => {
                    o.attrs.len().hash(state);
                    let first = &o.attrs[..o.attrs.len().min(left)];
                    first.iter().for_each(|(name, _)| name.hash(state));
                    todo.extend(first.iter().rev().map(|(_, t)| t));
                }
                Type::Tuple(ts) => {
                    ts.len().hash(state);
                    todo.extend(ts[..ts.len().min(left)].iter().rev());
                }
                Type::Capsule(c) => c.hash(state),
                _ => {}
            }
        }
    }
}

/// Pairs of compound type nodes, by address, already found to be related
/// in one walk over two types. Types share their parts as values do (the
/// type of a list that holds one big list a thousand times holds that
/// list's type a thousand times), so a walk that visited every occurrence
/// could take time exponential in the depth of the sharing; with this, it
/// visits each pair of shared parts once.
type Seen = std::collections::HashSet<(usize, usize)>;

/// `related(seen)` for the pair of parts `a` and `b`, which have `width`
/// parts each, remembered when true. Only parts of two or more parts are
/// remembered: sharing multiplies the work only through them, and a long
/// chain of single parts (a list of lists of lists...) is walked once
/// anyway, without the cost of remembering every link.
fn pair<A, B>(a: &Arc<A>, b: &Arc<B>, width: usize, seen: &mut Seen, related: impl FnOnce(&mut Seen) -> bool) -> bool {
    if width < 2 {
        return related(seen);
    }
    let key = (
        Arc::as_ptr(a) as *const () as usize,
        Arc::as_ptr(b) as *const () as usize,
    );
    if seen.contains(&key) {
        return true;
    }
    let answer = related(seen);
    if answer {
        seen.insert(key);
    }
    answer
}

/// Type identity, each pair of shared parts compared once.
fn identical_memo(a: &Type, b: &Type, seen: &mut Seen) -> bool {
    related(a, b, false, seen)
}

/// [`Type::matches`], each pair of shared parts compared once.
fn matches_memo(a: &Type, spec: &Type, seen: &mut Seen) -> bool {
    related(a, spec, true, seen)
}

/// Identity of `a` and `b`, or when `matching`, whether `a` matches the
/// specification `b` (whose dynamic parts accept anything).
fn related(a: &Type, b: &Type, matching: bool, seen: &mut Seen) -> bool {
    crate::stack::with_stack(|| match (a, b) {
        (_, Type::Dynamic) if matching => true,
        (Type::List(x), Type::List(y)) | (Type::Set(x), Type::Set(y)) | (Type::Map(x), Type::Map(y)) => {
            Arc::ptr_eq(x, y) || related(x, y, matching, seen)
        }
        (Type::Object(x), Type::Object(y)) => {
            Arc::ptr_eq(x, y)
                || (x.attrs.len() == y.attrs.len()
                    && (matching || x.optional == y.optional)
                    && pair(x, y, x.attrs.len(), seen, |seen| {
                        x.attrs
                            .iter()
                            .zip(y.attrs.iter())
                            .all(|((nx, tx), (ny, ty))| nx == ny && related(tx, ty, matching, seen))
                    }))
        }
        (Type::Tuple(x), Type::Tuple(y)) => {
            Arc::ptr_eq(x, y)
                || (x.len() == y.len()
                    && pair(x, y, x.len(), seen, |seen| {
                        x.iter().zip(y.iter()).all(|(tx, ty)| related(tx, ty, matching, seen))
                    }))
        }
        (Type::Capsule(x), Type::Capsule(y)) => x == y,
        (Type::String, Type::String)
        | (Type::Number, Type::Number)
        | (Type::Bool, Type::Bool)
        | (Type::Dynamic, Type::Dynamic) => true,
        _ => false,
    })
}

/// How many type nodes a shortcut check may look at.
const SHORTCUT_BUDGET: usize = 64;

/// Type identity, or `None` once `budget` nodes have been looked at.
fn identical_within(a: &Type, b: &Type, budget: &mut usize) -> Option<bool> {
    *budget = budget.checked_sub(1)?;
    Some(match (a, b) {
        (Type::String, Type::String)
        | (Type::Number, Type::Number)
        | (Type::Bool, Type::Bool)
        | (Type::Dynamic, Type::Dynamic) => true,
        (Type::List(a), Type::List(b)) | (Type::Set(a), Type::Set(b)) | (Type::Map(a), Type::Map(b)) => {
            Arc::ptr_eq(a, b) || identical_within(a, b, budget)?
        }
        (Type::Object(a), Type::Object(b)) => {
            if Arc::ptr_eq(a, b) {
                return Some(true);
            }
            if a.attrs.len() != b.attrs.len() || a.optional != b.optional {
                return Some(false);
            }
            for ((na, ta), (nb, tb)) in a.attrs.iter().zip(b.attrs.iter()) {
                if na != nb || !identical_within(ta, tb, budget)? {
                    return Some(false);
                }
            }
            true
        }
        (Type::Tuple(a), Type::Tuple(b)) => {
            if Arc::ptr_eq(a, b) {
                return Some(true);
            }
            if a.len() != b.len() {
                return Some(false);
            }
            for (ta, tb) in a.iter().zip(b.iter()) {
                if !identical_within(ta, tb, budget)? {
                    return Some(false);
                }
            }
            true
        }
        (Type::Capsule(a), Type::Capsule(b)) => a == b,
        _ => false,
    })
}

/// Whether the dynamic pseudo-type occurs, or `None` once `budget` nodes
/// have been looked at.
fn dynamic_within(t: &Type, budget: &mut usize) -> Option<bool> {
    *budget = budget.checked_sub(1)?;
    Some(match t {
        Type::Dynamic => true,
        Type::List(e) | Type::Set(e) | Type::Map(e) => dynamic_within(e, budget)?,
        Type::Object(o) => {
            for (_, t) in &o.attrs {
                if dynamic_within(t, budget)? {
                    return Some(true);
                }
            }
            false
        }
        Type::Tuple(ts) => {
            for t in ts.iter() {
                if dynamic_within(t, budget)? {
                    return Some(true);
                }
            }
            false
        }
        _ => false,
    })
}

/// Whether `s` is a valid identifier (UAX #31 plus `-`).
pub(crate) fn is_identifier(s: &str) -> bool {
    // the one rule: the native syntax's identifier (a leading `_` included)
    crate::lexical::is_identifier(s)
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Placeholders left behind when a nested type is moved out to be dropped.
type Placeholders = (Arc<Type>, Arc<Vec<Type>>, Arc<ObjectType>);

fn placeholders() -> &'static Placeholders {
    static P: std::sync::OnceLock<Placeholders> = std::sync::OnceLock::new();
    P.get_or_init(|| {
        (
            Arc::new(Type::Dynamic),
            Arc::new(Vec::new()),
            Arc::new(ObjectType::default()),
        )
    })
}

impl Drop for Type {
    /// Dropping the last owner of a deeply nested type recurses once per
    /// level; each level runs on a fresh stack segment when the stack runs
    /// low, so no depth overflows it. With room left, the parts' own drops
    /// recurse here (each checking again), without moving them out.
    fn drop(&mut self) {
        if crate::stack::has_room() {
            return;
        }
        match self {
            Type::List(a) | Type::Set(a) | Type::Map(a) if Arc::strong_count(a) == 1 => {
                let inner = std::mem::replace(a, placeholders().0.clone());
                crate::stack::with_stack(move || drop(inner));
            }
            Type::Tuple(t) if Arc::strong_count(t) == 1 => {
                let inner = std::mem::replace(t, placeholders().1.clone());
                crate::stack::with_stack(move || drop(inner));
            }
            Type::Object(o) if Arc::strong_count(o) == 1 => {
                let inner = std::mem::replace(o, placeholders().2.clone());
                crate::stack::with_stack(move || drop(inner));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_attributes_are_found_in_tuples_with_and_without_the_walk() {
        let optional = Type::object_with_optional([("port", Type::Number)], ["port"]);
        let plain = Type::object([("port", Type::Number)]);
        // elements the quick pass answers for
        assert!(!Type::tuple(vec![Type::String, Type::Number, plain.clone()]).has_optional_attributes());
        assert!(Type::tuple(vec![Type::String, optional.clone()]).has_optional_attributes());
        assert!(Type::tuple(vec![Type::String, Type::list(Type::map(optional.clone()))]).has_optional_attributes());
        assert!(!Type::tuple(vec![Type::set(plain.clone()), Type::Bool]).has_optional_attributes());
        // nested tuples go through the walk
        let inner = Type::tuple(vec![Type::Number, Type::list(optional)]);
        assert!(Type::tuple(vec![Type::String, Type::tuple(vec![Type::Bool, inner])]).has_optional_attributes());
        let mut shared = Type::tuple(vec![plain.clone(), Type::Number]);
        for _ in 0..64 {
            shared = Type::tuple(vec![shared.clone(), shared]);
        }
        assert!(!shared.has_optional_attributes());
        assert!(!Type::tuple(vec![]).has_optional_attributes());
    }
}
