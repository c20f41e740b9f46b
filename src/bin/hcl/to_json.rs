//! `hcl json FILE [--vars VARS.json]`: a configuration file converted to
//! one JSON object, pretty-printed with a two-space indent (`-` reads
//! stdin).
//!
//! - Attributes are evaluated (with the variables of VARS.json, same format
//!   as `hcl eval`, and the standard functions); each value is written in
//!   the JSON value form of `docs/cli-json.md`: numbers at full
//!   precision, an unknown part as `{"__unknown__": TYPE}`, an infinity as
//!   `{"__number__": "+Inf"}`.
//! - A block becomes nested objects: keyed by its type, then by each of its
//!   labels in turn, its body being the innermost object. A block type with
//!   the same labels that appears once is an object; one that appears more
//!   than once becomes an array of the bodies, in source order:
//!
//!   ```text
//!   a = 1                    {
//!   svc "web" { p = 1 }        "a": 1,
//!   svc "web" { p = 2 }        "svc": {
//!   svc "db" { p = 3 }           "web": [{"p": 1}, {"p": 2}],
//!                                "db": {"p": 3}
//!                              }
//!                            }
//!   ```
//!
//!   (the output is shown condensed; it is pretty-printed, one value a line,
//!   except that the parts of a value nested more than 128 arrays and
//!   objects deep are written compactly: see `Layout`).
//! - Keys come in source order of first appearance, attributes and blocks
//!   interleaved as in the source.
//! - Conflicts keep the first item and leave the later one out, with an
//!   error diagnostic at the later item (an attribute's whole range, a
//!   block's type and labels): an attribute and a block type of
//!   the same name in one body, and a block whose labels collide with
//!   another block's of the same type with a different number of labels
//!   (`a "x" {}` then `a "x" "y" {}`: `"x"` cannot be both a body and a
//!   label level). A repeated attribute is already reported by the parser;
//!   the first definition is kept.
//! - Diagnostics (parse, evaluation, conflicts) are rendered on stderr in
//!   source order; the JSON is printed on stdout either way, with what could
//!   be converted. Exit status 1 when there is any error diagnostic, else 0;
//!   2 for usage errors (unreadable input or vars file).
//! - A FILE ending in `.json` is in the JSON syntax: its strings are
//!   evaluated as templates, each body property's value written under its
//!   name (see `run_json_syntax`).

use hcl_native::ast::{first_occurrences, Block, Body, BodyItem};
use hcl_native::dynblock::DynamicBody;
use hcl_native::eval::EvalContext;
use hcl_native::render::quoted;
use hcl_native::value::Value;
use hcl_native::{parse_config_with, Arena, Diagnostic, Locator, Span};
use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};
use std::borrow::Cow;
use std::collections::HashMap;
use std::io::{self, Write};
use std::process::ExitCode;

use crate::json::write_str;

/// Keys in insertion order, with an index for lookups (a key borrowed
/// from the tree, or made: a dynamic block's evaluated label), for the
/// label levels of a block type, whose keys come one block at a time. The
/// index hashes with foldhash's quality variant, keyed at random, as the
/// library's own name tables do (std's SipHash was an eighth of `hcl json`
/// over a million attributes when an index of this kind served bodies,
/// which [`Keyed`] serves now).
struct Ordered<'a, V> {
    entries: Vec<(Cow<'a, str>, V)>,
    index: HashMap<Cow<'a, str>, usize, foldhash::quality::RandomState>,
}

impl<'a, V> Ordered<'a, V> {
    fn new() -> Self {
        Ordered {
            entries: Vec::new(),
            index: HashMap::default(),
        }
    }

    fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        let i = *self.index.get(key)?;
        Some(&mut self.entries[i].1)
    }

    /// Adds a key that is not there yet.
    fn push(&mut self, key: impl Into<Cow<'a, str>>, value: V) {
        let key = key.into();
        self.index.insert(key.clone(), self.entries.len());
        self.entries.push((key, value));
    }
}

