//! Terraform's own functions, the ones its language adds to the standard
//! library (feature `terraform`, off by default): an opt-in set for
//! applications that evaluate Terraform configurations. Nothing here
//! changes what the core or [`crate::stdlib`] does; a context gets these
//! functions only through [`crate::eval::EvalContext::with_terraform_functions`]
//! (or [`terraform_functions`]).
//!
//! The behaviour of each function is Terraform's documented behaviour, its
//! function reference (`developer.hashicorp.com/terraform/language/functions/NAME`),
//! which each function's documentation cites, and where the reference says
//! less than a configuration can ask, Terraform's implementation
//! (`internal/lang/funcs`, and the go-cidr and go-cty-yaml libraries it
//! calls), also cited. As everywhere in this
//! crate, unknown arguments give unknown results of the function's result
//! type, and null arguments are errors unless Terraform accepts them.
//! Terraform marks values as sensitive; this crate has no marks, so
//! `sensitive` and `nonsensitive` are the identity and `issensitive` is
//! an unknown bool (it cannot tell). Four standard
//! functions are replaced by Terraform's own: `replace` also takes a
//! regular expression between slashes (`replace(s, "/[0-9]+/", "#")`),
//! `length` also counts strings and structural values, `coalesce` also
//! skips empty strings, and `lookup`'s default is optional. Four
//! standard functions are not in Terraform's table and so not in
//! [`all_functions`]: `int`, `strlen`, `regex_replace` and
//! `setsymmetricdifference`.
//!
//! Functions that depend on the world outside the configuration answer an
//! unknown value unless the application supplies it in [`TerraformOptions`]:
//! `timestamp` (a clock), `uuid` (a source of random numbers), `pathexpand`
//! of `~` (a home directory) and `abspath` of a relative path (a base
//! directory). The filesystem functions (`file`, `fileexists`, `fileset`,
//! `filebase64`, `filemd5`, `filesha1`, `filesha256`, `filesha512`,
//! `filebase64sha256`, `filebase64sha512`, `templatefile`) read only under
//! the base directory of a [`FileAccess`] that the application passes in
//! [`TerraformOptions::with_files`], at most [`FileAccess::byte_limit`]
//! bytes a file; no path may leave it, through `..`, as an absolute path or
//! through a symbolic link. Without it they are still in the set, and
//! each call fails with a message that says how to turn them on: a
//! configuration that reads a file cannot be evaluated without it, and
//! its author learns why instead of reading that `file` does not exist.
//!
//! Known differences: YAML syntax errors are `yaml-rust2`'s words and
//! positions, not libyaml's; `cidrsubnet` refuses negative `newbits` and
//! `netnum`, which Terraform does not check; an IPv4-mapped IPv6 address
//! is printed as IPv6 (`::ffff:10.0.0.1`), where Go prints it as IPv4;
//! `basename` and `dirname` take `/` as the only separator (Terraform on
//! Windows also takes `\`). The filesystem functions refuse what
//! Terraform would read outside the base directory (`fileexists` of such a
//! path is an error, not an answer); `fileset` does not walk links to
//! directories; `abspath` takes a relative path against the base
//! directory, not the process's working directory; `templatefile`'s
//! message for a template that is not UTF-8 does not point to
//! `filebase64`.
//!
//! ```
//! use hcl_native::stdlib::terraform::{lookup, TerraformOptions};
//! use hcl_native::value::{Type, Value};
//!
//! let options = TerraformOptions::default();
//! let cidrsubnet = lookup("cidrsubnet", &options).unwrap();
//! let net = cidrsubnet.call(&["10.1.0.0/16".into(), 8.into(), 2.into()]).unwrap();
//! assert_eq!(net, Value::from("10.1.2.0/24"));
//!
//! // without a clock, `timestamp()` is an unknown string, known not to be
//! // null (Terraform's `refineNotNull`)
//! let timestamp = lookup("timestamp", &options).unwrap();
//! let now = timestamp.call(&[]).unwrap();
//! assert!(!now.is_known() && now.range().definitely_not_null());
//! assert_eq!(now, Value::unknown(Type::String).refine_not_null());
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::SystemTime;

use crate::function::Function;

pub use files::FileAccess;

