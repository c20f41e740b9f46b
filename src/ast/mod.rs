//! The syntax tree of the HCL native syntax.
//!
//! Node types are named after the spec's EBNF productions and every node
//! carries its byte range ([`Span`]). The tree borrows identifiers, number
//! literals and unescaped template text from the source, and its nodes and
//! lists live in an [`Arena`](crate::Arena) (both for `'a`): parsing copies
//! almost nothing, and nodes are plain `Copy` values with no destructor.
//!
//! Deeply nested input cannot build a deep tree: the parser refuses nesting
//! beyond its depth limit, binary operator chains fold into one node per
//! precedence level ([`BinaryOp`]), and postfix chains are flat
//! ([`Postfix`]). Recursive walks over the tree are therefore safe.
//!
//! [`visit`] walks a tree with a [`visit::Visitor`] of your own;
//! [`Expression::variables`] lists the variables an expression refers to.

mod dump;
mod expression;
mod structure;
mod template;
pub mod visit;

pub use dump::dump;
pub use expression::*;
pub use structure::*;
pub use template::*;

use crate::span::Span;

/// For each of `names`, in order, the index of the first name equal to it
/// (its own index where it is the first): a body's items grouped by name,
/// as a conversion to JSON groups an attribute's name or the blocks of one
/// type under one key. Linear in the number of names, however many there
/// are (the names are sorted by a keyed hash, not looked up in a table
/// that outgrows the cache).
///
/// ```
/// use hcl_native::ast::first_occurrences;
///
/// assert_eq!(first_occurrences(&["a", "b", "a", "c", "b"]), [0, 1, 0, 3, 1]);
/// ```
pub fn first_occurrences(names: &[&str]) -> Vec<usize> {
    let mut first: Vec<usize> = (0..names.len()).collect();
    for (i, f) in crate::sort::repeats(names.len(), |i| names[i]) {
        first[i] = f;
    }
    first
}

/// A name: attribute, block type, variable, function or `for` variable.
///
/// spec: Identifier, hclsyntax#identifiers
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Identifier<'a> {
    /// The name as written.
    pub name: &'a str,
    /// Its range.
    pub span: Span,
}