/// The entries of an object whose keys are all known before it is built
/// (a body's attribute names and block types, a JSON object's property
/// names), in the order of their first occurrences. Each key's entry is
/// made by its first occurrence and found again through the first
/// occurrences, worked out at once ([`first_occurrences`]) in time linear
/// however many keys there are. A hash index over a body of a million
/// attributes missed the cache on almost every key: `hcl json` took 14
/// times as long for ten times the attributes.
struct Keyed<'a, V> {
    entries: Vec<(Cow<'a, str>, V)>,
    /// Per key: the index of the first key equal to it.
    first: Vec<usize>,
    /// Per key that is a first occurrence: its entry's index, once made.
    entry: Vec<usize>,
}

impl<'a, V> Keyed<'a, V> {
    fn new(keys: &[&str]) -> Self {
        Keyed {
            entries: Vec::new(),
            first: first_occurrences(keys),
            entry: vec![usize::MAX; keys.len()],
        }
    }

    /// The entry of key `i`, if an earlier key equal to it made one.
    fn existing(&mut self, i: usize) -> Option<&mut V> {
        let e = *self.entry.get(*self.first.get(i)?)?;
        self.entries.get_mut(e).map(|(_, v)| v)
    }

    /// Makes key `i`'s entry.
    fn push(&mut self, i: usize, key: impl Into<Cow<'a, str>>, value: V) {
        self.entry[i] = self.entries.len();
        self.entries.push((key.into(), value));
    }
}

/// A body as a JSON object.
type Object<'a> = Vec<(Cow<'a, str>, Entry<'a>)>;

/// One key of a body object.
enum Entry<'a> {
    /// An attribute's value as JSON text (in the `Layout`), and where the
    /// attribute is.
    Attribute(String, Span),
    /// The blocks of one type.
    Blocks(Group<'a>),
}

/// The blocks under one key: of one type and with the same labels so far.
struct Group<'a> {
    /// The header of the first of them and its number of labels (for
    /// conflict messages).
    first: Span,
    first_labels: usize,
    kind: GroupKind<'a>,
}

enum GroupKind<'a> {
    /// No labels left: the bodies, in source order.
    Bodies(Vec<Object<'a>>),
    /// One more label level.
    Labels(Ordered<'a, Group<'a>>),
}

// A block's labels make a level each, and a block may have 100,000 of them:
// each level is dropped on a fresh stack segment when the stack runs low.
impl Drop for GroupKind<'_> {
    fn drop(&mut self) {
        if let GroupKind::Labels(levels) = self {
            let entries = std::mem::take(&mut levels.entries);
            crate::nested(move || drop(entries));
        }
    }
}

/// The conversion of one file.
struct Converter<'c, 's> {
    ctx: &'c EvalContext<'c>,
    loc: Locator<'s>,
    src: &'s [u8],
    /// The type of the block whose body is being converted (none at the
    /// top): Terraform's type attributes are written as their text.
    block: Option<String>,
    diagnostics: Vec<Diagnostic>,
}

/// `hcl json FILE [--vars VARS.json]`.
/// `hcl json FILE --unevaluated`: the file in the JSON syntax, nothing
/// evaluated (`hcl_native::json_syntax::from_native`). Parse diagnostics go
/// to stderr; exits 1 when there is an error (the JSON is printed anyway).
pub fn run_unevaluated(file: &str, settings: &crate::Settings) -> ExitCode {
    let src = match crate::read_input(file) {
        Ok(src) => src,
        Err(code) => return code,
    };
    let name = crate::shown_name(file);
    let arena = Arena::new();
    let parsed = parse_config_with(&arena, &src, &settings.parse);
    let out = hcl_native::json_syntax::from_native(&parsed.ast, &src);
    finish(name, &src, &out, parsed.diagnostics.as_slice(), settings)
}

