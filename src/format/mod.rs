//! The canonical layout of native-syntax files: the reference's formatter
//! (`hclwrite.Format`), byte for byte.
//!
//! Formatting changes only the spaces between tokens (the tokens of the
//! reference's scanner; every other byte is kept): each line is indented
//! two spaces per open bracket, the tokens of a line are spaced by a fixed
//! set of rules, and the `=` of consecutive single-line attributes and the
//! comments ending consecutive lines are aligned. Input with syntax
//! errors is formatted the same way (as the reference does); check it with
//! the parser first when that matters.
//!
//! ```
//! let src = b"a=1\nbbb = [1,2]\nblk \"l\" {\nc=-x # note\n}\n";
//! let out = hcl_native::format::format(src);
//! assert_eq!(
//!     String::from_utf8(out).unwrap(),
//!     "a   = 1\nbbb = [1, 2]\nblk \"l\" {\n  c = -x # note\n}\n",
//! );
//! ```
//!
//! spec: hclsyntax#lexical-elements

mod scan;

use scan::{Kind, Pos, Token};
use unicode_segmentation::UnicodeSegmentation;

/// `src` in the canonical layout.
///
/// ```
/// assert_eq!(hcl_native::format::format(b"x = {a=1}\n"), b"x = { a = 1 }\n");
/// ```
pub fn format(src: &[u8]) -> Vec<u8> {
    // every offset and gap of a source is at most its length; a token
    // index at most twice it plus one (the scanner advances a byte or more
    // for at most two tokens); a column (indentation, spaces written
    // between tokens, the width of their text) at most three times it,
    // plus two
    if src.len() <= (u32::MAX / 4) as usize {
        format_with::<u32>(src)
    } else {
        format_with::<usize>(src)
    }
}

/// [`format`], its positions stored as `P`.
fn format_with<P: Pos>(src: &[u8]) -> Vec<u8> {
    let tokens = scan::tokens::<P>(src);
    let mut spaces = Vec::with_capacity(tokens.len());
    let mut last = 0;
    for t in &tokens {
        // the gap as the reference counts it: one column per byte
        spaces.push(P::at(t.start().saturating_sub(last)));
        last = t.end();
    }
    let mut f = Formatter {
        src,
        tokens: &tokens,
        spaces,
    };
    let lines = f.lines();
    f.indent(&lines);
    f.space(&lines);
    f.align(&lines);
    let mut out = Vec::with_capacity(src.len() + src.len() / 8);
    for (t, n) in tokens.iter().zip(&f.spaces) {
        out.resize(out.len() + n.get(), b' ');
        out.extend_from_slice(&src[t.start()..t.end()]);
    }
    out
}

/// Whether formatting `src` changes it.
///
/// ```
/// assert!(hcl_native::format::is_formatted(b"a = 1\n"));
/// assert!(!hcl_native::format::is_formatted(b"a=1\n"));
/// ```
pub fn is_formatted(src: &[u8]) -> bool {
    format(src) == src
}

/// A line's tokens in up to three cells: everything up to an attribute's
/// `=` (or the whole line), the `=` and what follows, and a comment ending
/// the line. The cells' first tokens are where alignment happens.
/// Its token ranges are stored as `P` (32 bytes a line for `u32`).
#[derive(Clone, Copy)]
struct Line<P> {
    lead: (P, P),
    assign: Option<(P, P)>,
    comment: Option<(P, P)>,
}

impl<P: Pos> Line<P> {
    #[inline(always)]
    fn new(lead: (usize, usize), assign: Option<(usize, usize)>, comment: Option<(usize, usize)>) -> Self {
        let pack = |(s, e): (usize, usize)| (P::at(s), P::at(e));
        Line {
            lead: pack(lead),
            assign: assign.map(pack),
            comment: comment.map(pack),
        }
    }

    #[inline(always)]
    fn lead(&self) -> (usize, usize) {
        (self.lead.0.get(), self.lead.1.get())
    }

    #[inline(always)]
    fn assign(&self) -> Option<(usize, usize)> {
        self.assign.map(|(s, e)| (s.get(), e.get()))
    }

    #[inline(always)]
    fn comment(&self) -> Option<(usize, usize)> {
        self.comment.map(|(s, e)| (s.get(), e.get()))
    }
}

struct Formatter<'f, P> {
    src: &'f [u8],
    tokens: &'f [Token<P>],
    /// The spaces before each token.
    spaces: Vec<P>,
}

/// How a token changes the bracket depth.
fn bracket_change(k: Kind) -> i64 {
    match k {
        Kind::OBrace | Kind::OBrack | Kind::OParen | Kind::TemplateControl | Kind::TemplateInterp => 1,
        Kind::CBrace | Kind::CBrack | Kind::CParen | Kind::TemplateSeqEnd => -1,
        _ => 0,
    }
}

