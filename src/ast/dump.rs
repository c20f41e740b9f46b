//! A readable, stable dump of a syntax tree: one node per line, indented
//! by depth, named after its production, with its byte range. The golden
//! grammar tests compare these dumps.

use super::*;
use std::fmt::Write;

/// Renders `node` and everything under it.
///
/// ```
/// use hcl_native::{parse_expression, ast::dump, Arena};
/// let arena = Arena::new();
/// let parsed = parse_expression(&arena, b"a + 1");
/// assert_eq!(
///     dump(&parsed.ast),
///     "binaryOp 0..5\n  VariableExpr 0..1 \"a\"\n  binaryOperator 2..3 +\n  LiteralValue 4..5 NumericLit \"1\"\n"
/// );
/// ```
pub fn dump<T: Dump + ?Sized>(node: &T) -> String {
    let mut d = Dumper {
        out: String::new(),
        depth: 0,
    };
    node.dump(&mut d);
    d.out
}

/// A node that [`dump`] can render.
pub trait Dump {
    /// Writes this node and its children.
    fn dump(&self, d: &mut Dumper);
}

/// The output of [`dump`] under construction.
pub struct Dumper {
    out: String,
    depth: usize,
}

impl Dumper {
    /// Writes one line for a node, then its children one level deeper.
    fn node(&mut self, name: &str, span: Span, extra: &str, children: impl FnOnce(&mut Dumper)) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        let _ = write!(self.out, "{name} {}..{}", span.start, span.end);
        if !extra.is_empty() {
            self.out.push(' ');
            self.out.push_str(extra);
        }
        self.out.push('\n');
        self.depth += 1;
        // deep trees (a raised nesting limit) get fresh stack as needed
        crate::stack::with_stack(|| children(self));
        self.depth -= 1;
    }

    fn leaf(&mut self, name: &str, span: Span, extra: &str) {
        self.node(name, span, extra, |_| {});
    }
}

fn quoted(s: &str) -> String {
    format!("{s:?}")
}

fn strip_marks(s: &[Strip]) -> String {
    let marks: Vec<String> = s
        .iter()
        .map(|s| {
            format!(
                "{}{}",
                if s.before { "~" } else { "-" },
                if s.after { "~" } else { "-" }
            )
        })
        .collect();
    format!("strip={}", marks.join(","))
}

impl Dump for ConfigFile<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.node("ConfigFile", self.span, "", |d| self.body.dump(d));
    }
}

impl Dump for Body<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.node("Body", self.span, "", |d| {
            for item in self.items.iter() {
                match item {
                    BodyItem::Attribute(a) => a.dump(d),
                    BodyItem::Block(b) => dump_block(d, "Block", b),
                    BodyItem::OneLineBlock(b) => dump_block(d, "OneLineBlock", b),
                }
            }
        });
    }
}

impl Dump for Attribute<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.node("Attribute", self.span(), "", |d| {
            self.name.dump(d);
            self.expr.dump(d);
        });
    }
}

fn dump_block(d: &mut Dumper, name: &str, b: &Block<'_>) {
    d.node(name, b.span(), "", |d| {
        b.block_type.dump(d);
        for l in b.labels.iter() {
            match l {
                BlockLabel::StringLit(s) => s.dump(d),
                BlockLabel::Identifier(i) => i.dump(d),
            }
        }
        b.body.dump(d);
    });
}

impl Dump for Identifier<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.leaf("Identifier", self.span, &quoted(self.name));
    }
}

impl Dump for StringLit<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.leaf("StringLit", self.span, &quoted(self.value));
    }
}

impl Dump for Expression<'_> {
    fn dump(&self, d: &mut Dumper) {
        match self {
            Expression::ExprTerm(t) => t.dump(d),
            Expression::Operation(o) => match &**o {
                Operation::UnaryOp(u) => d.node("unaryOp", u.span, u.op.as_str(), |d| u.operand.dump(d)),
                Operation::BinaryOp(b) => d.node("binaryOp", b.span, "", |d| {
                    b.first.dump(d);
                    for (op, span, rhs) in b.rest {
                        d.leaf("binaryOperator", *span, op.as_str());
                        rhs.dump(d);
                    }
                }),
            },
            Expression::Conditional(c) => d.node("Conditional", c.span, "", |d| {
                c.predicate.dump(d);
                c.true_expr.dump(d);
                c.false_expr.dump(d);
            }),
            Expression::Invalid(s) => d.leaf("Invalid", *s, ""),
        }
    }
}

