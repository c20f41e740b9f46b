//! Static analysis: reading an expression's shape instead of its value.
//!
//! spec: model#static-analysis, hclsyntax#static-analysis
//!
//! Each analysis accepts one kind of expression and answers an "Invalid
//! expression" error, at the expression, for any other.
//!
//! ```
//! use hcl_native::analysis::{static_call, static_list, static_traversal, TraversalStep};
//! use hcl_native::{parse_expression, Arena};
//!
//! let arena = Arena::new();
//! let list = parse_expression(&arena, b"[a, b.c]").ast;
//! assert_eq!(static_list(&list).unwrap().len(), 2);
//! let t = parse_expression(&arena, b"var.items[0].name").ast;
//! let t = static_traversal(&t).unwrap();
//! assert_eq!(t.root, "var");
//! assert!(matches!(&t.steps[1], TraversalStep::Index { .. }));
//! let call = parse_expression(&arena, b"max(1, 2)").ast;
//! assert_eq!(static_call(&call).unwrap().name, "max");
//! assert!(static_list(&call).is_err());
//! ```

use crate::ast::visit::{walk_postfix, Visitor};
use crate::ast::{
    Body, ExprTerm, Expression, ForExpr, FunctionCall, Identifier, LiteralValue, ObjectKey, Postfix, PostfixOp,
    Template, TemplateFor, VariableExpr,
};
use crate::number::Number;
use crate::value::{Type, Value};
use crate::{Diagnostic, Span};

fn invalid(detail: &str, span: Span) -> Diagnostic {
    Diagnostic::error("Invalid expression", detail, span)
}

/// The element expressions of a tuple constructor.
///
/// spec: hclsyntax#static-list
pub fn static_list<'e, 'a>(expr: &'e Expression<'a>) -> Result<&'e [Expression<'a>], Diagnostic> {
    match expr {
        Expression::ExprTerm(ExprTerm::CollectionValue(crate::ast::CollectionValue::Tuple(t))) => Ok(t.elements),
        _ => Err(not_a_static_list(expr.start_span())),
    }
}

/// One key/value pair of a static map. The key is the expression as
/// written, of any kind: an identifier key is not read as a string.
#[derive(Clone, Copy, Debug)]
pub struct StaticPair<'e, 'a> {
    /// The key.
    pub key: &'e ObjectKey<'a>,
    /// The value.
    pub value: &'e Expression<'a>,
}

/// The error of [`static_list`] for an expression of another kind.
pub(crate) fn not_a_static_list(span: Span) -> Diagnostic {
    invalid("A static list expression is required.", span)
}

/// The error of [`static_map`] for an expression of another kind.
pub(crate) fn not_a_static_map(span: Span) -> Diagnostic {
    invalid("A static map expression is required.", span)
}

/// The error of [`static_call`] for an expression of another kind.
pub(crate) fn not_a_static_call(span: Span) -> Diagnostic {
    invalid("A static function call is required.", span)
}

/// The error of [`static_traversal`] for an expression of another kind.
pub(crate) fn not_a_static_traversal(span: Span) -> Diagnostic {
    invalid(TRAVERSAL_REQUIRED, span)
}

/// The key/value pairs of an object constructor, keys uninterpreted.
///
/// spec: hclsyntax#static-map
pub fn static_map<'e, 'a>(expr: &'e Expression<'a>) -> Result<Vec<StaticPair<'e, 'a>>, Diagnostic> {
    match expr {
        Expression::ExprTerm(ExprTerm::CollectionValue(crate::ast::CollectionValue::Object(o))) => Ok(o
            .elements
            .iter()
            .map(|e| StaticPair {
                key: &e.key,
                value: &e.value,
            })
            .collect()),
        _ => Err(not_a_static_map(expr.start_span())),
    }
}

/// A static call: the function's name and the argument expressions.
#[derive(Clone, Debug)]
pub struct StaticCall<'e, 'a> {
    /// The name, with its namespaces joined by `::` (`ns::name`) as the
    /// reference gives it.
    pub name: std::borrow::Cow<'a, str>,
    /// Where the name is.
    pub name_span: Span,
    /// The argument expressions.
    pub args: &'e [Expression<'a>],
    /// Whether the last argument is followed by `...`.
    pub expand_final: bool,
    /// The parentheses and what they hold.
    pub args_span: Span,
}

/// The name and argument expressions of a function call.
///
/// spec: hclsyntax#static-call
pub fn static_call<'e, 'a>(expr: &'e Expression<'a>) -> Result<StaticCall<'e, 'a>, Diagnostic> {
    match expr {
        Expression::ExprTerm(ExprTerm::FunctionCall(call @ FunctionCall { arguments, .. })) => Ok(StaticCall {
            name: call.full_name(),
            name_span: call.name_span(),
            args: arguments.args,
            expand_final: arguments.expand_final,
            args_span: arguments.span,
        }),
        _ => Err(not_a_static_call(expr.span())),
    }
}

