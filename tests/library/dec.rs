//! `hcl_native::dec` over the corpus (`../shared/corpus`):
//!
//! - every corpus file read as a spec file gives diagnostics, never a panic;
//! - every accepted configuration decodes by a spec implied from its own
//!   shape (its attributes as `attr` specs of any type, its block types as
//!   `block_list` specs of objects with the labels as `BlockLabel`s, down
//!   through nested blocks) to the same value in the native syntax and in
//!   the JSON syntax (`json_syntax::from_native`), with errors in both or in
//!   neither.

use std::collections::BTreeMap;
use std::path::Path;

use hcl_native::ast::{Body, BodyItem};
use hcl_native::body::AnyFile;
use hcl_native::dec::{self, Spec};
use hcl_native::eval::EvalContext;
use hcl_native::value::Type;
use hcl_native::{parse_config, Arena};

fn corpus_lines() -> Option<Vec<(String, bool)>> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let expected = std::fs::read_to_string(corpus.join("EXPECTED.tsv")).ok()?;
    Some(
        expected
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| {
                let mut parts = l.split('\t');
                let path = parts.next()?;
                Some((corpus.join(path).display().to_string(), parts.next() == Some("accept")))
            })
            .collect(),
    )
}

#[test]
fn every_corpus_file_read_as_a_spec_file_gives_diagnostics_not_a_panic() {
    let Some(files) = corpus_lines() else {
        panic!("dec corpus test NOT RUN: ../shared/corpus/EXPECTED.tsv is missing (the corpus lives in ../shared beside this repository)");
    };
    let mut specs = 0;
    for (path, _) in &files {
        let Ok(src) = std::fs::read(path) else { continue };
        let (file, diags) = dec::read_spec_file(path, &src);
        if !diags.has_errors() {
            specs += 1;
            // a spec that reads must decode its own file without panicking
            let arena = Arena::new();
            let input = AnyFile::parse(&arena, path, &src).ast;
            let _ = dec::decode(&input.body(), &file.spec, &EvalContext::new());
        }
    }
    assert!(files.len() > 1000, "the corpus has {} files", files.len());
    eprintln!(
        "{} corpus files read as spec files; {specs} of them are valid specs",
        files.len()
    );
}

/// The spec a body's own shape implies; `None` when a name is both an
/// attribute and a block type, or a block type has labels of two counts.
fn implied(bodies: &[&Body<'_>]) -> Option<Spec> {
    let mut attrs: Vec<String> = Vec::new();
    let mut blocks: BTreeMap<String, (usize, Vec<&Body<'_>>)> = BTreeMap::new();
    for body in bodies {
        for item in body.items {
            match item {
                BodyItem::Attribute(a) => {
                    if !attrs.iter().any(|n| n == a.name.name) {
                        attrs.push(a.name.name.to_string());
                    }
                }
                BodyItem::Block(b) | BodyItem::OneLineBlock(b) => {
                    let entry = blocks
                        .entry(b.block_type.name.to_string())
                        .or_insert((b.labels.len(), Vec::new()));
                    if entry.0 != b.labels.len() {
                        return None;
                    }
                    entry.1.push(&b.body);
                }
            }
        }
    }
    let mut members: Vec<(String, Spec)> = attrs
        .iter()
        .map(|n| (n.clone(), Spec::attr(n.clone(), Type::Dynamic, false)))
        .collect();
    for (type_name, (labels, bodies)) in blocks {
        if attrs.contains(&type_name) {
            return None;
        }
        let Some(Spec::Object(mut inner)) = implied(&bodies) else {
            return None;
        };
        inner.push((
            " labels".into(),
            Spec::Tuple(
                (0..labels)
                    .map(|index| Spec::BlockLabel {
                        index,
                        name: format!("label{index}"),
                    })
                    .collect(),
            ),
        ));
        members.push((type_name.clone(), Spec::block_list(type_name, Spec::Object(inner))));
    }
    Some(Spec::Object(members))
}

#[test]
fn corpus_configurations_decode_alike_in_both_syntaxes() {
    let Some(accepted) = crate::common::roundtrip::accepted_corpus_files() else {
        panic!("dec corpus test NOT RUN: ../shared/corpus/EXPECTED.tsv is missing (the corpus lives in ../shared beside this repository)");
    };
    let ctx = crate::common::roundtrip::roundtrip_context();
    let (mut checked, mut failures) = (0, Vec::new());
    for (path, src) in &accepted {
        let arena = Arena::new();
        let native = parse_config(&arena, src);
        let Some(spec) = implied(&[&native.ast.body]) else {
            continue;
        };
        let json = hcl_native::json_syntax::from_native(&native.ast, src);
        let native_file = AnyFile::Native(native.ast, src);
        let json_file = AnyFile::parse(&arena, "x.json", json.as_bytes()).ast;
        let a = dec::decode(&native_file.body(), &spec, &ctx);
        let b = dec::decode(&json_file.body(), &spec, &ctx);
        checked += 1;
        if a.diagnostics.has_errors() != b.diagnostics.has_errors() {
            failures.push(format!(
                "{path}: errors in one syntax only: native {:?} / JSON {:?}",
                a.diagnostics.iter().map(|d| d.summary()).collect::<Vec<_>>(),
                b.diagnostics.iter().map(|d| d.summary()).collect::<Vec<_>>()
            ));
        } else if !a.diagnostics.has_errors() && a.value != b.value {
            failures.push(format!("{path}: the values differ"));
        }
    }
    assert!(checked > 1000, "only {checked} configurations checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
