//! The JSON syntax's parser and expressions beyond the golden files
//! (`grammar-tests/json-*`): limits, encodings, exact numbers, modes.

use hcl_native::eval::EvalContext;
use hcl_native::json_syntax::{parse, parse_with, Node};
use hcl_native::value::{Type, Value};
use hcl_native::{Number, ParseOptions};

mod common;

fn summaries(src: &[u8]) -> Vec<String> {
    parse(src).diagnostics.iter().map(|d| d.summary.clone()).collect()
}

/// Nesting deeper than `ParseOptions::max_depth` is one error that names
/// the option; a raised limit parses, evaluates and drops a tree a hundred
/// thousand levels deep on a small stack.
#[test]
fn nesting_is_limited_and_never_overflows_the_stack() {
    let deep = |n: usize| format!("{{\"a\": {}1{}}}", "[".repeat(n), "]".repeat(n));
    let src = deep(200);
    let parsed = parse(src.as_bytes());
    let d = &parsed.diagnostics.as_slice()[0];
    assert_eq!(d.summary, "Nesting too deep");
    assert!(d.detail.contains("ParseOptions::max_depth"), "{}", d.detail);
    assert_eq!(parsed.diagnostics.len(), 2, "{:?}", parsed.diagnostics); // and the root is lost
    assert!(parse(deep(100).as_bytes()).diagnostics.is_empty());
    common::on_small_stack(|| {
        let n = 100_000;
        let src = format!("{{\"a\": {}1{}}}", "[".repeat(n), "]".repeat(n));
        let opts = ParseOptions {
            max_depth: n as u32 + 10,
            ..Default::default()
        };
        let parsed = parse_with(src.as_bytes(), &opts);
        assert!(
            parsed.diagnostics.is_empty(),
            "{:?}",
            parsed.diagnostics.as_slice().first()
        );
        let file = parsed.ast;
        let (attrs, _) = file.just_attributes();
        let v = file.evaluate(attrs[0].value, &EvalContext::new()).value;
        assert!(v.is_known());
    });
}

/// Invalid UTF-8 and a byte order mark are reported as in the native
/// syntax; the rest of the file is still read.
#[test]
fn encoding_problems_are_reported_and_the_rest_is_kept() {
    let mut src = b"\xEF\xBB\xBF{\"a\": \"x".to_vec();
    src.extend_from_slice(b"\xFF\"}");
    let parsed = parse(&src);
    let got: Vec<&str> = parsed.diagnostics.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(got, ["Byte order mark not permitted", "Invalid character encoding"]);
    let (attrs, _) = parsed.ast.just_attributes();
    assert_eq!(attrs[0].name, "a");
    let v = parsed.ast.evaluate(attrs[0].value, &EvalContext::new()).value;
    assert_eq!(v, Value::from("x\u{FFFD}"));
}

/// Numbers are exact, whatever their length; one too large for the
/// model is an error.
#[test]
fn numbers_are_exact() {
    let big = format!(
        "{{\"a\": 0.{}1, \"b\": -12345678901234567890123456789e-20}}",
        "0".repeat(400)
    );
    let parsed = parse(big.as_bytes());
    assert!(parsed.diagnostics.is_empty());
    let (attrs, _) = parsed.ast.just_attributes();
    let ctx = EvalContext::new();
    let a = parsed.ast.evaluate(attrs[0].value, &ctx).value;
    let expected: Number = format!("0.{}1", "0".repeat(400)).parse().unwrap();
    assert_eq!(a, Value::number(expected));
    let b = parsed.ast.evaluate(attrs[1].value, &ctx).value;
    assert_eq!(b, Value::number("-123456789.01234567890123456789".parse().unwrap()));
    assert_eq!(summaries(b"{\"a\": 1e99999999999}"), ["Invalid JSON number"]);
}

