//! The `hcl check` and `hcl json` commands, run as the real binary on the
//! files under `tests/data/cli/`:
//!
//! - `tree/`: a small configuration tree (nested directories, `.tf`,
//!   `.tfvars` and `.hcl` files, two of them with errors, and a `notes.txt`
//!   full of errors that a directory walk must ignore);
//! - `vars.json` (the variables `tree/main.tf` uses) and `empty.vars.json`;
//! - `json/`: inputs of `hcl json` and the exact output expected of
//!   `blocks.hcl`.

use serde_json::{json, Value as Json};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What one run of `hcl` gave.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The whole stdout as one JSON document.
    fn json(&self) -> Json {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}\nstderr:\n{}", self.stdout, self.stderr))
    }

    /// The last line of stderr.
    fn summary(&self) -> &str {
        self.stderr.lines().last().unwrap_or_default()
    }
}

/// Runs `hcl ARGS` from the repository root, with `stdin` as its input.
fn hcl_with_input(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hcl"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hcl binary runs");
    let written = child.stdin.take().expect("a stdin pipe").write_all(stdin.as_bytes());
    // a run that does not read its input (a usage error) may close it first
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "stdin written: {e}");
    }
    let out = child.wait_with_output().expect("hcl finished");
    Run {
        code: out.status.code().expect("an exit code, not a signal"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    }
}

fn hcl(args: &[&str]) -> Run {
    hcl_with_input(args, "")
}

const TREE: &str = "tests/data/cli/tree";

/// The rendered diagnostics of human output, in order: each title line
/// (`error: ...`) with the `path:line:column` of the `-->` line under it.
fn rendered(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut title = None;
    for line in text.lines() {
        if line.starts_with("error: ") || line.starts_with("warning: ") {
            title = Some(line.to_string());
        } else if let Some(at) = line.trim_start().strip_prefix("--> ") {
            let t = title
                .take()
                .unwrap_or_else(|| panic!("a --> line without a title:\n{text}"));
            out.push((t, at.to_string()));
        }
    }
    out
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected.iter().map(|(t, at)| (t.to_string(), at.to_string())).collect()
}

/// The summaries of a JSON array of diagnostics, in order.
fn summaries(diagnostics: &Json) -> Vec<&str> {
    diagnostics
        .as_array()
        .expect("an array of diagnostics")
        .iter()
        .map(|d| d["summary"].as_str().expect("a summary"))
        .collect()
}

// ---------------------------------------------------------------- set-up

