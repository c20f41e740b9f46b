//! `hcl tf eval` and `hcl tf check`: Terraform modules through
//! `hcl_native::terraform`, the tool's one policy for streams and exit
//! statuses (`docs/cli.md`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use hcl_native::eval::Evaluated;
use hcl_native::terraform::{module_dirs, Evaluation, Inputs, Module};
use hcl_native::{Diagnostic, Files, Span};

use crate::json::{write_str, WriteJson};
use crate::{Format, Found};

/// The Terraform commands.
#[derive(clap::Subcommand)]
pub enum TfCommand {
    /// Evaluate a Terraform module: its variables, locals and outputs.
    ///
    /// Reads every `.tf` and `.tf.json` file of DIR as one module, its
    /// variables set from the directory's `terraform.tfvars`,
    /// `terraform.tfvars.json` and `*.auto.tfvars[.json]`, then each
    /// `--var-file`, then each `--var`, as Terraform does. Prints each
    /// value on stdout (`--format json`: `{"variables", "locals",
    /// "outputs"}`, each name mapped to what an attribute gets from `hcl
    /// eval --format json`, its diagnostics with their `file`), the
    /// diagnostics on stderr. Exits 1 when evaluation reports an error (a
    /// required variable without a value is one).
    Eval {
        /// The module's directory.
        dir: PathBuf,
        #[command(flatten)]
        inputs: InputArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Check every Terraform module below the directories given, as
    /// `terraform validate` would, in parallel.
    ///
    /// Each directory holding `.tf` or `.tf.json` files is a module
    /// (hidden directories such as `.terraform` left out); its variables
    /// are unknown values of their types unless given with `--var` or
    /// `--var-file` (its own `.tfvars` files are not read), and every
    /// reference, default, argument and `for_each` is checked. Prints the
    /// diagnostics of each module in path order, then a summary, on stderr
    /// (`--format json`: `{"modules": [{"path", "diagnostics"}], "errors",
    /// "warnings"}` on stdout). Exits 0 when clean, 1 when there is an
    /// error or no module, 2 when a directory cannot be read.
    Check {
        /// The directories to check.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        #[command(flatten)]
        inputs: InputArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
}

/// The inputs of a module, as Terraform's command line gives them.
#[derive(clap::Args, Clone, Debug)]
pub struct InputArgs {
    /// A variables file (`.tfvars`, or `.tfvars.json` in the JSON syntax);
    /// repeatable, read after the directory's own, in order.
    #[arg(long = "var-file", value_name = "FILE")]
    var_file: Vec<PathBuf>,
    /// One variable, `NAME=VALUE`, as Terraform's `-var`: the text itself
    /// for a variable of a primitive type (or none), an HCL expression
    /// otherwise (`--var 'zones=["a", "b"]'`); repeatable, set last.
    #[arg(long = "var", value_name = "NAME=VALUE")]
    var: Vec<String>,
    /// The directory Terraform's filesystem functions may not leave
    /// (default: the directory given); relative paths are still read
    /// against the module's directory (a child module's as Terraform does:
    /// against the root's, `${path.module}` leading to its own).
    #[arg(long, value_name = "DIR")]
    sandbox: Option<PathBuf>,
    /// The name `terraform.workspace` gives.
    #[arg(long, default_value = "default")]
    workspace: String,
}

impl InputArgs {
    /// The library's inputs, or a usage message.
    fn inputs(&self, settings: &crate::Settings) -> Result<Inputs, String> {
        let mut inputs = Inputs::new()
            .workspace(self.workspace.clone())
            .parse_options(settings.parse.clone())
            .max_steps(settings.eval.max_steps);
        if let Some(s) = &self.sandbox {
            inputs = inputs.sandbox(s.clone());
        }
        for f in &self.var_file {
            inputs = inputs.var_file(f.clone());
        }
        for v in &self.var {
            let Some((name, value)) = v.split_once('=') else {
                return Err(format!(
                    "--var {}: NAME=VALUE is required",
                    hcl_native::render::quoted(v)
                ));
            };
            inputs = inputs.var(name.trim(), value);
        }
        Ok(inputs)
    }
}

/// Runs a Terraform command.
pub fn run(command: TfCommand, settings: &crate::Settings) -> ExitCode {
    match command {
        TfCommand::Eval { dir, inputs, format } => {
            let inputs = match inputs.inputs(settings) {
                Ok(i) => i,
                Err(e) => return crate::usage(&e),
            };
            eval(&dir, &inputs, format, settings)
        }
        TfCommand::Check { dirs, inputs, format } => {
            let inputs = match inputs.inputs(settings) {
                Ok(i) => i,
                Err(e) => return crate::usage(&e),
            };
            check(&dirs, &inputs, format, settings)
        }
    }
}

/// The section names of a module's values, in output order.
const SECTIONS: [&str; 3] = ["variables", "locals", "outputs"];

fn sections(e: &Evaluation) -> [&std::collections::BTreeMap<String, Evaluated>; 3] {
    [&e.variables, &e.locals, &e.outputs]
}

/// `hcl tf eval DIR`.
fn eval(dir: &std::path::Path, inputs: &Inputs, format: Format, settings: &crate::Settings) -> ExitCode {
    let module = match Module::load(dir) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{}", crate::report::cannot_read(&dir.display().to_string(), e));
            return crate::exit::usage();
        }
    };
    let mut result = module.evaluate(inputs);
    let max_steps = settings.eval.max_steps;
    // values too large to print get a diagnostic instead
    let mut printable = Vec::new();
    for values in [&mut result.variables, &mut result.locals, &mut result.outputs] {
        for r in values.values_mut() {
            printable.push(crate::evaluate::printable(r, Span::empty(0), max_steps));
        }
    }
    let mut printable = printable.into_iter();
    let mut out = String::new();
    match format {
        Format::Json => {
            out.push('{');
            for (k, (section, values)) in SECTIONS.iter().zip(sections(&result)).enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_str(&mut out, section);
                out.push_str(":{");
                for (i, (name, r)) in values.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(&mut out, name);
                    out.push(':');
                    let shown = printable.next().unwrap_or(true);
                    crate::evaluate::write_result_with(&mut out, r, shown, |out, r| {
                        write_diagnostics(out, &result.files, r.diagnostics.iter())
                    });
                    out.push('}');
                }
                out.push('}');
            }
            out.push_str("}\n");
        }
        Format::Human => {
            for (section, values) in SECTIONS.iter().zip(sections(&result)) {
                if values.is_empty() {
                    continue;
                }
                out.push_str(section);
                out.push_str(":\n");
                let prefix = match *section {
                    "variables" => "var.",
                    "outputs" => "output.",
                    _ => "local.",
                };
                for (name, r) in values {
                    let shown = printable.next().unwrap_or(true);
                    let (mut text, ty) = crate::evaluate::human_texts(&r.value, shown);
                    if result.sensitive.contains(&format!("{prefix}{name}")) {
                        text = "<sensitive>".into();
                    }
                    out.push_str(&format!(
                        "  {} = {text}\n    type: {ty}\n",
                        hcl_native::write::key(name)
                    ));
                }
            }
        }
    }
    crate::report::to_stdout(out.as_bytes());
    let all = result.all_diagnostics();
    eprint!("{}", result.files.render_styled(&all, settings.style()));
    Found::errors(all.iter().any(Diagnostic::is_error)).status()
}

