//! Terraform's base64 functions: `base64encode` and `base64decode`.

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD};
use base64::engine::DecodePaddingMode;
use base64::Engine;

use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("base64decode", base64decode), ("base64encode", base64encode)];

/// `base64encode(string)`: the string's UTF-8 bytes in Base64 (RFC 4648's
/// standard alphabet, with padding).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/base64encode`.
fn base64encode(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .metered_implementation(|args, _, m| {
            let s = str_arg(&args[0])?;
            m.spend_bytes(s.len() / 3 * 4 + 4)?;
            Ok(Value::from(STANDARD.encode(s)))
        })
}

/// Go's `base64.StdEncoding` as Terraform decodes with it: padding
/// required, and bits after the last whole byte ignored.
const GO_STD: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireCanonical),
);

/// `base64decode(string)`: the string that Base64 text (the standard
/// alphabet, padded; line breaks are ignored, as Go's decoder ignores
/// them) encodes. Text that is not Base64 is an error, and so are decoded
/// bytes that are not UTF-8: Terraform's strings are Unicode text.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/base64decode`.
fn base64decode(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .implementation(|args, _| {
            let s = str_arg(&args[0])?;
            let bytes = decode(s).ok_or_else(|| {
                FunctionError::new(format!("failed to decode base64 data {}", crate::diagnostic::quoted(s)))
            })?;
            let text = String::from_utf8(bytes)
                .map_err(|_| FunctionError::new("the result of decoding the provided string is not valid UTF-8"))?;
            Ok(Value::from(text))
        })
}

/// Base64 text as Go's standard decoder reads it, or `None`.
pub(super) fn decode(s: &str) -> Option<Vec<u8>> {
    let cleaned: Vec<u8> = s.bytes().filter(|b| !matches!(b, b'\r' | b'\n')).collect();
    GO_STD.decode(cleaned).ok()
}