/// The README's first set-up command evaluates its example without an
/// error, and gives the values the README describes.
#[test]
fn the_readme_set_up_example_evaluates_cleanly() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let command = "cargo run --release --features cli -- eval examples/deploy.hcl --vars examples/deploy.vars.json";
    assert!(
        readme.contains(command),
        "the README's set-up command changed: update this test"
    );
    let run = hcl(&["eval", "examples/deploy.hcl", "--vars", "examples/deploy.vars.json"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{}", run.stdout);
    for line in [
        r#"service = "checkout-production"    # string"#,
        "replicas = 3    # number",
        r#"hosts = ["db-0.eu-west-1.internal", "db-1.us-east-1.internal"]"#,
        "ports = [8080]    # tuple([number])",
        "cpu_total = 0.5    # number",
        "exact = true    # bool",
        "image_tag = (known after evaluation)    # string",
    ] {
        assert!(
            run.stdout.lines().any(|l| l.starts_with(line)),
            "{line:?} not in:\n{}",
            run.stdout
        );
    }
}

// ---------------------------------------------------------------- check

#[test]
fn check_lists_every_diagnostic_of_every_file_in_path_order() {
    let run = hcl(&["check", TREE]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{}", run.stderr);
    // diagnostics go to stderr, as every command's (docs/cli.md)
    assert_eq!(
        rendered(&run.stderr),
        pairs(&[
            (
                "error: Invalid expression",
                "tests/data/cli/tree/modules/broken.hcl:2:13"
            ),
            (
                "error: Missing item separator",
                "tests/data/cli/tree/modules/broken.hcl:3:12"
            ),
            (
                "error: Missing newline after argument",
                "tests/data/cli/tree/modules/network/main.tf:10:30"
            ),
            (
                "warning: Carriage return inside a comment",
                "tests/data/cli/tree/modules/network/main.tf:11:11"
            ),
        ]),
        "{}",
        run.stderr
    );
    // rendered with source and a caret
    assert!(run.stderr.contains("3 | other = [1 2]\n"), "{}", run.stderr);
    assert!(run.stderr.contains("^"), "{}", run.stderr);
    assert_eq!(run.summary(), "checked 5 files: 3 errors, 1 warning in 2 files");
}

#[test]
fn check_walks_only_hcl_tf_and_tfvars_files_but_checks_any_file_named() {
    let run = hcl(&["check", TREE]);
    assert!(!run.stderr.contains("notes.txt"), "{}", run.stderr);
    assert!(run.summary().starts_with("checked 5 files:"), "{}", run.stderr);

    let named = hcl(&["check", "tests/data/cli/tree/notes.txt"]);
    assert_eq!(named.code, 1, "{}", named.stderr);
    let found = rendered(&named.stderr);
    assert!(!found.is_empty(), "{}", named.stderr);
    assert!(
        found
            .iter()
            .all(|(t, at)| t.starts_with("error: ") && at.starts_with("tests/data/cli/tree/notes.txt:")),
        "{found:?}"
    );
    assert_eq!(found[0].1, "tests/data/cli/tree/notes.txt:1:20", "{}", named.stderr);
    assert!(named.summary().starts_with("checked 1 file: "), "{}", named.stderr);
}

#[test]
fn check_walk_leaves_out_hidden_directories_unless_named() {
    let dir = std::env::temp_dir().join(format!("hcl-cli-hidden-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in [".terraform/modules/vpc", ".git", "sub/.cache", "sub"] {
        std::fs::create_dir_all(dir.join(sub)).expect("temp dir");
    }
    for file in [".terraform/modules/vpc/main.tf", ".git/x.hcl", "sub/.cache/y.tf"] {
        std::fs::write(dir.join(file), "a = [1 2]\n").expect("hidden file");
    }
    std::fs::write(dir.join("main.tf"), "a = 1\n").expect("main.tf");
    std::fs::write(dir.join("sub/.dotted.tf"), "a = 1\n").expect("dotted file");
    let d = dir.to_str().expect("UTF-8 temp path");
    let walked = hcl(&["check", d]);
    assert_eq!(walked.code, 0, "{}{}", walked.stdout, walked.stderr);
    assert!(walked.summary().starts_with("checked 2 files"), "{}", walked.stderr);
    let named = hcl(&["check", &format!("{d}/.terraform")]);
    assert_eq!(named.code, 1, "{}", named.stderr);
    assert!(
        named.summary().starts_with("checked 1 file: 1 error"),
        "{}",
        named.stderr
    );
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

#[test]
fn check_of_valid_files_prints_nothing_and_exits_0() {
    let run = hcl(&[
        "check",
        "tests/data/cli/tree/main.tf",
        "tests/data/cli/tree/terraform.tfvars",
    ]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
    assert_eq!(run.stderr, "checked 2 files: 0 errors, 0 warnings\n");
}

#[test]
fn check_names_each_file_once() {
    let run = hcl(&["check", TREE, "tests/data/cli/tree/modules/broken.hcl", TREE]);
    assert_eq!(run.code, 1);
    assert_eq!(run.summary(), "checked 5 files: 3 errors, 1 warning in 2 files");
    assert_eq!(rendered(&run.stderr).len(), 4, "{}", run.stderr);
}

#[test]
fn check_json_format_lists_every_file_with_its_diagnostics() {
    let run = hcl(&["check", TREE, "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let doc = run.json();
    let files = doc["files"].as_array().expect("files");
    let paths: Vec<&str> = files.iter().map(|f| f["path"].as_str().expect("path")).collect();
    assert_eq!(
        paths,
        [
            "tests/data/cli/tree/main.tf",
            "tests/data/cli/tree/modules/broken.hcl",
            "tests/data/cli/tree/modules/network/main.tf",
            "tests/data/cli/tree/modules/network/outputs.hcl",
            "tests/data/cli/tree/terraform.tfvars",
        ]
    );
    let starts: Vec<Vec<(String, u64, u64)>> = files
        .iter()
        .map(|f| {
            f["diagnostics"]
                .as_array()
                .expect("diagnostics")
                .iter()
                .map(|d| {
                    let start = &d["range"]["start"];
                    (
                        d["severity"].as_str().expect("severity").to_string(),
                        start["line"].as_u64().expect("line"),
                        start["column"].as_u64().expect("column"),
                    )
                })
                .collect()
        })
        .collect();
    let e = |l, c| ("error".to_string(), l, c);
    let w = |l, c| ("warning".to_string(), l, c);
    assert_eq!(
        starts,
        [
            vec![],
            vec![e(2, 13), e(3, 12)],
            vec![e(10, 30), w(11, 11)],
            vec![],
            vec![]
        ]
    );
    // a DIAG has the shape of cli-json.md
    let d = &files[1]["diagnostics"][1];
    assert_eq!(d["summary"], "Missing item separator");
    assert!(d["detail"].as_str().is_some_and(|s| !s.is_empty()), "{d}");
    assert_eq!(d["range"]["start"]["byte"], 36);
    assert_eq!(d["range"]["end"]["column"], 13);
    assert_eq!((doc["errors"].as_u64(), doc["warnings"].as_u64()), (Some(3), Some(1)));
    assert_eq!(run.summary(), "checked 5 files: 3 errors, 1 warning in 2 files");
}

#[test]
fn check_with_vars_evaluates_every_attribute_at_any_depth() {
    // with the variables it uses, the Terraform-like file is clean
    let ok = hcl(&[
        "check",
        "tests/data/cli/tree/main.tf",
        "--vars",
        "tests/data/cli/vars.json",
    ]);
    assert_eq!((ok.code, ok.stdout.as_str()), (0, ""), "{}", ok.stderr);
    assert_eq!(ok.stderr, "checked 1 file: 0 errors, 0 warnings\n");

    // without them, every reference is an error, in blocks within blocks too
    let run = hcl(&[
        "check",
        "tests/data/cli/tree/main.tf",
        "--vars",
        "tests/data/cli/empty.vars.json",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let at = |l: u32, c: u32| {
        (
            "error: Unknown variable",
            format!("tests/data/cli/tree/main.tf:{l}:{c}"),
        )
    };
    let expected: Vec<(String, String)> = [at(18, 17), at(20, 13), at(24, 19), at(28, 15), at(33, 19), at(38, 11)]
        .into_iter()
        .map(|(t, a)| (t.to_string(), a))
        .collect();
    assert_eq!(rendered(&run.stderr), expected, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert_eq!(run.summary(), "checked 1 file: 6 errors, 0 warnings in 1 file");

    // parse-only, the same file has nothing to say
    let parse_only = hcl(&["check", "tests/data/cli/tree/main.tf"]);
    assert_eq!((parse_only.code, parse_only.stdout.as_str()), (0, ""));
}

/// A path that does not exist is reported as an error of that path, the
/// others are still checked, and the run fails at the end (issue 25; it
/// used to stop the run as a usage error); no file at all to check says so
/// and fails; `-` checks stdin.
#[test]
fn check_reports_missing_paths_and_checks_the_rest() {
    let missing = hcl(&["check", "tests/data/cli/no-such-dir", "tests/data/cli/tree/main.tf"]);
    // a path that cannot be read exits 2, in the tool's own message form
    assert_eq!((missing.code, missing.stdout.as_str()), (2, ""), "{}", missing.stderr);
    assert!(
        missing
            .stderr
            .starts_with("hcl: cannot read tests/data/cli/no-such-dir: No such file or directory"),
        "{}",
        missing.stderr
    );
    assert_eq!(missing.summary(), "checked 2 files: 1 error, 0 warnings in 1 file");

    let dir = std::env::temp_dir().join(format!("hcl-cli-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "a = 1\n").unwrap();
    let empty = hcl(&["check", &dir.display().to_string()]);
    assert_eq!((empty.code, empty.stdout.as_str()), (1, ""));
    assert!(
        empty.stderr.starts_with("hcl: no files to check in "),
        "{}",
        empty.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let stdin = hcl_with_input(&["check", "-"], "a = \n");
    assert_eq!((stdin.code, stdin.stdout.as_str()), (1, ""));
    assert!(stdin.stderr.contains("--> <stdin>:1:5"), "{}", stdin.stderr);
    assert_eq!(hcl_with_input(&["check", "-"], "a = 1\n").code, 0);
}

#[test]
fn check_usage_errors_exit_2() {
    let bad_vars = hcl(&["check", TREE, "--vars", "tests/data/cli/tree/notes.txt"]);
    assert_eq!(bad_vars.code, 2);
    assert_eq!(bad_vars.stdout, "");
    assert!(bad_vars.stderr.contains("invalid JSON"), "{}", bad_vars.stderr);

    let no_path = hcl(&["check"]);
    assert_eq!(no_path.code, 2, "{}", no_path.stderr);
}

#[cfg(unix)]
#[test]
fn check_reports_an_unreadable_file_and_goes_on() {
    let dir = std::env::temp_dir().join(format!("hcl-cli-unreadable-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("good.tf"), "a = [1 2]\n").expect("good.tf");
    std::os::unix::fs::symlink(dir.join("missing-target"), dir.join("gone.tf")).expect("symlink");
    let d = dir.to_str().expect("UTF-8 temp path");
    let run = hcl(&["check", d]);
    let json = hcl(&["check", d, "--format", "json"]);
    std::fs::remove_dir_all(&dir).expect("cleanup");

    assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with(&format!("hcl: cannot read {d}/gone.tf: ")),
        "{}",
        run.stderr
    );
    assert_eq!(
        rendered(&run.stderr),
        pairs(&[("error: Missing item separator", &format!("{d}/good.tf:1:8"))])
    );
    assert_eq!(run.summary(), "checked 2 files: 2 errors, 0 warnings in 2 files");

    assert_eq!(json.code, 2);
    let doc = json.json();
    let gone = &doc["files"][0];
    assert_eq!(gone["path"], format!("{d}/gone.tf"));
    assert_eq!(gone["diagnostics"][0]["severity"], "error");
    assert_eq!(gone["diagnostics"][0]["range"], Json::Null);
    assert_eq!(doc["errors"], 2);
}

#[test]
fn check_of_the_repository_examples_succeeds() {
    fn count(dir: &Path) -> usize {
        let mut n = 0;
        for e in std::fs::read_dir(dir).expect("examples/").flatten() {
            let p = e.path();
            if p.is_dir() {
                n += count(&p);
            } else if p.extension().is_some_and(|x| x == "hcl" || x == "tf" || x == "tfvars")
                || [".tf.json", ".hcl.json", ".tfvars.json"]
                    .iter()
                    .any(|s| p.to_string_lossy().ends_with(s))
            {
                n += 1;
            }
        }
        n
    }
    let expected = count(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"));
    assert!(expected >= 2, "examples/ has configuration files");
    let run = hcl(&["check", "examples"]);
    assert_eq!(run.code, 0, "{}\n{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "");
    assert_eq!(run.stderr, format!("checked {expected} files: 0 errors, 0 warnings\n"));
}

// ----------------------------------------------------------------- json

#[test]
fn json_nests_blocks_by_type_and_labels_and_repeats_become_arrays() {
    let run = hcl(&["json", "tests/data/cli/json/blocks.hcl"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        run.json(),
        json!({
            "zone": "eu",
            "service": {
                "web": {
                    "public": [{"port": 80}, {"port": 81}],
                    "internal": {"port": 8080}
                },
                "db": {
                    "internal": {
                        "port": 5432,
                        "replica": {"r1": [{}, {"lag": 5}], "r2": {}}
                    }
                }
            },
            "listener": [{"port": 80}, {"port": 443, "tls": {"cert": "a.pem"}}],
            "after": "blocks"
        })
    );
    // the exact text: keys in source order of first appearance, attributes
    // and blocks interleaved, two-space indent
    let expected = std::fs::read_to_string("tests/data/cli/json/blocks.json").expect("blocks.json");
    assert_eq!(run.stdout, expected);
    let order: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("  \"")?.split('"').next())
        .collect();
    assert_eq!(order, ["zone", "service", "listener", "after"]);
}

#[test]
fn json_evaluates_attributes_with_vars_in_the_cli_json_value_form() {
    let run = hcl(&[
        "json",
        "tests/data/cli/json/values.hcl",
        "--vars",
        "tests/data/cli/json/values.vars.json",
    ]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let expected: Json = serde_json::from_str(
        r#"{
            "third": 0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335,
            "big": 12345678901234567890.000000000000000000001,
            "sum": 0.3,
            "inf": {"__number__": "+Inf"},
            "unknown": [{"__unknown__": "string"}, "known"],
            "greeting": "hello, WORLD",
            "obj": {"a": [true, null], "b": 2}
        }"#,
    )
    .expect("expected JSON");
    assert_eq!(run.json(), expected);
    // numbers at full precision, never an exponent or a float's rounding
    assert!(
        run.stdout
            .contains("\"big\": 12345678901234567890.000000000000000000001,\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\"sum\": 0.3,\n"), "{}", run.stdout);
}

#[test]
fn json_reports_conflicts_keeps_the_first_and_exits_1() {
    let run = hcl(&["json", "tests/data/cli/json/conflicts.hcl"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.json(),
        json!({
            "a": 1,
            "b": {"x": {"n": 1}},
            "c": {"n": 3},
            "d": {"x": {"y": {}}},
            "e": {}
        })
    );
    let at = |l: u32| format!("tests/data/cli/json/conflicts.hcl:{l}:1");
    assert_eq!(
        rendered(&run.stderr),
        vec![
            ("error: Block conflicts with an attribute".to_string(), at(2)),
            ("error: Conflicting block labels".to_string(), at(8)),
            ("error: Attribute conflicts with a block".to_string(), at(14)),
            ("error: Conflicting block labels".to_string(), at(16)),
            ("error: Conflicting block labels".to_string(), at(18)),
            ("error: Attribute redefined".to_string(), at(19)),
        ],
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("(at 5:1)"),
        "the first block is named: {}",
        run.stderr
    );
}

#[test]
fn json_reads_stdin() {
    let run = hcl_with_input(&["json", "-"], "n = 1 + 2\nb \"l\" { s = \"x\" }\nb \"l\" {}\n");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(run.json(), json!({"n": 3, "b": {"l": [{"s": "x"}, {}]}}));

    let bad = hcl_with_input(&["json", "-"], "ok = true\nbad = nope\n");
    assert_eq!(bad.code, 1);
    assert_eq!(bad.json(), json!({"ok": true, "bad": {"__unknown__": "dynamic"}}));
    assert_eq!(
        rendered(&bad.stderr),
        pairs(&[("error: Unknown variable", "<stdin>:2:7")]),
        "{}",
        bad.stderr
    );
}

#[test]
fn json_prints_what_it_could_convert_despite_parse_errors() {
    let run = hcl(&["json", "tests/data/cli/tree/modules/broken.hcl"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let doc = run.json();
    assert_eq!(doc["name"], "x");
    assert_eq!(
        rendered(&run.stderr).into_iter().map(|(_, at)| at).collect::<Vec<_>>(),
        [
            "tests/data/cli/tree/modules/broken.hcl:2:13",
            "tests/data/cli/tree/modules/broken.hcl:3:12"
        ]
    );
}

#[test]
fn json_usage_errors_exit_2() {
    let missing = hcl(&["json", "tests/data/cli/json/no-such-file.hcl"]);
    assert_eq!((missing.code, missing.stdout.as_str()), (2, ""));
    assert!(missing.stderr.contains("no-such-file.hcl"), "{}", missing.stderr);
    let bad_vars = hcl(&[
        "json",
        "tests/data/cli/json/blocks.hcl",
        "--vars",
        "tests/data/cli/no-vars.json",
    ]);
    assert_eq!((bad_vars.code, bad_vars.stdout.as_str()), (2, ""));
}

#[test]
fn limits_are_options_of_every_command() {
    let deep = format!("{}1{}", "(".repeat(200), ")".repeat(200));
    let run = hcl_with_input(&["expr", "-", "--format", "json"], &deep);
    let diags = run.json()["parse_diagnostics"].clone();
    assert_eq!(diags[0]["summary"], "Nesting too deep", "{diags}");
    assert!(diags[0]["detail"].as_str().unwrap().contains("--max-depth"));
    let run = hcl_with_input(&["--max-depth", "300", "expr", "-", "--format", "json"], &deep);
    assert_eq!(run.json()["value"], 1, "{}", run.stdout);

    let run = hcl(&["expr", "--max-steps", "5", "[1, 2, 3, 4, 5, 6]", "--format", "json"]);
    assert_eq!(run.json()["diagnostics"][0]["summary"], "Evaluation step limit reached");
    let run = hcl(&["expr", "--max-number-bits", "10", "1000 + 24", "--format", "json"]);
    assert_eq!(run.json()["diagnostics"][0]["summary"], "Number out of range");
    let run = hcl(&["expr", "--max-number-bits", "11", "1000 + 24", "--format", "json"]);
    assert_eq!(run.json()["value"], 1024);

    let file = format!("a = {deep}\n");
    std::fs::write(std::env::temp_dir().join("hcl-cli-deep.hcl"), &file).unwrap();
    let path = std::env::temp_dir().join("hcl-cli-deep.hcl");
    let path = path.to_str().unwrap();
    assert_eq!(hcl(&["check", path]).code, 1);
    assert_eq!(hcl(&["check", "--max-depth", "300", path]).code, 0);
}

// ---------------------------------------------------------- deep values

/// How deep the deep-value tests nest (the parser's limit raised to
/// `--max-depth 1000000`): far past what serde_json's own recursion, or a
/// `serde_json::Value` tree's recursive drop, survives on the main thread
/// (finding 8 in docs/adversarial-findings.md). 100,000 levels in an
/// optimised build (`.ci/run` runs these tests so); 25,000 in a debug
/// build, whose frames are several times larger, so that the levels still
/// need many times the main thread's stack, while the suite stays quick
/// (most of the time of a deep run goes to faulting in fresh stack
/// segments).
const DEEP: usize = if cfg!(debug_assertions) { 25_000 } else { 100_000 };

/// `open` `n` times, `leaf`, `close` `n` times.
fn nest(open: &str, leaf: &str, close: &str, n: usize) -> String {
    format!("{}{leaf}{}", open.repeat(n), close.repeat(n))
}

/// How a nesting of tuples or objects is written: the source, the compact
/// JSON value, the human form's value (HCL's notation on one line), the
/// JSON type, the type as `hcl eval` names it.
struct Deep {
    src: String,
    value: String,
    human: String,
    ty: String,
    type_name: String,
}

fn deep_tuple(n: usize) -> Deep {
    Deep {
        src: nest("[", "1", "]", n),
        value: nest("[", "1", "]", n),
        human: nest("[", "1", "]", n),
        ty: nest(r#"["tuple",["#, r#""number""#, "]]", n),
        type_name: nest("tuple([", "number", "])", n),
    }
}

fn deep_object(n: usize) -> Deep {
    Deep {
        src: nest("{a = ", "1", "}", n),
        value: nest(r#"{"a":"#, "1", "}", n),
        human: nest("{ a = ", "1", " }", n),
        ty: nest(r#"["object",{"a":"#, r#""number""#, "}]", n),
        type_name: nest("object({a = ", "number", "})", n),
    }
}

/// What `hcl json` prints for `a = TUPLE` nested `n` deep: serde_json's
/// pretty layout for the outer 128 levels, the rest compact on one line.
fn json_layout_of_tuple(n: usize) -> String {
    let pretty = n.min(128);
    let mut out = String::from("{\n  \"a\": [\n");
    for k in 2..=pretty {
        out.push_str(&format!("{}[\n", " ".repeat(2 * k)));
    }
    let rest = nest("[", "1", "]", n - pretty);
    out.push_str(&format!("{}{rest}\n", " ".repeat(2 * (pretty + 1))));
    for k in (2..=pretty).rev() {
        out.push_str(&format!("{}]\n", " ".repeat(2 * k)));
    }
    out.push_str("  ]\n}\n");
    out
}

/// The same for `a = {a = {a = ... 1}}`.
fn json_layout_of_object(n: usize) -> String {
    let pretty = n.min(128);
    let mut out = String::from("{\n  \"a\": {\n");
    for k in 1..pretty {
        out.push_str(&format!("{}\"a\": {{\n", " ".repeat(2 * (k + 1))));
    }
    let rest = nest(r#"{"a":"#, "1", "}", n - pretty);
    out.push_str(&format!("{}\"a\": {rest}\n", " ".repeat(2 * (pretty + 1))));
    for k in (1..pretty).rev() {
        out.push_str(&format!("{}}}\n", " ".repeat(2 * (k + 1))));
    }
    out.push_str("  }\n}\n");
    out
}

#[test]
fn json_layout_is_serde_json_pretty_to_128_levels_then_compact() {
    // the expected layouts above, checked against serde_json's own pretty
    // printing where the whole value is pretty
    for n in [1, 2, 3, 127, 128] {
        let (mut tuple, mut object) = (json!(1), json!(1));
        for _ in 0..n {
            tuple = json!([tuple]);
            object = json!({ "a": object });
        }
        let pretty = |v: Json| serde_json::to_string_pretty(&json!({ "a": v })).unwrap() + "\n";
        assert_eq!(json_layout_of_tuple(n), pretty(tuple));
        assert_eq!(json_layout_of_object(n), pretty(object));
    }
    for n in [1, 128, 129, 200] {
        for (src, expected) in [
            (deep_tuple(n).src, json_layout_of_tuple(n)),
            (deep_object(n).src, json_layout_of_object(n)),
        ] {
            let run = hcl_with_input(&["json", "-", "--max-depth", "1000"], &format!("a = {src}\n"));
            assert_eq!((run.code, run.stderr.as_str()), (0, ""));
            assert_eq!(run.stdout, expected, "depth {n}");
        }
    }
}

/// Every command that prints values and types, on one value nested `DEEP`
/// levels: each exits 0 and prints exactly the value and its type.
fn prints_deep_values(d: Deep, json_layout: String) {
    let file = format!("a = {}\n", d.src);
    let raised = ["--max-depth", "1000000"];

    let run = hcl_with_input(&["eval", "-", raised[0], raised[1]], &file);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(
        run.stdout == format!("a = {}    # {}\n", d.human, d.type_name),
        "hcl eval"
    );

    let run = hcl_with_input(&["eval", "-", "--format", "json", raised[0], raised[1]], &file);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let expected = format!(
        r#"{{"parse_diagnostics":[],"attribute_order":["a"],"attributes":{{"a":{{"value":{},"type":{},"known":true,"diagnostics":[]}}}}}}"#,
        d.value, d.ty
    );
    assert!(run.stdout == expected + "\n", "hcl eval --format json");

    let run = hcl_with_input(&["expr", "-", raised[0], raised[1]], &d.src);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(
        run.stdout == format!("{}\n  type: {}\n", d.human, d.type_name),
        "hcl expr"
    );

    let run = hcl_with_input(&["expr", "-", "--format", "json", raised[0], raised[1]], &d.src);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let expected = format!(
        r#"{{"value":{},"type":{},"known":true,"diagnostics":[],"parse_diagnostics":[]}}"#,
        d.value, d.ty
    );
    assert!(run.stdout == expected + "\n", "hcl expr --format json");

    let run = hcl_with_input(&["json", "-", raised[0], raised[1]], &file);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(run.stdout == json_layout, "hcl json");
}

#[test]
fn tuples_nested_100000_deep_print_with_max_depth_raised() {
    prints_deep_values(deep_tuple(DEEP), json_layout_of_tuple(DEEP));
}

#[test]
fn objects_nested_100000_deep_print_with_max_depth_raised() {
    prints_deep_values(deep_object(DEEP), json_layout_of_object(DEEP));
}

#[test]
fn unknown_values_of_types_nested_100000_deep_print_with_max_depth_raised() {
    // `b ? X : X` with `b` unknown: an unknown value of X's type, which is
    // written as `{"__unknown__": TYPE}`
    let d = deep_tuple(DEEP);
    let vars = std::env::temp_dir().join(format!("hcl-cli-deep-unknown-{}.json", std::process::id()));
    std::fs::write(&vars, r#"{"b": {"unknown": "bool"}}"#).unwrap();
    let vars = vars.to_str().unwrap();
    let src = format!("b ? {} : {}", d.src, d.src);
    let run = hcl_with_input(
        &[
            "expr",
            "-",
            "--vars",
            vars,
            "--format",
            "json",
            "--max-depth",
            "1000000",
        ],
        &src,
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    let expected = format!(
        r#"{{"value":{{"__unknown__":{}}},"type":{},"known":false,"diagnostics":[],"parse_diagnostics":[]}}"#,
        d.ty, d.ty
    );
    assert!(run.stdout == expected + "\n", "hcl expr --format json");
    // the human form names the unknown value in words, and still prints
    // its type nested 100,000 deep
    let run = hcl_with_input(&["expr", "-", "--vars", vars, "--max-depth", "1000000"], &src);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert!(
        run.stdout == format!("(known after evaluation)\n  type: {}\n", d.type_name),
        "hcl expr"
    );
}

/// Blocks nested 100,000 deep (`--max-depth` raised) go through every
/// command that walks a body: the walks grow the stack as they go, and
/// the indentation stops growing (64 levels in the outline, 128 in
/// `hcl json`), so that the output stays linear in the input.
#[test]
fn blocks_nested_100000_deep_go_through_every_command_with_max_depth_raised() {
    let src = format!("{}a = 1\n{}", "b {\n".repeat(DEEP), "}\n".repeat(DEEP));
    let limit = ["--max-depth", "1000000"];
    let run = |args: &[&str]| {
        let run = hcl_with_input(&[args, &["-"], &limit].concat(), &src);
        assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{args:?}");
        run.stdout
    };
    // the outline: one line a block, then the attribute, then the braces
    let outline = run(&["parse"]);
    let lines: Vec<&str> = outline.lines().collect();
    assert_eq!(lines.len(), 2 * DEEP + 1);
    assert_eq!(lines[1], "  b {    (2:1)");
    assert_eq!(lines[DEEP - 1], format!("{}b {{    ({DEEP}:1)", "  ".repeat(64)));
    assert_eq!(lines[DEEP], format!("{}a = 1    ({}:1)", "  ".repeat(64), DEEP + 1));
    assert_eq!(*lines.last().unwrap(), "}");
    // the tree as JSON: every block, its attribute at the bottom
    let tree = run(&["parse", "--format", "json"]);
    assert_eq!(tree.matches(r#""type":"b""#).count(), DEEP);
    assert_eq!(tree.matches(r#""name":"a""#).count(), 1);
    // the body as JSON: `{"b": {"b": ... {"a": 1}}}`
    let json = run(&["json"]);
    let squeezed: String = json.split_whitespace().collect();
    assert_eq!(
        squeezed,
        format!("{}{{\"a\":1}}{}", "{\"b\":".repeat(DEEP), "}".repeat(DEEP))
    );
    assert_eq!(json.lines().count(), 2 * DEEP + 3);
    assert!(json.lines().all(|l| l.len() - l.trim_start().len() <= 2 * 128));
    // evaluated: nothing but a note about the block, or with `--all` the
    // nested sections (indentation stops growing, as in the outline)
    let eval = hcl_with_input(&["eval", "-", limit[0], limit[1]], &src);
    assert_eq!(
        (eval.code, eval.stdout.as_str(), eval.stderr.as_str()),
        (
            0,
            "",
            "note: 1 block not evaluated: b (line 1); --all evaluates the attributes inside blocks\n"
        )
    );
    let all = run(&["eval", "--all"]);
    let lines: Vec<&str> = all.lines().collect();
    assert_eq!(lines.len(), 2 * DEEP + 1);
    assert_eq!(lines[DEEP], format!("{}a = 1    # number", "  ".repeat(64)));
    let json = run(&["eval", "--all", "--format", "json"]);
    assert_eq!(json.matches(r#""type":"b""#).count(), DEEP);
    // checked: nothing to say
    let file = std::env::temp_dir().join(format!("hcl-cli-deep-blocks-{}.hcl", std::process::id()));
    std::fs::write(&file, &src).unwrap();
    let checked = hcl(&["check", file.to_str().unwrap(), "--max-depth", "1000000"]);
    std::fs::remove_file(&file).unwrap();
    assert_eq!(
        (checked.code, checked.stdout.as_str(), checked.stderr.as_str()),
        (0, "", "checked 1 file: 0 errors, 0 warnings\n")
    );
}

/// `levels` of `[for v in [INNER]: [v, v]]` around `1`: a value of
/// 2^levels ones from a few bytes a level.
fn doubled(levels: usize) -> String {
    (0..levels).fold("1".to_string(), |inner, _| format!("[for v in [{inner}]: [v, v]]"))
}

/// A value holding one part 2^40 times is not printed by any command: an
/// error names the step limit and `--max-steps`, and the rest of the
/// output is as usual. The limit raised, a smaller one is printed.
#[test]
fn values_too_large_to_print_are_reported_not_printed() {
    let src = format!("big = {}\nsmall = 1\n", doubled(40));
    let human = hcl_with_input(&["eval", "-"], &src);
    // an error: exit 1, the rest printed as usual
    assert_eq!(human.code, 1, "{}", human.stderr);
    assert!(
        human
            .stdout
            .contains("big = <too large to print>    # <too large to print>"),
        "{}",
        human.stdout
    );
    assert!(human.stdout.contains("small = 1    # number"), "{}", human.stdout);
    assert_eq!(
        rendered(&human.stderr),
        pairs(&[("error: Value too large to print", "<stdin>:1:7")])
    );
    assert!(
        human
            .stderr
            .contains("EvalLimits::max_steps. Raise it with --max-steps."),
        "{}",
        human.stderr
    );

    let json = hcl_with_input(&["eval", "--format", "json", "-"], &src).json();
    let big = &json["attributes"]["big"];
    assert_eq!(big["value"], "<too large to print>");
    assert_eq!(big["type"], "<too large to print>");
    assert_eq!(big["diagnostics"][0]["summary"], "Value too large to print");
    assert_eq!(json["attributes"]["small"]["value"], 1);

    let converted = hcl_with_input(&["json", "-"], &src);
    assert_eq!(converted.code, 1, "{}", converted.stderr);
    assert_eq!(converted.json(), serde_json::json!({"big": null, "small": 1}));
    assert!(
        converted.stderr.contains("Value too large to print"),
        "{}",
        converted.stderr
    );

    // 2^10 ones and their types: about 4,000 parts
    let expr = doubled(10);
    let limited = hcl(&["expr", "--max-steps", "3000", &expr]);
    assert!(limited.stdout.starts_with("<too large to print>"), "{}", limited.stdout);
    assert_eq!(limited.code, 1);
    let raised = hcl(&["expr", "--max-steps", "10000", &expr]);
    assert!(
        raised.stdout.starts_with("[[[[[[[[[[[[[[[[[[[[1, 1]], [[1, 1]]]]"),
        "{}",
        raised.stdout
    );
    assert_eq!((raised.code, raised.stderr.as_str()), (0, ""));
}

/// A block with 100,000 labels (no nesting limit applies: labels are a
/// flat list) makes 100,000 levels in `hcl json`'s output; the conversion
/// once overflowed the stack building, writing and dropping them. A second
/// block that differs in its last label joins the same levels.
#[test]
fn a_block_with_100000_labels_goes_through_every_command() {
    const LABELS: usize = 100_000;
    let src = format!(
        "b {}{{ a = 1 }}\nb {}\"m\" {{}}\n",
        "\"l\" ".repeat(LABELS),
        "\"l\" ".repeat(LABELS - 1)
    );
    let json = hcl_with_input(&["json", "-"], &src);
    assert_eq!((json.code, json.stderr.as_str()), (0, ""));
    let squeezed: String = json.stdout.split_whitespace().collect();
    assert_eq!(
        squeezed,
        format!(
            "{{\"b\":{}{{\"l\":{{\"a\":1}},\"m\":{{}}}}{}}}",
            "{\"l\":".repeat(LABELS - 1),
            "}".repeat(LABELS - 1)
        )
    );
    for args in [&["eval", "-"][..], &["parse", "-"], &["parse", "--format", "json", "-"]] {
        let run = hcl_with_input(args, &src);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    }
}

/// An attribute of 85 bytes that takes about 10,000,000 steps.
const HEAVY: &str = "length([for i in range(1000): [for j in range(1000): [for k in range(10): 1]]])";

/// A file of ten heavy attributes (in blocks too), between cheap ones.
fn heavy_file() -> String {
    let mut src = String::from("first = 1 + 2\n");
    for n in 0..5 {
        src.push_str(&format!("h{n} = {HEAVY}\nb {{\n  h{n} = {HEAVY}\n}}\n"));
    }
    src.push_str("last = \"x\"\n");
    src
}

/// The evaluation details of a `hcl eval --format json` run, attribute
/// by attribute in source order.
fn eval_details(json: &Json) -> Vec<(String, Vec<String>)> {
    let order = json["attribute_order"].as_array().expect("attribute_order");
    order
        .iter()
        .map(|name| {
            let name = name.as_str().expect("a name");
            let diags = json["attributes"][name]["diagnostics"].as_array().expect("diagnostics");
            let details = diags
                .iter()
                .map(|d| d["detail"].as_str().expect("detail").to_string())
                .collect();
            (name.to_string(), details)
        })
        .collect()
}

/// A command's evaluations share one budget of `--max-steps`: the
/// attribute that passes it says so, and every later one is "Not
/// evaluated", so a file of many heavy attributes costs the limit once
/// (each had it to itself: ten took 3.7 s with the default). `hcl check`
/// gives each file a budget of its own.
#[test]
fn the_step_limit_is_one_budget_per_command() {
    let src = heavy_file();
    let spent = "Not evaluated: the evaluations before this one spent the whole step budget they share (300000 steps";
    let json = hcl_with_input(&["eval", "--max-steps", "300000", "--format", "json", "-"], &src).json();
    let details = eval_details(&json);
    assert_eq!(details.len(), 7, "top-level attributes: {details:?}");
    assert_eq!(details[0], ("first".to_string(), vec![]));
    assert_eq!(json["attributes"]["first"]["value"], 3);
    assert!(
        details[1].1[0].starts_with("Evaluating this expression takes more than the 299997 steps left"),
        "{details:?}"
    );
    for (name, d) in &details[2..] {
        assert!(d.len() == 1 && d[0].starts_with(spent), "{name}: {d:?}");
    }
    assert_eq!(json["attributes"]["last"]["known"], false);

    // `hcl json` evaluates the attributes in blocks as well
    let converted = hcl_with_input(&["json", "--max-steps", "300000", "-"], &src);
    assert_eq!(converted.code, 1, "{}", converted.stderr);
    assert_eq!(
        converted.stderr.matches("Not evaluated").count(),
        10,
        "{}",
        converted.stderr
    );

    // `hcl check --vars`: a budget per file, whatever the threads do
    let dir = std::env::temp_dir().join(format!("hcl-cli-budget-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    for f in ["a.hcl", "b.hcl", "c.hcl"] {
        std::fs::write(dir.join(f), &src).expect("a heavy file");
    }
    let d = dir.to_str().expect("UTF-8 temp path");
    let checked = hcl(&[
        "check",
        "--max-steps",
        "300000",
        "--vars",
        "tests/data/cli/empty.vars.json",
        "--format",
        "json",
        d,
    ]);
    assert_eq!(checked.code, 1, "{}", checked.stderr);
    let files = checked.json()["files"].as_array().expect("files").clone();
    assert_eq!(files.len(), 3, "{}", checked.stdout);
    for file in &files {
        let details: Vec<&str> = file["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| d["detail"].as_str().expect("detail"))
            .collect();
        assert_eq!(details.len(), 11, "{details:?}");
        assert!(
            details[0].starts_with("Evaluating this expression takes more than the 299997 steps left"),
            "{details:?}"
        );
        assert!(details[1..].iter().all(|d| d.starts_with(spent)), "{details:?}");
    }
    std::fs::remove_dir_all(&dir).expect("cleanup");
}

/// The size check before printing counts a number's digits and the work of
/// finding them: 48,000 copies of `1e9800` (470 MB of digits, from a
/// 54-byte expression) are not printed, 500 of them are; a fraction counts
/// about a hundred parts.
#[test]
fn numbers_count_their_digits_before_printing() {
    let huge = hcl(&["expr", "[for i in range(48): [for j in range(1000): 1e9800]]"]);
    assert!(
        huge.stdout.starts_with("<too large to print>"),
        "{}",
        &huge.stdout[..200.min(huge.stdout.len())]
    );
    assert!(huge.stderr.contains("Value too large to print"), "{}", huge.stderr);
    assert_eq!(huge.code, 1);
    let some = hcl(&["expr", "[for j in range(500): 1e9800]"]);
    assert!(
        some.stdout.starts_with("[1000000000"),
        "{}",
        &some.stdout[..200.min(some.stdout.len())]
    );
    assert!(some.stdout.len() > 500 * 9801, "{}", some.stdout.len());

    let fractions = "[for i in range(100): [for j in range(100): j / 7]]";
    let limited = hcl(&["expr", "--max-steps", "500000", fractions]);
    assert!(limited.stdout.starts_with("<too large to print>"), "{}", limited.stdout);
    let raised = hcl(&["expr", "--max-steps", "2000000", fractions]);
    assert!(
        raised
            .stdout
            .starts_with("[[0, 0.14285714285714285714…, 0.28571428571428571428…, "),
        "{}",
        &raised.stdout[..200]
    );
}

/// `--unknown-variables`: a variable the vars file does not define is an
/// unknown value of any type, and `check` evaluates without `--vars`; a
/// misspelt function is still an error.
#[test]
fn unknown_variables_check_a_module_without_its_inputs() {
    let dir = std::env::temp_dir().join(format!("hcl-unknown-vars-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let module = dir.join("main.tf");
    std::fs::write(
        &module,
        "a = var.region == null ? [] : var.zones\nb = try(var.x.y, \"d\")\nc = lenght(var.zones)\n",
    )
    .unwrap();
    let path = module.to_str().unwrap();
    // without the option the file is only parsed
    let parsed = hcl(&["check", path]);
    assert_eq!(parsed.code, 0, "{}", parsed.stderr);
    let run = hcl(&["check", "--unknown-variables", "--format", "json", path]);
    let doc = run.json();
    let summaries = summaries(&doc["files"][0]["diagnostics"]);
    assert_eq!(summaries, ["Call to unknown function"], "{}", run.stdout);
    assert_eq!(run.code, 1);
    let value = hcl(&["expr", "--unknown-variables", "--format", "json", "var.a.b"]).json();
    assert_eq!(value["known"], false, "{value}");
    assert!(value["diagnostics"].as_array().unwrap().is_empty(), "{value}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--no-refinements`: the refinements of unknown values (the reference's,
/// go-cty 1.13) decide `!= null` of a template; without them, as in hcl
/// 2.16 and earlier, the answer is unknown.
#[test]
fn no_refinements_leaves_unknown_values_unrefined() {
    let expr = "\"ami-${var.id}\" != null";
    let refined = hcl(&["expr", "--unknown-variables", "--format", "json", expr]).json();
    assert_eq!(refined["value"], true, "{refined}");
    let plain = hcl(&[
        "expr",
        "--unknown-variables",
        "--no-refinements",
        "--format",
        "json",
        expr,
    ])
    .json();
    assert_eq!(plain["known"], false, "{plain}");
    assert_eq!(plain["type"], "bool", "{plain}");
}

/// `check --type-attributes`: Terraform's `variable.type` and `output.type`
/// are read as type constraints by default (no "unknown function list"),
/// a wrong one is reported at its range, and other attributes named `type`
/// are still evaluated; the option changes which ones, an empty list reads
/// none, and a malformed item is a usage error.
#[test]
fn check_reads_type_attributes_as_type_constraints() {
    let dir = std::env::temp_dir().join(format!("hcl-type-attrs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let module = dir.join("variables.tf");
    std::fs::write(
        &module,
        "variable \"a\" {\n  type = map(object({name = string, port = optional(number, 80)}))\n}\n\
         variable \"b\" {\n  type = list(strin)\n}\n\
         output \"c\" {\n  type = list(string)\n}\n\
         resource \"x\" \"y\" {\n  type = list(string)\n}\n",
    )
    .unwrap();
    let path = module.to_str().unwrap();
    let details = |args: &[&str]| -> Vec<(String, u64)> {
        let run = hcl(args);
        run.json()["files"][0]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                (
                    d["detail"].as_str().unwrap().to_string(),
                    d["range"]["start"]["line"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let default = details(&["check", "--unknown-variables", "--format", "json", path]);
    assert_eq!(
        default,
        [
            (
                "The keyword \"strin\" is not a valid type specification.".to_string(),
                5
            ),
            (
                "There is no function named \"list\". Did you mean \"int\"?".to_string(),
                11
            ),
        ]
    );
    let none = details(&[
        "check",
        "--unknown-variables",
        "--type-attributes",
        "",
        "--format",
        "json",
        path,
    ]);
    assert_eq!(none.len(), 4, "{none:?}");
    let resource = details(&[
        "check",
        "--unknown-variables",
        "--type-attributes",
        "resource.type",
        "--format",
        "json",
        path,
    ]);
    assert_eq!(resource.len(), 3, "{resource:?}");
    let bad = hcl(&["check", "--unknown-variables", "--type-attributes", "type", path]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    assert!(bad.stderr.contains("BLOCK_TYPE.NAME"), "{}", bad.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The JSON syntax in the CLI: `check DIR` picks up `*.tf.json` (and reads
/// it in the JSON syntax: a trailing comma is its error, a template error
/// in a string is found with `--unknown-variables`), `eval` and `parse`
/// read a `.json` file in the JSON syntax.
#[test]
fn json_syntax_files_in_check_eval_and_parse() {
    let dir = std::env::temp_dir().join(format!("hcl-json-syntax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bad.tf.json"), "{\"a\": [1,]}\n").unwrap();
    std::fs::write(
        dir.join("main.tf.json"),
        "{\"resource\": {\"x\": {\"y\": {\"n\": \"${upper(var.name)}\", \"m\": \"${nosuch()}\"}}}}\n",
    )
    .unwrap();
    std::fs::write(dir.join("ignored.json"), "not json at all").unwrap();
    let path = dir.to_str().unwrap();
    let run = hcl(&["check", "--unknown-variables", "--format", "json", path]);
    let doc = run.json();
    let files: Vec<(String, Vec<String>)> = doc["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().rsplit('/').next().unwrap().to_string(),
                summaries(&f["diagnostics"]).into_iter().map(String::from).collect(),
            )
        })
        .collect();
    assert_eq!(
        files,
        [
            (
                "bad.tf.json".to_string(),
                // as the reference: the array is abandoned at the comma, so
                // the object then meets its `]`; listed by position, as
                // every command lists a file's diagnostics
                vec![
                    "Root value must be object".to_string(),
                    "Trailing comma in array".to_string(),
                    "Mismatched braces".to_string(),
                ]
            ),
            ("main.tf.json".to_string(), vec!["Call to unknown function".to_string()]),
        ],
        "{}",
        run.stdout
    );
    let file = dir.join("app.json");
    std::fs::write(&file, "{\"//\": \"c\", \"port\": \"${8000 + 80}\", \"name\": \"web\"}").unwrap();
    let eval = hcl(&["eval", "--format", "json", file.to_str().unwrap()]).json();
    assert_eq!(eval["attribute_order"], serde_json::json!(["port", "name"]));
    assert_eq!(eval["attributes"]["port"]["value"], serde_json::json!(8080));
    let parse = hcl(&["parse", "--format", "json", file.to_str().unwrap()]).json();
    assert_eq!(parse["body"]["attributes"][1]["name"], "name");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn variables_of_an_expression_as_the_oracle_prints_them() {
    // The document `hcl-oracle variables` prints for the same expression
    // (its README's example), byte for byte.
    let run = hcl(&["variables", "-e", "a.b[0] + [for x in xs: x * k]", "--format", "json"]);
    assert_eq!(run.code, 0);
    let expected = r#"{"parse_diagnostics":[],"variables":[{"root":"a","source":"a.b[0]","range":{"start":{"line":1,"column":1,"byte":0},"end":{"line":1,"column":7,"byte":6}},"steps":[{"kind":"root","name":"a","range":{"start":{"line":1,"column":1,"byte":0},"end":{"line":1,"column":2,"byte":1}}},{"kind":"attr","name":"b","range":{"start":{"line":1,"column":2,"byte":1},"end":{"line":1,"column":4,"byte":3}}},{"kind":"index","key":0,"key_type":"number","range":{"start":{"line":1,"column":4,"byte":3},"end":{"line":1,"column":7,"byte":6}}}]},{"root":"xs","source":"xs","range":{"start":{"line":1,"column":20,"byte":19},"end":{"line":1,"column":22,"byte":21}},"steps":[{"kind":"root","name":"xs","range":{"start":{"line":1,"column":20,"byte":19},"end":{"line":1,"column":22,"byte":21}}}]},{"root":"k","source":"k","range":{"start":{"line":1,"column":28,"byte":27},"end":{"line":1,"column":29,"byte":28}},"steps":[{"kind":"root","name":"k","range":{"start":{"line":1,"column":28,"byte":27},"end":{"line":1,"column":29,"byte":28}}}]}]}"#;
    assert_eq!(run.stdout.trim_end(), expected);
    // Human form: one line per traversal.
    let run = hcl(&["variables", "-e", r#"a["k"].c + "${d}""#]);
    assert_eq!(run.stdout, "1:1  a[\"k\"].c\n1:15  d\n");
}

#[test]
fn variables_of_a_file_and_of_stdin() {
    let src = "a = b.c\nx \"y\" {\n  z = [for v in d[0] : v]\n}\n";
    let run = hcl_with_input(&["variables", "-", "--format", "json"], src);
    assert_eq!(run.code, 0);
    let doc = run.json();
    let sources: Vec<&str> = doc["variables"]
        .as_array()
        .expect("a list of variables")
        .iter()
        .filter_map(|v| v["source"].as_str())
        .collect();
    assert_eq!(sources, ["b.c", "d[0]"]);
    assert_eq!(doc["variables"][1]["steps"][1]["key"], json!(0));
    // A broken expression: its diagnostics, and what is left of it.
    let run = hcl_with_input(&["variables", "-e", "-", "--format", "json"], "f(a,");
    let doc = run.json();
    assert_eq!(doc["parse_diagnostics"][0]["severity"], "error");
    assert_eq!(doc["variables"][0]["root"], "a");
    // Neither a file nor an expression: a usage error.
    assert_eq!(hcl(&["variables"]).code, 2);
}

/// `hcl json --unevaluated`: the file in the JSON syntax, nothing
/// evaluated, which `hcl eval` reads back to the same values.
#[test]
fn json_unevaluated_writes_the_json_syntax() {
    let dir = std::env::temp_dir().join(format!("hcl-json-unevaluated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let native = dir.join("main.hcl");
    std::fs::write(
        &native,
        "a = 1 + 1\nb = \"x-${a}\"\nc = [\"q\\\"\", 2.50]\nd {\n  e = true\n}\n",
    )
    .unwrap();
    let run = hcl(&["json", "--unevaluated", native.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "{\n  \"a\": \"${1 + 1}\",\n  \"b\": \"x-${a}\",\n  \"c\": \"${[\\\"q\\\\\\\"\\\", 2.50]}\",\n  \"d\": {\n    \"e\": true\n  }\n}\n"
    );
    let json = dir.join("main.json");
    std::fs::write(&json, &run.stdout).unwrap();
    let ours = hcl(&["eval", "--format", "json", json.to_str().unwrap()]).json();
    let theirs = hcl(&["eval", "--format", "json", native.to_str().unwrap()]).json();
    for name in ["a", "c"] {
        assert_eq!(
            ours["attributes"][name]["value"], theirs["attributes"][name]["value"],
            "{name}"
        );
    }
    assert_eq!(hcl(&["json", "--unevaluated", "--vars", "x.json", "-"]).code, 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `hcl json FILE.json`: the JSON syntax with its templates evaluated, a
/// repeated name as an array of its values, comments left out.
#[test]
fn json_of_a_json_syntax_file_evaluates_its_templates() {
    let dir = std::env::temp_dir().join(format!("hcl-json-of-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("main.tf.json");
    std::fs::write(
        &file,
        r#"{"//": "c", "a": "${1 + 1}", "r": {"x": {"n": "${upper(\"y\")}"}}, "r": {"z": {}}}"#,
    )
    .unwrap();
    let run = hcl(&["json", file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let doc: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc, serde_json::json!({"a": 2, "r": [{"x": {"n": "Y"}}, {"z": {}}]}));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The README's `hcl dec` example, byte for byte; the same spec over the
/// same configuration in the JSON syntax gives the same value, and over
/// both files at once (one merged body) each attribute is a duplicate.
#[test]
fn dec_example_of_the_readme() {
    let r = hcl(&["dec", "--spec=examples/service.hcldec", "examples/service.hcl"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "{\"name\":\"checkout\",\"ports\":[{\"number\":8080,\"protocol\":\"tcp\"},{\"number\":9090,\"protocol\":\"udp\"}],\"replicas\":3}\n"
    );
    let json = hcl(&["json", "--unevaluated", "examples/service.hcl"]);
    assert_eq!(json.code, 0);
    let dir = std::env::temp_dir().join(format!("hcl-dec-readme-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("service.hcl.json");
    std::fs::write(&path, &json.stdout).unwrap();
    let r = hcl(&[
        "dec",
        "--spec=examples/service.hcldec",
        "--vars={\"x\": 1}",
        path.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("\"ports\":[{\"number\":8080,\"protocol\":\"tcp\"}"),
        "{}",
        r.stdout
    );
    let both = hcl(&[
        "dec",
        "--spec=examples/service.hcldec",
        "--diags=json",
        "examples/service.hcl",
        path.to_str().unwrap(),
    ]);
    assert_eq!(both.code, 2);
    let diags: Json = serde_json::from_str(&both.stderr).unwrap();
    let summaries = summaries(&diags["diagnostics"]);
    assert_eq!(summaries, ["Duplicate argument", "Duplicate argument"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `hcl fmt` on a scratch directory: stdout by default, `--check` lists,
/// `--diff` shows, `--write` rewrites only changed files that parse,
/// atomically and keeping their permissions; a directory gives its HCL
/// files and leaves JSON-syntax and other files alone.
#[test]
fn fmt_prints_checks_diffs_and_writes() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("hcl-cli-fmt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let ugly = "a=1\nbbb = [1,2]\n";
    let pretty = "a   = 1\nbbb = [1, 2]\n";
    std::fs::write(dir.join("ugly.tf"), ugly).unwrap();
    std::fs::set_permissions(dir.join("ugly.tf"), std::fs::Permissions::from_mode(0o640)).unwrap();
    std::fs::write(dir.join("sub/fine.pkr.hcl"), pretty).unwrap();
    std::fs::write(dir.join("sub/broken.nomad"), "a = 1\nb = [\n").unwrap();
    std::fs::write(dir.join("skip.tf.json"), "{\"a\":1}").unwrap();
    std::fs::write(dir.join("notes.txt"), "a=1\n").unwrap();
    let d = dir.display().to_string();
    let path = |p: &str| dir.join(p).display().to_string();

    let r = hcl(&["fmt", &path("ugly.tf")]);
    assert_eq!((r.code, r.stdout.as_str()), (0, pretty), "{}", r.stderr);

    let r = hcl(&["fmt", "--check", &d]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stdout,
        format!("{}\n", path("ugly.tf")),
        "only the HCL file that would change"
    );
    assert!(
        r.stderr.contains("broken.nomad"),
        "the syntax error is reported: {}",
        r.stderr
    );

    let r = hcl(&["fmt", "--diff", &path("ugly.tf")]);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.contains("-a=1\n-bbb = [1,2]\n+a   = 1\n+bbb = [1, 2]\n"),
        "{}",
        r.stdout
    );
    assert_eq!(hcl(&["fmt", "--diff", &path("sub/fine.pkr.hcl")]).code, 0);

    let fine_before = std::fs::metadata(dir.join("sub/fine.pkr.hcl"))
        .unwrap()
        .modified()
        .unwrap();
    std::fs::write(dir.join("sub/broken2.hcl"), "c=1\nd = [\n").unwrap();
    let r = hcl(&["fmt", "--write", &d]);
    assert_eq!(r.code, 1, "the broken file fails the run: {}", r.stderr);
    assert!(
        r.stderr.contains("broken2.hcl has syntax errors; it was not written"),
        "{}",
        r.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("sub/broken2.hcl")).unwrap(),
        "c=1\nd = [\n"
    );
    assert_eq!(std::fs::read_to_string(dir.join("ugly.tf")).unwrap(), pretty);
    let mode = std::fs::metadata(dir.join("ugly.tf")).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "permissions kept");
    assert_eq!(
        std::fs::read_to_string(dir.join("sub/broken.nomad")).unwrap(),
        "a = 1\nb = [\n"
    );
    assert_eq!(
        std::fs::metadata(dir.join("sub/fine.pkr.hcl"))
            .unwrap()
            .modified()
            .unwrap(),
        fine_before,
        "an unchanged file is not touched"
    );
    assert_eq!(std::fs::read_to_string(dir.join("skip.tf.json")).unwrap(), "{\"a\":1}");
    assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "a=1\n");
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("hcl-fmt"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary file is left behind");

    let r = hcl_with_input(&["fmt", "-"], "x={a=1}\n");
    assert_eq!((r.code, r.stdout.as_str()), (0, "x = { a = 1 }\n"));
    let r = hcl_with_input(&["fmt", "--write", "-"], "x=1\n");
    assert_eq!(r.code, 2, "stdin cannot be written back");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `hcl fmt` takes `terraform fmt`'s habits (docs/cli.md, issue 36):
/// single-dash spellings, `--check --diff` prints the diff, several files
/// to stdout each after a header, `--write` names what it changed, a path
/// that cannot be read is said and the others are formatted (exit 2).
#[test]
fn fmt_follows_terraform_fmt_habits() {
    let dir = std::env::temp_dir().join(format!("hcl-cli-fmt-tf-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let (ugly, pretty) = ("a=1\nbbb = [1,2]\n", "a   = 1\nbbb = [1, 2]\n");
    std::fs::write(dir.join("ugly.tf"), ugly).unwrap();
    std::fs::write(dir.join("sub/fine.tf"), pretty).unwrap();
    let d = dir.display().to_string();
    let path = |p: &str| dir.join(p).display().to_string();

    // -check, -recursive, -list=false: the names of the files to change
    let r = hcl(&["fmt", "-check", "-recursive", "-list=false", &d]);
    assert_eq!(
        (r.code, r.stdout.clone()),
        (1, format!("{}\n", path("ugly.tf"))),
        "{}",
        r.stderr
    );
    // -check -diff: the names and the diffs
    for args in [&["fmt", "-check", "-diff", &d][..], &["fmt", "--check", "--diff", &d]] {
        let r = hcl(args);
        assert_eq!(r.code, 1, "{args:?}");
        assert!(r.stdout.starts_with(&format!("{}\n", path("ugly.tf"))), "{}", r.stdout);
        assert!(
            r.stdout.contains("-a=1\n-bbb = [1,2]\n+a   = 1\n+bbb = [1, 2]\n"),
            "{}",
            r.stdout
        );
    }
    // -write=false, after global options too: formatted to stdout
    let r = hcl(&["--max-depth", "200", "fmt", "-write=false", &path("ugly.tf")]);
    assert_eq!((r.code, r.stdout.as_str(), r.stderr.as_str()), (0, pretty, ""));
    // several files to stdout: each after a header, as `tail` names files
    let r = hcl(&["fmt", &d]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        format!(
            "==> {} <==\n{pretty}\n==> {} <==\n{pretty}",
            path("sub/fine.tf"),
            path("ugly.tf")
        )
    );
    // a path that cannot be read: said, the others formatted, exit 2
    let r = hcl(&["fmt", "-check", &path("missing.tf"), &d]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, format!("{}\n", path("ugly.tf")));
    assert!(
        r.stderr
            .starts_with(&format!("hcl: cannot read {}: No such file", path("missing.tf"))),
        "{}",
        r.stderr
    );
    // after `--`, `-check` is a path
    let r = hcl(&["fmt", "--", "-check"]);
    assert!(
        r.code == 2 && r.stderr.starts_with("hcl: cannot read -check: "),
        "{}",
        r.stderr
    );
    // -write=true: rewrites and names what it changed
    let r = hcl(&["fmt", "-write=true", &d]);
    assert_eq!(
        (r.code, r.stdout.clone()),
        (0, format!("{}\n", path("ugly.tf"))),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(dir.join("ugly.tf")).unwrap(), pretty);
    let r = hcl(&["fmt", "--write", &d]);
    assert_eq!((r.code, r.stdout.as_str()), (0, ""), "nothing left to change");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// One policy for every command (docs/cli.md, issue 36): results on
/// stdout, diagnostics on stderr; exit 0 without errors, 1 when the input
/// has errors, 2 for a path that cannot be read, said in one form. `dec`
/// keeps hcldec's statuses (2 for error diagnostics, "Failed to read
/// file" among them).
#[test]
fn every_command_follows_one_policy() {
    let commands: [&[&str]; 9] = [
        &["parse"],
        &["parse", "--format", "json"],
        &["eval"],
        &["eval", "--format", "json"],
        &["variables"],
        &["check"],
        &["json"],
        &["json", "--unevaluated"],
        &["fmt"],
    ];
    for command in commands {
        fn with<'a>(command: &[&'a str], file: &'a str) -> Vec<&'a str> {
            let mut args = command.to_vec();
            args.push(file);
            args
        }
        // clean input: exit 0, nothing on stderr (but `check`'s summary)
        let clean = hcl_with_input(&with(command, "-"), "a = 1\n");
        let summary = if command[0] == "check" {
            "checked 1 file: 0 errors, 0 warnings\n"
        } else {
            ""
        };
        assert_eq!((clean.code, clean.stderr.as_str()), (0, summary), "{command:?}");
        // broken input: exit 1; rendered diagnostics on stderr only
        let broken = hcl_with_input(&with(command, "-"), "a = [1 2]\n");
        assert_eq!(broken.code, 1, "{command:?}: {}", broken.stderr);
        assert!(!broken.stdout.contains("error: "), "{command:?}: {}", broken.stdout);
        let json_report = command.contains(&"--format");
        assert_eq!(
            rendered(&broken.stderr),
            if json_report {
                vec![]
            } else {
                pairs(&[("error: Missing item separator", "<stdin>:1:8")])
            },
            "{command:?}: {}",
            broken.stderr
        );
        // a path that cannot be read: exit 2, one message form
        let missing = hcl(&with(command, "tests/data/cli/missing.tf"));
        assert_eq!(missing.code, 2, "{command:?}");
        assert_eq!(missing.stdout, "", "{command:?}");
        assert!(
            missing
                .stderr
                .starts_with("hcl: cannot read tests/data/cli/missing.tf: No such file or directory"),
            "{command:?}: {}",
            missing.stderr
        );
    }
    // expressions and templates as arguments: no paths, the same statuses
    for command in ["expr", "template"] {
        let clean = hcl(&[command, "1 + 1"]);
        assert_eq!((clean.code, clean.stderr.as_str()), (0, ""), "{command}");
        let broken = hcl(&[command, "${nope}"]);
        assert_eq!(broken.code, 1, "{command}");
        assert!(broken.stderr.contains("error: "), "{command}: {}", broken.stderr);
        assert!(!broken.stdout.contains("error: "), "{command}: {}", broken.stdout);
    }
    // `dec` keeps hcldec's statuses
    let missing = hcl(&["dec", "--spec=examples/service.hcldec", "tests/data/cli/missing.tf"]);
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.contains("Failed to read file"), "{}", missing.stderr);
    let no_spec = hcl(&["dec", "examples/service.hcl"]);
    assert_eq!(no_spec.code, 1, "{}", no_spec.stderr);
    // usage errors: 2
    assert_eq!(hcl(&["eval"]).code, 2);
    assert_eq!(hcl(&["fmt", "--check", "--write", "x.tf"]).code, 2);
}

/// An attribute set twice is listed and evaluated once, where it is first
/// set, as the reference's `eval` lists it (it used to be listed twice in
/// `attribute_order`).
#[test]
fn eval_lists_a_repeated_attribute_once() {
    let r = hcl_with_input(&["eval", "--format", "json", "-"], "a = 1\nb = 2\na = 3\n");
    let doc = r.json();
    assert_eq!(doc["attribute_order"], json!(["a", "b"]));
    assert_eq!(doc["attributes"]["a"]["value"], json!(1));
    assert_eq!(doc["parse_diagnostics"][0]["summary"], json!("Attribute redefined"));
    let human = hcl_with_input(&["eval", "-"], "a = 1\nb = 2\na = 3\n");
    assert_eq!(human.stdout, "a = 1    # number\nb = 2    # number\n");
    assert!(
        human.stderr.starts_with("error: Attribute redefined"),
        "{}",
        human.stderr
    );
    assert_eq!(human.code, 1);
}

/// With many attributes (past the few compared one by one, so that the
/// names are sorted to find the repeats) each name is still listed once,
/// first definition first, in source order.
#[test]
fn eval_lists_each_of_many_attributes_once() {
    let mut src: String = (0..30).map(|i| format!("a{i} = {i}\n")).collect();
    src.push_str("a7 = \"again\"\na29 = 0\nlast = 1\n");
    let doc = hcl_with_input(&["eval", "--format", "json", "-"], &src).json();
    let mut expected: Vec<String> = (0..30).map(|i| format!("a{i}")).collect();
    expected.push("last".into());
    assert_eq!(doc["attribute_order"], json!(expected));
    assert_eq!(doc["attributes"]["a7"]["value"], json!(7));
    assert_eq!(doc["attributes"]["a29"]["value"], json!(29));
    let summaries = summaries(&doc["parse_diagnostics"]);
    assert_eq!(summaries, ["Attribute redefined", "Attribute redefined"]);
}

/// Every command names stdin `<stdin>` (parse and eval said `-`), and an
/// expression or template given as an argument is its bytes: invalid UTF-8
/// is a ranged diagnostic, not a usage error (issue 25).
#[test]
fn stdin_is_named_alike_and_arguments_are_bytes() {
    for args in [
        &["parse", "-"][..],
        &["eval", "-"],
        &["json", "-"],
        &["check", "-"],
        &["expr", "-"],
    ] {
        let r = hcl_with_input(args, "a = (\n");
        assert!(r.stderr.contains("--> <stdin>:"), "{args:?}: {}", r.stderr);
        assert_eq!(r.code, 1, "{args:?}");
    }
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_hcl"))
        .arg("expr")
        .arg(std::ffi::OsStr::from_bytes(b"\"a\xffb\""))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: Invalid character encoding"), "{stderr}");
    assert!(stderr.contains("--> <input>:1:3"), "{stderr}");
}

/// Variables come as plain JSON (types implied, numbers exact, strings
/// literal), as a `.tfvars` file of attributes, and one by one with
/// `--var NAME=EXPRESSION`, beside the typed JSON form (issue 25).
#[test]
fn variables_come_as_plain_json_tfvars_and_var_options() {
    let dir = std::env::temp_dir().join(format!("hcl-cli-vars-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plain = dir.join("plain.json");
    std::fs::write(
        &plain,
        r#"{"region": "eu", "n": 3, "exact": 0.30000000000000000001, "t": "${x}", "tags": ["a"]}"#,
    )
    .unwrap();
    let tfvars = dir.join("prod.tfvars");
    std::fs::write(&tfvars, "region = \"us\"\nzones  = [\"a\", \"b\"]\n").unwrap();
    let typed = dir.join("typed.json");
    std::fs::write(
        &typed,
        r#"{"region": {"type": "string", "value": "ap"}, "later": {"unknown": "number"}}"#,
    )
    .unwrap();

    let r = hcl(&[
        "expr",
        "--format",
        "json",
        "--vars",
        &plain.display().to_string(),
        "[region, n, exact, t, tags]",
    ]);
    let want: Json = serde_json::from_str(r#"["eu", 3, 0.30000000000000000001, "${x}", ["a"]]"#).unwrap();
    assert_eq!(r.json()["value"], want, "{}", r.stdout);
    assert!(r.stdout.contains("0.30000000000000000001"), "exact: {}", r.stdout);

    let r = hcl(&[
        "expr",
        "--format",
        "json",
        "--vars",
        &tfvars.display().to_string(),
        "--var",
        "n=1 + 2",
        "--var",
        "region=\"over\"",
        "[region, zones, n]",
    ]);
    assert_eq!(r.json()["value"], json!(["over", ["a", "b"], 3]), "{}", r.stdout);

    let r = hcl(&[
        "expr",
        "--format",
        "json",
        "--vars",
        &typed.display().to_string(),
        "[region, later]",
    ]);
    assert_eq!(r.json()["known"], json!(false), "{}", r.stdout);

    let bad = hcl(&["expr", "--var", "no-equals-sign", "1"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("NAME=EXPRESSION"), "{}", bad.stderr);
    std::fs::write(dir.join("bad.tfvars"), "a = b\n").unwrap();
    let bad = hcl(&["expr", "--vars", &dir.join("bad.tfvars").display().to_string(), "1"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr
            .contains("bad.tfvars:1:5: Unknown variable: There is no variable named \"b\"."),
        "{}",
        bad.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each command's help says what it does (the `json` command had none and
/// `dec`'s began with `json`'s text: a doc comment on the wrong variant).
#[test]
fn every_command_has_its_own_help() {
    let help = hcl(&["--help"]).stdout;
    for (command, first_words) in [
        ("json", "Convert a configuration file to one JSON object"),
        ("dec", "Decode files by a decoding spec"),
        ("fmt", "Format files in the canonical layout"),
    ] {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{command} ")))
            .unwrap_or_else(|| panic!("no {command} in:\n{help}"));
        assert!(line.contains(first_words), "{line}");
        let own = hcl(&[command, "--help"]).stdout;
        assert!(own.starts_with(first_words), "{command} --help:\n{own}");
    }
}

// ------------------------------------------------------------- eval --all

/// A file with attributes at the top and in blocks, nested two deep.
const WITH_BLOCKS: &str =
    "x = 1\nresource \"a\" \"b\" {\n  n = 2 + 3\n  inner {\n    s = \"s\"\n  }\n}\nlocals {\n  u = x\n}\n";

/// `hcl eval` evaluates top-level attributes only: a note on stderr names
/// the blocks it left out (issue 25); a file without blocks gets no note.
#[test]
fn eval_names_the_blocks_it_skipped() {
    for format in ["human", "json"] {
        let r = hcl_with_input(&["eval", "--format", format, "-"], WITH_BLOCKS);
        assert_eq!(r.code, 0);
        assert_eq!(
            r.stderr,
            "note: 2 blocks not evaluated: resource \"a\" \"b\" (line 2), locals (line 8); \
             --all evaluates the attributes inside blocks\n",
            "{format}"
        );
    }
    let r = hcl_with_input(&["eval", "-"], WITH_BLOCKS);
    assert_eq!(r.stdout, "x = 1    # number\n");
    let none = hcl_with_input(&["eval", "-"], "x = 1\n");
    assert_eq!(
        (none.stdout.as_str(), none.stderr.as_str()),
        ("x = 1    # number\n", "")
    );
    // many blocks: the first ten are named
    let many: String = (1..=12).map(|i| format!("b{i} {{}}\n")).collect();
    let r = hcl_with_input(&["eval", "-"], &many);
    assert!(
        r.stderr
            .starts_with("note: 12 blocks not evaluated: b1 (line 1), b2 (line 2), ")
            && r.stderr.contains("b10 (line 10), and 2 more; --all"),
        "{}",
        r.stderr
    );
}

/// `hcl eval --all` evaluates the attributes inside blocks too: nested
/// sections in the human form, a `blocks` list in each body of the JSON
/// form; no note.
#[test]
fn eval_all_evaluates_attributes_inside_blocks() {
    let r = hcl_with_input(&["eval", "--all", "-"], WITH_BLOCKS);
    // no note of blocks left out; `locals.u`'s unknown variable is the only diagnostic
    assert_eq!(
        rendered(&r.stderr),
        pairs(&[("error: Unknown variable", "<stdin>:9:7")]),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("not evaluated"), "{}", r.stderr);
    assert_eq!(r.code, 1);
    assert!(
        r.stdout.starts_with(
            "x = 1    # number\nresource \"a\" \"b\" {\n  n = 5    # number\n  inner {\n    s = \"s\"    # string\n  }\n}\nlocals {\n  u = "
        ),
        "{}",
        r.stdout
    );
    let r = hcl_with_input(&["eval", "--all", "--format", "json", "-"], WITH_BLOCKS);
    assert_eq!((r.code, r.stderr.as_str()), (1, ""));
    let doc = r.json();
    assert_eq!(doc["attribute_order"], json!(["x"]));
    assert_eq!(doc["attributes"]["x"]["value"], json!(1));
    let blocks = doc["blocks"].as_array().expect("blocks");
    assert_eq!(blocks.len(), 2);
    assert_eq!(blocks[0]["type"], json!("resource"));
    assert_eq!(blocks[0]["labels"], json!(["a", "b"]));
    assert_eq!(blocks[0]["range"]["start"]["line"], json!(2));
    assert_eq!(blocks[0]["range"]["end"]["line"], json!(7));
    assert_eq!(blocks[0]["attribute_order"], json!(["n"]));
    assert_eq!(blocks[0]["attributes"]["n"]["value"], json!(5));
    let inner = &blocks[0]["blocks"][0];
    assert_eq!((&inner["type"], &inner["labels"]), (&json!("inner"), &json!([])));
    assert_eq!(inner["attributes"]["s"]["value"], json!("s"));
    assert_eq!(inner["blocks"], json!([]));
    assert_eq!(blocks[1]["type"], json!("locals"));
    assert_eq!(
        blocks[1]["attributes"]["u"]["diagnostics"][0]["summary"],
        json!("Unknown variable")
    );
    // without blocks, `--all` changes nothing but the empty list
    let plain = hcl_with_input(&["eval", "--format", "json", "-"], "x = 1\n").json();
    let all = hcl_with_input(&["eval", "--all", "--format", "json", "-"], "x = 1\n").json();
    let mut expected = plain.clone();
    expected["blocks"] = json!([]);
    assert_eq!(all, expected);
    assert!(plain.get("blocks").is_none());
}

// ------------------------------------------------------ the human form

/// The human form of `eval` and `expr` writes values in HCL's notation on
/// one line: each unknown part as `(known after evaluation)`, not JSON's
/// `{"__unknown__": T}`, and a fraction of more than 20 significant digits
/// cut with `…` (integers and short fractions whole); `--format json`
/// keeps every digit and the unknown markers (issue 25).
#[test]
fn human_values_name_unknowns_in_words_and_cut_long_fractions() {
    let vars = std::env::temp_dir().join(format!("hcl-cli-human-{}.json", std::process::id()));
    std::fs::write(&vars, r#"{"id": {"unknown": "string"}}"#).unwrap();
    let vars = vars.to_str().unwrap();
    let src = r#"[80, id, 1/7, -22/7, 0.1 + 0.2, 1e30, "a b", 1/0, null]"#;
    let r = hcl(&["expr", "--vars", vars, src]);
    assert_eq!(
        r.stdout,
        "[80, (known after evaluation), 0.14285714285714285714…, -3.1428571428571428571…, 0.3, \
         1000000000000000000000000000000, \"a b\", +Inf, null]\n  \
         type: tuple([number, string, number, number, number, number, string, number, dynamic])\n"
    );
    let r = hcl(&["expr", "--vars", vars, "id"]);
    assert_eq!(r.stdout, "(known after evaluation)\n  type: string\n");
    let r = hcl_with_input(
        &["eval", "--vars", vars, "-"],
        "o = {a = 1, \"b c\" = \"x${id}\", e = {}}\n",
    );
    assert_eq!(
        r.stdout,
        "o = { a = 1, \"b c\" = (known after evaluation), e = {} }    # object({a = number, \"b c\" = string, e = object({})})\n"
    );
    let json = hcl(&["expr", "--vars", vars, "--format", "json", "[id, 1/7]"]).json();
    assert_eq!(json["value"][0], json!({"__unknown__": "string"}));
    assert!(json["value"][1].to_string().len() > 100, "{}", json["value"][1]);
}

// ------------------------------------------------ the diagnostics' order

/// Every command prints diagnostics in one order, by file then by
/// position: here the parser finds the missing expression (line 2) before
/// the unclosed block (line 1), and `hcl json` alone used to sort them
/// (issue 25); `eval` printed its evaluations' diagnostics before the
/// parser's. (`hcl dec` is left out: it prints hcldec's own order, which
/// its golden tests pin byte for byte; so are the JSON documents that
/// mirror the reference's, whose golden tests pin its order.)
#[test]
fn every_command_prints_diagnostics_in_one_order() {
    let src = "a {\n  b = \n";
    let expected = pairs(&[
        ("error: Unclosed configuration block", "<stdin>:1:3"),
        ("error: Invalid expression", "<stdin>:2:7"),
    ]);
    for args in [
        &["parse", "-"][..],
        &["check", "-"],
        &["eval", "-"],
        &["eval", "--all", "-"],
        &["json", "-"],
        &["json", "--unevaluated", "-"],
        &["variables", "-"],
        &["fmt", "-"],
    ] {
        let r = hcl_with_input(args, src);
        let all = format!("{}{}", r.stdout, r.stderr);
        assert_eq!(rendered(&all), expected, "{args:?}: {all}");
    }
    let lines = |ds: &Json| -> Vec<(String, u64)> {
        ds.as_array()
            .expect("a list of diagnostics")
            .iter()
            .map(|d| {
                let line = d["range"]["start"]["line"].as_u64().unwrap();
                (d["summary"].as_str().unwrap().to_string(), line)
            })
            .collect()
    };
    let expected = vec![
        ("Unclosed configuration block".to_string(), 1),
        ("Invalid expression".to_string(), 2),
    ];
    let check = hcl_with_input(&["check", "--format", "json", "-"], src).json();
    assert_eq!(lines(&check["files"][0]["diagnostics"]), expected);

    // evaluation and parse diagnostics of `eval` and `check --vars` in one
    // order too
    let src = "a = nope\nb = [1 2]\nc = nope\n";
    let expected = pairs(&[
        ("error: Unknown variable", "<stdin>:1:5"),
        ("error: Missing item separator", "<stdin>:2:8"),
        ("error: Unknown variable", "<stdin>:3:5"),
    ]);
    for args in [
        &["eval", "-"][..],
        &["check", "--vars", "tests/data/cli/empty.vars.json", "-"],
        &["json", "-"],
    ] {
        let r = hcl_with_input(args, src);
        let all = format!("{}{}", r.stdout, r.stderr);
        assert_eq!(rendered(&all), expected, "{args:?}: {all}");
    }
}

// ---------------------------------------------------------------- colour

/// Runs `hcl ARGS` with `env` set, its output streams a terminal (through
/// `script`, when the system has it): what the terminal showed.
fn hcl_on_a_terminal(args: &[&str], env: &[(&str, &str)]) -> Option<String> {
    let line = std::iter::once(env!("CARGO_BIN_EXE_hcl"))
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &line, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    // another `script` (BSD's takes other options) does not run it; `-e`
    // gives the command's status, 1 for the files with errors
    let out = cmd.output().ok().filter(|o| matches!(o.status.code(), Some(0 | 1)))?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Rendered diagnostics, on stderr for every command, are in colour with
/// `--color always` (rustc's: the error title red and bold, the gutter
/// blue), and plain with `--color never` or when the
/// stream is piped (`auto`, the default); on a terminal `auto` colours
/// unless NO_COLOR is set and not empty (issue 25).
#[test]
fn diagnostics_are_coloured_on_a_terminal_or_when_asked() {
    const ESC: char = '\x1b';
    let src = "a = [1 2]\n";
    let red_error = "\x1b[1m\x1b[91merror";
    let blue_gutter = "\x1b[1m\x1b[94m";
    // always, before or after the command; never; piped auto
    let r = hcl_with_input(&["--color", "always", "parse", "-"], src);
    assert!(
        r.stderr.contains(red_error) && r.stderr.contains(blue_gutter),
        "{:?}",
        r.stderr
    );
    assert!(!r.stdout.contains(ESC), "the outline stays plain: {:?}", r.stdout);
    let r = hcl_with_input(&["json", "-", "--color=always"], src);
    assert!(r.stderr.contains(red_error), "{:?}", r.stderr);
    assert!(!r.stdout.contains(ESC), "the JSON stays plain: {:?}", r.stdout);
    let r = hcl_with_input(&["check", "-", "--color", "always", "--format", "json"], src);
    assert!(
        !r.stdout.contains(ESC) && !r.stderr.contains(ESC),
        "{r:?}",
        r = (&r.stdout, &r.stderr)
    );
    for args in [
        &["parse", "-", "--color", "never"][..],
        &["parse", "-"],
        &["eval", "-"],
        &["check", "-"],
    ] {
        let r = hcl_with_input(args, src);
        assert!(
            r.stderr.contains("error: Missing item separator"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(!r.stdout.contains(ESC) && !r.stderr.contains(ESC), "{args:?}");
    }
    let r = hcl_with_input(&["json", "-"], src);
    assert!(
        r.stderr.contains("error: ") && !r.stderr.contains(ESC),
        "{:?}",
        r.stderr
    );
    // NO_COLOR does not overrule an explicit --color always
    let out = Command::new(env!("CARGO_BIN_EXE_hcl"))
        .args(["parse", "tests/data/cli/tree/modules/broken.hcl", "--color", "always"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains(red_error));

    // on a terminal
    let file = "tests/data/cli/tree/modules/broken.hcl";
    let Some(auto) = hcl_on_a_terminal(&["parse", file], &[]) else {
        eprintln!("no `script` command: the terminal cases are not run");
        return;
    };
    assert!(auto.contains(red_error), "{auto:?}");
    let no_color = hcl_on_a_terminal(&["parse", file], &[("NO_COLOR", "1")]).unwrap();
    assert!(no_color.contains("error: ") && !no_color.contains(ESC), "{no_color:?}");
    let empty = hcl_on_a_terminal(&["parse", file], &[("NO_COLOR", "")]).unwrap();
    assert!(empty.contains(red_error), "an empty NO_COLOR is not set: {empty:?}");
    let never = hcl_on_a_terminal(&["parse", file, "--color", "never"], &[]).unwrap();
    assert!(never.contains("error: ") && !never.contains(ESC), "{never:?}");
}

// -------------------------------------------------------------- settings

/// The global options reach every command through one `Settings` value:
/// `fmt` read the file with the library's default nesting limit whatever
/// `--max-depth` said, so a file nested 200 deep was a syntax error (exit
/// 1, not formatted back) for `fmt` but fine for `parse` and `check`.
#[test]
fn fmt_takes_max_depth_like_every_command() {
    let src = format!("a = {}\n", nest("[", "1", "]", 200));
    let parse = hcl_with_input(&["parse", "--max-depth", "300", "--format", "json", "-"], &src).json();
    assert_eq!(parse["diagnostics"], json!([]));
    let r = hcl_with_input(&["fmt", "--max-depth", "300", "-"], &src);
    assert_eq!((r.code, r.stderr.as_str(), r.stdout.as_str()), (0, "", src.as_str()));
    // the default limit still applies
    let r = hcl_with_input(&["fmt", "-"], &src);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("error: "), "{}", r.stderr);
    // a usage error is still exit 2, --help and --version 0
    assert_eq!(hcl(&["fmt", "--max-depth", "x", "-"]).code, 2);
    assert_eq!(hcl(&["--version"]).code, 0);
    assert_eq!(hcl(&["eval", "--help"]).code, 0);
}

const DYNAMIC: &str = r#"name = "web"
resource "sg" "a" {
  dynamic "ingress" {
    for_each = var.ports
    labels   = ["p${ingress.value}"]
    content {
      port = ingress.value
      idx  = ingress.key + missing
    }
  }
  ingress "static" {
    port = 1
  }
}
"#;

/// `hcl json --expand-dynamic`: a dynamic block makes blocks of its type,
/// one per element, their attributes evaluated with the iterator; without
/// the option the `dynamic` block is converted as written (issue 26).
#[test]
fn json_expands_dynamic_blocks_when_asked() {
    let fixed = DYNAMIC.replace(" + missing", "");
    let r = hcl_with_input(
        &["json", "-", "--var", "var={ports=[80, 443]}", "--expand-dynamic"],
        &fixed,
    );
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(
        v["resource"]["sg"]["a"]["ingress"],
        serde_json::json!({"p80": {"port": 80, "idx": 0}, "p443": {"port": 443, "idx": 1}, "static": {"port": 1}})
    );
    assert_eq!(v["name"], "web");
    let plain = hcl_with_input(&["json", "-", "--var", "var={ports=[80, 443]}"], &fixed);
    assert_eq!(plain.code, 1, "the iterator is not defined without expansion");
    assert!(plain.stdout.contains("\"dynamic\""), "{}", plain.stdout);
    assert!(
        plain.stderr.contains("There is no variable named \"ingress\""),
        "{}",
        plain.stderr
    );
    let both = hcl(&["json", "x.tf", "--unevaluated", "--expand-dynamic"]);
    assert_eq!(both.code, 2, "--unevaluated expands nothing: {}", both.stderr);
}

/// `hcl check --expand-dynamic`: attributes of content blocks see their
/// iterator; a problem in a content block is said once, not once per
/// block made from it (issue 26).
#[test]
fn check_expands_dynamic_blocks_when_asked() {
    let dir = std::env::temp_dir().join(format!("hcl-cli-dynamic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("main.tf");
    std::fs::write(&file, DYNAMIC).unwrap();
    let path = file.to_str().unwrap();
    let expanded = hcl(&[
        "check",
        path,
        "--var",
        "var={ports=[80, 443, 8080]}",
        "--expand-dynamic",
    ]);
    assert_eq!(expanded.code, 1);
    let found = rendered(&expanded.stderr);
    assert_eq!(found.len(), 1, "{}", expanded.stderr);
    assert_eq!(found[0].0, "error: Unknown variable");
    assert!(found[0].1.ends_with("main.tf:8:28"), "{found:?}");
    let plain = hcl(&["check", path, "--var", "var={ports=[80, 443, 8080]}"]);
    // without expansion the iterator is undefined at each of its 3 uses
    assert_eq!(rendered(&plain.stderr).len(), 4, "{}", plain.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tf_eval_prints_a_modules_variables_locals_and_outputs() {
    let run = hcl(&["tf", "eval", "examples/terraform", "--format", "json"]);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{}", run.stdout);
    let doc = run.json();
    assert!(
        run.stdout.starts_with(r#"{"variables":{"environment":"#),
        "{}",
        run.stdout
    );
    let (locals, outputs) = (run.stdout.find(r#"},"locals":{"#), run.stdout.find(r#"},"outputs":{"#));
    assert!(
        locals.is_some() && outputs.is_some() && locals < outputs,
        "{}",
        run.stdout
    );
    // each value is the document `hcl eval --format json` gives an attribute
    assert_eq!(
        doc["outputs"]["prefix"],
        json!({"value": "shop-dev", "type": "string", "known": true, "string": "shop-dev", "diagnostics": []})
    );
    assert_eq!(doc["outputs"]["replicas"]["value"], json!(5));
    assert_eq!(doc["outputs"]["alarm_count"]["value"], json!(0));
    assert_eq!(
        doc["outputs"]["instance_names"]["value"],
        json!(["shop-dev-1a", "shop-dev-1b"])
    );
    assert_eq!(
        doc["variables"]["services"]["value"]["worker"],
        json!({"port": 9000, "public": false, "replicas": 1})
    );
    assert_eq!(doc["locals"]["env_short"]["value"], json!("dev"));

    let human = hcl(&["tf", "eval", "examples/terraform"]);
    assert_eq!(human.code, 0, "{}", human.stderr);
    assert!(human.stdout.contains("outputs:\n"), "{}", human.stdout);
    assert!(
        human.stdout.contains("  prefix = \"shop-dev\"\n    type: string\n"),
        "{}",
        human.stdout
    );
}

#[test]
fn tf_eval_takes_var_files_and_vars_as_terraform_does() {
    // -var after -var-file
    let run = hcl(&[
        "tf",
        "eval",
        "examples/terraform",
        "--var-file",
        "examples/terraform/prod.tfvars",
        "--var",
        "environment=staging",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["outputs"]["prefix"]["value"], json!("shop-stag"));
    // the var file alone fails the variable's validation rule: exit 1, the
    // error where the value was given, and the values printed anyway
    let run = hcl(&[
        "tf",
        "eval",
        "examples/terraform",
        "--var-file",
        "examples/terraform/prod.tfvars",
    ]);
    assert_eq!(run.code, 1);
    assert_eq!(
        rendered(&run.stderr),
        pairs(&[(
            "error: Invalid value for variable",
            "examples/terraform/prod.tfvars:1:15"
        )])
    );
    assert!(run.stdout.contains("  environment = \"production\""), "{}", run.stdout);
    // Terraform's own spellings
    let run = hcl(&[
        "tf",
        "eval",
        "examples/terraform",
        "-var-file=examples/terraform/prod.tfvars",
        "-var",
        "environment=prod",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.json()["outputs"]["prefix"]["value"], json!("shop-prod"));
    // a variable of no primitive type reads its text as an expression
    let run = hcl(&[
        "tf",
        "eval",
        "examples/terraform",
        "--var",
        "zones=[\"eu-3c\"]",
        "--format",
        "json",
    ]);
    assert_eq!(run.json()["outputs"]["instance_names"]["value"], json!(["shop-dev-3c"]));
    // the JSON diagnostics name their file
    let run = hcl(&[
        "tf",
        "eval",
        "tests/data/terraform/json",
        "--var",
        "size=x",
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 1);
    let d = &run.json()["variables"]["size"]["diagnostics"][0];
    assert_eq!(d["file"], json!("<value for var.size>"));
    assert_eq!(d["summary"], json!("Invalid value for input variable"));
}

#[test]
fn tf_eval_usage_errors_exit_2() {
    let run = hcl(&["tf", "eval", "examples/terraform", "--var", "no-equals-sign"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stderr, "hcl: --var \"no-equals-sign\": NAME=VALUE is required\n");
    let run = hcl(&["tf", "eval", "tests/data/no-such-module"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("hcl: cannot read tests/data/no-such-module: "),
        "{}",
        run.stderr
    );
}

#[test]
fn tf_check_checks_every_module_below_the_directories() {
    // the example and its child module: clean
    let run = hcl(&["tf", "check", "examples/terraform"]);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (0, "checked 2 modules: 0 errors, 0 warnings\n")
    );
    assert_eq!(run.stdout, "");
    // a module with what terraform validate reports
    let run = hcl(&["tf", "check", "tests/data/terraform"]);
    assert_eq!(run.code, 1);
    assert_eq!(
        rendered(&run.stderr),
        pairs(&[
            (
                "error: Reference to undeclared input variable",
                "tests/data/terraform/broken/main.tf:2:12"
            ),
            (
                "error: Cycle: local.a, local.b",
                "tests/data/terraform/broken/main.tf:3:3"
            ),
            (
                "error: Invalid for_each argument",
                "tests/data/terraform/broken/main.tf:9:14"
            ),
            (
                "error: Invalid combination of \"count\" and \"for_each\"",
                "tests/data/terraform/broken/main.tf:15:3"
            ),
            (
                "error: Reference to \"count\" in non-counted context",
                "tests/data/terraform/broken/main.tf:19:20"
            ),
            (
                "error: Reference to undeclared local value",
                "tests/data/terraform/broken/main.tf:23:11"
            ),
            (
                "error: Too many function arguments",
                "tests/data/terraform/broken/main.tf:27:20"
            ),
            (
                "error: Invalid default value for variable",
                "tests/data/terraform/broken/variables.tf:3:13"
            ),
            (
                "error: Invalid quoted type constraints",
                "tests/data/terraform/broken/variables.tf:12:10"
            ),
            (
                "error: Duplicate variable declaration",
                "tests/data/terraform/broken/variables.tf:15:1"
            ),
        ])
    );
    assert_eq!(run.summary(), "checked 2 modules: 10 errors, 0 warnings in 1 module");
    let run = hcl(&["tf", "check", "tests/data/terraform", "--format", "json"]);
    assert_eq!(run.code, 1);
    let doc = run.json();
    assert_eq!((doc["errors"].clone(), doc["warnings"].clone()), (json!(10), json!(0)));
    let paths: Vec<&Json> = doc["modules"].as_array().unwrap().iter().map(|m| &m["path"]).collect();
    assert_eq!(
        paths,
        [
            &json!("tests/data/terraform/broken"),
            &json!("tests/data/terraform/json")
        ]
    );
    assert_eq!(
        doc["modules"][0]["diagnostics"][0]["file"],
        json!("tests/data/terraform/broken/main.tf")
    );
    // nothing to check
    let run = hcl(&["tf", "check", "tests/data/cli/json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
}

#[test]
fn type_attributes_are_type_constraints_in_json_and_eval_all() {
    let src =
        "variable \"tags\" {\n  type    = map(string)\n  default = { a = \"b\" }\n}\noutput \"x\" {\n  value = 1\n}\n";
    // `hcl json`: the type written as its text (what Terraform's JSON
    // syntax reads), not "There is no function named map"
    let run = hcl_with_input(&["json", "-"], src);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{}", run.stdout);
    assert_eq!(run.json()["variable"]["tags"]["type"], json!("map(string)"));
    assert_eq!(run.json()["variable"]["tags"]["default"], json!({"a": "b"}));
    // `hcl eval --all`
    let run = hcl_with_input(&["eval", "-", "--all", "--format", "json"], src);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let tags = &run.json()["blocks"][0];
    assert_eq!(tags["attributes"]["type"]["value"], json!("map(string)"));
    // a misspelled type is the type checker's error, not a call
    let run = hcl_with_input(&["json", "-"], "variable \"x\" {\n  type = lst(string)\n}\n");
    assert_eq!(run.code, 1);
    assert_eq!(
        rendered(&run.stderr),
        pairs(&[("error: Invalid type specification", "<stdin>:2:10")])
    );
    // elsewhere `type` is an attribute like any other
    let run = hcl_with_input(&["json", "-"], "thing {\n  type = upper(\"a\")\n}\n");
    assert_eq!(run.json()["thing"]["type"], json!("A"));
}
