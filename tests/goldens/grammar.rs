//! Golden grammar tests: one test per input file under `grammar-tests/`.
//!
//! Layout: `grammar-tests/<spec section>/{ok,err}/<case>.<kind>`, where
//! `<kind>` says how the input is parsed:
//!
//! | extension | parsed as |
//! | --- | --- |
//! | `.hcl` | a configuration file |
//! | `.hclexpr` | a standalone expression |
//! | `.hcltmpl` | a standalone template (its first line, the spec comment, is not part of it) |
//!
//! Every input starts with a comment line naming the spec ids it exercises
//! (`# spec: tuple, hclsyntax#collection-values`; a byte order mark may
//! precede it). Beside it, `<case>.<kind>.out` holds the expected result:
//! the diagnostics, then the syntax tree dump with byte ranges. Cases under
//! `ok/` must have no errors; cases under `err/` must have at least one.
//!
//! Regenerate the expected files with `UPDATE_GOLDEN=1 cargo test --test
//! grammar`, then review the diff like code.

use hcl_native::ast::dump;
use hcl_native::{parse_config, parse_expression, parse_template, Arena, Diagnostics, LineIndex};
use libtest_mimic::Failed;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const HEADER: &str = "# regenerate: UPDATE_GOLDEN=1 cargo test --test goldens";

/// The cases of this kind.
pub fn trials() -> Vec<libtest_mimic::Trial> {
    crate::common::golden_trials(&["hcl", "hclexpr", "hcltmpl"], run_case)
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let kind = path.extension().and_then(|e| e.to_str()).unwrap_or_default();
    let in_err = path.parent().and_then(|p| p.file_name()).is_some_and(|n| n == "err");
    spec_line(&input).ok_or("the input must start with a `# spec: ...` comment line")?;
    let actual = render(kind, &input);
    let expected_path = PathBuf::from(format!("{}.out", path.display()));
    let has_errors = actual.has_errors;
    if in_err && !has_errors {
        return Err("a case under err/ must produce at least one error".into());
    }
    if !in_err && has_errors {
        return Err(format!("a case under ok/ must produce no error, got:\n{}", actual.text).into());
    }
    crate::common::compare_golden(&expected_path, &actual.text, update)
}

/// The first line's spec comment, after an optional byte order mark.
fn spec_line(input: &[u8]) -> Option<&str> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let line = input.split(|b| *b == b'\n').next()?;
    let line = std::str::from_utf8(line).ok()?.trim_end_matches('\r');
    line.strip_prefix("# spec:").map(str::trim)
}

struct Rendered {
    text: String,
    has_errors: bool,
}

fn render(kind: &str, input: &[u8]) -> Rendered {
    let mut text = format!("{HEADER}\n");
    let arena = Arena::new();
    let (src, diagnostics, tree): (&[u8], Diagnostics, String) = match kind {
        "hcl" => {
            let p = parse_config(&arena, input);
            (input, p.diagnostics, dump(&p.ast))
        }
        "hclexpr" => {
            let p = parse_expression(&arena, input);
            (input, p.diagnostics, dump(&p.ast))
        }
        _ => {
            // the template starts after the spec comment line
            let start = input.iter().position(|b| *b == b'\n').map_or(input.len(), |k| k + 1);
            let body = &input[start..];
            let p = parse_template(&arena, body);
            (body, p.diagnostics, dump(&p.ast))
        }
    };
    let index = LineIndex::new(src);
    text.push_str("## diagnostics\n");
    if diagnostics.is_empty() {
        text.push_str("(none)\n");
    }
    for d in &diagnostics {
        let (a, b) = index.range(src, d.subject());
        let _ = writeln!(
            text,
            "{} {}:{}-{}:{} @{}..{}: {}",
            d.severity(),
            a.line,
            a.column,
            b.line,
            b.column,
            d.subject().start,
            d.subject().end,
            d.summary()
        );
        let _ = writeln!(text, "  {}", d.detail());
        if let Some(c) = d.context() {
            let (a, b) = index.range(src, c);
            let _ = writeln!(
                text,
                "  context {}:{}-{}:{} @{}..{}",
                a.line, a.column, b.line, b.column, c.start, c.end
            );
        }
    }
    text.push_str("## ast\n");
    text.push_str(&tree);
    Rendered {
        text,
        has_errors: diagnostics.has_errors(),
    }
}
