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
    for tool_only in ["clap ", "similar "] {
        assert!(
            !tree.contains(tool_only),
            "{tool_only}is in the default dependencies:\n{tree}"
        );
    }
    let mut crates: Vec<&str> = tree.lines().map(|l| l.split(' ').next().unwrap_or("")).collect();
    crates.sort_unstable();
    crates.dedup();
    // README, "Dependencies": the library with its default features and
    // its dependencies are 35 crates.
    assert_eq!(crates.len(), 35, "{crates:?}");
}
