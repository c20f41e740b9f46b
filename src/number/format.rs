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
//! `big.Float.Text('f', -1)`, whose digit walk is reproduced here step for
//! step). Infinities print as `+Inf` and `-Inf`.

use std::fmt;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{Pow, ToPrimitive, Zero};

use super::round::round_to_bits;
use super::{Number, Repr, MANTISSA_BITS};

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Int(i) => write!(f, "{i}"),
            Repr::PosInf => f.write_str("+Inf"),
            Repr::NegInf => f.write_str("-Inf"),
            Repr::Exact(r) => match terminating(r.numer(), r.denom()) {
                Some(s) => f.write_str(&s),
                None => f.write_str(&shortest(r.numer(), r.denom())),
            },
            Repr::Approx(r) => f.write_str(&shortest(r.numer(), r.denom())),
        }
    }
}

/// The exact decimal expansion of `n/d` when `d` is of the form 2^a 5^b.
fn terminating(n: &BigInt, d: &BigInt) -> Option<String> {
    let d = d.magnitude();
    let a = d.trailing_zeros().unwrap_or(0);
    let mut rest: BigUint = d >> a;
    let mut b = 0u64;
    let five = BigUint::from(5u32);
    while !rest.is_zero() && rest.bits() > 1 {
        let (q, r) = rest.div_rem(&five);
        if !r.is_zero() {
            return None;
        }
        rest = q;
        b += 1;
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

/// A decimal `0.mant * 10^exp` with no trailing zeros in `mant` (Go's
/// `math/big` decimal type).
struct Decimal {
    mant: Vec<u8>,
    exp: i64,
}

impl Decimal {
    /// The exact decimal value of `m * 2^shift`.
    fn new(m: &BigUint, shift: i64) -> Decimal {
        if m.is_zero() {
            return Decimal {
                mant: Vec::new(),
                exp: 0,
            };
        }
        let (s, point) = if shift >= 0 {
            ((m << shift as u64).to_str_radix(10), 0)
        } else {
            // m / 2^k = m * 5^k / 10^k.
            let k = (-shift) as u64;
            ((m * BigUint::from(5u32).pow(k)).to_str_radix(10), k as i64)
        };
        let mut mant = s.into_bytes();
        let exp = mant.len() as i64 - point;
        while mant.last() == Some(&b'0') {
            mant.pop();
        }
        Decimal { mant, exp }
    }

    fn at(&self, i: usize) -> u8 {
        self.mant.get(i).copied().unwrap_or(b'0')
    }

    fn round(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        if self.should_round_up(n) {
            self.round_up(n)
        } else {
            self.round_down(n)
        }
    }

    fn should_round_up(&self, n: usize) -> bool {
        if self.mant[n] == b'5' && n + 1 == self.mant.len() {
            // Exactly halfway: round to even.
            return n > 0 && (self.mant[n - 1] - b'0') & 1 != 0;
        }
        self.mant[n] >= b'5'
    }

    fn round_up(&mut self, mut n: usize) {
        if n >= self.mant.len() {
            return;
        }
        while n > 0 && self.mant[n - 1] >= b'9' {
            n -= 1;
        }
        if n == 0 {
            // All nines.
            self.mant.truncate(1);
            self.mant[0] = b'1';
            self.exp += 1;
            return;
        }
        self.mant[n - 1] += 1;
        self.mant.truncate(n);
    }

    fn round_down(&mut self, n: usize) {
        if n >= self.mant.len() {
            return;
        }
        self.mant.truncate(n);
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
    }
}

/// The shortest decimal that rounds to the same 512-bit value as `n/d`.
fn shortest(n: &BigInt, d: &BigInt) -> String {
    let negative = n.sign() == num_bigint::Sign::Minus;
    if n.is_zero() {
        return "0".to_string();
    }
    let (q, e) = round_to_bits(n.magnitude(), d.magnitude(), MANTISSA_BITS);
    let mut dec = Decimal::new(&q, e);
    // Bounds half an ulp either side: with one more mantissa bit, the
    // neighbours of 2q are 2q - 1 and 2q + 1.
    let mant: BigUint = &q << 1u32;
    let lower = Decimal::new(&(&mant - 1u32), e - 1);
    let upper = Decimal::new(&(&mant + 1u32), e - 1);
    // The bounds round back to q only when q is even (ties to even).
    let inclusive = !q.bit(0);
    for i in 0..dec.mant.len() {
        let m = dec.mant[i];
        let l = lower.at(i);
        let u = upper.at(i);
        let okdown = l != m || inclusive && i + 1 == lower.mant.len();
        let okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.mant.len());
        match (okdown, okup) {
            (true, true) => {
                dec.round(i + 1);
                break;
            }
            (true, false) => {
                dec.round_down(i + 1);
                break;
            }
            (false, true) => {
                dec.round_up(i + 1);
                break;
            }
            (false, false) => {}
        }
    }
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
            out.push(if pos < 0 { '0' } else { dec.at(pos as usize) as char });
        }
    }
    out
}