mod collections;
mod crypto;
mod encoding;
mod files;
mod network;
mod paths;
mod provider;
mod rsa_key;
mod strings;
mod templates;
mod time;
mod yaml;

/// What Terraform's functions may know of the world outside the
/// configuration. Without it (the default) they know nothing of it:
/// `timestamp()` and `uuid()` are unknown strings, as they are in
/// Terraform's own plan before the apply.
///
/// It is `non_exhaustive`: more options may be added, so build it from
/// [`TerraformOptions::default`] and the `with_` methods.
///
/// ```
/// use hcl_native::stdlib::terraform::{lookup, TerraformOptions};
/// use hcl_native::value::Value;
/// use std::time::{Duration, UNIX_EPOCH};
///
/// let options = TerraformOptions::default()
///     .with_clock(|| UNIX_EPOCH + Duration::from_secs(1_700_000_000))
///     .with_random(|| 0x0123_4567_89ab_cdef_0123_4567_89ab_cdef);
/// let now = lookup("timestamp", &options).unwrap().call(&[]).unwrap();
/// assert_eq!(now, Value::from("2023-11-14T22:13:20Z"));
/// let id = lookup("uuid", &options).unwrap().call(&[]).unwrap();
/// assert_eq!(id, Value::from("01234567-89ab-4def-8123-456789abcdef"));
/// ```
#[derive(Clone, Default)]
#[non_exhaustive]
pub struct TerraformOptions {
    /// The clock `timestamp()` reads; `None`: `timestamp()` is unknown.
    pub clock: Option<Arc<dyn Fn() -> SystemTime + Send + Sync>>,
    /// 128 random bits for each `uuid()`; `None`: `uuid()` is unknown.
    pub random: Option<Arc<dyn Fn() -> u128 + Send + Sync>>,
    /// Where the filesystem functions read; `None`: they fail, saying so.
    pub files: Option<FileAccess>,
    /// The home directory of `pathexpand` and of a `~` in the filesystem
    /// functions' paths; `None`: `pathexpand("~/x")` is unknown and
    /// `file("~/x")` an error.
    pub home: Option<std::path::PathBuf>,
}

impl TerraformOptions {
    /// These options with `clock` as the time `timestamp()` and
    /// `plantimestamp()` give.
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::{lookup, TerraformOptions};
    /// use hcl_native::value::Value;
    ///
    /// let options = TerraformOptions::default().with_clock(std::time::SystemTime::now);
    /// let now = lookup("timestamp", &options).unwrap().call(&[]).unwrap();
    /// assert!(now.as_str().is_some_and(|t| t.ends_with('Z')));
    /// ```
    pub fn with_clock(mut self, clock: impl Fn() -> SystemTime + Send + Sync + 'static) -> TerraformOptions {
        self.clock = Some(Arc::new(clock));
        self
    }

    /// These options with `random` as the source of each `uuid()`'s
    /// random bits (the version and variant bits are then set).
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::{lookup, TerraformOptions};
    ///
    /// let options = TerraformOptions::default().with_random(|| 0);
    /// let id = lookup("uuid", &options).unwrap().call(&[]).unwrap();
    /// assert_eq!(id.as_str(), Some("00000000-0000-4000-8000-000000000000"));
    /// ```
    pub fn with_random(mut self, random: impl Fn() -> u128 + Send + Sync + 'static) -> TerraformOptions {
        self.random = Some(Arc::new(random));
        self
    }

    /// These options with the filesystem functions reading under
    /// `access`'s base directory (see [`FileAccess`]).
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::{lookup, FileAccess, TerraformOptions};
    /// use hcl_native::value::Value;
    ///
    /// let exists = lookup("fileexists", &TerraformOptions::default()).unwrap();
    /// let e = exists.call(&["main.tf".into()]).unwrap_err();
    /// assert!(e.to_string().contains("--base-dir"), "{e}");
    ///
    /// let options = TerraformOptions::default().with_files(FileAccess::new(env!("CARGO_MANIFEST_DIR")));
    /// let exists = lookup("fileexists", &options).unwrap();
    /// assert_eq!(exists.call(&["Cargo.toml".into()]).unwrap(), Value::from(true));
    /// assert_eq!(exists.call(&["no such file".into()]).unwrap(), Value::from(false));
    /// ```
    pub fn with_files(mut self, access: FileAccess) -> TerraformOptions {
        self.files = Some(access);
        self
    }

