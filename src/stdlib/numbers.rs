//! Number functions: `abs`, `ceil`, `floor`, `int`, `log`, `max`, `min`,
//! `parseint`, `pow`, `range` and `signum`.
//!
//! The reference computes `log` and `pow` in 64-bit floating point
//! (`math.Log`, `math.Pow`); here they are worked out from the exact
//! arguments: a power with an integer exponent is exact while the result
//! is (`pow(3, 40)` has all its digits), and any other result is the
//! 512-bit approximation of the true value, good to a relative 2^-500,
//! from series in fixed-point big-integer arithmetic below
//! (`D-float-functions` in `docs/deviations.md`).

use crate::diagnostic::quoted;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::{int_arg, list_result, number_arg, str_arg};
use crate::function::{Function, FunctionError, Parameter};
use crate::meter::{Meter, StepLimitReached};
use crate::number::{Number, NumberError, MAX_BINARY_EXPONENT, MAX_EXACT_DENOMINATOR_BITS};
use crate::value::{Type, Value};

/// This family's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("abs", abs),
    ("ceil", ceil),
    ("floor", floor),
    ("int", int),
    ("log", log),
    ("max", max),
    ("min", min),
    ("parseint", parseint),
    ("pow", pow),
    ("range", range),
    ("signum", signum),
];

/// `min(numbers...)`: the smallest of the given numbers (at least one).
pub(super) fn min() -> Function {
    extreme(|candidate, best| candidate < best)
}

/// `max(numbers...)`: the greatest of the given numbers (at least one).
pub(super) fn max() -> Function {
    extreme(|candidate, best| candidate > best)
}

