//! The attribute names of one body, for the rule that each name is set
//! only once.
//!
//! A body with few names keeps them in the context's shared scratch vector
//! (bodies nest, so each owns its tail of it), scans them linearly and
//! reports a repeated name as soon as it is read. Past [`Names::LINEAR`]
//! names the body switches to a list of 32-bit name hashes that is sorted
//! when the body ends: repeated names then sit side by side. Sorting a list
//! written in order reads and writes memory in long runs, where a hash
//! table probed once per name misses the cache on almost every name once
//! it outgrows the cache (docs/adversarial-findings.md, finding 9: a
//! million names took 200 ms that way, about 15 ms sorted). Each deferred
//! diagnostic goes back to the place among the others where it would have
//! been reported at once, so the order of diagnostics does not depend on
//! how many names a body has.
//!
//! The hashes are keyed with a random seed (foldhash's quality variant,
//! seeded per body; std's SipHash took five times as long and was a tenth
//! of parsing a file of many top-level attributes): an unkeyed hash lets a
//! file choose names that share one hash, and names sharing a hash are
//! compared with each other (finding 1).

use super::context::Ctx;
use crate::ast::Attribute;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use foldhash::quality::RandomState;
use std::hash::BuildHasher;

/// The attribute names of one body seen so far.
pub(super) struct Names<'a> {
    /// Where this body's share of the context's scratch vector begins.
    start: usize,
    many: Option<Box<Many<'a>>>,
}

/// The names of a body with many of them, checked when it ends.
struct Many<'a> {
    seed: RandomState,
    /// Per name, in source order: 32 bits of its hash above its index.
    keys: Vec<u64>,
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
            many.push(name, at, cx.diagnostic_count());
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
                seed: RandomState::default(),
                keys: Vec::new(),
                spans: Vec::new(),
                reported: Vec::new(),
                src: cx.src,
            });
            for (n, s) in few.drain(self.start..) {
                many.push(n, s, 0);
            }
            self.many = Some(many);
        }
    }

    /// Gives the body's share of the scratch vector back and reports the
    /// names a body with many of them repeats.
    pub(super) fn finish(self, cx: &Ctx<'a>) {
        cx.names.borrow_mut().truncate(self.start);
        if let Some(mut many) = self.many {
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
    fn push(&mut self, name: &str, at: Span, reported: usize) {
        let hash = self.seed.hash_one(name) >> 32;
        self.keys.push(hash << 32 | self.spans.len() as u64);
        self.spans.push(at);
        self.reported.push(reported);
    }

    fn name(&self, at: Span) -> &'a str {
        std::str::from_utf8(&self.src[at.start as usize..at.end as usize]).unwrap_or_default()
    }

    /// Each repeated name's index with the index of its first occurrence,
    /// in source order. Sorts the keys.
    fn repeated(&mut self) -> Vec<(usize, usize)> {
        sort_by_high_half(&mut self.keys);
        let keys = &self.keys;
        let mut repeats = Vec::new();
        let mut firsts: Vec<usize> = Vec::new();
        // Equal hashes are adjacent, each run in source order (the sort is
        // stable). A run almost always holds one name, repeated or not:
        // distinct names sharing 32 bits of a keyed hash are rare.
        for run in keys.chunk_by(|a, b| a >> 32 == b >> 32).filter(|run| run.len() > 1) {
            firsts.clear();
            for &key in run {
                let i = key as u32 as usize;
                let name = self.name(self.spans[i]);
                match firsts.iter().find(|&&f| self.name(self.spans[f]) == name) {
                    Some(&first) => repeats.push((i, first)),
                    None => firsts.push(i),
                }
            }
        }
        repeats.sort_unstable();
        repeats
    }
}

/// Sorts `keys` by their high 32 bits, stably: a least-significant-digit
/// radix sort a byte at a time, linear in the number of keys and reading
/// and writing memory in long runs.
fn sort_by_high_half(keys: &mut Vec<u64>) {
    let mut out = vec![0u64; keys.len()];
    for shift in [32, 40, 48, 56] {
        let digit = |k: u64| (k >> shift) as usize & 0xff;
        let mut starts = [0usize; 256];
        for &k in keys.iter() {
            starts[digit(k)] += 1;
        }
        if starts.contains(&keys.len()) {
            continue; // one digit for all: already in order
        }
        let mut sum = 0;
        for s in starts.iter_mut() {
            (*s, sum) = (sum, sum + *s);
        }
        for &k in keys.iter() {
            let d = digit(k);
            out[starts[d]] = k;
            starts[d] += 1;
        }
        std::mem::swap(keys, &mut out);
    }
}

/// The diagnostic for `name`, set at `at`, first set at `first`.
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

#[cfg(test)]
mod tests {
    use super::sort_by_high_half;

    #[test]
    fn radix_sort_orders_by_the_high_half_and_keeps_ties_in_order() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut keys: Vec<u64> = (0..5000u64)
            .map(|i| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // few distinct high halves, so there are many ties
                (state % 300) << 32 | (state % 7) << 56 | i
            })
            .collect();
        let mut expected = keys.clone();
        expected.sort_by_key(|k| k >> 32); // stable
        sort_by_high_half(&mut keys);
        assert_eq!(keys, expected);
    }
}
