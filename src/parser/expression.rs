//! Expressions, operations and the conditional operator.
//!
//! spec: hclsyntax#expressions, hclsyntax#operations

use super::context::{bytes, peek, peek_at, pos, span_at, Ctx, Newlines};
use super::delimited::{close, Closer};
use super::lexical::{at_identifier, decimal, found, identifier_len, misused_character_hint, token};
use super::precedence::{self, Operand};
use super::{call, collection, for_expr, literal, template_expr, traversal, Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// An expression: operations and terms, then an optional conditional.
///
/// ```ebnf
/// Expression = (ExprTerm | Operation | Conditional);
/// ```
/// spec: Expression, hclsyntax#expressions
pub(crate) fn expression<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    if peek(&i) == Some(b'(') {
        return parens_run(cx, i);
    }
    let (i, first) = operand(cx, i)?;
    after_operand(cx, i, first)
}

/// The rest of an expression after its first operand: a binary operation
/// chain, then a conditional.
#[inline]
fn after_operand<'a>(cx: &Ctx<'a>, i: Input<'a>, first: Expression<'a>) -> PResult<'a, Expression<'a>> {
    let (i, expr) = operation(cx, i, first)?;
    if peek(&i) == Some(b'?') {
        conditional(cx, i, expr)
    } else {
        Ok((i, expr))
    }
}

/// The rest of an expression whose first term, `term`, is already read:
/// its postfix operators, then what follows as after any operand.
pub(crate) fn after_term<'a>(cx: &Ctx<'a>, i: Input<'a>, term: ExprTerm<'a>) -> PResult<'a, Expression<'a>> {
    let (i, term) = traversal::postfix(cx, i, term)?;
    after_operand(cx, i, Expression::ExprTerm(term))
}

/// An expression that starts with parentheses, `((x) + y)`: the run of
/// opening parentheses is read by a loop, and closed by one, each level
/// going on as [`expression`] goes on after a term (postfix operators, a
/// binary chain, a conditional). The tree, the diagnostics and the
/// nesting limit are as if each `(` had been read by [`parens`], but
/// 100,000 of them take no stack: called once per level, the productions
/// between two parentheses used a kilobyte of it, and 100 MB of stack
/// leaves every cache.
///
/// spec: ExprTerm, hclsyntax#expression-terms
// kept out of `expression`, whose frame every nesting level pays for
#[inline(never)]
fn parens_run<'a>(cx: &Ctx<'a>, mut i: Input<'a>) -> PResult<'a, Expression<'a>> {
    let mut opens: Vec<Span> = vec![span_at(&i, 1)];
    let mut nest = cx.nest(opens[0], Newlines::Ignored)?;
    i = token(cx, i, 1);
    while peek(&i) == Some(b'(') {
        let open = span_at(&i, 1);
        nest.deeper(open)?;
        opens.push(open);
        i = token(cx, i, 1);
    }
    let (mut i, mut expr) = expression(cx, i)?;
    while let Some(open) = opens.pop() {
        let close_span = close(cx, &i, open, &PARENS)?;
        // What follows the `)` belongs to the level outside it.
        nest.shallower();
        i = token(cx, i, close_span.len() as usize);
        let term = ExprTerm::Parens(cx.alloc(Parens {
            expr,
            span: open.to(close_span),
        }));
        (i, expr) = after_term(cx, i, term)?;
    }
    Ok((i, expr))
}

/// The conditional operator, given its already-parsed predicate. It sits
/// above every binary operator: `a || b ? c : d` tests `a || b`.
///
/// ```ebnf
/// Conditional = Expression "?" Expression ":" Expression;
/// ```
/// spec: Conditional, hclsyntax#conditional-operator
// kept out of its caller, whose frame every nesting level pays for
#[inline(never)]
pub(crate) fn conditional<'a>(cx: &Ctx<'a>, i: Input<'a>, predicate: Expression<'a>) -> PResult<'a, Expression<'a>> {
    let question = span_at(&i, 1);
    cx.nested(question, cx.newlines(), || {
        let i = token(cx, i, 1);
        let (i, true_expr) = expression(cx, i)?;
        if peek(&i) != Some(b':') {
            let (subject, what) = found(cx.src, pos(&i));
            return cx.fail(
                Diagnostic::error(
                    "Missing false expression in conditional",
                    format!(
                        "The conditional at {} needs a colon and a false expression after its true expression, but found {what}.",
                        cx.position(question.start)
                    ),
                    subject,
                )
                .with_context(predicate.span().to(subject)),
            );
        }
        let i = token(cx, i, 1);
        let (i, false_expr) = expression(cx, i)?;
        let span = predicate.span().to(false_expr.span());
        Ok((
            i,
            Expression::Conditional(cx.alloc(Conditional {
                predicate,
                true_expr,
                false_expr,
                span,
            })),
        ))
    })
}

