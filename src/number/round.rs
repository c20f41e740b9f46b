//! Rounding a positive rational to a binary floating-point value with a
//! fixed number of mantissa bits, ties to even (IEEE 754's default, and the
//! reference implementation's `big.ToNearestEven`).
//!
//! spec: model#primitive-types

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

/// Rounds `num / den` (both non-zero) to `bits` significant bits.
///
/// Returns `(m, e)` with `2^(bits-1) <= m < 2^bits` and the rounded value
/// equal to `m * 2^e`. The cost is one division of the larger operand by
/// the smaller, whatever their sizes.
pub(crate) fn round_to_bits(num: &BigUint, den: &BigUint, bits: u64) -> (BigUint, i64) {
    debug_assert!(!num.is_zero() && !den.is_zero() && bits > 1);
    let bits_i = bits as i64;
    // num/den lies in (2^(bn-bd-1), 2^(bn-bd+1)); scale it by 2^s so the
    // integer quotient has `bits` or `bits + 1` bits.
    let s = bits_i - (num.bits() as i64 - den.bits() as i64);
    let (q, r, d) = if s >= 0 {
        let (q, r) = (num << (s as u64)).div_rem(den);
        (q, r, den.clone())
    } else {
        let d = den << ((-s) as u64);
        let (q, r) = num.div_rem(&d);
        (q, r, d)
    };
    let mut exp = -s;
    let mut m = q;
    // Decide the rounding direction from the bits below the mantissa.
    let round_up = if m.bits() > bits {
        // One bit too many: that bit is the half, the remainder is sticky.
        let half = m.bit(0);
        m >>= 1u32;
        exp += 1;
        half && (!r.is_zero() || m.bit(0))
    } else {
        let twice: BigUint = r << 1u32;
        match twice.cmp(&d) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Equal => m.bit(0),
            std::cmp::Ordering::Less => false,
        }
    };
    if round_up {
        m += 1u32;
        if m.bits() > bits {
            m >>= 1u32;
            exp += 1;
        }
    }
    (m, exp)
}

/// `num * 2^shift / den` rounded to the nearest integer, ties to even.
pub(crate) fn round_scaled(num: &BigUint, den: &BigUint, shift: u64) -> BigUint {
    let (mut q, r) = (num << shift).div_rem(den);
    let twice: BigUint = r << 1u32;
    let up = match twice.cmp(den) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Equal => q.bit(0),
        std::cmp::Ordering::Less => false,
    };
    if up {
        q += 1u32;
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: u64, d: u64, bits: u64) -> (u64, i64) {
        let (m, e) = round_to_bits(&BigUint::from(n), &BigUint::from(d), bits);
        (u64::try_from(&m).unwrap(), e)
    }

    #[test]
    fn exact_values_keep_their_bits() {
        assert_eq!(r(1, 2, 4), (8, -4));
        assert_eq!(r(12, 1, 4), (12, 0));
        assert_eq!(r(96, 1, 4), (12, 3));
    }

    #[test]
    fn ties_go_to_even() {
        // 4 bits: 17 = 10001b lies halfway between 16 and 18.
        assert_eq!(r(17, 1, 4), (8, 1));
        // 19 = 10011b lies halfway between 18 and 20: 20 has the even mantissa.
        assert_eq!(r(19, 1, 4), (10, 1));
        // 35/2 = 10001.1b is above the midpoint: rounds up.
        assert_eq!(r(35, 2, 4), (9, 1));
    }

    #[test]
    fn carry_renormalises() {
        // 31 = 11111b to 4 bits: 32 = 1000b * 2^2.
        assert_eq!(r(31, 1, 4), (8, 2));
    }

    #[test]
    fn thirds() {
        // 1/3 = 0.010101...b; 4 bits: 1011b * 2^-5 = 11/32 (0.0101|01.. rounds up).
        assert_eq!(r(1, 3, 4), (11, -5));
        assert_eq!(r(2, 3, 4), (11, -4));
    }
}
