//! Body content (spec: model#body-content): schemata, exhaustive and
//! partial processing, dynamic attributes; every diagnostic with its exact
//! range; and the law that partial processing followed by exhaustive
//! processing equals one pass with the union of the schemata.

use hcl_native::body::{AttributeSchema, BlockHeaderSchema, BodySchema, BodyView};
use hcl_native::{parse_config, Arena, Span};
use proptest::prelude::*;

fn attr(name: &str, required: bool) -> AttributeSchema {
    AttributeSchema {
        name: name.into(),
        required,
    }
}

fn block(ty: &str, labels: &[&str]) -> BlockHeaderSchema {
    BlockHeaderSchema {
        type_name: ty.into(),
        label_names: labels.iter().map(|l| l.to_string()).collect(),
    }
}

/// (summary, detail, subject text) of each diagnostic.
fn diags(src: &str, schema: &BodySchema) -> Vec<(String, String, String)> {
    let arena = Arena::new();
    let file = parse_config(&arena, src.as_bytes());
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    let (_, ds) = BodyView::new(&file.ast.body).content(schema);
    ds.iter()
        .map(|d| {
            (
                d.summary().to_string(),
                d.detail().to_string(),
                src[d.subject().range()].to_string(),
            )
        })
        .collect()
}

fn one(summary: &str, detail: &str, subject: &str) -> Vec<(String, String, String)> {
    vec![(summary.into(), detail.into(), subject.into())]
}

#[test]
fn schemas_that_name_something_twice_are_rejected() {
    assert!(BodySchema::new(vec![attr("a", false), attr("a", true)], vec![]).is_err());
    assert!(BodySchema::new(vec![], vec![block("b", &[]), block("b", &["x"])]).is_err());
    assert!(BodySchema::new(vec![attr("a", false)], vec![block("a", &[])]).is_err());
    assert!(BodySchema::new(vec![attr("a", false)], vec![block("b", &[])]).is_ok());
}

#[test]
fn every_unexpected_item_is_an_error_with_a_suggestion() {
    let schema = BodySchema::new(
        vec![attr("region", false), attr("size", false)],
        vec![block("rule", &[])],
    )
    .unwrap();
    assert_eq!(
        diags("regoin = 1\n", &schema),
        one(
            "Unsupported argument",
            "An argument named \"regoin\" is not expected here. Did you mean \"region\"?",
            "regoin"
        )
    );
    assert_eq!(
        diags("colour = 1\n", &schema),
        one(
            "Unsupported argument",
            "An argument named \"colour\" is not expected here.",
            "colour"
        )
    );
    assert_eq!(
        diags("rul {}\n", &schema),
        one(
            "Unsupported block type",
            "Blocks of type \"rul\" are not expected here. Did you mean \"rule\"?",
            "rul"
        )
    );
}

#[test]
fn an_attribute_written_as_a_block_and_the_reverse() {
    let schema = BodySchema::new(vec![attr("tags", false)], vec![block("lifecycle", &[])]).unwrap();
    assert_eq!(
        diags("lifecycle = {}\n", &schema),
        one(
            "Unsupported argument",
            "An argument named \"lifecycle\" is not expected here. Did you mean to define a block of type \"lifecycle\"?",
            "lifecycle"
        )
    );
    assert_eq!(
        diags("tags {\n}\n", &schema),
        one(
            "Unsupported block type",
            "Blocks of type \"tags\" are not expected here. Did you mean to define argument \"tags\"? If so, use the equals sign to assign it a value.",
            "tags"
        )
    );
}

#[test]
fn missing_required_attributes_are_reported_at_the_body() {
    let schema = BodySchema::new(vec![attr("name", true), attr("size", true), attr("opt", false)], vec![]).unwrap();
    let arena = Arena::new();
    let src = "b {\n  size = 1\n}\n";
    let file = parse_config(&arena, src.as_bytes()).ast;
    let inner = &file.body.blocks().next().unwrap().body;
    let (content, ds) = BodyView::new(inner).content(&schema);
    assert!(content.attributes.contains_key("size"));
    assert_eq!(ds.len(), 1);
    let d = &ds.as_slice()[0];
    assert_eq!(d.code(), hcl_native::Code::MISSING_REQUIRED_ARGUMENT);
    assert_eq!(
        d.detail(),
        "The argument \"name\" is required, but no definition was found."
    );
    assert_eq!(d.subject(), Span::new(inner.span.start, inner.span.start));
    assert_eq!(d.subject(), content.missing_item_range);
}

