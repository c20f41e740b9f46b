//! Traceability between the spec and the project, both ways.
//!
//! * Every id of `../shared/spec/trace-ids.txt` and `trace-ids-json.txt` has
//!   a code site (a `spec:` line in `src/`) or a grammar test (the `# spec:`
//!   first line of an input under `grammar-tests/`; for a JSON-syntax input,
//!   `*.hcl.json`, its first string `"spec: ..."`, or `<case>.ids` beside
//!   it), unless `tests/trace_deferred.txt` defers
//!   it with a reason; a deferred id that has gained a site must leave the
//!   list.
//! * Every id cited in `src/` or `grammar-tests/` exists.
//! * `docs/traceability.md` (every id with its code sites and tests) is up
//!   to date; `UPDATE_GOLDEN=1 cargo test --test library` rewrites it.
//!
//! A `spec:` line lists ids separated by commas, on that one line; text in
//! parentheses after them is a comment.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The ids as cited: `forIntro`, `hclsyntax#for-expressions`, `model#...`.
fn trace_ids() -> Option<Vec<String>> {
    // the native syntax and model, then the JSON syntax and hcldec's spec
    // format (`trace-ids-json.txt`, when present)
    let mut text = std::fs::read_to_string(root().join("../shared/spec/trace-ids.txt")).ok()?;
    text.push('\n');
    text.push_str(&std::fs::read_to_string(root().join("../shared/spec/trace-ids-json.txt")).unwrap_or_default());
    Some(
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let mut parts = l.split_whitespace();
                match (parts.next(), parts.next(), parts.next()) {
                    (Some("P"), Some(_), Some(name)) => name.to_string(),
                    (Some("S"), Some(id), None) => id.to_string(),
                    _ => panic!("unexpected line in trace-ids.txt: {l}"),
                }
            })
            .collect(),
    )
}

/// The ids on one `spec:` line, or an error describing what is malformed.
fn parse_citation(rest: &str) -> Result<Vec<String>, String> {
    let ids = rest.split('(').next().unwrap_or_default();
    ids.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|id| {
            let ok = id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '#' | '-' | '_'));
            if ok {
                Ok(id.to_string())
            } else {
                Err(format!("malformed id `{id}`"))
            }
        })
        .collect()
}

/// id -> list of `file:line` citing it in `src/`.
fn code_sites() -> (BTreeMap<String, Vec<String>>, Vec<String>) {
    let mut sites: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut errors = Vec::new();
    let mut files = Vec::new();
    walk(&root().join("src"), &mut files, &|p| {
        p.extension().is_some_and(|e| e == "rs")
    });
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let rel = f.strip_prefix(root()).unwrap_or(&f).display().to_string();
        for (n, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if !trimmed.starts_with("//") {
                continue;
            }
            let Some(k) = trimmed.find("spec:") else { continue };
            match parse_citation(&trimmed[k + 5..]) {
                Ok(ids) => {
                    for id in ids {
                        sites.entry(id).or_default().push(format!("{rel}:{}", n + 1));
                    }
                }
                Err(e) => errors.push(format!("{rel}:{}: {e}", n + 1)),
            }
        }
    }
    (sites, errors)
}

/// id -> list of grammar test inputs citing it.
fn test_sites() -> (BTreeMap<String, Vec<String>>, Vec<String>) {
    let mut sites: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut errors = Vec::new();
    let mut files = Vec::new();
    let dir = root().join("grammar-tests");
    walk(&dir, &mut files, &|p| {
        matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("hcl" | "hclexpr" | "hcltmpl" | "hcleval" | "hclbody" | "hclvars" | "hcldectest")
        ) || p.to_string_lossy().ends_with(".hcl.json")
    });
    files.sort();
    for f in files {
        let bytes = std::fs::read(&f).unwrap_or_default();
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
        let first = bytes.split(|b| *b == b'\n').next().unwrap_or_default();
        let rel = f.strip_prefix(&dir).unwrap_or(&f).display().to_string();
        let first = if rel.ends_with(".hcl.json") {
            crate::common::json_case_ids(&f, bytes)
        } else {
            String::from_utf8_lossy(first).into_owned()
        };
        let Some(rest) = first.trim_end().strip_prefix("# spec:") else {
            errors.push(format!("grammar-tests/{rel}: first line is not a `# spec:` comment"));
            continue;
        };
        match parse_citation(rest) {
            Ok(ids) => {
                for id in ids {
                    sites.entry(id).or_default().push(rel.clone());
                }
            }
            Err(e) => errors.push(format!("grammar-tests/{rel}: {e}")),
        }
    }
    (sites, errors)
}

