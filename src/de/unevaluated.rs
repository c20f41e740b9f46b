//! Fields kept unevaluated: an attribute's expression ([`Expression`]) and
//! a block's body or the rest of a body ([`Body`]), to evaluate or decode
//! later with another context.
//!
//! serde's data model carries numbers, strings, bytes and collections, not
//! references into a parse: a field cannot borrow the parsed tree through
//! it (a `Deserialize` impl cannot tell a genuine handle from one any
//! other deserializer made up). So these fields own their source text:
//! the decoder gives each its syntax, its text, its range and its file,
//! and each parses its text again when it is used. An expression is
//! evaluated from its text alone, the ranges of its diagnostics and
//! variables moved to the file's; a parse that hands out a tree
//! ([`Expression::parse`], [`Body::parse`], and so [`Body::decode`]) reads
//! the text in place, behind blank space as long as its offset (with the
//! file's line breaks, for a body), so that every range in the tree is the
//! file's: that costs the offset's length in time and transient memory.
//!
//! spec: model#body-content, model#partial-processing-of-body-content

use std::sync::Arc;

use serde::de::{self, Deserialize, Deserializer, Visitor};

use super::error::Error;
use crate::analysis::{Traversal, TraversalStep};
use crate::body::{AnyBody, AnyExpression, AnyFile, AttributeSchema, BlockHeaderSchema, BodySchema, NamedBody};
use crate::eval::{EvalContext, Evaluated};
use crate::value::Value;
use crate::{Arena, Diagnostics, Parsed, Span};

/// `span` of a text that starts at `at` in its file.
fn moved(span: Span, at: u32) -> Span {
    Span::new(span.start + at, span.end + at)
}

/// The serde name the decoder knows an [`Expression`] field by.
pub(crate) const EXPRESSION: &str = "$hcl_native::de::Expression";
/// The serde name the decoder knows a [`Body`] field by.
pub(crate) const BODY: &str = "$hcl_native::de::Body";

/// The form of an empty [`Expression`] or [`Body`] for the newtype name
/// `name`, for a placeholder to stand in with.
pub(crate) fn placeholder_form(name: &str) -> Option<Value> {
    let empty = Piece {
        syntax: Syntax::Native,
        text: String::new(),
        range: Span::empty(0),
        lines_before: 0,
        line_start: 0,
        file: None,
    };
    match name {
        EXPRESSION => Some(empty.form()),
        BODY => Some(Value::tuple(vec![
            Value::empty_tuple(),
            Value::empty_tuple(),
            Value::empty_tuple(),
            Value::from(0i64),
            Value::from(0i64),
        ])),
        _ => None,
    }
}

/// The syntax a piece of source text is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Syntax {
    Native,
    Json,
}

impl Syntax {
    fn name(self) -> &'static str {
        match self {
            Syntax::Native => "hcl",
            Syntax::Json => "json",
        }
    }

    fn of(name: &str) -> Option<Syntax> {
        match name {
            "hcl" => Some(Syntax::Native),
            "json" => Some(Syntax::Json),
            _ => None,
        }
    }
}

/// A piece of a file: its syntax, text, range and where its line starts.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    syntax: Syntax,
    text: String,
    range: Span,
    /// How many lines come before the piece, and where its first line
    /// starts, so that a re-parse has the lines of the original.
    lines_before: u32,
    line_start: u32,
    file: Option<Arc<str>>,
}

/// A piece as the decoder hands it over serde: `(syntax, text, start,
/// end, lines before, line start, file)`.
type PieceForm = (String, String, u32, u32, u32, u32, Option<String>);

