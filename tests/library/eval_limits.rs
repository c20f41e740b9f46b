//! Evaluation of hostile input: nesting at the parser's limit on a small
//! stack, values nested far deeper than any stack, and `for` expressions
//! built to multiply work, which the step limit stops.

use hcl_native::eval::{evaluate, EvalContext, Evaluated, StepBudget};
use hcl_native::value::{Type, Value};
use hcl_native::{parse_expression, Arena};

use crate::common::on_small_stack;

/// `src`, which must parse cleanly, evaluated with the standard functions.
fn evaluate_std(src: &str) -> Evaluated {
    let arena = Arena::new();
    let p = parse_expression(&arena, src.as_bytes());
    assert!(p.diagnostics.is_empty(), "{src}: {:?}", p.diagnostics);
    evaluate(&p.ast, &EvalContext::with_standard_functions())
}

/// The evaluation of `src` stops with one error, the step limit naming its
/// field, and an unknown value.
fn assert_stops_at_the_step_limit(src: &str) {
    let r = evaluate_std(src);
    let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{src}: {errors:?}");
    assert_eq!(
        errors[0].code(),
        hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED,
        "{src}"
    );
    assert!(errors[0].detail().contains("EvalLimits::max_steps"), "{src}");
    assert!(!r.value.is_known(), "{src}");
}

#[test]
fn nesting_at_the_parser_limit_evaluates_on_a_small_stack() {
    on_small_stack(|| {
        // Each nesting construct as deep as the parser accepts it.
        for (open, close) in [
            ("[", "]"),
            ("(", ")"),
            ("{a = ", "}"),
            ("\"${", "}\""),
            ("[for x in [1]: ", "]"),
        ] {
            let arena = Arena::new();
            let nested = |n: usize| format!("{}1{}", open.repeat(n), close.repeat(n));
            let deepest = (1..=130)
                .rev()
                .find(|n| parse_expression(&arena, nested(*n).as_bytes()).diagnostics.is_empty())
                .unwrap();
            assert!(deepest >= 60, "{open}: only {deepest} levels parse");
            let src = nested(deepest);
            let parsed = parse_expression(&arena, src.as_bytes());
            let r = evaluate(&parsed.ast, &EvalContext::with_standard_functions());
            assert!(r.diagnostics.is_empty(), "{open}: {:?}", r.diagnostics);
            assert!(r.value.is_wholly_known());
        }
    });
}

#[test]
fn deep_values_flow_through_every_construct() {
    on_small_stack(|| {
        let deep = (0..3_000).fold(Value::from(1), |v, _| Value::tuple(vec![v]));
        let mut ctx = EvalContext::with_standard_functions();
        ctx.set_variable("deep", deep.clone()).unwrap();
        for src in [
            "deep == deep",
            "[for x in deep: x]",
            "true ? deep : deep",
            "deep[*]",
            "tolist(deep)",
            "length(deep)",
            "jsonencode(deep) != \"\"",
        ] {
            let arena = Arena::new();
            let r = evaluate(&parse_expression(&arena, src.as_bytes()).ast, &ctx);
            assert!(r.diagnostics.is_empty(), "{src}: {:?}", r.diagnostics);
            assert!(r.value.is_known(), "{src}");
        }
    });
}

#[test]
fn work_multiplying_for_expressions_stop_at_the_step_limit() {
    // 1024^3 elements: a billion steps, stopped after ten million.
    assert_stops_at_the_step_limit("[for a in range(1024): [for b in range(1024): [for c in range(1024): a + b + c]]]");
}

