//! The token scanner the formatter works on: the reference's native-syntax
//! scanner (its `hclsyntax` token stream, which `hclwrite` formats), so that
//! formatting gives the reference's bytes, on broken input too.
//!
//! Every byte of the source is in a token except the spaces and tabs
//! between tokens outside templates: a token's bytes are written back as
//! they were, and only those gaps are decided by the formatter. Template
//! text, heredoc lines and comments are whole tokens.
//!
//! Newlines, comments, identifiers, heredoc openers and closing lines and
//! template sequences are `crate::lexical`'s, the rules the parser reads
//! by, so that the formatter sees the structure the parser sees.
//!
//! spec: hclsyntax#lexical-elements, hclsyntax#comments-and-whitespace,
//! hclsyntax#template-expressions

use crate::lexical::{self, newline_len, HeredocOpener, Sequence};

/// A token's kind, as the formatter's rules tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    OBrace,
    CBrace,
    OBrack,
    CBrack,
    OParen,
    CParen,
    OQuote,
    CQuote,
    OHeredoc,
    CHeredoc,
    Star,
    Slash,
    Plus,
    Minus,
    Percent,
    Equal,
    EqualOp,
    NotEqual,
    LessThan,
    LessThanEq,
    GreaterThan,
    GreaterThanEq,
    And,
    Or,
    Bang,
    Dot,
    Comma,
    DoubleColon,
    Ellipsis,
    FatArrow,
    Question,
    Colon,
    TemplateInterp,
    TemplateControl,
    TemplateSeqEnd,
    QuotedLit,
    StringLit,
    NumberLit,
    Ident,
    Comment,
    Newline,
    Eof,
    /// `&`, `|`, `~`, `^`, `;`, `` ` ``, `'`: characters the syntax has no
    /// use for, each its own token.
    Other,
    QuotedNewline,
    Invalid,
    BadUtf8,
    /// No token (before the first one).
    Nil,
}

/// How the formatter stores a byte offset or a count of bytes or columns:
/// `u32` for a source of up to 1 GiB (see `format`), which halves the
/// memory (and the cache misses and page faults) of its tokens and spaces,
/// `usize` for a larger one. Its conversions are always inlined, also in
/// the unoptimised build the tests run in, where a call per conversion
/// would slow the formatter down.
pub(crate) trait Pos: Copy + Default + 'static {
    /// `n`, which the caller has checked fits (every offset and count of a
    /// source is at most its length plus one).
    fn at(n: usize) -> Self;
    fn get(self) -> usize;
}

impl Pos for u32 {
    #[inline(always)]
    fn at(n: usize) -> u32 {
        debug_assert!(u32::try_from(n).is_ok(), "a 32-bit position for a larger source");
        n as u32
    }
    #[inline(always)]
    fn get(self) -> usize {
        self as usize
    }
}

impl Pos for usize {
    #[inline(always)]
    fn at(n: usize) -> usize {
        n
    }
    #[inline(always)]
    fn get(self) -> usize {
        self
    }
}

/// A token: its kind and byte range in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token<P> {
    pub(crate) kind: Kind,
    start: P,
    end: P,
}

impl<P: Pos> Token<P> {
    /// Where the token starts.
    #[inline(always)]
    pub(crate) fn start(&self) -> usize {
        self.start.get()
    }

    /// Where it ends.
    #[inline(always)]
    pub(crate) fn end(&self) -> usize {
        self.end.get()
    }
}

/// What the scanner is reading.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Expressions and structure.
    Main,
    /// The text of a quoted template.
    Quoted,
    /// The lines of a heredoc template.
    Heredoc,
}

/// A heredoc being read: its closing marker, and whether the next text is
/// at the start of a line (where the marker may be).
struct Heredoc {
    marker: (usize, usize),
    start_of_line: bool,
}

struct Scanner<'s, P> {
    src: &'s [u8],
    tokens: Vec<Token<P>>,
    modes: Vec<Mode>,
    braces: i64,
    /// The brace levels at which a `}` ends a template sequence.
    seq_braces: Vec<i64>,
    heredocs: Vec<Heredoc>,
}

