//! Lexical elements: whitespace, comments, newlines, identifiers, numbers,
//! and descriptions of the token found where something else was expected.
//!
//! spec: hclsyntax#lexical-elements, hclsyntax#operators-and-delimiters

use super::context::{bytes, pos, skip, Ctx, Newlines};
use super::error::{Expected, PError};
use super::{Input, PResult};
use crate::ast::{Identifier, NumericLit};
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::one_of;
use nom::combinator::{opt, recognize};
use nom::sequence::preceded;
use nom::Parser;

pub(crate) use crate::lexical::{continues_identifier, decode_char, identifier_len, is_id_start, unused_character_len};
use crate::lexical::{inline_comment_len, line_comment_len, newline_len, starts_line_comment};

/// Skips whitespace and comments after a token: spaces, tabs and inline
/// comments always; newlines and line comments too when the current mode
/// ignores newlines.
///
/// spec: hclsyntax#comments-and-whitespace
#[inline]
pub(crate) fn trivia<'a>(cx: &Ctx<'a>, i: Input<'a>) -> Input<'a> {
    token(cx, i, 0)
}

/// Skips an `n`-byte token and the trivia after it, in one step.
// inlined into every token reader: out of line it costs a call per token
#[inline(always)]
pub(crate) fn token<'a>(cx: &Ctx<'a>, i: Input<'a>, n: usize) -> Input<'a> {
    let b = bytes(&i);
    let n = n.min(b.len());
    let m = match b.get(n) {
        Some(b' ' | b'\t' | b'\n' | b'\r' | b'#' | b'/') => trivia_len(cx, &b[n..], pos(&i) + n as u32),
        _ => 0,
    };
    if n + m == 0 {
        i
    } else {
        skip(i, n + m)
    }
}

/// The length of the trivia at the start of `b` (which starts at offset
/// `base` of the input).
#[inline]
pub(crate) fn trivia_len(cx: &Ctx<'_>, b: &[u8], base: u32) -> usize {
    skip_trivia(cx, b, base, cx.newlines() == Newlines::Ignored)
}

/// The offset of the first token at or after `at` on the same line: only
/// spaces, tabs and inline comments are skipped, so a newline counts as a
/// token (what an error "right after" something should point at).
pub(crate) fn next_on_line(cx: &Ctx<'_>, at: u32) -> u32 {
    let start = (at as usize).min(cx.src.len());
    at + skip_trivia(cx, &cx.src[start..], at, false) as u32
}

/// The length of the trivia at the start of `b`: spaces, tabs, inline
/// comments, and (when `newlines` is set) newlines and line comments.
#[inline(always)]
fn skip_trivia(cx: &Ctx<'_>, b: &[u8], base: u32, newlines: bool) -> usize {
    let mut n = 0;
    while let Some(b' ' | b'\t') = b.get(n) {
        n += 1;
    }
    match b.get(n) {
        // where newlines count, a line end is a token: nothing more to skip
        // (the common case after the last token of a line)
        Some(b'\n' | b'\r' | b'#') if newlines => skip_trivia_slow(cx, b, base, newlines, n),
        Some(b'/') => skip_trivia_slow(cx, b, base, newlines, n),
        _ => n,
    }
}

/// The rest of [`skip_trivia`], from the first byte that is not a space or
/// a tab.
#[inline(never)]
fn skip_trivia_slow(cx: &Ctx<'_>, b: &[u8], base: u32, newlines: bool, mut n: usize) -> usize {
    loop {
        match b.get(n) {
            Some(b' ' | b'\t') => n += 1,
            Some(b'\n') if newlines => {
                // a newline and the indentation of the next line
                n += 1;
                while let Some(b' ' | b'\t') = b.get(n) {
                    n += 1;
                }
            }
            Some(b'\r') if newlines && b.get(n + 1) == Some(&b'\n') => n += 2,
            Some(b'#') if newlines => n = line_comment(cx, b, n, base),
            Some(b'/') if newlines && b.get(n + 1) == Some(&b'/') => n = line_comment(cx, b, n, base),
            Some(b'/') if b.get(n + 1) == Some(&b'*') => n = inline_comment_end(cx, b, n, base),
            _ => return n,
        }
    }
}

