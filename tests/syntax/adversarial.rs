//! Adversarial input, generated in code at growing sizes: nesting of every
//! kind to 100,000 levels, flat chains of a million operators, a 100 MB
//! string, a million attributes, a heredoc of a million lines, huge
//! numbers, invalid UTF-8 and NUL bytes at every kind of position, CR-only
//! line ends, unterminated constructs, and evaluation built to multiply
//! work or memory. Every case runs on a small stack (256 KiB where depth
//! is the risk, 1 MiB for the flat and big families) and must come back
//! with a value or a ranged error diagnostic, never a panic, a stack
//! overflow or a hang.
//!
//! `tests/limits.rs`, `tests/bad_input.rs` and `tests/eval_limits.rs` hold
//! the first hardening tests; this file extends them to every family and
//! size. Tests marked `#[ignore = "finding N: ..."]` reproduce the findings
//! of `docs/adversarial-findings.md`: run one with
//! `cargo test --release --test syntax -- --ignored NAME` (finding 5's
//! aborts the process with a stack overflow, finding 2's allocates some
//! hundreds of megabytes); the scaled families are also measured by
//! `benches/adversarial.rs`.

use crate::common::families::{chain, mixed_chain, strings};

use crate::common::on_small_stack;
use hcl_native::ast::{BodyItem, ConfigFile, Expression};
use hcl_native::eval::{evaluate, evaluate_template, EvalContext, Evaluated};
use hcl_native::value::{Type, Value};
use hcl_native::{
    parse_config, parse_config_with, parse_expression, parse_expression_with, parse_template, parse_template_with,
    Arena, Diagnostics, ParseOptions, Parsed, Severity, Span,
};

/// Whether this is an optimised build: the largest sizes of the families
/// that are slow without optimisation run only then.
const OPTIMISED: bool = !cfg!(debug_assertions);

/// The nesting depths every nesting family is tried at.
const LEVELS: [usize; 3] = [10, 1_000, 100_000];

/// The default depth limit.
const MAX_DEPTH: usize = ParseOptions::DEFAULT_MAX_DEPTH as usize;

/// The default cap on diagnostics.
const CAP: usize = ParseOptions::DEFAULT_MAX_DIAGNOSTICS;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Every diagnostic has a range inside the source (ending at its end at
/// most), a summary and a detail; there are no more than the cap (plus
/// the one that counts the rest).
fn assert_ranged(what: &str, src: &[u8], ds: &Diagnostics) {
    assert!(ds.len() <= CAP + 1, "{what}: {} diagnostics", ds.len());
    for d in ds {
        assert!(
            d.subject().start <= d.subject().end && d.subject().end as usize <= src.len(),
            "{what}: {d:?} outside 0..{}",
            src.len()
        );
        if let Some(c) = d.context() {
            assert!(c.start <= c.end && c.end as usize <= src.len(), "{what}: context {d:?}");
        }
        assert!(!d.summary().is_empty() && !d.detail().is_empty(), "{what}: {d:?}");
    }
}

/// At least one error, every diagnostic ranged.
fn assert_errors(what: &str, src: &[u8], ds: &Diagnostics) {
    assert!(ds.has_errors(), "{what}: no error diagnostic");
    assert_ranged(what, src, ds);
}

fn summaries(ds: &Diagnostics) -> Vec<&str> {
    ds.iter().take(8).map(|d| d.summary()).collect()
}

/// Runs `f` on a thread with a 1 MiB stack, half the default of test
/// threads: for the flat and big families, whose risk is time and memory
/// rather than depth. (On a 256 KiB stack every stack check finds less
/// than the red zone left and maps a fresh segment, which makes these
/// families 30 to 130 times slower: finding 7.)
fn on_mib_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

/// The evaluation context of every family: the standard functions and a
/// few variables the generated sources use.
fn ctx() -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_variable("a", Value::from(true)).unwrap();
    ctx.set_variable("y", Value::tuple(vec![Value::from(0)])).unwrap();
    ctx.set_variable("m", Value::object([("k", Value::from(1))])).unwrap();
    ctx.set_variable("s", Value::from("x")).unwrap();
    ctx
}

/// An evaluation came back sensibly: every diagnostic ranged, and, when
/// the parse was clean, a wholly known value or at least one error (a
/// tree with parse errors evaluates to unknowns where it is broken,
/// without repeating the parser's errors).
fn assert_evaluated(what: &str, src: &[u8], r: &Evaluated, parsed_clean: bool) {
    assert_ranged(what, src, &r.diagnostics);
    if parsed_clean && !r.diagnostics.has_errors() {
        assert!(r.value.is_wholly_known(), "{what}: no error, yet {:?}", r.value.ty());
    }
}

fn expr<'a>(arena: &'a Arena, src: &'a [u8]) -> Parsed<Expression<'a>> {
    parse_expression(arena, src)
}

/// A nesting-too-deep diagnostic, checked to name the limit and how to
/// raise it.
fn assert_too_deep(what: &str, ds: &Diagnostics) {
    let d = ds
        .iter()
        .find(|d| d.code() == hcl_native::Code::NESTING_TOO_DEEP)
        .unwrap_or_else(|| panic!("{what}: no nesting diagnostic in {:?}", summaries(ds)));
    assert!(
        d.detail().contains(&format!("more than {MAX_DEPTH} levels")) && d.detail().contains("ParseOptions::max_depth"),
        "{what}: {}",
        d.detail()
    );
}

// ---------------------------------------------------------------------------
// Nesting of every kind
// ---------------------------------------------------------------------------

/// How a source is parsed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Expression,
    Config,
    Template,
}

/// One nesting family: `open` repeated `n` times, then `inner`, then
/// `close` repeated `n` times, inside `before` and `after`.
struct Nesting {
    name: &'static str,
    mode: Mode,
    before: &'static str,
    open: &'static str,
    inner: &'static str,
    close: &'static str,
    after: &'static str,
}

impl Nesting {
    fn build(&self, n: usize) -> String {
        let mut s = String::with_capacity(
            self.before.len() + n * (self.open.len() + self.close.len()) + self.inner.len() + self.after.len(),
        );
        s.push_str(self.before);
        for _ in 0..n {
            s.push_str(self.open);
        }
        s.push_str(self.inner);
        for _ in 0..n {
            s.push_str(self.close);
        }
        s.push_str(self.after);
        s
    }
}

const fn nest(name: &'static str, mode: Mode, open: &'static str, inner: &'static str, close: &'static str) -> Nesting {
    Nesting {
        name,
        mode,
        before: "",
        open,
        inner,
        close,
        after: "",
    }
}

const fn nest_in(
    name: &'static str,
    mode: Mode,
    before: &'static str,
    open: &'static str,
    inner: &'static str,
    close: &'static str,
    after: &'static str,
) -> Nesting {
    Nesting {
        name,
        mode,
        before,
        open,
        inner,
        close,
        after,
    }
}

use Mode::{Config, Expression as Expr, Template as Tmpl};

/// Every kind of nesting the grammar has.
const NESTINGS: &[Nesting] = &[
    nest("parentheses", Expr, "(", "1", ")"),
    nest("tuples", Expr, "[", "1", "]"),
    nest("objects", Expr, "{a = ", "1", "}"),
    nest("object keys", Expr, "{(", "\"k\"", ") = 1}"),
    nest("calls", Expr, "max(", "1", ")"),
    nest("calls with expansion", Expr, "max([", "1", "]...)"),
    nest("index keys", Expr, "y[", "0", "]"),
    nest("legacy index after parens", Expr, "(", "y", ").0"),
    nest("unary minus", Expr, "-", "1", ""),
    nest("unary not", Expr, "!", "true", ""),
    nest("unary mixed with parens", Expr, "-(", "1", ")"),
    nest("conditional true arms", Expr, "a ? ", "1", " : 2"),
    nest("conditional false arms", Expr, "a ? 1 : ", "2", ""),
    nest("conditional conditions", Expr, "(", "a", " ? true : false)"),
    nest("for collections", Expr, "[for x in ", "y", ": x]"),
    nest("for bodies", Expr, "[for x in y: ", "x", "]"),
    nest("for object values", Expr, "{for k, v in m: k => ", "v", "}"),
    nest("for conditions", Expr, "[for x in y: x if ", "true", " == true]"),
    nest("templates in templates", Expr, "\"${", "1", "}\""),
    nest("templates with text in templates", Expr, "\"<${ ", "1", " }>\""),
    nest(
        "templates with operators after them",
        Expr,
        "\"${",
        "1",
        "}\" == \"x\" ? \"y\" : \"z\"",
    ),
    nest_in("template if", Expr, "\"", "%{if a}", "x", "%{endif}", "\""),
    nest_in("template else", Expr, "\"", "%{if !a}x%{else}", "y", "%{endif}", "\""),
    nest_in("template for", Expr, "\"", "%{for x in y}", "${x}", "%{endfor}", "\""),
    nest("heredocs in interpolations", Expr, "<<EOT\n${", "1", "}\nEOT\n"),
    nest(
        "flush heredocs in interpolations",
        Expr,
        "<<-EOT\n  ${",
        "1",
        "}\n  EOT\n",
    ),
    nest("splat operands", Expr, "(", "[y]", ")[*][0]"),
    nest(
        "mixed",
        Expr,
        "[for x in y: {k = (a ? \"%{if a}${",
        "x",
        "}%{endif}\" : \"\")}]",
    ),
    nest("blocks", Config, "b {\n", "a = 1\n", "}\n"),
    nest("labelled blocks", Config, "b \"l\" m {\n", "a = 1\n", "}\n"),
    nest_in("expression in an attribute", Config, "a = ", "[", "1", "]", "\n"),
    nest_in(
        "expression in a one-line block",
        Config,
        "b { a = ",
        "(",
        "1",
        ")",
        " }\n",
    ),
    nest("quoted templates in a template", Tmpl, "${\"", "x", "\"}"),
    nest("if directives in a template", Tmpl, "%{if a}", "x", "%{endif}"),
    nest(
        "for directives in a template",
        Tmpl,
        "%{for x in y}",
        "${x}",
        "%{endfor}",
    ),
    nest("heredocs in a template", Tmpl, "${<<EOT\n", "x", "\nEOT\n}"),
];

