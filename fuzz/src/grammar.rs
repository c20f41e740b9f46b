//! A generator of valid HCL: a small syntax tree that `arbitrary` fills
//! from the fuzzer's bytes, and its rendering as source text. Every tree
//! renders to input the spec accepts: names come from a fixed list (no
//! keywords), attribute names are made unique per body, template text is
//! drawn from a safe alphabet, and postfix operators get a parenthesised
//! base.

use arbitrary::Arbitrary;
use std::fmt::Write;

const NAMES: [&str; 10] = ["a", "b", "c", "d", "e", "f", "u", "n", "x_1", "long-name"];
const FUNCS: [&str; 8] = [
    "upper", "length", "concat", "max", "format", "join", "range", "coalesce",
];
const MAX_DEPTH: u32 = 24;

#[derive(Arbitrary, Debug)]
pub struct File {
    items: Vec<Item>,
}

#[derive(Arbitrary, Debug)]
enum Item {
    Attribute(Name, Expr),
    Heredoc(Name, bool, Vec<Part>),
    Block(Name, Vec<Label>, Vec<Item>),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
struct Name(u8);

impl Name {
    fn get(self) -> &'static str {
        NAMES[self.0 as usize % NAMES.len()]
    }
}

#[derive(Arbitrary, Debug)]
enum Label {
    Bare(Name),
    Quoted(Text),
}

/// Template text from a safe alphabet.
#[derive(Arbitrary, Debug)]
struct Text(Vec<u8>);

impl Text {
    fn render(&self, out: &mut String) {
        const ALPHABET: &[u8] = b"abcxyz 019-_.,:/";
        for b in self.0.iter().take(16) {
            out.push(ALPHABET[*b as usize % ALPHABET.len()] as char);
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Expr {
    Int(u32),
    Decimal(u16, u16),
    Exponent(u8, i8),
    Bool(bool),
    Null,
    Var(Name),
    Quoted(Vec<Part>),
    Tuple(Vec<Expr>),
    Object(Vec<(Key, Expr)>),
    Binary(Box<Expr>, BinOp, Box<Expr>),
    Unary(bool, Box<Expr>),
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    Call(u8, Vec<Expr>, bool),
    Index(Box<Expr>, Box<Expr>),
    GetAttr(Box<Expr>, Name),
    LegacyIndex(Box<Expr>, u8),
    AttrSplat(Box<Expr>, Vec<Name>),
    FullSplat(Box<Expr>, Vec<Name>),
    ForTuple(Option<Name>, Name, Box<Expr>, Box<Expr>, Option<Box<Expr>>),
    ForObject(
        Option<Name>,
        Name,
        Box<Expr>,
        Box<Expr>,
        Box<Expr>,
        bool,
        Option<Box<Expr>>,
    ),
    Paren(Box<Expr>),
}

#[derive(Arbitrary, Debug)]
enum Key {
    Name(Name),
    Quoted(Text),
    Paren(Expr),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

impl BinOp {
    fn text(self) -> &'static str {
        use BinOp::*;
        match self {
            Add => "+",
            Sub => "-",
            Mul => "*",
            Div => "/",
            Rem => "%",
            Eq => "==",
            Ne => "!=",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            And => "&&",
            Or => "||",
        }
    }
}

#[derive(Arbitrary, Debug)]
enum Part {
    Literal(Text),
    Interpolation(Expr, bool, bool),
    If(Expr, Vec<Part>, Option<Vec<Part>>),
    For(Option<Name>, Name, Expr, Vec<Part>),
}

impl File {
    pub fn render(&self) -> String {
        let mut out = String::new();
        render_items(&self.items, 0, &mut out);
        out
    }
}

fn render_items(items: &[Item], depth: u32, out: &mut String) {
    let indent = "  ".repeat(depth as usize);
    let mut seen = std::collections::HashSet::new();
    for (i, item) in items.iter().enumerate().take(12) {
        out.push_str(&indent);
        match item {
            Item::Attribute(name, expr) => {
                let _ = write!(out, "{} = ", unique(name.get(), i, &mut seen));
                expr.render(depth + 1, out);
                out.push('\n');
            }
            Item::Heredoc(name, flush, parts) => {
                let _ = writeln!(
                    out,
                    "{} = <<{}EOT",
                    unique(name.get(), i, &mut seen),
                    if *flush { "-" } else { "" }
                );
                out.push_str(&indent);
                let mut text = String::new();
                render_parts(parts, depth + 1, &mut text);
                out.push_str(&text.replace('\n', " "));
                out.push('\n');
                out.push_str(&indent);
                out.push_str("EOT\n");
            }
            Item::Block(name, labels, body) => {
                out.push_str(name.get());
                for label in labels.iter().take(3) {
                    out.push(' ');
                    match label {
                        Label::Bare(n) => out.push_str(n.get()),
                        Label::Quoted(t) => {
                            out.push('"');
                            t.render(out);
                            out.push('"');
                        }
                    }
                }
                if depth >= 4 {
                    out.push_str(" {}\n");
                    continue;
                }
                out.push_str(" {\n");
                render_items(body, depth + 1, out);
                out.push_str(&indent);
                out.push_str("}\n");
            }
        }
    }
}

/// An attribute name not used before in this body.
fn unique(name: &str, i: usize, seen: &mut std::collections::HashSet<String>) -> String {
    let name = if seen.contains(name) {
        format!("{name}_{i}")
    } else {
        name.to_string()
    };
    seen.insert(name.clone());
    name
}

impl Expr {
    fn render(&self, depth: u32, out: &mut String) {
        if depth > MAX_DEPTH {
            out.push('0');
            return;
        }
        let d = depth + 1;
        match self {
            Expr::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Expr::Decimal(a, b) => {
                let _ = write!(out, "{a}.{b}");
            }
            Expr::Exponent(a, e) => {
                let _ = write!(out, "{a}e{e}");
            }
            Expr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Expr::Null => out.push_str("null"),
            Expr::Var(n) => out.push_str(n.get()),
            Expr::Quoted(parts) => {
                out.push('"');
                let mut text = String::new();
                render_parts(parts, d, &mut text);
                out.push_str(&text.replace('\n', " "));
                out.push('"');
            }
            Expr::Tuple(items) => {
                out.push('[');
                for (i, e) in items.iter().take(6).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    e.render(d, out);
                }
                out.push(']');
            }
            Expr::Object(items) => {
                out.push('{');
                for (i, (k, e)) in items.iter().take(6).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match k {
                        Key::Name(n) => out.push_str(n.get()),
                        Key::Quoted(t) => {
                            out.push('"');
                            t.render(out);
                            out.push('"');
                        }
                        Key::Paren(e) => {
                            out.push('(');
                            e.render(d, out);
                            out.push(')');
                        }
                    }
                    out.push_str(" = ");
                    e.render(d, out);
                }
                out.push('}');
            }
            Expr::Binary(l, op, r) => {
                l.render(d, out);
                let _ = write!(out, " {} ", op.text());
                r.render(d, out);
            }
            Expr::Unary(not, e) => {
                out.push_str(if *not { "!" } else { "-" });
                e.render(d, out);
            }
            Expr::Conditional(p, t, f) => {
                p.render(d, out);
                out.push_str(" ? ");
                t.render(d, out);
                out.push_str(" : ");
                f.render(d, out);
            }
            Expr::Call(f, args, expand) => {
                out.push_str(FUNCS[*f as usize % FUNCS.len()]);
                out.push('(');
                let args: Vec<_> = args.iter().take(4).collect();
                for (i, e) in args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    e.render(d, out);
                }
                if *expand && !args.is_empty() {
                    out.push_str("...");
                }
                out.push(')');
            }
            Expr::Index(base, key) => {
                paren(base, d, out);
                out.push('[');
                key.render(d, out);
                out.push(']');
            }
            Expr::GetAttr(base, name) => {
                paren(base, d, out);
                out.push('.');
                out.push_str(name.get());
            }
            Expr::LegacyIndex(base, i) => {
                paren(base, d, out);
                let _ = write!(out, ".{i}");
            }
            Expr::AttrSplat(base, names) => {
                paren(base, d, out);
                out.push_str(".*");
                for n in names.iter().take(3) {
                    out.push('.');
                    out.push_str(n.get());
                }
            }
            Expr::FullSplat(base, names) => {
                paren(base, d, out);
                out.push_str("[*]");
                for n in names.iter().take(3) {
                    out.push('.');
                    out.push_str(n.get());
                }
            }
            Expr::ForTuple(key, value, coll, body, cond) => {
                out.push_str("[for ");
                for_vars(*key, *value, out);
                coll.render(d, out);
                out.push_str(" : ");
                body.render(d, out);
                if let Some(c) = cond {
                    out.push_str(" if ");
                    c.render(d, out);
                }
                out.push(']');
            }
            Expr::ForObject(key, value, coll, k, v, group, cond) => {
                out.push_str("{for ");
                for_vars(*key, *value, out);
                coll.render(d, out);
                out.push_str(" : ");
                k.render(d, out);
                out.push_str(" => ");
                v.render(d, out);
                if *group {
                    out.push_str("...");
                }
                if let Some(c) = cond {
                    out.push_str(" if ");
                    c.render(d, out);
                }
                out.push('}');
            }
            Expr::Paren(e) => paren(e, d, out),
        }
    }
}

