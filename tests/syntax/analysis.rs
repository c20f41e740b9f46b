//! Static analysis (spec: hclsyntax#static-analysis), with the shapes the
//! reference's `hcl.AbsTraversalForExpr`, `RelTraversalForExpr`,
//! `ExprAsKeyword`, `ExprList`, `ExprMap` and `ExprCall` give for the same
//! input (checked with `hcl-oracle traversal`).

use hcl_native::analysis::{
    keyword, relative_traversal, static_call, static_list, static_map, static_traversal, TraversalStep,
};
use hcl_native::ast::ObjectKey;
use hcl_native::value::Value;
use hcl_native::{parse_expression, Arena, Span};

fn steps(src: &str) -> Result<Vec<String>, String> {
    let arena = Arena::new();
    let e = parse_expression(&arena, src.as_bytes()).ast;
    let t = static_traversal(&e).map_err(|d| d.summary().to_string())?;
    let mut out = vec![format!("root:{}", t.root)];
    for s in t.steps {
        out.push(match s {
            TraversalStep::Attr { name, .. } => format!("attr:{name}"),
            TraversalStep::Index { key, .. } => format!("index:{key:?}"),
        });
    }
    Ok(out)
}

#[test]
fn traversals_with_attributes_and_constant_indexes() {
    assert_eq!(
        steps("a.b[0][\"c\"].1").unwrap(),
        ["root:a", "attr:b", "index:0", "index:\"c\"", "index:1"]
    );
    assert_eq!(steps("a[true]").unwrap(), ["root:a", "index:true"]);
    assert_eq!(steps("a[null]").unwrap(), ["root:a", "index:null(dynamic)"]);
    // Keywords are names here.
    assert_eq!(steps("true").unwrap(), ["root:true"]);
    assert_eq!(steps("null.a").unwrap(), ["root:null", "attr:a"]);
}

#[test]
fn anything_else_is_not_a_traversal() {
    for src in [
        "a[x]", "f(1)", "[1, 2]", "{a = 1}", "a + 1", "\"x\"", "a.b.*", "a[*].b", "(a).b",
    ] {
        assert_eq!(steps(src), Err("Invalid expression".to_string()), "{src}");
    }
}

#[test]
fn traversal_ranges_are_the_steps() {
    let arena = Arena::new();
    let e = parse_expression(&arena, b"a.b[0]").ast;
    let t = static_traversal(&e).unwrap();
    assert_eq!(t.root_span, Span::new(0, 1));
    assert_eq!(
        t.steps,
        vec![
            TraversalStep::Attr {
                name: "b".into(),
                span: Span::new(1, 3)
            },
            TraversalStep::Index {
                key: Value::from(0),
                span: Span::new(3, 6)
            },
        ]
    );
}

#[test]
fn relative_traversals_start_with_the_root_as_an_attribute() {
    let arena = Arena::new();
    let e = parse_expression(&arena, b"a.b").ast;
    let rel = relative_traversal(&e).unwrap();
    assert!(matches!(&rel[0], TraversalStep::Attr { name, .. } if name == "a"));
    assert!(matches!(&rel[1], TraversalStep::Attr { name, .. } if name == "b"));
}

#[test]
fn keywords_are_lone_names() {
    let arena = Arena::new();
    assert_eq!(keyword(&parse_expression(&arena, b"true").ast), Some("true"));
    assert_eq!(
        keyword(&parse_expression(&arena, b"ignore_changes").ast),
        Some("ignore_changes")
    );
    assert_eq!(keyword(&parse_expression(&arena, b"a.b").ast), None);
    assert_eq!(keyword(&parse_expression(&arena, b"\"x\"").ast), None);
}

#[test]
fn lists_maps_and_calls() {
    let arena = Arena::new();
    let list = parse_expression(&arena, b"[a, b.c, 1 + 2]").ast;
    assert_eq!(static_list(&list).unwrap().len(), 3);
    let map = parse_expression(&arena, b"{a = 1, (k) = 2, 3 = 4}").ast;
    let pairs = static_map(&map).unwrap();
    assert_eq!(pairs.len(), 3);
    // Keys are not interpreted: an identifier stays an identifier, a number
    // a number expression.
    assert!(matches!(pairs[0].key, ObjectKey::Identifier(i) if i.name == "a"));
    assert!(matches!(pairs[2].key, ObjectKey::Expression(_)));
    let call = parse_expression(&arena, b"max(1, xs...)").ast;
    let c = static_call(&call).unwrap();
    assert_eq!((&*c.name, c.args.len(), c.expand_final), ("max", 2, true));
    assert_eq!(c.name_span, Span::new(0, 3));
    for (src, f) in [("[1]", 0), ("{a = 1}", 1), ("f(1)", 2), ("a", 3)] {
        let e = parse_expression(&arena, src.as_bytes()).ast;
        let results = [static_list(&e).is_ok(), static_map(&e).is_ok(), static_call(&e).is_ok()];
        for (k, ok) in results.iter().enumerate() {
            assert_eq!(*ok, k == f, "{src}: analysis {k}");
        }
    }
    let d = static_list(&parse_expression(&arena, b"f(1)").ast).unwrap_err();
    assert_eq!(
        (d.summary(), d.detail()),
        ("Invalid expression", "A static list expression is required.")
    );
    // where the expression starts, as the reference's `hcl.ExprList` marks
    // it (`expr.StartRange()`: a call's name and its parenthesis; asked of
    // the reference through scripts/dynblock-oracle, `labels = f(1)`)
    assert_eq!(d.subject(), Span::new(0, 2));
}
