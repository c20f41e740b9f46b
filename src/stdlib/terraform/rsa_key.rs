//! `rsadecrypt`'s two halves, on `num-bigint`: an RSA private key read as
//! Go's `ssh.ParseRawPrivateKey` reads one (a PEM block of PKCS#1 or PKCS#8
//! DER, or of OpenSSH's own format), with the messages of Go's
//! `encoding/asn1`, `crypto/x509` and `crypto/rsa`; and PKCS#1 v1.5
//! decryption as Go's `rsa.DecryptPKCS1v15` does it.
//!
//! The DER reader knows the few structures a key is made of (RFC 8017's
//! `RSAPrivateKey`, RFC 5208's `PrivateKeyInfo`) and reads them as Go's
//! `asn1.Unmarshal` reads its structs: the same checks in the same order
//! (tag, then length; minimal lengths and integers; extra elements at the end
//! of a `SEQUENCE` allowed), so that a broken key gets Go's message.
//!
//! Not constant-time: `BigUint::modpow` and the padding check both take time
//! that depends on the key and the ciphertext, as Terraform's check does. That
//! is acceptable for evaluating a configuration, whose author holds the key;
//! it is not a decryption service to expose to others.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use crate::diagnostic::go_quote;
use crate::function::FunctionError;
use crate::meter::{Meter, StepLimitReached};

/// Go's `rsa.ErrDecryption`.
pub(super) const DECRYPTION_ERROR: &str = "crypto/rsa: decryption error";

/// An RSA private key that passed Go's checks (`rsa.PrivateKey.Validate`):
/// the modulus is the product of the primes, each above 1, and `d·e ≡ 1`
/// modulo each prime less one.
#[derive(Debug)]
pub(super) struct PrivateKey {
    n: BigUint,
    /// the private exponent modulo each prime less one (Go's `Precompute`)
    exponents: Vec<BigUint>,
    primes: Vec<BigUint>,
}

/// Why a key did not read, sorted as Terraform sorts Go's errors into its
/// three messages.
#[derive(Debug, PartialEq)]
enum KeyError {
    /// an `encoding/asn1` error on the key's own DER
    Asn1(Asn1Error),
    /// a key of another algorithm: Go's type name for it
    NotRsa(&'static str),
    /// any other error: Go's text of it
    Invalid(String),
    /// the evaluation's step limit reached while reading
    Steps(StepLimitReached),
}

impl From<StepLimitReached> for KeyError {
    fn from(e: StepLimitReached) -> KeyError {
        KeyError::Steps(e)
    }
}

impl From<Asn1Error> for KeyError {
    fn from(e: Asn1Error) -> KeyError {
        KeyError::Asn1(e)
    }
}

/// Go's `asn1.SyntaxError` and `asn1.StructuralError`.
#[derive(Debug, PartialEq)]
enum Asn1Error {
    Syntax(String),
    Structure(String),
}

impl Asn1Error {
    fn syntax(m: &str) -> Asn1Error {
        Asn1Error::Syntax(m.into())
    }

    fn structure(m: &str) -> Asn1Error {
        Asn1Error::Structure(m.into())
    }
}

impl std::fmt::Display for Asn1Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Asn1Error::Syntax(m) => write!(f, "asn1: syntax error: {m}"),
            Asn1Error::Structure(m) => write!(f, "asn1: structure error: {m}"),
        }
    }
}

/// The RSA private key of the PEM text `pem` (its reading and checks
/// counted on `meter`), or Terraform's message for why there is none
/// (`RsaDecryptFunc`'s three forms), on the key's argument.
pub(super) fn parse(pem: &[u8], meter: &Meter) -> Result<PrivateKey, FunctionError> {
    let parts = read_key(pem, meter).map_err(|e| {
        let message = match e {
            KeyError::Asn1(Asn1Error::Syntax(m)) => format!("invalid ASN1 data in the given private key: {m}"),
            // Terraform means to replace Go's prefix here too, but its
            // pattern misspells it (`asn1: struture error`): Go's text stays
            KeyError::Asn1(e) => e.to_string(),
            KeyError::NotRsa(t) => format!("invalid private key type {t}"),
            KeyError::Invalid(e) => format!("invalid private key: {e}"),
            KeyError::Steps(e) => return FunctionError::from(e),
        };
        FunctionError::argument(1, message)
    })?;
    meter.spend(parts.validation_cost())?;
    validate(&parts).map_err(|e| FunctionError::argument(1, format!("invalid private key: {}{e}", parts.context)))
}

fn read_key(pem: &[u8], meter: &Meter) -> Result<Parts, KeyError> {
    let invalid = |e: &str| KeyError::Invalid(e.into());
    let block = pem_block(pem, meter)?.ok_or_else(|| invalid("ssh: no key found"))?;
    let encrypted = block
        .headers
        .iter()
        .any(|(k, v)| k == "Proc-Type" && v.contains("ENCRYPTED"));
    if encrypted {
        return Err(invalid("ssh: this private key is passphrase protected"));
    }
    match block.kind.as_str() {
        "RSA PRIVATE KEY" => pkcs1(&block.bytes),
        "PRIVATE KEY" => pkcs8(&block.bytes),
        "EC PRIVATE KEY" => Err(KeyError::NotRsa("*ecdsa.PrivateKey")),
        "DSA PRIVATE KEY" => Err(KeyError::NotRsa("*dsa.PrivateKey")),
        "OPENSSH PRIVATE KEY" => openssh(&block.bytes),
        other => Err(KeyError::Invalid(format!(
            "ssh: unsupported key type {}",
            go_quote(other)
        ))),
    }
}

/// The first PEM block of `text` (Go's `pem.Decode`: text before it is
/// skipped, headers read, spaces, tabs and line ends in the body ignored, the
/// `-----END` line at a line's start with nothing after it).
struct Block {
    kind: String,
    headers: Vec<(String, String)>,
    bytes: Vec<u8>,
}

