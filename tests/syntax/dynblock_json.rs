//! Dynamic blocks in the JSON syntax: the schema decides what a property
//! is, so `dynamic` expands there as in the native syntax (the reference's
//! `ext/dynblock` works on any `hcl.Body`; the reference gives the same
//! three blocks for the JSON form, asked through scripts/dynblock-oracle).

use hcl_native::body::{AnyFile, AttributeSchema, BlockHeaderSchema, BodySchema};
use hcl_native::dynblock;
use hcl_native::eval::EvalContext;
use hcl_native::Arena;

fn disks(name: &str, src: &[u8]) -> Vec<(String, String)> {
    let arena = Arena::new();
    let parsed = AnyFile::parse(&arena, name, src);
    assert!(!parsed.diagnostics.has_errors(), "{}", parsed.diagnostics);
    let ctx = EvalContext::with_standard_functions();
    let body = dynblock::expand(parsed.ast.body(), &ctx);
    let schema = BodySchema::new(
        vec![],
        vec![BlockHeaderSchema {
            type_name: "disk".into(),
            label_names: vec!["name".into()],
        }],
    )
    .unwrap();
    let inner = BodySchema::new(
        vec![AttributeSchema {
            name: "size".into(),
            required: true,
        }],
        vec![],
    )
    .unwrap();
    let (content, diags) = body.content(&schema);
    assert!(diags.is_empty(), "{diags}");
    content
        .blocks
        .iter()
        .map(|b| {
            let (c, d) = b.body.content(&inner);
            assert!(d.is_empty(), "{d}");
            let size = c.attributes["size"].evaluate(&ctx);
            assert!(size.diagnostics.is_empty(), "{}", size.diagnostics);
            (b.labels[0].0.clone(), size.value.to_string())
        })
        .collect()
}

#[test]
fn a_dynamic_block_expands_alike_in_both_syntaxes() {
    let native = br#"
disk "static" {
  size = 1
}
dynamic "disk" {
  for_each = { a = 10, b = 20 }
  labels   = [disk.key]
  content {
    size = disk.value * 2
  }
}
"#;
    let json = br#"{
  "disk": {"static": {"size": 1}},
  "dynamic": {
    "disk": {
      "for_each": "${ { a = 10, b = 20 } }",
      "labels": ["${disk.key}"],
      "content": {"size": "${disk.value * 2}"}
    }
  }
}"#;
    let expected = vec![
        ("static".to_string(), "1".to_string()),
        ("a".to_string(), "20".to_string()),
        ("b".to_string(), "40".to_string()),
    ];
    assert_eq!(disks("main.tf", native), expected);
    assert_eq!(disks("main.tf.json", json), expected);
}
