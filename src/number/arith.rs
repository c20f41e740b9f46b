//! Arithmetic, and the normalisation every result goes through (the
//! bounded-cost policy of `docs/numbers.md`).
//!
//! spec: model#primitive-types

use std::cmp::Ordering;
use std::sync::Arc;

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use super::rational::{self, unreduced, Frac};
use super::round::round_to_bits;
use super::{Number, NumberError, Repr, MANTISSA_BITS, MAX_BINARY_EXPONENT, MAX_EXACT_DENOMINATOR_BITS};

/// Where a non-zero `n/d` (d > 0) stands against the magnitude limits.
enum Magnitude {
    Overflow,
    Underflow,
    InRange,
}

fn magnitude(n: &BigInt, d: &BigInt) -> Magnitude {
    let m = MAX_BINARY_EXPONENT as i64;
    let e = n.bits() as i64 - d.bits() as i64;
    // |n/d| lies in [2^(e-1), 2^(e+1)).
    if e > m {
        return Magnitude::Overflow;
    }
    if e < -m {
        return Magnitude::Underflow;
    }
    if e + 1 > m && n.magnitude() >= &(d.magnitude() << (m as u64)) {
        return Magnitude::Overflow;
    }
    if e - 1 < -m && (n.magnitude() << (m as u64)) < *d.magnitude() {
        return Magnitude::Underflow;
    }
    Magnitude::InRange
}

/// A number from a lowest-terms fraction: exact while the denominator is
/// small enough, otherwise (or when `approx`) rounded to 512 bits.
pub(super) fn normalize_reduced(n: BigInt, d: BigInt, approx: bool) -> Result<Number, NumberError> {
    if approx || d.bits() > MAX_EXACT_DENOMINATOR_BITS {
        return normalize_rounded(n, d);
    }
    if n.is_zero() {
        return Ok(Number::ZERO);
    }
    match magnitude(&n, &d) {
        Magnitude::Overflow => Err(NumberError::Overflow),
        Magnitude::Underflow => Ok(Number::ZERO),
        Magnitude::InRange => Ok(exact(n, d)),
    }
}

/// An exact fraction from reduced machine integers (`d > 1`).
#[inline]
pub(super) fn exact_small(n: i64, d: i64) -> Number {
    match (i32::try_from(n), i32::try_from(d)) {
        (Ok(n), Ok(d)) => Number(Repr::Ratio(n, d)),
        _ => Number(Repr::Exact(Arc::new(BigRational::new_raw(
            BigInt::from(n),
            BigInt::from(d),
        )))),
    }
}

/// The canonical exact number `n/d` (lowest terms, `d > 0`): an `Int` or a
/// `Ratio` whenever the parts fit machine integers.
fn exact(n: BigInt, d: BigInt) -> Number {
    if d.is_one()
        && let Some(i) = n.to_i64()
    {
        return Number(Repr::Int(i));
    }
    match (n.to_i32(), d.to_i32()) {
        (Some(i), Some(k)) => Number(Repr::Ratio(i, k)),
        _ => Number(Repr::Exact(Arc::new(BigRational::new_raw(n, d)))),
    }
}

/// `n/d` (`d > 0`) reduced, as an `Int` or `Ratio` when it fits; `None`
/// when it does not (the caller takes the general path).
fn small_result(n: i128, d: i128) -> Option<Number> {
    if n == 0 {
        return Some(Number::ZERO);
    }
    // Machine-word arithmetic when the parts fit (the common case): 128-bit
    // division is a slow library call.
    if let (Ok(n), Ok(d)) = (i64::try_from(n), i64::try_from(d)) {
        let g = gcd_u64(n.unsigned_abs(), d.unsigned_abs()) as i64;
        let (n, d) = (n / g, d / g);
        if d == 1 {
            return Some(Number(Repr::Int(n)));
        }
        return Some(Number(Repr::Ratio(i32::try_from(n).ok()?, i32::try_from(d).ok()?)));
    }
    let g = gcd_i128(n.unsigned_abs(), d.unsigned_abs()) as i128;
    let (n, d) = (n / g, d / g);
    if d == 1 {
        return Some(Number(Repr::Int(i64::try_from(n).ok()?)));
    }
    Some(Number(Repr::Ratio(i32::try_from(n).ok()?, i32::try_from(d).ok()?)))
}