#[test]
fn blocks_need_exactly_their_labels() {
    let schema = BodySchema::new(vec![], vec![block("resource", &["type", "name"]), block("locals", &[])]).unwrap();
    assert_eq!(
        diags("resource \"a\" {}\n", &schema),
        one(
            "Missing name for resource",
            "All resource blocks must have 2 labels (type, name).",
            "{"
        )
    );
    assert_eq!(
        diags("resource \"a\" \"b\" \"c\" {}\n", &schema),
        one(
            "Extraneous label for resource",
            "Only 2 labels (type, name) are expected for resource blocks.",
            "\"c\""
        )
    );
    assert_eq!(
        diags("locals x {}\n", &schema),
        one(
            "Extraneous label for locals",
            "No labels are expected for locals blocks.",
            "x"
        )
    );
    // The context is the block's header.
    let arena = Arena::new();
    let src = "resource \"a\" {}\n";
    let file = parse_config(&arena, src.as_bytes()).ast;
    let (_, ds) = BodyView::new(&file.body).content(&schema);
    assert_eq!(&src[ds.as_slice()[0].context().unwrap().range()], "resource \"a\" {");
}

#[test]
fn content_keeps_blocks_in_source_order_and_every_error_is_found() {
    let schema = BodySchema::new(vec![attr("a", true)], vec![block("x", &[]), block("y", &["n"])]).unwrap();
    let src = "y \"1\" {}\nx {}\nbad = 1\ny \"2\" {}\nzz {}\ny {}\n";
    let arena = Arena::new();
    let file = parse_config(&arena, src.as_bytes()).ast;
    let (content, ds) = BodyView::new(&file.body).content(&schema);
    let order: Vec<String> = content
        .blocks
        .iter()
        .map(|b| format!("{}{}", b.block_type.name, b.labels.first().map_or("", |l| l.value())))
        .collect();
    assert_eq!(order, ["y1", "x", "y2"]);
    let summaries: Vec<&str> = ds.iter().map(|d| d.summary()).collect();
    assert_eq!(
        summaries,
        [
            "Missing required argument",
            "Missing n for y",
            "Unsupported argument",
            "Unsupported block type"
        ]
    );
}

#[test]
fn dynamic_attributes_reject_blocks_but_keep_attributes() {
    let arena = Arena::new();
    let src = "a = 1\nb {}\nc = 2\nd {}\n";
    let file = parse_config(&arena, src.as_bytes()).ast;
    let (attrs, ds) = BodyView::new(&file.body).just_attributes();
    assert_eq!(attrs.keys().copied().collect::<Vec<_>>(), ["a", "c"]);
    assert_eq!(ds.len(), 1);
    assert_eq!(ds.as_slice()[0].summary(), "Unexpected \"b\" block");
    assert_eq!(ds.as_slice()[0].detail(), "Blocks are not allowed here.");
    assert_eq!(&src[ds.as_slice()[0].subject().range()], "b");
    // What a partial pass took is not seen again.
    let (_, rest, _) = BodyView::new(&file.body)
        .partial_content(&BodySchema::new(vec![attr("a", false)], vec![block("b", &[]), block("d", &[])]).unwrap());
    let (attrs, ds) = rest.just_attributes();
    assert_eq!(attrs.keys().copied().collect::<Vec<_>>(), ["c"]);
    // The blocks were elided from the new body, so none is left to be an
    // error (D-just-attributes-hidden-blocks: the reference reports them).
    assert!(ds.is_empty(), "{ds:?}");
    let (_, rest, _) = BodyView::new(&file.body)
        .partial_content(&BodySchema::new(vec![attr("a", false)], vec![block("b", &[])]).unwrap());
    let (_, ds) = rest.just_attributes();
    assert_eq!(
        ds.as_slice()[0].summary(),
        "Unexpected \"d\" block",
        "d is still in the new body"
    );
}

// The partial-processing law.