    /// These options with `home` as the home directory that `pathexpand`
    /// and the filesystem functions put for a leading `~`. Nothing reads
    /// it from the environment: an application that wants the user's own
    /// passes it here.
    ///
    /// ```
    /// use hcl_native::stdlib::terraform::{lookup, TerraformOptions};
    /// use hcl_native::value::{Type, Value};
    ///
    /// let expand = lookup("pathexpand", &TerraformOptions::default()).unwrap();
    /// assert_eq!(expand.call(&["~/.ssh".into()]).unwrap(), Value::unknown(Type::String).refine_not_null());
    ///
    /// let options = TerraformOptions::default().with_home("/home/ada");
    /// let expand = lookup("pathexpand", &options).unwrap();
    /// assert_eq!(expand.call(&["~/.ssh".into()]).unwrap(), Value::from("/home/ada/.ssh"));
    /// ```
    pub fn with_home(mut self, home: impl Into<std::path::PathBuf>) -> TerraformOptions {
        self.home = Some(home.into());
        self
    }
}

impl fmt::Debug for TerraformOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TerraformOptions")
            .field("clock", &self.clock.as_ref().map(|_| "Fn"))
            .field("random", &self.random.as_ref().map(|_| "Fn"))
            .field("files", &self.files)
            .field("home", &self.home)
            .finish()
    }
}

/// A Terraform function's name and how to build it with the options.
type Entry = (&'static str, fn(&TerraformOptions) -> Function);

/// Every theme's functions: each file lists its own in its `FUNCTIONS`.
const FAMILIES: [&[Entry]; 11] = [
    collections::FUNCTIONS,
    crypto::FUNCTIONS,
    encoding::FUNCTIONS,
    files::FUNCTIONS,
    network::FUNCTIONS,
    paths::FUNCTIONS,
    provider::FUNCTIONS,
    strings::FUNCTIONS,
    templates::FUNCTIONS,
    time::FUNCTIONS,
    yaml::FUNCTIONS,
];

/// A parameter `value` that takes anything: null, unknown, any type.
fn any_value() -> crate::function::Parameter {
    crate::function::Parameter::new("value", crate::value::Type::Dynamic)
        .allow_null()
        .allow_unknown()
        .allow_dynamic()
}

fn entries() -> impl Iterator<Item = &'static Entry> {
    FAMILIES.iter().flat_map(|f| f.iter())
}

/// Terraform's own functions (not the standard ones), by name, built with
/// `options`.
///
/// ```
/// use hcl_native::stdlib::terraform::{terraform_functions, TerraformOptions};
///
/// let functions = terraform_functions(&TerraformOptions::default());
/// assert!(functions.contains_key("alltrue"));
/// assert!(!functions.contains_key("upper")); // a standard function
/// ```
pub fn terraform_functions(options: &TerraformOptions) -> BTreeMap<String, Function> {
    entries()
        .map(|(name, make)| (name.to_string(), make(options)))
        .collect()
}

/// The standard functions ([`crate::stdlib::standard_functions`]) that
/// Terraform's table offers too (`baseFunctions` in Terraform's
/// `internal/lang/functions.go`): all of them but `int`, `strlen`,
/// `regex_replace` and `setsymmetricdifference`, which go-cty has and
/// Terraform does not offer.
const STANDARD_IN_TERRAFORM: &[&str] = &[
    "abs",
    "can",
    "ceil",
    "chomp",
    "chunklist",
    "coalesce",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "csvdecode",
    "distinct",
    "element",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "join",
    "jsondecode",
    "jsonencode",
    "keys",
    "length",
    "log",
    "lookup",
    "lower",
    "max",
    "merge",
    "min",
    "parseint",
    "pow",
    "range",
    "regex",
    "regexall",
    "replace",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "signum",
    "slice",
    "sort",
    "split",
    "strrev",
    "substr",
    "title",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "try",
    "upper",
    "values",
    "zipmap",
];

