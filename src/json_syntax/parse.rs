//! The JSON syntax's parser: RFC 7159 values with every property kept in
//! order (repeats too), numbers as written, a range on every node, and the
//! reference's diagnostics (`json/parser.go`): a value that is wrong is
//! kept as an invalid node in its place, a structural error abandons the
//! object or array it is in (which becomes an invalid node), as there.
//!
//! spec: json#structural-elements, json#expressions

use std::borrow::Cow;

use super::scan::{next_token, Kind, Token};
use super::{number_value, Array, Node, Num, Object, Property, Str};
use crate::{Diagnostic, Span};

pub(super) struct Parser<'s> {
    src: &'s [u8],
    /// The next token, and where the one after it starts (past the end of
    /// the input once an invalid character ended it).
    cur: Token,
    next: usize,
    depth: u32,
    max_depth: u32,
    pub(super) diags: Vec<Diagnostic>,
    /// Where the input stopped being read because it nests too deeply.
    too_deep: bool,
}

impl<'s> Parser<'s> {
    pub(super) fn new(src: &'s [u8], start: usize, max_depth: u32) -> Parser<'s> {
        let (cur, next) = next_token(src, start);
        Parser {
            src,
            cur,
            next,
            depth: 0,
            max_depth,
            diags: Vec::new(),
            too_deep: false,
        }
    }

    #[inline]
    fn peek(&self) -> Token {
        self.cur
    }

    #[inline]
    fn read(&mut self) -> Token {
        let t = self.cur;
        if t.kind != Kind::Eof {
            self.cur = if self.next > self.src.len() {
                // an invalid character ends the input
                let end = t.span.end;
                Token {
                    kind: Kind::Eof,
                    span: Span::new(end, end),
                }
            } else {
                let (cur, next) = next_token(self.src, self.next);
                self.next = next;
                cur
            };
        }
        t
    }

    fn error(&mut self, summary: &str, detail: impl Into<String>, subject: Span) {
        self.diags.push(Diagnostic::error(summary, detail, subject));
    }

    /// The whole input as one value, and "Extraneous data after value"
    /// when it is followed by more (only when nothing else went wrong).
    pub(super) fn document(&mut self) -> Node<'s> {
        let node = self.value();
        if self.diags.is_empty() && self.peek().kind != Kind::Eof {
            let at = self.peek().span;
            self.error(
                "Extraneous data after value",
                "Extra characters appear after the JSON value.",
                at,
            );
        }
        node
    }

