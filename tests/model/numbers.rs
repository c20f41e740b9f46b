//! Numbers against the reference oracle, and the bounded-cost policy.
//!
//! `tests/data/numbers.tsv` holds what the reference answers for each case
//! (written by `scripts/oracle_numbers.py`). Where this implementation
//! deviates, a third column holds our answer (regenerate it with
//! `UPDATE_GOLDEN=1 cargo test --test model`), and the test checks that
//! the deviation is one docs/deviations.md allows (D-exact-numbers): the
//! two answers agree within the reference's 512-bit precision, the
//! reference's negative zero is our zero, or the reference's infinity for
//! an overflowing literal is our overflow error.

use hcl_native::{Number, NumberError};
use num_bigint::BigInt;
use num_rational::BigRational;

fn lit(s: &str) -> Result<Number, NumberError> {
    match s.strip_prefix('-') {
        Some(rest) => Number::from_literal(rest).map(|n| n.neg()),
        None => Number::from_literal(s),
    }
}

fn eval(case: &str) -> Result<Number, NumberError> {
    let parts: Vec<&str> = case.split(' ').collect();
    match parts.as_slice() {
        [one] => lit(one),
        [a, op, b] => {
            let (a, b) = (lit(a)?, lit(b)?);
            match *op {
                "+" => a.add(&b),
                "-" => a.sub(&b),
                "*" => a.mul(&b),
                "/" => a.div(&b),
                "%" => a.rem(&b),
                _ => panic!("unknown operator in {case:?}"),
            }
        }
        _ => panic!("malformed case {case:?}"),
    }
}

fn show(r: &Result<Number, NumberError>) -> String {
    match r {
        Ok(n) => n.to_string(),
        Err(_) => "!error".to_string(),
    }
}

/// Whether our answer differs from the reference's only in a way the
/// deviations document allows.
fn allowed_deviation(case: &str, ours: &str, oracle: &str) -> bool {
    if oracle == "-0" {
        return ours == "0";
    }
    if ours == "!error" {
        // An overflowing literal: the reference says infinity.
        return matches!(oracle, "+Inf" | "-Inf") && case.split(' ').any(|t| lit(t) == Err(NumberError::Overflow));
    }
    let (Ok(a), Ok(b)) = (ours.parse::<Number>(), oracle.parse::<Number>()) else {
        return false;
    };
    let diff = a.sub(&b).unwrap().abs();
    if let [x, "%", y] = case.split(' ').collect::<Vec<_>>().as_slice() {
        // The reference computes x - y * trunc(x / y) on 512-bit binary
        // approximations of the decimal operands, so its remainder is off by
        // a rounding error of the operands' size, or by a whole y when the
        // quotient is within rounding of an integer.
        let (x, y) = (lit(x).unwrap().abs(), lit(y).unwrap().abs());
        let slack = x.add(&y).unwrap().mul(&pow2(-400)).unwrap();
        return diff <= slack || diff.sub(&y).unwrap().abs() <= slack;
    }
    // |a - b| <= |b| * 2^-500: the same number at the reference's precision.
    diff <= b.abs().mul(&pow2(-500)).unwrap()
}

fn pow2(e: i32) -> Number {
    let p = BigInt::from(2).pow(e.unsigned_abs());
    let r = if e < 0 {
        BigRational::new(1.into(), p)
    } else {
        BigRational::from_integer(p)
    };
    Number::from_rational(r).unwrap()
}

