//! The explicit parse context: newline mode, nesting depth, and the
//! diagnostics that do not stop parsing.

use super::error::PError;
use super::scratch::Scratch;
use super::{Input, ParseOptions};
use crate::arena::Arena;
use crate::ast::{BinaryOperator, BlockLabel, BodyItem, Expression, Identifier, ObjectElem, PostfixOp, TemplatePart};
use crate::diagnostic::{Collector, Diagnostic};
use crate::span::{Locator, Position, Span};
use std::cell::{Cell, RefCell};

/// Whether a newline ends the construct being parsed.
///
/// spec: hclsyntax#comments-and-whitespace (newlines are not whitespace,
/// but are ignored as such in some contexts)
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Newlines {
    /// Body level: a newline (or line comment) ends an attribute or block.
    Significant,
    /// Inside parentheses, brackets, braces, argument lists, index
    /// brackets and template sequences: newlines are whitespace.
    Ignored,
}

/// State shared by every production function of one parse.
pub(crate) struct Ctx<'a> {
    /// Where the tree is allocated.
    pub arena: &'a Arena,
    /// The whole input.
    pub src: &'a [u8],
    /// The whole input as text, when it is valid UTF-8.
    text: Option<&'a str>,
    /// Deepest nesting allowed.
    pub max_depth: u32,
    depth: Cell<u32>,
    /// The depth of the body of a one-line block read on as a multi-line
    /// one, whose closing brace may follow its last argument on the same
    /// line (that mistake is the one already reported).
    one_line_fallback: Cell<Option<u32>>,
    newlines: Cell<Newlines>,
    /// The diagnostics that do not stop parsing, up to the cap.
    diags: RefCell<Collector>,
    /// An unterminated inline comment runs to the end of the input, so it
    /// is reported once, however often trivia is scanned over it.
    pub unterminated_comment: Cell<bool>,
    /// A lone CR inside a line comment is reported once per parse (see
    /// `lexical::line_comment`).
    pub lone_cr_in_comment: Cell<bool>,
    /// Positions of offsets (messages ask for them in increasing order,
    /// often on one long line).
    locator: Locator<'a>,
    /// Attribute names of the bodies being parsed, innermost last; each
    /// body owns the entries from where it started (see `structure`).
    pub names: RefCell<Vec<(&'a str, Span)>>,
    /// Scratch stacks for the tree's lists (see `scratch`).
    pub items: Scratch<BodyItem<'a>>,
    pub labels: Scratch<BlockLabel<'a>>,
    pub names_in_call: Scratch<Identifier<'a>>,
    pub exprs: Scratch<Expression<'a>>,
    pub elems: Scratch<ObjectElem<'a>>,
    pub ops: Scratch<PostfixOp<'a>>,
    pub parts: Scratch<TemplatePart<'a>>,
    /// The operators and operands of binary operations being folded (see
    /// `expression::binary_op`).
    pub binary: Scratch<(BinaryOperator, Span, Expression<'a>)>,
}

/// Restores depth and newline mode when a nested construct ends, however it
/// ends (success, error or failure).
pub(crate) struct Nest<'c, 'a> {
    cx: &'c Ctx<'a>,
    saved: Newlines,
}

impl Drop for Nest<'_, '_> {
    fn drop(&mut self) {
        self.cx.depth.set(self.cx.depth.get() - 1);
        self.cx.newlines.set(self.saved);
    }
}

/// Restores the newline mode when a construct ends.
pub(crate) struct Mode<'c, 'a> {
    cx: &'c Ctx<'a>,
    saved: Newlines,
}

impl Drop for Mode<'_, '_> {
    fn drop(&mut self) {
        self.cx.newlines.set(self.saved);
    }
}

impl<'a> Ctx<'a> {
    /// A context for parsing `src`; `text` is all of it as text when it is
    /// valid UTF-8 (checked once, by the caller).
    pub(crate) fn new(
        arena: &'a Arena,
        src: &'a [u8],
        text: Option<&'a str>,
        options: &ParseOptions,
        newlines: Newlines,
    ) -> Self {
        Ctx {
            arena,
            src,
            text,
            max_depth: options.max_depth,

            unterminated_comment: Cell::new(false),
            lone_cr_in_comment: Cell::new(false),
            depth: Cell::new(0),
            one_line_fallback: Cell::new(None),
            newlines: Cell::new(newlines),
            diags: RefCell::new(Collector::new(options.max_diagnostics)),
            locator: Locator::new(src),
            names: RefCell::new(Vec::new()),
            // first capacities: room for typical lists, each under 1 KiB
            // (smaller requests are cheaper for common allocators)
            items: Scratch::new(8),
            labels: Scratch::new(8),
            names_in_call: Scratch::new(4),
            exprs: Scratch::new(16),
            elems: Scratch::new(8),
            ops: Scratch::new(16),
            parts: Scratch::new(12),
            binary: Scratch::new(16),
        }
    }

    /// Runs `f` with the current depth marked as the body of a one-line
    /// block read on as a multi-line one.
    pub(crate) fn in_one_line_fallback<R>(&self, f: impl FnOnce() -> R) -> R {
        let saved = self.one_line_fallback.replace(Some(self.depth.get()));
        let r = f();
        self.one_line_fallback.set(saved);
        r
    }

    /// Whether the body being read is such a fallback body (at this depth).
    pub(crate) fn is_one_line_fallback(&self) -> bool {
        self.one_line_fallback.get() == Some(self.depth.get())
    }

    /// The current newline mode.
    #[inline]
    pub(crate) fn newlines(&self) -> Newlines {
        self.newlines.get()
    }

    /// Enters a nested construct that starts at `open`, switching to `mode`.
    ///
    /// Fails with a "nesting too deep" diagnostic past the depth limit, so
    /// that no input can exhaust the stack.
    #[inline]
    pub(crate) fn nest<'c>(&'c self, open: Span, mode: Newlines) -> Result<Nest<'c, 'a>, nom::Err<PError>> {
        self.count_level(open)?;
        let saved = self.newlines.replace(mode);
        Ok(Nest { cx: self, saved })
    }

    /// Counts one more level of nesting, for a construct opened at
    /// `open`, or fails past the limit.
    #[inline]
    fn count_level(&self, open: Span) -> Result<(), nom::Err<PError>> {
        let depth = self.depth.get() + 1;
        if depth > self.max_depth {
            return Err(too_deep(self.max_depth, open));
        }
        self.depth.set(depth);
        Ok(())
    }

    /// Switches to `mode` until the guard is dropped, without counting a
    /// level of nesting (for constructs whose nesting is counted already).
    #[inline]
    pub(crate) fn mode<'c>(&'c self, mode: Newlines) -> Mode<'c, 'a> {
        let saved = self.newlines.replace(mode);
        Mode { cx: self, saved }
    }

    /// Records a diagnostic that does not stop parsing (or counts it, past
    /// the cap).
    #[cold]
    pub(crate) fn report(&self, d: Diagnostic) {
        self.diags.borrow_mut().push(d);
    }

    /// How many diagnostics have been reported (and kept) so far.
    pub(crate) fn diagnostic_count(&self) -> usize {
        self.diags.borrow().kept()
    }

    /// Reports diagnostics found late, each with the count of diagnostics
    /// reported when it could first have been (from
    /// [`Ctx::diagnostic_count`], in increasing order): each goes where it
    /// would have gone if reported then, and the cap keeps the same ones
    /// it would have kept.
    pub(crate) fn report_late(&self, late: impl IntoIterator<Item = (usize, Diagnostic)>) {
        self.diags.borrow_mut().insert_late(late);
    }

    /// Takes the diagnostics recorded so far.
    pub(crate) fn take_diagnostics(&self) -> Collector {
        std::mem::take(&mut *self.diags.borrow_mut())
    }

    /// The text of bytes `start..end`; the parser only asks for ranges that
    /// it has checked to be valid UTF-8 on character boundaries.
    #[inline]
    pub(crate) fn str(&self, start: usize, end: usize) -> &'a str {
        match self.text {
            Some(t) => t.get(start..end).unwrap_or_default(),
            None => std::str::from_utf8(self.src.get(start..end).unwrap_or_default()).unwrap_or_default(),
        }
    }

    /// The text of bytes `start..end`, with invalid UTF-8 replaced by
    /// U+FFFD; borrowed from the source whenever the bytes are valid.
    pub(crate) fn text(&self, start: usize, end: usize) -> &'a str {
        let end = end.min(self.src.len());
        let start = start.min(end);
        match self.text {
            Some(t) => t.get(start..end).unwrap_or_default(),
            None => match String::from_utf8_lossy(&self.src[start..end]) {
                std::borrow::Cow::Borrowed(s) => s,
                std::borrow::Cow::Owned(s) => self.arena.alloc_str(&s),
            },
        }
    }

    /// The identifier of `len` bytes at offset `start` (which the caller
    /// has measured with `identifier_len`).
    #[inline]
    pub(crate) fn ident(&self, start: u32, len: usize) -> Identifier<'a> {
        let start_u = start as usize;
        Identifier {
            name: self.str(start_u, start_u + len),
            span: Span::new(start, start + len as u32),
        }
    }

    /// Moves a node into the arena.
    #[inline]
    pub(crate) fn alloc<T: Copy>(&self, value: T) -> &'a T {
        self.arena.alloc(value)
    }

    /// Line and column of byte `offset`.
    pub(crate) fn position(&self, offset: u32) -> Position {
        self.locator.position(offset)
    }

    /// A failure (no backtracking past it) carrying `d`.
    #[inline]
    pub(crate) fn fail<T>(&self, d: Diagnostic) -> Result<T, nom::Err<PError>> {
        Err(nom::Err::Failure(PError::diag(d)))
    }
}