impl Piece {
    /// The piece `range` of `src`.
    /// The piece `range` of `src`; with `lines`, knowing the lines before
    /// it (a body's, whose re-parse gives positions).
    fn of(syntax: Syntax, src: &[u8], range: Span, file: Option<&Arc<str>>, lines: bool) -> Result<Piece, Error> {
        let text = src
            .get(range.range())
            .and_then(|t| std::str::from_utf8(t).ok())
            .ok_or_else(|| de::Error::custom("the source text of an unevaluated field is not valid UTF-8"))?;
        let before = &src[..range.start as usize];
        let (lines_before, line_start) = if lines {
            (
                memchr::memchr_iter(b'\n', before).count() as u32,
                memchr::memrchr(b'\n', before).map_or(0, |i| i as u32 + 1),
            )
        } else {
            (0, 0)
        };
        Ok(Piece {
            syntax,
            text: text.to_string(),
            range,
            lines_before,
            line_start,
            file: file.cloned(),
        })
    }

    fn form(&self) -> Value {
        Value::tuple(vec![
            self.syntax.name().into(),
            self.text.as_str().into(),
            Value::from(i64::from(self.range.start)),
            Value::from(i64::from(self.range.end)),
            Value::from(i64::from(self.lines_before)),
            Value::from(i64::from(self.line_start)),
            match &self.file {
                Some(f) => Value::from(&**f),
                None => Value::null(crate::value::Type::String),
            },
        ])
    }

    fn from_form<E: de::Error>(form: PieceForm) -> Result<Piece, E> {
        let (syntax, text, start, end, lines_before, line_start, file) = form;
        let syntax = Syntax::of(&syntax)
            .ok_or_else(|| E::custom(format!("unknown syntax {}", crate::diagnostic::quoted(&syntax))))?;
        if start.checked_add(text.len() as u32) != Some(end) || line_start > start || lines_before > line_start {
            return Err(E::custom("the range does not fit the text"));
        }
        Ok(Piece {
            syntax,
            text,
            range: Span::new(start, end),
            lines_before,
            line_start,
            file: file.map(Arc::from),
        })
    }

    /// The text in place: behind blank space (with the original's line
    /// breaks when `lines` is set) as long as its offset.
    fn in_place<'x>(&self, arena: &'x Arena, lines: bool) -> &'x [u8] {
        let mut buf = Vec::with_capacity(self.range.end as usize);
        if lines {
            buf.resize((self.line_start - self.lines_before) as usize, b' ');
            buf.resize(self.line_start as usize, b'\n');
        }
        buf.resize(self.range.start as usize, b' ');
        buf.extend_from_slice(self.text.as_bytes());
        arena.alloc_slice(&buf)
    }
}

/// An attribute's expression, kept unevaluated by the decoder: a struct
/// field of this type takes the attribute's expression instead of its
/// value, to evaluate later (with another [`EvalContext`], after other
/// fields told what it needs). `Option<Expression>` is an optional
/// attribute. The expression owns its source text and is parsed again
/// when it is used; its ranges and diagnostics are those of the original
/// file.
///
/// ```
/// use hcl_native::de::{self, Expression};
/// use hcl_native::eval::EvalContext;
/// use hcl_native::value::Value;
///
/// #[derive(serde::Deserialize)]
/// struct Resource {
///     name: String,
///     count: Expression,
/// }
///
/// let src = "name  = \"web\"\ncount = var.replicas * 2\n";
/// // `var` is not known yet: the count is decoded all the same
/// let r: Resource = de::from_str(src, &EvalContext::new())?;
/// assert_eq!(&src[r.count.range().range()], "var.replicas * 2");
/// assert_eq!(r.count.variables()[0].root, "var");
///
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("var", Value::object([("replicas", Value::from(3))]))?;
/// assert_eq!(r.count.evaluate(&ctx).value, Value::from(6));
///
/// // an error's range is the expression's in the file
/// let out = r.count.evaluate(&EvalContext::new());
/// assert_eq!(&src[out.diagnostics[0].subject().range()], "var");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expression {
    piece: Piece,
}

impl Expression {
    /// The expression's range in its file.
    pub fn range(&self) -> Span {
        self.piece.range
    }

