//! `try` and `can`, as the reference's tryfunc extension defines them
//! (`../shared/spec/ext-tryfunc.md`): their arguments are expressions,
//! evaluated by the function (see [`LazyArgument`]).

use crate::eval::LazyArgument;
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::Meter;
use crate::value::{Type, Value};
use crate::Diagnostic;

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("can", can), ("try", r#try)];

/// `try(expressions...)`: the value of the first expression that evaluates
/// without errors. An expression that refers to a variable not wholly
/// known gives the dynamic value: whether it would succeed is not known
/// yet. When none succeeds, the call fails with every error found.
pub(super) fn r#try() -> Function {
    Function::builder()
        .variadic(Parameter::new("expressions", Type::Dynamic))
        .lazy_implementation(|args, _| first_success(args))
}

/// `can(expression)`: whether the expression evaluates without errors (an
/// unknown bool while it refers to a variable not wholly known).
pub(super) fn can() -> Function {
    Function::builder()
        .param(Parameter::new("expression", Type::Dynamic))
        .lazy_implementation(|args, _: &Meter| {
            let arg = args[0];
            if arg.depends_on_unknowns() {
                return Ok(Value::unknown(Type::Bool));
            }
            Ok(Value::from(arg.value().is_ok()))
        })
}

fn first_success(args: &[&dyn LazyArgument]) -> Result<Value, FunctionError> {
    if args.is_empty() {
        return Err(FunctionError::new("at least one argument is required"));
    }
    let mut errors: Vec<Diagnostic> = Vec::new();
    for arg in args {
        if arg.depends_on_unknowns() {
            return Ok(Value::dynamic());
        }
        match arg.value() {
            Ok(v) => return Ok(v),
            Err(diags) => errors.extend(diags),
        }
    }
    Err(FunctionError::new(no_success(&errors)))
}

/// The reference's message when no expression succeeded: each error's
/// summary and detail. (The reference also gives each one's position as
/// `file:line,column`; an evaluation has the syntax tree, not the source
/// text, so the positions are left out: see D-try-positions.)
fn no_success(errors: &[Diagnostic]) -> String {
    let mut out = String::from("no expression succeeded:\n");
    for d in errors {
        out.push_str(&format!("- {}\n  {}\n", d.summary, d.detail));
    }
    out.push_str("\nAt least one expression must produce a successful result");
    out
}
