//! Writing HCL: values as expression text, and bodies built in code, in
//! the canonical layout of [`crate::format`].
//!
//! A value's text is what the reference's `hclwrite` writes for it: `null`,
//! `true`, numbers, quoted strings with `\` escapes (and `$${` / `%%{` where
//! a template sequence would start), `[a, b]` for lists, sets and tuples,
//! and `{ name = value }` objects and maps on one line per attribute, keys
//! bare when they are identifiers. Numbers are exact: a number whose
//! decimal expansion does not end is written as a division (`1 / 3`), so
//! the text evaluates back to the same number. Collection types are not
//! kept (a list reads back as a tuple, a map as an object, which convert to
//! them). An unknown value, an infinity and a capsule have no text and are
//! errors.
//!
//! ```
//! use hcl_native::value::Value;
//! use hcl_native::write::{BlockBuilder, BodyBuilder};
//!
//! let tags = Value::object([("Name", Value::from("web")), ("cost center", Value::from("42"))]);
//! assert_eq!(hcl_native::write::expression(&tags)?, "{\n  Name          = \"web\"\n  \"cost center\" = \"42\"\n}");
//!
//! let text = BodyBuilder::new()
//!     .attribute("region", "eu-west-1")
//!     .block(
//!         BlockBuilder::new("resource")
//!             .label("aws_instance")
//!             .label("web")
//!             .attribute("count", 2)
//!             .raw_attribute("ami", "data.aws_ami.ubuntu.id")
//!             .attribute("tags", tags),
//!     )
//!     .to_hcl()?;
//! assert_eq!(text, r#"region = "eu-west-1"
//! resource "aws_instance" "web" {
//!   count = 2
//!   ami   = data.aws_ami.ubuntu.id
//!   tags = {
//!     Name          = "web"
//!     "cost center" = "42"
//!   }
//! }
//! "#);
//! # Ok::<(), hcl_native::write::WriteError>(())
//! ```
//!
//! spec: model#values-and-value-types, hclsyntax#template-expressions

use std::fmt;

use crate::value::{Type, Value, ValueRef};

/// Why a value or body has no HCL text.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum WriteError {
    /// An unknown value (of this type): only known values have text.
    Unknown(Type),
    /// An infinite number: HCL has no literal for it.
    Infinity,
    /// A capsule value: its type is the application's own.
    Capsule,
    /// An attribute or block type name that is not an identifier.
    InvalidName(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Unknown(t) => write!(f, "an unknown value of type {t} cannot be written as HCL"),
            WriteError::Infinity => f.write_str("an infinite number cannot be written as HCL (it has no literal)"),
            WriteError::Capsule => f.write_str("a capsule value cannot be written as HCL"),
            WriteError::InvalidName(n) => {
                write!(
                    f,
                    "{} is not an identifier, so it cannot name an attribute or block",
                    crate::diagnostic::quoted(n)
                )
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// `value` as HCL expression text, in the canonical layout.
///
/// ```
/// use hcl_native::value::Value;
///
/// let v = Value::tuple(vec![Value::from("a${b}\n"), Value::from(1.5), Value::null(hcl_native::value::Type::String)]);
/// assert_eq!(hcl_native::write::expression(&v)?, r#"["a$${b}\n", 1.5, null]"#);
/// # Ok::<(), hcl_native::write::WriteError>(())
/// ```
pub fn expression(value: &Value) -> Result<String, WriteError> {
    let mut raw = String::from("x=");
    raw_value(value, &mut raw)?;
    let formatted = crate::format::format(raw.as_bytes());
    let text = String::from_utf8(formatted).expect("formatting keeps UTF-8");
    Ok(text["x = ".len()..].to_string())
}

/// `value`'s tokens, unformatted (one attribute per line in objects).
fn raw_value(value: &Value, out: &mut String) -> Result<(), WriteError> {
    crate::stack::with_stack(|| {
        match value.kind() {
            ValueRef::Null(_) => out.push_str("null"),
            ValueRef::Unknown(t) => return Err(WriteError::Unknown(t.clone())),
            ValueRef::Bool(b) => out.push_str(if b { "true" } else { "false" }),
            ValueRef::Number(n) if n.is_infinite() => return Err(WriteError::Infinity),
            ValueRef::Number(n) => {
                let text = n.to_string();
                match n.to_rational() {
                    Some(r)
                        if !n.is_integer() && crate::number::Number::from_literal(&text).ok().as_ref() != Some(n) =>
                    {
                        out.push_str(&format!("{} / {}", r.numer(), r.denom()));
                    }
                    _ => out.push_str(&text),
                }
            }
            ValueRef::String(s) => quoted(s, out),
            ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    raw_value(v, out)?;
                }
                out.push(']');
            }
            ValueRef::Map(entries) | ValueRef::Object(entries) => {
                out.push('{');
                if !entries.is_empty() {
                    out.push('\n');
                }
                for (k, v) in entries {
                    object_key(k, out);
                    out.push('=');
                    raw_value(v, out)?;
                    out.push('\n');
                }
                out.push('}');
            }
            ValueRef::Capsule(_) => return Err(WriteError::Capsule),
        }
        Ok(())
    })
}

