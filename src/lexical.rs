//! The lexical rules of the native syntax that every reader of it shares:
//! which characters start and continue an identifier, which are not used by
//! the language at all, how a character is decoded; what a newline and a
//! comment are; how a heredoc opens and which line closes it; where a
//! template sequence (`${`, `%{`) starts and how `$${` escapes one. The
//! parser's combinators (`parser::lexical`, its template scanners), its
//! recovery scan, the formatter's token stream and the information model's
//! "may this name be written bare" all ask here, so they cannot drift
//! apart.
//!
//! spec: hclsyntax#lexical-elements, hclsyntax#identifiers,
//! hclsyntax#comments-and-whitespace, hclsyntax#template-expressions

/// Whether `s` is one identifier (`Identifier = ID_Start (ID_Continue |
/// '-')*`), so that a name can be written bare.
///
/// spec: hclsyntax#identifiers
pub(crate) fn is_identifier(s: &str) -> bool {
    !s.is_empty() && identifier_len(s.as_bytes()) == s.len()
}

/// Whether an object key may be written bare, as the name it is, where a
/// writer chooses (HCL text of values, the JSON syntax written as native
/// syntax): an identifier, but not `for` (which starts a `for` expression
/// after `{`) nor `true`, `false` and `null` (which the grammar reads as
/// the name too, but which a reader would take for the value).
///
/// spec: hclsyntax#identifiers, objectelem
pub(crate) fn is_bare_key(name: &str) -> bool {
    is_identifier(name) && !matches!(name, "for" | "true" | "false" | "null")
}

/// The length of the character at the start of `b` when no token of the
/// language can start with it and it is neither whitespace nor a newline:
/// an ASCII control character other than tab and LF (a CR too, unless an
/// LF follows it), DEL, or a non-ASCII character that cannot start an
/// identifier (every operator and delimiter is ASCII). Invalid UTF-8 is
/// not one: it is reported as an encoding error already.
///
/// spec: hclsyntax#lexical-elements, hclsyntax#operators-and-delimiters
pub(crate) fn unused_character_len(b: &[u8]) -> Option<usize> {
    match b {
        [b'\t' | b'\n', ..] | [b'\r', b'\n', ..] => None,
        [c, ..] if *c < 0x20 || *c == 0x7F => Some(1),
        [c, ..] if *c >= 0x80 => match decode_char(b) {
            Some((ch, len)) if !is_id_start(ch) => Some(len),
            _ => None,
        },
        _ => None,
    }
}

