//! Terraform's functions of the outside world and of marks: `timestamp`,
//! `plantimestamp`, `sensitive` and `nonsensitive`.

use std::time::{SystemTime, UNIX_EPOCH};

use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("nonsensitive", nonsensitive),
    ("plantimestamp", plantimestamp),
    ("sensitive", sensitive),
    ("timestamp", timestamp),
];

/// `timestamp()`: the current time in UTC, as RFC 3339 text to the second
/// (`2023-11-14T22:13:20Z`). Terraform takes the time of the apply, so a
/// plan shows it as unknown; here it is an unknown string unless the
/// application supplies a clock ([`TerraformOptions::with_clock`]).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/timestamp`.
fn timestamp(options: &TerraformOptions) -> Function {
    clock_function(options)
}

/// `plantimestamp()` (Terraform 1.5): the time the plan was made, as
/// RFC 3339 text in UTC. Here, as `timestamp()`: the application's clock
/// ([`TerraformOptions::with_clock`]), or an unknown string without one.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/plantimestamp`.
fn plantimestamp(options: &TerraformOptions) -> Function {
    clock_function(options)
}

/// A function of no arguments: the clock's time as RFC 3339 text, or an
/// unknown string without a clock.
fn clock_function(options: &TerraformOptions) -> Function {
    let clock = options.clock.clone();
    Function::builder().returns(Type::String).implementation(move |_, _| {
        let Some(clock) = &clock else {
            return Ok(Value::unknown(Type::String));
        };
        Ok(Value::from(rfc3339(clock())?))
    })
}

/// A time as RFC 3339 text in UTC to the second.
fn rfc3339(t: SystemTime) -> Result<String, FunctionError> {
    let secs = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_secs()).ok(),
        Err(e) => i64::try_from(e.duration().as_secs_f64().ceil() as u64).ok().map(|s| -s),
    };
    let dt = secs
        .and_then(|s| ::time::OffsetDateTime::from_unix_timestamp(s).ok())
        .ok_or_else(|| FunctionError::new("the clock's time is out of range"))?;
    Ok(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        dt.year(),
        u8::from(dt.month()),
        dt.day(),
        dt.hour(),
        dt.minute(),
        dt.second()
    ))
}

/// `nonsensitive(value)`: the value itself. Terraform removes the
/// sensitivity mark that hides a value in its output (and refuses a value
/// that is not sensitive); this crate marks no value as sensitive, so
/// there is nothing to remove and every value, null and unknown too, is
/// returned as it is.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/nonsensitive`.
fn nonsensitive(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(
            Parameter::new("value", Type::Dynamic)
                .allow_null()
                .allow_unknown()
                .allow_dynamic(),
        )
        .returns_with(|args| Ok(args[0].ty()))
        .implementation(|args, _| Ok(args[0].clone()))
}

/// `sensitive(value)`: the value itself. Terraform marks it so that its
/// output hides it; this crate has no marks, so the value is returned as it
/// is (null and unknown too).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/sensitive`.
fn sensitive(options: &TerraformOptions) -> Function {
    nonsensitive(options)
}
