//! AST of the expression sub-language.
//!
//! spec: hclsyntax#expressions

use super::{Identifier, TemplateExpr};
use crate::number::{Number, NumberError};
use crate::span::Span;
use std::fmt;

/// An expression.
///
/// spec: Expression
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Expression<'a> {
    /// A term: literal, collection, template, variable, call, `for`,
    /// parenthesised expression, or any of those with postfix operators.
    ExprTerm(ExprTerm<'a>),
    /// A unary or binary operation.
    Operation(&'a Operation<'a>),
    /// `predicate ? a : b`
    Conditional(&'a Conditional<'a>),
    /// Stands in for an expression that failed to parse; a diagnostic
    /// describes the problem. Covers the source that was skipped.
    Invalid(Span),
}

impl Expression<'_> {
    /// Where the expression starts, as the reference marks it in diagnostics
    /// about an argument or a static list or map (its `StartRange`): the
    /// bracket or brace that opens a collection or `for`, the start of what
    /// parentheses hold, the first part of a template (a lone interpolation:
    /// the whole template), a call's name and parenthesis, an operation's
    /// first operand, a postfix chain's last splat marker or index bracket
    /// (a chain of traversal steps: the whole); the whole of anything else.
    pub fn start_span(&self) -> Span {
        use super::{ExprTerm as T, Operation, TemplateDirective, TemplatePart};
        let first_byte = |s: Span| Span::new(s.start, (s.start + 1).min(s.end));
        match self {
            Expression::ExprTerm(t) => match t {
                T::CollectionValue(c) => first_byte(c.span()),
                T::ForExpr(f) => first_byte(f.span()),
                T::Parens(p) => p.expr.start_span(),
                T::FunctionCall(f) => Span::new(f.name_span().start, f.arguments.span.start + 1),
                T::TemplateExpr(t) => match t.template().parts {
                    // a lone interpolation (the reference's wrapped
                    // template): the whole template
                    [TemplatePart::Interpolation(_)] => t.span(),
                    [TemplatePart::Interpolation(i), ..] => i.expr.start_span(),
                    // an `if` is a conditional there: its predicate's start
                    [TemplatePart::Directive(TemplateDirective::If(d)), ..] => d.condition.start_span(),
                    // a `for` is a `for` expression: its opening tag
                    [TemplatePart::Directive(TemplateDirective::For(d)), ..] => {
                        Span::new(d.span.start, d.body.span.start)
                    }
                    [p, ..] => p.span(),
                    [] => t.span(),
                },
                // The last operator decides, as the reference nests the
                // chain: a splat (which holds what follows it) at its marker,
                // an index by a key that is not a literal at its `[`, and
                // attribute accesses and literal indexes (a traversal) the
                // whole chain.
                T::Postfix(p) => match p.ops.last() {
                    Some(PostfixOp::Splat(s)) => s.marker(),
                    Some(PostfixOp::Index(x)) if !x.key.is_literal_key() => first_byte(x.span),
                    _ => p.span,
                },
                _ => t.span(),
            },
            Expression::Operation(Operation::BinaryOp(b)) => b.first.start_span(),
            Expression::Operation(Operation::UnaryOp(u)) => u.op_span,
            Expression::Conditional(c) => c.predicate.start_span(),
            Expression::Invalid(s) => *s,
        }
    }

    /// Whether, as an index key, the reference reads this expression as a
    /// constant (a traversal step rather than an index expression): a
    /// number, bool or null literal, or a template of literal text only
    /// (`analysis`'s `constant` gives these keys' values).
    pub(crate) fn is_literal_key(&self) -> bool {
        match self {
            Expression::ExprTerm(ExprTerm::LiteralValue(_)) => true,
            Expression::ExprTerm(ExprTerm::TemplateExpr(t)) => t
                .template()
                .parts
                .iter()
                .all(|p| matches!(p, super::TemplatePart::Literal(_))),
            _ => false,
        }
    }

    /// The expression's source range.
    pub fn span(&self) -> Span {
        match self {
            Expression::ExprTerm(t) => t.span(),
            Expression::Operation(o) => o.span(),
            Expression::Conditional(c) => c.span,
            Expression::Invalid(s) => *s,
        }
    }
}

