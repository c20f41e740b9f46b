//! AST of the structural sub-language: files, bodies, attributes, blocks.
//!
//! spec: hclsyntax#structural-elements

use super::{Expression, Identifier, StringLit};
use crate::span::Span;

/// A whole configuration file: a body at the top level.
///
/// spec: ConfigFile, hclsyntax#configuration-files
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConfigFile<'a> {
    /// The top-level body.
    pub body: Body<'a>,
    /// The whole file.
    pub span: Span,
}

/// Attributes and blocks, in source order.
///
/// spec: Body, hclsyntax#bodies
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Body<'a> {
    /// The items, in source order.
    pub items: &'a [BodyItem<'a>],
    /// From the opening brace (or the start of the file) to the end of the
    /// closing brace (or the end of the file), as the reference's body
    /// range; where a missing item is reported.
    pub span: Span,
}

impl<'a> Body<'a> {
    /// The attributes, in source order.
    pub fn attributes(&self) -> impl Iterator<Item = &'a Attribute<'a>> + use<'a> {
        self.items.iter().filter_map(|item| match item {
            BodyItem::Attribute(a) => Some(*a),
            _ => None,
        })
    }

    /// The attributes, in source order, each name's first definition only.
    /// A later definition of a name is an error that the parser reports
    /// ("Attribute redefined"); the reference keeps the first. Linear in
    /// the number of attributes, however many there are.
    ///
    /// ```
    /// let arena = hcl_native::Arena::new();
    /// let parsed = hcl_native::parse_config(&arena, b"a = 1\nb = 2\na = 3\n");
    /// let body = parsed.ast.body;
    /// let names: Vec<&str> = body.unique_attributes().iter().map(|a| a.name.name).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// assert_eq!(body.attributes().count(), 3);
    /// ```
    pub fn unique_attributes(&self) -> Vec<&'a Attribute<'a>> {
        let all: Vec<&'a Attribute<'a>> = self.attributes().collect();
        let repeats = crate::sort::repeats(all.len(), |i| all[i].name.name);
        if repeats.is_empty() {
            return all;
        }
        let mut repeated = repeats.iter().map(|&(i, _)| i).peekable();
        let mut kept = Vec::with_capacity(all.len() - repeats.len());
        for (i, a) in all.into_iter().enumerate() {
            if repeated.next_if_eq(&i).is_none() {
                kept.push(a);
            }
        }
        kept
    }

    /// The blocks (multi-line and one-line), in source order.
    pub fn blocks(&self) -> impl Iterator<Item = &'a Block<'a>> + use<'a> {
        self.items.iter().filter_map(|item| match item {
            BodyItem::Block(b) | BodyItem::OneLineBlock(b) => Some(*b),
            _ => None,
        })
    }

    /// The attribute named `name`, if there is one.
    pub fn attribute(&self, name: &str) -> Option<&'a Attribute<'a>> {
        self.attributes().find(|a| a.name.name == name)
    }
}

/// One item of a body.
///
/// A one-line block has the same shape as a multi-line one; its body holds
/// at most one attribute and no blocks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BodyItem<'a> {
    /// `name = expression`
    Attribute(&'a Attribute<'a>),
    /// `type labels { ... }` over several lines.
    Block(&'a Block<'a>),
    /// `type labels { name = expression }` on one line.
    ///
    /// spec: OneLineBlock
    OneLineBlock(&'a Block<'a>),
}

impl BodyItem<'_> {
    /// The item's whole range.
    pub fn span(&self) -> Span {
        match self {
            BodyItem::Attribute(a) => a.span(),
            BodyItem::Block(b) | BodyItem::OneLineBlock(b) => b.span(),
        }
    }
}

/// An attribute definition.
///
/// The `=` between the name and the expression is not kept (the first `=`
/// after the name in the source): a configuration is mostly attributes,
/// and its tree is most of the memory it is read in, so an attribute is
/// its name and its expression, 64 bytes.
///
/// spec: Attribute, hclsyntax#attribute-definitions
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attribute<'a> {
    /// The attribute's name.
    pub name: Identifier<'a>,
    /// The value expression, kept unevaluated.
    pub expr: Expression<'a>,
}

const _: () = assert!(std::mem::size_of::<Attribute<'static>>() == 64);

impl Attribute<'_> {
    /// From the name to the end of the expression. (Worked out rather than
    /// kept: a configuration is mostly attributes, and the tree is most of
    /// the memory a large one is read in.)
    pub fn span(&self) -> Span {
        self.name.span.to(self.expr.span())
    }
}

/// A block: a type, labels and a child body.
///
/// spec: Block, hclsyntax#blocks
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block<'a> {
    /// The block type.
    pub block_type: Identifier<'a>,
    /// The labels, quoted or bare.
    pub labels: &'a [BlockLabel<'a>],
    /// The child body, from the `{` to the `}`.
    pub body: Body<'a>,
    /// The `}` (empty at the end of the file when it is missing).
    pub close_brace: Span,
}

impl Block<'_> {
    /// The `{` (where the body starts). Worked out rather than kept, as
    /// [`Block::span`] is: a large configuration's tree is most of the
    /// memory it is read in.
    pub fn open_brace(&self) -> Span {
        Span::new(self.body.span.start, self.body.span.start + 1)
    }

    /// From the type to the closing brace.
    pub fn span(&self) -> Span {
        self.block_type.span.to(self.close_brace)
    }

    /// The block's header: its type through its last label (what
    /// diagnostics about the block as a whole point at).
    pub fn def_span(&self) -> Span {
        self.labels
            .last()
            .map_or(self.block_type.span, |l| self.block_type.span.to(l.span()))
    }
}

/// A block label: a string literal or a bare identifier.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BlockLabel<'a> {
    /// `"label"`
    StringLit(StringLit<'a>),
    /// `label`
    Identifier(Identifier<'a>),
}

impl<'a> BlockLabel<'a> {
    /// The label's text.
    pub fn value(&self) -> &'a str {
        match self {
            BlockLabel::StringLit(s) => s.value,
            BlockLabel::Identifier(i) => i.name,
        }
    }

    /// The label's range (with the quotes of a string literal).
    pub fn span(&self) -> Span {
        match self {
            BlockLabel::StringLit(s) => s.span,
            BlockLabel::Identifier(i) => i.span,
        }
    }
}
