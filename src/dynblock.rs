//! Dynamic blocks: the reference's `ext/dynblock` extension, opt-in.
//!
//! A body wrapped with [`expand`] reads `dynamic "TYPE" { for_each = ...,
//! iterator = NAME, labels = [...], content { ... } }` as one block of
//! `TYPE` per element of `for_each`, when the application reads the body
//! with a schema that names `TYPE` (the `dynamic` blocks themselves are
//! never seen). Inside `labels` and `content`, the iterator (named by
//! `iterator`, else the block type) is an object of `key` and `value`;
//! nested dynamic blocks see the iterators of the blocks around them. A
//! `for_each` whose value is not known yet gives one block whose
//! attributes are all unknown, as the reference's does.
//!
//! Decoding into Rust types expands them the same way on request:
//! `de::Options::with_expand_dynamic` (feature `serde`), with the rules
//! and messages here.
//!
//! Source of truth: the reference's `ext/dynblock` package (hashicorp/hcl
//! v2.14.1: `expand_body.go`, `expand_spec.go`, `iteration.go`,
//! `unknown_body.go`, `variables.go`); its diagnostics are worded as there.
//! This is an extension, not part of the specification: nothing in the
//! core reads `dynamic` blocks unless the application asks for it.
//!
//! Where this differs from the reference: `just_attributes` gives the
//! attributes with the iterators of the blocks around them (the
//! reference's gives them unwrapped, so that inside a `content` block the
//! iterator is an unknown variable there); a `for_each` whose evaluation
//! fails stops there (the reference also reports the failed value's type
//! as not iterable); a block type a partial read hid and a later read asks
//! for again keeps the later read's labels (the reference keeps the
//! hidden one's). The blocks made from a set of objects come in this
//! library's set order, which go-cty leaves undefined.
//!
//! ```
//! use hcl_native::body::{AnyFile, AttributeSchema, BlockHeaderSchema, BodySchema};
//! use hcl_native::dynblock;
//! use hcl_native::eval::EvalContext;
//! use hcl_native::Arena;
//!
//! let src = br#"
//! dynamic "disk" {
//!   for_each = { a = 10, b = 20 }
//!   labels   = [disk.key]
//!   content {
//!     size = disk.value * 2
//!   }
//! }
//! "#;
//! let arena = Arena::new();
//! let file = AnyFile::parse(&arena, "main.tf", src).ast;
//! let ctx = EvalContext::with_standard_functions();
//! let body = dynblock::expand(file.body(), &ctx);
//!
//! let schema = BodySchema::new(vec![], vec![BlockHeaderSchema { type_name: "disk".into(), label_names: vec!["name".into()] }]).unwrap();
//! let (content, diags) = body.content(&schema);
//! assert!(diags.is_empty(), "{diags}");
//! let disks: Vec<(String, String)> = content
//!     .blocks
//!     .iter()
//!     .map(|b| {
//!         let inner = BodySchema::new(vec![AttributeSchema { name: "size".into(), required: true }], vec![]).unwrap();
//!         let (c, _) = b.body.content(&inner);
//!         (b.labels[0].0.clone(), c.attributes["size"].evaluate(&ctx).value.to_string())
//!     })
//!     .collect();
//! assert_eq!(disks, [("a".to_string(), "20".to_string()), ("b".to_string(), "40".to_string())]);
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::Arc;

