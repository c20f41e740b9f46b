//! Numbers from text: the canonical string form (the inverse of
//! number-to-string), the native syntax's numeric literals and JSON numbers.
//!
//! All three reduce to one routine over decimal parts, which looks at the
//! digits' extent before building any big integer, so `1e999999999` and a
//! million-digit literal are answered in time proportional to their length.

use std::str::FromStr;

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Pow};

use super::arith::{normalize_reduced, normalize_rounded};
use super::rational::gcd;
use super::{Number, NumberError, MAX_EXACT_DENOMINATOR_BITS};

/// Significant digits read from a literal; any further non-zero digits are
/// represented by one sticky digit. 24,000 digits is more than the longest
/// exact decimal expansion (about 23,420 significant digits) of a midpoint
/// between two adjacent 512-bit approximations in range, so rounding from
/// the truncated digits is still correct.
const MAX_SIGNIFICANT_DIGITS: usize = 24_000;

/// Decimal exponents beyond which a non-zero value certainly overflows
/// (10^9865 > 2^32768) or underflows (10^-9865 < 2^-32768).
const MAX_DECIMAL_LEAD: i64 = 9865;

/// The number `±0.(int_digits frac_digits) * 10^(int_digits.len() + exp)`,
/// i.e. `int_digits.frac_digits` times ten to `exp`. Digits are ASCII.
pub(super) fn from_decimal(
    negative: bool,
    int_digits: &[u8],
    frac_digits: &[u8],
    exp: i64,
) -> Result<Number, NumberError> {
    let all = || int_digits.iter().chain(frac_digits.iter());
    let Some(first) = all().position(|&c| c != b'0') else {
        return Ok(Number::ZERO);
    };
    let total = int_digits.len() + frac_digits.len();
    let last = total - 1 - all().rev().position(|&c| c != b'0').expect("a non-zero digit exists");
    // Decimal exponent of the leading significant digit.
    let lead = (int_digits.len() as i64 - 1 - first as i64).saturating_add(exp);
    if lead > MAX_DECIMAL_LEAD {
        return Err(NumberError::Overflow);
    }
    if lead < -MAX_DECIMAL_LEAD - 1 {
        return Ok(Number::ZERO);
    }
    let count = last - first + 1;
    let mut digits: Vec<u8> = all()
        .skip(first)
        .take(count.min(MAX_SIGNIFICANT_DIGITS))
        .copied()
        .collect();
    if count > MAX_SIGNIFICANT_DIGITS {
        // The digit at `last` is non-zero and was cut off: stand in for
        // everything cut off with a trailing 1.
        digits.push(b'1');
    }
    let mantissa = BigUint::parse_bytes(&digits, 10).expect("ASCII digits");
    let e = lead - (digits.len() as i64 - 1); // exponent of the last digit kept
    let sign = |n: BigUint| if negative { -BigInt::from(n) } else { BigInt::from(n) };
    if e >= 0 {
        let n = mantissa * BigUint::from(10u32).pow(e as u64);
        return normalize_reduced(sign(n), BigInt::one(), false);
    }
    let k = (-e) as u64;
    let den = BigUint::from(10u32).pow(k);
    // The mantissa has no factor 10, so the reduced denominator is at least
    // 2^k: past the exactness limit there is no point reducing.
    if k + 1 > MAX_EXACT_DENOMINATOR_BITS {
        return normalize_rounded(sign(mantissa), den.into());
    }
    let g = gcd(&mantissa, &den);
    normalize_reduced(sign(mantissa / &g), (den / g).into(), false)
}