    /// The name of the file the expression is in, when the decoded body
    /// was a named or merged one ([`AnyBody::named`], [`AnyBody::merge`]).
    pub fn file(&self) -> Option<&str> {
        self.piece.file.as_deref()
    }

    /// The expression's source text.
    pub fn text(&self) -> &str {
        &self.piece.text
    }

    /// Whether the expression is written in the JSON syntax (a JSON
    /// value, its strings templates).
    pub fn is_json(&self) -> bool {
        self.piece.syntax == Syntax::Json
    }

    /// Parses the expression again into `arena`, its ranges those of the
    /// original file: [`ParsedExpression::expr`] gives it for the static
    /// analyses of [`AnyExpression`].
    ///
    /// ```
    /// use hcl_native::de::{self, Expression};
    /// use hcl_native::eval::EvalContext;
    /// use hcl_native::Arena;
    ///
    /// #[derive(serde::Deserialize)]
    /// struct Check { depends_on: Expression }
    ///
    /// let c: Check = de::from_str("depends_on = [a.b, c]\n", &EvalContext::new())?;
    /// let arena = Arena::new();
    /// let parsed = c.depends_on.parse(&arena);
    /// let items = parsed.ast.expr().static_list().unwrap();
    /// assert_eq!(items[1].keyword().as_deref(), Some("c"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse<'x>(&self, arena: &'x Arena) -> Parsed<ParsedExpression<'x>> {
        self.parse_from(arena, self.piece.in_place(arena, false))
    }

    /// Parses `src`, the expression's text in place or alone.
    fn parse_from<'x>(&self, arena: &'x Arena, src: &'x [u8]) -> Parsed<ParsedExpression<'x>> {
        let (ast, diagnostics) = match self.piece.syntax {
            Syntax::Native => {
                let p = crate::parse_expression(arena, src);
                (ParsedExpression::Native(arena.alloc(p.ast)), p.diagnostics)
            }
            Syntax::Json => {
                let p = crate::json_syntax::parse_expression(src);
                (ParsedExpression::Json(p.ast), p.diagnostics)
            }
        };
        Parsed {
            ast,
            diagnostics: self.in_file(diagnostics),
        }
    }

    /// Evaluates the expression with `ctx` (see [`AnyExpression::evaluate`]);
    /// diagnostics have the expression's ranges in its file.
    pub fn evaluate(&self, ctx: &EvalContext<'_>) -> Evaluated {
        // the text alone (not in place, which costs its offset), its
        // ranges moved to the file's after
        let arena = Arena::new();
        let parsed = self.parse_from(&arena, self.piece.text.as_bytes());
        if parsed.diagnostics.has_errors() {
            return Evaluated {
                value: Value::dynamic(),
                diagnostics: self.moved(parsed.diagnostics),
            };
        }
        let mut out = parsed.ast.expr().evaluate(ctx);
        out.diagnostics = self.moved(self.in_file(out.diagnostics));
        out
    }

    /// The variables the expression refers to, in source order, with
    /// their ranges in the file.
    pub fn variables(&self) -> Vec<Traversal> {
        let arena = Arena::new();
        let parsed = self.parse_from(&arena, self.piece.text.as_bytes());
        let mut vars = parsed.ast.expr().variables();
        let at = self.piece.range.start;
        for v in &mut vars {
            v.root_span = moved(v.root_span, at);
            for step in &mut v.steps {
                match step {
                    TraversalStep::Attr { span, .. } | TraversalStep::Index { span, .. } => *span = moved(*span, at),
                }
            }
        }
        vars
    }

    /// Diagnostics of the text alone, with the file's ranges.
    fn moved(&self, diags: Diagnostics) -> Diagnostics {
        let at = self.piece.range.start;
        let moved: Vec<_> = diags
            .into_iter()
            .map(|mut d| {
                d.subject = moved(d.subject, at);
                d.context = d.context.map(|c| moved(c, at));
                d
            })
            .collect();
        Diagnostics::from(moved)
    }

    fn in_file(&self, diags: Diagnostics) -> Diagnostics {
        match &self.piece.file {
            Some(f) => diags.in_file(f),
            None => diags,
        }
    }

    /// The form the decoder hands over serde.
    pub(crate) fn form(syntax_json: bool, src: &[u8], range: Span, file: Option<&Arc<str>>) -> Result<Value, Error> {
        let syntax = if syntax_json { Syntax::Json } else { Syntax::Native };
        Ok(Piece::of(syntax, src, range, file, false)?.form())
    }
}

