//! `hcl dec`: the reference's `hcldec` (decode input files by a spec file
//! and print the value as JSON), with its options, output and exit codes:
//! 0 when it printed a value, 2 with error diagnostics (printed on stderr,
//! as text or with `--diags json` as `{"diagnostics": [...]}`), 1 on other
//! errors.

use hcl_native::render::quoted;
use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::io::{Read, Write as _};
use std::process::ExitCode;
use std::sync::Arc;

use hcl_native::body::{AnyBody, AnyFile, NamedBody};
use hcl_native::dec::{self, Reference};
use hcl_native::eval::{evaluate, EvalContext};
use hcl_native::json::{write_type, write_value};
use hcl_native::value::Value;
use hcl_native::{parse_expression, Arena, Diagnostic, Diagnostics, LineIndex, Span};

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

/// A file's text and its line index, made when first needed.
type Text = (Arc<[u8]>, OnceCell<LineIndex>);

/// The texts diagnostics point into, by file name.
#[derive(Default)]
struct Sources {
    /// Each file's text and its line index (made when a range in it is
    /// first written).
    texts: BTreeMap<Arc<str>, Text>,
    json: bool,
    found: Diagnostics,
}

impl Sources {
    fn add(&mut self, name: &str, src: Arc<[u8]>) -> Arc<str> {
        let name: Arc<str> = name.into();
        self.texts.insert(name.clone(), (src, OnceCell::new()));
        name
    }

    /// The file's name, text and line index (an empty text for a file
    /// not known).
    fn file(&self, file: Option<&Arc<str>>) -> (&str, &[u8], Option<&LineIndex>) {
        match file.and_then(|f| self.texts.get_key_value(f)) {
            Some((name, (src, index))) => (name, src, Some(index.get_or_init(|| LineIndex::new(src)))),
            None => ("", &[], None),
        }
    }

    /// Keeps `diags`, each placed in `file` unless it names its own.
    fn keep(&mut self, diags: Diagnostics, file: &Arc<str>) {
        self.found.extend(diags.in_file(file));
    }

    /// Writes the diagnostics found (as the reference, only when there is
    /// an error among them) and gives the exit code 2.
    fn fail(&self, settings: &Settings) -> ExitCode {
        let mut err = std::io::stderr().lock();
        if self.json {
            let list: Vec<J> = self.found.iter().map(|d| self.diagnostic_json(d)).collect();
            let _ = writeln!(err, "{}", J::Obj(vec![("diagnostics", J::Arr(list))]).pretty());
        } else {
            // each run of diagnostics of one file rendered with one line index
            for run in self.found.as_slice().chunk_by(|a, b| a.file() == b.file()) {
                let (name, src, _) = self.file(run[0].file());
                let _ = write!(err, "{}", settings.render(name, src, run));
            }
        }
        crate::exit::usage()
    }

    /// `{"filename", "start", "end"}` of `span` in `file`.
    fn range_json(&self, file: Option<&Arc<str>>, span: Span) -> J {
        let (name, src, index) = self.file(file);
        let empty = LineIndex::new(b"");
        let index = index.unwrap_or(&empty);
        let pos = |o: u32| {
            let p = index.position(src, o);
            J::Obj(vec![
                ("line", J::Num(p.line.to_string())),
                ("column", J::Num(p.column.to_string())),
                ("byte", J::Num(p.byte.to_string())),
            ])
        };
        J::Obj(vec![
            ("filename", J::str(name)),
            ("start", pos(span.start)),
            ("end", pos(span.end)),
        ])
    }

    fn diagnostic_json(&self, d: &Diagnostic) -> J {
        let mut m = vec![
            ("severity", J::str(d.severity().as_str())),
            ("summary", J::str(d.summary())),
        ];
        if !d.detail().is_empty() {
            m.push(("detail", J::str(d.detail())));
        }
        m.push(("subject", self.range_json(d.file(), d.subject())));
        J::Obj(m)
    }
}

fn read(path: &str) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("failed to read {path}: {e}"))
}