/// The ranges and diagnostics of one file of a module.
struct InFile<'s>(hcl_native::Locator<'s>);

impl<'s> WriteJson<'s> for InFile<'s> {
    fn locator(&self) -> &hcl_native::Locator<'s> {
        &self.0
    }
}

/// `[DIAG, ...]`, each DIAG with one more key, `"file"` (null for a
/// diagnostic of no file, such as one about a `--var`).
fn write_diagnostics<'d>(out: &mut String, files: &Files, ds: impl IntoIterator<Item = &'d Diagnostic>) {
    out.push('[');
    for (k, d) in ds.into_iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        let file = d.file().map(|f| &**f);
        let loc = file
            .and_then(|f| files.locator(f))
            .unwrap_or_else(|| hcl_native::Locator::new(b""));
        let mut one = String::new();
        InFile(loc).write_diagnostic(&mut one, d);
        // `{"severity":...}` with the file first
        out.push_str(r#"{"file":"#);
        match file {
            Some(f) => write_str(out, f),
            None => out.push_str("null"),
        }
        out.push(',');
        out.push_str(&one[1..]);
    }
    out.push(']');
}

/// What checking one module found.
struct Checked {
    path: String,
    rendered: String,
    json: String,
    errors: usize,
    warnings: usize,
}

/// `hcl tf check DIR...`: every module below each directory, checked by
/// `available_parallelism()` scoped workers, reported in path order.
fn check(dirs: &[PathBuf], inputs: &Inputs, format: Format, settings: &crate::Settings) -> ExitCode {
    let mut found = Found::Nothing;
    // each module's filesystem functions read under the directory given
    // (or --sandbox)
    let mut modules = Vec::new();
    for d in dirs {
        match module_dirs(d) {
            Ok(m) => modules.extend(m.into_iter().map(|m| (m, d.clone()))),
            Err(e) => {
                eprintln!("{}", crate::report::cannot_read(&d.display().to_string(), e));
                found = Found::Unusable;
            }
        }
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Checked>>> = Mutex::new((0..modules.len()).map(|_| None).collect());
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(modules.len().max(1));
    let style = settings.style();
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((dir, given)) = modules.get(i) else { break };
                let inputs = match inputs.sandbox_dir() {
                    Some(_) => inputs.clone(),
                    None => inputs.clone().sandbox(given.clone()),
                };
                let checked = check_one(dir, &inputs, style);
                results.lock().expect("no worker panics")[i] = Some(checked);
            });
        }
    });
    let results: Vec<Checked> = results
        .into_inner()
        .expect("no worker panics")
        .into_iter()
        .flatten()
        .collect();
    let errors: usize = results.iter().map(|r| r.errors).sum();
    let warnings: usize = results.iter().map(|r| r.warnings).sum();
    let with = results.iter().filter(|r| r.errors + r.warnings > 0).count();
    match format {
        Format::Json => {
            let mut out = String::from(r#"{"modules":["#);
            for (k, r) in results.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push_str(r#"{"path":"#);
                write_str(&mut out, &r.path);
                out.push_str(r#","diagnostics":"#);
                out.push_str(&r.json);
                out.push('}');
            }
            out.push_str(&format!(r#"],"errors":{errors},"warnings":{warnings}}}"#));
            out.push('\n');
            crate::report::to_stdout(out.as_bytes());
        }
        Format::Human => {
            for r in &results {
                eprint!("{}", r.rendered);
            }
            eprintln!(
                "{}",
                crate::check::summary(results.len(), "module", errors, warnings, with)
            );
        }
    }
    if modules.is_empty() && found == Found::Nothing {
        eprintln!("hcl: no Terraform modules (directories with .tf or .tf.json files) in the directories given");
        found = Found::Problems;
    }
    found.max(Found::errors(errors > 0)).status()
}

/// Loads and checks one module.
fn check_one(dir: &std::path::Path, inputs: &Inputs, style: hcl_native::render::Style) -> Checked {
    let path = dir.display().to_string();
    let module = match Module::load(dir) {
        Ok(m) => m,
        Err(e) => {
            let message = format!("cannot read the module: {e}");
            let d = Diagnostic::error("Unreadable module directory", message, Span::empty(0));
            let mut json = String::new();
            write_diagnostics(&mut json, &Files::new(), [&d]);
            return Checked {
                path,
                rendered: format!("{d}\n\n"),
                json,
                errors: 1,
                warnings: 0,
            };
        }
    };
    let result = module.check(inputs);
    let all = result.all_diagnostics();
    let errors = all.iter().filter(|d| d.is_error()).count();
    let mut json = String::new();
    write_diagnostics(&mut json, &result.files, all.iter());
    Checked {
        path,
        rendered: result.files.render_styled(&all, style),
        json,
        errors,
        warnings: all.len() - errors,
    }
}
