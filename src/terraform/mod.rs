//! Terraform modules as Terraform reads them (feature `terraform`): every
//! `.tf` and `.tf.json` file of a directory as one module, its variables
//! with their types, defaults and inputs, its locals in dependency order,
//! its outputs, and the bodies of its resources, data sources and module
//! calls evaluated once per instance.
//!
//! - [`Module::load`] reads a directory; [`Module::evaluate`] gives the
//!   values of its variables, locals and outputs for [`Inputs`] (the
//!   directory's `terraform.tfvars`, `terraform.tfvars.json` and
//!   `*.auto.tfvars[.json]`, then each [`Inputs::var_file`], then each
//!   [`Inputs::var`], later ones winning); [`Module::check`] checks it as
//!   `terraform validate` does, its inputs unknown unless given.
//! - Variables: `type` read as a type constraint with `optional()`
//!   defaults ([`crate::typeexpr::type_constraint_with_defaults`]), the
//!   legacy bare `list` and `map` as `list(any)` and `map(any)`, a quoted
//!   type with Terraform's own message; `default` converted to the type
//!   and checked; `nullable`; `validation` blocks evaluated, their
//!   `error_message` reported. A required variable without a value is an
//!   error when evaluating and unknown when checking.
//! - Locals are evaluated in dependency order across files; a cycle is an
//!   error naming every local in it. References are checked first, with
//!   Terraform's messages (an undeclared `var.region` is "Reference to
//!   undeclared input variable").
//! - Resources and data sources: `count` (`count.index`) and `for_each`
//!   (`each.key`, `each.value`) checked and expanded; a body with zero
//!   instances is not evaluated; an unknown `count` or `for_each`
//!   evaluates it once with unknown `count.index` or `each`. `dynamic`
//!   blocks are expanded. References to a resource's or data source's
//!   attributes are unknown values.
//! - Module calls with a local `source` (`./x`, `../x`) are read as child
//!   modules, their variables set from the call's arguments and their
//!   outputs known where they can be; any other source gives unknown
//!   outputs.
//! - As when Terraform runs in the directory loaded: `path.root` is
//!   `"."`, `path.module` is `"."` in the root module and a child's path
//!   from it (`modules/net`), `path.cwd` is the directory's absolute path;
//!   `terraform.workspace` is [`Inputs::workspace`] (`"default"`).
//!   Terraform's filesystem functions resolve relative paths against the
//!   root module's directory (so `file("${path.module}/x")` reads a
//!   child's own file), and read nothing outside [`Inputs::sandbox`]
//!   (default: the directory loaded).
//!
//! Known differences from Terraform: override files (`override.tf`,
//! `*_override.tf`) are left out rather than merged; `TF_VAR_` environment
//! variables are not read (nothing here reads the environment; pass them
//! with [`Inputs::var`]); values are not marked sensitive; provider
//! schemas are unknown, so a resource's arguments are evaluated but not
//! checked against its provider's schema.
//!
//! ```
//! use hcl_native::terraform::{Inputs, Module};
//! use hcl_native::value::Value;
//!
//! let dir = std::env::temp_dir().join(format!("hcl-native-tf-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! std::fs::write(dir.join("variables.tf"), r#"
//! variable "name" { type = string }
//! variable "zones" {
//!   type    = set(string)
//!   default = ["a", "b"]
//! }
//! "#).unwrap();
//! std::fs::write(dir.join("main.tf"), r#"
//! locals { prefix = "${var.name}-" }
//! resource "null_resource" "zone" {
//!   for_each = var.zones
//!   triggers = { name = "${local.prefix}${each.key}" }
//! }
//! output "names" { value = [for z in sort(var.zones) : "${local.prefix}${z}"] }
//! "#).unwrap();
//!
//! let module = Module::load(&dir).unwrap();
//! let result = module.evaluate(&Inputs::new().var("name", "web"));
//! assert!(!result.has_errors(), "{}", result.render());
//! assert_eq!(result.outputs["names"].value.to_string(), r#"["web-a", "web-b"]"#);
//!
//! // without its required input, evaluating fails and checking does not
//! assert!(module.evaluate(&Inputs::new()).has_errors());
//! assert!(!module.check(&Inputs::new()).has_errors());
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::eval::Evaluated;
use crate::value::Value;
use crate::{Diagnostic, Diagnostics, Files, ParseOptions};