/// An expression term: an operand of operators.
///
/// spec: ExprTerm
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ExprTerm<'a> {
    /// A number, `true`, `false` or `null`.
    LiteralValue(LiteralValue<'a>),
    /// A tuple or object constructor.
    CollectionValue(CollectionValue<'a>),
    /// A quoted or heredoc template.
    TemplateExpr(TemplateExpr<'a>),
    /// A variable reference.
    VariableExpr(VariableExpr<'a>),
    /// `name(args)`
    FunctionCall(&'a FunctionCall<'a>),
    /// `[for ...]` or `{for ...}`
    ForExpr(&'a ForExpr<'a>),
    /// A term followed by index, attribute-access and splat operators
    /// (`ExprTerm Index`, `ExprTerm GetAttr`, `ExprTerm Splat`), kept as one
    /// flat chain so that long chains need no recursion.
    Postfix(&'a Postfix<'a>),
    /// `( expression )`
    Parens(&'a Parens<'a>),
}

impl ExprTerm<'_> {
    /// The term's source range.
    pub fn span(&self) -> Span {
        match self {
            ExprTerm::LiteralValue(l) => l.span(),
            ExprTerm::CollectionValue(c) => c.span(),
            ExprTerm::TemplateExpr(t) => t.span(),
            ExprTerm::VariableExpr(v) => v.name.span,
            ExprTerm::FunctionCall(f) => f.span,
            ExprTerm::ForExpr(f) => f.span(),
            ExprTerm::Postfix(p) => p.span,
            ExprTerm::Parens(p) => p.span,
        }
    }
}

/// A literal value.
///
/// spec: LiteralValue, hclsyntax#literal-values
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LiteralValue<'a> {
    /// A number literal.
    NumericLit(NumericLit<'a>),
    /// `true` or `false`.
    Bool(bool, Span),
    /// `null`.
    Null(Span),
}

impl LiteralValue<'_> {
    /// The literal's source range.
    pub fn span(&self) -> Span {
        match self {
            LiteralValue::NumericLit(n) => n.span,
            LiteralValue::Bool(_, s) | LiteralValue::Null(s) => *s,
        }
    }
}

/// A number literal, kept exactly as written (no conversion to a float).
///
/// spec: NumericLit
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NumericLit<'a> {
    /// The literal's text: digits, optional fraction, optional exponent.
    pub text: &'a str,
    /// Its range.
    pub span: Span,
    /// A short integer or plain decimal, read once by the parser: its
    /// lowest-terms numerator (32 bits) and denominator (32 bits) packed in
    /// one word, so evaluation does not read the text again and the node
    /// stays small.
    pub(crate) small: Option<std::num::NonZeroU64>,
}

impl NumericLit<'_> {
    /// The packed form of `small` parts that fit 32 bits each.
    pub(crate) fn pack(text: &str) -> Option<std::num::NonZeroU64> {
        let (n, d) = crate::number::small_parts(text)?;
        let (n, d) = (i32::try_from(n).ok()?, u32::try_from(d).ok()?);
        std::num::NonZeroU64::new(((n as u32 as u64) << 32) | d as u64)
    }

    /// Whether the value is packed in the tree (no reading needed).
    #[inline(always)]
    pub(crate) fn is_small(&self) -> bool {
        self.small.is_some()
    }

    /// The literal's exact value ([`Number::from_literal`] of its text).
    ///
    /// ```
    /// use hcl_native::ast::{Expression, ExprTerm, LiteralValue};
    /// use hcl_native::{parse_expression, Arena, Number};
    ///
    /// let arena = Arena::new();
    /// let Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::NumericLit(n))) =
    ///     parse_expression(&arena, b"1.50").ast
    /// else {
    ///     unreachable!()
    /// };
    /// assert_eq!(n.number().unwrap().to_string(), "1.5");
    /// ```
    #[inline(always)]
    pub fn number(&self) -> Result<Number, NumberError> {
        match self.small {
            Some(packed) => {
                let packed = packed.get();
                let n = (packed >> 32) as u32 as i32;
                let d = packed as u32;
                Ok(Number::from_small_parts((n as i64, d as i64)))
            }
            None => Number::from_literal(self.text),
        }
    }
}

/// A tuple or object constructor.
///
/// spec: CollectionValue, hclsyntax#collection-values
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CollectionValue<'a> {
    /// `[a, b]`
    Tuple(Tuple<'a>),
    /// `{k = v}`
    Object(Object<'a>),
}

impl CollectionValue<'_> {
    /// The constructor's range, brackets included.
    pub fn span(&self) -> Span {
        match self {
            CollectionValue::Tuple(t) => t.span,
            CollectionValue::Object(o) => o.span,
        }
    }
}

/// `[a, b, c]`
///
/// spec: tuple
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuple<'a> {
    /// The element expressions.
    pub elements: &'a [Expression<'a>],
    /// From `[` to `]`.
    pub span: Span,
}

