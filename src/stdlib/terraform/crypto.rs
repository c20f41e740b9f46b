//! Terraform's hash, identifier and decryption functions: `md5`, `sha1`,
//! `sha256`, `sha512`, `base64sha256`, `base64sha512`, `bcrypt`, `uuid`,
//! `uuidv5` and `rsadecrypt`.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use md5::Md5;
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::TerraformOptions;
// Go's `%q`, whole (the messages' own quoting, which `quoted` shortens)
use crate::diagnostic::go_quote;
use crate::function::{Function, FunctionError, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("base64sha256", base64sha256),
    ("bcrypt", bcrypt),
    ("base64sha512", base64sha512),
    ("md5", md5),
    ("rsadecrypt", rsadecrypt),
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
        .result_not_null()
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
    Function::builder()
        .returns(Type::String)
        .result_not_null()
        .implementation(move |_, _| {
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
        .result_not_null()
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
        .result_not_null()
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

/// `rsadecrypt(ciphertext, privatekey)`: the text that RSA encryption with
/// PKCS#1 v1.5 padding made `ciphertext` (in Base64) from, decrypted with
/// `privatekey`, an RSA private key in PEM: PKCS#1 (`RSA PRIVATE KEY`),
/// PKCS#8 (`PRIVATE KEY`) or OpenSSH's own format (`OPENSSH PRIVATE KEY`,
/// not encrypted), the forms Go's `ssh.ParseRawPrivateKey` reads for RSA.
///
/// Errors, as Terraform words them: a ciphertext that is not Base64
/// (`failed to decode input "…": cipher text must be base64-encoded`, on
/// the first argument; line ends are skipped, as Go's decoder skips them); a
/// key that does not read, on the second argument (`invalid private key:
/// …`; `invalid ASN1 data in the given private key: …` for DER that breaks
/// a syntax rule; Go's own `asn1: structure error: …` for DER of the wrong
/// structure, which Terraform means to reword but misspells the pattern
/// for); a key that reads but is not RSA (an EC, DSA or Ed25519 key:
/// `invalid private key type …`); a ciphertext that does not decrypt with
/// the key (`failed to decrypt: crypto/rsa: decryption error`, Go's
/// words). Unknown arguments give an unknown string, null ones are errors.
/// Reading and checking the key and decrypting count on the evaluation's
/// step limit by the key's size: a hostile key of a million bits stops
/// there instead of running for hours.
///
/// Known differences: a plaintext that is not UTF-8 is an error here
/// (`failed to decrypt: …`), where Terraform makes a string of the bytes;
/// an `EC PRIVATE KEY` or `DSA PRIVATE KEY` block, an EC, Ed25519 or X25519
/// key in PKCS#8 and an ECDSA key in OpenSSH's format are called the wrong
/// type without their key being checked (Go checks it first, so a broken
/// one is a parse error there), and a DER key that does not read as PKCS#1
/// is called SEC 1's (`use ParseECPrivateKey instead`) by its first two
/// fields; the type is written as Go's type name (`*ecdsa.PrivateKey`),
/// where Terraform's `%t` prints Go's noise about a bad verb; a passphrase
/// protected OpenSSH key is not asked to parse its public key. The key's
/// checks and their messages are those of Go 1.21 and 1.22 (Go 1.23 checks a
/// PKCS#1 key's CRT values instead of recomputing them), and Go 1.24's
/// refusal of keys under 1024 bits is not made.
///
/// Security: the decryption (`rsa_key`, on `num-bigint`) is not
/// constant-time, and the PKCS#1 v1.5 padding check answers an error for bad
/// padding as Terraform's does, an oracle by design. That is acceptable for
/// evaluating a configuration, whose author holds the key; it is not a
/// decryption service to expose to others.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/rsadecrypt`, and
/// its implementation (`RsaDecryptFunc` in `internal/lang/funcs/crypto.go`).
fn rsadecrypt(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("ciphertext", Type::String).allow_dynamic())
        .param(Parameter::new("privatekey", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let text = str_arg(&args[0])?;
            let pem = str_arg(&args[1])?;
            // the key's text is counted where it is read (`rsa_key::parse`)
            m.spend_bytes(text.len())?;
            let ciphertext = super::encoding::decode(text).ok_or_else(|| {
                FunctionError::argument(
                    0,
                    format!(
                        "failed to decode input {}: cipher text must be base64-encoded",
                        go_quote(text)
                    ),
                )
            })?;
            let key = super::rsa_key::parse(pem.as_bytes(), m)?;
            m.spend(key.decryption_cost())?;
            let plain = super::rsa_key::decrypt_pkcs1v15(&key, &ciphertext)
                .map_err(|e| FunctionError::new(format!("failed to decrypt: {e}")))?;
            String::from_utf8(plain)
                .map(Value::from)
                .map_err(|_| FunctionError::new("failed to decrypt: the plaintext is not UTF-8 text"))
        })
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A 1024-bit RSA key made once for these tests (`openssl genrsa
    /// -traditional 1024`), in PKCS#1 ...
    pub(in crate::stdlib::terraform) const PKCS1: &str = "\
-----BEGIN RSA PRIVATE KEY-----
MIICXQIBAAKBgQCzKf5v1dntSwQnXDR2ER5Gu9nfJePX27yrX6gKDcVB54L69aT8
LU8k5eZGEPp9KVvlQI93dgBDCqlXVJ7UAbKANYdpgzOKYN/AfTxx5zyTOT4A2OvT
rAoZwBvPoAHzREtIJefMaPHGWY33Bs0Ka0jb+8HMB6m31XxSDKvAysI9NQIDAQAB
AoGAKQluWOlPoDV1fxp0fbKQD72JOr5wAIo5HbusPplG3ECN1LOdFZG/NgFejB/p
b++gN9NgyQkDKFfxz6n3MzIsUyUq2EX9eLqHPCwC42XQ4lo754x//NEOgxn2opV8
kIO5W7iUgZzutbXPmd69xkiYAlARA4sMgrRQ5rYY3rUwA8UCQQDixMiiJXeUmunv
VslU1O2Sy+yebrulcLCx6r+KKiSOUtUnAQ4NfgRT1Ff7nGWO0mC8cYZlH2g/8cyW
OrUZdbwLAkEAykJJ0gjcEjVowWHxNepUieAiGol8oKTVfqa6KhVw8S9JrK3qc6ng
eOLy7WKp1a/0nthsCjHN0m5hqn9+bpZzvwJBAMecIF9aS6BrnHApHJ+nrlgBWQ88
ucAvKdnyoRelcPg2wZnLu+r0eiqwR6IbUOofFTfLVlm9A68F0OiMVM1MbXECQQDG
vAmi+hebQKV01pLXQi/c5cE8x/kQM8afUp27uiOmqKtApAaprbKltYGzJO3xzJmU
9tx5y+QML2+BwxJtASIrAkBNbknyAwA3TPuJDBu6bmOaiyWcLrp8F6TgdIYT2Ybn
yC1OQSJhhBijWzRZSMD5EiDstdXOKal0G6+staxNEI6K
-----END RSA PRIVATE KEY-----
";
    /// ... the same key in PKCS#8 (`openssl pkcs8 -topk8 -nocrypt`) ...
    pub(in crate::stdlib::terraform) const PKCS8: &str = "\
-----BEGIN PRIVATE KEY-----
MIICdwIBADANBgkqhkiG9w0BAQEFAASCAmEwggJdAgEAAoGBALMp/m/V2e1LBCdc
NHYRHka72d8l49fbvKtfqAoNxUHngvr1pPwtTyTl5kYQ+n0pW+VAj3d2AEMKqVdU
ntQBsoA1h2mDM4pg38B9PHHnPJM5PgDY69OsChnAG8+gAfNES0gl58xo8cZZjfcG
zQprSNv7wcwHqbfVfFIMq8DKwj01AgMBAAECgYApCW5Y6U+gNXV/GnR9spAPvYk6
vnAAijkdu6w+mUbcQI3Us50Vkb82AV6MH+lv76A302DJCQMoV/HPqfczMixTJSrY
Rf14uoc8LALjZdDiWjvnjH/80Q6DGfailXyQg7lbuJSBnO61tc+Z3r3GSJgCUBED
iwyCtFDmthjetTADxQJBAOLEyKIld5Sa6e9WyVTU7ZLL7J5uu6VwsLHqv4oqJI5S
1ScBDg1+BFPUV/ucZY7SYLxxhmUfaD/xzJY6tRl1vAsCQQDKQknSCNwSNWjBYfE1
6lSJ4CIaiXygpNV+proqFXDxL0msrepzqeB44vLtYqnVr/Se2GwKMc3SbmGqf35u
lnO/AkEAx5wgX1pLoGuccCkcn6euWAFZDzy5wC8p2fKhF6Vw+DbBmcu76vR6KrBH
ohtQ6h8VN8tWWb0DrwXQ6IxUzUxtcQJBAMa8CaL6F5tApXTWktdCL9zlwTzH+RAz
xp9Snbu6I6aoq0CkBqmtsqW1gbMk7fHMmZT23HnL5Awvb4HDEm0BIisCQE1uSfID
ADdM+4kMG7puY5qLJZwuunwXpOB0hhPZhufILU5BImGEGKNbNFlIwPkSIOy11c4p
qXQbr6y1rE0Qjoo=
-----END PRIVATE KEY-----
";
    /// ... and in OpenSSH's format (`ssh-keygen -p -N ""` of a copy).
    const OPENSSH: &str = "\
-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAlwAAAAdzc2gtcn
NhAAAAAwEAAQAAAIEAsyn+b9XZ7UsEJ1w0dhEeRrvZ3yXj19u8q1+oCg3FQeeC+vWk/C1P
JOXmRhD6fSlb5UCPd3YAQwqpV1Se1AGygDWHaYMzimDfwH08cec8kzk+ANjr06wKGcAbz6
AB80RLSCXnzGjxxlmN9wbNCmtI2/vBzAept9V8UgyrwMrCPTUAAAH4GBjm2hgY5toAAAAH
c3NoLXJzYQAAAIEAsyn+b9XZ7UsEJ1w0dhEeRrvZ3yXj19u8q1+oCg3FQeeC+vWk/C1PJO
XmRhD6fSlb5UCPd3YAQwqpV1Se1AGygDWHaYMzimDfwH08cec8kzk+ANjr06wKGcAbz6AB
80RLSCXnzGjxxlmN9wbNCmtI2/vBzAept9V8UgyrwMrCPTUAAAADAQABAAAAgCkJbljpT6
A1dX8adH2ykA+9iTq+cACKOR27rD6ZRtxAjdSznRWRvzYBXowf6W/voDfTYMkJAyhX8c+p
9zMyLFMlKthF/Xi6hzwsAuNl0OJaO+eMf/zRDoMZ9qKVfJCDuVu4lIGc7rW1z5nevcZImA
JQEQOLDIK0UOa2GN61MAPFAAAAQE1uSfIDADdM+4kMG7puY5qLJZwuunwXpOB0hhPZhufI
LU5BImGEGKNbNFlIwPkSIOy11c4pqXQbr6y1rE0QjooAAABBAOLEyKIld5Sa6e9WyVTU7Z
LL7J5uu6VwsLHqv4oqJI5S1ScBDg1+BFPUV/ucZY7SYLxxhmUfaD/xzJY6tRl1vAsAAABB
AMpCSdII3BI1aMFh8TXqVIngIhqJfKCk1X6muioVcPEvSayt6nOp4Hji8u1iqdWv9J7YbA
oxzdJuYap/fm6Wc78AAAAAAQID
-----END OPENSSH PRIVATE KEY-----
";
    /// `Hello, world!` encrypted to it (`openssl pkeyutl -encrypt
    /// -pkeyopt rsa_padding_mode:pkcs1`).
    const CIPHERTEXT: &str = "ejwbIHq3sbLHxueDSEgeyBWIWL2q9cxoieNtAvVmRH6Rk+s2KYZjTL5MQHlf67SwjZ+qgXNEaMA2WZcVLysvTeRhdt9V7W3SRF8uU7AiAB7vl+q8KsTjHke6zGW9AI52Luq2OpTIYY72rvJ/OgpTO6/dglKa/K/ZMgVJ2gHJy6s=";
    /// The bytes FF FE (not UTF-8) encrypted to it.
    const NOT_TEXT: &str = "UVbd9efrq4QyS6M6mQBoVJRUmtTm7CfmnLjwf5oVztpkHqUB4DD/ZbDVZGhwWg6Q3noWPENx5JmGzv6U1gu32TJ+g2IOwzj5iWRKCs4xmboCK3nueh8ejsvfkLsJgTuC9QJOqPyMaJDBgRikIEgv3yXPaYQL+/MvIrHVIfemiBk=";
    /// Keys that are not RSA: EC (SEC 1 and PKCS#8), Ed25519 (PKCS#8 and
    /// OpenSSH).
    const EC: &str = "\
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIBHZ7AtLbeHGx9dSlY/nLl/AFrqs+1sZexPuK5OwRwa2oAoGCCqGSM49
AwEHoUQDQgAECCu/IQJJNL+vJDNqAiYxaKSUn7L9VHyy5aKQyPEws7Rghb9uGr73
uB9SM90tOzzhS92STD5BnDicnVYz8rZjGg==
-----END EC PRIVATE KEY-----
";
    const EC_PKCS8: &str = "\
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgEdnsC0tt4cbH11KV
j+cuX8AWuqz7Wxl7E+4rk7BHBrahRANCAAQIK78hAkk0v68kM2oCJjFopJSfsv1U
fLLlopDI8TCztGCFv24avve4H1Iz3S07POFL3ZJMPkGcOJydVjPytmMa
-----END PRIVATE KEY-----
";
    const ED25519: &str = "\
-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIBK0c6xm+ypNPsMS8No1U12YyxA4XsqSiTCWmVNMNVfs
-----END PRIVATE KEY-----
";
    const ED25519_OPENSSH: &str = "\
-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACCvF1nWaEaGnnZ7sBWLd3YqbyCQrDIIeG5Hq/fMUzgGBQAAAJCrkLqtq5C6
rQAAAAtzc2gtZWQyNTUxOQAAACCvF1nWaEaGnnZ7sBWLd3YqbyCQrDIIeG5Hq/fMUzgGBQ
AAAEA82oA2qHnkqNJdkWAhLOMmaN6FWrjj+fO+01b93jHefq8XWdZoRoaednuwFYt3dipv
IJCsMgh4bker98xTOAYFAAAAB3Jvb3RAdm0BAgMEBQY=
-----END OPENSSH PRIVATE KEY-----
";

    fn rsadecrypt_call(ciphertext: impl Into<Value>, key: impl Into<Value>) -> Result<Value, FunctionError> {
        let f = rsadecrypt(&TerraformOptions::default());
        f.call(&[ciphertext.into(), key.into()]).map_err(|e| match e {
            crate::function::CallError::Failed(e) => e,
            other => panic!("not a function error: {other:?}"),
        })
    }

    fn error(ciphertext: &str, key: &str) -> (Option<usize>, String) {
        let e = rsadecrypt_call(ciphertext, key).unwrap_err();
        (e.argument, e.message)
    }

    #[test]
    fn rsadecrypt_reads_pkcs1_pkcs8_and_openssh_keys() {
        for key in [PKCS1, PKCS8, OPENSSH] {
            assert_eq!(rsadecrypt_call(CIPHERTEXT, key).unwrap(), Value::from("Hello, world!"));
        }
        // a ciphertext with a line end, as a file gives it (Go's decoder
        // skips line ends)
        let with_newline = format!("{CIPHERTEXT}\n");
        assert_eq!(
            rsadecrypt_call(with_newline.as_str(), PKCS8).unwrap(),
            Value::from("Hello, world!")
        );
        // text around the block is skipped, as Go's pem.Decode skips it
        let framed = format!("a key:\n{PKCS1}trailing words\n");
        assert_eq!(
            rsadecrypt_call(CIPHERTEXT, framed.as_str()).unwrap(),
            Value::from("Hello, world!")
        );
    }

    #[test]
    fn rsadecrypt_of_unknown_is_unknown_and_of_null_an_error() {
        assert_eq!(
            rsadecrypt_call(Value::unknown(Type::String), PKCS1).unwrap(),
            Value::unknown(Type::String).refine_not_null()
        );
        assert_eq!(
            rsadecrypt_call(CIPHERTEXT, Value::unknown(Type::String)).unwrap(),
            Value::unknown(Type::String).refine_not_null()
        );
        let f = rsadecrypt(&TerraformOptions::default());
        assert!(f.call(&[Value::null(Type::String), PKCS1.into()]).is_err());
        assert!(f.call(&[CIPHERTEXT.into(), Value::null(Type::String)]).is_err());
    }

    #[test]
    fn rsadecrypt_says_what_is_wrong_as_terraform_does() {
        assert_eq!(
            error("not base64!", PKCS1),
            (
                Some(0),
                "failed to decode input \"not base64!\": cipher text must be base64-encoded".into()
            )
        );
        assert_eq!(
            error(CIPHERTEXT, "no key here"),
            (Some(1), "invalid private key: ssh: no key found".into())
        );
        let certificate = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
        assert_eq!(
            error(CIPHERTEXT, certificate),
            (
                Some(1),
                "invalid private key: ssh: unsupported key type \"CERTIFICATE\"".into()
            )
        );
        let encrypted = "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,E88E42127F1305A39483744F00BF22D5\n\nAAAA\n-----END RSA PRIVATE KEY-----\n";
        assert_eq!(
            error(CIPHERTEXT, encrypted),
            (
                Some(1),
                "invalid private key: ssh: this private key is passphrase protected".into()
            )
        );
        let garbage = "-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n";
        // Go's `asn1` message for the bytes 00 00 00: Terraform means to give
        // it its own prefix but misspells the one to replace
        // (`asn1: struture error`), so Go's stays
        assert_eq!(
            error(CIPHERTEXT, garbage),
            (
                Some(1),
                "asn1: structure error: tags don't match (16 vs {class:0 tag:0 length:0 \
                 isCompound:false}) {optional:false explicit:false application:false private:false \
                 defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false omitEmpty:false} \
                 pkcs1PrivateKey @2"
                    .into()
            )
        );
        for (key, ty) in [
            (EC, "*ecdsa.PrivateKey"),
            (EC_PKCS8, "*ecdsa.PrivateKey"),
            (ED25519, "ed25519.PrivateKey"),
            (ED25519_OPENSSH, "*ed25519.PrivateKey"),
        ] {
            assert_eq!(
                error(CIPHERTEXT, key),
                (Some(1), format!("invalid private key type {ty}"))
            );
        }
        // a byte fewer (another number, whose padding is wrong), a byte more
        // than the modulus has (even a leading zero), and a changed byte
        let bytes = STANDARD.decode(CIPHERTEXT).unwrap();
        let short = base64(&bytes[1..]);
        let long = base64(&[&[0], &bytes[..]].concat());
        let mut changed = bytes.clone();
        changed[5] ^= 1;
        for ciphertext in [short, long, base64(&changed)] {
            assert_eq!(
                error(&ciphertext, PKCS1),
                (None, "failed to decrypt: crypto/rsa: decryption error".into())
            );
        }
        assert_eq!(
            error(NOT_TEXT, PKCS8),
            (None, "failed to decrypt: the plaintext is not UTF-8 text".into())
        );
    }

    #[test]
    fn go_quote_escapes_as_go_does() {
        assert_eq!(go_quote("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\x01é\"");
    }
}
