//! Adversarial families at two sizes ten times apart: the time must grow
//! linearly, ten times the input costing at most twelve times the time.
//!
//! `cargo bench --bench adversarial -- --warm-up-time 1 --measurement-time 3`
//! (a family's name as a further argument runs only that family). Each
//! family is measured at its small and its large size; after the run a
//! table gives, per family, the fastest time per iteration at each size
//! (the minimum over samples, the figure least disturbed by other work on
//! the machine) and their ratio, flagged when it exceeds 12. The same
//! families are tested for correctness, at these sizes and others, by
//! `tests/syntax/adversarial.rs`.
//!
//! Both sizes are measured with the memory an iteration frees kept for the
//! next: the heap's (see [`keep_freed_memory`]) and the stack's (the
//! families run on a thread with a [`BENCH_STACK`] stack, so deep nesting
//! recurses on stack pages earlier iterations touched, instead of on fresh
//! segments mapped for each one). Otherwise the large size alone would pay
//! for mapping and zeroing fresh pages on every iteration, while the small
//! one reuses what its last iteration freed: the ratio would compare two
//! different costs of memory rather than the library's work.
//! `BENCH_DEFAULT_MEMORY=1` measures with glibc's defaults on the main
//! thread (the table names which was used). A fresh process, as with the
//! `hcl` tool, pays for fresh pages at both sizes.
//!
//! Rows named `reference:` are not judged: they time a plain loop over a
//! family's input, no library code, to show what the machine's caches
//! alone do to the ratio at those sizes.
//!
//! Rows named `steps:` (issue 22) measure the functions whose results can
//! outgrow their arguments (`range`, `setproduct`, `flatten`, `chunklist`,
//! `formatlist`, `regexall`, and the string builders `indent`, `replace`,
//! `join`, `format`) on an expression that asks for far more than any
//! step limit allows (gigabytes, or a billion elements): their sizes are
//! the step limit, 100,000 and 1,000,000 steps, and the same expression
//! ends with the step-limit diagnostic at both (checked before timing).
//! The time follows the limit, not what the expression asks for: a ratio
//! near 10 for those that build until the limit stops them, near 1 for
//! those that see the cost before building anything.

#[path = "../tests/common/collide.rs"]
mod collide;
#[path = "../tests/common/families.rs"]
mod families;

use families::{chain, mixed_chain, strings};

use criterion::{BenchmarkId, Criterion};
use hcl_native::eval::{evaluate, evaluate_template, EvalContext};
use hcl_native::value::{Type, Value};
use hcl_native::{parse_config, parse_expression, parse_expression_with, parse_template, Arena, ParseOptions};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The largest time per iteration to ten times the input that still counts
/// as linear.
const MAX_RATIO: f64 = 12.0;

/// The fastest time per iteration seen, by family and size.
static FASTEST: Mutex<BTreeMap<(&'static str, usize), Duration>> = Mutex::new(BTreeMap::new());

/// Measures `run` as the `n` size of `family`, keeping the fastest time
/// per iteration of any sample.
fn measure(c: &mut Criterion, family: &'static str, n: usize, mut run: impl FnMut()) {
    let mut group = c.benchmark_group(family);
    group.sample_size(10);
    group.bench_function(BenchmarkId::from_parameter(n), |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                run();
            }
            let total = start.elapsed();
            let per = total / iters.max(1) as u32;
            let mut fastest = FASTEST.lock().unwrap();
            let slot = fastest.entry((family, n)).or_insert(per);
            *slot = (*slot).min(per);
            total
        })
    });
    group.finish();
}

/// `open` `n` times, `inner`, `close` `n` times.
fn nested(open: &str, inner: &str, close: &str, n: usize) -> String {
    format!("{}{}{}", open.repeat(n), inner, close.repeat(n))
}

