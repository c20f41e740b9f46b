//! The JSON syntax of HCL (`../shared/spec/json-spec.md`): configuration
//! written as JSON, for programs that generate it (`*.tf.json`).
//!
//! spec: json#structural-elements
//!
//! [`parse`] reads a file into a tree of JSON [`Node`]s that keeps what the
//! spec asks a parser to keep and a general JSON parser drops: every
//! property of an object in order, repeats included; numbers exactly as
//! written (read as the information model's exact numbers); and the byte
//! range of every node. Errors get the reference's diagnostics (its JSON
//! package's wording, one problem per construct, as it recovers), plus the
//! native syntax's encoding checks (invalid UTF-8, a byte order mark) and
//! its nesting limit ([`crate::ParseOptions::max_depth`]).
//!
//! The JSON grammar is RFC 7159's, not one of the spec's EBNF productions,
//! so this parser is a hand-written scanner and recursive descent (each
//! function names the RFC rule it reads) rather than the nom combinators of
//! the native syntax: it follows the reference's token-level recovery, and
//! the spec's speed requirement is that of a plain JSON parser.
//!
//! Without a schema a JSON body has no blocks: [`JsonFile::just_attributes`]
//! reads the root object's properties as attributes (the reference's
//! `JustAttributes`), and [`JsonFile::evaluate`] evaluates any node as an
//! expression by the spec's rules (strings are templates in full mode and
//! literal text in literal-only mode).
//!
//! ```
//! use hcl_native::eval::EvalContext;
//! use hcl_native::json_syntax::parse;
//! use hcl_native::value::Value;
//!
//! let src = br#"{"name": "web-${env}", "//": "a comment", "port": 8080}"#;
//! let file = parse(src).ast;
//! let (attrs, diags) = file.just_attributes();
//! assert!(diags.is_empty());
//! assert_eq!(attrs.iter().map(|a| a.name).collect::<Vec<_>>(), ["name", "port"]);
//! let mut ctx = EvalContext::new();
//! ctx.set_variable("env", Value::from("prod")).unwrap();
//! assert_eq!(file.evaluate(attrs[0].value, &ctx).value, Value::from("web-prod"));
//! assert_eq!(file.evaluate(attrs[1].value, &ctx).value, Value::from(8080));
//! ```

mod body;
mod native;
mod parse;
mod scan;
mod text;
mod write;

pub use body::{JsonBlock, JsonBody, JsonContent};
pub use native::{to_native, BlockShapes};
#[cfg(feature = "json")]
pub(crate) use text::first_without_text;
pub(crate) use text::{json_string, value_text, NoJsonText};
pub use write::from_native;

use std::borrow::Cow;

use crate::{Diagnostic, Diagnostics, Locator, NumberError, ParseOptions, Parsed, Position, Span};

/// A JSON value with its range.
#[derive(Clone, Debug, PartialEq)]
pub enum Node<'a> {
    /// `{...}`.
    Object(Object<'a>),
    /// `[...]`.
    Array(Array<'a>),
    /// A string, unescaped.
    String(Str<'a>),
    /// A number.
    Number(Num<'a>),
    /// `true` or `false`.
    Bool(bool, Span),
    /// `null`.
    Null(Span),
    /// A value that could not be read (reported); it evaluates to an
    /// unknown value of the dynamic type.
    Invalid(Span),
}

impl Node<'_> {
    /// The node's range.
    pub fn span(&self) -> Span {
        match self {
            Node::Object(o) => o.span,
            Node::Array(a) => a.span,
            Node::String(s) => s.span,
            Node::Number(n) => n.span,
            Node::Bool(_, s) | Node::Null(s) | Node::Invalid(s) => *s,
        }
    }

    /// Where the node starts: an object's or array's opening delimiter,
    /// the whole of anything else (the range diagnostics about a value
    /// name).
    pub fn start_span(&self) -> Span {
        match self {
            Node::Object(o) => o.open,
            Node::Array(a) => a.open,
            other => other.span(),
        }
    }
}

impl Drop for Node<'_> {
    /// Dropping a deeply nested tree recurses once per level; each level
    /// runs on a fresh stack segment when the stack runs low, so no depth
    /// (with a raised [`ParseOptions::max_depth`]) overflows it.
    fn drop(&mut self) {
        match self {
            Node::Object(o) if !o.properties.is_empty() => {
                let inner = std::mem::take(&mut o.properties);
                crate::stack::with_stack(move || drop(inner));
            }
            Node::Array(a) if !a.elements.is_empty() => {
                let inner = std::mem::take(&mut a.elements);
                crate::stack::with_stack(move || drop(inner));
            }
            _ => {}
        }
    }
}

/// An object: its properties in order, repeats kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Object<'a> {
    /// The properties, in source order.
    pub properties: Vec<Property<'a>>,
    /// From the opening to the closing brace.
    pub span: Span,
    /// The `{`.
    pub open: Span,
    /// The `}`.
    pub close: Span,
}

/// One `"name": value` of an object.
#[derive(Clone, Debug, PartialEq)]
pub struct Property<'a> {
    /// The name.
    pub name: Str<'a>,
    /// The value.
    pub value: Node<'a>,
}

/// An array.
#[derive(Clone, Debug, PartialEq)]
pub struct Array<'a> {
    /// The elements.
    pub elements: Vec<Node<'a>>,
    /// From the opening to the closing bracket.
    pub span: Span,
    /// The `[`.
    pub open: Span,
}

/// A string: its text with escapes replaced (borrowed from the source
/// when it has none) and the range of the token, quotes included.
#[derive(Clone, Debug, PartialEq)]
pub struct Str<'a> {
    /// The text.
    pub value: Cow<'a, str>,
    /// The token's range.
    pub span: Span,
}

