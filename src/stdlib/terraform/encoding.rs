//! Terraform's base64 functions: `base64encode`, `base64decode`,
//! `base64gzip`, `textencodebase64` and `textdecodebase64`.

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, STANDARD};
use base64::engine::DecodePaddingMode;
use base64::Engine;

use super::TerraformOptions;
use crate::function::{Function, FunctionError, Parameter};
use crate::stdlib::str_arg;
use crate::value::{Type, Value};

/// This theme's functions (see `FAMILIES` in `mod.rs`).
pub(super) const FUNCTIONS: &[super::Entry] = &[
    ("base64decode", base64decode),
    ("base64encode", base64encode),
    ("base64gzip", base64gzip),
    ("textdecodebase64", textdecodebase64),
    ("textencodebase64", textencodebase64),
];

/// `base64encode(string)`: the string's UTF-8 bytes in Base64 (RFC 4648's
/// standard alphabet, with padding).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/base64encode`.
fn base64encode(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let s = str_arg(&args[0])?;
            m.spend_bytes(s.len() / 3 * 4 + 4)?;
            Ok(Value::from(STANDARD.encode(s)))
        })
}

/// Go's `base64.StdEncoding` as Terraform decodes with it: padding
/// required, and bits after the last whole byte ignored.
const GO_STD: GeneralPurpose = GeneralPurpose::new(
    &base64::alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireCanonical),
);

/// `base64decode(string)`: the string that Base64 text (the standard
/// alphabet, padded; line breaks are ignored, as Go's decoder ignores
/// them) encodes. Text that is not Base64 is an error, and so are decoded
/// bytes that are not UTF-8: Terraform's strings are Unicode text.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/base64decode`.
fn base64decode(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .implementation(|args, _| {
            let s = str_arg(&args[0])?;
            let bytes = decode(s).ok_or_else(|| {
                FunctionError::new(format!("failed to decode base64 data {}", crate::diagnostic::quoted(s)))
            })?;
            let text = String::from_utf8(bytes)
                .map_err(|_| FunctionError::new("the result of decoding the provided string is not valid UTF-8"))?;
            Ok(Value::from(text))
        })
}

/// Base64 text as Go's standard decoder reads it, or `None`.
pub(super) fn decode(s: &str) -> Option<Vec<u8>> {
    let cleaned: Vec<u8> = s.bytes().filter(|b| !matches!(b, b'\r' | b'\n')).collect();
    GO_STD.decode(cleaned).ok()
}