/// `{k = v, k2 = v2}`
///
/// spec: object
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Object<'a> {
    /// The elements, in source order.
    pub elements: &'a [ObjectElem<'a>],
    /// From `{` to `}`.
    pub span: Span,
}

/// One `key = value` (or `key: value`) element of an object constructor.
/// Which separator was written is not kept (they mean the same; the
/// reference keeps neither), as [`super::Attribute`] keeps no `=`: the
/// tree is most of the memory a large configuration is read in.
///
/// spec: objectelem
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ObjectElem<'a> {
    /// The key.
    pub key: ObjectKey<'a>,
    /// The value.
    pub value: Expression<'a>,
}

/// The key of an object element.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ObjectKey<'a> {
    /// A bare identifier: the key is its name, literally.
    Identifier(Identifier<'a>),
    /// Any other expression, evaluated to find the key.
    Expression(Expression<'a>),
}

impl ObjectKey<'_> {
    /// The key's source range.
    pub fn span(&self) -> Span {
        match self {
            ObjectKey::Identifier(i) => i.span,
            ObjectKey::Expression(e) => e.span(),
        }
    }
}

/// A reference to a variable.
///
/// spec: VariableExpr
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VariableExpr<'a> {
    /// The variable's name (and range).
    pub name: Identifier<'a>,
}

/// `name(arg, ...)`, or `ns::name(arg, ...)` with namespaces before the
/// name (`provider::aws::arn_parse(...)`).
///
/// spec: FunctionCall
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FunctionCall<'a> {
    /// The namespaces before the name, outermost first (empty for a plain
    /// call).
    pub namespace: &'a [Identifier<'a>],
    /// The function's own name (after the last `::`).
    pub name: Identifier<'a>,
    /// The arguments with their parentheses.
    pub arguments: Arguments<'a>,
    /// From the name to `)`.
    pub span: Span,
}

impl<'a> FunctionCall<'a> {
    /// The name a function table knows the function by: its own name, or
    /// the namespaces and the name joined by `::` (`ns::name`), as the
    /// reference names namespaced functions.
    ///
    /// ```
    /// use hcl_native::ast::{ExprTerm, Expression};
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let e = parse_expression(&arena, b"provider::time :: rfc3339_parse(x)").ast;
    /// let Expression::ExprTerm(ExprTerm::FunctionCall(call)) = e else { panic!() };
    /// assert_eq!(call.full_name(), "provider::time::rfc3339_parse");
    /// assert_eq!(call.name.name, "rfc3339_parse");
    /// assert_eq!(call.name_span().start, 0);
    /// ```
    pub fn full_name(&self) -> std::borrow::Cow<'a, str> {
        if self.namespace.is_empty() {
            return std::borrow::Cow::Borrowed(self.name.name);
        }
        let mut full = String::new();
        for part in self.namespace {
            full.push_str(part.name);
            full.push_str("::");
        }
        full.push_str(self.name.name);
        std::borrow::Cow::Owned(full)
    }

    /// From the first namespace (or the name) to the end of the name.
    pub fn name_span(&self) -> Span {
        self.namespace
            .first()
            .map_or(self.name.span, |first| first.span.to(self.name.span))
    }
}

/// The argument list of a call, parentheses included.
///
/// spec: Arguments
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arguments<'a> {
    /// The argument expressions.
    pub args: &'a [Expression<'a>],
    /// The final argument is followed by `...` and is expanded.
    pub expand_final: bool,
    /// From `(` to `)`.
    pub span: Span,
}

/// A `for` expression.
///
/// spec: ForExpr, hclsyntax#for-expressions
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ForExpr<'a> {
    /// `[for ...: value if cond]`
    Tuple(ForTupleExpr<'a>),
    /// `{for ...: key => value... if cond}`
    Object(ForObjectExpr<'a>),
}

impl<'a> ForExpr<'a> {
    /// The whole expression, brackets included.
    pub fn span(&self) -> Span {
        match self {
            ForExpr::Tuple(f) => f.span,
            ForExpr::Object(f) => f.span,
        }
    }

    /// The introduction (variables and collection).
    pub fn intro(&self) -> &ForIntro<'a> {
        match self {
            ForExpr::Tuple(f) => &f.intro,
            ForExpr::Object(f) => &f.intro,
        }
    }

    /// The `if` clause, if any.
    pub fn cond(&self) -> Option<&ForCond<'a>> {
        match self {
            ForExpr::Tuple(f) => f.cond.as_ref(),
            ForExpr::Object(f) => f.cond.as_ref(),
        }
    }
}