/// A value's JSON text in the `Layout`, written straight from the value
/// (its `Serialize` impl grows the stack as it goes, so any depth the parser
/// accepts prints; a `serde_json::Value` tree would overflow the stack when
/// printed or dropped 100,000 levels deep); `null` with an error when it is
/// too large to print or has no JSON form. `name` names it in messages.
fn value_json(value: &Value, name: &str, span: Span, max_steps: u64, diagnostics: &mut Vec<Diagnostic>) -> String {
    if let Some(d) = crate::evaluate::too_large(value, false, span, max_steps) {
        diagnostics.push(d);
        return "null".into();
    }
    let mut text = Vec::new();
    match value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut text,
        Layout::default(),
    )) {
        Ok(()) => String::from_utf8(text).expect("serde_json writes UTF-8"),
        Err(e) => {
            diagnostics.push(Diagnostic::error(
                "Value has no JSON form",
                format!(
                    "The value of {} cannot be written as JSON: {e}. It is null in the output.",
                    quoted(name)
                ),
                span,
            ));
            "null".into()
        }
    }
}

/// `hcl json FILE.json`: a file in the JSON syntax, its strings evaluated
/// as templates. Without a schema its properties may be attributes or
/// blocks alike, so each body property's value is evaluated as an
/// expression (its strings as templates) and written under its name, a
/// name given several times as an array of its values in order; `"//"`
/// comments are left out; a root array of bodies is an array.
fn run_json_syntax(
    name: &str,
    src: &[u8],
    ctx: &EvalContext<'_>,
    settings: &crate::Settings,
) -> (String, Vec<Diagnostic>) {
    use hcl_native::json_syntax::Node;
    let parsed = hcl_native::json_syntax::parse_with(src, &settings.parse);
    let file = &parsed.ast;
    let mut diagnostics = parsed.diagnostics.into_vec();
    let value_text = |name: &str, node: &Node<'_>, diagnostics: &mut Vec<Diagnostic>| -> String {
        let r = file.evaluate(node, ctx);
        diagnostics.extend(r.diagnostics);
        value_json(&r.value, name, node.span(), ctx.limits().max_steps, diagnostics)
    };

    let body = |node: &Node<'_>, depth: usize, diagnostics: &mut Vec<Diagnostic>| -> String {
        let Node::Object(o) = node else {
            return value_text(name, node, diagnostics);
        };
        let properties: Vec<_> = o.properties.iter().filter(|p| p.name.value != "//").collect();
        let names: Vec<&str> = properties.iter().map(|p| &*p.name.value).collect();
        let mut keys: Keyed<'_, Vec<String>> = Keyed::new(&names);
        for (i, p) in properties.iter().enumerate() {
            let text = value_text(&p.name.value, &p.value, diagnostics);
            match keys.existing(i) {
                Some(values) => values.push(text),
                None => keys.push(i, &*p.name.value, vec![text]),
            }
        }
        let mut out = String::from("{");
        for (i, (k, values)) in keys.entries.iter().enumerate() {
            out.push_str(if i > 0 { ",\n" } else { "\n" });
            indent(&mut out, depth + 1);
            write_str(&mut out, k);
            out.push_str(": ");
            if values.len() == 1 {
                write_value(&mut out, &values[0], depth + 1);
            } else {
                out.push_str("[\n");
                for (j, v) in values.iter().enumerate() {
                    if j > 0 {
                        out.push_str(",\n");
                    }
                    indent(&mut out, depth + 2);
                    write_value(&mut out, v, depth + 2);
                }
                out.push('\n');
                indent(&mut out, depth + 1);
                out.push(']');
            }
        }
        if !keys.entries.is_empty() {
            out.push('\n');
            indent(&mut out, depth);
        }
        out.push('}');
        out
    };
    let out = match &file.root {
        Node::Array(a) => {
            let mut out = String::from("[");
            for (i, e) in a.elements.iter().enumerate() {
                out.push_str(if i > 0 { ",\n" } else { "\n" });
                indent(&mut out, 1);
                out.push_str(&body(e, 1, &mut diagnostics));
            }
            out.push_str(if a.elements.is_empty() { "]" } else { "\n]" });
            out
        }
        root => body(root, 0, &mut diagnostics),
    };
    (out, diagnostics)
}

