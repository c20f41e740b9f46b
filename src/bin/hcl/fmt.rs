//! `hcl fmt`: the reference's canonical layout (`hcl_native::format`),
//! printed, checked, shown as a diff or written back.

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Args;
use hcl_native::Arena;

use crate::check::{collect, parallel};
use crate::Found;

/// `hcl fmt [--check] [--diff] [--write] FILE|DIR|-...`, which takes
/// `terraform fmt`'s single-dash spellings too ([`terraform_spellings`]).
#[derive(Args)]
pub struct Options {
    /// Files and directories to format (`-` is stdin); a directory gives
    /// its `.hcl`, `.tf`, `.tfvars`, `.pkr.hcl` and `.nomad` files,
    /// recursively, hidden directories left out. Without any, stdin.
    paths: Vec<String>,
    /// Print the names of the files that would change, one a line, and
    /// exit 1 when there is one (with `--diff`, their diffs too).
    /// `-check` too.
    #[arg(long)]
    check: bool,
    /// Print a unified diff of each file that would change (exit 1 when
    /// there is one). `-diff` too.
    #[arg(long)]
    diff: bool,
    /// Write the formatted text back to each file that changes (atomically,
    /// keeping its permissions) and print its name; a file with syntax
    /// errors is left as it is. `-write=true` too (`-write=false` is the
    /// default: print, write nothing).
    #[arg(long, conflicts_with = "check")]
    write: bool,
    /// Accepted for `terraform fmt -recursive`: directories are always
    /// walked recursively.
    #[arg(long)]
    recursive: bool,
}

/// `terraform fmt`'s spellings of the options after `fmt` in `args` (the
/// program's name first), as `hcl fmt` spells them: `-check`, `-diff`,
/// `-recursive` and `-write=true` with two dashes, `-write=false` (the
/// default) and `-list=...` (`hcl fmt` lists only with `--write`) left
/// out. Arguments after `--` are paths and stay as they are.
pub fn terraform_spellings(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let Some(at) = subcommand(&args) else { return args };
    if args[at] == "tf" {
        return tf_spellings(args, at);
    }
    if args[at] != "fmt" {
        return args;
    }
    let mut out = Vec::with_capacity(args.len());
    let mut paths_only = false;
    for (i, arg) in args.into_iter().enumerate() {
        if i <= at || paths_only {
            out.push(arg);
            continue;
        }
        match arg.to_str() {
            Some("--") => {
                paths_only = true;
                out.push(arg);
            }
            Some("-check") => out.push("--check".into()),
            Some("-diff") => out.push("--diff".into()),
            Some("-recursive") => out.push("--recursive".into()),
            Some("-write" | "-write=true") => out.push("--write".into()),
            Some("-write=false" | "-list" | "-list=true" | "-list=false") => {}
            _ => out.push(arg),
        }
    }
    out
}

/// `terraform plan`'s spellings of the inputs for `hcl tf eval` and `hcl
/// tf check`: `-var NAME=VALUE`, `-var=NAME=VALUE`, `-var-file FILE` and
/// `-var-file=FILE` (before a `--`).
fn tf_spellings(args: Vec<std::ffi::OsString>, at: usize) -> Vec<std::ffi::OsString> {
    let mut out = Vec::with_capacity(args.len());
    let mut paths_only = false;
    for (i, arg) in args.into_iter().enumerate() {
        let text = arg.to_str().filter(|_| i > at && !paths_only);
        match text {
            Some("--") => {
                paths_only = true;
                out.push(arg);
            }
            Some(t) if t == "-var" || t == "-var-file" || t.starts_with("-var=") || t.starts_with("-var-file=") => {
                out.push(format!("-{t}").into());
            }
            _ => out.push(arg),
        }
    }
    out
}

/// Where the subcommand is in `args`: the first argument that is neither
/// an option nor the value of a global option given as `--name VALUE`.
fn subcommand(args: &[std::ffi::OsString]) -> Option<usize> {
    const VALUED: [&str; 7] = [
        "--max-depth",
        "--max-steps",
        "--max-number-bits",
        "--color",
        "--functions",
        "--base-dir",
        "--max-file-bytes",
    ];
    let mut i = 1;
    while let Some(arg) = args.get(i) {
        let text = arg.to_string_lossy();
        if !text.starts_with('-') || text == "-" {
            return Some(i);
        }
        i += if VALUED.contains(&text.as_ref()) { 2 } else { 1 };
    }
    None
}