/// The failure past [`ParseOptions::max_depth`](crate::ParseOptions::max_depth),
/// for a construct opened at `open`.
#[cold]
fn too_deep(max_depth: u32, open: Span) -> nom::Err<PError> {
    nom::Err::Failure(PError::diag(Diagnostic::error(
        "Nesting too deep",
        format!(
            "This construct is nested more than {max_depth} levels deep, the limit ParseOptions::max_depth. \
             Flatten the expression, or raise the limit (ParseOptions::max_depth; the hcl tool: --max-depth)."
        ),
        open,
    )))
}

pub(crate) use crate::stack::with_stack;

/// Byte offset of `i` in the input.
#[inline]
pub(crate) fn pos(i: &Input<'_>) -> u32 {
    i.location_offset() as u32
}

/// The bytes of `i`, for slice patterns and functions over `&[u8]`.
#[inline]
pub(crate) fn bytes<'a>(i: &Input<'a>) -> &'a [u8] {
    i.fragment().0
}

/// The next byte, if any.
#[inline]
pub(crate) fn peek(i: &Input<'_>) -> Option<u8> {
    i.fragment().first().copied()
}

/// Skips `n` bytes.
#[inline]
pub(crate) fn skip<'a>(i: Input<'a>, n: usize) -> Input<'a> {
    use nom::Input as _;
    i.take_from(n.min(i.fragment().len()))
}

/// The span of the `n` bytes at `i`.
#[inline]
pub(crate) fn span_at(i: &Input<'_>, n: usize) -> Span {
    let s = pos(i);
    Span::new(s, s + n.min(i.fragment().len()) as u32)
}