pub fn run(file: &str, vars: &crate::evaluate::Vars, expand_dynamic: bool, settings: &crate::Settings) -> ExitCode {
    let ctx = match crate::evaluate::read_vars(vars, settings) {
        Ok(ctx) => ctx,
        Err(e) => return crate::usage(&e),
    };
    let src = match crate::read_input(file) {
        Ok(src) => src,
        Err(code) => return code,
    };
    let name = crate::shown_name(file);
    if name.ends_with(".json") {
        let (mut out, diagnostics) = run_json_syntax(name, &src, &ctx, settings);
        out.push('\n');
        return finish(name, &src, &out, &diagnostics, settings);
    }
    let arena = Arena::new();
    let parsed = parse_config_with(&arena, &src, &settings.parse);
    let mut conv = Converter {
        ctx: &ctx,
        loc: Locator::new(&src),
        src: &src,
        block: None,
        diagnostics: parsed.diagnostics.into_vec(),
    };
    let file = hcl_native::body::AnyFile::Native(parsed.ast, &src);
    let object = if expand_dynamic {
        conv.dynamic_body(&hcl_native::dynblock::expand(file.body(), &ctx))
    } else {
        conv.body(&parsed.ast.body)
    };
    let mut out = String::new();
    write_object(&mut out, &object, 0);
    out.push('\n');
    // Dropping a tree of blocks nested 100,000 deep (`--max-depth` raised)
    // would recurse past the stack, and the process ends soon anyway.
    std::mem::forget(object);

    let diagnostics = conv.diagnostics;
    finish(name, &src, &out, &diagnostics, settings)
}

/// Renders the diagnostics on stderr (as every command does), prints
/// `out`, and exits 1 when there was an error.
fn finish(name: &str, src: &[u8], out: &str, diagnostics: &[Diagnostic], settings: &crate::Settings) -> ExitCode {
    let errors = crate::report::diagnostics(name, src, diagnostics.to_vec(), settings);
    crate::report::to_stdout(out.as_bytes());
    crate::Found::errors(errors).status()
}