/// Decodes the character at the start of `b`, with its length in bytes.
#[inline]
pub(crate) fn decode_char(b: &[u8]) -> Option<(char, usize)> {
    let first = *b.first()?;
    if first < 0x80 {
        return Some((first as char, 1));
    }
    let len = match first {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let s = std::str::from_utf8(b.get(..len)?).ok()?;
    s.chars().next().map(|c| (c, len))
}

/// Whether `c` may start an identifier: `ID_Start`, or `_`.
///
/// `ID_Start` is `XID_Start` (from `unicode-xid`) plus the few characters
/// that UAX #31 removes from it for closure under NFKC (its "NFKC
/// Modifications"), which the spec's plain `ID_Start` keeps. The underscore
/// is one of UAX #31's optional start characters (its Table 3), which
/// Section 2's identifier profiles allow; real configurations depend on it
/// (`for _, v in ...`).
///
/// spec: hclsyntax#identifiers
#[inline]
pub(crate) fn is_id_start(c: char) -> bool {
    c.is_ascii_alphabetic()
        || c == '_'
        || (!c.is_ascii()
            && (unicode_xid::UnicodeXID::is_xid_start(c) || NFKC_START.contains(&c) || NFKC_BOTH.contains(&c)))
}

/// Whether `c` may continue an identifier: `ID_Continue` (as above, from
/// `XID_Continue`) or `-`.
///
/// spec: hclsyntax#identifiers
#[inline]
pub(crate) fn is_id_continue(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || c == '_'
        || c == '-'
        || (!c.is_ascii() && (unicode_xid::UnicodeXID::is_xid_continue(c) || NFKC_BOTH.contains(&c)))
}

/// In `ID_Start` but not `XID_Start` (they stay in `XID_Continue`).
const NFKC_START: [char; 4] = ['\u{0E33}', '\u{0EB3}', '\u{FF9E}', '\u{FF9F}'];

/// In `ID_Start` and `ID_Continue` but in neither `XID_` property.
const NFKC_BOTH: [char; 19] = [
    '\u{037A}', '\u{309B}', '\u{309C}', '\u{FC5E}', '\u{FC5F}', '\u{FC60}', '\u{FC61}', '\u{FC62}', '\u{FC63}',
    '\u{FDFA}', '\u{FDFB}', '\u{FE70}', '\u{FE72}', '\u{FE74}', '\u{FE76}', '\u{FE78}', '\u{FE7A}', '\u{FE7C}',
    '\u{FE7E}',
];

/// Length of the identifier at the start of `b`, 0 when there is none.
///
/// The common case (an ASCII name) is one table test per byte, inlined
/// where it is asked; a non-ASCII character goes to [`identifier_len_from`].
#[inline]
pub(crate) fn identifier_len(b: &[u8]) -> usize {
    match b.first() {
        Some(&c) if c.is_ascii_alphabetic() || c == b'_' => {}
        Some(&c) if c >= 0x80 => return identifier_len_from(b, 0),
        _ => return 0,
    }
    let mut n = 1;
    while n < b.len() && IDENT_CONTINUE[b[n] as usize] {
        n += 1;
    }
    if n < b.len() && b[n] >= 0x80 {
        return identifier_len_from(b, n);
    }
    n
}

/// The identifier of [`identifier_len`] at the start of `b`, read on from
/// offset `n` (the identifier's first `n` bytes already read, or `n == 0`),
/// where a non-ASCII character stands.
#[cold]
#[inline(never)]
fn identifier_len_from(b: &[u8], mut n: usize) -> usize {
    if n == 0 {
        match decode_char(b) {
            Some((ch, len)) if is_id_start(ch) => n = len,
            _ => return 0,
        }
    }
    while let Some(&c) = b.get(n) {
        if c < 0x80 {
            if !IDENT_CONTINUE[c as usize] {
                break;
            }
            n += 1;
        } else {
            match decode_char(&b[n..]) {
                Some((ch, len)) if is_id_continue(ch) => n += len,
                _ => break,
            }
        }
    }
    n
}

/// The length of the newline sequence at the start of `b`: 1 for LF, 2 for
/// CR LF, 0 for anything else (a CR alone is not a newline).
///
/// spec: hclsyntax#lexical-elements
#[inline]
pub(crate) fn newline_len(b: &[u8]) -> usize {
    match b {
        [b'\n', ..] => 1,
        [b'\r', b'\n', ..] => 2,
        _ => 0,
    }
}

/// Whether a line comment (`#` or `//`) starts `b`. A line comment counts
/// as the newline that ends it.
///
/// spec: hclsyntax#comments-and-whitespace
#[inline]
pub(crate) fn starts_line_comment(b: &[u8]) -> bool {
    matches!(b, [b'#', ..] | [b'/', b'/', ..])
}

/// The length of the line comment at the start of `b`, through the LF that
/// ends it (to the end of input when there is none). A CR alone does not
/// end it.
///
/// spec: hclsyntax#comments-and-whitespace
#[inline]
pub(crate) fn line_comment_len(b: &[u8]) -> usize {
    memchr::memchr(b'\n', b).map_or(b.len(), |k| k + 1)
}

/// The length of the inline comment at the start of `b` (`/*` through the
/// first `*/`), or none when it is not closed.
///
/// spec: hclsyntax#comments-and-whitespace
#[inline]
pub(crate) fn inline_comment_len(b: &[u8]) -> Option<usize> {
    memchr::memmem::find(b.get(2..)?, b"*/").map(|k| k + 4)
}

/// What a heredoc opener at the start of `b` holds: `<<` or `<<-`, the
/// marker, the newline that must end its line. Parts that are missing are
/// empty (an empty marker, a zero `newline`).
///
/// spec: heredocTemplate, hclsyntax#template-expressions
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HeredocOpener {
    /// `<<-`: the content is flushed.
    pub flush: bool,
    /// The marker's range in `b`.
    pub marker: std::ops::Range<usize>,
    /// The length of the newline after the marker (0: none).
    pub newline: usize,
}

impl HeredocOpener {
    /// The opener at the start of `b`, which starts with `<<`.
    pub(crate) fn at(b: &[u8]) -> HeredocOpener {
        let flush = b.get(2) == Some(&b'-');
        let start = if flush { 3 } else { 2 }.min(b.len());
        let end = start + identifier_len(&b[start..]);
        HeredocOpener {
            flush,
            marker: start..end,
            newline: newline_len(&b[end..]),
        }
    }

    /// Whether it opens a heredoc: a marker, and a newline after it.
    pub(crate) fn is_complete(&self) -> bool {
        !self.marker.is_empty() && self.newline > 0
    }

    /// Its length, through the newline.
    pub(crate) fn len(&self) -> usize {
        self.marker.end + self.newline
    }
}

/// What may surround a heredoc's closing marker on its line: any Unicode
/// white space but the line break, as the flush rule counts "spaces"
/// (`parser::template`'s `is_flush_space`) and as the reference's scanner
/// trims the line.
///
/// spec: heredocTemplate, hclsyntax#template-expressions
#[inline]
pub(crate) fn is_marker_space(c: char) -> bool {
    c != '\n' && c.is_whitespace()
}

/// The length of the white space at the start of `b` that may surround a
/// closing marker ([`is_marker_space`]); a CR that starts a CR LF is the
/// newline's, not white space.
fn marker_space_len(b: &[u8]) -> usize {
    let mut n = 0;
    loop {
        match b.get(n) {
            Some(b' ' | b'\t') => n += 1,
            Some(b'\r') if b.get(n + 1) == Some(&b'\n') => return n,
            Some(_) => match decode_char(&b[n..]) {
                Some((c, len)) if is_marker_space(c) => n += len,
                _ => return n,
            },
            None => return n,
        }
    }
}

/// The length of the line at the start of `b` that closes a heredoc with
/// `marker`, without its newline: the marker alone on its line, white
/// space ([`is_marker_space`]) around it allowed, for `<<` and `<<-`
/// alike; the end of the input ends the line too (D-heredoc-eof).
///
/// spec: heredocTemplate, hclsyntax#template-expressions
pub(crate) fn closing_marker_len(b: &[u8], marker: &[u8]) -> Option<usize> {
    let indent = marker_space_len(b);
    let rest = &b[indent..];
    if !rest.starts_with(marker) || identifier_len(rest) != marker.len() {
        return None;
    }
    let trailing = marker_space_len(&rest[marker.len()..]);
    let end = indent + marker.len() + trailing;
    (end == b.len() || newline_len(&b[end..]) > 0).then_some(end)
}

/// What a template sequence starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sequence {
    /// `${`.
    Interpolation,
    /// `%{`.
    Directive,
}

