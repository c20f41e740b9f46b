//! Decoding with serde from bodies of either syntax: the same structs from
//! a native file, its JSON-syntax twin and several files merged, with the
//! JSON syntax's own shapes (label levels, arrays, null) and diagnostics.
//!
//! spec: json#blocks, json#attributes, json#structural-elements, model#schema-driven-processing

use std::collections::BTreeMap;

use hcl_native::body::{AnyBody, AnyFile, NamedBody};
use hcl_native::de;
use hcl_native::eval::EvalContext;
use hcl_native::value::Value;
use hcl_native::Arena;
use serde::Deserialize;

#[derive(Deserialize, Debug, PartialEq)]
struct Config {
    region: String,
    #[serde(rename = "terraform,block")]
    terraform: Option<Terraform>,
    #[serde(rename = "resource,block")]
    resources: Vec<Resource>,
    #[serde(rename = "backend,block")]
    backend: Backend,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Terraform {
    required_version: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Resource {
    #[serde(rename = "type,label")]
    kind: String,
    #[serde(rename = "name,label")]
    name: String,
    count: Option<u32>,
    #[serde(rename = "disk,block")]
    disks: Vec<Disk>,
    #[serde(rename = "provisioner,block")]
    provisioners: Vec<Provisioner>,
    #[serde(rename = "rest,remain")]
    rest: BTreeMap<String, serde_json::Value>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Disk {
    size: u64,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Provisioner {
    #[serde(rename = "kind,label")]
    kind: String,
    command: String,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Backend {
    path: String,
}

fn ctx() -> EvalContext<'static> {
    let mut ctx = EvalContext::with_standard_functions();
    ctx.set_variable("env", Value::from("prod")).unwrap();
    ctx
}

const NATIVE: &str = r#"
region = "eu-${env}"
terraform {
  required_version = ">= 1.5"
}
resource "aws_instance" "web" {
  count = 1 + 1
  ami   = "ami-1"
  disk {
    size = 10
  }
  disk {
    size = "20"
  }
  provisioner "local-exec" {
    command = "echo ${env}"
  }
}
resource "aws_s3_bucket" "logs" {
  bucket = "logs"
}
resource "aws_s3_bucket" "data" {
}
backend {
  path = "/state"
}
"#;

const JSON: &str = r#"{
  "region": "eu-${env}",
  "terraform": {"required_version": ">= 1.5"},
  "resource": {
    "aws_instance": {
      "web": {
        "count": "${1 + 1}",
        "ami": "ami-1",
        "disk": [{"size": 10}, {"size": "20"}],
        "provisioner": {"local-exec": {"command": "echo ${env}"}}
      }
    },
    "aws_s3_bucket": {
      "logs": {"bucket": "logs"},
      "data": {}
    }
  },
  "backend": {"path": "/state"}
}"#;

fn expected() -> Config {
    let rest = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::Value::from(*v)))
            .collect()
    };
    Config {
        region: "eu-prod".into(),
        terraform: Some(Terraform {
            required_version: ">= 1.5".into(),
        }),
        resources: vec![
            Resource {
                kind: "aws_instance".into(),
                name: "web".into(),
                count: Some(2),
                disks: vec![Disk { size: 10 }, Disk { size: 20 }],
                provisioners: vec![Provisioner {
                    kind: "local-exec".into(),
                    command: "echo prod".into(),
                }],
                rest: rest(&[("ami", "ami-1")]),
            },
            Resource {
                kind: "aws_s3_bucket".into(),
                name: "logs".into(),
                count: None,
                disks: vec![],
                provisioners: vec![],
                rest: rest(&[("bucket", "logs")]),
            },
            Resource {
                kind: "aws_s3_bucket".into(),
                name: "data".into(),
                count: None,
                disks: vec![],
                provisioners: vec![],
                rest: rest(&[]),
            },
        ],
        backend: Backend { path: "/state".into() },
    }
}

/// The diagnostics of a failed decoding of `src` as (summary, detail,
/// source text of the subject).
fn problems<T: for<'de> Deserialize<'de> + std::fmt::Debug>(name: &str, src: &str) -> Vec<(String, String, String)> {
    let err = de::from_file::<T>(name, src.as_bytes(), &ctx()).expect_err("decoding should fail");
    assert!(!err.diagnostics().is_empty(), "no diagnostics: {err}");
    err.diagnostics()
        .iter()
        .map(|d| {
            (
                d.summary().to_string(),
                d.detail().to_string(),
                src[d.subject().range()].to_string(),
            )
        })
        .collect()
}

