//! Terraform's own functions, the ones its language adds to the standard
//! library (feature `terraform`, off by default): an opt-in set for
//! applications that evaluate Terraform configurations. Nothing here
//! changes what the core or [`crate::stdlib`] does; a context gets these
//! functions only through [`crate::eval::EvalContext::with_terraform_functions`]
//! (or [`terraform_functions`]).
//!
//! The behaviour of each function is Terraform's documented behaviour, its
//! function reference (`developer.hashicorp.com/terraform/language/functions/NAME`),
//! which each function's documentation cites. As everywhere in this
//! crate, unknown arguments give unknown results of the function's result
//! type, and null arguments are errors unless Terraform accepts them.
//! Terraform marks values as sensitive; this crate has no marks, so
//! `sensitive` and `nonsensitive` are the identity. One standard function
//! is replaced: Terraform's `replace` also takes a regular expression
//! between slashes (`replace(s, "/[0-9]+/", "#")`).
//!
//! Functions that depend on the world outside the configuration answer an
//! unknown value unless the application supplies it in [`TerraformOptions`]:
//! `timestamp` (a clock) and `uuid` (a source of random numbers). The
//! filesystem functions (`file`, `templatefile`, ...) are not part of this
//! set yet: they will read under a base directory that the application
//! passes in these options.
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
//! // without a clock, `timestamp()` is an unknown string
//! let timestamp = lookup("timestamp", &options).unwrap();
//! assert_eq!(timestamp.call(&[]).unwrap(), Value::unknown(Type::String));
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::time::SystemTime;

use crate::function::Function;

mod collections;
mod crypto;
mod encoding;
mod network;
mod paths;
mod strings;
mod templates;
mod time;
mod yaml;

/// What Terraform's functions may know of the world outside the
/// configuration. Without it (the default) they know nothing of it:
/// `timestamp()` and `uuid()` are unknown strings, as they are in
/// Terraform's own plan before the apply.
///
/// It is `non_exhaustive`: more options (the base directory of the
/// filesystem functions) will be added, so build it from
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
}

impl TerraformOptions {
    /// These options with `clock` as the time `timestamp()` gives.
    pub fn with_clock(mut self, clock: impl Fn() -> SystemTime + Send + Sync + 'static) -> TerraformOptions {
        self.clock = Some(Arc::new(clock));
        self
    }

    /// These options with `random` as the source of each `uuid()`'s
    /// random bits (the version and variant bits are then set).
    pub fn with_random(mut self, random: impl Fn() -> u128 + Send + Sync + 'static) -> TerraformOptions {
        self.random = Some(Arc::new(random));
        self
    }
}

impl fmt::Debug for TerraformOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TerraformOptions")
            .field("clock", &self.clock.as_ref().map(|_| "Fn"))
            .field("random", &self.random.as_ref().map(|_| "Fn"))
            .finish()
    }
}

/// A Terraform function's name and how to build it with the options.
type Entry = (&'static str, fn(&TerraformOptions) -> Function);

/// Every theme's functions: each file lists its own in its `FUNCTIONS`.
const FAMILIES: [&[Entry]; 9] = [
    collections::FUNCTIONS,
    crypto::FUNCTIONS,
    encoding::FUNCTIONS,
    network::FUNCTIONS,
    paths::FUNCTIONS,
    strings::FUNCTIONS,
    templates::FUNCTIONS,
    time::FUNCTIONS,
    yaml::FUNCTIONS,
];

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

/// The standard functions ([`crate::stdlib::standard_functions`]) and
/// Terraform's own, as one table: what
/// [`crate::eval::EvalContext::with_terraform_functions`] offers.
///
/// ```
/// use hcl_native::stdlib::terraform::{all_functions, TerraformOptions};
///
/// let functions = all_functions(&TerraformOptions::default());
/// assert!(functions.contains_key("upper") && functions.contains_key("yamldecode"));
/// ```
pub fn all_functions(options: &TerraformOptions) -> BTreeMap<String, Function> {
    let mut all = crate::stdlib::standard_functions();
    all.extend(terraform_functions(options));
    all
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