/// Strings cost steps by their size, so that one repeated by nested loops
/// (or by one call over a list holding it many times, or by wide `format`
/// verbs) meets the step limit long before it outgrows memory: each of
/// these asks for 10 GB in a few thousand ordinary steps.
#[test]
fn strings_multiplied_by_loops_and_functions_stop_at_the_step_limit() {
    let cases = [
        // join of joins: 10 kB, 10 MB, 10 GB
        "strlen([for t in [for s in [join(\"\", [for i in range(1000): \"xxxxxxxxxx\"])]: join(\"\", [for a in range(1000): s])]: join(\"\", [for a in range(1000): t])][0])",
        // the same with template directives
        "strlen([for t in [for s in [\"${join(\"\", [for i in range(1000): \"xxxxxxxxxx\"])}\"]: \"%{for a in range(1000)}${s}%{endfor}\"]: \"%{for a in range(1000)}${t}%{endfor}\"][0])",
        // one call over one 10 MB string repeated a thousand times
        "length([for s in [format(\"%10000000d\", 1)]: jsonencode([for i in range(1000): s])])",
        "length([for s in [format(\"%10000000d\", 1)]: join(\",\", [for i in range(1000): s])])",
        // a thousand wide verbs in one call
        &format!("strlen(format(\"{}\"{}))", "%10000000d".repeat(1000), ", 1".repeat(1000)),
        // a list of a million elements repeated a thousand times by concat
        "length([for l in [concat([for i in range(1000): [for j in range(1000): j]]...)]: concat([for i in range(1000): l]...)])",
    ];
    for src in cases {
        assert_stops_at_the_step_limit(src);
    }
    // The same at a thousandth of the size stays under the limit.
    let r = evaluate_std(
        "strlen([for s in [join(\"\", [for i in range(1000): \"xxxxxxxxxx\"])]: join(\"\", [for a in range(1000): s])][0])",
    );
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.value, hcl_native::value::Value::from(10_000_000));
}

/// `join` finds its result's size as it builds it. A null element is still
/// the error when the parts before it already pass the step limit.
#[test]
fn a_join_past_the_step_limit_reports_a_null_element_first() {
    let many = "[for s in [format(\"%10000000d\", 1)]: [for i in range(1000): s]][0]";
    let r = evaluate_std(&format!("join(\"\", {many}, [null])"));
    let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code(), hcl_native::Code::INVALID_FUNCTION_ARGUMENT);
    assert!(
        errors[0].detail().contains("element 0 of list 2 is null"),
        "{}",
        errors[0].detail()
    );
    assert_stops_at_the_step_limit(&format!("join(\"\", {many}, [\"x\"])"));
}

#[test]
fn a_lower_step_limit_applies_to_child_contexts() {
    let mut root = EvalContext::with_standard_functions();
    root.set_step_limit(100);
    let child = root.child();
    let arena = Arena::new();
    let expr = parse_expression(&arena, b"[for x in range(200): x]").ast;
    let r = evaluate(&expr, &child);
    assert_eq!(
        r.diagnostics.as_slice()[0].code(),
        hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED
    );
    let small = parse_expression(&arena, b"[for x in range(10): x]").ast;
    assert!(evaluate(&small, &child).diagnostics.is_empty());
}

#[test]
fn the_step_limit_is_reported_even_when_passed_in_a_branch_not_taken() {
    assert_stops_at_the_step_limit(
        "true ? 1 : length([for a in range(1000): [for b in range(1000): [for c in range(20): c]]])",
    );
}

#[test]
fn template_for_directives_count_their_iterations() {
    let src = "%{for a in range(100)}%{for b in range(100)}%{for c in range(100)}%{for d in range(100)}x%{endfor}%{endfor}%{endfor}%{endfor}";
    let arena = Arena::new();
    let t = hcl_native::parse_template(&arena, src.as_bytes()).ast;
    let r = hcl_native::eval::evaluate_template(&t, &EvalContext::with_standard_functions());
    assert_eq!(
        r.diagnostics.as_slice()[0].code(),
        hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED
    );
}