/// `base64gzip(string)`: the string's UTF-8 bytes compressed with gzip
/// (DEFLATE at the default level, a header with no name, no time and
/// "unknown" operating system, as Go's `gzip.Writer` writes it), in
/// Base64. The compressed bytes are a valid gzip stream of the same
/// text, but DEFLATE has many encodings of one input: they need not be
/// the very bytes Go's compressor writes, so the Base64 text can differ
/// from Terraform's (a known difference; what it decompresses to does
/// not).
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/base64gzip`, and
/// its implementation (`Base64GzipFunc` in `internal/lang/funcs/encoding.go`).
fn base64gzip(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("str", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            use std::io::Write;
            let s = str_arg(&args[0])?;
            m.spend_bytes(s.len())?;
            let failed = |e: std::io::Error| FunctionError::new(format!("failed to write gzip raw data: {e}"));
            let mut gz = flate2::GzBuilder::new()
                .operating_system(255)
                .write(Vec::new(), flate2::Compression::default());
            gz.write_all(s.as_bytes()).map_err(failed)?;
            let bytes = gz.finish().map_err(failed)?;
            m.spend_bytes(bytes.len() / 3 * 4 + 4)?;
            Ok(Value::from(STANDARD.encode(bytes)))
        })
}

/// A character encoding of `textencodebase64` and `textdecodebase64`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TextEncoding {
    Utf8,
    /// UTF-16 with a byte order mark: big-endian with one written first;
    /// read in the order a leading mark gives (and the mark dropped),
    /// big-endian without one.
    Utf16,
    Utf16Be,
    Utf16Le,
    Latin1,
    Windows1252,
    Ascii,
}

/// The encodings this crate supports, each with its IANA name (the one
/// Go's `ianaindex.IANA.Name` gives, which Terraform's messages show) and
/// every name and alias the IANA registry gives it, in lower case.
const TEXT_ENCODINGS: &[(TextEncoding, &str, &[&str])] = &[
    (TextEncoding::Utf8, "UTF-8", &["utf-8", "csutf8"]),
    (TextEncoding::Utf16, "UTF-16", &["utf-16", "csutf16"]),
    (TextEncoding::Utf16Be, "UTF-16BE", &["utf-16be", "csutf16be"]),
    (TextEncoding::Utf16Le, "UTF-16LE", &["utf-16le", "csutf16le"]),
    (
        TextEncoding::Latin1,
        "ISO_8859-1:1987",
        &[
            "iso_8859-1:1987",
            "iso-ir-100",
            "iso_8859-1",
            "iso-8859-1",
            "latin1",
            "l1",
            "ibm819",
            "cp819",
            "csisolatin1",
        ],
    ),
    (
        TextEncoding::Windows1252,
        "windows-1252",
        &["windows-1252", "cswindows1252"],
    ),
    (
        TextEncoding::Ascii,
        "US-ASCII",
        &[
            "us-ascii",
            "iso-ir-6",
            "ansi_x3.4-1968",
            "ansi_x3.4-1986",
            "iso_646.irv:1991",
            "iso646-us",
            "us",
            "ibm367",
            "cp367",
            "csascii",
        ],
    ),
];

/// windows-1252's bytes 0x80 to 0x9F (WHATWG's index, which Go's
/// `charmap.Windows1252` follows: the five bytes the code page leaves
/// out stand for the C1 controls of the same numbers); every other byte
/// is the code point of its number.
const WINDOWS_1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}', '\u{02C6}',
    '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}', '\u{0090}', '\u{2018}',
    '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}', '\u{02DC}', '\u{2122}', '\u{0161}',
    '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// The encoding called `name` (case-insensitive, surrounding spaces
/// ignored, as Go's `ianaindex` matches) and its IANA name, or
/// Terraform's error for argument 1.
fn text_encoding(name: &str) -> Result<(TextEncoding, &'static str), FunctionError> {
    let key = name.trim().to_lowercase();
    TEXT_ENCODINGS
        .iter()
        .find(|(_, _, names)| names.contains(&key.as_str()))
        .map(|(e, n, _)| (*e, *n))
        .ok_or_else(|| {
            FunctionError::argument(
                1,
                format!(
                    "{} is not a supported IANA encoding name or alias in this Terraform version",
                    crate::diagnostic::quoted(name)
                ),
            )
        })
}

impl TextEncoding {
    /// `s` in this encoding, or `None` when a character has no code in it.
    fn encode(self, s: &str) -> Option<Vec<u8>> {
        let units16 = |be: bool| {
            s.encode_utf16()
                .flat_map(move |u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect::<Vec<u8>>()
        };
        Some(match self {
            TextEncoding::Utf8 => s.as_bytes().to_vec(),
            TextEncoding::Utf16 => {
                let mut out = vec![0xFE, 0xFF];
                out.extend(units16(true));
                out
            }
            TextEncoding::Utf16Be => units16(true),
            TextEncoding::Utf16Le => units16(false),
            TextEncoding::Latin1 => s
                .chars()
                .map(|c| u8::try_from(u32::from(c)).ok())
                .collect::<Option<_>>()?,
            TextEncoding::Ascii => s
                .chars()
                .map(|c| c.is_ascii().then_some(c as u8))
                .collect::<Option<_>>()?,
            TextEncoding::Windows1252 => s
                .chars()
                .map(|c| match u32::from(c) {
                    n @ (0..=0x7F | 0xA0..=0xFF) => Some(n as u8),
                    _ => WINDOWS_1252_HIGH.iter().position(|&h| h == c).map(|i| 0x80 + i as u8),
                })
                .collect::<Option<_>>()?,
        })
    }

    /// The text `bytes` encode; bytes that encode no character become
    /// U+FFFD, as Go's decoders make them.
    fn decode(self, bytes: &[u8]) -> String {
        let utf16 = |bytes: &[u8], be: bool| {
            let units = bytes.chunks_exact(2).map(|p| {
                if be {
                    u16::from_be_bytes([p[0], p[1]])
                } else {
                    u16::from_le_bytes([p[0], p[1]])
                }
            });
            let mut out: String = char::decode_utf16(units)
                .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect();
            if bytes.len() % 2 == 1 {
                out.push(char::REPLACEMENT_CHARACTER);
            }
            out
        };
        match self {
            TextEncoding::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
            TextEncoding::Utf16 => match bytes {
                [0xFE, 0xFF, rest @ ..] => utf16(rest, true),
                [0xFF, 0xFE, rest @ ..] => utf16(rest, false),
                _ => utf16(bytes, true),
            },
            TextEncoding::Utf16Be => utf16(bytes, true),
            TextEncoding::Utf16Le => utf16(bytes, false),
            TextEncoding::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
            TextEncoding::Ascii => bytes
                .iter()
                .map(|&b| {
                    if b.is_ascii() {
                        char::from(b)
                    } else {
                        char::REPLACEMENT_CHARACTER
                    }
                })
                .collect(),
            TextEncoding::Windows1252 => bytes
                .iter()
                .map(|&b| match b {
                    0x80..=0x9F => WINDOWS_1252_HIGH[usize::from(b - 0x80)],
                    _ => char::from(b),
                })
                .collect(),
        }
    }
}

/// `textencodebase64(string, encoding_name)`: the string's characters in
/// the encoding named by an IANA name or alias (any case), in Base64.
/// This crate knows UTF-8, UTF-16 (big-endian after a byte order mark),
/// UTF-16BE, UTF-16LE, ISO-8859-1, windows-1252 and US-ASCII, under every
/// name the IANA registry gives them; any other name is Terraform's error
/// for a name it does not support (Terraform, through Go's
/// `golang.org/x/text`, also knows the other ISO-8859 parts, the other
/// Windows and DOS code pages, KOI8, Shift_JIS, EUC-JP, EUC-KR, GBK,
/// GB18030, Big5 and a few more: a known difference). A character the
/// encoding has no code for is an error.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/textencodebase64`,
/// and its implementation (`TextEncodeBase64Func` in
/// `internal/lang/funcs/encoding.go`, on `ianaindex.IANA`).
fn textencodebase64(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("string", Type::String).allow_dynamic())
        .param(Parameter::new("encoding", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let (s, name) = (str_arg(&args[0])?, str_arg(&args[1])?);
            let (encoding, iana) = text_encoding(name)?;
            m.spend_bytes(s.len() * 2)?;
            let bytes = encoding.encode(s).ok_or_else(|| {
                FunctionError::argument(
                    0,
                    format!("the given string contains characters that cannot be represented in {iana}"),
                )
            })?;
            Ok(Value::from(STANDARD.encode(bytes)))
        })
}