/// A unary or binary operation, or a lone operand, given its first
/// operand (a term or a unary operation, already read).
///
/// ```ebnf
/// Operation = unaryOp | binaryOp;
/// ```
/// spec: Operation, hclsyntax#operations
#[inline]
pub(crate) fn operation<'a>(cx: &Ctx<'a>, i: Input<'a>, first: Expression<'a>) -> PResult<'a, Expression<'a>> {
    if binary_operator(&i).is_some() {
        binary_op(cx, i, first)
    } else {
        Ok((i, first))
    }
}

/// An operand of a binary operator: a term, or a unary operation.
#[inline]
fn operand<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    match peek(&i) {
        Some(b'-' | b'!') => unary_op(cx, i),
        _ => {
            let (i, term) = expr_term(cx, i)?;
            Ok((i, Expression::ExprTerm(term)))
        }
    }
}

/// `-x` or `!x`. Unary operators bind tighter than any binary operator and
/// apply to a whole term with its postfix operators (`-a.b` negates `a.b`);
/// they may be repeated (`!!x`), each repetition counting as one level of
/// nesting.
///
/// ```ebnf
/// unaryOp = ("-" | "!") ExprTerm;
/// ```
/// spec: unaryOp, hclsyntax#operations, hclsyntax#arithmetic-operators, hclsyntax#logic-operators
// kept out of `expression`, whose frame every nesting level pays for
#[inline(never)]
pub(crate) fn unary_op<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    let op = match peek(&i) {
        Some(b'-') => UnaryOperator::Negate,
        _ => UnaryOperator::Not,
    };
    let op_span = span_at(&i, 1);
    cx.nested(op_span, cx.newlines(), || {
        let i = token(cx, i, 1);
        let (i, operand) = operand(cx, i)?;
        let span = op_span.to(operand.span());
        Ok((
            i,
            Expression::Operation(cx.alloc(Operation::UnaryOp(UnaryOp {
                op,
                op_span,
                operand,
                span,
            }))),
        ))
    })
}

/// The rest of a binary operation chain after its first operand, read flat
/// and folded by [`precedence::fold`].
///
/// ```ebnf
/// binaryOp = ExprTerm binaryOperator ExprTerm;
/// ```
/// spec: binaryOp, hclsyntax#operations
// kept out of `expression`, whose frame every nesting level pays for
#[inline(never)]
pub(crate) fn binary_op<'a>(cx: &Ctx<'a>, mut i: Input<'a>, first: Expression<'a>) -> PResult<'a, Expression<'a>> {
    // The chain is folded as it is read (no list of its terms is built):
    // the operators and operands come from an iterator over the input,
    // which keeps the first error for after the fold.
    let mut failed = None;
    let rest = std::iter::from_fn(|| {
        let (op, len) = binary_operator(&i)?;
        let op_span = span_at(&i, len);
        match operand(cx, token(cx, i, len)) {
            Ok((next, rhs)) => {
                i = next;
                Some(((op, op_span), Pending::Done(rhs)))
            }
            Err(e) => {
                failed = Some(e);
                None
            }
        }
    });
    let folded = precedence::fold(cx, Pending::Done(first), rest).close(cx);
    match failed {
        Some(e) => Err(e),
        None => Ok((i, folded)),
    }
}

/// An operand during folding: a finished expression, or a node of one
/// precedence level that later operators of that level still extend.
///
/// A group's operators and operands are on the context's `binary` scratch
/// stack above `mark` until it is closed. Folding closes groups in the
/// reverse of the order it opened them (an operand is closed before the
/// group on its left is extended), so each open group's entries are on
/// top of the stack whenever they are added to.
#[derive(Clone, Copy)]
enum Pending<'a> {
    Done(Expression<'a>),
    Group {
        first: Expression<'a>,
        level: u8,
        mark: usize,
        span: Span,
    },
}

