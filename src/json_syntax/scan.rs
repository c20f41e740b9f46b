//! The JSON syntax's tokens, as the reference's scanner cuts them
//! (`json/scanner.go`): punctuation, strings (up to the closing quote or a
//! control character), numbers (any run of `-+.eE` and digits, checked by
//! the parser), keywords (letters and `_`), and one invalid byte, after
//! which scanning stops. Whitespace is space, tab, line feed and carriage
//! return.
//!
//! spec: json#structural-elements

use crate::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Comma,
    Colon,
    /// `=`, scanned only to tell the user that JSON uses a colon.
    Equals,
    Keyword,
    String,
    Number,
    Eof,
    Invalid,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Token {
    pub kind: Kind,
    pub span: Span,
}

/// The token at `p` (after whitespace) and where the next one starts;
/// after an invalid character the input ends (the next token is `Eof`).
#[inline]
pub(super) fn next_token(src: &[u8], mut p: usize) -> (Token, usize) {
    let tok = |kind, s: usize, e: usize| Token {
        kind,
        span: Span::new(s as u32, e as u32),
    };
    while p < src.len() && matches!(src[p], b' ' | b'\t' | b'\n' | b'\r') {
        p += 1;
    }
    let Some(&first) = src.get(p) else {
        return (tok(Kind::Eof, p, p), p);
    };
    let s = p;
    let kind = match first {
        b'{' => Kind::BraceO,
        b'}' => Kind::BraceC,
        b'[' => Kind::BrackO,
        b']' => Kind::BrackC,
        b',' => Kind::Comma,
        b':' => Kind::Colon,
        b'=' => Kind::Equals,
        b'"' => {
            let e = string_end(src, p);
            return (tok(Kind::String, s, e), e);
        }
        b'-' | b'+' | b'.' | b'0'..=b'9' => {
            while p < src.len() && matches!(src[p], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                p += 1;
            }
            return (tok(Kind::Number, s, p), p);
        }
        b'a'..=b'z' | b'A'..=b'Z' => {
            while p < src.len() && (src[p].is_ascii_alphabetic() || src[p] == b'_') {
                p += 1;
            }
            return (tok(Kind::Keyword, s, p), p);
        }
        _ => {
            // one invalid character (all of it), then the end
            let len = utf8_len(&src[p..]);
            return (tok(Kind::Invalid, s, s + len), src.len() + 1);
        }
    };
    (tok(kind, s, s + 1), s + 1)
}

/// The end of the string token starting at `at` (a `"`): after the closing
/// quote, or at a control character or the end of the input.
fn string_end(src: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    while i < src.len() {
        // the common bytes first
        let b = src[i];
        if b >= 32 && b != b'"' && b != b'\\' {
            i += 1;
            continue;
        }
        match b {
            b'\\' => i += if i + 1 < src.len() && src[i + 1] >= 32 { 2 } else { 1 },
            b'"' => return i + 1,
            b if b < 32 => return i,
            _ => i += 1,
        }
    }
    i
}

/// The length of the (possibly invalid) UTF-8 character at the start of
/// `b`: one for a byte that does not start a valid sequence.
fn utf8_len(b: &[u8]) -> usize {
    let n = match b.first() {
        Some(0xC0..=0xDF) => 2,
        Some(0xE0..=0xEF) => 3,
        Some(0xF0..=0xF7) => 4,
        _ => 1,
    };
    if n > 1 && b.len() >= n && std::str::from_utf8(&b[..n]).is_ok() {
        n
    } else {
        1
    }
}
