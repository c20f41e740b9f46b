//! `ser::to_string` then `de::from_str` gives the value back, for the
//! README's and the `de` module's example types filled with arbitrary
//! contents (strings with every character HCL escapes, labels, optional,
//! repeated and nested blocks, a remain field).
//!
//! spec: model#schema-driven-processing, hclsyntax#template-literals

use std::collections::BTreeMap;

use hcl_native::{de, eval::EvalContext, ser};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

/// The README's example.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Config {
    #[serde(rename = "resource,block")]
    resources: Vec<Resource>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Resource {
    #[serde(rename = "type,label")]
    kind: String,
    #[serde(rename = "name,label")]
    name: String,
    count: Option<u32>,
}

/// The `de` module's Terraform-like example.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Module {
    #[serde(rename = "terraform,block")]
    terraform: Option<Terraform>,
    #[serde(rename = "resource,block")]
    resources: Vec<FullResource>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Terraform {
    required_version: String,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct FullResource {
    #[serde(rename = "type,label")]
    kind: String,
    #[serde(rename = "name,label")]
    name: String,
    count: Option<u32>,
    #[serde(default)]
    tags: BTreeMap<String, String>,
    #[serde(rename = "ebs_block_device,block")]
    disks: Vec<Disk>,
    #[serde(rename = "lifecycle,block")]
    lifecycle: Option<Lifecycle>,
    #[serde(rename = "settings,remain")]
    settings: BTreeMap<String, serde_json::Value>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Disk {
    device_name: String,
    volume_size: u64,
    encrypted: bool,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Lifecycle {
    prevent_destroy: bool,
    ignore_changes: Vec<String>,
}

/// Any string, in NFC (HCL's strings are; a string read back is NFC).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[a-z$%{}\"\\\\\n\r\t ]{0,12}",
        Just("${var.x}".to_string()),
        Just("%{ if a }b%{ endif }".to_string()),
    ]
    .prop_map(|s| s.nfc().collect())
}

fn resource() -> impl Strategy<Value = Resource> {
    (text(), text(), any::<Option<u32>>()).prop_map(|(kind, name, count)| Resource { kind, name, count })
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        text().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<bool>().prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(2, 8, 3, |inner| {
        proptest::collection::vec(inner, 0..3).prop_map(serde_json::Value::from)
    })
}

fn full_resource() -> impl Strategy<Value = FullResource> {
    let disk = (text(), any::<u64>(), any::<bool>()).prop_map(|(device_name, volume_size, encrypted)| Disk {
        device_name,
        volume_size,
        encrypted,
    });
    let lifecycle =
        (any::<bool>(), proptest::collection::vec(text(), 0..3)).prop_map(|(prevent_destroy, ignore_changes)| {
            Lifecycle {
                prevent_destroy,
                ignore_changes,
            }
        });
    // names the struct's own fields do not use
    let setting = prop_oneof![Just("ami"), Just("instance_type"), Just("user-data"), Just("_x")];
    (
        (text(), text(), any::<Option<u32>>()),
        proptest::collection::btree_map(text(), text(), 0..3),
        proptest::collection::vec(disk, 0..3),
        proptest::option::of(lifecycle),
        proptest::collection::btree_map(setting.prop_map(String::from), json_value(), 0..3),
    )
        .prop_map(|((kind, name, count), tags, disks, lifecycle, settings)| FullResource {
            kind,
            name,
            count,
            tags,
            disks,
            lifecycle,
            settings,
        })
}

proptest! {
    #[test]
    fn the_readme_config_round_trips(resources in proptest::collection::vec(resource(), 0..4)) {
        let config = Config { resources };
        let text = ser::to_string(&config).unwrap();
        let back: Config = de::from_str(&text, &EvalContext::new()).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(back, config);
    }

    #[test]
    fn the_terraform_like_module_round_trips(
        version in proptest::option::of(text()),
        resources in proptest::collection::vec(full_resource(), 0..3),
    ) {
        let module = Module { terraform: version.map(|required_version| Terraform { required_version }), resources };
        let text = ser::to_string(&module).unwrap();
        let back: Module = de::from_str(&text, &EvalContext::new()).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(&back, &module);
        // the text is in the canonical layout already
        prop_assert_eq!(hcl_native::format::format(text.as_bytes()), text.as_bytes());
    }
}

#[test]
fn what_has_no_hcl_text_is_an_error() {
    #[derive(Serialize)]
    struct Labelled {
        #[serde(rename = "name,label")]
        name: String,
    }
    let err = ser::to_string(&Labelled { name: "x".into() }).unwrap_err();
    assert_eq!(
        err.to_string(),
        "label fields are for a block's struct; a file's body has no labels"
    );
    assert!(ser::to_string(&vec![1, 2])
        .unwrap_err()
        .to_string()
        .contains("takes a struct or a map"));
    #[derive(Serialize)]
    struct BadBlock {
        #[serde(rename = "b,block")]
        b: u32,
    }
    let err = ser::to_string(&BadBlock { b: 1 }).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the block field \"b\" holds a number; it takes a struct, an Option of one, or a sequence or map keyed by label of them"
    );
    let err = ser::to_string(&BTreeMap::from([("not an identifier", 1)])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "\"not an identifier\" is not an identifier, so it cannot name an attribute or block"
    );
    assert_eq!(
        ser::to_value(&f64::NAN).unwrap_err().to_string(),
        "NaN is not a number HCL has"
    );
}

/// Blocks in maps keyed by label (the map's key is the label before the
/// struct's own), written and read back as `de` reads them.
#[test]
fn blocks_keyed_by_label_round_trip() {
    use std::collections::BTreeMap;
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct T {
        #[serde(rename = "backend,block")]
        backends: BTreeMap<String, Backend>,
        #[serde(rename = "resource,block")]
        resources: BTreeMap<String, BTreeMap<String, Disk>>,
        #[serde(rename = "check,block")]
        checks: BTreeMap<String, Vec<Check>>,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Backend {
        path: String,
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    struct Check {
        #[serde(rename = "name,label")]
        name: String,
    }
    let t = T {
        backends: [
            ("gcs".to_string(), Backend { path: "b".into() }),
            ("s3".to_string(), Backend { path: "a".into() }),
        ]
        .into(),
        resources: [(
            "disk".to_string(),
            [(
                "data".to_string(),
                Disk {
                    device_name: "sdb".into(),
                    volume_size: 10,
                    encrypted: true,
                },
            )]
            .into(),
        )]
        .into(),
        checks: [(
            "http".to_string(),
            vec![Check { name: "up".into() }, Check { name: "fast".into() }],
        )]
        .into(),
    };
    let text = ser::to_string(&t).unwrap();
    assert!(text.contains("backend \"gcs\" {"), "{text}");
    assert!(text.contains("resource \"disk\" \"data\" {"), "{text}");
    assert!(text.contains("check \"http\" \"up\" {"), "{text}");
    let back: T = de::from_str(&text, &EvalContext::new()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back, t);
}