#[test]
fn both_syntaxes_decode_to_the_same_structs() {
    let native: Config = de::from_file("main.tf", NATIVE.as_bytes(), &ctx()).unwrap();
    let json: Config = de::from_file("main.tf.json", JSON.as_bytes(), &ctx()).unwrap();
    assert_eq!(native, expected());
    assert_eq!(json, expected());
    // from_slice is the native syntax
    assert_eq!(de::from_slice::<Config>(NATIVE.as_bytes(), &ctx()).unwrap(), expected());
}

#[test]
fn json_blocks_take_arrays_at_every_label_level_and_null_for_none() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct T {
        #[serde(rename = "service,block")]
        services: Vec<Service>,
        #[serde(rename = "backend,block")]
        backend: Option<Service>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Service {
        #[serde(rename = "name,label")]
        name: String,
        #[serde(default)]
        port: u16,
    }
    let decode = |src: &str| de::from_file::<T>("x.json", src.as_bytes(), &ctx()).unwrap();
    let names = |t: &T| t.services.iter().map(|s| (s.name.clone(), s.port)).collect::<Vec<_>>();
    let t = decode(r#"{"service": [{"a": {"port": 1}}, {"b": [{"port": 2}, {"port": 3}]}]}"#);
    assert_eq!(names(&t), [("a".into(), 1), ("b".into(), 2), ("b".into(), 3)]);
    assert_eq!(t.backend, None);
    // null at the block level or at a label level is no block
    let t = decode(r#"{"service": {"a": null, "b": {}}, "backend": {"x": null}}"#);
    assert_eq!(names(&t), [("b".into(), 0)]);
    assert_eq!(t.backend, None);
    let t = decode(r#"{"service": null, "backend": {"x": {"port": 9}}}"#);
    assert!(t.services.is_empty());
    assert_eq!(t.backend.unwrap().name, "x");
    // a body as an array of objects
    let t = decode(r#"[{"service": {"a": {}}}, {"service": {"b": {}}}]"#);
    assert_eq!(names(&t), [("a".into(), 0), ("b".into(), 0)]);
}

#[test]
fn json_label_mistakes_are_reported_as_the_json_syntax_words_them() {
    #[derive(Deserialize, Debug)]
    struct T {
        #[serde(rename = "service,block")]
        _services: Vec<Service>,
    }
    #[derive(Deserialize, Debug)]
    struct Service {
        #[serde(rename = "name,label")]
        _name: String,
    }
    assert_eq!(
        problems::<T>("x.json", r#"{"service": {}}"#),
        [(
            "Missing block label".to_string(),
            "At least one object property is required, whose name represents the service block's name.".to_string(),
            "{".to_string()
        )]
    );
    assert_eq!(
        problems::<T>("x.json", r#"{"service": [{"a": {}}, 1]}"#),
        [(
            "Incorrect JSON value type".to_string(),
            "A JSON object is required here, to specify name labels for this block.".to_string(),
            "1".to_string()
        )]
    );
}

#[test]
fn json_values_and_properties_get_ranged_diagnostics() {
    let src = r#"{"region": "eu", "backend": {"path": true}, "resource": {"a": {"b": {"count": "x", "disk": {"size": -1}}}}}"#;
    let p = problems::<Config>("x.json", src);
    let summaries: Vec<_> = p.iter().map(|p| (p.0.as_str(), p.2.as_str())).collect();
    assert_eq!(
        summaries,
        [("Unsuitable value type", "\"x\""), ("Unsuitable value type", "-1")],
        "every value error, nested blocks' too: {p:?}"
    );
    // as the reference's JSON package does, a name already used is not
    // suggested
    let p = problems::<Config>("x.json", r#"{"region": "eu", "backend": {"path": "p"}, "regoin": 1}"#);
    assert_eq!(p[0].1, "No argument or block type is named \"regoin\".");
    let p = problems::<Config>("x.json", r#"{"backend": {"path": "p"}, "regoin": 1}"#);
    assert_eq!(p[0].0, "Extraneous JSON object property");
    assert_eq!(
        p[0].1,
        "No argument or block type is named \"regoin\". Did you mean \"region\"?"
    );
    assert_eq!(p[0].2, "\"regoin\"");
    let p = problems::<Config>(
        "x.json",
        r#"{"region": "eu", "backend": [{"path": "p"}, {"path": "q"}]}"#,
    );
    assert_eq!(p[0].0, "Duplicate backend block");
    assert_eq!(
        p[0].1,
        "Only one backend block is allowed. Another was defined at 1,29-30."
    );
}

#[test]
fn a_syntax_error_in_a_json_file_fails_decoding() {
    let p = problems::<BTreeMap<String, String>>("x.json", r#"{"a": "b",}"#);
    assert_eq!(p[0].0, "Trailing comma in object");
}

#[test]
fn merged_files_decode_as_one_body_and_diagnostics_say_their_file() {
    let arena = Arena::new();
    let a = AnyFile::parse(
        &arena,
        "a.tf",
        b"region = \"eu\"\nresource \"x\" \"one\" {\n  ami = 1\n}\n",
    )
    .ast;
    let b = AnyFile::parse(
        &arena,
        "b.tf.json",
        br#"{"resource": {"y": {"two": {"disk": {"size": 5}}}}, "backend": {"path": "/p"}}"#,
    )
    .ast;
    let merged = AnyBody::merge(vec![
        NamedBody {
            name: "a.tf".into(),
            body: a.body(),
        },
        NamedBody {
            name: "b.tf.json".into(),
            body: b.body(),
        },
    ]);
    let config: Config = de::from_any_body(&merged, &ctx()).unwrap();
    let names: Vec<_> = config
        .resources
        .iter()
        .map(|r| (r.kind.as_str(), r.name.as_str()))
        .collect();
    assert_eq!(names, [("x", "one"), ("y", "two")]);
    assert_eq!(config.resources[1].disks, [Disk { size: 5 }]);
    assert_eq!(config.backend.path, "/p");

    let c = AnyFile::parse(&arena, "c.tf", b"region = \"us\"\nbackend {\n  path = 1\n}\n").ast;
    let merged = AnyBody::merge(vec![
        NamedBody {
            name: "b.tf.json".into(),
            body: b.body(),
        },
        NamedBody {
            name: "c.tf".into(),
            body: c.body(),
        },
    ]);
    let err = de::from_any_body::<Config>(&merged, &ctx()).unwrap_err();
    let got: Vec<_> = err
        .diagnostics()
        .iter()
        .map(|d| (d.file().map(|f| &**f).unwrap_or("?"), d.summary()))
        .collect();
    assert_eq!(got, [("c.tf", "Duplicate backend block")], "{err}");
    let dup = &err.diagnostics()[0];
    assert_eq!(
        dup.detail(),
        "Only one backend block is allowed. Another was defined at b.tf.json:1,64-65."
    );
    assert_eq!(dup.subject().start, 14, "the second block, in c.tf");
}

#[test]
fn a_json_block_field_learns_its_labels_once_per_field() {
    // Three levels of labelled blocks in JSON, each read again once its
    // labels are known: the result is the native file's.
    #[derive(Deserialize, Debug, PartialEq)]
    struct T {
        #[serde(rename = "a,block")]
        a: Vec<A>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct A {
        #[serde(rename = "x,label")]
        x: String,
        #[serde(rename = "b,block")]
        b: Vec<B>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct B {
        #[serde(rename = "y,label")]
        y: String,
        #[serde(rename = "z,label")]
        z: String,
        #[serde(rename = "c,block")]
        c: Option<C>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct C {
        #[serde(rename = "w,label")]
        w: String,
        v: i64,
    }
    let native = "a \"1\" {\n  b \"2\" \"3\" {\n    c \"4\" {\n      v = 5\n    }\n  }\n  b \"6\" \"7\" {\n  }\n}\n";
    let json = r#"{"a": {"1": {"b": {"2": {"3": {"c": {"4": {"v": 5}}}}, "6": {"7": {}}}}}}"#;
    let n: T = de::from_file("t.hcl", native.as_bytes(), &ctx()).unwrap();
    let j: T = de::from_file("t.hcl.json", json.as_bytes(), &ctx()).unwrap();
    assert_eq!(n, j);
    assert_eq!(j.a[0].b[0].c.as_ref().unwrap().w, "4");
    assert_eq!(j.a[0].b[1].z, "7");
}

/// Labelled blocks into maps keyed by label, nested for two labels (issue
/// 25: this failed with "Duplicate backend block"), in both syntaxes.
#[test]
fn labelled_blocks_decode_into_maps_keyed_by_label() {
    use std::collections::HashMap;

    #[derive(Deserialize, Debug, PartialEq)]
    struct T {
        #[serde(rename = "backend,block")]
        backends: HashMap<String, Backend>,
        #[serde(rename = "resource,block")]
        resources: BTreeMap<String, BTreeMap<String, Res>>,
        #[serde(rename = "check,block")]
        checks: BTreeMap<String, Vec<Check>>,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Backend {
        path: String,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Res {
        size: u32,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Check {
        #[serde(rename = "name,label")]
        name: String,
    }
    let native = r#"
backend "s3" { path = "a" }
backend "gcs" { path = "b" }
resource "disk" "data" { size = 1 }
resource "disk" "logs" { size = 2 }
resource "vm" "web" { size = 3 }
check "http" "up" {}
check "http" "fast" {}
"#;
    let json = r#"{
  "backend": {"s3": {"path": "a"}, "gcs": {"path": "b"}},
  "resource": {"disk": {"data": {"size": 1}, "logs": {"size": 2}}, "vm": {"web": {"size": 3}}},
  "check": {"http": {"up": {}, "fast": {}}}
}"#;
    let n: T = de::from_file("m.hcl", native.as_bytes(), &ctx()).unwrap();
    let j: T = de::from_file("m.hcl.json", json.as_bytes(), &ctx()).unwrap();
    assert_eq!(n, j);
    assert_eq!(n.backends["gcs"].path, "b");
    assert_eq!(n.resources["disk"]["logs"].size, 2);
    assert_eq!(n.resources["vm"]["web"].size, 3);
    let names: Vec<_> = n.checks["http"].iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["up", "fast"]);

    // one block per key for a struct value; a label is required
    let p = problems::<T>(
        "m.hcl",
        "backend \"s3\" { path = \"a\" }\nbackend \"s3\" { path = \"b\" }\n",
    );
    assert_eq!(p[0].0, "Duplicate backend block");
    assert_eq!(
        p[0].1,
        "Only one backend block is allowed. Another was defined at 1,1-13."
    );
    let p = problems::<T>("m.hcl", "backend { path = \"a\" }\n");
    assert_eq!(p[0].0, "Missing label for backend");
}

/// A remain `Body` of several files merged keeps each file's rest, the
/// attributes and blocks the struct did not take, and decodes later as
/// the merged body would (issue 25: the remain field held attributes
/// only).
#[test]
fn a_remain_body_of_merged_files_keeps_each_files_rest() {
    #[derive(Deserialize, Debug)]
    struct Root {
        region: String,
        #[serde(rename = "rest,remain")]
        rest: de::Body,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Rest {
        zone: String,
        #[serde(rename = "disk,block")]
        disks: Vec<Disk>,
    }
    let arena = Arena::new();
    let a_src = "region = \"eu\"\ndisk {\n  size = 1\n}\n";
    let b_src = r#"{"zone": "${var.zone}", "disk": {"size": 2}}"#;
    let a = AnyFile::parse(&arena, "a.hcl", a_src.as_bytes()).ast;
    let b = AnyFile::parse(&arena, "b.hcl.json", b_src.as_bytes()).ast;
    let merged = AnyBody::merge(vec![
        NamedBody {
            name: "a.hcl".into(),
            body: a.body(),
        },
        NamedBody {
            name: "b.hcl.json".into(),
            body: b.body(),
        },
    ]);
    let root: Root = de::from_any_body(&merged, &EvalContext::new()).unwrap();
    assert_eq!(root.region, "eu");
    assert_eq!(root.rest.file(), Some("a.hcl"));
    let mut later = EvalContext::new();
    later
        .set_variable("var", Value::object([("zone", Value::from("eu-1"))]))
        .unwrap();
    let rest: Rest = root.rest.decode(&later).unwrap();
    assert_eq!(
        rest,
        Rest {
            zone: "eu-1".into(),
            disks: vec![Disk { size: 1 }, Disk { size: 2 }],
        }
    );
    // `region` is the struct's: not in the rest, and its problems say
    // their file
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Zone {
        zone: u8,
        region: Option<String>,
        #[serde(rename = "disk,block")]
        disks: Vec<Disk>,
    }
    let err = root.rest.decode::<Zone>(&later).unwrap_err();
    let d = &err.diagnostics()[0];
    assert_eq!(
        (d.summary(), d.file().map(|f| &**f)),
        ("Unsuitable value type", Some("b.hcl.json"))
    );
    assert_eq!(&b_src[d.subject().range()], r#""${var.zone}""#);
}
