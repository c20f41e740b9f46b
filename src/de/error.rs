//! The error of decoding: diagnostics, each with its range in the source.

use std::fmt;

use serde::de::{Expected, Unexpected};

use crate::value::{Value, ValueRef};
use crate::{Diagnostic, Diagnostics, Span};

/// Why decoding failed.
///
/// Decoding a body gives diagnostics with source ranges: the body's own
/// (unsupported, missing or misshapen items), evaluation errors, and a
/// value that does not suit its field ("Unsuitable value type" at the
/// expression). Decoding a lone [`Value`](crate::value::Value) gives a
/// message that says where in the value it failed (`.ports[2]: ...`).
///
/// ```
/// use hcl_native::de;
/// use hcl_native::eval::EvalContext;
///
/// #[derive(serde::Deserialize, Debug)]
/// struct Config { port: u16 }
///
/// let err = de::from_slice::<Config>(b"port = 70000\n", &EvalContext::new()).unwrap_err();
/// let d = &err.diagnostics()[0];
/// assert_eq!(d.summary(), "Unsuitable value type");
/// assert_eq!((d.subject().start, d.subject().end), (7, 12));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    pub(crate) inner: Inner,
    /// The file the diagnostics are in, when decoding read it (its name
    /// and text), so that the error says lines and columns.
    pub(crate) source: Option<std::sync::Arc<(String, Vec<u8>)>>,
    /// The innermost part of the input whose decoding failed, which the
    /// decoder fills with a placeholder to go on and find the next error.
    pub(crate) unit: Option<Unit>,
}

/// A part of the input the decoder can replace with a placeholder value:
/// an expression or body (by its file and range), or a block field (by
/// its file, the start of its body, and its block type).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Unit {
    Span(Option<std::sync::Arc<str>>, u32, u32),
    Field(Option<std::sync::Arc<str>>, u32, &'static str),
}

/// The value a type or range error found ([`serde::de::Unexpected`],
/// owned), so that an error raised where no range is known (a flattened
/// struct's fields, which serde decodes from values it buffered) can be
/// placed at the one attribute that holds that value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Found {
    Bool(bool),
    Signed(i64),
    Unsigned(u64),
    Float(f64),
    Str(String),
    Unit,
    Seq,
    Map,
}

impl Found {
    fn of(unexp: &Unexpected<'_>) -> Option<Found> {
        Some(match *unexp {
            Unexpected::Bool(b) => Found::Bool(b),
            Unexpected::Signed(i) => Found::Signed(i),
            Unexpected::Unsigned(u) => Found::Unsigned(u),
            Unexpected::Float(f) => Found::Float(f),
            Unexpected::Str(s) => Found::Str(s.to_string()),
            Unexpected::Char(c) => Found::Str(c.to_string()),
            Unexpected::Unit => Found::Unit,
            Unexpected::Seq => Found::Seq,
            Unexpected::Map => Found::Map,
            _ => return None,
        })
    }

