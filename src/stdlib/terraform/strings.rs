//! Terraform's string tests: `startswith`, `endswith` and `strcontains`.

use super::TerraformOptions;
use crate::function::{Function, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("endswith", endswith),
    ("startswith", startswith),
    ("strcontains", strcontains),
];

/// `startswith(str, prefix)`: whether the string begins with the prefix.
/// Every string begins with the empty prefix, so that is true even of an
/// unknown string, as in Terraform; otherwise an unknown string gives an
/// unknown bool.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/startswith`.
fn startswith(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic().allow_unknown())
        .param(Parameter::new("prefix", Type::String).allow_dynamic())
        .returns(Type::Bool)
        .implementation(|args, _| {
            let prefix = str_arg(&args[1])?;
            if !args[0].is_known() {
                return Ok(if prefix.is_empty() {
                    Value::from(true)
                } else {
                    Value::unknown(Type::Bool)
                });
            }
            Ok(Value::from(str_arg(&args[0])?.starts_with(prefix)))
        })
}

/// `endswith(str, suffix)`: whether the string ends with the suffix.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/endswith`.
fn endswith(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .param(Parameter::new("suffix", Type::String).allow_dynamic())
        .returns(Type::Bool)
        .implementation(|args, _| Ok(Value::from(str_arg(&args[0])?.ends_with(str_arg(&args[1])?))))
}

/// `strcontains(str, substr)`: whether the string contains the substring
/// (the empty substring is in every string).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/strcontains`.
fn strcontains(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .param(Parameter::new("substr", Type::String).allow_dynamic())
        .returns(Type::Bool)
        .implementation(|args, _| Ok(Value::from(str_arg(&args[0])?.contains(str_arg(&args[1])?))))
}