const NAMES: [&str; 6] = ["a", "b", "c", "x", "y", "z"];

/// A body of attributes and blocks over a few names, and two disjoint
/// schemata over the same names (so that the union is a valid schema).
fn case() -> impl Strategy<Value = (String, Vec<(usize, u8, bool)>)> {
    let items = proptest::collection::vec((0..NAMES.len(), 0u8..3, any::<bool>()), 0..10);
    // Each name: in which schema (0 none, 1 first, 2 second), as what
    // (attribute, or block with 0..2 labels), required or not.
    let roles = proptest::collection::vec((0..NAMES.len(), 0u8..4, any::<bool>()), NAMES.len()..=NAMES.len());
    (items, roles).prop_map(|(items, roles)| {
        let mut src = String::new();
        for (name, kind, _) in &items {
            let n = NAMES[*name];
            match kind {
                0 => src.push_str(&format!("{n} = 1\n")),
                1 => src.push_str(&format!("{n} {{}}\n")),
                _ => src.push_str(&format!("{n} \"l\" {{}}\n")),
            }
        }
        // Repeated attribute names are parse errors: keep the first.
        let mut seen = std::collections::BTreeSet::new();
        let src: String = src
            .lines()
            .filter(|l| !l.contains(" = ") || seen.insert(l.split(' ').next().unwrap_or("").to_string()))
            .map(|l| format!("{l}\n"))
            .collect();
        (src, roles)
    })
}

fn schemas(roles: &[(usize, u8, bool)]) -> (BodySchema, BodySchema, BodySchema) {
    // Each name goes to no schema (role 0), the first (1, 3) or the second
    // (2); every third name is a block type (with a label when `required`),
    // the others attributes.
    let mut parts: [(Vec<AttributeSchema>, Vec<BlockHeaderSchema>); 2] = Default::default();
    for (k, (_, role, required)) in roles.iter().enumerate() {
        let name = NAMES[k];
        let which = match role {
            0 => continue,
            2 => 1,
            _ => 0,
        };
        if k % 3 == 0 {
            parts[which].1.push(block(name, if *required { &["l"] } else { &[] }));
        } else {
            parts[which].0.push(attr(name, *required));
        }
    }
    let union = BodySchema::new(
        parts[0].0.iter().chain(parts[1].0.iter()).cloned().collect(),
        parts[0].1.iter().chain(parts[1].1.iter()).cloned().collect(),
    )
    .unwrap();
    let first = BodySchema::new(parts[0].0.clone(), parts[0].1.clone()).unwrap();
    let second = BodySchema::new(parts[1].0.clone(), parts[1].1.clone()).unwrap();
    (first, second, union)
}

proptest! {
    #[test]
    fn partial_then_exhaustive_equals_one_pass_with_the_union((src, roles) in case()) {
        let (first, second, union) = schemas(&roles);
        let arena = Arena::new();
        let file = parse_config(&arena, src.as_bytes());
        prop_assume!(file.diagnostics.is_empty());
        let body = BodyView::new(&file.ast.body);
        let (c1, rest, d1) = body.partial_content(&first);
        let (c2, d2) = rest.content(&second);
        let (cu, du) = body.content(&union);
        let mut two: Vec<&str> = c1.attributes.keys().chain(c2.attributes.keys()).copied().collect();
        two.sort();
        prop_assert_eq!(two, cu.attributes.keys().copied().collect::<Vec<_>>());
        let mut blocks_two: Vec<Span> = c1.blocks.iter().chain(c2.blocks.iter()).map(|b| b.span()).collect();
        blocks_two.sort_by_key(|s| s.start);
        prop_assert_eq!(blocks_two, cu.blocks.iter().map(|b| b.span()).collect::<Vec<_>>());
        // The same problems at the same places ("did you mean" hints may
        // differ: each pass suggests from its own schema).
        let key = |d: &hcl_native::Diagnostic| (d.summary().to_string(), d.subject().start, d.subject().end);
        let mut problems_two: Vec<_> = d1.iter().chain(d2.iter()).map(key).collect();
        let mut problems_union: Vec<_> = du.iter().map(key).collect();
        problems_two.sort();
        problems_union.sort();
        prop_assert_eq!(problems_two, problems_union);
    }
}