/// Skips whitespace, comments and newlines, whatever the mode: between the
/// items of a body, where blank lines carry no meaning.
#[inline]
pub(crate) fn trivia_and_newlines<'a>(cx: &Ctx<'a>, i: Input<'a>) -> Input<'a> {
    let n = trivia_and_newlines_len(cx, &i);
    if n == 0 {
        i
    } else {
        skip(i, n)
    }
}

/// The length of the trivia and newlines at `i`, without consuming them.
#[inline]
pub(crate) fn trivia_and_newlines_len(cx: &Ctx<'_>, i: &Input<'_>) -> usize {
    skip_trivia(cx, i.fragment(), pos(i), true)
}

/// The offset just past the newline that ends the line comment at `n`
/// (or the end of input), as `lexical::line_comment_len` reads it. A
/// carriage return not
/// followed by a line feed is not a newline sequence, so it does not end
/// the comment: in a file with CR-only line ends everything after a line
/// comment is commented out. The first such CR inside a line comment is
/// reported as a warning, once per parse (the result is unchanged: the
/// comment still runs to the next LF).
///
/// Inline comments are not checked: they end at `*/` whatever the line
/// ends inside them, so a lone CR there cannot hide anything, and a lone CR
/// after one is an invalid character, reported as such.
///
/// spec: hclsyntax#comments-and-whitespace
fn line_comment(cx: &Ctx<'_>, b: &[u8], n: usize, base: u32) -> usize {
    let end = n + line_comment_len(&b[n..]);
    if !cx.lone_cr_in_comment.get() {
        let comment = &b[n..end];
        let lone = memchr::memchr_iter(b'\r', comment).find(|&k| comment.get(k + 1) != Some(&b'\n'));
        if let Some(k) = lone {
            cx.lone_cr_in_comment.set(true);
            let at = base + (n + k) as u32;
            cx.report(Diagnostic::warning(
                "Carriage return inside a comment",
                "A carriage return (U+000D) that is not followed by a line feed does not end a line in HCL, so \
                 the rest of this line, up to the next line feed, is part of the comment and is ignored. If this \
                 file uses carriage returns alone as line ends, convert it to LF or CR LF line endings.",
                Span::new(at, at + 1),
            ));
        }
    }
    end
}

/// The offset just past the `*/` that ends the inline comment at `n`;
/// an unterminated comment runs to the end of input and is reported.
fn inline_comment_end(cx: &Ctx<'_>, b: &[u8], n: usize, base: u32) -> usize {
    match inline_comment_len(&b[n..]) {
        Some(len) => n + len,
        None if cx.unterminated_comment.replace(true) => b.len(),
        None => {
            let start = base + n as u32;
            cx.report(Diagnostic::error(
                "Unterminated comment",
                "There is no \"*/\" to close the comment that begins here before the end of the file.",
                Span::new(start, start + 2),
            ));
            b.len()
        }
    }
}

/// Whether `i` starts with a newline sequence or a line comment (which
/// counts as a newline).
#[inline]
pub(crate) fn at_newline(i: &Input<'_>) -> bool {
    newline_len(bytes(i)) > 0 || starts_line_comment(bytes(i))
}

/// Whether an identifier starts at `i` (looks at its first character only).
#[inline]
pub(crate) fn at_identifier(i: &Input<'_>) -> bool {
    match i.fragment().first() {
        Some(&c) if c < 0x80 => c.is_ascii_alphabetic() || c == b'_',
        Some(_) => decode_char(i.fragment()).is_some_and(|(c, _)| is_id_start(c)),
        None => false,
    }
}

