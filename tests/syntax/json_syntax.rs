//! The JSON syntax's parser and expressions beyond the golden files
//! (`grammar-tests/json-*`): limits, encodings, exact numbers, modes.

use hcl_native::eval::EvalContext;
use hcl_native::json_syntax::{parse, parse_with, Node};
use hcl_native::value::{Type, Value};
use hcl_native::{Number, ParseOptions};

fn summaries(src: &[u8]) -> Vec<String> {
    parse(src).diagnostics.iter().map(|d| d.summary().to_string()).collect()
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
    assert_eq!(d.code(), hcl_native::Code::NESTING_TOO_DEEP);
    assert!(d.detail().contains("ParseOptions::max_depth"), "{}", d.detail());
    assert_eq!(parsed.diagnostics.len(), 2, "{:?}", parsed.diagnostics); // and the root is lost
    assert!(parse(deep(100).as_bytes()).diagnostics.is_empty());
    crate::common::on_small_stack(|| {
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
    let got: Vec<&str> = parsed.diagnostics.iter().map(|d| d.summary()).collect();
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

/// With many properties (past the few compared one by one, so the names
/// are sorted to find repeats) the first of each name is kept, in order,
/// `"//"` comments skipped, and each repeat reported in source order
/// against its own first definition.
#[test]
fn just_attributes_of_many_properties_keeps_each_first_and_reports_repeats_in_order() {
    let mut src = String::from("{");
    for i in 0..40 {
        src.push_str(&format!("\n\"p{i}\": {i},"));
    }
    // repeats of p3 and p17 (p3 twice), and comments, which are not names
    src.push_str("\n\"p17\": 1,\n\"//\": \"c\",\n\"p3\": 2,\n\"//\": \"d\",\n\"p3\": 3\n}");
    let parsed = parse(src.as_bytes());
    let (attrs, diags) = parsed.ast.just_attributes();
    let names: Vec<&str> = attrs.iter().map(|a| a.name).collect();
    let expected: Vec<String> = (0..40).map(|i| format!("p{i}")).collect();
    assert_eq!(names, expected);
    let details: Vec<(String, u32)> = diags
        .as_slice()
        .iter()
        .map(|d| (d.detail().to_string(), d.subject().start))
        .collect();
    let line_of = |name: &str| src[..src.find(&format!("\"{name}\"")).unwrap()].matches('\n').count() + 1;
    let at = |name: &str, nth: usize| src.match_indices(&format!("\"{name}\"")).nth(nth).unwrap().0 as u32;
    // the `nth` definition of `name` reported against its first
    let repeat = |name: &str, nth: usize| {
        (
            format!(
                "The argument \"{name}\" was already set at {}:1. Each argument may be set only once.",
                line_of(name)
            ),
            at(name, nth),
        )
    };
    assert_eq!(details, [repeat("p17", 1), repeat("p3", 1), repeat("p3", 2)]);
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
    assert_eq!(diags.as_slice()[0].summary(), "Duplicate attribute definition");
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
                    d.subject().start <= d.subject().end && d.subject().end as usize <= src.len(),
                    "{d:?}"
                );
            }
            let (attrs, _) = parsed.ast.just_attributes();
            for a in attrs {
                let _ = parsed.ast.evaluate(a.value, &EvalContext::new());
            }
        }
        let parsed = parse(&base[..cut]);
        assert!(parsed.diagnostics.iter().all(|d| d.subject().end as usize <= cut));
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

/// Schema-driven JSON bodies: the spec's label nesting and arrays, and the
/// reference's diagnostics. Each expected answer is what the reference's
/// `hcldec` reports for the same input under the spec
/// `object { attr "name" { type = string, required = true }
/// block_map "foo" { labels = ["a", "b"], object { attr "child_attr" {...} } } }`
/// (summary and subject bytes).
#[test]
fn json_bodies_through_a_schema_agree_with_hcldec() {
    use hcl_native::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
    let top = BodySchema::new(
        vec![AttributeSchema {
            name: "name".into(),
            required: true,
        }],
        vec![BlockHeaderSchema {
            type_name: "foo".into(),
            label_names: vec!["a".into(), "b".into()],
        }],
    )
    .unwrap();
    let inner = BodySchema::new(
        vec![AttributeSchema {
            name: "child_attr".into(),
            required: false,
        }],
        vec![],
    )
    .unwrap();
    // (input, diagnostics as (summary, start, end), blocks as labels)
    type Case<'s> = (&'s str, Vec<(&'s str, u32, u32)>, Vec<[&'s str; 2]>);
    let cases: Vec<Case<'_>> = vec![
        (
            r#"{"name": "x", "foo": {"bar": {"baz": {"child_attr": "1"}}, "boz": {"baz": [{"child_attr": "2"}]}}}"#,
            vec![],
            vec![["bar", "baz"], ["boz", "baz"]],
        ),
        (
            r#"{"nmae": "x"}"#,
            vec![
                ("Missing required argument", 12, 13),
                ("Extraneous JSON object property", 1, 7),
            ],
            vec![],
        ),
        (
            r#"{"name": "x", "name": "y"}"#,
            vec![("Duplicate argument", 14, 20)],
            vec![],
        ),
        (
            r#"{"name": "x", "foo": {}}"#,
            vec![("Missing block label", 21, 22)],
            vec![],
        ),
        (
            r#"{"name": "x", "foo": 1}"#,
            vec![("Incorrect JSON value type", 21, 22), ("Missing block label", 21, 22)],
            vec![],
        ),
        (
            r#"{"name": "x", "foo": {"bar": 1}}"#,
            vec![("Incorrect JSON value type", 29, 30), ("Missing block label", 29, 30)],
            vec![],
        ),
        (
            r#"{"name": "x", "foo": [1]}"#,
            vec![("Incorrect JSON value type", 22, 23), ("Missing block label", 21, 22)],
            vec![],
        ),
        (r#"{"name": "x", "foo": {"bar": {"baz": null}}}"#, vec![], vec![]),
        (
            r#"{"name": "x", "foo": {"bar": {"baz": {"child_atr": "1"}}}}"#,
            vec![("Extraneous JSON object property", 38, 49)],
            vec![["bar", "baz"]],
        ),
        (
            r#"{"name": "x", "foo": {"bar": {"baz": [1]}}}"#,
            vec![("Incorrect JSON value type", 38, 39)],
            vec![["bar", "baz"]],
        ),
    ];
    for (src, want_diags, want_blocks) in cases {
        let file = parse(src.as_bytes()).ast;
        let (content, mut diags) = file.body().content(&top);
        let blocks: Vec<[&str; 2]> = content.blocks.iter().map(|b| [b.labels[0].0, b.labels[1].0]).collect();
        assert_eq!(blocks, want_blocks, "{src}");
        for b in &content.blocks {
            let (_, inner_diags) = b.body.content(&inner);
            diags.extend(inner_diags);
        }
        let got: Vec<(&str, u32, u32)> = diags
            .iter()
            .map(|d| (d.summary(), d.subject().start, d.subject().end))
            .collect();
        assert_eq!(got, want_diags, "{src}");
    }
    // the "did you mean" and the duplicate's first definition
    let file = parse(br#"{"nmae": "x"}"#).ast;
    let (_, diags) = file.body().content(&top);
    assert_eq!(
        diags.as_slice()[1].detail(),
        "No argument or block type is named \"nmae\". Did you mean \"name\"?"
    );
}

/// The spec's four ways of writing blocks of a type with two labels give
/// the same blocks, in order; partial processing hides what it took.
#[test]
fn the_specs_block_examples_read_alike() {
    use hcl_native::body::{AttributeSchema, BlockHeaderSchema, BodySchema};
    let schema = BodySchema::new(
        vec![],
        vec![BlockHeaderSchema {
            type_name: "foo".into(),
            label_names: vec!["a".into(), "b".into()],
        }],
    )
    .unwrap();
    let forms = [
        r#"{"foo": {"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}, "boz": {"baz": {"child_attr": "baz"}}}}"#,
        r#"{"foo": [{"bar": {"baz": {"child_attr": "baz"}, "boz": {"child_attr": "baz"}}}, {"boz": {"baz": [{"child_attr": "baz"}]}}]}"#,
        r#"{"foo": {"bar": {"baz": {"child_attr": "baz"}}, "bar": {"boz": {"child_attr": "baz"}}, "boz": {"baz": {"child_attr": "baz"}}}}"#,
    ];
    for src in forms {
        let file = parse(src.as_bytes()).ast;
        let (content, diags) = file.body().content(&schema);
        assert!(diags.is_empty(), "{src}: {diags:?}");
        let labels: Vec<String> = content
            .blocks
            .iter()
            .map(|b| format!("{}/{}", b.labels[0].0, b.labels[1].0))
            .collect();
        assert_eq!(labels, ["bar/baz", "bar/boz", "boz/baz"], "{src}");
    }
    let file = parse(br#"{"a": 1, "b": 2, "foo": {"x": {"y": {}}}}"#).ast;
    let first = BodySchema::new(
        vec![AttributeSchema {
            name: "a".into(),
            required: true,
        }],
        vec![],
    )
    .unwrap();
    let (content, rest, diags) = file.body().partial_content(&first);
    assert!(diags.is_empty() && content.attributes.contains_key("a"));
    let (attrs, diags) = rest.just_attributes();
    assert!(diags.is_empty());
    assert_eq!(attrs.iter().map(|a| a.name).collect::<Vec<_>>(), ["b", "foo"]);
    let (content, diags) = rest.content(&schema);
    assert_eq!(
        diags.as_slice()[0].code(),
        hcl_native::Code::EXTRANEOUS_JSON_OBJECT_PROPERTY
    );
    assert_eq!(content.blocks.len(), 1);
}

/// The same configuration written in both syntaxes reads alike through
/// `body::AnyFile`: the same attributes with the same values, the same
/// blocks with the same labels, at every level.
#[test]
fn both_syntaxes_read_alike_through_any_body() {
    use hcl_native::body::{AnyBody, AnyFile, AttributeSchema, BlockHeaderSchema, BodySchema};
    use hcl_native::Arena;
    let attr = |n: &str| AttributeSchema {
        name: n.into(),
        required: false,
    };
    let block = |t: &str, labels: &[&str]| BlockHeaderSchema {
        type_name: t.into(),
        label_names: labels.iter().map(|l| l.to_string()).collect(),
    };
    let top = BodySchema::new(
        vec![attr("region"), attr("tags")],
        vec![block("resource", &["type", "name"]), block("locals", &[])],
    )
    .unwrap();
    let inner = BodySchema::new(vec![attr("size"), attr("name")], vec![block("disk", &[])]).unwrap();
    let native = br#"
region = "eu-${env}"
tags   = { team = "web", n = 1 + 1 }
resource "bucket" "logs" {
  size = 10 * 1024
  disk {
    size = 1
  }
  disk {
    size = 2
  }
}
resource "bucket" "data" {
  name = upper("d")
}
locals {
  size = [for x in [1, 2] : x * 2]
}
"#;
    let json = br#"{
  "region": "eu-${env}",
  "tags": {"team": "web", "n": "${1 + 1}"},
  "resource": {
    "bucket": {
      "logs": {"size": "${10 * 1024}", "disk": [{"size": 1}, {"size": 2}]},
      "data": {"name": "${upper(\"d\")}"}
    }
  },
  "locals": {"size": "${[for x in [1, 2] : x * 2]}"}
}"#;
    let mut ctx = hcl_native::eval::EvalContext::with_standard_functions();
    ctx.set_variable("env", "prod".into()).unwrap();
    fn read(
        body: &AnyBody<'_, '_>,
        schema: &BodySchema,
        inner: &BodySchema,
        ctx: &hcl_native::eval::EvalContext<'_>,
        out: &mut Vec<String>,
    ) {
        let (content, diags) = body.content(schema);
        assert!(diags.is_empty(), "{diags:?}");
        for (name, a) in &content.attributes {
            out.push(format!("{name} = {:?}", a.expr.evaluate(ctx).value));
        }
        for b in &content.blocks {
            let labels: Vec<&str> = b.labels.iter().map(|l| l.0).collect();
            out.push(format!("{} {labels:?} {{", b.type_name));
            read(&b.body, inner, inner, ctx, out);
            out.push("}".into());
        }
    }
    let arena = Arena::new();
    let mut seen = Vec::new();
    for (name, src) in [("main.tf", &native[..]), ("main.tf.json", &json[..])] {
        let parsed = AnyFile::parse(&arena, name, src);
        assert!(parsed.diagnostics.is_empty(), "{name}: {:?}", parsed.diagnostics);
        let mut out = Vec::new();
        read(&parsed.ast.body(), &top, &inner, &ctx, &mut out);
        seen.push(out);
    }
    assert_eq!(seen[0], seen[1]);
    assert!(seen[0].len() > 10, "{:?}", seen[0]);
}

/// The static analyses over a JSON expression, through `AnyExpression`:
/// an array is a static list, an object a static map (its names string
/// templates), a string holding a traversal a static traversal with its
/// ranges in the file; anything else is the same "Invalid expression" as
/// in the native syntax.
#[test]
fn static_analysis_of_json_expressions() {
    use hcl_native::body::{AnyExpression, AnyFile};
    use hcl_native::Arena;
    let arena = Arena::new();
    let src = br#"{"l": [1, "${x}"], "m": {"${k}": 1, "b": 2}, "t": "var.list[0].id", "k": "string", "n": 3}"#;
    let file = AnyFile::parse(&arena, "x.json", src).ast;
    let (attrs, _) = file.body().just_attributes();
    let expr = |name: &str| attrs.iter().find(|a| a.name == name).unwrap().expr;
    let list = expr("l").static_list().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[1].variables()[0].root, "x");
    let map = expr("m").static_map().unwrap();
    let mut ctx = EvalContext::new();
    ctx.set_variable("k", "key".into()).unwrap();
    let keys: Vec<Value> = map.iter().map(|(k, _)| k.evaluate(&ctx).value).collect();
    assert_eq!(keys, [Value::from("key"), Value::from("b")]);
    let t = expr("t").static_traversal().unwrap();
    assert_eq!(t.root, "var");
    assert_eq!(t.steps.len(), 3);
    let at = src.windows(4).position(|w| w == b"list").unwrap() as u32;
    assert_eq!(t.steps[0].span().start, at - 1); // `.list`
    assert_eq!(expr("k").keyword(), Some("string".to_string()));
    assert_eq!(expr("t").keyword(), None);
    for (name, analysis) in [("n", 0), ("n", 1), ("n", 2), ("l", 2)] {
        let e: AnyExpression<'_, '_> = expr(name);
        let err = match analysis {
            0 => e.static_list().map(|_| ()).unwrap_err(),
            1 => e.static_map().map(|_| ()).unwrap_err(),
            _ => e.static_traversal().map(|_| ()).unwrap_err(),
        };
        assert_eq!(err.code(), hcl_native::Code::INVALID_EXPRESSION);
        assert_eq!(err.subject(), e.span());
    }
}