#[test]
fn errors_are_capped_with_a_count() {
    // 300,000 errors from a short input: the first 10,000 are kept.
    let r = evaluate_std("[for x in range(300): [for y in range(1000): x.foo]]");
    let ds = r.diagnostics.as_slice();
    assert_eq!(ds.len(), 10_001);
    assert_eq!(ds[0].code(), hcl_native::Code::UNSUPPORTED_ATTRIBUTE);
    assert_eq!(ds[10_000].code(), hcl_native::Code::TOO_MANY_DIAGNOSTICS);
    assert!(
        ds[10_000]
            .detail()
            .starts_with("290000 more diagnostics were found after this point and are not shown"),
        "{}",
        ds[10_000].detail()
    );
    // A million: each costs steps (finding 18), so the step limit stops
    // the evaluation first, and says so after the count.
    let r = evaluate_std("[for x in range(1000): [for y in range(1000): x.foo]]");
    let summaries: Vec<&str> = r.diagnostics.iter().map(|d| d.summary()).collect();
    assert_eq!(summaries.len(), 10_002);
    assert_eq!(
        summaries[10_000..],
        ["Too many diagnostics", "Evaluation step limit reached"]
    );
}

/// Big numbers cost steps in proportion to their size (found by fuzzing:
/// nested splats over arithmetic on `1e-3300` took seconds within the step
/// limit, each operation on thousands of words counting as one step).
#[test]
fn arithmetic_on_big_numbers_counts_toward_the_step_limit() {
    let arena = Arena::new();
    let ctx = EvalContext::with_standard_functions();
    for body in [
        "1e9000 % 1e-3000",
        "1e5000 * 1e4000 / 3",
        "\"n=${1e9000}\"",
        "abs(1e9000)",
        "max([1e9000]...)",
    ] {
        // 250,000 operations on numbers of about 500 words: twelve times the
        // default limit if each costs its words, a fortieth of it if one step
        let src = format!("[for a in range(250): [for b in range(1000): {body}]]");
        let r = evaluate(&parse_expression(&arena, src.as_bytes()).ast, &ctx);
        let errors: Vec<_> = r.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert_eq!(
            errors.len(),
            1,
            "{body}: {} errors, first {:?}",
            errors.len(),
            errors.first()
        );
        assert_eq!(
            errors[0].code(),
            hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED,
            "{body}"
        );
        // The same count on machine-sized numbers is well within the limit.
        let small = format!(
            "[for a in range(250): [for b in range(1000): {}]]",
            body.replace("000", "")
        );
        let r = evaluate(&parse_expression(&arena, small.as_bytes()).ast, &ctx);
        assert!(r.diagnostics.is_empty(), "{small}: {:?}", r.diagnostics);
    }
}

/// Every limit is a field of `EvalLimits`, and its error names the field
/// and how to raise it.
#[test]
fn each_limit_error_names_the_limit_and_how_to_raise_it() {
    use hcl_native::eval::EvalLimits;
    let arena = Arena::new();
    let run = |src: &str, limits: EvalLimits| {
        let mut ctx = EvalContext::with_standard_functions();
        ctx.set_limits(limits);
        evaluate(&parse_expression(&arena, src.as_bytes()).ast, &ctx).diagnostics
    };
    let defaults = EvalLimits::default();
    assert_eq!(
        (defaults.max_steps, defaults.max_diagnostics, defaults.max_number_bits),
        (10_000_000, 10_000, 32_768)
    );

    let d = run(
        "[for x in range(100): x]",
        EvalLimits {
            max_steps: 50,
            ..defaults
        },
    );
    let last = d.as_slice().last().unwrap();
    assert_eq!(last.code(), hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED);
    assert!(last.detail().contains("more than 50 steps") && last.detail().contains("EvalLimits::max_steps"));
    assert!(last.detail().contains("set_step_limit") && last.detail().contains("--max-steps"));

    let d = run(
        "[for x in range(10): x + true]",
        EvalLimits {
            max_diagnostics: 3,
            ..defaults
        },
    );
    assert_eq!(d.len(), 4);
    let last = d.as_slice().last().unwrap();
    assert_eq!(last.code(), hcl_native::Code::TOO_MANY_DIAGNOSTICS);
    assert!(last.detail().starts_with("7 more diagnostics were found") && last.detail().contains(" is 3;"));
    assert!(last.detail().contains("EvalLimits::max_diagnostics") && last.detail().contains("set_limits"));

    let limits = EvalLimits {
        max_number_bits: 100,
        ..defaults
    };
    assert!(run("2e29", limits).is_empty(), "below 2^100");
    for src in ["2e30", "1e29 * 2e1", "-(2e30)", "0 - 2e30"] {
        let d = run(src, limits);
        assert_eq!(d.as_slice()[0].summary(), "Number out of range", "{src}");
        assert!(
            d.as_slice()[0].detail().contains("EvalLimits::max_number_bits (100)"),
            "{src}"
        );
    }
}

