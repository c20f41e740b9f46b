//! Walking the syntax tree: a [`Visitor`] with one method per kind of
//! node, each of which by default walks the node's children, in source
//! order, through the matching `walk_*` function (the style of
//! `syn::visit`).
//!
//! Implement the methods for the nodes you care about and let the defaults
//! do the rest; an overriding method calls the `walk_*` function of its
//! node to go on into the children, or leaves it out to skip them. Nodes
//! are `Copy` and their names borrow the source for `'a`, so a visitor
//! can keep what it finds.
//!
//! Counting the function calls of an expression, nested ones included:
//!
//! ```
//! use hcl_native::ast::visit::{self, Visitor};
//! use hcl_native::ast::FunctionCall;
//! use hcl_native::{parse_expression, Arena};
//!
//! struct Calls<'a>(Vec<&'a str>);
//!
//! impl<'a> Visitor<'a> for Calls<'a> {
//!     fn visit_function_call(&mut self, call: &FunctionCall<'a>) {
//!         self.0.push(call.name.name);
//!         visit::walk_function_call(self, call); // the arguments too
//!     }
//! }
//!
//! let arena = Arena::new();
//! let expr = parse_expression(&arena, b"max(length(xs), 1) + [for x in xs: abs(x)][0]").ast;
//! let mut calls = Calls(Vec::new());
//! calls.visit_expression(&expr);
//! assert_eq!(calls.0, ["max", "length", "abs"]);
//! ```
//!
//! A walk cannot overflow the stack, however deep the tree (the parser's
//! depth limit can be raised): each level of expressions, templates and
//! bodies continues on a fresh stack segment when the stack runs low.
//!
//! [`Expression::variables`] is built on this visitor.

use super::*;