/// One step of a traversal after its root.
#[derive(Clone, Debug, PartialEq)]
pub enum TraversalStep {
    /// `.name`
    Attr {
        /// The attribute's name.
        name: String,
        /// Where the step is.
        span: Span,
    },
    /// `[key]` with a constant key, or the legacy `.0`.
    Index {
        /// The key's value.
        key: Value,
        /// Where the step is.
        span: Span,
    },
}

impl TraversalStep {
    /// Where the step is: from the `.` or `[` to the end of the name or
    /// the `]`.
    ///
    /// ```
    /// use hcl_native::{parse_expression, Arena, Span};
    ///
    /// let arena = Arena::new();
    /// let vars = parse_expression(&arena, b"a.b[0]").ast.variables();
    /// let spans: Vec<Span> = vars[0].steps.iter().map(|s| s.span()).collect();
    /// assert_eq!(spans, [Span::new(1, 3), Span::new(3, 6)]);
    /// ```
    pub fn span(&self) -> Span {
        match self {
            TraversalStep::Attr { span, .. } | TraversalStep::Index { span, .. } => *span,
        }
    }
}

/// A static traversal: a root name and steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Traversal {
    /// The root variable's name (`true`, `false` and `null` count as
    /// names here).
    pub root: String,
    /// Where the root is.
    pub root_span: Span,
    /// Attribute and constant index steps.
    pub steps: Vec<TraversalStep>,
}

impl std::fmt::Display for Traversal {
    /// The traversal as HCL writes it: `var.region`, `aws_instance.web[0].id`.
    ///
    /// ```
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let vars = parse_expression(&arena, b"a.b[\"k\"][0] + c").ast.variables();
    /// assert_eq!(vars[0].to_string(), "a.b[\"k\"][0]");
    /// assert_eq!(vars[1].to_string(), "c");
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.root)?;
        for step in &self.steps {
            match step {
                TraversalStep::Attr { name, .. } => write!(f, ".{name}")?,
                TraversalStep::Index { key, .. } => write!(f, "[{key}]")?,
            }
        }
        Ok(())
    }
}

impl Traversal {
    /// The whole traversal's range: from the root to the end of the last
    /// step.
    ///
    /// ```
    /// use hcl_native::{parse_expression, Arena, Span};
    ///
    /// let arena = Arena::new();
    /// let vars = parse_expression(&arena, b"1 + a.b[0]").ast.variables();
    /// assert_eq!(vars[0].span(), Span::new(4, 10));
    /// ```
    pub fn span(&self) -> Span {
        self.steps
            .last()
            .map_or(self.root_span, |s| self.root_span.to(s.span()))
    }
}

const TRAVERSAL_REQUIRED: &str = "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.";

/// A variable with attribute access and constant index steps, read as a
/// path from the root scope. The keywords `true`, `false` and `null` are
/// read as variable names.
///
/// spec: hclsyntax#static-traversal
pub fn static_traversal(expr: &Expression<'_>) -> Result<Traversal, Diagnostic> {
    let fail = || invalid(TRAVERSAL_REQUIRED, expr.span());
    let Expression::ExprTerm(term) = expr else {
        return Err(fail());
    };
    let (root, ops): (Identifier<'_>, &[PostfixOp<'_>]) = match term {
        ExprTerm::Postfix(p) => (root_of(&p.term).ok_or_else(fail)?, p.ops),
        t => (root_of(t).ok_or_else(fail)?, &[]),
    };
    let (traversal, used) = traversal_prefix(root, ops);
    if used < ops.len() {
        return Err(fail());
    }
    Ok(traversal)
}

/// The traversal that `root` and the longest run of `ops` that are static
/// steps make (attribute accesses, legacy indexes, indexes with a constant
/// key), and how many of `ops` it takes. The one rule for where a
/// traversal ends, for [`static_traversal`] and [`Expression::variables`].
///
/// spec: hclsyntax#static-traversal
fn traversal_prefix(root: Identifier<'_>, ops: &[PostfixOp<'_>]) -> (Traversal, usize) {
    let steps: Vec<TraversalStep> = ops.iter().map_while(static_step).collect();
    let used = steps.len();
    let traversal = Traversal {
        root: root.name.to_string(),
        root_span: root.span,
        steps,
    };
    (traversal, used)
}

