//! A module's declarations, read from its merged root body as Terraform's
//! `configs` package reads them: the top-level block types, each
//! declaration once (a second one is an error naming the first), locals
//! from every `locals` block.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::body::{AnyAttribute, AnyBlock, AnyBody, AttributeSchema, BlockHeaderSchema, BodySchema};
use crate::{Diagnostic, Diagnostics, Files, Span};

/// The top-level block types of a module and their labels.
const ROOT_BLOCKS: &[(&str, &[&str])] = &[
    ("terraform", &[]),
    ("required_providers", &[]),
    ("provider", &["name"]),
    ("variable", &["name"]),
    ("locals", &[]),
    ("output", &["name"]),
    ("module", &["name"]),
    ("resource", &["type", "name"]),
    ("data", &["type", "name"]),
    ("ephemeral", &["type", "name"]),
    ("moved", &[]),
    ("import", &[]),
    ("removed", &[]),
    ("check", &["name"]),
];

/// A schema of optional attributes and label-less blocks (with the given
/// labels for those named in `labelled`).
pub(super) fn schema(attributes: &[&str], required: &[&str], blocks: &[(&str, &[&str])]) -> BodySchema {
    let attributes = attributes
        .iter()
        .map(|n| AttributeSchema {
            name: (*n).into(),
            required: required.contains(n),
        })
        .collect();
    let blocks = blocks
        .iter()
        .map(|(t, labels)| BlockHeaderSchema {
            type_name: (*t).into(),
            label_names: labels.iter().map(|l| (*l).into()).collect(),
        })
        .collect();
    BodySchema::new(attributes, blocks).expect("a fixed schema names nothing twice")
}

/// Where a declaration is: its file and range.
type Place = (Option<Arc<str>>, Span);

/// What kind of object a resource-like block declares.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Resource,
    Data,
    Ephemeral,
}

/// A module's declarations.
pub(super) struct Config<'n, 'a> {
    pub variables: Vec<AnyBlock<'n, 'a>>,
    pub locals: Vec<AnyAttribute<'n, 'a>>,
    pub outputs: Vec<AnyBlock<'n, 'a>>,
    pub modules: Vec<AnyBlock<'n, 'a>>,
    pub resources: Vec<(Kind, AnyBlock<'n, 'a>)>,
    /// `check` blocks (their scoped data sources and assertions).
    pub checks: Vec<AnyBlock<'n, 'a>>,
}

impl<'n, 'a: 'n> Config<'n, 'a> {
    /// Reads the declarations of `body`, reporting duplicates into
    /// `diags` (the later declaration is left out).
    pub fn read(body: &AnyBody<'n, 'a>, files: &Files, diags: &mut Diagnostics) -> Config<'n, 'a> {
        let (content, d) = body.content(&schema(&[], &[], ROOT_BLOCKS));
        diags.extend(d);
        let mut config = Config {
            variables: Vec::new(),
            locals: Vec::new(),
            outputs: Vec::new(),
            modules: Vec::new(),
            resources: Vec::new(),
            checks: Vec::new(),
        };
        let mut seen: BTreeMap<(&str, Vec<&str>), Place> = BTreeMap::new();
        let mut local_index: BTreeMap<&'n str, usize> = BTreeMap::new();
        for block in content.blocks {
            let labels: Vec<&str> = block.labels.iter().map(|(l, _)| *l).collect();
            let kind = match block.type_name {
                "variable" | "output" | "module" | "resource" | "data" | "ephemeral" | "check" => block.type_name,
                "locals" => {
                    let (attrs, d) = block.body.just_attributes();
                    diags.extend(d);
                    for a in attrs {
                        if let Some(&first) = local_index.get(a.name) {
                            let first: &AnyAttribute<'n, 'a> = &config.locals[first];
                            diags.push(
                                Diagnostic::error(
                                    "Duplicate local value definition",
                                    format!(
                                        "A local value named {} was already defined at {}. Local value names must \
                                         be unique within a module.",
                                        crate::diagnostic::quoted(a.name),
                                        at(files, first.file.as_ref(), first.span)
                                    ),
                                    a.name_span,
                                )
                                .in_file_of(a.file.as_ref()),
                            );
                            continue;
                        }
                        local_index.insert(a.name, config.locals.len());
                        config.locals.push(a);
                    }
                    continue;
                }
                _ => continue,
            };
            let key = (kind, labels.clone());
            if let Some((file, span)) = seen.get(&key) {
                diags.push(duplicate(kind, &labels, files, file.as_ref(), *span, &block));
                continue;
            }
            seen.insert(key, (block.file.clone(), block.def_span));
            match kind {
                "variable" => config.variables.push(block),
                "output" => config.outputs.push(block),
                "module" => config.modules.push(block),
                "resource" => config.resources.push((Kind::Resource, block)),
                "data" => config.resources.push((Kind::Data, block)),
                "ephemeral" => config.resources.push((Kind::Ephemeral, block)),
                _ => config.checks.push(block),
            }
        }
        config
    }
}

