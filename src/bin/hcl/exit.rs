//! The tool's exit statuses, in one place: 0 when all is well, 1 when the
//! input has problems (errors found, files that would change, missing
//! files), 2 when the command line is wrong or an input cannot be used at
//! all (as the reference's tools: usage errors, unreadable specs).

use std::process::ExitCode;

/// The input has problems: diagnostics with errors, or a check that found
/// something to change.
pub fn problems() -> ExitCode {
    ExitCode::from(1)
}

/// The command line is wrong, or an input cannot be used at all.
pub fn usage() -> ExitCode {
    ExitCode::from(2)
}
