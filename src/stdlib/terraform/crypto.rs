//! Terraform's hash and identifier functions: `md5`, `sha1`, `sha256`,
//! `sha512`, `base64sha256`, `base64sha512`, `uuid` and `uuidv5`.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("base64sha256", base64sha256),
    ("bcrypt", bcrypt),
    ("base64sha512", base64sha512),
    ("md5", md5),
    ("sha1", sha1),
    ("sha256", sha256),
    ("sha512", sha512),
    ("uuid", uuid),
    ("uuidv5", uuidv5),
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

pub(super) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

pub(super) fn base64(bytes: &[u8]) -> String {
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

/// `bcrypt(str, cost)`: the Blowfish password hash of the string, in the
/// `$2a$` form Go's `bcrypt` writes, with 2^`cost` rounds (10 when not
/// given or below 4, as Go's `bcrypt` takes it; at most 31). Each round
/// counts as a thousand evaluation steps, so a cost that would run for
/// minutes stops at the step limit (`EvalLimits::max_steps`: the default
/// allows cost 13). Its salt is random, so Terraform gives a new hash on every
/// run; here it is an unknown string unless the application supplies a
/// source of random bits ([`TerraformOptions::with_random`]), whose 128
/// bits are the salt. A password longer than 72 bytes is an error, as in
/// Go's `bcrypt` (which Terraform calls).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/bcrypt`.
/// The steps one bcrypt round counts (`bcrypt` spends this times 2^cost).
const BCRYPT_STEPS_PER_ROUND: u64 = 1000;

fn bcrypt(options: &TerraformOptions) -> Function {
    let random = options.random.clone();
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .variadic(Parameter::new("cost", Type::Number).allow_dynamic())
        .returns(Type::String)
        .metered_implementation(move |args, _, m| {
            let password = str_arg(&args[0])?;
            // Go's bcrypt takes a cost below 4 as its default, 10, and
            // refuses one above 31
            let cost = match args.get(1) {
                None => 10,
                Some(c) => match c.as_number().and_then(|n| n.to_i64()) {
                    Some(n) if n < 4 => 10,
                    Some(n) if n <= 31 => n as u32,
                    _ => {
                        return Err(FunctionError::argument(
                            1,
                            "bcrypt: cost must be an integer of at most 31",
                        ))
                    }
                },
            };
            if args.len() > 2 {
                return Err(FunctionError::argument(2, "bcrypt() takes no more than two arguments"));
            }
            if password.len() > 72 {
                return Err(FunctionError::argument(0, "bcrypt: password length exceeds 72 bytes"));
            }
            let Some(random) = &random else {
                return Ok(Value::unknown(Type::String));
            };
            // 2^cost rounds of key setup, each about the work of a
            // thousand steps: cost 10 is about a million, and a cost that
            // would take minutes passes the evaluation's step limit
            m.spend(BCRYPT_STEPS_PER_ROUND << cost)?;
            let salt = random().to_le_bytes();
            ::bcrypt::hash_with_salt(password, cost, salt)
                .map(|h| Value::from(h.format_for_version(::bcrypt::Version::TwoA)))
                .map_err(|e| FunctionError::new(format!("error occurred generating password {e}")))
        })
}

/// `uuidv5(namespace, name)`: the name-based (version 5, SHA-1) UUID of
/// `name` in `namespace`, which is `dns`, `url`, `oid`, `x500` (RFC 4122's
/// namespaces) or a UUID (canonical, in braces, `urn:uuid:` or 32
/// hexadecimal digits, as Go's `uuid.Parse` reads them). Unlike `uuid`, it
/// is a pure function.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/uuidv5`, and its
/// implementation (`internal/lang/funcs/crypto.go`).
fn uuidv5(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("namespace", Type::String).allow_dynamic())
        .param(Parameter::new("name", Type::String).allow_dynamic())
        .returns(Type::String)
        .metered_implementation(|args, _, m| {
            let ns_text = str_arg(&args[0])?;
            let name = str_arg(&args[1])?;
            let namespace = match ns_text {
                "dns" => 0x6ba7b810_9dad_11d1_80b4_00c04fd430c8,
                "url" => 0x6ba7b811_9dad_11d1_80b4_00c04fd430c8,
                "oid" => 0x6ba7b812_9dad_11d1_80b4_00c04fd430c8,
                "x500" => 0x6ba7b814_9dad_11d1_80b4_00c04fd430c8,
                other => parse_uuid(other)
                    .map_err(|e| FunctionError::new(format!("uuidv5() doesn't support namespace {other} ({e})")))?,
            };
            m.spend_bytes(name.len())?;
            let mut hasher = Sha1::new();
            hasher.update(u128::to_be_bytes(namespace));
            hasher.update(name.as_bytes());
            let digest = hasher.finalize();
            let mut bytes = [0u8; 16];
            bytes.copy_from_slice(&digest[..16]);
            bytes[6] = (bytes[6] & 0x0f) | 0x50;
            bytes[8] = (bytes[8] & 0x3f) | 0x80;
            Ok(Value::from(canonical(u128::from_be_bytes(bytes))))
        })
}

/// A UUID in its canonical text form.
fn canonical(bits: u128) -> String {
    let h = format!("{bits:032x}");
    format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..])
}

/// A UUID as Go's `uuid.Parse` (google/uuid) reads one, or its error.
fn parse_uuid(s: &str) -> Result<u128, String> {
    if !matches!(s.len(), 32 | 36 | 38 | 45) {
        return Err(format!("invalid UUID length: {}", s.len()));
    }
    if !s.is_ascii() {
        return Err("invalid UUID format".into());
    }
    let hex = match s.len() {
        36 => dashed(s)?,
        38 => {
            if !(s.starts_with('{') && s.ends_with('}')) {
                return Err("invalid UUID format".into());
            }
            dashed(&s[1..37])?
        }
        45 => {
            if !s[..9].eq_ignore_ascii_case("urn:uuid:") {
                return Err(format!("invalid urn prefix: {:?}", &s[..9]));
            }
            dashed(&s[9..])?
        }
        32 => s.to_string(),
        n => return Err(format!("invalid UUID length: {n}")),
    };
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err("invalid UUID format".into());
    }
    u128::from_str_radix(&hex, 16).map_err(|_| "invalid UUID format".into())
}

/// The 32 hexadecimal digits of `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
fn dashed(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    if [8, 13, 18, 23].iter().any(|&i| b.get(i) != Some(&b'-')) {
        return Err("invalid UUID format".into());
    }
    Ok(s.chars().filter(|c| *c != '-').collect())
}
