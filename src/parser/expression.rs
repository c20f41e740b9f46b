//! Expressions, terms, operations and the conditional operator.
//!
//! spec: hclsyntax#expressions, hclsyntax#operations

use super::call::function_call;
use super::collection::collection_value;
use super::combinators::arena_many0;
use super::combinators::{
    bare, commit, dispatch, enclosed, ident, nested, tok, trivia, Punct, BANG, COLON, MINUS, QUESTION,
};
use super::context::{bytes, pos, Ctx};
use super::delimited::Closer;
use super::error::{found_error, Expected, PError};
use super::for_expr::for_expr;
use super::lexical::{at_identifier, at_keyword, decimal, for_keyword_inside};
use super::literal::literal_value;
use super::precedence::{Climber, Operand};
use super::template::template_expr;
use super::traversal::postfix_operator;
use super::{Input, PResult};
use crate::ast::*;
use crate::diagnostic::Diagnostic;
use crate::span::Span;
use nom::branch::alt;
use nom::combinator::{cut, flat_map, map, success};
use nom::multi::fold_many0;
use nom::sequence::{pair, preceded, separated_pair};
use nom::Parser;

/// An expression: a term or an operation, then perhaps a conditional
/// whose predicate it is.
///
/// ```ebnf
/// Expression = (ExprTerm | Operation | Conditional);
/// ```
/// spec: Expression, hclsyntax#expressions
#[inline]
pub(crate) fn expression<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    flat_map(
        |i| operation(cx, i),
        |first| {
            move |i| {
                dispatch!(i;
                    [b'?', ..] => |i| conditional(cx, first, i),
                    _ => success(first),
                )
            }
        },
    )
    .parse(i)
}

/// The conditional operator, given its predicate (the expression before
/// `?`, already read: the production is left-recursive). It sits above
/// every binary operator: `a || b ? c : d` tests `a || b`.
///
/// ```ebnf
/// Conditional = Expression "?" Expression ":" Expression;
/// ```
/// spec: Conditional, hclsyntax#conditional-operator
// kept out of its caller, whose frame every nesting level pays for
#[inline(never)]
pub(crate) fn conditional<'a>(cx: &Ctx<'a>, predicate: Expression<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    map(
        nested(cx, cx.newlines(), bare(QUESTION), |question, i| {
            separated_pair(
                preceded(trivia(cx), cut(|i| expression(cx, i))),
                commit(tok(cx, COLON), |e| missing_false_expression(cx, predicate, question, e)),
                cut(|i| expression(cx, i)),
            )
            .parse(i)
        }),
        |(true_expr, false_expr)| {
            let span = predicate.span().to(false_expr.span());
            Expression::Conditional(cx.alloc(Conditional {
                predicate,
                true_expr,
                false_expr,
                span,
            }))
        },
    )
    .parse(i)
}

#[cold]
fn missing_false_expression(cx: &Ctx<'_>, predicate: Expression<'_>, question: Span, e: &PError) -> Diagnostic {
    found_error(
        cx,
        "Missing false expression in conditional",
        e.at,
        Some(predicate.span()),
        |what| {
            format!(
            "The conditional at {} needs a colon and a false expression after its true expression, but found {what}.",
            cx.position(question.start)
        )
        },
    )
}

/// A unary or binary operation, or a lone term: an operand, then the rest
/// of a binary operation chain if an operator follows.
///
/// ```ebnf
/// Operation = unaryOp | binaryOp;
/// ```
/// spec: Operation, hclsyntax#operations
#[inline]
pub(crate) fn operation<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    flat_map(
        |i| operand(cx, i),
        |first| {
            move |i| {
                dispatch!(i;
                    [b'=' | b'!' | b'<' | b'>' | b'+' | b'-' | b'*' | b'/' | b'%' | b'&' | b'|', ..] => {
                        |i| binary_op(cx, first, i)
                    },
                    _ => success(first),
                )
            }
        },
    )
    .parse(i)
}

