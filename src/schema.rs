//! Body schemata: the attributes and block types a body is expected to
//! hold, for both syntaxes (the information model's schema-driven
//! processing knows no syntax; `body` and `json_syntax` read bodies by
//! them). `hcl_native::body` re-exports them.
//!
//! spec: model#schema-driven-processing

use crate::diagnostic::quoted;
use std::fmt;

/// An attribute a body may (or must) define.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeSchema {
    /// The attribute's name.
    pub name: String,
    /// Whether a body without it is an error.
    pub required: bool,
}

/// A block type a body may hold, with the names of its labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockHeaderSchema {
    /// The block type name.
    pub type_name: String,
    /// The meaning of each label, in order (the count is what is checked).
    pub label_names: Vec<String>,
}

/// What is expected within a body. Build one with [`BodySchema::new`],
/// which rejects a schema naming an attribute twice, a block type twice,
/// or a block type that is also an attribute name.
///
/// ```
/// use hcl_native::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
///
/// let schema = BodySchema::new(
///     vec![AttributeSchema { name: "region".into(), required: true }],
///     vec![BlockHeaderSchema { type_name: "resource".into(), label_names: vec!["type".into(), "name".into()] }],
/// )
/// .unwrap();
/// assert_eq!(schema.attributes().len(), 1);
/// assert!(BodySchema::new(
///     vec![AttributeSchema { name: "a".into(), required: false }],
///     vec![BlockHeaderSchema { type_name: "a".into(), label_names: vec![] }],
/// )
/// .is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BodySchema {
    attributes: Vec<AttributeSchema>,
    blocks: Vec<BlockHeaderSchema>,
}

/// A schema that names something twice.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SchemaError {
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SchemaError {}

impl BodySchema {
    /// A schema of these attributes and block types.
    ///
    /// spec: model#schema-driven-processing
    pub fn new(attributes: Vec<AttributeSchema>, blocks: Vec<BlockHeaderSchema>) -> Result<BodySchema, SchemaError> {
        let fail = |message: String| Err(SchemaError { message });
        for (k, a) in attributes.iter().enumerate() {
            if attributes[..k].iter().any(|b| b.name == a.name) {
                return fail(format!("the attribute {} is named twice", quoted(&a.name)));
            }
        }
        for (k, b) in blocks.iter().enumerate() {
            if blocks[..k].iter().any(|c| c.type_name == b.type_name) {
                return fail(format!("the block type {} is named twice", quoted(&b.type_name)));
            }
            if attributes.iter().any(|a| a.name == b.type_name) {
                return fail(format!(
                    "{} is both an attribute and a block type: in some syntaxes the two share one namespace",
                    quoted(&b.type_name)
                ));
            }
        }
        Ok(BodySchema { attributes, blocks })
    }

    /// The attribute schemata.
    pub fn attributes(&self) -> &[AttributeSchema] {
        &self.attributes
    }

    /// The block header schemata.
    pub fn blocks(&self) -> &[BlockHeaderSchema] {
        &self.blocks
    }

    /// The same schema with no attribute required (each part of a merged
    /// body is read with it).
    pub(crate) fn without_required(&self) -> BodySchema {
        BodySchema {
            attributes: self
                .attributes
                .iter()
                .map(|a| AttributeSchema {
                    required: false,
                    ..a.clone()
                })
                .collect(),
            blocks: self.blocks.clone(),
        }
    }

    pub(crate) fn attribute(&self, name: &str) -> Option<&AttributeSchema> {
        self.attributes.iter().find(|a| a.name == name)
    }

    pub(crate) fn block(&self, type_name: &str) -> Option<&BlockHeaderSchema> {
        self.blocks.iter().find(|b| b.type_name == type_name)
    }
}

/// The names an earlier partial read took from a body (of either syntax),
/// which later reads of the rest skip. Most bodies hide nothing, and a
/// body is held once per block a read finds: none is one empty word, and
/// the names are shared by the copies of a body.
#[derive(Clone, Debug, Default)]
pub(crate) struct HiddenNames(Option<std::sync::Arc<std::collections::BTreeSet<String>>>);

impl HiddenNames {
    pub(crate) fn contains(&self, name: &str) -> bool {
        self.0.as_ref().is_some_and(|names| names.contains(name))
    }

    pub(crate) fn insert(&mut self, name: String) {
        std::sync::Arc::make_mut(self.0.get_or_insert_default()).insert(name);
    }

    pub(crate) fn extend(&mut self, names: impl IntoIterator<Item = String>) {
        let mut names = names.into_iter().peekable();
        if names.peek().is_some() {
            std::sync::Arc::make_mut(self.0.get_or_insert_default()).extend(names);
        }
    }
}
