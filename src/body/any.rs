//! Bodies of either syntax behind one API: what an application reads
//! through a schema does not depend on whether the file was written in the
//! native syntax or in JSON.
//!
//! spec: model#body-content, json#structural-elements

use std::collections::BTreeMap;

use super::{BodySchema, BodyView};
use crate::analysis::Traversal;
use crate::ast::{ConfigFile, Expression, ObjectKey};
use crate::eval::{evaluate, EvalContext, Evaluated};
use crate::json_syntax::{JsonBody, JsonFile, Node, Str};
use crate::{Arena, Diagnostic, Diagnostics, ParseOptions, Parsed, Span};

/// An expression, in either syntax.
#[derive(Clone, Copy, Debug)]
pub enum AnyExpression<'n, 'a> {
    /// A native-syntax expression.
    Native(&'n Expression<'a>),
    /// The key of a native object constructor, as a static map gives it (a
    /// bare identifier is its own name as a string).
    NativeKey(&'n ObjectKey<'a>),
    /// A JSON value of a file in the JSON syntax.
    Json(&'n JsonFile<'a>, &'n Node<'a>),
    /// A JSON property name, as a static map gives it (a string template).
    JsonName(&'n JsonFile<'a>, &'n Str<'a>),
}

impl<'n, 'a> AnyExpression<'n, 'a> {
    /// Evaluates the expression (see [`crate::eval::evaluate`] and
    /// [`JsonFile::evaluate`]).
    pub fn evaluate(&self, ctx: &EvalContext<'_>) -> Evaluated {
        match self {
            AnyExpression::Native(e) => evaluate(e, ctx),
            AnyExpression::NativeKey(ObjectKey::Expression(e)) => evaluate(e, ctx),
            AnyExpression::NativeKey(ObjectKey::Identifier(i)) => Evaluated {
                value: i.name.into(),
                diagnostics: Diagnostics::new(),
            },
            AnyExpression::Json(f, n) => f.evaluate(n, ctx),
            AnyExpression::JsonName(f, s) => f.evaluate_name(s, ctx),
        }
    }

    /// The expression's range.
    pub fn span(&self) -> Span {
        match self {
            AnyExpression::Native(e) => e.span(),
            AnyExpression::NativeKey(k) => k.span(),
            AnyExpression::Json(_, n) => n.span(),
            AnyExpression::JsonName(_, s) => s.span,
        }
    }

    /// The variables the expression refers to, in source order.
    pub fn variables(&self) -> Vec<Traversal> {
        match self {
            AnyExpression::Native(e) => e.variables(),
            AnyExpression::NativeKey(ObjectKey::Expression(e)) => e.variables(),
            AnyExpression::NativeKey(ObjectKey::Identifier(_)) => Vec::new(),
            AnyExpression::Json(f, n) => f.variables(n),
            AnyExpression::JsonName(f, s) => f.name_variables(s),
        }
    }

    /// The element expressions of a static list: a tuple constructor, or
    /// a JSON array.
    ///
    /// spec: hclsyntax#static-list, json#static-list, json#static-analysis
    pub fn static_list(&self) -> Result<Vec<AnyExpression<'n, 'a>>, Diagnostic> {
        match self {
            AnyExpression::Native(e) => Ok(crate::analysis::static_list(e)?
                .iter()
                .map(AnyExpression::Native)
                .collect()),
            AnyExpression::Json(f, Node::Array(a)) => {
                Ok(a.elements.iter().map(|e| AnyExpression::Json(f, e)).collect())
            }
            other => Err(crate::analysis::not_a_static_list(other.span())),
        }
    }

    /// The key/value pairs of a static map: an object constructor, or a
    /// JSON object (its property names as string templates).
    ///
    /// spec: hclsyntax#static-map, json#static-map
    pub fn static_map(&self) -> Result<Vec<(AnyExpression<'n, 'a>, AnyExpression<'n, 'a>)>, Diagnostic> {
        match self {
            AnyExpression::Native(e) => Ok(crate::analysis::static_map(e)?
                .into_iter()
                .map(|p| (AnyExpression::NativeKey(p.key), AnyExpression::Native(p.value)))
                .collect()),
            AnyExpression::Json(f, Node::Object(o)) => Ok(o
                .properties
                .iter()
                .map(|p| (AnyExpression::JsonName(f, &p.name), AnyExpression::Json(f, &p.value)))
                .collect()),
            other => Err(crate::analysis::not_a_static_map(other.span())),
        }
    }

