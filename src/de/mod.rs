//! Decoding evaluated bodies and values into Rust types with serde
//! (feature `serde`).
//!
//! spec: model#body-content, model#schema-driven-processing
//!
//! A struct's fields are the schema of the body it decodes. Each field is
//! one of these, told apart by a tag after a comma in its serde name:
//!
//! | field | decodes from |
//! | --- | --- |
//! | `port: u16` | the attribute `port`, evaluated, then decoded as a [`Value`] is (see [`ValueDeserializer`]) |
//! | `zone: Option<String>` or `#[serde(default)]` | an optional attribute; without `Option` or a default, an absent attribute is "Missing required argument" |
//! | `#[serde(rename = "type,label")] kind: String` | the block's labels, in the order of the struct's label fields; a block with too few or too many labels is an error at the label |
//! | `#[serde(rename = "disk,block")] disks: Vec<Disk>` | every `disk` block, in source order |
//! | `#[serde(rename = "lifecycle,block")] lifecycle: Option<Lifecycle>` | at most one `lifecycle` block ("Duplicate lifecycle block" otherwise) |
//! | `#[serde(rename = "backend,block")] backend: Backend` | exactly one `backend` block ("Missing backend block" otherwise) |
//! | `#[serde(rename = "backend,block")] backends: HashMap<String, Backend>` | every `backend` block keyed by its first label (one block per key); the value type takes the blocks of one key, so `BTreeMap<String, BTreeMap<String, T>>` keys two labels and `HashMap<String, Vec<T>>` keeps repeats; the struct's own label fields take the labels after the keys |
//! | `#[serde(rename = "rest,remain")] rest: HashMap<String, T>` | every attribute the other fields do not name (partial processing), each evaluated, or kept when `T` is [`Expression`]; a block there is "Unexpected block"; without a remain field such an attribute is "Unsupported argument" |
//! | `#[serde(rename = "rest,remain")] rest: Body` | the rest of the body, attributes and blocks, unevaluated ([`Body`]): to decode later into another type, or read with a schema |
//! | `count: Expression` (or `Option<Expression>`) | the attribute `count`'s expression, unevaluated ([`Expression`]): to evaluate later with another context |
//! | `#[serde(rename = "provisioner,block")] provisioners: Vec<Body>` | each `provisioner` block's body, unevaluated (a block field of [`Body`]s, or one `Body`, an `Option` or a map by label, takes blocks whose labels its map keys take, as a struct without label fields does) |
//!
//! The tags are part of the field's serde name, so a plain `rename` shows
//! in every other format the struct is serialized to (`"name,label"` as a
//! JSON key). A struct that also derives `Serialize` for another format
//! puts the tag in `#[serde(rename(deserialize = "name,label"))]`: `de`
//! reads the tag and serialization keeps the field's own name.
//! [`crate::ser`] reads the tags from the serialize names, so a struct
//! written as HCL with [`crate::ser::to_string`] keeps them in a plain
//! `rename` (with `rename(deserialize = ...)` alone, `ser` writes every
//! field as an attribute).
//!
//! ```
//! use hcl_native::de;
//! use hcl_native::eval::EvalContext;
//!
//! #[derive(serde::Serialize, serde::Deserialize)]
//! struct Service {
//!     #[serde(rename(deserialize = "name,label"))]
//!     name: String,
//!     port: u16,
//! }
//! #[derive(serde::Serialize, serde::Deserialize)]
//! struct Config {
//!     #[serde(rename(deserialize = "service,block"))]
//!     services: Vec<Service>,
//! }
//!
//! let config: Config = de::from_str("service \"web\" {\n  port = 8080\n}\n", &EvalContext::new())?;
//! assert_eq!(
//!     serde_json::to_string(&config)?,
//!     r#"{"services":[{"name":"web","port":8080}]}"#
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A body decoded into a map (`HashMap<String, T>`, `serde_json::Value`)
//! is read in the dynamic attributes mode: every attribute (each value
//! evaluated, or kept as an [`Expression`]), and a block is an error. An attribute or block the struct does not name is an error
//! with a "Did you mean" hint; so is an attribute written as a block or a
//! block written as an attribute. Every problem of the whole input is
//! reported together (up to 64), as [`Diagnostic`](crate::Diagnostic)s
//! with their ranges, and a value that does not suit its field is
//! "Unsuitable value type" at its expression. (serde stops a struct at its
//! first failing field, so after a problem the decoder decodes the input
//! again with the part that failed replaced by a placeholder, once per
//! problem; a successful decoding takes one pass.)
//!
//! Terraform's `dynamic` blocks are expanded on request: decode with
//! [`from_any_body_with`] or [`from_file_with`] and
//! [`Options::with_expand_dynamic`], and each `dynamic "TYPE"` block makes
//! the `TYPE` blocks of a block field, its content evaluated with the
//! iterator, as [`crate::dynblock`] expands them for a schema (its rules
//! and messages; an unknown `for_each` makes one block whose iterator's
//! key and value are unknown). Without the option a `dynamic` block is a
//! block like any other.
//!
//! A `#[serde(flatten)]` field reads its body in the dynamic attributes
//! mode (serde asks for a map), and serde decodes the flattened struct's
//! fields from values it buffered, which carry no range: a value of the
//! wrong type there is reported at the one attribute that holds it (at the
//! body when several hold an equal value), a missing one as a missing
//! argument at the body. serde cannot go on inside such a struct after a
//! problem, so the decoder goes on after its body: a second problem in the
//! same flattened struct may be reported only once the first is fixed.
//!
//! An [`Expression`] or [`Body`] field is not evaluated: it keeps the
//! attribute's expression or the body (a block's, or the rest of the
//! struct's own for a remain field) to evaluate or decode later, with a
//! context that other fields helped to build. serde carries no references
//! into the parse, so these fields own their source text (a copy of the
//! expression's or the body's text, with its range and file) and parse it
//! again when used; their ranges and diagnostics are the original file's.
//! They need the source text, which [`from_str`], [`from_file`] and an
//! [`AnyFile`]'s body have and a bare tree given to [`from_body`] has not.
//!
//! ```
//! use hcl_native::de::{self, Body, Expression};
//! use hcl_native::eval::EvalContext;
//! use hcl_native::value::Value;
//! use serde::Deserialize;
//!
//! #[derive(Deserialize)]
//! struct File {
//!     #[serde(rename = "resource,block")]
//!     resources: Vec<Resource>,
//! }
//! #[derive(Deserialize)]
//! struct Resource {
//!     #[serde(rename = "name,label")]
//!     name: String,
//!     count: Expression,
//!     #[serde(rename = "config,remain")]
//!     config: Body,
//! }
//! #[derive(Deserialize, Debug, PartialEq)]
//! struct Instance {
//!     zone: String,
//! }
//!
//! let src = r#"
//! resource "web" {
//!   count = length(var.zones)
//!   zone  = var.zones[count.index]
//! }
//! "#;
//! // `var` and `count` are not known yet: only the name is decoded now
//! let file: File = de::from_str(src, &EvalContext::new())?;
//! let web = &file.resources[0];
//! assert_eq!(web.name, "web");
//!
//! let mut ctx = EvalContext::with_standard_functions();
//! ctx.set_variable("var", Value::object([("zones", Value::tuple(vec!["a".into(), "b".into()]))]))?;
//! let count = web.count.evaluate(&ctx).value;
//! assert_eq!(count, Value::from(2));
//! let mut instances = Vec::new();
//! for index in 0..2 {
//!     let mut each = ctx.child();
//!     each.set_variable("count", Value::object([("index", Value::from(index))]))?;
//!     instances.push(web.config.decode::<Instance>(&each)?);
//! }
//! assert_eq!(instances, [Instance { zone: "a".into() }, Instance { zone: "b".into() }]);
//!
//! // a problem found later has its range in the file
//! let err = web.config.decode::<Instance>(&ctx).unwrap_err();
//! assert_eq!(&src[err.diagnostics()[0].subject().range()], "count");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Bodies of either syntax decode alike ([`from_file`] picks the syntax by
//! the file name, [`from_any_body`] takes any [`AnyBody`], merged files
//! included); in the JSON syntax a labelled block field's labels are the
//! object levels of its property.
//!
//! spec: json#blocks
//!
//! A Terraform-like file into Rust types:
//!
//! ```
//! use std::collections::BTreeMap;
//!
//! use hcl_native::de;
//! use hcl_native::eval::EvalContext;
//! use hcl_native::value::Value;
//! use serde::Deserialize;
//!
//! #[derive(Deserialize, Debug)]
//! struct Config {
//!     #[serde(rename = "terraform,block")]
//!     terraform: Option<Terraform>,
//!     #[serde(rename = "resource,block")]
//!     resources: Vec<Resource>,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Terraform {
//!     required_version: String,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Resource {
//!     #[serde(rename = "type,label")]
//!     kind: String,
//!     #[serde(rename = "name,label")]
//!     name: String,
//!     count: Option<u32>,
//!     #[serde(default)]
//!     tags: BTreeMap<String, String>,
//!     #[serde(rename = "ebs_block_device,block")]
//!     disks: Vec<Disk>,
//!     #[serde(rename = "lifecycle,block")]
//!     lifecycle: Option<Lifecycle>,
//!     #[serde(rename = "settings,remain")]
//!     settings: BTreeMap<String, serde_json::Value>,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Disk {
//!     device_name: String,
//!     volume_size: u64,
//! }
//!
//! #[derive(Deserialize, Debug)]
//! struct Lifecycle {
//!     prevent_destroy: bool,
//! }
//!
//! let src = r#"
//! terraform {
//!   required_version = ">= 1.5"
//! }
//!
//! resource "aws_instance" "web" {
//!   ami           = "ami-0c55b159"
//!   instance_type = "t3.${var.size}"
//!   count         = 2 * 2
//!   tags = {
//!     Name = "web-${var.env}"
//!   }
//!
//!   ebs_block_device {
//!     device_name = "/dev/sdb"
//!     volume_size = 100
//!   }
//!   ebs_block_device {
//!     device_name = "/dev/sdc"
//!     volume_size = "50"
//!   }
//!   lifecycle {
//!     prevent_destroy = true
//!   }
//! }
//!
//! resource "aws_s3_bucket" "logs" {
//!   bucket = "logs"
//! }
//! "#;
//!
//! let mut ctx = EvalContext::with_standard_functions();
//! ctx.set_variable("var", Value::object([("size", "micro"), ("env", "prod")].map(|(k, v)| (k, Value::from(v)))))?;
//! let config: Config = de::from_str(src, &ctx)?;
//!
//! assert_eq!(config.terraform.unwrap().required_version, ">= 1.5");
//! let web = &config.resources[0];
//! assert_eq!((web.kind.as_str(), web.name.as_str()), ("aws_instance", "web"));
//! assert_eq!(web.count, Some(4));
//! assert_eq!(web.tags["Name"], "web-prod");
//! assert_eq!(web.disks[1].volume_size, 50);
//! assert!(web.lifecycle.as_ref().unwrap().prevent_destroy);
//! assert_eq!(web.settings["instance_type"], "t3.micro");
//! assert_eq!(config.resources[1].settings["bucket"], "logs");
//!
//! // A mistake gets the body's diagnostics, with ranges.
//! let err = de::from_str::<Config>("terraform {\n  required_versoin = 1\n}\n", &ctx).unwrap_err();
//! let d = &err.diagnostics()[0];
//! assert_eq!(d.summary(), "Unsupported argument");
//! assert!(d.detail().ends_with("Did you mean \"required_version\"?"));
//! assert_eq!((d.subject().start, d.subject().end), (14, 30));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod body;
mod error;
mod placeholder;
mod unevaluated;
mod value;