mod config;
mod inputs;
mod refs;
mod run;
mod variables;

/// A Terraform module: the `.tf` and `.tf.json` files of one directory,
/// read as one configuration.
#[derive(Clone, Debug)]
pub struct Module {
    dir: PathBuf,
    /// File names (without the directory) and sources, in name order.
    sources: Vec<(String, Vec<u8>)>,
}

impl Module {
    /// Reads every `.tf` and `.tf.json` file of `dir` (not its
    /// subdirectories; override files left out, see the module's
    /// documentation). A directory without any is a module without
    /// declarations.
    ///
    /// ```
    /// use hcl_native::terraform::Module;
    ///
    /// let err = Module::load("/no/such/directory").unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
    /// ```
    pub fn load(dir: impl AsRef<Path>) -> std::io::Result<Module> {
        let dir = dir.as_ref();
        let mut sources = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if !is_configuration_file(&name) || !entry.file_type()?.is_file() && !entry.path().is_file() {
                continue;
            }
            sources.push((name, std::fs::read(entry.path())?));
        }
        sources.sort();
        Ok(Module {
            dir: dir.to_path_buf(),
            sources,
        })
    }

    /// A module of the given files, as if they were the files of `dir`
    /// (which is where relative paths of the filesystem functions and of
    /// local module sources lead).
    ///
    /// ```
    /// use hcl_native::terraform::{Inputs, Module};
    ///
    /// let module = Module::from_sources(".", [("main.tf", "output \"x\" { value = 1 + 1 }\n")]);
    /// let result = module.evaluate(&Inputs::new());
    /// assert_eq!(result.outputs["x"].value, 2.into());
    /// ```
    pub fn from_sources<N: Into<String>, S: Into<Vec<u8>>>(
        dir: impl AsRef<Path>,
        files: impl IntoIterator<Item = (N, S)>,
    ) -> Module {
        let mut sources: Vec<(String, Vec<u8>)> = files.into_iter().map(|(n, s)| (n.into(), s.into())).collect();
        sources.sort();
        Module {
            dir: dir.as_ref().to_path_buf(),
            sources,
        }
    }

    /// The module's directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The names of the module's files, in the order they are read.
    pub fn file_names(&self) -> impl Iterator<Item = &str> {
        self.sources.iter().map(|(n, _)| n.as_str())
    }

    /// The values of the module's variables, locals and outputs for
    /// `inputs`, with every diagnostic Terraform would give on a plan that
    /// does not reach any provider: a required variable without a value is
    /// an error.
    ///
    /// ```
    /// use hcl_native::terraform::{Inputs, Module};
    /// use hcl_native::value::Value;
    ///
    /// let module = Module::from_sources(".", [
    ///     ("variables.tf", "variable \"zones\" { type = list(string) }\n"),
    ///     ("main.tf", "locals { first = var.zones[0] }\noutput \"first\" { value = upper(local.first) }\n"),
    /// ]);
    /// let result = module.evaluate(&Inputs::new().var("zones", r#"["eu-1a", "eu-1b"]"#));
    /// assert_eq!(result.outputs["first"].value, Value::from("EU-1A"));
    /// assert_eq!(result.locals["first"].value, Value::from("eu-1a"));
    /// ```
    pub fn evaluate(&self, inputs: &Inputs) -> Evaluation {
        run::evaluate(self, inputs, run::Purpose::Values, 0)
    }

    /// Checks the module as `terraform validate` does: every variable
    /// without a value in `inputs` (the directory's own `.tfvars` files
    /// are not read) is an unknown value of its type, and everything is
    /// evaluated with them. The values in the result are what could be
    /// known. A value in `inputs` for a variable the module does not
    /// declare is left out quietly (one set of inputs may serve many
    /// modules).
    ///
    /// ```
    /// use hcl_native::terraform::{Inputs, Module};
    ///
    /// let module = Module::from_sources(".", [(
    ///     "main.tf",
    ///     "variable \"port\" {\n  type    = number\n  default = \"http\"\n}\noutput \"r\" { value = var.region }\n",
    /// )]);
    /// let result = module.check(&Inputs::new());
    /// let summaries: Vec<&str> = result.diagnostics.iter().map(|d| d.summary()).collect();
    /// assert_eq!(summaries, ["Invalid default value for variable"]);
    /// let undeclared = &result.outputs["r"].diagnostics.as_slice()[0];
    /// assert_eq!(undeclared.summary(), "Reference to undeclared input variable");
    /// ```
    pub fn check(&self, inputs: &Inputs) -> Evaluation {
        run::evaluate(self, inputs, run::Purpose::Check, 0)
    }
}

