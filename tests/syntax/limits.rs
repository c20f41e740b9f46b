//! Resource limits: deep nesting is a diagnostic (never a stack overflow,
//! in debug builds too, on a test thread's small stack), and long flat
//! chains parse without recursion.

use hcl_native::{parse_config, parse_expression, parse_template, Arena, ParseOptions};

/// Runs `f` on a thread with a 2 MiB stack, the default for test threads,
/// so the limit is checked where it is tightest.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    on_stack(2 << 20, f);
}

fn on_stack(bytes: usize, f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(bytes)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

fn nested(open: &str, inner: &str, close: &str, n: usize) -> String {
    format!("{}{}{}", open.repeat(n), inner, close.repeat(n))
}

/// Each case: a name, and a builder of the source nested `n` times with
/// the number of nesting levels one repetition costs.
type Case = (&'static str, usize, fn(usize) -> String);

fn cases() -> Vec<Case> {
    vec![
        ("parens", 1, |n| nested("(", "1", ")", n)),
        ("tuples", 1, |n| nested("[", "1", "]", n)),
        ("objects", 1, |n| nested("{a = ", "1", "}", n)),
        ("calls", 1, |n| nested("f(", "1", ")", n)),
        ("index", 1, |n| format!("a{}", nested("[", "1", "]", n))),
        ("unary", 1, |n| format!("{}1", "-".repeat(n))),
        ("not", 1, |n| format!("{}true", "!".repeat(n))),
        // a quoted template and its interpolation
        ("templates", 2, |n| nested("\"${", "1", "}\"", n)),
        ("directives", 1, |n| {
            format!("\"{}\"", nested("%{if true}", "x", "%{endif}", n))
        }),
        ("for", 1, |n| nested("[for x in ", "y", ": x]", n)),
        ("conditionals", 1, |n| {
            format!("{}1{}", "a ? ".repeat(n), " : 2".repeat(n))
        }),
        // parens, tuple, object, unary, call, template, interpolation
        ("mixed", 7, |n| nested("([{a = -f(\"${", "1", "}\")}])", n)),
    ]
}

/// Every case, nested as deep as the default limit allows, parses.
fn every_case_at_the_limit_parses() {
    let depth = ParseOptions::DEFAULT_MAX_DEPTH as usize;
    for (name, cost, build) in cases() {
        // one level is left for the quoted template of "directives"
        let src = build((depth - 1) / cost);
        let arena = Arena::new();
        let p = parse_expression(&arena, src.as_bytes());
        assert!(!p.diagnostics.has_errors(), "{name}: {:?}", p.diagnostics);
    }
}

#[test]
fn nesting_at_the_limit_parses() {
    on_small_stack(every_case_at_the_limit_parses);
}

/// The parser moves to a new stack segment when the caller's stack runs
/// low, so even a thread with a tiny stack can parse up to the limit (and
/// drop the tree).
#[test]
fn the_callers_stack_size_does_not_matter() {
    on_stack(256 << 10, every_case_at_the_limit_parses);
}

#[test]
fn nesting_past_the_limit_is_a_diagnostic() {
    on_small_stack(|| {
        for n in [ParseOptions::DEFAULT_MAX_DEPTH as usize + 1, 100_000] {
            for (name, _, build) in cases() {
                let src = build(n);
                let arena = Arena::new();
                let p = parse_expression(&arena, src.as_bytes());
                assert!(
                    p.diagnostics
                        .iter()
                        .any(|d| d.code() == hcl_native::Code::NESTING_TOO_DEEP),
                    "{name} x{n}: {:?}",
                    p.diagnostics.iter().map(|d| d.summary()).collect::<Vec<_>>()
                );
            }
        }
    });
}

#[test]
fn deep_blocks_and_templates_are_diagnostics_too() {
    on_small_stack(|| {
        let blocks = nested("b {\n", "a = 1\n", "}\n", 10_000);
        let arena = Arena::new();
        let p = parse_config(&arena, blocks.as_bytes());
        assert!(p
            .diagnostics
            .iter()
            .any(|d| d.code() == hcl_native::Code::NESTING_TOO_DEEP));
        let template = nested("${\"", "x", "\"}", 10_000);
        let arena = Arena::new();
        let p = parse_template(&arena, template.as_bytes());
        assert!(p
            .diagnostics
            .iter()
            .any(|d| d.code() == hcl_native::Code::NESTING_TOO_DEEP));
    });
}

#[test]
fn a_million_operators_parse_flat() {
    on_small_stack(|| {
        let n = 1_000_000;
        let src = format!("1{}", " + 1".repeat(n));
        let arena = Arena::new();
        let p = parse_expression(&arena, src.as_bytes());
        assert!(p.diagnostics.is_empty());
        match p.ast {
            hcl_native::ast::Expression::Operation(op) => match *op {
                hcl_native::ast::Operation::BinaryOp(b) => assert_eq!(b.rest.len(), n),
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    });
}

#[test]
fn long_postfix_chains_parse_flat() {
    on_small_stack(|| {
        let src = format!("a{}", ".b[0]".repeat(200_000));
        let arena = Arena::new();
        let p = parse_expression(&arena, src.as_bytes());
        assert!(p.diagnostics.is_empty());
    });
}

/// Large hostile inputs of the kinds that once took quadratic time: each
/// is a megabyte, and the diagnostics stay capped.
#[test]
fn hostile_inputs_keep_diagnostics_bounded() {
    let cap = ParseOptions::DEFAULT_MAX_DIAGNOSTICS;
    let inputs: Vec<(&str, Vec<u8>)> = vec![
        (
            "unmatched closers",
            format!("a = {}{}\n", "(".repeat(250_000), "]".repeat(250_000)).into_bytes(),
        ),
        ("stray braces", "}".repeat(1_000_000).into_bytes()),
        ("bad bytes", b"\xff = 1\n".repeat(160_000)),
        (
            "bad escapes",
            format!("a = \"{}\"\n", "\\q".repeat(500_000)).into_bytes(),
        ),
        (
            "duplicates after a long line",
            format!("/*{}*/ a = 1\n{}", "x".repeat(500_000), "a = 1\n".repeat(80_000)).into_bytes(),
        ),
    ];
    for (name, src) in inputs {
        let arena = Arena::new();
        let p = parse_config(&arena, &src);
        assert!(p.diagnostics.has_errors(), "{name}");
        assert!(p.diagnostics.len() <= cap + 1, "{name}: {}", p.diagnostics.len());
        if p.diagnostics.len() == cap + 1 {
            assert_eq!(
                p.diagnostics[cap].code(),
                hcl_native::Code::TOO_MANY_DIAGNOSTICS,
                "{name}"
            );
        }
    }
}

/// The parser's limits are fields of `ParseOptions`, and their errors name
/// the field and how to raise it.
#[test]
fn each_parse_limit_error_names_the_limit_and_how_to_raise_it() {
    let defaults = ParseOptions::default();
    assert_eq!((defaults.max_depth, defaults.max_diagnostics), (128, 10_000));
    let arena = Arena::new();
    let deep = nested("(", "1", ")", 200);
    let p = parse_expression(&arena, deep.as_bytes());
    let d = &p.diagnostics.as_slice()[0];
    assert_eq!(d.code(), hcl_native::Code::NESTING_TOO_DEEP);
    assert!(d.detail().contains("more than 128 levels") && d.detail().contains("ParseOptions::max_depth"));
    assert!(d.detail().contains("--max-depth"));
    let raised = ParseOptions {
        max_depth: 300,
        ..defaults
    };
    assert!(hcl_native::parse_expression_with(&arena, deep.as_bytes(), &raised)
        .diagnostics
        .is_empty());

    let noisy = "a = ]\n".repeat(50);
    let few = ParseOptions {
        max_diagnostics: 5,
        ..defaults
    };
    let p = hcl_native::parse_config_with(&arena, noisy.as_bytes(), &few);
    let last = p.diagnostics.as_slice().last().unwrap();
    assert_eq!(p.diagnostics.len(), 6);
    assert_eq!(last.code(), hcl_native::Code::TOO_MANY_DIAGNOSTICS);
    assert!(last.detail().contains("ParseOptions::max_diagnostics is 5"));
}

/// A body with many names reports a repeated name when the body ends (see
/// `parser::names`), but in the place it would have had if reported at
/// once, and the diagnostics cap keeps and counts the same ones.
#[test]
fn repeated_names_of_a_big_body_keep_their_place_under_the_diagnostics_cap() {
    let mut src: String = (1..=20).map(|i| format!("a{i} = {i}\n")).collect();
    src += "a2 = 0\n";
    src += &(1..=5).map(|i| format!("b{i} = ]\n")).collect::<String>();
    src += "a3 = 0\n";
    let arena = Arena::new();
    let summaries = |max_diagnostics| {
        let options = ParseOptions {
            max_diagnostics,
            ..Default::default()
        };
        let p = hcl_native::parse_config_with(&arena, src.as_bytes(), &options);
        let d = p.diagnostics.as_slice();
        let line = |at: u32| 1 + src.as_bytes()[..at as usize].iter().filter(|&&b| b == b'\n').count();
        let lines: Vec<usize> = d.iter().map(|d| line(d.subject().start)).collect();
        (
            d.iter().map(|d| d.summary().to_string()).collect::<Vec<_>>(),
            lines,
            d.last().unwrap().detail().to_string(),
        )
    };
    let (all, lines, _) = summaries(100);
    assert_eq!(all.len(), 7);
    assert_eq!(lines, [21, 22, 23, 24, 25, 26, 27]);
    assert_eq!(
        (all[0].as_str(), all[6].as_str()),
        ("Attribute redefined", "Attribute redefined")
    );
    assert!(all[1..6].iter().all(|s| s == "Invalid expression"));

    let (capped, lines, last) = summaries(3);
    assert_eq!(
        capped,
        [
            "Attribute redefined",
            "Invalid expression",
            "Invalid expression",
            "Too many diagnostics"
        ]
    );
    assert_eq!(&lines[..3], [21, 22, 23]);
    assert!(last.starts_with("4 more diagnostics"), "{last}");
}