use serde::de::DeserializeOwned;

pub use error::Error;
pub use unevaluated::{Body, Expression, ParsedBody, ParsedExpression};

/// What a struct field is, from the tag after the comma in its serde name
/// (one home for `de` and `ser`).
#[derive(Clone, Copy)]
pub(crate) enum Field<'f> {
    Attribute(&'f str),
    Label(&'f str),
    Block(&'f str),
    Remain,
}

/// The kind of the field named `field`, or why its tag is not one.
pub(crate) fn field_kind(field: &str) -> Result<Field<'_>, String> {
    Ok(match field.split_once(',') {
        None => Field::Attribute(field),
        Some((name, "label")) => Field::Label(name),
        Some((name, "block")) => Field::Block(name),
        Some((_, "remain")) => Field::Remain,
        Some((_, tag)) => {
            return Err(format!(
                "the field {} has the tag {}; the tags are `label`, `block` and `remain`",
                crate::diagnostic::quoted(field),
                crate::diagnostic::quoted(tag)
            ))
        }
    })
}

pub use value::ValueDeserializer;

use crate::ast::Body as AstBody;
use crate::body::{AnyBody, AnyFile, BodyView};
use crate::eval::{EvalContext, StepBudget};
use crate::value::Value;
use crate::Arena;

/// Decodes a parsed body into `T`, evaluating its attributes with `ctx`.
/// When `ctx` shares no [`StepBudget`], the attributes share one of the
/// context's [`crate::eval::EvalLimits::max_steps`], so that decoding a
/// file of many attributes costs at most the step limit once.
///
/// ```
/// use hcl_native::{de, parse_config, Arena};
/// use hcl_native::eval::EvalContext;
///
/// #[derive(serde::Deserialize, Debug)]
/// struct Server { host: String, port: u16 }
///
/// let arena = Arena::new();
/// let file = parse_config(&arena, b"host = \"localhost\"\nport = 8000 + 80\n").ast;
/// let server: Server = de::from_body(&file.body, &EvalContext::new()).unwrap();
/// assert_eq!((server.host.as_str(), server.port), ("localhost", 8080));
/// ```
pub fn from_body<T: DeserializeOwned>(body: &AstBody<'_>, ctx: &EvalContext<'_>) -> Result<T, Error> {
    from_any_body(&AnyBody::Native(BodyView::new(body)), ctx)
}

/// Decodes a body of either syntax (or several files' bodies merged,
/// [`AnyBody::merge`]) into `T`, evaluating its attributes with `ctx`.
/// The step budget is shared as in [`from_body`]; diagnostics of a named
/// or merged body say their file.
///
/// A JSON body's blocks are found by their labels' levels, which a labelled block field's struct gives only when it
/// is decoded: such a field is read once with no label levels and, when
/// its struct has label fields, the input is decoded again with them
/// (once per labelled block field; no side effect of the first reading is
/// kept).
///
/// ```
/// use hcl_native::body::AnyFile;
/// use hcl_native::{de, Arena};
/// use hcl_native::eval::EvalContext;
///
/// #[derive(serde::Deserialize, Debug)]
/// struct Config {
///     #[serde(rename = "service,block")]
///     services: Vec<Service>,
/// }
/// #[derive(serde::Deserialize, Debug)]
/// struct Service {
///     #[serde(rename = "name,label")]
///     name: String,
///     port: u16,
/// }
///
/// let arena = Arena::new();
/// for (file, src) in [
///     ("app.hcl", &b"service \"web\" {\n  port = 8080\n}\nservice \"db\" {\n  port = 5432\n}\n"[..]),
///     ("app.hcl.json", &br#"{"service": {"web": {"port": 8080}, "db": {"port": "5432"}}}"#[..]),
/// ] {
///     let parsed = AnyFile::parse(&arena, file, src);
///     let config: Config = de::from_any_body(&parsed.ast.body(), &EvalContext::new())?;
///     assert_eq!(config.services[1].name, "db");
///     assert_eq!(config.services[1].port, 5432);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_any_body<T: DeserializeOwned>(body: &AnyBody<'_, '_>, ctx: &EvalContext<'_>) -> Result<T, Error> {
    from_any_body_with(body, ctx, &Options::default())
}

