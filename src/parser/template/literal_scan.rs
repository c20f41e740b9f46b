//! The scanner of template literal text, which the spec defines in prose
//! rather than EBNF: the bytes up to the next interpolation, directive or
//! end of the template, with `$${` and `%%{` standing for `${` and `%{`,
//! and (in quoted templates) escape sequences decoded.
//!
//! spec: hclsyntax#template-literals, hclsyntax#template-expressions

use super::super::context::{bytes, pos, skip, Ctx};
use super::super::lexical::decode_char;
use super::super::Input;
use super::Flavor;
use crate::ast::{Template, TemplateDirective, TemplateLiteral, TemplatePart};
use crate::diagnostic::Diagnostic;
use crate::lexical::{closing_marker_len, sequence_start, starts_escaped_sequence};
use crate::span::Span;

/// Literal text up to the next interpolation, directive or end of the
/// template. `$${` and `%%{` stand for `${` and `%{`; in quoted templates
/// escape sequences are decoded. Invalid UTF-8 becomes U+FFFD (the bytes
/// were already reported). Returns `None` for no text at all.
///
/// spec: hclsyntax#template-literals, hclsyntax#template-expressions
#[inline]
pub(crate) fn template_literal<'a>(
    cx: &Ctx<'a>,
    i: Input<'a>,
    flavor: Flavor<'_>,
) -> (Input<'a>, Option<TemplateLiteral<'a>>) {
    let base = pos(&i) as usize;
    let b = bytes(&i);
    let mut text = LiteralText::new(base);
    let special = match flavor {
        Flavor::Quoted => &QUOTED_SPECIAL,
        Flavor::Heredoc { .. } => &HEREDOC_SPECIAL,
        Flavor::Standalone => &STANDALONE_SPECIAL,
    };
    let mut n = 0;
    let mut line_start = base == 0 || cx.src[base - 1] == b'\n';
    while n < b.len() {
        if line_start {
            line_start = false;
            if let Flavor::Heredoc { marker } = flavor
                && closing_marker_len(&b[n..], marker).is_some()
            {
                break;
            }
        }
        // the bulk of a literal: bytes with no meaning here
        while n < b.len() && !special[b[n] as usize] {
            n += 1;
        }
        let Some(&c) = b.get(n) else { break };
        match c {
            b'$' | b'%' if sequence_start(&b[n..]).is_some() => break,
            b'$' | b'%' if starts_escaped_sequence(&b[n..]) => {
                // `$${` is `${`: keep one `$` and the brace
                text.take_raw(cx, base + n);
                text.skip_to(base + n + 1);
                n += 3;
            }
            b'$' | b'%' => n += 1,
            b'"' => break,
            b'\n' if matches!(flavor, Flavor::Quoted) => break,
            b'\r' if b.get(n + 1) == Some(&b'\n') => break,
            b'\r' => n += 1,
            b'\\' => match b.get(n + 1) {
                // a backslash last in the input, or before a newline, is just
                // a character: the string is then unterminated
                None => n += 1,
                Some(b'\n' | b'\r') => n += 1,
                Some(_) => n += escape(cx, &b[n..], base + n, &mut text),
            },
            _ => {
                // a newline in a heredoc
                n += 1;
                line_start = true;
            }
        }
    }
    let end = base + n;
    let literal = (n > 0).then(|| TemplateLiteral {
        value: text.finish(cx, end),
        span: Span::new(base as u32, end as u32),
    });
    (skip(i, n), literal)
}

/// The offset of the first byte of `b` that has a meaning in a quoted
/// template (`QUOTED_SPECIAL`: `"`, `\\`, `$`, `%`, a newline or CR),
/// if any: the plain text before it is the literal's. The first
/// [`SHORT`] bytes are read one at a time through the table (most strings
/// end there, and a vectorised scan costs more to set up than that), the
/// rest by two vectorised scans of three bytes each, so a long string is
/// read at memory speed.
#[inline]
pub(crate) fn plain_text_len(b: &[u8]) -> Option<usize> {
    let head = &b[..b.len().min(SHORT)];
    if let Some(k) = head.iter().position(|&c| QUOTED_SPECIAL[c as usize]) {
        return Some(k);
    }
    let rest = &b[head.len()..];
    let end = memchr::memchr3(b'"', b'\\', b'\n', rest);
    let before = end.map_or(rest, |e| &rest[..e]);
    memchr::memchr3(b'$', b'%', b'\r', before)
        .or(end)
        .map(|k| head.len() + k)
}

