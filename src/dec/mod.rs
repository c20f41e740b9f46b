//! Decoding a body into one value by a decoding spec (the reference's
//! `hcldec` as a library), for applications that decode without serde.
//!
//! A [`Spec`] says how each part of the value is found in a body of either
//! syntax ([`AnyBody`]): an attribute's value converted to a type, the
//! bodies of blocks of a type (one, a list, a set, a map keyed by labels),
//! a block's attributes as a map, a literal, a fallback, a transformation.
//! The same spec implies the body's schema ([`implied_schema`]) and the
//! value's type ([`implied_type`]), and finds the variables a body refers
//! to ([`variables`]). A spec is built in Rust or read from a spec file in
//! the format `hcldec` reads ([`read_spec_file`]).
//!
//! spec: hcldec#spec-block-types, model#schema-driven-processing
//!
//! ```
//! use hcl_native::body::AnyFile;
//! use hcl_native::dec::{self, Spec};
//! use hcl_native::eval::EvalContext;
//! use hcl_native::value::{Type, Value};
//! use hcl_native::Arena;
//!
//! let spec = Spec::Object(vec![
//!     ("name".into(), Spec::attr("name", Type::String, true)),
//!     ("ports".into(), Spec::block_list("port", Spec::attr("number", Type::Number, true))),
//! ]);
//! let arena = Arena::new();
//! let file = AnyFile::parse(&arena, "svc.hcl", b"name = \"web\"\nport { number = 80 }\nport { number = 443 }\n").ast;
//! let decoded = dec::decode(&file.body(), &spec, &EvalContext::new());
//! assert!(decoded.diagnostics.is_empty());
//! assert_eq!(decoded.value.get("name"), Some(&Value::from("web")));
//! assert_eq!(decoded.value.get("ports").unwrap().length(), Some(2));
//! assert_eq!(dec::implied_type(&spec).friendly_name(), "object");
//! ```

mod expr;
mod spec_file;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

pub use expr::SpecExpression;
pub use spec_file::{read_spec_file, spec_functions, SpecFile};

