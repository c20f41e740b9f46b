//! The value model's costs: everyday number arithmetic and formatting, the
//! bounded-cost policy against hostile numbers (docs/numbers.md), and
//! conversions, sets and equality on larger values.
//!
//! `cargo bench --bench values`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use hcl_native::convert::{conversion_safety, convert, unify};
use hcl_native::value::{Type, Value};
use hcl_native::Number;

fn lit(s: &str) -> Number {
    Number::from_literal(s).unwrap()
}

fn everyday_numbers(c: &mut Criterion) {
    let mut g = c.benchmark_group("number");
    let (a, b) = (Number::from(123456), Number::from(789));
    g.bench_function("add small integers", |bch| {
        bch.iter(|| black_box(&a).add(black_box(&b)).unwrap())
    });
    g.bench_function("multiply small integers", |bch| {
        bch.iter(|| black_box(&a).mul(black_box(&b)).unwrap())
    });
    let (x, y) = (lit("0.1"), lit("0.2"));
    g.bench_function("add decimals (0.1 + 0.2)", |bch| {
        bch.iter(|| black_box(&x).add(black_box(&y)).unwrap())
    });
    g.bench_function("parse literal 3.14159", |bch| {
        bch.iter(|| Number::from_literal(black_box("3.14159")).unwrap())
    });
    g.bench_function("format 1234.5", |bch| {
        let n = lit("1234.5");
        bch.iter(|| black_box(&n).to_string())
    });
    let third = Number::from(1).div(&Number::from(3)).unwrap();
    g.bench_function("format 1/3 (512-bit shortest)", |bch| {
        bch.iter(|| black_box(&third).to_string())
    });
    g.finish();
}

fn hostile_numbers(c: &mut Criterion) {
    let mut g = c.benchmark_group("hostile");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("literal 1e999999999", |bch| {
        bch.iter(|| Number::from_literal(black_box("1e999999999")))
    });
    let million_int = "7".repeat(1_000_000);
    g.bench_function("literal of a million integer digits", |bch| {
        bch.iter(|| Number::from_literal(black_box(&million_int)))
    });
    let million_frac = format!("1.{}", "3".repeat(1_000_000));
    g.bench_function("literal of a million fraction digits", |bch| {
        bch.iter(|| Number::from_literal(black_box(&million_frac)).unwrap())
    });
    let f = lit("1.000001");
    g.bench_function("10,000 chained multiplications by 1.000001", |bch| {
        bch.iter(|| {
            let mut x = f.clone();
            for _ in 0..10_000 {
                x = x.mul(&f).unwrap();
            }
            x
        })
    });
    let third = Number::from(1).div(&Number::from(3)).unwrap();
    g.bench_function("20,000 chained multiplications by 1/3", |bch| {
        bch.iter(|| {
            let mut x = third.clone();
            for _ in 0..20_000 {
                x = x.mul(&third).unwrap();
            }
            x
        })
    });
    let two = Number::from(2);
    g.bench_function("doubling until overflow (32,767 steps)", |bch| {
        bch.iter(|| {
            let mut x = Number::from(1);
            while let Ok(y) = x.mul(&two) {
                x = y;
            }
            x
        })
    });
    let big = lit(&format!("{}1", "9".repeat(9800)));
    let seventh = Number::from(1).div(&Number::from(7)).unwrap();
    g.bench_function("9801-digit integer times 1/7", |bch| {
        bch.iter(|| black_box(&big).mul(&seventh).unwrap())
    });
    let tiny = lit("1e-9800").div(&Number::from(3)).unwrap();
    g.bench_function("format a number near 2^-32768", |bch| {
        bch.iter(|| black_box(&tiny).to_string())
    });
    g.finish();
}

fn values(c: &mut Criterion) {
    let mut g = c.benchmark_group("values");
    let strings: Vec<Value> = (0..1000).map(|i| Value::from((i * 7919 % 1000).to_string())).collect();
    let tuple = Value::tuple(strings.clone());
    g.bench_function("tuple of 1000 numeric strings to list(number)", |bch| {
        bch.iter(|| convert(black_box(&tuple), &Type::list(Type::Number)).unwrap())
    });
    g.bench_function("set of 1000 strings", |bch| {
        bch.iter(|| Value::set(Type::String, black_box(strings.clone())).unwrap())
    });
    let obj = |n: usize| {
        Value::object((0..n).map(|i| {
            (
                format!("attr{i}"),
                Value::tuple(vec![Value::from(i as i64), Value::from("x")]),
            )
        }))
    };
    let (a, b) = (obj(500), obj(500));
    g.bench_function("equality of two 500-attribute objects", |bch| {
        bch.iter(|| black_box(&a).equals(black_box(&b)))
    });
    let types: Vec<Type> = (0..100)
        .map(|i| Type::object([(format!("a{}", i % 10), Type::Number), ("name".into(), Type::String)]))
        .collect();
    g.bench_function("unify 100 object types", |bch| {
        bch.iter(|| unify(black_box(&types)).unwrap())
    });
    // Nesting far past the 64 levels the shortcut checks look at.
    let nest = |leaf: Type, wrap: fn(Type) -> Type| (0..1000).fold(leaf, |t, _| wrap(t));
    let deep_tuple = nest(Type::String, |t| Type::tuple(vec![t]));
    let deep_list = nest(Type::Dynamic, Type::list);
    g.bench_function("safety of a 1000-deep tuple to 1000-deep list(dynamic)", |bch| {
        bch.iter(|| conversion_safety(black_box(&deep_tuple), black_box(&deep_list)).unwrap())
    });
    let deep_value = (0..1000).fold(Value::from("x"), |v, _| Value::tuple(vec![v]));
    g.bench_function("convert a 1000-deep tuple value to 1000-deep list(dynamic)", |bch| {
        bch.iter(|| convert(black_box(&deep_value), black_box(&deep_list)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, everyday_numbers, hostile_numbers, values);
criterion_main!(benches);