/// Parses `src` as `mode` and evaluates what it can: for a configuration,
/// every attribute at every depth of blocks (walked iteratively).
fn parse_and_evaluate(what: &str, mode: Mode, src: &[u8], options: &ParseOptions) -> Diagnostics {
    let arena = Arena::new();
    let ctx = ctx();
    let (diagnostics, evaluated) = match mode {
        Mode::Expression => {
            let p = parse_expression_with(&arena, src, options);
            (p.diagnostics, vec![evaluate(&p.ast, &ctx)])
        }
        Mode::Template => {
            let p = parse_template_with(&arena, src, options);
            (p.diagnostics, vec![evaluate_template(&p.ast, &ctx)])
        }
        Mode::Config => {
            let p = parse_config_with(&arena, src, options);
            let mut evaluated = Vec::new();
            for_each_attribute(&p.ast, |e| evaluated.push(evaluate(e, &ctx)));
            (p.diagnostics, evaluated)
        }
    };
    assert_ranged(what, src, &diagnostics);
    let clean = !diagnostics.has_errors();
    for r in &evaluated {
        assert_evaluated(what, src, r, clean);
    }
    diagnostics
}

/// Calls `f` on every attribute's expression, blocks at any depth included.
fn for_each_attribute<'a>(file: &ConfigFile<'a>, mut f: impl FnMut(&Expression<'a>)) {
    let mut bodies = vec![file.body];
    while let Some(body) = bodies.pop() {
        for item in body.items {
            match item {
                BodyItem::Attribute(a) => f(&a.expr),
                BodyItem::Block(b) | BodyItem::OneLineBlock(b) => bodies.push(b.body),
            }
        }
    }
}

/// The deepest repetition count of `family` that parses without error.
fn deepest_clean(family: &Nesting) -> usize {
    let clean = |n: usize| {
        let src = family.build(n);
        let arena = Arena::new();
        match family.mode {
            Mode::Expression => !parse_expression(&arena, src.as_bytes()).diagnostics.has_errors(),
            Mode::Config => !parse_config(&arena, src.as_bytes()).diagnostics.has_errors(),
            Mode::Template => !parse_template(&arena, src.as_bytes()).diagnostics.has_errors(),
        }
    };
    assert!(clean(1), "{}: one level does not parse", family.name);
    (1..=MAX_DEPTH + 1).rev().find(|&n| clean(n)).unwrap()
}

/// Every nesting family: as deep as the limit allows it parses and
/// evaluates on a 256 KiB stack; one level deeper, and at 10, 1,000 and
/// 100,000 levels, it is a "Nesting too deep" diagnostic that names the
/// limit, the partial tree still evaluates, and the diagnostics stay few.
#[test]
fn nesting_of_every_kind_at_growing_depths() {
    on_small_stack(|| {
        for family in NESTINGS {
            let deepest = deepest_clean(family);
            // every family costs at most seven levels per repetition
            assert!(deepest >= MAX_DEPTH / 8, "{}: only {deepest} levels parse", family.name);
            assert!(deepest <= MAX_DEPTH, "{}: {deepest} levels parse", family.name);
            let src = family.build(deepest);
            let what = format!("{} x{deepest}", family.name);
            let ds = parse_and_evaluate(&what, family.mode, src.as_bytes(), &ParseOptions::default());
            assert!(!ds.has_errors(), "{what}: {:?}", summaries(&ds));
            for n in std::iter::once(deepest + 1).chain(LEVELS) {
                let src = family.build(n);
                let what = format!("{} x{n}", family.name);
                let ds = parse_and_evaluate(&what, family.mode, src.as_bytes(), &ParseOptions::default());
                if n <= deepest {
                    assert!(!ds.has_errors(), "{what}: {:?}", summaries(&ds));
                    continue;
                }
                assert_too_deep(&what, &ds);
                // one problem, not one per level: a handful of diagnostics
                assert!(ds.len() <= 4, "{what}: {} diagnostics: {:?}", ds.len(), summaries(&ds));
            }
        }
    });
}

/// The nesting families whose evaluation recurses through template
/// directives (finding 5: this recursion had no stack check), tested on
/// their own below.
const DIRECTIVE_FAMILIES: [&str; 5] = [
    "template if",
    "template else",
    "template for",
    "if directives in a template",
    "for directives in a template",
];

/// The nesting families of nested `for` scopes (finding 6: variable lookup
/// was quadratic in their depth), tested on their own below; `for`
/// conditions are evaluated 2^depth times until the step limit stops
/// them, by design (`tests/eval_limits.rs`).
const FOR_SCOPE_FAMILIES: [&str; 4] = ["for bodies", "for object values", "for conditions", "mixed"];

/// Raised-limit families cheap enough to run at 100,000 levels in a debug
/// build; the others run at 10,000 levels there and 100,000 in release.
const CHEAP_IN_DEBUG: [&str; 6] = [
    "parentheses",
    "unary minus",
    "unary not",
    "conditional true arms",
    "conditional false arms",
    "blocks",
];

/// Parses and evaluates `family` at `n` levels with the limit raised past
/// them, on a 256 KiB stack.
fn raised(family: &'static Nesting, n: usize) {
    on_small_stack(move || {
        let options = ParseOptions {
            max_depth: 1_000_000,
            ..Default::default()
        };
        let src = family.build(n);
        let what = format!("{} x{n}, limit raised", family.name);
        let ds = parse_and_evaluate(&what, family.mode, src.as_bytes(), &options);
        assert!(!ds.has_errors(), "{what}: {:?}", summaries(&ds));
    });
}

/// With the limit raised past them, 100,000 levels of each kind parse and
/// evaluate (to a value, or an evaluation error for the families that
/// index a number or use a tuple as a key) on a 256 KiB stack: the parser
/// and the evaluator move to fresh stack segments as they go down. In a
/// debug build, where each level costs some ten times more, the cheapest
/// families go to 25,000 levels and the others to 5,000 (`.ci/run` runs
/// this file again in release, at full depth).
#[test]
fn nesting_100_000_levels_with_the_limit_raised() {
    for family in NESTINGS {
        if DIRECTIVE_FAMILIES.contains(&family.name) || FOR_SCOPE_FAMILIES.contains(&family.name) {
            continue;
        }
        let n = if OPTIMISED {
            100_000
        } else if CHEAP_IN_DEBUG.contains(&family.name) {
            25_000
        } else {
            5_000
        };
        raised(family, n);
    }
}

/// Template directives nested 100,000 deep, with the limit raised, on a
/// 256 KiB stack: the recursion from template to directive to template
/// moves to fresh stack segments like the expression walk (finding 5: it
/// had no stack check, and overflowed a 256 KiB stack at some 500 levels).
/// In a debug build 10,000 levels, twenty times the depth that overflowed.
#[test]
fn nested_template_directives_with_the_limit_raised() {
    let n = if OPTIMISED { 100_000 } else { 10_000 };
    for name in DIRECTIVE_FAMILIES {
        raised(NESTINGS.iter().find(|f| f.name == name).unwrap(), n);
    }
}

/// `for` expressions nested 100,000 deep in their bodies and object values,
/// every level looking up a variable from the context, with the limit
/// raised (finding 6: every lookup walked the chain of the enclosing
/// scopes, and 100,000 levels did not finish in 15 minutes; the time is
/// now linear, see the `nesting raised: for bodies` bench). In a debug
/// build 5,000 levels.
#[test]
fn nested_for_bodies_with_the_limit_raised() {
    let n = if OPTIMISED { 100_000 } else { 5_000 };
    for name in ["for bodies", "for object values", "mixed"] {
        raised(NESTINGS.iter().find(|f| f.name == name).unwrap(), n);
    }
}

// ---------------------------------------------------------------------------
// Flat chains
// ---------------------------------------------------------------------------

/// Chains of 1,000 and 100,000 operators of each kind parse flat (no
/// nesting diagnostic) and evaluate; chains of a million operators (in a
/// debug build a quarter of a million), of one kind, of every kind mixed
/// and with unary operands, parse.
#[test]
fn flat_operator_chains() {
    on_mib_stack(|| {
        let operators: &[(&str, &str)] = &[
            ("+", "1"),
            ("-", "1"),
            ("*", "1"),
            ("/", "1"),
            ("%", "7"),
            ("&&", "true"),
            ("||", "false"),
            ("==", "1"),
            ("!=", "1"),
            ("<", "1"),
        ];
        for &(op, operand) in operators {
            for n in [1_000, 100_000] {
                let src = chain(op, operand, n);
                let what = format!("`{op}` x{n}");
                let arena = Arena::new();
                let p = expr(&arena, src.as_bytes());
                assert!(p.diagnostics.is_empty(), "{what}: {:?}", summaries(&p.diagnostics));
                // comparison chains compare a bool with a number: type
                // errors, reported and capped
                assert_evaluated(&what, src.as_bytes(), &evaluate(&p.ast, &ctx()), true);
            }
        }
        // a million operators (a quarter of a million in a debug build):
        // one kind, and every kind mixed
        let n = if OPTIMISED { 1_000_000 } else { 250_000 };
        for (what, src) in [
            (format!("`+` x{n}"), chain("+", "1", n)),
            (format!("every operator x{n}"), mixed_chain(n)),
            (format!("unary operands x{n}"), chain("-", "-1", n)),
        ] {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            assert!(p.diagnostics.is_empty(), "{what}: {:?}", summaries(&p.diagnostics));
        }
    });
}