    /// A static traversal: a native traversal, or a JSON string holding
    /// one (read as a native expression, its ranges in the file).
    ///
    /// spec: hclsyntax#static-traversal, json#static-traversal
    pub fn static_traversal(&self) -> Result<Traversal, Diagnostic> {
        match self {
            AnyExpression::Native(e) => crate::analysis::static_traversal(e),
            AnyExpression::NativeKey(ObjectKey::Expression(e)) => crate::analysis::static_traversal(e),
            AnyExpression::Json(f, Node::String(s)) => f.string_traversal(s),
            AnyExpression::JsonName(f, s) => f.string_traversal(s),
            other => Err(crate::analysis::not_a_static_traversal(other.span())),
        }
    }

    /// The name of a lone variable reference (a keyword), or of a JSON
    /// string holding one.
    ///
    /// spec: hclsyntax#static-traversal, json#static-traversal
    pub fn keyword(&self) -> Option<String> {
        match self {
            AnyExpression::Native(e) => crate::analysis::keyword(e).map(str::to_string),
            AnyExpression::NativeKey(ObjectKey::Identifier(i)) => Some(i.name.to_string()),
            _ => self
                .static_traversal()
                .ok()
                .filter(|t| t.steps.is_empty())
                .map(|t| t.root),
        }
    }
}

/// An attribute of a body of either syntax.
#[derive(Clone, Copy, Debug)]
pub struct AnyAttribute<'n, 'a> {
    /// The name.
    pub name: &'n str,
    /// The name's range.
    pub name_span: Span,
    /// The value's expression.
    pub expr: AnyExpression<'n, 'a>,
    /// The whole definition.
    pub span: Span,
}

/// A block of a body of either syntax.
#[derive(Clone, Debug)]
pub struct AnyBlock<'n, 'a> {
    /// The block type.
    pub type_name: &'n str,
    /// The type's range.
    pub type_span: Span,
    /// The labels, each with its range.
    pub labels: Vec<(&'n str, Span)>,
    /// Where the block is defined (the native block's whole range; in
    /// JSON, the body's opening brace or its array's bracket).
    pub def_span: Span,
    /// The block's body.
    pub body: AnyBody<'n, 'a>,
}

/// What a schema found in a body of either syntax: the attribute map and
/// the block sequence in source order.
///
/// spec: model#schema-driven-processing
#[derive(Clone, Debug)]
pub struct AnyContent<'n, 'a> {
    /// The schema's attributes the body defines, by name.
    pub attributes: BTreeMap<&'n str, AnyAttribute<'n, 'a>>,
    /// The blocks of the schema's types, in source order.
    pub blocks: Vec<AnyBlock<'n, 'a>>,
    /// Where an item that is missing would go.
    pub missing_item_range: Span,
}

/// A body of either syntax: the same schema-driven, partial and
/// dynamic-attributes processing over both, with each syntax's rules and
/// diagnostics (a JSON body decides attribute or block by the schema).
///
/// ```
/// use hcl_native::body::{AnyFile, AttributeSchema, BlockHeaderSchema, BodySchema};
/// use hcl_native::eval::EvalContext;
/// use hcl_native::Arena;
///
/// let schema = BodySchema::new(
///     vec![AttributeSchema { name: "region".into(), required: true }],
///     vec![BlockHeaderSchema { type_name: "disk".into(), label_names: vec!["name".into()] }],
/// ).unwrap();
/// let arena = Arena::new();
/// for (name, src) in [
///     ("main.hcl", &b"region = \"eu\"\ndisk \"data\" {}\n"[..]),
///     ("main.hcl.json", &br#"{"region": "eu", "disk": {"data": {}}}"#[..]),
/// ] {
///     let file = AnyFile::parse(&arena, name, src).ast;
///     let (content, diags) = file.body().content(&schema);
///     assert!(diags.is_empty());
///     let region = content.attributes["region"].expr.evaluate(&EvalContext::new()).value;
///     assert_eq!(region, "eu".into());
///     assert_eq!(content.blocks[0].labels[0].0, "data");
/// }
/// ```
#[derive(Clone, Debug)]
pub enum AnyBody<'n, 'a> {
    /// A native-syntax body.
    Native(BodyView<'n, 'a>),
    /// A JSON-syntax body.
    Json(JsonBody<'n, 'a>),
}

impl<'n, 'a: 'n> AnyBody<'n, 'a> {
    /// Exhaustive schema-driven processing.
    ///
    /// spec: model#schema-driven-processing
    pub fn content(&self, schema: &BodySchema) -> (AnyContent<'n, 'a>, Diagnostics) {
        match self {
            AnyBody::Native(v) => {
                let (c, d) = v.content(schema);
                (native_content(c), d)
            }
            AnyBody::Json(b) => {
                let (c, d) = b.content(schema);
                (json_content(b.file(), c), d)
            }
        }
    }