/// How [`from_any_body_with`] and [`from_file_with`] decode: build one
/// from [`Options::default`] and the `with_` methods (more options may
/// come).
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Options {
    /// Expand Terraform's `dynamic` blocks (off by default).
    pub expand_dynamic: bool,
}

impl Options {
    /// These options with `dynamic` blocks expanded or not. On, a
    /// `dynamic "TYPE" { for_each = ..., iterator = NAME, labels = [...],
    /// content { ... } }` block in a body makes one block of type `TYPE`
    /// per element of `for_each`, in its place among the other `TYPE`
    /// blocks, for a block field named `TYPE` (the rules and messages of
    /// [`crate::dynblock::expand`], which documents them): the content's
    /// attributes are evaluated with the iterator (`NAME.key`,
    /// `NAME.value`; `TYPE` when `iterator` is not given) and the labels
    /// are `labels`, evaluated per element. `dynamic` blocks nest. A
    /// `dynamic` block whose type is no block field's is "Unsupported
    /// block type"; a struct with a field named `dynamic` keeps such
    /// blocks as its own. An [`Expression`] or [`Body`] field inside a
    /// made block keeps its text: evaluating it later does not see the
    /// iterator.
    ///
    /// ```
    /// use hcl_native::de::{self, Options};
    /// use hcl_native::eval::EvalContext;
    ///
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Instance {
    ///     #[serde(rename = "disk,block")]
    ///     disks: Vec<Disk>,
    /// }
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Disk {
    ///     #[serde(rename = "name,label")]
    ///     name: String,
    ///     size: u32,
    /// }
    ///
    /// let src = br#"
    /// disk "boot" { size = 10 }
    /// dynamic "disk" {
    ///   for_each = { data = 100, logs = 20 }
    ///   labels   = [disk.key]
    ///   content { size = disk.value }
    /// }
    /// "#;
    /// let options = Options::default().with_expand_dynamic(true);
    /// let i: Instance = de::from_file_with("main.tf", src, &EvalContext::new(), &options)?;
    /// let disks: Vec<(&str, u32)> = i.disks.iter().map(|d| (d.name.as_str(), d.size)).collect();
    /// assert_eq!(disks, [("boot", 10), ("data", 100), ("logs", 20)]);
    ///
    /// // without the option, `dynamic` is a block type like any other
    /// let err = de::from_file::<Instance>("main.tf", src, &EvalContext::new()).unwrap_err();
    /// assert_eq!(err.diagnostics()[0].summary(), "Unsupported block type");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_expand_dynamic(mut self, expand: bool) -> Options {
        self.expand_dynamic = expand;
        self
    }
}

/// [`from_any_body`] with [`Options`] (`dynamic` blocks expanded on
/// request).
pub fn from_any_body_with<T: DeserializeOwned>(
    body: &AnyBody<'_, '_>,
    ctx: &EvalContext<'_>,
    options: &Options,
) -> Result<T, Error> {
    let mut budgeted = None;
    if ctx.step_budget().is_none() {
        let mut child = ctx.child();
        child.share_step_budget(StepBudget::new(ctx.limits().max_steps));
        budgeted = Some(child);
    }
    let ctx = budgeted.as_ref().unwrap_or(ctx);
    body::Decoder::new(ctx, options.expand_dynamic).decode(body)
}

/// Parses a configuration file and decodes its body into `T`. A syntax
/// error fails the decoding, with the parser's diagnostics and the
/// decoder's (for what could be read) together.
///
/// ```
/// use hcl_native::de;
/// use hcl_native::eval::EvalContext;
///
/// #[derive(serde::Deserialize, Debug)]
/// struct Server { port: u16 }
///
/// let err = de::from_slice::<Server>(b"port = \n", &EvalContext::new()).unwrap_err();
/// assert_eq!(err.diagnostics()[0].summary(), "Invalid expression");
/// ```
pub fn from_slice<T: DeserializeOwned>(src: &[u8], ctx: &EvalContext<'_>) -> Result<T, Error> {
    from_file("", src, ctx)
}

/// Parses a file in the syntax its name says (a name ending in `.json` is
/// the JSON syntax, as [`AnyFile::parse`] decides) and decodes its body
/// into `T`, as [`from_slice`] does. The error displays each diagnostic as
/// `name:line:column: severity: summary: detail`.
///
/// ```
/// use hcl_native::de;
/// use hcl_native::eval::EvalContext;
///
/// #[derive(serde::Deserialize, Debug)]
/// struct Config {
///     #[serde(rename = "listener,block")]
///     listeners: Vec<Listener>,
/// }
/// #[derive(serde::Deserialize, Debug)]
/// struct Listener {
///     #[serde(rename = "protocol,label")]
///     protocol: String,
///     port: u16,
/// }
///
/// let src = br#"{"listener": [{"http": {"port": 80}}, {"https": {"port": 443}}]}"#;
/// let config: Config = de::from_file("app.hcl.json", src, &EvalContext::new())?;
/// assert_eq!((config.listeners[1].protocol.as_str(), config.listeners[1].port), ("https", 443));
///
/// let err = de::from_file::<Config>("app.hcl.json", br#"{"listener": {"http": {"port": true}}}"#, &EvalContext::new())
///     .unwrap_err();
/// assert_eq!(err.diagnostics()[0].summary(), "Unsuitable value type");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_file<T: DeserializeOwned>(name: &str, src: &[u8], ctx: &EvalContext<'_>) -> Result<T, Error> {
    from_file_with(name, src, ctx, &Options::default())
}

