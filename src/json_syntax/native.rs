//! The JSON syntax to native syntax, without evaluating anything: the
//! reverse of [`super::from_native`].
//!
//! spec: json#structural-elements, json#expressions
//!
//! The JSON syntax does not say which properties are blocks: a schema
//! does, when a body is read. [`to_native`] therefore takes that decision
//! from its caller, and reads each body through the schema it implies
//! ([`super::JsonBody::content`]), so that it finds exactly the attributes
//! and blocks a reader with that schema finds, and reports the same
//! problems. Every expression is written as what it means in full
//! expression mode (the mode a native file is always evaluated in):
//!
//! * a number as written (exact, however long), `true`, `false`, `null`;
//! * an array as a tuple constructor, an object as an object constructor
//!   whose keys are the property names (templates too: a name that is an
//!   identifier is written bare, any other quoted);
//! * a string as the template it holds: a lone interpolation `"${expr}"` as
//!   the bare expression (the interpolation unwrapping rule gives it the
//!   expression's own value), anything else as a quoted template, or a
//!   heredoc when that reads back identically and is tidier (several lines
//!   ending in a newline).
//!
//! `"//"` properties of a body (comments, which a reader ignores) are
//! written as `#` comments where they stand when their value is a string,
//! and left out otherwise.

use std::collections::HashMap;

use super::{Array, JsonBody, JsonFile, Node, Object, Property, Str};
use crate::ast::{BodyItem, Template, TemplateDirective, TemplateInterpolation, TemplatePart};
use crate::diagnostic::quoted;
use crate::lexical::is_identifier;
use crate::schema::{AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::{Arena, Diagnostic, Diagnostics, Span};

/// The decision a schema makes for the JSON syntax: given the path of a
/// body's property (the block types around it, outermost first, then its
/// name) and the labels of each of those blocks, `Some(n)` when the
/// property is a block type with `n` labels, `None` when it is an attribute.
/// Any closure of that signature is one (see [`to_native`]).
pub type BlockShapes<'f> = dyn Fn(&[&str], &[&[&str]]) -> Option<usize> + 'f;

/// A configuration in the JSON syntax written as native-syntax text.
///
/// `blocks` decides what the JSON syntax leaves to a schema. It is given
/// the path of a body's property, the block types of the enclosing blocks,
/// outermost first, and then the property's own name; and, beside it, the
/// labels of each of those blocks. It answers `Some(n)` when the property
/// is a block type with `n` labels, `None` when it is an attribute. It is
/// asked once per property name of each body (not for `"//"` comments).
/// The labels are there because a schema may depend on them: Terraform's
/// `resource "aws_identitystore_user" "u"` has a `name` block where
/// `resource "aws_ssoadmin_permission_set" "p"` has a `name` argument, and
/// a decision made on the types alone could not write both.
///
/// The text has one item per line, two spaces of indentation per level,
/// labels quoted, a blank line around each block; `"//"` comments become
/// `#` comments (see the module documentation). Parsed as a native file
/// and read with the same schema, it gives the same attributes, whose
/// expressions evaluate to the same values, and the same blocks with the
/// same labels in the same order.
///
/// The result is a pair rather than the text alone because the JSON may
/// not have the shape `blocks` describes, or hold what the native syntax
/// cannot say. The diagnostics are those a reader with the implied schema
/// reports (an array where a label belongs, a repeated attribute...), plus
/// an error for each property or value the text leaves out: an attribute
/// or block type whose name is not an identifier, a value the JSON parser
/// could not read, a string that is not a valid template. Everything else
/// is written, and the text is valid native syntax (nesting deeper than
/// the native parser's [`crate::ParseOptions::max_depth`] aside).
///
/// spec: json#structural-elements
///
/// ```
/// use hcl_native::json_syntax::{parse, to_native};
///
/// let src = br#"{
///   "//": "Generated.",
///   "region": "eu-${zone}",
///   "count": "${length(var.names)}",
///   "resource": {"bucket": {"logs": {"size": 10, "tags": {"team": "ops"}}}},
///   "locals": [{"a": 1}, {"b": [true, null]}]
/// }"#;
/// let file = parse(src).ast;
/// let (text, diags) = to_native(&file, &|path: &[&str], _labels: &[&[&str]]| match path {
///     ["resource"] => Some(2),
///     ["locals"] => Some(0),
///     _ => None,
/// });
/// assert!(diags.is_empty());
/// assert_eq!(
///     text,
///     r#"# Generated.
/// region = "eu-${zone}"
/// count = length(var.names)
///
/// resource "bucket" "logs" {
///   size = 10
///   tags = {
///     team = "ops"
///   }
/// }
///
/// locals {
///   a = 1
/// }
///
/// locals {
///   b = [true, null]
/// }
/// "#
/// );
/// ```
pub fn to_native(file: &JsonFile<'_>, blocks: &BlockShapes<'_>) -> (String, Diagnostics) {
    let mut w = Writer {
        blocks,
        // no block has more label levels than the file has levels
        max_labels: nesting(&file.root),
        path: Vec::new(),
        labels: Vec::new(),
        diags: Diagnostics::new(),
    };
    let mut out = String::new();
    crate::stack::entry(|| w.body(&file.body(), 0, &mut out));
    (out, w.diags)
}

/// How many levels of objects and arrays `node` has (without recursion).
fn nesting(node: &Node<'_>) -> usize {
    let mut deepest = 0;
    let mut todo = vec![(node, 0)];
    while let Some((n, depth)) = todo.pop() {
        deepest = deepest.max(depth);
        match n {
            Node::Object(o) => todo.extend(o.properties.iter().map(|p| (&p.value, depth + 1))),
            Node::Array(a) => todo.extend(a.elements.iter().map(|e| (e, depth + 1))),
            _ => {}
        }
    }
    deepest
}

/// The writer's state: the caller's block decisions, the block types and
/// labels on the way to the body being written, the diagnostics so far.
struct Writer<'w, 'n> {
    blocks: &'w BlockShapes<'w>,
    max_labels: usize,
    path: Vec<&'n str>,
    labels: Vec<Vec<&'n str>>,
    diags: Diagnostics,
}

/// Where an expression is written: what may follow it decides which forms
/// are safe (a heredoc must end its line; a newline ends an attribute).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The value of an attribute: the line ends after it.
    Attribute,
    /// The value of an object constructor's element: the line ends after it.
    ObjectValue,
    /// An element of a tuple constructor: a comma follows.
    TupleElement,
}

