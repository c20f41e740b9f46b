//! `hcl`: parse and evaluate HCL files from the command line.
//!
//! Every command follows one policy (`docs/cli.md`, held by
//! `tests/cli.rs`): results on stdout, diagnostics and the tool's own
//! messages on stderr (`report.rs`); exit 0 when no error was found, 1 when
//! the input has errors, 2 for usage errors and paths that cannot be read.
//! `dec` keeps the reference's `hcldec` statuses.
//!
//! [`run`] is the whole tool: it parses the command line, makes one
//! [`Settings`] of the global options (limits, `--unknown-variables`,
//! `--color`), passes it down to the command and returns its exit status;
//! nothing is kept in global state.

mod check;
mod dec;
mod evaluate;
mod exit;
mod fmt;
mod json;
mod report;
mod settings;
mod tf;
mod to_json;
mod variables;

use clap::{Parser, Subcommand, ValueEnum};
use hcl_native::ast::{dump, Body, BodyItem};
use hcl_native::{parse_config_with, Arena, Locator};
use json::WriteJson;
use std::io::Read;
use std::process::ExitCode;

pub(crate) use report::{in_order, Found};
pub(crate) use settings::{Color, Settings};

#[derive(Parser)]
#[command(name = "hcl", version, about = "HCL v2, exactly as specified")]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The deepest nesting the parser accepts (ParseOptions::max_depth;
    /// default 128).
    #[arg(long, global = true)]
    max_depth: Option<u32>,
    /// The most evaluation steps (EvalLimits::max_steps; default
    /// 10,000,000), one budget for all of a command's evaluations (for each
    /// file with `check`).
    #[arg(long, global = true)]
    max_steps: Option<u64>,
    /// The largest number magnitude, as a power of two
    /// (EvalLimits::max_number_bits; default and most 32768).
    #[arg(long, global = true)]
    max_number_bits: Option<u32>,
    /// Treat every variable the vars file does not define (or every
    /// variable, without one) as an unknown value of any type
    /// (EvalContext::treat_undefined_variables_as_unknown), to check
    /// configurations without their inputs; `check` then evaluates every
    /// attribute even without `--vars`.
    #[arg(long, global = true)]
    unknown_variables: bool,
    /// Leave unknown values unrefined, as hcl 2.16 and earlier (go-cty
    /// 1.12, Terraform 1.5 and earlier) do: nothing is known of an unknown
    /// value beyond its type (EvalContext::evaluate_without_refinements).
    #[arg(long, global = true)]
    no_refinements: bool,
    /// Colour in rendered diagnostics: `auto` when stderr, where they are
    /// written, is a terminal and the NO_COLOR environment variable is
    /// unset or empty.
    #[arg(long, value_enum, global = true, default_value_t = Color::Auto)]
    color: Color,
    /// The functions evaluations offer: `standard` (cty's standard
    /// library) or `terraform` (those and Terraform's own,
    /// `stdlib::terraform`; `timestamp()`, `uuid()` and
    /// `pathexpand("~/x")` are unknown; the filesystem functions need
    /// `--base-dir`).
    #[arg(long, global = true, value_enum, default_value_t = Functions::Standard)]
    functions: Functions,
    /// With `--functions terraform`: the directory Terraform's filesystem
    /// functions (`file`, `fileset`, `templatefile`, ...) read under; no
    /// path may leave it. Without it, they fail, saying so.
    #[arg(long, global = true, value_name = "DIR")]
    base_dir: Option<std::path::PathBuf>,
    /// With `--base-dir`: the most bytes the filesystem functions read
    /// from one file (FileAccess::max_bytes; default 4 MiB).
    #[arg(long, global = true, value_name = "N")]
    max_file_bytes: Option<u64>,
}

/// The function sets of `--functions`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum Functions {
    Standard,
    Terraform,
}

