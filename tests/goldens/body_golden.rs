//! Golden body-content tests: one test per `grammar-tests/<section>/<group>/<case>.hclbody`.
//!
//! A case is a configuration file whose leading comment lines (the header)
//! say how its body is processed (spec: model#body-content):
//!
//! ```text
//! # spec: model#schema-driven-processing
//! # note: what the case shows
//! # mode: content
//! # schema: region!, zone; block resource(type, name); block ingress
//! # in resource: size!; block tags()
//! # in tags: attributes
//! ```
//!
//! * `# spec:` (first line, required) names the spec ids the case exercises
//!   (ids of `../shared/spec/trace-ids.txt`).
//! * `# oracle: D-...` says the expected output differs from the reference
//!   implementation's on purpose, naming the deviation of
//!   `docs/deviations.md`.
//! * `# note:` lines explain the case.
//! * `# mode:` (required) is one of
//!   * `content`: exhaustive schema-driven processing with `# schema:`;
//!   * `partial`: partial processing with `# schema:`, then with
//!     `# schema2:`, `# schema3:`, ... in turn, each applied to what the
//!     previous one left: every one partially except the last, which is
//!     exhaustive. With `# then: attributes` every schema is applied
//!     partially and the remainder is finally read with dynamic attributes
//!     processing;
//!   * `attributes`: dynamic attributes processing (no schema).
//! * A schema is a `;`-separated list of parts: `block TYPE` or
//!   `block TYPE(label, names)` for a block header, and otherwise a
//!   `,`-separated list of attribute names, `name!` when required. An
//!   empty schema is written `(empty)`. A schema that
//!   `BodySchema::new` rejects is recorded in the expected output (and the
//!   case processes nothing).
//! * `# in TYPE: SCHEMA` (or `# in TYPE: attributes`) processes the body of
//!   every block of type TYPE found in some content, exhaustively with that
//!   schema (or with dynamic attributes processing), recursively.
//!
//! Any other header line, a repeated key, or a key that does not fit the
//! mode fails the test. The header ends at the first line that does not
//! start with `#`.
//!
//! Beside the input, `<case>.hclbody.out` holds the expected result: the
//! parse diagnostics, then for each step the content found (attributes with
//! their expressions' ranges, blocks in order with their labels and ranges)
//! and the step's diagnostics. In `partial` mode ending exhaustively, the
//! runner also checks the partial-processing law: the steps together find
//! the same attributes, blocks and problems as one exhaustive pass with the
//! union of the schemata (when that union is a valid schema).
//!
//! Regenerate the expected files with `UPDATE_GOLDEN=1 cargo test --test
//! body_golden`, then review the diff like code.

use hcl_native::ast::{Attribute, Block, BlockLabel, Body};
use hcl_native::body::{AttributeSchema, BlockHeaderSchema, BodySchema, BodyView, Content};
use hcl_native::{parse_config, Arena, Diagnostic, Diagnostics, LineIndex, Span};
use libtest_mimic::Failed;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const HEADER: &str = "# regenerate: UPDATE_GOLDEN=1 cargo test --test goldens";

/// The cases of this kind.
pub fn trials() -> Vec<libtest_mimic::Trial> {
    crate::common::golden_trials(&["hclbody"], run_case)
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = std::str::from_utf8(&input).map_err(|e| format!("the input is not UTF-8: {e}"))?;
    let header = parse_header(text).map_err(|e| format!("bad header: {e}"))?;
    let actual = render(&header, &input)?;
    let expected_path = PathBuf::from(format!("{}.out", path.display()));
    crate::common::compare_golden(&expected_path, &actual, update)
}

// The header.

/// How to process a body: exhaustively with a schema, or with dynamic
/// attributes processing.
#[derive(Clone, Debug)]
enum Processing {
    Schema(SchemaSpec),
    Attributes,
}

/// A schema as written in the header, and what `BodySchema::new` made of it.
#[derive(Clone, Debug)]
struct SchemaSpec {
    text: String,
    schema: Result<BodySchema, String>,
}

#[derive(Debug)]
enum Mode {
    /// Exhaustive processing with one schema.
    Content(SchemaSpec),
    /// Partial processing with each schema but the last, then the last
    /// exhaustively (or, with `then_attributes`, partial processing with
    /// each and dynamic attributes processing of the remainder).
    Partial {
        schemas: Vec<SchemaSpec>,
        then_attributes: bool,
    },
    /// Dynamic attributes processing.
    Attributes,
}

