//! Exact numbers: the information model's arbitrary-precision number type.
//!
//! spec: model#primitive-types
//!
//! A [`Number`] is a rational over big integers (num-rational's
//! `BigRational`), or positive or negative infinity. There is no NaN and no
//! negative zero. Small integers are stored inline, so the common case costs
//! no allocation.
//!
//! # Bounded cost
//!
//! Exact rationals can grow without bound (`1/3 * 1/3 * ...`), so every
//! result is normalised by one policy, documented in `docs/numbers.md`:
//!
//! - A finite number's magnitude is below 2^32768 ([`MAX_BINARY_EXPONENT`]);
//!   a result or literal at or above it is an [`NumberError::Overflow`].
//!   A non-zero magnitude below 2^-32768 rounds to zero.
//! - A number stays exact while its reduced denominator has at most 4096
//!   bits ([`MAX_EXACT_DENOMINATOR_BITS`]). Beyond that it is rounded to the
//!   nearest binary floating-point value with a 512-bit mantissa
//!   ([`MANTISSA_BITS`], ties to even) and is marked *approximate*; an
//!   operation with an approximate operand gives an approximate result,
//!   rounded the same way. This is the reference implementation's own
//!   representation, so approximate results agree with it digit for digit.
//! - A decimal literal is read from at most 24,000 significant digits plus a
//!   sticky digit, which is enough to round any longer literal correctly.
//!
//! So integers are exact up to 32768 bits, `0.1 + 0.2 == 0.3` and
//! `1/3 * 3 == 1` hold, and no number takes more than a few kilobytes or
//! any operation more than about a millisecond.
//!
//! ```
//! use hcl_native::Number;
//!
//! let a: Number = "0.1".parse().unwrap();
//! let b: Number = "0.2".parse().unwrap();
//! assert_eq!(a.add(&b).unwrap().to_string(), "0.3");
//!
//! let third = Number::from(1).div(&Number::from(3)).unwrap();
//! assert_eq!(third.mul(&Number::from(3)).unwrap(), Number::from(1));
//! assert_eq!(Number::from(1).div(&Number::from(0)).unwrap().to_string(), "+Inf");
//! ```

mod arith;
mod decimal;
mod error;
mod format;
mod parse;
mod rational;
mod round;

use std::cmp::Ordering;
use std::sync::Arc;

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

pub(crate) use decimal::Decimal;
pub use error::NumberError;
pub(crate) use parse::small_parts;
pub(crate) use round::round_to_bits;

/// Finite numbers have a magnitude below 2 to this power.
pub const MAX_BINARY_EXPONENT: u64 = 32768;
/// Exact numbers have reduced denominators of at most this many bits.
pub const MAX_EXACT_DENOMINATOR_BITS: u64 = 4096;
/// Mantissa width of approximate numbers, as in the reference implementation.
pub const MANTISSA_BITS: u64 = 512;

/// An arbitrary-precision number of the information model.
///
/// Opaque: build one with `From<i64>` and friends, [`Number::from_rational`]
/// or by parsing (`"1.5".parse()` reads the canonical string form,
/// [`Number::from_literal`] the native syntax's numeric literals). Its
/// [`Display`](std::fmt::Display) form is the model's number-to-string
/// conversion. Equality and ordering are numeric.
#[derive(Clone)]
pub struct Number(Repr);

// A full-width tag keeps the payload aligned: values holding numbers are
// then copied with aligned moves (a byte tag let the compiler pack a
// number at an odd offset inside a value, and every copy stalled).
#[derive(Clone)]
#[repr(u64)]
enum Repr {
    /// An exact integer that fits in an `i64`.
    Int(i64),
    /// An exact fraction in lowest terms whose numerator and denominator
    /// fit in an `i32` (denominator above 1): config-sized decimals such
    /// as 1.5, without heap allocation (and a `Number` stays 16 bytes).
    Ratio(i32, i32),
    /// An exact rational in lowest terms that is neither an `Int` nor a
    /// `Ratio`.
    Exact(Arc<BigRational>),
    /// A 512-bit binary floating-point approximation (never zero).
    Approx(Arc<BigRational>),
    PosInf,
    NegInf,
}