/// An operand of a binary operator: a unary operation, or a term.
#[inline]
fn operand<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    dispatch!(i;
        [b'-' | b'!', ..] => |i| unary_op(cx, i),
        _ => map(|i| expr_term(cx, i), Expression::ExprTerm),
    )
}

/// `-x` or `!x`. Unary operators bind tighter than any binary operator and
/// apply to a whole term with its postfix operators (`-a.b` negates `a.b`);
/// they may be repeated (`!!x`, as the reference allows), each repetition
/// counting as one level of nesting.
///
/// ```ebnf
/// unaryOp = ("-" | "!") ExprTerm;
/// ```
/// spec: unaryOp, hclsyntax#operations, hclsyntax#arithmetic-operators, hclsyntax#logic-operators
// kept out of `expression`, whose frame every nesting level pays for
#[inline(never)]
pub(crate) fn unary_op<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    nested(cx, cx.newlines(), alt((bare(MINUS), bare(BANG))), |op_span, i| {
        let op = if cx.src[op_span.start as usize] == b'-' {
            UnaryOperator::Negate
        } else {
            UnaryOperator::Not
        };
        map(preceded(trivia(cx), cut(|i| operand(cx, i))), move |operand| {
            let span = op_span.to(operand.span());
            Expression::Operation(cx.alloc(Operation::UnaryOp(UnaryOp {
                op,
                op_span,
                operand,
                span,
            })))
        })
        .parse(i)
    })
    .parse(i)
}