/// Terraform's table of functions, built with `options`: the standard
/// functions ([`crate::stdlib::standard_functions`]) that Terraform
/// offers and Terraform's own ([`terraform_functions`]), which replace
/// four of them. What [`crate::eval::EvalContext::with_terraform_functions`]
/// offers: a configuration that calls a function Terraform does not have
/// (`strlen`, `int`, `regex_replace`, `setsymmetricdifference`) is told
/// that there is no such function, as Terraform would tell it.
///
/// ```
/// use hcl_native::stdlib::terraform::{all_functions, TerraformOptions};
///
/// let functions = all_functions(&TerraformOptions::default());
/// assert!(functions.contains_key("upper") && functions.contains_key("yamldecode"));
/// assert!(!functions.contains_key("strlen")); // go-cty's, not Terraform's
/// ```
pub fn all_functions(options: &TerraformOptions) -> BTreeMap<String, Function> {
    let mut all: BTreeMap<String, Function> = crate::stdlib::standard_functions()
        .into_iter()
        .filter(|(name, _)| STANDARD_IN_TERRAFORM.contains(&name.as_str()))
        .collect();
    all.extend(terraform_functions(options));
    all
}

impl<'p> crate::eval::EvalContext<'p> {
    /// A full-mode context with the standard functions and Terraform's
    /// own ([`all_functions`], feature `terraform`), built with `options`
    /// (the clock `timestamp` reads, the base directory the filesystem
    /// functions read under, ...). Nothing else differs from
    /// `EvalContext::with_standard_functions`.
    ///
    /// ```
    /// use hcl_native::eval::{evaluate, EvalContext};
    /// use hcl_native::stdlib::terraform::TerraformOptions;
    /// use hcl_native::value::Value;
    /// use hcl_native::{parse_expression, Arena};
    ///
    /// let ctx = EvalContext::with_terraform_functions(TerraformOptions::default());
    /// let arena = Arena::new();
    /// let expr = parse_expression(&arena, b"alltrue([startswith(\"web-1\", \"web\"), true])").ast;
    /// assert_eq!(evaluate(&expr, &ctx).value, Value::from(true));
    /// ```
    pub fn with_terraform_functions(options: TerraformOptions) -> Self {
        Self::with_functions(all_functions(&options))
    }
}

/// The names of Terraform's own functions in this set, in alphabetical
/// order.
///
/// ```
/// let names = hcl_native::stdlib::terraform::names();
/// assert!(names.contains(&"cidrsubnet"));
/// assert!(names.windows(2).all(|w| w[0] < w[1]));
/// ```
pub fn names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = entries().map(|(n, _)| *n).collect();
    names.sort_unstable();
    names
}

