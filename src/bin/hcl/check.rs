//! `hcl check FILE|DIR...`: parse (and, with `--vars`, evaluate) many
//! configuration files at once, in parallel, and report every diagnostic.
//!
//! - The files checked are every `.hcl`, `.tf` and `.tfvars` file under the
//!   directories given (recursively; symbolic links to files are followed,
//!   links to directories are not, so a cycle cannot loop, and a dangling
//!   link is reported as an unreadable file; hidden directories such as
//!   `.git` and `.terraform`, whose files are copies and caches, are
//!   skipped unless given by name), plus every path
//!   given explicitly as a file, whatever its extension. The list is sorted
//!   (component by component) and a file named twice is checked once.
//! - Without `--vars` each file is parsed; with `--vars VARS.json` every
//!   attribute, at any depth in blocks, is also evaluated with those
//!   variables (the format and loader of `hcl eval`) and the standard
//!   functions, so a reference to a variable the file does not define is an
//!   error. Attributes named by `--type-attributes` (`BLOCK_TYPE.NAME`,
//!   default Terraform's `variable.type` and `output.type`) are read as type
//!   constraints with
//!   defaults (`hcl_native::typeexpr`) instead, when attributes are
//!   evaluated.
//! - Files are read as bytes by `available_parallelism()` scoped worker
//!   threads that take the next file from an atomic index; each worker
//!   renders its files' diagnostics itself (only files that have some cost
//!   anything beyond the parse), and the results are printed in path order
//!   through one locked, buffered stream.
//! - Human output, on stderr as every command's diagnostics: the
//!   diagnostics of each file rendered with source (`path:line:column`, at
//!   most [`crate::report::MAX_RENDERED`] per file), an unreadable file as
//!   one `hcl: cannot read PATH: REASON` line.
//!   `--format json`: one document
//!   `{"files": [{"path": P, "diagnostics": [DIAG]}], "errors": N, "warnings": N}`
//!   listing every file checked, DIAG as in `docs/cli-json.md` (an
//!   unreadable file has one error DIAG with a null range).
//! - Either way a summary line ends the run on stderr:
//!   `checked 10000 files: 3 errors, 1 warning in 2 files`.
//! - Exit status (`docs/cli.md`): 2 when a path could not be read (it
//!   counts as an error in the summary) or on usage errors (an unreadable
//!   or invalid vars file), else 1 when any error diagnostic was found, 0
//!   otherwise.

use hcl_native::ast::{Body, BodyItem};
use hcl_native::body::AnyExpression;
use hcl_native::dynblock::DynamicBody;
use hcl_native::eval::{evaluate, EvalContext, StepBudget};
use hcl_native::render::quoted;
use hcl_native::typeexpr::type_constraint_with_defaults;
use hcl_native::{parse_config_with, Arena, Diagnostic};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::json::{write_str, WriteJson};
use crate::Format;
use hcl_native::Locator;

/// Extensions of the files a directory walk picks up.
const EXTENSIONS: [&str; 3] = ["hcl", "tf", "tfvars"];

/// Ends of the names of JSON-syntax files a directory walk picks up (any
/// file given by name that ends in `.json` is read in the JSON syntax).
const JSON_SUFFIXES: [&str; 3] = [".tf.json", ".hcl.json", ".tfvars.json"];

/// Stack of each worker thread (the parser and evaluator grow their stack
/// on demand anyway; this only keeps that rare).
const WORKER_STACK: usize = 8 << 20;

/// One file to check, stdin (`-`), or a path that could not be read or
/// listed (with why).
pub(crate) enum Job {
    File(PathBuf),
    Stdin,
    Unlistable(PathBuf, String),
}

impl Job {
    pub(crate) fn path(&self) -> &Path {
        match self {
            Job::File(p) | Job::Unlistable(p, _) => p,
            Job::Stdin => Path::new("-"),
        }
    }

