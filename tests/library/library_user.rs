//! What a library user builds: the default features compile the library
//! only, not the `hcl` tool's dependencies.

use std::process::Command;

/// The crates the default features pull in, as `cargo tree` lists them.
fn default_tree() -> String {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "--edges",
            "normal",
            "--prefix",
            "none",
            "--offline",
            "--package",
            "hcl-native",
        ])
        .arg("--manifest-path")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn the_default_features_do_not_build_the_tool() {
    let tree = default_tree();
    for tool_only in ["clap ", "similar ", "yaml-rust2 ", "ipnet "] {
        assert!(
            !tree.contains(tool_only),
            "{tool_only}is in the default dependencies:\n{tree}"
        );
    }
    let mut crates: Vec<&str> = tree.lines().map(|l| l.split(' ').next().unwrap_or("")).collect();
    crates.sort_unstable();
    crates.dedup();
    // README, "Dependencies": the library with its default features and
    // its dependencies are 39 crates.
    assert_eq!(crates.len(), 39, "{crates:?}");
}

#[cfg(feature = "serde")]
/// Values from the Rust types people have at hand (issue 25: these did not
/// exist).
#[test]
fn values_come_from_plain_rust_and_plain_json() {
    use hcl_native::value::{Type, Value};
    use std::collections::{BTreeMap, HashMap};

    assert_eq!(Value::from(7u8), Value::from(7));
    assert_eq!(Value::from(u64::MAX).to_string(), "18446744073709551615");
    assert_eq!(Value::from(-3i128).to_string(), "-3");
    assert_eq!(Value::from(0.1).to_string(), "0.1");
    assert_eq!(Value::from(0.1f32).to_string(), "0.1");
    assert_eq!(
        Value::from(f64::INFINITY).as_number().map(|n| n.is_infinite()),
        Some(true)
    );
    assert_eq!(Value::from(None::<u32>), Value::null(Type::Dynamic));
    assert_eq!(Value::from(vec!["a", "b"]), Value::tuple(vec!["a".into(), "b".into()]));
    let map = Value::from(BTreeMap::from([("n", 1)]));
    assert_eq!(map, Value::object([("n", Value::from(1))]));
    assert_eq!(Value::from(HashMap::from([("n", 1)])), map);
    let json: Value = serde_json::json!({"region": "eu", "n": 3, "on": true, "tags": ["x"], "none": null}).into();
    assert_eq!(
        json,
        Value::object([
            ("region", Value::from("eu")),
            ("n", Value::from(3)),
            ("on", Value::from(true)),
            ("tags", Value::tuple(vec!["x".into()])),
            ("none", Value::null(Type::Dynamic)),
        ])
    );
}

/// `Diagnostic` and `Diagnostics` are errors (`?` works) and display with
/// their place (issue 25: they were not errors).
#[test]
fn diagnostics_are_errors_that_say_where() {
    fn parse(src: &[u8]) -> Result<(), Box<dyn std::error::Error>> {
        let arena = hcl_native::Arena::new();
        let parsed = hcl_native::parse_config(&arena, src);
        if parsed.diagnostics.has_errors() {
            Err(parsed.diagnostics)?;
        }
        Ok(())
    }
    assert!(parse(b"a = 1\n").is_ok());
    let err = parse(b"a = 1\nb = (\n").unwrap_err();
    assert!(
        err.to_string().starts_with("byte 12: error: Missing expression"),
        "{err}"
    );

    let arena = hcl_native::Arena::new();
    let src = b"a = 1\nb = (\n";
    let parsed = hcl_native::parse_config(&arena, src);
    let d = &parsed.diagnostics.as_slice()[0];
    let located = d.located("main.tf", src).to_string();
    assert!(
        located.starts_with("main.tf:3:1: error: Missing expression"),
        "{located}"
    );
    let boxed: Box<dyn std::error::Error> = Box::new(d.clone());
    assert_eq!(boxed.to_string(), d.to_string());
}

#[cfg(feature = "serde")]
/// A decoding error says file, line and column (issue 25: it said byte
/// offsets).
#[test]
fn decoding_errors_say_line_and_column() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Server {
        port: u16,
    }
    let ctx = hcl_native::eval::EvalContext::new();
    let err = hcl_native::de::from_file::<Server>("server.hcl", b"\nport = \"http\"\n", &ctx).unwrap_err();
    assert_eq!(
        err.to_string(),
        "server.hcl:2:8: error: Unsuitable value type: Unsuitable value: invalid type: string \"http\", expected u16"
    );
    let err = hcl_native::de::from_str::<Server>("port = true\n", &ctx).unwrap_err();
    assert!(err.to_string().starts_with("<input>:1:8: error: "), "{err}");
}

/// An application's own serde_json works as usual beside hcl-native's
/// default features (`tests/user-crate`, built on its own: issue 25, the
/// default features turned on serde_json's `arbitrary_precision`, which
/// broke `#[serde(flatten)]` with floats and untagged enums with floats).
///
/// It is a build of its own (its own features resolved, its own lock file),
/// made in the target directory this test was built in, so that the
/// dependencies it shares with the test build, with the same features, are
/// not compiled again: Cargo keeps units of different features apart, and
/// holds no lock on the directory while tests run.
#[test]
fn an_applications_serde_json_is_left_as_it_is() {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/user-crate/Cargo.toml");
    // this test's own binary is `<target>/<profile>/deps/library-…`
    let exe = std::env::current_exe().expect("the test binary's path");
    let target = exe.ancestors().nth(3).expect("the target directory");
    let out = Command::new(env!("CARGO"))
        .args(["run", "--quiet", "--offline", "--manifest-path", manifest])
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "serde_json works as usual beside hcl-native\n"
    );
}

/// `value!`: literals in HCL's constructor syntax give the values built by
/// hand (issue 25 asked for a macro or builder; there was none).
#[test]
fn the_value_macro_builds_what_the_constructors_build() {
    use hcl_native::value;
    use hcl_native::value::{Type, Value};

    let port = 8080u16;
    let tags = vec!["a", "b"];
    let made = value!({
        "name-with-dash": "web",
        port: port,
        ratio = -0.25,
        tags = tags.clone(),
        servers = [{ host = "h1", up = true }, { host = "h2", up = false }, null, [1, [2]]],
        none = None::<i64>,
        already = Value::from(1),
    });
    let by_hand = Value::object([
        ("name-with-dash", Value::from("web")),
        ("port", Value::from(8080)),
        ("ratio", Value::from(-0.25)),
        ("tags", Value::from(vec!["a", "b"])),
        (
            "servers",
            Value::tuple(vec![
                Value::object([("host", Value::from("h1")), ("up", Value::from(true))]),
                Value::object([("host", Value::from("h2")), ("up", Value::from(false))]),
                Value::null(Type::Dynamic),
                Value::tuple(vec![Value::from(1), Value::tuple(vec![Value::from(2)])]),
            ]),
        ),
        ("none", Value::null(Type::Dynamic)),
        ("already", Value::from(1)),
    ]);
    assert_eq!(made, by_hand);
    assert_eq!(made.ty(), by_hand.ty());
}