/// Flat work on a 256 KiB thread: a 100,000-operand chain of unary
/// operands, a set of 10,000 sets, a `for` directive over 10,000 strings.
/// Finding 7: there, with less than the red zone left, every stack check
/// not nested in another mapped a 4 MiB segment of its own, 47-88 times
/// slower than on a 1 MiB thread; a parse or an evaluation now moves to
/// one segment at its start when the stack is small (`stack::entry`). The
/// speed is in the `small stack` benches; here, the results.
#[test]
fn flat_work_on_a_small_stack() {
    on_small_stack(|| {
        let mut ctx = ctx();
        ctx.set_variable("ks", strings(10_000)).unwrap();
        let chain = chain("-", "-1", 100_000);
        for (src, expected) in [
            (chain.as_str(), Value::from(99_999)),
            ("length(toset([for k in ks: toset([k])]))", Value::from(10_000)),
            ("strlen(\"%{for k in ks}${k}%{endfor}\")", Value::from(48_890)),
        ] {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            let r = evaluate(&p.ast, &ctx);
            assert!(r.diagnostics.is_empty(), "{:?}", summaries(&r.diagnostics));
            assert_eq!(r.value, expected, "{}", &src[..src.len().min(40)]);
        }
    });
}

/// The evaluation families of the reference's failures: a 500,000-term
/// `+` chain (the reference runs out of memory), and the same length of
/// `*`, `&&` and `==` mixes. In a debug build a quarter of the length.
#[test]
fn evaluating_half_a_million_term_chains() {
    on_mib_stack(|| {
        let n = if OPTIMISED { 500_000 } else { 125_000 };
        let cases: Vec<(&str, String, Value)> = vec![
            ("+", chain("+", "1", n - 1), Value::from(n as i64)),
            ("*", chain("*", "1", n - 1), Value::from(1)),
            ("&&", chain("&&", "true", n - 1), Value::from(true)),
            ("-", chain("-", "1", n - 1), Value::from(2 - n as i64)),
            ("== && mix", chain("&&", "1 + 1 == 2", n / 4), Value::from(true)),
            (
                "+ with a variable",
                chain("+", "length(y)", n / 10 - 1),
                Value::from(n as i64 / 10),
            ),
        ];
        for (what, src, expected) in cases {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            assert!(p.diagnostics.is_empty(), "{what}");
            let r = evaluate(&p.ast, &ctx());
            assert!(r.diagnostics.is_empty(), "{what}: {:?}", summaries(&r.diagnostics));
            assert_eq!(r.value, expected, "{what}");
        }
    });
}

/// A chain of errors: every term fails, the errors are capped with a
/// count; a chain of unknowns is unknown.
#[test]
fn chains_of_errors_and_unknowns() {
    on_mib_stack(|| {
        let n = 100_000;
        let src = chain("+", "\"a\"", n);
        let arena = Arena::new();
        let p = expr(&arena, src.as_bytes());
        let r = evaluate(&p.ast, &ctx());
        assert_errors("string + chain", src.as_bytes(), &r.diagnostics);
        let src = chain("+", "u", n);
        let p = expr(&arena, src.as_bytes());
        let mut unknown = ctx();
        unknown.treat_undefined_variables_as_unknown();
        let r = evaluate(&p.ast, &unknown);
        assert!(r.diagnostics.is_empty(), "{:?}", summaries(&r.diagnostics));
        assert!(!r.value.is_known());
        // undefined variables: one error per term, capped
        let r = evaluate(&p.ast, &ctx());
        assert_errors("undefined + chain", src.as_bytes(), &r.diagnostics);
        assert!(r.diagnostics.len() <= 10_001, "{}", r.diagnostics.len());
    });
}

/// Flat collections, argument lists and templates of 100,000 to a million
/// items.
#[test]
fn flat_collections_calls_and_templates() {
    on_mib_stack(|| {
        let n = 1_000_000;
        let tuple = format!("[{}]", "1, ".repeat(n));
        let object: String = format!(
            "{{{}}}",
            (0..100_000).map(|i| format!("k{i} = {i}\n")).collect::<String>()
        );
        let call = format!("max({}1)", "1, ".repeat(100_000));
        let concat = format!("length(concat({}[]))", "[1], ".repeat(100_000));
        let template = format!("\"{}\"", "${s}-".repeat(100_000));
        let duplicate_keys = format!("{{{}}}", "a = 1, ".repeat(100_000));
        let cases: Vec<(&str, String, Option<Value>)> = vec![
            ("tuple of a million", tuple, None),
            ("object of 100,000 attributes", object, None),
            ("call with 100,000 arguments", call, Some(Value::from(1))),
            ("concat of 100,000 lists", concat, Some(Value::from(100_000))),
            ("template of 100,000 interpolations", template, None),
            ("object of 100,000 equal keys", duplicate_keys, None),
        ];
        for (what, src, expected) in cases {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            assert!(p.diagnostics.is_empty(), "{what}: {:?}", summaries(&p.diagnostics));
            let r = evaluate(&p.ast, &ctx());
            assert_evaluated(what, src.as_bytes(), &r, true);
            if let Some(v) = expected {
                assert_eq!(r.value, v, "{what}");
            }
        }
    });
}

// ---------------------------------------------------------------------------
// Big inputs
// ---------------------------------------------------------------------------

/// A 100 MB string (10 MB in debug builds, where scanning a byte at a
/// time is some 20 times slower), as a quoted string, a heredoc line, a
/// comment and an identifier; the string evaluates to itself.
#[test]
fn a_100_mb_string() {
    let len = if OPTIMISED { 100 << 20 } else { 10 << 20 };
    let body = "abcdefghij".repeat(len / 10);
    // as a quoted string, then evaluated
    let src = format!("a = \"{body}\"\nb = 1\n");
    let arena = Arena::new();
    let p = parse_config(&arena, src.as_bytes());
    assert!(p.diagnostics.is_empty(), "{:?}", summaries(&p.diagnostics));
    let a = p.ast.body.attribute("a").unwrap();
    let r = evaluate(&a.expr, &ctx());
    assert_eq!(r.value.as_str().map(str::len), Some(body.len()));
    assert!(p.ast.body.attribute("b").is_some());
    drop(r);
    // in a heredoc, a comment, an identifier and a template
    for (what, src) in [
        ("heredoc", format!("a = <<EOT\n{body}\nEOT\nb = 1\n")),
        ("line comment", format!("# {body}\nb = 1\n")),
        ("inline comment", format!("/* {body} */ b = 1\n")),
        ("identifier", format!("x{body} = 1\nb = 1\n")),
        ("variable", format!("a = x{body}\nb = 1\n")),
    ] {
        let arena = Arena::new();
        let p = parse_config(&arena, src.as_bytes());
        assert!(p.diagnostics.is_empty(), "{what}: {:?}", summaries(&p.diagnostics));
        assert!(p.ast.body.attribute("b").is_some(), "{what}");
    }
    let arena = Arena::new();
    let t = parse_template(&arena, body.as_bytes());
    assert!(t.diagnostics.is_empty());
    let r = evaluate_template(&t.ast, &ctx());
    assert_eq!(r.value.as_str().map(str::len), Some(body.len()));
}

/// A million attributes in one body (100,000 in a block, and a million
/// one-line blocks), and a million redefinitions of one attribute, whose
/// diagnostics are capped; in a debug build a quarter of a million and
/// 100,000 blocks.
#[test]
fn a_million_attributes() {
    on_mib_stack(|| {
        let n = if OPTIMISED { 1_000_000 } else { 250_000 };
        let src: String = (0..n).map(|i| format!("a{i} = {i}\n")).collect();
        let arena = Arena::new();
        let p = parse_config(&arena, src.as_bytes());
        assert!(p.diagnostics.is_empty(), "{:?}", summaries(&p.diagnostics));
        assert_eq!(p.ast.body.items.len(), n);
        let last = p.ast.body.attribute(&format!("a{}", n - 1)).unwrap();
        assert_eq!(evaluate(&last.expr, &ctx()).value, Value::from(n as i64 - 1));

        let src = format!(
            "b {{\n{}}}\n",
            (0..100_000).map(|i| format!("a{i} = {i}\n")).collect::<String>()
        );
        let p = parse_config(&arena, src.as_bytes());
        assert!(p.diagnostics.is_empty(), "{:?}", summaries(&p.diagnostics));

        let blocks = if OPTIMISED { n } else { 100_000 };
        let src = "b { a = 1 }\n".repeat(blocks);
        let p = parse_config(&arena, src.as_bytes());
        assert!(p.diagnostics.is_empty(), "{:?}", summaries(&p.diagnostics));
        assert_eq!(p.ast.body.items.len(), blocks);

        let src = "a = 1\n".repeat(n);
        let p = parse_config(&arena, src.as_bytes());
        assert_errors("a million redefinitions", src.as_bytes(), &p.diagnostics);
        assert_eq!(p.diagnostics.len(), CAP + 1);
        assert_eq!(p.diagnostics[CAP].code(), hcl_native::Code::TOO_MANY_DIAGNOSTICS);
        assert!(p.diagnostics[CAP].detail().contains("max_diagnostics"));
    });
}