/// A walk over a syntax tree, one method per kind of node.
///
/// Every method has a default: for a node with children, the matching
/// `walk_*` function, which visits each child with this visitor in source
/// order; for a leaf (a literal, a variable, an attribute name...), nothing.
/// See the [module documentation](self) for an example.
pub trait Visitor<'a> {
    /// A whole configuration file. Default: [`walk_config_file`].
    fn visit_config_file(&mut self, file: &ConfigFile<'a>) {
        walk_config_file(self, file)
    }

    /// A body: its attributes and blocks. Default: [`walk_body`].
    fn visit_body(&mut self, body: &Body<'a>) {
        walk_body(self, body)
    }

    /// An attribute definition. Default: [`walk_attribute`].
    fn visit_attribute(&mut self, attribute: &Attribute<'a>) {
        walk_attribute(self, attribute)
    }

    /// A block (multi-line or one-line). Default: [`walk_block`].
    fn visit_block(&mut self, block: &Block<'a>) {
        walk_block(self, block)
    }

    /// A block label (a leaf).
    fn visit_block_label(&mut self, label: &BlockLabel<'a>) {
        let _ = label;
    }

    /// Any expression. Default: [`walk_expression`].
    fn visit_expression(&mut self, expr: &Expression<'a>) {
        walk_expression(self, expr)
    }

    /// What is left of an expression that failed to parse (a leaf).
    fn visit_invalid(&mut self, span: Span) {
        let _ = span;
    }

    /// An expression term. Default: [`walk_expr_term`].
    fn visit_expr_term(&mut self, term: &ExprTerm<'a>) {
        walk_expr_term(self, term)
    }

    /// A number, `true`, `false` or `null` (a leaf).
    fn visit_literal_value(&mut self, literal: &LiteralValue<'a>) {
        let _ = literal;
    }

    /// A tuple or object constructor. Default: [`walk_collection_value`].
    fn visit_collection_value(&mut self, collection: &CollectionValue<'a>) {
        walk_collection_value(self, collection)
    }

    /// `[a, b]`. Default: [`walk_tuple`].
    fn visit_tuple(&mut self, tuple: &Tuple<'a>) {
        walk_tuple(self, tuple)
    }

    /// `{k = v}`. Default: [`walk_object`].
    fn visit_object(&mut self, object: &Object<'a>) {
        walk_object(self, object)
    }

    /// One `key = value` of an object constructor. Default:
    /// [`walk_object_elem`].
    fn visit_object_elem(&mut self, elem: &ObjectElem<'a>) {
        walk_object_elem(self, elem)
    }

    /// The key of an object element. Default: [`walk_object_key`] (a bare
    /// identifier key is a leaf; any other key is an expression).
    fn visit_object_key(&mut self, key: &ObjectKey<'a>) {
        walk_object_key(self, key)
    }

    /// A quoted or heredoc template. Default: [`walk_template_expr`].
    fn visit_template_expr(&mut self, template: &TemplateExpr<'a>) {
        walk_template_expr(self, template)
    }

    /// A template's parts (the content of a template expression, a bare
    /// template, or a directive's branch). Default: [`walk_template`].
    fn visit_template(&mut self, template: &Template<'a>) {
        walk_template(self, template)
    }

    /// One part of a template. Default: [`walk_template_part`].
    fn visit_template_part(&mut self, part: &TemplatePart<'a>) {
        walk_template_part(self, part)
    }

    /// Literal text of a template (a leaf).
    fn visit_template_literal(&mut self, literal: &TemplateLiteral<'a>) {
        let _ = literal;
    }

    /// `${ expression }`. Default: [`walk_template_interpolation`].
    fn visit_template_interpolation(&mut self, interpolation: &TemplateInterpolation<'a>) {
        walk_template_interpolation(self, interpolation)
    }

    /// `%{ if }` or `%{ for }`. Default: [`walk_template_directive`].
    fn visit_template_directive(&mut self, directive: &TemplateDirective<'a>) {
        walk_template_directive(self, directive)
    }

    /// `%{ if }...%{ endif }`. Default: [`walk_template_if`].
    fn visit_template_if(&mut self, directive: &TemplateIf<'a>) {
        walk_template_if(self, directive)
    }

    /// `%{ for }...%{ endfor }`. Default: [`walk_template_for`].
    fn visit_template_for(&mut self, directive: &TemplateFor<'a>) {
        walk_template_for(self, directive)
    }

    /// A variable reference (a leaf). With attribute accesses or indexes
    /// after it, it is the term of a [`Postfix`] chain.
    fn visit_variable_expr(&mut self, variable: &VariableExpr<'a>) {
        let _ = variable;
    }

    /// `name(args)`. Default: [`walk_function_call`].
    fn visit_function_call(&mut self, call: &FunctionCall<'a>) {
        walk_function_call(self, call)
    }

    /// `[for ...]` or `{for ...}`. Default: [`walk_for_expr`].
    fn visit_for_expr(&mut self, for_expr: &ForExpr<'a>) {
        walk_for_expr(self, for_expr)
    }

    /// A term with postfix operators. Default: [`walk_postfix`].
    fn visit_postfix(&mut self, postfix: &Postfix<'a>) {
        walk_postfix(self, postfix)
    }

    /// One postfix operator. Default: [`walk_postfix_op`].
    fn visit_postfix_op(&mut self, op: &PostfixOp<'a>) {
        walk_postfix_op(self, op)
    }

    /// `[key]`. Default: [`walk_index`].
    fn visit_index(&mut self, index: &Index<'a>) {
        walk_index(self, index)
    }

    /// `.name` (a leaf).
    fn visit_get_attr(&mut self, get_attr: &GetAttr<'a>) {
        let _ = get_attr;
    }

    /// `.0` (a leaf).
    fn visit_legacy_index(&mut self, index: &LegacyIndex<'a>) {
        let _ = index;
    }

    /// `.*.name` or `[*].name[0]`. Default: [`walk_splat`].
    fn visit_splat(&mut self, splat: &Splat<'a>) {
        walk_splat(self, splat)
    }

    /// An operator inside a full splat. Default: [`walk_splat_op`].
    fn visit_splat_op(&mut self, op: &SplatOp<'a>) {
        walk_splat_op(self, op)
    }

    /// `( expression )`. Default: [`walk_parens`].
    fn visit_parens(&mut self, parens: &Parens<'a>) {
        walk_parens(self, parens)
    }

    /// A unary or binary operation. Default: [`walk_operation`].
    fn visit_operation(&mut self, operation: &Operation<'a>) {
        walk_operation(self, operation)
    }

    /// `-x` or `!x`. Default: [`walk_unary_op`].
    fn visit_unary_op(&mut self, op: &UnaryOp<'a>) {
        walk_unary_op(self, op)
    }

    /// A chain of binary operations of one precedence level. Default:
    /// [`walk_binary_op`].
    fn visit_binary_op(&mut self, op: &BinaryOp<'a>) {
        walk_binary_op(self, op)
    }

    /// `predicate ? a : b`. Default: [`walk_conditional`].
    fn visit_conditional(&mut self, conditional: &Conditional<'a>) {
        walk_conditional(self, conditional)
    }
}

