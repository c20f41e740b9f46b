//! Byte ranges and their translation to lines and columns.
//!
//! Every AST node and every diagnostic carries a [`Span`]: a half-open range of
//! byte offsets into the source. Lines and columns are not stored anywhere; a
//! [`LineIndex`] computes them on demand.
//!
//! spec: hclsyntax#comments-and-whitespace (a tab is one column; a newline is
//! LF or CR LF)

use std::fmt;

/// A half-open range `start..end` of byte offsets into one source text.
///
/// ```
/// use hcl_native::Span;
/// let s = Span::new(4, 9);
/// assert_eq!(s.len(), 5);
/// assert_eq!(s.to(Span::new(12, 14)), Span::new(4, 14));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end`.
    #[inline]
    pub const fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }

    /// An empty span at `at`.
    #[inline]
    pub const fn empty(at: u32) -> Self {
        Span { start: at, end: at }
    }

    /// Length in bytes.
    #[inline]
    pub const fn len(self) -> u32 {
        self.end.saturating_sub(self.start)
    }

    /// Whether the span covers no bytes.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// The smallest span covering `self` and `other`.
    #[inline]
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Whether `offset` lies inside the span (or at its end when it is empty).
    #[inline]
    pub fn contains(self, offset: u32) -> bool {
        (self.start..self.end).contains(&offset) || (self.is_empty() && offset == self.start)
    }

    /// The span as a `usize` range, for slicing.
    #[inline]
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A position in a source text: 1-based line and column, 0-based byte offset.
///
/// Columns count Unicode scalar values; a tab counts as one column, and each
/// byte of an invalid UTF-8 sequence counts as one column.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Position {
    /// Line number, starting at 1.
    pub line: u32,
    /// Column number, starting at 1, in Unicode scalar values.
    pub column: u32,
    /// Byte offset, starting at 0.
    pub byte: u32,
}

