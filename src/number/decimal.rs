//! Go's `math/big` decimal: the exact decimal digits of a binary
//! floating-point value, and their rounding, as the reference prints
//! numbers (the number's canonical form and `format`'s `%e`, `%f`, `%g`).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{Pow, Zero};

/// A decimal `0.mant × 10^exp`, `mant` ASCII digits without trailing zeros
/// (empty for zero): Go's `math/big` decimal, whose rounding rules the
/// methods below follow step for step so that every digit agrees.
///
/// A decimal made by [`Decimal::leading`] holds only the first digits of
/// its value: `more` says that non-zero digits follow them (and then
/// `mant` keeps its trailing zeros, which are known digits). Rounding at a
/// digit it holds gives what rounding the whole expansion gives, and
/// leaves a whole decimal.
pub(crate) struct Decimal {
    pub(crate) mant: Vec<u8>,
    pub(crate) exp: i64,
    pub(crate) more: bool,
}

/// How many leading digits [`Decimal::shortest`] works with: a 512-bit
/// value and its neighbours half an ulp away differ within the first 156
/// digits, so the walk decides before it runs out (if it ever did, the
/// whole expansion is worked out instead).
const SHORTEST_DIGITS: u64 = 200;

impl Decimal {
    /// The exact decimal value of `m × 2^shift`.
    pub(crate) fn new(m: &BigUint, shift: i64) -> Decimal {
        if m.is_zero() {
            return Decimal::zero();
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
        Decimal { mant, exp, more: false }
    }

    /// At most how many digits the exact expansion of `m × 2^shift` has,
    /// from its size alone: `odd × 2^e` is an integer of `bits + e` bits
    /// when `e >= 0`, and otherwise `odd × 5^k / 10^k` (`k = -e`), whose
    /// digits are those of an integer of about `bits + 2.33k` bits.
    pub(crate) fn whole_len_bound(m: &BigUint, shift: i64) -> u64 {
        let zeros = m.trailing_zeros().unwrap_or(0);
        let bits = m.bits() - zeros;
        let e = shift + zeros as i64;
        let total = if e >= 0 {
            bits + e as u64
        } else {
            bits + (e.unsigned_abs() as f64 * 5f64.log2()).ceil() as u64
        };
        (total as f64 * std::f64::consts::LOG10_2).ceil() as u64 + 1
    }

    /// Zero: no digits.
    pub(crate) fn zero() -> Decimal {
        Decimal {
            mant: Vec::new(),
            exp: 0,
            more: false,
        }
    }

    /// The first `p` or more significant digits of `m × 2^shift` (all of
    /// them when there are fewer). The whole expansion of a number near
    /// 2^±32768 has some 22,000 digits, and working it out (as
    /// [`Decimal::new`] does) took milliseconds, when printing the number
    /// needs a couple of hundred of them: this costs one power of ten the
    /// size of the exponent, and a division or a shift.
    pub(crate) fn leading(m: &BigUint, shift: i64, p: u64) -> Decimal {
        if m.is_zero() {
            return Decimal::zero();
        }
        // The value lies in [2^(b-1), 2^b): scaled by 10^t it has at least
        // p + 1 integer digits (the estimate of log10 may be one off).
        let b = m.bits() as i64 + shift;
        let below = ((b - 1) as f64 * std::f64::consts::LOG10_2).floor() as i64;
        let t = p as i64 - below;
        // value × 10^t = m × 5^t × 2^(shift + t) when t >= 0, and
        // m × 2^shift / 10^-t otherwise.
        let (mut n, twos, tens) = if t >= 0 {
            (m * BigUint::from(5u32).pow(t as u64), shift + t, 0)
        } else {
            (m.clone(), shift, t.unsigned_abs())
        };
        let mut more = false;
        if twos >= 0 {
            n <<= twos as u64;
        } else {
            let k = twos.unsigned_abs();
            more = n.trailing_zeros().is_some_and(|z| z < k);
            n >>= k;
        }
        if tens > 0 {
            let (q, r) = n.div_rem(&BigUint::from(10u32).pow(tens));
            more |= !r.is_zero();
            n = q;
        }
        let mut mant = n.to_str_radix(10).into_bytes();
        let exp = mant.len() as i64 - t;
        if !more {
            while mant.last() == Some(&b'0') {
                mant.pop();
            }
        }
        Decimal { mant, exp, more }
    }

    /// `m × 2^shift` rounded to the fewest digits that read back as it
    /// ([`Decimal::round_shortest`]), from its leading digits.
    pub(crate) fn shortest(m: &BigUint, shift: i64) -> Decimal {
        if let Some(d) = Decimal::exact_if_shortest(m, shift) {
            return d;
        }
        let mut d = Decimal::leading(m, shift, SHORTEST_DIGITS);
        if d.round_shortest(m, shift) || !d.more {
            return d;
        }
        let mut d = Decimal::new(m, shift);
        d.round_shortest(m, shift);
        d
    }

    /// The exact digits of `m × 2^shift` when no decimal with fewer digits
    /// lies within half an ulp (`2^(shift-1)`) of it, as for every integer
    /// below 2^512 and short binary fractions like 0.5: the walk of
    /// [`Decimal::round_shortest`] then changes nothing, and skipping its
    /// three expansions of 200 digits makes `%v` of an integer about 20
    /// times cheaper. `None` when shorter decimals may be that close.
    ///
    /// The exact expansion ends at its digit for 10^p; every decimal with
    /// fewer digits is a multiple of 10^(p+1), and differs from the value
    /// by at least 10^p, since the value's last digit is not zero (by
    /// 5 × 10^p when that digit is 5). So the expansion is the shortest
    /// when half an ulp is below that distance.
    fn exact_if_shortest(m: &BigUint, shift: i64) -> Option<Decimal> {
        let zeros = m.trailing_zeros()?;
        let (odd, e) = (m >> zeros, shift + zeros as i64);
        let shorter_is_far = if e >= 0 {
            // an integer: p >= 0, and half an ulp is below 1
            shift <= 0
        } else {
            // odd / 2^k = odd × 5^k / 10^k, whose last digit is 5: p = -k,
            // and the nearest shorter decimals are 5 × 10^-k away, farther
            // than 2^(shift-1) when 5^(k-1) < 2^(1 - shift - k), where
            // 1 - shift - k is 1 + zeros
            let k = e.unsigned_abs();
            let room = zeros + 1;
            // (5^(k-1) has about 2.32k bits: no need to work it out when
            // that is clearly too many)
            ((k - 1) as f64) * 5f64.log2() < (room + 1) as f64 && BigUint::from(5u32).pow(k - 1).bits() <= room
        };
        shorter_is_far.then(|| Decimal::new(&odd, e))
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

    /// Whether rounding at `n` digits is within the digits held: always,
    /// for a whole decimal (past its end rounding changes nothing).
    pub(crate) fn holds(&self, n: i64) -> bool {
        !self.more || n < self.len()
    }

    /// Rounds to `n` digits, ties to even. A decimal with only its leading
    /// digits must hold digit `n` ([`Decimal::holds`]).
    pub(crate) fn round(&mut self, n: i64) {
        debug_assert!(self.holds(n));
        if n < 0 || n >= self.len() {
            return;
        }
        let i = n as usize;
        let up = if self.mant[i] == b'5' && i + 1 == self.mant.len() && !self.more {
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
        self.more = false;
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
        self.more = false;
        while self.mant.last() == Some(&b'0') {
            self.mant.pop();
        }
        if self.mant.is_empty() {
            self.exp = 0;
        }
    }

    /// Rounds to the fewest digits that still read back as the binary
    /// value `m × 2^e` this decimal was made from (ties to even); `false`
    /// when its digits ran out first (a whole decimal is then left as it
    /// is, which is right; one with only leading digits is not rounded).
    pub(crate) fn round_shortest(&mut self, m: &BigUint, e: i64) -> bool {
        if self.mant.is_empty() {
            return true;
        }
        // Half an ulp either side: with one more bit the neighbours of 2m
        // are 2m - 1 and 2m + 1.
        let twice: BigUint = m << 1u32;
        let bound = |n: &BigUint| {
            if self.more {
                Decimal::leading(n, e - 1, SHORTEST_DIGITS)
            } else {
                Decimal::new(n, e - 1)
            }
        };
        let lower = bound(&(&twice - 1u32));
        let upper = bound(&(&twice + 1u32));
        // The bounds round back to m only when m is even (ties to even).
        let inclusive = !m.bit(0);
        for i in 0..self.len() {
            // a digit past what a bound holds is not known
            if !self.holds(i + 1) || !lower.holds(i + 1) || !upper.holds(i + 1) {
                return false;
            }
            let d = self.mant[i as usize];
            let (l, u) = (lower.at(i), upper.at(i));
            let ok_down = l != d || inclusive && i + 1 == lower.len() && !lower.more;
            let ok_up = d != u && (inclusive || d + 1 < u || i + 1 < upper.len() || upper.more);
            match (ok_down, ok_up) {
                (true, true) => self.round(i + 1),
                (true, false) => self.round_down(i + 1),
                (false, true) => self.round_up(i + 1),
                (false, false) => continue,
            }
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A mantissa: small, a whole 512-bit one, or a power of ten nudged by
    /// one (long runs of 9s and 0s, where carries and ties hide).
    fn mantissa() -> impl Strategy<Value = BigUint> {
        prop_oneof![
            (1u64..).prop_map(BigUint::from),
            proptest::collection::vec(any::<u32>(), 16).prop_map(|w| BigUint::new(w) | (BigUint::from(1u32) << 511u32)),
            // a whole mantissa ending in zero bits: an integer or a short
            // binary fraction at many exponents
            (proptest::collection::vec(any::<u32>(), 16), 0u32..512)
                .prop_map(|(w, z)| { ((BigUint::new(w) | (BigUint::from(1u32) << 511u32)) >> z) << z }),
            (1u32..200, 0u8..3).prop_map(|(k, nudge)| {
                let p = BigUint::from(10u32).pow(k);
                match nudge {
                    0 => p - 1u32,
                    1 => p,
                    _ => p + 1u32,
                }
            }),
        ]
    }

    proptest! {
        /// A digit 5 followed by zeros, and a 1 (or nothing) far past the
        /// digits worked out: the leading digits must tell a tie from a
        /// value just above one, at any scale.
        #[test]
        fn ties_are_told_from_values_just_above_them(a in 1u32..1000, k in 3u32..400, tail in 0u32..2, twos in 0u32..3) {
            // as m × 2^-twos, the value is m' × 2^twos × 2^-twos
            let m = (BigUint::from(a * 10 + 5) * BigUint::from(10u32).pow(k) + tail) << twos;
            let e = -i64::from(twos);
            let n = a.to_string().len() as i64;
            let mut whole = Decimal::new(&m, e);
            let mut lead = Decimal::leading(&m, e, n as u64 + 2);
            whole.round(n);
            lead.round(n);
            prop_assert_eq!(parts(&lead), parts(&whole));
        }
    }

    fn parts(d: &Decimal) -> (String, i64, bool) {
        (String::from_utf8(d.mant.clone()).unwrap(), d.exp, d.more)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Rounding the leading digits gives what rounding the whole
        /// expansion gives, for the shortest form and at any digit.
        #[test]
        fn leading_digits_round_as_the_whole_expansion(m in mantissa(), e in -4000i64..4000, n in 0i64..220) {
            let mut whole = Decimal::new(&m, e);
            whole.round_shortest(&m, e);
            prop_assert_eq!(parts(&Decimal::shortest(&m, e)), parts(&whole));

            let mut whole = Decimal::new(&m, e);
            let mut lead = Decimal::leading(&m, e, n as u64 + 2);
            prop_assert!(lead.holds(n));
            prop_assert_eq!(lead.exp, whole.exp);
            whole.round(n);
            lead.round(n);
            prop_assert_eq!(parts(&lead), parts(&whole));
        }
    }

    /// Binary fractions `odd / 2^k` whose ulp is around the last digit of
    /// their expansion, where the exact digits stop being the shortest.
    #[test]
    fn exact_digits_are_the_shortest_only_when_nothing_shorter_is_close() {
        let odds = [
            BigUint::from(1u32),
            BigUint::from(3u32),
            BigUint::from(12345u32),
            (BigUint::from(1u32) << 300u32) + 1u32,
        ];
        for k in 1u64..80 {
            let bits = BigUint::from(5u32).pow(k).bits() as i64;
            for zeros in (bits - 6).max(0)..bits + 2 {
                for odd in &odds {
                    let m = odd << zeros as u64;
                    let shift = -(k as i64) - zeros;
                    let mut whole = Decimal::new(&m, shift);
                    whole.round_shortest(&m, shift);
                    assert_eq!(
                        parts(&Decimal::shortest(&m, shift)),
                        parts(&whole),
                        "{odd} / 2^{k}, {zeros} zero bits"
                    );
                }
            }
        }
    }

    #[test]
    fn ties_and_carries() {
        // 0.125 at two digits: a tie, to even
        let mut d = Decimal::leading(&BigUint::from(1u32), -3, 3);
        d.round(2);
        assert_eq!(parts(&d), ("12".into(), 0, false));
        // 0.3125 at three digits, from fewer leading digits than it has
        let mut d = Decimal::leading(&BigUint::from(5u32), -4, 3);
        assert!(d.holds(3));
        d.round(3);
        assert_eq!(parts(&d), ("312".into(), 0, false));
        // 999.5 rounds up into a new digit
        let mut d = Decimal::leading(&BigUint::from(1999u32), -1, 4);
        d.round(3);
        assert_eq!(parts(&d), ("1".into(), 4, false));
        // a long expansion: only its first digits, and more after them
        let d = Decimal::leading(&BigUint::from(1u32), -40, 5);
        assert!(d.more && d.mant.len() >= 5, "{:?}", parts(&d));
        assert_eq!(d.exp, -12);
    }
}