fn pem_block(text: &[u8], meter: &Meter) -> Result<Option<Block>, StepLimitReached> {
    let text = String::from_utf8_lossy(text);
    let mut rest: &str = &text;
    loop {
        // each try reads on through the text, as Go's does: counted, so that
        // many false starts cannot make it quadratic unchecked
        meter.spend_bytes(rest.len())?;
        const BEGIN: &str = "-----BEGIN ";
        let Some(start) = rest.find(BEGIN) else {
            return Ok(None);
        };
        let after = &rest[start + BEGIN.len()..];
        // `-----BEGIN` must start a line
        if start > 0 && !rest[..start].ends_with('\n') {
            rest = after;
            continue;
        }
        let line_end = after.find('\n').unwrap_or(after.len());
        let line = after[..line_end].trim_end_matches('\r').trim_end();
        let Some(kind) = line.strip_suffix("-----") else {
            rest = after;
            continue;
        };
        let body = &after[(line_end + 1).min(after.len())..];
        let Some(end) = end_line(body, &format!("-----END {kind}-----")) else {
            rest = after;
            continue;
        };
        let mut headers = Vec::new();
        let mut data = String::new();
        let mut in_headers = true;
        for l in body[..end].lines() {
            if in_headers {
                if let Some((k, v)) = l.split_once(':') {
                    headers.push((k.trim().to_string(), v.trim().to_string()));
                    continue;
                }
                in_headers = false;
                if l.trim().is_empty() {
                    continue;
                }
            }
            data.extend(l.chars().filter(|c| !matches!(c, ' ' | '\t')));
        }
        match super::encoding::decode(&data) {
            Some(bytes) => {
                return Ok(Some(Block {
                    kind: kind.to_string(),
                    headers,
                    bytes,
                }));
            }
            None => rest = after,
        }
    }
}

/// Where in `body` the line `marker` starts: at the start of a line, with
/// only spaces and tabs after it on its line.
fn end_line(body: &str, marker: &str) -> Option<usize> {
    let mut from = 0;
    loop {
        let at = from + body[from..].find(marker)?;
        let after = &body[at + marker.len()..];
        let line = &after[..after.find('\n').unwrap_or(after.len())];
        let alone = line.trim_matches([' ', '\t', '\r']).is_empty();
        if (at == 0 || body.as_bytes()[at - 1] == b'\n') && alone {
            return Some(at);
        }
        from = at + 1;
    }
}

// ---------------------------------------------------------------------------
// DER, as Go's `encoding/asn1` reads it into a struct

/// An element's identifier and length (Go's `tagAndLength`).
struct Header {
    class: u8,
    compound: bool,
    tag: u32,
    length: usize,
}

/// The field parameters Go prints in a tag mismatch: those of a field with
/// no `asn1:` options, the only kind whose mismatch is an error here.
const NO_PARAMS: &str = "{optional:false explicit:false application:false private:false defaultValue:<nil> tag:<nil> stringType:0 timeType:0 set:false omitEmpty:false}";

/// Go's `parseBase128Int`: a base-128 number at `offset`, and the offset
/// after it.
fn base128(bytes: &[u8], mut offset: usize) -> Result<(u32, usize), Asn1Error> {
    let mut value: u64 = 0;
    let mut shifted = 0;
    while let Some(&b) = bytes.get(offset) {
        if shifted == 5 {
            return Err(Asn1Error::structure("base 128 integer too large"));
        }
        if shifted == 0 && b == 0x80 {
            return Err(Asn1Error::syntax("integer is not minimally encoded"));
        }
        value = (value << 7) | u64::from(b & 0x7f);
        offset += 1;
        shifted += 1;
        if b & 0x80 == 0 {
            return u32::try_from(value)
                .ok()
                .filter(|&v| v <= i32::MAX as u32)
                .map(|v| (v, offset))
                .ok_or_else(|| Asn1Error::structure("base 128 integer too large"));
        }
    }
    Err(Asn1Error::syntax("truncated base 128 integer"))
}

/// Go's `parseTagAndLength` (DER's rules: a definite, minimal length): the
/// header at `offset` (which is inside `bytes`) and the offset after it.
fn header(bytes: &[u8], mut offset: usize) -> Result<(Header, usize), Asn1Error> {
    let b = bytes[offset];
    offset += 1;
    let mut tag = u32::from(b & 0x1f);
    if tag == 0x1f {
        (tag, offset) = base128(bytes, offset)?;
        if tag < 0x1f {
            return Err(Asn1Error::syntax("non-minimal tag"));
        }
    }
    let truncated = || Asn1Error::syntax("truncated tag or length");
    let first = *bytes.get(offset).ok_or_else(truncated)?;
    offset += 1;
    let length = if first & 0x80 == 0 {
        usize::from(first)
    } else {
        let count = first & 0x7f;
        if count == 0 {
            return Err(Asn1Error::syntax("indefinite length found (not DER)"));
        }
        let mut length = 0usize;
        for _ in 0..count {
            let b = *bytes.get(offset).ok_or_else(truncated)?;
            offset += 1;
            if length >= 1 << 23 {
                return Err(Asn1Error::structure("length too large"));
            }
            length = (length << 8) | usize::from(b);
            if length == 0 {
                return Err(Asn1Error::structure("superfluous leading zeros in length"));
            }
        }
        if length < 0x80 {
            return Err(Asn1Error::structure("non-minimal length"));
        }
        length
    };
    let header = Header {
        class: b >> 6,
        compound: b & 0x20 != 0,
        tag,
        length,
    };
    Ok((header, offset))
}

const SEQUENCE: u32 = 16;
const INTEGER: u32 = 2;
const OCTET_STRING: u32 = 4;
const OBJECT_IDENTIFIER: u32 = 6;