impl Dump for ExprTerm<'_> {
    fn dump(&self, d: &mut Dumper) {
        match self {
            ExprTerm::LiteralValue(l) => {
                let extra = match l {
                    LiteralValue::NumericLit(n) => format!("NumericLit {}", quoted(n.text)),
                    LiteralValue::Bool(b, _) => b.to_string(),
                    LiteralValue::Null(_) => "null".into(),
                };
                d.leaf("LiteralValue", l.span(), &extra);
            }
            ExprTerm::CollectionValue(CollectionValue::Tuple(t)) => d.node("tuple", t.span, "", |d| {
                for e in t.elements.iter() {
                    e.dump(d);
                }
            }),
            ExprTerm::CollectionValue(CollectionValue::Object(o)) => d.node("object", o.span, "", |d| {
                for e in o.elements.iter() {
                    d.node("objectelem", e.key.span().to(e.value.span()), "", |d| {
                        match &e.key {
                            ObjectKey::Identifier(i) => i.dump(d),
                            ObjectKey::Expression(x) => x.dump(d),
                        }
                        e.value.dump(d);
                    });
                }
            }),
            ExprTerm::TemplateExpr(t) => t.dump(d),
            ExprTerm::VariableExpr(v) => d.leaf("VariableExpr", v.name.span, &quoted(v.name.name)),
            ExprTerm::FunctionCall(f) => d.node("FunctionCall", f.span, &quoted(&f.full_name()), |d| {
                let a = &f.arguments;
                d.node("Arguments", a.span, if a.expand_final { "..." } else { "" }, |d| {
                    for arg in a.args.iter() {
                        arg.dump(d);
                    }
                });
            }),
            ExprTerm::ForExpr(f) => dump_for(d, f),
            ExprTerm::Postfix(p) => d.node("Postfix", p.span, "", |d| {
                p.term.dump(d);
                for op in p.ops.iter() {
                    match op {
                        PostfixOp::Index(x) => x.dump(d),
                        PostfixOp::LegacyIndex(x) => x.dump(d),
                        PostfixOp::GetAttr(x) => x.dump(d),
                        PostfixOp::Splat(Splat::AttrSplat(s)) => d.node("attrSplat", s.span, "", |d| {
                            for g in s.attrs.iter() {
                                g.dump(d);
                            }
                        }),
                        PostfixOp::Splat(Splat::FullSplat(s)) => d.node("fullSplat", s.span, "", |d| {
                            for op in s.ops.iter() {
                                match op {
                                    SplatOp::Index(x) => x.dump(d),
                                    SplatOp::LegacyIndex(x) => x.dump(d),
                                    SplatOp::GetAttr(x) => x.dump(d),
                                }
                            }
                        }),
                    }
                }
            }),
            ExprTerm::Parens(p) => d.node("Parens", p.span, "", |d| p.expr.dump(d)),
        }
    }
}

impl Dump for Index<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.node("Index", self.span, "", |d| self.key.dump(d));
    }
}

impl Dump for LegacyIndex<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.leaf("LegacyIndex", self.span, &quoted(self.digits));
    }
}

impl Dump for GetAttr<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.leaf("GetAttr", self.span, &quoted(self.name.name));
    }
}

fn dump_for(d: &mut Dumper, f: &ForExpr<'_>) {
    let intro = |d: &mut Dumper, i: &ForIntro<'_>| {
        let vars = match &i.key_var {
            Some(k) => format!("{} {}", quoted(k.name), quoted(i.value_var.name)),
            None => quoted(i.value_var.name),
        };
        d.node("forIntro", i.span, &vars, |d| i.collection.dump(d));
    };
    let cond = |d: &mut Dumper, c: &Option<ForCond<'_>>| {
        if let Some(c) = c {
            d.node("forCond", c.span, "", |d| c.condition.dump(d));
        }
    };
    match f {
        ForExpr::Tuple(t) => d.node("forTupleExpr", t.span, "", |d| {
            intro(d, &t.intro);
            t.value.dump(d);
            cond(d, &t.cond);
        }),
        ForExpr::Object(o) => d.node("forObjectExpr", o.span, if o.group { "..." } else { "" }, |d| {
            intro(d, &o.intro);
            o.key.dump(d);
            o.value.dump(d);
            cond(d, &o.cond);
        }),
    }
}

impl Dump for TemplateExpr<'_> {
    fn dump(&self, d: &mut Dumper) {
        match self {
            TemplateExpr::Quoted(q) => d.node("quotedTemplate", q.span, "", |d| q.template.dump(d)),
            TemplateExpr::Heredoc(h) => {
                let extra = format!("{}{}", if h.flush { "<<-" } else { "<<" }, h.marker.name);
                d.node("heredocTemplate", h.span, &extra, |d| h.template.dump(d));
            }
        }
    }
}

impl Dump for Template<'_> {
    fn dump(&self, d: &mut Dumper) {
        d.node("Template", self.span, "", |d| {
            for part in self.parts.iter() {
                match part {
                    TemplatePart::Literal(l) => d.leaf("TemplateLiteral", l.span, &quoted(l.value)),
                    TemplatePart::Interpolation(x) => {
                        d.node("TemplateInterpolation", x.span, &strip_marks(&[x.strip]), |d| {
                            x.expr.dump(d)
                        })
                    }
                    TemplatePart::Directive(TemplateDirective::If(x)) => {
                        d.node("TemplateIf", x.span, &strip_marks(&x.strip), |d| {
                            x.condition.dump(d);
                            x.then_template.dump(d);
                            if let Some(e) = &x.else_template {
                                e.dump(d);
                            }
                        })
                    }
                    TemplatePart::Directive(TemplateDirective::For(x)) => {
                        let vars = match &x.key_var {
                            Some(k) => format!("{} {} ", quoted(k.name), quoted(x.value_var.name)),
                            None => format!("{} ", quoted(x.value_var.name)),
                        };
                        d.node("TemplateFor", x.span, &(vars + &strip_marks(&x.strip)), |d| {
                            x.collection.dump(d);
                            x.body.dump(d);
                        })
                    }
                }
            }
        });
    }
}
