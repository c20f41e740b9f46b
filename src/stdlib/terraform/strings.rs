//! Terraform's string functions: `startswith`, `endswith`, `strcontains`,
//! `urlencode`, and its `replace`, which also takes a regular expression.

use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("endswith", endswith),
    ("replace", replace),
    ("startswith", startswith),
    ("strcontains", strcontains),
    ("urlencode", urlencode),
];

/// `startswith(str, prefix)`: whether the string begins with the prefix.
/// Every string begins with the empty prefix, so that is true even of an
/// unknown string, as in Terraform; so does an unknown string whose known
/// prefix begins with the prefix, and one whose known prefix, at least as
/// long as the prefix, does not begin with it is false. Otherwise an
/// unknown string gives an unknown bool (never null).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/startswith`.
fn startswith(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic().allow_unknown())
        .param(Parameter::new("prefix", Type::String).allow_dynamic())
        .returns(Type::Bool)
        .result_not_null()
        .implementation(|args, _| {
            let prefix = str_arg(&args[1])?;
            if !args[0].is_known() {
                if prefix.is_empty() {
                    return Ok(Value::from(true));
                }
                let range = args[0].range();
                let known = range.string_prefix();
                if !known.is_empty() {
                    if known.starts_with(prefix) {
                        return Ok(Value::from(true));
                    }
                    if known.len() >= prefix.len() {
                        return Ok(Value::from(false));
                    }
                }
                return Ok(Value::unknown(Type::Bool));
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
        .result_not_null()
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

/// `replace(string, substring, replacement)`: Terraform's, which replaces
/// every occurrence of the substring like the standard `replace`, except
/// that a substring wrapped in slashes (`"/[a-z]+/"`) is a regular
/// expression (RE2 syntax) and the replacement may refer to its groups
/// (`$1`, `${name}`), as `regex_replace` does. With Terraform's functions
/// this `replace` takes the standard one's place.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/replace`.
fn replace(_: &TerraformOptions) -> Function {
    let plain = crate::stdlib::lookup("replace");
    let regex = crate::stdlib::lookup("regex_replace");
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .param(Parameter::new("substr", Type::String).allow_dynamic())
        .param(Parameter::new("replace", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(move |args, _, m| {
            let substr = str_arg(&args[1])?;
            let pattern = substr
                .strip_prefix('/')
                .and_then(|p| p.strip_suffix('/'))
                .filter(|_| substr.len() > 1);
            let (f, args) = match pattern {
                Some(p) => (&regex, vec![args[0].clone(), Value::from(p), args[2].clone()]),
                None => (&plain, args.to_vec()),
            };
            let f = f
                .as_ref()
                .ok_or_else(|| FunctionError::new("internal error: no standard replace"))?;
            f.call_metered(&args, m).map_err(|e| match e {
                crate::function::CallError::Failed(e) => e,
                e => FunctionError::new(e.to_string()),
            })
        })
}

/// `urlencode(string)`: the string escaped for a URL's query (Go's
/// `url.QueryEscape`): letters, digits and `-`, `_`, `.`, `~` stay, a
/// space becomes `+`, every other byte of its UTF-8 is `%XX`.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/urlencode`.
fn urlencode(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let s = str_arg(&args[0])?;
            m.spend_bytes(s.len() * 3)?;
            let mut out = String::with_capacity(s.len());
            for b in s.bytes() {
                match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(char::from(b)),
                    b' ' => out.push('+'),
                    b => out.push_str(&format!("%{b:02X}")),
                }
            }
            Ok(Value::from(out))
        })
}