/// `json#static-call`: a JSON string holding a call is read as a native
/// expression (not a template); its name is placed in the file, its
/// arguments evaluate, and anything else is "A static function call is
/// required." at the value. The native syntax gives the same call.
#[test]
fn static_calls_of_json_strings() {
    use hcl_native::body::AnyFile;
    use hcl_native::Arena;
    let arena = Arena::new();
    let json = AnyFile::parse(
        &arena,
        "a.json",
        br#"{"f": "lookup(var.m, \"k\", 1)", "n": 1, "t": "a.b", "x": "${f(1)}"}"#,
    )
    .ast;
    let native = AnyFile::parse(&arena, "a.hcl", b"f = lookup(var.m, \"k\", 1)\n").ast;
    let (attrs, _) = json.body().just_attributes();
    let (native_attrs, _) = native.body().just_attributes();
    let scratch = Arena::new();
    let call = attrs[0].expr.static_call(&scratch).unwrap();
    let native_call = native_attrs[0].expr.static_call(&scratch).unwrap();
    assert_eq!(call.name, "lookup");
    assert_eq!(call.name, native_call.name);
    assert_eq!(call.args.len(), 3);
    assert_eq!(call.name_span, hcl_native::Span::new(7, 13));
    assert_eq!(call.offset, 7);
    let ctx = EvalContext::new();
    assert_eq!(call.args[2].evaluate(&ctx).value, Value::from(1));
    assert_eq!(
        call.args[1].evaluate(&ctx).value,
        native_call.args[1].evaluate(&ctx).value
    );
    for a in &attrs[1..] {
        let e = a.expr.static_call(&scratch).unwrap_err();
        assert_eq!(e.detail(), "A static function call is required.");
        assert_eq!(e.subject(), a.expr.span());
    }
}
