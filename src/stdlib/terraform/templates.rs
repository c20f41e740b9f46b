//! Terraform's `templatestring`: a string value rendered as a template
//! (its rendering is also `templatefile`'s, in `files.rs`).

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use super::TerraformOptions;
use crate::ast::{ExprTerm, Expression, TemplateExpr, TemplatePart};
use crate::eval::LazyArgument;
use crate::eval::{evaluate_template, EvalContext};
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::{Meter, STRING_BYTES_PER_STEP};
use crate::value::{Type, Value, ValueRef};
use crate::{parse_template, Arena};
use crate::{LineIndex, Span};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("templatestring", templatestring)];

/// The name Terraform gives the template in its messages.
const SOURCE: &str = "<templatestring argument>";

/// `templatestring(ref, vars)` (Terraform 1.9): the string that `ref`
/// refers to, parsed as a template of this library's template language and
/// rendered with the attributes of `vars` (a map or an object) as its
/// variables and the standard and Terraform functions, the result converted
/// to a string. As in Terraform, `ref` must refer to a value defined
/// elsewhere: a variable followed by attribute accesses, indexes (with any
/// key) and splats (`local.tmpl`, `local.tmpls[each.key]`), not a template
/// written in place, which the configuration would already have rendered
/// (each shape of that mistake has Terraform's own message); called with
/// values rather than expressions (`Function::call`), the first value is
/// the template. The template must be a string (not one that converts to
/// a string); every variable it uses must be in `vars`, whose names must
/// be identifiers; a template that does not parse, or whose evaluation
/// fails, is an error, and so is a result that is not a string (or
/// convertible). Null `vars` are an error; unknown `vars` or an unknown
/// template give an unknown string. A template may not call
/// `templatestring` itself, nor `templatefile`.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/templatestring`,
/// and its implementation (`MakeTemplateStringFunc` in
/// `internal/lang/funcs/string.go`).
fn templatestring(options: &TerraformOptions) -> Function {
    let options = options.clone();
    // the functions a template sees, built on its first call
    let functions: Arc<OnceLock<BTreeMap<String, Function>>> = Arc::default();
    Function::builder()
        .param(Parameter::new("template", Type::String))
        .param(Parameter::new("vars", Type::Dynamic))
        .lazy_implementation(move |args, m| {
            let functions = functions.get_or_init(|| template_functions(&options));
            // Terraform's `RefineResult: refineNotNull`, applied here since
            // the call refines no lazy function's result
            render(args, functions, m).map(Value::refine_not_null)
        })
}

/// The functions a template of `templatestring` or `templatefile` sees:
/// every standard and Terraform function built with `options`, except
/// that neither template function may be called from inside a template
/// (Terraform's rule: a template file could include itself forever).
pub(super) fn template_functions(options: &TerraformOptions) -> BTreeMap<String, Function> {
    let mut all = super::all_functions(options);
    for name in ["templatestring", "templatefile"] {
        all.insert(name.into(), recursion_error(name));
    }
    all
}

/// The function that stands for `name` inside a template.
fn recursion_error(name: &'static str) -> Function {
    Function::builder()
        .param(Parameter::new("template", Type::Dynamic))
        .param(Parameter::new("vars", Type::Dynamic))
        .implementation(move |_, _| {
            Err(FunctionError::new(format!(
                "cannot recursively call {name} from inside another template function"
            )))
        })
}

