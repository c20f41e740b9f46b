//! JSON bodies read through a schema: which properties are attributes and
//! which are blocks, labels as nested objects, arrays for repetition (the
//! reference's `json/structure.go`, with its wording).
//!
//! spec: json#structural-elements, json#attributes, json#blocks

use std::collections::BTreeMap;

use super::{JsonAttribute, JsonFile, Node, Property};
use crate::diagnostic::quoted;
use crate::schema::BodySchema;
use crate::{Diagnostic, Diagnostics, Span};

/// A body in the JSON syntax: an object, or an array of objects, of a
/// [`JsonFile`], with the names an earlier partial pass took hidden.
#[derive(Clone, Debug)]
pub struct JsonBody<'n, 'a> {
    file: &'n JsonFile<'a>,
    node: &'n Node<'a>,
    hidden: crate::schema::HiddenNames,
    /// The file's name, when the body is a named one (see `AnyBody::named`,
    /// which reads it); the body itself does not use it.
    pub(crate) name: Option<std::sync::Arc<str>>,
}

/// A block found by a schema: its type, labels and body.
#[derive(Clone, Debug)]
pub struct JsonBlock<'n, 'a> {
    /// The block type (the property's name).
    pub type_name: &'n str,
    /// The range of the property name that gave the type.
    pub type_span: Span,
    /// The labels, each the name of a nested property, with its range.
    pub labels: Vec<(&'n str, Span)>,
    /// Where the block is defined: the opening brace of its body, or the
    /// opening bracket of the array holding it.
    pub def_span: Span,
    /// The block's body.
    pub body: JsonBody<'n, 'a>,
}

/// What a schema found in a JSON body.
#[derive(Clone, Debug)]
pub struct JsonContent<'n, 'a> {
    /// The schema's attributes the body defines, by name.
    pub attributes: BTreeMap<&'n str, JsonAttribute<'n, 'a>>,
    /// The blocks of the schema's types, in source order.
    pub blocks: Vec<JsonBlock<'n, 'a>>,
    /// Where an item that is missing would go.
    pub missing_item_range: Span,
}

impl<'a> JsonFile<'a> {
    /// The root body, to read through a schema.
    ///
    /// ```
    /// use hcl_native::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
    /// use hcl_native::json_syntax::parse;
    ///
    /// let file = parse(br#"{"region": "eu", "resource": {"bucket": {"logs": {"size": 10}}}}"#).ast;
    /// let schema = BodySchema::new(
    ///     vec![AttributeSchema { name: "region".into(), required: true }],
    ///     vec![BlockHeaderSchema { type_name: "resource".into(), label_names: vec!["type".into(), "name".into()] }],
    /// ).unwrap();
    /// let (content, diags) = file.body().content(&schema);
    /// assert!(diags.is_empty());
    /// let block = &content.blocks[0];
    /// assert_eq!(block.labels.iter().map(|l| l.0).collect::<Vec<_>>(), ["bucket", "logs"]);
    /// ```
    pub fn body(&self) -> JsonBody<'_, 'a> {
        JsonBody {
            file: self,
            node: &self.root,
            hidden: Default::default(),
            name: None,
        }
    }
}

impl<'n, 'a> JsonBody<'n, 'a> {
    /// The file the body is in.
    pub fn file(&self) -> &'n JsonFile<'a> {
        self.file
    }

    /// The body's value: an object or an array of objects (anything else
    /// is reported when content is asked for).
    pub fn node(&self) -> &'n Node<'a> {
        self.node
    }

    /// Where an item missing from this body would go: an object's closing
    /// brace, an array's opening bracket.
    pub fn missing_item_range(&self) -> Span {
        match self.node {
            Node::Object(o) => o.close,
            Node::Array(a) => a.open,
            other => other.start_span(),
        }
    }

