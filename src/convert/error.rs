//! Why a conversion failed, and where in the value.

use std::fmt;
use std::sync::Arc;

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