/// Visits the file's body.
pub fn walk_config_file<'a, V: Visitor<'a> + ?Sized>(v: &mut V, file: &ConfigFile<'a>) {
    v.visit_body(&file.body)
}

/// Visits each attribute and block of the body, in source order.
pub fn walk_body<'a, V: Visitor<'a> + ?Sized>(v: &mut V, body: &Body<'a>) {
    crate::stack::with_stack(|| {
        for item in body.items {
            match item {
                BodyItem::Attribute(a) => v.visit_attribute(a),
                BodyItem::Block(b) | BodyItem::OneLineBlock(b) => v.visit_block(b),
            }
        }
    })
}

/// Visits the attribute's value expression.
pub fn walk_attribute<'a, V: Visitor<'a> + ?Sized>(v: &mut V, attribute: &Attribute<'a>) {
    v.visit_expression(&attribute.expr)
}

/// Visits the block's labels, then its body.
pub fn walk_block<'a, V: Visitor<'a> + ?Sized>(v: &mut V, block: &Block<'a>) {
    for label in block.labels {
        v.visit_block_label(label);
    }
    v.visit_body(&block.body)
}

/// Visits the term, the operation or the conditional (or the invalid
/// remainder) that the expression is.
pub fn walk_expression<'a, V: Visitor<'a> + ?Sized>(v: &mut V, expr: &Expression<'a>) {
    crate::stack::with_stack(|| match expr {
        Expression::ExprTerm(t) => v.visit_expr_term(t),
        Expression::Operation(o) => v.visit_operation(o),
        Expression::Conditional(c) => v.visit_conditional(c),
        Expression::Invalid(span) => v.visit_invalid(*span),
    })
}

/// Visits the node that the term is.
pub fn walk_expr_term<'a, V: Visitor<'a> + ?Sized>(v: &mut V, term: &ExprTerm<'a>) {
    match term {
        ExprTerm::LiteralValue(l) => v.visit_literal_value(l),
        ExprTerm::CollectionValue(c) => v.visit_collection_value(c),
        ExprTerm::TemplateExpr(t) => v.visit_template_expr(t),
        ExprTerm::VariableExpr(x) => v.visit_variable_expr(x),
        ExprTerm::FunctionCall(f) => v.visit_function_call(f),
        ExprTerm::ForExpr(f) => v.visit_for_expr(f),
        ExprTerm::Postfix(p) => v.visit_postfix(p),
        ExprTerm::Parens(p) => v.visit_parens(p),
    }
}

/// Visits the tuple or the object.
pub fn walk_collection_value<'a, V: Visitor<'a> + ?Sized>(v: &mut V, collection: &CollectionValue<'a>) {
    match collection {
        CollectionValue::Tuple(t) => v.visit_tuple(t),
        CollectionValue::Object(o) => v.visit_object(o),
    }
}