#[derive(Debug)]
struct Header {
    mode: Mode,
    /// Block type -> how to process the bodies of blocks of that type.
    nested: BTreeMap<String, Processing>,
}

fn parse_header(text: &str) -> Result<Header, String> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut lines = text.lines().take_while(|l| l.starts_with('#'));
    let first = lines.next().unwrap_or_default();
    let spec = first
        .strip_prefix("# spec:")
        .ok_or("the input must start with a `# spec: ...` comment line")?;
    check_spec_ids(spec)?;
    let mut mode = None;
    let mut then = None;
    let mut schemas: BTreeMap<usize, SchemaSpec> = BTreeMap::new();
    let mut nested = BTreeMap::new();
    for line in lines {
        let rest = line
            .strip_prefix("# ")
            .ok_or_else(|| format!("header line {line:?} is not `# key: value`"))?;
        let (key, value) = rest
            .split_once(':')
            .ok_or_else(|| format!("header line {line:?} is not `# key: value`"))?;
        let value = value.trim();
        match key {
            "spec" => return Err("`# spec:` must appear once, on the first line".into()),
            "note" => {}
            "oracle" => check_deviation(value)?,
            "mode" => {
                if mode.replace(value.to_string()).is_some() {
                    return Err("`# mode:` is given twice".into());
                }
            }
            "then" => {
                if value != "attributes" {
                    return Err(format!("`# then:` must be `attributes`, not {value:?}"));
                }
                if then.replace(value.to_string()).is_some() {
                    return Err("`# then:` is given twice".into());
                }
            }
            _ if key.starts_with("schema") => {
                let n = match &key["schema".len()..] {
                    "" => 1,
                    digits => match digits.parse::<usize>() {
                        Ok(n) if n >= 2 && !digits.starts_with('0') => n,
                        _ => return Err(format!("unknown header key {key:?}")),
                    },
                };
                if schemas.insert(n, parse_schema(value)?).is_some() {
                    return Err(format!("`# {key}:` is given twice"));
                }
            }
            _ if key.starts_with("in ") => {
                let ty = key["in ".len()..].trim();
                check_name(ty)?;
                let processing = if value == "attributes" {
                    Processing::Attributes
                } else {
                    Processing::Schema(parse_schema(value)?)
                };
                if nested.insert(ty.to_string(), processing).is_some() {
                    return Err(format!("`# in {ty}:` is given twice"));
                }
            }
            _ => return Err(format!("unknown header key {key:?}")),
        }
    }
    if schemas.keys().copied().ne(1..=schemas.len()) {
        return Err("the schemata must be numbered `schema`, `schema2`, `schema3`, ... without gaps".into());
    }
    let mut schemas: Vec<SchemaSpec> = schemas.into_values().collect();
    let mode = match mode.as_deref() {
        None => return Err("`# mode:` is missing".into()),
        Some("content") => {
            if schemas.len() != 1 || then.is_some() {
                return Err("mode `content` takes exactly `# schema:` (no `# schema2:`, no `# then:`)".into());
            }
            Mode::Content(schemas.remove(0))
        }
        Some("partial") => {
            let then_attributes = then.is_some();
            if schemas.is_empty() || (!then_attributes && schemas.len() < 2) {
                return Err("mode `partial` takes `# schema:` and `# schema2:` (or `# then: attributes`)".into());
            }
            Mode::Partial {
                schemas,
                then_attributes,
            }
        }
        Some("attributes") => {
            if !schemas.is_empty() || then.is_some() || !nested.is_empty() {
                return Err("mode `attributes` takes no schema, no `# then:` and no `# in TYPE:`".into());
            }
            Mode::Attributes
        }
        Some(other) => return Err(format!("unknown mode {other:?} (content, partial or attributes)")),
    };
    // Every `# in TYPE:` must name a block type of some schema.
    let mut specs: Vec<&SchemaSpec> = match &mode {
        Mode::Content(s) => vec![s],
        Mode::Partial { schemas, .. } => schemas.iter().collect(),
        Mode::Attributes => vec![],
    };
    specs.extend(nested.values().filter_map(|p| match p {
        Processing::Schema(s) => Some(s),
        Processing::Attributes => None,
    }));
    for ty in nested.keys() {
        let named = specs.iter().any(|s| {
            s.schema
                .as_ref()
                .is_ok_and(|s| s.blocks().iter().any(|b| &b.type_name == ty))
        });
        if !named {
            return Err(format!("`# in {ty}:` names a block type that no schema has"));
        }
    }
    Ok(Header { mode, nested })
}