/// `src`, which must parse cleanly, evaluated with the standard functions
/// and a limit of `steps`.
fn evaluate_with_step_limit(src: &str, steps: u64) -> Evaluated {
    let arena = Arena::new();
    let p = parse_expression(&arena, src.as_bytes());
    assert!(p.diagnostics.is_empty(), "{src}: {:?}", p.diagnostics);
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_step_limit(steps);
    evaluate(&p.ast, &ctx)
}

/// `body` evaluated with `levels` of sharing: `a` is `range(n)`, and each
/// level (`b`, `c`...) a tuple of `n` references to the one before; `a2`,
/// `b2`... are the same built again, equal but not shared with them.
/// Building each costs about `n` steps a level; walking one visits `n` to
/// the power `levels` numbers.
fn shared_levels(n: usize, levels: usize, body: &str) -> String {
    let mut src = format!("[for a in [range({n})]: [for a2 in [tolist([for x in a: x])]: ");
    let names = ["a", "b", "c", "d", "e", "f"];
    for k in 1..levels {
        let (prev, next) = (names[k - 1], names[k]);
        src += &format!(
            "[for {next} in [[for i in range({n}): {prev}]]: [for {next}2 in [[for i in range({n}): {prev}2]]: "
        );
    }
    // each `for` makes a tuple of one element: `[0]` takes it out
    src + body + &"][0]".repeat(2 * levels)
}

/// Comparing a value with itself, or with one that holds the same shared
/// parts, does not walk the shared parts (finding 10): 300 x 300 references
/// to one list of 300 numbers compare within a limit of 400,000 steps, where
/// walking them would visit 27 million numbers. The conditional's result
/// types, equal but built apart, are compared each shared part once, and
/// the result is not rebuilt.
#[test]
fn values_sharing_parts_compare_without_walking_them() {
    let src = shared_levels(
        300,
        3,
        "[c == c, c == [for i in range(300): b], a == a2, length(true ? c2 : c) == 300]",
    );
    let r = evaluate_with_step_limit(&src, 400_000);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.value, Value::tuple(vec![true.into(); 4]));
}

/// Equal values built separately, each sharing its parts: comparing,
/// ordering (a set sorts its members) and identity compare each pair of
/// shared parts once (see `memo`), so 300 to the third (27 million)
/// occurrences of numbers compare within 20,000 steps. A difference deep
/// inside is found as well.
#[test]
fn comparing_equal_copies_that_share_parts_compares_each_pair_of_parts_once() {
    for (body, want) in [
        ("c == c2", Value::from(true)),
        ("c != c2", Value::from(false)),
        ("[c, c] == [c2, c2]", Value::from(true)),
        ("length(toset([c, c2, c]))", Value::from(1)),
        (
            "[for x in [[for i in a2: i == 299 ? -1 : i]]: [for y in [[for i in range(300): x]]: c == [for i in range(300): y]][0]][0]",
            Value::from(false),
        ),
        ("{p = c, q = b} == {p = c2, q = b2}", Value::from(true)),
    ] {
        let r = evaluate_with_step_limit(&shared_levels(300, 3, body), 20_000);
        assert!(r.diagnostics.is_empty(), "{body}: {:?}", r.diagnostics);
        assert_eq!(r.value, want, "{body}");
    }
    // identity, as applications and tests use it
    let r = evaluate_with_step_limit(&shared_levels(300, 3, "[c, c2]"), 20_000);
    let pair = r.value.elements().expect("a tuple of two");
    assert!(pair[0] == pair[1]);
}