use crate::analysis::Traversal;
use crate::body::{AnyAttribute, AnyBlock, AnyBody, AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::convert::convert;
use crate::diagnostic::{quoted, Diagnostic, Diagnostics};
use crate::eval::{EvalContext, Evaluated};
use crate::span::Span;
use crate::value::{Type, Value, ValueRef};

/// `body` with its `dynamic` blocks expanded when it is read with a
/// schema; `for_each` and `labels` are evaluated in `ctx` (with the
/// iterators of the dynamic blocks around them).
pub fn expand<'c, 'n, 'a>(body: AnyBody<'n, 'a>, ctx: &'c EvalContext<'c>) -> DynamicBody<'c, 'n, 'a> {
    DynamicBody {
        original: body,
        ctx,
        iteration: None,
        hidden_attributes: BTreeSet::new(),
        hidden_blocks: BTreeMap::new(),
        unknown: false,
    }
}

/// One element of a `for_each`, with the iterators of the dynamic blocks
/// around it (the reference's `iteration`).
#[derive(Debug)]
struct Iteration {
    name: String,
    key: Value,
    value: Value,
    inherited: BTreeMap<String, Rc<Iteration>>,
}

impl Iteration {
    /// A nested iteration: this one's iterators and `self` are inherited.
    fn child(parent: Option<&Rc<Iteration>>, name: &str, key: Value, value: Value) -> Rc<Iteration> {
        let mut inherited = BTreeMap::new();
        if let Some(p) = parent {
            inherited.extend(p.inherited.iter().map(|(k, v)| (k.clone(), v.clone())));
            inherited.insert(p.name.clone(), p.clone());
        }
        Rc::new(Iteration {
            name: name.to_string(),
            key,
            value,
            inherited,
        })
    }

    fn object(&self) -> Value {
        Value::object([("key", self.key.clone()), ("value", self.value.clone())])
    }

    /// Whether a traversal's root is one of the iterators here.
    fn binds(&self, root: &str) -> bool {
        self.name == root || self.inherited.contains_key(root)
    }
}

/// Runs `f` in `ctx` with the iterators of `it` defined (a child context).
fn in_iteration<R>(ctx: &EvalContext<'_>, it: Option<&Rc<Iteration>>, f: impl FnOnce(&EvalContext<'_>) -> R) -> R {
    let Some(it) = it else { return f(ctx) };
    let outer = it.inherited.iter().map(|(name, other)| (name.clone(), other.object()));
    with_iterators(ctx, outer.chain([(it.name.clone(), it.object())]), f)
}

/// Runs `f` in a child of `ctx` with each iterator (name and `{key,
/// value}` object) defined: the one way both [`expand`] and `de`'s
/// decoding with `Options::expand_dynamic` give a made block's content its
/// iterators. A literal-only context defines nothing: the iterators are
/// then undefined there, as every variable is.
pub(crate) fn with_iterators<R>(
    ctx: &EvalContext<'_>,
    iterators: impl IntoIterator<Item = (String, Value)>,
    f: impl FnOnce(&EvalContext<'_>) -> R,
) -> R {
    let mut child = ctx.child();
    for (name, object) in iterators {
        let _ = child.set_variable(name, object);
    }
    f(&child)
}

/// A body whose `dynamic` blocks expand when it is read with a schema
/// ([`expand`]; the reference's `dynblock.Expand`).
#[derive(Clone, Debug)]
pub struct DynamicBody<'c, 'n, 'a> {
    original: AnyBody<'n, 'a>,
    ctx: &'c EvalContext<'c>,
    iteration: Option<Rc<Iteration>>,
    hidden_attributes: BTreeSet<String>,
    hidden_blocks: BTreeMap<String, BlockHeaderSchema>,
    /// The body of a block made for a `for_each` not known yet: every
    /// attribute's value is unknown.
    unknown: bool,
}

/// What a schema found in a [`DynamicBody`]: attributes by name, and the
/// blocks in source order with dynamic ones expanded in place.
#[derive(Clone, Debug)]
pub struct DynamicContent<'c, 'n, 'a> {
    /// The schema's attributes the body defines, by name.
    pub attributes: BTreeMap<&'n str, DynamicAttribute<'n, 'a>>,
    /// The blocks of the schema's types, in source order.
    pub blocks: Vec<DynamicBlock<'c, 'n, 'a>>,
    /// Where an item that is missing would go.
    pub missing_item_range: Span,
}

/// An attribute of a [`DynamicBody`]: inside a `content` block its
/// expression sees the iterators.
#[derive(Clone, Debug)]
pub struct DynamicAttribute<'n, 'a> {
    /// The attribute as written.
    pub attribute: AnyAttribute<'n, 'a>,
    iteration: Option<Rc<Iteration>>,
    unknown: bool,
}

impl DynamicAttribute<'_, '_> {
    /// The attribute's value in `ctx` with the iterators around it defined
    /// (unknown of any type inside a block made for a `for_each` not known
    /// yet).
    pub fn evaluate(&self, ctx: &EvalContext<'_>) -> Evaluated {
        if self.unknown {
            return Evaluated {
                value: Value::dynamic(),
                diagnostics: Diagnostics::new(),
            };
        }
        in_iteration(ctx, self.iteration.as_ref(), |ctx| self.attribute.evaluate(ctx))
    }