/// Attribute names chosen to collide in an unkeyed FNV-1a hash (which the
/// parser's map of one body's names used: finding 1, quadratic, 9.5 s for
/// 2^17 names) really do collide, and parse correctly. That the time is
/// linear is shown by the `parse: hash-flooded attributes` bench (timed
/// tests are not kept).
#[test]
fn hash_flooded_attribute_names_parse_correctly() {
    let names = crate::common::collide::colliding_names(12);
    let src: String = names.iter().map(|n| format!("{n} = 1\n")).collect();
    let arena = Arena::new();
    let p = parse_config(&arena, src.as_bytes());
    assert!(p.diagnostics.is_empty(), "{:?}", summaries(&p.diagnostics));
    assert_eq!(p.ast.body.items.len(), 1 << 12);
    let low = |n: &str| crate::common::collide::fnv1a_low24(crate::common::collide::FNV_BASIS_LOW24, n.as_bytes());
    assert!(names.iter().all(|n| low(n) == low(&names[0])));
    // repeated, every name is a redefinition
    let src = src.repeat(2);
    let p = parse_config(&arena, src.as_bytes());
    assert_eq!(p.diagnostics.len(), 1 << 12);
}

/// A heredoc of a million lines, plain and flush (whose indentation is
/// measured over every line), with an interpolation on every tenth line.
#[test]
fn a_heredoc_of_a_million_lines() {
    on_mib_stack(|| {
        let n = 1_000_000;
        for (what, src, line_len) in [
            (
                "plain",
                format!("a = <<EOT\n{}EOT\nb = 1\n", "abcdefghij\n".repeat(n)),
                11,
            ),
            (
                "flush",
                format!("a = <<-EOT\n{}  EOT\nb = 1\n", "    abcdefghij\n".repeat(n)),
                11,
            ),
            (
                "interpolated",
                format!("a = <<EOT\n{}EOT\nb = 1\n", "${s}bcdefghij\n".repeat(n / 10)),
                11,
            ),
        ] {
            let arena = Arena::new();
            let p = parse_config(&arena, src.as_bytes());
            assert!(p.diagnostics.is_empty(), "{what}: {:?}", summaries(&p.diagnostics));
            assert!(p.ast.body.attribute("b").is_some());
            let a = p.ast.body.attribute("a").unwrap();
            let r = evaluate(&a.expr, &ctx());
            assert!(r.diagnostics.is_empty(), "{what}: {:?}", summaries(&r.diagnostics));
            let lines = if what == "interpolated" { n / 10 } else { n };
            assert_eq!(r.value.as_str().map(str::len), Some(lines * line_len), "{what}");
        }
        // a million lines and no end marker
        let src = format!("a = <<EOT\n{}", "abcdefghij\n".repeat(n));
        let arena = Arena::new();
        let p = parse_config(&arena, src.as_bytes());
        assert_errors("unterminated heredoc", src.as_bytes(), &p.diagnostics);
        assert!(p.diagnostics.len() <= 4, "{:?}", summaries(&p.diagnostics));
    });
}

/// Numbers with huge exponents or a million digits: a number or a
/// "too large" diagnostic, in time proportional to the text.
#[test]
fn numbers_with_huge_exponents_or_a_million_digits() {
    on_mib_stack(|| {
        let million = "9".repeat(1_000_000);
        let zeros = "0".repeat(1_000_000);
        // (source, whether it must be an error)
        let cases: Vec<(String, bool)> = vec![
            ("1e1000000000".into(), true),
            ("1e99999999999999999999999999999999".into(), true),
            ("1e-99999999999999999999999999999999".into(), false),
            ("0e99999999999999999999999999999999".into(), false),
            // 10^9864 < 2^32768 < 10^9865
            ("1e9864".into(), false),
            ("1e9865".into(), true),
            (format!("1e{million}"), true),
            (format!("1e-{million}"), false),
            (million.clone(), true),
            (format!("0.{million}"), false),
            (format!("1{zeros}"), true),
            (format!("0.{zeros}1"), false),
            (format!("{zeros}1"), false),
            (format!("1.{zeros}1"), false),
            (format!("{million}e-999990"), false),
            (format!("{million}e-1000000"), false),
            (format!("-{million}"), true),
            ("1e9000 * 1e9000".into(), true),
            ("1e-9000 * 1e-9000".into(), false),
            ("1e9000 / 1e-9000".into(), true),
            ("1e4000 % 7".into(), false),
            ("1 / 3 * 1e9000".into(), false),
            ("\"${1e9000}\"".into(), false),
            ("\"${1 / 3}\"".into(), false),
            ("tonumber(\"1e9865\")".into(), true),
            (format!("tonumber(\"{million}\")"), true),
            (format!("tonumber(\"0.{million}\")"), false),
            ("format(\"%.10000000f\", 1/3)".into(), false),
        ];
        for (src, error) in cases {
            let what: String = src.chars().take(40).collect();
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            assert!(p.diagnostics.is_empty(), "{what}: {:?}", summaries(&p.diagnostics));
            let r = evaluate(&p.ast, &ctx());
            assert_evaluated(&what, src.as_bytes(), &r, true);
            assert_eq!(
                r.diagnostics.has_errors(),
                error,
                "{what}: {:?}",
                summaries(&r.diagnostics)
            );
            if error && !src.starts_with("tonumber") {
                let d = &r.diagnostics[0];
                assert!(
                    d.detail().contains("2^32768") || d.detail().contains("10000000"),
                    "{what}: the error names the limit: {}",
                    d.detail()
                );
            }
        }
    });
}

// ---------------------------------------------------------------------------
// Invalid UTF-8, NUL bytes, CR-only line ends
// ---------------------------------------------------------------------------

/// Invalid UTF-8 at every kind of position, between a valid attribute
/// before (`y = 2`) and one after (`z = 3`): one "Invalid character
/// encoding" diagnostic covering exactly the bad bytes, every other
/// diagnostic ranged, and both valid attributes in the body.
#[test]
fn invalid_utf8_at_every_kind_of_position() {
    // (position, the middle of the file with `@` for the bad bytes)
    let positions: &[(&str, &str)] = &[
        ("attribute name", "a@b = 1\n"),
        ("start of a name", "@b = 1\n"),
        ("quoted string", "a = \"x@y\"\n"),
        ("string escape", "a = \"\\@\"\n"),
        ("string after interpolation", "a = \"${1}@\"\n"),
        ("heredoc body", "a = <<EOT\nx@y\nEOT\n"),
        ("heredoc marker", "a = <<E@T\nx\nE@T\n"),
        ("flush heredoc indentation", "a = <<-EOT\n  @\n  EOT\n"),
        ("line comment", "# x@y\n"),
        ("slash comment", "// x@y\n"),
        ("inline comment", "/* x@y */\n"),
        ("template directive", "a = \"%{if t@rue}x%{endif}\"\n"),
        ("template directive keyword", "a = \"%{i@f true}x%{endif}\"\n"),
        ("interpolation", "a = \"${x@}\"\n"),
        ("strip marker", "a = \"${~@ 1}\"\n"),
        ("number", "a = 1@2\n"),
        ("number fraction", "a = 1.@\n"),
        ("number exponent", "a = 1e@\n"),
        ("between tokens", "a = 1 @ + 2\n"),
        ("before equals", "a @= 1\n"),
        ("after equals", "a =@ 1\n"),
        ("operator", "a = 1 +@ 2\n"),
        ("block type", "b@ {\n}\n"),
        ("quoted block label", "b \"l@\" {\n}\n"),
        ("bare block label", "b l@ {\n}\n"),
        ("block body", "b {\n@\n}\n"),
        ("one-line block", "b { a = @ }\n"),
        ("tuple", "a = [1, @, 2]\n"),
        ("object key", "a = {k@ = 1}\n"),
        ("object value", "a = {k = @}\n"),
        ("call name", "a = ma@x(1)\n"),
        ("call arguments", "a = max(1, @)\n"),
        ("for expression", "a = [for x in @: x]\n"),
        ("attribute access", "a = x.@\n"),
        ("index", "a = x[@]\n"),
        ("splat", "a = x.*@\n"),
        ("conditional", "a = true ? @ : 1\n"),
        ("end of line", "a = 1@\n"),
        ("a line of its own", "@\n"),
    ];
    let bad: &[(&str, &[u8])] = &[
        ("0xFF", b"\xff"),
        ("a lone continuation byte", b"\x80"),
        ("an overlong '/'", b"\xc0\xaf"),
        ("an overlong NUL", b"\xe0\x80\x80"),
        ("a surrogate", b"\xed\xa0\x80"),
        ("a truncated three-byte sequence", b"\xe2\x82"),
        ("a truncated four-byte sequence", b"\xf0\x9f\x98"),
        ("a code point past U+10FFFF", b"\xf4\x90\x80\x80"),
        ("bytes never valid", b"\xfe\xc1"),
    ];
    for (position, middle) in positions {
        for (kind, bytes) in bad {
            let at = middle.find('@').unwrap();
            let mut src = b"y = 2\n".to_vec();
            let mut bad_ranges = Vec::new();
            let mut rest = middle.as_bytes();
            while let Some(i) = rest.iter().position(|&b| b == b'@') {
                src.extend_from_slice(&rest[..i]);
                let start = src.len() as u32;
                src.extend_from_slice(bytes);
                bad_ranges.push(Span::new(start, src.len() as u32));
                rest = &rest[i + 1..];
            }
            src.extend_from_slice(rest);
            src.extend_from_slice(b"z = 3\n");
            let what = format!("{kind} in {position} ({at})");
            let arena = Arena::new();
            let p = parse_config(&arena, &src);
            assert_errors(&what, &src, &p.diagnostics);
            for r in &bad_ranges {
                assert!(
                    p.diagnostics
                        .iter()
                        .any(|d| d.code() == hcl_native::Code::INVALID_CHARACTER_ENCODING && d.subject() == *r),
                    "{what}: nothing covers {r:?}: {:?}",
                    p.diagnostics
                );
            }
            let body = &p.ast.body;
            assert!(body.attribute("y").is_some(), "{what}: `y` lost");
            assert!(body.attribute("z").is_some(), "{what}: `z` lost: {:?}", p.diagnostics);
            for_each_attribute(&p.ast, |e| assert_ranged(&what, &src, &evaluate(e, &ctx()).diagnostics));
        }
    }
}