/// The tokens of `src`, ending with an end-of-file token. A UTF-8 byte
/// order mark is skipped (its bytes are in no token). `P` holds every
/// offset of `src` and its length.
pub(crate) fn tokens<P: Pos>(src: &[u8]) -> Vec<Token<P>> {
    let bom = if src.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
    let mut s = Scanner {
        src,
        tokens: Vec::with_capacity(src.len() / 4),
        modes: vec![Mode::Main],
        braces: 0,
        seq_braces: Vec::new(),
        heredocs: Vec::new(),
    };
    let mut p = bom;
    while p < src.len() {
        let mode = *s.modes.last().unwrap_or(&Mode::Main);
        let next = match mode {
            Mode::Main => s.main(p),
            Mode::Quoted => s.quoted(p),
            Mode::Heredoc => s.heredoc(p),
        };
        match next {
            Some(n) => p = n,
            None => {
                // nothing matches: the rest is one invalid token
                s.push(Kind::Invalid, p, src.len());
                p = src.len();
            }
        }
    }
    s.push(Kind::Eof, src.len(), src.len());
    s.tokens
}

/// The length of the UTF-8 sequence at the start of `b` as the reference's
/// scanner accepts one (lead byte and continuation bytes, not checked for
/// overlong forms), or none for a byte that starts none.
fn utf8_len(b: &[u8]) -> Option<usize> {
    let cont = |i: usize| b.get(i).is_some_and(|c| (0x80..=0xBF).contains(c));
    let n = match *b.first()? {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => return None,
    };
    (1..n).all(cont).then_some(n)
}

/// The length of the number at the start of `b` (a digit first): digits,
/// dots and exponents (`e`, an optional sign, a digit), not ending in a
/// dot.
fn number_len(b: &[u8]) -> usize {
    let mut len = 1;
    let mut last_dot = false;
    loop {
        match b.get(len) {
            Some(c) if c.is_ascii_digit() => {
                len += 1;
                last_dot = false;
            }
            Some(b'.') => {
                len += 1;
                last_dot = true;
            }
            Some(b'e' | b'E') => {
                let sign = usize::from(matches!(b.get(len + 1), Some(b'+' | b'-')));
                if b.get(len + 1 + sign).is_some_and(u8::is_ascii_digit) {
                    len += 2 + sign;
                    last_dot = false;
                } else {
                    break;
                }
            }
            _ => break,
        }
    }
    // the longest match not ending in a dot
    if last_dot {
        while b[len - 1] == b'.' {
            len -= 1;
        }
    }
    len
}