impl<P: Pos> Formatter<'_, P> {
    fn kind(&self, i: usize) -> Kind {
        self.tokens[i].kind
    }

    fn bytes(&self, i: usize) -> &[u8] {
        let t = self.tokens[i];
        &self.src[t.start()..t.end()]
    }

    /// A newline, or a line comment (which holds its newline).
    fn ends_line(&self, i: usize) -> bool {
        match self.kind(i) {
            Kind::Newline => true,
            Kind::Comment => self.bytes(i).last() == Some(&b'\n'),
            _ => false,
        }
    }

    /// The lines, the end-of-file token in none.
    fn lines(&self) -> Vec<Line<P>> {
        let mut lines = Vec::new();
        let mut start = 0;
        for i in 0..self.tokens.len() {
            if self.kind(i) == Kind::Eof {
                lines.push((start, i));
                break;
            }
            if self.ends_line(i) {
                lines.push((start, i + 1));
                start = i + 1;
            }
        }
        lines
            .into_iter()
            .map(|(s, e)| {
                let (mut lead, mut assign, mut comment) = ((s, e), None, None);
                if e == s {
                    return Line::new(lead, assign, comment);
                }
                if e - s > 1 && self.kind(e - 1) == Kind::Comment {
                    comment = Some((e - 1, e));
                    lead = (s, e - 1);
                }
                let (ls, le) = lead;
                if let Some(eq) = (ls + 1..le).find(|&i| self.kind(i) == Kind::Equal) {
                    // only a whole expression after the `=` (brackets
                    // balanced) makes an alignable assignment
                    if (eq..le).map(|i| bracket_change(self.kind(i))).sum::<i64>() == 0 {
                        assign = Some((eq, le));
                        lead = (ls, eq);
                    }
                }
                Line::new(lead, assign, comment)
            })
            .collect()
    }

    /// Two spaces per level of the brackets that lines opened and have
    /// not closed.
    fn indent(&mut self, lines: &[Line<P>]) {
        let mut indents: Vec<i64> = Vec::new();
        for line in lines {
            let (ls, le) = line.lead();
            if ls == le {
                continue;
            }
            if self.kind(ls) == Kind::Newline {
                self.spaces[ls] = P::at(0);
                continue;
            }
            let mut net = 0;
            for i in ls..le {
                net += bracket_change(self.kind(i));
                if self.kind(i) == Kind::OHeredoc {
                    break;
                }
            }
            if let Some((s, e)) = line.assign() {
                net += (s..e).map(|i| bracket_change(self.kind(i))).sum::<i64>();
            }
            if net > 0 {
                self.spaces[ls] = P::at(2 * indents.len());
                indents.push(net);
                continue;
            }
            let mut closed = -net;
            while closed > 0 {
                let Some(top) = indents.last_mut() else { break };
                if closed >= *top {
                    closed -= *top;
                    indents.pop();
                } else {
                    *top -= closed;
                    closed = 0;
                }
            }
            self.spaces[ls] = P::at(2 * indents.len());
        }
    }

    /// The spaces between the tokens of each cell.
    fn space(&mut self, lines: &[Line<P>]) {
        for line in lines {
            self.space_cell(line.lead());
            if let Some((s, e)) = line.assign() {
                self.spaces[s] = P::at(1);
                self.space_cell((s, e));
            }
        }
    }

    fn space_cell(&mut self, (s, e): (usize, usize)) {
        for i in s..e.saturating_sub(1) {
            let before = if i > s { Some(i - 1) } else { None };
            self.spaces[i + 1] = P::at(usize::from(self.space_after(i, before, i + 1)));
        }
    }

    /// Whether the token `subject` (after `before`, when it is not the
    /// cell's first) has a space before `after`.
    fn space_after(&self, subject: usize, before: Option<usize>, after: usize) -> bool {
        use Kind::*;
        let (s, a) = (self.kind(subject), self.kind(after));
        let b = before.map_or(Nil, |i| self.kind(i));
        match () {
            _ if matches!(a, Newline | Nil) => false,
            _ if s == Ident && a == OParen => false,
            // v2.20's namespaced function names
            _ if (s == Ident && a == DoubleColon) || (s == DoubleColon && a == Ident) => false,
            _ if s == Dot || a == Dot => false,
            _ if matches!(a, Comma | Ellipsis) => false,
            _ if s == Comma => true,
            _ if matches!(s, QuotedLit | StringLit | OQuote | OHeredoc)
                || matches!(a, QuotedLit | StringLit | CQuote | CHeredoc) =>
            {
                false
            }
            _ if s == Ident && self.bytes(subject) == b"in" && b == Ident => true,
            _ if a == OBrack && (matches!(s, Ident | NumberLit) || bracket_change(s) < 0) => false,
            _ if s == Bang => false,
            _ if s == Minus => !matches!(
                b,
                Nil | OParen
                    | OBrace
                    | OBrack
                    | Equal
                    | Colon
                    | Comma
                    | Question
                    | Plus
                    | Star
                    | Slash
                    | Percent
                    | Minus
                    | EqualOp
                    | NotEqual
                    | GreaterThan
                    | GreaterThanEq
                    | LessThan
                    | LessThanEq
                    | And
                    | Or
                    | Bang
            ),
            _ if s == OBrace || a == CBrace => !(s == OBrace && a == CBrace),
            _ if matches!(s, TemplateInterp | TemplateControl) && a == OBrace => true,
            _ if s == CBrace && a == TemplateSeqEnd => true,
            _ if s == TemplateSeqEnd && matches!(a, TemplateInterp | TemplateControl) => false,
            _ if bracket_change(s) > 0 => false,
            _ if bracket_change(a) < 0 => false,
            _ => true,
        }
    }

    /// The columns a cell takes: its spaces, and a column per grapheme
    /// cluster of its tokens.
    fn columns(&self, (s, e): (usize, usize)) -> usize {
        (s..e)
            .map(|i| self.spaces[i].get() + grapheme_count(self.bytes(i)))
            .sum()
    }

    /// Aligns the `=` of consecutive lines with assignments, then the
    /// comments of consecutive lines ending in one.
    fn align(&mut self, lines: &[Line<P>]) {
        let mut run: Vec<(usize, usize)> = Vec::new();
        let assign_starts = |l: &Line<P>| l.assign().map(|(s, _)| s);
        let flush = |f: &mut Self, run: &mut Vec<(usize, usize)>| {
            let max = run.iter().map(|r| r.1).max().unwrap_or(0);
            for &(tok, cols) in run.iter() {
                f.spaces[tok] = P::at(max - cols + 1);
            }
            run.clear();
        };
        for line in lines {
            match assign_starts(line) {
                Some(tok) => {
                    let cols = self.columns(line.lead());
                    run.push((tok, cols));
                }
                None => flush(self, &mut run),
            }
        }
        flush(self, &mut run);
        for line in lines {
            match line.comment() {
                Some((tok, _)) => {
                    let cols = self.columns(line.lead()) + line.assign().map_or(0, |a| self.columns(a));
                    run.push((tok, cols));
                }
                None => flush(self, &mut run),
            }
        }
        flush(self, &mut run);
    }
}