/// Binary GCD (both non-zero or one zero).
fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// `n/d` (`d > 0`) from machine-integer products too large for a `Ratio`:
/// reduced through big integers (the magnitude stays far inside the
/// limits).
fn exact_reduced(n: i128, d: i128) -> Number {
    let g = gcd_i128(n.unsigned_abs(), d.unsigned_abs()) as i128;
    exact(BigInt::from(n / g), BigInt::from(d / g))
}

fn gcd_i128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The 512-bit approximation of `n/d` (`d > 0`, any terms).
pub(super) fn normalize_rounded(n: BigInt, d: BigInt) -> Result<Number, NumberError> {
    if n.is_zero() {
        return Ok(Number::ZERO);
    }
    let negative = n.sign() == Sign::Minus;
    let (m, e) = round_to_bits(n.magnitude(), d.magnitude(), MANTISSA_BITS);
    from_mantissa(negative, m.into(), e)
}

/// `±m * 2^e` as an approximate number, checked against the limits.
pub(super) fn from_mantissa(negative: bool, m: BigInt, e: i64) -> Result<Number, NumberError> {
    let limit = MAX_BINARY_EXPONENT as i64;
    let top = m.bits() as i64 + e; // 2^(top-1) <= |x| < 2^top
    if top > limit {
        return Err(NumberError::Overflow);
    }
    if top <= -limit {
        return Ok(Number::ZERO);
    }
    let (n, d) = if e >= 0 {
        (m << (e as u64), BigInt::one())
    } else {
        let shift = (m.trailing_zeros().unwrap_or(0)).min((-e) as u64);
        (m >> shift, BigInt::one() << ((-e) as u64 - shift))
    };
    let n = if negative { -n } else { n };
    Ok(Number(Repr::Approx(Arc::new(BigRational::new_raw(n, d)))))
}

impl Number {
    fn frac(&self) -> Frac {
        self.parts().expect("finite")
    }

    fn is_approx(&self) -> bool {
        matches!(self.0, Repr::Approx(_))
    }

    /// `self + other`. Opposing infinities are an error, as is a result
    /// whose magnitude reaches 2^32768.
    ///
    /// ```
    /// use hcl_native::Number;
    /// let n = Number::from(2).add(&Number::from(3)).unwrap();
    /// assert_eq!(n, Number::from(5));
    /// ```
    #[inline]
    pub fn add(&self, other: &Number) -> Result<Number, NumberError> {
        // Machine integers that do not overflow: inline, the common case.
        if let (Repr::Int(a), Repr::Int(b)) = (&self.0, &other.0)
            && let Some(r) = a.checked_add(*b)
        {
            return Ok(Number(Repr::Int(r)));
        }
        self.add_general(other)
    }

    fn add_general(&self, other: &Number) -> Result<Number, NumberError> {
        use Repr::*;
        match (&self.0, &other.0) {
            // The sum overflows an i64 (`add` takes the other case).
            (Int(a), Int(b)) => Ok(exact(BigInt::from(*a) + BigInt::from(*b), BigInt::one())),
            (Int(_) | Ratio(..), Int(_) | Ratio(..)) => {
                let ((an, ad), (bn, bd)) = (self.small().expect("small"), other.small().expect("small"));
                // Fits: an `Int` and a `Ratio` multiply to below 2^95.
                let n = an as i128 * bd as i128 + bn as i128 * ad as i128;
                match small_result(n, ad as i128 * bd as i128) {
                    Some(r) => Ok(r),
                    None => Ok(exact_reduced(n, ad as i128 * bd as i128)),
                }
            }
            (PosInf, NegInf) | (NegInf, PosInf) => Err(NumberError::OpposingInfinities),
            (PosInf, _) | (_, PosInf) => Ok(Number::POSITIVE_INFINITY),
            (NegInf, _) | (_, NegInf) => Ok(Number::NEGATIVE_INFINITY),
            _ if self.is_approx() || other.is_approx() => {
                let (n, d) = unreduced::add(&self.frac(), &other.frac());
                normalize_rounded(n, d)
            }
            _ => {
                let (n, d) = rational::add(&self.frac(), &other.frac());
                normalize_reduced(n, d, false)
            }
        }
    }

