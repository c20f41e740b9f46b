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
//!     "attribute \"ports\", element 2: cannot convert \"http\" to number: a number is required"
//! );
//! ```

mod error;
mod types;
mod unify;
mod values;

pub use error::{ConversionError, PathStep};
pub(crate) use types::conversion_exists_metered;
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
/// it. Whether a conversion exists is a question of the two types alone,
/// as in the reference: a null value converts to the null value of the
/// target type, an unknown value to its unknown value, only where values
/// of their type convert at all.
///
/// ```
/// use hcl_native::convert::convert;
/// use hcl_native::value::{Type, Value};
///
/// assert_eq!(convert(&Value::from("1"), &Type::Bool).unwrap(), Value::from(true));
/// assert_eq!(convert(&Value::from(1.5f64 as i64), &Type::String).unwrap(), Value::from("1"));
/// let list = convert(&Value::tuple(vec![1.into(), "a".into()]), &Type::list(Type::Dynamic)).unwrap();
/// assert_eq!(list.ty(), Type::list(Type::String));
/// // a required attribute the object lacks
/// let err = convert(&Value::object([("a", Value::from(1))]), &Type::object([("name", Type::String)])).unwrap_err();
/// assert_eq!(err.to_string(), "attribute \"name\" is required");
/// // a null number is still a number
/// assert!(convert(&Value::null(Type::Number), &Type::Bool).is_err());
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
    values::convert_value(value, to, true, m)
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
    let m = Meter::unlimited();
    match conversion_safety(&from, to) {
        Some(Safety::Unsafe) => Err(ConversionError::new(format!(
            "converting {} to {} is unsafe (some values fail or lose information), and only safe conversions are allowed here",
            from.message_text(),
            to.message_text()
        ))),
        // the value converted as `convert` does (the reference's safe mode
        // differs only in unifying a collection's parts more narrowly,
        // which can make a conversion its types allow fail)
        Some(Safety::Safe) => values::convert_value(value, to, true, &m),
        None => values::convert_value(value, to, false, &m),
    }
}
