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
//!   unknown values);
//! - the most used functions on Terraform-like inputs (`merge` of tag
//!   maps, `lookup` with a default, `flatten` of nested lists of objects,
//!   `try` over a missing attribute, `format`, `join`, `regex`,
//!   `regexall`, `replace`) and object construction and object `for`,
//!   each a [`Case`] of [`cases`].
//!
//! After criterion's groups, the cases are also timed side by side in one
//! table: hcl-native, the reference (hcl 2.14.1 and go-cty 1.12.1, through
//! the Go harness `benches/reference-go`, when `benches/reference-go/build.sh`
//! has built it; otherwise the table says so and leaves its column out),
//! and hcl-rs where it can do the same work: it has no standard library, so
//! only object construction and object `for` (and the groups above) are
//! compared with it. Each implementation evaluates the case's expression,
//! parsed once, in batches of at least 2 ms for [`TABLE_MS`] ms, and gives
//! its fastest batch's mean time per call; three rounds run the three in
//! turn, and the table keeps each one's fastest round. The reference's
//! result is checked against ours (both as `jsonencode` gives them).
//! `TABLE_ONLY=text` keeps the cases whose names contain `text`; a filter
//! that matches no criterion benchmark (`cargo bench --bench eval -- none`)
//! runs the table alone.

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

/// One benchmark of the functions table: variables, each an expression
/// evaluated once in order (with the standard functions and the variables
/// before it), and the expression timed per call.
struct Case {
    name: &'static str,
    vars: Vec<(&'static str, String)>,
    expr: &'static str,
    /// Whether hcl-rs can evaluate the same expression (no functions): then
    /// the variables' sources must not call functions either.
    hcl_rs: bool,
}

/// Terraform-like tags: a module's defaults and a caller's additions.
const DEFAULT_TAGS: &str = r#"{
  Environment = "production"
  Project     = "billing"
  Owner       = "platform-team"
  CostCenter  = "cc-1234"
  ManagedBy   = "terraform"
  Region      = "eu-west-1"
  Compliance  = "pci"
  Backup      = "daily"
}"#;

/// `n` subnets as a literal list of objects (no function calls, so hcl-rs
/// reads it too).
fn subnets_literal(n: usize) -> String {
    let items: Vec<String> = (0..n)
        .map(|i| {
            format!(
                "{{ name = \"subnet-{i:03}\", cidr = \"10.{}.{}.0/24\", zone = \"eu-west-1{}\", public = {} }}",
                i / 256,
                i % 256,
                ['a', 'b', 'c'][i % 3],
                i % 2 == 0
            )
        })
        .collect();
    format!("[{}]", items.join(", "))
}