    /// `self - other`.
    ///
    /// ```
    /// use hcl_native::Number;
    /// assert_eq!(Number::from(2).sub(&Number::from(3)).unwrap(), Number::from(-1));
    /// ```
    pub fn sub(&self, other: &Number) -> Result<Number, NumberError> {
        self.add(&other.neg())
    }

    /// `-self`.
    ///
    /// ```
    /// use hcl_native::Number;
    /// assert_eq!(Number::POSITIVE_INFINITY.neg(), Number::NEGATIVE_INFINITY);
    /// ```
    pub fn neg(&self) -> Number {
        match &self.0 {
            Repr::Int(i) => match i.checked_neg() {
                Some(n) => Number(Repr::Int(n)),
                None => exact(-BigInt::from(*i), BigInt::one()),
            },
            Repr::Ratio(n, d) => match n.checked_neg() {
                Some(m) => Number(Repr::Ratio(m, *d)),
                None => exact(-BigInt::from(*n), BigInt::from(*d)),
            },
            // -(2^63) fits an i64 again: normalise.
            Repr::Exact(r) => exact(-r.numer().clone(), r.denom().clone()),
            Repr::Approx(r) => Number(Repr::Approx(Arc::new(-(**r).clone()))),
            Repr::PosInf => Number::NEGATIVE_INFINITY,
            Repr::NegInf => Number::POSITIVE_INFINITY,
        }
    }

    /// `self * other`. Zero times an infinity is an error.
    ///
    /// ```
    /// use hcl_native::Number;
    /// let big = Number::from(i64::MAX).mul(&Number::from(i64::MAX)).unwrap();
    /// assert_eq!(big.to_string(), "85070591730234615847396907784232501249");
    /// ```
    #[inline]
    pub fn mul(&self, other: &Number) -> Result<Number, NumberError> {
        // Machine integers that do not overflow: inline, the common case.
        if let (Repr::Int(a), Repr::Int(b)) = (&self.0, &other.0)
            && let Some(r) = a.checked_mul(*b)
        {
            return Ok(Number(Repr::Int(r)));
        }
        self.mul_general(other)
    }

    fn mul_general(&self, other: &Number) -> Result<Number, NumberError> {
        use Repr::*;
        match (&self.0, &other.0) {
            // The product overflows an i64 (`mul` takes the other case).
            (Int(a), Int(b)) => normalize_reduced(BigInt::from(*a) * BigInt::from(*b), BigInt::one(), false),
            (Int(_) | Ratio(..), Int(_) | Ratio(..)) => {
                let ((an, ad), (bn, bd)) = (self.small().expect("small"), other.small().expect("small"));
                let (n, d) = (an as i128 * bn as i128, ad as i128 * bd as i128);
                Ok(small_result(n, d).unwrap_or_else(|| exact_reduced(n, d)))
            }
            (PosInf | NegInf, _) | (_, PosInf | NegInf) => {
                if self.is_zero() || other.is_zero() {
                    return Err(NumberError::ZeroTimesInfinity);
                }
                Ok(signed_infinity(self.signum() * other.signum()))
            }
            _ if self.is_approx() || other.is_approx() => {
                let (n, d) = unreduced::mul(&self.frac(), &other.frac());
                normalize_rounded(n, d)
            }
            _ => {
                let (n, d) = rational::mul(&self.frac(), &other.frac());
                normalize_reduced(n, d, false)
            }
        }
    }