/// The ids of a `# spec:` line (comma-separated, text in parentheses after
/// them a comment) must be ids of `../shared/spec/trace-ids.txt`, when that
/// file is there.
fn check_spec_ids(line: &str) -> Result<(), String> {
    let ids: Vec<&str> = line
        .split('(')
        .next()
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if ids.is_empty() {
        return Err("`# spec:` names no id".into());
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/spec/trace-ids.txt");
    let Ok(known) = std::fs::read_to_string(&path) else {
        return Err(format!(
            "{} is missing: the spec ids cannot be checked (the spec lives in ../shared beside this repository)",
            path.display()
        ));
    };
    let known: Vec<&str> = known
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| match l.split_whitespace().collect::<Vec<_>>()[..] {
            ["P", _, name] => Some(name),
            ["S", id] => Some(id),
            _ => None,
        })
        .collect();
    match ids.iter().find(|id| !known.contains(id)) {
        Some(id) => Err(format!("`{id}` is not an id of trace-ids.txt")),
        None => Ok(()),
    }
}

/// `# oracle: D-name` says the expected output differs from the
/// reference's on purpose: `docs/deviations.md` must describe `D-name`.
fn check_deviation(id: &str) -> Result<(), String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deviations.md");
    let doc = std::fs::read_to_string(path).map_err(|e| format!("cannot read docs/deviations.md: {e}"))?;
    if id.starts_with("D-") && doc.lines().any(|l| l.starts_with(&format!("### {id}:"))) {
        Ok(())
    } else {
        Err(format!("`# oracle: {id}` names no deviation of docs/deviations.md"))
    }
}

/// A name in a schema: not empty, and free of the header's punctuation.
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() || name.chars().any(|c| c.is_whitespace() || "(),;!:".contains(c)) {
        return Err(format!("{name:?} is not a name"));
    }
    Ok(())
}

/// `region!, zone; block resource(type, name); block ingress`, or `(empty)`.
fn parse_schema(text: &str) -> Result<SchemaSpec, String> {
    let mut attributes = Vec::new();
    let mut blocks = Vec::new();
    if text != "(empty)" {
        for part in text.split(';').map(str::trim) {
            if let Some(header) = part.strip_prefix("block ") {
                let header = header.trim();
                let (type_name, label_names) = match header.split_once('(') {
                    None => (header, vec![]),
                    Some((ty, rest)) => {
                        let inner = rest
                            .strip_suffix(')')
                            .ok_or_else(|| format!("block header {part:?} lacks its closing parenthesis"))?;
                        let labels: Vec<String> = if inner.trim().is_empty() {
                            vec![]
                        } else {
                            inner.split(',').map(|l| l.trim().to_string()).collect()
                        };
                        for l in &labels {
                            check_name(l)?;
                        }
                        (ty.trim(), labels)
                    }
                };
                check_name(type_name)?;
                blocks.push(BlockHeaderSchema {
                    type_name: type_name.into(),
                    label_names,
                });
            } else {
                for name in part.split(',').map(str::trim) {
                    let (name, required) = match name.strip_suffix('!') {
                        Some(n) => (n, true),
                        None => (name, false),
                    };
                    check_name(name)?;
                    attributes.push(AttributeSchema {
                        name: name.into(),
                        required,
                    });
                }
            }
        }
    }
    Ok(SchemaSpec {
        text: text.to_string(),
        schema: BodySchema::new(attributes, blocks).map_err(|e| e.message),
    })
}

// The output.

struct Out<'s> {
    src: &'s [u8],
    index: LineIndex,
    text: String,
}

