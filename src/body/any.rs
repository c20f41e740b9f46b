//! Bodies of either syntax behind one API: what an application reads
//! through a schema does not depend on whether the file was written in the
//! native syntax or in JSON.
//!
//! spec: model#body-content, json#structural-elements

use std::collections::BTreeMap;

use super::{BodySchema, BodyView};
use crate::analysis::Traversal;
use crate::ast::{ConfigFile, Expression, ObjectKey};
use crate::diagnostic::quoted;
use crate::eval::{evaluate, EvalContext, Evaluated};
use crate::json_syntax::{JsonBody, JsonFile, Node, Str};
use crate::{Arena, Diagnostic, Diagnostics, Locator, ParseOptions, Parsed, Position, Span};
use std::rc::Rc;
use std::sync::Arc;

/// An expression, in either syntax.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
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

    /// Where the expression starts, as the reference marks it in
    /// diagnostics about a static list or map (its `StartRange`): an
    /// opening bracket or brace, a template's first part, the whole of
    /// anything else.
    pub fn start_span(&self) -> Span {
        match self {
            AnyExpression::Native(e) => e.start_span(),
            AnyExpression::NativeKey(crate::ast::ObjectKey::Identifier(i)) => i.span,
            AnyExpression::NativeKey(crate::ast::ObjectKey::Expression(e)) => e.start_span(),
            AnyExpression::Json(_, n) => n.start_span(),
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
            other => Err(crate::analysis::not_a_static_list(other.start_span())),
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
            other => Err(crate::analysis::not_a_static_map(other.start_span())),
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

    /// A static call: a native function call, or a JSON string holding one
    /// (its text read as a native expression, not a template, into
    /// `arena`). The argument expressions of a JSON call have ranges
    /// within the string's text: [`AnyStaticCall::offset`] places them in
    /// the file (exactly where the string has no escapes).
    ///
    /// spec: hclsyntax#static-call, json#static-call
    ///
    /// ```
    /// use hcl_native::body::AnyFile;
    /// use hcl_native::Arena;
    ///
    /// let arena = Arena::new();
    /// let file = AnyFile::parse(&arena, "a.json", br#"{"f": "max(1, 2)"}"#).ast;
    /// let (attrs, _) = file.body().just_attributes();
    /// let scratch = Arena::new();
    /// let call = attrs[0].expr.static_call(&scratch).unwrap();
    /// assert_eq!(call.name, "max");
    /// assert_eq!(call.args.len(), 2);
    /// assert_eq!(call.name_span, hcl_native::Span::new(7, 10));
    /// ```
    pub fn static_call<'x>(&self, arena: &'x Arena) -> Result<AnyStaticCall<'x>, Diagnostic>
    where
        'n: 'x,
        'a: 'x,
    {
        let native = |e: &'x Expression<'x>, offset: u32| {
            crate::analysis::static_call(e).map(|c| AnyStaticCall {
                name: c.name.into_owned(),
                name_span: Span::new(c.name_span.start + offset, c.name_span.end + offset),
                args: c.args.iter().map(AnyExpression::Native).collect(),
                expand_final: c.expand_final,
                offset,
            })
        };
        match *self {
            AnyExpression::Native(e) => native(e, 0),
            AnyExpression::NativeKey(ObjectKey::Expression(e)) => native(e, 0),
            AnyExpression::Json(_, Node::String(s)) | AnyExpression::JsonName(_, s) => {
                let not_a_call = || crate::analysis::not_a_static_call(s.span);
                let text: &'x str = arena.alloc_str(&s.value);
                let parsed = crate::parse_expression(arena, text.as_bytes());
                if parsed.diagnostics.has_errors() {
                    return Err(not_a_call());
                }
                let expr: &'x Expression<'x> = arena.alloc(parsed.ast);
                native(expr, s.span.start + 1).map_err(|_| not_a_call())
            }
            _ => Err(crate::analysis::not_a_static_call(self.span())),
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

/// A static call of either syntax ([`AnyExpression::static_call`]).
#[derive(Clone, Debug)]
pub struct AnyStaticCall<'x> {
    /// The name, namespaces joined by `::`.
    pub name: String,
    /// Where the name is, in the file.
    pub name_span: Span,
    /// The argument expressions.
    pub args: Vec<AnyExpression<'x, 'x>>,
    /// Whether the last argument is followed by `...`.
    pub expand_final: bool,
    /// What to add to the argument expressions' ranges to place them in the
    /// file: 0 for a native call, the string's content start for a call
    /// read out of a JSON string.
    pub offset: u32,
}

/// An attribute of a body of either syntax.
#[derive(Clone, Debug)]
pub struct AnyAttribute<'n, 'a> {
    /// The name.
    pub name: &'n str,
    /// The name's range.
    pub name_span: Span,
    /// The value's expression.
    pub expr: AnyExpression<'n, 'a>,
    /// The whole definition.
    pub span: Span,
    /// The file it is in, when it came from a named or merged body
    /// ([`AnyBody::named`], [`AnyBody::merge`]).
    pub file: Option<Arc<str>>,
}

impl<'n, 'a> AnyAttribute<'n, 'a> {
    /// Evaluates the attribute's expression, its diagnostics placed in the
    /// attribute's file.
    pub fn evaluate(&self, ctx: &EvalContext<'_>) -> Evaluated {
        let mut e = self.expr.evaluate(ctx);
        if let Some(file) = &self.file {
            e.diagnostics = e.diagnostics.in_file(file);
        }
        e
    }
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
    /// The block's body (a named one when the block came from a named or
    /// merged body, so that what is found in it says its file).
    pub body: AnyBody<'n, 'a>,
    /// The file it is in, when it came from a named or merged body.
    pub file: Option<Arc<str>>,
    /// The native block it is, to check its labels against a type's.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) native: Option<&'n crate::ast::Block<'a>>,
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
#[non_exhaustive]
pub enum AnyBody<'n, 'a> {
    /// A native-syntax body.
    Native(BodyView<'n, 'a>),
    /// A JSON-syntax body.
    Json(JsonBody<'n, 'a>),
    /// Bodies of named files read as one ([`AnyBody::merge`]), or one body
    /// with its file's name ([`AnyBody::named`]).
    Merged(Rc<[NamedBody<'n, 'a>]>),
}

/// A body with the name of its file, a part of a merged body.
#[derive(Clone, Debug)]
pub struct NamedBody<'n, 'a> {
    /// The file's name, as diagnostics give it ([`Diagnostic::file`]).
    pub name: Arc<str>,
    /// The file's body.
    pub body: AnyBody<'n, 'a>,
}

impl<'n, 'a: 'n> AnyBody<'n, 'a> {
    /// Exhaustive schema-driven processing.
    ///
    /// spec: model#schema-driven-processing
    pub fn content(&self, schema: &BodySchema) -> (AnyContent<'n, 'a>, Diagnostics) {
        let (c, _, d) = self.read(schema, false, true);
        (c, d)
    }

    /// Partial processing: the content and the body that remains.
    ///
    /// spec: model#partial-processing-of-body-content
    pub fn partial_content(&self, schema: &BodySchema) -> (AnyContent<'n, 'a>, AnyBody<'n, 'a>, Diagnostics) {
        let (c, rest, d) = self.read(schema, true, true);
        (c, rest.expect("a partial read gives the rest"), d)
    }

    /// Schema-driven processing, partial (giving the rest) or exhaustive;
    /// with `check_labels` false a native block's labels are not checked
    /// against its type's (a decoder that learns them from the type it
    /// decodes into checks them itself).
    pub(crate) fn read(
        &self,
        schema: &BodySchema,
        partial: bool,
        check_labels: bool,
    ) -> (AnyContent<'n, 'a>, Option<AnyBody<'n, 'a>>, Diagnostics) {
        let (content, rest, diags) = match self {
            AnyBody::Native(v) if partial => {
                let (c, rest, d) = v.partial_content_with(schema, check_labels);
                (native_content(c, v.source()), Some(AnyBody::Native(rest)), d)
            }
            AnyBody::Native(v) => {
                let (c, d) = v.content_with(schema, check_labels);
                (native_content(c, v.source()), None, d)
            }
            AnyBody::Json(b) if partial => {
                let (c, rest, d) = b.partial_content(schema);
                (json_content(b.file(), c), Some(AnyBody::Json(rest)), d)
            }
            AnyBody::Json(b) => {
                let (c, d) = b.content(schema);
                (json_content(b.file(), c), None, d)
            }
            AnyBody::Merged(parts) => return merged_content(parts, schema, partial, check_labels),
        };
        match self.file_name() {
            Some(name) => {
                let (content, diags) = in_named_file(content, diags, name);
                (content, rest, diags)
            }
            None => (content, rest, diags),
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
                name_attributes(out, d, v.name.as_ref())
            }
            AnyBody::Json(b) => {
                let (attrs, d) = b.just_attributes();
                let file = b.file();
                let out = attrs.into_iter().map(|a| json_attribute(file, a)).collect();
                name_attributes(out, d, b.name.as_ref())
            }
            AnyBody::Merged(parts) => {
                let mut out: Vec<AnyAttribute<'n, 'a>> = Vec::new();
                let mut diags = Diagnostics::new();
                for part in parts.iter() {
                    let (attrs, d) = part.body.just_attributes();
                    diags.extend(d.in_file(&part.name));
                    for mut a in attrs {
                        a.file.get_or_insert_with(|| part.name.clone());
                        if parts.len() > 1
                            && let Some(first) = out.iter().find(|o| o.name == a.name)
                        {
                            diags.push(duplicate_argument(parts, first, &a));
                            continue;
                        }
                        out.push(a);
                    }
                }
                (out, diags)
            }
        }
    }

    /// `body` with the name of its file: what is found in it says the
    /// file ([`AnyAttribute::file`], [`AnyBlock::file`],
    /// [`Diagnostic::file`]); otherwise it reads as `body` does.
    ///
    /// ```
    /// use hcl_native::body::{AnyBody, AnyFile, BodySchema};
    /// use hcl_native::Arena;
    ///
    /// let arena = Arena::new();
    /// let file = AnyFile::parse(&arena, "main.hcl", b"a = 1\n").ast;
    /// let body = AnyBody::named("main.hcl", file.body());
    /// let (_, diags) = body.content(&BodySchema::default());
    /// assert_eq!(diags.as_slice()[0].file().map(|f| &**f), Some("main.hcl"));
    /// ```
    pub fn named(name: &str, body: AnyBody<'n, 'a>) -> AnyBody<'n, 'a> {
        body.in_file(&name.into())
    }

    /// [`AnyBody::named`] with a name already shared. A body of one syntax
    /// keeps the name in itself (no allocation: a file's blocks are named
    /// one by one as they are read); a merged body becomes a part.
    fn in_file(mut self, name: &Arc<str>) -> AnyBody<'n, 'a> {
        self.put_in_file(name);
        self
    }

    /// [`AnyBody::in_file`] in place.
    fn put_in_file(&mut self, name: &Arc<str>) {
        match self {
            AnyBody::Native(v) => v.name = Some(name.clone()),
            AnyBody::Json(b) => b.name = Some(name.clone()),
            AnyBody::Merged(parts) => {
                let part = NamedBody {
                    name: name.clone(),
                    body: AnyBody::Merged(parts.clone()),
                };
                *parts = Rc::new([part]);
            }
        }
    }

    /// Several files' bodies read as one (the reference's `MergeFiles`, for
    /// a directory of `.tf` and `.tf.json` files): the content of each in
    /// turn, its blocks one sequence; an attribute defined in two of them
    /// is an error ("Duplicate argument"), and a required attribute must be
    /// in one of them. Diagnostics and items say their file.
    ///
    /// spec: model#body-content
    ///
    /// ```
    /// use hcl_native::body::{AnyBody, AnyFile, AttributeSchema, BodySchema, NamedBody};
    /// use hcl_native::Arena;
    ///
    /// let arena = Arena::new();
    /// let a = AnyFile::parse(&arena, "a.tf", b"region = \"eu\"\n").ast;
    /// let b = AnyFile::parse(&arena, "b.tf.json", br#"{"zone": "1"}"#).ast;
    /// let merged = AnyBody::merge(vec![
    ///     NamedBody { name: "a.tf".into(), body: a.body() },
    ///     NamedBody { name: "b.tf.json".into(), body: b.body() },
    /// ]);
    /// let schema = BodySchema::new(
    ///     vec![AttributeSchema { name: "region".into(), required: true },
    ///          AttributeSchema { name: "zone".into(), required: false }],
    ///     vec![],
    /// ).unwrap();
    /// let (content, diags) = merged.content(&schema);
    /// assert!(diags.is_empty());
    /// assert_eq!(content.attributes["zone"].file.as_deref(), Some("b.tf.json"));
    /// ```
    pub fn merge(parts: Vec<NamedBody<'n, 'a>>) -> AnyBody<'n, 'a> {
        let mut flat = Vec::with_capacity(parts.len());
        for p in parts {
            match p.body {
                AnyBody::Merged(inner) if inner.len() != 1 => flat.extend(inner.iter().cloned()),
                _ => flat.push(p),
            }
        }
        AnyBody::Merged(flat.into())
    }

    /// The body's range (a merged body's first part's).
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) fn span(&self) -> Span {
        match self {
            AnyBody::Native(v) => v.span(),
            AnyBody::Json(b) => b.node().span(),
            AnyBody::Merged(parts) => parts.first().map_or(Span::empty(0), |p| p.body.span()),
        }
    }

    /// Where an item that is missing would go (a merged body's first
    /// part's).
    pub fn missing_item_range(&self) -> Span {
        match self {
            AnyBody::Native(v) => v.missing_item_range(),
            AnyBody::Json(b) => b.missing_item_range(),
            AnyBody::Merged(parts) => parts.first().map_or(Span::empty(0), |p| p.body.missing_item_range()),
        }
    }

    /// The line and column of `offset`, when the body knows its source
    /// text (a body of a merged set of several files does not: an offset
    /// alone does not say which file).
    pub fn position(&self, offset: u32) -> Option<Position> {
        self.positions(&[offset]).map(|p| p[0])
    }

    /// The line and column of each of `offsets` (one line index for all).
    fn positions<const N: usize>(&self, offsets: &[u32; N]) -> Option<[Position; N]> {
        match self {
            AnyBody::Native(v) => v.source().map(|src| {
                let loc = Locator::new(src);
                offsets.map(|o| loc.position(o))
            }),
            AnyBody::Json(b) => Some(offsets.map(|o| b.file().position(o))),
            AnyBody::Merged(parts) if parts.len() == 1 => parts[0].body.positions(offsets),
            AnyBody::Merged(_) => None,
        }
    }

    /// The name of the body's file, when it is a named body (of a merged
    /// body, the first part's, where [`AnyBody::missing_item_range`] is).
    pub fn file_name(&self) -> Option<&Arc<str>> {
        match self {
            AnyBody::Native(v) => v.name.as_ref(),
            AnyBody::Json(b) => b.name.as_ref(),
            AnyBody::Merged(parts) => parts.first().map(|p| &p.name),
        }
    }

    /// `span` of this body's file as the reference prints a range
    /// (`file:line,column-column`, or `file:line,column-line,column` over
    /// several lines), for messages that point at an earlier definition.
    pub fn range_text(&self, file: Option<&str>, span: Span) -> String {
        let prefix = file.map(|f| format!("{f}:")).unwrap_or_default();
        match self.positions(&[span.start, span.end]) {
            Some([s, e]) if s.line == e.line => format!("{prefix}{},{}-{}", s.line, s.column, e.column),
            Some([s, e]) => format!("{prefix}{},{}-{},{}", s.line, s.column, e.line, e.column),
            None => format!("{prefix}bytes {}-{}", span.start, span.end),
        }
    }
}