use crate::analysis::Traversal;
use crate::body::{AnyBlock, AnyBody, AnyContent, AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::convert::{convert, unify};
use crate::diagnostic::quoted;
use crate::eval::{EvalContext, Evaluated};
use crate::value::{Type, Value};
use crate::{Diagnostic, Diagnostics, Span};

/// How to decode a body into a value: one of the spec block types of the
/// `hcldec` spec format, or a block label (a spec only Rust can build).
///
/// spec: hcldec#spec-block-types
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Spec {
    /// An object whose attributes are decoded by the nested specs, from the
    /// same body (`object`).
    ///
    /// spec: hcldec#object-spec-blocks
    Object(Vec<(String, Spec)>),
    /// A tuple whose elements are decoded by the nested specs, from the
    /// same body (`array`).
    ///
    /// spec: hcldec#array-spec-blocks
    Tuple(Vec<Spec>),
    /// An attribute's value converted to `ty` (`attr`); null when it is
    /// absent and not `required` .
    ///
    /// spec: hcldec#attr-spec-blocks
    Attr {
        /// The attribute's name.
        name: String,
        /// The type the value is converted to (`Type::Dynamic`: as it is).
        ty: Type,
        /// Whether a body without it is an error.
        required: bool,
    },
    /// A fixed value (`literal`).
    ///
    /// spec: hcldec#literal-spec-blocks
    Literal(Value),
    /// The body of the one block of a type, decoded by `nested` (`block`);
    /// null when there is none and it is not `required` .
    ///
    /// spec: hcldec#block-spec-blocks
    Block {
        /// The block type.
        type_name: String,
        /// How the block's body is decoded.
        nested: Box<Spec>,
        /// Whether a body without such a block is an error.
        required: bool,
    },
    /// The bodies of all blocks of a type, each decoded by `nested`, as a
    /// list (`block_list`).
    ///
    /// spec: hcldec#block_list-spec-blocks
    BlockList {
        /// The block type.
        type_name: String,
        /// How each block's body is decoded.
        nested: Box<Spec>,
        /// The fewest blocks allowed.
        min_items: usize,
        /// The most blocks allowed (0: no limit).
        max_items: usize,
    },
    /// As `BlockList`, as a set (`block_set`).
    ///
    /// spec: hcldec#block_set-spec-blocks
    BlockSet {
        /// The block type.
        type_name: String,
        /// How each block's body is decoded.
        nested: Box<Spec>,
        /// The fewest blocks allowed.
        min_items: usize,
        /// The most blocks allowed (0: no limit).
        max_items: usize,
    },
    /// The bodies of all blocks of a type as nested maps, one level per
    /// label of `labels` (`block_map`).
    ///
    /// spec: hcldec#block_map-spec-blocks
    BlockMap {
        /// The block type.
        type_name: String,
        /// The names of the labels that key the maps, outermost first.
        labels: Vec<String>,
        /// How each block's body is decoded.
        nested: Box<Spec>,
    },
    /// The attributes of the one block of a type, as a map of
    /// `element_type` (`block_attrs`).
    ///
    /// spec: hcldec#block_attrs-spec-blocks
    BlockAttrs {
        /// The block type.
        type_name: String,
        /// The type every attribute's value is converted to.
        element_type: Type,
        /// Whether a body without such a block is an error.
        required: bool,
    },
    /// A label of the block whose body is being decoded, as a string.
    BlockLabel {
        /// Which label (0 is the first after those a `BlockMap` uses).
        index: usize,
        /// The label's name, for the block's schema.
        name: String,
    },
    /// `primary`'s value, or `default`'s when that is null (`default`).
    ///
    /// spec: hcldec#default-spec-blocks
    Default {
        /// The spec tried first.
        primary: Box<Spec>,
        /// The fallback.
        default: Box<Spec>,
    },
    /// `wrapped`'s value passed through a transformation (`transform`).
    ///
    /// spec: hcldec#transform-spec-blocks
    Transform {
        /// The spec whose value is transformed.
        wrapped: Box<Spec>,
        /// The transformation.
        transform: Transform,
    },
}

/// A transformation of a decoded value: a function of the value that gives
/// a value and diagnostics (a spec file's `result` expression, or any Rust
/// function).
#[derive(Clone)]
pub struct Transform(Arc<dyn Fn(&Value) -> Evaluated + Send + Sync>);

impl Transform {
    /// A transformation by `f`.
    ///
    /// ```
    /// use hcl_native::dec::Transform;
    /// use hcl_native::eval::Evaluated;
    /// use hcl_native::value::Value;
    /// use hcl_native::Diagnostics;
    ///
    /// let double = Transform::new(|v| Evaluated {
    ///     value: Value::from(v.as_number().unwrap().to_i64().unwrap() * 2),
    ///     diagnostics: Diagnostics::new(),
    /// });
    /// assert_eq!(double.apply(&Value::from(21)).value, Value::from(42));
    /// ```
    pub fn new(f: impl Fn(&Value) -> Evaluated + Send + Sync + 'static) -> Transform {
        Transform(Arc::new(f))
    }

    /// Applies the transformation.
    pub fn apply(&self, value: &Value) -> Evaluated {
        (self.0)(value)
    }
}

impl fmt::Debug for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Transform(..)")
    }
}

impl Spec {
    /// An attribute spec.
    pub fn attr(name: impl Into<String>, ty: Type, required: bool) -> Spec {
        Spec::Attr {
            name: name.into(),
            ty,
            required,
        }
    }

    /// A block spec, not required.
    pub fn block(type_name: impl Into<String>, nested: Spec) -> Spec {
        Spec::Block {
            type_name: type_name.into(),
            nested: Box::new(nested),
            required: false,
        }
    }

    /// A block list spec without item limits.
    pub fn block_list(type_name: impl Into<String>, nested: Spec) -> Spec {
        Spec::BlockList {
            type_name: type_name.into(),
            nested: Box::new(nested),
            min_items: 0,
            max_items: 0,
        }
    }

    /// The specs decoded from the same body as this one (an object's or a
    /// tuple's members, a default's two, a transformation's wrapped one).
    fn same_body_children(&self) -> Vec<&Spec> {
        match self {
            Spec::Object(members) => members.iter().map(|(_, s)| s).collect(),
            Spec::Tuple(items) => items.iter().collect(),
            Spec::Default { primary, default } => vec![primary, default],
            Spec::Transform { wrapped, .. } => vec![wrapped],
            _ => Vec::new(),
        }
    }

    /// The block type and nested spec of a spec of blocks.
    fn block_type(&self) -> Option<(&str, Option<&Spec>)> {
        match self {
            Spec::Block { type_name, nested, .. }
            | Spec::BlockList { type_name, nested, .. }
            | Spec::BlockSet { type_name, nested, .. }
            | Spec::BlockMap { type_name, nested, .. } => Some((type_name, Some(nested))),
            Spec::BlockAttrs { type_name, .. } => Some((type_name, None)),
            _ => None,
        }
    }

    /// The label names the blocks this spec reads must have.
    fn block_label_names(&self) -> Vec<String> {
        match self {
            Spec::BlockMap { labels, nested, .. } => labels.iter().cloned().chain(label_specs(nested)).collect(),
            Spec::Block { nested, .. } | Spec::BlockList { nested, .. } | Spec::BlockSet { nested, .. } => {
                label_specs(nested)
            }
            _ => Vec::new(),
        }
    }
}

