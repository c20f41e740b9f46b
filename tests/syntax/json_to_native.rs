//! `json_syntax::to_native`, the JSON syntax written as native syntax:
//! focused cases (block shapes, strings, keys, numbers, comments, what
//! cannot be written), strings generated at random, and the round trip
//! native → `from_native` → `to_native` → native over every file of
//! `../shared/corpus` the reference accepts, with the block decisions taken
//! from the original file: the result parses without a diagnostic and
//! gives the same body (attributes whose expressions evaluate to the same
//! values with the same diagnostics, blocks with the same types and labels
//! in the same order).

use hcl_native::ast::{Body, BodyItem};
use hcl_native::body::AnyFile;
use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::json_syntax::{parse, to_native, BlockShapes};
use hcl_native::value::Value;
use hcl_native::{parse_config, Arena};
use proptest::prelude::*;

fn no_blocks(_: &[&str], _: &[&[&str]]) -> Option<usize> {
    None
}

/// The native text of `json` (which must parse), its diagnostics' summaries.
fn convert(json: &str, blocks: &BlockShapes<'_>) -> (String, Vec<String>) {
    let parsed = parse(json.as_bytes());
    assert!(parsed.diagnostics.is_empty(), "{json}: {:?}", parsed.diagnostics);
    let (text, diags) = to_native(&parsed.ast, blocks);
    assert_native(&text);
    (text, diags.iter().map(|d| d.summary().to_string()).collect())
}

/// The native text of `json`, converted without a diagnostic.
fn native(json: &str, blocks: &BlockShapes<'_>) -> String {
    let (text, diags) = convert(json, blocks);
    assert!(diags.is_empty(), "{json}: {diags:?}");
    text
}

/// `text` parses as native syntax without a diagnostic.
fn assert_native(text: &str) {
    let arena = Arena::new();
    let parsed = parse_config(&arena, text.as_bytes());
    assert!(
        parsed.diagnostics.is_empty(),
        "not valid native syntax:\n{text}\n{:?}",
        parsed.diagnostics
    );
}

fn context() -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_variable("name", Value::from("World")).unwrap();
    ctx.set_variable("n", Value::from(3)).unwrap();
    ctx.set_variable("flag", Value::from(true)).unwrap();
    ctx.set_variable("list", Value::tuple(vec!["a".into(), "b".into()]))
        .unwrap();
    ctx
}

/// Each root attribute's value and diagnostics' summaries.
type Evaluations = Vec<(String, Value, Vec<String>)>;

/// The root attributes of `json` and of its native text, evaluated.
fn both_evaluated(json: &str) -> (Evaluations, Evaluations, String) {
    let ctx = context();
    let parsed = parse(json.as_bytes());
    assert!(parsed.diagnostics.is_empty(), "{json}: {:?}", parsed.diagnostics);
    let (attrs, diags) = parsed.ast.just_attributes();
    assert!(diags.is_empty(), "{diags:?}");
    let from_json = attrs
        .iter()
        .map(|a| {
            let e = parsed.ast.evaluate(a.value, &ctx);
            let summaries = e.diagnostics.iter().map(|d| d.summary().to_string()).collect();
            (a.name.to_string(), e.value, summaries)
        })
        .collect();
    let (text, _) = to_native(&parsed.ast, &no_blocks);
    let arena = Arena::new();
    let file = parse_config(&arena, text.as_bytes());
    assert!(file.diagnostics.is_empty(), "{text}\n{:?}", file.diagnostics);
    let from_native = file
        .ast
        .body
        .attributes()
        .map(|a| {
            let e = evaluate(&a.expr, &ctx);
            let summaries = e.diagnostics.iter().map(|d| d.summary().to_string()).collect();
            (a.name.name.to_string(), e.value, summaries)
        })
        .collect();
    (from_json, from_native, text)
}

/// `json`'s root attributes and those of its native text have the same
/// names and evaluate to the same values with the same diagnostics.
fn same_values(json: &str) -> String {
    let (a, b, text) = both_evaluated(json);
    assert_eq!(a, b, "{json}\n=>\n{text}");
    text
}