impl<'a> Pending<'a> {
    /// The finished expression (a group is moved into the arena).
    fn close(self, cx: &Ctx<'a>) -> Expression<'a> {
        match self {
            Pending::Done(e) => e,
            Pending::Group { first, mark, span, .. } => {
                let rest = cx.binary.finish_from(mark, cx.arena);
                Expression::Operation(cx.alloc(Operation::BinaryOp(BinaryOp { first, rest, span })))
            }
        }
    }

    fn span(&self) -> Span {
        match self {
            Pending::Done(e) => e.span(),
            Pending::Group { span, .. } => *span,
        }
    }
}

impl<'a> Operand for Pending<'a> {
    type Op = (BinaryOperator, Span);
    type Cx = Ctx<'a>;

    fn level(op: Self::Op) -> u8 {
        precedence::level(op.0)
    }

    /// Extends `lhs` when it is a group of the same level (left
    /// associativity), or starts a new group.
    fn apply(cx: &Ctx<'a>, lhs: Self, (op, op_span): Self::Op, rhs: Self) -> Self {
        let span = lhs.span().to(rhs.span());
        let rhs = rhs.close(cx);
        let level = precedence::level(op);
        let (first, mark) = match lhs {
            Pending::Group {
                first, level: l, mark, ..
            } if l == level => (first, mark),
            lhs => (lhs.close(cx), cx.binary.mark()),
        };
        cx.binary.push((op, op_span, rhs));
        Pending::Group {
            first,
            level,
            mark,
            span,
        }
    }
}

/// The binary operator at `i` and its length, if there is one.
///
/// ```ebnf
/// binaryOperator = compareOperator | arithmeticOperator | logicOperator;
/// ```
/// spec: binaryOperator
#[inline]
pub(crate) fn binary_operator(i: &Input<'_>) -> Option<(BinaryOperator, usize)> {
    let b = bytes(i);
    match b.first()? {
        b'=' | b'!' | b'<' | b'>' => compare_operator(b),
        b'&' | b'|' => logic_operator(b),
        _ => arithmetic_operator(b),
    }
}

/// ```ebnf
/// compareOperator = "==" | "!=" | "<" | ">" | "<=" | ">=";
/// ```
/// spec: compareOperator, hclsyntax#comparison-operators
#[inline]
pub(crate) fn compare_operator(b: &[u8]) -> Option<(BinaryOperator, usize)> {
    use BinaryOperator::*;
    match b {
        [b'=', b'=', ..] => Some((Equal, 2)),
        [b'!', b'=', ..] => Some((NotEqual, 2)),
        [b'<', b'=', ..] => Some((LessOrEqual, 2)),
        [b'>', b'=', ..] => Some((GreaterOrEqual, 2)),
        [b'<', ..] => Some((Less, 1)),
        [b'>', ..] => Some((Greater, 1)),
        _ => None,
    }
}

/// The `/` of a comment (`//`, `/*`) is not a division.
///
/// ```ebnf
/// arithmeticOperator = "+" | "-" | "*" | "/" | "%";
/// ```
/// spec: arithmeticOperator, hclsyntax#arithmetic-operators
#[inline]
pub(crate) fn arithmetic_operator(b: &[u8]) -> Option<(BinaryOperator, usize)> {
    use BinaryOperator::*;
    match b {
        [b'+', ..] => Some((Add, 1)),
        [b'-', ..] => Some((Subtract, 1)),
        [b'*', ..] => Some((Multiply, 1)),
        [b'/', b'/' | b'*', ..] => None,
        [b'/', ..] => Some((Divide, 1)),
        [b'%', ..] => Some((Modulo, 1)),
        _ => None,
    }
}

/// ```ebnf
/// logicOperator = "&&" | "||";
/// ```
/// spec: logicOperator, hclsyntax#logic-operators
#[inline]
pub(crate) fn logic_operator(b: &[u8]) -> Option<(BinaryOperator, usize)> {
    match b {
        [b'&', b'&', ..] => Some((BinaryOperator::And, 2)),
        [b'|', b'|', ..] => Some((BinaryOperator::Or, 2)),
        _ => None,
    }
}

/// An expression term and the postfix operators after it. The first byte
/// decides which kind of term to parse; nothing is tried and thrown away.
///
/// ```ebnf
/// ExprTerm = (
///     LiteralValue | CollectionValue | TemplateExpr | VariableExpr |
///     FunctionCall | ForExpr | ExprTerm Index | ExprTerm GetAttr |
///     ExprTerm Splat | "(" Expression ")"
/// );
/// ```
/// spec: ExprTerm, hclsyntax#expression-terms
pub(crate) fn expr_term<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    let (i, term) = match peek(&i) {
        Some(c) if decimal(c) => number(cx, i)?,
        Some(b'"') => template(cx, i)?,
        Some(b'<') if peek_at(&i, 1) == Some(b'<') => template(cx, i)?,
        Some(b'[' | b'{') => bracketed(cx, i)?,
        Some(b'(') => parens(cx, i)?,
        _ if at_identifier(&i) => named(cx, i)?,
        _ => return cx.fail(expected_expression(cx, pos(&i))),
    };
    traversal::postfix(cx, i, term)
}