/// Whether a file of that name is one of a module's configuration files.
fn is_configuration_file(name: &str) -> bool {
    let stem = name.strip_suffix(".tf.json").or_else(|| name.strip_suffix(".tf"));
    match stem {
        Some(stem) => !name.starts_with('.') && stem != "override" && !stem.ends_with("_override"),
        None => false,
    }
}

/// The directories at or below `root` that hold Terraform configuration
/// files (`.terraform` and hidden directories left out, links to
/// directories not followed), in path order: what `hcl tf check` checks.
///
/// ```
/// let dirs = hcl_native::terraform::module_dirs(std::path::Path::new("/no/such/dir")).unwrap_or_default();
/// assert!(dirs.is_empty());
/// ```
pub fn module_dirs(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut has_config = false;
        let mut entries: Vec<_> = std::fs::read_dir(&dir)?.collect::<Result<_, _>>()?;
        entries.sort_by_key(|e| e.file_name());
        for entry in entries.iter().rev() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            // a link to a directory is not followed (a link to an
            // ancestor would never end)
            if entry.file_type()?.is_dir() {
                if !name.starts_with('.') {
                    stack.push(path);
                }
            } else if is_configuration_file(&name) {
                has_config = true;
            }
        }
        if has_config {
            out.push(dir);
        }
    }
    out.sort();
    Ok(out)
}

/// The inputs of an evaluation: variable values, variables files, and the
/// settings of the world the module sees. Build one with [`Inputs::new`]
/// and the builder methods.
///
/// ```
/// use hcl_native::terraform::Inputs;
///
/// let inputs = Inputs::new().var("region", "eu-west-1").var_file("prod.tfvars").workspace("prod");
/// assert_eq!(inputs.workspace_name(), "prod");
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Inputs {
    pub(crate) vars: Vec<(String, Given)>,
    pub(crate) var_files: Vec<PathBuf>,
    pub(crate) auto_files: bool,
    pub(crate) workspace: String,
    pub(crate) sandbox: Option<PathBuf>,
    pub(crate) parse: ParseOptions,
    pub(crate) max_steps: Option<u64>,
    pub(crate) max_module_depth: usize,
}

/// A value given for a variable: text as `-var` gives it (read as the
/// variable's type says), or a value.
#[derive(Clone, Debug)]
pub(crate) enum Given {
    Text(String),
    Value(Value),
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs {
            vars: Vec::new(),
            var_files: Vec::new(),
            auto_files: true,
            workspace: "default".into(),
            sandbox: None,
            parse: ParseOptions::default(),
            max_steps: None,
            max_module_depth: Inputs::DEFAULT_MAX_MODULE_DEPTH,
        }
    }
}

impl Inputs {
    /// How deep module calls may nest by default (a module that calls
    /// itself through a local source would never end).
    pub const DEFAULT_MAX_MODULE_DEPTH: usize = 32;

    /// No inputs: only the directory's own variables files.
    pub fn new() -> Inputs {
        Inputs::default()
    }

    /// A variable's value as Terraform's `-var NAME=VALUE` gives it: the
    /// text itself when the variable's type is a primitive type (or not
    /// given), otherwise read as an HCL expression without variables.
    pub fn var(mut self, name: impl Into<String>, text: impl Into<String>) -> Inputs {
        self.vars.push((name.into(), Given::Text(text.into())));
        self
    }

    /// A variable's value, converted to the variable's type.
    ///
    /// ```
    /// use hcl_native::terraform::{Inputs, Module};
    /// use hcl_native::value::Value;
    ///
    /// let module = Module::from_sources(".", [("main.tf", "variable \"n\" { type = number }\n")]);
    /// let result = module.evaluate(&Inputs::new().value("n", Value::from("3")));
    /// assert_eq!(result.variables["n"].value, Value::from(3));
    /// ```
    pub fn value(mut self, name: impl Into<String>, value: Value) -> Inputs {
        self.vars.push((name.into(), Given::Value(value)));
        self
    }

