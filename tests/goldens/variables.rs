//! `Expression::variables()` against the reference's `hclsyntax.Variables`.
//!
//! Each `grammar-tests/**/*.hclvars` is an expression after one or two
//! header lines: `# spec: ...` (the spec ids it exercises) and, where
//! hcl-native knowingly answers differently, `# oracle: D-...` (the
//! deviation of `docs/deviations.md`). Beside it, `<case>.hclvars.json`
//! holds the reference's answer, recorded by `scripts/oracle_variables.py`
//! from `hcl-oracle variables`. One test per case parses the expression
//! (no error allowed, as in the reference), lists its variables and
//! compares each traversal with the recorded one: root, source text,
//! range (line, column and byte of both ends), and every step with its
//! kind, name or key (numbers compared as numbers) and key type, and range.
//!
//! For a case with a deviation the expected answer is ours,
//! `<case>.hclvars.ours.json` (`UPDATE_GOLDEN=1 cargo test --test
//! variables` rewrites it), and the reference's recorded answer must still
//! differ from it, so that a deviation that no longer exists is noticed.
//!
//! The other tests here cover templates, bodies, the visitor's order and
//! deep trees.
#![cfg(feature = "json")]

use hcl_native::analysis::{Traversal, TraversalStep};
use hcl_native::ast::visit::{self, Visitor};
use hcl_native::ast::{Expression, FunctionCall, VariableExpr};
use hcl_native::json::{type_to_json, value_to_json};
use hcl_native::{parse_config, parse_expression, parse_expression_with, parse_template, Arena, LineIndex};
use hcl_native::{ParseOptions, Severity, Span};
use libtest_mimic::{Failed, Trial};
use serde_json::{json, Value as Json};
use std::path::{Path, PathBuf};

const OURS_HEADER: &str =
    "# regenerate: UPDATE_GOLDEN=1 cargo test --test goldens (hcl-native's answer, see the deviation)";

/// The cases of this kind, and the visitor's own tests.
pub fn trials() -> Vec<Trial> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar-tests");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v != "0");
    let mut trials: Vec<Trial> = crate::common::grammar_test_files(&["hclvars"])
        .into_iter()
        .map(|path| {
            let name = path.strip_prefix(&root).unwrap_or(&path).display().to_string();
            Trial::test(name, move || run_case(&path, update))
        })
        .collect();
    trials.extend([
        Trial::test("templates", templates),
        Trial::test("bodies", bodies),
        Trial::test("visitor_order", visitor_order),
        Trial::test("visitor_skips_children", visitor_skips_children),
        Trial::test("deep_trees", deep_trees),
        Trial::test("broken_input", broken_input),
    ]);
    trials
}

// ------------------------------------------------------------- golden cases

/// The case's deviation id, if it declares one, and its expression.
fn split_case(data: &[u8]) -> (Option<String>, &[u8]) {
    let mut rest = data;
    let mut deviation = None;
    for n in 0..2 {
        let end = rest.iter().position(|b| *b == b'\n').map_or(rest.len(), |i| i + 1);
        let line = String::from_utf8_lossy(&rest[..end]);
        if n == 1 {
            match line.trim_end().strip_prefix("# oracle:") {
                Some(id) => deviation = Some(id.trim().to_string()),
                None => break,
            }
        }
        rest = &rest[end..];
    }
    (deviation, rest)
}

fn position(index: &LineIndex, src: &[u8], offset: u32) -> Json {
    let p = index.position(src, offset);
    json!({"line": p.line, "column": p.column, "byte": p.byte})
}

fn range(index: &LineIndex, src: &[u8], span: Span) -> Json {
    json!({"start": position(index, src, span.start), "end": position(index, src, span.end)})
}

/// One traversal in the oracle's form.
fn traversal_json(t: &Traversal, index: &LineIndex, src: &[u8]) -> Json {
    let mut steps = vec![json!({"kind": "root", "name": t.root, "range": range(index, src, t.root_span)})];
    for s in &t.steps {
        steps.push(match s {
            TraversalStep::Attr { name, span } => {
                json!({"kind": "attr", "name": name, "range": range(index, src, *span)})
            }
            TraversalStep::Index { key, span } => json!({
                "kind": "index",
                "key": value_to_json(key).unwrap_or(Json::Null),
                "key_type": type_to_json(&key.ty()).unwrap_or(Json::Null),
                "range": range(index, src, *span),
            }),
        });
    }
    let source = src.get(t.span().range()).unwrap_or_default();
    json!({
        "root": t.root,
        "source": String::from_utf8_lossy(source),
        "range": range(index, src, t.span()),
        "steps": steps,
    })
}