/// Converting a value whose parts are shared, where the target type is not
/// its own (here `tolist` converts each element to the type both unify to,
/// equal to each one's own but built apart), converts each shared part once
/// and shares the result: 40 to the fifth (10^8) occurrences of numbers
/// convert within 20,000 steps, about what building the values costs.
/// Unification, conversion safety and converted types are memoised alike.
#[test]
fn converting_values_that_share_parts_converts_each_shared_part_once() {
    for (body, want) in [
        ("length(tolist([e, e2]))", Value::from(2)),
        ("length(tolist([e2, e]))", Value::from(2)),
        ("tolist([e, e2])[1][39][38][37][36][35]", Value::from(35)),
        ("length(concat(tolist(d), tolist(d2)))", Value::from(80)),
        ("length(true ? e : tolist(e2))", Value::from(40)),
    ] {
        let r = evaluate_with_step_limit(&shared_levels(40, 5, body), 20_000);
        assert!(r.diagnostics.is_empty(), "{body}: {:?}", r.diagnostics);
        assert_eq!(r.value, want, "{body}");
    }
    // parts of different depths have no common type: said at once
    let r = evaluate_with_step_limit(&shared_levels(40, 5, "tolist([e, e2[0]])"), 20_000);
    let errors: Vec<_> = r.diagnostics.iter().map(|d| d.summary()).collect();
    assert_eq!(errors, ["Invalid function argument"]);
}

/// A repeated key of an object `for` is found when the keys are sorted,
/// after every element; its error still goes where the element was met,
/// so the cap on errors keeps the same first ones as if it had been
/// reported then.
#[test]
fn repeated_for_keys_are_capped_in_the_order_they_were_met() {
    use hcl_native::eval::EvalLimits;
    let arena = Arena::new();
    // Elements 2 and 4 repeat a key; 3 and 5 fail in their value.
    let src = r#"{for i, v in ["b", "a", "b", "z", "a", "c"]: v => (i == 3 || i == 5 ? i.nope : i)}"#;
    let run = |max_diagnostics| {
        let mut ctx = EvalContext::with_standard_functions();
        ctx.set_limits(EvalLimits {
            max_diagnostics,
            ..EvalLimits::default()
        });
        let d = evaluate(&parse_expression(&arena, src.as_bytes()).ast, &ctx).diagnostics;
        d.as_slice().iter().map(|d| d.summary().to_string()).collect::<Vec<_>>()
    };
    let (dup, bad, many) = ("Duplicate object key", "Unsupported attribute", "Too many diagnostics");
    assert_eq!(run(10), [dup, bad, dup, bad]);
    assert_eq!(run(3), [dup, bad, dup, many]);
    assert_eq!(run(2), [dup, bad, many]);
    assert_eq!(run(1), [dup, many]);
}

/// `levels` of `[for v in [INNER]: SHAPE]` around `leaf`, where SHAPE holds
/// `v` twice: each level doubles the occurrences of what is inside, and
/// the value shared is the `for`'s one-element tuple, not the pair inside
/// it (finding 11: holders of one part were left out of the memos, so
/// walks through them visited every occurrence).
fn doubled_levels(levels: usize, shape: &str, leaf: &str) -> String {
    (0..levels).fold(leaf.to_string(), |inner, _| format!("[for v in [{inner}]: {}]", shape))
}

/// Runs `f` on a thread and waits at most a minute for it: a walk that
/// visits 2^40 occurrences without counting them never ends, and this
/// turns that into a failure instead of a hung test.
fn within_a_minute<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(f());
    });
    receive
        .recv_timeout(std::time::Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what}: still walking after a minute"))
}