impl Number {
    /// Zero.
    pub const ZERO: Number = Number(Repr::Int(0));
    /// Positive infinity.
    pub const POSITIVE_INFINITY: Number = Number(Repr::PosInf);
    /// Negative infinity.
    pub const NEGATIVE_INFINITY: Number = Number(Repr::NegInf);

    /// An exact number from a rational, subject to the bounded-cost policy
    /// (an overflowing magnitude is an error; a denominator beyond 4096
    /// bits makes it approximate).
    ///
    /// ```
    /// use hcl_native::Number;
    /// use num_rational::BigRational;
    ///
    /// let r = BigRational::new(1.into(), 8.into());
    /// assert_eq!(Number::from_rational(r).unwrap().to_string(), "0.125");
    /// ```
    pub fn from_rational(r: BigRational) -> Result<Number, NumberError> {
        // A `BigRational` built with `new_raw` need not be in lowest terms,
        // nor have a positive (or any) denominator.
        let (numer, denom) = r.into_raw();
        if denom.is_zero() {
            return Number::from(numer.signum().to_i64().unwrap_or(0)).div(&Number::ZERO);
        }
        let (numer, denom) = if denom.is_negative() {
            (-numer, -denom)
        } else {
            (numer, denom)
        };
        let g = BigInt::from(rational::gcd(numer.magnitude(), denom.magnitude()));
        if g.is_one() {
            return arith::normalize_reduced(numer, denom, false);
        }
        arith::normalize_reduced(numer / &g, denom / g, false)
    }

    /// The number nearest to a finite `f64` (every finite `f64` is a dyadic
    /// rational, so this is exact); `None` for NaN, infinities map to
    /// infinities.
    ///
    /// ```
    /// use hcl_native::Number;
    /// assert_eq!(Number::from_f64(0.5).unwrap().to_string(), "0.5");
    /// assert!(Number::from_f64(f64::NAN).is_none());
    /// ```
    pub fn from_f64(f: f64) -> Option<Number> {
        if f.is_nan() {
            return None;
        }
        if f.is_infinite() {
            return Some(if f > 0.0 {
                Number::POSITIVE_INFINITY
            } else {
                Number::NEGATIVE_INFINITY
            });
        }
        let r = BigRational::from_float(f)?;
        Number::from_rational(r).ok()
    }

    /// Whether the magnitude is `2^bits` or more (infinities are not
    /// counted: they are values of their own).
    pub(crate) fn reaches_bits(&self, bits: u32) -> bool {
        match &self.0 {
            Repr::Int(i) => bits < 64 && i.unsigned_abs() >= 1u64 << bits,
            Repr::Ratio(n, d) => bits < 64 && (n.unsigned_abs() as u128) >= (*d as u128) << bits,
            Repr::Exact(r) | Repr::Approx(r) => {
                let (nb, db) = (r.numer().bits(), r.denom().bits());
                if nb < db + u64::from(bits) {
                    return false;
                }
                r.numer().magnitude() >= &(r.denom().magnitude() << bits)
            }
            Repr::PosInf | Repr::NegInf => false,
        }
    }

    /// What computing with this number costs, in evaluation steps: 0 for
    /// machine-sized numbers; for `w` 64-bit words of numerator and
    /// denominator, `w + w²/32`, since division and reduction (gcd) take
    /// time quadratic in the size. A step limit thus bounds the time big
    /// numbers take as it bounds everything else (at the largest sizes the
    /// cost policy allows, an operation is some thousands of steps).
    pub(crate) fn work(&self) -> u64 {
        match &self.0 {
            Repr::Exact(r) | Repr::Approx(r) => {
                let w = (r.numer().bits() + r.denom().bits()) / 64;
                w + w * w / 32
            }
            _ => 0,
        }
    }

    /// Whether this is positive or negative infinity.
    pub fn is_infinite(&self) -> bool {
        matches!(self.0, Repr::PosInf | Repr::NegInf)
    }

