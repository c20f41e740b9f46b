//! `Files`: many files parsed one after another, every tree kept while
//! more are added, diagnostics rendered in their own file.

use hcl_native::body::{AnyBody, AnyFile, NamedBody};
use hcl_native::Files;

#[test]
fn trees_of_many_files_stay_alive_while_more_are_added() {
    let files = Files::new();
    let mut trees: Vec<(String, AnyFile<'_>)> = Vec::new();
    for i in 0..50 {
        let name = if i % 2 == 0 {
            format!("f{i}.tf")
        } else {
            format!("f{i}.tf.json")
        };
        let src = if i % 2 == 0 {
            format!("a{i} = {i}\n")
        } else {
            format!("{{\"a{i}\": {i}}}")
        };
        let parsed = files.parse(&name, src);
        assert!(!parsed.diagnostics.has_errors(), "{}", parsed.diagnostics);
        trees.push((name, parsed.ast));
    }
    // every tree, the first included, is still readable
    let merged = AnyBody::merge(
        trees
            .iter()
            .map(|(name, f)| NamedBody {
                name: name.as_str().into(),
                body: f.body(),
            })
            .collect(),
    );
    let (attrs, diags) = merged.just_attributes();
    assert!(!diags.has_errors());
    assert_eq!(attrs.len(), 50);
    assert_eq!(files.names().len(), 50);
    assert_eq!(files.source("f0.tf"), Some(&b"a0 = 0\n"[..]));
}

#[test]
fn diagnostics_render_in_their_own_file() {
    let files = Files::new();
    let a = files.parse("a.tf", "x = [\n");
    let b = files.parse("b.tf.json", "{\"y\": 1,}");
    let mut all = a.diagnostics;
    all.extend(b.diagnostics);
    assert!(all.as_slice().len() >= 2);
    let text = files.render(&all);
    assert!(text.contains("--> a.tf:1:5"), "{text}");
    assert!(text.contains("--> b.tf.json:1:"), "{text}");
    for d in all.as_slice() {
        let line = files
            .located(d)
            .expect("the diagnostic's file is in the store")
            .to_string();
        assert!(line.starts_with(d.file().map(|f| &**f).unwrap()), "{line}");
    }
}

#[test]
fn a_file_read_from_disk_is_named_as_its_path() {
    let files = Files::new();
    let parsed = files
        .read("examples/module/outputs.tf.json")
        .expect("the example exists");
    assert!(matches!(parsed.ast, AnyFile::Json(_)));
    assert!(files.source("examples/module/outputs.tf.json").is_some());
    let err = files.read("examples/no-such-file.hcl").unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
}