#[derive(Subcommand)]
enum Command {
    /// Parse a configuration file; print its structure (its diagnostics on
    /// stderr; exits 1 when it has syntax errors).
    Parse {
        /// The file to read, or `-` for stdin.
        file: String,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// With the human format, print the whole syntax tree.
        #[arg(long)]
        ast: bool,
    },
    /// Evaluate every top-level attribute of a configuration file, each on
    /// its own, with the standard functions.
    ///
    /// Blocks are not evaluated (a note on stderr names them) unless
    /// `--all` is given.
    Eval {
        /// The file to read, or `-` for stdin.
        file: String,
        #[command(flatten)]
        vars: evaluate::Vars,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Evaluate the attributes inside blocks too, at any depth: printed
        /// in sections nested as the blocks are (`--format json`: a
        /// `blocks` list in each body).
        #[arg(long)]
        all: bool,
    },
    /// Evaluate one expression (`-` reads it from stdin).
    Expr {
        /// The expression's text (its bytes as they are), or `-`.
        src: std::ffi::OsString,
        #[command(flatten)]
        vars: evaluate::Vars,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Evaluate a bare template (no quotes; `-` reads it from stdin).
    Template {
        /// The template's text (its bytes as they are), or `-`.
        src: std::ffi::OsString,
        #[command(flatten)]
        vars: evaluate::Vars,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Check many files and directories at once, in parallel.
    ///
    /// Checks every `.hcl`, `.tf` and `.tfvars` file (and the JSON-syntax
    /// `.tf.json`, `.hcl.json` and `.tfvars.json` ones) under the
    /// directories given (recursively, leaving out hidden directories such
    /// as `.git` and `.terraform` unless named), every file given by name,
    /// whatever its extension, and stdin for `-`. Each is parsed and, with
    /// `--vars`, every attribute (in blocks too) is evaluated. Prints the
    /// diagnostics of each file in path order, then a summary, on stderr
    /// (`--format json`: the report on stdout); a path that cannot be read
    /// is said as `hcl: cannot read PATH: REASON` and the others are still
    /// checked. Exits 1 when there is an error or no file to check,
    /// 2 when a path cannot be read or on usage errors, 0 otherwise.
    Check {
        /// Files and directories to check.
        #[arg(required = true)]
        paths: Vec<String>,
        /// With variables (`--vars`, `--var`), every attribute is evaluated
        /// with them (a variable the file uses but they do not define is an
        /// error). Without any, files are only parsed.
        #[command(flatten)]
        vars: evaluate::Vars,
        /// Output format: rendered diagnostics, or one JSON document
        /// `{"files": [{"path", "diagnostics"}], "errors", "warnings"}`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Attributes read as type constraints (`list(string)`,
        /// `optional(T, default)`: hcl_native::typeexpr) instead of being
        /// evaluated, as `BLOCK_TYPE.NAME`, comma-separated; the default is
        /// Terraform's (`variable.type`, `output.type`), an empty list reads
        /// none.
        #[arg(long, value_delimiter = ',', default_value = check::TypeAttributes::TERRAFORM)]
        type_attributes: Vec<String>,
        /// With variables: expand `dynamic` blocks as Terraform does
        /// (hcl_native::dynblock) before evaluating, so that a content
        /// block's attributes see the iterator (`disk.value`); each body is
        /// then read through the schema of what it holds (a repeated
        /// attribute is an error).
        #[arg(long)]
        expand_dynamic: bool,
    },
    /// List the variables a configuration file or an expression refers to.
    ///
    /// Each reference to a name of the root scope, with the attribute
    /// accesses and constant indexes after it, in source order; names that
    /// `for` expressions and template `for` directives bind are left out
    /// where they are bound, and function names are not variables. For a
    /// file, the variables of every attribute value, nested blocks
    /// included. With `--format json`: `{"parse_diagnostics": [DIAG],
    /// "variables": [{"root", "source", "range", "steps"}]}`, as the
    /// reference oracle's `variables` prints it.
    Variables {
        /// The file to read, or `-` for stdin.
        #[arg(required_unless_present = "expr")]
        file: Option<String>,
        /// An expression instead of a file (`-` reads it from stdin).
        #[arg(short = 'e', long = "expr", conflicts_with = "file")]
        expr: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Decode files by a decoding spec and print the value as JSON: the
    /// reference's `hcldec` (same options, output and exit codes: 0, 2 with
    /// error diagnostics on stderr, 1 on other errors).
    Dec(dec::Options),
    /// Format files in the canonical layout of the reference's formatter
    /// (hclwrite's `Format`, byte for byte): to stdout (several files each
    /// after a `==> FILE <==` line), or `--check`, `--diff`, `--write`
    /// (`terraform fmt`'s `-check`, `-diff`, `-recursive`, `-write=...`
    /// and `-list=...` are taken too). Exits 1 when a file has syntax
    /// errors (they are printed on stderr; the file is formatted anyway, as
    /// the reference does, but never written) or, with `--check`/`--diff`,
    /// when a file would change; 2 when a path cannot be read.
    Fmt(fmt::Options),
    /// Terraform modules: `hcl tf eval DIR` gives a module's variables,
    /// locals and outputs; `hcl tf check DIR...` checks every module below
    /// the directories as `terraform validate` would.
    #[command(subcommand)]
    Tf(tf::TfCommand),
    /// Convert a configuration file to one JSON object.
    ///
    /// Prints the body as one pretty-printed JSON object: attributes
    /// evaluated (with `--vars` and the standard functions), blocks nested by
    /// type then by each label, a block repeated with the same labels as an
    /// array of bodies, keys in source order. An attribute and a block of
    /// the same name, or blocks whose labels collide with a different number
    /// of labels, are errors (the first is kept). Parts of a value nested
    /// more than 128 arrays and objects deep are written compactly, on one
    /// line. Diagnostics go to stderr; exits 1 when there is an error (the
    /// JSON is printed anyway), 0 otherwise, 2 on usage errors.
    Json {
        /// The file to read, or `-` for stdin.
        file: String,
        #[command(flatten)]
        vars: evaluate::Vars,
        /// Evaluate nothing: write the file in HCL's JSON syntax instead
        /// (every expression kept, as a `"${...}"` template when it is not a
        /// literal; blocks as label-nested objects), which reads back as the
        /// same body.
        #[arg(long, conflicts_with = "vars")]
        unevaluated: bool,
        /// Expand `dynamic` blocks as Terraform does (hcl_native::dynblock):
        /// each makes blocks of its type, one per `for_each` element, whose
        /// attributes see the iterator; each body is then read through the
        /// schema of what it holds.
        #[arg(long, conflicts_with = "unevaluated")]
        expand_dynamic: bool,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    Human,
    Json,
}

fn main() -> ExitCode {
    run(std::env::args_os())
}

/// The whole tool: the command line `args` (the program's name first)
/// parsed, one [`Settings`] made of its global options and passed down to
/// the command, and the exit status. A command-line error exits 2 (`--help`
/// and `--version` 0), as clap's own exit does.
fn run(args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    let args = fmt::terraform_spellings(args.into_iter().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                crate::exit::usage()
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let settings = Settings::new(
        cli.max_depth,
        cli.max_steps,
        cli.max_number_bits,
        cli.unknown_variables,
        cli.color,
    )
    .with_functions(cli.functions)
    .with_files(cli.base_dir, cli.max_file_bytes)
    .with_refinements(!cli.no_refinements);
    let settings = &settings;
    match cli.command {
        Command::Parse { file, format, ast } => parse(&file, format, ast, settings),
        Command::Eval {
            file,
            vars,
            format,
            all,
        } => {
            let ctx = match evaluate::read_vars(&vars, settings) {
                Ok(ctx) => ctx,
                Err(e) => return usage(&e),
            };
            match read_input(&file) {
                Ok(src) => evaluate::eval_file(shown_name(&file), &src, &ctx, format, all, settings).status(),
                Err(code) => code,
            }
        }
        Command::Expr { src, vars, format } => expr(&src, &vars, format, false, settings),
        Command::Template { src, vars, format } => expr(&src, &vars, format, true, settings),
        Command::Check {
            paths,
            vars,
            format,
            type_attributes,
            expand_dynamic,
        } => check::run(&paths, &vars, format, &type_attributes, expand_dynamic, settings),
        Command::Json {
            file,
            vars,
            unevaluated: false,
            expand_dynamic,
        } => to_json::run(&file, &vars, expand_dynamic, settings),
        Command::Json {
            file,
            unevaluated: true,
            ..
        } => to_json::run_unevaluated(&file, settings),
        Command::Dec(options) => dec::run(options, settings),
        Command::Fmt(options) => fmt::run(&options, settings),
        Command::Tf(command) => tf::run(command, settings),
        Command::Variables { file, expr, format } => variables::run(file.as_deref(), expr.as_deref(), format, settings),
    }
}

/// `hcl expr` and `hcl template`: the source is the argument's bytes as
/// they are (invalid UTF-8 is a diagnostic, as in a file), or stdin for
/// `-`.
fn expr(src: &std::ffi::OsStr, vars: &evaluate::Vars, format: Format, template: bool, settings: &Settings) -> ExitCode {
    let ctx = match evaluate::read_vars(vars, settings) {
        Ok(ctx) => ctx,
        Err(e) => return usage(&e),
    };
    let (name, text) = if src == "-" {
        match read_input("-") {
            Ok(src) => ("<stdin>", src),
            Err(code) => return code,
        }
    } else {
        ("<input>", argument_bytes(src))
    };
    evaluate::expr_or_template(name, &text, template, &ctx, format, settings).status()
}

/// A command-line argument's bytes.
#[cfg(unix)]
fn argument_bytes(arg: &std::ffi::OsStr) -> Vec<u8> {
    std::os::unix::ffi::OsStrExt::as_bytes(arg).to_vec()
}

/// A command-line argument's bytes (as UTF-8, invalid parts replaced, where
/// the platform's arguments are not bytes).
#[cfg(not(unix))]
fn argument_bytes(arg: &std::ffi::OsStr) -> Vec<u8> {
    arg.to_string_lossy().into_owned().into_bytes()
}

fn usage(message: &str) -> ExitCode {
    eprintln!("hcl: {message}");
    crate::exit::usage()
}

/// Runs one level of the tool's own walks of nested blocks and values (as
/// deep as `--max-depth` allows) on a fresh stack segment when the stack
/// runs low: the library's own guard, with its red zone and segment size.
pub(crate) fn nested<R>(f: impl FnOnce() -> R) -> R {
    hcl_native::stack::with_stack(f)
}

/// The name diagnostics give a FILE argument: `<stdin>` for `-`, as every
/// command names it.
pub(crate) fn shown_name(file: &str) -> &str {
    if file == "-" {
        "<stdin>"
    } else {
        file
    }
}

fn read_input(file: &str) -> Result<Vec<u8>, ExitCode> {
    let mut buf = Vec::new();
    let result = if file == "-" {
        std::io::stdin().read_to_end(&mut buf).map(|_| ())
    } else {
        std::fs::File::open(file).and_then(|mut f| f.read_to_end(&mut buf).map(|_| ()))
    };
    match result {
        Ok(()) => Ok(buf),
        Err(e) => {
            eprintln!("{}", report::cannot_read(shown_name(file), e));
            Err(crate::exit::usage())
        }
    }
}

fn parse(file: &str, format: Format, ast: bool, settings: &Settings) -> ExitCode {
    let src = match read_input(file) {
        Ok(src) => src,
        Err(code) => return code,
    };
    if file.ends_with(".json") {
        return parse_json_syntax(file, &src, format, settings);
    }
    let arena = Arena::new();
    let parsed = parse_config_with(&arena, &src, &settings.parse);
    match format {
        Format::Json => {
            let loc = Locator::new(&src);
            let mut out = String::from(r#"{"diagnostics":"#);
            loc.write_diagnostics(&mut out, &parsed.diagnostics);
            out.push_str(r#","body":"#);
            loc.write_body(&mut out, &parsed.ast.body);
            out.push_str("}\n");
            report::to_stdout(out.as_bytes());
        }
        Format::Human => {
            let mut out = String::new();
            if ast {
                out.push_str(&dump(&parsed.ast));
            } else {
                outline(&mut out, &Locator::new(&src), &parsed.ast.body, 0);
            }
            report::to_stdout(out.as_bytes());
            report::diagnostics(shown_name(file), &src, parsed.diagnostics.as_slice().to_vec(), settings);
        }
    }
    Found::errors(parsed.diagnostics.has_errors()).status()
}

/// `hcl parse FILE.json`: a file in the JSON syntax, its root read as
/// attributes (without a schema a JSON body has no blocks). The JSON form
/// is the reference's: `{"diagnostics", "body": {"missing_item_range",
/// "attributes_diagnostics", "attributes": [{"name", "range", "name_range",
/// "expr_range"}]}}`.
fn parse_json_syntax(file: &str, src: &[u8], format: Format, settings: &Settings) -> ExitCode {
    let parsed = hcl_native::json_syntax::parse_with(src, &settings.parse);
    let (attrs, attr_diags) = parsed.ast.just_attributes();
    let all: Vec<_> = parsed.diagnostics.iter().chain(attr_diags.iter()).cloned().collect();
    match format {
        Format::Json => {
            let loc = Locator::new(src);
            let mut out = String::from(r#"{"diagnostics":"#);
            loc.write_diagnostics(&mut out, &parsed.diagnostics);
            out.push_str(r#","body":{"missing_item_range":"#);
            loc.write_range(&mut out, parsed.ast.missing_item_span());
            out.push_str(r#","attributes_diagnostics":"#);
            loc.write_diagnostics(&mut out, &attr_diags);
            out.push_str(r#","attributes":["#);
            for (i, a) in attrs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(r#"{"name":"#);
                json::write_str(&mut out, a.name);
                for (key, span) in [
                    ("range", a.span),
                    ("name_range", a.name_span),
                    ("expr_range", a.value.span()),
                ] {
                    out.push_str(&format!(r#","{key}":"#));
                    loc.write_range(&mut out, span);
                }
                out.push('}');
            }
            out.push_str("]}}\n");
            report::to_stdout(out.as_bytes());
        }
        Format::Human => {
            let loc = Locator::new(src);
            let mut out = String::new();
            for a in &attrs {
                let text = String::from_utf8_lossy(&src[a.value.span().range()]);
                let first_line = text.lines().next().unwrap_or_default();
                let more = if text.contains('\n') { " ..." } else { "" };
                let at = loc.position(a.span.start);
                out.push_str(&format!("{} = {first_line}{more}    ({at})\n", a.name));
            }
            report::to_stdout(out.as_bytes());
            report::diagnostics(shown_name(file), src, all.clone(), settings);
        }
    }
    Found::errors(all.iter().any(hcl_native::Diagnostic::is_error)).status()
}

/// Indentation for `depth`: two spaces a level, growing no more after 64
/// levels (past it, output would grow with the square of the depth).
pub(crate) fn indent(depth: usize) -> String {
    "  ".repeat(depth.min(64))
}

/// A block's type and its labels, each quoted: `resource "a" "b"`.
pub(crate) fn block_header(b: &hcl_native::ast::Block<'_>) -> String {
    let mut out = b.block_type.name.to_string();
    for l in b.labels {
        // as HCL writes the label (a string literal), not as Rust debugs it
        out.push(' ');
        out.push_str(&hcl_native::write::string_literal(l.value()));
    }
    out
}

/// The structure of a body: attributes with their expression text, blocks
/// with their labels, each with its position.
fn outline(out: &mut String, loc: &Locator<'_>, body: &Body<'_>, depth: usize) {
    let indent = indent(depth);
    let src = loc.source();
    for item in body.items {
        let at = loc.position(item.span().start);
        match item {
            BodyItem::Attribute(a) => {
                let text = String::from_utf8_lossy(&src[a.expr.span().range()]);
                let first_line = text.lines().next().unwrap_or_default();
                let more = if text.contains('\n') { " ..." } else { "" };
                out.push_str(&format!("{indent}{} = {first_line}{more}    ({at})\n", a.name.name));
            }
            BodyItem::Block(b) | BodyItem::OneLineBlock(b) => {
                out.push_str(&format!("{indent}{} {{    ({at})\n", block_header(b)));
                nested(|| outline(out, loc, &b.body, depth + 1));
                out.push_str(&format!("{indent}}}\n"));
            }
        }
    }
}