    /// The name diagnostics give the file (`<stdin>` for stdin).
    pub(crate) fn name(&self) -> String {
        match self {
            Job::Stdin => "<stdin>".to_string(),
            _ => self.path().display().to_string(),
        }
    }

    /// The file's bytes, or why there are none.
    pub(crate) fn read(&self) -> Result<Vec<u8>, String> {
        match self {
            Job::File(p) => std::fs::read(p).map_err(|e| e.to_string()),
            Job::Stdin => {
                let mut src = Vec::new();
                std::io::Read::read_to_end(&mut std::io::stdin(), &mut src).map_err(|e| e.to_string())?;
                Ok(src)
            }
            Job::Unlistable(_, e) => Err(e.clone()),
        }
    }
}

/// What checking one file gave: its output (rendered text or its JSON
/// entry) and its counts.
struct Outcome {
    text: String,
    errors: usize,
    warnings: usize,
    /// The file could not be read.
    unreadable: bool,
}

/// `hcl check PATHS... [--vars VARS.json] [--format human|json]`.
pub fn run(
    paths: &[String],
    vars: &crate::evaluate::Vars,
    format: Format,
    type_attributes: &[String],
    expand_dynamic: bool,
    settings: &crate::Settings,
) -> ExitCode {
    let types = match TypeAttributes::parse(type_attributes) {
        Ok(types) => Evaluation { types, expand_dynamic },
        Err(e) => return crate::usage(&e),
    };
    // with `--unknown-variables`, attributes are evaluated without a vars
    // file too
    let evaluate = vars.given() || settings.unknown_variables;
    let ctx = match evaluate.then(|| crate::evaluate::read_vars(vars, settings)).transpose() {
        Ok(ctx) => ctx,
        Err(e) => return crate::usage(&e),
    };
    let jobs = collect(paths, wanted);
    if jobs.is_empty() {
        eprintln!(
            "hcl: no files to check in {}: a directory gives its .hcl, .tf and .tfvars files and the JSON-syntax .tf.json, .hcl.json and .tfvars.json ones",
            paths.join(", ")
        );
        return crate::exit::problems();
    }
    let outcomes = check_all(&jobs, ctx.as_ref(), &types, format, settings);

    let (mut errors, mut warnings, mut with_diagnostics) = (0, 0, 0);
    for o in &outcomes {
        errors += o.errors;
        warnings += o.warnings;
        with_diagnostics += usize::from(o.errors + o.warnings > 0);
    }
    match format {
        // everything the human form says is diagnostics: on stderr
        Format::Human => write_all(std::io::stderr().lock(), |out| {
            outcomes.iter().try_for_each(|o| out.write_all(o.text.as_bytes()))
        }),
        Format::Json => write_all(std::io::stdout().lock(), |out| {
            out.write_all(br#"{"files":["#)?;
            for (k, o) in outcomes.iter().enumerate() {
                if k > 0 {
                    out.write_all(b",")?;
                }
                out.write_all(o.text.as_bytes())?;
            }
            writeln!(out, r#"],"errors":{errors},"warnings":{warnings}}}"#)
        }),
    }
    eprintln!("{}", summary(jobs.len(), "file", errors, warnings, with_diagnostics));
    if outcomes.iter().any(|o| o.unreadable) {
        crate::Found::Unusable
    } else {
        crate::Found::errors(errors > 0)
    }
    .status()
}

/// Writes through one buffer (the check of 10,000 files writes much);
/// a closed pipe (`| head`) is not worth a panic or a message.
fn write_all<W: Write>(to: W, write: impl FnOnce(&mut std::io::BufWriter<W>) -> std::io::Result<()>) {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, to);
    if let Err(e) = write(&mut out).and_then(|()| out.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("hcl: cannot write the output: {e}");
    }
}

/// The summary line of a check of many things (`hcl check`'s files, `hcl
/// tf check`'s modules): `checked 12 files: 3 errors, 1 warning in 2
/// files`, the last part only when some have diagnostics.
pub fn summary(checked: usize, what: &str, errors: usize, warnings: usize, with_diagnostics: usize) -> String {
    let mut line = format!(
        "checked {}: {}, {}",
        plural(checked, what),
        plural(errors, "error"),
        plural(warnings, "warning")
    );
    if with_diagnostics > 0 {
        line.push_str(&format!(" in {}", plural(with_diagnostics, what)));
    }
    line
}

/// `3 errors`, `1 error`, `0 errors`.
fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Every file to check under `paths`, sorted, each once; `-` is stdin
/// (first). A path that cannot be read is a job that reports why, so that
/// the others are still checked.
pub(crate) fn collect(paths: &[String], wanted: fn(&Path) -> bool) -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut stdin = false;
    for p in paths {
        if p == "-" {
            stdin = true;
            continue;
        }
        let path = PathBuf::from(p);
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => walk(&path, wanted, &mut jobs),
            Ok(_) => jobs.push(Job::File(path)),
            Err(e) => jobs.push(Job::Unlistable(path, e.to_string())),
        }
    }
    jobs.sort_by(|a, b| a.path().cmp(b.path()));
    jobs.dedup_by(|a, b| a.path() == b.path());
    if stdin {
        jobs.insert(0, Job::Stdin);
    }
    jobs
}