/// A reader of a `SEQUENCE`'s elements, as Go's `parseField` reads a
/// struct's fields one after another.
struct Fields<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> Fields<'a> {
    fn new(bytes: &'a [u8]) -> Fields<'a> {
        Fields { bytes, offset: 0 }
    }

    fn at_end(&self) -> bool {
        self.offset == self.bytes.len()
    }

    /// The next element's header and where its content starts, without
    /// reading it; `None` at the end.
    fn peek(&self) -> Result<Option<(Header, usize)>, Asn1Error> {
        if self.at_end() {
            return Ok(None);
        }
        header(self.bytes, self.offset).map(Some)
    }

    /// The content of the next element, which must be the universal `tag`
    /// (constructed or not as `compound` says); `ty` is the Go type's name
    /// that a mismatch names.
    fn field(&mut self, tag: u32, compound: bool, ty: &str) -> Result<&'a [u8], Asn1Error> {
        let (h, start) = self.peek()?.ok_or_else(|| Asn1Error::syntax("sequence truncated"))?;
        if h.class != 0 || h.tag != tag || h.compound != compound {
            return Err(Asn1Error::Structure(format!(
                "tags don't match ({tag} vs {{class:{} tag:{} length:{} isCompound:{}}}) {NO_PARAMS} {ty} @{start}",
                h.class, h.tag, h.length, h.compound
            )));
        }
        self.content(start, h.length)
    }

    /// An optional `INTEGER` read into a Go `*big.Int`: skipped when the
    /// next element is something else (or there is none).
    fn optional_big(&mut self) -> Result<(), Asn1Error> {
        if let Some((h, start)) = self.peek()?
            && h.class == 0
            && h.tag == INTEGER
            && !h.compound
        {
            check_integer(self.content(start, h.length)?)?;
        }
        Ok(())
    }

    /// An optional element of any tag (Go's optional `asn1.RawValue`).
    fn optional_any(&mut self) -> Result<(), Asn1Error> {
        if let Some((h, start)) = self.peek()? {
            self.content(start, h.length)?;
        }
        Ok(())
    }

    fn content(&mut self, start: usize, length: usize) -> Result<&'a [u8], Asn1Error> {
        let end = start
            .checked_add(length)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| Asn1Error::syntax("data truncated"))?;
        self.offset = end;
        Ok(&self.bytes[start..end])
    }

    /// A `SEQUENCE` read into a Go struct named `ty`.
    fn sequence(&mut self, ty: &str) -> Result<Fields<'a>, Asn1Error> {
        self.field(SEQUENCE, true, ty).map(Fields::new)
    }

    /// An `INTEGER` read into a Go `*big.Int`.
    fn big(&mut self) -> Result<BigInt, Asn1Error> {
        let content = self.field(INTEGER, false, "")?;
        check_integer(content)?;
        Ok(BigInt::from_signed_bytes_be(content))
    }

    /// An `INTEGER` read into a Go `int` (64 bits).
    fn int(&mut self) -> Result<i64, Asn1Error> {
        let content = self.field(INTEGER, false, "int")?;
        check_integer(content)?;
        if content.len() > 8 {
            return Err(Asn1Error::structure("integer too large"));
        }
        let fill = if content[0] & 0x80 != 0 { 0xff } else { 0 };
        let mut bytes = [fill; 8];
        bytes[8 - content.len()..].copy_from_slice(content);
        Ok(i64::from_be_bytes(bytes))
    }

    /// An `OCTET STRING` read into a Go `[]byte`.
    fn octets(&mut self) -> Result<&'a [u8], Asn1Error> {
        self.field(OCTET_STRING, false, "")
    }

    /// An `OBJECT IDENTIFIER`, dotted as Go prints one.
    fn oid(&mut self) -> Result<String, Asn1Error> {
        let content = self.field(OBJECT_IDENTIFIER, false, "ObjectIdentifier")?;
        if content.is_empty() {
            return Err(Asn1Error::syntax("zero length OBJECT IDENTIFIER"));
        }
        let (first, mut offset) = base128(content, 0)?;
        let mut dotted = if first < 80 {
            format!("{}.{}", first / 40, first % 40)
        } else {
            format!("2.{}", first - 80)
        };
        while offset < content.len() {
            let (v, next) = base128(content, offset)?;
            dotted.push_str(&format!(".{v}"));
            offset = next;
        }
        Ok(dotted)
    }
}

/// Go's `checkInteger`: an `INTEGER`'s content is not empty and minimal.
fn check_integer(content: &[u8]) -> Result<(), Asn1Error> {
    match content {
        [] => Err(Asn1Error::structure("empty integer")),
        [0, b, ..] if b & 0x80 == 0 => Err(Asn1Error::structure("integer not minimally-encoded")),
        [0xff, b, ..] if b & 0x80 != 0 => Err(Asn1Error::structure("integer not minimally-encoded")),
        _ => Ok(()),
    }
}

/// The whole of `der` read as Go's `asn1.Unmarshal` reads it into the
/// struct `ty`: its fields, and the bytes after it.
fn unmarshal<'a>(der: &'a [u8], ty: &str) -> Result<(Fields<'a>, &'a [u8]), Asn1Error> {
    let mut top = Fields::new(der);
    let fields = top.sequence(ty)?;
    Ok((fields, &der[top.offset..]))
}

/// An RSA private key as PKCS#1's DER holds it (`RSAPrivateKey`, Go's
/// `pkcs1PrivateKey`): its version, its numbers, and the bytes after it.
fn read_pkcs1(der: &[u8]) -> Result<(i64, Parts, &[u8]), Asn1Error> {
    let (mut f, rest) = unmarshal(der, "pkcs1PrivateKey")?;
    let version = f.int()?;
    let n = f.big()?;
    let e = f.int()?;
    let d = f.big()?;
    let p = f.big()?;
    let q = f.big()?;
    // the CRT values, optional in Go's struct: read (and checked as DER),
    // then recomputed, as Go before 1.23 does
    for _ in 0..3 {
        f.optional_big()?;
    }
    let mut primes = vec![p, q];
    // `otherPrimeInfos`, optional: a SEQUENCE OF (prime, exponent,
    // coefficient), its elements' tags and lengths checked before any is
    // read (Go's `parseSequenceOf`)
    if let Some((h, _)) = f.peek()?
        && h.class == 0
        && h.tag == SEQUENCE
        && h.compound
    {
        let mut others = f.sequence("")?;
        let mut scan = Fields::new(others.bytes);
        while let Some((h, start)) = scan.peek()? {
            if h.class != 0 || h.tag != SEQUENCE || !h.compound {
                return Err(Asn1Error::structure("sequence tag mismatch"));
            }
            scan.content(start, h.length)
                .map_err(|_| Asn1Error::syntax("truncated sequence"))?;
        }
        while !others.at_end() {
            let mut other = others.sequence("pkcs1AdditionalRSAPrime")?;
            primes.push(other.big()?);
            other.big()?;
            other.big()?;
        }
    }
    let key = Parts {
        n,
        e,
        d,
        primes,
        context: "",
    };
    Ok((version, key, rest))
}

/// Go's `x509.ParsePKCS1PrivateKey` up to its `Validate`.
fn pkcs1(der: &[u8]) -> Result<Parts, KeyError> {
    let (version, key, rest) = read_pkcs1(der).map_err(|e| other_format(der, e, "PKCS8", |d| read_pkcs8(d).is_ok()))?;
    if !rest.is_empty() {
        return Err(Asn1Error::syntax("trailing data").into());
    }
    if version > 1 {
        return Err(KeyError::Invalid("x509: unsupported private key version".into()));
    }
    let positive = |v: &BigInt| v.sign() == Sign::Plus;
    if ![&key.n, &key.d, &key.primes[0], &key.primes[1]]
        .into_iter()
        .all(positive)
    {
        return Err(KeyError::Invalid(
            "x509: private key contains zero or negative value".into(),
        ));
    }
    if !key.primes[2..].iter().all(positive) {
        return Err(KeyError::Invalid(
            "x509: private key contains zero or negative prime".into(),
        ));
    }
    Ok(key)
}