/// Visits each element expression.
pub fn walk_tuple<'a, V: Visitor<'a> + ?Sized>(v: &mut V, tuple: &Tuple<'a>) {
    for e in tuple.elements {
        v.visit_expression(e);
    }
}

/// Visits each element.
pub fn walk_object<'a, V: Visitor<'a> + ?Sized>(v: &mut V, object: &Object<'a>) {
    for e in object.elements {
        v.visit_object_elem(e);
    }
}

/// Visits the key, then the value.
pub fn walk_object_elem<'a, V: Visitor<'a> + ?Sized>(v: &mut V, elem: &ObjectElem<'a>) {
    v.visit_object_key(&elem.key);
    v.visit_expression(&elem.value)
}

/// Visits the key's expression; a bare identifier key has no children.
pub fn walk_object_key<'a, V: Visitor<'a> + ?Sized>(v: &mut V, key: &ObjectKey<'a>) {
    match key {
        ObjectKey::Identifier(_) => {}
        ObjectKey::Expression(e) => v.visit_expression(e),
    }
}

/// Visits the template inside the quotes or the heredoc markers.
pub fn walk_template_expr<'a, V: Visitor<'a> + ?Sized>(v: &mut V, template: &TemplateExpr<'a>) {
    v.visit_template(template.template())
}

/// Visits each part of the template.
pub fn walk_template<'a, V: Visitor<'a> + ?Sized>(v: &mut V, template: &Template<'a>) {
    crate::stack::with_stack(|| {
        for part in template.parts {
            v.visit_template_part(part);
        }
    })
}

/// Visits the literal, interpolation or directive that the part is.
pub fn walk_template_part<'a, V: Visitor<'a> + ?Sized>(v: &mut V, part: &TemplatePart<'a>) {
    match part {
        TemplatePart::Literal(l) => v.visit_template_literal(l),
        TemplatePart::Interpolation(i) => v.visit_template_interpolation(i),
        TemplatePart::Directive(d) => v.visit_template_directive(d),
    }
}

/// Visits the interpolated expression.
pub fn walk_template_interpolation<'a, V: Visitor<'a> + ?Sized>(v: &mut V, interpolation: &TemplateInterpolation<'a>) {
    v.visit_expression(&interpolation.expr)
}

/// Visits the `if` or the `for` directive.
pub fn walk_template_directive<'a, V: Visitor<'a> + ?Sized>(v: &mut V, directive: &TemplateDirective<'a>) {
    match directive {
        TemplateDirective::If(d) => v.visit_template_if(d),
        TemplateDirective::For(d) => v.visit_template_for(d),
    }
}

/// Visits the condition, the `then` template and the `else` template.
pub fn walk_template_if<'a, V: Visitor<'a> + ?Sized>(v: &mut V, directive: &TemplateIf<'a>) {
    v.visit_expression(&directive.condition);
    v.visit_template(&directive.then_template);
    if let Some(e) = &directive.else_template {
        v.visit_template(e);
    }
}

/// Visits the collection, then the body (where the directive's key and
/// value names are bound).
pub fn walk_template_for<'a, V: Visitor<'a> + ?Sized>(v: &mut V, directive: &TemplateFor<'a>) {
    v.visit_expression(&directive.collection);
    v.visit_template(&directive.body)
}

/// Visits each argument (the function's name is not an expression).
pub fn walk_function_call<'a, V: Visitor<'a> + ?Sized>(v: &mut V, call: &FunctionCall<'a>) {
    for a in call.arguments.args {
        v.visit_expression(a);
    }
}

/// Visits the collection, then (where the `for` names are bound) the key
/// expression of an object `for`, the value expression and the condition.
pub fn walk_for_expr<'a, V: Visitor<'a> + ?Sized>(v: &mut V, for_expr: &ForExpr<'a>) {
    v.visit_expression(&for_expr.intro().collection);
    walk_for_expr_body(v, for_expr);
}