/// What the last item written to a body was, for the blank lines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Nothing,
    Comment,
    Attribute,
    Block,
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// Whether a string may hold a template sequence (without one, it is
/// literal text in either mode).
fn has_sequences(s: &str) -> bool {
    s.contains("${") || s.contains("%{")
}

/// The properties of a body value, in order: an object's, or those of each
/// object of an array (anything else is reported by the body's content).
///
/// spec: json#structural-elements
fn properties<'n, 'a>(node: &'n Node<'a>) -> Vec<&'n Property<'a>> {
    match node {
        Node::Object(o) => o.properties.iter().collect(),
        Node::Array(a) => a
            .elements
            .iter()
            .filter_map(|e| match e {
                Node::Object(o) => Some(o.properties.iter()),
                _ => None,
            })
            .flatten()
            .collect(),
        _ => Vec::new(),
    }
}

impl<'n> Writer<'_, 'n> {
    /// The items of a body, each line indented `depth` levels.
    ///
    /// spec: json#attributes, json#blocks
    fn body<'a>(&mut self, b: &JsonBody<'n, 'a>, depth: usize, out: &mut String) {
        crate::stack::with_stack(|| {
            let props = properties(b.node());
            // the caller's decision for each name, and the schema it makes
            let mut kinds: HashMap<&'n str, Option<usize>> = HashMap::new();
            let (mut attrs, mut block_types) = (Vec::new(), Vec::new());
            for p in &props {
                let name: &'n str = &p.name.value;
                if name == "//" || kinds.contains_key(name) {
                    continue;
                }
                self.path.push(name);
                let labels: Vec<&[&str]> = self.labels.iter().map(Vec::as_slice).collect();
                let kind = (self.blocks)(&self.path, &labels).map(|n| n.min(self.max_labels));
                self.path.pop();
                kinds.insert(name, kind);
                match kind {
                    None => attrs.push(AttributeSchema {
                        name: name.to_string(),
                        required: false,
                    }),
                    Some(n) => block_types.push(BlockHeaderSchema {
                        type_name: name.to_string(),
                        label_names: (1..=n).map(|i| format!("label {i}")).collect(),
                    }),
                }
            }
            let schema = match BodySchema::new(attrs, block_types) {
                Ok(s) => s,
                Err(e) => {
                    // each name is decided once: the schema names nothing twice
                    self.diags.push(Diagnostic::error(
                        "Invalid schema",
                        e.to_string(),
                        b.missing_item_range(),
                    ));
                    return;
                }
            };
            let (content, diags) = b.content(&schema);
            self.diags.extend(diags);
            let mut last = Last::Nothing;
            let mut next_block = 0;
            for p in props {
                let name: &'n str = &p.name.value;
                if name == "//" {
                    if let Node::String(s) = &p.value {
                        if last == Last::Block {
                            out.push('\n');
                        }
                        comment(&s.value, depth, out);
                        last = Last::Comment;
                    }
                    continue;
                }
                match kinds.get(name).copied().flatten() {
                    None => {
                        // the first definition of a name is the attribute
                        // (a repeat was reported)
                        if content.attributes.get(name).is_none_or(|a| a.name_span != p.name.span) {
                            continue;
                        }
                        if !is_identifier(name) {
                            self.unnameable("argument", &p.name);
                            continue;
                        }
                        let start = out.len();
                        if last == Last::Block {
                            out.push('\n');
                        }
                        indent(out, depth);
                        out.push_str(name);
                        out.push_str(" = ");
                        if self.value(&p.value, depth, Place::Attribute, out) {
                            out.push('\n');
                            last = Last::Attribute;
                        } else {
                            out.truncate(start);
                        }
                    }
                    Some(_) => {
                        let nameable = is_identifier(name);
                        if !nameable {
                            self.unnameable("block type", &p.name);
                        }
                        while let Some(blk) = content.blocks.get(next_block).filter(|x| x.type_span == p.name.span) {
                            next_block += 1;
                            if !nameable {
                                continue;
                            }
                            if last != Last::Nothing && last != Last::Comment {
                                out.push('\n');
                            }
                            indent(out, depth);
                            out.push_str(name);
                            for (label, _) in &blk.labels {
                                out.push(' ');
                                quoted_text(label, out);
                            }
                            out.push_str(" {\n");
                            let inner = out.len();
                            self.path.push(name);
                            self.labels.push(blk.labels.iter().map(|l| l.0).collect());
                            self.body(&blk.body, depth + 1, out);
                            self.labels.pop();
                            self.path.pop();
                            if out.len() == inner {
                                // an empty body: `type "label" {}`
                                out.truncate(inner - 1);
                            } else {
                                indent(out, depth);
                            }
                            out.push_str("}\n");
                            last = Last::Block;
                        }
                    }
                }
            }
        })
    }

    /// An attribute or block type that cannot be written: the native
    /// syntax names them with identifiers.
    ///
    /// spec: hclsyntax#identifiers
    fn unnameable(&mut self, what: &str, name: &Str<'_>) {
        self.diags.push(Diagnostic::error(
            format!("Invalid {what} name"),
            format!(
                "The native syntax cannot name an {what} {}: its names are identifiers (a letter, then letters, digits, underscores and dashes). It is left out.",
                quoted(&name.value)
            ),
            name.span,
        ));
    }

    /// An expression: false (and reported) when it cannot be written.
    ///
    /// spec: json#expressions
    fn value(&mut self, node: &Node<'_>, depth: usize, place: Place, out: &mut String) -> bool {
        crate::stack::with_stack(|| match node {
            // spec: json#strings
            Node::String(s) => self.string(s, depth, place, out),
            // spec: json#numbers
            Node::Number(n) => {
                out.push_str(n.text);
                true
            }
            // spec: json#boolean-values
            Node::Bool(b, _) => {
                out.push_str(if *b { "true" } else { "false" });
                true
            }
            // spec: json#the-null-value
            Node::Null(_) => {
                out.push_str("null");
                true
            }
            // spec: json#arrays
            Node::Array(a) => self.tuple(a, depth, out),
            // spec: json#objects
            Node::Object(o) => self.object(o, depth, out),
            Node::Invalid(span) => {
                self.diags.push(Diagnostic::error(
                    "Invalid value",
                    "This value could not be read as JSON, so it cannot be written in the native syntax; its attribute is left out.",
                    *span,
                ));
                false
            }
        })
    }

    /// An array as a tuple constructor: on one line when its elements are
    /// short single-line scalars, otherwise one element per line.
    ///
    /// spec: json#arrays, hclsyntax#collection-values
    fn tuple(&mut self, a: &Array<'_>, depth: usize, out: &mut String) -> bool {
        if a.elements.is_empty() {
            out.push_str("[]");
            return true;
        }
        let scalars = a
            .elements
            .iter()
            .all(|e| !matches!(e, Node::Array(_) | Node::Object(_)));
        if scalars {
            let mut items = Vec::with_capacity(a.elements.len());
            for e in &a.elements {
                let mut s = String::new();
                if !self.value(e, depth + 1, Place::TupleElement, &mut s) {
                    return false;
                }
                items.push(s);
            }
            let width: usize = items.iter().map(|s| s.len() + 2).sum();
            let multi_line = items.iter().any(|s| s.contains('\n'));
            if !multi_line && depth * 2 + width <= 80 {
                out.push('[');
                out.push_str(&items.join(", "));
                out.push(']');
            } else {
                out.push_str("[\n");
                for s in items {
                    indent(out, depth + 1);
                    out.push_str(&s);
                    out.push_str(",\n");
                }
                indent(out, depth);
                out.push(']');
            }
            return true;
        }
        out.push_str("[\n");
        for e in &a.elements {
            indent(out, depth + 1);
            if !self.value(e, depth + 1, Place::TupleElement, out) {
                return false;
            }
            out.push_str(",\n");
        }
        indent(out, depth);
        out.push(']');
        true
    }

    /// An object as an object constructor, one element per line.
    ///
    /// spec: json#objects, hclsyntax#collection-values
    fn object(&mut self, o: &Object<'_>, depth: usize, out: &mut String) -> bool {
        if o.properties.is_empty() {
            out.push_str("{}");
            return true;
        }
        out.push_str("{\n");
        for p in &o.properties {
            indent(out, depth + 1);
            if !self.key(&p.name, out) {
                return false;
            }
            out.push_str(" = ");
            if !self.value(&p.value, depth + 1, Place::ObjectValue, out) {
                return false;
            }
            out.push('\n');
        }
        indent(out, depth);
        out.push('}');
        true
    }

    /// An object key, a template like any string: bare when it is an
    /// identifier the grammar reads as a name, otherwise quoted (never
    /// unwrapped: a key is converted to a string anyway).
    ///
    /// spec: json#objects, objectelem
    fn key(&mut self, name: &Str<'_>, out: &mut String) -> bool {
        let text: &str = &name.value;
        if !has_sequences(text) {
            // the one rule of bare keys (`for` would start a `for`
            // expression; `true`, `false` and `null` read as values)
            if crate::lexical::is_bare_key(text) {
                out.push_str(text);
            } else {
                quoted_text(text, out);
            }
            return true;
        }
        let arena = Arena::new();
        let Some(t) = self.template(&arena, name) else {
            return false;
        };
        self.quoted_template(name, &t, out)
    }

    /// A string: literal text, or a template (a lone interpolation
    /// unwrapped to its expression).
    ///
    /// spec: json#strings, hclsyntax#template-interpolation-unwrapping
    fn string(&mut self, s: &Str<'_>, depth: usize, place: Place, out: &mut String) -> bool {
        let text: &str = &s.value;
        let heredoc_fits = place != Place::TupleElement;
        if !has_sequences(text) {
            match heredoc(text).filter(|_| heredoc_fits) {
                Some(h) => out.push_str(&h),
                None => quoted_text(text, out),
            }
            return true;
        }
        let arena = Arena::new();
        let Some(t) = self.template(&arena, s) else {
            return false;
        };
        if let [TemplatePart::Interpolation(i)] = t.parts {
            return self.bare(s, i, depth, place, out);
        }
        match heredoc(text).filter(|_| heredoc_fits) {
            Some(h) => {
                out.push_str(&h);
                true
            }
            None => self.quoted_template(s, &t, out),
        }
    }

    /// The template a string holds, or its syntax errors reported (moved
    /// into the file as evaluation moves them: from just after the quote).
    fn template<'t>(&mut self, arena: &'t Arena, s: &'t Str<'_>) -> Option<Template<'t>> {
        let parsed = crate::parse_template(arena, s.value.as_bytes());
        if !parsed.diagnostics.has_errors() {
            return Some(parsed.ast);
        }
        let shift = s.span.start + 1;
        let moved = |sp: Span| Span::new(sp.start.saturating_add(shift), sp.end.saturating_add(shift));
        for mut d in parsed.diagnostics.into_vec().into_iter().filter(Diagnostic::is_error) {
            d.subject = moved(d.subject);
            d.context = d.context.map(moved);
            self.diags.push(d);
        }
        None
    }

    /// The expression of a lone interpolation, as its source: bare on one
    /// line; over several lines (or with a line comment) bare where an
    /// attribute reads it whole,
    /// otherwise in parentheses (in which newlines are ignored, as they are
    /// inside the interpolation).
    ///
    /// spec: hclsyntax#template-interpolation-unwrapping
    fn bare(
        &mut self,
        s: &Str<'_>,
        i: &TemplateInterpolation<'_>,
        depth: usize,
        place: Place,
        out: &mut String,
    ) -> bool {
        let start = i.span.start as usize + 2 + usize::from(i.strip.before);
        let end = (i.span.end as usize).saturating_sub(1 + usize::from(i.strip.after));
        let Some(code) = s.value.get(start..end) else {
            return self.unwritable(s);
        };
        // a line comment ends at a newline, which then is in the source
        let one_line = !code.contains(['\n', '\r']);
        let code = code.trim_matches([' ', '\t', '\n', '\r']);
        if one_line || place == Place::Attribute && reads_as_attribute(code) {
            out.push_str(code);
        } else {
            // a heredoc's closing marker must end its line
            out.push('(');
            out.push_str(code);
            out.push('\n');
            indent(out, depth);
            out.push(')');
        }
        true
    }

    /// A template as a quoted template: the source of its sequences as it
    /// is, its literal text (escapes `$${` and `%%{` included) with what a
    /// quoted template must escape escaped.
    ///
    /// spec: hclsyntax#template-expressions, quotedTemplate
    fn quoted_template(&mut self, s: &Str<'_>, t: &Template<'_>, out: &mut String) -> bool {
        let text: &str = &s.value;
        let mut literals = Vec::new();
        literal_spans(t, &mut literals);
        literals.sort_by_key(|sp| sp.start);
        let mut q = String::with_capacity(text.len() + 2);
        q.push('"');
        let mut at = 0;
        for sp in literals {
            let (start, end) = (sp.start as usize, sp.end as usize);
            if start < at {
                continue;
            }
            let (Some(code), Some(literal)) = (text.get(at..start), text.get(start..end)) else {
                return self.unwritable(s);
            };
            q.push_str(code);
            escape(literal, &mut q);
            at = end;
        }
        let Some(rest) = text.get(at..) else {
            return self.unwritable(s);
        };
        q.push_str(rest);
        q.push('"');
        out.push_str(&q);
        true
    }

    /// A template whose parse did not give ranges in its text (never
    /// expected): reported, and its attribute left out.
    fn unwritable(&mut self, s: &Str<'_>) -> bool {
        self.diags.push(Diagnostic::error(
            "Template not written",
            "This string's template could not be written in the native syntax; its attribute is left out.",
            s.span,
        ));
        false
    }
}