    /// `self / other`. A non-zero number divided by zero is the infinity of
    /// its sign; zero by zero and infinity by infinity are errors.
    ///
    /// ```
    /// use hcl_native::{Number, NumberError};
    /// assert_eq!(Number::from(-1).div(&Number::from(0)).unwrap(), Number::NEGATIVE_INFINITY);
    /// assert_eq!(Number::from(0).div(&Number::from(0)), Err(NumberError::Indeterminate));
    /// ```
    pub fn div(&self, other: &Number) -> Result<Number, NumberError> {
        use Repr::*;
        match (&self.0, &other.0) {
            (PosInf | NegInf, PosInf | NegInf) => Err(NumberError::Indeterminate),
            (PosInf | NegInf, _) => Ok(signed_infinity(self.signum() * if other.signum() < 0 { -1 } else { 1 })),
            (_, PosInf | NegInf) => Ok(Number::ZERO),
            _ if other.is_zero() => match self.signum() {
                0 => Err(NumberError::Indeterminate),
                s => Ok(signed_infinity(s)),
            },
            (Int(a), Int(b)) if *b != 0 && a.checked_rem(*b) == Some(0) => match a.checked_div(*b) {
                Some(q) => Ok(Number(Int(q))),
                None => normalize_reduced(-BigInt::from(*a), BigInt::one(), false),
            },
            (Int(_) | Ratio(..), Int(_) | Ratio(..)) => {
                // The divisor is not zero (handled above).
                let ((an, ad), (bn, bd)) = (self.small().expect("small"), other.small().expect("small"));
                let (mut n, mut d) = (an as i128 * bd as i128, ad as i128 * bn as i128);
                if d < 0 {
                    (n, d) = (-n, -d);
                }
                Ok(small_result(n, d).unwrap_or_else(|| exact_reduced(n, d)))
            }
            _ if self.is_approx() || other.is_approx() => {
                let (n1, d1) = self.frac();
                let (n2, d2) = rational::recip(&other.frac());
                let (n, d) = unreduced::mul(&(n1, d1), &(n2, d2));
                normalize_rounded(n, d)
            }
            _ => {
                let (n, d) = rational::mul(&self.frac(), &rational::recip(&other.frac()));
                normalize_reduced(n, d, false)
            }
        }
    }

    /// The remainder of truncated division: `self - other * trunc(self /
    /// other)`, which takes the sign of `self`. As in the reference
    /// implementation, `x % 0` is `x`; an infinite operand is an error.
    ///
    /// ```
    /// use hcl_native::Number;
    /// assert_eq!(Number::from(-5).rem(&Number::from(3)).unwrap(), Number::from(-2));
    /// assert_eq!(Number::from(5).rem(&Number::from(-3)).unwrap(), Number::from(2));
    /// assert_eq!(Number::from(5).rem(&Number::from(0)).unwrap(), Number::from(5));
    /// ```
    pub fn rem(&self, other: &Number) -> Result<Number, NumberError> {
        use Repr::*;
        match (&self.0, &other.0) {
            (PosInf | NegInf, _) | (_, PosInf | NegInf) => Err(NumberError::InfiniteRemainder),
            _ if other.is_zero() => Ok(self.clone()),
            (Int(a), Int(b)) => Ok(Number(Int(a.checked_rem(*b).unwrap_or(0)))),
            _ => {
                let (n, d) = rational::rem(&self.frac(), &other.frac());
                normalize_reduced(n, d, self.is_approx() || other.is_approx())
            }
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Number {
        if self.signum() < 0 {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// Whether `self < other` (comparisons are also available through
    /// [`Ord`]).
    pub fn less_than(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Less
    }
}

fn signed_infinity(sign: i32) -> Number {
    if sign < 0 {
        Number::NEGATIVE_INFINITY
    } else {
        Number::POSITIVE_INFINITY
    }
}