/// In literal-only mode strings are their text: no template is read.
#[test]
fn strings_are_literal_in_literal_only_mode() {
    let parsed = parse(br#"{"a": "${x} and %{ if y }"}"#);
    let (attrs, _) = parsed.ast.just_attributes();
    let r = parsed.ast.evaluate(attrs[0].value, &EvalContext::literal_only());
    assert!(r.diagnostics.is_empty());
    assert_eq!(r.value, Value::from("${x} and %{ if y }"));
    let full = parsed.ast.evaluate(attrs[0].value, &EvalContext::new());
    assert!(full.diagnostics.has_errors());
}

/// The tree keeps every property, repeats and order included, and the
/// range of every node; `null` is the null of the dynamic type.
#[test]
fn the_tree_keeps_order_repeats_and_ranges() {
    let src = br#"{"b": 1, "a": [true, null], "b": {"c": "d"}}"#;
    let parsed = parse(src);
    let Node::Object(o) = &parsed.ast.root else { panic!() };
    let names: Vec<&str> = o.properties.iter().map(|p| &*p.name.value).collect();
    assert_eq!(names, ["b", "a", "b"]);
    for p in &o.properties {
        let text = std::str::from_utf8(&src[p.value.span().range()]).unwrap();
        assert!(matches!(text, "1" | "[true, null]" | "{\"c\": \"d\"}"), "{text}");
    }
    let (attrs, diags) = parsed.ast.just_attributes();
    assert_eq!(attrs.len(), 2);
    assert_eq!(diags.as_slice()[0].summary, "Duplicate attribute definition");
    let v = parsed.ast.evaluate(attrs[1].value, &EvalContext::new()).value;
    assert_eq!(v, Value::tuple(vec![Value::from(true), Value::null(Type::Dynamic)]));
}

/// Arbitrary bytes never panic, and every range is inside the input.
#[test]
fn mangled_inputs_do_not_panic() {
    let base = br#"{"a": [1, {"b": "${x}"}], "c": "\u00e9", "d": -1.5e3, "e": null}"#;
    for cut in 0..base.len() {
        for replacement in [b'"', b'{', b'[', b'\\', b':', b',', 0xFF, b'x'] {
            let mut src = base.to_vec();
            src[cut] = replacement;
            let parsed = parse(&src);
            for d in parsed.diagnostics.iter() {
                assert!(
                    d.subject.start <= d.subject.end && d.subject.end as usize <= src.len(),
                    "{d:?}"
                );
            }
            let (attrs, _) = parsed.ast.just_attributes();
            for a in attrs {
                let _ = parsed.ast.evaluate(a.value, &EvalContext::new());
            }
        }
        let parsed = parse(&base[..cut]);
        assert!(parsed.diagnostics.iter().all(|d| d.subject.end as usize <= cut));
    }
}

/// `variables()` of a JSON expression: the traversals of the templates in
/// its strings, property names included, with ranges in the file. The
/// expected ranges are what the reference's `hcldec --var-refs` prints for
/// the same input under a spec `object { attr "a" { type = any } }`.
#[test]
fn variables_of_json_expressions_agree_with_hcldec_var_refs() {
    use hcl_native::analysis::TraversalStep;
    use hcl_native::Span;
    let src = br#"{"a": ["${var.x}", {"${k}": "${f(y.z[0])}"}, "lit"]}"#;
    let file = parse(src).ast;
    let (attrs, _) = file.just_attributes();
    let got: Vec<(String, Span, Vec<Span>)> = file
        .variables(attrs[0].value)
        .into_iter()
        .map(|t| {
            let steps = t
                .steps
                .iter()
                .map(|s| match s {
                    TraversalStep::Attr { span, .. } | TraversalStep::Index { span, .. } => *span,
                })
                .collect();
            (t.root, t.root_span, steps)
        })
        .collect();
    let s = Span::new;
    assert_eq!(
        got,
        [
            ("var".to_string(), s(10, 13), vec![s(13, 15)]),
            ("k".to_string(), s(23, 24), vec![]),
            ("y".to_string(), s(33, 34), vec![s(34, 36), s(36, 39)]),
        ]
    );
}