    /// `value`: always a node, an invalid one where the value is wrong.
    ///
    /// spec: json#expressions
    fn value(&mut self) -> Node<'s> {
        {
            let tok = self.peek();
            let parsed = match tok.kind {
                Kind::BraceO | Kind::BrackO if self.depth >= self.max_depth => {
                    self.nesting_too_deep(tok.span);
                    None
                }
                Kind::BraceO => self.nested(Self::object),
                Kind::BrackO => self.nested(Self::array),
                Kind::Number => self.number(),
                Kind::String => self.string(),
                Kind::Keyword => self.keyword(),
                Kind::BraceC => {
                    self.error(
                        "Missing JSON value",
                        "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                        tok.span,
                    );
                    None
                }
                Kind::BrackC => {
                    self.error(
                        "Missing array element value",
                        "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                        tok.span,
                    );
                    None
                }
                Kind::Eof => {
                    self.error("Missing value", "The JSON data ends prematurely.", tok.span);
                    None
                }
                _ => {
                    self.error(
                        "Invalid start of value",
                        "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                        tok.span,
                    );
                    None
                }
            };
            parsed.unwrap_or(Node::Invalid(tok.span))
        }
    }

    /// An object or array, one level deeper: on a fresh stack segment
    /// when the stack runs low (only nesting recurses).
    fn nested(&mut self, f: fn(&mut Self) -> Option<Node<'s>>) -> Option<Node<'s>> {
        self.depth += 1;
        let r = crate::stack::with_stack(|| f(self));
        self.depth -= 1;
        r
    }

    /// The input nests deeper than the limit: reported once, and the rest
    /// of the input is not read.
    fn nesting_too_deep(&mut self, at: Span) {
        if !self.too_deep {
            self.too_deep = true;
            self.error(
                "Nesting too deep",
                format!(
                    "Objects and arrays nest more than {} levels deep here, the most this parser accepts \
                     (ParseOptions::max_depth; the hcl tool's --max-depth).",
                    self.max_depth
                ),
                at,
            );
        }
        // nothing after this point is read
        let end = self.src.len() as u32;
        self.cur = Token {
            kind: Kind::Eof,
            span: Span::new(end, end),
        };
        self.next = self.src.len();
    }

    /// Skips to the end of the construct after an error, as the
    /// reference's `recover` does.
    fn recover(&mut self, mut tok: Token, open_kind: Kind, close_kind: Kind) {
        let mut open = 1;
        loop {
            match tok.kind {
                k if k == open_kind => open += 1,
                k if k == close_kind => {
                    open -= 1;
                    if open <= 1 {
                        return;
                    }
                }
                Kind::Eof => return,
                _ => {}
            }
            tok = self.read();
        }
    }

    /// `object = "{" [ member *( "," member ) ] "}"`.
    ///
    /// spec: json#objects
    fn object(&mut self) -> Option<Node<'s>> {
        let open = self.read();
        let mut properties = Vec::new();
        loop {
            if self.peek().kind == Kind::BraceC {
                break;
            }
            let mut key = self.value();
            let name = match &mut key {
                Node::String(s) => Some(Str {
                    value: std::mem::take(&mut s.value),
                    span: s.span,
                }),
                _ => None,
            };
            let Some(name) = name else {
                if !self.too_deep {
                    let at = key.start_span();
                    self.error(
                        "Invalid object property name",
                        "A JSON object property name must be a string",
                        at,
                    );
                }
                return None;
            };
            let colon = self.read();
            if colon.kind != Kind::Colon {
                self.recover(colon, Kind::BraceO, Kind::BraceC);
                let (summary, detail) = match colon.kind {
                    Kind::BraceC | Kind::Comma => (
                        "Missing object value",
                        "A JSON object attribute must have a value, introduced by a colon.",
                    ),
                    Kind::Equals => (
                        "Missing property value colon",
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                    ),
                    _ => (
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                    ),
                };
                self.error(summary, detail, colon.span);
                return None;
            }
            let value = self.value();
            properties.push(Property { name, value });
            match self.peek().kind {
                Kind::Comma => {
                    let comma = self.read();
                    if self.peek().kind == Kind::BraceC {
                        self.error(
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                            comma.span,
                        );
                        return None;
                    }
                }
                Kind::Eof => {
                    if !self.too_deep {
                        self.error(
                            "Unclosed object",
                            "No closing brace was found for this JSON object.",
                            open.span,
                        );
                    }
                    return None;
                }
                Kind::BrackC => {
                    self.read();
                    let at = self.peek().span;
                    self.error(
                        "Mismatched braces",
                        "A JSON object must be closed with a brace, not a bracket.",
                        at,
                    );
                    return None;
                }
                Kind::BraceC => break,
                _ => {
                    let t = self.read();
                    self.recover(t, Kind::BraceO, Kind::BraceC);
                    let at = self.peek().span;
                    self.error(
                        "Missing attribute seperator comma",
                        "A comma must appear between each property definition in an object.",
                        at,
                    );
                    return None;
                }
            }
        }
        let close = self.read();
        // the tree keeps no spare capacity (a large file has millions of
        // small objects)
        properties.shrink_to_fit();
        Some(Node::Object(Object {
            properties,
            span: open.span.to(close.span),
            open: open.span,
            close: close.span,
        }))
    }

    /// `array = "[" [ value *( "," value ) ] "]"`.
    ///
    /// spec: json#arrays
    fn array(&mut self) -> Option<Node<'s>> {
        let open = self.read();
        let mut elements = Vec::new();
        loop {
            if self.peek().kind == Kind::BrackC {
                break;
            }
            elements.push(self.value());
            match self.peek().kind {
                Kind::Comma => {
                    let comma = self.read();
                    if self.peek().kind == Kind::BrackC {
                        self.error(
                            "Trailing comma in array",
                            "JSON does not permit a trailing comma after the final value in an array.",
                            comma.span,
                        );
                        return None;
                    }
                }
                Kind::Colon => {
                    let t = self.read();
                    self.recover(t, Kind::BrackO, Kind::BrackC);
                    let at = self.peek().span;
                    self.error(
                        "Invalid array value",
                        "A colon is not used to introduce values in a JSON array.",
                        at,
                    );
                    return None;
                }
                Kind::Eof => {
                    let t = self.read();
                    self.recover(t, Kind::BrackO, Kind::BrackC);
                    if !self.too_deep {
                        self.error(
                            "Unclosed object",
                            "No closing bracket was found for this JSON array.",
                            open.span,
                        );
                    }
                    return None;
                }
                Kind::BraceC => {
                    let t = self.read();
                    self.recover(t, Kind::BrackO, Kind::BrackC);
                    let at = self.peek().span;
                    self.error(
                        "Mismatched brackets",
                        "A JSON array must be closed with a bracket, not a brace.",
                        at,
                    );
                    return None;
                }
                Kind::BrackC => break,
                _ => {
                    let t = self.read();
                    self.recover(t, Kind::BrackO, Kind::BrackC);
                    let at = self.peek().span;
                    self.error(
                        "Missing attribute seperator comma",
                        "A comma must appear between each value in an array.",
                        at,
                    );
                    return None;
                }
            }
        }
        let close = self.read();
        elements.shrink_to_fit();
        Some(Node::Array(Array {
            elements,
            span: open.span.to(close.span),
            open: open.span,
        }))
    }

    /// `number = [ minus ] int [ frac ] [ exp ]`, kept as written.
    ///
    /// spec: json#numbers
    fn number(&mut self) -> Option<Node<'s>> {
        let tok = self.read();
        let text = &self.src[tok.span.range()];
        let parsed = std::str::from_utf8(text)
            .ok()
            .filter(|t| is_json_number(t.as_bytes()))
            .and_then(|t| number_value(t).ok().map(|n| (t, n)));
        match parsed {
            Some((text, value)) => Some(Node::Number(Num {
                text,
                value,
                span: tok.span,
            })),
            None => {
                self.error(
                    "Invalid JSON number",
                    "There is a syntax error in the given JSON number.",
                    tok.span,
                );
                None
            }
        }
    }

    /// `string = quotation-mark *char quotation-mark`, unescaped.
    ///
    /// spec: json#strings
    fn string(&mut self) -> Option<Node<'s>> {
        let tok = self.read();
        let text = &self.src[tok.span.range()];
        // the common case: closed, no escape, valid UTF-8
        if text.len() >= 2
            && text[text.len() - 1] == b'"'
            && memchr::memchr(b'\\', &text[1..text.len() - 1]).is_none()
            && let Ok(value) = std::str::from_utf8(&text[1..text.len() - 1])
        {
            return Some(Node::String(Str {
                value: Cow::Borrowed(value),
                span: tok.span,
            }));
        }
        match unescape(text) {
            Ok(value) => Some(Node::String(Str { value, span: tok.span })),
            Err(offset) => {
                // the reference's range: one byte after the bytes its
                // decoder had read when it failed
                // when its decoder ran to the end of the input, that byte
                // is past it: the end then (D-json-eof-range)
                let len = self.src.len() as u32;
                let at = (tok.span.start + offset as u32).min(len);
                let subject = Span::new(at, (at + 1).min(len));
                self.diags.push(
                    Diagnostic::error(
                        "Invalid JSON string",
                        "There is a syntax error in the given JSON string.",
                        subject,
                    )
                    .with_context(tok.span),
                );
                None
            }
        }
    }

    /// `true`, `false`, `null`; any other word is an error.
    ///
    /// spec: json#boolean-values, json#the-null-value
    fn keyword(&mut self) -> Option<Node<'s>> {
        let tok = self.read();
        let word = std::str::from_utf8(&self.src[tok.span.range()]).unwrap_or("");
        match word {
            "true" => Some(Node::Bool(true, tok.span)),
            "false" => Some(Node::Bool(false, tok.span)),
            "null" => Some(Node::Null(tok.span)),
            "undefined" | "NaN" | "Infinity" => {
                self.error(
                    "Invalid JSON keyword",
                    format!(
                        "The JavaScript identifier {} cannot be used in JSON.",
                        crate::diagnostic::quoted(word)
                    ),
                    tok.span,
                );
                None
            }
            _ => {
                let hint = crate::suggest::did_you_mean_first(word, ["false", "true", "null"]);
                self.error(
                    "Invalid JSON keyword",
                    format!("{} is not a valid JSON keyword.{hint}", crate::diagnostic::quoted(word)),
                    tok.span,
                );
                None
            }
        }
    }
}