/// Whether the first token inside the bracket at the start of `b` is the
/// keyword `for` (the bracket opens a `for` expression): `Some` answer
/// when only spaces, tabs and newlines stand between them, `None` when a
/// comment or a lone carriage return comes first (reading those may
/// report, so the caller tries both readings as the grammar orders them).
#[inline]
pub(crate) fn for_keyword_inside(b: &[u8]) -> Option<bool> {
    let mut n = 1;
    loop {
        match b.get(n) {
            Some(b' ' | b'\t' | b'\n') => n += 1,
            Some(b'#' | b'/' | b'\r') => return None,
            _ => break,
        }
    }
    Some(starts_with(&b[n..], b"for") && !continues_identifier(&b[n + 3..]))
}

/// Whether the keyword `kw` starts at `i` as a whole identifier.
#[inline]
pub(crate) fn at_keyword(i: &Input<'_>, kw: &str) -> bool {
    let (b, kw) = (bytes(i), kw.as_bytes());
    starts_with(b, kw) && !continues_identifier(&b[kw.len()..])
}

/// Whether `b` starts with `prefix`, a token or keyword of a few bytes,
/// compared byte by byte: most tests fail on the first byte, where a slice
/// comparison would call `memcmp`.
#[inline]
pub(crate) fn starts_with(b: &[u8], prefix: &[u8]) -> bool {
    b.len() >= prefix.len() && prefix.iter().zip(b).all(|(x, y)| x == y)
}

/// An identifier, then trailing trivia.
///
/// ```ebnf
/// Identifier = ID_Start (ID_Continue | '-')*;
/// ```
/// spec: Identifier, hclsyntax#identifiers, hclsyntax#keywords
#[inline]
pub(crate) fn identifier<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Identifier<'a>> {
    let n = identifier_len(i.fragment());
    if n == 0 {
        return Err(nom::Err::Error(PError::expected(pos(&i), Expected::IDENTIFIER)));
    }
    let id = cx.ident(pos(&i), n);
    Ok((token(cx, i, n), id))
}

/// One decimal digit.
///
/// ```ebnf
/// decimal = '0' .. '9';
/// ```
/// spec: decimal
#[inline]
pub(crate) fn decimal(c: u8) -> bool {
    c.is_ascii_digit()
}

/// The exponent mark of a number literal.
///
/// The number-literal combinators run on the raw bytes of the input (the
/// fragment), so that their backtracking costs no position bookkeeping;
/// the literal is then taken from the located input in one step.
///
/// ```ebnf
/// expmark = ('e' | 'E') ("+" | "-")?;
/// ```
/// spec: expmark
pub(crate) fn expmark(b: &[u8]) -> nom::IResult<&[u8], &[u8]> {
    recognize((one_of("eE"), opt(one_of("+-")))).parse(b)
}

/// `decimal+`
fn decimals(b: &[u8]) -> nom::IResult<&[u8], &[u8]> {
    take_while1(decimal).parse(b)
}

/// The length of the number literal at the start of `b`, if there is one.
///
/// ```ebnf
/// NumericLit = decimal+ ("." decimal+)? (expmark decimal+)?;
/// ```
fn numeric_lit_len(b: &[u8]) -> Option<usize> {
    let (_, text) = recognize((
        decimals,
        opt(preceded(tag(&b"."[..]), decimals)),
        opt((expmark, decimals)),
    ))
    .parse(b)
    .ok()?;
    Some(text.len())
}

/// A number literal, kept as written, then trailing trivia.
///
/// A `.` or exponent mark not followed by digits is not part of the
/// literal (`1.foo` is an attribute access on `1`).
///
/// ```ebnf
/// NumericLit = decimal+ ("." decimal+)? (expmark decimal+)?;
/// ```
/// spec: NumericLit, hclsyntax#numeric-literals
#[inline]
pub(crate) fn numeric_lit<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, NumericLit<'a>> {
    let (n, lit) = numeric_lit_at(cx, &i)?;
    Ok((token(cx, i, n), lit))
}

/// A number literal without the trivia after it.
#[inline]
pub(crate) fn numeric_lit_token<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, NumericLit<'a>> {
    let (n, lit) = numeric_lit_at(cx, &i)?;
    Ok((skip(i, n), lit))
}

