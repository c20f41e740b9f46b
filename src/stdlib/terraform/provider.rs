//! The functions of Terraform's built-in provider, called by their
//! namespaced names: `provider::terraform::encode_tfvars`,
//! `provider::terraform::decode_tfvars`, `provider::terraform::encode_expr`
//! (Terraform 1.8 and later).
//!
//! Source of truth: Terraform's function reference
//! (`developer.hashicorp.com/terraform/language/functions/terraform-encode_tfvars`,
//! `terraform-decode_tfvars`, `terraform-encode_expr`) and, where it is
//! silent, the behaviour of Terraform's `internal/builtin/providers/terraform`
//! package: keys sorted, names that are not identifiers rejected, a value
//! not wholly known giving an unknown string, `.tfvars` text read with no
//! variables or functions.

use super::TerraformOptions;
use crate::eval::{evaluate, EvalContext};
use crate::function::{Function, FunctionError, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value, ValueRef};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("provider::terraform::decode_tfvars", decode_tfvars),
    ("provider::terraform::encode_expr", encode_expr),
    ("provider::terraform::encode_tfvars", encode_tfvars),
];

/// `provider::terraform::encode_tfvars(value)`: an object's (or map's)
/// attributes as the text of a `.tfvars` file, one `name = value` line per
/// attribute in name order, each value written as HCL writes it
/// ([`crate::write::expression`]), the whole formatted as hclwrite formats
/// a file (the `=` of one-line attributes aligned). A null is an error, a value not wholly
/// known gives an unknown string, a name that is not an identifier is an
/// error.
fn encode_tfvars(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(super::any_value())
        .returns(Type::String)
        .implementation(|args, _| {
            let v = &args[0];
            if v.is_null() {
                return Err(FunctionError::argument(0, "cannot encode a null value in tfvars syntax"));
            }
            if !v.is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            let entries = match v.kind() {
                ValueRef::Object(e) | ValueRef::Map(e) => e,
                _ => {
                    return Err(FunctionError::argument(
                        0,
                        "invalid value to encode: must be an object whose attribute names will become the encoded variable names",
                    ))
                }
            };
            let mut sorted: Vec<_> = entries.iter().collect();
            sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            let mut out = String::new();
            for (name, value) in sorted {
                if !crate::lexical::is_identifier(name) {
                    return Err(FunctionError::argument(
                        0,
                        format!(
                            "invalid variable name {}: must be a valid identifier, per Terraform's rules for input variable declarations",
                            crate::diagnostic::quoted(name)
                        ),
                    ));
                }
                let text = crate::write::expression(value).map_err(|e| FunctionError::argument(0, e.to_string()))?;
                out.push_str(name);
                out.push_str(" = ");
                out.push_str(&text);
                out.push('\n');
            }
            // as hclwrite's `File.Bytes` writes it: formatted, so that the
            // `=` of consecutive one-line attributes line up
            let formatted = crate::format::format(out.as_bytes());
            Ok(Value::from(String::from_utf8(formatted).expect("formatting keeps UTF-8")))
        })
}

/// `provider::terraform::decode_tfvars(src)`: the attributes of `.tfvars`
/// text as an object, each value evaluated with no variables and no
/// functions (as Terraform reads a `.tfvars` file), of the most general
/// type its syntax gives (objects and tuples). A syntax error, a block or
/// an expression that needs variables is an error; an unknown string gives
/// an unknown value of any type.
fn decode_tfvars(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("src", Type::String).allow_unknown())
        .returns(Type::Dynamic)
        .metered_implementation(|args, _, m| {
            if !args[0].is_known() {
                return Ok(Value::dynamic());
            }
            let src = str_arg(&args[0])?;
            m.spend_bytes(src.len())?;
            let arena = crate::Arena::new();
            let parsed = crate::parse_config(&arena, src.as_bytes());
            let errors = |what: &str, d: &crate::Diagnostics| {
                let all: Vec<String> = d
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| format!("{}: {}", d.summary, d.detail.trim_end_matches('.')))
                    .collect();
                FunctionError::new(format!("{what}: {}", all.join("; ")))
            };
            if parsed.diagnostics.has_errors() {
                return Err(errors("invalid tfvars syntax", &parsed.diagnostics));
            }
            // the body's attributes alone (the parser reports a repeated
            // name; a block is not allowed, as in dynamic attributes
            // processing)
            let body = &parsed.ast.body;
            if let Some(block) = body.blocks().next() {
                let d = crate::Diagnostics::from(vec![crate::Diagnostic::error(
                    format!("Unexpected {} block", crate::diagnostic::quoted(block.block_type.name)),
                    "Blocks are not allowed here.",
                    block.block_type.span,
                )]);
                return Err(errors("invalid tfvars content", &d));
            }
            let attrs: std::collections::BTreeMap<&str, _> = body.attributes().map(|a| (a.name.name, a)).collect();
            // the values' evaluation gets what is left of the caller's
            // steps (a `for` over literal tuples is allowed in `.tfvars`)
            let mut ctx = EvalContext::literal_only();
            ctx.set_step_limit((m.bytes_left() / crate::meter::STRING_BYTES_PER_STEP) as u64);
            let mut values = Vec::with_capacity(attrs.len());
            for (name, attr) in attrs {
                let r = evaluate(&attr.expr, &ctx);
                if r.diagnostics.has_errors() {
                    return Err(errors(
                        &format!("invalid expression for variable {}", crate::diagnostic::quoted(name)),
                        &r.diagnostics,
                    ));
                }
                // what the values hold counts against the caller's limit
                m.spend(r.value.expanded_size())?;
                values.push((name, r.value));
            }
            Ok(Value::object(values))
        })
}

/// `provider::terraform::encode_expr(value)`: HCL expression text that
/// evaluates to `value` ([`crate::write::expression`]); a value not
/// wholly known gives an unknown string.
fn encode_expr(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(super::any_value())
        .returns(Type::String)
        .implementation(|args, _| {
            if !args[0].is_wholly_known() {
                return Ok(Value::unknown(Type::String));
            }
            crate::write::expression(&args[0])
                .map(|t| Value::from(t.trim().to_string()))
                .map_err(|e| FunctionError::argument(0, e.to_string()))
        })
}
