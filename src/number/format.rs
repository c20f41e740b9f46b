//! Number to string: the model's canonical decimal form.
//!
//! spec: model#primitive-type-conversions
//!
//! Integer digits, then `.` and the fraction when it is non-zero, never an
//! exponent. An exact number whose decimal expansion terminates prints
//! exactly. Any other number (one that does not terminate, like 1/3, or one
//! already rounded under the bounded-cost policy) prints as the reference
//! implementation does: rounded to a 512-bit binary mantissa, then the
//! shortest decimal that reads back to that same 512-bit value (Go's
//! `big.Float.Text('f', -1)`, whose digit walk `super::decimal` reproduces
//! step for step). Infinities print as `+Inf` and `-Inf`.

use std::fmt;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{Pow, ToPrimitive, Zero};

use super::decimal::Decimal;
use super::round::round_to_bits;
use super::{Number, Repr, MANTISSA_BITS};

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Int(i) => write!(f, "{i}"),
            Repr::PosInf => f.write_str("+Inf"),
            Repr::NegInf => f.write_str("-Inf"),
            Repr::Ratio(n, d) => {
                let (n, d) = (BigInt::from(*n), BigInt::from(*d));
                match terminating(&n, &d) {
                    Some(s) => f.write_str(&s),
                    None => f.write_str(&shortest(&n, &d)),
                }
            }
            Repr::Exact(r) => match terminating(r.numer(), r.denom()) {
                Some(s) => f.write_str(&s),
                None => f.write_str(&shortest(r.numer(), r.denom())),
            },
            Repr::Approx(r) => f.write_str(&shortest(r.numer(), r.denom())),
        }
    }
}

/// What working out the shortest digits of a number's 512-bit value
/// costs, in evaluation steps: three expansions of 200 digits, about 4 µs,
/// as long as some hundred steps of evaluation take.
const SHORTEST_WORK: u64 = 100;

impl Number {
    /// What printing this number costs, in evaluation steps, beyond the
    /// bytes of the text it gives: nothing for an integer that fits in a
    /// machine word or a decimal fraction like 1.5; [`SHORTEST_WORK`] for
    /// a fraction like 1/3, whose shortest form takes hundreds of digits
    /// to find; and for a big number its [`Number::work`] as well.
    /// Conversion to a string, `format`'s number verbs and `jsonencode`
    /// charge it, so that the step limit bounds how long printing takes.
    pub(crate) fn print_work(&self) -> u64 {
        match &self.0 {
            Repr::Int(_) | Repr::PosInf | Repr::NegInf => 0,
            Repr::Ratio(_, d) => match ratio_decimals(*d) {
                Some(_) => 0,
                None => SHORTEST_WORK,
            },
            Repr::Exact(r) if r.is_integer() => self.work(),
            Repr::Exact(_) | Repr::Approx(_) => self.work() + SHORTEST_WORK,
        }
    }

    /// At most how many bytes the canonical form of this number takes,
    /// from its size alone: `1e9800` prints 9,801 digits.
    pub(crate) fn printed_len_bound(&self) -> u64 {
        // sign, point, and the most significant digits a shortest form has
        const SHORTEST: u64 = 170;
        let digits = |n: u64| u64::from(n.checked_ilog10().unwrap_or(0)) + 1;
        match &self.0 {
            Repr::Int(i) => digits(i.unsigned_abs()) + 1,
            Repr::PosInf | Repr::NegInf => 4,
            Repr::Ratio(n, d) => match ratio_decimals(*d) {
                // sign, integer digits, point, decimals
                Some(k) => 2 + digits(u64::from(n.unsigned_abs() / d.unsigned_abs())) + u64::from(k),
                None => SHORTEST,
            },
            Repr::Exact(r) | Repr::Approx(r) => {
                let (nb, db) = (r.numer().bits(), r.denom().bits());
                // the integer digits, or the zeros after the point
                let scale = (nb.abs_diff(db) as f64 * std::f64::consts::LOG10_2) as u64 + 2;
                if matches!(self.0, Repr::Exact(_)) && r.is_integer() {
                    scale + 1
                } else {
                    // a terminating fraction's decimals (at most the
                    // denominator's bits) or a shortest form
                    scale + db + SHORTEST
                }
            }
        }
    }
}

