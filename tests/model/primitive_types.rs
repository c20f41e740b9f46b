//! spec: model#primitive-types

use super::support::*;
use hcl_native::number::MAX_BINARY_EXPONENT;
use hcl_native::value::{Type, Value};
use hcl_native::{Number, NumberError};
use num_bigint::BigInt;

/// The primitive types are string, bool and number.
#[test]
fn three_primitive_types() {
    for t in [Type::String, Type::Bool, Type::Number] {
        assert!(t.is_primitive());
    }
    assert!(!Type::list(Type::String).is_primitive());
    assert!(!Type::Dynamic.is_primitive());
}

/// Two strings are equal if NFC normalization of each produces identical
/// sequences: a precomposed letter equals the letter with a combining mark.
#[test]
fn strings_compare_in_nfc() {
    assert_eq!(eq(&s("\u{e9}"), &s("e\u{301}")), Some(true));
    assert_eq!(eq(&s("\u{212b}"), &s("\u{c5}")), Some(true)); // ANGSTROM SIGN is A-ring in NFC
    assert_eq!(eq(&s("e"), &s("\u{e9}")), Some(false));
    // Normalised once, so map keys and set members merge too.
    let m = obj(vec![("e\u{301}", num("1")), ("\u{e9}", num("2"))]);
    assert_eq!(m.length(), Some(1));
    assert_eq!(m.get("e\u{301}").unwrap(), &num("2"));
    let st = set(Type::String, vec![s("\u{e9}"), s("e\u{301}")]);
    assert_eq!(st.length(), Some(1));
}

/// The bool type has two non-null values; they are equal iff both true or
/// both false.
#[test]
fn bools() {
    let (t, f) = (Value::from(true), Value::from(false));
    assert_eq!(eq(&t, &t), Some(true));
    assert_eq!(eq(&f, &f), Some(true));
    assert_eq!(eq(&t, &f), Some(false));
}

/// A number is arbitrary-precision and the full-precision value is
/// available to the application.
#[test]
fn full_precision_is_available() {
    let n = Number::from_literal("123456789012345678901234567890.000000000000000000001").unwrap();
    let r = n.to_rational().unwrap();
    assert_eq!(
        r.numer().to_string(),
        "123456789012345678901234567890000000000000000000001"
    );
    assert_eq!(r.denom().to_string(), format!("1{}", "0".repeat(21)));
}

/// Integers are represented with at least 256 bits (here: up to 32768).
#[test]
fn integers_of_at_least_256_bits() {
    let two = Number::from(2);
    let mut p = Number::from(1);
    for _ in 0..256 {
        p = p.mul(&two).unwrap();
    }
    let p = p.sub(&Number::from(1)).unwrap(); // 2^256 - 1: 256 one bits
    assert_eq!(p.to_rational().unwrap().numer(), &(BigInt::from(2).pow(256u32) - 1));
    let big = Number::try_from_bigint(BigInt::from(2).pow((MAX_BINARY_EXPONENT - 1) as u32)).unwrap();
    assert!(big.is_exact() && big.is_integer());
    assert!(Number::try_from_bigint(BigInt::from(2).pow(MAX_BINARY_EXPONENT as u32)).is_none());
}

/// Non-integers: a mantissa of at least 256 bits and a signed binary
/// exponent of at least 16 bits.
#[test]
fn non_integers_of_256_bit_mantissa_and_16_bit_exponent() {
    // 2^-32000 * (1 + 2^-300) needs 301 bits of mantissa at exponent -32000.
    let tiny = Number::from_literal("1e-9600").unwrap();
    assert!(!tiny.is_zero() && tiny.signum() == 1);
    let huge = Number::from_literal("1.5e9800").unwrap();
    assert!(huge.is_integer());
    let x = Number::from(1).div(&Number::from(3)).unwrap();
    let y = x.add(&Number::from_literal("1e-90").unwrap()).unwrap(); // 300 bits below
    assert_ne!(x, y);
}

/// An error is produced if an integer in source cannot be represented
/// precisely, and if a non-integer overflows.
#[test]
fn overflow_is_an_error() {
    assert_eq!(Number::from_literal("1e9865"), Err(NumberError::Overflow));
    assert_eq!(Number::from_literal("1.5e99999"), Err(NumberError::Overflow));
    assert!(Number::from_literal("1e9864").is_ok());
}

/// A non-integer of too high a precision is rounded to the nearest
/// possible value.
#[test]
fn too_precise_non_integers_round_to_nearest() {
    // 5000 fractional digits: past the exact-denominator limit.
    let text = format!("0.{}1", "0".repeat(4999));
    let x = Number::from_literal(&text).unwrap();
    assert!(!x.is_exact());
    // Nearest: printing gives back the literal.
    assert_eq!(x.to_string(), text);
}

/// Positive and negative infinity exist; there is no NaN. Infinities equal
/// themselves, not each other; +Inf is greater than every other number and
/// -Inf less.
#[test]
fn infinities() {
    let (p, n) = (Number::POSITIVE_INFINITY, Number::NEGATIVE_INFINITY);
    assert_eq!(p, p.clone());
    assert_eq!(n, n.clone());
    assert_ne!(p, n);
    for x in ["0", "1e9000", "123.5"] {
        let x = Number::from_literal(x).unwrap();
        assert!(p > x && p > x.neg());
        assert!(n < x && n < x.neg());
    }
    assert!(Number::from_f64(f64::NAN).is_none());
    assert_eq!(Number::from(0).div(&Number::from(0)), Err(NumberError::Indeterminate));
}

/// Two numbers are equal if numerically equal.
#[test]
fn numeric_equality() {
    assert_eq!(eq(&num("1.50"), &num("1.5")), Some(true));
    assert_eq!(eq(&num("10e-1"), &num("1")), Some(true));
    assert_eq!(eq(&num("0.1"), &num("0.10000000000000001")), Some(false));
}
