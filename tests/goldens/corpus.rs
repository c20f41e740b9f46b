//! Real-world acceptance: every file of `../shared/corpus` gets the verdict
//! the reference parser gives in `EXPECTED.tsv` (accept, or reject with its
//! first error on the same line), except the deviations the spec demands,
//! listed in `tests/corpus_deviations.tsv` and explained in
//! `docs/deviations.md`.
//!
//! One test per file. Where `../shared/corpus` is missing, every test is
//! reported as ignored and a banner says why: never a silent pass.

use hcl_native::{parse_config, Arena, LineIndex};
use libtest_mimic::{Failed, Trial};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    Accept,
    /// Rejected; the line of the first error.
    Reject(u32),
}

fn parse_verdict(verdict: &str, error: &str) -> Option<Verdict> {
    match verdict {
        "accept" => Some(Verdict::Accept),
        "reject" => error.split(',').next()?.parse().ok().map(Verdict::Reject),
        _ => None,
    }
}

/// What hcl-native says of `src`.
fn our_verdict(src: &[u8]) -> (Verdict, String) {
    let arena = Arena::new();
    let parsed = parse_config(&arena, src);
    match parsed.diagnostics.iter().find(|d| d.is_error()) {
        None => (Verdict::Accept, String::new()),
        Some(d) => {
            let p = LineIndex::new(src).position(src, d.subject().start);
            (
                Verdict::Reject(p.line),
                format!("{}:{}: {}; {}", p.line, p.column, d.summary(), d.detail()),
            )
        }
    }
}

/// One case per file of the corpus (a failing case when the corpus is
/// missing: without it nothing is checked).
pub fn trials() -> Vec<Trial> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("../shared/corpus");
    let expected_file = corpus.join("EXPECTED.tsv");
    let Ok(expected) = std::fs::read_to_string(&expected_file) else {
        let missing = format!(
            "corpus acceptance NOT RUN: {} is missing (the real-world corpus lives in ../shared/corpus beside this repository)",
            expected_file.display()
        );
        return vec![Trial::test("corpus_missing", move || Err(missing.into()))];
    };
    let deviations = load_deviations(&root.join("tests/corpus_deviations.tsv"));
    let mut trials = Vec::new();
    for line in expected.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.splitn(3, '\t').collect();
        let (path, verdict, error) = (cols[0].to_string(), cols[1], cols.get(2).copied().unwrap_or(""));
        let reference = parse_verdict(verdict, error).unwrap_or_else(|| panic!("bad line in EXPECTED.tsv: {line}"));
        let want = deviations.get(&path).cloned().unwrap_or(reference.clone());
        let file: PathBuf = corpus.join(&path);
        let reference_error = error.to_string();
        trials.push(Trial::test(path.clone(), move || {
            let src = std::fs::read(&file).map_err(|e| Failed::from(format!("cannot read {}: {e}", file.display())))?;
            let (got, first) = our_verdict(&src);
            if got == want {
                Ok(())
            } else {
                Err(
                    format!("expected {want:?} (reference: {reference:?} {reference_error}), got {got:?} {first}")
                        .into(),
                )
            }
        }));
    }
    trials
}

/// `path <TAB> accept|reject <TAB> line <TAB> deviation id`: files where the
/// spec demands another verdict than the reference's.
fn load_deviations(path: &Path) -> HashMap<String, Verdict> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            let verdict = match cols[1] {
                "accept" => Verdict::Accept,
                _ => Verdict::Reject(cols[2].parse().expect("line number in corpus_deviations.tsv")),
            };
            (cols[0].to_string(), verdict)
        })
        .collect()
}