/// The ranges of the literal parts of a template and of the templates its
/// directives nest.
///
/// spec: hclsyntax#template-literals
fn literal_spans(t: &Template<'_>, out: &mut Vec<Span>) {
    crate::stack::with_stack(|| {
        for part in t.parts {
            match part {
                TemplatePart::Literal(l) => out.push(l.span),
                TemplatePart::Interpolation(_) => {}
                TemplatePart::Directive(TemplateDirective::If(d)) => {
                    literal_spans(&d.then_template, out);
                    if let Some(e) = &d.else_template {
                        literal_spans(e, out);
                    }
                }
                TemplatePart::Directive(TemplateDirective::For(d)) => literal_spans(&d.body, out),
            }
        }
    })
}

/// Whether `a = CODE` reads as one attribute, without a diagnostic: then
/// its expression is `code`'s, bar trailing comments (a multi-line
/// expression whose newlines are all inside brackets, a heredoc or a
/// comment; a newline anywhere else would end the attribute early and leave
/// the rest an error).
fn reads_as_attribute(code: &str) -> bool {
    let src = format!("a = {code}\n");
    let arena = Arena::new();
    let parsed = crate::parse_config(&arena, src.as_bytes());
    parsed.diagnostics.is_empty()
        && matches!(parsed.ast.body.items, [BodyItem::Attribute(a)] if a.expr.span().start == 4)
}