impl<P: Pos> Scanner<'_, P> {
    fn push(&mut self, kind: Kind, start: usize, end: usize) {
        self.tokens.push(Token {
            kind,
            start: P::at(start),
            end: P::at(end),
        });
    }

    /// A `${` or `%{` (with an optional `~`) at `p`: enters an expression
    /// until its closing brace.
    fn sequence_start(&mut self, p: usize) -> Option<usize> {
        let (kind, len) = lexical::sequence_start(&self.src[p..])?;
        let kind = match kind {
            Sequence::Interpolation => Kind::TemplateInterp,
            Sequence::Directive => Kind::TemplateControl,
        };
        self.push(kind, p, p + len);
        self.braces += 1;
        self.seq_braces.push(self.braces);
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = false;
        }
        self.modes.push(Mode::Main);
        Some(p + len)
    }

    /// A `}` or `~}` at `p`: the end of a template sequence when the brace
    /// level is the one its start left, otherwise a closing brace (`~}`
    /// is a sequence end either way).
    fn close_brace(&mut self, p: usize, len: usize) -> usize {
        if self.seq_braces.last() == Some(&self.braces) {
            self.push(Kind::TemplateSeqEnd, p, p + len);
            self.seq_braces.pop();
            self.modes.pop();
        } else {
            let kind = if len == 2 { Kind::TemplateSeqEnd } else { Kind::CBrace };
            self.push(kind, p, p + len);
        }
        self.braces -= 1;
        p + len
    }

    fn main(&mut self, p: usize) -> Option<usize> {
        let src = self.src;
        let b = &src[p..];
        let two = |s: &[u8]| b.starts_with(s);
        let (kind, len) = match b[0] {
            b' ' | b'\t' => {
                let n = b.iter().take_while(|c| matches!(c, b' ' | b'\t')).count();
                return Some(p + n);
            }
            b'0'..=b'9' => (Kind::NumberLit, number_len(b)),
            b'#' | b'/' if lexical::starts_line_comment(b) => (Kind::Comment, lexical::line_comment_len(b)),
            b'/' if two(b"/*") => match lexical::inline_comment_len(b) {
                Some(n) => (Kind::Comment, n),
                None => (Kind::Slash, 1),
            },
            b'\n' | b'\r' if newline_len(b) > 0 => (Kind::Newline, newline_len(b)),
            b'=' if two(b"==") => (Kind::EqualOp, 2),
            b'=' if two(b"=>") => (Kind::FatArrow, 2),
            b'!' if two(b"!=") => (Kind::NotEqual, 2),
            b'>' if two(b">=") => (Kind::GreaterThanEq, 2),
            b'<' if two(b"<=") => (Kind::LessThanEq, 2),
            b'<' if two(b"<<") => match HeredocOpener::at(b) {
                o if o.is_complete() => {
                    self.push(Kind::OHeredoc, p, p + o.len());
                    self.heredocs.push(Heredoc {
                        marker: (p + o.marker.start, p + o.marker.end),
                        start_of_line: true,
                    });
                    self.modes.push(Mode::Heredoc);
                    return Some(p + o.len());
                }
                _ => (Kind::LessThan, 1),
            },
            b'&' if two(b"&&") => (Kind::And, 2),
            b'|' if two(b"||") => (Kind::Or, 2),
            b':' if two(b"::") => (Kind::DoubleColon, 2),
            b'.' if two(b"...") => (Kind::Ellipsis, 3),
            b'{' => {
                self.push(Kind::OBrace, p, p + 1);
                self.braces += 1;
                return Some(p + 1);
            }
            b'}' => return Some(self.close_brace(p, 1)),
            b'~' if two(b"~}") => return Some(self.close_brace(p, 2)),
            b'"' => {
                self.push(Kind::OQuote, p, p + 1);
                self.modes.push(Mode::Quoted);
                return Some(p + 1);
            }
            c => match self_token(c) {
                Some(kind) => (kind, 1),
                None => match lexical::identifier_len(b) {
                    0 => match utf8_len(b) {
                        Some(n) => (Kind::Invalid, n),
                        None => (Kind::BadUtf8, 1),
                    },
                    n => (Kind::Ident, n),
                },
            },
        };
        self.push(kind, p, p + len);
        Some(p + len)
    }

    /// A `"` ends the template; text runs until a sequence, a quote or a
    /// newline; newlines are a token of their own (an error the parser
    /// reports).
    fn quoted(&mut self, p: usize) -> Option<usize> {
        let b = &self.src[p..];
        match b[0] {
            b'"' => {
                self.push(Kind::CQuote, p, p + 1);
                self.modes.pop();
                return Some(p + 1);
            }
            b'$' | b'%' if b.get(1) == Some(&b'{') => return self.sequence_start(p),
            b'\r' | b'\n' => {
                let n = b.iter().take_while(|c| matches!(c, b'\r' | b'\n')).count();
                self.push(Kind::QuotedNewline, p, p + n);
                return Some(p + n);
            }
            _ => {}
        }
        let mut len = 0;
        while len < b.len() {
            let rest = &b[len..];
            match rest[0] {
                b'"' | b'\r' | b'\n' => break,
                b'$' | b'%' => match template_escape_len(rest) {
                    Some(n) => len += n,
                    None => break,
                },
                b'\\' => match rest.get(1).and_then(|_| utf8_len(&rest[1..])) {
                    Some(n) if !matches!(rest[1], b'\r' | b'\n') => len += 1 + n,
                    _ => break,
                },
                _ => match utf8_len(rest) {
                    Some(n) => len += n,
                    None => break,
                },
            }
        }
        if len > 0 {
            self.push(Kind::QuotedLit, p, p + len);
            return Some(p + len);
        }
        match utf8_len(b) {
            Some(n) => self.push(Kind::Invalid, p, p + n),
            None => self.push(Kind::BadUtf8, p, p + 1),
        }
        Some(self.tokens.last().map_or(p + 1, |t| t.end()))
    }

    /// Heredoc lines: a line that closes the heredoc (its marker alone,
    /// white space around it: `lexical::closing_marker_len`, the parser's
    /// rule) is a token and its newline another; otherwise text runs until
    /// a sequence or the end of the line.
    fn heredoc(&mut self, p: usize) -> Option<usize> {
        let src = self.src;
        let b = &src[p..];
        let heredoc = self.heredocs.last_mut().expect("a heredoc is being read");
        if heredoc.start_of_line {
            let (ms, me) = heredoc.marker;
            if let Some(len) = lexical::closing_marker_len(b, &src[ms..me]) {
                let nl = newline_len(&b[len..]);
                self.push(Kind::CHeredoc, p, p + len);
                if nl > 0 {
                    self.push(Kind::Newline, p + len, p + len + nl);
                }
                self.heredocs.pop();
                self.modes.pop();
                return Some(p + len + nl);
            }
        }
        if matches!(b, [b'$' | b'%', b'{', ..]) {
            return self.sequence_start(p);
        }
        let mut len = 0;
        while len < b.len() {
            let rest = &b[len..];
            match rest[0] {
                b'\r' | b'\n' => break,
                b'$' | b'%' => match template_escape_len(rest) {
                    // a `$` or `%` is text of its own
                    Some(n) if len == 0 => {
                        len = n;
                        break;
                    }
                    _ => break,
                },
                _ => match utf8_len(rest) {
                    Some(n) => len += n,
                    None => break,
                },
            }
        }
        let nl = newline_len(&b[len..]);
        if nl > 0 {
            if let Some(h) = self.heredocs.last_mut() {
                h.start_of_line = true;
            }
            self.push(Kind::StringLit, p, p + len + nl);
            return Some(p + len + nl);
        }
        if len == 0 {
            if utf8_len(b).is_none() {
                self.push(Kind::BadUtf8, p, p + 1);
                return Some(p + 1);
            }
            // a lone `\r`, or a `$` or `%` at the end: nothing matches
            return None;
        }
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = false;
        }
        self.push(Kind::StringLit, p, p + len);
        Some(p + len)
    }
}