/// The names of the block labels `spec` reads (the reference's
/// `findLabelSpecs`): one per index up to the largest, `missingNN` for an
/// index no label spec names.
fn label_specs(spec: &Spec) -> Vec<String> {
    let mut names: BTreeMap<usize, &str> = BTreeMap::new();
    let mut stack = vec![spec];
    while let Some(s) = stack.pop() {
        if let Spec::BlockLabel { index, name } = s {
            names.insert(*index, name);
        }
        stack.extend(s.same_body_children());
    }
    let count = names.keys().next_back().map_or(0, |k| k + 1);
    (0..count)
        .map(|i| match names.get(&i) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => format!("missing{i:02}"),
        })
        .collect()
}

/// The schema `spec` reads a body with: the attributes and block types of
/// it and of the specs decoded from the same body (the reference's
/// `ImpliedSchema`). A name read by two specs is in it once (an attribute
/// required when either requires it).
///
/// ```
/// use hcl_native::dec::{implied_schema, Spec};
/// use hcl_native::value::Type;
///
/// let spec = Spec::Object(vec![
///     ("a".into(), Spec::attr("a", Type::String, true)),
///     ("b".into(), Spec::block("b", Spec::Object(vec![]))),
/// ]);
/// let schema = implied_schema(&spec);
/// assert_eq!(schema.attributes()[0].name, "a");
/// assert_eq!(schema.blocks()[0].type_name, "b");
/// ```
pub fn implied_schema(spec: &Spec) -> BodySchema {
    let mut attributes: Vec<AttributeSchema> = Vec::new();
    let mut blocks: Vec<BlockHeaderSchema> = Vec::new();
    let mut stack = vec![spec];
    while let Some(s) = stack.pop() {
        if let Spec::Attr { name, required, .. } = s {
            match attributes.iter_mut().find(|a| &a.name == name) {
                Some(a) => a.required |= required,
                None => attributes.push(AttributeSchema {
                    name: name.clone(),
                    required: *required,
                }),
            }
        }
        if let Some((type_name, _)) = s.block_type()
            && !blocks.iter().any(|b| b.type_name == type_name)
        {
            blocks.push(BlockHeaderSchema {
                type_name: type_name.to_string(),
                label_names: s.block_label_names(),
            });
        }
        let mut children = s.same_body_children();
        children.reverse();
        stack.extend(children);
    }
    // a name both an attribute and a block type is read as the attribute
    blocks.retain(|b| !attributes.iter().any(|a| a.name == b.type_name));
    BodySchema::new(attributes, blocks).unwrap_or_default()
}

/// The type of every value `spec` decodes (the reference's `ImpliedType`).
///
/// ```
/// use hcl_native::dec::{implied_type, Spec};
/// use hcl_native::value::Type;
///
/// let spec = Spec::block_list("disk", Spec::attr("size", Type::Number, true));
/// assert_eq!(implied_type(&spec), Type::list(Type::Number));
/// ```
pub fn implied_type(spec: &Spec) -> Type {
    crate::stack::with_stack(|| match spec {
        Spec::Object(members) => Type::object(members.iter().map(|(k, s)| (k.as_str(), implied_type(s)))),
        Spec::Tuple(items) => Type::tuple(items.iter().map(implied_type).collect()),
        Spec::Attr { ty, .. } => ty.clone(),
        Spec::Literal(v) => v.ty(),
        Spec::Block { nested, .. } => implied_type(nested),
        Spec::BlockList { nested, .. } => Type::list(implied_type(nested)),
        Spec::BlockSet { nested, .. } => Type::set(implied_type(nested)),
        Spec::BlockMap { labels, nested, .. } => labels.iter().fold(implied_type(nested), |t, _| Type::map(t)),
        Spec::BlockAttrs { element_type, .. } => Type::map(element_type.clone()),
        Spec::BlockLabel { .. } => Type::String,
        Spec::Default { primary, .. } => implied_type(primary),
        Spec::Transform { wrapped, transform } => transform.apply(&Value::unknown(implied_type(wrapped))).value.ty(),
    })
}

/// A decoded value and the problems found.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The value (of [`implied_type`]'s type where decoding went well).
    pub value: Value,
    /// Errors and warnings, from the body's content and from evaluation.
    pub diagnostics: Diagnostics,
}

