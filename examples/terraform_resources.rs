//! Listing a Terraform module's resources, in `.tf` and `.tf.json` files
//! alike, and what each refers to: `cargo run --example terraform_resources
//! [DIR]` (default `examples/module`).
use hcl_native::body::{AnyBody, AnyFile, BlockHeaderSchema, BodySchema, NamedBody};
use hcl_native::Arena;

fn main() {
    run(std::env::args().nth(1));
}

fn run(dir: Option<String>) {
    let dir = dir.unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/examples/module").to_string());
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".tf") || p.to_string_lossy().ends_with(".tf.json"))
        .collect();
    paths.sort();
    let sources: Vec<(String, Vec<u8>)> = paths
        .iter()
        .map(|p| (p.display().to_string(), std::fs::read(p).expect("a readable file")))
        .collect();

    let arena = Arena::new();
    let files: Vec<(String, AnyFile<'_>)> = sources
        .iter()
        .map(|(name, src)| (name.clone(), AnyFile::parse(&arena, name, src).ast))
        .collect();
    // one body over every file, as Terraform reads a module
    let module = AnyBody::merge(
        files
            .iter()
            .map(|(name, f)| NamedBody {
                name: name.as_str().into(),
                body: f.body(),
            })
            .collect(),
    );
    let schema = BodySchema::new(
        vec![],
        vec![BlockHeaderSchema {
            type_name: "resource".into(),
            label_names: vec!["type".into(), "name".into()],
        }],
    )
    .expect("a schema");
    let (content, _, _) = module.partial_content(&schema);
    let mut listed = Vec::new();
    for block in &content.blocks {
        let (attrs, _) = block.body.just_attributes();
        let mut refs: Vec<String> = attrs
            .iter()
            .flat_map(|a| a.expr.variables())
            .map(|t| t.to_string())
            .collect();
        refs.sort();
        refs.dedup();
        let name = format!("{}.{}", block.labels[0].0, block.labels[1].0);
        println!(
            "{name} ({}) refers to: {}",
            block.file.as_deref().unwrap_or("?"),
            refs.join(", ")
        );
        listed.push((name, refs));
    }
    if dir.ends_with("examples/module") {
        let names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["aws_instance.web", "aws_subnet.main", "aws_eip.web"]);
        assert!(
            listed[0].1.contains(&"aws_subnet.main.id".to_string()),
            "{:?}",
            listed[0].1
        );
        assert_eq!(listed[2].1, ["aws_instance.web.id"]);
    }
}

#[test]
fn runs() {
    run(None);
}
