//! Terraform's path-string functions: `basename` and `dirname`. They work
//! on the text of a path only and never touch the filesystem, with `/` as
//! the separator (Terraform on Unix-like systems; on Windows Terraform
//! also takes `\`).

use super::TerraformOptions;
use crate::function::{Function, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[("basename", basename), ("dirname", dirname)];

/// `basename(path)`: the last part of a path (Go's `filepath.Base`):
/// trailing slashes are dropped first, an empty path gives `.` and a path
/// of slashes only gives `/`.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/basename`.
fn basename(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("path", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .implementation(|args, _| Ok(Value::from(base(str_arg(&args[0])?))))
}

/// `dirname(path)`: everything but the last part of a path, cleaned
/// lexically (Go's `filepath.Dir`): `foo/bar/baz.txt` gives `foo/bar`, a
/// path without a slash gives `.`, `/x` gives `/`.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/dirname`.
fn dirname(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("path", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .implementation(|args, _| Ok(Value::from(dir(str_arg(&args[0])?))))
}

fn base(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".into();
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed).to_string()
}

fn dir(path: &str) -> String {
    let head = match path.rfind('/') {
        Some(i) => &path[..=i],
        None => "",
    };
    clean(head)
}

/// Go's `filepath.Clean` for `/`-separated paths: repeated slashes become
/// one, `.` parts go, `..` removes the part before it (at the root it is
/// dropped), no trailing slash; nothing left is `.`.
pub(super) fn clean(path: &str) -> String {
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&p) if p != ".." => {
                    parts.pop();
                }
                _ if rooted => {}
                _ => parts.push(".."),
            },
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}
