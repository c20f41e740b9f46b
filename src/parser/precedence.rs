//! Precedence climbing for binary operators.
//!
//! The parser reads `ExprTerm (binaryOperator ExprTerm)*` as a flat run and
//! hands each operator and operand to a [`Climber`] as it reads them, which
//! builds the tree with two small stacks instead of recursion, so a chain
//! of a million operators costs linear time and no stack depth. Levels come
//! from the spec's table ([`BinaryOperator::level`]); operators of one level
//! associate to the left.
//!
//! spec: hclsyntax#operations, binaryOp

#[cfg(test)]
use crate::ast::BinaryOperator;

/// Something that binary operators can combine.
pub(crate) trait Operand: Sized {
    /// The operator type.
    type Op: Copy;
    /// What applying an operator needs (the parse context, for allocation).
    type Cx: ?Sized;
    /// The operator's precedence level.
    fn level(op: Self::Op) -> u8;
    /// Applies `op` to `lhs` and `rhs`. `lhs` is the result of an earlier
    /// application at the same or a higher level.
    fn apply(cx: &Self::Cx, lhs: Self, op: Self::Op, rhs: Self) -> Self;
}

/// Folds `first op1 t1 op2 t2 ...` by precedence, left-associative within
/// a level, as the pairs arrive.
///
/// The operator stack only ever holds strictly rising levels, so it stays
/// as small as the level table however long the chain is.
///
/// A chain of one operand (most expressions) allocates nothing.
pub(crate) struct Climber<T: Operand> {
    /// The first operand, until an operator follows it.
    first: Option<T>,
    operands: Vec<T>,
    operators: Vec<T::Op>,
}

impl<T: Operand> Climber<T> {
    /// A chain that starts with `first`.
    pub(crate) fn new(first: T) -> Self {
        Climber {
            first: Some(first),
            operands: Vec::new(),
            operators: Vec::new(),
        }
    }

    /// The next operator and its right operand.
    pub(crate) fn push(&mut self, cx: &T::Cx, op: T::Op, term: T) {
        if let Some(first) = self.first.take() {
            self.operands.push(first);
        }
        while self.operators.last().is_some_and(|&top| T::level(top) >= T::level(op)) {
            self.reduce(cx);
        }
        self.operators.push(op);
        self.operands.push(term);
    }

    /// The folded chain.
    pub(crate) fn finish(mut self, cx: &T::Cx) -> T {
        if let Some(first) = self.first.take() {
            return first;
        }
        while !self.operators.is_empty() {
            self.reduce(cx);
        }
        // One operand is left: the stacks started with one more operand than
        // operators and every reduction removes one of each.
        self.operands.pop().expect("fold always leaves one operand")
    }

    fn reduce(&mut self, cx: &T::Cx) {
        if let (Some(op), Some(rhs), Some(lhs)) = (self.operators.pop(), self.operands.pop(), self.operands.pop()) {
            self.operands.push(T::apply(cx, lhs, op, rhs));
        }
    }
}

/// Folds a whole chain at once.
#[cfg(test)]
fn fold<T: Operand>(cx: &T::Cx, first: T, rest: impl IntoIterator<Item = (T::Op, T)>) -> T {
    let mut climber = Climber::new(first);
    for (op, term) in rest {
        climber.push(cx, op, term);
    }
    climber.finish(cx)
}

#[cfg(test)]
fn level(op: BinaryOperator) -> u8 {
    op.level()
}

#[cfg(test)]
mod tests {
    use super::*;
    use BinaryOperator::*;

    /// Renders the folded tree with explicit parentheses.
    #[derive(Debug, PartialEq)]
    struct S(String);

    impl Operand for S {
        type Op = BinaryOperator;
        type Cx = ();
        fn level(op: BinaryOperator) -> u8 {
            level(op)
        }
        fn apply(_: &(), lhs: S, op: BinaryOperator, rhs: S) -> S {
            S(format!("({} {} {})", lhs.0, op.as_str(), rhs.0))
        }
    }

    fn f(first: &str, rest: &[(BinaryOperator, &str)]) -> String {
        fold(&(), S(first.into()), rest.iter().map(|(o, t)| (*o, S(t.to_string())))).0
    }

    #[test]
    fn same_level_is_left_associative() {
        assert_eq!(f("x", &[(Divide, "y"), (Multiply, "z")]), "((x / y) * z)");
        assert_eq!(f("a", &[(Subtract, "b"), (Subtract, "c")]), "((a - b) - c)");
    }

    #[test]
    fn higher_levels_bind_tighter() {
        assert_eq!(f("a", &[(Add, "b"), (Multiply, "c")]), "(a + (b * c))");
        assert_eq!(
            f(
                "a",
                &[
                    (Or, "b"),
                    (And, "c"),
                    (Equal, "d"),
                    (Less, "e"),
                    (Add, "f"),
                    (Modulo, "g")
                ]
            ),
            "(a || (b && (c == (d < (e + (f % g))))))"
        );
        assert_eq!(
            f(
                "a",
                &[
                    (Modulo, "b"),
                    (Add, "c"),
                    (Less, "d"),
                    (Equal, "e"),
                    (And, "f"),
                    (Or, "g")
                ]
            ),
            "((((((a % b) + c) < d) == e) && f) || g)"
        );
    }

    #[test]
    fn a_single_operand_is_returned_as_is() {
        assert_eq!(f("a", &[]), "a");
    }

    /// Counts applications.
    struct Count(usize);

    impl Operand for Count {
        type Op = BinaryOperator;
        type Cx = ();
        fn level(op: BinaryOperator) -> u8 {
            level(op)
        }
        fn apply(_: &(), lhs: Count, _: BinaryOperator, rhs: Count) -> Count {
            Count(lhs.0 + rhs.0 + 1)
        }
    }

    #[test]
    fn a_long_chain_needs_no_recursion() {
        let n = 1_000_000;
        let ops = [Add, Multiply, Or, Less];
        let out = fold(&(), Count(0), (0..n).map(|k| (ops[k % 4], Count(0))));
        assert_eq!(out.0, n);
    }

    #[test]
    fn every_operator_has_its_table_level() {
        let table: [(&[BinaryOperator], u8); 6] = [
            (&[Multiply, Divide, Modulo], 6),
            (&[Add, Subtract], 5),
            (&[Greater, GreaterOrEqual, Less, LessOrEqual], 4),
            (&[Equal, NotEqual], 3),
            (&[And], 2),
            (&[Or], 1),
        ];
        for (ops, l) in table {
            for op in ops {
                assert_eq!(level(*op), l, "{op}");
            }
        }
    }
}