    /// The variables the expression refers to, the iterators left out
    /// (the reference's `exprWrap.Variables`).
    pub fn variables(&self) -> Vec<Traversal> {
        let mut vars = self.attribute.expr.variables();
        if let Some(it) = &self.iteration {
            vars.retain(|t| !it.binds(&t.root));
        }
        vars
    }
}

/// A block of a [`DynamicBody`]: as written, or made by a `dynamic` block
/// (its type the dynamic block's label, its labels evaluated).
#[derive(Clone, Debug)]
pub struct DynamicBlock<'c, 'n, 'a> {
    /// The block type.
    pub type_name: &'n str,
    /// The type's range (a dynamic block's label).
    pub type_span: Span,
    /// The labels, each with its range (a label expression's, for a made
    /// block).
    pub labels: Vec<(String, Span)>,
    /// Where the block is defined.
    pub def_span: Span,
    /// The block's body, itself expanded.
    pub body: DynamicBody<'c, 'n, 'a>,
    /// The file it is in, when it came from a named or merged body.
    pub file: Option<Arc<str>>,
}

/// The `dynamic` block header: one label, the type of the blocks it makes.
fn dynamic_header() -> BlockHeaderSchema {
    BlockHeaderSchema {
        type_name: "dynamic".into(),
        label_names: vec!["type".into()],
    }
}

/// What a `dynamic` block's body holds: `labels` required when the blocks
/// it makes have labels (`wanted`), optional when the reader learns their
/// count later (`None`), not allowed for blocks without labels.
fn dynamic_body_schema(wanted: Option<usize>) -> BodySchema {
    let attr = |name: &str, required: bool| AttributeSchema {
        name: name.into(),
        required,
    };
    let mut attributes = vec![attr("for_each", true), attr("iterator", false)];
    if wanted != Some(0) {
        attributes.push(attr("labels", wanted.is_some()));
    }
    let content = BlockHeaderSchema {
        type_name: "content".into(),
        label_names: vec![],
    };
    BodySchema::new(attributes, vec![content]).expect("a schema without repeats")
}

/// A `dynamic` block read: what it makes blocks from.
pub(crate) struct ExpandSpec<'n, 'a> {
    pub(crate) type_name: &'n str,
    pub(crate) type_span: Span,
    pub(crate) def_span: Span,
    pub(crate) for_each: Value,
    pub(crate) iterator: String,
    pub(crate) labels: Vec<crate::body::AnyExpression<'n, 'a>>,
    /// Where the labels are given (the `labels` list, or the block): `de`
    /// checks their count there once it learns it.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) labels_span: Span,
    pub(crate) content: AnyBody<'n, 'a>,
}