fn deferred() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join("tests/trace_deferred.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (id, reason) = l.split_once('\t').unwrap_or((l, ""));
            assert!(!reason.trim().is_empty(), "trace_deferred.txt: `{id}` needs a reason");
            (id.trim().to_string(), reason.trim().to_string())
        })
        .collect()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>, keep: &dyn Fn(&Path) -> bool) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out, keep);
        } else if keep(&p) {
            out.push(p);
        }
    }
}

fn banner_missing() -> ! {
    panic!(
        "traceability NOT CHECKED: ../shared/spec/trace-ids.txt is missing, so there is nothing to check \
         the citations against (the spec lives in ../shared beside this repository)"
    );
}

#[test]
fn every_id_is_implemented_or_deferred_and_every_citation_exists() {
    let Some(ids) = trace_ids() else {
        banner_missing();
    };
    let known: BTreeSet<&String> = ids.iter().collect();
    let (code, mut problems) = code_sites();
    let (tests, test_errors) = test_sites();
    problems.extend(test_errors);
    let deferred = deferred();
    for (id, sites) in code.iter() {
        if !known.contains(id) {
            problems.push(format!("`{id}` is cited at {} but is not a spec id", sites.join(", ")));
        }
    }
    for (id, sites) in tests.iter() {
        if !known.contains(id) {
            problems.push(format!(
                "`{id}` is cited by grammar-tests/{} but is not a spec id",
                sites.join(", ")
            ));
        }
    }
    for id in &ids {
        let covered = code.contains_key(id) || tests.contains_key(id);
        match (covered, deferred.contains_key(id)) {
            (false, false) => problems.push(format!("`{id}` has no code site, no grammar test and no deferral")),
            (true, true) => problems.push(format!(
                "`{id}` is deferred but now has sites: remove it from trace_deferred.txt"
            )),
            _ => {}
        }
    }
    for id in deferred.keys() {
        if !known.contains(id) {
            problems.push(format!("trace_deferred.txt defers `{id}`, which is not a spec id"));
        }
    }
    assert!(
        problems.is_empty(),
        "traceability problems:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn docs_traceability_is_current() {
    let Some(ids) = trace_ids() else {
        banner_missing();
    };
    let (code, _) = code_sites();
    let (tests, _) = test_sites();
    let deferred = deferred();
    let mut md = String::from(
        "# Traceability\n\n\
         Every spec id (`../shared/spec/trace-ids.txt`) with the code that implements it and the grammar \
         tests (`grammar-tests/`) that exercise it. Generated by `tests/library/traceability.rs`: regenerate with \
         `UPDATE_GOLDEN=1 cargo test --test library`.\n\n\
         | id | code sites | grammar tests |\n| --- | --- | --- |\n",
    );
    for id in &ids {
        let sites = code.get(id).map(|s| s.join("<br>")).unwrap_or_default();
        let t = tests.get(id).map_or(String::new(), |t| {
            let shown: Vec<&str> = t.iter().map(String::as_str).take(6).collect();
            let more = t.len().saturating_sub(shown.len());
            let extra = if more > 0 {
                format!("<br>… and {more} more")
            } else {
                String::new()
            };
            format!("{}{extra}", shown.join("<br>"))
        });
        let sites = match (sites.is_empty(), deferred.get(id)) {
            (true, Some(reason)) => format!("deferred: {reason}"),
            _ => sites,
        };
        let _ = writeln!(md, "| `{id}` | {sites} | {t} |");
    }
    let path = root().join("docs/traceability.md");
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0") {
        std::fs::write(&path, &md).expect("write docs/traceability.md");
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == md,
        "docs/traceability.md is stale: run `UPDATE_GOLDEN=1 cargo test --test library`"
    );
}