/// A family measured by parsing a configuration file built for each size.
fn parse_config_family(c: &mut Criterion, family: &'static str, sizes: [usize; 2], build: impl Fn(usize) -> Vec<u8>) {
    for n in sizes {
        let src = build(n);
        measure(c, family, n, || {
            let arena = Arena::new();
            black_box(parse_config(&arena, black_box(&src)).diagnostics.len());
        });
    }
}

/// A family measured by parsing an expression built for each size.
fn parse_expression_family(
    c: &mut Criterion,
    family: &'static str,
    sizes: [usize; 2],
    options: ParseOptions,
    build: impl Fn(usize) -> String,
) {
    for n in sizes {
        let src = build(n);
        measure(c, family, n, || {
            let arena = Arena::new();
            black_box(
                parse_expression_with(&arena, black_box(src.as_bytes()), &options)
                    .diagnostics
                    .len(),
            );
        });
    }
}

/// A family measured by parsing and evaluating an expression built for
/// each size, in `ctx`.
fn parse_and_eval_family(
    c: &mut Criterion,
    family: &'static str,
    sizes: [usize; 2],
    options: ParseOptions,
    ctx: &dyn Fn(usize) -> EvalContext<'static>,
    build: impl Fn(usize) -> String,
) {
    for n in sizes {
        let src = build(n);
        let ctx = ctx(n);
        measure(c, family, n, || {
            let arena = Arena::new();
            let p = parse_expression_with(&arena, black_box(src.as_bytes()), &options);
            black_box(evaluate(&p.ast, &ctx).value);
        });
    }
}

/// A family measured by evaluating (only) an expression built for each
/// size, in `ctx`.
fn eval_family(
    c: &mut Criterion,
    family: &'static str,
    sizes: [usize; 2],
    ctx: &dyn Fn(usize) -> EvalContext<'static>,
    build: impl Fn(usize) -> String,
) {
    for n in sizes {
        let src = build(n);
        let arena = Arena::new();
        let parsed = parse_expression(&arena, src.as_bytes());
        assert!(
            !parsed.diagnostics.has_errors(),
            "{family} {n}: {:?}",
            parsed.diagnostics
        );
        let ctx = ctx(n);
        measure(c, family, n, || {
            black_box(evaluate(black_box(&parsed.ast), &ctx).value);
        });
    }
}

/// A family measured by parsing and evaluating an expression on a thread
/// with a 256 KiB stack (finding 7: every stack check there used to map a
/// segment of its own), the thread's start included.
fn small_stack_family(
    c: &mut Criterion,
    family: &'static str,
    sizes: [usize; 2],
    ctx: fn(usize) -> EvalContext<'static>,
    build: impl Fn(usize) -> String,
) {
    for n in sizes {
        let src = std::sync::Arc::new(build(n));
        measure(c, family, n, || {
            let src = src.clone();
            std::thread::Builder::new()
                .stack_size(256 << 10)
                .spawn(move || {
                    let ctx = ctx(n);
                    let arena = Arena::new();
                    let p = parse_expression(&arena, black_box(src.as_bytes()));
                    black_box(evaluate(&p.ast, &ctx).value);
                })
                .unwrap()
                .join()
                .unwrap();
        });
    }
}

fn std_ctx(_: usize) -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_variable("s", Value::from("x")).unwrap();
    ctx
}

fn strings_ctx(n: usize) -> EvalContext<'static> {
    let mut ctx = std_ctx(n);
    ctx.set_variable("ks", strings(n)).unwrap();
    ctx
}

