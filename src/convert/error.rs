//! Why a conversion failed, and where in the value.

use std::fmt;
use std::sync::Arc;

use super::types::exists;
use crate::diagnostic::quoted;
use crate::meter::Meter;
use crate::value::{ObjectType, Type};

/// One step from a value into one of its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PathStep {
    /// An object attribute.
    Attribute(Arc<str>),
    /// A list, set or tuple element by position.
    Index(usize),
    /// A map element by key.
    Key(Arc<str>),
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Attribute(name) => write!(f, "attribute {}", crate::diagnostic::quoted(name)),
            PathStep::Index(i) => write!(f, "element {i}"),
            PathStep::Key(k) => write!(f, "element {}", crate::diagnostic::quoted(k)),
        }
    }
}

/// A failed conversion: the path to the part that could not be converted
/// and what was wrong with it.
///
/// Displays as `attribute "ports", element 2: a number is required`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConversionError {
    /// From the converted value to the offending part (empty when the value
    /// itself is the problem).
    pub path: Vec<PathStep>,
    /// What was wrong, without the path.
    pub message: String,
}

impl ConversionError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        ConversionError {
            path: Vec::new(),
            message: message.into(),
        }
    }

    pub(crate) fn within(mut self, step: PathStep) -> Self {
        self.path.insert(0, step);
        self
    }
}

impl fmt::Display for ConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.path.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{step}")?;
        }
        if !self.path.is_empty() {
            f.write_str(": ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConversionError {}

/// Why no conversion from `got` to `want` exists (go-cty's
/// `MismatchMessage`): the attributes an object lacks, the first part that
/// does not convert, or the kind of value required.
pub(super) fn mismatch_message(got: &Type, want: &Type, m: &Meter) -> String {
    crate::stack::with_stack(|| match (got, want) {
        (Type::Object(g), Type::Object(w)) => objects(g, w, m),
        (Type::Tuple(_), Type::List(e)) if **e == Type::Dynamic => "all list elements must have the same type".into(),
        (Type::Tuple(_), Type::Set(e)) if **e == Type::Dynamic => "all set elements must have the same type".into(),
        (Type::Object(_), Type::Map(e)) if **e == Type::Dynamic => "all map elements must have the same type".into(),
        (Type::Tuple(ts), Type::List(e) | Type::Set(e)) => ts
            .iter()
            .enumerate()
            .find(|(_, t)| !exists(t, e, true, m))
            .map(|(i, t)| format!("element {i}: {}", mismatch_message(t, e, m)))
            .unwrap_or_else(|| format!("all elements must be {}", e.friendly_name_with_article())),
        (Type::Object(o), Type::Map(e)) => o
            .attributes()
            .iter()
            .find(|(_, t)| !exists(t, e, true, m))
            .map(|(name, t)| format!("element {}: {}", quoted(name), mismatch_message(t, e, m)))
            .unwrap_or_else(|| format!("all elements must be {}", e.friendly_name_with_article())),
        (Type::List(g) | Type::Set(g), Type::List(w)) => {
            format!("incorrect list element type: {}", mismatch_message(g, w, m))
        }
        (Type::List(g) | Type::Set(g), Type::Set(w)) => {
            format!("incorrect set element type: {}", mismatch_message(g, w, m))
        }
        (Type::Map(g), Type::Map(w)) => format!("incorrect map element type: {}", mismatch_message(g, w, m)),
        _ => format!("{} is required", want.friendly_name_with_article()),
    })
}

/// Why an object of type `got` does not convert to the object type `want`.
fn objects(got: &ObjectType, want: &ObjectType, m: &Meter) -> String {
    let missing: Vec<&Arc<str>> = want
        .attributes()
        .iter()
        .enumerate()
        .filter(|(i, (name, _))| got.attribute(name).is_none() && !want.is_optional_at(*i))
        .map(|(_, (name, _))| name)
        .collect();
    match missing.as_slice() {
        [] => {}
        [one] => return format!("attribute {} is required", quoted(one)),
        [a, b] => return format!("attributes {} and {} are required", quoted(a), quoted(b)),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|n| quoted(n)).collect();
            return format!("attributes {}, and {} are required", init.join(", "), quoted(last));
        }
    }
    // the first attribute (in name order) that does not convert even
    // unsafely, else the first that does not convert safely
    let mismatch = |unsafe_: bool| {
        want.attributes().iter().find_map(|(name, t)| {
            let g = got.attribute(name)?;
            (!exists(g, t, unsafe_, m)).then(|| format!("attribute {}: {}", quoted(name), mismatch_message(g, t, m)))
        })
    };
    mismatch(true)
        .or_else(|| mismatch(false))
        .unwrap_or_else(|| "incorrect object attributes".into())
}