/// The template sequence that starts `b` (`${` or `%{`), and the length of
/// its introducer with the strip marker `~` when there is one.
///
/// spec: hclsyntax#template-interpolations, hclsyntax#template-if-directive,
/// hclsyntax#template-for-directive,
/// hclsyntax#template-expressions
#[inline]
pub(crate) fn sequence_start(b: &[u8]) -> Option<(Sequence, usize)> {
    let kind = match b {
        [b'$', b'{', ..] => Sequence::Interpolation,
        [b'%', b'{', ..] => Sequence::Directive,
        _ => return None,
    };
    Some((kind, if b.get(2) == Some(&b'~') { 3 } else { 2 }))
}

/// Whether `b` starts with an escaped sequence introducer, `$${` or
/// `%%{`, which stands for `${` or `%{` in template text.
///
/// spec: hclsyntax#template-literals
#[inline]
pub(crate) fn starts_escaped_sequence(b: &[u8]) -> bool {
    matches!(b, [b'$', b'$', b'{', ..] | [b'%', b'%', b'{', ..])
}

/// Whether `b` starts with a character that would continue an identifier.
#[inline]
pub(crate) fn continues_identifier(b: &[u8]) -> bool {
    match b.first() {
        None => false,
        Some(&c) if c < 0x80 => IDENT_CONTINUE[c as usize],
        Some(_) => decode_char(b).is_some_and(|(c, _)| is_id_continue(c)),
    }
}

