//! The attribute names of one body, for the rule that each name is set
//! only once.
//!
//! A body with few names keeps them in the context's shared scratch vector
//! (bodies nest, so each owns its tail of it), scans them linearly and
//! reports a repeated name as soon as it is read. Past [`Names::LINEAR`]
//! names the body keeps where each name is written and finds the repeats
//! when the body ends, by sorting (`crate::sort::repeats`, which says why).
//! Each deferred diagnostic goes back to the place among the others where
//! it would have been reported at once, so the order of diagnostics does
//! not depend on how many names a body has.

use super::context::Ctx;
use crate::ast::Attribute;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// The attribute names of one body seen so far.
pub(super) struct Names<'a> {
    /// Where this body's share of the context's scratch vector begins.
    start: usize,
    many: Option<Box<Many<'a>>>,
}

/// The names of a body with many of them, checked when it ends.
struct Many<'a> {
    /// Per name: where it is written (the name is the source there).
    spans: Vec<Span>,
    /// Per name: how many diagnostics had been reported when it was read,
    /// which is where its own diagnostic goes.
    reported: Vec<usize>,
    src: &'a [u8],
}

impl<'a> Names<'a> {
    /// Names a body holds before it switches to sorting.
    const LINEAR: usize = 16;

    pub(super) fn new(cx: &Ctx<'a>) -> Self {
        Names {
            start: cx.names.borrow().len(),
            many: None,
        }
    }

    /// Records the name of `a`, reporting it if it is set already (for a
    /// body with many names: when the body ends).
    ///
    /// spec: hclsyntax#attribute-definitions
    pub(super) fn check(&mut self, cx: &Ctx<'a>, a: &Attribute<'a>) {
        let (name, at) = (a.name.name, a.name.span);
        debug_assert_eq!(&cx.src[at.start as usize..at.end as usize], name.as_bytes());
        if let Some(many) = &mut self.many {
            many.push(at, cx.diagnostic_count());
            return;
        }
        let mut few = cx.names.borrow_mut();
        if let Some(&(_, first)) = few[self.start..].iter().find(|(n, _)| *n == name) {
            drop(few);
            cx.report(redefined(cx, name, at, first));
            return;
        }
        few.push((name, at));
        if few.len() - self.start > Self::LINEAR {
            let mut many = Box::new(Many {
                spans: Vec::new(),
                reported: Vec::new(),
                src: cx.src,
            });
            for (_, s) in few.drain(self.start..) {
                many.push(s, 0);
            }
            self.many = Some(many);
        }
    }

    /// Gives the body's share of the scratch vector back and reports the
    /// names a body with many of them repeats.
    pub(super) fn finish(self, cx: &Ctx<'a>) {
        cx.names.borrow_mut().truncate(self.start);
        if let Some(many) = self.many {
            let repeats = many.repeated();
            let late = repeats.into_iter().map(|(i, first)| {
                let at = many.spans[i];
                (many.reported[i], redefined(cx, many.name(at), at, many.spans[first]))
            });
            cx.report_late(late);
        }
    }
}

impl<'a> Many<'a> {
    fn push(&mut self, at: Span, reported: usize) {
        self.spans.push(at);
        self.reported.push(reported);
    }

    fn name(&self, at: Span) -> &'a str {
        std::str::from_utf8(&self.src[at.start as usize..at.end as usize]).unwrap_or_default()
    }

    /// Each repeated name's index with the index of its first occurrence,
    /// in source order.
    fn repeated(&self) -> Vec<(usize, usize)> {
        crate::sort::repeats(self.spans.len(), |i| self.name(self.spans[i]))
    }
}

/// The diagnostic for `name`, set at `at`, first set at `first`.
#[cold]
fn redefined(cx: &Ctx<'_>, name: &str, at: Span, first: Span) -> Diagnostic {
    Diagnostic::error(
        "Attribute redefined",
        format!(
            "The argument \"{name}\" was already set at {}. Each argument may be set only once.",
            cx.position(first.start)
        ),
        at,
    )
}