/// A `$` or `%` in template text that starts no sequence: `$${` / `%%{`
/// (an escape, three bytes) or the character alone; none when a sequence
/// starts here or the text ends.
fn template_escape_len(b: &[u8]) -> Option<usize> {
    if lexical::starts_escaped_sequence(b) {
        Some(3)
    } else if b.len() < 2 || lexical::sequence_start(b).is_some() {
        None
    } else {
        Some(1)
    }
}

/// The kind of a token of one character.
fn self_token(c: u8) -> Option<Kind> {
    Some(match c {
        b'[' => Kind::OBrack,
        b']' => Kind::CBrack,
        b'(' => Kind::OParen,
        b')' => Kind::CParen,
        b'.' => Kind::Dot,
        b',' => Kind::Comma,
        b'*' => Kind::Star,
        b'/' => Kind::Slash,
        b'%' => Kind::Percent,
        b'+' => Kind::Plus,
        b'-' => Kind::Minus,
        b'=' => Kind::Equal,
        b'<' => Kind::LessThan,
        b'>' => Kind::GreaterThan,
        b'!' => Kind::Bang,
        b'?' => Kind::Question,
        b':' => Kind::Colon,
        b'&' | b'|' | b'~' | b'^' | b';' | b'`' | b'\'' => Kind::Other,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(Kind, &str)> {
        tokens::<u32>(src.as_bytes())
            .into_iter()
            .map(|t| (t.kind, &src[t.start()..t.end()]))
            .collect()
    }

    #[test]
    fn templates_nest_and_heredocs_close_on_their_marker() {
        use Kind::*;
        assert_eq!(
            kinds("a = \"x${ {b = 1} }y\"\n"),
            [
                (Ident, "a"),
                (Equal, "="),
                (OQuote, "\""),
                (QuotedLit, "x"),
                (TemplateInterp, "${"),
                (OBrace, "{"),
                (Ident, "b"),
                (Equal, "="),
                (NumberLit, "1"),
                (CBrace, "}"),
                (TemplateSeqEnd, "}"),
                (QuotedLit, "y"),
                (CQuote, "\""),
                (Newline, "\n"),
                (Eof, "")
            ]
        );
        assert_eq!(
            kinds("x = <<-EOT\n  a ${b}\n  EOT\n"),
            [
                (Ident, "x"),
                (Equal, "="),
                (OHeredoc, "<<-EOT\n"),
                (StringLit, "  a "),
                (TemplateInterp, "${"),
                (Ident, "b"),
                (TemplateSeqEnd, "}"),
                (StringLit, "\n"),
                (CHeredoc, "  EOT"),
                (Newline, "\n"),
                (Eof, "")
            ]
        );
    }

    #[test]
    fn numbers_do_not_end_in_a_dot() {
        assert_eq!(kinds("1.")[0], (Kind::NumberLit, "1"));
        assert_eq!(kinds("1..2")[0], (Kind::NumberLit, "1..2"));
        assert_eq!(kinds("1e+")[0], (Kind::NumberLit, "1"));
        assert_eq!(kinds("1.5e-3x")[0], (Kind::NumberLit, "1.5e-3"));
    }
}