/// The files `wanted` picks under `dir`, recursively, leaving out hidden
/// directories below it (a name starting with `.`: `.git`, `.terraform`
/// with its downloaded modules, editors' caches).
fn walk(dir: &Path, wanted: fn(&Path) -> bool, jobs: &mut Vec<Job>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return jobs.push(Job::Unlistable(dir.to_path_buf(), e.to_string())),
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => return jobs.push(Job::Unlistable(dir.to_path_buf(), e.to_string())),
        };
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            jobs.push(Job::File(path)); // reading it will say what is wrong
            continue;
        };
        if kind.is_dir() {
            if !entry.file_name().as_encoded_bytes().starts_with(b".") {
                walk(&path, wanted, jobs);
            }
        } else if wanted(&path) && (kind.is_file() || kind.is_symlink() && !path.is_dir()) {
            // a dangling link is kept: reading it says what is wrong
            jobs.push(Job::File(path));
        }
    }
}

/// The files `hcl check` reads in a directory: [`EXTENSIONS`] and
/// [`JSON_SUFFIXES`].
fn wanted(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    JSON_SUFFIXES.iter().any(|s| name.ends_with(s))
        || path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
}

/// Checks every job on worker threads; the outcomes in job order.
fn check_all(
    jobs: &[Job],
    ctx: Option<&EvalContext<'_>>,
    types: &Evaluation,
    format: Format,
    settings: &crate::Settings,
) -> Vec<Outcome> {
    parallel(jobs, |j| check_one(j, ctx, types, format, settings))
}