fn nesting(c: &mut Criterion) {
    let default = ParseOptions::default;
    let raised = || ParseOptions {
        max_depth: 1_000_000,
        ..Default::default()
    };
    // within the default limit: 12 and 120 levels of every kind at once
    parse_and_eval_family(c, "nesting at the limit", [12, 120], default(), &std_ctx, |n| {
        format!(
            "[{}, {}, {}, {}1]",
            nested("(", "1", ")", n),
            nested("[", "1", "]", n),
            nested("{a = ", "1", "}", n),
            "-".repeat(n)
        )
    });
    parse_expression_family(
        c,
        "nesting past the limit: parentheses",
        [10_000, 100_000],
        default(),
        |n| nested("(", "1", ")", n),
    );
    parse_expression_family(c, "nesting past the limit: mixed", [10_000, 100_000], default(), |n| {
        nested("([{a = -max(\"${", "1", "}\")}])", n)
    });
    parse_and_eval_family(
        c,
        "nesting raised: parentheses",
        [10_000, 100_000],
        raised(),
        &std_ctx,
        |n| nested("(", "1", ")", n),
    );
    parse_and_eval_family(
        c,
        "nesting raised: templates",
        [10_000, 100_000],
        raised(),
        &std_ctx,
        |n| nested("\"${", "1", "}\"", n),
    );
    parse_and_eval_family(
        c,
        "nesting raised: for bodies",
        [10_000, 100_000],
        raised(),
        &|_| {
            let mut ctx = EvalContext::with_standard_functions();
            ctx.set_variable("y", Value::tuple(vec![Value::from(0)])).unwrap();
            ctx
        },
        |n| nested("[for x in y: ", "x", "]", n),
    );
    parse_config_family(c, "nesting raised: blocks", [10_000, 100_000], |n| {
        nested("b {\n", "a = 1\n", "}\n", n).into_bytes()
    });
    for (family, before, open) in [
        ("unterminated: parentheses", "", "("),
        ("unterminated: interpolations", "", "\"${"),
        ("unterminated: if directives", "\"", "%{if a}"),
    ] {
        parse_expression_family(c, family, [10_000, 100_000], default(), |n| {
            format!("{before}{}", open.repeat(n))
        });
    }
}

fn flat(c: &mut Criterion) {
    let default = ParseOptions::default;
    parse_expression_family(c, "parse: + chain", [100_000, 1_000_000], default(), |n| {
        chain("+", "1", n)
    });
    parse_expression_family(c, "parse: every operator", [100_000, 1_000_000], default(), mixed_chain);
    parse_expression_family(c, "parse: unary operands", [100_000, 1_000_000], default(), |n| {
        chain("-", "-1", n)
    });
    parse_config_family(c, "parse: attributes", [100_000, 1_000_000], |n| {
        (0..n).map(|i| format!("a{i} = {i}\n")).collect::<String>().into_bytes()
    });
    let names: Vec<String> = collide::colliding_names(16).into_iter().take(40_960).collect();
    parse_config_family(c, "parse: hash-flooded attributes", [4_096, 40_960], |n| {
        names[..n]
            .iter()
            .map(|name| format!("{name} = 1\n"))
            .collect::<String>()
            .into_bytes()
    });
    parse_config_family(c, "parse: same-length attributes", [4_096, 40_960], |n| {
        (0..n)
            .map(|i| format!("a{i:0>85} = 1\n"))
            .collect::<String>()
            .into_bytes()
    });
    parse_config_family(c, "parse: CR-only lines", [100_000, 1_000_000], |n| {
        "a = 1\r".repeat(n).into_bytes()
    });
    parse_config_family(c, "parse: invalid UTF-8 lines", [100_000, 1_000_000], |n| {
        b"a = \"\xff\"\n".repeat(n)
    });
}

fn big(c: &mut Criterion) {
    // A plain string is read by vectorised scans at several GB/s: 10 MB of
    // it stays in the 32 MiB L3 from one iteration to the next and 100 MB
    // cannot (5.9 against 2.5 GB/s; 2.7 GB/s at 300 MB), so it is measured
    // where both sizes come from memory.
    parse_config_family(c, "parse: string (MB)", [100, 1000], |n| {
        format!("a = \"{}\"\n", "abcdefghij".repeat((n << 20) / 10)).into_bytes()
    });
    for n in [100_000, 1_000_000] {
        let src = format!("a = <<EOT\n{}EOT\n", "abcde${s}fghij\n".repeat(n));
        let ctx = std_ctx(0);
        measure(c, "parse+eval: heredoc lines", n, || {
            let arena = Arena::new();
            let p = parse_config(&arena, black_box(src.as_bytes()));
            let a = p.ast.body.attribute("a").unwrap();
            black_box(evaluate(&a.expr, &ctx).value);
        });
    }
    let default = ParseOptions::default;
    parse_and_eval_family(
        c,
        "parse+eval: fraction digits",
        [100_000, 1_000_000],
        default(),
        &std_ctx,
        |n| format!("0.{}", "3".repeat(n)),
    );
    parse_and_eval_family(
        c,
        "parse+eval: integer digits",
        [100_000, 1_000_000],
        default(),
        &std_ctx,
        |n| "9".repeat(n),
    );
}

