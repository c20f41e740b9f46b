//! Go's `math/big` decimal: the exact decimal digits of a binary
//! floating-point value, and their rounding, as the reference prints
//! numbers (the number's canonical form and `format`'s `%e`, `%f`, `%g`).

use num_bigint::BigUint;
use num_traits::{Pow, Zero};

/// A decimal `0.mant × 10^exp`, `mant` ASCII digits without trailing zeros
/// (empty for zero): Go's `math/big` decimal, whose rounding rules the
/// methods below follow step for step so that every digit agrees.
pub(crate) struct Decimal {
    pub(crate) mant: Vec<u8>,
    pub(crate) exp: i64,
}

impl Decimal {
    /// The exact decimal value of `m × 2^shift`.
    pub(crate) fn new(m: &BigUint, shift: i64) -> Decimal {
        if m.is_zero() {
            return Decimal {
                mant: Vec::new(),
                exp: 0,
            };
        }
        let (digits, point) = if shift >= 0 {
            ((m << shift as u64).to_str_radix(10), 0)
        } else {
            // m / 2^k = m * 5^k / 10^k.
            let k = shift.unsigned_abs();
            ((m * BigUint::from(5u32).pow(k)).to_str_radix(10), k as i64)
        };
        let mut mant = digits.into_bytes();
        let exp = mant.len() as i64 - point;
        while mant.last() == Some(&b'0') {
            mant.pop();
        }
        Decimal { mant, exp }
    }

    /// The number of digits of the mantissa.
    pub(crate) fn len(&self) -> i64 {
        self.mant.len() as i64
    }

    /// The digit at `i`, `0` outside the mantissa.
    pub(crate) fn at(&self, i: i64) -> u8 {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.mant.get(i).copied())
            .unwrap_or(b'0')
    }

    /// Rounds to `n` digits, ties to even.
    pub(crate) fn round(&mut self, n: i64) {
        if n < 0 || n >= self.len() {
            return;
        }
        let i = n as usize;
        let up = if self.mant[i] == b'5' && i + 1 == self.mant.len() {
            // Exactly halfway: round to even.
            i > 0 && (self.mant[i - 1] - b'0') % 2 == 1
        } else {
            self.mant[i] >= b'5'
        };
        if up {
            self.round_up(n)
        } else {
            self.round_down(n)
        }
    }

    /// Rounds up to `n` digits.
    pub(crate) fn round_up(&mut self, n: i64) {
        if n < 0 || n >= self.len() {
            return;
        }
        let mut i = n as usize;
        while i > 0 && self.mant[i - 1] >= b'9' {
            i -= 1;
        }
        if i == 0 {
            // All nines.
            self.mant.truncate(1);
            self.mant[0] = b'1';
            self.exp += 1;
            return;
        }
        self.mant[i - 1] += 1;
        self.mant.truncate(i);
    }

    /// Rounds down (truncates) to `n` digits.
    pub(crate) fn round_down(&mut self, n: i64) {
        if n < 0 || n >= self.len() {
            return;
        }
        self.mant.truncate(n as usize);
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
        if self.mant.is_empty() {
            self.exp = 0;
        }
    }

    /// Rounds to the fewest digits that still read back as the binary
    /// value `m × 2^e` this decimal was made from (ties to even).
    pub(crate) fn round_shortest(&mut self, m: &BigUint, e: i64) {
        if self.mant.is_empty() {
            return;
        }
        // Half an ulp either side: with one more bit the neighbours of 2m
        // are 2m - 1 and 2m + 1.
        let twice: BigUint = m << 1u32;
        let lower = Decimal::new(&(&twice - 1u32), e - 1);
        let upper = Decimal::new(&(&twice + 1u32), e - 1);
        // The bounds round back to m only when m is even (ties to even).
        let inclusive = !m.bit(0);
        for i in 0..self.len() {
            let d = self.mant[i as usize];
            let (l, u) = (lower.at(i), upper.at(i));
            let ok_down = l != d || inclusive && i + 1 == lower.len();
            let ok_up = d != u && (inclusive || d + 1 < u || i + 1 < upper.len());
            match (ok_down, ok_up) {
                (true, true) => return self.round(i + 1),
                (true, false) => return self.round_down(i + 1),
                (false, true) => return self.round_up(i + 1),
                (false, false) => {}
            }
        }
    }
}
