//! # hcl-native
//!
//! HCL v2 exactly as its specification defines it: the native syntax
//! (structural, expression and template sub-languages) parsed into a
//! syntax tree whose node types are named after the spec's grammar
//! productions, with exact byte ranges and diagnostics that say what is
//! wrong, where, and why.
//!
//! ```
//! use hcl_native::{parse_config, Arena};
//!
//! let src = br#"
//! service "web" {
//!   port    = 8080
//!   command = ["serve", "--port=${port}"]
//! }
//! "#;
//! let arena = Arena::new();
//! let parsed = parse_config(&arena, src);
//! assert!(parsed.diagnostics.is_empty());
//!
//! let service = parsed.ast.body.blocks().next().unwrap();
//! assert_eq!(service.block_type.name, "service");
//! let port = service.body.attribute("port").unwrap();
//! assert_eq!(&src[port.expr.span().range()], b"8080");
//! ```
//!
//! Values, types, conversions and functions of the information model do
//! not depend on the parser:
//!
//! ```
//! use hcl_native::convert::{convert, unify};
//! use hcl_native::value::{Type, Value};
//! use hcl_native::Number;
//!
//! // Exact numbers: 0.1 + 0.2 is 0.3.
//! let sum = Number::from_literal("0.1")?.add(&Number::from_literal("0.2")?)?;
//! assert_eq!(sum.to_string(), "0.3");
//!
//! // Conversions say where they fail.
//! let v = Value::object([("ports", Value::tuple(vec![80.into(), 443.into(), true.into()]))]);
//! let err = convert(&v, &Type::object([("ports", Type::list(Type::Number))])).unwrap_err();
//! assert_eq!(err.to_string(), "attribute \"ports\": element 2: a number is required");
//!
//! // Unification as the reference does it: objects with different attributes
//! // unify to a map (so `merge(x, c ? {b = 2} : {})` is what Terraform makes it).
//! let t = unify(&[Type::object([("a", Type::Number)]), Type::object([("b", Type::String)])]);
//! assert_eq!(t.unwrap().to_string(), "map(string)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Parsing never panics and never fails outright: broken input yields a
//! tree of what could be read around the problems plus [`Diagnostics`].
//! Nesting deeper than [`ParseOptions::max_depth`] is a diagnostic, not a
//! stack overflow.
//!
//! Traceability: every production function and every prose rule names the
//! spec id it implements in its doc comment (see `docs/traceability.md`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
mod arena;
pub mod ast;
pub mod body;
pub mod convert;
#[cfg(feature = "serde")]
pub mod de;
pub mod dec;
mod diagnostic;
pub mod dynblock;
pub mod eval;
mod files;
pub mod format;
pub mod function;
#[cfg(feature = "json")]
pub mod json;
pub mod json_syntax;
mod lexical;
mod memo;
pub mod meter;
pub mod number;
mod parser;
pub mod render;
mod schema;
#[cfg(feature = "serde")]
pub mod ser;
mod sort;
mod source;
mod span;
pub mod stack;
pub mod stdlib;
mod suggest;
#[cfg(feature = "terraform")]
pub mod terraform;
pub mod typeexpr;
pub mod value;
pub mod write;

pub use arena::Arena;
pub use diagnostic::{Code, Diagnostic, Diagnostics, Located, Severity};
pub use files::Files;
pub use number::{Number, NumberError};
pub use parser::{
    parse_config, parse_config_with, parse_expression, parse_expression_with, parse_template, parse_template_with,
    ParseOptions, Parsed,
};
pub use span::{LineIndex, Locator, Position, Span};

/// The README's Rust examples, compiled and run as doctests (with every
/// feature: they show the `serde`, `terraform` and tool features too).
#[cfg(all(doctest, feature = "cli"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
