//! `hcl variables`: the variables an expression or a configuration file
//! refers to (`Expression::variables`, `Body::variables`).

use crate::json::WriteJson;
use crate::{read_input, Format, Found};
use hcl_native::Locator;
use hcl_native::{parse_config_with, parse_expression_with, Arena, Diagnostic};
use std::process::ExitCode;

/// Prints the variables of the file `file` (every attribute value, nested
/// blocks included) or of the expression `expr` (`-` reads it from stdin):
/// with `--format json`, `{"parse_diagnostics": [DIAG], "variables":
/// [TRAVERSAL]}` as `hcl-oracle variables` prints for an expression;
/// otherwise one line per traversal, `LINE:COLUMN  SOURCE`, and the
/// diagnostics on stderr. Exits 1 when the source has syntax errors.
pub fn run(file: Option<&str>, expr: Option<&str>, format: Format, settings: &crate::Settings) -> ExitCode {
    let (name, src) = match (file, expr) {
        (_, Some("-")) | (Some("-"), None) => match read_input("-") {
            Ok(src) => ("<stdin>", src),
            Err(code) => return code,
        },
        (_, Some(e)) => ("<expr>", e.as_bytes().to_vec()),
        (Some(f), None) => match read_input(f) {
            Ok(src) => (f, src),
            Err(code) => return code,
        },
        (None, None) => return crate::usage("give a FILE or an expression with -e"),
    };
    let arena = Arena::new();
    let options = &settings.parse;
    let (vars, diagnostics): (_, Vec<Diagnostic>) = if expr.is_some() {
        let parsed = parse_expression_with(&arena, &src, options);
        (parsed.ast.variables(), parsed.diagnostics.as_slice().to_vec())
    } else {
        let parsed = parse_config_with(&arena, &src, options);
        (parsed.ast.body.variables(), parsed.diagnostics.as_slice().to_vec())
    };
    let loc = Locator::new(&src);
    let mut out = String::new();
    match format {
        Format::Json => {
            out.push_str(r#"{"parse_diagnostics":"#);
            loc.write_diagnostics(&mut out, &diagnostics);
            out.push_str(r#","variables":["#);
            for (k, t) in vars.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                loc.write_traversal(&mut out, t);
            }
            out.push_str("]}\n");
        }
        Format::Human => {
            for t in &vars {
                let at = loc.position(t.span().start);
                let text = String::from_utf8_lossy(src.get(t.span().range()).unwrap_or_default());
                out.push_str(&format!("{at}  {text}\n"));
            }
        }
    }
    crate::report::to_stdout(out.as_bytes());
    let errors = diagnostics.iter().any(Diagnostic::is_error);
    if format == Format::Human {
        crate::report::diagnostics(name, &src, diagnostics, settings);
    }
    Found::errors(errors).status()
}