/// `[for v in coll: expr if cond]`
///
/// spec: forTupleExpr
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForTupleExpr<'a> {
    /// `for k, v in coll:`
    pub intro: ForIntro<'a>,
    /// The element expression.
    pub value: Expression<'a>,
    /// `if cond`
    pub cond: Option<ForCond<'a>>,
    /// From `[` to `]`.
    pub span: Span,
}

/// `{for k, v in coll: key => value... if cond}`
///
/// spec: forObjectExpr
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForObjectExpr<'a> {
    /// `for k, v in coll:`
    pub intro: ForIntro<'a>,
    /// The key expression.
    pub key: Expression<'a>,
    /// The value expression.
    pub value: Expression<'a>,
    /// `...` after the value: grouping mode.
    pub group: bool,
    /// `if cond`
    pub cond: Option<ForCond<'a>>,
    /// From `{` to `}`.
    pub span: Span,
}

/// `for k, v in coll:`
///
/// spec: forIntro
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForIntro<'a> {
    /// The key variable, when two names are given.
    pub key_var: Option<Identifier<'a>>,
    /// The value variable.
    pub value_var: Identifier<'a>,
    /// The collection expression.
    pub collection: Expression<'a>,
    /// From `for` to `:`.
    pub span: Span,
}

/// `if cond`
///
/// spec: forCond
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForCond<'a> {
    /// The predicate.
    pub condition: Expression<'a>,
    /// From `if` to the end of the predicate.
    pub span: Span,
}

/// A term followed by one or more postfix operators, applied left to right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Postfix<'a> {
    /// The term the operators apply to.
    pub term: ExprTerm<'a>,
    /// The operators, in source order.
    pub ops: &'a [PostfixOp<'a>],
    /// From the term to the last operator.
    pub span: Span,
}

/// One postfix operator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PostfixOp<'a> {
    /// `[key]`
    Index(Index<'a>),
    /// `.0` (an index written the old way)
    LegacyIndex(LegacyIndex<'a>),
    /// `.name`
    GetAttr(GetAttr<'a>),
    /// `.*.name` or `[*].name[0]`
    Splat(Splat<'a>),
}

impl PostfixOp<'_> {
    /// The operator's source range.
    pub fn span(&self) -> Span {
        match self {
            PostfixOp::Index(x) => x.span,
            PostfixOp::LegacyIndex(x) => x.span,
            PostfixOp::GetAttr(x) => x.span,
            PostfixOp::Splat(x) => x.span(),
        }
    }
}

/// `[key]`
///
/// spec: Index, hclsyntax#index-operator
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Index<'a> {
    /// The key expression.
    pub key: Expression<'a>,
    /// From `[` to `]`.
    pub span: Span,
}

/// `.0`: an index operation written with a dot.
///
/// spec: LegacyIndex
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LegacyIndex<'a> {
    /// The decimal digits.
    pub digits: &'a str,
    /// From `.` to the last digit.
    pub span: Span,
}

/// `.name`
///
/// spec: GetAttr, hclsyntax#attribute-access-operator
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GetAttr<'a> {
    /// The attribute name.
    pub name: Identifier<'a>,
    /// From `.` to the end of the name.
    pub span: Span,
}

/// A splat operator with the traversal it applies to each element.
///
/// spec: Splat, hclsyntax#splat-operators
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Splat<'a> {
    /// `.*` followed by attribute accesses only.
    AttrSplat(AttrSplat<'a>),
    /// `[*]` followed by attribute accesses and indexes.
    FullSplat(FullSplat<'a>),
}

impl Splat<'_> {
    /// From the splat marker to its last operator.
    pub fn span(&self) -> Span {
        match self {
            Splat::AttrSplat(s) => s.span,
            Splat::FullSplat(s) => s.span,
        }
    }

    /// The splat marker: `.*` or `[*]`.
    pub fn marker(&self) -> Span {
        match self {
            Splat::AttrSplat(s) => s.marker,
            Splat::FullSplat(s) => s.marker,
        }
    }
}

/// `.*.a.b`
///
/// spec: attrSplat
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttrSplat<'a> {
    /// The `.*` marker.
    pub marker: Span,
    /// The attribute accesses applied to each element.
    pub attrs: &'a [GetAttr<'a>],
    /// From `.` to the end of the last attribute.
    pub span: Span,
}