    /// A variables file (`-var-file`): `.tfvars` in the native syntax,
    /// `.tfvars.json` in the JSON syntax; a relative path is taken as it
    /// is (against the process's working directory), as Terraform does.
    pub fn var_file(mut self, path: impl Into<PathBuf>) -> Inputs {
        self.var_files.push(path.into());
        self
    }

    /// Whether the directory's `terraform.tfvars[.json]` and
    /// `*.auto.tfvars[.json]` are read when evaluating (default: yes;
    /// [`Module::check`] never reads them).
    pub fn auto_var_files(mut self, read: bool) -> Inputs {
        self.auto_files = read;
        self
    }

    /// The workspace `terraform.workspace` names (default `"default"`).
    pub fn workspace(mut self, name: impl Into<String>) -> Inputs {
        self.workspace = name.into();
        self
    }

    /// The workspace `terraform.workspace` names.
    pub fn workspace_name(&self) -> &str {
        &self.workspace
    }

    /// The directory the filesystem functions may not leave (default: the
    /// directory of the module evaluated): widen it so that a module may
    /// read `${path.module}/../shared/x.tpl`. Relative paths are still read
    /// against the module's directory.
    pub fn sandbox(mut self, dir: impl Into<PathBuf>) -> Inputs {
        self.sandbox = Some(dir.into());
        self
    }

    /// The directory set by [`Inputs::sandbox`], if any.
    pub fn sandbox_dir(&self) -> Option<&Path> {
        self.sandbox.as_deref()
    }

    /// Options for parsing the module's files.
    pub fn parse_options(mut self, options: ParseOptions) -> Inputs {
        self.parse = options;
        self
    }

    /// The most evaluation steps of one evaluation of a module
    /// (`EvalLimits::max_steps`, default 10,000,000), one budget for every
    /// expression of the module and its children.
    pub fn max_steps(mut self, steps: u64) -> Inputs {
        self.max_steps = Some(steps);
        self
    }

    /// How deep module calls may nest ([`Inputs::DEFAULT_MAX_MODULE_DEPTH`]).
    pub fn max_module_depth(mut self, depth: usize) -> Inputs {
        self.max_module_depth = depth;
        self
    }
}

/// What a module evaluates to: its variables, locals and outputs, each
/// with the diagnostics of its own evaluation, and the diagnostics of the
/// module as a whole (its files, declarations, resources and child
/// modules). The files the diagnostics are in are kept, to render them.
#[derive(Debug)]
#[non_exhaustive]
pub struct Evaluation {
    /// Each variable's value (its input, or its default) by name.
    pub variables: BTreeMap<String, Evaluated>,
    /// Each local value by name.
    pub locals: BTreeMap<String, Evaluated>,
    /// Each output value by name.
    pub outputs: BTreeMap<String, Evaluated>,
    /// Diagnostics of the module that are not about one value: syntax,
    /// declarations, cycles, resources, data sources and module calls.
    pub diagnostics: Diagnostics,
    /// The variables and outputs declared `sensitive = true`, by address
    /// (`var.password`, `output.token`): this crate has no sensitivity
    /// marks on values, so an application that shows values hides these
    /// itself (`hcl tf eval` prints `<sensitive>` for them, as `terraform
    /// output` does).
    pub sensitive: std::collections::BTreeSet<String>,
    /// The sources the diagnostics are in.
    pub files: Files,
}

impl Evaluation {
    /// Every diagnostic: the module's, then each variable's, local's and
    /// output's, sorted by file and position.
    pub fn all_diagnostics(&self) -> Diagnostics {
        let mut all = self.diagnostics.clone();
        for e in self
            .variables
            .values()
            .chain(self.locals.values())
            .chain(self.outputs.values())
        {
            all.extend(e.diagnostics.iter().cloned());
        }
        let mut all = all.into_vec();
        all.sort_by(|a, b| (a.file(), a.subject().start).cmp(&(b.file(), b.subject().start)));
        let mut out = Diagnostics::new();
        out.extend(all);
        out
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.all_diagnostics().iter().any(Diagnostic::is_error)
    }

    /// [`Evaluation::all_diagnostics`] rendered with their source lines.
    pub fn render(&self) -> String {
        self.files.render(&self.all_diagnostics())
    }
}
