//! Evaluation speed: hcl-native's evaluator and, in the same run where it
//! can do the same work, hcl-rs's (`hcl::eval`).
//!
//! `cargo bench --bench eval`. Both sides parse before the timing starts;
//! only evaluation is measured.
//!
//! - a `for` expression over 100,000 numbers;
//! - a template of 10,000 interpolations;
//! - arithmetic on config-sized numbers, and the same tree walked with
//!   `f64` instead of exact numbers (the cost of exactness);
//! - a splat over 100,000 objects;
//! - every attribute of the real corpus (`../shared/corpus`), variables
//!   unknown, standard functions available (hcl-native only: hcl-rs has no
//!   unknown values).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hcl::eval::Evaluate;
use hcl_native::ast::{BinaryOperator, ExprTerm, Expression, LiteralValue, Operation, UnaryOperator};
use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::value::{Type, Value};
use hcl_native::{parse_config, parse_expression, Arena};
use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

#[path = "common/mod.rs"]
mod common;

const N: i64 = 100_000;

fn native_ctx(vars: Vec<(&str, Value)>) -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    for (k, v) in vars {
        ctx.set_variable(k, v).unwrap();
    }
    ctx
}

fn for_expressions(c: &mut Criterion) {
    let mut g = c.benchmark_group("for over 100,000 numbers");
    g.sample_size(20);
    let src = "[for x in xs: x * 2 + 1 if x % 3 != 0]";
    let arena = Arena::new();
    let expr = parse_expression(&arena, src.as_bytes()).ast;
    let xs = Value::list(Type::Number, (0..N).map(Value::from).collect()).unwrap();
    let ctx = native_ctx(vec![("xs", xs)]);
    g.bench_function(BenchmarkId::new("eval", "hcl-native"), |b| {
        b.iter(|| evaluate(black_box(&expr), &ctx))
    });
    let rs_expr = hcl::Expression::from_str(src).unwrap();
    let mut rs_ctx = hcl::eval::Context::new();
    rs_ctx.declare_var("xs", (0..N).collect::<Vec<i64>>());
    g.bench_function(BenchmarkId::new("eval", "hcl-rs"), |b| {
        b.iter(|| black_box(&rs_expr).evaluate(&rs_ctx).unwrap())
    });
    g.finish();
}

fn templates(c: &mut Criterion) {
    let mut g = c.benchmark_group("template of 10,000 interpolations");
    g.sample_size(20);
    let src = format!("\"{}\"", "${name}-${n + 1} ".repeat(5_000));
    let arena = Arena::new();
    let expr = parse_expression(&arena, src.as_bytes()).ast;
    let ctx = native_ctx(vec![("name", Value::from("web")), ("n", Value::from(41))]);
    g.bench_function(BenchmarkId::new("eval", "hcl-native"), |b| {
        b.iter(|| evaluate(black_box(&expr), &ctx))
    });
    let rs_expr = hcl::Expression::from_str(&src).unwrap();
    let mut rs_ctx = hcl::eval::Context::new();
    rs_ctx.declare_var("name", "web");
    rs_ctx.declare_var("n", 41);
    g.bench_function(BenchmarkId::new("eval", "hcl-rs"), |b| {
        b.iter(|| black_box(&rs_expr).evaluate(&rs_ctx).unwrap())
    });
    g.finish();
}

/// The arithmetic subset walked with `f64`: what the evaluator's walk
/// costs with floating-point numbers.
fn eval_f64(e: &Expression<'_>) -> f64 {
    match e {
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::NumericLit(n))) => n.text.parse().unwrap_or(f64::NAN),
        Expression::ExprTerm(ExprTerm::Parens(p)) => eval_f64(&p.expr),
        Expression::Operation(Operation::UnaryOp(u)) if u.op == UnaryOperator::Negate => -eval_f64(&u.operand),
        Expression::Operation(Operation::BinaryOp(b)) => b.rest.iter().fold(eval_f64(&b.first), |acc, (op, _, r)| {
            let r = eval_f64(r);
            match op {
                BinaryOperator::Add => acc + r,
                BinaryOperator::Subtract => acc - r,
                BinaryOperator::Multiply => acc * r,
                BinaryOperator::Divide => acc / r,
                BinaryOperator::Modulo => acc % r,
                _ => f64::NAN,
            }
        }),
        _ => f64::NAN,
    }
}