/// Extensions of the files a directory walk picks up.
const EXTENSIONS: [&str; 5] = ["hcl", "tf", "tfvars", "pkr.hcl", "nomad"];

fn wanted(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    EXTENSIONS.iter().any(|e| name.ends_with(&format!(".{e}")))
}

/// What formatting one file gave.
struct Outcome {
    /// The file's name.
    name: String,
    /// To standard output.
    out: Vec<u8>,
    /// To standard error.
    err: String,
    /// What it found: syntax errors or a change `--check`/`--diff` report
    /// are problems, a file that cannot be read or written is unusable.
    found: Found,
}

pub fn run(o: &Options, settings: &crate::Settings) -> ExitCode {
    let stdin_only = o.paths.is_empty() || o.paths == ["-"];
    if stdin_only {
        if o.write {
            return crate::usage("--write needs file names (stdin has nowhere to be written back)");
        }
        let mut src = Vec::new();
        let read = std::io::stdin().read_to_end(&mut src).map(|_| src);
        return finish(&[one(o, "<stdin>", read.map_err(|e| e.to_string()), settings)], false);
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
    // several files formatted to stdout are told apart by a header each
    let headers = !(o.check || o.diff || o.write) && jobs.len() > 1;
    finish(&outcomes, headers)
}

/// Writes each outcome (with `headers`, its output after a line `==> NAME
/// <==`, blank lines between files, as `tail` names files) and exits with
/// the worst status found.
fn finish(outcomes: &[Outcome], headers: bool) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let mut written = Ok(());
    let mut first = true;
    for out in outcomes {
        let _ = stderr.write_all(out.err.as_bytes());
        if headers && out.found != Found::Unusable {
            let gap = if first { "" } else { "\n" };
            first = false;
            written = written.and_then(|()| writeln!(stdout, "{gap}==> {} <==", out.name));
        }
        written = written.and_then(|()| stdout.write_all(&out.out));
    }
    if let Err(e) = written.and_then(|()| stdout.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("hcl: cannot write the output: {e}");
    }
    outcomes.iter().map(|x| x.found).max().unwrap_or_default().status()
}

/// Formats one file's text.
fn one(o: &Options, name: &str, read: Result<Vec<u8>, String>, settings: &crate::Settings) -> Outcome {
    let mut outcome = Outcome {
        name: name.to_string(),
        out: Vec::new(),
        err: String::new(),
        found: Found::Nothing,
    };
    let src = match read {
        Ok(src) => src,
        Err(e) => {
            outcome.err = format!("{}\n", crate::report::cannot_read(name, e));
            outcome.found = Found::Unusable;
            return outcome;
        }
    };
    // the tree is dropped before formatting, which needs only the tokens:
    // the two are never held at once (the peak is the larger of them)
    let syntax_errors = {
        let arena = Arena::new();
        let parsed = hcl_native::parse_config_with(&arena, &src, &settings.parse);
        outcome.err = crate::report::rendered(name, &src, parsed.diagnostics.as_slice().to_vec(), settings);
        parsed.diagnostics.has_errors()
    };
    outcome.found = Found::errors(syntax_errors);
    let formatted = hcl_native::format::format(&src);
    let changed = formatted != src;
    if !(o.check || o.diff || o.write) {
        outcome.out = formatted;
        return outcome;
    }
    if !changed {
        return outcome;
    }
    if o.check {
        outcome.out.extend_from_slice(format!("{name}\n").as_bytes());
    }
    if o.diff {
        outcome
            .out
            .extend_from_slice(unified_diff(name, &src, &formatted).as_bytes());
    }
    if (o.check || o.diff) && !o.write {
        // a file that would change; `--write --diff` changed it
        outcome.found = Found::Problems.max(outcome.found);
    }
    if o.write {
        if syntax_errors {
            outcome
                .err
                .push_str(&format!("hcl: {name} has syntax errors; it was not written\n"));
        } else if let Err(e) = write_atomically(Path::new(name), &formatted) {
            outcome.err.push_str(&format!("hcl: cannot write {name}: {e}\n"));
            outcome.found = Found::Unusable;
        } else if !o.diff {
            // as `terraform fmt` lists the files it changed
            outcome.out.extend_from_slice(format!("{name}\n").as_bytes());
        }
    }
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