/// Values whose sharing doubles at each of 40 levels through one-element
/// holders: comparing, converting, unifying and building sets of them
/// looks at each shared part once, within 20,000 steps, for tuples,
/// objects, lists, maps and sets at every level.
#[test]
fn sharing_through_one_element_holders_is_walked_once() {
    for shape in [
        "[v, v]",
        "{p = v, q = v}",
        "tolist([v, v])",
        "tomap({p = v, q = v})",
        "toset([[v, 1], [v, 2]])",
    ] {
        let (a, b, c) = (
            doubled_levels(40, shape, "1"),
            doubled_levels(40, shape, "2"),
            doubled_levels(40, shape, "\"s\""),
        );
        for (body, want) in [
            (format!("{a} == {b}"), Value::from(false)),
            (format!("{a} == {a}"), Value::from(true)),
            (format!("length(tolist([{a}, {b}]))"), Value::from(2)),
            (format!("length(toset([{a}, {b}, {a}]))"), Value::from(2)),
            (format!("length(toset([{a}, {c}]))"), Value::from(2)),
            (format!("length(true ? {a} : {c})"), Value::from(1)),
            (format!("length(concat([{a}], [{b}]))"), Value::from(2)),
            (format!("length(tomap({{x = {a}, y = {b}}}))"), Value::from(2)),
        ] {
            let what = format!("{shape}: {}", &body[..body.len().min(60)]);
            let r = within_a_minute(&what, move || evaluate_with_step_limit(&body, 20_000));
            assert!(r.diagnostics.is_empty(), "{what}: {:?}", r.diagnostics);
            assert_eq!(r.value, want, "{what}");
        }
    }
}

/// Messages quote at most 100 characters of a string: 1,000 failed
/// conversions of one shared 100,000-byte string make 1,000 short
/// diagnostics (whole, they were 100 MB), each giving the string's length.
#[test]
fn messages_quote_the_start_of_long_strings() {
    let src = r#"[for s in [join("", [for j in range(1000): join("", [for k in range(100): "x"])])]: [for i in range(1000): tonumber(s)]]"#;
    let r = evaluate_std(src);
    assert_eq!(r.diagnostics.len(), 1000);
    let quoted = format!("\"{}\"… (100000 bytes)", "x".repeat(100));
    for d in r.diagnostics.iter() {
        assert_eq!(
            d.detail(),
            format!(
                "Invalid value for \"v\" parameter: cannot convert {quoted} to number; given string must be a decimal representation of a number."
            )
        );
    }
    // a short string is quoted whole, as the reference quotes it
    let r = evaluate_std(r#"tonumber("12x")"#);
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.detail().contains("cannot convert \"12x\" to number")),
        "{:?}",
        r.diagnostics
    );
}

/// Ten heavy expressions of 85 bytes each: alone, each takes the whole
/// default step limit (about 0.4 s).
const HEAVY: &str = "length([for i in range(1000): [for j in range(1000): [for k in range(10): 1]]])";

/// Evaluations that share a step budget draw on it together: the one that
/// passes it stops there, and every later one stops at its first step, so
/// that many expressions cost the budget once, not once each.
#[test]
fn evaluations_sharing_a_budget_spend_it_together() {
    let arena = Arena::new();
    let cheap = parse_expression(&arena, b"[for i in range(100): i]").ast;
    let heavy = parse_expression(&arena, HEAVY.as_bytes()).ast;
    let mut ctx = EvalContext::with_standard_functions();
    let budget = StepBudget::new(100_000);
    ctx.share_step_budget(budget.clone());

    let first = evaluate(&cheap, &ctx);
    assert!(first.diagnostics.is_empty(), "{:?}", first.diagnostics);
    let spent = budget.spent();
    assert!((100..1_000).contains(&spent), "{spent}");
    assert_eq!(budget.remaining(), 100_000 - spent);

    // the heavy one has what is left, and says so
    let r = evaluate(&heavy, &ctx);
    let [d] = r.diagnostics.as_slice() else {
        panic!("{:?}", r.diagnostics)
    };
    assert_eq!(d.code(), hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED);
    assert!(
        d.detail().starts_with(&format!(
            "Evaluating this expression takes more than the {} steps left of the step budget it shares with other evaluations (100000 steps in all",
            100_000 - spent
        )),
        "{}",
        d.detail()
    );
    assert!(
        d.detail().contains("StepBudget") && d.detail().contains("--max-steps"),
        "{}",
        d.detail()
    );
    assert_eq!(budget.remaining(), 0);
    assert!(!r.value.is_known());

    // later ones, however cheap, are not evaluated; a child shares it too
    let child = ctx.child();
    for c in [&ctx, &child] {
        let r = evaluate(&cheap, c);
        let [d] = r.diagnostics.as_slice() else {
            panic!("{:?}", r.diagnostics)
        };
        assert_eq!(d.code(), hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED);
        assert!(
            d.detail().starts_with(
                "Not evaluated: the evaluations before this one spent the whole step budget they share (100000 steps"
            ),
            "{}",
            d.detail()
        );
        assert_eq!(d.subject(), cheap.span());
        assert!(!r.value.is_known());
    }

    // a child sharing a fresh budget of its own is not held back
    let mut fresh = ctx.child();
    fresh.share_step_budget(StepBudget::new(100_000));
    assert!(evaluate(&cheap, &fresh).diagnostics.is_empty());
}