/// Invalid UTF-8 as the very last byte, the first byte, and everywhere in
/// an expression and a template.
#[test]
fn invalid_utf8_at_the_edges_and_in_every_mode() {
    for (what, src) in [
        ("last byte", b"a = 1\n\xff".to_vec()),
        ("last byte, no newline", b"a = 1\xff".to_vec()),
        ("first byte", b"\xffa = 1\n".to_vec()),
        ("only byte", b"\xff".to_vec()),
        ("after a BOM", b"\xef\xbb\xbf\xff".to_vec()),
        ("truncated at the end", b"a = \"\xe2\x82".to_vec()),
    ] {
        let arena = Arena::new();
        let p = parse_config(&arena, &src);
        assert_errors(what, &src, &p.diagnostics);
        assert!(
            p.diagnostics
                .iter()
                .any(|d| d.code() == hcl_native::Code::INVALID_CHARACTER_ENCODING),
            "{what}"
        );
    }
    let arena = Arena::new();
    let src = b"1 + \xff + [\x80, \"\xc0\xaf\"]";
    let p = expr(&arena, src);
    assert_errors("expression", src, &p.diagnostics);
    assert_eq!(
        p.diagnostics
            .iter()
            .filter(|d| d.code() == hcl_native::Code::INVALID_CHARACTER_ENCODING)
            .count(),
        3
    );
    let src = b"a\xffb ${ \x80 } %{ if \xed\xa0\x80 }x%{ endif }\xff";
    let p = parse_template(&arena, src);
    assert_errors("template", src, &p.diagnostics);
    assert_eq!(
        p.diagnostics
            .iter()
            .filter(|d| d.code() == hcl_native::Code::INVALID_CHARACTER_ENCODING)
            .count(),
        4
    );
    // a megabyte of alternating good and bad bytes: linear, capped
    let src = b"\xffa".repeat(1 << 19);
    let p = parse_config(&arena, &src);
    assert_errors("a megabyte of bad bytes", &src, &p.diagnostics);
    assert_eq!(p.diagnostics.len(), CAP + 1);
}

/// NUL bytes: inside strings, heredocs and comments they are characters
/// like any other (the spec forbids none); between tokens, in a name or a
/// number they are an error on the NUL's line, and the attributes around
/// it are kept.
#[test]
fn nul_bytes_at_every_kind_of_position() {
    // text where NUL is a character: the value keeps it
    for (what, src, expected) in [
        ("quoted string", "a = \"x\0y\"\n", Some("x\0y")),
        ("heredoc", "a = <<EOT\nx\0y\nEOT\n", Some("x\0y\n")),
        ("line comment", "# x\0y\na = 1\n", None),
        ("inline comment", "/* \0 */ a = 1\n", None),
    ] {
        let arena = Arena::new();
        let p = parse_config(&arena, src.as_bytes());
        assert!(p.diagnostics.is_empty(), "{what}: {:?}", p.diagnostics);
        let a = p.ast.body.attribute("a").unwrap();
        let v = evaluate(&a.expr, &ctx()).value;
        if let Some(s) = expected {
            assert_eq!(v, Value::from(s), "{what}");
        }
    }
    // elsewhere: a diagnostic naming U+0000 at the NUL, the rest kept
    for (what, middle) in [
        ("start of a line", "\0a = 1\n"),
        ("in a name", "a\0b = 1\n"),
        ("after a name", "a\0 = 1\n"),
        ("after equals", "a = \0 1\n"),
        ("in a number", "a = 1\0.5\n"),
        ("after a value", "a = 1\0\n"),
        ("in an interpolation", "a = \"${1 \0}\"\n"),
        ("in a directive", "a = \"%{if \0true}x%{endif}\"\n"),
        ("in a tuple", "a = [1, \0 2]\n"),
        ("in a block header", "b \0 {\n}\n"),
        ("a line of its own", "\0\n"),
    ] {
        let src = format!("y = 2\n{middle}z = 3\n");
        let nul = src.find('\0').unwrap() as u32;
        let line_start = src[..nul as usize].rfind('\n').unwrap() as u32 + 1;
        let arena = Arena::new();
        let p = parse_config(&arena, src.as_bytes());
        assert_errors(what, src.as_bytes(), &p.diagnostics);
        // the first error is on the NUL's line, not after the NUL (see the
        // ignored test below for the cases where it is before it)
        let d = &p.diagnostics[0];
        assert!(
            (line_start..=nul).contains(&d.subject().start),
            "{what}: {d:?} is not on the line of the NUL at {nul}"
        );
        assert!(p.ast.body.attribute("y").is_some(), "{what}");
        assert!(p.ast.body.attribute("z").is_some(), "{what}: {:?}", p.diagnostics);
    }
    let src = b"y = 2\n\0";
    let arena = Arena::new();
    let p = parse_config(&arena, src);
    assert_errors("NUL as the last byte", src, &p.diagnostics);
    assert_eq!(p.diagnostics[0].subject(), Span::new(6, 7));
    // a megabyte of NULs
    let src = vec![0u8; 1 << 20];
    let arena = Arena::new();
    let p = parse_config(&arena, &src);
    assert_errors("a megabyte of NULs", &src, &p.diagnostics);
    let p = expr(&arena, &src);
    assert_errors("a megabyte of NULs as an expression", &src, &p.diagnostics);
    let p = parse_template(&arena, &src);
    assert_ranged("a megabyte of NULs as a template", &src, &p.diagnostics);
}

/// The diagnostic at a NUL says it is a NUL, also right after a name
/// (where it once pointed at the name and talked of an equals sign).
#[test]
fn a_nul_in_a_name_is_reported_at_the_nul() {
    for src in [&b"a\0b = 1\n"[..], b"b \0 {\n}\n", b"a\x01 = 1\n", b"b { a\0 = 1 }\n"] {
        let at = src.iter().position(|&b| b < 0x09).unwrap() as u32;
        let arena = Arena::new();
        let p = parse_config(&arena, src);
        let d = &p.diagnostics[0];
        assert!(
            d.subject().contains(at) && d.detail().contains(&format!("U+{:04X}", src[at as usize])),
            "{:?}: {d:?}",
            String::from_utf8_lossy(src)
        );
    }
}

/// A newline is LF or CR LF (spec: "Comments and Whitespace"); a CR alone
/// is not one. A file with CR-only line ends is one line: a diagnostic at
/// the first CR that names it, never a silent misreading.
#[test]
fn cr_only_line_ends() {
    for (what, src, cr) in [
        ("attributes", "a = 1\rb = 2\r", 5),
        ("block", "b {\r  a = 1\r}\r", 3),
        ("one attribute", "a = 1\r", 5),
        // a CR inside a quoted string is text; the one after it is not a newline
        ("string", "a = \"x\ry\"\r", 9),
        ("heredoc", "a = <<EOT\rx\rEOT\r", 9),
    ] {
        let arena = Arena::new();
        let p = parse_config(&arena, src.as_bytes());
        assert_errors(what, src.as_bytes(), &p.diagnostics);
        let d = &p.diagnostics[0];
        assert!(d.subject().contains(cr), "{what}: {d:?}");
        assert!(d.detail().contains("U+000D"), "{what}: {d:?}");
    }
    // CR LF is a newline
    let src = "a = 1\r\nb {\r\n  c = <<EOT\r\nx\r\nEOT\r\n}\r\n";
    let arena = Arena::new();
    let p = parse_config(&arena, src.as_bytes());
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    assert_eq!(p.ast.body.items.len(), 2);
    // in an expression, a CR is neither whitespace nor a newline
    let p = expr(&arena, b"[1,\r2]");
    assert_errors("CR in a tuple", b"[1,\r2]", &p.diagnostics);
    // a million CR-only lines: one line, a bounded number of diagnostics
    let src = "a = 1\r".repeat(1_000_000);
    let p = parse_config(&arena, src.as_bytes());
    assert_errors("a million CR-only lines", src.as_bytes(), &p.diagnostics);
}

/// A line comment ends at a newline; in a file with CR-only line ends the
/// first comment therefore runs to the end of the file and the file reads
/// as empty. The spec wants that (a lone CR is not a newline), so the body
/// stays empty, but a warning at the first lone CR says why.
#[test]
fn a_comment_in_a_cr_only_file_is_not_silent() {
    for (src, cr) in [
        ("# settings\ra = 1\rb = 2\r", 10),
        ("// settings\ra = 1\rb = 2\r", 11),
        ("\n\n# a\r# b\rc = 1\r", 5),
    ] {
        let arena = Arena::new();
        let p = parse_config(&arena, src.as_bytes());
        assert!(p.ast.body.items.is_empty(), "{src:?}: {:?}", p.ast.body.items);
        assert_eq!(
            p.diagnostics.len(),
            1,
            "{src:?}: one warning per file: {:?}",
            p.diagnostics
        );
        let d = &p.diagnostics[0];
        assert_eq!(d.severity(), Severity::Warning, "{src:?}: {d:?}");
        assert_eq!(d.subject(), Span::new(cr, cr + 1), "{src:?}: {d:?}");
        assert!(d.detail().contains("LF or CR LF"), "{src:?}: {d:?}");
    }
    // CR LF ends a comment: nothing to say
    let arena = Arena::new();
    let p = parse_config(&arena, b"# settings\r\na = 1\r\n");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    assert_eq!(p.ast.body.items.len(), 1);
}

