//! `hcl fmt`: the reference's canonical layout (`hcl_native::format`),
//! printed, checked, shown as a diff or written back.

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Args;
use hcl_native::Arena;

use crate::check::{collect, parallel};

/// `hcl fmt [--check] [--diff] [--write] FILE|DIR|-...`
#[derive(Args)]
pub struct Options {
    /// Files and directories to format (`-` is stdin); a directory gives
    /// its `.hcl`, `.tf`, `.tfvars`, `.pkr.hcl` and `.nomad` files,
    /// recursively, hidden directories left out. Without any, stdin.
    paths: Vec<String>,
    /// Print nothing but the names of the files that would change, and
    /// exit 1 when there is one.
    #[arg(long)]
    check: bool,
    /// Print a unified diff of each file that would change (exit 1 when
    /// there is one).
    #[arg(long)]
    diff: bool,
    /// Write the formatted text back to each file that changes (atomically,
    /// keeping its permissions); a file with syntax errors is left as it is.
    #[arg(long, conflicts_with = "check")]
    write: bool,
}

/// Extensions of the files a directory walk picks up.
const EXTENSIONS: [&str; 5] = ["hcl", "tf", "tfvars", "pkr.hcl", "nomad"];

fn wanted(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    EXTENSIONS.iter().any(|e| name.ends_with(&format!(".{e}")))
}

/// What formatting one file gave.
struct Outcome {
    /// To standard output.
    out: Vec<u8>,
    /// To standard error.
    err: String,
    changed: bool,
    failed: bool,
}

pub fn run(o: &Options, settings: &crate::Settings) -> ExitCode {
    let stdin_only = o.paths.is_empty() || o.paths == ["-"];
    if stdin_only {
        if o.write {
            return crate::usage("--write needs file names (stdin has nowhere to be written back)");
        }
        let mut src = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut src) {
            eprintln!("hcl: cannot read stdin: {e}");
            return crate::exit::problems();
        }
        return finish(&[one(o, "<stdin>", Ok(src), settings)], o);
    }
    if o.paths.iter().any(|p| p == "-") {
        return crate::usage("`-` (stdin) cannot be formatted together with files");
    }
    let jobs = collect(&o.paths, wanted);
    if jobs.is_empty() {
        eprintln!("hcl: no files to format in {}", o.paths.join(", "));
        return crate::exit::problems();
    }
    let outcomes = parallel(&jobs, |job| one(o, &job.name(), job.read(), settings));
    finish(&outcomes, o)
}

fn finish(outcomes: &[Outcome], o: &Options) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    for out in outcomes {
        let _ = stderr.write_all(out.err.as_bytes());
        let _ = stdout.write_all(&out.out);
    }
    let _ = stdout.flush();
    let failed = outcomes.iter().any(|x| x.failed);
    let changed = outcomes.iter().any(|x| x.changed);
    if failed || ((o.check || o.diff) && changed) {
        crate::exit::problems()
    } else {
        ExitCode::SUCCESS
    }
}

/// Formats one file's text.
fn one(o: &Options, name: &str, read: Result<Vec<u8>, String>, settings: &crate::Settings) -> Outcome {
    let mut outcome = Outcome {
        out: Vec::new(),
        err: String::new(),
        changed: false,
        failed: false,
    };
    let src = match read {
        Ok(src) => src,
        Err(e) => {
            outcome.err = format!("hcl: cannot read {name}: {e}\n");
            outcome.failed = true;
            return outcome;
        }
    };
    let arena = Arena::new();
    let parsed = hcl_native::parse_config_with(&arena, &src, &settings.parse);
    if !parsed.diagnostics.is_empty() {
        let mut diagnostics = parsed.diagnostics.as_slice().to_vec();
        crate::in_order(&mut diagnostics);
        outcome.err = settings.render(name, &src, &diagnostics, crate::Stream::Stderr);
    }
    let syntax_errors = parsed.diagnostics.has_errors();
    let formatted = hcl_native::format::format(&src);
    outcome.changed = formatted != src;
    if o.check {
        if outcome.changed {
            outcome.out = format!("{name}\n").into_bytes();
        }
    } else if o.diff {
        if outcome.changed {
            outcome.out = unified_diff(name, &src, &formatted).into_bytes();
        }
    } else if !o.write {
        outcome.out = formatted;
        outcome.failed = syntax_errors;
        return outcome;
    }
    if o.write && outcome.changed {
        if syntax_errors {
            outcome
                .err
                .push_str(&format!("hcl: {name} has syntax errors; it was not written\n"));
        } else if let Err(e) = write_atomically(Path::new(name), &formatted) {
            outcome.err.push_str(&format!("hcl: cannot write {name}: {e}\n"));
            outcome.failed = true;
        }
    }
    outcome.failed |= syntax_errors;
    outcome
}

fn unified_diff(name: &str, old: &[u8], new: &[u8]) -> String {
    let (old, new) = (String::from_utf8_lossy(old), String::from_utf8_lossy(new));
    similar::TextDiff::from_lines(old.as_ref(), new.as_ref())
        .unified_diff()
        .header(name, &format!("{name} (formatted)"))
        .to_string()
}

/// Replaces `path` with `text`: written to a temporary file beside it with
/// the same permissions, then renamed over it.
fn write_atomically(path: &Path, text: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let file_name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    let tmp = dir.join(format!(".{file_name}.hcl-fmt-{}", std::process::id()));
    let permissions = std::fs::metadata(path)?.permissions();
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text)?;
        f.sync_all()?;
        std::fs::set_permissions(&tmp, permissions)?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
