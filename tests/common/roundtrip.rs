//! The comparison of two bodies through the schema of a native one, shared
//! by the round trips native → JSON → body (`json_roundtrip`) and native →
//! JSON → native (`json_to_native`).

use std::collections::BTreeMap;

use hcl_native::ast::{Body, BodyItem};
use hcl_native::body::{AnyBody, AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_native::eval::EvalContext;

/// The schema of a native body: its attributes, and its block types with
/// the label count of their first block; `None` when blocks of one type
/// have different label counts (no schema describes that).
#[allow(dead_code)]
pub fn schemas(body: &Body<'_>) -> Option<BodySchema> {
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

/// Reads `a` and `b` (the second in the JSON syntax for `json_roundtrip`) with the schema of `native` and
/// compares them, recursively; the first difference.
#[allow(dead_code)]
pub fn compare(
    native: &Body<'_>,
    a: &AnyBody<'_, '_>,
    b: &AnyBody<'_, '_>,
    ctx: &EvalContext<'_>,
) -> Result<(), String> {
    let Some(schema) = schemas(native) else {
        return Ok(()); // no schema for this body: nothing to compare
    };
    let (ca, da) = a.content(&schema);
    let (cb, db) = b.content(&schema);
    if !db.is_empty() && da.is_empty() {
        return Err(format!(
            "content diagnostics of the second body: {:?}",
            db.as_slice()[0]
        ));
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
        let sa: Vec<&str> = ra.diagnostics.iter().map(|d| d.summary()).collect();
        let sb: Vec<&str> = rb.diagnostics.iter().map(|d| d.summary()).collect();
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

/// Every corpus file the reference accepts and hcl-native parses without a
/// diagnostic, as (path under the corpus, source), in `EXPECTED.tsv`
/// order; `None` when the corpus is missing (the caller says so loudly).
#[allow(dead_code)]
pub fn accepted_corpus_files() -> Option<Vec<(String, Vec<u8>)>> {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let expected = std::fs::read_to_string(corpus.join("EXPECTED.tsv")).ok()?;
    let mut out = Vec::new();
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let mut parts = line.split('\t');
        let (Some(path), Some("accept")) = (parts.next(), parts.next()) else {
            continue;
        };
        let Ok(src) = std::fs::read(corpus.join(path)) else {
            continue;
        };
        let arena = hcl_native::Arena::new();
        if !hcl_native::parse_config(&arena, &src).diagnostics.is_empty() {
            continue; // a deviation in the verdict (tests/corpus_deviations.tsv)
        }
        out.push((path.to_string(), src));
    }
    Some(out)
}

/// The context the round trips evaluate in: the standard functions,
/// undefined variables unknown, a million steps per evaluation.
#[allow(dead_code)]
pub fn roundtrip_context() -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    ctx.treat_undefined_variables_as_unknown();
    ctx.set_step_limit(1_000_000);
    ctx
}