/// Terraform's error for a second declaration of the same name.
fn duplicate(
    kind: &str,
    labels: &[&str],
    files: &Files,
    first_file: Option<&Arc<str>>,
    first: Span,
    block: &AnyBlock<'_, '_>,
) -> Diagnostic {
    let q = crate::diagnostic::quoted;
    let first = at(files, first_file, first);
    let (summary, detail) = match kind {
        "variable" => (
            "Duplicate variable declaration".to_string(),
            format!(
                "A variable named {} was already declared at {first}. Variable names must be unique within a module.",
                q(labels[0])
            ),
        ),
        "output" => (
            "Duplicate output definition".to_string(),
            format!(
                "An output named {} was already defined at {first}. Output names must be unique within a module.",
                q(labels[0])
            ),
        ),
        "module" => (
            "Duplicate module call".to_string(),
            format!(
                "A module call named {} was already defined at {first}. Module calls must have unique names within \
                 a module.",
                q(labels[0])
            ),
        ),
        "check" => (
            "Duplicate check block".to_string(),
            format!(
                "A check block named {} was already defined at {first}. Check blocks must have unique names within \
                 a module.",
                q(labels[0])
            ),
        ),
        _ => {
            let what = match kind {
                "data" => "data",
                "ephemeral" => "ephemeral",
                _ => "resource",
            };
            (
                format!("Duplicate {what} {} configuration", q(labels[0])),
                format!(
                    "A {what} {} {} was already declared at {first}. {} names must be unique per type in each module.",
                    q(labels[0]),
                    q(labels[1]),
                    if what == "data" { "Data source" } else { "Resource" }
                ),
            )
        }
    };
    Diagnostic::error(summary, detail, block.def_span).in_file_of(block.file.as_ref())
}

/// `span` of `file` as Terraform prints a place (`main.tf:3,1-15`).
pub(super) fn at(files: &Files, file: Option<&Arc<str>>, span: Span) -> String {
    let name = file.map(|f| &**f).unwrap_or("");
    match (files.position(name, span.start), files.position(name, span.end)) {
        (Some(s), Some(e)) if s.line == e.line => format!("{name}:{},{}-{}", s.line, s.column, e.column),
        (Some(s), Some(e)) => format!("{name}:{},{}-{},{}", s.line, s.column, e.line, e.column),
        _ => format!("{name}:bytes {}-{}", span.start, span.end),
    }
}

/// The attributes of a block's body by the given schema, diagnostics into
/// `diags`.
pub(super) fn attributes<'n, 'a: 'n>(
    block: &AnyBlock<'n, 'a>,
    schema: &BodySchema,
    diags: &mut Diagnostics,
) -> (BTreeMap<&'n str, AnyAttribute<'n, 'a>>, Vec<AnyBlock<'n, 'a>>) {
    let (content, d) = block.body.content(schema);
    diags.extend(d);
    (content.attributes, content.blocks)
}