/// Go's error for DER that did not read as the format asked for: that it
/// is an EC key, or a key of the `other` format (which `reads_as_other`
/// tells), when it reads as one; else the reading's own error `e`.
fn other_format(der: &[u8], e: Asn1Error, other: &str, reads_as_other: fn(&[u8]) -> bool) -> KeyError {
    let use_instead = |format: &str| {
        format!("x509: failed to parse private key (use Parse{format}PrivateKey instead for this key format)")
    };
    if is_ec_private_key(der) {
        KeyError::Invalid(use_instead("EC"))
    } else if reads_as_other(der) {
        KeyError::Invalid(use_instead(other))
    } else {
        e.into()
    }
}

/// Whether `der` reads as SEC 1's `ECPrivateKey` (Go's `ecPrivateKey`:
/// a version and the key's octets; the optional tagged fields after them are
/// not looked into).
fn is_ec_private_key(der: &[u8]) -> bool {
    unmarshal(der, "ecPrivateKey")
        .and_then(|(mut f, _)| {
            f.int()?;
            f.octets()
        })
        .is_ok()
}

/// PKCS#8's `PrivateKeyInfo` (Go's `pkcs8`): the algorithm's identifier and
/// the key's octets.
fn read_pkcs8(der: &[u8]) -> Result<(String, &[u8]), Asn1Error> {
    let (mut f, _) = unmarshal(der, "pkcs8")?;
    f.int()?;
    let mut algorithm = f.sequence("AlgorithmIdentifier")?;
    let oid = algorithm.oid()?;
    algorithm.optional_any()?;
    let key = f.octets()?;
    Ok((oid, key))
}

/// Go's `x509.ParsePKCS8PrivateKey`, for an RSA key (up to its
/// `Validate`); other algorithms are named as Go's types for them.
fn pkcs8(der: &[u8]) -> Result<Parts, KeyError> {
    let (oid, key) = read_pkcs8(der).map_err(|e| other_format(der, e, "PKCS1", |d| read_pkcs1(d).is_ok()))?;
    const EMBEDDED: &str = "x509: failed to parse RSA private key embedded in PKCS#8: ";
    match oid.as_str() {
        "1.2.840.113549.1.1.1" => match pkcs1(key) {
            Ok(parts) => Ok(Parts {
                context: EMBEDDED,
                ..parts
            }),
            Err(KeyError::Asn1(e)) => Err(KeyError::Invalid(format!("{EMBEDDED}{e}"))),
            Err(KeyError::Invalid(e)) => Err(KeyError::Invalid(format!("{EMBEDDED}{e}"))),
            Err(e) => Err(e),
        },
        "1.2.840.10045.2.1" => Err(KeyError::NotRsa("*ecdsa.PrivateKey")),
        "1.3.101.112" => Err(KeyError::NotRsa("ed25519.PrivateKey")),
        "1.3.101.110" => Err(KeyError::NotRsa("*ecdh.PrivateKey")),
        _ => Err(KeyError::Invalid(format!(
            "x509: PKCS#8 wrapping contained private key with unknown algorithm: {oid}"
        ))),
    }
}

// ---------------------------------------------------------------------------
// OpenSSH's format

/// The RSA key of an OpenSSH private key (`openssh-key-v1`, not
/// encrypted), as Go's `ssh` package reads it (`parseOpenSSHPrivateKey`
/// with `unencryptedOpenSSHKey`): its checks in Go's order, with Go's
/// messages, up to `Validate`. An ECDSA key is named without its curve
/// point being checked.
fn openssh(bytes: &[u8]) -> Result<Parts, KeyError> {
    let invalid = |e: &str| KeyError::Invalid(e.into());
    let Some(body) = bytes.strip_prefix(b"openssh-key-v1\0") else {
        return Err(invalid("ssh: invalid openssh private key format"));
    };
    const OUTER: &str = "openSSHEncryptedPrivateKey";
    let mut w = Wire::new(body)?;
    let cipher = w.string("CipherName", OUTER)?;
    let kdf = w.string("KdfName", OUTER)?;
    let kdf_options = w.string("KdfOpts", OUTER)?;
    let count = w.u32()?;
    let _public = w.bytes()?;
    let private = w.bytes()?;
    if count != 1 {
        return Err(invalid("ssh: multi-key files are not supported"));
    }
    if cipher != b"none" || kdf != b"none" {
        return Err(invalid("ssh: this private key is passphrase protected"));
    }
    if !kdf_options.is_empty() {
        return Err(invalid("ssh: invalid openssh private key"));
    }
    // the private section: any failure to read it is one message
    let malformed = || invalid("ssh: malformed OpenSSH key");
    let mut p = Wire::new(private).map_err(|_| malformed())?;
    let check1 = p.u32().map_err(|_| malformed())?;
    let check2 = p.u32().map_err(|_| malformed())?;
    let kind = p.string("Keytype", "openSSHPrivateKey").map_err(|_| malformed())?;
    if check1 != check2 {
        return Err(malformed());
    }
    let rest = p.0;
    match kind {
        b"ssh-rsa" => {
            let mut k = Wire::new(rest)?;
            let (n, e, d) = (k.int()?, k.int()?, k.int()?);
            let _iqmp = k.int()?;
            let primes = vec![k.int()?, k.int()?];
            k.string("Comment", "openSSHRSAPrivateKey")?;
            padding(k.0)?;
            // Go's `int(E.Int64())`: the low 64 bits, with the sign
            let low = e.magnitude().iter_u64_digits().next().unwrap_or(0) as i64;
            let e = if e.is_negative() { low.wrapping_neg() } else { low };
            Ok(Parts {
                n,
                e,
                d,
                primes,
                context: "",
            })
        }
        b"ssh-ed25519" => {
            let mut k = Wire::new(rest)?;
            k.bytes()?;
            let private = k.bytes()?;
            k.string("Comment", "openSSHEd25519PrivateKey")?;
            if private.len() != 64 {
                return Err(invalid("ssh: private key unexpected length"));
            }
            padding(k.0)?;
            Err(KeyError::NotRsa("*ed25519.PrivateKey"))
        }
        b"ecdsa-sha2-nistp256" | b"ecdsa-sha2-nistp384" | b"ecdsa-sha2-nistp521" => {
            Err(KeyError::NotRsa("*ecdsa.PrivateKey"))
        }
        _ => Err(invalid("ssh: unhandled key type")),
    }
}