/// Terraform's complaint about a template argument that is not a
/// reference, or `None` when it is one.
fn misplaced_template(expr: &Expression<'_>) -> Option<&'static str> {
    if let Expression::ExprTerm(ExprTerm::TemplateExpr(t)) = expr {
        let template = t.template();
        return Some(match template.parts {
            [TemplatePart::Interpolation(_)] if matches!(t, TemplateExpr::Quoted(_)) => {
                "invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere; to treat the inner expression as template syntax, write the reference expression directly without any template interpolation syntax"
            }
            [_, ..] if template.literal_text().is_some() => {
                "invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere, and so does not support providing a literal template; consider using a template string expression instead"
            }
            _ => {
                "invalid template expression: templatestring is only for rendering templates retrieved dynamically from elsewhere; to render an inline template, consider using a plain template string expression"
            }
        });
    }
    (!is_reference(expr)).then_some(
        "invalid template expression: must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax",
    )
}

fn render(
    args: &[&dyn LazyArgument],
    functions: &BTreeMap<String, Function>,
    m: &Meter,
) -> Result<Value, FunctionError> {
    let [template, vars] = args else {
        return Err(FunctionError::new("templatestring takes two arguments"));
    };
    // `vars` is an ordinary parameter: checked before the call
    let vars = vars.value().map_err(|d| FunctionError::from_diagnostics(1, &d))?;
    if vars.is_null() {
        return Err(FunctionError::argument(1, "argument must not be null"));
    }
    if !vars.is_known() {
        return Ok(Value::unknown(Type::String));
    }
    if let Some(why) = template.expression().and_then(misplaced_template) {
        return Err(FunctionError::argument(0, why));
    }
    let template = template.value().map_err(|d| {
        let why = d
            .first()
            .map(|d| format!("{}: {}", d.summary, d.detail.trim_end_matches('.')))
            .unwrap_or_default();
        FunctionError::argument(0, format!("invalid template expression: {why}"))
    })?;
    if !template.is_known() {
        return Ok(Value::unknown(Type::String));
    }
    let (Some(text), Type::String) = (template.as_str(), template.ty()) else {
        return Err(FunctionError::argument(
            0,
            "invalid template value: a string is required",
        ));
    };
    let value = render_text(text, SOURCE, &vars, functions, m)?;
    crate::convert::convert(&value, &Type::String)
        .map_err(|e| FunctionError::new(format!("invalid template result: {e}")))
}

/// `text` parsed as a template (named `source` in messages) and rendered
/// with the attributes of `vars` (argument 1: a known map or object whose
/// names are identifiers) as its only variables and `functions`: the
/// template's value as it is (a template of one interpolation gives that
/// value, of any type). The work is bounded by `m`.
pub(super) fn render_text(
    text: &str,
    source: &str,
    vars: &Value,
    functions: &BTreeMap<String, Function>,
    m: &Meter,
) -> Result<Value, FunctionError> {
    let Some(entries) = vars.entries() else {
        return Err(FunctionError::argument(1, "invalid vars value: must be a map"));
    };
    for (name, _) in entries {
        if !crate::lexical::is_identifier(name) {
            return Err(FunctionError::argument(
                1,
                format!("invalid template variable name {name:?}: must start with a letter, followed by zero or more letters, digits, and underscores"),
            ));
        }
    }
    m.spend_bytes(text.len())?;
    let arena = Arena::new();
    let parsed = parse_template(&arena, text.as_bytes());
    let index = LineIndex::new(text.as_bytes());
    let at = |span: Span| {
        let start = index.position(text.as_bytes(), span.start);
        let end = index.position(text.as_bytes(), span.end);
        if start.line == end.line {
            format!("{source}:{},{}-{}", start.line, start.column, end.column)
        } else {
            format!("{source}:{},{}-{},{}", start.line, start.column, end.line, end.column)
        }
    };
    if let Some(d) = parsed.diagnostics.iter().find(|d| d.is_error()) {
        return Err(FunctionError::argument(
            0,
            format!(
                "invalid template: {}: {}; {}",
                at(d.subject),
                d.summary,
                d.detail.trim_end_matches('.')
            ),
        ));
    }
    for traversal in parsed.ast.variables() {
        if !entries.iter().any(|(name, _)| **name == *traversal.root) {
            return Err(FunctionError::argument(
                1,
                format!(
                    "vars map does not contain key {:?}, referenced at {}",
                    traversal.root,
                    at(traversal.root_span)
                ),
            ));
        }
    }
    let mut ctx = EvalContext::new();
    for (name, f) in functions {
        ctx.set_function(name.clone(), f.clone())
            .map_err(|e| FunctionError::new(e.to_string()))?;
    }
    for (name, v) in entries {
        ctx.set_variable(name.to_string(), v.clone())
            .map_err(|e| FunctionError::new(e.to_string()))?;
    }
    // the template's evaluation gets what is left of the caller's steps
    let left = (m.bytes_left() / STRING_BYTES_PER_STEP) as u64;
    ctx.set_step_limit(left);
    let out = evaluate_template(&parsed.ast, &ctx);
    if let Some(d) = out.diagnostics.iter().find(|d| d.is_error()) {
        return Err(FunctionError::new(format!(
            "{}: {}; {}",
            at(d.subject),
            d.summary,
            d.detail.trim_end_matches('.')
        )));
    }
    // what the template built counts against the caller's limit
    if let ValueRef::String(s) = out.value.kind() {
        m.spend_bytes(s.len())?;
    }
    Ok(out.value)
}

/// Whether `expr` refers to a value defined elsewhere, as Terraform's rule
/// for `templatestring`'s first argument has it (`isValidTemplateStringExpr`):
/// a variable followed by attribute accesses, indexes whose keys may be any
/// expression (`local.templates[each.key]`) and splats.
fn is_reference(expr: &Expression<'_>) -> bool {
    match expr {
        Expression::ExprTerm(ExprTerm::VariableExpr(_)) => true,
        Expression::ExprTerm(ExprTerm::Postfix(p)) => {
            matches!(p.term, ExprTerm::VariableExpr(_))
        }
        _ => false,
    }
}