/// Our answer: whether the parse failed, and the variables.
fn ours(src: &[u8]) -> (bool, Json) {
    let arena = Arena::new();
    let parsed = parse_expression(&arena, src);
    let failed = parsed.diagnostics.iter().any(|d| d.severity() == Severity::Error);
    let index = LineIndex::new(src);
    let vars = parsed
        .ast
        .variables()
        .iter()
        .map(|t| traversal_json(t, &index, src))
        .collect();
    (failed, Json::Array(vars))
}

use crate::common::same_json as same;

/// A JSON file after its first (header) line.
fn read_json(path: &Path) -> Result<Json, Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let body = text.split_once('\n').map_or("", |(_, rest)| rest);
    serde_json::from_str(body).map_err(|e| format!("{}: invalid JSON: {e}", path.display()).into())
}

fn pretty(j: &Json) -> String {
    serde_json::to_string_pretty(j).unwrap_or_default()
}

fn run_case(path: &Path, update: bool) -> Result<(), Failed> {
    let data = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !data.starts_with(b"# spec:") {
        return Err("the input must start with a `# spec: ...` comment line".into());
    }
    let (deviation, src) = split_case(&data);
    let (failed, vars) = ours(src);
    if failed {
        return Err("the expression does not parse".into());
    }
    let oracle = read_json(&PathBuf::from(format!("{}.json", path.display())))?;
    if oracle["parse_diagnostics"].as_array().is_none_or(|d| !d.is_empty()) {
        return Err(format!("the reference did not parse it: {}", oracle["parse_diagnostics"]).into());
    }
    let theirs = match &oracle["variables"] {
        Json::Null => Json::Array(Vec::new()),
        v => v.clone(),
    };
    let Some(id) = deviation else {
        if same(&vars, &theirs) {
            return Ok(());
        }
        return Err(format!(
            "differs from the reference:\n{}",
            crate::common::diff(&pretty(&theirs), &pretty(&vars))
        )
        .into());
    };
    let deviations = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deviations.md"))
        .map_err(|e| format!("cannot read docs/deviations.md: {e}"))?;
    if !deviations.contains(&format!("### {id}:")) {
        return Err(format!("`# oracle: {id}` is not a deviation of docs/deviations.md").into());
    }
    if same(&vars, &theirs) {
        return Err(format!("declares {id}, but agrees with the reference: drop the `# oracle:` line").into());
    }
    let actual = format!("{OURS_HEADER}\n{}\n", pretty(&vars));
    crate::common::compare_golden(&PathBuf::from(format!("{}.ours.json", path.display())), &actual, update)
}

// ------------------------------------------------------------- other tests

fn roots(ts: &[Traversal]) -> Vec<String> {
    ts.iter().map(|t| t.root.clone()).collect()
}

/// Bare templates: the same walk as for a template in an expression.
fn templates() -> Result<(), Failed> {
    let arena = Arena::new();
    let src = b"${a.b}%{ for k, v in m }${k}${v}${c}%{ endfor }%{ if p }${d[0]}%{ else }${v}%{ endif }";
    let t = parse_template(&arena, src);
    assert!(t.diagnostics.is_empty());
    let vars = t.ast.variables();
    assert_eq!(roots(&vars), ["a", "m", "c", "p", "d", "v"]);
    assert_eq!(vars[0].span(), Span::new(2, 5));
    assert_eq!(vars[4].span(), Span::new(58, 62));
    // The same template quoted: the same variables, shifted by the quote.
    let quoted = format!("\"{}\"", std::str::from_utf8(src).unwrap_or_default());
    let e = parse_expression(&arena, quoted.as_bytes());
    let shifted: Vec<Span> = e
        .ast
        .variables()
        .iter()
        .map(|t| Span::new(t.span().start - 1, t.span().end - 1))
        .collect();
    assert_eq!(shifted, vars.iter().map(Traversal::span).collect::<Vec<_>>());
    Ok(())
}

/// A body lists the variables of every attribute value, nested blocks'
/// included, in source order: those of each attribute's expression.
fn bodies() -> Result<(), Failed> {
    let arena = Arena::new();
    let src = br#"
a = var.x
resource "t" "n" {
  count = length(var.list)
  tags  = { for k, v in local.tags : k => v if v != null }
  inner {
    deep = "${each.key}-${self.id}"
  }
  one { x = y.z }
}
b = [for x in xs : x]
"#;
    let file = parse_config(&arena, src);
    assert!(file.diagnostics.is_empty());
    let vars = file.ast.body.variables();
    assert_eq!(roots(&vars), ["var", "var", "local", "each", "self", "y", "xs"]);
    // Attribute by attribute, nested blocks in place.
    fn each<'a>(body: &hcl_native::ast::Body<'a>, out: &mut Vec<Traversal>) {
        for item in body.items {
            match item {
                hcl_native::ast::BodyItem::Attribute(a) => out.extend(a.expr.variables()),
                hcl_native::ast::BodyItem::Block(b) | hcl_native::ast::BodyItem::OneLineBlock(b) => each(&b.body, out),
            }
        }
    }
    let mut expected = Vec::new();
    each(&file.ast.body, &mut expected);
    assert_eq!(vars, expected);
    let text = |t: &Traversal| String::from_utf8_lossy(&src[t.span().range()]).into_owned();
    assert_eq!(text(&vars[3]), "each.key");
    assert_eq!(text(&vars[5]), "y.z");
    Ok(())
}