fn evaluation(c: &mut Criterion) {
    small_stack_family(c, "small stack: unary operands", [10_000, 100_000], std_ctx, |n| {
        chain("-", "-1", n)
    });
    small_stack_family(c, "small stack: set of sets", [1_000, 10_000], strings_ctx, |_| {
        "length(toset([for k in ks: toset([k])]))".into()
    });
    small_stack_family(c, "small stack: template for", [10_000, 100_000], strings_ctx, |_| {
        "strlen(\"%{for k in ks}${k}%{endfor}\")".into()
    });
    eval_family(c, "eval: + chain", [50_000, 500_000], &std_ctx, |n| {
        chain("+", "1", n - 1)
    });
    eval_family(c, "eval: == && chain", [10_000, 100_000], &std_ctx, |n| {
        chain("&&", "1 + 1 == 2", n)
    });
    eval_family(c, "eval: toset", [10_000, 100_000], &strings_ctx, |_| {
        "length(toset(ks))".into()
    });
    eval_family(c, "eval: for object", [10_000, 100_000], &strings_ctx, |_| {
        "length(keys({for k in ks: k => k}))".into()
    });
    eval_family(c, "eval: for grouping", [10_000, 100_000], &strings_ctx, |_| {
        "length(keys({for i, k in ks: i % 100 => k...}))".into()
    });
    eval_family(c, "eval: set of sets", [10_000, 100_000], &strings_ctx, |_| {
        "length(toset([for k in ks: toset([k])]))".into()
    });
    eval_family(c, "eval: template interpolations", [10_000, 100_000], &std_ctx, |n| {
        format!("\"{}\"", "${s}-".repeat(n))
    });
    eval_family(c, "eval: template for", [100_000, 1_000_000], &strings_ctx, |_| {
        "strlen(\"%{for k in ks}${k}%{endfor}\")".into()
    });
    // At 100k the list (about 6 MB) stays in the 32 MiB L3 from one
    // iteration to the next, and at 1M it cannot: reading each of its
    // strings alone is 26 times slower at 1M (the reference rows), so a
    // join, which does little more than read them, is measured where both
    // sizes come from memory.
    eval_family(c, "eval: join", [1_000_000, 10_000_000], &strings_ctx, |_| {
        "strlen(join(\",\", ks))".into()
    });
    for (family, sizes) in [
        ("reference: read the input, 100k -> 1M", [100_000, 1_000_000]),
        ("reference: read the input, 1M -> 10M", [1_000_000, 10_000_000]),
    ] {
        for n in sizes {
            let ks = strings(n);
            let elements = ks.elements().expect("a list");
            measure(c, family, n, || {
                let first_bytes = elements
                    .iter()
                    .map(|v| v.as_str().map_or(0, |s| usize::from(s.as_bytes()[0])));
                black_box(first_bytes.sum::<usize>());
            });
        }
    }
    eval_family(c, "eval: combining marks", [10_000, 100_000], &std_ctx, |n| {
        format!("strlen(\"e{}\")", "\u{316}\u{301}".repeat(n))
    });
    for n in [10_000, 100_000] {
        let deep = (0..n).fold(Value::from(1), |v, _| Value::tuple(vec![v]));
        let mut ctx = std_ctx(0);
        ctx.set_variable("deep", deep).unwrap();
        let arena = Arena::new();
        let expr = parse_expression(&arena, b"deep == deep && strlen(jsonencode(deep)) > 0").ast;
        measure(c, "eval: deep value", n, || {
            black_box(evaluate(&expr, &ctx).value);
        });
    }
    for n in [10_000, 100_000] {
        let src = "%{if true}x%{endif}".repeat(n);
        let arena = Arena::new();
        let t = parse_template(&arena, src.as_bytes()).ast;
        let ctx = std_ctx(0);
        measure(c, "eval: template directives", n, || {
            black_box(evaluate_template(&t, &ctx).value);
        });
    }
}