/// A number literal as a term.
#[inline(never)]
fn number<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    let (i, lit) = literal::literal_value(cx, i)?;
    Ok((i, ExprTerm::LiteralValue(lit)))
}

/// A quoted or heredoc template as a term.
#[inline(never)]
fn template<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    let (i, t) = template_expr::template_expr(cx, i)?;
    Ok((i, ExprTerm::TemplateExpr(t)))
}

/// `[` and `{` start either a collection or a `for` expression; the `for`
/// reading wins whenever the first thing inside is the keyword `for`.
///
/// spec: hclsyntax#collection-values, hclsyntax#for-expressions
// kept out of its caller, whose frame every nesting level pays for
#[inline(never)]
fn bracketed<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    if for_expr::opens_for(cx, &i) {
        let (i, f) = for_expr::for_expr(cx, i)?;
        Ok((i, ExprTerm::ForExpr(f)))
    } else {
        let (i, c) = collection::collection_value(cx, i)?;
        Ok((i, ExprTerm::CollectionValue(c)))
    }
}

/// `( expression )`. Newlines inside are whitespace.
///
/// spec: ExprTerm, hclsyntax#expression-terms
// kept out of its caller, whose frame every nesting level pays for
#[inline(never)]
fn parens<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    let open = span_at(&i, 1);
    let (i, expr, close_span) = cx.nested(open, Newlines::Ignored, || {
        let i = token(cx, i, 1);
        let (i, expr) = expression(cx, i)?;
        let close_span = close(cx, &i, open, &PARENS)?;
        Ok((i, expr, close_span))
    })?;
    Ok((
        token(cx, i, close_span.len() as usize),
        ExprTerm::Parens(cx.alloc(Parens {
            expr,
            span: open.to(close_span),
        })),
    ))
}

const PARENS: Closer = Closer {
    byte: b')',
    what: "the parenthesis",
    eof_summary: "Unbalanced parentheses",
    other_summary: "Unbalanced parentheses",
    alternative: None,
    eof_at_opener: false,
};

/// A term that starts with a name: the keywords `true`, `false` and `null`
/// (which win over every other reading), a function call, or a variable.
///
/// spec: hclsyntax#keywords, LiteralValue, FunctionCall, VariableExpr
// kept out of its caller, whose frame every nesting level pays for
#[inline(never)]
fn named<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    let n = identifier_len(i.fragment());
    if let b"true" | b"false" | b"null" = &i.fragment()[..n] {
        let (i, lit) = literal::literal_value(cx, i)?;
        return Ok((i, ExprTerm::LiteralValue(lit)));
    }
    let start = pos(&i) as usize;
    let name = cx.ident(start as u32, n);
    let j = token(cx, i, n);
    if peek(&j) == Some(b'(') {
        let (j, f) = call::function_call(cx, j, name)?;
        Ok((j, ExprTerm::FunctionCall(cx.alloc(f))))
    } else {
        let (j, v) = variable_expr(cx, j, name)?;
        Ok((j, ExprTerm::VariableExpr(v)))
    }
}

/// A reference to a variable, given its already-read name.
///
/// ```ebnf
/// VariableExpr = Identifier;
/// ```
/// spec: VariableExpr, hclsyntax#variables-and-variable-expressions
#[inline]
pub(crate) fn variable_expr<'a>(_cx: &Ctx<'a>, i: Input<'a>, name: Identifier<'a>) -> PResult<'a, VariableExpr<'a>> {
    Ok((i, VariableExpr { name }))
}

/// The diagnostic for a missing expression at `at`.
pub(crate) fn expected_expression(cx: &Ctx<'_>, at: u32) -> Diagnostic {
    let (subject, what) = found(cx.src, at);
    let summary = if subject.start as usize >= cx.src.len() {
        "Missing expression"
    } else {
        "Invalid expression"
    };
    Diagnostic::error(
        summary,
        format!(
            "Expected the start of an expression, but found {what}.{}",
            misused_character_hint(&cx.src[subject.start as usize..])
        ),
        subject,
    )
}