/// Go's `checkOpenSSHKeyPadding`: the bytes 1, 2, 3, ...
fn padding(pad: &[u8]) -> Result<(), KeyError> {
    if pad.iter().enumerate().all(|(i, &b)| usize::from(b) == i + 1) {
        Ok(())
    } else {
        Err(KeyError::Invalid("ssh: padding not as expected".into()))
    }
}

/// SSH's wire format read as Go's `ssh.Unmarshal` reads a struct whose last
/// field takes the rest (`ssh:"rest"`), with its errors.
struct Wire<'a>(&'a [u8]);

impl<'a> Wire<'a> {
    /// Go's `Unmarshal` refuses empty data before any field.
    fn new(data: &'a [u8]) -> Result<Wire<'a>, KeyError> {
        if data.is_empty() {
            return Err(KeyError::Invalid("ssh: parse error in message type 0".into()));
        }
        Ok(Wire(data))
    }

    fn short() -> KeyError {
        KeyError::Invalid("ssh: short read".into())
    }

    fn u32(&mut self) -> Result<u32, KeyError> {
        let (head, rest) = self.0.split_first_chunk::<4>().ok_or_else(Self::short)?;
        self.0 = rest;
        Ok(u32::from_be_bytes(*head))
    }

    fn take(&mut self) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_first_chunk::<4>()?;
        let n = usize::try_from(u32::from_be_bytes(*head)).ok()?;
        if n > rest.len() {
            return None;
        }
        let (s, rest) = rest.split_at(n);
        self.0 = rest;
        Some(s)
    }

    /// A `[]byte` field.
    fn bytes(&mut self) -> Result<&'a [u8], KeyError> {
        self.take().ok_or_else(Self::short)
    }

    /// A `string` field, `field` of the struct `ty` in Go's message.
    fn string(&mut self, field: &str, ty: &str) -> Result<&'a [u8], KeyError> {
        self.take()
            .ok_or_else(|| KeyError::Invalid(format!("ssh: unmarshal error for field {field} of type {ty}")))
    }

    /// A `*big.Int` field: an `mpint`, two's complement.
    fn int(&mut self) -> Result<BigInt, KeyError> {
        self.take().map(BigInt::from_signed_bytes_be).ok_or_else(Self::short)
    }
}

// ---------------------------------------------------------------------------
// The key's checks and the decryption

/// An RSA key's numbers as read, before Go's `Validate`.
#[derive(Debug)]
struct Parts {
    n: BigInt,
    e: i64,
    d: BigInt,
    primes: Vec<BigInt>,
    /// what Go's message puts before an error of `Validate` (PKCS#8's, for
    /// the PKCS#1 key inside it)
    context: &'static str,
}

/// The number of 64-bit words of `v`, at least 1.
fn words(v: &BigInt) -> u64 {
    v.bits() / 64 + 1
}

impl Parts {
    /// The steps `validate` may take: its products and remainders are
    /// quadratic in the largest number's words (a key's numbers can be of
    /// any size in DER).
    fn validation_cost(&self) -> u64 {
        let largest = self
            .primes
            .iter()
            .chain([&self.n, &self.d])
            .map(words)
            .max()
            .unwrap_or(1);
        let count = self.primes.len() as u64;
        largest
            .saturating_mul(largest)
            .saturating_add(count.saturating_mul(largest))
    }
}

/// Go's `rsa.PrivateKey.Validate` (with `checkPub`): the key, or the error's
/// text.
fn validate(parts: &Parts) -> Result<PrivateKey, String> {
    let Parts { n, e, d, primes, .. } = parts;
    let e = *e;
    if e < 2 {
        return Err("crypto/rsa: public exponent too small".into());
    }
    if e > i64::from(i32::MAX) {
        return Err("crypto/rsa: public exponent too large".into());
    }
    let mut modulus = BigInt::one();
    for prime in primes {
        if *prime <= BigInt::one() {
            return Err("crypto/rsa: invalid prime value".into());
        }
        modulus *= prime;
    }
    if modulus != *n {
        return Err("crypto/rsa: invalid modulus".into());
    }
    let de = d * e;
    let mut exponents = Vec::with_capacity(primes.len());
    for prime in primes {
        let less_one = prime - 1;
        if de.mod_floor(&less_one) != BigInt::one() {
            return Err("crypto/rsa: invalid exponents".into());
        }
        exponents.push(d.mod_floor(&less_one));
    }
    let unsigned = |v: &BigInt| v.magnitude().clone();
    Ok(PrivateKey {
        n: unsigned(n),
        exponents: exponents.iter().map(unsigned).collect(),
        primes: primes.iter().map(unsigned).collect(),
    })
}

impl PrivateKey {
    /// The modulus's length in bytes (Go's `Size`).
    fn size(&self) -> usize {
        usize::try_from(self.n.bits().div_ceil(8)).unwrap_or(usize::MAX)
    }

    /// The steps a decryption may take: a modular exponentiation is cubic
    /// in the modulus's words (a 2048-bit key costs 4,096 steps, a
    /// 16,384-bit one two million).
    pub(super) fn decryption_cost(&self) -> u64 {
        let w = self.n.bits() / 64 + 1;
        w.saturating_mul(w).saturating_mul(w) / 8
    }

    /// `c^d mod n` by the Chinese remainder theorem over the primes (Garner's
    /// form; two primes make it the usual CRT), or `None` where two primes
    /// share a factor (a key `Validate` lets through that Go cannot use
    /// either).
    fn raw_decrypt(&self, c: &BigUint) -> Option<BigUint> {
        let mut m = BigUint::zero();
        let mut product = BigUint::one();
        for (prime, exponent) in self.primes.iter().zip(&self.exponents) {
            let mi = (c % prime).modpow(exponent, prime);
            // m + product·h ≡ mi (mod prime)
            let inverse = (&product % prime).modinv(prime)?;
            let difference = (mi + prime - (&m % prime)) % prime;
            let h = difference * inverse % prime;
            m += &product * h;
            product *= prime;
        }
        Some(m)
    }
}

