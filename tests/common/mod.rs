#![allow(dead_code)]
//! Helpers shared by the integration tests (each test crate uses some of
//! them, hence the `dead_code` allowances).

pub mod collide;
pub mod families;
pub mod roundtrip;

use std::path::{Path, PathBuf};

/// Every grammar test input under `grammar-tests/`, sorted.
#[allow(dead_code)]
pub fn golden_inputs() -> Vec<PathBuf> {
    grammar_test_files(&["hcl", "hclexpr", "hcltmpl"])
}

/// Every file under `grammar-tests/` with one of `extensions`, sorted.
#[allow(dead_code)]
pub fn grammar_test_files(extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar-tests"),
        extensions,
        &mut out,
    );
    out.sort();
    out
}

fn collect(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, extensions, out);
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.contains(&e))
        {
            out.push(p);
        }
    }
}

/// One test per grammar-test file with one of `extensions`, each named by
/// its path under `grammar-tests/`; `run_case` gets the file and whether
/// `UPDATE_GOLDEN` asks for the expected files to be rewritten.
#[allow(dead_code)]
pub fn golden_trials(
    extensions: &[&str],
    run_case: fn(&Path, bool) -> Result<(), libtest_mimic::Failed>,
) -> Vec<libtest_mimic::Trial> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar-tests");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0");
    grammar_test_files(extensions)
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
            libtest_mimic::Trial::test(name, move || run_case(&path, update))
        })
        .collect()
}

/// Runs `f` on a thread with a 256 KiB stack and waits for it (a panic in
/// `f` fails the caller).
#[allow(dead_code)]
pub fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

/// A line diff that is short enough to read in a test failure.
#[allow(dead_code)]
pub fn diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    use std::fmt::Write;
    let mut out = String::new();
    let first = e
        .iter()
        .zip(&a)
        .position(|(x, y)| x != y)
        .unwrap_or(e.len().min(a.len()));
    for k in first..(first + 12).min(e.len().max(a.len())) {
        match (e.get(k), a.get(k)) {
            (Some(x), Some(y)) if x == y => {
                let _ = writeln!(out, "  {x}");
            }
            (x, y) => {
                if let Some(x) = x {
                    let _ = writeln!(out, "- {x}");
                }
                if let Some(y) = y {
                    let _ = writeln!(out, "+ {y}");
                }
            }
        }
    }
    out
}

/// Compares `actual` with the expected file, or with `update` rewrites it;
/// a difference fails with a readable diff.
#[allow(dead_code)]
pub fn compare_golden(expected_path: &Path, actual: &str, update: bool) -> Result<(), libtest_mimic::Failed> {
    if update {
        std::fs::write(expected_path, actual).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(expected_path).map_err(|_| {
        format!(
            "missing {} (run with UPDATE_GOLDEN=1 to create it)",
            expected_path.display()
        )
    })?;
    if expected == actual {
        return Ok(());
    }
    Err(format!(
        "output differs from {}:\n{}",
        expected_path.display(),
        diff(&expected, actual)
    )
    .into())
}

/// The spec ids line of a JSON-syntax grammar test (`*.hcl.json`), as
/// `# spec: ...`: its first string (a first `"//"` comment's value, or the
/// root string), or its `<case>.ids` file when it has no string; empty
/// when there is none. The one rule for the golden tests and the
/// traceability test.
#[allow(dead_code)]
pub fn json_case_ids(path: &Path, bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let strings: Vec<&str> = text.split('"').skip(1).step_by(2).take(2).collect();
    let ids = match strings.as_slice() {
        ["//", ids, ..] | [ids, ..] if ids.starts_with("spec:") => Some(ids.to_string()),
        [] => {
            let stem = path.to_string_lossy().trim_end_matches(".hcl.json").to_string();
            std::fs::read_to_string(format!("{stem}.ids")).ok()
        }
        _ => None,
    };
    ids.map(|i| format!("# {}", i.trim())).unwrap_or_default()
}

/// Runs `hcl eval INPUT --format json [--vars VARS] [--functions
/// terraform] [--base-dir DIR]` (the variables when that file exists;
/// Terraform's functions when a leading comment line of the input is
/// `# functions: terraform`; the filesystem functions reading under DIR,
/// relative to the input's directory, when one is `# base-dir: DIR`)
/// and compares its pretty-printed document, after
/// `header`, with the expected file: the golden evaluation of either
/// syntax.
#[allow(dead_code)]
pub fn eval_golden(
    input: &Path,
    vars: &Path,
    expected: &Path,
    header: &str,
    update: bool,
) -> Result<(), libtest_mimic::Failed> {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_hcl"));
    cmd.arg("eval").arg(input).args(["--format", "json"]);
    // a case of Terraform's functions says so in its leading comments
    let text = std::fs::read_to_string(input).unwrap_or_default();
    let leading = || text.lines().take_while(|l| l.starts_with('#'));
    if leading().any(|l| l.trim_end() == "# functions: terraform") {
        cmd.args(["--functions", "terraform"]);
    }
    if let Some(dir) = leading().find_map(|l| l.strip_prefix("# base-dir: ")) {
        let parent = input.parent().unwrap_or(Path::new("."));
        cmd.arg("--base-dir").arg(parent.join(dir.trim_end()));
    }
    if vars.exists() {
        cmd.arg("--vars").arg(vars);
    }
    let out = cmd.output().map_err(|e| format!("cannot run hcl: {e}"))?;
    // 1: the input has errors, which the document lists (docs/cli.md)
    if !matches!(out.status.code(), Some(0 | 1)) {
        return Err(format!("hcl failed: {}", String::from_utf8_lossy(&out.stderr)).into());
    }
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("hcl printed invalid JSON: {e}"))?;
    let actual = format!("{header}\n{}\n", serde_json::to_string_pretty(&doc).unwrap_or_default());
    compare_golden(expected, &actual, update)
}

/// A JSON number as an exact number (`None` for anything else).
#[allow(dead_code)]
pub fn json_number(j: &serde_json::Value) -> Option<hcl_native::Number> {
    match j {
        serde_json::Value::Number(n) => hcl_native::Number::from_json_number(&n.to_string()).ok(),
        _ => None,
    }
}

/// Exact equality of two JSON trees, numbers compared as numbers.
#[allow(dead_code)]
pub fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value as Json;
    match (a, b) {
        (Json::Number(_), Json::Number(_)) => {
            matches!((json_number(a), json_number(b)), (Some(x), Some(y)) if x == y)
        }
        (Json::Array(xs), Json::Array(ys)) => xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_json(x, y)),
        (Json::Object(xs), Json::Object(ys)) => {
            xs.len() == ys.len() && xs.iter().all(|(k, x)| ys.get(k).is_some_and(|y| same_json(x, y)))
        }
        _ => a == b,
    }
}

/// A golden case of several files in one: the comment lines before the
/// first file, and each file after its `-- NAME --` line, in order.
#[allow(dead_code)]
pub fn split_case(text: &str) -> (Vec<String>, Vec<(String, String)>) {
    let mut comments = Vec::new();
    let mut files: Vec<(String, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if let Some(name) = trimmed.strip_prefix("-- ").and_then(|l| l.strip_suffix(" --")) {
            files.push((name.to_string(), String::new()));
        } else if let Some((_, body)) = files.last_mut() {
            body.push_str(line);
        } else {
            comments.push(trimmed.to_string());
        }
    }
    (comments, files)
}