    /// Whether `value` is the value found or holds it (at any depth).
    pub(crate) fn is_in(&self, value: &Value) -> bool {
        let this = match (self, value.kind()) {
            (Found::Bool(b), ValueRef::Bool(v)) => *b == v,
            (Found::Signed(i), ValueRef::Number(n)) => n.to_i64() == Some(*i),
            (Found::Unsigned(u), ValueRef::Number(n)) => n.to_string() == u.to_string(),
            (Found::Float(f), ValueRef::Number(n)) => n.to_f64() == *f,
            (Found::Str(s), ValueRef::String(v)) => s == v,
            (Found::Unit, ValueRef::Null(_)) => true,
            (Found::Seq, ValueRef::List(_) | ValueRef::Set(_) | ValueRef::Tuple(_)) => true,
            (Found::Map, ValueRef::Map(_) | ValueRef::Object(_)) => true,
            _ => false,
        };
        this || match value.kind() {
            ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
                items.iter().any(|v| self.is_in(v))
            }
            ValueRef::Map(entries) | ValueRef::Object(entries) => entries.iter().any(|(_, v)| self.is_in(v)),
            _ => false,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Inner {
    /// A message from a value's decoding, with the path to where it failed
    /// (outermost step first), and the value serde found when it was of
    /// the wrong type or out of range.
    Message {
        path: Vec<String>,
        message: String,
        found: Option<Found>,
    },
    /// A struct's field that nothing provided.
    MissingField(&'static str),
    /// Diagnostics of a body.
    Diagnostics(Diagnostics),
    /// A JSON block field read with fewer or more label levels than its
    /// struct has label fields; the decoder has learnt them and decodes
    /// again (never seen outside the decoder).
    Relabel,
}

impl Error {
    pub(crate) fn from_diagnostics(diags: Diagnostics) -> Error {
        Error {
            inner: Inner::Diagnostics(diags),
            source: None,
            unit: None,
        }
    }

    pub(crate) fn one(d: Diagnostic) -> Error {
        let mut diags = Diagnostics::new();
        diags.push(d);
        Error::from_diagnostics(diags)
    }

    /// The same error, knowing the file its diagnostics are in.
    pub(crate) fn in_source(mut self, name: &str, src: &[u8]) -> Error {
        self.source = Some(std::sync::Arc::new((name.to_string(), src.to_vec())));
        self
    }

    pub(crate) fn relabel() -> Error {
        Error {
            inner: Inner::Relabel,
            source: None,
            unit: None,
        }
    }

    pub(crate) fn is_relabel(&self) -> bool {
        matches!(self.inner, Inner::Relabel)
    }

    /// This error placed in a body: [`Error::into_diagnostics`], in `file`
    /// where the diagnostics do not say another.
    pub(crate) fn located(self, subject: Span, missing: Span, file: Option<&std::sync::Arc<str>>) -> Error {
        if self.is_relabel() {
            return self;
        }
        let unit = self.unit.clone();
        let diags = self.into_diagnostics(subject, missing);
        let mut e = Error::from_diagnostics(match file {
            Some(f) => diags.in_file(f),
            None => diags,
        });
        e.unit = unit;
        e
    }

    /// The same error, failing in `unit` unless a part inside it failed.
    pub(crate) fn in_unit(mut self, unit: impl FnOnce() -> Unit) -> Error {
        if self.unit.is_none() && !self.is_relabel() {
            self.unit = Some(unit());
        }
        self
    }

    /// The value a type or range error found, when the error is one.
    pub(crate) fn found(&self) -> Option<&Found> {
        match &self.inner {
            Inner::Message { found, .. } => found.as_ref(),
            _ => None,
        }
    }

    /// The field a "missing field" error names.
    pub(crate) fn missing_field(&self) -> Option<&'static str> {
        match self.inner {
            Inner::MissingField(field) => Some(field_name(field)),
            _ => None,
        }
    }

    /// The same error one step further out in a value (an element index or
    /// an attribute name).
    pub(crate) fn within(mut self, step: impl FnOnce() -> String) -> Error {
        match &mut self.inner {
            Inner::Message { path, .. } => path.insert(0, step()),
            Inner::MissingField(field) => {
                self.inner = Inner::Message {
                    path: vec![step()],
                    message: format!("missing field `{}`", field_name(field)),
                    found: None,
                }
            }
            Inner::Diagnostics(_) | Inner::Relabel => {}
        }
        self
    }

    /// This error as body diagnostics: a value's error becomes "Unsuitable
    /// value type" at `subject`, a missing field "Missing required
    /// argument" at `missing`.
    pub(crate) fn into_diagnostics(self, subject: Span, missing: Span) -> Diagnostics {
        match self.inner {
            Inner::Diagnostics(d) => d,
            Inner::Relabel => Diagnostics::new(),
            Inner::MissingField(field) => Error::missing_argument(field, missing).into_diagnostics(subject, missing),
            Inner::Message { .. } => {
                let mut diags = Diagnostics::new();
                diags.push(Diagnostic::error(
                    "Unsuitable value type",
                    format!("Unsuitable value: {self}"),
                    subject,
                ));
                diags
            }
        }
    }

    pub(crate) fn missing_argument(field: &str, at: Span) -> Error {
        Error::one(Diagnostic::error(
            "Missing required argument",
            format!(
                "The argument {} is required, but no definition was found.",
                crate::diagnostic::quoted(field_name(field))
            ),
            at,
        ))
    }

    /// The diagnostics, when the error came from decoding a body; empty
    /// for an error in a lone value.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match &self.inner {
            Inner::Diagnostics(d) => d.as_slice(),
            _ => &[],
        }
    }

    /// The diagnostics rendered with the source they point into (see
    /// [`render_diagnostics`](crate::render::render_diagnostics)); the
    /// message alone for an error in a lone value.
    pub fn render(&self, path: &str, src: &[u8]) -> String {
        match &self.inner {
            Inner::Diagnostics(d) => crate::render::render_diagnostics(path, src, d.as_slice()),
            _ => self.to_string(),
        }
    }
}

/// A field's name without its decoding tag (`"name,label"` is `name`).
pub(crate) fn field_name(field: &str) -> &str {
    field.split_once(',').map_or(field, |(name, _)| name)
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.inner {
            Inner::Message { path, message, .. } => {
                for step in path {
                    f.write_str(step)?;
                }
                if !path.is_empty() {
                    f.write_str(": ")?;
                }
                f.write_str(message)
            }
            Inner::MissingField(field) => write!(f, "missing field `{}`", field_name(field)),
            Inner::Relabel => f.write_str("a block's labels were read with the wrong number of levels"),
            Inner::Diagnostics(diags) => {
                for (i, d) in diags.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    match &self.source {
                        Some(source) if d.file.is_none() => write!(f, "{}", d.located(&source.0, &source.1))?,
                        _ => write!(f, "{d}")?,
                    }
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// A type or range error that found `unexp`.
    fn with_found(message: String, unexp: &Unexpected<'_>) -> Error {
        Error {
            source: None,
            unit: None,
            inner: Inner::Message {
                path: Vec::new(),
                message,
                found: Found::of(unexp),
            },
        }
    }
}

impl serde::de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error {
            source: None,
            unit: None,
            inner: Inner::Message {
                path: Vec::new(),
                message: msg.to_string(),
                found: None,
            },
        }
    }

    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        Error::with_found(format!("invalid type: {unexp}, expected {exp}"), &unexp)
    }

    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        Error::with_found(format!("invalid value: {unexp}, expected {exp}"), &unexp)
    }

    fn missing_field(field: &'static str) -> Self {
        Error {
            inner: Inner::MissingField(field),
            source: None,
            unit: None,
        }
    }
}