/// The content of a merged body's parts (the reference's
/// `mergedBodies.mergedContent`): each part read with the schema's
/// attributes not required, the required ones checked over all parts.
fn merged_content<'n, 'a: 'n>(
    parts: &Rc<[NamedBody<'n, 'a>]>,
    schema: &BodySchema,
    partial: bool,
    check_labels: bool,
) -> (AnyContent<'n, 'a>, Option<AnyBody<'n, 'a>>, Diagnostics) {
    let several = parts.len() > 1;
    let relaxed;
    let part_schema = if several {
        relaxed = schema.without_required();
        &relaxed
    } else {
        schema
    };
    let mut content = AnyContent {
        attributes: BTreeMap::new(),
        blocks: Vec::new(),
        missing_item_range: Span::empty(0),
    };
    let mut rests = Vec::new();
    let mut diags = Diagnostics::new();
    for (k, part) in parts.iter().enumerate() {
        let (c, rest, d) = part.body.read(part_schema, partial, check_labels);
        if let Some(rest) = rest {
            rests.push(NamedBody {
                name: part.name.clone(),
                body: rest,
            });
        }
        let (c, d) = in_named_file(c, d, &part.name);
        diags.extend(d);
        if k == 0 {
            content.missing_item_range = c.missing_item_range;
        }
        for (name, a) in c.attributes {
            if let Some(first) = content.attributes.get(name) {
                diags.push(duplicate_argument(parts, first, &a));
                continue;
            }
            content.attributes.insert(name, a);
        }
        content.blocks.extend(c.blocks);
    }
    if several {
        for a in schema.attributes().iter().filter(|a| a.required) {
            if !content.attributes.contains_key(a.name.as_str()) {
                diags.push(
                    Diagnostic::error(
                        "Missing required argument",
                        format!("The argument {} is required, but was not set.", quoted(&a.name)),
                        content.missing_item_range,
                    )
                    .in_file(&parts[0].name),
                );
            }
        }
    }
    (content, partial.then(|| AnyBody::Merged(rests.into())), diags)
}

