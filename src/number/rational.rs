//! Rational arithmetic on lowest-terms (numerator, denominator) pairs.
//!
//! num-rational's operators reduce every result with a full-size gcd, and
//! num-bigint's gcd is Stein's binary algorithm, quadratic in the larger
//! operand even when the other is tiny. These routines use Knuth's
//! formulations (Seminumerical Algorithms, 4.5.1), which only ever take the
//! gcd of operands the result needs, and a gcd that starts with Euclidean
//! steps so that unbalanced operands cost a division, not a bit-by-bit walk.
//! Denominators are always positive.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

/// Greatest common divisor of two naturals.
pub(crate) fn gcd(a: &BigUint, b: &BigUint) -> BigUint {
    if a.is_zero() {
        return b.clone();
    }
    if b.is_zero() {
        return a.clone();
    }
    let (mut big, mut small) = if a >= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    loop {
        if small.is_one() {
            return small;
        }
        if let Some(s) = small.to_u64() {
            let r = (&big % s).to_u64().expect("a remainder by a u64 fits a u64");
            return BigUint::from(gcd_u64(s, r));
        }
        let r = &big % &small;
        if r.is_zero() {
            return small;
        }
        // Keep taking Euclidean steps while the sizes are far apart; Stein's
        // algorithm is only cheap for operands of similar length.
        if small.bits() > 2 * r.bits() + 64 {
            big = std::mem::replace(&mut small, r);
            continue;
        }
        return small.gcd(&r);
    }
}

fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn gcd_int(a: &BigInt, b: &BigInt) -> BigInt {
    BigInt::from_biguint(Sign::Plus, gcd(a.magnitude(), b.magnitude()))
}

/// A fraction: numerator and positive denominator.
pub(crate) type Frac = (BigInt, BigInt);

/// Sum of two lowest-terms fractions, in lowest terms.
pub(crate) fn add((n1, d1): &Frac, (n2, d2): &Frac) -> Frac {
    if d1 == d2 {
        let t = n1 + n2;
        if d1.is_one() {
            return (t, BigInt::one());
        }
        let g = gcd_int(&t, d1);
        return (t / &g, d1 / g);
    }
    let g = gcd_int(d1, d2);
    if g.is_one() {
        return (n1 * d2 + n2 * d1, d1 * d2);
    }
    let s = d1 / &g;
    let t = n1 * (d2 / &g) + n2 * &s;
    let g2 = gcd_int(&t, &g);
    (t / &g2, s * (d2 / g2))
}

/// Product of two lowest-terms fractions, in lowest terms.
pub(crate) fn mul((n1, d1): &Frac, (n2, d2): &Frac) -> Frac {
    let g1 = gcd_int(n1, d2);
    let g2 = gcd_int(n2, d1);
    ((n1 / &g1) * (n2 / &g2), (d1 / g2) * (d2 / g1))
}

/// The reciprocal of a non-zero lowest-terms fraction.
pub(crate) fn recip((n, d): &Frac) -> Frac {
    if n.sign() == Sign::Minus {
        (-d.clone(), -n.clone())
    } else {
        (d.clone(), n.clone())
    }
}

/// The remainder of truncated division (its sign is the dividend's), in
/// lowest terms. The divisor is non-zero.
pub(crate) fn rem((n1, d1): &Frac, (n2, d2): &Frac) -> Frac {
    // Over a common denominator l: (n1*(l/d1)) rem (n2*(l/d2)), all over l.
    let g = gcd_int(d1, d2);
    let s1 = d2 / &g; // l / d1
    let s2 = d1 / &g; // l / d2
    let l = d1 * &s1;
    let r = (n1 * s1) % (n2 * s2);
    if r.is_zero() {
        return (r, BigInt::one());
    }
    let g2 = gcd_int(&r, &l);
    (r / &g2, l / g2)
}

/// Unreduced forms for results that are about to be rounded anyway.
pub(crate) mod unreduced {
    use super::*;

    pub(crate) fn add((n1, d1): &Frac, (n2, d2): &Frac) -> Frac {
        if d1 == d2 {
            return (n1 + n2, d1.clone());
        }
        (n1 * d2 + n2 * d1, d1 * d2)
    }

    pub(crate) fn mul((n1, d1): &Frac, (n2, d2): &Frac) -> Frac {
        (n1 * n2, d1 * d2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(n: i64, d: i64) -> Frac {
        (BigInt::from(n), BigInt::from(d))
    }

    #[test]
    fn gcd_of_unbalanced_operands() {
        let big = BigUint::from(3u32).pow(5000) * BigUint::from(7u32);
        assert_eq!(gcd(&big, &BigUint::from(21u32)), BigUint::from(21u32));
        let other = BigUint::from(3u32).pow(100) * BigUint::from(2u32).pow(300);
        assert_eq!(gcd(&big, &other), BigUint::from(3u32).pow(100));
        assert_eq!(gcd(&BigUint::zero(), &other), other);
    }

    #[test]
    fn knuth_sums_are_in_lowest_terms() {
        assert_eq!(add(&f(1, 6), &f(1, 3)), f(1, 2));
        assert_eq!(add(&f(1, 3), &f(2, 3)), f(1, 1));
        assert_eq!(add(&f(1, 2), &f(1, 3)), f(5, 6));
        assert_eq!(add(&f(-1, 4), &f(1, 4)), f(0, 1));
    }

    #[test]
    fn knuth_products_are_in_lowest_terms() {
        assert_eq!(mul(&f(2, 3), &f(9, 4)), f(3, 2));
        assert_eq!(mul(&f(-2, 3), &f(3, 2)), f(-1, 1));
        assert_eq!(recip(&f(-2, 3)), f(-3, 2));
    }

    #[test]
    fn remainder_takes_the_dividends_sign() {
        assert_eq!(rem(&f(-11, 2), &f(2, 1)), f(-3, 2));
        assert_eq!(rem(&f(5, 1), &f(-3, 1)), f(2, 1));
        assert_eq!(rem(&f(7, 3), &f(1, 2)), f(1, 3));
        assert_eq!(rem(&f(4, 1), &f(2, 1)), f(0, 1));
    }
}