/// A number: as written, and its exact value.
#[derive(Clone, Debug, PartialEq)]
pub struct Num<'a> {
    /// The token's text.
    pub text: &'a str,
    /// The exact value.
    pub value: crate::Number,
    /// The token's range.
    pub span: Span,
}

/// The exact value of a JSON number's text (already checked against the
/// RFC's grammar).
fn number_value(text: &str) -> Result<crate::Number, NumberError> {
    match text.strip_prefix('-') {
        Some(rest) => crate::Number::from_literal(rest).map(|n| n.neg()),
        None => crate::Number::from_literal(text),
    }
}

/// A file in the JSON syntax: its source and root value (an object, or an
/// array of objects; anything else was reported and replaced by an empty
/// object, as the reference does).
#[derive(Clone, Debug)]
pub struct JsonFile<'a> {
    /// The source bytes.
    pub src: &'a [u8],
    /// The root value.
    pub root: Node<'a>,
    locator: Locator<'a>,
}

/// An attribute of a JSON body: a property read as an attribute (by
/// [`JsonFile::just_attributes`] or through a schema, [`JsonBody::content`]).
#[derive(Clone, Copy, Debug)]
pub struct JsonAttribute<'n, 'a> {
    /// The name.
    pub name: &'n str,
    /// The range of the name (its string token).
    pub name_span: Span,
    /// The value, an expression.
    pub value: &'n Node<'a>,
    /// From the start of the name to the end of the value.
    pub span: Span,
}

impl<'n, 'a> JsonAttribute<'n, 'a> {
    /// The property `p` read as an attribute.
    fn of(p: &'n Property<'a>) -> JsonAttribute<'n, 'a> {
        JsonAttribute {
            name: &p.name.value,
            name_span: p.name.span,
            value: &p.value,
            span: p.name.span.to(p.value.span()),
        }
    }
}

/// Parses a file in the JSON syntax with the default options.
///
/// spec: json#structural-elements
///
/// ```
/// use hcl_native::json_syntax::parse;
///
/// let parsed = parse(br#"{"a": [1, 2,]}"#);
/// assert_eq!(parsed.diagnostics.as_slice()[0].summary(), "Trailing comma in array");
/// ```
pub fn parse(src: &[u8]) -> Parsed<JsonFile<'_>> {
    parse_with(src, &ParseOptions::default())
}

/// Parses a file in the JSON syntax with explicit options (the nesting
/// limit and the diagnostics cap of [`ParseOptions`]).
pub fn parse_with<'a>(src: &'a [u8], options: &ParseOptions) -> Parsed<JsonFile<'a>> {
    let (mut root, mut diagnostics) = value(src, options);
    if !matches!(root, Node::Object(_) | Node::Array(_)) {
        diagnostics.push(Diagnostic::error(
            "Root value must be object",
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
            root.start_span(),
        ));
        let empty = Span::new(0, 0);
        root = Node::Object(Object {
            properties: Vec::new(),
            span: empty,
            open: empty,
            close: empty,
        });
    }
    diagnostics.truncate(options.max_diagnostics);
    JsonFile::parsed(src, root, diagnostics)
}

/// The one JSON value of `src`: the encoding checks, then the parser.
fn value<'a>(src: &'a [u8], options: &ParseOptions) -> (Node<'a>, Vec<Diagnostic>) {
    let checked = crate::source::check(src, options.max_diagnostics);
    let mut diagnostics = checked.diagnostics;
    let mut parser = parse::Parser::new(src, checked.start, options.max_depth);
    let root = parser.document();
    diagnostics.append(&mut parser.diags);
    (root, diagnostics)
}

/// Parses a standalone expression in the JSON syntax (any JSON value).
///
/// ```
/// use hcl_native::eval::EvalContext;
/// use hcl_native::json_syntax::parse_expression;
/// use hcl_native::value::Value;
///
/// let e = parse_expression(br#"["${1 + 1}", 3]"#).ast;
/// let v = e.evaluate(&e.root, &EvalContext::new()).value;
/// assert_eq!(v, Value::tuple(vec![2.into(), 3.into()]));
/// ```
pub fn parse_expression(src: &[u8]) -> Parsed<JsonFile<'_>> {
    let (root, diagnostics) = value(src, &ParseOptions::default());
    JsonFile::parsed(src, root, diagnostics)
}

impl<'a> JsonFile<'a> {
    fn parsed(src: &'a [u8], root: Node<'a>, diagnostics: Vec<Diagnostic>) -> Parsed<JsonFile<'a>> {
        Parsed {
            ast: JsonFile {
                src,
                root,
                locator: Locator::new(src),
            },
            diagnostics: Diagnostics::from(diagnostics),
        }
    }

    /// The position of a byte offset in this file.
    pub fn position(&self, offset: u32) -> Position {
        self.locator.position(offset)
    }

    /// The root body's properties as attributes, in source order (the
    /// reference's `JustAttributes`): `"//"` properties are comments and
    /// skipped; a repeated name is an error and the first one is kept; a
    /// root array is an error (arrays of bodies need a schema).
    ///
    /// spec: json#attributes
    pub fn just_attributes(&self) -> (Vec<JsonAttribute<'_, 'a>>, Diagnostics) {
        self.body().just_attributes()
    }

    /// Where an item missing from the root body would go: the root
    /// object's closing brace, or a root array's opening bracket.
    pub fn missing_item_span(&self) -> Span {
        self.body().missing_item_range()
    }
}
