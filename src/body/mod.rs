//! Body content for applications: schemata, exhaustive and partial
//! schema-driven processing, and dynamic attributes.
//!
//! spec: model#body-content, model#structural-elements
//!
//! [`AnyBody`] (from [`AnyFile::parse`], which picks the syntax by the file
//! name) offers the same processing over a body of either syntax, the
//! native one or JSON ([`crate::json_syntax`]).
//!
//! A configuration file's body (and every block's) holds attributes,
//! unique by name, and blocks with a type, labels and a body of their own.
//! An application reads it by saying what it expects: a [`BodySchema`]
//! applied through a [`BodyView`] gives [`Content`] (attributes by name,
//! blocks in order) and a diagnostic for everything unexpected, missing or
//! of the wrong shape.
//!
//! ```
//! use hcl_native::body::{AttributeSchema, BlockHeaderSchema, BodySchema, BodyView};
//! use hcl_native::eval::{evaluate, EvalContext};
//! use hcl_native::{parse_config, Arena};
//!
//! let arena = Arena::new();
//! let src = b"resource \"bucket\" \"logs\" {\n  size = 10 * 1024\n}\n";
//! let file = parse_config(&arena, src).ast;
//! let top = BodySchema::new(vec![], vec![BlockHeaderSchema {
//!     type_name: "resource".into(),
//!     label_names: vec!["type".into(), "name".into()],
//! }]).unwrap();
//! let (content, diags) = BodyView::new(&file.body).content(&top);
//! assert!(diags.is_empty());
//! let block = content.blocks[0];
//! assert_eq!(block.labels[1].value(), "logs");
//! let inner = BodySchema::new(vec![AttributeSchema { name: "size".into(), required: true }], vec![]).unwrap();
//! let (attrs, _) = BodyView::new(&block.body).content(&inner);
//! let size = evaluate(&attrs.attributes["size"].expr, &EvalContext::new()).value;
//! assert_eq!(size, 10240.into());
//! ```

mod any;
mod content;
mod schema;

pub use any::{AnyAttribute, AnyBlock, AnyBody, AnyContent, AnyExpression, AnyFile, AnyStaticCall, NamedBody};
#[cfg(feature = "serde")]
pub(crate) use content::label_problem;
pub use content::{BodyView, Content};
pub use schema::{AttributeSchema, BlockHeaderSchema, BodySchema, SchemaError};

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