/// With a budget larger than the context's own limit, each evaluation
/// still stops at that limit, and the message names it.
#[test]
fn the_context_limit_still_bounds_each_evaluation_within_a_budget() {
    let arena = Arena::new();
    let heavy = parse_expression(&arena, HEAVY.as_bytes()).ast;
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_step_limit(5_000);
    let budget = StepBudget::new(1_000_000);
    ctx.share_step_budget(budget.clone());
    let mut each = 0;
    for round in 1..=3u64 {
        let r = evaluate(&heavy, &ctx);
        let [d] = r.diagnostics.as_slice() else {
            panic!("{:?}", r.diagnostics)
        };
        assert!(
            d.detail()
                .starts_with("Evaluating this expression takes more than 5000 steps"),
            "{}",
            d.detail()
        );
        assert!(d.detail().contains("EvalLimits::max_steps"), "{}", d.detail());
        // charged what it counted, the last step's work included
        if round == 1 {
            each = budget.spent();
            assert!((5_001..10_000).contains(&each), "{each}");
        }
        assert_eq!(budget.spent(), each * round);
    }
}

#[cfg(feature = "serde")]
/// Decoding a body shares one budget of the context's step limit between
/// its attributes: ten heavy attributes cost the limit once.
#[test]
fn decoding_a_body_shares_one_budget_between_its_attributes() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Heavy {
        a: u64,
        b: u64,
        c: u64,
        d: u64,
        e: u64,
        f: u64,
        g: u64,
        h: u64,
        i: u64,
        j: u64,
    }
    let src: String = "abcdefghij".chars().map(|n| format!("{n} = {HEAVY}\n")).collect();
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_step_limit(200_000);
    let err = within_a_minute("decoding", move || {
        hcl_native::de::from_str::<Heavy>(&src, &ctx).expect_err("the budget runs out")
    });
    let details: Vec<&str> = err.diagnostics().iter().map(|d| d.detail()).collect();
    assert_eq!(details.len(), 10, "{details:?}");
    assert!(
        details[0].starts_with("Evaluating this expression takes more than 200000 steps"),
        "{details:?}"
    );
    for d in &details[1..] {
        assert!(
            d.starts_with(
                "Not evaluated: the evaluations before this one spent the whole step budget they share (200000 steps"
            ),
            "{d}"
        );
    }
    // a context that shares a budget of its own keeps it
    let mut ctx = EvalContext::with_standard_functions();
    let budget = StepBudget::new(300_000);
    ctx.share_step_budget(budget.clone());
    assert!(hcl_native::de::from_str::<u64>("", &ctx).is_err());
    let _ = hcl_native::de::from_str::<Heavy>("a = 1\n", &ctx);
    assert!(budget.spent() > 0);
}