/// The step limits a `steps:` family is measured at.
const STEP_LIMITS: [u64; 2] = [100_000, 1_000_000];

/// The variables of the `steps:` families: `small`, the numbers 0 to 999;
/// `xs`, the numbers 0 to 1,999,999; `big`, 4,000,000 `x`s; `medium`,
/// 400,000; `lines`, a thousand lines of `x`.
fn steps_variables() -> Vec<(&'static str, Value)> {
    let numbers = |n: i64| Value::list(Type::Number, (0..n).map(Value::from).collect()).unwrap();
    vec![
        ("small", numbers(1_000)),
        ("xs", numbers(2_000_000)),
        ("big", Value::from("x".repeat(4_000_000))),
        ("medium", Value::from("x".repeat(400_000))),
        ("lines", Value::from("x\n".repeat(1_000))),
    ]
}

/// A `steps:` family: `src`, evaluated with the standard functions and
/// [`steps_variables`] under each of [`STEP_LIMITS`], must end with the
/// step-limit diagnostic at both; then each is measured.
fn steps_family(c: &mut Criterion, family: &'static str, vars: &[(&'static str, Value)], src: &str) {
    let arena = Arena::new();
    let parsed = parse_expression(&arena, src.as_bytes());
    assert!(!parsed.diagnostics.has_errors(), "{family}: {:?}", parsed.diagnostics);
    for limit in STEP_LIMITS {
        let mut ctx = EvalContext::with_standard_functions();
        for (name, v) in vars {
            ctx.set_variable(*name, v.clone()).unwrap();
        }
        ctx.set_step_limit(limit);
        let r = evaluate(&parsed.ast, &ctx);
        assert!(
            r.diagnostics
                .iter()
                .any(|d| d.code() == hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED),
            "{family} at {limit} steps: {:?}",
            r.diagnostics
        );
        measure(c, family, limit as usize, || {
            black_box(evaluate(black_box(&parsed.ast), &ctx).value);
        });
    }
}

/// The functions of issue 22 that cost steps by what they build (the
/// expressions of `tests/syntax/adversarial.rs`'s issue 22 sections, scaled to
/// ask for more than a million steps).
fn steps(c: &mut Criterion) {
    let vars = steps_variables();
    for (family, src) in [
        // a billion numbers, a thousand at a time (`range` makes at most
        // 1024 values per call, as the reference's)
        (
            "steps: range",
            "[for i in range(1000): [for j in range(1000): range(1000)]]",
        ),
        // a billion triples
        ("steps: setproduct", "setproduct(small, small, small)"),
        // two million numbers from a thousand references to one list
        ("steps: flatten", "flatten([for i in small: [small, small]])"),
        // two million one-element lists
        ("steps: chunklist", "chunklist(xs, 1)"),
        // 100 strings of a million bytes
        ("steps: formatlist", "formatlist(\"%1000000s\", range(100))"),
        // 400,000 matches a hundred times (searching 400 KB costs 25,000
        // steps, so both limits leave room for matches)
        ("steps: regexall", "[for i in range(100): regexall(\"x\", medium)]"),
        // a million spaces after each of a thousand line feeds
        ("steps: indent", "indent(1000000, lines)"),
        // 400 KB made 800 KB, a hundred times
        (
            "steps: replace",
            "[for i in range(100): replace(medium, \"x\", \"yy\")]",
        ),
        // every character of 4 MB replaced by 300 bytes: the 4 MB are
        // read (250,000 steps) before the size is known, so the smaller
        // limit ends the call at once and the larger one after the read
        (
            "steps: replace to 1.2 GB",
            "replace(big, \"x\", format(\"%300s\", \"y\"))",
        ),
        // a thousand copies of 4 MB
        ("steps: join", "join(\",\", [for i in range(1000): big])"),
        // four widths of ten million (the most `format` takes, as the
        // reference), 40 MB
        (
            "steps: format width",
            "format(\"%10000000s%10000000s%10000000s%10000000s\", 1, 2, 3, 4)",
        ),
    ] {
        steps_family(c, family, &vars, src);
    }
}