fn arithmetic(c: &mut Criterion) {
    let mut g = c.benchmark_group("arithmetic on config-sized numbers");
    let src = "(8080 + 2) * 3 - 40 / 8 + 10 % 3 + 1.5 * 2 - 0.25 * (16 - 4) + 65536 / 1024";
    let arena = Arena::new();
    let expr = parse_expression(&arena, src.as_bytes()).ast;
    let ctx = EvalContext::new();
    g.bench_function(BenchmarkId::new("eval", "hcl-native (exact)"), |b| {
        b.iter(|| evaluate(black_box(&expr), &ctx))
    });
    g.bench_function(BenchmarkId::new("eval", "same walk with f64"), |b| {
        b.iter(|| eval_f64(black_box(&expr)))
    });
    let rs_expr = hcl::Expression::from_str(src).unwrap();
    let rs_ctx = hcl::eval::Context::new();
    g.bench_function(BenchmarkId::new("eval", "hcl-rs"), |b| {
        b.iter(|| black_box(&rs_expr).evaluate(&rs_ctx).unwrap())
    });
    g.finish();
}

fn splats(c: &mut Criterion) {
    let mut g = c.benchmark_group("splat over 100,000 objects");
    g.sample_size(20);
    let src = "xs[*].port";
    let arena = Arena::new();
    let expr = parse_expression(&arena, src.as_bytes()).ast;
    let objects: Vec<Value> = (0..N)
        .map(|i| Value::object([("port", Value::from(i)), ("name", Value::from("web"))]))
        .collect();
    let ty = objects[0].ty();
    let ctx = native_ctx(vec![("xs", Value::list(ty, objects).unwrap())]);
    g.bench_function(BenchmarkId::new("eval", "hcl-native"), |b| {
        b.iter(|| evaluate(black_box(&expr), &ctx))
    });
    let rs_expr = hcl::Expression::from_str(src).unwrap();
    let mut rs_ctx = hcl::eval::Context::new();
    let rs_objects: Vec<hcl::Value> = (0..N)
        .map(|i| {
            let mut m = hcl::Map::new();
            m.insert("port".to_string(), hcl::Value::from(i));
            m.insert("name".to_string(), hcl::Value::from("web"));
            hcl::Value::Object(m)
        })
        .collect();
    rs_ctx.declare_var("xs", rs_objects);
    g.bench_function(BenchmarkId::new("eval", "hcl-rs"), |b| {
        b.iter(|| black_box(&rs_expr).evaluate(&rs_ctx).unwrap())
    });
    g.finish();
}

fn corpus_files() -> Vec<Vec<u8>> {
    let Some(files) = common::accepted_files(std::fs::read) else {
        eprintln!("benches/eval: ../shared/corpus is missing; no corpus figure");
        return Vec::new();
    };
    files
}

fn body_exprs<'a>(body: &hcl_native::ast::Body<'a>, out: &mut Vec<Expression<'a>>) {
    for a in body.attributes() {
        out.push(a.expr);
    }
    for b in body.blocks() {
        body_exprs(&b.body, out);
    }
}

fn corpus(c: &mut Criterion) {
    let files = corpus_files();
    if files.is_empty() {
        return;
    }
    let arena = Arena::new();
    let mut exprs = Vec::new();
    for f in &files {
        let parsed = parse_config(&arena, f);
        body_exprs(&parsed.ast.body, &mut exprs);
    }
    let mut ctx = EvalContext::with_standard_functions();
    ctx.treat_undefined_variables_as_unknown();
    let mut g = c.benchmark_group(format!("corpus: {} attributes, variables unknown", exprs.len()));
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(10));
    g.bench_function(BenchmarkId::new("eval", "hcl-native"), |b| {
        b.iter(|| exprs.iter().map(|e| evaluate(e, &ctx).diagnostics.len()).sum::<usize>())
    });
    g.finish();
}

criterion_group!(benches, for_expressions, templates, arithmetic, splats, corpus);
criterion_main!(benches);