/// [`from_file`] with [`Options`] (see [`Options::with_expand_dynamic`]).
pub fn from_file_with<T: DeserializeOwned>(
    name: &str,
    src: &[u8],
    ctx: &EvalContext<'_>,
    options: &Options,
) -> Result<T, Error> {
    let arena = Arena::new();
    let parsed = AnyFile::parse(&arena, name, src);
    let decoded = from_any_body_with(&parsed.ast.body(), ctx, options);
    let shown = if name.is_empty() { "<input>" } else { name };
    if !parsed.diagnostics.has_errors() {
        return decoded.map_err(|e| e.in_source(shown, src));
    }
    let mut diags = parsed.diagnostics;
    if let Err(e) = decoded {
        diags.extend(e.diagnostics().iter().cloned());
    }
    Err(Error::from_diagnostics(diags).in_source(shown, src))
}

/// [`from_slice`] for text.
///
/// ```
/// use hcl_native::de;
/// use hcl_native::eval::EvalContext;
///
/// let names: Vec<String> = de::from_str::<std::collections::BTreeMap<String, Vec<String>>>(
///     "names = [\"a\", \"b\"]\n", &EvalContext::new()).unwrap().remove("names").unwrap();
/// assert_eq!(names, ["a", "b"]);
/// ```
pub fn from_str<T: DeserializeOwned>(src: &str, ctx: &EvalContext<'_>) -> Result<T, Error> {
    from_slice(src.as_bytes(), ctx)
}

/// Decodes a value into `T` (see [`ValueDeserializer`] for the mapping).
///
/// ```
/// use hcl_native::de::from_value;
/// use hcl_native::value::Value;
///
/// let v = Value::object([("ports", Value::tuple(vec![80.into(), "443".into()]))]);
/// #[derive(serde::Deserialize, Debug)]
/// struct Listener { ports: Vec<u16> }
/// assert_eq!(from_value::<Listener>(&v).unwrap().ports, [80, 443]);
///
/// let bad = Value::object([("ports", Value::tuple(vec![80.into(), true.into()]))]);
/// let err = from_value::<Listener>(&bad).unwrap_err();
/// assert_eq!(err.to_string(), ".ports[1]: invalid type: boolean `true`, expected u16");
/// ```
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, Error> {
    T::deserialize(ValueDeserializer::new(value))
}
