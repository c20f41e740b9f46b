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

use std::path::Path;

use hcl_native::body::AnyFile;
use hcl_native::eval::EvalContext;
use hcl_native::{parse_config, Arena};

#[path = "common/roundtrip.rs"]
mod roundtrip;
use roundtrip::compare;

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