/// The grapheme clusters of `b` (invalid UTF-8 read as U+FFFD). ASCII
/// text without a carriage return, most of what is aligned, has one per
/// byte (only CR LF joins two ASCII characters into one cluster), so it
/// is not segmented: segmenting was an eighth of `hcl fmt`'s time.
fn grapheme_count(b: &[u8]) -> usize {
    if b.is_ascii() && !b.contains(&b'\r') {
        return b.len();
    }
    String::from_utf8_lossy(b).graphemes(true).count()
}

#[cfg(test)]
mod tests {
    use super::format_with;

    /// The ASCII shortcut counts as segmenting does: one cluster a byte,
    /// CR LF one cluster, and anything else segmented.
    #[test]
    fn grapheme_count_agrees_with_segmentation() {
        use unicode_segmentation::UnicodeSegmentation;
        let cases: [&[u8]; 9] = [
            b"",
            b"name",
            b"a\tb\x00\x7f",
            b"a\r\nb",
            b"a\rb",
            "e\u{301}t\u{e9}".as_bytes(),
            "\u{1f469}\u{200d}\u{1f4bb}x".as_bytes(),
            b"bad\xff\xfe",
            "\u{4e2d}\u{6587}".as_bytes(),
        ];
        for b in cases {
            let segmented = String::from_utf8_lossy(b).graphemes(true).count();
            assert_eq!(super::grapheme_count(b), segmented, "{b:?}");
        }
        assert_eq!(super::grapheme_count(b"a\r\nb"), 3);
    }

    /// Positions of either width give the same layout: the wide ones, for
    /// a source over 1 GiB, are tested on every formatting golden input
    /// since no such source fits a test.
    #[test]
    fn positions_of_either_width_format_alike() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar-tests/fmt");
        let mut inputs = 0;
        for entry in std::fs::read_dir(&dir).expect("grammar-tests/fmt is read") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "hclfmt") {
                let src = std::fs::read(&path).expect("the input is read");
                assert_eq!(
                    format_with::<u32>(&src),
                    format_with::<usize>(&src),
                    "{}",
                    path.display()
                );
                inputs += 1;
            }
        }
        assert!(inputs > 50, "only {inputs} formatting goldens were found");
    }
}