impl<'a> Converter<'_, '_> {
    fn body(&mut self, body: &Body<'a>) -> Object<'a> {
        let names: Vec<&str> = body
            .items
            .iter()
            .map(|item| match item {
                BodyItem::Attribute(a) => a.name.name,
                BodyItem::Block(b) | BodyItem::OneLineBlock(b) => b.block_type.name,
            })
            .collect();
        let mut object = Keyed::new(&names);
        for (i, item) in body.items.iter().enumerate() {
            match item {
                BodyItem::Attribute(a) => match object.existing(i) {
                    // a repeated attribute: the parser reports it
                    Some(Entry::Attribute(..)) => {}
                    Some(Entry::Blocks(g)) => {
                        let at = self.at(g.first);
                        self.diagnostics.push(Diagnostic::error(
                            "Attribute conflicts with a block",
                            format!(
                                "{} is already a block type in this body (at {at}); an object key cannot be both, so this attribute is left out of the JSON.",
                                quoted(a.name.name)
                            ),
                            a.span(),
                        ));
                    }
                    None => {
                        let r = crate::evaluate::attribute_value(a, self.block.as_deref(), self.src, self.ctx);
                        let value = self.value_text(a.name.name, r, a.span());
                        object.push(i, a.name.name, Entry::Attribute(value, a.span()));
                    }
                },
                BodyItem::Block(b) | BodyItem::OneLineBlock(b) => match object.existing(i) {
                    Some(Entry::Attribute(_, first)) => {
                        let at = self.at(*first);
                        self.diagnostics.push(Diagnostic::error(
                            "Block conflicts with an attribute",
                            format!(
                                "{} is already an attribute in this body (at {at}); an object key cannot be both, so this block is left out of the JSON.",
                                quoted(b.block_type.name)
                            ),
                            header(b),
                        ));
                    }
                    Some(Entry::Blocks(g)) => {
                        let labels: Vec<Cow<'a, str>> = b.labels.iter().map(|l| Cow::Borrowed(l.value())).collect();
                        let block = Made::new(b.block_type.name, &labels, header(b));
                        if let Err(d) = self.add(g, &block, 0, &mut |this| this.block_body(b)) {
                            self.diagnostics.push(d);
                        }
                    }
                    None => {
                        let labels: Vec<Cow<'a, str>> = b.labels.iter().map(|l| Cow::Borrowed(l.value())).collect();
                        let block = Made::new(b.block_type.name, &labels, header(b));
                        let g = self.group(&block, 0, &mut |this| this.block_body(b));
                        object.push(i, b.block_type.name, Entry::Blocks(g));
                    }
                },
            }
        }
        object.entries
    }

    /// The value's JSON text in the `Layout`, written straight from the
    /// value (its `Serialize` impl grows the stack as it goes, so any depth
    /// the parser accepts prints; a `serde_json::Value` tree would overflow
    /// the stack when printed or dropped 100,000 levels deep).
    /// An evaluated attribute's JSON text, its diagnostics kept.
    fn value_text(&mut self, name: &str, r: hcl_native::eval::Evaluated, span: Span) -> String {
        self.diagnostics.extend(r.diagnostics);
        value_json(&r.value, name, span, self.ctx.limits().max_steps, &mut self.diagnostics)
    }

    /// A block's body, converted as the body of a block of its type.
    fn block_body(&mut self, b: &hcl_native::ast::Block<'a>) -> Object<'a> {
        let outer = self.block.replace(b.block_type.name.to_string());
        let object = self.body(&b.body);
        self.block = outer;
        object
    }

    /// A new group for `b`, from its label `depth` on; `body` makes the
    /// object of its body.
    fn group(&mut self, b: &Made<'a, '_>, depth: usize, body: &mut dyn FnMut(&mut Self) -> Object<'a>) -> Group<'a> {
        let kind = match b.labels.get(depth) {
            None => GroupKind::Bodies(vec![crate::nested(|| body(self))]),
            Some(label) => {
                let mut levels = Ordered::new();
                // a level per label, and a block may have 100,000 labels
                let next = crate::nested(|| self.group(b, depth + 1, body));
                levels.push(label.clone(), next);
                GroupKind::Labels(levels)
            }
        };
        Group {
            first: b.header,
            first_labels: b.labels.len(),
            kind,
        }
    }

    /// Adds `b` to `g`, which holds the blocks of its type whose first
    /// `depth` labels are `b`'s; a conflict leaves `g` as it was.
    fn add(
        &mut self,
        g: &mut Group<'a>,
        b: &Made<'a, '_>,
        depth: usize,
        body: &mut dyn FnMut(&mut Self) -> Object<'a>,
    ) -> Result<(), Diagnostic> {
        let conflict = |this: &Self, g: &Group<'a>| {
            let path: Vec<String> = std::iter::once(b.type_name)
                .chain(b.labels[..depth.min(b.labels.len())].iter().map(|l| &**l))
                .map(quoted)
                .collect();
            Diagnostic::error(
                "Conflicting block labels",
                format!(
                    "The key path {} is already taken by a block with {} (at {}), where this block has {}; one JSON object cannot hold both, so this block is left out.",
                    path.join(" "),
                    labels(g.first_labels),
                    this.at(g.first),
                    labels(b.labels.len()),
                ),
                b.header,
            )
        };
        match (&mut g.kind, b.labels.get(depth)) {
            (GroupKind::Bodies(bodies), None) => {
                let made = crate::nested(|| body(self));
                bodies.push(made);
                Ok(())
            }
            (GroupKind::Labels(levels), Some(label)) => match levels.get_mut(label) {
                Some(next) => crate::nested(|| self.add(next, b, depth + 1, body)),
                None => {
                    let next = crate::nested(|| self.group(b, depth + 1, body));
                    levels.push(label.clone(), next);
                    Ok(())
                }
            },
            _ => Err(conflict(self, g)),
        }
    }

    /// A body with its dynamic blocks expanded (`--expand-dynamic`), read
    /// through the schema of what it holds: attributes in source order,
    /// then blocks grouped as [`Converter::body`] groups them.
    fn dynamic_body(&mut self, body: &DynamicBody<'_, 'a, '_>) -> Object<'a> {
        let Some(schema) = body.implied_schema() else {
            return Object::new();
        };
        let (content, diags) = body.content(&schema);
        self.diagnostics.extend(diags);
        let mut attrs: Vec<_> = content.attributes.into_iter().collect();
        attrs.sort_by_key(|(_, a)| a.attribute.span.start);
        let names: Vec<&str> = attrs
            .iter()
            .map(|(name, _)| *name)
            .chain(content.blocks.iter().map(|b| b.type_name))
            .collect();
        let mut object = Keyed::new(&names);
        for (i, (name, attr)) in attrs.iter().enumerate() {
            let typed = match &attr.attribute.expr {
                hcl_native::body::AnyExpression::Native(e) => {
                    crate::evaluate::type_attribute(name, e, self.block.as_deref(), self.src)
                }
                _ => None,
            };
            let r = typed.unwrap_or_else(|| attr.evaluate(self.ctx));
            let value = self.value_text(name, r, attr.attribute.span);
            object.push(i, *name, Entry::Attribute(value, attr.attribute.span));
        }
        for (j, b) in content.blocks.iter().enumerate() {
            let i = attrs.len() + j;
            let labels: Vec<Cow<'a, str>> = b.labels.iter().map(|(l, _)| Cow::Owned(l.clone())).collect();
            let made = Made::new(b.type_name, &labels, b.def_span);
            let mut make = |this: &mut Self| {
                let outer = this.block.replace(b.type_name.to_string());
                let object = this.dynamic_body(&b.body);
                this.block = outer;
                object
            };
            match object.existing(i) {
                Some(Entry::Blocks(g)) => {
                    if let Err(d) = self.add(g, &made, 0, &mut make) {
                        self.diagnostics.push(d);
                    }
                }
                // the schema reads a name as an attribute or a block type,
                // never both
                Some(Entry::Attribute(..)) => {}
                None => {
                    let g = self.group(&made, 0, &mut make);
                    object.push(i, b.type_name, Entry::Blocks(g));
                }
            }
        }
        object.entries
    }

    /// `line:column` of a range's start.
    fn at(&self, span: Span) -> String {
        self.loc.position(span.start).to_string()
    }
}

/// A block as the grouping sees it: its type, its labels (borrowed from
/// the tree, or a dynamic block's evaluated ones) and its header's range.
struct Made<'a, 'l> {
    type_name: &'a str,
    labels: &'l [Cow<'a, str>],
    header: Span,
}

impl<'a, 'l> Made<'a, 'l> {
    fn new(type_name: &'a str, labels: &'l [Cow<'a, str>], header: Span) -> Self {
        Made {
            type_name,
            labels,
            header,
        }
    }
}

/// `1 label`, `2 labels`, `no labels`.
fn labels(n: usize) -> String {
    match n {
        0 => "no labels".into(),
        1 => "1 label".into(),
        n => format!("{n} labels"),
    }
}

/// A block's type and labels.
fn header(b: &Block<'_>) -> Span {
    let end = b.labels.last().map_or(b.block_type.span.end, |l| l.span().end);
    Span::new(b.block_type.span.start, end)
}

fn indent(out: &mut String, depth: usize) {
    // Stops growing at `PRETTY_DEPTH` levels, as values do: blocks nested
    // deeper (`--max-depth` raised) would make the output quadratic.
    for _ in 0..depth.min(PRETTY_DEPTH) {
        out.push_str("  ");
    }
}

/// An object, pretty-printed at `depth` (its opening brace already
/// indented; its closing brace indented to `depth`).
fn write_object(out: &mut String, object: &Object<'_>, depth: usize) {
    if object.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push_str("{\n");
    for (k, (key, entry)) in object.iter().enumerate() {
        if k > 0 {
            out.push_str(",\n");
        }
        indent(out, depth + 1);
        write_str(out, key);
        out.push_str(": ");
        match entry {
            Entry::Attribute(value, _) => write_value(out, value, depth + 1),
            Entry::Blocks(g) => crate::nested(|| write_group(out, g, depth + 1)),
        }
    }
    out.push('\n');
    indent(out, depth);
    out.push('}');
}

fn write_group(out: &mut String, g: &Group<'_>, depth: usize) {
    match &g.kind {
        GroupKind::Bodies(bodies) if bodies.len() == 1 => write_object(out, &bodies[0], depth),
        GroupKind::Bodies(bodies) => {
            out.push_str("[\n");
            for (k, body) in bodies.iter().enumerate() {
                if k > 0 {
                    out.push_str(",\n");
                }
                indent(out, depth + 1);
                write_object(out, body, depth + 1);
            }
            out.push('\n');
            indent(out, depth);
            out.push(']');
        }
        GroupKind::Labels(levels) => {
            out.push_str("{\n");
            for (k, (label, next)) in levels.entries.iter().enumerate() {
                if k > 0 {
                    out.push_str(",\n");
                }
                indent(out, depth + 1);
                write_str(out, label);
                out.push_str(": ");
                crate::nested(|| write_group(out, next, depth + 1));
            }
            out.push('\n');
            indent(out, depth);
            out.push('}');
        }
    }
}

/// An attribute's value (its text in the `Layout`), continued lines
/// indented to `depth` (JSON strings hold no raw newline, so every newline
/// of the text is a line break of the layout).
fn write_value(out: &mut String, text: &str, depth: usize) {
    let mut lines = text.split('\n');
    if let Some(first) = lines.next() {
        out.push_str(first);
    }
    for line in lines {
        out.push('\n');
        indent(out, depth);
        out.push_str(line);
    }
}

/// How deep in a value the layout stays pretty: far deeper than any
/// ordinary value (the parser's default nesting limit is 128).
const PRETTY_DEPTH: usize = 128;

/// The layout of attribute values: serde_json's pretty layout (two-space
/// indent, one value a line) for the outer `PRETTY_DEPTH` levels of
/// arrays and objects, compact inside them. Pretty-printing all the way
/// down would make the output quadratic in the depth: a value nested
/// 100,000 deep (`--max-depth` raised) would take 20 GB of indentation.
#[derive(Default)]
struct Layout {
    pretty: PrettyFormatter<'static>,
    /// Arrays and objects open.
    depth: usize,
}

impl Layout {
    fn is_pretty(&self) -> bool {
        self.depth <= PRETTY_DEPTH
    }
}

impl Formatter for Layout {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.depth += 1;
        if self.is_pretty() {
            self.pretty.begin_array(w)
        } else {
            CompactFormatter.begin_array(w)
        }
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        let pretty = self.is_pretty();
        self.depth -= 1;
        if pretty {
            self.pretty.end_array(w)
        } else {
            CompactFormatter.end_array(w)
        }
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if self.is_pretty() {
            self.pretty.begin_array_value(w, first)
        } else {
            CompactFormatter.begin_array_value(w, first)
        }
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        if self.is_pretty() {
            self.pretty.end_array_value(w)
        } else {
            CompactFormatter.end_array_value(w)
        }
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.depth += 1;
        if self.is_pretty() {
            self.pretty.begin_object(w)
        } else {
            CompactFormatter.begin_object(w)
        }
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        let pretty = self.is_pretty();
        self.depth -= 1;
        if pretty {
            self.pretty.end_object(w)
        } else {
            CompactFormatter.end_object(w)
        }
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if self.is_pretty() {
            self.pretty.begin_object_key(w, first)
        } else {
            CompactFormatter.begin_object_key(w, first)
        }
    }

    fn end_object_key<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        if self.is_pretty() {
            self.pretty.end_object_key(w)
        } else {
            CompactFormatter.end_object_key(w)
        }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        if self.is_pretty() {
            self.pretty.begin_object_value(w)
        } else {
            CompactFormatter.begin_object_value(w)
        }
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        if self.is_pretty() {
            self.pretty.end_object_value(w)
        } else {
            CompactFormatter.end_object_value(w)
        }
    }
}