/// Go's `rsa.DecryptPKCS1v15` (1.21 to 1.24): the ciphertext, a number
/// below the modulus in no more bytes than the modulus's 64-bit words hold
/// (Go's `bigmod.Nat.SetBytes`), decrypted to the block `00 02`, at least
/// eight non-zero padding bytes, `00`, then the message.
pub(super) fn decrypt_pkcs1v15(key: &PrivateKey, ciphertext: &[u8]) -> Result<Vec<u8>, String> {
    let k = key.size();
    let words = key.n.bits().div_ceil(64);
    if k < 11 || ciphertext.len() as u64 > words * 8 {
        return Err(DECRYPTION_ERROR.into());
    }
    let c = BigUint::from_bytes_be(ciphertext);
    if c >= key.n {
        return Err(DECRYPTION_ERROR.into());
    }
    let m = key.raw_decrypt(&c).ok_or(DECRYPTION_ERROR)?.to_bytes_be();
    let mut em = vec![0u8; k];
    em[k - m.len()..].copy_from_slice(&m);
    let zero = em[2..].iter().position(|&b| b == 0).map(|i| i + 2);
    match zero {
        Some(i) if em[0] == 0 && em[1] == 2 && i >= 10 => Ok(em[i + 1..].to_vec()),
        _ => Err(DECRYPTION_ERROR.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine;

    /// The test key of `crypto.rs` (1024 bits, two primes).
    fn test_key() -> Parts {
        let block = pem_block(super::super::crypto::tests::PKCS1.as_bytes(), &Meter::unlimited())
            .unwrap()
            .unwrap();
        let (version, key, rest) = read_pkcs1(&block.bytes).unwrap();
        assert!(rest.is_empty());
        assert_eq!(version, 0);
        key
    }

    fn der(tag: u8, content: &[u8]) -> Vec<u8> {
        let mut out = vec![tag];
        let n = content.len();
        if n < 0x80 {
            out.push(n as u8);
        } else {
            let bytes = n.to_be_bytes();
            let skip = bytes.iter().take_while(|&&b| b == 0).count();
            out.push(0x80 | (bytes.len() - skip) as u8);
            out.extend_from_slice(&bytes[skip..]);
        }
        out.extend_from_slice(content);
        out
    }

    fn int(v: &BigInt) -> Vec<u8> {
        der(0x02, &v.to_signed_bytes_be())
    }

    /// A PKCS#1 key of these fields (the CRT values as zeros: they are read,
    /// not used).
    fn encode(version: i64, n: &BigInt, e: i64, d: &BigInt, p: &BigInt, q: &BigInt) -> Vec<u8> {
        let mut content = int(&BigInt::from(version));
        for v in [n, &BigInt::from(e), d, p, q] {
            content.extend(int(v));
        }
        for _ in 0..3 {
            content.extend(int(&BigInt::zero()));
        }
        der(0x30, &content)
    }

    /// Go's error for the PKCS#1 DER `der`, `Validate`'s included.
    fn error(der: &[u8]) -> String {
        match pkcs1(der).and_then(|parts| validate(&parts).map_err(KeyError::Invalid)) {
            Err(KeyError::Asn1(e)) => e.to_string(),
            Err(KeyError::Invalid(e)) => e,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_test_key_round_trips_through_the_encoder() {
        let key = test_key();
        let [p, q] = &key.primes[..] else { panic!() };
        let der = encode(0, &key.n, key.e, &key.d, p, q);
        assert!(validate(&pkcs1(&der).unwrap()).is_ok());
        assert_eq!(key.e, 65537);
    }

    #[test]
    fn der_errors_are_go_asn1_errors() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "asn1: syntax error: sequence truncated"),
            (b"\x30", "asn1: syntax error: truncated tag or length"),
            (b"\x30\x80", "asn1: syntax error: indefinite length found (not DER)"),
            (b"\x30\x81\x05", "asn1: structure error: non-minimal length"),
            (
                b"\x30\x82\x00\x80",
                "asn1: structure error: superfluous leading zeros in length",
            ),
            (b"\x30\x84\x80\x00\x00\x00", "asn1: structure error: length too large"),
            (b"\x30\x05\x02\x01", "asn1: syntax error: data truncated"),
            (b"\x30\x00", "asn1: syntax error: sequence truncated"),
            (
                b"\x30\x04\x02\x02\x00\x01",
                "asn1: structure error: integer not minimally-encoded",
            ),
            (b"\x30\x02\x02\x00", "asn1: structure error: empty integer"),
            (
                b"\x30\x0b\x02\x09\x01\x00\x00\x00\x00\x00\x00\x00\x00",
                "asn1: structure error: integer too large",
            ),
            (b"\x1f\x80", "asn1: syntax error: integer is not minimally encoded"),
            (b"\x1f\x05\x00", "asn1: syntax error: non-minimal tag"),
            (
                b"\x00\x00\x00",
                "asn1: structure error: tags don't match (16 vs {class:0 tag:0 length:0 isCompound:false}) \
                 {optional:false explicit:false application:false private:false defaultValue:<nil> tag:<nil> \
                 stringType:0 timeType:0 set:false omitEmpty:false} pkcs1PrivateKey @2",
            ),
            (
                b"\x30\x06\x02\x01\x00\x01\x01\x00",
                "asn1: structure error: tags don't match (2 vs {class:0 tag:1 length:1 isCompound:false}) \
                 {optional:false explicit:false application:false private:false defaultValue:<nil> tag:<nil> \
                 stringType:0 timeType:0 set:false omitEmpty:false}  @5",
            ),
        ];
        for (der, message) in cases {
            assert_eq!(error(der), *message, "{der:02x?}");
        }
        let key = test_key();
        let [p, q] = &key.primes[..] else { panic!() };
        let mut trailing = encode(0, &key.n, key.e, &key.d, p, q);
        trailing.push(0);
        assert_eq!(error(&trailing), "asn1: syntax error: trailing data");
        // an EC key and a PKCS#8 key where a PKCS#1 key belongs
        let ec = der(0x30, &[int(&BigInt::one()), der(0x04, &[7; 32])].concat());
        assert_eq!(
            error(&ec),
            "x509: failed to parse private key (use ParseECPrivateKey instead for this key format)"
        );
        let pkcs8 = STANDARD
            .decode(
                super::super::crypto::tests::PKCS8
                    .lines()
                    .filter(|l| !l.starts_with("-----"))
                    .collect::<String>(),
            )
            .unwrap();
        assert_eq!(
            error(&pkcs8),
            "x509: failed to parse private key (use ParsePKCS8PrivateKey instead for this key format)"
        );
    }

    #[test]
    fn key_checks_are_go_checks() {
        let key = test_key();
        let [p, q] = &key.primes[..] else { panic!() };
        let one = BigInt::one();
        let check = |version: i64, n: &BigInt, e: i64, d: &BigInt, p: &BigInt, q: &BigInt| {
            error(&encode(version, n, e, d, p, q))
        };
        let (n, d) = (&key.n, &key.d);
        assert_eq!(check(2, n, 65537, d, p, q), "x509: unsupported private key version");
        assert_eq!(
            check(0, n, 65537, &-d, p, q),
            "x509: private key contains zero or negative value"
        );
        assert_eq!(check(0, n, 1, d, p, q), "crypto/rsa: public exponent too small");
        assert_eq!(check(0, n, 1 << 31, d, p, q), "crypto/rsa: public exponent too large");
        assert_eq!(check(0, &(n + 2), 65537, d, p, q), "crypto/rsa: invalid modulus");
        assert_eq!(check(0, n, 65537, &(d + &one), p, q), "crypto/rsa: invalid exponents");
        assert_eq!(check(0, q, 65537, d, &one, q), "crypto/rsa: invalid prime value");
    }

    #[test]
    fn pkcs8_wraps_go_s_messages() {
        // PrivateKeyInfo { 0, { oid, NULL }, OCTET STRING key }
        let info = |oid: &[u8], key: &[u8]| {
            let algorithm = der(0x30, &[der(0x06, oid), vec![0x05, 0x00]].concat());
            der(0x30, &[int(&BigInt::zero()), algorithm, der(0x04, key)].concat())
        };
        let rsa = b"\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01";
        let message = |der: &[u8]| match pkcs8(der) {
            Err(KeyError::Invalid(e)) => e,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            message(&info(rsa, b"")),
            "x509: failed to parse RSA private key embedded in PKCS#8: asn1: syntax error: sequence truncated"
        );
        assert_eq!(
            message(&info(b"\x2a\x03", b"")),
            "x509: PKCS#8 wrapping contained private key with unknown algorithm: 1.2.3"
        );
        assert_eq!(
            message(&info(b"\x81\x00\x05", b"")),
            "x509: PKCS#8 wrapping contained private key with unknown algorithm: 2.48.5"
        );
        assert_eq!(
            pkcs8(&info(b"", b"")).unwrap_err(),
            KeyError::Asn1(Asn1Error::syntax("zero length OBJECT IDENTIFIER"))
        );
    }

    /// A 1024-bit key of three primes (`openssl genrsa -primes 3
    /// -traditional 1024`, PKCS#1 version 1 with `otherPrimeInfos`).
    const THREE_PRIMES: &str = "\
-----BEGIN RSA PRIVATE KEY-----
MIICfQIBAQKBgQCTBWlo/DVLfvsoVZ2s+b2SE6D+G11bFkfGfCJua6fYI2ADca0b
2f0ArxR2sg8MiR/eGMSFHGyHgP31EkgROk1JneDle8wGN09H76AG4N8uPqb4UZIH
I78NbOdMiUcFB7FNkzfIPxyImOA2mwvoKDSXZ6laJBzb0iLZkP1VdsgZEQIDAQAB
AoGAHldOkrkB8quo/4Dzwl/j7IKahfZ1xLeLZn31yR30jJl4Vh2eoRHSsdJv/t0O
PU3yWjTJ95tl30H8jB/Qnh0r7lSCg2MLiBf2fMMe/mGy90oAwolW12piUwjEsuc9
Kwr6qu8AEkgzuh+j/eTQ9S9/UTSQ6YXC+Ego9tDSwWu76tECKzK5l5aWT20G3oeQ
hVMBqR4N9uJ+ovjB8RZEd1jAZMPW65rm6fu3mG1FvY0CKxjVSgi1yY6rZ4RwlYsA
Hr8tHXCrhuqCj6Kvj0DIURoqp6Hgf2trkCTSkncCKxXULnr8ZmPJ3/vA4s8s2MV5
RvSDgMjCVWi6wA1uhi6ND8kSdEEB6lOj/oUCKwhvrQ74cti88hXUCXmHOOrJcM7t
9o+EezdRXOEtLCAvjXM4yRC9IeLghlECKxgIjrP3I9s21qF4XzwHl2T2iqtIuzoF
8viZMCXr40koK4TvtMct6BaErm4wgYowgYcCKx3hBa09hrWmOH/9/B+st5eQkL70
9y7YR4wX3+r+f7++jBN5e5WHEP1nrlMCKwo2mvwm5d893F5T8VTacz9J2VCM59mJ
cJuApbfsGrruZW9avVXVf4c/Y6UCKwvCp5IGT/EXMUa62XNFrCD6CS/84Rj+iysT
lKGCgC34ck+pC/84qQW7UbI=
-----END RSA PRIVATE KEY-----
";

    #[test]
    fn a_key_of_three_primes_decrypts() {
        let key = parse(THREE_PRIMES.as_bytes(), &Meter::unlimited()).unwrap();
        assert_eq!(key.primes.len(), 3);
        let ciphertext = STANDARD
            .decode("BxbYrKsIQ2+w/hK/n7kSUroq3BBLT/ZFrflJSHvkXCJmrWfyLHnu64hv5VaMbIOx90qZSHCPYE1cciqjFLY74ohMjH/IOV/mz16GbWEnPaigiEzzjchun0aQ3mPglQ+Z5g7iHhwOQ55Dp3i1AyHu6twfSG0eN3PslfGeJUKdEoo=")
            .unwrap();
        assert_eq!(decrypt_pkcs1v15(&key, &ciphertext).unwrap(), b"three primes");
    }

    #[test]
    fn the_crt_agrees_with_plain_exponentiation() {
        let parsed = test_key();
        let key = parse(super::super::crypto::tests::PKCS1.as_bytes(), &Meter::unlimited()).unwrap();
        let d = parsed.d.magnitude();
        for c in [1u32, 2, 65537, 123_456_789] {
            let c = BigUint::from(c);
            assert_eq!(key.raw_decrypt(&c), Some(c.modpow(d, &key.n)));
        }
        // a ciphertext at or above the modulus does not decrypt
        let n = key.n.to_bytes_be();
        assert_eq!(decrypt_pkcs1v15(&key, &n), Err(DECRYPTION_ERROR.to_string()));
    }

    #[test]
    fn the_crt_values_are_optional_as_in_go() {
        let key = test_key();
        let [p, q] = &key.primes[..] else { panic!() };
        let mut content = int(&BigInt::zero());
        for v in [&key.n, &BigInt::from(key.e), &key.d, p, q] {
            content.extend(int(v));
        }
        // none of them, then something that is not an INTEGER where they go
        assert!(validate(&pkcs1(&der(0x30, &content)).unwrap()).is_ok());
        content.extend([0x01, 0x01, 0xff]);
        assert!(validate(&pkcs1(&der(0x30, &content)).unwrap()).is_ok());
        // a SEQUENCE OF other primes whose second element is no SEQUENCE:
        // found before the first is read
        let mut others = der(0x30, &[0x02, 0x00]);
        others.extend(int(&BigInt::one()));
        let mut content = int(&BigInt::one());
        for v in [&key.n, &BigInt::from(key.e), &key.d, p, q, &key.d, &key.d, &key.d] {
            content.extend(int(v));
        }
        content.extend(der(0x30, &others));
        assert_eq!(
            error(&der(0x30, &content)),
            "asn1: structure error: sequence tag mismatch"
        );
    }

    /// OpenSSH's container around a private section.
    fn openssh_container(cipher: &str, kdf_options: &[u8], count: u32, private: &[u8]) -> Vec<u8> {
        let string = |s: &[u8]| [&(s.len() as u32).to_be_bytes()[..], s].concat();
        [
            &b"openssh-key-v1\0"[..],
            &string(cipher.as_bytes()),
            &string(cipher.as_bytes()),
            &string(kdf_options),
            &count.to_be_bytes(),
            &string(b""),
            &string(private),
        ]
        .concat()
    }

    fn openssh_error(bytes: &[u8]) -> KeyError {
        openssh(bytes).unwrap_err()
    }

    #[test]
    fn openssh_errors_are_go_s_in_go_s_order() {
        let invalid = |m: &str| KeyError::Invalid(m.into());
        let section = |check2: u32, kind: &[u8], rest: &[u8]| {
            [
                &1u32.to_be_bytes()[..],
                &check2.to_be_bytes(),
                &(kind.len() as u32).to_be_bytes(),
                kind,
                rest,
            ]
            .concat()
        };
        let none = |private: &[u8]| openssh_container("none", b"", 1, private);
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (b"openssh-key-v1".to_vec(), "ssh: invalid openssh private key format"),
            (b"openssh-key-v1\0".to_vec(), "ssh: parse error in message type 0"),
            (
                b"openssh-key-v1\0\0\0\0\x09none".to_vec(),
                "ssh: unmarshal error for field CipherName of type openSSHEncryptedPrivateKey",
            ),
            // two keys and a passphrase: the count is looked at first
            (
                openssh_container("aes256-ctr", b"", 2, b""),
                "ssh: multi-key files are not supported",
            ),
            (
                openssh_container("aes256-ctr", b"", 1, b""),
                "ssh: this private key is passphrase protected",
            ),
            (
                openssh_container("none", b"x", 1, b""),
                "ssh: invalid openssh private key",
            ),
            (none(&section(2, b"ssh-rsa", b"")), "ssh: malformed OpenSSH key"),
            (none(&section(1, b"ssh-dss", b"")), "ssh: unhandled key type"),
            (none(&section(1, b"ssh-rsa", b"")), "ssh: parse error in message type 0"),
            (none(&section(1, b"ssh-rsa", b"\0\0")), "ssh: short read"),
        ];
        for (bytes, message) in cases {
            assert_eq!(openssh_error(&bytes), invalid(message), "{message}");
        }
        // six numbers (zeros), no comment; then a comment and bad padding
        let zeros = [0u8; 24];
        assert_eq!(
            openssh_error(&openssh_container("none", b"", 1, &section(1, b"ssh-rsa", &zeros))),
            invalid("ssh: unmarshal error for field Comment of type openSSHRSAPrivateKey")
        );
        let padded = [&zeros[..], &[0, 0, 0, 0], &[1, 2, 4]].concat();
        assert_eq!(
            openssh_error(&openssh_container("none", b"", 1, &section(1, b"ssh-rsa", &padded))),
            invalid("ssh: padding not as expected")
        );
        let padded = [&zeros[..], &[0, 0, 0, 0], &[1, 2, 3]].concat();
        let parts = openssh(&openssh_container("none", b"", 1, &section(1, b"ssh-rsa", &padded))).unwrap();
        assert_eq!(validate(&parts).unwrap_err(), "crypto/rsa: public exponent too small");
    }

    #[test]
    fn pem_blocks_are_found_as_go_finds_them() {
        let meter = Meter::unlimited();
        let kind = |text: &str| pem_block(text.as_bytes(), &meter).unwrap().map(|b| (b.kind, b.bytes));
        // spaces and tabs in the body are ignored, other white space is not
        assert_eq!(
            kind("-----BEGIN A-----\nAA\tE A\r\n-----END A-----\n"),
            Some(("A".into(), vec![0, 1, 0]))
        );
        assert_eq!(kind("-----BEGIN A-----\nAA\u{a0}EA\n-----END A-----\n"), None);
        // the END line starts a line and has nothing after it
        assert_eq!(kind("-----BEGIN A-----\nAAEA x-----END A-----\n"), None);
        assert_eq!(kind("-----BEGIN A-----\nAAEA\n-----END A----- x\n"), None);
        assert_eq!(
            kind("-----BEGIN A-----\nAAEA\n-----END A----- \t\n"),
            Some(("A".into(), vec![0, 1, 0]))
        );
    }

    #[test]
    fn reading_and_decrypting_count_their_steps() {
        let pem = super::super::crypto::tests::PKCS1.as_bytes();
        let meter = Meter::unlimited();
        let key = parse(pem, &meter).unwrap();
        // the PEM read once, and the checks of a 1024-bit key's numbers
        // (17 words each at most: 17² + 2·17)
        assert_eq!(meter.spent(), crate::meter::string_work(pem.len()) + 17 * 17 + 2 * 17);
        assert_eq!(key.decryption_cost(), 17 * 17 * 17 / 8);
        // a key too big for the limit stops before its checks
        let big = BigInt::one() << 1_000_000;
        let der = encode(0, &big, 3, &big, &big, &big);
        let pem = format!(
            "-----BEGIN RSA PRIVATE KEY-----\n{}\n-----END RSA PRIVATE KEY-----\n",
            STANDARD.encode(&der)
        );
        let e = parse(pem.as_bytes(), &Meter::new(1_000_000)).unwrap_err();
        assert_eq!(e.argument, None);
        assert!(e.message.contains("step limit"), "{}", e.message);
    }
}
