//! spec: model#primitive-type-conversions

use super::support::*;
use hcl_native::convert::{conversion_safety, convert, convert_safe, Safety};
use hcl_native::value::{Type, Value};

/// Bool to string is safe: "true" and "false".
#[test]
fn bool_to_string() {
    assert_eq!(convert(&Value::from(true), &Type::String).unwrap(), s("true"));
    assert_eq!(convert_safe(&Value::from(false), &Type::String).unwrap(), s("false"));
    assert_eq!(conversion_safety(&Type::Bool, &Type::String), Some(Safety::Safe));
}

/// String to bool is unsafe: "true", "false", "1" and "0" only.
#[test]
fn string_to_bool() {
    assert_eq!(conversion_safety(&Type::String, &Type::Bool), Some(Safety::Unsafe));
    for (text, b) in [("true", true), ("false", false), ("1", true), ("0", false)] {
        assert_eq!(convert(&s(text), &Type::Bool).unwrap(), Value::from(b));
    }
    for bad in ["True", "FALSE", "yes", "", " true", "01", "2"] {
        let err = convert(&s(bad), &Type::Bool).unwrap_err();
        assert!(
            err.message.contains("only \"true\", \"false\", \"1\" and \"0\""),
            "{bad:?}: {err}"
        );
    }
    assert!(convert_safe(&s("true"), &Type::Bool).is_err());
}

/// Number to string: integer digits, then a point and the fraction when it
/// is non-zero, no exponent, full precision; safe.
#[test]
fn number_to_string() {
    assert_eq!(conversion_safety(&Type::Number, &Type::String), Some(Safety::Safe));
    for (lit, text) in [
        ("0", "0"),
        ("12", "12"),
        ("1.50", "1.5"),
        ("1e20", "100000000000000000000"),
        ("1e-7", "0.0000001"),
        ("123456789012345678901234567890.5", "123456789012345678901234567890.5"),
    ] {
        assert_eq!(convert(&num(lit), &Type::String).unwrap(), s(text));
    }
    let neg = Value::number(hcl_native::Number::from(-3));
    assert_eq!(convert(&neg, &Type::String).unwrap(), s("-3"));
}

/// String to number reverses that mapping, and takes what the reference
/// takes besides (Go's number syntax: a sign, an exponent, `.5`, `1.`,
/// infinities); unsafe, an error for other strings.
#[test]
fn string_to_number() {
    assert_eq!(conversion_safety(&Type::String, &Type::Number), Some(Safety::Unsafe));
    assert_eq!(convert(&s("-12.50"), &Type::Number).unwrap(), num("12.5").kind_neg());
    assert_eq!(convert(&s("007"), &Type::Number).unwrap(), num("7"));
    for (text, lit) in [
        ("1e3", "1000"),
        ("+1", "1"),
        (".5", "0.5"),
        ("1.", "1"),
        ("2.5E-1", "0.25"),
    ] {
        assert_eq!(convert(&s(text), &Type::Number).unwrap(), num(lit), "{text:?}");
    }
    assert!(convert(&s("Inf"), &Type::Number)
        .unwrap()
        .as_number()
        .unwrap()
        .is_infinite());
    for bad in [" 1", "one", "", "1_000", "0x10", "1e", "."] {
        assert!(convert(&s(bad), &Type::Number).is_err(), "{bad:?}");
    }
}

/// No conversion between bool and number.
#[test]
fn no_bool_number_conversion() {
    assert_eq!(conversion_safety(&Type::Bool, &Type::Number), None);
    assert_eq!(conversion_safety(&Type::Number, &Type::Bool), None);
    assert_eq!(
        convert(&Value::from(true), &Type::Number).unwrap_err().message,
        "a number is required"
    );
    assert_eq!(
        convert(&num("1"), &Type::Bool).unwrap_err().message,
        "a bool is required"
    );
}

trait Neg {
    fn kind_neg(self) -> Value;
}

impl Neg for Value {
    fn kind_neg(self) -> Value {
        Value::number(self.as_number().unwrap().neg())
    }
}