/// The reference reports a file it cannot read as a diagnostic.
fn unreadable(sources: &mut Sources, path: &str) {
    let name = sources.add(path, Arc::from(&b""[..]));
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
    let spec_src: Arc<[u8]> = match read(spec_path) {
        Ok(s) => s.into(),
        Err(_) => {
            unreadable(&mut sources, spec_path);
            return sources.fail(settings);
        }
    };
    let spec_name = sources.add(spec_path, spec_src.clone());
    let (spec_file, d) = dec::read_spec_file(spec_path, &spec_src);
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
        let (display, syntax_name, text): (String, String, Arc<[u8]>) = if v.trim_start().starts_with('{') {
            let display = format!("<vars argument {i}>");
            (display.clone(), format!("{display}.json"), v.as_bytes().into())
        } else {
            match read(v) {
                Ok(t) => (v.clone(), v.clone(), t.into()),
                Err(e) => return fatal(&e),
            }
        };
        let file_name = sources.add(&display, text.clone());
        let arena = Arena::new();
        let parsed = AnyFile::parse_with(&arena, &syntax_name, &text, &settings.parse);
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
    let mut texts: Vec<(Arc<str>, Arc<[u8]>)> = Vec::new();
    if o.files.is_empty() {
        let mut src = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut src) {
            return fatal(&format!("failed to read stdin: {e}"));
        }
        let src: Arc<[u8]> = src.into();
        texts.push((sources.add("<stdin>", src.clone()), src));
    } else {
        for f in &o.files {
            match read(f) {
                Ok(src) => {
                    let src: Arc<[u8]> = src.into();
                    texts.push((sources.add(f, src.clone()), src));
                }
                Err(_) => unreadable(&mut sources, f),
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
        if sources.found.has_errors() {
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
            let list: Vec<J> = refs.iter().map(|r| reference_json(&sources, r, &ctx)).collect();
            return output(o.out.as_deref(), &J::Arr(list).pretty());
        }

        dec::decode(&body, &spec_file.spec, &ctx)
    };
    let failed = decoded.diagnostics.has_errors();
    sources.found.extend(decoded.diagnostics);
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
fn reference_json(sources: &Sources, r: &Reference, ctx: &EvalContext<'_>) -> J {
    use hcl_native::analysis::TraversalStep;
    let t = &r.traversal;
    let file = r.file.as_ref();
    let mut steps = vec![J::Obj(vec![
        ("kind", J::str("root")),
        ("name", J::str(&t.root)),
        ("range", sources.range_json(file, t.root_span)),
    ])];
    for s in &t.steps {
        steps.push(match s {
            TraversalStep::Attr { name, span } => J::Obj(vec![
                ("kind", J::str("attr")),
                ("name", J::str(name)),
                ("range", sources.range_json(file, *span)),
            ]),
            TraversalStep::Index { key, span } => {
                let mut m = vec![("kind", J::str("index"))];
                if let Some(k) = value_json(key) {
                    m.push(("key", k));
                }
                m.push(("range", sources.range_json(file, *span)));
                J::Obj(m)
            }
        });
    }
    let mut m = vec![("root_name", J::str(&t.root))];
    if let Some(v) = traversal_value(r, ctx).and_then(|v| value_json(&v)) {
        m.push(("value", v));
    }
    m.push(("steps", J::Arr(steps)));
    m.push(("range", sources.range_json(file, t.span())));
    J::Obj(m)
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

/// A known, finite value as JSON (what `json::write_value` writes for it,
/// numbers with every digit); none for one that has no JSON form.
fn value_json(v: &Value) -> Option<J> {
    use hcl_native::value::ValueRef;
    crate::nested(|| {
        Some(match v.kind() {
            ValueRef::Null(_) => J::Null,
            ValueRef::Bool(b) => J::Bool(b),
            ValueRef::Number(n) if n.is_infinite() => return None,
            ValueRef::Number(n) => J::Num(n.to_string()),
            ValueRef::String(s) => J::str(s),
            ValueRef::List(items) | ValueRef::Set(items) | ValueRef::Tuple(items) => {
                J::Arr(items.iter().map(value_json).collect::<Option<_>>()?)
            }
            ValueRef::Map(entries) | ValueRef::Object(entries) => {
                let mut entries = entries
                    .iter()
                    .map(|(k, v)| Some((k.to_string(), value_json(v)?)))
                    .collect::<Option<Vec<_>>>()?;
                entries.sort_by(|a, b| a.0.cmp(&b.0));
                J::Map(entries)
            }
            ValueRef::Unknown(_) | ValueRef::Capsule(_) => return None,
        })
    })
}

/// A JSON document in the order Go's encoder writes a struct's fields.
enum J {
    Str(String),
    Num(String),
    Bool(bool),
    Null,
    Arr(Vec<J>),
    Obj(Vec<(&'static str, J)>),
    /// An object with keys of its own (in byte order, as Go sorts a map's).
    Map(Vec<(String, J)>),
}

impl J {
    fn str(s: impl Into<String>) -> J {
        J::Str(s.into())
    }

    /// Written as Go's `json.MarshalIndent(v, "", "  ")` writes it.
    fn pretty(&self) -> String {
        let mut out = String::new();
        self.write(0, &mut out);
        out
    }

    fn write(&self, depth: usize, out: &mut String) {
        let indent = |d: usize, out: &mut String| {
            out.push('\n');
            out.push_str(&"  ".repeat(d));
        };
        match self {
            J::Str(s) => hcl_native::json::write_string(s, out),
            J::Num(n) => out.push_str(n),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Null => out.push_str("null"),
            J::Arr(items) if items.is_empty() => out.push_str("[]"),
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    indent(depth + 1, out);
                    item.write(depth + 1, out);
                }
                indent(depth, out);
                out.push(']');
            }
            J::Obj(fields) => J::write_fields(fields.iter().map(|(k, v)| (*k, v)), depth, out),
            J::Map(fields) => J::write_fields(fields.iter().map(|(k, v)| (k.as_str(), v)), depth, out),
        }
    }

    fn write_fields<'j>(fields: impl ExactSizeIterator<Item = (&'j str, &'j J)>, depth: usize, out: &mut String) {
        if fields.len() == 0 {
            out.push_str("{}");
            return;
        }
        out.push('{');
        for (i, (k, v)) in fields.enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('\n');
            out.push_str(&"  ".repeat(depth + 1));
            J::str(k).write(depth + 1, out);
            out.push_str(": ");
            v.write(depth + 1, out);
        }
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
        out.push('}');
    }
}
