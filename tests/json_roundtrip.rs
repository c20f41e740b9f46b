//! The round trip native syntax → JSON syntax → body, over every file of
//! `../shared/corpus` the reference accepts: `json_syntax::from_native`
//! writes it, the JSON parser reads it back without a diagnostic, and
//! through a schema taken from the native file (its attribute names and
//! block types, with their label counts, at every level) both bodies give
//! the same attributes, whose expressions evaluate to the same values with
//! the same diagnostics (summaries), and the same blocks with the same
//! labels in the same order.
//!
//! Evaluation uses the standard functions and treats every variable as
//! unknown, as `hcl check --unknown-variables` does.

use std::collections::BTreeMap;
use std::path::Path;

use hcl_native::ast::{Body, BodyItem};
use hcl_native::body::{AnyBody, AnyFile, AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_native::eval::EvalContext;
use hcl_native::{parse_config, Arena};

/// The schema of a native body: its attributes, and its block types with
/// the label count of their first block; `None` when blocks of one type
/// have different label counts (no schema describes that).
fn schemas(body: &Body<'_>) -> Option<BodySchema> {
    let mut attrs = Vec::new();
    let mut blocks: BTreeMap<&str, usize> = BTreeMap::new();
    for item in body.items {
        match item {
            BodyItem::Attribute(a) => attrs.push(AttributeSchema {
                name: a.name.name.to_string(),
                required: false,
            }),
            BodyItem::Block(b) | BodyItem::OneLineBlock(b) => {
                let n = blocks.entry(b.block_type.name).or_insert(b.labels.len());
                if *n != b.labels.len() {
                    return None;
                }
            }
        }
    }
    attrs.sort_by(|a, b| a.name.cmp(&b.name));
    attrs.dedup_by(|a, b| a.name == b.name);
    let blocks = blocks
        .into_iter()
        .map(|(t, n)| BlockHeaderSchema {
            type_name: t.to_string(),
            label_names: (0..n).map(|i| format!("l{i}")).collect(),
        })
        .collect();
    BodySchema::new(attrs, blocks).ok()
}

/// Reads `a` (native) and `b` (JSON) with the schema of `native` and
/// compares them, recursively; the first difference.
fn compare(native: &Body<'_>, a: &AnyBody<'_, '_>, b: &AnyBody<'_, '_>, ctx: &EvalContext<'_>) -> Result<(), String> {
    let Some(schema) = schemas(native) else {
        return Ok(()); // no schema for this body: nothing to compare
    };
    let (ca, da) = a.content(&schema);
    let (cb, db) = b.content(&schema);
    if !db.is_empty() && da.is_empty() {
        return Err(format!("JSON content diagnostics: {:?}", db.as_slice()[0]));
    }
    let names_a: Vec<&&str> = ca.attributes.keys().collect();
    let names_b: Vec<&&str> = cb.attributes.keys().collect();
    if names_a != names_b {
        return Err(format!("attributes {names_a:?} != {names_b:?}"));
    }
    for (name, attr) in &ca.attributes {
        let ra = attr.expr.evaluate(ctx);
        let rb = cb.attributes[name].expr.evaluate(ctx);
        if ra.value != rb.value {
            return Err(format!("{name}: {:?} != {:?}", ra.value, rb.value));
        }
        let sa: Vec<&str> = ra.diagnostics.iter().map(|d| d.summary.as_str()).collect();
        let sb: Vec<&str> = rb.diagnostics.iter().map(|d| d.summary.as_str()).collect();
        if sa != sb {
            return Err(format!("{name}: diagnostics {sa:?} != {sb:?}"));
        }
    }
    if ca.blocks.len() != cb.blocks.len() {
        return Err(format!("{} blocks != {}", ca.blocks.len(), cb.blocks.len()));
    }
    let native_blocks: Vec<&hcl_native::ast::Block<'_>> = native.blocks().collect();
    for ((x, y), nb) in ca.blocks.iter().zip(cb.blocks.iter()).zip(native_blocks) {
        let lx: Vec<&str> = x.labels.iter().map(|l| l.0).collect();
        let ly: Vec<&str> = y.labels.iter().map(|l| l.0).collect();
        if x.type_name != y.type_name || lx != ly {
            return Err(format!("block {} {lx:?} != {} {ly:?}", x.type_name, y.type_name));
        }
        compare(&nb.body, &x.body, &y.body, ctx)?;
    }
    Ok(())
}

#[test]
fn native_to_json_and_back_keeps_every_body() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(expected) = std::fs::read_to_string(corpus.join("EXPECTED.tsv")) else {
        eprintln!("## json round trip NOT RUN: ../shared/corpus/EXPECTED.tsv is missing.");
        return;
    };
    let mut ctx = EvalContext::with_standard_functions();
    ctx.treat_undefined_variables_as_unknown();
    ctx.set_step_limit(1_000_000);
    let (mut checked, mut failures) = (0, Vec::new());
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let mut parts = line.split('\t');
        let (Some(path), Some("accept")) = (parts.next(), parts.next()) else {
            continue;
        };
        let Ok(src) = std::fs::read(corpus.join(path)) else {
            continue;
        };
        let arena = Arena::new();
        let native = parse_config(&arena, &src);
        if !native.diagnostics.is_empty() {
            continue; // a deviation in the verdict (tests/corpus_deviations.tsv)
        }
        let json = hcl_native::json_syntax::from_native(&native.ast, &src);
        let parsed = hcl_native::json_syntax::parse(json.as_bytes());
        if let Some(d) = parsed.diagnostics.iter().next() {
            failures.push(format!("{path}: the JSON does not parse: {d:?}"));
            continue;
        }
        let native_file = AnyFile::Native(native.ast, &src);
        let AnyFile::Native(native_ast, _) = &native_file else {
            unreachable!()
        };
        let json_file = AnyFile::Json(parsed.ast);
        if let Err(e) = compare(&native_ast.body, &native_file.body(), &json_file.body(), &ctx) {
            failures.push(format!("{path}: {e}"));
        }
        checked += 1;
    }
    assert!(checked > 4000, "only {checked} files checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} files differ:\n{}",
        failures.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}