    /// Partial processing: the content and the body that remains.
    ///
    /// spec: model#partial-processing-of-body-content
    pub fn partial_content(&self, schema: &BodySchema) -> (AnyContent<'n, 'a>, AnyBody<'n, 'a>, Diagnostics) {
        match self {
            AnyBody::Native(v) => {
                let (c, rest, d) = v.partial_content(schema);
                (native_content(c), AnyBody::Native(rest), d)
            }
            AnyBody::Json(b) => {
                let (c, rest, d) = b.partial_content(schema);
                (json_content(b.file(), c), AnyBody::Json(rest), d)
            }
        }
    }

    /// Dynamic attributes processing: every attribute, in source order.
    ///
    /// spec: model#dynamic-attributes-processing
    pub fn just_attributes(&self) -> (Vec<AnyAttribute<'n, 'a>>, Diagnostics) {
        match self {
            AnyBody::Native(v) => {
                let (attrs, d) = v.just_attributes();
                let mut out: Vec<AnyAttribute<'n, 'a>> = attrs.into_values().map(native_attribute).collect();
                out.sort_by_key(|a| a.span.start);
                (out, d)
            }
            AnyBody::Json(b) => {
                let (attrs, d) = b.just_attributes();
                let file = b.file();
                let out = attrs.into_iter().map(|a| json_attribute(file, a)).collect();
                (out, d)
            }
        }
    }
}

fn native_attribute<'n, 'a: 'n>(a: &'a crate::ast::Attribute<'a>) -> AnyAttribute<'n, 'a> {
    AnyAttribute {
        name: a.name.name,
        name_span: a.name.span,
        expr: AnyExpression::Native(&a.expr),
        span: a.span,
    }
}

fn native_content<'n, 'a: 'n>(c: super::Content<'a>) -> AnyContent<'n, 'a> {
    AnyContent {
        attributes: c
            .attributes
            .into_iter()
            .map(|(k, a)| (k, native_attribute(a)))
            .collect(),
        blocks: c
            .blocks
            .into_iter()
            .map(|b| AnyBlock {
                type_name: b.block_type.name,
                type_span: b.block_type.span,
                labels: b.labels.iter().map(|l| (l.value(), l.span())).collect(),
                def_span: b.span,
                body: AnyBody::Native(BodyView::new(&b.body)),
            })
            .collect(),
        missing_item_range: c.missing_item_range,
    }
}

fn json_attribute<'n, 'a: 'n>(
    file: &'n JsonFile<'a>,
    a: crate::json_syntax::JsonAttribute<'n, 'a>,
) -> AnyAttribute<'n, 'a> {
    AnyAttribute {
        name: a.name,
        name_span: a.name_span,
        expr: AnyExpression::Json(file, a.value),
        span: a.span,
    }
}

fn json_content<'n, 'a: 'n>(file: &'n JsonFile<'a>, c: crate::json_syntax::JsonContent<'n, 'a>) -> AnyContent<'n, 'a> {
    AnyContent {
        attributes: c
            .attributes
            .into_iter()
            .map(|(k, a)| (k, json_attribute(file, a)))
            .collect(),
        blocks: c
            .blocks
            .into_iter()
            .map(|b| AnyBlock {
                type_name: b.type_name,
                type_span: b.type_span,
                labels: b.labels,
                def_span: b.def_span,
                body: AnyBody::Json(b.body),
            })
            .collect(),
        missing_item_range: c.missing_item_range,
    }
}

/// A configuration file of either syntax.
#[derive(Debug)]
pub enum AnyFile<'a> {
    /// In the native syntax.
    Native(ConfigFile<'a>),
    /// In the JSON syntax.
    Json(JsonFile<'a>),
}

impl<'a> AnyFile<'a> {
    /// Parses `src` in the syntax its file name says: a name ending in
    /// `.json` is the JSON syntax, any other the native syntax.
    pub fn parse(arena: &'a Arena, name: &str, src: &'a [u8]) -> Parsed<AnyFile<'a>> {
        AnyFile::parse_with(arena, name, src, &ParseOptions::default())
    }

    /// [`AnyFile::parse`] with explicit options.
    pub fn parse_with(arena: &'a Arena, name: &str, src: &'a [u8], options: &ParseOptions) -> Parsed<AnyFile<'a>> {
        if name.ends_with(".json") {
            let p = crate::json_syntax::parse_with(src, options);
            Parsed {
                ast: AnyFile::Json(p.ast),
                diagnostics: p.diagnostics,
            }
        } else {
            let p = crate::parse_config_with(arena, src, options);
            Parsed {
                ast: AnyFile::Native(p.ast),
                diagnostics: p.diagnostics,
            }
        }
    }

    /// The file's root body.
    pub fn body(&self) -> AnyBody<'_, 'a> {
        match self {
            AnyFile::Native(f) => AnyBody::Native(BodyView::new(&f.body)),
            AnyFile::Json(f) => AnyBody::Json(f.body()),
        }
    }
}