/// `[*].a[0].b`
///
/// spec: fullSplat
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FullSplat<'a> {
    /// The `[*]` marker.
    pub marker: Span,
    /// The operators applied to each element.
    pub ops: &'a [SplatOp<'a>],
    /// From `[` to the end of the last operator.
    pub span: Span,
}

/// An operator inside a full splat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SplatOp<'a> {
    /// `[key]`
    Index(Index<'a>),
    /// `.0`
    LegacyIndex(LegacyIndex<'a>),
    /// `.name`
    GetAttr(GetAttr<'a>),
}

impl SplatOp<'_> {
    /// The operator's source range.
    pub fn span(&self) -> Span {
        match self {
            SplatOp::Index(x) => x.span,
            SplatOp::LegacyIndex(x) => x.span,
            SplatOp::GetAttr(x) => x.span,
        }
    }
}

/// `( expression )`
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Parens<'a> {
    /// The inner expression.
    pub expr: Expression<'a>,
    /// From `(` to `)`.
    pub span: Span,
}

/// A unary or binary operation.
///
/// spec: Operation, hclsyntax#operations
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Operation<'a> {
    /// `-x` or `!x`
    UnaryOp(UnaryOp<'a>),
    /// `a + b - c`: operators of one precedence level.
    BinaryOp(BinaryOp<'a>),
}

impl Operation<'_> {
    /// The operation's source range.
    pub fn span(&self) -> Span {
        match self {
            Operation::UnaryOp(u) => u.span,
            Operation::BinaryOp(b) => b.span,
        }
    }
}

/// `-x` or `!x`.
///
/// spec: unaryOp
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnaryOp<'a> {
    /// `-` or `!`.
    pub op: UnaryOperator,
    /// The operator's range.
    pub op_span: Span,
    /// The operand: a term with its postfix operators, or another unary
    /// operation.
    pub operand: Expression<'a>,
    /// From the operator to the end of the operand.
    pub span: Span,
}

/// A unary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOperator {
    /// `-`: arithmetic negation.
    Negate,
    /// `!`: logical not.
    Not,
}

impl UnaryOperator {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            UnaryOperator::Negate => "-",
            UnaryOperator::Not => "!",
        }
    }
}

/// One or more binary operations of the same precedence level, folded left
/// to right: `first op1 e1 op2 e2` means `(first op1 e1) op2 e2`.
///
/// Operands of other levels are nested `BinaryOp`s (higher levels bind
/// tighter), so the tree's depth is bounded by the number of levels, however
/// long the chain.
///
/// spec: binaryOp
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BinaryOp<'a> {
    /// The leftmost operand.
    pub first: Expression<'a>,
    /// The operators (all of one level) and their right operands.
    pub rest: &'a [(BinaryOperator, Span, Expression<'a>)],
    /// From the first operand to the last.
    pub span: Span,
}

impl BinaryOp<'_> {
    /// The precedence level shared by every operator of this node.
    pub fn level(&self) -> u8 {
        self.rest.first().map_or(0, |(op, _, _)| op.level())
    }
}

/// A binary operator.
///
/// spec: binaryOperator
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOperator {
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `<=`
    LessOrEqual,
    /// `>=`
    GreaterOrEqual,
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
    /// `&&`
    And,
    /// `||`
    Or,
}

impl BinaryOperator {
    /// The operator as written.
    pub fn as_str(self) -> &'static str {
        use BinaryOperator::*;
        match self {
            Equal => "==",
            NotEqual => "!=",
            Less => "<",
            Greater => ">",
            LessOrEqual => "<=",
            GreaterOrEqual => ">=",
            Add => "+",
            Subtract => "-",
            Multiply => "*",
            Divide => "/",
            Modulo => "%",
            And => "&&",
            Or => "||",
        }
    }

    /// The precedence level (higher binds tighter), from the spec's table.
    ///
    /// spec: hclsyntax#operations
    pub fn level(self) -> u8 {
        use BinaryOperator::*;
        match self {
            Multiply | Divide | Modulo => 6,
            Add | Subtract => 5,
            Greater | GreaterOrEqual | Less | LessOrEqual => 4,
            Equal | NotEqual => 3,
            And => 2,
            Or => 1,
        }
    }
}

impl fmt::Display for BinaryOperator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `predicate ? true_expr : false_expr`
///
/// spec: Conditional, hclsyntax#conditional-operator
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Conditional<'a> {
    /// The predicate.
    pub predicate: Expression<'a>,
    /// The result when the predicate is true.
    pub true_expr: Expression<'a>,
    /// The result when the predicate is false.
    pub false_expr: Expression<'a>,
    /// From the predicate to the end of the false expression.
    pub span: Span,
}