// ---------------------------------------------------------------------------
// Unterminated constructs
// ---------------------------------------------------------------------------

/// Every construct left open 1, 10, 1,000 and 100,000 times at the end of
/// the input: ranged errors, few of them, no panic.
#[test]
fn unterminated_constructs_at_growing_nesting() {
    on_small_stack(|| {
        let opens: &[(&str, Mode, &str, &str)] = &[
            ("parentheses", Expr, "", "("),
            ("tuples", Expr, "", "["),
            ("tuples after an element", Expr, "", "[1, "),
            ("objects", Expr, "", "{"),
            ("object values", Expr, "", "{a = "),
            ("calls", Expr, "", "max("),
            ("index keys", Expr, "", "y["),
            ("interpolations", Expr, "", "\"${"),
            ("quoted strings", Expr, "", "\"x"),
            ("if directives", Expr, "\"", "%{if a}"),
            ("for directives", Expr, "\"", "%{for x in y}"),
            ("directive tags", Expr, "\"", "%{"),
            ("heredocs in interpolations", Expr, "", "<<EOT\n${"),
            ("heredocs", Expr, "", "<<EOT\nx\n"),
            ("for expressions", Expr, "", "[for x in y: "),
            ("for object expressions", Expr, "", "{for k, v in m: k => "),
            ("conditionals", Expr, "", "a ? "),
            ("binary operators", Expr, "", "1 + "),
            ("unary operators", Expr, "", "-"),
            ("inline comments", Expr, "", "/* "),
            ("blocks", Config, "", "b {\n"),
            ("labels", Config, "b ", "\"l"),
            ("attributes", Config, "", "a = "),
            ("blocks in blocks with attributes", Config, "", "b {\na = (\n"),
            ("template interpolations", Tmpl, "", "${"),
            ("template if", Tmpl, "", "%{if a}"),
            ("template for", Tmpl, "", "%{for x in y}"),
            ("template strings", Tmpl, "", "${\""),
        ];
        for &(name, mode, before, open) in opens {
            for n in [1, 10, 1_000, 100_000] {
                let src = format!("{before}{}", open.repeat(n));
                let what = format!("{name} x{n}");
                let ds = parse_and_evaluate(&what, mode, src.as_bytes(), &ParseOptions::default());
                assert_errors(&what, src.as_bytes(), &ds);
                // not one diagnostic per level (the cap is 10,000)
                assert!(
                    ds.len() <= 1_000,
                    "{what}: {} diagnostics: {:?}",
                    ds.len(),
                    summaries(&ds)
                );
            }
        }
    });
}

// ---------------------------------------------------------------------------
// Evaluation: sets, long strings, repetition, deep values, the step limit
// ---------------------------------------------------------------------------

fn numbers(n: usize) -> Value {
    Value::list(Type::Number, (0..n as i64).map(Value::from).collect()).unwrap()
}

/// Sets, maps and objects of 100,000 elements, built every way the
/// language offers, duplicates included; `distinct`-like patterns through
/// object keys.
#[test]
fn building_big_sets_and_objects() {
    on_mib_stack(|| {
        let n = 100_000;
        let mut ctx = ctx();
        ctx.set_variable("xs", numbers(n)).unwrap();
        ctx.set_variable("ks", strings(n)).unwrap();
        let cases: &[(&str, i64)] = &[
            ("length(toset(xs))", n as i64),
            ("length(toset(ks))", n as i64),
            ("length(toset(concat(xs, xs, xs)))", n as i64),
            ("length(toset([for x in xs: x % 1000]))", 1000),
            ("length(toset([for x in xs: [x, \"${x}\"]]))", n as i64),
            ("length(toset([for x in xs: {a = x}]))", n as i64),
            ("length(toset([for k in ks: toset([k])]))", n as i64),
            ("length(keys({for k in ks: k => k}))", n as i64),
            ("length(values({for x in xs: x => x}))", n as i64),
            ("length(keys({for x in xs: x % 100 => x...}))", 100),
            ("length({for x in xs: \"one\" => x...}[\"one\"])", n as i64),
            ("length(keys({for x in concat(xs, xs): x => true...}))", n as i64),
            ("length(tomap({for k in ks: k => 1}))", n as i64),
            ("length(tolist(toset(ks)))", n as i64),
            ("length(values({for k in ks: k => k}))", n as i64),
            ("length(reverse(xs))", n as i64),
            (
                "length(toset(concat([for a in range(400): [for b in range(250): a * 250 + b]]...)))",
                n as i64,
            ),
            ("length(toset(split(\",\", join(\",\", ks))))", n as i64),
        ];
        for (src, expected) in cases {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            assert!(p.diagnostics.is_empty(), "{src}: {:?}", summaries(&p.diagnostics));
            let r = evaluate(&p.ast, &ctx);
            assert!(r.diagnostics.is_empty(), "{src}: {:?}", summaries(&r.diagnostics));
            assert_eq!(r.value, Value::from(*expected), "{src}");
        }
    });
}

/// `join` over ten million strings, the bench's large size (a tenth in
/// debug builds): the strings with a comma between each two.
#[test]
fn join_of_ten_million_strings() {
    let n = if OPTIMISED { 10_000_000 } else { 1_000_000 };
    let mut ctx = ctx();
    ctx.set_variable("ks", strings(n)).unwrap();
    let arena = Arena::new();
    let expr = parse_expression(&arena, b"join(\",\", ks)").ast;
    let r = evaluate(&expr, &ctx);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let expected = (0..n).map(|i| format!("k{i}")).collect::<Vec<_>>().join(",");
    assert_eq!(r.value.as_str(), Some(expected.as_str()));
}

/// Long strings: a template of a thousand 1 kB interpolations, `join` and
/// a `for` directive over a million strings, `format` at its widest,
/// strings of combining marks to normalise, a 10 MB string through the
/// string functions (a tenth of each size in debug builds, where counting
/// grapheme clusters a byte at a time dominates); `format` with a width
/// past its limit is a diagnostic that names the limit.
#[test]
fn long_strings() {
    on_mib_stack(|| {
        let scale = if OPTIMISED { 10 } else { 1 };
        let n = 100_000 * scale;
        let joined: usize = (0..n).map(|i| format!("k{i}").len()).sum();
        let width = 1_000_000 * scale;
        let reps = (1 << 20) * scale / 3;
        let mut ctx = ctx();
        ctx.set_variable("ks", strings(n)).unwrap();
        ctx.set_variable("kb", Value::from("x".repeat(1_000))).unwrap();
        ctx.set_variable("big", Value::from("ab,".repeat(reps))).unwrap();
        let template = format!("strlen(\"{}\")", "${kb}".repeat(1_000));
        let marks = format!("strlen(\"e{}\")", "\u{301}\u{316}".repeat(100_000));
        let marks_template = format!("strlen(\"{}\")", "e${\"\u{301}\"}".repeat(100_000));
        let cases: Vec<(&str, String, Value)> = vec![
            (
                "template of 1000 interpolations of 1 kB",
                template,
                Value::from(1_000_000),
            ),
            (
                "join",
                "strlen(join(\",\", ks))".into(),
                Value::from((joined + n - 1) as i64),
            ),
            (
                "template for",
                "strlen(\"%{for k in ks}${k}%{endfor}\")".into(),
                Value::from(joined as i64),
            ),
            (
                "jsonencode",
                "strlen(jsonencode(ks))".into(),
                Value::from((joined + 3 * n + 1) as i64),
            ),
            (
                "format at its widest",
                format!("strlen(format(\"%{width}d\", 1))"),
                Value::from(width as i64),
            ),
            // one grapheme cluster: `e` and its 200,000 marks
            ("combining marks", marks, Value::from(1)),
            ("combining marks in a template", marks_template, Value::from(100_000)),
            ("upper", "strlen(upper(big))".into(), Value::from(3 * reps as i64)),
            (
                "split",
                "length(split(\",\", big))".into(),
                Value::from(reps as i64 + 1),
            ),
        ];
        for (what, src, expected) in cases {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            assert!(p.diagnostics.is_empty(), "{what}: {:?}", summaries(&p.diagnostics));
            let r = evaluate(&p.ast, &ctx);
            assert!(r.diagnostics.is_empty(), "{what}: {:?}", summaries(&r.diagnostics));
            assert_eq!(r.value, expected, "{what}");
        }
        // widths and precisions past the limit: a diagnostic naming it
        for src in [
            "format(\"%1000000000d\", 1)",
            "format(\"%.1000000000f\", 1)",
            "format(\"%-99999999999999999999s\", \"a\")",
        ] {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            let r = evaluate(&p.ast, &ctx);
            assert_errors(src, src.as_bytes(), &r.diagnostics);
            assert!(
                r.diagnostics.iter().any(|d| d.detail().contains("10000000")),
                "{src}: {:?}",
                r.diagnostics
            );
        }
    });
}