/// `op` as a step of a static traversal: an attribute access, a legacy
/// index, or an index with a constant key; `None` where a traversal ends.
fn static_step(op: &PostfixOp<'_>) -> Option<TraversalStep> {
    match op {
        PostfixOp::GetAttr(g) => Some(TraversalStep::Attr {
            name: g.name.name.to_string(),
            span: g.span,
        }),
        PostfixOp::LegacyIndex(l) => Number::from_literal(l.digits).ok().map(|n| TraversalStep::Index {
            key: Value::number(n),
            span: l.span,
        }),
        PostfixOp::Index(ix) => constant(&ix.key).map(|key| TraversalStep::Index { key, span: ix.span }),
        PostfixOp::Splat(_) => None,
    }
}

/// Whether `expr` is a variable followed by static steps only, at least
/// one (`a.b`, `a[0]`, `a["k"].c`, but not `a`, `(a.b)`, `a[x]` or
/// `null.b`): a multi-step scope traversal, as the reference reads it. As
/// an object key it is ambiguous (a reference, or a name with dots in
/// it), and evaluating it is an error ([`crate::eval`]); static analysis
/// may still read it as a traversal.
///
/// spec: hclsyntax#collection-values, hclsyntax#static-traversal
pub(crate) fn is_multi_step_traversal(expr: &Expression<'_>) -> bool {
    match expr {
        Expression::ExprTerm(ExprTerm::Postfix(p)) => {
            matches!(p.term, ExprTerm::VariableExpr(_))
                && !p.ops.is_empty()
                && p.ops.iter().all(|op| static_step(op).is_some())
        }
        _ => false,
    }
}

/// A traversal relative to a value the caller chooses: the root's name is
/// the first attribute step.
///
/// ```
/// use hcl_native::analysis::{relative_traversal, TraversalStep};
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// let e = parse_expression(&arena, b"a.b").ast;
/// let steps = relative_traversal(&e).unwrap();
/// assert!(matches!(&steps[0], TraversalStep::Attr { name, .. } if name == "a"));
/// ```
pub fn relative_traversal(expr: &Expression<'_>) -> Result<Vec<TraversalStep>, Diagnostic> {
    let t = static_traversal(expr)?;
    let mut steps = vec![TraversalStep::Attr {
        name: t.root,
        span: t.root_span,
    }];
    steps.extend(t.steps);
    Ok(steps)
}

/// The name of a lone variable reference (or keyword), for applications
/// that give names a meaning of their own.
///
/// ```
/// use hcl_native::analysis::keyword;
/// use hcl_native::{parse_expression, Arena};
///
/// let arena = Arena::new();
/// assert_eq!(keyword(&parse_expression(&arena, b"create_before_destroy").ast), Some("create_before_destroy"));
/// assert_eq!(keyword(&parse_expression(&arena, b"a.b").ast), None);
/// ```
pub fn keyword<'a>(expr: &Expression<'a>) -> Option<&'a str> {
    match expr {
        Expression::ExprTerm(t) => root_of(t).map(|i| i.name),
        _ => None,
    }
}

/// A variable, or a `true`, `false` or `null` keyword, as a name.
fn root_of<'a>(t: &ExprTerm<'a>) -> Option<Identifier<'a>> {
    match t {
        ExprTerm::VariableExpr(v) => Some(v.name),
        ExprTerm::LiteralValue(LiteralValue::Bool(b, span)) => Some(Identifier {
            name: if *b { "true" } else { "false" },
            span: *span,
        }),
        ExprTerm::LiteralValue(LiteralValue::Null(span)) => Some(Identifier {
            name: "null",
            span: *span,
        }),
        _ => None,
    }
}

/// A constant index key: a number, bool or null literal, or a quoted
/// template of plain text.
fn constant(e: &Expression<'_>) -> Option<Value> {
    match e {
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::NumericLit(n))) => n.number().ok().map(Value::number),
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::Bool(b, _))) => Some(Value::bool(*b)),
        Expression::ExprTerm(ExprTerm::LiteralValue(LiteralValue::Null(_))) => Some(Value::null(Type::Dynamic)),
        Expression::ExprTerm(ExprTerm::TemplateExpr(t)) => t.template().literal_text().map(Value::from),
        _ => None,
    }
}

// ------------------------------------------------------------------ variables

/// The visitor behind `variables()`: each variable reference with the
/// static steps after it, leaving out the names that the `for` expressions
/// and directives around it bind.
struct Variables<'a> {
    /// The names bound where the walk is, innermost last.
    locals: Vec<&'a str>,
    /// The traversals found, in source order.
    found: Vec<Traversal>,
}

impl<'a> Variables<'a> {
    /// Walks what `visit` visits and answers the traversals found.
    fn collect(visit: impl FnOnce(&mut Self)) -> Vec<Traversal> {
        let mut v = Variables {
            locals: Vec::new(),
            found: Vec::new(),
        };
        crate::stack::entry(|| visit(&mut v));
        v.found
    }

    fn found(&mut self, t: Traversal) {
        if !self.locals.contains(&t.root.as_str()) {
            self.found.push(t);
        }
    }