/// The content and diagnostics of a body of the file `name`, saying so:
/// what has no file yet is placed in it, and each block's body is named
/// too (the name shared, not copied).
fn in_named_file<'n, 'a: 'n>(
    mut content: AnyContent<'n, 'a>,
    diags: Diagnostics,
    name: &Arc<str>,
) -> (AnyContent<'n, 'a>, Diagnostics) {
    for a in content.attributes.values_mut() {
        a.file.get_or_insert_with(|| name.clone());
    }
    for b in &mut content.blocks {
        if b.file.is_none() {
            b.file = Some(name.clone());
            b.body.put_in_file(name);
        }
    }
    (content, diags.in_file(name))
}

/// Attributes of a body named `name` (when it is), and its diagnostics,
/// saying their file.
fn name_attributes<'n, 'a: 'n>(
    mut attrs: Vec<AnyAttribute<'n, 'a>>,
    diags: Diagnostics,
    name: Option<&Arc<str>>,
) -> (Vec<AnyAttribute<'n, 'a>>, Diagnostics) {
    let Some(name) = name else {
        return (attrs, diags);
    };
    for a in &mut attrs {
        a.file.get_or_insert_with(|| name.clone());
    }
    (attrs, diags.in_file(name))
}

/// An attribute of a merged body set in a second part.
fn duplicate_argument(
    parts: &[NamedBody<'_, '_>],
    first: &AnyAttribute<'_, '_>,
    again: &AnyAttribute<'_, '_>,
) -> Diagnostic {
    let file = first.file.as_deref();
    let at = parts.iter().find(|p| Some(&*p.name) == file).map_or_else(
        || format!("bytes {}-{}", first.name_span.start, first.name_span.end),
        |p| p.body.range_text(file, first.name_span),
    );
    Diagnostic::error(
        "Duplicate argument",
        format!("Argument {} was already set at {at}", quoted(again.name)),
        again.name_span,
    )
    .in_file_of(again.file.as_ref())
}

