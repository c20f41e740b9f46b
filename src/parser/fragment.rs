//! [`Src`]: the fragment inside the parser's [`Input`](super::Input), a
//! byte slice that nom_locate does not count lines in.
//!
//! nom_locate's `LocatedSpan` keeps a byte offset and a line number. Every
//! `take`, `take_from` and `take_split` updates the line by counting the
//! `\n` bytes in what was consumed, which it reads through the fragment's
//! [`AsBytes`]; that counting was 4-7% of parse time. This parser never
//! reads the line: every position is `location_offset()`, and lines and
//! columns are computed on demand from the source's line index
//! (`crate::source`).
//!
//! So `Src` is `&[u8]` in all but one respect: its `as_bytes()` is the
//! empty slice at the fragment's start. nom_locate then counts nothing,
//! and `location_line()` stays 1 whatever the offset: **it is wrong, never
//! read it** (`clippy.toml` disallows it). The empty slice keeps the
//! fragment's address, so nom_locate's column methods, which walk back
//! from that address by the offset, stay sound and correct. The parser
//! reads its bytes through `Deref` (`&**i.fragment()`, or `peek` and
//! friends in `context`), never through `as_bytes()`.

use nom::{AsBytes, Compare, CompareResult, Input, Needed, Offset};
use std::iter::{Copied, Enumerate};
use std::slice::Iter;

/// A byte slice whose [`AsBytes`] is empty; see the module comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Src<'a>(pub &'a [u8]);

impl<'a> std::ops::Deref for Src<'a> {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        self.0
    }
}

impl AsBytes for Src<'_> {
    /// Empty, at the fragment's start: nom_locate counts no newlines.
    #[inline]
    fn as_bytes(&self) -> &[u8] {
        &self.0[..0]
    }
}

impl Offset for Src<'_> {
    #[inline]
    fn offset(&self, second: &Self) -> usize {
        self.0.offset(second.0)
    }
}

impl<'a> Input for Src<'a> {
    type Item = u8;
    type Iter = Copied<Iter<'a, u8>>;
    type IterIndices = Enumerate<Self::Iter>;

    #[inline]
    fn input_len(&self) -> usize {
        self.0.len()
    }
    #[inline]
    fn take(&self, index: usize) -> Self {
        Src(&self.0[..index])
    }
    #[inline]
    fn take_from(&self, index: usize) -> Self {
        Src(&self.0[index..])
    }
    #[inline]
    fn take_split(&self, index: usize) -> (Self, Self) {
        let (prefix, suffix) = self.0.split_at(index);
        (Src(suffix), Src(prefix))
    }
    #[inline]
    fn position<P: Fn(u8) -> bool>(&self, predicate: P) -> Option<usize> {
        self.0.iter().position(|&b| predicate(b))
    }
    #[inline]
    fn iter_elements(&self) -> Self::Iter {
        self.0.iter().copied()
    }
    #[inline]
    fn iter_indices(&self) -> Self::IterIndices {
        self.iter_elements().enumerate()
    }
    #[inline]
    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        self.0.slice_index(count)
    }
}

impl<'b> Compare<&'b str> for Src<'_> {
    #[inline]
    fn compare(&self, t: &'b str) -> CompareResult {
        self.0.compare(t)
    }
    #[inline]
    fn compare_no_case(&self, t: &'b str) -> CompareResult {
        self.0.compare_no_case(t)
    }
}

impl<'b> Compare<&'b [u8]> for Src<'_> {
    #[inline]
    fn compare(&self, t: &'b [u8]) -> CompareResult {
        self.0.compare(t)
    }
    #[inline]
    fn compare_no_case(&self, t: &'b [u8]) -> CompareResult {
        self.0.compare_no_case(t)
    }
}

#[cfg(test)]
mod tests {
    use super::super::error::PError;
    use super::super::Input as Span;
    use super::*;
    use nom::bytes::complete::{tag, take_while1};
    use nom::combinator::recognize;
    use nom::sequence::preceded;
    use nom::Parser;

    #[test]
    fn combinators_slice_and_offsets_follow() {
        let src = b"ab\n\ncd12 x";
        let i = Span::new(Src(src));
        let (i, ab) = tag::<_, _, PError>("ab").parse(i).unwrap();
        assert_eq!((&**ab.fragment(), ab.location_offset()), (&b"ab"[..], 0));
        assert_eq!(i.location_offset(), 2);
        let (i, word) = recognize(preceded(
            take_while1(|b: u8| b == b'\n'),
            take_while1(|b: u8| b.is_ascii_alphanumeric()),
        ))
        .parse(i)
        .map_err(|_: nom::Err<PError>| ())
        .unwrap();
        assert_eq!(&**word.fragment(), b"\n\ncd12");
        assert_eq!((i.location_offset(), &**i.fragment()), (8, &b" x"[..]));
        // the trick: no newline counted, but the column is still right
        #[allow(clippy::disallowed_methods)]
        let line = i.location_line();
        assert_eq!(line, 1);
        assert_eq!(i.get_column(), 5);
    }
}