/// `text` as a heredoc, when it reads back identically: several lines,
/// each ended by a newline, with no control character but tabs (the
/// content of a `<<` heredoc is the text as it is, and a template's
/// sequences and escapes read alike in both). The marker is `EOT`, or
/// `EOT` and a number when the text holds `EOT`.
///
/// spec: heredocTemplate
fn heredoc(text: &str) -> Option<String> {
    if !text.ends_with('\n') || text.matches('\n').count() < 2 {
        return None;
    }
    if text.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return None;
    }
    let marker = (0..=text.len())
        .map(|k| if k == 0 { "EOT".to_string() } else { format!("EOT{k}") })
        .find(|m| !text.contains(m.as_str()))?;
    Some(format!("<<{marker}\n{text}{marker}"))
}

/// Appends literal text as a quoted string (a template without sequences,
/// or a block label): escaped as [`escape`] does, and `${` and `%{` as
/// `$${` and `%%{`.
///
/// spec: StringLit, hclsyntax#template-literals
fn quoted_text(text: &str, out: &mut String) {
    let mut escaped = String::with_capacity(text.len());
    escape(text, &mut escaped);
    out.push('"');
    out.push_str(&escaped.replace("${", "$${").replace("%{", "%%{"));
    out.push('"');
}

/// Appends literal text for a quoted template: a backslash, a quote, a
/// newline, a carriage return and a tab by their escapes, any other
/// control character as `\uNNNN`, everything else as it is.
///
/// spec: quotedTemplate
fn escape(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
}

/// A `"//"` property's text as `#` comment lines (a control character
/// other than a tab shown as U+FFFD, so that the comment stays one line).
///
/// spec: json#structural-elements, hclsyntax#comments-and-whitespace
fn comment(text: &str, depth: usize, out: &mut String) {
    for line in text.trim_end_matches(['\n', '\r']).split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        indent(out, depth);
        out.push('#');
        if !line.is_empty() {
            out.push(' ');
            out.extend(
                line.chars()
                    .map(|c| if c.is_control() && c != '\t' { '\u{fffd}' } else { c }),
            );
        }
        out.push('\n');
    }
}