    /// Exhaustive processing: [`JsonBody::partial_content`], and an error
    /// for every property the schema names neither as an attribute nor as
    /// a block type (`"//"` comments aside).
    ///
    /// spec: json#structural-elements
    pub fn content(&self, schema: &BodySchema) -> (JsonContent<'n, 'a>, Diagnostics) {
        let (content, remain, mut diags) = self.partial_content(schema);
        let mut suggestions: Vec<&str> = schema
            .attributes()
            .iter()
            .map(|a| a.name.as_str())
            .filter(|n| !remain.hidden.contains(n))
            .collect();
        suggestions.extend(schema.blocks().iter().map(|b| b.type_name.as_str()));
        let (props, _) = collect_deep(self.node, None);
        for p in props {
            let name: &str = &p.name.value;
            if name == "//" || remain.hidden.contains(name) {
                continue;
            }
            let hint = crate::suggest::did_you_mean_first(name, suggestions.iter().copied());
            diags.push(
                Diagnostic::error(
                    "Extraneous JSON object property",
                    format!("No argument or block type is named {}.{hint}", quoted(name)),
                    p.name.span,
                )
                .with_context(p.name.span.to(p.value.span())),
            );
        }
        (content, diags)
    }

    /// Partial processing: the schema's attributes and blocks, and the body
    /// that remains with their names hidden.
    ///
    /// spec: json#attributes, json#blocks
    pub fn partial_content(&self, schema: &BodySchema) -> (JsonContent<'n, 'a>, JsonBody<'n, 'a>, Diagnostics) {
        let mut diags = Diagnostics::new();
        let (props, problems) = collect_deep(self.node, None);
        diags.extend(problems);
        let mut used = self.hidden.clone();
        let mut content = JsonContent {
            attributes: BTreeMap::new(),
            blocks: Vec::new(),
            missing_item_range: self.missing_item_range(),
        };
        for p in props {
            let name: &'n str = &p.name.value;
            if self.hidden.contains(name) {
                continue;
            }
            if schema.attribute(name).is_some() {
                if let Some(first) = content.attributes.get(name) {
                    diags.push(
                        Diagnostic::error(
                            "Duplicate argument",
                            format!(
                                "The argument {} was already set at {}.",
                                quoted(name),
                                self.file.position(first.span.start)
                            ),
                            p.name.span,
                        )
                        .with_context(p.name.span.to(p.value.span())),
                    );
                    continue;
                }
                content.attributes.insert(name, JsonAttribute::of(p));
                used.insert(name.to_string());
            } else if let Some(b) = schema.block(name) {
                let mut labels = Vec::new();
                self.unpack_block(
                    &p.value,
                    name,
                    p.name.span,
                    &b.label_names,
                    &mut labels,
                    &mut content.blocks,
                    &mut diags,
                );
                used.insert(name.to_string());
            }
        }
        for s in schema.attributes() {
            if s.required && !content.attributes.contains_key(s.name.as_str()) {
                diags.push(Diagnostic::error(
                    "Missing required argument",
                    format!(
                        "The argument {} is required, but no definition was found.",
                        quoted(&s.name)
                    ),
                    self.missing_item_range(),
                ));
            }
        }
        let remain = JsonBody {
            file: self.file,
            node: self.node,
            hidden: used,
            name: self.name.clone(),
        };
        (content, remain, diags)
    }

    /// Every property as an attribute (dynamic attributes processing): a
    /// single object is required; `"//"` comments are skipped and the first
    /// of a repeated name kept.
    ///
    /// spec: json#attributes
    pub fn just_attributes(&self) -> (Vec<JsonAttribute<'n, 'a>>, Diagnostics) {
        let mut diags = Diagnostics::new();
        let Node::Object(o) = self.node else {
            diags.push(Diagnostic::error(
                "Incorrect JSON value type",
                "A JSON object is required here, setting the arguments for this block.",
                self.node.start_span(),
            ));
            return (Vec::new(), diags);
        };
        let listed: Vec<_> = o
            .properties
            .iter()
            .filter(|p| !(p.name.value == "//" || self.hidden.contains(&p.name.value)))
            .collect();
        let repeats = crate::sort::repeats(listed.len(), |i| &listed[i].name.value);
        let mut repeats = repeats.into_iter().peekable();
        let mut out: Vec<JsonAttribute<'n, 'a>> = Vec::with_capacity(listed.len());
        for (i, p) in listed.iter().enumerate() {
            if let Some((_, first)) = repeats.next_if(|&(r, _)| r == i) {
                diags.push(Diagnostic::error(
                    "Duplicate attribute definition",
                    format!(
                        "The argument {} was already set at {}. Each argument may be set only once.",
                        quoted(&p.name.value),
                        self.file.position(listed[first].name.span.start)
                    ),
                    p.name.span,
                ));
                continue;
            }
            out.push(JsonAttribute::of(p));
        }
        (out, diags)
    }