/// Splits `digits ('.' digits)? (('e'|'E') ('+'|'-')? digits)?`, with the
/// exponent part only when `allow_exponent`.
fn split_decimal(s: &[u8], allow_exponent: bool) -> Option<(&[u8], &[u8], i64)> {
    let int_end = s.iter().position(|c| !c.is_ascii_digit()).unwrap_or(s.len());
    if int_end == 0 {
        return None;
    }
    let (int_digits, mut rest) = s.split_at(int_end);
    let mut frac: &[u8] = &[];
    if let Some(after) = rest.strip_prefix(b".") {
        let end = after.iter().position(|c| !c.is_ascii_digit()).unwrap_or(after.len());
        if end == 0 {
            return None;
        }
        frac = &after[..end];
        rest = &after[end..];
    }
    let mut exp = 0i64;
    if allow_exponent && let Some(after) = rest.strip_prefix(b"e").or_else(|| rest.strip_prefix(b"E")) {
        let (neg, digits) = match after.first() {
            Some(b'-') => (true, &after[1..]),
            Some(b'+') => (false, &after[1..]),
            _ => (false, after),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        // Saturate: anything this large over- or underflows anyway.
        let magnitude = digits
            .iter()
            .fold(0i64, |acc, &c| acc.saturating_mul(10).saturating_add((c - b'0') as i64));
        exp = if neg { -magnitude } else { magnitude };
        rest = &[];
    }
    rest.is_empty().then_some((int_digits, frac, exp))
}

impl Number {
    /// The value of a native-syntax numeric literal (`decimal+ ("."
    /// decimal+)? (expmark decimal+)?`; no sign, the syntax's negation is an
    /// operator). An integer or a magnitude that cannot be represented
    /// (2^32768 or more) is [`NumberError::Overflow`]; over-precise
    /// fractions are rounded.
    ///
    /// spec: NumericLit
    ///
    /// ```
    /// use hcl_native::{Number, NumberError};
    /// assert_eq!(Number::from_literal("1.5e3").unwrap(), Number::from(1500));
    /// assert_eq!(Number::from_literal("1e999999999"), Err(NumberError::Overflow));
    /// assert!(Number::from_literal("1e-999999999").unwrap().is_zero());
    /// ```
    #[inline]
    pub fn from_literal(text: &str) -> Result<Number, NumberError> {
        // The common cases, a short integer or plain decimal, without the
        // general decimal machinery.
        if let Some(parts) = small_parts(text) {
            return Ok(Number::from_small_parts(parts));
        }
        let (i, f, e) = split_decimal(text.as_bytes(), true).ok_or(NumberError::Syntax)?;
        from_decimal(false, i, f, e)
    }

    /// The value of a JSON number (a numeric literal with an optional
    /// leading `-`).
    ///
    /// ```
    /// use hcl_native::Number;
    /// assert_eq!(Number::from_json_number("-2.5E-1").unwrap().to_string(), "-0.25");
    /// ```
    pub fn from_json_number(text: &str) -> Result<Number, NumberError> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (i, f, e) = split_decimal(body.as_bytes(), true).ok_or(NumberError::Syntax)?;
        from_decimal(negative, i, f, e)
    }
}

/// A short integer or plain decimal (`8080`, `12.75`: at most 18 digits,
/// no exponent) as a numerator and denominator in lowest terms, read in one
/// pass over the text; `None` for any other text.
#[inline]
pub(crate) fn small_parts(text: &str) -> Option<(i64, i64)> {
    let b = text.as_bytes();
    // At most 18 digits, so the value fits an i64 as it accumulates.
    if b.is_empty() || b.len() > 19 || (b.len() == 19 && !b.contains(&b'.')) {
        return None;
    }
    let mut n: i64 = 0;
    let mut scale: i64 = 1;
    let mut point = None;
    for (k, &c) in b.iter().enumerate() {
        match c {
            b'0'..=b'9' => {
                n = n * 10 + (c - b'0') as i64;
                if point.is_some() {
                    scale *= 10;
                }
            }
            b'.' if point.is_none() && k > 0 && k + 1 < b.len() => point = Some(k),
            _ => return None,
        }
    }
    // Strip common factors of 2 and 5 (the only ones a power of ten has).
    while scale > 1 && n % 10 == 0 {
        n /= 10;
        scale /= 10;
    }
    while scale % 2 == 0 && n % 2 == 0 {
        n /= 2;
        scale /= 2;
    }
    while scale % 5 == 0 && n % 5 == 0 {
        n /= 5;
        scale /= 5;
    }
    Some((n, scale))
}

impl Number {
    /// The number `n/d` from the parts [`small_parts`] gives.
    #[inline(always)]
    pub(crate) fn from_small_parts((n, d): (i64, i64)) -> Number {
        if d == 1 {
            Number::from(n)
        } else {
            super::arith::exact_small(n, d)
        }
    }
}

impl FromStr for Number {
    type Err = NumberError;

    /// The model's string-to-number conversion: the inverse of the
    /// canonical form, an optional `-`, decimal digits and an optional `.`
    /// with more digits. No exponent, sign `+`, infinity or whitespace.
    ///
    /// spec: model#primitive-type-conversions
    ///
    /// ```
    /// use hcl_native::Number;
    /// assert_eq!("-12.50".parse::<Number>().unwrap().to_string(), "-12.5");
    /// assert!("1e3".parse::<Number>().is_err());
    /// assert!("+Inf".parse::<Number>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Number, NumberError> {
        let (negative, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (i, f, e) = split_decimal(body.as_bytes(), false).ok_or(NumberError::Syntax)?;
        from_decimal(negative, i, f, e)
    }
}

