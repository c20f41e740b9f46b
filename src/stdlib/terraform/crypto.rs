//! Terraform's hash and identifier functions: `md5`, `sha1`, `sha256`,
//! `sha512`, `base64sha256`, `base64sha512` and `uuid`.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::TerraformOptions;
use crate::function::{Function, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("base64sha256", base64sha256),
    ("base64sha512", base64sha512),
    ("md5", md5),
    ("sha1", sha1),
    ("sha256", sha256),
    ("sha512", sha512),
    ("uuid", uuid),
];

/// A function of one string: the digest `D` of its UTF-8 bytes, written by
/// `write` (lower-case hexadecimal, or Base64).
fn digest<D: Digest>(write: fn(&[u8]) -> String) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .metered_implementation(move |args, _, m| {
            let s = str_arg(&args[0])?;
            // hashing reads the whole string
            m.spend_bytes(s.len())?;
            Ok(Value::from(write(&D::digest(s.as_bytes()))))
        })
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

fn base64(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

/// `md5(str)`: the MD5 hash of the string's UTF-8 bytes, as 32 lower-case
/// hexadecimal digits.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/md5`.
fn md5(_: &TerraformOptions) -> Function {
    digest::<Md5>(hex)
}

/// `sha1(str)`: the SHA-1 hash of the string's UTF-8 bytes, in lower-case
/// hexadecimal.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/sha1`.
fn sha1(_: &TerraformOptions) -> Function {
    digest::<Sha1>(hex)
}

/// `sha256(str)`: the SHA-256 hash of the string's UTF-8 bytes, in
/// lower-case hexadecimal.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/sha256`.
fn sha256(_: &TerraformOptions) -> Function {
    digest::<Sha256>(hex)
}

/// `sha512(str)`: the SHA-512 hash of the string's UTF-8 bytes, in
/// lower-case hexadecimal.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/sha512`.
fn sha512(_: &TerraformOptions) -> Function {
    digest::<Sha512>(hex)
}

/// `base64sha256(str)`: the SHA-256 hash of the string's UTF-8 bytes, its
/// 32 raw bytes in Base64 (not the hexadecimal digits).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/base64sha256`.
fn base64sha256(_: &TerraformOptions) -> Function {
    digest::<Sha256>(base64)
}

/// `base64sha512(str)`: the SHA-512 hash of the string's UTF-8 bytes, its
/// 64 raw bytes in Base64.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/base64sha512`.
fn base64sha512(_: &TerraformOptions) -> Function {
    digest::<Sha512>(base64)
}

/// `uuid()`: a random (version 4) UUID in its canonical form
/// (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`). Terraform gives a new one on
/// every call, which is unknown until the apply; here it is an unknown
/// string unless the application supplies a source of random bits
/// ([`TerraformOptions::with_random`]): this crate never draws random
/// numbers on its own, so that an evaluation stays deterministic.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/uuid`.
fn uuid(options: &TerraformOptions) -> Function {
    let random = options.random.clone();
    Function::builder().returns(Type::String).implementation(move |_, _| {
        let Some(random) = &random else {
            return Ok(Value::unknown(Type::String));
        };
        // version 4 in bits 76-79, variant 10 in bits 62-63
        let bits = (random() & !(0xf << 76) & !(0b11 << 62)) | (0x4 << 76) | (0b10 << 62);
        let h = format!("{bits:032x}");
        Ok(Value::from(format!(
            "{}-{}-{}-{}-{}",
            &h[..8],
            &h[8..12],
            &h[12..16],
            &h[16..20],
            &h[20..]
        )))
    })
}