impl<'de> Deserialize<'de> for Expression {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Expression;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an attribute's expression (an Expression field)")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Expression, D::Error> {
                let form = PieceForm::deserialize(d)?;
                Ok(Expression {
                    piece: Piece::from_form(form)?,
                })
            }
        }
        deserializer.deserialize_newtype_struct(EXPRESSION, V)
    }
}

/// A body kept unevaluated by the decoder: a block field of this type
/// (`#[serde(rename = "x,block")] x: Body`, or a `Vec`, `Option` or map
/// of them) takes each block's body, and a remain field of this type
/// (`#[serde(rename = "rest,remain")] rest: Body`) takes the rest of the
/// body, attributes and blocks, that the struct's other fields did not
/// take (partial processing). It is decoded or read later, with another
/// context or schema. The body owns its source text (of each file, for a
/// merged body) and is parsed again when it is used; its ranges and
/// diagnostics are those of the original files.
///
/// spec: model#partial-processing-of-body-content
///
/// ```
/// use hcl_native::body::{AttributeSchema, BodySchema};
/// use hcl_native::de::{self, Body};
/// use hcl_native::eval::EvalContext;
/// use hcl_native::value::Value;
///
/// #[derive(serde::Deserialize)]
/// struct Resource {
///     #[serde(rename = "type,label")]
///     kind: String,
///     #[serde(rename = "config,remain")]
///     config: Body,
/// }
/// #[derive(serde::Deserialize)]
/// struct File {
///     #[serde(rename = "resource,block")]
///     resources: Vec<Resource>,
/// }
/// #[derive(serde::Deserialize, Debug)]
/// struct Instance {
///     size: String,
///     #[serde(rename = "disk,block")]
///     disks: Vec<Disk>,
/// }
/// #[derive(serde::Deserialize, Debug)]
/// struct Disk { gb: u32 }
///
/// let src = "resource \"instance\" {\n  size = var.size\n  disk { gb = 10 }\n}\n";
/// let file: File = de::from_str(src, &EvalContext::new())?;
/// let r = &file.resources[0];
/// assert_eq!(r.kind, "instance");
///
/// // decoded later, by its type's own struct, with a context that has `var`
/// let mut ctx = EvalContext::new();
/// ctx.set_variable("var", Value::object([("size", Value::from("large"))]))?;
/// let instance: Instance = r.config.decode(&ctx)?;
/// assert_eq!((instance.size.as_str(), instance.disks[0].gb), ("large", 10));
///
/// // or read with a schema (the ranges are the file's)
/// let arena = hcl_native::Arena::new();
/// let parsed = r.config.parse(&arena);
/// let schema = BodySchema::new(vec![AttributeSchema { name: "size".into(), required: true }], vec![])?;
/// let (content, rest, _) = parsed.ast.body().partial_content(&schema);
/// assert_eq!(&src[content.attributes["size"].expr.span().range()], "var.size");
/// assert_eq!(rest.just_attributes().1.as_slice()[0].summary(), "Unexpected \"disk\" block");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    /// One piece per file (several for a merged body).
    pieces: Vec<Piece>,
    /// The attributes and block types the struct's other fields took (a
    /// remain field's body does not show them).
    hidden_attributes: Vec<String>,
    hidden_blocks: Vec<String>,
    /// The body's range (the first file's, for a merged body).
    range: Span,
}