#[inline]
fn numeric_lit_at<'a>(cx: &Ctx<'a>, i: &Input<'a>) -> Result<(usize, NumericLit<'a>), nom::Err<PError>> {
    let start = pos(i);
    let n = numeric_lit_len(i.fragment()).ok_or_else(|| nom::Err::Error(PError::expected(start, Expected::DIGITS)))?;
    let end = start + n as u32;
    Ok((n, {
        let text = cx.str(start as usize, end as usize);
        NumericLit {
            text,
            span: Span::new(start, end),
            small: NumericLit::pack(text),
        }
    }))
}

/// Punctuation of more than one byte, longest first, so that a message
/// names the whole token found (`=>`, not `=`).
///
/// spec: hclsyntax#operators-and-delimiters
const MULTI_BYTE_TOKENS: [&str; 14] = [
    "...", "[*]", "${", "%{", "~}", "==", "!=", "<=", ">=", "&&", "||", "=>", ".*", "<<",
];

/// The range and a description of the token at offset `at`, for messages
/// that say what was found instead of what was expected.
pub(crate) fn found(src: &[u8], at: u32) -> (Span, String) {
    let start = at.min(src.len() as u32);
    let b = &src[start as usize..];
    let one = |n: usize| Span::new(start, start + n as u32);
    match b {
        [] => (one(0), "the end of the file".into()),
        [b'\n', ..] => (one(1), "a newline".into()),
        [b'\r', b'\n', ..] => (one(2), "a newline".into()),
        [b'#', ..] | [b'/', b'/', ..] => (one(line_comment_len(b)), "a comment".into()),
        [b'"', ..] => (one(1), "`\"`".into()),
        [b'`', ..] => (one(1), "a backtick".into()),
        [c, ..] if c.is_ascii_digit() => {
            let n = numeric_lit_len(b).unwrap_or(1);
            (one(n), format!("the number `{}`", String::from_utf8_lossy(&b[..n])))
        }
        _ => {
            if let Some(t) = MULTI_BYTE_TOKENS.iter().find(|t| b.starts_with(t.as_bytes())) {
                return (one(t.len()), format!("`{t}`"));
            }
            let n = identifier_len(b);
            if n > 0 {
                return (one(n), format!("`{}`", String::from_utf8_lossy(&b[..n])));
            }
            match decode_char(b) {
                Some((c, len)) if c.is_ascii_graphic() => (one(len), format!("`{c}`")),
                // invisible or easily confused characters are named by code point
                Some((c, len)) if c.is_ascii() || !c.is_alphanumeric() => {
                    (one(len), format!("the character U+{:04X}", c as u32))
                }
                Some((c, len)) => (one(len), format!("`{c}` (U+{:04X})", c as u32)),
                None => (one(1), "an invalid byte".into()),
            }
        }
    }
}

/// A sentence of advice for a printable character that the language does
/// not use, or uses only doubled, where it stands at the start of `b`
/// (with a leading space, to follow the sentence that names it), or "".
/// These are what people write from habit in other languages.
///
/// spec: hclsyntax#operators-and-delimiters
pub(crate) fn misused_character_hint(b: &[u8]) -> &'static str {
    match b {
        [b'&', b'&', ..] | [b'|', b'|', ..] => "",
        [b'$', b'{', ..] => " An interpolation is written inside a quoted template, as in \"${x}\".",
        [b'\'', ..] => " Strings are written in double quotes (\"), never single ones.",
        [b';', ..] => {
            " Arguments and blocks are separated by newlines, and the items of a collection by commas; \
                       the language has no semicolons."
        }
        [b'`', ..] => " Backticks are not used; a string spanning several lines is written as a heredoc (<<EOT).",
        [b'&', ..] => " There are no bitwise operators; the logical AND is \"&&\".",
        [b'|', ..] => " There are no bitwise operators; the logical OR is \"||\".",
        [b'~', ..] => " There are no bitwise operators; the logical NOT is \"!\".",
        [b'^', ..] => " There are no bitwise operators.",
        [b'@' | b'$' | b'\\', ..] => " This character is not used in the language.",
        _ => "",
    }
}

