//! The explicit conversion functions `tostring`, `tonumber`, `tobool`,
//! `tolist`, `toset` and `tomap`.

use crate::convert::{conversion_exists_metered, convert_metered};
use crate::function::{Function, FunctionError, Parameter};
use crate::value::Type;

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("tobool", || to_type(Type::Bool)),
    ("tolist", || to_type(Type::list(Type::Dynamic))),
    ("tomap", || to_type(Type::map(Type::Dynamic))),
    ("tonumber", || to_type(Type::Number)),
    ("toset", || to_type(Type::set(Type::Dynamic))),
    ("tostring", || to_type(Type::String)),
];

/// The conversion function to `want`, a type specification: `tolist` is
/// `to_type(list(dynamic))`, which converts a tuple to a list of the type
/// its elements unify to.
///
/// The argument may be null (a null converts to the null of the target
/// type where its type converts at all, as in the reference; a bare
/// `null`, of the dynamic pseudo-type, stays as it is). When no conversion
/// exists between the argument's type and `want` the call fails before
/// looking at the value; a conversion that exists but fails for this value
/// (`tobool("yes")`) fails when it is made.
pub(super) fn to_type(want: Type) -> Function {
    let rule_want = want.clone();
    Function::builder()
        .param(Parameter::new("v", Type::Dynamic).allow_null())
        .metered_returns_with(move |args, m| {
            let v = &args[0];
            let got = v.ty();
            if got == rule_want {
                return Ok(rule_want.clone());
            }
            if v.is_null() && got == Type::Dynamic {
                return Ok(Type::Dynamic);
            }
            if !conversion_exists_metered(&got, &rule_want, m)? {
                let message = match (&got, &rule_want) {
                    (Type::Tuple(_), Type::Tuple(_)) => "incompatible tuple type for conversion".to_string(),
                    (Type::Object(_), Type::Object(_)) => "incompatible object type for conversion".to_string(),
                    _ => format!(
                        "cannot convert {} to {}",
                        got.friendly_name(),
                        rule_want.friendly_name()
                    ),
                };
                return Err(FunctionError::argument(0, message));
            }
            Ok(rule_want.clone())
        })
        .metered_implementation(move |args, result_type, m| {
            let v = &args[0];
            if v.is_null() && (v.ty() == Type::Dynamic || v.ty().matches(result_type)) {
                return Ok(v.clone());
            }
            convert_metered(v, result_type, m)?.map_err(|e| {
                let message = match (v.as_str(), &want) {
                    (Some(s), Type::Bool) => {
                        format!(
                            "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
                            crate::diagnostic::quoted(s)
                        )
                    }
                    (Some(s), Type::Number) => {
                        format!(
                            "cannot convert {} to number; given string must be a decimal representation of a number",
                            crate::diagnostic::quoted(s)
                        )
                    }
                    _ => format!(
                        "cannot convert {} to {}: {e}",
                        v.ty().friendly_name(),
                        want.friendly_name()
                    ),
                };
                FunctionError::argument(0, message)
            })
        })
}