/// `f` of every job, on worker threads; the results in job order.
pub(crate) fn parallel<R: Send>(jobs: &[Job], f: impl Fn(&Job) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(jobs.len());
    if workers <= 1 {
        return jobs.iter().map(f).collect();
    }
    let next = AtomicUsize::new(0);
    let mut slots: Vec<Option<R>> = jobs.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, || {
                        let mut done = Vec::new();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            let Some(job) = jobs.get(i) else { break };
                            done.push((i, f(job)));
                        }
                        done
                    })
                    .expect("a worker thread")
            })
            .collect();
        for h in handles {
            match h.join() {
                Ok(done) => {
                    for (i, o) in done {
                        slots[i] = Some(o);
                    }
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    slots.into_iter().map(|o| o.expect("every job was done")).collect()
}

/// Reads, parses and (with a context) evaluates one file.
fn check_one(
    job: &Job,
    ctx: Option<&EvalContext<'_>>,
    types: &Evaluation,
    format: Format,
    settings: &crate::Settings,
) -> Outcome {
    let name = job.name();
    let src = match job.read() {
        Ok(src) => src,
        Err(e) => return unreadable(&name, &e, format),
    };
    if name.ends_with(".json") {
        let parsed = hcl_native::json_syntax::parse_with(&src, &settings.parse);
        let mut diagnostics = parsed.diagnostics.into_vec();
        let file = &parsed.ast;
        // Without a schema a JSON body's properties may be blocks as well
        // as attributes: every value is evaluated as an expression (its
        // strings as templates), and repeated names, which blocks may
        // have, are not reported.
        evaluated(ctx, &mut diagnostics, |ctx, out| {
            if let hcl_native::json_syntax::Node::Object(o) = &file.root {
                for p in o.properties.iter().filter(|p| p.name.value != "//") {
                    out.extend(file.evaluate(&p.value, ctx).diagnostics);
                }
            }
        });
        return outcome(&name, &src, diagnostics, format, settings);
    }
    let arena = Arena::new();
    let parsed = parse_config_with(&arena, &src, &settings.parse);
    let mut diagnostics = parsed.diagnostics.into_vec();
    evaluated(ctx, &mut diagnostics, |ctx, out| {
        if types.expand_dynamic {
            let file = hcl_native::body::AnyFile::Native(parsed.ast, &src);
            let mut found = Vec::new();
            evaluate_expanded(
                &hcl_native::dynblock::expand(file.body(), ctx),
                None,
                ctx,
                &types.types,
                &mut found,
            );
            // the blocks one dynamic block makes share their source: a
            // problem in it is found once per block, and said once
            crate::in_order(&mut found);
            found.dedup();
            out.extend(found);
        } else {
            evaluate_body(&parsed.ast.body, None, ctx, &types.types, out)
        }
    });
    outcome(&name, &src, diagnostics, format, settings)
}

/// With a context, runs `evaluate` with a child of it that has a step
/// budget of its own (so that which attributes a file covers does not
/// depend on how the threads took the files).
fn evaluated(
    ctx: Option<&EvalContext<'_>>,
    diagnostics: &mut Vec<Diagnostic>,
    evaluate: impl FnOnce(&EvalContext<'_>, &mut Vec<Diagnostic>),
) {
    let Some(ctx) = ctx else { return };
    let mut ctx = ctx.child();
    ctx.share_step_budget(StepBudget::new(ctx.limits().max_steps));
    evaluate(&ctx, diagnostics);
}

/// The outcome of a file with these diagnostics (printed in the order of
/// [`crate::in_order`]).
fn outcome(
    name: &str,
    src: &[u8],
    mut diagnostics: Vec<Diagnostic>,
    format: Format,
    settings: &crate::Settings,
) -> Outcome {
    crate::in_order(&mut diagnostics);
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    let mut text = String::new();
    match format {
        Format::Human => text = crate::report::rendered(name, src, diagnostics, settings),
        Format::Json => {
            text.push_str(r#"{"path":"#);
            write_str(&mut text, name);
            text.push_str(r#","diagnostics":"#);
            if diagnostics.is_empty() {
                text.push_str("[]");
            } else {
                Locator::new(src).write_diagnostics(&mut text, &diagnostics);
            }
            text.push('}');
        }
    }
    Outcome {
        text,
        errors,
        warnings,
        unreadable: false,
    }
}

/// How attributes are evaluated: which are type constraints, and whether
/// dynamic blocks are expanded first.
struct Evaluation {
    types: TypeAttributes,
    expand_dynamic: bool,
}

/// The attributes read as type constraints: `(block type, name)` pairs.
pub struct TypeAttributes(Vec<(String, String)>);

impl TypeAttributes {
    /// From `BLOCK_TYPE.NAME` items (empty ones ignored).
    fn parse(items: &[String]) -> Result<TypeAttributes, String> {
        items
            .iter()
            .filter(|i| !i.is_empty())
            .map(|i| match i.split_once('.') {
                Some((block, name)) if !block.is_empty() && !name.is_empty() && !name.contains('.') => {
                    Ok((block.to_string(), name.to_string()))
                }
                _ => Err(format!(
                    "--type-attributes: {} is not BLOCK_TYPE.NAME (for example variable.type)",
                    quoted(i)
                )),
            })
            .collect::<Result<_, _>>()
            .map(TypeAttributes)
    }

    /// Terraform's type attributes as `--type-attributes` takes them: what
    /// `check` reads by default, and what `eval --all` and `json` always
    /// read.
    pub const TERRAFORM: &'static str = "variable.type,output.type";

    /// Whether `name` in a block of type `block` is one of
    /// [`TypeAttributes::TERRAFORM`]: asked of every attribute those
    /// commands write, so it allocates nothing.
    pub fn terraforms(block: Option<&str>, name: &str) -> bool {
        block.is_some_and(|b| {
            Self::TERRAFORM
                .split(',')
                .any(|item| item.split_once('.') == Some((b, name)))
        })
    }

    fn contains(&self, block: Option<&str>, name: &str) -> bool {
        block.is_some_and(|b| self.0.iter().any(|(tb, tn)| tb == b && tn == name))
    }
}

/// Every attribute of `body` (of a block of type `block`) and of its blocks
/// at any depth, evaluated, or read as a type constraint.
fn evaluate_body(
    body: &Body<'_>,
    block: Option<&str>,
    ctx: &EvalContext<'_>,
    types: &TypeAttributes,
    out: &mut Vec<Diagnostic>,
) {
    for item in body.items {
        match item {
            BodyItem::Attribute(a) if types.contains(block, a.name.name) => {
                out.extend(type_constraint_with_defaults(&a.expr).diagnostics)
            }
            BodyItem::Attribute(a) => out.extend(evaluate(&a.expr, ctx).diagnostics),
            BodyItem::Block(b) | BodyItem::OneLineBlock(b) => {
                evaluate_body(&b.body, Some(b.block_type.name), ctx, types, out)
            }
        }
    }
}

/// As [`evaluate_body`], dynamic blocks expanded: each body read through
/// the schema of what it holds ([`DynamicBody::implied_schema`]), the
/// attributes of a made block evaluated with its iterator.
fn evaluate_expanded(
    body: &DynamicBody<'_, '_, '_>,
    block: Option<&str>,
    ctx: &EvalContext<'_>,
    types: &TypeAttributes,
    out: &mut Vec<Diagnostic>,
) {
    let Some(schema) = body.implied_schema() else { return };
    let (content, diags) = body.content(&schema);
    out.extend(diags);
    for (name, attr) in &content.attributes {
        match &attr.attribute.expr {
            AnyExpression::Native(e) if types.contains(block, name) => {
                out.extend(type_constraint_with_defaults(e).diagnostics)
            }
            _ => out.extend(attr.evaluate(ctx).diagnostics),
        }
    }
    for b in &content.blocks {
        evaluate_expanded(&b.body, Some(b.type_name), ctx, types, out);
    }
}

/// The outcome of a file that could not be read: one error.
fn unreadable(name: &str, reason: &str, format: Format) -> Outcome {
    let text = match format {
        Format::Human => format!("{}\n", crate::report::cannot_read(name, reason)),
        Format::Json => {
            let mut t = String::from(r#"{"path":"#);
            write_str(&mut t, name);
            t.push_str(r#","diagnostics":[{"severity":"error","summary":"Cannot read file","detail":"#);
            write_str(&mut t, reason);
            t.push_str(r#","range":null}]}"#);
            t
        }
    };
    Outcome {
        text,
        errors: 1,
        warnings: 0,
        unreadable: true,
    }
}