/// `min` or `max`: the argument that `better` prefers to every other.
fn extreme(better: fn(&Number, &Number) -> bool) -> Function {
    Function::builder()
        .variadic(Parameter::new("numbers", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .result_not_null()
        .implementation(move |args, _| {
            let mut best: Option<&Number> = None;
            for n in args.iter().filter_map(Value::as_number) {
                if best.is_none_or(|b| better(n, b)) {
                    best = Some(n);
                }
            }
            best.map(|n| Value::from(n.clone()))
                .ok_or_else(|| FunctionError::new("must pass at least one number"))
        })
}

/// `abs(num)`: the number without its sign.
pub(super) fn abs() -> Function {
    Function::builder()
        .param(Parameter::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .result_not_null()
        .implementation(|args, _| Ok(Value::from(number_arg(&args[0])?.abs())))
}

/// The most elements `range` produces.
const RANGE_LIMIT: usize = 1024;

/// `range(end)`, `range(start, end)`, `range(start, end, step)`: the list of
/// numbers from `start` (0 by default) towards `end`, excluding it, `step`
/// apart (1 or -1 by default, whichever leads to `end`). A step that leads
/// away from `end` is an error, and so is a list of more than 1024
/// numbers (which a zero step produces whenever `start` is not `end`).
pub(super) fn range() -> Function {
    Function::builder()
        .variadic(Parameter::new("params", Type::Number).allow_dynamic())
        .returns(Type::list(Type::Number))
        .result_not_null()
        .implementation(|args, _| {
            let nums: Vec<&Number> = args.iter().filter_map(Value::as_number).collect();
            let one = Number::from(1);
            let minus_one = Number::from(-1);
            let zero = Number::ZERO;
            let (start, end, step) = match nums.as_slice() {
                [end] if end.less_than(&zero) => (&zero, *end, &minus_one),
                [end] => (&zero, *end, &one),
                [start, end] if end.less_than(start) => (*start, *end, &minus_one),
                [start, end] => (*start, *end, &one),
                [start, end, step] => (*start, *end, *step),
                _ => return Err(FunctionError::new("must have one, two, or three arguments")),
            };
            let down = step.less_than(&zero);
            if down && end > start {
                return Err(FunctionError::argument(
                    1,
                    "end must be less than start when step is negative",
                ));
            }
            if !down && end < start {
                return Err(FunctionError::argument(
                    1,
                    "end must be greater than start when step is positive",
                ));
            }
            let mut items = Vec::new();
            let mut n = start.clone();
            while if down { n > *end } else { n < *end } {
                if items.len() >= RANGE_LIMIT {
                    return Err(FunctionError::new(format!(
                        "more than {RANGE_LIMIT} values were generated; either decrease the difference \
                         between start and end or use a smaller step"
                    )));
                }
                let next = n.add(step).map_err(|e| FunctionError::new(e.to_string()))?;
                items.push(Value::from(n));
                n = next;
            }
            list_result(Type::Number, items)
        })
}

fn number_error(e: NumberError) -> FunctionError {
    FunctionError::new(e.to_string())
}

/// An exact integer result (`None` past the magnitude limit: an overflow
/// error).
fn integer_result(i: BigInt) -> Result<Value, FunctionError> {
    Number::try_from_bigint(i)
        .map(Value::from)
        .ok_or_else(|| number_error(NumberError::Overflow))
}

/// `ceil`, `floor` or `int`: the integer `round(numerator, denominator)`
/// gives for a finite number; an infinity is itself, or an error when
/// `infinity_error` says so.
fn to_integer(round: fn(&BigInt, &BigInt) -> BigInt, infinity_error: Option<&'static str>) -> Function {
    Function::builder()
        .param(Parameter::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .result_not_null()
        .metered_implementation(move |args, _, m| {
            let n = number_arg(&args[0])?;
            m.spend(n.work())?;
            if n.is_integer() {
                return Ok(args[0].clone());
            }
            match n.to_rational() {
                Some(r) => integer_result(round(r.numer(), r.denom())),
                None => match infinity_error {
                    Some(message) => Err(FunctionError::new(message)),
                    None => Ok(args[0].clone()),
                },
            }
        })
}

/// `ceil(num)`: the smallest whole number greater than or equal to `num`
/// (an infinity is itself).
pub(super) fn ceil() -> Function {
    to_integer(|n, d| n.div_ceil(d), None)
}

/// `floor(num)`: the greatest whole number less than or equal to `num`
/// (an infinity is itself).
pub(super) fn floor() -> Function {
    to_integer(|n, d| n.div_floor(d), None)
}

/// `int(num)`: `num` without its fractional part (rounded towards zero).
/// An infinity has no integer part: an error (the reference fails too).
pub(super) fn int() -> Function {
    to_integer(|n, d| n / d, Some("can't truncate infinity to an integer"))
}

/// `signum(num)`: -1, 0 or 1 by the sign of `num`, which must be a whole
/// number in the 64-bit range, as the reference requires.
pub(super) fn signum() -> Function {
    Function::builder()
        .param(Parameter::new("num", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .result_not_null()
        .implementation(|args, _| {
            let n = number_arg(&args[0])?;
            int_arg(&args[0], "").map_err(FunctionError::new)?;
            Ok(Value::from(n.signum()))
        })
}

/// `parseint(number, base)`: the integer written in `number` (a string:
/// an optional `+` or `-` and at least one digit) in `base`, a whole
/// number from 2 to 62. Digits past 9 are letters: for bases up to 36
/// `a`/`A` is 10 ... `z`/`Z` is 35; above 36 the lower-case letters are
/// 10 to 35 and the upper-case ones 36 to 61 (Go's `big.Int.SetString`).
/// Any other character, or no digit, is an error. The first argument must
/// be a string: no other type is converted.
pub(super) fn parseint() -> Function {
    Function::builder()
        .param(Parameter::new("number", Type::Dynamic))
        .param(Parameter::new("base", Type::Number).allow_dynamic())
        .returns_with(|args| {
            let ty = args[0].ty();
            if ty != Type::String {
                return Err(FunctionError::argument(
                    0,
                    format!("first argument must be a string, not {}", ty.friendly_name()),
                ));
            }
            Ok(Type::Number)
        })
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let text = str_arg(&args[0])?;
            let base = number_arg(&args[1])?
                .to_i64()
                .ok_or_else(|| FunctionError::argument(1, "base must be a whole number"))?;
            if !(2..=62).contains(&base) {
                return Err(FunctionError::argument(
                    1,
                    "base must be a whole number between 2 and 62 inclusive",
                ));
            }
            m.spend_bytes(text.len())?;
            let bad = || FunctionError::argument(0, format!("cannot parse {} as a base {base} integer", quoted(text)));
            let (negative, body) = match text.as_bytes().first() {
                Some(b'-') => (true, &text[1..]),
                Some(b'+') => (false, &text[1..]),
                _ => (false, text),
            };
            let digits = body
                .bytes()
                .map(|c| digit_value(c, base as u8))
                .collect::<Option<Vec<u8>>>()
                .ok_or_else(bad)?;
            if digits.is_empty() {
                return Err(bad());
            }
            // Past the magnitude limit before any big integer is built.
            let significant = digits.iter().skip_while(|&&d| d == 0).count() as u64;
            let bits_per_digit = (base as f64).log2().floor() as u64;
            if significant.saturating_sub(1) * bits_per_digit >= MAX_BINARY_EXPONENT {
                return Err(number_error(NumberError::Overflow));
            }
            let magnitude = BigUint::from_radix_be(&digits, base as u32).ok_or_else(bad)?;
            let sign = if negative { Sign::Minus } else { Sign::Plus };
            integer_result(BigInt::from_biguint(sign, magnitude))
        })
}

/// The value of an ASCII digit in `base` (Go's `big.Int.SetString`), or
/// `None`.
fn digit_value(c: u8, base: u8) -> Option<u8> {
    let v = match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'z' => c - b'a' + 10,
        b'A'..=b'Z' if base <= 36 => c - b'A' + 10,
        b'A'..=b'Z' => c - b'A' + 36,
        _ => return None,
    };
    (v < base).then_some(v)
}

// ------------------------------------------------------------ log and pow

/// Bits beyond the 512 of an approximate result that `log` and `pow`
/// work with: the series below are good to a few units of their last
/// place, so the result is within a relative 2^-500 of the true value
/// before its final rounding.
const WORK_BITS: u64 = 640;

/// What one fixed-point multiplication or division of `bits` bits costs
/// (as [`Number::work`] counts it).
fn fixed_work(bits: u64) -> u64 {
    let w = bits / 64 + 1;
    w + w * w / 32
}

/// `atanh(a/b)` (`|a/b| <= 1/3`) to `p` fractional bits: `z + z^3/3 +
/// z^5/5 + ...` in fixed point, each term gaining at least three bits.
fn atanh_fixed(a: &BigInt, b: &BigInt, p: u64, m: &Meter) -> Result<BigInt, StepLimitReached> {
    const GUARD: u64 = 16;
    let q = p + GUARD;
    // on magnitudes: a negative term shifted right would round towards
    // -1 and never reach zero
    let z = (a.abs() << q) / b.abs();
    let z2 = (&z * &z) >> q;
    let mut term = z;
    let mut sum = BigInt::zero();
    let mut k = 1u64;
    while !term.is_zero() {
        m.spend(fixed_work(q))?;
        sum += &term / k;
        term = (&term * &z2) >> q;
        k += 2;
    }
    let sum = sum >> GUARD;
    Ok(if a.is_negative() != b.is_negative() { -sum } else { sum })
}

/// `ln 2` to `p` fractional bits: `2 atanh(1/3)`.
fn ln2_fixed(p: u64, m: &Meter) -> Result<BigInt, StepLimitReached> {
    Ok(atanh_fixed(&BigInt::one(), &BigInt::from(3), p, m)? << 1u32)
}

/// `ln x` for a positive rational `x`, as `(l, p)` with `l / 2^p` within a
/// relative `2^-rel` of it; `None` when `x` is 1 (the logarithm is exactly
/// zero).
///
/// `x = m 2^k` with `m` in `[1/√2, √2)`, and `ln m = 2 atanh((m-1)/(m+1))`
/// with `|(m-1)/(m+1)| < 0.172`. The precision grows with how close `m`
/// is to 1, so a logarithm near zero keeps its relative precision.
fn ln_fixed(x: &BigRational, rel: u64, m: &Meter) -> Result<Option<(BigInt, u64)>, StepLimitReached> {
    let (n, d) = (x.numer().abs(), x.denom().abs());
    let mut k = n.bits() as i64 - d.bits() as i64;
    // x / 2^k lies in (1/2, 2)
    let (mut mn, mut md) = if k >= 0 {
        (n, d << k as u64)
    } else {
        (n << k.unsigned_abs(), d)
    };
    m.spend(fixed_work(mn.bits().max(md.bits())))?;
    if (&mn * &mn) >= ((&md * &md) << 1u32) {
        k += 1;
        md <<= 1u32;
    } else if ((&mn * &mn) << 1u32) < &md * &md {
        k -= 1;
        mn <<= 1u32;
    }
    let (num, den) = (&mn - &md, &mn + &md);
    if num.is_zero() && k == 0 {
        return Ok(None);
    }
    // |num/den| is about 2^-t
    let t = if num.is_zero() {
        0
    } else {
        den.bits().saturating_sub(num.bits())
    };
    let p = rel + t + 64 - (k.unsigned_abs().leading_zeros() as u64) + 8;
    let mut l = atanh_fixed(&num, &den, p, m)? << 1u32;
    if k != 0 {
        l += ln2_fixed(p, m)? * BigInt::from(k);
    }
    Ok(Some((l, p)))
}

/// `e^(t / 2^p)` for `|t / 2^p|` below about 23,000, as `(e, s)` with the
/// value `e 2^s` good to about `p - 40` bits: `t = k ln 2 + r` (`0 <= r < ln 2`), and `e^r`
/// from its Taylor series at `r / 2^20`, squared 20 times.
fn exp_fixed(t: &BigInt, p: u64, m: &Meter) -> Result<(BigInt, i64), StepLimitReached> {
    const HALVINGS: u64 = 20;
    let q = p + 2 * HALVINGS + 16;
    let t = t << (q - p);
    let ln2 = ln2_fixed(q, m)?;
    // r in [0, ln 2): every term of the series is positive
    let k = t.div_floor(&ln2);
    let r = (&t - &k * &ln2) >> HALVINGS;
    let one = BigInt::one() << q;
    let mut sum = one.clone();
    let mut term = one;
    let mut i = 1u32;
    loop {
        m.spend(fixed_work(q))?;
        term = ((&term * &r) >> q) / i;
        if term.is_zero() {
            break;
        }
        sum += &term;
        i += 1;
    }
    for _ in 0..HALVINGS {
        m.spend(fixed_work(q))?;
        sum = (&sum * &sum) >> q;
    }
    let k = k.to_i64().unwrap_or(0);
    Ok((sum, k - q as i64))
}

/// `±e 2^s` as an approximate number.
fn approximate_scaled(negative: bool, e: BigInt, s: i64) -> Result<Number, NumberError> {
    let e = if negative { -e } else { e };
    if s >= 0 {
        Number::approximate(e << s as u64, BigInt::one())
    } else {
        Number::approximate(e, BigInt::one() << s.unsigned_abs())
    }
}

/// The logarithm of a number to go into `log`'s quotient.
enum Ln {
    /// Exactly zero: `ln 1`.
    Zero,
    /// `l / 2^p`.
    Finite(BigInt, u64),
    /// `ln 0` or `ln ∞`.
    Infinite(i32),
}

/// `ln x` as `log` needs it: `ln 0` is -∞, `ln ∞` is ∞, and a negative
/// number has none (the reference's NaN, which it fails on).
fn ln_of(x: &Number, which: usize, m: &Meter) -> Result<Ln, FunctionError> {
    if x.signum() < 0 {
        return Err(FunctionError::argument(
            which,
            "a negative number has no real logarithm",
        ));
    }
    if x.is_zero() {
        return Ok(Ln::Infinite(-1));
    }
    let Some(r) = x.to_rational() else {
        return Ok(Ln::Infinite(1));
    };
    Ok(match ln_fixed(&r, WORK_BITS, m)? {
        None => Ln::Zero,
        Some((l, p)) => Ln::Finite(l, p),
    })
}

fn signed_infinity(sign: i32) -> Number {
    if sign < 0 {
        Number::NEGATIVE_INFINITY
    } else {
        Number::POSITIVE_INFINITY
    }
}

/// `log(num, base)`: the logarithm of `num` in `base`, `ln num / ln base`,
/// with the reference's IEEE rules where a logarithm is zero or infinite
/// (`log(0, 10)` is -∞, `log(10, 1)` is ∞, `log(10, 0)` is 0). A negative
/// argument, and the quotients 0/0 and ∞/∞ (`log(1, 1)`), have no value
/// and are errors (the reference fails on its NaN).
pub(super) fn log() -> Function {
    Function::builder()
        .param(Parameter::new("num", Type::Number).allow_dynamic())
        .param(Parameter::new("base", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let (x, b) = (number_arg(&args[0])?, number_arg(&args[1])?);
            m.spend(x.work() + b.work())?;
            let none = || FunctionError::new("the logarithm has no value (0/0 or ∞/∞)");
            let sign = |l: &Ln| match l {
                Ln::Zero => 0,
                Ln::Finite(l, _) => l.signum().to_i32().unwrap_or(0),
                Ln::Infinite(s) => *s,
            };
            let (lx, lb) = (ln_of(x, 0, m)?, ln_of(b, 1, m)?);
            let result = match (&lx, &lb) {
                (Ln::Zero, Ln::Zero) | (Ln::Infinite(_), Ln::Infinite(_)) => return Err(none()),
                (Ln::Zero, _) | (Ln::Finite(..), Ln::Infinite(_)) => Number::ZERO,
                // divided by zero (a positive zero, as `ln 1` is)
                (Ln::Finite(..) | Ln::Infinite(_), Ln::Zero) => signed_infinity(sign(&lx)),
                (Ln::Infinite(s), Ln::Finite(..)) => signed_infinity(s * sign(&lb)),
                (Ln::Finite(a, pa), Ln::Finite(b, pb)) => {
                    let (mut n, mut d) = (a << *pb, b << *pa);
                    if d.is_negative() {
                        (n, d) = (-n, -d);
                    }
                    Number::approximate(n, d).map_err(number_error)?
                }
            };
            Ok(Value::from(result))
        })
}

/// `pow(num, power)`: `num` raised to `power`. An integer power is exact
/// while the result is (its numerator within the magnitude limit, its
/// denominator within the 4096 bits an exact number may have); any other
/// power is the 512-bit approximation of `e^(power ln num)`. The special
/// cases are those of the reference's `math.Pow`: anything to the power 0
/// is 1, 1 to any power is 1, `pow(0, -1)` is ∞, powers of ∞ and ∞ powers
/// follow the limits. A negative number to a non-integer power has no
/// real value: an error (the reference fails on its NaN). A result of
/// 2^32768 or more is the magnitude limit's error, found before any work
/// is done (`pow(2, 1e9)` ends at once); a tiny one is 0.
pub(super) fn pow() -> Function {
    Function::builder()
        .param(Parameter::new("num", Type::Number).allow_dynamic())
        .param(Parameter::new("power", Type::Number).allow_dynamic())
        .returns(Type::Number)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let (x, y) = (number_arg(&args[0])?, number_arg(&args[1])?);
            m.spend(x.work() + y.work())?;
            Ok(Value::from(power(x, y, m)?))
        })
}

fn power(x: &Number, y: &Number, m: &Meter) -> Result<Number, FunctionError> {
    let one = Number::from(1);
    if y.is_zero() || *x == one {
        return Ok(one);
    }
    if *y == one {
        return Ok(x.clone());
    }
    let y_odd = y.to_rational().is_some_and(|r| r.is_integer() && r.numer().is_odd());
    if x.is_zero() {
        return Ok(if y.signum() < 0 {
            Number::POSITIVE_INFINITY
        } else {
            Number::ZERO
        });
    }
    if y.is_infinite() {
        let minus_one = Number::from(-1);
        return Ok(if *x == minus_one {
            one
        } else if (x.abs() < one) == (y.signum() > 0) {
            Number::ZERO
        } else {
            Number::POSITIVE_INFINITY
        });
    }
    if x.is_infinite() {
        // ∞^y, and (-∞)^y = (-0)^-y
        let negative = x.signum() < 0 && y_odd;
        return Ok(match (y.signum() > 0, negative) {
            (true, false) => Number::POSITIVE_INFINITY,
            (true, true) => Number::NEGATIVE_INFINITY,
            (false, _) => Number::ZERO,
        });
    }
    let (xr, yr) = (x.to_rational().expect("finite"), y.to_rational().expect("finite"));
    let negative = x.signum() < 0;
    if negative && !yr.is_integer() {
        return Err(FunctionError::new(
            "a negative number to a non-integer power has no real value",
        ));
    }
    if yr.is_integer()
        && let Some(r) = exact_power(&xr, yr.numer(), !x.is_exact(), m)?
    {
        return Ok(r);
    }
    // e^(y ln |x|), |x| not 1
    let Some((l, p)) = ln_fixed(&xr.abs(), WORK_BITS + 64, m)? else {
        return Ok(one);
    };
    // y ln|x| at WORK_BITS fractional bits
    let t = (yr.numer() * l) / (yr.denom() << (p - WORK_BITS));
    // e^t is out of range well before |t| reaches 23,000 (2^32768 is
    // e^22713.0...): decided here, before any series
    let limit = BigInt::from(23_000) << WORK_BITS;
    if t > limit {
        return Err(number_error(NumberError::Overflow));
    }
    if t < -limit {
        return Ok(Number::ZERO);
    }
    let (e, s) = exp_fixed(&t, WORK_BITS, m)?;
    approximate_scaled(negative && y_odd, e, s).map_err(number_error)
}

/// `x^y` for an integer `y`, exactly, when the result stays exact (its
/// numerator within the magnitude limit, its denominator within 4096
/// bits); `None` when it would not (the caller approximates). With an
/// approximate `x` the exact power is rounded (approximate in, approximate
/// out).
fn exact_power(x: &BigRational, y: &BigInt, approx: bool, m: &Meter) -> Result<Option<Number>, FunctionError> {
    let Some(e) = y.magnitude().to_u32() else {
        return Ok(None);
    };
    let (mut n, mut d) = (x.numer().clone(), x.denom().clone());
    if y.is_negative() {
        (n, d) = (d, n);
        if d.is_negative() {
            (n, d) = (-n, -d);
        }
    }
    let e64 = u64::from(e);
    let (nb, db) = (n.bits().saturating_mul(e64), (d.bits() - 1).saturating_mul(e64));
    if nb > MAX_BINARY_EXPONENT + e64 + 64 || db > MAX_BINARY_EXPONENT + MAX_EXACT_DENOMINATOR_BITS {
        return Ok(None);
    }
    m.spend(fixed_work(nb + db))?;
    let (n, d) = (n.pow(e), d.pow(e));
    let r = if approx {
        Number::approximate(n, d)
    } else {
        Number::from_rational(BigRational::new_raw(n, d))
    };
    r.map(Some).map_err(number_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::from_json_number(s).unwrap()
    }

    fn call(f: Function, a: &str, b: &str) -> Number {
        f.call(&[Value::from(n(a)), Value::from(n(b))])
            .unwrap()
            .as_number()
            .unwrap()
            .clone()
    }

    /// `log` and `pow` against 170-digit values worked out elsewhere
    /// (Python's `decimal` at 200 digits): within a relative 2^-500.
    #[test]
    fn log_and_pow_are_good_to_500_bits() {
        let cases = [
            ("pow", "2", "0.5", "1.41421356237309504880168872420969807856967187537694807317667973799073247846210703885038753432764157273501384623091229702492483605585073721264412149709993583141322266592751E+0"),
            ("log", "10", "2", "3.32192809488736234787031942948939017586483139302458061205475639581593477660862521585013974335937015509965737171025025182682409698426352688827530277299865539385195135265751E+0"),
            ("pow", "1.0000001", "10000000", "2.71828169254496627119855022577781327315350827128440406388549537914435275299928234532387405636834170648628775755007787922663113136080607783792264464381813644894358456996983E+0"),
            ("pow", "7.5", "-3.25", "1.43235574393209748759074139455936709905041864924034066817926010666041381575948977600498960333814132318468201643906169481459078073793397328780217939024223400582647717087886E-3"),
            ("log", "1.5", "1.000001", "4.05465310840684647318089459577149466513340747210380437709682664985330171314615887131663030963424306020014366151870535448413263592744850018380502138773744420118309575666207E+5"),
            ("pow", "0.999", "100000", "3.53852768834344234176637131004649498494277876397424942799258271641370049343128287090575794449248424649728164068470808281687549146266768345124757563647814243576503951454296E-44"),
            ("pow", "2", "1000.5", "1.51534200448232446153225932624612313639580415920350281797305076266771690705819589192365763442850060973037951802584090392939944037121339154996118540754480151461207719953353E+301"),
            ("log", "3", "7", "5.64575034053579613804550167174908536143227911186792595045409262307752314200409499010281544584361260996304177648455372085615002425799844027841343653610244865987673813590125E-1"),
        ];
        let tolerance = Number::from_rational(BigRational::new(1.into(), BigInt::one() << 500u32)).unwrap();
        for (f, a, b, expected) in cases {
            let ours = call(if f == "pow" { pow() } else { log() }, a, b);
            let expected = n(expected);
            let diff = ours.sub(&expected).unwrap().abs();
            assert!(
                diff <= expected.abs().mul(&tolerance).unwrap(),
                "{f}({a}, {b}) = {ours}, expected {expected}"
            );
            assert!(!ours.is_exact(), "{f}({a}, {b}) is an approximation");
        }
    }

    #[test]
    fn exact_where_the_result_is() {
        assert_eq!(call(pow(), "3", "40"), n("12157665459056928801"));
        assert_eq!(call(pow(), "0.1", "3"), n("0.001"));
        assert_eq!(call(pow(), "-2", "-3"), n("-0.125"));
        assert!(call(pow(), "1.1", "100").is_exact());
        assert_eq!(call(log(), "1", "10"), Number::ZERO);
        // a logarithm near zero keeps its relative precision
        let tiny = call(log(), "1.0000000000000000000000000000000000000001", "2.718281828");
        assert!(tiny > Number::ZERO && tiny < n("1e-39"));
    }

    #[test]
    fn huge_powers_end_at_once() {
        let t = std::time::Instant::now();
        for (a, b) in [("2", "1e9"), ("1.0000001", "1e300"), ("10", "-1e300"), ("0.5", "1e9")] {
            let _ = pow().call(&[Value::from(n(a)), Value::from(n(b))]);
        }
        assert!(t.elapsed().as_secs() < 5);
        assert!(pow().call(&[Value::from(2), Value::from(n("1e9"))]).is_err());
        assert_eq!(call(pow(), "0.5", "1e9"), Number::ZERO);
    }
}