impl<'c, 'n, 'a: 'n> DynamicBody<'c, 'n, 'a> {
    /// Exhaustive schema-driven processing, dynamic blocks expanded.
    pub fn content(&self, schema: &BodySchema) -> (DynamicContent<'c, 'n, 'a>, Diagnostics) {
        let (raw, mut diags) = self.original.content(&self.extend(schema));
        let (blocks, more) = self.expand_blocks(schema, raw.blocks, false);
        diags.extend(more);
        (self.finish(raw.attributes, blocks, raw.missing_item_range), diags)
    }

    /// Partial schema-driven processing, dynamic blocks expanded; the rest
    /// is another dynamic body that hides what the schema named.
    pub fn partial_content(
        &self,
        schema: &BodySchema,
    ) -> (DynamicContent<'c, 'n, 'a>, DynamicBody<'c, 'n, 'a>, Diagnostics) {
        let (raw, _, mut diags) = self.original.partial_content(&self.extend(schema));
        let (blocks, more) = self.expand_blocks(schema, raw.blocks, true);
        diags.extend(more);
        let content = self.finish(raw.attributes, blocks, raw.missing_item_range);
        let mut rest = self.clone();
        rest.hidden_attributes
            .extend(schema.attributes().iter().map(|a| a.name.clone()));
        rest.hidden_blocks
            .extend(schema.blocks().iter().map(|b| (b.type_name.clone(), b.clone())));
        (content, rest, diags)
    }

    /// Every attribute, as the body holds them (blocks, dynamic or not,
    /// are what this mode rejects).
    pub fn just_attributes(&self) -> (Vec<DynamicAttribute<'n, 'a>>, Diagnostics) {
        let (attrs, diags) = self.original.just_attributes();
        let attrs = attrs
            .into_iter()
            .map(|attribute| DynamicAttribute {
                attribute,
                iteration: self.iteration.clone(),
                unknown: self.unknown,
            })
            .collect();
        (attrs, diags)
    }

    /// Where an item that is missing would go.
    pub fn missing_item_range(&self) -> Span {
        self.original.missing_item_range()
    }

    /// The body as written.
    pub fn original(&self) -> &AnyBody<'n, 'a> {
        &self.original
    }

    /// The schema of what a native-syntax body holds, for a reader with no
    /// schema of its own (a checker, a converter): its attributes, the
    /// types of its blocks with as many labels as the first of each type
    /// has, and the type each dynamic block makes with as many labels as
    /// its `labels` list holds. A name that is both an attribute and a
    /// block type is read as the attribute. A JSON-syntax body cannot say
    /// what is a block without a schema: none for it.
    ///
    /// ```
    /// use hcl_native::body::AnyFile;
    /// use hcl_native::dynblock;
    /// use hcl_native::eval::EvalContext;
    /// use hcl_native::Arena;
    ///
    /// let src = b"a = 1\nnet \"x\" {}\ndynamic \"disk\" {\n  for_each = [1]\n  labels = [\"d\"]\n  content {}\n}\n";
    /// let arena = Arena::new();
    /// let file = AnyFile::parse(&arena, "main.tf", src).ast;
    /// let ctx = EvalContext::new();
    /// let schema = dynblock::expand(file.body(), &ctx).implied_schema().unwrap();
    /// assert_eq!(schema.attributes()[0].name, "a");
    /// let blocks: Vec<(&str, usize)> = schema.blocks().iter().map(|b| (b.type_name.as_str(), b.label_names.len())).collect();
    /// assert_eq!(blocks, [("net", 1), ("disk", 1)]);
    /// ```
    pub fn implied_schema(&self) -> Option<BodySchema> {
        let mut attributes: Vec<AttributeSchema> = Vec::new();
        let mut blocks: Vec<BlockHeaderSchema> = Vec::new();
        let mut bodies = Vec::new();
        collect_native(&self.original, &mut bodies)?;
        for body in bodies {
            for item in body.items {
                match item {
                    crate::ast::BodyItem::Attribute(a) => {
                        if !attributes.iter().any(|x| x.name == a.name.name) {
                            attributes.push(AttributeSchema {
                                name: a.name.name.to_string(),
                                required: false,
                            });
                        }
                    }
                    crate::ast::BodyItem::Block(b) | crate::ast::BodyItem::OneLineBlock(b) => {
                        let (type_name, labels) = if b.block_type.name == "dynamic" {
                            let Some(l) = b.labels.first() else { continue };
                            let count = b
                                .body
                                .attribute("labels")
                                .and_then(|a| crate::analysis::static_list(&a.expr).ok())
                                .map_or(0, <[_]>::len);
                            (l.value(), count)
                        } else {
                            (b.block_type.name, b.labels.len())
                        };
                        if !blocks.iter().any(|x| x.type_name == type_name) {
                            blocks.push(BlockHeaderSchema {
                                type_name: type_name.to_string(),
                                label_names: (0..labels).map(|i| format!("label{i}")).collect(),
                            });
                        }
                    }
                }
            }
        }
        blocks.retain(|b| !attributes.iter().any(|a| a.name == b.type_name));
        BodySchema::new(attributes, blocks).ok()
    }

    /// The schema with `dynamic` blocks and what a partial read hid.
    fn extend(&self, schema: &BodySchema) -> BodySchema {
        let mut blocks = schema.blocks().to_vec();
        blocks.push(dynamic_header());
        for b in self.hidden_blocks.values() {
            if !blocks.iter().any(|x| x.type_name == b.type_name) {
                blocks.push(b.clone());
            }
        }
        let mut attributes = schema.attributes().to_vec();
        for name in &self.hidden_attributes {
            if !attributes.iter().any(|a| &a.name == name) {
                attributes.push(AttributeSchema {
                    name: name.clone(),
                    required: false,
                });
            }
        }
        // a schema naming `dynamic` itself keeps its own meaning: such
        // blocks are then the application's, not expanded
        BodySchema::new(attributes.clone(), blocks).unwrap_or_else(|_| {
            BodySchema::new(attributes, schema.blocks().to_vec()).unwrap_or_else(|_| schema.clone())
        })
    }

    fn finish(
        &self,
        raw: BTreeMap<&'n str, AnyAttribute<'n, 'a>>,
        blocks: Vec<DynamicBlock<'c, 'n, 'a>>,
        missing_item_range: Span,
    ) -> DynamicContent<'c, 'n, 'a> {
        let attributes = raw
            .into_iter()
            .filter(|(name, _)| !self.hidden_attributes.contains(*name))
            .map(|(name, attribute)| {
                (
                    name,
                    DynamicAttribute {
                        attribute,
                        iteration: self.iteration.clone(),
                        unknown: self.unknown,
                    },
                )
            })
            .collect();
        DynamicContent {
            attributes,
            blocks,
            missing_item_range,
        }
    }

    /// A child body: expanded in its turn, with the iteration it is in.
    fn child(&self, body: AnyBody<'n, 'a>, iteration: Option<Rc<Iteration>>, unknown: bool) -> DynamicBody<'c, 'n, 'a> {
        DynamicBody {
            original: body,
            ctx: self.ctx,
            iteration,
            hidden_attributes: BTreeSet::new(),
            hidden_blocks: BTreeMap::new(),
            unknown,
        }
    }

    fn expand_blocks(
        &self,
        schema: &BodySchema,
        raw: Vec<AnyBlock<'n, 'a>>,
        partial: bool,
    ) -> (Vec<DynamicBlock<'c, 'n, 'a>>, Diagnostics) {
        let mut blocks = Vec::new();
        let mut diags = Diagnostics::new();
        let expands = schema.blocks().iter().all(|b| b.type_name != "dynamic");
        for block in raw {
            if block.type_name != "dynamic" || !expands {
                if !self.hidden_blocks.contains_key(block.type_name) {
                    blocks.push(DynamicBlock {
                        type_name: block.type_name,
                        type_span: block.type_span,
                        labels: block.labels.iter().map(|(l, s)| (l.to_string(), *s)).collect(),
                        def_span: block.def_span,
                        body: self.child(block.body, self.iteration.clone(), self.unknown),
                        file: block.file,
                    });
                }
                continue;
            }
            let Some(&(real_type, real_type_span)) = block.labels.first() else {
                // the header's missing label was reported
                continue;
            };
            if self.hidden_blocks.contains_key(real_type) {
                continue;
            }
            let Some(header) = schema.blocks().iter().find(|b| b.type_name == real_type) else {
                if !partial {
                    diags.push(
                        Diagnostic::error(
                            "Unsupported block type",
                            format!("Blocks of type {} are not expected here.", quoted(real_type)),
                            real_type_span,
                        )
                        .in_file_of(block.file.as_ref()),
                    );
                }
                continue;
            };
            let for_each =
                |each: &AnyAttribute<'n, 'a>| in_iteration(self.ctx, self.iteration.as_ref(), |ctx| each.evaluate(ctx));
            let spec = match read_spec(
                &block,
                real_type,
                real_type_span,
                Some(header.label_names.len()),
                &for_each,
            ) {
                Ok((spec, d)) => {
                    diags.extend(d);
                    spec
                }
                Err(d) => {
                    diags.extend(d);
                    continue;
                }
            };
            let mut make = |key: Value, value: Value, unknown: bool| {
                let it = Iteration::child(self.iteration.as_ref(), &spec.iterator, key, value);
                let evaluate =
                    |e: &crate::body::AnyExpression<'n, 'a>| in_iteration(self.ctx, Some(&it), |ctx| e.evaluate(ctx));
                match spec_labels(&spec, &block.file, &evaluate) {
                    Ok(labels) => blocks.push(DynamicBlock {
                        type_name: spec.type_name,
                        type_span: spec.type_span,
                        labels,
                        def_span: spec.def_span,
                        body: self.child(spec.content.clone(), Some(it), unknown || self.unknown),
                        file: block.file.clone(),
                    }),
                    Err(d) => diags.extend(d),
                }
            };
            if !spec.for_each.is_known() {
                make(Value::dynamic(), Value::dynamic(), true);
                continue;
            }
            for (key, value) in elements(&spec.for_each) {
                make(key, value, false);
            }
        }
        (blocks, diags)
    }
}