fn for_vars(key: Option<Name>, value: Name, out: &mut String) {
    if let Some(k) = key {
        out.push_str(k.get());
        out.push_str(", ");
        // The two names must differ.
        let v = if value.get() == k.get() { "v" } else { value.get() };
        out.push_str(v);
    } else {
        out.push_str(value.get());
    }
    out.push_str(" in ");
}

fn paren(e: &Expr, depth: u32, out: &mut String) {
    out.push('(');
    e.render(depth, out);
    out.push(')');
}

fn render_parts(parts: &[Part], depth: u32, out: &mut String) {
    if depth > MAX_DEPTH {
        return;
    }
    for part in parts.iter().take(6) {
        match part {
            Part::Literal(t) => t.render(out),
            Part::Interpolation(e, strip_l, strip_r) => {
                out.push_str(if *strip_l { "${~ " } else { "${" });
                e.render(depth + 1, out);
                out.push_str(if *strip_r { " ~}" } else { "}" });
            }
            Part::If(c, then, otherwise) => {
                out.push_str("%{ if ");
                c.render(depth + 1, out);
                out.push_str(" }");
                render_parts(then, depth + 1, out);
                if let Some(o) = otherwise {
                    out.push_str("%{ else }");
                    render_parts(o, depth + 1, out);
                }
                out.push_str("%{ endif }");
            }
            Part::For(k, v, coll, body) => {
                out.push_str("%{ for ");
                for_vars(*k, *v, out);
                coll.render(depth + 1, out);
                out.push_str(" }");
                render_parts(body, depth + 1, out);
                out.push_str("%{ endfor }");
            }
        }
    }
}