    /// The blocks `value` defines for a property of block type `ty`: one
    /// level of properties per label left, then an object (one block), an
    /// array (one block per element) or null (none).
    ///
    /// spec: json#blocks
    #[allow(clippy::too_many_arguments)]
    fn unpack_block(
        &self,
        value: &'n Node<'a>,
        ty: &'n str,
        type_span: Span,
        labels_left: &[String],
        labels: &mut Vec<(&'n str, Span)>,
        blocks: &mut Vec<JsonBlock<'n, 'a>>,
        diags: &mut Diagnostics,
    ) {
        crate::stack::with_stack(|| {
            if let Some((label, rest)) = labels_left.split_first() {
                let (props, problems) = collect_deep(value, Some(label));
                diags.extend(problems);
                if props.is_empty() {
                    diags.push(Diagnostic::error(
                        "Missing block label",
                        format!(
                            "At least one object property is required, whose name represents the {ty} block's {label}."
                        ),
                        value.start_span(),
                    ));
                    return;
                }
                for p in props {
                    labels.push((&p.name.value, p.name.span));
                    self.unpack_block(&p.value, ty, type_span, rest, labels, blocks, diags);
                    labels.pop();
                }
                return;
            }
            let block = |node: &'n Node<'a>, def_span: Span| JsonBlock {
                type_name: ty,
                type_span,
                labels: labels.clone(),
                def_span,
                body: JsonBody {
                    file: self.file,
                    node,
                    hidden: Default::default(),
                    name: None,
                },
            };
            match value {
                Node::Null(_) => {}
                Node::Object(o) => blocks.push(block(value, o.open)),
                // an element that is not an object is found when its
                // content is asked for
                Node::Array(a) => blocks.extend(a.elements.iter().map(|e| block(e, a.open))),
                other => diags.push(Diagnostic::error(
                    "Incorrect JSON value type",
                    format!(
                        "Either a JSON object or a JSON array is required, representing the contents of one or more {} blocks.",
                        quoted(ty)
                    ),
                    other.start_span(),
                )),
            }
        })
    }
}

/// The properties of a body value, in order: an object's, or those of each
/// object of an array; anything else is an error (worded for a label level
/// when `label` names one).
fn collect_deep<'n, 'a>(node: &'n Node<'a>, label: Option<&str>) -> (Vec<&'n Property<'a>>, Vec<Diagnostic>) {
    let mut props = Vec::new();
    let mut diags = Vec::new();
    match node {
        Node::Null(_) => {}
        Node::Object(o) => props.extend(o.properties.iter()),
        Node::Array(a) => {
            for e in &a.elements {
                match e {
                    Node::Object(o) => props.extend(o.properties.iter()),
                    other => diags.push(Diagnostic::error(
                        "Incorrect JSON value type",
                        match label {
                            Some(l) => format!("A JSON object is required here, to specify {l} labels for this block."),
                            None => "A JSON object is required here, to define arguments and child blocks.".to_string(),
                        },
                        other.start_span(),
                    )),
                }
            }
        }
        other => diags.push(Diagnostic::error(
            "Incorrect JSON value type",
            match label {
                Some(l) => format!(
                    "Either a JSON object or JSON array of objects is required here, to specify {l} labels for this block."
                ),
                None => "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks."
                    .to_string(),
            },
            other.start_span(),
        )),
    }
    (props, diags)
}