/// Decodes `body` by `spec`, evaluating its expressions in `ctx` (the
/// reference's `hcldec.Decode`): the body must hold nothing the spec does
/// not read.
///
/// spec: model#schema-driven-processing
pub fn decode(body: &AnyBody<'_, '_>, spec: &Spec, ctx: &EvalContext<'_>) -> Decoded {
    let (value, diagnostics) = decode_body(body, &[], ctx, spec, false, &Memo::default()).0;
    Decoded { value, diagnostics }
}

/// [`decode`], leaving what the spec does not read in the returned body
/// (the reference's `hcldec.PartialDecode`).
///
/// spec: model#partial-processing-of-body-content
///
/// ```
/// use hcl_native::body::AnyFile;
/// use hcl_native::dec::{partial_decode, Spec};
/// use hcl_native::eval::EvalContext;
/// use hcl_native::value::Type;
/// use hcl_native::Arena;
///
/// let arena = Arena::new();
/// let file = AnyFile::parse(&arena, "a.hcl", b"a = 1\nb = 2\n").ast;
/// let (decoded, rest) = partial_decode(&file.body(), &Spec::attr("a", Type::Number, true), &EvalContext::new());
/// assert!(decoded.diagnostics.is_empty());
/// assert_eq!(rest.just_attributes().0.len(), 1);
/// ```
pub fn partial_decode<'n, 'a: 'n>(
    body: &AnyBody<'n, 'a>,
    spec: &Spec,
    ctx: &EvalContext<'_>,
) -> (Decoded, AnyBody<'n, 'a>) {
    let ((value, diagnostics), rest) = decode_body(body, &[], ctx, spec, true, &Memo::default());
    (Decoded { value, diagnostics }, rest.unwrap_or_else(|| body.clone()))
}

/// A block label: its text and range.
type Label<'n> = (&'n str, Span);

type Outcome<'n, 'a> = ((Value, Diagnostics), Option<AnyBody<'n, 'a>>);

/// Reads `body` with `spec`'s schema and decodes the content.
fn decode_body<'n, 'a: 'n>(
    body: &AnyBody<'n, 'a>,
    labels: &[Label<'n>],
    ctx: &EvalContext<'_>,
    spec: &Spec,
    partial: bool,
    memo: &Memo,
) -> Outcome<'n, 'a> {
    let schema = memo.schema(spec);
    let (content, rest, mut diags) = if partial {
        let (c, rest, d) = body.partial_content(&schema);
        (c, Some(rest), d)
    } else {
        let (c, d) = body.content(&schema);
        (c, None, d)
    };
    let cx = Cx {
        body,
        content: &content,
        labels,
        ctx,
        memo,
    };
    let value = cx.decode(spec, &mut diags);
    // what is about the body itself (a missing item) is in its file
    if let Some(file) = body.file_name() {
        diags = diags.in_file(file);
    }
    ((value, diags), rest)
}

/// What a spec decodes from: the body's content, the labels of its block.
struct Cx<'c, 'n, 'a> {
    body: &'c AnyBody<'n, 'a>,
    content: &'c AnyContent<'n, 'a>,
    labels: &'c [Label<'n>],
    ctx: &'c EvalContext<'c>,
    /// What one decode works out once per spec.
    memo: &'c Memo,
}

/// What one decode works out once per spec (keyed by the spec's address):
/// the schema a body is read with, and the type of the last object an
/// object spec made, for the next one to share.
#[derive(Default)]
struct Memo {
    schemas: std::cell::RefCell<std::collections::HashMap<usize, std::rc::Rc<BodySchema>>>,
    types: std::cell::RefCell<std::collections::HashMap<usize, Type>>,
}

impl Memo {
    /// [`implied_schema`] of `spec`, worked out on first use (a decode
    /// reads the body of every block with its nested spec's schema).
    fn schema(&self, spec: &Spec) -> std::rc::Rc<BodySchema> {
        let key = spec as *const Spec as usize;
        if let Some(s) = self.schemas.borrow().get(&key) {
            return s.clone();
        }
        let s = std::rc::Rc::new(implied_schema(spec));
        self.schemas.borrow_mut().insert(key, s.clone());
        s
    }

    /// The value `make` builds given the type of the last value `spec`
    /// made, remembered for the next one: the values of one spec (one per
    /// block) share their type rather than each building its own.
    fn sharing_type(&self, spec: &Spec, make: impl FnOnce(Option<Type>) -> Value) -> Value {
        let key = spec as *const Spec as usize;
        let like = self.types.borrow().get(&key).cloned();
        let v = make(like);
        self.types.borrow_mut().insert(key, v.ty());
        v
    }
}