/// The rest of a binary operation chain after its first operand: pairs of
/// an operator and an operand, read flat and folded by precedence as they
/// are read ([`Climber`]); no list of the terms is built.
///
/// ```ebnf
/// binaryOp = ExprTerm binaryOperator ExprTerm;
/// ```
/// spec: binaryOp, hclsyntax#operations
// kept out of `expression`, whose frame every nesting level pays for
#[inline(never)]
pub(crate) fn binary_op<'a>(cx: &Ctx<'a>, first: Expression<'a>, i: Input<'a>) -> PResult<'a, Expression<'a>> {
    let mark = cx.binary.mark();
    let folded = map(
        fold_many0(
            pair(|i| binary_operator(cx, i), cut(|i| operand(cx, i))),
            move || Climber::new(Pending::Done(first)),
            |mut chain, (op, rhs)| {
                chain.push(cx, op, Pending::Done(rhs));
                chain
            },
        ),
        |chain| chain.finish(cx).close(cx),
    )
    .parse(i);
    if folded.is_err() {
        // the groups of an abandoned chain leave the scratch stack
        cx.binary.truncate(mark);
    }
    folded
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
        op.0.level()
    }

    /// Extends `lhs` when it is a group of the same level (left
    /// associativity), or starts a new group.
    fn apply(cx: &Ctx<'a>, lhs: Self, (op, op_span): Self::Op, rhs: Self) -> Self {
        let span = lhs.span().to(rhs.span());
        let rhs = rhs.close(cx);
        let level = op.level();
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

/// A binary operator and the trivia after it, with its span.
///
/// ```ebnf
/// binaryOperator = compareOperator | arithmeticOperator | logicOperator;
/// ```
/// spec: binaryOperator
#[inline]
pub(crate) fn binary_operator<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, (BinaryOperator, Span)> {
    dispatch!(i;
        [b'=' | b'!' | b'<' | b'>', ..] => |i| compare_operator(cx, i),
        [b'+' | b'-' | b'*' | b'/' | b'%', ..] => |i| arithmetic_operator(cx, i),
        [b'&' | b'|', ..] => |i| logic_operator(cx, i),
        _ => |i: Input<'a>| Err(nom::Err::Error(PError::expected(pos(&i), Expected::OPERATOR))),
    )
}

/// The operator `text` as `op`, and the trivia after it.
fn operator<'c, 'a>(
    cx: &'c Ctx<'a>,
    text: &'static str,
    op: BinaryOperator,
) -> impl Parser<Input<'a>, Output = (BinaryOperator, Span), Error = PError> + 'c {
    let punct = Punct {
        text,
        expected: Expected::OPERATOR,
        // the `/` of a comment (`//`, `/*`) is not a division
        not_before: if text == "/" { b"/*" } else { b"" },
    };
    map(tok(cx, punct), move |span| (op, span))
}

/// ```ebnf
/// compareOperator = "==" | "!=" | "<" | ">" | "<=" | ">=";
/// ```
/// spec: compareOperator, hclsyntax#comparison-operators
pub(crate) fn compare_operator<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, (BinaryOperator, Span)> {
    use BinaryOperator::*;
    // the two-byte operators first: `<` is the start of `<=`
    alt((
        operator(cx, "==", Equal),
        operator(cx, "!=", NotEqual),
        operator(cx, "<=", LessOrEqual),
        operator(cx, ">=", GreaterOrEqual),
        operator(cx, "<", Less),
        operator(cx, ">", Greater),
    ))
    .parse(i)
}

/// ```ebnf
/// arithmeticOperator = "+" | "-" | "*" | "/" | "%";
/// ```
/// spec: arithmeticOperator, hclsyntax#arithmetic-operators
pub(crate) fn arithmetic_operator<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, (BinaryOperator, Span)> {
    use BinaryOperator::*;
    alt((
        operator(cx, "+", Add),
        operator(cx, "-", Subtract),
        operator(cx, "*", Multiply),
        operator(cx, "/", Divide),
        operator(cx, "%", Modulo),
    ))
    .parse(i)
}

/// ```ebnf
/// logicOperator = "&&" | "||";
/// ```
/// spec: logicOperator, hclsyntax#logic-operators
pub(crate) fn logic_operator<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, (BinaryOperator, Span)> {
    alt((
        operator(cx, "&&", BinaryOperator::And),
        operator(cx, "||", BinaryOperator::Or),
    ))
    .parse(i)
}

/// An expression term and the postfix operators after it (the grammar's
/// left-recursive `ExprTerm Index | ExprTerm GetAttr | ExprTerm Splat`,
/// read as a term and a run of operators). The first bytes decide which
/// kind of term it is; only `[` and `{` try the `for` reading first (it
/// wins whenever the keyword `for` follows) and fall back to a collection
/// when it fails before `for`, with nothing built.
///
/// ```ebnf
/// ExprTerm = (
///     LiteralValue | CollectionValue | TemplateExpr | VariableExpr |
///     FunctionCall | ForExpr | ExprTerm Index | ExprTerm GetAttr |
///     ExprTerm Splat | "(" Expression ")"
/// );
/// ```
/// spec: ExprTerm, hclsyntax#expression-terms
#[inline]
pub(crate) fn expr_term<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    map(
        (
            |i| {
                dispatch!(i;
                    [c, ..] if decimal(*c) => |i| number(cx, i),
                    [b'"', ..] | [b'<', b'<', ..] => |i| template(cx, i),
                    [b'[' | b'{', ..] => |i| bracketed(cx, i),
                    [b'(', ..] => |i| parens(cx, i),
                    _ if at_identifier(&i) => |i| named(cx, i),
                    _ => |i: Input<'a>| Err(nom::Err::Error(PError::expected(pos(&i), Expected::EXPRESSION))),
                )
            },
            // most terms have no postfix operator: only `.` and `[` start one
            |i| {
                dispatch!(i;
                    [b'.' | b'[', ..] => arena_many0(cx, &cx.ops, |i| postfix_operator(cx, i)),
                    _ => success(&[][..]),
                )
            },
        ),
        |(term, ops)| match ops.last() {
            None => term,
            Some(last) => {
                let span = term.span().to(last.span());
                ExprTerm::Postfix(cx.alloc(Postfix { term, ops, span }))
            }
        },
    )
    .parse(i)
}