/// spec: json#blocks
#[test]
fn labels_are_nested_objects_and_each_property_a_label() {
    let json = r#"{
        "resource": {
            "aws_s3_bucket": {"logs": {"acl": "private"}, "data": {}},
            "aws_instance": {"web": {"ami": "abc"}}
        }
    }"#;
    let text = native(json, &|p, _| (p == ["resource"]).then_some(2));
    assert_eq!(
        text,
        "resource \"aws_s3_bucket\" \"logs\" {\n  acl = \"private\"\n}\n\n\
         resource \"aws_s3_bucket\" \"data\" {}\n\n\
         resource \"aws_instance\" \"web\" {\n  ami = \"abc\"\n}\n"
    );
}

/// Arrays at a label level or at the body level: blocks in order, repeats
/// of one label kept; `null` and `[]` are no block.
///
/// spec: json#blocks
#[test]
fn arrays_repeat_blocks_at_any_level() {
    let json = r#"{
        "svc": [
            {"web": {"port": 80}},
            {"web": [{"port": 81}, {"port": 82}], "db": {}}
        ],
        "none": null,
        "empty": [],
        "step": [{"n": 1}, {"n": 2}]
    }"#;
    let text = native(json, &|p, _| match p {
        ["svc"] => Some(1),
        ["none"] | ["empty"] | ["step"] => Some(0),
        _ => None,
    });
    assert_eq!(
        text,
        "svc \"web\" {\n  port = 80\n}\n\nsvc \"web\" {\n  port = 81\n}\n\nsvc \"web\" {\n  port = 82\n}\n\n\
         svc \"db\" {}\n\nstep {\n  n = 1\n}\n\nstep {\n  n = 2\n}\n"
    );
}

/// A body given as an array of objects (the root, a block's body) is one
/// body: their properties in order.
///
/// spec: json#structural-elements
#[test]
fn bodies_given_as_arrays_are_one_body() {
    let json = r#"[
        {"a": 1, "blk": {"x": 1}},
        {"b": 2, "blk": [[{"y": 1}, {"z": 2}]]}
    ]"#;
    let text = native(json, &|p, _| (p == ["blk"]).then_some(0));
    assert_eq!(
        text,
        "a = 1\n\nblk {\n  x = 1\n}\n\nb = 2\n\nblk {\n  y = 1\n  z = 2\n}\n"
    );
}

/// The callback is given the block types on the way to a property (not
/// the labels), and each nested body is written indented.
///
/// spec: json#blocks
#[test]
fn nested_blocks_are_decided_by_their_path() {
    let json = r#"{"job": {"web": {
        "group": {"g": {"count": 2, "task": {"t": {"driver": "docker", "config": {"image": "nginx"}}}}},
        "config": {"x": 1}
    }}}"#;
    let asked = std::cell::RefCell::new(Vec::new());
    let text = native(json, &|p, labels| {
        asked.borrow_mut().push(format!("{} {labels:?}", p.join("/")));
        match p {
            ["job"] | ["job", "group"] | ["job", "group", "task"] => Some(1),
            ["job", "group", "task", "config"] => Some(0),
            _ => None,
        }
    });
    assert_eq!(
        text,
        r#"job "web" {
  group "g" {
    count = 2

    task "t" {
      driver = "docker"

      config {
        image = "nginx"
      }
    }
  }

  config = {
    x = 1
  }
}
"#
    );
    assert_eq!(
        asked.into_inner(),
        [
            "job []",
            "job/group [[\"web\"]]",
            "job/config [[\"web\"]]",
            "job/group/count [[\"web\"], [\"g\"]]",
            "job/group/task [[\"web\"], [\"g\"]]",
            "job/group/task/driver [[\"web\"], [\"g\"], [\"t\"]]",
            "job/group/task/config [[\"web\"], [\"g\"], [\"t\"]]",
            "job/group/task/config/image [[\"web\"], [\"g\"], [\"t\"], []]"
        ]
    );
}

