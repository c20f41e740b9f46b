//! A fixed evaluation workload for profilers and side-by-side timing:
//! evaluates one expression many times, with hcl-native and, with
//! `HCLRS=1`, hcl-rs in the same process.
//!
//! ```text
//! cargo build --release --example eval_repeat
//! target/release/examples/eval_repeat N 'EXPRESSION' [NAME='EXPRESSION' ...]
//! ```
//!
//! Each `NAME=EXPRESSION` defines a variable, evaluated once in order (with
//! the standard functions and the variables before it; for hcl-rs, without
//! functions). With `UNKNOWN_VARIABLES=1` a variable not defined is
//! unknown, as in a module checked without its inputs. The expression is parsed once and evaluated `N` times per
//! round; `ROUNDS` rounds (default 1) alternate between the two evaluators
//! and the fastest round's mean time per call is printed. Under
//! `valgrind --tool=callgrind` one round gives a repeatable instruction
//! count (the figures of `docs/measurements/issue-22.md`).

use hcl::eval::Evaluate;
use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::{parse_expression, Arena};
use std::str::FromStr;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: eval_repeat N EXPRESSION [NAME=EXPRESSION ...]");
        std::process::exit(2);
    }
    let n: usize = args[1].parse().expect("N, a number of evaluations");
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(1);
    let with_rs = std::env::var_os("HCLRS").is_some();
    let mut ctx = EvalContext::with_standard_functions();
    // `UNKNOWN_VARIABLES=1`: a variable not defined is unknown (of any type)
    if std::env::var_os("UNKNOWN_VARIABLES").is_some() {
        ctx.treat_undefined_variables_as_unknown();
    }
    let mut rs_ctx = hcl::eval::Context::new();
    for def in &args[3..] {
        let (name, src) = def.split_once('=').expect("NAME=EXPRESSION");
        let arena = Arena::new();
        let expr = parse_expression(&arena, src.as_bytes()).ast;
        ctx.set_variable(name, evaluate(&expr, &ctx).value).unwrap();
        if with_rs {
            let v = hcl::Expression::from_str(src).unwrap().evaluate(&rs_ctx).unwrap();
            rs_ctx.declare_var(name.to_string(), v);
        }
    }
    let arena = Arena::new();
    let expr = parse_expression(&arena, args[2].as_bytes()).ast;
    let rs_expr = with_rs.then(|| hcl::Expression::from_str(&args[2]).unwrap());
    let (mut ours, mut theirs) = (f64::MAX, f64::MAX);
    let mut diagnostics = 0;
    for _ in 0..rounds {
        let start = std::time::Instant::now();
        for _ in 0..n {
            diagnostics += evaluate(&expr, &ctx).diagnostics.len();
        }
        ours = ours.min(start.elapsed().as_nanos() as f64 / n as f64);
        if let Some(rs_expr) = &rs_expr {
            let start = std::time::Instant::now();
            for _ in 0..n {
                std::hint::black_box(rs_expr.evaluate(&rs_ctx).unwrap());
            }
            theirs = theirs.min(start.elapsed().as_nanos() as f64 / n as f64);
        }
    }
    print!("hcl-native: {ours:.0} ns per call ({diagnostics} diagnostics)");
    if with_rs {
        print!(
            "; hcl-rs: {theirs:.0} ns per call; hcl-rs / hcl-native: {:.2}",
            theirs / ours
        );
    }
    println!();
}