/// How many decimals a fraction with denominator `d` (above 1) has when
/// its expansion terminates (`d` is 2^a × 5^b: max(a, b) of them).
fn ratio_decimals(d: i32) -> Option<u32> {
    let d = d.unsigned_abs();
    let a = d.trailing_zeros();
    let (mut rest, mut b) = (d >> a, 0);
    while rest % 5 == 0 {
        rest /= 5;
        b += 1;
    }
    (rest == 1).then_some(a.max(b))
}

/// The exact decimal expansion of `n/d` when `d` is of the form 2^a 5^b.
fn terminating(n: &BigInt, d: &BigInt) -> Option<String> {
    let d = d.magnitude();
    let a = d.trailing_zeros().unwrap_or(0);
    let (rest, b) = without_fives(d >> a);
    if rest != BigUint::from(1u32) {
        return None;
    }
    let k = a.max(b);
    // n/d = n * 2^(k-a) * 5^(k-b) / 10^k.
    let scaled = (n.magnitude() * BigUint::from(5u32).pow(k - b)) << (k - a);
    let mut digits = scaled.to_str_radix(10);
    let k = k as usize;
    if k > 0 {
        if digits.len() <= k {
            digits.insert_str(0, &"0".repeat(k + 1 - digits.len()));
        }
        digits.insert(digits.len() - k, '.');
        let trimmed = digits.trim_end_matches('0').trim_end_matches('.').len();
        digits.truncate(trimmed);
    }
    if n.sign() == num_bigint::Sign::Minus {
        digits.insert(0, '-');
    }
    Some(digits)
}

/// `d` divided by its factors of 5, and how many there were. They are
/// taken 27 at a time (5^27 is the largest power of 5 in a word) while they
/// last, then one at a time: an exact denominator of 10^1200 (exact
/// denominators have at most 4096 bits) takes about 60 divisions by one
/// word, not 1,200. Printing 10,000 numbers `1e-1200 + j` took 1.66 s one factor
/// at a time, 0.15 s so.
fn without_fives(mut d: BigUint) -> (BigUint, u64) {
    let mut count = 0u64;
    for (power, factors) in [(5u64.pow(27), 27), (5, 1)] {
        let power = BigUint::from(power);
        loop {
            let (q, r) = d.div_rem(&power);
            if !r.is_zero() {
                break;
            }
            d = q;
            count += factors;
        }
    }
    (d, count)
}

/// The shortest decimal that rounds to the same 512-bit value as `n/d`.
fn shortest(n: &BigInt, d: &BigInt) -> String {
    let negative = n.sign() == num_bigint::Sign::Minus;
    if n.is_zero() {
        return "0".to_string();
    }
    let (q, e) = round_to_bits(n.magnitude(), d.magnitude(), MANTISSA_BITS);
    let dec = Decimal::shortest(&q, e);
    format_fixed(negative, &dec)
}

/// `%f` with exactly the digits of `dec`.
fn format_fixed(negative: bool, dec: &Decimal) -> String {
    let mut out = String::with_capacity(dec.mant.len() + 4);
    if negative {
        out.push('-');
    }
    if dec.exp > 0 {
        let exp = dec.exp.to_usize().expect("positive");
        let m = dec.mant.len().min(exp);
        out.extend(dec.mant[..m].iter().map(|&c| c as char));
        out.extend(std::iter::repeat_n('0', exp - m));
    } else {
        out.push('0');
    }
    let frac = dec.mant.len() as i64 - dec.exp;
    if frac > 0 {
        out.push('.');
        for i in 0..frac {
            let pos = dec.exp + i;
            out.push(if pos < 0 { '0' } else { dec.at(pos) as char });
        }
    }
    out
}