/// Records every node kind a default walk reaches, in order.
struct Trace(Vec<String>);

impl<'a> Visitor<'a> for Trace {
    fn visit_variable_expr(&mut self, v: &VariableExpr<'a>) {
        self.0.push(format!("var {}", v.name.name));
    }
    fn visit_function_call(&mut self, call: &FunctionCall<'a>) {
        self.0.push(format!("call {}", call.name.name));
        visit::walk_function_call(self, call);
    }
    fn visit_literal_value(&mut self, l: &hcl_native::ast::LiteralValue<'a>) {
        self.0.push(format!("literal {}..{}", l.span().start, l.span().end));
    }
    fn visit_template_literal(&mut self, l: &hcl_native::ast::TemplateLiteral<'a>) {
        self.0.push(format!("text {:?}", l.value));
    }
    fn visit_get_attr(&mut self, g: &hcl_native::ast::GetAttr<'a>) {
        self.0.push(format!("attr {}", g.name.name));
    }
}

fn trace(src: &str) -> Vec<String> {
    let arena = Arena::new();
    let e = parse_expression(&arena, src.as_bytes());
    let mut t = Trace(Vec::new());
    t.visit_expression(&e.ast);
    t.0
}

/// The default walk visits every child in source order.
fn visitor_order() -> Result<(), Failed> {
    assert_eq!(
        trace("{for k, v in f(a): k => v.b if c}"),
        ["call f", "var a", "var k", "var v", "attr b", "var c"]
    );
    assert_eq!(
        trace(r#"p ? -x[1] : "s${y}%{for i in z}${i}%{endfor}""#),
        [
            "var p",
            "var x",
            "literal 7..8",
            "text \"s\"",
            "var y",
            "var z",
            "var i"
        ]
    );
    assert_eq!(
        trace(r#"a.*.b + c[*].d[e] + (g) * 2"#),
        ["var a", "attr b", "var c", "attr d", "var e", "var g", "literal 26..27"]
    );
    assert_eq!(trace(r#""s${y}t""#), ["text \"s\"", "var y", "text \"t\""]);
    Ok(())
}

/// An overriding method that does not call its walk skips the children.
fn visitor_skips_children() -> Result<(), Failed> {
    struct Outer(usize);
    impl<'a> Visitor<'a> for Outer {
        fn visit_function_call(&mut self, _: &FunctionCall<'a>) {
            self.0 += 1;
        }
    }
    let arena = Arena::new();
    let e = parse_expression(&arena, b"f(g(h(1))) + k(2)").ast;
    let mut v = Outer(0);
    v.visit_expression(&e);
    assert_eq!(v.0, 2);
    Ok(())
}

/// A tree as deep as a raised nesting limit allows is walked on a small
/// stack without overflowing it.
fn deep_trees() -> Result<(), Failed> {
    crate::common::on_small_stack(|| {
        let depth = 20_000;
        let kinds: [(&str, &str); 4] = [("(", ")"), ("[", "]"), ("\"${", "}\""), ("-", "")];
        for (open, close) in kinds {
            let src = format!("{}a.b{}", open.repeat(depth), close.repeat(depth));
            let arena = Arena::new();
            let options = ParseOptions {
                max_depth: 2 * depth as u32 + 10,
                ..Default::default()
            };
            let e: Expression<'_> = parse_expression_with(&arena, src.as_bytes(), &options).ast;
            let vars = e.variables();
            assert_eq!(roots(&vars), ["a"], "{open}");
            assert_eq!(vars[0].steps.len(), 1);
        }
    });
    Ok(())
}

/// Broken input gives what is left of the tree, never a panic.
fn broken_input() -> Result<(), Failed> {
    for src in [
        "a[",
        "a.",
        "[for x in : x]",
        "\"${a",
        "a[*",
        "{for k, v in m: k =>}",
        "a.0.1",
        "%{ for",
    ] {
        let arena = Arena::new();
        let e = parse_expression(&arena, src.as_bytes()).ast;
        let _ = e.variables();
        let t = parse_template(&arena, src.as_bytes()).ast;
        let _ = t.variables();
        let c = parse_config(&arena, src.as_bytes()).ast;
        let _ = c.body.variables();
    }
    Ok(())
}