/// The table of sizes, fastest times and ratios, as Markdown.
fn report() {
    let fastest = FASTEST.lock().unwrap();
    let mut families: Vec<&'static str> = fastest.keys().map(|(f, _)| *f).collect();
    families.dedup();
    println!();
    println!("| family | small | large | time small | time large | ratio |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for family in families {
        let sizes: Vec<(usize, Duration)> = fastest
            .iter()
            .filter(|((f, _), _)| *f == family)
            .map(|((_, n), t)| (*n, *t))
            .collect();
        let [(small, ts), (large, tl)] = sizes[..] else {
            continue;
        };
        let ratio = tl.as_secs_f64() / ts.as_secs_f64().max(1e-12);
        let flag = if family.starts_with("reference:") {
            " (not judged)"
        } else if ratio > MAX_RATIO {
            " **over 12**"
        } else {
            ""
        };
        println!("| {family} | {small} | {large} | {ts:.3?} | {tl:.3?} | {ratio:.1}{flag} |");
    }
}

/// Makes glibc keep the memory a benchmark iteration frees, so the next
/// one reuses it at any size: no block is served by a mapping of its own
/// (glibc maps those over 32 MiB and unmaps them on free), the heap is
/// never trimmed, and every thread allocates from that one heap. Returns what the memory regime is, for the table.
fn keep_freed_memory() -> &'static str {
    if std::env::var_os("BENCH_DEFAULT_MEMORY").is_some() {
        return "the allocator's defaults, main thread (BENCH_DEFAULT_MEMORY)";
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_TRIM_THRESHOLD: i32 = -1;
        const M_MMAP_MAX: i32 = -4;
        const M_ARENA_MAX: i32 = -8;
        // SAFETY: mallopt only changes glibc's allocation policy; it is
        // called before any thread of the benchmark starts. One arena: the
        // benchmark thread allocates from the main heap, under the same
        // policy, not from an arena of its own made of 64 MiB mappings.
        let ok = unsafe {
            mallopt(M_MMAP_MAX, 0) == 1 && mallopt(M_TRIM_THRESHOLD, i32::MAX) == 1 && mallopt(M_ARENA_MAX, 1) == 1
        };
        if ok {
            return "freed heap memory kept for reuse (glibc mallopt), 1 GiB stack";
        }
    }
    "the allocator's defaults (no way to keep freed memory here)"
}

/// The stack the families run on: more than the deepest of them uses.
const BENCH_STACK: usize = 1 << 30;

fn main() {
    let regime = keep_freed_memory();
    if std::env::var_os("BENCH_DEFAULT_MEMORY").is_some() {
        return run(regime);
    }
    std::thread::Builder::new()
        .stack_size(BENCH_STACK)
        .spawn(move || run(regime))
        .expect("a thread for the benchmarks")
        .join()
        .expect("the benchmarks ran");
}

fn run(regime: &'static str) {
    println!("memory: {regime}");
    let mut c = Criterion::default().configure_from_args();
    nesting(&mut c);
    flat(&mut c);
    big(&mut c);
    evaluation(&mut c);
    steps(&mut c);
    c.final_summary();
    println!("\nmemory: {regime}");
    report();
}