    /// Whether this is a finite integer.
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Int(_) => true,
            Repr::Ratio(..) => false,
            Repr::Exact(r) | Repr::Approx(r) => r.is_integer(),
            Repr::PosInf | Repr::NegInf => false,
        }
    }

    /// Whether this number is held exactly (false once it has been rounded
    /// to a 512-bit mantissa under the bounded-cost policy, and for the
    /// infinities).
    pub fn is_exact(&self) -> bool {
        matches!(self.0, Repr::Int(_) | Repr::Ratio(..) | Repr::Exact(_))
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Int(0))
    }

    /// -1, 0 or 1 by the sign of the number.
    pub fn signum(&self) -> i32 {
        match &self.0 {
            Repr::Int(i) => i.signum() as i32,
            Repr::Ratio(n, _) => n.signum(),
            Repr::Exact(r) | Repr::Approx(r) => {
                if r.is_negative() {
                    -1
                } else {
                    1
                }
            }
            Repr::PosInf => 1,
            Repr::NegInf => -1,
        }
    }

    /// The full-precision value as a rational, or `None` for an infinity.
    ///
    /// ```
    /// use hcl_native::Number;
    /// let n: Number = "2.5".parse().unwrap();
    /// let r = n.to_rational().unwrap();
    /// assert_eq!((r.numer().to_string(), r.denom().to_string()), ("5".into(), "2".into()));
    /// ```
    pub fn to_rational(&self) -> Option<BigRational> {
        match &self.0 {
            Repr::Int(i) => Some(BigRational::from_integer(BigInt::from(*i))),
            Repr::Ratio(n, d) => Some(BigRational::new_raw(BigInt::from(*n), BigInt::from(*d))),
            Repr::Exact(r) | Repr::Approx(r) => Some((**r).clone()),
            Repr::PosInf | Repr::NegInf => None,
        }
    }

    /// The value as an `i64` when it is an integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Int(i) => Some(*i),
            Repr::Exact(r) | Repr::Approx(r) if r.is_integer() => r.numer().to_i64(),
            _ => None,
        }
    }

    /// The nearest `f64` (infinities map to infinities, magnitudes beyond
    /// `f64` to infinities, tiny ones to zero).
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::Int(i) => *i as f64,
            Repr::Ratio(n, d) => rational_to_f64(&BigRational::new_raw(BigInt::from(*n), BigInt::from(*d))),
            Repr::Exact(r) | Repr::Approx(r) => rational_to_f64(r),
            Repr::PosInf => f64::INFINITY,
            Repr::NegInf => f64::NEG_INFINITY,
        }
    }

    /// Numerator and denominator of an `Int` or `Ratio`.
    fn small(&self) -> Option<(i64, i64)> {
        match self.0 {
            Repr::Int(i) => Some((i, 1)),
            Repr::Ratio(n, d) => Some((n as i64, d as i64)),
            _ => None,
        }
    }

    /// Numerator and denominator of a finite number (denominator positive,
    /// lowest terms).
    fn parts(&self) -> Option<(BigInt, BigInt)> {
        match &self.0 {
            Repr::Int(i) => Some((BigInt::from(*i), BigInt::one())),
            Repr::Ratio(n, d) => Some((BigInt::from(*n), BigInt::from(*d))),
            Repr::Exact(r) | Repr::Approx(r) => Some((r.numer().clone(), r.denom().clone())),
            Repr::PosInf | Repr::NegInf => None,
        }
    }
}

/// The `f64` nearest to `r` (ties to even), rounded once: to 53 bits for
/// normal results, to the subnormal grid below 2^-1022.
fn rational_to_f64(r: &BigRational) -> f64 {
    let (n, d) = (r.numer().magnitude(), r.denom().magnitude());
    let magnitude = if n.bits() == 0 {
        0.0
    } else {
        // |r| lies in [2^(e-1), 2^(e+1)).
        let e = n.bits() as i64 - d.bits() as i64;
        if e > 1025 {
            f64::INFINITY
        } else if e < -1076 {
            0.0
        } else {
            let (m, k) = round::round_to_bits(n, d, 53);
            let top = k + 52; // m * 2^k lies in [2^top, 2^(top+1))
            if top > 1023 {
                f64::INFINITY
            } else if top >= -1022 {
                let m = m.to_u64().expect("53 bits");
                f64::from_bits((((top + 1023) as u64) << 52) | (m & ((1 << 52) - 1)))
            } else {
                // Subnormal: the nearest multiple of 2^-1074, found from the
                // exact value rather than from the 53-bit rounding.
                let steps = round::round_scaled(n, d, 1074);
                f64::from_bits(steps.to_u64().expect("at most 2^52"))
            }
        }
    };
    if r.is_negative() {
        -magnitude
    } else {
        magnitude
    }
}