fn native_attribute<'n, 'a: 'n>(a: &'a crate::ast::Attribute<'a>) -> AnyAttribute<'n, 'a> {
    AnyAttribute {
        name: a.name.name,
        name_span: a.name.span,
        expr: AnyExpression::Native(&a.expr),
        span: a.span(),
        file: None,
    }
}

fn native_content<'n, 'a: 'n>(c: super::Content<'a>, src: Option<&'a [u8]>) -> AnyContent<'n, 'a> {
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
                def_span: b.def_span(),
                body: AnyBody::Native(match src {
                    Some(src) => BodyView::new(&b.body).with_source(src),
                    None => BodyView::new(&b.body),
                }),
                file: None,
                native: Some(b),
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
        file: None,
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
                file: None,
                native: None,
            })
            .collect(),
        missing_item_range: c.missing_item_range,
    }
}

/// A configuration file of either syntax.
#[derive(Debug)]
#[non_exhaustive]
pub enum AnyFile<'a> {
    /// In the native syntax, with its source text.
    Native(ConfigFile<'a>, &'a [u8]),
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
                ast: AnyFile::Native(p.ast, src),
                diagnostics: p.diagnostics,
            }
        }
    }

    /// The file's root body.
    pub fn body(&self) -> AnyBody<'_, 'a> {
        match self {
            AnyFile::Native(f, src) => AnyBody::Native(BodyView::new(&f.body).with_source(src)),
            AnyFile::Json(f) => AnyBody::Json(f.body()),
        }
    }
}
