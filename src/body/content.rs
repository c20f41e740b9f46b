//! Body content: schema-driven, partial and dynamic-attributes processing
//! of native-syntax bodies.
//!
//! spec: model#body-content

use std::collections::{BTreeMap, BTreeSet};

use crate::ast::{Attribute, Block, Body};
use crate::diagnostic::quoted;
use crate::schema::BodySchema;
use crate::suggest::did_you_mean_first;
use crate::{Diagnostic, Diagnostics, Span};

/// A body as schema-driven processing sees it: the syntax tree's body with
/// the attributes and block types an earlier partial pass took hidden.
#[derive(Clone, Debug)]
pub struct BodyView<'b, 'a> {
    body: &'b Body<'a>,
    hidden_attributes: super::HiddenNames,
    hidden_blocks: super::HiddenNames,
    src: Option<&'a [u8]>,
    /// The file's name, when the body is a named one (see `AnyBody::named`,
    /// which reads it); the view itself does not use it.
    pub(crate) name: Option<std::sync::Arc<str>>,
}

/// The result of applying a schema: the attribute map (name to attribute,
/// whose expression gives the value) and the block sequence in source
/// order.
///
/// spec: model#schema-driven-processing
#[derive(Clone, Debug)]
pub struct Content<'a> {
    /// The schema's attributes that the body defines, by name.
    pub attributes: BTreeMap<&'a str, &'a Attribute<'a>>,
    /// The blocks of the schema's types, in source order, each with the
    /// number of labels its type asks for.
    pub blocks: Vec<&'a Block<'a>>,
    /// Where an item that is missing would go (the start of the body).
    pub missing_item_range: Span,
}

impl<'b, 'a> BodyView<'b, 'a> {
    /// The whole of `body`.
    pub fn new(body: &'b Body<'a>) -> Self {
        BodyView {
            body,
            hidden_attributes: Default::default(),
            hidden_blocks: Default::default(),
            src: None,
            name: None,
        }
    }

    /// The same view, knowing the source text its ranges are in (so that
    /// messages about it can give lines and columns).
    pub fn with_source(mut self, src: &'a [u8]) -> Self {
        self.src = Some(src);
        self
    }

    /// The syntax tree of the body (all of it: what a partial read hid
    /// included).
    pub fn syntax(&self) -> &'b Body<'a> {
        self.body
    }

