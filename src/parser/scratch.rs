//! Scratch stacks for the lists of the tree (body items, elements,
//! arguments, postfix operators, template parts, labels).
//!
//! A production pushes its list's entries onto the context's shared stack
//! for that type and, when the list is complete, copies them into the
//! arena as a slice of exactly the right size: no regrowth, no spare
//! capacity. Lists nest (a tuple inside a tuple), and each
//! works on the top of the stack above the mark it took when it opened;
//! an open list that is dropped without being finished (its production
//! failed) gives its entries back.

use crate::arena::Arena;
use std::cell::RefCell;

/// The shared stack for one type of list entry, and how many entries to
/// make room for at its first use (so that it does not regrow from nothing
/// in every parse).
pub(crate) struct Scratch<T>(RefCell<Vec<T>>, usize);

impl<T> Scratch<T> {
    pub(crate) fn new(first_capacity: usize) -> Self {
        Scratch(RefCell::new(Vec::new()), first_capacity)
    }

    /// Starts a list on top of the stack.
    #[inline]
    pub(crate) fn open(&self) -> List<'_, T> {
        List {
            stack: self,
            mark: self.mark(),
        }
    }

    /// The stack's height: where a list opened now starts. For lists whose
    /// owner cannot hold a [`List`] (the folding of operator chains, which
    /// closes its lists in last-opened, first-closed order by itself).
    #[inline]
    pub(crate) fn mark(&self) -> usize {
        self.0.borrow().len()
    }

    /// Appends one entry to the list on top.
    #[inline]
    pub(crate) fn push(&self, entry: T) {
        let mut stack = self.0.borrow_mut();
        if stack.capacity() == 0 {
            stack.reserve(self.1);
        }
        stack.push(entry);
    }

    /// Drops the entries above `mark` (those of lists abandoned without
    /// a guard, see `expression::binary_op`).
    #[inline]
    pub(crate) fn truncate(&self, mark: usize) {
        self.0.borrow_mut().truncate(mark);
    }

    /// The entries above `mark`, copied into `arena` as an exactly sized
    /// slice and removed from the stack.
    #[inline]
    pub(crate) fn finish_from<'r>(&self, mark: usize, arena: &'r Arena) -> &'r [T]
    where
        T: Copy,
    {
        let mut stack = self.0.borrow_mut();
        if stack.len() == mark {
            return &[];
        }
        let slice = arena.alloc_slice(&stack[mark..]);
        stack.truncate(mark);
        slice
    }
}

/// A list under construction on a [`Scratch`] stack.
pub(crate) struct List<'s, T> {
    stack: &'s Scratch<T>,
    mark: usize,
}

impl<T> List<'_, T> {
    /// Appends one entry.
    #[inline]
    pub(crate) fn push(&self, entry: T) {
        self.stack.push(entry);
    }

    /// Appends the entries of `entries`.
    #[inline]
    pub(crate) fn extend(&self, entries: impl IntoIterator<Item = T>) {
        for e in entries {
            self.stack.push(e);
        }
    }

    /// The entries, changed by `edit` in place, then copied into `arena`.
    #[inline]
    pub(crate) fn finish_with(self, arena: &Arena, edit: impl FnOnce(&mut [T])) -> &[T]
    where
        T: Copy,
    {
        edit(&mut self.stack.0.borrow_mut()[self.mark..]);
        self.finish(arena)
    }

    /// The entries, copied into `arena` as an exactly sized slice.
    #[inline]
    pub(crate) fn finish(self, arena: &Arena) -> &[T]
    where
        T: Copy,
    {
        self.stack.finish_from(self.mark, arena)
    }
}

impl<T> Drop for List<'_, T> {
    fn drop(&mut self) {
        // no-op after `finish`; otherwise the entries of a failed list
        self.stack.0.borrow_mut().truncate(self.mark);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_lists_take_their_own_entries() {
        let s = Scratch::new(1);
        let outer = s.open();
        outer.push(1);
        let inner = s.open();
        inner.push(10);
        inner.push(11);
        let arena = Arena::new();
        assert_eq!(inner.finish(&arena), &[10, 11]);
        outer.push(2);
        assert_eq!(outer.finish(&arena), &[1, 2]);
    }

    #[test]
    fn an_unfinished_list_gives_its_entries_back() {
        let s = Scratch::new(1);
        let outer = s.open();
        outer.push(1);
        {
            let failed = s.open();
            failed.push(99);
        }
        outer.push(2);
        assert_eq!(outer.finish(&Arena::new()), &[1, 2]);
    }
}
