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

use scan::{Kind, Token};
use unicode_segmentation::UnicodeSegmentation;

/// `src` in the canonical layout.
///
/// ```
/// assert_eq!(hcl_native::format::format(b"x = {a=1}\n"), b"x = { a = 1 }\n");
/// ```
pub fn format(src: &[u8]) -> Vec<u8> {
    let tokens = scan::tokens(src);
    let mut spaces = Vec::with_capacity(tokens.len());
    let mut last = 0;
    for t in &tokens {
        // the gap as the reference counts it: one column per byte
        spaces.push(t.start.saturating_sub(last));
        last = t.end;
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
        out.resize(out.len() + n, b' ');
        out.extend_from_slice(&src[t.start..t.end]);
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
#[derive(Clone, Copy, Default)]
struct Line {
    lead: (usize, usize),
    assign: Option<(usize, usize)>,
    comment: Option<(usize, usize)>,
}

struct Formatter<'f> {
    src: &'f [u8],
    tokens: &'f [Token],
    /// The spaces before each token.
    spaces: Vec<usize>,
}

/// How a token changes the bracket depth.
fn bracket_change(k: Kind) -> i64 {
    match k {
        Kind::OBrace | Kind::OBrack | Kind::OParen | Kind::TemplateControl | Kind::TemplateInterp => 1,
        Kind::CBrace | Kind::CBrack | Kind::CParen | Kind::TemplateSeqEnd => -1,
        _ => 0,
    }
}

impl Formatter<'_> {
    fn kind(&self, i: usize) -> Kind {
        self.tokens[i].kind
    }

    fn bytes(&self, i: usize) -> &[u8] {
        let t = self.tokens[i];
        &self.src[t.start..t.end]
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
    fn lines(&self) -> Vec<Line> {
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
                let mut line = Line {
                    lead: (s, e),
                    ..Line::default()
                };
                if e == s {
                    return line;
                }
                if e - s > 1 && self.kind(e - 1) == Kind::Comment {
                    line.comment = Some((e - 1, e));
                    line.lead = (s, e - 1);
                }
                let (ls, le) = line.lead;
                if let Some(eq) = (ls + 1..le).find(|&i| self.kind(i) == Kind::Equal) {
                    // only a whole expression after the `=` (brackets
                    // balanced) makes an alignable assignment
                    if (eq..le).map(|i| bracket_change(self.kind(i))).sum::<i64>() == 0 {
                        line.assign = Some((eq, le));
                        line.lead = (ls, eq);
                    }
                }
                line
            })
            .collect()
    }

    /// Two spaces per level of the brackets that lines opened and have
    /// not closed.
    fn indent(&mut self, lines: &[Line]) {
        let mut indents: Vec<i64> = Vec::new();
        for line in lines {
            let (ls, le) = line.lead;
            if ls == le {
                continue;
            }
            if self.kind(ls) == Kind::Newline {
                self.spaces[ls] = 0;
                continue;
            }
            let mut net = 0;
            for i in ls..le {
                net += bracket_change(self.kind(i));
                if self.kind(i) == Kind::OHeredoc {
                    break;
                }
            }
            if let Some((s, e)) = line.assign {
                net += (s..e).map(|i| bracket_change(self.kind(i))).sum::<i64>();
            }
            if net > 0 {
                self.spaces[ls] = 2 * indents.len();
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
            self.spaces[ls] = 2 * indents.len();
        }
    }

    /// The spaces between the tokens of each cell.
    fn space(&mut self, lines: &[Line]) {
        for line in lines {
            self.space_cell(line.lead);
            if let Some((s, e)) = line.assign {
                self.spaces[s] = 1;
                self.space_cell((s, e));
            }
        }
    }

    fn space_cell(&mut self, (s, e): (usize, usize)) {
        for i in s..e.saturating_sub(1) {
            let before = if i > s { Some(i - 1) } else { None };
            self.spaces[i + 1] = usize::from(self.space_after(i, before, i + 1));
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
            .map(|i| self.spaces[i] + String::from_utf8_lossy(self.bytes(i)).graphemes(true).count())
            .sum()
    }

    /// Aligns the `=` of consecutive lines with assignments, then the
    /// comments of consecutive lines ending in one.
    fn align(&mut self, lines: &[Line]) {
        let mut run: Vec<(usize, usize)> = Vec::new();
        let assign_starts = |l: &Line| l.assign.map(|(s, _)| s);
        let flush = |f: &mut Self, run: &mut Vec<(usize, usize)>| {
            let max = run.iter().map(|r| r.1).max().unwrap_or(0);
            for &(tok, cols) in run.iter() {
                f.spaces[tok] = max - cols + 1;
            }
            run.clear();
        };
        for line in lines {
            match assign_starts(line) {
                Some(tok) => {
                    let cols = self.columns(line.lead);
                    run.push((tok, cols));
                }
                None => flush(self, &mut run),
            }
        }
        flush(self, &mut run);
        for line in lines {
            match line.comment {
                Some((tok, _)) => {
                    let cols = self.columns(line.lead) + line.assign.map_or(0, |a| self.columns(a));
                    run.push((tok, cols));
                }
                None => flush(self, &mut run),
            }
        }
        flush(self, &mut run);
    }
}