/// The functions table's cases.
fn cases() -> Vec<Case> {
    let s = |x: &str| x.to_string();
    vec![
        Case {
            name: "merge: tag maps",
            vars: vec![
                ("default_tags", s(DEFAULT_TAGS)),
                (
                    "tags",
                    s(r#"{ Team = "payments", Tier = "backend", Owner = "payments-team" }"#),
                ),
                ("name", s(r#""billing-prod""#)),
            ],
            expr: r#"merge(default_tags, tags, { Name = "${name}-web" })"#,
            hcl_rs: false,
        },
        Case {
            name: "lookup: hit and default",
            vars: vec![(
                "instance_types",
                s(r#"{ production = "m5.large", staging = "t3.medium", development = "t3.small" }"#),
            )],
            expr: r#"[lookup(instance_types, "production", "t3.micro"), lookup(instance_types, "qa", "t3.micro")]"#,
            hcl_rs: false,
        },
        Case {
            name: "flatten: nested lists of objects",
            vars: vec![(
                "network_subnets",
                s(r#"[for i in range(5): [for j in range(4): { network = "net-${i}", cidr = "10.${i}.${j}.0/24" }]]"#),
            )],
            expr: "flatten(network_subnets)",
            hcl_rs: false,
        },
        Case {
            name: "flatten: of a for (the idiom)",
            vars: vec![(
                "networks",
                s(r#"[for i in range(5): { name = "net-${i}", subnets = [for j in range(4): "10.${i}.${j}.0/24"] }]"#),
            )],
            expr: "flatten([for n in networks: [for s in n.subnets: { network = n.name, cidr = s }]])",
            hcl_rs: false,
        },
        Case {
            name: "try: missing attribute",
            vars: vec![(
                "settings",
                s(r#"{ name = "api", replicas = 3, network = { vpc = "vpc-1" } }"#),
            )],
            expr: r#"try(settings.logging.level, settings.defaults.level, "info")"#,
            hcl_rs: false,
        },
        Case {
            name: "try: present attribute",
            vars: vec![(
                "settings",
                s(r#"{ name = "api", replicas = 3, network = { vpc = "vpc-1" } }"#),
            )],
            expr: r#"try(settings.network.vpc, "default")"#,
            hcl_rs: false,
        },
        Case {
            name: "format: a resource name",
            vars: vec![
                ("project", s(r#""billing""#)),
                ("env", s(r#""prod""#)),
                ("index", s("7")),
            ],
            expr: r#"format("%s-%s-web-%03d", project, env, index)"#,
            hcl_rs: false,
        },
        Case {
            name: "join: 20 ids",
            vars: vec![("ids", s(r#"[for i in range(20): "subnet-0a1b2c3d4e5f${i}"]"#))],
            expr: r#"join(",", ids)"#,
            hcl_rs: false,
        },
        Case {
            name: "regex: captures of a name",
            vars: vec![("name", s(r#""billing-web-042""#))],
            expr: r#"regex("^([a-z]+)-([a-z]+)-([0-9]+)$", name)"#,
            hcl_rs: false,
        },
        Case {
            name: "regexall: words of a name",
            vars: vec![("name", s(r#""billing-web-042-eu-west-1""#))],
            expr: r#"regexall("[a-z]+", name)"#,
            hcl_rs: false,
        },
        Case {
            name: "replace: a substring",
            vars: vec![("name", s(r#""billing_web_042_eu_west_1""#))],
            expr: r#"replace(name, "_", "-")"#,
            hcl_rs: false,
        },
        Case {
            name: "object construction",
            vars: vec![
                ("name", s(r#""billing-web""#)),
                ("port", s("8080")),
                ("cidr", s(r#""10.0.0.0/16""#)),
            ],
            expr: r#"{
  name    = name
  port    = port
  enabled = true
  cidr    = cidr
  labels  = { app = name, tier = "backend", env = "prod" }
  health  = { path = "/healthz", interval = 30, timeout = 5 }
  ports   = [port, 8443]
}"#,
            hcl_rs: true,
        },
        Case {
            name: "object for: 100 subnets by name",
            vars: vec![("subnets", subnets_literal(100))],
            expr: "{ for s in subnets : s.name => s.cidr }",
            hcl_rs: true,
        },
        Case {
            name: "object for: 10,000 keys",
            vars: vec![(
                "ks",
                format!(
                    "[{}]",
                    (0..10_000)
                        .map(|i| format!("\"key-{i:05}\""))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )],
            expr: "{ for k in ks : k => k }",
            hcl_rs: true,
        },
        Case {
            name: "object for: grouping 100 subnets by zone",
            vars: vec![("subnets", subnets_literal(100))],
            expr: "{ for s in subnets : s.zone => s.name... }",
            hcl_rs: true,
        },
    ]
}

/// Our context for a case: the standard functions and its variables.
fn case_ctx(case: &Case) -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    for (name, src) in &case.vars {
        let arena = Arena::new();
        let parsed = parse_expression(&arena, src.as_bytes());
        assert!(!parsed.diagnostics.has_errors(), "{}: {name}", case.name);
        let r = evaluate(&parsed.ast, &ctx);
        assert!(r.diagnostics.is_empty(), "{}: {name}: {:?}", case.name, r.diagnostics);
        ctx.set_variable(*name, r.value).unwrap();
    }
    ctx
}

/// hcl-rs's context for a case (one whose variables call no functions).
fn case_rs_ctx(case: &Case) -> hcl::eval::Context<'static> {
    let mut ctx = hcl::eval::Context::new();
    for (name, src) in &case.vars {
        let value = hcl::Expression::from_str(src).unwrap().evaluate(&ctx).unwrap();
        ctx.declare_var(*name, value);
    }
    ctx
}

fn functions(c: &mut Criterion) {
    for case in cases() {
        let mut g = c.benchmark_group(case.name);
        g.warm_up_time(Duration::from_secs(1));
        g.measurement_time(Duration::from_secs(2));
        let arena = Arena::new();
        let expr = parse_expression(&arena, case.expr.as_bytes()).ast;
        let ctx = case_ctx(&case);
        let r = evaluate(&expr, &ctx);
        assert!(r.diagnostics.is_empty(), "{}: {:?}", case.name, r.diagnostics);
        g.bench_function(BenchmarkId::new("eval", "hcl-native"), |b| {
            b.iter(|| evaluate(black_box(&expr), &ctx))
        });
        if case.hcl_rs {
            let rs_expr = hcl::Expression::from_str(case.expr).unwrap();
            let rs_ctx = case_rs_ctx(&case);
            g.bench_function(BenchmarkId::new("eval", "hcl-rs"), |b| {
                b.iter(|| black_box(&rs_expr).evaluate(&rs_ctx).unwrap())
            });
        }
        g.finish();
    }
}

/// How long each implementation evaluates each case, per round of the
/// side-by-side table, in milliseconds.
const TABLE_MS: u64 = 300;

/// Rounds of the side-by-side table.
const TABLE_ROUNDS: usize = 3;

/// The fastest mean time per call, in nanoseconds, of batches of `run`
/// (each at least 2 ms) for `ms` milliseconds: the same measure as the Go
/// harness's.
fn time_per_call(ms: u64, mut run: impl FnMut()) -> f64 {
    let mut batch = 1u64;
    loop {
        let start = std::time::Instant::now();
        for _ in 0..batch {
            run();
        }
        if start.elapsed() >= Duration::from_millis(2) {
            break;
        }
        batch *= 2;
    }
    let deadline = std::time::Instant::now() + Duration::from_millis(ms);
    let mut best = f64::MAX;
    loop {
        let start = std::time::Instant::now();
        for _ in 0..batch {
            run();
        }
        best = best.min(start.elapsed().as_nanos() as f64 / batch as f64);
        if std::time::Instant::now() >= deadline {
            return best;
        }
    }
}

/// The Go harness, when built.
fn reference_harness() -> Option<std::path::PathBuf> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/reference-go/bin/reference-go");
    path.is_file().then_some(path)
}

/// One run of the Go harness over every case: by case name, its time per
/// call and the JSON of its result (or its error).
fn reference_round(
    harness: &std::path::Path,
    cases: &[Case],
) -> Result<std::collections::HashMap<String, (Option<f64>, String)>, String> {
    use std::io::Write;
    let request = serde_json::json!({
        "ms": TABLE_MS,
        "cases": cases.iter().map(|c| serde_json::json!({
            "name": c.name,
            "vars": c.vars.iter().map(|(n, s)| [n.to_string(), s.clone()]).collect::<Vec<_>>(),
            "expr": c.expr,
        })).collect::<Vec<_>>(),
    });
    let mut child = std::process::Command::new(harness)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.to_string().as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("exit status {}", out.status));
    }
    let mut answers = std::collections::HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let a: serde_json::Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
        let name = a["name"].as_str().unwrap_or_default().to_string();
        let result = match a["error"].as_str() {
            Some(e) => format!("error: {e}"),
            None => a["result"].as_str().unwrap_or_default().to_string(),
        };
        answers.insert(name, (a["ns_per_call"].as_f64(), result));
    }
    Ok(answers)
}

/// Nanoseconds as the table shows them.
fn ns(t: Option<f64>) -> String {
    match t {
        Some(t) if t >= 10_000.0 => format!("{:.1} µs", t / 1e3),
        Some(t) => format!("{t:.0} ns"),
        None => String::new(),
    }
}

/// A ratio of times, as "how many times as fast hcl-native is".
fn ratio(theirs: Option<f64>, ours: f64) -> String {
    theirs.map_or(String::new(), |t| format!("{:.2}×", t / ours))
}

/// The side-by-side table of the functions' cases.
fn side_by_side(_: &mut Criterion) {
    let only = std::env::var("TABLE_ONLY").unwrap_or_default();
    let cases: Vec<Case> = cases().into_iter().filter(|c| c.name.contains(&only)).collect();
    let harness = reference_harness();
    if harness.is_none() {
        println!(
            "\nbenches/eval: the reference harness is not built (benches/reference-go/build.sh); \
             the table has no reference column"
        );
    }
    let jsonencode = hcl_native::stdlib::lookup("jsonencode").unwrap();
    let arena = Arena::new();
    let prepared: Vec<_> = cases
        .iter()
        .map(|case| {
            let expr = parse_expression(&arena, case.expr.as_bytes()).ast;
            let ctx = case_ctx(case);
            let value = evaluate(&expr, &ctx).value;
            let json = jsonencode
                .call(&[value])
                .ok()
                .and_then(|v| v.as_str().map(str::to_string));
            let rs = case
                .hcl_rs
                .then(|| (hcl::Expression::from_str(case.expr).unwrap(), case_rs_ctx(case)));
            (expr, ctx, json, rs)
        })
        .collect();
    let mut ours = vec![f64::MAX; cases.len()];
    let mut reference: Vec<Option<f64>> = vec![None; cases.len()];
    let mut reference_result: Vec<Option<String>> = vec![None; cases.len()];
    let mut rs: Vec<Option<f64>> = vec![None; cases.len()];
    let min = |a: Option<f64>, b: f64| Some(a.map_or(b, |a| a.min(b)));
    for _ in 0..TABLE_ROUNDS {
        for (i, (expr, ctx, _, _)) in prepared.iter().enumerate() {
            ours[i] = ours[i].min(time_per_call(TABLE_MS, || {
                black_box(evaluate(black_box(expr), ctx));
            }));
        }
        if let Some(h) = &harness {
            match reference_round(h, &cases) {
                Ok(answers) => {
                    for (i, case) in cases.iter().enumerate() {
                        if let Some((t, result)) = answers.get(case.name) {
                            if let Some(t) = t {
                                reference[i] = min(reference[i], *t);
                            }
                            reference_result[i] = Some(result.clone());
                        }
                    }
                }
                Err(e) => println!("benches/eval: the reference harness failed: {e}"),
            }
        }
        for (i, (_, _, _, prepared_rs)) in prepared.iter().enumerate() {
            if let Some((rs_expr, rs_ctx)) = prepared_rs {
                let t = time_per_call(TABLE_MS, || {
                    black_box(black_box(rs_expr).evaluate(rs_ctx).unwrap());
                });
                rs[i] = min(rs[i], t);
            }
        }
    }
    println!("\nside by side, fastest of {TABLE_ROUNDS} rounds of {TABLE_MS} ms per implementation and case:");
    println!("| benchmark | hcl-native | reference (Go) | hcl-rs | reference / ours | hcl-rs / ours |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (i, case) in cases.iter().enumerate() {
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            case.name,
            ns(Some(ours[i])),
            ns(reference[i]),
            ns(rs[i]),
            ratio(reference[i], ours[i]),
            ratio(rs[i], ours[i]),
        );
    }
    println!("(a ratio above 1 means hcl-native is faster)");
    for (i, case) in cases.iter().enumerate() {
        if let (Some(theirs), Some(mine)) = (&reference_result[i], &prepared[i].2)
            && theirs != mine
        {
            println!(
                "results differ for {}: reference {theirs}, hcl-native {mine}",
                case.name
            );
        }
    }
}

criterion_group!(
    benches,
    for_expressions,
    templates,
    arithmetic,
    splats,
    corpus,
    functions,
    side_by_side
);
criterion_main!(benches);
