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

pub(crate) use crate::schema::HiddenNames;
pub use crate::schema::{AttributeSchema, BlockHeaderSchema, BodySchema, SchemaError};
pub use any::{AnyAttribute, AnyBlock, AnyBody, AnyContent, AnyExpression, AnyFile, AnyStaticCall, NamedBody};
#[cfg(feature = "serde")]
pub(crate) use content::label_problem;
pub use content::{BodyView, Content};