impl<'c, 'n, 'a: 'n> Cx<'c, 'n, 'a> {
    fn decode(&self, spec: &Spec, diags: &mut Diagnostics) -> Value {
        crate::stack::with_stack(|| self.decode_here(spec, diags))
    }

    fn decode_here(&self, spec: &Spec, diags: &mut Diagnostics) -> Value {
        match spec {
            Spec::Object(members) => {
                let attrs = crate::value::sorted_by_name(members.iter().map(|(k, s)| (k, self.decode(s, diags))));
                self.memo
                    .sharing_type(spec, |like| Value::object_sharing_type(attrs, like.as_ref()))
            }
            Spec::Tuple(items) => Value::tuple(items.iter().map(|s| self.decode(s, diags)).collect()),
            Spec::Attr { name, ty, .. } => self.attr(name, ty, diags),
            Spec::Literal(v) => v.clone(),
            Spec::Block {
                type_name,
                nested,
                required,
            } => self.block(type_name, nested, *required, diags),
            Spec::BlockList {
                type_name,
                nested,
                min_items,
                max_items,
            } => self.block_sequence(spec, type_name, nested, (*min_items, *max_items), false, diags),
            Spec::BlockSet {
                type_name,
                nested,
                min_items,
                max_items,
            } => self.block_sequence(spec, type_name, nested, (*min_items, *max_items), true, diags),
            Spec::BlockMap {
                type_name,
                labels,
                nested,
            } => self.block_map(spec, type_name, labels, nested, diags),
            Spec::BlockAttrs {
                type_name,
                element_type,
                required,
            } => self.block_attrs(type_name, element_type, *required, diags),
            Spec::BlockLabel { index, .. } => match self.labels.get(*index) {
                Some((text, _)) => Value::string(text),
                None => Value::null(Type::String),
            },
            Spec::Default { primary, default } => {
                let v = self.decode(primary, diags);
                if v.is_null() {
                    self.decode(default, diags)
                } else {
                    v
                }
            }
            Spec::Transform { wrapped, transform } => {
                let mut inner = Diagnostics::new();
                let v = self.decode(wrapped, &mut inner);
                let failed = inner.has_errors();
                diags.extend(inner);
                if failed {
                    return Value::unknown(implied_type(spec));
                }
                let out = transform.apply(&v);
                diags.extend(out.diagnostics);
                out.value
            }
        }
    }

    /// `attr`: the attribute's value converted to `ty`.
    fn attr(&self, name: &str, ty: &Type, diags: &mut Diagnostics) -> Value {
        let Some(attr) = self.content.attributes.get(name) else {
            return Value::null(ty.clone());
        };
        self.converted(attr, ty, diags, |err| {
            (
                "Incorrect attribute value type",
                format!("Inappropriate value for attribute {}: {err}.", quoted(name)),
            )
        })
    }

    /// An attribute's value converted to `ty`; when it does not convert,
    /// the diagnostic `problem` words (at the value, in the context of the
    /// whole definition) and an unknown value.
    fn converted(
        &self,
        attr: &crate::body::AnyAttribute<'n, 'a>,
        ty: &Type,
        diags: &mut Diagnostics,
        problem: impl FnOnce(&crate::convert::ConversionError) -> (&'static str, String),
    ) -> Value {
        let e = attr.evaluate(self.ctx);
        diags.extend(e.diagnostics);
        convert(&e.value, ty).unwrap_or_else(|err| {
            let (summary, detail) = problem(&err);
            diags.push(in_file(
                Diagnostic::error(summary, detail, attr.expr.span()).with_context(attr.name_span.to(attr.expr.span())),
                &attr.file,
            ));
            Value::unknown(ty.clone())
        })
    }

    /// The blocks of `type_name`, in source order.
    fn blocks_of<'s>(&'s self, type_name: &'s str) -> impl Iterator<Item = &'c AnyBlock<'n, 'a>> + 's {
        self.content.blocks.iter().filter(move |b| b.type_name == type_name)
    }

    /// "Previous definition was at ..." for a block.
    fn where_defined(&self, b: &AnyBlock<'n, 'a>) -> String {
        let file = b.file.as_deref().or(self.body.file_name().map(|f| &**f));
        b.body.range_text(file, b.def_span)
    }

    fn duplicate_block(&self, type_name: &str, first: &AnyBlock<'n, 'a>, again: &AnyBlock<'n, 'a>) -> Diagnostic {
        in_file(
            Diagnostic::error(
                format!("Duplicate {type_name} block"),
                format!(
                    "Only one block of type {} is allowed. Previous definition was at {}.",
                    quoted(type_name),
                    self.where_defined(first)
                ),
                again.def_span,
            ),
            &again.file,
        )
    }

    fn missing_block(&self, type_name: &str) -> Diagnostic {
        Diagnostic::error(
            format!("Missing {type_name} block"),
            format!("A block of type {} is required here.", quoted(type_name)),
            self.content.missing_item_range,
        )
    }

    /// Decodes a block's body by `nested`, with the labels after `skip`.
    fn nested(&self, b: &AnyBlock<'n, 'a>, skip: usize, nested: &Spec, diags: &mut Diagnostics) -> Value {
        let labels = b.labels.get(skip..).unwrap_or_default();
        let ((v, d), _) = decode_body(&b.body, labels, self.ctx, nested, false, self.memo);
        diags.extend(d);
        v
    }

    /// The range a nested spec's value came from (the reference's
    /// `sourceRange`), for diagnostics about a whole block's value.
    fn source_range(&self, b: &AnyBlock<'n, 'a>, nested: &Spec) -> Span {
        let (content, _, _) = b.body.partial_content(&self.memo.schema(nested));
        let cx = Cx {
            body: &b.body,
            content: &content,
            labels: b.labels.as_slice(),
            ctx: self.ctx,
            memo: self.memo,
        };
        cx.range_of(nested)
    }

    fn range_of(&self, spec: &Spec) -> Span {
        match spec {
            Spec::Attr { name, .. } => self
                .content
                .attributes
                .get(name.as_str())
                .map_or(self.content.missing_item_range, |a| a.expr.span()),
            Spec::Literal(_) => Span::empty(0),
            Spec::BlockLabel { index, .. } => self.labels.get(*index).map_or(Span::empty(0), |l| l.1),
            Spec::Default { primary: wrapped, .. } | Spec::Transform { wrapped, .. } => self.range_of(wrapped),
            Spec::BlockAttrs { type_name, .. } => self
                .blocks_of(type_name)
                .next()
                .map_or(self.content.missing_item_range, |b| b.def_span),
            Spec::Block { type_name, nested, .. }
            | Spec::BlockList { type_name, nested, .. }
            | Spec::BlockSet { type_name, nested, .. }
            | Spec::BlockMap { type_name, nested, .. } => match self.blocks_of(type_name).next() {
                Some(b) => crate::stack::with_stack(|| self.source_range(b, nested)),
                None => self.content.missing_item_range,
            },
            Spec::Object(_) | Spec::Tuple(_) => self.content.missing_item_range,
        }
    }

    /// `block`: the one block's body decoded.
    fn block(&self, type_name: &str, nested: &Spec, required: bool, diags: &mut Diagnostics) -> Value {
        let mut found = self.blocks_of(type_name);
        let Some(first) = found.next() else {
            if required {
                diags.push(self.missing_block(type_name));
            }
            return Value::null(implied_type(nested));
        };
        if let Some(again) = found.next() {
            diags.push(self.duplicate_block(type_name, first, again));
        }
        self.nested(first, 0, nested, diags)
    }

    /// `block_list` and `block_set`.
    fn block_sequence(
        &self,
        spec: &Spec,
        type_name: &str,
        nested: &Spec,
        (min_items, max_items): (usize, usize),
        set: bool,
        diags: &mut Diagnostics,
    ) -> Value {
        let blocks: Vec<&AnyBlock<'n, 'a>> = self.blocks_of(type_name).collect();
        let elems: Vec<Value> = blocks.iter().map(|b| self.nested(b, 0, nested, diags)).collect();
        if elems.len() < min_items {
            diags.push(Diagnostic::error(
                format!("Insufficient {type_name} blocks"),
                format!("At least {min_items} {} blocks are required.", quoted(type_name)),
                self.content.missing_item_range,
            ));
        } else if max_items > 0 && elems.len() > max_items {
            let b = blocks[max_items];
            diags.push(in_file(
                Diagnostic::error(
                    format!("Too many {type_name} blocks"),
                    format!("No more than {max_items} {} blocks are allowed", quoted(type_name)),
                    self.source_range(b, nested),
                ),
                &b.file,
            ));
        }
        let make = |ety: Type, items: Vec<Value>| {
            self.memo.sharing_type(spec, |like| {
                let built = match like {
                    Some(t @ (Type::List(_) | Type::Set(_))) if t.element_type() == Some(&ety) => {
                        let m = crate::meter::Meter::unlimited();
                        Ok(if set {
                            Value::set_unchecked(&ety, t, items, &m)
                        } else {
                            Value::list_unchecked(t, items)
                        })
                    }
                    _ if set => Value::set(ety, items),
                    _ => Value::list(ety, items),
                };
                built.unwrap_or_else(|_| Value::dynamic())
            })
        };
        if elems.is_empty() {
            return make(implied_type(nested), Vec::new());
        }
        let types: Vec<Type> = elems.iter().map(Value::ty).collect();
        let inconsistent = |detail: String, b: &AnyBlock<'n, 'a>| {
            in_file(
                Diagnostic::error(
                    format!("Unconsistent argument types in {type_name} blocks"),
                    detail,
                    self.source_range(b, nested),
                ),
                &b.file,
            )
        };
        let Some(ety) = unify(&types) else {
            diags.push(inconsistent(
                "Corresponding attributes in all blocks of this type must be the same.".into(),
                blocks[0],
            ));
            return Value::dynamic();
        };
        let mut converted = Vec::with_capacity(elems.len());
        for (i, v) in elems.iter().enumerate() {
            match convert(v, &ety) {
                Ok(c) => converted.push(c),
                Err(err) => {
                    diags.push(inconsistent(
                        format!("Block with index {i} has inconsistent argument types: {err}."),
                        blocks[i],
                    ));
                    return Value::dynamic();
                }
            }
        }
        make(ety, converted)
    }

    /// `block_map`: nested maps keyed by the blocks' labels.
    fn block_map(
        &self,
        spec: &Spec,
        type_name: &str,
        labels: &[String],
        nested: &Spec,
        diags: &mut Diagnostics,
    ) -> Value {
        if labels.is_empty() {
            return Value::unknown(implied_type(spec));
        }
        // each block's value under its labels, in source order; a label
        // path met before is a duplicate
        let mut entries: Vec<(&[Label<'n>], Value)> = Vec::new();
        let mut seen: std::collections::HashSet<LabelPath<'_, 'n>> = std::collections::HashSet::new();
        for b in self.blocks_of(type_name) {
            let v = self.nested(b, labels.len(), nested, diags);
            let Some(keys) = b.labels.get(..labels.len()) else {
                // the schema reported the missing labels
                continue;
            };
            if seen.insert(LabelPath(keys)) {
                entries.push((keys, v));
            } else {
                let shown: String = b.labels.iter().map(|l| format!(" {}", quoted(l.0))).collect();
                diags.push(in_file(
                    Diagnostic::error(
                        format!("Duplicate {type_name} block"),
                        format!(
                            "A block for {type_name}{shown} was already defined. The {type_name} labels must be unique."
                        ),
                        b.def_span,
                    ),
                    &b.file,
                ));
            }
        }
        drop(seen);
        let element_type = implied_type(nested);
        if entries.is_empty() {
            return Value::map(element_type, Vec::<(&str, Value)>::new()).unwrap_or_else(|_| Value::dynamic());
        }
        nested_maps(entries, 0, labels.len(), &element_type)
    }

    /// `block_attrs`: the one block's attributes as a map.
    fn block_attrs(&self, type_name: &str, element_type: &Type, required: bool, diags: &mut Diagnostics) -> Value {
        let map_type = Type::map(element_type.clone());
        let mut found = self.blocks_of(type_name);
        let Some(block) = found.next() else {
            if required {
                diags.push(self.missing_block(type_name));
            }
            return Value::null(map_type);
        };
        if let Some(again) = found.next() {
            diags.push(self.duplicate_block(type_name, block, again));
        }
        let (attrs, d) = block.body.just_attributes();
        diags.extend(d);
        let mut entries: Vec<(&str, Value)> = Vec::with_capacity(attrs.len());
        for attr in &attrs {
            let v = self.converted(attr, element_type, diags, |err| {
                (
                    "Invalid attribute value",
                    format!("Invalid value for attribute of {} block: {err}.", quoted(type_name)),
                )
            });
            entries.push((attr.name, v));
        }
        Value::map(element_type.clone(), entries).unwrap_or_else(|_| Value::unknown(map_type))
    }
}

fn in_file(d: Diagnostic, file: &Option<Arc<str>>) -> Diagnostic {
    d.in_file_of(file.as_ref())
}

/// A block's labels as a key: equal when their texts are.
#[derive(Clone, Copy)]
struct LabelPath<'c, 'n>(&'c [Label<'n>]);