/// `textdecodebase64(source, encoding_name)`: the text that the bytes of
/// Base64 `source` encode in the encoding named by an IANA name or alias
/// (the encodings of `textencodebase64`). Text that is not Base64 is an
/// error, and so are bytes that encode no character in the encoding (an
/// incomplete UTF-16 pair, a byte past 0x7F in US-ASCII, ...), as is
/// text that decodes to U+FFFD, which Terraform cannot tell from such
/// bytes. A byte order mark is dropped for UTF-16 and kept, as the
/// character U+FEFF, for UTF-16BE and UTF-16LE.
///
/// Source: Terraform's function reference,
/// `developer.hashicorp.com/terraform/language/functions/textdecodebase64`,
/// and its implementation (`TextDecodeBase64Func` in
/// `internal/lang/funcs/encoding.go`).
fn textdecodebase64(_: &TerraformOptions) -> Function {
    Function::builder()
        .param(Parameter::new("source", Type::String).allow_dynamic())
        .param(Parameter::new("encoding", Type::String).allow_dynamic())
        .returns(Type::String)
        .result_not_null()
        .metered_implementation(|args, _, m| {
            let (s, name) = (str_arg(&args[0])?, str_arg(&args[1])?);
            let (encoding, iana) = text_encoding(name)?;
            m.spend_bytes(s.len() * 2)?;
            let bytes = go_decode(s).map_err(|at| {
                FunctionError::argument(
                    0,
                    format!("the given value is has an invalid base64 symbol at offset {at}"),
                )
            })?;
            let text = encoding.decode(&bytes);
            if text.contains(char::REPLACEMENT_CHARACTER) {
                return Err(FunctionError::argument(
                    0,
                    format!("the given string contains symbols that are not defined for {iana}"),
                ));
            }
            Ok(Value::from(text))
        })
}