/// Objects with different attributes unify to a map (the reference's
/// unification), so collecting n objects of one distinct attribute each is
/// linear: n map elements. (When they unified to the union of their
/// attributes, converting each to it built n² attributes: 8,000 such
/// objects, 89 bytes of source, once took 12 s and 5 GB.)
#[test]
fn objects_of_distinct_attributes_collect_in_linear_time() {
    let distinct = |n: usize| {
        format!(
            "tolist(concat([for i in range({}): [for j in range(1000): {{\"a${{i*1000+j}}\" = 1}}]]...))",
            n / 1000
        )
    };
    for n in [1000, 2000, 8000] {
        let r = evaluate_with_step_limit(&format!("length({})", distinct(n)), 2_000_000);
        assert!(r.diagnostics.is_empty(), "{n}: {:?}", r.diagnostics);
        assert_eq!(r.value, Value::from(n as i64));
    }
    let r = evaluate_with_step_limit(&distinct(1000), 2_000_000);
    assert_eq!(r.value.ty(), Type::list(Type::map(Type::Number)));
}

#[test]
fn printing_a_fraction_costs_steps_wherever_it_is_printed() {
    // A fraction like 1/7 takes about 4 µs to print (the shortest digits
    // of its 512-bit value), some hundred steps' worth; a decimal like 0.5
    // prints at once. A thousand of each, under a limit of 50,000 steps.
    for print in [
        "tostring(X)",
        "upper(X)",
        "format(\"%v\", X)",
        "format(\"%g\", X)",
        "jsonencode(X)",
        "\"${X}!\"",
        "{(X) = 1}",
        "{for k in [X]: k => 1}",
        "{\"1\" = 1}[X]",
    ] {
        let decimals = format!("[for i in range(1000): {}]", print.replace('X', "(i * 2 + 1) / 2"));
        let r = evaluate_with_step_limit(&decimals, 50_000);
        let errors: Vec<_> = r
            .diagnostics
            .iter()
            .filter(|d| d.code() == hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED)
            .collect();
        assert!(errors.is_empty(), "{decimals}: {errors:?}");

        let fractions = format!("[for i in range(1000): {}]", print.replace('X', "(i * 7 + 1) / 7"));
        let r = evaluate_with_step_limit(&fractions, 50_000);
        assert!(
            r.diagnostics
                .iter()
                .any(|d| d.code() == hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED),
            "{fractions}: {:?}",
            r.diagnostics
        );
    }
}

/// `[6, 4][*][...[6, 4][*][inner]...]`, `levels` deep: each splat
/// evaluates its index for each element, and again for the result's type
/// once one failed, so an error inside is made 4^levels times.
fn splats_over(levels: usize, inner: &str) -> String {
    (0..levels).fold(inner.to_string(), |e, _| format!("[6, 4][*][{e}]"))
}

#[test]
fn errors_cost_steps_however_often_nested_splats_repeat_them() {
    // Fuzzing (eval_expr) found 920 bytes that took 84 s: errors under
    // nested splats, each making a message and a "did you mean" over
    // every name, cost no steps. 4^6 = 4,096 errors of an unknown
    // variable: 20 steps each, so a limit of 50,000 is passed.
    let r = evaluate_with_step_limit(&splats_over(6, "x"), 50_000);
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code() == hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED),
        "{:?}",
        r.diagnostics.len()
    );
    // Looking for a near name costs a step per name: 4,096 looks through
    // 100,000 variables pass the default limit.
    let src = splats_over(6, "zz");
    let r = within_a_minute("a hint over 100,000 names, 4,096 times", move || {
        let arena = Arena::new();
        let p = parse_expression(&arena, src.as_bytes());
        let mut ctx = EvalContext::with_standard_functions();
        for i in 0..100_000 {
            ctx.set_variable(format!("v{i}"), Value::from(i)).unwrap();
        }
        let r = evaluate(&p.ast, &ctx);
        r.diagnostics.into_iter().map(|d| d.code()).collect::<Vec<_>>()
    });
    assert!(
        r.contains(&hcl_native::Code::EVALUATION_STEP_LIMIT_REACHED),
        "{}",
        r.len()
    );
    // The hint itself is unchanged.
    let r = evaluate_std("lenght([1])");
    assert!(
        r.diagnostics[0].detail().contains("Did you mean \"length\"?"),
        "{:?}",
        r.diagnostics
    );
}