    /// The source text, when the view knows it.
    pub fn source(&self) -> Option<&'a [u8]> {
        self.src
    }

    /// The body's range.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) fn span(&self) -> Span {
        self.body.span
    }

    /// Where an item that is missing would go: the body's start.
    pub fn missing_item_range(&self) -> Span {
        Span::new(self.body.span.start, self.body.span.start)
    }

    /// The body's attributes not hidden, first definition of each name.
    fn visible_attributes(&self) -> impl Iterator<Item = &'a Attribute<'a>> + '_ {
        let mut seen = BTreeSet::new();
        self.body
            .attributes()
            .filter(move |a| seen.insert(a.name.name) && !self.hidden_attributes.contains(a.name.name))
    }

    fn visible_blocks(&self) -> impl Iterator<Item = &'a Block<'a>> + '_ {
        self.body
            .blocks()
            .filter(|b| !self.hidden_blocks.contains(b.block_type.name))
    }

    /// Exhaustive schema-driven processing: the content the schema asks
    /// for, and an error for every attribute or block it does not name
    /// (with a "did you mean" when a name is a likely typo).
    ///
    /// spec: model#schema-driven-processing
    ///
    /// ```
    /// use hcl_native::body::{AttributeSchema, BlockHeaderSchema, BodySchema, BodyView};
    /// use hcl_native::{parse_config, Arena};
    ///
    /// let arena = Arena::new();
    /// let file = parse_config(&arena, b"region = \"eu\"\nregoin = 1\nresource \"a\" \"b\" {}\n").ast;
    /// let schema = BodySchema::new(
    ///     vec![AttributeSchema { name: "region".into(), required: true },
    ///          AttributeSchema { name: "zone".into(), required: false }],
    ///     vec![BlockHeaderSchema { type_name: "resource".into(), label_names: vec!["type".into(), "name".into()] }],
    /// ).unwrap();
    /// let (content, diags) = BodyView::new(&file.body).content(&schema);
    /// assert!(content.attributes.contains_key("region"));
    /// assert_eq!(content.blocks.len(), 1);
    /// assert_eq!(diags.as_slice()[0].summary(), "Unsupported argument");
    /// ```
    pub fn content(&self, schema: &BodySchema) -> (Content<'a>, Diagnostics) {
        self.content_with(schema, true)
    }

    /// Exhaustive processing; `check_labels` as for `partial_content_with`.
    pub(crate) fn content_with(&self, schema: &BodySchema, check_labels: bool) -> (Content<'a>, Diagnostics) {
        let (content, remain, mut diags) = self.partial_content_with(schema, check_labels);
        for attr in remain.visible_attributes() {
            let name = attr.name.name;
            let unused = schema
                .attributes()
                .iter()
                .filter(|s| !content.attributes.contains_key(s.name.as_str()))
                .map(|s| s.name.as_str());
            let mut hint = did_you_mean_first(name, unused);
            if hint.is_empty() && schema.block(name).is_some() {
                hint = format!(" Did you mean to define a block of type {}?", quoted(name));
            }
            diags.push(Diagnostic::error(
                "Unsupported argument",
                format!("An argument named {} is not expected here.{hint}", quoted(name)),
                attr.name.span,
            ));
        }
        for block in remain.visible_blocks() {
            let ty = block.block_type.name;
            let mut hint = did_you_mean_first(ty, schema.blocks().iter().map(|b| b.type_name.as_str()));
            if hint.is_empty() && schema.attribute(ty).is_some() {
                hint = format!(
                    " Did you mean to define argument {}? If so, use the equals sign to assign it a value.",
                    quoted(ty)
                );
            }
            diags.push(Diagnostic::error(
                "Unsupported block type",
                format!("Blocks of type {} are not expected here.{hint}", quoted(ty)),
                block.block_type.span,
            ));
        }
        (content, diags)
    }

    /// Partial processing: the content the schema asks for, and the body
    /// that remains, holding every other attribute and block unchanged.
    /// Processing the remainder exhaustively with a second schema finds
    /// what one exhaustive pass with both schemata together would.
    ///
    /// spec: model#partial-processing-of-body-content
    ///
    /// ```
    /// use hcl_native::body::{AttributeSchema, BodySchema, BodyView};
    /// use hcl_native::{parse_config, Arena};
    ///
    /// let arena = Arena::new();
    /// let file = parse_config(&arena, b"a = 1\nb = 2\n").ast;
    /// let first = BodySchema::new(vec![AttributeSchema { name: "a".into(), required: true }], vec![]).unwrap();
    /// let (content, rest, diags) = BodyView::new(&file.body).partial_content(&first);
    /// assert!(diags.is_empty() && content.attributes.contains_key("a"));
    /// let second = BodySchema::new(vec![AttributeSchema { name: "b".into(), required: true }], vec![]).unwrap();
    /// let (content, diags) = rest.content(&second);
    /// assert!(diags.is_empty() && content.attributes.contains_key("b"));
    /// ```
    pub fn partial_content(&self, schema: &BodySchema) -> (Content<'a>, BodyView<'b, 'a>, Diagnostics) {
        self.partial_content_with(schema, true)
    }

    /// Partial processing; with `check_labels` false, blocks are taken
    /// whatever their labels (a decoder checks them against the type it
    /// decodes each block into).
    pub(crate) fn partial_content_with(
        &self,
        schema: &BodySchema,
        check_labels: bool,
    ) -> (Content<'a>, BodyView<'b, 'a>, Diagnostics) {
        let mut diags = Diagnostics::new();
        let mut attributes = BTreeMap::new();
        let mut remain = self.clone();
        let visible: BTreeMap<&str, &'a Attribute<'a>> = self.visible_attributes().map(|a| (a.name.name, a)).collect();
        for s in schema.attributes() {
            match visible.get(s.name.as_str()) {
                Some(attr) => {
                    attributes.insert(attr.name.name, *attr);
                    remain.hidden_attributes.insert(s.name.clone());
                }
                None if s.required => diags.push(Diagnostic::error(
                    "Missing required argument",
                    format!(
                        "The argument {} is required, but no definition was found.",
                        quoted(&s.name)
                    ),
                    self.missing_item_range(),
                )),
                None => {}
            }
        }
        let mut blocks = Vec::new();
        for block in self.visible_blocks() {
            let Some(s) = schema.block(block.block_type.name) else {
                continue;
            };
            if check_labels && let Some(problem) = label_problem(block, &s.label_names) {
                diags.push(problem);
                continue;
            }
            blocks.push(block);
        }
        // Block types are hidden only now, so that every block of a type
        // is taken.
        remain
            .hidden_blocks
            .extend(schema.blocks().iter().map(|b| b.type_name.clone()));
        let content = Content {
            attributes,
            blocks,
            missing_item_range: self.missing_item_range(),
        };
        (content, remain, diags)
    }

    /// Dynamic attributes processing: every attribute, by name; a block is
    /// an error (reported once, at the first), the attributes are still
    /// returned.
    ///
    /// spec: model#dynamic-attributes-processing
    ///
    /// ```
    /// use hcl_native::body::BodyView;
    /// use hcl_native::{parse_config, Arena};
    ///
    /// let arena = Arena::new();
    /// let file = parse_config(&arena, b"a = 1\nb = 2\nc {}\n").ast;
    /// let (attrs, diags) = BodyView::new(&file.body).just_attributes();
    /// assert_eq!(attrs.keys().copied().collect::<Vec<_>>(), ["a", "b"]);
    /// assert_eq!(diags.as_slice()[0].summary(), "Unexpected \"c\" block");
    /// ```
    pub fn just_attributes(&self) -> (BTreeMap<&'a str, &'a Attribute<'a>>, Diagnostics) {
        let mut diags = Diagnostics::new();
        if let Some(block) = self.visible_blocks().next() {
            diags.push(Diagnostic::error(
                format!("Unexpected {} block", quoted(block.block_type.name)),
                "Blocks are not allowed here.",
                block.block_type.span,
            ));
        }
        let attrs = self.visible_attributes().map(|a| (a.name.name, a)).collect();
        (attrs, diags)
    }
}

/// The error for a block whose labels do not match `label_names` in number:
/// "Extraneous label" at the first label too many, or "Missing NAME" at the
/// opening brace, each with the block header as context.
///
/// spec: model#schema-driven-processing
pub(crate) fn label_problem(block: &Block<'_>, label_names: &[impl AsRef<str>]) -> Option<Diagnostic> {
    let ty = block.block_type.name;
    let header = block.block_type.span.to(block.open_brace());
    let (have, want) = (block.labels.len(), label_names.len());
    let names = || label_names.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(", ");
    if have > want {
        let detail = if want == 0 {
            format!("No labels are expected for {ty} blocks.")
        } else {
            format!("Only {want} labels ({}) are expected for {ty} blocks.", names())
        };
        return Some(
            Diagnostic::error(format!("Extraneous label for {ty}"), detail, block.labels[want].span())
                .with_context(header),
        );
    }
    if have < want {
        return Some(
            Diagnostic::error(
                format!("Missing {} for {ty}", label_names[have].as_ref()),
                format!("All {ty} blocks must have {want} labels ({}).", names()),
                block.open_brace(),
            )
            .with_context(header),
        );
    }
    None
}