/// The summary of a diagnostic about a character at the start of `b` that
/// the language does not use (`unused_character_len`) or uses only doubled
/// or inside templates (`misused_character_hint`): "Unsupported operator"
/// for a lone bitwise operator, "Invalid character" for the others, as the
/// reference's scanner calls them; `None` for any other token.
///
/// spec: hclsyntax#lexical-elements, hclsyntax#operators-and-delimiters
pub(crate) fn character_summary(b: &[u8]) -> Option<&'static str> {
    if unused_character_len(b).is_some() {
        return Some("Invalid character");
    }
    if misused_character_hint(b).is_empty() {
        return None;
    }
    Some(match b.first() {
        Some(b'&' | b'|' | b'~' | b'^') => "Unsupported operator",
        _ => "Invalid character",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_describes_tokens() {
        assert_eq!(found(b"a = ", 4).1, "the end of the file");
        assert_eq!(found(b"x\r\ny", 1), (Span::new(1, 3), "a newline".to_string()));
        assert_eq!(found(b"foo bar", 4), (Span::new(4, 7), "`bar`".to_string()));
        assert_eq!(found(b"\xff", 0).1, "an invalid byte");
        assert_eq!(found("é".as_bytes(), 0), (Span::new(0, 2), "`é`".to_string()));
        assert_eq!(found(b"=> 1", 0), (Span::new(0, 2), "`=>`".to_string()));
        assert_eq!(found(b"...", 0).1, "`...`");
        assert_eq!(found("\u{feff}".as_bytes(), 0).1, "the character U+FEFF");
        assert_eq!(found("\u{301}".as_bytes(), 0).1, "the character U+0301");
        assert_eq!(found(b"1.5e3x", 0), (Span::new(0, 5), "the number `1.5e3`".to_string()));
    }

    #[test]
    fn misused_characters_get_a_hint_and_their_doubled_tokens_none() {
        for b in [&b"'x'"[..], b";", b"`", b"&", b"|", b"~", b"^", b"@", b"$x", b"\\"] {
            assert!(misused_character_hint(b).starts_with(' '), "{b:?}");
        }
        assert!(misused_character_hint(b"${x}").contains("quoted template"));
        for b in [&b"&&"[..], b"||", b"a", b"", b"%"] {
            assert_eq!(misused_character_hint(b), "", "{b:?}");
        }
    }

    #[test]
    fn characters_the_language_does_not_use_are_named_as_the_reference_does() {
        assert_eq!(character_summary(b"${x}"), Some("Invalid character"));
        assert_eq!(character_summary(b";"), Some("Invalid character"));
        assert_eq!(character_summary(b"\x01"), Some("Invalid character"));
        assert_eq!(character_summary(b"& x"), Some("Unsupported operator"));
        for b in [&b"&&"[..], b"||", b"x", b"*", b"\"x\"", b""] {
            assert_eq!(character_summary(b), None, "{b:?}");
        }
    }

    #[test]
    fn unused_characters() {
        for b in [&b"\0"[..], b"\x01", b"\r", b"\rx", b"\x0c", b"\x7f"] {
            assert_eq!(unused_character_len(b), Some(1), "{b:?}");
        }
        assert_eq!(unused_character_len("\u{a0}".as_bytes()), Some(2));
        assert_eq!(unused_character_len("\u{feff}".as_bytes()), Some(3));
        assert_eq!(unused_character_len("\u{301}".as_bytes()), Some(2));
        for b in [
            &b"\t"[..],
            b"\n",
            b"\r\n",
            b" ",
            b"=",
            b"@",
            b"a",
            b"\xff",
            "\u{e9}".as_bytes(),
            b"",
        ] {
            assert_eq!(unused_character_len(b), None, "{b:?}");
        }
    }
}
