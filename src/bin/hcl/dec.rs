//! `hcl dec`: the reference's `hcldec` (decode input files by a spec file
//! and print the value as JSON), with its options, output and exit codes:
//! 0 when it printed a value, 2 with error diagnostics (printed on stderr,
//! as text or with `--diags json` as `{"diagnostics": [...]}`), 1 on other
//! errors.

use hcl_native::render::quoted;
use std::cell::RefCell;
use std::io::{Read, Write as _};
use std::process::ExitCode;
use std::sync::Arc;

use hcl_native::body::{AnyBody, AnyFile, NamedBody};
use hcl_native::dec::{self, Reference};
use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::json::{self, write_type, write_value};
use hcl_native::value::Value;
use hcl_native::{parse_expression, Arena, Diagnostic, Diagnostics, Files, Locator, Span};

use crate::json::WriteJson;

use crate::Settings;

/// `hcl dec`'s options, in the reference `hcldec`'s spelling (each also
/// as `--name=value`).
#[derive(clap::Args)]
pub struct Options {
    /// The spec file (required).
    #[arg(short = 's', long)]
    pub spec: Option<String>,
    /// Variables for the input: a JSON object, or a file of attributes
    /// (HCL, or the JSON syntax when it ends in `.json`); repeatable.
    #[arg(short = 'V', long)]
    pub vars: Vec<String>,
    /// Diagnostics as `json` instead of text.
    #[arg(long)]
    pub diags: Option<String>,
    /// Print `{"type": T, "value": V}`.
    #[arg(long)]
    pub with_type: bool,
    /// Keep object properties whose value is null.
    #[arg(long)]
    pub keep_nulls: bool,
    /// Print the variables the input refers to instead of decoding.
    #[arg(long)]
    pub var_refs: bool,
    /// Write the result to this file instead of stdout.
    #[arg(short = 'o', long)]
    pub out: Option<String>,
    /// The input files (stdin, native syntax, without any); several are
    /// read as one merged body.
    pub files: Vec<String>,
}

/// The texts diagnostics point into (the library's [`Files`]: each text
/// kept once, with its line index made when a range in it is first
/// written), and the diagnostics found so far.
#[derive(Default)]
struct Sources {
    files: Files,
    json: bool,
    found: RefCell<Diagnostics>,
}

impl Sources {
    /// Keeps `src` as the file `name`: the kept text and the name that
    /// diagnostics in it carry.
    fn add(&self, name: &str, src: Vec<u8>) -> (&[u8], Arc<str>) {
        (self.files.add(name, src), name.into())
    }

    /// Keeps `diags`, each placed in `file` unless it names its own.
    fn keep(&self, diags: Diagnostics, file: &Arc<str>) {
        self.found.borrow_mut().extend(diags.in_file(file));
    }

    fn has_errors(&self) -> bool {
        self.found.borrow().has_errors()
    }

    /// Writes the diagnostics found (as the reference, only when there is
    /// an error among them) and gives the exit code 2.
    fn fail(&self, settings: &Settings) -> ExitCode {
        let found = self.found.borrow();
        let mut err = std::io::stderr().lock();
        if self.json {
            let mut text = String::from(r#"{"diagnostics":["#);
            for (i, d) in found.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                self.write_diagnostic(&mut text, d);
            }
            text.push_str("]}");
            let _ = writeln!(err, "{}", json::indent(&text));
        } else {
            let _ = write!(err, "{}", self.files.render_styled(&found, settings.style()));
        }
        crate::exit::usage()
    }