/// Terraform's function called `name` (not a standard one), built with
/// `options`, or `None`.
///
/// ```
/// use hcl_native::stdlib::terraform::{lookup, TerraformOptions};
/// use hcl_native::value::Value;
///
/// let md5 = lookup("md5", &TerraformOptions::default()).unwrap();
/// assert_eq!(md5.call(&["hello world".into()]).unwrap(), Value::from("5eb63bbbe01eeed093cb22bb8f5acdc3"));
/// ```
pub fn lookup(name: &str, options: &TerraformOptions) -> Option<Function> {
    entries().find(|(n, _)| *n == name).map(|(_, make)| make(options))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meter::Meter;
    use crate::value::{Type, Value};
    use std::time::{Duration, UNIX_EPOCH};

    fn call(name: &str, args: &[Value]) -> Value {
        lookup(name, &TerraformOptions::default())
            .unwrap_or_else(|| panic!("no function {name}"))
            .call(args)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    #[test]
    fn every_function_is_listed_once_and_by_name() {
        let names = names();
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
        for n in &names {
            assert!(lookup(n, &TerraformOptions::default()).is_some());
        }
        // Terraform's own versions of standard functions
        let standard = crate::stdlib::names();
        let shared: Vec<_> = names.iter().filter(|n| standard.contains(n)).collect();
        assert_eq!(shared, [&"coalesce", &"length", &"lookup", &"replace"]);
    }

    /// Terraform's built-in functions as its documentation lists them: the
    /// function pages of the language reference's navigation
    /// (`developer.hashicorp.com/terraform/language/functions`, from
    /// `content/terraform/v1.15.x/data/language-nav-data.json` in
    /// hashicorp/web-unified-docs, Terraform v1.15), which match the table
    /// of `baseFunctions` in Terraform's `internal/lang/functions.go` (main,
    /// 2026) plus `plantimestamp` and the console's `type`, which
    /// `Scope.Functions` adds. `terraform.applying` is in the list too, but
    /// it is a symbol, not a function; the `core::` aliases of every name
    /// are left out.
    const TERRAFORM_DOCUMENTED: &[&str] = &[
        "abs",
        "abspath",
        "alltrue",
        "anytrue",
        "base64decode",
        "base64encode",
        "base64gzip",
        "base64sha256",
        "base64sha512",
        "basename",
        "bcrypt",
        "can",
        "ceil",
        "chomp",
        "chunklist",
        "cidrhost",
        "cidrnetmask",
        "cidrsubnet",
        "cidrsubnets",
        "coalesce",
        "coalescelist",
        "compact",
        "concat",
        "contains",
        "convert",
        "csvdecode",
        "dirname",
        "distinct",
        "element",
        "endswith",
        "ephemeralasnull",
        "file",
        "filebase64",
        "filebase64sha256",
        "filebase64sha512",
        "fileexists",
        "filemd5",
        "fileset",
        "filesha1",
        "filesha256",
        "filesha512",
        "flatten",
        "floor",
        "format",
        "formatdate",
        "formatlist",
        "indent",
        "index",
        "issensitive",
        "join",
        "jsondecode",
        "jsonencode",
        "keys",
        "length",
        "list",
        "log",
        "lookup",
        "lower",
        "map",
        "matchkeys",
        "max",
        "md5",
        "merge",
        "min",
        "nonsensitive",
        "one",
        "parseint",
        "pathexpand",
        "plantimestamp",
        "pow",
        "provider::terraform::decode_tfvars",
        "provider::terraform::encode_expr",
        "provider::terraform::encode_tfvars",
        "range",
        "regex",
        "regexall",
        "replace",
        "reverse",
        "rsadecrypt",
        "sensitive",
        "setintersection",
        "setproduct",
        "setsubtract",
        "setunion",
        "sha1",
        "sha256",
        "sha512",
        "signum",
        "slice",
        "sort",
        "split",
        "startswith",
        "strcontains",
        "strrev",
        "substr",
        "sum",
        "templatefile",
        "templatestring",
        "textdecodebase64",
        "textencodebase64",
        "timeadd",
        "timecmp",
        "timestamp",
        "title",
        "tobool",
        "tolist",
        "tomap",
        "tonumber",
        "toset",
        "tostring",
        "transpose",
        "trim",
        "trimprefix",
        "trimspace",
        "trimsuffix",
        "try",
        "type",
        "upper",
        "urlencode",
        "uuid",
        "uuidv5",
        "values",
        "yamldecode",
        "yamlencode",
        "zipmap",
    ];

    /// Documented functions this crate does not offer: `type`, which
    /// Terraform offers only in `terraform console` (`Scope.Functions` in
    /// `internal/lang/functions.go` adds it when `s.ConsoleMode`), never to
    /// a configuration.
    const NOT_YET: &[&str] = &["type"];

    #[test]
    fn the_table_is_terraforms_documented_list() {
        let offered: Vec<String> = all_functions(&TerraformOptions::default()).into_keys().collect();
        let mut expected: Vec<&str> = TERRAFORM_DOCUMENTED
            .iter()
            .filter(|n| !NOT_YET.contains(n))
            .copied()
            .collect();
        expected.sort_unstable();
        assert_eq!(offered, expected);
        for gone in ["int", "strlen", "regex_replace", "setsymmetricdifference"] {
            assert!(!offered.iter().any(|n| n == gone), "{gone}");
            assert!(
                crate::stdlib::lookup(gone).is_some(),
                "{gone} stays a standard function"
            );
        }
    }

    #[test]
    fn list_and_map_say_that_they_are_gone() {
        for (name, literal) in [("list", "tolist([ ... ])"), ("map", "tomap({ ... })")] {
            let f = lookup(name, &TerraformOptions::default()).unwrap();
            for args in [
                vec![],
                vec![Value::from("a"), Value::from(1)],
                vec![Value::unknown(Type::Dynamic), Value::null(Type::String)],
            ] {
                let e = f.call(&args).unwrap_err().to_string();
                assert!(
                    e.starts_with(&format!(
                        "the \"{name}\" function was deprecated in Terraform v0.12 and is no longer available; use {literal} syntax"
                    )),
                    "{e}"
                );
            }
        }
    }

    #[test]
    fn issensitive_cannot_tell_so_it_is_unknown() {
        for v in [
            Value::from("x"),
            Value::null(Type::String),
            Value::null(Type::Dynamic),
            Value::unknown(Type::Dynamic),
            Value::unknown(Type::list(Type::Number)),
            Value::object([("a", Value::from(1))]),
        ] {
            assert_eq!(call("issensitive", &[v]), Value::unknown(Type::Bool));
        }
        let f = lookup("issensitive", &TerraformOptions::default()).unwrap();
        assert!(f.call(&[]).is_err());
        assert!(f.call(&[Value::from(1), Value::from(2)]).is_err());
    }

    /// Evaluates `src` with Terraform's functions: its value and its
    /// diagnostics' details.
    fn evaluate_terraform(src: &str) -> (Value, Vec<String>) {
        let mut ctx = crate::eval::EvalContext::with_terraform_functions(TerraformOptions::default());
        ctx.set_variable("u", Value::unknown(Type::Dynamic)).unwrap();
        let arena = crate::Arena::new();
        let r = crate::eval::evaluate(&crate::parse_expression(&arena, src.as_bytes()).ast, &ctx);
        (r.value, r.diagnostics.iter().map(|d| d.detail().to_string()).collect())
    }

    #[test]
    fn convert_reads_its_type_inline_and_fills_defaults() {
        // Terraform's documentation's examples
        assert_eq!(
            evaluate_terraform("convert([], list(string))"),
            (Value::list(Type::String, vec![]).unwrap(), vec![])
        );
        let (v, d) = evaluate_terraform(
            r#"convert({test = {}}, map(object({attr = optional(string), with_default = optional(string, "default")})))"#,
        );
        assert_eq!(d, Vec::<String>::new());
        let test = v.get("test").cloned().unwrap();
        assert_eq!(test.get("attr").cloned(), Some(Value::null(Type::String)));
        assert_eq!(test.get("with_default").cloned(), Some(Value::from("default")));
        // a given attribute keeps its value; nested defaults are filled too
        let (v, d) = evaluate_terraform(
            r#"convert([{a = "x"}, {b = {}}], list(object({a = optional(string, "d"), b = optional(object({c = optional(number, 1)}), {})})))"#,
        );
        assert_eq!(d, Vec::<String>::new());
        let items = v.elements().unwrap();
        assert_eq!(items[0].get("a").cloned(), Some(Value::from("x")));
        assert_eq!(items[1].get("a").cloned(), Some(Value::from("d")));
        assert_eq!(
            items[0].get("b").and_then(|b| b.get("c")).cloned(),
            Some(Value::from(1))
        );
        // the conversions of the `to...` functions
        assert_eq!(evaluate_terraform(r#"convert("5", number)"#).0, Value::from(5));
        assert_eq!(evaluate_terraform("convert(true, string)").0, Value::from("true"));
        // null and unknown values convert to the type (its optional
        // attributes plain, as cty converts)
        assert_eq!(
            evaluate_terraform("convert(null, object({a = optional(string, \"d\")}))").0,
            Value::null(Type::object([("a", Type::String)]))
        );
        assert_eq!(
            evaluate_terraform("convert(u, list(string))"),
            (Value::unknown(Type::list(Type::String)), vec![])
        );
        // errors name their argument
        let (_, d) = evaluate_terraform(r#"convert("x", number)"#);
        assert!(d[0].starts_with("Invalid value for \"value\" parameter: "), "{d:?}");
        let (_, d) = evaluate_terraform("convert(1, lst(string))");
        assert!(d[0].starts_with("Invalid value for \"type\" parameter: "), "{d:?}");
        let (_, d) = evaluate_terraform(r#"convert({}, object({a = optional(number, "x")}))"#);
        assert!(d[0].starts_with("Invalid value for \"type\" parameter: "), "{d:?}");
    }

    #[test]
    fn ephemeralasnull_is_the_identity_without_ephemeral_values() {
        for v in [
            Value::from("x"),
            Value::null(Type::String),
            Value::unknown(Type::list(Type::Number)),
            Value::object([("a", Value::from(1))]),
        ] {
            assert_eq!(call("ephemeralasnull", std::slice::from_ref(&v)), v);
        }
    }

    #[test]
    fn the_clock_gives_the_time_in_utc_to_the_second() {
        let at = |d: Duration, before: bool| {
            let t = if before { UNIX_EPOCH - d } else { UNIX_EPOCH + d };
            let options = TerraformOptions::default().with_clock(move || t);
            lookup("timestamp", &options).unwrap().call(&[]).unwrap()
        };
        assert_eq!(
            at(Duration::from_millis(1_500), false),
            Value::from("1970-01-01T00:00:01Z")
        );
        assert_eq!(at(Duration::from_secs(1), true), Value::from("1969-12-31T23:59:59Z"));
        assert_eq!(
            at(Duration::from_millis(500), true),
            Value::from("1969-12-31T23:59:59Z")
        );
        let options = TerraformOptions::default().with_clock(|| UNIX_EPOCH + Duration::from_secs(951_782_400));
        let plan = lookup("plantimestamp", &options).unwrap().call(&[]).unwrap();
        assert_eq!(plan, Value::from("2000-02-29T00:00:00Z"));
    }

    #[test]
    fn uuids_from_random_bits_are_version_4() {
        for bits in [0, u128::MAX, 0x1234_5678_9abc_def0_1234_5678_9abc_def0] {
            let options = TerraformOptions::default().with_random(move || bits);
            let id = lookup("uuid", &options).unwrap().call(&[]).unwrap();
            let id = id.as_str().unwrap().to_string();
            assert_eq!(id.len(), 36, "{id}");
            assert_eq!(&id[14..15], "4", "{id}");
            assert!(matches!(&id[19..20], "8" | "9" | "a" | "b"), "{id}");
        }
        assert_eq!(
            call("uuid", &[]),
            Value::unknown(Type::String).refine_not_null(),
            "no random bits, no identifier"
        );
    }

    #[test]
    fn bcrypt_hashes_verify_and_need_random_bits() {
        let options = TerraformOptions::default().with_random(|| 0x0123_4567_89ab_cdef_0123_4567_89ab_cdef);
        let f = lookup("bcrypt", &options).unwrap();
        let h = f.call(&[Value::from("hunter2"), Value::from(4)]).unwrap();
        let h = h.as_str().unwrap().to_string();
        assert!(h.starts_with("$2a$04$"), "{h}");
        assert!(::bcrypt::verify("hunter2", &h).unwrap());
        assert!(!::bcrypt::verify("hunter3", &h).unwrap());
        let default_cost = f.call(&[Value::from("x")]).unwrap();
        assert!(default_cost.as_str().unwrap().starts_with("$2a$10$"));
        // below 4 is Go's default cost, 10
        let low = f.call(&[Value::from("x"), Value::from(3)]).unwrap();
        assert!(low.as_str().unwrap().starts_with("$2a$10$"), "{low:?}");
        assert!(f.call(&[Value::from("x"), Value::from(32)]).is_err());
        // a costly hash passes a small step limit instead of running for long
        let m = crate::meter::Meter::new(10_000);
        assert!(f.call_metered(&[Value::from("x"), Value::from(16)], &m).is_err());
        assert!(f.call(&[Value::from("x".repeat(73))]).is_err());
        assert_eq!(
            call("bcrypt", &[Value::from("x")]),
            Value::unknown(Type::String).refine_not_null(),
            "no random bits, no salt"
        );
    }

    #[test]
    fn decode_tfvars_spends_the_callers_steps() {
        let f = lookup("provider::terraform::decode_tfvars", &TerraformOptions::default()).unwrap();
        let l = format!("[{}]", (1..=20).map(|i| i.to_string()).collect::<Vec<_>>().join(","));
        let src = format!("x = [for a in {l} : [for b in {l} : [for c in {l} : [for d in {l} : 1]]]]\n");
        let m = crate::meter::Meter::new(10_000);
        assert!(f.call_metered(&[Value::from(src.as_str())], &m).is_err());
        let small = f.call(&[Value::from("x = [for a in [1, 2] : a * 2]\n")]).unwrap();
        assert_eq!(
            small.get("x"),
            Some(&Value::tuple(vec![Value::from(2), Value::from(4)]))
        );
    }

    #[test]
    fn cidr_arithmetic_reaches_the_ends_of_both_families() {
        assert_eq!(
            call("cidrhost", &["::/0".into(), (-1).into()]),
            Value::from("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")
        );
        assert_eq!(
            call("cidrhost", &["0.0.0.0/0".into(), (-1).into()]),
            Value::from("255.255.255.255")
        );
        assert_eq!(
            call("cidrsubnet", &["0.0.0.0/0".into(), 32.into(), 4_294_967_295u32.into()]),
            Value::from("255.255.255.255/32")
        );
        assert_eq!(
            call("cidrsubnet", &["::/0".into(), 128.into(), 5.into()]),
            Value::from("::5/128")
        );
        assert_eq!(
            call("cidrsubnet", &["::/0".into(), 0.into(), 0.into()]),
            Value::from("::/0")
        );
        assert_eq!(call("cidrnetmask", &["10.0.0.0/0".into()]), Value::from("0.0.0.0"));
        let f = lookup("cidrsubnets", &TerraformOptions::default()).unwrap();
        assert!(f
            .call(&["255.255.255.254/31".into(), 1.into(), 1.into(), 1.into()])
            .is_err());
        assert_eq!(
            f.call(&["ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffc/126".into(), 1.into(), 1.into()])
                .unwrap(),
            Value::list(
                Type::String,
                vec![
                    "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffc/127".into(),
                    "ffff:ffff:ffff:ffff:ffff:ffff:ffff:fffe/127".into()
                ]
            )
            .unwrap()
        );
    }

    #[test]
    fn yaml_round_trips_through_encode_and_decode() {
        let strings = [
            "",
            " leading space",
            "trailing space ",
            "true",
            "null",
            "~",
            "1e3",
            "0x1F",
            "- item",
            "key: value",
            "# comment",
            "tab\there",
            "a\nb",
            "a\n",
            "a\n\n",
            "\n",
            "\nleading break",
            "  indented\nlines\n",
            "line \nwith a space before the break",
            "ünïcödé ☃ 😀",
            "quote \" and backslash \\",
            "a long line of words that goes past the eightieth column of the output so that it folds there and again",
            "  two spaces  between  words in a long line that goes past the eightieth column  so  it folds",
        ];
        for s in strings {
            let v = Value::object([("k", Value::from(s)), ("l", Value::tuple(vec![Value::from(s)]))]);
            let text = call("yamlencode", std::slice::from_ref(&v));
            let back = call("yamldecode", std::slice::from_ref(&text));
            assert_eq!(back, v, "{s:?} encoded as {:?}", text.as_str());
        }
        let nested = Value::object([
            (
                "a",
                Value::tuple(vec![Value::from(1), Value::empty_object(), Value::empty_tuple()]),
            ),
            (
                "b",
                Value::object([("c", Value::tuple(vec![Value::tuple(vec![Value::from(true)])]))]),
            ),
            ("d", Value::null(Type::Dynamic)),
        ]);
        assert_eq!(
            call("yamldecode", &[call("yamlencode", std::slice::from_ref(&nested))]),
            nested
        );
    }

    #[test]
    fn deep_values_encode_without_overflowing_the_stack() {
        let mut v = Value::from(1);
        for _ in 0..20_000 {
            v = Value::tuple(vec![v]);
        }
        let text = call("yamlencode", &[v]);
        assert!(text.as_str().unwrap().starts_with("- - - "));
    }

    #[test]
    fn aliases_that_multiply_are_bounded_by_the_meter() {
        let mut src = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..10 {
            let refs = vec![format!("*a{}", i - 1); 10].join(", ");
            src.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
        }
        let decode = lookup("yamldecode", &TerraformOptions::default()).unwrap();
        // decoding shares what an alias names: cheap
        let v = decode.call_metered(&[Value::from(src)], &Meter::new(100_000)).unwrap();
        // encoding writes every copy out: bounded by the meter
        let encode = lookup("yamlencode", &TerraformOptions::default()).unwrap();
        let m = Meter::new(1_000_000);
        assert!(encode.call_metered(&[v], &m).is_err());
        assert!(m.is_exhausted());
    }
}