    /// Runs `body` with the `for` names bound.
    fn scoped(&mut self, key: Option<Identifier<'a>>, value: Identifier<'a>, body: impl FnOnce(&mut Self)) {
        let depth = self.locals.len();
        self.locals.extend(key.map(|k| k.name));
        self.locals.push(value.name);
        body(self);
        self.locals.truncate(depth);
    }
}

impl<'a> Visitor<'a> for Variables<'a> {
    fn visit_variable_expr(&mut self, variable: &VariableExpr<'a>) {
        self.found(traversal_prefix(variable.name, &[]).0);
    }

    fn visit_postfix(&mut self, postfix: &Postfix<'a>) {
        let ExprTerm::VariableExpr(variable) = &postfix.term else {
            return walk_postfix(self, postfix);
        };
        // The traversal ends at the first step that is not static; the
        // rest apply to its value, and their keys can hold variables.
        let (traversal, used) = traversal_prefix(variable.name, postfix.ops);
        self.found(traversal);
        for op in postfix.ops.iter().skip(used) {
            self.visit_postfix_op(op);
        }
    }

    // The collection is outside the scope of the names a `for` binds.
    fn visit_for_expr(&mut self, for_expr: &ForExpr<'a>) {
        let intro = for_expr.intro();
        self.visit_expression(&intro.collection);
        self.scoped(intro.key_var, intro.value_var, |v| {
            crate::ast::visit::walk_for_expr_body(v, for_expr)
        });
    }

    fn visit_template_for(&mut self, directive: &TemplateFor<'a>) {
        self.visit_expression(&directive.collection);
        self.scoped(directive.key_var, directive.value_var, |v| {
            v.visit_template(&directive.body)
        });
    }
}

impl Expression<'_> {
    /// The variables the expression refers to: each reference to a name of
    /// the root scope, with the attribute accesses and constant indexes
    /// that follow it (the longest [`static_traversal`] at that place), in
    /// source order, as the reference's `hclsyntax.Variables` gives them.
    /// Names that a `for` expression or a template `for` directive binds
    /// are left out inside its key, value, condition or body (not in its
    /// collection); function names are not variables, nor are `true`,
    /// `false` and `null`.
    ///
    /// A traversal ends where another operation starts: `a[x].c` gives
    /// `a` and `x`; `a.0.b["k"]` is one traversal with three steps;
    /// splats end it too (`a[*].b` gives `a`).
    ///
    /// spec: model#static-analysis, hclsyntax#static-analysis
    ///
    /// ```
    /// use hcl_native::analysis::TraversalStep;
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let arena = Arena::new();
    /// let expr = parse_expression(&arena, b"a.b[0] + [for x in xs: x * k]").ast;
    /// let vars = expr.variables();
    /// let roots: Vec<&str> = vars.iter().map(|t| t.root.as_str()).collect();
    /// assert_eq!(roots, ["a", "xs", "k"]);
    /// assert!(matches!(&vars[0].steps[0], TraversalStep::Attr { name, .. } if name == "b"));
    /// assert!(matches!(&vars[0].steps[1], TraversalStep::Index { .. }));
    /// ```
    pub fn variables(&self) -> Vec<Traversal> {
        Variables::collect(|v| v.visit_expression(self))
    }
}

impl Template<'_> {
    /// The variables a template refers to, as [`Expression::variables`]
    /// gives them: for a bare template of
    /// [`parse_template`](crate::parse_template).
    ///
    /// ```
    /// use hcl_native::{parse_template, Arena};
    ///
    /// let arena = Arena::new();
    /// let t = parse_template(&arena, b"Hi ${user.name}%{ for r in roles }, ${r}%{ endfor }").ast;
    /// let roots: Vec<String> = t.variables().into_iter().map(|t| t.root).collect();
    /// assert_eq!(roots, ["user", "roles"]);
    /// ```
    pub fn variables(&self) -> Vec<Traversal> {
        Variables::collect(|v| v.visit_template(self))
    }
}

impl Body<'_> {
    /// The variables that the body's attribute values refer to, those of
    /// nested blocks' bodies included, in source order (each value as
    /// [`Expression::variables`] gives them).
    ///
    /// ```
    /// use hcl_native::{parse_config, Arena};
    ///
    /// let arena = Arena::new();
    /// let src = b"a = var.x\nblock \"l\" {\n  b = [for v in local.vs: v]\n}\nc = d\n";
    /// let file = parse_config(&arena, src).ast;
    /// let roots: Vec<String> = file.body.variables().into_iter().map(|t| t.root).collect();
    /// assert_eq!(roots, ["var", "local", "d"]);
    /// ```
    pub fn variables(&self) -> Vec<Traversal> {
        Variables::collect(|v| v.visit_body(self))
    }
}