/// The text an object key is written as: bare when it is an identifier
/// that reads back as its own name, otherwise a quoted string.
///
/// ```
/// assert_eq!(hcl_native::write::key("region"), "region");
/// assert_eq!(hcl_native::write::key("a b"), "\"a b\"");
/// assert_eq!(hcl_native::write::key("null"), "\"null\"");
/// ```
pub fn key(name: &str) -> String {
    let mut out = String::new();
    object_key(name, &mut out);
    out
}

/// `s` as an HCL string literal that reads back as `s` (hclwrite's
/// escapes; `${` and `%{` doubled): how a block label or a non-identifier
/// key is written.
///
/// ```
/// assert_eq!(hcl_native::write::string_literal("a\"b ${x}\n"), r#""a\"b $${x}\n""#);
/// ```
pub fn string_literal(s: &str) -> String {
    let mut out = String::new();
    quoted(s, &mut out);
    out
}

/// An object key: bare when it is an identifier that reads back as its
/// own name (`lexical::is_bare_key`), otherwise quoted.
fn object_key(k: &str, out: &mut String) {
    if crate::lexical::is_bare_key(k) {
        out.push_str(k);
    } else {
        quoted(k, out);
    }
}

/// `s` as a quoted template that evaluates to `s` (hclwrite's escapes).
///
/// spec: hclsyntax#template-literals
pub(crate) fn quoted(s: &str, out: &mut String) {
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' | '%' => {
                out.push(c);
                if chars.peek() == Some(&'{') {
                    out.push(c);
                }
            }
            c if !printable(c) => {
                let code = c as u32;
                if code < 0x10000 {
                    out.push_str(&format!("\\u{code:04x}"));
                } else {
                    out.push_str(&format!("\\U{code:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Whether a character is printed as itself (Go's `unicode.IsPrint`, as
/// the reference decides: not a control, format or separator character
/// other than the space).
fn printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    !(c.is_control()
        || c.is_whitespace()
        || matches!(c, '\u{AD}' | '\u{600}'..='\u{605}' | '\u{61C}' | '\u{6DD}' | '\u{70F}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..)
        || (0xD800..=0xDFFF).contains(&(c as u32)))
}

impl fmt::Display for Value {
    /// The value's HCL text ([`expression`]); an unknown value, which has
    /// none, as `(known after evaluation)`, and an infinity or capsule as
    /// the reason it has none.
    ///
    /// ```
    /// use hcl_native::value::{Type, Value};
    ///
    /// assert_eq!(Value::from("a\"b").to_string(), r#""a\"b""#);
    /// assert_eq!(Value::unknown(Type::String).to_string(), "(known after evaluation)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match expression(self) {
            Ok(text) => f.write_str(&text),
            Err(WriteError::Unknown(_)) => f.write_str("(known after evaluation)"),
            Err(e) => write!(f, "({e})"),
        }
    }
}

/// An expression of a body being built: a value, or raw expression text.
#[derive(Clone, Debug)]
enum Expr {
    Value(Value),
    Raw(String),
}

/// An item of a body being built.
#[derive(Clone, Debug)]
enum Item {
    Attribute(String, Expr),
    Block(BlockBuilder),
}

/// A body built in code: attributes (values or raw expression text) and
/// blocks, in order. [`BodyBuilder::to_hcl`] writes it in the canonical
/// layout.
///
/// ```
/// use hcl_native::write::BodyBuilder;
///
/// let text = BodyBuilder::new().attribute("name", "web").raw_attribute("port", "var.base + 1").to_hcl()?;
/// assert_eq!(text, "name = \"web\"\nport = var.base + 1\n");
/// # Ok::<(), hcl_native::write::WriteError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct BodyBuilder {
    items: Vec<Item>,
}

impl BodyBuilder {
    /// An empty body.
    pub fn new() -> Self {
        BodyBuilder::default()
    }

    /// Adds an attribute whose expression is `value`'s text.
    pub fn attribute(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.items.push(Item::Attribute(name.into(), Expr::Value(value.into())));
        self
    }

    /// Adds an attribute whose expression is `expr`, written as it is (the
    /// caller answers for it being one expression on its own).
    pub fn raw_attribute(mut self, name: impl Into<String>, expr: impl Into<String>) -> Self {
        self.items.push(Item::Attribute(name.into(), Expr::Raw(expr.into())));
        self
    }

    /// Adds a block.
    pub fn block(mut self, block: BlockBuilder) -> Self {
        self.items.push(Item::Block(block));
        self
    }

    /// Whether nothing was added.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The body's text in the canonical layout, ending with a newline
    /// unless it is empty.
    pub fn to_hcl(&self) -> Result<String, WriteError> {
        let mut raw = String::new();
        self.raw(&mut raw)?;
        Ok(String::from_utf8(crate::format::format(raw.as_bytes())).expect("formatting keeps UTF-8"))
    }

    fn raw(&self, out: &mut String) -> Result<(), WriteError> {
        for item in &self.items {
            match item {
                Item::Attribute(name, expr) => {
                    identifier(name)?;
                    out.push_str(name);
                    out.push_str(" = ");
                    match expr {
                        Expr::Value(v) => raw_value(v, out)?,
                        Expr::Raw(text) => out.push_str(text),
                    }
                    out.push('\n');
                }
                Item::Block(b) => crate::stack::with_stack(|| b.raw(out))?,
            }
        }
        Ok(())
    }
}

fn identifier(name: &str) -> Result<(), WriteError> {
    if crate::lexical::is_identifier(name) {
        Ok(())
    } else {
        Err(WriteError::InvalidName(name.to_string()))
    }
}

/// A block built in code: a type, labels, and a body.
///
/// ```
/// use hcl_native::write::{BlockBuilder, BodyBuilder};
///
/// let b = BlockBuilder::new("service").label("web").block(BlockBuilder::new("check"));
/// assert_eq!(BodyBuilder::new().block(b).to_hcl()?, "service \"web\" {\n  check {\n  }\n}\n");
/// # Ok::<(), hcl_native::write::WriteError>(())
/// ```
#[derive(Clone, Debug)]
pub struct BlockBuilder {
    type_name: String,
    labels: Vec<String>,
    body: BodyBuilder,
}

impl BlockBuilder {
    /// A block of type `type_name`, without labels, with an empty body.
    pub fn new(type_name: impl Into<String>) -> Self {
        BlockBuilder {
            type_name: type_name.into(),
            labels: Vec::new(),
            body: BodyBuilder::new(),
        }
    }

    /// Adds a label (written as a quoted string).
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.labels.push(label.into());
        self
    }

    /// Adds an attribute to the block's body ([`BodyBuilder::attribute`]).
    pub fn attribute(mut self, name: impl Into<String>, value: impl Into<Value>) -> Self {
        self.body = self.body.attribute(name, value);
        self
    }

    /// Adds a raw attribute to the block's body
    /// ([`BodyBuilder::raw_attribute`]).
    pub fn raw_attribute(mut self, name: impl Into<String>, expr: impl Into<String>) -> Self {
        self.body = self.body.raw_attribute(name, expr);
        self
    }

    /// Adds a nested block.
    pub fn block(mut self, block: BlockBuilder) -> Self {
        self.body = self.body.block(block);
        self
    }

    /// The block's body, replaced.
    pub fn body(mut self, body: BodyBuilder) -> Self {
        self.body = body;
        self
    }

    fn raw(&self, out: &mut String) -> Result<(), WriteError> {
        identifier(&self.type_name)?;
        out.push_str(&self.type_name);
        for l in &self.labels {
            out.push(' ');
            quoted(l, out);
        }
        out.push_str(" {\n");
        self.body.raw(out)?;
        out.push_str("}\n");
        Ok(())
    }
}