/// Strings multiplied by nesting: a string bound by a `for` and repeated by
/// an inner `for` (or `join` over one) grows by the inner count at every
/// level for as many steps, so with `range(1000)` at three levels a
/// 200-byte expression asks for 10 GB within 3,000 steps; `format` with
/// ten verbs of the widest width asks for 100 MB in one call. Both should
/// be bounded, by the step limit or a size limit. Here the sizes are
/// 100 MB each, with a step limit of 100,000 the expressions stay far
/// below.
#[test]
fn repetition_is_bounded_by_the_step_limit() {
    let cases = [
        "strlen([for t in [for s in [join(\"\", [for i in range(1000): \"xxxxxxxxxx\"])]: join(\"\", [for a in range(100): s])]: join(\"\", [for a in range(100): t])][0])",
        "strlen([for t in [for s in [\"${join(\"\", [for i in range(1000): \"xxxxxxxxxx\"])}\"]: \"%{for a in range(100)}${s}%{endfor}\"]: \"%{for a in range(100)}${t}%{endfor}\"][0])",
    ];
    let wide = format!("strlen(format(\"{}\"{}))", "%10000000d".repeat(10), ", 1".repeat(10));
    let mut ctx = ctx();
    // far more than the steps these take, far less than the bytes they make
    ctx.set_step_limit(100_000);
    for src in cases.iter().map(|s| s.to_string()).chain([wide]) {
        let arena = Arena::new();
        let p = expr(&arena, src.as_bytes());
        assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
        let r = evaluate(&p.ast, &ctx);
        assert!(r.diagnostics.has_errors(), "{src}: {:?} without an error", r.value);
    }
}

/// The same repetition at sizes that stay small evaluates exactly.
#[test]
fn repetition_at_small_sizes() {
    let src = "strlen([for s in [join(\"\", [for i in range(100): \"xxxxxxxxxx\"])]: join(\"\", [for a in range(100): s])][0])";
    let arena = Arena::new();
    let r = evaluate(&expr(&arena, src.as_bytes()).ast, &ctx());
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.value, Value::from(100_000));
}

/// Values 100,000 levels deep (built by the caller: the syntax cannot nest
/// that deep) through every construct that walks them, on a 256 KiB
/// stack. `tests/eval_limits.rs` does this at 3,000 levels.
#[test]
fn deep_values_through_every_construct() {
    on_small_stack(|| {
        let depth = 100_000;
        let deep = (0..depth).fold(Value::from(1), |v, _| Value::tuple(vec![v]));
        let deep_object = (0..depth).fold(Value::from(1), |v, _| Value::object([("a", v)]));
        let mut ctx = ctx();
        ctx.set_variable("deep", deep).unwrap();
        ctx.set_variable("deepo", deep_object).unwrap();
        for src in [
            "deep == deep",
            "deep != deepo",
            "[deep, deep][1] == deep",
            "[for x in deep: x][0] == deep[0]",
            "{for k, v in deepo: k => v}.a == deepo.a",
            "true ? deep : deep",
            "deep[*][0] == deep[0]",
            "deepo.*.a == [deepo.a]",
            "length(deep)",
            "length(toset([deep, deep]))",
            "length(concat([deep], [deep]))",
            "length(keys(deepo))",
            "coalesce(deep, deep) == deep",
            "reverse(deep) == deep",
            "length(tolist(deep))",
            "length(toset(deep))",
            "length(tomap({a = deepo}))",
            "length(tolist([deep, deep]))",
            "strlen(jsonencode(deep))",
            "strlen(jsonencode(deepo))",
            "element([deep], 0) == deep",
            "\"${deep}\"",
            "deep + 1",
        ] {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            let r = evaluate(&p.ast, &ctx);
            assert_evaluated(src, src.as_bytes(), &r, true);
        }
        // The encodings are whole: `[` and `]` per level, `{"a":` and `}`.
        for (src, len) in [
            ("strlen(jsonencode(deep))", 2 * depth + 1),
            ("strlen(jsonencode(deepo))", 6 * depth + 1),
        ] {
            let arena = Arena::new();
            let r = evaluate(&expr(&arena, src.as_bytes()).ast, &ctx);
            assert!(r.diagnostics.is_empty(), "{src}: {:?}", summaries(&r.diagnostics));
            assert_eq!(r.value, Value::from(len as i64), "{src}");
        }
    });
}

/// The step limit stops every kind of work that grows: flat input, `for`
/// expressions and `for` directives over big collections, nested `for`,
/// and functions called in a loop; the error names the limit and how to
/// raise it.
#[test]
fn the_step_limit_stops_every_kind_of_growth() {
    on_mib_stack(|| {
        let mut ctx = ctx();
        ctx.set_variable("xs", numbers(100_000)).unwrap();
        ctx.set_step_limit(50_000);
        let long_chain = chain("+", "1", 100_000);
        let long_tuple = format!("[{}]", "1, ".repeat(100_000));
        let long_template = format!("\"{}\"", "${1}".repeat(100_000));
        for src in [
            long_chain.as_str(),
            long_tuple.as_str(),
            long_template.as_str(),
            "[for x in xs: x]",
            "{for x in xs: x => x}",
            "\"%{for x in xs}${x}%{endfor}\"",
            "[for a in range(1000): [for b in range(1000): a]]",
            "[for a in range(1000): length(toset([for b in range(1000): b]))]",
        ] {
            let what: String = src.chars().take(40).collect();
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            let r = evaluate(&p.ast, &ctx);
            let d = r
                .diagnostics
                .iter()
                .find(|d| d.code() == hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED)
                .unwrap_or_else(|| panic!("{what}: {:?}", summaries(&r.diagnostics)));
            assert!(
                d.detail().contains("more than 50000 steps") && d.detail().contains("set_step_limit"),
                "{what}: {}",
                d.detail()
            );
            assert!(d.subject().end as usize <= src.len());
            assert!(!r.value.is_wholly_known(), "{what}");
        }
    });
}

/// Every nesting family at 50 and 500 levels, cut in the middle: the
/// partial trees evaluate (variables unknown) without panicking, unknowns
/// and errors propagating through every construct.
#[test]
fn broken_trees_evaluate_without_panicking() {
    on_small_stack(|| {
        let mut unknown = ctx();
        unknown.treat_undefined_variables_as_unknown();
        for family in NESTINGS {
            for n in [50, 500] {
                let src = family.build(n);
                // cut in the middle: an unterminated prefix
                let cut = &src.as_bytes()[..src.len() / 2];
                let arena = Arena::new();
                match family.mode {
                    Mode::Expression => {
                        let p = expr(&arena, cut);
                        assert_ranged(family.name, cut, &p.diagnostics);
                        let _ = evaluate(&p.ast, &unknown);
                    }
                    Mode::Template => {
                        let p = parse_template(&arena, cut);
                        assert_ranged(family.name, cut, &p.diagnostics);
                        let _ = evaluate_template(&p.ast, &unknown);
                    }
                    Mode::Config => {
                        let p = parse_config(&arena, cut);
                        assert_ranged(family.name, cut, &p.diagnostics);
                        for_each_attribute(&p.ast, |e| {
                            let _ = evaluate(e, &unknown);
                        });
                    }
                }
            }
        }
    });
}

// ---- issue 22: collections functions

/// The collection and set functions whose results outgrow their arguments
/// (`setproduct`, `flatten` of a list holding one list many times,
/// `chunklist`) or whose work is more than linear (`distinct`, `sort`, the
/// set operations) spend their steps before building: with a step limit of
/// 50,000, each stops with the step-limit diagnostic, quickly, although
/// unbounded they would build up to a billion values.
#[test]
fn collection_functions_are_bounded_by_the_step_limit() {
    on_mib_stack(|| {
        let mut ctx = ctx();
        ctx.set_variable("xs", numbers(100_000)).unwrap();
        ctx.set_variable("small", numbers(1_000)).unwrap();
        let strs = (0..100_000).map(|i| Value::from(format!("s{}", 100_000 - i)));
        ctx.set_variable("strs", Value::list(Type::String, strs.collect()).unwrap())
            .unwrap();
        let entries = (0..100_000).map(|i| (format!("k{i}"), Value::from(i)));
        ctx.set_variable("big_map", Value::map(Type::Number, entries).unwrap())
            .unwrap();
        ctx.set_step_limit(50_000);
        for src in [
            "setproduct(small, small, small)",
            "length(setproduct(toset(small), small))",
            "flatten([for i in small: small])",
            "flatten([for i in small: [small, small]])",
            "chunklist(xs, 1)",
            "distinct(xs)",
            "sort(strs)",
            "distinct(strs)",
            "setunion(xs, xs)",
            "setintersection(xs, xs)",
            "setsymmetricdifference(xs, small)",
            "setsubtract(xs, small)",
            "contains(xs, -1)",
            "compact(strs)",
            "slice(xs, 0, 100000)",
            "[for i in small: length(compact(strs))]",
            "merge(big_map, {a = 1})",
            "zipmap(strs, xs)",
        ] {
            ends_at_step_limit(&ctx, src, std::time::Duration::from_secs(20));
        }
    });
}

/// The same functions at small sizes, within the limit, answer exactly.
#[test]
fn collection_functions_within_the_step_limit() {
    let mut ctx = ctx();
    ctx.set_variable("small", numbers(100)).unwrap();
    ctx.set_step_limit(50_000);
    for (src, expected) in [
        ("length(setproduct(small, small))", 10_000),
        ("length(flatten([for i in small: small]))", 10_000),
        ("length(chunklist(small, 7))", 15),
        ("length(distinct(concat(small, small)))", 100),
        ("length(setsymmetricdifference(small, [0, 1000]))", 100),
    ] {
        let arena = Arena::new();
        let r = evaluate(&expr(&arena, src.as_bytes()).ast, &ctx);
        assert!(r.diagnostics.is_empty(), "{src}: {:?}", summaries(&r.diagnostics));
        assert_eq!(r.value, Value::from(expected), "{src}");
    }
}