/// Why `for_each` cannot drive a `dynamic` block, if it cannot: it must be
/// an iterable collection and not null. The one home of this rule, for
/// [`expand`] and for the Terraform layer's walk of resource bodies.
pub(crate) fn unsuitable_for_each(for_each: &Value, subject: Span) -> Option<Diagnostic> {
    let ty = for_each.ty();
    let iterable = matches!(
        ty,
        Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Object(_) | Type::Tuple(_) | Type::Dynamic
    );
    if !iterable {
        let detail = format!(
            "Cannot use a {} value in for_each. An iterable collection is required.",
            ty.friendly_name()
        );
        return Some(Diagnostic::error("Invalid dynamic for_each value", detail, subject));
    }
    if for_each.is_null() {
        return Some(Diagnostic::error(
            "Invalid dynamic for_each value",
            "Cannot use a null value in for_each.",
            subject,
        ));
    }
    None
}

/// The key and value of each element: a list's or tuple's index, a set's
/// element itself, a map's or object's key.
pub(crate) fn elements(v: &Value) -> Vec<(Value, Value)> {
    match v.kind() {
        ValueRef::List(items) | ValueRef::Tuple(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| (Value::from(i as u64), item.clone()))
            .collect(),
        ValueRef::Set(items) => items.iter().map(|item| (item.clone(), item.clone())).collect(),
        ValueRef::Map(entries) | ValueRef::Object(entries) => entries
            .iter()
            .map(|(k, item)| (Value::from(&**k), item.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

/// The native syntax trees of `body` (each part of a merged one); none
/// when a part is in the JSON syntax.
fn collect_native<'b, 'a>(body: &AnyBody<'b, 'a>, out: &mut Vec<&'b crate::ast::Body<'a>>) -> Option<()> {
    match body {
        AnyBody::Native(view) => out.push(view.syntax()),
        AnyBody::Json(_) => return None,
        AnyBody::Merged(parts) => {
            for p in parts.iter() {
                collect_native(&p.body, out)?;
            }
        }
    }
    Some(())
}

/// One level of the walk of the variables a body's dynamic blocks need
/// ([`walk_variables`], [`walk_expand_variables`]; the reference's
/// `WalkVariablesNode`).
#[derive(Clone, Debug)]
pub struct WalkNode<'n, 'a> {
    body: AnyBody<'n, 'a>,
    iteration: Option<Rc<Iteration>>,
    include_content: bool,
}

/// A child of a [`WalkNode`]: the body of a block of `type_name` (a
/// dynamic block's `content` counts as a block of the type it makes).
#[derive(Clone, Debug)]
pub struct WalkChild<'n, 'a> {
    /// The block type, whose nested schema the child is visited with.
    pub type_name: String,
    /// The child's node.
    pub node: WalkNode<'n, 'a>,
}

/// The variables `body` needs, the dynamic blocks' `for_each` and
/// `labels` and every attribute's, leaving out the iterators (the
/// reference's `WalkVariables`): visit the root with the body's schema and
/// each child with its block type's.
///
/// ```
/// use hcl_native::body::{AnyFile, AttributeSchema, BlockHeaderSchema, BodySchema};
/// use hcl_native::dynblock;
/// use hcl_native::Arena;
///
/// let src = b"dynamic \"disk\" {\n  for_each = var.disks\n  content {\n    size = disk.value + var.extra\n  }\n}\n";
/// let arena = Arena::new();
/// let file = AnyFile::parse(&arena, "main.tf", src).ast;
/// let root = dynblock::walk_variables(file.body());
/// let schema = BodySchema::new(vec![], vec![BlockHeaderSchema { type_name: "disk".into(), label_names: vec![] }]).unwrap();
/// let (vars, children) = root.visit(&schema);
/// assert_eq!(vars.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["var.disks"]);
/// let inner = BodySchema::new(vec![AttributeSchema { name: "size".into(), required: false }], vec![]).unwrap();
/// let (vars, _) = children[0].node.visit(&inner);
/// assert_eq!(vars.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["var.extra"]);
/// ```
pub fn walk_variables<'n, 'a>(body: AnyBody<'n, 'a>) -> WalkNode<'n, 'a> {
    WalkNode {
        body,
        iteration: None,
        include_content: true,
    }
}

/// As [`walk_variables`], only the variables the expansion itself needs
/// (`for_each` and `labels`; the reference's `WalkExpandVariables`).
pub fn walk_expand_variables<'n, 'a>(body: AnyBody<'n, 'a>) -> WalkNode<'n, 'a> {
    WalkNode {
        body,
        iteration: None,
        include_content: false,
    }
}

impl<'n, 'a: 'n> WalkNode<'n, 'a> {
    /// The variables at this level, and the children to visit next.
    pub fn visit(&self, schema: &BodySchema) -> (Vec<Traversal>, Vec<WalkChild<'n, 'a>>) {
        let mut blocks = schema.blocks().to_vec();
        blocks.push(dynamic_header());
        let extended = BodySchema::new(schema.attributes().to_vec(), blocks).unwrap_or_else(|_| schema.clone());
        let (content, _, _) = self.body.partial_content(&extended);
        let mut vars = Vec::new();
        let mut children = Vec::new();
        let ours = |t: &Traversal, it: Option<&Rc<Iteration>>| it.is_some_and(|it| it.binds(&t.root));
        if self.include_content {
            for attr in content.attributes.values() {
                vars.extend(
                    attr.expr
                        .variables()
                        .into_iter()
                        .filter(|t| !ours(t, self.iteration.as_ref())),
                );
            }
        }
        let inner_schema = {
            let attr = |name: &str| AttributeSchema {
                name: name.into(),
                required: false,
            };
            BodySchema::new(
                vec![attr("for_each"), attr("labels"), attr("iterator")],
                vec![BlockHeaderSchema {
                    type_name: "content".into(),
                    label_names: vec![],
                }],
            )
            .expect("a schema without repeats")
        };
        for block in content.blocks {
            if block.type_name != "dynamic" {
                children.push(WalkChild {
                    type_name: block.type_name.to_string(),
                    node: WalkNode {
                        body: block.body,
                        iteration: self.iteration.clone(),
                        include_content: self.include_content,
                    },
                });
                continue;
            }
            let Some(&(type_name, _)) = block.labels.first() else {
                continue;
            };
            let (inner, _, _) = block.body.partial_content(&inner_schema);
            let mut iterator = type_name.to_string();
            if let Some(attr) = inner.attributes.get("iterator") {
                match attr.expr.static_traversal() {
                    Ok(t) => iterator = t.root,
                    Err(_) => continue,
                }
            }
            let it = Iteration::child(self.iteration.as_ref(), &iterator, Value::dynamic(), Value::dynamic());
            if let Some(attr) = inner.attributes.get("for_each") {
                vars.extend(
                    attr.expr
                        .variables()
                        .into_iter()
                        .filter(|t| !it.inherited.contains_key(&t.root)),
                );
            }
            if let Some(attr) = inner.attributes.get("labels") {
                vars.extend(attr.expr.variables().into_iter().filter(|t| !it.binds(&t.root)));
            }
            for content_block in inner.blocks {
                children.push(WalkChild {
                    type_name: type_name.to_string(),
                    node: WalkNode {
                        body: content_block.body,
                        iteration: Some(it.clone()),
                        include_content: self.include_content,
                    },
                });
            }
        }
        (vars, children)
    }
}

/// Reads a `dynamic` block's body (the reference's `decodeSpec`), its
/// `for_each` evaluated by `evaluate`: the one home of the rules of a
/// `dynamic` block, for [`expand`] and for `de`'s decoding with
/// `Options::expand_dynamic`. `wanted` is how many labels the blocks it
/// makes have, when the reader knows it (then `labels` is required and its
/// length checked); a decoder that learns them later passes `None`.
pub(crate) fn read_spec<'n, 'a: 'n>(
    block: &AnyBlock<'n, 'a>,
    real_type: &'n str,
    real_type_span: Span,
    wanted: Option<usize>,
    evaluate: &dyn Fn(&AnyAttribute<'n, 'a>) -> Evaluated,
) -> Result<(ExpandSpec<'n, 'a>, Diagnostics), Diagnostics> {
    let file = &block.file;
    let (content, mut diags) = block.body.content(&dynamic_body_schema(wanted));
    if diags.has_errors() {
        return Err(diags);
    }
    let fail = |mut diags: Diagnostics, d: Diagnostic| {
        diags.push(d.in_file_of(file.as_ref()));
        Err(diags)
    };

    let each = &content.attributes["for_each"];
    let evaluated = evaluate(each);
    let failed = evaluated.diagnostics.has_errors();
    diags.extend(evaluated.diagnostics);
    if failed {
        return Err(diags);
    }
    let for_each = evaluated.value;
    if let Some(d) = unsuitable_for_each(&for_each, each.expr.span()) {
        return fail(diags, d);
    }

    let mut iterator = real_type.to_string();
    if let Some(attr) = content.attributes.get("iterator") {
        let traversal = match attr.expr.static_traversal() {
            Ok(t) => t,
            Err(d) => return fail(diags, d),
        };
        if !traversal.steps.is_empty() {
            return fail(
                diags,
                Diagnostic::error(
                    "Invalid dynamic iterator name",
                    "Dynamic iterator must be a single variable name.",
                    traversal.span(),
                ),
            );
        }
        iterator = traversal.root.clone();
    }

    let mut labels = Vec::new();
    let mut labels_span = block.def_span;
    if let Some(attr) = content.attributes.get("labels") {
        labels = match attr.expr.static_list() {
            Ok(l) => l,
            Err(d) => return fail(diags, d),
        };
        labels_span = attr.expr.span();
        let wanted = wanted.unwrap_or(labels.len());
        if labels.len() > wanted {
            let d = labels_problem(real_type, wanted, labels[wanted].span(), true);
            return fail(diags, d);
        }
        if labels.len() < wanted {
            return fail(diags, labels_problem(real_type, wanted, attr.expr.span(), false));
        }
    }

    let mut contents = content.blocks.into_iter();
    let Some(first) = contents.next() else {
        return fail(
                diags,
                Diagnostic::error(
                    "Missing dynamic content block",
                    "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.",
                    content.missing_item_range,
                ),
            );
    };
    if let Some(second) = contents.next() {
        return fail(
            diags,
            Diagnostic::error(
                "Extraneous dynamic content block",
                "Only one nested content block is allowed for each dynamic block.",
                second.def_span,
            ),
        );
    }
    Ok((
        ExpandSpec {
            type_name: real_type,
            type_span: real_type_span,
            def_span: block.def_span,
            for_each,
            iterator,
            labels,
            labels_span,
            content: first.body,
        },
        diags,
    ))
}

/// The labels of one made block (the reference's `newBlock`), each
/// evaluated by `evaluate` (in the block's iteration).
pub(crate) fn spec_labels<'n, 'a: 'n>(
    spec: &ExpandSpec<'n, 'a>,
    file: &Option<Arc<str>>,
    evaluate: &dyn Fn(&crate::body::AnyExpression<'n, 'a>) -> Evaluated,
) -> Result<Vec<(String, Span)>, Diagnostics> {
    let mut labels = Vec::new();
    for expr in &spec.labels {
        let evaluated = evaluate(expr);
        let mut diags = match file {
            Some(f) => evaluated.diagnostics.in_file(f),
            None => evaluated.diagnostics,
        };
        if diags.has_errors() {
            return Err(diags);
        }
        let bad = |detail: String| Diagnostic::error("Invalid dynamic block label", detail, expr.span());
        let problem = match convert(&evaluated.value, &Type::String) {
            Err(e) => Some(bad(format!("Cannot use this value as a dynamic block label: {e}."))),
            Ok(v) if v.is_null() => Some(bad("Cannot use a null value as a dynamic block label.".into())),
            Ok(v) if !v.is_known() => Some(bad(
                "This value is not yet known. Dynamic block labels must be immediately-known values.".into(),
            )),
            Ok(v) => {
                labels.push((v.as_str().unwrap_or_default().to_string(), expr.span()));
                None
            }
        };
        if let Some(d) = problem {
            diags.push(d.in_file_of(file.as_ref()));
            return Err(diags);
        }
    }
    Ok(labels)
}

/// The error of a `dynamic` block whose blocks get more (`extraneous`) or
/// fewer labels than their type has, at `subject`.
pub(crate) fn labels_problem(type_name: &str, wanted: usize, subject: Span, extraneous: bool) -> Diagnostic {
    let detail = format!("Blocks of type {} require {wanted} label(s).", quoted(type_name));
    if extraneous {
        Diagnostic::error("Extraneous dynamic block label", detail, subject)
    } else {
        Diagnostic::error("Insufficient dynamic block labels", detail, subject)
    }
}
