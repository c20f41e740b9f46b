//! How every command reports, in one place (`docs/cli.md`): diagnostics
//! rendered on standard error in one order, at most [`MAX_RENDERED`] of
//! them; the tool's own messages as `hcl: MESSAGE`; and the exit status
//! that follows from what was found.

use hcl_native::Diagnostic;
use std::process::ExitCode;

/// The most diagnostics the human form renders for one file.
pub const MAX_RENDERED: usize = 100;

/// Puts diagnostics in the one order every command renders them in (and
/// `check --format json` lists them in): by file (in the order the files
/// first appear), then by position in the file. The sort is stable, so
/// diagnostics at one place keep the order they were found in. The parser
/// reports some errors after later ones (an unclosed block at the end of
/// the file), and evaluation comes after parsing: without this, each
/// command printed whatever order its passes gave.
///
/// Left in the order found: the JSON documents that mirror the reference
/// (`parse`, `eval`, `expr`, `template`, `variables` with `--format json`,
/// whose golden and differential tests compare the reference's order), and
/// `dec`, which is hcldec byte for byte.
pub fn in_order<D: std::borrow::Borrow<Diagnostic>>(ds: &mut [D]) {
    let mut files: Vec<Option<std::sync::Arc<str>>> = Vec::new();
    for d in ds.iter() {
        let file = d.borrow().file().cloned();
        if !files.contains(&file) {
            files.push(file);
        }
    }
    ds.sort_by_key(|d| {
        let d = d.borrow();
        (files.iter().position(|f| f.as_ref() == d.file()), d.subject().start)
    });
}

/// The diagnostics of the file `name` (source `src`) as they are written to
/// standard error: in the order of [`in_order`], at most [`MAX_RENDERED`],
/// then how many were left out; empty when there are none.
pub fn rendered(name: &str, src: &[u8], mut ds: Vec<Diagnostic>, settings: &crate::Settings) -> String {
    if ds.is_empty() {
        return String::new();
    }
    in_order(&mut ds);
    let shown = &ds[..ds.len().min(MAX_RENDERED)];
    let mut text = settings.render(name, src, shown);
    if ds.len() > shown.len() {
        text.push_str(&format!(
            "... and {} more diagnostics in {name} (--format json lists them all)\n\n",
            ds.len() - shown.len()
        ));
    }
    text
}

/// Writes the diagnostics of one file to standard error (see
/// [`rendered`]); whether one of them is an error.
pub fn diagnostics(name: &str, src: &[u8], ds: Vec<Diagnostic>, settings: &crate::Settings) -> bool {
    let errors = ds.iter().any(Diagnostic::is_error);
    eprint!("{}", rendered(name, src, ds, settings));
    errors
}

/// The tool's own message about a path it cannot read, in the one form
/// every command uses.
pub fn cannot_read(path: &str, reason: impl std::fmt::Display) -> String {
    format!("hcl: cannot read {path}: {reason}")
}

/// Writes text to standard output, saying so on standard error when that
/// fails for another reason than a closed pipe (`| head`).
pub fn to_stdout(text: &[u8]) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(text).and_then(|()| stdout.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("hcl: cannot write the output: {e}");
    }
}

/// What a run found, from which its exit status follows: the worst of
/// each file's.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub enum Found {
    /// Nothing wrong (warnings allowed): 0.
    #[default]
    Nothing,
    /// The input has errors (or `fmt --check` found a file to change): 1.
    Problems,
    /// An input could not be used at all (a path that cannot be read): 2.
    Unusable,
}

impl Found {
    /// `Problems` when `errors`, else `Nothing`.
    pub fn errors(errors: bool) -> Found {
        if errors {
            Found::Problems
        } else {
            Found::Nothing
        }
    }

    /// The exit status of `docs/cli.md`.
    pub fn status(self) -> ExitCode {
        match self {
            Found::Nothing => ExitCode::SUCCESS,
            Found::Problems => crate::exit::problems(),
            Found::Unusable => crate::exit::usage(),
        }
    }
}