#[test]
fn numbers_agree_with_the_reference() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/numbers.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0");
    let mut out = String::new();
    let mut failures = Vec::new();
    let (mut same, mut deviating) = (0, 0);
    for line in text.lines() {
        if line.starts_with('#') {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let (case, oracle) = (cols[0], cols[1]);
        let ours = show(&eval(case));
        if ours == oracle {
            same += 1;
            out.push_str(&format!("{case}\t{oracle}\n"));
            continue;
        }
        deviating += 1;
        out.push_str(&format!("{case}\t{oracle}\t{ours}\n"));
        if !allowed_deviation(case, &ours, oracle) {
            failures.push(format!(
                "{case}: ours {ours}, reference {oracle}: not an allowed deviation"
            ));
        } else if !update && cols.get(2) != Some(&ours.as_str()) {
            failures.push(format!("{case}: ours {ours}, recorded {:?}", cols.get(2)));
        }
    }
    if update {
        std::fs::write(path, out).unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(same > 400, "only {same} cases agree exactly ({deviating} deviate)");
}

fn n(s: &str) -> Number {
    Number::from_literal(s).unwrap()
}

#[test]
fn exact_arithmetic_where_decimals_and_fractions_meet() {
    assert_eq!(n("0.1").add(&n("0.2")).unwrap(), n("0.3"));
    let third = n("1").div(&n("3")).unwrap();
    assert_eq!(third.mul(&n("3")).unwrap(), n("1"));
    assert!(third.is_exact());
    let mut p = n("1");
    for _ in 0..300 {
        p = p.mul(&n("2")).unwrap();
    }
    assert_eq!(p.to_string(), BigInt::from(2).pow(300u32).to_string());
    assert!(p.is_integer() && p.is_exact());
}

#[test]
fn infinities_and_indeterminate_forms() {
    let inf = Number::POSITIVE_INFINITY;
    assert_eq!(n("1").div(&n("0")).unwrap(), inf);
    assert_eq!(n("1").neg().div(&n("0")).unwrap(), Number::NEGATIVE_INFINITY);
    assert_eq!(n("0").div(&n("0")), Err(NumberError::Indeterminate));
    assert_eq!(inf.div(&inf), Err(NumberError::Indeterminate));
    assert_eq!(inf.sub(&inf), Err(NumberError::OpposingInfinities));
    assert_eq!(inf.mul(&n("0")), Err(NumberError::ZeroTimesInfinity));
    assert_eq!(inf.rem(&n("2")), Err(NumberError::InfiniteRemainder));
    assert_eq!(n("2").div(&inf).unwrap(), n("0"));
    assert!(inf > n("1e9000") && Number::NEGATIVE_INFINITY < n("1e9000").neg());
    assert_eq!(inf.to_string(), "+Inf");
    assert_eq!(inf.neg().to_string(), "-Inf");
}

#[test]
fn canonical_string_grammar_is_strict() {
    for ok in [
        "0",
        "-0",
        "12",
        "-12.5",
        "007",
        "1.50",
        "123456789012345678901234567890.000001",
    ] {
        assert!(ok.parse::<Number>().is_ok(), "{ok:?} should parse");
    }
    for bad in [
        "", "-", "+1", ".5", "1.", "1e3", "1E3", "Inf", "+Inf", "NaN", " 1", "1 ", "0x10", "1_000", "--1", "1.2.3",
    ] {
        assert_eq!(
            bad.parse::<Number>(),
            Err(NumberError::Syntax),
            "{bad:?} should not parse"
        );
    }
    // Round trip through the canonical form, exact and approximate alike.
    for s in ["0", "-12.5", "0.001", "1e-3000", "123e200", "1e-5000"] {
        let x = n(s.trim_start_matches('-'));
        let back: Number = x.to_string().parse().unwrap();
        assert_eq!(back.to_string(), x.to_string());
    }
}

/// The bounded-cost policy (docs/numbers.md) against hostile inputs; the
/// time each takes is measured by benches/numbers.rs.
#[test]
fn hostile_literals_get_an_answer() {
    assert_eq!(Number::from_literal("1e999999999"), Err(NumberError::Overflow));
    assert_eq!(
        Number::from_literal("1e99999999999999999999999999"),
        Err(NumberError::Overflow)
    );
    assert!(n("1e-999999999").is_zero());
    assert!(n("0e999999999").is_zero());
    // A million-digit integer is far beyond 2^32768.
    assert_eq!(Number::from_literal(&"7".repeat(1_000_000)), Err(NumberError::Overflow));
    // A million zeros after the point, then a one: below 2^-32768.
    assert!(n(&format!("0.{}1", "0".repeat(1_000_000))).is_zero());
    // A million-digit fraction is rounded correctly to 512 bits: the same
    // answer as 4/3 (its exact value differs from 4/3 by 10^-1000000).
    let long = n(&format!("1.{}", "3".repeat(1_000_000)));
    let four_thirds = n("4").div(&n("3")).unwrap();
    assert!(!long.is_exact());
    assert_eq!(long.to_string(), four_thirds.to_string());
    // The largest integers are exact; one more bit overflows.
    let big = n(&format!("1{}", "0".repeat(9000)));
    assert!(big.is_exact());
    assert_eq!(big.to_string().len(), 9001);
}

#[test]
fn long_chains_stay_bounded() {
    // Products whose exact denominators would grow without bound round to
    // 512 bits once they pass 4096 bits, and stay accurate.
    let f = n("1.000001");
    let mut x = f.clone();
    for _ in 0..10_000 {
        x = x.mul(&f).unwrap();
    }
    assert!(!x.is_exact());
    let expected = 1.000001f64.powi(10_001);
    assert!((x.to_f64() - expected).abs() < 1e-12, "{} vs {expected}", x.to_f64());

    // 3^-20001 is tiny but representable.
    let third = n("1").div(&n("3")).unwrap();
    let mut y = third.clone();
    for _ in 0..20_000 {
        y = y.mul(&third).unwrap();
    }
    assert!(!y.is_zero() && !y.is_exact() && y.signum() == 1);

    // Doubling reaches 2^32767 and the next step overflows.
    let two = n("2");
    let mut z = n("1");
    let mut steps = 0;
    let err = loop {
        match z.mul(&two) {
            Ok(v) => {
                z = v;
                steps += 1;
            }
            Err(e) => break e,
        }
    };
    assert_eq!((steps, err), (32767, NumberError::Overflow));

    // The harmonic sum's exact denominator passes the limit: approximate,
    // still accurate.
    let mut h = n("0");
    for k in 1..5000i64 {
        h = h.add(&n("1").div(&Number::from(k)).unwrap()).unwrap();
    }
    assert!(!h.is_exact());
    let expected: f64 = (1..5000).map(|k| 1.0 / k as f64).sum();
    assert!((h.to_f64() - expected).abs() < 1e-9);
}

#[test]
fn to_f64_is_the_nearest_double() {
    let two = BigInt::from(2);
    let r = |n: BigInt, d: BigInt| Number::from_rational(BigRational::new(n, d)).unwrap().to_f64();
    assert_eq!(r(1.into(), two.pow(1000u32)), 9.332636185032189e-302);
    assert_eq!(Number::from_f64(1e-310).unwrap().to_f64(), 1e-310);
    assert_eq!(Number::from_f64(f64::MIN_POSITIVE).unwrap().to_f64(), f64::MIN_POSITIVE);
    assert_eq!(Number::from_f64(5e-324).unwrap().to_f64(), 5e-324);
    // Just above the midpoint between 1 and the next double: rounds up,
    // which rounding to 64 bits first would miss.
    let x = two.pow(80u32) + two.pow(27u32) + 1;
    assert_eq!(r(x, two.pow(80u32)), 1.0000000000000002);
    assert_eq!(r(1.into(), 3.into()), 1.0 / 3.0);
    assert_eq!(n("1e400").to_f64(), f64::INFINITY);
    assert_eq!(n("1e400").neg().to_f64(), f64::NEG_INFINITY);
    assert_eq!(n("1e-400").to_f64(), 0.0);
    for f in [0.1, -2.5, 1e300, 123456789.125, f64::MAX, -f64::MIN_POSITIVE / 3.0] {
        assert_eq!(Number::from_f64(f).unwrap().to_f64(), f);
    }
}

#[test]
fn from_rational_normalises_what_it_is_given() {
    let raw = |n: i64, d: i64| Number::from_rational(BigRational::new_raw(n.into(), d.into()));
    assert_eq!(raw(1, 0).unwrap(), Number::POSITIVE_INFINITY);
    assert_eq!(raw(-1, 0).unwrap(), Number::NEGATIVE_INFINITY);
    assert_eq!(raw(0, 0), Err(NumberError::Indeterminate));
    let third = raw(1, -3).unwrap();
    assert!(third.signum() < 0 && third < Number::ZERO);
    assert_eq!(third.add(&Number::from(1)).unwrap(), n("2").div(&n("3")).unwrap());
    let two = raw(4, 2).unwrap();
    assert!(two.is_integer());
    assert_eq!(two.to_i64(), Some(2));
}

#[test]
fn negation_keeps_machine_integers_inline() {
    let min = Number::from(i64::MIN);
    assert_eq!(min.neg().neg().to_i64(), Some(i64::MIN));
    assert_eq!(n("9223372036854775808").neg().to_i64(), Some(i64::MIN));
    use std::hash::{BuildHasher, RandomState};
    let h = RandomState::new();
    assert_eq!(h.hash_one(&min), h.hash_one(min.neg().neg()));
}

/// Fractions of machine integers (held without big integers) give the same
/// answers as exact big-rational arithmetic, also where products overflow
/// 64 bits and results leave the small form.
#[test]
fn small_fractions_agree_with_big_rational_arithmetic() {
    let parts: [i64; 12] = [
        1,
        -1,
        2,
        3,
        -7,
        10,
        1 << 31,
        -(1 << 40),
        i64::MAX,
        i64::MIN + 1,
        999_999_937,
        6,
    ];
    let mut values = Vec::new();
    for &n in &parts {
        for &d in &[1i64, 2, 3, 10, 1 << 33, i64::MAX, 1_000_000_007] {
            let r = BigRational::new(BigInt::from(n), BigInt::from(d));
            values.push((Number::from_rational(r.clone()).unwrap(), r));
        }
    }
    values.push((
        Number::from(i64::MIN),
        BigRational::from_integer(BigInt::from(i64::MIN)),
    ));
    for (a, ra) in &values {
        assert_eq!(a.to_rational().as_ref(), Some(ra));
        assert_eq!(a.neg().to_rational().unwrap(), -ra.clone());
        for (b, rb) in &values {
            let check = |op: &str, got: Result<Number, NumberError>, want: BigRational| {
                assert_eq!(got.unwrap().to_rational().unwrap(), want, "{ra} {op} {rb}");
            };
            check("+", a.add(b), ra + rb);
            check("-", a.sub(b), ra - rb);
            check("*", a.mul(b), ra * rb);
            if !b.is_zero() {
                check("/", a.div(b), ra / rb);
            }
            assert_eq!(a.cmp(b), ra.cmp(rb), "{ra} <=> {rb}");
            assert_eq!(a == b, ra == rb);
        }
    }
    // Equal values print alike whatever path made them.
    assert_eq!(n("1.5").mul(&Number::from(2)).unwrap(), Number::from(3));
    assert_eq!(n("0.1").add(&n("0.2")).unwrap().to_string(), "0.3");
    assert_eq!(
        n("1").div(&Number::from(3)).unwrap().to_string(),
        lit("1").unwrap().div(&Number::from(3)).unwrap().to_string()
    );
}

/// Short literals take a fast path; it agrees with the canonical-string
/// parser (the general decimal machinery) on every shape near its limits.
#[test]
fn short_literals_agree_with_the_general_parser() {
    let mut texts = vec![
        "0",
        "00",
        "007",
        "1",
        "8080",
        "0.5",
        "1.50",
        "12.75",
        "0.000001",
        "999999999999999999",
        "9999999999999999999",
        "99999999999999999.9",
        "0.999999999999999999",
        "123456789.123456789",
        "1000000000000000000",
        "5.0",
        "0.0",
        "3.14159",
        "2147483647.5",
        "0.1234567891",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    let mut seed = 12345u64;
    for _ in 0..2000 {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let int_len = 1 + (seed >> 33) as usize % 12;
        let frac_len = (seed >> 40) as usize % 12;
        let digits: String = (0..int_len + frac_len)
            .map(|k| char::from(b'0' + ((seed >> (k % 50)) % 10) as u8))
            .collect();
        let (i, f) = digits.split_at(int_len);
        texts.push(if frac_len == 0 {
            i.to_string()
        } else {
            format!("{i}.{f}")
        });
    }
    for t in &texts {
        let fast = Number::from_literal(t).unwrap();
        let general: Number = t.parse().unwrap();
        assert_eq!(fast, general, "{t}");
        assert_eq!(fast.to_string(), general.to_string(), "{t}");
    }
}