/// The bytes that continue an identifier on their own: ASCII letters,
/// digits, `_` and `-` (a byte of a non-ASCII character is `false`: the
/// character is decoded and classified by `is_id_continue`).
static IDENT_CONTINUE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_with_non_ascii_characters() {
        assert_eq!(identifier_len("café-au-lait x".as_bytes()), "café-au-lait".len());
        assert_eq!(identifier_len("élan".as_bytes()), "élan".len());
        assert_eq!(identifier_len("a\u{a0}b".as_bytes()), 1);
        assert_eq!(identifier_len("\u{a0}b".as_bytes()), 0);
        assert_eq!(identifier_len(b"abc\xff"), 3);
        assert_eq!(identifier_len(b"\xff"), 0);
    }

    #[test]
    fn identifier_lengths() {
        assert_eq!(identifier_len(b"foo-bar_1 x"), 9);
        assert_eq!(identifier_len(b"_x"), 2);
        assert_eq!(identifier_len(b"1x"), 0);
        assert_eq!(identifier_len(b"-x"), 0);
        assert_eq!(identifier_len("été=".as_bytes()), 5);
        // a combining mark continues but cannot start
        assert_eq!(identifier_len("a\u{301}".as_bytes()), 3);
        assert_eq!(identifier_len("\u{301}a".as_bytes()), 0);
        // an invalid byte ends the identifier
        assert_eq!(identifier_len(b"ab\xffc"), 2);
        // ID_Start, not only XID_Start
        assert_eq!(identifier_len("\u{37A}x".as_bytes()), 3);
        assert_eq!(identifier_len("\u{E33}\u{FE70}".as_bytes()), 6);
    }

    #[test]
    fn closing_marker_lines() {
        assert_eq!(closing_marker_len(b"EOT\n", b"EOT"), Some(3));
        assert_eq!(closing_marker_len(b"  EOT  \r\n", b"EOT"), Some(7));
        assert_eq!(closing_marker_len(b"EOT", b"EOT"), Some(3));
        assert_eq!(closing_marker_len(b"EOTX\n", b"EOT"), None);
        assert_eq!(closing_marker_len(b"EOT x\n", b"EOT"), None);
        assert_eq!(closing_marker_len(b"\t EOT\n", b"EOT"), Some(5));
        assert_eq!(closing_marker_len(b"x EOT\n", b"EOT"), None);
        // any Unicode white space but the line break, as the flush rule's
        assert_eq!(closing_marker_len("\u{2003}EOT\u{A0}\n".as_bytes(), b"EOT"), Some(8));
        assert_eq!(closing_marker_len(b"EOT\r \n", b"EOT"), Some(5));
        assert_eq!(closing_marker_len(b"EOT\rx\n", b"EOT"), None);
        assert_eq!(
            closing_marker_len("\u{200B}EOT\n".as_bytes(), b"EOT"),
            None,
            "not white space"
        );
    }

    #[test]
    fn heredoc_openers_comments_and_sequences() {
        let o = HeredocOpener::at(b"<<-EOT\r\nx");
        assert_eq!((o.flush, o.marker.clone(), o.newline, o.len()), (true, 3..6, 2, 8));
        assert!(o.is_complete());
        assert!(!HeredocOpener::at(b"<<EOT x\n").is_complete());
        assert!(!HeredocOpener::at(b"<<\n").is_complete());
        assert!(!HeredocOpener::at(b"<<").is_complete());
        assert_eq!(line_comment_len(b"# a\r b\nc"), 7);
        assert_eq!(line_comment_len(b"// a"), 4);
        assert_eq!(inline_comment_len(b"/* a */ b"), Some(7));
        assert_eq!(inline_comment_len(b"/*/"), None);
        assert_eq!(inline_comment_len(b"/**/"), Some(4));
        assert_eq!(sequence_start(b"${~ x"), Some((Sequence::Interpolation, 3)));
        assert_eq!(sequence_start(b"%{if"), Some((Sequence::Directive, 2)));
        assert_eq!(sequence_start(b"$$"), None);
        assert!(starts_escaped_sequence(b"$${x}") && starts_escaped_sequence(b"%%{"));
        assert!(!starts_escaped_sequence(b"$$x"));
    }

    #[test]
    fn nfkc_exceptions_are_outside_xid_and_inside_id() {
        use unicode_xid::UnicodeXID;
        for c in NFKC_START {
            assert!(!c.is_xid_start() && c.is_xid_continue() && is_id_start(c), "{c:?}");
        }
        for c in NFKC_BOTH {
            assert!(
                !c.is_xid_start() && !c.is_xid_continue() && is_id_start(c) && is_id_continue(c),
                "{c:?}"
            );
        }
    }
}