/// RFC 7159's `number`: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
pub(super) fn is_json_number(b: &[u8]) -> bool {
    let mut i = 0;
    let digits = |i: &mut usize| {
        let s = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > s
    };
    if b.first() == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// The text of a string token (quotes included) with its escapes
/// replaced, as Go's `encoding/json` decodes it: invalid UTF-8 and lone
/// surrogates become U+FFFD. On a syntax error, the number of bytes read
/// when it was found (the bad byte included; the whole token at its end).
fn unescape(tok: &[u8]) -> Result<Cow<'_, str>, usize> {
    // the closing quote: the first one not escaped, which the scanner
    // made the token's last byte when there is one
    let mut i = 1;
    let mut escapes = false;
    while i < tok.len() && tok[i] != b'"' {
        escapes |= tok[i] == b'\\';
        i += if tok[i] == b'\\' { 2 } else { 1 };
    }
    if i + 1 != tok.len() {
        // unterminated: found at the end
        return Err(tok.len());
    }
    let end = tok.len();
    let body = &tok[1..end - 1];
    if !escapes {
        return Ok(String::from_utf8_lossy(body));
    }
    let mut out: Vec<u8> = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        // bytes read so far: the quote, `i` bytes, the backslash and the
        // selector
        let Some(&sel) = body.get(i + 1) else {
            return Err(end);
        };
        let simple = match sel {
            b'"' => Some(b'"'),
            b'\\' => Some(b'\\'),
            b'/' => Some(b'/'),
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(b'\n'),
            b'r' => Some(b'\r'),
            b't' => Some(b'\t'),
            b'u' => None,
            _ => return Err(i + 3),
        };
        if let Some(c) = simple {
            out.push(c);
            i += 2;
            continue;
        }
        let hex = |at: usize| -> Result<u32, usize> {
            let mut v = 0u32;
            for k in 0..4 {
                let Some(d) = body.get(at + k).and_then(|c| (*c as char).to_digit(16)) else {
                    return Err(at + k + 2);
                };
                v = v * 16 + d;
            }
            Ok(v)
        };
        let first = hex(i + 2)?;
        i += 6;
        let c = if (0xD800..0xDC00).contains(&first) && body.get(i) == Some(&b'\\') && body.get(i + 1) == Some(&b'u') {
            match hex(i + 2) {
                Ok(second) if (0xDC00..0xE000).contains(&second) => {
                    i += 6;
                    char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                }
                // not a low surrogate: this one alone is replaced, the next
                // escape read on its own
                Ok(_) => None,
                Err(e) => return Err(e),
            }
        } else {
            char::from_u32(first)
        };
        let c = c.unwrap_or('\u{FFFD}');
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    Ok(Cow::Owned(match String::from_utf8(out) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_numbers() {
        for ok in ["0", "-0", "12", "1.5", "1e5", "1E+5", "-1.25e-3"] {
            assert!(is_json_number(ok.as_bytes()), "{ok}");
        }
        for bad in ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "1-2", "--1"] {
            assert!(!is_json_number(bad.as_bytes()), "{bad}");
        }
    }

    #[test]
    fn escapes() {
        assert_eq!(unescape(br#""a\nb""#).unwrap(), "a\nb");
        assert_eq!(unescape(br#""\u00e9\ud83d\ude00""#).unwrap(), "é😀");
        assert_eq!(unescape(br#""\ud800x""#).unwrap(), "\u{FFFD}x");
        assert_eq!(unescape(br#""a\x""#), Err(4));
        assert_eq!(unescape(br#""abc"#), Err(4));
        assert_eq!(unescape(b"\"ab"), Err(3));
    }
}