/// The length of the text of a plain quoted string at the start of `b`:
/// an opening quote, text with nothing to unescape or interpolate
/// ([`plain_text_len`]) and the closing quote; `None` for anything else.
#[inline]
pub(crate) fn plain_quoted_len(b: &[u8]) -> Option<usize> {
    let (b'"', b) = b.split_first()? else {
        return None;
    };
    plain_text_len(b).filter(|&len| b[len] == b'"')
}

/// How many bytes [`plain_text_len`] reads one at a time.
const SHORT: usize = 32;

/// Bytes that end the plain run of a literal, per flavour.
static QUOTED_SPECIAL: [bool; 256] = special(b"$%\"\\\n\r");
static HEREDOC_SPECIAL: [bool; 256] = special(b"$%\n");
static STANDALONE_SPECIAL: [bool; 256] = special(b"$%");

const fn special(bytes: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut k = 0;
    while k < bytes.len() {
        t[bytes[k] as usize] = true;
        k += 1;
    }
    t
}

/// Decodes the escape sequence at the start of `b` (a backslash) into
/// `text` and returns its length. An invalid escape is reported and left
/// as written (without the backslash when it is a single bad selector).
///
/// spec: hclsyntax#template-expressions
fn escape(cx: &Ctx<'_>, b: &[u8], at: usize, text: &mut LiteralText) -> usize {
    let simple = match b[1] {
        b'n' => Some('\n'),
        b'r' => Some('\r'),
        b't' => Some('\t'),
        b'"' => Some('"'),
        b'\\' => Some('\\'),
        _ => None,
    };
    text.take_raw(cx, at);
    if let Some(c) = simple {
        text.push(c);
        text.skip_to(at + 2);
        return 2;
    }
    let digits = match b[1] {
        b'u' => 4,
        b'U' => 8,
        _ => {
            // the selector is one character (whatever its encoding)
            let len = decode_char(&b[1..]).map_or(1, |(_, n)| n);
            let selector = String::from_utf8_lossy(&b[1..1 + len]);
            cx.report(Diagnostic::error(
                "Invalid escape sequence",
                format!(
                    "The symbol \"{selector}\" is not a valid escape sequence selector; the valid ones are \\n, \\r, \\t, \\\", \\\\, \\uNNNN and \\UNNNNNNNN."
                ),
                Span::new(at as u32, (at + 1 + len) as u32),
            ));
            // keep the selector, drop the backslash
            text.skip_to(at + 1);
            return 1;
        }
    };
    let hex = b.get(2..2 + digits).filter(|h| h.iter().all(u8::is_ascii_hexdigit));
    let Some(hex) = hex else {
        let len = 2 + b[2..].iter().take(digits).take_while(|c| c.is_ascii_hexdigit()).count();
        cx.report(Diagnostic::error(
            "Invalid escape sequence",
            format!(
                "The \\{} escape sequence must be followed by {} hexadecimal digits.",
                b[1] as char,
                if digits == 4 { "four" } else { "eight" }
            ),
            Span::new(at as u32, (at + len) as u32),
        ));
        return len; // left as written
    };
    let code = hex
        .iter()
        .fold(0u32, |acc, h| acc * 16 + (*h as char).to_digit(16).unwrap_or(0));
    match char::from_u32(code) {
        Some(c) => {
            text.push(c);
            text.skip_to(at + 2 + digits);
        }
        None => cx.report(Diagnostic::error(
            "Invalid escape sequence",
            format!("U+{code:04X} is not a Unicode scalar value, so it cannot appear in a string."),
            Span::new(at as u32, (at + 2 + digits) as u32),
        )),
    }
    2 + digits
}

/// The text of a template literal under construction: borrowed from the
/// source until something (an escape, `$${`) makes it differ, then built
/// up and copied into the arena.
struct LiteralText {
    /// Start of the source bytes not yet copied.
    raw_start: usize,
    owned: Option<String>,
}

impl LiteralText {
    fn new(start: usize) -> Self {
        LiteralText {
            raw_start: start,
            owned: None,
        }
    }

    /// Copies the source bytes from the last copy point to `end`.
    fn take_raw(&mut self, cx: &Ctx<'_>, end: usize) {
        let raw = cx.text(self.raw_start, end);
        self.owned.get_or_insert_with(String::new).push_str(raw);
        self.raw_start = end;
    }

    fn skip_to(&mut self, at: usize) {
        self.raw_start = at;
    }

    fn push(&mut self, c: char) {
        self.owned.get_or_insert_with(String::new).push(c);
    }

    fn finish<'a>(mut self, cx: &Ctx<'a>, end: usize) -> &'a str {
        match self.owned {
            None => cx.text(self.raw_start, end),
            Some(_) => {
                self.take_raw(cx, end);
                cx.arena.alloc_str(&self.owned.unwrap_or_default())
            }
        }
    }
}