/// Values 100,000 levels deep through the collection and set functions on
/// a 256 KiB stack: `flatten` walks them with a stack of its own, the rest
/// compare them.
#[test]
fn deep_values_through_the_collection_functions() {
    on_small_stack(|| {
        let depth = 100_000;
        let deep = (0..depth).fold(Value::from(1), |v, _| Value::tuple(vec![v]));
        let deep_list = (0..depth).fold(Value::from(1), |v, _| {
            let t = v.ty();
            Value::list(t, vec![v]).unwrap()
        });
        // a list whose one element is an unknown of the deep type
        let deepu = Value::list(deep.ty(), vec![Value::unknown(deep.ty())]).unwrap();
        let mut ctx = ctx();
        ctx.set_variable("deep", deep).unwrap();
        ctx.set_variable("deepl", deep_list).unwrap();
        ctx.set_variable("deepu", deepu).unwrap();
        for (src, expected) in [
            ("flatten(deep)", Value::tuple(vec![Value::from(1)])),
            ("flatten(deepl)", Value::tuple(vec![Value::from(1)])),
            ("contains([deep], deep)", Value::from(true)),
            // unknown, and never null (go-cty's contains refines so)
            ("contains(deepu, deep)", Value::unknown(Type::Bool).refine_not_null()),
            ("contains(deepu, 1)", Value::from(false)),
            ("contains(deepu, [[1]])", Value::from(false)),
            ("length(distinct([deepl, deepl]))", Value::from(1)),
            ("length(setunion([deepl], [deepl]))", Value::from(1)),
            ("length(setintersection([deepl], [deepl]))", Value::from(1)),
            ("length(setproduct([deepl], [deepl]))", Value::from(1)),
            ("length(chunklist([deepl, deepl], 1))", Value::from(2)),
            ("length(slice([deep, deep], 0, 1))", Value::from(1)),
            ("merge({a = deep}, {b = deep}).a == deep", Value::from(true)),
            ("lookup({a = deep}, \"a\", deep) == deep", Value::from(true)),
            ("zipmap([\"a\"], [deep]).a == deep", Value::from(true)),
            ("length(coalescelist([deep]))", Value::from(1)),
        ] {
            let arena = Arena::new();
            let p = expr(&arena, src.as_bytes());
            let r = evaluate(&p.ast, &ctx);
            assert_ranged(src, src.as_bytes(), &r.diagnostics);
            let details: Vec<&str> = r.diagnostics.iter().map(|d| d.detail()).collect();
            assert!(r.diagnostics.is_empty(), "{src}: {details:?}");
            assert_eq!(r.value, expected, "{src}");
        }
    });
}

// ---- issue 22: numbers functions

/// Evaluates `src` with the standard functions, the variable `text`, and
/// `limit` steps; the step limit's diagnostic must end it, within a
/// second or so.
fn stopped_by_the_step_limit(src: &str, text: &str, limit: u64) {
    let mut ctx = ctx();
    ctx.set_variable("text", Value::from(text)).unwrap();
    ctx.set_step_limit(limit);
    ends_at_step_limit(&ctx, src, std::time::Duration::from_secs(10));
}

/// Evaluates `src` in `ctx`: the step limit's diagnostic must end it,
/// within `within` (issue 22's functions; one home for the check).
fn ends_at_step_limit(ctx: &EvalContext<'_>, src: &str, within: std::time::Duration) {
    let what: String = src.chars().take(50).collect();
    let arena = Arena::new();
    let p = expr(&arena, src.as_bytes());
    assert!(p.diagnostics.is_empty(), "{what}: {:?}", summaries(&p.diagnostics));
    let started = std::time::Instant::now();
    let r = evaluate(&p.ast, ctx);
    let took = started.elapsed();
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code() == hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED),
        "{what}: {:?}",
        summaries(&r.diagnostics)
    );
    assert!(took < within, "{what}: {took:?}");
}

/// `pow` and `log` with non-integer results work out hundreds of bits:
/// each call spends its steps, so a loop of them ends at the limit.
#[test]
fn log_and_pow_spend_steps() {
    stopped_by_the_step_limit("[for i in range(1000): pow(1.0000001, i + 0.5)]", "", 100_000);
    stopped_by_the_step_limit("[for i in range(1000): log(i + 2, 3)]", "", 100_000);
    // exact integer powers as large as the magnitude limit allows, in a loop
    stopped_by_the_step_limit("[for i in range(1000): pow(3, 20000 + i)]", "", 100_000);
}

/// A power whose result would pass the magnitude limit is an error found
/// before any work, however large the exponent; a tiny one is zero.
#[test]
fn huge_exponents_end_at_once() {
    let mut ctx = ctx();
    ctx.set_step_limit(10_000);
    let started = std::time::Instant::now();
    for (src, error) in [
        ("pow(2, 1e9)", true),
        ("pow(1.0000001, 1e300)", true),
        ("pow(-3, 1e9 + 1)", true),
        ("pow(0.5, 1e9)", false),
        ("pow(2, -1e300)", false),
    ] {
        let arena = Arena::new();
        let r = evaluate(&expr(&arena, src.as_bytes()).ast, &ctx);
        assert_eq!(
            r.diagnostics.has_errors(),
            error,
            "{src}: {:?}",
            summaries(&r.diagnostics)
        );
        if !error {
            assert_eq!(r.value, Value::from(0), "{src}");
        }
    }
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}

/// Decoding counts the text it reads: 10 MB of JSON or CSV, or a long
/// date format, end at the step limit.
#[test]
fn decoding_big_text_is_bounded() {
    let json = format!("[{}1]", "1, ".repeat(3_000_000));
    stopped_by_the_step_limit("length(jsondecode(text))", &json, 100_000);
    let csv = format!("a,b\n{}", "1,2\n".repeat(3_000_000));
    stopped_by_the_step_limit("length(csvdecode(text))", &csv, 100_000);
    let spec = "YYYY-MM-DD ".repeat(1_000_000);
    stopped_by_the_step_limit("length(formatdate(text, \"2020-01-01T00:00:00Z\"))", &spec, 100_000);
}

/// JSON nested 10,001 deep decodes (as in the reference), one level more
/// is an error, and 1,000,000 levels are an error without recursion, on
/// a small stack.
#[test]
fn deep_json_is_guarded() {
    on_small_stack(|| {
        let f = hcl_native::stdlib::lookup("jsondecode").unwrap();
        let nested = |n: usize| Value::from(format!("{}{}", "[".repeat(n), "]".repeat(n)));
        assert!(f.call(&[nested(10_001)]).is_ok());
        assert!(f.call(&[nested(10_002)]).is_err());
        assert!(f.call(&[nested(1_000_000)]).is_err());
        let objects = format!("{}1{}", "{\"a\":".repeat(20_000), "}".repeat(20_000));
        assert!(f.call(&[Value::from(objects)]).is_err());
    });
}

// ---- issue 22: strings functions

/// The string, regular expression and `formatlist` functions whose result
/// can be far larger than their arguments (or whose work is more than
/// linear) end at the step limit: each expression here asks for 100 MB
/// or more, for hundreds of thousands of list elements, or for regular
/// expression programs that take long to compile (`\pL{100}`, some 200 ms
/// each) within a limit of 50,000 steps (some 800 KB of string), and comes
/// back quickly with the step-limit diagnostic.
#[test]
fn the_step_limit_ends_the_building_string_functions() {
    on_mib_stack(|| {
        let mut ctx = ctx();
        // 400 KB: searching it costs 25,000 steps, half the limit
        ctx.set_variable("big", Value::from("x".repeat(400_000))).unwrap();
        ctx.set_variable("lines", Value::from("x\n".repeat(1_000))).unwrap();
        ctx.set_step_limit(50_000);
        let every_match = format!("regex_replace(big, \"x\", \"{}\")", "$0".repeat(300));
        for src in [
            // a million spaces after each of a thousand line feeds
            "indent(1000000, lines)",
            // every character replaced by 300 bytes
            "replace(big, \"x\", format(\"%300s\", \"y\"))",
            // 300 bytes between every two characters
            "replace(big, \"\", format(\"%300s\", \"y\"))",
            // every match replaced by it 300 times
            every_match.as_str(),
            "regex_replace(lines, \"(?s).*\", \"${join(\"\", [for i in range(1000): \"$0\"])}\")",
            // 400,000 matches, and 400,001 empty ones
            "regexall(\"x\", big)",
            "regexall(\"\", big)",
            "regexall(\"(x)(x)?\", big)",
            // patterns whose programs take long to compile and search
            "[for i in range(100): regexall(\"\\\\pL{100}\", \"x\")]",
            "regexall(\"(.{1000}){9}\", big)",
            // 100 strings of a million bytes
            "formatlist(\"%1000000s\", range(100))",
            // a thousand copies of 2 KB
            "formatlist(\"%s%s\", [for i in range(1000): lines], \"x\")",
        ] {
            ends_at_step_limit(&ctx, src, std::time::Duration::from_secs(5));
        }
    });
}

/// The same functions at sizes within the limit give their whole answer.
#[test]
fn the_building_string_functions_within_the_step_limit() {
    let mut ctx = ctx();
    ctx.set_variable("lines", Value::from("x\n".repeat(1_000))).unwrap();
    ctx.set_step_limit(50_000);
    for (src, want) in [
        ("strlen(indent(100, lines))", 2_000 + 100 * 1_000),
        ("length(regexall(\"x\", lines))", 1_000),
        ("strlen(regex_replace(lines, \"x\", \"$0$0\"))", 3_000),
        ("strlen(replace(lines, \"\\n\", \"--\"))", 3_000),
        ("length(formatlist(\"%s\", split(\"\\n\", lines)))", 1_001),
    ] {
        let arena = Arena::new();
        let r = evaluate(&expr(&arena, src.as_bytes()).ast, &ctx);
        assert!(r.diagnostics.is_empty(), "{src}: {:?}", summaries(&r.diagnostics));
        assert_eq!(r.value, Value::from(want as i64), "{src}");
    }
}