impl Position {
    /// The position of byte `offset` in `src` (clamped to its end), found
    /// without an index: one pass over the bytes before it, nothing
    /// allocated. For many positions in one text, a [`LineIndex`] is
    /// cheaper.
    ///
    /// ```
    /// use hcl_native::Position;
    /// let p = Position::of("a = 1\nb = \"é\"\n".as_bytes(), 13);
    /// assert_eq!((p.line, p.column, p.byte), (2, 7, 13));
    /// ```
    pub fn of(src: &[u8], offset: u32) -> Position {
        let offset = offset.min(src.len() as u32);
        let before = &src[..offset as usize];
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        Position {
            line: memchr::memchr_iter(b'\n', before).count() as u32 + 1,
            column: count_columns(&before[line_start..]) + 1,
            byte: offset,
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The start offset of every line of a text, for turning offsets into
/// [`Position`]s.
///
/// ```
/// use hcl_native::LineIndex;
/// let src = "a = 1\nb = \"é\"\n";
/// let index = LineIndex::new(src.as_bytes());
/// let p = index.position(src.as_bytes(), 13); // the closing quote
/// assert_eq!((p.line, p.column, p.byte), (2, 7, 13));
/// ```
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    /// Indexes the line starts of `src`. A line ends after each LF byte.
    pub fn new(src: &[u8]) -> Self {
        let mut starts = Vec::with_capacity(src.len() / 32 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', src).map(|i| (i + 1) as u32));
        LineIndex { starts }
    }

    /// Number of lines (a text ending in a newline has an empty last line).
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The byte offset at which 1-based `line` starts, if there is such a line.
    pub fn line_start(&self, line: u32) -> Option<u32> {
        self.starts.get((line as usize).checked_sub(1)?).copied()
    }

    /// The position of byte `offset` in `src` (the text this index was built
    /// from). Offsets past the end are clamped to the end.
    pub fn position(&self, src: &[u8], offset: u32) -> Position {
        let offset = offset.min(src.len() as u32);
        let line = self.starts.partition_point(|&s| s <= offset);
        let line_start = self.starts[line.saturating_sub(1)];
        let column = count_columns(&src[line_start as usize..offset as usize]) + 1;
        Position {
            line: line as u32,
            column,
            byte: offset,
        }
    }

    /// The position of byte `offset`, counting from a position `near`
    /// already known in the same text: when both are on one line and
    /// `near` comes first, only the bytes between them are counted, so a
    /// series of increasing offsets on a long line costs linear time.
    ///
    /// ```
    /// use hcl_native::LineIndex;
    /// let src = "abc = \"x\"\nd = 1".as_bytes();
    /// let index = LineIndex::new(src);
    /// let a = index.position(src, 2);
    /// assert_eq!(index.position_from(src, a, 8), index.position(src, 8));
    /// assert_eq!(index.position_from(src, a, 11), index.position(src, 11));
    /// ```
    pub fn position_from(&self, src: &[u8], near: Position, offset: u32) -> Position {
        let offset = offset.min(src.len() as u32);
        let same_line = near.byte <= offset
            && self.line_start(near.line + 1).is_none_or(|next| offset < next)
            && (near.byte as usize) <= src.len();
        if !same_line {
            return self.position(src, offset);
        }
        Position {
            line: near.line,
            column: near.column + count_columns(&src[near.byte as usize..offset as usize]),
            byte: offset,
        }
    }

    /// Start and end positions of `span`.
    pub fn range(&self, src: &[u8], span: Span) -> (Position, Position) {
        (self.position(src, span.start), self.position(src, span.end))
    }
}

/// Positions in one source text, for a series of offsets: the line index
/// is made when the first position is asked for and kept, and the last
/// position is remembered, so offsets asked for in increasing order (as a
/// writer of ranges asks for them) cost only the bytes between them, even
/// on one very long line. The one home of that cache: the parser, the JSON
/// syntax, bodies and the tool's JSON writers all use it.
///
/// ```
/// use hcl_native::{Locator, Span};
/// let src = "a = 1\nb = \"é\"\n".as_bytes();
/// let loc = Locator::new(src);
/// let (start, end) = loc.range(Span::new(6, 14));
/// assert_eq!((start.line, start.column), (2, 1));
/// assert_eq!((end.line, end.column), (2, 8));
/// assert_eq!(loc.position(13), hcl_native::Position::of(src, 13));
/// ```
#[derive(Clone, Debug)]
pub struct Locator<'s> {
    src: &'s [u8],
    /// Made when first needed, or borrowed from a store that keeps it.
    index: std::cell::OnceCell<std::borrow::Cow<'s, LineIndex>>,
    /// The last position computed.
    last: std::cell::Cell<Option<Position>>,
}

impl<'s> Locator<'s> {
    /// A locator for `src`; nothing is indexed until a position is asked for.
    pub fn new(src: &'s [u8]) -> Self {
        Locator {
            src,
            index: std::cell::OnceCell::new(),
            last: std::cell::Cell::new(None),
        }
    }

    /// A locator for `src` that uses `index`, already made for it (as
    /// [`crate::Files`] keeps one per file).
    ///
    /// ```
    /// use hcl_native::{LineIndex, Locator};
    /// let src = b"x = 1\ny = 2\n";
    /// let index = LineIndex::new(src);
    /// let loc = Locator::with_index(src, &index);
    /// assert_eq!(loc.position(8).line, 2);
    /// ```
    pub fn with_index(src: &'s [u8], index: &'s LineIndex) -> Self {
        Locator {
            src,
            index: std::cell::OnceCell::from(std::borrow::Cow::Borrowed(index)),
            last: std::cell::Cell::new(None),
        }
    }

    /// The text.
    pub fn source(&self) -> &'s [u8] {
        self.src
    }

    /// The line index of the text (made now if it was not yet).
    pub fn line_index(&self) -> &LineIndex {
        self.index
            .get_or_init(|| std::borrow::Cow::Owned(LineIndex::new(self.src)))
    }

    /// The position of byte `offset` (clamped to the end of the text).
    pub fn position(&self, offset: u32) -> Position {
        let index = self.line_index();
        let p = match self.last.get() {
            Some(near) => index.position_from(self.src, near, offset),
            None => index.position(self.src, offset),
        };
        self.last.set(Some(p));
        p
    }

    /// Start and end positions of `span`.
    pub fn range(&self, span: Span) -> (Position, Position) {
        (self.position(span.start), self.position(span.end))
    }
}

/// Counts the columns of `bytes`: one per Unicode scalar value, one per byte
/// of an invalid sequence.
fn count_columns(mut bytes: &[u8]) -> u32 {
    let mut n = 0u32;
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => return n + s.chars().count() as u32,
            Err(e) => {
                let good = e.valid_up_to();
                // SAFETY-free: the prefix is valid by construction.
                n += std::str::from_utf8(&bytes[..good])
                    .map(|s| s.chars().count() as u32)
                    .unwrap_or(good as u32);
                let bad = e.error_len().unwrap_or(bytes.len() - good);
                n += bad as u32;
                bytes = &bytes[good + bad..];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_scalars_and_tabs_as_one() {
        let src = "x\n\tü = 1\r\nz".as_bytes();
        let idx = LineIndex::new(src);
        assert_eq!(idx.line_count(), 3);
        let p = idx.position(src, 5); // after "\tü"
        assert_eq!((p.line, p.column), (2, 3));
        let p = idx.position(src, src.len() as u32 - 1);
        assert_eq!((p.line, p.column), (3, 1));
        // the CR before LF is the last column of line 2
        let p = idx.position(src, 10);
        assert_eq!((p.line, p.column), (2, 8));
    }

    #[test]
    fn a_position_without_an_index_is_the_indexed_one() {
        let src: &[u8] = b"x\n\t\xc3\xbc = 1\r\nz\xff";
        let idx = LineIndex::new(src);
        for offset in 0..=src.len() as u32 + 2 {
            assert_eq!(Position::of(src, offset), idx.position(src, offset), "{offset}");
        }
    }

    #[test]
    fn invalid_bytes_count_one_column_each() {
        let src = b"a\xff\xfeb";
        let idx = LineIndex::new(src);
        assert_eq!(idx.position(src, 4).column, 5);
    }

    #[test]
    fn offsets_past_the_end_are_clamped() {
        let src = b"ab";
        let idx = LineIndex::new(src);
        assert_eq!(
            idx.position(src, 99),
            Position {
                line: 1,
                column: 3,
                byte: 2
            }
        );
    }
}