/// Base64 text decoded as Go's `base64.StdEncoding.DecodeString` decodes
/// it (line breaks ignored, padding required), or the offset in `s` of
/// the byte it stops at (Go's `CorruptInputError`): the first byte
/// outside the alphabet, or for a group cut short or padded wrongly, the
/// start of that group.
fn go_decode(s: &str) -> Result<Vec<u8>, usize> {
    if let Some(bytes) = decode(s) {
        return Ok(bytes);
    }
    let alphabet = |b: u8| b.is_ascii_alphanumeric() || b == b'+' || b == b'/';
    let mut group_start = 0;
    let mut in_group = 0;
    let mut padding = false;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'\r' | b'\n' => continue,
            b'=' => padding = true,
            b if alphabet(b) && !padding => {}
            _ => return Err(i),
        }
        if in_group == 0 {
            group_start = i;
        }
        in_group = (in_group + 1) % 4;
    }
    Err(group_start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn call(name: &str, args: &[Value]) -> Result<Value, String> {
        let f = super::super::lookup(name, &TerraformOptions::default()).unwrap();
        f.call(args).map_err(|e| e.to_string())
    }

    fn ok(name: &str, args: &[&str]) -> String {
        let args: Vec<Value> = args.iter().map(|a| Value::from(*a)).collect();
        let v = call(name, &args).unwrap_or_else(|e| panic!("{name}{args:?}: {e}"));
        v.as_str().unwrap().to_string()
    }

    fn err(name: &str, args: &[&str]) -> String {
        let args: Vec<Value> = args.iter().map(|a| Value::from(*a)).collect();
        call(name, &args).expect_err(name)
    }

    #[test]
    fn textencodebase64_follows_terraforms_examples() {
        // developer.hashicorp.com/terraform/language/functions/textencodebase64
        assert_eq!(
            ok("textencodebase64", &["Hello World", "UTF-16LE"]),
            "SABlAGwAbABvACAAVwBvAHIAbABkAA=="
        );
        // .../textdecodebase64
        assert_eq!(
            ok("textdecodebase64", &["SABlAGwAbABvACAAVwBvAHIAbABkAA==", "UTF-16LE"]),
            "Hello World"
        );
        // names and aliases in any case, spaces around them ignored
        for name in ["utf-16le", "csUTF16LE", " UTF-16LE "] {
            assert_eq!(
                ok("textencodebase64", &["Hello World", name]),
                "SABlAGwAbABvACAAVwBvAHIAbABkAA=="
            );
        }
        assert_eq!(ok("textencodebase64", &["Hello", "UTF-8"]), "SGVsbG8=");
        assert_eq!(ok("textencodebase64", &["hé", "UTF-16BE"]), "AGgA6Q==");
        // UTF-16 writes a big-endian byte order mark first
        assert_eq!(ok("textencodebase64", &["A", "UTF-16"]), "/v8AQQ==");
        assert_eq!(ok("textencodebase64", &["😀", "UTF-16LE"]), "PdgA3g==");
        assert_eq!(ok("textencodebase64", &["é€", "windows-1252"]), "6YA=");
        assert_eq!(ok("textencodebase64", &["é", "latin1"]), "6Q==");
        assert_eq!(ok("textencodebase64", &["é", "ISO-8859-1"]), "6Q==");
        assert_eq!(ok("textencodebase64", &["ok", "US-ASCII"]), "b2s=");
    }

    #[test]
    fn textdecodebase64_reads_each_encoding() {
        assert_eq!(ok("textdecodebase64", &["/v8AQQ==", "UTF-16"]), "A");
        assert_eq!(ok("textdecodebase64", &["//5BAA==", "UTF-16"]), "A");
        assert_eq!(ok("textdecodebase64", &["AEE=", "UTF-16"]), "A");
        // UTF-16BE keeps a byte order mark as a character
        assert_eq!(ok("textdecodebase64", &["/v8AQQ==", "UTF-16BE"]), "\u{feff}A");
        assert_eq!(ok("textdecodebase64", &["6YA=", "windows-1252"]), "é€");
        assert_eq!(ok("textdecodebase64", &["6YA=", "latin1"]), "é\u{80}");
        for (text, enc) in [("ünïcödé 😀", "UTF-8"), ("ünïcödé 😀", "UTF-16"), ("ünïcödé", "l1")] {
            let b = ok("textencodebase64", &[text, enc]);
            assert_eq!(ok("textdecodebase64", &[&b, enc]), text, "{enc}");
        }
    }

    #[test]
    fn text_encoding_errors_are_terraforms() {
        assert_eq!(
            err("textencodebase64", &["x", "UTF-7"]),
            r#""UTF-7" is not a supported IANA encoding name or alias in this Terraform version"#
        );
        assert!(err("textdecodebase64", &["eA==", "nope"]).contains(r#""nope" is not a supported IANA"#));
        assert_eq!(
            err("textencodebase64", &["€", "latin1"]),
            "the given string contains characters that cannot be represented in ISO_8859-1:1987"
        );
        assert_eq!(
            err("textencodebase64", &["é", "us-ascii"]),
            "the given string contains characters that cannot be represented in US-ASCII"
        );
        // an odd byte, a lone surrogate, a byte past ASCII, invalid UTF-8
        for (b64, enc, iana) in [
            ("AEEA", "UTF-16BE", "UTF-16BE"),
            ("2AA=", "UTF-16BE", "UTF-16BE"),
            ("6Q==", "US-ASCII", "US-ASCII"),
            ("/w==", "UTF-8", "UTF-8"),
        ] {
            assert_eq!(
                err("textdecodebase64", &[b64, enc]),
                format!("the given string contains symbols that are not defined for {iana}")
            );
        }
        assert_eq!(
            err("textdecodebase64", &["SGV$bG8=", "UTF-8"]),
            "the given value is has an invalid base64 symbol at offset 3"
        );
        assert_eq!(
            err("textdecodebase64", &["SGVsbG8", "UTF-8"]),
            "the given value is has an invalid base64 symbol at offset 4"
        );
    }

    #[test]
    fn base64gzip_is_a_gzip_stream_of_the_text() {
        for text in ["", "test", "Hello World, hello world, hello world!\n", "ünïcödé 😀"] {
            let b64 = ok("base64gzip", &[text]);
            let bytes = STANDARD.decode(&b64).unwrap();
            // Go's gzip header: no flags, no time, no extra flags, OS unknown
            assert_eq!(bytes[..10], [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff], "{text:?}");
            let mut back = String::new();
            flate2::read::GzDecoder::new(&bytes[..])
                .read_to_string(&mut back)
                .unwrap();
            assert_eq!(back, text);
        }
        let unknown = call("base64gzip", &[Value::unknown(Type::String)]).unwrap();
        assert_eq!(unknown, Value::unknown(Type::String).refine_not_null());
    }
}