impl Out<'_> {
    fn line(&mut self, indent: usize, s: &str) {
        let _ = writeln!(self.text, "{:indent$}{s}", "");
    }

    fn range(&self, span: Span) -> String {
        let (a, b) = self.index.range(self.src, span);
        format!(
            "{}:{}-{}:{} (bytes {}..{})",
            a.line, a.column, b.line, b.column, span.start, span.end
        )
    }

    /// The source text of `span`, quoted so that it reads on one line.
    fn snippet(&self, span: Span) -> String {
        let s = String::from_utf8_lossy(&self.src[span.range()]);
        if s.contains(['\n', '\r', '`']) {
            format!("{s:?}")
        } else {
            format!("`{s}`")
        }
    }

    fn diagnostics(&mut self, indent: usize, diags: &Diagnostics) {
        if diags.is_empty() {
            self.line(indent, "(none)");
        }
        for d in diags {
            self.diagnostic(indent, d);
        }
    }

    fn diagnostic(&mut self, indent: usize, d: &Diagnostic) {
        let s = format!("{} {}: {}", d.severity(), self.range(d.subject()), d.summary());
        self.line(indent, &s);
        let s = format!("detail: {}", d.detail());
        self.line(indent + 2, &s);
        let s = format!("subject: {}", self.snippet(d.subject()));
        self.line(indent + 2, &s);
        if let Some(c) = d.context() {
            let s = format!("context {}: {}", self.range(c), self.snippet(c));
            self.line(indent + 2, &s);
        }
    }

    fn attributes<'a>(&mut self, indent: usize, attrs: impl IntoIterator<Item = (&'a str, &'a Attribute<'a>)>) {
        let mut any = false;
        for (name, attr) in attrs {
            any = true;
            let span = attr.expr.span();
            let s = format!("attribute {name:?} = {} {}", self.range(span), self.snippet(span));
            self.line(indent, &s);
        }
        if !any {
            self.line(indent, "(no attributes)");
        }
    }

    fn block_header(&mut self, indent: usize, b: &Block<'_>) {
        let s = format!("block {:?} {}", b.block_type.name, self.range(b.span()));
        self.line(indent, &s);
        for l in b.labels {
            let kind = match l {
                BlockLabel::StringLit(_) => "quoted",
                BlockLabel::Identifier(_) => "bare",
            };
            let s = format!(
                "label {:?} ({kind}) {} {}",
                l.value(),
                self.range(l.span()),
                self.snippet(l.span())
            );
            self.line(indent + 2, &s);
        }
    }
}

fn schema_title(spec: &SchemaSpec) -> String {
    format!("schema: {}", spec.text)
}

fn render(header: &Header, input: &[u8]) -> Result<String, Failed> {
    let arena = Arena::new();
    let parsed = parse_config(&arena, input);
    let mut out = Out {
        src: input,
        index: LineIndex::new(input),
        text: format!("{HEADER}\n"),
    };
    out.line(0, "## parse diagnostics");
    out.diagnostics(0, &parsed.diagnostics);
    let body = &parsed.ast.body;
    let view = BodyView::new(body);
    match &header.mode {
        Mode::Attributes => {
            out.line(0, "## attributes (dynamic attributes processing)");
            attributes_step(&mut out, 0, &view);
        }
        Mode::Content(spec) => {
            out.line(0, &format!("## content ({})", schema_title(spec)));
            if let Some(schema) = valid(&mut out, 0, spec) {
                let (content, diags) = view.content(schema);
                content_step(&mut out, 0, &content, &diags, header);
            }
        }
        Mode::Partial {
            schemas,
            then_attributes,
        } => {
            let mut view = view;
            let mut all = Vec::new();
            for (k, spec) in schemas.iter().enumerate() {
                let last = k + 1 == schemas.len() && !then_attributes;
                let what = if last { "content" } else { "partial content" };
                let step = if k == 0 {
                    String::new()
                } else {
                    " of the remainder".to_string()
                };
                out.line(0, &format!("## {what}{step} ({})", schema_title(spec)));
                let Some(schema) = valid(&mut out, 0, spec) else {
                    return Ok(out.text);
                };
                if last {
                    let (content, diags) = view.content(schema);
                    content_step(&mut out, 0, &content, &diags, header);
                    all.push((content, diags));
                } else {
                    let (content, rest, diags) = view.partial_content(schema);
                    content_step(&mut out, 0, &content, &diags, header);
                    all.push((content, diags));
                    view = rest;
                }
            }
            if *then_attributes {
                out.line(0, "## attributes of the remainder (dynamic attributes processing)");
                attributes_step(&mut out, 0, &view);
            } else {
                check_law(body, schemas, &all)?;
            }
        }
    }
    Ok(out.text)
}