impl PartialEq for LabelPath<'_, '_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len() && self.0.iter().zip(other.0).all(|(a, b)| a.0 == b.0)
    }
}

impl Eq for LabelPath<'_, '_> {}

impl std::hash::Hash for LabelPath<'_, '_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for l in self.0 {
            l.0.hash(state);
        }
    }
}

/// A `block_map`'s value: the values under distinct label paths (each
/// `depth` labels long) as maps nested from label `level` on, grouped by
/// that label's text.
fn nested_maps(mut entries: Vec<(&[Label<'_>], Value)>, level: usize, depth: usize, element_type: &Type) -> Value {
    let ty = (level + 1..depth).fold(element_type.clone(), |t, _| Type::map(t));
    let map = |parts: Vec<(&str, Value)>| {
        Value::map(ty.clone(), parts).unwrap_or_else(|_| Value::unknown(Type::map(ty.clone())))
    };
    if level + 1 >= depth {
        let mut parts: Vec<(&str, Value)> = entries.into_iter().map(|(keys, v)| (keys[level].0, v)).collect();
        // in order already (in place: a map of every block of a large file
        // is not copied once more to be sorted); the labels are distinct
        parts.sort_unstable_by(|a, b| crate::sort::cmp_bytes(a.0.as_bytes(), b.0.as_bytes()));
        return map(parts);
    }
    entries.sort_by(|a, b| a.0[level].0.cmp(b.0[level].0));
    let mut parts: Vec<(&str, Value)> = Vec::new();
    let mut rest = entries.into_iter().peekable();
    while let Some(first) = rest.next() {
        let key = first.0[level].0;
        let mut group = vec![first];
        while let Some(next) = rest.next_if(|e| e.0[level].0 == key) {
            group.push(next);
        }
        parts.push((key, nested_maps(group, level + 1, depth, element_type)));
    }
    map(parts)
}

/// A variable reference found in a body, with its file when the body is
/// a named or merged one.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// The file, for a named or merged body.
    pub file: Option<Arc<str>>,
    /// The traversal.
    pub traversal: Traversal,
}

/// The variables the parts of `body` that `spec` reads refer to (the
/// reference's `hcldec.Variables`), so that an application can work out
/// the values a decode needs before decoding.
///
/// ```
/// use hcl_native::body::AnyFile;
/// use hcl_native::dec::{variables, Spec};
/// use hcl_native::value::Type;
/// use hcl_native::Arena;
///
/// let arena = Arena::new();
/// let file = AnyFile::parse(&arena, "a.hcl", b"a = var.x + local.y\nb = z\n").ast;
/// let refs = variables(&file.body(), &Spec::attr("a", Type::Number, false));
/// let roots: Vec<&str> = refs.iter().map(|r| r.traversal.root.as_str()).collect();
/// assert_eq!(roots, ["var", "local"]);
/// ```
pub fn variables(body: &AnyBody<'_, '_>, spec: &Spec) -> Vec<Reference> {
    let mut out = Vec::new();
    collect_variables(body, spec, &mut out);
    out
}

fn collect_variables(body: &AnyBody<'_, '_>, spec: &Spec, out: &mut Vec<Reference>) {
    let (content, _, _) = body.partial_content(&implied_schema(spec));
    let mut stack = vec![spec];
    while let Some(s) = stack.pop() {
        needed_variables(body, &content, s, out);
        let mut children = s.same_body_children();
        children.reverse();
        stack.extend(children);
    }
}

/// The variables one spec reads from `content` (the reference's
/// `variablesNeeded`).
fn needed_variables(body: &AnyBody<'_, '_>, content: &AnyContent<'_, '_>, spec: &Spec, out: &mut Vec<Reference>) {
    let file_of = |f: &Option<Arc<str>>| f.clone().or_else(|| body.file_name().cloned());
    match spec {
        Spec::Attr { name, .. } => {
            if let Some(a) = content.attributes.get(name.as_str()) {
                let file = file_of(&a.file);
                out.extend(a.expr.variables().into_iter().map(|traversal| Reference {
                    file: file.clone(),
                    traversal,
                }));
            }
        }
        Spec::Block { type_name, nested, .. } => {
            if let Some(b) = content.blocks.iter().find(|b| b.type_name == type_name) {
                crate::stack::with_stack(|| collect_variables(&b.body, nested, out));
            }
        }
        Spec::BlockList { type_name, nested, .. }
        | Spec::BlockSet { type_name, nested, .. }
        | Spec::BlockMap { type_name, nested, .. } => {
            for b in content.blocks.iter().filter(|b| b.type_name == type_name) {
                crate::stack::with_stack(|| collect_variables(&b.body, nested, out));
            }
        }
        Spec::BlockAttrs { type_name, .. } => {
            if let Some(b) = content.blocks.iter().find(|b| b.type_name == type_name) {
                let (attrs, diags) = b.body.just_attributes();
                if diags.has_errors() {
                    return;
                }
                let mut found: Vec<Reference> = attrs
                    .iter()
                    .flat_map(|a| {
                        let file = file_of(&a.file).or_else(|| b.file.clone());
                        a.expr.variables().into_iter().map(move |traversal| Reference {
                            file: file.clone(),
                            traversal,
                        })
                    })
                    .collect();
                found.sort_by_key(|r| r.traversal.root_span.start);
                out.extend(found);
            }
        }
        _ => {}
    }
}