/// A body as the decoder hands it over serde: `(pieces, hidden
/// attributes, hidden block types, start, end)`.
type BodyForm = (Vec<PieceForm>, Vec<String>, Vec<String>, u32, u32);

impl Body {
    /// The body's range (from its opening brace to its closing one; the
    /// first file's, for a merged body).
    pub fn range(&self) -> Span {
        self.range
    }

    /// The name of the body's file, when the decoded body was a named or
    /// merged one (a merged body's first file).
    pub fn file(&self) -> Option<&str> {
        self.pieces.first().and_then(|p| p.file.as_deref())
    }

    /// Parses the body again into `arena` (each file's part of it in its
    /// syntax), its ranges those of the original files: the
    /// [`ParsedBody::body`] reads as the decoded body did, without what
    /// the struct's other fields took.
    pub fn parse<'x>(&self, arena: &'x Arena) -> Parsed<ParsedBody<'x>> {
        let mut diagnostics = Diagnostics::new();
        let mut parts = Vec::new();
        for (k, piece) in self.pieces.iter().enumerate() {
            let src = piece.in_place(arena, true);
            let parsed = match piece.syntax {
                Syntax::Native => {
                    // the piece is a block's body without its braces (or a
                    // file's): read as a file, with the body's own range
                    let mut p = crate::parse_config(arena, src);
                    p.ast.body.span = if k == 0 { self.range } else { p.ast.body.span };
                    Parsed {
                        ast: AnyFile::Native(p.ast, src),
                        diagnostics: p.diagnostics,
                    }
                }
                Syntax::Json => {
                    let p = crate::json_syntax::parse(src);
                    Parsed {
                        ast: AnyFile::Json(p.ast),
                        diagnostics: p.diagnostics,
                    }
                }
            };
            diagnostics.extend(match &piece.file {
                Some(f) => parsed.diagnostics.in_file(f),
                None => parsed.diagnostics,
            });
            parts.push((piece.file.clone(), parsed.ast));
        }
        Parsed {
            ast: ParsedBody {
                parts,
                hidden_attributes: self.hidden_attributes.clone(),
                hidden_blocks: self.hidden_blocks.clone(),
            },
            diagnostics,
        }
    }

    /// Decodes the body into `T` with `ctx`, as [`super::from_any_body`]
    /// does; diagnostics have their ranges in the original files.
    pub fn decode<T: serde::de::DeserializeOwned>(&self, ctx: &EvalContext<'_>) -> Result<T, Error> {
        let arena = Arena::new();
        let parsed = self.parse(&arena);
        if parsed.diagnostics.has_errors() {
            return Err(Error::from_diagnostics(parsed.diagnostics));
        }
        super::from_any_body(&parsed.ast.body(), ctx)
    }

    /// The form the decoder hands over serde: each part of `body` (of a
    /// merged body, each file's) with its source, and the names `hidden`.
    pub(crate) fn form(
        body: &AnyBody<'_, '_>,
        file: Option<&Arc<str>>,
        hidden_attributes: &[&str],
        hidden_blocks: &[&str],
    ) -> Result<Value, Error> {
        let mut pieces = Vec::new();
        Body::pieces(body, file, &mut pieces)?;
        let names = |n: &[&str]| Value::tuple(n.iter().map(|&s| Value::from(s)).collect());
        let span = body.span();
        Ok(Value::tuple(vec![
            Value::tuple(pieces.iter().map(Piece::form).collect()),
            names(hidden_attributes),
            names(hidden_blocks),
            Value::from(i64::from(span.start)),
            Value::from(i64::from(span.end)),
        ]))
    }

    fn pieces(body: &AnyBody<'_, '_>, file: Option<&Arc<str>>, out: &mut Vec<Piece>) -> Result<(), Error> {
        match body {
            AnyBody::Native(v) => {
                let file = file.or(body.file_name());
                let src = v.source().ok_or_else(|| {
                    de::Error::custom(
                        "a Body field needs the body's source text: decode with from_str, from_file or from_any_body of an AnyFile's body",
                    )
                })?;
                let span = v.span();
                // a block's body without its braces; a file's body whole
                let inner = if src.get(span.start as usize) == Some(&b'{') && span.len() >= 2 {
                    Span::new(span.start + 1, span.end - 1)
                } else {
                    span
                };
                out.push(Piece::of(Syntax::Native, src, inner, file, true)?);
            }
            AnyBody::Json(b) => out.push(Piece::of(
                Syntax::Json,
                b.file().src,
                b.node().span(),
                file.or(body.file_name()),
                true,
            )?),
            AnyBody::Merged(parts) => {
                for p in parts.iter() {
                    Body::pieces(&p.body, Some(&p.name), out)?;
                }
            }
        }
        Ok(())
    }
}

impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Body;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a block's body or the rest of a body (a Body field)")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Body, D::Error> {
                let (pieces, hidden_attributes, hidden_blocks, start, end) = BodyForm::deserialize(d)?;
                Ok(Body {
                    pieces: pieces.into_iter().map(Piece::from_form).collect::<Result<_, _>>()?,
                    hidden_attributes,
                    hidden_blocks,
                    range: Span::new(start, end),
                })
            }
        }
        deserializer.deserialize_newtype_struct(BODY, V)
    }
}

/// An [`Expression`] parsed again ([`Expression::parse`]).
#[derive(Debug)]
#[non_exhaustive]
pub enum ParsedExpression<'x> {
    /// A native-syntax expression.
    Native(&'x crate::ast::Expression<'x>),
    /// A JSON value: the expression is the file's root.
    Json(crate::json_syntax::JsonFile<'x>),
}

impl<'x> ParsedExpression<'x> {
    /// The expression.
    pub fn expr(&self) -> AnyExpression<'_, 'x> {
        match self {
            ParsedExpression::Native(e) => AnyExpression::Native(e),
            ParsedExpression::Json(f) => AnyExpression::Json(f, &f.root),
        }
    }
}

/// A [`Body`] parsed again ([`Body::parse`]): its files, to read its
/// content from.
#[derive(Debug)]
pub struct ParsedBody<'x> {
    parts: Vec<(Option<Arc<str>>, AnyFile<'x>)>,
    hidden_attributes: Vec<String>,
    hidden_blocks: Vec<String>,
}

impl<'x> ParsedBody<'x> {
    /// The body, as the decoder read it (without what the struct's other
    /// fields took, for a remain field's), named by its file when it had
    /// one.
    pub fn body(&self) -> AnyBody<'_, 'x> {
        let hidden = if self.hidden_attributes.is_empty() && self.hidden_blocks.is_empty() {
            None
        } else {
            let attrs = self.hidden_attributes.iter().map(|n| AttributeSchema {
                name: n.clone(),
                required: false,
            });
            let blocks = self.hidden_blocks.iter().map(|n| BlockHeaderSchema {
                type_name: n.clone(),
                label_names: Vec::new(),
            });
            BodySchema::new(attrs.collect(), blocks.collect()).ok()
        };
        let mut named = Vec::new();
        for (file, ast) in &self.parts {
            let mut body = ast.body();
            if let Some(schema) = &hidden {
                body = body.read(schema, true, false).1.expect("a partial read gives the rest");
            }
            match file {
                Some(f) => named.push(NamedBody { name: f.clone(), body }),
                // only a merged body has several parts, each named
                None => return body,
            }
        }
        match named.len() {
            1 => {
                let part = named.pop().expect("one part");
                AnyBody::named(&part.name, part.body)
            }
            _ => AnyBody::merge(named),
        }
    }
}
