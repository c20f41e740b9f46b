//! The values given for a module's variables, gathered as Terraform does
//! for a root module: the directory's `terraform.tfvars`,
//! `terraform.tfvars.json` and `*.auto.tfvars[.json]` (in name order),
//! then each `-var-file`, then each `-var`, a later value of a variable
//! replacing an earlier one.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crate::body::AnyBody;
use crate::diagnostic::quoted;
use crate::eval::EvalContext;
use crate::value::Value;
use crate::{Diagnostic, Diagnostics, Files, Span};

use super::variables::Variable;
use super::{Given, Inputs};

/// A value given for a variable and where it came from.
pub(super) struct Input {
    pub value: Value,
    /// The file and range of its expression; none for a value given
    /// without text (a library caller's [`Inputs::value`]).
    pub file: Option<Arc<str>>,
    pub span: Span,
}

/// The values `inputs` (and, with `auto_files`, the variables files of
/// `dir`) give for `variables`, by name; what cannot be read is reported.
/// With `checking` (`Module::check`, which checks many modules with one
/// set of inputs), a value for a variable the module does not declare is
/// left out quietly; otherwise it is Terraform's warning (a file) or error
/// (the command line).
pub(super) fn gather(
    dir: &Path,
    inputs: &Inputs,
    auto_files: bool,
    checking: bool,
    variables: &BTreeMap<&str, Variable<'_, '_>>,
    files: &Files,
    diags: &mut Diagnostics,
) -> BTreeMap<String, Input> {
    let mut out = BTreeMap::new();
    let mut paths = Vec::new();
    if auto_files && let Ok(entries) = std::fs::read_dir(dir) {
        let mut auto: Vec<String> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".auto.tfvars") || n.ends_with(".auto.tfvars.json"))
            .collect();
        auto.sort();
        for name in ["terraform.tfvars", "terraform.tfvars.json"] {
            if dir.join(name).is_file() {
                paths.push(dir.join(name));
            }
        }
        paths.extend(auto.into_iter().map(|n| dir.join(n)));
    }
    paths.extend(inputs.var_files.iter().cloned());
    for path in paths {
        read_file(&path, variables, checking, files, &mut out, diags);
    }
    for (name, given) in &inputs.vars {
        let Some(var) = variables.get(name.as_str()) else {
            if checking {
                continue;
            }
            diags.push(Diagnostic::error(
                "Value for undeclared variable",
                format!(
                    "A variable named {} was assigned on the command line, but the root module does not declare a \
                     variable of that name. To use this value, add a \"variable\" block to the configuration.",
                    quoted(name)
                ),
                Span::empty(0),
            ));
            continue;
        };
        let input = match given {
            Given::Value(v) => Input {
                value: v.clone(),
                file: None,
                span: Span::empty(0),
            },
            Given::Text(text) if var.literal => {
                // kept as a file of its own, for messages about it
                let file_name = format!("<value for var.{name}>");
                let src = files.add(&file_name, text.as_bytes().to_vec());
                Input {
                    value: Value::string(text),
                    file: Some(file_name.into()),
                    span: Span::new(0, u32::try_from(src.len()).unwrap_or(u32::MAX)),
                }
            }
            Given::Text(text) => {
                let file_name = format!("<value for var.{name}>");
                let src = files.add(&file_name, text.as_bytes().to_vec());
                let arena = crate::Arena::new();
                let expr = crate::parse_expression_with(&arena, src, &inputs.parse);
                let file: Arc<str> = file_name.into();
                let failed = expr.diagnostics.has_errors();
                diags.extend(expr.diagnostics.in_file(&file));
                if failed {
                    continue;
                }
                let e = crate::eval::evaluate(&expr.ast, &EvalContext::literal_only());
                let failed = e.diagnostics.has_errors();
                diags.extend(e.diagnostics.in_file(&file));
                if failed {
                    continue;
                }
                Input {
                    value: e.value,
                    file: Some(file),
                    span: expr.ast.span(),
                }
            }
        };
        out.insert(name.clone(), input);
    }
    out
}

/// The attributes of one variables file, each evaluated without variables
/// or functions (as Terraform reads them).
fn read_file(
    path: &Path,
    variables: &BTreeMap<&str, Variable<'_, '_>>,
    checking: bool,
    files: &Files,
    out: &mut BTreeMap<String, Input>,
    diags: &mut Diagnostics,
) {
    let name = path.display().to_string();
    let text = match std::fs::read(path) {
        Ok(t) => t,
        Err(e) => {
            diags.push(Diagnostic::error(
                "Failed to read variables file",
                format!("Given variables file {name} does not exist or cannot be read: {e}."),
                Span::empty(0),
            ));
            return;
        }
    };
    let parsed = files.parse(&name, text);
    diags.extend(parsed.diagnostics);
    let body = AnyBody::named(&name, parsed.ast.body());
    let (attrs, d) = body.just_attributes();
    diags.extend(d);
    let literal = EvalContext::literal_only();
    for a in attrs {
        let e = a.evaluate(&literal);
        let failed = e.diagnostics.has_errors();
        diags.extend(e.diagnostics);
        if !variables.contains_key(a.name) {
            if checking {
                continue;
            }
            diags.push(
                Diagnostic::warning(
                    "Value for undeclared variable",
                    format!(
                        "The root module does not declare a variable named {} but a value was found in file {}. If \
                         you meant to use this value, add a \"variable\" block to the configuration.",
                        quoted(a.name),
                        quoted(&name)
                    ),
                    a.name_span,
                )
                .in_file_of(a.file.as_ref()),
            );
            continue;
        }
        if failed {
            continue;
        }
        out.insert(
            a.name.to_string(),
            Input {
                value: e.value,
                file: a.file.clone(),
                span: a.expr.span(),
            },
        );
    }
}