/// Whether the quoted string whose text starts at `b` (after its opening
/// quote) holds a template sequence (`${` or `%{`, not escaped as `$${`
/// or `%%{`) before its end: a string literal then reads as a template
/// (see `quoted::string_lit`). Reports nothing: escapes are only skipped.
pub(crate) fn holds_sequence(b: &[u8]) -> bool {
    let mut n = 0;
    while let Some(&c) = b.get(n) {
        match c {
            b'"' | b'\n' => return false,
            // (a backslash before a newline is just a character)
            b'\\' if !matches!(b.get(n + 1), Some(b'\n' | b'\r')) => n += 2,
            b'$' | b'%' if b.get(n + 1) == Some(&b'{') => return true,
            b'$' | b'%' if b.get(n + 1) == Some(&c) && b.get(n + 2) == Some(&b'{') => n += 3,
            _ => n += 1,
        }
    }
    false
}

/// The value of a string literal that holds template sequences (see
/// `quoted::string_lit`): its literal text, with `${ ... }` or `%{ ... }`
/// standing for each sequence, as the reference implementation does, and
/// an error for each sequence's opening tag.
pub(crate) fn string_lit_stand_in<'a>(cx: &Ctx<'a>, open: Span, template: &Template<'a>) -> &'a str {
    enum Work<'t> {
        Parts(&'t [TemplatePart<'t>]),
        Tag(u32, char),
    }
    let mut value = String::new();
    // a stack, not recursion: directives may nest as deep as the parser allows
    let mut work = vec![Work::Parts(template.parts)];
    while let Some(w) = work.pop() {
        let (part, rest) = match w {
            Work::Tag(at, sigil) => {
                let seq = Span::new(at, at + 2);
                cx.report(
                    Diagnostic::error(
                        "Invalid string literal",
                        "Template sequences are not allowed in this string. To include a literal \"$\" or \"%\" \
                         before \"{\", double it (as \"$${\" or \"%%{\").",
                        seq,
                    )
                    .with_context(open.to(seq)),
                );
                value.push(sigil);
                value.push_str("{ ... }");
                continue;
            }
            Work::Parts([]) => continue,
            Work::Parts([part, rest @ ..]) => (part, rest),
        };
        work.push(Work::Parts(rest));
        match part {
            TemplatePart::Literal(l) => value.push_str(l.value),
            TemplatePart::Interpolation(x) => work.push(Work::Tag(x.span.start, '$')),
            // a template's span ends where the tag after it starts
            TemplatePart::Directive(TemplateDirective::If(d)) => {
                work.push(Work::Tag(d.else_template.unwrap_or(d.then_template).span.end, '%'));
                if let Some(e) = &d.else_template {
                    work.push(Work::Parts(e.parts));
                    work.push(Work::Tag(d.then_template.span.end, '%'));
                }
                work.push(Work::Parts(d.then_template.parts));
                work.push(Work::Tag(d.span.start, '%'));
            }
            TemplatePart::Directive(TemplateDirective::For(d)) => {
                work.push(Work::Tag(d.body.span.end, '%'));
                work.push(Work::Parts(d.body.parts));
                work.push(Work::Tag(d.span.start, '%'));
            }
        }
    }
    cx.arena.alloc_str(&value)
}

#[cfg(test)]
mod tests {
    use super::{plain_text_len, QUOTED_SPECIAL};

    #[test]
    fn plain_text_ends_at_the_first_special_byte_of_a_quoted_template() {
        let by_table = |b: &[u8]| b.iter().position(|c| QUOTED_SPECIAL[*c as usize]);
        let pieces: [&[u8]; 9] = [b"ab", b"\"", b"\\", b"$", b"%", b"\n", b"\r", b"{", "é".as_bytes()];
        // every string of up to four pieces, and long runs around them
        let mut cases: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<Vec<u8>> = cases
                .iter()
                .flat_map(|c| pieces.iter().map(move |p| [c.as_slice(), p].concat()))
                .collect();
            cases.extend(longer);
            cases.dedup();
        }
        for c in cases.iter().take(20_000) {
            assert_eq!(plain_text_len(c), by_table(c), "{c:?}");
            // around the end of the bytes read one at a time, and past it
            for pad in [29, 30, 31, 32, 33, 100] {
                let long = [b"x".repeat(pad).as_slice(), c, b"y".repeat(70).as_slice()].concat();
                assert_eq!(plain_text_len(&long), by_table(&long), "{long:?}");
            }
        }
    }
}