/// A decision may depend on the labels of the enclosing blocks (as a
/// Terraform resource's schema depends on its type): one name is a block
/// in one resource and an argument in another.
///
/// spec: json#blocks
#[test]
fn decisions_may_depend_on_labels() {
    let json = r#"{"resource": {
        "aws_identitystore_user": {"u": {"name": {"given_name": "Ada"}}},
        "aws_ssoadmin_permission_set": {"p": {"name": "Admins"}}
    }}"#;
    let text = native(json, &|p, labels| match p {
        ["resource"] => Some(2),
        ["resource", "name"] => (labels[0][0] == "aws_identitystore_user").then_some(0),
        _ => None,
    });
    assert_eq!(
        text,
        "resource \"aws_identitystore_user\" \"u\" {\n  name {\n    given_name = \"Ada\"\n  }\n}\n\n\
         resource \"aws_ssoadmin_permission_set\" \"p\" {\n  name = \"Admins\"\n}\n"
    );
}

/// Literal strings: quotes, backslashes, control characters and Unicode
/// escaped as a quoted template must; `$` and `%` alone need nothing.
///
/// spec: json#strings
#[test]
fn literal_strings_keep_every_character() {
    let text = same_values(
        r#"{
        "quote": "say \"hi\"",
        "slash": "C:\\dir\\n",
        "controls": "a\tb\rc\u0001d\u007f",
        "unicode": "h\u00e9llo \u2603 \ud83d\ude00 e\u0301",
        "dollar": "5$ and 100% $ { % {",
        "one_line": "ends with a newline\n",
        "empty": ""
    }"#,
    );
    assert!(text.contains(r#"quote = "say \"hi\"""#), "{text}");
    assert!(text.contains(r#"slash = "C:\\dir\\n""#), "{text}");
    assert!(text.contains(r#"controls = "a\tb\rc\u0001d\u007f""#), "{text}");
    assert!(
        text.contains("unicode = \"h\u{e9}llo \u{2603} \u{1f600} e\u{301}\""),
        "{text}"
    );
    assert!(text.contains(r#"dollar = "5$ and 100% $ { % {""#), "{text}");
    assert!(text.contains(r#"one_line = "ends with a newline\n""#), "{text}");
}

/// Several lines ending in a newline are a heredoc; without the final
/// newline, or in a tuple, the lines are escapes. A heredoc's marker is
/// not in its text.
///
/// spec: json#strings, heredocTemplate
#[test]
fn multi_line_strings_are_heredocs_when_they_read_back_alike() {
    let text = same_values(
        r##"{
        "script": "#!/bin/sh\necho \"${name}\" \\\n  done\n",
        "plain": "line 1\nline 2\n",
        "no_final_newline": "a\nb",
        "marker": "EOT\nEOT1\n",
        "in_tuple": ["a\nb\n"],
        "in_object": {"k": "x\ny\n"},
        "crlf": "a\r\nb\r\n"
    }"##,
    );
    assert!(
        text.contains("script = <<EOT\n#!/bin/sh\necho \"${name}\" \\\n  done\nEOT\n"),
        "{text}"
    );
    assert!(text.contains("plain = <<EOT\nline 1\nline 2\nEOT\n"), "{text}");
    assert!(text.contains(r#"no_final_newline = "a\nb""#), "{text}");
    assert!(text.contains("marker = <<EOT2\nEOT\nEOT1\nEOT2\n"), "{text}");
    assert!(text.contains(r#"in_tuple = ["a\nb\n"]"#), "{text}");
    assert!(text.contains("  k = <<EOT\nx\ny\nEOT\n"), "{text}");
    assert!(text.contains(r#"crlf = "a\r\nb\r\n""#), "{text}");
}

/// Templates: the sequences as written, the literal text escaped for a
/// quoted template (its `$${` and `%%{` escapes kept), strip markers kept;
/// a lone interpolation is its bare expression, in parentheses when it
/// spans lines it cannot span bare.
///
/// spec: json#strings, hclsyntax#template-interpolation-unwrapping
#[test]
fn templates_keep_their_sequences_and_unwrap_alone() {
    let text = same_values(
        r#"{
        "greeting": "Hello, ${name}! \"${upper(\"q\")}\" \\ $${literal} %%{literal}",
        "directive": "%{ if flag }\"yes\"\\%{ else }no%{ endif }, %{ for v in list }[${v}]%{ endfor }",
        "strip": "a  ${~ n ~}  b %{~ if flag ~} c %{~ endif ~}",
        "strip_to_nothing": "   ${~ n}",
        "dollar_before": "$ ${~ n}",
        "number": "${n + 1}",
        "spaced": "${  n  }",
        "stripped_alone": "${~n~}",
        "string": "${\"a\\\"b\"}",
        "multi_line_call": "${max(\n  n,\n  2\n)}",
        "multi_line_operator": "${n +\n  1}",
        "heredoc_inside": "${<<EOT\nhi ${name}\nEOT\n}",
        "comment_inside": "${n # three\n}",
        "nested_quotes": "x${format(\"%s\", \"${name}\")}",
        "directive_lines": "%{ if\n  flag\n}y%{ else\n}n%{ endif }|%{ for k, v in\n list }${k}=${v}%{ endfor\n}",
        "strip_escaped": "a\t\r\n\u000b\u0085\u2028${~ n ~}\u0085\t\r\nb%{ if flag ~}\r\n\u000b%{~ endif }"
    }"#,
    );
    assert!(
        text.contains(r#"greeting = "Hello, ${name}! \"${upper("q")}\" \\ $${literal} %%{literal}""#),
        "{text}"
    );
    assert!(
        text.contains(
            r#"directive = "%{ if flag }\"yes\"\\%{ else }no%{ endif }, %{ for v in list }[${v}]%{ endfor }""#
        ),
        "{text}"
    );
    assert!(text.contains("number = n + 1\n"), "{text}");
    assert!(text.contains("spaced = n\n"), "{text}");
    assert!(text.contains("stripped_alone = n\n"), "{text}");
    assert!(text.contains("strip_to_nothing = \"   ${~ n}\""), "{text}");
    assert!(text.contains("multi_line_call = max(\n  n,\n  2\n)\n"), "{text}");
    assert!(text.contains("multi_line_operator = (n +\n  1\n)\n"), "{text}");
    assert!(text.contains("heredoc_inside = <<EOT\nhi ${name}\nEOT\n"), "{text}");
    assert!(text.contains("comment_inside = n # three\n"), "{text}");
}

/// Objects and arrays: keys that are identifiers bare, others quoted (the
/// keywords a key cannot be bare included), template keys kept; tuples on
/// one line when short.
///
/// spec: json#objects, json#arrays
#[test]
fn objects_and_arrays_are_constructors() {
    let text = same_values(
        r#"{
        "obj": {
            "plain": 1, "with space": 2, "dash-ed": 3, "9lives": 4, "": 5,
            "for": 6, "null": 7, "true": 8, "if": 9, "${name}": 10, "k-${n}": 11,
            "quote\"d": 12, "//": 13, "$${x}": 14, "é": 15
        },
        "nested": {"a": [1, {"b": []}, {}], "c": {"d": {"e": null}}},
        "tuple": [1, "two", true, null, -3.5e2],
        "long": ["aaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccc", "dddddddddddddddddddd"],
        "templates": ["${n}", "a${n}", "${max(\n1,\n2)}", "${<<EOT\nx\nEOT\n}"],
        "empty": [[], {}]
    }"#,
    );
    for line in [
        "  plain = 1\n",
        "  \"with space\" = 2\n",
        "  dash-ed = 3\n",
        "  \"9lives\" = 4\n",
        "  \"\" = 5\n",
        "  \"for\" = 6\n",
        "  \"null\" = 7\n",
        "  \"true\" = 8\n",
        "  if = 9\n",
        "  \"${name}\" = 10\n",
        "  \"k-${n}\" = 11\n",
        "  \"quote\\\"d\" = 12\n",
        "  \"//\" = 13\n",
        "  \"$${x}\" = 14\n",
        "  é = 15\n",
        "tuple = [1, \"two\", true, null, -3.5e2]\n",
        "long = [\n  \"aaaaaaaaaaaaaaaaaaaa\",\n",
        "empty = [\n  [],\n  {},\n]\n",
    ] {
        assert!(text.contains(line), "{line:?} not in\n{text}");
    }
}

/// Numbers exactly as written: long, exponents, negative.
///
/// spec: json#numbers
#[test]
fn numbers_are_written_exactly() {
    let text = same_values(
        r#"{
        "long": 123456789012345678901234567890.123456789012345678901234567890,
        "tiny": 1e-400,
        "big": 2.5E+300,
        "negative": -0.000000000000000000001,
        "zero": -0,
        "in_tuple": [18446744073709551617, 0.1]
    }"#,
    );
    assert!(
        text.contains("long = 123456789012345678901234567890.123456789012345678901234567890\n"),
        "{text}"
    );
    assert!(
        text.contains("tiny = 1e-400\n") && text.contains("big = 2.5E+300\n"),
        "{text}"
    );
    assert!(text.contains("in_tuple = [18446744073709551617, 0.1]\n"), "{text}");
}

/// `"//"` properties of a body are `#` comments where they stand (a
/// string's lines each a comment), other values are left out; elsewhere
/// `"//"` is an ordinary name.
///
/// spec: json#structural-elements
#[test]
fn comment_properties_are_comments() {
    let json = r#"{
        "//": "Top.\nSecond line.",
        "a": 1,
        "//": {"not": "text"},
        "blk": {"//": "Inside.", "x": {"//": "a key"}},
        "//": "Before b.\r\n\u0007",
        "b": 2
    }"#;
    let text = native(json, &|p, _| (p == ["blk"]).then_some(0));
    assert_eq!(
        text,
        "# Top.\n# Second line.\na = 1\n\nblk {\n  # Inside.\n  x = {\n    \"//\" = \"a key\"\n  }\n}\n\n\
         # Before b.\n# \u{fffd}\nb = 2\n"
    );
}

/// What the JSON's shape or the native syntax does not allow is reported
/// and left out, as a reader with the implied schema reports it; the rest
/// is written and parses.
///
/// spec: json#blocks, json#attributes
#[test]
fn what_cannot_be_written_is_reported() {
    let json = r#"{
        "ok": 1,
        "bad name": 2,
        "ok": 3,
        "tmpl": "${",
        "key": {"${": 1},
        "nested": [1, "${)}"],
        "blk": "not a body",
        "labelled": {"a": 1},
        "empty_label": {},
        "multi": {"x": [1, {"y": 2}]},
        "9blk": {},
        "after": true
    }"#;
    let (text, diags) = convert(json, &|p, _| match p {
        ["blk"] | ["9blk"] => Some(0),
        ["labelled"] | ["empty_label"] => Some(1),
        ["multi"] => Some(1),
        _ => None,
    });
    assert_eq!(
        text,
        "ok = 1\n\nmulti \"x\" {}\n\nmulti \"x\" {\n  y = 2\n}\n\nafter = true\n"
    );
    assert_eq!(
        diags,
        [
            "Duplicate argument",
            "Incorrect JSON value type",
            "Incorrect JSON value type",
            "Missing block label",
            "Invalid argument name",
            "Missing expression",
            "Unclosed template interpolation sequence",
            "Missing expression",
            "Unclosed template interpolation sequence",
            "Invalid expression",
            "Incorrect JSON value type",
            "Invalid block type name",
        ],
        "{text}"
    );
}

/// A file the JSON parser recovered from: what it could not read is left
/// out, with a diagnostic, never a panic.
#[test]
fn unreadable_values_are_left_out() {
    let parsed = parse(br#"{"a": [1, tru], "b": 2, "c": {"d": }}"#);
    assert!(!parsed.diagnostics.is_empty());
    let (text, diags) = to_native(&parsed.ast, &no_blocks);
    assert_native(&text);
    assert!(text.contains("b = 2\n"), "{text}");
    assert!(!text.contains("a ="), "{text}");
    assert!(diags.iter().any(|d| d.summary() == "Invalid value"), "{diags:?}");
}

/// Deep nesting of values and of blocks (with the parser's limit raised)
/// is written without overflowing the stack.
#[test]
fn deep_nesting_never_overflows_the_stack() {
    crate::common::on_small_stack(|| {
        let n = 3000;
        let json = format!(
            "{{\"a\": {}\"${{1}}\"{}, \"b\": {}1{}}}",
            "[".repeat(n),
            "]".repeat(n),
            "{\"k\": ".repeat(n),
            "}".repeat(n)
        );
        let opts = hcl_native::ParseOptions {
            max_depth: 2 * n as u32 + 10,
            ..Default::default()
        };
        let parsed = hcl_native::json_syntax::parse_with(json.as_bytes(), &opts);
        assert!(parsed.diagnostics.is_empty());
        let (text, diags) = to_native(&parsed.ast, &no_blocks);
        assert!(diags.is_empty());
        assert!(text.starts_with("a = [\n  [\n    [\n"), "{}", &text[..40]);
        assert!(text.contains("b = {\n  k = {\n    k = {\n"));

        let blocks = format!("{}{{}}{}", "{\"blk\": ".repeat(n), "}".repeat(n));
        let parsed = hcl_native::json_syntax::parse_with(blocks.as_bytes(), &opts);
        let (text, diags) = to_native(&parsed.ast, &|p, _| (p.last() == Some(&"blk")).then_some(0));
        assert!(diags.is_empty());
        assert!(text.starts_with("blk {\n  blk {\n    blk {\n"), "{}", &text[..40]);
    });
}

/// A callback asking for absurd label counts is no problem.
#[test]
fn any_label_count_is_safe() {
    let (text, diags) = convert(r#"{"b": {"x": {"y": {}}}}"#, &|p, _| (p == ["b"]).then_some(usize::MAX));
    assert_native(&text);
    assert_eq!(text, "");
    assert_eq!(diags, ["Missing block label"]);
}

/// Labels are literal text: everything escaped, `${` and `%{` too.
///
/// spec: json#blocks, StringLit
#[test]
fn labels_keep_every_character() {
    let labels = [
        "plain",
        "with space",
        "q\"uote",
        "back\\slash",
        "line\nbreak",
        "${not}",
        "%{not}",
        "$${",
        "$",
        "tab\there",
        "é\u{1}",
        "",
    ];
    for label in labels {
        let json = format!("{{\"b\": {{{}: {{}}}}}}", serde_json::to_string(label).unwrap());
        let text = native(&json, &|p, _| (p == ["b"]).then_some(1));
        let arena = Arena::new();
        let file = parse_config(&arena, text.as_bytes()).ast;
        let block = file.body.blocks().next().unwrap();
        assert_eq!(block.labels[0].value(), label, "{text}");
    }
}

/// Pieces of templates, combined at random.
fn arb_template() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        " ",
        "  ",
        "\n",
        "\r\n",
        "\t",
        "\"",
        "\\",
        "\\n",
        "$",
        "%",
        "{",
        "}",
        "~",
        "${",
        "%{",
        "$${",
        "%%{",
        "${n}",
        "${~ n}",
        "${n ~}",
        "${name}",
        "${\"q\\\"\"}",
        "%{ if flag }",
        "%{~ if flag ~}",
        "%{ else }",
        "%{ endif }",
        "%{~ endif }",
        "%{ for v in list }",
        "%{ endfor }",
        "${v}",
        "EOT",
        "é",
        "\u{1}",
        "\u{2028}",
        "${max(\n1,\n2)}",
        "${n +\n1}",
        "${<<EOT\nx\nEOT\n}",
        "${n # c\n}",
        "#",
        "//",
    ]);
    prop::collection::vec(pieces, 0..10).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// A string as an attribute, a tuple element, an object's value and
    /// key, and a label: the native text parses and means the same; a
    /// string the JSON syntax cannot read as a template is reported.
    ///
    /// spec: json#strings
    #[test]
    fn any_string_means_the_same(s in arb_template()) {
        let q = serde_json::to_string(&s).unwrap();
        let json = format!(r#"{{"attr": {q}, "tuple": [{q}, 1], "obj": {{"k": {q}}}, "key": {{{q}: 1}}}}"#);
        let parsed = parse(json.as_bytes());
        prop_assert!(parsed.diagnostics.is_empty());
        let (text, diags) = to_native(&parsed.ast, &no_blocks);
        let arena = Arena::new();
        let file = parse_config(&arena, text.as_bytes());
        prop_assert!(file.diagnostics.is_empty(), "{}\n{:?}", text, file.diagnostics);
        let template_ok = !hcl_native::parse_template(&arena, s.as_bytes()).diagnostics.has_errors();
        if !template_ok || !(s.contains("${") || s.contains("%{")) {
            // literal text, or a template the JSON syntax reports
            prop_assert_eq!(diags.is_empty(), template_ok, "{:?}", diags);
        }
        if template_ok {
            prop_assert!(diags.is_empty(), "{:?}", diags);
            let (a, b, text) = both_evaluated(&json);
            prop_assert_eq!(a, b, "{}", text);
        }
        let label = format!(r#"{{"b": {{{q}: {{}}}}}}"#);
        let (text, diags) = to_native(&parse(label.as_bytes()).ast, &|p, _| (p == ["b"]).then_some(1));
        prop_assert!(diags.is_empty());
        let file = parse_config(&arena, text.as_bytes());
        prop_assert!(file.diagnostics.is_empty(), "{}\n{:?}", text, file.diagnostics);
        prop_assert_eq!(file.ast.body.blocks().next().map(|b| b.labels[0].value()), Some(s.as_str()));
    }
}

/// The block decision for `path` in a native body: `Some(labels)` when
/// the last name is a block type in a body the others (with their labels)
/// lead to.
fn shape(body: &Body<'_>, path: &[&str], labels: &[&[&str]]) -> Option<usize> {
    let (name, types) = path.split_last()?;
    let mut bodies = vec![*body];
    for (t, ls) in types.iter().zip(labels) {
        bodies = bodies
            .iter()
            .flat_map(|b| b.blocks())
            .filter(|x| x.block_type.name == *t && x.labels.iter().map(|l| l.value()).eq(ls.iter().copied()))
            .map(|x| x.body)
            .collect();
    }
    bodies.iter().flat_map(|b| b.items).find_map(|item| match item {
        BodyItem::Block(x) | BodyItem::OneLineBlock(x) if x.block_type.name == *name => Some(x.labels.len()),
        _ => None,
    })
}

/// spec: json#structural-elements, json#expressions
#[test]
fn native_to_json_to_native_keeps_every_body() {
    let Some(files) = crate::common::roundtrip::accepted_corpus_files() else {
        panic!("json to native round trip NOT RUN: ../shared/corpus/EXPECTED.tsv is missing (the corpus lives in ../shared beside this repository)");
    };
    let ctx = crate::common::roundtrip::roundtrip_context();
    let (mut checked, mut failures) = (0, Vec::new());
    for (path, src) in &files {
        let arena = Arena::new();
        let original = parse_config(&arena, src);
        checked += 1;
        let json = hcl_native::json_syntax::from_native(&original.ast, src);
        let parsed = parse(json.as_bytes());
        if let Some(d) = parsed.diagnostics.iter().next() {
            failures.push(format!("{path}: the JSON does not parse: {d:?}"));
            continue;
        }
        let body = original.ast.body;
        let (text, diags) = to_native(&parsed.ast, &|p, labels| shape(&body, p, labels));
        if let Some(d) = diags.iter().next() {
            failures.push(format!("{path}: to_native: {d:?}"));
            continue;
        }
        let arena2 = Arena::new();
        let again = parse_config(&arena2, text.as_bytes());
        if let Some(d) = again.diagnostics.iter().next() {
            failures.push(format!("{path}: the native text does not parse: {d:?}"));
            continue;
        }
        let a = AnyFile::Native(original.ast, src);
        let b = AnyFile::Native(again.ast, text.as_bytes());
        if let Err(e) = crate::common::roundtrip::compare(&body, &a.body(), &b.body(), &ctx) {
            failures.push(format!("{path}: {e}"));
        }
    }
    eprintln!("json to native round trip: {checked} files, {} differ", failures.len());
    assert!(checked > 4000, "only {checked} files checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} files differ:\n{}",
        failures.len(),
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}