/// The schema, or the record of why it was rejected.
fn valid<'s>(out: &mut Out<'_>, indent: usize, spec: &'s SchemaSpec) -> Option<&'s BodySchema> {
    match &spec.schema {
        Ok(s) => Some(s),
        Err(e) => {
            out.line(indent, &format!("schema error: {e}"));
            None
        }
    }
}

fn attributes_step(out: &mut Out<'_>, indent: usize, view: &BodyView<'_, '_>) {
    let (attrs, diags) = view.just_attributes();
    out.attributes(indent, attrs.iter().map(|(k, v)| (*k, *v)));
    out.line(indent, "diagnostics:");
    out.diagnostics(indent + 2, &diags);
}

fn content_step(out: &mut Out<'_>, indent: usize, content: &Content<'_>, diags: &Diagnostics, header: &Header) {
    out.attributes(indent, content.attributes.iter().map(|(k, v)| (*k, *v)));
    if content.blocks.is_empty() {
        out.line(indent, "(no blocks)");
    }
    for b in &content.blocks {
        out.block_header(indent, b);
        if let Some(p) = header.nested.get(b.block_type.name) {
            nested(out, indent + 4, &b.body, p, header);
        }
    }
    let s = format!("missing item range {}", out.range(content.missing_item_range));
    out.line(indent, &s);
    out.line(indent, "diagnostics:");
    out.diagnostics(indent + 2, diags);
}

fn nested(out: &mut Out<'_>, indent: usize, body: &Body<'_>, p: &Processing, header: &Header) {
    let view = BodyView::new(body);
    match p {
        Processing::Attributes => {
            out.line(indent, "## body attributes (dynamic attributes processing)");
            attributes_step(out, indent, &view);
        }
        Processing::Schema(spec) => {
            out.line(indent, &format!("## body content ({})", schema_title(spec)));
            if let Some(schema) = valid(out, indent, spec) {
                let (content, diags) = view.content(schema);
                content_step(out, indent, &content, &diags, header);
            }
        }
    }
}

/// Partial processing then exhaustive processing of the remainder finds
/// what one exhaustive pass with the union of the schemata finds: the same
/// attributes, blocks and problems (summary and range; "did you mean"
/// hints may differ, as each pass suggests from its own schema).
fn check_law(body: &Body<'_>, schemas: &[SchemaSpec], steps: &[(Content<'_>, Diagnostics)]) -> Result<(), Failed> {
    let mut attrs = Vec::new();
    let mut blocks = Vec::new();
    for spec in schemas {
        let Ok(s) = &spec.schema else { return Ok(()) };
        attrs.extend(s.attributes().iter().cloned());
        blocks.extend(s.blocks().iter().cloned());
    }
    let Ok(union) = BodySchema::new(attrs, blocks) else {
        return Ok(());
    };
    let (content, diags) = BodyView::new(body).content(&union);
    let mut steps_attrs: Vec<&str> = steps.iter().flat_map(|(c, _)| c.attributes.keys().copied()).collect();
    steps_attrs.sort();
    let mut steps_blocks: Vec<Span> = steps
        .iter()
        .flat_map(|(c, _)| c.blocks.iter().map(|b| b.span()))
        .collect();
    steps_blocks.sort_by_key(|s| s.start);
    let key = |d: &Diagnostic| (d.summary().to_string(), d.subject().start, d.subject().end);
    let mut steps_problems: Vec<_> = steps.iter().flat_map(|(_, d)| d.iter().map(key)).collect();
    steps_problems.sort();
    let mut union_problems: Vec<_> = diags.iter().map(key).collect();
    union_problems.sort();
    let union_attrs: Vec<&str> = content.attributes.keys().copied().collect();
    let union_blocks: Vec<Span> = content.blocks.iter().map(|b| b.span()).collect();
    if steps_attrs != union_attrs || steps_blocks != union_blocks || steps_problems != union_problems {
        return Err(format!(
            "partial processing then exhaustive processing differs from one pass with the union of the schemata:\n\
             attributes {steps_attrs:?} vs {union_attrs:?}\nblocks {steps_blocks:?} vs {union_blocks:?}\n\
             problems {steps_problems:?} vs {union_problems:?}"
        )
        .into());
    }
    Ok(())
}