impl From<i64> for Number {
    fn from(i: i64) -> Number {
        Number(Repr::Int(i))
    }
}

impl From<i32> for Number {
    fn from(i: i32) -> Number {
        Number(Repr::Int(i.into()))
    }
}

impl From<u32> for Number {
    fn from(i: u32) -> Number {
        Number(Repr::Int(i.into()))
    }
}

impl From<usize> for Number {
    fn from(i: usize) -> Number {
        match i64::try_from(i) {
            Ok(i) => Number(Repr::Int(i)),
            Err(_) => Number::from_bigint(BigInt::from(i)),
        }
    }
}

impl From<u64> for Number {
    fn from(i: u64) -> Number {
        match i64::try_from(i) {
            Ok(i) => Number(Repr::Int(i)),
            Err(_) => Number::from_bigint(BigInt::from(i)),
        }
    }
}

impl Number {
    /// An exact integer (`None` when its magnitude is 2^32768 or more).
    ///
    /// ```
    /// use hcl_native::Number;
    /// use num_bigint::BigInt;
    /// let big = BigInt::from(2).pow(300);
    /// assert!(Number::try_from_bigint(big).unwrap().is_integer());
    /// ```
    pub fn try_from_bigint(i: BigInt) -> Option<Number> {
        arith::normalize_reduced(i, BigInt::one(), false).ok()
    }

    fn from_bigint(i: BigInt) -> Number {
        Number::try_from_bigint(i).expect("a machine integer is in range")
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Number {}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    /// Numeric order; negative infinity is below every other number and
    /// positive infinity above.
    ///
    /// spec: model#primitive-types
    fn cmp(&self, other: &Number) -> Ordering {
        use Repr::*;
        match (&self.0, &other.0) {
            (Int(a), Int(b)) => a.cmp(b),
            (Int(_) | Ratio(..), Int(_) | Ratio(..)) => {
                let ((an, ad), (bn, bd)) = (self.small().expect("small"), other.small().expect("small"));
                (an as i128 * bd as i128).cmp(&(bn as i128 * ad as i128))
            }
            (NegInf, NegInf) | (PosInf, PosInf) => Ordering::Equal,
            (NegInf, _) | (_, PosInf) => Ordering::Less,
            (PosInf, _) | (_, NegInf) => Ordering::Greater,
            _ => {
                let (an, ad) = self.parts().expect("finite");
                let (bn, bd) = other.parts().expect("finite");
                // Signs first: cheap and covers most comparisons.
                let (sa, sb) = (an.sign(), bn.sign());
                if sa != sb {
                    return sign_rank(sa).cmp(&sign_rank(sb));
                }
                (an * bd).cmp(&(bn * ad))
            }
        }
    }
}

fn sign_rank(s: Sign) -> i8 {
    match s {
        Sign::Minus => -1,
        Sign::NoSign => 0,
        Sign::Plus => 1,
    }
}

impl std::hash::Hash for Number {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Equal numbers hash alike: hash the lowest-terms parts, with
        // machine-size integers hashed as such whatever their variant.
        match &self.0 {
            Repr::PosInf => state.write_u8(1),
            Repr::NegInf => state.write_u8(2),
            _ => match self.to_i64() {
                Some(i) => {
                    state.write_u8(3);
                    state.write_i64(i);
                }
                None => {
                    let (n, d) = self.parts().expect("finite");
                    state.write_u8(4);
                    n.hash(state);
                    d.hash(state);
                }
            },
        }
    }
}

impl std::fmt::Debug for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_exact() || self.is_infinite() {
            write!(f, "Number({self})")
        } else {
            write!(f, "Number(~{self})")
        }
    }
}

impl Default for Number {
    fn default() -> Number {
        Number::ZERO
    }
}

impl Number {
    /// The 512-bit approximation of `n/d` (`d > 0`, any terms), marked
    /// approximate as the bounded-cost policy marks rounded results: for
    /// values worked out to more than 512 bits that are not exact (the
    /// standard library's `log` and `pow`).
    pub(crate) fn approximate(n: BigInt, d: BigInt) -> Result<Number, NumberError> {
        arith::normalize_rounded(n, d)
    }
}