/// The part of [`walk_for_expr`] where the `for` names are bound: the key
/// expression of an object `for`, the value expression and the condition
/// (for a visitor that tracks the names in scope).
pub fn walk_for_expr_body<'a, V: Visitor<'a> + ?Sized>(v: &mut V, for_expr: &ForExpr<'a>) {
    match for_expr {
        ForExpr::Tuple(f) => v.visit_expression(&f.value),
        ForExpr::Object(f) => {
            v.visit_expression(&f.key);
            v.visit_expression(&f.value);
        }
    }
    if let Some(c) = for_expr.cond() {
        v.visit_expression(&c.condition);
    }
}

/// Visits the term, then each operator in order.
pub fn walk_postfix<'a, V: Visitor<'a> + ?Sized>(v: &mut V, postfix: &Postfix<'a>) {
    v.visit_expr_term(&postfix.term);
    for op in postfix.ops {
        v.visit_postfix_op(op);
    }
}

/// Visits the operator's node.
pub fn walk_postfix_op<'a, V: Visitor<'a> + ?Sized>(v: &mut V, op: &PostfixOp<'a>) {
    match op {
        PostfixOp::Index(x) => v.visit_index(x),
        PostfixOp::LegacyIndex(x) => v.visit_legacy_index(x),
        PostfixOp::GetAttr(x) => v.visit_get_attr(x),
        PostfixOp::Splat(x) => v.visit_splat(x),
    }
}

/// Visits the key expression.
pub fn walk_index<'a, V: Visitor<'a> + ?Sized>(v: &mut V, index: &Index<'a>) {
    v.visit_expression(&index.key)
}

/// Visits the operators applied to each element.
pub fn walk_splat<'a, V: Visitor<'a> + ?Sized>(v: &mut V, splat: &Splat<'a>) {
    match splat {
        Splat::AttrSplat(s) => {
            for a in s.attrs {
                v.visit_get_attr(a);
            }
        }
        Splat::FullSplat(s) => {
            for op in s.ops {
                v.visit_splat_op(op);
            }
        }
    }
}

/// Visits the operator's node.
pub fn walk_splat_op<'a, V: Visitor<'a> + ?Sized>(v: &mut V, op: &SplatOp<'a>) {
    match op {
        SplatOp::Index(x) => v.visit_index(x),
        SplatOp::LegacyIndex(x) => v.visit_legacy_index(x),
        SplatOp::GetAttr(x) => v.visit_get_attr(x),
    }
}

/// Visits the inner expression.
pub fn walk_parens<'a, V: Visitor<'a> + ?Sized>(v: &mut V, parens: &Parens<'a>) {
    v.visit_expression(&parens.expr)
}

/// Visits the unary or the binary operation.
pub fn walk_operation<'a, V: Visitor<'a> + ?Sized>(v: &mut V, operation: &Operation<'a>) {
    match operation {
        Operation::UnaryOp(u) => v.visit_unary_op(u),
        Operation::BinaryOp(b) => v.visit_binary_op(b),
    }
}

/// Visits the operand.
pub fn walk_unary_op<'a, V: Visitor<'a> + ?Sized>(v: &mut V, op: &UnaryOp<'a>) {
    v.visit_expression(&op.operand)
}

/// Visits the operands from left to right.
pub fn walk_binary_op<'a, V: Visitor<'a> + ?Sized>(v: &mut V, op: &BinaryOp<'a>) {
    v.visit_expression(&op.first);
    for (_, _, operand) in op.rest {
        v.visit_expression(operand);
    }
}

/// Visits the predicate, then the true and the false expression.
pub fn walk_conditional<'a, V: Visitor<'a> + ?Sized>(v: &mut V, conditional: &Conditional<'a>) {
    v.visit_expression(&conditional.predicate);
    v.visit_expression(&conditional.true_expr);
    v.visit_expression(&conditional.false_expr)
}
