//! Type conversions and unification.
//!
//! spec: model#type-conversions-and-unification
//!
//! [`convert`] converts a value to a type (a type specification: its
//! dynamic parts accept any type), performing safe and unsafe conversions
//! alike; an unsafe conversion may fail for some values. [`convert_safe`]
//! performs only conversions that are safe for every value of the source
//! type, and refuses the rest up front. [`conversion_safety`] answers the
//! same question at the level of types, [`unify`] finds one type several
//! convert to.
//!
//! ```
//! use hcl_native::convert::convert;
//! use hcl_native::value::{Type, Value};
//!
//! let v = Value::object([("ports", Value::tuple(vec!["80".into(), "443".into(), "http".into()]))]);
//! let want = Type::object([("ports", Type::list(Type::Number))]);
//! let err = convert(&v, &want).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "attribute \"ports\", element 2: cannot convert \"http\" to number: a decimal number is required \
//!      (digits, optionally a leading \"-\" and a fraction)"
//! );
//! ```

mod error;
mod types;
mod unify;
mod values;

pub use error::{ConversionError, PathStep};
pub(crate) use types::conversion_safety_metered;
pub use types::{conversion_safety, converted_type};
pub(crate) use unify::unify_metered;
pub use unify::{unify, unify_values};

use crate::meter::{Meter, StepLimitReached};
use crate::value::{Type, Value};

/// How safe a conversion between two types is.
///
/// spec: model#type-conversions-and-unification
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Safety {
    /// Every distinct value of the source type has a distinct result, and
    /// none fails.
    Safe,
    /// Some values fail to convert, or distinct values have equal results.
    Unsafe,
}

/// Converts `value` to `to`, safely or unsafely.
///
/// The result has type `to`, except where `to` holds the dynamic
/// pseudo-type: a conversion to the dynamic pseudo-type returns the value
/// itself, so the result's type then *matches* `to` rather than equalling
/// it. Null values convert to the null value of the target type, unknown
/// values to its unknown value.
///
/// ```
/// use hcl_native::convert::convert;
/// use hcl_native::value::{Type, Value};
///
/// assert_eq!(convert(&Value::from("1"), &Type::Bool).unwrap(), Value::from(true));
/// assert_eq!(convert(&Value::from(1.5f64 as i64), &Type::String).unwrap(), Value::from("1"));
/// let list = convert(&Value::tuple(vec![1.into(), "a".into()]), &Type::list(Type::Dynamic)).unwrap();
/// assert_eq!(list.ty(), Type::list(Type::String));
/// ```
pub fn convert(value: &Value, to: &Type) -> Result<Value, ConversionError> {
    // an unlimited meter never runs out: the answer is always worked out
    convert_in(value, to, &Meter::unlimited())
}

/// [`convert`], counting the parts visited and the numbers printed on
/// `meter`: an error once it runs out (the conversion's own answer, success
/// or failure, inside).
pub(crate) fn convert_metered(
    value: &Value,
    to: &Type,
    meter: &Meter,
) -> Result<Result<Value, ConversionError>, StepLimitReached> {
    let r = convert_in(value, to, meter);
    meter.answer(r)
}

fn convert_in(value: &Value, to: &Type, m: &Meter) -> Result<Value, ConversionError> {
    // A value whose type already matches the specification converts to
    // itself: no walk over its parts (checked once here, not at every
    // level of the recursion below).
    if value.ty().matches(to) {
        return Ok(value.clone());
    }
    values::convert_value(value, to, m)
}

/// Converts `value` to `to` only if the conversion is safe for every value
/// of `value`'s type; otherwise an error, whatever `value` is.
///
/// ```
/// use hcl_native::convert::convert_safe;
/// use hcl_native::value::{Type, Value};
///
/// assert!(convert_safe(&Value::from(true), &Type::String).is_ok());
/// assert!(convert_safe(&Value::from("true"), &Type::Bool).is_err());
/// ```
pub fn convert_safe(value: &Value, to: &Type) -> Result<Value, ConversionError> {
    let from = value.ty();
    match conversion_safety(&from, to) {
        Some(Safety::Safe) => convert(value, to),
        Some(Safety::Unsafe) if value.is_null() => convert(value, to),
        Some(Safety::Unsafe) => Err(ConversionError::new(format!(
            "converting {} to {} is unsafe (some values fail or lose information), and only safe conversions are allowed here",
            from.message_text(),
            to.message_text()
        ))),
        // spec: model#conversion-of-null-values
        None if value.is_null() => convert(value, to),
        None => Err(ConversionError::new(format!("{} is required", to.friendly_name_with_article()))),
    }
}
