//! The memory a syntax tree lives in.

use std::fmt;

/// Memory for syntax trees. Every node of a tree parsed with an arena is
/// allocated in it, one after another, and all of them are freed at once
/// when the arena is dropped: parsing makes no allocation per node and
/// dropping a tree costs nothing.
///
/// A tree borrows its arena (and its source), so keep both alive as long
/// as the tree; one arena can hold the trees of many parses.
///
/// ```
/// use hcl_native::{parse_config, Arena};
/// let arena = Arena::new();
/// let a = parse_config(&arena, b"a = 1\n");
/// let b = parse_config(&arena, b"b = [2, 3]\n");
/// assert_eq!(a.ast.body.items.len() + b.ast.body.items.len(), 2);
/// assert!(arena.allocated_bytes() > 0);
/// ```
#[derive(Default)]
pub struct Arena {
    bump: bumpalo::Bump,
}

impl Arena {
    /// An empty arena; it grows as trees are parsed into it.
    pub fn new() -> Self {
        Arena::default()
    }

    /// An arena with room for about `bytes` of trees before it grows.
    pub fn with_capacity(bytes: usize) -> Self {
        Arena {
            bump: bumpalo::Bump::with_capacity(bytes),
        }
    }

    /// The bytes the arena has taken from the system allocator so far.
    pub fn allocated_bytes(&self) -> usize {
        self.bump.allocated_bytes()
    }

    /// Moves `value` into the arena. Only `Copy` types (which have no
    /// destructor to forget) are ever allocated here.
    #[inline]
    pub(crate) fn alloc<T: Copy>(&self, value: T) -> &T {
        self.bump.alloc(value)
    }

    /// Copies `values` into the arena.
    #[inline]
    pub(crate) fn alloc_slice<T: Copy>(&self, values: &[T]) -> &[T] {
        if values.is_empty() {
            return &[];
        }
        self.bump.alloc_slice_copy(values)
    }

    /// Copies `text` into the arena.
    #[inline]
    pub(crate) fn alloc_str(&self, text: &str) -> &str {
        self.bump.alloc_str(text)
    }
}

impl fmt::Debug for Arena {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Arena")
            .field("allocated_bytes", &self.allocated_bytes())
            .finish()
    }
}
