//! The lexical rules of the native syntax that every reader of it shares:
//! which characters start and continue an identifier, which are not used by
//! the language at all, how a character is decoded. The parser's
//! combinators (`parser::lexical`), the formatter's token stream and the
//! information model's "may this name be written bare" all ask here, so
//! they cannot drift apart.
//!
//! spec: hclsyntax#lexical-elements, hclsyntax#identifiers

/// Whether `s` is one identifier (`Identifier = ID_Start (ID_Continue |
/// '-')*`), so that a name can be written bare.
///
/// spec: hclsyntax#identifiers
pub(crate) fn is_identifier(s: &str) -> bool {
    !s.is_empty() && identifier_len(s.as_bytes()) == s.len()
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
#[inline]
pub(crate) fn identifier_len(b: &[u8]) -> usize {
    let mut n = match b.first() {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => 1,
        Some(c) if *c >= 0x80 => match decode_char(b) {
            Some((ch, len)) if is_id_start(ch) => len,
            _ => return 0,
        },
        _ => return 0,
    };
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

/// Whether `b` starts with a character that would continue an identifier.
#[inline]
pub(crate) fn continues_identifier(b: &[u8]) -> bool {
    match b.first() {
        None => false,
        Some(&c) if c < 0x80 => IDENT_CONTINUE[c as usize],
        Some(_) => decode_char(b).is_some_and(|(c, _)| is_id_continue(c)),
    }
}

/// ASCII characters that continue an identifier.
static IDENT_CONTINUE: [bool; 128] = {
    let mut t = [false; 128];
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