impl Number {
    /// A number from a string as the reference converts one (go-cty's
    /// `ParseNumberVal`, Go's `big.Float` parsing in base 10): an optional
    /// sign, then `inf` or `Inf`, or decimal digits with an optional point
    /// (`1.`, `.5`), and an optional exponent: `e` or `E` for a power of
    /// ten, `p` or `P` for a power of two, with an optional sign. No
    /// whitespace, digit separators or base prefixes.
    ///
    /// spec: model#primitive-type-conversions
    ///
    /// ```
    /// use hcl_native::Number;
    /// assert_eq!(Number::from_number_text("1e3").unwrap(), Number::from(1000));
    /// assert_eq!(Number::from_number_text("+.5").unwrap().to_string(), "0.5");
    /// assert_eq!(Number::from_number_text("3p2").unwrap(), Number::from(12));
    /// assert!(Number::from_number_text("-Inf").unwrap().is_infinite());
    /// assert!(Number::from_number_text(" 1").is_err());
    /// assert!(Number::from_number_text("0x10").is_err());
    /// ```
    pub fn from_number_text(s: &str) -> Result<Number, NumberError> {
        if let Some(parts) = small_parts(s) {
            return Ok(Number::from_small_parts(parts));
        }
        let (negative, body) = match s.as_bytes().first() {
            Some(b'-') => (true, &s[1..]),
            Some(b'+') => (false, &s[1..]),
            _ => (false, s),
        };
        if body == "inf" || body == "Inf" {
            return Ok(if negative {
                Number::NEGATIVE_INFINITY
            } else {
                Number::POSITIVE_INFINITY
            });
        }
        let b = body.as_bytes();
        let digits_end = |from: usize| from + b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
        let int_end = digits_end(0);
        let (frac_start, frac_end) = match b.get(int_end) {
            Some(b'.') => (int_end + 1, digits_end(int_end + 1)),
            _ => (int_end, int_end),
        };
        if int_end == 0 && frac_end == frac_start {
            return Err(NumberError::Syntax);
        }
        let mantissa_end = if b.get(int_end) == Some(&b'.') {
            frac_end
        } else {
            int_end
        };
        let (int_digits, frac_digits) = (&b[..int_end], &b[frac_start..frac_end]);
        let rest = &b[mantissa_end..];
        if rest.is_empty() {
            return from_decimal(negative, int_digits, frac_digits, 0);
        }
        let (two, after) = match rest[0] {
            b'e' | b'E' => (false, &rest[1..]),
            b'p' | b'P' => (true, &rest[1..]),
            _ => return Err(NumberError::Syntax),
        };
        let (exp_negative, exp_digits) = match after.first() {
            Some(b'-') => (true, &after[1..]),
            Some(b'+') => (false, &after[1..]),
            _ => (false, after),
        };
        if exp_digits.is_empty() || !exp_digits.iter().all(u8::is_ascii_digit) {
            return Err(NumberError::Syntax);
        }
        // Saturate: anything this large over- or underflows anyway.
        let magnitude = exp_digits
            .iter()
            .fold(0i64, |acc, &c| acc.saturating_mul(10).saturating_add((c - b'0') as i64));
        let exp = if exp_negative { -magnitude } else { magnitude };
        if !two {
            return from_decimal(negative, int_digits, frac_digits, exp);
        }
        let mantissa = from_decimal(negative, int_digits, frac_digits, 0)?;
        if mantissa.is_zero() {
            return Ok(mantissa);
        }
        // Past these a non-zero mantissa (of at most ~2^80,000 either way,
        // by its digits' count) certainly over- or underflows.
        let bound = 40_000 + 4 * (int_digits.len() + frac_digits.len()) as i64;
        if exp > bound {
            return Err(NumberError::Overflow);
        }
        if exp < -bound {
            return Ok(Number::ZERO);
        }
        let power = BigInt::one() << exp.unsigned_abs();
        let factor = if exp >= 0 {
            Number::from_rational(num_rational::BigRational::from_integer(power))?
        } else {
            Number::from_rational(num_rational::BigRational::new(BigInt::one(), power))?
        };
        mantissa.mul(&factor)
    }
}