/// A number literal as a term.
#[inline(never)]
fn number<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    map(|i| literal_value(cx, i), ExprTerm::LiteralValue).parse(i)
}

/// A quoted or heredoc template as a term.
#[inline]
fn template<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    map(|i| template_expr(cx, i), ExprTerm::TemplateExpr).parse(i)
}

/// `[` and `{` open either a `for` expression or a collection; the `for`
/// reading wins whenever the first thing inside is the keyword `for`.
///
/// spec: hclsyntax#collection-values, hclsyntax#for-expressions
// kept out of its caller, whose frame every nesting level pays for
#[inline]
fn bracketed<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    // decided by the first token inside where that is plain to see, so that
    // a collection is not first read as far as a `for` expression's keyword
    dispatch!(i, on for_keyword_inside(bytes(&i));
        Some(true) => map(|i| for_expr(cx, i), ExprTerm::ForExpr),
        Some(false) => map(|i| collection_value(cx, i), ExprTerm::CollectionValue),
        None => alt((
            map(|i| for_expr(cx, i), ExprTerm::ForExpr),
            map(|i| collection_value(cx, i), ExprTerm::CollectionValue),
        )),
    )
}

/// `( expression )`. Newlines inside are whitespace.
///
/// spec: ExprTerm, hclsyntax#expression-terms
// kept out of its caller, whose frame every nesting level pays for
#[inline]
fn parens<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    map(
        enclosed(
            cx,
            OPEN_PAREN,
            |open| open,
            |_, i| cut(|i| expression(cx, i)).parse(i),
            |_| &PARENS,
        ),
        |(open, expr, close)| {
            ExprTerm::Parens(cx.alloc(Parens {
                expr,
                span: open.to(close),
            }))
        },
    )
    .parse(i)
}

const OPEN_PAREN: Punct = super::combinators::OPEN_PAREN;

const PARENS: Closer = Closer {
    byte: b')',
    what: "the parenthesis",
    eof_summary: "Unbalanced parentheses",
    other_summary: "Unbalanced parentheses",
    alternative: None,
    eof_at_opener: false,
};

/// A term that starts with a name: the keywords `true`, `false` and `null`
/// (which win over every other reading), or a name, which a function call
/// (an opening parenthesis after it) or a variable goes on from; the name
/// is read once.
///
/// spec: hclsyntax#keywords, hclsyntax#expression-terms
// kept out of its caller, whose frame every nesting level pays for
#[inline]
fn named<'a>(cx: &Ctx<'a>, i: Input<'a>) -> PResult<'a, ExprTerm<'a>> {
    dispatch!(i;
        _ if at_literal_keyword(&i) => map(|i| literal_value(cx, i), ExprTerm::LiteralValue),
        _ => flat_map(ident(cx), |name| {
            move |i| {
                dispatch!(i;
                    [b'(', ..] | [b':', b':', ..] => map(|i| function_call(cx, name, i), |f| ExprTerm::FunctionCall(cx.alloc(f))),
                    _ => map(|i| variable_expr(cx, name, i), ExprTerm::VariableExpr),
                )
            }
        }),
    )
}

/// Whether the keyword `true`, `false` or `null` is at `i`.
#[inline]
fn at_literal_keyword(i: &Input<'_>) -> bool {
    match bytes(i).first() {
        Some(b't') => at_keyword(i, "true"),
        Some(b'f') => at_keyword(i, "false"),
        Some(b'n') => at_keyword(i, "null"),
        _ => false,
    }
}

/// A reference to a variable: its name, read by the caller (see
/// [`named`]).
///
/// ```ebnf
/// VariableExpr = Identifier;
/// ```
/// spec: VariableExpr, hclsyntax#variables-and-variable-expressions
#[inline]
pub(crate) fn variable_expr<'a>(_cx: &Ctx<'a>, name: Identifier<'a>, i: Input<'a>) -> PResult<'a, VariableExpr<'a>> {
    success(VariableExpr { name }).parse(i)
}