    /// `{"filename", "start", "end"}` of `span` in `file`, each position
    /// `{"line", "column", "byte"}`.
    fn write_range(&self, out: &mut String, file: Option<&Arc<str>>, span: Span) {
        let name = file.map_or("", |f| f);
        // a file not kept (none named) has positions in an empty text
        let loc = self.files.locator(name).unwrap_or_else(|| Locator::new(b""));
        out.push_str(r#"{"filename":"#);
        json::write_string(name, out);
        out.push_str(r#","start":"#);
        loc.write_position(out, span.start);
        out.push_str(r#","end":"#);
        loc.write_position(out, span.end);
        out.push('}');
    }

    /// `{"severity", "summary", "detail" (when there is one), "subject"}`
    fn write_diagnostic(&self, out: &mut String, d: &Diagnostic) {
        out.push_str(r#"{"severity":"#);
        json::write_string(d.severity().as_str(), out);
        out.push_str(r#","summary":"#);
        json::write_string(d.summary(), out);
        if !d.detail().is_empty() {
            out.push_str(r#","detail":"#);
            json::write_string(d.detail(), out);
        }
        out.push_str(r#","subject":"#);
        self.write_range(out, d.file(), d.subject());
        out.push('}');
    }
}

fn read(path: &str) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("failed to read {path}: {e}"))
}

/// The reference reports a file it cannot read as a diagnostic.
fn unreadable(sources: &Sources, path: &str) {
    let (_, name) = sources.add(path, Vec::new());
    let mut d = Diagnostics::new();
    d.push(Diagnostic::error(
        "Failed to read file",
        format!("The configuration file {} could not be read.", quoted(path)),
        Span::empty(0),
    ));
    sources.keep(d, &name);
}

fn fatal(message: &str) -> ExitCode {
    eprintln!("Error: {message}\n");
    crate::exit::problems()
}

pub fn run(o: Options, settings: &Settings) -> ExitCode {
    let mut sources = Sources::default();
    match o.diags.as_deref() {
        None => {}
        Some("json") => sources.json = true,
        Some(other) => {
            eprintln!(
                "Invalid diagnostics format {}: only \"json\" is supported.",
                quoted(other)
            );
            return crate::exit::usage();
        }
    }
    let Some(spec_path) = o.spec.as_deref() else {
        return fatal("the --spec=... argument is required");
    };
    let (spec_src, spec_name) = match read(spec_path) {
        Ok(s) => sources.add(spec_path, s),
        Err(_) => {
            unreadable(&sources, spec_path);
            return sources.fail(settings);
        }
    };
    let (spec_file, d) = dec::read_spec_file(spec_path, spec_src);
    let failed = d.has_errors();
    sources.keep(d, &spec_name);
    if failed {
        return sources.fail(settings);
    }

    // the variables: the spec file's, then each --vars in turn
    let mut variables = spec_file.variables.clone();
    for (i, v) in o.vars.iter().enumerate() {
        // a JSON object on the command line, or a file (the syntax by its
        // name); a literal reads as the JSON syntax
        let (display, syntax_name, text): (String, String, Vec<u8>) = if v.trim_start().starts_with('{') {
            let display = format!("<vars argument {i}>");
            (display.clone(), format!("{display}.json"), v.as_bytes().to_vec())
        } else {
            match read(v) {
                Ok(t) => (v.clone(), v.clone(), t),
                Err(e) => return fatal(&e),
            }
        };
        let (text, file_name) = sources.add(&display, text);
        let arena = Arena::new();
        let parsed = AnyFile::parse_with(&arena, &syntax_name, text, &settings.parse);
        sources.keep(parsed.diagnostics, &file_name);
        let (attrs, d) = parsed.ast.body().just_attributes();
        sources.keep(d, &file_name);
        for a in attrs {
            let e = a.expr.evaluate(&EvalContext::literal_only());
            sources.keep(e.diagnostics, &file_name);
            variables.insert(a.name.to_string(), e.value);
        }
    }

    // the input files, each text kept once (diagnostics point into it)
    let mut texts: Vec<(Arc<str>, &[u8])> = Vec::new();
    if o.files.is_empty() {
        let mut src = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut src) {
            return fatal(&format!("failed to read stdin: {e}"));
        }
        let (src, name) = sources.add("<stdin>", src);
        texts.push((name, src));
    } else {
        for f in &o.files {
            match read(f) {
                Ok(src) => {
                    let (src, name) = sources.add(f, src);
                    texts.push((name, src));
                }
                Err(_) => unreadable(&sources, f),
            }
        }
    }
    // the syntax trees live only while decoding: the value is printed
    // after they are gone
    let decoded = {
        let arena = Arena::new();
        let mut files = Vec::new();
        for (name, src) in &texts {
            // by its name, so stdin is the native syntax, as for the reference
            let parsed = AnyFile::parse_with(&arena, name, src, &settings.parse);
            let failed = parsed.diagnostics.has_errors();
            sources.keep(parsed.diagnostics, name);
            if !failed {
                files.push((name.clone(), parsed.ast));
            }
        }
        if sources.has_errors() {
            return sources.fail(settings);
        }
        let body = match files.as_slice() {
            [(name, f)] => AnyBody::named(name, f.body()),
            many => AnyBody::merge(
                many.iter()
                    .map(|(name, f)| NamedBody {
                        name: name.clone(),
                        body: f.body(),
                    })
                    .collect(),
            ),
        };

        // the context: an empty table is no table (the reference's nil maps),
        // and nothing defined at all is no context (JSON strings are literal)
        let mut ctx = if variables.is_empty() && spec_file.functions.is_empty() {
            EvalContext::literal_only()
        } else {
            let mut ctx = EvalContext::new();
            ctx.forbid_variables();
            ctx.forbid_function_calls();
            for (k, v) in &variables {
                let _ = ctx.set_variable(k.clone(), v.clone());
            }
            for (k, f) in &spec_file.functions {
                let _ = ctx.set_function(k.clone(), f.clone());
            }
            ctx
        };
        settings.apply(&mut ctx);

        if o.var_refs {
            let refs = dec::variables(&body, &spec_file.spec);
            let mut text = String::from("[");
            for (i, r) in refs.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                write_reference(&mut text, &sources, r, &ctx);
            }
            text.push(']');
            return output(o.out.as_deref(), &json::indent(&text));
        }

        dec::decode(&body, &spec_file.spec, &ctx)
    };
    let failed = decoded.diagnostics.has_errors();
    sources.found.borrow_mut().extend(decoded.diagnostics);
    if failed {
        return sources.fail(settings);
    }
    let mut text = String::new();
    let drop_nulls = !o.keep_nulls;
    let written = if !o.with_type {
        write_value(&decoded.value, drop_nulls, &mut text)
    } else if drop_nulls {
        // the reference marshals {"value", "type"}; stripping the nulls
        // re-encodes it with its keys sorted
        text.push_str("{\"type\":");
        write_type(&decoded.value.ty(), &mut text)
            .map(|_| text.push_str(",\"value\":"))
            .and_then(|_| write_value(&decoded.value, drop_nulls, &mut text))
            .map(|_| text.push('}'))
    } else {
        text.push_str("{\"value\":");
        write_value(&decoded.value, drop_nulls, &mut text)
            .map(|_| text.push_str(",\"type\":"))
            .and_then(|_| write_type(&decoded.value.ty(), &mut text))
            .map(|_| text.push('}'))
    };
    if let Err(e) = written {
        return fatal(&e.to_string());
    }
    output(o.out.as_deref(), &text)
}

fn output(path: Option<&str>, text: &str) -> ExitCode {
    match path {
        Some(p) => match std::fs::write(p, format!("{text}\n")) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fatal(&format!("can't open {p} for writing: {e}")),
        },
        None => {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{text}");
            ExitCode::SUCCESS
        }
    }
}

/// One traversal as `--var-refs` prints it: `{"root_name", "value"
/// (when the context gives the traversal a value), "steps", "range"}`.
fn write_reference(out: &mut String, sources: &Sources, r: &Reference, ctx: &EvalContext<'_>) {
    use hcl_native::analysis::TraversalStep;
    let t = &r.traversal;
    let file = r.file.as_ref();
    out.push_str(r#"{"root_name":"#);
    json::write_string(&t.root, out);
    if let Some(v) = traversal_value(r, ctx).and_then(|v| value_text(&v)) {
        out.push_str(r#","value":"#);
        out.push_str(&v);
    }
    out.push_str(r#","steps":[{"kind":"root","name":"#);
    json::write_string(&t.root, out);
    out.push_str(r#","range":"#);
    sources.write_range(out, file, t.root_span);
    out.push('}');
    for s in &t.steps {
        match s {
            TraversalStep::Attr { name, span } => {
                out.push_str(r#",{"kind":"attr","name":"#);
                json::write_string(name, out);
                out.push_str(r#","range":"#);
                sources.write_range(out, file, *span);
            }
            TraversalStep::Index { key, span } => {
                out.push_str(r#",{"kind":"index""#);
                if let Some(k) = value_text(key) {
                    out.push_str(r#","key":"#);
                    out.push_str(&k);
                }
                out.push_str(r#","range":"#);
                sources.write_range(out, file, *span);
            }
        }
        out.push('}');
    }
    out.push_str(r#"],"range":"#);
    sources.write_range(out, file, t.span());
    out.push('}');
}

/// A value's JSON text (the library's one writer), when it has one: not
/// for unknown values, infinities and capsules.
fn value_text(v: &Value) -> Option<String> {
    let mut text = String::new();
    write_value(v, false, &mut text).ok()?;
    Some(text)
}

/// The value of a traversal in `ctx`, when it has one without errors (the
/// reference's `TraverseAbs`): the traversal written as an expression and
/// evaluated.
fn traversal_value(r: &Reference, ctx: &EvalContext<'_>) -> Option<Value> {
    use hcl_native::analysis::TraversalStep;
    let t = &r.traversal;
    let mut text = t.root.clone();
    for s in &t.steps {
        match s {
            TraversalStep::Attr { name, .. } => {
                text.push('.');
                text.push_str(name);
            }
            TraversalStep::Index { key, .. } => {
                let mut k = String::new();
                write_value(key, false, &mut k).ok()?;
                // a JSON string is a quoted template but for `${` and `%{`
                text.push('[');
                text.push_str(&k.replace("${", "$${").replace("%{", "%%{"));
                text.push(']');
            }
        }
    }
    let arena = Arena::new();
    let parsed = parse_expression(&arena, text.as_bytes());
    if parsed.diagnostics.has_errors() {
        return None;
    }
    let e = evaluate(&parsed.ast, ctx);
    (!e.diagnostics.has_errors()).then_some(e.value)
}
